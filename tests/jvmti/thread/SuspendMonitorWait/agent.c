/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Suspension and Object.wait (JVMTI SuspendThread/ResumeThread, can_suspend), in a loop:
 * a waiter waits on a monitor; the notifier notifies it and, while still holding the
 * monitor, suspends the waiter once it is blocked re-entering; the notifier leaves the
 * monitor; then the resumer enters the monitor and resumes the waiter from inside it.
 * The suspended waiter must not take the monitor back (HotSpot: a thread re-enters only
 * once resumed), so neither the notification nor the notifier's exit is lost and the
 * resumer never blocks; the wait returns only after the resumption, and while suspended
 * the waiter is reported as blocked on monitor entry. A hang is reported by the
 * watchdog of jvmti_test.h.
 */
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

JNIEXPORT jint JNICALL Java_SuspendMonitorWait_suspend(JNIEnv *jni, jclass c, jthread t)
{
    return (jint)(*env)->SuspendThread(env, t);
}

JNIEXPORT jint JNICALL Java_SuspendMonitorWait_resume(JNIEnv *jni, jclass c, jthread t)
{
    return (jint)(*env)->ResumeThread(env, t);
}

JNIEXPORT jint JNICALL Java_SuspendMonitorWait_state(JNIEnv *jni, jclass c, jthread t)
{
    jint s = 0;
    (*env)->GetThreadState(env, t, &s);
    return s;
}

JNIEXPORT void JNICALL Java_SuspendMonitorWait_watchdog(JNIEnv *jni, jclass c, jint seconds)
{
    watchdog_start((unsigned)seconds);
}

JNIEXPORT void JNICALL Java_SuspendMonitorWait_progress(JNIEnv *jni, jclass c, jint n, jstring step)
{
    const char *s = (*jni)->GetStringUTFChars(jni, step, NULL);
    watchdog_progress(n, s != NULL ? s : "?");
    if (s != NULL) (*jni)->ReleaseStringUTFChars(jni, step, s);
}
