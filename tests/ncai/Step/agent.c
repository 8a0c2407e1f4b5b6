/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 *
 * Step: native single stepping through ncai_step_asm (nop, mov, call ncai_step_leaf,
 * add, ret; the leaf: add, ret), started from a Breakpoint callback on the current
 * thread, in the three modes: INTO visits every instruction, callee included; OVER
 * skips the callee, which runs at full speed (a breakpoint in it finds the trap flag
 * clear); OUT (started in the leaf) resumes at the return address. The
 * function still computes 13 each time. SetStepMode's error paths.
 */
#include "ncai_test.h"

static jvmtiEnv *jvmti;
static ncaiEnv *ncai;
static char *step_asm, *step_end, *leaf, *leaf_end;
static ncaiStepMode mode;

static void where(const char *what, char *pc)
{
    if (pc >= step_asm && pc < step_end) say("%s ncai_step_asm+%d", what, (int)(pc - step_asm));
    else if (pc >= leaf && pc < leaf_end) say("%s ncai_step_leaf+%d", what, (int)(pc - leaf));
    else {
        const char *f = lib_func(pc);
        say("%s %s", what, f ? f : "elsewhere");
    }
}

static int over_with_bp; /* phase 4: STEP_OVER with a breakpoint inside the callee */

static void JNICALL on_bp(ncaiEnv *env, ncaiThread t, void *addr)
{
    where("breakpoint at", addr);
    if (over_with_bp && (char *)addr == leaf) {
        /* The callee of a call stepped over runs at full speed: no trap flag. */
        uint32_t flags = 0;
        (*env)->GetRegisterValue(env, t, 15, &flags);
        say("  the trap flag is %s", (flags & 0x100) ? "set" : "clear");
        return;
    }
    ncheck("SetStepMode", (*env)->SetStepMode(env, t, mode));
    ncheck("enable Step", (*env)->SetEventNotificationMode(env, NCAI_ENABLE, NCAI_EVENT_STEP, t));
}

static void JNICALL on_step(ncaiEnv *env, ncaiThread t, void *addr)
{
    char *pc = addr;
    where("  step", pc);
    if ((pc >= step_asm && pc < step_end) || (pc >= leaf && pc < leaf_end)) return;
    (*env)->SetEventNotificationMode(env, NCAI_DISABLE, NCAI_EVENT_STEP, t);
    (*env)->SetStepMode(env, t, NCAI_STEP_OFF);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmti = new_jvmti(vm);
    ncai = get_ncai(jvmti);
    ncaiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.Breakpoint = on_bp;
    cb.Step = on_step;
    (*ncai)->SetEventCallbacks(ncai, &cb, sizeof cb);
    (*ncai)->SetEventNotificationMode(ncai, NCAI_ENABLE, NCAI_EVENT_BREAKPOINT, NULL);
    return 0;
}

JNIEXPORT void JNICALL Java_Main_phase(JNIEnv *jni, jclass c, jint m)
{
    step_asm = lib_sym(ncai, "ncai_step_asm");
    step_end = lib_sym(ncai, "ncai_step_asm_end");
    leaf = lib_sym(ncai, "ncai_step_leaf");
    leaf_end = lib_sym(ncai, "ncai_step_leaf_end");
    over_with_bp = m == 4;
    mode = over_with_bp ? NCAI_STEP_OVER : (ncaiStepMode)m;
    (*ncai)->ClearBreakpoint(ncai, step_asm);
    (*ncai)->ClearBreakpoint(ncai, leaf);
    say("mode %s", m == NCAI_STEP_INTO ? "INTO" : m == NCAI_STEP_OVER ? "OVER" : m == NCAI_STEP_OUT ? "OUT" : "OVER, a breakpoint in the callee");
    (*ncai)->SetBreakpoint(ncai, m == NCAI_STEP_OUT ? leaf : step_asm);
    if (over_with_bp) (*ncai)->SetBreakpoint(ncai, leaf);
}

JNIEXPORT void JNICALL Java_Main_errors(JNIEnv *jni, jclass c)
{
    (*ncai)->ClearBreakpoint(ncai, step_asm);
    (*ncai)->ClearBreakpoint(ncai, leaf);
    int junk;
    ncheck("SetStepMode(mode 4)", (*ncai)->SetStepMode(ncai, NULL, (ncaiStepMode)4));
    ncheck("SetStepMode(mode -1)", (*ncai)->SetStepMode(ncai, NULL, (ncaiStepMode)-1));
    ncheck("SetStepMode(not a thread)", (*ncai)->SetStepMode(ncai, (ncaiThread)&junk, NCAI_STEP_INTO));
    ncheck("SetStepMode(NULL, OFF)", (*ncai)->SetStepMode(ncai, NULL, NCAI_STEP_OFF));
}
