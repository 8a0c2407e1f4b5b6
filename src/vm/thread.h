// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * thread.h — VM thread records, thread states and safepoints.
 *
 * Every thread that runs Java code or calls JNI has a Thread record. The record's first
 * member is the JNI function table pointer, so a JNIEnv* is &thread->jni and
 * thread_from_env() is a cast.
 *
 * States and the safepoint protocol (docs/design.md, "Threads and safepoints"):
 *
 *   TS_JAVA     running Java or VM code. Not safe: polls thread_poll() at backward
 *               branches, calls and allocation slow paths.
 *   TS_NATIVE   running native code (JNI method, agent, launcher). Safe.
 *   TS_BLOCKED  blocked inside the VM (monitor, wait, park, sleep). Safe.
 *
 * A thread makes itself safe with thread_enter_safe(): it spills its registers into
 * `regs`, records its C stack pointer in `safe_sp`, then publishes the new state.
 * thread_leave_safe() returns to TS_JAVA, waiting first while a safepoint is in progress.
 * The safepoint initiator (thread_safepoint_begin) raises `vm_safepoint_pending`, then
 * waits until every other thread is safe or parked in thread_poll(); while the world is
 * stopped it may read every thread's frames and C stack (from safe_sp to stack_hi).
 *
 * Ownership: a Thread is created by thread_attach()/thread_start() and freed after the
 * thread has detached and no safepoint operation can still see it.
 */
#ifndef GLASS_THREAD_H
#define GLASS_THREAD_H

#include "../os/os.h"
#include "heap.h"
#include "vm.h"

typedef enum ThreadState {
    TS_NEW = 0,
    TS_JAVA = 1,
    TS_NATIVE = 2,
    TS_BLOCKED = 3,
    TS_TERMINATED = 4,
} ThreadState;

/* java.lang.Thread.threadStatus values (JVMTI thread-state bits, as HotSpot uses). */
enum {
    JTS_NEW = 0,
    JTS_ALIVE = 0x0001,
    JTS_TERMINATED = 0x0002,
    JTS_RUNNABLE = 0x0004 | 0x0001,
    JTS_WAITING_INDEFINITELY = 0x0010 | 0x0080 | 0x0001,            /* + WAITING */
    JTS_WAITING_WITH_TIMEOUT = 0x0020 | 0x0080 | 0x0001,
    JTS_SLEEPING = 0x0040 | 0x0020 | 0x0080 | 0x0001,
    JTS_IN_OBJECT_WAIT = 0x0100 | 0x0010 | 0x0080 | 0x0001,
    JTS_IN_OBJECT_WAIT_TIMED = 0x0100 | 0x0020 | 0x0080 | 0x0001,
    JTS_PARKED = 0x0200 | 0x0010 | 0x0080 | 0x0001,
    JTS_PARKED_TIMED = 0x0200 | 0x0020 | 0x0080 | 0x0001,
    JTS_BLOCKED_ON_MONITOR_ENTER = 0x0400 | 0x0001,
};

/* JNI local references: a growable stack of slots split into frames (ref.c). */
typedef struct LocalRefs {
    Object **slots;
    uint32_t top;      /* next free slot */
    uint32_t capacity;
    uint32_t frame_base; /* first slot of the innermost frame */
} LocalRefs;

typedef struct Monitor Monitor;

/*
 * java.lang.management contention statistics (ThreadInfo's blocked and waited counts and
 * times), kept by the thread itself on the slow paths only: blocked = a monitor entry or
 * re-entry after Object.wait that had to wait for the owner; waited = Object.wait,
 * LockSupport.park and Thread.sleep (as HotSpot counts them). Counts always; times in ns
 * only while thread_contention_timing is set (ThreadMXBean
 * setThreadContentionMonitoringEnabled). Read racily by src/jvm/management_thread.c;
 * reset there too (relaxed atomics).
 */
