/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 *
 * Arguments: every NCAI function with each bad argument the spec's errors name (and the
 * universal ones: NULL_POINTER for a NULL out-pointer, ILLEGAL_ARGUMENT for a value out
 * of range), MUST_POSSESS_CAPABILITY for each capability-gated function and event, and
 * pointers that are not NULL but unmapped (a jmethodID, a thread or module handle, a
 * memory address, an agent buffer): an error code, never a fault. And every function
 * that needs no thread argument works, without crashing, wherever an agent may call it:
 * in Agent_OnLoad, from a native thread not attached to the VM (UNATTACHED_THREAD where
 * the VM must be entered), in VMDeath, in Agent_OnUnload.
 */
#include "ncai_test.h"

#include <pthread.h>
#include <stdbool.h>
#include <sys/mman.h>

static jvmtiEnv *jvmti;
static ncaiEnv *ncai;

/* A page that stays reserved and unreadable (PROT_NONE): an address freed by munmap
 * could be mapped again by another thread (or ASan) before it is used. */
static char *unmapped(void)
{
    static char *p;
    if (p == NULL) p = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    return p;
}

/* The functions that take no thread, module or method, with good arguments, then a
 * module's and (threads: when the VM has them) a thread's from the lists: the number of
 * calls that answered other than NONE (or UNATTACHED_THREAD, the spec's universal error
 * for a caller not attached to the VM, when unattached is true), each printed. */
static void sweep(const char *when, bool threads, bool unattached)
{
    const struct _ncai *f = *ncai;
    jint i = 0, n = 0, s;
    ncaiModule *mods = NULL;
    ncaiThread *ts = NULL;
    ncaiThreadInfo ti;
    ncaiModuleInfo mi;
    jvmtiEnv *je;
    const char *name;
    jthread jt;
    jmethodID m;
    ncaiCapabilities c;
    ncaiEventCallbacks cb;
    ncaiRegisterInfo ri;
    ncaiSignalInfo si;
    char buf[16] = {0};
    int bad = 0, calls = 0;
#define TRY(what, call)                                                                    \
    do {                                                                                   \
        ncaiError e_ = (call);                                                             \
        calls++;                                                                           \
        if (e_ != NCAI_ERROR_NONE && !(unattached && e_ == NCAI_ERROR_UNATTACHED_THREAD)) { \
            say("  %s: %s", what, nerr(e_));                                               \
            bad++;                                                                         \
        }                                                                                  \
    } while (0)
    TRY("GetAllLoadedModules", f->GetAllLoadedModules(ncai, &n, &mods));
    if (n > 0) TRY("GetModuleInfo", f->GetModuleInfo(ncai, mods[0], &mi));
    TRY("GetAllThreads", f->GetAllThreads(ncai, &i, &ts));
    if (threads && i > 0) {
        TRY("GetThreadInfo", f->GetThreadInfo(ncai, ts[0], &ti));
        TRY("GetThreadObject", f->GetThreadObject(ncai, ts[0], &jt));
        TRY("GetThreadState", f->GetThreadState(ncai, ts[0], &s));
    }
    TRY("GetRegisterCount", f->GetRegisterCount(ncai, &s));
    TRY("GetRegisterInfo", f->GetRegisterInfo(ncai, 0, &ri));
    TRY("ReadMemory", f->ReadMemory(ncai, buf, 1, buf + 1));
    TRY("WriteMemory", f->WriteMemory(ncai, buf, 1, buf + 1));
    TRY("GetSignalCount", f->GetSignalCount(ncai, &s));
    TRY("GetSignalInfo", f->GetSignalInfo(ncai, 0, &si));
    TRY("GetJvmtiEnv", f->GetJvmtiEnv(ncai, &je));
    TRY("GetVersion", f->GetVersion(ncai, &s));
    TRY("GetErrorName", f->GetErrorName(ncai, NCAI_ERROR_NONE, &name));
    TRY("GetPotentialCapabilities", f->GetPotentialCapabilities(ncai, &c));
    TRY("GetCapabilities", f->GetCapabilities(ncai, &c));
    TRY("AddCapabilities", f->AddCapabilities(ncai, &c));
    TRY("GetEventCallbacks", f->GetEventCallbacks(ncai, &cb, sizeof cb));
    TRY("SetStepMode(NULL, OFF)", f->SetStepMode(ncai, NULL, NCAI_STEP_OFF));
#undef TRY
    /* Errors that do not depend on when. */
    ncaiError fm = f->FindJavaMethod(ncai, (void *)sweep, &m);
    ncaiError cl = f->ClearBreakpoint(ncai, (void *)sweep);
    ncaiError cw = f->ClearWatchpoint(ncai, buf);
    say("%s: %d calls, %d failed (modules %s%s); FindJavaMethod(C code) %s, ClearBreakpoint(never set) %s, "
        "ClearWatchpoint(never set) %s",
        when, calls, bad, n > 0 ? "listed" : "none", threads ? (i > 0 ? ", threads listed" : ", threads none") : "",
        nerr(fm), nerr(cl), nerr(cw));
}

