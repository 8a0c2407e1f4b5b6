// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * sym.c — the symbol table: interned modified-UTF-8 strings that live forever.
 *
 * Contract (see sym.h): the same bytes always intern to the same pointer, so symbols are
 * compared with ==. Symbols are never freed. Any thread may call any function at any time,
 * even before sym_init(): the table sets itself up on first use, because the class-file
 * parser (and its unit tests) intern names before the VM is booted.
 *
 * Layout. Each symbol is stored as a small header {hash, length} immediately followed by
 * its NUL-terminated bytes; the symbol pointer points at the bytes. Symbols are carved out
 * of large blocks, so interning costs no malloc in the common case.
 *
 * The table is open addressing with linear probing over an array of atomic pointers to
 * symbols, each tagged in its unused top 16 bits with the top 16 bits of the symbol's
 * hash, so that a probe passes over other symbols without reading them (a cache miss
 * each: at start-up, probing was a tenth of the VM's CPU time). Symbol storage is
 * chained block to block so that leak checkers, which cannot see through the tags, still
 * find it. The table starts large enough for the JDK's start-up (about 12000 symbols since
 * boot classes intern their constants on first use: classfile.h, cf_utf8), so booting never
 * rehashes, and no larger: its first touches are cache misses and page faults (65536
 * slots cost Hello 0.3-0.5 ms more in probe than 32768, by perf samples). Lookups take no lock: they load the current table (acquire) and
 * probe it, comparing the stored hash and length before the bytes. Insertions take the mutex,
 * re-probe the current table and publish the new symbol with a release store, after its
 * header and bytes are written. Growing copies every symbol into a table twice as large
 * and publishes it with a release store; the old array is kept (never freed) because a
 * lock-free reader may still be probing it. A reader that loaded the old array may miss
 * a symbol added after the switch; sym_intern then falls back to the locked path, which
 * always sees the current array, so interning stays exact. The retired arrays add up to
 * less than the live one.
 */
#include "sym.h"

#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "../os/os.h"
#include "vm.h"

Symbols sym;

/* Header in front of every symbol's bytes. */
typedef struct SymHeader {
    uint32_t hash;
    uint32_t len;
} SymHeader;

typedef struct SymTable {
    size_t mask;                  /* capacity - 1, capacity a power of two */
    struct SymTable *retired;     /* the table this one replaced, kept for late readers */
    _Atomic(uintptr_t) slot[];    /* tagged symbol pointers (slot_of), 0 = empty */
} SymTable;

#define INITIAL_CAPACITY 32768
#define BLOCK_SIZE (256 * 1024)

/* A slot holds the symbol's address (below 2^48 in user space) with the top 16 bits of
 * its hash above it. */
#define TAG_SHIFT 48
#define ADDR_MASK ((UINT64_C(1) << TAG_SHIFT) - 1)
static inline uintptr_t tag_of(uint32_t h) { return (uintptr_t)(h >> 16) << TAG_SHIFT; }
static inline const char *symbol_in(uintptr_t v) { return (const char *)(v & ADDR_MASK); }

static _Atomic(SymTable *) table;
static OsMutex lock;                 /* guards insertion, growth and the block allocator */
static size_t count;                 /* symbols in the table, under lock */
static char *block_next, *block_end; /* bump allocator for symbol storage, under lock */
static void *storage;                /* the last block or huge symbol; each links the one before */

/* 0 = not set up, 1 = being set up by some thread, 2 = ready. */
static _Atomic int state;

static inline const SymHeader *header_of(const char *s)
{
    return (const SymHeader *)(const void *)(s - sizeof(SymHeader));
}

/*
 * A fast word-at-a-time hash (multiply-xorshift mixing). Quality matters only as far as
 * keeping probe sequences short; it need not be cryptographic (symbol text comes from
 * class files, but a flood of colliding names only slows loading down).
 */
