/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI_ERROR_WRONG_PHASE for every function of JDK 17's jvmti.h called outside its
 * phases: in Agent_OnLoad every start- and live-phase function; in the live phase the
 * OnLoad-only one (SetSystemProperty); in Agent_OnUnload (dead phase) every function
 * not callable in any phase. The phase check is the first one (arguments are zero or
 * NULL), so each call answers WRONG_PHASE. Every result is printed as "Name: ERROR"
 * (tools/jvmti_error_coverage.py reads these lines), then the number of calls of the
 * phase.
 */
#include "jvmti_test.h"

/* The phases in which a call is made (and must answer WRONG_PHASE). */
enum { ONLOAD = 1, LIVE = 2, DEAD = 4 };

/* X(Name, phases, arguments): each call once, in jvmti.h order. */
#define CALLS(X) \
    X(GetThreadState, ONLOAD | DEAD, (e, NULL, NULL))                                               \
    X(GetCurrentThread, ONLOAD | DEAD, (e, NULL))                                                   \
    X(GetAllThreads, ONLOAD | DEAD, (e, NULL, NULL))                                                \
    X(SuspendThread, ONLOAD | DEAD, (e, NULL))                                                      \
    X(SuspendThreadList, ONLOAD | DEAD, (e, 0, NULL, NULL))                                         \
    X(ResumeThread, ONLOAD | DEAD, (e, NULL))                                                       \
    X(ResumeThreadList, ONLOAD | DEAD, (e, 0, NULL, NULL))                                          \
    X(StopThread, ONLOAD | DEAD, (e, NULL, NULL))                                                   \
    X(InterruptThread, ONLOAD | DEAD, (e, NULL))                                                    \
    X(GetThreadInfo, ONLOAD | DEAD, (e, NULL, NULL))                                                \
    X(GetOwnedMonitorInfo, ONLOAD | DEAD, (e, NULL, NULL, NULL))                                    \
    X(GetOwnedMonitorStackDepthInfo, ONLOAD | DEAD, (e, NULL, NULL, NULL))                          \
    X(GetCurrentContendedMonitor, ONLOAD | DEAD, (e, NULL, NULL))                                   \
    X(RunAgentThread, ONLOAD | DEAD, (e, NULL, NULL, NULL, 0))                                      \
    X(SetThreadLocalStorage, ONLOAD | DEAD, (e, NULL, NULL))                                        \
    X(GetThreadLocalStorage, ONLOAD | DEAD, (e, NULL, NULL))                                        \
    X(GetTopThreadGroups, ONLOAD | DEAD, (e, NULL, NULL))                                           \
    X(GetThreadGroupInfo, ONLOAD | DEAD, (e, NULL, NULL))                                           \
    X(GetThreadGroupChildren, ONLOAD | DEAD, (e, NULL, NULL, NULL, NULL, NULL))                     \
    X(GetStackTrace, ONLOAD | DEAD, (e, NULL, 0, 0, NULL, NULL))                                    \
    X(GetAllStackTraces, ONLOAD | DEAD, (e, 0, NULL, NULL))                                         \
    X(GetThreadListStackTraces, ONLOAD | DEAD, (e, 0, NULL, 0, NULL))                               \
    X(GetFrameCount, ONLOAD | DEAD, (e, NULL, NULL))                                                \
    X(PopFrame, ONLOAD | DEAD, (e, NULL))                                                           \
    X(GetFrameLocation, ONLOAD | DEAD, (e, NULL, 0, NULL, NULL))                                    \
    X(NotifyFramePop, ONLOAD | DEAD, (e, NULL, 0))                                                  \
    X(ForceEarlyReturnObject, ONLOAD | DEAD, (e, NULL, NULL))                                       \
    X(ForceEarlyReturnInt, ONLOAD | DEAD, (e, NULL, 0))                                             \
    X(ForceEarlyReturnLong, ONLOAD | DEAD, (e, NULL, 0))                                            \
    X(ForceEarlyReturnFloat, ONLOAD | DEAD, (e, NULL, 0))                                           \
    X(ForceEarlyReturnDouble, ONLOAD | DEAD, (e, NULL, 0))                                          \
    X(ForceEarlyReturnVoid, ONLOAD | DEAD, (e, NULL))                                               \
    X(FollowReferences, ONLOAD | DEAD, (e, 0, NULL, NULL, NULL, NULL))                              \
    X(IterateThroughHeap, ONLOAD | DEAD, (e, 0, NULL, NULL, NULL))                                  \
    X(GetTag, ONLOAD | DEAD, (e, NULL, NULL))                                                       \
    X(SetTag, ONLOAD | DEAD, (e, NULL, 0))                                                          \
    X(GetObjectsWithTags, ONLOAD | DEAD, (e, 0, NULL, NULL, NULL, NULL))                            \
    X(ForceGarbageCollection, ONLOAD | DEAD, (e))                                                   \
    X(IterateOverObjectsReachableFromObject, ONLOAD | DEAD, (e, NULL, NULL, NULL))                  \
    X(IterateOverReachableObjects, ONLOAD | DEAD, (e, NULL, NULL, NULL, NULL))                      \
    X(IterateOverHeap, ONLOAD | DEAD, (e, (jvmtiHeapObjectFilter)0, NULL, NULL))                    \
    X(IterateOverInstancesOfClass, ONLOAD | DEAD, (e, NULL, (jvmtiHeapObjectFilter)0, NULL, NULL))  \
    X(GetLocalObject, ONLOAD | DEAD, (e, NULL, 0, 0, NULL))                                         \
    X(GetLocalInstance, ONLOAD | DEAD, (e, NULL, 0, NULL))                                          \
    X(GetLocalInt, ONLOAD | DEAD, (e, NULL, 0, 0, NULL))                                            \
    X(GetLocalLong, ONLOAD | DEAD, (e, NULL, 0, 0, NULL))                                           \
    X(GetLocalFloat, ONLOAD | DEAD, (e, NULL, 0, 0, NULL))                                          \
    X(GetLocalDouble, ONLOAD | DEAD, (e, NULL, 0, 0, NULL))                                         \
    X(SetLocalObject, ONLOAD | DEAD, (e, NULL, 0, 0, NULL))                                         \
    X(SetLocalInt, ONLOAD | DEAD, (e, NULL, 0, 0, 0))                                               \
    X(SetLocalLong, ONLOAD | DEAD, (e, NULL, 0, 0, 0))                                              \
    X(SetLocalFloat, ONLOAD | DEAD, (e, NULL, 0, 0, 0))                                             \
    X(SetLocalDouble, ONLOAD | DEAD, (e, NULL, 0, 0, 0))                                            \
    X(SetBreakpoint, ONLOAD | DEAD, (e, NULL, 0))                                                   \
    X(ClearBreakpoint, ONLOAD | DEAD, (e, NULL, 0))                                                 \
    X(SetFieldAccessWatch, ONLOAD | DEAD, (e, NULL, NULL))                                          \
    X(ClearFieldAccessWatch, ONLOAD | DEAD, (e, NULL, NULL))                                        \
    X(SetFieldModificationWatch, ONLOAD | DEAD, (e, NULL, NULL))                                    \
    X(ClearFieldModificationWatch, ONLOAD | DEAD, (e, NULL, NULL))                                  \
    X(GetAllModules, ONLOAD | DEAD, (e, NULL, NULL))                                                \
    X(GetNamedModule, ONLOAD | DEAD, (e, NULL, NULL, NULL))                                         \
    X(AddModuleReads, ONLOAD | DEAD, (e, NULL, NULL))                                               \
    X(AddModuleExports, ONLOAD | DEAD, (e, NULL, NULL, NULL))                                       \
    X(AddModuleOpens, ONLOAD | DEAD, (e, NULL, NULL, NULL))                                         \
    X(AddModuleUses, ONLOAD | DEAD, (e, NULL, NULL))                                                \
    X(AddModuleProvides, ONLOAD | DEAD, (e, NULL, NULL, NULL))                                      \
    X(IsModifiableModule, ONLOAD | DEAD, (e, NULL, NULL))                                           \
    X(GetLoadedClasses, ONLOAD | DEAD, (e, NULL, NULL))                                             \
    X(GetClassLoaderClasses, ONLOAD | DEAD, (e, NULL, NULL, NULL))                                  \
    X(GetClassSignature, ONLOAD | DEAD, (e, NULL, NULL, NULL))                                      \
    X(GetClassStatus, ONLOAD | DEAD, (e, NULL, NULL))                                               \
    X(GetSourceFileName, ONLOAD | DEAD, (e, NULL, NULL))                                            \
    X(GetClassModifiers, ONLOAD | DEAD, (e, NULL, NULL))                                            \
    X(GetClassMethods, ONLOAD | DEAD, (e, NULL, NULL, NULL))                                        \
    X(GetClassFields, ONLOAD | DEAD, (e, NULL, NULL, NULL))                                         \
    X(GetImplementedInterfaces, ONLOAD | DEAD, (e, NULL, NULL, NULL))                               \
    X(GetClassVersionNumbers, ONLOAD | DEAD, (e, NULL, NULL, NULL))                                 \
    X(GetConstantPool, ONLOAD | DEAD, (e, NULL, NULL, NULL, NULL))                                  \
    X(IsInterface, ONLOAD | DEAD, (e, NULL, NULL))                                                  \
    X(IsArrayClass, ONLOAD | DEAD, (e, NULL, NULL))                                                 \
    X(IsModifiableClass, ONLOAD | DEAD, (e, NULL, NULL))                                            \
    X(GetClassLoader, ONLOAD | DEAD, (e, NULL, NULL))                                               \
    X(GetSourceDebugExtension, ONLOAD | DEAD, (e, NULL, NULL))                                      \
    X(RetransformClasses, ONLOAD | DEAD, (e, 0, NULL))                                              \
    X(RedefineClasses, ONLOAD | DEAD, (e, 0, NULL))                                                 \
    X(GetObjectSize, ONLOAD | DEAD, (e, NULL, NULL))                                                \
    X(GetObjectHashCode, ONLOAD | DEAD, (e, NULL, NULL))                                            \
    X(GetObjectMonitorUsage, ONLOAD | DEAD, (e, NULL, NULL))                                        \
    X(GetFieldName, ONLOAD | DEAD, (e, NULL, NULL, NULL, NULL, NULL))                               \
    X(GetFieldDeclaringClass, ONLOAD | DEAD, (e, NULL, NULL, NULL))                                 \
    X(GetFieldModifiers, ONLOAD | DEAD, (e, NULL, NULL, NULL))                                      \
    X(IsFieldSynthetic, ONLOAD | DEAD, (e, NULL, NULL, NULL))                                       \
    X(GetMethodName, ONLOAD | DEAD, (e, NULL, NULL, NULL, NULL))                                    \
    X(GetMethodDeclaringClass, ONLOAD | DEAD, (e, NULL, NULL))                                      \
    X(GetMethodModifiers, ONLOAD | DEAD, (e, NULL, NULL))                                           \
    X(GetMaxLocals, ONLOAD | DEAD, (e, NULL, NULL))                                                 \
    X(GetArgumentsSize, ONLOAD | DEAD, (e, NULL, NULL))                                             \
    X(GetLineNumberTable, ONLOAD | DEAD, (e, NULL, NULL, NULL))                                     \
    X(GetMethodLocation, ONLOAD | DEAD, (e, NULL, NULL, NULL))                                      \
    X(GetLocalVariableTable, ONLOAD | DEAD, (e, NULL, NULL, NULL))                                  \
    X(GetBytecodes, ONLOAD | DEAD, (e, NULL, NULL, NULL))                                           \
    X(IsMethodNative, ONLOAD | DEAD, (e, NULL, NULL))                                               \
    X(IsMethodSynthetic, ONLOAD | DEAD, (e, NULL, NULL))                                            \
    X(IsMethodObsolete, ONLOAD | DEAD, (e, NULL, NULL))                                             \
    X(CreateRawMonitor, DEAD, (e, NULL, NULL))                                                      \
    X(DestroyRawMonitor, DEAD, (e, NULL))                                                           \
    X(SetJNIFunctionTable, ONLOAD | DEAD, (e, NULL))                                                \
    X(GetJNIFunctionTable, ONLOAD | DEAD, (e, NULL))                                                \
    X(SetEventCallbacks, DEAD, (e, NULL, 0))                                                        \
    X(SetEventNotificationMode, DEAD, (e, (jvmtiEventMode)0, (jvmtiEvent)0, NULL))                  \
    X(GenerateEvents, ONLOAD | DEAD, (e, (jvmtiEvent)0))                                            \
    X(GetExtensionFunctions, DEAD, (e, NULL, NULL))                                                 \
    X(GetExtensionEvents, DEAD, (e, NULL, NULL))                                                    \
    X(SetExtensionEventCallback, DEAD, (e, 0, NULL))                                                \
    X(GetPotentialCapabilities, DEAD, (e, NULL))                                                    \
    X(AddCapabilities, DEAD, (e, NULL))                                                             \
    X(RelinquishCapabilities, DEAD, (e, NULL))                                                      \
    X(GetCurrentThreadCpuTimerInfo, ONLOAD | DEAD, (e, NULL))                                       \
    X(GetCurrentThreadCpuTime, ONLOAD | DEAD, (e, NULL))                                            \
    X(GetThreadCpuTimerInfo, ONLOAD | DEAD, (e, NULL))                                              \
    X(GetThreadCpuTime, ONLOAD | DEAD, (e, NULL, NULL))                                             \
    X(AddToBootstrapClassLoaderSearch, DEAD, (e, NULL))                                             \
    X(AddToSystemClassLoaderSearch, DEAD, (e, NULL))                                                \
    X(GetSystemProperties, DEAD, (e, NULL, NULL))                                                   \
    X(GetSystemProperty, DEAD, (e, NULL, NULL))                                                     \
    X(SetSystemProperty, LIVE | DEAD, (e, NULL, NULL))                                              \
    X(SetHeapSamplingInterval, DEAD, (e, 0))

static jvmtiEnv *e;

/* Makes every call of CALLS marked with phase, printing each result. */
static void call_all(int phase, const char *phase_label)
{
    int n = 0;
    jvmtiError r;
#define X(name, phases, args)             \
    if ((phases) & phase) {               \
        r = (*e)->name args;              \
        say("%s: %s", #name, err_name(r)); \
        n++;                              \
    }
    CALLS(X)
#undef X
    say("%s: %d calls", phase_label, n);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    e = new_env(vm);
    if (e == NULL) return 1;
    call_all(ONLOAD, "OnLoad");
    return 0;
}

JNIEXPORT void JNICALL Java_WrongPhase_live(JNIEnv *jni, jclass cls)
{
    call_all(LIVE, "live");
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm)
{
    call_all(DEAD, "OnUnload");
}
