/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI SuspendThread, ResumeThread, SuspendThreadList, ResumeThreadList (can_suspend):
 * a suspended thread stops running Java code (its counter stops) and has
 * JVMTI_THREAD_STATE_SUSPENDED; suspending it again is THREAD_SUSPENDED, resuming one
 * not suspended THREAD_NOT_SUSPENDED; the locals of a suspended thread can be read and
 * written (GetLocalX and SetLocalX, can_access_local_variables) and the thread sees the new
 * values when resumed; the lists give one result per element (a thread listed twice is
 * THREAD_SUSPENDED the second time); suspending the current thread returns when another
 * thread resumes it. Errors: WRONG_PHASE in OnLoad, MUST_POSSESS_CAPABILITY without the
 * capability, INVALID_THREAD, THREAD_NOT_ALIVE (not started, ended), NULL_POINTER and
 * ILLEGAL_ARGUMENT for the lists.
 */
#include "jvmti_test.h"

static jvmtiEnv *plain, *env;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    plain = new_env(vm);
    env = new_env(vm);
    if (plain == NULL || env == NULL) return 1;
    check("OnLoad: SuspendThread", (*plain)->SuspendThread(plain, NULL));
    check("OnLoad: ResumeThread", (*plain)->ResumeThread(plain, NULL));
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_suspend = 1;
    caps.can_access_local_variables = 1;
    check("AddCapabilities(can_suspend, can_access_local_variables)", (*env)->AddCapabilities(env, &caps));
    return 0;
}

JNIEXPORT void JNICALL Java_SuspendResume_withoutCapability(JNIEnv *jni, jclass c, jthread t)
{
    jvmtiError r[1];
    check("SuspendThread without can_suspend", (*plain)->SuspendThread(plain, t));
    check("ResumeThread without can_suspend", (*plain)->ResumeThread(plain, t));
    check("SuspendThreadList without can_suspend", (*plain)->SuspendThreadList(plain, 1, &t, r));
    check("ResumeThreadList without can_suspend", (*plain)->ResumeThreadList(plain, 1, &t, r));
}

JNIEXPORT jint JNICALL Java_SuspendResume_suspend(JNIEnv *jni, jclass c, jthread t)
{
    return (jint)(*env)->SuspendThread(env, t);
}

JNIEXPORT jint JNICALL Java_SuspendResume_resume(JNIEnv *jni, jclass c, jthread t)
{
    return (jint)(*env)->ResumeThread(env, t);
}

JNIEXPORT jint JNICALL Java_SuspendResume_state(JNIEnv *jni, jclass c, jthread t)
{
    jint s = 0;
    (*env)->GetThreadState(env, t, &s);
    return s;
}

/* The worker is suspended in work(int seven, double twoAndHalf) past its counting loop:
 * depth 0 is work (spinning in the release loop; onSpinWait returned) — or onSpinWait if
 * it stopped inside it; find work's depth first. */
JNIEXPORT void JNICALL Java_SuspendResume_locals(JNIEnv *jni, jclass c, jthread t)
{
    jint depth = -1;
    for (jint d = 0; d < 4 && depth < 0; d++) {
        jmethodID m;
        jlocation loc;
        char *name = NULL;
        if ((*env)->GetFrameLocation(env, t, d, &m, &loc) != JVMTI_ERROR_NONE) break;
        if ((*env)->GetMethodName(env, m, &name, NULL, NULL) == JVMTI_ERROR_NONE) {
            if (strcmp(name, "work") == 0) depth = d;
            (*env)->Deallocate(env, (unsigned char *)name);
        }
    }
    if (depth < 0) {
        say("work() not found on the suspended thread");
        return;
    }
    jint seven = 0;
    jdouble half = 0;
    jlong big = 0;
    jobject self = NULL, text = NULL;
    /* Slots: 0 this, 1 seven, 2-3 twoAndHalf, 4-5 big, 6 text. */
    check("GetLocalInstance(suspended)", (*env)->GetLocalInstance(env, t, depth, &self));
    say("  instance is the thread: %s", (*jni)->IsSameObject(jni, self, t) ? "yes" : "no");
    check("GetLocalInt(suspended)", (*env)->GetLocalInt(env, t, depth, 1, &seven));
    check("GetLocalDouble(suspended)", (*env)->GetLocalDouble(env, t, depth, 2, &half));
    check("GetLocalLong(suspended)", (*env)->GetLocalLong(env, t, depth, 4, &big));
    check("GetLocalObject(suspended)", (*env)->GetLocalObject(env, t, depth, 6, &text));
    const char *s = text ? (*jni)->GetStringUTFChars(jni, text, NULL) : NULL;
    say("  seven=%d twoAndHalf=%.1f big=%lld text=%s", (int)seven, half, (long long)big, s ? s : "null");
    if (s) (*jni)->ReleaseStringUTFChars(jni, text, s);
    check("SetLocalInt(suspended)", (*env)->SetLocalInt(env, t, depth, 1, 8));
    check("SetLocalDouble(suspended)", (*env)->SetLocalDouble(env, t, depth, 2, 3.5));
    check("SetLocalLong(suspended)", (*env)->SetLocalLong(env, t, depth, 4, 42));
    check("SetLocalObject(suspended)", (*env)->SetLocalObject(env, t, depth, 6, (*jni)->NewStringUTF(jni, "after")));
}