static void *raw_thread(void *arg)
{
    sweep("an unattached thread", true, true);
    return NULL;
}

static void JNICALL vm_death(jvmtiEnv *j, JNIEnv *jni) { sweep("VMDeath", true, false); }

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmti = new_jvmti(vm);
    ncai = get_ncai(jvmti);
    sweep("Agent_OnLoad", false, false);
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMDeath = vm_death;
    (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, NULL);
    return 0;
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm) { sweep("Agent_OnUnload", false, false); }

static jmethodID method(JNIEnv *jni, const char *cls, const char *name, const char *sig)
{
    jclass c = (*jni)->FindClass(jni, cls);
    return c != NULL ? (*jni)->GetStaticMethodID(jni, c, name, sig) : NULL;
}

static void modules(void)
{
    const struct _ncai *f = *ncai;
    ncaiModule bad = (ncaiModule)unmapped(), *mods;
    ncaiModuleInfo mi;
    ncaiModule lib = find_module(ncai, "ncainative", NULL);
    jobject loader;
    jint n;
    ncheck("GetAllLoadedModules(NULL count)", f->GetAllLoadedModules(ncai, NULL, &mods));
    ncheck("GetAllLoadedModules(NULL modules)", f->GetAllLoadedModules(ncai, &n, NULL));
    ncheck("GetModuleInfo(NULL)", f->GetModuleInfo(ncai, NULL, &mi));
    ncheck("GetModuleInfo(unmapped)", f->GetModuleInfo(ncai, bad, &mi));
    ncheck("GetModuleInfo(NULL info)", f->GetModuleInfo(ncai, lib, NULL));
    ncheck("GetModuleClassLoader(NULL)", f->GetModuleClassLoader(ncai, NULL, &loader));
    ncheck("GetModuleClassLoader(unmapped)", f->GetModuleClassLoader(ncai, bad, &loader));
    ncheck("GetModuleClassLoader(NULL out)", f->GetModuleClassLoader(ncai, lib, NULL));
}

