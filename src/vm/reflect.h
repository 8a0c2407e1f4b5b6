// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * reflect.h — java.lang.reflect objects for VM methods and fields, boxing, and reflective
 * invocation. Used by JNI (To/FromReflected*), JVM_GetClassDeclared*, JVM_InvokeMethod,
 * JVM_NewInstanceFromConstructor, and later JVMTI.
 *
 * A reflect.Method/Constructor/Field is tied to the VM record through (clazz, slot), where
 * slot is Method.index / Field.index, exactly as the class library expects.
 * All functions return NULL/false with an exception pending on failure.
 */
#ifndef GLASS_REFLECT_H
#define GLASS_REFLECT_H

#include "class.h"
#include "vm.h"

/* A new java.lang.reflect.Method (or Constructor for <init>) describing m. */
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

/* Boxing: primitive value -> Integer etc. (BT_VOID gives NULL); unbox checks the type and
 * widens per JLS 5.1.2 (IllegalArgumentException "argument type mismatch" otherwise). */
Object *reflect_box(Thread *t, BasicType bt, const Slot *v);
bool reflect_unbox(Thread *t, Object *box, BasicType bt, Slot *out);

/* Class objects for a method's parameter types (Class[]), return type, exception types. */
Array *reflect_parameter_types(Thread *t, Method *m);
Object *reflect_return_type(Thread *t, Method *m);
Array *reflect_exception_types(Thread *t, Method *m);

#endif
