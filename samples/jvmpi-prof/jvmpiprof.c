/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * jvmpiprof — a small profiler written against JVMPI (include/jvmpi.h), in the manner of
 * the JDK 1.2-1.5 hprof agent: per-method call counts with inclusive and exclusive CPU
 * time, and allocation sites, written as a plain-text report sorted as hprof sorts its
 * CPU TIME and SITES sections.
 *
 *   java -Xrunjvmpiprof[:cpu=times][,heap=sites][,depth=N][,file=NAME] ...
 *
 *   cpu=times   METHOD_ENTRY/METHOD_EXIT: calls per method, CPU time (the thread's, from
 *               GetCurrentThreadCpuTime) spent in it including and excluding its callees
 *   heap=sites  OBJECT_ALLOC: objects and bytes allocated per site, a site being the
 *               object's class and the top `depth` frames (GetCallTrace) where it was
 *               allocated
 *   depth=N     frames per allocation site (default 4, at most 16)
 *   file=NAME   where the report goes (default jvmpiprof.txt); written at JVM_SHUT_DOWN
 *               and on each DATA_DUMP_REQUEST (Ctrl-\ / kill -QUIT / jcmd JVMTI.data_dump)
 *
 * Threads: each thread keeps its own shadow stack of method activations in JVMPI
 * thread-local storage, so METHOD_ENTRY/EXIT take no lock; the per-method totals are
 * atomic. Allocation sites and the name tables are under one pthread mutex. Method and
 * class names come from CLASS_LOAD (JVMPI sends one for every class that existed before
 * JVM_INIT_DONE); a class ID met before its CLASS_LOAD is resolved with RequestEvent.
 *
 * Inclusive time counts every activation, so a recursive method's inclusive time counts
 * the inner calls again (hprof 1.2 did the same).
 */
#include <jvmpi.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static JVMPI_Interface *jvmpi;
static int cpu_times, heap_sites, depth = 4;
static char out_file[1024] = "jvmpiprof.txt";
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* ------------------------------------------------------------------------------------ */
/* Names: methods and classes from CLASS_LOAD                                           */
/* ------------------------------------------------------------------------------------ */

typedef struct Method {
    jmethodID id;
    char *name;                 /* Class.method(sig) */
    const char *source;         /* the class's source file, or NULL */
    int start_line;
    _Atomic long long calls, incl_ns, excl_ns;
    struct Method *next;
} Method;

typedef struct ClassName {
    jobjectID id;
    char *name;
    struct ClassName *next;
} ClassName;

#define NBUCKETS 8192
static Method *methods[NBUCKETS];
static ClassName *classes[NBUCKETS];

static unsigned bucket(const void *p) { return (unsigned)(((uintptr_t)p >> 3) * 2654435761u) % NBUCKETS; }

/* Lock-free readers: entries are only ever prepended, published with a release store. */
static Method *method_find(jmethodID id)
{
    for (Method *m = __atomic_load_n(&methods[bucket(id)], __ATOMIC_ACQUIRE); m; m = m->next)
        if (m->id == id) return m;
    return NULL;
}

static const char *class_find(jobjectID id)
{
    for (ClassName *c = __atomic_load_n(&classes[bucket(id)], __ATOMIC_ACQUIRE); c; c = c->next)
        if (c->id == id) return c->name;
    return NULL;
}

/* CLASS_UNLOAD: the class's method IDs may name other methods later. Its methods come
 * from a CLASS_LOAD requested in the handler; their records keep their totals for the
 * report but no longer match an ID. (The handler runs while the collector has the world
 * stopped: the lock is only ever held by agent code, which does not stop.) */
static _Atomic int unloading;

static void class_unloaded(JVMPI_Event *e)
{
    atomic_store(&unloading, 1);
    jvmpi->RequestEvent(JVMPI_EVENT_CLASS_LOAD, e->u.class_unload.class_id);
    atomic_store(&unloading, 0);
}

static void retire_methods(JVMPI_Event *e)
{
    pthread_mutex_lock(&lock);
    for (int i = 0; i < e->u.class_load.num_methods; i++) {
        Method *m = method_find(e->u.class_load.methods[i].method_id);
        if (m != NULL) m->id = NULL;
    }
    jobjectID cid = e->u.class_load.class_id; /* the mirror's address may be reused too */
    for (ClassName *c = classes[bucket(cid)]; c; c = c->next)
        if (c->id == cid) c->id = NULL;
    pthread_mutex_unlock(&lock);
}

