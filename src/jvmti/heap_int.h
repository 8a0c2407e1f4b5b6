// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * heap_int.h — private to heap.c and heapwalk.c (the JVMTI Heap category): tag lookups for
 * code that runs with the world stopped, and the object-reporting helpers both the heap
 * iterations and the reference walks use (sizes, filters, field indexes, primitive field,
 * string and array value callbacks).
 *
 * Contracts: the *_stopped/heap_* helpers are for the safepoint initiator while the world
 * is stopped (no thread is inside a tag-table operation then, so no lock is taken);
 * jvmti_tag_get is also used there.
 */
#ifndef GLASS_JVMTI_HEAP_INT_H
#define GLASS_JVMTI_HEAP_INT_H

#include "../vm/class.h"
#include "jvmti_int.h"

/* o's tag in e (0 if none). World stopped, or a caller that tolerates a racy read. */
jlong jvmti_tag_get(JvmtiEnv *e, const Object *o);
/* Sets o's tag in e (0 removes it). World stopped. */
void jvmti_tag_set_stopped(JvmtiEnv *e, Object *o, jlong tag);

/* GetObjectSize's answer for o. */
jlong jvmti_heap_size(const Object *o);
/* The tag of o's class (its mirror's tag). */
jlong jvmti_heap_class_tag(JvmtiEnv *e, const Object *o);
/* Does the heap_filter (JVMTI_HEAP_FILTER_* bits) exclude an object with these tags? */
bool jvmti_heap_filtered(jint heap_filter, jlong tag, jlong class_tag);
/* The optional klass argument of IterateThroughHeap/FollowReferences, as the agent passed
 * it: NULL is no filter (*out NULL); INVALID_CLASS unless it refers to a java.lang.Class
 * (a weak reference whose object is gone included); *primitive for a primitive class. */
jvmtiError jvmti_heap_klass_filter(jclass klass, Class **out, bool *primitive);
/* jvmtiPrimitiveType ('Z', 'I', ...) of a primitive BasicType, 0 otherwise. */
char jvmti_heap_prim_char(int bt);
jvalue jvmti_heap_load(const void *addr, int bt);
/* Index of c's first declared field, for objects (or statics) of class `of` (spec
 * jvmtiHeapReferenceInfoField, numbered as HotSpot does). */
jint jvmti_heap_field_base(const Class *of, const Class *c);
/* Value callbacks; each returns the callback's visit control (0 when not called). */
jint jvmti_heap_report_prim_fields(JvmtiEnv *e, Object *o, jlong class_tag, jlong *tag_ptr,
                                   jvmtiPrimitiveFieldCallback cb, const void *user_data);
jint jvmti_heap_report_string(Object *o, jlong class_tag, jlong size, jlong *tag_ptr,
                              jvmtiStringPrimitiveValueCallback cb, const void *user_data);
jint jvmti_heap_report_array(Object *o, jlong class_tag, jlong size, jlong *tag_ptr,
                             jvmtiArrayPrimitiveValueCallback cb, const void *user_data);

#endif
