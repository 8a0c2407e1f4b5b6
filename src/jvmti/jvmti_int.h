// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jvmti_int.h — private to the JVMTI module (src/jvmti/ and src/jvmti/gen/): the
 * environment record, the JVMTI phase, the checks and conversions the generated wrappers
 * use, the raw-monitor record, and the tracing helpers. The rest of the VM sees only
 * jvmti_vm.h.
 *
 * Layering: jvmti sits above src/vm and src/jvm; it calls into them, never the reverse
 * except through jvmti_vm.h.
 *
 * Environments. A jvmtiEnv* handed to an agent is the address of a JvmtiEnv whose first
 * member is the function-table pointer, so the C idiom (*env)->Fn(env, ...) and the
 * C++ env->Fn(...) both land on our table, and jvmti_env_check() recovers the record
 * with a cast plus a magic-number test. Records are never freed: DisposeEnvironment
 * releases everything an environment holds and clears its magic, and the shell stays
 * so that a stale jvmtiEnv* still reaches a function table that answers
 * JVMTI_ERROR_INVALID_ENVIRONMENT instead of crashing (the spec requires that error).
 *
 * Memory handed to agents (every allocbuf out-parameter, GetErrorName's string, ...)
 * comes from jvmti_alloc(), which is what Allocate uses, so agents free it with
 * Deallocate.
 */
#ifndef GLASS_JVMTI_INT_H
#define GLASS_JVMTI_INT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

#include "../../include/jvmti.h"
#include "../os/os.h"
#include "../vm/vm.h"
#include "gen/jvmti_tables.h"

/* ------------------------------------------------------------------------------------ */
/* Environments (env.c)                                                                 */
/* ------------------------------------------------------------------------------------ */

#define JVMTI_ENV_MAGIC 0x4a564d54u /* "JVMT" */
#define JVMTI_EXT_EVENT_SLOTS 8     /* room for extension events (extension.c) */

typedef struct JvmtiEnv JvmtiEnv;
typedef struct JvmtiTagTable JvmtiTagTable; /* heap.c */
struct JvmtiEnv {
    const struct jvmtiInterface_1_ *functions; /* MUST stay first: jvmtiEnv* == &env->functions */
    _Atomic uint32_t magic;                    /* JVMTI_ENV_MAGIC while the env is valid */
    jint version;                              /* the version GetEnv was called with */
    uint32_t id;                               /* creation number, from 1 (tracing) */
    JvmtiEnv *next;                            /* all environments, creation order */
    const void *_Atomic local_storage;         /* Get/SetEnvironmentLocalStorage */
    jvmtiCapabilities caps;                    /* possessed capabilities */
    jvmtiEventCallbacks callbacks;             /* SetEventCallbacks (events work) */
    /* Global event enablement by event number (SetEventNotificationMode, events work). */
    uint8_t event_enabled[JVMTI_MAX_EVENT_TYPE_VAL + 1];
    /* Extension event callbacks by slot (SetExtensionEventCallback, extension.c); a
     * non-NULL callback also means enabled. */
    jvmtiExtensionEvent ext_callbacks[JVMTI_EXT_EVENT_SLOTS];
    JvmtiTagTable *_Atomic tags; /* object tags (heap.c), NULL until the first SetTag */
};

/* The record behind an agent's jvmtiEnv*, or NULL if it is not a valid environment. */
static inline JvmtiEnv *jvmti_env_check(jvmtiEnv *env)
{
    JvmtiEnv *e = (JvmtiEnv *)env;
    if (unlikely(e == NULL)) return NULL;
    if (unlikely(atomic_load_explicit(&e->magic, memory_order_acquire) != JVMTI_ENV_MAGIC)) return NULL;
    return e;
}

/* The jvmtiEnv* agents see for e. */
static inline jvmtiEnv *jvmti_env_external(JvmtiEnv *e) { return (jvmtiEnv *)&e->functions; }

void jvmti_env_init(void);
/* Bytecode events (bytecodeevents.c): set-up (agent loading), an environment's
 * breakpoints and frame pop requests dropped (DisposeEnvironment; then, with no lock held,
 * jvmti_tool_mode_update). */
void jvmti_bytecode_events_init(void);
void jvmti_bytecode_events_env_disposed(JvmtiEnv *e);
/* A redefined class's old version (a shadow) is freed, its code already gone: drops the
 * breakpoints set in its methods, without unpatching (bytecodeevents.c, at a safepoint). */
void jvmti_breakpoints_forget(const Class *shadow);
/* The interpreter's tool mode (events.c): every thread's recomputed after a global
 * enablement changed (any thread, self NULL in the OnLoad phase; ev_lock not held);
 * t's after its frame pop requests changed by delta (fp_lock may be held). */
void jvmti_tool_mode_update(Thread *self);
void jvmti_thread_frame_pops(Thread *t, int delta);
/* Field watches (fieldevents.c): set-up, and an environment's watches dropped
 * (DisposeEnvironment, before its jvmti_tool_mode_update). */
void jvmti_field_events_init(void);
/* Class unloading: drops the field watches on c's fields (fieldevents.c, at a safepoint). */
void jvmti_field_watches_forget(const Class *c);
void jvmti_field_events_env_disposed(JvmtiEnv *e);
/* Is an instance of k assignable to the type of field descriptor desc? By class names,
 * loading nothing, as HotSpot judges it for SetLocalObject and ForceEarlyReturnObject
 * (local.c). */
bool jvmti_assignable_to(const Class *k, const char *desc);
/* Live-phase agent start (agent.c), for the attach listener (attach.c): see agent.c. */
jint jvmti_agent_attach(Thread *self, const char *name, bool absolute, const char *options, FILE *out);
void jvmti_attach_init(void);
/* The live phase has begun (on the booting thread, TS_JAVA): the attach listener starts
 * now if -XX:+StartAttachListener or -Xrs asks it to (SIGQUIT otherwise starts it). */
void jvmti_attach_vm_live(Thread *self);
/* Frees e's object tags (heap.c); called by DisposeEnvironment. */
void jvmti_tags_env_disposed(JvmtiEnv *e);

/* Calls fn for every valid environment, in creation order, with the environment list
 * locked: fn must not create or dispose environments. */
void jvmti_for_each_env(void (*fn)(JvmtiEnv *e, void *arg), void *arg);

/* The current JVMTI phase (a jvmtiPhase value). Starts as JVMTI_PHASE_ONLOAD. */
extern _Atomic int jvmti_phase_value;
static inline jvmtiPhase jvmti_get_phase(void)
{
    return (jvmtiPhase)atomic_load_explicit(&jvmti_phase_value, memory_order_acquire);
}
void jvmti_set_phase(jvmtiPhase p);

/* The allocator behind Allocate/Deallocate: NULL when size is 0 or memory is short. */
void *jvmti_alloc(size_t size);
void jvmti_free(void *p);
/* A jvmti_alloc'd copy of s, or NULL (out of memory). */
char *jvmti_strdup(const char *s);

/* ------------------------------------------------------------------------------------ */
/* Capabilities (capabilities.c)                                                        */
/* ------------------------------------------------------------------------------------ */

/* The capabilities e could add now (GetPotentialCapabilities). */
void jvmti_potential_capabilities(JvmtiEnv *e, jvmtiCapabilities *out);

/* ------------------------------------------------------------------------------------ */
/* Checks and conversions used by the generated wrappers (entry.c)                     */
/* ------------------------------------------------------------------------------------ */

/* A pending exception of the caller survives a JVMTI call; exceptions raised inside the
 * implementation do not escape (they are the implementation's bug, reported as such in
 * debug builds). save clears t->exception and returns what was pending. */
Object *jvmti_exception_save(Thread *t);
void jvmti_exception_restore(Thread *t, Object *saved);

/* jthread -> java.lang.Thread (INVALID_THREAD otherwise). NULL means the current thread
 * when null_is_current. t is the current thread, in TS_JAVA. */
jvmtiError jvmti_conv_thread(Thread *t, jthread h, bool null_is_current, Object **out);
/* jthread -> live VM thread (INVALID_THREAD, THREAD_NOT_ALIVE). */
jvmtiError jvmti_conv_live_thread(Thread *t, jthread h, bool null_is_current, Thread **out);
/* jthreadGroup -> java.lang.ThreadGroup, NULL if invalid. */
Object *jvmti_conv_thread_group(jthreadGroup h);
/* jclass -> Class, NULL if invalid; primitive classes only when allow_primitive. */
Class *jvmti_conv_class(jclass h, bool allow_primitive);
/* jobject -> Object, NULL if invalid. */
Object *jvmti_conv_object(jobject h);
/* A pointer-kind handle: its referent or NULL, unchecked. */
Object *jvmti_conv_ptr_handle(jobject h);

/* Is m a jmethodID of a loaded class? O(1) for valid IDs after the first lookup of
 * their class. Never dereferences memory m does not point into when m is NULL,
 * misaligned or below the first page. */
bool jvmti_valid_method(const Method *m);
bool jvmti_valid_field(const Field *f);
/* Is f declared by k or one of its superclasses or superinterfaces? */
bool jvmti_field_in_class(const Field *f, const Class *k);
/* Is c a loaded class (or a primitive class)? */
bool jvmti_valid_class(const Class *c);
void jvmti_check_init(void);

/* ------------------------------------------------------------------------------------ */
/* Names of members (method.c; needed by field.c too)                                   */
/* ------------------------------------------------------------------------------------ */

/* The out-parameters of GetMethodName/GetFieldName: jvmti_alloc'd copies of name, desc
 * and generic (which may be NULL: *generic_ptr is then NULL) into each non-NULL pointer.
 * All or nothing: OUT_OF_MEMORY leaves nothing allocated and no pointer written. */
jvmtiError jvmti_copy_member_names(const char *name, const char *desc, const char *generic, char **name_ptr,
                                   char **signature_ptr, char **generic_ptr);

/* ------------------------------------------------------------------------------------ */
/* Raw monitors (rawmonitor.c)                                                          */
/* ------------------------------------------------------------------------------------ */

typedef struct JvmtiRawMonitor JvmtiRawMonitor;
/* The raw monitor behind a jrawMonitorID, or NULL if it names no live raw monitor. */
JvmtiRawMonitor *jvmti_raw_monitor_check(jrawMonitorID id);
void jvmti_raw_monitor_init(void);

/* ------------------------------------------------------------------------------------ */
/* JNI function interception (jniintercept.c), native method prefixes (nativebind.c)    */
/* ------------------------------------------------------------------------------------ */

void jvmti_jni_intercept_init(void);
void jvmti_native_prefix_init(void);

/* ------------------------------------------------------------------------------------ */
/* Tracing (entry.c): the line helpers of the generated jvmti_trace.c                   */
/* ------------------------------------------------------------------------------------ */

extern const struct jvmtiInterface_1_ jvmti_function_table;
extern const struct jvmtiInterface_1_ jvmti_trace_table;

/* Is tracing on (GLASS_JVMTI_TRACE set, or -XX:+GlassTraceJVMTI)? Read at env creation. */
bool jvmti_trace_enabled(void);

typedef struct JvmtiTraceLine {
    char buf[1024];
    size_t len;
} JvmtiTraceLine;
void jvmti_trace_begin(JvmtiTraceLine *l, const char *fn);
__attribute__((format(printf, 2, 3))) void jvmti_trace_printf(JvmtiTraceLine *l, const char *fmt, ...);
void jvmti_trace_result(JvmtiTraceLine *l, const char *fn, jvmtiError err);
/* Writes the line to stderr in one piece and empties it. */
void jvmti_trace_end(JvmtiTraceLine *l);
/* Printable forms: a string argument (quoted, or "NULL"), a method (Class.name(desc) if
 * valid), a name that may be missing. */
const char *jvmti_trace_str(char *buf, size_t n, const char *s);
const char *jvmti_trace_method(char *buf, size_t n, jmethodID m);
const char *jvmti_event_name_or_q(jint event);
const char *jvmti_error_name_or_q(jvmtiError e);

/* ------------------------------------------------------------------------------------ */
/* The seam for tool interfaces above JVMTI (src/ncai; events.c, extension.c)           */
/* ------------------------------------------------------------------------------------ */
/*
 * A layer above JVMTI (NCAI) is built on these internals and reaches the VM only through
 * the hooks JVMTI already has: JVMTI does not know it exists. It registers its extension
 * functions (jvmti_ext_function_register, from a constructor: before any agent loads)
 * and its listeners (a JvmtiLayer, jvmti_tool.h, the one seam every tool interface
 * shares).
 */
typedef struct JvmtiExtParam {
    const char *name;
    jvmtiParamKind kind;
    jvmtiParamTypes type;
    bool null_ok;
} JvmtiExtParam;
/* Adds an extension function to those GetExtensionFunctions lists (after GlassVM's
 * own); the strings and arrays must stay valid. False when the table is full. */
bool jvmti_ext_function_register(jvmtiExtensionFunction func, const char *id, const char *description,
                                 int param_count, const JvmtiExtParam *params, int error_count,
                                 const jvmtiError *errors);

/* Stack frames (stack.c). jvmti_stop_world: begins a safepoint unless self is already
 * the initiator of one (an agent calling from a callback the VM makes inside one); returns
 * whether the caller must end it. jvmti_on_stable_frames: runs q on t's frames, directly
 * for the current thread, otherwise inside a safepoint with t looked up again from its
 * java.lang.Thread (THREAD_NOT_ALIVE if it ended meanwhile). */
typedef jvmtiError (*JvmtiFrameQuery)(Thread *self, Thread *t, void *arg);
bool jvmti_stop_world(Thread *self);
jvmtiError jvmti_on_stable_frames(Thread *self, Thread *t, JvmtiFrameQuery q, void *arg);

#endif
