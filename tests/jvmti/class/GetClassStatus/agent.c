/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: GetClassStatus. Prints the status bits of classes in each phase (see
 * GetClassStatus.java): the spec and HotSpot agree that a class is VERIFIED and PREPARED
 * once it is linked, which happens lazily, before initialization or when reflection
 * links it, never when it is only loaded.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;

static void bits(char *buf, size_t n, jint st)
{
    snprintf(buf, n, "%s%s%s%s%s%s(%d)", st & JVMTI_CLASS_STATUS_VERIFIED ? "VERIFIED " : "",
             st & JVMTI_CLASS_STATUS_PREPARED ? "PREPARED " : "",
             st & JVMTI_CLASS_STATUS_INITIALIZED ? "INITIALIZED " : "",
             st & JVMTI_CLASS_STATUS_ERROR ? "ERROR " : "", st & JVMTI_CLASS_STATUS_ARRAY ? "ARRAY " : "",
             st & JVMTI_CLASS_STATUS_PRIMITIVE ? "PRIMITIVE " : "", (int)st);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jint st;
    check("OnLoad GetClassStatus", (*env)->GetClassStatus(env, NULL, &st));
    return 0;
}

JNIEXPORT void JNICALL Java_GetClassStatus_status(JNIEnv *jni, jclass cls, jstring label, jclass k)
{
    const char *l = (*jni)->GetStringUTFChars(jni, label, NULL);
    jint st = -1;
    jvmtiError e = (*env)->GetClassStatus(env, k, &st);
    char b[128];
    bits(b, sizeof b, st);
    if (e != JVMTI_ERROR_NONE)
        say("%s: %s", l, err_name(e));
    else
        say("%s: %s", l, b);
    (*jni)->ReleaseStringUTFChars(jni, label, l);
}

JNIEXPORT void JNICALL Java_GetClassStatus_errors(JNIEnv *jni, jclass cls, jobject o)
{
    jint st;
    check("NULL status_ptr", (*env)->GetClassStatus(env, cls, NULL));
    check("not a class", (*env)->GetClassStatus(env, (jclass)o, &st));
    check("NULL class", (*env)->GetClassStatus(env, NULL, &st));
}
