/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * FollowReferences and IterateThroughHeap with invalid arguments return their error
 * before any callback runs. An invalid initial object or class filter is a reference
 * whose object is gone (a weak global reference after its object was collected): not
 * NULL, so it is neither "from the roots" nor "no filter", but INVALID_OBJECT and
 * INVALID_CLASS (as HotSpot). NULL callbacks are NULL_POINTER, checked before the
 * references. A primitive class as the filter means nothing to report (NONE, no
 * callback), whatever the initial object.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;
static jobject gone; /* a weak global reference whose object was collected */
static int calls;

static jint JNICALL ref_cb(jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo *info, jlong class_tag,
                           jlong referrer_class_tag, jlong size, jlong *tag_ptr, jlong *referrer_tag_ptr, jint length,
                           void *user_data)
{
    calls++;
    return JVMTI_VISIT_ABORT;
}

static jint JNICALL iter_cb(jlong class_tag, jlong size, jlong *tag_ptr, jint length, void *user_data)
{
    calls++;
    return JVMTI_VISIT_ABORT;
}

static jint JNICALL prim_cb(jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo *info, jlong object_class_tag,
                            jlong *object_tag_ptr, jvalue value, jvmtiPrimitiveType value_type, void *user_data)
{
    calls++;
    return JVMTI_VISIT_ABORT;
}

static jint JNICALL array_cb(jlong class_tag, jlong size, jlong *tag_ptr, jint element_count,
                             jvmtiPrimitiveType element_type, const void *elements, void *user_data)
{
    calls++;
    return JVMTI_VISIT_ABORT;
}

static jint JNICALL string_cb(jlong class_tag, jlong size, jlong *tag_ptr, const jchar *value, jint value_length,
                              void *user_data)
{
    calls++;
    return JVMTI_VISIT_ABORT;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_tag_objects = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    return 0;
}

/* A weak global reference to an object nothing else refers to. */
JNIEXPORT void JNICALL Java_HeapWalkInvalid_makeWeak(JNIEnv *jni, jclass cls)
{
    jclass oc = (*jni)->FindClass(jni, "java/lang/Object");
    jobject o = (*jni)->AllocObject(jni, oc);
    gone = (*jni)->NewWeakGlobalRef(jni, o);
    (*jni)->DeleteLocalRef(jni, o);
}

JNIEXPORT jboolean JNICALL Java_HeapWalkInvalid_weakCleared(JNIEnv *jni, jclass cls)
{
    return (*jni)->IsSameObject(jni, gone, NULL);
}

static void report(const char *what, jvmtiError err)
{
    say("%s: %s, callbacks %s", what, err_name(err), calls ? "called" : "not called");
    calls = 0;
}

JNIEXPORT void JNICALL Java_HeapWalkInvalid_walk(JNIEnv *jni, jclass cls, jobject obj, jclass prim)
{
    jvmtiHeapCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.heap_iteration_callback = iter_cb;
    cb.heap_reference_callback = ref_cb;
    cb.primitive_field_callback = prim_cb;
    cb.array_primitive_value_callback = array_cb;
    cb.string_primitive_value_callback = string_cb;
    report("FollowReferences(initial object gone)", (*env)->FollowReferences(env, 0, NULL, gone, &cb, NULL));
    report("FollowReferences(class filter gone)", (*env)->FollowReferences(env, 0, gone, NULL, &cb, NULL));
    report("FollowReferences(class filter gone, initial object)", (*env)->FollowReferences(env, 0, gone, obj, &cb, NULL));
    report("FollowReferences(initial object gone, NULL callbacks)", (*env)->FollowReferences(env, 0, NULL, gone, NULL, NULL));
    report("FollowReferences(class filter gone, NULL callbacks)", (*env)->FollowReferences(env, 0, gone, NULL, NULL, NULL));
    report("FollowReferences(primitive class, initial object)", (*env)->FollowReferences(env, 0, prim, obj, &cb, NULL));
    report("FollowReferences(primitive class, initial object gone)", (*env)->FollowReferences(env, 0, prim, gone, &cb, NULL));
    report("IterateThroughHeap(class filter gone)", (*env)->IterateThroughHeap(env, 0, gone, &cb, NULL));
    report("IterateThroughHeap(class filter gone, NULL callbacks)", (*env)->IterateThroughHeap(env, 0, gone, NULL, NULL));
    report("IterateThroughHeap(primitive class)", (*env)->IterateThroughHeap(env, 0, prim, &cb, NULL));
    /* The valid forms do call back (the callbacks abort at once). */
    report("FollowReferences(initial object)", (*env)->FollowReferences(env, 0, NULL, obj, &cb, NULL));
    report("IterateThroughHeap()", (*env)->IterateThroughHeap(env, 0, NULL, &cb, NULL));
}
