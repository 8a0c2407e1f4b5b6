// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * monitor.h — Java object monitors (JVMS 2.11.10, 6.5 monitorenter/monitorexit, JLS 17.2).
 *
 * The header word Object.lock is
 *   0                    unlocked
 *   even, non-zero       thin lock: owner thread index << 16 | (recursions << 1)
 *   odd                  inflated: (monitor table index << 1) | 1
 * Only the owner changes a thin lock, except for the one CAS that inflates it: a
 * contending thread (or the owner, for wait/notify) creates a Monitor holding the current
 * owner and count and swaps it in; the owner's next thin unlock CAS then fails and it
 * continues on the inflated path. Inflated monitors hold a mutex, an entry condition and a
 * wait set. A monitor whose object dies is freed by the collector's weak processing.
 *
 * Blocking paths put the thread in TS_BLOCKED (safe for the collector) and keep
 * Thread.blocked_on / waiting_on and java.lang.Thread.threadStatus up to date, which
 * JVMTI's thread and monitor queries will read.
 *
 * Callers: `t` is the current thread, registered (index >= 1) and normally in TS_JAVA.
 * Exceptions thrown: IllegalMonitorStateException ("current thread is not owner" from
 * wait/notify, no message from exit, as HotSpot), InterruptedException (no message),
 * IllegalArgumentException("timeout value is negative") from wait.
 */
#ifndef GLASS_MONITOR_H
#define GLASS_MONITOR_H

#include "vm.h"

typedef struct Monitor Monitor;

void mon_init(void);

/* monitorenter. Never fails (blocks as long as it takes). */
void mon_enter(Thread *t, Object *o);
/* monitorexit: false with IllegalMonitorStateException pending if t does not own o. */
bool mon_exit(Thread *t, Object *o);
bool mon_owned_by(Thread *t, Object *o);
/* Object.wait(millis) (0 = forever): false with IllegalMonitorStateException or
 * InterruptedException pending. */
bool mon_wait(Thread *t, Object *o, int64_t millis);
bool mon_notify(Thread *t, Object *o);
bool mon_notify_all(Thread *t, Object *o);

/* Releases every monitor t still holds (thread detach); returns how many. */
int mon_release_all(Thread *t);

/* Owner thread of o's monitor or NULL; recursion count into *count (may be NULL). */
Thread *mon_owner(Object *o, int *count);

/* JNI MonitorEnter/MonitorExit bookkeeping (Thread.jni_monitors): record an entry by t,
 * forget t's latest entry of o. */
void mon_jni_entered(Thread *t, Object *o);
void mon_jni_exited(Thread *t, Object *o);

/* Tool support (JVMTI monitor queries), with the world stopped or about the current
 * thread: o's inflated monitor, NULL while its lock is thin or free (then no thread waits
 * on it), and the object of a monitor (Thread.blocked_on, Thread.waiting_on). */
Monitor *mon_inflated(Object *o);
Object *mon_object(const Monitor *m);

/* Stack printing (thread dumps, JNI's fatal-error stacks): HotSpot's "\t- <state> <0x...>
 * (a Class[ for Name])" line for object o, and the lines for the monitors Java frame f of
 * thread t holds, newest first; index is f's position from the top (0), where the newest
 * monitor is one t is still "waiting to lock" when t is blocked entering it. */
#include <stdio.h>
void mon_print_locked(FILE *out, const char *state, Object *o);
void mon_print_frame_locks(FILE *out, Thread *t, Frame *f, int index);

#endif
