// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * framecontrol.c — JVMTI PopFrame (spec category "Stack Frame", can_pop_frame) and the
 * ForceEarlyReturn functions (category "Force Early Return", can_force_early_return).
 *
 * Both act on the thread's current frame and take effect when the thread goes on: they
 * record a request in the Thread (thread.h, Thread.jvmti_frame_request) that the
 * interpreter carries out (interp.c, frame_request): a pop discards the frame, releases
 * its monitors without events and re-executes the caller's invoke with the arguments
 * still on the caller's operand stack (changed by the callee or not, as the spec says);
 * a forced return releases the frame's monitors and returns the value as a return
 * instruction would, with MethodExit and FramePop.
 *
 * Where: the interpreter can carry a request out only where it stops between
 * instructions with its state synced — in a JVMTI callback for a location (SingleStep,
 * Breakpoint), a field watch or a method entry, or at a poll (where a thread suspended
 * by another one while running Java code waits) — and marks those stops with
 * Thread.jvmti_stop_frame. A thread stopped elsewhere (inside an allocation, a contended
 * monitorenter, a class initialization...) answers OPAQUE_FRAME ("unable to pop this
 * frame"), as does a second request before the thread went on.
 *
 * Contracts: called by the generated wrappers in the live phase, TS_JAVA, the thread
 * checked (alive; NULL = the current thread) and, for ForceEarlyReturnObject, the value
 * a valid object or NULL. The target must be the current thread or suspended: its frames
 * and request fields do not change meanwhile.
 */
#include <string.h>

#include "../vm/bytecodes.h"
#include "../vm/class.h"
#include "../vm/interp.h"
#include "../vm/ref.h"
#include "../vm/thread.h"
#include "gen/jvmti_impl.h"
#include "jvmti_int.h"

/* The checks both functions share, in HotSpot's order: suspension, frames, a native
 * frame; then whether the thread stopped where a request can be carried out. */
static jvmtiError top_frame_for_request(Thread *self, Thread *t, Frame **out)
{
    if (t != self && !thread_is_suspended(t)) return JVMTI_ERROR_THREAD_NOT_SUSPENDED;
    Frame *top = frame_skip_entries(t->top_frame);
    if (top == NULL) return JVMTI_ERROR_NO_MORE_FRAMES;
    if (top->flags & FRAME_NATIVE) return JVMTI_ERROR_OPAQUE_FRAME;
    *out = top;
    return JVMTI_ERROR_NONE;
}

static jvmtiError post_request(Thread *t, Frame *top, ThreadFrameRequest req)
{
    if (t->jvmti_stop_frame != top || t->jvmti_frame_request != THREAD_FRAME_NONE) return JVMTI_ERROR_OPAQUE_FRAME;
    t->jvmti_request_frame = top;
    t->jvmti_frame_request = (uint8_t)req;
    return JVMTI_ERROR_NONE;
}

static bool is_invoke(uint8_t op)
{
    switch (op) {
    case OP_invokevirtual: case OP_invokespecial: case OP_invokestatic: case OP_invokeinterface:
    case OP_invokedynamic: case OP_invokevirtual_q: case OP_invokevirtual_final_q: case OP_invokespecial_q:
    case OP_invokestatic_q: case OP_invokeinterface_q: case OP_invokehandle_q: case OP_invokedynamic_q:
    case OP_invokestatic_sigpoly_q: case OP_invokevirtual_sigpoly_q: case OP_invokeinterface_obj_q:
        return true;
    default:
        return false;
    }
}

/* JVMTI: PopFrame. The caller must be a Java frame directly below (an entry frame in
 * between means VM code called the method: OPAQUE_FRAME, or NO_MORE_FRAMES when no Java
 * frame is left below), stopped at an invoke whose arguments are exactly the callee's
 * (not so for the method-handle linkers, which drop or add arguments: OPAQUE_FRAME). */
jvmtiError jvmti_PopFrame(JvmtiEnv *env, Thread *self, Thread *thread)
{
    Frame *top;
    jvmtiError err = top_frame_for_request(self, thread, &top);
    if (err != JVMTI_ERROR_NONE) return err;
    Frame *caller = top->prev;
    if (caller == NULL || (caller->flags & FRAME_ENTRY))
        return frame_skip_entries(caller) == NULL ? JVMTI_ERROR_NO_MORE_FRAMES : JVMTI_ERROR_OPAQUE_FRAME;
    if (caller->flags & FRAME_NATIVE) return JVMTI_ERROR_OPAQUE_FRAME;
    if (!is_invoke(*caller->pc) || top->locals + top->method->arg_slots != caller->sp)
        return JVMTI_ERROR_OPAQUE_FRAME;
    return post_request(thread, top, THREAD_FRAME_POP);
}

/* The ForceEarlyReturn functions: the top frame's method must return a value of the
 * function's kind ('I' covers int, short, char, byte and boolean; 'L' objects and
 * arrays). */
static jvmtiError force_return(Thread *self, Thread *thread, char kind, Slot value, Object *obj)
{
    Frame *top;
    jvmtiError err = top_frame_for_request(self, thread, &top);
    if (err != JVMTI_ERROR_NONE) return err;
    Method *m = top->method;
    bool ok;
    switch ((BasicType)m->ret_type) {
    case BT_VOID: ok = kind == 'V'; break;
    case BT_BOOLEAN: case BT_BYTE: case BT_CHAR: case BT_SHORT: case BT_INT: ok = kind == 'I'; break;
    case BT_LONG: ok = kind == 'J'; break;
    case BT_FLOAT: ok = kind == 'F'; break;
    case BT_DOUBLE: ok = kind == 'D'; break;
    default: ok = kind == 'L'; break;
    }
    if (!ok) return JVMTI_ERROR_TYPE_MISMATCH;
    if (obj != NULL && !jvmti_assignable_to(obj->klass, strchr(m->desc, ')') + 1)) return JVMTI_ERROR_TYPE_MISMATCH;
    void *ref = NULL;
    if (obj != NULL && (ref = ref_new_global(obj)) == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
    err = post_request(thread, top, THREAD_FRAME_RETURN);
    if (err != JVMTI_ERROR_NONE) {
        if (ref != NULL) ref_delete_global(ref);
        return err;
    }
    thread->jvmti_return_value = value;
    thread->jvmti_return_ref = ref;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: ForceEarlyReturnObject */
jvmtiError jvmti_ForceEarlyReturnObject(JvmtiEnv *env, Thread *self, Thread *thread, Object *value)
{
    Slot v = {0};
    return force_return(self, thread, 'L', v, value);
}

/* JVMTI: ForceEarlyReturnInt */
jvmtiError jvmti_ForceEarlyReturnInt(JvmtiEnv *env, Thread *self, Thread *thread, jint value)
{
    Slot v = {0};
    SLOT_SET_I(v, value);
    return force_return(self, thread, 'I', v, NULL);
}

/* JVMTI: ForceEarlyReturnLong */
jvmtiError jvmti_ForceEarlyReturnLong(JvmtiEnv *env, Thread *self, Thread *thread, jlong value)
{
    Slot v = {0};
    v.j = value;
    return force_return(self, thread, 'J', v, NULL);
}

/* JVMTI: ForceEarlyReturnFloat */
jvmtiError jvmti_ForceEarlyReturnFloat(JvmtiEnv *env, Thread *self, Thread *thread, jfloat value)
{
    Slot v = {0};
    SLOT_SET_F(v, value);
    return force_return(self, thread, 'F', v, NULL);
}

/* JVMTI: ForceEarlyReturnDouble */
jvmtiError jvmti_ForceEarlyReturnDouble(JvmtiEnv *env, Thread *self, Thread *thread, jdouble value)
{
    Slot v = {0};
    v.d = value;
    return force_return(self, thread, 'D', v, NULL);
}

/* JVMTI: ForceEarlyReturnVoid */
jvmtiError jvmti_ForceEarlyReturnVoid(JvmtiEnv *env, Thread *self, Thread *thread)
{
    Slot v = {0};
    return force_return(self, thread, 'V', v, NULL);
}
