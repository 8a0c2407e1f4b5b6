// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * heap_int.h — private to heap.c and heapwalk.c (the JVMTI Heap category): tag lookups for
 * code that runs with the world stopped, and the object-reporting helpers both the heap
 * iterations and the reference walks use (sizes, filters, field indexes, primitive field,
 * string and array value callbacks).
 *
 * Contracts: the tag and heap_* helpers are for the safepoint initiator while the world
 * is stopped, holding the environment's tags (jvmti_tags_walk_begin).
 */
#ifndef GLASS_JVMTI_HEAP_INT_H
#define GLASS_JVMTI_HEAP_INT_H

#include "../vm/class.h"
#include "jvmti_int.h"

/* A heap walk or iteration, with the world stopped, holds e's tags for its duration
 * (GetTag and SetTag run without a state transition, so another thread may be inside the
 * table then): begin after jvmti_stop_world, end before thread_safepoint_end. */
void jvmti_tags_walk_begin(JvmtiEnv *e, Thread *self);
void jvmti_tags_walk_end(JvmtiEnv *e);
/* o's tag in e (0 if none). Inside a walk (jvmti_tags_walk_begin). */
jlong jvmti_tag_get(JvmtiEnv *e, const Object *o);
/* Sets o's tag in e (0 removes it). Inside a walk. */
void jvmti_tag_set_stopped(JvmtiEnv *e, Object *o, jlong tag);
/* Calls fn for every object tagged in e, in address order, with its tag (fn may change it
 * to another non-zero value, and nothing else); stops when fn returns false (then false).
 * Inside a walk. */
bool jvmti_tags_for_each(JvmtiEnv *e, bool (*fn)(Object *o, jlong *tag, void *arg), void *arg);

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
