// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * heap.c — the JVMTI Heap category. So far only ForceGarbageCollection, which needs no
 * capability; object tags and heap walking (can_tag_objects: GetTag, SetTag,
 * GetObjectsWithTags, FollowReferences, IterateThroughHeap and the 1.0 heap functions)
 * are still stubs in unimplemented.c.
 *
 * Contracts: called by the generated wrappers in the live phase, TS_JAVA.
 */
#include "../vm/heap.h"
#include "../vm/thread.h"
#include "gen/jvmti_impl.h"
#include "jvmti_int.h"

/* JVMTI: ForceGarbageCollection. A full collection on the calling thread, with the
 * GarbageCollectionStart/Finish events; finalizers are not run here (the collector only
 * queues them). Refused from inside a collection (a GC event callback calling it, which
 * the spec does not allow): the world is already stopped for that one. */
jvmtiError jvmti_ForceGarbageCollection(JvmtiEnv *env, Thread *self)
{
    if (thread_is_safepoint_initiator(self)) return JVMTI_ERROR_INTERNAL;
    heap_collect(self, GC_TOOL);
    return JVMTI_ERROR_NONE;
}
