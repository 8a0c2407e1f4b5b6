// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * heap.c — the Java heap: address space, blocks, size classes and allocation.
 * The collector (marking, java.lang.ref processing, sweeping) is in gc.c; both share the
 * private state in heapint.h. The contract is heap.h; the overview docs/design.md.
 *
 * Address space. heap_init reserves one range of -Xmx bytes (rounded up to 64 KiB
 * blocks) and commits blocks on demand. Blocks are described in a side table
 * (heap.blocks), so a block holds nothing but objects. A block is
 *   - uncommitted or free (both "available", one bit each in heap.avail);
 *   - small: cells of a single size class, cell i at block start + i * size;
 *   - part of a large object: objects above SMALL_MAX (8 KiB) take a run of whole blocks,
 *     found first-fit (lowest address) over the available-block bitmap; freed runs merge
 *     with their neighbours by construction because availability is one bit per block.
 * Blocks that stay free for IDLE_COLLECTIONS collections while more is committed than the
 * next budget needs are decommitted (returned to the OS).
 *
 * Size classes (heap_class_size): 16..128 in steps of 8 (most Java objects), then four
 * classes per power of two up to 4 KiB (12.5-25 % apart), then 4680, 5456, 6552, 7280,
 * 8192 — sizes that divide 64 KiB almost exactly so no block wastes more than ~2.5 %.
 *
 * Side bitmaps (one bit per 8 bytes, interleaved in heap.bits): the alloc bitmap marks
 * the start of every allocated object, the mark bitmap is the collector's. They make
 * heap_object_containing O(1) and safe on any value (range check, block kind, cell index
 * by multiplication, alloc bit), which is what conservative stack scanning with interior
 * pointers needs.
 *
 * Allocation. Each thread keeps a private free list per size class in Thread.tlab (cells
 * on it are *not* marked allocated). The fast path pops a cell, sets its alloc bit, zeroes
 * it and returns — no lock, no atomic. The slow path refills the list with every free cell
 * of one block: a swept block from the class's pool, else an available block. Large
 * objects take the heap lock, reserve a run and zero it unless it is fresh from the OS.
 *
 * Budget policy. A collection starts when the bytes handed out since the last one (whole
 * refilled free lists and large runs, counted at the slow path) would exceed `budget`:
 *
 *     budget = min(max(live_after_last_gc, floor), max_heap - live_after_last_gc)
 *     floor  = max(-Xms, 8 MiB)
 *
 * so a program's heap settles near twice its live data (at least floor + live), never
 * more than -Xmx. The first refill after a collection is always allowed, so a budget
 * smaller than one block cannot loop. When no block is left at all, the allocation
 * collects (cause "Allocation Failure"), then runs a last-ditch collection that also
 * clears soft references, then throws OutOfMemoryError("Java heap space").
 *
 * Locking. heap.lock guards blocks, pools and accounting. It is taken only for short
 * sections that neither block nor poll for safepoints, by threads in TS_JAVA (allocation)
 * or by the collector at its safepoint. A thread that waits for it while another thread
 * starts a safepoint gets it as soon as the holder's short section ends and then reaches
 * its next poll, so the safepoint cannot deadlock on it; the collector itself never holds
 * it across thread_safepoint_begin. Concurrent collections are serialized in gc.c.
 *
 * Testing aids. GLASS_GC_STRESS=N (environment, read at heap_init) runs a collection every
 * N allocations: every allocation then takes the locked one-cell path so it can be
 * counted. GLASS_SANITIZE builds poison free heap memory for ASan (heapint.h).
 */
#include "heap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../os/os.h"
#include "exception.h"
#include "heapint.h"
#include "log.h"
#include "thread.h"
#include "../jvmti/jvmti_vm.h" /* event hooks */

Heap heap;

const uint32_t heap_class_size[HEAP_SIZE_CLASSES] = {
    16,   24,   32,   40,   48,   56,   64,   72,   80,   88,   96,   104,  112,  120,
    128,  160,  192,  224,  256,  320,  384,  448,  512,  640,  768,  896,  1024, 1280,
    1536, 1792, 2048, 2560, 3072, 3584, 4096, 4680, 5456, 6552, 7280, 8192,
};
uint32_t heap_class_magic[HEAP_SIZE_CLASSES];
static uint32_t class_cells[HEAP_SIZE_CLASSES];
/* size_to_class[(size + 7) >> 3] for size <= SMALL_MAX */
static uint8_t size_to_class[(SMALL_MAX >> 3) + 1];

