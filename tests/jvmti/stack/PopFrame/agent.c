/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI PopFrame: popped from a Breakpoint callback on the current thread, the caller
 * re-executes its invoke with the arguments as the callee left them (the spec: changes
 * remain), the popped frame's monitors (a synchronized block, a synchronized method)
 * released; a suspended thread running a loop popped and resumed re-enters the method.
 * Errors: OPAQUE_FRAME for a native frame and for a native caller, NO_MORE_FRAMES for a
 * thread's only frame, THREAD_NOT_SUSPENDED for a running thread, THREAD_NOT_ALIVE for
 * an unstarted one, INVALID_THREAD (a non-thread; NULL, which does not mean the current
 * thread here), and MUST_POSSESS_CAPABILITY without can_pop_frame.
 */
#include "jvmti_test.h"

static jvmtiEnv *plain, *env;
static jmethodID callee, in_block, sync_method, called_by_jni, run;
static int popped_callee, popped_block, popped_sync;

static void JNICALL breakpoint_cb(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation loc)
{
    jvmtiError err;
    if (m == callee && !popped_callee) {
        popped_callee = 1;
        err = (*env)->PopFrame(env, t);
        say("Breakpoint in %s: PopFrame: %s", method_name(env, m), err_name(err));
    } else if (m == in_block && !popped_block) {
        popped_block = 1;
        say("Breakpoint in %s: PopFrame(NULL): %s", method_name(env, m), err_name((*env)->PopFrame(env, NULL)));
        err = (*env)->PopFrame(env, t);
        say("Breakpoint in %s: PopFrame: %s", method_name(env, m), err_name(err));
    } else if (m == sync_method && !popped_sync) {
        popped_sync = 1;
        err = (*env)->PopFrame(env, t);
        say("Breakpoint in %s: PopFrame: %s", method_name(env, m), err_name(err));
    } else if (m == called_by_jni) {
        say("Breakpoint in %s: PopFrame with a native caller: %s", method_name(env, m), err_name((*env)->PopFrame(env, t)));
    } else if (m == run) {
        say("Breakpoint in %s: PopFrame of the thread's only frame: %s", method_name(env, m),
            err_name((*env)->PopFrame(env, t)));
    } else {
        say("Breakpoint in %s again", method_name(env, m));
    }
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    plain = new_env(vm);
    env = new_env(vm);
    if (plain == NULL || env == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_pop_frame = 1;
    caps.can_generate_breakpoint_events = 1;
    caps.can_get_line_numbers = 1;
    caps.can_suspend = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    jvmtiEventCallbacks cbs;
    memset(&cbs, 0, sizeof cbs);
    cbs.Breakpoint = breakpoint_cb;
    check("SetEventCallbacks", (*env)->SetEventCallbacks(env, &cbs, sizeof cbs));
    check("enable Breakpoint", (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_BREAKPOINT, NULL));
    return 0;
}

JNIEXPORT void JNICALL Java_PopFrame_setup(JNIEnv *jni, jclass c)
{
    callee = (*jni)->GetStaticMethodID(jni, c, "callee", "(I)I");
    in_block = (*jni)->GetStaticMethodID(jni, c, "inBlock", "(Ljava/lang/Object;)V");
    sync_method = (*jni)->GetStaticMethodID(jni, c, "syncMethod", "()V");
    called_by_jni = (*jni)->GetStaticMethodID(jni, c, "calledByJni", "()I");
    jclass runner = (*jni)->FindClass(jni, "PopFrame$Runner");
    run = (*jni)->GetMethodID(jni, runner, "run", "()V");
    break_at_line(env, callee, 2);
    break_at_line(env, in_block, 3);
    break_at_line(env, sync_method, 2);
    break_at_line(env, called_by_jni, 0);
    break_at_line(env, run, 0);
}

JNIEXPORT void JNICALL Java_PopFrame_errors(JNIEnv *jni, jclass c, jthread running, jthread unstarted)
{
    check("PopFrame without can_pop_frame", (*plain)->PopFrame(plain, running));
    check("PopFrame(a running thread)", (*env)->PopFrame(env, running));
    check("PopFrame(an unstarted thread)", (*env)->PopFrame(env, unstarted));
    check("PopFrame(a string)", (*env)->PopFrame(env, (jthread)(*jni)->NewStringUTF(jni, "not a thread")));
}

JNIEXPORT jint JNICALL Java_PopFrame_popFromNative(JNIEnv *jni, jclass c)
{
    jthread self;
    (*env)->GetCurrentThread(env, &self);
    check("PopFrame(current thread in a native method)", (*env)->PopFrame(env, self));
    return 1;
}

JNIEXPORT jint JNICALL Java_PopFrame_callThroughJni(JNIEnv *jni, jclass c)
{
    return (*jni)->CallStaticIntMethod(jni, c, called_by_jni);
}

JNIEXPORT jstring JNICALL Java_PopFrame_suspendAndPop(JNIEnv *jni, jclass c, jthread t)
{
    check("SuspendThread(spinner)", (*env)->SuspendThread(env, t));
    jvmtiError err = (*env)->PopFrame(env, t);
    check("ResumeThread(spinner)", (*env)->ResumeThread(env, t));
    return (*jni)->NewStringUTF(jni, err_name(err));
}
