// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jvm_thread.c — the JVM_* functions behind java.lang.Thread's natives (libjava's
 * Thread.registerNatives binds start0, stop0, suspend0, resume0, setPriority0, yield,
 * sleep, currentThread, interrupt0, holdsLock, getThreads, dumpThreads, setNativeName
 * to them).
 *
 * Threads themselves (records, start, sleep, interrupt, safepoints) belong to
 * src/vm/thread.c; this file adapts the JNI arguments and reproduces HotSpot's
 * observable behaviour (exceptions and their messages, which threads count as alive).
 *
 * A Thread* obtained from a java.lang.Thread (thread_from_jthread) stays valid while this
 * thread remains in TS_JAVA without passing a poll (thread.h), which is how every use
 * below is bracketed.
 *
 * Called from libjava natives in TS_NATIVE: jni_enter/jni_leave around heap access;
 * blocking (sleep) happens inside thread.c, which makes the thread safe itself.
 */
#include <stdlib.h>
#include <string.h>

#include "../vm/class.h"
#include "../vm/exception.h"
#include "../vm/interp.h"
#include "../vm/jnienter.h"
#include "../vm/loader.h"
#include "../vm/monitor.h"
#include "../vm/object.h"
#include "../vm/ref.h"
#include "../jvmti/jvmti_vm.h" /* sleep events */
#include "../vm/string.h"
#include "../vm/sym.h"
#include "../vm/thread.h"
#include "../vm/wellknown.h"
#include "jvm.h"
#include "jvm_stack.h"

/* JVM_StartThread: Thread.start0. Java has already checked threadStatus == 0 under the
 * Thread's lock; the VM's own check is "no VM thread yet" (eetop == 0). */
VM_EXPORT void JNICALL JVM_StartThread(JNIEnv *env, jobject thread)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    Object *jt = ref_get(thread);
    if (jt == NULL) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
    } else {
        int64_t size = FIELD_GET(jt, wk_off.Thread_stackSize, int64_t);
        thread_start(t, jt, size > 0 ? (size_t)size : 0);
    }
    jni_leave(t, prev);
}

/* JVM_StopThread: Thread.stop0(ThreadDeath). Stopping oneself throws at once; another live
 * thread gets it as an asynchronous exception (thread_post_async_exception); a thread not
 * started (or already dead) is marked stillborn, as in HotSpot. */
VM_EXPORT void JNICALL JVM_StopThread(JNIEnv *env, jobject thread, jobject exception)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    Object *jt = ref_get(thread);
    Object *x = ref_get(exception);
    if (jt == NULL || x == NULL) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
    } else {
        Thread *target = thread_from_jthread(jt);
        if (target == t)
            exc_set(t, x);
        else if (target == NULL || !thread_post_async_exception(target, x))
            FIELD_SET(jt, wk_off.Thread_stillborn, uint8_t, 1);
    }
    jni_leave(t, prev);
}

/* JVM_SuspendThread: Thread.suspend0. The thread stops running Java code until resumed;
 * suspending oneself blocks here until another thread resumes us. A thread not alive (or
 * already exiting) is ignored, as in HotSpot, and so is one already suspended. */
VM_EXPORT void JNICALL JVM_SuspendThread(JNIEnv *env, jobject thread)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    Object *jt = ref_get(thread);
    Thread *target = jt != NULL ? thread_from_jthread(jt) : NULL;
    if (target == t)
        thread_suspend_self(t);
    else if (target != NULL)
        thread_suspend_other(t, jt);
    jni_leave(t, prev);
}

/* JVM_ResumeThread: Thread.resume0. Resuming a thread that is not suspended (or not alive)
 * does nothing. */
VM_EXPORT void JNICALL JVM_ResumeThread(JNIEnv *env, jobject thread)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    Object *jt = ref_get(thread);
    Thread *target = jt != NULL ? thread_from_jthread(jt) : NULL;
    if (target != NULL) thread_resume(target);
    jni_leave(t, prev);
}

/* JVM_SetThreadPriority: Thread.setPriority0. GlassVM does not map Java priorities to OS
 * priorities (HotSpot on Linux does not either, without -XX:ThreadPriorityPolicy); the
 * field is all there is. */