#define MIN_BUDGET ((size_t)8 << 20)
#define IDLE_COLLECTIONS 2
#define MIN_HEAP_BLOCKS 16

void (*heap_oom_handler)(Thread *t);
void (*heap_oom_report_hook)(Thread *t, const char *message);

/* Nesting of OutOfMemoryError construction on this thread (see fail_oom). */
static _Thread_local int oom_nesting;

/* ---------------------------------------------------------------------------------- */
/* Initialization                                                                      */

bool heap_init(const HeapConfig *cfg)
{
    size_t max = cfg->max ? cfg->max : (size_t)256 << 20;
    if (max > (size_t)1 << 40) max = (size_t)1 << 40; /* 1 TiB: side tables stay modest */
    max = ALIGN_UP(max, BLOCK_SIZE);
    if (max < MIN_HEAP_BLOCKS * BLOCK_SIZE) max = MIN_HEAP_BLOCKS * BLOCK_SIZE;

    heap.page_size = os_page_size();
    void *base = os_reserve(max);
    if (base == NULL) {
        fprintf(stderr, "Error occurred during initialization of VM\n"
                        "Could not reserve enough space for %zuKB object heap\n", max >> 10);
        return false;
    }
    heap.base = (uintptr_t)base;
    heap.size = max;
    heap.nblocks = (uint32_t)(max >> BLOCK_SHIFT);

    heap.bitmap_bytes = ALIGN_UP(max >> (GRANULE_SHIFT + 2), heap.page_size);
    heap.bits = os_reserve(heap.bitmap_bytes);
    if (heap.bits == NULL) {
        fprintf(stderr, "Error occurred during initialization of VM\n"
                        "Could not reserve space for the heap bitmaps\n");
        return false;
    }
    heap.bitmap_page_committed = vm_calloc(heap.bitmap_bytes / heap.page_size, 1);

    /* Zeroed tables: every block uncommitted and clean. Only the part below heap.top is
     * ever walked, so a large -Xmx costs address space, not time. */
    heap.blocks = vm_calloc(heap.nblocks, sizeof(Block));
    heap.avail_words = (heap.nblocks + 63) / 64;
    heap.avail = vm_calloc(heap.avail_words, sizeof(uint64_t));
    memset(heap.avail, 0xff, (heap.nblocks / 64) * sizeof(uint64_t));
    if (heap.nblocks % 64) heap.avail[heap.nblocks / 64] = ((uint64_t)1 << (heap.nblocks % 64)) - 1;

    for (unsigned sc = 0, s = 0; s <= SMALL_MAX >> 3; s++) {
        while (heap_class_size[sc] < (s << 3)) sc++;
        size_to_class[s] = (uint8_t)sc;
    }
    for (unsigned sc = 0; sc < HEAP_SIZE_CLASSES; sc++) {
        uint32_t sz = heap_class_size[sc];
        heap_class_magic[sc] = (uint32_t)((((uint64_t)1 << 32) + sz - 1) / sz);
        class_cells[sc] = (uint32_t)(BLOCK_SIZE / sz);
    }

    size_t floor = cfg->initial > MIN_BUDGET ? cfg->initial : MIN_BUDGET;
    heap.floor = floor;
    heap.budget = floor < max ? floor : max;

    os_mutex_init(&heap.lock);
    heap.start_ns = os_nanotime();
    atomic_store(&heap.last_gc_end_ns, heap.start_ns);

    const char *stress = os_getenv("GLASS_GC_STRESS");
    if (stress != NULL && *stress) {
        long long n = strtoll(stress, NULL, 10);
        heap.stress = n > 0 ? n : 1;
        atomic_store(&heap.stress_left, heap.stress);
    }
    gc_init();

    log_debug(gc_heap, "Minimum heap %zu  Initial heap %zu  Maximum heap %zu", MIN_BUDGET, heap.budget, heap.size);
    log_info(gc, "Using GlassVM Mark-Sweep");
    /* HotSpot's gc+init lines where our collector has the same notion. */
    if (log_is_enabled(LOG_INFO, gc_init)) {
        log_print(LOG_INFO, LOG_TS_gc_init, "Version: %s (release)", cfg->vm_version ? cfg->vm_version : "");
        log_print(LOG_INFO, LOG_TS_gc_init, "CPUs: %d total, %d available", os_processor_count_configured(),
                  os_processor_count());
        log_print(LOG_INFO, LOG_TS_gc_init, "Memory: %lluM", (unsigned long long)(os_physical_memory() >> 20));
        log_print(LOG_INFO, LOG_TS_gc_init, "Heap Min Capacity: %zuM", MIN_BUDGET >> 20);
        log_print(LOG_INFO, LOG_TS_gc_init, "Heap Initial Capacity: %zuM", heap.budget >> 20);
        log_print(LOG_INFO, LOG_TS_gc_init, "Heap Max Capacity: %zuM", heap.size >> 20);
    }
    return true;
}

