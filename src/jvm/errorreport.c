// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * errorreport.c — the fatal-error report (errorreport.h), in HotSpot's layout so that
 * people and scripts used to hs_err files find things where they look for them: the
 * banner (also on stdout), then SUMMARY, THREAD (the failing thread, its native frames
 * as far as the unwind tables reach, its Java frames, the signal and the registers),
 * PROCESS (threads, heap, libraries, arguments, environment) and SYSTEM.
 *
 * Contracts: runs on the failing thread, inside a signal handler or where panic() was
 * called, with arbitrary locks possibly held by that very thread. So output goes through
 * write(2) from stack buffers, nothing allocates from the C heap (but the loading of
 * libunwind for the native frames, where NCAI has not loaded it yet), locks are avoided where
 * a racy read does (thread_for_each_unlocked), and every step that reads VM structures
 * runs under os_fatal_step: a fault inside it ends that step with a note and the report
 * goes on. A second thread failing meanwhile waits (os_fatal_install).
 */
#include "errorreport.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "../os/os.h"
#include "../vm/class.h"
#include "../vm/heap.h"
#include "../vm/interp.h"
#include "../vm/module.h"
#include "../vm/object.h"
#include "../vm/options.h"
#include "../vm/string.h"
#include "../vm/thread.h"
#include "../vm/wellknown.h"
#include "boot.h"
#include "flags.h"

/* The machine's figures, taken at boot: reading them (cgroup files through stdio, sysconf
 * reading /sys) allocates, which a report must not. */
static struct {
    int cpus;
    uint64_t memory;
    size_t page;
} host;

typedef struct Report {
    const OsFault *fault; /* NULL for an internal error */
    const char *file;     /* internal error: where, and the message */
    int line;
    const char *message;
    bool bug;       /* internal error: a fault of the VM's, not a requested one */
    Thread *thread; /* the failing thread if it is attached, else NULL */
    int64_t tid;
    int fd; /* the error file, or 1 when it could not be created */
    char path[2048];
    const char *step; /* the step running, for the note after a fault */
} Report;

