// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * heap.c — the JVMTI Heap category, part 1: ForceGarbageCollection, object tags (GetTag,
 * SetTag, GetObjectsWithTags), the ObjectFree event, and the whole-heap iterations
 * (IterateThroughHeap, and the Heap (1.0) IterateOverHeap and IterateOverInstancesOfClass).
 * The reference walks (FollowReferences and the 1.0 reachability functions) are in
 * heapwalk.c; heap_int.h is the seam between the two.
 *
 * Tags (spec "Object Tags"). Each environment that ever sets a non-zero tag gets a
 * JvmtiTagTable (JvmtiEnv.tags, created lazily: an environment that never tags pays
 * nothing): an open-addressing hash table keyed by Object*. The collector never moves
 * objects, so an address is a stable key for as long as the object lives. The table is
 * not a root: after each collection's marking, at the safepoint, tt_weak_processor (a
 * registered weak processor) turns the entries of dead objects into tombstones, or, for
 * an environment with ObjectFree enabled, into "freed" entries that keep the tag.
 * jvmti_post_object_free (a gc.c hook, after the world has restarted, on the collecting
 * thread) drains those and sends ObjectFree once per dead tagged object.
 *
 * Locking: each table has a mutex, taken in TS_JAVA without polling, so no thread is
 * ever inside a table operation while the world is stopped; the weak processor and the
 * heap walks (which run inside a safepoint on its initiator) therefore use the tables
 * without contention. The list of all tables is guarded by tables_lock the same way.
 * Never begin a safepoint while holding a table lock.
 *
 * Heap iterations run inside a safepoint (jvmti_stop_world) on the calling thread; the
 * agent's callbacks run there too, as HotSpot runs them in its VM thread (the spec's
 * "Heap callback function restrictions" forbid JNI and most JVMTI calls). They report
 * every allocated object, reachable or not, as the spec says for these functions.
 *
 * Contracts: called by the generated wrappers (gen/jvmti_entry.c), in TS_JAVA, after the
 * phase, capability and parameter checks.
 */
#include <stdlib.h>
#include <string.h>

#include "../vm/class.h"
#include "../vm/heap.h"
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

/* Entry keys besides real objects. Both are never object addresses (objects are 8-byte
 * aligned and far above the first page). */
#define TT_EMPTY ((Object *)0)
#define TT_TOMB ((Object *)1)  /* deleted: probing continues past it */
#define TT_FREED ((Object *)3) /* object died, ObjectFree pending for `tag` */

typedef struct TagEntry {
    Object *obj;
    jlong tag;
} TagEntry;

struct JvmtiTagTable {
    JvmtiEnv *env;
    OsMutex lock;
    TagEntry *slots;
    size_t cap;     /* power of two, 0 while nothing was ever tagged */
    size_t count;   /* live entries */
    size_t used;    /* live + tombstones + freed: what probing sees as occupied */
    size_t pending; /* TT_FREED entries in slots */
    jlong *freed;   /* tags of dead objects moved out of `slots` by a rehash */
    size_t nfreed, freed_cap;
    JvmtiTagTable *next; /* all tables (tables_lock) */
};

static OsMutex tables_lock;
static JvmtiTagTable *tables;

static inline size_t tt_hash(const Object *o, size_t cap)
{
    uint64_t h = (uint64_t)(uintptr_t)o * 0x9e3779b97f4a7c15ull;
    return (size_t)(h >> 17) & (cap - 1);
}

static inline bool is_key(const Object *o) { return (uintptr_t)o > (uintptr_t)TT_FREED; }

/* The entry for o, or NULL. Caller holds tt->lock (or the world is stopped). */
static TagEntry *tt_find(JvmtiTagTable *tt, const Object *o)
{
    if (tt == NULL || tt->cap == 0) return NULL;
    for (size_t i = tt_hash(o, tt->cap);; i = (i + 1) & (tt->cap - 1)) {
        TagEntry *s = &tt->slots[i];
        if (s->obj == o) return s;
        if (s->obj == TT_EMPTY) return NULL;
    }
}

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

/* Rebuilds the table with room for `need` live entries. False if out of memory. */
static bool tt_rehash(JvmtiTagTable *tt, size_t need)
{
    size_t cap = 64;
    while (cap < need * 2) cap *= 2;
    TagEntry *slots = calloc(cap, sizeof *slots);
    if (slots == NULL) return false;
    for (size_t i = 0; i < tt->cap; i++) {
        TagEntry *s = &tt->slots[i];
        if (s->obj == TT_FREED) {
            freed_push(tt, s->tag); /* at worst an ObjectFree is lost under memory pressure */
        } else if (is_key(s->obj)) {
            size_t j = tt_hash(s->obj, cap);
            while (slots[j].obj != TT_EMPTY) j = (j + 1) & (cap - 1);
            slots[j] = *s;
        }
    }
    free(tt->slots);
    tt->slots = slots;
    tt->cap = cap;
    tt->used = tt->count;
    tt->pending = 0;
    return true;
}

