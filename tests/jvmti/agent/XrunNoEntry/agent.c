/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * -Xrun of a library with neither JVM_OnLoad nor Agent_OnLoad: HotSpot's message
 * ("Could not find JVM_OnLoad or Agent_OnLoad function in the library: agent"), exit
 * status 1.
 */
#include "jvmti_test.h"

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm) { say("Agent_OnUnload"); }