static uint32_t hash_bytes(const char *s, size_t len)
{
    uint64_t h = 0x9E3779B97F4A7C15ull ^ (len * 0xFF51AFD7ED558CCDull);
    while (len >= 8) {
        uint64_t w;
        memcpy(&w, s, 8);
        h = (h ^ w) * 0xC4CEB9FE1A85EC53ull;
        h ^= h >> 29;
        s += 8;
        len -= 8;
    }
    if (len > 0) {
        uint64_t w = 0;
        memcpy(&w, s, len);
        h = (h ^ w) * 0xC4CEB9FE1A85EC53ull;
    }
    h ^= h >> 32;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 29;
    return (uint32_t)h;
}

static SymTable *table_new(size_t capacity)
{
    SymTable *t = vm_calloc(1, sizeof(SymTable) + capacity * sizeof(t->slot[0]));
    t->mask = capacity - 1;
    return t;
}

static void ensure_init(void)
{
    if (likely(atomic_load_explicit(&state, memory_order_acquire) == 2)) return;
    int expected = 0;
    if (atomic_compare_exchange_strong(&state, &expected, 1)) {
        os_mutex_init(&lock);
        atomic_store_explicit(&table, table_new(INITIAL_CAPACITY), memory_order_relaxed);
        atomic_store_explicit(&state, 2, memory_order_release);
        return;
    }
    /* Another thread is setting up: it only allocates, so this wait is short. */
    while (atomic_load_explicit(&state, memory_order_acquire) != 2) os_thread_yield();
}

/* Probes t for the bytes; returns the symbol or NULL. Safe without the lock. */
static const char *probe(SymTable *t, const char *s, size_t len, uint32_t h)
{
    const uintptr_t tag = tag_of(h);
    for (size_t i = h & t->mask;; i = (i + 1) & t->mask) {
        const uintptr_t v = atomic_load_explicit(&t->slot[i], memory_order_acquire);
        if (v == 0) return NULL;
        if ((v & ~ADDR_MASK) != tag) continue;
        const char *e = symbol_in(v);
        const SymHeader *eh = header_of(e);
        if (eh->hash == h && eh->len == len && memcmp(e, s, len) == 0) return e;
    }
}

/* A new piece of symbol storage of n bytes after its link word. Caller holds the lock. */
static char *storage_new(size_t n)
{
    void **b = vm_malloc(sizeof(SymHeader) + n);
    _Static_assert(sizeof(void *) <= sizeof(SymHeader), "link word fits the alignment unit");
    b[0] = storage;
    storage = b;
    char *p = (char *)b + sizeof(SymHeader);
    if (((uintptr_t)p + n - 1) & ~ADDR_MASK) panic("symbol storage above 2^%d", TAG_SHIFT);
    return p;
}

/* Copies the bytes into symbol storage. Caller holds the lock. */
static const char *store(const char *s, size_t len, uint32_t h)
{
    size_t need = ALIGN_UP(sizeof(SymHeader) + len + 1, sizeof(SymHeader));
    if ((size_t)(block_end - block_next) < need) {
        if (need > BLOCK_SIZE / 4) {
            /* A huge symbol (a long string literal) gets its own allocation. */
            char *p = storage_new(need);
            SymHeader *hd = (SymHeader *)(void *)p;
            hd->hash = h;
            hd->len = (uint32_t)len;
            memcpy(p + sizeof(SymHeader), s, len);
            p[sizeof(SymHeader) + len] = '\0';
            return p + sizeof(SymHeader);
        }
        block_next = storage_new(BLOCK_SIZE);
        block_end = block_next + BLOCK_SIZE;
    }
    char *p = block_next;
    block_next += need;
    SymHeader *hd = (SymHeader *)(void *)p;
    hd->hash = h;
    hd->len = (uint32_t)len;
    memcpy(p + sizeof(SymHeader), s, len);
    p[sizeof(SymHeader) + len] = '\0';
    return p + sizeof(SymHeader);
}

/* Inserts a symbol known to be absent into t. Caller holds the lock. */
static void place(SymTable *t, const char *e)
{
    const uint32_t h = header_of(e)->hash;
    size_t i = h & t->mask;
    while (atomic_load_explicit(&t->slot[i], memory_order_relaxed) != 0) i = (i + 1) & t->mask;
    atomic_store_explicit(&t->slot[i], (uintptr_t)e | tag_of(h), memory_order_release);
}

