/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: Allocate, Deallocate — a usable block, a null pointer for size 0,
 * ILLEGAL_ARGUMENT for a negative size, OUT_OF_MEMORY for an impossible size,
 * NULL_POINTER for a NULL mem_ptr, and Deallocate(NULL) accepted; in every phase
 * (both functions may be called in any phase).
 */
#include "jvmti_test.h"

static jvmtiEnv *env;

static void exercise(const char *when)
{
    unsigned char *p = (unsigned char *)"untouched";
    check("Allocate(100)", (*env)->Allocate(env, 100, &p));
    for (int i = 0; i < 100; i++) p[i] = (unsigned char)i;
    int sum = 0;
    for (int i = 0; i < 100; i++) sum += p[i];
    say("%s: sum %d", when, sum);
    check("Deallocate", (*env)->Deallocate(env, p));
    p = (unsigned char *)"untouched";
    check("Allocate(0)", (*env)->Allocate(env, 0, &p));
    say("%s: size 0 gives %s", when, p == NULL ? "NULL" : "a pointer");
    check("Allocate(-1)", (*env)->Allocate(env, -1, &p));
    check("Allocate(1 << 62)", (*env)->Allocate(env, (jlong)1 << 62, &p));
    check("Allocate(16, NULL)", (*env)->Allocate(env, 16, NULL));
    check("Deallocate(NULL)", (*env)->Deallocate(env, NULL));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    exercise("OnLoad");
    return 0;
}

JNIEXPORT void JNICALL Java_Allocate_live(JNIEnv *jni, jclass cls) { exercise("live"); }

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm) { exercise("OnUnload"); }
