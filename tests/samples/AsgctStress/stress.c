/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * The AsyncGetCallTrace stress agent (tests/samples/AsgctStress): a sampler thread of
 * its own (not a Java thread) sends SIGPROF to every thread of the process — every task
 * of /proc/self/task, rescanned every 5 ms, so also threads being created or exiting and
 * threads that never run Java — at a nominal 10 kHz per thread; the handler calls
 * AsyncGetCallTrace with the thread's JNIEnv (kept from ThreadStart until the OS thread
 * is gone, so also while the VM tears the thread down) and records every distinct
 * (jmethodID, lineno) it returns in a lock-free log. A checker (an agent thread)
 * validates each new pair while the program runs: the jmethodID resolves (declaring
 * class, name) and the lineno is a bci inside the method (GetMethodLocation), or -3
 * for a native method. checkpoint() (called by the program before it drops its class
 * loaders) validates what is left; at VMDeath, after the classes were unloaded, every
 * pair is asked again: each must resolve or answer JVMTI_ERROR_INVALID_METHODID.
 * When nomalloc.c is preloaded, each AsyncGetCallTrace call is watched for calls of the
 * malloc family. Prints the counts; the run script checks them.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <jvmti.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    jint lineno;
    jmethodID method_id;
} CallFrame;
typedef struct {
    JNIEnv *env_id;
    jint num_frames;
    CallFrame *frames;
} CallTrace;
typedef void (*AsgctFn)(CallTrace *, jint, void *);

#define DEPTH 128
#define SET_BITS 20
#define SET_SIZE (1u << SET_BITS)
#define MAX_TASKS 1024

static jvmtiEnv *jvmti;
static AsgctFn asgct;
static __thread JNIEnv *tls_env __attribute__((tls_model("initial-exec")));

/* Counters (by -num_frames for the failures). */
static _Atomic uint64_t n_signals, n_java, n_frames_total, n_with_frames, n_fail[16];
/* Threads without a JNIEnv of their own (the launcher's, the VM's and agents' native
 * threads), asked with a null env_id as a profiler's handler does there: -8 expected. */
static _Atomic uint64_t n_foreign, n_foreign_other;
/* Distinct (method, lineno) pairs: a set of keys and an append log of the pairs. */
static _Atomic uint64_t *set_keys;
static CallFrame *log_pairs;
static _Atomic uint32_t *log_ready;
static _Atomic uint32_t log_n, set_full;
static _Atomic bool sampling;
static pthread_t sampler;
static _Atomic int in_handler;
/* The allocation watcher (nomalloc.c), when it is preloaded. */
static void (*watch_enter)(void), (*watch_leave)(void);
static unsigned long (*watch_caught)(void);
static unsigned long watch_base; /* the calibration's count (2 if the watcher works) */
static struct timespec start_time;
static double run_seconds;

static void record(CallFrame f)
{
    uint64_t k = ((uint64_t)(uintptr_t)f.method_id * 0x9e3779b97f4a7c15ull) ^ (uint32_t)f.lineno;
    if (k == 0) k = 1;
    uint32_t i = (uint32_t)(k >> 20) & (SET_SIZE - 1);
    for (int probe = 0; probe < 64; probe++, i = (i + 1) & (SET_SIZE - 1)) {
        uint64_t cur = atomic_load(&set_keys[i]);
        if (cur == k) return;
        if (cur == 0 && atomic_compare_exchange_strong(&set_keys[i], &cur, k)) {
            uint32_t at = atomic_fetch_add(&log_n, 1);
            if (at >= SET_SIZE) return;
            log_pairs[at] = f;
            atomic_store(&log_ready[at], 1);
            return;
        }
        if (cur == k) return;
    }
    atomic_store(&set_full, 1);
}

