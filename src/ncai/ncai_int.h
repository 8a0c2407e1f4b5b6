// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * ncai_int.h — private to the NCAI module (src/ncai): Apache Harmony's Native Code
 * Access Interface on top of JVMTI's internals and src/os's native debugging support.
 *
 * Layering: ncai <- jvmti <- jvm <- vm <- os. NCAI registers its extension function
 * (org.apache.harmony.vm.GetExtensionEnv) with JVMTI from a constructor (jvmti_int.h,
 * "The seam for tool interfaces above JVMTI") and its layer of listeners (ncai_layer,
 * jvmti_tool.h) with the first environment; the VM core and JVMTI never call NCAI by
 * name. Everything machine- or OS-specific (signals, contexts, registers,
 * unwinding, watchpoints, instruction decoding) is behind os_* (src/os/os.h).
 *
 * Environments (env.c). An ncaiEnv* is the address of an NcaiEnv whose first member is
 * the function table (the JNI/JVMTI double indirection, and the C++ ncaiEnv_struct's
 * only member). One per JVMTI environment, created by the extension function; records
 * are never freed: an environment whose JVMTI environment was disposed answers
 * INVALID_ENVIRONMENT. At most NCAI_MAX_ENVS exist.
 *
 * Threads (thread.c). An ncaiThread is an NcaiThread*: one record per VM thread (Thread)
 * that ran while NCAI was enabled, found by kernel id from signal handlers (the list is
 * append-only and read without a lock). A record outlives its thread, so a stale handle
 * never touches freed memory: it answers THREAD_NOT_ALIVE until, 256 thread ends later,
 * a new thread takes the record over (thread.c).
 * NcaiThread.vm is the VM record while the thread lives: read it only while the caller
 * is in TS_JAVA (ncai_vm_enter) — VM records of ended threads are freed at the next
 * safepoint end.
 *
 * Hard suspension (thread.c): the suspend signal stops a thread inside its handler,
 * where NcaiThread.ctx points at its machine context until it is resumed. Only threads
 * in a safe state (TS_NATIVE, TS_BLOCKED) are stopped, at a safepoint of the suspender,
 * so the collector never waits for a stopped thread.
 *
 * Events (events.c). Posted on the thread concerned, often from a signal handler
 * (Breakpoint, Step, Watchpoint, Signal, FramePop); NcaiThread.ctx is then the signal's
 * context (otherwise one captured where the event is posted: ctx_captured), which
 * GetStackTrace and Get/SetRegisterValue use for "the current thread in a callback",
 * and NcaiThread.delivering > 0, which makes breakpoints and steps hit by the agent's own
 * callback code transparent.
 */
#ifndef GLASS_NCAI_INT_H
#define GLASS_NCAI_INT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../include/ncai.h"
#include "../jvmti/jvmti_int.h"
#include "../jvmti/jvmti_tool.h"
#include "../os/os.h"
#include "../vm/thread.h"

#define NCAI_ENV_MAGIC 0x4e434149u /* "NCAI" */
#define NCAI_THREAD_MAGIC 0x4e544852u
#define NCAI_MAX_ENVS 8
#define NCAI_NEVENTS (NCAI_MAX_EVENT_TYPE_VAL + 1)

typedef struct NcaiEnv {
    const struct _ncai *functions; /* MUST stay first */
    _Atomic uint32_t magic;
    int index;                     /* 0 .. NCAI_MAX_ENVS - 1 */
    JvmtiEnv *jvmti;
    ncaiCapabilities caps;
    ncaiEventCallbacks callbacks;
    _Atomic uint8_t enabled[NCAI_NEVENTS]; /* global enablement */
    OsMutex lock;                          /* caps */
} NcaiEnv;

