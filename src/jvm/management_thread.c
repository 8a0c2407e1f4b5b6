// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * management_thread.c — the JMM slots behind ThreadMXBean (java.lang.management and
 * com.sun.management): ThreadInfo snapshots (GetThreadInfo, DumpThreads) with stack
 * traces, the lock a thread is blocked or waiting on and its owner, blocked and waited
 * counts and times (Thread.contention, kept by monitor.c and thread.c), locked monitors
 * with the stack depth that locked them and locked ownable synchronizers; deadlock
 * detection over object monitors and java.util.concurrent ownable synchronizers; thread
 * CPU time and allocated bytes.
 *
 * Consistency: a snapshot of several threads with stacks is taken inside one safepoint
 * (every other thread stopped), as HotSpot does with a VM operation; without stacks the
 * threads are read as they run, as HotSpot does too. The objects found (threads, locks,
 * monitors, synchronizers) become JNI local references of the caller before the world
 * resumes, since the collector cannot see C arrays; StackTraceElements are made after it
 * resumes, from the recorded (Method, bci) pairs, and ThreadInfo objects through JNI.
 *
 * Thread lookup: JMM names threads by java.lang.Thread.tid. A thread counts from its start
 * until it begins to exit (Thread.counted), as ThreadMXBean's counts do; one that is
 * exiting or gone yields a null ThreadInfo or -1, never an exception.
 */
#include "management.h"

#include <stdlib.h>
#include <string.h>

#include "../os/os.h"
#include "../vm/class.h"
#include "../vm/interp.h"
#include "../vm/jnienter.h"
#include "../vm/loader.h"
#include "../vm/monitor.h"
#include "../vm/object.h"
#include "../vm/ref.h"
#include "../vm/sym.h"
#include "../vm/thread.h"
#include "../vm/wellknown.h"
#include "deadlock.h"
#include "jvm_stack.h"

/* ------------------------------------------------------------------------------------ */
/* Finding threads                                                                       */
/* ------------------------------------------------------------------------------------ */

static int64_t java_tid(Thread *t) { return FIELD_GET(t->jthread, wk_off.Thread_tid, int64_t); }

static bool visible(Thread *t) { return t->jthread != NULL && t->counted; }

typedef struct TidQuery {
    int64_t tid;
    Thread *found;
} TidQuery;

static void match_tid(Thread *t, void *arg)
{
    TidQuery *q = arg;
    if (q->found == NULL && visible(t) && java_tid(t) == q->tid) q->found = t;
}

/* The live thread with Thread.tid == tid, or NULL. Caller in TS_JAVA; the record stays
 * valid until it next polls. */
static Thread *find_tid(int64_t tid)
{
    TidQuery q = {tid, NULL};
    thread_for_each(match_tid, &q);
    return q.found;
}

/* Copies a long[] of thread ids; NULL with an exception if it is null or holds an id
 * <= 0 (HotSpot's "Invalid thread ID entry"). *n receives the length. */
static jlong *copy_ids(JNIEnv *env, jlongArray ids, jsize *n)
{
    if (ids == NULL) {
        mgmt_throw(env, "java/lang/NullPointerException", NULL);
        return NULL;
    }
    *n = (*env)->GetArrayLength(env, ids);
    jlong *v = vm_malloc(((size_t)*n + 1) * sizeof(jlong));
    (*env)->GetLongArrayRegion(env, ids, 0, *n, v);
    for (jsize i = 0; i < *n; i++)
        if (v[i] <= 0) {
            free(v);
            mgmt_throw(env, "java/lang/IllegalArgumentException", "Invalid thread ID entry");
            return NULL;
        }
    return v;
}

/* ------------------------------------------------------------------------------------ */
/* CPU time and allocated bytes                                                          */
/* ------------------------------------------------------------------------------------ */

static int64_t cpu_time_of(int64_t kernel_tid, bool user_sys)
{
    return user_sys ? os_thread_cpu_time_of(kernel_tid) : os_thread_user_time_of(kernel_tid);
}

/* CPU time of the thread with Java id tid (0 = the caller), -1 if it is not alive. */
static int64_t thread_cpu(JNIEnv *env, jlong tid, bool user_sys)
{
    if (tid == 0) return user_sys ? os_thread_cpu_time() : os_thread_user_time_of(os_thread_id());
    Thread *self = thread_from_env(env);
    int prev = jni_enter(self);
    Thread *t = find_tid(tid);
    int64_t ktid = t != NULL ? t->tid : -1;
    jni_leave(self, prev);
    /* The kernel's clock of an exited thread answers an error: -1, as for no thread. */
    return ktid > 0 ? cpu_time_of(ktid, user_sys) : -1;
}

