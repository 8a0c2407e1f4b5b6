// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * heapwalk.c — the JVMTI Heap category, part 2: the reference walks. FollowReferences
 * (Heap) and IterateOverReachableObjects / IterateOverObjectsReachableFromObject
 * (Heap 1.0) share one walker: roots (or an initial object), then a depth-first traversal
 * over a visit stack with a visited set, each object's outgoing references reported once
 * when it is visited, as the spec and HotSpot do:
 *
 *   roots     for each live thread: THREAD (its java.lang.Thread), STACK_LOCAL for every
 *             local the oop map (src/vm/oopmap.h) says holds a reference at the frame's
 *             bci (exact slot, depth, method, location) and every operand-stack entry that
 *             is an object (slot max_locals + index), JNI_LOCAL for the thread's JNI local
 *             references (attributed to its topmost native frame); then JNI_GLOBAL, and
 *             SYSTEM_CLASS for the mirrors of boot-loader classes. (HotSpot 17 reports no
 *             MONITOR roots; OTHER roots are its VM-internal globals, which have no
 *             counterpart visible to agents here.)
 *   objects   CLASS (to its class's mirror), FIELD (instance reference fields, field index
 *             as heap.c numbers them), primitive fields, the String value;
 *   arrays    CLASS, ARRAY_ELEMENT (index), or the primitive array values;
 *   classes   (a java.lang.Class mirror of a linked non-array class) SUPERCLASS (unless
 *             java.lang.Object), CLASS_LOADER, PROTECTION_DOMAIN, SIGNERS, CONSTANT_POOL
 *             (resolved Class and String entries, by constant-pool index), INTERFACE,
 *             STATIC_FIELD and primitive static fields. A mirror's own instance fields and
 *             its CLASS reference are not reported (as HotSpot).
 *
 * Visit control: an object is traversed when a reference to it is reported and the
 * callback answers JVMTI_VISIT_OBJECTS (1.0: JVMTI_ITERATION_CONTINUE), or when the report
 * is skipped because there is no callback or a filter excludes the object (filters limit
 * reports, not traversal); JVMTI_VISIT_ABORT (1.0: JVMTI_ITERATION_ABORT) ends the walk.
 * Tags the callbacks write through tag_ptr/referrer_tag_ptr are stored back after each call.
 *
 * Everything runs inside a safepoint on the calling thread (jvmti_stop_world), the agent's
 * callbacks included (the spec's heap callback restrictions allow it; HotSpot does the
 * same in its VM thread). Memory: the visit stack and visited set are malloc'd per walk.
 *
 * Contracts: called by the generated wrappers (gen/jvmti_entry.c) in the live phase, in
 * TS_JAVA, with can_tag_objects checked.
 */
#include <stdlib.h>
#include <string.h>

#include <classfile_constants.h>

#include "../vm/class.h"
#include "../vm/heap.h"
#include "../vm/interp.h"
#include "../vm/loader.h"
#include "../vm/object.h"
#include "../vm/oopmap.h"
#include "../vm/ref.h"
#include "../vm/thread.h"
#include "../vm/wellknown.h"
#include "gen/jvmti_impl.h"
#include "heap_int.h"
#include "jvmti_int.h"

/* A class's instance reference fields in report order (superclasses' first), with their
 * field indexes: computed once per class and walk. */
typedef struct RefField {
    uint32_t offset;
    jint index;
} RefField;

typedef struct ClassRefs {
    const Class *k; /* NULL: free slot */
    uint32_t n;
    RefField *f;
} ClassRefs;

