// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * monitor.c — Java object monitors: thin locks in the object header, inflated to a
 * Monitor on contention, Object.wait/notify, and release at thread exit (monitor.h).
 *
 * THE LOCK WORD (Object.lock)
 *   0                        unlocked
 *   idx << 16 | rec << 1     thin: owned by the thread with index idx (>= 1), held
 *                            rec + 1 times (rec <= THIN_REC_MAX)
 *   (monitor index << 1) | 1 inflated
 *
 * Thin-lock rules. Only the owner changes a thin word (acquire 0 -> mine, recursion
 * +/- 2, release to 0), always by CAS, and the only other writer is the inflating CAS
 * that replaces a thin or zero word by an inflated one. So when the owner's CAS fails,
 * the word has been inflated and the owner continues on the inflated path; the Monitor
 * carries the owner and count the thin word had. Recursion past THIN_REC_MAX inflates
 * (an int count) rather than wrapping.
 *
 * Inflation. inflate() takes a free Monitor, locks its mutex, and CASes the word; on
 * success it fills in owner and count from the old thin word *while still holding the
 * mutex*, so whoever reads the fresh monitor (under its mutex) sees them. The owner
 * cannot release or die meanwhile: both paths need that mutex. An inflated word never
 * goes back to thin (no deflation).
 *
 * The monitor table maps an index to its Monitor: chunks of MON_CHUNK pointers below a
 * fixed directory, so readers index it without locks while it grows. A Monitor keeps
 * its index for life; freed monitors go onto a free list (table_lock) for reuse.
 * Monitors are freed by the collector's weak processing when their object is dead and
 * nobody owns, enters or waits on them; the dead object's lock word is reset to 0 so
 * even a resurrected (finalizable) object can never reach a recycled monitor.
 *
 * Inflated monitors. `lock` guards owner, count, the entry count and the wait set. It
 * is a leaf lock held for a few instructions, except that a thread may become safe
 * (TS_BLOCKED) while holding it, just before waiting on a condition variable. It is
 * never held while waiting for a safepoint: blocked threads take ownership while still
 * TS_BLOCKED, drop the mutex, and only then return to TS_JAVA (thread_leave_safe).
 *
 * Suspension (JVMTI SuspendThread, Thread.suspend). A thread suspended while it blocks
 * entering (or re-entering after wait) never keeps the monitor: if it is suspended when
 * it would return to TS_JAVA, it gives the monitor back, passes on the exit's wake-up,
 * waits until resumed and contends again (take_contended). Otherwise the thread that is
 * to resume it could block on the monitor forever, and so could everybody else. A thread
 * that owned the monitor before it was suspended keeps it, as on HotSpot.
 *
 * Object.wait: the waiter joins the wait set (FIFO via Thread.wait_next), releases the
 * monitor entirely, and sleeps on its own Thread.cond under Thread.lock (lock order
 * Monitor.lock -> Thread.lock), so notify and Thread.interrupt wake it the same way.
 * notify moves the first waiter out of the set and sets its `notified` flag under both
 * locks; the waiter then re-enters like any contender and restores its recursion count.
 *
 * Bookkeeping for thread exit: Thread.monitor_count counts monitors held (first entry to
 * last exit, inflation and wait do not change it). At exit mon_release_all frees the
 * inflated monitors the thread owns by scanning the table, and only if the count says
 * thin locks are left too (JNI MonitorEnter without MonitorExit) does it scan the heap at
 * a safepoint.
 */
#include "monitor.h"

#include <stdlib.h>
#include <string.h>

#include "../os/os.h"
#include "exception.h"
#include "class.h"
#include "heap.h"
#include "interp.h"
#include "thread.h"
#include "wellknown.h"
#include "../jvmti/jvmti_vm.h" /* monitor events */

#define THIN_OWNER_SHIFT 16
#define THIN_REC_MAX 0x7FFFu
#define THIN_REC_ONE 2u
#define SPIN_LIMIT 64 /* short spin on a contended thin lock before inflating */

#define MON_CHUNK_SHIFT 10
#define MON_CHUNK (1u << MON_CHUNK_SHIFT)
#define MON_DIR_SIZE 32768u /* up to 32M monitors */