/* Doubles the table. Caller holds the lock. The old array stays valid for readers. */
static SymTable *grow(SymTable *old)
{
    SymTable *t = table_new((old->mask + 1) * 2);
    t->retired = old; /* also keeps it reachable for leak checkers */
    for (size_t i = 0; i <= old->mask; i++) {
        const uintptr_t v = atomic_load_explicit(&old->slot[i], memory_order_relaxed);
        if (v != 0) place(t, symbol_in(v));
    }
    atomic_store_explicit(&table, t, memory_order_release);
    return t;
}

const char *sym_lookup(const char *s, size_t len)
{
    ensure_init();
    return probe(atomic_load_explicit(&table, memory_order_acquire), s, len, hash_bytes(s, len));
}

static const char *intern_hashed(const char *s, size_t len, uint32_t h);

/* The symbol for the bytes, added if absent. Caller holds the lock. */
static const char *insert_locked(const char *s, size_t len, uint32_t h)
{
    SymTable *t = atomic_load_explicit(&table, memory_order_relaxed);
    const char *e = probe(t, s, len, h);
    if (e == NULL) {
        /* Keep the load factor under 1/2 so probe runs stay short. */
        if ((count + 1) * 2 > t->mask + 1) t = grow(t);
        e = store(s, len, h);
        place(t, e);
        count++;
    }
    return e;
}

void sym_intern_batch(SymBatchItem *items, size_t n)
{
    ensure_init();
    SymTable *t = atomic_load_explicit(&table, memory_order_acquire);
    for (size_t i = 0; i < n; i++) {
        const uint32_t h = items[i].hash = hash_bytes(items[i].s, items[i].len);
        __builtin_prefetch((const void *)&t->slot[h & t->mask]);
    }
    for (size_t i = 0; i < n; i++) {
        const uint32_t h = items[i].hash;
        const uintptr_t v = atomic_load_explicit(&t->slot[h & t->mask], memory_order_relaxed);
        if (v != 0 && (v & ~ADDR_MASK) == tag_of(h)) __builtin_prefetch(header_of(symbol_in(v)));
    }
    /* Lock-free lookups first; the new symbols under one lock acquisition. */
    size_t missing = 0;
    for (size_t i = 0; i < n; i++) {
        items[i].sym = probe(t, items[i].s, items[i].len, items[i].hash);
        missing += items[i].sym == NULL;
    }
    if (missing == 0) return;
    os_mutex_lock(&lock);
    for (size_t i = 0; i < n; i++)
        if (items[i].sym == NULL) items[i].sym = insert_locked(items[i].s, items[i].len, items[i].hash);
    os_mutex_unlock(&lock);
}

const char *sym_intern_len(const char *s, size_t len)
{
    ensure_init();
    if (unlikely(len > UINT32_MAX)) panic("symbol of %zu bytes", len);
    return intern_hashed(s, len, hash_bytes(s, len));
}

/* sym_intern_len with the hash known; the table is set up. */
static const char *intern_hashed(const char *s, size_t len, uint32_t h)
{
    const char *e = probe(atomic_load_explicit(&table, memory_order_acquire), s, len, h);
    if (likely(e != NULL)) return e;

    os_mutex_lock(&lock);
    e = insert_locked(s, len, h);
    os_mutex_unlock(&lock);
    return e;
}

const char *sym_intern(const char *s) { return sym_intern_len(s, strlen(s)); }

size_t sym_for_each(void (*fn)(const char *s, size_t len, size_t home, void *arg), void *arg)
{
    ensure_init();
    os_mutex_lock(&lock);
    SymTable *t = atomic_load_explicit(&table, memory_order_relaxed);
    for (size_t i = 0; i <= t->mask; i++) {
        const uintptr_t v = atomic_load_explicit(&t->slot[i], memory_order_relaxed);
        if (v == 0) continue;
        const char *e = symbol_in(v);
        fn(e, header_of(e)->len, header_of(e)->hash & t->mask, arg);
    }
    size_t capacity = t->mask + 1;
    os_mutex_unlock(&lock);
    return capacity;
}

void sym_init(void)
{
#define X(id, text) sym.id = sym_intern(text);
    SYMBOL_LIST(X)
#undef X
}
