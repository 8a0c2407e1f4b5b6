// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * ref.c — JNI local, global and weak global references (JNI spec, "Referencing Java
 * Objects"; ref.h states the encoding).
 *
 * Local references. Each thread owns one stack of Object* slots (LocalRefs in thread.h)
 * in a private virtual-memory reservation that is committed page by page as it grows.
 * The slots never move, so a jobject (the address of a slot) stays valid for as long as
 * its frame lives, however many references are created after it. Slots [0, top) are live;
 * the collector visits them exactly (ref_visit_locals). Frames:
 *   - PushLocalFrame stores a marker slot (the previous frame_base, shifted left and
 *     tagged with bit 0, which no Object* has) and starts a frame after it;
 *     PopLocalFrame finds that marker at frame_base - 1 and drops everything above it.
 *   - Native method calls (native.c) do not push a marker: they remember ref_mark() and
 *     the frame_base, set frame_base to the mark while the native runs, and give both
 *     back to ref_release_to(), which also discards frames the native forgot to pop.
 * DeleteLocalRef of the topmost slot pops it (and any deleted slots right below it, down
 * to frame_base) so create/delete loops run in constant space; deleting any other local
 * only clears its slot.
 *
 * Global and weak global references live in two RefTables: chunks of slots that are
 * never moved or freed (a jobject stays a valid address for the life of the VM), with a
 * free list threaded through deleted slots (a free slot holds the next free slot's
 * address tagged with bit 0, so it is never mistaken for an object). Weak references are
 * returned with bit 0 set; the collector does not treat their slots as roots, and after
 * marking our weak processor clears the slots of dead referents (GetObjectRefType still
 * reports them as weak, and ref_get returns NULL, as the JNI spec requires).
 *
 * Threads: local references belong to their thread. Table updates take the table lock;
 * JNI functions modify references only in state TS_JAVA, so the collector, which runs at
 * a safepoint, never sees a half-done update. The collector's visitors take the lock as
 * well: no thread can hold it while stopped, because nothing here polls or blocks.
 */
#include "ref.h"

#include <string.h>

#include "../os/os.h"
#include "exception.h"

/* ---- local references ---- */

/* Upper bound on live local references per thread (the reservation), and the unit in
 * which the reservation is committed. HotSpot has no hard limit; 8M slots is far beyond
 * any sane native method and costs only address space. */
#define LOCALS_MAX_SLOTS ((size_t)1 << 23)
#define LOCALS_MIN_COMMIT_SLOTS 512u

static inline bool is_tagged(const Object *o) { return ((uintptr_t)o & 1) != 0; }
static inline Object *frame_marker(uint32_t saved_base)
{
    return (Object *)(((uintptr_t)saved_base << 1) | 1);
}
static inline uint32_t marker_base(const Object *m) { return (uint32_t)((uintptr_t)m >> 1); }


/*
 * The reservation starts with one word holding the number of slots it can ever hold; the
 * slots follow it, so LocalRefs needs no extra field. `capacity` counts committed slots.
 */
static inline size_t *locals_header(const LocalRefs *l) { return (size_t *)l->slots - 1; }
static inline size_t locals_limit(const LocalRefs *l) { return *locals_header(l); }

/* Slots kept back for building the OutOfMemoryError that reports an overflow (its
 * construction runs Java code and native methods, which need local references too). */
#define LOCALS_EMERGENCY_SLOTS 4096u
static __thread bool locals_overflowing;

/* Commits enough of the reservation to hold `need` slots; false if the limit is hit. */
static bool locals_grow(LocalRefs *l, size_t need)
{
    size_t limit = locals_limit(l);
    if (!locals_overflowing) limit -= LOCALS_EMERGENCY_SLOTS;
    if (need > limit) return false;
    size_t page = os_page_size();
    size_t have = ((size_t)l->capacity + 1) * sizeof(Object *); /* header + slots */
    size_t want = have * 2;
    size_t min = ALIGN_UP((need + 1) * sizeof(Object *), page);
    size_t max = (locals_limit(l) + 1) * sizeof(Object *);
    if (want < min) want = min;
    if (want > max) want = max;
    if (!os_commit((char *)locals_header(l) + have, want - have)) return false;
    l->capacity = (uint32_t)(want / sizeof(Object *) - 1);
    return true;
}

