/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: GetErrorName — the name of every error code of JDK 17's jvmti.h, returned in
 * memory the agent frees with Deallocate; ILLEGAL_ARGUMENT for numbers that are not
 * error codes (negative, gaps, past the last); NULL_POINTER for a NULL name_ptr. Code 73
 * (JVMTI_ERROR_UNSUPPORTED_OPERATION, added in JVMTI 19) is left out: HotSpot 17 does
 * not know it.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;

static void all_names(const char *when)
{
    int named = 0, illegal = 0;
    for (int e = -2; e <= 130; e++) {
        if (e == 73) continue;
        char *name = NULL;
        jvmtiError err = (*env)->GetErrorName(env, (jvmtiError)e, &name);
        if (err == JVMTI_ERROR_NONE) {
            if (strcmp(name, "JVMTI_ERROR_NONE") != 0 && strncmp(name, "JVMTI_ERROR_", 12) != 0)
                say("%s: %d has a strange name %s", when, e, name);
            if (strcmp(name + 12, err_name((jvmtiError)e)) != 0)
                say("%s: %d is named %s, expected JVMTI_ERROR_%s", when, e, name, err_name((jvmtiError)e));
            jvmtiError d = (*env)->Deallocate(env, (unsigned char *)name);
            if (d != JVMTI_ERROR_NONE) check("Deallocate", d);
            named++;
        } else if (err == JVMTI_ERROR_ILLEGAL_ARGUMENT) {
            illegal++;
        } else {
            say("%s: GetErrorName(%d): %s", when, e, err_name(err));
        }
    }
    say("%s: %d named, %d illegal", when, named, illegal);
    char *name;
    check("GetErrorName(NONE)", (*env)->GetErrorName(env, JVMTI_ERROR_NONE, &name));
    say("  %s", name);
    (*env)->Deallocate(env, (unsigned char *)name);
    check("GetErrorName(INVALID_ENVIRONMENT)", (*env)->GetErrorName(env, JVMTI_ERROR_INVALID_ENVIRONMENT, &name));
    say("  %s", name);
    (*env)->Deallocate(env, (unsigned char *)name);
    check("GetErrorName(NONE, NULL)", (*env)->GetErrorName(env, JVMTI_ERROR_NONE, NULL));
    check("GetErrorName(-1, NULL)", (*env)->GetErrorName(env, (jvmtiError)-1, &name));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    all_names("OnLoad");
    return 0;
}

JNIEXPORT void JNICALL Java_ErrorName_live(JNIEnv *jni, jclass cls)
{
    all_names("live");
}
