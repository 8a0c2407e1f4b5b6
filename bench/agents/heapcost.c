// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * heapcost.c — benchmark agent (bench/heapcost, with bench/tools/HeapCost.java): what the
 * JVMTI heap functions cost an agent. The program hands a one-million-object heap to
 * HeapCost.measure (a native method of this library, which the program also System.loads),
 * which prints one "NAME VALUE UNIT" line per measurement:
 *
 *   settag / gettag             SetTag / GetTag over the 1M objects, each a distinct
 *                               object (Mcalls/s, by the thread's CPU time); *_hot: the
 *                               same object again and again
 *   gettag_untagged             GetTag of objects that have no tag
 *   iterate                     IterateThroughHeap, no filter, callback counting (Mobj/s)
 *   follow                      FollowReferences from the roots, callback counting and
 *                               answering JVMTI_VISIT_OBJECTS (Mrefs/s)
 *   iterate_cpu / follow_cpu    the same calls by the process's CPU time (HotSpot walks
 *                               in its VM thread, GlassVM in the caller): on a loaded
 *                               machine, where the wall time is mostly waiting for a CPU
 *   withtags_few / _many        GetObjectsWithTags for a tag 10 objects have, while 1000 /
 *                               1M other objects are tagged (microseconds, best of the
 *                               6th to 8th calls: GlassVM builds its tag index at the 5th)
 *   withtags_many_1st           the first of those calls, after 1M objects were tagged
 *   settag_indexed              SetTag of distinct tags over the 1M objects after
 *                               GetObjectsWithTags was used
 *   tagged_iter_few / _many     IterateThroughHeap with JVMTI_HEAP_FILTER_UNTAGGED (only
 *                               tagged objects reported), 1000 / 1M tagged (ms)
 *   gc_tagged_few / _many       ForceGarbageCollection with ObjectFree enabled, 1000 dead
 *                               tagged objects, while 1000 / 1M live objects are tagged
 *                               (ms per collection)
 *
 * Also valid on HotSpot (bench/heapcost runs both, interleaved).
 */
#include <jvmti.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static jvmtiEnv *env;
static volatile long freed;

