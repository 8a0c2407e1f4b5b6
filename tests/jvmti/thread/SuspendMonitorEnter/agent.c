/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Suspension and contended monitor entry (JVMTI SuspendThread/ResumeThread, can_suspend),
 * in a loop: a contender blocks entering a monitor the blocker holds and is suspended
 * there; the blocker leaves the monitor; then another thread (the resumer) enters the
 * monitor and resumes the contender from inside it. The suspended contender must not
 * keep the monitor (HotSpot: a thread that gets the monitor while suspended gives it
 * back and waits for its resumption), so the resumer never blocks; the contender runs
 * its synchronized block only after it was resumed, and while suspended it is reported
 * as blocked on monitor entry, contending for the monitor (GetCurrentContendedMonitor)
 * and owning none (GetOwnedMonitorInfo); each contended entry posts one
 * MonitorContendedEnter and one MonitorContendedEntered, however often the contender gave
 * the monitor back meanwhile. A hang is reported by the watchdog of jvmti_test.h. Then the
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
    caps.can_get_current_contended_monitor = 1;
    caps.can_get_owned_monitor_info = 1;
    caps.can_generate_monitor_events = 1;
    jvmtiError err = (*env)->AddCapabilities(env, &caps);
    if (err != JVMTI_ERROR_NONE) check("AddCapabilities", err);
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

/* MonitorContendedEnter/Entered on the tested monitor by threads other than the one
 * that asked for them (the main thread, which may contend as the resumer). */
static jobject counted, counter_thread;
static int enters, entereds;

static int counts(JNIEnv *jni, jthread t, jobject o)
{
    return counted != NULL && (*jni)->IsSameObject(jni, o, counted) && !(*jni)->IsSameObject(jni, t, counter_thread);
}

static void JNICALL on_enter(jvmtiEnv *e, JNIEnv *jni, jthread t, jobject o)
{
    if (counts(jni, t, o)) __atomic_add_fetch(&enters, 1, __ATOMIC_SEQ_CST);
}

static void JNICALL on_entered(jvmtiEnv *e, JNIEnv *jni, jthread t, jobject o)
{
    if (counts(jni, t, o)) __atomic_add_fetch(&entereds, 1, __ATOMIC_SEQ_CST);
}

JNIEXPORT void JNICALL Java_SuspendMonitorEnter_countEvents(JNIEnv *jni, jclass c, jobject o)
{
    jthread self = NULL;
    (*env)->GetCurrentThread(env, &self);
    counter_thread = (*jni)->NewGlobalRef(jni, self);
    counted = (*jni)->NewGlobalRef(jni, o);
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.MonitorContendedEnter = on_enter;
    cb.MonitorContendedEntered = on_entered;
    (*env)->SetEventCallbacks(env, &cb, sizeof cb);
    (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_MONITOR_CONTENDED_ENTER, NULL);
    (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_MONITOR_CONTENDED_ENTERED, NULL);
}

JNIEXPORT jstring JNICALL Java_SuspendMonitorEnter_events(JNIEnv *jni, jclass c)
{
    (*env)->SetEventNotificationMode(env, JVMTI_DISABLE, JVMTI_EVENT_MONITOR_CONTENDED_ENTER, NULL);
    (*env)->SetEventNotificationMode(env, JVMTI_DISABLE, JVMTI_EVENT_MONITOR_CONTENDED_ENTERED, NULL);
    char buf[96];
    snprintf(buf, sizeof buf, "MonitorContendedEnter %d, MonitorContendedEntered %d",
             __atomic_load_n(&enters, __ATOMIC_SEQ_CST), __atomic_load_n(&entereds, __ATOMIC_SEQ_CST));
    return (*jni)->NewStringUTF(jni, buf);
}

JNIEXPORT jboolean JNICALL Java_SuspendMonitorEnter_contendsFor(JNIEnv *jni, jclass c, jthread t, jobject o)
{
    jobject m = NULL;
    jvmtiError err = (*env)->GetCurrentContendedMonitor(env, t, &m);
    return err == JVMTI_ERROR_NONE && m != NULL && (*jni)->IsSameObject(jni, m, o);
}

JNIEXPORT jint JNICALL Java_SuspendMonitorEnter_ownedMonitors(JNIEnv *jni, jclass c, jthread t)
{
    jint n = -1;
    jobject *v = NULL;
    if ((*env)->GetOwnedMonitorInfo(env, t, &n, &v) != JVMTI_ERROR_NONE) return -1;
    (*env)->Deallocate(env, (unsigned char *)v);
    return n;
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