static void print_results(const char *what, const jvmtiError *r, int n)
{
    for (int i = 0; i < n; i++) say("  %s[%d]: %s", what, i, err_name(r[i]));
}

JNIEXPORT void JNICALL Java_SuspendResume_lists(JNIEnv *jni, jclass c, jthread a, jthread b, jthread unstarted,
                                                jobject not_a_thread)
{
    jthread l[5] = {a, b, a, unstarted, not_a_thread};
    jvmtiError r[5];
    check("SuspendThreadList", (*env)->SuspendThreadList(env, 5, l, r));
    print_results("suspend", r, 5);
    jint s = 0;
    (*env)->GetThreadState(env, a, &s);
    say("  a suspended: %s", (s & JVMTI_THREAD_STATE_SUSPENDED) ? "yes" : "no");
    (*env)->GetThreadState(env, b, &s);
    say("  b suspended: %s", (s & JVMTI_THREAD_STATE_SUSPENDED) ? "yes" : "no");
    check("ResumeThreadList", (*env)->ResumeThreadList(env, 5, l, r));
    print_results("resume", r, 5);
    check("SuspendThreadList(0)", (*env)->SuspendThreadList(env, 0, l, r));
    check("SuspendThreadList(-1)", (*env)->SuspendThreadList(env, -1, l, r));
    check("SuspendThreadList(NULL list)", (*env)->SuspendThreadList(env, 1, NULL, r));
    check("SuspendThreadList(NULL results)", (*env)->SuspendThreadList(env, 1, l, NULL));
    check("ResumeThreadList(-1)", (*env)->ResumeThreadList(env, -1, l, r));
    check("ResumeThreadList(NULL list)", (*env)->ResumeThreadList(env, 1, NULL, r));
    check("ResumeThreadList(NULL results)", (*env)->ResumeThreadList(env, 1, l, NULL));
}

JNIEXPORT void JNICALL Java_SuspendResume_suspendSelf(JNIEnv *jni, jclass c)
{
    check("SuspendThread(current)", (*env)->SuspendThread(env, NULL));
}

JNIEXPORT void JNICALL Java_SuspendResume_errors(JNIEnv *jni, jclass c, jthread unstarted, jthread terminated,
                                                 jobject not_a_thread)
{
    check("SuspendThread(unstarted)", (*env)->SuspendThread(env, unstarted));
    check("SuspendThread(terminated)", (*env)->SuspendThread(env, terminated));
    check("SuspendThread(not a thread)", (*env)->SuspendThread(env, not_a_thread));
    check("ResumeThread(unstarted)", (*env)->ResumeThread(env, unstarted));
    check("ResumeThread(terminated)", (*env)->ResumeThread(env, terminated));
    check("ResumeThread(not a thread)", (*env)->ResumeThread(env, not_a_thread));
    check("ResumeThread(NULL)", (*env)->ResumeThread(env, NULL));
    jthread self = NULL;
    (*env)->GetCurrentThread(env, &self);
    check("ResumeThread(current, not suspended)", (*env)->ResumeThread(env, self));
}
