// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * thread.c — thread records, the registry, attach/start/detach, safepoints, and the
 * blocking primitives (sleep, park, interrupt) of thread.h.
 *
 * THREAD STATES (Thread.state, thread.h)
 *
 *            register                 leave_safe                 enter_safe
 *   (none) ----------> TS_NEW ----------------------> TS_JAVA <-------------> TS_NATIVE
 *                        |                            |    ^  \              TS_BLOCKED
 *                        | (start failed)     unlink  |    |   `-- poll: thread_block_for_
 *                        v                            v    |       safepoint = enter_safe
 *                    TS_TERMINATED <------------------'    '------ (BLOCKED) + leave_safe
 *
 *   TS_NEW      registered, not yet running VM code (a started thread before its OS
 *               thread runs; an attaching thread before it is set up). Safe; its C stack
 *               is not scanned (nothing there yet), its java.lang.Thread is a root.
 *   TS_JAVA     running Java or VM code: not safe; polls.
 *   TS_NATIVE / TS_BLOCKED   safe: safe_sp and regs describe the part of its C stack the
 *               collector scans.
 *   TS_TERMINATED  unlinked from the registry; the record waits on the zombie list.
 *
 * Only the thread itself changes its state, always to or from TS_JAVA (the creator
 * registers a started thread as TS_NEW; the creator also retires it if the OS thread
 * cannot be created).
 *
 * SAFEPOINT PROTOCOL
 *
 * The flag vm_safepoint_pending and every Thread.state are C11 atomics accessed with
 * seq_cst where it matters, which gives a Dekker-style handshake:
 *   - a thread becoming safe stores its state, then loads the flag; if set, it wakes
 *     the initiator (sp_lock + sp_stopped_cond);
 *   - a thread leaving a safe state stores TS_JAVA, then loads the flag; if set (and it
 *     is not the initiator) it stores its safe state back, wakes the initiator, and
 *     waits on sp_resume_cond until the flag is clear, then retries;
 *   - the initiator stores the flag, then loads every other thread's state.
 * With seq_cst on both sides at least one party sees the other's store, so once the
 * initiator has seen every other thread in a state other than TS_JAVA, none of them can
 * get back to TS_JAVA before the flag is cleared. A TS_JAVA thread reaches a poll soon
 * and stops in thread_block_for_safepoint (enter_safe + leave_safe).
 * Light transitions (thread.h; JVMTI callbacks) are the same steps with a plain store
 * and a compiler barrier on the thread's side: the initiator, between storing the flag
 * and loading the states, runs os_membarrier, which makes every running thread execute
 * a full barrier (a thread not running gets one when it is scheduled), so the handshake
 * holds as with seq_cst on both sides.
 *
 * Initiators are serialized by sp_init_lock, held from thread_safepoint_begin to
 * thread_safepoint_end. A thread that wants to initiate while another safepoint runs
 * becomes safe (TS_BLOCKED) *before* blocking on sp_init_lock, so the running one can
 * complete; when it gets the lock the flag is clear and it switches itself to TS_JAVA
 * directly. The initiator itself may pass polls and state transitions freely
 * (sp_initiator), so VM code that polls can run inside a safepoint operation.
 *
 * Record lifetime. The registry changes only under threads_lock. A thread unlinks
 * itself while in TS_JAVA, so unlinking never overlaps a stopped world, and it does so
 * only after everything in it that the collector reads has been released. The unlinked
 * record goes onto the zombie list and is freed by the next thread_safepoint_end: other
 * threads may have read the Thread* (eetop, thread_from_index) while in TS_JAVA, and at a
 * safepoint they have all passed a poll since, which ends the validity of such pointers
 * (thread.h). A thread that finds many zombies runs an empty safepoint to free them.
 *
 * LOCK ORDER (take in this order; never the reverse)
 *
 *   sp_init_lock  ->  Monitor.lock (monitor.c)  ->  Thread.lock  ->  sp_lock  ->
 *   threads_lock  ->  locks of the collector's visitors / ref.c
 *
 * Entering a safe state takes sp_lock, so it is allowed while holding a Monitor.lock or a
 * Thread.lock (both are held only briefly, never across a wait for a safepoint).
 * thread_for_each callbacks run under threads_lock and must not take Thread.lock or
 * become safe.
 */
#include "thread.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "class.h"
#include "exception.h"
#include "heap.h"
#include "interp.h"
#include "jnienv.h"
#include "log.h"
#include "monitor.h"
#include "object.h"
#include "oopmap.h"
#include "options.h"
#include "ref.h"
#include "string.h"
#include "wellknown.h"
#include "../jvmti/jvmti_vm.h" /* event hooks */

_Atomic int vm_safepoint_pending;
#define DEFAULT_JAVA_STACK ((size_t)2 << 20)
size_t thread_default_stack_size = DEFAULT_JAVA_STACK;

#define MAX_THREAD_INDEX 65536u /* thin-lock owner field: 16 bits, index 0 unused */
#define MIN_JAVA_STACK ((size_t)64 << 10)
#define MAX_JAVA_STACK ((size_t)1 << 30)
#define ZOMBIE_LIMIT 64

static bool initialized;
static OsMutex threads_lock;
static OsCond non_daemon_cond;
static Thread *all_threads;
static int live_count;
static int non_daemon_count;
/* ThreadCounts (thread.h), under threads_lock: threads with Thread.counted set. */
static int64_t counted_started;
static int counted_live, counted_peak, counted_daemon;
static int64_t counted_exited_allocated;
_Atomic bool thread_contention_timing;
/* SafepointStats (thread.h): written by the initiator under sp_init_lock. */
static _Atomic int64_t sp_stats_count, sp_stats_sync_ns, sp_stats_total_ns;
static int64_t sp_begin_ns;
/* -Xlog:safepoint: when the others had stopped, the operation, the last one's end. */
static int64_t sp_reached_ns, sp_last_end_ns;
static const char *sp_op;
static Thread *zombies;
static int zombie_count;
static Thread *_Atomic index_table[MAX_THREAD_INDEX];
static uint32_t index_cursor = 1;

static OsMutex sp_init_lock;
static OsMutex sp_lock;
static OsCond sp_stopped_cond;
static OsCond sp_resume_cond;
static Thread *_Atomic sp_initiator;

static Thread *main_thread;
static Object *main_group; /* GC root once set */

_Atomic int vm_interp_poll;
/* Leaf lock (taken under Thread.lock): the number of threads with an asynchronous
 * exception waiting, and with it the THREAD_POLL_ASYNC bit of vm_interp_poll. */
static OsMutex async_lock;
static int async_count;

static __thread Thread *current_thread;
/*
 * The current thread's record again, for signal handlers (thread_current_async): the
 * __thread variable above may not be read there. libjvm.so is dlopen'd by the launcher,
 * so its TLS is general-dynamic: reached through __tls_get_addr, which allocates a
 * thread's block of the module with malloc on the thread's first access and may grow
 * its vector of blocks once another library with TLS was loaded (an agent) — neither
 * async-signal-safe. (The initial-exec model would make it a plain load, but needs the
 * whole module's TLS, 5 KiB here, in the C library's small static surplus: dlopen
 * fails.) A pthread key is read from the thread descriptor without allocating (HotSpot
 * finds its current thread in signal handlers the same way). Set in bind_os_thread,
 * cleared in thread_detach before the record can be freed.
 */
static OsTls signal_key;

Thread *thread_current(void) { return current_thread; }

Thread *thread_current_async(void) { return initialized ? os_tls_get(signal_key) : NULL; }

static void init_globals(void)
{
    if (initialized) return;
    os_mutex_init(&threads_lock);
    os_cond_init(&non_daemon_cond);
    os_mutex_init(&sp_init_lock);
    os_mutex_init(&sp_lock);
    os_cond_init(&sp_stopped_cond);
    thread_light_transitions = os_membarrier_init();
    os_cond_init(&sp_resume_cond);
    os_mutex_init(&async_lock);
    os_tls_create(&signal_key);
    initialized = true;
}

/* ---------------------------------------------------------------------------------- */
/* Java field access                                                                  */
/* ---------------------------------------------------------------------------------- */

/* java.lang.Thread's `interrupted`, `threadStatus` and `eetop` are volatile in Java. */
static inline bool jfield_interrupted(Object *jt)
{
    return __atomic_load_n(FIELD_PTR(jt, wk_off.Thread_interrupted, uint8_t), __ATOMIC_ACQUIRE) != 0;
}

static inline void set_eetop(Object *jt, Thread *t)
{
    __atomic_store_n(FIELD_PTR(jt, wk_off.Thread_eetop, int64_t), (int64_t)(uintptr_t)t,
                     __ATOMIC_RELEASE);
}

static inline void set_status(Object *jt, int jts)
{
    __atomic_store_n(FIELD_PTR(jt, wk_off.Thread_threadStatus, int32_t), jts, __ATOMIC_RELEASE);
}

void thread_set_java_status(Thread *t, int jts)
{
    Object *jt = t->jthread;
    if (jt != NULL) set_status(jt, jts);
}

bool thread_is_interrupted(Thread *t, bool clear)
{
    Object *jt = t->jthread;
    if (jt == NULL || !jfield_interrupted(jt)) return false;
    if (clear)
        __atomic_store_n(FIELD_PTR(jt, wk_off.Thread_interrupted, uint8_t), 0, __ATOMIC_RELEASE);
    return true;
}

Thread *thread_from_jthread(Object *jthread)
{
    if (jthread == NULL) return NULL;
    int64_t v = __atomic_load_n(FIELD_PTR(jthread, wk_off.Thread_eetop, int64_t), __ATOMIC_ACQUIRE);
    return (Thread *)(uintptr_t)v;
}

Thread *thread_from_index(uint32_t index)
{
    if (index == 0 || index >= MAX_THREAD_INDEX) return NULL;
    return atomic_load_explicit(&index_table[index], memory_order_acquire);
}

/* Replaces t->name with the Java name of its Thread object. */
static void refresh_name(Thread *t)
{
    Object *jn = t->jthread ? FIELD_GET(t->jthread, wk_off.Thread_name, Object *) : NULL;
    if (jn == NULL) return;
    char *s = str_to_mutf8(jn);
    if (s == NULL) return;
    free(t->name);
    t->name = s;
}

/* ---------------------------------------------------------------------------------- */
/* Records and the registry                                                           */
/* ---------------------------------------------------------------------------------- */

static size_t clamp_java_stack(size_t bytes)
{
    if (bytes == 0) bytes = thread_default_stack_size;
    if (bytes == 0) bytes = DEFAULT_JAVA_STACK; /* no -Xss given */
    if (bytes < MIN_JAVA_STACK) bytes = MIN_JAVA_STACK;
    if (bytes > MAX_JAVA_STACK) bytes = MAX_JAVA_STACK;
    size_t ps = os_page_size();
    return ALIGN_UP(bytes, ps);
}

/*
 * The Java stack is a reserved range with one inaccessible page above stack_limit, so an
 * interpreter bug that overruns the limit faults at once instead of corrupting memory.
 * The pages are committed lazily by the kernel (MAP_NORESERVE), so a large -Xss costs
 * address space, not memory.
 */
static bool alloc_java_stack(Thread *t, size_t bytes)
{
    size_t ps = os_page_size();
    void *base = os_reserve(bytes + ps);
    if (base == NULL) return false;
    if (!os_commit(base, bytes)) {
        os_release(base, bytes + ps);
        return false;
    }
    t->stack_base = (Slot *)base;
    t->stack_limit = (Slot *)((char *)base + bytes);
    t->stack_bytes = bytes;
    return true;
}

static void free_java_stack(Slot *base, size_t bytes)
{
    if (base != NULL) os_release(base, bytes + os_page_size());
}

static Thread *new_record(size_t java_stack_bytes, bool daemon, bool attached)
{
    Thread *t = vm_calloc(1, sizeof *t);
    t->jni = &jni_functions;
    atomic_init(&t->state, TS_NEW);
    if (!alloc_java_stack(t, clamp_java_stack(java_stack_bytes))) {
        free(t);
        return NULL;
    }
    os_mutex_init(&t->lock);
    os_cond_init(&t->cond);
    t->daemon = daemon;
    t->is_attached = attached;
    ref_thread_init(t);
    return t;
}

/* Frees what remains of an unlinked record (zombie list, or a record never published). */
static void destroy_record(Thread *t)
{
    ref_thread_destroy(t);
    free(t->jni_check);
    free(t->jni_monitors);
    free(t->jvmti_samples);
    free(t->jvmti_sample_kinds);
    os_cond_destroy(&t->cond);
    os_mutex_destroy(&t->lock);
    free(t->name);
    free(t);
}

/* Under threads_lock. 0 if all indexes are taken. */
static uint32_t alloc_index(Thread *t)
{
    for (uint32_t n = 1; n < MAX_THREAD_INDEX; n++) {
        uint32_t i = index_cursor;
        index_cursor = i + 1 < MAX_THREAD_INDEX ? i + 1 : 1;
        if (atomic_load_explicit(&index_table[i], memory_order_relaxed) == NULL) {
            atomic_store_explicit(&index_table[i], t, memory_order_release);
            return i;
        }
    }
    return 0;
}

/* Links t (TS_NEW) into the registry and gives it an index. False if out of indexes. */
static bool register_thread(Thread *t)
{
    os_mutex_lock(&threads_lock);
    uint32_t idx = alloc_index(t);
    if (idx == 0) {
        os_mutex_unlock(&threads_lock);
        return false;
    }
    t->index = idx;
    /* Under the lock that SetJNIFunctionTable's repointing holds (jnienv.h). */
    t->jni = atomic_load_explicit(&jni_current_functions, memory_order_acquire);
    t->prev = NULL;
    t->next = all_threads;
    if (all_threads != NULL) all_threads->prev = t;
    all_threads = t;
    live_count++;
    if (!t->daemon) non_daemon_count++;
    os_mutex_unlock(&threads_lock);

    uint64_t seed = (uint64_t)os_nanotime() * 0x9E3779B97F4A7C15ull ^ ((uint64_t)idx << 32) ^
                    (uint64_t)(uintptr_t)t;
    t->hash_seed = seed ? seed : 1;
    return true;
}

/* Wakes an initiator that may be waiting for a thread that just became safe or left. */
static void notify_initiator(void)
{
    os_mutex_lock(&sp_lock);
    os_cond_broadcast(&sp_stopped_cond);
    os_mutex_unlock(&sp_lock);
}

bool thread_light_transitions;

void thread_notify_safepoint(void) { notify_initiator(); }

/* As thread_enter_safe_at (never inlined, for the same reason), with the light store. */
__attribute__((noinline)) void thread_enter_native_light(Thread *t)
{
    t->safe_sp = __builtin_frame_address(0);
    atomic_store_explicit(&t->state, TS_NATIVE, memory_order_release);
    atomic_signal_fence(memory_order_seq_cst);
    if (unlikely(atomic_load_explicit(&vm_safepoint_pending, memory_order_relaxed))) notify_initiator();
}

/*
 * Unlinks t, releases its index, updates the counts and puts the record on the zombie
 * list. Called in TS_JAVA by t itself (or by the creator of a TS_NEW record that never
 * ran). t must not be touched by the caller afterwards.
 */
static void unregister_thread(Thread *t)
{
    os_mutex_lock(&threads_lock);
    if (t->prev != NULL) t->prev->next = t->next;
    else all_threads = t->next;
    if (t->next != NULL) t->next->prev = t->prev;
    atomic_store_explicit(&index_table[t->index], NULL, memory_order_release);
    live_count--;
    if (!t->daemon) {
        non_daemon_count--;
        os_cond_broadcast(&non_daemon_cond);
    }
    atomic_store_explicit(&t->state, TS_TERMINATED, memory_order_seq_cst);
    t->prev = NULL;
    t->next = zombies;
    zombies = t;
    __atomic_add_fetch(&zombie_count, 1, __ATOMIC_RELAXED);
    os_mutex_unlock(&threads_lock);
    if (atomic_load_explicit(&vm_safepoint_pending, memory_order_seq_cst)) notify_initiator();
}

/* ThreadCounts: t starts (or stops, undo) counting as a live java.lang.Thread. */
static void count_live(Thread *t, bool live)
{
    os_mutex_lock(&threads_lock);
    if (live && !t->counted) {
        t->counted = true;
        counted_started++;
        counted_live++;
        if (t->daemon) counted_daemon++;
        if (counted_live > counted_peak) counted_peak = counted_live;
    } else if (!live && t->counted) {
        t->counted = false;
        counted_exited_allocated += (int64_t)t->tlab.allocated;
        counted_live--;
        if (t->daemon) counted_daemon--;
    }
    os_mutex_unlock(&threads_lock);
}

void thread_get_counts(ThreadCounts *out)
{
    os_mutex_lock(&threads_lock);
    out->started = counted_started;
    out->live = counted_live;
    out->peak = counted_peak;
    out->daemon = counted_daemon;
    out->exited_allocated = counted_exited_allocated;
    os_mutex_unlock(&threads_lock);
}

void thread_reset_peak(void)
{
    os_mutex_lock(&threads_lock);
    counted_peak = counted_live;
    os_mutex_unlock(&threads_lock);
}

/* Binds the current OS thread to t: TLS, ids, C stack bounds and the overflow guard. */
static void bind_os_thread(Thread *t)
{
    current_thread = t;
    os_tls_set(signal_key, t);
    t->os_thread = os_thread_self();
    t->tid = os_thread_id();
    t->start_ns = os_nanotime();
    void *lo, *hi;
    os_thread_stack_bounds(&lo, &hi);
    size_t size = (size_t)((char *)hi - (char *)lo);
    /* Room below the guard for whatever runs after the interpreter notices: throwing
     * StackOverflowError, native code, libc. Never more than half of a small stack. */
    size_t margin = ((size_t)64 << 10) + size / 16;
    if (margin > size / 2) margin = size / 2;
    t->stack_lo = lo;
    t->stack_hi = hi;
    t->stack_guard = (char *)lo + margin;
}

/* ---------------------------------------------------------------------------------- */
/* Well-known methods                                                                 */
/* ---------------------------------------------------------------------------------- */

static Method *m_init_named, *m_init_runnable, *m_group_add, *m_exit, *m_run;

static Method *thread_method(Method **cache, Class *c, const char *name, const char *desc)
{
    Method *m = __atomic_load_n(cache, __ATOMIC_ACQUIRE);
    if (m == NULL) {
        m = wk_method(c, name, desc);
        __atomic_store_n(cache, m, __ATOMIC_RELEASE);
    }
    return m;
}

/* ---------------------------------------------------------------------------------- */
/* Main thread, java.lang.Thread creation, attach                                     */
/* ---------------------------------------------------------------------------------- */

/* Makes the calling OS thread a VM thread: a record with a Java stack, bound to this OS
 * thread and registered. On failure (no memory for the stack, the thread table full)
 * says why on stderr, naming `who`, and returns NULL with nothing left behind. */
static Thread *adopt_os_thread(size_t java_stack_bytes, bool daemon, const char *who)
{
    Thread *t = new_record(java_stack_bytes, daemon, true);
    if (t == NULL) {
        fprintf(stderr, "GlassVM: %s: cannot reserve a Java stack\n", who);
        return NULL;
    }
    bind_os_thread(t);
    if (log_is_enabled(LOG_INFO, os_thread)) {
        void *lo, *hi;
        os_thread_stack_bounds(&lo, &hi);
        log_print(LOG_INFO, LOG_TS_os_thread, "Thread attached (tid: %lld, pthread id: %lu, stack: 0x%016llx - 0x%016llx (%zuK) ).",
                  (long long)os_thread_id(), (unsigned long)os_thread_self(), (unsigned long long)(uintptr_t)hi,
                  (unsigned long long)(uintptr_t)lo,
                  (size_t)((char *)hi - (char *)lo) >> 10);
    }
    if (!register_thread(t)) {
        current_thread = NULL;
        os_tls_set(signal_key, NULL);
        free_java_stack(t->stack_base, t->stack_bytes);
        destroy_record(t);
        fprintf(stderr, "GlassVM: %s: too many threads\n", who);
        return NULL;
    }
    return t;
}

Thread *thread_init_main(size_t java_stack_bytes)
{
    init_globals();
    if (current_thread != NULL) return current_thread;
    if (vm_opts.stack_size != 0) thread_default_stack_size = vm_opts.stack_size;
    Thread *t = adopt_os_thread(java_stack_bytes, false, "the main thread");
    if (t == NULL) return NULL;
    main_thread = t;
    thread_leave_safe(t);
    return t;
}

bool thread_create_jthread(Thread *t, Object *group, const char *name, bool daemon,
                           bool add_to_group)
{
    if (!class_ensure_init(t, wk.Thread)) return false;
    Object *jt = obj_new(t, wk.Thread);
    if (jt == NULL) return false;
    /* Before the constructor runs: it calls currentThread(), copies the "parent's"
     * (its own) priority and daemon status, and isAlive() must already hold. */
    set_eetop(jt, t);
    FIELD_SET(jt, wk_off.Thread_priority, int32_t, 5);
    FIELD_SET(jt, wk_off.Thread_daemon, uint8_t, daemon ? 1 : 0);
    set_status(jt, JTS_RUNNABLE);
    t->jthread = jt;
    if (t == main_thread && main_group == NULL && group != NULL) {
        main_group = group;
        gc_register_root(&main_group);
    }

    Slot args[3];
    args[0].l = jt;
    args[1].l = group;
    Method *ctor;
    if (name != NULL) {
        Object *jname = str_new_cstr(t, name);
        if (jname == NULL) goto fail;
        args[2].l = jname;
        ctor = thread_method(&m_init_named, wk.Thread, "<init>",
                             "(Ljava/lang/ThreadGroup;Ljava/lang/String;)V");
    } else {
        /* No Thread(ThreadGroup) constructor exists; a null Runnable gives "Thread-N". */
        args[2].l = NULL;
        ctor = thread_method(&m_init_runnable, wk.Thread, "<init>",
                             "(Ljava/lang/ThreadGroup;Ljava/lang/Runnable;)V");
    }
    if (!interp_call(t, ctor, args, NULL)) goto fail;
    FIELD_SET(jt, wk_off.Thread_daemon, uint8_t, daemon ? 1 : 0);
    if (add_to_group) {
        /* ThreadGroup.add is package-private: called without virtual dispatch, as
         * HotSpot's call_special does. */
        Slot a2[2];
        a2[0].l = group;
        a2[1].l = jt;
        Method *add = thread_method(&m_group_add, wk.ThreadGroup, "add", "(Ljava/lang/Thread;)V");
        if (!interp_call(t, add, a2, NULL)) goto fail;
    }
    refresh_name(t);
    count_live(t, true);
    return true;

fail:
    set_eetop(jt, NULL);
    set_status(jt, JTS_TERMINATED);
    t->jthread = NULL;
    return false;
}

Thread *thread_attach(const char *name, Object *group, bool daemon)
{
    if (current_thread != NULL) return current_thread;
    if (!initialized) {
        fprintf(stderr, "GlassVM: AttachCurrentThread before the VM was created\n");
        return NULL;
    }
    Thread *t = adopt_os_thread(thread_default_stack_size, daemon, "AttachCurrentThread");
    if (t == NULL) return NULL;
    thread_leave_safe(t);
    if (name != NULL) t->name = vm_strdup(name);

    /* The java.lang.Thread can only be made once the main thread has one (and with it
     * the main thread group); earlier attachers (agents at OnLoad) get none yet. */
    Object *g = group != NULL ? group : main_group;
    if (g != NULL) {
        if (!thread_create_jthread(t, g, name, daemon, true)) {
            fprintf(stderr, "GlassVM: AttachCurrentThread: creating java.lang.Thread failed\n");
            exc_clear(t);
            thread_detach(t);
            return NULL;
        }
        if (unlikely(jvmti_want(JVMTI_EVENT_THREAD_START))) jvmti_post_thread_start(t);
    }
    return t;
}

/* ---------------------------------------------------------------------------------- */
/* Asynchronous exceptions                                                            */
/* ---------------------------------------------------------------------------------- */

static bool is_thread_death(const Object *x)
{
    for (const Class *k = x->klass; k != NULL; k = k->super)
        if (k->loader == NULL && strcmp(k->name, "java/lang/ThreadDeath") == 0) return true;
    return false;
}

/* Under t->lock: t's slot changes from empty to full (+1) or back (-1). */
static void async_count_add(int delta)
{
    os_mutex_lock(&async_lock);
    async_count += delta;
    if (async_count > 0)
        atomic_fetch_or_explicit(&vm_interp_poll, THREAD_POLL_ASYNC, memory_order_seq_cst);
    else
        atomic_fetch_and_explicit(&vm_interp_poll, ~THREAD_POLL_ASYNC, memory_order_seq_cst);
    os_mutex_unlock(&async_lock);
}

bool thread_post_async_exception(Thread *target, Object *x)
{
    os_mutex_lock(&target->lock);
    bool open = !target->async_closed;
    if (open) {
        Object *old = target->async_exception;
        /* HotSpot: only a ThreadDeath already installed is not replaced. */
        if (old == NULL || !is_thread_death(old)) {
            __atomic_store_n(&target->async_exception, x, __ATOMIC_RELEASE);
            if (old == NULL) async_count_add(1);
        }
    }
    os_mutex_unlock(&target->lock);
    if (!open) return false;
    /* Wake it from sleep, wait or park, as an interrupt does (HotSpot sets the Java flag
     * too, so the woken call sees an interrupt; the stop replaces its exception). */
    if (target->jthread != NULL)
        __atomic_store_n(FIELD_PTR(target->jthread, wk_off.Thread_interrupted, uint8_t), 1, __ATOMIC_RELEASE);
    thread_interrupt(target);
    return true;
}

/* Empties t's slot; returns what was there. */
static Object *drop_async(Thread *t)
{
    os_mutex_lock(&t->lock);
    Object *x = t->async_exception;
    if (x != NULL) {
        t->async_exception = NULL;
        async_count_add(-1);
    }
    os_mutex_unlock(&t->lock);
    return x;
}

bool thread_take_async_exception(Thread *t)
{
    if (__atomic_load_n(&t->async_exception, __ATOMIC_ACQUIRE) == NULL) return false;
    Object *x = drop_async(t);
    if (x == NULL) return false;
    /* An async exception replaces a pending one unless that is a ThreadDeath (HotSpot). */
    if (t->exception == NULL || !is_thread_death(t->exception)) t->exception = x;
    return true;
}

static void close_async(Thread *t)
{
    os_mutex_lock(&t->lock);
    t->async_closed = true;
    os_mutex_unlock(&t->lock);
    drop_async(t);
}

bool thread_interp_poll(Thread *t)
{
    if (atomic_load_explicit(&vm_safepoint_pending, memory_order_acquire)) thread_block_for_safepoint(t);
    return thread_take_async_exception(t);
}

/* ---------------------------------------------------------------------------------- */
/* Detach (the exit sequence)                                                         */
/* ---------------------------------------------------------------------------------- */

void thread_detach(Thread *t)
{
    VM_ASSERT(t == current_thread);
    if (atomic_load_explicit(&t->state, memory_order_relaxed) != TS_JAVA) thread_leave_safe(t);

    Object *jt = t->jthread;
    if (jt != NULL) {
        /* 1. An exception still pending (run() threw, or the launcher's main did) goes to
         *    the uncaught-exception handler: "Exception in thread ..." is printed here. */
        if (t->exception != NULL) {
            Object *e = exc_take(t);
            exc_dispatch_uncaught(t, e);
            exc_clear(t);
        }
        /* 2. Thread.exit(): thread group bookkeeping, thread-local cleanup. */
        Slot a;
        a.l = jt;
        if (!interp_call(t, thread_method(&m_exit, wk.Thread, "exit", "()V"), &a, NULL))
            exc_clear(t);
        atomic_store_explicit(&t->exiting, true, memory_order_relaxed);
        if (unlikely(jvmti_want(JVMTI_EVENT_THREAD_END))) jvmti_post_thread_end(t);
    }
    /* An asynchronous exception that comes now has no Java code left to stop. */
    close_async(t);
    /* 3. Monitors entered through JNI and never exited die with the thread. */
    mon_release_all(t);
    if (jt != NULL) {
        count_live(t, false); /* ThreadMXBean counts drop before join() returns */
        /* 4. isAlive() becomes false and join() wakes up, under the Thread's monitor so a
         *    joiner either sees eetop == 0 or is already waiting. */
        mon_enter(t, jt);
        set_status(jt, JTS_TERMINATED);
        set_eetop(jt, NULL);
        mon_notify_all(t, jt);
        mon_exit(t, jt);
        exc_clear(t);
    }
    heap_thread_detach(t);

    /* Keep the zombie list short even when nothing else runs safepoints. */
    if (__atomic_load_n(&zombie_count, __ATOMIC_RELAXED) >= ZOMBIE_LIMIT) {
        thread_safepoint_begin(t);
        thread_safepoint_end(t);
    }

    jvmti_thread_exit(t); /* after the thread's last event */
    Slot *stack = t->stack_base;
    size_t stack_bytes = t->stack_bytes;
    /* Forgotten before the record becomes a zombie (the end of any safepoint may free
     * it from then on) and before its Java stack goes: a signal handler that asks for
     * the current thread (AsyncGetCallTrace) never gets a freed record or stack. */
    os_tls_set(signal_key, NULL);
    current_thread = NULL;
    atomic_signal_fence(memory_order_seq_cst);
    unregister_thread(t); /* t belongs to the zombie list from here on */
    free_java_stack(stack, stack_bytes);
}

/* ---------------------------------------------------------------------------------- */
/* Start                                                                              */
/* ---------------------------------------------------------------------------------- */

static void *thread_main(void *arg)
{
    Thread *t = arg;
    bind_os_thread(t);
    /* -Xlog:os+thread, HotSpot's lines for a thread the VM started. */
    log_info(os_thread, "Thread is alive (tid: %lld, pthread id: %lu).", (long long)os_thread_id(),
             (unsigned long)os_thread_self());
    if (t->name != NULL) os_thread_set_name(t->name);
    thread_leave_safe(t); /* TS_NEW -> TS_JAVA, after any running safepoint */
    if (unlikely(jvmti_want(JVMTI_EVENT_THREAD_START))) jvmti_post_thread_start(t);

    if (t->native_entry != NULL) {
        /* An agent thread: native code from the start, attached as JNI sees it. */
        thread_enter_safe(t, TS_NATIVE);
        t->native_entry(t, t->native_arg);
        thread_leave_safe(t);
    } else if (!FIELD_GET(t->jthread, wk_off.Thread_stillborn, uint8_t)) {
        /* (A thread stopped before it started is stillborn: it starts and ends without
         * running run(), as in HotSpot.) */
        Slot a;
        a.l = t->jthread;
        /* Virtual dispatch: subclasses override run(). An exception stays pending and is
         * dispatched to the uncaught-exception handler by thread_detach. */
        interp_call_virtual(t, thread_method(&m_run, wk.Thread, "run", "()V"), &a, NULL);
    }
    log_info(os_thread, "JavaThread exiting (tid: %lld).", (long long)os_thread_id());
    thread_detach(t);
    log_info(os_thread, "Thread finished (tid: %lld, pthread id: %lu).", (long long)os_thread_id(),
             (unsigned long)os_thread_self());
    return NULL;
}

bool thread_start(Thread *t, Object *jthread, size_t stack_size)
{
    return thread_start_native(t, jthread, stack_size, NULL, NULL);
}

/* thread_start with entry == NULL (run()); an agent thread's native entry otherwise. */
bool thread_start_native(Thread *t, Object *jthread, size_t stack_size,
                         void (*entry)(Thread *self, void *arg), void *arg)
{
    if (thread_from_jthread(jthread) != NULL) {
        exc_throw(t, "java/lang/IllegalThreadStateException", NULL);
        return false;
    }
    size_t java_bytes = clamp_java_stack(stack_size);
    bool daemon = FIELD_GET(jthread, wk_off.Thread_daemon, uint8_t) != 0;
    Thread *nt = new_record(java_bytes, daemon, false);
    if (nt == NULL) goto oom;
    nt->jthread = jthread;
    nt->native_entry = entry;
    nt->native_arg = arg;
    Object *jn = FIELD_GET(jthread, wk_off.Thread_name, Object *);
    if (jn != NULL) nt->name = str_to_mutf8(jn);
    if (!register_thread(nt)) {
        free_java_stack(nt->stack_base, nt->stack_bytes);
        destroy_record(nt);
        goto oom;
    }
    /* Alive from now on, before the OS thread even runs (Thread.isAlive is eetop != 0). */
    set_eetop(jthread, nt);
    set_status(jthread, JTS_RUNNABLE);
    count_live(nt, true);

    /* The C stack must hold deep interpreter recursion through natives and upcalls,
     * independently of the Java stack's size. */
    size_t c_bytes = java_bytes < ((size_t)1 << 20) ? ((size_t)1 << 20) : java_bytes;
    c_bytes += (size_t)1 << 20;
    if (!os_thread_create(&nt->os_thread, c_bytes, thread_main, nt, true)) {
        set_eetop(jthread, NULL);
        set_status(jthread, JTS_NEW);
        count_live(nt, false);
        os_mutex_lock(&threads_lock);
        counted_started--;
        os_mutex_unlock(&threads_lock);
        Slot *stack = nt->stack_base;
        size_t bytes = nt->stack_bytes;
        nt->jthread = NULL;
        unregister_thread(nt); /* others may have seen it through eetop: zombie list */
        free_java_stack(stack, bytes);
        goto oom;
    }
    return true;

oom:
    if (unlikely(jvmti_want(JVMTI_EVENT_RESOURCE_EXHAUSTED)))
        jvmti_post_resource_exhausted(t, JVMTI_RESOURCE_EXHAUSTED_OOM_ERROR | JVMTI_RESOURCE_EXHAUSTED_THREADS,
                                      "unable to create native thread: possibly out of memory or process/resource "
                                      "limits reached");
    exc_throw(t, "java/lang/OutOfMemoryError",
              "unable to create native thread: possibly out of memory or process/resource "
              "limits reached");
    return false;
}

/* ---------------------------------------------------------------------------------- */
/* Registry queries                                                                   */
/* ---------------------------------------------------------------------------------- */

int thread_non_daemon_count(void)
{
    os_mutex_lock(&threads_lock);
    int n = non_daemon_count;
    os_mutex_unlock(&threads_lock);
    return n;
}

void thread_wait_for_non_daemons(Thread *self)
{
    bool was_java = self != NULL && atomic_load(&self->state) == TS_JAVA;
    if (was_java) thread_enter_safe(self, TS_BLOCKED);
    os_mutex_lock(&threads_lock);
    for (;;) {
        int own = self != NULL && !self->daemon && self->index != 0 ? 1 : 0;
        if (non_daemon_count <= own) break;
        os_cond_wait(&non_daemon_cond, &threads_lock);
    }
    os_mutex_unlock(&threads_lock);
    if (was_java) thread_leave_safe(self);
}

void thread_for_each(void (*fn)(Thread *t, void *arg), void *arg)
{
    os_mutex_lock(&threads_lock);
    for (Thread *t = all_threads; t != NULL; t = t->next) fn(t, arg);
    os_mutex_unlock(&threads_lock);
}

void thread_for_each_unlocked(void (*fn)(Thread *t, void *arg), void *arg)
{
    int n = 0;
    for (Thread *t = __atomic_load_n(&all_threads, __ATOMIC_ACQUIRE); t != NULL && n < 100000; t = t->next, n++) fn(t, arg);
}

Thread **thread_java_threads(bool counted_only, int *n)
{
    os_mutex_lock(&threads_lock);
    int count = 0;
    for (Thread *t = all_threads; t != NULL; t = t->next) count += t->jthread != NULL && (t->counted || !counted_only);
    Thread **v = malloc((size_t)(count ? count : 1) * sizeof *v);
    int k = count;
    /* The registry lists the newest first. */
    for (Thread *t = all_threads; v != NULL && t != NULL; t = t->next)
        if (t->jthread != NULL && (t->counted || !counted_only)) v[--k] = t;
    os_mutex_unlock(&threads_lock);
    *n = v != NULL ? count : 0;
    return v;
}

/* ---------------------------------------------------------------------------------- */
/* Safe states and safepoints                                                         */
/* ---------------------------------------------------------------------------------- */

/* Never inlined: its frame lies below every byte of the caller's frame, so the caller's
 * locals and register pushes are inside [safe_sp, stack_hi). */
__attribute__((noinline)) void thread_enter_safe_at(Thread *t, int state, void *sp)
{
    void *here = __builtin_frame_address(0);
    t->safe_sp = (sp != NULL && (char *)sp < (char *)here) ? sp : here;
    /* seq_cst: the store of the state must be ordered before the load of the flag
     * (Dekker with thread_safepoint_begin); it also publishes safe_sp and regs. */
    atomic_store_explicit(&t->state, state, memory_order_seq_cst);
    if (unlikely(atomic_load_explicit(&vm_safepoint_pending, memory_order_seq_cst)))
        notify_initiator();
}

void (*_Atomic thread_hold_hook)(Thread *t);

static bool tool_held(Thread *t)
{
    return unlikely(atomic_load_explicit(&t->tool_hold, memory_order_seq_cst)) &&
           atomic_load_explicit(&thread_hold_hook, memory_order_acquire) != NULL;
}

/* Is t to wait while suspended? Not once it is exiting (Thread.exiting). */
static bool must_stay_suspended(Thread *t)
{
    return (atomic_load_explicit(&t->suspend_count, memory_order_seq_cst) > 0 || tool_held(t)) &&
           !atomic_load_explicit(&t->exiting, memory_order_relaxed);
}

bool thread_must_stay_suspended(Thread *t) { return must_stay_suspended(t); }

static void wait_while_suspended(Thread *t)
{
    for (;;) {
        /* A tool's hold first (it waits its own way), then a suspension. */
        if (tool_held(t)) atomic_load_explicit(&thread_hold_hook, memory_order_acquire)(t);
        os_mutex_lock(&t->lock);
        while (must_stay_suspended(t) && !tool_held(t)) os_cond_wait(&t->cond, &t->lock);
        os_mutex_unlock(&t->lock);
        if (!must_stay_suspended(t)) return;
    }
}

typedef void ReleaseFn(Thread *t, void *arg);
static bool leave_safe(Thread *t, bool honor_suspend, ReleaseFn *release, void *arg, bool release_for_safepoint);

void thread_leave_safe(Thread *t) { leave_safe(t, true, NULL, NULL, false); }
void thread_leave_safe_for_vm(Thread *t) { leave_safe(t, false, NULL, NULL, false); }

bool thread_leave_safe_or_release(Thread *t, void (*release)(Thread *t, void *arg), void *arg)
{
    return leave_safe(t, true, release, arg, false);
}

void thread_wait_while_suspended(Thread *t)
{
    if (likely(!must_stay_suspended(t))) return;
    if (atomic_load_explicit(&t->state, memory_order_relaxed) == TS_JAVA) thread_check_suspended(t);
    else wait_while_suspended(t); /* already safe */
}

void thread_check_suspended(Thread *t)
{
    if (likely(!must_stay_suspended(t))) return;
    thread_enter_safe(t, TS_BLOCKED);
    thread_leave_safe(t);
}

/*
 * The way back to TS_JAVA. Once t is in TS_JAVA with no safepoint pending, nobody can
 * suspend it (thread_suspend_other marks threads at a safepoint) until its next poll, so
 * the suspension test made there is final. `release` (may be NULL): what t gives back
 * before waiting for its resumption (thread_leave_safe_or_release); false is returned
 * then, with t still in its safe state. With release_for_safepoint, t also gives it back
 * before waiting out a safepoint (and returns false): a VM mutex taken while safe must
 * not be held through a safepoint, since a thread in TS_JAVA may be blocked on it (plain
 * os_mutex_lock) and so keep the safepoint from ever beginning.
 */
static bool leave_safe(Thread *t, bool honor_suspend, ReleaseFn *release, void *arg,
                       bool release_for_safepoint)
{
    int safe_state = atomic_load_explicit(&t->state, memory_order_relaxed);
    VM_ASSERT(safe_state != TS_JAVA);
    if (safe_state == TS_JAVA) return true;
    for (;;) {
        /* Cheap pre-check: do not flip to TS_JAVA and back while a safepoint is already
         * running (the Dekker handshake below is what makes it correct). */
        if (unlikely(atomic_load_explicit(&vm_safepoint_pending, memory_order_relaxed)) &&
            atomic_load_explicit(&sp_initiator, memory_order_relaxed) != t)
            goto wait;
        atomic_store_explicit(&t->state, TS_JAVA, memory_order_seq_cst);
        if (likely(!atomic_load_explicit(&vm_safepoint_pending, memory_order_seq_cst))) {
            /* Suspended (marked at a safepoint, whose end we have seen, or by ourselves):
             * stay safe until resumed, then try again. */
            if (likely(!honor_suspend || !must_stay_suspended(t))) return true;
            /* Safe again, by the rule of thread_enter_safe_at: a safepoint that began
             * since our load above saw us in TS_JAVA and waits for a wake-up; without it
             * its initiator would wait until we are resumed, and might be the thread
             * that is to resume us. */
            atomic_store_explicit(&t->state, safe_state, memory_order_seq_cst);
            if (unlikely(atomic_load_explicit(&vm_safepoint_pending, memory_order_seq_cst)))
                notify_initiator();
            if (release != NULL) release(t, arg);
            wait_while_suspended(t);
            if (release != NULL) return false;
            continue;
        }
        if (atomic_load_explicit(&sp_initiator, memory_order_relaxed) == t) return true;
        /* A safepoint is starting or running: go back to being safe and wait it out. */
        atomic_store_explicit(&t->state, safe_state, memory_order_seq_cst);
    wait:
        if (release_for_safepoint) release(t, arg);
        os_mutex_lock(&sp_lock);
        os_cond_broadcast(&sp_stopped_cond);
        while (atomic_load_explicit(&vm_safepoint_pending, memory_order_seq_cst))
            os_cond_wait(&sp_resume_cond, &sp_lock);
        os_mutex_unlock(&sp_lock);
        if (release_for_safepoint) return false;
    }
}

__attribute__((noinline)) void thread_block_for_safepoint(Thread *t)
{
    if (atomic_load_explicit(&sp_initiator, memory_order_relaxed) == t) return;
    if (atomic_load_explicit(&t->state, memory_order_relaxed) != TS_JAVA) return;
    thread_enter_safe(t, TS_BLOCKED);
    thread_leave_safe(t);
}

/* Under sp_lock: is every registered thread but self out of TS_JAVA? */
static bool all_others_stopped(Thread *self)
{
    bool ok = true;
    os_mutex_lock(&threads_lock);
    for (Thread *t = all_threads; t != NULL; t = t->next) {
        if (t == self) continue;
        if (atomic_load_explicit(&t->state, memory_order_seq_cst) == TS_JAVA) {
            ok = false;
            break;
        }
    }
    os_mutex_unlock(&threads_lock);
    return ok;
}

void thread_safepoint_begin_op(Thread *self, const char *op)
{
    if (atomic_load_explicit(&sp_initiator, memory_order_relaxed) == self)
        panic("nested safepoint on thread %u", self->index);
    VM_ASSERT(atomic_load(&self->state) == TS_JAVA);

    /* Be safe while competing for the initiator role: the current initiator may be
     * waiting for us. */
    thread_enter_safe(self, TS_BLOCKED);
    os_mutex_lock(&sp_init_lock);
    /* We own sp_init_lock: no safepoint runs and none can start, so no Dekker dance. */
    atomic_store_explicit(&self->state, TS_JAVA, memory_order_seq_cst);

    int64_t begin = os_nanotime();
    os_mutex_lock(&sp_lock);
    atomic_store_explicit(&sp_initiator, self, memory_order_relaxed);
    atomic_store_explicit(&vm_safepoint_pending, 1, memory_order_seq_cst);
    atomic_fetch_or_explicit(&vm_interp_poll, THREAD_POLL_SAFEPOINT, memory_order_seq_cst);
    /* Light transitions (thread.h): their state stores are visible from here on, and
     * their flag loads see the flag. */
    if (thread_light_transitions) os_membarrier();
    while (!all_others_stopped(self)) os_cond_wait(&sp_stopped_cond, &sp_lock);
    os_mutex_unlock(&sp_lock);
    /* SafepointStats, under sp_init_lock. */
    sp_begin_ns = begin;
    sp_reached_ns = os_nanotime();
    sp_op = op;
    atomic_fetch_add_explicit(&sp_stats_count, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&sp_stats_sync_ns, os_nanotime() - begin, memory_order_relaxed);
}

void thread_safepoint_stats(SafepointStats *out)
{
    out->count = atomic_load_explicit(&sp_stats_count, memory_order_relaxed);
    out->sync_ns = atomic_load_explicit(&sp_stats_sync_ns, memory_order_relaxed);
    out->total_ns = atomic_load_explicit(&sp_stats_total_ns, memory_order_relaxed);
}

bool thread_is_safepoint_initiator(const Thread *self)
{
    return atomic_load_explicit(&sp_initiator, memory_order_relaxed) == self;
}

/* ---------------------------------------------------------------------------------- */
/* Suspension                                                                         */
/* ---------------------------------------------------------------------------------- */

ThreadSuspendResult thread_suspend_other(Thread *self, Object *jthread)
{
    /* At a safepoint every other thread is safe, and each gets back to TS_JAVA only
     * through thread_leave_safe, which sees the mark once the safepoint is over. The
     * target is looked up inside: it may have ended while we waited to begin. */
    bool own = !thread_is_safepoint_initiator(self); /* else the world is stopped for us */
    if (own) thread_safepoint_begin(self);
    Thread *target = thread_from_jthread(jthread);
    ThreadSuspendResult r = THREAD_NOT_RUNNING;
    if (target != NULL && target != self && !target->async_closed) {
        os_mutex_lock(&target->lock);
        bool was = atomic_load_explicit(&target->suspend_count, memory_order_relaxed) > 0;
        if (!was) atomic_store_explicit(&target->suspend_count, 1, memory_order_seq_cst);
        os_mutex_unlock(&target->lock);
        r = was ? THREAD_ALREADY_SUSPENDED : THREAD_SUSPENDED_NOW;
    }
    if (own) thread_safepoint_end(self);
    return r;
}

bool thread_suspend_self(Thread *self)
{
    os_mutex_lock(&self->lock);
    bool was = atomic_load_explicit(&self->suspend_count, memory_order_relaxed) > 0;
    if (!was) atomic_store_explicit(&self->suspend_count, 1, memory_order_seq_cst);
    os_mutex_unlock(&self->lock);
    if (was) return false;
    /* Become safe and come back: thread_leave_safe waits until we are resumed. */
    thread_enter_safe(self, TS_BLOCKED);
    thread_leave_safe(self);
    return true;
}

bool thread_resume(Thread *target)
{
    os_mutex_lock(&target->lock);
    bool was = atomic_load_explicit(&target->suspend_count, memory_order_relaxed) > 0;
    if (was) {
        atomic_store_explicit(&target->suspend_count, 0, memory_order_seq_cst);
        os_cond_broadcast(&target->cond);
    }
    os_mutex_unlock(&target->lock);
    return was;
}

void thread_safepoint_end(Thread *self)
{
    VM_ASSERT(atomic_load(&sp_initiator) == self);
    int64_t end = os_nanotime();
    atomic_fetch_add_explicit(&sp_stats_total_ns, end - sp_begin_ns, memory_order_relaxed);
    /* -Xlog:safepoint, HotSpot's line; the phases are measured here, and GlassVM has no
     * cleanup phase (zombie records are freed after the world resumes). Read under
     * sp_init_lock, logged after it. */
    bool log_sp = log_is_enabled(LOG_INFO, safepoint);
    const char *op = sp_op;
    int64_t since_last = sp_begin_ns - (sp_last_end_ns ? sp_last_end_ns : vm_start_ns);
    int64_t reaching = sp_reached_ns - sp_begin_ns, at = end - sp_reached_ns, total = end - sp_begin_ns;
    sp_last_end_ns = end;
    /* Every zombie was unlinked before this safepoint stopped the world (unlinking needs
     * TS_JAVA), so no thread still holds a pointer to one. */
    os_mutex_lock(&threads_lock);
    Thread *z = zombies;
    zombies = NULL;
    __atomic_store_n(&zombie_count, 0, __ATOMIC_RELAXED);
    os_mutex_unlock(&threads_lock);

    os_mutex_lock(&sp_lock);
    atomic_store_explicit(&sp_initiator, NULL, memory_order_relaxed);
    atomic_store_explicit(&vm_safepoint_pending, 0, memory_order_seq_cst);
    atomic_fetch_and_explicit(&vm_interp_poll, ~THREAD_POLL_SAFEPOINT, memory_order_seq_cst);
    os_cond_broadcast(&sp_resume_cond);
    os_mutex_unlock(&sp_lock);
    os_mutex_unlock(&sp_init_lock);

    while (z != NULL) {
        Thread *next = z->next;
        destroy_record(z);
        z = next;
    }
    if (log_sp)
        log_print(LOG_INFO, LOG_TS_safepoint,
                  "Safepoint \"%s\", Time since last: %lld ns, Reaching safepoint: %lld ns, Cleanup: 0 ns, "
                  "At safepoint: %lld ns, Total: %lld ns",
                  op, (long long)since_last, (long long)reaching, (long long)at, (long long)total);
}

/* Returns an address below the caller's whole frame. */
static __attribute__((noinline, noclone)) void *stack_pointer_below_caller(void)
{
    void *p = __builtin_frame_address(0);
    __asm__ volatile("" : "+r"(p)); /* keep the call from being folded away */
    return p;
}

void thread_scan_c_stack(RootVisitor *v, const Thread *t, const void *lo, const void *hi)
{
    const char *p = lo;
    /* Innermost first: the windows come in rising address order. */
    for (const ThreadStackWindow *w = t->stack_windows; w != NULL; w = w->prev) {
        if ((const char *)w->hi <= p) continue;
        if ((const char *)w->lo >= (const char *)hi) break;
        if ((const char *)w->lo > p) gc_scan_conservative(v, p, w->lo, ROOT_NATIVE_STACK);
        p = w->hi;
    }
    if (p < (const char *)hi) gc_scan_conservative(v, p, hi, ROOT_NATIVE_STACK);
}

void thread_visit_roots(RootVisitor *v)
{
    Thread *self = current_thread;
    OsRegs regs; /* our own registers, on the part of our stack we scan */
    os_save_regs(regs);
    void *sp = stack_pointer_below_caller();

    os_mutex_lock(&threads_lock);
    for (Thread *t = all_threads; t != NULL; t = t->next) {
        if (t->jthread != NULL) v->visit(v, &t->jthread, ROOT_THREAD);
        if (t->exception != NULL) v->visit(v, &t->exception, ROOT_THREAD);
        if (t->async_exception != NULL) v->visit(v, &t->async_exception, ROOT_THREAD);
        if (t->jvmti_exc_object != NULL) v->visit(v, &t->jvmti_exc_object, ROOT_THREAD);
        for (uint32_t i = 0; i < t->jvmti_samples_n; i++) v->visit(v, &t->jvmti_samples[i], ROOT_THREAD);
        for (int i = 0; i < t->jni_monitor_count; i++) v->visit(v, &t->jni_monitors[i], ROOT_THREAD);
        ref_visit_locals(t, v);

        /* Java frames: precisely, by the frames' maps (oopmap.h). */
        oopmap_visit_stack(t, v, true);

        int st = atomic_load_explicit(&t->state, memory_order_acquire);
        if (t->stack_hi == NULL || st == TS_NEW || st == TS_TERMINATED) continue;
        if (t == self) {
            thread_scan_c_stack(v, t, sp, t->stack_hi);
        } else if (t->safe_sp != NULL) {
            thread_scan_c_stack(v, t, t->safe_sp, t->stack_hi);
            gc_scan_conservative(v, &t->regs, &t->regs + 1, ROOT_NATIVE_STACK);
        }
    }
    os_mutex_unlock(&threads_lock);
    /* regs must stay live across the scans above. */
    __asm__ volatile("" : : "r"(&regs) : "memory");
}

/* ---------------------------------------------------------------------------------- */
/* Sleep, park, interrupt                                                             */
/* ---------------------------------------------------------------------------------- */

static int64_t deadline_after_ns(int64_t ns)
{
    int64_t now = os_nanotime();
    return ns > INT64_MAX - now ? INT64_MAX : now + ns;
}

static int64_t deadline_after_ms(int64_t ms)
{
    if (ms > INT64_MAX / 1000000) return INT64_MAX;
    return deadline_after_ns(ms * 1000000);
}

/* Under t->lock: the wake flag only means something if the Java field agrees; an old
 * flag whose interrupt was already consumed (Thread.interrupted()) is dropped. */
static void reset_wake_flag(Thread *t)
{
    if (!thread_is_interrupted(t, false)) t->interrupt_pending = false;
}

bool thread_block_interruptibly(Thread *t, const bool *done, int64_t deadline)
{
    bool interrupted = false;
    int state = atomic_load_explicit(&t->state, memory_order_relaxed);
    if (state == TS_JAVA) thread_enter_safe(t, TS_BLOCKED);
    os_mutex_lock(&t->lock);
    reset_wake_flag(t);
    while (done == NULL || !*done) {
        if (t->interrupt_pending) {
            if (thread_is_interrupted(t, false)) {
                interrupted = true;
                break;
            }
            t->interrupt_pending = false;
        }
        if (!os_cond_wait_until(&t->cond, &t->lock, deadline)) break;
    }
    os_mutex_unlock(&t->lock);
    if (state == TS_JAVA) thread_leave_safe(t);
    return interrupted;
}

bool thread_sleep(Thread *t, int64_t millis)
{
    if (millis < 0) {
        exc_throw(t, "java/lang/IllegalArgumentException", "timeout value is negative");
        return false;
    }
    if (thread_is_interrupted(t, true)) {
        exc_throw(t, "java/lang/InterruptedException", "sleep interrupted");
        return false;
    }
    int64_t waited = thread_contention_begin(&t->contention.waited_count);
    if (millis == 0) {
        os_thread_yield();
        thread_contention_end(&t->contention.waited_ns, waited);
        return true;
    }
    thread_set_java_status(t, JTS_SLEEPING);
    bool interrupted = thread_block_interruptibly(t, NULL, deadline_after_ms(millis));
    thread_set_java_status(t, JTS_RUNNABLE);
    thread_contention_end(&t->contention.waited_ns, waited);
    if (interrupted && thread_is_interrupted(t, true)) {
        exc_throw(t, "java/lang/InterruptedException", "sleep interrupted");
        return false;
    }
    return true;
}

/*
 * Unsafe.park semantics (as HotSpot's Parker): a permit consumed by park and set by
 * unpark and by interrupt; returns at once if the permit is there or the thread is
 * interrupted (without clearing); absolute = deadline in ms since the epoch, else a
 * relative time in ns (0 = forever); may return spuriously.
 */
void thread_park(Thread *t, bool absolute, int64_t time)
{
    /* Every park counts as a wait (HotSpot's JavaThreadParkedState), even one that returns
     * at once; its time runs from here to the wakeup when it blocks. */
    int64_t waited = thread_contention_begin(&t->contention.waited_count);
    int64_t deadline;
    if (absolute) {
        if (time <= 0) return;
        int64_t delta_ms = time - os_current_millis();
        if (delta_ms <= 0) return;
        deadline = deadline_after_ms(delta_ms);
    } else {
        if (time < 0) return;
        deadline = time == 0 ? INT64_MAX : deadline_after_ns(time);
    }

    os_mutex_lock(&t->lock);
    if (t->park_permit) {
        t->park_permit = false;
        os_mutex_unlock(&t->lock);
        return;
    }
    if (thread_is_interrupted(t, false)) {
        os_mutex_unlock(&t->lock);
        return;
    }
    thread_set_java_status(t, deadline == INT64_MAX ? JTS_PARKED : JTS_PARKED_TIMED);
    bool was_java = atomic_load_explicit(&t->state, memory_order_relaxed) == TS_JAVA;
    if (was_java) thread_enter_safe(t, TS_BLOCKED);
    /* One wait: unpark and interrupt set the permit before waking us; any other wakeup
     * is a spurious return, which park's callers must tolerate anyway. */
    if (deadline == INT64_MAX) os_cond_wait(&t->cond, &t->lock);
    else os_cond_wait_until(&t->cond, &t->lock, deadline);
    thread_contention_end(&t->contention.waited_ns, waited);
    t->park_permit = false;
    os_mutex_unlock(&t->lock);
    if (was_java) thread_leave_safe(t);
    thread_set_java_status(t, JTS_RUNNABLE);
}

void thread_unpark(Thread *target)
{
    os_mutex_lock(&target->lock);
    target->park_permit = true;
    os_cond_broadcast(&target->cond);
    os_mutex_unlock(&target->lock);
}

void thread_interrupt(Thread *target)
{
    os_mutex_lock(&target->lock);
    target->interrupt_pending = true;
    target->park_permit = true; /* as HotSpot: interrupt also unparks */
    os_cond_broadcast(&target->cond);
    os_mutex_unlock(&target->lock);
}

/* ------------------------------------------------------------------------------------ */
/* Collector-safe locking                                                               */
/* ------------------------------------------------------------------------------------ */

static void unlock_mutex(Thread *t, void *m) { os_mutex_unlock(m); }

void thread_lock_safe(Thread *t, OsMutex *m)
{
    if (os_mutex_trylock(m)) return;
    if (t == NULL || atomic_load_explicit(&t->state, memory_order_relaxed) != TS_JAVA) {
        os_mutex_lock(m);
        return;
    }
    /* A thread suspended already runs VM code for its native caller (JNI, JVMTI:
     * thread_leave_safe_for_vm) and goes on as it came. One suspended while it waits
     * does not keep m while it waits for its resumption: the thread resuming it may need
     * m (class initialization, collection). Nor does any thread keep m while it waits
     * out a safepoint: another thread, in TS_JAVA, may be blocked taking m with a plain
     * os_mutex_lock (the loader's table lock), and the safepoint would never begin. */
    bool for_vm = must_stay_suspended(t);
    thread_enter_safe(t, TS_BLOCKED);
    for (;;) {
        os_mutex_lock(m);
        if (leave_safe(t, !for_vm, unlock_mutex, m, true)) return;
    }
}

void thread_cond_wait_safe(Thread *t, OsCond *c, OsMutex *m)
{
    if (t == NULL || atomic_load_explicit(&t->state, memory_order_relaxed) != TS_JAVA) {
        os_cond_wait(c, m);
        return;
    }
    bool for_vm = must_stay_suspended(t); /* as in thread_lock_safe */
    thread_enter_safe(t, TS_BLOCKED);
    os_cond_wait(c, m);
    /* Release m while possibly waiting out a safepoint or a suspension, then take it
     * back safely. */
    os_mutex_unlock(m);
    if (for_vm) thread_leave_safe_for_vm(t);
    else thread_leave_safe(t);
    thread_lock_safe(t, m);
}
