/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Event callbacks using JNI and JVMTI: ThreadEnd calls a Java method that returns and
 * one that throws (the callback sees and clears the exception), calls JVMTI functions
 * (GetThreadInfo-free: GetCurrentThread, GetPhase, Allocate), and finally returns with
 * an exception of its own pending: the thread ends normally and nothing is reported
 * (both VMs drop it). VMDeath does the same at the very end.
 */
#include "jvmti_test.h"

static jvmtiEnv *jvmti;

static void call_java(JNIEnv *jni, const char *what)
{
    jclass c = (*jni)->FindClass(jni, "CallbackJni");
    jmethodID m = (*jni)->GetStaticMethodID(jni, c, "callback", "(Ljava/lang/String;)Ljava/lang/String;");
    jstring arg = (*jni)->NewStringUTF(jni, what);
    jstring r = (*jni)->CallStaticObjectMethod(jni, c, m, arg);
    jthrowable ex = (*jni)->ExceptionOccurred(jni);
    if (ex != NULL) {
        (*jni)->ExceptionClear(jni);
        jclass ec = (*jni)->GetObjectClass(jni, ex);
        jmethodID gm = (*jni)->GetMethodID(jni, ec, "getMessage", "()Ljava/lang/String;");
        jstring msg = (*jni)->CallObjectMethod(jni, ex, gm);
        const char *s = (*jni)->GetStringUTFChars(jni, msg, NULL);
        say("  %s: caught exception \"%s\"", what, s);
        (*jni)->ReleaseStringUTFChars(jni, msg, s);
        return;
    }
    const char *s = (*jni)->GetStringUTFChars(jni, r, NULL);
    say("  %s: returned \"%s\"", what, s);
    (*jni)->ReleaseStringUTFChars(jni, r, s);
}

static int is_worker(JNIEnv *jni, jthread t)
{
    jclass tc = (*jni)->FindClass(jni, "java/lang/Thread");
    jmethodID gn = (*jni)->GetMethodID(jni, tc, "getName", "()Ljava/lang/String;");
    jstring s = (*jni)->CallObjectMethod(jni, t, gn);
    const char *c = (*jni)->GetStringUTFChars(jni, s, NULL);
    int w = strcmp(c, "worker-1") == 0;
    (*jni)->ReleaseStringUTFChars(jni, s, c);
    return w;
}

static void throw_new(JNIEnv *jni, const char *msg)
{
    (*jni)->ThrowNew(jni, (*jni)->FindClass(jni, "java/lang/RuntimeException"), msg);
}

static void JNICALL thread_end(jvmtiEnv *e, JNIEnv *jni, jthread t)
{
    if (!is_worker(jni, t)) return;
    say("ThreadEnd worker-1");
    call_java(jni, "hello");
    call_java(jni, "throw 1");
    jthread cur;
    jvmtiPhase ph;
    unsigned char *mem;
    check("  GetCurrentThread", (*e)->GetCurrentThread(e, &cur));
    say("  same thread: %s", (*jni)->IsSameObject(jni, cur, t) ? "yes" : "no");
    check("  GetPhase", (*e)->GetPhase(e, &ph));
    check("  Allocate", (*e)->Allocate(e, 100, &mem));
    check("  Deallocate", (*e)->Deallocate(e, mem));
    /* Thousands of local references: the callback's frame is released afterwards. */
    for (int i = 0; i < 5000; i++) (*jni)->NewStringUTF(jni, "local");
    throw_new(jni, "left pending by ThreadEnd");
}

static void JNICALL vm_death(jvmtiEnv *e, JNIEnv *jni)
{
    say("VMDeath");
    call_java(jni, "at death");
    call_java(jni, "throw 2");
    throw_new(jni, "left pending by VMDeath");
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmti = new_env(vm);
    if (jvmti == NULL) return 1;
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ThreadEnd = thread_end;
    cb.VMDeath = vm_death;
    check("SetEventCallbacks", (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb));
    check("enable ThreadEnd", (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_THREAD_END, NULL));
    check("enable VMDeath", (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, NULL));
    return 0;
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm) { say("OnUnload"); }
