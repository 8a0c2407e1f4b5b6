// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * entryexit.c — benchmark agent (bench/run): JVMTI MethodEntry and MethodExit enabled
 * from VMInit on, callbacks that only count: the JVMTI twin of jvmpi_entry.c.
 */
#include <jvmti.h>
#include <string.h>

static jvmtiEnv *env;
static volatile unsigned long entries, exits;

static void JNICALL entry(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m)
{
    (void)e, (void)jni, (void)t, (void)m;
    entries++;
}

static void JNICALL exit_(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jboolean ex, jvalue v)
{
    (void)e, (void)jni, (void)t, (void)m, (void)ex, (void)v;
    exits++;
}

static void JNICALL vm_init(jvmtiEnv *e, JNIEnv *jni, jthread t)
{
    (void)e, (void)jni, (void)t;
    (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_METHOD_ENTRY, NULL);
    (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_METHOD_EXIT, NULL);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    (void)options;
    (void)reserved;
    if ((*vm)->GetEnv(vm, (void **)&env, JVMTI_VERSION_11) != JNI_OK) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_method_entry_events = 1;
    caps.can_generate_method_exit_events = 1;
    if ((*env)->AddCapabilities(env, &caps) != JVMTI_ERROR_NONE) return 1;
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.MethodEntry = entry;
    cb.MethodExit = exit_;
    cb.VMInit = vm_init;
    if ((*env)->SetEventCallbacks(env, &cb, (jint)sizeof cb) != JVMTI_ERROR_NONE) return 1;
    (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL);
    return 0;
}
