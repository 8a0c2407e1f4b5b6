// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jvmpi_int.h — private to the JVMPI module (src/jvmpi/): the JDK 1.2-1.5 profiler
 * interface (include/jvmpi.h, docs/jvmpi.md), layered on the JVMTI module's tool seam
 * (src/jvmti/jvmti_tool.h). The VM core does not know JVMPI exists: every hook it calls
 * is a JVMTI one, which forwards to the listeners jvmpi.c registers.
 *
 * Files: jvmpi.c (the interface table, GetEnv, Enable/Disable/RequestEvent, posting,
 * JVM_INIT_DONE and JVM_SHUT_DOWN), events.c (the listeners: every event's payload),
 * functions.c (threads, call traces, GC control, IDs), rawmonitor.c (JVMPI raw monitors
 * and their contention events), dump.c (HEAP_DUMP, OBJECT_DUMP, MONITOR_DUMP).
 *
 * IDs. A jobjectID is the object's address (Object*): GlassVM's collector never moves
 * objects, so an ID changes only when the object dies (OBJECT_FREE), and OBJECT_MOVE is
 * never sent. A class ID is the ID of its java.lang.Class mirror. A jmethodID is a
 * Method*, a thread's ID its JNIEnv* (the Thread record's address).
 *
 * Threads and states. Agent code (NotifyEvent, and every interface function it calls)
 * runs in TS_NATIVE, except the events the spec sends in "thread suspended mode"
 * (GC_FINISH, OBJECT_FREE, posted by the collecting thread while the world is stopped).
 * Interface functions enter the VM with jni_enter/jni_leave like JNI functions.
 */
#ifndef GLASS_JVMPI_INT_H
#define GLASS_JVMPI_INT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "../../include/jvmpi.h"
#include "../jvmti/jvmti_tool.h"
#include "../vm/class.h"
#include "../vm/thread.h"
#include "../vm/vm.h"

/* The one interface table of the VM (GetEnv hands out its address). */
extern JVMPI_Interface jvmpi_interface;

/* Bit ev of jvmpi_enabled: JVMPI event ev is enabled (EnableEvent). */
extern _Atomic uint64_t jvmpi_enabled;
static inline bool jvmpi_is_enabled(jint ev)
{
    return (atomic_load_explicit(&jvmpi_enabled, memory_order_relaxed) >> ev) & 1;
}

/* Has JVM_SHUT_DOWN been posted? (The table then behaves as docs/jvmpi.md says.) */
extern _Atomic bool jvmpi_shut_down;
/* Has JVM_INIT_DONE been posted (CreateSystemThread allowed)? */
extern _Atomic bool jvmpi_init_done;

/* Arena of every object: GlassVM has one heap (ARENA_NEW names it). */
enum { JVMPI_HEAP_ARENA = 1 };

/* ---- posting (jvmpi.c) ---- */

/* How jvmpi_notify calls the agent. */
enum {
    JVMPI_POST_GC_OFF = 1, /* with collections held off (the spec's "GC disabled") */
    JVMPI_POST_IN_GC = 2,  /* the world is stopped by t: call as is, no state change */
};
/*
 * Sends e to the agent's NotifyEvent (nothing if it has none, or after JVM_SHUT_DOWN
 * except that event itself) on the current thread t, which may be in TS_JAVA (VM code:
 * the call runs in TS_NATIVE inside a JNI local frame, t's pending exception saved and
 * restored, an exception the agent leaves is dropped) or TS_NATIVE (an interface
 * function called by the agent). e->env_id must be set. Object* values the caller keeps
 * in C locals stay valid afterwards (objects never move; t's stack is scanned).
 */
void jvmpi_notify(Thread *t, JVMPI_Event *e, unsigned flags);

/* The live thread whose JNIEnv* is env, or NULL. Valid until the caller's next poll
 * (TS_JAVA) as thread_from_jthread. */
Thread *jvmpi_thread_of(JNIEnv *env);

/* Per-thread JVMPI state (Thread.tool_state), created on demand by the thread itself or
 * under the thread list lock; freed when the thread leaves the VM. */
typedef struct JvmpiThread {
    void *_Atomic local_storage; /* Set/GetThreadLocalStorage */
    int64_t wait_start_ns;       /* MONITOR_WAIT: when the current wait began */
    int64_t wait_timeout;        /* ... and its timeout argument */
    int64_t cpu_at_suspend;      /* ThreadHasRun: CPU time at the last SuspendThread */
    int64_t cpu_at_prev_suspend; /* ... and at the one before (-1: none) */
    bool suspended_by_jvmpi;     /* SuspendThread's mark (resumed by ResumeThread) */
    bool has_suspended;          /* SuspendThread suspended it at least once */
} JvmpiThread;
JvmpiThread *jvmpi_thread_state(Thread *t);

/* ---- events (events.c) ---- */

/* JVMPI's layer on JVMTI's event seam (jvmpi.c; jvmti_tool.h). */
extern JvmtiLayer jvmpi_layer;

