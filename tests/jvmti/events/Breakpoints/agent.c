/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI SetBreakpoint/ClearBreakpoint, Breakpoint and SingleStep: breakpoints at a
 * method's first bci and at its second line (each hit on every call), reported on the
 * thread concerned with the method and location before the instruction runs; set twice
 * DUPLICATE, cleared twice NOT_FOUND, bad locations (-1, the code length, a native
 * method) INVALID_LOCATION, a bad method INVALID_METHODID; SingleStep for the main thread
 * through a small method (every location, in order; a breakpoint at a stepped location
 * comes after the step); a breakpoint set in a loop another thread is running is hit by
 * that thread (the callback stops the loop); without the capabilities MUST_POSSESS.
 */
#include "jvmti_test.h"

static jvmtiEnv *plain, *env;
static jclass cls;
static jmethodID target, stepped, spin;
static jlocation loop_bci, spin_bci;
static int stepping_on;
static char loop_hit[160] = "no breakpoint hit in spin";
static jvmtiError loop_set, loop_clear = JVMTI_ERROR_NOT_FOUND;

static const char *name_of(jmethodID m)
{
    static char buf[64];
    char *n = NULL;
    (*env)->GetMethodName(env, m, &n, NULL, NULL);
    snprintf(buf, sizeof buf, "%s", n ? n : "?");
    (*env)->Deallocate(env, (unsigned char *)n);
    return buf;
}

static int ours(jmethodID m)
{
    jclass c;
    char *cs = NULL;
    if ((*env)->GetMethodDeclaringClass(env, m, &c) != JVMTI_ERROR_NONE) return 0;
    (*env)->GetClassSignature(env, c, &cs, NULL);
    int r = cs != NULL && strcmp(cs, "LBreakpoints;") == 0;
    (*env)->Deallocate(env, (unsigned char *)cs);
    return r;
}

static void JNICALL breakpoint_cb(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation loc)
{
    jvmtiThreadInfo ti;
    (*env)->GetThreadInfo(env, t, &ti);
    jmethodID fm;
    jlocation floc;
    (*env)->GetFrameLocation(env, NULL, 0, &fm, &floc);
    if (m == spin) {
        /* Printed by loopReport after the spinner ended: the main thread's own output
         * would otherwise race with this thread's. */
        snprintf(loop_hit, sizeof loop_hit, "Breakpoint in spin at %lld on %s (frame 0 %s)", (long long)loc,
                 ti.name, fm == m && floc == loc ? "agrees" : "differs");
        loop_clear = (*env)->ClearBreakpoint(env, spin, spin_bci);
        jfieldID f = (*jni)->GetStaticFieldID(jni, cls, "stop", "Z");
        (*jni)->SetStaticBooleanField(jni, cls, f, JNI_TRUE);
        (*env)->Deallocate(env, (unsigned char *)ti.name);
        return;
    }
    say("Breakpoint in %s at %lld on %s (frame 0 %s)", name_of(m), (long long)loc, ti.name,
        fm == m && floc == loc ? "agrees" : "differs");
    (*env)->Deallocate(env, (unsigned char *)ti.name);
}

static void JNICALL step_cb(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation loc)
{
    if (!ours(m)) return;
    say("SingleStep in %s at %lld", name_of(m), (long long)loc);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    plain = new_env(vm);
    env = new_env(vm);
    if (plain == NULL || env == NULL) return 1;
    check("enable Breakpoint without can_generate_breakpoint_events",
          (*plain)->SetEventNotificationMode(plain, JVMTI_ENABLE, JVMTI_EVENT_BREAKPOINT, NULL));
    check("enable SingleStep without can_generate_single_step_events",
          (*plain)->SetEventNotificationMode(plain, JVMTI_ENABLE, JVMTI_EVENT_SINGLE_STEP, NULL));
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_breakpoint_events = 1;
    caps.can_generate_single_step_events = 1;
    caps.can_get_line_numbers = 1;
    caps.can_get_bytecodes = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    jvmtiEventCallbacks cbs;
    memset(&cbs, 0, sizeof cbs);
    cbs.Breakpoint = breakpoint_cb;
    cbs.SingleStep = step_cb;
    check("SetEventCallbacks", (*env)->SetEventCallbacks(env, &cbs, sizeof cbs));
    check("enable Breakpoint", (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_BREAKPOINT, NULL));
    return 0;
}