struct Monitor {
    OsMutex lock;
    OsCond entry_cond;   /* contenders wait here for owner == NULL */
    Object *obj;         /* weak; NULL while on the free list */
    Thread *owner;
    int count;           /* recursion count while owned (>= 1) */
    int entry_waiters;   /* threads blocked entering (incl. re-entry after wait) */
    Thread *wait_head;   /* wait set, FIFO */
    Thread *wait_tail;
    uint32_t index;
    bool in_use;
    Monitor *free_next;
};

static OsMutex table_lock;
static Monitor **_Atomic mon_dir[MON_DIR_SIZE];
static uint32_t next_index = 1; /* under table_lock; index 0 is never used */
static Monitor *free_list;

static inline Monitor *monitor_at(uint32_t idx)
{
    Monitor **chunk = atomic_load_explicit(&mon_dir[idx >> MON_CHUNK_SHIFT], memory_order_acquire);
    return chunk[idx & (MON_CHUNK - 1)];
}

static inline uint32_t thin_word(const Thread *t) { return t->index << THIN_OWNER_SHIFT; }
static inline bool is_inflated(uint32_t w) { return (w & 1) != 0; }
static inline uint32_t thin_owner(uint32_t w) { return w >> THIN_OWNER_SHIFT; }
static inline uint32_t thin_rec(uint32_t w) { return (w >> 1) & THIN_REC_MAX; }

/* Keeps o in a register or stack slot up to this point, for the conservative scan. */
#define KEEP_ALIVE(o) __asm__ volatile("" : : "g"(o) : "memory")

static void weak_process(void);

void mon_init(void)
{
    os_mutex_init(&table_lock);
    gc_register_weak_processor(weak_process);
}

/* ---------------------------------------------------------------------------------- */
/* The monitor table                                                                  */
/* ---------------------------------------------------------------------------------- */

static Monitor *mon_alloc(Object *o)
{
    os_mutex_lock(&table_lock);
    Monitor *m = free_list;
    if (m != NULL) {
        free_list = m->free_next;
    } else {
        uint32_t idx = next_index;
        if (idx >= MON_DIR_SIZE * MON_CHUNK) panic("monitor table full (%u monitors)", idx);
        Monitor **chunk = atomic_load_explicit(&mon_dir[idx >> MON_CHUNK_SHIFT], memory_order_relaxed);
        if (chunk == NULL) {
            chunk = vm_calloc(MON_CHUNK, sizeof *chunk);
            atomic_store_explicit(&mon_dir[idx >> MON_CHUNK_SHIFT], chunk, memory_order_release);
        }
        m = vm_calloc(1, sizeof *m);
        os_mutex_init(&m->lock);
        os_cond_init(&m->entry_cond);
        m->index = idx;
        chunk[idx & (MON_CHUNK - 1)] = m;
        next_index = idx + 1;
    }
    m->obj = o;
    m->owner = NULL;
    m->count = 0;
    m->entry_waiters = 0;
    m->wait_head = m->wait_tail = NULL;
    m->free_next = NULL;
    m->in_use = true;
    os_mutex_unlock(&table_lock);
    return m;
}

/* Under table_lock. */
static void mon_free_locked(Monitor *m)
{
    m->obj = NULL;
    m->in_use = false;
    m->free_next = free_list;
    free_list = m;
}

/* o's inflated monitor, inflating an unlocked or thin word first. */
static Monitor *inflate(Object *o)
{
    for (;;) {
        uint32_t w = atomic_load_explicit(&o->lock, memory_order_acquire);
        if (is_inflated(w)) return monitor_at(w >> 1);
        Monitor *m = mon_alloc(o);
        os_mutex_lock(&m->lock);
        /* Release: the table entry and the Monitor's fields are visible to anyone who
         * reads the inflated word (acquire). */
        if (atomic_compare_exchange_strong_explicit(&o->lock, &w, (m->index << 1) | 1,
                                                    memory_order_acq_rel,
                                                    memory_order_acquire)) {
            if (w != 0) {
                /* The thin owner is alive and blocked from releasing (it needs m->lock). */
                m->owner = thread_from_index(thin_owner(w));
                m->count = (int)thin_rec(w) + 1;
                if (m->owner == NULL) panic("thin lock %#x owned by unknown thread", w);
            }
            os_mutex_unlock(&m->lock);
            return m;
        }
        os_mutex_unlock(&m->lock);
        os_mutex_lock(&table_lock);
        mon_free_locked(m);
        os_mutex_unlock(&table_lock);
    }
}