/* Leaves OutOfMemoryError pending for a local reference overflow. */
static void locals_overflow(Thread *t)
{
    if (locals_overflowing) panic("JNI local reference stack exhausted while reporting overflow");
    locals_overflowing = true;
    exc_throw(t, "java/lang/OutOfMemoryError", "JNI local reference table overflow (%u slots)",
              t->locals.top);
    locals_overflowing = false;
}

void ref_thread_init(Thread *t)
{
    LocalRefs *l = &t->locals;
    size_t page = os_page_size();
    size_t bytes = (LOCALS_MAX_SLOTS + 1) * sizeof(Object *);
    void *base = os_reserve(bytes);
    /* Address space may be limited (ulimit -v): settle for less. */
    while (base == NULL && bytes > 64 * page) {
        bytes /= 4;
        base = os_reserve(bytes);
    }
    size_t first = ALIGN_UP((LOCALS_MIN_COMMIT_SLOTS + 1) * sizeof(Object *), page);
    if (base == NULL || !os_commit(base, first))
        panic("cannot reserve memory for JNI local references");
    *(size_t *)base = bytes / sizeof(Object *) - 1;
    l->slots = (Object **)base + 1;
    l->top = 0;
    l->frame_base = 0;
    l->capacity = (uint32_t)(first / sizeof(Object *) - 1);
}

void ref_thread_destroy(Thread *t)
{
    LocalRefs *l = &t->locals;
    if (l->slots == NULL) return;
    os_release(locals_header(l), (locals_limit(l) + 1) * sizeof(Object *));
    l->slots = NULL;
    l->top = l->capacity = l->frame_base = 0;
}

jobject ref_new_local(Thread *t, Object *o)
{
    if (o == NULL) return NULL;
    LocalRefs *l = &t->locals;
    if (unlikely(l->top >= l->capacity) && !locals_grow(l, (size_t)l->top + 1)) {
        locals_overflow(t);
        return NULL;
    }
    Object **s = &l->slots[l->top];
    *s = o;
    l->top++;
    return (jobject)s;
}

void ref_delete_local(Thread *t, jobject r)
{
    LocalRefs *l = &t->locals;
    Object **s = (Object **)r;
    /* Ignore NULL, weak references and anything that is not a live local of this thread
     * (HotSpot would scribble over it; we prefer doing nothing). */
    if (s == NULL || s < l->slots || s >= l->slots + l->top || ((uintptr_t)s & 7) != 0) return;
    if (is_tagged(*s)) return; /* a frame marker, not a reference */
    *s = NULL;
    uint32_t i = (uint32_t)(s - l->slots);
    if (i + 1 == l->top && i >= l->frame_base) {
        uint32_t top = i;
        while (top > l->frame_base && l->slots[top - 1] == NULL) top--;
        l->top = top;
    }
}

bool ref_ensure_local_capacity(Thread *t, int n)
{
    LocalRefs *l = &t->locals;
    if (n < 0) n = 0;
    size_t need = (size_t)l->top + (size_t)n;
    if (need <= l->capacity || locals_grow(l, need)) return true;
    locals_overflow(t);
    return false;
}

bool ref_push_frame(Thread *t, int capacity)
{
    LocalRefs *l = &t->locals;
    if (capacity < 0) capacity = 0;
    size_t need = (size_t)l->top + 1 + (size_t)capacity;
    if (need > l->capacity && !locals_grow(l, need)) {
        locals_overflow(t);
        return false;
    }
    l->slots[l->top] = frame_marker(l->frame_base);
    l->top++;
    l->frame_base = l->top;
    return true;
}