static void on_sigprof(int sig, siginfo_t *si, void *uc)
{
    atomic_fetch_add(&in_handler, 1);
    int saved = errno;
    atomic_fetch_add_explicit(&n_signals, 1, memory_order_relaxed);
    JNIEnv *env = tls_env;
    if (env != NULL) {
        CallFrame frames[DEPTH];
        CallTrace t = {env, 0, frames};
        if (watch_enter) watch_enter();
        asgct(&t, DEPTH, uc);
        if (watch_leave) watch_leave();
        atomic_fetch_add_explicit(&n_java, 1, memory_order_relaxed);
        if (t.num_frames > 0) {
            atomic_fetch_add_explicit(&n_with_frames, 1, memory_order_relaxed);
            atomic_fetch_add_explicit(&n_frames_total, (uint64_t)t.num_frames, memory_order_relaxed);
            for (int i = 0; i < t.num_frames; i++) record(frames[i]);
        } else {
            int c = -t.num_frames;
            atomic_fetch_add_explicit(&n_fail[c >= 0 && c < 15 ? c : 15], 1, memory_order_relaxed);
        }
    } else {
        CallFrame frames[4];
        CallTrace t = {NULL, 1, frames};
        if (watch_enter) watch_enter();
        asgct(&t, 4, uc);
        if (watch_leave) watch_leave();
        atomic_fetch_add_explicit(&n_foreign, 1, memory_order_relaxed);
        if (t.num_frames != -8) atomic_fetch_add_explicit(&n_foreign_other, 1, memory_order_relaxed);
    }
    errno = saved;
    atomic_fetch_sub(&in_handler, 1);
}

static _Atomic uint64_t n_rounds;

static void *sampler_main(void *arg)
{
    pid_t pid = getpid(), self = (pid_t)syscall(SYS_gettid);
    pid_t tasks[MAX_TASKS];
    int ntasks = 0;
    prctl(PR_SET_TIMERSLACK, 1UL); /* wake up on time, not up to 50 us late */
    struct timespec next;
    clock_gettime(CLOCK_MONOTONIC, &next);
    int round = 0;
    while (atomic_load(&sampling)) {
        if (round++ % 50 == 0) { /* every 5 ms: the threads of the process */
            ntasks = 0;
            DIR *d = opendir("/proc/self/task");
            struct dirent *e;
            while (d != NULL && (e = readdir(d)) != NULL && ntasks < MAX_TASKS) {
                pid_t tid = (pid_t)atoi(e->d_name);
                if (tid > 0 && tid != self) tasks[ntasks++] = tid;
            }
            if (d != NULL) closedir(d);
        }
        for (int i = 0; i < ntasks; i++) syscall(SYS_tgkill, pid, tasks[i], SIGPROF);
        atomic_fetch_add_explicit(&n_rounds, 1, memory_order_relaxed);
        /* Every 100 us (10 kHz) on an absolute schedule; a late round goes at once. */
        next.tv_nsec += 100000;
        if (next.tv_nsec >= 1000000000) {
            next.tv_sec++;
            next.tv_nsec -= 1000000000;
        }
        clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
    }
    return NULL;
}

/* ---- validation ---- */

static pthread_mutex_t check_lock = PTHREAD_MUTEX_INITIALIZER;
static uint32_t checked;              /* log entries validated strictly */
static uint64_t n_invalid, n_reported;
static uint64_t n_loaded_frames; /* frames of the classes the program loads and drops */

static void invalid(CallFrame f, const char *why)
{
    n_invalid++;
    if (n_reported++ < 10) printf("INVALID frame: method %p lineno %d: %s\n", (void *)f.method_id, (int)f.lineno, why);
}

/* Strict: the class is alive. */
static void validate(CallFrame f)
{
    jclass k;
    char *name = NULL;
    jvmtiError e = (*jvmti)->GetMethodDeclaringClass(jvmti, f.method_id, &k);
    if (e != JVMTI_ERROR_NONE) return invalid(f, "GetMethodDeclaringClass failed");
    if ((*jvmti)->GetMethodName(jvmti, f.method_id, &name, NULL, NULL) != JVMTI_ERROR_NONE)
        return invalid(f, "GetMethodName failed");
    (*jvmti)->Deallocate(jvmti, (unsigned char *)name);
    char *sig = NULL;
    if ((*jvmti)->GetClassSignature(jvmti, k, &sig, NULL) != JVMTI_ERROR_NONE) return invalid(f, "GetClassSignature failed");
    if (strcmp(sig, "LLoaded;") == 0) n_loaded_frames++;
    (*jvmti)->Deallocate(jvmti, (unsigned char *)sig);
    jboolean native = JNI_FALSE;
    (*jvmti)->IsMethodNative(jvmti, f.method_id, &native);
    if (f.lineno == -3) {
        if (!native) invalid(f, "lineno -3 for a Java method");
        return;
    }
    if (native) return invalid(f, "a bci for a native method");
    jlocation start, end;
    if ((*jvmti)->GetMethodLocation(jvmti, f.method_id, &start, &end) != JVMTI_ERROR_NONE)
        return invalid(f, "GetMethodLocation failed");
    if (f.lineno < start || f.lineno > end) invalid(f, "bci outside the method");
}

