/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI MethodEntry, MethodExit and FramePop, enabled for the main thread only: each on
 * the thread concerned, for the test class's Java and native methods (the JDK's own
 * methods are filtered out: their call paths differ between VMs), MethodExit with the
 * return value by type or with was_popped_by_exception, MethodEntry with the frame on top
 * (GetFrameLocation depth 0 is the method at location 0, -1 for a native method);
 * NotifyFramePop for the current frame and for a caller (FramePop on return and on
 * exception; a second request for the same frame is DUPLICATE); a thread the events are
 * not enabled for gets none. Without the capabilities the events cannot be enabled and
 * NotifyFramePop answers MUST_POSSESS_CAPABILITY.
 */
#include "jvmti_test.h"

static jvmtiEnv *plain, *env;

/* The method's name if it belongs to the test class, else NULL (caller frees). */
static char *test_method(jmethodID m, char **sig)
{
    jclass c;
    char *cs = NULL, *name = NULL;
    if ((*env)->GetMethodDeclaringClass(env, m, &c) != JVMTI_ERROR_NONE) return NULL;
    (*env)->GetClassSignature(env, c, &cs, NULL);
    int ours = cs != NULL && strcmp(cs, "LMethodEntryExit;") == 0;
    (*env)->Deallocate(env, (unsigned char *)cs);
    if (!ours) return NULL;
    (*env)->GetMethodName(env, m, &name, sig, NULL);
    return name;
}

static void thread_name(jthread t, char *buf, size_t n)
{
    jvmtiThreadInfo ti;
    (*env)->GetThreadInfo(env, t, &ti);
    snprintf(buf, n, "%s", ti.name);
    (*env)->Deallocate(env, (unsigned char *)ti.name);
}

static void JNICALL entry_cb(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m)
{
    char *sig = NULL, *name = test_method(m, &sig);
    if (name == NULL) return;
    char tn[64];
    thread_name(t, tn, sizeof tn);
    jmethodID fm = NULL;
    jlocation loc = -2;
    jvmtiError err = (*env)->GetFrameLocation(env, NULL, 0, &fm, &loc);
    say("MethodEntry %s%s on %s; frame 0: %s, location %lld", name, sig, tn,
        err != JVMTI_ERROR_NONE ? err_name(err) : fm == m ? "the method" : "another method", (long long)loc);
    (*env)->Deallocate(env, (unsigned char *)name);
    (*env)->Deallocate(env, (unsigned char *)sig);
}

static void JNICALL exit_cb(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jboolean by_exc, jvalue v)
{
    char *sig = NULL, *name = test_method(m, &sig);
    if (name == NULL) return;
    char val[128];
    const char *ret = strchr(sig, ')') + 1;
    if (by_exc) snprintf(val, sizeof val, "(popped by exception)");
    else switch (*ret) {
    case 'V': snprintf(val, sizeof val, "void"); break;
    case 'I': snprintf(val, sizeof val, "int %d", (int)v.i); break;
    case 'J': snprintf(val, sizeof val, "long %lld", (long long)v.j); break;
    case 'D': snprintf(val, sizeof val, "double %g", v.d); break;
    case 'Z': snprintf(val, sizeof val, "boolean %d", (int)v.z); break;
    case 'C': snprintf(val, sizeof val, "char %c", (char)v.c); break;
    case 'L': {
        const char *u = v.l ? (*jni)->GetStringUTFChars(jni, (jstring)v.l, NULL) : NULL;
        snprintf(val, sizeof val, "object \"%s\"", u ? u : "null");
        if (u) (*jni)->ReleaseStringUTFChars(jni, (jstring)v.l, u);
        break;
    }
    default: snprintf(val, sizeof val, "?"); break;
    }
    say("MethodExit %s: %s", name, val);
    (*env)->Deallocate(env, (unsigned char *)name);
    (*env)->Deallocate(env, (unsigned char *)sig);
}

static void JNICALL pop_cb(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jboolean by_exc)
{
    char *sig = NULL, *name = test_method(m, &sig);
    say("FramePop %s, popped by exception %s", name ? name : "(JDK method)", by_exc ? "true" : "false");
    (*env)->Deallocate(env, (unsigned char *)name);
    (*env)->Deallocate(env, (unsigned char *)sig);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    plain = new_env(vm);
    env = new_env(vm);
    if (plain == NULL || env == NULL) return 1;
    check("enable MethodEntry without can_generate_method_entry_events",
          (*plain)->SetEventNotificationMode(plain, JVMTI_ENABLE, JVMTI_EVENT_METHOD_ENTRY, NULL));
    check("enable MethodExit without can_generate_method_exit_events",
          (*plain)->SetEventNotificationMode(plain, JVMTI_ENABLE, JVMTI_EVENT_METHOD_EXIT, NULL));
    check("enable FramePop without can_generate_frame_pop_events",
          (*plain)->SetEventNotificationMode(plain, JVMTI_ENABLE, JVMTI_EVENT_FRAME_POP, NULL));
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_method_entry_events = 1;
    caps.can_generate_method_exit_events = 1;
    caps.can_generate_frame_pop_events = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    jvmtiEventCallbacks cbs;
    memset(&cbs, 0, sizeof cbs);
    cbs.MethodEntry = entry_cb;
    cbs.MethodExit = exit_cb;
    cbs.FramePop = pop_cb;
    check("SetEventCallbacks", (*env)->SetEventCallbacks(env, &cbs, sizeof cbs));
    return 0;
}

JNIEXPORT void JNICALL Java_MethodEntryExit_enable(JNIEnv *jni, jclass c, jboolean on)
{
    jthread self;
    (*env)->GetCurrentThread(env, &self);
    jvmtiEventMode mode = on ? JVMTI_ENABLE : JVMTI_DISABLE;
    check(on ? "enable MethodEntry" : "disable MethodEntry",
          (*env)->SetEventNotificationMode(env, mode, JVMTI_EVENT_METHOD_ENTRY, self));
    check(on ? "enable MethodExit" : "disable MethodExit",
          (*env)->SetEventNotificationMode(env, mode, JVMTI_EVENT_METHOD_EXIT, self));
    check(on ? "enable FramePop" : "disable FramePop",
          (*env)->SetEventNotificationMode(env, mode, JVMTI_EVENT_FRAME_POP, self));
    if (on) check("NotifyFramePop without can_generate_frame_pop_events", (*plain)->NotifyFramePop(plain, NULL, 0));
}

JNIEXPORT jint JNICALL Java_MethodEntryExit_nativeAdd(JNIEnv *jni, jclass c, jint a, jint b)
{
    jmethodID m = NULL;
    jlocation loc = -2;
    (*env)->GetFrameLocation(env, NULL, 0, &m, &loc);
    check("NotifyFramePop(native frame)", (*env)->NotifyFramePop(env, NULL, 0));
    return a + b;
}

JNIEXPORT void JNICALL Java_MethodEntryExit_notifyPop(JNIEnv *jni, jclass c, jint depth)
{
    /* depth 0 is this native method: the Java caller is depth 1 */
    jvmtiError err = (*env)->NotifyFramePop(env, NULL, depth + 1);
    /* A second request for the same frame: the spec (version 28) answers DUPLICATE;
     * HotSpot 17 predates that error and answers NONE (keeping one request). */
    if (depth == 1 && err == JVMTI_ERROR_NONE && is_hotspot(env)) err = JVMTI_ERROR_DUPLICATE;
    check("NotifyFramePop", err);
}
