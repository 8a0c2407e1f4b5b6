// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * events.c — NCAI event management (NCAI: GetEventCallbacks, SetEventCallbacks,
 * SetEventNotificationMode), delivery (ncai_post), the Signal event and the signal
 * functions (NCAI: GetSignalCount, GetSignalInfo), and the events the VM's hooks give
 * through JVMTI's seam: ThreadStart/ThreadEnd (thread.c calls in), MethodEntry and
 * MethodExit of native methods.
 *
 * Enablement as Harmony has it: an event goes to environment e on thread t when e has
 * a callback for it and it is enabled for e globally (thread NULL) or for t. Enabling
 * needs the event's capability (include/ncai.h). ncai_event_mask has bit ev while some
 * environment enabled ev globally or for some thread; hooks test it first.
 *
 * Delivery (ncai_post) runs the callbacks on the thread of the event. From a signal
 * handler (ctx != NULL: Breakpoint, Step, Watchpoint, FramePop, Signal) the thread stays
 * in whatever state it was in: in native code (TS_NATIVE) it is safe for the collector
 * all along; in VM code (TS_JAVA) a collection waits until the callback returns, so such
 * a callback must not wait for another Java thread. Outside handlers an attached thread
 * in TS_JAVA switches to TS_NATIVE for the callback, as for JVMTI callbacks.
 *
 * Signals: the portable codes of Harmony's port layer (GetSignalInfo names them):
 * 0 GPF (SIGSEGV, SIGBUS, SIGILL), 1 STACK_OVERFLOW (SIGSEGV near the thread's stack
 * limit), 2 ABORT, 3 QUIT (SIGQUIT), 4 CTRL_BREAK (none on Linux), 5 CTRL_C (SIGINT),
 * 6 BREAKPOINT (SIGTRAP that no NCAI breakpoint or step explains), 7 ARITHMETIC
 * (SIGFPE). is_handled = true from any environment skips the VM's own handling: for a
 * fault, the thread resumes with its (possibly changed) context, so the agent must have
 * moved rip or removed the cause.
 */
#include <stdlib.h>
#include <string.h>

#include "../jvmti/events.h"
#include "../vm/class.h"
#include "../vm/interp.h"
#include "ncai_int.h"

static _Atomic uint32_t ncai_event_mask;

/* The capability an event needs; 0 for those that need none. */
static bool event_cap(const ncaiCapabilities *c, ncaiEventKind ev)
{
    switch (ev) {
    case NCAI_EVENT_THREAD_START:
    case NCAI_EVENT_THREAD_END: return c->can_generate_thread_events;
    case NCAI_EVENT_BREAKPOINT: return c->can_set_breakpoints;
    case NCAI_EVENT_STEP: return c->can_single_step;
    case NCAI_EVENT_WATCHPOINT: return c->can_set_watchpoints;
    case NCAI_EVENT_METHOD_ENTRY:
    case NCAI_EVENT_METHOD_EXIT: return c->can_generate_method_events;
    case NCAI_EVENT_FRAME_POP: return c->can_notify_frame_pop;
    case NCAI_EVENT_SIGNAL: return c->can_generate_signal_events;
    case NCAI_EVENT_EXCEPTION: return c->can_generate_exception_events;
    case NCAI_EVENT_MODULE_LOAD:
    case NCAI_EVENT_MODULE_UNLOAD: return c->can_generate_module_events;
    case NCAI_EVENT_CONSOLE_INPUT:
    case NCAI_EVENT_CONSOLE_OUTPUT:
    case NCAI_EVENT_DEBUG_OUTPUT: return c->can_generate_console_events;
    default: return false;
    }
}

bool ncai_event_allowed(NcaiEnv *e, ncaiEventKind ev) { return event_cap(&e->caps, ev); }

static void *callback_of(NcaiEnv *e, ncaiEventKind ev)
{
    void *const *slots = (void *const *)&e->callbacks;
    return __atomic_load_n(&slots[ev - 1], __ATOMIC_ACQUIRE);
}

bool ncai_event_wanted(NcaiEnv *e, NcaiThread *t, ncaiEventKind ev)
{
    if (callback_of(e, ev) == NULL) return false;
    if (atomic_load_explicit(&e->enabled[ev], memory_order_relaxed)) return true;
    return t != NULL && (atomic_load_explicit(&t->enabled[e->index], memory_order_relaxed) & (1u << ev)) != 0;
}

