// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * events.h — private to the JVMTI module: how a posting function delivers an event
 * (JVMTI spec "Events", "Event Management"). events.c implements it and the non-class
 * events; classevents.c and later event files post their events with these helpers.
 * The VM-facing side (jvmti_event_mask, jvmti_want, the jvmti_post_* hooks) is in
 * jvmti_vm.h.
 *
 * Who wants an event. Environment e wants event ev on thread t when
 *   - ev is enabled for e globally, or for t (thread-filtered events only),
 *   - e has a callback for ev (its jvmtiEventCallbacks slot is not NULL),
 *   - the phase is one the event may be sent in, and VMDeath has not been sent yet.
 * Capabilities need no check at posting time: SetEventNotificationMode refuses to
 * enable an event without its capability, and RelinquishCapabilities/
 * DisposeEnvironment disable what they take away.
 *
 * A posting function, in TS_JAVA on the thread of the event, with no VM lock held:
 *
 *     void jvmti_post_class_load(Thread *t, Class *c)
 *     {
 *         JvmtiEventIter it;
 *         JvmtiAnyCallback cb;
 *         jvmti_event_iter_begin(&it, t, JVMTI_EVENT_CLASS_LOAD);
 *         for (JvmtiEnv *e; (e = jvmti_event_iter_next(&it, &cb)) != NULL;) {
 *             JvmtiCallbackFrame f;
 *             if (!jvmti_callback_begin(&f, t)) break;
 *             jthread jt = ref_new_local(t, t->jthread);
 *             jclass jc = ref_new_local(t, c->mirror);
 *             jvmti_callback_native(&f);
 *             ((jvmtiEventClassLoad)cb)(jvmti_env_external(e), thread_env(t), jt, jc);
 *             jvmti_callback_end(&f);
 *         }
 *     }
 *
 * Between jvmti_callback_native and jvmti_callback_end the thread is in TS_NATIVE:
 * touch no Object* there (the collector may run; objects never move, and Object*
 * values kept in C locals of the poster stay reachable through the conservative stack
 * scan, so they may be used again after jvmti_callback_end). After a callback, re-read
 * anything the agent could have changed (house style point 6).
 *
 * Environments are visited in creation order. The iteration is lock-free: it walks an
 * immutable snapshot of the environment list, so callbacks may create and dispose
 * environments (a disposed environment is skipped from then on) and enable or disable
 * events (the change applies from the next environment visited).
 */
#ifndef GLASS_JVMTI_EVENTS_H
#define GLASS_JVMTI_EVENTS_H

#include <stdbool.h>
#include <stdint.h>

#include "../vm/jnienv.h"
#include "../vm/ref.h"
#include "../vm/thread.h"
#include "jvmti_int.h"
#include "jvmti_vm.h"

/* A callback pointer of any event type; cast to the jvmtiEvent<Name> type to call. */
typedef void (*JvmtiAnyCallback)(void);

typedef struct JvmtiEnvSnapshot JvmtiEnvSnapshot;

/* Iteration over the environments that want one event on one thread. */
typedef struct JvmtiEventIter {
    const JvmtiEnvSnapshot *envs; /* NULL: nothing to visit */
    uint32_t next;                /* index into envs */
    Thread *t;                    /* the event's thread (NULL: thread filters ignored) */
    jvmtiEvent ev;
} JvmtiEventIter;

/*
 * Starts an iteration for event ev on thread t. Returns false (and the iteration
 * visits nothing) when the event cannot be sent now: wrong phase for ev, VMDeath
 * already sent, or no environment has ev enabled. t may be NULL for events that are not
 * sent on a Java thread; then only global enablement counts.
 */
bool jvmti_event_iter_begin(JvmtiEventIter *it, Thread *t, jvmtiEvent ev);
/* The next environment that wants the event, with its callback in *cb (read once, so a
 * concurrent SetEventCallbacks cannot hand out NULL), or NULL at the end. */
JvmtiEnv *jvmti_event_iter_next(JvmtiEventIter *it, JvmtiAnyCallback *cb);

/* Is ev enabled for environment e on thread t (globally, or for t)? No phase check. */
bool jvmti_event_enabled(JvmtiEnv *e, Thread *t, jvmtiEvent ev);

/*
 * The same iteration, inline, for the events of executing code (SingleStep, Breakpoint,
 * MethodEntry, MethodExit, FramePop, FieldAccess, FieldModification: thread-filtered,
 * live phase only), which a thread may post tens of millions of times a second:
 * jvmti_live_iter_begin(&it, t, ev), then jvmti_live_iter_next(&it, &cb, offset) with
 * offset = offsetof(jvmtiEventCallbacks, <the event's callback>), a constant. Same rules
 * as jvmti_event_iter_begin/next.
 */
struct JvmtiEnvSnapshot {
    const JvmtiEnvSnapshot *retired_next;
    uint32_t n;
    JvmtiEnv *env[];
};
extern const JvmtiEnvSnapshot *_Atomic jvmti_env_snapshot; /* events.c */
extern _Atomic bool jvmti_events_over;                     /* VMDeath sent (events.c) */
/* The per-thread part of jvmti_event_enabled (events.c). */
bool jvmti_event_enabled_for_thread(JvmtiEnv *e, Thread *t, jvmtiEvent ev);

