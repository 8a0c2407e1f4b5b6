// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * extension.c — the JVMTI Extension Mechanism (spec "Extension Mechanism"):
 * GetExtensionFunctions, GetExtensionEvents, SetExtensionEventCallback, and the two
 * tables of what GlassVM offers beyond the spec.
 *
 * Adding an extension function is one row in ext_functions: the function (any
 * `jvmtiError JNICALL f(jvmtiEnv *env, ...)`), its identifier in package-name style, a
 * one-sentence description, its parameters after the jvmtiEnv (PARAMS(...) or
 * NO_PARAMS) and the errors it may return besides the universal ones (ERRORS(...) or
 * NO_ERRORS). Extension functions are called by agents directly, not through the
 * generated entry layer: each checks its environment (ext_env), phase and arguments
 * itself. Layers above JVMTI add rows at run time (jvmti_ext_function_register): NCAI's
 * `org.apache.harmony.vm.GetExtensionEnv` (src/ncai/env.c) joins the list this way.
 *
 * Adding an extension event is one row in ext_events: its slot (0 ..
 * JVMTI_EXT_EVENT_SLOTS - 1, which picks JvmtiEnv.ext_callbacks[slot]), identifier,
 * description and parameters. Its index for agents is JVMTI_MIN_EVENT_TYPE_VAL - 1 -
 * slot (49 for slot 0, HotSpot's number for its ClassUnload extension event, so agents
 * that hard-code it keep working). The poster reads ext_callbacks[slot] of each
 * environment (jvmti_ext_event_callback).
 *
 * Memory: GetExtensionFunctions/GetExtensionEvents hand out jvmti_alloc'd copies of
 * everything (the array, every string, every parameter and error array), which the
 * agent frees with Deallocate; the tables themselves are constant.
 */
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "../vm/thread.h"
#include "../vm/unload.h"
#include "events.h"
#include "gen/jvmti_impl.h"
#include "jvmti_int.h"
#include "jvmti_vm.h"

typedef JvmtiExtParam ExtParam;

typedef struct ExtFunction {
    jvmtiExtensionFunction func;
    const char *id;
    const char *description;
    int param_count;
    const ExtParam *params;
    int error_count;
    const jvmtiError *errors;
} ExtFunction;

typedef struct ExtEvent {
    int slot;
    const char *id;
    const char *description;
    int param_count;
    const ExtParam *params;
} ExtEvent;

#define PARAMS(...)                                                                         \
    (int)(sizeof((const ExtParam[]){__VA_ARGS__}) / sizeof(ExtParam)), (const ExtParam[]){__VA_ARGS__}
#define NO_PARAMS 0, NULL
#define ERRORS(...)                                                                         \
    (int)(sizeof((const jvmtiError[]){__VA_ARGS__}) / sizeof(jvmtiError)), (const jvmtiError[]){__VA_ARGS__}
#define NO_ERRORS 0, NULL

/* ------------------------------------------------------------------------------------ */
/* The extension functions                                                              */
/* ------------------------------------------------------------------------------------ */

/* The checks every extension function starts with: a valid environment, and a phase in
 * which the agent may call JVMTI at all. */
static jvmtiError ext_env(jvmtiEnv *env)
{
    if (jvmti_env_check(env) == NULL) return JVMTI_ERROR_INVALID_ENVIRONMENT;
    if (jvmti_get_phase() == JVMTI_PHASE_DEAD) return JVMTI_ERROR_WRONG_PHASE;
    return JVMTI_ERROR_NONE;
}

/* com.sun.hotspot.functions.IsClassUnloadingEnabled(jboolean *enabled): whether the VM
 * unloads classes: true unless -XX:-ClassUnloading (docs/design.md "Class unloading"). */
static jvmtiError JNICALL is_class_unloading_enabled(jvmtiEnv *env, ...)
{
    jvmtiError err = ext_env(env);
    if (err != JVMTI_ERROR_NONE) return err;
    va_list ap;
    va_start(ap, env);
    jboolean *enabled = va_arg(ap, jboolean *);
    va_end(ap);
    if (enabled == NULL) return JVMTI_ERROR_NULL_POINTER;
    *enabled = unload_enabled() ? JNI_TRUE : JNI_FALSE;
    return JVMTI_ERROR_NONE;
}

static const ExtFunction ext_functions[] = {
    {is_class_unloading_enabled, "com.sun.hotspot.functions.IsClassUnloadingEnabled",
     "Tell if class unloading is enabled.",
     PARAMS({"IsClassUnloadingEnabled", JVMTI_KIND_OUT, JVMTI_TYPE_JBOOLEAN, false}), NO_ERRORS},
};

/* ------------------------------------------------------------------------------------ */
/* The extension events                                                                 */
/* ------------------------------------------------------------------------------------ */