typedef struct ThreadContention {
    _Atomic int64_t blocked_count, blocked_ns;
    _Atomic int64_t waited_count, waited_ns;
} ThreadContention;
extern _Atomic bool thread_contention_timing;
/* Start of a blocked/waited interval: counts it in *count (HotSpot counts on entry, so
 * a thread seen blocked is already counted) and returns a time stamp while timing is
 * on, else 0. */
static inline int64_t thread_contention_begin(_Atomic int64_t *count)
{
    atomic_fetch_add_explicit(count, 1, memory_order_relaxed);
    return atomic_load_explicit(&thread_contention_timing, memory_order_relaxed) ? os_nanotime() : 0;
}
/* End of the interval begun at `begin`: adds its time to *ns. */
static inline void thread_contention_end(_Atomic int64_t *ns, int64_t begin)
{
    if (begin != 0) atomic_fetch_add_explicit(ns, os_nanotime() - begin, memory_order_relaxed);
}

/* Thread counts for ThreadMXBean and perf data's java.threads.* (jstat, as HotSpot's
 * ThreadService keeps one set for both): threads that have a java.lang.Thread,
 * counted from their start (thread_start*, or thread_create_jthread for the main and
 * attached threads) until they begin to exit (before join() returns, as HotSpot). */
typedef struct ThreadCounts {
    int64_t started; /* since the VM started */
    int live, peak, daemon;
    int64_t exited_allocated; /* heap bytes allocated by threads no longer counted */
} ThreadCounts;
void thread_get_counts(ThreadCounts *out);
/* Peak := live (ThreadMXBean.resetPeakThreadCount). */
void thread_reset_peak(void);

struct Thread {
    const struct JNINativeInterface_ *jni; /* MUST stay first: JNIEnv* == &thread->jni */
    _Atomic int state;                     /* ThreadState */
    Object *exception;                     /* pending Java exception or NULL */

    /* Java stack (interp.h): Slot array [stack_base, stack_limit). */
    Slot *stack_base;
    Slot *stack_limit;
    Frame *top_frame;
    size_t stack_bytes;

    /* C stack: [stack_lo, stack_hi); stack_guard = lowest sp the interpreter may use. */
    void *stack_lo, *stack_hi, *stack_guard;
    void *safe_sp;   /* sp recorded by thread_enter_safe */
    OsRegs regs;     /* registers spilled by thread_enter_safe / thread_poll */
    /* Parts of the C stack the conservative scan skips (ThreadStackWindow, innermost
     * first); pushed and popped by the thread itself while in TS_JAVA. */
    struct ThreadStackWindow *stack_windows;

    Object *jthread;  /* java.lang.Thread, NULL until created/attached */
    uint32_t index;   /* small unique id (>= 1) used by thin locks; reused after exit */
    int64_t tid;      /* kernel thread id */
    int64_t start_ns; /* os_nanotime() when the OS thread was bound (thread dumps) */
    OsThread os_thread;
    bool daemon;
    bool is_attached; /* attached through JNI rather than started by the VM */
    char *name;       /* C copy of the name for diagnostics, may be NULL */

    LocalRefs locals;
    void *jni_check; /* -Xcheck:jni's state (jni_check.c): NULL until its first checked call */
    HeapTlab tlab;
    int64_t defined_classes; /* classes this thread defined (thread dumps' -e); own writes only */
    ThreadContention contention;
    bool counted; /* included in ThreadCounts (thread.c) */

    /* Blocking: park permit, sleep and wait. `lock`/`cond` guard park/sleep/interrupt. */
    OsMutex lock;
    OsCond cond;
    bool park_permit;
    bool interrupt_pending; /* wakes a blocked thread; the Java field is the truth */
    Monitor *waiting_on;    /* monitor this thread waits on (Object.wait) */
    Monitor *blocked_on;    /* monitor this thread is trying to enter */
    struct Thread *wait_next; /* wait-set link (monitor.c) */
    bool notified;

