/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: GetImplementedInterfaces. Prints each class's direct superinterfaces in order
 * (signatures) and checks the results are interfaces. Arrays and primitives have none
 * (the spec; HotSpot agrees). Errors: NULL_POINTER,
 * INVALID_CLASS, WRONG_PHASE.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jint n;
    jclass *c;
    check("OnLoad GetImplementedInterfaces", (*env)->GetImplementedInterfaces(env, NULL, &n, &c));
    return 0;
}

JNIEXPORT void JNICALL Java_GetImplementedInterfaces_ifaces(JNIEnv *jni, jclass cls, jstring label, jclass k)
{
    const char *l = (*jni)->GetStringUTFChars(jni, label, NULL);
    jint n = -1;
    jclass *is = NULL;
    jvmtiError e = (*env)->GetImplementedInterfaces(env, k, &n, &is);
    jboolean arr = JNI_FALSE;
    (*env)->IsArrayClass(env, k, &arr);
    if (arr) {
        say("%s: %s", l, e != JVMTI_ERROR_NONE ? err_name(e) : n == 0 ? "none" : "INTERFACES");
    } else if (e != JVMTI_ERROR_NONE) {
        say("%s: %s", l, err_name(e));
    } else {
        char line[2048];
        size_t len = (size_t)snprintf(line, sizeof line, "%s: %d:", l, (int)n);
        for (jint i = 0; i < n; i++) {
            char *s = NULL;
            jboolean isi = JNI_FALSE;
            (*env)->GetClassSignature(env, is[i], &s, NULL);
            (*env)->IsInterface(env, is[i], &isi);
            len += (size_t)snprintf(line + len, sizeof line - len, " %s%s", s ? s : "?", isi ? "" : "(not an interface)");
            if (s) (*env)->Deallocate(env, (unsigned char *)s);
            if (len >= sizeof line) len = sizeof line - 1;
        }
        say("%s", line);
    }
    if (is) (*env)->Deallocate(env, (unsigned char *)is);
    (*jni)->ReleaseStringUTFChars(jni, label, l);
}

JNIEXPORT void JNICALL Java_GetImplementedInterfaces_errors(JNIEnv *jni, jclass cls, jobject o)
{
    jint n;
    jclass *c;
    check("NULL interface_count_ptr", (*env)->GetImplementedInterfaces(env, cls, NULL, &c));
    check("NULL interfaces_ptr", (*env)->GetImplementedInterfaces(env, cls, &n, NULL));
    check("not a class", (*env)->GetImplementedInterfaces(env, (jclass)o, &n, &c));
    check("NULL class", (*env)->GetImplementedInterfaces(env, NULL, &n, &c));
}
