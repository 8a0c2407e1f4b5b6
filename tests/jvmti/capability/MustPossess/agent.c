/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI_ERROR_MUST_POSSESS_CAPABILITY: every function of JDK 17's jvmti.h whose spec
 * entry requires a capability, called in the live phase by a new environment that has
 * added none. The capability check comes before the parameter checks (the spec's
 * order of checks; the arguments here are all zero/NULL), so every call answers
 * MUST_POSSESS_CAPABILITY, in both VMs, whatever capabilities they could offer.
 */
#include "jvmti_test.h"

static JavaVM *jvm;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvm = vm;
    return 0;
}

JNIEXPORT void JNICALL Java_MustPossess_live(JNIEnv *jni, jclass cls)
{
    jvmtiEnv *e = new_env(jvm);
    if (e == NULL) return;
    check("SuspendThread", (*e)->SuspendThread(e, NULL));
    check("SuspendThreadList", (*e)->SuspendThreadList(e, 0, NULL, NULL));
    check("ResumeThread", (*e)->ResumeThread(e, NULL));
    check("ResumeThreadList", (*e)->ResumeThreadList(e, 0, NULL, NULL));
    check("StopThread", (*e)->StopThread(e, NULL, NULL));
    check("InterruptThread", (*e)->InterruptThread(e, NULL));
    check("GetOwnedMonitorInfo", (*e)->GetOwnedMonitorInfo(e, NULL, NULL, NULL));
    check("GetOwnedMonitorStackDepthInfo", (*e)->GetOwnedMonitorStackDepthInfo(e, NULL, NULL, NULL));
    check("GetCurrentContendedMonitor", (*e)->GetCurrentContendedMonitor(e, NULL, NULL));
    check("PopFrame", (*e)->PopFrame(e, NULL));
    check("NotifyFramePop", (*e)->NotifyFramePop(e, NULL, 0));
    check("ForceEarlyReturnObject", (*e)->ForceEarlyReturnObject(e, NULL, NULL));
    check("ForceEarlyReturnInt", (*e)->ForceEarlyReturnInt(e, NULL, 0));
    check("ForceEarlyReturnLong", (*e)->ForceEarlyReturnLong(e, NULL, 0));
    check("ForceEarlyReturnFloat", (*e)->ForceEarlyReturnFloat(e, NULL, 0));
    check("ForceEarlyReturnDouble", (*e)->ForceEarlyReturnDouble(e, NULL, 0));
    check("ForceEarlyReturnVoid", (*e)->ForceEarlyReturnVoid(e, NULL));
    check("FollowReferences", (*e)->FollowReferences(e, 0, NULL, NULL, NULL, NULL));
    check("IterateThroughHeap", (*e)->IterateThroughHeap(e, 0, NULL, NULL, NULL));
    check("GetTag", (*e)->GetTag(e, NULL, NULL));
    check("SetTag", (*e)->SetTag(e, NULL, 0));
    check("GetObjectsWithTags", (*e)->GetObjectsWithTags(e, 0, NULL, NULL, NULL, NULL));
    check("IterateOverObjectsReachableFromObject", (*e)->IterateOverObjectsReachableFromObject(e, NULL, NULL, NULL));
    check("IterateOverReachableObjects", (*e)->IterateOverReachableObjects(e, NULL, NULL, NULL, NULL));
    check("IterateOverHeap", (*e)->IterateOverHeap(e, (jvmtiHeapObjectFilter)0, NULL, NULL));
    check("IterateOverInstancesOfClass", (*e)->IterateOverInstancesOfClass(e, NULL, (jvmtiHeapObjectFilter)0, NULL, NULL));
    check("GetLocalObject", (*e)->GetLocalObject(e, NULL, 0, 0, NULL));
    check("GetLocalInstance", (*e)->GetLocalInstance(e, NULL, 0, NULL));
    check("GetLocalInt", (*e)->GetLocalInt(e, NULL, 0, 0, NULL));
    check("GetLocalLong", (*e)->GetLocalLong(e, NULL, 0, 0, NULL));
    check("GetLocalFloat", (*e)->GetLocalFloat(e, NULL, 0, 0, NULL));
    check("GetLocalDouble", (*e)->GetLocalDouble(e, NULL, 0, 0, NULL));
    check("SetLocalObject", (*e)->SetLocalObject(e, NULL, 0, 0, NULL));
    check("SetLocalInt", (*e)->SetLocalInt(e, NULL, 0, 0, 0));
    check("SetLocalLong", (*e)->SetLocalLong(e, NULL, 0, 0, 0));
    check("SetLocalFloat", (*e)->SetLocalFloat(e, NULL, 0, 0, 0));
    check("SetLocalDouble", (*e)->SetLocalDouble(e, NULL, 0, 0, 0));
    check("SetBreakpoint", (*e)->SetBreakpoint(e, NULL, 0));
    check("ClearBreakpoint", (*e)->ClearBreakpoint(e, NULL, 0));
    check("SetFieldAccessWatch", (*e)->SetFieldAccessWatch(e, NULL, NULL));
    check("ClearFieldAccessWatch", (*e)->ClearFieldAccessWatch(e, NULL, NULL));
    check("SetFieldModificationWatch", (*e)->SetFieldModificationWatch(e, NULL, NULL));
    check("ClearFieldModificationWatch", (*e)->ClearFieldModificationWatch(e, NULL, NULL));
    check("GetSourceFileName", (*e)->GetSourceFileName(e, NULL, NULL));
    check("GetConstantPool", (*e)->GetConstantPool(e, NULL, NULL, NULL, NULL));
    check("GetSourceDebugExtension", (*e)->GetSourceDebugExtension(e, NULL, NULL));
    check("RetransformClasses", (*e)->RetransformClasses(e, 0, NULL));
    check("RedefineClasses", (*e)->RedefineClasses(e, 0, NULL));
    check("GetObjectMonitorUsage", (*e)->GetObjectMonitorUsage(e, NULL, NULL));
    check("IsFieldSynthetic", (*e)->IsFieldSynthetic(e, NULL, NULL, NULL));
    check("GetLineNumberTable", (*e)->GetLineNumberTable(e, NULL, NULL, NULL));
    check("GetLocalVariableTable", (*e)->GetLocalVariableTable(e, NULL, NULL, NULL));
    check("GetBytecodes", (*e)->GetBytecodes(e, NULL, NULL, NULL));
    check("IsMethodSynthetic", (*e)->IsMethodSynthetic(e, NULL, NULL));
    check("SetNativeMethodPrefix", (*e)->SetNativeMethodPrefix(e, NULL));
    check("SetNativeMethodPrefixes", (*e)->SetNativeMethodPrefixes(e, 0, NULL));
    check("GetCurrentThreadCpuTimerInfo", (*e)->GetCurrentThreadCpuTimerInfo(e, NULL));
    check("GetCurrentThreadCpuTime", (*e)->GetCurrentThreadCpuTime(e, NULL));
    check("GetThreadCpuTimerInfo", (*e)->GetThreadCpuTimerInfo(e, NULL));
    check("GetThreadCpuTime", (*e)->GetThreadCpuTime(e, NULL, NULL));
    check("SetHeapSamplingInterval", (*e)->SetHeapSamplingInterval(e, 0));
}