/* ClassUnload (slot 0): void (jvmtiEnv *, JNIEnv *, const char *name), the internal name
 * of each unloaded class, after the collection that unloaded it (jvmti_post_class_unload;
 * HotSpot sends it later from its service thread). */
static const ExtEvent ext_events[] = {
    {0, "com.sun.hotspot.events.ClassUnload", "CLASS_UNLOAD event",
     PARAMS({"JNI Environment", JVMTI_KIND_IN_PTR, JVMTI_TYPE_JNIENV, false},
            {"Class", JVMTI_KIND_IN_PTR, JVMTI_TYPE_CCHAR, false})},
};

/* Rows registered by the layers above JVMTI (jvmti_int.h), after ext_functions. */
#define N_STATIC_FUNCTIONS ((int)(sizeof ext_functions / sizeof ext_functions[0]))
enum { MAX_REGISTERED = 4 };
static ExtFunction registered[MAX_REGISTERED];
static _Atomic int n_registered;

bool jvmti_ext_function_register(jvmtiExtensionFunction func, const char *id, const char *description,
                                 int param_count, const JvmtiExtParam *params, int error_count,
                                 const jvmtiError *errors)
{
    int i = atomic_load(&n_registered);
    if (i >= MAX_REGISTERED) return false;
    registered[i] = (ExtFunction){func, id, description, param_count, params, error_count, errors};
    atomic_store(&n_registered, i + 1);
    return true;
}

static const ExtFunction *function_row(int i)
{
    return i < N_STATIC_FUNCTIONS ? &ext_functions[i] : &registered[i - N_STATIC_FUNCTIONS];
}

#define N_FUNCTIONS (N_STATIC_FUNCTIONS + atomic_load(&n_registered))
#define N_EVENTS ((int)(sizeof ext_events / sizeof ext_events[0]))

static jint event_index(int slot) { return JVMTI_MIN_EVENT_TYPE_VAL - 1 - slot; }

jvmtiExtensionEvent jvmti_ext_event_callback(JvmtiEnv *e, int slot)
{
    if (slot < 0 || slot >= JVMTI_EXT_EVENT_SLOTS) return NULL;
    return __atomic_load_n(&e->ext_callbacks[slot], __ATOMIC_ACQUIRE);
}

/* ------------------------------------------------------------------------------------ */
/* Copies for the agent                                                                 */
/* ------------------------------------------------------------------------------------ */

static void free_params(jvmtiParamInfo *p, int n)
{
    if (p == NULL) return;
    for (int i = 0; i < n; i++) jvmti_free(p[i].name);
    jvmti_free(p);
}

/* A jvmti_alloc'd copy of the parameter list; false when memory is short. */
static bool copy_params(const ExtParam *src, int n, jvmtiParamInfo **out)
{
    *out = NULL;
    if (n == 0) return true;
    jvmtiParamInfo *p = jvmti_alloc((size_t)n * sizeof *p);
    if (p == NULL) return false;
    memset(p, 0, (size_t)n * sizeof *p);
    for (int i = 0; i < n; i++) {
        p[i].name = jvmti_strdup(src[i].name);
        if (p[i].name == NULL) {
            free_params(p, n);
            return false;
        }
        p[i].kind = src[i].kind;
        p[i].base_type = src[i].type;
        p[i].null_ok = src[i].null_ok ? JNI_TRUE : JNI_FALSE;
    }
    *out = p;
    return true;
}

static void free_function_infos(jvmtiExtensionFunctionInfo *f, int n)
{
    for (int i = 0; i < n; i++) {
        jvmti_free(f[i].id);
        jvmti_free(f[i].short_description);
        free_params(f[i].params, f[i].param_count);
        jvmti_free(f[i].errors);
    }
    jvmti_free(f);
}

