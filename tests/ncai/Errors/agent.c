/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 *
 * Errors: INVALID_ENVIRONMENT from every one of the 42 functions for a NULL environment,
 * for a pointer that is not an NCAI environment and for the NCAI environment of a
 * disposed JVMTI environment, and the error paths the other tests
 * leave out: INVALID_METHOD, INVALID_THREAD and THREAD_NOT_ALIVE where a method or a
 * thread is taken, THREAD_NOT_SUSPENDED for NotifyFramePop.
 */
#include "ncai_test.h"

static jvmtiEnv *jvmti;
static ncaiEnv *ncai;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmti = new_jvmti(vm);
    ncai = get_ncai(jvmti);
    return 0;
}

/* Every function with env e and harmless other arguments; the number of calls that
 * answered INVALID_ENVIRONMENT. */
static int all_invalid(ncaiEnv *e)
{
    const struct _ncai *f = *ncai;
    jint i = 0;
    void *p = NULL;
    size_t z = 0;
    jboolean b;
    jlocation l;
    jmethodID m = NULL;
    ncaiModule *mods;
    ncaiModuleInfo mi;
    ncaiThread *ts, t = NULL;
    ncaiThreadInfo ti;
    jthread jt;
    ncaiFrameInfo fi;
    ncaiRegisterInfo ri;
    ncaiSignalInfo si;
    jvmtiEnv *je;
    const char *n;
    ncaiCapabilities c;
    ncaiEventCallbacks cb;
    char buf[8];
    ncaiError r[42] = {
        f->GetAllLoadedModules(e, &i, &mods),
        f->GetModuleInfo(e, NULL, &mi),
        f->GetModuleClassLoader(e, NULL, &jt),
        f->IsMethodCompiled(e, NULL, &b),
        f->GetMethodLocation(e, NULL, &p, &z),
        f->FindJavaMethod(e, NULL, &m),
        f->GetBytecodeLocation(e, NULL, &m, &l),
        f->GetNativeLocation(e, NULL, 0, &p),
        f->GetAllThreads(e, &i, &ts),
        f->GetThreadInfo(e, NULL, &ti),
        f->GetThreadHandle(e, NULL, &t),
        f->GetThreadObject(e, NULL, &jt),
        f->SuspendThread(e, NULL),
        f->ResumeThread(e, NULL),
        f->TerminateThread(e, NULL),
        f->GetThreadState(e, NULL, &i),
        f->GetFrameCount(e, NULL, &i),
        f->GetStackTrace(e, NULL, 1, &fi, &i),
        f->GetRegisterCount(e, &i),
        f->GetRegisterInfo(e, 0, &ri),
        f->GetRegisterValue(e, NULL, 0, buf),
        f->SetRegisterValue(e, NULL, 0, buf),
        f->ReadMemory(e, buf, 1, buf),
        f->WriteMemory(e, buf, 1, buf),
        f->GetSignalCount(e, &i),
        f->GetSignalInfo(e, 0, &si),
        f->GetJvmtiEnv(e, &je),
        f->GetVersion(e, &i),
        f->GetErrorName(e, NCAI_ERROR_NONE, &n),
        f->GetPotentialCapabilities(e, &c),
        f->GetCapabilities(e, &c),
        f->AddCapabilities(e, &c),
        f->RelinquishCapabilities(e, &c),
        f->GetEventCallbacks(e, &cb, sizeof cb),
        f->SetEventCallbacks(e, &cb, sizeof cb),
        f->SetEventNotificationMode(e, NCAI_ENABLE, NCAI_EVENT_STEP, NULL),
        f->SetBreakpoint(e, NULL),
        f->ClearBreakpoint(e, NULL),
        f->SetWatchpoint(e, NULL, 8, NCAI_WATCHPOINT_WRITE),
        f->ClearWatchpoint(e, NULL),
        f->SetStepMode(e, NULL, NCAI_STEP_OFF),
        f->NotifyFramePop(e, NULL, NULL),
    };
    int k = 0;
    for (int j = 0; j < 42; j++) k += r[j] == NCAI_ERROR_INVALID_ENVIRONMENT;
    return k;
}

static ncaiThread ended;

JNIEXPORT void JNICALL Java_Main_check(JNIEnv *jni, jclass c, jthread running)
{
    say("NULL environment: %d of 42 functions answer INVALID_ENVIRONMENT", all_invalid(NULL));
    say("a JVMTI environment: %d of 42", all_invalid((ncaiEnv *)jvmti));
    /* An NCAI environment whose JVMTI environment was disposed. */
    JavaVM *vm;
    jvmtiEnv *other = NULL;
    (*jni)->GetJavaVM(jni, &vm);
    (*vm)->GetEnv(vm, (void **)&other, JVMTI_VERSION_11);
    ncaiEnv *gone = get_ncai(other);
    (*other)->DisposeEnvironment(other);
    say("a disposed environment: %d of 42", all_invalid(gone));
    int junk[8] = {0};
    jmethodID m = (jmethodID)junk;
    void *p;
    size_t z;
    jlocation l;
    jint s;
    ncheck("GetMethodLocation(not a method)", (*ncai)->GetMethodLocation(ncai, NULL, &p, &z));
    ncheck("GetBytecodeLocation(not a method)", (*ncai)->GetBytecodeLocation(ncai, NULL, &m, &l));
    ncheck("GetThreadState(not a thread)", (*ncai)->GetThreadState(ncai, (ncaiThread)junk, &s));
    ncheck("GetThreadState(NULL out)", (*ncai)->GetThreadState(ncai, ended, NULL));
    ncheck("TerminateThread(not a thread)", (*ncai)->TerminateThread(ncai, (ncaiThread)junk));
    ncheck("NotifyFramePop(not a thread)", (*ncai)->NotifyFramePop(ncai, (ncaiThread)junk, junk));
    ncheck("SetEventNotificationMode(ended thread)",
           (*ncai)->SetEventNotificationMode(ncai, NCAI_ENABLE, NCAI_EVENT_STEP, ended));
    ncheck("SetStepMode(ended thread)", (*ncai)->SetStepMode(ncai, ended, NCAI_STEP_INTO));
    ncheck("NotifyFramePop(ended thread)", (*ncai)->NotifyFramePop(ncai, ended, junk));
    char buf[8];
    ncheck("GetRegisterValue(ended thread)", (*ncai)->GetRegisterValue(ncai, ended, 0, buf));
    ncheck("GetFrameCount(ended thread)", (*ncai)->GetFrameCount(ncai, ended, &s));
    ncaiThread r = NULL;
    (*ncai)->GetThreadHandle(ncai, running, &r);
    ncheck("NotifyFramePop(running thread)", (*ncai)->NotifyFramePop(ncai, r, junk));
    ncheck("SetRegisterValue(running thread)", (*ncai)->SetRegisterValue(ncai, r, 0, buf));
}

JNIEXPORT void JNICALL Java_Main_remember(JNIEnv *jni, jclass c, jthread t)
{
    (*ncai)->GetThreadHandle(ncai, t, &ended);
}
