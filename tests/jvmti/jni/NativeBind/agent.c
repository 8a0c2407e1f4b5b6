/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * NativeMethodBind (see NativeBind.java). env1 redirects twice -> thrice_impl and the
 * RegisterNatives binding reg_impl -> reg_proxy; env2 only watches and must see env1's
 * choice as the address. The event comes on the thread calling the method (or calling
 * RegisterNatives). Errors: enabling the event without
 * can_generate_native_method_bind_events is MUST_POSSESS_CAPABILITY. Events sent in the
 * primordial phase must have a NULL JNIEnv (counted, whatever the VM binds then).
 */
#include "jvmti_test.h"

static jvmtiEnv *env1, *env2, *env3;
static int primordial_with_env, missing_events, registered_events, plain_events;
static jint JNICALL thrice_impl(JNIEnv *jni, jclass c, jint x) { return 3 * x; }
static jint JNICALL reg_impl(JNIEnv *jni, jclass c) { return 1; }
static jint JNICALL reg_proxy(JNIEnv *jni, jclass c) { return 100 + reg_impl(jni, c); }
static jint JNICALL reg_other(JNIEnv *jni, jclass c) { return 2; }

JNIEXPORT jint JNICALL Java_NativeBind_twice(JNIEnv *jni, jclass c, jint x) { return 2 * x; }
JNIEXPORT jint JNICALL Java_NativeBind_plain(JNIEnv *jni, jclass c, jint x) { return x; }

/* The method's name if it belongs to class NativeBind, else NULL (buf holds it). */
static const char *own_method(jvmtiEnv *e, jmethodID m, char *buf, size_t n)
{
    jclass k;
    char *sig = NULL, *name = NULL;
    if ((*e)->GetMethodDeclaringClass(e, m, &k) != JVMTI_ERROR_NONE) return NULL;
    if ((*e)->GetClassSignature(e, k, &sig, NULL) != JVMTI_ERROR_NONE) return NULL;
    int own = strcmp(sig, "LNativeBind;") == 0;
    (*e)->Deallocate(e, (unsigned char *)sig);
    if (!own || (*e)->GetMethodName(e, m, &name, NULL, NULL) != JVMTI_ERROR_NONE) return NULL;
    snprintf(buf, n, "%s", name);
    (*e)->Deallocate(e, (unsigned char *)name);
    return buf;
}

static const char *addr_name(void *a)
{
    if (a == (void *)Java_NativeBind_twice) return "Java_NativeBind_twice";
    if (a == (void *)Java_NativeBind_plain) return "Java_NativeBind_plain";
    if (a == (void *)thrice_impl) return "thrice_impl";
    if (a == (void *)reg_impl) return "reg_impl";
    if (a == (void *)reg_proxy) return "reg_proxy";
    if (a == (void *)reg_other) return "reg_other";
    return "?";
}

static void bind(int which, jvmtiEnv *e, JNIEnv *jni, jthread thread, jmethodID m, void *address, void **new_address)
{
    jvmtiPhase p;
    (*e)->GetPhase(e, &p);
    if (p == JVMTI_PHASE_PRIMORDIAL) {
        if (jni != NULL) primordial_with_env++;
        return;
    }
    char buf[64];
    const char *name = own_method(e, m, buf, sizeof buf);
    if (name == NULL) return;
    if (strcmp(name, "missing") == 0) missing_events++;
    if (strcmp(name, "registered") == 0) registered_events++;
    if (strcmp(name, "plain") == 0) plain_events++;
    jvmtiThreadInfo info;
    char tname[64] = "?";
    if ((*e)->GetThreadInfo(e, thread, &info) == JVMTI_ERROR_NONE) {
        snprintf(tname, sizeof tname, "%s", info.name);
        (*e)->Deallocate(e, (unsigned char *)info.name);
    }
    jclass tc = (*jni)->FindClass(jni, "java/lang/Thread");
    jmethodID cur = (*jni)->GetStaticMethodID(jni, tc, "currentThread", "()Ljava/lang/Thread;");
    jobject now = (*jni)->CallStaticObjectMethod(jni, tc, cur);
    say("env%d bind %s to %s on thread %s (current: %s)", which, name, addr_name(address), tname,
        (*jni)->IsSameObject(jni, now, thread) ? "yes" : "no");
    if (which != 1) return;
    if (address == (void *)Java_NativeBind_twice) *new_address = (void *)thrice_impl;
    if (address == (void *)reg_impl) *new_address = (void *)reg_proxy;
}

static void JNICALL bind1(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, void *a, void **na)
{
    bind(1, e, jni, t, m, a, na);
}

static void JNICALL bind2(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, void *a, void **na)
{
    bind(2, e, jni, t, m, a, na);
}

static jvmtiEnv *bind_env(JavaVM *vm, jvmtiEventNativeMethodBind cb)
{
    jvmtiEnv *e = new_env(vm);
    if (e == NULL) return NULL;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_native_method_bind_events = 1;
    check("AddCapabilities", (*e)->AddCapabilities(e, &caps));
    jvmtiEventCallbacks cbs;
    memset(&cbs, 0, sizeof cbs);
    cbs.NativeMethodBind = cb;
    check("SetEventCallbacks", (*e)->SetEventCallbacks(e, &cbs, sizeof cbs));
    check("enable NativeMethodBind", (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_NATIVE_METHOD_BIND, NULL));
    return e;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env1 = bind_env(vm, bind1);
    env2 = bind_env(vm, bind2);
    env3 = new_env(vm);
    if (env1 == NULL || env2 == NULL || env3 == NULL) return 1;
    check("no capability: enable NativeMethodBind",
          (*env3)->SetEventNotificationMode(env3, JVMTI_ENABLE, JVMTI_EVENT_NATIVE_METHOD_BIND, NULL));
    return 0;
}

JNIEXPORT void JNICALL Java_NativeBind_registerIt(JNIEnv *jni, jclass c, jint which)
{
    void *fn = which == 0 ? (void *)reg_impl : which == 1 ? (void *)reg_proxy : (void *)reg_other;
    JNINativeMethod m = {"registered", "()I", fn};
    jint r = (*jni)->RegisterNatives(jni, c, &m, 1);
    say("RegisterNatives(%s): %s", addr_name(fn), r == JNI_OK ? "JNI_OK" : "error");
}

JNIEXPORT void JNICALL Java_NativeBind_unregisterIt(JNIEnv *jni, jclass c)
{
    jint r = (*jni)->UnregisterNatives(jni, c);
    say("UnregisterNatives: %s", r == JNI_OK ? "JNI_OK" : "error");
}

JNIEXPORT void JNICALL Java_NativeBind_report(JNIEnv *jni, jclass c)
{
    say("primordial-phase events with a JNIEnv: %d", primordial_with_env);
    say("events for missing: %d", missing_events);
    say("events for registered (both environments): %d", registered_events);
    say("events for plain (both environments): %d", plain_events);
}
