// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * dcmd_commands.c — GlassVM's diagnostic commands (the table at the end; dcmd.h says how
 * to add one). Names, descriptions, impacts, permissions and arguments are HotSpot 17's,
 * so that `jcmd <pid> help <command>` and DiagnosticCommandMBean describe them alike;
 * outputs follow HotSpot's layouts where tools or people parse them.
 *
 *   help                      dcmd.c
 *   VM.version, VM.uptime, VM.system_properties, VM.command_line, VM.flags, VM.set_flag,
 *   VM.info, VM.classloaders, VM.classloader_stats
 *   Thread.print              threaddump.c (with the deadlock report and -l's ownable
 *                             synchronizers)
 *   GC.run, GC.run_finalization
 *   GC.class_histogram, GC.heap_dump, GC.heap_info
 *                             heapinspect.c and heapdump.c
 *   ManagementAgent.start_local / start / stop / status
 *                             management_agent.c: the JDK's JMX agent through
 *                             jdk.internal.agent.Agent, as HotSpot calls it
 * JVMTI.agent_load and JVMTI.data_dump are registered by src/jvmti/attach.c.
 *
 * GlassVM has no metaspace: where HotSpot reports metaspace bytes (VM.classloader_stats)
 * we report the class metadata GlassVM holds in C memory (class_metadata_bytes: the class
 * file it keeps plus its Class, Method and Field records and tables).
 */
#include "dcmd.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../os/os.h"
#include "../vm/class.h"
#include "../vm/classfile.h"
#include "../vm/exception.h"
#include "../vm/heap.h"
#include "../vm/interp.h"
#include "../vm/loader.h"
#include "../vm/module.h"
#include "../vm/object.h"
#include "../vm/options.h"
#include "../vm/string.h"
#include "../vm/sym.h"
#include "../vm/thread.h"
#include "../vm/wellknown.h"
#include "boot.h"
#include "flags.h"
#include "heapdump.h"
#include "heapinspect.h"
#include "management_agent.h"
#include "threaddump.h"

/* ------------------------------------------------------------------------------------ */
/* Helpers                                                                              */
/* ------------------------------------------------------------------------------------ */

bool dcmd_call_static(Thread *t, const char *cls, const char *name, const char *desc, const Slot *args, Slot *ret)
{
    Class *c = loader_load(t, NULL, sym_intern(cls));
    if (c == NULL || !class_ensure_init(t, c)) return false;
    Method *m = class_find_declared_method(c, sym_intern(name), sym_intern(desc));
    if (m == NULL) {
        exc_throw(t, "java/lang/NoSuchMethodError", "%s.%s%s", cls, name, desc);
        return false;
    }
    Slot none = {0};
    return interp_call(t, m, args, ret != NULL ? ret : &none);
}

/* Writes the String s (UTF-8 in the output, as HotSpot's streams). */
static void print_string(FILE *out, Object *s)
{
    char *c = s != NULL ? str_to_mutf8(s) : NULL;
    if (c != NULL) fputs(c, out);
    free(c);
}

/* Bytes of C memory GlassVM holds for class c (its metaspace). */
static size_t class_metadata_bytes(const Class *c)
{
    size_t n = sizeof(Class) + (size_t)c->method_count * sizeof(Method) + (size_t)c->field_count * sizeof(Field) +
               (size_t)c->vtable_length * sizeof(Method *) + (size_t)c->interface_count * sizeof(Class *) +
               (size_t)(c->ref_offset_count + c->static_ref_count) * sizeof(uint32_t);
    if (c->cf != NULL) n += c->cf->length;
    return n;
}

/* ------------------------------------------------------------------------------------ */
/* VM.*                                                                                 */
/* ------------------------------------------------------------------------------------ */

static bool run_version(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    const char *name = boot_property("java.vm.name"), *version = boot_property("java.vm.version");
    if (version == NULL) version = "";
    /* The JDK's version: the VM version without its build and opt parts. */
    fprintf(out, "%s version %s\nJDK %.*s\n", name ? name : "GlassVM", version, (int)strcspn(version, "+-"), version);
    return true;
}

