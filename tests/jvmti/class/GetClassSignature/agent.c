/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: GetClassSignature. Prints the signature and generic signature of each class
 * the program passes; checks that either out-pointer may be NULL (and that the other
 * result is unchanged then); for a hidden class checks the spec's "L" + N + "." + S + ";"
 * form without printing the VM-chosen suffix S; INVALID_CLASS for objects that are no
 * class and for NULL; WRONG_PHASE in OnLoad (the function is start/live).
 */
#include "jvmti_test.h"

static jvmtiEnv *env;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    char *s = NULL, *g = NULL;
    check("OnLoad GetClassSignature", (*env)->GetClassSignature(env, NULL, &s, &g));
    return 0;
}

JNIEXPORT void JNICALL Java_GetClassSignature_sig(JNIEnv *jni, jclass cls, jstring label, jclass k)
{
    const char *l = (*jni)->GetStringUTFChars(jni, label, NULL);
    char *s = (char *)"unset", *g = (char *)"unset";
    jvmtiError e = (*env)->GetClassSignature(env, k, &s, &g);
    if (e != JVMTI_ERROR_NONE)
        say("%s: %s", l, err_name(e));
    else
        say("%s: %s generic=%s", l, s, g ? g : "NULL");
    if (e == JVMTI_ERROR_NONE) {
        (*env)->Deallocate(env, (unsigned char *)s);
        if (g) (*env)->Deallocate(env, (unsigned char *)g);
    }
    (*jni)->ReleaseStringUTFChars(jni, label, l);
}

JNIEXPORT void JNICALL Java_GetClassSignature_nulls(JNIEnv *jni, jclass cls, jclass k)
{
    char *s = NULL, *g = NULL, *s2 = NULL, *g2 = NULL;
    check("both NULL", (*env)->GetClassSignature(env, k, NULL, NULL));
    check("generic NULL", (*env)->GetClassSignature(env, k, &s, NULL));
    check("signature NULL", (*env)->GetClassSignature(env, k, NULL, &g));
    check("both", (*env)->GetClassSignature(env, k, &s2, &g2));
    say("  signature alone same: %s", s && s2 && strcmp(s, s2) == 0 ? "yes" : "no");
    say("  generic alone same: %s", (g == NULL && g2 == NULL) || (g && g2 && strcmp(g, g2) == 0) ? "yes" : "no");
    (*env)->Deallocate(env, (unsigned char *)s);
    (*env)->Deallocate(env, (unsigned char *)s2);
    if (g) (*env)->Deallocate(env, (unsigned char *)g);
    if (g2) (*env)->Deallocate(env, (unsigned char *)g2);
}

/* "L" + N + "." + S + ";" (arrays: '[' ... then that): print N and whether S is a
 * non-empty unqualified name. */
JNIEXPORT void JNICALL Java_GetClassSignature_hidden(JNIEnv *jni, jclass cls, jclass k)
{
    char *s = NULL, *g = NULL;
    jvmtiError e = (*env)->GetClassSignature(env, k, &s, &g);
    if (e != JVMTI_ERROR_NONE) {
        check("hidden", e);
        return;
    }
    size_t n = strlen(s);
    char *dot = strrchr(s, '.');
    int ok = n > 2 && s[n - 1] == ';' && dot != NULL && dot[1] != ';';
    for (char *p = dot ? dot + 1 : s; ok && *p != ';'; p++)
        if (*p == '/' || *p == '.' || *p == '[') ok = 0;
    if (dot) *dot = 0;
    say("hidden: %s.<suffix>; well-formed: %s generic=%s", s, ok ? "yes" : "no", g ? g : "NULL");
    (*env)->Deallocate(env, (unsigned char *)s);
    if (g) (*env)->Deallocate(env, (unsigned char *)g);
}

JNIEXPORT void JNICALL Java_GetClassSignature_invalid(JNIEnv *jni, jclass cls, jobject o)
{
    char *s = NULL, *g = NULL;
    check("invalid", (*env)->GetClassSignature(env, (jclass)o, &s, &g));
}
