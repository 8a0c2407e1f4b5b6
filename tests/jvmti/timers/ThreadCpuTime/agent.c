/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: GetCurrentThreadCpuTimerInfo, GetCurrentThreadCpuTime, GetThreadCpuTimerInfo,
 * GetThreadCpuTime. Both capabilities are potential in the OnLoad phase (the spec
 * requires can_get_current_thread_cpu_time wherever can_get_thread_cpu_time is) and
 * still potential in the live phase (not OnLoad-only); without them the functions are
 * MUST_POSSESS_CAPABILITY, and WRONG_PHASE in the OnLoad phase; in the start phase
 * (VMStart) the current-thread functions work and the others are WRONG_PHASE; times grow while a thread computes, stay put while it sleeps, and agree
 * between the two functions for the current thread; timer info is sane (values are the
 * platform's choice, so only their validity is printed); errors: WRONG_PHASE,
 * THREAD_NOT_ALIVE, INVALID_THREAD, NULL_POINTER.
 */
#include <time.h>

#include "jvmti_test.h"

static jvmtiEnv *env;  /* capabilities added in the live phase */
static jvmtiEnv *cenv; /* capabilities added in the OnLoad phase */

static int valid_info(const jvmtiTimerInfo *i)
{
    return i->max_value != 0 &&
           (i->kind == JVMTI_TIMER_USER_CPU || i->kind == JVMTI_TIMER_TOTAL_CPU || i->kind == JVMTI_TIMER_ELAPSED) &&
           (i->may_skip_forward == JNI_TRUE || i->may_skip_forward == JNI_FALSE) &&
           (i->may_skip_backward == JNI_TRUE || i->may_skip_backward == JNI_FALSE);
}

static void burn_ms(long ms)
{
    struct timespec a, b;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
    volatile unsigned long x = 0;
    for (;;) {
        for (int i = 0; i < 100000; i++) x += i;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
        if ((b.tv_sec - a.tv_sec) * 1000 + (b.tv_nsec - a.tv_nsec) / 1000000 >= ms) break;
    }
}

static void caps(const char *when, int add)
{
    jvmtiCapabilities pot;
    memset(&pot, 0, sizeof pot);
    (*env)->GetPotentialCapabilities(env, &pot);
    say("%s: can_get_thread_cpu_time potential: %s, can_get_current_thread_cpu_time potential: %s", when,
        pot.can_get_thread_cpu_time ? "yes" : "no", pot.can_get_current_thread_cpu_time ? "yes" : "no");
    if (!add) return;
    jvmtiCapabilities c;
    memset(&c, 0, sizeof c);
    c.can_get_thread_cpu_time = 1;
    c.can_get_current_thread_cpu_time = 1;
    check("AddCapabilities(cpu time)", (*env)->AddCapabilities(env, &c));
}

static void JNICALL vm_start(jvmtiEnv *jv, JNIEnv *jni)
{
    jlong t = -1, u = -1;
    jvmtiTimerInfo info;
    check("start: GetCurrentThreadCpuTime", (*cenv)->GetCurrentThreadCpuTime(cenv, &t));
    burn_ms(5);
    (*cenv)->GetCurrentThreadCpuTime(cenv, &u);
    say("start: time positive and growing: %s", t > 0 && u > t ? "yes" : "no");
    memset(&info, 0, sizeof info);
    check("start: GetCurrentThreadCpuTimerInfo", (*cenv)->GetCurrentThreadCpuTimerInfo(cenv, &info));
    say("start: timer info valid: %s", valid_info(&info) ? "yes" : "no");
    check("start: GetThreadCpuTime", (*cenv)->GetThreadCpuTime(cenv, NULL, &t));
    check("start: GetThreadCpuTimerInfo", (*cenv)->GetThreadCpuTimerInfo(cenv, &info));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    cenv = new_env(vm);
    if (cenv == NULL) return 1;
    jlong t;
    check("OnLoad: GetCurrentThreadCpuTime without capability", (*env)->GetCurrentThreadCpuTime(env, &t));
    check("OnLoad: GetThreadCpuTime without capability", (*env)->GetThreadCpuTime(env, NULL, &t));
    caps("OnLoad", 0);
    jvmtiCapabilities c;
    memset(&c, 0, sizeof c);
    c.can_get_thread_cpu_time = 1;
    c.can_get_current_thread_cpu_time = 1;
    check("OnLoad: AddCapabilities(cpu time)", (*cenv)->AddCapabilities(cenv, &c));
    check("OnLoad: GetCurrentThreadCpuTime", (*cenv)->GetCurrentThreadCpuTime(cenv, &t));
    check("OnLoad: GetCurrentThreadCpuTimerInfo", (*cenv)->GetCurrentThreadCpuTimerInfo(cenv, NULL));
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMStart = vm_start;
    (*cenv)->SetEventCallbacks(cenv, &cb, sizeof cb);
    (*cenv)->SetEventNotificationMode(cenv, JVMTI_ENABLE, JVMTI_EVENT_VM_START, NULL);
    /* env adds them in the live phase: neither capability is OnLoad-only. */
    return 0;
}

JNIEXPORT void JNICALL Java_ThreadCpuTime_current(JNIEnv *jni, jclass cls)
{
    jlong t;
    jvmtiTimerInfo info;
    check("live: GetCurrentThreadCpuTimerInfo without capability", (*env)->GetCurrentThreadCpuTimerInfo(env, &info));
    check("live: GetThreadCpuTimerInfo without capability", (*env)->GetThreadCpuTimerInfo(env, &info));
    check("live: GetThreadCpuTime without capability", (*env)->GetThreadCpuTime(env, NULL, &t));
    caps("live", 1);

    memset(&info, 0, sizeof info);
    check("GetCurrentThreadCpuTimerInfo", (*env)->GetCurrentThreadCpuTimerInfo(env, &info));
    say("current timer info valid: %s", valid_info(&info) ? "yes" : "no");
    memset(&info, 0, sizeof info);
    check("GetThreadCpuTimerInfo", (*env)->GetThreadCpuTimerInfo(env, &info));
    say("thread timer info valid: %s", valid_info(&info) ? "yes" : "no");

    jlong a = -1, b = -1, c = -1, d = -1;
    check("GetCurrentThreadCpuTime", (*env)->GetCurrentThreadCpuTime(env, &a));
    check("GetThreadCpuTime(NULL)", (*env)->GetThreadCpuTime(env, NULL, &b));
    burn_ms(50);
    (*env)->GetThreadCpuTime(env, NULL, &c);
    (*env)->GetCurrentThreadCpuTime(env, &d);
    say("current: positive: %s, ordered: %s, grew by >= 40 ms of 50 burnt: %s", a > 0 ? "yes" : "no",
        a <= b && b <= c && c <= d ? "yes" : "no", c - b >= 40000000 ? "yes" : "no");

    jthread self = NULL;
    (*env)->GetCurrentThread(env, &self);
    jlong e = -1;
    check("GetThreadCpuTime(current thread object)", (*env)->GetThreadCpuTime(env, self, &e));
    say("same clock as GetCurrentThreadCpuTime: %s", e >= d ? "yes" : "no");

    check("GetCurrentThreadCpuTimerInfo(NULL)", (*env)->GetCurrentThreadCpuTimerInfo(env, NULL));
    check("GetCurrentThreadCpuTime(NULL)", (*env)->GetCurrentThreadCpuTime(env, NULL));
    check("GetThreadCpuTimerInfo(NULL)", (*env)->GetThreadCpuTimerInfo(env, NULL));
    check("GetThreadCpuTime(NULL, NULL)", (*env)->GetThreadCpuTime(env, NULL, NULL));
}

JNIEXPORT void JNICALL Java_ThreadCpuTime_other(JNIEnv *jni, jclass cls, jthread busy, jthread idle,
                                                jthread not_started, jobject not_thread)
{
    jlong b1 = -1, b2 = -1, i1 = -1, i2 = -1;
    check("GetThreadCpuTime(busy)", (*env)->GetThreadCpuTime(env, busy, &b1));
    check("GetThreadCpuTime(idle)", (*env)->GetThreadCpuTime(env, idle, &i1));
    /* At least 100 ms, then until the busy thread has run (up to 30 s more): on a loaded
     * machine it may get no CPU for a while. */
    struct timespec ts = {0, 100 * 1000000};
    nanosleep(&ts, NULL);
    (*env)->GetThreadCpuTime(env, busy, &b2);
    for (int i = 0; i < 300 && b2 <= b1; i++) {
        nanosleep(&ts, NULL);
        (*env)->GetThreadCpuTime(env, busy, &b2);
    }
    (*env)->GetThreadCpuTime(env, idle, &i2);
    say("busy thread: positive %s, grew while we slept: %s", b1 > 0 ? "yes" : "no", b2 > b1 ? "yes" : "no");
    say("sleeping thread: unchanged (within 1 ms) while it slept: %s", i2 >= i1 && i2 - i1 < 1000000 ? "yes" : "no");
    jlong t;
    check("GetThreadCpuTime(not started)", (*env)->GetThreadCpuTime(env, not_started, &t));
    check("GetThreadCpuTime(a String)", (*env)->GetThreadCpuTime(env, not_thread, &t));
    check("GetThreadCpuTime(busy, NULL)", (*env)->GetThreadCpuTime(env, busy, NULL));
}

JNIEXPORT void JNICALL Java_ThreadCpuTime_unstartedAndDone(JNIEnv *jni, jclass cls, jthread done)
{
    jlong t;
    check("GetThreadCpuTime(terminated)", (*env)->GetThreadCpuTime(env, done, &t));
}
