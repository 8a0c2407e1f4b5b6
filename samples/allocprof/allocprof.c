// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * allocprof.c — a heap-allocation profiler: JVMTI SampledObjectAlloc (one allocation
 * about every `interval` bytes a thread allocates), aggregated by allocation site and
 * class into a flame graph whose leaves are the allocated classes:
 *
 *   java -agentpath:build/samples/liballocprof.so=interval=64k,file=alloc.html Main
 *
 * Options (comma separated):
 *   interval=N      mean bytes between samples (k, m, g suffixes); default 512k, the
 *                   JVMTI default; 0 samples every allocation
 *   file=PATH       flame graph (.html) or collapsed stacks (any other name); default
 *                   alloc.html
 *   collapsed=PATH  collapsed stacks as well
 *   top=N           the N classes with the most allocated bytes on stderr (default 10)
 *   depth=N         deepest stack recorded (default 256)
 *
 * Weights are estimated bytes: a sampled object smaller than the interval stands for
 * `interval` bytes (each byte is sampled with probability 1/interval, so the sum is an
 * unbiased estimate of the bytes allocated), a larger one for its own size. The stack
 * comes from GetStackTrace in the callback (on the allocating thread); traces go into
 * the same store as the profiler's (sampleutil.h). Runs on HotSpot too.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "../common/flamegraph.h"
#include "../common/sampleutil.h"

#define AGENT "allocprof"

static jvmtiEnv *jvmti;
static int64_t interval = 512 * 1024;
static int max_depth = 256, top_n = 10;
static char out_path[4096] = "alloc.html", collapsed_path[4096];
static _Atomic bool active;
static _Atomic int in_callback;
static _Atomic uint64_t samples;

/* Class names by interned index (frames carry the index), found by name through an
 * open-addressing table of indices + 1. */
static pthread_mutex_t classes_lock = PTHREAD_MUTEX_INITIALIZER;
static char **class_names;
static int nclasses, classes_cap;
static int *class_table;
static size_t class_table_cap;

static size_t name_hash(const char *s)
{
    size_t h = 5381;
    for (; *s; s++) h = h * 33 + (unsigned char)*s;
    return h;
}

/* Under classes_lock: the slot of `name` in class_table (empty or holding it). */
static size_t class_slot(const char *name)
{
    size_t i = name_hash(name) & (class_table_cap - 1);
    while (class_table[i] != 0 && strcmp(class_names[class_table[i] - 1], name) != 0) i = (i + 1) & (class_table_cap - 1);
    return i;
}

/* Under classes_lock: room for one more name. */
static bool grow_classes(void)
{
    if (nclasses == classes_cap) {
        int cap = classes_cap ? classes_cap * 2 : 256;
        char **a = realloc(class_names, (size_t)cap * sizeof *a);
        if (a == NULL) return false;
        class_names = a;
        classes_cap = cap;
    }
    if ((size_t)(nclasses + 1) * 2 > class_table_cap) {
        size_t cap = class_table_cap ? class_table_cap * 2 : 1024;
        int *t = calloc(cap, sizeof *t);
        if (t == NULL) return false;
        free(class_table);
        class_table = t;
        class_table_cap = cap;
        for (int i = 0; i < nclasses; i++) class_table[class_slot(class_names[i])] = i + 1;
    }
    return true;
}

/* The index of the name of class k ("java.lang.String", "int[]"), or -1. */
static int class_index(jvmtiEnv *jv, jclass k)
{
    char *sig = NULL;
    if ((*jv)->GetClassSignature(jv, k, &sig, NULL) != JVMTI_ERROR_NONE) return -1;
    char *name = su_class_name_from_signature(sig);
    (*jv)->Deallocate(jv, (unsigned char *)sig);
    if (name == NULL) return -1;
    int r = -1;
    pthread_mutex_lock(&classes_lock);
    if (grow_classes()) {
        size_t slot = class_slot(name);
        if (class_table[slot] == 0) {
            class_names[nclasses++] = name;
            class_table[slot] = nclasses;
            name = NULL;
        }
        r = class_table[slot] - 1;
    }
    pthread_mutex_unlock(&classes_lock);
    free(name);
    return r;
}

static void JNICALL on_sampled_alloc(jvmtiEnv *jv, JNIEnv *env, jthread thread, jobject object, jclass klass,
                                     jlong size)
{
    (void)env;
    (void)thread;
    (void)object;
    atomic_fetch_add(&in_callback, 1);
    if (atomic_load(&active)) {
        jvmtiFrameInfo fi[max_depth];
        ASGCT_CallFrame frames[max_depth + 1];
        jint n = 0;
        int ci = class_index(jv, klass);
        if (ci >= 0 && (*jv)->GetStackTrace(jv, NULL, 0, max_depth, fi, &n) == JVMTI_ERROR_NONE) {
            frames[0] = (ASGCT_CallFrame){SU_FRAME_CLASS, (jmethodID)(uintptr_t)ci};
            for (jint i = 0; i < n; i++) frames[i + 1] = (ASGCT_CallFrame){(jint)fi[i].location, fi[i].method};
            uint64_t weight = size < interval ? (uint64_t)(interval > 0 ? interval : size) : (uint64_t)size;
            ts_add(frames, n + 1, weight);
            atomic_fetch_add(&samples, 1);
        }
    }
    atomic_fetch_sub(&in_callback, 1);
}

typedef struct {
    Profile *p;
    int *names;
} BuildArg;

