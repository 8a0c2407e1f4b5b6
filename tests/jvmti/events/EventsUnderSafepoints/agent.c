/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Events posted under safepoints and suspensions: MethodEntry, MethodExit and SingleStep
 * enabled for the worker thread (callbacks that only count), while the main thread runs
 * System.gc() and SuspendThread/ResumeThread on the worker thirty times; each time the
 * worker's Java progress counter, read twice 20 ms apart while it is suspended, must
 * not move. A safepoint protocol that let a thread back into Java code unseen (its
 * callback's return racing the collection or the suspension) shows here as a moved
 * counter or a hang.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;
static volatile long count;

static void JNICALL on_entry(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m)
{
    (void)e, (void)jni, (void)t, (void)m;
    __atomic_fetch_add(&count, 1, __ATOMIC_RELAXED);
}

static void JNICALL on_method_exit(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jboolean ex, jvalue v)
{
    (void)e, (void)jni, (void)t, (void)m, (void)ex, (void)v;
    __atomic_fetch_add(&count, 1, __ATOMIC_RELAXED);
}

static void JNICALL on_step(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation l)
{
    (void)e, (void)jni, (void)t, (void)m, (void)l;
    __atomic_fetch_add(&count, 1, __ATOMIC_RELAXED);
}

static jfieldID f_progress;
static jclass cls;

JNIEXPORT void JNICALL Java_EventsUnderSafepoints_start(JNIEnv *jni, jclass c, jthread worker)
{
    cls = (*jni)->NewGlobalRef(jni, c);
    f_progress = (*jni)->GetStaticFieldID(jni, c, "progress", "J");
    check("enable MethodEntry", (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_METHOD_ENTRY, worker));
    check("enable MethodExit", (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_METHOD_EXIT, worker));
    check("enable SingleStep", (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_SINGLE_STEP, worker));
}

JNIEXPORT jboolean JNICALL Java_EventsUnderSafepoints_suspendedStill(JNIEnv *jni, jclass c, jthread worker)
{
    (void)c;
    jvmtiError err = (*env)->SuspendThread(env, worker);
    if (err != JVMTI_ERROR_NONE) {
        check("SuspendThread", err);
        return JNI_FALSE;
    }
    jlong a = (*jni)->GetStaticLongField(jni, cls, f_progress);
    usleep(20 * 1000);
    jlong b = (*jni)->GetStaticLongField(jni, cls, f_progress);
    err = (*env)->ResumeThread(env, worker);
    if (err != JVMTI_ERROR_NONE) check("ResumeThread", err);
    return a == b;
}

JNIEXPORT jlong JNICALL Java_EventsUnderSafepoints_events(JNIEnv *jni, jclass c)
{
    (void)jni, (void)c;
    return (jlong)count;
}

JNIEXPORT void JNICALL Java_EventsUnderSafepoints_stop(JNIEnv *jni, jclass c)
{
    (void)jni, (void)c;
    check("disable MethodEntry", (*env)->SetEventNotificationMode(env, JVMTI_DISABLE, JVMTI_EVENT_METHOD_ENTRY, NULL));
    check("disable MethodExit", (*env)->SetEventNotificationMode(env, JVMTI_DISABLE, JVMTI_EVENT_METHOD_EXIT, NULL));
    check("disable SingleStep", (*env)->SetEventNotificationMode(env, JVMTI_DISABLE, JVMTI_EVENT_SINGLE_STEP, NULL));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    (void)options, (void)reserved;
    if ((*vm)->GetEnv(vm, (void **)&env, TEST_JVMTI_VERSION) != JNI_OK) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_method_entry_events = 1;
    caps.can_generate_method_exit_events = 1;
    caps.can_generate_single_step_events = 1;
    caps.can_suspend = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.MethodEntry = on_entry;
    cb.MethodExit = on_method_exit;
    cb.SingleStep = on_step;
    check("SetEventCallbacks", (*env)->SetEventCallbacks(env, &cb, (jint)sizeof cb));
    return 0;
}
