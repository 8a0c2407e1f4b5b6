/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * ncai.h — the Native Code Access Interface (Apache Harmony's NCAI 1.0, "Revision 0.1"),
 * as GlassVM implements it on x86-64 Linux.
 *
 * Written for GlassVM from the interface's binary facts (function slots, type layouts,
 * enumeration values); binary compatible on x86-64 with agents built against Harmony's
 * header: the same 42-slot function table with no reserved slots, the same struct
 * layouts, the same numbers. Differences that do not change the ABI:
 *   - this header compiles as C and as C++ (ncaiModule and ncaiThread are pointers to
 *     incomplete structs, declared with the struct keyword);
 *   - slot 6 is named GetBytecodeLocation (Harmony's header spells it GetBytcodeLocation;
 *     the C++ wrappers offer both spellings);
 *   - ncaiCapabilities has members (Harmony's struct is empty): see below;
 *   - NCAI_ERROR_MUST_POSSESS_CAPABILITY (99, JVMTI's number) is GlassVM's addition.
 *
 * How to get an environment: JVMTI GetExtensionFunctions lists
 * "org.apache.harmony.vm.GetExtensionEnv"; call it as
 *     func(jvmti, (void **)&ncai, NCAI_VERSION_1_0)
 * Memory NCAI hands out (arrays, strings) is freed with JVMTI Deallocate.
 */
#ifndef GLASSVM_NCAI_H
#define GLASSVM_NCAI_H

#include <stddef.h>

#include "jvmti.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Versions: major bits 16-27, minor 8-15, micro 0-7 (no interface-type nibble). */
#define NCAI_VERSION_MASK_MAJOR 0x0FFF0000
#define NCAI_VERSION_MASK_MINOR 0x0000FF00
#define NCAI_VERSION_MASK_MICRO 0x000000FF
#define NCAI_VERSION_SHIFT_MAJOR 16
#define NCAI_VERSION_SHIFT_MINOR 8
#define NCAI_VERSION_SHIFT_MICRO 0
#define NCAI_VERSION_MAJOR 1
#define NCAI_VERSION_MINOR 0
#define NCAI_VERSION_MICRO 3
#define NCAI_VERSION_1_0 0x00010003
#define NCAI_VERSION NCAI_VERSION_1_0

typedef enum {
    NCAI_ERROR_NONE = 0,
    NCAI_ERROR_INVALID_THREAD = 10,
    NCAI_ERROR_THREAD_NOT_SUSPENDED = 13,
    NCAI_ERROR_THREAD_SUSPENDED = 14,
    NCAI_ERROR_THREAD_NOT_ALIVE = 15,
    NCAI_ERROR_INVALID_METHOD = 23,
    NCAI_ERROR_INVALID_LOCATION = 24,
    NCAI_ERROR_DUPLICATE = 40,
    NCAI_ERROR_NOT_FOUND = 41,
    NCAI_ERROR_NOT_AVAILABLE = 98,
    NCAI_ERROR_MUST_POSSESS_CAPABILITY = 99, /* GlassVM: the capability is not possessed */
    NCAI_ERROR_NULL_POINTER = 100,
    NCAI_ERROR_ILLEGAL_ARGUMENT = 103,
    NCAI_ERROR_OUT_OF_MEMORY = 110,
    NCAI_ERROR_ACCESS_DENIED = 111,
    NCAI_ERROR_INTERNAL = 113,
    NCAI_ERROR_UNATTACHED_THREAD = 115,
    NCAI_ERROR_INVALID_ENVIRONMENT = 116,
    NCAI_ERROR_INTERPRETER_USED = 201,
    NCAI_ERROR_NOT_COMPILED = 211,
    NCAI_ERROR_INVALID_ADDRESS = 212,
    NCAI_ERROR_INVALID_MODULE = 213
} ncaiError;

typedef enum {
    NCAI_MODULE_JNI_LIBRARY = 0,
    NCAI_MODULE_VM_INTERNAL = 1,
    NCAI_MODULE_OTHER = 2
} ncaiModuleKind;

typedef enum {
    NCAI_SEGMENT_UNKNOWN = 0,
    NCAI_SEGMENT_CODE = 1,
    NCAI_SEGMENT_DATA = 2
} ncaiSegmentKind;

typedef enum {
    NCAI_THREAD_JAVA = 0,
    NCAI_THREAD_VM_INTERNAL = 1,
    NCAI_THREAD_OTHER = 2
} ncaiThreadKind;

typedef enum {
    NCAI_DISABLE = 0,
    NCAI_ENABLE = 1
} ncaiEventMode;

typedef enum {
    NCAI_WATCHPOINT_READ = 0,
    NCAI_WATCHPOINT_WRITE = 1,
    NCAI_WATCHPOINT_ACCESS = 2
} ncaiWatchpointMode;

typedef enum {
    NCAI_STEP_OFF = 0,
    NCAI_STEP_INTO = 1,
    NCAI_STEP_OVER = 2,
    NCAI_STEP_OUT = 3
} ncaiStepMode;

/* An event kind is also its callback's slot in ncaiEventCallbacks plus one. */
typedef enum {
    NCAI_EVENT_THREAD_START = 1,
    NCAI_EVENT_THREAD_END = 2,
    NCAI_EVENT_BREAKPOINT = 3,
    NCAI_EVENT_STEP = 4,
    NCAI_EVENT_WATCHPOINT = 5,
    NCAI_EVENT_METHOD_ENTRY = 6,
    NCAI_EVENT_METHOD_EXIT = 7,
    NCAI_EVENT_FRAME_POP = 8,
    NCAI_EVENT_SIGNAL = 9,
    NCAI_EVENT_EXCEPTION = 10,
    NCAI_EVENT_MODULE_LOAD = 11,
    NCAI_EVENT_MODULE_UNLOAD = 12,
    NCAI_EVENT_CONSOLE_INPUT = 13,
    NCAI_EVENT_CONSOLE_OUTPUT = 14,
    NCAI_EVENT_DEBUG_OUTPUT = 15
} ncaiEventKind;

#define NCAI_MIN_EVENT_TYPE_VAL NCAI_EVENT_THREAD_START
#define NCAI_MAX_EVENT_TYPE_VAL NCAI_EVENT_DEBUG_OUTPUT

/* Opaque handles: any pointer-sized value unique while the thing lives. */
struct _ncaiModule;
typedef struct _ncaiModule *ncaiModule;
struct _ncaiThread;
typedef struct _ncaiThread *ncaiThread;

typedef struct {
    ncaiSegmentKind kind;
    void *base_address;
    size_t size;
} ncaiSegmentInfo;

typedef struct {
    ncaiModuleKind kind;
    char *name;     /* file base name without "lib" and ".so..." */
    char *filename; /* full path */
    ncaiSegmentInfo *segments;
    size_t segment_count;
} ncaiModuleInfo;

typedef struct {
    ncaiThreadKind kind;
    char *name;
} ncaiThreadInfo;

typedef struct {
    jint java_frame_depth; /* JVMTI depth of the Java frame this native frame belongs to, or -1 */
    void *pc_address;
    void *return_address;
    void *frame_address;
    void *stack_address;
} ncaiFrameInfo;

typedef struct {
    char *name;
    jint size; /* in bytes, as Harmony reports it (the spec's text says bits) */
} ncaiRegisterInfo;

typedef struct {
    char *name;
} ncaiSignalInfo;

/*
 * Capabilities. Harmony's struct has no members and its four capability functions never
 * write to it; GlassVM's capabilities are real (each gates its functions and events) and
 * fit in 4 bytes. A new environment possesses every capability, so agents written for
 * Harmony, which cannot add any, run unchanged. GetPotentialCapabilities and
 * GetCapabilities write sizeof(ncaiCapabilities) bytes: an agent built against Harmony's
 * header must not call them (Harmony answered NOT_AVAILABLE).
 */
typedef struct {
    unsigned int can_suspend_threads : 1;           /* SuspendThread, ResumeThread */
    unsigned int can_terminate_threads : 1;         /* TerminateThread */
    unsigned int can_access_registers : 1;          /* Get/SetRegisterValue */
    unsigned int can_read_memory : 1;               /* ReadMemory */
    unsigned int can_write_memory : 1;              /* WriteMemory */
    unsigned int can_set_breakpoints : 1;           /* Set/ClearBreakpoint, Breakpoint */
    unsigned int can_single_step : 1;               /* SetStepMode, Step */
    unsigned int can_set_watchpoints : 1;           /* Set/ClearWatchpoint, Watchpoint */
    unsigned int can_notify_frame_pop : 1;          /* NotifyFramePop, FramePop */
    unsigned int can_generate_method_events : 1;    /* MethodEntry, MethodExit */
    unsigned int can_generate_signal_events : 1;    /* Signal */
    unsigned int can_generate_exception_events : 1; /* Exception */
    unsigned int can_generate_thread_events : 1;    /* ThreadStart, ThreadEnd */
    unsigned int can_generate_module_events : 1;    /* ModuleLoad, ModuleUnload */
    unsigned int can_generate_console_events : 1;   /* ConsoleInput, ConsoleOutput, DebugMessage */
    unsigned int : 17;
} ncaiCapabilities;

#ifdef __cplusplus
struct ncaiEnv_struct;
typedef struct ncaiEnv_struct ncaiEnv;
#else
typedef const struct _ncai *ncaiEnv;
#endif

typedef void(JNICALL *ncaiThreadStart)(ncaiEnv *env, ncaiThread thread);
typedef void(JNICALL *ncaiThreadEnd)(ncaiEnv *env, ncaiThread thread);
typedef void(JNICALL *ncaiBreakpoint)(ncaiEnv *env, ncaiThread thread, void *addr);
typedef void(JNICALL *ncaiStep)(ncaiEnv *env, ncaiThread thread, void *addr);
typedef void(JNICALL *ncaiWatchpoint)(ncaiEnv *env, ncaiThread thread, void *code_addr, void *data_addr);
typedef void(JNICALL *ncaiMethodEntry)(ncaiEnv *env, ncaiThread thread, void *addr);
typedef void(JNICALL *ncaiMethodExit)(ncaiEnv *env, ncaiThread thread, void *addr);
typedef void(JNICALL *ncaiFramePop)(ncaiEnv *env, ncaiThread thread, void *addr);
typedef void(JNICALL *ncaiSignal)(ncaiEnv *env, ncaiThread thread, void *addr, jint signal,
                                  jboolean is_internal, jboolean *is_handled);
typedef void(JNICALL *ncaiException)(ncaiEnv *env, ncaiThread thread, void *addr, void *exception);
typedef void(JNICALL *ncaiModuleLoad)(ncaiEnv *env, ncaiThread thread, ncaiModule module);
typedef void(JNICALL *ncaiModuleUnload)(ncaiEnv *env, ncaiThread thread, ncaiModule module);
typedef void(JNICALL *ncaiConsoleInput)(ncaiEnv *env, char **message);
typedef void(JNICALL *ncaiConsoleOutput)(ncaiEnv *env, char *message);
typedef void(JNICALL *ncaiDebugMessage)(ncaiEnv *env, char *message);

typedef struct {
    ncaiThreadStart ThreadStart;
    ncaiThreadEnd ThreadEnd;
    ncaiBreakpoint Breakpoint;
    ncaiStep Step;
    ncaiWatchpoint Watchpoint;
    ncaiMethodEntry MethodEntry;
    ncaiMethodExit MethodExit;
    ncaiFramePop FramePop;
    ncaiSignal Signal;
    ncaiException Exception;
    ncaiModuleLoad ModuleLoad;
    ncaiModuleUnload ModuleUnload;
    ncaiConsoleInput ConsoleInput;
    ncaiConsoleOutput ConsoleOutput;
    ncaiDebugMessage DebugMessage;
} ncaiEventCallbacks;

/* The function table: 42 slots, in this order, nothing before the first. */
struct _ncai {
    ncaiError(JNICALL *GetAllLoadedModules)(ncaiEnv *env, jint *count_ptr, ncaiModule **modules_ptr);
    ncaiError(JNICALL *GetModuleInfo)(ncaiEnv *env, ncaiModule module, ncaiModuleInfo *info_ptr);
    ncaiError(JNICALL *GetModuleClassLoader)(ncaiEnv *env, ncaiModule module, jobject *classloader_ptr);
    ncaiError(JNICALL *IsMethodCompiled)(ncaiEnv *env, jmethodID method, jboolean *is_compiled_ptr);
    ncaiError(JNICALL *GetMethodLocation)(ncaiEnv *env, jmethodID method, void **address_ptr, size_t *size_ptr);
    ncaiError(JNICALL *FindJavaMethod)(ncaiEnv *env, void *address, jmethodID *method_ptr);
    ncaiError(JNICALL *GetBytecodeLocation)(ncaiEnv *env, void *address, jmethodID *method,
                                            jlocation *location_ptr);
    ncaiError(JNICALL *GetNativeLocation)(ncaiEnv *env, jmethodID method, jlocation location, void **address_ptr);
    ncaiError(JNICALL *GetAllThreads)(ncaiEnv *env, jint *count_ptr, ncaiThread **threads_ptr);
    ncaiError(JNICALL *GetThreadInfo)(ncaiEnv *env, ncaiThread thread, ncaiThreadInfo *info_ptr);
    ncaiError(JNICALL *GetThreadHandle)(ncaiEnv *env, jthread thread, ncaiThread *thread_ptr);
    ncaiError(JNICALL *GetThreadObject)(ncaiEnv *env, ncaiThread thread, jthread *thread_ptr);
    ncaiError(JNICALL *SuspendThread)(ncaiEnv *env, ncaiThread thread);
    ncaiError(JNICALL *ResumeThread)(ncaiEnv *env, ncaiThread thread);
    ncaiError(JNICALL *TerminateThread)(ncaiEnv *env, ncaiThread thread);
    ncaiError(JNICALL *GetThreadState)(ncaiEnv *env, ncaiThread thread, jint *state_ptr);
    ncaiError(JNICALL *GetFrameCount)(ncaiEnv *env, ncaiThread thread, jint *count_ptr);
    ncaiError(JNICALL *GetStackTrace)(ncaiEnv *env, ncaiThread thread, jint depth, ncaiFrameInfo *frame_buffer,
                                      jint *count_ptr);
    ncaiError(JNICALL *GetRegisterCount)(ncaiEnv *env, jint *count_ptr);
    ncaiError(JNICALL *GetRegisterInfo)(ncaiEnv *env, jint reg_number, ncaiRegisterInfo *info_ptr);
    ncaiError(JNICALL *GetRegisterValue)(ncaiEnv *env, ncaiThread thread, jint reg_number, void *buf);
    ncaiError(JNICALL *SetRegisterValue)(ncaiEnv *env, ncaiThread thread, jint reg_number, void *buf);
    ncaiError(JNICALL *ReadMemory)(ncaiEnv *env, void *addr, size_t size, void *buf);
    ncaiError(JNICALL *WriteMemory)(ncaiEnv *env, void *addr, size_t size, void *buf);
    ncaiError(JNICALL *GetSignalCount)(ncaiEnv *env, jint *count_ptr);
    ncaiError(JNICALL *GetSignalInfo)(ncaiEnv *env, jint signal, ncaiSignalInfo *info_ptr);
    ncaiError(JNICALL *GetJvmtiEnv)(ncaiEnv *env, jvmtiEnv **jvmti_env_ptr);
    ncaiError(JNICALL *GetVersion)(ncaiEnv *env, jint *version_ptr);
    ncaiError(JNICALL *GetErrorName)(ncaiEnv *env, ncaiError err, const char **name_ptr);
    ncaiError(JNICALL *GetPotentialCapabilities)(ncaiEnv *env, ncaiCapabilities *caps_ptr);
    ncaiError(JNICALL *GetCapabilities)(ncaiEnv *env, ncaiCapabilities *caps_ptr);
    ncaiError(JNICALL *AddCapabilities)(ncaiEnv *env, ncaiCapabilities *caps_ptr);
    ncaiError(JNICALL *RelinquishCapabilities)(ncaiEnv *env, ncaiCapabilities *caps_ptr);
    ncaiError(JNICALL *GetEventCallbacks)(ncaiEnv *env, ncaiEventCallbacks *callbacks, size_t size);
    ncaiError(JNICALL *SetEventCallbacks)(ncaiEnv *env, ncaiEventCallbacks *callbacks, size_t size);
    ncaiError(JNICALL *SetEventNotificationMode)(ncaiEnv *env, ncaiEventMode mode, ncaiEventKind event,
                                                 ncaiThread thread);
    ncaiError(JNICALL *SetBreakpoint)(ncaiEnv *env, void *code_addr);
    ncaiError(JNICALL *ClearBreakpoint)(ncaiEnv *env, void *code_addr);
    ncaiError(JNICALL *SetWatchpoint)(ncaiEnv *env, void *data_addr, size_t len, ncaiWatchpointMode mode);
    ncaiError(JNICALL *ClearWatchpoint)(ncaiEnv *env, void *data_addr);
    ncaiError(JNICALL *SetStepMode)(ncaiEnv *env, ncaiThread thread, ncaiStepMode mode);
    ncaiError(JNICALL *NotifyFramePop)(ncaiEnv *env, ncaiThread thread, void *frame_address);
};

#ifdef __cplusplus
} /* extern "C" */

/* The C++ view: the object's only data member is the table pointer (same layout as C). */
struct ncaiEnv_struct {
    const struct _ncai *funcs;

    ncaiError GetAllLoadedModules(jint *count_ptr, ncaiModule **modules_ptr)
    { return funcs->GetAllLoadedModules(this, count_ptr, modules_ptr); }
    ncaiError GetModuleInfo(ncaiModule module, ncaiModuleInfo *info_ptr)
    { return funcs->GetModuleInfo(this, module, info_ptr); }
    ncaiError GetModuleClassLoader(ncaiModule module, jobject *classloader_ptr)
    { return funcs->GetModuleClassLoader(this, module, classloader_ptr); }
    ncaiError IsMethodCompiled(jmethodID method, jboolean *is_compiled_ptr)
    { return funcs->IsMethodCompiled(this, method, is_compiled_ptr); }
    ncaiError GetMethodLocation(jmethodID method, void **address_ptr, size_t *size_ptr)
    { return funcs->GetMethodLocation(this, method, address_ptr, size_ptr); }
    ncaiError FindJavaMethod(void *address, jmethodID *method_ptr)
    { return funcs->FindJavaMethod(this, address, method_ptr); }
    ncaiError GetBytecodeLocation(void *address, jmethodID *method, jlocation *location_ptr)
    { return funcs->GetBytecodeLocation(this, address, method, location_ptr); }
    ncaiError GetBytcodeLocation(void *address, jmethodID *method, jlocation *location_ptr)
    { return funcs->GetBytecodeLocation(this, address, method, location_ptr); }
    ncaiError GetNativeLocation(jmethodID method, jlocation location, void **address_ptr)
    { return funcs->GetNativeLocation(this, method, location, address_ptr); }
    ncaiError GetAllThreads(jint *count_ptr, ncaiThread **threads_ptr)
    { return funcs->GetAllThreads(this, count_ptr, threads_ptr); }
    ncaiError GetThreadInfo(ncaiThread thread, ncaiThreadInfo *info_ptr)
    { return funcs->GetThreadInfo(this, thread, info_ptr); }
    ncaiError GetThreadHandle(jthread thread, ncaiThread *thread_ptr)
    { return funcs->GetThreadHandle(this, thread, thread_ptr); }
    ncaiError GetThreadObject(ncaiThread thread, jthread *thread_ptr)
    { return funcs->GetThreadObject(this, thread, thread_ptr); }
    ncaiError SuspendThread(ncaiThread thread) { return funcs->SuspendThread(this, thread); }
    ncaiError ResumeThread(ncaiThread thread) { return funcs->ResumeThread(this, thread); }
    ncaiError TerminateThread(ncaiThread thread) { return funcs->TerminateThread(this, thread); }
    ncaiError GetThreadState(ncaiThread thread, jint *state_ptr)
    { return funcs->GetThreadState(this, thread, state_ptr); }
    ncaiError GetFrameCount(ncaiThread thread, jint *count_ptr)
    { return funcs->GetFrameCount(this, thread, count_ptr); }
    ncaiError GetStackTrace(ncaiThread thread, jint depth, ncaiFrameInfo *frame_buffer, jint *count_ptr)
    { return funcs->GetStackTrace(this, thread, depth, frame_buffer, count_ptr); }
    ncaiError GetRegisterCount(jint *count_ptr) { return funcs->GetRegisterCount(this, count_ptr); }
    ncaiError GetRegisterInfo(jint reg_number, ncaiRegisterInfo *info_ptr)
    { return funcs->GetRegisterInfo(this, reg_number, info_ptr); }
    ncaiError GetRegisterValue(ncaiThread thread, jint reg_number, void *buf)
    { return funcs->GetRegisterValue(this, thread, reg_number, buf); }
    ncaiError SetRegisterValue(ncaiThread thread, jint reg_number, void *buf)
    { return funcs->SetRegisterValue(this, thread, reg_number, buf); }
    ncaiError ReadMemory(void *addr, size_t size, void *buf) { return funcs->ReadMemory(this, addr, size, buf); }
    ncaiError WriteMemory(void *addr, size_t size, void *buf) { return funcs->WriteMemory(this, addr, size, buf); }
    ncaiError GetSignalCount(jint *count_ptr) { return funcs->GetSignalCount(this, count_ptr); }
    ncaiError GetSignalInfo(jint signal, ncaiSignalInfo *info_ptr)
    { return funcs->GetSignalInfo(this, signal, info_ptr); }
    ncaiError GetJvmtiEnv(jvmtiEnv **jvmti_env_ptr) { return funcs->GetJvmtiEnv(this, jvmti_env_ptr); }
    ncaiError GetVersion(jint *version_ptr) { return funcs->GetVersion(this, version_ptr); }
    ncaiError GetErrorName(ncaiError err, const char **name_ptr) { return funcs->GetErrorName(this, err, name_ptr); }
    ncaiError GetPotentialCapabilities(ncaiCapabilities *caps_ptr)
    { return funcs->GetPotentialCapabilities(this, caps_ptr); }
    ncaiError GetCapabilities(ncaiCapabilities *caps_ptr) { return funcs->GetCapabilities(this, caps_ptr); }
    ncaiError AddCapabilities(ncaiCapabilities *caps_ptr) { return funcs->AddCapabilities(this, caps_ptr); }
    ncaiError RelinquishCapabilities(ncaiCapabilities *caps_ptr)
    { return funcs->RelinquishCapabilities(this, caps_ptr); }
    ncaiError GetEventCallbacks(ncaiEventCallbacks *callbacks, size_t size)
    { return funcs->GetEventCallbacks(this, callbacks, size); }
    ncaiError SetEventCallbacks(ncaiEventCallbacks *callbacks, size_t size)
    { return funcs->SetEventCallbacks(this, callbacks, size); }
    ncaiError SetEventNotificationMode(ncaiEventMode mode, ncaiEventKind event, ncaiThread thread)
    { return funcs->SetEventNotificationMode(this, mode, event, thread); }
    ncaiError SetBreakpoint(void *code_addr) { return funcs->SetBreakpoint(this, code_addr); }
    ncaiError ClearBreakpoint(void *code_addr) { return funcs->ClearBreakpoint(this, code_addr); }
    ncaiError SetWatchpoint(void *data_addr, size_t len, ncaiWatchpointMode mode)
    { return funcs->SetWatchpoint(this, data_addr, len, mode); }
    ncaiError ClearWatchpoint(void *data_addr) { return funcs->ClearWatchpoint(this, data_addr); }
    ncaiError SetStepMode(ncaiThread thread, ncaiStepMode mode) { return funcs->SetStepMode(this, thread, mode); }
    ncaiError NotifyFramePop(ncaiThread thread, void *frame_address)
    { return funcs->NotifyFramePop(this, thread, frame_address); }
};
#endif /* __cplusplus */

#endif /* GLASSVM_NCAI_H */
