// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * dump.c — the three dumps RequestEvent produces (spec section 4, "Dump Formats"):
 * HEAP_DUMP (levels 0, 1 and 2), OBJECT_DUMP (one level-2 record) and MONITOR_DUMP.
 *
 * Encoding (docs/jvmpi.md, the ABI notes): packed bytes; u2/u4/u8 and primitive values
 * big-endian (float and double as their IEEE bits); jobjectID, JNIEnv*, JVMPI_RawMonitor,
 * char* and jobject in native order and pointer size.
 *
 * Every dump is made inside a safepoint on the requesting thread (the objects, stacks
 * and monitors are one consistent snapshot; a request from a handler the collector runs,
 * with the world already stopped, uses that one) with collections held off from before the
 * snapshot until the agent's NotifyEvent returns, so every ID in it is valid throughout.
 * The buffers and traces belong to the VM and are freed after NotifyEvent returns.
 *
 * Heap dump, levels 1 and 2: the roots first, then one record per object.
 *   ROOT_THREAD_BLOCK   each live thread's java.lang.Thread, with its JNIEnv*
 *   ROOT_JAVA_FRAME     each reference a Java frame holds (locals the oop map says are
 *                       live references, operand-stack objects): the frame's number is
 *                       its index in the thread's trace of heap_dump.traces (0 = the
 *                       innermost frame)
 *   ROOT_JNI_LOCAL      each JNI local reference, with the index of the thread's
 *                       innermost native frame (-1 if none)
 *   ROOT_NATIVE_STACK   each object a word of a (stopped) thread's C stack or saved
 *                       registers points into, as the collector scans them
 *   ROOT_JNI_GLOBAL     each JNI global reference, with the reference itself
 *   ROOT_UNKNOWN        the VM's own globals (gc_register_root) and references pending
 *                       for the Reference Handler
 *   ROOT_STICKY_CLASS   each class of the boot loader
 *   ROOT_MONITOR_USED   each object whose monitor a thread holds
 *   CLASS_DUMP          the mirror of each loaded class or interface (not arrays or
 *                       primitives: their mirrors are INSTANCE_DUMPs of java.lang.Class)
 *   INSTANCE_DUMP, OBJ_ARRAY_DUMP, PRIM_ARRAY_DUMP  every other object
 * Level 1 leaves out primitive field values, primitive statics and primitive array
 * elements (a PRIM_ARRAY_DUMP then ends after its type byte).
 */
#include <stdlib.h>
#include <string.h>

#include "../vm/heap.h"
#include "../vm/interp.h"
#include "../vm/loader.h"
#include "../vm/monitor.h"
#include "../vm/object.h"
#include "../vm/oopmap.h"
#include "../vm/ref.h"
#include "../vm/wellknown.h"
#include "jvmpi_int.h"

/* ------------------------------------------------------------------------------------ */
/* The buffer                                                                           */
/* ------------------------------------------------------------------------------------ */

static void put(JvmpiBuf *b, const void *p, size_t n)
{
    if (b->oom) return;
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n) cap *= 2;
        char *d = realloc(b->data, cap);
        if (d == NULL) {
            b->oom = true;
            return;
        }
        b->data = d;
        b->cap = cap;
    }
    memcpy(b->data + b->len, p, n);
    b->len += n;
}

void jvmpi_buf_u1(JvmpiBuf *b, uint8_t v) { put(b, &v, 1); }

static void buf_u2(JvmpiBuf *b, uint16_t v)
{
    uint8_t x[2] = {(uint8_t)(v >> 8), (uint8_t)v};
    put(b, x, 2);
}

