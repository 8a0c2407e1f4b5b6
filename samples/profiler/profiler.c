// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * profiler.c — a sampling CPU (or wall-clock) profiler built on AsyncGetCallTrace, with
 * flame graphs. Uses only JVMTI, JNI and AsyncGetCallTrace, so the same agent profiles
 * on GlassVM and on HotSpot:
 *
 *   java -agentpath:build/samples/libprofiler.so=interval=1ms,file=out.html Main
 *
 * Options (comma separated):
 *   interval=D      sampling period: a number with ns, us, ms (default unit) or s; 1ms
 *   mode=cpu|wall   cpu (default): each thread is sampled every D of its own CPU time (a
 *                   POSIX timer on its CPU clock, so a waiting thread is never sampled);
 *                   wall: every thread every D of real time (a sampler thread signals
 *                   each one), waiting threads included
 *   file=PATH       output: a self-contained HTML flame graph if PATH ends in .html,
 *                   else collapsed stacks; default profile.html
 *   collapsed=PATH  collapsed stacks as well ("frame;frame;frame count" lines, root first)
 *   top=N           the N hottest methods by self samples on stderr at exit (default
 *                   10; 0 for none)
 *   depth=N         deepest stack recorded (default 512; deeper ones are cut at the root)
 *   threads         one root frame per thread (its name)
 *
 * How: SIGPROF's handler calls AsyncGetCallTrace on the interrupted thread and adds the
 * trace to the signal-safe trace store (sampleutil.h); timer overruns (a tick that came
 * while the signal was pending) add weight, so counts stay proportional to CPU time.
 * The handler needs the thread's JNIEnv, which the agent keeps in an initial-exec TLS
 * variable (a plain load in a handler: a dlopen'd library's default TLS model may call
 * malloc on first access), set in ThreadStart (VMStart for the main thread). Names are
 * resolved once sampling has stopped, at VMDeath. ClassLoad events are enabled because
 * AsyncGetCallTrace requires them, and every class's jmethodIDs are created in
 * ClassPrepare, because HotSpot makes them lazily.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "../common/flamegraph.h"
#include "../common/sampleutil.h"

#define AGENT "profiler"
#define MAX_THREADS 8192

typedef struct ThreadRec {
    pid_t tid;
    bool live, has_timer;
    timer_t timer;
    char *name;
} ThreadRec;

static jvmtiEnv *jvmti;
static AsyncGetCallTraceFn asgct;
static int64_t interval_ns = 1000000;
static bool wall_mode, per_thread;
static int max_depth = 512, top_n = 10;
static char out_path[4096] = "profile.html", collapsed_path[4096];

static pthread_mutex_t threads_lock = PTHREAD_MUTEX_INITIALIZER;
static ThreadRec threads[MAX_THREADS];
static int nthreads;
static pthread_t wall_thread;
static bool wall_started;

static _Atomic bool running;
static _Atomic int in_handler;
static _Atomic uint64_t samples_total, samples_with_frames, samples_no_env;
static _Atomic uint64_t fail_counts[16]; /* by -num_frames, 0..10 (11+: other) */

/* The thread's JNIEnv and record index (+1), for the signal handler. */
static __thread JNIEnv *tls_env __attribute__((tls_model("initial-exec")));
static __thread int tls_slot __attribute__((tls_model("initial-exec")));

/* ---------------------------------------------------------------------------------- */
/* Sampling                                                                           */
/* ---------------------------------------------------------------------------------- */

static void on_sigprof(int sig, siginfo_t *si, void *ucontext)
{
    (void)sig;
    atomic_fetch_add(&in_handler, 1);
    if (!atomic_load(&running)) goto out;
    int saved_errno = errno;
    uint64_t weight = 1;
    if (si != NULL && si->si_code == SI_TIMER && si->si_overrun > 0) weight += (uint64_t)si->si_overrun;
    atomic_fetch_add_explicit(&samples_total, weight, memory_order_relaxed);
    JNIEnv *env = tls_env;
    if (env == NULL) {
        atomic_fetch_add_explicit(&samples_no_env, weight, memory_order_relaxed);
    } else {
        ASGCT_CallFrame frames[max_depth + 1];
        ASGCT_CallTrace trace = {env, 0, frames};
        asgct(&trace, max_depth, ucontext);
        int n = trace.num_frames;
        if (n > 0) {
            if (per_thread && tls_slot > 0)
                frames[n++] = (ASGCT_CallFrame){SU_FRAME_THREAD, (jmethodID)(uintptr_t)tls_slot};
            ts_add(frames, n, weight);
            atomic_fetch_add_explicit(&samples_with_frames, weight, memory_order_relaxed);
        } else {
            int code = -n;
            if (code < 0 || code > 11) code = 11;
            atomic_fetch_add_explicit(&fail_counts[code], weight, memory_order_relaxed);
        }
    }
    errno = saved_errno;
out:
    atomic_fetch_sub(&in_handler, 1);
}

