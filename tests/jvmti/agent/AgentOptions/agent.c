/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Agent loading (JVMTI "Agent Command Line Options", "Agent Start-Up", "Agent
 * Shutdown"): -agentlib (found on the library path) and -agentpath, each occurrence a
 * separate Agent_OnLoad call in command-line order with its own options (NULL when none
 * is given, "" for a trailing '=', everything after the first '=' otherwise), in the
 * OnLoad phase; an Agent_OnUnload call per agent at exit, in the dead phase.
 */
#include "jvmti_test.h"

static int loads;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmtiEnv *env = new_env(vm);
    jvmtiPhase phase = 0;
    if (env) (*env)->GetPhase(env, &phase);
    if (options)
        say("Agent_OnLoad #%d options [%s], phase %s", ++loads, options, phase_name(phase));
    else
        say("Agent_OnLoad #%d options NULL, phase %s", ++loads, phase_name(phase));
    /* The options belong to the agent: it may write to them. */
    if (options && *options) options[0] = '#';
    return 0;
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm)
{
    jvmtiEnv *env = new_env(vm);
    say("Agent_OnUnload, GetEnv in the dead phase %s", env == NULL ? "refused" : "allowed");
}
