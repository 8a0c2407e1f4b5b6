// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * bp.c — benchmark agent (bench/run): what a debugger with one breakpoint set costs. At
 * VMInit it sets a breakpoint at the first bci of java.lang.Runtime.halt (never reached by
 * the programs) and enables the Breakpoint event.
 */
#include <jvmti.h>
#include <string.h>

static jvmtiEnv *env;

static void JNICALL bp(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation l)
{
    (void)e, (void)jni, (void)t, (void)m, (void)l;
}

static void JNICALL vm_init(jvmtiEnv *e, JNIEnv *jni, jthread t)
{
    (void)e, (void)t;
    jclass c = (*jni)->FindClass(jni, "java/lang/Runtime");
    jmethodID m = c ? (*jni)->GetMethodID(jni, c, "halt", "(I)V") : NULL;
    if (m != NULL) (*env)->SetBreakpoint(env, m, 0);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    (void)options;
    (void)reserved;
    if ((*vm)->GetEnv(vm, (void **)&env, JVMTI_VERSION_11) != JNI_OK) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_breakpoint_events = 1;
    if ((*env)->AddCapabilities(env, &caps) != JVMTI_ERROR_NONE) return 1;
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.Breakpoint = bp;
    cb.VMInit = vm_init;
    if ((*env)->SetEventCallbacks(env, &cb, (jint)sizeof cb) != JVMTI_ERROR_NONE) return 1;
    (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL);
    (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_BREAKPOINT, NULL);
    return 0;
}
