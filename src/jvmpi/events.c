// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * events.c — the JVMPI events (spec section 3): which VM hooks each one needs
 * (jvmpi_events_update), the listeners the JVMTI tool seam calls, and the payloads.
 *
 * Mapping onto the seam (src/jvmti/jvmti_tool.h):
 *   METHOD_ENTRY, METHOD_ENTRY2   JVMTI MethodEntry (the interpreter's tool mode)
 *   METHOD_EXIT                   JVMTI MethodExit (normal and exceptional exits)
 *   INSTRUCTION_START             JVMTI SingleStep's hook (before each instruction)
 *   OBJECT_ALLOC                  JVMTI_XEVENT_OBJECT_ALLOC (every allocation)
 *   OBJECT_FREE                   a weak processor of the collector, for each dead object
 *   GC_START                      JVMTI_XEVENT_GC_PROLOGUE (before the world stops)
 *   GC_FINISH                     JVMTI GarbageCollectionFinish (world still stopped)
 *   THREAD_START, THREAD_END      JVMTI ThreadStart/ThreadEnd
 *   CLASS_LOAD, CLASS_LOAD_HOOK   JVMTI ClassLoad, ClassFileLoadHook
 *   JNI_(WEAK_)GLOBALREF_*        JVMTI_XEVENT_GLOBALREF (JNI's four functions)
 *   MONITOR_CONTENDED_ENTER/ED    JVMTI MonitorContendedEnter/Entered
 *   MONITOR_CONTENDED_EXIT        JVMTI_XEVENT_MONITOR_CONTENDED_EXIT
 *   MONITOR_WAIT, _WAITED         JVMTI MonitorWait/Waited
 *   DATA_DUMP/RESET_REQUEST       JVMTI DataDumpRequest (SIGQUIT, jcmd)
 *   JVM_INIT_DONE, JVM_SHUT_DOWN  the tool's vm_init/vm_death (jvmpi.c)
 *   RAW_MONITOR_CONTENDED_*       JVMPI's own raw monitors (rawmonitor.c)
 *   ARENA_NEW                     once, for the one heap (arena 1, "Java heap")
 *   CLASS_UNLOAD                  JVMTI_XEVENT_CLASS_UNLOAD (jvmti_class_unloading)
 * Never sent, with reason (docs/jvmpi.md): OBJECT_MOVE (objects never move),
 * ARENA_DELETE (the heap lives as long as the VM), COMPILED_METHOD_LOAD/UNLOAD (no
 * compiler).
 *
 * GC disabled: the events the spec issues "with GC disabled" are posted with
 * collections held off (heap_gc_disable) for the handler's duration.
 */
#include <stdlib.h>
#include <string.h>

#include "../vm/heap.h"
#include "../vm/jnienter.h"
#include "../vm/loader.h"
#include "../vm/object.h"
#include "../vm/ref.h"
#include "../vm/string.h"
#include "../vm/wellknown.h"
#include "jvmpi_int.h"

/* ------------------------------------------------------------------------------------ */
/* Enablement                                                                           */
/* ------------------------------------------------------------------------------------ */

static _Atomic bool free_processor_registered;
static void free_processor(void);
static void jvmpi_snapshot(Thread *t, jint ev, int hook);

#define EN(ev) jvmpi_is_enabled(JVMPI_EVENT_##ev)

void jvmpi_events_update(Thread *self, jint ev)
{
    /* Recomputed from scratch: enablement changes are rare. */
    struct {
        int hook;
        bool on;
    } want[] = {
        {JVMTI_EVENT_METHOD_ENTRY, EN(METHOD_ENTRY) || EN(METHOD_ENTRY2)},
        {JVMTI_EVENT_METHOD_EXIT, EN(METHOD_EXIT)},
        {JVMTI_EVENT_SINGLE_STEP, EN(INSTRUCTION_START)},
        {JVMTI_XEVENT_OBJECT_ALLOC, EN(OBJECT_ALLOC)},
        {JVMTI_XEVENT_GC_PROLOGUE, EN(GC_START)},
        {JVMTI_EVENT_GARBAGE_COLLECTION_FINISH, EN(GC_FINISH)},
        {JVMTI_EVENT_THREAD_START, EN(THREAD_START)},
        {JVMTI_EVENT_THREAD_END, EN(THREAD_END)},
        {JVMTI_EVENT_CLASS_LOAD, EN(CLASS_LOAD)},
        {JVMTI_EVENT_CLASS_FILE_LOAD_HOOK, EN(CLASS_LOAD_HOOK)},
        {JVMTI_XEVENT_GLOBALREF, EN(JNI_GLOBALREF_ALLOC) || EN(JNI_GLOBALREF_FREE) ||
                                     EN(JNI_WEAK_GLOBALREF_ALLOC) || EN(JNI_WEAK_GLOBALREF_FREE)},
        {JVMTI_EVENT_MONITOR_CONTENDED_ENTER, EN(MONITOR_CONTENDED_ENTER)},
        {JVMTI_EVENT_MONITOR_CONTENDED_ENTERED, EN(MONITOR_CONTENDED_ENTERED)},
        {JVMTI_XEVENT_MONITOR_CONTENDED_EXIT, EN(MONITOR_CONTENDED_EXIT)},
        {JVMTI_EVENT_MONITOR_WAIT, EN(MONITOR_WAIT) || EN(MONITOR_WAITED)},
        {JVMTI_EVENT_MONITOR_WAITED, EN(MONITOR_WAITED)},
        {JVMTI_XEVENT_SLEEP, EN(MONITOR_WAIT) || EN(MONITOR_WAITED)},
        {JVMTI_XEVENT_CLASS_UNLOAD, EN(CLASS_UNLOAD)},
        {JVMTI_EVENT_DATA_DUMP_REQUEST, EN(DATA_DUMP_REQUEST) || EN(DATA_RESET_REQUEST)},
    };
    /* A defining event enabled before JVM_INIT_DONE: its hook goes on together with the
     * snapshot of what exists (see jvmpi_snapshot). */
    if (self != NULL && jvmpi_is_enabled(ev) && !atomic_load(&jvmpi_init_done)) {
        if (ev == JVMPI_EVENT_OBJECT_ALLOC) jvmpi_snapshot(self, ev, JVMTI_XEVENT_OBJECT_ALLOC);
        else if (ev == JVMPI_EVENT_CLASS_LOAD) jvmpi_snapshot(self, ev, JVMTI_EVENT_CLASS_LOAD);
        else if (ev == JVMPI_EVENT_THREAD_START) jvmpi_snapshot(self, ev, JVMTI_EVENT_THREAD_START);
    }
    bool mode = false;
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        if (jvmti_layer_wants(&jvmpi_layer, want[i].hook) == want[i].on) continue;
        jvmti_layer_want(&jvmpi_layer, want[i].hook, want[i].on);
        mode |= want[i].hook == JVMTI_EVENT_METHOD_ENTRY || want[i].hook == JVMTI_EVENT_METHOD_EXIT ||
                want[i].hook == JVMTI_EVENT_SINGLE_STEP;
    }
    if (mode) jvmti_layer_mode_update(self); /* the interpreter's tool mode: a safepoint */
    if (EN(OBJECT_FREE) && !atomic_exchange(&free_processor_registered, true)) {
        /* Registered while no collection runs: under DisableGC-like exclusion. */
        if (self != NULL) heap_gc_disable(self);
        gc_register_weak_processor(free_processor);
        if (self != NULL) heap_gc_enable(self);
    }
}

/* ------------------------------------------------------------------------------------ */
/* Helpers                                                                              */
/* ------------------------------------------------------------------------------------ */

static jobjectID id_of(Object *o) { return (jobjectID)o; }

/* A malloc'd modified-UTF-8 copy of a java.lang.String, or NULL. */
static char *string_of(Object *s) { return s != NULL ? str_to_mutf8(s) : NULL; }

static void post_simple(Thread *t, jint type, unsigned flags)
{
    JVMPI_Event e = {.event_type = type, .env_id = thread_env(t)};
    jvmpi_notify(t, &e, flags);
}

/* ------------------------------------------------------------------------------------ */
/* Threads                                                                              */
/* ------------------------------------------------------------------------------------ */

void jvmpi_on_thread_free(Thread *t)
{
    void *s = t->tool_state;
    t->tool_state = NULL;
    free(s);
}

/* THREAD_START (and THREAD_END, which HotSpot fills the same way): the thread's name,
 * its group's and the group's parent's names, its java.lang.Thread and JNIEnv. */
void jvmpi_post_thread_start(Thread *t, Thread *of, jint type, bool requested)
{
    Object *jt = of->jthread;
    if (jt == NULL) return;
    Object *group = FIELD_GET(jt, wk_off.Thread_group, Object *);
    Object *parent = group != NULL ? FIELD_GET(group, wk_off.ThreadGroup_parent, Object *) : NULL;
    char *name = string_of(FIELD_GET(jt, wk_off.Thread_name, Object *));
    char *gname = group != NULL ? string_of(FIELD_GET(group, wk_off.ThreadGroup_name, Object *)) : NULL;
    char *pname = parent != NULL ? string_of(FIELD_GET(parent, wk_off.ThreadGroup_name, Object *)) : NULL;
    JVMPI_Event e = {.event_type = type | (requested ? JVMPI_REQUESTED_EVENT : 0),
                     .env_id = thread_env(requested ? t : of)};
    e.u.thread_start.thread_name = name;
    e.u.thread_start.group_name = gname;
    e.u.thread_start.parent_name = pname;
    e.u.thread_start.thread_id = id_of(jt);
    e.u.thread_start.thread_env_id = thread_env(of);
    jvmpi_notify(t, &e, JVMPI_POST_GC_OFF);
    free(name);
    free(gname);
    free(pname);
}

void jvmpi_on_thread_start(Thread *t)
{
    if (EN(THREAD_START)) jvmpi_post_thread_start(t, t, JVMPI_EVENT_THREAD_START, false);
}

void jvmpi_on_thread_end(Thread *t)
{
    if (EN(THREAD_END)) jvmpi_post_thread_start(t, t, JVMPI_EVENT_THREAD_END, false);
}

/* ------------------------------------------------------------------------------------ */
/* Classes                                                                              */
/* ------------------------------------------------------------------------------------ */

/* First and last source line of m's code (-1, -1 for native and abstract methods and
 * code without line numbers). */
static void line_range(const Method *m, jint *start, jint *end)
{
    *start = *end = -1;
    if (m->cf == NULL || m->cf->code == NULL) return;
    const CfCode *code = m->cf->code;
    const CfLineNumber *lines = cf_lines(code);
    for (int i = 0; i < code->line_count; i++) {
        jint l = lines[i].line;
        if (*start < 0 || l < *start) *start = l;
        if (l > *end) *end = l;
    }
}

/* CLASS_LOAD: the class's name (external form, "java.lang.String"), source file, the
 * number of direct superinterfaces, its declared methods (with line ranges) and its
 * declared static and instance fields. Array and primitive classes have none of them. */
void jvmpi_post_class_load(Thread *t, Class *c, bool requested)
{
    if (c == NULL || c->mirror == NULL) return;
    char name[1024];
    class_external_name(c, name, sizeof name);
    jint nm = c->method_count, nf = c->field_count;
    JVMPI_Method *methods = calloc(nm ? (size_t)nm : 1, sizeof *methods);
    JVMPI_Field *statics = calloc(nf ? (size_t)nf : 1, sizeof *statics);
    JVMPI_Field *instances = calloc(nf ? (size_t)nf : 1, sizeof *instances);
    if (methods == NULL || statics == NULL || instances == NULL) goto out;
    for (jint i = 0; i < nm; i++) {
        Method *m = &c->methods[i];
        methods[i].method_name = (char *)m->name;
        methods[i].method_signature = (char *)m->desc;
        line_range(m, &methods[i].start_lineno, &methods[i].end_lineno);
        methods[i].method_id = (jmethodID)m;
    }
    jint ns = 0, ni = 0;
    for (jint i = 0; i < nf; i++) {
        Field *f = &c->fields[i];
        JVMPI_Field *to = (f->access & ACC_STATIC) ? &statics[ns++] : &instances[ni++];
        to->field_name = (char *)f->name;
        to->field_signature = (char *)f->desc;
    }
    JVMPI_Event e = {.event_type = JVMPI_EVENT_CLASS_LOAD | (requested ? JVMPI_REQUESTED_EVENT : 0),
                     .env_id = thread_env(t)};
    e.u.class_load.class_name = name;
    e.u.class_load.source_name = (char *)class_source_file(c);
    e.u.class_load.num_interfaces = class_is_array(c) ? 0 : c->interface_count; /* HotSpot: none for arrays */
    e.u.class_load.num_methods = nm;
    e.u.class_load.methods = methods;
    e.u.class_load.num_static_fields = ns;
    e.u.class_load.statics = statics;
    e.u.class_load.num_instance_fields = ni;
    e.u.class_load.instances = instances;
    e.u.class_load.class_id = id_of(c->mirror);
    jvmpi_notify(t, &e, JVMPI_POST_GC_OFF);
out:
    free(methods);
    free(statics);
    free(instances);
}

/* CLASS_UNLOAD, for classes and interfaces (not arrays, which had no CLASS_LOAD), inside
 * the collection that unloads them: their mirror (the class ID) and their methods are
 * still valid during the handler, so RequestEvent(CLASS_LOAD) for the ID gives the whole
 * class (HotSpot's method IDs were NULL there). Collections cannot happen meanwhile. */
void jvmpi_on_class_unload(Thread *t, const Class *c)
{
    if (!EN(CLASS_UNLOAD) || class_is_array(c) || c->mirror == NULL || t == NULL) return;
    JVMPI_Event e = {.event_type = JVMPI_EVENT_CLASS_UNLOAD, .env_id = thread_env(t)};
    e.u.class_unload.class_id = id_of(c->mirror);
    jvmpi_notify(t, &e, JVMPI_POST_IN_GC);
}

void jvmpi_on_class_load(Thread *t, Class *c)
{
    if (!EN(CLASS_LOAD)) return;
    /* The mirror's OBJECT_ALLOC (queued, jvmti_sample_alloc) comes first: a defining
     * event before the ID appears elsewhere (spec, "JVMPI IDs"). */
    if (t->jvmti_samples_n != 0) jvmti_post_sampled_alloc(t);
    jvmpi_post_class_load(t, c, false);
}

static void *hook_malloc(unsigned int n) { return malloc(n ? n : 1); }

/* CLASS_LOAD_HOOK: the agent gets the bytes and malloc_f; it must set new_class_data
 * and new_class_data_len (to the old values to keep the class as it is). Bytes it
 * allocated with malloc_f replace the class's; the VM frees them. */
uint8_t *jvmpi_on_class_file_load_hook(Thread *t, const uint8_t *data, size_t len, size_t *new_len)
{
    if (!EN(CLASS_LOAD_HOOK) || len > INT32_MAX) return NULL;
    JVMPI_Event e = {.event_type = JVMPI_EVENT_CLASS_LOAD_HOOK, .env_id = thread_env(t)};
    e.u.class_load_hook.class_data = (unsigned char *)data;
    e.u.class_load_hook.class_data_len = (jint)len;
    /* An agent that forgets to set them keeps the class as it is. */
    e.u.class_load_hook.new_class_data = (unsigned char *)data;
    e.u.class_load_hook.new_class_data_len = (jint)len;
    e.u.class_load_hook.malloc_f = hook_malloc;
    jvmpi_notify(t, &e, 0);
    unsigned char *nd = e.u.class_load_hook.new_class_data;
    if (nd == NULL || nd == data) return NULL;
    jint nl = e.u.class_load_hook.new_class_data_len;
    *new_len = nl < 0 ? 0 : (size_t)nl;
    return nd;
}

/* ------------------------------------------------------------------------------------ */
/* Methods and instructions                                                             */
/* ------------------------------------------------------------------------------------ */

void jvmpi_on_method_entry(Thread *t, Frame *f)
{
    Method *m = f->method;
    if (EN(METHOD_ENTRY)) {
        JVMPI_Event e = {.event_type = JVMPI_EVENT_METHOD_ENTRY, .env_id = thread_env(t)};
        e.u.method.method_id = (jmethodID)m;
        jvmpi_notify(t, &e, 0);
    }
    if (EN(METHOD_ENTRY2)) {
        JVMPI_Event e = {.event_type = JVMPI_EVENT_METHOD_ENTRY2, .env_id = thread_env(t)};
        e.u.method_entry2.method_id = (jmethodID)m;
        e.u.method_entry2.obj_id = method_is_static(m) ? NULL : id_of(f->locals[0].l);
        jvmpi_notify(t, &e, JVMPI_POST_GC_OFF);
    }
}

void jvmpi_on_method_exit(Thread *t, Frame *f)
{
    if (!EN(METHOD_EXIT)) return;
    JVMPI_Event e = {.event_type = JVMPI_EVENT_METHOD_EXIT, .env_id = thread_env(t)};
    /* A frame running a redefined class's old version (class.h): the method's own ID,
     * the one CLASS_LOAD gave (JVMPI knows no old versions). */
    e.u.method.method_id = (jmethodID)method_current(f->method);
    jvmpi_notify(t, &e, 0);
}

static int32_t be32(const uint8_t *p) { return (int32_t)((uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]); }

/* INSTRUCTION_START: before the instruction at f->pc, with the branch it is about to take
 * for if*, tableswitch and lookupswitch (read from the class file's code, which is never
 * quickened or patched, and from the operand stack). */
void jvmpi_on_instruction(Thread *t, Frame *f)
{
    if (!EN(INSTRUCTION_START)) return;
    Method *m = f->method;
    if (m == NULL || m->cf == NULL || m->cf->code == NULL) return;
    int bci = (int)(f->pc - m->code);
    const uint8_t *code = m->cf->code->code;
    JVMPI_Event e = {.event_type = JVMPI_EVENT_INSTRUCTION_START, .env_id = thread_env(t)};
    e.u.instruction.method_id = (jmethodID)method_current(m); /* offsets: of the code running */
    e.u.instruction.offset = bci;
    uint8_t op = code[bci];
    Slot *sp = f->sp;
    if (op >= 0x99 && op <= 0x9e) { /* ifeq .. ifle */
        int32_t v = sp[-1].i;
        bool r = op == 0x99 ? v == 0 : op == 0x9a ? v != 0 : op == 0x9b ? v < 0 : op == 0x9c ? v >= 0 : op == 0x9d ? v > 0 : v <= 0;
        e.u.instruction.u.if_info.is_true = r;
    } else if (op >= 0x9f && op <= 0xa4) { /* if_icmpeq .. if_icmple */
        int32_t a = sp[-2].i, b = sp[-1].i;
        bool r = op == 0x9f ? a == b : op == 0xa0 ? a != b : op == 0xa1 ? a < b : op == 0xa2 ? a >= b : op == 0xa3 ? a > b : a <= b;
        e.u.instruction.u.if_info.is_true = r;
    } else if (op == 0xa5 || op == 0xa6) { /* if_acmpeq, if_acmpne */
        bool same = sp[-2].l == sp[-1].l;
        e.u.instruction.u.if_info.is_true = op == 0xa5 ? same : !same;
    } else if (op == 0xc6 || op == 0xc7) { /* ifnull, ifnonnull */
        bool null = sp[-1].l == NULL;
        e.u.instruction.u.if_info.is_true = op == 0xc6 ? null : !null;
    } else if (op == 0xaa) { /* tableswitch */
        const uint8_t *p = code + ((bci + 4) & ~3);
        e.u.instruction.u.tableswitch_info.key = sp[-1].i;
        e.u.instruction.u.tableswitch_info.low = be32(p + 4);
        e.u.instruction.u.tableswitch_info.hi = be32(p + 8);
    } else if (op == 0xab) { /* lookupswitch */
        const uint8_t *p = code + ((bci + 4) & ~3);
        int32_t key = sp[-1].i, n = be32(p + 4), chosen = n;
        for (int32_t i = 0; i < n; i++)
            if (be32(p + 8 + 8 * i) == key) {
                chosen = i;
                break;
            }
        e.u.instruction.u.lookupswitch_info.chosen_pair_index = chosen;
        e.u.instruction.u.lookupswitch_info.pairs_total = n;
    }
    jvmpi_notify(t, &e, 0);
}

/* ------------------------------------------------------------------------------------ */
/* Objects                                                                              */
/* ------------------------------------------------------------------------------------ */

/* OBJECT_ALLOC: is_array NORMAL_OBJECT with the object's class, CLASS with the element
 * (component) class for object arrays, the element type code (no class) for primitive
 * arrays; the size in bytes; arena 1. */
/* ARENA_NEW's progress: ARENA_NONE, ARENA_SENDING (by arena_sender, inside the agent's
 * handler), ARENA_SENT. */
enum { ARENA_NONE, ARENA_SENDING, ARENA_SENT };
static _Atomic int arena_state;
static Thread *_Atomic arena_sender;

/* The booting thread while the -Xrun libraries' JVM_OnLoad functions run, else NULL. */
static Thread *_Atomic onload_thread;

void jvmpi_on_xrun_onload(Thread *t, bool done)
{
    atomic_store_explicit(&onload_thread, done ? NULL : t, memory_order_release);
}

/* Waits until done() holds, polling every 100 us, in a safe state if the thread runs
 * Java (a collection may need it meanwhile). */
static void wait_safe_until(Thread *t, bool (*done)(void))
{
    int st = atomic_load_explicit(&t->state, memory_order_relaxed);
    if (st == TS_JAVA) thread_enter_safe(t, TS_BLOCKED);
    while (!done()) os_sleep_ns(100 * 1000);
    if (st == TS_JAVA) thread_leave_safe(t);
}

static bool onload_over(void) { return atomic_load_explicit(&onload_thread, memory_order_acquire) == NULL; }
static bool arena_sent(void) { return atomic_load_explicit(&arena_state, memory_order_acquire) == ARENA_SENT; }

/* While JVM_OnLoad runs, the agent enables its events one after the other, and the VM's
 * other threads may already allocate (the Signal Dispatcher, started at the end of
 * System.initPhase1, attaches itself, late on a loaded machine). A thread about to send
 * an OBJECT_ALLOC while ARENA_NEW is not enabled then waits (in a safe state, as in
 * jvmpi_post_arena_new) until JVM_OnLoad returns, so that an agent enabling OBJECT_ALLOC
 * before ARENA_NEW still gets ARENA_NEW first: without this the Signal Dispatcher's five
 * objects came before it (jvmpi/Gc under load, jvmpi/ArenaOrder). The booting thread
 * itself and a collection's initiator go on. */
static void onload_wait(Thread *t)
{
    Thread *o = atomic_load_explicit(&onload_thread, memory_order_acquire);
    if (o == NULL || o == t || thread_is_safepoint_initiator(t)) return;
    wait_safe_until(t, onload_over);
}

void jvmpi_post_object_alloc(Thread *t, Object *o, bool requested)
{
    /* The arena's defining event comes before the first object that names it, also when
     * the agent's JVM_OnLoad has not enabled ARENA_NEW yet but will. */
    if (unlikely(atomic_load_explicit(&arena_state, memory_order_acquire) != ARENA_SENT)) {
        if (!EN(ARENA_NEW)) onload_wait(t);
        if (EN(ARENA_NEW)) jvmpi_post_arena_new(t);
    }
    Class *k = o->klass;
    JVMPI_Event e = {.event_type = JVMPI_EVENT_OBJECT_ALLOC | (requested ? JVMPI_REQUESTED_EVENT : 0),
                     .env_id = thread_env(t)};
    e.u.obj_alloc.arena_id = JVMPI_HEAP_ARENA;
    if (!class_is_array(k)) {
        e.u.obj_alloc.is_array = JVMPI_NORMAL_OBJECT;
        e.u.obj_alloc.class_id = id_of(k->mirror);
    } else if (bt_is_ref((BasicType)k->elem_type)) {
        e.u.obj_alloc.is_array = JVMPI_CLASS;
        e.u.obj_alloc.class_id = id_of(k->component->mirror);
    } else {
        e.u.obj_alloc.is_array = k->elem_type;
        e.u.obj_alloc.class_id = NULL;
    }
    e.u.obj_alloc.size = (jint)ALIGN_UP(obj_size(o), 8); /* what it occupies, as HotSpot counts */
    e.u.obj_alloc.obj_id = id_of(o);
    jvmpi_notify(t, &e, JVMPI_POST_GC_OFF);
}

void jvmpi_on_object_alloc(Thread *t, Object *o)
{
    if (EN(OBJECT_ALLOC)) jvmpi_post_object_alloc(t, o, false);
}

/* OBJECT_FREE, in thread suspended mode: the collector's weak processing, after marking,
 * before the sweep; every dead object, on the collecting thread. */
static void free_one(Object *o, void *arg)
{
    if (gc_is_alive(o)) return;
    JVMPI_Event e = {.event_type = JVMPI_EVENT_OBJECT_FREE, .env_id = thread_env((Thread *)arg)};
    e.u.obj_free.obj_id = id_of(o);
    jvmpi_notify((Thread *)arg, &e, JVMPI_POST_IN_GC);
}

static void free_processor(void)
{
    if (!EN(OBJECT_FREE) || jvmpi_interface.NotifyEvent == NULL || atomic_load(&jvmpi_shut_down)) return;
    Thread *t = thread_current();
    if (t != NULL) heap_iterate(free_one, t);
}

/* ------------------------------------------------------------------------------------ */
/* Collections                                                                          */
/* ------------------------------------------------------------------------------------ */

/* GC_START, with this thread's own collections held off: an allocation in the handler
 * must not start a second collection from inside this one (it takes no collection and
 * grows the heap). */
void jvmpi_on_gc_start(Thread *t)
{
    if (EN(GC_START)) post_simple(t, JVMPI_EVENT_GC_START, JVMPI_POST_GC_OFF);
}

typedef struct HeapStats {
    jlong objects, bytes;
} HeapStats;

static void count_one(Object *o, void *arg)
{
    HeapStats *s = arg;
    s->objects++;
    s->bytes += (jlong)obj_size(o);
}

/* GC_FINISH, still in thread suspended mode (spec: the system gets back into
 * multi-threaded mode after it): the live objects, the bytes they use, and the heap's
 * committed bytes. */
void jvmpi_on_gc_finish(Thread *t)
{
    if (!EN(GC_FINISH)) return;
    HeapStats s = {0, 0};
    heap_iterate(count_one, &s);
    JVMPI_Event e = {.event_type = JVMPI_EVENT_GC_FINISH, .env_id = thread_env(t)};
    e.u.gc_info.used_objects = s.objects;
    e.u.gc_info.used_object_space = s.bytes;
    e.u.gc_info.total_object_space = (jlong)heap_committed_bytes();
    jvmpi_notify(t, &e, JVMPI_POST_IN_GC);
}

/* ------------------------------------------------------------------------------------ */
/* Monitors                                                                             */
/* ------------------------------------------------------------------------------------ */

static void post_monitor(Thread *t, jint type, Object *o)
{
    JVMPI_Event e = {.event_type = type, .env_id = thread_env(t)};
    e.u.monitor.object = id_of(o);
    jvmpi_notify(t, &e, JVMPI_POST_GC_OFF);
}

void jvmpi_on_monitor_contended_enter(Thread *t, Object *o)
{
    if (EN(MONITOR_CONTENDED_ENTER)) post_monitor(t, JVMPI_EVENT_MONITOR_CONTENDED_ENTER, o);
}

void jvmpi_on_monitor_contended_entered(Thread *t, Object *o)
{
    if (EN(MONITOR_CONTENDED_ENTERED)) post_monitor(t, JVMPI_EVENT_MONITOR_CONTENDED_ENTERED, o);
}

void jvmpi_on_monitor_contended_exit(Thread *t, Object *o)
{
    if (EN(MONITOR_CONTENDED_EXIT)) post_monitor(t, JVMPI_EVENT_MONITOR_CONTENDED_EXIT, o);
}

/* MONITOR_WAIT: the object and the timeout (0 = forever). The start is remembered for
 * MONITOR_WAITED, whose timeout field is the time the thread waited, in ms. */
void jvmpi_on_monitor_wait(Thread *t, Object *o, int64_t timeout)
{
    JvmpiThread *s = jvmpi_thread_state(t);
    if (s != NULL) {
        s->wait_start_ns = os_nanotime();
        s->wait_timeout = timeout;
    }
    if (!EN(MONITOR_WAIT)) return;
    JVMPI_Event e = {.event_type = JVMPI_EVENT_MONITOR_WAIT, .env_id = thread_env(t)};
    e.u.monitor_wait.object = id_of(o);
    e.u.monitor_wait.timeout = timeout;
    jvmpi_notify(t, &e, JVMPI_POST_GC_OFF);
}

void jvmpi_on_monitor_waited(Thread *t, Object *o, bool timed_out)
{
    if (!EN(MONITOR_WAITED)) return;
    JvmpiThread *s = jvmpi_thread_state(t);
    int64_t waited = 0;
    if (s != NULL && s->wait_start_ns != 0) waited = (os_nanotime() - s->wait_start_ns) / 1000000;
    if (s != NULL) s->wait_start_ns = 0;
    JVMPI_Event e = {.event_type = JVMPI_EVENT_MONITOR_WAITED, .env_id = thread_env(t)};
    e.u.monitor_wait.object = id_of(o);
    e.u.monitor_wait.timeout = waited;
    jvmpi_notify(t, &e, JVMPI_POST_GC_OFF);
}

/* Thread.sleep: MONITOR_WAIT and MONITOR_WAITED with no object (spec: "NULL indicates
 * the thread is in Thread.sleep"), the timeouts as for Object.wait. */
void jvmpi_on_sleep(Thread *t, int64_t millis, bool done)
{
    if (!done) {
        jvmpi_on_monitor_wait(t, NULL, millis);
        return;
    }
    jvmpi_on_monitor_waited(t, NULL, false);
}

/* ------------------------------------------------------------------------------------ */
/* JNI references, data dump requests, arenas                                           */
/* ------------------------------------------------------------------------------------ */

void jvmpi_on_globalref_alloc(Thread *t, Object *o, jobject ref, bool weak)
{
    jint type = weak ? JVMPI_EVENT_JNI_WEAK_GLOBALREF_ALLOC : JVMPI_EVENT_JNI_GLOBALREF_ALLOC;
    if (!jvmpi_is_enabled(type)) return;
    JVMPI_Event e = {.event_type = type, .env_id = thread_env(t)};
    e.u.jni_globalref_alloc.obj_id = id_of(o);
    e.u.jni_globalref_alloc.ref_id = ref;
    jvmpi_notify(t, &e, JVMPI_POST_GC_OFF);
}

void jvmpi_on_globalref_free(Thread *t, jobject ref, bool weak)
{
    jint type = weak ? JVMPI_EVENT_JNI_WEAK_GLOBALREF_FREE : JVMPI_EVENT_JNI_GLOBALREF_FREE;
    if (!jvmpi_is_enabled(type)) return;
    JVMPI_Event e = {.event_type = type, .env_id = thread_env(t)};
    e.u.jni_globalref_free.ref_id = ref;
    jvmpi_notify(t, &e, 0);
}

/* SIGQUIT (or jcmd's JVMTI.data_dump): DATA_DUMP_REQUEST, then DATA_RESET_REQUEST, the
 * two hints HotSpot's JVMPI gave the agent on Ctrl-\ (docs/jvmpi.md). */
void jvmpi_on_data_dump_request(Thread *t)
{
    if (EN(DATA_DUMP_REQUEST)) post_simple(t, JVMPI_EVENT_DATA_DUMP_REQUEST, 0);
    if (EN(DATA_RESET_REQUEST)) post_simple(t, JVMPI_EVENT_DATA_RESET_REQUEST, 0);
}

/* ARENA_NEW for the heap, arena 1: once, before the first OBJECT_ALLOC, at JVM_INIT_DONE
 * or when the event is enabled later, whichever comes first. "Before" holds across
 * threads: a thread about to send an OBJECT_ALLOC while another is still inside the
 * agent's ARENA_NEW handler waits for that handler to return (jvmpi/Gc counted objects
 * of an arena not announced yet). It waits in a safe state, since the handler may
 * start a collection; the sender itself (the handler allocating) and a collection's
 * initiator (which the sender would wait for) go on. */
void jvmpi_post_arena_new(Thread *t)
{
    if (!EN(ARENA_NEW)) return;
    int s = ARENA_NONE;
    if (atomic_compare_exchange_strong(&arena_state, &s, ARENA_SENDING)) {
        atomic_store(&arena_sender, t);
        JVMPI_Event e = {.event_type = JVMPI_EVENT_ARENA_NEW, .env_id = thread_env(t)};
        e.u.new_arena.arena_id = JVMPI_HEAP_ARENA;
        e.u.new_arena.arena_name = "Java heap";
        jvmpi_notify(t, &e, 0);
        atomic_store_explicit(&arena_state, ARENA_SENT, memory_order_release);
        return;
    }
    if (s == ARENA_SENT || atomic_load(&arena_sender) == t || thread_is_safepoint_initiator(t)) return;
    wait_safe_until(t, arena_sent);
}

/* ------------------------------------------------------------------------------------ */
/* Back-fill after JVM_INIT_DONE                                                        */
/* ------------------------------------------------------------------------------------ */

typedef struct ObjList {
    Object **v;
    size_t n, cap;
    bool oom;
} ObjList;

static void list_add(ObjList *l, Object *o)
{
    if (l->oom) return;
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 1024;
        Object **v = realloc(l->v, cap * sizeof *v);
        if (v == NULL) {
            l->oom = true;
            return;
        }
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = o;
}

static void collect_object(Object *o, void *arg) { list_add(arg, o); }
static void collect_class(Class *c, void *arg)
{
    if (c->mirror != NULL) list_add(arg, c->mirror);
}
static void collect_thread(Thread *t, void *arg)
{
    if (t->jthread != NULL && thread_from_jthread(t->jthread) == t) list_add(arg, t->jthread);
}

/* The defining events of what existed before the agent could hear of it: when
 * OBJECT_ALLOC, CLASS_LOAD or THREAD_START is first enabled before JVM_INIT_DONE (in
 * JVM_OnLoad), the objects, classes (mirrors) or threads (java.lang.Thread objects) that
 * exist at that moment are noted, each held by a JNI global reference so that it stays
 * and keeps its ID, and right after JVM_INIT_DONE they get their events, as HotSpot sends
 * them: OBJECT_ALLOC for the objects, then CLASS_LOAD, then THREAD_START. What is created
 * after the enabling gets its event when it is created, so nothing is reported twice:
 * the event's VM hook goes on inside the same safepoint as the snapshot is taken in, so
 * no allocation, class definition or thread start falls between the two. Collections
 * are held off only while the snapshot is taken (holding them until JVM_INIT_DONE would
 * make a thread that must collect during start-up wait for the end of start-up). */
typedef struct RefList {
    jobject *v;
    size_t n, cap;
} RefList;
static RefList snap[3];
static bool snapped[3];
enum { SNAP_OBJECTS, SNAP_CLASSES, SNAP_THREADS };

static void jvmpi_snapshot(Thread *t, jint ev, int hook)
{
    int k = ev == JVMPI_EVENT_OBJECT_ALLOC ? SNAP_OBJECTS : ev == JVMPI_EVENT_CLASS_LOAD ? SNAP_CLASSES
                                                                                         : SNAP_THREADS;
    if (snapped[k] || atomic_load(&jvmpi_init_done)) return;
    snapped[k] = true;
    ObjList l = {0};
    heap_gc_disable(t);
    thread_safepoint_begin(t);
    jvmti_layer_want(&jvmpi_layer, hook, true); /* not a tool-mode event: no safepoint of its own */
    switch (k) {
    case SNAP_OBJECTS: heap_iterate(collect_object, &l); break;
    case SNAP_CLASSES: loader_for_each_class(collect_class, &l); break;
    default: thread_for_each(collect_thread, &l); break;
    }
    thread_safepoint_end(t);
    RefList *r = &snap[k];
    r->v = malloc((l.n ? l.n : 1) * sizeof *r->v);
    if (r->v != NULL)
        for (size_t i = 0; i < l.n; i++) r->v[r->n++] = ref_new_global(l.v[i]);
    heap_gc_enable(t);
    free(l.v);
}

void jvmpi_backfill(Thread *t)
{
    for (int k = 0; k < 3; k++) {
        RefList *r = &snap[k];
        for (size_t i = 0; i < r->n; i++) {
            Object *o = ref_get(r->v[i]);
            if (o == NULL) continue;
            if (k == SNAP_OBJECTS && EN(OBJECT_ALLOC)) jvmpi_post_object_alloc(t, o, false);
            if (k == SNAP_CLASSES && EN(CLASS_LOAD)) jvmpi_post_class_load(t, class_from_mirror(o), false);
            if (k == SNAP_THREADS && EN(THREAD_START)) {
                Thread *of = thread_from_jthread(o);
                if (of != NULL) jvmpi_post_thread_start(t, of, JVMPI_EVENT_THREAD_START, false);
            }
        }
        for (size_t i = 0; i < r->n; i++) ref_delete_global(r->v[i]);
        free(r->v);
        *r = (RefList){0};
    }
}
