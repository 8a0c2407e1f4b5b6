// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * fieldevents.c — JVMTI field watches: SetFieldAccessWatch, ClearFieldAccessWatch,
 * SetFieldModificationWatch, ClearFieldModificationWatch, and the FieldAccess and
 * FieldModification events (spec: "Watched Field", can_generate_field_access_events,
 * can_generate_field_modification_events).
 *
 * Watches are per environment (DUPLICATE and NOT_FOUND are answered per environment,
 * and an event goes only to the environments that watch the field and enabled the event
 * for the thread): a list of (environment, field, kind) under watch_lock. Each Field
 * counts its watches of both kinds over all environments (Field.jvmti_access_watches,
 * jvmti_modification_watches), which is what the posting paths test first.
 *
 * Where they are seen:
 * - Java code: the linked field instructions of a watched field are patched to a watched
 *   form, as breakpoints are (src/vm/interp.h, interp_field_watch_update, called under
 *   watch_lock when a field's counter of a kind becomes 1 or 0; instructions linked
 *   later get the form their field's counters give), whose handler calls
 *   jvmti_interp_field and then runs the quick form; so the event follows SingleStep and
 *   Breakpoint at the same location and precedes the access, and every other field
 *   instruction costs nothing. An unlinked instruction posts after linking (which
 *   initializes a static field's class, as the instruction itself would). An instance
 *   access whose object is null throws NullPointerException without an event.
 * - JNI code: the Get/Set<Type>Field and Get/SetStatic<Type>Field functions
 *   (src/vm/jni_field.c) call jvmti_jni_field_access / jvmti_jni_field_modification
 *   before the access when the field is watched; the method and location are those of the
 *   thread's top frame (location 0 for a native method, as HotSpot reports it). A thread
 *   with no Java or native method frame (an agent thread) posts nothing, as on HotSpot.
 * Other means (reflection's Unsafe accesses, VM-internal stores) are not watched, as the
 * spec allows.
 *
 * Callbacks run on the accessing thread (events.h: JNI local frame, pending exception
 * saved). The object and the new value stay reachable from the caller: the interpreter's
 * operand stack (synced) or the JNI caller's references.
 */
#include <stddef.h>
#include <stdlib.h>

#include "../vm/class.h"
#include "../vm/interp.h"
#include "../vm/ref.h"
#include "../vm/thread.h"
#include "events.h"
#include "gen/jvmti_impl.h"
#include "heap_int.h"
#include "jvmti_int.h"
#include "jvmti_vm.h"

typedef void(JNICALL *FieldAccessFn)(jvmtiEnv *, JNIEnv *, jthread, jmethodID, jlocation, jclass, jobject,
                                     jfieldID);
typedef void(JNICALL *FieldModificationFn)(jvmtiEnv *, JNIEnv *, jthread, jmethodID, jlocation, jclass, jobject,
                                           jfieldID, char, jvalue);

typedef enum { WATCH_ACCESS, WATCH_MODIFICATION } WatchKind;

typedef struct Watch {
    JvmtiEnv *env;
    Field *field;
    WatchKind kind;
} Watch;

static OsMutex watch_lock;
static Watch *watches;
static size_t nwatches, watches_cap;

/* Watches set, all environments and kinds; nonzero keeps VM leaves from answering calls
 * (src/vm/interp.h, INTERP_TOOL_WATCH). */
_Atomic int jvmti_field_watch_count;
/* The environment holding every watch set, if only one holds any (the usual debugger or
 * tracer): then a field's counters alone answer whether it watches the field, and
 * posting takes no lock. Recomputed under watch_lock after every change. */
static JvmtiEnv *_Atomic sole_watcher;

/* Under watch_lock. */
static void sole_watcher_update(void)
{
    JvmtiEnv *e = nwatches > 0 ? watches[0].env : NULL;
    for (size_t i = 1; i < nwatches && e != NULL; i++)
        if (watches[i].env != e) e = NULL;
    atomic_store_explicit(&sole_watcher, e, memory_order_release);
}

void jvmti_field_events_init(void)
{
    os_mutex_init(&watch_lock);
}

static _Atomic uint16_t *watch_counter(Field *f, WatchKind kind)
{
    return kind == WATCH_ACCESS ? &f->jvmti_access_watches : &f->jvmti_modification_watches;
}

/* Call with watch_lock held. */
static Watch *watch_find(JvmtiEnv *env, Field *f, WatchKind kind)
{
    for (size_t i = 0; i < nwatches; i++)
        if (watches[i].env == env && watches[i].field == f && watches[i].kind == kind) return &watches[i];
    return NULL;
}

static void watch_remove_at(size_t i)
{
    atomic_fetch_sub_explicit(watch_counter(watches[i].field, watches[i].kind), 1, memory_order_seq_cst);
    atomic_fetch_sub_explicit(&jvmti_field_watch_count, 1, memory_order_acq_rel);
    watches[i] = watches[--nwatches];
}

/* Class unloading (at a safepoint, where no thread holds watch_lock: it is never held
 * across a poll): the watches on c's fields go with c, and the classes whose code uses
 * them too (the same or a child loader's). Left patched, a site would only test the
 * counters. INTERP_TOOL_WATCH may stay set until the next watch or event change
 * re-evaluates it. */
void jvmti_field_watches_forget(const Class *c)
{
    for (size_t i = 0; i < nwatches;) {
        if (watches[i].field->clazz == c) watch_remove_at(i);
        else i++;
    }
    sole_watcher_update();
}

static jvmtiError watch_set(JvmtiEnv *env, Thread *self, Field *f, WatchKind kind)
{
    os_mutex_lock(&watch_lock);
    jvmtiError err = JVMTI_ERROR_NONE;
    if (watch_find(env, f, kind) != NULL) {
        err = JVMTI_ERROR_DUPLICATE;
    } else if (*watch_counter(f, kind) == UINT16_MAX) {
        err = JVMTI_ERROR_OUT_OF_MEMORY; /* more environments than the counter holds */
    } else if (nwatches == watches_cap) {
        size_t cap = watches_cap ? watches_cap * 2 : 16;
        Watch *n = realloc(watches, cap * sizeof *n);
        if (n == NULL) err = JVMTI_ERROR_OUT_OF_MEMORY;
        else watches = n, watches_cap = cap;
    }
    if (err == JVMTI_ERROR_NONE) {
        watches[nwatches++] = (Watch){env, f, kind};
        atomic_fetch_add_explicit(watch_counter(f, kind), 1, memory_order_seq_cst);
        atomic_fetch_add_explicit(&jvmti_field_watch_count, 1, memory_order_acq_rel);
        sole_watcher_update();
        if (*watch_counter(f, kind) == 1) interp_field_watch_update(f); /* its sites patched */
    }
    os_mutex_unlock(&watch_lock);
    if (err == JVMTI_ERROR_NONE) jvmti_tool_mode_update(self);
    return err;
}

static jvmtiError watch_clear(JvmtiEnv *env, Thread *self, Field *f, WatchKind kind)
{
    os_mutex_lock(&watch_lock);
    Watch *w = watch_find(env, f, kind);
    if (w != NULL) {
        watch_remove_at((size_t)(w - watches));
        if (*watch_counter(f, kind) == 0) interp_field_watch_update(f); /* its sites restored */
    }
    sole_watcher_update();
    os_mutex_unlock(&watch_lock);
    if (w == NULL) return JVMTI_ERROR_NOT_FOUND;
    jvmti_tool_mode_update(self);
    return JVMTI_ERROR_NONE;
}

/* JVMTI: SetFieldAccessWatch */
jvmtiError jvmti_SetFieldAccessWatch(JvmtiEnv *env, Thread *self, Class *klass, Field *field)
{
    (void)klass;
    return watch_set(env, self, field, WATCH_ACCESS);
}

/* JVMTI: ClearFieldAccessWatch */
jvmtiError jvmti_ClearFieldAccessWatch(JvmtiEnv *env, Thread *self, Class *klass, Field *field)
{
    (void)klass;
    return watch_clear(env, self, field, WATCH_ACCESS);
}

/* JVMTI: SetFieldModificationWatch */
jvmtiError jvmti_SetFieldModificationWatch(JvmtiEnv *env, Thread *self, Class *klass, Field *field)
{
    (void)klass;
    return watch_set(env, self, field, WATCH_MODIFICATION);
}

/* JVMTI: ClearFieldModificationWatch */
jvmtiError jvmti_ClearFieldModificationWatch(JvmtiEnv *env, Thread *self, Class *klass, Field *field)
{
    (void)klass;
    return watch_clear(env, self, field, WATCH_MODIFICATION);
}

/* DisposeEnvironment (env.c): drops the environment's watches; the caller then updates
 * the tool mode with no lock held. */
void jvmti_field_events_env_disposed(JvmtiEnv *e)
{
    os_mutex_lock(&watch_lock);
    for (size_t i = 0; i < nwatches;) {
        if (watches[i].env == e) {
            Field *f = watches[i].field;
            WatchKind kind = watches[i].kind;
            watch_remove_at(i);
            if (*watch_counter(f, kind) == 0) interp_field_watch_update(f);
        } else {
            i++;
        }
    }
    sole_watcher_update();
    os_mutex_unlock(&watch_lock);
}

/* ------------------------------------------------------------------------------------ */
/* Posting                                                                              */
/* ------------------------------------------------------------------------------------ */

static bool env_watches(JvmtiEnv *e, Field *f, WatchKind kind)
{
    if (atomic_load_explicit(&sole_watcher, memory_order_acquire) == e)
        return atomic_load_explicit(watch_counter(f, kind), memory_order_acquire) != 0;
    os_mutex_lock(&watch_lock);
    bool set = watch_find(e, f, kind) != NULL;
    os_mutex_unlock(&watch_lock);
    return set;
}

/* The signature type of a FieldModification: the field's type letter, 'L' for arrays
 * too (HotSpot's choice; the spec names the letters of field descriptors). */
static char signature_type(const Field *f)
{
    char c = jvmti_heap_prim_char(f->type);
    return c != 0 ? c : 'L';
}

/* Posts FieldAccess (value NULL) or FieldModification (value: the new value, an object
 * as a raw Object* in value->l) to the environments watching f. t in TS_JAVA. */
static inline __attribute__((always_inline)) void post_field(Thread *t, Method *m, jlocation loc, Object *o, Field *f, const jvalue *value)
{
    WatchKind kind = value ? WATCH_MODIFICATION : WATCH_ACCESS;
    jvmtiEvent ev = value ? JVMTI_EVENT_FIELD_MODIFICATION : JVMTI_EVENT_FIELD_ACCESS;
    JvmtiEventIter it;
    JvmtiAnyCallback cb;
    if (t->jthread == NULL || !jvmti_live_iter_begin(&it, t, ev)) return;
    char sig = value ? signature_type(f) : 0;
    size_t offset = value ? offsetof(jvmtiEventCallbacks, FieldModification) : offsetof(jvmtiEventCallbacks, FieldAccess);
    for (JvmtiEnv *e; (e = jvmti_live_iter_next(&it, &cb, offset)) != NULL;) {
        if (!env_watches(e, f, kind)) continue;
        JvmtiCallbackFrame cf;
        if (!jvmti_callback_begin(&cf, t)) break;
        jthread jt = jvmti_callback_local(t, t->jthread);
        jclass jc = jvmti_callback_local(t, f->clazz->mirror);
        jobject jo = jvmti_callback_local(t, o);
        jvalue v;
        if (value != NULL) {
            v = *value;
            if (sig == 'L') v.l = jvmti_callback_local(t, (Object *)v.l);
        }
        jvmti_callback_native(&cf);
        if (value == NULL)
            ((FieldAccessFn)cb)(jvmti_env_external(e), thread_env(t), jt, (jmethodID)method_for_tools(m), loc, jc, jo, (jfieldID)f);
        else
            ((FieldModificationFn)cb)(jvmti_env_external(e), thread_env(t), jt, (jmethodID)method_for_tools(m), loc, jc, jo,
                                      (jfieldID)f, sig, v);
        jvmti_callback_end(&cf);
    }
}

void jvmti_interp_field(Thread *t, Frame *f, Field *fld, bool is_put)
{
    bool is_static = (fld->access & ACC_STATIC) != 0;
    bool wide = bt_is_wide((BasicType)fld->type);
    Method *m = f->method;
    jlocation loc = (jlocation)(f->pc - m->code);
    if (!is_put) {
        if (atomic_load_explicit(&fld->jvmti_access_watches, memory_order_acquire) == 0) return;
        Object *o = is_static ? NULL : f->sp[-1].l;
        if (!is_static && o == NULL) return; /* NullPointerException, no access */
        post_field(t, m, loc, o, fld, NULL);
        return;
    }
    if (atomic_load_explicit(&fld->jvmti_modification_watches, memory_order_acquire) == 0) return;
    const Slot *top = f->sp - (wide ? 2 : 1);
    Object *o = is_static ? NULL : top[-1].l;
    if (!is_static && o == NULL) return;
    jvalue v = jvmti_slot_jvalue(fld->type, *top);
    post_field(t, m, loc, o, fld, &v);
}

static void jni_post(Thread *t, Object *o, Field *f, const jvalue *value)
{
    Frame *top = frame_skip_entries(t->top_frame);
    if (top == NULL) return;
    jlocation loc = (top->flags & FRAME_NATIVE) ? 0 : frame_bci(top);
    post_field(t, top->method, loc, o, f, value);
}

void jvmti_jni_field_access(Thread *t, Object *o, Field *f)
{
    jni_post(t, o, f, NULL);
}

void jvmti_jni_field_modification(Thread *t, Object *o, Field *f, jvalue value)
{
    jni_post(t, o, f, &value);
}
