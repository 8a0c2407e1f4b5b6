// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * threaddump.c — the thread dump printed on SIGQUIT (kill -3), in HotSpot's format
 * (JavaThread::print_on, javaVFrame::print_lock_info_on): a time stamp, a header naming
 * the VM, then for every thread with a java.lang.Thread its line (name, #id, daemon,
 * priority, CPU time, elapsed time, VM record address, kernel id, what it is doing), its
 * java.lang.Thread.State, and its frames with the monitors each holds or waits for.
 *
 * After the threads: the JNI reference counts, then the Java-level deadlocks
 * (deadlock.c) in HotSpot's report format (VM_FindDeadlocks, DeadlockCycle::print_on):
 * per cycle, what each thread waits for and who holds it, then the cycle's stacks.
 * With THREADDUMP_LOCKS (jstack -l, Thread.print -l) each thread also lists the ownable
 * synchronizers it holds; with THREADDUMP_EXTENDED (-e) its header line gives the bytes
 * it allocated and the classes it defined.
 *
 * Contract: called by the signal dispatcher thread (jvm_misc.c) or the attach listener,
 * attached and in TS_JAVA; it stops the world for the walk (other threads' frames are
 * stable at a safepoint). Nothing here allocates Java objects; strings are converted to C
 * with malloc.
 */
#include "threaddump.h"

#include "deadlock.h"
#include "../vm/ref.h"

#include "boot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../os/os.h"
#include "../vm/bytecodes.h"
#include "../vm/class.h"
#include "../vm/classfile.h"
#include "../vm/exception.h"
#include "../vm/interp.h"
#include "../vm/module.h"
#include "../vm/options.h"
#include "../vm/monitor.h"
#include "../vm/string.h"
#include "../vm/thread.h"
#include "../vm/vm.h"
#include "../vm/wellknown.h"

/* java.lang.Thread.threadStatus values (JVMTI state bits, as HotSpot keeps them). */
enum {
    S_RUNNABLE = 0x5,
    S_SLEEPING = 0xE1,
    S_OBJECT_WAIT = 0x191,
    S_OBJECT_WAIT_TIMED = 0x1A1,
    S_PARKED = 0x291,
    S_PARKED_TIMED = 0x2A1,
    S_BLOCKED = 0x401,
};

static const char *java_state_name(int s)
{
    switch (s) {
    case 0: return "NEW";
    case S_RUNNABLE: return "RUNNABLE";
    case S_SLEEPING: return "TIMED_WAITING (sleeping)";
    case S_OBJECT_WAIT: return "WAITING (on object monitor)";
    case S_OBJECT_WAIT_TIMED: return "TIMED_WAITING (on object monitor)";
    case S_PARKED: return "WAITING (parking)";
    case S_PARKED_TIMED: return "TIMED_WAITING (parking)";
    case S_BLOCKED: return "BLOCKED (on object monitor)";
    case 2: return "TERMINATED";
    default: return "UNKNOWN";
    }
}

/* HotSpot's OSThread state words ("what the thread is doing"), with their trailing space. */
static const char *os_state_name(int s)
{
    switch (s) {
    case S_SLEEPING:
    case S_PARKED:
    case S_PARKED_TIMED: return "waiting on condition ";
    case S_OBJECT_WAIT:
    case S_OBJECT_WAIT_TIMED: return "in Object.wait() ";
    case S_BLOCKED: return "waiting for monitor entry ";
    default: return "runnable ";
    }
}

static bool is_object_wait(const Method *m)
{
    return m->clazz == wk.Object && strcmp(m->name, "wait") == 0 && method_is_native(m);
}

/* The frame's monitor lines (javaVFrame::print_lock_info_on). */
static void print_locks(FILE *out, Thread *t, Frame *f, int index, int status)
{
    if (index == 0) {
        if (is_object_wait(f->method)) {
            Object *o = f->locals[0].l;
            if (o != NULL)
                mon_print_locked(out, status == S_BLOCKED ? "waiting to re-lock in wait()" : "waiting on", o);
        } else if (t->jthread != NULL) {
            Object *blocker = FIELD_GET(t->jthread, wk_off.Thread_parkBlocker, Object *);
            if (blocker != NULL && (status == S_PARKED || status == S_PARKED_TIMED))
                mon_print_locked(out, "parking to wait for ", blocker);
        }
    }
    if (f->flags & FRAME_NATIVE) return;
    mon_print_frame_locks(out, t, f, index);
}

