/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 *
 * Events: Signal (a SIGSEGV in the test library that the agent handles by moving rip,
 * so the VM lives on; a SIGQUIT the agent handles, so the VM prints no thread dump),
 * FramePop of a native frame (NotifyFramePop from a breakpoint in ncai_level3 on its
 * caller ncai_level2), MethodEntry/MethodExit of native methods, and the event
 * management errors.
 */
#include "ncai_test.h"

static jvmtiEnv *jvmti;
static ncaiEnv *ncai;
static void *level2_frame;

static void JNICALL on_signal(ncaiEnv *env, ncaiThread t, void *addr, jint sig, jboolean internal, jboolean *handled)
{
    if (sig == 0) {
        say("Signal %d at ncai_segv_asm: %s, internal %d", (int)sig,
            addr == lib_sym(env, "ncai_segv_asm") ? "yes" : "no", internal);
        ncaiFrameInfo fr[2];
        jint n = 0;
        (*env)->GetStackTrace(env, t, 2, fr, &n);
        say("  top frame is the faulting instruction: %s", n > 0 && fr[0].pc_address == addr ? "yes" : "no");
        void *skip = lib_sym(env, "ncai_segv_skip");
        ncheck("  SetRegisterValue(rip)", (*env)->SetRegisterValue(env, t, 14, &skip));
        *handled = JNI_TRUE;
    } else if (sig == 3) {
        say("Signal %d (QUIT), handled here", (int)sig);
        *handled = JNI_TRUE;
    } else {
        say("Signal %d", (int)sig);
    }
}

static void JNICALL on_bp(ncaiEnv *env, ncaiThread t, void *addr)
{
    ncaiFrameInfo fr[4];
    jint n = 0;
    (*env)->GetStackTrace(env, t, 4, fr, &n);
    say("Breakpoint in %s, caller %s", lib_func(addr), n > 1 ? lib_func(fr[1].pc_address) : "?");
    level2_frame = fr[1].frame_address;
    ncheck("NotifyFramePop(ncai_level2's frame)", (*env)->NotifyFramePop(env, t, level2_frame));
    ncheck("NotifyFramePop(no such frame)", (*env)->NotifyFramePop(env, t, (char *)level2_frame + 1));
    (*env)->ClearBreakpoint(env, addr);
}

static void JNICALL on_pop(ncaiEnv *env, ncaiThread t, void *addr)
{
    ncaiFrameInfo fr[2];
    jint n = 0;
    (*env)->GetStackTrace(env, t, 2, fr, &n);
    say("FramePop of ncai_level2's frame: %s, now in %s", addr == level2_frame ? "yes" : "no",
        n > 0 && lib_func(fr[0].pc_address) ? lib_func(fr[0].pc_address) : "?");
}

static void JNICALL on_mentry(ncaiEnv *env, ncaiThread t, void *addr)
{
    if (lib_func(addr) != NULL) say("MethodEntry %s", lib_func(addr));
}

static void JNICALL on_mexit(ncaiEnv *env, ncaiThread t, void *addr)
{
    if (lib_func(addr) != NULL) say("MethodExit %s", lib_func(addr));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmti = new_jvmti(vm);
    ncai = get_ncai(jvmti);
    ncaiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.Signal = on_signal;
    cb.Breakpoint = on_bp;
    cb.FramePop = on_pop;
    cb.MethodEntry = on_mentry;
    cb.MethodExit = on_mexit;
    ncheck("SetEventCallbacks(size 0)", (*ncai)->SetEventCallbacks(ncai, &cb, 0));
    ncheck("SetEventCallbacks", (*ncai)->SetEventCallbacks(ncai, &cb, sizeof cb));
    ncaiEventCallbacks got;
    ncheck("GetEventCallbacks", (*ncai)->GetEventCallbacks(ncai, &got, sizeof got));
    say("callbacks read back: %s", memcmp(&got, &cb, sizeof cb) == 0 ? "yes" : "no");
    ncheck("GetEventCallbacks(NULL)", (*ncai)->GetEventCallbacks(ncai, NULL, sizeof got));
    ncheck("GetEventCallbacks(size 0)", (*ncai)->GetEventCallbacks(ncai, &got, 0));
    ncheck("SetEventNotificationMode(mode 2)", (*ncai)->SetEventNotificationMode(ncai, (ncaiEventMode)2, NCAI_EVENT_SIGNAL, NULL));
    ncheck("SetEventNotificationMode(event 0)", (*ncai)->SetEventNotificationMode(ncai, NCAI_ENABLE, (ncaiEventKind)0, NULL));
    ncheck("SetEventNotificationMode(event 16)", (*ncai)->SetEventNotificationMode(ncai, NCAI_ENABLE, (ncaiEventKind)16, NULL));
    int junk;
    ncheck("SetEventNotificationMode(not a thread)",
           (*ncai)->SetEventNotificationMode(ncai, NCAI_ENABLE, NCAI_EVENT_SIGNAL, (ncaiThread)&junk));
    ncheck("enable Signal", (*ncai)->SetEventNotificationMode(ncai, NCAI_ENABLE, NCAI_EVENT_SIGNAL, NULL));
    (*ncai)->SetEventNotificationMode(ncai, NCAI_ENABLE, NCAI_EVENT_BREAKPOINT, NULL);
    (*ncai)->SetEventNotificationMode(ncai, NCAI_ENABLE, NCAI_EVENT_FRAME_POP, NULL);
    return 0;
}

JNIEXPORT void JNICALL Java_Main_breakInLevel3(JNIEnv *jni, jclass c)
{
    ncheck("SetBreakpoint(ncai_level3)", (*ncai)->SetBreakpoint(ncai, lib_sym(ncai, "ncai_level3")));
}

JNIEXPORT void JNICALL Java_Main_methodEvents(JNIEnv *jni, jclass c, jboolean on)
{
    ncaiEventMode m = on ? NCAI_ENABLE : NCAI_DISABLE;
    ncheck(on ? "enable MethodEntry" : "disable MethodEntry",
           (*ncai)->SetEventNotificationMode(ncai, m, NCAI_EVENT_METHOD_ENTRY, NULL));
    ncheck(on ? "enable MethodExit" : "disable MethodExit",
           (*ncai)->SetEventNotificationMode(ncai, m, NCAI_EVENT_METHOD_EXIT, NULL));
}
