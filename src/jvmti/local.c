// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * local.c — JVMTI functions of the spec category "Local Variable": GetLocalObject,
 * GetLocalInstance, GetLocalInt, GetLocalLong, GetLocalFloat, GetLocalDouble,
 * SetLocalObject, SetLocalInt, SetLocalLong, SetLocalFloat, SetLocalDouble
 * (can_access_local_variables; GetLocalVariableTable, the capability's other function,
 * is in method.c).
 *
 * Contracts: called by the generated wrappers (gen/jvmti_entry.c) in the live phase on an
 * attached thread in state TS_JAVA, after the capability, the thread (alive; NULL = the
 * current thread), depth >= 0 and the out-pointer were checked. SetLocalObject's value
 * may be NULL (stores null). Objects returned to the agent are new JNI local references
 * of the calling thread.
 *
 * Frames and depth. Depth counts the frames of the thread's chain (interp.h) from the top,
 * Java and native method frames alike, skipping only entry frames (C -> Java boundaries,
 * which carry no method): HotSpot's javaVFrame numbering, so a native method that asks
 * about depth 0 finds itself (OPAQUE_FRAME) and its Java caller at depth 1. Signature-
 * polymorphic intrinsics and method handle adapters push no frame, in GlassVM as in
 * HotSpot's interpreter.
 *
 * Which threads: the frames must not change while they are read or written. The current
 * thread's frames below the JVMTI call are stable, and so are a suspended thread's
 * (SuspendThread); any other live thread answers THREAD_NOT_SUSPENDED.
 *
 * Checks, in HotSpot's order (VM_GetOrSetLocal): a native frame is OPAQUE_FRAME; then,
 * for every method, the slot must lie in [0, max_locals) (long/double: both slots) and
 * agree with what the slot holds at the frame's bci according to the oop map (oopmap.h):
 * an object access needs a reference, a primitive access a non-reference, and the second
 * slot of a long/double must not be a reference (INVALID_SLOT); then, if the method has a
 * LocalVariableTable, an entry for the slot must cover the bci (its end included, as in
 * HotSpot) and its descriptor give the access type (boolean/byte/char/short count as int,
 * arrays as objects), and a non-null object stored must be an instance of the declared
 * type, judged by class names without loading anything; finally a slot the oop map calls
 * dead (assigned on no path to the bci) is INVALID_SLOT. GetLocalInstance skips all of
 * that: slot 0 of an instance method's frame, native frames included (their locals are
 * the arguments), INVALID_SLOT for a static method.
 *
 * Storage: locals are Java-stack Slots (a long/double's value in its first slot, the
 * second left alone). The collector scans frames conservatively and never moves objects,
 * so a reference stored here is seen and stays valid.
 */
#include <string.h>

#include "../vm/class.h"
#include "../vm/interp.h"
#include "../vm/oopmap.h"
#include "../vm/ref.h"
#include "../vm/thread.h"
#include "gen/jvmti_impl.h"
#include "jvmti_int.h"

/* Can t's frames be read and written by self now? The current thread's always; another
 * thread's while it is suspended (it runs no Java code then: thread.h, "Suspension"). */
static bool frames_stable(Thread *self, Thread *t) { return t == self || thread_is_suspended(t); }

/* The frame at `depth` of t (entry frames skipped). */
static jvmtiError frame_at(Thread *self, Thread *t, jint depth, Frame **out)
{
    if (!frames_stable(self, t)) return JVMTI_ERROR_THREAD_NOT_SUSPENDED;
    jint d = 0;
    for (Frame *f = t->top_frame; f != NULL; f = f->prev) {
        if (f->flags & FRAME_ENTRY) continue;
        if (d++ == depth) {
            *out = f;
            return JVMTI_ERROR_NONE;
        }
    }
    return JVMTI_ERROR_NO_MORE_FRAMES;
}

/* The access kinds, as the LocalVariableTable descriptor and the oop map see them. */
typedef enum Kind { K_INT, K_LONG, K_FLOAT, K_DOUBLE, K_OBJECT } Kind;

static Kind desc_kind(const char *d)
{
    switch (d[0]) {
    case 'J': return K_LONG;
    case 'F': return K_FLOAT;
    case 'D': return K_DOUBLE;
    case 'L': case '[': return K_OBJECT;
    default: return K_INT; /* I, Z, B, C, S */
    }
}