/* The jclass references validate makes are local: freed with a frame per entry, or an
 * agent thread that never returns to Java would keep every class it saw alive. */
static void validate_new(JNIEnv *env)
{
    pthread_mutex_lock(&check_lock);
    uint32_t n = atomic_load(&log_n);
    if (n > SET_SIZE) n = SET_SIZE;
    while (checked < n && atomic_load(&log_ready[checked])) {
        if ((*env)->PushLocalFrame(env, 16) != 0) break;
        validate(log_pairs[checked++]);
        (*env)->PopLocalFrame(env, NULL);
    }
    pthread_mutex_unlock(&check_lock);
}

static void JNICALL checker_main(jvmtiEnv *e, JNIEnv *env, void *arg)
{
    tls_env = NULL; /* an agent thread: never runs Java code, nothing to sample */
    struct timespec period = {0, 20000000};
    while (atomic_load(&sampling)) {
        validate_new(env);
        nanosleep(&period, NULL);
    }
}

JNIEXPORT void JNICALL Java_StressWorkload_checkpoint(JNIEnv *env, jclass c)
{
    /* Entries still being written by a handler are waited for. */
    uint32_t n = atomic_load(&log_n);
    for (uint32_t i = checked; i < n && i < SET_SIZE; i++)
        while (!atomic_load(&log_ready[i])) sched_yield();
    validate_new(env);
}

/* A JNI round trip: native code calling back into Java. */
JNIEXPORT jint JNICALL Java_StressWorkload_viaJni(JNIEnv *env, jclass c, jint n)
{
    jmethodID m = (*env)->GetStaticMethodID(env, c, "jniCallback", "(I)I");
    return m != NULL ? (*env)->CallStaticIntMethod(env, c, m, n) : -1;
}

/* ---- events ---- */

static void JNICALL on_thread_start(jvmtiEnv *e, JNIEnv *env, jthread t) { tls_env = env; }
static void JNICALL on_class_load(jvmtiEnv *e, JNIEnv *env, jthread t, jclass k) {}

static void JNICALL on_vm_init(jvmtiEnv *e, JNIEnv *env, jthread t)
{
    tls_env = env;
    jclass tc = (*env)->FindClass(env, "java/lang/Thread");
    jmethodID init = (*env)->GetMethodID(env, tc, "<init>", "(Ljava/lang/String;)V");
    jthread checker = (*env)->NewObject(env, tc, init, (*env)->NewStringUTF(env, "stress checker"));
    atomic_store(&sampling, true);
    clock_gettime(CLOCK_MONOTONIC, &start_time);
    (*jvmti)->RunAgentThread(jvmti, checker, checker_main, NULL, JVMTI_THREAD_NORM_PRIORITY);
    pthread_create(&sampler, NULL, sampler_main, NULL);
}