/* "2026-11-27T05:00:51.256+0000" (HotSpot's os::iso8601_time, local time). */
static void iso8601_now(char *buf, size_t size)
{
    int64_t ms = os_current_millis();
    time_t secs = (time_t)(ms / 1000);
    struct tm tm;
    localtime_r(&secs, &tm);
    long off = tm.tm_gmtoff / 60;
    char date[32];
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%S", &tm);
    snprintf(buf, size, "%s.%03d%c%02ld%02ld", date, (int)(ms % 1000), off < 0 ? '-' : '+', labs(off) / 60,
             labs(off) % 60);
}

static bool run_uptime(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    if (v[0].b) {
        char date[64];
        iso8601_now(date, sizeof date);
        fprintf(out, "%s: ", date);
    }
    fprintf(out, "%.3f s\n", (double)(os_nanotime() - boot_start_ns) / 1e9);
    return true;
}

static bool run_system_properties(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    Slot r = {0};
    if (!dcmd_call_static(t, "jdk/internal/vm/VMSupport", "serializePropertiesToByteArray", "()[B", NULL, &r))
        return false;
    if (r.l != NULL) fwrite(array_data((Array *)r.l), 1, (size_t)((Array *)r.l)->length, out);
    return true;
}

/* Arguments::print_on: the VM's arguments, the command and the initial class path. */
static void print_vm_arguments(FILE *out)
{
    if (vm_argument_count > 0) {
        fputs("jvm_args: ", out);
        for (int i = 0; i < vm_argument_count; i++) fprintf(out, "%s ", vm_arguments[i]);
        fputc('\n', out);
    }
    const char *command = boot_property("sun.java.command");
    fprintf(out, "java_command: %s\n", command != NULL ? command : "<unknown>");
    const char *cp = boot_property("java.class.path");
    if (cp != NULL) fprintf(out, "java_class_path (initial): %s\n", cp[0] ? cp : "<not set>");
    const char *launcher = boot_property("sun.java.launcher");
    fprintf(out, "Launcher Type: %s\n", launcher != NULL ? launcher : "generic");
}

static bool run_command_line(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    fputs("VM Arguments:\n", out);
    print_vm_arguments(out);
    return true;
}

/* ---- VM.flags, VM.set_flag: the flag table (flags.h) ---- */

static bool run_flags(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    if (v[0].b) flags_print_all(out);
    else flags_print_set(out);
    return true;
}

/* SetVMFlagDCmd: WriteableFlags::set_flag with origin MANAGEMENT; a failure is a line of
 * output, not an exception. */
static bool run_set_flag(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    char msg[256];
    if (flags_write(v[0].s, v[1].s, FLAG_MANAGEMENT, msg, sizeof msg) != FLAGS_SET_OK) fprintf(out, "%s\n", msg);
    return true;
}

/* ---- VM.info ---- */

/* HotSpot's "Java Threads:" list, oldest first, "=>" marking the current thread. With
 * the world stopped, so that the records stay. */
static void print_java_threads(Thread *self, FILE *out)
{
    fputs("Java Threads: ( => current thread )\n", out);
    thread_safepoint_begin(self);
    int n;
    Thread **threads = thread_java_threads(false, &n);
    for (int i = 0; i < n; i++) {
        Thread *th = threads[i];
        Object *jname = FIELD_GET(th->jthread, wk_off.Thread_name, Object *);
        char *name = jname != NULL ? str_to_mutf8(jname) : NULL;
        ThreadState st = atomic_load_explicit(&th->state, memory_order_relaxed);
        fprintf(out, "%s0x%016lx JavaThread \"%s\"%s [_thread_%s, id=%lld]\n", th == self ? "=>" : "  ",
                (unsigned long)(uintptr_t)th, name != NULL ? name : "",
                FIELD_GET(th->jthread, wk_off.Thread_daemon, uint8_t) ? " daemon" : "",
                th == self || st == TS_JAVA ? "in_vm" : st == TS_NATIVE ? "in_native" : "blocked", (long long)th->tid);
        free(name);
    }
    thread_safepoint_end(self);
    free(threads);
}

