/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: InterruptThread needs can_signal_thread, which GlassVM does not offer yet
 * (it also enables StopThread): without the capability the call is
 * MUST_POSSESS_CAPABILITY and leaves the thread alone; in OnLoad it is WRONG_PHASE
 * (the phase is checked first). The capability is not added: HotSpot offers it,
 * GlassVM does not.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    check("OnLoad: InterruptThread", (*env)->InterruptThread(env, NULL));
    return 0;
}

JNIEXPORT void JNICALL Java_InterruptThread_interrupt(JNIEnv *jni, jclass cls, jthread t)
{
    check("InterruptThread without can_signal_thread", (*env)->InterruptThread(env, t));
    check("InterruptThread(NULL) without can_signal_thread", (*env)->InterruptThread(env, NULL));
}
