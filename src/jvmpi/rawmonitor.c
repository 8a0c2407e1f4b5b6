// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * rawmonitor.c — JVMPI raw monitors (RawMonitorCreate, Enter, Exit, Wait, NotifyAll,
 * Destroy) and the events about them: RAW_MONITOR_CONTENDED_ENTER, _ENTERED, _EXIT,
 * and their records in MONITOR_DUMP.
 *
 * A raw monitor is a reentrant lock with a wait set, not tied to any Java object. The
 * owner is a kernel thread id (agents may use raw monitors from unattached threads, or
 * before any thread is attached); the JNIEnv* that MONITOR_DUMP reports is the owner's
 * Thread record when it has one. Contention events go to attached threads only, and
 * never for a monitor whose name begins with '_' (spec: RawMonitorCreate).
 *
 * Handles: the address of a JvmpiRawMonitor. Every function first looks the handle up
 * in the list of live monitors (under list_lock) and ignores one it does not find, as
 * HotSpot's magic-number check did: a destroyed or bogus handle never crashes.
 *
 * Blocking: agent code calls in TS_NATIVE, which is safe for the collector; a caller in
 * TS_JAVA (an event the collector posts inside a stopped world) must not block on a
 * monitor owned by a stopped thread: the spec's "thread suspended mode" rule.
 *
 * Lock order: list_lock, then a monitor's lock; neither is held while the agent runs.
 */
#include <stdlib.h>
#include <string.h>

#include "jvmpi_int.h"

#define RAW_MAGIC 0x52415750u /* "RAWP" */

typedef struct JvmpiRawMonitor JvmpiRawMonitor;
struct JvmpiRawMonitor {
    uint32_t magic;
    char *name;
    OsMutex lock;    /* guards everything below */
    OsCond released; /* the monitor became free */
    OsCond notified; /* NotifyAll */
    int64_t owner;   /* kernel tid, 0 = free */
    Thread *owner_thread;
    int count;                  /* entries of the owner */
    uint64_t notify_gen;        /* incremented by NotifyAll */
    Thread **entering;          /* threads blocked entering (attached ones; NULL entries else) */
    int n_entering, cap_entering;
    Thread **waiting;           /* threads in RawMonitorWait */
    int n_waiting, cap_waiting;
    JvmpiRawMonitor *next;      /* all live monitors */
};

static OsMutex list_lock;
static JvmpiRawMonitor *monitors;

void jvmpi_raw_monitor_init(void) { os_mutex_init(&list_lock); }

/* The live monitor behind a handle, or NULL. */
static JvmpiRawMonitor *lookup(JVMPI_RawMonitor h)
{
    JvmpiRawMonitor *r = NULL;
    os_mutex_lock(&list_lock);
    for (JvmpiRawMonitor *m = monitors; m; m = m->next)
        if ((void *)m == (void *)h) {
            r = m->magic == RAW_MAGIC ? m : NULL;
            break;
        }
    os_mutex_unlock(&list_lock);
    return r;
}

static bool add_thread(Thread ***v, int *n, int *cap, Thread *t)
{
    if (*n == *cap) {
        int c = *cap ? *cap * 2 : 4;
        Thread **nv = realloc(*v, (size_t)c * sizeof *nv);
        if (nv == NULL) return false;
        *v = nv;
        *cap = c;
    }
    (*v)[(*n)++] = t;
    return true;
}

static void remove_thread(Thread **v, int *n, Thread *t)
{
    for (int i = 0; i < *n; i++)
        if (v[i] == t) {
            memmove(&v[i], &v[i + 1], (size_t)(*n - i - 1) * sizeof *v);
            (*n)--;
            return;
        }
}