/* ---------------------------------------------------------------------------------- */
/* Available blocks                                                                    */

/* First block index >= from whose avail bit is `want`, or heap.nblocks. */
static uint32_t avail_scan(uint32_t from, bool want)
{
    size_t w = from >> 6;
    if (w >= heap.avail_words) return heap.nblocks;
    uint64_t x = want ? heap.avail[w] : ~heap.avail[w];
    x &= ~(uint64_t)0 << (from & 63);
    while (x == 0) {
        if (++w >= heap.avail_words) return heap.nblocks;
        x = want ? heap.avail[w] : ~heap.avail[w];
    }
    size_t i = (w << 6) + (size_t)__builtin_ctzll(x);
    return i < heap.nblocks ? (uint32_t)i : heap.nblocks;
}

/* First-fit search for n consecutive available blocks. */
static bool find_run(uint32_t n, uint32_t *out)
{
    uint32_t i = avail_scan(heap.avail_hint, true);
    heap.avail_hint = i;
    while (i < heap.nblocks && heap.nblocks - i >= n) {
        if (n == 1) {
            *out = i;
            return true;
        }
        uint32_t end = avail_scan(i, false);
        if (end - i >= n) {
            *out = i;
            return true;
        }
        i = avail_scan(end, true);
    }
    return false;
}

/* Commits the bitmap pages describing blocks [first, first + n). */
static bool commit_bitmaps(uint32_t first, uint32_t n)
{
    size_t lo = (size_t)first * BLOCK_BITMAP_WORDS * 16;
    size_t hi = (size_t)(first + n) * BLOCK_BITMAP_WORDS * 16;
    for (size_t pg = lo / heap.page_size; pg * heap.page_size < hi; pg++) {
        if (heap.bitmap_page_committed[pg]) continue;
        if (!os_commit((char *)heap.bits + pg * heap.page_size, heap.page_size)) return false;
        heap.bitmap_page_committed[pg] = 1;
    }
    return true;
}

/*
 * Takes n consecutive available blocks (first-fit), committing those that need it.
 * Returns false if there is no such run or the OS refuses memory. heap.lock held.
 */
static bool take_blocks(uint32_t n, uint32_t *out)
{
    uint32_t first;
    if (!find_run(n, &first)) return false;
    if (!commit_bitmaps(first, n)) return false;
    for (uint32_t i = first; i < first + n;) {
        if (heap.blocks[i].kind != BK_UNCOMMITTED) {
            i++;
            continue;
        }
        uint32_t j = i;
        while (j < first + n && heap.blocks[j].kind == BK_UNCOMMITTED) j++;
        if (!os_commit((void *)block_addr(i), (size_t)(j - i) << BLOCK_SHIFT)) return false;
        for (uint32_t k = i; k < j; k++) heap.blocks[k].kind = BK_FREE;
        heap.committed += (size_t)(j - i) << BLOCK_SHIFT;
        i = j;
    }
    for (uint32_t i = first; i < first + n; i++) bit_clear(heap.avail, i);
    if (first + n > heap.top) heap.top = first + n;
    *out = first;
    return true;
}

void heap_blocks_release(uint32_t first, uint32_t n)
{
    for (uint32_t i = first; i < first + n; i++) {
        Block *b = &heap.blocks[i];
        b->kind = BK_FREE;
        b->dirty = true;
        b->next = 0;
        b->live = 0;
        b->run = 0;
        b->obj_size = 0;
        b->free_epoch = atomic_load_explicit(&heap.gc_count, memory_order_relaxed);
        bit_set(heap.avail, i);
    }
    HEAP_POISON((void *)block_addr(first), (size_t)n << BLOCK_SHIFT);
    if (first < heap.avail_hint) heap.avail_hint = first;
}

