/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * A library without Agent_OnLoad given to -agentlib: HotSpot's message ("Could not find
 * Agent_OnLoad function in the agent library: agent"), exit status 1. Agent_OnUnload
 * is never called.
 */
#include "jvmti_test.h"

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm) { say("Agent_OnUnload"); }
