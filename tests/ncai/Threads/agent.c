/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Threads: GetAllThreads (Java threads, the VM's own Signal Dispatcher, a natively
 * attached thread), GetThreadInfo, GetThreadHandle <-> GetThreadObject, GetThreadState
 * with suspension counts, ThreadStart/ThreadEnd, TerminateThread of a thread looping in
 * Java, and the error paths.
 */
#include "ncai_test.h"

static jvmtiEnv *jvmti;
static ncaiEnv *ncai;

static const char *kind_name(ncaiThreadKind k)
{
    return k == NCAI_THREAD_JAVA ? "JAVA" : k == NCAI_THREAD_VM_INTERNAL ? "VM_INTERNAL" : "OTHER";
}

static int interesting(const char *n)
{
    return strcmp(n, "main") == 0 || strncmp(n, "worker", 6) == 0 || strcmp(n, "native-attached") == 0 ||
           strcmp(n, "Signal Dispatcher") == 0 || strcmp(n, "looper") == 0 || strcmp(n, "agent-thread") == 0;
}

static void JNICALL on_start(ncaiEnv *env, ncaiThread t)
{
    ncaiThreadInfo ti;
    if ((*env)->GetThreadInfo(env, t, &ti) != NCAI_ERROR_NONE || !interesting(ti.name)) return;
    say("ThreadStart %s", ti.name);
    if (strcmp(ti.name, "worker") != 0) return;
    /* In a callback the VM makes from its own code, the current thread's stack can be
     * read (it has no Java frame yet: run() has not begun), its registers too, but not
     * changed. */
    ncaiFrameInfo fr[64];
    jint n = 0, java = 0;
    ncheck("  GetStackTrace(current thread)", (*env)->GetStackTrace(env, t, 64, fr, &n));
    for (jint i = 0; i < n; i++) java += fr[i].java_frame_depth >= 0;
    say("  native frames: %s, Java frames: %d", n > 0 ? "yes" : "no", (int)java);
    void *rip = NULL;
    ncheck("  GetRegisterValue(rip)", (*env)->GetRegisterValue(env, t, 14, &rip));
    ncheck("  SetRegisterValue(rip)", (*env)->SetRegisterValue(env, t, 14, &rip));
}

static void JNICALL on_end(ncaiEnv *env, ncaiThread t)
{
    ncaiThreadInfo ti;
    if ((*env)->GetThreadInfo(env, t, &ti) == NCAI_ERROR_NONE && interesting(ti.name)) say("ThreadEnd %s", ti.name);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmti = new_jvmti(vm);
    ncai = get_ncai(jvmti);
    ncaiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ThreadStart = on_start;
    cb.ThreadEnd = on_end;
    (*ncai)->SetEventCallbacks(ncai, &cb, sizeof cb);
    (*ncai)->SetEventNotificationMode(ncai, NCAI_ENABLE, NCAI_EVENT_THREAD_START, NULL);
    (*ncai)->SetEventNotificationMode(ncai, NCAI_ENABLE, NCAI_EVENT_THREAD_END, NULL);
    return 0;
}

static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void state(const char *what, ncaiThread t)
{
    jint s = 0;
    ncaiError e = (*ncai)->GetThreadState(ncai, t, &s);
    say("%s: %s alive=%d runnable=%d suspended=%d in_native=%d terminated=%d", what, nerr(e),
        !!(s & JVMTI_THREAD_STATE_ALIVE), !!(s & JVMTI_THREAD_STATE_RUNNABLE), !!(s & JVMTI_THREAD_STATE_SUSPENDED),
        !!(s & JVMTI_THREAD_STATE_IN_NATIVE), !!(s & JVMTI_THREAD_STATE_TERMINATED));
}

static ncaiThread worker_h;
static volatile int agent_thread_go, agent_thread_running;

static void JNICALL agent_thread_main(jvmtiEnv *env, JNIEnv *jni, void *arg)
{
    agent_thread_running = 1; /* after its ThreadStart */
    while (!agent_thread_go) usleep(1000);
}

JNIEXPORT jboolean JNICALL Java_Main_agentThreadRunning(JNIEnv *jni, jclass c) { return agent_thread_running != 0; }

static jvmtiError run_agent_result;

JNIEXPORT void JNICALL Java_Main_startAgentThread(JNIEnv *jni, jclass c, jthread t)
{
    run_agent_result = (*jvmti)->RunAgentThread(jvmti, t, agent_thread_main, NULL, JVMTI_THREAD_NORM_PRIORITY);
}

JNIEXPORT void JNICALL Java_Main_stopAgentThread(JNIEnv *jni, jclass c) { agent_thread_go = 1; }

