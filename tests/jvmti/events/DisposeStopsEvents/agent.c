/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * DisposeEnvironment releases the environment's event state: env1 (ThreadStart global,
 * ThreadEnd for the main thread only) gets nothing after it is disposed, env2 (same
 * events, global) still gets every event; thread-local storage of env2 survives.
 */
#include "jvmti_test.h"

static jvmtiEnv *env1, *env2;
static int marker;

static int worker(JNIEnv *jni, jthread t, char *buf, size_t n)
{
    jclass tc = (*jni)->FindClass(jni, "java/lang/Thread");
    jmethodID gn = (*jni)->GetMethodID(jni, tc, "getName", "()Ljava/lang/String;");
    jstring s = (*jni)->CallObjectMethod(jni, t, gn);
    const char *c = (*jni)->GetStringUTFChars(jni, s, NULL);
    snprintf(buf, n, "%s", c);
    (*jni)->ReleaseStringUTFChars(jni, s, c);
    return strncmp(buf, "worker-", 7) == 0 || strcmp(buf, "main") == 0;
}

static void JNICALL start(jvmtiEnv *e, JNIEnv *jni, jthread t)
{
    char n[64];
    if (worker(jni, t, n, sizeof n)) say("%s ThreadStart %s", e == env1 ? "env1" : "env2", n);
}

static void JNICALL end(jvmtiEnv *e, JNIEnv *jni, jthread t)
{
    char n[64];
    if (worker(jni, t, n, sizeof n)) say("%s ThreadEnd %s", e == env1 ? "env1" : "env2", n);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env1 = new_env(vm);
    env2 = new_env(vm);
    if (env1 == NULL || env2 == NULL) return 1;
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ThreadStart = start;
    cb.ThreadEnd = end;
    jvmtiEnv *both[] = {env1, env2};
    for (int i = 0; i < 2; i++) {
        check("SetEventCallbacks", (*both[i])->SetEventCallbacks(both[i], &cb, sizeof cb));
        check("enable ThreadStart", (*both[i])->SetEventNotificationMode(both[i], JVMTI_ENABLE, JVMTI_EVENT_THREAD_START, NULL));
    }
    check("env2 enable ThreadEnd", (*env2)->SetEventNotificationMode(env2, JVMTI_ENABLE, JVMTI_EVENT_THREAD_END, NULL));
    return 0;
}

JNIEXPORT void JNICALL Java_DisposeStopsEvents_dispose(JNIEnv *jni, jclass c)
{
    jthread self;
    check("GetCurrentThread", (*env1)->GetCurrentThread(env1, &self));
    check("env1 enable ThreadEnd for main", (*env1)->SetEventNotificationMode(env1, JVMTI_ENABLE, JVMTI_EVENT_THREAD_END, self));
    check("env1 SetThreadLocalStorage", (*env1)->SetThreadLocalStorage(env1, NULL, &marker));
    check("env2 SetThreadLocalStorage", (*env2)->SetThreadLocalStorage(env2, NULL, &marker));
    check("env1 DisposeEnvironment", (*env1)->DisposeEnvironment(env1));
    void *p = NULL;
    check("env2 GetThreadLocalStorage", (*env2)->GetThreadLocalStorage(env2, NULL, &p));
    say("  env2 storage %s", p == &marker ? "kept" : "LOST");
    check("env1 GetThreadLocalStorage", (*env1)->GetThreadLocalStorage(env1, NULL, &p));
}
