/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: GetThreadGroupInfo — parent (compared with the expected group; null for the
 * system group), name (modified UTF-8, bytes shown where not printable ASCII; a group
 * made with a null name has none: a null pointer, as in HotSpot), max priority and
 * daemon flag, also after Java changes them.
 * Errors: INVALID_THREAD_GROUP for NULL; NULL_POINTER;
 * WRONG_PHASE in OnLoad.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jvmtiThreadGroupInfo info;
    check("OnLoad: GetThreadGroupInfo", (*env)->GetThreadGroupInfo(env, NULL, &info));
    return 0;
}

static void printable(char *out, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c >= 0x20 && c < 0x7f) *out++ = (char)c;
        else out += sprintf(out, "\\x%02x", c);
    }
    *out = 0;
}

JNIEXPORT void JNICALL Java_GetThreadGroupInfo_info(JNIEnv *jni, jclass cls, jstring what, jthreadGroup g,
                                                    jthreadGroup parent)
{
    const char *w = (*jni)->GetStringUTFChars(jni, what, NULL);
    jvmtiThreadGroupInfo info;
    memset(&info, 0, sizeof info);
    jvmtiError err = (*env)->GetThreadGroupInfo(env, g, &info);
    if (err != JVMTI_ERROR_NONE) {
        say("%s: %s", w, err_name(err));
    } else {
        char name[512] = "(null)";
        if (info.name != NULL) printable(name, info.name);
        say("%s: name \"%s\", parent %s, max priority %d, daemon %s", w, name,
            info.parent == NULL ? (parent == NULL ? "null, as expected" : "null, WRONG")
            : (*jni)->IsSameObject(jni, info.parent, parent) ? "as expected" : "WRONG",
            (int)info.max_priority, info.is_daemon ? "yes" : "no");
        (*env)->Deallocate(env, (unsigned char *)info.name);
    }
    (*jni)->ReleaseStringUTFChars(jni, what, w);
}

JNIEXPORT void JNICALL Java_GetThreadGroupInfo_errors(JNIEnv *jni, jclass cls, jobject not_group, jthread thread)
{
    jvmtiThreadGroupInfo info;
    /* Not asked with a non-group object: HotSpot 17 does not check the kind of a
     * jthreadGroup and reads garbage or crashes (GlassVM answers INVALID_THREAD_GROUP). */
    check("GetThreadGroupInfo(NULL)", (*env)->GetThreadGroupInfo(env, NULL, &info));
    jthreadGroup g = NULL;
    jint n;
    jthreadGroup *groups = NULL;
    (*env)->GetTopThreadGroups(env, &n, &groups);
    if (groups != NULL) g = groups[0];
    check("GetThreadGroupInfo(system, NULL)", (*env)->GetThreadGroupInfo(env, g, NULL));
    (*env)->Deallocate(env, (unsigned char *)groups);
}
