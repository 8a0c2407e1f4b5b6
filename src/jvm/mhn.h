// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * mhn.h — MethodHandleNatives: the VM natives behind java.lang.invoke.MemberName.
 */
#ifndef GLASS_MHN_H
#define GLASS_MHN_H

#include "../vm/vm.h"

/* Registers the MethodHandleNatives and MethodHandle.invoke/invokeExact VM natives. */
void mhn_register_natives(void);
/* Fills a MemberName to describe m (as MethodHandleNatives.init does for a Method); used by
 * StackWalker's StackFrameInfo. requested_kind -1 = the natural reference kind. */
bool mhn_fill_method(Thread *t, Object *mn, Method *m, int requested_kind);

#endif
