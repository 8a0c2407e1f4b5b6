/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: GetClassVersionNumbers. Prints major.minor of each class, or the error
 * (ABSENT_INFORMATION for arrays and primitives). Errors: NULL_POINTER for each
 * out-pointer, INVALID_CLASS, WRONG_PHASE.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jint mi, ma;
    check("OnLoad GetClassVersionNumbers", (*env)->GetClassVersionNumbers(env, NULL, &mi, &ma));
    return 0;
}

JNIEXPORT void JNICALL Java_GetClassVersionNumbers_version(JNIEnv *jni, jclass cls, jstring label, jclass k)
{
    const char *l = (*jni)->GetStringUTFChars(jni, label, NULL);
    jint mi = -1, ma = -1;
    jvmtiError e = (*env)->GetClassVersionNumbers(env, k, &mi, &ma);
    if (e != JVMTI_ERROR_NONE)
        say("%s: %s", l, err_name(e));
    else
        say("%s: %d.%d", l, (int)ma, (int)mi);
    (*jni)->ReleaseStringUTFChars(jni, label, l);
}

JNIEXPORT void JNICALL Java_GetClassVersionNumbers_errors(JNIEnv *jni, jclass cls, jobject o)
{
    jint mi, ma;
    check("NULL minor_version_ptr", (*env)->GetClassVersionNumbers(env, cls, NULL, &ma));
    check("NULL major_version_ptr", (*env)->GetClassVersionNumbers(env, cls, &mi, NULL));
    check("not a class", (*env)->GetClassVersionNumbers(env, (jclass)o, &mi, &ma));
    check("NULL class", (*env)->GetClassVersionNumbers(env, NULL, &mi, &ma));
}
