/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI GetStackTrace, GetFrameCount, GetFrameLocation, GetAllStackTraces and
 * GetThreadListStackTraces (no capability needed). Frames are printed as
 * class.method+signature and location (-1 for native frames), which the class files fix.
 *
 * - The current thread from a native method: the native is depth 0 (location -1), its
 *   Java callers follow down to main; also through a JNI upcall (two native frames).
 *   start_depth from the top and from the bottom, max_frame_count limits, and the counts
 *   and locations agreeing with GetFrameCount/GetFrameLocation.
 * - Other threads, not suspended: waiting in Object.wait (native wait(long) on top),
 *   sleeping (native Thread.sleep), spinning in a loop (method names only: the bci
 *   changes as it runs).
 * - GetAllStackTraces: our threads are in it with their states and traces (other VM
 *   threads differ between VMs and are not printed); one Deallocate frees it all.
 * - GetThreadListStackTraces: live threads, the current one, and threads not alive (their
 *   state, no frames).
 * - Errors: WRONG_PHASE in OnLoad; ILLEGAL_ARGUMENT for start_depth at or beyond the
 *   bottom (either direction), negative max_frame_count, negative depth, negative
 *   thread_count; NO_MORE_FRAMES for a depth past the bottom; NULL_POINTER for each
 *   pointer; INVALID_THREAD for an object that is not a thread (also inside a list);
 *   THREAD_NOT_ALIVE for threads not started or ended.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jvmtiFrameInfo f[4];
    jint n;
    check("OnLoad: GetStackTrace", (*env)->GetStackTrace(env, NULL, 0, 4, f, &n));
    check("OnLoad: GetFrameCount", (*env)->GetFrameCount(env, NULL, &n));
    return 0;
}

static void print_frame(const char *indent, jmethodID m, jlocation loc, int exact)
{
    char *name = NULL, *sig = NULL, *cname = NULL;
    jclass c = NULL;
    if ((*env)->GetMethodName(env, m, &name, &sig, NULL) != JVMTI_ERROR_NONE ||
        (*env)->GetMethodDeclaringClass(env, m, &c) != JVMTI_ERROR_NONE ||
        (*env)->GetClassSignature(env, c, &cname, NULL) != JVMTI_ERROR_NONE) {
        say("%s(unnamed frame)", indent);
        return;
    }
    if (exact || loc == -1)
        say("%s%s.%s%s @%ld", indent, cname, name, sig, (long)loc);
    else
        say("%s%s.%s%s @bci", indent, cname, name, sig);
    (*env)->Deallocate(env, (unsigned char *)name);
    (*env)->Deallocate(env, (unsigned char *)sig);
    (*env)->Deallocate(env, (unsigned char *)cname);
}

static void print_trace(const char *what, jthread t, jint start, jint max, int exact)
{
    jvmtiFrameInfo f[64];
    jint n = -1;
    jvmtiError err = (*env)->GetStackTrace(env, t, start, max, f, &n);
    if (err != JVMTI_ERROR_NONE) {
        check(what, err);
        return;
    }
    say("%s: %d frames", what, (int)n);
    for (jint i = 0; i < n; i++) print_frame("  ", f[i].method, f[i].location, exact);
}