/* Sets o's tag (0 removes it). Caller holds tt->lock (or the world is stopped). */
static jvmtiError tt_put(JvmtiTagTable *tt, Object *o, jlong tag)
{
    TagEntry *s = tt_find(tt, o);
    if (s != NULL) {
        if (tag != 0) {
            s->tag = tag;
        } else {
            s->obj = TT_TOMB;
            s->tag = 0;
            tt->count--;
        }
        return JVMTI_ERROR_NONE;
    }
    if (tag == 0) return JVMTI_ERROR_NONE;
    if ((tt->used + 1) * 4 > tt->cap * 3 && !tt_rehash(tt, tt->count + 1)) return JVMTI_ERROR_OUT_OF_MEMORY;
    size_t i = tt_hash(o, tt->cap);
    while (is_key(tt->slots[i].obj) || tt->slots[i].obj == TT_FREED) i = (i + 1) & (tt->cap - 1);
    if (tt->slots[i].obj == TT_EMPTY) tt->used++;
    tt->slots[i].obj = o;
    tt->slots[i].tag = tag;
    tt->count++;
    return JVMTI_ERROR_NONE;
}

/* After marking, at the safepoint: drop the entries of dead objects, keeping their tags
 * for ObjectFree where the environment wants the event (it has the capability, since
 * enabling the event requires it). */