static inline bool jvmti_live_iter_begin(JvmtiEventIter *it, Thread *t, jvmtiEvent ev)
{
    it->next = 0;
    it->t = t;
    it->ev = ev;
    it->envs = NULL;
    if (!jvmti_want(ev) || jvmti_get_phase() != JVMTI_PHASE_LIVE) return false;
    it->envs = atomic_load_explicit(&jvmti_env_snapshot, memory_order_acquire);
    return it->envs != NULL;
}

static inline JvmtiEnv *jvmti_live_iter_next(JvmtiEventIter *it, JvmtiAnyCallback *cb, size_t cb_offset)
{
    const JvmtiEnvSnapshot *s = it->envs;
    if (s == NULL) return NULL;
    while (it->next < s->n) {
        JvmtiEnv *e = s->env[it->next++];
        if (unlikely(jvmti_env_check(jvmti_env_external(e)) == NULL)) continue; /* disposed meanwhile */
        JvmtiAnyCallback f = __atomic_load_n((JvmtiAnyCallback *)((char *)&e->callbacks + cb_offset), __ATOMIC_ACQUIRE);
        if (f == NULL) continue;
        if (!__atomic_load_n(&e->event_enabled[it->ev], __ATOMIC_RELAXED) &&
            !jvmti_event_enabled_for_thread(e, it->t, it->ev))
            continue;
        if (unlikely(atomic_load_explicit(&jvmti_events_over, memory_order_acquire))) break;
        *cb = f;
        return e;
    }
    it->envs = NULL;
    return NULL;
}

/* ref_new_local for a callback's arguments, inline while the thread's local reference
 * stack has room (jvmti_callback_begin made sure of JVMTI_CALLBACK_LOCALS slots). */
enum { JVMTI_CALLBACK_LOCALS = 8 };
static inline jobject jvmti_callback_local(Thread *t, Object *o)
{
    LocalRefs *l = &t->locals;
    if (o == NULL) return NULL;
    if (unlikely(l->top >= l->capacity)) return ref_new_local(t, o);
    Object **s = &l->slots[l->top++];
    *s = o;
    return (jobject)s;
}

/*
 * One callback invocation on the current thread t (TS_JAVA):
 *   jvmti_callback_begin   saves and clears t's pending exception, pushes a JNI local
 *                          frame for the event's references, counts t as inside a
 *                          callback (VMDeath waits for such threads). False if no local
 *                          frame can be pushed (out of memory): skip the callback then;
 *                          nothing needs undoing.
 *   jvmti_callback_native  TS_JAVA -> TS_NATIVE, just before calling the agent.
 *   jvmti_callback_end     back to TS_JAVA; clears an exception the callback left
 *                          pending (the spec gives agents no way to throw from an event,
 *                          and HotSpot drops it too), pops the local frame, restores the
 *                          saved exception.
 * Begin and end are inline: the events of executing code pay them on every instruction
 * stepped, call traced or watched field accessed.
 */
typedef struct JvmtiCallbackFrame {
    Thread *t;
    Object *saved_exception;
    uint32_t mark, frame_base; /* JNI local references to restore */
    _Atomic int *depth;        /* t's callback count, NULL if t can have none (exited) */
} JvmtiCallbackFrame;

/* events.c: the per-thread record Thread.jvmti_state points to begins with the thread's
 * callback count; jvmti_dead_state is the record of exited threads (no count). */
struct JvmtiThread;
extern struct JvmtiThread jvmti_dead_state;
_Atomic int *jvmti_callback_depth_slow(Thread *t);
void jvmti_callback_return_slow(Thread *t);
void jvmti_callback_native(JvmtiCallbackFrame *f);

/* The JNI local-reference handling is that of a native method call (native.c): the
 * frame base moves up to the mark, so the callback's references, and frames it forgets
 * to pop, all go at jvmti_callback_end. */
static inline bool jvmti_callback_begin(JvmtiCallbackFrame *f, Thread *t)
{
    f->t = t;
    f->saved_exception = t->exception;
    t->exception = NULL;
    f->mark = t->locals.top;
    f->frame_base = t->locals.frame_base;
    t->locals.frame_base = f->mark;
    /* The saved exception is referenced from nowhere else while the callback runs (an
     * exception unwinding the frames of MethodExit, say): a local reference of the
     * callback's frame keeps it alive through a collection. */
    if (unlikely(f->saved_exception != NULL)) ref_new_local(t, f->saved_exception);
    void *s = __atomic_load_n(&t->jvmti_state, __ATOMIC_ACQUIRE);
    f->depth = likely(s != NULL) ? (s != (void *)&jvmti_dead_state ? (_Atomic int *)s : NULL)
                                 : jvmti_callback_depth_slow(t);
    /* Only t writes its count: a load and a store, no locked read-modify-write. */
    if (likely(f->depth != NULL))
        atomic_store_explicit(f->depth, atomic_load_explicit(f->depth, memory_order_relaxed) + 1,
                              memory_order_relaxed);
    return true;
}

