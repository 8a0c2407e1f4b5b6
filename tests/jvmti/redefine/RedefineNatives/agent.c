/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/* RedefineNatives.java's natives, and Nat's two native methods. */
#include "jvmti_test.h"

static jvmtiEnv *env;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_redefining_env(vm);
    return env == NULL;
}

/* Bound only through RegisterNatives (its name is no JNI name of Nat's). */
static jint JNICALL registered_impl(JNIEnv *jni, jclass cls, jint x) { return 100 + x; }

JNIEXPORT jint JNICALL Java_Nat_byName(JNIEnv *jni, jclass cls, jint x) { return 200 + x; }

JNIEXPORT void JNICALL Java_RedefineNatives_register(JNIEnv *jni, jclass cls, jclass k)
{
    JNINativeMethod m = {"registered", "(I)I", (void *)registered_impl};
    say("RegisterNatives: %d", (int)(*jni)->RegisterNatives(jni, k, &m, 1));
}

JNIEXPORT void JNICALL Java_RedefineNatives_unregister(JNIEnv *jni, jclass cls, jclass k)
{
    say("UnregisterNatives: %d", (int)(*jni)->UnregisterNatives(jni, k));
}

JNIEXPORT jint JNICALL Java_RedefineNatives_redefine(JNIEnv *jni, jclass cls, jclass target, jbyteArray bytes)
{
    return (jint)redefine_array(env, jni, target, bytes);
}
