// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * tracer.c — a method tracer: JVMTI MethodEntry/MethodExit, filtered by class and
 * method name patterns, printed as a call tree with the time of each call:
 *
 *   java -agentpath:build/samples/libtracer.so=include=Fib.*,file=trace.txt Main
 *
 *   [main] Fib.main {
 *   [main]   Fib.fib {
 *   [main]     Fib.fib 0.4 us
 *   [main]     Fib.fib 0.3 us
 *   [main]   } Fib.fib 8.2 us
 *   [main] } Fib.main 1.532 ms
 *
 * A call with traced callees opens a block; a call without prints one line with its
 * time when it returns; "(exception)" marks a call ended by an exception. Lines carry
 * the thread's name and are indented by the depth of traced calls on that thread.
 *
 * Options (comma separated):
 *   include=P[;P...]  trace methods whose "package.Class.method" name matches one of the
 *                     glob patterns (* any characters, ? one); default: every method
 *   exclude=P[;P...]  but not these
 *   file=PATH         output (default stderr)
 *   depth=N           print calls only up to N traced levels deep (default 64)
 *   time=0            no times (e.g. for output compared between runs)
 *
 * Cost: MethodEntry/MethodExit events are sent for every method while the tracer runs
 * (filtering happens in the agent, with the decision cached per jmethodID, globally and
 * in a small per-thread cache); on GlassVM
 * that is the interpreter's tool mode, on HotSpot the interpreter only (compiled code
 * is deoptimized).
 */
#define _GNU_SOURCE
#include <fnmatch.h>
#include <stdarg.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../common/sampleutil.h"

#define AGENT "tracer"
#define MAX_STACK 4096

static jvmtiEnv *jvmti;
static char include_pat[4096], exclude_pat[4096];
static int max_depth = 64;
static bool show_time = true;
static FILE *out;
static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic bool active;

/* Per thread: the traced calls in progress (JVMTI thread-local storage). */
#define CACHE_SIZE 256

typedef struct TraceThread {
    char name[64];
    jmethodID cache_m[CACHE_SIZE]; /* recent filter decisions: method, traced? */
    bool cache_t[CACHE_SIZE];
    int depth;                   /* traced calls in progress */
    int64_t start[MAX_STACK];    /* their start times */
    jmethodID method[MAX_STACK];
    bool open[MAX_STACK];        /* printed as a block ("{") already */
} TraceThread;

/* jmethodID -> traced?, open addressing under a lock (a thread's recent decisions are
 * also in a small cache of its own). */
static pthread_mutex_t decide_lock = PTHREAD_MUTEX_INITIALIZER;
static jmethodID *dkeys;
static signed char *dvals;
static size_t dcap, dused;

static bool matches_any(const char *patterns, const char *name)
{
    char pat[4096];
    snprintf(pat, sizeof pat, "%s", patterns);
    for (char *save = NULL, *p = strtok_r(pat, ";|", &save); p != NULL; p = strtok_r(NULL, ";|", &save))
        if (fnmatch(p, name, 0) == 0) return true;
    return false;
}

static bool traced(jmethodID m)
{
    pthread_mutex_lock(&decide_lock);
    if (dused * 2 >= dcap) {
        size_t cap = dcap ? dcap * 2 : 4096;
        jmethodID *k = calloc(cap, sizeof *k);
        signed char *v = calloc(cap, sizeof *v);
        if (k == NULL || v == NULL) {
            pthread_mutex_unlock(&decide_lock);
            free(k);
            free(v);
            return false;
        }
        for (size_t i = 0; i < dcap; i++) {
            if (dkeys[i] == NULL) continue;
            size_t j = ((uintptr_t)dkeys[i] >> 3) & (cap - 1);
            while (k[j] != NULL) j = (j + 1) & (cap - 1);
            k[j] = dkeys[i];
            v[j] = dvals[i];
        }
        free(dkeys);
        free(dvals);
        dkeys = k;
        dvals = v;
        dcap = cap;
    }
    size_t i = ((uintptr_t)m >> 3) & (dcap - 1);
    while (dkeys[i] != NULL && dkeys[i] != m) i = (i + 1) & (dcap - 1);
    if (dkeys[i] == NULL) {
        const char *name = su_method_name(jvmti, m);
        bool t = (include_pat[0] == '\0' || matches_any(include_pat, name)) &&
                 (exclude_pat[0] == '\0' || !matches_any(exclude_pat, name));
        dkeys[i] = m;
        dvals[i] = t;
        dused++;
    }
    bool r = dvals[i] != 0;
    pthread_mutex_unlock(&decide_lock);
    return r;
}

/* traced(m), through the thread's cache first. */
static bool traced_by(TraceThread *tt, jmethodID m)
{
    size_t i = ((uintptr_t)m >> 4) & (CACHE_SIZE - 1);
    if (tt->cache_m[i] != m) {
        tt->cache_t[i] = traced(m);
        tt->cache_m[i] = m;
    }
    return tt->cache_t[i];
}

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static TraceThread *trace_thread(jvmtiEnv *jv, jthread thread)
{
    TraceThread *tt = NULL;
    if ((*jv)->GetThreadLocalStorage(jv, NULL, (void **)&tt) == JVMTI_ERROR_NONE && tt != NULL) return tt;
    tt = calloc(1, sizeof *tt);
    if (tt == NULL) return NULL;
    jvmtiThreadInfo info;
    memset(&info, 0, sizeof info);
    if ((*jv)->GetThreadInfo(jv, thread, &info) == JVMTI_ERROR_NONE && info.name != NULL) {
        snprintf(tt->name, sizeof tt->name, "%s", info.name);
        (*jv)->Deallocate(jv, (unsigned char *)info.name);
    }
    (*jv)->SetThreadLocalStorage(jv, NULL, tt);
    return tt;
}