typedef struct Walk {
    JvmtiEnv *env;
    bool advanced;  /* FollowReferences (else Heap 1.0) */
    bool following; /* traverse objects (1.0: only with an object reference callback) */
    bool aborted;
    /* FollowReferences */
    jint heap_filter;
    Class *klass;
    const jvmtiHeapCallbacks *cb;
    /* 1.0 */
    jvmtiHeapRootCallback root_cb;
    jvmtiStackReferenceCallback stack_cb;
    jvmtiObjectReferenceCallback obj_cb;
    const void *user_data;
    /* The visited set: a bit per granule of the heap's range [lo, hi), an object's bit set
     * when it is pushed (so it is visited once); objects outside the range, if any, in a
     * small open-addressing set. And the visit stack. */
    uintptr_t lo, hi;
    uint64_t *vbits;
    Object **vset;
    size_t vcap, vcount;
    Object **stk;
    size_t sn, scap;
    /* The object whose references are being reported (visit), with its tag as the
     * callbacks left it and its class's tag. */
    Object *cur;
    jlong cur_tag, cur_ctag;
    /* Per-class reference field tables (open addressing on the Class*). */
    ClassRefs *crefs;
    size_t ccap, ccount;
    bool oom;
} Walk;

static size_t vhash(const Object *o, size_t cap)
{
    return (size_t)(((uint64_t)(uintptr_t)o * 0x9e3779b97f4a7c15ull) >> 17) & (cap - 1);
}

/* Outside the heap's range: the fallback set. Returns true if o was there already. */
static bool mark_other(Walk *w, Object *o)
{
    for (size_t i = w->vcap ? vhash(o, w->vcap) : 0; w->vcap; i = (i + 1) & (w->vcap - 1)) {
        if (w->vset[i] == o) return true;
        if (w->vset[i] == NULL) break;
    }
    if ((w->vcount + 1) * 2 > w->vcap) {
        size_t cap = w->vcap ? w->vcap * 2 : 64;
        Object **n = calloc(cap, sizeof *n);
        if (n == NULL) {
            w->oom = true;
            return true;
        }
        for (size_t i = 0; i < w->vcap; i++) {
            if (w->vset[i] == NULL) continue;
            size_t j = vhash(w->vset[i], cap);
            while (n[j] != NULL) j = (j + 1) & (cap - 1);
            n[j] = w->vset[i];
        }
        free(w->vset);
        w->vset = n;
        w->vcap = cap;
    }
    size_t i = vhash(o, w->vcap);
    while (w->vset[i] != NULL) i = (i + 1) & (w->vcap - 1);
    w->vset[i] = o;
    w->vcount++;
    return false;
}

/* Marks o visited; true if it was already. */
static inline bool mark_visited(Walk *w, Object *o)
{
    uintptr_t a = (uintptr_t)o;
    if (unlikely(a - w->lo >= w->hi - w->lo || w->vbits == NULL)) return mark_other(w, o);
    size_t g = (a - w->lo) / HEAP_GRANULE_BYTES;
    uint64_t bit = (uint64_t)1 << (g % 64), *word = &w->vbits[g / 64];
    if (*word & bit) return true;
    *word |= bit;
    return false;
}

static void push(Walk *w, Object *o)
{
    if (o == NULL || !w->following || mark_visited(w, o)) return;
    if (unlikely(w->sn == w->scap)) {
        size_t cap = w->scap ? w->scap * 2 : 1024;
        Object **n = realloc(w->stk, cap * sizeof *n);
        if (n == NULL) {
            w->oom = true;
            return;
        }
        w->stk = n;
        w->scap = cap;
    }
    w->stk[w->sn++] = o;
}

