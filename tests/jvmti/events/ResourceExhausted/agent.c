/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI event ResourceExhausted: sent on the allocating thread before the
 * OutOfMemoryError is thrown (no exception pending in the callback), with
 * OOM_ERROR|JAVA_HEAP and "Java heap space" for an exhausted heap (needs
 * can_generate_resource_exhaustion_heap_events), and OOM_ERROR alone for an array
 * longer than the VM supports. The callback may call JNI.
 */
#include "jvmti_test.h"

static jvmtiEnv *jvmti;
static char phase[32] = "none";
static int count;

static void JNICALL exhausted(jvmtiEnv *e, JNIEnv *jni, jint flags, const void *reserved, const char *desc)
{
    if (count++ > 0 && strcmp(phase, "heap") == 0) return; /* a VM may report the heap more than once */
    jthread cur = NULL;
    (*e)->GetCurrentThread(e, &cur);
    jclass tc = (*jni)->FindClass(jni, "java/lang/Thread");
    jmethodID gn = (*jni)->GetMethodID(jni, tc, "getName", "()Ljava/lang/String;");
    jstring s = (*jni)->CallObjectMethod(jni, cur, gn);
    const char *n = (*jni)->GetStringUTFChars(jni, s, NULL);
    say("ResourceExhausted during %s: flags%s%s%s, \"%s\", thread %s, exception pending: %s", phase,
        flags & JVMTI_RESOURCE_EXHAUSTED_OOM_ERROR ? " OOM_ERROR" : "",
        flags & JVMTI_RESOURCE_EXHAUSTED_JAVA_HEAP ? " JAVA_HEAP" : "",
        flags & JVMTI_RESOURCE_EXHAUSTED_THREADS ? " THREADS" : "", desc ? desc : "(null)", n,
        (*jni)->ExceptionCheck(jni) ? "yes" : "no");
    (*jni)->ReleaseStringUTFChars(jni, s, n);
}

JNIEXPORT void JNICALL Java_ResourceExhausted_mark(JNIEnv *jni, jclass c, jstring what)
{
    const char *w = (*jni)->GetStringUTFChars(jni, what, NULL);
    snprintf(phase, sizeof phase, "%s", w);
    (*jni)->ReleaseStringUTFChars(jni, what, w);
    count = 0;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmti = new_env(vm);
    if (jvmti == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_resource_exhaustion_heap_events = 1;
    check("AddCapabilities", (*jvmti)->AddCapabilities(jvmti, &caps));
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ResourceExhausted = exhausted;
    check("SetEventCallbacks", (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb));
    check("enable", (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_RESOURCE_EXHAUSTED, NULL));
    return 0;
}
