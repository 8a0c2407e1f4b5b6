// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * dcmd_vm.c — the diagnostic commands that look into the VM's own tables and the process
 * (dcmd.h; the table at the end, which dcmd.c lists after dcmd_commands.c's):
 *
 *   VM.class_hierarchy [-i] [-s] [<classname>]   the loaded classes as a tree
 *   GC.finalizer_info        objects waiting for finalization, by class (the JDK's own
 *                            java.lang.ref.FinalizerHistogram, as HotSpot calls it)
 *   VM.stringtable, VM.symboltable [-verbose]     statistics (and entries) of the
 *                            intern table (string.c) and the symbol table (sym.c)
 *   VM.dynlibs               the process's mappings (os_memory_map_text)
 *   System.trim_native_heap  glibc's malloc_trim (os_trim_native_heap)
 *   VM.native_memory, VM.print_touched_methods    what HotSpot replies when the
 *                            feature is off, which it always is on GlassVM: no native
 *                            memory tracking, no touched-method log
 *   Compiler.queue, Compiler.codelist, Compiler.perfmap    an interpreter's compile
 *                            queue, code list and perf map: empty
 *
 * Names, texts, impacts, permissions and arguments are HotSpot 17's; outputs follow its
 * layouts with GlassVM's values. Where HotSpot prints a ClassLoaderData*, GlassVM prints
 * the loader object's address (the heap does not move objects), "null" for the boot
 * loader. Left out, because GlassVM has nothing real to report (docs/monitoring.md):
 * JFR.*, VM.events, VM.log, VM.metaspace, VM.cds, VM.systemdictionary,
 * Compiler.codecache, Compiler.CodeHeap_Analytics, Compiler.directives_*.
 */
#include "dcmd.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../os/os.h"
#include "../vm/class.h"
#include "../vm/exception.h"
#include "../vm/heap.h"
#include "../vm/loader.h"
#include "../vm/string.h"
#include "../vm/sym.h"
#include "../vm/thread.h"
#include "../vm/wellknown.h"
#include "boot.h"

/* ------------------------------------------------------------------------------------ */
/* VM.class_hierarchy                                                                   */
/* ------------------------------------------------------------------------------------ */

typedef struct HNode {
    Class *c;
    int first_child, next_sibling; /* -1: none; children newest first, as HotSpot lists them */
    bool shown;
} HNode;

typedef struct Hierarchy {
    HNode *v;
    int n, cap;
    bool failed;
} Hierarchy;

static void collect_class(Class *c, void *arg)
{
    Hierarchy *h = arg;
    if (class_is_array(c) || class_is_primitive(c) || h->failed) return;
    if (h->n == h->cap) {
        int cap = h->cap ? 2 * h->cap : 1024;
        HNode *v = realloc(h->v, (size_t)cap * sizeof *v);
        if (v == NULL) {
            h->failed = true;
            return;
        }
        h->v = v;
        h->cap = cap;
    }
    h->v[h->n++] = (HNode){c, -1, -1, false};
}

typedef struct ClassIndex {
    const Class *c;
    int index;
} ClassIndex;

static int compare_class_index(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)((const ClassIndex *)a)->c, y = (uintptr_t)((const ClassIndex *)b)->c;
    return x < y ? -1 : x > y;
}

static int index_of(const ClassIndex *idx, int n, const Class *c)
{
    ClassIndex key = {c, 0};
    const ClassIndex *e = bsearch(&key, idx, (size_t)n, sizeof *idx, compare_class_index);
    return e != NULL ? e->index : -1;
}

/* The tree's parent of c: its superclass; for an interface, java.lang.Object (as HotSpot
 * draws them). */
static const Class *tree_parent(const Class *c, const Class *object)
{
    if (c->super != NULL) return c->super;
    return class_is_interface(c) ? object : NULL;
}

static void mark_subtree(Hierarchy *h, int i)
{
    h->v[i].shown = true;
    for (int k = h->v[i].first_child; k >= 0; k = h->v[k].next_sibling) mark_subtree(h, k);
}

static void print_loader_of(FILE *out, const Class *c)
{
    if (c->loader == NULL) fputs("/null", out);
    else fprintf(out, "/0x%016lx", (unsigned long)(uintptr_t)c->loader);
}

static void print_class_name(FILE *out, const Class *c)
{
    char name[1024];
    class_external_name(c, name, sizeof name);
    fputs(name, out);
    print_loader_of(out, c);
}