static void methods(JNIEnv *jni)
{
    const struct _ncai *f = *ncai;
    jmethodID bad = (jmethodID)unmapped(), m;
    jmethodID nat = method(jni, "Native", "bpJcc", "(I)I"), java = method(jni, "Main", "main", "([Ljava/lang/String;)V");
    jboolean b;
    void *p;
    size_t z;
    jlocation l;
    ncheck("IsMethodCompiled(NULL)", f->IsMethodCompiled(ncai, NULL, &b));
    ncheck("IsMethodCompiled(unmapped)", f->IsMethodCompiled(ncai, bad, &b));
    ncheck("IsMethodCompiled(NULL out)", f->IsMethodCompiled(ncai, nat, NULL));
    ncheck("GetMethodLocation(unmapped)", f->GetMethodLocation(ncai, bad, &p, &z));
    ncheck("GetMethodLocation(NULL address)", f->GetMethodLocation(ncai, nat, NULL, &z));
    ncheck("GetMethodLocation(NULL size)", f->GetMethodLocation(ncai, nat, &p, NULL));
    ncheck("FindJavaMethod(NULL)", f->FindJavaMethod(ncai, NULL, &m));
    ncheck("FindJavaMethod(unmapped)", f->FindJavaMethod(ncai, unmapped(), &m));
    ncheck("FindJavaMethod(NULL out)", f->FindJavaMethod(ncai, (void *)methods, NULL));
    m = bad;
    ncheck("GetBytecodeLocation(method unmapped)", f->GetBytecodeLocation(ncai, (void *)methods, &m, &l));
    m = NULL;
    ncheck("GetBytecodeLocation(unmapped)", f->GetBytecodeLocation(ncai, unmapped(), &m, &l));
    ncheck("GetBytecodeLocation(NULL method)", f->GetBytecodeLocation(ncai, (void *)methods, NULL, &l));
    ncheck("GetBytecodeLocation(NULL location)", f->GetBytecodeLocation(ncai, (void *)methods, &m, NULL));
    ncheck("GetNativeLocation(unmapped)", f->GetNativeLocation(ncai, bad, 0, &p));
    ncheck("GetNativeLocation(native, 1)", f->GetNativeLocation(ncai, nat, 1, &p));
    ncheck("GetNativeLocation(main, -1)", f->GetNativeLocation(ncai, java, -1, &p));
    ncheck("GetNativeLocation(NULL out)", f->GetNativeLocation(ncai, nat, -1, NULL));
}

static void threads(JNIEnv *jni, jclass cls, ncaiThread running, jthread unstarted)
{
    const struct _ncai *f = *ncai;
    ncaiThread bad = (ncaiThread)unmapped(), *ts, t;
    ncaiThreadInfo ti;
    jthread jt;
    jint n;
    ncaiFrameInfo fi[4];
    ncheck("GetAllThreads(NULL count)", f->GetAllThreads(ncai, NULL, &ts));
    ncheck("GetAllThreads(NULL threads)", f->GetAllThreads(ncai, &n, NULL));
    ncheck("GetThreadInfo(NULL)", f->GetThreadInfo(ncai, NULL, &ti));
    ncheck("GetThreadInfo(unmapped)", f->GetThreadInfo(ncai, bad, &ti));
    ncheck("GetThreadInfo(NULL info)", f->GetThreadInfo(ncai, running, NULL));
    ncheck("GetThreadHandle(NULL)", f->GetThreadHandle(ncai, NULL, &t));
    ncheck("GetThreadHandle(a class)", f->GetThreadHandle(ncai, cls, &t));
    ncheck("GetThreadHandle(unstarted)", f->GetThreadHandle(ncai, unstarted, &t));
    ncheck("GetThreadHandle(NULL out)", f->GetThreadHandle(ncai, unstarted, NULL));
    ncheck("GetThreadObject(NULL)", f->GetThreadObject(ncai, NULL, &jt));
    ncheck("GetThreadObject(unmapped)", f->GetThreadObject(ncai, bad, &jt));
    ncheck("GetThreadObject(NULL out)", f->GetThreadObject(ncai, running, NULL));
    ncheck("SuspendThread(NULL)", f->SuspendThread(ncai, NULL));
    ncheck("SuspendThread(unmapped)", f->SuspendThread(ncai, bad));
    ncheck("ResumeThread(NULL)", f->ResumeThread(ncai, NULL));
    ncheck("ResumeThread(unmapped)", f->ResumeThread(ncai, bad));
    ncheck("ResumeThread(running)", f->ResumeThread(ncai, running));
    ncheck("TerminateThread(NULL)", f->TerminateThread(ncai, NULL));
    ncheck("TerminateThread(unmapped)", f->TerminateThread(ncai, bad));
    ncheck("GetThreadState(NULL)", f->GetThreadState(ncai, NULL, &n));
    ncheck("GetThreadState(unmapped)", f->GetThreadState(ncai, bad, &n));
    ncheck("GetFrameCount(unmapped)", f->GetFrameCount(ncai, bad, &n));
    ncheck("GetFrameCount(running)", f->GetFrameCount(ncai, running, &n));
    ncheck("GetFrameCount(NULL count)", f->GetFrameCount(ncai, running, NULL));
    ncheck("GetStackTrace(NULL)", f->GetStackTrace(ncai, NULL, 4, fi, &n));
    ncheck("GetStackTrace(unmapped)", f->GetStackTrace(ncai, bad, 4, fi, &n));
    ncheck("GetStackTrace(running)", f->GetStackTrace(ncai, running, 4, fi, &n));
    ncheck("GetStackTrace(depth -1)", f->GetStackTrace(ncai, running, -1, fi, &n));
    ncheck("GetStackTrace(NULL buffer)", f->GetStackTrace(ncai, running, 4, NULL, &n));
    ncheck("GetStackTrace(NULL count)", f->GetStackTrace(ncai, running, 4, fi, NULL));
}

