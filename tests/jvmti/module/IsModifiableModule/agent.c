/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * IsModifiableModule: JNI_TRUE for unnamed modules (fixed by the spec) and for
 * java.base and java.logging. Errors: INVALID_MODULE, NULL_POINTER (each pointer),
 * WRONG_PHASE (Agent_OnLoad).
 */
#include "jvmti_test.h"

static jvmtiEnv *e;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    e = new_env(vm);
    if (e == NULL) return 1;
    jboolean b;
    check("OnLoad IsModifiableModule", (*e)->IsModifiableModule(e, NULL, &b));
    return 0;
}

JNIEXPORT void JNICALL Java_IsModifiableModule_modifiable(JNIEnv *jni, jclass cls, jobject m)
{
    jboolean b = 42;
    jvmtiError r = (*e)->IsModifiableModule(e, m, &b);
    if (r != JVMTI_ERROR_NONE)
        check("IsModifiableModule", r);
    else
        say("IsModifiableModule: NONE, %s", b == JNI_TRUE ? "JNI_TRUE" : b == JNI_FALSE ? "JNI_FALSE" : "neither");
}

JNIEXPORT void JNICALL Java_IsModifiableModule_nullPointers(JNIEnv *jni, jclass cls, jobject m)
{
    jboolean b;
    check("IsModifiableModule(NULL, &b)", (*e)->IsModifiableModule(e, NULL, &b));
    check("IsModifiableModule(m, NULL)", (*e)->IsModifiableModule(e, m, NULL));
}
