// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * wellknown.h — classes, field offsets and methods the VM uses by name.
 *
 * wk_load_classes() loads every class in WK_CLASSES through the boot loader early in
 * boot, then wk_resolve_fields() looks up every field in WK_FIELDS (instance or static as
 * declared) and panics naming the first one missing: the VM cannot run a class library
 * whose layout it does not know. A field offset is reached as wk_off.String_value.
 * Add to the lists rather than looking fields up ad hoc.
 */
#ifndef GLASS_WELLKNOWN_H
#define GLASS_WELLKNOWN_H

#include "class.h"
#include "vm.h"

/* X(id, internal name) — loaded (not initialized) at boot, in this order. */
#define WK_CLASSES(X)                                                                       \
    X(Object, "java/lang/Object")                                                           \
    X(String, "java/lang/String")                                                           \
    X(Class, "java/lang/Class")                                                             \
    X(Cloneable, "java/lang/Cloneable")                                                     \
    X(Serializable, "java/io/Serializable")                                                 \
    X(ClassLoader, "java/lang/ClassLoader")                                                 \
    X(System, "java/lang/System")                                                           \
    X(Throwable, "java/lang/Throwable")                                                     \
    X(Error, "java/lang/Error")                                                             \
    X(Exception, "java/lang/Exception")                                                     \
    X(RuntimeException, "java/lang/RuntimeException")                                       \
    X(Thread, "java/lang/Thread")                                                           \
    X(ThreadGroup, "java/lang/ThreadGroup")                                                 \
    X(Module, "java/lang/Module")                                                           \
    X(Reference, "java/lang/ref/Reference")                                                 \
    X(SoftReference, "java/lang/ref/SoftReference")                                         \
    X(WeakReference, "java/lang/ref/WeakReference")                                         \
    X(FinalReference, "java/lang/ref/FinalReference")                                       \
    X(PhantomReference, "java/lang/ref/PhantomReference")                                   \
    X(Finalizer, "java/lang/ref/Finalizer")                                                 \
    X(StackTraceElement, "java/lang/StackTraceElement")                                     \
    X(StackFrameInfo, "java/lang/StackFrameInfo")                                           \
    X(Method, "java/lang/reflect/Method")                                                   \
    X(Constructor, "java/lang/reflect/Constructor")                                         \
    X(Field, "java/lang/reflect/Field")                                                     \
    X(Parameter, "java/lang/reflect/Parameter")                                             \
    X(RecordComponent, "java/lang/reflect/RecordComponent")                                 \
    X(AccessibleObject, "java/lang/reflect/AccessibleObject")                               \
    X(MagicAccessorImpl, "jdk/internal/reflect/MagicAccessorImpl")                          \
    X(ConstantPool, "jdk/internal/reflect/ConstantPool")                                    \
    X(MethodHandle, "java/lang/invoke/MethodHandle")                                        \
    X(DirectMethodHandle, "java/lang/invoke/DirectMethodHandle")                            \
    X(VarHandle, "java/lang/invoke/VarHandle")                                              \
    X(MemberName, "java/lang/invoke/MemberName")                                            \
    X(ResolvedMethodName, "java/lang/invoke/ResolvedMethodName")                            \
    X(MethodHandleNatives, "java/lang/invoke/MethodHandleNatives")                          \
    X(LambdaForm, "java/lang/invoke/LambdaForm")                                            \
    X(MethodType, "java/lang/invoke/MethodType")                                            \
    X(CallSite, "java/lang/invoke/CallSite")                                                \
    X(StringBuilder, "java/lang/StringBuilder")                                             \
    X(UnsafeConstants, "jdk/internal/misc/UnsafeConstants")                                 \
    X(Boolean, "java/lang/Boolean")                                                         \
    X(Character, "java/lang/Character")                                                     \
    X(Float, "java/lang/Float")                                                             \
    X(Double, "java/lang/Double")                                                           \
    X(Byte, "java/lang/Byte")                                                               \
    X(Short, "java/lang/Short")                                                             \
    X(Integer, "java/lang/Integer")                                                         \
    X(Long, "java/lang/Long")                                                               \
    X(AssertionStatusDirectives, "java/lang/AssertionStatusDirectives")                     \
    X(AccessControlContext, "java/security/AccessControlContext")

