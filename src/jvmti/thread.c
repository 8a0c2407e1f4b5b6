// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * thread.c — the JVMTI Thread category, except the monitor queries and thread-local
 * storage (other files): GetThreadState, GetCurrentThread, GetAllThreads, SuspendThread,
 * SuspendThreadList, ResumeThread, ResumeThreadList, StopThread, InterruptThread,
 * GetThreadInfo, RunAgentThread.
 *
 * Where the answers come from. A thread's Java-visible facts (name, priority, daemon,
 * group, context class loader) are the fields of its java.lang.Thread, which is also
 * what GetThreadInfo reads for threads that are not alive: JDK 17's Thread.exit() sets
 * `group` to null, which gives the spec's "null if the thread has terminated". A thread
 * is alive while its java.lang.Thread's eetop names a VM thread (thread_from_jthread),
 * exactly what Thread.isAlive() tests.
 *
 * Thread state. java.lang.Thread.threadStatus already holds JVMTI state bits: the VM
 * keeps it current at every blocking point (thread.c: sleep, park; monitor.c: monitor
 * enter, Object.wait), the way HotSpot does, so Thread.getState() and GetThreadState
 * cannot disagree. GetThreadState adds the bits that are not Java state: INTERRUPTED
 * (the Java `interrupted` field), IN_NATIVE (the VM thread is in TS_NATIVE: a native
 * method or an agent thread running its own code; a thread blocked in the VM is
 * TS_BLOCKED, and the caller itself is in TS_JAVA during the call, as HotSpot reports
 * it) and SUSPENDED (suspend_count, kept by the suspension functions). These are only
 * added for a live thread, as the spec's hierarchy requires.
 *
 * Agent threads (RunAgentThread) are started by src/vm/thread.c's thread_start_native:
 * the same registration, start and exit paths as Thread.start(), so they get the same
 * events and appear in GetAllThreads, but they run the agent's function in native code
 * and are never added to their thread group (the spec: invisible to group queries).
 *
 * StopThread and InterruptThread (can_signal_thread). StopThread posts an asynchronous
 * exception (src/vm/thread.c, thread_post_async_exception), exactly as Thread.stop does:
 * the target throws it at its next interpreter poll (backward branch, method entry) or
 * when its current native method returns, and is interrupted out of sleep, wait and
 * park. Stopping the current thread is asynchronous too (HotSpot): the exception is
 * thrown when the agent's native method returns to Java.
 *
 * All functions run in the live phase (GetCurrentThread also in the start phase) in
 * TS_JAVA on an attached thread. Thread* pointers to other threads stay valid while we
 * do not reach a safepoint poll (thread.h); nothing here polls between looking a thread
 * up and using it.
 */
#include <stdlib.h>
#include <string.h>

#include "../vm/exception.h"
#include "../vm/monitor.h"
#include "../vm/ref.h"
#include "../vm/string.h"
#include "../vm/thread.h"
#include "../vm/wellknown.h"
#include "gen/jvmti_impl.h"
#include "jvmti_int.h"

/* ------------------------------------------------------------------------------------ */
/* State and information                                                                */
/* ------------------------------------------------------------------------------------ */