jobject ref_pop_frame(Thread *t, jobject result)
{
    LocalRefs *l = &t->locals;
    Object *res = ref_get(result); /* read before its slot may be dropped */
    uint32_t fb = l->frame_base;
    /* Without a matching PushLocalFrame there is nothing to pop; HotSpot then returns the
     * argument unchanged, and so do we. */
    if (fb == 0 || !is_tagged(l->slots[fb - 1])) return result;
    l->frame_base = marker_base(l->slots[fb - 1]);
    l->top = fb - 1;
    return ref_new_local(t, res);
}

void ref_release_to(Thread *t, uint32_t mark, uint32_t saved_frame_base)
{
    LocalRefs *l = &t->locals;
    /* A native that popped more frames than it pushed can leave top below its own mark:
     * slots re-exposed here must not resurrect stale pointers as roots. */
    if (l->top < mark) memset(&l->slots[l->top], 0, (size_t)(mark - l->top) * sizeof(Object *));
    l->top = mark;
    l->frame_base = saved_frame_base;
}

void ref_visit_locals(Thread *t, RootVisitor *v)
{
    LocalRefs *l = &t->locals;
    for (uint32_t i = 0; i < l->top; i++) {
        Object *o = l->slots[i];
        if (o != NULL && !is_tagged(o)) v->visit(v, &l->slots[i], ROOT_JNI_LOCAL);
    }
}

/* ---- global and weak global references ---- */

#define CHUNK_SLOTS 1024u

typedef struct RefTable {
    OsMutex lock;
    Object ***chunks;   /* chunk pointers; the chunks themselves never move */
    uint32_t chunk_count, chunk_cap;
    uint32_t last_used; /* slots handed out from the last chunk */
    Object **free_head; /* deleted slots, linked through their (tagged) contents */
} RefTable;

static RefTable globals, weaks;

static inline uint32_t chunk_used(const RefTable *tb, uint32_t k)
{
    return k + 1 == tb->chunk_count ? tb->last_used : CHUNK_SLOTS;
}

/* Under tb->lock. */
static Object **table_alloc(RefTable *tb, Object *o)
{
    Object **s = tb->free_head;
    if (s != NULL) {
        tb->free_head = (Object **)((uintptr_t)*s & ~(uintptr_t)1);
    } else {
        if (tb->chunk_count == 0 || tb->last_used == CHUNK_SLOTS) {
            if (tb->chunk_count == tb->chunk_cap) {
                tb->chunk_cap = tb->chunk_cap ? tb->chunk_cap * 2 : 16;
                tb->chunks = vm_realloc(tb->chunks, tb->chunk_cap * sizeof(Object **));
            }
            tb->chunks[tb->chunk_count++] = vm_calloc(CHUNK_SLOTS, sizeof(Object *));
            tb->last_used = 0;
        }
        s = &tb->chunks[tb->chunk_count - 1][tb->last_used++];
    }
    *s = o;
    return s;
}

/* Under tb->lock: is s an allocated (not free) slot of tb? */
static bool table_has(const RefTable *tb, Object **s)
{
    if (((uintptr_t)s & 7) != 0) return false;
    for (uint32_t k = 0; k < tb->chunk_count; k++) {
        Object **c = tb->chunks[k];
        if (s >= c && s < c + chunk_used(tb, k)) return !is_tagged(*s);
    }
    return false;
}

/* Under tb->lock. */
static void table_free(RefTable *tb, Object **s)
{
    *s = (Object *)((uintptr_t)tb->free_head | 1);
    tb->free_head = s;
}

/* Calls fn on every allocated slot. Under tb->lock. */
static void table_for_each(RefTable *tb, void (*fn)(Object **slot, void *arg), void *arg)
{
    for (uint32_t k = 0; k < tb->chunk_count; k++) {
        Object **c = tb->chunks[k];
        uint32_t n = chunk_used(tb, k);
        for (uint32_t i = 0; i < n; i++) {
            if (c[i] != NULL && !is_tagged(c[i])) fn(&c[i], arg);
        }
    }
}