/* ---------------------------------------------------------------------------------- */
/* Enter and exit                                                                     */
/* ---------------------------------------------------------------------------------- */

/* thread_leave_safe_or_release's release for a monitor t took while it was suspended:
 * gives it back and passes on the wake-up t consumed (an exit signals one contender),
 * so another contender can have it; t counts as entering again. */
static void give_back(Thread *t, void *arg)
{
    Monitor *m = arg;
    os_mutex_lock(&m->lock);
    m->owner = NULL;
    m->count = 0;
    m->entry_waiters++;
    os_cond_signal(&m->entry_cond);
    os_mutex_unlock(&m->lock);
}

/*
 * Contended entry, and re-entry after Object.wait. Called under m->lock, with t counted
 * in m->entry_waiters and, if was_java, safe (TS_BLOCKED). Waits until m is free and
 * takes it with `count` entries; returns without m->lock, back in TS_JAVA if was_java.
 * A thread that gets m while it is suspended does not keep it, as on HotSpot
 * (ObjectMonitor::enter's ExitOnSuspend): the thread that is to resume it may need m
 * first. It gives m back, waits until it is resumed and tries again, reported as
 * blocked on monitor entry meanwhile.
 */
static void take_contended(Thread *t, Monitor *m, int count, bool was_java)
{
    for (;;) {
        while (m->owner != NULL) os_cond_wait(&m->entry_cond, &m->lock);
        m->owner = t;
        m->count = count;
        m->entry_waiters--;
        os_mutex_unlock(&m->lock);
        if (!was_java || thread_leave_safe_or_release(t, give_back, m)) return;
        os_mutex_lock(&m->lock);
    }
}

/* Contended (or first) entry of an inflated monitor. */
static void enter_inflated(Thread *t, Object *o, Monitor *m)
{
    os_mutex_lock(&m->lock);
    if (m->owner == NULL) {
        m->owner = t;
        m->count = 1;
        os_mutex_unlock(&m->lock);
        t->monitor_count++;
        return;
    }
    if (m->owner == t) {
        m->count++;
        os_mutex_unlock(&m->lock);
        return;
    }
    m->entry_waiters++;
    t->blocked_on = m;
    int64_t blocked = thread_contention_begin(&t->contention.blocked_count);
    thread_set_java_status(t, JTS_BLOCKED_ON_MONITOR_ENTER);
    bool was_java = atomic_load_explicit(&t->state, memory_order_relaxed) == TS_JAVA;
    /* JVMTI MonitorContendedEnter/Entered: only for Java-visible entries (TS_JAVA). The
     * callback runs without m->lock; the owner may leave meanwhile (we then take the
     * monitor without blocking, and still report Entered, as HotSpot). */
    bool events = was_java && (unlikely(jvmti_want(JVMTI_EVENT_MONITOR_CONTENDED_ENTER)) ||
                               unlikely(jvmti_want(JVMTI_EVENT_MONITOR_CONTENDED_ENTERED)));
    if (events) {
        os_mutex_unlock(&m->lock);
        if (jvmti_want(JVMTI_EVENT_MONITOR_CONTENDED_ENTER)) jvmti_post_monitor_contended_enter(t, o);
        os_mutex_lock(&m->lock);
    }
    if (was_java) thread_enter_safe(t, TS_BLOCKED);
    take_contended(t, m, 1, was_java);
    thread_contention_end(&t->contention.blocked_ns, blocked);
    t->blocked_on = NULL;
    thread_set_java_status(t, JTS_RUNNABLE);
    t->monitor_count++;
    if (events && jvmti_want(JVMTI_EVENT_MONITOR_CONTENDED_ENTERED)) jvmti_post_monitor_contended_entered(t, o);
    KEEP_ALIVE(o);
}

