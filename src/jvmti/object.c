// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * object.c — JVMTI functions of the spec category "Object": GetObjectSize and
 * GetObjectHashCode. (GetObjectMonitorUsage needs can_get_monitor_info, which GlassVM
 * does not offer yet; its stub stays in unimplemented.c.)
 *
 * Contracts: called by the generated wrappers (gen/jvmti_entry.c) in the start or live
 * phase, on an attached thread in state TS_JAVA, with `object` already converted from a
 * valid jobject (never NULL) and every out-pointer checked for NULL. Nothing here blocks
 * or reaches a safepoint poll, so the Object* stays valid throughout.
 */
#include "../vm/heap.h"
#include "../vm/object.h"
#include "gen/jvmti_impl.h"
#include "jvmti_int.h"

/*
 * JVMTI: GetObjectSize. The spec asks for an implementation-specific approximation of
 * the storage the object consumes; we answer the exact size of the heap cell the object
 * occupies (header, fields or elements, and the size-class rounding the allocator
 * applied), which is what a memory tool wants to add up. The size of an object is fixed
 * for its lifetime (objects never move or shrink), but the answer for equal-shaped
 * objects can differ if they were allocated in different cell kinds. Falls back to the
 * layout size for an object outside the collected heap (none exist today).
 */
jvmtiError jvmti_GetObjectSize(JvmtiEnv *env, Thread *self, Object *object, jlong *size_ptr)
{
    size_t size = heap_object_size(object);
    if (size == 0) size = (obj_size(object) + 7) & ~(size_t)7;
    *size_ptr = (jlong)size;
    return JVMTI_ERROR_NONE;
}

/*
 * JVMTI: GetObjectHashCode. The identity hash: the value System.identityHashCode and
 * Object.hashCode (unless overridden) return, assigned on first request and stored in
 * the object's header, so it stays the same for the object's whole life.
 */
jvmtiError jvmti_GetObjectHashCode(JvmtiEnv *env, Thread *self, Object *object, jint *hash_code_ptr)
{
    *hash_code_ptr = (jint)obj_identity_hash(self, object);
    return JVMTI_ERROR_NONE;
}