/* X(id, class id, field name, descriptor) */
#define WK_FIELDS(X)                                                                        \
    X(String_value, String, "value", "[B")                                                  \
    X(String_coder, String, "coder", "B")                                                   \
    X(String_hash, String, "hash", "I")                                                     \
    X(String_hashIsZero, String, "hashIsZero", "Z")                                         \
    X(String_COMPACT_STRINGS, String, "COMPACT_STRINGS", "Z")                               \
    X(Class_classLoader, Class, "classLoader", "Ljava/lang/ClassLoader;")                   \
    X(Class_componentType, Class, "componentType", "Ljava/lang/Class;")                     \
    X(Class_module, Class, "module", "Ljava/lang/Module;")                                  \
    X(Class_name, Class, "name", "Ljava/lang/String;")                                      \
    X(Class_classData, Class, "classData", "Ljava/lang/Object;")                            \
    X(ClassLoader_parent, ClassLoader, "parent", "Ljava/lang/ClassLoader;")                 \
    X(ClassLoader_name, ClassLoader, "name", "Ljava/lang/String;")                          \
    X(ClassLoader_nameAndId, ClassLoader, "nameAndId", "Ljava/lang/String;")                \
    X(ClassLoader_unnamedModule, ClassLoader, "unnamedModule", "Ljava/lang/Module;")        \
    X(Throwable_backtrace, Throwable, "backtrace", "Ljava/lang/Object;")                    \
    X(Throwable_detailMessage, Throwable, "detailMessage", "Ljava/lang/String;")            \
    X(Throwable_cause, Throwable, "cause", "Ljava/lang/Throwable;")                         \
    X(Throwable_stackTrace, Throwable, "stackTrace", "[Ljava/lang/StackTraceElement;")      \
    X(Throwable_depth, Throwable, "depth", "I")                                             \
    X(Thread_eetop, Thread, "eetop", "J")                                                   \
    X(Thread_threadStatus, Thread, "threadStatus", "I")                                     \
    X(Thread_interrupted, Thread, "interrupted", "Z")                                       \
    X(Thread_stillborn, Thread, "stillborn", "Z")                                           \
    X(Thread_priority, Thread, "priority", "I")                                             \
    X(Thread_daemon, Thread, "daemon", "Z")                                                 \
    X(Thread_name, Thread, "name", "Ljava/lang/String;")                                    \
    X(Thread_group, Thread, "group", "Ljava/lang/ThreadGroup;")                             \
    X(Thread_contextClassLoader, Thread, "contextClassLoader", "Ljava/lang/ClassLoader;")   \
    X(Thread_stackSize, Thread, "stackSize", "J")                                           \
    X(Thread_tid, Thread, "tid", "J")                                                       \
    X(Thread_parkBlocker, Thread, "parkBlocker", "Ljava/lang/Object;")                      \
    X(ThreadGroup_name, ThreadGroup, "name", "Ljava/lang/String;")                          \
    X(ThreadGroup_parent, ThreadGroup, "parent", "Ljava/lang/ThreadGroup;")                 \
    X(ThreadGroup_maxPriority, ThreadGroup, "maxPriority", "I")                             \
    X(Module_name, Module, "name", "Ljava/lang/String;")                                    \
    X(Module_loader, Module, "loader", "Ljava/lang/ClassLoader;")                           \
    X(Reference_referent, Reference, "referent", "Ljava/lang/Object;")                      \
    X(Reference_queue, Reference, "queue", "Ljava/lang/ref/ReferenceQueue;")                \
    X(Reference_next, Reference, "next", "Ljava/lang/ref/Reference;")                       \
    X(Reference_discovered, Reference, "discovered", "Ljava/lang/ref/Reference;")           \
    X(StackTraceElement_declaringClassObject, StackTraceElement, "declaringClassObject",   \
      "Ljava/lang/Class;")                                                                  \
    X(StackTraceElement_classLoaderName, StackTraceElement, "classLoaderName",             \
      "Ljava/lang/String;")                                                                 \
    X(StackTraceElement_moduleName, StackTraceElement, "moduleName", "Ljava/lang/String;") \
    X(StackTraceElement_moduleVersion, StackTraceElement, "moduleVersion",                 \
      "Ljava/lang/String;")                                                                 \
    X(StackTraceElement_declaringClass, StackTraceElement, "declaringClass",               \
      "Ljava/lang/String;")                                                                 \
    X(StackTraceElement_methodName, StackTraceElement, "methodName", "Ljava/lang/String;") \
    X(StackTraceElement_fileName, StackTraceElement, "fileName", "Ljava/lang/String;")     \
    X(StackTraceElement_lineNumber, StackTraceElement, "lineNumber", "I")                   \
    X(Boolean_value, Boolean, "value", "Z")                                                 \
    X(Character_value, Character, "value", "C")                                             \
    X(Float_value, Float, "value", "F")                                                     \
    X(Double_value, Double, "value", "D")                                                   \
    X(Byte_value, Byte, "value", "B")                                                       \
    X(Short_value, Short, "value", "S")                                                     \
    X(Integer_value, Integer, "value", "I")                                                 \
    X(Long_value, Long, "value", "J")

typedef struct WkClasses {
#define X(id, name) Class *id;
    WK_CLASSES(X)
#undef X
} WkClasses;

typedef struct WkOffsets {
#define X(id, cls, name, desc) uint32_t id;
    WK_FIELDS(X)
#undef X
} WkOffsets;

extern WkClasses wk;
extern WkOffsets wk_off;

/* Loads the WK_CLASSES (boot loader). Panics if one is missing. */
void wk_load_classes(Thread *t);
/* Resolves WK_FIELDS offsets (static field offsets are mirror offsets). */
void wk_resolve_fields(Thread *t);
/* Finds a method of a well-known class by name/desc; panics if missing. Cached by caller. */
Method *wk_method(Class *c, const char *name, const char *desc);

#endif