typedef struct NcaiThread {
    uint32_t magic;
    struct NcaiThread *next; /* all records, newest first (append-only) */
    Thread *_Atomic vm;      /* NULL once the thread ended */
    _Atomic bool reusable;   /* ended, its events delivered: a new thread may take it */
    uint64_t ended_seq;      /* when it ended (the oldest is taken first) */
    int64_t tid;
    char kind;               /* ncaiThreadKind */

    /* Hard suspension. */
    OsMutex lock;                 /* suspension requests */
    _Atomic int suspend_count;
    _Atomic uint32_t resume_gen;  /* advanced by each resumption (count back to 0) */
    _Atomic bool logical;         /* stopped logically: blocked in the VM, held (thread.c) */
    uint32_t logical_gen;         /* resume_gen when it was */
    OsContextBuf snap;            /* its context when it was (a copy) */
    _Atomic int stop_state;       /* NCAI_RUNNING, NCAI_STOP_REQUESTED, NCAI_STOPPED, NCAI_DEFERRED,
                                   * NCAI_STOP_ARMED */
    /* NCAI_STOP_ARMED: the thread stops itself when it returns to other code (thread.c),
     * at a hardware breakpoint (return_fd) on the return address, with this stack
     * pointer. */
    _Atomic int return_fd;
    uintptr_t return_sp;
    OsContext *_Atomic ctx;       /* the stopped or delivering thread's context */
    _Atomic bool ctx_captured;    /* ctx was captured, not a signal's: changes do nothing */
    OsSem ack, resume;

    /* Events. */
    _Atomic uint16_t enabled[NCAI_MAX_ENVS]; /* per-thread enablement, bit per event */
    _Atomic int delivering;                   /* nesting of NCAI callbacks on the thread */

    /* Stepping (debug.c): the mode, and for OVER/OUT the return address and the stack
     * pointer above which the thread must be back before steps are reported again. */
    _Atomic int step_mode;
    uintptr_t step_until_pc, step_until_sp;
    bool step_skip_callee; /* STEP_OVER: the next trap is the callee's entry */
    _Atomic bool step_pending; /* SetStepMode while running: set TF at the next stop */

    /* NotifyFramePop (debug.c): frame addresses (CFAs) to report, 0 = free. */
    uintptr_t frame_pops[8];
} NcaiThread;

enum { NCAI_RUNNING, NCAI_STOP_REQUESTED, NCAI_STOPPED, NCAI_DEFERRED, NCAI_STOP_ARMED };

/* ---- env.c ---- */
/* NCAI's layer on JVMTI's event seam (jvmti_tool.h), registered with the first
 * environment. */
extern JvmtiLayer ncai_layer;
extern NcaiEnv *_Atomic ncai_envs[NCAI_MAX_ENVS];
/* Is NCAI enabled (an environment exists)? */
extern _Atomic bool ncai_enabled;
/* Is e a valid environment (its JVMTI environment not disposed)? */
bool ncai_env_live(const NcaiEnv *e);
/* Environment slot i is reused: forget the per-thread enablement (events.c) and the
 * breakpoints, watchpoints and frame pop requests (debug.c) of its old environment. */
void ncai_events_slot_reset(int i);
void ncai_debug_slot_reset(int i);
/* The record behind env, or NULL (INVALID_ENVIRONMENT: bad pointer, or the JVMTI
 * environment it came from was disposed). */
NcaiEnv *ncai_env_check(ncaiEnv *env);
static inline ncaiEnv *ncai_env_external(NcaiEnv *e) { return (ncaiEnv *)&e->functions; }
/* Memory for agents (JVMTI Allocate's), and a copy of s in it. */
void *ncai_alloc(size_t n);
char *ncai_strdup(const char *s);

/* ---- thread.c ---- */
void ncai_threads_init(void);
/* The record of the current thread (signal-safe), or NULL. */
NcaiThread *ncai_thread_self(void);
/* All records, newest first (lock-free: records are never unlinked). */
NcaiThread *ncai_thread_list(void);
/* The record of vm thread t, made if needed. */
NcaiThread *ncai_thread_of(Thread *t);
/* The record behind a handle, or NULL if it is not one of ours. */
NcaiThread *ncai_thread_check(ncaiThread h);
/* Is t a live thread (its VM record still attached)? */
static inline bool ncai_thread_alive(NcaiThread *t) { return atomic_load(&t->vm) != NULL; }
/* The context through which t's registers and stack are read: t stopped by NCAI, or t
 * the current thread inside an NCAI callback. NULL otherwise. */
OsContext *ncai_thread_context(NcaiThread *t);
void ncai_thread_started(Thread *t);
void ncai_thread_ended(Thread *t);
/* The suspend signal's hook (os_debug_install). */
void ncai_suspend_handler(OsContext *ctx);
/* A hardware-breakpoint trap (OS_TRAP_WATCH) with `cookie`: true when it is a thread's
 * return to other code where a deferred suspension stops it (thread.c). */
bool ncai_return_stop_hit(OsContext *ctx, uint64_t cookie);
/* Makes the current thread run VM code (TS_JAVA) when it is attached: the state to hand
 * back to ncai_vm_leave, or -1 when the thread is not attached. */
int ncai_vm_enter(Thread **self);
void ncai_vm_leave(Thread *self, int prev);

/* ---- module.c ---- */
void ncai_modules_init(void);
void ncai_library_loading(const char *path);
void ncai_library_loaded(void *handle, const char *path);
/* The dynamic linker's notification breakpoint was hit (debug.c) on the current thread
 * (ctx: the trap's context). */
void ncai_dynlink_notified(NcaiThread *self, OsContext *ctx);
/* Is addr in code where breakpoints are refused (GlassVM, the dynamic linker,
 * libunwind: event delivery runs it)? */
