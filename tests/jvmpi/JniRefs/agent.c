/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JniRefs: JNI_GLOBALREF_ALLOC (the object's ID and the reference NewGlobalRef
 * returned), JNI_GLOBALREF_FREE (the reference DeleteGlobalRef gets), and the weak
 * variants, on the thread that made them; nothing for a disabled kind.
 */
#include "jvmpi_test.h"

static jobjectID obj;
static jobject expect_ref;
static int recording;

static void notify(JVMPI_Event *e)
{
    if (!recording) return;
    const char *what = e->event_type == JVMPI_EVENT_JNI_GLOBALREF_ALLOC        ? "GLOBALREF_ALLOC"
                       : e->event_type == JVMPI_EVENT_JNI_GLOBALREF_FREE       ? "GLOBALREF_FREE"
                       : e->event_type == JVMPI_EVENT_JNI_WEAK_GLOBALREF_ALLOC ? "WEAK_GLOBALREF_ALLOC"
                       : e->event_type == JVMPI_EVENT_JNI_WEAK_GLOBALREF_FREE  ? "WEAK_GLOBALREF_FREE"
                                                                               : "other";
    if (e->event_type == JVMPI_EVENT_JNI_GLOBALREF_ALLOC || e->event_type == JVMPI_EVENT_JNI_WEAK_GLOBALREF_ALLOC)
        jt_printf("%s: object %s, reference %s, this thread %s\n", what, e->u.jni_globalref_alloc.obj_id == obj ? "right" : "wrong",
                  e->u.jni_globalref_alloc.ref_id != NULL ? "set" : "NULL", e->env_id == jt_env() ? "yes" : "no");
    else
        jt_printf("%s: reference %s\n", what, e->u.jni_globalref_free.ref_id == expect_ref ? "right" : "wrong");
}

JNIEXPORT void JNICALL Java_Main_refs(JNIEnv *env, jclass main, jobject o)
{
    jvmpi->DisableGC();
    obj = jvmpi->jobject2jobjectID(o);
    jvmpi->EnableGC();
    recording = 1;
    jobject g = (*env)->NewGlobalRef(env, o);
    expect_ref = g;
    (*env)->DeleteGlobalRef(env, g);
    jweak w = (*env)->NewWeakGlobalRef(env, o);
    expect_ref = w;
    (*env)->DeleteWeakGlobalRef(env, w);
    jvmpi->DisableEvent(JVMPI_EVENT_JNI_GLOBALREF_ALLOC, NULL);
    jvmpi->DisableEvent(JVMPI_EVENT_JNI_WEAK_GLOBALREF_FREE, NULL);
    jt_printf("two kinds disabled:\n");
    g = (*env)->NewGlobalRef(env, o);
    expect_ref = g;
    (*env)->DeleteGlobalRef(env, g);
    w = (*env)->NewWeakGlobalRef(env, o);
    expect_ref = w;
    (*env)->DeleteWeakGlobalRef(env, w);
    recording = 0;
}

JNIEXPORT jint JNICALL JVM_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    if (jt_init(vm) != JNI_OK) return JNI_ERR;
    jvmpi->NotifyEvent = notify;
    for (jint ev = JVMPI_EVENT_JNI_GLOBALREF_ALLOC; ev <= JVMPI_EVENT_JNI_WEAK_GLOBALREF_FREE; ev++) jvmpi->EnableEvent(ev, NULL);
    return JNI_OK;
}