typedef struct ClassList {
    const Class **v;
    int n, cap;
} ClassList;

static bool list_has(const ClassList *l, const Class *c)
{
    for (int i = 0; i < l->n; i++)
        if (l->v[i] == c) return true;
    return false;
}

static void list_add(ClassList *l, const Class *c)
{
    if (list_has(l, c)) return;
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 16;
        const Class **v = realloc(l->v, (size_t)cap * sizeof *v);
        if (v == NULL) return;
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = c;
}

/* Every superinterface of c, in the order HotSpot keeps them (its transitive interfaces:
 * the superclass's, then each declared interface's own, then the declared ones). */
static void transitive_interfaces(const Class *c, ClassList *out)
{
    if (c->super != NULL) transitive_interfaces(c->super, out);
    for (int i = 0; i < c->interface_count; i++) transitive_interfaces(c->interfaces[i], out);
    for (int i = 0; i < c->interface_count; i++) list_add(out, c->interfaces[i]);
}

static void print_indent(FILE *out, int depth)
{
    for (int i = 0; i < depth; i++) fputs("|  ", out);
}

static void print_hierarchy(FILE *out, const Hierarchy *h, int i, int depth, bool interfaces)
{
    const Class *c = h->v[i].c;
    if (depth > 0) {
        print_indent(out, depth - 1);
        fputs("|--", out);
    }
    print_class_name(out, c);
    fputs(class_is_interface(c) ? " (intf)\n" : "\n", out);
    if (interfaces) {
        ClassList all = {0};
        transitive_interfaces(c, &all);
        for (int k = 0; k < c->interface_count; k++) {
            print_indent(out, depth);
            fputs("implements ", out);
            print_class_name(out, c->interfaces[k]);
            fputs(" (declared intf)\n", out);
        }
        for (int k = 0; k < all.n; k++) {
            bool declared = false;
            for (int d = 0; d < c->interface_count; d++) declared |= c->interfaces[d] == all.v[k];
            if (declared) continue;
            print_indent(out, depth);
            fputs("implements ", out);
            print_class_name(out, all.v[k]);
            fputs(" (inherited intf)\n", out);
        }
        free(all.v);
    }
    for (int k = h->v[i].first_child; k >= 0; k = h->v[k].next_sibling)
        if (h->v[k].shown) print_hierarchy(out, h, k, depth + 1, interfaces);
}

/* HotSpot's ClassHierarchyDCmd: every loaded class (arrays excluded) under its
 * superclass, interfaces under java.lang.Object; with a class name, only the classes of
 * that name (any loader) and their superclasses, and with -s their subclasses; -i adds
 * each class's declared and inherited interfaces. At a safepoint: classes stay put. */
static bool run_class_hierarchy(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    bool interfaces = v[0].b, subclasses = v[1].b;
    char *wanted = NULL;
    if (v[2].s != NULL) {
        wanted = strdup(v[2].s);
        if (wanted == NULL) {
            exc_throw_oom(t);
            return false;
        }
        for (char *p = wanted; *p; p++)
            if (*p == '.') *p = '/';
    }
    Hierarchy h = {0};
    ClassIndex *idx = NULL;
    thread_safepoint_begin(t);
    loader_for_each_class(collect_class, &h);
    if (!h.failed && h.n > 0) idx = malloc((size_t)h.n * sizeof *idx);
    if (idx != NULL) {
        for (int i = 0; i < h.n; i++) idx[i] = (ClassIndex){h.v[i].c, i};
        qsort(idx, (size_t)h.n, sizeof *idx, compare_class_index);
        const Class *object = NULL;
        for (int i = 0; i < h.n && object == NULL; i++)
            if (h.v[i].c->loader == NULL && h.v[i].c->name == sym.java_lang_Object) object = h.v[i].c;
        /* Load order: prepending makes each list newest first. */
        for (int i = 0; i < h.n; i++) {
            int p = index_of(idx, h.n, tree_parent(h.v[i].c, object));
            if (p < 0 || p == i) continue;
            h.v[i].next_sibling = h.v[p].first_child;
            h.v[p].first_child = i;
        }
        for (int i = 0; i < h.n; i++) {
            const Class *c = h.v[i].c;
            if (wanted == NULL) {
                h.v[i].shown = true;
            } else if (strcmp(c->name, wanted) == 0) {
                if (subclasses) mark_subtree(&h, i);
                for (const Class *s = c; s != NULL; s = tree_parent(s, object)) {
                    int k = index_of(idx, h.n, s);
                    if (k < 0) break;
                    h.v[k].shown = true;
                    if (s == object) break;
                }
            }
        }
        int root = index_of(idx, h.n, object);
        if (root >= 0 && h.v[root].shown) print_hierarchy(out, &h, root, 0, interfaces);
    }
    thread_safepoint_end(t);
    bool failed = h.failed || (h.n > 0 && idx == NULL);
    free(idx);
    free(h.v);
    free(wanted);
    if (failed) exc_throw_oom(t);
    return !failed;
}

