// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * object.h — creating objects and arrays, cloning, identity hash, type tests.
 *
 * All functions return NULL with an exception pending on failure (OutOfMemoryError,
 * NegativeArraySizeException, ...). Allocation may run a collection; Object* values held
 * in C locals stay valid (the collector scans stacks conservatively and never moves).
 */
#ifndef GLASS_OBJECT_H
#define GLASS_OBJECT_H

#include "class.h"
#include "vm.h"

/* A new instance of c (which must be linked; not initialized by this call). Registers the
 * object with the finalizer if c has a non-trivial finalize(). */
Object *obj_new(Thread *t, Class *c);
/* A new array of `array_class` (an array Class) with `length` elements, zeroed. */
Array *obj_new_array(Thread *t, Class *array_class, int32_t length);
/* New primitive array of element type bt (BT_INT, ...). */
Array *obj_new_prim_array(Thread *t, BasicType bt, int32_t length);
/* New Object[]-like array whose component class is `component`. */
Array *obj_new_ref_array(Thread *t, Class *component, int32_t length);
/* multianewarray: dims[0..n) lengths, array_class has at least n dimensions. */
Array *obj_new_multi_array(Thread *t, Class *array_class, int n, const int32_t *dims);
/* Shallow copy (Object.clone semantics, without the Cloneable check). */
Object *obj_clone(Thread *t, Object *o);

/* Identity hash, stable for the object's lifetime, never 0. */
int32_t obj_identity_hash(Thread *t, Object *o);

/* Byte size of an array's elements region, and total object size. */
size_t obj_array_bytes(const Class *array_class, int32_t length);
size_t obj_size(const Object *o);

/* instanceof: o non-null and o's class <: c. */
bool obj_instance_of(const Object *o, const Class *c);

/* Array element address. */
static inline void *array_elem_addr(Array *a, int32_t i, int shift)
{
    return (char *)a + ARRAY_BASE_OFFSET + ((size_t)i << shift);
}

#endif
