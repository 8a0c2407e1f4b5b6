/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI PopFrame after collections: the popped method had read its arguments (an array,
 * and a string that nothing else references) and would never read them again, then
 * allocated enough for several collections; the caller re-executes the invoke with
 * those arguments, which must still be there. With can_pop_frame (OnLoad only, as on
 * HotSpot) GlassVM's collector keeps every local a method has.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;
static jmethodID callee;
static int popped;

static void JNICALL breakpoint_cb(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation loc)
{
    if (m == callee && !popped) {
        popped = 1;
        say("Breakpoint in %s: PopFrame: %s", method_name(env, m), err_name((*env)->PopFrame(env, t)));
    } else {
        say("Breakpoint in %s again", method_name(env, m));
    }
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_pop_frame = 1;
    caps.can_generate_breakpoint_events = 1;
    caps.can_get_line_numbers = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    jvmtiEventCallbacks cbs;
    memset(&cbs, 0, sizeof cbs);
    cbs.Breakpoint = breakpoint_cb;
    check("SetEventCallbacks", (*env)->SetEventCallbacks(env, &cbs, sizeof cbs));
    check("enable Breakpoint", (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_BREAKPOINT, NULL));
    return 0;
}

JNIEXPORT void JNICALL Java_PopFrameAfterGc_setup(JNIEnv *jni, jclass c)
{
    callee = (*jni)->GetStaticMethodID(jni, c, "callee", "([ILjava/lang/String;)J");
    break_at_line(env, callee, 4);
}