static void tt_weak_processor(void)
{
    for (JvmtiTagTable *tt = tables; tt != NULL; tt = tt->next) {
        if (tt->count == 0) continue;
        JvmtiEnv *e = tt->env;
        bool want = jvmti_env_check(jvmti_env_external(e)) != NULL && e->caps.can_generate_object_free_events &&
                    jvmti_event_enabled(e, NULL, JVMTI_EVENT_OBJECT_FREE);
        for (size_t i = 0; i < tt->cap; i++) {
            TagEntry *s = &tt->slots[i];
            if (!is_key(s->obj) || gc_is_alive(s->obj)) continue;
            tt->count--;
            if (want) {
                s->obj = TT_FREED;
                tt->pending++;
            } else {
                s->obj = TT_TOMB;
                s->tag = 0;
            }
        }
    }
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

/* e's table, created if `create`; NULL if none (or out of memory). */
static JvmtiTagTable *tt_of(JvmtiEnv *e, bool create)
{
    JvmtiTagTable *tt = atomic_load_explicit(&e->tags, memory_order_acquire);
    if (tt != NULL || !create) return tt;
    tables_init_once();
    os_mutex_lock(&tables_lock);
    tt = atomic_load_explicit(&e->tags, memory_order_relaxed);
    if (tt == NULL && (tt = calloc(1, sizeof *tt)) != NULL) {
        tt->env = e;
        os_mutex_init(&tt->lock);
        tt->next = tables;
        tables = tt;
        atomic_store_explicit(&e->tags, tt, memory_order_release);
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
        free(tt->slots);
        free(tt->freed);
        os_mutex_destroy(&tt->lock);
        free(tt);
    }
    os_mutex_unlock(&tables_lock);
}

jlong jvmti_tag_get(JvmtiEnv *e, const Object *o)
{
    JvmtiTagTable *tt = atomic_load_explicit(&e->tags, memory_order_acquire);
    if (tt == NULL) return 0;
    TagEntry *s = tt_find(tt, o);
    return s != NULL ? s->tag : 0;
}

void jvmti_tag_set_stopped(JvmtiEnv *e, Object *o, jlong tag)
{
    JvmtiTagTable *tt = tt_of(e, tag != 0);
    if (tt != NULL) tt_put(tt, o, tag);
}

/* ------------------------------------------------------------------------------------ */
/* ObjectFree                                                                           */
/* ------------------------------------------------------------------------------------ */

typedef void(JNICALL *ObjectFreeFn)(jvmtiEnv *, jlong);

/* Takes the pending tags of tt into a malloc'd array (*n of them). */
static jlong *drain_freed(JvmtiTagTable *tt, size_t *n)
{
    *n = 0;
    os_mutex_lock(&tt->lock);
    size_t total = tt->pending + tt->nfreed;
    jlong *out = total ? malloc(total * sizeof *out) : NULL;
    if (out != NULL) {
        if (tt->nfreed > 0) memcpy(out, tt->freed, tt->nfreed * sizeof *out);
        size_t k = tt->nfreed;
        for (size_t i = 0; i < tt->cap && tt->pending > 0; i++) {
            if (tt->slots[i].obj != TT_FREED) continue;
            out[k++] = tt->slots[i].tag;
            tt->slots[i].obj = TT_TOMB;
            tt->slots[i].tag = 0;
            tt->pending--;
        }
        tt->nfreed = 0;
        *n = k;
    }
    os_mutex_unlock(&tt->lock);
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
        jlong *tags = drain_freed(tt, &n);
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

/* JVMTI: GetTag. 0 for an object that has no tag in this environment. */
jvmtiError jvmti_GetTag(JvmtiEnv *env, Thread *self, Object *object, jlong *tag_ptr)
{
    JvmtiTagTable *tt = tt_of(env, false);
    jlong tag = 0;
    if (tt != NULL) {
        os_mutex_lock(&tt->lock);
        TagEntry *s = tt_find(tt, object);
        if (s != NULL) tag = s->tag;
        os_mutex_unlock(&tt->lock);
    }
    *tag_ptr = tag;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: SetTag. Tag 0 removes the object from the table. */
jvmtiError jvmti_SetTag(JvmtiEnv *env, Thread *self, Object *object, jlong tag)
{
    JvmtiTagTable *tt = tt_of(env, tag != 0);
    if (tt == NULL) return tag != 0 ? JVMTI_ERROR_OUT_OF_MEMORY : JVMTI_ERROR_NONE;
    os_mutex_lock(&tt->lock);
    jvmtiError err = tt_put(tt, object, tag);
    os_mutex_unlock(&tt->lock);
    return err;
}

/* JVMTI: GetObjectsWithTags. Objects with any of the tags, as JNI local references of the
 * caller, and their tags; either result array may be omitted (NULL). Objects that died
 * but were not collected yet can be returned (and are then kept alive), as on HotSpot. */
jvmtiError jvmti_GetObjectsWithTags(JvmtiEnv *env, Thread *self, jint tag_count, const jlong *tags, jint *count_ptr,
                                    jobject **object_result_ptr, jlong **tag_result_ptr)
{
    for (jint i = 0; i < tag_count; i++)
        if (tags[i] == 0) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    JvmtiTagTable *tt = tt_of(env, false);
    size_t n = 0, cap = 0;
    Object **objs = NULL;
    jlong *otags = NULL;
    jvmtiError err = JVMTI_ERROR_NONE;
    if (tt != NULL && tag_count > 0) {
        os_mutex_lock(&tt->lock);
        for (size_t i = 0; i < tt->cap; i++) {
            TagEntry *s = &tt->slots[i];
            if (!is_key(s->obj)) continue;
            bool match = false;
            for (jint k = 0; k < tag_count && !match; k++) match = tags[k] == s->tag;
            if (!match) continue;
            if (n == cap) {
                size_t nc = cap ? cap * 2 : 16;
                Object **no = realloc(objs, nc * sizeof *no);
                if (no != NULL) objs = no;
                jlong *nt = no ? realloc(otags, nc * sizeof *nt) : NULL;
                if (nt == NULL) {
                    err = JVMTI_ERROR_OUT_OF_MEMORY;
                    break;
                }
                otags = nt;
                cap = nc;
            }
            objs[n] = s->obj;
            otags[n++] = s->tag;
        }
        os_mutex_unlock(&tt->lock);
    }
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

jlong jvmti_heap_class_tag(JvmtiEnv *e, const Object *o)
{
    return o->klass->mirror != NULL ? jvmti_tag_get(e, o->klass->mirror) : 0;
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

static void through_heap_one(Object *o, void *arg)
{
    HeapIter *h = arg;
    if (h->aborted) return;
    if (h->klass != NULL && o->klass != h->klass) return;
    JvmtiEnv *e = h->env;
    jlong tag = jvmti_tag_get(e, o), ctag = jvmti_heap_class_tag(e, o);
    if (jvmti_heap_filtered(h->heap_filter, tag, ctag)) return;
    jlong size = jvmti_heap_size(o), t = tag;
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
    heap_iterate(through_heap_one, &h);
    if (end) thread_safepoint_end(self);
    return JVMTI_ERROR_NONE;
}

static void over_heap_one(Object *o, void *arg)
{
    HeapIter *h = arg;
    if (h->aborted) return;
    if (h->klass != NULL && !class_is_subclass_of(o->klass, h->klass)) return;
    JvmtiEnv *e = h->env;
    jlong tag = jvmti_tag_get(e, o);
    if (h->object_filter == JVMTI_HEAP_OBJECT_TAGGED && tag == 0) return;
    if (h->object_filter == JVMTI_HEAP_OBJECT_UNTAGGED && tag != 0) return;
    jlong t = tag;
    jvmtiIterationControl c = h->cb10(jvmti_heap_class_tag(e, o), jvmti_heap_size(o), &t, (void *)h->user_data);
    tag_writeback(e, o, tag, t);
    if (c == JVMTI_ITERATION_ABORT) h->aborted = true;
}

/* JVMTI: IterateOverHeap (Heap 1.0). Every object in the heap, reachable or not. */
jvmtiError jvmti_IterateOverHeap(JvmtiEnv *env, Thread *self, jvmtiHeapObjectFilter object_filter,
                                 jvmtiHeapObjectCallback heap_object_callback, const void *user_data)
{
    HeapIter h = {.env = env, .object_filter = object_filter, .cb10 = heap_object_callback, .user_data = user_data};
    bool end = jvmti_stop_world(self);
    heap_iterate(over_heap_one, &h);
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
    heap_iterate(over_heap_one, &h);
    if (end) thread_safepoint_end(self);
    return JVMTI_ERROR_NONE;
}
