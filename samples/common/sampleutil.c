// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * sampleutil.c — options, the signal-safe call-trace store and jmethodID naming shared
 * by the sample agents (sampleutil.h).
 */
#define _GNU_SOURCE
#include "sampleutil.h"

#include <ctype.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* ---------------------------------------------------------------------------------- */
/* Options                                                                            */
/* ---------------------------------------------------------------------------------- */

/* The next "key[=value]" item of *p (advanced past it and its comma). */
static bool next_item(const char **p, const char **key, size_t *klen, const char **val, size_t *vlen)
{
    const char *s = *p;
    if (s == NULL || *s == '\0') return false;
    const char *end = strchr(s, ',');
    if (end == NULL) end = s + strlen(s);
    const char *eq = memchr(s, '=', (size_t)(end - s));
    *key = s;
    *klen = (size_t)((eq ? eq : end) - s);
    *val = eq ? eq + 1 : end;
    *vlen = (size_t)(end - *val);
    *p = *end == ',' ? end + 1 : end;
    return true;
}

bool su_opt(const char *opts, const char *key, char *buf, size_t n)
{
    const char *p = opts, *k, *v;
    size_t kl, vl;
    bool found = false;
    while (next_item(&p, &k, &kl, &v, &vl)) {
        if (kl != strlen(key) || strncmp(k, key, kl) != 0) continue;
        if (vl >= n) vl = n - 1;
        memcpy(buf, v, vl);
        buf[vl] = '\0';
        found = true; /* the last occurrence wins */
    }
    return found;
}

bool su_opts_check(const char *agent, const char *opts, const char *const *known)
{
    const char *p = opts, *k, *v;
    size_t kl, vl;
    while (next_item(&p, &k, &kl, &v, &vl)) {
        if (kl == 0) continue;
        bool ok = false;
        for (int i = 0; known[i] != NULL && !ok; i++) ok = strlen(known[i]) == kl && strncmp(known[i], k, kl) == 0;
        if (!ok) {
            fprintf(stderr, "%s: unknown option %.*s\n", agent, (int)kl, k);
            return false;
        }
    }
    return true;
}

int64_t su_parse_duration_ns(const char *s)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || v < 0) return -1;
    double unit = 1e6;
    if (strcmp(end, "ns") == 0) unit = 1;
    else if (strcmp(end, "us") == 0) unit = 1e3;
    else if (strcmp(end, "ms") == 0 || *end == '\0') unit = 1e6;
    else if (strcmp(end, "s") == 0) unit = 1e9;
    else return -1;
    return (int64_t)(v * unit);
}

int64_t su_parse_size(const char *s)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || v < 0) return -1;
    double unit = 1;
    switch (tolower((unsigned char)*end)) {
    case '\0': break;
    case 'k': unit = 1024.0; break;
    case 'm': unit = 1024.0 * 1024; break;
    case 'g': unit = 1024.0 * 1024 * 1024; break;
    default: return -1;
    }
    if (*end != '\0' && end[1] != '\0' && !(tolower((unsigned char)end[1]) == 'b' && end[2] == '\0')) return -1;
    return (int64_t)(v * unit);
}

/* ---------------------------------------------------------------------------------- */
/* Call-trace store                                                                   */
/* ---------------------------------------------------------------------------------- */

typedef struct TsEntry {
    _Atomic uint64_t key;   /* hash of the frames, 0 = free */
    _Atomic uint64_t count;
    uint32_t off, n;        /* the frames in the arena, valid once `ready` */
    _Atomic uint32_t ready; /* 1: frames stored; 2: the arena was full (dropped) */
} TsEntry;

#define TS_MAX_PROBES 512

static TsEntry *table;
static size_t table_mask;
static ASGCT_CallFrame *arena;
static size_t arena_cap;
static _Atomic size_t arena_top;
static _Atomic uint64_t dropped;

