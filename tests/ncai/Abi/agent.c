/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 *
 * Abi: include/ncai.h against the binary facts of Harmony's ncai.h on x86-64
 * (../shared/spec/ncai-abi.md, sections 1-4, restated here by hand): the function
 * table's 42 slots at index * 8 with no reserved ones, the callbacks' 15 slots, the
 * structs' offsets and sizes, the numbers. A mismatch does not compile; the program
 * then prints one line per group.
 */
#include "ncai_test.h"

#include <stddef.h>

#define SLOT(name, i) _Static_assert(offsetof(struct _ncai, name) == (i) * 8, #name)
SLOT(GetAllLoadedModules, 0);
SLOT(GetModuleInfo, 1);
SLOT(GetModuleClassLoader, 2);
SLOT(IsMethodCompiled, 3);
SLOT(GetMethodLocation, 4);
SLOT(FindJavaMethod, 5);
SLOT(GetBytecodeLocation, 6);
SLOT(GetNativeLocation, 7);
SLOT(GetAllThreads, 8);
SLOT(GetThreadInfo, 9);
SLOT(GetThreadHandle, 10);
SLOT(GetThreadObject, 11);
SLOT(SuspendThread, 12);
SLOT(ResumeThread, 13);
SLOT(TerminateThread, 14);
SLOT(GetThreadState, 15);
SLOT(GetFrameCount, 16);
SLOT(GetStackTrace, 17);
SLOT(GetRegisterCount, 18);
SLOT(GetRegisterInfo, 19);
SLOT(GetRegisterValue, 20);
SLOT(SetRegisterValue, 21);
SLOT(ReadMemory, 22);
SLOT(WriteMemory, 23);
SLOT(GetSignalCount, 24);
SLOT(GetSignalInfo, 25);
SLOT(GetJvmtiEnv, 26);
SLOT(GetVersion, 27);
SLOT(GetErrorName, 28);
SLOT(GetPotentialCapabilities, 29);
SLOT(GetCapabilities, 30);
SLOT(AddCapabilities, 31);
SLOT(RelinquishCapabilities, 32);
SLOT(GetEventCallbacks, 33);
SLOT(SetEventCallbacks, 34);
SLOT(SetEventNotificationMode, 35);
SLOT(SetBreakpoint, 36);
SLOT(ClearBreakpoint, 37);
SLOT(SetWatchpoint, 38);
SLOT(ClearWatchpoint, 39);
SLOT(SetStepMode, 40);
SLOT(NotifyFramePop, 41);
_Static_assert(sizeof(struct _ncai) == 336, "table size");

#define CB(name, i) _Static_assert(offsetof(ncaiEventCallbacks, name) == (i) * 8, #name)
CB(ThreadStart, 0);
CB(ThreadEnd, 1);
CB(Breakpoint, 2);
CB(Step, 3);
CB(Watchpoint, 4);
CB(MethodEntry, 5);
CB(MethodExit, 6);
CB(FramePop, 7);
CB(Signal, 8);
CB(Exception, 9);
CB(ModuleLoad, 10);
CB(ModuleUnload, 11);
CB(ConsoleInput, 12);
CB(ConsoleOutput, 13);
CB(DebugMessage, 14);
_Static_assert(sizeof(ncaiEventCallbacks) == 120, "callbacks size");

_Static_assert(offsetof(ncaiSegmentInfo, kind) == 0 && offsetof(ncaiSegmentInfo, base_address) == 8 &&
               offsetof(ncaiSegmentInfo, size) == 16 && sizeof(ncaiSegmentInfo) == 24, "ncaiSegmentInfo");
_Static_assert(offsetof(ncaiModuleInfo, kind) == 0 && offsetof(ncaiModuleInfo, name) == 8 &&
               offsetof(ncaiModuleInfo, filename) == 16 && offsetof(ncaiModuleInfo, segments) == 24 &&
               offsetof(ncaiModuleInfo, segment_count) == 32 && sizeof(ncaiModuleInfo) == 40, "ncaiModuleInfo");
_Static_assert(offsetof(ncaiThreadInfo, kind) == 0 && offsetof(ncaiThreadInfo, name) == 8 && sizeof(ncaiThreadInfo) == 16,
               "ncaiThreadInfo");