    /* Suspension (JVMTI SuspendThread, Thread.suspend): 1 while suspended, 0 otherwise
     * (suspension does not nest). Set at a safepoint or by the thread itself, cleared
     * under `lock`; a suspended thread waits on `cond` when it next tries to run Java. */
    _Atomic int suspend_count;
    /* Set by the thread itself once it ran its last Java code (before JVMTI ThreadEnd):
     * from then on it never waits for a suspension to end (it may still be suspended, as
     * on HotSpot, where an exiting thread ignores suspension), so a debugger that
     * suspends it during ThreadEnd and forgets it when it ends cannot hang the exit. */
    _Atomic bool exiting;
    /* A tool's hold (NCAI suspension of a thread blocked in the VM, src/ncai): while set,
     * the thread stays as if suspended (thread_must_stay_suspended), but waits in
     * thread_hold_hook instead of on `cond`. Set by the tool while the thread is safe,
     * cleared by the tool, which then wakes it its own way. */
    _Atomic bool tool_hold;

    /* Asynchronous exception (Thread.stop, JVMTI StopThread) waiting to be thrown at the
     * thread's next interpreter poll or native-method return; written under `lock` by
     * thread_post_async_exception, taken by the thread itself. A collector root.
     * async_closed: the thread is past the point where it runs Java code for itself. */
    Object *async_exception;
    bool async_closed;

    /* JVMTI PopFrame and ForceEarlyReturn (src/jvmti/framecontrol.c). jvmti_stop_frame:
     * set by the thread itself (interp.c) while it is stopped where such a request can be
     * carried out — in a JVMTI callback for a location, a field access or a method entry,
     * or at an interpreter poll — to its top frame, NULL otherwise. A request is written
     * while the thread is suspended (or by the thread itself) and carried out, for
     * jvmti_request_frame only, when it goes on: jvmti_frame_request (a
     * ThreadFrameRequest), the value to return (objects as a JNI global reference,
     * jvmti_return_ref, deleted when taken). */
    /* JVMTI heap sampling (src/jvmti/heapsampling.c): the allocations chosen as samples
     * (jvmti_samples_n of them, in allocation order; malloc'd, freed at exit), posted
     * (SampledObjectAlloc) by the thread at its next posting point; collector roots
     * meanwhile. jvmti_sampling_off: inside a SampledObjectAlloc callback, whose own
     * allocations are not sampled. jvmti_in_vm_object_alloc: inside a VMObjectAlloc
     * callback, whose own VM allocations are not reported (src/jvmti/events.c). */
    Object **jvmti_samples;
    uint8_t *jvmti_sample_kinds; /* per queued object: heapsampling.c's SAMPLE_* bits */
    uint32_t jvmti_samples_n, jvmti_samples_cap;
    bool jvmti_sampling_off;
    bool jvmti_in_vm_object_alloc;

    Frame *jvmti_stop_frame;
    Frame *jvmti_request_frame;
    uint8_t jvmti_frame_request;
    Slot jvmti_return_value;
    void *jvmti_return_ref;

    /* JVMTI exception state (HotSpot's JvmtiThreadState exception state), kept by the
     * interpreter's exception path while Exception or ExceptionCatch events are wanted:
     * DETECTED once an Exception event has been considered for the exception being
     * thrown (it is not sent again for the frames it unwinds), CAUGHT when a handler took
     * it (or JNI ExceptionClear dropped it). jvmti_exc_object is the exception DETECTED
     * refers to (a collector root, so its address is not reused): another exception
     * thrown while the state is DETECTED (the VM consumed the first one) is a new throw. */
    uint8_t jvmti_exc_state;
    Object *jvmti_exc_object;

    /* Monitors held (entered and not yet fully exited, thin or inflated), kept by
     * monitor.c so that thread exit finds leaked ones only when there are any. */
    int monitor_count;
    /* heap_gc_disable nesting on this thread (heap.h). */
    int gc_disable_depth;
    /* Monitors entered through JNI MonitorEnter and not yet exited, one element per
     * entry, oldest first (monitor.c; JVMTI reports them at stack depth -1). Only the
     * thread itself changes the array; a collector root. */
    Object **jni_monitors;
    int jni_monitor_count, jni_monitor_cap;

