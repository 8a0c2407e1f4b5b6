// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * gc.c — the collector: stop-the-world, non-moving mark-sweep (heap.h, docs/design.md).
 *
 * One collection, on the thread whose allocation needed it (or that asked):
 *
 *   1. serialize with other would-be collectors (gc_mutex, waited for in TS_BLOCKED), and
 *      skip an allocation-triggered collection if another thread just ran one;
 *   2. thread_safepoint_begin: every other thread is safe or parked at a poll;
 *   3. drop every thread's free lists (their cells are not marked allocated, so the sweep
 *      takes them back);
 *   4. mark from the roots — thread stacks (Java frames by stack maps, C stacks
 *      conservatively) and thread roots, the collector's own C stack, JNI globals, the boot loader's classes, the classes of
 *      every Java frame's method and of classes JVMTI pins, registered VM globals, the
 *      reference pending list — tracing with an explicit mark stack (reference arrays
 *      are scanned in chunks so the stack stays small). Classes are not roots by
 *      themselves (docs/design.md "Class unloading"): tracing an object marks its
 *      class's mirror, tracing a mirror reports its class's references
 *      (class_visit_refs: loader, supertypes, resolved classes, ...), and after each
 *      drain the classes and modules of loaders found live are marked, until nothing
 *      new appears;
 *   5. java.lang.ref processing (below), then the registered weak processors, then
 *      class unloading (unload.c: dead classes unlinked and freed, before the sweep
 *      frees their mirrors);
 *   6. sweep every block (alloc bits &= mark bits; empty blocks become free, partially
 *      used ones go to their size class's pool), compute the next budget, decommit idle
 *      blocks;
 *   7. thread_safepoint_end; wake the Reference Handler if references are pending.
 *
 * References (JDK 17 java.lang.ref.Reference: referent, queue, next, discovered). While
 * tracing, a Soft/Weak/Final/Phantom reference that is active (next == NULL) and whose
 * referent is not marked yet is "discovered": its referent is not traced, and the
 * reference goes on a side list for its kind (the Java `discovered` field is left alone
 * until the reference is handed to Java). After marking:
 *   - Soft: treated as strong (never discovered) unless the cause is GC_LAST_DITCH, in
 *     which case soft references are cleared like weak ones;
 *   - Weak: referent unmarked -> referent = NULL, reference appended to the pending list;
 *   - Final: referent unmarked -> next = this (the reference becomes inactive, as HotSpot
 *     does, so it is never rediscovered), appended to the pending list, and the referent
 *     is marked and traced so it survives for finalize(); not cleared;
 *   - tracing from finalizable objects can discover more references: soft/weak/final are
 *     processed again until nothing new appears;
 *   - Phantom: referent (still) unmarked -> cleared and appended.
 * References whose referent turned out to be marked are left untouched. The pending list
 * is linked through Reference.discovered, NULL-terminated; new references are pushed in
 * front of whatever the Reference Handler has not taken yet. The list is a root.
 *
 * Thread-safety: everything here runs on the collecting thread with the world stopped,
 * except the pending-list API (ref_lock) and registration (reg_lock).
 */
#include <stdio.h>
#include <string.h>

#include "../os/os.h"
#include "class.h"
#include "heap.h"
#include "heapint.h"
#include "loader.h"
#include "module.h"
#include "log.h"
#include "options.h"
#include "ref.h"
#include "interp.h"
#include "thread.h"
#include "unload.h"
#include "wellknown.h"
#include "../jvmti/jvmti_vm.h" /* event hooks */

/* Reference arrays longer than this are scanned in pieces (continuation entries). */
#define ARRAY_CHUNK 1024
#define MAX_WEAK_PROCESSORS 32

/* Only one collector at a time; other threads that want to collect wait for it safely. */
static OsMutex gc_mutex;
/* heap.h: collections held off (heap_gc_disable). */
static OsCond gc_enabled_cond;
static OsMutex gc_enable_lock; /* leaf: gc_enabled_cond's */
static _Atomic int gc_enable_waiters;

/* The pending list and the Reference Handler's wait. */
static OsMutex ref_lock;
static OsCond ref_cond;
static Object *pending_head;

/* Registered roots and weak processors (registration may precede heap_init). */
static atomic_flag reg_lock = ATOMIC_FLAG_INIT;
static Object ***roots;
static size_t root_count, root_cap;
static void (*weak_processors[MAX_WEAK_PROCESSORS])(void);
void (*heap_gc_end_hook)(Thread *t, const GcReport *r);
static int weak_processor_count;

/* Mark stack: object addresses, or a tagged array (bit 0) above the index to resume at. */
static uintptr_t *mark_stack;
static size_t mark_top, mark_cap;

/* References discovered during this collection, by RefKind. */
typedef struct RefList {
    Object **v;
    size_t n, cap;
} RefList;
static RefList discovered[REF_OTHER];
static bool clear_soft;

static void reg_acquire(void)
{
    while (atomic_flag_test_and_set_explicit(&reg_lock, memory_order_acquire)) os_thread_yield();
}

static void reg_release(void)
{
    atomic_flag_clear_explicit(&reg_lock, memory_order_release);
}

void gc_init(void)
{
    os_mutex_init(&gc_mutex);
    os_cond_init(&gc_enabled_cond);
    os_mutex_init(&gc_enable_lock);
    os_mutex_init(&ref_lock);
    os_cond_init(&ref_cond);
    mark_cap = 1 << 16;
    mark_stack = vm_malloc(mark_cap * sizeof *mark_stack);
}

void gc_register_root(Object **slot)
{
    reg_acquire();
    if (root_count == root_cap) {
        root_cap = root_cap ? root_cap * 2 : 64;
        roots = vm_realloc(roots, root_cap * sizeof *roots);
    }
    roots[root_count++] = slot;
    reg_release();
}

void gc_register_weak_processor(void (*fn)(void))
{
    reg_acquire();
    if (weak_processor_count == MAX_WEAK_PROCESSORS) panic("too many weak processors");
    weak_processors[weak_processor_count++] = fn;
    reg_release();
}

/* ---------------------------------------------------------------------------------- */
/* Marking                                                                             */

static __attribute__((noinline)) void mark_stack_grow(void)
{
    mark_cap *= 2;
    mark_stack = vm_realloc(mark_stack, mark_cap * sizeof *mark_stack);
}

static inline void mark_push(uintptr_t v)
{
    if (unlikely(mark_top == mark_cap)) mark_stack_grow();
    mark_stack[mark_top++] = v;
}

/* Is the block holding address a in use (so its bitmap words are committed)? */
static inline bool block_in_use(uintptr_t a)
{
    return heap.blocks[block_index(a)].kind >= BK_SMALL;
}

/* Marks an exact reference (field, array element, exact root) and queues it for tracing.
 * NULL and addresses outside the heap are ignored; a pointer into the heap that is not an
 * allocated object start is a broken invariant somewhere (asserted in debug builds). */
static inline void mark_ref(Object *o)
{
    uintptr_t a = (uintptr_t)o;
    if (!in_heap(a)) return;
    if (unlikely((a & 7) != 0 || !block_in_use(a))) {
        VM_ASSERT(!"reference into the heap that is not an object");
        return;
    }
    size_t g = granule_of(a);
    uint64_t bit = granule_bit(g);
    uint64_t *w = alloc_word(g); /* w[0] alloc, w[1] mark: one cache line */
    if (unlikely(!(w[0] & bit))) {
        VM_ASSERT(!"reference to a free heap cell");
        return;
    }
    if (w[1] & bit) return;
    w[1] |= bit;
    mark_push(a);
}

/* True if o is marked, or is not a heap object the collector could free. */
static bool survives(const Object *o)
{
    uintptr_t a = (uintptr_t)o;
    if (!in_heap(a) || (a & 7) != 0 || !block_in_use(a)) return true;
    return is_marked(granule_of(a));
}

static void discover(Object *ref, int kind)
{
    RefList *l = &discovered[kind];
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 256;
        l->v = vm_realloc(l->v, l->cap * sizeof *l->v);
    }
    l->v[l->n++] = ref;
}

