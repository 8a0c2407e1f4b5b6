/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * GetAllModules: the program checks the array the agent returns (boot-layer modules,
 * unnamed modules of the loaders in use, a module of a layer created later). Errors:
 * NULL_POINTER (each pointer), WRONG_PHASE (Agent_OnLoad and Agent_OnUnload).
 */
#include "jvmti_test.h"

static jvmtiEnv *e;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    e = new_env(vm);
    if (e == NULL) return 1;
    jint n;
    jobject *ms;
    check("OnLoad GetAllModules", (*e)->GetAllModules(e, &n, &ms));
    return 0;
}

JNIEXPORT jobjectArray JNICALL Java_GetAllModules_all(JNIEnv *jni, jclass cls)
{
    jint n = -1;
    jobject *ms = NULL;
    check("GetAllModules(NULL, ...)", (*e)->GetAllModules(e, NULL, &ms));
    check("GetAllModules(..., NULL)", (*e)->GetAllModules(e, &n, NULL));
    jvmtiError r = (*e)->GetAllModules(e, &n, &ms);
    check("GetAllModules", r);
    if (r != JVMTI_ERROR_NONE) return NULL;
    say("count > 0: %s", n > 0 ? "yes" : "no");
    jclass module_class = (*jni)->FindClass(jni, "java/lang/Module");
    jobjectArray a = (*jni)->NewObjectArray(jni, n, module_class, NULL);
    int all_modules = 1;
    for (jint i = 0; i < n; i++) {
        if (ms[i] == NULL || !(*jni)->IsInstanceOf(jni, ms[i], module_class)) {
            all_modules = 0;
            continue;
        }
        (*jni)->SetObjectArrayElement(jni, a, i, ms[i]);
        (*jni)->DeleteLocalRef(jni, ms[i]);
    }
    say("every element a java.lang.Module: %s", all_modules ? "yes" : "no");
    (*e)->Deallocate(e, (unsigned char *)ms);
    return a;
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm)
{
    jint n;
    jobject *ms;
    check("OnUnload GetAllModules", (*e)->GetAllModules(e, &n, &ms));
}