/* The listeners jvmpi.c registers (jvmti_tool.h says when each is called). */
void jvmpi_on_thread_free(Thread *t);
void jvmpi_on_xrun_onload(Thread *t, bool done);
void jvmpi_on_thread_start(Thread *t);
void jvmpi_on_thread_end(Thread *t);
void jvmpi_on_class_load(Thread *t, Class *c);
uint8_t *jvmpi_on_class_file_load_hook(Thread *t, const uint8_t *data, size_t len, size_t *new_len);
void jvmpi_on_method_entry(Thread *t, Frame *f);
void jvmpi_on_method_exit(Thread *t, Frame *f);
void jvmpi_on_instruction(Thread *t, Frame *f);
void jvmpi_on_gc_start(Thread *t);
void jvmpi_on_gc_finish(Thread *t);
void jvmpi_on_object_alloc(Thread *t, Object *o);
void jvmpi_on_monitor_contended_enter(Thread *t, Object *o);
void jvmpi_on_monitor_contended_entered(Thread *t, Object *o);
void jvmpi_on_monitor_contended_exit(Thread *t, Object *o);
void jvmpi_on_monitor_wait(Thread *t, Object *o, int64_t timeout);
void jvmpi_on_monitor_waited(Thread *t, Object *o, bool timed_out);
void jvmpi_on_data_dump_request(Thread *t);
void jvmpi_on_globalref_alloc(Thread *t, Object *o, jobject ref, bool weak);
void jvmpi_on_globalref_free(Thread *t, jobject ref, bool weak);
void jvmpi_on_sleep(Thread *t, int64_t millis, bool done);
void jvmpi_on_class_unload(Thread *t, const Class *c);
/* EnableEvent/DisableEvent bookkeeping: what the VM's hooks must deliver now that ev is
 * (no longer) enabled. self: current thread or NULL. */
void jvmpi_events_update(Thread *self, jint ev);

/* The defining events, also produced by RequestEvent (requested: the
 * JVMPI_REQUESTED_EVENT bit is set). t current, TS_JAVA. */
void jvmpi_post_class_load(Thread *t, Class *c, bool requested);
void jvmpi_post_thread_start(Thread *t, Thread *of, jint type, bool requested);
void jvmpi_post_object_alloc(Thread *t, Object *o, bool requested);
/* The back-fill of defining events after JVM_INIT_DONE (HotSpot's order: objects,
 * classes, threads), for those enabled. */
void jvmpi_backfill(Thread *t);
/* ARENA_NEW for the heap, if enabled and not sent yet. */
void jvmpi_post_arena_new(Thread *t);

/* ---- dumps (dump.c) ---- */

/* RequestEvent(HEAP_DUMP / OBJECT_DUMP / MONITOR_DUMP), on t (TS_JAVA). */
jint jvmpi_heap_dump(Thread *t, int level);
jint jvmpi_object_dump(Thread *t, Object *o);
jint jvmpi_monitor_dump(Thread *t);

/* ---- functions.c, rawmonitor.c ---- */

void jvmpi_GetCallTrace(JVMPI_CallTrace *trace, jint depth);
void jvmpi_ProfilerExit(jint code);
JVMPI_RawMonitor jvmpi_RawMonitorCreate(char *name);
void jvmpi_RawMonitorEnter(JVMPI_RawMonitor m);
void jvmpi_RawMonitorExit(JVMPI_RawMonitor m);
void jvmpi_RawMonitorWait(JVMPI_RawMonitor m, jlong ms);
void jvmpi_RawMonitorNotifyAll(JVMPI_RawMonitor m);
void jvmpi_RawMonitorDestroy(JVMPI_RawMonitor m);
jlong jvmpi_GetCurrentThreadCpuTime(void);
void jvmpi_SuspendThread(JNIEnv *env);
void jvmpi_ResumeThread(JNIEnv *env);
jint jvmpi_GetThreadStatus(JNIEnv *env);
jboolean jvmpi_ThreadHasRun(JNIEnv *env);
jint jvmpi_CreateSystemThread(char *name, jint priority, void (*f)(void *));
void jvmpi_SetThreadLocalStorage(JNIEnv *env, void *ptr);
void *jvmpi_GetThreadLocalStorage(JNIEnv *env);
void jvmpi_DisableGC(void);
void jvmpi_EnableGC(void);
void jvmpi_RunGC(void);
jobjectID jvmpi_GetThreadObject(JNIEnv *env);
jobjectID jvmpi_GetMethodClass(jmethodID mid);
jobject jvmpi_jobjectID2jobject(jobjectID id);
jobjectID jvmpi_jobject2jobjectID(jobject obj);
void jvmpi_SuspendThreadList(jint count, JNIEnv **list, jint *results);
void jvmpi_ResumeThreadList(jint count, JNIEnv **list, jint *results);

/* JVMPI_THREAD_* status of t (GetThreadStatus, MONITOR_DUMP). */
jint jvmpi_thread_status(Thread *t);
/* Fills trace->frames for t (t's frames stable: t is self or stopped). */
void jvmpi_fill_trace(Thread *t, JVMPI_CallFrame *frames, jint depth, jint *num);

/* Raw monitors for MONITOR_DUMP: appends one JVMPI_MONITOR_RAW record per live raw
 * monitor to the buffer (dump.c's writer). */
typedef struct JvmpiBuf JvmpiBuf;
void jvmpi_raw_monitors_dump(JvmpiBuf *b);
void jvmpi_raw_monitor_init(void);

/* A growable byte buffer for dumps (dump.c). */
struct JvmpiBuf {
    char *data;
    size_t len, cap;
    bool oom;
};
void jvmpi_buf_u1(JvmpiBuf *b, uint8_t v);
void jvmpi_buf_u4(JvmpiBuf *b, uint32_t v); /* big-endian */
void jvmpi_buf_ptr(JvmpiBuf *b, const void *p); /* native order, pointer size */

#endif
