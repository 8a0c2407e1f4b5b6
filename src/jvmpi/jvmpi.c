// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jvmpi.c — the JVMPI interface itself: the function table (one per VM), JavaVM GetEnv
 * for JVMPI_VERSION_1, _1_1 and _1_2, EnableEvent/DisableEvent/RequestEvent, the posting
 * of events to the agent's NotifyEvent, JVM_INIT_DONE and JVM_SHUT_DOWN.
 *
 * Registration. A constructor registers jvmpi_tool (events.c) with the JVMTI module when
 * libjvm.so is loaded; from then on GetEnv hands the JVMPI versions to get_env below.
 * Nothing else happens until an agent asks for the interface: no event is enabled, so
 * no hook of the VM fires and JVMPI costs nothing.
 *
 * GetEnv (spec "Function Call Interface"; docs/jvmpi.md): from an attached thread only
 * (JNI_EDETACHED otherwise, *penv NULL), for the three JVMPI versions (JNI_EVERSION for
 * any other number of the JVMPI family, 0x1xxxxxxx). Every call returns the same table;
 * `version` says JVMPI_VERSION_1_2, the highest GlassVM implements (HotSpot's rule);
 * NotifyEvent belongs to the agent and is never reset. All events start disabled.
 *
 * After JVM_SHUT_DOWN (docs/jvmpi.md, HotSpot's behaviour): NotifyEvent is not called any
 * more; ProfilerExit still works; every other function blocks forever when another
 * thread calls it (an agent thread must not run on into a VM that is going away) and
 * does nothing (returning 0/NULL) on the exiting thread itself, which still runs the
 * agent's JVM_OnUnload.
 */
#include <stdlib.h>
#include <string.h>

#include "../vm/heap.h"
#include "../vm/jnienter.h"
#include "../vm/object.h"
#include "../vm/ref.h"
#include "../vm/wellknown.h"
#include "jvmpi_int.h"

JVMPI_Interface jvmpi_interface;
_Atomic uint64_t jvmpi_enabled;
_Atomic bool jvmpi_shut_down;
_Atomic bool jvmpi_init_done;
static Thread *_Atomic shutdown_thread;
static _Atomic bool events_closed; /* JVM_SHUT_DOWN is being posted: no other event */

/* ------------------------------------------------------------------------------------ */
/* After JVM_SHUT_DOWN                                                                  */
/* ------------------------------------------------------------------------------------ */

/* True when the calling function must return at once (the exiting thread); never
 * returns on any other thread. */
static bool after_shutdown(void)
{
    Thread *t = thread_current();
    if (t != NULL && t == atomic_load(&shutdown_thread)) return true;
    if (t != NULL && atomic_load_explicit(&t->state, memory_order_relaxed) == TS_JAVA)
        thread_enter_safe(t, TS_NATIVE);
    for (;;) os_sleep_ns(INT64_C(1000000000) * 3600);
}

#define SHUTDOWN_GUARD(ret)                                                                 \
    do {                                                                                    \
        if (unlikely(atomic_load_explicit(&jvmpi_shut_down, memory_order_acquire)) &&       \
            after_shutdown())                                                               \
            return ret;                                                                     \
    } while (0)

/* ------------------------------------------------------------------------------------ */
/* Posting                                                                              */
/* ------------------------------------------------------------------------------------ */

void jvmpi_notify(Thread *t, JVMPI_Event *e, unsigned flags)
{
    void (*fn)(JVMPI_Event *) = __atomic_load_n(&jvmpi_interface.NotifyEvent, __ATOMIC_ACQUIRE);
    if (fn == NULL) return;
    if (atomic_load_explicit(&events_closed, memory_order_acquire) && e->event_type != JVMPI_EVENT_JVM_SHUT_DOWN)
        return;
    /* Inside the collector's stopped world (a collection's events, or what their handlers
     * request): the agent runs as is, in TS_JAVA. */
    if ((flags & JVMPI_POST_IN_GC) || thread_is_safepoint_initiator(t)) {
        fn(e);
        return;
    }
    int prev = jni_enter(t);
    /* As a native method call: the agent's JNI references go with this frame, t's pending
     * exception waits, one the agent leaves is dropped. */
    Object *saved = t->exception;
    t->exception = NULL;
    uint32_t mark = ref_mark(t), base = t->locals.frame_base;
    t->locals.frame_base = mark;
    if (saved != NULL) ref_new_local(t, saved);
    bool gc_off = (flags & JVMPI_POST_GC_OFF) != 0;
    if (gc_off) heap_gc_disable(t);
    jni_leave(t, TS_NATIVE);
    fn(e);
    jni_enter(t);
    if (gc_off) heap_gc_enable(t);
    t->exception = NULL;
    ref_release_to(t, mark, base);
    t->exception = saved;
    if (prev == TS_NATIVE) jni_leave(t, TS_NATIVE);
    else thread_check_suspended(t); /* suspended meanwhile: back to Java code only once resumed */
}

typedef struct FindEnv {
    JNIEnv *env;
    Thread *found;
} FindEnv;

static void find_env(Thread *t, void *arg)
{
    FindEnv *f = arg;
    if (thread_env(t) == f->env && atomic_load_explicit(&t->state, memory_order_relaxed) != TS_TERMINATED)
        f->found = t;
}

Thread *jvmpi_thread_of(JNIEnv *env)
{
    if (env == NULL) return NULL;
    FindEnv f = {env, NULL};
    thread_for_each(find_env, &f);
    return f.found;
}

JvmpiThread *jvmpi_thread_state(Thread *t)
{
    JvmpiThread *s = __atomic_load_n((JvmpiThread **)&t->tool_state, __ATOMIC_ACQUIRE);
    if (s != NULL) return s;
    JvmpiThread *n = calloc(1, sizeof *n);
    if (n == NULL) return NULL;
    JvmpiThread *expected = NULL;
    if (!__atomic_compare_exchange_n((JvmpiThread **)&t->tool_state, &expected, n, false, __ATOMIC_ACQ_REL,
                                     __ATOMIC_ACQUIRE)) {
        free(n);
        return expected;
    }
    return n;
}

/* ------------------------------------------------------------------------------------ */
/* EnableEvent, DisableEvent, RequestEvent                                              */
/* ------------------------------------------------------------------------------------ */

/* Can EnableEvent/DisableEvent switch ev? The request-only dumps cannot (spec), nor the
 * unused numbers. */
static bool switchable(jint ev)
{
    if (ev >= JVMPI_EVENT_METHOD_ENTRY && ev <= JVMPI_EVENT_INSTRUCTION_START) return true;
    if (ev >= JVMPI_EVENT_THREAD_START && ev <= JVMPI_MAX_EVENT_TYPE_VAL)
        return ev != 36 && ev != JVMPI_EVENT_HEAP_DUMP && ev != JVMPI_EVENT_OBJECT_DUMP &&
               ev != JVMPI_EVENT_MONITOR_DUMP;
    return false;
}

static jint set_event(jint ev, bool on)
{
    SHUTDOWN_GUARD(JVMPI_FAIL);
    if (!switchable(ev)) return JVMPI_NOT_AVAILABLE;
    /* The hooks are switched at a safepoint, which only an attached thread can begin. */
    Thread *self = thread_current();
    if (self == NULL) return JVMPI_FAIL;
    uint64_t bit = UINT64_C(1) << ev;
    if (on) atomic_fetch_or(&jvmpi_enabled, bit);
    else atomic_fetch_and(&jvmpi_enabled, ~bit);
    int prev = jni_enter(self);
    jvmpi_events_update(self, ev);
    if (on && ev == JVMPI_EVENT_ARENA_NEW && atomic_load(&jvmpi_init_done)) jvmpi_post_arena_new(self);
    jni_leave(self, prev);
    return JVMPI_SUCCESS;
}

/* JVMPI: EnableEvent, DisableEvent. `arg` is unused by every event (spec). JVMPI_FAIL
 * from a thread that is not attached. */
static jint EnableEvent(jint ev, void *arg) { return set_event(ev, true); }
static jint DisableEvent(jint ev, void *arg) { return set_event(ev, false); }

/* Is p the address of a live object (a jobjectID the agent may pass)? */
static Object *object_of(void *p) { return p != NULL && heap_is_object(p) ? (Object *)p : NULL; }

/* JVMPI: RequestEvent. The event comes on the calling thread before this returns, with
 * JVMPI_REQUESTED_EVENT in its type. */
static jint RequestEvent(jint ev, void *arg)
{
    SHUTDOWN_GUARD(JVMPI_FAIL);
    Thread *t = thread_current();
    if (t == NULL) return JVMPI_FAIL;
    int prev = jni_enter(t);
    jint r = JVMPI_SUCCESS;
    Object *o;
    switch (ev) {
    case JVMPI_EVENT_OBJECT_ALLOC:
        if ((o = object_of(arg)) == NULL) r = JVMPI_FAIL;
        else jvmpi_post_object_alloc(t, o, true);
        break;
    case JVMPI_EVENT_THREAD_START: {
        Thread *of;
        if ((o = object_of(arg)) == NULL || !obj_instance_of(o, wk.Thread) ||
            (of = thread_from_jthread(o)) == NULL)
            r = JVMPI_FAIL;
        else jvmpi_post_thread_start(t, of, JVMPI_EVENT_THREAD_START, true);
        break;
    }
    case JVMPI_EVENT_CLASS_LOAD:
        if ((o = object_of(arg)) == NULL || o->klass != wk.Class) r = JVMPI_FAIL;
        else jvmpi_post_class_load(t, class_from_mirror(o), true);
        break;
    case JVMPI_EVENT_OBJECT_DUMP:
        if ((o = object_of(arg)) == NULL) r = JVMPI_FAIL;
        else r = jvmpi_object_dump(t, o);
        break;
    case JVMPI_EVENT_HEAP_DUMP: {
        /* The agent's argument is read through the kernel: an unmapped one fails the
         * request instead of faulting. */
        jint level = JVMPI_DUMP_LEVEL_2;
        if (arg != NULL && !os_mem_read(&((JVMPI_HeapDumpArg *)arg)->heap_dump_level, &level, sizeof level))
            level = -1;
        if (level < JVMPI_DUMP_LEVEL_0 || level > JVMPI_DUMP_LEVEL_2) r = JVMPI_FAIL;
        else r = jvmpi_heap_dump(t, level);
        break;
    }
    case JVMPI_EVENT_MONITOR_DUMP: r = jvmpi_monitor_dump(t); break;
    default: r = JVMPI_NOT_AVAILABLE; break;
    }
    jni_leave(t, prev);
    return r;
}

/* ------------------------------------------------------------------------------------ */
/* The table                                                                            */
/* ------------------------------------------------------------------------------------ */

/* Every function but ProfilerExit goes through a guard for the time after JVM_SHUT_DOWN. */
#define GUARDED_VOID(name, params, args)                                                    \
    static void g_##name params                                                             \
    {                                                                                       \
        SHUTDOWN_GUARD();                                                                   \
        jvmpi_##name args;                                                                  \
    }
#define GUARDED(type, name, params, args)                                                   \
    static type g_##name params                                                             \
    {                                                                                       \
        SHUTDOWN_GUARD((type)0);                                                            \
        return jvmpi_##name args;                                                           \
    }

GUARDED_VOID(GetCallTrace, (JVMPI_CallTrace * trace, jint depth), (trace, depth))
GUARDED(JVMPI_RawMonitor, RawMonitorCreate, (char *name), (name))
GUARDED_VOID(RawMonitorEnter, (JVMPI_RawMonitor m), (m))
GUARDED_VOID(RawMonitorExit, (JVMPI_RawMonitor m), (m))
GUARDED_VOID(RawMonitorWait, (JVMPI_RawMonitor m, jlong ms), (m, ms))
GUARDED_VOID(RawMonitorNotifyAll, (JVMPI_RawMonitor m), (m))
GUARDED_VOID(RawMonitorDestroy, (JVMPI_RawMonitor m), (m))
GUARDED(jlong, GetCurrentThreadCpuTime, (void), ())
GUARDED_VOID(SuspendThread, (JNIEnv * env), (env))
GUARDED_VOID(ResumeThread, (JNIEnv * env), (env))
GUARDED(jint, GetThreadStatus, (JNIEnv * env), (env))
GUARDED(jboolean, ThreadHasRun, (JNIEnv * env), (env))
GUARDED(jint, CreateSystemThread, (char *name, jint priority, void (*f)(void *)), (name, priority, f))
GUARDED_VOID(SetThreadLocalStorage, (JNIEnv * env, void *ptr), (env, ptr))
GUARDED(void *, GetThreadLocalStorage, (JNIEnv * env), (env))
GUARDED_VOID(DisableGC, (void), ())
GUARDED_VOID(EnableGC, (void), ())
GUARDED_VOID(RunGC, (void), ())
GUARDED(jobjectID, GetThreadObject, (JNIEnv * env), (env))
GUARDED(jobjectID, GetMethodClass, (jmethodID mid), (mid))
GUARDED(jobject, jobjectID2jobject, (jobjectID id), (id))
GUARDED(jobjectID, jobject2jobjectID, (jobject obj), (obj))
GUARDED_VOID(SuspendThreadList, (jint n, JNIEnv **list, jint *results), (n, list, results))
GUARDED_VOID(ResumeThreadList, (jint n, JNIEnv **list, jint *results), (n, list, results))

static void fill_table(void)
{
    JVMPI_Interface *f = &jvmpi_interface;
    f->version = JVMPI_VERSION_1_2;
    f->EnableEvent = EnableEvent;
    f->DisableEvent = DisableEvent;
    f->RequestEvent = RequestEvent;
    f->GetCallTrace = g_GetCallTrace;
    f->ProfilerExit = jvmpi_ProfilerExit;
    f->RawMonitorCreate = g_RawMonitorCreate;
    f->RawMonitorEnter = g_RawMonitorEnter;
    f->RawMonitorExit = g_RawMonitorExit;
    f->RawMonitorWait = g_RawMonitorWait;
    f->RawMonitorNotifyAll = g_RawMonitorNotifyAll;
    f->RawMonitorDestroy = g_RawMonitorDestroy;
    f->GetCurrentThreadCpuTime = g_GetCurrentThreadCpuTime;
    f->SuspendThread = g_SuspendThread;
    f->ResumeThread = g_ResumeThread;
    f->GetThreadStatus = g_GetThreadStatus;
    f->ThreadHasRun = g_ThreadHasRun;
    f->CreateSystemThread = g_CreateSystemThread;
    f->SetThreadLocalStorage = g_SetThreadLocalStorage;
    f->GetThreadLocalStorage = g_GetThreadLocalStorage;
    f->DisableGC = g_DisableGC;
    f->EnableGC = g_EnableGC;
    f->RunGC = g_RunGC;
    f->GetThreadObject = g_GetThreadObject;
    f->GetMethodClass = g_GetMethodClass;
    f->jobjectID2jobject = g_jobjectID2jobject;
    f->jobject2jobjectID = g_jobject2jobjectID;
    f->SuspendThreadList = g_SuspendThreadList;
    f->ResumeThreadList = g_ResumeThreadList;
}

/* ------------------------------------------------------------------------------------ */
/* GetEnv and the VM's life cycle                                                       */
/* ------------------------------------------------------------------------------------ */

/* The JVMPI family: interface type 0x1 in the top nibble (JNI versions are 0x0001xxxx,
 * JVMTI's 0x3xxxxxxx). */
static bool is_version(jint version) { return ((uint32_t)version & 0xF0000000u) == 0x10000000u; }

static jint get_env(void **penv, jint version)
{
    *penv = NULL;
    if (version != JVMPI_VERSION_1 && version != JVMPI_VERSION_1_1 && version != JVMPI_VERSION_1_2)
        return JNI_EVERSION;
    if (thread_current() == NULL) return JNI_EDETACHED;
    *penv = &jvmpi_interface;
    return JNI_OK;
}

/* JVM_INIT_DONE (spec: initialization is done; CreateSystemThread allowed from now on),
 * on the main thread after JVMTI's VMInit, then the back-fill of defining events and
 * the heap's ARENA_NEW. */
static void vm_init(Thread *t)
{
    atomic_store(&jvmpi_init_done, true);
    if (jvmpi_is_enabled(JVMPI_EVENT_JVM_INIT_DONE)) {
        JVMPI_Event e = {.event_type = JVMPI_EVENT_JVM_INIT_DONE, .env_id = thread_env(t)};
        jvmpi_notify(t, &e, 0);
    }
    jvmpi_post_arena_new(t);
    jvmpi_backfill(t);
}

/* JVM_SHUT_DOWN, on the exiting thread, before JVMTI's VMDeath; first that thread's
 * THREAD_END (JVMTI sends its ThreadEnd there too: it never gets one later). */
static void vm_death(Thread *t)
{
    jvmpi_on_thread_end(t);
    atomic_store(&shutdown_thread, t);
    atomic_store(&events_closed, true); /* nothing else is posted from now on */
    if (jvmpi_is_enabled(JVMPI_EVENT_JVM_SHUT_DOWN)) {
        JVMPI_Event e = {.event_type = JVMPI_EVENT_JVM_SHUT_DOWN, .env_id = thread_env(t)};
        jvmpi_notify(t, &e, 0);
    }
    /* The handler could still use the functions; from now on they are closed. */
    atomic_store(&jvmpi_shut_down, true);
}

/* JVMPI reports the main thread itself (its back-fill after JVM_INIT_DONE), not at
 * VMInit: main_at_vm_init stays false. */
JvmtiLayer jvmpi_layer = {
    .is_version = is_version,
    .get_env = get_env,
    .vm_init = vm_init,
    .vm_death = vm_death,
    .thread_free = jvmpi_on_thread_free,
    .thread_start = jvmpi_on_thread_start,
    .thread_end = jvmpi_on_thread_end,
    .class_load = jvmpi_on_class_load,
    .class_file_load_hook = jvmpi_on_class_file_load_hook,
    .method_entry = jvmpi_on_method_entry,
    .method_exit = jvmpi_on_method_exit,
    .instruction = jvmpi_on_instruction,
    .gc_start = jvmpi_on_gc_start,
    .gc_finish = jvmpi_on_gc_finish,
    .object_alloc = jvmpi_on_object_alloc,
    .monitor_contended_enter = jvmpi_on_monitor_contended_enter,
    .monitor_contended_entered = jvmpi_on_monitor_contended_entered,
    .monitor_contended_exit = jvmpi_on_monitor_contended_exit,
    .monitor_wait = jvmpi_on_monitor_wait,
    .monitor_waited = jvmpi_on_monitor_waited,
    .data_dump_request = jvmpi_on_data_dump_request,
    .globalref_alloc = jvmpi_on_globalref_alloc,
    .globalref_free = jvmpi_on_globalref_free,
    .sleep = jvmpi_on_sleep,
    .class_unload = jvmpi_on_class_unload,
    .xrun_onload = jvmpi_on_xrun_onload,
};

/* Registered when libjvm.so is loaded: before JNI_CreateJavaVM parses -Xrun. */
__attribute__((constructor)) static void jvmpi_register(void)
{
    fill_table();
    jvmpi_raw_monitor_init();
    jvmti_layer_register(&jvmpi_layer);
}
