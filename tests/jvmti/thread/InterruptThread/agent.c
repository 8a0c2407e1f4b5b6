/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI InterruptThread. An environment without can_signal_thread gets
 * MUST_POSSESS_CAPABILITY and leaves the thread alone; in OnLoad the call is WRONG_PHASE
 * (the phase is checked first). An environment with the capability interrupts a thread
 * sleeping (InterruptedException), waiting in Object.wait (the same) and parked (park
 * returns with the interrupt status set), and the current thread (the status is set).
 * Errors: INVALID_THREAD for NULL (the thread parameter has no "null means current") and
 * for an object that is not a thread, THREAD_NOT_ALIVE for threads not started or
 * terminated.
 */
#include "jvmti_test.h"

static jvmtiEnv *plain, *signal;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    plain = new_env(vm);
    signal = new_env(vm);
    if (plain == NULL || signal == NULL) return 1;
    check("OnLoad: InterruptThread", (*plain)->InterruptThread(plain, NULL));
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_signal_thread = 1;
    check("AddCapabilities(can_signal_thread)", (*signal)->AddCapabilities(signal, &caps));
    return 0;
}

JNIEXPORT void JNICALL Java_InterruptThread_withoutCapability(JNIEnv *jni, jclass cls, jthread t)
{
    check("InterruptThread without can_signal_thread", (*plain)->InterruptThread(plain, t));
    check("InterruptThread(NULL) without can_signal_thread", (*plain)->InterruptThread(plain, NULL));
}

JNIEXPORT void JNICALL Java_InterruptThread_interrupt(JNIEnv *jni, jclass cls, jthread t)
{
    check("InterruptThread", (*signal)->InterruptThread(signal, t));
}

JNIEXPORT void JNICALL Java_InterruptThread_errors(JNIEnv *jni, jclass cls, jthread unstarted, jthread terminated,
                                                   jobject not_a_thread)
{
    check("InterruptThread(NULL)", (*signal)->InterruptThread(signal, NULL));
    check("InterruptThread(not a thread)", (*signal)->InterruptThread(signal, not_a_thread));
    check("InterruptThread(unstarted)", (*signal)->InterruptThread(signal, unstarted));
    check("InterruptThread(terminated)", (*signal)->InterruptThread(signal, terminated));
}