static double clock_s(clockid_t c)
{
    struct timespec ts;
    clock_gettime(c, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Wall time, for what may run on another thread (HotSpot's heap walks run in its VM
 * thread); the calling thread's CPU time for the calls that run on it (SetTag, GetTag),
 * which the load of a shared machine disturbs less. */
static double now(void) { return clock_s(CLOCK_MONOTONIC); }
static double cpu(void) { return clock_s(CLOCK_THREAD_CPUTIME_ID); }
static double pcpu(void) { return clock_s(CLOCK_PROCESS_CPUTIME_ID); }

static void JNICALL object_free(jvmtiEnv *e, jlong tag)
{
    (void)e, (void)tag;
    __atomic_add_fetch(&freed, 1, __ATOMIC_RELAXED);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    (void)options, (void)reserved;
    if ((*vm)->GetEnv(vm, (void **)&env, JVMTI_VERSION_11) != JNI_OK) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_tag_objects = 1;
    caps.can_generate_object_free_events = 1;
    if ((*env)->AddCapabilities(env, &caps) != JVMTI_ERROR_NONE) return 1;
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ObjectFree = object_free;
    if ((*env)->SetEventCallbacks(env, &cb, (jint)sizeof cb) != JVMTI_ERROR_NONE) return 1;
    return 0;
}

static long counted;

static jint JNICALL count_obj(jlong ctag, jlong size, jlong *tag, jint len, void *ud)
{
    (void)ctag, (void)size, (void)tag, (void)len, (void)ud;
    counted++;
    return 0;
}

static jint JNICALL count_ref(jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo *info, jlong ctag,
                              jlong rctag, jlong size, jlong *tag, jlong *rtag, jint len, void *ud)
{
    (void)kind, (void)info, (void)ctag, (void)rctag, (void)size, (void)tag, (void)rtag, (void)len, (void)ud;
    counted++;
    return JVMTI_VISIT_OBJECTS;
}

static void fail(const char *what, jvmtiError err)
{
    fprintf(stderr, "heapcost: %s failed: %d\n", what, (int)err);
    exit(1);
}

#define CHECK(what, call)                                                                                              \
    do {                                                                                                               \
        jvmtiError err_ = (call);                                                                                      \
        if (err_ != JVMTI_ERROR_NONE) fail(what, err_);                                                                \
    } while (0)

/* Tags objs[from, to) with `tag` (0 untags). */
static void tag_range(jobject *objs, int from, int to, jlong tag)
{
    for (int i = from; i < to; i++) CHECK("SetTag", (*env)->SetTag(env, objs[i], tag));
}

static double first_call;

/* Best of the 6th to 8th of 8 GetObjectsWithTags calls (microseconds); the first one's
 * in first_call. */
static double withtags(void)
{
    jlong want = 77;
    jint n;
    jobject *res;
    jlong *tags;
    double best = 1e9;
    for (int r = 0; r < 8; r++) {
        double t0 = now();
        CHECK("GetObjectsWithTags", (*env)->GetObjectsWithTags(env, 1, &want, &n, &res, &tags));
        double dt = now() - t0;
        if (n != 10) fail("GetObjectsWithTags count", (jvmtiError)n);
        (*env)->Deallocate(env, (unsigned char *)res);
        (*env)->Deallocate(env, (unsigned char *)tags);
        if (r >= 5 && dt < best) best = dt;
        if (r == 0) first_call = dt * 1e6;
    }
    return best * 1e6;
}

static double tagged_iter(void)
{
    jvmtiHeapCallbacks hc;
    memset(&hc, 0, sizeof hc);
    hc.heap_iteration_callback = count_obj;
    double t0 = now();
    CHECK("IterateThroughHeap", (*env)->IterateThroughHeap(env, JVMTI_HEAP_FILTER_UNTAGGED, NULL, &hc, NULL));
    return (now() - t0) * 1e3;
}

/* Tags `dead` (garbage the caller made) and collects; ms per collection. */
static double gc_with_dead(JNIEnv *jni, jobjectArray dead)
{
    jint n = (*jni)->GetArrayLength(jni, dead);
    for (jint i = 0; i < n; i++) {
        jobject o = (*jni)->GetObjectArrayElement(jni, dead, i);
        CHECK("SetTag", (*env)->SetTag(env, o, 1000000 + i));
        (*jni)->DeleteLocalRef(jni, o);
    }
    for (jint i = 0; i < n; i++) (*jni)->SetObjectArrayElement(jni, dead, i, NULL);
    double t0 = now();
    CHECK("ForceGarbageCollection", (*env)->ForceGarbageCollection(env));
    return (now() - t0) * 1e3;
}

JNIEXPORT void JNICALL Java_HeapCost_measure(JNIEnv *jni, jclass cls, jobjectArray arr, jobjectArray dead1,
                                             jobjectArray dead2)
{
    (void)cls;
    jint n = (*jni)->GetArrayLength(jni, arr);
    if ((*jni)->PushLocalFrame(jni, 64) != 0) return; /* local refs grow past it */
    jobject *objs = malloc((size_t)n * sizeof *objs);
    for (jint i = 0; i < n; i++) objs[i] = (*jni)->GetObjectArrayElement(jni, arr, i);
    CHECK("SetEventNotificationMode",
          (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_OBJECT_FREE, NULL));

    /* A heap walk and iteration with nothing tagged. */
    jvmtiHeapCallbacks hc;
    memset(&hc, 0, sizeof hc);
    hc.heap_iteration_callback = count_obj;
    counted = 0;
    double t0 = now(), c0 = pcpu();
    CHECK("IterateThroughHeap", (*env)->IterateThroughHeap(env, 0, NULL, &hc, NULL));
    double dt = now() - t0, dc = pcpu() - c0;
    printf("iterate %.2f Mobj/s\n", (double)counted / dt / 1e6);
    printf("iterate_cpu %.2f Mobj/s\n", (double)counted / dc / 1e6);
    memset(&hc, 0, sizeof hc);
    hc.heap_reference_callback = count_ref;
    counted = 0;
    t0 = now(), c0 = pcpu();
    CHECK("FollowReferences", (*env)->FollowReferences(env, 0, NULL, NULL, &hc, NULL));
    dt = now() - t0, dc = pcpu() - c0;
    printf("follow %.2f Mrefs/s\n", (double)counted / dt / 1e6);
    printf("follow_cpu %.2f Mrefs/s\n", (double)counted / dc / 1e6);

    /* GetTag of untagged objects, then SetTag/GetTag over all. */
    jlong sum = 0, tag;
    t0 = cpu();
    for (jint i = 0; i < n; i++) {
        CHECK("GetTag", (*env)->GetTag(env, objs[i], &tag));
        sum += tag;
    }
    dt = cpu() - t0;
    printf("gettag_untagged %.2f Mcalls/s\n", n / dt / 1e6);
    t0 = cpu();
    tag_range(objs, 0, n, 1);
    dt = cpu() - t0;
    printf("settag %.2f Mcalls/s\n", n / dt / 1e6);
    t0 = cpu();
    for (jint i = 0; i < n; i++) {
        CHECK("GetTag", (*env)->GetTag(env, objs[i], &tag));
        sum += tag;
    }
    dt = cpu() - t0;
    printf("gettag %.2f Mcalls/s\n", n / dt / 1e6);
    t0 = cpu();
    for (jint i = 0; i < n; i++) CHECK("SetTag", (*env)->SetTag(env, objs[0], i + 1));
    dt = cpu() - t0;
    printf("settag_hot %.2f Mcalls/s\n", n / dt / 1e6);
    t0 = cpu();
    for (jint i = 0; i < n; i++) {
        CHECK("GetTag", (*env)->GetTag(env, objs[0], &tag));
        sum += tag;
    }
    dt = cpu() - t0;
    printf("gettag_hot %.2f Mcalls/s\n", n / dt / 1e6);
    if (sum == 0) fail("GetTag sum", 0);

    /* Tag-count independence: 10 objects with tag 77, and 1M / 1000 others tagged. */
    tag_range(objs, 0, n, 0);
    tag_range(objs, 0, 1000, 1);
    tag_range(objs, 5000, 5010, 77);
    double few = withtags(), tfew = tagged_iter(), gfew = gc_with_dead(jni, dead1);
    tag_range(objs, 0, n, 1);
    tag_range(objs, 5000, 5010, 77);
    double many = withtags(), many_first = first_call, tmany = tagged_iter(), gmany = gc_with_dead(jni, dead2);
    /* SetTag once GetObjectsWithTags was used (GlassVM then keeps a tag index) */
    t0 = cpu();
    for (jint i = 0; i < n; i++) CHECK("SetTag", (*env)->SetTag(env, objs[i], i + 2));
    dt = cpu() - t0;
    printf("settag_indexed %.2f Mcalls/s\n", n / dt / 1e6);
    printf("withtags_few %.1f us\nwithtags_many %.1f us\nwithtags_many_1st %.1f us\n", few, many, many_first);
    printf("tagged_iter_few %.2f ms\ntagged_iter_many %.2f ms\n", tfew, tmany);
    printf("gc_tagged_few %.2f ms\ngc_tagged_many %.2f ms\n", gfew, gmany);
    fflush(stdout);
    free(objs);
    (*jni)->PopLocalFrame(jni, NULL);
}
