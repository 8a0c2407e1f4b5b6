// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * rawmonitor.c — JVMTI raw monitors (spec category "Raw Monitor"): CreateRawMonitor,
 * DestroyRawMonitor, RawMonitorEnter/Exit/Wait/Notify/NotifyAll, and the validity check
 * behind JVMTI_ERROR_INVALID_MONITOR.
 *
 * A raw monitor is a reentrant lock with a wait set, independent of Java objects. It is
 * usable in every phase and by any thread, attached or not (the OnLoad phase has no
 * attached thread at all), so the owner is identified by the kernel thread id, which
 * stays the same when the OnLoad thread later becomes "main".
 *
 * Blocking: agent code calls in TS_NATIVE, which is safe for the collector; a caller
 * that is in TS_JAVA (VM code) blocks through thread_lock_safe/thread_cond_wait_safe so
 * that a safepoint can proceed meanwhile.
 *
 * RawMonitorWait of an attached thread sleeps on the thread's own lock and condition,
 * the ones Thread.interrupt signals (thread_interrupt), so an interrupt ends the wait
 * with JVMTI_ERROR_INTERRUPT and clears the interrupt status, as HotSpot does. An
 * unattached thread cannot be interrupted and sleeps on a condition of its own.
 *
 * Lock order: a monitor's `lock`, then a waiting thread's Thread.lock. The validity
 * registry (a hash set of live monitors under reg_lock) is a leaf. Destroyed monitors
 * are freed: a destroyed jrawMonitorID is then unknown to the registry and refused.
 */
#include <stdlib.h>
#include <string.h>

#include "../vm/thread.h"
#include "gen/jvmti_impl.h"
#include "jvmti_int.h"

typedef struct Waiter {
    struct Waiter *next;
    Thread *t;      /* attached: sleeps on t->cond under t->lock; else NULL */
    OsMutex lock;   /* unattached threads only */
    OsCond cond;
    bool notified;
} Waiter;

struct JvmtiRawMonitor {
    char *name;
    OsMutex lock;     /* guards everything below */
    OsCond released;  /* signalled when the monitor becomes free */
    int64_t owner;    /* kernel tid of the owner, 0 = free */
    int recursions;   /* entries beyond the first */
    Waiter *waiters;  /* wait set, FIFO */
};

/* ---- registry ---- */

static OsMutex reg_lock;
static JvmtiRawMonitor **reg;  /* open addressing; TOMBSTONE marks deleted slots */
static size_t reg_cap, reg_used; /* used counts live entries and tombstones */
#define TOMBSTONE ((JvmtiRawMonitor *)1)

void jvmti_raw_monitor_init(void) { os_mutex_init(&reg_lock); }

static size_t reg_hash(const void *p)
{
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 31;
    x *= 0x9e3779b97f4a7c15ull;
    return (size_t)(x >> 17);
}

static void reg_put(JvmtiRawMonitor *m);

static void reg_grow(void)
{
    JvmtiRawMonitor **old = reg;
    size_t old_cap = reg_cap;
    reg_cap = reg_cap ? reg_cap * 2 : 64;
    reg = vm_calloc(reg_cap, sizeof *reg);
    reg_used = 0;
    for (size_t i = 0; i < old_cap; i++)
        if (old[i] != NULL && old[i] != TOMBSTONE) reg_put(old[i]);
    free(old);
}

static void reg_put(JvmtiRawMonitor *m)
{
    if ((reg_used + 1) * 2 > reg_cap) reg_grow();
    for (size_t i = reg_hash(m) & (reg_cap - 1);; i = (i + 1) & (reg_cap - 1)) {
        if (reg[i] == NULL) {
            reg[i] = m;
            reg_used++;
            return;
        }
    }
}

/* Under reg_lock: the slot holding m, or NULL. */
static JvmtiRawMonitor **reg_find(const void *m)
{
    if (reg_cap == 0) return NULL;
    for (size_t i = reg_hash(m) & (reg_cap - 1);; i = (i + 1) & (reg_cap - 1)) {
        if (reg[i] == NULL) return NULL;
        if (reg[i] == m) return &reg[i];
    }
}

JvmtiRawMonitor *jvmti_raw_monitor_check(jrawMonitorID id)
{
    if (id == NULL) return NULL;
    os_mutex_lock(&reg_lock);
    JvmtiRawMonitor **slot = reg_find(id);
    os_mutex_unlock(&reg_lock);
    return slot ? *slot : NULL;
}

