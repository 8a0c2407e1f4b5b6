/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: GetClassFields. Prints each class's fields in order (the spec fixes class-file
 * order): name, descriptor and access flags (GetFieldName, GetFieldModifiers), with the
 * declaring class checked (GetFieldDeclaringClass). Array and primitive classes have
 * none (the spec; HotSpot agrees). Errors: NULL_POINTER,
 * INVALID_CLASS, WRONG_PHASE.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;

/* The field access flags of JVMS 4.5 (HotSpot's GetFieldModifiers also reports bits of
 * its own, e.g. 0x0800 for "has a generic signature"). */
#define FIELD_FLAGS 0x50DF

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jint n;
    jfieldID *f;
    check("OnLoad GetClassFields", (*env)->GetClassFields(env, NULL, &n, &f));
    return 0;
}

JNIEXPORT void JNICALL Java_GetClassFields_fields(JNIEnv *jni, jclass cls, jstring label, jclass k)
{
    const char *l = (*jni)->GetStringUTFChars(jni, label, NULL);
    jint n = -1;
    jfieldID *fs = NULL;
    jvmtiError e = (*env)->GetClassFields(env, k, &n, &fs);
    jboolean arr = JNI_FALSE;
    (*env)->IsArrayClass(env, k, &arr);
    if (arr) {
        say("%s: %s", l, e != JVMTI_ERROR_NONE ? err_name(e) : n == 0 ? "no fields" : "FIELDS");
    } else if (e != JVMTI_ERROR_NONE) {
        say("%s: %s", l, err_name(e));
    } else {
        say("%s: %d fields", l, (int)n);
        for (jint i = 0; i < n; i++) {
            char *name = NULL, *sig = NULL;
            jint mods = -1;
            jclass d = NULL;
            jvmtiError e1 = (*env)->GetFieldName(env, k, fs[i], &name, &sig, NULL);
            jvmtiError e2 = (*env)->GetFieldModifiers(env, k, fs[i], &mods);
            jvmtiError e3 = (*env)->GetFieldDeclaringClass(env, k, fs[i], &d);
            if (e1 || e2 || e3) {
                say("  %s %s %s", err_name(e1), err_name(e2), err_name(e3));
                continue;
            }
            say("  %s %s 0x%04x%s", name, sig, (unsigned)(mods & FIELD_FLAGS), (*jni)->IsSameObject(jni, d, k) ? "" : " (declared elsewhere)");
            (*env)->Deallocate(env, (unsigned char *)name);
            (*env)->Deallocate(env, (unsigned char *)sig);
        }
    }
    if (fs) (*env)->Deallocate(env, (unsigned char *)fs);
    (*jni)->ReleaseStringUTFChars(jni, label, l);
}

JNIEXPORT void JNICALL Java_GetClassFields_errors(JNIEnv *jni, jclass cls, jobject o)
{
    jint n;
    jfieldID *f;
    check("NULL field_count_ptr", (*env)->GetClassFields(env, cls, NULL, &f));
    check("NULL fields_ptr", (*env)->GetClassFields(env, cls, &n, NULL));
    check("not a class", (*env)->GetClassFields(env, (jclass)o, &n, &f));
    check("NULL class", (*env)->GetClassFields(env, NULL, &n, &f));
}
