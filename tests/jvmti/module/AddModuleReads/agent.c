/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * AddModuleReads: the program checks Module.canRead after each call. Errors:
 * INVALID_MODULE (module, to_module), NULL_POINTER (each), WRONG_PHASE (Agent_OnLoad).
 */
#include "jvmti_test.h"

static jvmtiEnv *e;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    e = new_env(vm);
    if (e == NULL) return 1;
    check("OnLoad AddModuleReads", (*e)->AddModuleReads(e, NULL, NULL));
    return 0;
}

JNIEXPORT void JNICALL Java_AddModuleReads_reads(JNIEnv *jni, jclass cls, jobject m, jobject to)
{
    check("AddModuleReads", (*e)->AddModuleReads(e, m, to));
}

JNIEXPORT void JNICALL Java_AddModuleReads_nullPointers(JNIEnv *jni, jclass cls, jobject m)
{
    check("AddModuleReads(NULL, m)", (*e)->AddModuleReads(e, NULL, m));
    check("AddModuleReads(m, NULL)", (*e)->AddModuleReads(e, m, NULL));
}