static void JNICALL on_vm_death(jvmtiEnv *e, JNIEnv *env)
{
    atomic_store(&sampling, false);
    pthread_join(sampler, NULL);
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    run_seconds = (double)(now.tv_sec - start_time.tv_sec) + (double)(now.tv_nsec - start_time.tv_nsec) / 1e9;
    while (atomic_load(&in_handler) != 0) sched_yield();
    /* After the program dropped its loaders and collected: every pair again. */
    uint32_t n = atomic_load(&log_n);
    if (n > SET_SIZE) n = SET_SIZE;
    uint64_t still = 0, gone = 0;
    pthread_mutex_lock(&check_lock);
    for (uint32_t i = 0; i < n; i++) {
        if (!atomic_load(&log_ready[i])) continue;
        CallFrame f = log_pairs[i];
        jclass k;
        if ((*env)->PushLocalFrame(env, 16) != 0) break;
        jvmtiError err = (*jvmti)->GetMethodDeclaringClass(jvmti, f.method_id, &k);
        if (err == JVMTI_ERROR_INVALID_METHODID) {
            gone++;
        } else if (err != JVMTI_ERROR_NONE) {
            invalid(f, "after unloading: neither valid nor INVALID_METHODID");
        } else {
            still++;
            if (i >= checked) validate(f); /* recorded after the checkpoint, still alive */
        }
        (*env)->PopLocalFrame(env, NULL);
    }
    pthread_mutex_unlock(&check_lock);
    uint64_t java = atomic_load(&n_java), with = atomic_load(&n_with_frames);
    uint64_t not_running = atomic_load(&n_fail[0]) + atomic_load(&n_fail[8]), failed = 0;
    for (int i = 1; i < 16; i++)
        if (i != 8) failed += atomic_load(&n_fail[i]);
    printf("signals: %llu (%llu rounds: every thread %.0f times a second)\n", (unsigned long long)atomic_load(&n_signals),
           (unsigned long long)atomic_load(&n_rounds), (double)atomic_load(&n_rounds) / run_seconds);
    printf("java thread samples: %llu\n", (unsigned long long)java);
    printf("with frames: %llu (%.2f%%), %.1f frames on average\n", (unsigned long long)with,
           java ? 100.0 * (double)with / (double)java : 0.0, with ? (double)atomic_load(&n_frames_total) / (double)with : 0.0);
    printf("not running Java (0: no Java frame yet, -8: exiting): %llu\n", (unsigned long long)not_running);
    printf("walk failures: %llu\n", (unsigned long long)failed);
    for (int i = 0; i < 16; i++)
        if (atomic_load(&n_fail[i]) != 0) printf("num_frames %d: %llu\n", -i, (unsigned long long)atomic_load(&n_fail[i]));
    printf("distinct frames: %u%s, validated while alive: %u\n", n, atomic_load(&set_full) ? " (set full)" : "", checked);
    printf("frames of dropped classes: %llu\n", (unsigned long long)n_loaded_frames);
    printf("after unloading: %llu still valid, %llu INVALID_METHODID\n", (unsigned long long)still, (unsigned long long)gone);
    printf("invalid frames: %llu\n", (unsigned long long)n_invalid);
    printf("samples without a JNIEnv: %llu, answered other than -8: %llu\n", (unsigned long long)atomic_load(&n_foreign),
           (unsigned long long)atomic_load(&n_foreign_other));
    if (watch_caught) {
        printf("allocation watcher: %s\n", watch_base == 2 ? "calibrated" : "broken");
        printf("allocations in AsyncGetCallTrace: %lu\n", watch_caught() - watch_base);
    } else {
        printf("allocations in AsyncGetCallTrace: not watched\n");
    }
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_11) != JNI_OK) return 1;
    asgct = (AsgctFn)dlsym(RTLD_DEFAULT, "AsyncGetCallTrace");
    if (asgct == NULL) {
        printf("no AsyncGetCallTrace\n");
        return 1;
    }
    watch_enter = (void (*)(void))dlsym(RTLD_DEFAULT, "nomalloc_enter");
    watch_leave = (void (*)(void))dlsym(RTLD_DEFAULT, "nomalloc_leave");
    watch_caught = (unsigned long (*)(void))dlsym(RTLD_DEFAULT, "nomalloc_caught");
    if (watch_enter == NULL || watch_leave == NULL || watch_caught == NULL) {
        watch_enter = watch_leave = NULL;
        watch_caught = NULL;
    } else {
        /* Calibration: a watched malloc and free must count 2 (volatile: the compiler
         * would drop the pair otherwise). */
        watch_enter();
        void *volatile probe = malloc(16);
        free(probe);
        watch_leave();
        watch_base = watch_caught();
    }
    set_keys = mmap(NULL, SET_SIZE * sizeof *set_keys, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    log_pairs = mmap(NULL, SET_SIZE * sizeof *log_pairs, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    log_ready = mmap(NULL, SET_SIZE * sizeof *log_ready, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (set_keys == MAP_FAILED || log_pairs == MAP_FAILED || log_ready == MAP_FAILED) return 1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_sigprof;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigaction(SIGPROF, &sa, NULL);
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMInit = on_vm_init;
    cb.VMDeath = on_vm_death;
    cb.ThreadStart = on_thread_start;
    cb.ClassLoad = on_class_load;
    (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, NULL);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_THREAD_START, NULL);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_CLASS_LOAD, NULL);
    return 0;
}
