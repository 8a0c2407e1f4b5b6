/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Suspension and raw monitors (JVMTI SuspendThread/ResumeThread, RawMonitorEnter/Wait),
 * in loops. (1) A contender blocks in RawMonitorEnter on a raw monitor the blocker
 * holds and is suspended there; the blocker exits; then the resumer enters the raw
 * monitor and resumes the contender from inside it. (2) A waiter in RawMonitorWait is
 * notified, suspended while it waits to re-enter; the notifier exits; then the resumer
 * enters and resumes the waiter from inside. As on HotSpot, a suspended thread does not
 * enter a raw monitor (it gives back one it got while suspended and waits for its
 * resumption), so the resumer never blocks and the suspended thread enters only after
 * its resumption. A hang is reported by the watchdog of jvmti_test.h. (3) A suspended thread
 * that owns the raw monitor enters it again in its native code (recursion), as on
 * HotSpot.
 */
#include <sched.h>

#include "jvmti_test.h"

static jvmtiEnv *env;
static jrawMonitorID monitor;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_suspend = 1;
    jvmtiError err = (*env)->AddCapabilities(env, &caps);
    if (err != JVMTI_ERROR_NONE) check("AddCapabilities(can_suspend)", err);
    err = (*env)->CreateRawMonitor(env, "tested", &monitor);
    if (err != JVMTI_ERROR_NONE) check("CreateRawMonitor", err);
    return 0;
}

JNIEXPORT jint JNICALL Java_SuspendRawMonitor_suspend(JNIEnv *jni, jclass c, jthread t)
{
    return (jint)(*env)->SuspendThread(env, t);
}

JNIEXPORT jint JNICALL Java_SuspendRawMonitor_resume(JNIEnv *jni, jclass c, jthread t)
{
    return (jint)(*env)->ResumeThread(env, t);
}

JNIEXPORT jint JNICALL Java_SuspendRawMonitor_rawEnter(JNIEnv *jni, jclass c)
{
    return (jint)(*env)->RawMonitorEnter(env, monitor);
}

JNIEXPORT jint JNICALL Java_SuspendRawMonitor_rawExit(JNIEnv *jni, jclass c)
{
    return (jint)(*env)->RawMonitorExit(env, monitor);
}

JNIEXPORT jint JNICALL Java_SuspendRawMonitor_rawWait(JNIEnv *jni, jclass c)
{
    return (jint)(*env)->RawMonitorWait(env, monitor, 0);
}

JNIEXPORT jint JNICALL Java_SuspendRawMonitor_rawNotify(JNIEnv *jni, jclass c)
{
    return (jint)(*env)->RawMonitorNotify(env, monitor);
}

static volatile int owner_ready, owner_go, owner_reentered;

JNIEXPORT void JNICALL Java_SuspendRawMonitor_holdAndReenter(JNIEnv *jni, jclass c)
{
    jvmtiError err = (*env)->RawMonitorEnter(env, monitor);
    if (err != JVMTI_ERROR_NONE) check("owner: RawMonitorEnter", err);
    __atomic_store_n(&owner_ready, 1, __ATOMIC_SEQ_CST);
    while (!__atomic_load_n(&owner_go, __ATOMIC_SEQ_CST)) sched_yield();
    err = (*env)->RawMonitorEnter(env, monitor);
    if (err != JVMTI_ERROR_NONE) check("owner: RawMonitorEnter again", err);
    __atomic_store_n(&owner_reentered, 1, __ATOMIC_SEQ_CST);
    (*env)->RawMonitorExit(env, monitor);
    (*env)->RawMonitorExit(env, monitor);
}

JNIEXPORT jboolean JNICALL Java_SuspendRawMonitor_ownerReady(JNIEnv *jni, jclass c)
{
    return (jboolean)__atomic_load_n(&owner_ready, __ATOMIC_SEQ_CST);
}

JNIEXPORT void JNICALL Java_SuspendRawMonitor_ownerGo(JNIEnv *jni, jclass c)
{
    __atomic_store_n(&owner_go, 1, __ATOMIC_SEQ_CST);
}

JNIEXPORT jboolean JNICALL Java_SuspendRawMonitor_ownerReentered(JNIEnv *jni, jclass c)
{
    return (jboolean)__atomic_load_n(&owner_reentered, __ATOMIC_SEQ_CST);
}

JNIEXPORT void JNICALL Java_SuspendRawMonitor_watchdog(JNIEnv *jni, jclass c, jint seconds)
{
    watchdog_start((unsigned)seconds);
}

JNIEXPORT void JNICALL Java_SuspendRawMonitor_progress(JNIEnv *jni, jclass c, jint n, jstring step)
{
    const char *s = (*jni)->GetStringUTFChars(jni, step, NULL);
    watchdog_progress(n, s != NULL ? s : "?");
    if (s != NULL) (*jni)->ReleaseStringUTFChars(jni, step, s);
}
