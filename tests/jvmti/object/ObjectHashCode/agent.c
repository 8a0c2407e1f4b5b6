/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * GetObjectHashCode. hash() hands the hash to the program, which compares it with
 * System.identityHashCode and prints only the comparisons (hash values differ between
 * runs and VMs); a failing call prints its error. Errors: INVALID_OBJECT (NULL),
 * NULL_POINTER, WRONG_PHASE (Agent_OnLoad).
 */
#include "jvmti_test.h"

static jvmtiEnv *e;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    e = new_env(vm);
    if (e == NULL) return 1;
    jint h;
    check("OnLoad GetObjectHashCode", (*e)->GetObjectHashCode(e, NULL, &h));
    return 0;
}

JNIEXPORT jint JNICALL Java_ObjectHashCode_hash(JNIEnv *jni, jclass cls, jobject o)
{
    jint h = 0;
    jvmtiError r = (*e)->GetObjectHashCode(e, o, &h);
    if (r != JVMTI_ERROR_NONE) check("GetObjectHashCode", r);
    return h;
}

JNIEXPORT void JNICALL Java_ObjectHashCode_errors(JNIEnv *jni, jclass cls, jobject o)
{
    jint h = -7;
    check("GetObjectHashCode(NULL)", (*e)->GetObjectHashCode(e, NULL, &h));
    check("GetObjectHashCode(result NULL)", (*e)->GetObjectHashCode(e, o, NULL));
    say("untouched on error: %d", (int)h);
}
