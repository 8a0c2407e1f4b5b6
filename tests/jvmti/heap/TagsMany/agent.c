/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI tags on many objects (spec "Object Tags"): 30,000 objects of every size, small
 * and large, each with its own tag; untagging and retagging some; GetObjectsWithTags;
 * IterateThroughHeap and IterateOverHeap restricted to tagged objects, with callbacks that
 * change and remove tags; four threads tagging and reading back their own objects while
 * another thread collects; ObjectFree for the dead half of the tagged objects, once each
 * and only for them.
 */
#include "jvmti_test.h"

#define N 30000

static jvmtiEnv *env;
static jrawMonitorID lock;
static jlong *freed;
static volatile int nfreed;

static void JNICALL object_free(jvmtiEnv *e, jlong tag)
{
    (*e)->RawMonitorEnter(e, lock);
    if (nfreed < 2 * N) freed[nfreed++] = tag;
    (*e)->RawMonitorExit(e, lock);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_tag_objects = 1;
    caps.can_generate_object_free_events = 1;
    if ((*env)->AddCapabilities(env, &caps) != JVMTI_ERROR_NONE) return 1;
    jvmtiEventCallbacks cbs;
    memset(&cbs, 0, sizeof cbs);
    cbs.ObjectFree = object_free;
    (*env)->SetEventCallbacks(env, &cbs, sizeof cbs);
    (*env)->CreateRawMonitor(env, "freed", &lock);
    freed = calloc(2 * N, sizeof *freed);
    return 0;
}

/* The tag object i has after run(). */
static jlong expected(int i)
{
    if (i % 3 == 0) return 0;
    if (i % 5 == 0) return -(jlong)i - 1;
    return ((jlong)i << 32) | (i + 1);
}

static int cmp(const void *a, const void *b)
{
    jlong x = *(const jlong *)a, y = *(const jlong *)b;
    return x < y ? -1 : x > y;
}

/* Objects whose tag differs from expected(i). */
static int mismatches(JNIEnv *jni, jobjectArray objs, int from, int step)
{
    int bad = 0;
    for (int i = from; i < N; i += step) {
        jobject o = (*jni)->GetObjectArrayElement(jni, objs, i);
        jlong tag = 12345;
        if ((*env)->GetTag(env, o, &tag) != JVMTI_ERROR_NONE || tag != expected(i)) bad++;
        (*jni)->DeleteLocalRef(jni, o);
    }
    return bad;
}

