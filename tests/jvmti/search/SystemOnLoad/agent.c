/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * AddToSystemClassLoaderSearch in the OnLoad phase (the agent's option is the directory
 * holding search.jar) and, for its errors, in the live phase: ILLEGAL_ARGUMENT for
 * anything but an existing JAR file. Also NULL_POINTER and WRONG_PHASE
 * (Agent_OnUnload).
 */
#include "jvmti_test.h"

static jvmtiEnv *e;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    e = new_env(vm);
    if (e == NULL || options == NULL) return 1;
    check("OnLoad AddToSystemClassLoaderSearch(NULL)", (*e)->AddToSystemClassLoaderSearch(e, NULL));
    char path[4096];
    snprintf(path, sizeof path, "%s/search.jar", options);
    check("OnLoad AddToSystemClassLoaderSearch(search.jar)", (*e)->AddToSystemClassLoaderSearch(e, path));
    return 0;
}

JNIEXPORT void JNICALL Java_SystemOnLoad_addLive(JNIEnv *jni, jclass cls, jstring segment, jstring label)
{
    const char *s = (*jni)->GetStringUTFChars(jni, segment, NULL);
    const char *l = (*jni)->GetStringUTFChars(jni, label, NULL);
    say("AddToSystemClassLoaderSearch(%s): %s", l, err_name((*e)->AddToSystemClassLoaderSearch(e, s)));
    (*jni)->ReleaseStringUTFChars(jni, segment, s);
    (*jni)->ReleaseStringUTFChars(jni, label, l);
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm)
{
    check("OnUnload AddToSystemClassLoaderSearch", (*e)->AddToSystemClassLoaderSearch(e, "x.jar"));
}