static bool run_info(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    const char *vm = boot_property("java.vm.name"), *version = boot_property("java.vm.version"),
               *info = boot_property("java.vm.info");
    int64_t now = os_nanotime();
    double elapsed = (double)(now - boot_start_ns) / 1e9;
    long secs = (long)elapsed;
    fprintf(out, "#\n# JRE version: (%s)\n# Java VM: %s (%s, %s, linux-amd64)\n\n", version ? version : "",
            vm ? vm : "GlassVM", version ? version : "", info ? info : "");
    fputs("---------------  S U M M A R Y ------------\n\n", out);
    fputs("Command Line: ", out);
    for (int i = 0; i < vm_argument_count; i++) fprintf(out, "%s ", vm_arguments[i]);
    const char *command = boot_property("sun.java.command");
    fprintf(out, "%s\n\n", command != NULL ? command : "");
    time_t wall = time(NULL);
    struct tm tm;
    localtime_r(&wall, &tm);
    char stamp[64];
    strftime(stamp, sizeof stamp, "%a %b %e %H:%M:%S %Y %Z", &tm);
    fprintf(out, "Host: %d cores, %lluM\n", os_processor_count(),
            (unsigned long long)(os_physical_memory() >> 20));
    fprintf(out, "Time: %s elapsed time: %f seconds (%ldd %ldh %ldm %lds)\n\n", stamp, elapsed, secs / 86400,
            secs / 3600 % 24, secs / 60 % 60, secs % 60);
    fputs("---------------  P R O C E S S  ---------------\n\n", out);
    print_java_threads(t, out);
    fputc('\n', out);
    size_t used = heap_used_bytes(), committed = heap_committed_bytes(), max = heap_max_bytes();
    fprintf(out, "Heap:\n mark-sweep non-moving heap   total %zuK, used %zuK, max %zuK\n", committed >> 10, used >> 10,
            max >> 10);
    fprintf(out, " collections: %llu, total collection time: %.3f s\n\n",
            (unsigned long long)heap_collection_count(), (double)heap_collection_time_ns() / 1e9);
    fputs("VM Arguments:\n", out);
    print_vm_arguments(out);
    fputc('\n', out);
    fputs("---------------  S Y S T E M  ---------------\n\n", out);
    const char *os_name = boot_property("os.name"), *os_version = boot_property("os.version");
    fprintf(out, "OS: %s %s\n", os_name ? os_name : "Linux", os_version ? os_version : "");
    fprintf(out, "CPU: total %d\n", os_processor_count());
    fprintf(out, "Memory: %zuk page, physical %lluk\n\n", os_page_size() >> 10,
            (unsigned long long)(os_physical_memory() >> 10));
    fprintf(out, "vm_info: %s (%s) for linux-amd64\n\n", vm ? vm : "GlassVM", version ? version : "");
    fputs("END.\n", out);
    return true;
}

/* ---- VM.classloaders, VM.classloader_stats ---- */

typedef struct LoaderNode {
    Object *loader; /* NULL: the boot loader */
    Object *parent;
    int parent_index; /* -1 for the boot loader's children and the boot loader */
    size_t classes, bytes;               /* its classes (hidden ones defined strongly too) */
    size_t hidden, hidden_bytes;         /* its other hidden classes (HotSpot: their own CLDs) */
    bool printed;
} LoaderNode;

typedef struct LoaderTable {
    LoaderNode *v;
    int n, cap;
    bool failed;
} LoaderTable;

static int loader_index(LoaderTable *lt, Object *loader)
{
    for (int i = 0; i < lt->n; i++)
        if (lt->v[i].loader == loader) return i;
    if (lt->n == lt->cap) {
        int cap = lt->cap ? 2 * lt->cap : 16;
        LoaderNode *v = realloc(lt->v, (size_t)cap * sizeof *v);
        if (v == NULL) {
            lt->failed = true;
            return -1;
        }
        lt->v = v;
        lt->cap = cap;
    }
    lt->v[lt->n] = (LoaderNode){.loader = loader, .parent_index = -1};
    return lt->n++;
}

/* A hidden class not defined strongly: it lives by its mirror, not its loader (HotSpot
 * gives it a class loader data of its own and lists it apart). */
static bool is_weak_hidden(const Class *c)
{
    return (c->flags & CLASS_F_HIDDEN) && !(c->flags & CLASS_F_HIDDEN_STRONG);
}

