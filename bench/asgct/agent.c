/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * The AsyncGetCallTrace benchmark agent (bench/asgct.sh): a thread of its own sends
 * SIGPROF to the main thread every millisecond; the handler calls AsyncGetCallTrace
 * 100 times in a row on the interrupted state and times them (CLOCK_MONOTONIC, which is
 * async-signal-safe). At VMDeath: calls per second inside the handler, and what the
 * first call of each signal returned (frames, or failure codes).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <jvmti.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

typedef struct { jint lineno; jmethodID method_id; } CallFrame;
typedef struct { JNIEnv *env_id; jint num_frames; CallFrame *frames; } CallTrace;
typedef void (*AsgctFn)(CallTrace *, jint, void *);

#define REPEAT 100

static jvmtiEnv *jvmti;
static AsgctFn asgct;
static JNIEnv *volatile main_env;
static volatile pid_t main_tid;
static _Atomic bool running;
static pthread_t sampler;
static uint64_t signals, calls, ns, with_frames, frames_total, fails[16];

static int64_t now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void on_sigprof(int sig, siginfo_t *si, void *uc)
{
    if (!atomic_load(&running) || (pid_t)syscall(SYS_gettid) != main_tid) return;
    CallFrame frames[64];
    CallTrace t = {main_env, 0, frames};
    int64_t t0 = now();
    asgct(&t, 64, uc);
    jint first = t.num_frames;
    for (int i = 1; i < REPEAT; i++) asgct(&t, 64, uc);
    ns += (uint64_t)(now() - t0);
    calls += REPEAT;
    signals++;
    if (first > 0) {
        with_frames++;
        frames_total += (uint64_t)first;
    } else {
        fails[-first < 16 ? -first : 15]++;
    }
}

static void *sampler_main(void *arg)
{
    struct timespec ms = {0, 1000000};
    while (atomic_load(&running)) {
        syscall(SYS_tgkill, getpid(), main_tid, SIGPROF);
        nanosleep(&ms, NULL);
    }
    return NULL;
}

static void JNICALL on_class_load(jvmtiEnv *e, JNIEnv *env, jthread t, jclass k) {}
static void JNICALL on_class_prepare(jvmtiEnv *e, JNIEnv *env, jthread t, jclass k)
{
    jint n;
    jmethodID *m;
    if ((*e)->GetClassMethods(e, k, &n, &m) == JVMTI_ERROR_NONE) (*e)->Deallocate(e, (unsigned char *)m);
}

static void JNICALL on_vm_init(jvmtiEnv *e, JNIEnv *env, jthread t)
{
    jint n;
    jclass *cs;
    if ((*e)->GetLoadedClasses(e, &n, &cs) == JVMTI_ERROR_NONE) {
        for (jint i = 0; i < n; i++) on_class_prepare(e, env, t, cs[i]);
        (*e)->Deallocate(e, (unsigned char *)cs);
    }
    main_env = env;
    main_tid = (pid_t)syscall(SYS_gettid);
    atomic_store(&running, true);
    pthread_create(&sampler, NULL, sampler_main, NULL);
}

static void JNICALL on_vm_death(jvmtiEnv *e, JNIEnv *env)
{
    atomic_store(&running, false);
    pthread_join(sampler, NULL);
    usleep(10000);
    printf("signals %llu calls %llu ns_per_call %.1f calls_per_s %.0f with_frames %.1f%% frames %.1f",
           (unsigned long long)signals, (unsigned long long)calls, calls ? (double)ns / (double)calls : 0.0,
           ns ? (double)calls * 1e9 / (double)ns : 0.0, signals ? 100.0 * (double)with_frames / (double)signals : 0.0,
           with_frames ? (double)frames_total / (double)with_frames : 0.0);
    for (int i = 0; i < 16; i++)
        if (fails[i]) printf(" code%d %llu", -i, (unsigned long long)fails[i]);
    printf("\n");
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_1_2) != JNI_OK) return 1;
    asgct = (AsgctFn)dlsym(RTLD_DEFAULT, "AsyncGetCallTrace");
    if (asgct == NULL) return 1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_sigprof;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigaction(SIGPROF, &sa, NULL);
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMInit = on_vm_init;
    cb.VMDeath = on_vm_death;
    cb.ClassLoad = on_class_load;
    cb.ClassPrepare = on_class_prepare;
    (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb);
    jvmtiEvent ev[] = {JVMTI_EVENT_VM_INIT, JVMTI_EVENT_VM_DEATH, JVMTI_EVENT_CLASS_LOAD, JVMTI_EVENT_CLASS_PREPARE};
    for (int i = 0; i < 4; i++) (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, ev[i], NULL);
    return 0;
}