JNIEXPORT void JNICALL Java_StackTraces_current(JNIEnv *jni, jclass cls)
{
    jint count = -1;
    check("GetFrameCount(current)", (*env)->GetFrameCount(env, NULL, &count));
    say("frame count %d", (int)count);
    print_trace("GetStackTrace(current, 0, 64)", NULL, 0, 64, 1);
    print_trace("GetStackTrace(current, 1, 2)", NULL, 1, 2, 1);
    print_trace("GetStackTrace(current, -1, 64)", NULL, -1, 64, 1);
    print_trace("GetStackTrace(current, -2, 1)", NULL, -2, 1, 1);
    print_trace("GetStackTrace(current, count - 1, 64)", NULL, count - 1, 64, 1);
    print_trace("GetStackTrace(current, -count, 64)", NULL, -count, 64, 1);
    print_trace("GetStackTrace(current, 0, 0)", NULL, 0, 0, 1);
    print_trace("GetStackTrace(current, count, 64)", NULL, count, 64, 1);
    print_trace("GetStackTrace(current, -count - 1, 64)", NULL, -count - 1, 64, 1);
    print_trace("GetStackTrace(current, 0, -1)", NULL, 0, -1, 1);
    jvmtiFrameInfo f[64];
    jint n = 0, mismatches = 0;
    (*env)->GetStackTrace(env, NULL, 0, 64, f, &n);
    for (jint d = 0; d < n; d++) {
        jmethodID m = NULL;
        jlocation loc = -2;
        jvmtiError err = (*env)->GetFrameLocation(env, NULL, d, &m, &loc);
        if (err != JVMTI_ERROR_NONE || m != f[d].method || loc != f[d].location) mismatches++;
    }
    say("GetFrameLocation agrees with GetStackTrace at every depth: %s", mismatches == 0 ? "yes" : "NO");
    jmethodID m;
    jlocation loc;
    check("GetFrameLocation(current, count)", (*env)->GetFrameLocation(env, NULL, count, &m, &loc));
    check("GetFrameLocation(current, -1)", (*env)->GetFrameLocation(env, NULL, -1, &m, &loc));
    check("GetFrameLocation(NULL method_ptr)", (*env)->GetFrameLocation(env, NULL, 0, NULL, &loc));
    check("GetFrameLocation(NULL location_ptr)", (*env)->GetFrameLocation(env, NULL, 0, &m, NULL));
    check("GetFrameCount(NULL count_ptr)", (*env)->GetFrameCount(env, NULL, NULL));
    check("GetStackTrace(NULL frame_buffer)", (*env)->GetStackTrace(env, NULL, 0, 4, NULL, &n));
    check("GetStackTrace(NULL count_ptr)", (*env)->GetStackTrace(env, NULL, 0, 4, f, NULL));
}

JNIEXPORT void JNICALL Java_StackTraces_upcall(JNIEnv *jni, jclass cls)
{
    jmethodID m = (*jni)->GetStaticMethodID(jni, cls, "fromNative", "()V");
    (*jni)->CallStaticVoidMethod(jni, cls, m);
}

JNIEXPORT void JNICALL Java_StackTraces_other(JNIEnv *jni, jclass cls, jthread t, jboolean exact)
{
    char what[64];
    jint count = -1;
    check("GetFrameCount(other)", (*env)->GetFrameCount(env, t, &count));
    snprintf(what, sizeof what, "GetStackTrace(other, 0, 64)");
    print_trace(what, t, 0, 64, exact);
    jmethodID m;
    jlocation loc;
    check("GetFrameLocation(other, 0)", (*env)->GetFrameLocation(env, t, 0, &m, &loc));
    print_frame("  depth 0: ", m, loc, exact);
    if (exact) say("  frame count agrees: %s", count >= 1 ? "yes" : "NO");
}

static void print_info(JNIEnv *jni, const jvmtiStackInfo *si, int exact)
{
    jvmtiThreadInfo ti;
    if ((*env)->GetThreadInfo(env, si->thread, &ti) == JVMTI_ERROR_NONE) {
        say("thread %s: state 0x%x, %d frames", ti.name, (unsigned)si->state, (int)si->frame_count);
        (*env)->Deallocate(env, (unsigned char *)ti.name);
    }
    if (si->frame_count == 0 && si->frame_buffer != NULL) say("  frame_buffer set without frames");
    for (jint i = 0; i < si->frame_count; i++)
        print_frame("  ", si->frame_buffer[i].method, si->frame_buffer[i].location, exact);
}

