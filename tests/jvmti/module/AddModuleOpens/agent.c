/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * AddModuleOpens: the program checks Module.isOpen after each call. Errors:
 * INVALID_MODULE (module, to_module), ILLEGAL_ARGUMENT (package not in the module),
 * NULL_POINTER (each pointer), WRONG_PHASE (Agent_OnLoad).
 */
#include "jvmti_test.h"

static jvmtiEnv *e;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    e = new_env(vm);
    if (e == NULL) return 1;
    check("OnLoad AddModuleOpens", (*e)->AddModuleOpens(e, NULL, "p", NULL));
    return 0;
}

JNIEXPORT void JNICALL Java_AddModuleOpens_add(JNIEnv *jni, jclass cls, jobject m, jstring pkg, jobject to)
{
    const char *p = (*jni)->GetStringUTFChars(jni, pkg, NULL);
    jvmtiError r = (*e)->AddModuleOpens(e, m, p, to);
    say("AddModuleOpens(\"%s\"): %s", p, err_name(r));
    (*jni)->ReleaseStringUTFChars(jni, pkg, p);
}

JNIEXPORT void JNICALL Java_AddModuleOpens_nullPointers(JNIEnv *jni, jclass cls, jobject m, jobject to)
{
    check("AddModuleOpens(NULL, p, to)", (*e)->AddModuleOpens(e, NULL, "java.util.logging", to));
    check("AddModuleOpens(m, NULL, to)", (*e)->AddModuleOpens(e, m, NULL, to));
    check("AddModuleOpens(m, p, NULL)", (*e)->AddModuleOpens(e, m, "java.util.logging", NULL));
}