/* k's reference fields (instances), or NULL when out of memory. */
static const ClassRefs *class_refs(Walk *w, const Class *k)
{
    if (w->ccap > 0) {
        for (size_t i = vhash((const Object *)k, w->ccap);; i = (i + 1) & (w->ccap - 1)) {
            if (w->crefs[i].k == k) return &w->crefs[i];
            if (w->crefs[i].k == NULL) break;
        }
    }
    if ((w->ccount + 1) * 2 > w->ccap) {
        size_t cap = w->ccap ? w->ccap * 2 : 256;
        ClassRefs *n = calloc(cap, sizeof *n);
        if (n == NULL) return NULL;
        for (size_t i = 0; i < w->ccap; i++) {
            if (w->crefs[i].k == NULL) continue;
            size_t j = vhash((const Object *)w->crefs[i].k, cap);
            while (n[j].k != NULL) j = (j + 1) & (cap - 1);
            n[j] = w->crefs[i];
        }
        free(w->crefs);
        w->crefs = n;
        w->ccap = cap;
    }
    ClassRefs cr = {k, 0, NULL};
    uint32_t max = 0;
    for (const Class *c = k; c != NULL; c = c->super) max += c->field_count;
    if (max > 0 && (cr.f = malloc(max * sizeof *cr.f)) == NULL) return NULL;
    int levels = 0;
    for (const Class *c = k; c != NULL; c = c->super) levels++;
    for (int d = levels - 1; d >= 0; d--) {
        const Class *c = k;
        for (int s = d; s > 0; s--) c = c->super;
        jint base = -1;
        for (uint16_t i = 0; i < c->field_count; i++) {
            const Field *f = &c->fields[i];
            if ((f->access & ACC_STATIC) || !bt_is_ref((BasicType)f->type)) continue;
            if (base < 0) base = jvmti_heap_field_base(k, c);
            cr.f[cr.n++] = (RefField){f->offset, base + i};
        }
    }
    size_t i = vhash((const Object *)k, w->ccap);
    while (w->crefs[i].k != NULL) i = (i + 1) & (w->ccap - 1);
    w->crefs[i] = cr;
    w->ccount++;
    return &w->crefs[i];
}

/* GetObjectSize's answer for o, which a walk reached. */
static inline jlong walk_size(const Walk *w, const Object *o)
{
    uintptr_t a = (uintptr_t)o;
    return a - w->lo < w->hi - w->lo ? (jlong)heap_object_size_known(o) : jvmti_heap_size(o);
}

static jint length_of(const Object *o) { return class_is_array(o->klass) ? ((const Array *)o)->length : -1; }

static void writeback(Walk *w, Object *o, jlong before, jlong after)
{
    if (before != after) jvmti_tag_set_stopped(w->env, o, after);
}

/* Is o excluded from FollowReferences reports by the klass filter or the heap filter? */
static bool excluded(const Walk *w, const Object *o, jlong tag, jlong ctag)
{
    if (w->klass != NULL && o->klass != w->klass) return true;
    return jvmti_heap_filtered(w->heap_filter, tag, ctag);
}

/* Reports a root (referrer NULL) or a reference referrer -> o of kind (a
 * jvmtiHeapReferenceKind). info: reference info for the kinds that have one (NULL
 * otherwise). For 1.0 stack roots, thread_tag/depth/method/slot come from info. False
 * ends the walk. */
static bool report(Walk *w, jvmtiHeapReferenceKind kind, Object *referrer, Object *o, jvmtiHeapReferenceInfo *info,
                   jint index)
{
    JvmtiEnv *e = w->env;
    bool root = kind >= JVMTI_HEAP_REFERENCE_JNI_GLOBAL;
    if (w->advanced) {
        jvmtiHeapReferenceCallback cb = w->cb->heap_reference_callback;
        if (cb == NULL) {
            push(w, o);
            return true;
        }
        jlong tag = referrer == o ? w->cur_tag : jvmti_tag_get(e, o), ctag = jvmti_heap_class_tag(e, o);
        if (excluded(w, o, tag, ctag)) {
            push(w, o);
            return true;
        }
        jlong t = tag, rt = 0, rctag = 0;
        jlong *rtp = NULL;
        if (referrer != NULL) { /* always w->cur */
            rt = w->cur_tag;
            rctag = w->cur_ctag;
            rtp = referrer == o ? &t : &rt;
        }
        jint r = cb(kind, info, ctag, rctag, walk_size(w, o), &t, rtp, length_of(o), (void *)w->user_data);
        writeback(w, o, tag, t);
        if (referrer == o) {
            w->cur_tag = t;
        } else if (referrer != NULL) {
            writeback(w, referrer, w->cur_tag, rt);
            w->cur_tag = rt;
        }
        if (o == w->cur && referrer != o) w->cur_tag = t; /* a root that is being visited */
        if (r & JVMTI_VISIT_ABORT) return false;
        if (r & JVMTI_VISIT_OBJECTS) push(w, o);
        return true;
    }
    /* Heap 1.0 */
    jvmtiIterationControl c;
    jlong tag = jvmti_tag_get(e, o), ctag = jvmti_heap_class_tag(e, o), t = tag;
    if (kind == JVMTI_HEAP_REFERENCE_STACK_LOCAL || kind == JVMTI_HEAP_REFERENCE_JNI_LOCAL) {
        if (w->stack_cb == NULL) {
            push(w, o);
            return true;
        }
        bool jni = kind == JVMTI_HEAP_REFERENCE_JNI_LOCAL;
        c = w->stack_cb((jvmtiHeapRootKind)(kind - 20), ctag, walk_size(w, o), &t,
                        jni ? info->jni_local.thread_tag : info->stack_local.thread_tag,
                        jni ? info->jni_local.depth : info->stack_local.depth,
                        jni ? info->jni_local.method : info->stack_local.method, jni ? -1 : info->stack_local.slot,
                        (void *)w->user_data);
    } else if (root) {
        if (w->root_cb == NULL) {
            push(w, o);
            return true;
        }
        c = w->root_cb((jvmtiHeapRootKind)(kind - 20), ctag, walk_size(w, o), &t, (void *)w->user_data);
    } else {
        if (w->obj_cb == NULL) {
            push(w, o);
            return true;
        }
        jvmtiObjectReferenceKind k =
            kind == JVMTI_HEAP_REFERENCE_SUPERCLASS ? JVMTI_REFERENCE_CLASS : (jvmtiObjectReferenceKind)kind;
        jlong rtag = referrer == o ? tag : w->cur_tag;
        c = w->obj_cb(k, ctag, walk_size(w, o), &t, rtag, index, (void *)w->user_data);
    }
    writeback(w, o, tag, t);
    if (o == w->cur) w->cur_tag = t;
    if (c == JVMTI_ITERATION_CONTINUE) push(w, o);
    return c != JVMTI_ITERATION_ABORT;
}