static void scan_array(Array *a, uint32_t from)
{
    uint32_t len = (uint32_t)a->length;
    uint32_t end = len;
    if (end - from > ARRAY_CHUNK) {
        end = from + ARRAY_CHUNK;
        mark_push(end);
        mark_push((uintptr_t)a | 1);
    }
    Object **e = array_data(a);
    for (uint32_t i = from; i < end; i++) mark_ref(e[i]);
}

/* An instance of a java.lang.ref.Reference subclass. */
static void scan_reference(Object *o, const Class *k)
{
    uint32_t roff = wk_off.Reference_referent;
    Object *referent = FIELD_GET(o, roff, Object *);
    Object *next = FIELD_GET(o, wk_off.Reference_next, Object *);
    int kind = k->ref_kind;
    bool defer = referent != NULL && next == NULL && (kind != REF_SOFT || clear_soft) &&
                 !survives(referent);
    for (uint32_t i = 0; i < k->ref_offset_count; i++) {
        uint32_t off = k->ref_offsets[i];
        if (defer && off == roff) continue;
        mark_ref(FIELD_GET(o, off, Object *));
    }
    if (defer) discover(o, kind);
}

static RootVisitor marker;

static void trace(Object *o)
{
    const Class *k = o->klass;
    if (k == NULL) return; /* being initialized by its allocating thread: all zero */
    mark_ref(k->mirror); /* an object keeps its class loaded */
    if (class_is_array(k)) {
        if (bt_is_ref((BasicType)k->elem_type)) scan_array((Array *)o, 0);
        return;
    }
    if (unlikely(k->ref_kind != REF_NONE && k->ref_kind != REF_OTHER &&
                 wk_off.Reference_referent != 0)) {
        scan_reference(o, k);
    } else {
        const uint32_t *offs = k->ref_offsets;
        for (uint32_t i = 0, n = k->ref_offset_count; i < n; i++)
            mark_ref(FIELD_GET(o, offs[i], Object *));
    }
    if (k->flags & CLASS_F_MIRROR) {
        /* A java.lang.Class mirror carries its class's static fields. */
        Class *c = class_from_mirror(o);
        if (c != NULL) {
            for (uint32_t i = 0; i < c->static_ref_count; i++)
                mark_ref(FIELD_GET(o, c->static_ref_offsets[i], Object *));
            /* ...and stands for the class: its loader, the classes it depends on. */
            class_visit_refs(c, &marker);
        }
    }
}

