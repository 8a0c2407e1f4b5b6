// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * thread.c — NCAI threads and registers (NCAI: GetAllThreads, GetThreadInfo,
 * GetThreadHandle, GetThreadObject, SuspendThread, ResumeThread, TerminateThread,
 * GetThreadState, GetRegisterCount, GetRegisterInfo, GetRegisterValue,
 * SetRegisterValue), the thread records (ncai_int.h) and hard suspension.
 *
 * HARD SUSPENSION. SuspendThread stops the thread where it is, in Java or in native
 * code, without waiting for it to come back to the VM: the suspender begins a safepoint
 * (every other thread is then in a safe state: in native code, blocked, or parked at an
 * interpreter poll), sends the thread the suspend signal, and its handler
 * (ncai_suspend_handler) either publishes the interrupted context and waits for its
 * resumption inside the handler (native code), or, for a thread blocked in a wait of
 * the VM (parked at a poll, a monitor, sleep...), stops it logically (stop_logically,
 * ncai_hold): freezing it inside pthread_cond_wait would block every thread that
 * signals that condition variable. The safepoint ends; the stopped thread stays in its
 * safe state, so the collector and every later safepoint go on without it.
 *
 * A thread is not stopped while it runs code that other threads may need it to leave:
 * the C library (malloc's arena locks, stdio locks), the dynamic linker, libunwind (the
 * unwinder NCAI uses), GlassVM itself (its own locks) and a preloaded allocator (ASan's,
 * jemalloc: all its code, its own system calls too). In the C library or the allocator
 * the handler arms a hardware breakpoint on the thread's return to other code, where it
 * stops itself (NCAI_STOP_ARMED, ncai_return_stop_hit; the suspender waits a while for
 * that). Otherwise, or failing that, it declines (DEFERRED), the suspender ends its
 * safepoint, lets the thread run a millisecond and tries again, for up to 10 seconds
 * (then INTERNAL). A thread blocked in a system call of the C library (a futex wait,
 * read, nanosleep) holds nothing and is stopped there, unless the allocator made it.
 * What remains: a thread stopped inside a system call made with a lock held (write(2)
 * under a stdio lock, mmap inside malloc) keeps that lock until it is resumed. So NCAI
 * calls that allocate or print (GetAllThreads, GetModuleInfo, everything returning
 * memory) may block on a thread suspended that way, as may the VM's threads that need
 * the same lock; the VM never needs a lock held by a thread in native code for its own
 * safepoints and collections.
 *
 * Suspension counts (Harmony's behaviour): SuspendThread of a suspended thread adds one
 * and returns NONE; ResumeThread takes one and resumes at zero; THREAD_NOT_SUSPENDED
 * when none is left. NCAI suspension is separate from JVMTI's (Thread.suspend_count).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../vm/class.h"
#include "../vm/exception.h"
#include "../vm/jnienter.h"
#include "../vm/ref.h"
#include "../vm/string.h"
#include "../vm/wellknown.h"
#include "ncai_int.h"

static NcaiThread *_Atomic all_threads;
static OsMutex threads_lock; /* record creation and reuse */
enum { KEEP_ENDED = 256 };
static _Atomic int n_ended;  /* records of ended threads, reusable */
static uint64_t ended_seq;   /* threads_lock */

NcaiThread *ncai_thread_list(void) { return atomic_load_explicit(&all_threads, memory_order_acquire); }

static NcaiThread *record_of(Thread *t, bool make);

static void adopt(Thread *t, void *arg)
{
    (void)arg;
    if (atomic_load(&t->state) != TS_TERMINATED) record_of(t, true);
}

/* Records for the threads that exist already (NCAI enabled in the live phase, by an
 * agent attached to the running VM): signal handlers find their thread by kernel id
 * and cannot make records themselves. */
static void ncai_hold(Thread *vt);

void ncai_threads_init(void)
{
    os_mutex_init(&threads_lock);
    thread_for_each(adopt, NULL);
    atomic_store(&thread_hold_hook, ncai_hold);
}

/* The VM's own threads, attached by GlassVM itself (src/jvm/jvm_misc.c, src/jvmti/attach.c,
 * src/jvm/management.c), with HotSpot's names for them. */
static bool vm_internal_name(const char *n)
{
    return n != NULL && (strcmp(n, "Signal Dispatcher") == 0 || strcmp(n, "Attach Listener") == 0 ||
                         strcmp(n, "Notification Thread") == 0);
}

/* Under threads_lock, or from thread_for_each (t's record is valid). */
static NcaiThread *record_of(Thread *t, bool make)
{
    for (NcaiThread *n = ncai_thread_list(); n != NULL; n = n->next)
        if (atomic_load(&n->vm) == t) {
            if (n->tid == 0) n->tid = t->tid;
            return n;
        }
    if (!make) return NULL;
    os_mutex_lock(&threads_lock);
    NcaiThread *n = NULL;
    for (n = ncai_thread_list(); n != NULL; n = n->next)
        if (atomic_load(&n->vm) == t) break;
    if (n == NULL) {
        /* The record of a thread that ended long ago is used again (its handle, valid
         * "at least till the next function call" as the spec says, then names the new
         * thread): the oldest of the ended ones once more than KEEP_ENDED have ended, so
         * a recently ended thread's handle still answers THREAD_NOT_ALIVE and the records
         * are at most the threads that ran at the same time plus KEEP_ENDED. */
        n = NULL;
        if (atomic_load(&n_ended) > KEEP_ENDED) {
            for (NcaiThread *r = ncai_thread_list(); r != NULL; r = r->next)
                if (atomic_load(&r->reusable) && (n == NULL || r->ended_seq < n->ended_seq)) n = r;
            if (n != NULL) atomic_fetch_sub(&n_ended, 1);
        }
        bool fresh = n == NULL;
        if (fresh) n = calloc(1, sizeof *n);
        if (n != NULL) {
            atomic_store(&n->reusable, false);
            n->magic = NCAI_THREAD_MAGIC;
            n->tid = t->tid;
            n->kind = t->jthread == NULL ? NCAI_THREAD_VM_INTERNAL
                      : vm_internal_name(t->name) ? NCAI_THREAD_VM_INTERNAL
                                                  : NCAI_THREAD_JAVA;
            atomic_store(&n->suspend_count, 0);
            atomic_store(&n->stop_state, NCAI_RUNNING);
            atomic_store(&n->return_fd, -1);
            atomic_store(&n->logical, false);
            atomic_store(&n->ctx, NULL);
            atomic_store(&n->ctx_captured, false);
            for (int i = 0; i < NCAI_MAX_ENVS; i++) atomic_store(&n->enabled[i], 0);
            atomic_store(&n->delivering, 0);
            atomic_store(&n->step_pending, false);
            n->step_until_pc = n->step_until_sp = 0;
            n->step_skip_callee = false;
            atomic_store(&n->step_mode, ncai_default_step_mode());
            if (fresh) {
                os_mutex_init(&n->lock);
                os_sem_init(&n->ack, 0);
                os_sem_init(&n->resume, 0);
            }
            atomic_store(&n->vm, t);
            if (fresh) {
                n->next = ncai_thread_list();
                atomic_store_explicit(&all_threads, n, memory_order_release);
            }
        }
    }
    os_mutex_unlock(&threads_lock);
    return n;
}

NcaiThread *ncai_thread_of(Thread *t) { return t == NULL ? NULL : record_of(t, true); }

NcaiThread *ncai_thread_self(void)
{
    int64_t tid = os_thread_id_raw();
    for (NcaiThread *n = ncai_thread_list(); n != NULL; n = n->next)
        if (n->tid == tid && atomic_load_explicit(&n->vm, memory_order_relaxed) != NULL) return n;
    return NULL;
}

NcaiThread *ncai_thread_check(ncaiThread h)
{
    for (NcaiThread *n = ncai_thread_list(); n != NULL; n = n->next)
        if ((ncaiThread)n == h) return n;
    return NULL;
}

OsContext *ncai_thread_context(NcaiThread *t)
{
    if (atomic_load(&t->stop_state) == NCAI_STOPPED) return atomic_load(&t->ctx);
    if (t == ncai_thread_self() && atomic_load(&t->delivering) > 0) return atomic_load(&t->ctx);
    return NULL;
}

typedef struct ThreadArg {
    ncaiThread thread;
} ThreadArg;

static void call_thread(ncaiEnv *env, void *cb, void *arg)
{
    ((void(JNICALL *)(ncaiEnv *, ncaiThread))cb)(env, ((ThreadArg *)arg)->thread);
}

/* JVMTI's ThreadStart hook, on the new thread (TS_JAVA). */
void ncai_thread_started(Thread *t)
{
    NcaiThread *n = ncai_thread_of(t);
    if (n == NULL) return;
    n->tid = t->tid;
    os_debug_thread_begin(); /* faults (a native stack overflow) are handled there */
    ncai_watch_thread_started(n);
    if (atomic_load(&n->step_mode) != NCAI_STEP_OFF && ncai_event_any(NCAI_EVENT_STEP)) ncai_step_start(n);
    ThreadArg a = {(ncaiThread)n};
    ncai_post(n, NULL, NCAI_EVENT_THREAD_START, call_thread, &a);
}

/* JVMTI's ThreadEnd hook, on the ending thread (TS_JAVA): the record is retired. */
void ncai_thread_ended(Thread *t)
{
    NcaiThread *n = record_of(t, false);
    if (n == NULL) return;
    ThreadArg a = {(ncaiThread)n};
    ncai_post(n, NULL, NCAI_EVENT_THREAD_END, call_thread, &a);
    ncai_watch_thread_ended(n);
    atomic_store(&n->vm, NULL);
    os_debug_thread_end();
    os_mutex_lock(&threads_lock);
    n->ended_seq = ++ended_seq;
    atomic_store(&n->reusable, true);
    atomic_fetch_add(&n_ended, 1);
    os_mutex_unlock(&threads_lock);
}

int ncai_vm_enter(Thread **self)
{
    Thread *t = thread_current();
    *self = t;
    if (t == NULL) return -1;
    int prev = atomic_load_explicit(&t->state, memory_order_relaxed);
    if (prev == TS_NATIVE || prev == TS_BLOCKED) thread_leave_safe_for_vm(t);
    return prev;
}

__attribute__((noinline)) void ncai_vm_leave(Thread *self, int prev)
{
    if (self == NULL || (prev != TS_NATIVE && prev != TS_BLOCKED)) return;
    os_save_regs(self->regs);
    thread_enter_safe_at(self, prev, NULL);
}

/* ------------------------------------------------------------------------------------ */
/* Listing and naming                                                                   */
/* ------------------------------------------------------------------------------------ */

typedef struct Collect {
    ncaiThread *v;
    int n, cap;
    bool oom;
} Collect;

static void collect_thread(Thread *t, void *arg)
{
    Collect *c = arg;
    int st = atomic_load(&t->state);
    if (st == TS_NEW || st == TS_TERMINATED || atomic_load(&t->exiting)) return;
    NcaiThread *n = record_of(t, true);
    if (n == NULL) {
        c->oom = true;
        return;
    }
    if (c->n == c->cap) {
        int cap = c->cap ? c->cap * 2 : 16;
        ncaiThread *v = realloc(c->v, (size_t)cap * sizeof *v);
        if (v == NULL) {
            c->oom = true;
            return;
        }
        c->v = v;
        c->cap = cap;
    }
    c->v[c->n++] = (ncaiThread)n;
}

/* NCAI: GetAllThreads. Every thread attached to the VM: Java threads, agent threads,
 * the VM's own threads, natively attached threads. */
NCAI_FN(GetAllThreads, jint *count_ptr, ncaiThread **threads_ptr)
{
    NCAI_ENV(e);
    (void)e;
    if (count_ptr == NULL || threads_ptr == NULL) return NCAI_ERROR_NULL_POINTER;
    Collect c = {0};
    thread_for_each(collect_thread, &c);
    if (c.oom) {
        free(c.v);
        return NCAI_ERROR_OUT_OF_MEMORY;
    }
    ncaiThread *out = ncai_alloc(c.n > 0 ? (size_t)c.n * sizeof *out : 1);
    if (out == NULL) {
        free(c.v);
        return NCAI_ERROR_OUT_OF_MEMORY;
    }
    if (c.n > 0) memcpy(out, c.v, (size_t)c.n * sizeof *out);
    free(c.v);
    *count_ptr = c.n;
    *threads_ptr = out;
    return NCAI_ERROR_NONE;
}

/* NCAI: GetThreadInfo. The name of a Java thread is Thread.getName() in modified
 * UTF-8; a thread without a java.lang.Thread is "native_0x" and its kernel id in hex. */
NCAI_FN(GetThreadInfo, ncaiThread thread, ncaiThreadInfo *info_ptr)
{
    NCAI_ENV(e);
    (void)e;
    NcaiThread *n = ncai_thread_check(thread);
    if (n == NULL) return NCAI_ERROR_INVALID_THREAD;
    if (info_ptr == NULL) return NCAI_ERROR_NULL_POINTER;
    Thread *self;
    int prev = ncai_vm_enter(&self);
    if (prev < 0) return NCAI_ERROR_UNATTACHED_THREAD;
    ncaiError err = NCAI_ERROR_NONE;
    Thread *t = atomic_load(&n->vm);
    char *name = NULL;
    if (t == NULL) {
        err = NCAI_ERROR_THREAD_NOT_ALIVE;
    } else if (t->jthread != NULL) {
        Object *s = FIELD_GET(t->jthread, wk_off.Thread_name, Object *);
        char *m = s != NULL ? str_to_mutf8(s) : NULL;
        name = ncai_strdup(m != NULL ? m : "");
        free(m);
    } else {
        char buf[32];
        snprintf(buf, sizeof buf, "native_0x%04llX", (unsigned long long)n->tid);
        name = ncai_strdup(buf);
    }
    if (err == NCAI_ERROR_NONE && name == NULL) err = NCAI_ERROR_OUT_OF_MEMORY;
    if (err == NCAI_ERROR_NONE) {
        info_ptr->kind = (ncaiThreadKind)n->kind;
        info_ptr->name = name;
    }
    ncai_vm_leave(self, prev);
    return err;
}

/* NCAI: GetThreadHandle. A java.lang.Thread that is not alive has no handle:
 * INVALID_THREAD (Harmony). */
NCAI_FN(GetThreadHandle, jthread thread, ncaiThread *thread_ptr)
{
    NCAI_ENV(e);
    (void)e;
    if (thread == NULL) return NCAI_ERROR_INVALID_THREAD;
    if (thread_ptr == NULL) return NCAI_ERROR_NULL_POINTER;
    Thread *self;
    int prev = ncai_vm_enter(&self);
    if (prev < 0) return NCAI_ERROR_UNATTACHED_THREAD;
    Thread *t = NULL;
    ncaiError err = NCAI_ERROR_NONE;
    if (jvmti_conv_live_thread(self, thread, false, &t) != JVMTI_ERROR_NONE || t == NULL) err = NCAI_ERROR_INVALID_THREAD;
    NcaiThread *n = err == NCAI_ERROR_NONE ? ncai_thread_of(t) : NULL;
    if (err == NCAI_ERROR_NONE && n == NULL) err = NCAI_ERROR_OUT_OF_MEMORY;
    if (n != NULL) *thread_ptr = (ncaiThread)n;
    ncai_vm_leave(self, prev);
    return err;
}

/* NCAI: GetThreadObject. A local reference of the caller's current frame; NULL for a
 * thread without a java.lang.Thread. */
NCAI_FN(GetThreadObject, ncaiThread thread, jthread *thread_ptr)
{
    NCAI_ENV(e);
    (void)e;
    NcaiThread *n = ncai_thread_check(thread);
    if (n == NULL) return NCAI_ERROR_INVALID_THREAD;
    if (thread_ptr == NULL) return NCAI_ERROR_NULL_POINTER;
    Thread *self;
    int prev = ncai_vm_enter(&self);
    if (prev < 0) return NCAI_ERROR_UNATTACHED_THREAD;
    Thread *t = atomic_load(&n->vm);
    ncaiError err = NCAI_ERROR_NONE;
    if (t == NULL) err = NCAI_ERROR_THREAD_NOT_ALIVE;
    else *thread_ptr = t->jthread != NULL ? ref_new_local(self, t->jthread) : NULL;
    ncai_vm_leave(self, prev);
    return err;
}

/* NCAI: GetThreadState (spec: TBD). The JVMTI thread state bits (JVMTI GetThreadState):
 * java.lang.Thread's status, plus SUSPENDED while NCAI or JVMTI suspends the thread and
 * IN_NATIVE while it runs native code. */
NCAI_FN(GetThreadState, ncaiThread thread, jint *state_ptr)
{
    NCAI_ENV(e);
    (void)e;
    NcaiThread *n = ncai_thread_check(thread);
    if (n == NULL) return NCAI_ERROR_INVALID_THREAD;
    if (state_ptr == NULL) return NCAI_ERROR_NULL_POINTER;
    Thread *self;
    int prev = ncai_vm_enter(&self);
    if (prev < 0) return NCAI_ERROR_UNATTACHED_THREAD;
    Thread *t = atomic_load(&n->vm);
    jint s;
    if (t == NULL) {
        s = JVMTI_THREAD_STATE_TERMINATED;
    } else {
        s = t->jthread != NULL ? FIELD_GET(t->jthread, wk_off.Thread_threadStatus, jint)
                               : JVMTI_THREAD_STATE_ALIVE | JVMTI_THREAD_STATE_RUNNABLE;
        if (atomic_load(&n->suspend_count) > 0 || thread_is_suspended(t)) s |= JVMTI_THREAD_STATE_SUSPENDED;
        if (atomic_load(&t->state) == TS_NATIVE) s |= JVMTI_THREAD_STATE_IN_NATIVE;
    }
    *state_ptr = s;
    ncai_vm_leave(self, prev);
    return NCAI_ERROR_NONE;
}

/* ------------------------------------------------------------------------------------ */
/* Hard suspension                                                                      */
/* ------------------------------------------------------------------------------------ */

/* Is the thread blocked in a system call at pc (just after `syscall`, or at it when the
 * kernel set it up to restart)? */
static bool at_syscall(uintptr_t pc)
{
    uint8_t b[4];
    if (os_mem_read((void *)(pc - 2), b, 4) && b[0] == 0x0f && b[1] == 0x05) return true;
    return os_mem_read((void *)pc, b, 2) && b[0] == 0x0f && b[1] == 0x05;
}

/* Whose code called the system libraries the thread at ctx is in (the kind of the first
 * frame outside them): blocked in a wait of GlassVM's own (VM), in a system call a
 * preloaded allocator made through the C library, maybe under its lock (ALLOCATOR), or
 * in other code's (OTHER, also when the stack cannot be unwound). */
static NcaiCodeKind system_caller_kind(OsContext *ctx)
{
    OsFrame f[24];
    int n = os_unwind(ctx, f, 24);
    for (int i = 0; i < n; i++) {
        NcaiCodeKind k = ncai_code_kind(f[i].pc);
        if (k != NCAI_CODE_SYSTEM) return k;
    }
    return NCAI_CODE_OTHER;
}

/* Stops t logically: it is blocked in a wait inside the VM (a monitor, sleep, park, a
 * safepoint, ...), which it leaves only through the VM's suspension check, where the
 * hold keeps it (ncai_hold). It is not frozen inside the C library: a thread stopped
 * inside pthread_cond_wait blocks every thread that signals that condition variable
 * (glibc's broadcast waits for its waiters), which for the VM's own condition variables
 * (the one ending every safepoint) would hang the VM. Its context is a copy of ctx
 * (registers can be read, not set). Runs in the suspend signal's handler. */
static void stop_logically(NcaiThread *t, Thread *vt, OsContext *ctx)
{
    os_context_copy(&t->snap, ctx);
    t->logical_gen = atomic_load(&t->resume_gen);
    atomic_store(&t->ctx, (OsContext *)&t->snap);
    atomic_store(&t->ctx_captured, true);
    atomic_store(&t->logical, true);
    atomic_store_explicit(&vt->tool_hold, true, memory_order_seq_cst);
    atomic_store(&t->stop_state, NCAI_STOPPED);
    os_sem_post(&t->ack);
}

/* The cookie of the hardware breakpoints of NCAI_STOP_ARMED (watchpoints' are small). */
#define RETURN_STOP_COOKIE UINT64_C(0x4e434149000000a5)

/* t (the current thread, at ctx) runs system or allocator code where it must not stop:
 * arms a hardware breakpoint, on t only, on the return address into the first frame of
 * other code, so that it stops itself there (ncai_return_stop_hit) instead of the
 * suspender trying again and again to catch it outside (a thread that lives in a
 * preloaded allocator, ASan's, is almost never caught outside). False when the stack
 * has no such frame or the breakpoint cannot be had. */
static bool arm_return_stop(NcaiThread *t, OsContext *ctx)
{
    OsFrame f[32];
    int n = os_unwind(ctx, f, 32);
    for (int i = 1; i < n; i++) {
        NcaiCodeKind k = ncai_code_kind(f[i].pc);
        if (k == NCAI_CODE_SYSTEM || k == NCAI_CODE_ALLOCATOR) continue;
        if (k != NCAI_CODE_OTHER || f[i - 1].cfa == 0) return false;
        t->return_sp = f[i - 1].cfa; /* the stack pointer once returned there */
        int fd = os_hw_exec_break_open(t->tid, (void *)f[i].pc, RETURN_STOP_COOKIE);
        if (fd < 0) return false;
        atomic_store(&t->return_fd, fd);
        return true;
    }
    return false;
}

static void disarm_return_stop(NcaiThread *t)
{
    int fd = atomic_exchange(&t->return_fd, -1);
    if (fd >= 0) os_hw_watch_close(fd);
}

static void freeze(NcaiThread *t, OsContext *ctx);

bool ncai_return_stop_hit(OsContext *ctx, uint64_t cookie)
{
    if (cookie != RETURN_STOP_COOKIE) return false;
    NcaiThread *t = ncai_thread_self();
    if (t == NULL) return true;
    /* A deeper activation of the same code goes on. */
    if (atomic_load(&t->stop_state) == NCAI_STOP_ARMED && os_context_sp(ctx) != t->return_sp) return true;
    disarm_return_stop(t);
    /* Not armed any more: the suspender gave up waiting (it tries again its own way). */
    int armed = NCAI_STOP_ARMED;
    if (atomic_compare_exchange_strong(&t->stop_state, &armed, NCAI_STOP_REQUESTED)) freeze(t, ctx);
    return true;
}

void ncai_suspend_handler(OsContext *ctx)
{
    NcaiThread *t = ncai_thread_self();
    if (t == NULL) return;
    if (atomic_exchange(&t->step_pending, false)) ncai_step_arm(t, ctx);
    if (atomic_load(&t->stop_state) != NCAI_STOP_REQUESTED) return;
    Thread *vt = atomic_load(&t->vm);
    int state = vt != NULL ? atomic_load(&vt->state) : TS_NATIVE;
    uintptr_t pc = os_context_pc(ctx);
    NcaiCodeKind kind = ncai_code_kind(pc);
    if (vt != NULL && state == TS_BLOCKED) {
        stop_logically(t, vt, ctx);
        return;
    }
    if (kind != NCAI_CODE_OTHER) {
        /* Blocked in a system call of the system libraries: in a wait of the VM's (a
         * native-state VM thread such as the Signal Dispatcher, a raw monitor), stop it
         * logically; in a call a preloaded allocator made, come back in a moment; in
         * native code's own wait, freeze it there. Running system, VM, unwinder or
         * allocator code (the allocator even in a system call: it makes its own, such as
         * mmap under a size class's lock, which every thread allocating that size then
         * waits for): come back in a moment. */
        bool defer = true;
        if (kind == NCAI_CODE_SYSTEM && at_syscall(pc)) {
            NcaiCodeKind caller = system_caller_kind(ctx);
            if (caller == NCAI_CODE_VM && vt != NULL) {
                stop_logically(t, vt, ctx);
                return;
            }
            defer = caller == NCAI_CODE_ALLOCATOR;
        }
        if (defer) {
            /* Out of system or allocator code it stops itself, at its return to other
             * code; the suspender waits for that (no acknowledgement now). */
            if ((kind == NCAI_CODE_SYSTEM || kind == NCAI_CODE_ALLOCATOR) && arm_return_stop(t, ctx)) {
                atomic_store(&t->stop_state, NCAI_STOP_ARMED);
                return;
            }
            atomic_store(&t->stop_state, NCAI_DEFERRED);
            os_sem_post(&t->ack);
            return;
        }
    }
    freeze(t, ctx);
}

/* Stops t, the current thread, at ctx (a signal's context) until resumed. */
static void freeze(NcaiThread *t, OsContext *ctx)
{
    /* Wait for this suspension's resumption (the generation moves on), not for the
     * count: a new SuspendThread may already have raised it again, and its signal waits
     * until this handler returns. A newer request's state is left alone. */
    uint32_t gen = atomic_load(&t->resume_gen);
    OsContext *outer = atomic_exchange(&t->ctx, ctx); /* a callback's, if stopped in one */
    bool outer_captured = atomic_exchange(&t->ctx_captured, false);
    atomic_store(&t->stop_state, NCAI_STOPPED);
    os_sem_post(&t->ack);
    while (atomic_load(&t->resume_gen) == gen) os_sem_wait(&t->resume);
    atomic_store(&t->ctx, outer);
    atomic_store(&t->ctx_captured, outer_captured);
    int stopped = NCAI_STOPPED;
    atomic_compare_exchange_strong(&t->stop_state, &stopped, NCAI_RUNNING);
    /* Stepping asked for while stopped starts where it goes on. */
    if (atomic_exchange(&t->step_pending, false)) ncai_step_arm(t, ctx);
}

/* thread_hold_hook: a thread stopped logically came to the VM's suspension check (in a
 * safe state, holding no VM lock): it waits here until resumed, with its context now
 * this point's. */
static void ncai_hold(Thread *vt)
{
    NcaiThread *t = record_of(vt, false);
    if (t == NULL || !atomic_load(&t->logical)) {
        atomic_store(&vt->tool_hold, false);
        return;
    }
    OsContextBuf here;
    if (os_context_capture(&here) == 0) atomic_store(&t->ctx, (OsContext *)&here);
    while (atomic_load(&t->resume_gen) == t->logical_gen && atomic_load(&vt->tool_hold)) os_sem_wait(&t->resume);
    OsContext *mine = (OsContext *)&here;
    atomic_compare_exchange_strong(&t->ctx, &mine, NULL);
}

/* The last resumption (count back to 0): the thread goes on. Under t->lock. */
static void release(NcaiThread *t)
{
    if (atomic_exchange(&t->logical, false)) {
        Thread *vt = atomic_load(&t->vm);
        atomic_store(&t->stop_state, NCAI_RUNNING);
        atomic_store(&t->ctx, NULL);
        atomic_store(&t->ctx_captured, false);
        if (vt != NULL) atomic_store(&vt->tool_hold, false);
    }
    atomic_fetch_add(&t->resume_gen, 1);
    os_sem_post(&t->resume);
}

/* Waits for t's answer to the suspend signal: true once it acknowledged (stopped or
 * declined). Armed to stop at its return to other code, it gets a while (up to 200 ms)
 * for that, for it holds no lock of ours and needs nobody stopped by the safepoint;
 * then the suspension is disarmed and counts as declined (DEFERRED, true), unless it
 * stopped meanwhile. False: no answer in 10 s (the signal is blocked). */
static bool ack_or_disarm(NcaiThread *t)
{
    const int64_t ms = 1000 * 1000;
    for (int64_t waited = 0; waited < 10 * 1000 * ms; waited += 200 * ms) {
        if (os_sem_wait_ns(&t->ack, 200 * ms)) return true;
        int armed = NCAI_STOP_ARMED;
        if (atomic_compare_exchange_strong(&t->stop_state, &armed, NCAI_DEFERRED)) {
            disarm_return_stop(t);
            return true;
        }
    }
    return false;
}

/* Stops t (suspend_count already 1). self: the caller (TS_JAVA). */
static ncaiError stop_other(Thread *self, NcaiThread *t)
{
    int64_t start = os_nanotime();
    for (;;) {
        bool own = jvmti_stop_world(self);
        Thread *vt = atomic_load(&t->vm);
        int r = -1;
        if (vt == NULL) {
            r = NCAI_ERROR_THREAD_NOT_ALIVE;
        } else if (t->tid != 0 && atomic_load(&vt->state) != TS_NEW) {
            atomic_store(&t->stop_state, NCAI_STOP_REQUESTED);
            if (!os_thread_signal(t->tid, os_debug_suspend_signal())) {
                atomic_store(&t->stop_state, NCAI_RUNNING);
                r = NCAI_ERROR_THREAD_NOT_ALIVE;
            } else if (!ack_or_disarm(t)) {
                /* The signal never got handled (the thread has its signals blocked). */
                atomic_store(&t->stop_state, NCAI_RUNNING);
                r = NCAI_ERROR_INTERNAL;
            } else if (atomic_load(&t->stop_state) == NCAI_STOPPED) {
                r = NCAI_ERROR_NONE;
            } else {
                atomic_store(&t->stop_state, NCAI_RUNNING);
            }
        }
        if (own) thread_safepoint_end(self);
        if (r >= 0) return (ncaiError)r;
        if (os_nanotime() - start > (int64_t)10 * 1000 * 1000 * 1000) return NCAI_ERROR_INTERNAL;
        os_sleep_ns(1000 * 1000);
    }
}

/* NCAI: SuspendThread */
NCAI_FN(SuspendThread, ncaiThread thread)
{
    NCAI_ENV(e);
    NCAI_CAP(e, can_suspend_threads);
    NcaiThread *t = ncai_thread_check(thread);
    if (t == NULL) return NCAI_ERROR_INVALID_THREAD;
    if (!ncai_thread_alive(t)) return NCAI_ERROR_THREAD_NOT_ALIVE;
    os_mutex_lock(&t->lock);
    if (atomic_load(&t->suspend_count) > 0) {
        atomic_fetch_add(&t->suspend_count, 1);
        os_mutex_unlock(&t->lock);
        return NCAI_ERROR_NONE;
    }
    atomic_store(&t->suspend_count, 1);
    if (t == ncai_thread_self()) {
        /* Stops in the handler until another thread resumes it. */
        os_mutex_unlock(&t->lock);
        atomic_store(&t->stop_state, NCAI_STOP_REQUESTED);
        os_thread_signal(t->tid, os_debug_suspend_signal());
        return NCAI_ERROR_NONE;
    }
    Thread *self;
    int prev = ncai_vm_enter(&self);
    ncaiError err = prev < 0 ? NCAI_ERROR_UNATTACHED_THREAD : stop_other(self, t);
    if (prev >= 0) ncai_vm_leave(self, prev);
    if (err != NCAI_ERROR_NONE) atomic_store(&t->suspend_count, 0);
    os_mutex_unlock(&t->lock);
    return err;
}

/* NCAI: ResumeThread */
NCAI_FN(ResumeThread, ncaiThread thread)
{
    NCAI_ENV(e);
    NCAI_CAP(e, can_suspend_threads);
    NcaiThread *t = ncai_thread_check(thread);
    if (t == NULL) return NCAI_ERROR_INVALID_THREAD;
    if (!ncai_thread_alive(t)) return NCAI_ERROR_THREAD_NOT_ALIVE;
    os_mutex_lock(&t->lock);
    ncaiError err = NCAI_ERROR_NONE;
    if (atomic_load(&t->suspend_count) == 0) err = NCAI_ERROR_THREAD_NOT_SUSPENDED;
    else if (atomic_fetch_sub(&t->suspend_count, 1) == 1) release(t);
    os_mutex_unlock(&t->lock);
    return err;
}

/* NCAI: TerminateThread. The thread is ended the way Thread.stop ends it: a ThreadDeath
 * thrown at its next interpreter poll, or when its native code returns to Java, so its
 * monitors are released and its Java code unwinds cleanly; an NCAI-suspended thread is
 * resumed for that. A thread without Java code to unwind (no java.lang.Thread) cannot be
 * ended safely: NOT_AVAILABLE. The caller itself: INVALID_THREAD (Harmony). */
NCAI_FN(TerminateThread, ncaiThread thread)
{
    NCAI_ENV(e);
    NCAI_CAP(e, can_terminate_threads);
    NcaiThread *t = ncai_thread_check(thread);
    if (t == NULL || t == ncai_thread_self()) return NCAI_ERROR_INVALID_THREAD;
    if (!ncai_thread_alive(t)) return NCAI_ERROR_THREAD_NOT_ALIVE;
    Thread *self;
    int prev = ncai_vm_enter(&self);
    if (prev < 0) return NCAI_ERROR_UNATTACHED_THREAD;
    ncaiError err = NCAI_ERROR_NONE;
    Thread *vt = atomic_load(&t->vm);
    if (vt == NULL) {
        err = NCAI_ERROR_THREAD_NOT_ALIVE;
    } else if (vt->jthread == NULL) {
        err = NCAI_ERROR_NOT_AVAILABLE;
    } else {
        Object *saved = exc_take(self);
        exc_throw(self, "java/lang/ThreadDeath", NULL);
        Object *death = exc_take(self);
        if (saved != NULL) exc_set(self, saved);
        if (death == NULL) err = NCAI_ERROR_OUT_OF_MEMORY;
        else if (!thread_post_async_exception(vt, death)) err = NCAI_ERROR_THREAD_NOT_ALIVE;
    }
    ncai_vm_leave(self, prev);
    if (err == NCAI_ERROR_NONE) {
        os_mutex_lock(&t->lock);
        if (atomic_exchange(&t->suspend_count, 0) > 0) release(t);
        os_mutex_unlock(&t->lock);
    }
    return err;
}

/* ------------------------------------------------------------------------------------ */
/* Registers                                                                            */
/* ------------------------------------------------------------------------------------ */

/* NCAI: GetRegisterCount */
NCAI_FN(GetRegisterCount, jint *count_ptr)
{
    NCAI_ENV(e);
    (void)e;
    if (count_ptr == NULL) return NCAI_ERROR_NULL_POINTER;
    *count_ptr = os_context_reg_count();
    return NCAI_ERROR_NONE;
}

/* NCAI: GetRegisterInfo. Sizes in bytes, as Harmony reports them. A number out of range
 * is ILLEGAL_ARGUMENT, the spec's error (Harmony answered ACCESS_DENIED: docs/ncai.md). */
NCAI_FN(GetRegisterInfo, jint reg_number, ncaiRegisterInfo *info_ptr)
{
    NCAI_ENV(e);
    (void)e;
    if (info_ptr == NULL) return NCAI_ERROR_NULL_POINTER;
    if (reg_number < 0 || reg_number >= os_context_reg_count()) return NCAI_ERROR_ILLEGAL_ARGUMENT;
    char *n = ncai_strdup(os_context_reg_name(reg_number));
    if (n == NULL) return NCAI_ERROR_OUT_OF_MEMORY;
    info_ptr->name = n;
    info_ptr->size = os_context_reg_size(reg_number);
    return NCAI_ERROR_NONE;
}

static ncaiError reg_access(ncaiEnv *env, ncaiThread thread, jint reg, void *buf, bool set)
{
    NCAI_ENV(e);
    NCAI_CAP(e, can_access_registers);
    NcaiThread *t = ncai_thread_check(thread);
    if (t == NULL) return NCAI_ERROR_INVALID_THREAD;
    if (!ncai_thread_alive(t)) return NCAI_ERROR_THREAD_NOT_ALIVE;
    if (reg < 0 || reg >= os_context_reg_count()) return NCAI_ERROR_ILLEGAL_ARGUMENT;
    if (buf == NULL) return NCAI_ERROR_NULL_POINTER;
    OsContext *ctx = ncai_thread_context(t);
    if (ctx == NULL) return NCAI_ERROR_THREAD_NOT_SUSPENDED;
    if (!set) return os_context_reg_get(ctx, reg, buf) ? NCAI_ERROR_NONE : NCAI_ERROR_INTERNAL;
    /* A copied or captured context (a callback the VM makes from its own code, a thread
     * stopped logically inside a VM wait): its registers can be read but not changed. */
    if (atomic_load(&t->ctx_captured)) return NCAI_ERROR_ACCESS_DENIED;
    /* Segment registers cannot be changed by a user-mode thread's context. */
    return os_context_reg_set(ctx, reg, buf) ? NCAI_ERROR_NONE : NCAI_ERROR_ACCESS_DENIED;
}

/* NCAI: GetRegisterValue. The thread must be suspended by NCAI or be the current thread
 * inside an NCAI callback. */
NCAI_FN(GetRegisterValue, ncaiThread thread, jint reg_number, void *buf)
{
    return reg_access(env, thread, reg_number, buf, false);
}

/* NCAI: SetRegisterValue. The change takes effect when the thread resumes (or the
 * callback returns): setting rip changes where it goes on. */
NCAI_FN(SetRegisterValue, ncaiThread thread, jint reg_number, void *buf)
{
    return reg_access(env, thread, reg_number, buf, true);
}