/* A reference between objects with an optional index (field, array, constant pool). */
static bool report_ref(Walk *w, jvmtiHeapReferenceKind kind, Object *referrer, Object *o, jint index)
{
    if (o == NULL) return true;
    jvmtiHeapReferenceInfo info;
    bool has_info = kind == JVMTI_HEAP_REFERENCE_FIELD || kind == JVMTI_HEAP_REFERENCE_STATIC_FIELD ||
                    kind == JVMTI_HEAP_REFERENCE_ARRAY_ELEMENT || kind == JVMTI_HEAP_REFERENCE_CONSTANT_POOL;
    memset(&info, 0, sizeof info);
    info.field.index = index;
    return report(w, kind, referrer, o, has_info ? &info : NULL, has_info ? index : -1);
}

/* Primitive values of o (fields, or a mirror's statics; string; array), FollowReferences
 * only, filtered like references. */
static bool report_values(Walk *w, Object *o)
{
    if (!w->advanced) return true;
    const jvmtiHeapCallbacks *cb = w->cb;
    bool is_array = class_is_array(o->klass);
    bool prim_fields = cb->primitive_field_callback != NULL && !is_array;
    bool string = cb->string_primitive_value_callback != NULL && o->klass == wk.String;
    bool array = cb->array_primitive_value_callback != NULL && is_array && !bt_is_ref((BasicType)o->klass->elem_type);
    if (!prim_fields && !string && !array) return true;
    JvmtiEnv *e = w->env;
    jlong tag = jvmti_tag_get(e, o), ctag = jvmti_heap_class_tag(e, o), t = tag;
    if (excluded(w, o, tag, ctag)) return true;
    jint r = 0;
    if (prim_fields) r = jvmti_heap_report_prim_fields(e, o, ctag, &t, cb->primitive_field_callback, w->user_data);
    if (!(r & JVMTI_VISIT_ABORT) && string)
        r = jvmti_heap_report_string(o, ctag, jvmti_heap_size(o), &t, cb->string_primitive_value_callback, w->user_data);
    if (!(r & JVMTI_VISIT_ABORT) && array)
        r = jvmti_heap_report_array(o, ctag, jvmti_heap_size(o), &t, cb->array_primitive_value_callback, w->user_data);
    writeback(w, o, tag, t);
    return !(r & JVMTI_VISIT_ABORT);
}

