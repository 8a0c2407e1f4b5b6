/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: GetClassLoader. Compares the result with the loader the program expects (NULL
 * for the boot loader), and checks it is a local reference (JNI GetObjectRefType) when
 * not NULL. Errors: NULL_POINTER, INVALID_CLASS, WRONG_PHASE.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jobject l;
    check("OnLoad GetClassLoader", (*env)->GetClassLoader(env, NULL, &l));
    return 0;
}

JNIEXPORT void JNICALL Java_GetClassLoader_loader(JNIEnv *jni, jclass cls, jstring label, jclass k, jobject expected)
{
    const char *l = (*jni)->GetStringUTFChars(jni, label, NULL);
    jobject r = (jobject)&r; /* not NULL: a result must be written */
    jvmtiError e = (*env)->GetClassLoader(env, k, &r);
    if (e != JVMTI_ERROR_NONE) {
        say("%s: %s", l, err_name(e));
    } else if (r == NULL) {
        say("%s: NULL, %s", l, expected == NULL ? "as expected" : "WRONG");
    } else {
        say("%s: %s, local reference: %s", l, (*jni)->IsSameObject(jni, r, expected) ? "as expected" : "WRONG",
            (*jni)->GetObjectRefType(jni, r) == JNILocalRefType ? "yes" : "no");
        (*jni)->DeleteLocalRef(jni, r);
    }
    (*jni)->ReleaseStringUTFChars(jni, label, l);
}

JNIEXPORT void JNICALL Java_GetClassLoader_errors(JNIEnv *jni, jclass cls, jobject o)
{
    jobject l;
    check("NULL classloader_ptr", (*env)->GetClassLoader(env, cls, NULL));
    check("not a class", (*env)->GetClassLoader(env, (jclass)o, &l));
    check("NULL class", (*env)->GetClassLoader(env, NULL, &l));
}
