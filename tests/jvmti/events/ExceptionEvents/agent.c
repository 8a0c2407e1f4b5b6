/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI Exception and ExceptionCatch (can_generate_exception_events), for exceptions
 * thrown in the test's own methods: the throw location (method and bci, or the invoke of
 * a native method that returned with the exception), the catch location found down the
 * stack (also across a native frame; none for an uncaught one), sent once per throw
 * (not again for the frames it unwinds, again for a rethrow, again after a finally
 * block), and ExceptionCatch at the handler; an exception cleared by JNI
 * ExceptionClear gets no ExceptionCatch. Without the capability the events cannot be
 * enabled.
 */
#include "jvmti_test.h"

static jvmtiEnv *plain, *env;

static void name_of(jmethodID m, char *buf, size_t n)
{
    if (m == NULL) {
        snprintf(buf, n, "null");
        return;
    }
    char *name = NULL, *cname = NULL;
    jclass c = NULL;
    (*env)->GetMethodName(env, m, &name, NULL, NULL);
    (*env)->GetMethodDeclaringClass(env, m, &c);
    (*env)->GetClassSignature(env, c, &cname, NULL);
    snprintf(buf, n, "%s.%s", cname, name);
    (*env)->Deallocate(env, (unsigned char *)name);
    (*env)->Deallocate(env, (unsigned char *)cname);
}

static int ours(jmethodID m)
{
    char buf[256];
    name_of(m, buf, sizeof buf);
    return strncmp(buf, "LExceptionEvents", 16) == 0;
}

static void class_of(JNIEnv *jni, jobject o, char *buf, size_t n)
{
    char *sig = NULL;
    (*env)->GetClassSignature(env, (*jni)->GetObjectClass(jni, o), &sig, NULL);
    snprintf(buf, n, "%s", sig);
    (*env)->Deallocate(env, (unsigned char *)sig);
}

static void thread_name(jthread t, char *buf, size_t n)
{
    jvmtiThreadInfo ti;
    (*env)->GetThreadInfo(env, t, &ti);
    snprintf(buf, n, "%s", ti.name);
    (*env)->Deallocate(env, (unsigned char *)ti.name);
}

static void JNICALL on_exception(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation loc, jobject x,
                                 jmethodID catch_m, jlocation catch_loc)
{
    if (!ours(m)) return;
    char tn[64], mn[256], xn[256], cn[256];
    thread_name(t, tn, sizeof tn);
    name_of(m, mn, sizeof mn);
    class_of(jni, x, xn, sizeof xn);
    name_of(catch_m, cn, sizeof cn);
    say("Exception [%s] %s at %s@%lld, catch %s@%lld", tn, xn, mn, (long long)loc, cn, (long long)catch_loc);
}

static void JNICALL on_catch(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation loc, jobject x)
{
    if (!ours(m)) return;
    char tn[64], mn[256], xn[256];
    thread_name(t, tn, sizeof tn);
    name_of(m, mn, sizeof mn);
    class_of(jni, x, xn, sizeof xn);
    say("ExceptionCatch [%s] %s at %s@%lld", tn, xn, mn, (long long)loc);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    plain = new_env(vm);
    env = new_env(vm);
    if (plain == NULL || env == NULL) return 1;
    check("enable Exception without the capability",
          (*plain)->SetEventNotificationMode(plain, JVMTI_ENABLE, JVMTI_EVENT_EXCEPTION, NULL));
    check("enable ExceptionCatch without the capability",
          (*plain)->SetEventNotificationMode(plain, JVMTI_ENABLE, JVMTI_EVENT_EXCEPTION_CATCH, NULL));
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_exception_events = 1;
    check("AddCapabilities(can_generate_exception_events)", (*env)->AddCapabilities(env, &caps));
    jvmtiEventCallbacks cbs;
    memset(&cbs, 0, sizeof cbs);
    cbs.Exception = on_exception;
    cbs.ExceptionCatch = on_catch;
    check("SetEventCallbacks", (*env)->SetEventCallbacks(env, &cbs, sizeof cbs));
    return 0;
}

JNIEXPORT void JNICALL Java_ExceptionEvents_enable(JNIEnv *jni, jclass c, jboolean on)
{
    jvmtiEventMode mode = on ? JVMTI_ENABLE : JVMTI_DISABLE;
    check("SetEventNotificationMode(Exception)", (*env)->SetEventNotificationMode(env, mode, JVMTI_EVENT_EXCEPTION, NULL));
    check("SetEventNotificationMode(ExceptionCatch)",
          (*env)->SetEventNotificationMode(env, mode, JVMTI_EVENT_EXCEPTION_CATCH, NULL));
}

JNIEXPORT void JNICALL Java_ExceptionEvents_throwFromNative(JNIEnv *jni, jclass c)
{
    jclass custom = (*jni)->FindClass(jni, "ExceptionEvents$Custom");
    (*jni)->ThrowNew(jni, custom, "from native");
}

JNIEXPORT void JNICALL Java_ExceptionEvents_callJava(JNIEnv *jni, jclass c, jboolean clear)
{
    jmethodID m = (*jni)->GetStaticMethodID(jni, c, "thrower", "()V");
    (*jni)->CallStaticVoidMethod(jni, c, m);
    if (clear && (*jni)->ExceptionCheck(jni)) (*jni)->ExceptionClear(jni);
}