/* The bci where the line `k` lines after the method's first line starts. */
static jlocation line_bci(jmethodID m, int k)
{
    jint n = 0;
    jvmtiLineNumberEntry *t = NULL;
    (*env)->GetLineNumberTable(env, m, &n, &t);
    jint first = t[0].line_number;
    jlocation bci = -1;
    for (jint i = 0; i < n; i++)
        if (t[i].line_number == first + k) bci = t[i].start_location;
    (*env)->Deallocate(env, (unsigned char *)t);
    return bci;
}

JNIEXPORT void JNICALL Java_Breakpoints_setup(JNIEnv *jni, jclass c)
{
    cls = (*jni)->NewGlobalRef(jni, c);
    target = (*jni)->GetStaticMethodID(jni, c, "target", "(I)I");
    stepped = (*jni)->GetStaticMethodID(jni, c, "stepped", "(I)I");
    spin = (*jni)->GetStaticMethodID(jni, c, "spin", "()V");
    jmethodID nat = (*jni)->GetStaticMethodID(jni, c, "nativeMethod", "()I");
    jint len = 0;
    unsigned char *code = NULL;
    (*env)->GetBytecodes(env, target, &len, &code);
    (*env)->Deallocate(env, code);
    /* target's loop: the line after `int y = x + 1;` */
    loop_bci = line_bci(target, 1);
    check("SetBreakpoint without capability", (*plain)->SetBreakpoint(plain, target, 0));
    check("ClearBreakpoint without capability", (*plain)->ClearBreakpoint(plain, target, 0));
    check("SetBreakpoint(target, 0)", (*env)->SetBreakpoint(env, target, 0));
    check("SetBreakpoint(target, 0) again", (*env)->SetBreakpoint(env, target, 0));
    check("SetBreakpoint(target, loop)", (*env)->SetBreakpoint(env, target, loop_bci));
    check("SetBreakpoint(target, -1)", (*env)->SetBreakpoint(env, target, -1));
    check("SetBreakpoint(target, code length)", (*env)->SetBreakpoint(env, target, len));
    check("SetBreakpoint(native method, 0)", (*env)->SetBreakpoint(env, nat, 0));
    check("SetBreakpoint(NULL method)", (*env)->SetBreakpoint(env, NULL, 0));
    check("ClearBreakpoint(target, 1)", (*env)->ClearBreakpoint(env, target, 1));
    check("ClearBreakpoint(target, -1)", (*env)->ClearBreakpoint(env, target, -1));
    check("ClearBreakpoint(NULL method)", (*env)->ClearBreakpoint(env, NULL, 0));
}

JNIEXPORT void JNICALL Java_Breakpoints_stepping(JNIEnv *jni, jclass c, jboolean on)
{
    jthread self;
    (*env)->GetCurrentThread(env, &self);
    if (on) {
        /* A breakpoint at stepped's second instruction: the step there comes first. */
        check("SetBreakpoint(stepped, 1)", (*env)->SetBreakpoint(env, stepped, 1));
    }
    check(on ? "enable SingleStep" : "disable SingleStep",
          (*env)->SetEventNotificationMode(env, on ? JVMTI_ENABLE : JVMTI_DISABLE, JVMTI_EVENT_SINGLE_STEP, self));
    stepping_on = on;
}

JNIEXPORT void JNICALL Java_Breakpoints_breakInLoop(JNIEnv *jni, jclass c)
{
    /* spin: `spinning = true;`, then the loop test, then `counter++` */
    spin_bci = line_bci(spin, 2);
    loop_set = (*env)->SetBreakpoint(env, spin, spin_bci);
}

JNIEXPORT void JNICALL Java_Breakpoints_loopReport(JNIEnv *jni, jclass c)
{
    check("SetBreakpoint(spin loop)", loop_set);
    say("%s", loop_hit);
    check("ClearBreakpoint(spin loop) in the callback", loop_clear);
}

JNIEXPORT void JNICALL Java_Breakpoints_clearAll(JNIEnv *jni, jclass c)
{
    check("ClearBreakpoint(target, 0)", (*env)->ClearBreakpoint(env, target, 0));
    check("ClearBreakpoint(target, loop)", (*env)->ClearBreakpoint(env, target, loop_bci));
    check("ClearBreakpoint(target, 0) again", (*env)->ClearBreakpoint(env, target, 0));
    check("ClearBreakpoint(stepped, 1)", (*env)->ClearBreakpoint(env, stepped, 1));
}

JNIEXPORT jint JNICALL Java_Breakpoints_nativeMethod(JNIEnv *jni, jclass c) { return 0; }
