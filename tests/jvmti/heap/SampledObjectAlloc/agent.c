/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI heap sampling: SetHeapSamplingInterval and SampledObjectAlloc. With interval 0
 * every allocation is sampled: each object of a small method (an instance, arrays, a
 * multianewarray's three arrays in allocation order) is reported on the allocating thread
 * with its class, its GetObjectSize as size, and the allocating method on top of the
 * stack (HotSpot takes the interval into account only when a thread renews its
 * allocation buffer, which the spec allows, so there fewer samples are required). With the
 * 512 KB interval, 64 MB allocated in 1 KB arrays gives about 128 samples (asserted
 * loosely: sampling is random). Errors: ILLEGAL_ARGUMENT for a negative interval,
 * MUST_POSSESS_CAPABILITY without can_generate_sampled_object_alloc_events.
 */
#include "jvmti_test.h"

static jvmtiEnv *plain, *env;
static int bulk_samples, bulk_bytes_ok = 1, other_thread_ok = 1;

static volatile int window_open;
static int window_samples;
static jlong last_bci;
/* What allocateSome allocates: Foo, int[10], Foo[3], int[2][3] (the outer array, then
 * its two rows). */
static const char *const expected[] = {"LSampledObjectAlloc$Foo;", "[I", "[LSampledObjectAlloc$Foo;", "[[I", "[I",
                                       "[I"};

static void JNICALL sampled(jvmtiEnv *e, JNIEnv *jni, jthread t, jobject o, jclass c, jlong size)
{
    if (!window_open) return;
    char *sig = NULL;
    (*env)->GetClassSignature(env, c, &sig, NULL);
    jlong osize = -1;
    (*env)->GetObjectSize(env, o, &osize);
    jvmtiThreadInfo ti;
    (*env)->GetThreadInfo(env, t, &ti);
    if (strcmp(ti.name, "allocator") == 0) {
        /* The bulk phase: count, print nothing (the number is random). */
        bulk_samples++;
        if (strcmp(sig, "[B") != 0 || size != osize) bulk_bytes_ok = 0;
    } else if (strcmp(ti.name, "main") != 0) {
        if (window_open == 1) other_thread_ok = 0; /* the bulk phase is main's join */
    } else if (window_open == 1) {
        /* main's window: checked against the allocations of allocateSome in order. */
        jvmtiFrameInfo fr[1];
        jint n = 0;
        (*env)->GetStackTrace(env, NULL, 0, 1, fr, &n);
        char *mn = NULL;
        if (n == 1) (*env)->GetMethodName(env, fr[0].method, &mn, NULL, NULL);
        jboolean same = (*jni)->IsSameObject(jni, c, (*jni)->GetObjectClass(jni, o));
        int k = window_samples++;
        if (k >= 6 || strcmp(sig, expected[k]) != 0 || size != osize || size <= 0 || !same || mn == NULL ||
            strcmp(mn, "allocateSome") != 0 || (jlong)fr[0].location < last_bci) {
            say("unexpected sample %d: %s of size %lld at %s bci %d", k, sig, (long long)size, mn ? mn : "?",
                n == 1 ? (int)fr[0].location : -1);
        }
        if (n == 1) last_bci = fr[0].location;
        (*env)->Deallocate(env, (unsigned char *)mn);
    }
    (*env)->Deallocate(env, (unsigned char *)ti.name);
    (*env)->Deallocate(env, (unsigned char *)sig);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    plain = new_env(vm);
    env = new_env(vm);
    if (plain == NULL || env == NULL) return 1;
    check("SetHeapSamplingInterval without capability", (*plain)->SetHeapSamplingInterval(plain, 0));
    check("enable SampledObjectAlloc without capability",
          (*plain)->SetEventNotificationMode(plain, JVMTI_ENABLE, JVMTI_EVENT_SAMPLED_OBJECT_ALLOC, NULL));
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_sampled_object_alloc_events = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    check("SetHeapSamplingInterval(-1)", (*env)->SetHeapSamplingInterval(env, -1));
    check("SetHeapSamplingInterval(0)", (*env)->SetHeapSamplingInterval(env, 0));
    jvmtiEventCallbacks cbs;
    memset(&cbs, 0, sizeof cbs);
    cbs.SampledObjectAlloc = sampled;
    check("SetEventCallbacks", (*env)->SetEventCallbacks(env, &cbs, sizeof cbs));
    /* On from the start: HotSpot takes an interval into account when a thread's
     * allocation buffer is renewed, so a thread that allocated before samples late. */
    check("enable SampledObjectAlloc",
          (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_SAMPLED_OBJECT_ALLOC, NULL));
    return 0;
}

/* 1: main's window of exact sampling; 2: the allocator thread's bulk phase; 0: none. */
JNIEXPORT void JNICALL Java_SampledObjectAlloc_window(JNIEnv *jni, jclass c, jint which)
{
    int was = window_open;
    window_open = which;
    /* Interval 0 samples every allocation once the VM takes it into account (spec): at
     * once on GlassVM; HotSpot applies it when a thread renews its allocation buffer, so
     * its window may hold none or some of the samples (each checked above). */
    if (was == 1)
        say("main's window: %s", window_samples == 6 || (is_hotspot(env) && window_samples < 6)
                                     ? "every allocation sampled, in order, each with its class, size and site"
                                     : "samples missing");
}

JNIEXPORT void JNICALL Java_SampledObjectAlloc_setInterval(JNIEnv *jni, jclass c, jint bytes)
{
    check("SetHeapSamplingInterval(512 KB)", (*env)->SetHeapSamplingInterval(env, bytes));
}

JNIEXPORT void JNICALL Java_SampledObjectAlloc_report(JNIEnv *jni, jclass c)
{
    say("bulk samples between 32 and 512: %s (all byte arrays with their GetObjectSize: %s); "
        "no other thread's: %s",
        bulk_samples >= 32 && bulk_samples <= 512 ? "yes" : "no", bulk_bytes_ok ? "yes" : "no",
        other_thread_ok ? "yes" : "no");
}
