// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * monitorinfo.c — JVMTI queries about object monitors: GetOwnedMonitorInfo
 * (can_get_owned_monitor_info), GetOwnedMonitorStackDepthInfo
 * (can_get_owned_monitor_stack_depth_info), GetCurrentContendedMonitor
 * (can_get_current_contended_monitor), GetObjectMonitorUsage (can_get_monitor_info).
 *
 * Where ownership is recorded. Every monitor a Java frame entered is in that frame's
 * monitor block (interp.h: monitorenter and a synchronized method's slot 0), which names
 * its stack depth; a synchronized native method holds its receiver's (or class's) monitor
 * for as long as its native frame exists; monitors entered through JNI MonitorEnter are in
 * Thread.jni_monitors (depth -1, "not on the stack"). A slot can name a monitor its thread
 * is still blocked entering, or one it released inside Object.wait, so each candidate is
 * kept only if mon_owner says the thread owns it now. A monitor entered several times is
 * reported once, at the topmost depth that holds it (HotSpot's order: frames from the top,
 * within a frame oldest entry first, then the JNI ones). VM-internal entries (class
 * initialization and the like) are not reported, as in HotSpot.
 *
 * Deviation from HotSpot, by the spec: HotSpot misses a synchronized native method's
 * monitor while it is uncontended (a stack lock of the native wrapper) and reports it at
 * depth -1 once inflated; GlassVM reports it at the native frame's depth.
 *
 * Consistency: the current thread's monitors are read directly; another thread's inside a
 * safepoint (stack.c's jvmti_on_stable_frames), and GetObjectMonitorUsage always stops the
 * world, since it reads every thread. Contracts as in stack.c: called by the generated
 * wrappers in the live phase, TS_JAVA; memory for the agent from jvmti_alloc; objects and
 * threads become JNI local references of the caller.
 */
#include <string.h>

#include "../vm/class.h"
#include "../vm/interp.h"
#include "../vm/monitor.h"
#include "../vm/ref.h"
#include "../vm/thread.h"
#include "gen/jvmti_impl.h"
#include "jvmti_int.h"

/* ------------------------------------------------------------------------------------ */
/* Monitors a thread owns                                                                */
/* ------------------------------------------------------------------------------------ */

typedef struct Owned {
    Object *obj;
    jint depth;
} Owned;

typedef struct OwnedList {
    Owned *v;
    int n, cap;
    bool oom;
} OwnedList;

static void add_owned(OwnedList *l, Thread *t, Object *o, jint depth)
{
    if (o == NULL || l->oom || mon_owner(o, NULL) != t) return;
    for (int i = 0; i < l->n; i++)
        if (l->v[i].obj == o) return; /* a recursive entry: the topmost one counts */
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 8;
        Owned *v = jvmti_alloc((size_t)cap * sizeof(Owned));
        if (v == NULL) {
            l->oom = true;
            return;
        }
        if (l->n > 0) memcpy(v, l->v, (size_t)l->n * sizeof(Owned));
        jvmti_free(l->v);
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n].obj = o;
    l->v[l->n].depth = depth;
    l->n++;
}

/* Fills l with the monitors t owns (t's frames stable). */
static void collect_owned(Thread *t, OwnedList *l)
{
    jint depth = 0;
    for (Frame *f = t->top_frame; f != NULL; f = f->prev) {
        if (f->flags & FRAME_ENTRY) continue;
        Method *m = f->method;
        if (f->flags & FRAME_NATIVE) {
            if (m->access & ACC_SYNCHRONIZED)
                add_owned(l, t, method_is_static(m) ? m->clazz->mirror : f->locals[0].l, depth);
        } else {
            Slot *mon = frame_monitors(f);
            for (uint32_t i = 0; i < f->nmon; i++) add_owned(l, t, mon[i].l, depth);
        }
        depth++;
    }
    for (int i = 0; i < t->jni_monitor_count; i++) add_owned(l, t, t->jni_monitors[i], -1);
}

