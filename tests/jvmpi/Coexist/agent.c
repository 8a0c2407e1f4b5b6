/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Coexist: one library loaded twice, as a JVMPI agent (-Xrun, JVM_OnLoad) and as a JVMTI
 * agent (-agentpath, Agent_OnLoad), with the JDWP agent in the VM too. JVMTI enables
 * MethodEntry only, JVMPI METHOD_EXIT and OBJECT_ALLOC only: each gets its own events
 * and none of the other's.
 */
#include <jvmti.h>

#include "jvmpi_test.h"

static jvmtiEnv *ti;
static int ti_entries, ti_exits, pi_entries, pi_exits, pi_workers;
static jmethodID work_id;
static jobjectID worker_class;

static void JNICALL on_entry(jvmtiEnv *env, JNIEnv *jni, jthread t, jmethodID m)
{
    char *name = NULL;
    if ((*env)->GetMethodName(env, m, &name, NULL, NULL) == JVMTI_ERROR_NONE && strcmp(name, "work") == 0) {
        jclass c;
        char *sig = NULL;
        (*env)->GetMethodDeclaringClass(env, m, &c);
        (*env)->GetClassSignature(env, c, &sig, NULL);
        if (strcmp(sig, "LWorker;") == 0) ti_entries++;
        (*env)->Deallocate(env, (unsigned char *)sig);
    }
    (*env)->Deallocate(env, (unsigned char *)name);
}

static void JNICALL on_exit_ti(jvmtiEnv *env, JNIEnv *jni, jthread t, jmethodID m, jboolean ex, jvalue v) { ti_exits++; }

static void JNICALL on_death(jvmtiEnv *env, JNIEnv *jni)
{
    jt_printf("JVMTI: MethodEntry of Worker.work %d, MethodExit %d\n", ti_entries, ti_exits);
    jt_printf("JVMPI: METHOD_ENTRY %d, METHOD_EXIT of Worker.work %d, OBJECT_ALLOC of Worker %d\n", pi_entries, pi_exits, pi_workers);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    if ((*vm)->GetEnv(vm, (void **)&ti, JVMTI_VERSION_1_2) != JNI_OK) return JNI_ERR;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_method_entry_events = 1;
    caps.can_generate_method_exit_events = 1;
    (*ti)->AddCapabilities(ti, &caps);
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.MethodEntry = on_entry;
    cb.MethodExit = on_exit_ti;
    cb.VMDeath = on_death;
    (*ti)->SetEventCallbacks(ti, &cb, sizeof cb);
    (*ti)->SetEventNotificationMode(ti, JVMTI_ENABLE, JVMTI_EVENT_METHOD_ENTRY, NULL);
    (*ti)->SetEventNotificationMode(ti, JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, NULL);
    return JNI_OK;
}

static void notify(JVMPI_Event *e)
{
    switch (e->event_type) {
    case JVMPI_EVENT_CLASS_LOAD:
        if (strcmp(e->u.class_load.class_name, "Worker") == 0) {
            worker_class = e->u.class_load.class_id;
            for (int i = 0; i < e->u.class_load.num_methods; i++)
                if (strcmp(e->u.class_load.methods[i].method_name, "work") == 0) work_id = e->u.class_load.methods[i].method_id;
        }
        break;
    case JVMPI_EVENT_METHOD_ENTRY: pi_entries++; break;
    case JVMPI_EVENT_METHOD_EXIT: pi_exits += e->u.method.method_id == work_id && work_id != NULL; break;
    case JVMPI_EVENT_OBJECT_ALLOC:
        pi_workers += e->u.obj_alloc.class_id == worker_class && worker_class != NULL &&
                      e->u.obj_alloc.is_array == JVMPI_NORMAL_OBJECT;
        break;
    }
}

JNIEXPORT jint JNICALL JVM_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    if (jt_init(vm) != JNI_OK) return JNI_ERR;
    jvmpi->NotifyEvent = notify;
    jvmpi->EnableEvent(JVMPI_EVENT_CLASS_LOAD, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_METHOD_EXIT, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_OBJECT_ALLOC, NULL);
    return JNI_OK;
}