/* ------------------------------------------------------------------------------------ */
/* GC.finalizer_info                                                                    */
/* ------------------------------------------------------------------------------------ */

/* HotSpot's FinalizerInfoDCmd: java.lang.ref.FinalizerHistogram counts the referents
 * still in the finalizer's queue, by class name, most frequent first. */
static bool run_finalizer_info(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    Slot r = {0};
    if (!dcmd_call_static(t, "java/lang/ref/FinalizerHistogram", "getFinalizerHistogram",
                          "()[Ljava/lang/ref/FinalizerHistogram$Entry;", NULL, &r))
        return false;
    Array *entries = (Array *)r.l;
    if (entries == NULL || entries->length == 0) {
        fputs("No instances waiting for finalization found\n", out);
        return true;
    }
    Class *entry = ((Object **)array_data(entries))[0]->klass;
    Field *count = class_find_declared_field(entry, sym_intern("instanceCount"), sym_intern("I"));
    Field *name = class_find_declared_field(entry, sym_intern("className"), sym_intern("Ljava/lang/String;"));
    if (count == NULL || name == NULL) {
        exc_throw(t, "java/lang/NoSuchFieldError", "java.lang.ref.FinalizerHistogram$Entry");
        return false;
    }
    fputs("Unreachable instances waiting for finalization\n#instances  class name\n-----------------------\n", out);
    /* No allocation from here on: the array stays where it is. */
    for (int32_t i = 0; i < entries->length; i++) {
        Object *e = ((Object **)array_data(entries))[i];
        if (e == NULL) continue;
        Object *cname = FIELD_GET(e, name->offset, Object *);
        char *text = cname != NULL ? str_to_mutf8(cname) : NULL;
        fprintf(out, "%10d  %s\n", FIELD_GET(e, count->offset, int32_t), text != NULL ? text : "");
        free(text);
    }
    return true;
}

/* ------------------------------------------------------------------------------------ */
/* VM.stringtable, VM.symboltable                                                       */
/* ------------------------------------------------------------------------------------ */

/* The figures of HotSpot's TableStatistics. GlassVM's tables are open-addressed: a
 * bucket is a slot, and an entry counts in the bucket of its home slot (where its hash
 * leads a probe first), which is the chain it would be on in a chained table. */
typedef struct TableStats {
    size_t buckets, bucket_size;
    size_t entries, entry_size;
    size_t literal_bytes;
    uint32_t *per_bucket; /* [capacity]: entries per home slot; NULL: not counted */
    size_t capacity;
    FILE *verbose;        /* -verbose: entries are printed here */
} TableStats;

/* HotSpot's HashtableTextDump::put_utf8: the escapes a dump file can be read back with. */
static void put_utf8(FILE *out, const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (c) {
        case '\t': fputs("\\t", out); break;
        case '\r': fputs("\\r", out); break;
        case '\n': fputs("\\n", out); break;
        case '\\': fputs("\\\\", out); break;
        default:
            if (c >= 32 && c < 127) fputc(c, out);
            else fprintf(out, "\\x%02x", c);
        }
    }
}

