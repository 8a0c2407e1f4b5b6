/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: SetVerboseFlag — every flag of jvmtiVerboseFlag is accepted in the OnLoad, live
 * and dead phases, anything else is ILLEGAL_ARGUMENT. Flags are only switched off: the
 * format of verbose output is the VM's own, so turning it on cannot be compared with
 * HotSpot.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;

static void flags(const char *when)
{
    say("%s:", when);
    check("  SetVerboseFlag(OTHER, off)", (*env)->SetVerboseFlag(env, JVMTI_VERBOSE_OTHER, JNI_FALSE));
    check("  SetVerboseFlag(GC, off)", (*env)->SetVerboseFlag(env, JVMTI_VERBOSE_GC, JNI_FALSE));
    check("  SetVerboseFlag(CLASS, off)", (*env)->SetVerboseFlag(env, JVMTI_VERBOSE_CLASS, JNI_FALSE));
    check("  SetVerboseFlag(JNI, off)", (*env)->SetVerboseFlag(env, JVMTI_VERBOSE_JNI, JNI_FALSE));
    check("  SetVerboseFlag(3, off)", (*env)->SetVerboseFlag(env, (jvmtiVerboseFlag)3, JNI_FALSE));
    check("  SetVerboseFlag(8, off)", (*env)->SetVerboseFlag(env, (jvmtiVerboseFlag)8, JNI_FALSE));
    check("  SetVerboseFlag(-1, off)", (*env)->SetVerboseFlag(env, (jvmtiVerboseFlag)-1, JNI_FALSE));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    flags("OnLoad");
    return 0;
}

JNIEXPORT void JNICALL Java_VerboseFlag_live(JNIEnv *jni, jclass cls) { flags("live"); }

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm) { flags("OnUnload"); }
