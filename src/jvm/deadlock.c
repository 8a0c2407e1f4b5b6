// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * deadlock.c — Java-level deadlock detection and the ownable synchronizers threads hold
 * (deadlock.h), as HotSpot's ThreadService::find_deadlocks_at_safepoint and
 * ConcurrentLocksDump compute them.
 *
 * Detection walks the threads in order; from each thread not seen yet it follows "waits
 * for a lock held by" edges, numbering the threads it reaches. Reaching a thread numbered
 * during this walk closes a new cycle (the walk so far is reported); reaching one numbered
 * by an earlier walk, an unowned lock, a thread waiting for nothing or the thread itself
 * ends the walk without one.
 */
#include "deadlock.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "../vm/class.h"
#include "../vm/heap.h"
#include "../vm/loader.h"
#include "../vm/sym.h"
#include "../vm/thread.h"
#include "../vm/wellknown.h"

#define AOS "java/util/concurrent/locks/AbstractOwnableSynchronizer"

/* AbstractOwnableSynchronizer and the offset of its exclusiveOwnerThread, once
 * deadlock_prepare found the class loaded. Written once (racing writers store the same
 * values), read with the world stopped. */
static Class *_Atomic aos_class;
static uint32_t aos_owner_offset;

void deadlock_prepare(void)
{
    if (atomic_load_explicit(&aos_class, memory_order_acquire) != NULL) return;
    Class *c = loader_find_loaded(NULL, sym_intern(AOS));
    if (c == NULL) return;
    Field *f = class_find_declared_field(c, sym_intern("exclusiveOwnerThread"), sym_intern("Ljava/lang/Thread;"));
    if (f == NULL) return;
    aos_owner_offset = f->offset;
    atomic_store_explicit(&aos_class, c, memory_order_release);
}

Object *deadlock_synchronizer_owner(Object *o)
{
    Class *aos = atomic_load_explicit(&aos_class, memory_order_acquire);
    if (o == NULL || aos == NULL || !class_is_subclass_of(o->klass, aos)) return NULL;
    return FIELD_GET(o, aos_owner_offset, Object *);
}

Thread *deadlock_blocker(Thread *t, bool monitors_only, Object **obj, Monitor **monitor)
{
    *obj = NULL;
    *monitor = NULL;
    Monitor *m = t->blocked_on;
    if (m != NULL && mon_object(m) != NULL) {
        *monitor = m;
        *obj = mon_object(m);
        return mon_owner(*obj, NULL);
    }
    if (monitors_only || t->jthread == NULL) return NULL;
    /* HotSpot's current_park_blocker: parkBlocker is set only while the thread parks. */
    Object *blocker = FIELD_GET(t->jthread, wk_off.Thread_parkBlocker, Object *);
    Class *aos = atomic_load_explicit(&aos_class, memory_order_acquire);
    if (blocker == NULL || aos == NULL || !class_is_subclass_of(blocker->klass, aos)) return NULL;
    *obj = blocker;
    Object *owner = deadlock_synchronizer_owner(blocker);
    return owner != NULL ? thread_from_jthread(owner) : NULL;
}

static int index_of(Thread *const *threads, int n, const Thread *t)
{
    for (int i = 0; i < n; i++)
        if (threads[i] == t) return i;
    return -1;
}

bool deadlock_find(Thread *const *threads, int n, bool monitors_only, DeadlockCycles *out)
{
    memset(out, 0, sizeof *out);
    int *dfn = malloc((size_t)(n ? n : 1) * sizeof *dfn);
    Thread **chain = malloc((size_t)(n ? n : 1) * sizeof *chain);
    /* Every thread is in at most one reported walk, so n entries suffice. */
    out->threads = malloc((size_t)(n ? n : 1) * sizeof *out->threads);
    out->end = malloc((size_t)(n ? n : 1) * sizeof *out->end);
    if (dfn == NULL || chain == NULL || out->threads == NULL || out->end == NULL) {
        free(dfn);
        free(chain);
        deadlock_free(out);
        return false;
    }
    for (int i = 0; i < n; i++) dfn[i] = -1;
    int global = 0, used = 0;
    for (int i = 0; i < n; i++) {
        if (dfn[i] >= 0) continue;
        int this_dfn = global;
        dfn[i] = global++;
        int len = 0;
        Thread *current = threads[i], *previous = current;
        Object *obj;
        Monitor *mon;
        Thread *owner = deadlock_blocker(current, monitors_only, &obj, &mon);
        while (obj != NULL) {
            chain[len++] = current;
            current = owner;
            int k = current != NULL ? index_of(threads, n, current) : -1;
            if (k < 0) break; /* unowned, or owned by no Java thread we list */
            if (dfn[k] < 0) {
                dfn[k] = global++;
            } else if (dfn[k] < this_dfn) {
                break; /* reached an earlier walk: no new cycle */
            } else if (current == previous) {
                break; /* waits for a lock it holds itself */
            } else {
                memcpy(out->threads + used, chain, (size_t)len * sizeof *chain);
                used += len;
                out->end[out->count++] = used;
                break;
            }
            previous = current;
            owner = deadlock_blocker(current, monitors_only, &obj, &mon);
        }
    }
    free(dfn);
    free(chain);
    return true;
}

void deadlock_free(DeadlockCycles *d)
{
    free(d->threads);
    free(d->end);
    memset(d, 0, sizeof *d);
}

typedef struct Walk {
    Class *aos;
    OwnedSynchronizers *out;
    int cap;
    bool failed;
} Walk;

static void visit(Object *o, void *arg)
{
    Walk *w = arg;
    if (o->klass == NULL || w->failed || !class_is_subclass_of(o->klass, w->aos)) return;
    Object *owner = FIELD_GET(o, aos_owner_offset, Object *);
    Thread *t = owner != NULL ? thread_from_jthread(owner) : NULL;
    if (t == NULL) return;
    OwnedSynchronizers *s = w->out;
    if (s->count == w->cap) {
        int cap = w->cap ? 2 * w->cap : 16;
        Object **l = realloc(s->lock, (size_t)cap * sizeof *l);
        if (l != NULL) s->lock = l;
        Thread **t2 = realloc(s->owner, (size_t)cap * sizeof *t2);
        if (t2 != NULL) s->owner = t2;
        if (l == NULL || t2 == NULL) {
            w->failed = true;
            return;
        }
        w->cap = cap;
    }
    s->lock[s->count] = o;
    s->owner[s->count++] = t;
}

bool deadlock_owned_synchronizers(OwnedSynchronizers *out)
{
    memset(out, 0, sizeof *out);
    Walk w = {.out = out, .aos = atomic_load_explicit(&aos_class, memory_order_acquire)};
    if (w.aos == NULL) return true;
    heap_iterate(visit, &w);
    if (w.failed) deadlock_free_owned(out);
    return !w.failed;
}

void deadlock_free_owned(OwnedSynchronizers *o)
{
    free(o->lock);
    free(o->owner);
    memset(o, 0, sizeof *o);
}