/* Does class k (or a supertype) bear the internal name `name` ("java/lang/String")? */
static bool has_supertype_named(const Class *k, const char *name)
{
    for (const Class *c = k; c != NULL; c = c->super) {
        if (strcmp(c->name, name) == 0) return true;
        for (uint16_t i = 0; i < c->interface_count; i++)
            if (has_supertype_named(c->interfaces[i], name)) return true;
    }
    return false;
}

/*
 * Is an instance of k assignable to the type of field descriptor `desc` ("Ljava/lang/
 * Object;", "[I")? By names only, like HotSpot's check, so that no class is loaded: a
 * type of the same name in another loader counts as the same.
 */
bool jvmti_assignable_to(const Class *k, const char *desc)
{
    if (desc[0] == 'L') {
        size_t n = strlen(desc);
        if (n < 3 || desc[n - 1] != ';') return false;
        char name[n];
        memcpy(name, desc + 1, n - 2);
        name[n - 2] = '\0';
        if (!class_is_array(k)) return has_supertype_named(k, name);
        return strcmp(name, "java/lang/Object") == 0 || strcmp(name, "java/lang/Cloneable") == 0 ||
               strcmp(name, "java/io/Serializable") == 0;
    }
    if (desc[0] != '[' || !class_is_array(k)) return false;
    const Class *comp = k->component;
    if (class_is_primitive(comp)) return strcmp(k->name, desc) == 0;
    if (desc[1] != 'L' && desc[1] != '[') return false;
    return jvmti_assignable_to(comp, desc + 1);
}

/* The LocalVariableTable entry for slot covering bci, or NULL. */
static const CfLocalVar *lvt_entry(const CfCode *code, jint slot, int bci)
{
    const CfLocalVar *vars = cf_local_vars(code);
    for (uint16_t i = 0; i < code->local_var_count; i++) {
        const CfLocalVar *v = &vars[i];
        if (v->slot == slot && v->start_pc <= bci && bci <= v->start_pc + v->length) return v;
    }
    return NULL;
}

/*
 * Finds the frame and checks slot for an access of `kind` (set: a store of `value`, for
 * objects). On success *slot_out is the frame's local.
 */
