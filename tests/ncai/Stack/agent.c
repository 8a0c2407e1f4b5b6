/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Stack: a thread spinning in native code (Native.spin, in ncai_spin_asm) below three
 * C frames between two Java frames (Worker.run -> Native.down -> ncai_level1..3 ->
 * Native.up -> Native.spin) is suspended wherever it is; its mixed stack shows the
 * test library's frames and the Java frames in order with their JVMTI depths, and each
 * Java frame's bytecode address maps back (FindJavaMethod, GetBytecodeLocation) to the
 * method and bci JVMTI reports at that depth; its registers are those of the top frame;
 * setting rip and rax makes the spin return 1234 when resumed. Error paths of
 * GetFrameCount, GetStackTrace, Get/SetRegisterValue, SuspendThread, ResumeThread.
 */
#include "ncai_test.h"

static jvmtiEnv *jvmti;
static ncaiEnv *ncai;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmti = new_jvmti(vm);
    ncai = get_ncai(jvmti);
    return ncai != NULL ? 0 : 1;
}

static int in_libjvm(void *pc)
{
    Dl_info di;
    return dladdr(pc, &di) != 0 && di.dli_fname != NULL && strstr(di.dli_fname, "libjvm.so") != NULL;
}

static const char *mname(jmethodID m)
{
    static char buf[128];
    char *n = NULL;
    (*jvmti)->GetMethodName(jvmti, m, &n, NULL, NULL);
    snprintf(buf, sizeof buf, "%s", n ? n : "?");
    (*jvmti)->Deallocate(jvmti, (unsigned char *)n);
    return buf;
}

/* Suspends t while its rip is inside ncai_spin_asm; 1 when done. */
static int suspend_in_spin(ncaiThread t)
{
    char *lo = lib_sym(ncai, "ncai_spin_asm"), *hi = lib_sym(ncai, "ncai_spin_asm_end");
    for (int tries = 0; tries < 500; tries++) {
        if ((*ncai)->SuspendThread(ncai, t) != NCAI_ERROR_NONE) return 0;
        char *rip = NULL;
        (*ncai)->GetRegisterValue(ncai, t, 14, &rip);
        if (rip >= lo && rip < hi) return 1;
        (*ncai)->ResumeThread(ncai, t);
        usleep(10000);
    }
    return 0;
}

