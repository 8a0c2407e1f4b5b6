/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * SingleStep around a caught exception, as HotSpot sends it. A thread's location at the
 * moment single stepping becomes enabled for it counts as stepped already: no
 * SingleStep comes for that location until the thread has moved on. So an agent (JDWP
 * ending a step in the catching frame) that enables SingleStep in an ExceptionCatch
 * callback gets its first step after the handler's first instruction (the catch
 * variable's store), on the first line of the handler body, whether it enables it for
 * the thread or globally. While single stepping was enabled all along, the handler's
 * first instruction is stepped like any other (each step is printed: bci and line).
 * The same for a thread stopped at a breakpoint that enables stepping there (the
 * breakpoint's instruction gets no SingleStep, the next one does) and for stepping
 * enabled in a MethodEntry callback (the first step comes after the first instruction).
 */
#include "jvmti_test.h"

static jvmtiEnv *env;
static jthread main_thread;
/* 0 nothing, 1 print steps, 2 enable at catch (thread), 3 (global), 4 at a breakpoint,
 * 5 at MethodEntry */
static volatile int mode;
static int first_only;

static int line_of(jmethodID m, jlocation loc)
{
    jint n = 0;
    jvmtiLineNumberEntry *t = NULL;
    int line = -1;
    if ((*env)->GetLineNumberTable(env, m, &n, &t) != JVMTI_ERROR_NONE) return -1;
    for (jint i = 0; i < n; i++)
        if (t[i].start_location <= loc) line = t[i].line_number;
    (*env)->Deallocate(env, (unsigned char *)t);
    return line;
}

static int ours(jmethodID m)
{
    jclass c = NULL;
    char *sig = NULL;
    (*env)->GetMethodDeclaringClass(env, m, &c);
    (*env)->GetClassSignature(env, c, &sig, NULL);
    int r = sig != NULL && strcmp(sig, "LStepAfterCatch;") == 0;
    (*env)->Deallocate(env, (unsigned char *)sig);
    return r;
}

static void JNICALL single_step(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation loc)
{
    if (!(*jni)->IsSameObject(jni, t, main_thread) || !ours(m)) return;
    say("  SingleStep %s bci %d line %d", method_name(e, m), (int)loc, line_of(m, loc));
    if (first_only) {
        first_only = 0;
        check("  disable SingleStep", (*e)->SetEventNotificationMode(e, JVMTI_DISABLE, JVMTI_EVENT_SINGLE_STEP, NULL));
        check("  disable SingleStep for the thread",
              (*e)->SetEventNotificationMode(e, JVMTI_DISABLE, JVMTI_EVENT_SINGLE_STEP, t));
    }
}

static void JNICALL exception_catch(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation loc, jobject ex)
{
    if (!ours(m)) return;
    say("  ExceptionCatch %s bci %d line %d", method_name(e, m), (int)loc, line_of(m, loc));
    if (mode == 2 || mode == 3) {
        first_only = 1;
        check("  enable SingleStep", (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_SINGLE_STEP,
                                                                       mode == 2 ? t : NULL));
    }
}

static void JNICALL breakpoint(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation loc)
{
    say("  Breakpoint %s bci %d line %d", method_name(e, m), (int)loc, line_of(m, loc));
    first_only = 1;
    check("  enable SingleStep", (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_SINGLE_STEP, t));
    check("  ClearBreakpoint", (*e)->ClearBreakpoint(e, m, loc));
}

static void JNICALL method_entry(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m)
{
    if (!ours(m) || strcmp(method_name(e, m), "thrower") != 0) return;
    say("  MethodEntry %s", method_name(e, m));
    first_only = 1;
    check("  enable SingleStep", (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_SINGLE_STEP, t));
    check("  disable MethodEntry", (*e)->SetEventNotificationMode(e, JVMTI_DISABLE, JVMTI_EVENT_METHOD_ENTRY, NULL));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_single_step_events = 1;
    caps.can_generate_exception_events = 1;
    caps.can_generate_breakpoint_events = 1;
    caps.can_get_line_numbers = 1;
    caps.can_generate_method_entry_events = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.SingleStep = single_step;
    cb.ExceptionCatch = exception_catch;
    cb.Breakpoint = breakpoint;
    cb.MethodEntry = method_entry;
    check("SetEventCallbacks", (*env)->SetEventCallbacks(env, &cb, sizeof cb));
    return 0;
}

JNIEXPORT void JNICALL Java_StepAfterCatch_mode(JNIEnv *jni, jclass cls, jint m)
{
    if (main_thread == NULL) {
        jthread t = NULL;
        (*env)->GetCurrentThread(env, &t);
        main_thread = (*jni)->NewGlobalRef(jni, t);
    }
    mode = m;
    first_only = 0;
    say("mode %d", (int)m);
    jvmtiEventMode on = m != 0 ? JVMTI_ENABLE : JVMTI_DISABLE;
    (*env)->SetEventNotificationMode(env, on, JVMTI_EVENT_EXCEPTION_CATCH, NULL);
    if (m == 1 || m == 0) (*env)->SetEventNotificationMode(env, on, JVMTI_EVENT_SINGLE_STEP, NULL);
    if (m == 4) {
        (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_BREAKPOINT, NULL);
        jmethodID caught = (*jni)->GetStaticMethodID(jni, cls, "caught", "()V");
        break_at_line(env, caught, 5);
    }
    if (m == 5) (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_METHOD_ENTRY, NULL);
}