    /* Interpreter state. dispatch: the dispatch table this thread runs with, plain or
     * instrumented; interp_tool: the tool-mode bits it runs with (INTERP_TOOL_*, the
     * global ones and interp_tool_own, its own); interp_poll_word: the word its
     * interpreter polls, vm_interp_poll or, after a switch of its table, a word that is
     * always set, so that it picks the new table up at its next poll (interp.c). */
    const void *const *dispatch;
    const _Atomic int *interp_poll_word;
    uint8_t interp_tool;
    uint8_t interp_tool_own;
    int c_depth;                 /* nesting of interpreter entries on the C stack */
    /* Constant-pool resolutions in progress on this thread (resolve.c): while nonzero the
     * thread may hold an old version's pool across a redefinition, which keeps old
     * versions from being freed (redefine.c). */
    uint32_t resolving;
    uint64_t hash_seed;          /* identity hash generator state */
    void *jvmti_state;           /* reserved for the tool interfaces */
    void *tool_state;            /* reserved for the tool layered on JVMTI (jvmti_tool.h) */

    /* Agent threads (thread_start_native): what the thread runs instead of run(). */
    void (*native_entry)(Thread *self, void *arg);
    void *native_arg;

    struct Thread *next; /* all-threads list (thread.c) */
    struct Thread *prev;
};

enum { THREAD_EXC_CLEARED = 0, THREAD_EXC_DETECTED, THREAD_EXC_CAUGHT };

/* The current thread, or NULL if the OS thread is not attached. */
Thread *thread_current(void);
/* The same, async-signal-safe (for signal handlers: AsyncGetCallTrace): never allocates,
 * takes no lock; NULL also once the thread is detaching (its record may be freed
 * meanwhile). Slower than thread_current (a call into the C library). */
Thread *thread_current_async(void);
static inline Thread *thread_from_env(JNIEnv *env) { return (Thread *)env; }
static inline JNIEnv *thread_env(Thread *t) { return (JNIEnv *)&t->jni; }

/*
 * Boot: set up the thread system and attach the calling (launcher's main) thread, with a
 * Java stack of java_stack_bytes (0 = thread_default_stack_size, itself -Xss when given).
 * No java.lang.Thread yet (see thread_create_jthread). Returns with the thread in TS_JAVA:
 * the boot code runs VM code next and must switch to TS_NATIVE before JNI_CreateJavaVM
 * returns to the launcher.
 */
Thread *thread_init_main(size_t java_stack_bytes);

/*
 * Creates t's java.lang.Thread the way HotSpot does for the main and attached threads:
 * allocates it; sets eetop = t, priority = 5, threadStatus = RUNNABLE and t->jthread
 * *before* running the constructor (which calls currentThread() and reads the priority);
 * runs Thread(ThreadGroup, String), or Thread(ThreadGroup, Runnable) with a null Runnable
 * when name is NULL (the Java code then names it "Thread-N"); sets `daemon`; then, if
 * add_to_group, calls group.add(thread). The main thread passes add_to_group = false
 * (System.initPhase1 adds it). The main thread's group becomes the default group of
 * thread_attach. t must be the current thread, in TS_JAVA. Returns false with an
 * exception pending (t->jthread is then NULL again).
 */
bool thread_create_jthread(Thread *t, Object *group, const char *name, bool daemon,
                           bool add_to_group);

/*
 * Attaches the current OS thread (JNI AttachCurrentThread, agent threads). Creates the
 * java.lang.Thread object when the VM is far enough booted (`name`, `group` may be NULL:
 * HotSpot's "Thread-N" name, the main thread group). An already attached thread gets its
 * existing record (in whatever state it is). A new record is returned in TS_JAVA, like
 * thread_init_main: the JNI layer switches it to TS_NATIVE before returning to native
 * code. NULL with a message on stderr on failure.
 */