/* The thread's name in C (malloc'd; "" if it has none). */
static char *thread_name(Thread *t)
{
    Object *jname = t->jthread != NULL ? FIELD_GET(t->jthread, wk_off.Thread_name, Object *) : NULL;
    char *name = jname != NULL ? str_to_mutf8(jname) : NULL;
    return name != NULL ? name : strdup("");
}

/* The thread's frames with their lock lines, innermost first. */
static void print_stack(FILE *out, Thread *t, int status)
{
    Frame *top = t->top_frame;
    while (top != NULL && (top->flags & FRAME_ENTRY)) top = top->prev;
    int index = 0;
    for (Frame *f = top; f != NULL; f = f->prev) {
        if (f->flags & FRAME_ENTRY) continue;
        int bci = frame_bci(f);
        /* HotSpot's interpreter advances past a monitorenter before it blocks in it, so
         * its dumps show a thread waiting to enter a monitor at the next instruction. */
        const CfCode *code = f->method->cf != NULL ? f->method->cf->code : NULL;
        if (index == 0 && status == S_BLOCKED && !(f->flags & FRAME_NATIVE) && code != NULL && bci >= 0 &&
            (uint32_t)bci < code->code_length && code->code[bci] == OP_monitorenter)
            bci++;
        exc_print_stack_element(out, f->method, bci);
        print_locks(out, t, f, index++, status);
    }
}

static void print_thread(FILE *out, Thread *t, int64_t now, unsigned flags, const OwnedSynchronizers *owned)
{
    Object *jt = t->jthread;
    Object *jname = FIELD_GET(jt, wk_off.Thread_name, Object *);
    char *name = jname != NULL ? str_to_mutf8(jname) : NULL;
    int status = FIELD_GET(jt, wk_off.Thread_threadStatus, int32_t);
    double cpu_ms = (double)os_thread_cpu_time_of(t->tid) / 1e6;
    double elapsed_s = t->start_ns > 0 ? (double)(now - t->start_ns) / 1e9 : 0.0;
    Frame *top = t->top_frame;
    while (top != NULL && (top->flags & FRAME_ENTRY)) top = top->prev;
    char extended[64] = "";
    if (flags & THREADDUMP_EXTENDED) {
        /* HotSpot's proper unit: B below 100 KiB, then K, M, G. */
        size_t a = t->tlab.allocated;
        const char *unit = a >= (100ull << 30) ? "G" : a >= (100ull << 20) ? "M" : a >= (100ull << 10) ? "K" : "B";
        size_t scaled = a >= (100ull << 30) ? a >> 30 : a >= (100ull << 20) ? a >> 20 : a >= (100ull << 10) ? a >> 10 : a;
        snprintf(extended, sizeof extended, "allocated=%zu%s defined_classes=%lld ", scaled, unit,
                 (long long)t->defined_classes);
    }
    fprintf(out, "\"%s\" #%lld %sprio=%d os_prio=0 cpu=%.2fms elapsed=%.2fs %stid=0x%016lx nid=0x%llx %s [0x%016lx]\n",
            name ? name : "", (long long)FIELD_GET(jt, wk_off.Thread_tid, int64_t),
            FIELD_GET(jt, wk_off.Thread_daemon, uint8_t) ? "daemon " : "",
            (int)FIELD_GET(jt, wk_off.Thread_priority, int32_t), cpu_ms < 0 ? 0.0 : cpu_ms, elapsed_s, extended,
            (unsigned long)(uintptr_t)t, (unsigned long long)t->tid, os_state_name(status),
            (unsigned long)((uintptr_t)top & ~(uintptr_t)0xfff));
    free(name);
    fprintf(out, "   java.lang.Thread.State: %s\n", java_state_name(status));
    print_stack(out, t, status);
    if (flags & THREADDUMP_LOCKS) {
        /* ThreadConcurrentLocks::print_locks_on */
        fputs("\n   Locked ownable synchronizers:\n", out);
        int n = 0;
        for (int i = 0; i < owned->count; i++) {
            if (owned->owner[i] != t) continue;
            char cname[512];
            class_external_name(owned->lock[i]->klass, cname, sizeof cname);
            fprintf(out, "\t- <0x%016lx> (a %s)\n", (unsigned long)(uintptr_t)owned->lock[i], cname);
            n++;
        }
        if (n == 0) fputs("\t- None\n", out);
    }
    fputc('\n', out);
}