bool ncai_event_any(ncaiEventKind ev)
{
    return (atomic_load_explicit(&ncai_event_mask, memory_order_relaxed) & (1u << ev)) != 0;
}

/* ------------------------------------------------------------------------------------ */
/* Delivery                                                                             */
/* ------------------------------------------------------------------------------------ */

void ncai_post(NcaiThread *self, OsContext *ctx, ncaiEventKind ev, NcaiCall call, void *arg)
{
    ncai_post_masked(self, ctx, ev, 0, call, arg);
}

bool ncai_step_event_wanted(NcaiThread *t)
{
    for (int i = 0; i < NCAI_MAX_ENVS; i++) {
        NcaiEnv *e = atomic_load_explicit(&ncai_envs[i], memory_order_acquire);
        if (ncai_env_live(e) && ncai_event_wanted(e, t, NCAI_EVENT_STEP))
            return true;
    }
    return false;
}

typedef struct AddrArg {
    ncaiThread thread;
    void *addr;
} AddrArg;

static void call_addr(ncaiEnv *env, void *cb, void *arg)
{
    AddrArg *a = arg;
    ((void(JNICALL *)(ncaiEnv *, ncaiThread, void *))cb)(env, a->thread, a->addr);
}

void ncai_post_addr_event(NcaiThread *self, OsContext *ctx, ncaiEventKind ev, uint32_t env_mask, void *addr)
{
    AddrArg a = {(ncaiThread)self, addr};
    ncai_post_masked(self, ctx, ev, env_mask, call_addr, &a);
}

void ncai_post_masked(NcaiThread *self, OsContext *ctx, ncaiEventKind ev, uint32_t env_mask, NcaiCall call,
                      void *arg)
{
    if (!ncai_event_any(ev)) return;
    Thread *vt = ctx == NULL && self != NULL ? thread_current() : NULL;
    bool switch_state = vt != NULL && atomic_load_explicit(&vt->state, memory_order_relaxed) == TS_JAVA;
    OsContext *saved_ctx = NULL;
    bool saved_captured = false;
    /* Outside a signal handler, the current thread's stack and registers in a callback
     * are those of this point (a captured context; its frame lives through the calls). */
    OsContextBuf capture;
    bool captured = false;
    if (self != NULL && ctx == NULL && os_context_capture(&capture) == 0) {
        ctx = (OsContext *)&capture;
        captured = true;
    }
    if (self != NULL) {
        atomic_fetch_add(&self->delivering, 1);
        if (ctx != NULL) {
            saved_ctx = atomic_exchange(&self->ctx, ctx);
            saved_captured = atomic_exchange(&self->ctx_captured, captured);
        }
    }
    for (int i = 0; i < NCAI_MAX_ENVS; i++) {
        NcaiEnv *e = atomic_load_explicit(&ncai_envs[i], memory_order_acquire);
        if (!ncai_env_live(e) || !ncai_event_wanted(e, self, ev)) continue;
        if (env_mask != 0 && !(env_mask & (1u << i))) continue;
        void *cb = callback_of(e, ev);
        if (cb == NULL) continue;
        if (switch_state) {
            JvmtiCallbackFrame f;
            if (!jvmti_callback_begin(&f, vt)) break;
            jvmti_callback_native(&f);
            call(ncai_env_external(e), cb, arg);
            jvmti_callback_end(&f);
        } else {
            call(ncai_env_external(e), cb, arg);
        }
    }
    if (self != NULL) {
        if (ctx != NULL) {
            atomic_store(&self->ctx, saved_ctx);
            atomic_store(&self->ctx_captured, saved_captured);
        }
        atomic_fetch_sub(&self->delivering, 1);
    }
}

/* ------------------------------------------------------------------------------------ */
/* Event management                                                                     */
/* ------------------------------------------------------------------------------------ */

