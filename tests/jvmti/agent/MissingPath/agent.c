/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * -agentpath naming a file that does not exist: HotSpot's message with the dynamic
 * linker's error, exit status 1. (The library built from this file is not used.)
 */
#include "jvmti_test.h"

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) { return 0; }
