/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * During ThreadEnd the ending thread is still alive (it is sent before the thread
 * terminates): GetThreadState, asked by the thread itself (by reference and as NULL) or
 * by another thread while the callback runs, reports ALIVE and RUNNABLE, as on HotSpot,
 * for a thread that returned from run(), one that ended with an uncaught exception, an
 * agent thread, a JNI-attached thread that detaches, main (detached by the launcher) and
 * DestroyJavaVM's thread (ThreadEnd before VMDeath); once join() returned the thread is
 * TERMINATED and not alive. Only the Java-level bits are printed (IN_NATIVE and the like
 * are the VM's business while it runs the callback).
 */
#include <pthread.h>
#include <unistd.h>

#include "jvmti_test.h"

static jvmtiEnv *e;

static void print_state(const char *when, const char *name, jint s)
{
    say("%s %s: %s%s%s%s", when, name, (s & JVMTI_THREAD_STATE_ALIVE) ? "ALIVE" : "not alive",
        (s & JVMTI_THREAD_STATE_TERMINATED) ? " TERMINATED" : "", (s & JVMTI_THREAD_STATE_RUNNABLE) ? " RUNNABLE" : "",
        (s & JVMTI_THREAD_STATE_WAITING) ? " WAITING" : "");
}

static volatile int held_in_end, release_held;

static void JNICALL thread_end(jvmtiEnv *env, JNIEnv *jni, jthread t)
{
    jvmtiThreadInfo info;
    memset(&info, 0, sizeof info);
    if ((*env)->GetThreadInfo(env, t, &info) != JVMTI_ERROR_NONE || info.name == NULL) return;
    if (strncmp(info.name, "worker-", 7) == 0 || strcmp(info.name, "main") == 0 ||
        strcmp(info.name, "DestroyJavaVM") == 0 || strcmp(info.name, "agent-thread") == 0 ||
        strcmp(info.name, "attached") == 0) {
        jint s = 0;
        jvmtiError err = (*env)->GetThreadState(env, t, &s);
        if (err != JVMTI_ERROR_NONE) check("GetThreadState", err);
        else print_state("ThreadEnd", info.name, s);
        err = (*env)->GetThreadState(env, NULL, &s);
        if (err != JVMTI_ERROR_NONE) check("GetThreadState(NULL)", err);
        else print_state("ThreadEnd, current thread,", info.name, s);
    }
    if (strcmp(info.name, "worker-held") == 0) {
        held_in_end = 1;
        while (!release_held) usleep(1000);
    }
    (*env)->Deallocate(env, (unsigned char *)info.name);
}

/* Another thread's view of a thread held inside its ThreadEnd callback. */
JNIEXPORT void JNICALL Java_ThreadEndState_whileHeld(JNIEnv *jni, jclass cls, jthread t)
{
    while (!held_in_end) usleep(1000);
    jint s = 0;
    jvmtiError err = (*e)->GetThreadState(e, t, &s);
    if (err != JVMTI_ERROR_NONE) check("GetThreadState", err);
    else print_state("held in ThreadEnd, seen from main,", "worker-held", s);
    release_held = 1;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    e = new_env(vm);
    if (e == NULL) return 1;
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ThreadEnd = thread_end;
    check("SetEventCallbacks", (*e)->SetEventCallbacks(e, &cb, sizeof cb));
    check("enable ThreadEnd", (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_THREAD_END, NULL));
    return 0;
}

static void JNICALL agent_main(jvmtiEnv *env, JNIEnv *jni, void *arg) {}

static JavaVM *jvm;

static void *attach_main(void *arg)
{
    JNIEnv *jni = NULL;
    JavaVMAttachArgs args = {JNI_VERSION_1_2, "attached", NULL};
    if ((*jvm)->AttachCurrentThread(jvm, (void **)&jni, &args) != JNI_OK) return NULL;
    (*jvm)->DetachCurrentThread(jvm);
    return NULL;
}

/* An agent thread that returns at once (the result is printed by the caller after the
 * join: the thread may end before RunAgentThread returns). */
JNIEXPORT jboolean JNICALL Java_ThreadEndState_agentThread(JNIEnv *jni, jclass cls, jthread agent_thread)
{
    return (*e)->RunAgentThread(e, agent_thread, agent_main, NULL, JVMTI_THREAD_NORM_PRIORITY) == JVMTI_ERROR_NONE;
}

/* A native thread that attaches and detaches. */
JNIEXPORT void JNICALL Java_ThreadEndState_attachDetach(JNIEnv *jni, jclass cls)
{
    (*jni)->GetJavaVM(jni, &jvm);
    pthread_t pt;
    if (pthread_create(&pt, NULL, attach_main, NULL) == 0) pthread_join(pt, NULL);
}

JNIEXPORT void JNICALL Java_ThreadEndState_after(JNIEnv *jni, jclass cls, jthread t)
{
    jint s = 0;
    jvmtiError err = (*e)->GetThreadState(e, t, &s);
    if (err != JVMTI_ERROR_NONE) check("GetThreadState", err);
    else print_state("after join", "thread", s);
}
