/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 *
 * Methods: GlassVM interprets Java methods (INTERPRETER_USED); a native method's code
 * is its bound JNI function (IsMethodCompiled true, GetMethodLocation and
 * GetNativeLocation give its address, NOT_COMPILED while unbound); FindJavaMethod and
 * GetBytecodeLocation map a native method's function and an address inside a Java
 * method's bytecode back to the method (and bci); errors INVALID_METHOD,
 * INVALID_LOCATION, INVALID_ADDRESS.
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

JNIEXPORT void JNICALL Java_Main_check(JNIEnv *jni, jclass self, jclass mainc, jclass nativec)
{
    jmethodID main = (*jni)->GetStaticMethodID(jni, mainc, "main", "([Ljava/lang/String;)V");
    jmethodID jcc = (*jni)->GetStaticMethodID(jni, nativec, "bpJcc", "(I)I");
    jmethodID unbound = (*jni)->GetStaticMethodID(jni, nativec, "stopAttached", "()V");
    jboolean b = JNI_FALSE;
    void *addr = NULL;
    size_t size = 0;
    ncheck("IsMethodCompiled(main)", (*ncai)->IsMethodCompiled(ncai, main, &b));
    ncheck("IsMethodCompiled(bpJcc)", (*ncai)->IsMethodCompiled(ncai, jcc, &b));
    say("compiled %d", b);
    ncheck("IsMethodCompiled(unbound stopAttached)", (*ncai)->IsMethodCompiled(ncai, unbound, &b));
    say("compiled %d", b);
    ncheck("IsMethodCompiled(NULL)", (*ncai)->IsMethodCompiled(ncai, NULL, &b));
    ncheck("IsMethodCompiled(NULL out)", (*ncai)->IsMethodCompiled(ncai, jcc, NULL));
    ncheck("GetMethodLocation(main)", (*ncai)->GetMethodLocation(ncai, main, &addr, &size));
    ncheck("GetMethodLocation(bpJcc)", (*ncai)->GetMethodLocation(ncai, jcc, &addr, &size));
    void *fn = lib_sym(ncai, "Java_Native_bpJcc");
    say("at Java_Native_bpJcc: %s, size > 0: %s", addr == fn ? "yes" : "no", size > 0 ? "yes" : "no");
    ncheck("GetMethodLocation(unbound)", (*ncai)->GetMethodLocation(ncai, unbound, &addr, &size));
    ncheck("GetNativeLocation(bpJcc, -1)", (*ncai)->GetNativeLocation(ncai, jcc, -1, &addr));
    say("at Java_Native_bpJcc: %s", addr == fn ? "yes" : "no");
    ncheck("GetNativeLocation(main, 0)", (*ncai)->GetNativeLocation(ncai, main, 0, &addr));
    ncheck("GetNativeLocation(main, 100000)", (*ncai)->GetNativeLocation(ncai, main, 100000, &addr));
    ncheck("GetNativeLocation(bpJcc, 5)", (*ncai)->GetNativeLocation(ncai, jcc, 5, &addr));
    ncheck("GetNativeLocation(NULL method)", (*ncai)->GetNativeLocation(ncai, NULL, 0, &addr));

    jmethodID m = NULL;
    ncheck("FindJavaMethod(Java_Native_bpJcc)", (*ncai)->FindJavaMethod(ncai, fn, &m));
    say("is bpJcc: %s", m == jcc ? "yes" : "no");
    m = (jmethodID)1;
    ncheck("FindJavaMethod(a C function)", (*ncai)->FindJavaMethod(ncai, lib_sym(ncai, "ncai_level1"), &m));
    say("method %s", m == NULL ? "NULL" : "set");
    ncheck("FindJavaMethod(NULL out)", (*ncai)->FindJavaMethod(ncai, fn, NULL));
    jlocation loc = -5;
    m = NULL;
    ncheck("GetBytecodeLocation(Java_Native_bpJcc)", (*ncai)->GetBytecodeLocation(ncai, fn, &m, &loc));
    say("bpJcc %s, location %d", m == jcc ? "yes" : "no", (int)loc);
    m = main;
    ncheck("GetBytecodeLocation(wrong method)", (*ncai)->GetBytecodeLocation(ncai, fn, &m, &loc));
}

/* The caller's frame (depth 1: Main.work) from a mixed stack of this thread is not
 * available outside a callback; instead a Breakpoint callback in the test library
 * looks at the Java frames below it. */
static void JNICALL on_bp(ncaiEnv *env, ncaiThread t, void *addr)
{
    ncaiFrameInfo fr[64];
    jint n = 0;
    (*env)->GetStackTrace(env, t, 64, fr, &n);
    jthread me = NULL;
    (*jvmti)->GetCurrentThread(jvmti, &me);
    for (jint i = 0; i < n; i++) {
        if (fr[i].java_frame_depth != 1) continue;
        jmethodID m = NULL, jm = NULL;
        jlocation loc = -1, jloc = -2;
        if ((*env)->FindJavaMethod(env, fr[i].pc_address, &m) != NCAI_ERROR_NONE) continue;
        (*env)->GetBytecodeLocation(env, fr[i].pc_address, &m, &loc);
        (*jvmti)->GetFrameLocation(jvmti, me, 1, &jm, &jloc);
        char *name = NULL;
        (*jvmti)->GetMethodName(jvmti, m, &name, NULL, NULL);
        say("depth 1 is %s at the bci JVMTI reports: %s", name, m == jm && loc == jloc ? "yes" : "no");
        (*jvmti)->Deallocate(jvmti, (unsigned char *)name);
        break;
    }
    (*env)->ClearBreakpoint(env, addr);
}

JNIEXPORT void JNICALL Java_Main_breakInRipRel(JNIEnv *jni, jclass c)
{
    ncaiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.Breakpoint = on_bp;
    (*ncai)->SetEventCallbacks(ncai, &cb, sizeof cb);
    (*ncai)->SetEventNotificationMode(ncai, NCAI_ENABLE, NCAI_EVENT_BREAKPOINT, NULL);
    ncheck("SetBreakpoint", (*ncai)->SetBreakpoint(ncai, lib_sym(ncai, "ncai_bp_riprel")));
}
