/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * -agentlib naming a library that is nowhere on the library path: HotSpot's message
 * with the dynamic linker's error, exit status 1. (The library built from this file is
 * not used; -agentpath to a missing file is covered by MissingPath.)
 */
#include "jvmti_test.h"

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) { return 0; }
