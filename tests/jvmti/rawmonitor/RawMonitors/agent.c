/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI raw monitors: CreateRawMonitor, DestroyRawMonitor, RawMonitorEnter, RawMonitorExit,
 * RawMonitorWait, RawMonitorNotify, RawMonitorNotifyAll. Reentrant entry, NOT_MONITOR_OWNER
 * for exit/wait/notify without ownership and for destroying a monitor another thread
 * holds, destroying one's own held monitor, INVALID_MONITOR for NULL and destroyed
 * monitors, timed waits, a wait ended by RawMonitorNotify from another thread, a wait ended
 * by Thread.interrupt (INTERRUPT, interrupt status cleared), monitors created in the
 * OnLoad phase used in the live phase, NULL_POINTER for Create's pointers.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;
static jrawMonitorID early, notify_mon, interrupt_mon, held;
static volatile int waiter_ready, sleeper_waiting;

static void invalid(const char *what, jrawMonitorID m)
{
    char buf[96];
    snprintf(buf, sizeof buf, "RawMonitorEnter(%s)", what);
    check(buf, (*env)->RawMonitorEnter(env, m));
    snprintf(buf, sizeof buf, "RawMonitorExit(%s)", what);
    check(buf, (*env)->RawMonitorExit(env, m));
    snprintf(buf, sizeof buf, "RawMonitorWait(%s)", what);
    check(buf, (*env)->RawMonitorWait(env, m, 1));
    snprintf(buf, sizeof buf, "RawMonitorNotify(%s)", what);
    check(buf, (*env)->RawMonitorNotify(env, m));
    snprintf(buf, sizeof buf, "RawMonitorNotifyAll(%s)", what);
    check(buf, (*env)->RawMonitorNotifyAll(env, m));
    snprintf(buf, sizeof buf, "DestroyRawMonitor(%s)", what);
    check(buf, (*env)->DestroyRawMonitor(env, m));
}

static void ownership(const char *when, jrawMonitorID m)
{
    say("%s:", when);
    check("  RawMonitorExit(not entered)", (*env)->RawMonitorExit(env, m));
    check("  RawMonitorWait(not entered)", (*env)->RawMonitorWait(env, m, 1));
    check("  RawMonitorNotify(not entered)", (*env)->RawMonitorNotify(env, m));
    check("  RawMonitorNotifyAll(not entered)", (*env)->RawMonitorNotifyAll(env, m));
    check("  RawMonitorEnter", (*env)->RawMonitorEnter(env, m));
    check("  RawMonitorEnter again", (*env)->RawMonitorEnter(env, m));
    check("  RawMonitorNotify(nobody waits)", (*env)->RawMonitorNotify(env, m));
    check("  RawMonitorNotifyAll(nobody waits)", (*env)->RawMonitorNotifyAll(env, m));
    check("  RawMonitorExit", (*env)->RawMonitorExit(env, m));
    check("  RawMonitorExit", (*env)->RawMonitorExit(env, m));
    check("  RawMonitorExit(once too often)", (*env)->RawMonitorExit(env, m));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jrawMonitorID m;
    check("CreateRawMonitor(name NULL)", (*env)->CreateRawMonitor(env, NULL, &m));
    check("CreateRawMonitor(result NULL)", (*env)->CreateRawMonitor(env, "m", NULL));
    check("CreateRawMonitor(early)", (*env)->CreateRawMonitor(env, "early", &early));
    check("CreateRawMonitor(notify)", (*env)->CreateRawMonitor(env, "notify", &notify_mon));
    check("CreateRawMonitor(interrupt)", (*env)->CreateRawMonitor(env, "interrupt", &interrupt_mon));
    /* Only entering and exiting in the OnLoad phase: HotSpot 17 crashes when a raw
     * monitor is waited on or notified before any thread exists. */
    check("OnLoad RawMonitorExit(not entered)", (*env)->RawMonitorExit(env, early));
    check("OnLoad RawMonitorEnter", (*env)->RawMonitorEnter(env, early));
    check("OnLoad RawMonitorEnter again", (*env)->RawMonitorEnter(env, early));
    check("OnLoad RawMonitorExit", (*env)->RawMonitorExit(env, early));
    check("OnLoad RawMonitorExit", (*env)->RawMonitorExit(env, early));
    check("OnLoad RawMonitorExit(once too often)", (*env)->RawMonitorExit(env, early));
    invalid("NULL", NULL);
    check("CreateRawMonitor(doomed)", (*env)->CreateRawMonitor(env, "doomed", &m));
    check("RawMonitorEnter(doomed)", (*env)->RawMonitorEnter(env, m));
    check("DestroyRawMonitor(doomed, held by the caller)", (*env)->DestroyRawMonitor(env, m));
    return 0;
}

