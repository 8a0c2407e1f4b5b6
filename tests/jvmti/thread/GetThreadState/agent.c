/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: GetThreadState for the states the spec defines precisely: new (0), terminated,
 * runnable in Java code, sleeping, Object.wait() with and without timeout, blocked on
 * monitor entry, parked with and without timeout, interrupted, in native code, and the
 * current thread (in the VM during the call: runnable, not in native). Every state is
 * printed with the flag names, and with its java.lang.Thread.State conversion; reserved
 * and vendor bits are masked off (the spec tells agents to ignore them). Errors:
 * INVALID_THREAD for a non-Thread object, NULL_POINTER, WRONG_PHASE in OnLoad.
 */
#include <unistd.h>

#include "jvmti_test.h"

static jvmtiEnv *env;
static volatile int released, entered;

static const char *lang_state(jint s)
{
    switch (s & JVMTI_JAVA_LANG_THREAD_STATE_MASK) {
    case JVMTI_JAVA_LANG_THREAD_STATE_NEW: return "NEW";
    case JVMTI_JAVA_LANG_THREAD_STATE_TERMINATED: return "TERMINATED";
    case JVMTI_JAVA_LANG_THREAD_STATE_RUNNABLE: return "RUNNABLE";
    case JVMTI_JAVA_LANG_THREAD_STATE_BLOCKED: return "BLOCKED";
    case JVMTI_JAVA_LANG_THREAD_STATE_WAITING: return "WAITING";
    case JVMTI_JAVA_LANG_THREAD_STATE_TIMED_WAITING: return "TIMED_WAITING";
    default: return "?";
    }
}

static void print_state(const char *what, jint s)
{
    static const struct {
        jint bit;
        const char *name;
    } bits[] = {
        {JVMTI_THREAD_STATE_ALIVE, "ALIVE"},
        {JVMTI_THREAD_STATE_TERMINATED, "TERMINATED"},
        {JVMTI_THREAD_STATE_RUNNABLE, "RUNNABLE"},
        {JVMTI_THREAD_STATE_BLOCKED_ON_MONITOR_ENTER, "BLOCKED_ON_MONITOR_ENTER"},
        {JVMTI_THREAD_STATE_WAITING, "WAITING"},
        {JVMTI_THREAD_STATE_WAITING_INDEFINITELY, "WAITING_INDEFINITELY"},
        {JVMTI_THREAD_STATE_WAITING_WITH_TIMEOUT, "WAITING_WITH_TIMEOUT"},
        {JVMTI_THREAD_STATE_SLEEPING, "SLEEPING"},
        {JVMTI_THREAD_STATE_IN_OBJECT_WAIT, "IN_OBJECT_WAIT"},
        {JVMTI_THREAD_STATE_PARKED, "PARKED"},
        {JVMTI_THREAD_STATE_SUSPENDED, "SUSPENDED"},
        {JVMTI_THREAD_STATE_INTERRUPTED, "INTERRUPTED"},
        {JVMTI_THREAD_STATE_IN_NATIVE, "IN_NATIVE"},
    };
    char buf[512] = "";
    for (size_t i = 0; i < sizeof bits / sizeof bits[0]; i++) {
        if (!(s & bits[i].bit)) continue;
        if (buf[0]) strcat(buf, "|");
        strcat(buf, bits[i].name);
    }
    say("%s: %s (%s)", what, buf[0] ? buf : "0", lang_state(s));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jint s;
    check("OnLoad: GetThreadState", (*env)->GetThreadState(env, NULL, &s));
    return 0;
}

JNIEXPORT void JNICALL Java_GetThreadState_state(JNIEnv *jni, jclass cls, jstring what, jthread t)
{
    const char *w = (*jni)->GetStringUTFChars(jni, what, NULL);
    jint s = -1;
    jvmtiError err = (*env)->GetThreadState(env, t, &s);
    if (err != JVMTI_ERROR_NONE)
        say("%s: %s", w, err_name(err));
    else
        print_state(w, s & 0x0FFFFFFF & ~0x000F8000 /* defined bits only */);
    (*jni)->ReleaseStringUTFChars(jni, what, w);
}

JNIEXPORT void JNICALL Java_GetThreadState_inNative(JNIEnv *jni, jclass cls)
{
    __atomic_store_n(&entered, 1, __ATOMIC_SEQ_CST);
    while (!__atomic_load_n(&released, __ATOMIC_SEQ_CST)) usleep(1000);
}

JNIEXPORT jboolean JNICALL Java_GetThreadState_entered(JNIEnv *jni, jclass cls)
{
    return __atomic_load_n(&entered, __ATOMIC_SEQ_CST) ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT void JNICALL Java_GetThreadState_release(JNIEnv *jni, jclass cls)
{
    __atomic_store_n(&released, 1, __ATOMIC_SEQ_CST);
}

JNIEXPORT void JNICALL Java_GetThreadState_errors(JNIEnv *jni, jclass cls, jobject not_thread)
{
    jint s;
    check("GetThreadState(a String)", (*env)->GetThreadState(env, not_thread, &s));
    check("GetThreadState(NULL, NULL)", (*env)->GetThreadState(env, NULL, NULL));
    jclass c = (*jni)->FindClass(jni, "java/lang/Thread");
    check("GetThreadState(the Thread class)", (*env)->GetThreadState(env, c, &s));
}
