/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: GetThreadInfo — name (modified UTF-8, printed byte by byte where it is not
 * printable ASCII), priority, daemon flag, thread group (compared with the expected
 * one; null once the thread has terminated) and context class loader (compared with
 * the expected one), for live, not-yet-started and terminated threads. Errors:
 * INVALID_THREAD for objects that are not threads, NULL_POINTER, WRONG_PHASE in OnLoad.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jvmtiThreadInfo info;
    check("OnLoad: GetThreadInfo", (*env)->GetThreadInfo(env, NULL, &info));
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

JNIEXPORT void JNICALL Java_GetThreadInfo_info(JNIEnv *jni, jclass cls, jstring what, jthread t,
                                               jobject group, jobject loader)
{
    const char *w = (*jni)->GetStringUTFChars(jni, what, NULL);
    jvmtiThreadInfo info;
    memset(&info, 0, sizeof info);
    jvmtiError err = (*env)->GetThreadInfo(env, t, &info);
    if (err != JVMTI_ERROR_NONE) {
        say("%s: %s", w, err_name(err));
    } else {
        char name[1024];
        printable(name, info.name);
        say("%s: name \"%s\", priority %d, daemon %s, group %s, context loader %s", w, name,
            (int)info.priority, info.is_daemon ? "yes" : "no",
            info.thread_group == NULL ? "null" : (*jni)->IsSameObject(jni, info.thread_group, group) ? "as expected" : "WRONG",
            info.context_class_loader == NULL ? (loader == NULL ? "null, as expected" : "null, WRONG")
            : (*jni)->IsSameObject(jni, info.context_class_loader, loader) ? "as expected" : "WRONG");
        if (info.thread_group == NULL && group != NULL) say("%s: group null, expected one", w);
        (*env)->Deallocate(env, (unsigned char *)info.name);
    }
    (*jni)->ReleaseStringUTFChars(jni, what, w);
}

JNIEXPORT void JNICALL Java_GetThreadInfo_errors(JNIEnv *jni, jclass cls, jobject not_thread)
{
    jvmtiThreadInfo info;
    check("GetThreadInfo(a String)", (*env)->GetThreadInfo(env, not_thread, &info));
    jclass c = (*jni)->FindClass(jni, "java/lang/Thread");
    check("GetThreadInfo(the Thread class)", (*env)->GetThreadInfo(env, c, &info));
    check("GetThreadInfo(NULL, NULL)", (*env)->GetThreadInfo(env, NULL, NULL));
}
