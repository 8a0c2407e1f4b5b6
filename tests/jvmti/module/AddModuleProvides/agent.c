/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * AddModuleProvides: the program checks with ServiceLoader that the provider is added.
 * Errors: INVALID_MODULE, INVALID_CLASS (service, impl_class), NULL_POINTER (each
 * pointer), WRONG_PHASE (Agent_OnLoad).
 */
#include "jvmti_test.h"

static jvmtiEnv *e;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    e = new_env(vm);
    if (e == NULL) return 1;
    check("OnLoad AddModuleProvides", (*e)->AddModuleProvides(e, NULL, NULL, NULL));
    return 0;
}

JNIEXPORT void JNICALL Java_AddModuleProvides_provides(JNIEnv *jni, jclass cls, jobject m, jobject service,
                                                       jobject impl)
{
    check("AddModuleProvides", (*e)->AddModuleProvides(e, m, (jclass)service, (jclass)impl));
}

JNIEXPORT void JNICALL Java_AddModuleProvides_nullPointers(JNIEnv *jni, jclass cls, jobject m, jclass service,
                                                           jclass impl)
{
    check("AddModuleProvides(NULL, service, impl)", (*e)->AddModuleProvides(e, NULL, service, impl));
    check("AddModuleProvides(m, NULL, impl)", (*e)->AddModuleProvides(e, m, NULL, impl));
    check("AddModuleProvides(m, service, NULL)", (*e)->AddModuleProvides(e, m, service, NULL));
}