/*
 * Traces until the mark stack is empty. Most of marking's time is the cache miss on each
 * object's header, so objects popped from the stack first pass through a small FIFO: each
 * is prefetched when it enters and traced when it leaves, PREFETCH_DEPTH objects later.
 */
#define PREFETCH_DEPTH 16
static void drain(void)
{
    Object *ring[PREFETCH_DEPTH];
    unsigned head = 0, count = 0;
    for (;;) {
        if (mark_top != 0 && count < PREFETCH_DEPTH) {
            uintptr_t v = mark_stack[--mark_top];
            if (v & 1) {
                uint32_t from = (uint32_t)mark_stack[--mark_top];
                scan_array((Array *)(v & ~(uintptr_t)1), from);
                continue;
            }
            __builtin_prefetch((void *)v);
            ring[(head + count++) % PREFETCH_DEPTH] = (Object *)v;
            continue;
        }
        if (count == 0) return;
        Object *o = ring[head];
        head = (head + 1) % PREFETCH_DEPTH;
        count--;
        trace(o);
    }
}

static void visit_root(RootVisitor *v, Object **slot, RootKind kind)
{
    (void)v;
    (void)kind;
    mark_ref(*slot);
}

static RootVisitor marker = {visit_root};

static bool is_marked_ref(const Object *o) { return survives(o); }

/* Drains, then marks the classes that loaders found live keep alive, until no new class
 * appears (a loader reached only through another class's mirror, ...). */
