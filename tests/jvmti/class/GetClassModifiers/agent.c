/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: GetClassModifiers. Prints the modifier bits (hex) of each class, and compares
 * them with Class.getModifiers(), which the spec says they encode: equal except for
 * ACC_SUPER, which the spec allows for non-primitive classes. Errors: NULL_POINTER,
 * INVALID_CLASS, WRONG_PHASE.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jint m;
    check("OnLoad GetClassModifiers", (*env)->GetClassModifiers(env, NULL, &m));
    return 0;
}

JNIEXPORT void JNICALL Java_GetClassModifiers_mods(JNIEnv *jni, jclass cls, jstring label, jclass k)
{
    const char *l = (*jni)->GetStringUTFChars(jni, label, NULL);
    jint m = -1;
    jvmtiError e = (*env)->GetClassModifiers(env, k, &m);
    jclass cc = (*jni)->FindClass(jni, "java/lang/Class");
    jmethodID gm = (*jni)->GetMethodID(jni, cc, "getModifiers", "()I");
    jint jm = (*jni)->CallIntMethod(jni, k, gm);
    if (e != JVMTI_ERROR_NONE)
        say("%s: %s", l, err_name(e));
    else
        say("%s: 0x%04x, as getModifiers (ACC_SUPER aside): %s", l, (unsigned)m,
            (m & ~0x20) == jm ? "yes" : "no");
    (*jni)->ReleaseStringUTFChars(jni, label, l);
}

JNIEXPORT void JNICALL Java_GetClassModifiers_errors(JNIEnv *jni, jclass cls, jobject o)
{
    jint m;
    check("NULL modifiers_ptr", (*env)->GetClassModifiers(env, cls, NULL));
    check("not a class", (*env)->GetClassModifiers(env, (jclass)o, &m));
    check("NULL class", (*env)->GetClassModifiers(env, NULL, &m));
}