/* On the running thread suspended: register numbers, buffers, frames. */
static void registers(ncaiThread running)
{
    const struct _ncai *f = *ncai;
    ncaiThread bad = (ncaiThread)unmapped();
    ncaiRegisterInfo ri;
    jint count = 0;
    char buf[16];
    ncheck("GetRegisterCount(NULL)", f->GetRegisterCount(ncai, NULL));
    f->GetRegisterCount(ncai, &count);
    ncheck("GetRegisterInfo(-1)", f->GetRegisterInfo(ncai, -1, &ri));
    ncheck("GetRegisterInfo(count)", f->GetRegisterInfo(ncai, count, &ri));
    ncheck("GetRegisterInfo(0, NULL)", f->GetRegisterInfo(ncai, 0, NULL));
    ncheck("GetRegisterValue(NULL)", f->GetRegisterValue(ncai, NULL, 0, buf));
    ncheck("GetRegisterValue(unmapped)", f->GetRegisterValue(ncai, bad, 0, buf));
    ncheck("GetRegisterValue(running)", f->GetRegisterValue(ncai, running, 0, buf));
    ncheck("SetRegisterValue(NULL)", f->SetRegisterValue(ncai, NULL, 0, buf));
    ncheck("SetRegisterValue(unmapped)", f->SetRegisterValue(ncai, bad, 0, buf));
    ncheck("SetRegisterValue(running)", f->SetRegisterValue(ncai, running, 0, buf));
    ncheck("NotifyFramePop(NULL)", f->NotifyFramePop(ncai, NULL, buf));
    ncheck("NotifyFramePop(unmapped)", f->NotifyFramePop(ncai, bad, buf));
    ncheck("NotifyFramePop(running)", f->NotifyFramePop(ncai, running, buf));
    ncheck("SuspendThread(running)", f->SuspendThread(ncai, running));
    ncheck("GetRegisterValue(suspended, -1)", f->GetRegisterValue(ncai, running, -1, buf));
    ncheck("GetRegisterValue(suspended, count)", f->GetRegisterValue(ncai, running, count, buf));
    ncheck("GetRegisterValue(suspended, NULL buffer)", f->GetRegisterValue(ncai, running, 0, NULL));
    ncheck("SetRegisterValue(suspended, -1)", f->SetRegisterValue(ncai, running, -1, buf));
    ncheck("SetRegisterValue(suspended, count)", f->SetRegisterValue(ncai, running, count, buf));
    ncheck("SetRegisterValue(suspended, NULL buffer)", f->SetRegisterValue(ncai, running, 0, NULL));
    ncheck("NotifyFramePop(suspended, NULL frame)", f->NotifyFramePop(ncai, running, NULL));
    ncheck("NotifyFramePop(suspended, unmapped frame)", f->NotifyFramePop(ncai, running, unmapped()));
    jint n;
    ncheck("GetStackTrace(suspended, depth -1)", f->GetStackTrace(ncai, running, -1, NULL, &n));
    ncheck("ResumeThread(suspended)", f->ResumeThread(ncai, running));
}