static void count_class(Class *c, void *arg)
{
    LoaderTable *lt = arg;
    int i = loader_index(lt, c->loader);
    if (i < 0) return;
    if (is_weak_hidden(c)) {
        lt->v[i].hidden++;
        lt->v[i].hidden_bytes += class_metadata_bytes(c);
    } else {
        lt->v[i].classes++;
        lt->v[i].bytes += class_metadata_bytes(c);
    }
}

/* The loaders of named modules (the platform and application loaders), in the order
 * their modules were defined: HotSpot knows them (their class loader data) from then on,
 * before any class of theirs, and lists them before loaders created later. */
typedef struct ModuleLoaders {
    Object *v[16];
    int n;
} ModuleLoaders;

static void note_module_loader(Object *module, void *arg)
{
    ModuleLoaders *m = arg;
    Object *loader = FIELD_GET(module, wk_off.Module_loader, Object *);
    if (loader == NULL || FIELD_GET(module, wk_off.Module_name, Object *) == NULL) return;
    for (int i = 0; i < m->n; i++)
        if (m->v[i] == loader) return;
    if (m->n < 16) m->v[m->n++] = loader;
}

/* Every loader that defined a class, with its parents; index 0 is the boot loader, then
 * the loaders of named modules (modules, gathered before the world stopped), then the
 * others as their classes appear. With the world stopped, so that loaders and their
 * parents stay put. */
static bool collect_loaders(Thread *t, LoaderTable *lt, const ModuleLoaders *modules)
{
    memset(lt, 0, sizeof *lt);
    loader_index(lt, NULL);
    for (int i = 0; i < modules->n; i++) loader_index(lt, modules->v[i]);
    loader_for_each_class(count_class, lt);
    for (int i = 1; i < lt->n && !lt->failed; i++) {
        Object *p = FIELD_GET(lt->v[i].loader, wk_off.ClassLoader_parent, Object *);
        lt->v[i].parent = p;
        if (p != NULL) lt->v[i].parent_index = loader_index(lt, p);
    }
    return !lt->failed;
}

/* HotSpot's BranchTracker: each level is "|     " or six spaces. */
static void print_branches(FILE *out, const bool *branches, int depth)
{
    for (int i = 0; i < depth; i++) fputs(branches[i] ? "|     " : "      ", out);
}

typedef struct TreeOptions {
    bool show_classes, verbose, fold;
} TreeOptions;

static void print_loader_name(FILE *out, Object *loader)
{
    Object *name = FIELD_GET(loader, wk_off.ClassLoader_name, Object *);
    if (name != NULL) {
        fputs(" \"", out);
        print_string(out, name);
        fputs("\",", out);
    }
    char cname[512];
    class_external_name(loader->klass, cname, sizeof cname);
    fprintf(out, " %s", cname);
}

static bool same_kind(const LoaderNode *a, const LoaderNode *b)
{
    if (a->loader->klass != b->loader->klass) return false;
    Object *na = FIELD_GET(a->loader, wk_off.ClassLoader_name, Object *);
    Object *nb = FIELD_GET(b->loader, wk_off.ClassLoader_name, Object *);
    if (na == NULL || nb == NULL) return na == nb;
    char *ca = str_to_mutf8(na), *cb = str_to_mutf8(nb);
    bool same = ca != NULL && cb != NULL && strcmp(ca, cb) == 0;
    free(ca);
    free(cb);
    return same;
}

typedef struct ClassPrint {
    FILE *out;
    Object *loader;
    bool hidden; /* the loader's weakly hidden classes, or the others */
    const bool *branches;
    int depth;
    int printed;
} ClassPrint;

static void print_class_of_loader(Class *c, void *arg)
{
    ClassPrint *p = arg;
    if (c->loader != p->loader || is_weak_hidden(c) != p->hidden) return;
    char name[512];
    class_external_name(c, name, sizeof name);
    print_branches(p->out, p->branches, p->depth);
    fprintf(p->out, "%*s %s\n", 18, p->printed++ > 0 ? "" : p->hidden ? "Hidden Classes:" : "Classes:", name);
}