/* JMM: GetThreadCpuTime (user + system). */
jlong JNICALL mgmt_GetThreadCpuTime(JNIEnv *env, jlong tid)
{
    return mgmt_GetThreadCpuTimeWithKind(env, tid, JNI_TRUE);
}

/* JMM: GetThreadCpuTimeWithKind. user_sys: user + system time, else user time only. */
jlong JNICALL mgmt_GetThreadCpuTimeWithKind(JNIEnv *env, jlong tid, jboolean user_sys)
{
    if (tid < 0) {
        mgmt_throw(env, "java/lang/IllegalArgumentException", "Invalid thread ID");
        return -1;
    }
    return thread_cpu(env, tid, user_sys);
}

typedef struct TidMap {
    const jlong *ids;
    jsize n;
    int64_t *out; /* per id: a kernel tid, or bytes allocated; -1 if not found */
    bool allocated;
} TidMap;

static void map_tids(Thread *t, void *arg)
{
    TidMap *m = arg;
    if (!visible(t)) return;
    int64_t id = java_tid(t);
    for (jsize i = 0; i < m->n; i++)
        if (m->ids[i] == id) m->out[i] = m->allocated ? (int64_t)t->tlab.allocated : t->tid;
}

/* Looks up every id at once (one pass over the threads): kernel tids or allocated bytes. */
static int64_t *map_ids(JNIEnv *env, const jlong *ids, jsize n, bool allocated)
{
    int64_t *out = vm_malloc(((size_t)n + 1) * sizeof(int64_t));
    for (jsize i = 0; i < n; i++) out[i] = -1;
    TidMap m = {ids, n, out, allocated};
    Thread *self = thread_from_env(env);
    int prev = jni_enter(self);
    thread_for_each(map_tids, &m);
    jni_leave(self, prev);
    return out;
}

static bool check_lengths(JNIEnv *env, jlongArray ids, jlongArray out)
{
    if (ids == NULL || out == NULL) return mgmt_throw(env, "java/lang/NullPointerException", NULL);
    if ((*env)->GetArrayLength(env, ids) != (*env)->GetArrayLength(env, out))
        return mgmt_throw(env, "java/lang/IllegalArgumentException",
                          "The length of the given long array does not match the length of the given array of thread IDs");
    return true;
}

/* JMM: GetThreadCpuTimesWithKind. */
void JNICALL mgmt_GetThreadCpuTimesWithKind(JNIEnv *env, jlongArray ids, jlongArray times, jboolean user_sys)
{
    if (!check_lengths(env, ids, times)) return;
    jsize n;
    jlong *v = copy_ids(env, ids, &n);
    if (v == NULL) return;
    int64_t *ktid = map_ids(env, v, n, false);
    for (jsize i = 0; i < n; i++) v[i] = ktid[i] > 0 ? cpu_time_of(ktid[i], user_sys) : -1;
    (*env)->SetLongArrayRegion(env, times, 0, n, v);
    free(ktid);
    free(v);
}

/* JMM: GetOneThreadAllocatedMemory: tid 0 = the caller. */
jlong JNICALL mgmt_GetOneThreadAllocatedMemory(JNIEnv *env, jlong tid)
{
    if (tid < 0) {
        mgmt_throw(env, "java/lang/IllegalArgumentException", "Invalid thread ID");
        return -1;
    }
    if (tid == 0) return (jlong)thread_from_env(env)->tlab.allocated;
    Thread *self = thread_from_env(env);
    int prev = jni_enter(self);
    Thread *t = find_tid(tid);
    jlong r = t != NULL ? (jlong)t->tlab.allocated : -1;
    jni_leave(self, prev);
    return r;
}

/* JMM: GetThreadAllocatedMemory. */
void JNICALL mgmt_GetThreadAllocatedMemory(JNIEnv *env, jlongArray ids, jlongArray sizes)
{
    if (!check_lengths(env, ids, sizes)) return;
    jsize n;
    jlong *v = copy_ids(env, ids, &n);
    if (v == NULL) return;
    int64_t *bytes = map_ids(env, v, n, true);
    for (jsize i = 0; i < n; i++) v[i] = bytes[i];
    (*env)->SetLongArrayRegion(env, sizes, 0, n, v);
    free(bytes);
    free(v);
}