JNIEXPORT void JNICALL Java_RawMonitors_live(JNIEnv *jni, jclass cls)
{
    ownership("live, monitor from OnLoad", early);
    check("RawMonitorEnter", (*env)->RawMonitorEnter(env, early));
    check("RawMonitorWait(5 ms)", (*env)->RawMonitorWait(env, early, 5));
    check("RawMonitorExit", (*env)->RawMonitorExit(env, early));
    jrawMonitorID m;
    check("CreateRawMonitor(live)", (*env)->CreateRawMonitor(env, "live", &m));
    check("DestroyRawMonitor(live)", (*env)->DestroyRawMonitor(env, m));
}

JNIEXPORT jstring JNICALL Java_RawMonitors_waitForNotify(JNIEnv *jni, jclass cls)
{
    jvmtiError e1 = (*env)->RawMonitorEnter(env, notify_mon);
    waiter_ready = 1;
    jvmtiError e2 = JVMTI_ERROR_NONE;
    while (waiter_ready == 1 && e2 == JVMTI_ERROR_NONE) e2 = (*env)->RawMonitorWait(env, notify_mon, 0);
    jvmtiError e3 = (*env)->RawMonitorExit(env, notify_mon);
    char buf[200];
    snprintf(buf, sizeof buf, "enter %s, wait %s, notified %s, exit %s", err_name(e1), err_name(e2),
             waiter_ready == 2 ? "yes" : "no", err_name(e3));
    return (*jni)->NewStringUTF(jni, buf);
}

JNIEXPORT void JNICALL Java_RawMonitors_notifyWaiter(JNIEnv *jni, jclass cls)
{
    (*env)->RawMonitorEnter(env, notify_mon);
    while (waiter_ready == 0) (*env)->RawMonitorWait(env, notify_mon, 1);
    waiter_ready = 2;
    check("RawMonitorNotify(waiter)", (*env)->RawMonitorNotify(env, notify_mon));
    (*env)->RawMonitorExit(env, notify_mon);
}

JNIEXPORT jstring JNICALL Java_RawMonitors_waitInterruptibly(JNIEnv *jni, jclass cls)
{
    (*env)->RawMonitorEnter(env, interrupt_mon);
    sleeper_waiting = 1;
    jvmtiError e = (*env)->RawMonitorWait(env, interrupt_mon, 0);
    jvmtiError x = (*env)->RawMonitorExit(env, interrupt_mon);
    char buf[100];
    snprintf(buf, sizeof buf, "RawMonitorWait: %s, RawMonitorExit: %s", err_name(e), err_name(x));
    return (*jni)->NewStringUTF(jni, buf);
}

JNIEXPORT jboolean JNICALL Java_RawMonitors_waiting(JNIEnv *jni, jclass cls)
{
    /* Entering succeeds only while the sleeper waits (or before it entered). */
    (*env)->RawMonitorEnter(env, interrupt_mon);
    jboolean w = sleeper_waiting ? JNI_TRUE : JNI_FALSE;
    (*env)->RawMonitorExit(env, interrupt_mon);
    return w;
}

JNIEXPORT void JNICALL Java_RawMonitors_enterHeld(JNIEnv *jni, jclass cls)
{
    if (held == NULL) (*env)->CreateRawMonitor(env, "held", &held);
    (*env)->RawMonitorEnter(env, held);
}

JNIEXPORT void JNICALL Java_RawMonitors_exitHeld(JNIEnv *jni, jclass cls) { (*env)->RawMonitorExit(env, held); }

JNIEXPORT void JNICALL Java_RawMonitors_destroyHeld(JNIEnv *jni, jclass cls)
{
    check("RawMonitorExit(held by another thread)", (*env)->RawMonitorExit(env, held));
    check("DestroyRawMonitor(held by another thread, or free)", (*env)->DestroyRawMonitor(env, held));
}
