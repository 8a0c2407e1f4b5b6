/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * IterateThroughHeap and FollowReferences on the mirror of a class that is loaded but
 * not linked, then linked (see UnlinkedClass.java). The mirror is tagged; the agent
 * counts the primitive static field values reported for it (and their sum) and whether
 * any reference from it is reported. Counts only: which references a linked class
 * reports in detail is covered by FollowReferences.
 */
#include "jvmti_test.h"

#define TAG 77

static jvmtiEnv *env;
static int prims;
static jlong sum;
static int refs;

static jint JNICALL prim_cb(jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo *info, jlong class_tag,
                            jlong *tag_ptr, jvalue value, jvmtiPrimitiveType type, void *data)
{
    if (*tag_ptr == TAG && kind == JVMTI_HEAP_REFERENCE_STATIC_FIELD) {
        prims++;
        sum += type == JVMTI_PRIMITIVE_TYPE_LONG ? value.j : value.i;
    }
    return 0;
}

static jint JNICALL ref_cb(jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo *info, jlong class_tag,
                           jlong referrer_class_tag, jlong size, jlong *tag_ptr, jlong *referrer_tag_ptr, jint length,
                           void *data)
{
    if (referrer_tag_ptr != NULL && *referrer_tag_ptr == TAG) refs++;
    return JVMTI_VISIT_OBJECTS;
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

JNIEXPORT void JNICALL Java_UnlinkedClass_report(JNIEnv *jni, jclass cls, jstring label, jclass k)
{
    const char *l = (*jni)->GetStringUTFChars(jni, label, NULL);
    jint st = -1;
    (*env)->GetClassStatus(env, k, &st);
    (*env)->SetTag(env, k, TAG);
    jvmtiHeapCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.primitive_field_callback = prim_cb;
    prims = 0;
    sum = 0;
    jvmtiError e = (*env)->IterateThroughHeap(env, 0, NULL, &cb, NULL);
    say("%s (status %d): IterateThroughHeap %s: %d static values, sum %lld", l, (int)st, err_name(e), prims,
        (long long)sum);
    cb.heap_reference_callback = ref_cb;
    prims = 0;
    sum = 0;
    refs = 0;
    e = (*env)->FollowReferences(env, 0, NULL, NULL, &cb, NULL);
    say("%s: FollowReferences %s: %d static values, sum %lld, references from the class: %s", l, err_name(e), prims,
        (long long)sum, refs ? "some" : "none");
    (*env)->SetTag(env, k, 0);
    (*jni)->ReleaseStringUTFChars(jni, label, l);
}
