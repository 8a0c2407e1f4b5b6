/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: GetTimerInfo, GetTime, GetAvailableProcessors. Callable in every phase (OnLoad,
 * live, dead) and, being callback-safe, from a thread not attached to the VM (the timer
 * functions only: GetAvailableProcessors is not callback-safe, so such a caller gets
 * UNATTACHED_THREAD); GetTime is System.nanoTime's clock (checked in Java); timer info
 * is sane (its values are the platform's choice: only validity is printed);
 * NULL_POINTER for each out-parameter.
 */
#include <pthread.h>

#include "jvmti_test.h"

static jvmtiEnv *env;

static void sane(const char *when)
{
    jvmtiTimerInfo info;
    memset(&info, 0, sizeof info);
    jvmtiError err = (*env)->GetTimerInfo(env, &info);
    int valid = info.max_value != 0 &&
                (info.kind == JVMTI_TIMER_USER_CPU || info.kind == JVMTI_TIMER_TOTAL_CPU ||
                 info.kind == JVMTI_TIMER_ELAPSED);
    say("%s: GetTimerInfo: %s, valid: %s", when, err_name(err), valid ? "yes" : "no");
    jlong a = 0, b = 0;
    err = (*env)->GetTime(env, &a);
    (*env)->GetTime(env, &b);
    say("%s: GetTime: %s, monotonic: %s", when, err_name(err), b >= a ? "yes" : "no");
    jint n = 0;
    err = (*env)->GetAvailableProcessors(env, &n);
    say("%s: GetAvailableProcessors: %s%s", when, err_name(err),
        err == JVMTI_ERROR_NONE ? (n >= 1 ? ", at least one" : ", none") : "");
    check("GetTimerInfo(NULL)", (*env)->GetTimerInfo(env, NULL));
    check("GetTime(NULL)", (*env)->GetTime(env, NULL));
    check("GetAvailableProcessors(NULL)", (*env)->GetAvailableProcessors(env, NULL));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    sane("OnLoad");
    return 0;
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm)
{
    sane("dead");
}

JNIEXPORT jlong JNICALL Java_Time_time(JNIEnv *jni, jclass cls)
{
    jlong t = 0;
    jvmtiError err = (*env)->GetTime(env, &t);
    if (err != JVMTI_ERROR_NONE) check("GetTime", err);
    return t;
}

JNIEXPORT jint JNICALL Java_Time_processors(JNIEnv *jni, jclass cls)
{
    jint n = 0;
    jvmtiError err = (*env)->GetAvailableProcessors(env, &n);
    if (err != JVMTI_ERROR_NONE) check("GetAvailableProcessors", err);
    return n;
}

static void *unattached(void *arg)
{
    jvmtiTimerInfo info;
    jlong t;
    jint n;
    say("unattached: GetTimerInfo: %s", err_name((*env)->GetTimerInfo(env, &info)));
    say("unattached: GetTime: %s", err_name((*env)->GetTime(env, &t)));
    say("unattached: GetAvailableProcessors: %s", err_name((*env)->GetAvailableProcessors(env, &n)));
    return NULL;
}

JNIEXPORT void JNICALL Java_Time_fromOtherThread(JNIEnv *jni, jclass cls)
{
    sane("live");
    pthread_t th;
    if (pthread_create(&th, NULL, unattached, NULL) == 0) pthread_join(th, NULL);
}
