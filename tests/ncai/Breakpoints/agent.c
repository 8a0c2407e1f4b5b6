/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 *
 * Breakpoints: int3 breakpoints on three instructions that cannot simply be copied
 * elsewhere (a rip-relative load, a call rel32, a jcc rel8), hit from two threads; the
 * functions still compute the right values (the original instruction runs exactly once
 * per hit), ReadMemory hides the patch, WriteMemory keeps it, ClearBreakpoint restores
 * the byte; errors: DUPLICATE, NOT_FOUND, INVALID_ADDRESS, ACCESS_DENIED for GlassVM's
 * own code. In a Breakpoint callback the current thread's stack starts at the address;
 * a breakpoint the callback itself passes is not reported (and does not kill it).
 */
#include "ncai_test.h"

#include <pthread.h>

static jvmtiEnv *jvmti;
static ncaiEnv *ncai;
static char *riprel, *call, *jcc;
static int hits_riprel, hits_call, hits_jcc, hits_other, top_ok, top_bad;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char names[4][32];
static int nnames;

static void JNICALL on_bp(ncaiEnv *env, ncaiThread t, void *addr)
{
    /* The callback's own code passes a breakpoint: no event, no harm (the jcc one). */
    if (addr == riprel) ((int (*)(int))lib_sym(env, "ncai_bp_jcc"))(1);
    ncaiFrameInfo fr[4];
    jint n = 0;
    int top = (*env)->GetStackTrace(env, t, 4, fr, &n) == NCAI_ERROR_NONE && n > 0 && fr[0].pc_address == addr;
    ncaiThreadInfo ti;
    (*env)->GetThreadInfo(env, t, &ti);
    pthread_mutex_lock(&lock);
    if (addr == riprel) hits_riprel++;
    else if (addr == call) hits_call++;
    else if (addr == jcc) hits_jcc++;
    else hits_other++;
    if (top) top_ok++;
    else top_bad++;
    int seen = 0;
    for (int i = 0; i < nnames; i++) seen |= strcmp(names[i], ti.name) == 0;
    if (!seen && nnames < 4) snprintf(names[nnames++], sizeof names[0], "%s", ti.name);
    pthread_mutex_unlock(&lock);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)ti.name);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmti = new_jvmti(vm);
    ncai = get_ncai(jvmti);
    ncaiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.Breakpoint = on_bp;
    (*ncai)->SetEventCallbacks(ncai, &cb, sizeof cb);
    (*ncai)->SetEventNotificationMode(ncai, NCAI_ENABLE, NCAI_EVENT_BREAKPOINT, NULL);
    return 0;
}

static unsigned char orig[16];

JNIEXPORT void JNICALL Java_Main_setup(JNIEnv *jni, jclass c)
{
    riprel = lib_sym(ncai, "ncai_bp_riprel");
    call = lib_sym(ncai, "ncai_bp_call");
    jcc = (char *)lib_sym(ncai, "ncai_bp_jcc") + 2; /* test %edi,%edi (2 bytes), then js */
    ncheck("ReadMemory before", (*ncai)->ReadMemory(ncai, riprel, sizeof orig, orig));
    ncheck("SetBreakpoint(rip-relative mov)", (*ncai)->SetBreakpoint(ncai, riprel));
    ncheck("SetBreakpoint(call rel32)", (*ncai)->SetBreakpoint(ncai, call));
    ncheck("SetBreakpoint(js rel8)", (*ncai)->SetBreakpoint(ncai, jcc));
    ncheck("SetBreakpoint again", (*ncai)->SetBreakpoint(ncai, riprel));
    ncheck("SetBreakpoint(NULL)", (*ncai)->SetBreakpoint(ncai, NULL));
    ncheck("SetBreakpoint(data)", (*ncai)->SetBreakpoint(ncai, lib_sym(ncai, "ncai_watched")));
    void *vmfn = dlsym(RTLD_DEFAULT, "JNI_GetCreatedJavaVMs");
    ncheck("SetBreakpoint(GlassVM's JNI_GetCreatedJavaVMs)", (*ncai)->SetBreakpoint(ncai, vmfn));
    ncheck("SetBreakpoint(the C library's syscall(), which trap handling runs)",
           (*ncai)->SetBreakpoint(ncai, dlsym(RTLD_DEFAULT, "syscall")));
    ncheck("ClearBreakpoint(never set)", (*ncai)->ClearBreakpoint(ncai, riprel + 6));
    unsigned char now[16];
    ncheck("ReadMemory", (*ncai)->ReadMemory(ncai, riprel, sizeof now, now));
    say("ReadMemory shows the original bytes: %s", memcmp(now, orig, sizeof orig) == 0 ? "yes" : "no");
    say("the code holds int3: %s", (unsigned char)riprel[0] == 0xcc ? "yes" : "no");
    ncheck("WriteMemory(original bytes over the breakpoint)", (*ncai)->WriteMemory(ncai, riprel, sizeof orig, orig));
    say("still int3 after WriteMemory: %s", (unsigned char)riprel[0] == 0xcc ? "yes" : "no");
}

JNIEXPORT void JNICALL Java_Main_report(JNIEnv *jni, jclass c)
{
    pthread_mutex_lock(&lock);
    say("hits: rip-relative %d, call %d, js %d, other %d", hits_riprel, hits_call, hits_jcc, hits_other);
    say("top frame at the breakpoint: %d of %d", top_ok, top_ok + top_bad);
    say("threads: %d", nnames);
    pthread_mutex_unlock(&lock);
}

JNIEXPORT void JNICALL Java_Main_clear(JNIEnv *jni, jclass c)
{
    ncheck("ClearBreakpoint(rip-relative mov)", (*ncai)->ClearBreakpoint(ncai, riprel));
    ncheck("ClearBreakpoint(call rel32)", (*ncai)->ClearBreakpoint(ncai, call));
    ncheck("ClearBreakpoint(js rel8)", (*ncai)->ClearBreakpoint(ncai, jcc));
    ncheck("ClearBreakpoint again", (*ncai)->ClearBreakpoint(ncai, riprel));
    say("original byte back: %s", (unsigned char)riprel[0] == orig[0] ? "yes" : "no");
}