static void sum_allocated(Thread *t, void *arg)
{
    if (t->counted) *(int64_t *)arg += (int64_t)t->tlab.allocated;
}

/* JMM: GetTotalThreadAllocatedMemory: live threads plus those that exited; never less
 * than an earlier answer (the two parts are read at slightly different times). */
jlong JNICALL mgmt_GetTotalThreadAllocatedMemory(JNIEnv *env)
{
    static _Atomic int64_t highest;
    Thread *self = thread_from_env(env);
    int prev = jni_enter(self);
    ThreadCounts tc;
    thread_get_counts(&tc);
    int64_t sum = tc.exited_allocated;
    thread_for_each(sum_allocated, &sum);
    jni_leave(self, prev);
    int64_t h = atomic_load(&highest);
    while (sum > h && !atomic_compare_exchange_weak(&highest, &h, sum)) {
    }
    return sum > h ? sum : h;
}

/* ------------------------------------------------------------------------------------ */
/* Contention statistics                                                                 */
/* ------------------------------------------------------------------------------------ */

typedef struct ResetQuery {
    int64_t tid;
    bool counts, times, found;
} ResetQuery;

static void reset_one(Thread *t, void *arg)
{
    ResetQuery *q = arg;
    if (!visible(t) || (q->tid != 0 && java_tid(t) != q->tid)) return;
    q->found = true;
    if (q->counts) {
        atomic_store_explicit(&t->contention.blocked_count, 0, memory_order_relaxed);
        atomic_store_explicit(&t->contention.waited_count, 0, memory_order_relaxed);
    }
    if (q->times) {
        atomic_store_explicit(&t->contention.blocked_ns, 0, memory_order_relaxed);
        atomic_store_explicit(&t->contention.waited_ns, 0, memory_order_relaxed);
    }
}

bool mgmt_reset_contention(JNIEnv *env, jlong tid, bool counts, bool times)
{
    ResetQuery q = {tid, counts, times, false};
    Thread *self = thread_from_env(env);
    int prev = jni_enter(self);
    thread_for_each(reset_one, &q);
    jni_leave(self, prev);
    return q.found;
}

/* ------------------------------------------------------------------------------------ */
/* Snapshots                                                                             */
/* ------------------------------------------------------------------------------------ */

typedef struct ObjList {
    jobject *v;
    int *depth;
    int n, cap;
} ObjList;

static void objlist_add(ObjList *l, jobject o, int depth)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 8;
        l->v = vm_realloc(l->v, (size_t)l->cap * sizeof(jobject));
        l->depth = vm_realloc(l->depth, (size_t)l->cap * sizeof(int));
    }
    l->v[l->n] = o;
    l->depth[l->n] = depth;
    l->n++;
}

typedef struct Snap {
    Thread *t; /* during the safepoint only; NULL: no such live thread */
    jobject thread, lock, owner;
    int status;
    int64_t blocked_count, blocked_ms, waited_count, waited_ms;
    int nframes, cap;
    Method **methods;
    int *bcis;
    ObjList monitors, syncs;
    jobject stack; /* StackTraceElement[] or NULL (no trace taken) */
} Snap;

typedef struct Walk {
    Thread *self;
    Snap *s;
    int max_depth; /* -1: all */
    bool monitors;
    Object *skip1, *skip2; /* the monitor the thread waits on / waits to enter */
} Walk;

static bool owned_by(Object *o, Thread *t) { return o != NULL && mon_owner(o, NULL) == t; }

/* One frame: its method and bci, and the monitors it holds (HotSpot's
 * javaVFrame::locked_monitors: newest first, the leading ones the thread is only waiting
 * for left out). */
