/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * GetLocalObject on locals the method will never read again (an array filled by a loop,
 * a string assigned and left), after collections: with can_access_local_variables a
 * tool sees every local as the bytecode left it, as on HotSpot, whose compilers keep
 * every local alive for such tools. GlassVM's collector otherwise treats dead locals as
 * garbage (and clears them); a tool with the capability turns that off.
 */
#include "jvmti_test.h"

static jvmtiEnv *e;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    e = new_env(vm);
    if (e == NULL) return 1;
    jvmtiCapabilities c;
    memset(&c, 0, sizeof c);
    c.can_access_local_variables = 1;
    check("AddCapabilities", (*e)->AddCapabilities(e, &c));
    return 0;
}

/* The caller (depth 1) is DeadLocalsKept.work: numbers is slot 0, text slot 1 (the
 * loop variable's, free again). */
JNIEXPORT void JNICALL Java_DeadLocalsKept_inspect(JNIEnv *jni, jclass cls)
{
    jobject numbers = NULL, text = NULL;
    check("GetLocalObject numbers", (*e)->GetLocalObject(e, NULL, 1, 0, &numbers));
    if (numbers != NULL) {
        jint n = (*jni)->GetArrayLength(jni, numbers), last = -1;
        (*jni)->GetIntArrayRegion(jni, numbers, n - 1, 1, &last);
        say("numbers: length %d, last %d", n, last);
    } else {
        say("numbers: null");
    }
    check("GetLocalObject text", (*e)->GetLocalObject(e, NULL, 1, 1, &text));
    if (text != NULL) {
        const char *s = (*jni)->GetStringUTFChars(jni, text, NULL);
        say("text: %s", s);
        (*jni)->ReleaseStringUTFChars(jni, text, s);
    } else {
        say("text: null");
    }
}
