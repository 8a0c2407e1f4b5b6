/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * WithJvmpi: NCAI's events while the JVMPI profiler samples/jvmpi-prof runs in the same
 * VM with METHOD_ENTRY/EXIT on (-Xrunjvmpiprof:cpu=times): both tool interfaces sit on
 * JVMTI's event seam (JVMPI on jvmti_tool.h, NCAI on jvmti_int.h's upper listener), and
 * neither may take the other's events. Native MethodEntry/MethodExit of
 * Java_Native_bpJcc (six calls while enabled: five on main, one on "worker", none after
 * disabling), ThreadStart/ThreadEnd of "worker".
 */
#include "ncai_test.h"

static ncaiEnv *ncai;
static int entries, exits, worker_start, worker_end, other_addr;

static int is_bpjcc(void *addr) { return lib_func(addr) != NULL && strcmp(lib_func(addr), "Java_Native_bpJcc") == 0; }

static void JNICALL on_mentry(ncaiEnv *env, ncaiThread t, void *addr)
{
    if (is_bpjcc(addr)) entries++;
    else if (lib_func(addr) != NULL) other_addr++;
}

static void JNICALL on_mexit(ncaiEnv *env, ncaiThread t, void *addr)
{
    if (is_bpjcc(addr)) exits++;
    else if (lib_func(addr) != NULL) other_addr++;
}

static int is_worker(ncaiEnv *env, ncaiThread t)
{
    ncaiThreadInfo ti;
    return (*env)->GetThreadInfo(env, t, &ti) == NCAI_ERROR_NONE && strcmp(ti.name, "worker") == 0;
}

static void JNICALL on_start(ncaiEnv *env, ncaiThread t) { worker_start += is_worker(env, t); }
static void JNICALL on_end(ncaiEnv *env, ncaiThread t) { worker_end += is_worker(env, t); }

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    ncai = get_ncai(new_jvmti(vm));
    ncaiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.MethodEntry = on_mentry;
    cb.MethodExit = on_mexit;
    cb.ThreadStart = on_start;
    cb.ThreadEnd = on_end;
    ncheck("SetEventCallbacks", (*ncai)->SetEventCallbacks(ncai, &cb, sizeof cb));
    return 0;
}

JNIEXPORT void JNICALL Java_Main_listen(JNIEnv *jni, jclass c, jboolean on)
{
    ncaiEventMode m = on ? NCAI_ENABLE : NCAI_DISABLE;
    (*ncai)->SetEventNotificationMode(ncai, m, NCAI_EVENT_METHOD_ENTRY, NULL);
    (*ncai)->SetEventNotificationMode(ncai, m, NCAI_EVENT_METHOD_EXIT, NULL);
    (*ncai)->SetEventNotificationMode(ncai, m, NCAI_EVENT_THREAD_START, NULL);
    (*ncai)->SetEventNotificationMode(ncai, m, NCAI_EVENT_THREAD_END, NULL);
}

JNIEXPORT void JNICALL Java_Main_report(JNIEnv *jni, jclass c)
{
    say("MethodEntry Java_Native_bpJcc: %d, MethodExit: %d", entries, exits);
    say("ThreadStart worker: %d, ThreadEnd worker: %d", worker_start, worker_end);
    say("MethodEntry/Exit of other test natives: %d", other_addr);
}
