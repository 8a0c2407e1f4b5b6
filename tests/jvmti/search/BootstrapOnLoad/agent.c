/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * AddToBootstrapClassLoaderSearch in the OnLoad phase (a directory, then a JAR; the
 * agent's option is the directory holding both) and in the live phase (ILLEGAL_ARGUMENT
 * for anything but an existing JAR file). Also NULL_POINTER and WRONG_PHASE
 * (Agent_OnUnload).
 *
 * -Xshare:off (options): with its CDS archive HotSpot 17 boots with the archived Java-side
 * boot loader, built without the segments added here, and then finds no resource in
 * them (it warns that the boot class path was appended); -Xbootclasspath/a does not have
 * that problem. Without the archive both VMs behave as for -Xbootclasspath/a.
 */
#include "jvmti_test.h"

static jvmtiEnv *e;

static void add(const char *dir, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    say("OnLoad AddToBootstrapClassLoaderSearch(%s): %s", name,
        err_name((*e)->AddToBootstrapClassLoaderSearch(e, path)));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    e = new_env(vm);
    if (e == NULL || options == NULL) return 1;
    check("OnLoad AddToBootstrapClassLoaderSearch(NULL)", (*e)->AddToBootstrapClassLoaderSearch(e, NULL));
    add(options, "bootdir");
    add(options, "search.jar");
    return 0;
}

JNIEXPORT void JNICALL Java_BootstrapOnLoad_addLive(JNIEnv *jni, jclass cls, jstring segment, jstring label)
{
    const char *s = (*jni)->GetStringUTFChars(jni, segment, NULL);
    const char *l = (*jni)->GetStringUTFChars(jni, label, NULL);
    say("AddToBootstrapClassLoaderSearch(%s): %s", l, err_name((*e)->AddToBootstrapClassLoaderSearch(e, s)));
    (*jni)->ReleaseStringUTFChars(jni, segment, s);
    (*jni)->ReleaseStringUTFChars(jni, label, l);
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm)
{
    check("OnUnload AddToBootstrapClassLoaderSearch", (*e)->AddToBootstrapClassLoaderSearch(e, "x.jar"));
}