static void drain_with_classes(void)
{
    for (;;) {
        drain();
        bool more = loader_visit_live_classes(is_marked_ref, &marker);
        more |= module_visit_live_modules(is_marked_ref, &marker);
        if (!more) return;
    }
}

/* Every Java frame's method's class stays loaded while the frame exists. */
static void mark_frame_classes(Thread *t, void *arg)
{
    (void)arg;
    for (Frame *f = t->top_frame; f != NULL; f = f->prev)
        if (f->method != NULL && f->method->clazz != NULL) mark_ref(f->method->clazz->mirror);
}

static void mark_class_mirror(Class *c, void *arg)
{
    (void)arg;
    mark_ref(c->mirror);
}

/* Roots that pin classes: with -XX:-ClassUnloading every class is one. */
static void mark_class_roots(void)
{
    loader_visit_roots(&marker);
    thread_for_each(mark_frame_classes, NULL);
    jvmti_visit_class_pins(&marker);
    if (!unload_enabled()) loader_for_each_class(mark_class_mirror, NULL);
}

__attribute__((no_sanitize_address)) void gc_scan_conservative(RootVisitor *v, const void *lo,
                                                               const void *hi, RootKind kind)
{
    uintptr_t p = ALIGN_UP((uintptr_t)lo, sizeof(uintptr_t));
    for (; p + sizeof(uintptr_t) <= (uintptr_t)hi; p += sizeof(uintptr_t)) {
        uintptr_t w = *(const uintptr_t *)p;
        if (!in_heap(w)) {
            /* VM code may hold a Class* whose class nothing else keeps loaded yet (a
             * hidden class being defined): such a word pins the class too. */
            if (kind == ROOT_NATIVE_STACK) {
                Class *c = loader_class_at(w);
                if (c != NULL && c->mirror != NULL) v->visit(v, &c->mirror, ROOT_CLASS);
            }
            continue;
        }
        Object *o = heap_object_containing((const void *)w);
        if (o != NULL) v->visit(v, &o, kind);
    }
}

static __attribute__((noinline)) void *frame_below(void)
{
    return __builtin_frame_address(0);
}

/*
 * The collecting thread's own C stack: the VM code that allocated may hold Object* in
 * locals and callee-saved registers. __builtin_unwind_init makes this function save every
 * callee-saved register in its frame, and the bound is the frame of a function called from
 * here, below all of them. (setjmp alone would not do: glibc mangles rbp in a jmp_buf.)
 */
static __attribute__((noinline)) void scan_own_stack(Thread *t)
{
    __builtin_unwind_init();
    void *lo = frame_below();
    void *hi = t->stack_hi;
    if (hi == NULL) {
        void *unused;
        os_thread_stack_bounds(&unused, &hi);
    }
    thread_scan_c_stack(&marker, t, lo, hi);
}

static void mark_roots(Thread *self)
{
    loader_index_classes(true); /* for Class* words on C stacks */
    thread_visit_roots(&marker);
    scan_own_stack(self);
    loader_index_classes(false);
    ref_visit_globals(&marker);
    mark_class_roots();
    reg_acquire();
    for (size_t i = 0; i < root_count; i++) mark_ref(*roots[i]);
    reg_release();
    /* References the Reference Handler has not taken yet, and their referents. */
    if (wk_off.Reference_discovered != 0) {
        for (Object *r = pending_head; r != NULL;
             r = FIELD_GET(r, wk_off.Reference_discovered, Object *)) {
            mark_ref(r);
            mark_ref(FIELD_GET(r, wk_off.Reference_referent, Object *));
        }
    }
    drain_with_classes();
}

/* ---------------------------------------------------------------------------------- */
/* java.lang.ref                                                                       */

static void make_pending(Object *ref)
{
    FIELD_SET(ref, wk_off.Reference_discovered, Object *, pending_head);
    pending_head = ref;
}

/* Soft (when clearing) and weak references, and phantoms at the end. */
static void clear_unreachable(RefList *l)
{
    for (size_t i = 0; i < l->n; i++) {
        Object *r = l->v[i];
        Object *referent = FIELD_GET(r, wk_off.Reference_referent, Object *);
        if (referent == NULL || survives(referent)) continue;
        FIELD_SET(r, wk_off.Reference_referent, Object *, NULL);
        make_pending(r);
    }
    l->n = 0;
}

