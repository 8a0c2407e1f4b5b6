/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * GetObjectSize. size() hands the size to the program, which prints only properties
 * (the numbers differ between VMs: the spec makes them implementation-specific); a
 * failing call prints its error and answers -1. Errors: INVALID_OBJECT (NULL),
 * NULL_POINTER, WRONG_PHASE (Agent_OnLoad).
 */
#include "jvmti_test.h"

static jvmtiEnv *e;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    e = new_env(vm);
    if (e == NULL) return 1;
    jlong size;
    check("OnLoad GetObjectSize", (*e)->GetObjectSize(e, NULL, &size));
    return 0;
}

JNIEXPORT jlong JNICALL Java_ObjectSize_size(JNIEnv *jni, jclass cls, jobject o)
{
    jlong size = -1;
    jvmtiError r = (*e)->GetObjectSize(e, o, &size);
    if (r != JVMTI_ERROR_NONE) {
        check("GetObjectSize", r);
        return -1;
    }
    return size;
}

JNIEXPORT void JNICALL Java_ObjectSize_errors(JNIEnv *jni, jclass cls, jobject o)
{
    jlong size = -7;
    check("GetObjectSize(NULL)", (*e)->GetObjectSize(e, NULL, &size));
    check("GetObjectSize(result NULL)", (*e)->GetObjectSize(e, o, NULL));
    say("untouched on error: %d", (int)size);
}
