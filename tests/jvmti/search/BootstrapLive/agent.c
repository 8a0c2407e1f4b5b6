/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * AddToBootstrapClassLoaderSearch in the live phase: the program checks that the boot
 * loader finds a class of the added JAR. Errors: ILLEGAL_ARGUMENT (missing file,
 * directory, a file that is no JAR, empty path), NULL_POINTER, WRONG_PHASE
 * (Agent_OnUnload).
 *
 * -Xshare:off (options): HotSpot prints a warning about its CDS archive otherwise.
 */
#include "jvmti_test.h"

static jvmtiEnv *e;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    e = new_env(vm);
    return e == NULL;
}

JNIEXPORT void JNICALL Java_BootstrapLive_add(JNIEnv *jni, jclass cls, jstring segment, jstring label)
{
    const char *s = (*jni)->GetStringUTFChars(jni, segment, NULL);
    const char *l = (*jni)->GetStringUTFChars(jni, label, NULL);
    say("AddToBootstrapClassLoaderSearch(%s): %s", l, err_name((*e)->AddToBootstrapClassLoaderSearch(e, s)));
    (*jni)->ReleaseStringUTFChars(jni, segment, s);
    (*jni)->ReleaseStringUTFChars(jni, label, l);
    static int once;
    if (!once++) check("AddToBootstrapClassLoaderSearch(NULL)", (*e)->AddToBootstrapClassLoaderSearch(e, NULL));
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm)
{
    check("OnUnload AddToBootstrapClassLoaderSearch", (*e)->AddToBootstrapClassLoaderSearch(e, "x.jar"));
}