static void memory(void)
{
    const struct _ncai *f = *ncai;
    char *bad = unmapped();
    volatile long *g = lib_sym(ncai, "ncai_watched");
    long v = 0;
    *g = 5;
    ncheck("ReadMemory(unmapped)", f->ReadMemory(ncai, bad, 8, &v));
    ncheck("ReadMemory(into an unmapped buffer)", f->ReadMemory(ncai, (void *)g, 8, bad));
    ncheck("ReadMemory(NULL buffer)", f->ReadMemory(ncai, (void *)g, 8, NULL));
    ncheck("ReadMemory(SIZE_MAX bytes)", f->ReadMemory(ncai, (void *)g, (size_t)-1, &v));
    v = 6;
    ncheck("WriteMemory(unmapped)", f->WriteMemory(ncai, bad, 8, &v));
    ncheck("WriteMemory(from an unmapped buffer)", f->WriteMemory(ncai, (void *)g, 8, bad));
    ncheck("WriteMemory(NULL buffer)", f->WriteMemory(ncai, (void *)g, 8, NULL));
    ncheck("WriteMemory(SIZE_MAX bytes)", f->WriteMemory(ncai, (void *)g, (size_t)-1, &v));
    say("the target of the refused writes untouched: %s", *g == 5 ? "yes" : "no");
}

static void misc(void)
{
    const struct _ncai *f = *ncai;
    ncaiSignalInfo si;
    const char *name;
    jint count = 0;
    ncheck("GetSignalCount(NULL)", f->GetSignalCount(ncai, NULL));
    f->GetSignalCount(ncai, &count);
    ncheck("GetSignalInfo(-1)", f->GetSignalInfo(ncai, -1, &si));
    ncheck("GetSignalInfo(count)", f->GetSignalInfo(ncai, count, &si));
    ncheck("GetSignalInfo(0, NULL)", f->GetSignalInfo(ncai, 0, NULL));
    ncheck("GetJvmtiEnv(NULL)", f->GetJvmtiEnv(ncai, NULL));
    ncheck("GetVersion(NULL)", f->GetVersion(ncai, NULL));
    ncheck("GetErrorName(-1)", f->GetErrorName(ncai, (ncaiError)-1, &name));
    ncheck("GetErrorName(12)", f->GetErrorName(ncai, (ncaiError)12, &name));
    ncheck("GetErrorName(NONE, NULL)", f->GetErrorName(ncai, NCAI_ERROR_NONE, NULL));
    ncheck("GetPotentialCapabilities(NULL)", f->GetPotentialCapabilities(ncai, NULL));
    ncheck("GetCapabilities(NULL)", f->GetCapabilities(ncai, NULL));
    ncheck("AddCapabilities(NULL)", f->AddCapabilities(ncai, NULL));
    ncheck("RelinquishCapabilities(NULL)", f->RelinquishCapabilities(ncai, NULL));
}