static void enter_slow(Thread *t, Object *o)
{
    uint32_t me = thin_word(t);
    for (int spins = 0;; spins++) {
        uint32_t w = atomic_load_explicit(&o->lock, memory_order_relaxed);
        if (w == 0) {
            if (atomic_compare_exchange_weak_explicit(&o->lock, &w, me, memory_order_acquire,
                                                      memory_order_relaxed)) {
                t->monitor_count++;
                return;
            }
            continue;
        }
        if (is_inflated(w) || thin_owner(w) == t->index) break; /* inflated, or overflow */
        /* Held thin by another thread: a short critical section is likely over soon. */
        if (spins >= SPIN_LIMIT) break;
        if ((spins & 15) == 15) os_thread_yield();
        else os_cpu_relax();
    }
    enter_inflated(t, o, inflate(o));
}

void mon_enter(Thread *t, Object *o)
{
    VM_ASSERT(t->index != 0);
    uint32_t me = thin_word(t);
    uint32_t w = 0;
    if (likely(atomic_compare_exchange_strong_explicit(&o->lock, &w, me, memory_order_acquire,
                                                       memory_order_relaxed))) {
        t->monitor_count++;
        return;
    }
    if (!is_inflated(w) && thin_owner(w) == t->index && thin_rec(w) < THIN_REC_MAX) {
        /* Recursive: only we change this word, unless someone inflates it right now. */
        if (atomic_compare_exchange_strong_explicit(&o->lock, &w, w + THIN_REC_ONE,
                                                    memory_order_relaxed, memory_order_relaxed))
            return;
    }
    enter_slow(t, o);
}

/* wait/notify use HotSpot's message; monitorexit throws without one, as HotSpot's
 * interpreter does. */
static void throw_not_owner(Thread *t, bool with_message)
{
    if (with_message)
        exc_throw(t, "java/lang/IllegalMonitorStateException", "current thread is not owner");
    else
        exc_throw(t, "java/lang/IllegalMonitorStateException", NULL);
}

bool mon_exit(Thread *t, Object *o)
{
    /* Acquire on every read of the word: an inflated one leads to monitor_at, whose
     * table entry was published by the inflating CAS. */
    uint32_t w = atomic_load_explicit(&o->lock, memory_order_acquire);
    while (!is_inflated(w)) {
        if (w == 0 || thin_owner(w) != t->index) {
            /* HotSpot's monitorexit throws without a message. */
            throw_not_owner(t, false);
            return false;
        }
        uint32_t nw = thin_rec(w) != 0 ? w - THIN_REC_ONE : 0;
        if (atomic_compare_exchange_weak_explicit(&o->lock, &w, nw, memory_order_release,
                                                  memory_order_acquire)) {
            if (nw == 0) t->monitor_count--;
            return true;
        }
        /* w reloaded: spurious failure, or inflated under us. */
    }
    Monitor *m = monitor_at(w >> 1);
    os_mutex_lock(&m->lock);
    if (m->owner != t) {
        os_mutex_unlock(&m->lock);
        throw_not_owner(t, false);
        return false;
    }
    bool contended = false;
    if (--m->count == 0) {
        m->owner = NULL;
        contended = m->entry_waiters > 0;
        if (contended) os_cond_signal(&m->entry_cond);
        t->monitor_count--;
    }
    os_mutex_unlock(&m->lock);
    if (contended && unlikely(jvmti_want(JVMTI_XEVENT_MONITOR_CONTENDED_EXIT)) &&
        atomic_load_explicit(&t->state, memory_order_relaxed) == TS_JAVA)
        jvmti_post_monitor_contended_exit(t, o);
    return true;
}

bool mon_owned_by(Thread *t, Object *o)
{
    uint32_t w = atomic_load_explicit(&o->lock, memory_order_acquire);
    if (!is_inflated(w)) return w != 0 && thin_owner(w) == t->index;
    Monitor *m = monitor_at(w >> 1);
    os_mutex_lock(&m->lock);
    bool owned = m->owner == t;
    os_mutex_unlock(&m->lock);
    return owned;
}

