/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI event ResourceExhausted for threads (needs
 * can_generate_resource_exhaustion_threads_events): Thread.start fails because the OS
 * refuses the thread; the event comes first, on the starting thread, with
 * OOM_ERROR|THREADS, then OutOfMemoryError. The library is also LD_PRELOADed: its
 * pthread_create fails with EAGAIN while the program asks it to.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>

#include "jvmti_test.h"

static volatile int refuse;

int pthread_create(pthread_t *th, const pthread_attr_t *attr, void *(*fn)(void *), void *arg)
{
    static int (*real)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
    if (refuse) return EAGAIN;
    if (real == NULL) *(void **)&real = dlsym(RTLD_NEXT, "pthread_create");
    return real(th, attr, fn, arg);
}

static void JNICALL exhausted(jvmtiEnv *e, JNIEnv *jni, jint flags, const void *reserved, const char *desc)
{
    say("ResourceExhausted: flags%s%s%s, description %s, exception pending: %s",
        flags & JVMTI_RESOURCE_EXHAUSTED_OOM_ERROR ? " OOM_ERROR" : "",
        flags & JVMTI_RESOURCE_EXHAUSTED_JAVA_HEAP ? " JAVA_HEAP" : "",
        flags & JVMTI_RESOURCE_EXHAUSTED_THREADS ? " THREADS" : "", desc && *desc ? "given" : "missing",
        (*jni)->ExceptionCheck(jni) ? "yes" : "no");
}

JNIEXPORT void JNICALL Java_ThreadExhausted_refuseThreads(JNIEnv *jni, jclass c, jboolean on) { refuse = on; }

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmtiEnv *jvmti = new_env(vm);
    if (jvmti == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_resource_exhaustion_threads_events = 1;
    check("AddCapabilities", (*jvmti)->AddCapabilities(jvmti, &caps));
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ResourceExhausted = exhausted;
    check("SetEventCallbacks", (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb));
    check("enable", (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_RESOURCE_EXHAUSTED, NULL));
    return 0;
}