static bool walk_frame(Frame *f, void *arg)
{
    Walk *w = arg;
    Snap *s = w->s;
    if (w->max_depth >= 0 && s->nframes >= w->max_depth) return false;
    if (s->nframes == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 32;
        s->methods = vm_realloc(s->methods, (size_t)s->cap * sizeof(Method *));
        s->bcis = vm_realloc(s->bcis, (size_t)s->cap * sizeof(int));
    }
    int depth = s->nframes++;
    s->methods[depth] = STACK_FRAME_METHOD(f); /* an old-version copy may go (redefine.h) */
    s->bcis[depth] = STACK_FRAME_BCI(f);
    if (!w->monitors) return true;
    Thread *t = s->t;
    if (f->flags & FRAME_NATIVE) {
        Method *m = f->method;
        if (m->access & ACC_SYNCHRONIZED) {
            Object *o = method_is_static(m) ? m->clazz->mirror : f->locals[0].l;
            if (owned_by(o, t)) objlist_add(&s->monitors, ref_new_local(w->self, o), depth);
        }
        return true;
    }
    Slot *mon = frame_monitors(f);
    bool found_first = false;
    for (uint32_t i = f->nmon; i-- > 0;) {
        Object *o = mon[i].l;
        if (o == NULL) continue;
        if (!found_first && (o == w->skip1 || o == w->skip2)) continue;
        found_first = true;
        if (owned_by(o, t)) objlist_add(&s->monitors, ref_new_local(w->self, o), depth);
    }
    return true;
}

static int64_t ns_to_ms(int64_t ns) { return ns / 1000000; }

/* Fills s for thread t (world stopped). HotSpot's ThreadSnapshot: a thread said to be
 * blocked or waiting on a monitor that has no object (or, when blocked, no owner) is
 * reported RUNNABLE; a parked thread's lock is its park blocker, whose owner is known
 * for ownable synchronizers. */
static void take_snapshot(Thread *self, Snap *s, int max_depth, bool monitors)
{
    Thread *t = s->t;
    s->thread = ref_new_local(self, t->jthread);
    int status = FIELD_GET(t->jthread, wk_off.Thread_threadStatus, int32_t);
    Object *lock = NULL, *owner = NULL;
    Monitor *wm = t->waiting_on, *bm = t->blocked_on;
    Object *contended = wm != NULL ? mon_object(wm) : bm != NULL ? mon_object(bm) : NULL;
    int base = status & ~(0x0080 | 0x0010 | 0x0020); /* without the WAITING bits */
    if (status == JTS_BLOCKED_ON_MONITOR_ENTER || base == (0x0100 | 0x0001)) {
        Thread *ot = contended != NULL ? mon_owner(contended, NULL) : NULL;
        if (contended == NULL || (ot == NULL && status == JTS_BLOCKED_ON_MONITOR_ENTER)) {
            status = JTS_RUNNABLE;
        } else {
            lock = contended;
            owner = ot != NULL ? ot->jthread : NULL;
        }
    }
    if (status == JTS_PARKED || status == JTS_PARKED_TIMED) {
        lock = FIELD_GET(t->jthread, wk_off.Thread_parkBlocker, Object *);
        owner = deadlock_synchronizer_owner(lock);
    }
    if (thread_is_suspended(t)) status |= JMM_THREAD_STATE_FLAG_SUSPENDED;
    Frame *top = frame_skip_entries(t->top_frame);
    if (t != self && atomic_load(&t->state) == TS_NATIVE && top != NULL && (top->flags & FRAME_NATIVE))
        status |= JMM_THREAD_STATE_FLAG_NATIVE;
    s->status = status;
    s->lock = ref_new_local(self, lock);
    s->owner = ref_new_local(self, owner);

    bool timing = atomic_load(&thread_contention_timing);
    s->blocked_count = atomic_load_explicit(&t->contention.blocked_count, memory_order_relaxed);
    s->waited_count = atomic_load_explicit(&t->contention.waited_count, memory_order_relaxed);
    s->blocked_ms = timing ? ns_to_ms(atomic_load_explicit(&t->contention.blocked_ns, memory_order_relaxed)) : -1;
    s->waited_ms = timing ? ns_to_ms(atomic_load_explicit(&t->contention.waited_ns, memory_order_relaxed)) : -1;

    s->nframes = max_depth == 0 ? -1 : 0;
    if (max_depth == 0) return;
    Walk w = {self, s, max_depth, monitors, wm != NULL ? mon_object(wm) : NULL, bm != NULL ? mon_object(bm) : NULL};
    interp_walk_frames(t, walk_frame, &w);
    if (monitors)
        for (int i = 0; i < t->jni_monitor_count; i++) {
            Object *o = t->jni_monitors[i];
            if (owned_by(o, t)) objlist_add(&s->monitors, ref_new_local(self, o), -1);
        }
}