static void events(ncaiThread running)
{
    const struct _ncai *f = *ncai;
    ncaiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    ncheck("GetEventCallbacks(NULL)", f->GetEventCallbacks(ncai, NULL, sizeof cb));
    ncheck("GetEventCallbacks(size 0)", f->GetEventCallbacks(ncai, &cb, 0));
    ncheck("SetEventCallbacks(size 0)", f->SetEventCallbacks(ncai, &cb, 0));
    ncheck("SetEventNotificationMode(mode 2)", f->SetEventNotificationMode(ncai, (ncaiEventMode)2, NCAI_EVENT_STEP, NULL));
    ncheck("SetEventNotificationMode(mode -1)", f->SetEventNotificationMode(ncai, (ncaiEventMode)-1, NCAI_EVENT_STEP, NULL));
    ncheck("SetEventNotificationMode(event 0)", f->SetEventNotificationMode(ncai, NCAI_ENABLE, (ncaiEventKind)0, NULL));
    ncheck("SetEventNotificationMode(event 16)", f->SetEventNotificationMode(ncai, NCAI_ENABLE, (ncaiEventKind)16, NULL));
    ncheck("SetEventNotificationMode(event -1)", f->SetEventNotificationMode(ncai, NCAI_ENABLE, (ncaiEventKind)-1, NULL));
    ncheck("SetEventNotificationMode(unmapped thread)",
           f->SetEventNotificationMode(ncai, NCAI_ENABLE, NCAI_EVENT_STEP, (ncaiThread)unmapped()));
}

static void debugging(ncaiThread running)
{
    const struct _ncai *f = *ncai;
    char *bad = unmapped();
    void *code = lib_sym(ncai, "ncai_ret_42");
    char *data = lib_sym(ncai, "ncai_watched");
    ncheck("SetBreakpoint(NULL)", f->SetBreakpoint(ncai, NULL));
    ncheck("SetBreakpoint(unmapped)", f->SetBreakpoint(ncai, bad));
    ncheck("SetBreakpoint(data)", f->SetBreakpoint(ncai, data));
    ncheck("SetBreakpoint(ncai_ret_42)", f->SetBreakpoint(ncai, code));
    ncheck("SetBreakpoint(ncai_ret_42 again)", f->SetBreakpoint(ncai, code));
    ncheck("ClearBreakpoint(ncai_ret_42)", f->ClearBreakpoint(ncai, code));
    ncheck("ClearBreakpoint(ncai_ret_42 again)", f->ClearBreakpoint(ncai, code));
    ncheck("ClearBreakpoint(NULL)", f->ClearBreakpoint(ncai, NULL));
    ncheck("ClearBreakpoint(unmapped)", f->ClearBreakpoint(ncai, bad));
    ncheck("SetWatchpoint(NULL)", f->SetWatchpoint(ncai, NULL, 8, NCAI_WATCHPOINT_WRITE));
    ncheck("SetWatchpoint(unmapped)", f->SetWatchpoint(ncai, bad, 8, NCAI_WATCHPOINT_WRITE));
    ncheck("SetWatchpoint(len 0)", f->SetWatchpoint(ncai, data, 0, NCAI_WATCHPOINT_WRITE));
    ncheck("SetWatchpoint(len 3)", f->SetWatchpoint(ncai, data, 3, NCAI_WATCHPOINT_WRITE));
    ncheck("SetWatchpoint(len 16)", f->SetWatchpoint(ncai, data, 16, NCAI_WATCHPOINT_WRITE));
    ncheck("SetWatchpoint(misaligned)", f->SetWatchpoint(ncai, data + 1, 4, NCAI_WATCHPOINT_WRITE));
    ncheck("SetWatchpoint(mode -1)", f->SetWatchpoint(ncai, data, 8, (ncaiWatchpointMode)-1));
    ncheck("SetWatchpoint(mode 3)", f->SetWatchpoint(ncai, data, 8, (ncaiWatchpointMode)3));
    ncheck("SetWatchpoint(ncai_watched)", f->SetWatchpoint(ncai, data, 8, NCAI_WATCHPOINT_WRITE));
    ncheck("SetWatchpoint(ncai_watched again)", f->SetWatchpoint(ncai, data, 8, NCAI_WATCHPOINT_WRITE));
    ncheck("ClearWatchpoint(ncai_watched)", f->ClearWatchpoint(ncai, data));
    ncheck("ClearWatchpoint(ncai_watched again)", f->ClearWatchpoint(ncai, data));
    ncheck("ClearWatchpoint(NULL)", f->ClearWatchpoint(ncai, NULL));
    ncheck("SetStepMode(mode -1)", f->SetStepMode(ncai, NULL, (ncaiStepMode)-1));
    ncheck("SetStepMode(mode 4)", f->SetStepMode(ncai, NULL, (ncaiStepMode)4));
    ncheck("SetStepMode(unmapped thread)", f->SetStepMode(ncai, (ncaiThread)unmapped(), NCAI_STEP_OFF));
}

