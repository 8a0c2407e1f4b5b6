/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * -Xrun<name> of a library with Agent_OnLoad but no JVM_OnLoad (like the JDK's libjdwp,
 * for -Xrunjdwp): it becomes an agent, after the -agentlib/-agentpath ones, and its
 * Agent_OnLoad gets the options after the ':' in the OnLoad phase; Agent_OnUnload runs
 * for both at exit.
 */
#include "jvmti_test.h"

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmtiEnv *env = new_env(vm);
    jvmtiPhase phase = 0;
    if (env) (*env)->GetPhase(env, &phase);
    say("Agent_OnLoad [%s], phase %s", options ? options : "NULL", phase_name(phase));
    return 0;
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm) { say("Agent_OnUnload"); }