Thread *thread_attach(const char *name, Object *group, bool daemon);
/*
 * Detaches the current thread t (any state): dispatches a pending exception to the
 * uncaught-exception handler, Thread.exit(), releases the monitors t still holds,
 * TERMINATED and eetop = 0 with notifyAll on the Thread object, then unregisters. The
 * record is freed at the next safepoint end; t must not be used afterwards.
 */
void thread_detach(Thread *t);

/*
 * Starts a new OS thread for java.lang.Thread `jthread` (JVM_StartThread): the new thread
 * runs jthread.run(), dispatches an uncaught exception, then detaches. Throws
 * OutOfMemoryError("unable to create native thread") if the OS refuses.
 */
bool thread_start(Thread *t, Object *jthread, size_t stack_size);

/*
 * Starts an agent thread (JVMTI RunAgentThread; needed by jvmti) for the java.lang.Thread
 * `jthread`, which must not be alive: the same registration, start and exit paths as
 * thread_start (so the same ThreadStart/ThreadEnd events), except that the new thread
 * calls entry(itself, arg) in TS_NATIVE instead of jthread.run(), then detaches. The
 * caller sets jthread's daemon and priority fields first. Errors as thread_start.
 */
bool thread_start_native(Thread *t, Object *jthread, size_t stack_size,
                         void (*entry)(Thread *self, void *arg), void *arg);

/* The VM record of a java.lang.Thread (via eetop), or NULL if not alive. The pointer
 * stays valid while the caller remains in TS_JAVA without passing a safepoint poll:
 * records of exited threads are freed only at the end of a safepoint. */
Thread *thread_from_jthread(Object *jthread);

/* The live thread with thin-lock index `index`, or NULL (monitor.c). Same validity rule
 * as thread_from_jthread. */
Thread *thread_from_index(uint32_t index);

/* Number of live non-daemon threads; DestroyJavaVM waits for it to reach 1 (itself). */
int thread_non_daemon_count(void);
void thread_wait_for_non_daemons(Thread *self);

/* Iteration; the list lock is held across the callback, which must not block, take a
 * Thread.lock, or change thread states. */
void thread_for_each(void (*fn)(Thread *t, void *arg), void *arg);
/* The same walk without threads_lock, for a fatal-error report (src/jvm/errorreport.c),
 * which may run on a thread that holds it: a thread starting or ending meanwhile may be
 * missed, and its links read half-updated (the report's steps survive faults). */
void thread_for_each_unlocked(void (*fn)(Thread *t, void *arg), void *arg);
/* The threads that have a java.lang.Thread, oldest first (HotSpot's ThreadsList order,
 * which thread dumps, VM.info and ThreadMXBean report in); with counted_only, only those
 * ThreadCounts counts (started, not yet exiting). A malloc'd array of *n threads, NULL
 * if memory ran out. The records stay valid while the caller keeps the world stopped. */
Thread **thread_java_threads(bool counted_only, int *n);

/* ---- states and safepoints ---- */

extern _Atomic int vm_safepoint_pending;

/* Light transitions (the JVMTI event callbacks, src/jvmti/events.h): while
 * thread_light_transitions is true (set once at start-up), a thread may go between
 * TS_JAVA and TS_NATIVE with a plain store and a compiler barrier before it reads
 * vm_safepoint_pending, because the safepoint initiator runs os_membarrier between
 * raising the flag and reading the states (the asymmetric Dekker of HotSpot's
 * -XX:+UseSystemMemoryBarrier). A thread that became safe so and finds the flag raised
 * calls thread_notify_safepoint; one that went back to TS_JAVA so and finds it raised
 * goes back to its safe state and takes thread_leave_safe's way. */
extern bool thread_light_transitions;
void thread_notify_safepoint(void);
/* thread_enter_safe_at(t, TS_NATIVE, NULL) by a light transition (the caller has saved
 * its registers into t->regs); only while thread_light_transitions. */
void thread_enter_native_light(Thread *t);

/* Slow path of thread_poll. */
void thread_block_for_safepoint(Thread *t);