static bool visit_class(Walk *w, Object *mirror, Class *c)
{
    if (class_is_primitive(c) || class_is_array(c)) return true;
    if (!class_is_verified(c)) return true; /* not linked (as HotSpot and the JVMTI see it) */
    if (c->super != NULL && c->super != wk.Object && !report_ref(w, JVMTI_HEAP_REFERENCE_SUPERCLASS, mirror, c->super->mirror, -1))
        return false;
    if (!report_ref(w, JVMTI_HEAP_REFERENCE_CLASS_LOADER, mirror, c->loader, -1)) return false;
    if (!report_ref(w, JVMTI_HEAP_REFERENCE_PROTECTION_DOMAIN, mirror, c->protection_domain, -1)) return false;
    if (!report_ref(w, JVMTI_HEAP_REFERENCE_SIGNERS, mirror, c->signers, -1)) return false;
    if (c->cp.resolved != NULL) {
        for (uint16_t i = 1; i < c->cp.count; i++) {
            uint8_t tg = c->cp.tags[i];
            if (tg != JVM_CONSTANT_String && tg != JVM_CONSTANT_Class) continue;
            void *p = atomic_load_explicit(&c->cp.resolved[i], memory_order_acquire);
            if (p == NULL || ((uintptr_t)p & 7) != 0) continue; /* unresolved, or a sticky error */
            Object *o = tg == JVM_CONSTANT_String ? (Object *)p : ((Class *)p)->mirror;
            if (tg == JVM_CONSTANT_String && !heap_is_object(o)) continue;
            if (!report_ref(w, JVMTI_HEAP_REFERENCE_CONSTANT_POOL, mirror, o, i)) return false;
        }
    }
    for (uint16_t i = 0; i < c->interface_count; i++)
        if (!report_ref(w, JVMTI_HEAP_REFERENCE_INTERFACE, mirror, c->interfaces[i]->mirror, -1)) return false;
    jint base = jvmti_heap_field_base(c, c);
    for (uint16_t i = 0; i < c->field_count; i++) {
        const Field *f = &c->fields[i];
        if (!(f->access & ACC_STATIC) || !bt_is_ref((BasicType)f->type)) continue;
        if (!report_ref(w, JVMTI_HEAP_REFERENCE_STATIC_FIELD, mirror, *(Object **)field_static_addr(f), base + i))
            return false;
    }
    return report_values(w, mirror);
}

static bool visit(Walk *w, Object *o)
{
    Class *k = o->klass;
    w->cur = o;
    w->cur_tag = jvmti_tag_get(w->env, o);
    w->cur_ctag = jvmti_heap_class_tag(w->env, o);
    if (k == wk.Class) {
        Class *c = class_from_mirror(o);
        return c == NULL || visit_class(w, o, c);
    }
    if (!report_ref(w, JVMTI_HEAP_REFERENCE_CLASS, o, k->mirror, -1)) return false;
    if (class_is_array(k)) {
        if (bt_is_ref((BasicType)k->elem_type)) {
            Array *a = (Array *)o;
            Object **els = array_data(a);
            for (int32_t i = 0; i < a->length; i++) {
                if (i + 8 < a->length) __builtin_prefetch(els[i + 8]);
                Object *el = els[i];
                if (el != NULL && !report_ref(w, JVMTI_HEAP_REFERENCE_ARRAY_ELEMENT, o, el, i)) return false;
            }
            return true;
        }
        return report_values(w, o);
    }
    /* instance reference fields, superclasses' first */
    const ClassRefs *cr = class_refs(w, k);
    if (cr == NULL) {
        w->oom = true;
        return false;
    }
    /* Each report reads the referenced object's header: ask for all of them first. */
    for (uint32_t i = 0; i < cr->n; i++) __builtin_prefetch(*(Object **)((char *)o + cr->f[i].offset));
    for (uint32_t i = 0; i < cr->n; i++) {
        Object *v = *(Object **)((char *)o + cr->f[i].offset);
        if (v != NULL && !report_ref(w, JVMTI_HEAP_REFERENCE_FIELD, o, v, cr->f[i].index)) return false;
    }
    return report_values(w, o);
}

