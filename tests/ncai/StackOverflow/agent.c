/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 *
 * StackOverflow: a JNI library recursing until its thread's C stack runs out gets a
 * Signal event with PORT_SIGNAL_STACK_OVERFLOW (the fault is handled on an alternate
 * signal stack), on the overflowing thread, inside the recursing function; the agent
 * handles it by sending the thread to the library's rescue code, and the VM lives on.
 */
#include "ncai_test.h"

static ncaiEnv *ncai;

static void JNICALL on_signal(ncaiEnv *env, ncaiThread t, void *addr, jint sig, jboolean internal, jboolean *handled)
{
    ncaiThreadInfo ti;
    (*env)->GetThreadInfo(env, t, &ti);
    say("Signal %d on %s in %s", (int)sig, ti.name, lib_func(addr) ? lib_func(addr) : "?");
    if (sig != 1) return;
    void *rescue = lib_sym(env, "ncai_overflow_rescue");
    ncheck("SetRegisterValue(rip)", (*env)->SetRegisterValue(env, t, 14, &rescue));
    *handled = JNI_TRUE;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    ncai = get_ncai(new_jvmti(vm));
    ncaiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.Signal = on_signal;
    (*ncai)->SetEventCallbacks(ncai, &cb, sizeof cb);
    (*ncai)->SetEventNotificationMode(ncai, NCAI_ENABLE, NCAI_EVENT_SIGNAL, NULL);
    return 0;
}