static void class_loaded(JVMPI_Event *e)
{
    if ((e->event_type & JVMPI_REQUESTED_EVENT) && atomic_load(&unloading)) {
        retire_methods(e);
        return;
    }
    const char *cn = e->u.class_load.class_name;
    const char *src = e->u.class_load.source_name ? strdup(e->u.class_load.source_name) : NULL;
    pthread_mutex_lock(&lock);
    if (class_find(e->u.class_load.class_id) == NULL) {
        ClassName *c = malloc(sizeof *c);
        c->id = e->u.class_load.class_id;
        c->name = strdup(cn);
        c->next = classes[bucket(c->id)];
        __atomic_store_n(&classes[bucket(c->id)], c, __ATOMIC_RELEASE);
    }
    for (int i = 0; i < e->u.class_load.num_methods; i++) {
        JVMPI_Method *jm = &e->u.class_load.methods[i];
        if (jm->method_id == NULL || method_find(jm->method_id) != NULL) continue;
        Method *m = calloc(1, sizeof *m);
        m->id = jm->method_id;
        size_t n = strlen(cn) + strlen(jm->method_name) + strlen(jm->method_signature) + 2;
        m->name = malloc(n);
        snprintf(m->name, n, "%s.%s%s", cn, jm->method_name, jm->method_signature);
        m->source = src;
        m->start_line = jm->start_lineno;
        m->next = methods[bucket(m->id)];
        __atomic_store_n(&methods[bucket(m->id)], m, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&lock);
}

/* ------------------------------------------------------------------------------------ */
/* cpu=times: shadow stacks                                                             */
/* ------------------------------------------------------------------------------------ */

typedef struct Activation {
    Method *m;
    long long start, children;
} Activation;

typedef struct Stack {
    Activation *v;
    int n, cap;
} Stack;

static Stack *stack_of(JNIEnv *env)
{
    Stack *s = jvmpi->GetThreadLocalStorage(env);
    if (s == NULL) {
        s = calloc(1, sizeof *s);
        jvmpi->SetThreadLocalStorage(env, s);
    }
    return s;
}

static void method_entry(JNIEnv *env, jmethodID id)
{
    Method *m = method_find(id);
    if (m == NULL) return;
    Stack *s = stack_of(env);
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 64;
        s->v = realloc(s->v, (size_t)s->cap * sizeof *s->v);
    }
    s->v[s->n++] = (Activation){m, jvmpi->GetCurrentThreadCpuTime(), 0};
}

static void method_exit(JNIEnv *env, jmethodID id)
{
    Method *m = method_find(id);
    if (m == NULL) return;
    Stack *s = jvmpi->GetThreadLocalStorage(env);
    if (s == NULL || s->n == 0) return; /* entered before profiling began */
    long long now = jvmpi->GetCurrentThreadCpuTime();
    /* Activations above m whose exits never came (none should) are closed too. */
    while (s->n > 0) {
        Activation a = s->v[--s->n];
        long long incl = now - a.start;
        atomic_fetch_add(&a.m->calls, 1);
        atomic_fetch_add(&a.m->incl_ns, incl);
        atomic_fetch_add(&a.m->excl_ns, incl - a.children);
        if (s->n > 0) s->v[s->n - 1].children += incl;
        if (a.m == m) break;
    }
}

/* ------------------------------------------------------------------------------------ */
/* heap=sites                                                                           */
/* ------------------------------------------------------------------------------------ */

typedef struct Site {
    char *cls;
    int nframes;
    JVMPI_CallFrame frames[16];
    long long objs, bytes;
    struct Site *next;
} Site;

static Site *sites[NBUCKETS];
static int nsites;

static const char *prim_name(jint ty)
{
    switch (ty) {
    case JVMPI_BOOLEAN: return "boolean[]";
    case JVMPI_CHAR: return "char[]";
    case JVMPI_FLOAT: return "float[]";
    case JVMPI_DOUBLE: return "double[]";
    case JVMPI_BYTE: return "byte[]";
    case JVMPI_SHORT: return "short[]";
    case JVMPI_INT: return "int[]";
    case JVMPI_LONG: return "long[]";
    default: return "?";
    }
}

/* Same frames? (Field by field: JVMPI_CallFrame has padding after lineno.) */
static int same_frames(const JVMPI_CallFrame *a, const JVMPI_CallFrame *b, int n)
{
    for (int i = 0; i < n; i++)
        if (a[i].lineno != b[i].lineno || a[i].method_id != b[i].method_id) return 0;
    return 1;
}

