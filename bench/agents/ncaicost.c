// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * ncaicost.c — NCAI benchmark agent (bench/ncai.sh) and the natives of
 * bench/ncai/NcaiCost.java. Options: "idle" gets the NCAI environment and enables
 * nothing (its start-up cost against bench/agents/noop.c is the cost of NCAI being
 * enabled: signal handlers, thread records, module tracking); otherwise NcaiCost.measure
 * prints "name median-ns" lines, each the median of ROUNDS rounds:
 *   call            a native call of cost_target (the baseline)
 *   breakpoint hit  the same call with an NCAI breakpoint on cost_target, minus the call
 *   step            per Step event, stepping cost_loop instruction by instruction
 *   suspend+resume  SuspendThread + ResumeThread of a thread spinning in native code
 *   stack trace     GetStackTrace of that thread, suspended (and its frame count)
 *   read 4 KiB      ReadMemory of 4096 bytes
 */
#define _GNU_SOURCE
#include <jvmti.h>
#include <ncai.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { ROUNDS = 11 };

static ncaiEnv *ncai;
static volatile int spinning, stop_spin;
static volatile long steps;
static volatile int stepping;

static long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return x < y ? -1 : x > y;
}

static long median(long *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_long);
    return v[n / 2];
}

__attribute__((noinline, used)) int cost_target(int x)
{
    __asm__ volatile("" ::: "memory");
    return x + 1;
}

__attribute__((noinline, used)) void cost_step_on(void) { __asm__ volatile("" ::: "memory"); }
__attribute__((noinline, used)) void cost_step_off(void) { __asm__ volatile("" ::: "memory"); }

__attribute__((noinline, used)) long cost_loop(int n)
{
    long s = 0;
    cost_step_on();
    for (int i = 0; i < n; i++) {
        s += i;
        __asm__ volatile("" : "+r"(s));
    }
    cost_step_off();
    return s;
}

static void JNICALL on_breakpoint(ncaiEnv *env, ncaiThread thread, void *addr)
{
    if (addr == (void *)cost_step_on) {
        steps = 0;
        stepping = 1;
        (*env)->SetStepMode(env, thread, NCAI_STEP_INTO);
        (*env)->SetEventNotificationMode(env, NCAI_ENABLE, NCAI_EVENT_STEP, thread);
    } else if (addr == (void *)cost_step_off) {
        stepping = 0;
        (*env)->SetEventNotificationMode(env, NCAI_DISABLE, NCAI_EVENT_STEP, thread);
        (*env)->SetStepMode(env, thread, NCAI_STEP_OFF);
    }
}

static void JNICALL on_step(ncaiEnv *env, ncaiThread thread, void *addr)
{
    if (stepping) steps++;
}

static ncaiEnv *get_ncai(jvmtiEnv *jvmti)
{
    jint n = 0;
    jvmtiExtensionFunctionInfo *f = NULL;
    if ((*jvmti)->GetExtensionFunctions(jvmti, &n, &f) != JVMTI_ERROR_NONE) return NULL;
    jvmtiExtensionFunction fn = NULL;
    for (jint i = 0; i < n; i++)
        if (strcmp(f[i].id, "org.apache.harmony.vm.GetExtensionEnv") == 0) fn = f[i].func;
    ncaiEnv *e = NULL;
    if (fn == NULL || fn(jvmti, (void **)&e, NCAI_VERSION_1_0) != JVMTI_ERROR_NONE) return NULL;
    return e;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmtiEnv *jvmti = NULL;
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_11) != JNI_OK) return 1;
    ncai = get_ncai(jvmti);
    if (ncai == NULL) return 1;
    if (options != NULL && strcmp(options, "idle") == 0) return 0;
    ncaiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.Breakpoint = on_breakpoint;
    cb.Step = on_step;
    (*ncai)->SetEventCallbacks(ncai, &cb, sizeof cb);
    (*ncai)->SetEventNotificationMode(ncai, NCAI_ENABLE, NCAI_EVENT_BREAKPOINT, NULL);
    return 0;
}