static void process_references(void)
{
    RefList *finals = &discovered[REF_FINAL];
    for (;;) {
        clear_unreachable(&discovered[REF_SOFT]);
        clear_unreachable(&discovered[REF_WEAK]);
        if (finals->n == 0) break;
        /* Decide for every final reference before resurrecting any, so objects reachable
         * only from other finalizable objects are finalized in the same round. */
        size_t n = 0;
        for (size_t i = 0; i < finals->n; i++) {
            Object *r = finals->v[i];
            Object *referent = FIELD_GET(r, wk_off.Reference_referent, Object *);
            if (referent != NULL && !survives(referent)) finals->v[n++] = r;
        }
        finals->n = 0;
        for (size_t i = 0; i < n; i++) {
            Object *r = finals->v[i];
            mark_ref(FIELD_GET(r, wk_off.Reference_referent, Object *));
            FIELD_SET(r, wk_off.Reference_next, Object *, r);
            make_pending(r);
        }
        drain_with_classes(); /* may discover more references (appended to the lists) */
    }
    clear_unreachable(&discovered[REF_PHANTOM]);
}

/* ---------------------------------------------------------------------------------- */
/* Sweeping                                                                            */

/* Sweeps every block in use; returns the bytes that remain in use. heap.lock held. */
static size_t sweep(void)
{
    size_t live = 0;
    heap_pools_reset();
    /* Top down, so each pool ends with its lowest block first. */
    for (uint32_t bi = heap.top; bi-- > 0;) {
        Block *b = &heap.blocks[bi];
        if (b->kind == BK_SMALL) {
            uint64_t *bits = block_bits(bi);
            uint32_t n = 0;
            for (unsigned w = 0; w < 2 * BLOCK_BITMAP_WORDS; w += 2) {
                uint64_t x = bits[w] & bits[w + 1];
#ifdef GLASS_SANITIZE
                for (uint64_t dead = bits[w] & ~x; dead != 0; dead &= dead - 1) {
                    size_t g = (size_t)w / 2 * 64 + (size_t)__builtin_ctzll(dead);
                    uintptr_t cell = block_addr(bi) + (g << GRANULE_SHIFT);
                    HEAP_POISON((void *)cell, heap_class_size[b->sc]);
                }
#endif
                bits[w] = x;
                bits[w + 1] = 0;
                n += (uint32_t)__builtin_popcountll(x);
            }
            b->live = n;
            if (n == 0) {
                heap_blocks_release(bi, 1);
            } else {
                live += (size_t)n * heap_class_size[b->sc];
                if (n < block_cells(b)) heap_pool_push(bi);
            }
        } else if (b->kind == BK_LARGE) {
            size_t g = granule_of(block_addr(bi));
            uint32_t run = b->run;
            if (is_marked(g)) {
                *mark_word(g) &= ~granule_bit(g);
                live += (size_t)run << BLOCK_SHIFT;
            } else {
                *alloc_word(g) &= ~granule_bit(g);
                heap_blocks_release(bi, run);
            }
        }
    }
    return live;
}

/* ---------------------------------------------------------------------------------- */
/* Collection                                                                          */

static void drop_tlab(Thread *t, void *arg)
{
    (void)arg;
    tlab_drop(&t->tlab);
}

static const char *cause_text(GcCause cause)
{
    switch (cause) {
    case GC_ALLOCATION: return "Allocation Failure";
    case GC_SYSTEM: return "System.gc()";
    case GC_LAST_DITCH: return "Last ditch collection";
    case GC_TOOL: return "JvmtiEnv ForceGarbageCollection";
    case GC_HEAP_DUMP: return "Heap Dump Initiated GC";
    case GC_HEAP_INSPECTION: return "Heap Inspection Initiated GC";
    }
    return "unknown";
}

