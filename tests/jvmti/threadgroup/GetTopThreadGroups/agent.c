/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: GetTopThreadGroups returns exactly one group, the root of the group tree (the
 * same object Java finds by walking getParent() up from the main thread's group), named
 * "system", from any thread. Errors: NULL_POINTER for each out-parameter, WRONG_PHASE
 * in OnLoad.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;
static jobject root; /* global ref to the group main found */

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jint n;
    jthreadGroup *groups;
    check("OnLoad: GetTopThreadGroups", (*env)->GetTopThreadGroups(env, &n, &groups));
    return 0;
}

JNIEXPORT void JNICALL Java_GetTopThreadGroups_top(JNIEnv *jni, jclass cls, jobject expected)
{
    if (expected != NULL) root = (*jni)->NewGlobalRef(jni, expected);
    jint n = -1;
    jthreadGroup *groups = NULL;
    check("GetTopThreadGroups", (*env)->GetTopThreadGroups(env, &n, &groups));
    say("count %d", (int)n);
    jclass gc = (*jni)->FindClass(jni, "java/lang/ThreadGroup");
    jmethodID get_name = (*jni)->GetMethodID(jni, gc, "getName", "()Ljava/lang/String;");
    jmethodID get_parent = (*jni)->GetMethodID(jni, gc, "getParent", "()Ljava/lang/ThreadGroup;");
    for (jint i = 0; i < n; i++) {
        jstring s = (*jni)->CallObjectMethod(jni, groups[i], get_name);
        const char *c = (*jni)->GetStringUTFChars(jni, s, NULL);
        jobject parent = (*jni)->CallObjectMethod(jni, groups[i], get_parent);
        say("  group \"%s\", parent %s, the root main found: %s", c, parent == NULL ? "null" : "non-null",
            (*jni)->IsSameObject(jni, groups[i], root) ? "yes" : "no");
        (*jni)->ReleaseStringUTFChars(jni, s, c);
    }
    (*env)->Deallocate(env, (unsigned char *)groups);
    check("GetTopThreadGroups(NULL, groups)", (*env)->GetTopThreadGroups(env, NULL, &groups));
    check("GetTopThreadGroups(n, NULL)", (*env)->GetTopThreadGroups(env, &n, NULL));
}