static jvmtiError access(Thread *self, Thread *t, jint depth, jint slot, Kind kind, bool set, Object *value,
                         Slot **slot_out)
{
    Frame *f;
    jvmtiError err = frame_at(self, t, depth, &f);
    if (err != JVMTI_ERROR_NONE) return err;
    Method *m = f->method;
    const CfCode *code = m->cf != NULL ? m->cf->code : NULL;
    if ((f->flags & FRAME_NATIVE) || code == NULL) return JVMTI_ERROR_OPAQUE_FRAME;
    int bci = frame_bci(f);
    jint extra = (kind == K_LONG || kind == K_DOUBLE) ? 1 : 0;
    if (slot < 0 || slot >= (jint)code->max_locals - extra) return JVMTI_ERROR_INVALID_SLOT;

    uint8_t cells[code->max_locals];
    if (!oopmap_locals_at(m, bci, cells)) return JVMTI_ERROR_INTERNAL; /* running code is analysable */
    if (extra && oopmap_is_ref(cells[slot + 1])) return JVMTI_ERROR_INVALID_SLOT;
    if ((kind == K_OBJECT) != oopmap_is_ref(cells[slot])) return JVMTI_ERROR_TYPE_MISMATCH;

    if (code->local_var_count > 0) {
        const CfLocalVar *v = lvt_entry(code, slot, bci);
        if (v == NULL) return JVMTI_ERROR_INVALID_SLOT;
        if (desc_kind(v->desc) != kind) return JVMTI_ERROR_TYPE_MISMATCH;
        if (set && kind == K_OBJECT && value != NULL && !jvmti_assignable_to(value->klass, v->desc))
            return JVMTI_ERROR_TYPE_MISMATCH;
    }
    if (oopmap_is_dead(cells[slot])) return JVMTI_ERROR_INVALID_SLOT;
    *slot_out = &f->locals[slot];
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetLocalObject */
jvmtiError jvmti_GetLocalObject(JvmtiEnv *env, Thread *self, Thread *thread, jint depth, jint slot,
                                jobject *value_ptr)
{
    Slot *s;
    jvmtiError err = access(self, thread, depth, slot, K_OBJECT, false, NULL, &s);
    if (err != JVMTI_ERROR_NONE) return err;
    *value_ptr = ref_new_local(self, s->l);
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetLocalInstance (since 1.2): slot 0 of a non-static method's frame. */
jvmtiError jvmti_GetLocalInstance(JvmtiEnv *env, Thread *self, Thread *thread, jint depth, jobject *value_ptr)
{
    Frame *f;
    jvmtiError err = frame_at(self, thread, depth, &f);
    if (err != JVMTI_ERROR_NONE) return err;
    if (method_is_static(f->method)) return JVMTI_ERROR_INVALID_SLOT;
    *value_ptr = ref_new_local(self, f->locals[0].l);
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetLocalInt */
jvmtiError jvmti_GetLocalInt(JvmtiEnv *env, Thread *self, Thread *thread, jint depth, jint slot, jint *value_ptr)
{
    Slot *s;
    jvmtiError err = access(self, thread, depth, slot, K_INT, false, NULL, &s);
    if (err == JVMTI_ERROR_NONE) *value_ptr = s->i;
    return err;
}

/* JVMTI: GetLocalLong */
jvmtiError jvmti_GetLocalLong(JvmtiEnv *env, Thread *self, Thread *thread, jint depth, jint slot, jlong *value_ptr)
{
    Slot *s;
    jvmtiError err = access(self, thread, depth, slot, K_LONG, false, NULL, &s);
    if (err == JVMTI_ERROR_NONE) *value_ptr = s->j;
    return err;
}

/* JVMTI: GetLocalFloat */
jvmtiError jvmti_GetLocalFloat(JvmtiEnv *env, Thread *self, Thread *thread, jint depth, jint slot,
                               jfloat *value_ptr)
{
    Slot *s;
    jvmtiError err = access(self, thread, depth, slot, K_FLOAT, false, NULL, &s);
    if (err == JVMTI_ERROR_NONE) *value_ptr = s->f;
    return err;
}

/* JVMTI: GetLocalDouble */
jvmtiError jvmti_GetLocalDouble(JvmtiEnv *env, Thread *self, Thread *thread, jint depth, jint slot,
                                jdouble *value_ptr)
{
    Slot *s;
    jvmtiError err = access(self, thread, depth, slot, K_DOUBLE, false, NULL, &s);
    if (err == JVMTI_ERROR_NONE) *value_ptr = s->d;
    return err;
}

/* JVMTI: SetLocalObject (value NULL stores null) */
jvmtiError jvmti_SetLocalObject(JvmtiEnv *env, Thread *self, Thread *thread, jint depth, jint slot, Object *value)
{
    Slot *s;
    jvmtiError err = access(self, thread, depth, slot, K_OBJECT, true, value, &s);
    if (err == JVMTI_ERROR_NONE) s->l = value;
    return err;
}

/* The Set<Primitive> functions write the whole Slot, so a later read of any width sees
 * exactly the value stored. */

/* JVMTI: SetLocalInt */
jvmtiError jvmti_SetLocalInt(JvmtiEnv *env, Thread *self, Thread *thread, jint depth, jint slot, jint value)
{
    Slot *s;
    jvmtiError err = access(self, thread, depth, slot, K_INT, true, NULL, &s);
    if (err == JVMTI_ERROR_NONE) *s = (Slot){.raw = 0}, s->i = value;
    return err;
}

/* JVMTI: SetLocalLong */
jvmtiError jvmti_SetLocalLong(JvmtiEnv *env, Thread *self, Thread *thread, jint depth, jint slot, jlong value)
{
    Slot *s;
    jvmtiError err = access(self, thread, depth, slot, K_LONG, true, NULL, &s);
    if (err == JVMTI_ERROR_NONE) s->j = value;
    return err;
}

/* JVMTI: SetLocalFloat */
jvmtiError jvmti_SetLocalFloat(JvmtiEnv *env, Thread *self, Thread *thread, jint depth, jint slot, jfloat value)
{
    Slot *s;
    jvmtiError err = access(self, thread, depth, slot, K_FLOAT, true, NULL, &s);
    if (err == JVMTI_ERROR_NONE) *s = (Slot){.raw = 0}, s->f = value;
    return err;
}

/* JVMTI: SetLocalDouble */
jvmtiError jvmti_SetLocalDouble(JvmtiEnv *env, Thread *self, Thread *thread, jint depth, jint slot,
                                jdouble value)
{
    Slot *s;
    jvmtiError err = access(self, thread, depth, slot, K_DOUBLE, true, NULL, &s);
    if (err == JVMTI_ERROR_NONE) s->d = value;
    return err;
}