/* TS_JAVA -> TS_BLOCKED with the registers spilled and a stack bound below every frame
 * that may hold a caller's values (see jnienter.h for why this is a separate function).
 * __builtin_unwind_init pushes every callee-saved register into this frame, above the
 * bound: glibc's setjmp stores rbp mangled, so the jmp_buf alone would hide a pointer
 * that a caller keeps in rbp. */
static __attribute__((noinline)) void enter_blocked(Thread *t)
{
    __builtin_unwind_init();
    volatile char bound = 0;
    os_save_regs(t->regs);
    thread_enter_safe_at(t, TS_BLOCKED, (void *)&bound);
}

/* Holding collections off costs two atomic operations: the holder is in TS_JAVA, so no
 * collection is running (the world would be stopped, and the holder with it), and one
 * about to start checks the count again once the world is stopped, when no thread can
 * change it (a thread in native code that wants to goes through jni_enter and waits for
 * the safepoint to end). The collector waits on gc_enabled_cond under the leaf lock
 * gc_enable_lock; an enabler signals only when gc_enable_waiters says somebody waits
 * (sequentially consistent counters: the waiter or the enabler sees the other). */
void heap_gc_disable(Thread *t)
{
    atomic_fetch_add(&heap.gc_disabled, 1);
    t->gc_disable_depth++;
}

void heap_gc_enable(Thread *t)
{
    if (t->gc_disable_depth <= 0) return; /* not held by this thread: ignored */
    t->gc_disable_depth--;
    if (atomic_fetch_sub(&heap.gc_disabled, 1) == 1 && atomic_load(&gc_enable_waiters) > 0) {
        os_mutex_lock(&gc_enable_lock);
        os_cond_broadcast(&gc_enabled_cond);
        os_mutex_unlock(&gc_enable_lock);
    }
}

/* gc_mutex held, world running: waits until no thread holds collections off. */
static void wait_gc_enabled(Thread *t)
{
    thread_lock_safe(t, &gc_enable_lock);
    atomic_fetch_add(&gc_enable_waiters, 1);
    while (atomic_load(&heap.gc_disabled) != 0) thread_cond_wait_safe(t, &gc_enabled_cond, &gc_enable_lock);
    atomic_fetch_sub(&gc_enable_waiters, 1);
    os_mutex_unlock(&gc_enable_lock);
}

/*
 * Conservative scanning sees every word of the collector's own frames, including slots
 * they never wrote, which still hold whatever deeper calls left there earlier (the class
 * loader of a finished upcall, ...): garbage kept alive, and with a loader all of its
 * classes. So a collection first zeroes the unused C stack below it (as the Boehm
 * collector's GC_clear_stack does): the frames it then builds hold only what they wrote.
 */
#define CLEAR_STACK_BYTES (32 * 1024)
static __attribute__((noinline)) void clear_stack_below(Thread *t)
{
    if (t->stack_guard == NULL) return; /* stack bounds unknown */
    uintptr_t sp = (uintptr_t)__builtin_frame_address(0);
    uintptr_t floor = (uintptr_t)t->stack_guard + 8192;
    if (sp <= floor) return;
    size_t n = sp - floor < CLEAR_STACK_BYTES ? sp - floor : CLEAR_STACK_BYTES;
    char *buf = __builtin_alloca(n);
    memset(buf, 0, n);
    __asm__ volatile("" : : "r"(buf) : "memory");
}

