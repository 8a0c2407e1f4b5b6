/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: RunAgentThread. The started thread runs proc with the given argument, its
 * JNIEnv and the environment; it is its own current thread (GetCurrentThread), a daemon
 * with the requested priority (Java and GetThreadInfo agree), alive and RUNNABLE, in
 * native code while proc runs its own code (GetThreadState), listed by GetAllThreads,
 * but not in its thread group (neither ThreadGroup.enumerate nor
 * GetThreadGroupChildren) nor in Thread.getAllStackTraces, and terminated once proc
 * returns (Thread.join works). It gets one ThreadStart event before proc runs and one
 * ThreadEnd event before it can be joined.
 * Errors: INVALID_PRIORITY below MIN and above MAX, INVALID_THREAD for a non-Thread and
 * for a thread already alive, NULL_POINTER for proc, WRONG_PHASE in OnLoad; a refused
 * thread stays unstarted and unchanged.
 */
#include <unistd.h>

#include "jvmti_test.h"

static jvmtiEnv *env;
static jobject started_thread; /* global ref */
static volatile int go, started, finished, quick_go;
static volatile int start_events, end_events; /* ThreadStart/ThreadEnd of the agent thread */

static int is_agent_thread(JNIEnv *jni, jthread t)
{
    return started_thread != NULL && (*jni)->IsSameObject(jni, t, started_thread);
}

static void JNICALL on_thread_start(jvmtiEnv *jv, JNIEnv *jni, jthread t)
{
    if (is_agent_thread(jni, t)) __atomic_add_fetch(&start_events, 1, __ATOMIC_SEQ_CST);
}

static void JNICALL on_thread_end(jvmtiEnv *jv, JNIEnv *jni, jthread t)
{
    if (is_agent_thread(jni, t)) __atomic_add_fetch(&end_events, 1, __ATOMIC_SEQ_CST);
}
static int marker;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    check("OnLoad: RunAgentThread", (*env)->RunAgentThread(env, NULL, NULL, NULL, 5));
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ThreadStart = on_thread_start;
    cb.ThreadEnd = on_thread_end;
    (*env)->SetEventCallbacks(env, &cb, sizeof cb);
    (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_THREAD_START, NULL);
    (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_THREAD_END, NULL);
    return 0;
}

static const char *state_name(jint s)
{
    static char buf[128];
    snprintf(buf, sizeof buf, "%s%s%s%s%s", s & JVMTI_THREAD_STATE_ALIVE ? "ALIVE " : "",
             s & JVMTI_THREAD_STATE_TERMINATED ? "TERMINATED " : "", s & JVMTI_THREAD_STATE_RUNNABLE ? "RUNNABLE " : "",
             s & JVMTI_THREAD_STATE_WAITING ? "WAITING " : "", s & JVMTI_THREAD_STATE_IN_NATIVE ? "IN_NATIVE " : "");
    return buf;
}

static void wait_for(volatile int *flag)
{
    while (!__atomic_load_n(flag, __ATOMIC_SEQ_CST)) usleep(1000);
}

static void JNICALL proc(jvmtiEnv *jv, JNIEnv *jni, void *arg)
{
    wait_for(&go); /* until RunAgentThread's result is printed */
    say("proc: ThreadStart events for this thread so far: %d", __atomic_load_n(&start_events, __ATOMIC_SEQ_CST));
    jthread cur = NULL;
    jvmtiError err = (*jv)->GetCurrentThread(jv, &cur);
    say("proc: env %s, arg %s, GetCurrentThread %s: %s", jv == env ? "as used" : "OTHER",
        arg == &marker ? "as passed" : "WRONG", err_name(err),
        (*jni)->IsSameObject(jni, cur, started_thread) ? "the started thread" : "ANOTHER thread");
    jvmtiThreadInfo info;
    memset(&info, 0, sizeof info);
    err = (*jv)->GetThreadInfo(jv, NULL, &info);
    say("proc: GetThreadInfo %s: name \"%s\", priority %d, daemon %s", err_name(err), info.name ? info.name : "",
        (int)info.priority, info.is_daemon ? "yes" : "no");
    (*jv)->Deallocate(jv, (unsigned char *)info.name);
    __atomic_store_n(&started, 1, __ATOMIC_SEQ_CST);
    wait_for(&finished);
    say("proc: returning");
}

