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
#include "../vm/object.h"
#include "gen/jvmti_impl.h"
#include "jvmti_int.h"

/*
 * JVMTI: GetObjectSize. The spec asks for an implementation-specific approximation of
 * the storage the object consumes; we answer the object's own size as a layout tool
 * computes it (java.lang.instrument's getObjectSize, JOL): the header plus the fields,
 * or the array header plus the elements, rounded up to 8 bytes. Not the allocator's cell
 * (its size-class rounding is the heap's business, and tools compare sizes: new int[200]
 * is exactly 400 bytes larger than new int[100]). A mirror counts its static fields.
 */
jvmtiError jvmti_GetObjectSize(JvmtiEnv *env, Thread *self, Object *object, jlong *size_ptr)
{
    *size_ptr = (jlong)((obj_size(object) + 7) & ~(size_t)7);
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