Thread *mon_owner(Object *o, int *count)
{
    uint32_t w = atomic_load_explicit(&o->lock, memory_order_acquire);
    Thread *owner = NULL;
    int n = 0;
    if (!is_inflated(w)) {
        if (w != 0) {
            owner = thread_from_index(thin_owner(w));
            n = (int)thin_rec(w) + 1;
        }
    } else {
        Monitor *m = monitor_at(w >> 1);
        os_mutex_lock(&m->lock);
        owner = m->owner;
        n = owner ? m->count : 0;
        os_mutex_unlock(&m->lock);
    }
    if (count != NULL) *count = n;
    return owner;
}

void mon_jni_entered(Thread *t, Object *o)
{
    if (t->jni_monitor_count == t->jni_monitor_cap) {
        int cap = t->jni_monitor_cap ? 2 * t->jni_monitor_cap : 4;
        t->jni_monitors = vm_realloc(t->jni_monitors, (size_t)cap * sizeof(Object *));
        t->jni_monitor_cap = cap;
    }
    t->jni_monitors[t->jni_monitor_count++] = o;
}

void mon_jni_exited(Thread *t, Object *o)
{
    for (int i = t->jni_monitor_count; i-- > 0;) {
        if (t->jni_monitors[i] != o) continue;
        memmove(&t->jni_monitors[i], &t->jni_monitors[i + 1],
                (size_t)(t->jni_monitor_count - i - 1) * sizeof(Object *));
        t->jni_monitor_count--;
        return;
    }
}

Monitor *mon_inflated(Object *o)
{
    uint32_t w = atomic_load_explicit(&o->lock, memory_order_acquire);
    return is_inflated(w) ? monitor_at(w >> 1) : NULL;
}

Object *mon_object(const Monitor *m) { return m->obj; }

/* ---------------------------------------------------------------------------------- */
/* wait / notify (JLS 17.2)                                                           */
/* ---------------------------------------------------------------------------------- */

/*
 * The inflated monitor of o if t owns o (inflating a thin lock t holds), else NULL with
 * IllegalMonitorStateException pending. The returned monitor's owner is re-checked under
 * its lock by the caller.
 */
static Monitor *owned_monitor(Thread *t, Object *o)
{
    uint32_t w = atomic_load_explicit(&o->lock, memory_order_acquire);
    if (!is_inflated(w)) {
        if (w == 0 || thin_owner(w) != t->index) {
            throw_not_owner(t, true);
            return NULL;
        }
        return inflate(o);
    }
    return monitor_at(w >> 1);
}

/* Under m->lock. */
static void wait_set_remove(Monitor *m, Thread *t)
{
    Thread *prev = NULL;
    for (Thread *w = m->wait_head; w != NULL; prev = w, w = w->wait_next) {
        if (w != t) continue;
        if (prev != NULL) prev->wait_next = w->wait_next;
        else m->wait_head = w->wait_next;
        if (m->wait_tail == w) m->wait_tail = prev;
        w->wait_next = NULL;
        return;
    }
}

/* Under m->lock: wakes the first waiter; false if there is none. */
static bool notify_one(Monitor *m)
{
    Thread *w = m->wait_head;
    if (w == NULL) return false;
    m->wait_head = w->wait_next;
    if (m->wait_head == NULL) m->wait_tail = NULL;
    w->wait_next = NULL;
    os_mutex_lock(&w->lock);
    w->notified = true;
    os_cond_broadcast(&w->cond);
    os_mutex_unlock(&w->lock);
    return true;
}

