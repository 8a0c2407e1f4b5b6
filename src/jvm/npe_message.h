// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * npe_message.h — the "helpful" NullPointerException messages of JEP 358, worded exactly
 * as HotSpot 17 words them (ShowCodeDetailsInExceptionMessages is on by default there):
 *
 *   Cannot invoke "String.length()" because "<local1>" is null
 *   Cannot read field "next" because "this.head" is null
 *   Cannot load from object array because the return value of "Foo.bar()" is null
 *
 * JVM_GetExtendedNPEMessage asks for the message of an exception whose top backtrace
 * frame is (method, bci); this module answers from the method's original bytecode alone.
 * No VM state is touched, so it may run on any thread, in any state, and needs no locks.
 */
#ifndef GLASS_NPE_MESSAGE_H
#define GLASS_NPE_MESSAGE_H

#include "../vm/class.h"

/*
 * The message HotSpot 17 gives a NullPointerException raised by the instruction at `bci`
 * of `m`, as a malloc'd NUL-terminated modified-UTF-8 string the caller frees; NULL when
 * HotSpot gives none: native or code-less method, bci outside the code, an instruction
 * that cannot raise a NullPointerException, an invocation of <init> (the exception was
 * constructed explicitly), a method of jdk.internal.reflect.NativeConstructorAccessorImpl,
 * malformed bytecode, or no memory.
 */
char *npe_message(const Method *m, int bci);

#endif
