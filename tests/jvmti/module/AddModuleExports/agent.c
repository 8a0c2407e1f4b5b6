/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * AddModuleExports: the program checks Module.isExported after each call. Errors:
 * INVALID_MODULE (module, to_module), ILLEGAL_ARGUMENT (package not in the module),
 * NULL_POINTER (each pointer), WRONG_PHASE (Agent_OnLoad).
 */
#include "jvmti_test.h"

static jvmtiEnv *e;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    e = new_env(vm);
    if (e == NULL) return 1;
    check("OnLoad AddModuleExports", (*e)->AddModuleExports(e, NULL, "p", NULL));
    return 0;
}

JNIEXPORT void JNICALL Java_AddModuleExports_add(JNIEnv *jni, jclass cls, jobject m, jstring pkg, jobject to)
{
    const char *p = (*jni)->GetStringUTFChars(jni, pkg, NULL);
    jvmtiError r = (*e)->AddModuleExports(e, m, p, to);
    say("AddModuleExports(\"%s\"): %s", p, err_name(r));
    (*jni)->ReleaseStringUTFChars(jni, pkg, p);
}

JNIEXPORT void JNICALL Java_AddModuleExports_nullPointers(JNIEnv *jni, jclass cls, jobject m, jobject to)
{
    check("AddModuleExports(NULL, p, to)", (*e)->AddModuleExports(e, NULL, "java.util.logging", to));
    check("AddModuleExports(m, NULL, to)", (*e)->AddModuleExports(e, m, NULL, to));
    check("AddModuleExports(m, p, NULL)", (*e)->AddModuleExports(e, m, "java.util.logging", NULL));
}