/* TS_NATIVE -> TS_JAVA after a callback: when no safepoint is pending and t is not
 * suspended (the usual case), the state store and the flag load of thread.c's handshake
 * (leave_safe, which the rest of the time does it all, jvmti_callback_return_slow) and
 * nothing else; a light transition (thread.h) where the kernel offers membarrier, so
 * neither way costs a fence. The suspension test is final once t is in TS_JAVA with no safepoint
 * pending (suspension marks threads at a safepoint). */
static inline void jvmti_callback_end(JvmtiCallbackFrame *f)
{
    Thread *t = f->t;
    if (likely(thread_light_transitions)) { /* thread.h: the initiator's membarrier orders it */
        atomic_store_explicit(&t->state, TS_JAVA, memory_order_relaxed);
        atomic_signal_fence(memory_order_seq_cst);
    } else {
        atomic_store_explicit(&t->state, TS_JAVA, memory_order_seq_cst);
    }
    if (unlikely(atomic_load_explicit(&vm_safepoint_pending, memory_order_seq_cst)) ||
        unlikely(atomic_load_explicit(&t->suspend_count, memory_order_seq_cst) != 0) ||
        unlikely(atomic_load_explicit(&t->tool_hold, memory_order_seq_cst)))
        jvmti_callback_return_slow(t);
    /* An exception the agent left pending does not escape into the event's thread. */
    t->exception = NULL;
    LocalRefs *l = &t->locals;
    if (likely(l->top >= f->mark)) { /* ref_release_to, inline */
        l->top = f->mark;
        l->frame_base = f->frame_base;
    } else {
        ref_release_to(t, f->mark, f->frame_base);
    }
    t->exception = f->saved_exception;
    /* -Xcheck:jni keeps state per callback (jnienv.h); NULL without the option. */
    if (unlikely(t->jni_check != NULL)) jni_check_callback_end(t, f->mark);
    if (likely(f->depth != NULL))
        atomic_store_explicit(f->depth, atomic_load_explicit(f->depth, memory_order_relaxed) - 1,
                              memory_order_release);
}

/*
 * Environments (called by env.c with its list lock held): keep the posting snapshot in
 * step with the environment list. jvmti_events_env_disposed also disables every event
 * of e, clears its callbacks and frees its thread-local storage entries.
 */
void jvmti_events_env_created(JvmtiEnv *e);
void jvmti_events_env_disposed(JvmtiEnv *e);

/* Extension events (extension.c): e's callback for the extension event in `slot`, or
 * NULL when e has not enabled it. Posters walk the environments with an iteration for
 * a standard event of the same phase rules and call this for each. */
jvmtiExtensionEvent jvmti_ext_event_callback(JvmtiEnv *e, int slot);

/* Set up at agent loading (before Agent_OnLoad runs). */
void jvmti_events_init(void);

/*
 * The VMStart/VMInit/VMDeath events and their phase changes (called by agent.c's
 * jvmti_vm_start/init/death; t is the booting or exiting thread, TS_JAVA).
 * jvmti_events_early_start: the start phase begins early for environments with
 * can_generate_early_vmstart (they get VMStart there; the others at jvmti_vm_start).
 */
void jvmti_events_early_start(Thread *t);
void jvmti_events_vm_start(Thread *t);
void jvmti_events_vm_init(Thread *t);
void jvmti_events_vm_death(Thread *t);

/* A value held in a Slot (an operand-stack or return value of BasicType bt) as an event
 * callback gets it: the member of its type set, the rest zero; an object as the raw
 * Object* in .l (the caller makes it a JNI reference). */
jvalue jvmti_slot_jvalue(int bt, Slot s);

/* An allocation event (VMObjectAlloc or SampledObjectAlloc, whose callbacks have the
 * same shape) for o to the environments that want it on t (current, TS_JAVA). */
void jvmti_post_allocation(Thread *t, jvmtiEvent ev, Object *o);

/* SingleStep (events.c): should e's SingleStep at (m, bci) on t, the current thread, be
 * left out because t has not moved since stepping became enabled for it there? Clears
 * the recorded location once t is elsewhere. Inline: the thread's count of recorded
 * locations (the second word of its JVMTI state) is zero but right after an enablement. */
bool jvmti_step_skipped_slow(Thread *t, JvmtiEnv *e, Method *m, jlocation bci);
static inline bool jvmti_step_skipped(Thread *t, JvmtiEnv *e, Method *m, jlocation bci)
{
    void *s = __atomic_load_n(&t->jvmti_state, __ATOMIC_ACQUIRE);
    if (s == NULL || s == (void *)&jvmti_dead_state || atomic_load_explicit(&((_Atomic int *)s)[1], memory_order_relaxed) == 0)
        return false;
    return jvmti_step_skipped_slow(t, e, m, bci);
}

#endif