static void print_table_stats(FILE *out, const char *table, const TableStats *s)
{
    size_t bucket_bytes = s->buckets * s->bucket_size, entry_bytes = s->entries * s->entry_size;
    double sum = 0, squares = 0;
    uint32_t max = 0;
    for (size_t i = 0; s->per_bucket != NULL && i < s->buckets && i < s->capacity; i++) {
        sum += s->per_bucket[i];
        squares += (double)s->per_bucket[i] * s->per_bucket[i];
        if (s->per_bucket[i] > max) max = s->per_bucket[i];
    }
    double avg = s->buckets ? sum / (double)s->buckets : 0;
    double variance = s->buckets ? squares / (double)s->buckets - avg * avg : 0;
    if (variance < 0) variance = 0;
    fprintf(out, "%s statistics:\n", table);
    fprintf(out, "Number of buckets       : %9zu = %9zu bytes, each %zu\n", s->buckets, bucket_bytes, s->bucket_size);
    fprintf(out, "Number of entries       : %9zu = %9zu bytes, each %zu\n", s->entries, entry_bytes,
            s->entries ? s->entry_size : 0);
    if (s->literal_bytes != 0)
        fprintf(out, "Number of literals      : %9zu = %9zu bytes, avg %7.3f\n", s->entries, s->literal_bytes,
                s->entries ? (double)s->literal_bytes / (double)s->entries : 0.0);
    fprintf(out, "Total footprint         : %9s = %9zu bytes\n", "", bucket_bytes + entry_bytes + s->literal_bytes);
    fprintf(out, "Average bucket size     : %9.3f\n", avg);
    fprintf(out, "Variance of bucket size : %9.3f\n", variance);
    fprintf(out, "Std. dev. of bucket size: %9.3f\n", sqrt(variance));
    fprintf(out, "Maximum bucket size     : %9zu\n", (size_t)max);
}

static void count_entry(TableStats *s, size_t home, size_t literal)
{
    s->entries++;
    s->literal_bytes += literal;
    if (s->per_bucket != NULL && home < s->capacity) s->per_bucket[home]++;
}

static void string_entry(Object *str, size_t home, void *arg)
{
    TableStats *s = arg;
    Object *value = FIELD_GET(str, wk_off.String_value, Object *);
    count_entry(s, home, heap_object_size(str) + (value != NULL ? heap_object_size(value) : 0));
    if (s->verbose != NULL) {
        char *text = str_to_mutf8(str);
        if (text != NULL) {
            size_t len = strlen(text);
            fprintf(s->verbose, "%zu: ", len);
            put_utf8(s->verbose, text, len);
            fputc('\n', s->verbose);
        }
        free(text);
    }
}

static void symbol_entry(const char *sym_text, size_t len, size_t home, void *arg)
{
    TableStats *s = arg;
    count_entry(s, home, len + 1);
    if (s->verbose != NULL) {
        /* HotSpot's reference count of a permanent symbol: GlassVM's symbols all are. */
        fprintf(s->verbose, "%zu 65535: ", len);
        put_utf8(s->verbose, sym_text, len);
        fputc('\n', s->verbose);
    }
}

/* Walks a table (str_intern_for_each or sym_for_each through the walker `each`, which
 * returns the slot count) for its statistics: a first walk sizes the per-slot counts, a
 * second fills them; if the table grew in between, again (home slots beyond the
 * counts' size are never written). False if memory ran out. */
typedef size_t (*TableWalk)(TableStats *s);

static size_t walk_strings(TableStats *s) { return str_intern_for_each(string_entry, s); }
static size_t walk_symbols(TableStats *s) { return sym_for_each(symbol_entry, s); }

static bool table_command(Thread *t, const DcmdValue *v, FILE *out, const char *name, TableWalk walk,
                          TableStats base)
{
    if (v[0].b) {
        fputs("VERSION: 1.1\n", out);
        base.verbose = out;
        walk(&base);
        return true;
    }
    TableStats s = base;
    size_t capacity = walk(&s);
    for (int attempt = 0;; attempt++) {
        s = base;
        s.capacity = capacity;
        s.per_bucket = calloc(capacity ? capacity : 1, sizeof(uint32_t));
        if (s.per_bucket == NULL) {
            exc_throw_oom(t);
            return false;
        }
        s.buckets = walk(&s);
        if (s.buckets == capacity || attempt == 3) break;
        free(s.per_bucket);
        capacity = s.buckets;
    }
    print_table_stats(out, name, &s);
    free(s.per_bucket);
    return true;
}

static bool run_stringtable(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    return table_command(t, v, out, "StringTable", walk_strings,
                         (TableStats){.bucket_size = sizeof(Object *) + sizeof(uint32_t)});
}

static bool run_symboltable(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    return table_command(t, v, out, "SymbolTable", walk_symbols,
                         (TableStats){.bucket_size = sizeof(uintptr_t), .entry_size = 2 * sizeof(uint32_t)});
}

/* ------------------------------------------------------------------------------------ */
/* VM.dynlibs, System.trim_native_heap                                                  */
/* ------------------------------------------------------------------------------------ */

