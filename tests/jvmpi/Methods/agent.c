/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Methods: METHOD_ENTRY, METHOD_ENTRY2 (the receiver, NULL for static methods) and
 * METHOD_EXIT counted per method of the program's classes (named from their CLASS_LOAD
 * events, with the line ranges), exits by exception included; GetCallTrace of the
 * current thread inside Worker.leaf (depth, methods, lines, the JVMPI_CallTrace fields
 * and a depth smaller than the stack), and inside System.identityHashCode (a native
 * method: line -3).
 */
#include "jvmpi_test.h"

#define MAXM 64
static struct M {
    jmethodID id;
    char name[64];
    int entry, entry2, entry2_recv, exit;
    jobjectID last_recv;
    int recv_changes;
} ms[MAXM];
static int nms;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static jmethodID leaf_id, ihc_id;

static struct M *find(jmethodID id)
{
    for (int i = 0; i < nms; i++)
        if (ms[i].id == id) return &ms[i];
    return NULL;
}

static const char *name_of(jmethodID id)
{
    struct M *m = find(id);
    if (id == ihc_id && id != NULL) return "java.lang.System.identityHashCode(Ljava/lang/Object;)I";
    return m ? m->name : "?";
}

static void trace_here(const char *where, jint depth)
{
    JVMPI_CallFrame frames[16];
    JVMPI_CallTrace tr = {jt_env(), -7, frames};
    jvmpi->GetCallTrace(&tr, depth);
    jt_printf("trace in %s, depth %d: %d frames\n", where, (int)depth, (int)tr.num_frames);
    for (int i = 0; i < tr.num_frames; i++)
        jt_printf("  %s line %d\n", name_of(frames[i].method_id), (int)frames[i].lineno);
}

static void notify(JVMPI_Event *e)
{
    switch (e->event_type & ~JVMPI_REQUESTED_EVENT) {
    case JVMPI_EVENT_CLASS_LOAD: {
        const char *cn = e->u.class_load.class_name;
        if (strcmp(cn, "Main") != 0 && strcmp(cn, "Worker") != 0 && strcmp(cn, "java.lang.System") != 0) break;
        pthread_mutex_lock(&lock);
        for (int i = 0; i < e->u.class_load.num_methods && nms < MAXM; i++) {
            JVMPI_Method *m = &e->u.class_load.methods[i];
            if (strcmp(cn, "java.lang.System") == 0) {
                if (strcmp(m->method_name, "identityHashCode") == 0) ihc_id = m->method_id;
                continue;
            }
            ms[nms].id = m->method_id;
            snprintf(ms[nms].name, sizeof ms[nms].name, "%s.%s%s", cn, m->method_name, m->method_signature);
            if (strcmp(cn, "Worker") == 0)
                jt_printf("method %s lines %d-%d\n", ms[nms].name, (int)m->start_lineno, (int)m->end_lineno);
            if (strcmp(m->method_name, "leaf") == 0) leaf_id = m->method_id;
            nms++;
        }
        pthread_mutex_unlock(&lock);
        break;
    }
    case JVMPI_EVENT_METHOD_ENTRY: {
        if (e->u.method.method_id == ihc_id && ihc_id != NULL) trace_here("System.identityHashCode", 16);
        struct M *m = find(e->u.method.method_id);
        if (m == NULL) break;
        m->entry++;
        if (e->u.method.method_id == leaf_id) {
            trace_here("Worker.leaf", 16);
            trace_here("Worker.leaf", 3);
            /* depth 0: no frames, num_frames written */
            trace_here("Worker.leaf", 0);
        }
        break;
    }
    case JVMPI_EVENT_METHOD_ENTRY2: {
        struct M *m = find(e->u.method_entry2.method_id);
        if (m == NULL) break;
        m->entry2++;
        if (e->u.method_entry2.obj_id != NULL) {
            m->entry2_recv++;
            if (m->last_recv != NULL && m->last_recv != e->u.method_entry2.obj_id) m->recv_changes++;
            m->last_recv = e->u.method_entry2.obj_id;
        }
        break;
    }
    case JVMPI_EVENT_METHOD_EXIT: {
        struct M *m = find(e->u.method.method_id);
        if (m != NULL) m->exit++;
        break;
    }
    case JVMPI_EVENT_JVM_SHUT_DOWN:
        for (int i = 0; i < nms; i++)
            if (ms[i].entry || ms[i].exit)
                jt_printf("%s: entry %d, entry2 %d (with receiver %d, receivers changed %d), exit %d\n", ms[i].name,
                          ms[i].entry, ms[i].entry2, ms[i].entry2_recv, ms[i].recv_changes, ms[i].exit);
        break;
    }
}

JNIEXPORT jint JNICALL JVM_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    if (jt_init(vm) != JNI_OK) return JNI_ERR;
    jvmpi->NotifyEvent = notify;
    jvmpi->EnableEvent(JVMPI_EVENT_CLASS_LOAD, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_METHOD_ENTRY, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_METHOD_ENTRY2, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_METHOD_EXIT, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_JVM_SHUT_DOWN, NULL);
    return JNI_OK;
}
