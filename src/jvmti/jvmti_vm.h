// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jvmti_vm.h — what the rest of the VM calls in the JVM Tool Interface module: agent
 * loading (command line, Agent_OnLoad, Agent_OnUnload), JavaVM GetEnv for JVMTI
 * versions, and the phase transitions of the boot sequence.
 *
 * The calls, in the order boot.c makes them (see each function):
 *
 *   options parsing    jvmti_agents_parse_option(opt)  for -agentlib/-agentpath/-Xrun/
 *                                                       -javaagent, in command-line order
 *   JNI_CreateJavaVM   jvmti_agents_onload()  after options, before any thread or class
 *                                             exists: loads the agents, runs their
 *                                             Agent_OnLoad (JVMTI OnLoad phase), then
 *                                             enters the primordial phase
 *   boot               jvmti_vm_early_start(t) before java.lang.String is initialized:
 *                                             early VMStart (can_generate_early_vmstart)
 *                      jvmti_xrun_init(t)     after System.initPhase1: -Xrun libraries'
 *                                             JVM_OnLoad (primordial phase, as in
 *                                             HotSpot, so their GetEnv gets EDETACHED)
 *                      jvmti_vm_start(t)      after initPhase2 (the module system):
 *                                             start phase (VMStart)
 *                      jvmti_vm_init(t)       after initPhase3: live phase (VMInit)
 *   shutdown           jvmti_vm_death(t)      before the VM stops running Java code
 *                                             (VMDeath, later), then the dead phase;
 *                                             also on start-up failure (no event then)
 *                      jvmti_agents_unload()  last: Agent_OnUnload of every agent
 *   JavaVM GetEnv      jvmti_is_version(v) / jvmti_get_env(penv, v)
 *
 * Threads: all of these run on the thread that creates or destroys the VM, except
 * jvmti_get_env (any thread) and jvmti_agents_parse_option (the option parser's).
 */
#ifndef GLASS_JVMTI_VM_H
#define GLASS_JVMTI_VM_H

#include <jni.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "../../include/jvmti.h"
#include "../vm/thread.h"
#include "../vm/vm.h"

/*
 * Records one agent option: -agentlib:name[=options], -agentpath:path[=options],
 * -Xrun<name>[:options] and -javaagent:jar[=options] (which is -agentlib:instrument=
 * jar[=options], as in HotSpot). Returns true if `opt` is one of them (recorded), false
 * if it is not an agent option at all. Nothing is loaded yet.
 */
bool jvmti_agents_parse_option(const char *opt);

/*
 * Loads every recorded agent in command-line order and calls its Agent_OnLoad (or
 * Agent_OnLoad_<name> of a statically linked agent, or JVM_OnLoad-less -Xrun libraries
 * converted to agents as HotSpot does), then enters the primordial phase. On failure
 * (library or entry point missing, Agent_OnLoad returning non-zero) prints HotSpot's
 * "Error occurred during initialization of VM" message and returns false: the caller
 * then exits the process with status 1 (HotSpot's vm_exit_during_initialization).
 */
bool jvmti_agents_onload(void);

/* Phase transitions of the boot sequence; t is the booting thread (TS_JAVA).
 * jvmti_vm_early_start: once the VM can run Java code, before java.lang.String and
 * System are initialized: the start phase and VMStart for environments with
 * can_generate_early_vmstart (nothing if none has it). */
void jvmti_vm_early_start(Thread *t);
/* Calls JVM_OnLoad of the -Xrun libraries that have one, as native code. Returns false
 * (message printed; exit with status 1) if one fails. */
bool jvmti_xrun_init(Thread *t);
void jvmti_vm_start(Thread *t);
void jvmti_vm_init(Thread *t);
void jvmti_vm_death(Thread *t);

/* Calls Agent_OnUnload of every loaded agent, in load order. At VM exit. */
void jvmti_agents_unload(void);

/* Is `version` a JVMTI interface version (JVMTI_VERSION_INTERFACE_JVMTI in its type
 * bits)? Supported or not: GetEnv then answers for it through jvmti_get_env. */
bool jvmti_is_version(jint version);
/*
 * JavaVM GetEnv for a JVMTI version: creates a new environment. JNI_OK with *penv set;
 * JNI_EVERSION for an unsupported version (1.0-1.2 and 9-28 are supported);
 * JNI_EDETACHED when environments cannot be created now (outside the OnLoad and live
 * phases, or from an unattached thread in the live phase). *penv is NULL on failure.
 */
jint jvmti_get_env(void **penv, jint version);

/* ------------------------------------------------------------------------------------ */
/* Events (events.c): the hooks the VM calls                                            */
/* ------------------------------------------------------------------------------------ */
/*
 * The fast-path test (JVMTI spec "Event Management"; house style point 6). Bit
 * (ev - JVMTI_MIN_EVENT_TYPE_VAL) of jvmti_event_mask is set while some environment has
 * event ev enabled, globally or for at least one thread, and cleared once none has (and
 * for every event after VMDeath). A hook costs one relaxed load and a test:
 *
 *     if (unlikely(jvmti_want(JVMTI_EVENT_THREAD_START))) jvmti_post_thread_start(t);
 *
 * The bit is a hint: the posting function re-checks everything (phase, callbacks, the
 * environments' global and per-thread enablement, the thread filter) and sends nothing
 * if the event is no longer wanted, so a hook may race with SetEventNotificationMode
 * freely. Nothing here belongs in the bytecode dispatch loop.
 */
extern _Atomic uint64_t jvmti_event_mask;

#define JVMTI_EVENT_BIT(ev) (UINT64_C(1) << ((unsigned)(ev) - JVMTI_MIN_EVENT_TYPE_VAL))

static inline bool jvmti_want(int ev)
{
    return (atomic_load_explicit(&jvmti_event_mask, memory_order_relaxed) & JVMTI_EVENT_BIT(ev)) != 0;
}
/* Is any event of the bit set `bits` (JVMTI_EVENT_BIT values OR-ed) wanted? */
static inline bool jvmti_want_any(uint64_t bits)
{
    return (atomic_load_explicit(&jvmti_event_mask, memory_order_relaxed) & bits) != 0;
}

/*
 * Events that JVMTI itself does not have, wanted only by a tool interface layered on it
 * (JVMPI: src/jvmti/jvmti_tool.h). Numbered after the JVMTI events, so they have bits of
 * their own in jvmti_event_mask and the hooks test them with jvmti_want like any event.
 *   GC_PROLOGUE              gc.c: a collection is about to stop the world
 *                            (jvmti_post_gc_prologue)
 *   OBJECT_ALLOC             heap.c: every allocation (queued like heap samples and
 *                            posted at the same points: jvmti_sample_alloc)
 *   MONITOR_CONTENDED_EXIT   monitor.c: a monitor released while others wait to enter
 *   GLOBALREF                jni.c: JNI global and weak global references made and
 *                            deleted
 *   SLEEP                    jvm_thread.c: Thread.sleep begins and ends
 *                            (jvmti_post_sleep)
 *   CLASS_UNLOAD             unload.c, through jvmti_class_unloading: a class is about
 *                            to be freed (no hook of its own)
 */
enum {
    JVMTI_XEVENT_GC_PROLOGUE = JVMTI_MAX_EVENT_TYPE_VAL + 2,
    JVMTI_XEVENT_OBJECT_ALLOC,
    JVMTI_XEVENT_MONITOR_CONTENDED_EXIT,
    JVMTI_XEVENT_GLOBALREF,
    JVMTI_XEVENT_SLEEP,
    JVMTI_XEVENT_CLASS_UNLOAD,
};

/*
 * Posting functions. Unless stated otherwise: t is the current thread, in TS_JAVA, with
 * no VM lock held (the agent may call anything); the callbacks run in TS_NATIVE inside
 * a fresh JNI local frame; a Java exception pending on t before the call is still
 * pending, unchanged, afterwards, and an exception an agent callback leaves pending is
 * cleared (it never reaches Java code). Each sends the event to every environment that
 * wants it, in environment creation order, only in the phases the spec allows it in.
 * Object* arguments must stay reachable from t's stack (objects never move).
 */

/* JVMTI: ThreadStart. On the new thread, once its java.lang.Thread exists and before
 * its run() (VM-started and agent threads), or at the end of JNI AttachCurrentThread. */
void jvmti_post_thread_start(Thread *t);
/* JVMTI: ThreadEnd. On the dying thread after run() returned, its uncaught exception
 * was dispatched and Thread.exit() ran, while t->jthread is still alive. */
void jvmti_post_thread_end(Thread *t);

/* Frees t's JVMTI state (thread-local storage of every environment, per-thread event
 * enablement) when the thread leaves the VM. Called by thread_detach on t itself, after
 * the last event posted on t; cheap when the thread never had JVMTI state. */
void jvmti_thread_state_free(Thread *t);
static inline void jvmti_thread_exit(Thread *t)
{
    if (unlikely(t->jvmti_state != NULL || t->tool_state != NULL)) jvmti_thread_state_free(t);
}

/* JVMTI: GarbageCollectionStart / GarbageCollectionFinish. On the collecting thread t,
 * inside the collection: the world is stopped (t is the safepoint initiator, TS_JAVA).
 * The callbacks get no JNIEnv and must not call JNI (spec). Start is posted after the
 * other threads have stopped and before any marking; Finish after the sweep, before the
 * world restarts. */
void jvmti_post_gc_start(Thread *t);
void jvmti_post_gc_finish(Thread *t);
/* JVMTI_XEVENT_GC_PROLOGUE: t is about to collect; it holds the collector's lock, the
 * world still runs (t in TS_JAVA). */
void jvmti_post_gc_prologue(Thread *t);
/* JVMTI: ObjectFree (heap.c). After a collection, on the collecting thread t (TS_JAVA,
 * the world running again, no VM lock held): the tags of tagged objects it freed. */
void jvmti_post_object_free(Thread *t);

/* Class unloading (src/vm/unload.c, docs/design.md "Class unloading").
 * jvmti_visit_class_pins: while the collector marks (at a safepoint), reports the mirrors
 *   of the classes JVMTI keeps loaded (classes with breakpoints).
 * jvmti_class_unloading: at the safepoint, before c's metadata is freed: JVMTI forgets c
 *   (its set of valid classes, field watches on c).
 * jvmti_want_class_unload: whether some environment has a callback for the extension
 *   event com.sun.hotspot.events.ClassUnload.
 * jvmti_post_class_unload: that event, once per name (internal class names), on the
 *   collecting thread t once the world runs again (TS_JAVA, no VM lock held). */
void jvmti_visit_class_pins(RootVisitor *v);
void jvmti_class_unloading(const Class *c);
/* Class redefinition (src/vm/redefine.c), at its safepoint: c is about to get its new
 * version (its breakpoints are cleared, JVMTI RedefineClasses); `shadow` holds an old
 * version whose method copies frames still run, so their jmethodIDs are valid until
 * jvmti_class_unloading(shadow). */
void jvmti_class_redefining(const Class *c);
/* Nonzero once some environment has added can_redefine_classes or
 * can_retransform_classes: classes defined from then on get room for methods a
 * redefinition may add (redefine.h). */
extern _Atomic int jvmti_redefinition_wanted;
void jvmti_class_version_made(const Class *shadow);
bool jvmti_want_class_unload(void);
void jvmti_post_class_unload(Thread *t, const char *const *names, size_t count);

/* JVMTI: VMObjectAlloc. An object o the VM allocated on behalf of Java code without a
 * bytecode allocating it (reflection, Array.newInstance, clone, Unsafe.allocateInstance,
 * ...), fully initialized. Call after the allocation succeeded, before returning o to
 * Java code. */
void jvmti_post_vm_object_alloc(Thread *t, Object *o);
/* The same for a `dims`-dimensional array made at once: the array and its sub-arrays. */
void jvmti_post_vm_object_alloc_multi(Thread *t, Object *array, int dims);

/* JVMTI: ResourceExhausted. flags are JVMTI_RESOURCE_EXHAUSTED_* bits; description is
 * the message of the error about to be thrown (may be NULL). Call before throwing the
 * OutOfMemoryError, with no exception pending for it yet. t may be in TS_JAVA or be a
 * thread that cannot run callbacks (NULL): then nothing is posted. */
void jvmti_post_resource_exhausted(Thread *t, jint flags, const char *description);

/* JVMTI: DataDumpRequest. From an attached thread in any state (the Signal Dispatcher
 * thread handling SIGQUIT, as in HotSpot): runs the callbacks on the calling thread;
 * nothing is posted from an unattached thread. */
void jvmti_post_data_dump_request(void);

/*
 * JVMTI heap sampling (heapsampling.c). jvmti_sample_alloc: heap_alloc, on the
 * allocating thread, for each allocation while SampledObjectAlloc is wanted: cell is the
 * new object's memory (its header not yet written); if the thread's sampling interval has
 * run out it is queued in t->jvmti_samples. Never blocks or calls out. The interpreter posts
 * the pending sample with jvmti_post_sampled_alloc (t in TS_JAVA, frames synced, the
 * object reachable) after its allocation instructions, after native methods (JNI and the
 * VM's own natives) and when an exception is thrown, so the event comes on the
 * allocating thread once the object exists, with the allocation site on the stack for
 * the instruction and native cases.
 */
void jvmti_sample_alloc(Thread *t, void *cell);
void jvmti_post_sampled_alloc(Thread *t);

/*
 * Dynamic attach (attach.c). jvmti_attach_check_trigger: called by the signal
 * dispatcher (self, TS_JAVA) on SIGQUIT before anything else; true if the signal was a
 * tool's attach request (an .attach_pid<pid> file of ours in the current directory or
 * in /tmp while no attach listener runs yet): the listener is started and SIGQUIT means
 * nothing else (no thread dump, no DataDumpRequest). jvmti_attach_shutdown: at VM exit,
 * removes the listener's socket file.
 */
bool jvmti_attach_check_trigger(Thread *self);
void jvmti_attach_shutdown(void);

/*
 * Native libraries the class library loads for Java code (JVM_LoadLibrary: System.load,
 * System.loadLibrary, the JDK's own libraries loaded the same way), for the tool
 * interfaces above JVMTI (NCAI: which modules are JNI libraries, and their class
 * loaders). jvmti_library_loading: just before dlopen of `path`; jvmti_library_loaded:
 * after it (handle NULL if it failed). On the current thread, in TS_NATIVE (JVM_* calls
 * from libjava); nothing happens when no such tool listens.
 */
void jvmti_library_loading(const char *path);
void jvmti_library_loaded(void *handle, const char *path);

/* ------------------------------------------------------------------------------------ */
/* Native method binding (nativebind.c) and class events (classevents.c)               */
/* ------------------------------------------------------------------------------------ */

/* JVMTI SetNativeMethodPrefix(es), automatic resolution (native.c): called only after
 * the standard lookup of native method m failed. The non-native method ("wrapper") whose
 * JNI names m should be resolved under instead, with the agents' prefixes stripped from
 * m's name, or NULL (no prefix applies). Any thread, TS_JAVA; takes a leaf lock. */
Method *jvmti_native_prefix_wrapper(const Method *m);
/* The same for RegisterNatives (jni.c), called when `name` (a symbol) names a
 * non-native method of c: the native method the registration binds instead (a
 * prefixed name), or NULL. */
Method *jvmti_native_prefixed_method(const Class *c, const char *name, const char *desc);

/* JVMTI: NativeMethodBind. native_bind() is about to bind m to fn (first call or
 * RegisterNatives): returns the address to bind, fn or an agent's replacement. Sent in
 * every phase (no JNIEnv in the primordial phase); not sent when m is already bound to
 * fn. t is the current thread, TS_JAVA. */
void *jvmti_post_native_method_bind(Thread *t, Method *m, void *fn);

/*
 * JVMTI: ClassFileLoadHook. Called by the class loader with the class file bytes of a
 * class about to be parsed (every definition path; class_being_redefined NULL; hidden
 * true for a hidden class, which only environments with can_generate_all_class_hook_events
 * see), and later by RetransformClasses/RedefineClasses (with the class and
 * retransform_only = true for retransformation). loader and pd may be
 * NULL; name is the name the definer asked for (NULL if none). Returns the bytes to
 * parse instead when some agent replaced them (*new_len set), to be released with
 * jvmti_class_data_free after parsing, or NULL when the original bytes stand. t is the
 * current thread, TS_JAVA. cache (may be NULL): set to a vm_malloc'd copy of the bytes
 * the retransformation-incapable environments left when a capable one changed them
 * afterwards (the start of a later retransformation, redefine.h), else to NULL.
 */
uint8_t *jvmti_post_class_file_load_hook(Thread *t, Class *class_being_redefined, Object *loader,
                                         const char *name, Object *pd, const uint8_t *data,
                                         size_t len, size_t *new_len, bool retransform_only, bool hidden,
                                         uint8_t **cache, size_t *cache_len);
void jvmti_class_data_free(uint8_t *data);
/* Is ClassFileLoadHook enabled where it sees the primordial phase's classes (an
 * environment with can_generate_early_class_hook_events, or a tool layer such as
 * JVMPI)? Then the archived module graph is not used (archive.c, as HotSpot 17). */
bool jvmti_early_class_hook(void);
/* JVMTI: ClassLoad and ClassPrepare, on the defining thread, for classes and interfaces
 * (never arrays or primitives) once their mirror exists: ClassLoad when the class is
 * created, ClassPrepare when it is linked (before any of its code runs). */
void jvmti_post_class_load(Thread *t, Class *c);
void jvmti_post_class_prepare(Thread *t, Class *c);

/*
 * JVMTI monitor events (can_generate_monitor_events), posted by monitor.c on the thread
 * concerned, in TS_JAVA, holding no monitor-internal lock; o stays reachable from the
 * caller's frame. ContendedEnter: t is about to block entering o's monitor, which another
 * thread owns; ContendedEntered: t got it after blocking. Wait: t is about to wait in
 * Object.wait(timeout) (posted before any check, as HotSpot); Waited: t finished waiting
 * (before re-entering the monitor), timed_out if the timeout ended it.
 */
void jvmti_post_monitor_contended_enter(Thread *t, Object *o);
void jvmti_post_monitor_contended_entered(Thread *t, Object *o);
void jvmti_post_monitor_wait(Thread *t, Object *o, int64_t timeout);
void jvmti_post_monitor_waited(Thread *t, Object *o, bool timed_out);
/* JVMTI_XEVENT_MONITOR_CONTENDED_EXIT: t has just released o's monitor (last exit) while
 * other threads were blocked entering it; TS_JAVA, no monitor lock held. */
void jvmti_post_monitor_contended_exit(Thread *t, Object *o);

/* JVMTI_XEVENT_GLOBALREF: JNI NewGlobalRef/NewWeakGlobalRef made `ref` for o;
 * DeleteGlobalRef/DeleteWeakGlobalRef is about to delete `ref`. t current, TS_JAVA. */
void jvmti_post_globalref_alloc(Thread *t, Object *o, jobject ref, bool weak);
void jvmti_post_globalref_free(Thread *t, jobject ref, bool weak);

/* JVMTI_XEVENT_SLEEP: t (current, TS_JAVA) is about to sleep `millis` in Thread.sleep
 * (done false), or has slept (done true; an InterruptedException may be pending). */
void jvmti_post_sleep(Thread *t, int64_t millis, bool done);

/*
 * JVMTI Exception and ExceptionCatch (can_generate_exception_events), posted by the
 * interpreter's exception path on the current thread, TS_JAVA, frames synced, the
 * exception pending (Exception) or on the handler's operand stack (ExceptionCatch).
 * Exception: t's top frame is where the exception was first seen (the throwing bytecode,
 * or the frame of a native method that returned with it); the catch location is looked
 * up down the stack. ExceptionCatch: m's handler at handler_bci took ex.
 */
void jvmti_post_exception(Thread *t, Object *ex);
void jvmti_post_exception_catch(Thread *t, Method *m, int handler_bci, Object *ex);

/*
 * The events of executing code (bytecodeevents.c), called by the interpreter in tool mode
 * (src/vm/interp.h) on the current thread t, TS_JAVA, f being t's top frame with pc and
 * sp synced. jvmti_interp_location: before the instruction at f->pc (SingleStep).
 * jvmti_interp_breakpoint: at a breakpoint's patched instruction, in or out of tool mode,
 * after SingleStep (Breakpoint). jvmti_interp_method_entry: f (a Java or native method's frame) has just
 * started, a synchronized method's lock taken (MethodEntry). jvmti_interp_frame_exit: f
 * ends, by a return with `result` (the return value as a Slot) or by an exception
 * (pending on t, kept): MethodExit, then FramePop if requested. Each re-checks what is
 * wanted: the interpreter calls them whenever it is in tool mode.
 */
void jvmti_interp_location(Thread *t, Frame *f);
void jvmti_interp_breakpoint(Thread *t, Frame *f);
void jvmti_interp_method_entry(Thread *t, Frame *f);
void jvmti_interp_frame_exit(Thread *t, Frame *f, Slot result, bool by_exception);
/* PopFrame carried out: f (t's top frame) is discarded without MethodExit or FramePop;
 * its frame pop requests are dropped. */
void jvmti_interp_frame_popped(Thread *t, Frame *f);

/*
 * JVMTI field watches (fieldevents.c). jvmti_field_watch_count is nonzero while any
 * watch is set; Field.jvmti_access_watches and jvmti_modification_watches say whether
 * fld is watched (its instructions are then patched to their watched forms,
 * src/vm/interp.h). The interpreter calls jvmti_interp_field before a field
 * instruction whose field is watched (resolved to fld; is_put for
 * putfield/putstatic) with f on top of t's stack, pc and sp synced. JNI's field accessors
 * call jvmti_jni_field_access / jvmti_jni_field_modification before an access to a
 * watched field, in TS_JAVA; o is the object (NULL for a static field), value the new
 * value with an object as a raw Object* in value.l. All post FieldAccess or
 * FieldModification to the environments watching the field.
 */
extern _Atomic int jvmti_field_watch_count;
void jvmti_interp_field(Thread *t, Frame *f, Field *fld, bool is_put);
void jvmti_jni_field_access(Thread *t, Object *o, Field *f);
void jvmti_jni_field_modification(Thread *t, Object *o, Field *f, jvalue value);

#endif