/* ---- roots ---- */

typedef struct ObjList {
    Object **v;
    size_t n, cap;
} ObjList;

static void list_add(ObjList *l, Object *o)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 256;
        Object **p = realloc(l->v, cap * sizeof *p);
        if (p == NULL) return;
        l->v = p;
        l->cap = cap;
    }
    l->v[l->n++] = o;
}

typedef struct ListVisitor {
    RootVisitor v;
    ObjList *list;
} ListVisitor;

static void list_visit(RootVisitor *v, Object **slot, RootKind kind)
{
    (void)kind;
    if (*slot != NULL) list_add(((ListVisitor *)v)->list, *slot);
}

static void add_thread(Thread *t, void *arg)
{
    ObjList *l = arg;
    if (t->jthread != NULL && atomic_load(&t->state) != TS_TERMINATED && atomic_load(&t->state) != TS_NEW)
        list_add(l, (Object *)t);
}

static void add_boot_class(Class *c, void *arg)
{
    if (c->loader == NULL && c->mirror != NULL && !class_is_primitive(c)) list_add(arg, c->mirror);
}

typedef struct StackLocal {
    Walk *w;
    jvmtiHeapReferenceInfo info;
} StackLocal;

static bool stack_local(void *arg, int slot, Object *o)
{
    StackLocal *sl = arg;
    sl->info.stack_local.slot = slot;
    jvmtiHeapReferenceInfo info = sl->info;
    return report(sl->w, JVMTI_HEAP_REFERENCE_STACK_LOCAL, NULL, o, &info, slot);
}

static bool stack_roots(Walk *w, Thread *t)
{
    JvmtiEnv *e = w->env;
    Object *jt = t->jthread;
    jlong thread_tag = jvmti_tag_get(e, jt), tid = *(jlong *)((char *)jt + wk_off.Thread_tid);
    jvmtiHeapReferenceInfo info;
    jint depth = 0, native_depth = -1;
    jmethodID native_method = NULL;
    for (Frame *f = t->top_frame; f != NULL; f = f->prev) {
        if (f->flags & FRAME_ENTRY) continue;
        Method *m = f->method;
        if (f->flags & FRAME_NATIVE) {
            if (native_depth < 0) {
                native_depth = depth;
                native_method = (jmethodID)m;
            }
            depth++;
            continue;
        }
        StackLocal sl = {.w = w};
        sl.info.stack_local = (jvmtiHeapReferenceInfoStackLocal){thread_tag, tid, depth, (jmethodID)method_for_tools(m), frame_bci(f), 0};
        if (!oopmap_frame_refs(f, stack_local, &sl)) return false;
        depth++;
    }
    ObjList locals = {0};
    ListVisitor lv = {{list_visit}, &locals};
    ref_visit_locals(t, &lv.v);
    bool ok = true;
    for (size_t i = 0; i < locals.n && ok; i++) {
        memset(&info, 0, sizeof info);
        info.jni_local = (jvmtiHeapReferenceInfoJniLocal){thread_tag, tid, native_depth < 0 ? 0 : native_depth, native_method};
        ok = report(w, JVMTI_HEAP_REFERENCE_JNI_LOCAL, NULL, locals.v[i], &info, -1);
    }
    free(locals.v);
    return ok;
}

static bool roots(Walk *w)
{
    ObjList threads = {0}, globals = {0}, classes = {0};
    bool ok = true;
    thread_for_each(add_thread, &threads);
    for (size_t i = 0; i < threads.n && ok; i++) {
        Thread *t = (Thread *)threads.v[i];
        ok = report(w, JVMTI_HEAP_REFERENCE_THREAD, NULL, t->jthread, NULL, -1) && stack_roots(w, t);
    }
    if (ok) {
        ListVisitor lv = {{list_visit}, &globals};
        ref_visit_globals(&lv.v);
        for (size_t i = 0; i < globals.n && ok; i++) ok = report(w, JVMTI_HEAP_REFERENCE_JNI_GLOBAL, NULL, globals.v[i], NULL, -1);
    }
    if (ok) {
        loader_for_each_class(add_boot_class, &classes);
        for (size_t i = 0; i < classes.n && ok; i++)
            ok = report(w, JVMTI_HEAP_REFERENCE_SYSTEM_CLASS, NULL, classes.v[i], NULL, -1);
    }
    free(threads.v);
    free(globals.v);
    free(classes.v);
    return ok;
}