static void start_cpu_timer(ThreadRec *r)
{
    struct sigevent sev;
    memset(&sev, 0, sizeof sev);
    sev.sigev_notify = SIGEV_THREAD_ID;
    sev.sigev_signo = SIGPROF;
    sev._sigev_un._tid = r->tid;
    if (timer_create(CLOCK_THREAD_CPUTIME_ID, &sev, &r->timer) != 0) {
        fprintf(stderr, AGENT ": timer_create: %s\n", strerror(errno));
        return;
    }
    struct itimerspec its;
    its.it_interval.tv_sec = interval_ns / 1000000000;
    its.it_interval.tv_nsec = interval_ns % 1000000000;
    its.it_value = its.it_interval;
    timer_settime(r->timer, 0, &its, NULL);
    r->has_timer = true;
}

/* Registers the calling thread (in a JVMTI callback, with its env). */
static void thread_begin(jvmtiEnv *jv, JNIEnv *env, jthread thread)
{
    jvmtiThreadInfo info;
    memset(&info, 0, sizeof info);
    char *name = NULL;
    if (thread != NULL && (*jv)->GetThreadInfo(jv, thread, &info) == JVMTI_ERROR_NONE && info.name != NULL) {
        name = strdup(info.name);
        (*jv)->Deallocate(jv, (unsigned char *)info.name);
    }
    pthread_mutex_lock(&threads_lock);
    if (nthreads < MAX_THREADS) {
        ThreadRec *r = &threads[nthreads++];
        r->tid = (pid_t)syscall(SYS_gettid);
        r->name = name != NULL ? name : strdup("[unnamed thread]");
        r->live = true;
        tls_slot = nthreads;
        if (!wall_mode && atomic_load(&running)) start_cpu_timer(r);
    } else {
        free(name);
    }
    pthread_mutex_unlock(&threads_lock);
    tls_env = env; /* from now on the handler samples this thread */
}

static void thread_finish(void)
{
    tls_env = NULL;
    pthread_mutex_lock(&threads_lock);
    if (tls_slot > 0) {
        ThreadRec *r = &threads[tls_slot - 1];
        r->live = false;
        if (r->has_timer) timer_delete(r->timer);
        r->has_timer = false;
    }
    pthread_mutex_unlock(&threads_lock);
}

static void *wall_sampler(void *arg)
{
    (void)arg;
    pid_t pid = getpid();
    struct timespec ts = {interval_ns / 1000000000, interval_ns % 1000000000};
    while (atomic_load(&running)) {
        nanosleep(&ts, NULL);
        pthread_mutex_lock(&threads_lock);
        for (int i = 0; i < nthreads && atomic_load(&running); i++)
            if (threads[i].live) syscall(SYS_tgkill, pid, threads[i].tid, SIGPROF);
        pthread_mutex_unlock(&threads_lock);
    }
    return NULL;
}

/* Stops sampling and waits until no handler runs any more. */
static void stop_sampling(void)
{
    if (!atomic_exchange(&running, false)) return;
    if (wall_started) pthread_join(wall_thread, NULL);
    pthread_mutex_lock(&threads_lock);
    for (int i = 0; i < nthreads; i++) {
        if (threads[i].has_timer) timer_delete(threads[i].timer);
        threads[i].has_timer = false;
    }
    pthread_mutex_unlock(&threads_lock);
    while (atomic_load(&in_handler) != 0) sched_yield();
}

/* ---------------------------------------------------------------------------------- */
/* Output                                                                             */
/* ---------------------------------------------------------------------------------- */

typedef struct {
    Profile *p;
    int *names;
} BuildArg;