JNIEXPORT void JNICALL Java_TagsMany_run(JNIEnv *jni, jclass cls, jobjectArray objs)
{
    int errs = 0;
    for (int i = 0; i < N; i++) {
        jobject o = (*jni)->GetObjectArrayElement(jni, objs, i);
        errs += (*env)->SetTag(env, o, ((jlong)i << 32) | (i + 1)) != JVMTI_ERROR_NONE;
        (*jni)->DeleteLocalRef(jni, o);
    }
    /* untag every third, retag every fifth, in reverse order */
    for (int i = N - 1; i >= 0; i--) {
        jobject o = (*jni)->GetObjectArrayElement(jni, objs, i);
        if (i % 3 == 0) errs += (*env)->SetTag(env, o, 0) != JVMTI_ERROR_NONE;
        else if (i % 5 == 0) errs += (*env)->SetTag(env, o, -(jlong)i - 1) != JVMTI_ERROR_NONE;
        (*jni)->DeleteLocalRef(jni, o);
    }
    say("SetTag errors: %d", errs);
    say("objects whose tag differs: %d", mismatches(jni, objs, 0, 1));

    /* GetObjectsWithTags: a few tags, one of them of an untagged object */
    jlong want[] = {expected(1), expected(10), expected(29999), expected(7) , (jlong)0x5555};
    jint count = -1;
    jobject *res;
    jlong *tags;
    /* asked again and again (GlassVM answers the first few by a scan of its tags, then
     * builds an index) */
    int counts_same = 1;
    for (int r = 0; r < 4; r++) {
        jint c = -1;
        check("GetObjectsWithTags", (*env)->GetObjectsWithTags(env, 5, want, &c, NULL, NULL));
        counts_same &= c == 4;
    }
    say("  the same count 4 times: %s", counts_same ? "yes" : "no");
    check("GetObjectsWithTags", (*env)->GetObjectsWithTags(env, 5, want, &count, &res, &tags));
    int same = 0;
    for (jint k = 0; k < count; k++) {
        int i = tags[k] < 0 ? (int)(-tags[k] - 1) : (int)(tags[k] >> 32);
        jobject o = (*jni)->GetObjectArrayElement(jni, objs, i);
        same += (*jni)->IsSameObject(jni, o, res[k]) && tags[k] == expected(i);
        (*jni)->DeleteLocalRef(jni, o);
    }
    qsort(tags, count, sizeof *tags, cmp);
    say("  count %d, right objects %d, tags %lld %lld %lld %lld", (int)count, same, (long long)tags[0],
        (long long)tags[1], (long long)tags[2], (long long)tags[3]);
    (*env)->Deallocate(env, (unsigned char *)res);
    (*env)->Deallocate(env, (unsigned char *)tags);
    /* changed since: 10 untagged, 29999 retagged, 7 given 10's tag, then all restored */
    jobject o10 = (*jni)->GetObjectArrayElement(jni, objs, 10), o7 = (*jni)->GetObjectArrayElement(jni, objs, 7),
            o29999 = (*jni)->GetObjectArrayElement(jni, objs, 29999);
    (*env)->SetTag(env, o10, 0);
    (*env)->SetTag(env, o29999, 5);
    (*env)->SetTag(env, o7, expected(10));
    check("GetObjectsWithTags after changes", (*env)->GetObjectsWithTags(env, 5, want, &count, NULL, &tags));
    qsort(tags, count, sizeof *tags, cmp);
    say("  count %d, tags %lld %lld", (int)count, (long long)tags[0], (long long)tags[1]);
    (*env)->Deallocate(env, (unsigned char *)tags);
    (*env)->SetTag(env, o10, expected(10));
    (*env)->SetTag(env, o29999, expected(29999));
    (*env)->SetTag(env, o7, expected(7));
}

static long seen;
static jlong sum;

static jint JNICALL tagged_cb(jlong ctag, jlong size, jlong *tag, jint len, void *ud)
{
    seen++;
    sum += *tag;
    jlong t = *tag;
    int i = t < 0 ? (int)(-t - 1) : (int)(t >> 32);
    if (i % 7 == 0) *tag = 0;                       /* removed during the iteration */
    else if (i % 11 == 0) *tag = t * 3;             /* changed */
    return 0;
}

static jvmtiIterationControl JNICALL old_cb(jlong ctag, jlong size, jlong *tag, void *ud)
{
    seen++;
    sum += *tag;
    return JVMTI_ITERATION_CONTINUE;
}

JNIEXPORT void JNICALL Java_TagsMany_iterate(JNIEnv *jni, jclass cls, jobjectArray objs)
{
    long want = 0;
    jlong wsum = 0;
    for (int i = 0; i < N; i++)
        if (expected(i) != 0) want++, wsum += expected(i);
    jvmtiHeapCallbacks hc;
    memset(&hc, 0, sizeof hc);
    hc.heap_iteration_callback = tagged_cb;
    seen = 0;
    sum = 0;
    check("IterateThroughHeap FILTER_UNTAGGED", (*env)->IterateThroughHeap(env, JVMTI_HEAP_FILTER_UNTAGGED, NULL, &hc, NULL));
    say("  reported all tagged objects: %s, tags right: %s", seen == want ? "yes" : "no", sum == wsum ? "yes" : "no");
    int bad = 0;
    long left = 0;
    wsum = 0;
    for (int i = 0; i < N; i++) {
        jlong t = expected(i), now = 77;
        if (t != 0 && i % 7 == 0) t = 0;
        else if (t != 0 && i % 11 == 0) t *= 3;
        jobject o = (*jni)->GetObjectArrayElement(jni, objs, i);
        (*env)->GetTag(env, o, &now);
        bad += now != t;
        if (t != 0) left++, wsum += t;
        /* back to expected(i) */
        (*env)->SetTag(env, o, expected(i));
        (*jni)->DeleteLocalRef(jni, o);
    }
    say("  tags after the callbacks' changes wrong: %d", bad);
    seen = 0;
    sum = 0;
    check("IterateOverHeap TAGGED", (*env)->IterateOverHeap(env, JVMTI_HEAP_OBJECT_TAGGED, old_cb, NULL));
    want = 0;
    wsum = 0;
    for (int i = 0; i < N; i++)
        if (expected(i) != 0) want++, wsum += expected(i);
    say("  reported all tagged objects: %s, tags right: %s", seen == want ? "yes" : "no", sum == wsum ? "yes" : "no");
    jclass c = (*jni)->FindClass(jni, "java/lang/Object");
    seen = 0;
    sum = 0;
    check("IterateOverInstancesOfClass Object TAGGED",
          (*env)->IterateOverInstancesOfClass(env, c, JVMTI_HEAP_OBJECT_TAGGED, old_cb, NULL));
    say("  reported all tagged objects: %s, tags right: %s", seen == want ? "yes" : "no", sum == wsum ? "yes" : "no");
}

