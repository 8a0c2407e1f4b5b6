/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * ClassUnload: CLASS_UNLOAD for a class whose loader was collected, with the class ID its
 * CLASS_LOAD gave, on the collecting thread; RequestEvent(CLASS_LOAD) for that ID from the
 * handler still describes the class; nothing for the classes that stay.
 */
#include "jvmpi_test.h"

static jobjectID victim;
static int victim_methods = -1, unloads, others;
static volatile int seen;

static void notify(JVMPI_Event *e)
{
    switch (e->event_type) {
    case JVMPI_EVENT_CLASS_LOAD:
        if (strcmp(e->u.class_load.class_name, "Victim") == 0) {
            victim = e->u.class_load.class_id;
            victim_methods = e->u.class_load.num_methods;
        }
        break;
    case JVMPI_EVENT_CLASS_LOAD | JVMPI_REQUESTED_EVENT:
        jt_printf("requested CLASS_LOAD from CLASS_UNLOAD: %s, %d methods (as loaded: %s), %d statics, %d fields, "
                  "source %s\n",
                  e->u.class_load.class_name, (int)e->u.class_load.num_methods,
                  e->u.class_load.num_methods == victim_methods ? "yes" : "no", (int)e->u.class_load.num_static_fields,
                  (int)e->u.class_load.num_instance_fields, e->u.class_load.source_name);
        break;
    case JVMPI_EVENT_CLASS_UNLOAD:
        if (e->u.class_unload.class_id != victim || victim == NULL) {
            others++;
            break;
        }
        unloads++;
        jt_printf("CLASS_UNLOAD of Victim, on an attached thread: %s\n", e->env_id == jt_env() ? "yes" : "no");
        jt_printf("RequestEvent(CLASS_LOAD): %d\n", (int)jvmpi->RequestEvent(JVMPI_EVENT_CLASS_LOAD, e->u.class_unload.class_id));
        seen = 1;
        break;
    case JVMPI_EVENT_JVM_SHUT_DOWN:
        jt_printf("CLASS_UNLOAD of Victim %d times, of other classes %d\n", unloads, others);
        break;
    }
}

JNIEXPORT jboolean JNICALL Java_Main_unloaded(JNIEnv *env, jclass main) { return seen ? JNI_TRUE : JNI_FALSE; }

JNIEXPORT jint JNICALL JVM_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    if (jt_init(vm) != JNI_OK) return JNI_ERR;
    jvmpi->NotifyEvent = notify;
    jvmpi->EnableEvent(JVMPI_EVENT_CLASS_LOAD, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_CLASS_UNLOAD, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_JVM_SHUT_DOWN, NULL);
    return JNI_OK;
}
