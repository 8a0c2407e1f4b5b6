// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * agent.c — loading JVMTI agents at start-up and unloading them at exit (JVMTI spec
 * "Deploying Agents", "Agent Command Line Options", "Agent Start-Up", "Agent Shutdown",
 * "Statically Linked Agents"), and the JVMTI phase transitions of the boot sequence.
 *
 * Options, recorded in command-line order by jvmti_agents_parse_option:
 *   -agentlib:<name>[=<options>]   lib<name>.so, searched in sun.boot.library.path, then
 *                                  java.library.path, then by the dynamic linker
 *   -agentpath:<path>[=<options>]  the library at <path>
 *   -javaagent:<jar>[=<options>]   -agentlib:instrument=<jar>[=<options>] (HotSpot)
 *   -Xrun<name>[:<options>]        a JVM_OnLoad library; one without JVM_OnLoad but with
 *                                  Agent_OnLoad becomes an agent (as HotSpot converts
 *                                  -Xrunjdwp, whose library has only Agent_OnLoad)
 * Before loading a library, Agent_OnLoad_<name> is looked up in the process (a
 * statically linked agent; <name> is the -agentlib name or the library name of an
 * -agentpath without directory, "lib" prefix and ".so" suffix); if present the agent is
 * static and its Agent_OnLoad_<name> / Agent_OnUnload_<name> are used.
 *
 * jvmti_agents_onload, in the OnLoad phase with no thread attached: -Xrun libraries are
 * loaded and classified first, then each agent in order is loaded and its Agent_OnLoad
 * called, then the primordial phase begins. -Xrun libraries that kept JVM_OnLoad are
 * called later in the primordial phase, before the module system is initialized
 * (jvmti_xrun_init), as HotSpot does. Any failure prints HotSpot's message on stdout
 * (where HotSpot's vm_exit_during_initialization writes), enters the dead phase without
 * Agent_OnUnload for the agents already loaded, and the VM start-up fails with exit
 * status 1.
 *
 * Memory: the agent records live until the process exits (Agent_OnUnload runs last).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../jvm/boot.h"
#include "../vm/exception.h"
#include "../vm/jnienv.h"
#include "../vm/native.h"
#include "../vm/ref.h"
#include "../vm/thread.h"
#include "events.h"
#include "jvmti_int.h"
#include "jvmti_tool.h"
#include "jvmti_vm.h"

typedef jint(JNICALL *OnLoadFn)(JavaVM *vm, char *options, void *reserved);
typedef void(JNICALL *OnUnloadFn)(JavaVM *vm);

typedef struct Agent {
    char *name;         /* -agentlib/-Xrun name or -agentpath path, as given */
    char *options;      /* NULL when none was given */
    bool is_path;       /* -agentpath */
    bool is_xrun;       /* -Xrun library (until converted to an agent) */
    bool is_static;     /* Agent_OnLoad_<static_name> found in the process */
    char *static_name;
    void *handle;       /* the library, NULL for static agents */
    bool initialized;   /* Agent_OnLoad / JVM_OnLoad returned 0 */
    struct Agent *next;
} Agent;

static Agent *agents, *xruns;

static void append(Agent **list, Agent *a)
{
    while (*list) list = &(*list)->next;
    *list = a;
}

static Agent *new_agent(const char *spec, char sep, bool is_path, bool is_xrun)
{
    Agent *a = vm_calloc(1, sizeof *a);
    const char *s = strchr(spec, sep);
    size_t n = s ? (size_t)(s - spec) : strlen(spec);
    a->name = vm_malloc(n + 1);
    memcpy(a->name, spec, n);
    a->name[n] = 0;
    a->options = s ? vm_strdup(s + 1) : NULL;
    a->is_path = is_path;
    a->is_xrun = is_xrun;
    return a;
}

static bool starts(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

bool jvmti_agents_parse_option(const char *opt)
{
    if (starts(opt, "-agentlib:")) {
        append(&agents, new_agent(opt + 10, '=', false, false));
    } else if (starts(opt, "-agentpath:")) {
        append(&agents, new_agent(opt + 11, '=', true, false));
    } else if (starts(opt, "-javaagent:")) {
        Agent *a = vm_calloc(1, sizeof *a);
        a->name = vm_strdup("instrument");
        a->options = vm_strdup(opt + 11);
        append(&agents, a);
    } else if (starts(opt, "-Xrun")) {
        append(&xruns, new_agent(opt + 5, ':', false, true));
    } else {
        return false;
    }
    return true;
}

/* ------------------------------------------------------------------------------------ */
/* Loading                                                                              */
/* ------------------------------------------------------------------------------------ */

/* HotSpot's vm_exit_during_initialization output; the caller fails start-up. */
__attribute__((format(printf, 1, 2))) static bool init_error(const char *fmt, ...)
{
    fflush(stderr);
    printf("Error occurred during initialization of VM\n");
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    fflush(stdout);
    return false;
}

/* <name> of lib<name>.so for a path: the file name without "lib" and ".so". */
static char *library_base_name(const char *path)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    if (starts(b, "lib")) b += 3;
    char *n = vm_strdup(b);
    size_t len = strlen(n);
    if (len > 3 && strcmp(n + len - 3, ".so") == 0) n[len - 3] = 0;
    return n;
}

/* Looks for <entry>_<name> (Agent_OnLoad_<name>, Agent_OnAttach_<name>) in the process:
 * a statically linked agent. */
static void find_static(Agent *a, const char *entry)
{
    char *base = a->is_path ? library_base_name(a->name) : vm_strdup(a->name);
    char sym[512];
    snprintf(sym, sizeof sym, "%s_%s", entry, base);
    if (*base && os_dlsym(NULL, sym) != NULL) {
        a->is_static = true;
        a->static_name = base;
    } else {
        free(base);
    }
}

/* Tries dir/lib<name>.so for every directory of a ':'-separated path list. */
static void *load_from_dirs(const char *dirs, const char *file, const char **err)
{
    if (dirs == NULL) return NULL;
    const char *p = dirs;
    while (*p) {
        const char *end = strchr(p, ':');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (n > 0) {
            char path[4096];
            snprintf(path, sizeof path, "%.*s/%s", (int)n, p, file);
            if (os_file_exists(path)) {
                void *h = os_dlopen(path, err);
                if (h) return h;
            }
        }
        if (!end) break;
        p = end + 1;
    }
    return NULL;
}

/* Loads a's library (unless static). False with the message printed. */
static bool load_library(Agent *a)
{
    if (a->handle != NULL || a->is_static) return true;
    find_static(a, "Agent_OnLoad");
    if (a->is_static) return true;
    const char *err = NULL;
    if (a->is_path) {
        a->handle = os_dlopen(a->name, &err);
        if (a->handle == NULL)
            return init_error("Could not find agent library %s in absolute path, with error: %s", a->name,
                              err ? err : "");
        return true;
    }
    char file[1024];
    snprintf(file, sizeof file, "lib%s.so", a->name);
    a->handle = load_from_dirs(boot_property("sun.boot.library.path"), file, &err);
    if (a->handle == NULL) a->handle = load_from_dirs(boot_property("java.library.path"), file, &err);
    if (a->handle == NULL) a->handle = os_dlopen(file, &err); /* the dynamic linker's search */
    if (a->handle == NULL)
        return init_error("Could not find agent library %s on the library path, with error: %s", a->name,
                          err ? err : "");
    return true;
}

/* The agent's entry `base` ("Agent_OnLoad", "Agent_OnUnload", "JVM_OnLoad"). */
static void *entry(Agent *a, const char *base)
{
    if (a->is_static) {
        char sym[512];
        snprintf(sym, sizeof sym, "%s_%s", base, a->static_name);
        return os_dlsym(NULL, sym);
    }
    return a->handle ? os_dlsym(a->handle, base) : NULL;
}

/* Agents receive a writable copy of their options, as the JVMTI signature promises. */
static jint call_onload(OnLoadFn fn, Agent *a)
{
    char *opts = a->options ? vm_strdup(a->options) : NULL;
    jint r = fn(&vm_java_vm, opts, NULL);
    /* The agent may keep pointers into its options: they stay allocated. */
    return r;
}

/* Start-up failed: the dead phase, and no Agent_OnUnload (HotSpot does not call it
 * for a VM that never started). */
static void abandon(void)
{
    for (Agent *a = agents; a; a = a->next) a->initialized = false;
    for (Agent *a = xruns; a; a = a->next) a->initialized = false;
    jvmti_set_phase(JVMTI_PHASE_DEAD);
}

static bool onload_failed(void)
{
    abandon();
    return false;
}

bool jvmti_agents_onload(void)
{
    jvmti_env_init();
    jvmti_events_init();
    jvmti_bytecode_events_init();
    jvmti_field_events_init();
    jvmti_attach_init();
    jvmti_check_init();
    jvmti_raw_monitor_init();
    jvmti_jni_intercept_init();
    jvmti_native_prefix_init();
    jvmti_set_phase(JVMTI_PHASE_ONLOAD);

    /* -Xrun: libraries with JVM_OnLoad wait for the live phase; the others must have
     * Agent_OnLoad and join the agents, after the -agentlib/-agentpath ones. */
    for (Agent **p = &xruns; *p;) {
        Agent *a = *p;
        if (!load_library(a)) return onload_failed();
        if (entry(a, "JVM_OnLoad") != NULL) {
            p = &a->next;
            continue;
        }
        if (entry(a, "Agent_OnLoad") == NULL) {
            init_error("Could not find JVM_OnLoad or Agent_OnLoad function in the library: %s", a->name);
            return onload_failed();
        }
        *p = a->next;
        a->next = NULL;
        a->is_xrun = false;
        append(&agents, a);
    }

    for (Agent *a = agents; a; a = a->next) {
        if (!load_library(a)) return onload_failed();
        OnLoadFn fn = (OnLoadFn)entry(a, "Agent_OnLoad");
        if (fn == NULL) {
            init_error("Could not find Agent_OnLoad function in the agent library: %s", a->name);
            return onload_failed();
        }
        if (call_onload(fn, a) != 0) {
            init_error("agent library failed to init: %s", a->name);
            return onload_failed();
        }
        a->initialized = true;
        if (a->handle != NULL) native_add_agent_library(a->handle);
    }
    jvmti_set_phase(JVMTI_PHASE_PRIMORDIAL);
    return true;
}

/* ------------------------------------------------------------------------------------ */
/* Phases of the boot sequence                                                          */
/* ------------------------------------------------------------------------------------ */

void jvmti_vm_early_start(Thread *t) { jvmti_events_early_start(t); }

/* The start phase and VMStart (events.c). */
void jvmti_vm_start(Thread *t) { jvmti_events_vm_start(t); }

bool jvmti_xrun_init(Thread *t)
{
    /* The layers hear of the JVM_OnLoad window (JVMPI holds other threads' allocation
     * events until the events enabled there all take effect). */
    JVMTI_LAYERS_CALL(xrun_onload, t, false);
    for (Agent *a = xruns; a; a = a->next) {
        OnLoadFn fn = (OnLoadFn)entry(a, "JVM_OnLoad");
        if (fn == NULL) continue;
        thread_enter_safe(t, TS_NATIVE);
        jint r = call_onload(fn, a);
        thread_leave_safe(t);
        if (r != 0) {
            JVMTI_LAYERS_CALL(xrun_onload, t, true);
            abandon();
            return init_error("-Xrun library failed to init: %s", a->name);
        }
        a->initialized = true;
    }
    JVMTI_LAYERS_CALL(xrun_onload, t, true);
    return true;
}

/* The live phase and VMInit (events.c). */
void jvmti_vm_init(Thread *t)
{
    jvmti_attach_vm_live(t);
    jvmti_events_vm_init(t);
}

/* VMDeath (events.c), then the dead phase. */
void jvmti_vm_death(Thread *t)
{
    jvmti_events_vm_death(t);
    jvmti_set_phase(JVMTI_PHASE_DEAD);
}

void jvmti_agents_unload(void)
{
    jvmti_set_phase(JVMTI_PHASE_DEAD);
    jvmti_attach_shutdown();
    Thread *t = thread_current();
    int prev = t ? atomic_load_explicit(&t->state, memory_order_relaxed) : TS_NATIVE;
    for (Agent *a = agents; a; a = a->next) {
        if (!a->initialized) continue;
        OnUnloadFn fn = (OnUnloadFn)entry(a, "Agent_OnUnload");
        if (fn == NULL) continue;
        /* Agent code runs as native code. */
        if (prev == TS_JAVA) thread_enter_safe(t, TS_NATIVE);
        fn(&vm_java_vm);
        if (prev == TS_JAVA) thread_leave_safe(t);
        a->initialized = false; /* once, even if exit paths call this twice */
    }
    /* -Xrun libraries that started with JVM_OnLoad: their JVM_OnUnload (JVMPI agents). */
    for (Agent *a = xruns; a; a = a->next) {
        if (!a->initialized) continue;
        OnUnloadFn fn = (OnUnloadFn)entry(a, "JVM_OnUnload");
        a->initialized = false;
        if (fn == NULL) continue;
        if (prev == TS_JAVA) thread_enter_safe(t, TS_NATIVE);
        fn(&vm_java_vm);
        if (prev == TS_JAVA) thread_leave_safe(t);
    }
    fflush(stdout);
}

/* ------------------------------------------------------------------------------------ */
/* Live-phase start (dynamic attach)                                                    */
/* ------------------------------------------------------------------------------------ */

/* An agent that was not started: its library closed, its record freed. */
static void drop_agent(Agent *a)
{
    if (a->handle != NULL) os_dlclose(a->handle);
    free(a->static_name);
    free(a->options);
    free(a->name);
    free(a);
}

/* JVMTI "Agent Start-Up (Live phase)": loads an agent into the running VM and calls its
 * Agent_OnAttach (Agent_OnAttach_<name> of a statically linked agent), as HotSpot's
 * attach "load" operation does: a relative name is lib<name>.so in the JDK's library
 * directory (sun.boot.library.path), then wherever the dynamic linker finds it. Writes
 * the operation's output to out — "return code: N", N being Agent_OnAttach's result, or why the
 * agent could not be started — and returns the operation's status: 0 once Agent_OnAttach
 * ran (whatever it returned), JNI_ERR otherwise. An agent whose Agent_OnAttach returns 0
 * stays and gets Agent_OnUnload at exit; otherwise its library is unloaded again.
 * self: an attached thread in TS_JAVA (the attach listener). */
jint jvmti_agent_attach(Thread *self, const char *name, bool absolute, const char *options, FILE *out)
{
    if (jvmti_get_phase() != JVMTI_PHASE_LIVE) {
        fprintf(out, "%s was not loaded.\n", name);
        return JNI_ERR;
    }
    Agent *a = vm_calloc(1, sizeof *a);
    a->name = vm_strdup(name);
    a->options = options != NULL ? vm_strdup(options) : NULL;
    a->is_path = absolute;
    find_static(a, "Agent_OnAttach");
    if (!a->is_static) {
        const char *err = NULL;
        if (absolute) {
            a->handle = os_dlopen(name, &err);
        } else {
            char file[1024];
            snprintf(file, sizeof file, "lib%s.so", name);
            a->handle = load_from_dirs(boot_property("sun.boot.library.path"), file, &err);
            if (a->handle == NULL) a->handle = os_dlopen(file, &err);
        }
        if (a->handle == NULL) {
            fprintf(out, "%s was not loaded.\n", name);
            if (err != NULL && *err) fprintf(out, "%s\n", err);
            drop_agent(a);
            return JNI_ERR;
        }
    }
    OnLoadFn fn = (OnLoadFn)entry(a, "Agent_OnAttach"); /* the same signature */
    if (fn == NULL) {
        fprintf(out, "Agent_OnAttach is not available in %s\n", name);
        drop_agent(a);
        return JNI_ERR;
    }
    /* Agent code runs as native code, in a local frame of its own. */
    ref_push_frame(self, 16);
    thread_enter_safe(self, TS_NATIVE);
    jint r = call_onload(fn, a);
    thread_leave_safe(self);
    ref_pop_frame(self, NULL);
    exc_clear(self);
    if (r == JNI_OK) {
        a->initialized = true;
        /* Linked last, fully built: the exit path may walk the list concurrently. */
        Agent **p = &agents;
        while (*p) p = &(*p)->next;
        __atomic_store_n(p, a, __ATOMIC_RELEASE);
    } else {
        drop_agent(a); /* the options copy stays with the agent's code, which is gone */
    }
    fprintf(out, "return code: %d\n", (int)r); /* what the JDK 17 attach client parses */
    return JNI_OK;
}
