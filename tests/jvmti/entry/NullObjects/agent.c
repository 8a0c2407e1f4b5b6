/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * A NULL jobject where the spec wants an object. HotSpot answers NULL_POINTER for
 * StopThread's exception and INVALID_OBJECT for the objects the heap and object
 * functions inspect; every such parameter is called here with NULL (and, where
 * a thread parameter comes first, with a bad thread too, which is checked first).
 * The module functions' modules (pointer-kind handles) are NULL_POINTER.
 * The nullable ones take NULL: SetLocalObject stores null (tested in local/), as does
 * ForceEarlyReturnObject (framecontrol tests).
 */
#include "jvmti_test.h"

static JavaVM *jvm;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvm = vm;
    return 0;
}

static jvmtiIterationControl JNICALL reachable(jvmtiObjectReferenceKind kind, jlong class_tag, jlong size, jlong *tag_ptr,
                              jlong referrer_tag, jint referrer_index, void *user_data)
{
    say("object reference callback called");
    return JVMTI_ITERATION_ABORT;
}

JNIEXPORT void JNICALL Java_NullObjects_live(JNIEnv *jni, jclass cls, jthread worker, jobject not_a_thread,
                                             jobject module)
{
    jvmtiEnv *e = new_env(jvm);
    if (e == NULL) return;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_signal_thread = 1;
    caps.can_tag_objects = 1;
    caps.can_get_monitor_info = 1;
    check("AddCapabilities", (*e)->AddCapabilities(e, &caps));
    jlong l;
    jint n;
    jvmtiMonitorUsage usage;
    check("StopThread(thread, NULL)", (*e)->StopThread(e, worker, NULL));
    check("StopThread(not a thread, NULL)", (*e)->StopThread(e, not_a_thread, NULL));
    check("GetTag(NULL)", (*e)->GetTag(e, NULL, &l));
    check("SetTag(NULL)", (*e)->SetTag(e, NULL, 1));
    check("GetObjectSize(NULL)", (*e)->GetObjectSize(e, NULL, &l));
    check("GetObjectHashCode(NULL)", (*e)->GetObjectHashCode(e, NULL, &n));
    check("GetObjectMonitorUsage(NULL)", (*e)->GetObjectMonitorUsage(e, NULL, &usage));
    check("IterateOverObjectsReachableFromObject(NULL)",
          (*e)->IterateOverObjectsReachableFromObject(e, NULL, reachable, NULL));
    /* The module functions' module parameters (pointer-kind handles, not nullable). */
    jboolean b;
    check("AddModuleReads(NULL, module)", (*e)->AddModuleReads(e, NULL, module));
    check("AddModuleReads(module, NULL)", (*e)->AddModuleReads(e, module, NULL));
    check("AddModuleExports(NULL, ...)", (*e)->AddModuleExports(e, NULL, "java.lang", module));
    check("AddModuleExports(..., NULL)", (*e)->AddModuleExports(e, module, "java.lang", NULL));
    check("AddModuleOpens(NULL, ...)", (*e)->AddModuleOpens(e, NULL, "java.lang", module));
    check("AddModuleOpens(..., NULL)", (*e)->AddModuleOpens(e, module, "java.lang", NULL));
    check("AddModuleUses(NULL, ...)", (*e)->AddModuleUses(e, NULL, cls));
    check("AddModuleProvides(NULL, ...)", (*e)->AddModuleProvides(e, NULL, cls, cls));
    check("IsModifiableModule(NULL)", (*e)->IsModifiableModule(e, NULL, &b));
}