void gc_collect(Thread *t, GcCause cause, uint64_t seen)
{
    clear_stack_below(t);
    if (heap.in_gc) panic("collection requested during a collection");
    bool suspended_before = thread_must_stay_suspended(t);
    /* Held off (heap_gc_disable) by this very thread: no collection. Decided before
     * gc_mutex, which a collector waiting for the holders to let go keeps. */
    if (unlikely(t->gc_disable_depth > 0)) return;
    /* Another thread may be collecting: wait for it in a safe state, or its safepoint
     * would wait for us (and, suspended meanwhile, without gc_mutex). */
    thread_lock_safe(t, &gc_mutex);
    if (cause == GC_ALLOCATION && atomic_load(&heap.gc_count) != seen) {
        os_mutex_unlock(&gc_mutex); /* somebody else just collected: retry allocating */
        return;
    }
    /* Held off by other threads: wait, and check again with the world stopped (see
     * heap_gc_disable). The holders never need gc_mutex to let go. */
    if (unlikely(atomic_load(&heap.gc_disabled) != 0)) wait_gc_enabled(t);
    /* A tool's GC start, before the world stops (JVMPI GC_START). */
    if (unlikely(jvmti_want(JVMTI_XEVENT_GC_PROLOGUE))) jvmti_post_gc_prologue(t);

    thread_safepoint_begin(t);
    while (unlikely(atomic_load(&heap.gc_disabled) != 0)) {
        thread_safepoint_end(t);
        wait_gc_enabled(t);
        thread_safepoint_begin(t);
    }
    if (unlikely(jvmti_want(JVMTI_EVENT_GARBAGE_COLLECTION_START))) jvmti_post_gc_start(t);
    int64_t t0 = os_nanotime();
    heap.in_gc = true;
    size_t used_before = heap.live_after + heap.alloc_since;
    size_t committed_before = heap.committed;
    uint64_t id = atomic_fetch_add(&heap.gc_count, 1);
    /* -Xlog:gc+cpu: this thread does the whole collection, so its CPU time over the
     * pause is the collection's (HotSpot sums its GC workers' the same way). */
    int64_t cpu0 = -1, user0 = -1;
    if (log_is_enabled(LOG_INFO, gc_cpu)) {
        cpu0 = os_thread_cpu_time();
        user0 = os_thread_user_time_of(os_thread_id());
    }
    if (log_is_enabled(LOG_DEBUG, gc_heap)) {
        char prefix[32];
        snprintf(prefix, sizeof prefix, "GC(%llu) ", (unsigned long long)id);
        log_print(LOG_DEBUG, LOG_TS_gc_heap, "%sHeap before GC invocations=%llu (full %llu):", prefix,
                  (unsigned long long)id, (unsigned long long)id);
        heap_log_summary(LOG_DEBUG, LOG_TS_gc_heap, prefix);
    }
    /* HotSpot's GCTraceTime writes the start line only when its end line (gc) is on too. */
    if (log_is_enabled(LOG_INFO, gc_start) && log_is_enabled(LOG_INFO, gc))
        log_print(LOG_INFO, LOG_TS_gc_start, "GC(%llu) Pause Full (%s)", (unsigned long long)id, cause_text(cause));

    thread_for_each(drop_tlab, NULL);
    clear_soft = cause == GC_LAST_DITCH;
    /* The pending list changes only here and in heap_take_pending_references, whose
     * callers are in TS_JAVA (stopped now): marking may read it without ref_lock. */
    mark_roots(t);
    os_mutex_lock(&ref_lock);
    if (wk_off.Reference_referent != 0) process_references();
    bool wake = pending_head != NULL;
    os_mutex_unlock(&ref_lock);
    for (int i = 0; i < weak_processor_count; i++) weak_processors[i]();
    unload_classes(t);

    os_mutex_lock(&heap.lock);
    heap.live_after = sweep();
    heap.alloc_since = 0;
    heap_update_budget();
    heap_decommit_idle();
    size_t used_after = heap.live_after, committed = heap.committed;
    os_mutex_unlock(&heap.lock);
    heap.in_gc = false;
    int64_t dt = os_nanotime() - t0;
    atomic_fetch_add(&heap.gc_time_ns, (uint64_t)dt);
    atomic_store(&heap.last_gc_end_ns, t0 + dt);
    if (unlikely(jvmti_want(JVMTI_EVENT_GARBAGE_COLLECTION_FINISH))) jvmti_post_gc_finish(t);
    if (log_is_enabled(LOG_DEBUG, gc_heap)) {
        char prefix[32];
        snprintf(prefix, sizeof prefix, "GC(%llu) ", (unsigned long long)id);
        log_print(LOG_DEBUG, LOG_TS_gc_heap, "%sHeap after GC invocations=%llu (full %llu):", prefix,
                  (unsigned long long)id + 1, (unsigned long long)id + 1);
        heap_log_summary(LOG_DEBUG, LOG_TS_gc_heap, prefix);
    }
    /* HotSpot's text, inside the pause as HotSpot logs it (before the safepoint line);
     * log writers never wait for a safepoint while they hold the log's lock. JVMTI
     * SetVerboseFlag and MemoryMXBean.setVerbose switch it at run time. */
    log_info(gc, "GC(%llu) Pause Full (%s) %zuM->%zuM(%zuM) %.3fms", (unsigned long long)id,
             cause_text(cause), used_before >> 20, used_after >> 20, committed >> 20, (double)dt / 1e6);
    if (cpu0 >= 0 && log_is_enabled(LOG_INFO, gc_cpu)) {
        int64_t cpu = os_thread_cpu_time() - cpu0;
        int64_t user = user0 >= 0 ? os_thread_user_time_of(os_thread_id()) - user0 : cpu;
        if (user > cpu) user = cpu; /* the user figure has clock-tick granularity */
        log_print(LOG_INFO, LOG_TS_gc_cpu, "GC(%llu) User=%.2fs Sys=%.2fs Real=%.2fs", (unsigned long long)id,
                  (double)user / 1e9, (double)(cpu - user) / 1e9, (double)dt / 1e9);
    }
    thread_safepoint_end(t);

    if (heap_gc_end_hook != NULL) {
        GcReport r = {cause, cause_text(cause), id, t0, t0 + dt, used_before, used_after, committed_before, committed};
        heap_gc_end_hook(t, &r);
    }
    os_mutex_unlock(&gc_mutex);
    if (wake) {
        os_mutex_lock(&ref_lock);
        os_cond_broadcast(&ref_cond);
        os_mutex_unlock(&ref_lock);
    }
    if (unlikely(jvmti_want(JVMTI_EVENT_OBJECT_FREE))) jvmti_post_object_free(t);
    unload_post_events(t);
    /* Suspended while it waited to begin (at the safepoint that ran just before ours,
     * which saw it safe): it stops now, as the allocation poll would have stopped it,
     * instead of running on into Java code. A thread suspended before it came (VM code
     * for its native caller) goes on. */
    if (!suspended_before) thread_check_suspended(t);
}