/*
 * The interpreter's poll word: nonzero while a safepoint is pending (THREAD_POLL_SAFEPOINT,
 * mirroring vm_safepoint_pending) or while some thread has an asynchronous exception to
 * take (THREAD_POLL_ASYNC). The interpreter loads only this word at its poll points
 * (backward branches, method entry), so neither costs anything while clear; its slow path
 * is thread_interp_poll.
 */
enum { THREAD_POLL_SAFEPOINT = 1, THREAD_POLL_ASYNC = 2 };
extern _Atomic int vm_interp_poll;
/* Interpreter slow path, t in TS_JAVA with its frame synced: stops for a safepoint if one
 * is pending, then takes t's asynchronous exception if it has one. Returns true when an
 * exception is now pending on t (the interpreter unwinds to its handler). */
bool thread_interp_poll(Thread *t);

/*
 * Asynchronous exceptions (JVMS 2.10 / Thread.stop, JVMTI StopThread). Posts x (a
 * Throwable) to target, another live thread or the caller itself, as HotSpot does: an
 * installed ThreadDeath is never replaced, and the target is interrupted so that sleep,
 * wait and park return. The target throws x at its next interpreter poll or when its
 * current native method returns (replacing a pending exception other than ThreadDeath).
 * Returns false if target no longer runs Java code for itself (it is exiting). Caller in
 * TS_JAVA; target must be valid (found since the caller's last poll).
 */
bool thread_post_async_exception(Thread *target, Object *x);
/* The current thread t takes its asynchronous exception, if any, as pending exception.
 * Returns true when an exception is pending afterwards because of it. */
bool thread_take_async_exception(Thread *t);
/* Called by running Java/VM code at poll points. */
static inline void thread_poll(Thread *t)
{
    if (unlikely(atomic_load_explicit(&vm_safepoint_pending, memory_order_acquire)))
        thread_block_for_safepoint(t);
}

/*
 * TS_JAVA -> TS_NATIVE/TS_BLOCKED. The caller has spilled its callee-saved registers into
 * t->regs (os_save_regs, in its own frame); thread_enter_safe_at records as safe_sp the
 * lower of `sp` and its own frame, so the caller's whole frame, including its locals
 * and register pushes below its frame pointer, is scanned. sp may be NULL.
 *
 * While safe a thread must not create or load Object* values it relies on later: the
 * collector may run at any moment and sees only what was in the caller's frames and
 * registers at the transition. Never become safe while holding a lock that a thread in
 * TS_JAVA may wait for without becoming safe itself (the collector would wait forever for
 * that thread); short leaf locks held only in TS_JAVA are fine.
 */
void thread_enter_safe_at(Thread *t, int state, void *sp);
#define thread_enter_safe(t, st)                                                            \
    do {                                                                                    \
        os_save_regs((t)->regs);                                                            \
        thread_enter_safe_at((t), (st), NULL);                                              \
    } while (0)
/* Back to TS_JAVA from TS_NATIVE/TS_BLOCKED/TS_NEW; blocks while a safepoint is in
 * progress (unless t is that safepoint's initiator). */
void thread_leave_safe(Thread *t);
/* As thread_leave_safe, but a suspended thread goes on: for a native method's calls into
 * the VM (JNI and JVMTI functions), which a suspended thread may make, as on HotSpot (an
 * agent's event callback calls JVMTI after the debugger suspended its thread). The
 * thread must not run Java code before thread_check_suspended. */
void thread_leave_safe_for_vm(Thread *t);
/*
 * As thread_leave_safe, for a thread that took something while it was safe (a monitor,
 * a VM mutex) and must not keep it while suspended, or it could hold it hostage against
 * the thread that is to resume it (HotSpot's ExitOnSuspend). If t is suspended when it
 * would return to TS_JAVA, release(t, arg) gives the thing back (t still safe), t waits
 * until it is resumed, and the result is false: t is still in its safe state, and takes
 * the thing again before calling this again. True: t is in TS_JAVA and keeps what it
 * took; nobody can suspend it before its next poll.
 */
