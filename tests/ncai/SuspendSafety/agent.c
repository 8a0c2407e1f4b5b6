/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 *
 * SuspendSafety: a thread that lives in malloc, free and a mutex (Native.churn) is
 * suspended a hundred times; it is never stopped inside the C library except blocked in
 * a system call (where it holds no allocator lock), so while it is suspended the VM's
 * threads allocate, collect and start threads, and NCAI calls that allocate work.
 */
#include "ncai_test.h"

static jvmtiEnv *jvmti;
static ncaiEnv *ncai;
static ncaiThread worker;
static int stops, in_libc_running;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmti = new_jvmti(vm);
    ncai = get_ncai(jvmti);
    return 0;
}

static int in_module(void *pc, const char *name)
{
    ncaiModuleInfo mi;
    static ncaiModuleInfo cached[4];
    static const char *names[4];
    int k;
    for (k = 0; k < 4 && names[k] != NULL; k++)
        if (strcmp(names[k], name) == 0) break;
    if (k == 4) return 0;
    if (names[k] == NULL) {
        if (find_module(ncai, name, &mi) == NULL) return 0;
        cached[k] = mi;
        names[k] = name;
    }
    for (size_t i = 0; i < cached[k].segment_count; i++)
        if ((char *)pc >= (char *)cached[k].segments[i].base_address &&
            (char *)pc < (char *)cached[k].segments[i].base_address + cached[k].segments[i].size)
            return 1;
    return 0;
}

JNIEXPORT jboolean JNICALL Java_Main_suspend(JNIEnv *jni, jclass c, jthread w)
{
    (*ncai)->GetThreadHandle(ncai, w, &worker);
    if ((*ncai)->SuspendThread(ncai, worker) != NCAI_ERROR_NONE) return JNI_FALSE;
    stops++;
    unsigned char *rip = NULL;
    (*ncai)->GetRegisterValue(ncai, worker, 14, &rip);
    if (in_module(rip, "c")) {
        unsigned char before[2] = {0, 0}, at[2] = {0, 0};
        (*ncai)->ReadMemory(ncai, rip - 2, 2, before);
        (*ncai)->ReadMemory(ncai, rip, 2, at);
        int syscall = (before[0] == 0x0f && before[1] == 0x05) || (at[0] == 0x0f && at[1] == 0x05);
        if (!syscall) in_libc_running++;
    }
    /* NCAI calls that allocate, while it is stopped. */
    jint n = 0;
    ncaiThread *ts = NULL;
    ncaiFrameInfo fr[64];
    if ((*ncai)->GetAllThreads(ncai, &n, &ts) != NCAI_ERROR_NONE) return JNI_FALSE;
    (*jvmti)->Deallocate(jvmti, (unsigned char *)ts);
    if ((*ncai)->GetStackTrace(ncai, worker, 64, fr, &n) != NCAI_ERROR_NONE) return JNI_FALSE;
    return JNI_TRUE;
}

JNIEXPORT void JNICALL Java_Main_resume(JNIEnv *jni, jclass c)
{
    (*ncai)->ResumeThread(ncai, worker);
}

JNIEXPORT void JNICALL Java_Main_report(JNIEnv *jni, jclass c)
{
    say("stops %d, stopped running C library code %d times", stops, in_libc_running);
}