static void add_trace(const ASGCT_CallFrame *f, int n, uint64_t count, void *arg)
{
    BuildArg *b = arg;
    int k = 0;
    for (int i = n - 1; i >= 0; i--) {
        if (f[i].lineno == SU_FRAME_CLASS) {
            uintptr_t ci = (uintptr_t)f[i].method_id;
            b->names[k++] = fg_name(b->p, ci < (uintptr_t)nclasses ? class_names[ci] : "[class]", FG_CLASS);
        } else {
            jboolean native = JNI_FALSE;
            (*jvmti)->IsMethodNative(jvmti, f[i].method_id, &native);
            b->names[k++] = fg_name(b->p, su_method_name(jvmti, f[i].method_id), native ? FG_NATIVE : FG_JAVA);
        }
    }
    fg_add(b->p, b->names, k, count);
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

static void JNICALL on_vm_death(jvmtiEnv *jv, JNIEnv *env)
{
    (void)env;
    atomic_store(&active, false);
    (*jv)->SetEventNotificationMode(jv, JVMTI_DISABLE, JVMTI_EVENT_SAMPLED_OBJECT_ALLOC, NULL);
    while (atomic_load(&in_callback) != 0) sched_yield();

    Profile *p = fg_new();
    BuildArg b = {p, malloc((size_t)(max_depth + 2) * sizeof(int))};
    if (p == NULL || b.names == NULL) return;
    ts_each(add_trace, &b);
    char *vm = NULL;
    (*jv)->GetSystemProperty(jv, "java.vm.name", &vm);
    char title[512];
    snprintf(title, sizeof title, "Allocation profile, %s, interval %lld bytes: %llu samples, about %.1f MiB",
             vm ? vm : "JVM", (long long)interval, (unsigned long long)atomic_load(&samples),
             (double)fg_total(p) / (1024.0 * 1024.0));
    FILE *out = su_open_output(out_path);
    bool ok = out != NULL && (ends_with(out_path, ".html") ? fg_write_html(p, out, title, "bytes")
                                                           : fg_write_collapsed(p, out));
    su_close_output(out);
    if (!ok) fprintf(stderr, AGENT ": cannot write %s\n", out_path);
    if (collapsed_path[0] != '\0') {
        out = su_open_output(collapsed_path);
        if (out == NULL || !fg_write_collapsed(p, out)) fprintf(stderr, AGENT ": cannot write %s\n", collapsed_path);
        su_close_output(out);
    }
    fprintf(stderr, AGENT ": %s, interval %lld bytes: %llu samples, about %llu bytes allocated", vm ? vm : "JVM",
            (long long)interval, (unsigned long long)atomic_load(&samples), (unsigned long long)fg_total(p));
    if (ts_dropped() != 0) fprintf(stderr, ", %llu dropped (trace store full)", (unsigned long long)ts_dropped());
    fputc('\n', stderr);
    if (ok) fprintf(stderr, AGENT ": %s written to %s\n", ends_with(out_path, ".html") ? "flame graph" : "collapsed stacks", out_path);
    if (top_n > 0) fg_write_top(p, stderr, top_n, "bytes");
    if (vm) (*jv)->Deallocate(jv, (unsigned char *)vm);
    free(b.names);
}

static void JNICALL on_vm_init(jvmtiEnv *jv, JNIEnv *env, jthread thread)
{
    (void)env;
    (void)thread;
    atomic_store(&active, true);
    su_check(jv, AGENT, (*jv)->SetEventNotificationMode(jv, JVMTI_ENABLE, JVMTI_EVENT_SAMPLED_OBJECT_ALLOC, NULL),
             "enabling SampledObjectAlloc");
}

static bool parse_options(const char *opts)
{
    static const char *const known[] = {"interval", "file", "collapsed", "top", "depth", NULL};
    char v[4096];
    if (!su_opts_check(AGENT, opts, known)) return false;
    if (su_opt(opts, "interval", v, sizeof v) && ((interval = su_parse_size(v)) < 0 || interval > INT32_MAX)) {
        fprintf(stderr, AGENT ": bad interval %s\n", v);
        return false;
    }
    if (su_opt(opts, "file", v, sizeof v)) snprintf(out_path, sizeof out_path, "%s", v);
    if (su_opt(opts, "collapsed", v, sizeof v)) snprintf(collapsed_path, sizeof collapsed_path, "%s", v);
    if (su_opt(opts, "top", v, sizeof v)) top_n = atoi(v);
    if (su_opt(opts, "depth", v, sizeof v) && ((max_depth = atoi(v)) < 1 || max_depth > 4096)) {
        fprintf(stderr, AGENT ": depth is 1..4096\n");
        return false;
    }
    return true;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    (void)reserved;
    if (!parse_options(options ? options : "")) return JNI_ERR;
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_11) != JNI_OK) {
        fprintf(stderr, AGENT ": this JVM has no JVMTI 11 (heap sampling)\n");
        return JNI_ERR;
    }
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_sampled_object_alloc_events = 1;
    if (!su_check(jvmti, AGENT, (*jvmti)->AddCapabilities(jvmti, &caps), "AddCapabilities")) return JNI_ERR;
    if (!su_check(jvmti, AGENT, (*jvmti)->SetHeapSamplingInterval(jvmti, (jint)interval), "SetHeapSamplingInterval"))
        return JNI_ERR;
    if (!ts_init(1u << 18, (size_t)32 << 20)) {
        fprintf(stderr, AGENT ": cannot reserve the trace store\n");
        return JNI_ERR;
    }
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMInit = on_vm_init;
    cb.VMDeath = on_vm_death;
    cb.SampledObjectAlloc = on_sampled_alloc;
    if (!su_check(jvmti, AGENT, (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb), "SetEventCallbacks")) return JNI_ERR;
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, NULL);
    return JNI_OK;
}