JNIEXPORT void JNICALL Java_StackTraces_all(JNIEnv *jni, jclass cls, jobjectArray ours)
{
    jvmtiStackInfo *si = NULL;
    jint n = 0;
    check("GetAllStackTraces", (*env)->GetAllStackTraces(env, 3, &si, &n));
    jint len = (*jni)->GetArrayLength(jni, ours);
    for (jint i = 0; i < len; i++) {
        jthread t = (*jni)->GetObjectArrayElement(jni, ours, i);
        jint k;
        for (k = 0; k < n; k++)
            if ((*jni)->IsSameObject(jni, si[k].thread, t)) break;
        if (k == n) {
            say("thread %d missing from GetAllStackTraces", (int)i);
            continue;
        }
        /* The spinner and the main thread (running this) have moving bcis at depth 0..2. */
        print_info(jni, &si[k], i == 1 || i == 2);
    }
    check("Deallocate(stack infos)", (*env)->Deallocate(env, (unsigned char *)si));
    check("GetAllStackTraces(-1)", (*env)->GetAllStackTraces(env, -1, &si, &n));
    check("GetAllStackTraces(NULL info)", (*env)->GetAllStackTraces(env, 3, NULL, &n));
    check("GetAllStackTraces(NULL count)", (*env)->GetAllStackTraces(env, 3, &si, NULL));
}

JNIEXPORT void JNICALL Java_StackTraces_list(JNIEnv *jni, jclass cls, jobjectArray threads)
{
    jint len = (*jni)->GetArrayLength(jni, threads);
    jthread t[8];
    for (jint i = 0; i < len && i < 8; i++) t[i] = (*jni)->GetObjectArrayElement(jni, threads, i);
    jvmtiStackInfo *si = NULL;
    check("GetThreadListStackTraces", (*env)->GetThreadListStackTraces(env, len, t, 64, &si));
    for (jint i = 0; i < len; i++) {
        if (!(*jni)->IsSameObject(jni, si[i].thread, t[i])) say("element %d: another thread", (int)i);
        print_info(jni, &si[i], 1);
    }
    check("Deallocate(stack infos)", (*env)->Deallocate(env, (unsigned char *)si));
    check("GetThreadListStackTraces(0 threads)", (*env)->GetThreadListStackTraces(env, 0, t, 64, &si));
    (*env)->Deallocate(env, (unsigned char *)si);
    check("GetThreadListStackTraces(-1 threads)", (*env)->GetThreadListStackTraces(env, -1, t, 64, &si));
    check("GetThreadListStackTraces(max -1)", (*env)->GetThreadListStackTraces(env, len, t, -1, &si));
    check("GetThreadListStackTraces(NULL list)", (*env)->GetThreadListStackTraces(env, len, NULL, 64, &si));
    check("GetThreadListStackTraces(NULL info)", (*env)->GetThreadListStackTraces(env, len, t, 64, NULL));
}

JNIEXPORT void JNICALL Java_StackTraces_errors(JNIEnv *jni, jclass cls, jthread unstarted, jthread terminated,
                                               jobject not_a_thread)
{
    jvmtiFrameInfo f[4];
    jint n;
    jmethodID m;
    jlocation loc;
    check("GetStackTrace(unstarted)", (*env)->GetStackTrace(env, unstarted, 0, 4, f, &n));
    check("GetStackTrace(terminated)", (*env)->GetStackTrace(env, terminated, 0, 4, f, &n));
    check("GetStackTrace(not a thread)", (*env)->GetStackTrace(env, not_a_thread, 0, 4, f, &n));
    check("GetFrameCount(unstarted)", (*env)->GetFrameCount(env, unstarted, &n));
    check("GetFrameCount(not a thread)", (*env)->GetFrameCount(env, not_a_thread, &n));
    check("GetFrameLocation(terminated)", (*env)->GetFrameLocation(env, terminated, 0, &m, &loc));
    check("GetFrameLocation(not a thread)", (*env)->GetFrameLocation(env, not_a_thread, 0, &m, &loc));
    jthread bad[2] = {unstarted, not_a_thread};
    jvmtiStackInfo *si;
    check("GetThreadListStackTraces(with a non-thread)", (*env)->GetThreadListStackTraces(env, 2, bad, 4, &si));
}