JNIEXPORT void JNICALL Java_Main_check(JNIEnv *jni, jclass c, jthread worker, jthread unstarted)
{
    say("RunAgentThread: %s", run_agent_result == JVMTI_ERROR_NONE ? "NONE" : "failed");
    jint n = 0;
    ncaiThread *ts = NULL;
    ncheck("GetAllThreads", (*ncai)->GetAllThreads(ncai, &n, &ts));
    char *lines[256];
    int k = 0;
    for (jint i = 0; i < n && k < 256; i++) {
        ncaiThreadInfo ti;
        if ((*ncai)->GetThreadInfo(ncai, ts[i], &ti) != NCAI_ERROR_NONE || !interesting(ti.name)) continue;
        char buf[128];
        jthread obj = NULL;
        (*ncai)->GetThreadObject(ncai, ts[i], &obj);
        ncaiThread back = NULL;
        (*ncai)->GetThreadHandle(ncai, obj, &back);
        snprintf(buf, sizeof buf, "thread %s %s, handle round trip %s", ti.name, kind_name(ti.kind),
                 back == ts[i] ? "yes" : "no");
        lines[k++] = strdup(buf);
        (*jvmti)->Deallocate(jvmti, (unsigned char *)ti.name);
    }
    qsort(lines, (size_t)k, sizeof lines[0], cmp);
    for (int i = 0; i < k; i++) say("%s", lines[i]);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)ts);

    ncheck("GetThreadHandle(worker)", (*ncai)->GetThreadHandle(ncai, worker, &worker_h));
    jthread obj = NULL;
    ncheck("GetThreadObject(worker)", (*ncai)->GetThreadObject(ncai, worker_h, &obj));
    say("GetThreadObject is the worker: %s", (*jni)->IsSameObject(jni, obj, worker) ? "yes" : "no");
    state("GetThreadState(worker)", worker_h);
    ncheck("SuspendThread", (*ncai)->SuspendThread(ncai, worker_h));
    ncheck("SuspendThread", (*ncai)->SuspendThread(ncai, worker_h));
    state("GetThreadState(worker, suspended twice)", worker_h);
    ncheck("ResumeThread", (*ncai)->ResumeThread(ncai, worker_h));
    state("GetThreadState(worker, once)", worker_h);
    ncheck("ResumeThread", (*ncai)->ResumeThread(ncai, worker_h));
    state("GetThreadState(worker, resumed)", worker_h);
    ncheck("ResumeThread", (*ncai)->ResumeThread(ncai, worker_h));

    ncaiThreadInfo ti;
    ncaiThread h;
    int junk;
    ncheck("GetThreadInfo(NULL)", (*ncai)->GetThreadInfo(ncai, NULL, &ti));
    ncheck("GetThreadInfo(not a thread)", (*ncai)->GetThreadInfo(ncai, (ncaiThread)&junk, &ti));
    ncheck("GetThreadInfo(NULL info)", (*ncai)->GetThreadInfo(ncai, worker_h, NULL));
    ncheck("GetThreadHandle(NULL)", (*ncai)->GetThreadHandle(ncai, NULL, &h));
    ncheck("GetThreadHandle(unstarted)", (*ncai)->GetThreadHandle(ncai, unstarted, &h));
    ncheck("GetThreadHandle(NULL out)", (*ncai)->GetThreadHandle(ncai, worker, NULL));
    ncheck("GetThreadObject(not a thread)", (*ncai)->GetThreadObject(ncai, (ncaiThread)&junk, &obj));
    ncheck("GetAllThreads(NULL)", (*ncai)->GetAllThreads(ncai, NULL, &ts));
    ncaiThread self = NULL;
    (*ncai)->GetThreadHandle(ncai, NULL, &self);
    jthread me = NULL;
    (*jvmti)->GetCurrentThread(jvmti, &me);
    (*ncai)->GetThreadHandle(ncai, me, &self);
    ncheck("TerminateThread(self)", (*ncai)->TerminateThread(ncai, self));
}

static ncaiError terminate_result;

JNIEXPORT void JNICALL Java_Main_terminate(JNIEnv *jni, jclass c, jthread looper)
{
    ncaiThread h = NULL;
    (*ncai)->GetThreadHandle(ncai, looper, &h);
    /* A thread running Java code is suspended too: at its next interpreter poll. */
    ncheck("SuspendThread(looper, in Java code)", (*ncai)->SuspendThread(ncai, h));
    ncaiFrameInfo fr[64];
    jint n = 0;
    (*ncai)->GetStackTrace(ncai, h, 64, fr, &n);
    for (jint i = 0; i < n; i++) {
        jmethodID m = NULL;
        jlocation bci;
        Dl_info di;
        if (dladdr(fr[i].pc_address, &di) != 0) continue; /* native code */
        if ((*ncai)->GetBytecodeLocation(ncai, fr[i].pc_address, &m, &bci) != NCAI_ERROR_NONE) continue;
        char *name = NULL;
        (*jvmti)->GetMethodName(jvmti, m, &name, NULL, NULL);
        say("looper's top Java frame: %s, depth %d", name, (int)fr[i].java_frame_depth);
        (*jvmti)->Deallocate(jvmti, (unsigned char *)name);
        break;
    }
    terminate_result = (*ncai)->TerminateThread(ncai, h);
}

/* Printed once the looper has ended (it may print first). */
JNIEXPORT void JNICALL Java_Main_reportTerminate(JNIEnv *jni, jclass c)
{
    ncheck("TerminateThread(looper)", terminate_result);
}

JNIEXPORT void JNICALL Java_Main_checkEnded(JNIEnv *jni, jclass c)
{
    ncaiThreadInfo ti;
    jthread obj;
    ncheck("GetThreadInfo(ended)", (*ncai)->GetThreadInfo(ncai, worker_h, &ti));
    ncheck("GetThreadObject(ended)", (*ncai)->GetThreadObject(ncai, worker_h, &obj));
    state("GetThreadState(ended)", worker_h);
    ncheck("TerminateThread(ended)", (*ncai)->TerminateThread(ncai, worker_h));
}
