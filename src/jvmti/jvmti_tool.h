// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jvmti_tool.h — what the JVMTI module offers the tool interfaces layered on top of it
 * (JVMPI, src/jvmpi/; NCAI, src/ncai/): the VM's event seam, without JVMTI environments
 * in between.
 *
 * The VM core reaches the tool interfaces only through jvmti_vm.h: its hooks test
 * jvmti_want(ev) and call a jvmti_post_* function. Each layer registers one JvmtiLayer, a
 * table of raw listeners (VM types: Thread*, Frame*, Object*, Class*), and says which
 * events it wants with jvmti_layer_want(); its bit in the layer's own mask is OR'ed into
 * jvmti_layers_mask and into jvmti_event_mask as if a JVMTI environment had enabled the
 * event (so the interpreter's tool mode, the allocation and monitor hooks switch on), and
 * JVMTI's posting function calls the listener of every layer that wants the event before
 * (or, where noted, instead of) the JVMTI environments' callbacks. Each layer sees its
 * events, JVMTI environments see theirs: none depends on another's enablement.
 *
 * Layering: JVMTI does not know which layers exist. A layer registers itself
 * (jvmti_layer_register) from a constructor function when libjvm.so is loaded (JVMPI:
 * before the VM parses its options, for GetEnv) or when an agent first asks for it
 * (NCAI); layers are never removed, and the newest is called first. JavaVM GetEnv hands a
 * version a layer claims (is_version) to it.
 *
 * Listeners run on the thread of the event, in the state described per member below,
 * with no VM lock held unless stated. A listener that calls agent code does so in
 * TS_NATIVE (jvmti_tool_call_begin/end) and must not touch Object* values meanwhile
 * (objects never move, and the posting thread's C stack is scanned conservatively, so
 * Object* values in the listener's C locals stay valid afterwards). Every member is
 * optional (NULL: not called).
 */
#ifndef GLASS_JVMTI_TOOL_H
#define GLASS_JVMTI_TOOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../vm/class.h"
#include "../vm/interp.h"
#include "../vm/thread.h"
#include "jvmti_vm.h"

typedef struct JvmtiLayer {
    /* JavaVM GetEnv: does the layer own this version number, and the call itself (any
     * thread, attached or not; must set *penv, NULL on failure). */
    bool (*is_version)(jint version);
    jint (*get_env)(void **penv, jint version);

    /* Called whether the layer wants events or not: */
    /* Boot and exit, on the booting/exiting thread in TS_JAVA: vm_init after JVMTI's
     * VMInit (and main's ThreadStart); vm_death before JVMTI's VMDeath (not at all when
     * start-up failed). */
    void (*vm_init)(Thread *t);
    void (*vm_death)(Thread *t);
    /* t leaves the VM with t->tool_state set: free it (on t, after its last event).
     * Thread.tool_state belongs to the one layer that has this member. */
    void (*thread_free)(Thread *t);
    /* jvmti_library_loading / jvmti_library_loaded (jvmti_vm.h): JVM_LoadLibrary's
     * dlopen of path is about to run / ran (handle NULL if it failed). */
    void (*library_loading)(const char *path);
    void (*library_loaded)(void *handle, const char *path);
    /* The -Xrun libraries' JVM_OnLoad functions are about to run (done false) / have
     * returned (done true), on the booting thread t in TS_JAVA (jvmti_xrun_init; called
     * even when there is none, and before the exit when one fails). */
    void (*xrun_onload)(Thread *t, bool done);

    /* Called when the layer wants the event (jvmti_layer_want): */
    /* JVMTI_EVENT_THREAD_START / _END: as jvmti_post_thread_start/_end (t current,
     * TS_JAVA). The main thread's ThreadStart comes at VMInit, unless the layer reports
     * main itself (main_at_vm_init false: JVMPI's back-fill does). */
    void (*thread_start)(Thread *t);
    void (*thread_end)(Thread *t);
    /* JVMTI_EVENT_CLASS_LOAD: c created (ClassLoad's moment). */
    void (*class_load)(Thread *t, Class *c);
    /* JVMTI_EVENT_CLASS_FILE_LOAD_HOOK: the bytes about to be parsed (not for
     * retransformation). Returns replacement bytes (malloc'd, *new_len set; JVMTI frees
     * them after parsing) or NULL. Runs before the JVMTI environments' hooks, which see
     * the layers' bytes. */
    uint8_t *(*class_file_load_hook)(Thread *t, const uint8_t *data, size_t len, size_t *new_len);
    /* JVMTI_EVENT_METHOD_ENTRY / _EXIT: f (t's top frame) started / ends; SINGLE_STEP:
     * before the instruction at f->pc. All in tool mode, TS_JAVA, frames synced. */
    void (*method_entry)(Thread *t, Frame *f);
    void (*method_exit)(Thread *t, Frame *f);
    void (*instruction)(Thread *t, Frame *f);
    /* JVMTI_EVENT_NATIVE_METHOD_BIND: native method m is about to be bound to fn, which
     * is final (after the agents' replacements); t current. */
    void (*native_bound)(Thread *t, Method *m, void *fn);
    /* JVMTI_XEVENT_GC_PROLOGUE: t is about to collect, holding the collector's lock,
     * before the other threads stop (TS_JAVA). JVMTI_EVENT_GARBAGE_COLLECTION_FINISH:
     * after the world restarted, still holding the lock. */
    void (*gc_start)(Thread *t);
    void (*gc_finish)(Thread *t);
    /* JVMTI_XEVENT_OBJECT_ALLOC: o was allocated by t (every path: bytecode, JNI,
     * reflection, the VM's own); posted at t's next posting point (jvmti_vm.h, heap
     * sampling), in allocation order, TS_JAVA. */
    void (*object_alloc)(Thread *t, Object *o);
    /* Monitor events, as the jvmti_post_monitor_* hooks (TS_JAVA, o reachable).
     * JVMTI_XEVENT_MONITOR_CONTENDED_EXIT: t released o's monitor while other threads
     * were blocked entering it. waited: timed_out if the timeout ended the wait. */
    void (*monitor_contended_enter)(Thread *t, Object *o);
    void (*monitor_contended_entered)(Thread *t, Object *o);
    void (*monitor_contended_exit)(Thread *t, Object *o);
    void (*monitor_wait)(Thread *t, Object *o, int64_t timeout);
    void (*monitor_waited)(Thread *t, Object *o, bool timed_out);
    /* JVMTI_EVENT_DATA_DUMP_REQUEST (SIGQUIT, jcmd): t attached, any state. */
    void (*data_dump_request)(Thread *t);
    /* JVMTI_XEVENT_GLOBALREF: a JNI global (weak) reference was created for o / is
     * about to be deleted. t current, TS_JAVA. */
    void (*globalref_alloc)(Thread *t, Object *o, jobject ref, bool weak);
    void (*globalref_free)(Thread *t, jobject ref, bool weak);
    /* JVMTI_XEVENT_CLASS_UNLOAD: c is being unloaded, inside the collection that found it
     * dead (the world stopped, t the collector in TS_JAVA), before JVMTI forgets it and
     * before its metadata and mirror are freed: both are still valid during the call. */
    void (*class_unload)(Thread *t, const Class *c);
    /* JVMTI_XEVENT_SLEEP: Thread.sleep(millis) begins (done false) or ended (true). */
    void (*sleep)(Thread *t, int64_t millis, bool done);

    /* The main thread's ThreadStart at VMInit goes to this layer (see thread_start). */
    bool main_at_vm_init;

    /* JVMTI's (events.c): the layer's events (JVMTI_EVENT_BIT), the next layer. */
    _Atomic uint64_t mask;
    struct JvmtiLayer *next;
} JvmtiLayer;

/* Registers l (once; any thread, before l's first jvmti_layer_want). */
void jvmti_layer_register(JvmtiLayer *l);

/* Switches l's interest in event ev (a JVMTI event number or a JVMTI_XEVENT_*) on or
 * off (l must have the member that receives ev); updates jvmti_layers_mask and
 * jvmti_event_mask. For the events that drive the
 * interpreter's tool mode (SINGLE_STEP, METHOD_ENTRY, METHOD_EXIT) the caller then calls
 * jvmti_layer_mode_update, holding no lock a Java thread may wait for (it begins a
 * safepoint). */
void jvmti_layer_want(JvmtiLayer *l, int ev, bool on);
/* The interpreter's tool mode recomputed (jvmti_int.h's jvmti_tool_mode_update). self:
 * the current thread (TS_JAVA or TS_NATIVE), or NULL before any Java code runs. */
void jvmti_layer_mode_update(Thread *self);

/* Does l want ev? Does any layer? One relaxed load each. */
static inline bool jvmti_layer_wants(const JvmtiLayer *l, int ev)
{
    return (atomic_load_explicit(&l->mask, memory_order_relaxed) & JVMTI_EVENT_BIT(ev)) != 0;
}
extern _Atomic uint64_t jvmti_layers_mask;
static inline bool jvmti_layers_want(int ev)
{
    return (atomic_load_explicit(&jvmti_layers_mask, memory_order_relaxed) & JVMTI_EVENT_BIT(ev)) != 0;
}

/* The registered layers, newest first (never unlinked: read without a lock). */
extern JvmtiLayer *_Atomic jvmti_layers;
static inline JvmtiLayer *jvmti_layers_first(void) { return atomic_load_explicit(&jvmti_layers, memory_order_acquire); }

/* Calls member(args...) of every layer that wants ev, newest first (a layer that wants
 * an event has its member: jvmti_layer_want). */
#define JVMTI_LAYERS_POST(ev, member, ...)                                                  \
    do {                                                                                    \
        if (jvmti_layers_want(ev))                                                          \
            for (JvmtiLayer *l_ = jvmti_layers_first(); l_ != NULL; l_ = l_->next)          \
                if (jvmti_layer_wants(l_, ev)) l_->member(__VA_ARGS__);                     \
    } while (0)
/* Calls member(args...) of every layer that has it, wanted or not. */
#define JVMTI_LAYERS_CALL(member, ...)                                                      \
    do {                                                                                    \
        for (JvmtiLayer *l_ = jvmti_layers_first(); l_ != NULL; l_ = l_->next)              \
            if (l_->member != NULL) l_->member(__VA_ARGS__);                                \
    } while (0)

/* Runs q on t's frames read consistently: t itself directly, another thread inside a
 * safepoint (stack.c's jvmti_on_stable_frames; THREAD_NOT_ALIVE if t ended). self in
 * TS_JAVA. */
/* Is m a jmethodID of a loaded class? Safe on any value (entry.c). */
bool jvmti_valid_method(const Method *m);

typedef jvmtiError (*JvmtiToolFrameQuery)(Thread *self, Thread *t, void *arg);
jvmtiError jvmti_tool_on_stable_frames(Thread *self, Thread *t, JvmtiToolFrameQuery q, void *arg);

#endif
