// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * monitorevents.c — the JVMTI monitor events (can_generate_monitor_events):
 * MonitorContendedEnter, MonitorContendedEntered, MonitorWait, MonitorWaited.
 *
 * src/vm/monitor.c calls these behind jvmti_want(), only on its slow paths (a contended
 * entry blocks anyway; Object.wait is a native call), so the uncontended monitorenter
 * and monitorexit pay nothing. The thread is the one concerned, in TS_JAVA, holding no
 * lock of the monitor implementation (jvmti_vm.h); the object stays reachable from the
 * caller's frame, and each callback gets it as a JNI local reference.
 *
 * What is not reported, as in HotSpot: entries and waits the VM makes for itself (class
 * initialization and the like) and the re-entry of a monitor after Object.wait.
 */
#include "../vm/ref.h"
#include "../vm/thread.h"
#include "events.h"
#include "jvmti_int.h"
#include "jvmti_tool.h"
#include "jvmti_vm.h"

typedef void(JNICALL *MonitorEventFn)(jvmtiEnv *, JNIEnv *, jthread, jobject);
typedef void(JNICALL *MonitorWaitFn)(jvmtiEnv *, JNIEnv *, jthread, jobject, jlong);
typedef void(JNICALL *MonitorWaitedFn)(jvmtiEnv *, JNIEnv *, jthread, jobject, jboolean);

/* One walk over the environments that want ev on t; `arg` is the event's last argument
 * (the timeout, timed_out), unused for the contended events. */
static void post(Thread *t, jvmtiEvent ev, Object *o, jlong arg)
{
    JvmtiEventIter it;
    JvmtiAnyCallback cb;
    if (t->jthread == NULL || !jvmti_event_iter_begin(&it, t, ev)) return;
    for (JvmtiEnv *e; (e = jvmti_event_iter_next(&it, &cb)) != NULL;) {
        JvmtiCallbackFrame f;
        if (!jvmti_callback_begin(&f, t)) break;
        jthread jt = ref_new_local(t, t->jthread);
        jobject jo = ref_new_local(t, o);
        jvmti_callback_native(&f);
        switch (ev) {
        case JVMTI_EVENT_MONITOR_WAIT:
            ((MonitorWaitFn)cb)(jvmti_env_external(e), thread_env(t), jt, jo, arg);
            break;
        case JVMTI_EVENT_MONITOR_WAITED:
            ((MonitorWaitedFn)cb)(jvmti_env_external(e), thread_env(t), jt, jo, arg ? JNI_TRUE : JNI_FALSE);
            break;
        default:
            ((MonitorEventFn)cb)(jvmti_env_external(e), thread_env(t), jt, jo);
            break;
        }
        jvmti_callback_end(&f);
    }
}

/* JVMTI: MonitorContendedEnter */
void jvmti_post_monitor_contended_enter(Thread *t, Object *o)
{
    JVMTI_LAYERS_POST(JVMTI_EVENT_MONITOR_CONTENDED_ENTER, monitor_contended_enter, t, o);
    post(t, JVMTI_EVENT_MONITOR_CONTENDED_ENTER, o, 0);
}

/* JVMTI: MonitorContendedEntered */
void jvmti_post_monitor_contended_entered(Thread *t, Object *o)
{
    JVMTI_LAYERS_POST(JVMTI_EVENT_MONITOR_CONTENDED_ENTERED, monitor_contended_entered, t, o);
    post(t, JVMTI_EVENT_MONITOR_CONTENDED_ENTERED, o, 0);
}

/* The tool's contended exit (jvmti_vm.h; JVMTI has no such event). */
void jvmti_post_monitor_contended_exit(Thread *t, Object *o)
{
    if (t->jthread != NULL) JVMTI_LAYERS_POST(JVMTI_XEVENT_MONITOR_CONTENDED_EXIT, monitor_contended_exit, t, o);
}

/* JVMTI: MonitorWait */
void jvmti_post_monitor_wait(Thread *t, Object *o, int64_t timeout)
{
    JVMTI_LAYERS_POST(JVMTI_EVENT_MONITOR_WAIT, monitor_wait, t, o, timeout);
    post(t, JVMTI_EVENT_MONITOR_WAIT, o, timeout);
}

/* JVMTI: MonitorWaited */
void jvmti_post_monitor_waited(Thread *t, Object *o, bool timed_out)
{
    JVMTI_LAYERS_POST(JVMTI_EVENT_MONITOR_WAITED, monitor_waited, t, o, timed_out);
    post(t, JVMTI_EVENT_MONITOR_WAITED, o, timed_out ? 1 : 0);
}