static void object_alloc(JVMPI_Event *e)
{
    JVMPI_CallFrame frames[16];
    JVMPI_CallTrace tr = {e->env_id, 0, frames};
    jvmpi->GetCallTrace(&tr, depth);
    char cls[512];
    jint ty = e->u.obj_alloc.is_array;
    if (ty != JVMPI_NORMAL_OBJECT && ty != JVMPI_CLASS) {
        snprintf(cls, sizeof cls, "%s", prim_name(ty));
    } else {
        jobjectID cid = e->u.obj_alloc.class_id;
        const char *n = cid ? class_find(cid) : "java.lang.Class";
        if (n == NULL) { /* allocated before its class's CLASS_LOAD reached us */
            jvmpi->RequestEvent(JVMPI_EVENT_CLASS_LOAD, cid);
            n = class_find(cid);
        }
        snprintf(cls, sizeof cls, "%s%s", n ? n : "<unknown>", ty == JVMPI_CLASS ? "[]" : "");
    }
    unsigned h = 5381;
    for (const char *p = cls; *p; p++) h = h * 33 + (unsigned char)*p;
    for (int i = 0; i < tr.num_frames; i++) h = h * 31 + bucket(frames[i].method_id) + (unsigned)frames[i].lineno;
    h %= NBUCKETS;
    pthread_mutex_lock(&lock);
    Site *s = sites[h];
    for (; s; s = s->next)
        if (s->nframes == tr.num_frames && strcmp(s->cls, cls) == 0 && same_frames(s->frames, frames, tr.num_frames))
            break;
    if (s == NULL) {
        s = calloc(1, sizeof *s);
        s->cls = strdup(cls);
        s->nframes = tr.num_frames;
        memcpy(s->frames, frames, (size_t)tr.num_frames * sizeof *frames);
        s->next = sites[h];
        sites[h] = s;
        nsites++;
    }
    s->objs++;
    s->bytes += e->u.obj_alloc.size;
    pthread_mutex_unlock(&lock);
}

/* ------------------------------------------------------------------------------------ */
/* The report                                                                           */
/* ------------------------------------------------------------------------------------ */

static int by_excl(const void *a, const void *b)
{
    long long x = atomic_load(&(*(Method *const *)a)->excl_ns), y = atomic_load(&(*(Method *const *)b)->excl_ns);
    if (x != y) return x < y ? 1 : -1;
    return strcmp((*(Method *const *)a)->name, (*(Method *const *)b)->name);
}

static int by_bytes(const void *a, const void *b)
{
    const Site *x = *(Site *const *)a, *y = *(Site *const *)b;
    if (x->bytes != y->bytes) return x->bytes < y->bytes ? 1 : -1;
    if (x->objs != y->objs) return x->objs < y->objs ? 1 : -1;
    return strcmp(x->cls, y->cls);
}

static void frame_text(char *buf, size_t n, const JVMPI_CallFrame *f)
{
    Method *m = method_find(f->method_id);
    const char *src = m && m->source ? m->source : "Unknown Source";
    if (f->lineno == -3) snprintf(buf, n, "%s (Native Method)", m ? m->name : "<unknown method>");
    else if (f->lineno < 0) snprintf(buf, n, "%s (%s)", m ? m->name : "<unknown method>", src);
    else snprintf(buf, n, "%s (%s:%d)", m ? m->name : "<unknown method>", src, (int)f->lineno);
}

static void write_report(void)
{
    FILE *f = fopen(out_file, "w");
    if (f == NULL) {
        fprintf(stderr, "jvmpiprof: cannot write %s\n", out_file);
        return;
    }
    fprintf(f, "JVMPIPROF: a JVMPI profiler (samples/jvmpi-prof), cpu=%s heap=%s depth=%d\n\n",
            cpu_times ? "times" : "off", heap_sites ? "sites" : "off", depth);
    pthread_mutex_lock(&lock);
    if (cpu_times) {
        int n = 0;
        for (int b = 0; b < NBUCKETS; b++)
            for (Method *m = methods[b]; m; m = m->next) n += atomic_load(&m->calls) > 0;
        Method **v = malloc((size_t)(n ? n : 1) * sizeof *v);
        long long total = 0;
        n = 0;
        for (int b = 0; b < NBUCKETS; b++)
            for (Method *m = methods[b]; m; m = m->next)
                if (atomic_load(&m->calls) > 0) {
                    v[n++] = m;
                    total += atomic_load(&m->excl_ns);
                }
        qsort(v, (size_t)n, sizeof *v, by_excl);
        fprintf(f, "CPU TIME (ms) BEGIN (total = %lld)\n", total / 1000000);
        fprintf(f, "rank   self  accum      count   incl(ms)   excl(ms) method\n");
        long long accum = 0;
        for (int i = 0; i < n; i++) {
            long long ex = atomic_load(&v[i]->excl_ns);
            accum += ex;
            fprintf(f, "%4d %5.2f%% %5.2f%% %10lld %10.3f %10.3f %s\n", i + 1, total ? 100.0 * ex / total : 0.0,
                    total ? 100.0 * accum / total : 0.0, atomic_load(&v[i]->calls), atomic_load(&v[i]->incl_ns) / 1e6,
                    ex / 1e6, v[i]->name);
        }
        fprintf(f, "CPU TIME (ms) END\n\n");
        free(v);
    }
    if (heap_sites) {
        Site **v = malloc((size_t)(nsites ? nsites : 1) * sizeof *v);
        int n = 0;
        long long total = 0, objs = 0;
        for (int b = 0; b < NBUCKETS; b++)
            for (Site *s = sites[b]; s; s = s->next) {
                v[n++] = s;
                total += s->bytes;
                objs += s->objs;
            }
        qsort(v, (size_t)n, sizeof *v, by_bytes);
        fprintf(f, "SITES BEGIN (ordered by allocated bytes) (total = %lld bytes, %lld objects)\n", total, objs);
        fprintf(f, "rank   self  accum       bytes    objs class\n");
        long long accum = 0;
        for (int i = 0; i < n; i++) {
            Site *s = v[i];
            accum += s->bytes;
            fprintf(f, "%4d %5.2f%% %5.2f%% %11lld %7lld %s\n", i + 1, total ? 100.0 * s->bytes / total : 0.0,
                    total ? 100.0 * accum / total : 0.0, s->bytes, s->objs, s->cls);
            for (int k = 0; k < s->nframes; k++) {
                char buf[1024];
                frame_text(buf, sizeof buf, &s->frames[k]);
                fprintf(f, "\tat %s\n", buf);
            }
        }
        fprintf(f, "SITES END\n");
        free(v);
    }
    pthread_mutex_unlock(&lock);
    fclose(f);
}