/* printf to fd through a stack buffer (long lines are cut at 2 KB). */
__attribute__((format(printf, 2, 3))) static void say(int fd, const char *fmt, ...)
{
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    size_t len = (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1;
    const char *reason;
    os_file_write_all(fd, buf, len, &reason);
}

/* %p -> pid, %% -> %, into out. */
static void expand_pid(const char *pattern, char *out, size_t size)
{
    size_t n = 0;
    for (const char *p = pattern; *p != 0 && n + 12 < size; p++) {
        if (p[0] == '%' && p[1] == 'p') {
            n += (size_t)snprintf(out + n, size - n, "%d", os_getpid());
            p++;
        } else if (p[0] == '%' && p[1] == '%') {
            out[n++] = '%';
            p++;
        } else {
            out[n++] = *p;
        }
    }
    out[n] = 0;
}

static const char *flag_text(const char *name)
{
    const VmFlag *f = flags_find(name);
    return f != NULL && f->value.s != NULL && f->value.s[0] != 0 ? f->value.s : NULL;
}

/* "V  [libjvm.so+0x1234]  name+0x56": V for the VM's own library, C for other code.
 * caller: pc is a return address, which after a call that does not return may already
 * be past the calling function, so the one before it is looked up. */
static void print_native_frame(int fd, uintptr_t pc, bool caller)
{
    OsSymbol s;
    uintptr_t at = caller ? pc - 1 : pc, back = caller ? 1 : 0;
    if (!os_symbolize(at, &s)) {
        say(fd, "C  0x%016lx\n", (unsigned long)pc);
        return;
    }
    char kind = strcmp(s.module, "libjvm.so") == 0 ? 'V' : 'C';
    if (s.name[0] != 0)
        say(fd, "%c  [%s+0x%lx]  %s+0x%lx\n", kind, s.module, (unsigned long)(s.module_offset + back), s.name,
            (unsigned long)(s.name_offset + back));
    else
        say(fd, "%c  [%s+0x%lx]\n", kind, s.module, (unsigned long)(s.module_offset + back));
}

static const char *state_name(const Thread *t)
{
    switch (atomic_load_explicit(&((Thread *)t)->state, memory_order_relaxed)) {
    case TS_NEW: return "_thread_new";
    case TS_JAVA: return "_thread_in_Java";
    case TS_NATIVE: return "_thread_in_native";
    case TS_BLOCKED: return "_thread_blocked";
    case TS_TERMINATED: return "_thread_terminated";
    default: return "_thread_uninitialized";
    }
}

/* HotSpot's JavaThread line: "JavaThread \"name\" [daemon ][state, id=N, stack(lo,hi)]". */
static void print_thread_line(int fd, const Thread *t)
{
    say(fd, "JavaThread \"%s\" %s[%s, id=%ld, stack(0x%016lx,0x%016lx)]", t->name != NULL ? t->name : "",
        t->daemon ? "daemon " : "", state_name(t), (long)t->tid, (unsigned long)(uintptr_t)t->stack_lo,
        (unsigned long)(uintptr_t)t->stack_hi);
}

/* ---- the banner ---- */

static void banner(const Report *r, int fd, bool with_file)
{
    say(fd, "#\n# A fatal error has been detected by the Java Runtime Environment:\n#\n");
    if (r->fault != NULL) {
        const char *name = os_signal_name(r->fault->sig);
        say(fd, "#  %s (0x%x) at pc=0x%016lx, pid=%d, tid=%ld\n", name != NULL ? name : "signal", r->fault->sig,
            (unsigned long)r->fault->pc, os_getpid(), (long)r->tid);
    } else {
        say(fd, "#  Internal Error (%s:%d), pid=%d, tid=%ld\n#  fatal error: %s\n", r->file, r->line, os_getpid(),
            (long)r->tid, r->message);
    }
    const char *version = boot_property("java.vm.version");
    const char *info = boot_property("java.vm.info");
    say(fd, "#\n# JRE version: (build %s)\n", version != NULL ? version : "");
    say(fd, "# Java VM: GlassVM (%s, %s, linux-amd64)\n", version != NULL ? version : "",
        info != NULL ? info : "interpreted mode");
    if (r->fault != NULL) {
        say(fd, "# Problematic frame:\n# ");
        print_native_frame(fd, r->fault->pc, false);
        say(fd, "#\n");
    }
    const VmFlag *core = flags_find("CreateCoredumpOnCrash");
    if (core != NULL && !core->value.b) {
        say(fd, "# CreateCoredumpOnCrash turned off, no core file dumped\n");
    } else if (os_core_limit() == 0) {
        say(fd, "# No core dump will be written. Core dumps have been disabled. To enable core dumping, try "
                "\"ulimit -c unlimited\" before starting Java again\n");
    } else {
        char pattern[256], cwd[512];
        os_core_pattern(pattern, sizeof pattern);
        if (!os_getcwd_buf(cwd, sizeof cwd)) snprintf(cwd, sizeof cwd, ".");
        if (pattern[0] == '|')
            say(fd, "# Core dump will be written. Default location: Core dumps may be processed with \"%s\"\n",
                pattern + 1);
        else
            say(fd, "# Core dump will be written. Default location: %s/%s\n", cwd, pattern[0] ? pattern : "core");
    }
    if (with_file) {
        say(fd, "#\n");
        if (r->fd != 1) say(fd, "# An error report file with more information is saved as:\n# %s\n", r->path);
        else say(fd, "# Can not save log file, dump to screen..\n");
    }
    /* HotSpot ends with where to report a bug, except after a fatal error it was asked
     * for; GlassVM has no such address to give. */
    if (r->fault != NULL || r->bug) say(fd, "#\n");
}

/* ---- the report's steps ---- */

static void step_summary(void *arg)
{
    Report *r = arg;
    say(r->fd, "\n---------------  S U M M A R Y ------------\n\nCommand Line: ");
    for (int i = 0; i < vm_argument_count; i++) say(r->fd, "%s ", vm_arguments[i]);
    const char *command = boot_property("sun.java.command");
    say(r->fd, "%s\n\n", command != NULL ? command : "");
    say(r->fd, "Host: %d cores, %lluM\n", host.cpus, (unsigned long long)(host.memory >> 20));
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    char stamp[64];
    strftime(stamp, sizeof stamp, "%a %b %e %H:%M:%S %Y UTC", &tm);
    double elapsed = (double)(os_nanotime() - boot_start_ns) / 1e9;
    long secs = (long)elapsed;
    say(r->fd, "Time: %s elapsed time: %f seconds (%ldd %ldh %ldm %lds)\n", stamp, elapsed, secs / 86400,
        secs / 3600 % 24, secs / 60 % 60, secs % 60);
}

static void step_current_thread(void *arg)
{
    Report *r = arg;
    say(r->fd, "\n---------------  T H R E A D  ---------------\n\n");
    if (r->thread == NULL) {
        say(r->fd, "Current thread is native thread %ld (not attached to the VM)\n", (long)r->tid);
        return;
    }
    say(r->fd, "Current thread (0x%016lx):  ", (unsigned long)(uintptr_t)r->thread);
    print_thread_line(r->fd, r->thread);
    say(r->fd, "\n");
    if (r->fault != NULL) {
        uintptr_t lo = (uintptr_t)r->thread->stack_lo, hi = (uintptr_t)r->thread->stack_hi;
        uintptr_t sp = r->fault->sp;
        say(r->fd, "\nStack: [0x%016lx,0x%016lx],  sp=0x%016lx,  free space=%luk\n", (unsigned long)lo,
            (unsigned long)hi, (unsigned long)sp, sp > lo && sp < hi ? (unsigned long)((sp - lo) >> 10) : 0ul);
    }
}

static void step_native_frames(void *arg)
{
    Report *r = arg;
    OsFrame frames[64];
    int n = os_unwind(r->fault != NULL ? (OsContext *)r->fault->ctx : NULL, frames, 64);
    say(r->fd, "Native frames: (J=compiled Java code, j=interpreted, Vv=VM code, C=native code)\n");
    for (int i = 0; i < n; i++) print_native_frame(r->fd, frames[i].pc, i > 0);
    if (n == 0 && r->fault != NULL) print_native_frame(r->fd, r->fault->pc, false);
}

/* "j  pkg.Class.method(desc)+bci module@version" (HotSpot's Java frame lines). */
static void print_java_frame(int fd, const Frame *f)
{
    const Method *m = f->method;
    char cname[512], module[160] = "";
    class_external_name(m->clazz, cname, sizeof cname);
    Object *mod = m->clazz->module;
    Object *modname = mod != NULL ? FIELD_GET(mod, wk_off.Module_name, Object *) : NULL;
    if (modname != NULL) {
        char mn[128];
        int32_t len = str_length(modname);
        size_t k = str_region_to_mutf8(modname, 0, len < 40 ? len : 40, mn);
        mn[k] = 0;
        const char *version = module_version(mod);
        snprintf(module, sizeof module, " %s%s%s", mn, version != NULL ? "@" : "", version != NULL ? version : "");
    }
    int bci = method_is_native(m) ? 0 : frame_bci(f);
    say(fd, "j  %s.%s%s+%d%s\n", cname, m->name, m->desc, bci < 0 ? 0 : bci, module);
}

static void step_java_frames(void *arg)
{
    Report *r = arg;
    if (r->thread == NULL) return;
    say(r->fd, "\nJava frames: (J=compiled Java code, j=interpreted, Vv=VM code)\n");
    int n = 0;
    for (Frame *f = r->thread->top_frame; f != NULL && n < 1000; f = f->prev, n++) {
        if (f->flags & FRAME_ENTRY) {
            say(r->fd, "v  ~call from the VM\n");
            continue;
        }
        print_java_frame(r->fd, f);
    }
}

static void step_signal(void *arg)
{
    Report *r = arg;
    if (r->fault == NULL) return;
    const OsFault *f = r->fault;
    const char *name = os_signal_name(f->sig), *code = os_signal_code_name(f->sig, f->code);
    say(r->fd, "\n\nsiginfo: si_signo: %d (%s), si_code: %d (%s), si_addr: 0x%016lx\n", f->sig, name ? name : "?",
        f->code, code ? code : "?", (unsigned long)(uintptr_t)f->addr);
    say(r->fd, "\nRegisters:\n");
    int count = os_context_reg_count(), on_line = 0;
    for (int i = 0; i < count; i++) {
        uint64_t v = 0;
        if (os_context_reg_size(i) > 8 || !os_context_reg_get((const OsContext *)f->ctx, i, &v)) continue;
        say(r->fd, "%s%s=0x%016lx", on_line ? ", " : "", os_context_reg_name(i), (unsigned long)v);
        if (++on_line == 4) {
            say(r->fd, "\n");
            on_line = 0;
        }
    }
    if (on_line) say(r->fd, "\n");
}

/* HotSpot's "Top of Stack" (64 words from sp, two a line) and "Instructions" (the 400
 * code bytes from pc - 256, sixteen a line), read through os_mem_read, so an unmapped
 * page ends a section instead of faulting. */
static void step_memory(void *arg)
{
    Report *r = arg;
    if (r->fault == NULL) return;
    uintptr_t sp = r->fault->sp, pc = r->fault->pc;
    say(r->fd, "\nTop of Stack: (sp=0x%016lx)\n", (unsigned long)sp);
    for (int line = 0; line < 32; line++) {
        uint64_t w[2];
        uintptr_t at = sp + (uintptr_t)line * sizeof w;
        if (!os_mem_read((const void *)at, w, sizeof w)) break;
        say(r->fd, "0x%016lx:   %016lx %016lx\n", (unsigned long)at, (unsigned long)w[0], (unsigned long)w[1]);
    }
    say(r->fd, "\nInstructions: (pc=0x%016lx)\n", (unsigned long)pc);
    for (int line = 0; line < 25; line++) {
        uint8_t b[16];
        uintptr_t at = pc - 256 + (uintptr_t)line * sizeof b;
        if (!os_mem_read((const void *)at, b, sizeof b)) continue; /* the start may precede the mapping */
        char text[16 * 3 + 1];
        int n = 0;
        for (int i = 0; i < 16; i++) n += snprintf(text + n, sizeof text - (size_t)n, "%s%02x", i ? " " : "", b[i]);
        say(r->fd, "0x%016lx:   %s\n", (unsigned long)at, text);
    }
}

typedef struct ThreadsArg {
    int fd;
    const Thread *current;
} ThreadsArg;

static void print_listed_thread(Thread *t, void *arg)
{
    ThreadsArg *a = arg;
    say(a->fd, "%s0x%016lx ", t == a->current ? "=>" : "  ", (unsigned long)(uintptr_t)t);
    print_thread_line(a->fd, t);
    say(a->fd, "\n");
}

static void step_threads(void *arg)
{
    Report *r = arg;
    say(r->fd, "\n---------------  P R O C E S S  ---------------\n\nJava Threads: ( => current thread )\n");
    ThreadsArg a = {r->fd, r->thread};
    thread_for_each_unlocked(print_listed_thread, &a);
}

static void step_heap(void *arg)
{
    Report *r = arg;
    say(r->fd, "\nHeap:\n mark-sweep non-moving heap   total %zuK, used %zuK, max %zuK\n", heap_committed_bytes() >> 10,
        heap_used_bytes() >> 10, heap_max_bytes() >> 10);
    say(r->fd, " collections: %llu, total collection time: %.3f s\n", (unsigned long long)heap_collection_count(),
        (double)heap_collection_time_ns() / 1e9);
}

static void step_libraries(void *arg)
{
    Report *r = arg;
    say(r->fd, "\nDynamic libraries:\n");
    os_write_memory_map(r->fd);
}

static void step_arguments(void *arg)
{
    Report *r = arg;
    say(r->fd, "\nVM Arguments:\n");
    if (vm_argument_count > 0) {
        say(r->fd, "jvm_args: ");
        for (int i = 0; i < vm_argument_count; i++) say(r->fd, "%s ", vm_arguments[i]);
        say(r->fd, "\n");
    }
    const char *command = boot_property("sun.java.command");
    say(r->fd, "java_command: %s\n", command != NULL ? command : "<unknown>");
    const char *cp = boot_property("java.class.path");
    if (cp != NULL) say(r->fd, "java_class_path (initial): %s\n", cp[0] ? cp : "<not set>");
    const char *launcher = boot_property("sun.java.launcher");
    say(r->fd, "Launcher Type: %s\n", launcher != NULL ? launcher : "generic");
    /* The environment variables HotSpot's report lists, where set. */
    static const char *const env[] = {"JAVA_HOME", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "CLASSPATH", "PATH",
                                      "USERNAME", "LD_LIBRARY_PATH", "LD_PRELOAD", "SHELL", "DISPLAY", "HOSTTYPE",
                                      "OSTYPE", "ARCH", "MACHTYPE", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "TERM"};
    say(r->fd, "\nEnvironment Variables:\n");
    for (size_t i = 0; i < sizeof env / sizeof env[0]; i++) {
        const char *v = os_getenv(env[i]);
        if (v != NULL) say(r->fd, "%s=%s\n", env[i], v);
    }
}

static void step_system(void *arg)
{
    Report *r = arg;
    say(r->fd, "\n---------------  S Y S T E M  ---------------\n\nOS:\n");
    os_write_os_info(r->fd);
    say(r->fd, "\nCPU: total %d\n", host.cpus);
    say(r->fd, "Memory: %zuk page, physical %lluk\n", host.page >> 10, (unsigned long long)(host.memory >> 10));
    const char *version = boot_property("java.vm.version");
    say(r->fd, "\nvm_info: GlassVM (%s) for linux-amd64\n\nEND.\n", version != NULL ? version : "");
}

static void run_step(Report *r, const char *name, void (*fn)(void *))
{
    r->step = name;
    if (!os_fatal_step(fn, r)) say(r->fd, "\n[error occurred during error reporting (%s)]\n", name);
}

void errorreport_run_commands(const char *cmds, const char *dots)
{
    for (const char *p = cmds; *p != 0;) {
        while (*p == ' ' || *p == '\t' || *p == '\n') p++;
        size_t len = strcspn(p, ";");
        if (len > 0) {
            char one[2048], cmd[2048];
            snprintf(one, sizeof one, "%.*s", (int)len, p);
            expand_pid(one, cmd, sizeof cmd);
            say(1, "#   Executing /bin/sh -c \"%s\"%s\n", cmd, dots);
            if (os_run_shell(cmd) < 0) say(1, "os::fork_and_exec failed: errno=%d\n", errno);
        }
        p += len;
        if (*p == ';') p++;
    }
}

/* -XX:OnError's commands, after the report. */
static void run_on_error(void *arg)
{
    (void)arg;
    const char *cmds = flag_text("OnError");
    if (cmds == NULL) return;
    say(1, "#\n# -XX:OnError=\"%s\"\n", cmds);
    errorreport_run_commands(cmds, " ...");
}

static void open_file(void *arg)
{
    Report *r = arg;
    const char *pattern = flag_text("ErrorFile");
    char name[1024];
    const char *reason;
    expand_pid(pattern != NULL ? pattern : "hs_err_pid%p.log", name, sizeof name);
    int fd = os_file_create(name, false, &reason);
    char cwd[512];
    bool have_cwd = os_getcwd_buf(cwd, sizeof cwd);
    if (fd >= 0) {
        if (name[0] == '/' || !have_cwd) snprintf(r->path, sizeof r->path, "%s", name);
        else snprintf(r->path, sizeof r->path, "%s/%s", cwd, name);
    } else {
        /* HotSpot's fallbacks: the default name in the working directory, then in the
         * temporary directory. */
        char deflt[64];
        snprintf(deflt, sizeof deflt, "hs_err_pid%d.log", os_getpid());
        if (pattern != NULL) {
            fd = os_file_create(deflt, false, &reason);
            if (fd >= 0) snprintf(r->path, sizeof r->path, "%s/%s", have_cwd ? cwd : ".", deflt);
        }
        if (fd < 0) {
            snprintf(r->path, sizeof r->path, "/tmp/%s", deflt);
            fd = os_file_create(r->path, false, &reason);
        }
    }
    r->fd = fd >= 0 ? fd : 1;
}

static void banner_to_stdout(void *arg) { banner(arg, 1, true); }
static void banner_to_file(void *arg) { banner(arg, ((Report *)arg)->fd, false); }

__attribute__((noreturn)) static void report_and_die(Report *r)
{
    r->fd = 1;
    os_fatal_step(open_file, r);
    os_fatal_step(banner_to_stdout, r);
    if (r->fd != 1) os_fatal_step(banner_to_file, r);
    run_step(r, "summary", step_summary);
    run_step(r, "current thread", step_current_thread);
    run_step(r, "native frames", step_native_frames);
    run_step(r, "Java frames", step_java_frames);
    run_step(r, "signal", step_signal);
    run_step(r, "memory", step_memory);
    run_step(r, "threads", step_threads);
    run_step(r, "heap", step_heap);
    run_step(r, "libraries", step_libraries);
    run_step(r, "arguments", step_arguments);
    run_step(r, "system", step_system);
    if (r->fd != 1) {
        const char *reason;
        os_file_close(r->fd, &reason);
    }
    os_fatal_step(run_on_error, r);
    const VmFlag *core = flags_find("CreateCoredumpOnCrash");
    os_fatal_end(core == NULL || core->value.b);
}

static void on_fault(const OsFault *f)
{
    Report r = {.fault = f, .tid = f->tid};
    r.thread = thread_current_async();
    report_and_die(&r);
}

void errorreport_internal(const char *file, int line, bool bug, const char *message)
{
    const char *base = strrchr(file, '/');
    if (base != NULL) file = base + 1;
    Report r = {.file = file, .line = line, .message = message, .bug = bug, .tid = os_thread_id_raw()};
    r.thread = thread_current_async();
    os_fatal_enter();
    report_and_die(&r);
}

static void vm_bug(const char *file, int line, const char *message) { errorreport_internal(file, line, true, message); }

void errorreport_init(void)
{
    host.cpus = os_processor_count();
    host.memory = os_physical_memory();
    host.page = os_page_size();
    os_fatal_install(on_fault);
    vm_fatal_hook = vm_bug;
}