/* Every owned ownable synchronizer goes to its owner's snapshot (world stopped). */
static void scan_syncs(Thread *self, Snap *snaps, int n)
{
    OwnedSynchronizers owned;
    if (!deadlock_owned_synchronizers(&owned)) return;
    for (int k = 0; k < owned.count; k++)
        for (int i = 0; i < n; i++)
            if (snaps[i].t == owned.owner[k]) objlist_add(&snaps[i].syncs, ref_new_local(self, owned.lock[k]), 0);
    deadlock_free_owned(&owned);
}


static void free_snaps(Snap *snaps, jsize n)
{
    for (jsize i = 0; i < n; i++) {
        free(snaps[i].methods);
        free(snaps[i].bcis);
        free(snaps[i].monitors.v);
        free(snaps[i].monitors.depth);
        free(snaps[i].syncs.v);
        free(snaps[i].syncs.depth);
    }
    free(snaps);
}

/* Snapshots of the threads named by ids (n of them), or of every live thread when ids is
 * NULL (*n receives the count). Caller in TS_NATIVE; returns with local refs in the
 * snapshots. NULL with an exception pending on failure. */
static Snap *snapshot(JNIEnv *env, const jlong *ids, jsize *n, int max_depth, bool monitors, bool syncs)
{
    Thread *self = thread_from_env(env);
    int prev = jni_enter(self);
    Snap *snaps = NULL;
    /* Without stacks, a thread's state, lock and counts are read as they are (in TS_JAVA
     * no collection can free a monitor or lock object meanwhile), as HotSpot does. */
    bool stop_world = max_depth != 0 || monitors || syncs;
    deadlock_prepare();
    if (stop_world) thread_safepoint_begin(self);
    if (ids == NULL) {
        int count;
        Thread **all = thread_java_threads(true, &count);
        *n = count;
        snaps = vm_calloc((size_t)count + 1, sizeof(Snap));
        for (int i = 0; i < count; i++) snaps[i].t = all[i];
        free(all);
    } else {
        snaps = vm_calloc((size_t)*n + 1, sizeof(Snap));
        for (jsize i = 0; i < *n; i++) snaps[i].t = find_tid(ids[i]);
    }
    for (jsize i = 0; i < *n; i++)
        if (snaps[i].t != NULL) take_snapshot(self, &snaps[i], max_depth, monitors);
    if (syncs) scan_syncs(self, snaps, (int)*n);
    if (stop_world) thread_safepoint_end(self);

    /* Stack traces, now that allocating is allowed again. */
    bool ok = true;
    Class *ste_array = loader_array_of(self, wk.StackTraceElement);
    if (ste_array == NULL || !class_ensure_init(self, wk.StackTraceElement)) ok = false;
    for (jsize i = 0; ok && i < *n; i++) {
        Snap *s = &snaps[i];
        if (s->t == NULL || s->nframes < 0) continue;
        Array *trace = obj_new_ref_array(self, wk.StackTraceElement, s->nframes);
        if (trace == NULL) {
            ok = false;
            break;
        }
        s->stack = ref_new_local(self, &trace->hdr);
        for (int k = 0; k < s->nframes; k++) {
            Object *ste = stack_new_element(self, s->methods[k], s->bcis[k]);
            if (ste == NULL) {
                ok = false;
                break;
            }
            trace = (Array *)ref_get(s->stack);
            ((Object **)array_data(trace))[k] = ste;
        }
    }
    jni_leave(self, prev);
    if (!ok) {
        free_snaps(snaps, *n);
        return NULL;
    }
    return snaps;
}

/* A ThreadInfo through its private constructors (jmm-abi.md 5.1): the 9-argument one, or
 * the 12-argument one with locked monitors, their depths and locked synchronizers. */