/* ------------------------------------------------------------------------------------ */
/* Events and start-up                                                                  */
/* ------------------------------------------------------------------------------------ */

static void notify(JVMPI_Event *e)
{
    switch (e->event_type & ~JVMPI_REQUESTED_EVENT) {
    case JVMPI_EVENT_CLASS_LOAD: class_loaded(e); break;
    case JVMPI_EVENT_CLASS_UNLOAD: class_unloaded(e); break;
    case JVMPI_EVENT_METHOD_ENTRY: method_entry(e->env_id, e->u.method.method_id); break;
    case JVMPI_EVENT_METHOD_EXIT: method_exit(e->env_id, e->u.method.method_id); break;
    case JVMPI_EVENT_OBJECT_ALLOC:
        if (!(e->event_type & JVMPI_REQUESTED_EVENT)) object_alloc(e);
        break;
    case JVMPI_EVENT_THREAD_END: {
        Stack *s = jvmpi->GetThreadLocalStorage(e->env_id);
        if (s != NULL) {
            jvmpi->SetThreadLocalStorage(e->env_id, NULL);
            free(s->v);
            free(s);
        }
        break;
    }
    case JVMPI_EVENT_DATA_DUMP_REQUEST:
    case JVMPI_EVENT_JVM_SHUT_DOWN: write_report(); break;
    }
}

static int parse_options(const char *opts)
{
    if (opts == NULL || *opts == 0) {
        cpu_times = heap_sites = 1;
        return 0;
    }
    char *copy = strdup(opts), *save = NULL;
    for (char *o = strtok_r(copy, ",", &save); o; o = strtok_r(NULL, ",", &save)) {
        if (strcmp(o, "cpu=times") == 0) cpu_times = 1;
        else if (strcmp(o, "heap=sites") == 0) heap_sites = 1;
        else if (strncmp(o, "depth=", 6) == 0) depth = atoi(o + 6);
        else if (strncmp(o, "file=", 5) == 0) snprintf(out_file, sizeof out_file, "%s", o + 5);
        else {
            fprintf(stderr, "jvmpiprof: unknown option %s (cpu=times, heap=sites, depth=N, file=NAME)\n", o);
            free(copy);
            return -1;
        }
    }
    free(copy);
    if (depth < 1) depth = 1;
    if (depth > 16) depth = 16;
    return 0;
}

JNIEXPORT jint JNICALL JVM_OnLoad(JavaVM *vm, char *options, void *reserved);
JNIEXPORT jint JNICALL JVM_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    if (parse_options(options) != 0) return JNI_ERR;
    if ((*vm)->GetEnv(vm, (void **)&jvmpi, JVMPI_VERSION_1_1) != JNI_OK) {
        fprintf(stderr, "jvmpiprof: this VM has no JVMPI\n");
        return JNI_ERR;
    }
    jvmpi->NotifyEvent = notify;
    jvmpi->EnableEvent(JVMPI_EVENT_CLASS_LOAD, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_CLASS_UNLOAD, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_THREAD_END, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_DATA_DUMP_REQUEST, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_JVM_SHUT_DOWN, NULL);
    if (cpu_times) {
        jvmpi->EnableEvent(JVMPI_EVENT_METHOD_ENTRY, NULL);
        jvmpi->EnableEvent(JVMPI_EVENT_METHOD_EXIT, NULL);
    }
    if (heap_sites) jvmpi->EnableEvent(JVMPI_EVENT_OBJECT_ALLOC, NULL);
    return JNI_OK;
}
