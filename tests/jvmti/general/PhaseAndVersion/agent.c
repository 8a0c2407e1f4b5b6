/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: GetPhase, GetVersionNumber, GetJLocationFormat — their results in the OnLoad,
 * live and dead phases, and NULL_POINTER for each out-parameter. The version is
 * printed only as far as the spec fixes it (the interface type and a major version at
 * least that of the version asked for).
 */
#include "jvmti_test.h"

static jvmtiEnv *env;

static void report(const char *when)
{
    jvmtiPhase phase;
    jint version = 0;
    jvmtiJlocationFormat format;
    check("GetPhase", (*env)->GetPhase(env, &phase));
    say("%s: phase %s", when, phase_name(phase));
    check("GetPhase(NULL)", (*env)->GetPhase(env, NULL));
    check("GetVersionNumber", (*env)->GetVersionNumber(env, &version));
    say("%s: JVMTI interface %s, major >= 11 %s", when,
        (version & JVMTI_VERSION_MASK_INTERFACE_TYPE) == JVMTI_VERSION_INTERFACE_JVMTI ? "yes" : "no",
        ((version & JVMTI_VERSION_MASK_MAJOR) >> JVMTI_VERSION_SHIFT_MAJOR) >= 11 ? "yes" : "no");
    check("GetVersionNumber(NULL)", (*env)->GetVersionNumber(env, NULL));
    check("GetJLocationFormat", (*env)->GetJLocationFormat(env, &format));
    say("%s: jlocation format %s", when, format == JVMTI_JLOCATION_JVMBCI ? "JVMBCI" : "other");
    check("GetJLocationFormat(NULL)", (*env)->GetJLocationFormat(env, NULL));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    report("OnLoad");
    return 0;
}

JNIEXPORT void JNICALL Java_PhaseAndVersion_live(JNIEnv *jni, jclass cls)
{
    report("live");
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm)
{
    report("OnUnload");
}
