// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * env.c — JVMTI environments and phases, JavaVM GetEnv for JVMTI versions, the
 * capability functions, and the general functions that need no other VM machinery:
 * Allocate, Deallocate, GetPhase, DisposeEnvironment, Get/SetEnvironmentLocalStorage,
 * GetVersionNumber, GetErrorName, SetVerboseFlag, GetJLocationFormat.
 *
 * Environments (JVMTI spec "Environments"): any number, created by GetEnv in the OnLoad
 * and live phases, each with its own capabilities, callbacks, event modes and local
 * storage. All live environments are on one list in creation order (event posting walks
 * it). DisposeEnvironment unlinks the record, releases what it holds and invalidates it;
 * the record itself stays allocated (jvmti_int.h explains why). Threads: the list is
 * guarded by env_lock; fields of one environment are written by its agent's calls and
 * read by event posting without a lock (word-sized, benign races the spec allows).
 *
 * Capabilities (spec "Capability"): what GlassVM can offer is the single table
 * `offered` below. A capability goes there only when every function and event it
 * enables works; later work extends that table and nothing else. Capabilities marked
 * onload_only can be added only in the OnLoad phase (an environment keeps those it
 * already has). Capabilities marked solo belong to one environment at a time: while one
 * environment possesses such a capability it is not potential for any other, and it is
 * free again once its holder relinquishes it or is disposed (the spec lets a VM limit a
 * capability so; env_lock makes the check and the grant one step).
 */
#include <stdlib.h>
#include <string.h>

#include "../vm/oopmap.h"
#include "../vm/log.h"
#include "../vm/options.h"
#include "../vm/thread.h"
#include "events.h"
#include "gen/jvmti_impl.h"
#include "jvmti_int.h"
#include "jvmti_tool.h"
#include "jvmti_vm.h"

/* ------------------------------------------------------------------------------------ */
/* Phases                                                                               */
/* ------------------------------------------------------------------------------------ */

_Atomic int jvmti_phase_value = JVMTI_PHASE_ONLOAD;

void jvmti_set_phase(jvmtiPhase p)
{
    atomic_store_explicit(&jvmti_phase_value, (int)p, memory_order_release);
}

/* ------------------------------------------------------------------------------------ */
/* Memory                                                                               */
/* ------------------------------------------------------------------------------------ */

/* JVMTI memory is the C heap, nothing else: agents free() what Allocate gave them, pass
 * malloc'd blocks and JNI's copies (src/vm/jni_array.c) to Deallocate, and return such
 * blocks as a ClassFileLoadHook's new_class_data, which the VM frees here. All of that
 * works on HotSpot, whose allocators are one heap too, so it must here.
 * A request beyond any process's address space (x86-64 user space: 47 bits) fails at
 * once, without asking malloc (sanitizer runtimes treat such requests as fatal). */
#define MAX_AGENT_ALLOC ((size_t)1 << 47)

void *jvmti_alloc(size_t size) { return size == 0 || size > MAX_AGENT_ALLOC ? NULL : malloc(size); }

void jvmti_free(void *p) { free(p); }

char *jvmti_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *c = jvmti_alloc(n);
    if (c) memcpy(c, s, n);
    return c;
}

/* ------------------------------------------------------------------------------------ */
/* Environments                                                                         */
/* ------------------------------------------------------------------------------------ */

static OsMutex env_lock;
static JvmtiEnv *envs;     /* live environments, creation order */
static JvmtiEnv *disposed; /* invalidated shells (linked through next) */
static uint32_t env_count;

void jvmti_env_init(void) { os_mutex_init(&env_lock); }

void jvmti_for_each_env(void (*fn)(JvmtiEnv *e, void *arg), void *arg)
{
    os_mutex_lock(&env_lock);
    for (JvmtiEnv *e = envs; e; e = e->next) fn(e, arg);
    os_mutex_unlock(&env_lock);
}

static bool is_jvmti_version(jint version)
{
    return (version & JVMTI_VERSION_MASK_INTERFACE_TYPE) == JVMTI_VERSION_INTERFACE_JVMTI;
}

/* The layer on JVMTI that claims version (jvmti_tool.h), or NULL. */
static JvmtiLayer *layer_of_version(jint version)
{
    for (JvmtiLayer *l = jvmti_layers_first(); l != NULL; l = l->next)
        if (l->is_version != NULL && l->get_env != NULL && l->is_version(version)) return l;
    return NULL;
}

