/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: DisposeEnvironment — a disposed environment answers INVALID_ENVIRONMENT
 * (functions of every phase kind, DisposeEnvironment itself included) while the other
 * environments keep their state. The disposed environment is used only in the OnLoad phase,
 * where no VM is free to reclaim it yet; the live phase disposes a fresh one.
 */
#include "jvmti_test.h"

static JavaVM *jvm;
static jvmtiEnv *keep;
static int token;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvm = vm;
    keep = new_env(vm);
    jvmtiEnv *gone = new_env(vm);
    if (keep == NULL || gone == NULL) return 1;
    check("SetEnvironmentLocalStorage(keep)", (*keep)->SetEnvironmentLocalStorage(keep, &token));
    check("SetEnvironmentLocalStorage(gone)", (*gone)->SetEnvironmentLocalStorage(gone, &token));
    check("DisposeEnvironment", (*gone)->DisposeEnvironment(gone));

    jvmtiPhase phase;
    jint version;
    void *data;
    unsigned char *mem;
    jvmtiCapabilities caps;
    jrawMonitorID mon;
    char *name;
    check("disposed GetPhase", (*gone)->GetPhase(gone, &phase));
    check("disposed GetVersionNumber", (*gone)->GetVersionNumber(gone, &version));
    check("disposed GetEnvironmentLocalStorage", (*gone)->GetEnvironmentLocalStorage(gone, &data));
    check("disposed Allocate", (*gone)->Allocate(gone, 8, &mem));
    check("disposed GetCapabilities", (*gone)->GetCapabilities(gone, &caps));
    check("disposed GetPotentialCapabilities", (*gone)->GetPotentialCapabilities(gone, &caps));
    check("disposed CreateRawMonitor", (*gone)->CreateRawMonitor(gone, "m", &mon));
    check("disposed GetErrorName", (*gone)->GetErrorName(gone, JVMTI_ERROR_NONE, &name));
    check("disposed DisposeEnvironment", (*gone)->DisposeEnvironment(gone));

    data = NULL;
    check("kept GetEnvironmentLocalStorage", (*keep)->GetEnvironmentLocalStorage(keep, &data));
    say("kept storage %s", data == &token ? "intact" : "lost");
    check("kept GetPhase", (*keep)->GetPhase(keep, &phase));
    return 0;
}

JNIEXPORT void JNICALL Java_Dispose_live(JNIEnv *jni, jclass cls)
{
    jvmtiEnv *e = new_env(jvm);
    if (e == NULL) return;
    check("live DisposeEnvironment", (*e)->DisposeEnvironment(e));
    void *data = NULL;
    check("kept GetEnvironmentLocalStorage", (*keep)->GetEnvironmentLocalStorage(keep, &data));
    say("kept storage %s", data == &token ? "intact" : "lost");
    /* The keeper can be disposed too, and the VM goes on. */
    check("keeper DisposeEnvironment", (*keep)->DisposeEnvironment(keep));
}