bool ts_init(size_t max_traces, size_t max_frames)
{
    size_t cap = 1024;
    while (cap < max_traces) cap <<= 1;
    /* Both reserved: pages are committed when first touched, so the sizes are limits. */
    table = mmap(NULL, cap * sizeof *table, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    arena = mmap(NULL, max_frames * sizeof *arena, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (table == MAP_FAILED || arena == MAP_FAILED) return false;
    table_mask = cap - 1;
    arena_cap = max_frames;
    return true;
}

static uint64_t hash_frames(const ASGCT_CallFrame *f, int n)
{
    uint64_t h = 0xcbf29ce484222325ull ^ (uint64_t)n;
    for (int i = 0; i < n; i++) {
        h = (h ^ (uint64_t)(uintptr_t)f[i].method_id) * 0x100000001b3ull;
        h = (h ^ (uint64_t)(uint32_t)f[i].lineno) * 0x100000001b3ull;
        h ^= h >> 29;
    }
    return h != 0 ? h : 1;
}

void ts_add(const ASGCT_CallFrame *frames, int n, uint64_t weight)
{
    if (table == NULL || n <= 0) return;
    uint64_t h = hash_frames(frames, n);
    size_t i = (size_t)h & table_mask;
    for (int probe = 0; probe < TS_MAX_PROBES; probe++, i = (i + 1) & table_mask) {
        TsEntry *e = &table[i];
        uint64_t k = atomic_load_explicit(&e->key, memory_order_acquire);
        if (k == 0) {
            if (atomic_compare_exchange_strong(&e->key, &k, h)) {
                size_t off = atomic_fetch_add(&arena_top, (size_t)n);
                if (off + (size_t)n > arena_cap) {
                    atomic_store_explicit(&e->ready, 2, memory_order_release);
                } else {
                    for (int j = 0; j < n; j++) arena[off + (size_t)j] = frames[j];
                    e->off = (uint32_t)off;
                    e->n = (uint32_t)n;
                    atomic_store_explicit(&e->ready, 1, memory_order_release);
                }
                atomic_fetch_add_explicit(&e->count, weight, memory_order_relaxed);
                return;
            }
            /* k now holds what another thread claimed the slot for. */
        }
        if (k == h) {
            atomic_fetch_add_explicit(&e->count, weight, memory_order_relaxed);
            return;
        }
    }
    atomic_fetch_add_explicit(&dropped, weight, memory_order_relaxed);
}

void ts_each(void (*fn)(const ASGCT_CallFrame *frames, int n, uint64_t count, void *arg), void *arg)
{
    if (table == NULL) return;
    for (size_t i = 0; i <= table_mask; i++) {
        TsEntry *e = &table[i];
        if (atomic_load_explicit(&e->key, memory_order_acquire) == 0) continue;
        uint64_t c = atomic_load_explicit(&e->count, memory_order_relaxed);
        if (atomic_load_explicit(&e->ready, memory_order_acquire) == 1) fn(arena + e->off, (int)e->n, c, arg);
        else atomic_fetch_add_explicit(&dropped, c, memory_order_relaxed);
        atomic_store_explicit(&e->count, 0, memory_order_relaxed); /* counted once */
    }
}

uint64_t ts_dropped(void) { return atomic_load_explicit(&dropped, memory_order_relaxed); }

/* ---------------------------------------------------------------------------------- */
/* Naming                                                                             */
/* ---------------------------------------------------------------------------------- */

char *su_class_name_from_signature(const char *sig)
{
    int dims = 0;
    while (sig[dims] == '[') dims++;
    const char *base = sig + dims;
    char *name;
    switch (*base) {
    case 'Z': name = strdup("boolean"); break;
    case 'B': name = strdup("byte"); break;
    case 'C': name = strdup("char"); break;
    case 'S': name = strdup("short"); break;
    case 'I': name = strdup("int"); break;
    case 'J': name = strdup("long"); break;
    case 'F': name = strdup("float"); break;
    case 'D': name = strdup("double"); break;
    case 'V': name = strdup("void"); break;
    case 'L': {
        size_t len = strlen(base + 1);
        if (len > 0 && base[len] == ';') len--;
        name = strndup(base + 1, len);
        for (char *p = name; p && *p; p++)
            if (*p == '/') *p = '.';
        break;
    }
    default: name = strdup(base); break;
    }
    if (name == NULL || dims == 0) return name;
    size_t len = strlen(name);
    char *arr = malloc(len + 2 * (size_t)dims + 1);
    if (arr == NULL) return name;
    memcpy(arr, name, len);
    for (int i = 0; i < dims; i++) memcpy(arr + len + 2 * (size_t)i, "[]", 2);
    arr[len + 2 * (size_t)dims] = '\0';
    free(name);
    return arr;
}

/* jmethodID -> name, open addressing, grown at half load. */
typedef struct NameEntry {
    jmethodID m;
    char *name;
} NameEntry;
static pthread_mutex_t names_lock = PTHREAD_MUTEX_INITIALIZER;
static NameEntry *names;
static size_t names_cap, names_used;

static size_t name_slot(NameEntry *tab, size_t cap, jmethodID m)
{
    size_t i = ((uintptr_t)m >> 3) * 0x9e3779b97f4a7c15ull & (cap - 1);
    while (tab[i].m != NULL && tab[i].m != m) i = (i + 1) & (cap - 1);
    return i;
}

static char *make_method_name(jvmtiEnv *jvmti, jmethodID m)
{
    jclass k = NULL;
    char *mname = NULL, *csig = NULL, *cname = NULL;
    char *out = NULL;
    if ((*jvmti)->GetMethodDeclaringClass(jvmti, m, &k) == JVMTI_ERROR_NONE &&
        (*jvmti)->GetClassSignature(jvmti, k, &csig, NULL) == JVMTI_ERROR_NONE &&
        (*jvmti)->GetMethodName(jvmti, m, &mname, NULL, NULL) == JVMTI_ERROR_NONE &&
        (cname = su_class_name_from_signature(csig)) != NULL) {
        size_t len = strlen(cname) + strlen(mname) + 2;
        out = malloc(len);
        if (out) snprintf(out, len, "%s.%s", cname, mname);
    }
    free(cname);
    if (csig) (*jvmti)->Deallocate(jvmti, (unsigned char *)csig);
    if (mname) (*jvmti)->Deallocate(jvmti, (unsigned char *)mname);
    return out;
}

const char *su_method_name(jvmtiEnv *jvmti, jmethodID m)
{
    if (m == NULL) return "[unknown method]";
    pthread_mutex_lock(&names_lock);
    if (names_used * 2 >= names_cap) {
        size_t cap = names_cap ? names_cap * 2 : 4096;
        NameEntry *tab = calloc(cap, sizeof *tab);
        if (tab == NULL) {
            pthread_mutex_unlock(&names_lock);
            return "[out of memory]";
        }
        for (size_t i = 0; i < names_cap; i++)
            if (names[i].m != NULL) tab[name_slot(tab, cap, names[i].m)] = names[i];
        free(names);
        names = tab;
        names_cap = cap;
    }
    size_t i = name_slot(names, names_cap, m);
    if (names[i].m == NULL) {
        char *n = make_method_name(jvmti, m);
        names[i].m = m;
        names[i].name = n != NULL ? n : "[unknown method]";
        names_used++;
    }
    const char *r = names[i].name;
    pthread_mutex_unlock(&names_lock);
    return r;
}

void su_touch_methods(jvmtiEnv *jvmti, jclass klass)
{
    jint n;
    jmethodID *ms;
    if ((*jvmti)->GetClassMethods(jvmti, klass, &n, &ms) == JVMTI_ERROR_NONE)
        (*jvmti)->Deallocate(jvmti, (unsigned char *)ms);
}

void su_touch_all_methods(jvmtiEnv *jvmti)
{
    jint n;
    jclass *classes;
    if ((*jvmti)->GetLoadedClasses(jvmti, &n, &classes) != JVMTI_ERROR_NONE) return;
    for (jint i = 0; i < n; i++) su_touch_methods(jvmti, classes[i]);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)classes);
}

bool su_check(jvmtiEnv *jvmti, const char *agent, jvmtiError err, const char *what)
{
    if (err == JVMTI_ERROR_NONE) return true;
    char *name = NULL;
    if (jvmti != NULL) (*jvmti)->GetErrorName(jvmti, err, &name);
    fprintf(stderr, "%s: %s failed: %s (%d)\n", agent, what, name ? name : "?", (int)err);
    if (name) (*jvmti)->Deallocate(jvmti, (unsigned char *)name);
    return false;
}

FILE *su_open_output(const char *path)
{
    if (strcmp(path, "-") == 0 || strcmp(path, "stdout") == 0) return stdout;
    if (strcmp(path, "stderr") == 0) return stderr;
    return fopen(path, "w");
}

void su_close_output(FILE *f)
{
    if (f == stdout || f == stderr) fflush(f);
    else if (f != NULL) fclose(f);
}
