// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * asgct.c — AsyncGetCallTrace (include/asgct.h): the calling thread's Java stack, taken
 * from a signal handler at any instruction, with HotSpot's ABI and result codes.
 *
 * HotSpot's version walks native C frames from the interrupted registers and fails
 * (-5, -6) wherever its frames are not walkable; GlassVM's Java frames live on a Java
 * stack it controls (interp.h), so the walk reads only that chain and succeeds wherever
 * the thread has Java frames: in the interpreter, in native code, in the collector,
 * while loading classes, while throwing.
 *
 * Contract (async-signal-safety): no lock, no allocation, no call into libc but
 * pthread_getspecific, no __thread variable, no write to shared memory; bounded
 * time (every link goes down the stack). What the handler may find, and why each read
 * is safe:
 *
 *  - The current Thread: thread_current_async() (a pthread key, not the VM's __thread
 *    variable, whose first access in a thread may allocate: thread.c). It is set before
 *    the record is used (bind_os_thread) and cleared before the record can be freed and
 *    before the thread's Java stack is released (thread_detach). The ucontext is not
 *    needed: nothing of the walk is in registers.
 *  - The frame chain: only the interrupted thread pushes and pops its frames, and it
 *    publishes a frame in t->top_frame only once its header is complete
 *    (FRAME_PUBLISH_FENCE, interp.h); a pop stores the caller. So t->top_frame and every
 *    prev link are complete frames, whatever instruction was interrupted. Each frame is
 *    still validated, so that a broken invariant gives a failure code, not a crash:
 *    the header lies inside the thread's Java stack, prev points strictly down it, the
 *    Method* lies in the ID space (idspace.h: always mapped, never reused; an unloaded
 *    class's methods read as zeros) and is an element of its class's method array, and
 *    a Java frame's pc lies inside the method's code.
 *  - Methods and classes: a class is freed only at a safepoint (unload.c), and every
 *    class with a method on some thread's stack is live. The interrupted thread either
 *    runs (then no safepoint operation runs: it would wait for this thread) or is safe,
 *    with all its frames complete and their classes pinned.
 *
 * Where HotSpot answers a code GlassVM does not need: GC_ACTIVE, DEOPT and SAFEPOINT are
 * never returned (frames stay walkable during collections; nothing deoptimizes). The top
 * frame's bci is its pc as last stored by the interpreter (interp.h), an instruction of
 * its method at or before the current one.
 */
#include "../../include/asgct.h"

#include "../jvmti/jvmti_vm.h"
#include "../vm/class.h"
#include "../vm/idspace.h"
#include "../vm/interp.h"
#include "../vm/thread.h"

/* Reads that the compiler must perform once, now, and never invent or merge: the
 * interrupted thread may have been stopped between any two of its stores. */
#define READ_ONCE(x) __atomic_load_n(&(x), __ATOMIC_RELAXED)

/* Is m a Method of a live class? (See the header: ID-space memory is always readable.) */
static bool valid_method(const Method *m)
{
    if (((uintptr_t)m & (_Alignof(Method) - 1)) != 0 || !ids_contains(m, sizeof *m)) return false;
    Class *c = READ_ONCE(((Method *)m)->clazz);
    if (c == NULL) return false; /* unloaded: the array was zeroed */
    const Method *first = READ_ONCE(c->methods);
    uint16_t n = READ_ONCE(c->method_count);
    if (m < first || m >= first + n) return false;
    return ((uintptr_t)m - (uintptr_t)first) % sizeof *m == 0;
}

/* Is f a frame header inside t's Java stack? */
static bool valid_frame_position(const Thread *t, const Frame *f)
{
    if (((uintptr_t)f & (_Alignof(Frame) - 1)) != 0) return false;
    return (const Slot *)f >= t->stack_base && (const Slot *)(f + 1) <= t->stack_limit;
}

/*
 * Fills trace->frames with up to depth frames of t, top-down (entry frames skipped).
 * Returns the count, or `broken` when a frame fails validation (`top_broken` if it is
 * the first one).
 */
static jint walk(const Thread *t, ASGCT_CallFrame *out, jint depth, jint top_broken, jint broken)
{
    Frame *f = READ_ONCE(((Thread *)t)->top_frame);
    const Frame *above = NULL;
    jint n = 0;
    while (f != NULL && n < depth) {
        /* prev of the frame above is below it: each step goes down the stack. */
        if ((above != NULL && f >= above) || !valid_frame_position(t, f))
            return n == 0 ? top_broken : broken;
        uint32_t flags = READ_ONCE(f->flags);
        if (!(flags & FRAME_ENTRY)) {
            Method *m = READ_ONCE(f->method);
            if (!valid_method(m)) return n == 0 ? top_broken : broken;
            jint lineno;
            if (flags & FRAME_NATIVE) {
                lineno = ASGCT_NATIVE_FRAME;
            } else {
                const uint8_t *pc = READ_ONCE(f->pc);
                const uint8_t *code = READ_ONCE(m->code);
                uint32_t len = READ_ONCE(m->code_length);
                if (code == NULL || pc < code || pc >= code + len) return n == 0 ? top_broken : broken;
                lineno = (jint)(pc - code);
            }
            out[n].lineno = lineno;
            out[n].method_id = (jmethodID)m;
            n++;
        }
        above = f;
        f = READ_ONCE(f->prev);
    }
    return n;
}

/* HotSpot's Forte interface: void AsyncGetCallTrace(ASGCT_CallTrace*, jint, void*). */
JNIEXPORT void AsyncGetCallTrace(ASGCT_CallTrace *trace, jint depth, void *ucontext);
JNIEXPORT void AsyncGetCallTrace(ASGCT_CallTrace *trace, jint depth, void *ucontext)
{
    (void)ucontext;
    if (trace == NULL) return;
    Thread *t = thread_current_async();
    /* Only the calling thread, as HotSpot requires: another thread's frames move. */
    if (t == NULL || trace->env_id == NULL || trace->env_id != thread_env(t) ||
        atomic_load_explicit(&t->exiting, memory_order_relaxed)) {
        trace->num_frames = ASGCT_THREAD_EXIT;
        return;
    }
    if (!jvmti_want(JVMTI_EVENT_CLASS_LOAD)) {
        trace->num_frames = ASGCT_NO_CLASS_LOAD;
        return;
    }
    if (trace->frames == NULL || depth < 0) depth = 0;
    switch (atomic_load_explicit(&t->state, memory_order_relaxed)) {
    case TS_NEW: /* being created: no Java frame yet */
        trace->num_frames = ASGCT_NO_JAVA_FRAME;
        break;
    case TS_JAVA:
        trace->num_frames = walk(t, trace->frames, depth, ASGCT_UNKNOWN_JAVA, ASGCT_NOT_WALKABLE_JAVA);
        break;
    case TS_NATIVE:
    case TS_BLOCKED:
        trace->num_frames = walk(t, trace->frames, depth, ASGCT_UNKNOWN_NOT_JAVA, ASGCT_NOT_WALKABLE_NOT_JAVA);
        break;
    case TS_TERMINATED:
        trace->num_frames = ASGCT_THREAD_EXIT;
        break;
    default:
        trace->num_frames = ASGCT_UNKNOWN_STATE;
        break;
    }
}
