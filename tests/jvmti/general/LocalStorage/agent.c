/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: SetEnvironmentLocalStorage, GetEnvironmentLocalStorage — NULL until set, each
 * environment its own value, kept across phases, NULL accepted as a value,
 * NULL_POINTER for a NULL data_ptr.
 */
#include "jvmti_test.h"

static jvmtiEnv *env1, *env2;
static int a, b;

static const char *which(void *p) { return p == NULL ? "NULL" : p == &a ? "a" : p == &b ? "b" : "?"; }

static void show(const char *when)
{
    void *p1 = &b, *p2 = &a;
    check("GetEnvironmentLocalStorage(env1)", (*env1)->GetEnvironmentLocalStorage(env1, &p1));
    check("GetEnvironmentLocalStorage(env2)", (*env2)->GetEnvironmentLocalStorage(env2, &p2));
    say("%s: env1 %s, env2 %s", when, which(p1), which(p2));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env1 = new_env(vm);
    env2 = new_env(vm);
    if (env1 == NULL || env2 == NULL) return 1;
    say("two environments: %s", env1 != env2 ? "distinct" : "the same");
    show("new");
    check("SetEnvironmentLocalStorage(env1, a)", (*env1)->SetEnvironmentLocalStorage(env1, &a));
    show("env1 set");
    check("SetEnvironmentLocalStorage(env2, b)", (*env2)->SetEnvironmentLocalStorage(env2, &b));
    show("both set");
    check("GetEnvironmentLocalStorage(NULL)", (*env1)->GetEnvironmentLocalStorage(env1, NULL));
    return 0;
}

JNIEXPORT void JNICALL Java_LocalStorage_live(JNIEnv *jni, jclass cls)
{
    show("live");
    check("SetEnvironmentLocalStorage(env1, NULL)", (*env1)->SetEnvironmentLocalStorage(env1, NULL));
    show("env1 cleared");
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm) { show("OnUnload"); }