void heap_pools_reset(void)
{
    memset(heap.pool, 0, sizeof heap.pool);
}

void heap_pool_push(uint32_t bi)
{
    Block *b = &heap.blocks[bi];
    b->next = heap.pool[b->sc];
    heap.pool[b->sc] = bi + 1;
}

void heap_update_budget(void)
{
    size_t live = heap.live_after;
    size_t budget = live > heap.floor ? live : heap.floor;
    size_t room = heap.size > live ? heap.size - live : 0;
    heap.budget = budget < room ? budget : room;
}

static bool idle_block(uint32_t i, uint64_t epoch)
{
    const Block *b = &heap.blocks[i];
    return b->kind == BK_FREE && b->free_epoch + IDLE_COLLECTIONS <= epoch;
}

void heap_decommit_idle(void)
{
    uint64_t epoch = atomic_load_explicit(&heap.gc_count, memory_order_relaxed);
    size_t target = heap.live_after + heap.budget;
    size_t excess = heap.committed > target ? heap.committed - target : 0;
    /* Highest blocks first: allocation is first-fit from the bottom, so the top of the
     * heap is what idles. Contiguous idle blocks go back in one call. */
    uint32_t i = heap.top;
    while (i > 0 && excess >= BLOCK_SIZE) {
        i--;
        if (!idle_block(i, epoch)) continue;
        uint32_t lo = i;
        size_t n = 1;
        while (lo > 0 && (n + 1) * BLOCK_SIZE <= excess && idle_block(lo - 1, epoch)) {
            lo--;
            n++;
        }
        os_decommit((void *)block_addr(lo), n << BLOCK_SHIFT);
        for (uint32_t k = lo; k <= i; k++) heap.blocks[k].kind = BK_UNCOMMITTED;
        heap.committed -= n << BLOCK_SHIFT;
        excess -= n << BLOCK_SHIFT;
        i = lo;
    }
    while (heap.top > 0 && heap.blocks[heap.top - 1].kind == BK_UNCOMMITTED) heap.top--;
}

/* ---------------------------------------------------------------------------------- */
/* Allocation                                                                          */

/* heap.lock held: would handing out `bytes` more exceed the budget? The first hand-out
 * after a collection is always allowed. */
static bool over_budget(size_t bytes)
{
    return heap.alloc_since != 0 && heap.alloc_since + bytes > heap.budget &&
           atomic_load_explicit(&heap.gc_disabled, memory_order_relaxed) == 0;
}

typedef enum Refill { REFILL_OK, REFILL_COLLECT, REFILL_FULL } Refill;

/* heap.lock held: a block with free cells of class sc (from the pool or a fresh one), no
 * longer in any pool. */
static Refill take_small_block(unsigned sc, uint32_t *out)
{
    uint32_t sz = heap_class_size[sc];
    if (heap.pool[sc] != 0) {
        uint32_t bi = heap.pool[sc] - 1;
        Block *b = &heap.blocks[bi];
        if (over_budget((size_t)(class_cells[sc] - b->live) * sz)) return REFILL_COLLECT;
        heap.pool[sc] = b->next;
        b->next = 0;
        *out = bi;
        return REFILL_OK;
    }
    if (over_budget((size_t)class_cells[sc] * sz)) return REFILL_COLLECT;
    uint32_t bi;
    if (!take_blocks(1, &bi)) return REFILL_FULL;
    Block *b = &heap.blocks[bi];
    b->kind = BK_SMALL;
    b->sc = (uint8_t)sc;
    b->live = 0;
    b->next = 0;
    b->dirty = true;
    *out = bi;
    return REFILL_OK;
}

/*
 * Threads the free cells of the next page's worth (at least one cell) of t's unthreaded
 * rest of class sc onto its free list, in address order, until the list has a cell or the
 * rest is used up. Returns whether the list has a cell. Threading a whole block at once
 * wrote into all its 16 pages, most of which a short program never uses: at start-up
 * that was a third of the Java heap's page faults.
 */