bool ncai_breakpoint_refused(uintptr_t addr);
/* Whose code is at pc: GlassVM's, the C library's or the dynamic linker's (and the other
 * system libraries they use), libunwind's, a preloaded allocator's (the library that
 * interposes malloc on the C library's: ASan's runtime, jemalloc, tcmalloc; it makes its
 * own system calls under its own locks, e.g. mmap under a size class's lock), or
 * anybody else's. */
typedef enum { NCAI_CODE_OTHER, NCAI_CODE_VM, NCAI_CODE_SYSTEM, NCAI_CODE_UNWINDER, NCAI_CODE_ALLOCATOR } NcaiCodeKind;
NcaiCodeKind ncai_code_kind(uintptr_t pc);
/* Is addr in code where a thread must not be stopped (the C library, the dynamic linker,
 * libunwind, GlassVM unless it is blocked in a system call there; a preloaded allocator
 * at all)? */
bool ncai_in_unsafe_code(uintptr_t pc);

/* ---- events.c ---- */
/* May e enable ev (it possesses the event's capability)? */
bool ncai_event_allowed(NcaiEnv *e, ncaiEventKind ev);
/* Clears e's per-thread enablement of ev on every thread. */
void ncai_event_disable_threads(NcaiEnv *e, ncaiEventKind ev);
/* Does environment e want event ev on thread t (t may be NULL)? */
bool ncai_event_wanted(NcaiEnv *e, NcaiThread *t, ncaiEventKind ev);
/* Is ev wanted by any environment (any thread)? A cheap test for hooks. */
bool ncai_event_any(ncaiEventKind ev);
/* Delivers ev on the current thread (self may be NULL: an unattached thread) to every
 * environment that wants it: call(env, callback, arg) for each. ctx: the signal context
 * when delivering from a handler (NULL otherwise). */
typedef void (*NcaiCall)(ncaiEnv *env, void *callback, void *arg);
void ncai_post(NcaiThread *self, OsContext *ctx, ncaiEventKind ev, NcaiCall call, void *arg);
/* The same for the environments in env_mask (bit per NcaiEnv.index; 0 = all). */
void ncai_post_masked(NcaiThread *self, OsContext *ctx, ncaiEventKind ev, uint32_t env_mask, NcaiCall call,
                      void *arg);
/* An event whose callback takes (env, thread, addr): Breakpoint, Step, FramePop, ... */
void ncai_post_addr_event(NcaiThread *self, OsContext *ctx, ncaiEventKind ev, uint32_t env_mask, void *addr);
/* Does some environment want Step on t? */
bool ncai_step_event_wanted(NcaiThread *t);
/* Recomputes what the VM hooks must deliver after enablement changed. */
void ncai_events_changed(void);
void ncai_events_init(void);
/* MethodEntry/MethodExit of frame f on t (ncai_layer's listeners: native method frames
 * are reported, the others ignored). */
void ncai_native_method_entry(Thread *t, Frame *f);
void ncai_native_method_exit(Thread *t, Frame *f);
/* A native method is being bound (JVMTI's NativeMethodBind hook). */
void ncai_native_bound(Thread *t, Method *m, void *fn);
/* The Signal event for a fault or signal; true when an agent handled it. */
bool ncai_post_signal(NcaiThread *self, OsContext *ctx, int posix_sig, void *addr, bool is_internal);

/* ---- debug.c ---- */
void ncai_debug_init(void);
/* Breakpoint bytes hidden from a copy of [addr, addr + n) (ReadMemory), and kept when
 * writing it (WriteMemory). */
void ncai_breakpoints_hide(uintptr_t addr, uint8_t *buf, size_t n);
bool ncai_breakpoints_write(uintptr_t addr, const uint8_t *buf, size_t n);
/* Internal breakpoints: the dynamic linker's notification point (module events), the
 * C++ runtime's __cxa_throw (Exception events). */
bool ncai_internal_breakpoint(uintptr_t addr);
void ncai_exception_breakpoint(uintptr_t addr);
/* Console events: arms (on) or disarms the internal breakpoint on the C library's
 * write(2) that posts ConsoleOutput (fd 1) and DebugMessage (fd 2). */
void ncai_console_watch(bool on);
/* Stepping became wanted for t (NULL: every thread): sets the trap flag of each
 * thread concerned (stopped: in its context; running: through the suspend signal). */
void ncai_step_start(NcaiThread *t);
/* The suspend signal's other use: a request to arm stepping in the thread's context. */
void ncai_step_arm(NcaiThread *t, OsContext *ctx);
/* The step mode of new threads (SetStepMode with no thread). */
int ncai_default_step_mode(void);
/* A new thread: its watchpoints. */
void ncai_watch_thread_started(NcaiThread *t);
void ncai_watch_thread_ended(NcaiThread *t);