bool mon_wait(Thread *t, Object *o, int64_t millis)
{
    bool events = atomic_load_explicit(&t->state, memory_order_relaxed) == TS_JAVA;
    if (events && unlikely(jvmti_want(JVMTI_EVENT_MONITOR_WAIT))) jvmti_post_monitor_wait(t, o, millis);
    if (millis < 0) {
        exc_throw(t, "java/lang/IllegalArgumentException", "timeout value is negative");
        return false;
    }
    /* Counted as a wait whatever happens next (HotSpot's JavaThreadInObjectWaitState). */
    int64_t waited = thread_contention_begin(&t->contention.waited_count);
    Monitor *m = owned_monitor(t, o);
    if (m == NULL) return false;
    os_mutex_lock(&m->lock);
    if (m->owner != t) {
        os_mutex_unlock(&m->lock);
        throw_not_owner(t, true);
        return false;
    }
    if (thread_is_interrupted(t, true)) {
        os_mutex_unlock(&m->lock);
        /* HotSpot reports the wait as over (not timed out) before throwing. */
        if (events && unlikely(jvmti_want(JVMTI_EVENT_MONITOR_WAITED))) jvmti_post_monitor_waited(t, o, false);
        exc_throw(t, "java/lang/InterruptedException", NULL);
        return false;
    }

    /* Join the wait set and release the monitor completely. */
    int saved_count = m->count;
    t->notified = false;
    t->wait_next = NULL;
    if (m->wait_tail != NULL) m->wait_tail->wait_next = t;
    else m->wait_head = t;
    m->wait_tail = t;
    t->waiting_on = m;
    m->owner = NULL;
    m->count = 0;
    if (m->entry_waiters > 0) os_cond_signal(&m->entry_cond);
    thread_set_java_status(t, millis > 0 ? JTS_IN_OBJECT_WAIT_TIMED : JTS_IN_OBJECT_WAIT);

    bool was_java = atomic_load_explicit(&t->state, memory_order_relaxed) == TS_JAVA;
    if (was_java) thread_enter_safe(t, TS_BLOCKED);
    int64_t deadline = INT64_MAX;
    if (millis > 0) {
        int64_t now = os_nanotime();
        deadline = millis > (INT64_MAX - now) / 1000000 ? INT64_MAX : now + millis * 1000000;
    }
    /* Taking t->lock before dropping m->lock: a notify (which needs m->lock, then
     * t->lock) cannot slip between joining the wait set and sleeping. */
    os_mutex_lock(&t->lock);
    os_mutex_unlock(&m->lock);
    if (!thread_is_interrupted(t, false)) t->interrupt_pending = false; /* stale hint */
    bool timed_out = false;
    while (!t->notified && !t->interrupt_pending) {
        if (deadline == INT64_MAX) {
            os_cond_wait(&t->cond, &t->lock);
        } else if (!os_cond_wait_until(&t->cond, &t->lock, deadline)) {
            timed_out = !t->notified;
            break;
        }
    }
    os_mutex_unlock(&t->lock);
    /* JVMTI MonitorWaited: the waiting is over, the monitor not yet re-entered. The
     * callback runs in TS_JAVA; we are still in the wait set unless notified (the
     * removal below is under m->lock). */
    if (events && was_java && unlikely(jvmti_want(JVMTI_EVENT_MONITOR_WAITED))) {
        thread_leave_safe(t);
        jvmti_post_monitor_waited(t, o, timed_out);
        thread_enter_safe(t, TS_BLOCKED);
    }

    /* Leave the wait set (unless notify took us out) and re-enter. */
    os_mutex_lock(&m->lock);
    bool notified = t->notified;
    if (!notified) wait_set_remove(m, t);
    t->waiting_on = NULL;
    int64_t blocked = -1;
    if (m->owner != NULL) {
        t->blocked_on = m;
        thread_set_java_status(t, JTS_BLOCKED_ON_MONITOR_ENTER);
        blocked = thread_contention_begin(&t->contention.blocked_count);
    }
    m->entry_waiters++;
    take_contended(t, m, saved_count, was_java);
    if (blocked > 0) thread_contention_end(&t->contention.blocked_ns, blocked);
    thread_contention_end(&t->contention.waited_ns, waited);
    t->blocked_on = NULL;
    thread_set_java_status(t, JTS_RUNNABLE);
    KEEP_ALIVE(o);

    /* As HotSpot: a notified thread returns normally even if also interrupted (the
     * status stays set); otherwise a pending interrupt is consumed and thrown. */
    if (!notified && thread_is_interrupted(t, true)) {
        exc_throw(t, "java/lang/InterruptedException", NULL);
        return false;
    }
    return true;
}

static bool notify_common(Thread *t, Object *o, bool all)
{
    uint32_t w = atomic_load_explicit(&o->lock, memory_order_acquire);
    if (!is_inflated(w)) {
        /* A thin lock has no waiters: just the ownership check. */
        if (w == 0 || thin_owner(w) != t->index) {
            throw_not_owner(t, true);
            return false;
        }
        return true;
    }
    Monitor *m = monitor_at(w >> 1);
    os_mutex_lock(&m->lock);
    if (m->owner != t) {
        os_mutex_unlock(&m->lock);
        throw_not_owner(t, true);
        return false;
    }
    if (all) {
        while (notify_one(m)) {
        }
    } else {
        notify_one(m);
    }
    os_mutex_unlock(&m->lock);
    return true;
}