static void add_trace(const ASGCT_CallFrame *f, int n, uint64_t count, void *arg)
{
    BuildArg *b = arg;
    int k = 0;
    for (int i = n - 1; i >= 0; i--) {
        if (f[i].lineno == SU_FRAME_THREAD) {
            uintptr_t slot = (uintptr_t)f[i].method_id;
            const char *name = slot >= 1 && slot <= (uintptr_t)nthreads ? threads[slot - 1].name : "[thread]";
            b->names[k++] = fg_name(b->p, name, FG_THREAD);
        } else {
            b->names[k++] = fg_name(b->p, su_method_name(jvmti, f[i].method_id),
                                    f[i].lineno == ASGCT_NATIVE_FRAME ? FG_NATIVE : FG_JAVA);
        }
    }
    fg_add(b->p, b->names, k, count);
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

static const char *const fail_names[12] = {
    "no Java frame", "ClassLoad not enabled", "GC active", "unknown frame, not in Java",
    "not walkable, not in Java", "unknown frame, in Java", "not walkable, in Java", "unknown state",
    "thread exiting", "deoptimizing", "at a safepoint", "other"};

static void dump(void)
{
    Profile *p = fg_new();
    BuildArg b = {p, malloc((size_t)(max_depth + 2) * sizeof(int))};
    if (p == NULL || b.names == NULL) return;
    ts_each(add_trace, &b);

    char *vm = NULL;
    (*jvmti)->GetSystemProperty(jvmti, "java.vm.name", &vm);
    double ms = (double)interval_ns / 1e6;
    char title[512];
    snprintf(title, sizeof title, "%s profile, %s, interval %g ms: %llu samples", wall_mode ? "Wall-clock" : "CPU",
             vm ? vm : "JVM", ms, (unsigned long long)fg_total(p));

    FILE *out = su_open_output(out_path);
    bool ok = out != NULL && (ends_with(out_path, ".html") ? fg_write_html(p, out, title, "samples")
                                                           : fg_write_collapsed(p, out));
    su_close_output(out);
    if (!ok) fprintf(stderr, AGENT ": cannot write %s\n", out_path);
    if (collapsed_path[0] != '\0') {
        out = su_open_output(collapsed_path);
        if (out == NULL || !fg_write_collapsed(p, out)) fprintf(stderr, AGENT ": cannot write %s\n", collapsed_path);
        su_close_output(out);
    }

    uint64_t total = atomic_load(&samples_total), with = atomic_load(&samples_with_frames);
    fprintf(stderr, AGENT ": %s mode, interval %g ms, %s: %llu samples, %llu with Java frames (%.1f%%)", wall_mode ? "wall" : "cpu",
            ms, vm ? vm : "JVM", (unsigned long long)total, (unsigned long long)with, total ? 100.0 * (double)with / (double)total : 0.0);
    if (ts_dropped() != 0) fprintf(stderr, ", %llu dropped (trace store full)", (unsigned long long)ts_dropped());
    fputc('\n', stderr);
    for (int i = 0; i < 12; i++) {
        uint64_t c = atomic_load(&fail_counts[i]);
        if (c != 0) fprintf(stderr, AGENT ":   %llu without frames: %d (%s)\n", (unsigned long long)c, -i, fail_names[i]);
    }
    if (ok) fprintf(stderr, AGENT ": %s written to %s\n", ends_with(out_path, ".html") ? "flame graph" : "collapsed stacks", out_path);
    if (top_n > 0) fg_write_top(p, stderr, top_n, "samples");
    if (vm) (*jvmti)->Deallocate(jvmti, (unsigned char *)vm);
    free(b.names);
}

/* ---------------------------------------------------------------------------------- */
/* JVMTI                                                                              */
/* ---------------------------------------------------------------------------------- */

static void JNICALL on_vm_start(jvmtiEnv *jv, JNIEnv *env)
{
    atomic_store(&running, true);
    /* The main thread: the only one running Java code before ThreadStart events. */
    thread_begin(jv, env, NULL);
    pthread_mutex_lock(&threads_lock);
    free(threads[tls_slot - 1].name);
    threads[tls_slot - 1].name = strdup("main");
    pthread_mutex_unlock(&threads_lock);
    if (wall_mode && pthread_create(&wall_thread, NULL, wall_sampler, NULL) == 0) wall_started = true;
}

static void JNICALL on_vm_init(jvmtiEnv *jv, JNIEnv *env, jthread thread)
{
    (void)env;
    (void)thread;
    su_touch_all_methods(jv);
}

static void JNICALL on_thread_start(jvmtiEnv *jv, JNIEnv *env, jthread thread)
{
    if (tls_env == NULL) thread_begin(jv, env, thread);
}

static void JNICALL on_thread_end(jvmtiEnv *jv, JNIEnv *env, jthread thread)
{
    (void)jv;
    (void)env;
    (void)thread;
    thread_finish();
}

static void JNICALL on_class_load(jvmtiEnv *jv, JNIEnv *env, jthread thread, jclass klass)
{
    (void)jv;
    (void)env;
    (void)thread;
    (void)klass;
}

static void JNICALL on_class_prepare(jvmtiEnv *jv, JNIEnv *env, jthread thread, jclass klass)
{
    (void)env;
    (void)thread;
    su_touch_methods(jv, klass);
}

static void JNICALL on_vm_death(jvmtiEnv *jv, JNIEnv *env)
{
    (void)jv;
    (void)env;
    stop_sampling();
    dump();
}

static bool parse_options(const char *opts)
{
    static const char *const known[] = {"interval", "mode", "event", "file", "collapsed", "top", "depth", "threads", NULL};
    char v[4096];
    if (!su_opts_check(AGENT, opts, known)) return false;
    if (su_opt(opts, "interval", v, sizeof v) && (interval_ns = su_parse_duration_ns(v)) < 1000) {
        fprintf(stderr, AGENT ": bad interval %s (at least 1us)\n", v);
        return false;
    }
    if (su_opt(opts, "mode", v, sizeof v) || su_opt(opts, "event", v, sizeof v)) {
        if (strcmp(v, "wall") == 0) wall_mode = true;
        else if (strcmp(v, "cpu") != 0) {
            fprintf(stderr, AGENT ": mode is cpu or wall, not %s\n", v);
            return false;
        }
    }
    if (su_opt(opts, "file", v, sizeof v)) snprintf(out_path, sizeof out_path, "%s", v);
    if (su_opt(opts, "collapsed", v, sizeof v)) snprintf(collapsed_path, sizeof collapsed_path, "%s", v);
    if (su_opt(opts, "top", v, sizeof v)) top_n = atoi(v);
    if (su_opt(opts, "depth", v, sizeof v) && ((max_depth = atoi(v)) < 1 || max_depth > 4096)) {
        fprintf(stderr, AGENT ": depth is 1..4096\n");
        return false;
    }
    per_thread = su_opt(opts, "threads", v, sizeof v);
    return true;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    (void)reserved;
    if (!parse_options(options ? options : "")) return JNI_ERR;
    asgct = (AsyncGetCallTraceFn)dlsym(RTLD_DEFAULT, "AsyncGetCallTrace");
    if (asgct == NULL) {
        fprintf(stderr, AGENT ": this JVM has no AsyncGetCallTrace\n");
        return JNI_ERR;
    }
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_1_2) != JNI_OK) return JNI_ERR;
    if (!ts_init(1u << 18, (size_t)64 << 20)) {
        fprintf(stderr, AGENT ": cannot reserve the trace store\n");
        return JNI_ERR;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_sigprof;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGPROF, &sa, NULL) != 0) return JNI_ERR;

    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMStart = on_vm_start;
    cb.VMInit = on_vm_init;
    cb.VMDeath = on_vm_death;
    cb.ThreadStart = on_thread_start;
    cb.ThreadEnd = on_thread_end;
    cb.ClassLoad = on_class_load;
    cb.ClassPrepare = on_class_prepare;
    if (!su_check(jvmti, AGENT, (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb), "SetEventCallbacks")) return JNI_ERR;
    jvmtiEvent events[] = {JVMTI_EVENT_VM_START, JVMTI_EVENT_VM_INIT, JVMTI_EVENT_VM_DEATH, JVMTI_EVENT_THREAD_START,
                           JVMTI_EVENT_THREAD_END, JVMTI_EVENT_CLASS_LOAD, JVMTI_EVENT_CLASS_PREPARE};
    for (size_t i = 0; i < sizeof events / sizeof events[0]; i++)
        if (!su_check(jvmti, AGENT, (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, events[i], NULL),
                      "SetEventNotificationMode"))
            return JNI_ERR;
    return JNI_OK;
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm)
{
    (void)vm;
    stop_sampling(); /* VMDeath did it, unless the VM died without one */
}