static void print_tree(FILE *out, LoaderTable *lt, int node, bool *branches, int depth, bool has_sibling,
                       int folded, const TreeOptions *o)
{
    LoaderNode *n = &lt->v[node];
    print_branches(out, branches, depth);
    fputs("+--", out);
    if (n->loader == NULL) fputs(" <bootstrap>", out);
    else print_loader_name(out, n->loader);
    if (folded > 0) fprintf(out, " (+ %d more)", folded);
    fputc('\n', out);
    /* The children of this node, in discovery order. */
    int children[256], nchildren = 0, fold_count[256];
    for (int i = 1; i < lt->n && nchildren < 256; i++) {
        if (lt->v[i].parent_index != (node == 0 ? -1 : node) || i == node) continue;
        if (o->fold && !o->show_classes) {
            int k = 0;
            while (k < nchildren && !same_kind(&lt->v[children[k]], &lt->v[i])) k++;
            if (k < nchildren) {
                fold_count[k]++;
                continue;
            }
        }
        fold_count[nchildren] = 0;
        children[nchildren++] = i;
    }
    branches[depth] = has_sibling;
    branches[depth + 1] = nchildren > 0;
    print_branches(out, branches, depth + 2);
    fputc('\n', out);
    if (o->verbose) {
        print_branches(out, branches, depth + 2);
        fprintf(out, "%*s 0x%016lx\n", 18, "Loader Oop:", (unsigned long)(uintptr_t)n->loader);
        print_branches(out, branches, depth + 2);
        fprintf(out, "%*s 0x%016lx\n", 18, "Loader Data:", (unsigned long)(uintptr_t)n);
        print_branches(out, branches, depth + 2);
        fprintf(out, "%*s 0x%016lx\n", 18, "Loader Klass:",
                (unsigned long)(uintptr_t)(n->loader != NULL ? n->loader->klass : NULL));
        print_branches(out, branches, depth + 2);
        fputc('\n', out);
    }
    for (int hidden = 0; hidden < 2 && o->show_classes; hidden++) {
        size_t count = hidden ? n->hidden : n->classes;
        if (count == 0) continue;
        ClassPrint p = {out, n->loader, hidden, branches, depth + 2, 0};
        loader_for_each_class(print_class_of_loader, &p);
        print_branches(out, branches, depth + 2);
        fprintf(out, "%*s (%zu %sclass%s)\n", 18, "", count, hidden ? "hidden " : "", count == 1 ? "" : "es");
        print_branches(out, branches, depth + 2);
        fputc('\n', out);
    }
    if (depth + 2 >= 62) return; /* deeper than any real hierarchy */
    for (int k = 0; k < nchildren; k++)
        print_tree(out, lt, children[k], branches, depth + 1, k + 1 < nchildren, fold_count[k], o);
}

static bool run_classloaders(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    TreeOptions o = {v[0].b, v[1].b, v[2].b};
    LoaderTable lt;
    ModuleLoaders modules = {.n = 0};
    module_for_each(note_module_loader, &modules);
    thread_safepoint_begin(t);
    bool ok = collect_loaders(t, &lt, &modules);
    if (ok) {
        bool branches[64] = {false};
        print_tree(out, &lt, 0, branches, 0, false, 0, &o);
    }
    thread_safepoint_end(t);
    free(lt.v);
    return true;
}

static bool run_classloader_stats(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    LoaderTable lt;
    ModuleLoaders modules = {.n = 0};
    module_for_each(note_module_loader, &modules);
    thread_safepoint_begin(t);
    bool ok = collect_loaders(t, &lt, &modules);
    if (ok) {
        fputs("ClassLoader         Parent              CLD*               Classes   ChunkSz   BlockSz  Type\n", out);
        size_t classes = 0, bytes = 0;
        /* HotSpot lists the newest loaders first, the boot loader last. */
        for (int i = lt.n; i-- > 0;) {
            LoaderNode *n = &lt.v[i];
            char cname[512] = "<boot class loader>";
            if (n->loader != NULL) class_external_name(n->loader->klass, cname, sizeof cname);
            fprintf(out, "0x%016lx  0x%016lx  0x%016lx  %6zu  %8zu  %8zu  %s\n", (unsigned long)(uintptr_t)n->loader,
                    (unsigned long)(uintptr_t)n->parent, (unsigned long)(uintptr_t)n, n->classes, n->bytes, n->bytes,
                    cname);
            if (n->hidden > 0)
                fprintf(out, "%*s%6zu  %8zu  %8zu   + hidden classes\n", 60, "", n->hidden, n->hidden_bytes,
                        n->hidden_bytes);
            classes += n->classes + n->hidden;
            bytes += n->bytes + n->hidden_bytes;
        }
        fprintf(out, "Total = %-6d%46s%6zu  %8zu  %8zu  \n", lt.n, "", classes, bytes, bytes);
        fputs("ChunkSz: Total size of all allocated metaspace chunks\n"
              "BlockSz: Total size of all allocated metaspace blocks (each chunk has several blocks)\n",
              out);
    }
    thread_safepoint_end(t);
    free(lt.v);
    return true;
}

