/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * An Agent_OnLoad returning non-zero ends start-up: HotSpot's message ("agent library
 * failed to init: <name>"), exit status 1, no later agent loaded, no program run, no
 * Agent_OnUnload.
 */
#include "jvmti_test.h"

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    say("Agent_OnLoad [%s]", options);
    return strcmp(options, "fail") == 0 ? 42 : 0;
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm) { say("Agent_OnUnload"); }
