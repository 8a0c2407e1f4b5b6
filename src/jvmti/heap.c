// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * heap.c — the JVMTI Heap category, part 1: ForceGarbageCollection, object tags (GetTag,
 * SetTag, GetObjectsWithTags), the ObjectFree event, and the whole-heap iterations
 * (IterateThroughHeap, and the Heap (1.0) IterateOverHeap and IterateOverInstancesOfClass).
 * The reference walks (FollowReferences and the 1.0 reachability functions) are in
 * heapwalk.c; heap_int.h is the seam between the two.
 *
 * Tags (spec "Object Tags"). Each environment that ever tags gets a JvmtiTagTable
 * (JvmtiEnv.tags, created lazily: an environment that never tags pays nothing), keyed by
 * address: the collector never moves objects, so an address is a stable key for as long
 * as the object lives. The table mirrors the heap's blocks (see "The tag table" below):
 * a bit per granule says where a tagged object starts, so untagged objects cost one bit
 * test and a collection finds the dead tagged objects from the collector's mark bits
 * (gc_mark_bits) without looking at the live ones. The table is not a root: after each
 * collection's marking, at the safepoint, tt_weak_processor (a registered weak
 * processor) drops the entries of dead objects, keeping their tags for ObjectFree in an
 * environment that has the event enabled; jvmti_post_object_free (a gc.c hook, after the
 * world has restarted, on the collecting thread) sends ObjectFree once per dead tagged
 * object.
 *
 * Locking: each table has a spin lock (owner thread, re-entrant). GetTag and SetTag run
 * without leaving the agent's TS_NATIVE (op_begin says why that is safe); the weak
 * processor and the heap walks (which run inside a safepoint on its initiator, the
 * agent's callbacks included) hold it too. No holder ever waits for a safepoint. The list
 * of all tables is guarded by tables_lock.
 *
 * Heap iterations run inside a safepoint (jvmti_stop_world) on the calling thread; the
 * agent's callbacks run there too, as HotSpot runs them in its VM thread (the spec's
 * "Heap callback function restrictions" forbid JNI and most JVMTI calls). They report
 * every allocated object, reachable or not, as the spec says for these functions.
 *
 * Contracts: called by the generated wrappers (gen/jvmti_entry.c), in TS_JAVA (GetTag and
 * SetTag: in the caller's state), after the phase, capability and parameter checks.
 */
#include <stdlib.h>
#include <string.h>

#include "../vm/class.h"
#include "../vm/heap.h"
#include "../vm/jnienter.h"
#include "../vm/object.h"
#include "../vm/ref.h"
#include "../vm/thread.h"
#include "../vm/wellknown.h"
#include "events.h"
#include "gen/jvmti_impl.h"
#include "heap_int.h"
#include "jvmti_int.h"
#include "jvmti_vm.h"

/* ------------------------------------------------------------------------------------ */
/* The tag table                                                                        */
/* ------------------------------------------------------------------------------------ */

/* A table is a directory with one slot per heap block (HEAP_BLOCK_BYTES); a block that
 * holds tagged objects has a TagBlock: a bitmap with one bit per granule where a tagged
 * object starts (the layout of the collector's mark bits, gc_mark_bits) and, per 64-bit
 * word of it, the tags of its set bits in bit order (a bit's tag is at the rank of the bit
 * in its word: one popcount). So an untagged object costs one bit test, objects tagged in
 * address order fill the same small arrays in order, and a collection finds the dead
 * tagged objects with one AND per 64 granules of the blocks that hold tagged objects. */
/* Capacity of a word's tag array holding n tags: 4, 16, 64 (a word's 64 granules). Four
 * times at each step: objects tagged in address order fill a word with two reallocations
 * after the first allocation instead of three or four. */
static inline uint32_t tb_cap(uint32_t n)
{
    return n <= 4 ? 4 : n <= 16 ? 16 : 64;
}

/* Adds granule g (not present) with tag. False if out of memory. */
static bool tb_insert(TagBlock *b, uint32_t g, jlong tag)
{
    uint32_t w = g / 64, n = popcount64(b->bits[w]), r = tb_rank(b, g);
    jlong *t = b->tags[w];
    if (t == NULL || n == tb_cap(n)) {
        t = realloc(t, tb_cap(n + 1) * sizeof *t);
        if (t == NULL) return false;
        b->tags[w] = t;
    }
    memmove(&t[r + 1], &t[r], (n - r) * sizeof *t);
    t[r] = tag;
    b->bits[w] |= (uint64_t)1 << (g % 64);
    b->count++;
    return true;
}

/* Removes granule g (present); returns its tag. */
static jlong tb_remove(TagBlock *b, uint32_t g)
{
    uint32_t w = g / 64, n = popcount64(b->bits[w]), r = tb_rank(b, g);
    jlong *t = b->tags[w], tag = t[r];
    memmove(&t[r], &t[r + 1], (n - 1 - r) * sizeof *t);
    b->bits[w] &= ~((uint64_t)1 << (g % 64));
    b->count--;
    if (n == 1) {
        free(t);
        b->tags[w] = NULL;
    }
    return tag;
}

static void tb_free(TagBlock *b)
{
    if (b == NULL) return;
    for (uint32_t w = 0; w < TB_WORDS; w++) free(b->tags[w]);
    free(b);
}

static OsMutex tables_lock;
static JvmtiTagTable *tables;

/* ---- The tag index: tag -> its objects, for GetObjectsWithTags ----
 *
 * Built by an environment's GetObjectsWithTags (one pass over its tags) and kept up to
 * date by the changes after it (tt_put, the weak processor), so GetObjectsWithTags costs
 * what it returns, however many objects are tagged. An environment that never asks pays
 * nothing; one that does pays two hash operations per SetTag that adds, changes or
 * removes a tag, until more changes than half its tagged objects come without a
 * GetObjectsWithTags between them: then the index is dropped (and rebuilt as at first),
 * so keeping it never costs more than rebuilding it would. Building it costs up to ten
 * scans of the tags (1M distinct tags: ~190 ms against ~15 ms), so the first IDX_SCANS
 * queries without an index are answered by a scan and only the next one builds it (a
 * one-off query costs what HotSpot's does; repeated ones, at most IDX_SCANS scans more
 * than an index from the start would). Open addressing on the tag
 * (0 = free slot); a tag that more than one object has keeps them in a TagSet (open
 * addressing on the address). Deletion shifts entries back (linear probing), so neither
 * table has tombstones. Out of memory, the index is dropped too.
 *
 * A tag that many objects share (at least BIG_MIN, and a sixteenth of the tagged
 * objects: at most 16 such tags) is *big*: the index keeps only its count, and a query
 * for it scans the tag table, which then costs at most 32 times what it returns (a big
 * tag whose count fell below a thirty-second of the tagged objects is made small again by
 * rebuilding the index at the query, after at least that many changes). Keeping the
 * objects of such a tag in a set would cost the index's build several times the scan it
 * replaces (1M objects tagged 1: ~115 ms against ~12 ms on this machine). */
#define BIG_MIN 1024
#define IDX_SCANS 4
typedef struct TagSet {
    uint32_t count, cap; /* cap: power of two */
    Object **slots;      /* NULL: free */
} TagSet;

typedef struct TagIdx {
    jlong tag;      /* 0: free slot */
    uint32_t count; /* objects with the tag (> 0) */
    bool big;       /* only the count is kept: queries scan */
    union {
        Object *one; /* count == 1, !big */
        TagSet *set; /* count > 1, !big */
    } u;
} TagIdx;

/* Hashes that keep neighbours together: agents tag in address order and number their
 * tags in sequence, so consecutive keys land in consecutive slots and a run of SetTag
 * calls touches the tables' memory in order, instead of a cache miss each. The shifted
 * terms spread keys that are multiples of a power of two (aligned pointers used as tags,
 * objects of one size). */
static inline size_t tag_hash(uint64_t t) { return (size_t)(t + (t >> 4) + (t >> 12) + (t >> 32)); }
static inline size_t obj_hash(const Object *o)
{
    uintptr_t a = (uintptr_t)o;
    return (size_t)((a >> 3) + (a >> 7) + (a >> 16));
}

static void set_free(TagSet *s)
{
    if (s == NULL) return;
    free(s->slots);
    free(s);
}

static void idx_drop(JvmtiTagTable *tt)
{
    if (tt->idx == NULL) return;
    for (uint32_t i = 0; i < tt->idx_cap; i++)
        if (tt->idx[i].tag != 0 && tt->idx[i].count > 1 && !tt->idx[i].big) set_free(tt->idx[i].u.set);
    free(tt->idx);
    tt->idx = NULL;
    tt->idx_cap = tt->idx_used = 0;
}

static bool set_put(TagSet *s, Object *o)
{
    if ((s->count + 1) * 4 > s->cap * 3) {
        uint32_t cap = s->cap ? s->cap * 2 : 8;
        Object **n = calloc(cap, sizeof *n);
        if (n == NULL) return false;
        for (uint32_t i = 0; i < s->cap; i++) {
            if (s->slots[i] == NULL) continue;
            size_t j = obj_hash(s->slots[i]) & (cap - 1);
            while (n[j] != NULL) j = (j + 1) & (cap - 1);
            n[j] = s->slots[i];
        }
        free(s->slots);
        s->slots = n;
        s->cap = cap;
    }
    size_t j = obj_hash(o) & (s->cap - 1);
    while (s->slots[j] != NULL) j = (j + 1) & (s->cap - 1);
    s->slots[j] = o;
    s->count++;
    return true;
}

static void set_del(TagSet *s, Object *o)
{
    uint32_t mask = s->cap - 1, i = (uint32_t)(obj_hash(o) & mask);
    while (s->slots[i] != o) {
        if (s->slots[i] == NULL) return; /* not there (cannot happen) */
        i = (i + 1) & mask;
    }
    for (uint32_t j = (i + 1) & mask; s->slots[j] != NULL; j = (j + 1) & mask) {
        uint32_t h = (uint32_t)(obj_hash(s->slots[j]) & mask);
        if (((j - h) & mask) >= ((j - i) & mask)) {
            s->slots[i] = s->slots[j];
            i = j;
        }
    }
    s->slots[i] = NULL;
    s->count--;
}

/* The slot of tag, or of the free slot where it would go. */
static TagIdx *idx_slot(JvmtiTagTable *tt, jlong tag)
{
    uint32_t mask = tt->idx_cap - 1;
    for (uint32_t i = (uint32_t)(tag_hash((uint64_t)tag) & mask);; i = (i + 1) & mask)
        if (tt->idx[i].tag == tag || tt->idx[i].tag == 0) return &tt->idx[i];
}

static bool idx_grow(JvmtiTagTable *tt)
{
    uint32_t cap = tt->idx_cap ? tt->idx_cap * 2 : 64;
    TagIdx *n = calloc(cap, sizeof *n), *old = tt->idx;
    if (n == NULL) return false;
    uint32_t ocap = tt->idx_cap;
    tt->idx = n;
    tt->idx_cap = cap;
    for (uint32_t i = 0; i < ocap; i++)
        if (old[i].tag != 0) *idx_slot(tt, old[i].tag) = old[i];
    free(old);
    return true;
}

/* Adds o under tag (tag != 0). False if out of memory (the index is dropped then). */
static bool idx_add(JvmtiTagTable *tt, jlong tag, Object *o)
{
    if ((tt->idx_used + 1) * 4 > tt->idx_cap * 3 && !idx_grow(tt)) goto oom;
    TagIdx *e = idx_slot(tt, tag);
    if (e->tag == 0) {
        e->tag = tag;
        e->count = 1;
        e->u.one = o;
        tt->idx_used++;
        return true;
    }
    if (e->big) {
        e->count++;
        return true;
    }
    if (e->count + 1 >= BIG_MIN && e->count + 1 >= tt->count / 16) {
        /* big from now on: its set goes */
        set_free(e->u.set);
        e->big = true;
        e->count++;
        return true;
    }
    if (e->count == 1) {
        TagSet *s = calloc(1, sizeof *s);
        if (s == NULL || !set_put(s, e->u.one)) {
            set_free(s);
            goto oom;
        }
        e->u.set = s;
    }
    if (!set_put(e->u.set, o)) goto oom;
    e->count++;
    return true;
oom:
    idx_drop(tt);
    return false;
}

/* Removes o from under tag. */
static void idx_del(JvmtiTagTable *tt, jlong tag, Object *o)
{
    TagIdx *e = idx_slot(tt, tag);
    if (e->tag == 0) return; /* not there (cannot happen) */
    if (e->big && e->count > 1) {
        e->count--;
        return;
    }
    if (e->count > 1) {
        TagSet *s = e->u.set;
        set_del(s, o);
        if (--e->count == 1) {
            Object *left = NULL;
            for (uint32_t i = 0; i < s->cap && left == NULL; i++) left = s->slots[i];
            set_free(s);
            e->u.one = left;
        }
        return;
    }
    /* the tag's last object: free the slot, shifting entries back */
    uint32_t mask = tt->idx_cap - 1, i = (uint32_t)(e - tt->idx);
    for (uint32_t j = (i + 1) & mask; tt->idx[j].tag != 0; j = (j + 1) & mask) {
        uint32_t h = (uint32_t)(tag_hash((uint64_t)tt->idx[j].tag) & mask);
        if (((j - h) & mask) >= ((j - i) & mask)) {
            tt->idx[i] = tt->idx[j];
            i = j;
        }
    }
    memset(&tt->idx[i], 0, sizeof tt->idx[i]);
    tt->idx_used--;
}

/* An object's tag changed from `from` to `to` (0: none): the index follows. */
static inline void idx_change(JvmtiTagTable *tt, Object *o, jlong from, jlong to)
{
    if (tt->idx == NULL || from == to) return;
    if (++tt->idx_changes > tt->count / 2 + 1024) {
        idx_drop(tt);
        tt->idx_scans = 0;
        return;
    }
    if (from != 0) idx_del(tt, from, o);
    if (to != 0) idx_add(tt, to, o);
}

/* Sets o's tag (0 removes it). Caller holds tt's lock. */
static jvmtiError tt_put(JvmtiTagTable *tt, Object *o, jlong tag)
{
    uint32_t bi, g;
    if (!tt_locate(tt, o, &bi, &g)) return JVMTI_ERROR_INVALID_OBJECT;
    TagBlock *b = tt->dir[bi];
    bool present = b != NULL && tb_has(b, g);
    if (present) {
        if (tag != 0) {
            jlong *p = tb_lookup(b, g);
            idx_change(tt, o, *p, tag);
            *p = tag;
            return JVMTI_ERROR_NONE;
        }
        idx_change(tt, o, tb_remove(b, g), 0);
        tt->count--;
        if (b->count == 0) {
            tt->dir[bi] = NULL;
            tb_free(b);
        }
        return JVMTI_ERROR_NONE;
    }
    if (tag == 0) return JVMTI_ERROR_NONE;
    if (b == NULL) {
        if ((b = calloc(1, sizeof *b)) == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
        tt->dir[bi] = b;
        if (tt->lo >= tt->hi) tt->lo = bi, tt->hi = bi + 1;
        if (bi < tt->lo) tt->lo = bi;
        if (bi >= tt->hi) tt->hi = bi + 1;
    }
    if (!tb_insert(b, g, tag)) {
        if (b->count == 0) {
            tt->dir[bi] = NULL;
            tb_free(b);
        }
        return JVMTI_ERROR_OUT_OF_MEMORY;
    }
    tt->count++;
    idx_change(tt, o, 0, tag);
    return JVMTI_ERROR_NONE;
}

/* Calls fn for every tagged object of tt in address order, with a pointer to its tag
 * (which fn must not change: the index would not follow). Caller holds tt's lock. False
 * if fn returned false (stop). */
static bool tt_for_each(JvmtiTagTable *tt, bool (*fn)(Object *o, jlong *tag, void *arg), void *arg)
{
    for (uint32_t bi = tt->lo; bi < tt->hi; bi++) {
        TagBlock *b = tt->dir[bi];
        if (b == NULL) continue;
        uintptr_t start = tt->base + (uintptr_t)bi * HEAP_BLOCK_BYTES;
        for (uint32_t w = 0; w < TB_WORDS; w++) {
            for (uint64_t x = b->bits[w]; x != 0; x &= x - 1) {
                uint32_t g = w * 64 + (uint32_t)__builtin_ctzll(x);
                if (!fn((Object *)(start + (uintptr_t)g * HEAP_GRANULE_BYTES), tb_lookup(b, g), arg)) return false;
            }
        }
    }
    return true;
}

/* ---- the lock ---- */

static inline bool tt_trylock(JvmtiTagTable *tt, Thread *self)
{
    Thread *expect = NULL;
    return atomic_compare_exchange_strong_explicit(&tt->owner, &expect, self, memory_order_seq_cst,
                                                   memory_order_relaxed);
}

/* Takes tt's lock, re-entrantly. For callers that are safe from collections by their
 * state: TS_JAVA (no collection can begin before they poll) or the safepoint's initiator.
 * The other holders never wait for anything, so spinning is short. */
static void tt_lock(JvmtiTagTable *tt, Thread *self)
{
    if (atomic_load_explicit(&tt->owner, memory_order_relaxed) == self) {
        tt->depth++;
        return;
    }
    for (unsigned spins = 0; !tt_trylock(tt, self); spins++) {
        if (spins < 64) os_cpu_relax();
        else os_thread_yield();
    }
}

static void tt_unlock(JvmtiTagTable *tt)
{
    if (tt->depth > 0) {
        tt->depth--;
        return;
    }
    atomic_store_explicit(&tt->owner, NULL, memory_order_release);
}

/* The owner the weak processor and ObjectFree use: the collecting thread (never NULL in a
 * running VM; a dummy for a thread the VM does not know). */
static Thread *lock_owner(void)
{
    Thread *t = thread_current();
    return t != NULL ? t : (Thread *)(uintptr_t)8;
}

/*
 * GetTag and SetTag run in the agent's state (TS_NATIVE), without a state transition:
 * that is most of what HotSpot's take. What makes the heap safe to touch then is the
 * table's lock: the collector's weak processor takes it too, and nothing is freed
 * before that. A thread that holds the lock and saw no safepoint pending after taking it
 * therefore does its whole operation before the weak processor looks at the table (a
 * weak processor that ran earlier released the lock with the safepoint still pending,
 * and the thread would have seen that): its reference reads an object that is alive, or
 * dead but not freed yet (a JNI weak reference not cleared yet), whose entry then goes
 * like any dead object's. While a safepoint is pending (a collection, or a heap walk that
 * holds the lock), the thread enters TS_JAVA instead, as the generated wrappers do, which
 * waits it out. op_begin returns with the lock held and the state to give back to
 * op_end (-1: no transition made).
 */
static __attribute__((noinline)) int op_begin_slow(JvmtiTagTable *tt, Thread *self)
{
    if (atomic_load_explicit(&self->state, memory_order_relaxed) != TS_JAVA) {
        for (unsigned spins = 0; spins < 1024; spins++) {
            if (atomic_load_explicit(&vm_safepoint_pending, memory_order_acquire)) break;
            if (tt_trylock(tt, self)) {
                if (likely(!atomic_load_explicit(&vm_safepoint_pending, memory_order_seq_cst))) return -1;
                tt_unlock(tt);
                break;
            }
            os_cpu_relax();
        }
    }
    int prev = jni_enter(self);
    tt_lock(tt, self);
    return prev;
}

static inline int op_begin(JvmtiTagTable *tt, Thread *self)
{
    if (likely(!atomic_load_explicit(&vm_safepoint_pending, memory_order_relaxed)) &&
        likely(atomic_load_explicit(&self->state, memory_order_relaxed) != TS_JAVA) && likely(tt_trylock(tt, self))) {
        if (likely(!atomic_load_explicit(&vm_safepoint_pending, memory_order_seq_cst))) return -1;
        tt_unlock(tt);
    }
    return op_begin_slow(tt, self);
}

static void op_end(JvmtiTagTable *tt, Thread *self, int prev)
{
    tt_unlock(tt);
    if (prev != -1) jni_leave(self, prev);
}

/* A handle's object, as the wrappers check it (NULL, or a cleared weak reference, is
 * invalid); NULL if invalid. With the table's lock held as op_begin takes it. */
static Object *op_object(jobject h)
{
    Object *o = ref_get(h);
    return o != NULL && ((uintptr_t)o & (HEAP_GRANULE_BYTES - 1)) == 0 ? o : NULL;
}

/* ---- collections ---- */

static bool freed_push(JvmtiTagTable *tt, jlong tag)
{
    if (tt->nfreed == tt->freed_cap) {
        size_t n = tt->freed_cap ? tt->freed_cap * 2 : 64;
        jlong *p = realloc(tt->freed, n * sizeof *p);
        if (p == NULL) return false;
        tt->freed = p;
        tt->freed_cap = n;
    }
    tt->freed[tt->nfreed++] = tag;
    return true;
}

/* After marking, at the safepoint: drop the entries of dead objects, keeping their tags
 * for ObjectFree where the environment wants the event (it has the capability, since
 * enabling the event requires it). Costs one AND per 64 granules of the blocks that hold
 * tagged objects, and then the dead tagged objects: not the live ones. */
static void tt_weak_processor(void)
{
    Thread *self = lock_owner();
    os_mutex_lock(&tables_lock); /* held by others only briefly, never across a safepoint */
    for (JvmtiTagTable *tt = tables; tt != NULL; tt = tt->next) {
        tt_lock(tt, self);
        JvmtiEnv *e = tt->env;
        bool want = tt->count > 0 && jvmti_env_check(jvmti_env_external(e)) != NULL &&
                    e->caps.can_generate_object_free_events && jvmti_event_enabled(e, NULL, JVMTI_EVENT_OBJECT_FREE);
        for (uint32_t bi = tt->lo; bi < tt->hi && tt->count > 0; bi++) {
            TagBlock *b = tt->dir[bi];
            if (b == NULL) continue;
            uintptr_t start = tt->base + (uintptr_t)bi * HEAP_BLOCK_BYTES;
            for (uint32_t w = 0; w < TB_WORDS; w++) {
                if (b->bits[w] == 0) continue;
                uint64_t dead = b->bits[w] & ~gc_mark_bits(start + (uintptr_t)w * 64 * HEAP_GRANULE_BYTES);
                for (; dead != 0; dead &= dead - 1) {
                    uint32_t g = w * 64 + (uint32_t)__builtin_ctzll(dead);
                    jlong tag = tb_remove(b, g);
                    idx_change(tt, (Object *)(start + (uintptr_t)g * HEAP_GRANULE_BYTES), tag, 0);
                    tt->count--;
                    /* at worst an ObjectFree is lost under memory pressure */
                    if (want) freed_push(tt, tag);
                }
            }
            if (b->count == 0) {
                tt->dir[bi] = NULL;
                tb_free(b);
            }
        }
        tt_unlock(tt);
    }
    os_mutex_unlock(&tables_lock);
}

/* Sets up tables_lock and the weak processor the first time any environment tags. */
static void tables_init_once(void)
{
    static _Atomic int state; /* 0 not yet, 1 being set up, 2 ready */
    if (atomic_load_explicit(&state, memory_order_acquire) == 2) return;
    int expect = 0;
    if (atomic_compare_exchange_strong(&state, &expect, 1)) {
        os_mutex_init(&tables_lock);
        gc_register_weak_processor(tt_weak_processor);
        atomic_store_explicit(&state, 2, memory_order_release);
    } else {
        while (atomic_load_explicit(&state, memory_order_acquire) != 2) os_thread_yield();
    }
}

static JvmtiTagTable *tt_create(JvmtiEnv *e);

/* e's table, created if `create`; NULL if none (or out of memory). Any thread state. */
static inline JvmtiTagTable *tt_of(JvmtiEnv *e, bool create)
{
    JvmtiTagTable *tt = atomic_load_explicit(&e->tags, memory_order_acquire);
    if (likely(tt != NULL) || !create) return tt;
    return tt_create(e);
}

static __attribute__((noinline)) JvmtiTagTable *tt_create(JvmtiEnv *e)
{
    JvmtiTagTable *tt;
    tables_init_once();
    os_mutex_lock(&tables_lock);
    tt = atomic_load_explicit(&e->tags, memory_order_relaxed);
    if (tt == NULL && (tt = calloc(1, sizeof *tt)) != NULL) {
        uintptr_t lo, hi;
        size_t small, large;
        heap_layout(&lo, &hi, &small, &large);
        tt->env = e;
        tt->base = lo;
        tt->nblocks = (uint32_t)((hi - lo) / HEAP_BLOCK_BYTES);
        tt->dir = calloc(tt->nblocks ? tt->nblocks : 1, sizeof *tt->dir);
        if (tt->dir == NULL) {
            free(tt);
            tt = NULL;
        } else {
            tt->next = tables;
            tables = tt;
            atomic_store_explicit(&e->tags, tt, memory_order_release);
        }
    }
    os_mutex_unlock(&tables_lock);
    return tt;
}

/* DisposeEnvironment (env.c, with its list lock held): frees e's tag table, if any. */
void jvmti_tags_env_disposed(JvmtiEnv *e)
{
    JvmtiTagTable *tt = atomic_load_explicit(&e->tags, memory_order_acquire);
    if (tt == NULL) return;
    os_mutex_lock(&tables_lock);
    {
        for (JvmtiTagTable **p = &tables; *p != NULL; p = &(*p)->next) {
            if (*p == tt) {
                *p = tt->next;
                break;
            }
        }
        atomic_store_explicit(&e->tags, NULL, memory_order_release);
        /* No other thread can be inside tt: the environment is invalid now, so no new
         * call reaches it, and calls already running on e are the agent's own race. */
        for (uint32_t bi = tt->lo; bi < tt->hi; bi++) tb_free(tt->dir[bi]);
        idx_drop(tt);
        free(tt->dir);
        free(tt->freed);
        free(tt);
    }
    os_mutex_unlock(&tables_lock);
}

void jvmti_tags_walk_begin(JvmtiEnv *e, Thread *self)
{
    JvmtiTagTable *tt = tt_of(e, true);
    if (tt != NULL) tt_lock(tt, self);
}

void jvmti_tags_walk_end(JvmtiEnv *e)
{
    JvmtiTagTable *tt = atomic_load_explicit(&e->tags, memory_order_acquire);
    if (tt != NULL) tt_unlock(tt);
}

void jvmti_tag_set_stopped(JvmtiEnv *e, Object *o, jlong tag)
{
    JvmtiTagTable *tt = tt_of(e, tag != 0);
    if (tt != NULL) tt_put(tt, o, tag);
}

bool jvmti_tags_for_each(JvmtiEnv *e, bool (*fn)(Object *o, jlong *tag, void *arg), void *arg)
{
    JvmtiTagTable *tt = atomic_load_explicit(&e->tags, memory_order_relaxed);
    return tt == NULL || tt_for_each(tt, fn, arg);
}

/* ------------------------------------------------------------------------------------ */
/* ObjectFree                                                                           */
/* ------------------------------------------------------------------------------------ */

typedef void(JNICALL *ObjectFreeFn)(jvmtiEnv *, jlong);

/* Takes the pending tags of tt into a malloc'd array (*n of them). TS_JAVA. */
static jlong *drain_freed(JvmtiTagTable *tt, Thread *self, size_t *n)
{
    tt_lock(tt, self);
    jlong *out = tt->freed;
    *n = tt->nfreed;
    tt->freed = NULL;
    tt->nfreed = tt->freed_cap = 0;
    tt_unlock(tt);
    return out;
}

/* JVMTI: ObjectFree. Called by the collector (gc.c) after a collection, on the
 * collecting thread in TS_JAVA with the world running again and no VM lock held; sends
 * the tags the weak processor kept, each once, to the environment that tagged it. The
 * callback runs in TS_NATIVE with no JNIEnv (the spec allows only raw monitor, memory
 * and environment-local-storage functions there). */
void jvmti_post_object_free(Thread *t)
{
    JvmtiEventIter it;
    JvmtiAnyCallback cb;
    if (!jvmti_event_iter_begin(&it, t, JVMTI_EVENT_OBJECT_FREE)) return;
    for (JvmtiEnv *e; (e = jvmti_event_iter_next(&it, &cb)) != NULL;) {
        JvmtiTagTable *tt = atomic_load_explicit(&e->tags, memory_order_acquire);
        if (tt == NULL) continue;
        size_t n;
        jlong *tags = drain_freed(tt, t, &n);
        for (size_t i = 0; i < n; i++) {
            JvmtiCallbackFrame f;
            if (!jvmti_callback_begin(&f, t)) break;
            jvmti_callback_native(&f);
            ((ObjectFreeFn)cb)(jvmti_env_external(e), tags[i]);
            jvmti_callback_end(&f);
        }
        free(tags);
    }
}

/* ------------------------------------------------------------------------------------ */
/* Object Tags functions                                                                */
/* ------------------------------------------------------------------------------------ */

/* JVMTI: GetTag. 0 for an object that has no tag in this environment. In the caller's
 * state (see op_begin). */
jvmtiError jvmti_GetTag(JvmtiEnv *env, Thread *self, jobject object, jlong *tag_ptr)
{
    JvmtiTagTable *tt = tt_of(env, false);
    if (tt == NULL) { /* nothing tagged ever: only the reference is checked */
        if (op_object(object) == NULL) return JVMTI_ERROR_INVALID_OBJECT;
        *tag_ptr = 0;
        return JVMTI_ERROR_NONE;
    }
    int prev = op_begin(tt, self);
    Object *o = op_object(object);
    jlong tag = o != NULL ? tt_get(tt, o) : 0;
    op_end(tt, self, prev);
    if (o == NULL) return JVMTI_ERROR_INVALID_OBJECT;
    *tag_ptr = tag;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: SetTag. Tag 0 removes the object from the table. In the caller's state. */
jvmtiError jvmti_SetTag(JvmtiEnv *env, Thread *self, jobject object, jlong tag)
{
    JvmtiTagTable *tt = tt_of(env, true);
    if (tt == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
    int prev = op_begin(tt, self);
    Object *o = op_object(object);
    jvmtiError err = o != NULL ? tt_put(tt, o, tag) : JVMTI_ERROR_INVALID_OBJECT;
    op_end(tt, self, prev);
    return err;
}

typedef struct WithTags {
    jint tag_count;
    const jlong *tags;
    size_t n, cap;
    Object **objs;
    jlong *otags;
    bool oom;
} WithTags;

static bool with_tags_add(WithTags *w, Object *o, jlong tag)
{
    if (w->n == w->cap) {
        size_t nc = w->cap ? w->cap * 2 : 16;
        Object **no = realloc(w->objs, nc * sizeof *no);
        if (no != NULL) w->objs = no;
        jlong *nt = no ? realloc(w->otags, nc * sizeof *nt) : NULL;
        if (nt == NULL) {
            w->oom = true;
            return false;
        }
        w->otags = nt;
        w->cap = nc;
    }
    w->objs[w->n] = o;
    w->otags[w->n++] = tag;
    return true;
}

/* The scan, when the index cannot be built (out of memory). */
static bool with_tags_one(Object *o, jlong *tag, void *arg)
{
    WithTags *w = arg;
    bool match = false;
    for (jint k = 0; k < w->tag_count && !match; k++) match = w->tags[k] == *tag;
    return !match || with_tags_add(w, o, *tag);
}

static bool idx_build_one(Object *o, jlong *tag, void *arg) { return idx_add(arg, *tag, o); }

/* The objects with the tags, from the index (built first if need be); the scan if the
 * index cannot be had, and for the big tags. Caller holds tt's lock. */
static void with_tags(JvmtiTagTable *tt, WithTags *w)
{
    tt->idx_changes = 0;
    if (tt->idx != NULL) {
        /* A big tag that few objects have now: rebuild, so it gets its set again. */
        for (jint k = 0; k < w->tag_count; k++) {
            TagIdx *e = idx_slot(tt, w->tags[k]);
            if (e->tag != 0 && e->big && (size_t)e->count * 32 < tt->count) {
                idx_drop(tt);
                break;
            }
        }
    }
    if (tt->idx == NULL && tt->idx_scans < IDX_SCANS) {
        tt->idx_scans++;
        tt_for_each(tt, with_tags_one, w);
        return;
    }
    if (tt->idx == NULL && idx_grow(tt) && !tt_for_each(tt, idx_build_one, tt)) idx_drop(tt);
    if (tt->idx == NULL) {
        tt_for_each(tt, with_tags_one, w);
        return;
    }
    jlong *big = NULL;
    jint nbig = 0;
    for (jint k = 0; k < w->tag_count && !w->oom; k++) {
        bool repeated = false;
        for (jint j = 0; j < k && !repeated; j++) repeated = w->tags[j] == w->tags[k];
        TagIdx *e = idx_slot(tt, w->tags[k]);
        if (repeated || e->tag == 0) continue;
        if (e->big) {
            if (big == NULL && (big = malloc((size_t)w->tag_count * sizeof *big)) == NULL) {
                w->oom = true;
                break;
            }
            big[nbig++] = e->tag;
            continue;
        }
        if (e->count == 1) {
            with_tags_add(w, e->u.one, e->tag);
            continue;
        }
        for (uint32_t i = 0; i < e->u.set->cap && !w->oom; i++)
            if (e->u.set->slots[i] != NULL) with_tags_add(w, e->u.set->slots[i], e->tag);
    }
    if (nbig > 0 && !w->oom) {
        /* one scan for the big tags */
        const jlong *tags = w->tags;
        jint tag_count = w->tag_count;
        w->tags = big;
        w->tag_count = nbig;
        tt_for_each(tt, with_tags_one, w);
        w->tags = tags;
        w->tag_count = tag_count;
    }
    free(big);
}

/* JVMTI: GetObjectsWithTags. Objects with any of the tags, as JNI local references of the
 * caller, and their tags; either result array may be omitted (NULL). Objects that died
 * but were not collected yet can be returned (and are then kept alive), as on HotSpot.
 * From the tag index: the cost is the objects returned, not the objects tagged. */
jvmtiError jvmti_GetObjectsWithTags(JvmtiEnv *env, Thread *self, jint tag_count, const jlong *tags, jint *count_ptr,
                                    jobject **object_result_ptr, jlong **tag_result_ptr)
{
    for (jint i = 0; i < tag_count; i++)
        if (tags[i] == 0) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    JvmtiTagTable *tt = tt_of(env, false);
    WithTags w = {.tag_count = tag_count, .tags = tags};
    jvmtiError err = JVMTI_ERROR_NONE;
    if (tt != NULL && tag_count > 0) {
        tt_lock(tt, self);
        with_tags(tt, &w);
        tt_unlock(tt);
        if (w.oom) err = JVMTI_ERROR_OUT_OF_MEMORY;
    }
    size_t n = w.n;
    Object **objs = w.objs;
    jlong *otags = w.otags;
    jobject *ro = NULL;
    jlong *rt = NULL;
    if (err == JVMTI_ERROR_NONE && object_result_ptr != NULL) {
        ro = jvmti_alloc(n ? n * sizeof *ro : 1);
        if (ro == NULL) err = JVMTI_ERROR_OUT_OF_MEMORY;
    }
    if (err == JVMTI_ERROR_NONE && tag_result_ptr != NULL) {
        rt = jvmti_alloc(n ? n * sizeof *rt : 1);
        if (rt == NULL) err = JVMTI_ERROR_OUT_OF_MEMORY;
    }
    if (err == JVMTI_ERROR_NONE && ro != NULL && !ref_ensure_local_capacity(self, (int)n)) {
        self->exception = NULL;
        err = JVMTI_ERROR_OUT_OF_MEMORY;
    }
    if (err != JVMTI_ERROR_NONE) {
        jvmti_free(ro);
        jvmti_free(rt);
    } else {
        for (size_t i = 0; i < n; i++) {
            if (ro != NULL) ro[i] = ref_new_local(self, objs[i]);
            if (rt != NULL) rt[i] = otags[i];
        }
        *count_ptr = (jint)n;
        if (object_result_ptr != NULL) *object_result_ptr = ro;
        if (tag_result_ptr != NULL) *tag_result_ptr = rt;
    }
    free(objs);
    free(otags);
    return err;
}

/* JVMTI: ForceGarbageCollection. A full collection on the calling thread, with the
 * GarbageCollectionStart/Finish events (and ObjectFree after it, from gc.c's hook);
 * finalizers are not run here (the collector only queues them). Refused from inside a
 * collection (a GC event callback calling it, which the spec does not allow): the world
 * is already stopped for that one. */
jvmtiError jvmti_ForceGarbageCollection(JvmtiEnv *env, Thread *self)
{
    if (thread_is_safepoint_initiator(self)) return JVMTI_ERROR_INTERNAL;
    heap_collect(self, GC_TOOL);
    return JVMTI_ERROR_NONE;
}

/* ------------------------------------------------------------------------------------ */
/* Helpers shared with heapwalk.c                                                        */
/* ------------------------------------------------------------------------------------ */

jlong jvmti_heap_size(const Object *o)
{
    size_t size = heap_object_size(o);
    if (size == 0) size = (obj_size(o) + 7) & ~(size_t)7;
    return (jlong)size;
}


bool jvmti_heap_filtered(jint heap_filter, jlong tag, jlong class_tag)
{
    if (heap_filter & (tag != 0 ? JVMTI_HEAP_FILTER_TAGGED : JVMTI_HEAP_FILTER_UNTAGGED)) return true;
    if (heap_filter & (class_tag != 0 ? JVMTI_HEAP_FILTER_CLASS_TAGGED : JVMTI_HEAP_FILTER_CLASS_UNTAGGED))
        return true;
    return false;
}

jvmtiError jvmti_heap_klass_filter(jclass klass, Class **out, bool *primitive)
{
    *out = NULL;
    *primitive = false;
    if (klass == NULL) return JVMTI_ERROR_NONE;
    Object *mirror = ref_get(klass);
    if (mirror == NULL || !heap_is_object(mirror) || mirror->klass != wk.Class) return JVMTI_ERROR_INVALID_CLASS;
    Class *c = class_from_mirror(mirror);
    if (c == NULL) return JVMTI_ERROR_INVALID_CLASS;
    *primitive = class_is_primitive(c);
    *out = c;
    return JVMTI_ERROR_NONE;
}

char jvmti_heap_prim_char(int bt)
{
    switch (bt) {
    case BT_BOOLEAN: return 'Z';
    case BT_BYTE: return 'B';
    case BT_CHAR: return 'C';
    case BT_SHORT: return 'S';
    case BT_INT: return 'I';
    case BT_LONG: return 'J';
    case BT_FLOAT: return 'F';
    case BT_DOUBLE: return 'D';
    default: return 0;
    }
}

jvalue jvmti_heap_load(const void *addr, int bt)
{
    jvalue v;
    memset(&v, 0, sizeof v);
    switch (bt) {
    case BT_BOOLEAN: v.z = *(const jboolean *)addr; break;
    case BT_BYTE: v.b = *(const jbyte *)addr; break;
    case BT_CHAR: v.c = *(const jchar *)addr; break;
    case BT_SHORT: v.s = *(const jshort *)addr; break;
    case BT_INT: v.i = *(const jint *)addr; break;
    case BT_LONG: memcpy(&v.j, addr, 8); break;
    case BT_FLOAT: v.f = *(const jfloat *)addr; break;
    case BT_DOUBLE: memcpy(&v.d, addr, 8); break;
    default: break;
    }
    return v;
}

/* Number of fields in c's transitive superinterfaces (each counted once). */
static void add_ifaces(const Class *c, const Class ***seen, size_t *n, size_t *cap, jint *count)
{
    for (uint16_t i = 0; i < c->interface_count; i++) {
        const Class *k = c->interfaces[i];
        bool dup = false;
        for (size_t j = 0; j < *n && !dup; j++) dup = (*seen)[j] == k;
        if (dup) continue;
        if (*n == *cap) {
            size_t nc = *cap ? *cap * 2 : 16;
            const Class **p = realloc(*seen, nc * sizeof *p);
            if (p == NULL) return;
            *seen = p;
            *cap = nc;
        }
        (*seen)[(*n)++] = k;
        *count += k->field_count;
        add_ifaces(k, seen, n, cap, count);
    }
}

/* Field indexes (spec jvmtiHeapReferenceInfoField): fields of c's superinterfaces and
 * superclasses are counted before c's own, which keep their declaration order. As
 * HotSpot numbers them: every field (static or not) of every superclass, and every field
 * of every transitive superinterface, comes first. Returns the index of c's first
 * declared field, as seen from an object (or static field) of class `of`. */
jint jvmti_heap_field_base(const Class *of, const Class *c)
{
    jint count = 0;
    const Class **seen = NULL;
    size_t n = 0, cap = 0;
    for (const Class *k = of; k != NULL; k = class_is_interface(of) ? NULL : k->super) add_ifaces(k, &seen, &n, &cap, &count);
    free(seen);
    if (!class_is_interface(of))
        for (const Class *k = c->super; k != NULL; k = k->super) count += k->field_count;
    return count;
}

/* Primitive field callbacks for an instance (its instance fields, superclasses' first) or,
 * for a java.lang.Class mirror, the static fields of its class. Returns the visit
 * control of the callback that aborted, or 0. */
jint jvmti_heap_report_prim_fields(JvmtiEnv *e, Object *o, jlong class_tag, jlong *tag_ptr,
                                   jvmtiPrimitiveFieldCallback cb, const void *user_data)
{
    jvmtiHeapReferenceInfo info;
    if (o->klass == wk.Class) {
        Class *c = class_from_mirror(o);
        if (c == NULL || class_is_primitive(c) || class_is_array(c)) return 0;
        if (!class_is_verified(c)) return 0; /* not linked: HotSpot reports no statics */
        jint base = jvmti_heap_field_base(c, c);
        for (uint16_t i = 0; i < c->field_count; i++) {
            const Field *f = &c->fields[i];
            if (!(f->access & ACC_STATIC) || bt_is_ref((BasicType)f->type)) continue;
            memset(&info, 0, sizeof info);
            info.field.index = base + i;
            jint r = cb(JVMTI_HEAP_REFERENCE_STATIC_FIELD, &info, class_tag, tag_ptr,
                        jvmti_heap_load(field_static_addr(f), f->type), (jvmtiPrimitiveType)jvmti_heap_prim_char(f->type),
                        (void *)user_data);
            if (r & JVMTI_VISIT_ABORT) return r;
        }
        return 0;
    }
    if (class_is_array(o->klass)) return 0;
    const Class *of = o->klass;
    for (int depth = 0;; depth++) {
        /* superclasses first: find the class `depth` levels below the top */
        int levels = 0;
        for (const Class *k = of; k != NULL; k = k->super) levels++;
        if (depth >= levels) break;
        const Class *c = of;
        for (int s = levels - 1 - depth; s > 0; s--) c = c->super;
        jint base = jvmti_heap_field_base(of, c);
        for (uint16_t i = 0; i < c->field_count; i++) {
            const Field *f = &c->fields[i];
            if ((f->access & ACC_STATIC) || bt_is_ref((BasicType)f->type)) continue;
            memset(&info, 0, sizeof info);
            info.field.index = base + i;
            jint r = cb(JVMTI_HEAP_REFERENCE_FIELD, &info, class_tag, tag_ptr,
                        jvmti_heap_load((char *)o + f->offset, f->type), (jvmtiPrimitiveType)jvmti_heap_prim_char(f->type),
                        (void *)user_data);
            if (r & JVMTI_VISIT_ABORT) return r;
        }
    }
    return 0;
}

/* The string callback for a java.lang.String (its UTF-16 value). */
jint jvmti_heap_report_string(Object *o, jlong class_tag, jlong size, jlong *tag_ptr,
                              jvmtiStringPrimitiveValueCallback cb, const void *user_data)
{
    Array *value = *(Array **)((char *)o + wk_off.String_value);
    if (value == NULL) return 0;
    int8_t coder = *(int8_t *)((char *)o + wk_off.String_coder);
    jint len = coder == 0 ? value->length : value->length / 2;
    jchar *chars = NULL, one;
    if (coder == 0) {
        chars = len > 0 ? malloc((size_t)len * sizeof *chars) : &one;
        if (chars == NULL) return 0;
        const uint8_t *b = array_data(value);
        for (jint i = 0; i < len; i++) chars[i] = b[i];
    } else {
        chars = array_data(value);
    }
    jint r = cb(class_tag, size, tag_ptr, chars, len, (void *)user_data);
    if (coder == 0 && len > 0) free(chars);
    return r;
}

/* The array primitive value callback for a primitive array. */
jint jvmti_heap_report_array(Object *o, jlong class_tag, jlong size, jlong *tag_ptr,
                             jvmtiArrayPrimitiveValueCallback cb, const void *user_data)
{
    Array *a = (Array *)o;
    return cb(class_tag, size, tag_ptr, a->length, (jvmtiPrimitiveType)jvmti_heap_prim_char(o->klass->elem_type),
              array_data(a), (void *)user_data);
}

/* ------------------------------------------------------------------------------------ */
/* IterateThroughHeap and the 1.0 iterations                                            */
/* ------------------------------------------------------------------------------------ */

typedef struct ObjList {
    Object **v;
    size_t n, cap;
    bool oom;
} ObjList;

static bool collect_tagged(Object *o, jlong *tag, void *arg)
{
    (void)tag;
    ObjList *l = arg;
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 256;
        Object **p = realloc(l->v, cap * sizeof *p);
        if (p == NULL) {
            l->oom = true;
            return false;
        }
        l->v = p;
        l->cap = cap;
    }
    l->v[l->n++] = o;
    return true;
}

/* Calls fn for the objects e has tagged only: what an iteration that filters untagged
 * objects out reports, at a cost that depends on the tagged objects alone (and the blocks
 * they are in), not on the heap. Their list is taken first, since the callbacks may
 * untag them. With the world stopped and e's tags locked (jvmti_tags_walk_begin). */
static void iterate_tagged(JvmtiEnv *e, void (*fn)(Object *o, size_t size, void *arg), void *arg)
{
    ObjList l = {0};
    jvmti_tags_for_each(e, collect_tagged, &l);
    if (l.oom) {
        free(l.v);
        heap_iterate_sized(fn, arg); /* out of memory: the slow way */
        return;
    }
    for (size_t i = 0; i < l.n; i++) fn(l.v[i], heap_object_size_known(l.v[i]), arg);
    free(l.v);
}

typedef struct HeapIter {
    JvmtiEnv *env;
    bool aborted;
    /* IterateThroughHeap */
    jint heap_filter;
    Class *klass;
    const jvmtiHeapCallbacks *cb;
    /* 1.0 */
    jvmtiHeapObjectFilter object_filter;
    jvmtiHeapObjectCallback cb10;
    bool subclasses;
    const void *user_data;
} HeapIter;

static void tag_writeback(JvmtiEnv *e, Object *o, jlong before, jlong after)
{
    if (before != after) jvmti_tag_set_stopped(e, o, after);
}

static void through_heap_one(Object *o, size_t osize, void *arg)
{
    HeapIter *h = arg;
    if (h->aborted) return;
    if (h->klass != NULL && o->klass != h->klass) return;
    JvmtiEnv *e = h->env;
    jlong tag = jvmti_tag_get(e, o), ctag = jvmti_heap_class_tag(e, o);
    if (jvmti_heap_filtered(h->heap_filter, tag, ctag)) return;
    jlong size = (jlong)osize, t = tag;
    bool is_array = class_is_array(o->klass);
    jint r = 0;
    if (h->cb->heap_iteration_callback != NULL)
        r = h->cb->heap_iteration_callback(ctag, size, &t, is_array ? ((Array *)o)->length : -1, (void *)h->user_data);
    if (!(r & JVMTI_VISIT_ABORT) && h->cb->primitive_field_callback != NULL && !is_array)
        r = jvmti_heap_report_prim_fields(e, o, ctag, &t, h->cb->primitive_field_callback, h->user_data);
    if (!(r & JVMTI_VISIT_ABORT) && h->cb->string_primitive_value_callback != NULL && o->klass == wk.String)
        r = jvmti_heap_report_string(o, ctag, size, &t, h->cb->string_primitive_value_callback, h->user_data);
    if (!(r & JVMTI_VISIT_ABORT) && h->cb->array_primitive_value_callback != NULL && is_array &&
        !bt_is_ref((BasicType)o->klass->elem_type))
        r = jvmti_heap_report_array(o, ctag, size, &t, h->cb->array_primitive_value_callback, h->user_data);
    tag_writeback(e, o, tag, t);
    if (r & JVMTI_VISIT_ABORT) h->aborted = true;
}

/* JVMTI: IterateThroughHeap. Every object in the heap, reachable or not. An invalid
 * class filter is answered before any callback runs. */
jvmtiError jvmti_IterateThroughHeap(JvmtiEnv *env, Thread *self, jint heap_filter, jclass klass,
                                    const jvmtiHeapCallbacks *callbacks, const void *user_data)
{
    Class *k;
    bool prim;
    jvmtiError err = jvmti_heap_klass_filter(klass, &k, &prim);
    if (err != JVMTI_ERROR_NONE || prim) return err; /* no instances of a primitive class */
    HeapIter h = {.env = env, .heap_filter = heap_filter, .klass = k, .cb = callbacks, .user_data = user_data};
    bool end = jvmti_stop_world(self);
    jvmti_tags_walk_begin(env, self);
    if (heap_filter & JVMTI_HEAP_FILTER_UNTAGGED) iterate_tagged(env, through_heap_one, &h);
    else heap_iterate_sized(through_heap_one, &h);
    jvmti_tags_walk_end(env);
    if (end) thread_safepoint_end(self);
    return err;
}

static void over_heap_one(Object *o, size_t size, void *arg)
{
    HeapIter *h = arg;
    if (h->aborted) return;
    if (h->klass != NULL && !class_is_subclass_of(o->klass, h->klass)) return;
    JvmtiEnv *e = h->env;
    jlong tag = jvmti_tag_get(e, o);
    if (h->object_filter == JVMTI_HEAP_OBJECT_TAGGED && tag == 0) return;
    if (h->object_filter == JVMTI_HEAP_OBJECT_UNTAGGED && tag != 0) return;
    jlong t = tag;
    jvmtiIterationControl c = h->cb10(jvmti_heap_class_tag(e, o), (jlong)size, &t, (void *)h->user_data);
    tag_writeback(e, o, tag, t);
    if (c == JVMTI_ITERATION_ABORT) h->aborted = true;
}

/* JVMTI: IterateOverHeap (Heap 1.0). Every object in the heap, reachable or not. */
jvmtiError jvmti_IterateOverHeap(JvmtiEnv *env, Thread *self, jvmtiHeapObjectFilter object_filter,
                                 jvmtiHeapObjectCallback heap_object_callback, const void *user_data)
{
    HeapIter h = {.env = env, .object_filter = object_filter, .cb10 = heap_object_callback, .user_data = user_data};
    bool end = jvmti_stop_world(self);
    jvmti_tags_walk_begin(env, self);
    if (object_filter == JVMTI_HEAP_OBJECT_TAGGED) iterate_tagged(env, over_heap_one, &h);
    else heap_iterate_sized(over_heap_one, &h);
    jvmti_tags_walk_end(env);
    if (end) thread_safepoint_end(self);
    return JVMTI_ERROR_NONE;
}

/* JVMTI: IterateOverInstancesOfClass (Heap 1.0). Instances of klass and of its
 * subclasses (implementations, for an interface), reachable or not. */
jvmtiError jvmti_IterateOverInstancesOfClass(JvmtiEnv *env, Thread *self, Class *klass,
                                             jvmtiHeapObjectFilter object_filter,
                                             jvmtiHeapObjectCallback heap_object_callback, const void *user_data)
{
    if (class_is_primitive(klass)) return JVMTI_ERROR_NONE;
    HeapIter h = {.env = env, .klass = klass, .object_filter = object_filter, .cb10 = heap_object_callback,
                  .user_data = user_data};
    bool end = jvmti_stop_world(self);
    jvmti_tags_walk_begin(env, self);
    if (object_filter == JVMTI_HEAP_OBJECT_TAGGED) iterate_tagged(env, over_heap_one, &h);
    else heap_iterate_sized(over_heap_one, &h);
    jvmti_tags_walk_end(env);
    if (end) thread_safepoint_end(self);
    return JVMTI_ERROR_NONE;
}
