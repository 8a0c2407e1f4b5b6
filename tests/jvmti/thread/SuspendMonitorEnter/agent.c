/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Suspension and contended monitor entry (JVMTI SuspendThread/ResumeThread, can_suspend),
 * in a loop: a contender blocks entering a monitor the blocker holds and is suspended
 * there; the blocker leaves the monitor; then another thread (the resumer) enters the
 * monitor and resumes the contender from inside it. The suspended contender must not
 * keep the monitor (HotSpot: a thread that gets the monitor while suspended gives it
 * back and waits for its resumption), so the resumer never blocks; the contender runs
 * its synchronized block only after it was resumed, and while suspended it is reported
 * as blocked on monitor entry. A hang is reported by the watchdog of jvmti_test.h. Then the
 * native code of a suspended thread calls JNI MonitorEnter: it enters only once resumed
 * (HotSpot stops a suspended thread on its way into the VM).
 */
#include <sched.h>

#include "jvmti_test.h"

static jvmtiEnv *env;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_suspend = 1;
    jvmtiError err = (*env)->AddCapabilities(env, &caps);
    if (err != JVMTI_ERROR_NONE) check("AddCapabilities(can_suspend)", err);
    return 0;
}

JNIEXPORT jint JNICALL Java_SuspendMonitorEnter_suspend(JNIEnv *jni, jclass c, jthread t)
{
    return (jint)(*env)->SuspendThread(env, t);
}

JNIEXPORT jint JNICALL Java_SuspendMonitorEnter_resume(JNIEnv *jni, jclass c, jthread t)
{
    return (jint)(*env)->ResumeThread(env, t);
}

JNIEXPORT jint JNICALL Java_SuspendMonitorEnter_state(JNIEnv *jni, jclass c, jthread t)
{
    jint s = 0;
    (*env)->GetThreadState(env, t, &s);
    return s;
}

static volatile int native_ready, native_go, native_entered;

JNIEXPORT void JNICALL Java_SuspendMonitorEnter_enterFromNative(JNIEnv *jni, jclass c, jobject o)
{
    __atomic_store_n(&native_ready, 1, __ATOMIC_SEQ_CST);
    while (!__atomic_load_n(&native_go, __ATOMIC_SEQ_CST)) sched_yield();
    if ((*jni)->MonitorEnter(jni, o) != JNI_OK) say("MonitorEnter failed");
    __atomic_store_n(&native_entered, 1, __ATOMIC_SEQ_CST);
    if ((*jni)->MonitorExit(jni, o) != JNI_OK) say("MonitorExit failed");
}

JNIEXPORT jboolean JNICALL Java_SuspendMonitorEnter_nativeReady(JNIEnv *jni, jclass c)
{
    return (jboolean)__atomic_load_n(&native_ready, __ATOMIC_SEQ_CST);
}

JNIEXPORT void JNICALL Java_SuspendMonitorEnter_nativeGo(JNIEnv *jni, jclass c)
{
    __atomic_store_n(&native_go, 1, __ATOMIC_SEQ_CST);
}

JNIEXPORT jboolean JNICALL Java_SuspendMonitorEnter_nativeEntered(JNIEnv *jni, jclass c)
{
    return (jboolean)__atomic_load_n(&native_entered, __ATOMIC_SEQ_CST);
}

JNIEXPORT void JNICALL Java_SuspendMonitorEnter_watchdog(JNIEnv *jni, jclass c, jint seconds)
{
    watchdog_start((unsigned)seconds);
}

JNIEXPORT void JNICALL Java_SuspendMonitorEnter_progress(JNIEnv *jni, jclass c, jint n, jstring step)
{
    const char *s = (*jni)->GetStringUTFChars(jni, step, NULL);
    watchdog_progress(n, s != NULL ? s : "?");
    if (s != NULL) (*jni)->ReleaseStringUTFChars(jni, step, s);
}
