/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI FollowReferences (spec "Heap Reference Callback"): a callback that changes the
 * referrer's tag through referrer_tag_ptr, or the referenced object's through tag_ptr,
 * makes later callbacks see the new tag: a referrer with several references (fields of
 * its class and superclass, an array) counts its own reports; a self-reference shares
 * one pointer; an object retagged while referenced is the referrer of its own references
 * under the new tag. Field indexes of a subclass (superclass and interface fields
 * first) are printed too.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;
static char lines[64][160];
static int nlines;
static jlong seen[64];
static int nseen;

#define LINE(...) do { if (nlines < 64) snprintf(lines[nlines++], sizeof lines[0], __VA_ARGS__); } while (0)

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_tag_objects = 1;
    return (*env)->AddCapabilities(env, &caps) == JVMTI_ERROR_NONE ? 0 : 1;
}

/* Node n: 1000 counting up with each report from it; arrays: 2000 up; the leaves 1..3,
 * retagged 10x when first reported. */
static int mine(jlong t) { return t >= 1 && t < 4000; }

static jint JNICALL ref_cb(jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo *info, jlong class_tag,
                           jlong referrer_class_tag, jlong size, jlong *tag_ptr, jlong *referrer_tag_ptr, jint length,
                           void *ud)
{
    if (kind != JVMTI_HEAP_REFERENCE_FIELD && kind != JVMTI_HEAP_REFERENCE_ARRAY_ELEMENT) return JVMTI_VISIT_OBJECTS;
    if (referrer_tag_ptr == NULL || !mine(*referrer_tag_ptr)) return JVMTI_VISIT_OBJECTS;
    /* The VM chooses the order of the reports: print what does not depend on it. */
    jlong r = *referrer_tag_ptr, group = r >= 2000 ? 2000 : r >= 1000 ? 1000 : r / 10 * 10;
    LINE("kind %d index %d from the object tagged %lld, self %d", (int)kind, (int)info->field.index, (long long)group,
         referrer_tag_ptr == tag_ptr);
    if (nseen < 64) seen[nseen++] = r;
    if (*tag_ptr >= 1 && *tag_ptr <= 3) *tag_ptr *= 10; /* a leaf, first seen */
    *referrer_tag_ptr += 1;
    return JVMTI_VISIT_OBJECTS;
}

static int cmp(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

static int cmpl(const void *a, const void *b)
{
    jlong x = *(const jlong *)a, y = *(const jlong *)b;
    return x < y ? -1 : x > y;
}

JNIEXPORT void JNICALL Java_FollowReferencesTags_follow(JNIEnv *jni, jclass cls, jobject n, jobject l1, jobject l2,
                                                       jobject l3, jobject arr)
{
    check("SetTag node", (*env)->SetTag(env, n, 1000));
    check("SetTag leaf1", (*env)->SetTag(env, l1, 1));
    check("SetTag leaf2", (*env)->SetTag(env, l2, 2));
    check("SetTag leaf3", (*env)->SetTag(env, l3, 3));
    check("SetTag array", (*env)->SetTag(env, arr, 2000));
    jvmtiHeapCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.heap_reference_callback = ref_cb;
    check("FollowReferences", (*env)->FollowReferences(env, 0, NULL, n, &cb, NULL));
    /* the order of reports is the VM's: print them sorted */
    qsort(lines, nlines, sizeof lines[0], cmp);
    for (int i = 0; i < nlines; i++) say("  %s", lines[i]);
    qsort(seen, nseen, sizeof seen[0], cmpl);
    char buf[512];
    int len = 0;
    for (int i = 0; i < nseen; i++) len += snprintf(buf + len, sizeof buf - len, " %lld", (long long)seen[i]);
    say("referrer tags seen:%s", buf);
    jlong t;
    (*env)->GetTag(env, n, &t);
    say("node tag after: %lld", (long long)t);
    (*env)->GetTag(env, arr, &t);
    say("array tag after: %lld", (long long)t);
    (*env)->GetTag(env, l1, &t);
    say("leaf1 tag after: %lld", (long long)t);
    (*env)->GetTag(env, l3, &t);
    say("leaf3 tag after: %lld", (long long)t);
}
