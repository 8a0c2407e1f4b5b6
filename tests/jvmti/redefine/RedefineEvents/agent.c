/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/* RedefineEvents.java's natives and the events of class Ev's frames. */
#include "jvmti_test.h"

static jvmtiEnv *env;

static int in_ev(jvmtiEnv *e, jmethodID m)
{
    jclass k = NULL;
    char *sig = NULL;
    if ((*e)->GetMethodDeclaringClass(e, m, &k) != JVMTI_ERROR_NONE) return 0;
    (*e)->GetClassSignature(e, k, &sig, NULL);
    int r = sig != NULL && strcmp(sig, "LEv;") == 0;
    if (sig != NULL) (*e)->Deallocate(e, (unsigned char *)sig);
    return r;
}

static const char *obsolete(jvmtiEnv *e, jmethodID m)
{
    jboolean b = JNI_FALSE;
    (*e)->IsMethodObsolete(e, m, &b);
    return b ? "obsolete" : "current";
}

static void JNICALL on_step(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation loc)
{
    if (in_ev(e, m)) say("SingleStep %s (%s) at %d", method_name(e, m), obsolete(e, m), (int)loc);
}

static void JNICALL on_pop(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jboolean by_exc)
{
    say("FramePop %s (%s)", method_name(e, m), obsolete(e, m));
}

static void JNICALL on_method_exit(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jboolean by_exc, jvalue v)
{
    if (in_ev(e, m)) say("MethodExit %s (%s) returning %d", method_name(e, m), obsolete(e, m), (int)v.i);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_redefine_classes = 1;
    caps.can_generate_single_step_events = 1;
    caps.can_generate_frame_pop_events = 1;
    caps.can_generate_method_exit_events = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.SingleStep = on_step;
    cb.FramePop = on_pop;
    cb.MethodExit = on_method_exit;
    (*env)->SetEventCallbacks(env, &cb, sizeof cb);
    return 0;
}

JNIEXPORT jint JNICALL Java_RedefineEvents_redefine(JNIEnv *jni, jclass cls, jclass target, jbyteArray bytes)
{
    return (jint)redefine_array(env, jni, target, bytes);
}

JNIEXPORT void JNICALL Java_RedefineEvents_watch(JNIEnv *jni, jclass cls)
{
    check("NotifyFramePop(depth 2)", (*env)->NotifyFramePop(env, NULL, 2));
    (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_FRAME_POP, NULL);
    (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_METHOD_EXIT, NULL);
    (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_SINGLE_STEP, NULL);
}

JNIEXPORT void JNICALL Java_RedefineEvents_unwatch(JNIEnv *jni, jclass cls)
{
    (*env)->SetEventNotificationMode(env, JVMTI_DISABLE, JVMTI_EVENT_SINGLE_STEP, NULL);
    (*env)->SetEventNotificationMode(env, JVMTI_DISABLE, JVMTI_EVENT_METHOD_EXIT, NULL);
    (*env)->SetEventNotificationMode(env, JVMTI_DISABLE, JVMTI_EVENT_FRAME_POP, NULL);
}