/* Thread id tags its 5000 objects with its own tags 100 times, checking each time. */
JNIEXPORT jboolean JNICALL Java_TagsMany_hammer(JNIEnv *jni, jclass cls, jobjectArray objs, jint id)
{
    jint n = (*jni)->GetArrayLength(jni, objs);
    jobject *refs = malloc((size_t)n * sizeof *refs);
    for (jint i = 0; i < n; i++) refs[i] = (*jni)->NewGlobalRef(jni, (*jni)->GetObjectArrayElement(jni, objs, i));
    jboolean ok = JNI_TRUE;
    for (int round = 0; round < 100; round++) {
        for (jint i = 0; i < n; i++) {
            jlong t = ((jlong)(id + 1) << 40) | ((jlong)round << 20) | i;
            if ((*env)->SetTag(env, refs[i], round % 4 == 3 && i % 2 ? 0 : t) != JVMTI_ERROR_NONE) ok = JNI_FALSE;
        }
        for (jint i = 0; i < n; i++) {
            jlong t = ((jlong)(id + 1) << 40) | ((jlong)round << 20) | i, got = -1;
            if (round % 4 == 3 && i % 2) t = 0;
            if ((*env)->GetTag(env, refs[i], &got) != JVMTI_ERROR_NONE || got != t) ok = JNI_FALSE;
        }
    }
    for (jint i = 0; i < n; i++) {
        (*env)->SetTag(env, refs[i], 0);
        (*jni)->DeleteGlobalRef(jni, refs[i]);
    }
    free(refs);
    return ok;
}

JNIEXPORT void JNICALL Java_TagsMany_beforeFree(JNIEnv *jni, jclass cls, jobjectArray objs)
{
    check("SetEventNotificationMode ObjectFree", (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_OBJECT_FREE, NULL));
    say("objects whose tag differs: %d", mismatches(jni, objs, 0, 1));
    /* GlassVM keeps a tag index from here on: the collection must update it */
    jlong one[] = {expected(1)};
    jint count = -1;
    check("GetObjectsWithTags {tag of 1}", (*env)->GetObjectsWithTags(env, 1, one, &count, NULL, NULL));
    say("  count %d", (int)count);
}

JNIEXPORT void JNICALL Java_TagsMany_forceGC(JNIEnv *jni, jclass cls) { check("ForceGarbageCollection", (*env)->ForceGarbageCollection(env)); }

/* The dead tagged objects: every even index that got a tag. */
static int dead_tagged(void)
{
    int dead = 0;
    for (int i = 0; i < N; i += 2)
        if (expected(i) != 0) dead++;
    return dead;
}

/* Whether ObjectFree came for 90% of them (afterFree's check) by now. */
JNIEXPORT jboolean JNICALL Java_TagsMany_mostFreed(JNIEnv *jni, jclass cls)
{
    (*env)->RawMonitorEnter(env, lock);
    int n = nfreed;
    (*env)->RawMonitorExit(env, lock);
    return n >= dead_tagged() * 9 / 10;
}