bool thread_leave_safe_or_release(Thread *t, void (*release)(Thread *t, void *arg), void *arg);
/* Is t suspended and bound to wait for its resumption before it runs Java code or takes
 * a monitor? (Not a thread past its last Java code, Thread.exiting.) A tool's hold
 * (Thread.tool_hold) counts as a suspension. */
bool thread_must_stay_suspended(Thread *t);
/* Where a thread held by a tool waits (it is in a safe state, holding no VM lock): set
 * once by the tool; returns when the tool releases the hold. */
extern void (*_Atomic thread_hold_hook)(Thread *t);
/* In TS_JAVA, about to run Java code (a JNI call of a Java method, the return from an
 * event callback): waits while t is suspended. */
void thread_check_suspended(Thread *t);
/* The current thread t, in any state, waits while it is suspended (JVMTI RawMonitorEnter,
 * as HotSpot: a suspended thread's native code does not enter a raw monitor, which is
 * where an agent's event thread, suspended by its debugger, stops). */
void thread_wait_while_suspended(Thread *t);

/* Acquires a VM mutex that another thread may hold across an allocation (and hence a
 * collection): if it is taken, waits in TS_BLOCKED so a safepoint can proceed meanwhile.
 * A thread suspended while it waits does not hold m while it waits to be resumed; one
 * already suspended (VM code for a native caller, thread_leave_safe_for_vm) goes on. No
 * thread holds m while it waits out a safepoint (threads in TS_JAVA may block on m with
 * a plain os_mutex_lock). t must be in TS_JAVA (or NULL during early boot). */
void thread_lock_safe(Thread *t, OsMutex *m);
/* Waits on a condition variable with m held, safe for the collector meanwhile (and not
 * holding m while it waits for a safepoint to end or for its resumption). */
void thread_cond_wait_safe(Thread *t, OsCond *c, OsMutex *m);

/* Stops all other threads at safepoints (they are safe or blocked in thread_poll). Only one
 * safepoint at a time; nested calls from the initiator are not allowed. `op` names the
 * operation for -Xlog:safepoint (thread_safepoint_begin: the calling C function). */
void thread_safepoint_begin_op(Thread *self, const char *op);
#define thread_safepoint_begin(self) thread_safepoint_begin_op(self, __func__)
void thread_safepoint_end(Thread *self);
/* Safepoints so far (java.lang.management's HotspotRuntime, perf counters): how many, the
 * time spent bringing the other threads to a stop, and the whole time from the request to
 * the end (stopping included), in ns. Read racily. */
typedef struct SafepointStats {
    int64_t count, sync_ns, total_ns;
} SafepointStats;
void thread_safepoint_stats(SafepointStats *out);
/* Is self the initiator of the safepoint in progress (the world is stopped for it)? */
bool thread_is_safepoint_initiator(const Thread *self);

/*
 * Suspension (JVMTI SuspendThread/ResumeThread, Thread.suspend/resume). A suspended thread
 * runs no Java code and no VM code in TS_JAVA: it stays in its safe state and, if it was
 * running Java, stops at its next poll; native code keeps running until it calls back
 * into the VM (thread_leave_safe waits while the thread is suspended). So its frames do
 * not change while it is suspended and other threads may read and write them. A thread
 * never takes a monitor or VM mutex while suspended: one it got while blocked is given
 * back before it waits for its resumption (thread_leave_safe_or_release), so that the
 * thread that is to resume it never waits for it.
 *
 * thread_suspend_other: suspends the thread of java.lang.Thread `jthread` (not self's):
 * marks it at a safepoint, so that when this returns it runs no Java code. self in
 * TS_JAVA, not inside a safepoint of its own.
 * thread_suspend_self: marks self suspended (false if it already was) and blocks until
 * another thread resumes it. self in TS_JAVA.
 * thread_resume: clears the mark and wakes target; false if it was not suspended.
 */
/* Thread.jvmti_frame_request */
typedef enum { THREAD_FRAME_NONE, THREAD_FRAME_POP, THREAD_FRAME_RETURN } ThreadFrameRequest;