static jobject new_thread_info(JNIEnv *env, const Snap *s, bool with_locks)
{
    static jclass cls;
    static jmethodID ctor9, ctor12;
    if (ctor12 == NULL) {
        jclass c = (*env)->FindClass(env, "java/lang/management/ThreadInfo");
        if (c == NULL) return NULL;
        jmethodID m9 = (*env)->GetMethodID(env, c, "<init>",
                                           "(Ljava/lang/Thread;ILjava/lang/Object;Ljava/lang/Thread;JJJJ"
                                           "[Ljava/lang/StackTraceElement;)V");
        jmethodID m12 = (*env)->GetMethodID(env, c, "<init>",
                                            "(Ljava/lang/Thread;ILjava/lang/Object;Ljava/lang/Thread;JJJJ"
                                            "[Ljava/lang/StackTraceElement;[Ljava/lang/Object;[I[Ljava/lang/Object;)V");
        if (m9 == NULL || m12 == NULL) return NULL;
        cls = (*env)->NewGlobalRef(env, c);
        ctor9 = m9;
        ctor12 = m12;
    }
    if (!with_locks)
        return (*env)->NewObject(env, cls, ctor9, s->thread, (jint)s->status, s->lock, s->owner,
                                 (jlong)s->blocked_count, (jlong)s->blocked_ms, (jlong)s->waited_count,
                                 (jlong)s->waited_ms, s->stack);
    jclass oc = (*env)->FindClass(env, "java/lang/Object");
    if (oc == NULL) return NULL;
    jobjectArray mons = (*env)->NewObjectArray(env, s->monitors.n, oc, NULL);
    jintArray depths = mons != NULL ? (*env)->NewIntArray(env, s->monitors.n) : NULL;
    jobjectArray syncs = depths != NULL ? (*env)->NewObjectArray(env, s->syncs.n, oc, NULL) : NULL;
    if (syncs == NULL) return NULL;
    for (int i = 0; i < s->monitors.n; i++) (*env)->SetObjectArrayElement(env, mons, i, s->monitors.v[i]);
    if (s->monitors.n > 0) (*env)->SetIntArrayRegion(env, depths, 0, s->monitors.n, s->monitors.depth);
    for (int i = 0; i < s->syncs.n; i++) (*env)->SetObjectArrayElement(env, syncs, i, s->syncs.v[i]);
    jobject r = (*env)->NewObject(env, cls, ctor12, s->thread, (jint)s->status, s->lock, s->owner,
                                  (jlong)s->blocked_count, (jlong)s->blocked_ms, (jlong)s->waited_count,
                                  (jlong)s->waited_ms, s->stack, mons, depths, syncs);
    (*env)->DeleteLocalRef(env, mons);
    (*env)->DeleteLocalRef(env, depths);
    (*env)->DeleteLocalRef(env, syncs);
    return r;
}

static void drop_snap_refs(JNIEnv *env, const Snap *s)
{
    (*env)->DeleteLocalRef(env, s->thread);
    (*env)->DeleteLocalRef(env, s->lock);
    (*env)->DeleteLocalRef(env, s->owner);
    (*env)->DeleteLocalRef(env, s->stack);
    for (int i = 0; i < s->monitors.n; i++) (*env)->DeleteLocalRef(env, s->monitors.v[i]);
    for (int i = 0; i < s->syncs.n; i++) (*env)->DeleteLocalRef(env, s->syncs.v[i]);
}

/* JMM: GetThreadInfo. infoArray[i] = a ThreadInfo for ids[i], null if that thread is not
 * alive. maxDepth -1: the whole stack, 0: none. */
jint JNICALL mgmt_GetThreadInfo(JNIEnv *env, jlongArray ids, jint maxDepth, jobjectArray infoArray)
{
    if (ids == NULL || infoArray == NULL) {
        mgmt_throw(env, "java/lang/NullPointerException", NULL);
        return -1;
    }
    if (maxDepth < -1) {
        mgmt_throw(env, "java/lang/IllegalArgumentException", "Invalid maxDepth");
        return -1;
    }
    jclass ac = (*env)->FindClass(env, "[Ljava/lang/management/ThreadInfo;");
    if (ac == NULL) return -1;
    if (!(*env)->IsInstanceOf(env, infoArray, ac)) {
        mgmt_throw(env, "java/lang/IllegalArgumentException", "infoArray element type is not ThreadInfo class");
        return -1;
    }
    jsize n;
    jlong *v = copy_ids(env, ids, &n);
    if (v == NULL) return -1;
    if (n != (*env)->GetArrayLength(env, infoArray)) {
        free(v);
        mgmt_throw(env, "java/lang/IllegalArgumentException",
                   "The length of the given ThreadInfo array does not match the length of the given array of thread IDs");
        return -1;
    }
    Snap *snaps = snapshot(env, v, &n, maxDepth, false, false);
    free(v);
    if (snaps == NULL) return -1;
    jint r = 0;
    for (jsize i = 0; i < n; i++) {
        if (snaps[i].t == NULL) continue;
        jobject info = new_thread_info(env, &snaps[i], false);
        if (info == NULL) {
            r = -1;
            break;
        }
        (*env)->SetObjectArrayElement(env, infoArray, i, info);
        (*env)->DeleteLocalRef(env, info);
        drop_snap_refs(env, &snaps[i]);
    }
    free_snaps(snaps, n);
    return r;
}

