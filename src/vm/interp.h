// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * interp.h — the interpreter and the Java frame layout.
 *
 * Java frames live on the thread's Java stack (Thread.stack_base .. stack_limit), growing
 * upward. A method's frame is
 *
 *     locals[0 .. max_locals)   the first arg_slots of which are the caller's pushed args
 *     Frame                     this header
 *     monitors[0 .. nmon)       the frame's monitor block (usually empty)
 *     operand stack[0 .. max_stack)
 *
 * Frame.pc is the address of the current instruction in method->code (bci = pc - code)
 * and Frame.sp the first free operand slot. Both are stored whenever the thread may stop
 * (poll, call, allocation, throw), so another thread at a safepoint — the collector, and
 * later JVMTI — can walk the chain through Frame.prev without the interpreter's help.
 *
 * The monitor block (structured locking, JVMS 2.11.10, the way HotSpot's interpreter
 * keeps it): each slot holds the object of one monitor entry this frame made and has not
 * exited — a monitorenter, or in slot 0 of a synchronized method the method's own lock —
 * or NULL for a free slot. A recursive entry takes a slot of its own. monitorenter reuses
 * the lowest free slot above the topmost slot holding the same object, else grows the
 * block by one slot on top, moving the operand stack up; monitorexit frees the topmost
 * slot holding the object (IllegalMonitorStateException if none: the thread may own the
 * monitor through a caller, but this frame did not enter it) and shrinks the block while
 * its top slot is free, except that a synchronized method keeps slot 0. So a frame that
 * never entered a monitor has nmon == 0, and the return path tests only that. On return a
 * synchronized method releases whatever slot 0 holds (IllegalMonitorStateException if it
 * is free); any other slot still held makes the return throw IllegalMonitorStateException
 * inside the frame. A frame unwound by an exception releases every slot and, if a slot
 * other than a synchronized method's slot 0 was held or that slot 0 was free, replaces
 * the exception by an IllegalMonitorStateException (ThreadDeath excepted). The slots are
 * Java-stack slots below sp, so the collector scans them with the frame, and a tool can
 * tell which frame owns which monitor by walking frames (frame_monitors). A slot is
 * filled just before the entry, so the topmost frame may name a monitor its thread is
 * still blocked entering (Thread.blocked_on): check mon_owner for ownership. Native and
 * entry frames have nmon == 0; a synchronized native method holds its receiver's (or
 * class mirror's) monitor for as long as its FRAME_NATIVE frame exists, without a slot.
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
    FRAME_NATIVE = 1u << 0,    /* a native method's frame */
    FRAME_ENTRY = 1u << 1,     /* a C -> Java boundary, method is NULL */
    FRAME_POP_NOTIFY = 1u << 2, /* JVMTI NotifyFramePop requested (src/jvmti/framepop.c) */
    FRAME_JNI_CHECKED = 1u << 3, /* -Xcheck:jni keeps a record of this native or entry frame (jni_check.c) */
};

struct Frame {
    Frame *prev;
    Method *method;
    const uint8_t *pc; /* current instruction (valid when the thread can be stopped) */
    Slot *locals;
    Slot *sp;          /* first free operand-stack slot */
    uint32_t flags;
    uint32_t nmon;     /* slots in the monitor block (0 for native and entry frames) */
};

/*
 * Frames and signal handlers (AsyncGetCallTrace, src/jvm/asgct.c): a thread's frame chain
 * can be read by a signal handler that interrupts that very thread at any instruction.
 * So a frame is complete — every field of its header stored — before it becomes
 * t->top_frame, and a frame is popped by storing its prev into t->top_frame before
 * its memory is reused (a method's result goes where its locals began, which is its
 * Frame when it has none). FRAME_PUBLISH_FENCE, placed between the header's stores
 * and the t->top_frame store of a new frame (and between a pop and the result's store),
 * keeps the compiler from moving stores across it; it is a compiler barrier only (no
 * instruction: the handler runs on the same CPU as the code it interrupts). The top
 * frame's pc is the one last stored (method entry, the last call, poll, allocation or
 * throw), always an instruction of its method.
 */
#define FRAME_PUBLISH_FENCE() atomic_signal_fence(memory_order_release)

/* The monitor block: nmon slots, each the object of a held entry or NULL (free). */
static inline Slot *frame_monitors(Frame *f) { return (Slot *)(f + 1); }
/* The first operand-stack slot, just above the monitor block. */
static inline Slot *frame_stack_base(Frame *f) { return (Slot *)(f + 1) + f->nmon; }
#define FRAME_SLOTS ((int)(sizeof(Frame) / sizeof(Slot)))

