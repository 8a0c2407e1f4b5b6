// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * functions.c — the JVMPI interface functions about threads, stacks, collections and
 * IDs (spec section 2): GetCallTrace, ProfilerExit, GetCurrentThreadCpuTime,
 * SuspendThread, ResumeThread, SuspendThreadList, ResumeThreadList, GetThreadStatus,
 * ThreadHasRun, CreateSystemThread, Set/GetThreadLocalStorage, DisableGC, EnableGC,
 * RunGC, GetThreadObject, GetMethodClass, jobjectID2jobject, jobject2jobjectID.
 *
 * Every function may be called from any attached thread, usually in TS_NATIVE (agent
 * code) and sometimes in TS_JAVA (an event the collector posts with the world stopped);
 * it enters the VM with jni_enter/jni_leave. Bad arguments never crash: an unknown
 * JNIEnv* is looked up among the live threads and ignored (HotSpot's behaviour), an
 * unknown jmethodID or jobjectID gives NULL. The exact return values are in
 * docs/jvmpi.md.
 */
#include <stdlib.h>
#include <string.h>

#include "../vm/exception.h"
#include "../vm/heap.h"
#include "../vm/interp.h"
#include "../vm/jnienter.h"
#include "../vm/object.h"
#include "../vm/ref.h"
#include "../vm/string.h"
#include "../vm/sym.h"
#include "../vm/wellknown.h"
#include "../jvm/boot.h"
#include "jvmpi_int.h"

/* Result codes of Suspend/ResumeThreadList entries: JVMDI's (and JVMTI's) numbers. */
enum { LIST_OK = 0, LIST_INVALID_THREAD = 10, LIST_NOT_SUSPENDED = 13, LIST_ALREADY_SUSPENDED = 14 };

/* ------------------------------------------------------------------------------------ */
/* Call traces                                                                          */
/* ------------------------------------------------------------------------------------ */

/* Line of a frame as JVMPI reports it: the source line, -1 when the method has no line
 * numbers, -3 for a native method (HotSpot's special values). */
static jint frame_line(Frame *f)
{
    if (f->flags & FRAME_NATIVE) return -3;
    int line = method_line_number(f->method, frame_bci(f));
    return line < 0 ? -1 : line;
}

void jvmpi_fill_trace(Thread *t, JVMPI_CallFrame *frames, jint depth, jint *num)
{
    jint n = 0;
    for (Frame *f = frame_skip_entries(t->top_frame); f != NULL && n < depth; f = frame_skip_entries(f->prev)) {
        frames[n].lineno = frame_line(f);
        frames[n].method_id = (jmethodID)method_current(f->method); /* an old version's: the method's */
        n++;
    }
    *num = n;
}

typedef struct TraceQuery {
    JVMPI_CallTrace *trace;
    jint depth;
} TraceQuery;

static jvmtiError trace_query(Thread *self, Thread *t, void *arg)
{
    TraceQuery *q = arg;
    jvmpi_fill_trace(t, q->trace->frames, q->depth, &q->trace->num_frames);
    return JVMTI_ERROR_NONE;
}

/* JVMPI: GetCallTrace. The thread is trace->env_id; frames[0] is its innermost frame.
 * Another thread's frames are read inside a safepoint (the spec asks the agent to
 * suspend it first; a running thread gives the frames it had at that moment). */
void jvmpi_GetCallTrace(JVMPI_CallTrace *trace, jint depth)
{
    Thread *self = thread_current();
    if (trace == NULL) return;
    trace->num_frames = 0;
    if (self == NULL || depth <= 0 || trace->frames == NULL) return;
    int prev = jni_enter(self);
    Thread *t = trace->env_id == thread_env(self) ? self : jvmpi_thread_of(trace->env_id);
    if (t != NULL) {
        TraceQuery q = {trace, depth};
        if (t == self || thread_is_safepoint_initiator(self)) trace_query(self, t, &q);
        else jvmti_tool_on_stable_frames(self, t, trace_query, &q);
    }
    jni_leave(self, prev);
}

/* ------------------------------------------------------------------------------------ */
/* The VM                                                                               */
/* ------------------------------------------------------------------------------------ */

/* JVMPI: ProfilerExit. The VM exits with `code` as System.exit would (shutdown hooks,
 * JVM_SHUT_DOWN); it does not return. */
void jvmpi_ProfilerExit(jint code)
{
    Thread *t = thread_current();
    if (t != NULL) {
        jni_enter(t);
        Class *sys = wk.System;
        Method *m = class_find_declared_method(sys, sym_intern("exit"), sym_intern("(I)V"));
        if (m != NULL && !atomic_load(&jvmpi_shut_down)) {
            Slot arg = {.i = code};
            interp_call(t, m, &arg, NULL);
            exc_clear(t);
        }
    }
    fflush(stdout);
    boot_halt(code);
}

/* JVMPI: RunGC, a full collection (as System.gc()). Ignored inside a collection (from an
 * OBJECT_FREE or GC_FINISH handler): the spec forbids it there. */
void jvmpi_RunGC(void)
{
    Thread *t = thread_current();
    if (t == NULL || thread_is_safepoint_initiator(t)) return;
    int prev = jni_enter(t);
    heap_collect(t, GC_SYSTEM);
    jni_leave(t, prev);
}

/* JVMPI: DisableGC / EnableGC (nestable; heap.h). */
void jvmpi_DisableGC(void)
{
    Thread *t = thread_current();
    if (t == NULL) return;
    int prev = jni_enter(t);
    heap_gc_disable(t);
    jni_leave(t, prev);
}

void jvmpi_EnableGC(void)
{
    Thread *t = thread_current();
    if (t == NULL) return;
    int prev = jni_enter(t);
    heap_gc_enable(t);
    jni_leave(t, prev);
}

/* ------------------------------------------------------------------------------------ */
/* Threads                                                                              */
/* ------------------------------------------------------------------------------------ */

jlong jvmpi_GetCurrentThreadCpuTime(void)
{
    int64_t ns = os_thread_cpu_time();
    return ns < 0 ? 0 : ns;
}

jint jvmpi_thread_status(Thread *t)
{
    Object *jt = t->jthread;
    jint s = JVMPI_THREAD_RUNNABLE;
    if (jt == NULL) return s;
    int32_t jts = __atomic_load_n(FIELD_PTR(jt, wk_off.Thread_threadStatus, int32_t), __ATOMIC_ACQUIRE);
    if (jts == JTS_BLOCKED_ON_MONITOR_ENTER) s = JVMPI_THREAD_MONITOR_WAIT;
    else if (jts == JTS_IN_OBJECT_WAIT || jts == JTS_IN_OBJECT_WAIT_TIMED || jts == JTS_PARKED ||
             jts == JTS_PARKED_TIMED)
        s = JVMPI_THREAD_CONDVAR_WAIT;
    /* Suspension by JVMPI itself does not show (spec: GetThreadStatus); by
     * Thread.suspend or a debugger it does. */
    JvmpiThread *st = t->tool_state;
    if (thread_is_suspended(t) && !(st != NULL && st->suspended_by_jvmpi)) s |= JVMPI_THREAD_SUSPENDED;
    if (FIELD_GET(jt, wk_off.Thread_interrupted, uint8_t)) s |= JVMPI_THREAD_INTERRUPTED;
    return s;
}

/* JVMPI: GetThreadStatus. An unknown env answers RUNNABLE (HotSpot). */
jint jvmpi_GetThreadStatus(JNIEnv *env)
{
    Thread *self = thread_current();
    if (self == NULL) return JVMPI_THREAD_RUNNABLE;
    int prev = jni_enter(self);
    Thread *t = jvmpi_thread_of(env);
    jint s = t != NULL ? jvmpi_thread_status(t) : JVMPI_THREAD_RUNNABLE;
    jni_leave(self, prev);
    return s;
}

/* Suspends t (not self) for JVMPI: LIST_* result. self in TS_JAVA. */
static jint suspend_one(Thread *self, JNIEnv *env)
{
    Thread *t = jvmpi_thread_of(env);
    if (t == NULL || t == self || t->jthread == NULL) return LIST_INVALID_THREAD;
    JvmpiThread *s = jvmpi_thread_state(t);
    if (s == NULL) return LIST_INVALID_THREAD;
    switch (thread_suspend_other(self, t->jthread)) {
    case THREAD_SUSPENDED_NOW: break;
    case THREAD_ALREADY_SUSPENDED: return LIST_ALREADY_SUSPENDED;
    default: return LIST_INVALID_THREAD;
    }
    /* thread_suspend_other returned: t runs no Java code; it may have ended meanwhile. */
    if ((t = jvmpi_thread_of(env)) == NULL) return LIST_OK;
    s->suspended_by_jvmpi = true;
    s->cpu_at_prev_suspend = s->has_suspended ? s->cpu_at_suspend : -1;
    s->has_suspended = true;
    s->cpu_at_suspend = os_thread_cpu_time_of(t->tid);
    return LIST_OK;
}

/* Resumes t if JVMPI suspended it (a thread suspended by Thread.suspend or a debugger is
 * not JVMPI's to resume: spec, ResumeThread). */
static jint resume_one(JNIEnv *env)
{
    Thread *t = jvmpi_thread_of(env);
    if (t == NULL) return LIST_INVALID_THREAD;
    JvmpiThread *s = t->tool_state;
    if (s == NULL || !s->suspended_by_jvmpi || !thread_is_suspended(t)) return LIST_NOT_SUSPENDED;
    s->suspended_by_jvmpi = false;
    thread_resume(t);
    return LIST_OK;
}

/* JVMPI: SuspendThread. The calling thread itself, an unknown env and a thread already
 * suspended are ignored (HotSpot). */
void jvmpi_SuspendThread(JNIEnv *env)
{
    Thread *self = thread_current();
    if (self == NULL) return;
    int prev = jni_enter(self);
    suspend_one(self, env);
    jni_leave(self, prev);
}

void jvmpi_ResumeThread(JNIEnv *env)
{
    Thread *self = thread_current();
    if (self == NULL) return;
    int prev = jni_enter(self);
    resume_one(env);
    jni_leave(self, prev);
}

/* JVMPI 1.2: SuspendThreadList / ResumeThreadList: results[i] is 0, 10 (invalid, exiting
 * or the caller itself; every thread when the caller is not attached to the VM, which
 * can suspend nothing), 14 (already suspended) or, for resume, 13 (not suspended by
 * JVMPI). Nothing happens when count <= 0 or a pointer is NULL. */
static bool list_args(Thread *self, jint count, JNIEnv **list, jint *results)
{
    if (count <= 0 || list == NULL || results == NULL) return false;
    if (self != NULL) return true;
    for (jint i = 0; i < count; i++) results[i] = LIST_INVALID_THREAD;
    return false;
}

void jvmpi_SuspendThreadList(jint count, JNIEnv **list, jint *results)
{
    Thread *self = thread_current();
    if (!list_args(self, count, list, results)) return;
    int prev = jni_enter(self);
    for (jint i = 0; i < count; i++) results[i] = suspend_one(self, list[i]);
    jni_leave(self, prev);
}

void jvmpi_ResumeThreadList(jint count, JNIEnv **list, jint *results)
{
    Thread *self = thread_current();
    if (!list_args(self, count, list, results)) return;
    int prev = jni_enter(self);
    for (jint i = 0; i < count; i++) results[i] = resume_one(list[i]);
    jni_leave(self, prev);
}

/* JVMPI: ThreadHasRun. Has the thread used CPU time between its last two SuspendThread
 * calls (the spec's use: suspend, ThreadHasRun, resume, ..., suspend again, ThreadHasRun)?
 * JNI_TRUE after its first suspension (it ran since it started, HotSpot's answer) and
 * for a thread JVMPI never suspended; JNI_FALSE for an unknown env. */
jboolean jvmpi_ThreadHasRun(JNIEnv *env)
{
    Thread *self = thread_current();
    if (self == NULL) return JNI_FALSE;
    int prev = jni_enter(self);
    Thread *t = jvmpi_thread_of(env);
    jboolean r = JNI_FALSE;
    if (t != NULL) {
        JvmpiThread *s = t->tool_state;
        r = s == NULL || !s->has_suspended || s->cpu_at_prev_suspend < 0 || s->cpu_at_suspend != s->cpu_at_prev_suspend
                ? JNI_TRUE
                : JNI_FALSE;
    }
    jni_leave(self, prev);
    return r;
}

typedef struct SystemThread {
    void (*f)(void *);
} SystemThread;

static void system_thread_main(Thread *self, void *arg)
{
    SystemThread st = *(SystemThread *)arg;
    free(arg);
    st.f(NULL);
}

/* JVMPI: CreateSystemThread. A daemon java.lang.Thread named `name` in the system
 * thread group, with the priority (only JVMPI_MINIMUM/NORMAL/MAXIMUM_PRIORITY), running
 * f(NULL) as native code; its THREAD_START comes like any thread's. JNI_ERR before
 * JVM_INIT_DONE (spec) or when the thread cannot be made. */
jint jvmpi_CreateSystemThread(char *name, jint priority, void (*f)(void *))
{
    Thread *self = thread_current();
    if (self == NULL || name == NULL || f == NULL || !atomic_load(&jvmpi_init_done)) return JNI_ERR;
    if (priority != JVMPI_MINIMUM_PRIORITY && priority != JVMPI_NORMAL_PRIORITY && priority != JVMPI_MAXIMUM_PRIORITY)
        return JNI_ERR;
    SystemThread *st = malloc(sizeof *st);
    if (st == NULL) return JNI_ERR;
    st->f = f;
    int prev = jni_enter(self);
    Object *saved = self->exception;
    self->exception = NULL;
    jint r = JNI_ERR;
    /* The system group: the root of the caller's group tree. */
    Object *group = self->jthread ? FIELD_GET(self->jthread, wk_off.Thread_group, Object *) : NULL;
    while (group != NULL && FIELD_GET(group, wk_off.ThreadGroup_parent, Object *) != NULL)
        group = FIELD_GET(group, wk_off.ThreadGroup_parent, Object *);
    Object *jname = str_new_cstr(self, name);
    Object *jt = jname != NULL ? obj_new(self, wk.Thread) : NULL;
    Method *init = wk_method(wk.Thread, "<init>", "(Ljava/lang/ThreadGroup;Ljava/lang/String;)V");
    if (jt != NULL && group != NULL) {
        Slot args[3] = {{.l = jt}, {.l = group}, {.l = jname}};
        if (interp_call(self, init, args, NULL)) {
            FIELD_SET(jt, wk_off.Thread_priority, int32_t, priority);
            FIELD_SET(jt, wk_off.Thread_daemon, uint8_t, 1);
            if (thread_start_native(self, jt, 0, system_thread_main, st)) r = JNI_OK;
        }
    }
    if (r != JNI_OK) free(st);
    self->exception = saved;
    jni_leave(self, prev);
    return r;
}

/* JVMPI: Set/GetThreadLocalStorage: one pointer per thread, for the agent. A NULL or
 * unknown env does nothing / answers NULL. The current thread's own storage is reached
 * without a lookup (this is on agents' hot paths, e.g. every METHOD_ENTRY). */
static Thread *tls_thread(JNIEnv *env)
{
    Thread *self = thread_current();
    if (env == NULL || self == NULL) return NULL;
    if (env == thread_env(self)) return self;
    int prev = jni_enter(self);
    Thread *t = jvmpi_thread_of(env);
    jni_leave(self, prev);
    return t;
}

void jvmpi_SetThreadLocalStorage(JNIEnv *env, void *ptr)
{
    Thread *t = tls_thread(env);
    if (t == NULL) return;
    JvmpiThread *s = jvmpi_thread_state(t);
    if (s != NULL) atomic_store_explicit(&s->local_storage, ptr, memory_order_release);
}

void *jvmpi_GetThreadLocalStorage(JNIEnv *env)
{
    Thread *t = tls_thread(env);
    if (t == NULL) return NULL;
    JvmpiThread *s = __atomic_load_n((JvmpiThread **)&t->tool_state, __ATOMIC_ACQUIRE);
    return s != NULL ? atomic_load_explicit(&s->local_storage, memory_order_acquire) : NULL;
}

/* ------------------------------------------------------------------------------------ */
/* IDs                                                                                  */
/* ------------------------------------------------------------------------------------ */

/* JVMPI: GetThreadObject: the thread's java.lang.Thread, NULL for an unknown env. */
jobjectID jvmpi_GetThreadObject(JNIEnv *env)
{
    Thread *self = thread_current();
    if (self == NULL) return NULL;
    int prev = jni_enter(self);
    Thread *t = env == thread_env(self) ? self : jvmpi_thread_of(env);
    jobjectID r = t != NULL ? (jobjectID)t->jthread : NULL;
    jni_leave(self, prev);
    return r;
}

/* JVMPI: GetMethodClass: the declaring class's mirror, NULL for an invalid method. */
jobjectID jvmpi_GetMethodClass(jmethodID mid)
{
    Method *m = (Method *)mid;
    if (!jvmti_valid_method(m)) return NULL;
    return (jobjectID)m->clazz->mirror;
}

/* JVMPI 1.1: jobjectID2jobject: a JNI local reference (in the caller's current local
 * frame) to the object, NULL if the ID names no object. */
jobject jvmpi_jobjectID2jobject(jobjectID id)
{
    Thread *self = thread_current();
    if (self == NULL || id == NULL || !heap_is_object(id)) return NULL;
    int prev = jni_enter(self);
    jobject r = ref_new_local(self, (Object *)id);
    jni_leave(self, prev);
    return r;
}

jobjectID jvmpi_jobject2jobjectID(jobject obj)
{
    if (obj == NULL || thread_current() == NULL) return NULL;
    return (jobjectID)ref_get(obj);
}