/* HotSpot's os::print_dll_info on Linux: the kernel's list of the process's mappings. */
static bool run_dynlibs(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    fputs("Dynamic libraries:\n", out);
    char *maps = os_memory_map_text();
    if (maps != NULL) fputs(maps, out);
    else fprintf(out, "Can not get library information for pid = %d\n", os_getpid());
    free(maps);
    return true;
}

/* HotSpot's byte_size_in_proper_unit and proper_unit_for_byte_size. */
static void print_proper_size(FILE *out, size_t s)
{
    const size_t K = 1024, M = K * K, G = M * K;
    if (s >= 100 * G) fprintf(out, "%zuG", s / G);
    else if (s >= 100 * M) fprintf(out, "%zuM", s / M);
    else if (s >= 100 * K) fprintf(out, "%zuK", s / K);
    else fprintf(out, "%zuB", s);
}

static bool run_trim_native_heap(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    size_t before, after;
    if (!os_trim_native_heap(&before, &after)) {
        fputs("Not available.\n", out);
        return true;
    }
    fputs("Trim native heap: ", out);
    if (after == SIZE_MAX) {
        fputs("(no details available).\n", out);
        return true;
    }
    fputs("RSS+Swap: ", out);
    print_proper_size(out, before);
    fputs("->", out);
    print_proper_size(out, after);
    fprintf(out, " (%c", after < before ? '-' : '+');
    print_proper_size(out, after < before ? before - after : after - before);
    fputs(")\n", out);
    return true;
}

/* ------------------------------------------------------------------------------------ */
/* What HotSpot says when the feature is off; Compiler.* of an interpreter              */
/* ------------------------------------------------------------------------------------ */

/* GlassVM tracks no native memory: HotSpot's reply without -XX:NativeMemoryTracking,
 * whatever the options (HotSpot checks the tracking level first). */
static bool run_native_memory(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    fputs("Native memory tracking is not enabled\n", out);
    return true;
}

/* GlassVM logs no touched methods: HotSpot's reply without -XX:+LogTouchedMethods. Given
 * the flag (accepted and ignored), that reply would mislead: say so instead. */
static bool run_print_touched_methods(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    bool asked = false;
    for (int i = 0; i < vm_argument_count; i++) {
        if (strcmp(vm_arguments[i], "-XX:+LogTouchedMethods") == 0) asked = true;
        if (strcmp(vm_arguments[i], "-XX:-LogTouchedMethods") == 0) asked = false;
    }
    if (asked) fputs("GlassVM does not log touched methods: -XX:+LogTouchedMethods is ignored\n", out);
    else fputs("VM.print_touched_methods command requires -XX:+LogTouchedMethods\n", out);
    return true;
}

/* CompileBroker::print_compile_queues with no compiler thread and no queue. */
static bool run_compiler_queue(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    fputs("Current compiles: \n\n", out);
    return true;
}

/* No compiled method exists: the list is empty (jcmd then says "Command executed
 * successfully", as on HotSpot -Xint). */
static bool run_compiler_codelist(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    return true;
}

/* HotSpot's CodeCache::write_perf_map: /tmp/perf-<pid>.map, a line per blob of generated
 * code for Linux perf to name. GlassVM generates no machine code (perf names the
 * interpreter from libjvm.so's own symbols), so the map it writes is empty — created or
 * truncated, as a tool waiting for the file expects. A failure is not the command's:
 * HotSpot only logs a warning. */
static bool run_compiler_perfmap(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    char path[256];
    snprintf(path, sizeof path, "%s/perf-%d.map", os_temp_dir(), os_getpid());
    const char *reason;
    int fd = os_file_create(path, true, &reason);
    if (fd >= 0) os_file_close(fd, &reason);
    return true;
}

/* ------------------------------------------------------------------------------------ */
/* The table                                                                            */
/* ------------------------------------------------------------------------------------ */