/* NCAI: GetEventCallbacks. Copies min(size, sizeof) bytes; size 0 is illegal. */
NCAI_FN(GetEventCallbacks, ncaiEventCallbacks *callbacks, size_t size)
{
    NCAI_ENV(e);
    if (size == 0) return NCAI_ERROR_ILLEGAL_ARGUMENT;
    if (callbacks == NULL) return NCAI_ERROR_NULL_POINTER;
    ncaiEventCallbacks copy;
    void **dst = (void **)&copy;
    for (int i = 0; i < NCAI_MAX_EVENT_TYPE_VAL; i++) dst[i] = callback_of(e, (ncaiEventKind)(i + 1));
    memcpy(callbacks, &copy, size < sizeof copy ? size : sizeof copy);
    return NCAI_ERROR_NONE;
}

/* NCAI: SetEventCallbacks. NULL clears them all; a shorter struct (size) leaves the
 * later callbacks NULL (Harmony copied sizeof regardless: we read no more than size). */
NCAI_FN(SetEventCallbacks, ncaiEventCallbacks *callbacks, size_t size)
{
    NCAI_ENV(e);
    if (size == 0) return NCAI_ERROR_ILLEGAL_ARGUMENT;
    ncaiEventCallbacks copy;
    memset(&copy, 0, sizeof copy);
    if (callbacks != NULL) memcpy(&copy, callbacks, size < sizeof copy ? size : sizeof copy);
    void **dst = (void **)&e->callbacks, **src = (void **)&copy;
    for (int i = 0; i < NCAI_MAX_EVENT_TYPE_VAL; i++) __atomic_store_n(&dst[i], src[i], __ATOMIC_RELEASE);
    ncai_events_changed();
    return NCAI_ERROR_NONE;
}

static OsMutex mode_lock;

void ncai_event_disable_threads(NcaiEnv *e, ncaiEventKind ev)
{
    for (NcaiThread *t = ncai_thread_list(); t != NULL; t = t->next)
        atomic_fetch_and(&t->enabled[e->index], (uint16_t) ~(1u << ev));
}

/* NCAI: SetEventNotificationMode */
NCAI_FN(SetEventNotificationMode, ncaiEventMode mode, ncaiEventKind event, ncaiThread thread)
{
    NCAI_ENV(e);
    if (mode != NCAI_ENABLE && mode != NCAI_DISABLE) return NCAI_ERROR_ILLEGAL_ARGUMENT;
    if ((int)event < NCAI_MIN_EVENT_TYPE_VAL || (int)event > NCAI_MAX_EVENT_TYPE_VAL)
        return NCAI_ERROR_ILLEGAL_ARGUMENT;
    if (mode == NCAI_ENABLE && !event_cap(&e->caps, event)) return NCAI_ERROR_MUST_POSSESS_CAPABILITY;
    NcaiThread *t = NULL;
    if (thread != NULL) {
        t = ncai_thread_check(thread);
        if (t == NULL) return NCAI_ERROR_INVALID_THREAD;
        if (!ncai_thread_alive(t)) return NCAI_ERROR_THREAD_NOT_ALIVE;
    }
    os_mutex_lock(&mode_lock);
    if (t == NULL) {
        atomic_store(&e->enabled[event], mode == NCAI_ENABLE);
    } else if (mode == NCAI_ENABLE) {
        atomic_fetch_or(&t->enabled[e->index], (uint16_t)(1u << event));
    } else {
        atomic_fetch_and(&t->enabled[e->index], (uint16_t) ~(1u << event));
    }
    os_mutex_unlock(&mode_lock);
    ncai_events_changed();
    if (event == NCAI_EVENT_STEP && mode == NCAI_ENABLE) ncai_step_start(t);
    return NCAI_ERROR_NONE;
}

void ncai_events_slot_reset(int i)
{
    for (NcaiThread *t = ncai_thread_list(); t != NULL; t = t->next) atomic_store(&t->enabled[i], 0);
}

static bool method_hooks_on;

