/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JAVA_TOOL_OPTIONS (JVMTI spec "JAVA_TOOL_OPTIONS"): the variable is announced on
 * stderr ("Picked up JAVA_TOOL_OPTIONS: ...") and its agents load before those of the
 * command line.
 */
#include "jvmti_test.h"

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    say("Agent_OnLoad [%s]", options ? options : "NULL");
    return 0;
}
