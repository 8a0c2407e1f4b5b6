/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JavaVM GetEnv with JVMTI versions (JVMTI spec "Environments", JNI GetEnv): every
 * version from 1.0 to 17 that exists gives a new environment, each distinct; versions
 * that never existed give JNI_EVERSION, in both phases and on other threads. Versions after 17 are not probed: HotSpot 17
 * refuses them and GlassVM (JVMTI 28) accepts them. Environments work on any attached
 * thread in the live phase.
 */
#include "jvmti_test.h"

static JavaVM *jvm;

static void probe(const char *when)
{
    static const struct {
        const char *name;
        jint version;
    } versions[] = {
        {"1.0", JVMTI_VERSION_1_0}, {"1", JVMTI_VERSION_1},     {"1.1", JVMTI_VERSION_1_1},
        {"1.2", JVMTI_VERSION_1_2}, {"1.2.3", 0x30010203},      {"9", JVMTI_VERSION_9},
        {"11", JVMTI_VERSION_11},   {"13", 0x300D0000},         {"15.1", 0x300F0100},
        {"17", 0x30110000},         {"1.3", 0x30010300},        {"0", 0x30000000},
        {"2", 0x30020000},          {"8", 0x30080000},          {"9.1", 0x30090100},
        {"1000", 0x33E80000},       {"interface 7", 0x70010000},
    };
    jvmtiEnv *seen[32];
    int n = 0;
    for (size_t i = 0; i < sizeof versions / sizeof versions[0]; i++) {
        jvmtiEnv *env = (jvmtiEnv *)&n;
        jint r = (*jvm)->GetEnv(jvm, (void **)&env, versions[i].version);
        const char *res = r == JNI_OK ? "JNI_OK" : r == JNI_EVERSION ? "JNI_EVERSION" : r == JNI_EDETACHED ? "JNI_EDETACHED" : "other";
        const char *ptr = "";
        if (r == JNI_OK) {
            int dup = 0;
            for (int k = 0; k < n; k++) dup |= seen[k] == env;
            ptr = env == NULL ? ", env NULL" : dup ? ", env seen before" : ", new env";
            if (n < 32) seen[n++] = env;
            jvmtiPhase phase;
            if ((*env)->GetPhase(env, &phase) != JVMTI_ERROR_NONE) ptr = ", env unusable";
        }
        /* (On failure the JNI spec sets *env to NULL; HotSpot leaves it alone, so the
         * value is not printed.) */
        say("%s: GetEnv(%s): %s%s", when, versions[i].name, res, ptr);
    }
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvm = vm;
    probe("OnLoad");
    return 0;
}

JNIEXPORT void JNICALL Java_GetEnvVersions_live(JNIEnv *jni, jclass cls) { probe("live"); }
