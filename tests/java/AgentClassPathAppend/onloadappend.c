/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * A JVMTI agent for AgentClassPathAppend's children: appends its option (a JAR) to the
 * system class loader's search in the OnLoad phase, where JVMTI extends java.class.path.
 */
#include <jvmti.h>

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmtiEnv *e;
    (void)reserved;
    if (options == NULL || (*vm)->GetEnv(vm, (void **)&e, JVMTI_VERSION_11) != JNI_OK) return 1;
    return (*e)->AddToSystemClassLoaderSearch(e, options) == JVMTI_ERROR_NONE ? 0 : 1;
}