/* Runs the walk from the roots (initial == NULL) or from initial, world stopped. */
static jvmtiError run(Walk *w, Thread *self, Object *initial)
{
    bool end = jvmti_stop_world(self);
    jvmti_tags_walk_begin(w->env, self);
    size_t small, large;
    heap_layout(&w->lo, &w->hi, &small, &large);
    /* zero pages from the OS, touched only where objects are */
    w->vbits = calloc((w->hi - w->lo) / HEAP_GRANULE_BYTES / 64 + 1, sizeof *w->vbits);
    bool ok = true;
    if (initial == NULL) {
        ok = roots(w);
    } else {
        w->following = true;
        push(w, initial);
    }
    while (ok && w->sn > 0 && !w->oom) {
        if (w->sn > 4) __builtin_prefetch(w->stk[w->sn - 5]);
        ok = visit(w, w->stk[--w->sn]);
    }
    jvmti_tags_walk_end(w->env);
    if (end) thread_safepoint_end(self);
    free(w->vbits);
    free(w->vset);
    free(w->stk);
    for (size_t i = 0; i < w->ccap; i++) free(w->crefs[i].f);
    free(w->crefs);
    return w->oom ? JVMTI_ERROR_OUT_OF_MEMORY : JVMTI_ERROR_NONE;
}

/* JVMTI: FollowReferences. The arguments are judged before any callback runs, in
 * HotSpot's order: the class filter (INVALID_CLASS; a primitive class means nothing to
 * report, whatever the initial object), then the initial object. klass and
 * initial_object come unconverted (RAW_HANDLES in tools/jvmti_gen.py): NULL means no
 * filter / from the roots, but a reference whose object is gone is invalid. */
jvmtiError jvmti_FollowReferences(JvmtiEnv *env, Thread *self, jint heap_filter, jclass klass, jobject initial_object,
                                  const jvmtiHeapCallbacks *callbacks, const void *user_data)
{
    Class *k;
    bool prim;
    jvmtiError err = jvmti_heap_klass_filter(klass, &k, &prim);
    if (err != JVMTI_ERROR_NONE) return err;
    if (prim) return JVMTI_ERROR_NONE; /* nothing is an instance of a primitive class (as HotSpot) */
    Object *initial = NULL;
    if (initial_object != NULL) {
        initial = ref_get(initial_object);
        if (initial == NULL || !heap_is_object(initial)) return JVMTI_ERROR_INVALID_OBJECT;
    }
    Walk w = {.env = env, .advanced = true, .following = true, .heap_filter = heap_filter, .klass = k,
              .cb = callbacks, .user_data = user_data};
    return run(&w, self, initial);
}

/* JVMTI: IterateOverReachableObjects (Heap 1.0) */
jvmtiError jvmti_IterateOverReachableObjects(JvmtiEnv *env, Thread *self, jvmtiHeapRootCallback heap_root_callback,
                                             jvmtiStackReferenceCallback stack_ref_callback,
                                             jvmtiObjectReferenceCallback object_ref_callback, const void *user_data)
{
    Walk w = {.env = env, .following = object_ref_callback != NULL, .root_cb = heap_root_callback,
              .stack_cb = stack_ref_callback, .obj_cb = object_ref_callback, .user_data = user_data};
    return run(&w, self, NULL);
}

/* JVMTI: IterateOverObjectsReachableFromObject (Heap 1.0). The object itself is not
 * reported, only the references from it and onwards. */
jvmtiError jvmti_IterateOverObjectsReachableFromObject(JvmtiEnv *env, Thread *self, Object *object,
                                                       jvmtiObjectReferenceCallback object_reference_callback,
                                                       const void *user_data)
{
    Walk w = {.env = env, .obj_cb = object_reference_callback, .user_data = user_data};
    return run(&w, self, object);
}