JNIEXPORT void JNICALL Java_NcaiCost_spin(JNIEnv *jni, jclass c)
{
    spinning = 1;
    while (!stop_spin) __asm__ volatile("" ::: "memory");
}

JNIEXPORT void JNICALL Java_NcaiCost_stop(JNIEnv *jni, jclass c) { stop_spin = 1; }

static ncaiThread find_thread(const char *name)
{
    jint n = 0;
    ncaiThread *t = NULL;
    if ((*ncai)->GetAllThreads(ncai, &n, &t) != NCAI_ERROR_NONE) return NULL;
    for (jint i = 0; i < n; i++) {
        ncaiThreadInfo ti;
        if ((*ncai)->GetThreadInfo(ncai, t[i], &ti) == NCAI_ERROR_NONE && strcmp(ti.name, name) == 0) return t[i];
    }
    return NULL;
}

static long calls_ns(int n)
{
    volatile int x = 0;
    long t0 = now_ns();
    for (int i = 0; i < n; i++) x = cost_target(x);
    return (now_ns() - t0) / n;
}

JNIEXPORT void JNICALL Java_NcaiCost_measure(JNIEnv *jni, jclass c, jint n)
{
    long v[ROUNDS], base;
    for (int r = 0; r < ROUNDS; r++) v[r] = calls_ns(n * 100);
    printf("call %ld\n", base = median(v, ROUNDS));

    if ((*ncai)->SetBreakpoint(ncai, (void *)cost_target) != NCAI_ERROR_NONE) {
        printf("breakpoint hit: SetBreakpoint failed\n");
        return;
    }
    for (int r = 0; r < ROUNDS; r++) v[r] = calls_ns(n);
    printf("breakpoint hit %ld\n", median(v, ROUNDS) - base);
    (*ncai)->ClearBreakpoint(ncai, (void *)cost_target);

    (*ncai)->SetBreakpoint(ncai, (void *)cost_step_on);
    (*ncai)->SetBreakpoint(ncai, (void *)cost_step_off);
    for (int r = 0; r < ROUNDS; r++) {
        long t0 = now_ns();
        cost_loop(n);
        long t = now_ns() - t0;
        v[r] = steps > 0 ? t / steps : -1;
    }
    printf("step %ld\n", median(v, ROUNDS));
    printf("  (steps per round %ld)\n", (long)steps);
    (*ncai)->ClearBreakpoint(ncai, (void *)cost_step_on);
    (*ncai)->ClearBreakpoint(ncai, (void *)cost_step_off);

    while (!spinning) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    ncaiThread sp = find_thread("spinner");
    if (sp == NULL) {
        printf("spinner not found\n");
        return;
    }
    long w[ROUNDS * 10];
    for (int r = 0; r < ROUNDS * 10; r++) {
        long t0 = now_ns();
        (*ncai)->SuspendThread(ncai, sp);
        (*ncai)->ResumeThread(ncai, sp);
        w[r] = now_ns() - t0;
    }
    printf("suspend+resume %ld\n", median(w, ROUNDS * 10));

    (*ncai)->SuspendThread(ncai, sp);
    ncaiFrameInfo fr[256];
    jint count = 0;
    for (int r = 0; r < ROUNDS * 10; r++) {
        long t0 = now_ns();
        (*ncai)->GetStackTrace(ncai, sp, 256, fr, &count);
        w[r] = now_ns() - t0;
    }
    (*ncai)->ResumeThread(ncai, sp);
    printf("stack trace %ld\n", median(w, ROUNDS * 10));
    printf("  (frames %d)\n", (int)count);

    static char src[4096], dst[4096];
    for (int r = 0; r < ROUNDS * 10; r++) {
        long t0 = now_ns();
        (*ncai)->ReadMemory(ncai, src, sizeof src, dst);
        w[r] = now_ns() - t0;
    }
    printf("read 4 KiB %ld\n", median(w, ROUNDS * 10));
    fflush(stdout);
}