/* JVMTI: GetExtensionFunctions */
jvmtiError jvmti_GetExtensionFunctions(JvmtiEnv *env, Thread *self, jint *extension_count_ptr,
                                       jvmtiExtensionFunctionInfo **extensions)
{
    jvmtiExtensionFunctionInfo *f = NULL;
    int nf = N_FUNCTIONS;
    if (nf > 0) {
        f = jvmti_alloc((size_t)nf * sizeof *f);
        if (f == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
        memset(f, 0, (size_t)nf * sizeof *f);
    }
    for (int i = 0; i < nf; i++) {
        const ExtFunction *x = function_row(i);
        f[i].func = x->func;
        f[i].id = jvmti_strdup(x->id);
        f[i].short_description = jvmti_strdup(x->description);
        bool ok = f[i].id != NULL && f[i].short_description != NULL;
        if (ok && copy_params(x->params, x->param_count, &f[i].params)) f[i].param_count = x->param_count;
        else ok = false;
        if (ok && x->error_count > 0) {
            f[i].errors = jvmti_alloc((size_t)x->error_count * sizeof(jvmtiError));
            if (f[i].errors != NULL) memcpy(f[i].errors, x->errors, (size_t)x->error_count * sizeof(jvmtiError));
            else ok = false;
        }
        f[i].error_count = f[i].errors != NULL ? x->error_count : 0;
        if (!ok) {
            free_function_infos(f, i + 1);
            return JVMTI_ERROR_OUT_OF_MEMORY;
        }
    }
    *extension_count_ptr = nf;
    *extensions = f;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetExtensionEvents */
jvmtiError jvmti_GetExtensionEvents(JvmtiEnv *env, Thread *self, jint *extension_count_ptr,
                                    jvmtiExtensionEventInfo **extensions)
{
    jvmtiExtensionEventInfo *v = NULL;
    if (N_EVENTS > 0) {
        v = jvmti_alloc(N_EVENTS * sizeof *v);
        if (v == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
        memset(v, 0, N_EVENTS * sizeof *v);
    }
    for (int i = 0; i < N_EVENTS; i++) {
        const ExtEvent *x = &ext_events[i];
        v[i].extension_event_index = event_index(x->slot);
        v[i].id = jvmti_strdup(x->id);
        v[i].short_description = jvmti_strdup(x->description);
        bool ok = v[i].id != NULL && v[i].short_description != NULL &&
                  copy_params(x->params, x->param_count, &v[i].params);
        if (ok) v[i].param_count = x->param_count;
        if (!ok) {
            for (int j = 0; j <= i; j++) {
                jvmti_free(v[j].id);
                jvmti_free(v[j].short_description);
                free_params(v[j].params, v[j].param_count);
            }
            jvmti_free(v);
            return JVMTI_ERROR_OUT_OF_MEMORY;
        }
    }
    *extension_count_ptr = N_EVENTS;
    *extensions = v;
    return JVMTI_ERROR_NONE;
}

/* ------------------------------------------------------------------------------------ */
/* Posting ClassUnload                                                                  */
/* ------------------------------------------------------------------------------------ */

typedef void(JNICALL *ClassUnloadFn)(jvmtiEnv *, JNIEnv *, const char *);

typedef struct UnloadTargets {
    JvmtiEnv **envs;
    ClassUnloadFn *fns;
    size_t n, cap;
} UnloadTargets;

static void add_target(JvmtiEnv *e, void *arg)
{
    UnloadTargets *u = arg;
    jvmtiExtensionEvent cb = jvmti_ext_event_callback(e, 0);
    if (cb == NULL) return;
    if (u->n == u->cap) {
        u->cap = u->cap ? u->cap * 2 : 4;
        u->envs = vm_realloc(u->envs, u->cap * sizeof *u->envs);
        u->fns = vm_realloc(u->fns, u->cap * sizeof *u->fns);
    }
    u->envs[u->n] = e;
    u->fns[u->n++] = (ClassUnloadFn)cb;
}

static void any_target(JvmtiEnv *e, void *arg)
{
    if (jvmti_ext_event_callback(e, 0) != NULL) *(bool *)arg = true;
}

bool jvmti_want_class_unload(void)
{
    bool any = false;
    jvmti_for_each_env(any_target, &any);
    return any;
}

void jvmti_post_class_unload(Thread *t, const char *const *names, size_t count)
{
    if (jvmti_get_phase() != JVMTI_PHASE_LIVE || t->jthread == NULL) return;
    UnloadTargets u = {0};
    jvmti_for_each_env(add_target, &u); /* callbacks run without the environment lock */
    for (size_t k = 0; k < u.n; k++) {
        for (size_t i = 0; i < count; i++) {
            JvmtiCallbackFrame f;
            if (!jvmti_callback_begin(&f, t)) break;
            jvmti_callback_native(&f);
            u.fns[k](jvmti_env_external(u.envs[k]), thread_env(t), names[i]);
            jvmti_callback_end(&f);
        }
    }
    free(u.envs);
    free(u.fns);
}

/* JVMTI: SetExtensionEventCallback. Setting the callback enables the event, NULL
 * disables it. */
jvmtiError jvmti_SetExtensionEventCallback(JvmtiEnv *env, Thread *self, jint extension_event_index,
                                           jvmtiExtensionEvent callback)
{
    for (int i = 0; i < N_EVENTS; i++) {
        if (event_index(ext_events[i].slot) != extension_event_index) continue;
        __atomic_store_n(&env->ext_callbacks[ext_events[i].slot], callback, __ATOMIC_RELEASE);
        return JVMTI_ERROR_NONE;
    }
    return JVMTI_ERROR_ILLEGAL_ARGUMENT;
}
