/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Redefined: a JVMPI profiler beside a JVMTI agent that redefines a class (one library,
 * both interfaces). A class's old version, kept while a frame ran it and freed at a later
 * redefinition, is no class of its own: the profiler hears no CLASS_UNLOAD (nor a second
 * CLASS_LOAD) for the class, whose ID stays the one its CLASS_LOAD gave. A frame that runs
 * such an old version is shown with the method ID CLASS_LOAD gave (METHOD_EXIT,
 * GetCallTrace): JVMPI knows no other methods.
 */
#include <jvmti.h>

#include "jvmpi_test.h"

static jvmtiEnv *jvmti;
static jobjectID target;
static int loads, unloads, exits_known, exits_unknown;
static jmethodID methods[16];
static int nmethods;

static int known(jmethodID m)
{
    for (int i = 0; i < nmethods; i++)
        if (methods[i] == m) return 1;
    return 0;
}

static void notify(JVMPI_Event *e)
{
    switch (e->event_type) {
    case JVMPI_EVENT_CLASS_LOAD:
        if (strcmp(e->u.class_load.class_name, "Target") == 0) {
            target = e->u.class_load.class_id;
            loads++;
            for (int i = 0; i < e->u.class_load.num_methods && nmethods < 16; i++)
                methods[nmethods++] = e->u.class_load.methods[i].method_id;
        }
        break;
    case JVMPI_EVENT_CLASS_UNLOAD:
        if (target != NULL && e->u.class_unload.class_id == target) unloads++;
        break;
    case JVMPI_EVENT_METHOD_EXIT:
        if (target != NULL && jvmpi->GetMethodClass(e->u.method.method_id) == target) {
            if (known(e->u.method.method_id))
                exits_known++;
            else
                exits_unknown++;
        }
        break;
    case JVMPI_EVENT_JVM_SHUT_DOWN:
        jt_printf("CLASS_LOAD of Target %d times, CLASS_UNLOAD %d times\n", loads, unloads);
        jt_printf("METHOD_EXIT of Target's methods: %d with their CLASS_LOAD IDs, %d with other IDs\n", exits_known,
                  exits_unknown);
        break;
    }
}

/* The JVMTI environment, made in the live phase (the capability may be added then). */
static jint make_jvmti(void)
{
    JavaVM *vm = jt_vm;
    jint r = (*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_11);
    if (r != JNI_OK) {
        jt_printf("GetEnv(JVMTI_VERSION_11) failed: %d\n", (int)r);
        return JNI_ERR;
    }
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_redefine_classes = 1;
    jvmtiError e = (*jvmti)->AddCapabilities(jvmti, &caps);
    if (e != JVMTI_ERROR_NONE) {
        jt_printf("AddCapabilities failed: %d\n", (int)e);
        return JNI_ERR;
    }
    return JNI_OK;
}

JNIEXPORT jint JNICALL Java_Main_redefine(JNIEnv *env, jclass main, jclass k, jbyteArray bytes)
{
    if (jvmti == NULL && make_jvmti() != JNI_OK) return -1;
    jvmtiClassDefinition d;
    d.klass = k;
    d.class_byte_count = (*env)->GetArrayLength(env, bytes);
    jbyte *b = (*env)->GetByteArrayElements(env, bytes, NULL);
    d.class_bytes = (const unsigned char *)b;
    jvmtiError r = (*jvmti)->RedefineClasses(jvmti, 1, &d);
    (*env)->ReleaseByteArrayElements(env, bytes, b, JNI_ABORT);
    return (jint)r;
}

/* The frames of Target's methods in the current thread's call trace, and whether their
 * IDs are those CLASS_LOAD gave. */
JNIEXPORT void JNICALL Java_Main_trace(JNIEnv *env, jclass main)
{
    JVMPI_CallFrame frames[32];
    JVMPI_CallTrace t = {.env_id = env, .frames = frames};
    jvmpi->GetCallTrace(&t, 32);
    for (jint i = 0; i < t.num_frames; i++)
        if (jvmpi->GetMethodClass(frames[i].method_id) == target)
            jt_printf("GetCallTrace: a frame of Target at line %d, with its CLASS_LOAD ID: %s\n", (int)frames[i].lineno,
                      known(frames[i].method_id) ? "yes" : "no");
}

JNIEXPORT jint JNICALL JVM_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    if (jt_init(vm) != JNI_OK) return JNI_ERR;
    jvmpi->NotifyEvent = notify;
    jvmpi->EnableEvent(JVMPI_EVENT_CLASS_LOAD, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_CLASS_UNLOAD, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_METHOD_EXIT, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_JVM_SHUT_DOWN, NULL);
    return JNI_OK;
}