typedef struct OwnedQuery {
    bool with_depth;
    jint *count_ptr;
    void *out; /* jobject ** or jvmtiMonitorStackDepthInfo ** */
} OwnedQuery;

static jvmtiError owned_query(Thread *self, Thread *t, void *arg)
{
    OwnedQuery *q = arg;
    OwnedList l = {NULL, 0, 0, false};
    collect_owned(t, &l);
    jvmtiError err = JVMTI_ERROR_NONE;
    size_t elem = q->with_depth ? sizeof(jvmtiMonitorStackDepthInfo) : sizeof(jobject);
    void *buf = l.oom ? NULL : jvmti_alloc(l.n > 0 ? (size_t)l.n * elem : 1);
    if (buf == NULL) {
        err = JVMTI_ERROR_OUT_OF_MEMORY;
    } else {
        for (int i = 0; i < l.n; i++) {
            jobject ref = ref_new_local(self, l.v[i].obj);
            if (q->with_depth) {
                ((jvmtiMonitorStackDepthInfo *)buf)[i].monitor = ref;
                ((jvmtiMonitorStackDepthInfo *)buf)[i].stack_depth = l.v[i].depth;
            } else {
                ((jobject *)buf)[i] = ref;
            }
        }
        *q->count_ptr = l.n;
        *(void **)q->out = buf;
    }
    jvmti_free(l.v);
    return err;
}

/* JVMTI: GetOwnedMonitorInfo */
jvmtiError jvmti_GetOwnedMonitorInfo(JvmtiEnv *env, Thread *self, Thread *thread, jint *owned_monitor_count_ptr,
                                     jobject **owned_monitors_ptr)
{
    OwnedQuery q = {false, owned_monitor_count_ptr, owned_monitors_ptr};
    return jvmti_on_stable_frames(self, thread, owned_query, &q);
}

/* JVMTI: GetOwnedMonitorStackDepthInfo */
jvmtiError jvmti_GetOwnedMonitorStackDepthInfo(JvmtiEnv *env, Thread *self, Thread *thread,
                                               jint *monitor_info_count_ptr,
                                               jvmtiMonitorStackDepthInfo **monitor_info_ptr)
{
    OwnedQuery q = {true, monitor_info_count_ptr, monitor_info_ptr};
    return jvmti_on_stable_frames(self, thread, owned_query, &q);
}

/* ------------------------------------------------------------------------------------ */
/* The monitor a thread waits for                                                        */
/* ------------------------------------------------------------------------------------ */

/* The object whose monitor t waits to enter, or to re-enter in Object.wait, or NULL. A
 * stale blocked_on (t got the monitor and has not cleared it yet) does not count. */
static Object *contended(Thread *t)
{
    if (t->waiting_on != NULL) return mon_object(t->waiting_on);
    if (t->blocked_on != NULL) {
        Object *o = mon_object(t->blocked_on);
        if (o != NULL && mon_owner(o, NULL) != t) return o;
    }
    return NULL;
}