/* JVMTI: GetThreadState */
jvmtiError jvmti_GetThreadState(JvmtiEnv *env, Thread *self, Object *thread, jint *thread_state_ptr)
{
    jint state = __atomic_load_n(FIELD_PTR(thread, wk_off.Thread_threadStatus, int32_t), __ATOMIC_ACQUIRE);
    Thread *vt = thread_from_jthread(thread);
    if (vt != NULL && (state & JVMTI_THREAD_STATE_ALIVE)) {
        if (atomic_load_explicit(&vt->suspend_count, memory_order_acquire) > 0)
            state |= JVMTI_THREAD_STATE_SUSPENDED;
        if (__atomic_load_n(FIELD_PTR(thread, wk_off.Thread_interrupted, uint8_t), __ATOMIC_ACQUIRE))
            state |= JVMTI_THREAD_STATE_INTERRUPTED;
        if (atomic_load_explicit(&vt->state, memory_order_acquire) == TS_NATIVE)
            state |= JVMTI_THREAD_STATE_IN_NATIVE;
    }
    *thread_state_ptr = state;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetCurrentThread — in the start phase too: GlassVM creates the main thread's
 * java.lang.Thread before VMStart, so the answer is never null (the spec allows null
 * only with can_generate_early_vmstart). */
jvmtiError jvmti_GetCurrentThread(JvmtiEnv *env, Thread *self, jthread *thread_ptr)
{
    *thread_ptr = ref_new_local(self, self->jthread);
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetThreadInfo — works for threads not started yet and terminated ones. */
jvmtiError jvmti_GetThreadInfo(JvmtiEnv *env, Thread *self, Object *thread, jvmtiThreadInfo *info_ptr)
{
    Object *jname = FIELD_GET(thread, wk_off.Thread_name, Object *);
    char *name = jname != NULL ? str_to_mutf8(jname) : NULL;
    char *copy = jvmti_strdup(name != NULL ? name : "");
    free(name);
    if (copy == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
    info_ptr->name = copy;
    info_ptr->priority = FIELD_GET(thread, wk_off.Thread_priority, int32_t);
    info_ptr->is_daemon = FIELD_GET(thread, wk_off.Thread_daemon, uint8_t) ? JNI_TRUE : JNI_FALSE;
    info_ptr->thread_group = ref_new_local(self, FIELD_GET(thread, wk_off.Thread_group, Object *));
    info_ptr->context_class_loader =
        ref_new_local(self, FIELD_GET(thread, wk_off.Thread_contextClassLoader, Object *));
    return JVMTI_ERROR_NONE;
}

/* ------------------------------------------------------------------------------------ */
/* GetAllThreads                                                                        */
/* ------------------------------------------------------------------------------------ */

typedef struct Collect {
    Object **objs;
    int count, cap;
    bool oom;
} Collect;

/* Under the registry lock (thread_for_each): no VM allocation, no blocking. A thread
 * counts when it is alive in the Java sense: it has a java.lang.Thread whose eetop still
 * names it (a thread past the end of its exit sequence, or an early attacher without a
 * java.lang.Thread, does not). */
static void collect_live(Thread *t, void *arg)
{
    Collect *c = arg;
    Object *jt = t->jthread;
    if (jt == NULL || c->oom || thread_from_jthread(jt) != t) return;
    if (c->count == c->cap) {
        int cap = c->cap ? c->cap * 2 : 32;
        Object **n = realloc(c->objs, (size_t)cap * sizeof *n);
        if (n == NULL) {
            c->oom = true;
            return;
        }
        c->objs = n;
        c->cap = cap;
    }
    c->objs[c->count++] = jt;
}

/* JVMTI: GetAllThreads — live platform threads with a java.lang.Thread, agent threads
 * included. The collected Object* values are not visible to the collector, which is
 * fine: no collection can run before they are references, since we do not poll. */
jvmtiError jvmti_GetAllThreads(JvmtiEnv *env, Thread *self, jint *threads_count_ptr, jthread **threads_ptr)
{
    Collect c = {0};
    thread_for_each(collect_live, &c);
    jthread *out = c.oom ? NULL : jvmti_alloc((size_t)(c.count > 0 ? c.count : 1) * sizeof *out);
    if (out == NULL) {
        free(c.objs);
        return JVMTI_ERROR_OUT_OF_MEMORY;
    }
    for (int i = 0; i < c.count; i++) out[i] = ref_new_local(self, c.objs[i]);
    free(c.objs);
    *threads_count_ptr = c.count;
    *threads_ptr = out;
    return JVMTI_ERROR_NONE;
}

/* ------------------------------------------------------------------------------------ */
/* InterruptThread                                                                      */
/* ------------------------------------------------------------------------------------ */

/* JVMTI: InterruptThread — Thread.interrupt() without its Java part (no blocker
 * Interruptible is run, as in HotSpot): the Java `interrupted` field, which is the
 * truth, then the VM's wake-up of sleep, Object.wait and park. */
jvmtiError jvmti_InterruptThread(JvmtiEnv *env, Thread *self, Thread *thread)
{
    Object *jt = thread->jthread;
    if (jt == NULL) return JVMTI_ERROR_THREAD_NOT_ALIVE;
    __atomic_store_n(FIELD_PTR(jt, wk_off.Thread_interrupted, uint8_t), 1, __ATOMIC_SEQ_CST);
    thread_interrupt(thread);
    return JVMTI_ERROR_NONE;
}

/* JVMTI: StopThread. The spec's errors for virtual threads (THREAD_NOT_SUSPENDED,
 * OPAQUE_FRAME) do not arise: JDK 17 has none. An object that is not a Throwable is
 * refused as INVALID_OBJECT (throwing it would break the exception machinery). */
jvmtiError jvmti_StopThread(JvmtiEnv *env, Thread *self, Thread *thread, Object *exception)
{
    if (!class_is_subclass_of(exception->klass, wk.Throwable)) return JVMTI_ERROR_INVALID_OBJECT;
    if (!thread_post_async_exception(thread, exception)) return JVMTI_ERROR_THREAD_NOT_ALIVE;
    return JVMTI_ERROR_NONE;
}

/* ------------------------------------------------------------------------------------ */
/* Suspension (can_suspend): src/vm/thread.c does the work (thread.h, "Suspension")     */
/* ------------------------------------------------------------------------------------ */

/* Suspends another thread. */
static jvmtiError suspend_other(Thread *self, Thread *t)
{
    Object *jt = t->jthread;
    if (jt == NULL) return JVMTI_ERROR_THREAD_NOT_ALIVE;
    switch (thread_suspend_other(self, jt)) {
    case THREAD_SUSPENDED_NOW: return JVMTI_ERROR_NONE;
    case THREAD_ALREADY_SUSPENDED: return JVMTI_ERROR_THREAD_SUSPENDED;
    default: return JVMTI_ERROR_THREAD_NOT_ALIVE;
    }
}

/* JVMTI: SuspendThread. Suspending the current thread returns once another thread has
 * resumed it. */
jvmtiError jvmti_SuspendThread(JvmtiEnv *env, Thread *self, Thread *thread)
{
    if (thread == self) return thread_suspend_self(self) ? JVMTI_ERROR_NONE : JVMTI_ERROR_THREAD_SUSPENDED;
    return suspend_other(self, thread);
}

/* JVMTI: SuspendThreadList. Each element gets its own result; the current thread, if
 * listed, is suspended last (after the others), as in HotSpot. */
jvmtiError jvmti_SuspendThreadList(JvmtiEnv *env, Thread *self, jint request_count, const jthread *request_list,
                                   jvmtiError *results)
{
    jint self_at = -1;
    for (jint i = 0; i < request_count; i++) {
        Thread *t = NULL;
        jvmtiError err = jvmti_conv_live_thread(self, request_list[i], false, &t);
        if (err == JVMTI_ERROR_NONE) {
            if (t == self) {
                if (self_at < 0) self_at = i;
                else err = JVMTI_ERROR_THREAD_SUSPENDED; /* listed twice: suspended by then */
            } else {
                err = suspend_other(self, t);
            }
        }
        results[i] = err;
    }
    if (self_at >= 0)
        results[self_at] = thread_suspend_self(self) ? JVMTI_ERROR_NONE : JVMTI_ERROR_THREAD_SUSPENDED;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: ResumeThread */
jvmtiError jvmti_ResumeThread(JvmtiEnv *env, Thread *self, Thread *thread)
{
    return thread_resume(thread) ? JVMTI_ERROR_NONE : JVMTI_ERROR_THREAD_NOT_SUSPENDED;
}

/* JVMTI: ResumeThreadList */
jvmtiError jvmti_ResumeThreadList(JvmtiEnv *env, Thread *self, jint request_count, const jthread *request_list,
                                  jvmtiError *results)
{
    for (jint i = 0; i < request_count; i++) {
        Thread *t = NULL;
        jvmtiError err = jvmti_conv_live_thread(self, request_list[i], false, &t);
        if (err == JVMTI_ERROR_NONE) err = thread_resume(t) ? JVMTI_ERROR_NONE : JVMTI_ERROR_THREAD_NOT_SUSPENDED;
        results[i] = err;
    }
    return JVMTI_ERROR_NONE;
}

/* ------------------------------------------------------------------------------------ */
/* RunAgentThread                                                                       */
/* ------------------------------------------------------------------------------------ */

typedef struct AgentStart {
    JvmtiEnv *env;
    jvmtiStartFunction proc;
    void *arg;
} AgentStart;

/* The new thread's entry (thread_start_native): in TS_NATIVE, attached. */
static void agent_thread_main(Thread *self, void *p)
{
    AgentStart a = *(AgentStart *)p;
    free(p);
    a.proc(jvmti_env_external(a.env), thread_env(self), a.arg);
}

/* JVMTI: RunAgentThread */
jvmtiError jvmti_RunAgentThread(JvmtiEnv *env, Thread *self, Object *thread, jvmtiStartFunction proc, const void *arg, jint priority)
{
    /* Only a thread that was never started may be run (the spec's started="no"). An
     * alive one is INVALID_THREAD as in HotSpot; a terminated one too (HotSpot would
     * start it a second time, which Thread.start() itself refuses). */
    if (__atomic_load_n(FIELD_PTR(thread, wk_off.Thread_threadStatus, int32_t), __ATOMIC_ACQUIRE) != JTS_NEW ||
        thread_from_jthread(thread) != NULL)
        return JVMTI_ERROR_INVALID_THREAD;
    if (priority < JVMTI_THREAD_MIN_PRIORITY || priority > JVMTI_THREAD_MAX_PRIORITY)
        return JVMTI_ERROR_INVALID_PRIORITY;

    AgentStart *a = malloc(sizeof *a);
    if (a == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
    a->env = env;
    a->proc = proc;
    a->arg = (void *)arg;

    /* Under the Thread's monitor, like Thread.start(), so two starts cannot both pass
     * the "not alive" test. The fields are set before the thread exists: thread_start
     * reads the daemon flag, and the new thread may look at its own priority at once. */
    jvmtiError err = JVMTI_ERROR_NONE;
    mon_enter(self, thread);
    if (thread_from_jthread(thread) != NULL) {
        err = JVMTI_ERROR_INVALID_THREAD;
    } else {
        FIELD_SET(thread, wk_off.Thread_priority, int32_t, priority);
        FIELD_SET(thread, wk_off.Thread_daemon, uint8_t, 1);
        if (!thread_start_native(self, thread, 0, agent_thread_main, a)) {
            exc_clear(self);
            err = JVMTI_ERROR_OUT_OF_MEMORY;
        }
    }
    mon_exit(self, thread);
    if (err != JVMTI_ERROR_NONE) free(a);
    return err;
}