/* ------------------------------------------------------------------------------------ */
/* Thread.print, GC.*                                                                   */
/* ------------------------------------------------------------------------------------ */

static bool run_thread_print(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    threaddump_write(t, out, (v[0].b ? THREADDUMP_LOCKS : 0) | (v[1].b ? THREADDUMP_EXTENDED : 0));
    return true;
}

static bool run_gc(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    heap_collect(t, GC_SYSTEM);
    return true;
}

static bool run_finalization(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    return dcmd_call_static(t, "java/lang/System", "runFinalization", "()V", NULL, NULL);
}

/* GC.heap_dump, GC.class_histogram, GC.heap_info: heapdump.c and heapinspect.c. */
static bool run_heap_dump(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    return heapdump_dcmd(t, v[0].s, v[1].b, v[2].is_set, v[2].j, v[3].b, out);
}

static bool run_class_histogram(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    return heapinspect_histogram_dcmd(t, v[0].b, v[1].j, out);
}

static bool run_heap_info(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    heapinspect_heap_info(t, out);
    return true;
}

/* ------------------------------------------------------------------------------------ */
/* ManagementAgent.*                                                                    */
/* ------------------------------------------------------------------------------------ */

/* The JDK's JMX agent: management_agent.c. */
static bool run_agent_start_local(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    return mgmt_agent_start_local(t);
}

static bool run_agent_stop(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    return mgmt_agent_stop_remote(t);
}

static bool run_agent_status(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    return mgmt_agent_status(t, out);
}

static const DcmdArgDef agent_start_args[] = {
    {"config.file", "set com.sun.management.config.file", DCMD_STRING, NULL, false, true},
    {"jmxremote.host", "set com.sun.management.jmxremote.host", DCMD_STRING, NULL, false, true},
    {"jmxremote.port", "set com.sun.management.jmxremote.port", DCMD_STRING, NULL, false, true},
    {"jmxremote.rmi.port", "set com.sun.management.jmxremote.rmi.port", DCMD_STRING, NULL, false, true},
    {"jmxremote.ssl", "set com.sun.management.jmxremote.ssl", DCMD_STRING, NULL, false, true},
    {"jmxremote.registry.ssl", "set com.sun.management.jmxremote.registry.ssl", DCMD_STRING, NULL, false, true},
    {"jmxremote.authenticate", "set com.sun.management.jmxremote.authenticate", DCMD_STRING, NULL, false, true},
    {"jmxremote.password.file", "set com.sun.management.jmxremote.password.file", DCMD_STRING, NULL, false, true},
    {"jmxremote.access.file", "set com.sun.management.jmxremote.access.file", DCMD_STRING, NULL, false, true},
    {"jmxremote.login.config", "set com.sun.management.jmxremote.login.config", DCMD_STRING, NULL, false, true},
    {"jmxremote.ssl.enabled.cipher.suites", "set com.sun.management.jmxremote.ssl.enabled.cipher.suite",
     DCMD_STRING, NULL, false, true},
    {"jmxremote.ssl.enabled.protocols", "set com.sun.management.jmxremote.ssl.enabled.protocols", DCMD_STRING, NULL,
     false, true},
    {"jmxremote.ssl.need.client.auth", "set com.sun.management.jmxremote.need.client.auth", DCMD_STRING, NULL, false,
     true},
    {"jmxremote.ssl.config.file", "set com.sun.management.jmxremote.ssl.config.file", DCMD_STRING, NULL, false,
     true},
    {"jmxremote.autodiscovery", "set com.sun.management.jmxremote.autodiscovery", DCMD_STRING, NULL, false, true},
    {"jdp.port", "set com.sun.management.jdp.port", DCMD_INT, NULL, false, true},
    {"jdp.address", "set com.sun.management.jdp.address", DCMD_STRING, NULL, false, true},
    {"jdp.source_addr", "set com.sun.management.jdp.source_addr", DCMD_STRING, NULL, false, true},
    {"jdp.ttl", "set com.sun.management.jdp.ttl", DCMD_INT, NULL, false, true},
    {"jdp.pause", "set com.sun.management.jdp.pause", DCMD_INT, NULL, false, true},
    {"jdp.name", "set com.sun.management.jdp.name", DCMD_STRING, NULL, false, true},
};