void gc_visit_vm_roots(RootVisitor *v)
{
    reg_acquire();
    for (size_t i = 0; i < root_count; i++)
        if (*roots[i] != NULL) v->visit(v, roots[i], ROOT_VM);
    reg_release();
    if (wk_off.Reference_discovered != 0) {
        for (Object *r = pending_head; r != NULL; r = FIELD_GET(r, wk_off.Reference_discovered, Object *)) {
            Object *o = r;
            v->visit(v, &o, ROOT_VM);
        }
    }
}

bool gc_is_alive(const Object *o)
{
    return o == NULL || survives(o);
}

uint64_t gc_mark_bits(uintptr_t addr)
{
    _Static_assert(HEAP_GRANULE_BYTES == 1 << GRANULE_SHIFT, "granule size");
    VM_ASSERT(in_heap(addr) && (granule_of(addr) & 63) == 0);
    return *mark_word(granule_of(addr));
}

/* ---------------------------------------------------------------------------------- */
/* Pending references (JVM_WaitForReferencePendingList and friends)                   */

bool heap_has_pending_references(void)
{
    os_mutex_lock(&ref_lock);
    bool r = pending_head != NULL;
    os_mutex_unlock(&ref_lock);
    return r;
}

void heap_wait_pending_references(Thread *t)
{
    enter_blocked(t);
    os_mutex_lock(&ref_lock);
    while (pending_head == NULL) os_cond_wait(&ref_cond, &ref_lock);
    os_mutex_unlock(&ref_lock);
    thread_leave_safe(t);
}

Object *heap_take_pending_references(void)
{
    os_mutex_lock(&ref_lock);
    Object *r = pending_head;
    pending_head = NULL;
    os_mutex_unlock(&ref_lock);
    return r;
}