static const char *const event_names[] = {
    NULL, "ThreadStart", "ThreadEnd", "Breakpoint", "Step", "Watchpoint", "MethodEntry", "MethodExit",
    "FramePop", "Signal", "Exception", "ModuleLoad", "ModuleUnload", "ConsoleInput", "ConsoleOutput",
    "DebugOutput",
};

/* Without any capability: every gated function (arguments otherwise good) and the
 * enabling of every event. */
static void capabilities(ncaiThread running)
{
    const struct _ncai *f = *ncai;
    ncaiCapabilities all, none;
    f->GetCapabilities(ncai, &all);
    ncheck("RelinquishCapabilities(all)", f->RelinquishCapabilities(ncai, &all));
    f->GetCapabilities(ncai, &none);
    static const unsigned char zero[sizeof none];
    say("none left: %s", memcmp(&none, zero, sizeof none) == 0 ? "yes" : "no");
    void *code = lib_sym(ncai, "ncai_ret_42");
    char *data = lib_sym(ncai, "ncai_watched");
    char buf[16];
    ncheck("SuspendThread", f->SuspendThread(ncai, running));
    ncheck("ResumeThread", f->ResumeThread(ncai, running));
    ncheck("TerminateThread", f->TerminateThread(ncai, running));
    ncheck("GetRegisterValue", f->GetRegisterValue(ncai, running, 0, buf));
    ncheck("SetRegisterValue", f->SetRegisterValue(ncai, running, 0, buf));
    ncheck("ReadMemory", f->ReadMemory(ncai, data, 8, buf));
    ncheck("WriteMemory", f->WriteMemory(ncai, buf, 8, buf + 8));
    ncheck("SetBreakpoint", f->SetBreakpoint(ncai, code));
    ncheck("ClearBreakpoint", f->ClearBreakpoint(ncai, code));
    ncheck("SetWatchpoint", f->SetWatchpoint(ncai, data, 8, NCAI_WATCHPOINT_WRITE));
    ncheck("ClearWatchpoint", f->ClearWatchpoint(ncai, data));
    ncheck("SetStepMode", f->SetStepMode(ncai, running, NCAI_STEP_OFF));
    ncheck("NotifyFramePop", f->NotifyFramePop(ncai, running, buf));
    for (int ev = NCAI_MIN_EVENT_TYPE_VAL; ev <= NCAI_MAX_EVENT_TYPE_VAL; ev++) {
        ncaiError on = f->SetEventNotificationMode(ncai, NCAI_ENABLE, (ncaiEventKind)ev, NULL);
        ncaiError off = f->SetEventNotificationMode(ncai, NCAI_DISABLE, (ncaiEventKind)ev, NULL);
        say("enable %s: %s, disable: %s", event_names[ev], nerr(on), nerr(off));
    }
    ncheck("AddCapabilities(all)", f->AddCapabilities(ncai, &all));
    ncheck("ReadMemory with can_read_memory again", f->ReadMemory(ncai, data, 8, buf));
}

JNIEXPORT void JNICALL Java_Main_check(JNIEnv *jni, jclass cls, jthread spinner, jthread unstarted)
{
    pthread_t pt;
    pthread_create(&pt, NULL, raw_thread, NULL);
    pthread_join(pt, NULL);
    ncaiThread running = NULL;
    (*ncai)->GetThreadHandle(ncai, spinner, &running);
    modules();
    methods(jni);
    threads(jni, cls, running, unstarted);
    registers(running);
    memory();
    misc();
    events(running);
    debugging(running);
    capabilities(running);
}