static const DcmdArgDef class_hierarchy_args[] = {
    {"-i", "Inherited interfaces should be printed.", DCMD_BOOLEAN, "false", false, true},
    {"-s", "If a classname is specified, print its subclasses. Otherwise only its superclasses are printed.",
     DCMD_BOOLEAN, "false", false, true},
    {"classname",
     "Name of class whose hierarchy should be printed. If not specified, all class hierarchies are printed.",
     DCMD_STRING, NULL, false, false},
};
static const DcmdArgDef stringtable_args[] = {
    {"-verbose", "Dump the content of each string in the table", DCMD_BOOLEAN, "false", false, true},
};
static const DcmdArgDef symboltable_args[] = {
    {"-verbose", "Dump the content of each symbol in the table", DCMD_BOOLEAN, "false", false, true},
};
static const DcmdArgDef native_memory_args[] = {
    {"summary",
     "request runtime to report current memory summary, which includes total reserved and committed memory, along "
     "with memory usage summary by each subsytem.",
     DCMD_BOOLEAN, "false", false, true},
    {"detail", "request runtime to report memory allocation >= 1K by each callsite.", DCMD_BOOLEAN, "false", false,
     true},
    {"baseline", "request runtime to baseline current memory usage, so it can be compared against in later time.",
     DCMD_BOOLEAN, "false", false, true},
    {"summary.diff", "request runtime to report memory summary comparison against previous baseline.", DCMD_BOOLEAN,
     "false", false, true},
    {"detail.diff",
     "request runtime to report memory detail comparison against previous baseline, which shows the memory "
     "allocation activities at different callsites.",
     DCMD_BOOLEAN, "false", false, true},
    {"shutdown", "deprecated.", DCMD_BOOLEAN, "false", false, true},
    {"statistics", "print tracker statistics for tuning purpose.", DCMD_BOOLEAN, "false", false, true},
    {"scale", "Memory usage in which scale, KB, MB or GB", DCMD_STRING, "KB", false, true},
};

static const DcmdCommand commands[] = {
    {"Compiler.codelist", "Print all compiled methods in code cache that are alive", "Medium", DCMD_PERM_MONITOR,
     DCMD_EXPORT_ALL, DCMD_NO_ARGS, run_compiler_codelist},
    {"Compiler.perfmap", "Write map file for Linux perf tool.", "Low", DCMD_PERM_MONITOR, DCMD_EXPORT_ALL,
     DCMD_NO_ARGS, run_compiler_perfmap},
    {"Compiler.queue", "Print methods queued for compilation.", "Low", DCMD_PERM_MONITOR, DCMD_EXPORT_ALL,
     DCMD_NO_ARGS, run_compiler_queue},
    {"GC.finalizer_info", "Provide information about Java finalization queue.", "Medium", DCMD_PERM_MONITOR,
     DCMD_EXPORT_ALL, DCMD_NO_ARGS, run_finalizer_info},
    {"System.trim_native_heap", "Attempts to free up memory by trimming the C-heap.", "Low", DCMD_PERM_CONTROL,
     DCMD_EXPORT_ALL, DCMD_NO_ARGS, run_trim_native_heap},
    {"VM.class_hierarchy",
     "Print a list of all loaded classes, indented to show the class hiearchy. The name of each class is followed "
     "by the ClassLoaderData* of its ClassLoader, or \"null\" if loaded by the bootstrap class loader.",
     "Medium: Depends on number of loaded classes.", DCMD_PERM_MONITOR, DCMD_EXPORT_ALL,
     DCMD_ARGS(class_hierarchy_args), run_class_hierarchy},
    {"VM.dynlibs", "Print loaded dynamic libraries.", "Low", DCMD_PERM_MONITOR, DCMD_EXPORT_ALL, DCMD_NO_ARGS,
     run_dynlibs},
    {"VM.native_memory", "Print native memory usage", "Medium", DCMD_PERM_MONITOR, DCMD_EXPORT_ALL,
     DCMD_ARGS(native_memory_args), run_native_memory},
    {"VM.print_touched_methods", "Print all methods that have ever been touched during the lifetime of this JVM.",
     "Medium: Depends on Java content.", DCMD_PERM_NONE, DCMD_EXPORT_ALL, DCMD_NO_ARGS, run_print_touched_methods},
    {"VM.stringtable", "Dump string table.", "Medium: Depends on Java content.", DCMD_PERM_MONITOR, DCMD_EXPORT_ALL,
     DCMD_ARGS(stringtable_args), run_stringtable},
    {"VM.symboltable", "Dump symbol table.", "Medium: Depends on Java content.", DCMD_PERM_MONITOR, DCMD_EXPORT_ALL,
     DCMD_ARGS(symboltable_args), run_symboltable},
};

const DcmdCommand *dcmd_vm_commands(int *count)
{
    *count = (int)(sizeof commands / sizeof commands[0]);
    return commands;
}