void ncai_events_changed(void)
{
    os_mutex_lock(&mode_lock);
    uint32_t mask = 0;
    for (int i = 0; i < NCAI_MAX_ENVS; i++) {
        NcaiEnv *e = atomic_load(&ncai_envs[i]);
        if (!ncai_env_live(e)) continue;
        uint32_t threads = 0;
        for (NcaiThread *t = ncai_thread_list(); t != NULL; t = t->next) threads |= atomic_load(&t->enabled[i]);
        for (int ev = NCAI_MIN_EVENT_TYPE_VAL; ev <= NCAI_MAX_EVENT_TYPE_VAL; ev++) {
            if (callback_of(e, (ncaiEventKind)ev) == NULL) continue;
            if (atomic_load(&e->enabled[ev]) || (threads & (1u << ev))) mask |= 1u << ev;
        }
    }
    atomic_store(&ncai_event_mask, mask);
    /* Console events: an internal breakpoint on write(2) while any is wanted. */
    ncai_console_watch((mask & ((1u << NCAI_EVENT_CONSOLE_OUTPUT) | (1u << NCAI_EVENT_DEBUG_OUTPUT))) != 0);
    bool want_methods = (mask & ((1u << NCAI_EVENT_METHOD_ENTRY) | (1u << NCAI_EVENT_METHOD_EXIT))) != 0;
    bool changed = want_methods != method_hooks_on;
    if (changed) {
        method_hooks_on = want_methods;
        jvmti_layer_want(&ncai_layer, JVMTI_EVENT_METHOD_ENTRY, want_methods);
        jvmti_layer_want(&ncai_layer, JVMTI_EVENT_METHOD_EXIT, want_methods);
        jvmti_layer_want(&ncai_layer, JVMTI_EVENT_NATIVE_METHOD_BIND, want_methods);
    }
    os_mutex_unlock(&mode_lock);
    if (changed) {
        /* The interpreter's tool mode calls the native method hooks (a safepoint). */
        Thread *self;
        int prev = ncai_vm_enter(&self);
        if (prev >= 0) {
            jvmti_layer_mode_update(self);
            ncai_vm_leave(self, prev);
        } else if (jvmti_get_phase() == JVMTI_PHASE_ONLOAD) {
            jvmti_layer_mode_update(NULL);
        }
    }
}

/* ------------------------------------------------------------------------------------ */
/* Native method entry and exit (the interpreter's tool mode, through JVMTI's seam)      */
/* ------------------------------------------------------------------------------------ */

/* A native method entered before its first binding has no address yet: its
 * MethodEntry waits for the binding (NativeMethodBind's hook), which comes on the same
 * thread before the call. Resolution may run Java code (ClassLoader.findNative) that
 * enters other unbound natives first: a small stack per thread. */
enum { MAX_PENDING = 16 };
static __thread Frame *pending[MAX_PENDING];
static __thread int npending;

void ncai_native_method_entry(Thread *t, Frame *f)
{
    /* Java methods have no native code: native method frames only. */
    if (!(f->flags & FRAME_NATIVE) || !ncai_event_any(NCAI_EVENT_METHOD_ENTRY)) return;
    void *fn = ncai_native_code(f->method);
    if (fn == NULL) {
        if (npending < MAX_PENDING) pending[npending++] = f;
        return;
    }
    NcaiThread *self = ncai_thread_of(t);
    AddrArg a = {(ncaiThread)self, fn};
    ncai_post(self, NULL, NCAI_EVENT_METHOD_ENTRY, call_addr, &a);
}

void ncai_native_bound(Thread *t, Method *m, void *fn)
{
    /* Entries whose frames are gone (their binding failed) are dropped on the way. */
    while (npending > 0) {
        Frame *f = pending[npending - 1];
        bool live = false;
        for (Frame *g = t->top_frame; g != NULL; g = g->prev)
            if (g == f) live = true;
        if (!live) {
            npending--;
            continue;
        }
        if (f != t->top_frame || f->method != m) return;
        npending--;
        NcaiThread *self = ncai_thread_of(t);
        AddrArg a = {(ncaiThread)self, fn};
        ncai_post(self, NULL, NCAI_EVENT_METHOD_ENTRY, call_addr, &a);
        return;
    }
}

void ncai_native_method_exit(Thread *t, Frame *f)
{
    if (!(f->flags & FRAME_NATIVE)) return;
    void *fn = ncai_native_code(f->method);
    if (!ncai_event_any(NCAI_EVENT_METHOD_EXIT) || fn == NULL) return;
    NcaiThread *self = ncai_thread_of(t);
    AddrArg a = {(ncaiThread)self, fn};
    ncai_post(self, NULL, NCAI_EVENT_METHOD_EXIT, call_addr, &a);
}

