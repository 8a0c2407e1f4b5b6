/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: GetCurrentThread returns the calling thread's java.lang.Thread (the same
 * object as Thread.currentThread(), called through JNI) on the main thread, on a Java
 * thread, and on a native thread attached with AttachCurrentThread (named as attached);
 * a thread not attached gets UNATTACHED_THREAD; NULL_POINTER; WRONG_PHASE in OnLoad.
 * In the start phase (VMStart, without can_generate_early_vmstart) it is the main
 * thread already.
 */
#include <pthread.h>

#include "jvmti_test.h"

static JavaVM *jvm;
static jvmtiEnv *env;

static void JNICALL vm_start(jvmtiEnv *jv, JNIEnv *jni)
{
    jvmtiPhase ph = 0;
    (*jv)->GetPhase(jv, &ph);
    jthread t = NULL;
    jvmtiError err = (*jv)->GetCurrentThread(jv, &t);
    const char *name = "(none)";
    jstring s = NULL;
    if (t != NULL) {
        jclass tc = (*jni)->FindClass(jni, "java/lang/Thread");
        jmethodID get_name = (*jni)->GetMethodID(jni, tc, "getName", "()Ljava/lang/String;");
        s = (*jni)->CallObjectMethod(jni, t, get_name);
        name = (*jni)->GetStringUTFChars(jni, s, NULL);
    }
    say("VMStart (phase %s): GetCurrentThread: %s, name \"%s\"", phase_name(ph), err_name(err), name);
    if (s != NULL) (*jni)->ReleaseStringUTFChars(jni, s, name);
    check("VMStart: GetCurrentThread(NULL)", (*jv)->GetCurrentThread(jv, NULL));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvm = vm;
    env = new_env(vm);
    if (env == NULL) return 1;
    jthread t;
    check("OnLoad: GetCurrentThread", (*env)->GetCurrentThread(env, &t));
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMStart = vm_start;
    check("SetEventCallbacks", (*env)->SetEventCallbacks(env, &cb, sizeof cb));
    check("enable VMStart", (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_VM_START, NULL));
    return 0;
}

static void report(JNIEnv *jni, const char *who)
{
    jthread t = NULL;
    jvmtiError err = (*env)->GetCurrentThread(env, &t);
    jclass tc = (*jni)->FindClass(jni, "java/lang/Thread");
    jmethodID cur = (*jni)->GetStaticMethodID(jni, tc, "currentThread", "()Ljava/lang/Thread;");
    jmethodID get_name = (*jni)->GetMethodID(jni, tc, "getName", "()Ljava/lang/String;");
    jobject expected = (*jni)->CallStaticObjectMethod(jni, tc, cur);
    const char *name = "?";
    jstring s = NULL;
    if (t != NULL) {
        s = (*jni)->CallObjectMethod(jni, t, get_name);
        name = (*jni)->GetStringUTFChars(jni, s, NULL);
    }
    say("%s: GetCurrentThread: %s, Thread.currentThread(): %s, name \"%s\"", who, err_name(err),
        t != NULL && (*jni)->IsSameObject(jni, t, expected) ? "same" : "DIFFERENT", name);
    if (s != NULL) (*jni)->ReleaseStringUTFChars(jni, s, name);
    check("GetCurrentThread(NULL)", (*env)->GetCurrentThread(env, NULL));
}

JNIEXPORT void JNICALL Java_GetCurrentThread_current(JNIEnv *jni, jclass cls, jstring who)
{
    const char *w = (*jni)->GetStringUTFChars(jni, who, NULL);
    report(jni, w);
    (*jni)->ReleaseStringUTFChars(jni, who, w);
}

static void *native_thread(void *arg)
{
    jthread t;
    say("not attached: GetCurrentThread: %s", err_name((*env)->GetCurrentThread(env, &t)));
    JNIEnv *jni = NULL;
    JavaVMAttachArgs args = {JNI_VERSION_1_8, "gct attached", NULL};
    if ((*jvm)->AttachCurrentThread(jvm, (void **)&jni, &args) != JNI_OK) {
        say("AttachCurrentThread failed");
        return NULL;
    }
    report(jni, "attached");
    (*jvm)->DetachCurrentThread(jvm);
    say("detached: GetCurrentThread: %s", err_name((*env)->GetCurrentThread(env, &t)));
    return NULL;
}

JNIEXPORT void JNICALL Java_GetCurrentThread_attached(JNIEnv *jni, jclass cls)
{
    pthread_t th;
    if (pthread_create(&th, NULL, native_thread, NULL) == 0) pthread_join(th, NULL);
}