_Static_assert(offsetof(ncaiFrameInfo, java_frame_depth) == 0 && offsetof(ncaiFrameInfo, pc_address) == 8 &&
               offsetof(ncaiFrameInfo, return_address) == 16 && offsetof(ncaiFrameInfo, frame_address) == 24 &&
               offsetof(ncaiFrameInfo, stack_address) == 32 && sizeof(ncaiFrameInfo) == 40, "ncaiFrameInfo");
_Static_assert(offsetof(ncaiRegisterInfo, name) == 0 && offsetof(ncaiRegisterInfo, size) == 8 &&
               sizeof(ncaiRegisterInfo) == 16, "ncaiRegisterInfo");
_Static_assert(sizeof(ncaiSignalInfo) == 8, "ncaiSignalInfo");
_Static_assert(sizeof(ncaiEnv) == sizeof(void *), "ncaiEnv is the table pointer");
_Static_assert(sizeof(ncaiModuleKind) == 4 && sizeof(ncaiEventKind) == 4 && sizeof(ncaiError) == 4, "enums are int");

_Static_assert(NCAI_VERSION_1_0 == 0x00010003 && NCAI_VERSION == NCAI_VERSION_1_0, "version");
_Static_assert(NCAI_ERROR_INVALID_THREAD == 10 && NCAI_ERROR_THREAD_NOT_SUSPENDED == 13 &&
               NCAI_ERROR_THREAD_SUSPENDED == 14 && NCAI_ERROR_THREAD_NOT_ALIVE == 15 &&
               NCAI_ERROR_INVALID_METHOD == 23 && NCAI_ERROR_INVALID_LOCATION == 24 && NCAI_ERROR_DUPLICATE == 40 &&
               NCAI_ERROR_NOT_FOUND == 41 && NCAI_ERROR_NOT_AVAILABLE == 98 && NCAI_ERROR_NULL_POINTER == 100 &&
               NCAI_ERROR_ILLEGAL_ARGUMENT == 103 && NCAI_ERROR_OUT_OF_MEMORY == 110 &&
               NCAI_ERROR_ACCESS_DENIED == 111 && NCAI_ERROR_INTERNAL == 113 && NCAI_ERROR_UNATTACHED_THREAD == 115 &&
               NCAI_ERROR_INVALID_ENVIRONMENT == 116 && NCAI_ERROR_INTERPRETER_USED == 201 &&
               NCAI_ERROR_NOT_COMPILED == 211 && NCAI_ERROR_INVALID_ADDRESS == 212 && NCAI_ERROR_INVALID_MODULE == 213,
               "errors");
_Static_assert(NCAI_MODULE_JNI_LIBRARY == 0 && NCAI_MODULE_VM_INTERNAL == 1 && NCAI_MODULE_OTHER == 2 &&
               NCAI_SEGMENT_UNKNOWN == 0 && NCAI_SEGMENT_CODE == 1 && NCAI_SEGMENT_DATA == 2 &&
               NCAI_THREAD_JAVA == 0 && NCAI_THREAD_VM_INTERNAL == 1 && NCAI_THREAD_OTHER == 2 && NCAI_DISABLE == 0 &&
               NCAI_ENABLE == 1 && NCAI_WATCHPOINT_READ == 0 && NCAI_WATCHPOINT_WRITE == 1 &&
               NCAI_WATCHPOINT_ACCESS == 2 && NCAI_STEP_OFF == 0 && NCAI_STEP_INTO == 1 && NCAI_STEP_OVER == 2 &&
               NCAI_STEP_OUT == 3,
               "kinds and modes");
_Static_assert(NCAI_EVENT_THREAD_START == 1 && NCAI_EVENT_BREAKPOINT == 3 && NCAI_EVENT_SIGNAL == 9 &&
               NCAI_EVENT_MODULE_LOAD == 11 && NCAI_EVENT_DEBUG_OUTPUT == 15 && NCAI_MIN_EVENT_TYPE_VAL == 1 &&
               NCAI_MAX_EVENT_TYPE_VAL == 15,
               "events");

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    ncaiEnv *ncai = get_ncai(new_jvmti(vm));
    say("function table: 42 slots at index * 8, callbacks: 15 slots, structs and numbers as Harmony's");
    /* The table the VM hands out has every slot filled. */
    void *const *slots = (void *const *)*ncai;
    int filled = 0;
    for (int i = 0; i < 42; i++) filled += slots[i] != NULL;
    say("slots filled: %d", filled);
    return 0;
}
