/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * -Xrun<name>[:options] with a library that has JVM_OnLoad: it is called with the
 * options after the ':' (NULL without), once per option, in the live phase (as HotSpot
 * calls -Xrun libraries), where it can create a JVMTI environment, before main runs.
 * Agent_OnLoad is not called.
 */
#include "jvmti_test.h"

JNIEXPORT jint JNICALL JVM_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmtiEnv *env = new_env(vm);
    jvmtiPhase phase = 0;
    if (env) (*env)->GetPhase(env, &phase);
    say("JVM_OnLoad options %s%s%s, phase %s", options ? "[" : "", options ? options : "NULL", options ? "]" : "",
        phase_name(phase));
    return 0;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    say("Agent_OnLoad must not be called");
    return 0;
}
