/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: GetClassMethods. An environment with can_maintain_original_method_order (added
 * in OnLoad, where HotSpot offers it) prints each class's methods in order, name and
 * descriptor (GetMethodName), with the declaring class checked; a second environment
 * without the capability gets the same methods in a VM-chosen order, so only "same set"
 * is printed for it. Array and primitive classes have no methods (the spec; HotSpot
 * agrees). Errors: NULL_POINTER, INVALID_CLASS, WRONG_PHASE.
 */
#include "jvmti_test.h"

static jvmtiEnv *env, *plain;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    plain = new_env(vm);
    if (env == NULL || plain == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_maintain_original_method_order = 1;
    check("AddCapabilities(can_maintain_original_method_order)", (*env)->AddCapabilities(env, &caps));
    jint n;
    jmethodID *m;
    check("OnLoad GetClassMethods", (*env)->GetClassMethods(env, NULL, &n, &m));
    return 0;
}

static char *method_string(jmethodID m)
{
    char *name = NULL, *sig = NULL;
    static char buf[512];
    jvmtiError e = (*env)->GetMethodName(env, m, &name, &sig, NULL);
    if (e != JVMTI_ERROR_NONE) {
        snprintf(buf, sizeof buf, "GetMethodName: %s", err_name(e));
        return buf;
    }
    snprintf(buf, sizeof buf, "%s%s", name, sig);
    (*env)->Deallocate(env, (unsigned char *)name);
    (*env)->Deallocate(env, (unsigned char *)sig);
    return buf;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The methods' "name+descriptor" strings, sorted; caller frees each and the array. */
static char **sorted_names(jmethodID *ms, jint n)
{
    char **v = calloc((size_t)n + 1, sizeof(char *));
    for (jint i = 0; i < n; i++) v[i] = strdup(method_string(ms[i]));
    qsort(v, (size_t)n, sizeof(char *), cmp_str);
    return v;
}

JNIEXPORT void JNICALL Java_GetClassMethods_methods(JNIEnv *jni, jclass cls, jstring label, jclass k)
{
    const char *l = (*jni)->GetStringUTFChars(jni, label, NULL);
    jint n = -1, n2 = -1;
    jmethodID *ms = NULL, *ms2 = NULL;
    jvmtiError e = (*env)->GetClassMethods(env, k, &n, &ms);
    jboolean arr = JNI_FALSE;
    (*env)->IsArrayClass(env, k, &arr);
    if (arr) {
        say("%s: %s", l, e != JVMTI_ERROR_NONE ? err_name(e) : n == 0 ? "no methods" : "METHODS");
        (*jni)->ReleaseStringUTFChars(jni, label, l);
        return;
    }
    if (e != JVMTI_ERROR_NONE) {
        say("%s: %s", l, err_name(e));
        (*jni)->ReleaseStringUTFChars(jni, label, l);
        return;
    }
    say("%s: %d methods", l, (int)n);
    int foreign = 0;
    for (jint i = 0; i < n; i++) {
        jclass d = NULL;
        if ((*env)->GetMethodDeclaringClass(env, ms[i], &d) != JVMTI_ERROR_NONE || !(*jni)->IsSameObject(jni, d, k))
            foreign++;
        if (n <= 40) say("  %s", method_string(ms[i]));
    }
    if (foreign) say("  %d methods declared elsewhere", foreign);
    e = (*plain)->GetClassMethods(plain, k, &n2, &ms2);
    if (e != JVMTI_ERROR_NONE || n2 != n) {
        say("  without the capability: %s, %d methods", err_name(e), (int)n2);
    } else {
        char **a = sorted_names(ms, n), **b = sorted_names(ms2, n2);
        int same = 1;
        for (jint i = 0; i < n; i++) same &= strcmp(a[i], b[i]) == 0;
        say("  without the capability: same set: %s", same ? "yes" : "no");
        for (jint i = 0; i < n; i++) free(a[i]), free(b[i]);
        free(a);
        free(b);
    }
    if (ms) (*env)->Deallocate(env, (unsigned char *)ms);
    if (ms2) (*plain)->Deallocate(plain, (unsigned char *)ms2);
    (*jni)->ReleaseStringUTFChars(jni, label, l);
}

JNIEXPORT void JNICALL Java_GetClassMethods_errors(JNIEnv *jni, jclass cls, jobject o)
{
    jint n;
    jmethodID *m;
    check("NULL method_count_ptr", (*env)->GetClassMethods(env, cls, NULL, &m));
    check("NULL methods_ptr", (*env)->GetClassMethods(env, cls, &n, NULL));
    check("not a class", (*env)->GetClassMethods(env, (jclass)o, &n, &m));
    check("NULL class", (*env)->GetClassMethods(env, NULL, &n, &m));
}
