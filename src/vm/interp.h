// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * interp.h — the interpreter and the Java frame layout.
 *
 * Java frames live on the thread's Java stack (Thread.stack_base .. stack_limit), growing
 * upward. A method's frame is
 *
 *     locals[0 .. max_locals)   the first arg_slots of which are the caller's pushed args
 *     Frame                     this header
 *     operand stack[0 .. max_stack)
 *
 * Frame.pc is the address of the current instruction in method->code (bci = pc - code)
 * and Frame.sp the first free operand slot. Both are stored whenever the thread may stop
 * (poll, call, allocation, throw), so another thread at a safepoint — the collector, and
 * later JVMTI — can walk the chain through Frame.prev without the interpreter's help.
 *
 * Native methods get a Frame with FRAME_NATIVE (locals = the arguments, no operand stack).
 * Each C-to-Java transition pushes a FRAME_ENTRY frame below the callee, with no method;
 * it marks where the C caller's world begins.
 *
 * Calling convention: arguments are Slots in JVM order (receiver first; long and double
 * take two slots, value in the first). Results come back in one Slot.
 */
#ifndef GLASS_INTERP_H
#define GLASS_INTERP_H

#include "vm.h"

enum {
    FRAME_NATIVE = 1u << 0, /* a native method's frame */
    FRAME_ENTRY = 1u << 1,  /* a C -> Java boundary, method is NULL */
};

struct Frame {
    Frame *prev;
    Method *method;
    const uint8_t *pc; /* current instruction (valid when the thread can be stopped) */
    Slot *locals;
    Slot *sp;          /* first free operand-stack slot */
    uint32_t flags;
    uint32_t pad_;
    Object *sync;      /* object locked by a synchronized method, or NULL */
};

static inline Slot *frame_stack_base(Frame *f) { return (Slot *)(f + 1); }
#define FRAME_SLOTS ((int)(sizeof(Frame) / sizeof(Slot)))

/* Bytecode index of a Java frame (-1 for native and entry frames). */
int frame_bci(const Frame *f);

void interp_init(void);

/*
 * Calls m with `args` (arg_slots slots, receiver first for instance methods) and stores
 * the result, if any, in *ret (may be NULL for void). Does no virtual dispatch: the
 * caller selects the method. Initializes m's class if m is static. Returns false with
 * an exception pending if m threw. Works for native methods too.
 * Thread state: TS_JAVA.
 */
bool interp_call(Thread *t, Method *m, const Slot *args, Slot *ret);

/* Convenience wrappers used by VM code. */
bool interp_call_static(Thread *t, Method *m, Slot *ret, ...);     /* args as Slot values */
/* Virtual-dispatches m on args[0]'s class before calling (JNI Call<T>Method semantics). */
bool interp_call_virtual(Thread *t, Method *m, const Slot *args, Slot *ret);

/* Intrinsics (signature-polymorphic and VM-synthesized methods), Method.intrinsic. */
typedef enum IntrinsicId {
    INTRINSIC_NONE = 0,
    INTRINSIC_INVOKE_BASIC,
    INTRINSIC_LINK_TO_VIRTUAL,
    INTRINSIC_LINK_TO_STATIC,
    INTRINSIC_LINK_TO_SPECIAL,
    INTRINSIC_LINK_TO_INTERFACE,
    INTRINSIC_LINK_TO_NATIVE,
    INTRINSIC_INVOKE_GENERIC, /* MethodHandle.invoke/invokeExact, VarHandle modes: linkMethod */
} IntrinsicId;

/* Frames: walking. Visits Java and native frames top-down, skipping entry frames;
 * stops when fn returns false. Safe on the current thread, or on a stopped thread. */
void interp_walk_frames(Thread *t, bool (*fn)(Frame *f, void *arg), void *arg);

#endif