static bool thread_rest(Thread *t, unsigned sc)
{
    const uint32_t sz = heap_class_size[sc];
    const uint32_t chunk = sz >= 4096 ? 1 : 4096 / sz;
    while (t->tlab.free[sc] == NULL && t->tlab.rest[sc] < t->tlab.rest_end[sc]) {
        const uintptr_t from = t->tlab.rest[sc], end = t->tlab.rest_end[sc];
        const uint32_t bi = (uint32_t)((from - heap.base) >> BLOCK_SHIFT);
        const uintptr_t start = block_addr(bi);
        const uint64_t *bits = block_bits(bi);
        const uint32_t first = (uint32_t)((from - start) / sz);
        uint32_t stop = first + chunk;
        if ((uintptr_t)stop * sz > end - start) stop = (uint32_t)((end - start) / sz);
        void *head = NULL;
        for (uint32_t i = stop; i-- > first;) {
            uint32_t g = (i * sz) >> GRANULE_SHIFT;
            if ((bits[(g >> 6) << 1] >> (g & 63)) & 1) continue;
            void **cell = (void **)(start + (uintptr_t)i * sz);
            HEAP_POISON(cell, sz);
            HEAP_UNPOISON(cell, sizeof(void *));
            *cell = head;
            head = cell;
        }
        t->tlab.free[sc] = head;
        t->tlab.rest[sc] = start + (uintptr_t)stop * sz;
    }
    return t->tlab.free[sc] != NULL;
}

/* Gives thread t every free cell of one block of class sc: its free list (a page's worth)
 * and its unthreaded rest. */
static Refill refill(Thread *t, unsigned sc, uint64_t *seen)
{
    os_mutex_lock(&heap.lock);
    *seen = atomic_load_explicit(&heap.gc_count, memory_order_relaxed);
    uint32_t bi;
    Refill r = take_small_block(sc, &bi);
    if (r != REFILL_OK) {
        os_mutex_unlock(&heap.lock);
        return r;
    }
    Block *b = &heap.blocks[bi];
    uint32_t sz = heap_class_size[sc], cells = class_cells[sc];
    heap.alloc_since += (size_t)(cells - b->live) * sz;
    os_mutex_unlock(&heap.lock);

    /* The block now belongs to t alone (it is in no pool until the next sweep), so its
     * free list is built outside the lock, in address order. */
    t->tlab.rest[sc] = block_addr(bi);
    t->tlab.rest_end[sc] = block_addr(bi) + (uintptr_t)cells * sz;
    t->tlab.free[sc] = NULL;
    thread_rest(t, sc);
    return REFILL_OK;
}

/* Stress mode: one cell at a time under the lock, so every allocation comes through the
 * slow path and can be counted. */
static Refill alloc_one_locked(unsigned sc, void **out, uint64_t *seen)
{
    os_mutex_lock(&heap.lock);
    *seen = atomic_load_explicit(&heap.gc_count, memory_order_relaxed);
    uint32_t bi;
    Refill r = take_small_block(sc, &bi);
    if (r == REFILL_OK) {
        Block *b = &heap.blocks[bi];
        uint32_t sz = heap_class_size[sc];
        uint64_t *bits = block_bits(bi);
        for (uint32_t i = 0; i < class_cells[sc]; i++) {
            uint32_t g = (i * sz) >> GRANULE_SHIFT;
            if ((bits[(g >> 6) << 1] >> (g & 63)) & 1) continue;
            bits[(g >> 6) << 1] |= (uint64_t)1 << (g & 63);
            *out = (void *)(block_addr(bi) + (uintptr_t)i * sz);
            HEAP_UNPOISON(*out, sz);
            break;
        }
        if (++b->live < class_cells[sc]) heap_pool_push(bi);
        heap.alloc_since += sz;
    }
    os_mutex_unlock(&heap.lock);
    return r;
}

/* Reports heap exhaustion: OutOfMemoryError pending, NULL returned. Creating the error may
 * allocate; a failure inside that does not recurse (exc_throw_oom falls back to its
 * preallocated instance). */
