/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/* RedefineStackWalk.java's redefine: one RedefineClasses. */
#include "jvmti_test.h"

static jvmtiEnv *env;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_redefining_env(vm);
    return env == NULL;
}

JNIEXPORT jint JNICALL Java_RedefineStackWalk_redefine(JNIEnv *jni, jclass cls, jclass target, jbyteArray bytes)
{
    return (jint)redefine_array(env, jni, target, bytes);
}
