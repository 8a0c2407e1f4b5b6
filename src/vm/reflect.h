// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * reflect.h — java.lang.reflect objects for VM methods and fields, boxing, and reflective
 * invocation. Used by JNI (To/FromReflected*), JVM_GetClassDeclared*, JVM_InvokeMethod,
 * JVM_NewInstanceFromConstructor, and later JVMTI.
 *
 * A reflect.Method/Constructor/Field is tied to the VM record through (clazz, slot), where
 * slot is Method.index / Field.index, exactly as the class library expects.
 * All functions return NULL/false with an exception pending on failure, and must be
 * called in TS_JAVA (they allocate and may run Java code).
 *
 * Primitive values travel in a Slot in "normalized" form: boolean (0/1), byte, char,
 * short and int in `i` (sign- or zero-extended as Java does), long in `j`, float in `f`,
 * double in `d`, references in `l`.
 */
#ifndef GLASS_REFLECT_H
#define GLASS_REFLECT_H

#include "class.h"
#include "vm.h"

/* A new java.lang.reflect.Method (or Constructor for <init>) describing m. reflect_method
 * also accepts <clinit> (jdk.internal.reflect.ConstantPool.getMethodAt does that). */
Object *reflect_method(Thread *t, Method *m);
Object *reflect_constructor(Thread *t, Method *m);
Object *reflect_field(Thread *t, Field *f);
/* The VM record behind a reflect.Method/Constructor/Field (NULL if o is none of those). */
Method *reflect_to_method(Object *o);
Field *reflect_to_field(Object *o);

/* Method.invoke / Constructor.newInstance core (JVM_InvokeMethod,
 * JVM_NewInstanceFromConstructor): argument unboxing and widening, IllegalArgumentException
 * for mismatches, virtual dispatch for non-static, non-private methods, exceptions thrown by
 * the target wrapped in InvocationTargetException. */
Object *reflect_invoke(Thread *t, Object *method, Object *receiver, Array *args);
Object *reflect_new_instance(Thread *t, Object *ctor, Array *args);

/* Boxing: primitive value -> Integer etc. (BT_VOID gives NULL, references are returned
 * as they are); unbox checks the type and widens per JLS 5.1.2 (IllegalArgumentException
 * "argument type mismatch" otherwise, without a message for null). */
Object *reflect_box(Thread *t, BasicType bt, const Slot *v);
bool reflect_unbox(Thread *t, Object *box, BasicType bt, Slot *out);
/* The primitive type a box object holds (Integer -> BT_INT), BT_ILLEGAL for anything else
 * (null included); *out receives the value when the type is primitive. */
BasicType reflect_box_value(const Object *box, Slot *out);
/* Widening primitive conversion of *v in place (JLS 5.1.2, HotSpot Reflection::widen);
 * identity when from == to; false with IllegalArgumentException("argument type mismatch")
 * if not allowed. */
bool reflect_widen(Thread *t, Slot *v, BasicType from, BasicType to);

/* A record class: final, direct subclass of java.lang.Record, with a Record attribute
 * (HotSpot InstanceKlass::is_record). */
bool reflect_is_record(const Class *c);

/* Class objects for a method's parameter types (Class[]), return type, exception types.
 * Types are resolved in the loader of the method's class (NoClassDefFoundError if one is
 * missing). */
Array *reflect_parameter_types(Thread *t, Method *m);
Object *reflect_return_type(Thread *t, Method *m);
Array *reflect_exception_types(Thread *t, Method *m);

/*
 * Offsets of the fields the VM fills in reflection-related objects (needed by reflect.c
 * and src/jvm/jvm_class.c, jvm_cp.c). Looked up once, on first use, in the WK_CLASSES
 * entries; a missing field is a broken class library and panics.
 * X(id, wk class, field name, descriptor)
 */