/* A contention event for m on the current (attached) thread. No monitor lock held. */
static void post(jint type, JvmpiRawMonitor *m)
{
    if (!jvmpi_is_enabled(type) || m->name[0] == '_') return;
    Thread *t = thread_current();
    if (t == NULL) return;
    JVMPI_Event e = {.event_type = type, .env_id = thread_env(t)};
    e.u.raw_monitor.name = m->name;
    e.u.raw_monitor.id = (JVMPI_RawMonitor)m;
    jvmpi_notify(t, &e, 0);
}

JVMPI_RawMonitor jvmpi_RawMonitorCreate(char *name)
{
    JvmpiRawMonitor *m = calloc(1, sizeof *m);
    if (m == NULL) return NULL;
    m->name = strdup(name != NULL ? name : "");
    if (m->name == NULL) {
        free(m);
        return NULL;
    }
    os_mutex_init(&m->lock);
    os_cond_init(&m->released);
    os_cond_init(&m->notified);
    m->magic = RAW_MAGIC;
    os_mutex_lock(&list_lock);
    m->next = monitors;
    monitors = m;
    os_mutex_unlock(&list_lock);
    return (JVMPI_RawMonitor)m;
}

/* Blocks until m is free and takes it `count` times; m->lock held on entry and exit.
 * Posts the contention events around the wait when it had to wait. */
static void acquire_locked(JvmpiRawMonitor *m, int64_t me, int count)
{
    Thread *t = thread_current();
    if (m->owner != 0 && m->owner != me) {
        add_thread(&m->entering, &m->n_entering, &m->cap_entering, t);
        os_mutex_unlock(&m->lock);
        post(JVMPI_EVENT_RAW_MONITOR_CONTENDED_ENTER, m);
        os_mutex_lock(&m->lock);
        while (m->owner != 0) os_cond_wait(&m->released, &m->lock);
        remove_thread(m->entering, &m->n_entering, t);
        m->owner = me;
        m->owner_thread = t;
        m->count = count;
        os_mutex_unlock(&m->lock);
        post(JVMPI_EVENT_RAW_MONITOR_CONTENDED_ENTERED, m);
        os_mutex_lock(&m->lock);
        return;
    }
    m->owner = me;
    m->owner_thread = t;
    m->count = count;
}

void jvmpi_RawMonitorEnter(JVMPI_RawMonitor h)
{
    JvmpiRawMonitor *m = lookup(h);
    if (m == NULL) return;
    int64_t me = os_thread_id();
    os_mutex_lock(&m->lock);
    if (m->owner == me) m->count++;
    else acquire_locked(m, me, 1);
    os_mutex_unlock(&m->lock);
}

void jvmpi_RawMonitorExit(JVMPI_RawMonitor h)
{
    JvmpiRawMonitor *m = lookup(h);
    if (m == NULL) return;
    os_mutex_lock(&m->lock);
    if (m->owner != os_thread_id()) {
        os_mutex_unlock(&m->lock);
        return;
    }
    bool contended = false;
    if (--m->count == 0) {
        m->owner = 0;
        m->owner_thread = NULL;
        contended = m->n_entering > 0;
        os_cond_signal(&m->released);
    }
    os_mutex_unlock(&m->lock);
    if (contended) post(JVMPI_EVENT_RAW_MONITOR_CONTENDED_EXIT, m);
}

/* JVMPI: RawMonitorWait. ms = 0 waits until NotifyAll; the monitor is given up entirely
 * meanwhile and taken back with its entry count. */