JNIEXPORT void JNICALL Java_Main_inspect(JNIEnv *jni, jclass c, jthread worker)
{
    ncaiThread t = NULL;
    ncheck("GetThreadHandle", (*ncai)->GetThreadHandle(ncai, worker, &t));
    jint n = 0;
    ncaiFrameInfo fr[200];
    ncheck("GetFrameCount while running", (*ncai)->GetFrameCount(ncai, t, &n));
    ncheck("GetStackTrace while running", (*ncai)->GetStackTrace(ncai, t, 10, fr, &n));
    char buf8[8];
    ncheck("GetRegisterValue while running", (*ncai)->GetRegisterValue(ncai, t, 0, buf8));
    if (!suspend_in_spin(t)) {
        say("could not suspend the worker in ncai_spin_asm");
        return;
    }
    say("suspended in ncai_spin_asm");
    ncheck("SuspendThread again", (*ncai)->SuspendThread(ncai, t));
    ncheck("ResumeThread (count 2 -> 1)", (*ncai)->ResumeThread(ncai, t));
    jint count = 0;
    ncheck("GetFrameCount", (*ncai)->GetFrameCount(ncai, t, &count));
    ncheck("GetStackTrace", (*ncai)->GetStackTrace(ncai, t, 200, fr, &n));
    say("count agrees: %s", count == n ? "yes" : "no");
    for (jint i = 0; i < n; i++) {
        void *pc = fr[i].pc_address;
        jmethodID m = NULL;
        if (!in_libjvm(pc) && (*ncai)->FindJavaMethod(ncai, pc, &m) == NCAI_ERROR_NONE) {
            jmethodID m2 = NULL;
            jlocation bci = -2;
            (*ncai)->GetBytecodeLocation(ncai, pc, &m2, &bci);
            jmethodID jm = NULL;
            jlocation jbci = -3;
            (*jvmti)->GetFrameLocation(jvmti, worker, fr[i].java_frame_depth, &jm, &jbci);
            say("java %s depth %d, JVMTI method and bci agree: %s", mname(m), (int)fr[i].java_frame_depth,
                m2 == m && jm == m && jbci == bci ? "yes" : "no");
            continue;
        }
        const char *f = lib_func(pc);
        if (f != NULL) say("native %s depth %d", f, (int)fr[i].java_frame_depth);
    }
    /* The interpreter's own frames: each is linked to the Java frame it interprets (the
     * topmost non-native frame of its group), and the first one's address maps to that
     * frame's method and bci (both activations here are at the same call instruction, so
     * an address alone names the innermost). */
    int first = 1;
    for (jint i = 0; i < n; i++) {
        if (!in_libjvm(fr[i].pc_address) || fr[i].java_frame_depth < 0) continue;
        jmethodID m = NULL;
        jlocation bci = -2;
        if ((*ncai)->GetBytecodeLocation(ncai, fr[i].pc_address, &m, &bci) != NCAI_ERROR_NONE) continue;
        jmethodID jm = NULL;
        jlocation jbci = -3;
        (*jvmti)->GetFrameLocation(jvmti, worker, fr[i].java_frame_depth, &jm, &jbci);
        say("interpreter frame for depth %d (%s)", (int)fr[i].java_frame_depth, mname(jm));
        if (first) say("  its address maps to %s at the bci JVMTI reports: %s", mname(m), jm == m && jbci == bci ? "yes" : "no");
        first = 0;
    }
    /* The top frame is the spinning function: its pc and stack pointer are the registers. */
    char *rip = NULL, *rsp = NULL;
    ncheck("GetRegisterValue(rip)", (*ncai)->GetRegisterValue(ncai, t, 14, &rip));
    ncheck("GetRegisterValue(rsp)", (*ncai)->GetRegisterValue(ncai, t, 4, &rsp));
    say("top frame pc is rip: %s, stack address is rsp: %s", fr[0].pc_address == rip ? "yes" : "no",
        fr[0].stack_address == rsp ? "yes" : "no");
    say("return address of frame 0 is frame 1's pc: %s", fr[0].return_address == fr[1].pc_address ? "yes" : "no");
    ncheck("GetStackTrace(depth -1)", (*ncai)->GetStackTrace(ncai, t, -1, fr, &n));
    ncheck("GetStackTrace(depth 0)", (*ncai)->GetStackTrace(ncai, t, 0, fr, &n));
    say("count %d", (int)n);
    ncheck("GetStackTrace(depth 2)", (*ncai)->GetStackTrace(ncai, t, 2, fr, &n));
    say("count %d", (int)n);
    ncheck("GetStackTrace(NULL count)", (*ncai)->GetStackTrace(ncai, t, 2, fr, NULL));
    ncheck("GetFrameCount(NULL thread)", (*ncai)->GetFrameCount(ncai, NULL, &n));
    ncheck("GetRegisterValue(24)", (*ncai)->GetRegisterValue(ncai, t, 24, buf8));
    ncheck("GetRegisterValue(NULL buf)", (*ncai)->GetRegisterValue(ncai, t, 0, NULL));
    short cs = 0;
    ncheck("GetRegisterValue(cs)", (*ncai)->GetRegisterValue(ncai, t, 13, &cs));
    ncheck("SetRegisterValue(cs)", (*ncai)->SetRegisterValue(ncai, t, 13, &cs));
    /* Resume in ncai_ret_rax with rax = 1234: Native.spin returns 1234. */
    void *ret = lib_sym(ncai, "ncai_ret_rax");
    long rax = 1234;
    ncheck("SetRegisterValue(rip)", (*ncai)->SetRegisterValue(ncai, t, 14, &ret));
    ncheck("SetRegisterValue(rax)", (*ncai)->SetRegisterValue(ncai, t, 0, &rax));
    ncheck("ResumeThread", (*ncai)->ResumeThread(ncai, t));
}

static ncaiThread dead;

JNIEXPORT void JNICALL Java_Main_remember(JNIEnv *jni, jclass c, jthread worker)
{
    (*ncai)->GetThreadHandle(ncai, worker, &dead);
}

JNIEXPORT void JNICALL Java_Main_afterDeath(JNIEnv *jni, jclass c)
{
    jint n;
    ncaiFrameInfo fr[4];
    ncheck("SuspendThread(ended)", (*ncai)->SuspendThread(ncai, dead));
    ncheck("ResumeThread(ended)", (*ncai)->ResumeThread(ncai, dead));
    ncheck("GetStackTrace(ended)", (*ncai)->GetStackTrace(ncai, dead, 4, fr, &n));
    int x;
    ncheck("SuspendThread(not a thread)", (*ncai)->SuspendThread(ncai, (ncaiThread)&x));
}
