/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * GetNamedModule: the program asks for the module of packages of the boot, platform,
 * application and a layer's loader, and passes objects that are not class loaders
 * (ILLEGAL_ARGUMENT). Also NULL_POINTER (package_name, module_ptr) and WRONG_PHASE
 * (Agent_OnLoad).
 */
#include "jvmti_test.h"

static jvmtiEnv *e;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    e = new_env(vm);
    if (e == NULL) return 1;
    jobject m;
    check("OnLoad GetNamedModule", (*e)->GetNamedModule(e, NULL, "java/lang", &m));
    return 0;
}

JNIEXPORT jobject JNICALL Java_GetNamedModule_named(JNIEnv *jni, jclass cls, jobject loader, jstring pkg)
{
    const char *p = (*jni)->GetStringUTFChars(jni, pkg, NULL);
    jobject m = (jobject)&m; /* must be overwritten */
    jvmtiError r = (*e)->GetNamedModule(e, loader, p, &m);
    (*jni)->ReleaseStringUTFChars(jni, pkg, p);
    if (r != JVMTI_ERROR_NONE) {
        check("  GetNamedModule", r);
        return NULL;
    }
    return m;
}

JNIEXPORT void JNICALL Java_GetNamedModule_nullPointers(JNIEnv *jni, jclass cls)
{
    jobject m;
    check("GetNamedModule(NULL, NULL, &m)", (*e)->GetNamedModule(e, NULL, NULL, &m));
    check("GetNamedModule(NULL, \"java/lang\", NULL)", (*e)->GetNamedModule(e, NULL, "java/lang", NULL));
}
