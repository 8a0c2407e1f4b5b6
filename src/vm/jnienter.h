// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jnienter.h — the thread-state transition around every entry from native code into the
 * VM: JNI functions (jni.c) and the JVM_* exports (src/jvm/).
 *
 * Native code runs in TS_NATIVE, which is safe for the collector: it cannot hold raw
 * Object* values, only references (ref.h). Before an entry point touches the heap it must
 * be in TS_JAVA, so it calls
 *
 *     int prev = jni_enter(t);      TS_NATIVE -> TS_JAVA (waits out a running safepoint)
 *     ... VM work, Object* locals allowed ...
 *     jni_leave(t, prev);           TS_JAVA -> TS_NATIVE again
 *
 * and converts objects to references (ref_new_local) before jni_leave. After jni_leave
 * the function must not touch any Object*: a collection may run at any moment.
 *
 * Nesting: an entry point may be reached while the thread is already in TS_JAVA (VM code
 * calling a JNI or JVM_* function directly, or a thread still in TS_NEW during attach);
 * then both calls do nothing, which is why jni_enter returns the previous state.
 *
 * Why jni_leave is a real (never inlined) function rather than an always_inline helper or
 * the thread_enter_safe macro expanded in every caller: becoming safe spills the
 * registers with setjmp, and GCC refuses to inline a function that calls setjmp. That is
 * fine, because what must be recorded is a stack bound *below* every slot that may hold
 * a value of an interpreter frame further up the C stack (any function in between may
 * have pushed one of its callee-saved registers), and thread_enter_safe_at, called from
 * here, records its own frame, which lies below jni_leave's pushes and its caller's whole
 * frame. The registers themselves are in the setjmp buffer.
 */
#ifndef GLASS_JNIENTER_H
#define GLASS_JNIENTER_H

#include "thread.h"
#include "vm.h"
#include "../jvmti/jvmti_vm.h" /* allocation events */

/* TS_NATIVE -> TS_JAVA. Returns the state to hand back to jni_leave. Thread: t is the
 * current thread. */
static inline int jni_enter(Thread *t)
{
    int prev = atomic_load_explicit(&t->state, memory_order_relaxed);
    if (prev == TS_NATIVE) thread_leave_safe_for_vm(t);
    return prev;
}

/* Back to TS_NATIVE if jni_enter left it; a no-op otherwise. A thread that runs no Java
 * code at all (attached from C, or a tool's native thread: no frame) posts the allocation
 * events its call queued now (jvmti_vm.h, heap sampling), since it has no interpreter
 * posting point to reach; a native method's calls are reported when it returns. */
static __attribute__((noinline, unused)) void jni_leave(Thread *t, int prev)
{
    if (prev != TS_NATIVE) return;
    if (unlikely(t->jvmti_samples_n != 0) && t->top_frame == NULL) jvmti_post_sampled_alloc(t);
    os_save_regs(t->regs);
    thread_enter_safe_at(t, TS_NATIVE, NULL);
}

#endif
