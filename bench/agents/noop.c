// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * noop.c — benchmark agent (bench/run): creates a JVMTI environment and enables nothing.
 * Its cost against no agent at all is the cost of the tool interface being merely present.
 */
#include <jvmti.h>

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    (void)options;
    (void)reserved;
    jvmtiEnv *env = NULL;
    return (*vm)->GetEnv(vm, (void **)&env, JVMTI_VERSION_11) == JNI_OK ? 0 : 1;
}
