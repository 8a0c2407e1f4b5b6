// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * stack.c — JVMTI stack frame queries (spec category "Stack Frame"): GetStackTrace,
 * GetAllStackTraces, GetThreadListStackTraces, GetFrameCount, GetFrameLocation.
 * PopFrame is in framecontrol.c, NotifyFramePop and ClearAllFramePops in
 * bytecodeevents.c.
 *
 * Frames and depth: a thread's frames are its interpreter frame chain (interp.h) from the
 * top, Java and native method frames alike, skipping the entry frames that mark C -> Java
 * transitions: HotSpot's javaVFrame numbering, the same rule as local.c's frame_at. So an
 * agent's native method asking about the current thread finds itself at depth 0
 * (location -1, as every native frame) and its Java caller at depth 1. A thread that runs
 * no Java code (an agent thread) has no frames.
 *
 * Consistency: none of these functions needs the thread suspended. The current thread's
 * frames below the JVMTI call do not change while we read them. Another thread's frames
 * are read inside a safepoint (thread_safepoint_begin/end): every other thread is then
 * stopped at a poll or in a safe state, with its top frame's pc and sp synced, so the
 * chain is consistent; the multi-thread functions read every thread in the same safepoint,
 * so the traces are one snapshot (as HotSpot's VM operations). Inside the safepoint we
 * only read frames, malloc and make JNI local references of the caller; nothing there
 * allocates Java objects or blocks. A Thread* found before the safepoint may belong to a
 * thread that exits while we wait to begin it, so threads are looked up again from their
 * java.lang.Thread inside (the java.lang.Thread itself stays valid: the caller's JNI
 * reference keeps it alive and the collector does not move objects).
 *
 * Contracts: called by the generated wrappers (gen/jvmti_entry.c) in the live phase in
 * TS_JAVA, after the thread (alive; NULL = current where the spec allows), minimums and
 * out-pointers were checked. Memory returned to the agent is jvmti_alloc'd; the stack
 * infos of the multi-thread functions are one block, freed with one Deallocate.
 */
#include <string.h>

#include "../vm/interp.h"
#include "../vm/ref.h"
#include "../vm/thread.h"
#include "../vm/wellknown.h"
#include "gen/jvmti_impl.h"
#include "jvmti_int.h"
#include "jvmti_tool.h"

/* ------------------------------------------------------------------------------------ */
/* Frame walking                                                                         */
/* ------------------------------------------------------------------------------------ */

static jint count_frames(const Thread *t)
{
    jint n = 0;
    for (Frame *f = frame_skip_entries(t->top_frame); f != NULL; f = frame_skip_entries(f->prev)) n++;
    return n;
}

static void frame_info(Frame *f, jvmtiFrameInfo *out)
{
    /* A frame still running an old version of a redefined method: its copy if the
     * method is obsolete, else (EMCP) the method itself (src/vm/redefine.h). */
    out->method = (jmethodID)method_for_tools(f->method);
    out->location = (f->flags & FRAME_NATIVE) ? -1 : (jlocation)frame_bci(f);
}

/* GetStackTrace's frame selection on t's stable frames: start_depth >= 0 counts from the
 * top, < 0 from below the bottom (-1: the bottom frame alone). */
static jvmtiError trace(const Thread *t, jint start_depth, jint max_count, jvmtiFrameInfo *buf, jint *count_ptr)
{
    jint depth = count_frames(t);
    jint skip;
    if (start_depth >= 0) {
        /* A positive start at or past the bottom is refused; 0 is fine on an empty stack. */
        if (start_depth > 0 && start_depth >= depth) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
        skip = start_depth;
    } else {
        if (-start_depth > depth) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
        skip = depth + start_depth;
    }
    Frame *f = frame_skip_entries(t->top_frame);
    for (jint i = 0; i < skip; i++) f = frame_skip_entries(f->prev);
    jint n = 0;
    for (; f != NULL && n < max_count; f = frame_skip_entries(f->prev)) frame_info(f, &buf[n++]);
    *count_ptr = n;
    return JVMTI_ERROR_NONE;
}

/* ------------------------------------------------------------------------------------ */
/* Running a query on stable frames                                                      */
/* ------------------------------------------------------------------------------------ */

bool jvmti_stop_world(Thread *self)
{
    if (thread_is_safepoint_initiator(self)) return false;
    thread_safepoint_begin(self);
    return true;
}

jvmtiError jvmti_on_stable_frames(Thread *self, Thread *t, JvmtiFrameQuery q, void *arg)
{
    if (t == self) return q(self, t, arg);
    Object *jt = t->jthread;
    if (jt == NULL) return JVMTI_ERROR_THREAD_NOT_ALIVE;
    bool stopped = jvmti_stop_world(self);
    Thread *vt = thread_from_jthread(jt);
    jvmtiError err = vt == NULL ? JVMTI_ERROR_THREAD_NOT_ALIVE : q(self, vt, arg);
    if (stopped) thread_safepoint_end(self);
    return err;
}

typedef struct TraceArgs {
    jint start_depth, max_count;
    jvmtiFrameInfo *buf;
    jint *count_ptr;
} TraceArgs;

static jvmtiError trace_query(Thread *self, Thread *t, void *arg)
{
    TraceArgs *a = arg;
    return trace(t, a->start_depth, a->max_count, a->buf, a->count_ptr);
}

/* JVMTI: GetStackTrace */
jvmtiError jvmti_GetStackTrace(JvmtiEnv *env, Thread *self, Thread *thread, jint start_depth, jint max_frame_count,
                               jvmtiFrameInfo *frame_buffer, jint *count_ptr)
{
    TraceArgs a = {start_depth, max_frame_count, frame_buffer, count_ptr};
    return jvmti_on_stable_frames(self, thread, trace_query, &a);
}

static jvmtiError count_query(Thread *self, Thread *t, void *arg)
{
    *(jint *)arg = count_frames(t);
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetFrameCount */
jvmtiError jvmti_GetFrameCount(JvmtiEnv *env, Thread *self, Thread *thread, jint *count_ptr)
{
    return jvmti_on_stable_frames(self, thread, count_query, count_ptr);
}

typedef struct LocationArgs {
    jint depth;
    jmethodID *method_ptr;
    jlocation *location_ptr;
} LocationArgs;

static jvmtiError location_query(Thread *self, Thread *t, void *arg)
{
    LocationArgs *a = arg;
    Frame *f = frame_skip_entries(t->top_frame);
    for (jint i = 0; f != NULL && i < a->depth; i++) f = frame_skip_entries(f->prev);
    if (f == NULL) return JVMTI_ERROR_NO_MORE_FRAMES;
    jvmtiFrameInfo fi;
    frame_info(f, &fi);
    *a->method_ptr = fi.method;
    *a->location_ptr = fi.location;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetFrameLocation */
jvmtiError jvmti_GetFrameLocation(JvmtiEnv *env, Thread *self, Thread *thread, jint depth, jmethodID *method_ptr,
                                  jlocation *location_ptr)
{
    LocationArgs a = {depth, method_ptr, location_ptr};
    return jvmti_on_stable_frames(self, thread, location_query, &a);
}

/* ------------------------------------------------------------------------------------ */
/* Several threads: GetAllStackTraces, GetThreadListStackTraces                          */
/* ------------------------------------------------------------------------------------ */

/* One thread's part of a multi-thread answer, gathered inside the safepoint. */
typedef struct Gathered {
    Object *jthread; /* the java.lang.Thread (alive or not) */
    Thread *vm;      /* its VM thread if alive, else NULL */
} Gathered;

/*
 * Fills the single block the agent gets: n jvmtiStackInfo records followed by every
 * frame, each record's frame_buffer pointing into the block (NULL when it has no frames).
 * Runs inside the safepoint (or on the current thread alone); the jthreads become JNI
 * local references of self.
 */
static jvmtiError fill_infos(JvmtiEnv *env, Thread *self, const Gathered *g, jint n, jint max_frame_count,
                             jvmtiStackInfo **out)
{
    size_t frames = 0;
    for (jint i = 0; i < n; i++)
        if (g[i].vm != NULL) {
            jint c = count_frames(g[i].vm);
            frames += (size_t)(c < max_frame_count ? c : max_frame_count);
        }
    size_t size = (size_t)n * sizeof(jvmtiStackInfo) + frames * sizeof(jvmtiFrameInfo);
    jvmtiStackInfo *info = jvmti_alloc(size == 0 ? 1 : size);
    if (info == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
    jvmtiFrameInfo *fi = (jvmtiFrameInfo *)(info + n);
    for (jint i = 0; i < n; i++) {
        jvmtiStackInfo *si = &info[i];
        si->thread = ref_new_local(self, g[i].jthread);
        jvmti_GetThreadState(env, self, g[i].jthread, &si->state);
        si->frame_count = 0;
        si->frame_buffer = NULL;
        if (g[i].vm != NULL && (si->state & JVMTI_THREAD_STATE_ALIVE)) {
            trace(g[i].vm, 0, max_frame_count, fi, &si->frame_count);
            if (si->frame_count > 0) si->frame_buffer = fi;
            fi += si->frame_count;
        }
    }
    *out = info;
    return JVMTI_ERROR_NONE;
}

typedef struct LiveList {
    Gathered *g;
    jint n, cap;
    bool overflow;
} LiveList;

/* Under the registry lock (thread_for_each): no blocking, no VM allocation. Threads that
 * have a java.lang.Thread and have not ended it (eetop still names them), like HotSpot's
 * "alive and not exiting". */
static void gather_live(Thread *t, void *arg)
{
    LiveList *l = arg;
    if (t->jthread == NULL || thread_from_jthread(t->jthread) != t) return;
    if (l->n == l->cap) {
        l->overflow = true;
        return;
    }
    l->g[l->n].jthread = t->jthread;
    l->g[l->n].vm = t;
    l->n++;
}

/* JVMTI: GetAllStackTraces */
jvmtiError jvmti_GetAllStackTraces(JvmtiEnv *env, Thread *self, jint max_frame_count, jvmtiStackInfo **stack_info_ptr,
                                   jint *thread_count_ptr)
{
    /* The registry may grow between sizing and gathering: retry with room to spare. */
    for (jint cap = 64;; cap *= 2) {
        LiveList l = {jvmti_alloc((size_t)cap * sizeof(Gathered)), 0, cap, false};
        if (l.g == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
        bool stopped = jvmti_stop_world(self);
        thread_for_each(gather_live, &l);
        jvmtiError err = JVMTI_ERROR_NONE;
        if (!l.overflow) err = fill_infos(env, self, l.g, l.n, max_frame_count, stack_info_ptr);
        if (stopped) thread_safepoint_end(self);
        jvmti_free(l.g);
        if (l.overflow) continue;
        if (err == JVMTI_ERROR_NONE) *thread_count_ptr = l.n;
        return err;
    }
}

/* JVMTI: GetThreadListStackTraces. Threads not alive (not started, or ended) get their
 * state and no frames; an element that is not a thread fails the whole call. */
jvmtiError jvmti_GetThreadListStackTraces(JvmtiEnv *env, Thread *self, jint thread_count, const jthread *thread_list,
                                          jint max_frame_count, jvmtiStackInfo **stack_info_ptr)
{
    Gathered *g = jvmti_alloc((size_t)(thread_count > 0 ? thread_count : 1) * sizeof(Gathered));
    if (g == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
    for (jint i = 0; i < thread_count; i++) {
        Object *o = ref_get(thread_list[i]);
        if (o == NULL || !class_is_subclass_of(o->klass, wk.Thread)) {
            jvmti_free(g);
            return JVMTI_ERROR_INVALID_THREAD;
        }
        g[i].jthread = o;
    }
    /* Only the current thread: no need to stop the others. */
    bool alone = true;
    for (jint i = 0; i < thread_count; i++)
        if (g[i].jthread != self->jthread) alone = false;
    bool stopped = !alone && jvmti_stop_world(self);
    for (jint i = 0; i < thread_count; i++) g[i].vm = thread_from_jthread(g[i].jthread);
    jvmtiError err = fill_infos(env, self, g, thread_count, max_frame_count, stack_info_ptr);
    if (stopped) thread_safepoint_end(self);
    jvmti_free(g);
    return err;
}

/* jvmti_tool.h: the same for a tool layered on JVMTI. */
jvmtiError jvmti_tool_on_stable_frames(Thread *self, Thread *t, JvmtiToolFrameQuery q, void *arg)
{
    return jvmti_on_stable_frames(self, t, q, arg);
}
