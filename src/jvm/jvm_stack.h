// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jvm_stack.h — helpers jvm_stack.c shares with the rest of the class-library glue:
 * StackTraceElement filling (Throwable.getStackTrace, Thread.getStackTrace through
 * JVM_DumpThreads, StackFrameInfo.toStackTraceElement) and MemberName filling for stack
 * frames (StackWalker).
 *
 * All functions run in TS_JAVA on the current thread, may allocate (so may run a
 * collection) and return NULL/false with an exception pending on failure.
 */
#ifndef GLASS_JVM_STACK_H
#define GLASS_JVM_STACK_H

#include "../vm/class.h"
#include "../vm/vm.h"

/* Class.getName() of c: the mirror's cached `name` String, computed (interned, hidden
 * classes keeping their "/0x..." suffix) and cached there if unset. */
Object *stack_class_name(Thread *t, Class *c);

/* Fills StackTraceElement `ste` for frame (m, bci) as HotSpot's
 * java_lang_StackTraceElement::fill_in: declaringClassObject, declaringClass, methodName,
 * fileName, lineNumber (-2 for native methods), classLoaderName (the loader's `name`),
 * moduleName and moduleVersion (named modules only). */
bool stack_fill_element(Thread *t, Object *ste, Method *m, int bci);

/* A new, filled StackTraceElement (initializes the class first). A bci with
 * STACK_BCI_OLD_VERSION set was taken in a frame running an old version of m (a copy,
 * recorded as method_current: the copy may be freed before the element is made): the
 * element then has no file and line -1, as HotSpot's for a method redefined since. */
Object *stack_new_element(Thread *t, Method *m, int bci);
#define STACK_BCI_OLD_VERSION (1 << 30)
/* The (method, bci) to record for frame f's stack trace element. */
#define STACK_FRAME_METHOD(f) method_current((f)->method)
#define STACK_FRAME_BCI(f) (frame_bci(f) | ((f)->method->clazz->shadow_of != NULL ? STACK_BCI_OLD_VERSION : 0))

/* Fills MemberName `mn` to describe method m, as HotSpot's init_method_MemberName does for
 * a stack frame's method: clazz, flags (modifiers, kind, reference kind, caller-sensitive),
 * method (a new ResolvedMethodName whose injected vmtarget is m), vmindex; and, so that
 * Java never has to ask the VM to expand it, name and type (the descriptor String). */
bool stack_init_member_name(Thread *t, Object *mn, Method *m);

/* The method a MemberName filled by stack_init_member_name (or resolved by
 * MethodHandleNatives) refers to, or NULL if it has none. */
Method *stack_member_name_method(Object *mn);

#endif
