// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * heaphisto.c — a class histogram of the heap on request: at each JVMTI DataDumpRequest
 * (SIGQUIT, `kill -QUIT PID`, or `jcmd PID JVMTI.data_dump`) the agent walks the heap
 * with IterateThroughHeap and prints, for every class with instances, their number and
 * bytes, largest first, the way `jmap -histo` does:
 *
 *   java -agentpath:build/samples/libheaphisto.so=file=histo.txt Main &
 *   kill -QUIT $!
 *
 *    num     #instances         #bytes  class name
 *   ----------------------------------------------
 *      1:          2245         170320  [B
 *      2:          2180          52320  java.lang.String
 *   ...
 *   Total         12345         678900
 *
 * Options (comma separated):
 *   file=PATH   where histograms go (appended; default stdout)
 *   live        collect garbage first (ForceGarbageCollection), as jmap -histo:live
 *   top=N       at most N rows (default: all)
 *
 * Class names as jmap prints them: java.lang.String, [B, [Ljava.lang.Object;. Every
 * loaded class is tagged with its index in a table before the walk (classes are
 * tagged once; new ones at the next dump), so the heap callback finds an object's
 * class from the class tag it is given. Sizes are the VM's (GetObjectSize), so they
 * differ between VMs; counts do not.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "../common/sampleutil.h"

#define AGENT "heaphisto"

static jvmtiEnv *jvmti;
static char out_path[4096];
static bool live;
static int top_n = -1;
static pthread_mutex_t dump_lock = PTHREAD_MUTEX_INITIALIZER;

typedef struct ClassRow {
    char *name;
    jlong count, bytes;
} ClassRow;

/* Row i + 1 is the class tagged i + 1. */
static ClassRow *rows;
static jlong nrows, rows_cap;

/* jmap's name: "java.lang.String", arrays by descriptor with dots. */
static char *jmap_name(const char *sig)
{
    if (sig[0] == '[') {
        char *s = strdup(sig);
        for (char *p = s; p && *p; p++)
            if (*p == '/') *p = '.';
        return s;
    }
    return su_class_name_from_signature(sig);
}

/* Tags every loaded class that has no tag yet. */
static bool tag_classes(void)
{
    jint n;
    jclass *classes;
    if (!su_check(jvmti, AGENT, (*jvmti)->GetLoadedClasses(jvmti, &n, &classes), "GetLoadedClasses")) return false;
    for (jint i = 0; i < n; i++) {
        jlong tag = 0;
        if ((*jvmti)->GetTag(jvmti, classes[i], &tag) != JVMTI_ERROR_NONE || tag != 0) continue;
        char *sig = NULL;
        if ((*jvmti)->GetClassSignature(jvmti, classes[i], &sig, NULL) != JVMTI_ERROR_NONE) continue;
        if (nrows == rows_cap) {
            jlong cap = rows_cap ? rows_cap * 2 : 4096;
            ClassRow *r = realloc(rows, (size_t)cap * sizeof *r);
            if (r == NULL) break;
            rows = r;
            rows_cap = cap;
        }
        rows[nrows] = (ClassRow){jmap_name(sig), 0, 0};
        (*jvmti)->Deallocate(jvmti, (unsigned char *)sig);
        (*jvmti)->SetTag(jvmti, classes[i], ++nrows);
    }
    (*jvmti)->Deallocate(jvmti, (unsigned char *)classes);
    return true;
}

static jint JNICALL count_object(jlong class_tag, jlong size, jlong *tag_ptr, jint length, void *user_data)
{
    (void)tag_ptr;
    (void)length;
    jlong *untagged = user_data;
    if (class_tag >= 1 && class_tag <= nrows) {
        rows[class_tag - 1].count++;
        rows[class_tag - 1].bytes += size;
    } else {
        (*untagged)++; /* a class loaded during the walk */
    }
    return 0;
}

static int by_bytes(const void *a, const void *b)
{
    const ClassRow *x = *(ClassRow *const *)a, *y = *(ClassRow *const *)b;
    if (x->bytes != y->bytes) return x->bytes < y->bytes ? 1 : -1;
    if (x->count != y->count) return x->count < y->count ? 1 : -1;
    return strcmp(x->name, y->name);
}

static void histogram(void)
{
    pthread_mutex_lock(&dump_lock);
    if (live) (*jvmti)->ForceGarbageCollection(jvmti);
    if (!tag_classes()) goto out;
    for (jlong i = 0; i < nrows; i++) rows[i].count = rows[i].bytes = 0;
    jvmtiHeapCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.heap_iteration_callback = count_object;
    jlong untagged = 0;
    if (!su_check(jvmti, AGENT, (*jvmti)->IterateThroughHeap(jvmti, 0, NULL, &cb, &untagged), "IterateThroughHeap"))
        goto out;
    ClassRow **sorted = malloc((size_t)(nrows ? nrows : 1) * sizeof *sorted);
    if (sorted == NULL) goto out;
    jlong m = 0, total_count = 0, total_bytes = 0;
    for (jlong i = 0; i < nrows; i++) {
        if (rows[i].count == 0) continue;
        sorted[m++] = &rows[i];
        total_count += rows[i].count;
        total_bytes += rows[i].bytes;
    }
    qsort(sorted, (size_t)m, sizeof *sorted, by_bytes);
    FILE *out = out_path[0] ? fopen(out_path, "a") : stdout;
    if (out == NULL) {
        fprintf(stderr, AGENT ": cannot write %s\n", out_path);
        free(sorted);
        goto out;
    }
    fprintf(out, " num     #instances         #bytes  class name\n");
    fprintf(out, "----------------------------------------------\n");
    for (jlong i = 0; i < m && (top_n < 0 || i < top_n); i++)
        fprintf(out, "%4lld: %14lld %14lld  %s\n", (long long)i + 1, (long long)sorted[i]->count,
                (long long)sorted[i]->bytes, sorted[i]->name);
    fprintf(out, "Total %14lld %14lld\n", (long long)total_count, (long long)total_bytes);
    if (untagged != 0) fprintf(out, "(%lld objects of classes loaded during the walk not shown)\n", (long long)untagged);
    if (out != stdout) fclose(out);
    else fflush(out);
    free(sorted);
out:
    pthread_mutex_unlock(&dump_lock);
}

static void JNICALL on_data_dump(jvmtiEnv *jv)
{
    (void)jv;
    histogram();
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    (void)reserved;
    static const char *const known[] = {"file", "live", "top", NULL};
    const char *opts = options ? options : "";
    char v[4096];
    if (!su_opts_check(AGENT, opts, known)) return JNI_ERR;
    if (su_opt(opts, "file", v, sizeof v)) snprintf(out_path, sizeof out_path, "%s", v);
    live = su_opt(opts, "live", v, sizeof v);
    if (su_opt(opts, "top", v, sizeof v)) top_n = atoi(v);
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_1_2) != JNI_OK) return JNI_ERR;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_tag_objects = 1;
    if (!su_check(jvmti, AGENT, (*jvmti)->AddCapabilities(jvmti, &caps), "AddCapabilities")) return JNI_ERR;
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.DataDumpRequest = on_data_dump;
    if (!su_check(jvmti, AGENT, (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb), "SetEventCallbacks")) return JNI_ERR;
    if (!su_check(jvmti, AGENT, (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_DATA_DUMP_REQUEST, NULL),
                  "enabling DataDumpRequest"))
        return JNI_ERR;
    return JNI_OK;
}