static void *fail_oom(Thread *t)
{
    if (oom_nesting == 0) {
        oom_nesting++;
        if (heap_oom_report_hook != NULL) heap_oom_report_hook(t, "Java heap space"); /* first, as HotSpot */
        if (unlikely(jvmti_want(JVMTI_EVENT_RESOURCE_EXHAUSTED)))
            jvmti_post_resource_exhausted(t, JVMTI_RESOURCE_EXHAUSTED_OOM_ERROR | JVMTI_RESOURCE_EXHAUSTED_JAVA_HEAP,
                                          "Java heap space");
        if (heap_oom_handler != NULL) heap_oom_handler(t);
        else exc_throw_oom(t);
        oom_nesting--;
    }
    return NULL;
}

/* After an allocation found no room: collect (first normally, then last-ditch) and ask the
 * caller to retry; false when out of options. */
static bool recover(Thread *t, int *attempt, uint64_t seen)
{
    if (oom_nesting != 0) return false;
    switch ((*attempt)++) {
    case 0: gc_collect(t, GC_ALLOCATION, seen); return true;
    case 1: gc_collect(t, GC_LAST_DITCH, seen); return true;
    default: return false;
    }
}

/* Stress mode (GLASS_GC_STRESS=N): a collection every N allocations. */
static void stress_tick(Thread *t)
{
    if (atomic_fetch_sub(&heap.stress_left, 1) > 1) return;
    atomic_store(&heap.stress_left, heap.stress);
    gc_collect(t, GC_ALLOCATION, atomic_load(&heap.gc_count));
}

/* Zeroes n bytes (a multiple of 8, at least 16). Most objects are a few words, where
 * memset's (or rep stos's) start-up cost dominates: plain 16-byte stores instead. The
 * empty asm keeps GCC from turning the loop back into a memset call. */
static inline void zero_cell(void *p, size_t n)
{
    if (n > 256) {
        memset(p, 0, n);
        return;
    }
    uint64_t *w = p, *end = (uint64_t *)((char *)p + n);
    do {
        w[0] = 0;
        w[1] = 0;
        w += 2;
        __asm__("" : "+r"(w));
    } while (w + 2 <= end);
    if (w < end) *w = 0;
}

static void *alloc_large(Thread *t, size_t size)
{
    size = ALIGN_UP(size, 8);
    if (size > heap.size) return fail_oom(t);
    uint32_t n = (uint32_t)((size + BLOCK_SIZE - 1) >> BLOCK_SHIFT);
    size_t bytes = (size_t)n << BLOCK_SHIFT;
    if (heap.stress) stress_tick(t);
    for (int attempt = 0;;) {
        os_mutex_lock(&heap.lock);
        uint64_t seen = atomic_load_explicit(&heap.gc_count, memory_order_relaxed);
        if (over_budget(bytes)) {
            os_mutex_unlock(&heap.lock);
            gc_collect(t, GC_ALLOCATION, seen);
            continue;
        }
        uint32_t bi;
        if (take_blocks(n, &bi)) {
            bool dirty = false;
            for (uint32_t i = bi; i < bi + n; i++) {
                Block *b = &heap.blocks[i];
                dirty |= b->dirty;
                b->dirty = true;
                b->kind = i == bi ? BK_LARGE : BK_LARGE_CONT;
                b->run = i == bi ? n : bi;
            }
            heap.blocks[bi].obj_size = size;
            heap.alloc_since += bytes;
            os_mutex_unlock(&heap.lock);
            /* The run is ours: no other thread allocates in it and no collection can start
             * before this thread polls, so zeroing happens outside the lock and the object
             * becomes visible (alloc bit) only once it is clean. */
            void *p = (void *)block_addr(bi);
            HEAP_UNPOISON(p, size);
            if (dirty) memset(p, 0, size);
            size_t g = granule_of((uintptr_t)p);
            *alloc_word(g) |= granule_bit(g);
            t->tlab.allocated += size;
            return p;
        }
        os_mutex_unlock(&heap.lock);
        if (!recover(t, &attempt, seen)) return fail_oom(t);
    }
}

size_t heap_cell_size(size_t size)
{
    if (size > SMALL_MAX) return ALIGN_UP(size, 8);
    return heap_class_size[size_to_class[(size + 7) >> 3]];
}