VM_EXPORT void JNICALL JVM_SetThreadPriority(JNIEnv *env, jobject thread, jint prio)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    Object *jt = ref_get(thread);
    if (jt != NULL) FIELD_SET(jt, wk_off.Thread_priority, int32_t, prio);
    jni_leave(t, prev);
}

/* JVM_Yield: Thread.yield. No heap access: stays in TS_NATIVE. */
VM_EXPORT void JNICALL JVM_Yield(JNIEnv *env, jclass threadClass)
{
    os_thread_yield();
}

/* JVM_Sleep: Thread.sleep(long) (native in 17): negative -> IllegalArgumentException,
 * interrupted -> InterruptedException("sleep interrupted"), 0 -> yield; thread.c does it. */
VM_EXPORT void JNICALL JVM_Sleep(JNIEnv *env, jclass threadClass, jlong millis)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    /* A tool's sleep events (JVMPI MONITOR_WAIT/WAITED with no object). */
    bool events = unlikely(jvmti_want(JVMTI_XEVENT_SLEEP));
    if (events) jvmti_post_sleep(t, millis, false);
    thread_sleep(t, millis);
    if (events) jvmti_post_sleep(t, millis, true);
    jni_leave(t, prev);
}

/* JVM_CurrentThread: Thread.currentThread. */
VM_EXPORT jobject JNICALL JVM_CurrentThread(JNIEnv *env, jclass threadClass)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    jobject r = ref_new_local(t, t->jthread);
    jni_leave(t, prev);
    return r;
}

/* JVM_Interrupt: Thread.interrupt0, after Java has set Thread.interrupted: wakes the target
 * from sleep, wait or park if it is alive. */
VM_EXPORT void JNICALL JVM_Interrupt(JNIEnv *env, jobject thread)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    Object *jt = ref_get(thread);
    Thread *target = jt != NULL ? thread_from_jthread(jt) : NULL;
    if (target != NULL) thread_interrupt(target);
    jni_leave(t, prev);
}

/* JVM_HoldsLock: Thread.holdsLock(Object). */
VM_EXPORT jboolean JNICALL JVM_HoldsLock(JNIEnv *env, jclass threadClass, jobject obj)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    jboolean r = JNI_FALSE;
    Object *o = ref_get(obj);
    if (o == NULL)
        exc_throw(t, "java/lang/NullPointerException", NULL);
    else
        r = mon_owned_by(t, o) ? JNI_TRUE : JNI_FALSE;
    jni_leave(t, prev);
    return r;
}

/* ---- JVM_GetAllThreads ---- */

typedef struct ThreadCollect {
    Array *array; /* Thread[] with room for `room` entries */
    int room, found;
} ThreadCollect;

/* Under the registry lock: must not allocate or block. */
static void collect_thread(Thread *th, void *arg)
{
    ThreadCollect *c = arg;
    Object *jt = th->jthread;
    if (jt == NULL || atomic_load(&th->state) == TS_TERMINATED) return;
    if (FIELD_GET(jt, wk_off.Thread_eetop, int64_t) == 0) return; /* not alive (any more) */
    /* JVMTI agent threads (RunAgentThread) are invisible to Java queries (spec), as in
     * HotSpot. */
    if (th->native_entry != NULL) return;
    if (c->found < c->room) ((Object **)array_data(c->array))[c->found] = jt;
    c->found++;
}

static void count_thread(Thread *th, void *arg)
{
    (void)th;
    (*(int *)arg)++;
}

/* JVM_GetAllThreads: Thread.getThreads(): the live threads that have a java.lang.Thread.
 * The array is allocated first (allocation may collect, so no Object* may sit in malloc'd
 * memory meanwhile) and filled under the registry lock; if threads appeared in between,
 * it is redone with more room. */
VM_EXPORT jobjectArray JNICALL JVM_GetAllThreads(JNIEnv *env, jclass dummy)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    jobjectArray result = NULL;
    int room = 0;
    thread_for_each(count_thread, &room);
    for (;;) {
        ThreadCollect c = {obj_new_ref_array(t, wk.Thread, room), room, 0};
        if (c.array == NULL) break;
        thread_for_each(collect_thread, &c);
        if (c.found > room) {
            room = c.found + 4;
            continue;
        }
        Array *a = c.array;
        if (c.found < room) {
            a = obj_new_ref_array(t, wk.Thread, c.found);
            if (a == NULL) break;
            memcpy(array_data(a), array_data(c.array), (size_t)c.found * sizeof(Object *));
        }
        result = ref_new_local(t, &a->hdr);
        break;
    }
    jni_leave(t, prev);
    return result;
}

