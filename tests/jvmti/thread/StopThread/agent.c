/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI StopThread (can_signal_thread): the asynchronous exception, the very object
 * passed, reaches a thread spinning in a loop, one sleeping, one waiting in Object.wait
 * and one in a call-heavy loop, whatever its class (a checked exception too); stopping
 * the current thread throws when the native method returns to Java. Errors: WRONG_PHASE
 * in OnLoad, MUST_POSSESS_CAPABILITY without the capability (the thread is not
 * touched), INVALID_THREAD for NULL (no "null means current" here) and for an object
 * that is not a thread, THREAD_NOT_ALIVE for a thread not started (it is not stopped:
 * it runs normally later) and a terminated one. The spec's THREAD_NOT_SUSPENDED and
 * OPAQUE_FRAME concern virtual threads, which JDK 17 does not have.
 */
#include "jvmti_test.h"

static jvmtiEnv *plain, *signal;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    plain = new_env(vm);
    signal = new_env(vm);
    if (plain == NULL || signal == NULL) return 1;
    check("OnLoad: StopThread", (*plain)->StopThread(plain, NULL, NULL));
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_signal_thread = 1;
    check("AddCapabilities(can_signal_thread)", (*signal)->AddCapabilities(signal, &caps));
    return 0;
}

JNIEXPORT void JNICALL Java_StopThread_withoutCapability(JNIEnv *jni, jclass cls, jthread t, jobject x)
{
    check("StopThread without can_signal_thread", (*plain)->StopThread(plain, t, x));
}

/* Returns the error for Java to print after the target has ended (printing here would
 * race with the target's own output). */
JNIEXPORT jint JNICALL Java_StopThread_stop(JNIEnv *jni, jclass cls, jthread t, jobject x)
{
    return (jint)(*signal)->StopThread(signal, t, x);
}

JNIEXPORT void JNICALL Java_StopThread_errors(JNIEnv *jni, jclass cls, jthread unstarted, jthread terminated,
                                              jobject not_a_thread, jobject x)
{
    check("StopThread(NULL thread)", (*signal)->StopThread(signal, NULL, x));
    check("StopThread(not a thread)", (*signal)->StopThread(signal, not_a_thread, x));
    check("StopThread(unstarted)", (*signal)->StopThread(signal, unstarted, x));
    check("StopThread(terminated)", (*signal)->StopThread(signal, terminated, x));
}
