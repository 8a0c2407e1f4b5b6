/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * ProfilerExit: called from a METHOD_ENTRY handler, it exits the VM with the code given,
 * as System.exit does (shutdown hooks, JVM_SHUT_DOWN, JVM_OnUnload), and never returns.
 */
#include "jvmpi_test.h"

static jmethodID stop_id;

static void notify(JVMPI_Event *e)
{
    switch (e->event_type) {
    case JVMPI_EVENT_CLASS_LOAD:
        if (strcmp(e->u.class_load.class_name, "Main") == 0)
            for (int i = 0; i < e->u.class_load.num_methods; i++)
                if (strcmp(e->u.class_load.methods[i].method_name, "stop") == 0) stop_id = e->u.class_load.methods[i].method_id;
        break;
    case JVMPI_EVENT_METHOD_ENTRY:
        if (e->u.method.method_id == stop_id && stop_id != NULL) {
            jt_printf("ProfilerExit(7)\n");
            jvmpi->ProfilerExit(7);
            jt_printf("ProfilerExit returned\n");
        }
        break;
    case JVMPI_EVENT_JVM_SHUT_DOWN: jt_printf("JVM_SHUT_DOWN\n"); break;
    }
}

JNIEXPORT jint JNICALL JVM_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    if (jt_init(vm) != JNI_OK) return JNI_ERR;
    jvmpi->NotifyEvent = notify;
    jvmpi->EnableEvent(JVMPI_EVENT_CLASS_LOAD, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_METHOD_ENTRY, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_JVM_SHUT_DOWN, NULL);
    return JNI_OK;
}

JNIEXPORT void JNICALL JVM_OnUnload(JavaVM *vm) { jt_printf("JVM_OnUnload\n"); }