/* A JVMTI version, or one a layer on JVMTI claims. */
bool jvmti_is_version(jint version)
{
    return is_jvmti_version(version) || layer_of_version(version) != NULL;
}

/* JVMTI 1.0-1.2, then one version per JDK feature release from 9 up to the spec's:
 * minor versions existed only in 1.x; before 13 a feature version always had minor 0
 * (HotSpot's rule); the micro version never matters. */
static bool version_supported(jint version)
{
    if (!is_jvmti_version(version)) return false;
    int major = (version & JVMTI_VERSION_MASK_MAJOR) >> JVMTI_VERSION_SHIFT_MAJOR;
    int minor = (version & JVMTI_VERSION_MASK_MINOR) >> JVMTI_VERSION_SHIFT_MINOR;
    if (major == 1) return minor <= 2;
    if (major >= 9 && major < 13) return minor == 0;
    return major >= 13 && major <= JVMTI_SPEC_VERSION_MAJOR;
}

static JvmtiEnv *env_create(jint version)
{
    JvmtiEnv *e = vm_calloc(1, sizeof *e);
    e->functions = jvmti_trace_enabled() ? &jvmti_trace_table : &jvmti_function_table;
    e->version = version;
    os_mutex_lock(&env_lock);
    e->id = ++env_count;
    JvmtiEnv **tail = &envs;
    while (*tail) tail = &(*tail)->next;
    *tail = e;
    jvmti_events_env_created(e); /* event posting's list, creation order */
    atomic_store_explicit(&e->magic, JVMTI_ENV_MAGIC, memory_order_release);
    os_mutex_unlock(&env_lock);
    return e;
}

/* JavaVM GetEnv (JNI Invocation API) for JVMTI versions; see jvmti_vm.h. Like HotSpot,
 * environments are created only in the OnLoad phase (by Agent_OnLoad, no thread
 * attached yet) and in the live phase by attached threads. */
jint jvmti_get_env(void **penv, jint version)
{
    *penv = NULL;
    JvmtiLayer *layer = is_jvmti_version(version) ? NULL : layer_of_version(version);
    if (layer != NULL) return layer->get_env(penv, version);
    if (!version_supported(version)) return JNI_EVERSION;
    jvmtiPhase phase = jvmti_get_phase();
    if (phase == JVMTI_PHASE_LIVE) {
        if (thread_current() == NULL) return JNI_EDETACHED;
    } else if (phase != JVMTI_PHASE_ONLOAD) {
        return JNI_EDETACHED;
    }
    *penv = jvmti_env_external(env_create(version));
    return JNI_OK;
}

/* JVMTI: DisposeEnvironment. Releases what the environment holds: capabilities, event
 * callbacks and enablement, local storage. Memory it allocated for the agent and its raw
 * monitors stay (the spec says so). */
jvmtiError jvmti_DisposeEnvironment(JvmtiEnv *env, Thread *self)
{
    os_mutex_lock(&env_lock);
    /* A concurrent DisposeEnvironment of the same environment lost the race. */
    if (atomic_load_explicit(&env->magic, memory_order_acquire) != JVMTI_ENV_MAGIC) {
        os_mutex_unlock(&env_lock);
        return JVMTI_ERROR_INVALID_ENVIRONMENT;
    }
    atomic_store_explicit(&env->magic, 0, memory_order_release);
    for (JvmtiEnv **p = &envs; *p; p = &(*p)->next) {
        if (*p == env) {
            *p = env->next;
            break;
        }
    }
    jvmti_events_env_disposed(env); /* events, thread-local storage (events.c) */
    jvmti_tags_env_disposed(env);   /* object tags (heap.c) */
    jvmti_bytecode_events_env_disposed(env);           /* breakpoints, frame pops */
    jvmti_field_events_env_disposed(env);              /* field watches */
    memset(env->event_enabled, 0, sizeof env->event_enabled);
    memset(&env->callbacks, 0, sizeof env->callbacks);
    memset(&env->caps, 0, sizeof env->caps);
    atomic_store_explicit(&env->local_storage, NULL, memory_order_relaxed);
    env->next = disposed;
    disposed = env;
    os_mutex_unlock(&env_lock);
    jvmti_tool_mode_update(self); /* its events and frame pops are gone */
    return JVMTI_ERROR_NONE;
}