/* The options given, as "com.sun.management.<name>=<value>,..." for
 * Agent.startRemoteManagementAgent, which checks them (HotSpot's JMXStartRemoteDCmd). */
static bool run_agent_start(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    char *text = NULL;
    size_t len = 0;
    FILE *opts = os_memstream_open(&text, &len);
    if (opts == NULL) {
        exc_throw_oom(t);
        return false;
    }
    const char *comma = "";
    for (size_t i = 0; i < sizeof agent_start_args / sizeof agent_start_args[0]; i++) {
        if (!v[i].is_set) continue;
        if (agent_start_args[i].type == DCMD_INT)
            fprintf(opts, "%scom.sun.management.%s=%lld", comma, agent_start_args[i].name, (long long)v[i].j);
        else
            fprintf(opts, "%scom.sun.management.%s=%s", comma, agent_start_args[i].name, v[i].s ? v[i].s : "(null)");
        comma = ",";
    }
    fclose(opts);
    bool ok = mgmt_agent_start_remote(t, text);
    free(text);
    return ok;
}

/* ------------------------------------------------------------------------------------ */
/* The table                                                                            */
/* ------------------------------------------------------------------------------------ */

static const DcmdArgDef uptime_args[] = {
    {"-date", "Add a prefix with current date", DCMD_BOOLEAN, "false", false, true},
};
static const DcmdArgDef flags_args[] = {
    {"-all", "Print all flags supported by the VM", DCMD_BOOLEAN, "false", false, true},
};
static const DcmdArgDef thread_print_args[] = {
    {"-l", "print java.util.concurrent locks", DCMD_BOOLEAN, "false", false, true},
    {"-e", "print extended thread information", DCMD_BOOLEAN, "false", false, true},
};
static const DcmdArgDef set_flag_args[] = {
    {"flag name", "The name of the flag we want to set", DCMD_STRING, NULL, true, false},
    {"string value", "The value we want to set", DCMD_STRING, NULL, false, false},
};
static const DcmdArgDef classloaders_args[] = {
    {"show-classes", "Print loaded classes.", DCMD_BOOLEAN, "false", false, true},
    {"verbose", "Print detailed information.", DCMD_BOOLEAN, "false", false, true},
    {"fold", "Show loaders of the same name and class as one.", DCMD_BOOLEAN, "true", true, true},
};

static const DcmdArgDef heap_dump_args[] = {
    {"filename", "Name of the dump file", DCMD_STRING, NULL, true, false},
    {"-all", "Dump all objects, including unreachable objects", DCMD_BOOLEAN, "false", false, true},
    {"-gz",
     "If specified, the heap dump is written in gzipped format using the given compression level. 1 (recommended) "
     "is the fastest, 9 the strongest compression.",
     DCMD_INT, "1", false, true},
    {"-overwrite", "If specified, the dump file will be overwritten if it exists", DCMD_BOOLEAN, "false", false,
     true},
};
static const DcmdArgDef class_histogram_args[] = {
    {"-all", "Inspect all objects, including unreachable objects", DCMD_BOOLEAN, "false", false, true},
    {"-parallel",
     "Number of parallel threads to use for heap inspection. 0 (the default) means let the VM determine the number "
     "of threads to use. 1 means use one thread (disable parallelism). For any other value the VM will try to use "
     "the specified number of threads, but might use fewer.",
     DCMD_INT, "0", false, true},
};

