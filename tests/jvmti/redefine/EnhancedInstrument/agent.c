/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * EnhancedInstrument: the agent under test is java.lang.instrument's (the JDK's
 * libinstrument, loaded by the program through the attach API), so this native one is
 * not loaded (AGENT: none); the runner builds every JVMTI test from an agent.c.
 */
#include "jvmti_test.h"

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    return 0;
}