/* ---- stack.c ---- */
/* A native method's code: its bound JNI function, or the C function of a native the VM
 * implements itself; NULL while unbound. */
void *ncai_native_code(const Method *m);
/* Interpreter function start (for mapping its frames to Java frames). */
void ncai_stack_init(void);

/* ---- the functions (one per table slot) ---- */
#define NCAI_FN(name, ...) ncaiError JNICALL ncai_##name(ncaiEnv *env, ##__VA_ARGS__)
NCAI_FN(GetAllLoadedModules, jint *count_ptr, ncaiModule **modules_ptr);
NCAI_FN(GetModuleInfo, ncaiModule module, ncaiModuleInfo *info_ptr);
NCAI_FN(GetModuleClassLoader, ncaiModule module, jobject *classloader_ptr);
NCAI_FN(IsMethodCompiled, jmethodID method, jboolean *is_compiled_ptr);
NCAI_FN(GetMethodLocation, jmethodID method, void **address_ptr, size_t *size_ptr);
NCAI_FN(FindJavaMethod, void *address, jmethodID *method_ptr);
NCAI_FN(GetBytecodeLocation, void *address, jmethodID *method, jlocation *location_ptr);
NCAI_FN(GetNativeLocation, jmethodID method, jlocation location, void **address_ptr);
NCAI_FN(GetAllThreads, jint *count_ptr, ncaiThread **threads_ptr);
NCAI_FN(GetThreadInfo, ncaiThread thread, ncaiThreadInfo *info_ptr);
NCAI_FN(GetThreadHandle, jthread thread, ncaiThread *thread_ptr);
NCAI_FN(GetThreadObject, ncaiThread thread, jthread *thread_ptr);
NCAI_FN(SuspendThread, ncaiThread thread);
NCAI_FN(ResumeThread, ncaiThread thread);
NCAI_FN(TerminateThread, ncaiThread thread);
NCAI_FN(GetThreadState, ncaiThread thread, jint *state_ptr);
NCAI_FN(GetFrameCount, ncaiThread thread, jint *count_ptr);
NCAI_FN(GetStackTrace, ncaiThread thread, jint depth, ncaiFrameInfo *frame_buffer, jint *count_ptr);
NCAI_FN(GetRegisterCount, jint *count_ptr);
NCAI_FN(GetRegisterInfo, jint reg_number, ncaiRegisterInfo *info_ptr);
NCAI_FN(GetRegisterValue, ncaiThread thread, jint reg_number, void *buf);
NCAI_FN(SetRegisterValue, ncaiThread thread, jint reg_number, void *buf);
NCAI_FN(ReadMemory, void *addr, size_t size, void *buf);
NCAI_FN(WriteMemory, void *addr, size_t size, void *buf);
NCAI_FN(GetSignalCount, jint *count_ptr);
NCAI_FN(GetSignalInfo, jint signal, ncaiSignalInfo *info_ptr);
NCAI_FN(GetJvmtiEnv, jvmtiEnv **jvmti_env_ptr);
NCAI_FN(GetVersion, jint *version_ptr);
NCAI_FN(GetErrorName, ncaiError err, const char **name_ptr);
NCAI_FN(GetPotentialCapabilities, ncaiCapabilities *caps_ptr);
NCAI_FN(GetCapabilities, ncaiCapabilities *caps_ptr);
NCAI_FN(AddCapabilities, ncaiCapabilities *caps_ptr);
NCAI_FN(RelinquishCapabilities, ncaiCapabilities *caps_ptr);
NCAI_FN(GetEventCallbacks, ncaiEventCallbacks *callbacks, size_t size);
NCAI_FN(SetEventCallbacks, ncaiEventCallbacks *callbacks, size_t size);
NCAI_FN(SetEventNotificationMode, ncaiEventMode mode, ncaiEventKind event, ncaiThread thread);
NCAI_FN(SetBreakpoint, void *code_addr);
NCAI_FN(ClearBreakpoint, void *code_addr);
NCAI_FN(SetWatchpoint, void *data_addr, size_t len, ncaiWatchpointMode mode);
NCAI_FN(ClearWatchpoint, void *data_addr);
NCAI_FN(SetStepMode, ncaiThread thread, ncaiStepMode mode);
NCAI_FN(NotifyFramePop, ncaiThread thread, void *frame_address);

/* The common first lines of every function: the environment, and (CAP) a capability. */
#define NCAI_ENV(e)                                                                         \
    NcaiEnv *e = ncai_env_check(env);                                                       \
    if (e == NULL) return NCAI_ERROR_INVALID_ENVIRONMENT
#define NCAI_CAP(e, cap)                                                                    \
    if (!(e)->caps.cap) return NCAI_ERROR_MUST_POSSESS_CAPABILITY

#endif