/*
 * Tool mode: the JVMTI bytecode events (SingleStep, MethodEntry, MethodExit, FramePop),
 * per thread. Each thread runs with its own dispatch table (Thread.dispatch) and
 * tool-mode bits (Thread.interp_tool): the plain table, which tests nothing, or for
 * INTERP_TOOL_STEP the instrumented twin, each entry of which posts the location's
 * events (jvmti_interp_location; a patched breakpoint's after them) and then runs the
 * instruction's normal handler. With INTERP_TOOL_METHOD a frame entered or left posts
 * MethodEntry / MethodExit and FramePop (one test of the thread's bits per call and per
 * return, the only cost of tool mode while off). A thread's bits are the global ones
 * (interp_set_tool_mode: events enabled for every thread) OR-ed with its own
 * (interp_set_thread_tool_mode: events enabled for it alone, its frame pop requests).
 *
 * Switching never stops the world: the interpreter keeps the table in a local and
 * reloads it on entering its loop, after each JVMTI callback and native method, and at
 * its next poll (a switch points the thread's poll word at a word that is always set).
 * So a thread switched by another thread changes tables at its next backward branch or
 * call at the latest; a thread that switches itself (from a callback or a native
 * method) changes before its next instruction. The method-event bits take effect at
 * the thread's next call or return. Both may be called before interp_init (no thread
 * runs Java code then). interp_set_thread_tool_mode may be called from any thread in any
 * state (it takes only a leaf lock); interp_set_tool_mode visits every thread under the
 * thread registry's lock, so call it inside a safepoint (a collector holds that lock
 * while the world is stopped).
 *
 * Field watches need no table: the instructions of a watched field are patched to a
 * watched form (interp_field_watch_update), as breakpoints are, and every other field
 * instruction runs its plain handler. INTERP_TOOL_WATCH, set in every thread while any
 * watch is set, only stops calls from being answered by a VM leaf (class.h VMLeaf), whose
 * field reads would go unseen.
 */
enum {
    INTERP_TOOL_STEP = 1u << 0,   /* every instruction through the instrumented table */
    INTERP_TOOL_METHOD = 1u << 1, /* calls and returns post the method events */
    INTERP_TOOL_WATCH = 1u << 2,  /* some field is watched: no leaf calls */
};
void interp_set_tool_mode(unsigned bits);
void interp_set_thread_tool_mode(Thread *t, unsigned bits);

/*
 * JVMTI field watches: after fld's watch counters (Field.jvmti_access_watches,
 * jvmti_modification_watches) changed, sets every linked getfield/getstatic site of fld
 * (and old versions' still run, redefine.h) to the watched form while it has access
 * watches, back to its quick form when it has none; likewise putfield/putstatic sites
 * with modification watches. A site linked later gets the form its counters give. The
 * watched form posts the event (jvmti_interp_field, which tests the counters again) and
 * runs the quick form. Walks every loaded class (its pool, then the code of a class whose
 * pool resolved fld): call with the caller's watch lock held, so that changes of one field
 * are applied in order, in any state but without reaching a safepoint.
 */
void interp_field_watch_update(Field *fld);

/*
 * Breakpoints by bytecode patching (JVMTI SetBreakpoint/ClearBreakpoint): the byte at
 * m's bci becomes OP_breakpoint, whose handler posts the event (jvmti_interp_breakpoint)
 * and runs the instruction the byte stands for; a location costs nothing until reached.
 * Patches count: one per breakpoint set (environments may share a location), the byte is
 * restored when the last goes. interp_breakpoint_patch refuses (false) a bci that is not
 * the start of an instruction. Any thread.
 */
bool interp_breakpoint_patch(Method *m, uint32_t bci);
void interp_breakpoint_unpatch(Method *m, uint32_t bci);
/* Forgets the patches inside code that is about to be freed (an old version's copy of a
 * redefined method, redefine.c), without restoring the bytes. At a safepoint. */
void interp_breakpoint_forget(const uint8_t *code, uint32_t len);

/* Enhanced class redefinition (redefine.c), at a safepoint: every invokevirtual in m's
 * code quickened to a method for which stale(target) holds (deleted, or whose dispatch
 * changed: made final or not, private or not) goes back to its unquickened form, so its
 * next execution decides again (a deleted target: NoSuchMethodError). */
void interp_requicken_calls(Method *m, bool (*stale)(Method *target, void *arg), void *arg);

/* The method frame at or below f (entry frames skipped), or NULL: f = t->top_frame gives
 * the thread's current Java or native method frame. */
static inline Frame *frame_skip_entries(Frame *f)
{
    while (f != NULL && (f->flags & FRAME_ENTRY)) f = f->prev;
    return f;
}

/* Bytecode index of a Java frame (-1 for native and entry frames). */
int frame_bci(const Frame *f);

void interp_init(void);

/* The interpreter loop's C function (the one C activation that runs every Java frame
 * between two FRAME_ENTRY frames), for tools that map native code addresses and native
 * stack frames to the Java frames being interpreted (NCAI). */
const void *interp_loop_function(void);

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

/* The handler of m that catches ex at bci (its handler bci), or -1; catch types are
 * resolved as needed and one that fails to resolve does not count (its error is
 * dropped). For tools (JVMTI's catch location); t's pending exception is preserved. */
int interp_handler_bci(Thread *t, Method *m, int bci, Object *ex);

/* Frames: walking. Visits Java and native frames top-down, skipping entry frames;
 * stops when fn returns false. Safe on the current thread, or on a stopped thread. */
void interp_walk_frames(Thread *t, bool (*fn)(Frame *f, void *arg), void *arg);

#endif
