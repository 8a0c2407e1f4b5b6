/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: GetClassLoaderClasses. Which classes a loader initiated depends partly on the
 * VM (what its verifier and linker resolve, and when), so the program names classes
 * that must be listed for a loader and classes that must not be (hidden classes, what
 * only other loaders found, primitive classes), each found by identity; and the agent
 * checks that every entry is a valid class listed once. Errors: NULL_POINTER,
 * WRONG_PHASE (OnLoad; the function is live-only).
 */
#include "jvmti_test.h"

static jvmtiEnv *env;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jint n;
    jclass *c;
    check("OnLoad GetClassLoaderClasses", (*env)->GetClassLoaderClasses(env, NULL, &n, &c));
    return 0;
}

static void report(JNIEnv *jni, jclass *cs, jint n, jobjectArray which, const char *yes, const char *no)
{
    jsize m = (*jni)->GetArrayLength(jni, which);
    for (jsize k = 0; k < m; k++) {
        jclass want = (*jni)->GetObjectArrayElement(jni, which, k);
        char *sig = NULL;
        (*env)->GetClassSignature(env, want, &sig, NULL);
        int found = 0;
        for (jint i = 0; i < n && !found; i++) found = (*jni)->IsSameObject(jni, cs[i], want);
        char *dot = sig ? strchr(sig, '.') : NULL;
        if (dot) strcpy(dot, ".<suffix>;");
        say("  %s: %s", sig ? sig : "?", found ? yes : no);
        (*env)->Deallocate(env, (unsigned char *)sig);
        (*jni)->DeleteLocalRef(jni, want);
    }
}

JNIEXPORT void JNICALL Java_GetClassLoaderClasses_classes(JNIEnv *jni, jclass cls, jstring label, jobject loader,
                                                          jobjectArray in, jobjectArray out)
{
    const char *l = (*jni)->GetStringUTFChars(jni, label, NULL);
    jint n = -1;
    jclass *cs = NULL;
    jvmtiError e = (*env)->GetClassLoaderClasses(env, loader, &n, &cs);
    say("%s: %s", l, err_name(e));
    if (e == JVMTI_ERROR_NONE) {
        int invalid = 0, dup = 0, not_local = 0;
        for (jint i = 0; i < n; i++) {
            jint st;
            if ((*env)->GetClassStatus(env, cs[i], &st) != JVMTI_ERROR_NONE) invalid++;
            if ((*jni)->GetObjectRefType(jni, cs[i]) != JNILocalRefType) not_local++;
        }
        /* Quadratic, but lists are a few thousand classes at most: compare by hash first. */
        jclass sys = (*jni)->FindClass(jni, "java/lang/System");
        jmethodID ihc = (*jni)->GetStaticMethodID(jni, sys, "identityHashCode", "(Ljava/lang/Object;)I");
        jint *h = calloc((size_t)n + 1, sizeof(jint));
        for (jint i = 0; i < n; i++) h[i] = (*jni)->CallStaticIntMethod(jni, sys, ihc, cs[i]);
        for (jint i = 0; i < n; i++)
            for (jint j = i + 1; j < n; j++)
                if (h[i] == h[j] && (*jni)->IsSameObject(jni, cs[i], cs[j])) dup++;
        free(h);
        say("  entries that are no valid class: %d, listed twice: %d, no local reference: %d", invalid, dup, not_local);
        report(jni, cs, n, in, "listed", "MISSING");
        report(jni, cs, n, out, "LISTED", "not listed");
        for (jint i = 0; i < n; i++) (*jni)->DeleteLocalRef(jni, cs[i]);
        (*env)->Deallocate(env, (unsigned char *)cs);
    }
    (*jni)->ReleaseStringUTFChars(jni, label, l);
}

JNIEXPORT void JNICALL Java_GetClassLoaderClasses_errors(JNIEnv *jni, jclass cls)
{
    jint n;
    jclass *c;
    check("NULL class_count_ptr", (*env)->GetClassLoaderClasses(env, NULL, NULL, &c));
    check("NULL classes_ptr", (*env)->GetClassLoaderClasses(env, NULL, &n, NULL));
}