bool mon_notify(Thread *t, Object *o) { return notify_common(t, o, false); }
bool mon_notify_all(Thread *t, Object *o) { return notify_common(t, o, true); }

/* ---------------------------------------------------------------------------------- */
/* Thread exit and the collector                                                      */
/* ---------------------------------------------------------------------------------- */

typedef struct ThinRelease {
    uint32_t index;
    int released;
} ThinRelease;

static void release_thin(Object *o, void *arg)
{
    ThinRelease *r = arg;
    uint32_t w = atomic_load_explicit(&o->lock, memory_order_relaxed);
    if (w != 0 && !is_inflated(w) && thin_owner(w) == r->index) {
        atomic_store_explicit(&o->lock, 0, memory_order_release);
        r->released++;
    }
}

int mon_release_all(Thread *t)
{
    t->jni_monitor_count = 0; /* released below with the rest */
    if (t->monitor_count <= 0) {
        t->monitor_count = 0;
        return 0;
    }
    int n = 0;
    os_mutex_lock(&table_lock);
    for (uint32_t i = 1; i < next_index; i++) {
        Monitor *m = monitor_at(i);
        if (!m->in_use) continue;
        os_mutex_lock(&m->lock);
        if (m->owner == t) {
            m->owner = NULL;
            m->count = 0;
            if (m->entry_waiters > 0) os_cond_signal(&m->entry_cond);
            n++;
        }
        os_mutex_unlock(&m->lock);
    }
    os_mutex_unlock(&table_lock);
    if (t->monitor_count > n) {
        /* Thin locks left: find them in the heap, with the world stopped so no object
         * header changes under the scan. Only a leaking native gets here. */
        ThinRelease r = {t->index, 0};
        thread_safepoint_begin(t);
        heap_iterate(release_thin, &r);
        thread_safepoint_end(t);
        n += r.released;
    }
    t->monitor_count = 0;
    return n;
}

/* After marking, at the safepoint: recycle monitors of dead objects that are idle. */
static void weak_process(void)
{
    os_mutex_lock(&table_lock);
    for (uint32_t i = 1; i < next_index; i++) {
        Monitor *m = monitor_at(i);
        if (!m->in_use || gc_is_alive(m->obj)) continue;
        os_mutex_lock(&m->lock);
        bool idle = m->owner == NULL && m->entry_waiters == 0 && m->wait_head == NULL;
        os_mutex_unlock(&m->lock);
        if (!idle) continue;
        uint32_t w = (m->index << 1) | 1;
        atomic_compare_exchange_strong_explicit(&m->obj->lock, &w, 0, memory_order_relaxed,
                                                memory_order_relaxed);
        mon_free_locked(m);
    }
    os_mutex_unlock(&table_lock);
}

/* javaVFrame::print_locked_object_class_name */
void mon_print_locked(FILE *out, const char *state, Object *o)
{
    char name[1024];
    Class *of = o->klass == wk.Class ? class_from_mirror(o) : NULL;
    class_external_name(of != NULL ? of : o->klass, name, sizeof name);
    fprintf(out, "\t- %s <0x%016lx> (a %s%s)\n", state, (unsigned long)(uintptr_t)o,
            of != NULL ? "java.lang.Class for " : "", name);
}

void mon_print_frame_locks(FILE *out, Thread *t, Frame *f, int index)
{
    Slot *mon = frame_monitors(f);
    bool first = true;
    for (uint32_t i = f->nmon; i-- > 0;) {
        Object *o = mon[i].l;
        if (o == NULL) continue;
        const char *state = "locked";
        if (first && index == 0) {
            /* Only the top frame's newest monitor can be one the thread waits to enter. */
            Monitor *m = mon_inflated(o);
            if (m != NULL && (t->blocked_on == m || mon_owner(o, NULL) != t)) state = "waiting to lock";
        }
        mon_print_locked(out, state, o);
        first = false;
    }
}