/* ---- the monitor ---- */

static int64_t self_id(void) { return os_thread_id(); }

/* Acquires m->lock, safely for the collector if t is in TS_JAVA. */
static void lock_monitor(Thread *t, JvmtiRawMonitor *m) { thread_lock_safe(t, &m->lock); }

/*
 * Under m->lock: waits until m is free and takes it with `recursions`. A suspended
 * thread does not take a raw monitor (HotSpot's rule, which the JDK's JDWP agent relies
 * on: its event thread, suspended by the debugger, waits here to run invoke requests),
 * neither on entry nor when it wakes up blocked or re-entering after RawMonitorWait: it
 * waits for its resumption without m->lock, passing on the wake-up it may have consumed
 * (an exit signals one waiter). A suspended thread that took the monitor would hold it
 * hostage against the thread that is to resume it. t: NULL for an unattached thread,
 * which cannot be suspended. A native thread suspended just after the test below has
 * taken the monitor before its suspension, which HotSpot allows too.
 */
static void acquire_locked(Thread *t, JvmtiRawMonitor *m, int64_t me, int recursions)
{
    for (;;) {
        if (t != NULL && thread_must_stay_suspended(t)) {
            if (m->owner == 0) os_cond_signal(&m->released);
            os_mutex_unlock(&m->lock);
            thread_wait_while_suspended(t);
            lock_monitor(t, m);
            continue;
        }
        if (m->owner == 0) break;
        thread_cond_wait_safe(t, &m->released, &m->lock);
    }
    m->owner = me;
    m->recursions = recursions;
}

