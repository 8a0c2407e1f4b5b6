/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * VMStart and can_generate_early_vmstart: env_late (created first, without the
 * capability) and env_early (created second, with it) both enable VMStart. The early
 * environment gets its VMStart first although it was created later, so it came early;
 * each environment gets exactly one VMStart, in the start phase, with a working JNIEnv
 * (FindClass of java.lang.Object); VMInit follows.
 */
#include "jvmti_test.h"

static jvmtiEnv *env_late, *env_early;
static int starts_late, starts_early;

static const char *phase_of(jvmtiEnv *e)
{
    jvmtiPhase p;
    return (*e)->GetPhase(e, &p) == JVMTI_ERROR_NONE ? phase_name(p) : "?";
}

static void JNICALL vm_start(jvmtiEnv *e, JNIEnv *jni)
{
    int early = e == env_early;
    if (early) starts_early++;
    else starts_late++;
    jclass o = (*jni)->FindClass(jni, "java/lang/Object");
    say("VMStart for %s environment: phase %s, FindClass(Object) %s", early ? "early" : "late", phase_of(e),
        o ? "ok" : "failed");
}

static void JNICALL vm_init(jvmtiEnv *e, JNIEnv *jni, jthread t)
{
    say("VMInit for %s environment, VMStarts so far: late %d, early %d", e == env_early ? "early" : "late",
        starts_late, starts_early);
}

static void setup(jvmtiEnv *e)
{
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMStart = vm_start;
    cb.VMInit = vm_init;
    check("SetEventCallbacks", (*e)->SetEventCallbacks(e, &cb, sizeof cb));
    check("enable VMStart", (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_VM_START, NULL));
    check("enable VMInit", (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env_late = new_env(vm);
    env_early = new_env(vm);
    if (env_late == NULL || env_early == NULL) return 1;
    jvmtiCapabilities pot, caps;
    check("GetPotentialCapabilities", (*env_early)->GetPotentialCapabilities(env_early, &pot));
    say("can_generate_early_vmstart potentially available: %s", pot.can_generate_early_vmstart ? "yes" : "no");
    memset(&caps, 0, sizeof caps);
    caps.can_generate_early_vmstart = 1;
    check("AddCapabilities(can_generate_early_vmstart)", (*env_early)->AddCapabilities(env_early, &caps));
    setup(env_late);
    setup(env_early);
    return 0;
}