/* ------------------------------------------------------------------------------------ */
/* General functions                                                                    */
/* ------------------------------------------------------------------------------------ */

/* JVMTI: Allocate */
jvmtiError jvmti_Allocate(JvmtiEnv *env, Thread *self, jlong size, unsigned char **mem_ptr)
{
    if (size < 0) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    if (size == 0) {
        *mem_ptr = NULL;
        return JVMTI_ERROR_NONE;
    }
    if ((uint64_t)size > SIZE_MAX) return JVMTI_ERROR_OUT_OF_MEMORY;
    unsigned char *p = jvmti_alloc((size_t)size);
    if (p == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
    *mem_ptr = p;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: Deallocate */
jvmtiError jvmti_Deallocate(JvmtiEnv *env, Thread *self, unsigned char *mem)
{
    jvmti_free(mem);
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetPhase */
jvmtiError jvmti_GetPhase(JvmtiEnv *env, Thread *self, jvmtiPhase *phase_ptr)
{
    *phase_ptr = jvmti_get_phase();
    return JVMTI_ERROR_NONE;
}

/* JVMTI: SetEnvironmentLocalStorage */
jvmtiError jvmti_SetEnvironmentLocalStorage(JvmtiEnv *env, Thread *self, const void *data)
{
    atomic_store_explicit(&env->local_storage, data, memory_order_release);
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetEnvironmentLocalStorage */
jvmtiError jvmti_GetEnvironmentLocalStorage(JvmtiEnv *env, Thread *self, void **data_ptr)
{
    *data_ptr = (void *)atomic_load_explicit(&env->local_storage, memory_order_acquire);
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetVersionNumber. The platform's version, 17.0.0 (GlassVM runs the JDK 17
 * class library and is a drop-in for its VM), or the version the environment was created
 * for if that is newer (up to the spec's, JVMTI_VERSION). Agents check the major version
 * for equality: the JDK 17 JDWP agent (libjdwp) asks GetEnv for 1.0 and refuses any VM
 * whose version is not 17.x, while an agent built for JVMTI 21 or 28, which asked for
 * that, gets it and the functions it brought. */
jvmtiError jvmti_GetVersionNumber(JvmtiEnv *env, Thread *self, jint *version_ptr)
{
    enum { PLATFORM_MAJOR = 17 };
    int major = (env->version & JVMTI_VERSION_MASK_MAJOR) >> JVMTI_VERSION_SHIFT_MAJOR;
    if (major <= PLATFORM_MAJOR) major = PLATFORM_MAJOR;
    *version_ptr = JVMTI_VERSION_INTERFACE_JVMTI | (major << JVMTI_VERSION_SHIFT_MAJOR);
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetErrorName. The wrapper has refused values that are not errors. */
jvmtiError jvmti_GetErrorName(JvmtiEnv *env, Thread *self, jvmtiError error, char **name_ptr)
{
    const char *name = jvmti_error_name(error);
    if (name == NULL) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    char *copy = jvmti_strdup(name);
    if (copy == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
    *name_ptr = copy;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: SetVerboseFlag. Sets the stdout log selections the -verbose options set, as
 * HotSpot does (class+load* and class+unload* info, gc info, jni+resolve debug; off when
 * value is false); log sites read the configuration each time, so it takes effect at
 * once. JVMTI_VERBOSE_OTHER names no log selection in HotSpot either. */
jvmtiError jvmti_SetVerboseFlag(JvmtiEnv *env, Thread *self, jvmtiVerboseFlag flag, jboolean value)
{
    bool on = value != JNI_FALSE;
    LogLevel info = on ? LOG_INFO : LOG_OFF;
    switch (flag) {
    case JVMTI_VERBOSE_OTHER: break;
    case JVMTI_VERBOSE_GC: log_configure_stdout(info, true, (const LogTag[]){LOG_TAG_gc, LOG_TAG_NONE}); break;
    case JVMTI_VERBOSE_CLASS:
        log_configure_stdout(info, false, (const LogTag[]){LOG_TAG_class, LOG_TAG_unload, LOG_TAG_NONE});
        log_configure_stdout(info, false, (const LogTag[]){LOG_TAG_class, LOG_TAG_load, LOG_TAG_NONE});
        break;
    case JVMTI_VERBOSE_JNI:
        log_configure_stdout(on ? LOG_DEBUG : LOG_OFF, true, (const LogTag[]){LOG_TAG_jni, LOG_TAG_resolve, LOG_TAG_NONE});
        break;
    default: return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    }
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetJLocationFormat. A jlocation is a bytecode index (docs/design.md). */
jvmtiError jvmti_GetJLocationFormat(JvmtiEnv *env, Thread *self, jvmtiJlocationFormat *format_ptr)
{
    *format_ptr = JVMTI_JLOCATION_JVMBCI;
    return JVMTI_ERROR_NONE;
}

/* ------------------------------------------------------------------------------------ */
/* Capabilities                                                                         */
/* ------------------------------------------------------------------------------------ */

/*
 * What GlassVM can do: one row per capability it offers (a capability is listed only
 * when everything it enables works). The terminating row has bit -1.
 */
static const struct {
    int bit;          /* JVMTI_CAP_* */
    bool onload_only; /* can be added only in the OnLoad phase */
    bool solo;        /* possessed by at most one environment at a time */
} offered[] = {
    /* timers.c: thread CPU clocks exist from thread creation on; the spec lets counting
     * start as late as the moment the capability is added, so not OnLoad-only. */
    {JVMTI_CAP_CAN_GET_CURRENT_THREAD_CPU_TIME, false},
    {JVMTI_CAP_CAN_GET_THREAD_CPU_TIME, false},
    {JVMTI_CAP_CAN_GET_BYTECODES, false},           /* method.c */
    {JVMTI_CAP_CAN_GET_SYNTHETIC_ATTRIBUTE, false}, /* field.c, method.c */
    {JVMTI_CAP_CAN_GET_LINE_NUMBERS, false},        /* method.c */
    /* local.c, method.c: frames are always interpreted, so unlike HotSpot (OnLoad only)
     * it can be added at any time. */
    {JVMTI_CAP_CAN_ACCESS_LOCAL_VARIABLES, false},
    {JVMTI_CAP_CAN_MAINTAIN_ORIGINAL_METHOD_ORDER, false}, /* class.c: always class-file order */
    {JVMTI_CAP_CAN_GET_SOURCE_FILE_NAME, false},           /* class.c */
    {JVMTI_CAP_CAN_GET_SOURCE_DEBUG_EXTENSION, false},     /* class.c */
    {JVMTI_CAP_CAN_GET_CONSTANT_POOL, false},              /* class.c */
    {JVMTI_CAP_CAN_SET_NATIVE_METHOD_PREFIX, false}, /* nativebind.c, native.c, jni.c */
    /* redefine.c, src/vm/redefine.c: not OnLoad-only (HotSpot neither); a class of any
     * loader can be changed, so the _any_class forms come with them. */
    {JVMTI_CAP_CAN_REDEFINE_CLASSES, false},
    {JVMTI_CAP_CAN_REDEFINE_ANY_CLASS, false},
    {JVMTI_CAP_CAN_RETRANSFORM_CLASSES, false},
    {JVMTI_CAP_CAN_RETRANSFORM_ANY_CLASS, false},
    {JVMTI_CAP_CAN_GENERATE_NATIVE_METHOD_BIND_EVENTS, false}, /* nativebind.c */
    /* classevents.c: the hook is sent for every class defined from bytes (there are no
     * ROMized classes). Like HotSpot, not OnLoad-only: added later, the early-hook
     * capability just finds the primordial phase over. */
    {JVMTI_CAP_CAN_GENERATE_ALL_CLASS_HOOK_EVENTS, false},
    {JVMTI_CAP_CAN_GENERATE_EARLY_CLASS_HOOK_EVENTS, false},
    /* events.c */
    {JVMTI_CAP_CAN_GENERATE_GARBAGE_COLLECTION_EVENTS, false},
    {JVMTI_CAP_CAN_GENERATE_VM_OBJECT_ALLOC_EVENTS, false},
    {JVMTI_CAP_CAN_GENERATE_RESOURCE_EXHAUSTION_HEAP_EVENTS, false},
    {JVMTI_CAP_CAN_GENERATE_RESOURCE_EXHAUSTION_THREADS_EVENTS, false},
    {JVMTI_CAP_CAN_GENERATE_EARLY_VMSTART, true}, /* only meaningful before VMStart */
    {JVMTI_CAP_CAN_SIGNAL_THREAD, false}, /* thread.c: StopThread, InterruptThread */
    {JVMTI_CAP_CAN_SUSPEND, false},       /* thread.c, src/vm/thread.c: suspension */
    /* monitorinfo.c */
    {JVMTI_CAP_CAN_GET_OWNED_MONITOR_INFO, false},
    {JVMTI_CAP_CAN_GET_OWNED_MONITOR_STACK_DEPTH_INFO, false},
    {JVMTI_CAP_CAN_GET_CURRENT_CONTENDED_MONITOR, false},
    {JVMTI_CAP_CAN_GET_MONITOR_INFO, false},
    {JVMTI_CAP_CAN_GENERATE_MONITOR_EVENTS, false}, /* monitorevents.c, src/vm/monitor.c */
    {JVMTI_CAP_CAN_GENERATE_EXCEPTION_EVENTS, false}, /* exceptionevents.c, interp.c */
    {JVMTI_CAP_CAN_TAG_OBJECTS, false},                  /* heap.c, heapwalk.c */
    {JVMTI_CAP_CAN_GENERATE_OBJECT_FREE_EVENTS, false}, /* heap.c, gc.c */
    /* bytecodeevents.c, the interpreter's tool mode (src/vm/interp.h) */
    {JVMTI_CAP_CAN_GENERATE_SINGLE_STEP_EVENTS, false},
    {JVMTI_CAP_CAN_GENERATE_BREAKPOINT_EVENTS, false},
    {JVMTI_CAP_CAN_GENERATE_FRAME_POP_EVENTS, false},
    {JVMTI_CAP_CAN_GENERATE_METHOD_ENTRY_EVENTS, false},
    {JVMTI_CAP_CAN_GENERATE_METHOD_EXIT_EVENTS, false},
    /* fieldevents.c, the tool mode and src/vm/jni_field.c */
    {JVMTI_CAP_CAN_GENERATE_FIELD_ACCESS_EVENTS, false},
    {JVMTI_CAP_CAN_GENERATE_FIELD_MODIFICATION_EVENTS, false},
    /* framecontrol.c, carried out by the interpreter (interp.c, frame_request). PopFrame
     * re-executes the invoke with the callee's arguments, which the collector keeps only
     * while the capability is possessed (src/vm/oopmap.h): OnLoad only, as on HotSpot. */
    {JVMTI_CAP_CAN_POP_FRAME, true},
    {JVMTI_CAP_CAN_FORCE_EARLY_RETURN, false},
    /* heapsampling.c, heap.c. Solo, as on HotSpot: the VM has one sampling interval
     * (SetHeapSamplingInterval), which two environments would fight over. */
    {JVMTI_CAP_CAN_GENERATE_SAMPLED_OBJECT_ALLOC_EVENTS, false, true},
    /* GlassVM compiles nothing and generates no native code, so the events this enables
     * (CompiledMethodLoad/Unload; DynamicCodeGenerated needs no capability) are never
     * sent and GenerateEvents(COMPILED_METHOD_LOAD) replays none (events.c). Offered
     * because profilers and perf-map writers demand it in Agent_OnLoad, and HotSpot
     * always offers it. */
    {JVMTI_CAP_CAN_GENERATE_COMPILED_METHOD_LOAD_EVENTS, false},
    {-1, false},
};

typedef struct CapBytes {
    unsigned char b[sizeof(jvmtiCapabilities)];
} CapBytes;

static CapBytes cap_bytes(const jvmtiCapabilities *c)
{
    CapBytes r;
    memcpy(r.b, c, sizeof r.b);
    return r;
}

/* Does an environment other than e possess capability bit? env_lock held. */
static bool held_elsewhere(const JvmtiEnv *e, int bit)
{
    for (const JvmtiEnv *o = envs; o; o = o->next)
        if (o != e && jvmti_capability_get(&o->caps, bit)) return true;
    return false;
}

/* GetPotentialCapabilities' answer; env_lock held (solo capabilities). */
static void potential_locked(JvmtiEnv *e, jvmtiCapabilities *out)
{
    bool onload = jvmti_get_phase() == JVMTI_PHASE_ONLOAD;
    jvmtiCapabilities c;
    memset(&c, 0, sizeof c);
    for (int i = 0; offered[i].bit >= 0; i++) {
        int bit = offered[i].bit;
        if (!onload && offered[i].onload_only && !jvmti_capability_get(&e->caps, bit)) continue;
        if (offered[i].solo && held_elsewhere(e, bit)) continue;
        jvmti_capability_set(&c, bit, true);
    }
    /* "Currently possessed capabilities are included." */
    CapBytes p = cap_bytes(&c), have = cap_bytes(&e->caps);
    for (size_t i = 0; i < sizeof p.b; i++) p.b[i] |= have.b[i];
    memcpy(out, p.b, sizeof p.b);
}

void jvmti_potential_capabilities(JvmtiEnv *e, jvmtiCapabilities *out)
{
    os_mutex_lock(&env_lock);
    potential_locked(e, out);
    os_mutex_unlock(&env_lock);
}

/* JVMTI: GetPotentialCapabilities */
jvmtiError jvmti_GetPotentialCapabilities(JvmtiEnv *env, Thread *self, jvmtiCapabilities *capabilities_ptr)
{
    jvmti_potential_capabilities(env, capabilities_ptr);
    return JVMTI_ERROR_NONE;
}

_Atomic int jvmti_redefinition_wanted;

/* JVMTI: AddCapabilities. All or nothing: NOT_AVAILABLE if any requested capability
 * (or any bit GlassVM does not know) is not potentially available. Checked and granted
 * under env_lock, so two environments racing for a solo capability cannot both win. */
jvmtiError jvmti_AddCapabilities(JvmtiEnv *env, Thread *self, const jvmtiCapabilities *capabilities_ptr)
{
    jvmtiCapabilities pot;
    os_mutex_lock(&env_lock);
    potential_locked(env, &pot);
    CapBytes want = cap_bytes(capabilities_ptr), can = cap_bytes(&pot), have = cap_bytes(&env->caps);
    for (size_t i = 0; i < sizeof want.b; i++) {
        if (want.b[i] & ~can.b[i]) {
            os_mutex_unlock(&env_lock);
            return JVMTI_ERROR_NOT_AVAILABLE;
        }
    }
    for (size_t i = 0; i < sizeof want.b; i++) have.b[i] |= want.b[i];
    memcpy(&env->caps, have.b, sizeof have.b);
    os_mutex_unlock(&env_lock);
    /* Tools that read or restore locals see every local as the bytecode left it: the
     * collector stops clearing dead ones (for good, as HotSpot's compilers do). */
    if (capabilities_ptr->can_access_local_variables || capabilities_ptr->can_pop_frame)
        oopmap_retain_dead_locals();
    /* Classes defined from now on get room for the private methods a redefinition may
     * add (src/vm/redefine.h). */
    if (capabilities_ptr->can_redefine_classes || capabilities_ptr->can_retransform_classes)
        atomic_store_explicit(&jvmti_redefinition_wanted, 1, memory_order_relaxed);
    return JVMTI_ERROR_NONE;
}

/* JVMTI: RelinquishCapabilities. Giving up a capability not possessed is not an error.
 * A solo capability given up is free for other environments at once. */
jvmtiError jvmti_RelinquishCapabilities(JvmtiEnv *env, Thread *self, const jvmtiCapabilities *capabilities_ptr)
{
    os_mutex_lock(&env_lock);
    CapBytes drop = cap_bytes(capabilities_ptr), have = cap_bytes(&env->caps);
    for (size_t i = 0; i < sizeof drop.b; i++) have.b[i] &= (unsigned char)~drop.b[i];
    memcpy(&env->caps, have.b, sizeof have.b);
    os_mutex_unlock(&env_lock);
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetCapabilities */
jvmtiError jvmti_GetCapabilities(JvmtiEnv *env, Thread *self, jvmtiCapabilities *capabilities_ptr)
{
    memcpy(capabilities_ptr, &env->caps, sizeof env->caps);
    return JVMTI_ERROR_NONE;
}
