/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 *
 * SuspendBlocked: threads blocked inside the VM are suspended without being frozen
 * inside the C library (a thread frozen inside pthread_cond_wait blocks whoever signals
 * that condition variable — for the VM's own, the end of every safepoint): a thread in
 * Object.wait, suspended, is notified and collections run meanwhile; a thread running
 * Java code (stopped at its interpreter poll) sees three collections while suspended.
 * Neither goes on until resumed; their stacks show their Java frames; their registers
 * can be read, not set.
 */
#include "ncai_test.h"

static jvmtiEnv *jvmti;
static ncaiEnv *ncai;
static int quiet_mode, failures;

JNIEXPORT void JNICALL Java_Main_quiet(JNIEnv *jni, jclass c, jboolean on)
{
    if (!on && failures) say("failures: %d", failures);
    quiet_mode = on;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmti = new_jvmti(vm);
    ncai = get_ncai(jvmti);
    return 0;
}

static ncaiThread handle(jthread t)
{
    ncaiThread h = NULL;
    (*ncai)->GetThreadHandle(ncai, t, &h);
    return h;
}

JNIEXPORT void JNICALL Java_Main_suspend(JNIEnv *jni, jclass c, jthread t)
{
    ncaiThread h = handle(t);
    if (quiet_mode) {
        failures += (*ncai)->SuspendThread(ncai, h) != NCAI_ERROR_NONE;
        return;
    }
    ncheck("SuspendThread", (*ncai)->SuspendThread(ncai, h));
    ncaiFrameInfo fr[64];
    jint n = 0;
    ncheck("GetStackTrace", (*ncai)->GetStackTrace(ncai, h, 64, fr, &n));
    /* The innermost Java frame (a bytecode address, or a native method's code). */
    for (jint i = 0; i < n; i++) {
        jmethodID m = NULL;
        jlocation l;
        if (fr[i].java_frame_depth < 0) continue;
        if ((*ncai)->GetBytecodeLocation(ncai, fr[i].pc_address, &m, &l) != NCAI_ERROR_NONE) continue;
        Dl_info di;
        if (l >= 0 && dladdr(fr[i].pc_address, &di) != 0) continue; /* an interpreter frame */
        char *name = NULL;
        (*jvmti)->GetMethodName(jvmti, m, &name, NULL, NULL);
        say("  innermost Java frame: %s, depth %d", name, (int)fr[i].java_frame_depth);
        (*jvmti)->Deallocate(jvmti, (unsigned char *)name);
        break;
    }
    void *rsp = NULL;
    ncheck("  GetRegisterValue(rsp)", (*ncai)->GetRegisterValue(ncai, h, 4, &rsp));
    ncheck("  SetRegisterValue(rsp)", (*ncai)->SetRegisterValue(ncai, h, 4, &rsp));
}

JNIEXPORT void JNICALL Java_Main_resume(JNIEnv *jni, jclass c, jthread t)
{
    if (quiet_mode) {
        failures += (*ncai)->ResumeThread(ncai, handle(t)) != NCAI_ERROR_NONE;
        return;
    }
    ncheck("ResumeThread", (*ncai)->ResumeThread(ncai, handle(t)));
}
