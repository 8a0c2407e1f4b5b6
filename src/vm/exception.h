// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * exception.h — raising Java exceptions from VM code, and stack-trace capture.
 *
 * The convention everywhere in the VM: on failure, leave an exception pending on the
 * current thread (Thread.exception) and return NULL/false. exc_throw_* never return an
 * error themselves: if creating the exception object fails, the pending exception is the
 * error that prevented it (usually the preallocated OutOfMemoryError).
 */
#ifndef GLASS_EXCEPTION_H
#define GLASS_EXCEPTION_H

#include "thread.h"
#include "vm.h"

/* Throws a new instance of class `cls` (a name like "java/lang/NullPointerException",
 * loaded by the boot loader) with a formatted message (fmt NULL = no message). */
__attribute__((format(printf, 3, 4))) void exc_throw(Thread *t, const char *cls,
                                                     const char *fmt, ...);
/* Same (msg NULL = no message), for the exceptions HotSpot's interpreter makes without
 * its Exceptions::_throw, so -Xlog:exceptions does not log them as thrown by the VM. */
void exc_throw_implicit(Thread *t, const char *cls, const char *msg);
/* Same, with an explicit Class and optional cause. */
void exc_throw_class(Thread *t, Class *c, const char *msg, Object *cause);
/* Throws OutOfMemoryError("Java heap space"); uses a preallocated instance when allocating
 * a new one fails. Safe to call from the allocator. */
void exc_throw_oom(Thread *t);
/* Throws StackOverflowError (a copy of a preallocated instance, with a fresh trace when
 * there is room). */
void exc_throw_soe(Thread *t);
/* Boot: preallocates the OutOfMemoryError and StackOverflowError instances. */
void exc_preallocate(Thread *t);
/* Sets an existing Throwable as pending. */
void exc_set(Thread *t, Object *throwable);
static inline Object *exc_pending(Thread *t) { return t->exception; }
Object *exc_take(Thread *t); /* returns the pending exception and clears it */
void exc_clear(Thread *t);

/*
 * -Xlog:exceptions=info, HotSpot's three messages (call only when
 * log_is_enabled(LOG_INFO, exceptions)): exc_log_frame when an exception is first seen
 * in, or unwinds into, a frame of method m at bci (a native method's at 0);
 * exc_log_handler when m's handler at handler_bci catches it. VM-created exceptions
 * (exc_throw*) are logged by exception.c itself, with the VM function that threw them.
 */
void exc_log_frame(Thread *t, Object *ex, const Method *m, int bci);

/* java_lang_Throwable::print_stack_element's line, as thread dumps and JNI's fatal-error
 * stacks print it: "\tat pkg.Class.method(module@version/File.java:line)\n". */
#include <stdio.h>
void exc_print_stack_element(FILE *out, const Method *m, int bci);
void exc_log_handler(Object *ex, const Method *m, int handler_bci);

/* Wraps a pending non-Error in ExceptionInInitializerError (class init). */
void exc_wrap_in_init_error(Thread *t);

/* Captures the current stack into throwable.backtrace/depth (JVM_FillInStackTrace),
 * skipping fillInStackTrace frames and the throwable's constructors. */
void exc_fill_stack_trace(Thread *t, Object *throwable);
/* Number of frames in a filled backtrace, and frame i's method and bci. */
int exc_backtrace_depth(Object *throwable);
bool exc_backtrace_frame(Object *throwable, int i, Method **m, int *bci);
/* The same, and whether m's class was redefined since the frame was recorded (its bci
 * then belongs to an older version of the code: no line or source file is known). */
bool exc_backtrace_frame_version(Object *throwable, int i, Method **m, int *bci, bool *redefined);
/* Frame i's method as the code the frame ran: for a class redefined since, the old
 * version's copy while it is kept (redef_method_version), else false. */
bool exc_backtrace_frame_code(Object *throwable, int i, Method **m, int *bci);

/* HotSpot's description of where two classes live, for messages:
 * "A and B are in unnamed module of loader 'app'" or
 * "java.lang.String is in module java.base of loader 'bootstrap'; B is in unnamed module of
 * loader 'app'". */
void exc_describe_classes(const Class *a, const Class *b, char *buf, size_t n);
/* HotSpot's name of a loader in messages: 'app', 'bootstrap', or "Cls @hash". */
void exc_describe_loader(Object *loader, char *buf, size_t n);
/* "X is in unnamed module of loader 'app'" (with ", parent loader ..." if asked). */
void exc_describe_class(const Class *c, bool parent_loader, char *buf, size_t n);
/* HotSpot's saved initialization error: an ExceptionInInitializerError whose message is
 * "Exception <class>[: <message>] [in thread "<name>"]" and whose stack trace is that of
 * `cause`; NULL (nothing pending) if it cannot be made. */
Object *exc_make_init_error(Thread *t, Object *cause);

/* Prints "Exception in thread ..." the HotSpot way via Thread.dispatchUncaughtException. */
void exc_dispatch_uncaught(Thread *t, Object *throwable);
/* Last-resort printing to stderr (boot failures): class, message and stack trace. */
void exc_print_fallback(Thread *t, Object *throwable);

#endif
