/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI events around System.exit called by a worker thread: as in Lifecycle (the
 * thread events once per thread), in order, in the phase the spec names, on the thread
 * the event is about (the jthread argument is the current thread), with a working
 * JNIEnv (JNI calls made from the callbacks). Only threads of the program (main,
 * worker-*) are reported: the VM's own threads differ between VMs.
 */
#include "jvmti_test.h"

static jvmtiEnv *jvmti;
static int vm_death_seen;

static const char *phase_now(void)
{
    jvmtiPhase p;
    if ((*jvmti)->GetPhase(jvmti, &p) != JVMTI_ERROR_NONE) return "?";
    return phase_name(p);
}

/* The thread's name via JNI (Thread.getName), or NULL if it is not one of ours. */
static int thread_name(JNIEnv *jni, jthread t, char *buf, size_t n)
{
    jclass tc = (*jni)->FindClass(jni, "java/lang/Thread");
    jmethodID gn = (*jni)->GetMethodID(jni, tc, "getName", "()Ljava/lang/String;");
    jstring s = (*jni)->CallObjectMethod(jni, t, gn);
    const char *c = (*jni)->GetStringUTFChars(jni, s, NULL);
    snprintf(buf, n, "%s", c);
    (*jni)->ReleaseStringUTFChars(jni, s, c);
    return strcmp(buf, "main") == 0 || strncmp(buf, "worker-", 7) == 0 || strcmp(buf, "DestroyJavaVM") == 0;
}

static const char *is_current(JNIEnv *jni, jthread t)
{
    jclass tc = (*jni)->FindClass(jni, "java/lang/Thread");
    jmethodID ct = (*jni)->GetStaticMethodID(jni, tc, "currentThread", "()Ljava/lang/Thread;");
    jobject cur = (*jni)->CallStaticObjectMethod(jni, tc, ct);
    jthread got = NULL;
    (*jvmti)->GetCurrentThread(jvmti, &got);
    return (*jni)->IsSameObject(jni, cur, t) && (*jni)->IsSameObject(jni, got, t) ? "current thread" : "OTHER thread";
}

static void JNICALL vm_start(jvmtiEnv *e, JNIEnv *jni)
{
    jclass s = (*jni)->FindClass(jni, "java/lang/String");
    say("VMStart: phase %s, JNI FindClass(String) %s", phase_now(), s ? "ok" : "failed");
}

static void JNICALL vm_init(jvmtiEnv *e, JNIEnv *jni, jthread t)
{
    char name[64];
    thread_name(jni, t, name, sizeof name);
    say("VMInit: phase %s, thread %s (%s)", phase_now(), name, is_current(jni, t));
}

static void JNICALL thread_start(jvmtiEnv *e, JNIEnv *jni, jthread t)
{
    char name[64];
    if (!thread_name(jni, t, name, sizeof name)) return;
    if (vm_death_seen) say("ThreadStart after VMDeath!");
    say("ThreadStart: phase %s, thread %s (%s)", phase_now(), name, is_current(jni, t));
}

static void JNICALL thread_end(jvmtiEnv *e, JNIEnv *jni, jthread t)
{
    char name[64];
    if (!thread_name(jni, t, name, sizeof name)) return;
    if (vm_death_seen) say("ThreadEnd after VMDeath!");
    say("ThreadEnd: phase %s, thread %s (%s)", phase_now(), name, is_current(jni, t));
}

static void JNICALL vm_death(jvmtiEnv *e, JNIEnv *jni)
{
    jclass s = (*jni)->FindClass(jni, "java/lang/Object");
    vm_death_seen++;
    say("VMDeath: phase %s, JNI %s", phase_now(), s ? "ok" : "failed");
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmti = new_env(vm);
    if (jvmti == NULL) return 1;
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMStart = vm_start;
    cb.VMInit = vm_init;
    cb.VMDeath = vm_death;
    cb.ThreadStart = thread_start;
    cb.ThreadEnd = thread_end;
    check("SetEventCallbacks", (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb));
    jvmtiEvent evs[] = {JVMTI_EVENT_VM_START, JVMTI_EVENT_VM_INIT, JVMTI_EVENT_VM_DEATH,
                        JVMTI_EVENT_THREAD_START, JVMTI_EVENT_THREAD_END};
    for (size_t i = 0; i < sizeof evs / sizeof evs[0]; i++)
        check("SetEventNotificationMode(ENABLE)", (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, evs[i], NULL));
    return 0;
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm)
{
    say("OnUnload: VMDeath seen %d time(s)", vm_death_seen);
}