/* JVMTI: CreateRawMonitor */
jvmtiError jvmti_CreateRawMonitor(JvmtiEnv *env, Thread *self, const char *name, jrawMonitorID *monitor_ptr)
{
    JvmtiRawMonitor *m = calloc(1, sizeof *m);
    char *copy = m ? strdup(name) : NULL;
    if (copy == NULL) {
        free(m);
        return JVMTI_ERROR_OUT_OF_MEMORY;
    }
    m->name = copy;
    os_mutex_init(&m->lock);
    os_cond_init(&m->released);
    os_mutex_lock(&reg_lock);
    reg_put(m);
    os_mutex_unlock(&reg_lock);
    *monitor_ptr = (jrawMonitorID)m;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: DestroyRawMonitor. A monitor the caller holds is exited first; one held by
 * another thread is not destroyed (NOT_MONITOR_OWNER). */
jvmtiError jvmti_DestroyRawMonitor(JvmtiEnv *env, Thread *self, JvmtiRawMonitor *monitor)
{
    int64_t me = self_id();
    os_mutex_lock(&reg_lock);
    JvmtiRawMonitor **slot = reg_find(monitor);
    if (slot == NULL) { /* destroyed meanwhile by another thread */
        os_mutex_unlock(&reg_lock);
        return JVMTI_ERROR_INVALID_MONITOR;
    }
    os_mutex_lock(&monitor->lock);
    if (monitor->owner != 0 && monitor->owner != me) {
        os_mutex_unlock(&monitor->lock);
        os_mutex_unlock(&reg_lock);
        return JVMTI_ERROR_NOT_MONITOR_OWNER;
    }
    *slot = TOMBSTONE;
    os_mutex_unlock(&monitor->lock);
    os_mutex_unlock(&reg_lock);
    os_cond_destroy(&monitor->released);
    os_mutex_destroy(&monitor->lock);
    free(monitor->name);
    free(monitor);
    return JVMTI_ERROR_NONE;
}

/* JVMTI: RawMonitorEnter */
jvmtiError jvmti_RawMonitorEnter(JvmtiEnv *env, Thread *self, JvmtiRawMonitor *monitor)
{
    /* A suspended owner enters again, as on HotSpot; any other suspended thread waits
     * in acquire_locked. */
    int64_t me = self_id();
    lock_monitor(self, monitor);
    if (monitor->owner == me)
        monitor->recursions++;
    else
        acquire_locked(self, monitor, me, 0);
    os_mutex_unlock(&monitor->lock);
    return JVMTI_ERROR_NONE;
}

/* JVMTI: RawMonitorExit */
jvmtiError jvmti_RawMonitorExit(JvmtiEnv *env, Thread *self, JvmtiRawMonitor *monitor)
{
    int64_t me = self_id();
    lock_monitor(self, monitor);
    if (monitor->owner != me) {
        os_mutex_unlock(&monitor->lock);
        return JVMTI_ERROR_NOT_MONITOR_OWNER;
    }
    if (monitor->recursions > 0) {
        monitor->recursions--;
    } else {
        monitor->owner = 0;
        os_cond_signal(&monitor->released);
    }
    os_mutex_unlock(&monitor->lock);
    return JVMTI_ERROR_NONE;
}

/* Wakes one waiter taken off the wait set; under the monitor's lock. */
static void wake(Waiter *w)
{
    OsMutex *l = w->t ? &w->t->lock : &w->lock;
    OsCond *c = w->t ? &w->t->cond : &w->cond;
    os_mutex_lock(l);
    w->notified = true;
    os_cond_broadcast(c);
    os_mutex_unlock(l);
}

/* Sleeps until notified, interrupted or past `deadline` (INT64_MAX = none). Returns true
 * if interrupted. Not holding the monitor's lock. */
static bool sleep_waiter(Waiter *w, int64_t deadline)
{
    Thread *t = w->t;
    if (t == NULL) {
        os_mutex_lock(&w->lock);
        while (!w->notified)
            if (!os_cond_wait_until(&w->cond, &w->lock, deadline)) break;
        os_mutex_unlock(&w->lock);
        return false;
    }
    return thread_block_interruptibly(t, &w->notified, deadline);
}

/* JVMTI: RawMonitorWait. millis <= 0 waits until notified. */
jvmtiError jvmti_RawMonitorWait(JvmtiEnv *env, Thread *self, JvmtiRawMonitor *monitor, jlong millis)
{
    int64_t me = self_id();
    lock_monitor(self, monitor);
    if (monitor->owner != me) {
        os_mutex_unlock(&monitor->lock);
        return JVMTI_ERROR_NOT_MONITOR_OWNER;
    }
    if (self != NULL && thread_is_interrupted(self, true)) {
        os_mutex_unlock(&monitor->lock);
        return JVMTI_ERROR_INTERRUPT;
    }
    Waiter w = {.t = self};
    if (self == NULL) {
        os_mutex_init(&w.lock);
        os_cond_init(&w.cond);
    }
    Waiter **tail = &monitor->waiters;
    while (*tail) tail = &(*tail)->next;
    *tail = &w;
    int saved = monitor->recursions;
    monitor->owner = 0;
    monitor->recursions = 0;
    os_cond_signal(&monitor->released);
    os_mutex_unlock(&monitor->lock);

    int64_t deadline = INT64_MAX;
    if (millis > 0) {
        int64_t now = os_nanotime();
        deadline = millis > (INT64_MAX - now) / 1000000 ? INT64_MAX : now + millis * 1000000;
    }
    bool interrupted = sleep_waiter(&w, deadline);

    lock_monitor(self, monitor);
    /* Timed out or interrupted: still in the wait set. */
    for (Waiter **p = &monitor->waiters; *p; p = &(*p)->next) {
        if (*p == &w) {
            *p = w.next;
            break;
        }
    }
    acquire_locked(self, monitor, me, saved);
    os_mutex_unlock(&monitor->lock);
    if (self == NULL) {
        os_cond_destroy(&w.cond);
        os_mutex_destroy(&w.lock);
    }
    if (interrupted && thread_is_interrupted(self, true)) return JVMTI_ERROR_INTERRUPT;
    return JVMTI_ERROR_NONE;
}

static jvmtiError notify(Thread *self, JvmtiRawMonitor *monitor, bool all)
{
    lock_monitor(self, monitor);
    if (monitor->owner != self_id()) {
        os_mutex_unlock(&monitor->lock);
        return JVMTI_ERROR_NOT_MONITOR_OWNER;
    }
    do {
        Waiter *w = monitor->waiters;
        if (w == NULL) break;
        monitor->waiters = w->next;
        wake(w);
    } while (all);
    os_mutex_unlock(&monitor->lock);
    return JVMTI_ERROR_NONE;
}

/* JVMTI: RawMonitorNotify */
jvmtiError jvmti_RawMonitorNotify(JvmtiEnv *env, Thread *self, JvmtiRawMonitor *monitor)
{
    return notify(self, monitor, false);
}

/* JVMTI: RawMonitorNotifyAll */
jvmtiError jvmti_RawMonitorNotifyAll(JvmtiEnv *env, Thread *self, JvmtiRawMonitor *monitor)
{
    return notify(self, monitor, true);
}
