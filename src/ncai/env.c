// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * env.c — NCAI environments: the JVMTI extension function that creates them
 * (org.apache.harmony.vm.GetExtensionEnv), the function table, and the "Miscellaneous"
 * and "Capabilities" functions (NCAI: GetJvmtiEnv, GetVersion, GetErrorName,
 * Get/Add/RelinquishCapabilities, GetPotentialCapabilities).
 *
 * The extension function behaves as Harmony's did (docs/ncai.md): NULL out-pointer ->
 * NULL_POINTER; a version whose major, minor or micro part exceeds 1.0.3 ->
 * NOT_AVAILABLE with *ncai_env_ptr = NULL; a JVMTI environment gets one NCAI
 * environment, the same one each time. The first environment enables NCAI: the signal
 * hooks, the thread records and the module tracking start then, so the VM pays nothing
 * for NCAI until an agent asks for it.
 *
 * Capabilities are real (include/ncai.h): each gates its functions
 * (NCAI_ERROR_MUST_POSSESS_CAPABILITY) and the enabling of its events. Every potential
 * capability is possessed from the start, because agents written for Harmony cannot add
 * any (Harmony's capability functions did nothing); an agent that wants to run without
 * one relinquishes it.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../vm/thread.h"
#include "ncai_int.h"

NcaiEnv *_Atomic ncai_envs[NCAI_MAX_ENVS];
_Atomic bool ncai_enabled;
static OsMutex env_lock;

extern const struct _ncai ncai_function_table;

NcaiEnv *ncai_env_check(ncaiEnv *env)
{
    NcaiEnv *e = (NcaiEnv *)env;
    if (e == NULL || ((uintptr_t)e & 7) != 0) return NULL;
    /* Only our records: a pointer that is not one of them is never dereferenced. */
    for (int i = 0; i < NCAI_MAX_ENVS; i++) {
        if (atomic_load_explicit(&ncai_envs[i], memory_order_acquire) != e) continue;
        if (atomic_load_explicit(&e->magic, memory_order_acquire) != NCAI_ENV_MAGIC) return NULL;
        if (jvmti_env_check(jvmti_env_external(e->jvmti)) == NULL) return NULL;
        return e;
    }
    return NULL;
}

bool ncai_env_live(const NcaiEnv *e)
{
    return e != NULL && atomic_load_explicit(&((NcaiEnv *)e)->magic, memory_order_acquire) == NCAI_ENV_MAGIC &&
           jvmti_env_check(jvmti_env_external(e->jvmti)) != NULL;
}

void *ncai_alloc(size_t n) { return jvmti_alloc(n); }
char *ncai_strdup(const char *s) { return jvmti_strdup(s); }

/* Everything GlassVM can do on this machine. Watchpoints need perf_event_open hardware
 * breakpoints, which the kernel may refuse (perf_event_paranoid); SetWatchpoint then
 * answers NOT_AVAILABLE rather than the capability being withheld up front. */
static ncaiCapabilities potential_caps(void)
{
    ncaiCapabilities c;
    memset(&c, 0, sizeof c);
    c.can_suspend_threads = 1;
    c.can_terminate_threads = 1;
    c.can_access_registers = 1;
    c.can_read_memory = 1;
    c.can_write_memory = 1;
    c.can_set_breakpoints = 1;
    c.can_single_step = 1;
    c.can_set_watchpoints = 1;
    c.can_notify_frame_pop = 1;
    c.can_generate_method_events = 1;
    c.can_generate_signal_events = 1;
    c.can_generate_exception_events = 1;
    c.can_generate_thread_events = 1;
    c.can_generate_module_events = 1;
    c.can_generate_console_events = 1;
    return c;
}

/* ------------------------------------------------------------------------------------ */
/* Enabling NCAI, and the extension function                                            */
/* ------------------------------------------------------------------------------------ */

/* NCAI's layer on JVMTI's event seam (jvmti_tool.h). */
JvmtiLayer ncai_layer = {
    .thread_start = ncai_thread_started,
    .thread_end = ncai_thread_ended,
    .method_entry = ncai_native_method_entry,
    .method_exit = ncai_native_method_exit,
    .native_bound = ncai_native_bound,
    .library_loading = ncai_library_loading,
    .library_loaded = ncai_library_loaded,
    .main_at_vm_init = true,
};

/* Called once, with env_lock held, before the first environment is published. */
static void enable_ncai(void)
{
    ncai_threads_init();
    ncai_events_init();
    ncai_stack_init();
    ncai_modules_init();
    ncai_debug_init();
    jvmti_layer_register(&ncai_layer);
    /* Thread records are made at ThreadStart and retired at ThreadEnd, whatever the
     * agents enable. */
    jvmti_layer_want(&ncai_layer, JVMTI_EVENT_THREAD_START, true);
    jvmti_layer_want(&ncai_layer, JVMTI_EVENT_THREAD_END, true);
    atomic_store(&ncai_enabled, true);
}

static jvmtiError get_env(JvmtiEnv *je, void **out, jint version)
{
    int major = (version & NCAI_VERSION_MASK_MAJOR) >> NCAI_VERSION_SHIFT_MAJOR;
    int minor = (version & NCAI_VERSION_MASK_MINOR) >> NCAI_VERSION_SHIFT_MINOR;
    int micro = (version & NCAI_VERSION_MASK_MICRO) >> NCAI_VERSION_SHIFT_MICRO;
    if (major > NCAI_VERSION_MAJOR || minor > NCAI_VERSION_MINOR || micro > NCAI_VERSION_MICRO) {
        *out = NULL;
        return JVMTI_ERROR_NOT_AVAILABLE;
    }
    os_mutex_lock(&env_lock);
    int free_slot = -1;
    for (int i = 0; i < NCAI_MAX_ENVS; i++) {
        NcaiEnv *e = atomic_load(&ncai_envs[i]);
        if (e == NULL || !ncai_env_live(e)) {
            if (free_slot < 0) free_slot = i;
            continue;
        }
        if (e->jvmti == je) {
            os_mutex_unlock(&env_lock);
            *out = ncai_env_external(e);
            return JVMTI_ERROR_NONE;
        }
    }
    /* A slot whose JVMTI environment was disposed is used again: its record stays
     * (never freed) but leaves the table, so a stale pointer to it answers
     * INVALID_ENVIRONMENT; what it left behind (per-thread enablement, breakpoints,
     * watchpoints) is cleared first. */
    if (free_slot < 0) {
        os_mutex_unlock(&env_lock);
        return JVMTI_ERROR_OUT_OF_MEMORY;
    }
    if (atomic_load(&ncai_envs[free_slot]) != NULL) {
        atomic_store(&ncai_envs[free_slot], NULL);
        ncai_events_slot_reset(free_slot);
        ncai_debug_slot_reset(free_slot);
    }
    NcaiEnv *e = calloc(1, sizeof *e);
    if (e == NULL) {
        os_mutex_unlock(&env_lock);
        return JVMTI_ERROR_OUT_OF_MEMORY;
    }
    e->functions = &ncai_function_table;
    e->index = free_slot;
    e->jvmti = je;
    e->caps = potential_caps();
    os_mutex_init(&e->lock);
    atomic_store(&e->magic, NCAI_ENV_MAGIC);
    if (!atomic_load(&ncai_enabled)) enable_ncai();
    atomic_store_explicit(&ncai_envs[free_slot], e, memory_order_release);
    os_mutex_unlock(&env_lock);
    *out = ncai_env_external(e);
    return JVMTI_ERROR_NONE;
}

/* org.apache.harmony.vm.GetExtensionEnv(jvmtiEnv *, void **ncai_env_ptr, jint version) */
static jvmtiError JNICALL get_extension_env(jvmtiEnv *env, ...)
{
    JvmtiEnv *je = jvmti_env_check(env);
    if (je == NULL) return JVMTI_ERROR_INVALID_ENVIRONMENT;
    if (jvmti_get_phase() == JVMTI_PHASE_DEAD) return JVMTI_ERROR_WRONG_PHASE;
    va_list ap;
    va_start(ap, env);
    void **out = va_arg(ap, void **);
    jint version = va_arg(ap, jint);
    va_end(ap);
    if (out == NULL) return JVMTI_ERROR_NULL_POINTER;
    return get_env(je, out, version);
}

static const JvmtiExtParam ext_params[] = {
    {"ncai_env_ptr", JVMTI_KIND_OUT, JVMTI_TYPE_CVOID, false},
    {"version", JVMTI_KIND_IN, JVMTI_TYPE_JINT, false},
};
static const jvmtiError ext_errors[] = {JVMTI_ERROR_NONE};

/* Registered when libjvm.so is loaded, before any agent can list extensions. */
__attribute__((constructor)) static void ncai_register(void)
{
    os_mutex_init(&env_lock);
    jvmti_ext_function_register(get_extension_env, "org.apache.harmony.vm.GetExtensionEnv",
                                "Returns the reference to the NCAI function table", 2, ext_params, 1, ext_errors);
}

/* ------------------------------------------------------------------------------------ */
/* Miscellaneous                                                                        */
/* ------------------------------------------------------------------------------------ */

/* NCAI: GetJvmtiEnv */
NCAI_FN(GetJvmtiEnv, jvmtiEnv **jvmti_env_ptr)
{
    NCAI_ENV(e);
    if (jvmti_env_ptr == NULL) return NCAI_ERROR_NULL_POINTER;
    *jvmti_env_ptr = jvmti_env_external(e->jvmti);
    return NCAI_ERROR_NONE;
}

/* NCAI: GetVersion */
NCAI_FN(GetVersion, jint *version_ptr)
{
    NCAI_ENV(e);
    (void)e;
    if (version_ptr == NULL) return NCAI_ERROR_NULL_POINTER;
    *version_ptr = NCAI_VERSION_1_0;
    return NCAI_ERROR_NONE;
}

static const struct {
    ncaiError err;
    const char *name;
} error_names[] = {
    {NCAI_ERROR_NONE, "NCAI_ERROR_NONE"},
    {NCAI_ERROR_INVALID_THREAD, "NCAI_ERROR_INVALID_THREAD"},
    {NCAI_ERROR_THREAD_NOT_SUSPENDED, "NCAI_ERROR_THREAD_NOT_SUSPENDED"},
    {NCAI_ERROR_THREAD_SUSPENDED, "NCAI_ERROR_THREAD_SUSPENDED"},
    {NCAI_ERROR_THREAD_NOT_ALIVE, "NCAI_ERROR_THREAD_NOT_ALIVE"},
    {NCAI_ERROR_INVALID_METHOD, "NCAI_ERROR_INVALID_METHOD"},
    {NCAI_ERROR_INVALID_LOCATION, "NCAI_ERROR_INVALID_LOCATION"},
    {NCAI_ERROR_DUPLICATE, "NCAI_ERROR_DUPLICATE"},
    {NCAI_ERROR_NOT_FOUND, "NCAI_ERROR_NOT_FOUND"},
    {NCAI_ERROR_NOT_AVAILABLE, "NCAI_ERROR_NOT_AVAILABLE"},
    {NCAI_ERROR_MUST_POSSESS_CAPABILITY, "NCAI_ERROR_MUST_POSSESS_CAPABILITY"},
    {NCAI_ERROR_NULL_POINTER, "NCAI_ERROR_NULL_POINTER"},
    {NCAI_ERROR_ILLEGAL_ARGUMENT, "NCAI_ERROR_ILLEGAL_ARGUMENT"},
    {NCAI_ERROR_OUT_OF_MEMORY, "NCAI_ERROR_OUT_OF_MEMORY"},
    {NCAI_ERROR_ACCESS_DENIED, "NCAI_ERROR_ACCESS_DENIED"},
    {NCAI_ERROR_INTERNAL, "NCAI_ERROR_INTERNAL"},
    {NCAI_ERROR_UNATTACHED_THREAD, "NCAI_ERROR_UNATTACHED_THREAD"},
    {NCAI_ERROR_INVALID_ENVIRONMENT, "NCAI_ERROR_INVALID_ENVIRONMENT"},
    {NCAI_ERROR_INTERPRETER_USED, "NCAI_ERROR_INTERPRETER_USED"},
    {NCAI_ERROR_NOT_COMPILED, "NCAI_ERROR_NOT_COMPILED"},
    {NCAI_ERROR_INVALID_ADDRESS, "NCAI_ERROR_INVALID_ADDRESS"},
    {NCAI_ERROR_INVALID_MODULE, "NCAI_ERROR_INVALID_MODULE"},
};

/* NCAI: GetErrorName. The string is the agent's, freed with JVMTI Deallocate. */
NCAI_FN(GetErrorName, ncaiError err, const char **name_ptr)
{
    NCAI_ENV(e);
    (void)e;
    if (name_ptr == NULL) return NCAI_ERROR_NULL_POINTER;
    for (size_t i = 0; i < sizeof error_names / sizeof error_names[0]; i++) {
        if (error_names[i].err != err) continue;
        char *s = ncai_strdup(error_names[i].name);
        if (s == NULL) return NCAI_ERROR_OUT_OF_MEMORY;
        *name_ptr = s;
        return NCAI_ERROR_NONE;
    }
    return NCAI_ERROR_ILLEGAL_ARGUMENT;
}

/* ------------------------------------------------------------------------------------ */
/* Capabilities                                                                         */
/* ------------------------------------------------------------------------------------ */

static uint32_t caps_bits(const ncaiCapabilities *c)
{
    uint32_t v;
    memcpy(&v, c, sizeof v);
    return v;
}

static ncaiCapabilities caps_from(uint32_t v)
{
    ncaiCapabilities c;
    memcpy(&c, &v, sizeof v);
    return c;
}

/* NCAI: GetPotentialCapabilities */
NCAI_FN(GetPotentialCapabilities, ncaiCapabilities *caps_ptr)
{
    NCAI_ENV(e);
    (void)e;
    if (caps_ptr == NULL) return NCAI_ERROR_NULL_POINTER;
    *caps_ptr = potential_caps();
    return NCAI_ERROR_NONE;
}

/* NCAI: GetCapabilities */
NCAI_FN(GetCapabilities, ncaiCapabilities *caps_ptr)
{
    NCAI_ENV(e);
    if (caps_ptr == NULL) return NCAI_ERROR_NULL_POINTER;
    os_mutex_lock(&e->lock);
    *caps_ptr = e->caps;
    os_mutex_unlock(&e->lock);
    return NCAI_ERROR_NONE;
}

/* NCAI: AddCapabilities. A capability that is not potential: NOT_AVAILABLE (JVMTI's
 * rule), nothing added. */
NCAI_FN(AddCapabilities, ncaiCapabilities *caps_ptr)
{
    NCAI_ENV(e);
    if (caps_ptr == NULL) return NCAI_ERROR_NULL_POINTER;
    ncaiCapabilities pot = potential_caps();
    uint32_t want = caps_bits(caps_ptr) & ((1u << 15) - 1);
    if (want & ~caps_bits(&pot)) return NCAI_ERROR_NOT_AVAILABLE;
    os_mutex_lock(&e->lock);
    e->caps = caps_from(caps_bits(&e->caps) | want);
    os_mutex_unlock(&e->lock);
    return NCAI_ERROR_NONE;
}

/* NCAI: RelinquishCapabilities. Events of a relinquished capability are disabled. */
NCAI_FN(RelinquishCapabilities, ncaiCapabilities *caps_ptr)
{
    NCAI_ENV(e);
    if (caps_ptr == NULL) return NCAI_ERROR_NULL_POINTER;
    uint32_t drop = caps_bits(caps_ptr) & ((1u << 15) - 1);
    os_mutex_lock(&e->lock);
    e->caps = caps_from(caps_bits(&e->caps) & ~drop);
    os_mutex_unlock(&e->lock);
    /* Disable the events that need a capability now gone (events.c checks them). */
    for (int ev = NCAI_MIN_EVENT_TYPE_VAL; ev <= NCAI_MAX_EVENT_TYPE_VAL; ev++)
        if (!ncai_event_allowed(e, (ncaiEventKind)ev)) {
            atomic_store(&e->enabled[ev], 0);
            ncai_event_disable_threads(e, (ncaiEventKind)ev);
        }
    ncai_events_changed();
    return NCAI_ERROR_NONE;
}

/* ------------------------------------------------------------------------------------ */
/* The function table: 42 slots in Harmony's order                                      */
/* ------------------------------------------------------------------------------------ */

const struct _ncai ncai_function_table = {
    ncai_GetAllLoadedModules,
    ncai_GetModuleInfo,
    ncai_GetModuleClassLoader,
    ncai_IsMethodCompiled,
    ncai_GetMethodLocation,
    ncai_FindJavaMethod,
    ncai_GetBytecodeLocation,
    ncai_GetNativeLocation,
    ncai_GetAllThreads,
    ncai_GetThreadInfo,
    ncai_GetThreadHandle,
    ncai_GetThreadObject,
    ncai_SuspendThread,
    ncai_ResumeThread,
    ncai_TerminateThread,
    ncai_GetThreadState,
    ncai_GetFrameCount,
    ncai_GetStackTrace,
    ncai_GetRegisterCount,
    ncai_GetRegisterInfo,
    ncai_GetRegisterValue,
    ncai_SetRegisterValue,
    ncai_ReadMemory,
    ncai_WriteMemory,
    ncai_GetSignalCount,
    ncai_GetSignalInfo,
    ncai_GetJvmtiEnv,
    ncai_GetVersion,
    ncai_GetErrorName,
    ncai_GetPotentialCapabilities,
    ncai_GetCapabilities,
    ncai_AddCapabilities,
    ncai_RelinquishCapabilities,
    ncai_GetEventCallbacks,
    ncai_SetEventCallbacks,
    ncai_SetEventNotificationMode,
    ncai_SetBreakpoint,
    ncai_ClearBreakpoint,
    ncai_SetWatchpoint,
    ncai_ClearWatchpoint,
    ncai_SetStepMode,
    ncai_NotifyFramePop,
};

_Static_assert(sizeof(struct _ncai) == 42 * sizeof(void *), "NCAI table: 42 slots");
_Static_assert(sizeof(ncaiEventCallbacks) == 15 * sizeof(void *), "NCAI callbacks: 15 slots");
_Static_assert(sizeof(ncaiFrameInfo) == 40 && sizeof(ncaiModuleInfo) == 40 && sizeof(ncaiSegmentInfo) == 24,
               "NCAI structs as Harmony's on x86-64");
