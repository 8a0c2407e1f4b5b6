/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * AddModuleUses: the program checks Module.canUse after each call. Errors:
 * INVALID_MODULE, INVALID_CLASS (objects that are not classes), NULL_POINTER (each
 * pointer), WRONG_PHASE (Agent_OnLoad).
 */
#include "jvmti_test.h"

static jvmtiEnv *e;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    e = new_env(vm);
    if (e == NULL) return 1;
    check("OnLoad AddModuleUses", (*e)->AddModuleUses(e, NULL, NULL));
    return 0;
}

JNIEXPORT void JNICALL Java_AddModuleUses_uses(JNIEnv *jni, jclass cls, jobject m, jobject service)
{
    check("AddModuleUses", (*e)->AddModuleUses(e, m, (jclass)service));
}

JNIEXPORT void JNICALL Java_AddModuleUses_nullPointers(JNIEnv *jni, jclass cls, jobject m, jclass service)
{
    check("AddModuleUses(NULL, service)", (*e)->AddModuleUses(e, NULL, service));
    check("AddModuleUses(m, NULL)", (*e)->AddModuleUses(e, m, NULL));
}