static const DcmdCommand builtin[] = {
    {"GC.class_histogram", "Provide statistics about the Java heap usage.",
     "High: Depends on Java heap size and content.", DCMD_PERM_MONITOR, DCMD_EXPORT_ALL,
     DCMD_ARGS(class_histogram_args), run_class_histogram},
    {"GC.heap_dump", "Generate a HPROF format dump of the Java heap.",
     "High: Depends on Java heap size and content. Request a full GC unless the '-all' option is specified.",
     /* Not for the MBean, as in HotSpot: HotSpotDiagnosticMXBean.dumpHeap is JMX's way. */
     DCMD_PERM_MONITOR, DCMD_EXPORT_NO_MBEAN, DCMD_ARGS(heap_dump_args), run_heap_dump},
    {"GC.heap_info", "Provide generic Java heap information.", "Medium", DCMD_PERM_MONITOR, DCMD_EXPORT_ALL,
     DCMD_NO_ARGS, run_heap_info},
    {"GC.run", "Call java.lang.System.gc().", "Medium: Depends on Java heap size and content.", DCMD_PERM_NONE,
     DCMD_EXPORT_ALL, DCMD_NO_ARGS, run_gc},
    {"GC.run_finalization", "Call java.lang.System.runFinalization().", "Medium: Depends on Java content.",
     DCMD_PERM_NONE, DCMD_EXPORT_ALL, DCMD_NO_ARGS, run_finalization},
    {"ManagementAgent.start", "Start remote management agent.", "Low: No impact", DCMD_PERM_NONE,
     DCMD_EXPORT_NO_MBEAN, DCMD_ARGS(agent_start_args), run_agent_start},
    {"ManagementAgent.start_local", "Start local management agent.", "Low: No impact", DCMD_PERM_NONE,
     DCMD_EXPORT_NO_MBEAN, DCMD_NO_ARGS, run_agent_start_local},
    {"ManagementAgent.status", "Print the management agent status.", "Low: No impact", DCMD_PERM_MONITOR,
     DCMD_EXPORT_NO_MBEAN, DCMD_NO_ARGS, run_agent_status},
    {"ManagementAgent.stop", "Stop remote management agent.", "Low: No impact", DCMD_PERM_NONE,
     DCMD_EXPORT_NO_MBEAN, DCMD_NO_ARGS, run_agent_stop},
    {"Thread.print", "Print all threads with stacktraces.", "Medium: Depends on the number of threads.",
     DCMD_PERM_MONITOR, DCMD_EXPORT_ALL, DCMD_ARGS(thread_print_args), run_thread_print},
    {"VM.classloader_stats", "Print statistics about all ClassLoaders.", "Low", DCMD_PERM_MONITOR, DCMD_EXPORT_ALL,
     DCMD_NO_ARGS, run_classloader_stats},
    {"VM.classloaders", "Prints classloader hierarchy.",
     "Medium: Depends on number of class loaders and classes loaded.", DCMD_PERM_MONITOR, DCMD_EXPORT_ALL,
     DCMD_ARGS(classloaders_args), run_classloaders},
    {"VM.command_line", "Print the command line used to start this VM instance.", "Low", DCMD_PERM_MONITOR,
     DCMD_EXPORT_ALL, DCMD_NO_ARGS, run_command_line},
    {"VM.flags", "Print VM flag options and their current values.", "Low", DCMD_PERM_MONITOR, DCMD_EXPORT_ALL,
     DCMD_ARGS(flags_args), run_flags},
    {"VM.info", "Print information about JVM environment and status.", "Low", DCMD_PERM_MONITOR, DCMD_EXPORT_ALL,
     DCMD_NO_ARGS, run_info},
    {"VM.set_flag", "Sets VM flag option using the provided value.", "Low", DCMD_PERM_CONTROL, DCMD_EXPORT_ALL,
     DCMD_ARGS(set_flag_args), run_set_flag},
    {"VM.system_properties", "Print system properties.", "Low", "java.util.PropertyPermission", "*", "read",
     DCMD_EXPORT_ALL, DCMD_NO_ARGS, run_system_properties},
    {"VM.uptime", "Print VM uptime.", "Low", DCMD_PERM_NONE, DCMD_EXPORT_ALL, DCMD_ARGS(uptime_args), run_uptime},
    {"VM.version", "Print JVM version information.", "Low", "java.util.PropertyPermission", "java.vm.version",
     "read", DCMD_EXPORT_ALL, DCMD_NO_ARGS, run_version},
};

const DcmdCommand *dcmd_builtin_commands(int *count)
{
    *count = (int)(sizeof builtin / sizeof builtin[0]);
    return builtin;
}
