// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * mh.h — JSR 292 support in the VM: method types and handles as constants, invokedynamic
 * and "invokehandle" call-site linking through the MethodHandleNatives upcalls, and the
 * targets of the signature-polymorphic intrinsics (invokeBasic, linkTo*).
 *
 * Call sites: every invokedynamic *instruction* is its own site; a MethodHandle.invoke /
 * invokeExact / VarHandle call is linked once per constant-pool entry. A linked site is an
 * invoker method (static) and an appendix object that the interpreter pushes as an extra
 * trailing argument. An invokedynamic site that fails with a LinkageError remembers it
 * (resolve.h: ResolveError) and fails with it again at every later execution.
 * Sites live in a per-class table (Class.jsr292) and are reported to the collector by
 * mh_visit_class_refs.
 */
#ifndef GLASS_MH_H
#define GLASS_MH_H

#include "class.h"
#include "heap.h"
#include "resolve.h"
#include "vm.h"

typedef struct CallSiteLink {
    Method *invoker;  /* static method taking the call's arguments plus the appendix */
    Object *appendix; /* may be NULL */
    ResolveError *error; /* invokedynamic: the remembered LinkageError, or NULL */
} CallSiteLink;

/* Boot: after the well-known classes are loaded (field offsets, upcall methods). */
void mh_init(Thread *t);

/* CONSTANT_MethodType: MethodHandleNatives.findMethodHandleType for `desc` in from's loader. */
Object *mh_method_type(Thread *t, Class *from, const char *desc);
/* CONSTANT_MethodHandle at index: symbolic resolution, then linkMethodHandleConstant. */
Object *mh_resolve_constant(Thread *t, Class *from, uint16_t index);
/* CONSTANT_Dynamic: linkDynamicConstant; the value comes back boxed (or NULL). */
bool mh_resolve_dynamic(Thread *t, Class *from, uint16_t index, Slot *boxed);
/* A private object standing for a cached null condy value. */
Object *mh_null_sentinel(void);
bool mh_unbox(Thread *t, Object *box, BasicType bt, Slot *out);

/* invokedynamic at cp_index, for the instruction at `pc` (each instruction is its own call
 * site): links it once — concurrent linkers agree on the first result — and returns the
 * site and its number in *site. A link that fails with a LinkageError is recorded in the
 * site's `error` (sticky: the interpreter throws it anew at each later execution); that
 * first failure returns NULL with the original error pending, as does a failure with any
 * other error (then nothing is recorded) or no site could be made. A later call for the
 * same instruction returns the recorded site without linking again. */
CallSiteLink *mh_link_indy(Thread *t, Class *caller, const uint8_t *pc, uint16_t cp_index,
                           uint16_t *site);
CallSiteLink *mh_indy_site(Class *caller, uint16_t site);
/* invokevirtual of a generic signature-polymorphic method (MethodHandle.invoke[Exact],
 * VarHandle access modes) at cp_index. A failure is not remembered (HotSpot's neither):
 * NULL with the error pending, and the next call links again. */
CallSiteLink *mh_link_invokehandle(Thread *t, Class *caller, uint16_t cp_index);

/* invokeBasic: the method mh.form.vmentry names (NPE pending if mh is null). */
Method *mh_invoke_basic_target(Thread *t, Object *mh);
/* linkTo*: the method a MemberName refers to; *vmindex gets MemberName.vmindex. */
Method *mh_member_target(Thread *t, Object *mn, int64_t *vmindex);

void mh_visit_class_refs(Class *c, RootVisitor *v);
/* Frees c's call-site tables (class unloading, class_free). */
void mh_free_class_tables(Class *c);

/* Slots taken by the arguments of a method descriptor (no receiver). */
int mh_desc_slots(const char *desc);

#endif
