// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * resolve.h — constant-pool resolution (JVMS 5.4.3) and access control (JVMS 5.4.4).
 *
 * Every function resolves CP entry `index` of class `from`, caches the result in
 * from->cp.resolved[index] and returns it; later calls return the cached value with one
 * load. Failures leave the JVMS error pending (NoClassDefFoundError, IllegalAccessError,
 * NoSuchFieldError, NoSuchMethodError, IncompatibleClassChangeError, ...) and return NULL.
 * A LinkageError resolving a Class, MethodType, MethodHandle or Dynamic entry (and so the
 * class part of a Fieldref or Methodref), or an invokedynamic call site (mh.c), is
 * remembered: every later attempt fails with the same error without loading anything
 * again (JVMS 5.4.3). Other failures (OutOfMemoryError, ...) are retried.
 */
#ifndef GLASS_RESOLVE_H
#define GLASS_RESOLVE_H

#include "class.h"
#include "vm.h"

Class *resolve_class(Thread *t, Class *from, uint16_t index);
/* Did resolving Class entry `index` fail for good (its slot holds a ResolveError record,
 * not a Class*)? Readers of cp.resolved that bypass resolve_class must test this. */
bool resolve_class_in_error(Class *from, uint16_t index);
/* A class named by a descriptor or internal name, in from's loader, with access check. */
Class *resolve_class_name(Thread *t, Class *from, const char *name);
/* The class of a field/return/parameter type descriptor ("I", "Ljava/lang/String;", "[J")
 * in the loader of `from` (NULL = boot); primitives give primitive classes. */
Class *resolve_type_desc(Thread *t, Class *from, const char *desc, size_t len);

/* Fieldref; is_static selects getstatic/putstatic vs getfield/putfield (ICCE on mismatch). */
Field *resolve_field(Thread *t, Class *from, uint16_t index, bool is_static);
/* resolve_field without the static/instance check (MethodHandle constants: the JDK's
 * linkMethodHandleConstant reports a mismatch, as an IllegalAccessError). */
Field *resolve_field_symbolic(Thread *t, Class *from, uint16_t index);

typedef enum InvokeKind {
    INVOKE_VIRTUAL,
    INVOKE_SPECIAL,
    INVOKE_STATIC,
    INVOKE_INTERFACE,
} InvokeKind;
/* Methodref / InterfaceMethodref for the given instruction kind, including the checks of
 * JVMS 6.5 for that instruction (static vs instance: ICCE; abstract for invokespecial...). */
Method *resolve_method(Thread *t, Class *from, uint16_t index, InvokeKind kind);

Object *resolve_string(Thread *t, Class *from, uint16_t index);
/* ldc of MethodType / MethodHandle / Dynamic constants (JSR 292). */
Object *resolve_method_type(Thread *t, Class *from, uint16_t index);
Object *resolve_method_handle(Thread *t, Class *from, uint16_t index);
/* Dynamic constant; stores into *ret and its type into *bt. */
bool resolve_dynamic_constant(Thread *t, Class *from, uint16_t index, Slot *ret, BasicType *bt);

/*
 * A remembered resolution error (JVMS 5.4.3). As HotSpot does, it keeps the error's
 * class name and detail message and those of its cause, and each later attempt throws a
 * new instance of them (classes of the boot loader), so the stack trace is the
 * attempt's own.
 */
typedef struct ResolveError ResolveError;
/* Records the pending exception if it is a LinkageError (it stays pending); NULL for any
 * other exception. default_msg stands in for a null detail message (NULL: keep none);
 * keep_cause false drops the cause (HotSpot's invokedynamic errors). Malloc'd. */
ResolveError *resolve_error_save(Thread *t, const char *default_msg, bool keep_cause);
/* Throws a new instance of the remembered error (see above). */
void resolve_error_throw(Thread *t, const ResolveError *e);
void resolve_error_free(ResolveError *e);
/* Frees what resolution attached to c's constant pool (its remembered errors); for a
 * class being freed. */
void resolve_release(Class *c);

/* "'void pkg.C.m(int, java.lang.String)'" — HotSpot's spelling of a method in messages
 * (cls NULL: "'void m(int, java.lang.String)'"). */
void resolve_format_method(const char *cls, const char *name, const char *desc, char *buf,
                           size_t n);

/* Access control. */
bool resolve_class_accessible(const Class *from, const Class *to);
/* Member access of (decl, access) referenced through class `ref` from `from`. */
bool resolve_member_accessible(const Class *from, const Class *ref, const Class *decl,
                               uint16_t access);
/* Nest host of c (JVMS 5.4.4), resolving and validating the NestHost attribute lazily. */
Class *resolve_nest_host(Thread *t, Class *c);

#endif