/* The Java-level deadlocks among the threads (oldest first), HotSpot's report. */
static void print_deadlocks(FILE *out, Thread **threads, int n)
{
    DeadlockCycles d;
    if (!deadlock_find(threads, n, false, &d)) return;
    for (int c = 0, start = 0; c < d.count; start = d.end[c++]) {
        fputs("\nFound one Java-level deadlock:\n=============================", out);
        for (int i = start; i < d.end[c]; i++) {
            Thread *t = d.threads[i];
            char *name = thread_name(t);
            fprintf(out, "\n\"%s\":\n", name);
            free(name);
            Object *obj;
            Monitor *mon;
            Thread *owner = deadlock_blocker(t, false, &obj, &mon);
            char cname[512] = "";
            if (obj != NULL) class_external_name(obj->klass, cname, sizeof cname);
            if (mon != NULL)
                fprintf(out, "  waiting to lock monitor 0x%016lx (object 0x%016lx, a %s)", (unsigned long)(uintptr_t)mon,
                        (unsigned long)(uintptr_t)obj, cname);
            else
                fprintf(out, "  waiting for ownable synchronizer 0x%016lx, (a %s)", (unsigned long)(uintptr_t)obj,
                        cname);
            char *owner_name = owner != NULL ? thread_name(owner) : strdup("");
            fprintf(out, ",\n  which is held by \"%s\"\n", owner_name ? owner_name : "");
            free(owner_name);
        }
        fputs("\nJava stack information for the threads listed above:\n"
              "===================================================\n", out);
        for (int i = start; i < d.end[c]; i++) {
            Thread *t = d.threads[i];
            char *name = thread_name(t);
            fprintf(out, "\"%s\":\n", name);
            free(name);
            print_stack(out, t, FIELD_GET(t->jthread, wk_off.Thread_threadStatus, int32_t));
        }
    }
    if (d.count == 1) fputs("\nFound 1 deadlock.\n\n", out);
    else if (d.count > 1) fprintf(out, "\nFound %d deadlocks.\n\n", d.count);
    deadlock_free(&d);
}

void threaddump_print(Thread *self)
{
    if (vm_opts.no_vm_output) return; /* HotSpot prints it on its tty, which this turns off */
    threaddump_write(self, stdout, 0);
}

void threaddump_write(Thread *self, FILE *out, unsigned flags)
{
    time_t now_s = time(NULL);
    struct tm tm;
    char stamp[64];
    localtime_r(&now_s, &tm);
    strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S", &tm);
    deadlock_prepare();
    thread_safepoint_begin(self);
    int n;
    Thread **threads = thread_java_threads(false, &n); /* oldest first, as HotSpot lists them */
    if (threads == NULL) {
        thread_safepoint_end(self);
        return;
    }
    const char *vm = boot_property("java.vm.name"), *version = boot_property("java.vm.version"),
               *info = boot_property("java.vm.info");
    fprintf(out, "%s\nFull thread dump %s (%s %s):\n\n", stamp, vm ? vm : "GlassVM", version ? version : "",
            info ? info : "");
    int64_t now = os_nanotime();
    OwnedSynchronizers owned = {0};
    if (flags & THREADDUMP_LOCKS) deadlock_owned_synchronizers(&owned);
    for (int i = 0; i < n; i++) print_thread(out, threads[i], now, flags, &owned);
    deadlock_free_owned(&owned);
    size_t globals, weaks;
    ref_global_counts(&globals, &weaks);
    fprintf(out, "JNI global refs: %zu, weak refs: %zu\n\n", globals, weaks);
    print_deadlocks(out, threads, n);
    fflush(out);
    thread_safepoint_end(self);
    free(threads);
}
