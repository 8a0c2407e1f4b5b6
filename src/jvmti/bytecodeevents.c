// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * bytecodeevents.c — the JVMTI events of executing code: SingleStep, Breakpoint (with
 * SetBreakpoint/ClearBreakpoint), MethodEntry, MethodExit and FramePop (with
 * NotifyFramePop/ClearAllFramePops).
 *
 * They ride on the interpreter's tool mode (src/vm/interp.h), per thread: a thread runs
 * with the instrumented table while SingleStep is enabled for it (or for every thread),
 * and tests for method events while MethodEntry or MethodExit is enabled for it or a
 * frame pop is requested on it (events.c, jvmti_tool_mode_update). In tool mode the
 * interpreter calls jvmti_interp_location before each instruction,
 * jvmti_interp_method_entry when a frame starts and jvmti_interp_frame_exit when one
 * ends (native methods included). Breakpoints need no tool mode: their instructions are
 * patched (interp_breakpoint_patch) and call jvmti_interp_breakpoint, after the step's
 * event when both come. So the co-located event order of the spec ("Multiple Co-located
 * Events") falls out: MethodEntry, ExceptionCatch (interp.c), SingleStep, Breakpoint,
 * the instruction's own events, then MethodExit and FramePop.
 *
 * One rule of HotSpot's thins that order: a location where single stepping became
 * enabled for the thread gets no SingleStep until the thread has moved on (events.c,
 * jvmti_step_skipped). So when an agent enables SingleStep in an ExceptionCatch callback
 * (JDWP finishing a step out of the throwing frame), the handler's first instruction,
 * where ExceptionCatch was just sent, is not stepped, and a debugger's step ends on the
 * first line of the handler body, not on the `catch` line; likewise stepping enabled at
 * a breakpoint or a MethodEntry starts with the next location. With stepping enabled
 * all along, the handler's first instruction is stepped like any other.
 *
 * Breakpoints are per environment (spec: DUPLICATE is per environment): a list of
 * (environment, method, bci) under bp_lock. Frame pop requests are per environment too:
 * (environment, thread, frame) under fp_lock, the frame marked FRAME_POP_NOTIFY; a
 * request is consumed when its frame ends, by return or by exception. Both locks are
 * taken in TS_JAVA and never held across a safepoint or a callback.
 *
 * Callbacks run on the current thread (events.h: JNI local frame, pending exception
 * saved), with the frame concerned on top of its stack.
 */
#include <stddef.h>
#include <stdlib.h>

#include "../vm/class.h"
#include "../vm/interp.h"
#include "../vm/redefine.h"
#include "../vm/ref.h"
#include "../vm/thread.h"
#include "events.h"
#include "gen/jvmti_impl.h"
#include "jvmti_int.h"
#include "jvmti_tool.h"
#include "jvmti_vm.h"

typedef void(JNICALL *LocationFn)(jvmtiEnv *, JNIEnv *, jthread, jmethodID, jlocation);
typedef void(JNICALL *MethodEntryFn)(jvmtiEnv *, JNIEnv *, jthread, jmethodID);
typedef void(JNICALL *MethodExitFn)(jvmtiEnv *, JNIEnv *, jthread, jmethodID, jboolean, jvalue);
typedef void(JNICALL *FramePopFn)(jvmtiEnv *, JNIEnv *, jthread, jmethodID, jboolean);

/* ------------------------------------------------------------------------------------ */
/* Breakpoints                                                                          */
/* ------------------------------------------------------------------------------------ */

typedef struct Breakpoint {
    JvmtiEnv *env;
    Method *method;
    jlocation bci;
} Breakpoint;

static OsMutex bp_lock;
static Breakpoint *bps;
static size_t nbps, bps_cap;
/* The environment holding every breakpoint, if only one holds any (the usual debugger):
 * then a patched instruction is one of its breakpoints, and a hit takes no lock.
 * Recomputed under bp_lock after every change. */
static JvmtiEnv *_Atomic bp_sole_env;

/* Under bp_lock. */
static void bp_sole_env_update(void)
{
    JvmtiEnv *e = nbps > 0 ? bps[0].env : NULL;
    for (size_t i = 1; i < nbps && e != NULL; i++)
        if (bps[i].env != e) e = NULL;
    atomic_store_explicit(&bp_sole_env, e, memory_order_release);
}

static OsMutex fp_lock;

void jvmti_bytecode_events_init(void)
{
    os_mutex_init(&bp_lock);
    os_mutex_init(&fp_lock);
}

static Breakpoint *bp_find(JvmtiEnv *env, Method *m, jlocation bci)
{
    for (size_t i = 0; i < nbps; i++)
        if (bps[i].env == env && bps[i].method == m && bps[i].bci == bci) return &bps[i];
    return NULL;
}

static void patch_copy(Method *copy, void *arg) { interp_breakpoint_patch(copy, *(uint32_t *)arg); }
static void unpatch_copy(Method *copy, void *arg) { interp_breakpoint_unpatch(copy, *(uint32_t *)arg); }

/* JVMTI: SetBreakpoint. Any bci inside the method's code is accepted (as HotSpot); one
 * that is not the start of an instruction is never reached. */
jvmtiError jvmti_SetBreakpoint(JvmtiEnv *env, Thread *self, Method *method, jlocation location)
{
    if (method->code == NULL || location < 0 || location >= (jlocation)method->code_length)
        return JVMTI_ERROR_INVALID_LOCATION;
    os_mutex_lock(&bp_lock);
    jvmtiError err = JVMTI_ERROR_NONE;
    if (bp_find(env, method, location) != NULL) {
        err = JVMTI_ERROR_DUPLICATE;
    } else if (nbps == bps_cap) {
        size_t cap = bps_cap ? bps_cap * 2 : 16;
        Breakpoint *n = realloc(bps, cap * sizeof *n);
        if (n == NULL) err = JVMTI_ERROR_OUT_OF_MEMORY;
        else bps = n, bps_cap = cap;
    }
    if (err == JVMTI_ERROR_NONE) {
        bps[nbps++] = (Breakpoint){env, method, location};
        /* Patched at instruction starts only: a location inside an instruction is
         * recorded but never reached. Frames still running an equivalent old version of
         * the method (a redefinition left them) stop there too, as on HotSpot. */
        interp_breakpoint_patch(method, (uint32_t)location);
        uint32_t bci = (uint32_t)location;
        redef_for_each_emcp_copy(method, patch_copy, &bci);
        bp_sole_env_update();
    }
    os_mutex_unlock(&bp_lock);
    return err;
}

/* A breakpoint keeps its method's class loaded until it is cleared (HotSpot's
 * JvmtiBreakpoint holds its class the same way). At a safepoint: no thread holds bp_lock
 * (never held across a poll). */
void jvmti_visit_class_pins(RootVisitor *v)
{
    for (size_t i = 0; i < nbps; i++)
        if (bps[i].method->clazz->mirror != NULL) v->visit(v, &bps[i].method->clazz->mirror, ROOT_CLASS);
}

static void bp_remove_at(size_t i)
{
    uint32_t bci = (uint32_t)bps[i].bci;
    interp_breakpoint_unpatch(bps[i].method, bci);
    redef_for_each_emcp_copy(bps[i].method, unpatch_copy, &bci);
    bps[i] = bps[--nbps];
    bp_sole_env_update();
}

/* Class redefinition, at its safepoint (no thread holds bp_lock): JVMTI RedefineClasses
 * clears every breakpoint in the class's methods, in every environment, those set in its
 * old versions' obsolete methods included (as HotSpot's clearall_in_class). */
void jvmti_class_redefining(const Class *c)
{
    for (size_t i = 0; i < nbps;) {
        if (bps[i].method->clazz == c || bps[i].method->clazz->shadow_of == c)
            bp_remove_at(i);
        else
            i++;
    }
}

void jvmti_breakpoints_forget(const Class *shadow)
{
    for (size_t i = 0; i < nbps;) {
        if (bps[i].method->clazz == shadow)
            bps[i] = bps[--nbps];
        else
            i++;
    }
    bp_sole_env_update();
}

/* JVMTI: ClearBreakpoint. */
jvmtiError jvmti_ClearBreakpoint(JvmtiEnv *env, Thread *self, Method *method, jlocation location)
{
    if (method->code == NULL || location < 0 || location >= (jlocation)method->code_length)
        return JVMTI_ERROR_INVALID_LOCATION;
    os_mutex_lock(&bp_lock);
    Breakpoint *b = bp_find(env, method, location);
    if (b != NULL) bp_remove_at((size_t)(b - bps));
    os_mutex_unlock(&bp_lock);
    return b == NULL ? JVMTI_ERROR_NOT_FOUND : JVMTI_ERROR_NONE;
}

/* ------------------------------------------------------------------------------------ */
/* Frame pops                                                                           */
/* ------------------------------------------------------------------------------------ */

typedef struct FramePopRequest {
    struct FramePopRequest *next;
    JvmtiEnv *env;
    Thread *thread;
    Frame *frame;
} FramePopRequest;

static FramePopRequest *fp_requests; /* under fp_lock */

/* Removes the requests matching (env or any if NULL, thread, frame or any if NULL);
 * under fp_lock. Returns how many. When `envs` is given, the environments of the removed
 * requests are stored there (room for `max`). */
static int fp_remove(JvmtiEnv *env, Thread *t, Frame *f, JvmtiEnv **envs, int max)
{
    int n = 0;
    for (FramePopRequest **p = &fp_requests; *p != NULL;) {
        FramePopRequest *r = *p;
        if (r->thread == t && (env == NULL || r->env == env) && (f == NULL || r->frame == f)) {
            *p = r->next;
            if (envs != NULL && n < max) envs[n] = r->env;
            n++;
            free(r);
        } else {
            p = &r->next;
        }
    }
    return n;
}

static bool frames_stable(Thread *self, Thread *t) { return t == self || thread_is_suspended(t); }

/* JVMTI: NotifyFramePop. The frame at depth must be a Java frame of the current thread or
 * of a suspended one. */
jvmtiError jvmti_NotifyFramePop(JvmtiEnv *env, Thread *self, Thread *thread, jint depth)
{
    if (!frames_stable(self, thread)) return JVMTI_ERROR_THREAD_NOT_SUSPENDED;
    Frame *f = thread->top_frame;
    for (jint d = 0; f != NULL; f = f->prev) {
        if (f->flags & FRAME_ENTRY) continue;
        if (d++ == depth) break;
    }
    if (f == NULL) return JVMTI_ERROR_NO_MORE_FRAMES;
    if (f->flags & FRAME_NATIVE) return JVMTI_ERROR_OPAQUE_FRAME;
    FramePopRequest *r = malloc(sizeof *r);
    if (r == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
    os_mutex_lock(&fp_lock);
    jvmtiError err = JVMTI_ERROR_NONE;
    for (FramePopRequest *q = fp_requests; q != NULL; q = q->next)
        if (q->env == env && q->thread == thread && q->frame == f) err = JVMTI_ERROR_DUPLICATE;
    if (err == JVMTI_ERROR_NONE) {
        *r = (FramePopRequest){fp_requests, env, thread, f};
        fp_requests = r;
        f->flags |= FRAME_POP_NOTIFY;
    } else {
        free(r);
    }
    os_mutex_unlock(&fp_lock);
    if (err == JVMTI_ERROR_NONE) jvmti_thread_frame_pops(thread, 1);
    return err;
}

/* JVMTI: ClearAllFramePops. This environment's requests on the thread; the frames keep
 * their mark while another environment still has a request (harmless otherwise). */
jvmtiError jvmti_ClearAllFramePops(JvmtiEnv *env, Thread *self, Thread *thread)
{
    if (!frames_stable(self, thread)) return JVMTI_ERROR_THREAD_NOT_SUSPENDED;
    os_mutex_lock(&fp_lock);
    int n = fp_remove(env, thread, NULL, NULL, 0);
    os_mutex_unlock(&fp_lock);
    if (n > 0) jvmti_thread_frame_pops(thread, -n);
    return JVMTI_ERROR_NONE;
}

/* DisposeEnvironment (env.c): drops the environment's breakpoints and frame pop
 * requests. */
void jvmti_bytecode_events_env_disposed(JvmtiEnv *e)
{
    os_mutex_lock(&bp_lock);
    for (size_t i = 0; i < nbps;) {
        if (bps[i].env == e) bp_remove_at(i);
        else i++;
    }
    os_mutex_unlock(&bp_lock);
    os_mutex_lock(&fp_lock);
    for (FramePopRequest **p = &fp_requests; *p != NULL;) {
        FramePopRequest *r = *p;
        if (r->env == e) {
            *p = r->next;
            jvmti_thread_frame_pops(r->thread, -1); /* fp_lock, then ev_lock */
            free(r);
        } else {
            p = &r->next;
        }
    }
    os_mutex_unlock(&fp_lock);
}

/* ------------------------------------------------------------------------------------ */
/* Posting (called by the interpreter in tool mode)                                     */
/* ------------------------------------------------------------------------------------ */

static inline __attribute__((always_inline)) void post_location(Thread *t, jvmtiEvent ev, Method *m, jlocation bci, bool breakpoint)
{
    JvmtiEventIter it;
    JvmtiAnyCallback cb;
    if (!jvmti_live_iter_begin(&it, t, ev)) return;
    size_t offset = breakpoint ? offsetof(jvmtiEventCallbacks, Breakpoint) : offsetof(jvmtiEventCallbacks, SingleStep);
    for (JvmtiEnv *e; (e = jvmti_live_iter_next(&it, &cb, offset)) != NULL;) {
        if (breakpoint) {
            /* Reached through a patched byte, so some environment has a breakpoint
             * here: if all are e's, one is. */
            if (atomic_load_explicit(&bp_sole_env, memory_order_acquire) == e) goto post;
            os_mutex_lock(&bp_lock);
            bool set = bp_find(e, method_for_tools(m), bci) != NULL; /* an EMCP copy: its method's */
            os_mutex_unlock(&bp_lock);
            if (!set) continue;
        } else if (jvmti_step_skipped(t, e, m, bci)) {
            continue; /* stepping was enabled here: already stepped (events.c) */
        }
    post:;
        JvmtiCallbackFrame cf;
        if (!jvmti_callback_begin(&cf, t)) break;
        jthread jt = jvmti_callback_local(t, t->jthread);
        jvmti_callback_native(&cf);
        ((LocationFn)cb)(jvmti_env_external(e), thread_env(t), jt, (jmethodID)method_for_tools(m), bci);
        jvmti_callback_end(&cf);
    }
}

void jvmti_interp_location(Thread *t, Frame *f)
{
    JVMTI_LAYERS_POST(JVMTI_EVENT_SINGLE_STEP, instruction, t, f);
    if (t->jthread == NULL) return;
    Method *m = f->method;
    jlocation bci = (jlocation)(f->pc - m->code);
    if (jvmti_want(JVMTI_EVENT_SINGLE_STEP)) post_location(t, JVMTI_EVENT_SINGLE_STEP, m, bci, false);
}

void jvmti_interp_breakpoint(Thread *t, Frame *f)
{
    if (t->jthread == NULL) return;
    Method *m = f->method;
    post_location(t, JVMTI_EVENT_BREAKPOINT, m, (jlocation)(f->pc - m->code), true);
}

void jvmti_interp_method_entry(Thread *t, Frame *f)
{
    JvmtiEventIter it;
    JvmtiAnyCallback cb;
    JVMTI_LAYERS_POST(JVMTI_EVENT_METHOD_ENTRY, method_entry, t, f);
    if (t->jthread == NULL || !jvmti_live_iter_begin(&it, t, JVMTI_EVENT_METHOD_ENTRY)) return;
    for (JvmtiEnv *e; (e = jvmti_live_iter_next(&it, &cb, offsetof(jvmtiEventCallbacks, MethodEntry))) != NULL;) {
        JvmtiCallbackFrame cf;
        if (!jvmti_callback_begin(&cf, t)) break;
        jthread jt = jvmti_callback_local(t, t->jthread);
        jvmti_callback_native(&cf);
        ((MethodEntryFn)cb)(jvmti_env_external(e), thread_env(t), jt, (jmethodID)method_for_tools(f->method));
        jvmti_callback_end(&cf);
    }
}

/* The return value as the MethodExit callback gets it (objects as local references of
 * the callback's frame: call inside it). */
static jvalue return_value(Thread *t, Method *m, Slot r, bool by_exception)
{
    jvalue v;
    v.j = 0;
    if (by_exception) return v;
    v = jvmti_slot_jvalue(m->ret_type, r);
    if (m->ret_type == BT_OBJECT || m->ret_type == BT_ARRAY) v.l = jvmti_callback_local(t, r.l);
    return v;
}

enum { MAX_POP_ENVS = 64 };

static void frame_exit_events(Thread *t, Frame *f, Slot result, bool by_exception);

void jvmti_interp_frame_exit(Thread *t, Frame *f, Slot result, bool by_exception)
{
    /* An object returned by a native method is referenced from nowhere else while the
     * callbacks run (they may let a collection happen): pin it for their duration. */
    BasicType rt = (BasicType)f->method->ret_type;
    bool pin = !by_exception && (rt == BT_OBJECT || rt == BT_ARRAY) && result.l != NULL;
    uint32_t mark = ref_mark(t), base = t->locals.frame_base;
    if (pin) ref_new_local(t, result.l);
    frame_exit_events(t, f, result, by_exception);
    if (pin) ref_release_to(t, mark, base);
}

static void frame_exit_events(Thread *t, Frame *f, Slot result, bool by_exception)
{
    Method *m = f->method;
    JVMTI_LAYERS_POST(JVMTI_EVENT_METHOD_EXIT, method_exit, t, f);
    if (t->jthread != NULL) {
        JvmtiEventIter it;
        JvmtiAnyCallback cb;
        if (jvmti_live_iter_begin(&it, t, JVMTI_EVENT_METHOD_EXIT)) {
            for (JvmtiEnv *e; (e = jvmti_live_iter_next(&it, &cb, offsetof(jvmtiEventCallbacks, MethodExit))) != NULL;) {
                JvmtiCallbackFrame cf;
                if (!jvmti_callback_begin(&cf, t)) break;
                jthread jt = jvmti_callback_local(t, t->jthread);
                jvalue v = return_value(t, m, result, by_exception);
                jvmti_callback_native(&cf);
                ((MethodExitFn)cb)(jvmti_env_external(e), thread_env(t), jt, (jmethodID)method_for_tools(m), by_exception, v);
                jvmti_callback_end(&cf);
            }
        }
    }
    if (!(f->flags & FRAME_POP_NOTIFY)) return;
    /* The frame's requests are consumed whether or not FramePop is enabled. */
    JvmtiEnv *envs[MAX_POP_ENVS];
    os_mutex_lock(&fp_lock);
    int n = fp_remove(NULL, t, f, envs, MAX_POP_ENVS);
    os_mutex_unlock(&fp_lock);
    f->flags &= ~(uint32_t)FRAME_POP_NOTIFY;
    if (n > MAX_POP_ENVS) n = MAX_POP_ENVS;
    JvmtiEventIter it;
    JvmtiAnyCallback cb;
    if (t->jthread != NULL && jvmti_event_iter_begin(&it, t, JVMTI_EVENT_FRAME_POP)) {
        for (JvmtiEnv *e; (e = jvmti_event_iter_next(&it, &cb)) != NULL;) {
            bool requested = false;
            for (int i = 0; i < n; i++) requested |= envs[i] == e;
            if (!requested) continue;
            JvmtiCallbackFrame cf;
            if (!jvmti_callback_begin(&cf, t)) break;
            jthread jt = ref_new_local(t, t->jthread);
            jvmti_callback_native(&cf);
            ((FramePopFn)cb)(jvmti_env_external(e), thread_env(t), jt, (jmethodID)method_for_tools(m), by_exception);
            jvmti_callback_end(&cf);
        }
    }
    if (n > 0) jvmti_thread_frame_pops(t, -n);
}

/* PopFrame (framecontrol.c, carried out by the interpreter): f goes without any event;
 * its frame pop requests are dropped. */
void jvmti_interp_frame_popped(Thread *t, Frame *f)
{
    if (!(f->flags & FRAME_POP_NOTIFY)) return;
    os_mutex_lock(&fp_lock);
    int n = fp_remove(NULL, t, f, NULL, 0);
    os_mutex_unlock(&fp_lock);
    f->flags &= ~(uint32_t)FRAME_POP_NOTIFY;
    if (n > 0) jvmti_thread_frame_pops(t, -n);
}
