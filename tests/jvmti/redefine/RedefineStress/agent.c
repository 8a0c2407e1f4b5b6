/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/* RedefineStress: redefine() is RedefineClasses of one class; it returns the error. */
#include "jvmti_test.h"

static jvmtiEnv *env;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_redefining_env(vm);
    return env == NULL;
}

JNIEXPORT jint JNICALL Java_RedefineStress_redefine(JNIEnv *jni, jclass cls, jclass target, jbyteArray bytes)
{
    jvmtiError e = redefine_array(env, jni, target, bytes);
    if (e != JVMTI_ERROR_NONE) say("RedefineClasses: %s", err_name(e));
    return (jint)e;
}
