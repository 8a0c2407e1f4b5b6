/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Per-thread event control and thread-local storage:
 *  - env1 enables ThreadEnd for worker-a only: only worker-a's end reaches env1; env2
 *    enables it globally and sees every worker; env1's callbacks run before env2's for
 *    the same event (creation order);
 *  - a per-thread enable dies with the thread (worker-c, started later, is not seen by
 *    env1); disabling for one thread while enabled globally changes nothing;
 *  - Get/SetThreadLocalStorage: per environment and per thread, NULL until set, NULL
 *    thread = current thread, readable from the ThreadEnd callback; errors
 *    INVALID_THREAD, THREAD_NOT_ALIVE, NULL_POINTER, WRONG_PHASE (OnLoad).
 */
#include "jvmti_test.h"

static jvmtiEnv *env1, *env2;
static int va, vb, vmain, v2;

static const char *which(void *p)
{
    return p == NULL ? "NULL" : p == &va ? "va" : p == &vb ? "vb" : p == &vmain ? "vmain" : p == &v2 ? "v2" : "?";
}

static int name_of(JNIEnv *jni, jthread t, char *buf, size_t n)
{
    jclass tc = (*jni)->FindClass(jni, "java/lang/Thread");
    jmethodID gn = (*jni)->GetMethodID(jni, tc, "getName", "()Ljava/lang/String;");
    jstring s = (*jni)->CallObjectMethod(jni, t, gn);
    const char *c = (*jni)->GetStringUTFChars(jni, s, NULL);
    snprintf(buf, n, "%s", c);
    (*jni)->ReleaseStringUTFChars(jni, s, c);
    return strncmp(buf, "worker-", 7) == 0;
}

static void JNICALL end1(jvmtiEnv *e, JNIEnv *jni, jthread t)
{
    char n[64];
    if (!name_of(jni, t, n, sizeof n)) return;
    void *p = &v2;
    jvmtiError err = (*e)->GetThreadLocalStorage(e, NULL, &p);
    say("env1 ThreadEnd %s, its storage %s (%s)", n, which(p), err_name(err));
}

static void JNICALL end2(jvmtiEnv *e, JNIEnv *jni, jthread t)
{
    char n[64];
    if (!name_of(jni, t, n, sizeof n)) return;
    void *p = &va;
    jvmtiError err = (*e)->GetThreadLocalStorage(e, t, &p);
    say("env2 ThreadEnd %s, its storage %s (%s)", n, which(p), err_name(err));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env1 = new_env(vm);
    env2 = new_env(vm);
    if (env1 == NULL || env2 == NULL) return 1;
    void *p;
    check("GetThreadLocalStorage in OnLoad", (*env1)->GetThreadLocalStorage(env1, NULL, &p));
    check("SetThreadLocalStorage in OnLoad", (*env1)->SetThreadLocalStorage(env1, NULL, &va));
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ThreadEnd = end1;
    check("env1 SetEventCallbacks", (*env1)->SetEventCallbacks(env1, &cb, sizeof cb));
    cb.ThreadEnd = end2;
    check("env2 SetEventCallbacks", (*env2)->SetEventCallbacks(env2, &cb, sizeof cb));
    return 0;
}

JNIEXPORT void JNICALL Java_PerThread_setup(JNIEnv *jni, jclass c, jthread a, jthread b)
{
    check("env1 enable ThreadEnd for worker-a", (*env1)->SetEventNotificationMode(env1, JVMTI_ENABLE, JVMTI_EVENT_THREAD_END, a));
    check("env1 enable ThreadEnd for worker-b", (*env1)->SetEventNotificationMode(env1, JVMTI_ENABLE, JVMTI_EVENT_THREAD_END, b));
    check("env1 disable ThreadEnd for worker-b", (*env1)->SetEventNotificationMode(env1, JVMTI_DISABLE, JVMTI_EVENT_THREAD_END, b));
    check("env2 enable ThreadEnd globally", (*env2)->SetEventNotificationMode(env2, JVMTI_ENABLE, JVMTI_EVENT_THREAD_END, NULL));
    check("env2 disable ThreadEnd for worker-b", (*env2)->SetEventNotificationMode(env2, JVMTI_DISABLE, JVMTI_EVENT_THREAD_END, b));
    check("env1 set storage of worker-a", (*env1)->SetThreadLocalStorage(env1, a, &va));
    check("env1 set storage of worker-b", (*env1)->SetThreadLocalStorage(env1, b, &vb));
    check("env2 set storage of worker-a", (*env2)->SetThreadLocalStorage(env2, a, &v2));
}

JNIEXPORT void JNICALL Java_PerThread_tls(JNIEnv *jni, jclass c, jthread other)
{
    void *p = &v2;
    if (other == NULL) {
        /* After the workers ended: the current thread's storage, then errors. */
        check("env1 get own storage", (*env1)->GetThreadLocalStorage(env1, NULL, &p));
        say("  = %s", which(p));
        check("env1 set own storage", (*env1)->SetThreadLocalStorage(env1, NULL, &vmain));
        p = NULL;
        check("env1 get own storage", (*env1)->GetThreadLocalStorage(env1, NULL, &p));
        say("  = %s", which(p));
        jthread self;
        (*env1)->GetCurrentThread(env1, &self);
        p = NULL;
        check("env1 get storage of current thread by jthread", (*env1)->GetThreadLocalStorage(env1, self, &p));
        say("  = %s", which(p));
        p = &va;
        check("env2 get own storage", (*env2)->GetThreadLocalStorage(env2, NULL, &p));
        say("  = %s", which(p));
        check("set storage to NULL", (*env1)->SetThreadLocalStorage(env1, NULL, NULL));
        check("get NULL data_ptr", (*env1)->GetThreadLocalStorage(env1, NULL, NULL));
        jclass tc = (*jni)->FindClass(jni, "java/lang/Thread");
        jmethodID init = (*jni)->GetMethodID(jni, tc, "<init>", "()V");
        jobject fresh = (*jni)->NewObject(jni, tc, init);
        check("get storage of a thread not started", (*env1)->GetThreadLocalStorage(env1, fresh, &p));
        check("set storage of a thread not started", (*env1)->SetThreadLocalStorage(env1, fresh, &va));
        jstring s = (*jni)->NewStringUTF(jni, "x");
        check("get storage of a String", (*env1)->GetThreadLocalStorage(env1, s, &p));
        check("set storage of a String", (*env1)->SetThreadLocalStorage(env1, s, &va));
        return;
    }
    check("env1 get storage of worker-a", (*env1)->GetThreadLocalStorage(env1, other, &p));
    say("  = %s", which(p));
    check("env2 get storage of worker-a", (*env2)->GetThreadLocalStorage(env2, other, &p));
    say("  = %s", which(p));
}