#define REFLECT_FIELDS(X)                                                                   \
    X(Method_clazz, Method, "clazz", "Ljava/lang/Class;")                                   \
    X(Method_slot, Method, "slot", "I")                                                     \
    X(Method_name, Method, "name", "Ljava/lang/String;")                                    \
    X(Method_returnType, Method, "returnType", "Ljava/lang/Class;")                         \
    X(Method_parameterTypes, Method, "parameterTypes", "[Ljava/lang/Class;")                \
    X(Method_exceptionTypes, Method, "exceptionTypes", "[Ljava/lang/Class;")                \
    X(Method_modifiers, Method, "modifiers", "I")                                           \
    X(Method_signature, Method, "signature", "Ljava/lang/String;")                          \
    X(Method_annotations, Method, "annotations", "[B")                                      \
    X(Method_parameterAnnotations, Method, "parameterAnnotations", "[B")                    \
    X(Method_annotationDefault, Method, "annotationDefault", "[B")                          \
    X(Constructor_clazz, Constructor, "clazz", "Ljava/lang/Class;")                         \
    X(Constructor_slot, Constructor, "slot", "I")                                           \
    X(Constructor_parameterTypes, Constructor, "parameterTypes", "[Ljava/lang/Class;")      \
    X(Constructor_exceptionTypes, Constructor, "exceptionTypes", "[Ljava/lang/Class;")      \
    X(Constructor_modifiers, Constructor, "modifiers", "I")                                 \
    X(Constructor_signature, Constructor, "signature", "Ljava/lang/String;")                \
    X(Constructor_annotations, Constructor, "annotations", "[B")                            \
    X(Constructor_parameterAnnotations, Constructor, "parameterAnnotations", "[B")          \
    X(Field_clazz, Field, "clazz", "Ljava/lang/Class;")                                     \
    X(Field_slot, Field, "slot", "I")                                                       \
    X(Field_name, Field, "name", "Ljava/lang/String;")                                      \
    X(Field_type, Field, "type", "Ljava/lang/Class;")                                       \
    X(Field_modifiers, Field, "modifiers", "I")                                             \
    X(Field_trustedFinal, Field, "trustedFinal", "Z")                                       \
    X(Field_signature, Field, "signature", "Ljava/lang/String;")                            \
    X(Field_annotations, Field, "annotations", "[B")                                        \
    X(Parameter_name, Parameter, "name", "Ljava/lang/String;")                              \
    X(Parameter_modifiers, Parameter, "modifiers", "I")                                     \
    X(Parameter_executable, Parameter, "executable", "Ljava/lang/reflect/Executable;")      \
    X(Parameter_index, Parameter, "index", "I")                                             \
    X(RecordComponent_clazz, RecordComponent, "clazz", "Ljava/lang/Class;")                 \
    X(RecordComponent_name, RecordComponent, "name", "Ljava/lang/String;")                  \
    X(RecordComponent_type, RecordComponent, "type", "Ljava/lang/Class;")                   \
    X(RecordComponent_accessor, RecordComponent, "accessor", "Ljava/lang/reflect/Method;")  \
    X(RecordComponent_signature, RecordComponent, "signature", "Ljava/lang/String;")        \
    X(RecordComponent_annotations, RecordComponent, "annotations", "[B")                    \
    X(RecordComponent_typeAnnotations, RecordComponent, "typeAnnotations", "[B")            \
    X(ConstantPool_constantPoolOop, ConstantPool, "constantPoolOop", "Ljava/lang/Object;")  \
    X(ASD_classes, AssertionStatusDirectives, "classes", "[Ljava/lang/String;")             \
    X(ASD_classEnabled, AssertionStatusDirectives, "classEnabled", "[Z")                    \
    X(ASD_packages, AssertionStatusDirectives, "packages", "[Ljava/lang/String;")           \
    X(ASD_packageEnabled, AssertionStatusDirectives, "packageEnabled", "[Z")                \
    X(ASD_deflt, AssertionStatusDirectives, "deflt", "Z")

typedef struct ReflectOffsets {
#define X(id, cls, name, desc) uint32_t id;
    REFLECT_FIELDS(X)
#undef X
} ReflectOffsets;

/* The offsets (resolved on the first call; thread-safe). */
const ReflectOffsets *reflect_offsets(void);

/* A byte[] copy of a raw class-file attribute body (annotations), NULL when absent;
 * check exc_pending to tell an absent attribute from a failed allocation. */
Array *reflect_bytes(Thread *t, CfBytes b);

#endif
