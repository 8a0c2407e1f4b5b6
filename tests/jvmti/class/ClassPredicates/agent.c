/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: IsInterface, IsArrayClass, IsModifiableClass. The first two are fixed by the
 * spec and printed. Whether a class or interface is modifiable is the VM's choice (no
 * capability is needed to ask; HotSpot says yes for most, GlassVM, which cannot
 * redefine yet, says no), so it is printed only where the spec fixes it (never for
 * arrays and primitives); elsewhere only that the answer is a jboolean. Errors:
 * NULL_POINTER, INVALID_CLASS, WRONG_PHASE.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jboolean b;
    check("OnLoad IsInterface", (*env)->IsInterface(env, NULL, &b));
    check("OnLoad IsArrayClass", (*env)->IsArrayClass(env, NULL, &b));
    check("OnLoad IsModifiableClass", (*env)->IsModifiableClass(env, NULL, &b));
    return 0;
}

static const char *yes_no(jvmtiError e, jboolean b)
{
    if (e != JVMTI_ERROR_NONE) return err_name(e);
    return b == JNI_TRUE ? "yes" : b == JNI_FALSE ? "no" : "not a jboolean";
}

JNIEXPORT void JNICALL Java_ClassPredicates_is(JNIEnv *jni, jclass cls, jstring label, jclass k)
{
    const char *l = (*jni)->GetStringUTFChars(jni, label, NULL);
    jboolean i = 7, a = 7, m = 7;
    jvmtiError ei = (*env)->IsInterface(env, k, &i);
    jvmtiError ea = (*env)->IsArrayClass(env, k, &a);
    jvmtiError em = (*env)->IsModifiableClass(env, k, &m);
    jboolean fixed = (ea == JVMTI_ERROR_NONE && a) || (*jni)->IsSameObject(jni, k, NULL);
    jint st = 0;
    (*env)->GetClassStatus(env, k, &st);
    if (st & JVMTI_CLASS_STATUS_PRIMITIVE) fixed = JNI_TRUE;
    const char *mod = fixed ? yes_no(em, m) : em == JVMTI_ERROR_NONE && (m == JNI_TRUE || m == JNI_FALSE) ? "a jboolean" : yes_no(em, m);
    say("%s: interface %s, array %s, modifiable %s", l, yes_no(ei, i), yes_no(ea, a), mod);
    (*jni)->ReleaseStringUTFChars(jni, label, l);
}

JNIEXPORT void JNICALL Java_ClassPredicates_errors(JNIEnv *jni, jclass cls, jobject o)
{
    jboolean b;
    check("IsInterface NULL ptr", (*env)->IsInterface(env, cls, NULL));
    check("IsArrayClass NULL ptr", (*env)->IsArrayClass(env, cls, NULL));
    check("IsModifiableClass NULL ptr", (*env)->IsModifiableClass(env, cls, NULL));
    check("IsInterface not a class", (*env)->IsInterface(env, (jclass)o, &b));
    check("IsArrayClass not a class", (*env)->IsArrayClass(env, (jclass)o, &b));
    check("IsModifiableClass not a class", (*env)->IsModifiableClass(env, (jclass)o, &b));
    check("IsInterface NULL class", (*env)->IsInterface(env, NULL, &b));
    check("IsArrayClass NULL class", (*env)->IsArrayClass(env, NULL, &b));
    check("IsModifiableClass NULL class", (*env)->IsModifiableClass(env, NULL, &b));
}
