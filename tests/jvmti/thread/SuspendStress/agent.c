/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Suspension under stress (JVMTI SuspendThread/ResumeThread, can_suspend): worker
 * threads park with short timeouts, contend for a monitor, wait on it with a timeout,
 * notify it and allocate (collections are frequent in the small heap), in a loop; the
 * main thread suspends all of them, reads each one's frame count (GetFrameCount: another
 * safepoint while the others are suspended) and resumes them, round after round.
 * Threads wake up from their blocking calls while suspended and while other threads
 * start safepoints: no wake-up may be lost (a thread that finds itself suspended on its
 * way back to Java must still let a starting safepoint know it is safe, or that
 * safepoint's initiator, here the resumer, waits forever), no monitor is held hostage,
 * every call succeeds, and a suspended worker does not count on (one suspended while it
 * waited to begin a collection stops after it). A hang is reported by the watchdog of
 * jvmti_test.h.
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

JNIEXPORT jint JNICALL Java_SuspendStress_suspend(JNIEnv *jni, jclass c, jthread t)
{
    return (jint)(*env)->SuspendThread(env, t);
}

JNIEXPORT jint JNICALL Java_SuspendStress_resume(JNIEnv *jni, jclass c, jthread t)
{
    return (jint)(*env)->ResumeThread(env, t);
}

JNIEXPORT jint JNICALL Java_SuspendStress_frameCount(JNIEnv *jni, jclass c, jthread t)
{
    jint n = -1;
    jvmtiError err = (*env)->GetFrameCount(env, t, &n);
    return err == JVMTI_ERROR_NONE ? n : -1;
}

JNIEXPORT void JNICALL Java_SuspendStress_watchdog(JNIEnv *jni, jclass c, jint seconds)
{
    watchdog_start((unsigned)seconds);
}

JNIEXPORT void JNICALL Java_SuspendStress_progress(JNIEnv *jni, jclass c, jint n, jstring step)
{
    const char *s = (*jni)->GetStringUTFChars(jni, step, NULL);
    watchdog_progress(n, s != NULL ? s : "?");
    if (s != NULL) (*jni)->ReleaseStringUTFChars(jni, step, s);
}