static __attribute__((noinline)) void *alloc_slow(Thread *t, size_t size)
{
    if (unlikely(heap.in_gc)) panic("heap_alloc during a collection");
    if (size > SMALL_MAX) {
        thread_poll(t);
        return alloc_large(t, size);
    }
    unsigned sc = size_to_class[(size + 7) >> 3];
    thread_poll(t);
    if (heap.stress) stress_tick(t);
    for (int attempt = 0;;) {
        uint64_t seen = 0;
        void *cell = NULL;
        Refill r = !heap.stress && thread_rest(t, sc) ? REFILL_OK
                   : heap.stress                      ? alloc_one_locked(sc, &cell, &seen)
                                                      : refill(t, sc, &seen);
        if (r == REFILL_OK) {
            if (cell == NULL) {
                void **c = t->tlab.free[sc];
                t->tlab.free[sc] = *c;
                HEAP_UNPOISON(c, heap_class_size[sc]);
                size_t g = granule_of((uintptr_t)c);
                *alloc_word(g) |= granule_bit(g);
                cell = c;
            }
            size_t n = ALIGN_UP(size, 8);
            zero_cell(cell, n);
            t->tlab.allocated += heap_class_size[sc];
            return cell;
        }
        if (r == REFILL_COLLECT) gc_collect(t, GC_ALLOCATION, seen);
        else if (!recover(t, &attempt, seen)) return fail_oom(t);
    }
}

/* The fast path: the thread's own free list for the size class. */
static inline __attribute__((always_inline)) void *alloc_fast(Thread *t, size_t size)
{
    if (likely(size <= SMALL_MAX)) {
        unsigned sc = size_to_class[(size + 7) >> 3];
        void **cell = t->tlab.free[sc];
        if (likely(cell != NULL)) {
            t->tlab.free[sc] = *cell;
            HEAP_UNPOISON(cell, heap_class_size[sc]);
            size_t g = ((uintptr_t)cell - heap.base) >> GRANULE_SHIFT;
            *alloc_word(g) |= granule_bit(g);
            zero_cell(cell, ALIGN_UP(size, 8));
            t->tlab.allocated += heap_class_size[sc];
            return cell;
        }
    }
    return alloc_slow(t, size);
}

void *heap_alloc(Thread *t, size_t size)
{
    VM_ASSERT(size >= OBJECT_HEADER_SIZE);
    if (unlikely(size > SIZE_MAX - BLOCK_SIZE)) return fail_oom(t);
    void *p = alloc_fast(t, size);
    /* JVMTI SampledObjectAlloc and the tool's every-allocation event: one mask load per
     * allocation while nobody wants them. */
    if (unlikely(jvmti_want_any(JVMTI_EVENT_BIT(JVMTI_EVENT_SAMPLED_OBJECT_ALLOC) |
                                JVMTI_EVENT_BIT(JVMTI_XEVENT_OBJECT_ALLOC))) &&
        p != NULL)
        jvmti_sample_alloc(t, p);
    return p;
}

void heap_collect(Thread *t, GcCause cause)
{
    gc_collect(t, cause, atomic_load(&heap.gc_count));
}

void heap_thread_detach(Thread *t)
{
    tlab_drop(&t->tlab);
}

/* ---------------------------------------------------------------------------------- */
/* Queries                                                                             */

size_t heap_max_bytes(void) { return heap.size; }
size_t heap_committed_bytes(void) { return heap.committed; }
size_t heap_used_bytes(void) { return heap.live_after + heap.alloc_since; }
uint64_t heap_collection_count(void) { return atomic_load(&heap.gc_count); }
uint64_t heap_collection_time_ns(void) { return atomic_load(&heap.gc_time_ns); }

void heap_layout(uintptr_t *lo, uintptr_t *hi, size_t *small, size_t *large)
{
    _Static_assert(HEAP_BLOCK_BYTES == BLOCK_SIZE, "heap.h's block size");
    *lo = heap.base;
    *hi = heap.base + heap.size;
    *small = *large = 0;
    for (uint32_t bi = 0; bi < heap.top; bi++) {
        uint8_t k = heap.blocks[bi].kind;
        if (k == BK_SMALL) (*small)++;
        else if (k == BK_LARGE || k == BK_LARGE_CONT) (*large)++;
    }
}
int64_t heap_last_collection_end_ns(void) { return atomic_load(&heap.last_gc_end_ns); }

/* HotSpot logs Universe::print_on at exit under gc+heap+exit ("Heap", the collector's
 * line with total/used and the reserved range, then its layout); ours in the same shape
 * with the figures our collector has. Racy counts: other threads may still allocate. */