static void clear_if_dead(Object **slot, void *arg)
{
    (void)arg;
    if (!gc_is_alive(*slot)) *slot = NULL;
}

/* Weak processor: runs at the safepoint after marking. */
static void process_weak_globals(void)
{
    os_mutex_lock(&weaks.lock);
    table_for_each(&weaks, clear_if_dead, NULL);
    os_mutex_unlock(&weaks.lock);
}

void ref_init(void)
{
    os_mutex_init(&globals.lock);
    os_mutex_init(&weaks.lock);
    gc_register_weak_processor(process_weak_globals);
}

jobject ref_new_global(Object *o)
{
    if (o == NULL) return NULL;
    os_mutex_lock(&globals.lock);
    Object **s = table_alloc(&globals, o);
    os_mutex_unlock(&globals.lock);
    return (jobject)s;
}

void ref_delete_global(jobject r)
{
    if (r == NULL || ((uintptr_t)r & 1) != 0) return;
    os_mutex_lock(&globals.lock);
    if (table_has(&globals, (Object **)r)) table_free(&globals, (Object **)r);
    os_mutex_unlock(&globals.lock);
}

jweak ref_new_weak(Object *o)
{
    if (o == NULL) return NULL;
    os_mutex_lock(&weaks.lock);
    Object **s = table_alloc(&weaks, o);
    os_mutex_unlock(&weaks.lock);
    return (jweak)((uintptr_t)s | 1);
}

void ref_delete_weak(jweak r)
{
    uintptr_t v = (uintptr_t)r;
    if (r == NULL || (v & 1) == 0) return;
    Object **s = (Object **)(v & ~(uintptr_t)1);
    os_mutex_lock(&weaks.lock);
    if (table_has(&weaks, s)) table_free(&weaks, s);
    os_mutex_unlock(&weaks.lock);
}

RefType ref_type(Thread *t, jobject r)
{
    uintptr_t v = (uintptr_t)r;
    if (r == NULL) return REF_TYPE_INVALID;
    if (v & 1) {
        os_mutex_lock(&weaks.lock);
        bool weak = table_has(&weaks, (Object **)(v & ~(uintptr_t)1));
        os_mutex_unlock(&weaks.lock);
        return weak ? REF_TYPE_WEAK : REF_TYPE_INVALID;
    }
    Object **s = (Object **)r;
    if (t != NULL) {
        LocalRefs *l = &t->locals;
        if (s >= l->slots && s < l->slots + l->top && (v & 7) == 0)
            return is_tagged(*s) ? REF_TYPE_INVALID : REF_TYPE_LOCAL;
    }
    os_mutex_lock(&globals.lock);
    bool global = table_has(&globals, s);
    os_mutex_unlock(&globals.lock);
    return global ? REF_TYPE_GLOBAL : REF_TYPE_INVALID;
}

static void visit_global(Object **slot, void *arg)
{
    RootVisitor *v = arg;
    v->visit(v, slot, ROOT_JNI_GLOBAL);
}

static void count_slot(Object **slot, void *arg)
{
    (void)slot;
    (*(size_t *)arg)++;
}

void ref_global_counts(size_t *global_count, size_t *weak_count)
{
    *global_count = *weak_count = 0;
    os_mutex_lock(&globals.lock);
    table_for_each(&globals, count_slot, global_count);
    os_mutex_unlock(&globals.lock);
    os_mutex_lock(&weaks.lock);
    table_for_each(&weaks, count_slot, weak_count);
    os_mutex_unlock(&weaks.lock);
}

void ref_visit_globals(RootVisitor *v)
{
    os_mutex_lock(&globals.lock);
    table_for_each(&globals, visit_global, v);
    os_mutex_unlock(&globals.lock);
}
