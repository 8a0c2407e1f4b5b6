/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Statically linked agents (JVMTI spec "Statically Linked Agents"): -agentlib:glassstatic
 * finds Agent_OnLoad_glassstatic already in the process (here through LD_PRELOAD, which
 * puts the symbol in the global namespace as linking it into the launcher would) and
 * calls it instead of loading libglassstatic.so, which does not exist; at exit
 * Agent_OnUnload_glassstatic runs.
 */
#include "jvmti_test.h"

JNIEXPORT jint JNICALL Agent_OnLoad_glassstatic(JavaVM *vm, char *options, void *reserved)
{
    jvmtiEnv *env = new_env(vm);
    jvmtiPhase phase = 0;
    if (env) (*env)->GetPhase(env, &phase);
    say("Agent_OnLoad_glassstatic [%s], phase %s", options ? options : "NULL", phase_name(phase));
    return 0;
}

JNIEXPORT void JNICALL Agent_OnUnload_glassstatic(JavaVM *vm) { say("Agent_OnUnload_glassstatic"); }
