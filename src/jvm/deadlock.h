// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * deadlock.h — Java-level deadlock detection (deadlock.c): cycles of threads each
 * waiting for an object monitor or an ownable synchronizer (a
 * java.util.concurrent.locks.AbstractOwnableSynchronizer, e.g. ReentrantLock's Sync, that
 * the thread is parked on) held by the next; and the ownable synchronizers a thread
 * holds. The one detector of the VM: the thread dumps (Thread.print, jstack, SIGQUIT)
 * report its cycles, ThreadMXBean.findDeadlockedThreads/findMonitorDeadlockedThreads
 * (management_thread.c) return them, and ThreadInfo's lock owners and locked
 * synchronizers come from it too.
 *
 * deadlock_prepare first, outside any safepoint (it looks up a class, which takes the
 * loader's lock). The other functions run with the world stopped (thread_safepoint_begin
 * by the caller), so the threads' blocked_on/parkBlocker state and monitor owners cannot
 * change under them — except deadlock_synchronizer_owner, which also serves a thread in
 * TS_JAVA reading one synchronizer. They allocate no Java objects.
 */
#ifndef GLASS_DEADLOCK_H
#define GLASS_DEADLOCK_H

#include <stdbool.h>

#include "../vm/monitor.h"
#include "../vm/vm.h"

/* Looks up AbstractOwnableSynchronizer once it is loaded (until then nobody can own or
 * wait for one). Any thread in TS_JAVA, not inside a safepoint. */
void deadlock_prepare(void);

/* The java.lang.Thread owning ownable synchronizer o; NULL if o is NULL, no ownable
 * synchronizer, or not owned. */
Object *deadlock_synchronizer_owner(Object *o);

/* What thread t is blocked on, HotSpot's current_pending_monitor / current_park_blocker:
 * the object whose monitor it is entering (*monitor set), else its park blocker if that
 * is an ownable synchronizer (*monitor NULL; only when !monitors_only). Returns the
 * owner (NULL: unowned or gone) and sets *obj (NULL: t waits for nothing). */
Thread *deadlock_blocker(Thread *t, bool monitors_only, Object **obj, Monitor **monitor);

/* Deadlock cycles, in HotSpot's order (found walking the threads in the order given,
 * following each one's owner chain). A cycle lists the threads of the chain that led
 * into it too, as HotSpot reports them. */
typedef struct DeadlockCycles {
    int count;        /* cycles */
    Thread **threads; /* malloc'd: the cycles' threads, one cycle after the other */
    int *end;         /* malloc'd: cycle i is threads[i ? end[i-1] : 0 .. end[i]) */
} DeadlockCycles;
/* threads: the live Java threads, oldest first. False only if memory ran out. */
bool deadlock_find(Thread *const *threads, int n, bool monitors_only, DeadlockCycles *out);
void deadlock_free(DeadlockCycles *d);

/* The ownable synchronizers (AbstractOwnableSynchronizer instances) each thread holds,
 * found by a heap walk as HotSpot does (ConcurrentLocksDump). */
typedef struct OwnedSynchronizers {
    int count;
    Object **lock;  /* malloc'd, heap order */
    Thread **owner; /* malloc'd, parallel to lock */
} OwnedSynchronizers;
bool deadlock_owned_synchronizers(OwnedSynchronizers *out);
void deadlock_free_owned(OwnedSynchronizers *o);

#endif