void jvmpi_buf_u4(JvmpiBuf *b, uint32_t v)
{
    uint8_t x[4] = {(uint8_t)(v >> 24), (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v};
    put(b, x, 4);
}

static void buf_u8(JvmpiBuf *b, uint64_t v)
{
    jvmpi_buf_u4(b, (uint32_t)(v >> 32));
    jvmpi_buf_u4(b, (uint32_t)v);
}

void jvmpi_buf_ptr(JvmpiBuf *b, const void *p) { put(b, &p, sizeof p); }

/* A value of type bt stored at addr, as the dumps write it. */
static void buf_value(JvmpiBuf *b, BasicType bt, const void *addr)
{
    switch (bt) {
    case BT_BOOLEAN:
    case BT_BYTE: jvmpi_buf_u1(b, *(const uint8_t *)addr); break;
    case BT_CHAR:
    case BT_SHORT: buf_u2(b, *(const uint16_t *)addr); break;
    case BT_INT:
    case BT_FLOAT: jvmpi_buf_u4(b, *(const uint32_t *)addr); break;
    case BT_LONG:
    case BT_DOUBLE: buf_u8(b, *(const uint64_t *)addr); break;
    default: jvmpi_buf_ptr(b, *(Object *const *)addr); break;
    }
}

static bool is_ref_type(uint8_t bt) { return bt_is_ref((BasicType)bt); }

/* ------------------------------------------------------------------------------------ */
/* Object records                                                                       */
/* ------------------------------------------------------------------------------------ */

/* Is o the mirror of a class or interface (a CLASS_DUMP)? */
static Class *dumped_class(Object *o)
{
    if (o->klass != wk.Class) return NULL;
    Class *c = class_from_mirror(o);
    return c != NULL && !class_is_array(c) && !class_is_primitive(c) ? c : NULL;
}

static void class_record(JvmpiBuf *b, Class *c, int level)
{
    jvmpi_buf_u1(b, JVMPI_GC_CLASS_DUMP);
    jvmpi_buf_ptr(b, c->mirror);
    jvmpi_buf_ptr(b, c->super ? c->super->mirror : NULL);
    jvmpi_buf_ptr(b, c->loader);
    jvmpi_buf_ptr(b, c->signers);
    jvmpi_buf_ptr(b, c->protection_domain);
    jvmpi_buf_ptr(b, NULL); /* the class name as a String: GlassVM keeps none */
    jvmpi_buf_ptr(b, NULL); /* reserved */
    jvmpi_buf_u4(b, class_is_interface(c) ? 0 : ALIGN_UP(c->instance_size, 8u)); /* as OBJECT_ALLOC's sizes */
    for (int i = 0; i < c->interface_count; i++) jvmpi_buf_ptr(b, c->interfaces[i]->mirror);
    buf_u2(b, 0); /* constant pool entries: none (as HotSpot) */
    for (int i = 0; i < c->field_count; i++) {
        Field *f = &c->fields[i];
        if (!(f->access & ACC_STATIC)) continue;
        if (level < JVMPI_DUMP_LEVEL_2 && !is_ref_type(f->type)) continue;
        buf_value(b, (BasicType)f->type, field_static_addr(f));
    }
}

static void instance_record(JvmpiBuf *b, Object *o, int level)
{
    jvmpi_buf_u1(b, JVMPI_GC_INSTANCE_DUMP);
    jvmpi_buf_ptr(b, o);
    jvmpi_buf_ptr(b, o->klass->mirror);
    size_t at = b->len;
    jvmpi_buf_u4(b, 0); /* patched below */
    size_t start = b->len;
    for (Class *c = o->klass; c != NULL; c = c->super) {
        for (int i = 0; i < c->field_count; i++) {
            Field *f = &c->fields[i];
            if (f->access & ACC_STATIC) continue;
            if (level < JVMPI_DUMP_LEVEL_2 && !is_ref_type(f->type)) continue;
            buf_value(b, (BasicType)f->type, (const char *)o + f->offset);
        }
    }
    if (b->oom) return;
    uint32_t n = (uint32_t)(b->len - start);
    uint8_t x[4] = {(uint8_t)(n >> 24), (uint8_t)(n >> 16), (uint8_t)(n >> 8), (uint8_t)n};
    memcpy(b->data + at, x, 4);
}

static void array_record(JvmpiBuf *b, Array *a, int level)
{
    Class *k = a->hdr.klass;
    if (is_ref_type(k->elem_type)) {
        jvmpi_buf_u1(b, JVMPI_GC_OBJ_ARRAY_DUMP);
        jvmpi_buf_ptr(b, a);
        jvmpi_buf_u4(b, (uint32_t)a->length);
        jvmpi_buf_ptr(b, k->component->mirror);
        Object **v = (Object **)array_data(a);
        for (int32_t i = 0; i < a->length; i++) jvmpi_buf_ptr(b, v[i]);
        return;
    }
    jvmpi_buf_u1(b, JVMPI_GC_PRIM_ARRAY_DUMP);
    jvmpi_buf_ptr(b, a);
    jvmpi_buf_u4(b, (uint32_t)a->length);
    jvmpi_buf_u1(b, k->elem_type);
    if (level < JVMPI_DUMP_LEVEL_2) return;
    const char *v = array_data(a);
    size_t size = (size_t)1 << k->elem_shift;
    for (int32_t i = 0; i < a->length; i++) buf_value(b, (BasicType)k->elem_type, v + (size_t)i * size);
}

static void object_record(JvmpiBuf *b, Object *o, int level)
{
    Class *c;
    if (class_is_array(o->klass)) array_record(b, (Array *)o, level);
    else if ((c = dumped_class(o)) != NULL) class_record(b, c, level);
    else instance_record(b, o, level);
}

/* ------------------------------------------------------------------------------------ */
/* Threads: traces and roots                                                            */
/* ------------------------------------------------------------------------------------ */

typedef struct Threads {
    Thread **v;
    int n, cap;
} Threads;

static void add_live_thread(Thread *t, void *arg)
{
    Threads *l = arg;
    if (t->jthread == NULL || atomic_load(&t->state) == TS_TERMINATED || atomic_load(&t->state) == TS_NEW) return;
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 16;
        Thread **v = realloc(l->v, (size_t)cap * sizeof *v);
        if (v == NULL) return;
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = t;
}

static int frame_count(Thread *t)
{
    int n = 0;
    for (Frame *f = frame_skip_entries(t->top_frame); f != NULL; f = frame_skip_entries(f->prev)) n++;
    return n;
}

/* One trace per thread (VM-owned; free_traces). */
static JVMPI_CallTrace *make_traces(Threads *th)
{
    JVMPI_CallTrace *tr = calloc(th->n ? (size_t)th->n : 1, sizeof *tr);
    if (tr == NULL) return NULL;
    for (int i = 0; i < th->n; i++) {
        Thread *t = th->v[i];
        int depth = frame_count(t);
        tr[i].env_id = thread_env(t);
        tr[i].frames = calloc(depth ? (size_t)depth : 1, sizeof *tr[i].frames);
        if (tr[i].frames != NULL) jvmpi_fill_trace(t, tr[i].frames, depth, &tr[i].num_frames);
    }
    return tr;
}

static void free_traces(JVMPI_CallTrace *tr, int n)
{
    if (tr == NULL) return;
    for (int i = 0; i < n; i++) free(tr[i].frames);
    free(tr);
}

typedef struct LocalsVisitor {
    RootVisitor v;
    JvmpiBuf *b;
    Thread *t;
    int32_t frame;
} LocalsVisitor;

static void jni_local_root(RootVisitor *v, Object **slot, RootKind kind)
{
    LocalsVisitor *lv = (LocalsVisitor *)v;
    if (*slot == NULL) return;
    jvmpi_buf_u1(lv->b, JVMPI_GC_ROOT_JNI_LOCAL);
    jvmpi_buf_ptr(lv->b, *slot);
    jvmpi_buf_ptr(lv->b, thread_env(lv->t));
    jvmpi_buf_u4(lv->b, (uint32_t)lv->frame);
}

static void global_root(RootVisitor *v, Object **slot, RootKind kind)
{
    LocalsVisitor *lv = (LocalsVisitor *)v;
    if (*slot == NULL) return;
    jvmpi_buf_u1(lv->b, JVMPI_GC_ROOT_JNI_GLOBAL);
    jvmpi_buf_ptr(lv->b, *slot);
    jvmpi_buf_ptr(lv->b, slot); /* the jobject: the address of its slot */
}

static void monitor_root(JvmpiBuf *b, Object *o)
{
    if (o == NULL) return;
    jvmpi_buf_u1(b, JVMPI_GC_ROOT_MONITOR_USED);
    jvmpi_buf_ptr(b, o);
}

static void native_stack_root(RootVisitor *v, Object **slot, RootKind kind)
{
    LocalsVisitor *lv = (LocalsVisitor *)v;
    jvmpi_buf_u1(lv->b, JVMPI_GC_ROOT_NATIVE_STACK);
    jvmpi_buf_ptr(lv->b, *slot);
    jvmpi_buf_ptr(lv->b, thread_env(lv->t));
}

static void unknown_root(RootVisitor *v, Object **slot, RootKind kind)
{
    LocalsVisitor *lv = (LocalsVisitor *)v;
    jvmpi_buf_u1(lv->b, JVMPI_GC_ROOT_UNKNOWN);
    jvmpi_buf_ptr(lv->b, *slot);
}

static void thread_roots(JvmpiBuf *b, Thread *t, Thread *self)
{
    JNIEnv *env = thread_env(t);
    jvmpi_buf_u1(b, JVMPI_GC_ROOT_THREAD_BLOCK);
    jvmpi_buf_ptr(b, t->jthread);
    jvmpi_buf_ptr(b, env);
    int32_t index = 0, native_index = -1;
    for (Frame *f = frame_skip_entries(t->top_frame); f != NULL; f = frame_skip_entries(f->prev), index++) {
        Method *m = f->method;
        if (f->flags & FRAME_NATIVE) {
            if (native_index < 0) native_index = index;
            continue;
        }
        uint8_t *cells = m->max_locals ? malloc(m->max_locals) : NULL;
        if (cells != NULL && oopmap_locals_at(m, frame_bci(f), cells)) {
            for (int s = 0; s < m->max_locals; s++) {
                Object *o = f->locals[s].l;
                if (!oopmap_is_ref(cells[s]) || o == NULL) continue;
                jvmpi_buf_u1(b, JVMPI_GC_ROOT_JAVA_FRAME);
                jvmpi_buf_ptr(b, o);
                jvmpi_buf_ptr(b, env);
                jvmpi_buf_u4(b, (uint32_t)index);
            }
        }
        free(cells);
        for (Slot *p = frame_stack_base(f); p < f->sp; p++) {
            Object *o = p->l;
            if (!heap_is_object(o) || o->klass == NULL) continue;
            jvmpi_buf_u1(b, JVMPI_GC_ROOT_JAVA_FRAME);
            jvmpi_buf_ptr(b, o);
            jvmpi_buf_ptr(b, env);
            jvmpi_buf_u4(b, (uint32_t)index);
        }
        for (uint32_t i = 0; i < f->nmon; i++) monitor_root(b, frame_monitors(f)[i].l);
    }
    for (int i = 0; i < t->jni_monitor_count; i++) monitor_root(b, t->jni_monitors[i]);
    LocalsVisitor lv = {{jni_local_root}, b, t, native_index};
    ref_visit_locals(t, &lv.v);
    /* What the collector finds on the thread's C stack (conservatively: any word that
     * points into an object). Not for the dumping thread: its stack is this code's. */
    int st = atomic_load(&t->state);
    if (t != self && t->stack_hi != NULL && t->safe_sp != NULL && (st == TS_NATIVE || st == TS_BLOCKED)) {
        LocalsVisitor nv = {{native_stack_root}, b, t, 0};
        thread_scan_c_stack(&nv.v, t, t->safe_sp, t->stack_hi);
        gc_scan_conservative(&nv.v, &t->regs, &t->regs + 1, ROOT_NATIVE_STACK);
    }
}

static void sticky_class(Class *c, void *arg)
{
    if (c->loader != NULL || c->mirror == NULL || class_is_primitive(c)) return;
    jvmpi_buf_u1(arg, JVMPI_GC_ROOT_STICKY_CLASS);
    jvmpi_buf_ptr(arg, c->mirror);
}

typedef struct HeapArgs {
    JvmpiBuf *b;
    int level;
} HeapArgs;

static void heap_object(Object *o, void *arg)
{
    HeapArgs *h = arg;
    if (h->level == JVMPI_DUMP_LEVEL_0) {
        Class *k = o->klass;
        uint8_t ty = !class_is_array(k) ? JVMPI_NORMAL_OBJECT : is_ref_type(k->elem_type) ? JVMPI_CLASS : k->elem_type;
        jvmpi_buf_u1(h->b, ty);
        jvmpi_buf_ptr(h->b, o);
        return;
    }
    object_record(h->b, o, h->level);
}

/* ------------------------------------------------------------------------------------ */
/* The requests                                                                         */
/* ------------------------------------------------------------------------------------ */

jint jvmpi_heap_dump(Thread *t, int level)
{
    JvmpiBuf b = {0};
    Threads th = {0};
    heap_gc_disable(t);
    bool stop = !thread_is_safepoint_initiator(t);
    if (stop) thread_safepoint_begin(t);
    thread_for_each(add_live_thread, &th);
    JVMPI_CallTrace *traces = make_traces(&th);
    if (level != JVMPI_DUMP_LEVEL_0) {
        for (int i = 0; i < th.n; i++) thread_roots(&b, th.v[i], t);
        LocalsVisitor gv = {{global_root}, &b, NULL, 0};
        ref_visit_globals(&gv.v);
        LocalsVisitor uv = {{unknown_root}, &b, NULL, 0};
        gc_visit_vm_roots(&uv.v);
        loader_for_each_class(sticky_class, &b);
    }
    HeapArgs h = {&b, level};
    heap_iterate(heap_object, &h);
    if (stop) thread_safepoint_end(t);
    jint r = JVMPI_FAIL;
    if (!b.oom && traces != NULL) {
        JVMPI_Event e = {.event_type = JVMPI_EVENT_HEAP_DUMP | JVMPI_REQUESTED_EVENT, .env_id = thread_env(t)};
        e.u.heap_dump.dump_level = level;
        e.u.heap_dump.begin = b.data;
        e.u.heap_dump.end = b.data + b.len;
        e.u.heap_dump.num_traces = th.n;
        e.u.heap_dump.traces = traces;
        jvmpi_notify(t, &e, 0);
        r = JVMPI_SUCCESS;
    }
    heap_gc_enable(t);
    free_traces(traces, th.n);
    free(th.v);
    free(b.data);
    return r;
}

jint jvmpi_object_dump(Thread *t, Object *o)
{
    JvmpiBuf b = {0};
    heap_gc_disable(t);
    object_record(&b, o, JVMPI_DUMP_LEVEL_2);
    jint r = JVMPI_FAIL;
    if (!b.oom) {
        JVMPI_Event e = {.event_type = JVMPI_EVENT_OBJECT_DUMP | JVMPI_REQUESTED_EVENT, .env_id = thread_env(t)};
        e.u.object_dump.data_len = (jint)b.len;
        e.u.object_dump.data = b.data;
        jvmpi_notify(t, &e, 0);
        r = JVMPI_SUCCESS;
    }
    heap_gc_enable(t);
    free(b.data);
    return r;
}

/* The objects whose monitors are in use: owned (frames' monitor blocks, JNI entries),
 * entered or waited on by some thread. Each once. */
typedef struct ObjSet {
    Object **v;
    int n, cap;
} ObjSet;

static void set_add(ObjSet *s, Object *o)
{
    if (o == NULL) return;
    for (int i = 0; i < s->n; i++)
        if (s->v[i] == o) return;
    if (s->n == s->cap) {
        int cap = s->cap ? s->cap * 2 : 16;
        Object **v = realloc(s->v, (size_t)cap * sizeof *v);
        if (v == NULL) return;
        s->v = v;
        s->cap = cap;
    }
    s->v[s->n++] = o;
}

static void java_monitor_record(JvmpiBuf *b, Object *o, Threads *th)
{
    int count = 0;
    Thread *owner = mon_owner(o, &count);
    Monitor *m = mon_inflated(o);
    jvmpi_buf_u1(b, JVMPI_MONITOR_JAVA);
    jvmpi_buf_ptr(b, o);
    jvmpi_buf_ptr(b, owner ? thread_env(owner) : NULL);
    jvmpi_buf_u4(b, (uint32_t)(owner ? count : 0));
    int n = 0;
    for (int i = 0; i < th->n; i++) n += m != NULL && th->v[i]->blocked_on == m;
    jvmpi_buf_u4(b, (uint32_t)n);
    for (int i = 0; i < th->n; i++)
        if (m != NULL && th->v[i]->blocked_on == m) jvmpi_buf_ptr(b, thread_env(th->v[i]));
    n = 0;
    for (int i = 0; i < th->n; i++) n += m != NULL && th->v[i]->waiting_on == m;
    jvmpi_buf_u4(b, (uint32_t)n);
    for (int i = 0; i < th->n; i++)
        if (m != NULL && th->v[i]->waiting_on == m) jvmpi_buf_ptr(b, thread_env(th->v[i]));
}

/* MONITOR_DUMP: a JVMPI_MONITOR_JAVA record per Java monitor in use and a
 * JVMPI_MONITOR_RAW record per JVMPI raw monitor, with the trace and the status
 * (JVMPI_THREAD_*) of every live thread. */
jint jvmpi_monitor_dump(Thread *t)
{
    JvmpiBuf b = {0};
    Threads th = {0};
    ObjSet objs = {0};
    heap_gc_disable(t);
    bool stop = !thread_is_safepoint_initiator(t);
    if (stop) thread_safepoint_begin(t);
    thread_for_each(add_live_thread, &th);
    JVMPI_CallTrace *traces = make_traces(&th);
    jint *status = calloc(th.n ? (size_t)th.n : 1, sizeof *status);
    for (int i = 0; i < th.n; i++) {
        Thread *x = th.v[i];
        if (status != NULL) status[i] = jvmpi_thread_status(x);
        for (Frame *f = frame_skip_entries(x->top_frame); f != NULL; f = frame_skip_entries(f->prev))
            if (!(f->flags & FRAME_NATIVE))
                for (uint32_t k = 0; k < f->nmon; k++) set_add(&objs, frame_monitors(f)[k].l);
        for (int k = 0; k < x->jni_monitor_count; k++) set_add(&objs, x->jni_monitors[k]);
        if (x->blocked_on != NULL) set_add(&objs, mon_object(x->blocked_on));
        if (x->waiting_on != NULL) set_add(&objs, mon_object(x->waiting_on));
    }
    for (int i = 0; i < objs.n; i++) java_monitor_record(&b, objs.v[i], &th);
    jvmpi_raw_monitors_dump(&b);
    if (stop) thread_safepoint_end(t);
    jint r = JVMPI_FAIL;
    if (!b.oom && traces != NULL && status != NULL) {
        JVMPI_Event e = {.event_type = JVMPI_EVENT_MONITOR_DUMP | JVMPI_REQUESTED_EVENT, .env_id = thread_env(t)};
        e.u.monitor_dump.begin = b.data;
        e.u.monitor_dump.end = b.data + b.len;
        e.u.monitor_dump.num_traces = th.n;
        e.u.monitor_dump.traces = traces;
        e.u.monitor_dump.threads_status = status;
        jvmpi_notify(t, &e, 0);
        r = JVMPI_SUCCESS;
    }
    heap_gc_enable(t);
    free_traces(traces, th.n);
    free(status);
    free(objs.v);
    free(th.v);
    free(b.data);
    return r;
}