void jvmpi_RawMonitorWait(JVMPI_RawMonitor h, jlong ms)
{
    JvmpiRawMonitor *m = lookup(h);
    if (m == NULL) return;
    int64_t me = os_thread_id();
    Thread *t = thread_current();
    os_mutex_lock(&m->lock);
    if (m->owner != me) {
        os_mutex_unlock(&m->lock);
        return;
    }
    int count = m->count;
    m->owner = 0;
    m->owner_thread = NULL;
    m->count = 0;
    os_cond_signal(&m->released);
    add_thread(&m->waiting, &m->n_waiting, &m->cap_waiting, t);
    uint64_t gen = m->notify_gen;
    int64_t deadline = ms > 0 ? os_nanotime() + (ms > INT64_MAX / 2000000 ? INT64_MAX / 2 : ms * 1000000) : INT64_MAX;
    while (m->notify_gen == gen) {
        if (deadline == INT64_MAX) os_cond_wait(&m->notified, &m->lock);
        else if (!os_cond_wait_until(&m->notified, &m->lock, deadline)) break;
    }
    remove_thread(m->waiting, &m->n_waiting, t);
    acquire_locked(m, me, count);
    os_mutex_unlock(&m->lock);
}

void jvmpi_RawMonitorNotifyAll(JVMPI_RawMonitor h)
{
    JvmpiRawMonitor *m = lookup(h);
    if (m == NULL) return;
    os_mutex_lock(&m->lock);
    if (m->owner == os_thread_id()) {
        m->notify_gen++;
        os_cond_broadcast(&m->notified);
    }
    os_mutex_unlock(&m->lock);
}

/* JVMPI: RawMonitorDestroy. The handle is unknown from then on. A monitor another thread
 * owns or waits for is left alone (destroying it would pull the lock from under them). */
void jvmpi_RawMonitorDestroy(JVMPI_RawMonitor h)
{
    os_mutex_lock(&list_lock);
    JvmpiRawMonitor **p = &monitors;
    while (*p != NULL && (void *)*p != (void *)h) p = &(*p)->next;
    JvmpiRawMonitor *m = *p;
    if (m == NULL) {
        os_mutex_unlock(&list_lock);
        return;
    }
    os_mutex_lock(&m->lock);
    bool busy = (m->owner != 0 && m->owner != os_thread_id()) || m->n_entering > 0 || m->n_waiting > 0;
    os_mutex_unlock(&m->lock);
    if (busy) {
        os_mutex_unlock(&list_lock);
        return;
    }
    *p = m->next;
    m->magic = 0;
    os_mutex_unlock(&list_lock);
    os_cond_destroy(&m->released);
    os_cond_destroy(&m->notified);
    os_mutex_destroy(&m->lock);
    free(m->entering);
    free(m->waiting);
    free(m->name);
    free(m);
}

/* MONITOR_DUMP records (dump.c), in creation order reversed: JVMPI_MONITOR_RAW, the name
 * (the pointer), the monitor, the owner's JNIEnv* (NULL if free or unattached), the entry
 * count, the threads waiting to enter, the threads waiting to be notified. Called with
 * the world stopped by the dumping thread: the monitor locks are taken with trylock, and a
 * monitor whose lock a stopped thread holds is reported from a racy read. */
void jvmpi_raw_monitors_dump(JvmpiBuf *b)
{
    os_mutex_lock(&list_lock);
    for (JvmpiRawMonitor *m = monitors; m; m = m->next) {
        bool locked = os_mutex_trylock(&m->lock);
        jvmpi_buf_u1(b, JVMPI_MONITOR_RAW);
        jvmpi_buf_ptr(b, m->name);
        jvmpi_buf_ptr(b, m);
        jvmpi_buf_ptr(b, m->owner_thread ? thread_env(m->owner_thread) : NULL);
        jvmpi_buf_u4(b, (uint32_t)m->count);
        jvmpi_buf_u4(b, (uint32_t)m->n_entering);
        for (int i = 0; i < m->n_entering; i++) jvmpi_buf_ptr(b, m->entering[i] ? thread_env(m->entering[i]) : NULL);
        jvmpi_buf_u4(b, (uint32_t)m->n_waiting);
        for (int i = 0; i < m->n_waiting; i++) jvmpi_buf_ptr(b, m->waiting[i] ? thread_env(m->waiting[i]) : NULL);
        if (locked) os_mutex_unlock(&m->lock);
    }
    os_mutex_unlock(&list_lock);
}
