/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI ForceGarbageCollection: WRONG_PHASE in OnLoad; in the live phase a complete
 * collection before it returns (an object only weakly reachable is gone, a strongly
 * reachable one stays), with GarbageCollectionStart and GarbageCollectionFinish sent
 * around it (can_generate_garbage_collection_events).
 */
#include "jvmti_test.h"

static jvmtiEnv *env;
static volatile int starts, finishes;

static void JNICALL gc_start(jvmtiEnv *e) { starts++; }
static void JNICALL gc_finish(jvmtiEnv *e) { finishes++; }

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    check("OnLoad: ForceGarbageCollection", (*env)->ForceGarbageCollection(env));
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_garbage_collection_events = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    jvmtiEventCallbacks cbs;
    memset(&cbs, 0, sizeof cbs);
    cbs.GarbageCollectionStart = gc_start;
    cbs.GarbageCollectionFinish = gc_finish;
    check("SetEventCallbacks", (*env)->SetEventCallbacks(env, &cbs, sizeof cbs));
    return 0;
}

JNIEXPORT void JNICALL Java_ForceGarbageCollection_forceGC(JNIEnv *jni, jclass c)
{
    check("enable GarbageCollectionStart",
          (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_GARBAGE_COLLECTION_START, NULL));
    check("enable GarbageCollectionFinish",
          (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_GARBAGE_COLLECTION_FINISH, NULL));
    int s0 = starts, f0 = finishes;
    check("ForceGarbageCollection", (*env)->ForceGarbageCollection(env));
    say("collections started during the call: %s", starts > s0 ? "at least one" : "none");
    say("every started collection finished: %s", starts - s0 == finishes - f0 ? "yes" : "no");
}
