/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: GetLoadedClasses. Which and how many classes are loaded is the VM's business,
 * so the program names classes that must be in the list (each found by identity,
 * IsSameObject), and the agent checks what the spec says of all of them: every entry is
 * a valid class (GetClassSignature, GetClassStatus succeed), no entry is a primitive
 * class, no class is listed twice, the references are local. Errors: NULL_POINTER,
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
    check("OnLoad GetLoadedClasses", (*env)->GetLoadedClasses(env, &n, &c));
    return 0;
}

typedef struct Item {
    char *sig;
    jclass k;
} Item;

static int cmp_item(const void *a, const void *b) { return strcmp(((const Item *)a)->sig, ((const Item *)b)->sig); }

JNIEXPORT void JNICALL Java_GetLoadedClasses_check(JNIEnv *jni, jclass cls, jobjectArray expected)
{
    jint n = -1;
    jclass *cs = NULL;
    check("GetLoadedClasses", (*env)->GetLoadedClasses(env, &n, &cs));
    if (n <= 0) return;
    Item *items = calloc((size_t)n, sizeof(Item));
    int invalid = 0, primitive = 0, not_local = 0, dup = 0;
    for (jint i = 0; i < n; i++) {
        jint st = 0;
        items[i].k = cs[i];
        if ((*env)->GetClassSignature(env, cs[i], &items[i].sig, NULL) != JVMTI_ERROR_NONE ||
            (*env)->GetClassStatus(env, cs[i], &st) != JVMTI_ERROR_NONE) {
            invalid++;
            items[i].sig = NULL;
            continue;
        }
        if ((st & JVMTI_CLASS_STATUS_PRIMITIVE) || strlen(items[i].sig) == 1) primitive++;
        if ((*jni)->GetObjectRefType(jni, cs[i]) != JNILocalRefType) not_local++;
    }
    /* Duplicates: same signature and same class object. */
    jint valid = 0;
    for (jint i = 0; i < n; i++)
        if (items[i].sig) items[valid++] = items[i];
    qsort(items, (size_t)valid, sizeof(Item), cmp_item);
    for (jint i = 0; i < valid; i++)
        for (jint j = i + 1; j < valid && strcmp(items[i].sig, items[j].sig) == 0; j++)
            if ((*jni)->IsSameObject(jni, items[i].k, items[j].k)) dup++;
    say("entries that are no valid class: %d", invalid);
    say("primitive classes: %d", primitive);
    say("classes listed twice: %d", dup);
    say("entries that are no local reference: %d", not_local);
    jsize m = (*jni)->GetArrayLength(jni, expected);
    for (jsize k = 0; k < m; k++) {
        jclass want = (*jni)->GetObjectArrayElement(jni, expected, k);
        char *sig = NULL;
        (*env)->GetClassSignature(env, want, &sig, NULL);
        int found = 0;
        for (jint i = 0; i < n && !found; i++) found = (*jni)->IsSameObject(jni, cs[i], want);
        /* A hidden class's name carries a VM-chosen suffix: print up to it. */
        char *dot = sig ? strchr(sig, '.') : NULL;
        if (dot) strcpy(dot, ".<suffix>;");
        say("  %s: %s", sig ? sig : "?", found ? "listed" : "MISSING");
        (*env)->Deallocate(env, (unsigned char *)sig);
        (*jni)->DeleteLocalRef(jni, want);
    }
    for (jint i = 0; i < valid; i++) (*env)->Deallocate(env, (unsigned char *)items[i].sig);
    for (jint i = 0; i < n; i++) (*jni)->DeleteLocalRef(jni, cs[i]);
    free(items);
    (*env)->Deallocate(env, (unsigned char *)cs);
}

JNIEXPORT void JNICALL Java_GetLoadedClasses_errors(JNIEnv *jni, jclass cls)
{
    jint n;
    jclass *c;
    check("NULL class_count_ptr", (*env)->GetLoadedClasses(env, NULL, &c));
    check("NULL classes_ptr", (*env)->GetLoadedClasses(env, &n, NULL));
}
