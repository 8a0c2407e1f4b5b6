// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jvmti_tool.h — what the JVMTI module offers a tool interface layered on top of it
 * (JVMPI, src/jvmpi/): the VM's event seam, without JVMTI environments in between.
 *
 * The VM core reaches the tool interfaces only through jvmti_vm.h: its hooks test
 * jvmti_want(ev) and call a jvmti_post_* function. A tool registers one JvmtiTool, a
 * table of raw listeners (VM types: Thread*, Frame*, Object*, Class*), and says which
 * events it wants with jvmti_tool_want(); the event's bit in jvmti_event_mask is then
 * set as if a JVMTI environment had enabled it (so the interpreter's tool mode, the
 * allocation and monitor hooks switch on), and JVMTI's posting function calls the
 * tool's listener before (or, where noted, instead of) the JVMTI environments' callbacks.
 * The tool sees its events, JVMTI environments see theirs: neither depends on the other's
 * enablement.
 *
 * Layering: JVMTI does not know which tool is registered. A tool registers itself from
 * a constructor function when libjvm.so is loaded (jvmti_tool_register), before the VM
 * parses its options; JavaVM GetEnv hands a version the tool claims (is_version) to it.
 *
 * Listeners run on the thread of the event, in the state described per member below,
 * with no VM lock held unless stated. A listener that calls agent code does so in
 * TS_NATIVE (jvmti_tool_call_begin/end) and must not touch Object* values meanwhile
 * (objects never move, and the posting thread's C stack is scanned conservatively, so
 * Object* values in the listener's C locals stay valid afterwards).
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

typedef struct JvmtiTool {
    /* JavaVM GetEnv: does the tool own this version number, and the call itself (any
     * thread, attached or not; must set *penv, NULL on failure). */
    bool (*is_version)(jint version);
    jint (*get_env)(void **penv, jint version);

    /* Boot and exit, on the booting/exiting thread in TS_JAVA: vm_init after JVMTI's
     * VMInit; vm_death before JVMTI's VMDeath (not at all when start-up failed). */
    void (*vm_init)(Thread *t);
    void (*vm_death)(Thread *t);
    /* t leaves the VM with t->tool_state set: free it (on t, after its last event). */
    void (*thread_free)(Thread *t);

    /* JVMTI_EVENT_THREAD_START / _END: as jvmti_post_thread_start/_end. */
    void (*thread_start)(Thread *t);
    void (*thread_end)(Thread *t);
    /* JVMTI_EVENT_CLASS_LOAD: c created (ClassLoad's moment). */
    void (*class_load)(Thread *t, Class *c);
    /* JVMTI_EVENT_CLASS_FILE_LOAD_HOOK: the bytes about to be parsed (not for
     * retransformation). Returns replacement bytes (malloc'd, *new_len set; JVMTI frees
     * them after parsing) or NULL. Runs before the JVMTI environments' hooks, which see
     * the tool's bytes. */
    uint8_t *(*class_file_load_hook)(Thread *t, const uint8_t *data, size_t len, size_t *new_len);
    /* JVMTI_EVENT_METHOD_ENTRY / _EXIT: f (t's top frame) started / ends; SINGLE_STEP:
     * before the instruction at f->pc. All in tool mode, TS_JAVA, frames synced. */
    void (*method_entry)(Thread *t, Frame *f);
    void (*method_exit)(Thread *t, Frame *f);
    void (*instruction)(Thread *t, Frame *f);
    /* JVMTI_EVENT_GARBAGE_COLLECTION_START: t is about to collect, holding the
     * collector's lock, before the other threads stop (TS_JAVA). _FINISH: after the
     * world restarted, still holding the lock. */
    void (*gc_start)(Thread *t);
    void (*gc_finish)(Thread *t);
    /* JVMTI_XEVENT_OBJECT_FREE: o (marked dead, its header intact) is about to be
     * swept; on the collecting thread inside the collection (the world stopped). */
    void (*object_free)(Thread *t, Object *o);
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
} JvmtiTool;

/* Registers the tool (one at most; from a constructor, before JNI_CreateJavaVM). */
void jvmti_tool_register(const JvmtiTool *tool);

/* Switches the tool's interest in event ev (a JVMTI event number or a JVMTI_XEVENT_*)
 * on or off; updates jvmti_event_mask and the interpreter's tool mode. self: the current
 * thread (TS_JAVA or TS_NATIVE), or NULL before any Java code runs. */
void jvmti_tool_want(Thread *self, int ev, bool on);

/* Does the tool want ev? One relaxed load. */
extern _Atomic uint64_t jvmti_tool_mask;
static inline bool jvmti_tool_wants(int ev)
{
    return (atomic_load_explicit(&jvmti_tool_mask, memory_order_relaxed) & JVMTI_EVENT_BIT(ev)) != 0;
}

/* The registered tool, or NULL. */
extern const JvmtiTool *jvmti_tool;

/* Runs q on t's frames read consistently: t itself directly, another thread inside a
 * safepoint (stack.c's jvmti_on_stable_frames; THREAD_NOT_ALIVE if t ended). self in
 * TS_JAVA. */
/* Is m a jmethodID of a loaded class? Safe on any value (entry.c). */
bool jvmti_valid_method(const Method *m);

typedef jvmtiError (*JvmtiToolFrameQuery)(Thread *self, Thread *t, void *arg);
jvmtiError jvmti_tool_on_stable_frames(Thread *self, Thread *t, JvmtiToolFrameQuery q, void *arg);

#endif