static void JNICALL quick_proc(jvmtiEnv *jv, JNIEnv *jni, void *arg)
{
    wait_for(&quick_go);
    say("quick proc: arg %s", arg == NULL ? "NULL" : "WRONG");
}

JNIEXPORT void JNICALL Java_RunAgentThread_run(JNIEnv *jni, jclass cls, jthread t, jint priority, jboolean at_once)
{
    if (at_once) {
        check("RunAgentThread(quick)", (*env)->RunAgentThread(env, t, quick_proc, NULL, priority));
        __atomic_store_n(&quick_go, 1, __ATOMIC_SEQ_CST);
        return;
    }
    started_thread = (*jni)->NewGlobalRef(jni, t);
    jvmtiError err = (*env)->RunAgentThread(env, t, proc, &marker, priority);
    check("RunAgentThread", err);
    if (err != JVMTI_ERROR_NONE) __atomic_store_n(&started, 1, __ATOMIC_SEQ_CST);
    __atomic_store_n(&go, 1, __ATOMIC_SEQ_CST);
}

JNIEXPORT void JNICALL Java_RunAgentThread_waitStarted(JNIEnv *jni, jclass cls)
{
    wait_for(&started);
}

JNIEXPORT void JNICALL Java_RunAgentThread_finish(JNIEnv *jni, jclass cls)
{
    __atomic_store_n(&finished, 1, __ATOMIC_SEQ_CST);
}

JNIEXPORT void JNICALL Java_RunAgentThread_inspect(JNIEnv *jni, jclass cls, jthread t, jthreadGroup g)
{
    say("  ThreadStart events: %d, ThreadEnd events: %d", __atomic_load_n(&start_events, __ATOMIC_SEQ_CST),
        __atomic_load_n(&end_events, __ATOMIC_SEQ_CST));
    jint s = 0;
    check("GetThreadState", (*env)->GetThreadState(env, t, &s));
    say("  state: %s", state_name(s));
    jint n = 0;
    jthread *all = NULL;
    (*env)->GetAllThreads(env, &n, &all);
    int found = 0;
    for (jint i = 0; i < n; i++) found += (*jni)->IsSameObject(jni, all[i], t);
    say("  listed by GetAllThreads: %d time(s)", found);
    (*env)->Deallocate(env, (unsigned char *)all);
    jint nt = 0, ng = 0;
    jthread *threads = NULL;
    jthreadGroup *groups = NULL;
    (*env)->GetThreadGroupChildren(env, g, &nt, &threads, &ng, &groups);
    found = 0;
    for (jint i = 0; i < nt; i++) found += (*jni)->IsSameObject(jni, threads[i], t);
    say("  child of its group (GetThreadGroupChildren): %d time(s)", found);
    (*env)->Deallocate(env, (unsigned char *)threads);
    (*env)->Deallocate(env, (unsigned char *)groups);
}

JNIEXPORT void JNICALL Java_RunAgentThread_errors(JNIEnv *jni, jclass cls, jthread live, jobject not_thread, jthread fresh)
{
    check("RunAgentThread(priority 0)", (*env)->RunAgentThread(env, fresh, quick_proc, NULL, JVMTI_THREAD_MIN_PRIORITY - 1));
    check("RunAgentThread(priority 11)", (*env)->RunAgentThread(env, fresh, quick_proc, NULL, JVMTI_THREAD_MAX_PRIORITY + 1));
    check("RunAgentThread(a String)", (*env)->RunAgentThread(env, not_thread, quick_proc, NULL, 5));
    check("RunAgentThread(NULL thread)", (*env)->RunAgentThread(env, NULL, quick_proc, NULL, 5));
    check("RunAgentThread(alive thread)", (*env)->RunAgentThread(env, live, quick_proc, NULL, 5));
    check("RunAgentThread(proc NULL)", (*env)->RunAgentThread(env, fresh, NULL, NULL, 5));
}
