/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Classes: CLASS_LOAD_HOOK (the class bytes, malloc_f; replacement bytes the agent
 * allocated with malloc_f are used: Target's string literal changes; bytes set back to
 * the old values keep Untouched as it is) and CLASS_LOAD's contents for Shape and the
 * interface Named: name, source file, interfaces, methods with signatures and line
 * ranges (-1 for abstract methods), static and instance fields; RequestEvent of a
 * CLASS_LOAD for a class ID, GetMethodClass.
 */
#include "jvmpi_test.h"

static int target_hooks, untouched_hooks;
static jobjectID shape_class;
static jmethodID shape_run;

static unsigned char *find(unsigned char *d, int len, const char *s)
{
    int n = (int)strlen(s);
    for (int i = 0; i + n <= len; i++)
        if (memcmp(d + i, s, n) == 0) return d + i;
    return NULL;
}

static void show(JVMPI_Event *e)
{
    jt_printf("CLASS_LOAD%s %s: source %s, %d interfaces\n", e->event_type & JVMPI_REQUESTED_EVENT ? " (requested)" : "",
              e->u.class_load.class_name, e->u.class_load.source_name ? e->u.class_load.source_name : "NULL",
              (int)e->u.class_load.num_interfaces);
    for (int i = 0; i < e->u.class_load.num_methods; i++) {
        JVMPI_Method *m = &e->u.class_load.methods[i];
        jt_printf("  method %s%s lines %d-%d\n", m->method_name, m->method_signature, (int)m->start_lineno, (int)m->end_lineno);
    }
    for (int i = 0; i < e->u.class_load.num_static_fields; i++)
        jt_printf("  static %s %s\n", e->u.class_load.statics[i].field_name, e->u.class_load.statics[i].field_signature);
    for (int i = 0; i < e->u.class_load.num_instance_fields; i++)
        jt_printf("  field %s %s\n", e->u.class_load.instances[i].field_name, e->u.class_load.instances[i].field_signature);
}

static void notify(JVMPI_Event *e)
{
    switch (e->event_type) {
    case JVMPI_EVENT_CLASS_LOAD_HOOK: {
        unsigned char *d = e->u.class_load_hook.class_data;
        int len = e->u.class_load_hook.class_data_len;
        if (find(d, len, "ORIGINAL-TEXT!")) {
            target_hooks++;
            unsigned char *n = e->u.class_load_hook.malloc_f((unsigned)len);
            memcpy(n, d, len);
            memcpy(find(n, len, "ORIGINAL-TEXT!"), "PATCHED--TEXT!", 14);
            e->u.class_load_hook.new_class_data = n;
            e->u.class_load_hook.new_class_data_len = len;
        } else {
            if (find(d, len, "UNTOUCHED-TEXT")) untouched_hooks++;
            e->u.class_load_hook.new_class_data = d;
            e->u.class_load_hook.new_class_data_len = len;
        }
        break;
    }
    case JVMPI_EVENT_CLASS_LOAD:
        if (strcmp(e->u.class_load.class_name, "Shape") == 0) {
            shape_class = e->u.class_load.class_id;
            for (int i = 0; i < e->u.class_load.num_methods; i++)
                if (strcmp(e->u.class_load.methods[i].method_name, "run") == 0) shape_run = e->u.class_load.methods[i].method_id;
            show(e);
            jvmpi->DisableGC();
            jt_printf("GetMethodClass(run) is Shape: %s\n", jvmpi->GetMethodClass(shape_run) == shape_class ? "yes" : "no");
            jt_printf("RequestEvent(CLASS_LOAD): %d\n", (int)jvmpi->RequestEvent(JVMPI_EVENT_CLASS_LOAD, shape_class));
            jvmpi->EnableGC();
        } else if (strcmp(e->u.class_load.class_name, "Named") == 0) {
            show(e);
        }
        break;
    case JVMPI_EVENT_CLASS_LOAD | JVMPI_REQUESTED_EVENT: jt_printf("  (requested again: %s)\n", e->u.class_load.class_name); break;
    case JVMPI_EVENT_JVM_SHUT_DOWN:
        jt_printf("hooks: Target %d, Untouched %d\n", target_hooks, untouched_hooks);
        jt_printf("GetMethodClass(bogus) %p\n", (void *)jvmpi->GetMethodClass((jmethodID)&target_hooks));
        break;
    }
}

JNIEXPORT jint JNICALL JVM_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    if (jt_init(vm) != JNI_OK) return JNI_ERR;
    jvmpi->NotifyEvent = notify;
    jvmpi->EnableEvent(JVMPI_EVENT_CLASS_LOAD_HOOK, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_CLASS_LOAD, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_JVM_SHUT_DOWN, NULL);
    return JNI_OK;
}