JNIEXPORT void JNICALL Java_TagsMany_afterFree(JNIEnv *jni, jclass cls, jobjectArray objs)
{
    (*env)->RawMonitorEnter(env, lock);
    int n = nfreed, dup = 0, live = 0, other = 0;
    qsort(freed, n, sizeof *freed, cmp);
    for (int k = 0; k < n; k++) {
        if (k > 0 && freed[k] == freed[k - 1]) dup++;
        jlong t = freed[k];
        int i = t < 0 ? (int)(-t - 1) : (int)(t >> 32);
        if (i < 0 || i >= N || expected(i) != t) other++;
        else if (i % 2 == 1) live++;
    }
    (*env)->RawMonitorExit(env, lock);
    int dead = dead_tagged();
    /* A conservatively scanned C stack may keep a few dead objects for a while. */
    say("ObjectFree: for at least 90%% of the dead tagged objects: %s", n >= dead * 9 / 10 ? "yes" : "no");
    say("ObjectFree: duplicates %d, for live objects %d, unknown tags %d", dup, live, other);
    say("surviving objects whose tag differs: %d", mismatches(jni, objs, 1, 2));

    /* GetObjectsWithTags after all that (the changes since its first call, the deaths) */
    jlong want[200];
    int nwant = 0, alive = 0;
    for (int i = 100; i < 300; i++)
        if (expected(i) != 0) {
            want[nwant++] = expected(i);
            if (i % 2 == 1) alive++;
        }
    jint count = -1;
    jobject *res = NULL;
    jlong *tags = NULL;
    check("GetObjectsWithTags of 100..299", (*env)->GetObjectsWithTags(env, nwant, want, &count, &res, &tags));
    int right = 0;
    for (jint k = 0; k < count; k++) {
        int i = tags[k] < 0 ? (int)(-tags[k] - 1) : (int)(tags[k] >> 32);
        jobject o = (*jni)->GetObjectArrayElement(jni, objs, i);
        right += i % 2 == 1 && tags[k] == expected(i) && (*jni)->IsSameObject(jni, o, res[k]);
        (*jni)->DeleteLocalRef(jni, o);
    }
    say("  the surviving ones: %s, all right: %s", count == alive ? "yes" : "no", right == alive ? "yes" : "no");
    (*env)->Deallocate(env, (unsigned char *)res);
    (*env)->Deallocate(env, (unsigned char *)tags);
    /* one tag for many objects, then for fewer */
    int shared = 0;
    for (int i = 1; i < N; i += 4) {
        jobject o = (*jni)->GetObjectArrayElement(jni, objs, i);
        (*env)->SetTag(env, o, 777);
        (*jni)->DeleteLocalRef(jni, o);
        shared++;
    }
    jlong t777[] = {777, 12345};
    int right5 = 0;
    for (int r = 0; r < 5; r++) { /* GlassVM: scans, then the index (777 too common for it) */
        check("GetObjectsWithTags {777, 12345}", (*env)->GetObjectsWithTags(env, 2, t777, &count, NULL, NULL));
        right5 += count == shared;
    }
    say("  count right: %s", right5 == 5 ? "yes" : "no");
    for (int i = 1; i < N; i += 8) {
        jobject o = (*jni)->GetObjectArrayElement(jni, objs, i);
        (*env)->SetTag(env, o, i % 16 == 1 ? 0 : 778);
        (*jni)->DeleteLocalRef(jni, o);
        shared--;
    }
    check("GetObjectsWithTags {777}", (*env)->GetObjectsWithTags(env, 1, t777, &count, NULL, NULL));
    say("  count right: %s", count == shared ? "yes" : "no");
    /* then for a few (objects 5, 13, ..., 197): which ones, exactly */
    for (int i = 205; i < N; i += 8) {
        jobject o = (*jni)->GetObjectArrayElement(jni, objs, i);
        (*env)->SetTag(env, o, 0);
        (*jni)->DeleteLocalRef(jni, o);
    }
    check("GetObjectsWithTags {777} of a few", (*env)->GetObjectsWithTags(env, 1, t777, &count, &res, &tags));
    right = 0;
    for (int i = 5; i < 200; i += 8) {
        jobject o = (*jni)->GetObjectArrayElement(jni, objs, i);
        for (jint k = 0; k < count; k++) right += tags[k] == 777 && (*jni)->IsSameObject(jni, o, res[k]);
        (*jni)->DeleteLocalRef(jni, o);
    }
    say("  count %d, all right: %s", (int)count, right == 25 ? "yes" : "no");
    (*env)->Deallocate(env, (unsigned char *)res);
    (*env)->Deallocate(env, (unsigned char *)tags);
}