typedef enum { THREAD_SUSPENDED_NOW, THREAD_ALREADY_SUSPENDED, THREAD_NOT_RUNNING } ThreadSuspendResult;
ThreadSuspendResult thread_suspend_other(Thread *self, Object *jthread);
bool thread_suspend_self(Thread *self);
bool thread_resume(Thread *target);
static inline bool thread_is_suspended(const Thread *t)
{
    return atomic_load_explicit(&((Thread *)t)->suspend_count, memory_order_acquire) > 0;
}

/*
 * A window of a thread's C stack, [lo, hi), that holds no reference the collector must
 * see: the frames of the VM's JNI call (native_invoke) while the native method runs hold
 * only JNI handles, primitives and words earlier, deeper calls left in slots this call
 * never wrote (ASan's redzones, padding, unused spill slots). Such a stale word would keep
 * a dead object alive for as long as the native runs (System.gc() is one: GcDeadLocals).
 * The owner pushes a window (in one of its own frames) before it becomes safe and pops it
 * after it is back in TS_JAVA, so a collector that sees the thread stopped or safe sees a
 * consistent list. The pusher's callee-saved registers, which hold its callers' values,
 * must lie outside the window (native.c: the frame of a __builtin_unwind_init wrapper).
 */
typedef struct ThreadStackWindow {
    void *lo, *hi;
    struct ThreadStackWindow *prev; /* the next window up the stack */
} ThreadStackWindow;

static inline void thread_push_stack_window(Thread *t, ThreadStackWindow *w, void *lo, void *hi)
{
    w->lo = lo;
    w->hi = hi;
    w->prev = t->stack_windows;
    t->stack_windows = w;
}

static inline void thread_pop_stack_window(Thread *t, ThreadStackWindow *w)
{
    t->stack_windows = w->prev;
}

/* Scans [lo, hi) of t's C stack conservatively (gc_scan_conservative), except its
 * windows. For the collector and the heap-dump roots of a stopped or safe thread, or
 * for the calling thread itself. */
void thread_scan_c_stack(RootVisitor *v, const Thread *t, const void *lo, const void *hi);

/* Reports every thread's roots to the collector: java.lang.Thread, pending exception,
 * JNI locals (exact), Java frames (by their maps, oopmap_visit_stack; dead reference
 * locals are cleared) and C stacks (conservative). At a safepoint, collector only. */
void thread_visit_roots(RootVisitor *v);

/* ---- blocking primitives used by the VM (all handle TS_BLOCKED and interrupts) ---- */

/* Thread.sleep: returns false with InterruptedException pending if interrupted. */
bool thread_sleep(Thread *t, int64_t millis);

/*
 * Blocks the current thread t until *done is true (done NULL: never), t is interrupted,
 * or the os_nanotime() `deadline` passes (INT64_MAX: none). Wakers set *done under
 * t->lock and broadcast t->cond; interrupts wake it the same way. A thread in TS_JAVA
 * waits in TS_BLOCKED (the collector may run) and returns in TS_JAVA; one in TS_NATIVE
 * stays there. Returns true if an interrupt ended the wait (the interrupt status is left
 * set). Used by Thread.sleep and JVMTI RawMonitorWait.
 */
bool thread_block_interruptibly(Thread *t, const bool *done, int64_t deadline);
/* Unsafe.park / unpark. */
void thread_park(Thread *t, bool absolute, int64_t time);
void thread_unpark(Thread *target);
/* Thread.interrupt0: sets the wake flag and wakes sleep/wait/park. The Java field
 * Thread.interrupted is set by Java before this is called. */
void thread_interrupt(Thread *target);
/* Reads and optionally clears java.lang.Thread.interrupted of t. */
bool thread_is_interrupted(Thread *t, bool clear);

/* Updates java.lang.Thread.threadStatus of t (JTS_*). */
void thread_set_java_status(Thread *t, int jts);

/* Java stack size used for threads that do not ask for one (-Xss); 0 = built-in default
 * (2 MiB). */
extern size_t thread_default_stack_size;

#endif