void heap_log_summary(LogLevel level, LogTagSet ts, const char *prefix)
{
    uintptr_t lo, hi;
    size_t small, large;
    heap_layout(&lo, &hi, &small, &large);
    log_print(level, ts, "%s mark-sweep heap total %zuK, used %zuK [0x%016llx, 0x%016llx)", prefix,
              heap_committed_bytes() >> 10, heap_used_bytes() >> 10, (unsigned long long)lo,
              (unsigned long long)hi);
    log_print(level, ts, "%s  block size %zuK, %zu small-object blocks (%zuK), %zu large-object blocks (%zuK)",
              prefix, HEAP_BLOCK_BYTES >> 10, small, small * (HEAP_BLOCK_BYTES >> 10), large,
              large * (HEAP_BLOCK_BYTES >> 10));
}

void heap_log_exit_summary(void)
{
    if (!log_is_enabled(LOG_INFO, gc_heap_exit)) return;
    log_print(LOG_INFO, LOG_TS_gc_heap_exit, "Heap");
    heap_log_summary(LOG_INFO, LOG_TS_gc_heap_exit, "");
}

Object *heap_object_containing(const void *p)
{
    uintptr_t a = (uintptr_t)p;
    if (!in_heap(a)) return NULL;
    uint32_t bi = block_index(a);
    const Block *b = &heap.blocks[bi];
    switch (b->kind) {
    case BK_SMALL: {
        unsigned sc = b->sc;
        uint32_t off = (uint32_t)(a & (BLOCK_SIZE - 1));
        uint32_t cell = (uint32_t)(((uint64_t)off * heap_class_magic[sc]) >> 32);
        if (cell >= class_cells[sc]) return NULL;
        uintptr_t start = block_addr(bi) + (uintptr_t)cell * heap_class_size[sc];
        return is_allocated(granule_of(start)) ? (Object *)start : NULL;
    }
    case BK_LARGE_CONT:
        bi = b->run;
        if (bi >= heap.nblocks) return NULL;
        b = &heap.blocks[bi];
        if (b->kind != BK_LARGE) return NULL;
        /* fall through */
    case BK_LARGE: {
        uintptr_t start = block_addr(bi);
        if (!is_allocated(granule_of(start))) return NULL;
        return a - start < b->obj_size ? (Object *)start : NULL;
    }
    default: return NULL;
    }
}

bool heap_is_object(const void *p)
{
    return p != NULL && (const void *)heap_object_containing(p) == p;
}

size_t heap_object_size(const Object *o)
{
    if (!heap_is_object(o)) return 0;
    return heap_object_size_known(o);
}

size_t heap_object_size_known(const Object *o)
{
    const Block *b = &heap.blocks[block_index((uintptr_t)o)];
    return b->kind == BK_SMALL ? heap_class_size[b->sc] : b->obj_size;
}

void heap_iterate_sized(void (*fn)(Object *o, size_t size, void *arg), void *arg)
{
    uint32_t top = heap.top;
    for (uint32_t bi = 0; bi < top; bi++) {
        const Block *b = &heap.blocks[bi];
        if (b->kind == BK_SMALL) {
            const uint64_t *bits = block_bits(bi);
            size_t size = heap_class_size[b->sc];
            for (unsigned w = 0; w < BLOCK_BITMAP_WORDS; w++) {
                for (uint64_t x = bits[2 * w]; x != 0; x &= x - 1) {
                    size_t g = (size_t)w * 64 + (size_t)__builtin_ctzll(x);
                    Object *o = (Object *)(block_addr(bi) + (g << GRANULE_SHIFT));
                    if (o->klass != NULL) fn(o, size, arg);
                }
            }
        } else if (b->kind == BK_LARGE) {
            Object *o = (Object *)block_addr(bi);
            if (is_allocated(granule_of((uintptr_t)o)) && o->klass != NULL) fn(o, b->obj_size, arg);
        }
    }
}

typedef struct Unsized {
    void (*fn)(Object *o, void *arg);
    void *arg;
} Unsized;

static void unsized(Object *o, size_t size, void *arg)
{
    (void)size;
    const Unsized *u = arg;
    u->fn(o, u->arg);
}

void heap_iterate(void (*fn)(Object *o, void *arg), void *arg)
{
    Unsized u = {fn, arg};
    heap_iterate_sized(unsized, &u);
}