static jvmtiError contended_query(Thread *self, Thread *t, void *arg)
{
    *(jobject *)arg = t == self ? NULL : ref_new_local(self, contended(t));
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetCurrentContendedMonitor */
jvmtiError jvmti_GetCurrentContendedMonitor(JvmtiEnv *env, Thread *self, Thread *thread, jobject *monitor_ptr)
{
    return jvmti_on_stable_frames(self, thread, contended_query, monitor_ptr);
}

/* ------------------------------------------------------------------------------------ */
/* GetObjectMonitorUsage                                                                 */
/* ------------------------------------------------------------------------------------ */

typedef struct Usage {
    Monitor *m;
    Thread **entering, **waiting, **unnotified; /* each sized for every thread */
    int n_entering, n_waiting, n_unnotified, cap;
    bool overflow;
} Usage;

/* Under the registry lock (thread_for_each): reads only. */
static void classify(Thread *t, void *arg)
{
    Usage *u = arg;
    if (t->jthread == NULL) return;
    if (u->n_entering == u->cap || u->n_waiting == u->cap) {
        u->overflow = true;
        return;
    }
    if (t->waiting_on == u->m) {
        u->waiting[u->n_waiting++] = t;
        if (!t->notified) u->unnotified[u->n_unnotified++] = t;
    } else if (t->blocked_on == u->m && mon_object(u->m) != NULL) {
        u->entering[u->n_entering++] = t; /* the owner's stale blocked_on is filtered later */
    }
}

static jthread *thread_refs(Thread *self, Thread **v, int n, Thread *skip, jint *count)
{
    jthread *out = jvmti_alloc(n > 0 ? (size_t)n * sizeof(jthread) : 1);
    if (out == NULL) return NULL;
    jint k = 0;
    for (int i = 0; i < n; i++)
        if (v[i] != skip) out[k++] = ref_new_local(self, v[i]->jthread);
    *count = k;
    return out;
}

/* JVMTI: GetObjectMonitorUsage. waiters: the threads waiting to enter the monitor
 * (including those notified in Object.wait and not yet back in), then those in
 * Object.wait; notify_waiters: the threads in Object.wait not notified yet. */
jvmtiError jvmti_GetObjectMonitorUsage(JvmtiEnv *env, Thread *self, Object *object, jvmtiMonitorUsage *info_ptr)
{
    for (int cap = 64;; cap *= 2) {
        Usage u;
        memset(&u, 0, sizeof u);
        u.cap = cap;
        u.entering = jvmti_alloc((size_t)cap * sizeof(Thread *));
        u.waiting = jvmti_alloc((size_t)cap * sizeof(Thread *));
        u.unnotified = jvmti_alloc((size_t)cap * sizeof(Thread *));
        jvmtiError err = JVMTI_ERROR_NONE;
        if (u.entering == NULL || u.waiting == NULL || u.unnotified == NULL) {
            err = JVMTI_ERROR_OUT_OF_MEMORY;
            goto out;
        }
        bool stopped = jvmti_stop_world(self);
        int entries = 0;
        Thread *owner = mon_owner(object, &entries);
        u.m = mon_inflated(object);
        if (u.m != NULL) thread_for_each(classify, &u);
        if (!u.overflow) {
            jvmtiMonitorUsage r;
            memset(&r, 0, sizeof r);
            r.owner = owner != NULL ? ref_new_local(self, owner->jthread) : NULL;
            r.entry_count = owner != NULL ? entries : 0;
            /* waiters = entering (but not the owner) + waiting, in that order */
            Thread **all = jvmti_alloc((size_t)(u.n_entering + u.n_waiting + 1) * sizeof(Thread *));
            if (all == NULL) {
                err = JVMTI_ERROR_OUT_OF_MEMORY;
            } else {
                int n = 0;
                for (int i = 0; i < u.n_entering; i++)
                    if (u.entering[i] != owner) all[n++] = u.entering[i];
                for (int i = 0; i < u.n_waiting; i++) all[n++] = u.waiting[i];
                r.waiters = thread_refs(self, all, n, NULL, &r.waiter_count);
                r.notify_waiters = thread_refs(self, u.unnotified, u.n_unnotified, NULL, &r.notify_waiter_count);
                jvmti_free(all);
                if (r.waiters == NULL || r.notify_waiters == NULL) {
                    jvmti_free(r.waiters);
                    jvmti_free(r.notify_waiters);
                    err = JVMTI_ERROR_OUT_OF_MEMORY;
                } else {
                    *info_ptr = r;
                }
            }
        }
        if (stopped) thread_safepoint_end(self);
    out:
        jvmti_free(u.entering);
        jvmti_free(u.waiting);
        jvmti_free(u.unnotified);
        if (!u.overflow || err != JVMTI_ERROR_NONE) return err;
    }
}