/* ------------------------------------------------------------------------------------ */
/* Signals                                                                              */
/* ------------------------------------------------------------------------------------ */

static const char *const signal_names[] = {
    "PORT_SIGNAL_GPF",    "PORT_SIGNAL_STACK_OVERFLOW", "PORT_SIGNAL_ABORT",      "PORT_SIGNAL_QUIT",
    "PORT_SIGNAL_CTRL_BREAK", "PORT_SIGNAL_CTRL_C",     "PORT_SIGNAL_BREAKPOINT", "PORT_SIGNAL_ARITHMETIC",
};
#define NSIGNALS ((int)(sizeof signal_names / sizeof signal_names[0]))

/* NCAI: GetSignalCount */
NCAI_FN(GetSignalCount, jint *count_ptr)
{
    NCAI_ENV(e);
    (void)e;
    if (count_ptr == NULL) return NCAI_ERROR_NULL_POINTER;
    *count_ptr = NSIGNALS;
    return NCAI_ERROR_NONE;
}

/* NCAI: GetSignalInfo. The name is the agent's (JVMTI Deallocate). */
NCAI_FN(GetSignalInfo, jint signal, ncaiSignalInfo *info_ptr)
{
    NCAI_ENV(e);
    (void)e;
    if (info_ptr == NULL) return NCAI_ERROR_NULL_POINTER;
    if (signal < 0 || signal >= NSIGNALS) return NCAI_ERROR_ILLEGAL_ARGUMENT;
    char *n = ncai_strdup(signal_names[signal]);
    if (n == NULL) return NCAI_ERROR_OUT_OF_MEMORY;
    info_ptr->name = n;
    return NCAI_ERROR_NONE;
}

typedef struct SignalArg {
    ncaiThread thread;
    void *addr;
    jint code;
    jboolean internal;
    jboolean handled;
} SignalArg;

static void call_signal(ncaiEnv *env, void *cb, void *arg)
{
    SignalArg *a = arg;
    jboolean h = a->handled;
    ((ncaiSignal)cb)(env, a->thread, a->addr, a->code, a->internal, &h);
    if (h) a->handled = JNI_TRUE;
}

/* POSIX signal numbers, from the os layer's names (ncai_events_init). */
static int sig_segv, sig_bus, sig_ill, sig_abrt, sig_quit, sig_int, sig_trap, sig_fpe;

/* The portable code of a POSIX signal (addr: a fault's address), or -1. A SIGSEGV within
 * the thread's stack guard zone (below its lowest usable stack address) is a stack
 * overflow. */
static int portable_code(NcaiThread *self, int sig, void *addr)
{
    if (sig == sig_segv) {
        Thread *t = self != NULL ? atomic_load(&self->vm) : NULL;
        if (t != NULL && (char *)addr < (char *)t->stack_guard && (char *)addr >= (char *)t->stack_lo - (1 << 20))
            return 1;
        return 0;
    }
    if (sig == sig_bus || sig == sig_ill) return 0;
    if (sig == sig_abrt) return 2;
    if (sig == sig_quit) return 3;
    if (sig == sig_int) return 5;
    if (sig == sig_trap) return 6;
    if (sig == sig_fpe) return 7;
    return -1;
}

bool ncai_post_signal(NcaiThread *self, OsContext *ctx, int sig, void *addr, bool is_internal)
{
    if (!ncai_event_any(NCAI_EVENT_SIGNAL)) return false;
    int code = portable_code(self, sig, addr);
    if (code < 0) return false;
    SignalArg a = {(ncaiThread)self, ctx != NULL ? (void *)os_context_pc(ctx) : NULL, code,
                   is_internal ? JNI_TRUE : JNI_FALSE, JNI_FALSE};
    ncai_post(self, ctx, NCAI_EVENT_SIGNAL, call_signal, &a);
    return a.handled;
}

void ncai_events_init(void)
{
    os_mutex_init(&mode_lock);
    sig_segv = os_signal_number("SEGV");
    sig_bus = os_signal_number("BUS");
    sig_ill = os_signal_number("ILL");
    sig_abrt = os_signal_number("ABRT");
    sig_quit = os_signal_number("QUIT");
    sig_int = os_signal_number("INT");
    sig_trap = os_signal_number("TRAP");
    sig_fpe = os_signal_number("FPE");
}
