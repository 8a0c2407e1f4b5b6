/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: GetThreadGroupChildren — the names of a group's threads and child groups
 * (sorted: the order is not specified), before and after threads start and end and a
 * child group is destroyed: unstarted threads and grandchildren are not children.
 * Errors: INVALID_THREAD_GROUP for NULL, NULL_POINTER for each
 * out-parameter, WRONG_PHASE in OnLoad.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jint nt, ng;
    jthread *threads;
    jthreadGroup *groups;
    check("OnLoad: GetThreadGroupChildren", (*env)->GetThreadGroupChildren(env, NULL, &nt, &threads, &ng, &groups));
    return 0;
}

static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void names(JNIEnv *jni, const char *kind, jint n, jobject *objs, const char *cls_name)
{
    jclass c = (*jni)->FindClass(jni, cls_name);
    jmethodID get_name = (*jni)->GetMethodID(jni, c, "getName", "()Ljava/lang/String;");
    char *list[64];
    int k = 0;
    for (jint i = 0; i < n && k < 64; i++) {
        jstring s = (*jni)->CallObjectMethod(jni, objs[i], get_name);
        const char *u = (*jni)->GetStringUTFChars(jni, s, NULL);
        list[k++] = strdup(u);
        (*jni)->ReleaseStringUTFChars(jni, s, u);
    }
    qsort(list, (size_t)k, sizeof list[0], cmp);
    say("  %d %s", (int)n, kind);
    for (int i = 0; i < k; i++) {
        say("    %s", list[i]);
        free(list[i]);
    }
}

JNIEXPORT void JNICALL Java_GetThreadGroupChildren_children(JNIEnv *jni, jclass cls, jstring what, jthreadGroup g)
{
    const char *w = (*jni)->GetStringUTFChars(jni, what, NULL);
    jint nt = -1, ng = -1;
    jthread *threads = NULL;
    jthreadGroup *groups = NULL;
    jvmtiError err = (*env)->GetThreadGroupChildren(env, g, &nt, &threads, &ng, &groups);
    say("%s: %s", w, err_name(err));
    if (err == JVMTI_ERROR_NONE) {
        names(jni, "thread(s)", nt, threads, "java/lang/Thread");
        names(jni, "group(s)", ng, groups, "java/lang/ThreadGroup");
        (*env)->Deallocate(env, (unsigned char *)threads);
        (*env)->Deallocate(env, (unsigned char *)groups);
    }
    (*jni)->ReleaseStringUTFChars(jni, what, w);
}

JNIEXPORT void JNICALL Java_GetThreadGroupChildren_errors(JNIEnv *jni, jclass cls, jobject not_group, jthreadGroup g)
{
    jint nt, ng;
    jthread *threads;
    jthreadGroup *groups;
    /* Not asked with a non-group object: HotSpot 17 does not check the kind of a
     * jthreadGroup and crashes (GlassVM answers INVALID_THREAD_GROUP). */
    check("GetThreadGroupChildren(NULL)", (*env)->GetThreadGroupChildren(env, NULL, &nt, &threads, &ng, &groups));
    check("GetThreadGroupChildren(g, NULL, ...)", (*env)->GetThreadGroupChildren(env, g, NULL, &threads, &ng, &groups));
    check("GetThreadGroupChildren(g, n, NULL, ...)", (*env)->GetThreadGroupChildren(env, g, &nt, NULL, &ng, &groups));
    check("GetThreadGroupChildren(g, n, t, NULL, g)", (*env)->GetThreadGroupChildren(env, g, &nt, &threads, NULL, &groups));
    check("GetThreadGroupChildren(g, n, t, n, NULL)", (*env)->GetThreadGroupChildren(env, g, &nt, &threads, &ng, NULL));
}
