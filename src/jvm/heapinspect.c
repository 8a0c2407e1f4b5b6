// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * heapinspect.c — the class histogram and the heap summary for jmap and jcmd
 * (heapinspect.h).
 *
 * Histogram (HotSpot's KlassInfoHisto, ../shared/spec/jmm-abi.md §7.4): one pass over
 * the heap at a safepoint counts, per class, the objects and the bytes they occupy in
 * GlassVM's heap (heap_object_size: header, fields or elements, a mirror's statics,
 * rounded to the cell size) — not HotSpot's object sizes, so byte columns differ from
 * HotSpot's for the same program, instance counts do not. Rows are sorted as HotSpot
 * sorts them: bytes descending, then array classes before the others, then by name;
 * each row names the class as Class.getName() does with " (module@version)" for a class
 * of a named module (an array: its element's; a primitive array: java.base).
 *
 * Heap summary (GC.heap_info): HotSpot prints its collector's own layout; GlassVM's is
 * one non-moving mark-sweep heap of 64 KiB blocks, shown in the same shape as HotSpot's
 * first line (" <heap> total NK, used NK [reserved start, end)"), then the blocks.
 */
#include "heapinspect.h"

#include <stdlib.h>
#include <string.h>

#include "../os/os.h"
#include "../vm/class.h"
#include "../vm/heap.h"
#include "../vm/module.h"
#include "../vm/string.h"
#include "../vm/thread.h"
#include "../vm/wellknown.h"
#include "boot.h"
#include "ptrmap.h"

typedef struct Row {
    Class *c;
    uint64_t count, bytes;
    char *name;   /* external name, malloc'd */
    char *module; /* " (java.base@17.0.15)" or "", malloc'd */
} Row;

typedef struct Histo {
    PtrMap index; /* Class* -> row + 1 */
    Row *rows;
    uint32_t n, cap;
    Row *last; /* the row counted last (rows may move when the array grows: reset then) */
    bool oom;
} Histo;

static void count(Object *o, size_t size, void *arg)
{
    Histo *h = arg;
    /* Objects of one class often lie together: try the previous object's row first. */
    if (h->last != NULL && h->last->c == o->klass) {
        h->last->count++;
        h->last->bytes += size;
        return;
    }
    uint32_t i = ptrmap_get(&h->index, o->klass);
    if (i == 0) {
        if (h->n == h->cap) {
            uint32_t cap = h->cap ? h->cap * 2 : 1024;
            Row *r = realloc(h->rows, cap * sizeof *r);
            if (r == NULL) {
                h->oom = true;
                return;
            }
            h->rows = r;
            h->cap = cap;
            h->last = NULL;
        }
        h->rows[h->n] = (Row){.c = o->klass};
        if (!ptrmap_put(&h->index, o->klass, h->n + 1)) {
            h->oom = true;
            return;
        }
        i = ++h->n;
    }
    h->last = &h->rows[i - 1];
    h->last->count++;
    h->last->bytes += size;
}

/* " (name@version)" for a class in a named module, "" otherwise. */
static char *module_text(Class *c)
{
    Class *b = class_is_array(c) ? c->element : c;
    Object *module = class_is_primitive(b) ? wk.Object->module : b->module;
    Object *name = module != NULL ? FIELD_GET(module, wk_off.Module_name, Object *) : NULL;
    char *mn = name != NULL ? str_to_mutf8(name) : NULL;
    if (mn == NULL) return strdup("");
    const char *version = module_version(module);
    size_t len = strlen(mn) + (version ? strlen(version) : 0) + 8;
    char *s = malloc(len);
    if (s != NULL) snprintf(s, len, " (%s%s%s)", mn, version ? "@" : "", version ? version : "");
    free(mn);
    return s;
}

static int compare(const void *a, const void *b)
{
    const Row *x = a, *y = b;
    if (x->bytes != y->bytes) return x->bytes > y->bytes ? -1 : 1;
    bool ax = x->name[0] == '[', ay = y->name[0] == '[';
    if (ax != ay) return ax ? -1 : 1;
    return strcmp(x->name, y->name);
}

void heapinspect_histogram(Thread *t, bool live, FILE *out)
{
    if (live) heap_collect(t, GC_HEAP_INSPECTION);
    Histo h = {0};
    bool stop = !thread_is_safepoint_initiator(t);
    if (stop) thread_safepoint_begin(t);
    heap_iterate_sized(count, &h);
    /* Names while the world is stopped: module objects are read from the heap. */
    for (uint32_t i = 0; i < h.n; i++) {
        char buf[1024];
        class_external_name(h.rows[i].c, buf, sizeof buf);
        h.rows[i].name = strdup(buf);
        h.rows[i].module = module_text(h.rows[i].c);
        if (h.rows[i].name == NULL || h.rows[i].module == NULL) h.oom = true;
    }
    if (stop) thread_safepoint_end(t);
    if (!h.oom) {
        qsort(h.rows, h.n, sizeof *h.rows, compare);
        fprintf(out, " num     #instances         #bytes  class name (module)\n");
        fprintf(out, "-------------------------------------------------------\n");
        uint64_t total = 0, total_bytes = 0;
        for (uint32_t i = 0; i < h.n; i++) {
            Row *r = &h.rows[i];
            fprintf(out, "%4u: %13llu  %13llu  %s%s\n", i + 1, (unsigned long long)r->count,
                    (unsigned long long)r->bytes, r->name, r->module);
            total += r->count;
            total_bytes += r->bytes;
        }
        fprintf(out, "Total %13llu  %13llu\n", (unsigned long long)total, (unsigned long long)total_bytes);
    }
    for (uint32_t i = 0; i < h.n; i++) {
        free(h.rows[i].name);
        free(h.rows[i].module);
    }
    free(h.rows);
    ptrmap_free(&h.index);
}

int heapinspect_attach_op(Thread *t, const char *arg0, const char *arg1, const char *arg2, FILE *out)
{
    bool live = true;
    if (arg0 != NULL && arg0[0] != '\0') {
        if (strcmp(arg0, "-all") != 0 && strcmp(arg0, "-live") != 0) {
            fprintf(out, "Invalid argument to inspectheap operation: %s\n", arg0);
            return JNI_ERR;
        }
        live = strcmp(arg0, "-live") == 0;
    }
    if (arg2 != NULL && arg2[0] != '\0') {
        char *end;
        strtoull(arg2, &end, 10);
        if (*end != '\0' || arg2[0] == '-' || arg2[0] == '+' || arg2[0] == ' ') {
            fprintf(out, "Invalid parallel thread number: [%s]\n", arg2);
            return JNI_ERR;
        }
    }
    if (arg1 == NULL || arg1[0] == '\0') {
        heapinspect_histogram(t, live, out);
        return 0;
    }
    /* As HotSpot's fileStream: a file that cannot be created swallows the output. */
    char *text = NULL;
    size_t len = 0;
    FILE *mem = os_memstream_open(&text, &len);
    if (mem != NULL) {
        heapinspect_histogram(t, live, mem);
        fclose(mem);
        const char *reason;
        int fd = os_file_create(arg1, true, &reason);
        if (fd >= 0) {
            os_file_write_all(fd, text, len, &reason);
            os_file_close(fd, &reason);
        } else {
            const char *vm = boot_property("java.vm.name");
            fprintf(stderr, "%s warning: Cannot open file %s due to %s\n\n", vm != NULL ? vm : "GlassVM", arg1, reason);
        }
        free(text);
    }
    fprintf(out, "Heap inspection file created: %s\n", arg1);
    return 0;
}

bool heapinspect_histogram_dcmd(Thread *t, bool all, int64_t parallel, FILE *out)
{
    if (parallel < 0) fprintf(out, "Parallel thread number out of range (>=0): %lld\n", (long long)parallel);
    else heapinspect_histogram(t, !all, out);
    return true;
}

void heapinspect_heap_info(Thread *t, FILE *out)
{
    uintptr_t lo, hi;
    size_t small, large;
    bool stop = !thread_is_safepoint_initiator(t);
    if (stop) thread_safepoint_begin(t);
    heap_layout(&lo, &hi, &small, &large);
    size_t committed = heap_committed_bytes(), used = heap_used_bytes();
    if (stop) thread_safepoint_end(t);
    fprintf(out, " mark-sweep heap      total %zuK, used %zuK [0x%016lx, 0x%016lx)\n", committed >> 10, used >> 10,
            (unsigned long)lo, (unsigned long)hi);
    fprintf(out, "  block size %zuK, %zu small-object blocks, %zu large-object blocks, collections %llu\n",
            HEAP_BLOCK_BYTES >> 10, small, large, (unsigned long long)heap_collection_count());
}