/* JMM: DumpThreads. ids NULL: every live thread. */
jobjectArray JNICALL mgmt_DumpThreads(JNIEnv *env, jlongArray ids, jboolean lockedMonitors,
                                      jboolean lockedSynchronizers, jint maxDepth)
{
    if (maxDepth < -1) {
        mgmt_throw(env, "java/lang/IllegalArgumentException", "Invalid maxDepth");
        return NULL;
    }
    jsize n = 0;
    jlong *v = NULL;
    if (ids != NULL && (v = copy_ids(env, ids, &n)) == NULL) return NULL;
    Snap *snaps = snapshot(env, v, &n, maxDepth, lockedMonitors, lockedSynchronizers);
    free(v);
    if (snaps == NULL) return NULL;
    jclass tc = (*env)->FindClass(env, "java/lang/management/ThreadInfo");
    jobjectArray result = tc != NULL ? (*env)->NewObjectArray(env, n, tc, NULL) : NULL;
    for (jsize i = 0; result != NULL && i < n; i++) {
        if (snaps[i].t == NULL) continue;
        jobject info = new_thread_info(env, &snaps[i], true);
        if (info == NULL) {
            result = NULL;
            break;
        }
        (*env)->SetObjectArrayElement(env, result, i, info);
        (*env)->DeleteLocalRef(env, info);
        drop_snap_refs(env, &snaps[i]);
    }
    free_snaps(snaps, n);
    return result;
}

/* ------------------------------------------------------------------------------------ */
/* Deadlocks                                                                             */
/* ------------------------------------------------------------------------------------ */

/* The deadlocked threads' java.lang.Thread objects as local refs in *out (malloc'd);
 * returns how many. deadlock.c finds the cycles, as for thread dumps (HotSpot's
 * VM_FindDeadlocks serves both too). */
static int find_deadlocked(JNIEnv *env, bool monitors_only, jobject **out)
{
    Thread *self = thread_from_env(env);
    int prev = jni_enter(self);
    deadlock_prepare();
    thread_safepoint_begin(self);
    int count;
    Thread **all = thread_java_threads(true, &count);
    DeadlockCycles d;
    int n = 0;
    jobject *res = NULL;
    if (all != NULL && deadlock_find(all, count, monitors_only, &d)) {
        n = d.count > 0 ? d.end[d.count - 1] : 0;
        res = vm_malloc(((size_t)n + 1) * sizeof(jobject));
        for (int i = 0; i < n; i++) res[i] = ref_new_local(self, d.threads[i]->jthread);
        deadlock_free(&d);
    }
    thread_safepoint_end(self);
    jni_leave(self, prev);
    free(all);
    *out = res;
    return n;
}

static jobjectArray deadlocked_array(JNIEnv *env, bool monitors_only)
{
    jobject *threads;
    int n = find_deadlocked(env, monitors_only, &threads);
    jobjectArray r = NULL;
    if (n > 0) {
        jclass tc = (*env)->FindClass(env, "java/lang/Thread");
        r = tc != NULL ? (*env)->NewObjectArray(env, n, tc, NULL) : NULL;
        for (int i = 0; r != NULL && i < n; i++) (*env)->SetObjectArrayElement(env, r, i, threads[i]);
    }
    for (int i = 0; i < n; i++) (*env)->DeleteLocalRef(env, threads[i]);
    free(threads);
    return r;
}

/* JMM: FindCircularBlockedThreads (object monitors only); NULL if there is no deadlock. */
jobjectArray JNICALL mgmt_FindCircularBlockedThreads(JNIEnv *env)
{
    return deadlocked_array(env, true);
}

/* JMM: FindDeadlocks. */
jobjectArray JNICALL mgmt_FindDeadlocks(JNIEnv *env, jboolean object_monitors_only)
{
    return deadlocked_array(env, object_monitors_only != JNI_FALSE);
}