static void line(TraceThread *tt, int depth, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void line(TraceThread *tt, int depth, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&out_lock);
    fprintf(out, "[%s] %*s", tt->name, 2 * depth, "");
    vfprintf(out, fmt, ap);
    fputc('\n', out);
    pthread_mutex_unlock(&out_lock);
    va_end(ap);
}

/* Prints the block openings of the calls around the current one not printed yet. */
static void open_parents(TraceThread *tt)
{
    for (int i = 0; i < tt->depth && i < max_depth; i++) {
        if (tt->open[i]) continue;
        line(tt, i, "%s {", su_method_name(jvmti, tt->method[i]));
        tt->open[i] = true;
    }
}

static void JNICALL on_method_entry(jvmtiEnv *jv, JNIEnv *env, jthread thread, jmethodID method)
{
    (void)env;
    if (!atomic_load(&active)) return;
    TraceThread *tt = trace_thread(jv, thread);
    if (tt == NULL || tt->depth >= MAX_STACK || !traced_by(tt, method)) return;
    open_parents(tt); /* this call is inside theirs */
    tt->method[tt->depth] = method;
    tt->open[tt->depth] = false;
    tt->start[tt->depth] = now_ns();
    tt->depth++;
}

static void JNICALL on_method_exit(jvmtiEnv *jv, JNIEnv *env, jthread thread, jmethodID method,
                                   jboolean by_exception, jvalue value)
{
    (void)env;
    (void)value;
    if (!atomic_load(&active)) return;
    TraceThread *tt = trace_thread(jv, thread);
    /* A call that began before tracing did (or deeper than MAX_STACK) has no entry. */
    if (tt == NULL || tt->depth == 0 || tt->method[tt->depth - 1] != method || !traced_by(tt, method)) return;
    int d = --tt->depth;
    if (d >= max_depth) return;
    char time[48] = "";
    if (show_time) {
        int64_t ns = now_ns() - tt->start[d];
        if (ns < 1000000) snprintf(time, sizeof time, " %.1f us", (double)ns / 1e3);
        else snprintf(time, sizeof time, " %.3f ms", (double)ns / 1e6);
    }
    const char *exc = by_exception ? " (exception)" : "";
    if (tt->open[d]) line(tt, d, "} %s%s%s", su_method_name(jvmti, method), time, exc);
    else line(tt, d, "%s%s%s", su_method_name(jvmti, method), time, exc);
}

static void JNICALL on_thread_end(jvmtiEnv *jv, JNIEnv *env, jthread thread)
{
    (void)env;
    (void)thread;
    TraceThread *tt = NULL;
    if ((*jv)->GetThreadLocalStorage(jv, NULL, (void **)&tt) == JVMTI_ERROR_NONE && tt != NULL) {
        (*jv)->SetThreadLocalStorage(jv, NULL, NULL);
        free(tt);
    }
}

static void JNICALL on_vm_init(jvmtiEnv *jv, JNIEnv *env, jthread thread)
{
    (void)env;
    (void)thread;
    atomic_store(&active, true);
    jvmtiEvent events[] = {JVMTI_EVENT_METHOD_ENTRY, JVMTI_EVENT_METHOD_EXIT, JVMTI_EVENT_THREAD_END};
    for (size_t i = 0; i < sizeof events / sizeof events[0]; i++)
        su_check(jv, AGENT, (*jv)->SetEventNotificationMode(jv, JVMTI_ENABLE, events[i], NULL), "enabling events");
}

static void JNICALL on_vm_death(jvmtiEnv *jv, JNIEnv *env)
{
    (void)jv;
    (void)env;
    atomic_store(&active, false);
    pthread_mutex_lock(&out_lock);
    fflush(out);
    pthread_mutex_unlock(&out_lock);
}

static bool parse_options(const char *opts)
{
    static const char *const known[] = {"include", "exclude", "file", "depth", "time", NULL};
    char v[4096];
    if (!su_opts_check(AGENT, opts, known)) return false;
    su_opt(opts, "include", include_pat, sizeof include_pat);
    su_opt(opts, "exclude", exclude_pat, sizeof exclude_pat);
    out = stderr;
    if (su_opt(opts, "file", v, sizeof v) && (out = su_open_output(v)) == NULL) {
        fprintf(stderr, AGENT ": cannot write %s\n", v);
        return false;
    }
    if (su_opt(opts, "depth", v, sizeof v) && (max_depth = atoi(v)) < 1) {
        fprintf(stderr, AGENT ": depth is at least 1\n");
        return false;
    }
    if (su_opt(opts, "time", v, sizeof v)) show_time = strcmp(v, "0") != 0 && strcmp(v, "off") != 0;
    return true;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    (void)reserved;
    if (!parse_options(options ? options : "")) return JNI_ERR;
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_1_2) != JNI_OK) return JNI_ERR;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_method_entry_events = 1;
    caps.can_generate_method_exit_events = 1;
    if (!su_check(jvmti, AGENT, (*jvmti)->AddCapabilities(jvmti, &caps), "AddCapabilities")) return JNI_ERR;
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMInit = on_vm_init;
    cb.VMDeath = on_vm_death;
    cb.MethodEntry = on_method_entry;
    cb.MethodExit = on_method_exit;
    cb.ThreadEnd = on_thread_end;
    if (!su_check(jvmti, AGENT, (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb), "SetEventCallbacks")) return JNI_ERR;
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, NULL);
    return JNI_OK;
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm)
{
    (void)vm;
    if (out != NULL && out != stderr && out != stdout) fclose(out);
    else if (out != NULL) fflush(out);
    out = NULL;
}