/* ---- JVM_DumpThreads ---- */

typedef struct FrameList {
    int count, cap;
    Method **methods;
    int *bcis;
    bool alive;
} FrameList;

static bool record_frame(Frame *f, void *arg)
{
    FrameList *l = arg;
    if (f->method == NULL) return true;
    if (l->count == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 32;
        l->methods = vm_realloc(l->methods, (size_t)l->cap * sizeof *l->methods);
        l->bcis = vm_realloc(l->bcis, (size_t)l->cap * sizeof *l->bcis);
    }
    l->methods[l->count] = STACK_FRAME_METHOD(f); /* an old-version copy may go (redefine.h) */
    l->bcis[l->count] = STACK_FRAME_BCI(f);
    l->count++;
    return true;
}

/* JVM_DumpThreads: Thread.dumpThreads(Thread[]) -> StackTraceElement[][], one stack per
 * thread (null for a thread that is not alive), as Thread.getStackTrace and
 * Thread.getAllStackTraces use it. The frames are captured with the world stopped, then
 * turned into StackTraceElements after it resumes. */
VM_EXPORT jobjectArray JNICALL JVM_DumpThreads(JNIEnv *env, jclass threadClass,
                                               jobjectArray threads)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    jobjectArray result = NULL;
    FrameList *lists = NULL;
    Array *in = (Array *)ref_get(threads);
    int n = in != NULL ? in->length : 0;
    if (in == NULL) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
        goto out;
    }
    if (n == 0 || in->hdr.klass->component != wk.Thread) {
        exc_throw(t, "java/lang/IllegalArgumentException", NULL);
        goto out;
    }

    lists = vm_calloc((size_t)n, sizeof *lists);
    thread_safepoint_begin(t);
    for (int i = 0; i < n; i++) {
        Object *jt = ((Object **)array_data(in))[i];
        Thread *target = jt != NULL ? thread_from_jthread(jt) : NULL;
        if (target == NULL) continue;
        lists[i].alive = true;
        interp_walk_frames(target, record_frame, &lists[i]);
    }
    thread_safepoint_end(t);

    Class *ste_array = loader_array_of(t, wk.StackTraceElement);
    if (ste_array == NULL || !class_ensure_init(t, wk.StackTraceElement)) goto out;
    Array *outer = obj_new_ref_array(t, ste_array, n);
    if (outer == NULL) goto out;
    for (int i = 0; i < n; i++) {
        if (!lists[i].alive) continue;
        Array *trace = obj_new_ref_array(t, wk.StackTraceElement, lists[i].count);
        if (trace == NULL) goto out;
        ((Object **)array_data(outer))[i] = &trace->hdr;
        for (int k = 0; k < lists[i].count; k++) {
            Object *ste = stack_new_element(t, lists[i].methods[k], lists[i].bcis[k]);
            if (ste == NULL) goto out;
            ((Object **)array_data(trace))[k] = ste;
        }
    }
    result = ref_new_local(t, &outer->hdr);
out:
    for (int i = 0; lists != NULL && i < n; i++) {
        free(lists[i].methods);
        free(lists[i].bcis);
    }
    free(lists);
    jni_leave(t, prev);
    return result;
}

/* JVM_SetNativeThreadName: Thread.setNativeName. Only the current thread can name itself
 * (the OS call works on the caller), and an attached thread keeps the name its owner gave
 * it, as in HotSpot. */
VM_EXPORT void JNICALL JVM_SetNativeThreadName(JNIEnv *env, jobject jthread, jstring name)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    Object *jt = ref_get(jthread);
    Object *n = ref_get(name);
    if (jt != NULL && n != NULL && jt == t->jthread && !t->is_attached) {
        char *utf = str_to_mutf8(n);
        os_thread_set_name(utf);
        free(utf);
    }
    jni_leave(t, prev);
}
