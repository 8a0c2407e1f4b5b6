// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * events.c — the JVMTI event framework (spec "Event Management", "Events"): callbacks,
 * global and per-thread enablement, the fast-path mask, the posting helpers of events.h,
 * thread-local storage (Get/SetThreadLocalStorage, "Thread" category, kept here because
 * it lives in the same per-thread state), GenerateEvents, and the events that are not
 * about classes or bytecodes: VMStart, VMInit, VMDeath, ThreadStart, ThreadEnd,
 * GarbageCollectionStart/Finish, VMObjectAlloc, ResourceExhausted, DataDumpRequest.
 *
 * State and its locking. ev_lock guards every change: the per-environment global
 * enablement (JvmtiEnv.event_enabled), the per-thread states, the counts behind
 * jvmti_event_mask, and the environment snapshot. Posting reads without the lock:
 *   - the environment snapshot: an immutable array in creation order, replaced (copy on
 *     write) when an environment is created or disposed; replaced snapshots are kept on
 *     a retired list because a thread may be walking one inside a callback (they are
 *     small: one pointer per environment);
 *   - JvmtiEnv.event_enabled bytes and callback slots: single-word atomic accesses;
 *   - the event thread's own JvmtiThread: only that thread frees it (at its exit), and
 *     other threads change it only under ev_lock and only while the thread is alive.
 * ev_lock is a leaf lock held for a few memory operations, in any thread state; it
 * nests inside env.c's env_lock (env.c calls jvmti_events_env_created/disposed with
 * its lock held), never the reverse.
 *
 * jvmti_event_mask bit i is set while (global enablements + per-thread enablements) of
 * event i over all live environments is non-zero, and cleared for good after VMDeath.
 * Callbacks being set is not part of it: posting checks them.
 *
 * Per-thread state (Thread.jvmti_state, owned by this file): a JvmtiThread with one
 * ThreadEnv per environment that has touched the thread (per-thread enablement or
 * thread-local storage), and the nesting depth of callbacks running on the thread
 * (VMDeath waits for other threads' callbacks). Created on demand under ev_lock; at
 * thread exit replaced by the DEAD_STATE sentinel, so no new state can be attached to a
 * dying thread (such requests answer THREAD_NOT_ALIVE), and freed. ThreadEnv nodes of a
 * disposed environment are cleared, not unlinked, since the thread may be walking its
 * list; they go with the thread.
 */
#include <stdlib.h>
#include <string.h>

#include "../vm/class.h"
#include "../vm/exception.h"
#include "../vm/heap.h"
#include "../vm/interp.h"
#include "../vm/jnienter.h"
#include "../vm/object.h"
#include "../vm/ref.h"
#include "../vm/thread.h"
#include "../vm/wellknown.h"
#include "events.h"
#include "gen/jvmti_impl.h"
#include "heap_int.h"
#include "jvmti_int.h"
#include "jvmti_tool.h"
#include "jvmti_vm.h"

#define NEV (JVMTI_MAX_EVENT_TYPE_VAL - JVMTI_MIN_EVENT_TYPE_VAL + 1)
#define EV_INDEX(ev) ((int)(ev) - JVMTI_MIN_EVENT_TYPE_VAL)

_Atomic uint64_t jvmti_event_mask;

static OsMutex ev_lock;
static uint32_t global_count[NEV]; /* environments with the event enabled globally */
static uint32_t thread_count[NEV]; /* (environment, thread) pairs with it enabled */
_Atomic bool jvmti_events_over; /* VMDeath has been sent: nothing more, ever */
static bool vm_death_done;

/* ------------------------------------------------------------------------------------ */
/* Environment snapshots                                                                */
/* ------------------------------------------------------------------------------------ */

/* struct JvmtiEnvSnapshot: events.h (the inline iteration reads it). */
const JvmtiEnvSnapshot *_Atomic jvmti_env_snapshot;
static const JvmtiEnvSnapshot *retired;

/* Under ev_lock: publishes the current snapshot plus `add` (if not NULL) minus `drop`. */
static void republish(JvmtiEnv *add, JvmtiEnv *drop)
{
    const JvmtiEnvSnapshot *old = atomic_load_explicit(&jvmti_env_snapshot, memory_order_relaxed);
    uint32_t n = old ? old->n : 0;
    JvmtiEnvSnapshot *s = vm_calloc(1, sizeof *s + (n + 1) * sizeof s->env[0]);
    for (uint32_t i = 0; i < n; i++)
        if (old->env[i] != drop) s->env[s->n++] = old->env[i];
    if (add) s->env[s->n++] = add;
    atomic_store_explicit(&jvmti_env_snapshot, s, memory_order_release);
    if (old) {
        /* Readers may still walk it. */
        ((JvmtiEnvSnapshot *)old)->retired_next = retired;
        retired = old;
    }
}

/* ------------------------------------------------------------------------------------ */
/* Per-thread state                                                                     */
/* ------------------------------------------------------------------------------------ */

typedef struct ThreadEnv {
    struct ThreadEnv *_Atomic next;
    JvmtiEnv *env;
    _Atomic uint64_t enabled;  /* bit per event: enabled for this thread by env */
    const void *_Atomic tls;   /* Get/SetThreadLocalStorage */
    /* SingleStep's "already stepped" location (jvmti_step_skipped): set when single
     * stepping became enabled for the thread in env, cleared when the thread steps
     * elsewhere or stepping is disabled. skip_bci is written before skip_method. */
    Method *_Atomic skip_method;
    _Atomic int32_t skip_bci;
} ThreadEnv;

typedef struct JvmtiThread {
    _Atomic int callback_depth;  /* callbacks running on the thread; written by it alone;
                                  * first, step_skips second (events.h reads them inline) */
    _Atomic int step_skips;      /* ThreadEnvs with skip_method set: the fast test */
    Thread *thread;
    ThreadEnv *_Atomic envs;     /* newest first */
    int frame_pops;              /* NotifyFramePop requests on the thread, all environments */
    struct JvmtiThread *all_next, *all_prev; /* all_states list, under ev_lock */
} JvmtiThread;

JvmtiThread jvmti_dead_state;  /* the sentinel of exited threads */
#define DEAD_STATE (&jvmti_dead_state)
static JvmtiThread *all_states; /* live per-thread states */

static JvmtiThread *state_of(Thread *t)
{
    return __atomic_load_n((JvmtiThread **)&t->jvmti_state, __ATOMIC_ACQUIRE);
}

/* Under ev_lock: t's state, created if needed; NULL if t has exited. */
static JvmtiThread *state_get_locked(Thread *t)
{
    JvmtiThread *s = state_of(t);
    if (s == DEAD_STATE) return NULL;
    if (s != NULL) return s;
    s = vm_calloc(1, sizeof *s);
    s->thread = t;
    s->all_next = all_states;
    if (all_states) all_states->all_prev = s;
    all_states = s;
    __atomic_store_n((JvmtiThread **)&t->jvmti_state, s, __ATOMIC_RELEASE);
    return s;
}

static ThreadEnv *thread_env_find(JvmtiThread *s, JvmtiEnv *e)
{
    for (ThreadEnv *te = atomic_load_explicit(&s->envs, memory_order_acquire); te;
         te = atomic_load_explicit(&te->next, memory_order_acquire))
        if (te->env == e) return te;
    return NULL;
}

/* Under ev_lock. */
static ThreadEnv *thread_env_get_locked(JvmtiThread *s, JvmtiEnv *e)
{
    ThreadEnv *te = thread_env_find(s, e);
    if (te) return te;
    te = vm_calloc(1, sizeof *te);
    te->env = e;
    atomic_store_explicit(&te->next, atomic_load_explicit(&s->envs, memory_order_relaxed),
                          memory_order_relaxed);
    atomic_store_explicit(&s->envs, te, memory_order_release);
    return te;
}

/* Under ev_lock: recomputes the mask bit of event index i (0..63: beyond NEV only the
 * layers' JVMTI_XEVENT_* bits, which no environment counts). */
static void update_mask(int i)
{
    uint64_t bit = UINT64_C(1) << i;
    bool on = !atomic_load_explicit(&jvmti_events_over, memory_order_relaxed) &&
              ((i < NEV && global_count[i] + thread_count[i] > 0) ||
               (atomic_load_explicit(&jvmti_layers_mask, memory_order_relaxed) & bit) != 0);
    if (on) atomic_fetch_or_explicit(&jvmti_event_mask, bit, memory_order_relaxed);
    else atomic_fetch_and_explicit(&jvmti_event_mask, ~bit, memory_order_relaxed);
}

/* Under ev_lock: clears the per-thread enablement in te, keeping the counts right. */
static void thread_env_clear_events(ThreadEnv *te)
{
    uint64_t m = atomic_exchange_explicit(&te->enabled, 0, memory_order_relaxed);
    for (int i = 0; m != 0; i++, m >>= 1) {
        if (m & 1) {
            __atomic_fetch_sub(&thread_count[i], 1, __ATOMIC_RELAXED);
            update_mask(i);
        }
    }
}

void jvmti_thread_state_free(Thread *t)
{
    if (t->tool_state != NULL) JVMTI_LAYERS_CALL(thread_free, t);
    os_mutex_lock(&ev_lock);
    JvmtiThread *s = state_of(t);
    __atomic_store_n((JvmtiThread **)&t->jvmti_state, DEAD_STATE, __ATOMIC_RELEASE);
    if (s == NULL || s == DEAD_STATE) {
        os_mutex_unlock(&ev_lock);
        return;
    }
    if (s->all_prev) s->all_prev->all_next = s->all_next;
    else all_states = s->all_next;
    if (s->all_next) s->all_next->all_prev = s->all_prev;
    ThreadEnv *te = atomic_load_explicit(&s->envs, memory_order_relaxed);
    while (te) {
        ThreadEnv *next = atomic_load_explicit(&te->next, memory_order_relaxed);
        thread_env_clear_events(te);
        free(te);
        te = next;
    }
    os_mutex_unlock(&ev_lock);
    free(s);
}

/* ------------------------------------------------------------------------------------ */
/* Set-up and environments                                                              */
/* ------------------------------------------------------------------------------------ */

void jvmti_events_init(void)
{
    static bool done;
    if (done) return;
    done = true;
    os_mutex_init(&ev_lock);
}

void jvmti_events_env_created(JvmtiEnv *e)
{
    os_mutex_lock(&ev_lock);
    republish(e, NULL);
    os_mutex_unlock(&ev_lock);
}

void jvmti_events_env_disposed(JvmtiEnv *e)
{
    os_mutex_lock(&ev_lock);
    republish(NULL, e);
    for (int ev = JVMTI_MIN_EVENT_TYPE_VAL; ev <= JVMTI_MAX_EVENT_TYPE_VAL; ev++) {
        if (__atomic_exchange_n(&e->event_enabled[ev], 0, __ATOMIC_RELAXED)) {
            global_count[EV_INDEX(ev)]--;
            update_mask(EV_INDEX(ev));
        }
    }
    for (int i = 0; i < JVMTI_EXT_EVENT_SLOTS; i++) __atomic_store_n(&e->ext_callbacks[i], NULL, __ATOMIC_RELEASE);
    for (JvmtiThread *s = all_states; s; s = s->all_next) {
        ThreadEnv *te = thread_env_find(s, e);
        if (te == NULL) continue;
        thread_env_clear_events(te);
        atomic_store_explicit(&te->tls, NULL, memory_order_relaxed);
    }
    os_mutex_unlock(&ev_lock);
}

/* ------------------------------------------------------------------------------------ */
/* The interpreter's tool mode (src/vm/interp.h), per thread                            */
/* ------------------------------------------------------------------------------------ */

/*
 * Which events of executing code need which tool-mode bits: SingleStep (and the layers'
 * instruction events) the instrumented table, MethodEntry, MethodExit and frame pop
 * requests the method-event test. An event enabled globally (or wanted by a layer,
 * whose events are global) sets the bits of every thread; one enabled for a thread,
 * and a frame pop requested on it, only that thread's own. Field watches put every
 * thread on the field-watching table (INTERP_TOOL_WATCH): a watch is per field, not per
 * thread.
 *
 * A thread's own bits change under ev_lock alone (lock order: ev_lock, then the
 * interpreter's mode lock), from any thread in any state, the interpreter's own frame
 * exits included. The global bits change inside a safepoint as well: switching them
 * visits every thread under the thread registry's lock, which a collector holds while
 * the world is stopped, so taking it under ev_lock outside a safepoint could deadlock
 * with a thread in Java code waiting for ev_lock.
 */
static unsigned event_tool_bits(uint64_t mask)
{
    unsigned bits = 0;
    if (mask & JVMTI_EVENT_BIT(JVMTI_EVENT_SINGLE_STEP)) bits |= INTERP_TOOL_STEP;
    if (mask & (JVMTI_EVENT_BIT(JVMTI_EVENT_METHOD_ENTRY) | JVMTI_EVENT_BIT(JVMTI_EVENT_METHOD_EXIT)))
        bits |= INTERP_TOOL_METHOD;
    return bits;
}

/* Under ev_lock: the bits every thread runs with. */
static unsigned global_tool_bits(void)
{
    if (atomic_load_explicit(&jvmti_events_over, memory_order_relaxed)) return 0;
    uint64_t mask = atomic_load_explicit(&jvmti_layers_mask, memory_order_relaxed);
    static const jvmtiEvent evs[] = {JVMTI_EVENT_SINGLE_STEP, JVMTI_EVENT_METHOD_ENTRY, JVMTI_EVENT_METHOD_EXIT};
    for (size_t i = 0; i < sizeof evs / sizeof evs[0]; i++)
        if (global_count[EV_INDEX(evs[i])] > 0) mask |= JVMTI_EVENT_BIT(evs[i]);
    unsigned bits = event_tool_bits(mask);
    if (atomic_load_explicit(&jvmti_field_watch_count, memory_order_relaxed) > 0) bits |= INTERP_TOOL_WATCH;
    return bits;
}

/* Under ev_lock: s's thread's own bits, from its per-thread enablements and its frame
 * pop requests, handed to the interpreter. */
static void thread_tool_update(JvmtiThread *s)
{
    uint64_t mask = 0;
    if (!atomic_load_explicit(&jvmti_events_over, memory_order_relaxed)) {
        for (ThreadEnv *te = atomic_load_explicit(&s->envs, memory_order_relaxed); te;
             te = atomic_load_explicit(&te->next, memory_order_relaxed))
            mask |= atomic_load_explicit(&te->enabled, memory_order_relaxed);
    }
    unsigned bits = event_tool_bits(mask);
    if (s->frame_pops > 0) bits |= INTERP_TOOL_METHOD;
    interp_set_thread_tool_mode(s->thread, bits);
}

static unsigned applied_global_bits; /* under ev_lock: the last interp_set_tool_mode */

void jvmti_tool_mode_update(Thread *self)
{
    os_mutex_lock(&ev_lock);
    for (JvmtiThread *s = all_states; s; s = s->all_next) thread_tool_update(s);
    bool same = global_tool_bits() == applied_global_bits;
    os_mutex_unlock(&ev_lock);
    if (same) return;
    /* Concurrent callers each recompute inside their own safepoint: the last one leaves
     * the last state. self is NULL in the OnLoad phase, when no Java code runs yet. */
    bool stopped = self != NULL && jvmti_stop_world(self);
    os_mutex_lock(&ev_lock);
    applied_global_bits = global_tool_bits();
    interp_set_tool_mode(applied_global_bits);
    os_mutex_unlock(&ev_lock);
    if (stopped) thread_safepoint_end(self);
}

void jvmti_thread_frame_pops(Thread *t, int delta)
{
    os_mutex_lock(&ev_lock);
    JvmtiThread *s = state_get_locked(t);
    if (s != NULL) {
        s->frame_pops += delta;
        thread_tool_update(s);
    }
    os_mutex_unlock(&ev_lock);
}

/* ------------------------------------------------------------------------------------ */
/* Iteration and callbacks (events.h)                                                   */
/* ------------------------------------------------------------------------------------ */

static bool phase_allows(jvmtiEvent ev)
{
    jvmtiPhase p = jvmti_get_phase();
    switch (jvmti_event_info[ev].phase) {
    case JVMTI_SPEC_PHASE_LIVE: return p == JVMTI_PHASE_LIVE;
    case JVMTI_SPEC_PHASE_START: return p == JVMTI_PHASE_START || p == JVMTI_PHASE_LIVE;
    default: return p != JVMTI_PHASE_DEAD;
    }
}

static JvmtiAnyCallback callback_of(JvmtiEnv *e, jvmtiEvent ev)
{
    JvmtiAnyCallback *slot = (JvmtiAnyCallback *)((char *)&e->callbacks + jvmti_event_info[ev].callback_offset);
    return __atomic_load_n(slot, __ATOMIC_ACQUIRE);
}

/* ------------------------------------------------------------------------------------ */
/* The tool interfaces layered on JVMTI (jvmti_tool.h)                                  */
/* ------------------------------------------------------------------------------------ */

_Atomic uint64_t jvmti_layers_mask;
JvmtiLayer *_Atomic jvmti_layers;

void jvmti_layer_register(JvmtiLayer *l)
{
    jvmti_events_init();
    os_mutex_lock(&ev_lock);
    l->next = atomic_load_explicit(&jvmti_layers, memory_order_relaxed);
    atomic_store_explicit(&jvmti_layers, l, memory_order_release);
    os_mutex_unlock(&ev_lock);
}

void jvmti_layer_want(JvmtiLayer *l, int ev, bool on)
{
    uint64_t bit = JVMTI_EVENT_BIT(ev);
    jvmti_events_init();
    os_mutex_lock(&ev_lock);
    if (on) atomic_fetch_or_explicit(&l->mask, bit, memory_order_relaxed);
    else atomic_fetch_and_explicit(&l->mask, ~bit, memory_order_relaxed);
    uint64_t all = 0;
    for (JvmtiLayer *k = atomic_load_explicit(&jvmti_layers, memory_order_relaxed); k != NULL; k = k->next)
        all |= atomic_load_explicit(&k->mask, memory_order_relaxed);
    atomic_store_explicit(&jvmti_layers_mask, all, memory_order_relaxed);
    update_mask(ev - JVMTI_MIN_EVENT_TYPE_VAL);
    os_mutex_unlock(&ev_lock);
}

void jvmti_layer_mode_update(Thread *self) { jvmti_tool_mode_update(self); }

bool jvmti_event_enabled(JvmtiEnv *e, Thread *t, jvmtiEvent ev)
{
    if (__atomic_load_n(&e->event_enabled[ev], __ATOMIC_RELAXED)) return true;
    return jvmti_event_enabled_for_thread(e, t, ev);
}

bool jvmti_event_enabled_for_thread(JvmtiEnv *e, Thread *t, jvmtiEvent ev)
{
    if (t == NULL || !jvmti_event_info[ev].thread_filtered) return false;
    if (__atomic_load_n(&thread_count[EV_INDEX(ev)], __ATOMIC_RELAXED) == 0) return false; /* a hint */
    JvmtiThread *s = state_of(t);
    if (s == NULL || s == DEAD_STATE) return false;
    ThreadEnv *te = thread_env_find(s, e);
    return te != NULL && (atomic_load_explicit(&te->enabled, memory_order_relaxed) & JVMTI_EVENT_BIT(ev));
}

bool jvmti_event_iter_begin(JvmtiEventIter *it, Thread *t, jvmtiEvent ev)
{
    it->envs = NULL;
    it->next = 0;
    it->t = t;
    it->ev = ev;
    if (ev < JVMTI_MIN_EVENT_TYPE_VAL || ev > JVMTI_MAX_EVENT_TYPE_VAL) return false;
    if (!jvmti_want(ev) || !phase_allows(ev)) return false;
    it->envs = atomic_load_explicit(&jvmti_env_snapshot, memory_order_acquire);
    return it->envs != NULL;
}

JvmtiEnv *jvmti_event_iter_next(JvmtiEventIter *it, JvmtiAnyCallback *cb)
{
    if (it->envs == NULL) return NULL;
    while (it->next < it->envs->n) {
        JvmtiEnv *e = it->envs->env[it->next++];
        if (jvmti_env_check(jvmti_env_external(e)) == NULL) continue; /* disposed meanwhile */
        JvmtiAnyCallback f = callback_of(e, it->ev);
        if (f == NULL || !jvmti_event_enabled(e, it->t, it->ev)) continue;
        /* VMDeath closes the gate for everything, including the rest of this loop. */
        if (atomic_load_explicit(&jvmti_events_over, memory_order_acquire)) break;
        *cb = f;
        return e;
    }
    it->envs = NULL;
    return NULL;
}

/* jvmti_callback_begin (events.h) for a thread without a state yet: creates it. NULL if
 * the thread has exited (no state can be attached any more). */
_Atomic int *jvmti_callback_depth_slow(Thread *t)
{
    os_mutex_lock(&ev_lock);
    JvmtiThread *s = state_get_locked(t);
    os_mutex_unlock(&ev_lock);
    return s != NULL ? &s->callback_depth : NULL;
}

/* jni_leave, one call shorter (the reasons it is a real function are jnienter.h's). */
__attribute__((noinline)) void jvmti_callback_native(JvmtiCallbackFrame *f)
{
    Thread *t = f->t;
    if (unlikely(t->jvmti_samples_n != 0) && t->top_frame == NULL) jvmti_post_sampled_alloc(t);
    os_save_regs(t->regs);
    if (likely(thread_light_transitions)) thread_enter_native_light(t);
    else thread_enter_safe_at(t, TS_NATIVE, NULL);
}

void jvmti_callback_return_slow(Thread *t)
{
    /* Safe again, then the full way: a safepoint that began meanwhile saw t in TS_JAVA
     * and waits to be told (leave_safe tells it before waiting the safepoint out). */
    atomic_store_explicit(&t->state, TS_NATIVE, memory_order_seq_cst);
    jni_enter(t);
    thread_check_suspended(t); /* suspended during the callback: back to Java only when resumed */
}

/* ------------------------------------------------------------------------------------ */
/* JVMTI: SetEventCallbacks, SetEventNotificationMode, GenerateEvents                   */
/* ------------------------------------------------------------------------------------ */

/* JVMTI: SetEventCallbacks. Slots beyond size_of_callbacks (a slot only partly covered
 * included) become NULL; a larger size than ours copies what we know. Each slot is
 * stored atomically, so a concurrent posting sees the old or the new callback. */
jvmtiError jvmti_SetEventCallbacks(JvmtiEnv *env, Thread *self, const jvmtiEventCallbacks *callbacks,
                                   jint size_of_callbacks)
{
    enum { SLOTS = sizeof(jvmtiEventCallbacks) / sizeof(JvmtiAnyCallback) };
    _Static_assert(sizeof(jvmtiEventCallbacks) % sizeof(JvmtiAnyCallback) == 0, "callbacks are pointers");
    size_t given = callbacks == NULL ? 0 : (size_t)size_of_callbacks / sizeof(JvmtiAnyCallback);
    JvmtiAnyCallback src[SLOTS];
    memset(src, 0, sizeof src);
    if (given > SLOTS) given = SLOTS;
    if (given > 0) memcpy(src, callbacks, given * sizeof(JvmtiAnyCallback));
    JvmtiAnyCallback *dst = (JvmtiAnyCallback *)&env->callbacks;
    for (size_t i = 0; i < SLOTS; i++) __atomic_store_n(&dst[i], src[i], __ATOMIC_RELEASE);
    return JVMTI_ERROR_NONE;
}

/* ------------------------------------------------------------------------------------ */
/* SingleStep at the location where stepping was enabled                                */
/* ------------------------------------------------------------------------------------ */

/*
 * HotSpot's rule, which debuggers observe: the location a thread stands at when single
 * stepping becomes enabled for it (in an environment) counts as stepped already, so no
 * SingleStep comes for it until the thread has moved to another location. The case that
 * shows: JDWP ends a step (`next`, `step up`) that leaves a frame by an exception by
 * enabling SingleStep in the ExceptionCatch callback, where the catching frame stands
 * at the handler's first instruction; that instruction (the catch variable's store, on
 * the `catch` line) then gets no SingleStep and the step ends on the first line of the
 * handler body. The co-located order of bytecodeevents.c is untouched: while stepping
 * was enabled all along, the handler's first instruction is stepped as any other.
 *
 * "Enabled for the thread" means the environment's effective enablement for it (global
 * or thread-level) went from off to on. The location is the thread's top Java frame's:
 * read directly for the calling thread, inside a safepoint for another. For a global
 * enablement only the calling thread's location is recorded: other threads are running,
 * so where they stand at that instant is nothing an agent can rely on (HotSpot records
 * every thread's).
 */

static void skip_set(JvmtiThread *s, ThreadEnv *te, Method *m, int32_t bci)
{
    atomic_store_explicit(&te->skip_bci, bci, memory_order_relaxed);
    if (atomic_exchange_explicit(&te->skip_method, m, memory_order_release) == NULL && m != NULL)
        atomic_fetch_add_explicit(&s->step_skips, 1, memory_order_relaxed);
}

static void skip_clear(JvmtiThread *s, ThreadEnv *te)
{
    if (atomic_exchange_explicit(&te->skip_method, NULL, memory_order_acq_rel) != NULL)
        atomic_fetch_sub_explicit(&s->step_skips, 1, memory_order_relaxed);
}

/* Records t's current location as stepped for te; t is the caller or stopped. A thread in
 * a native method (an agent's JNI code) has no location SingleStep could be sent for. */
static void skip_here(Thread *t, JvmtiThread *s, ThreadEnv *te)
{
    Frame *f = frame_skip_entries(t->top_frame);
    if (f == NULL || (f->flags & FRAME_NATIVE)) skip_clear(s, te);
    else skip_set(s, te, f->method, frame_bci(f));
}

typedef struct SkipArgs {
    JvmtiEnv *env;
} SkipArgs;

/* jvmti_on_stable_frames query: t (stopped, or the caller) records its location. */
static jvmtiError skip_query(Thread *self, Thread *t, void *arg)
{
    SkipArgs *a = arg;
    os_mutex_lock(&ev_lock);
    JvmtiThread *s = state_get_locked(t);
    if (s != NULL) {
        ThreadEnv *te = thread_env_get_locked(s, a->env);
        /* Still enabled by the time the world stopped (a concurrent disable wins). */
        if (atomic_load_explicit(&te->enabled, memory_order_relaxed) & JVMTI_EVENT_BIT(JVMTI_EVENT_SINGLE_STEP))
            skip_here(t, s, te);
    }
    os_mutex_unlock(&ev_lock);
    return JVMTI_ERROR_NONE;
}

bool jvmti_step_skipped_slow(Thread *t, JvmtiEnv *e, Method *m, jlocation bci)
{
    JvmtiThread *s = state_of(t);
    if (s == NULL || s == DEAD_STATE || atomic_load_explicit(&s->step_skips, memory_order_relaxed) == 0) return false;
    ThreadEnv *te = thread_env_find(s, e);
    if (te == NULL) return false;
    Method *sm = atomic_load_explicit(&te->skip_method, memory_order_acquire);
    if (sm == NULL) return false;
    if (sm == m && atomic_load_explicit(&te->skip_bci, memory_order_relaxed) == (int32_t)bci) return true;
    skip_clear(s, te); /* the thread has moved on */
    return false;
}

static bool is_thread_object(Object *o)
{
    return o != NULL && wk.Thread != NULL && class_is_subclass_of(o->klass, wk.Thread);
}

/* JVMTI: SetEventNotificationMode. The wrapper has checked mode and event_type. The
 * remaining checks come in HotSpot's order: for thread-level control the thread
 * (INVALID_THREAD, THREAD_NOT_ALIVE), then thread-level control of a global event
 * (ILLEGAL_ARGUMENT), then the capability, needed only to enable. */
/* Events whose enablement switches the interpreter's tool mode (bytecodeevents.c). */
static bool drives_tool_mode(jvmtiEvent ev)
{
    return ev == JVMTI_EVENT_SINGLE_STEP || ev == JVMTI_EVENT_METHOD_ENTRY || ev == JVMTI_EVENT_METHOD_EXIT;
}

jvmtiError jvmti_SetEventNotificationMode(JvmtiEnv *env, Thread *self, jvmtiEventMode mode,
                                          jvmtiEvent event_type, Object *event_thread)
{
    bool enable = mode == JVMTI_ENABLE;
    const JvmtiEventInfo *info = &jvmti_event_info[event_type];
    int i = EV_INDEX(event_type);
    Thread *target = NULL;
    if (event_thread != NULL) {
        if (!is_thread_object(event_thread)) return JVMTI_ERROR_INVALID_THREAD;
        target = thread_from_jthread(event_thread);
        if (target == NULL) return JVMTI_ERROR_THREAD_NOT_ALIVE;
        if (!info->thread_filtered) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    }
    if (enable && info->required_cap >= 0 && !jvmti_capability_get(&env->caps, info->required_cap))
        return JVMTI_ERROR_MUST_POSSESS_CAPABILITY;

    uint64_t bit = JVMTI_EVENT_BIT(event_type);
    bool step = event_type == JVMTI_EVENT_SINGLE_STEP;
    if (target == NULL) {
        os_mutex_lock(&ev_lock);
        uint8_t was = env->event_enabled[event_type];
        if (was != enable) {
            __atomic_store_n(&env->event_enabled[event_type], (uint8_t)enable, __ATOMIC_RELAXED);
            if (enable) global_count[i]++;
            else global_count[i]--;
            update_mask(i);
            /* SingleStep's stepped location, for threads whose enablement changed. */
            if (step && enable && self != NULL) {
                JvmtiThread *s = state_get_locked(self);
                ThreadEnv *te = s ? thread_env_get_locked(s, env) : NULL;
                if (te != NULL && !(atomic_load_explicit(&te->enabled, memory_order_relaxed) & bit))
                    skip_here(self, s, te);
            } else if (step && !enable) {
                for (JvmtiThread *s = all_states; s; s = s->all_next) {
                    ThreadEnv *te = thread_env_find(s, env);
                    if (te != NULL && !(atomic_load_explicit(&te->enabled, memory_order_relaxed) & bit))
                        skip_clear(s, te);
                }
            }
        }
        os_mutex_unlock(&ev_lock);
        if (drives_tool_mode(event_type)) jvmti_tool_mode_update(self);
        return JVMTI_ERROR_NONE;
    }

    os_mutex_lock(&ev_lock);
    JvmtiThread *s = state_get_locked(target);
    if (s == NULL) {
        os_mutex_unlock(&ev_lock);
        return JVMTI_ERROR_THREAD_NOT_ALIVE;
    }
    ThreadEnv *te = thread_env_get_locked(s, env);
    uint64_t m = atomic_load_explicit(&te->enabled, memory_order_relaxed);
    bool record_step = false;
    if (((m & bit) != 0) != enable) {
        atomic_store_explicit(&te->enabled, enable ? m | bit : m & ~bit, memory_order_relaxed);
        __atomic_fetch_add(&thread_count[i], enable ? 1u : (uint32_t)-1, __ATOMIC_RELAXED);
        update_mask(i);
        /* SingleStep's stepped location, when the thread's enablement changed. */
        if (step && !env->event_enabled[event_type]) {
            if (!enable) skip_clear(s, te);
            else if (target == self) skip_here(self, s, te);
            else record_step = true;
        }
        /* Only the target's tool mode can change. */
        if (drives_tool_mode(event_type)) thread_tool_update(s);
    }
    os_mutex_unlock(&ev_lock);
    if (record_step) {
        SkipArgs a = {env};
        (void)jvmti_on_stable_frames(self, target, skip_query, &a); /* ended meanwhile: nothing to do */
    }
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GenerateEvents. GlassVM only interprets: it has no compiled methods and
 * generates no native code (no stubs, no JIT), so there is nothing to replay for either
 * event the function supports; the spec's answer for information the VM does not have
 * is to send nothing and succeed. */
jvmtiError jvmti_GenerateEvents(JvmtiEnv *env, Thread *self, jvmtiEvent event_type)
{
    switch (event_type) {
    case JVMTI_EVENT_COMPILED_METHOD_LOAD:
        if (!env->caps.can_generate_compiled_method_load_events) return JVMTI_ERROR_MUST_POSSESS_CAPABILITY;
        return JVMTI_ERROR_NONE;
    case JVMTI_EVENT_DYNAMIC_CODE_GENERATED: return JVMTI_ERROR_NONE;
    default: return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    }
}

/* ------------------------------------------------------------------------------------ */
/* JVMTI: Get/SetThreadLocalStorage                                                     */
/* ------------------------------------------------------------------------------------ */

/* JVMTI: SetThreadLocalStorage. The wrapper gives a live thread (the caller for NULL). */
jvmtiError jvmti_SetThreadLocalStorage(JvmtiEnv *env, Thread *self, Thread *thread, const void *data)
{
    os_mutex_lock(&ev_lock);
    JvmtiThread *s = state_of(thread);
    jvmtiError err = JVMTI_ERROR_NONE;
    if (s == DEAD_STATE) {
        err = JVMTI_ERROR_THREAD_NOT_ALIVE;
    } else if (data != NULL || (s != NULL && thread_env_find(s, env) != NULL)) {
        /* Storing NULL where nothing was stored needs no state. */
        s = state_get_locked(thread);
        ThreadEnv *te = thread_env_get_locked(s, env);
        atomic_store_explicit(&te->tls, data, memory_order_release);
    }
    os_mutex_unlock(&ev_lock);
    return err;
}

/* JVMTI: GetThreadLocalStorage. Called in the caller's native state (the function is
 * meant for callbacks, so it avoids the state switch). The caller's own storage is read
 * without a lock: only the thread itself frees its state. */
jvmtiError jvmti_GetThreadLocalStorage(JvmtiEnv *env, Thread *self, Thread *thread, void **data_ptr)
{
    bool own = thread == self;
    if (!own) os_mutex_lock(&ev_lock);
    JvmtiThread *s = state_of(thread);
    jvmtiError err = JVMTI_ERROR_NONE;
    if (s == DEAD_STATE) {
        err = JVMTI_ERROR_THREAD_NOT_ALIVE;
    } else {
        ThreadEnv *te = s != NULL ? thread_env_find(s, env) : NULL;
        *data_ptr = te != NULL ? (void *)atomic_load_explicit(&te->tls, memory_order_acquire) : NULL;
    }
    if (!own) os_mutex_unlock(&ev_lock);
    return err;
}

/* ------------------------------------------------------------------------------------ */
/* Posting the VM events                                                                */
/* ------------------------------------------------------------------------------------ */

typedef void(JNICALL *JniEventFn)(jvmtiEnv *, JNIEnv *);
typedef void(JNICALL *JniThreadEventFn)(jvmtiEnv *, JNIEnv *, jthread);

/* Events whose callback is (jvmtiEnv*, JNIEnv*): VMStart, VMDeath. `skip` filters
 * environments (NULL: none skipped). t in TS_JAVA. */
static void post_jni_event(Thread *t, jvmtiEvent ev, bool (*skip)(JvmtiEnv *e))
{
    JvmtiEventIter it;
    JvmtiAnyCallback cb;
    if (!jvmti_event_iter_begin(&it, t, ev)) return;
    for (JvmtiEnv *e; (e = jvmti_event_iter_next(&it, &cb)) != NULL;) {
        if (skip != NULL && skip(e)) continue;
        JvmtiCallbackFrame f;
        if (!jvmti_callback_begin(&f, t)) break;
        jvmti_callback_native(&f);
        ((JniEventFn)cb)(jvmti_env_external(e), thread_env(t));
        jvmti_callback_end(&f);
    }
}

/* Events whose callback is (jvmtiEnv*, JNIEnv*, jthread): VMInit, ThreadStart,
 * ThreadEnd, all about t itself. */
static void post_thread_event(Thread *t, jvmtiEvent ev)
{
    JvmtiEventIter it;
    JvmtiAnyCallback cb;
    if (t->jthread == NULL || !jvmti_event_iter_begin(&it, t, ev)) return;
    for (JvmtiEnv *e; (e = jvmti_event_iter_next(&it, &cb)) != NULL;) {
        JvmtiCallbackFrame f;
        if (!jvmti_callback_begin(&f, t)) break;
        jthread jt = ref_new_local(t, t->jthread);
        jvmti_callback_native(&f);
        ((JniThreadEventFn)cb)(jvmti_env_external(e), thread_env(t), jt);
        jvmti_callback_end(&f);
    }
}

/* VMStart (spec "VM Start Event"). With can_generate_early_vmstart an environment gets
 * it as soon as the VM can run Java code, before java.base is initialized (and the
 * start phase begins then for everybody, as in HotSpot); the others get it after
 * System.initPhase1. Each environment gets one VMStart. */
static JvmtiEnv **early_envs;
static uint32_t early_count;

static bool got_early_vmstart(JvmtiEnv *e)
{
    for (uint32_t i = 0; i < early_count; i++)
        if (early_envs[i] == e) return true;
    return false;
}

static bool lacks_early_cap(JvmtiEnv *e) { return !got_early_vmstart(e); }

void jvmti_events_early_start(Thread *t)
{
    os_mutex_lock(&ev_lock);
    const JvmtiEnvSnapshot *s = atomic_load_explicit(&jvmti_env_snapshot, memory_order_relaxed);
    uint32_t n = s ? s->n : 0;
    early_envs = vm_calloc(n + 1, sizeof *early_envs);
    for (uint32_t i = 0; i < n; i++)
        if (s->env[i]->caps.can_generate_early_vmstart) early_envs[early_count++] = s->env[i];
    os_mutex_unlock(&ev_lock);
    if (early_count == 0) return;
    jvmti_set_phase(JVMTI_PHASE_START);
    post_jni_event(t, JVMTI_EVENT_VM_START, lacks_early_cap);
}

void jvmti_events_vm_start(Thread *t)
{
    jvmti_set_phase(JVMTI_PHASE_START);
    post_jni_event(t, JVMTI_EVENT_VM_START, got_early_vmstart);
}

/* VMInit: the live phase begins, then the event on the main thread. The main thread
 * started before any event could be sent; as in HotSpot it gets its ThreadStart right
 * after VMInit, before its initial method (the program's main) runs. */
void jvmti_events_vm_init(Thread *t)
{
    jvmti_set_phase(JVMTI_PHASE_LIVE);
    post_thread_event(t, JVMTI_EVENT_VM_INIT);
    /* main's ThreadStart: the layers' and the environments' here, but for a layer that
     * reports main itself (JVMPI: its back-fill after JVM_INIT_DONE, from vm_init). */
    if (jvmti_layers_want(JVMTI_EVENT_THREAD_START))
        for (JvmtiLayer *l = jvmti_layers_first(); l != NULL; l = l->next)
            if (l->main_at_vm_init && l->thread_start != NULL && jvmti_layer_wants(l, JVMTI_EVENT_THREAD_START))
                l->thread_start(t);
    post_thread_event(t, JVMTI_EVENT_THREAD_START);
    JVMTI_LAYERS_CALL(vm_init, t);
}

#define DEATH_WAIT_NS (500 * INT64_C(1000000))

/* Waits (boundedly: a callback may be blocked on something only this thread would
 * release) until no other thread runs an event callback. t in TS_JAVA; waits safe. */
static void wait_for_other_callbacks(Thread *t)
{
    JvmtiThread *own = state_of(t);
    int64_t deadline = os_nanotime() + DEATH_WAIT_NS;
    for (;;) {
        int busy = 0;
        os_mutex_lock(&ev_lock);
        for (JvmtiThread *s = all_states; s; s = s->all_next)
            if (s != own) busy += atomic_load_explicit(&s->callback_depth, memory_order_acquire);
        os_mutex_unlock(&ev_lock);
        if (busy == 0 || os_nanotime() > deadline) return;
        jni_leave(t, TS_NATIVE);
        os_sleep_ns(1000000);
        jni_enter(t);
    }
}

/* VMDeath: the last event. First ThreadEnd of the exiting thread t; callbacks already
 * running on other threads finish (as far as practical, see wait_for_other_callbacks);
 * then VMDeath, in the live phase; then no event is sent any more. Only the first call does anything. t may be NULL
 * (start-up failed: no event) and may be in TS_JAVA or TS_NATIVE. */
void jvmti_events_vm_death(Thread *t)
{
    os_mutex_lock(&ev_lock);
    bool first = !vm_death_done;
    vm_death_done = true;
    os_mutex_unlock(&ev_lock);
    if (!first) return;
    if (t != NULL && jvmti_get_phase() == JVMTI_PHASE_LIVE) {
        int prev = jni_enter(t);
        JVMTI_LAYERS_CALL(vm_death, t);
        /* HotSpot's order: the exiting thread (the one calling System.exit, or
         * DestroyJavaVM's) gets its ThreadEnd now, since it never gets one later. It
         * runs no more Java code: a suspension from now on does not hold it (thread.h). */
        atomic_store_explicit(&t->exiting, true, memory_order_relaxed);
        post_thread_event(t, JVMTI_EVENT_THREAD_END);
        if (jvmti_want(JVMTI_EVENT_VM_DEATH)) {
            wait_for_other_callbacks(t);
            post_jni_event(t, JVMTI_EVENT_VM_DEATH, NULL);
        }
        jni_leave(t, prev);
    }
    os_mutex_lock(&ev_lock);
    atomic_store_explicit(&jvmti_events_over, true, memory_order_release);
    for (int i = 0; i < 64; i++) update_mask(i);
    os_mutex_unlock(&ev_lock);
}

/* JVMTI: ThreadStart */
void jvmti_post_thread_start(Thread *t)
{
    JVMTI_LAYERS_POST(JVMTI_EVENT_THREAD_START, thread_start, t);
    post_thread_event(t, JVMTI_EVENT_THREAD_START);
}

/* JVMTI: ThreadEnd */
void jvmti_post_thread_end(Thread *t)
{
    JVMTI_LAYERS_POST(JVMTI_EVENT_THREAD_END, thread_end, t);
    post_thread_event(t, JVMTI_EVENT_THREAD_END);
}

void jvmti_library_loading(const char *path) { JVMTI_LAYERS_CALL(library_loading, path); }

void jvmti_library_loaded(void *handle, const char *path) { JVMTI_LAYERS_CALL(library_loaded, handle, path); }

/* JVMTI: GarbageCollectionStart / GarbageCollectionFinish. The world is stopped and t is
 * the collector: the callbacks run in TS_JAVA (nothing may collect while they run, and
 * the spec forbids JNI there), with neither local frame nor exception handling, since
 * they get no JNIEnv. */
typedef void(JNICALL *EnvOnlyEventFn)(jvmtiEnv *);

static void post_env_only_event(Thread *t, jvmtiEvent ev)
{
    JvmtiEventIter it;
    JvmtiAnyCallback cb;
    if (!jvmti_event_iter_begin(&it, t, ev)) return;
    for (JvmtiEnv *e; (e = jvmti_event_iter_next(&it, &cb)) != NULL;)
        ((EnvOnlyEventFn)cb)(jvmti_env_external(e));
}

void jvmti_post_gc_start(Thread *t) { post_env_only_event(t, JVMTI_EVENT_GARBAGE_COLLECTION_START); }

void jvmti_post_gc_finish(Thread *t)
{
    JVMTI_LAYERS_POST(JVMTI_EVENT_GARBAGE_COLLECTION_FINISH, gc_finish, t);
    post_env_only_event(t, JVMTI_EVENT_GARBAGE_COLLECTION_FINISH);
}

/* The tool's GC start, before the world stops (jvmti_vm.h). */
void jvmti_post_gc_prologue(Thread *t)
{
    JVMTI_LAYERS_POST(JVMTI_XEVENT_GC_PROLOGUE, gc_start, t);
}

jvalue jvmti_slot_jvalue(int bt, Slot s)
{
    jvalue v;
    v.j = 0;
    switch ((BasicType)bt) {
    case BT_VOID: break;
    case BT_BOOLEAN: v.z = (jboolean)s.i; break;
    case BT_BYTE: v.b = (jbyte)s.i; break;
    case BT_CHAR: v.c = (jchar)s.i; break;
    case BT_SHORT: v.s = (jshort)s.i; break;
    case BT_INT: v.i = s.i; break;
    case BT_FLOAT: v.f = s.f; break;
    case BT_LONG: v.j = s.j; break;
    case BT_DOUBLE: v.d = s.d; break;
    default: v.l = (jobject)s.l; break;
    }
    return v;
}

/* An allocation event (VMObjectAlloc, SampledObjectAlloc: the same callback shape) for
 * o, to every environment that wants it on t. The size is GetObjectSize's. */
void jvmti_post_allocation(Thread *t, jvmtiEvent ev, Object *o)
{
    JvmtiEventIter it;
    JvmtiAnyCallback cb;
    if (o == NULL || o->klass == NULL || t->jthread == NULL || !jvmti_event_iter_begin(&it, t, ev)) return;
    jlong size = jvmti_heap_size(o);
    for (JvmtiEnv *e; (e = jvmti_event_iter_next(&it, &cb)) != NULL;) {
        JvmtiCallbackFrame f;
        if (!jvmti_callback_begin(&f, t)) break;
        jthread jt = ref_new_local(t, t->jthread);
        jobject jo = ref_new_local(t, o);
        jclass jc = ref_new_local(t, o->klass->mirror);
        jvmti_callback_native(&f);
        ((jvmtiEventVMObjectAlloc)cb)(jvmti_env_external(e), thread_env(t), jt, jo, jc, size);
        jvmti_callback_end(&f);
    }
}

/* JVMTI: VMObjectAlloc. Not sent for what the thread allocates while it is inside a
 * VMObjectAlloc callback (for any environment): a callback that runs Java code which
 * clones or reflects would otherwise be called for its own allocations without end.
 * HotSpot's rule too (its allocation event collector is disabled while it posts). */
void jvmti_post_vm_object_alloc(Thread *t, Object *o)
{
    if (t->jvmti_in_vm_object_alloc) return;
    t->jvmti_in_vm_object_alloc = true;
    jvmti_post_allocation(t, JVMTI_EVENT_VM_OBJECT_ALLOC, o);
    t->jvmti_in_vm_object_alloc = false;
}

/* VMObjectAlloc for a multi-dimensional array made in one go (Array.newInstance with
 * several lengths): the outer array and, in allocation order (pre-order), every
 * sub-array of the `dims` levels it created, as HotSpot reports them. */
static void post_array_tree(Thread *t, Array *a, int dims)
{
    jvmti_post_vm_object_alloc(t, &a->hdr);
    if (dims <= 1) return;
    for (int32_t i = 0; i < a->length; i++) {
        /* Re-read after each callback: the agent may store into the array. */
        Object *sub = ((Object **)array_data(a))[i];
        if (sub != NULL && class_is_array(sub->klass)) post_array_tree(t, (Array *)sub, dims - 1);
    }
}

void jvmti_post_vm_object_alloc_multi(Thread *t, Object *array, int dims)
{
    if (array != NULL) post_array_tree(t, (Array *)array, dims);
}

/* JVMTI: ResourceExhausted. An environment gets the heap or threads kinds only with the
 * matching capability (spec "can_generate_resource_exhaustion_*_events"). */
void jvmti_post_resource_exhausted(Thread *t, jint flags, const char *description)
{
    JvmtiEventIter it;
    JvmtiAnyCallback cb;
    if (t == NULL || atomic_load_explicit(&t->state, memory_order_relaxed) != TS_JAVA) return;
    if (!jvmti_event_iter_begin(&it, t, JVMTI_EVENT_RESOURCE_EXHAUSTED)) return;
    for (JvmtiEnv *e; (e = jvmti_event_iter_next(&it, &cb)) != NULL;) {
        if ((flags & JVMTI_RESOURCE_EXHAUSTED_JAVA_HEAP) && !e->caps.can_generate_resource_exhaustion_heap_events)
            continue;
        if ((flags & JVMTI_RESOURCE_EXHAUSTED_THREADS) && !e->caps.can_generate_resource_exhaustion_threads_events)
            continue;
        JvmtiCallbackFrame f;
        if (!jvmti_callback_begin(&f, t)) break;
        jvmti_callback_native(&f);
        ((jvmtiEventResourceExhausted)cb)(jvmti_env_external(e), thread_env(t), flags, NULL, description);
        jvmti_callback_end(&f);
    }
}

/* JVMTI: DataDumpRequest, on the calling thread (attached; any state). */
void jvmti_post_data_dump_request(void)
{
    Thread *t = thread_current();
    if (t == NULL) return;
    int prev = jni_enter(t);
    JVMTI_LAYERS_POST(JVMTI_EVENT_DATA_DUMP_REQUEST, data_dump_request, t);
    JvmtiEventIter it;
    JvmtiAnyCallback cb;
    if (jvmti_event_iter_begin(&it, t, JVMTI_EVENT_DATA_DUMP_REQUEST)) {
        for (JvmtiEnv *e; (e = jvmti_event_iter_next(&it, &cb)) != NULL;) {
            JvmtiCallbackFrame f;
            if (!jvmti_callback_begin(&f, t)) break;
            jvmti_callback_native(&f);
            ((EnvOnlyEventFn)cb)(jvmti_env_external(e));
            jvmti_callback_end(&f);
        }
    }
    jni_leave(t, prev);
}

/* The tool's JNI global reference events (jvmti_vm.h; JVMTI has none). */
void jvmti_post_globalref_alloc(Thread *t, Object *o, jobject ref, bool weak)
{
    JVMTI_LAYERS_POST(JVMTI_XEVENT_GLOBALREF, globalref_alloc, t, o, ref, weak);
}

void jvmti_post_globalref_free(Thread *t, jobject ref, bool weak)
{
    JVMTI_LAYERS_POST(JVMTI_XEVENT_GLOBALREF, globalref_free, t, ref, weak);
}

/* The tool's Thread.sleep events (jvmti_vm.h; JVMTI has none). */
void jvmti_post_sleep(Thread *t, int64_t millis, bool done)
{
    JVMTI_LAYERS_POST(JVMTI_XEVENT_SLEEP, sleep, t, millis, done);
}
