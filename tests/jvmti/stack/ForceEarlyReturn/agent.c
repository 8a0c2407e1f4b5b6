/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI ForceEarlyReturnObject/Int/Long/Float/Double/Void: forced from a Breakpoint
 * callback on the current thread, the method returns the value at once (the rest of it
 * never runs; a synchronized method's lock is released) and MethodExit reports that
 * value; a suspended thread running a loop forced to return when resumed. Errors:
 * TYPE_MISMATCH (another result type; an object not assignable to the result type),
 * OPAQUE_FRAME for a native method, THREAD_NOT_SUSPENDED for a running thread,
 * NO_MORE_FRAMES for an agent thread (no Java frames), THREAD_NOT_ALIVE, INVALID_THREAD,
 * MUST_POSSESS_CAPABILITY without can_force_early_return.
 */
#include "jvmti_test.h"

static jvmtiEnv *plain, *env;
static jclass cls;
static jmethodID m_int, m_long, m_float, m_double, m_bool, m_obj, m_null, m_void, m_sync;

static void JNICALL breakpoint_cb(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation loc)
{
    jvmtiError err;
    if (m == m_int) {
        say("ForceEarlyReturnLong(intM): %s", err_name((*env)->ForceEarlyReturnLong(env, t, 5)));
        say("ForceEarlyReturnVoid(intM): %s", err_name((*env)->ForceEarlyReturnVoid(env, t)));
        say("ForceEarlyReturnObject(intM): %s", err_name((*env)->ForceEarlyReturnObject(env, t, NULL)));
        err = (*env)->ForceEarlyReturnInt(env, t, 77);
    } else if (m == m_long) {
        say("ForceEarlyReturnInt(longM): %s", err_name((*env)->ForceEarlyReturnInt(env, t, 5)));
        err = (*env)->ForceEarlyReturnLong(env, t, (jlong)1 << 40);
    } else if (m == m_float) {
        say("ForceEarlyReturnDouble(floatM): %s", err_name((*env)->ForceEarlyReturnDouble(env, t, 5)));
        err = (*env)->ForceEarlyReturnFloat(env, t, 2.5f);
    } else if (m == m_double) {
        say("ForceEarlyReturnFloat(doubleM): %s", err_name((*env)->ForceEarlyReturnFloat(env, t, 5)));
        err = (*env)->ForceEarlyReturnDouble(env, t, -1.25);
    } else if (m == m_bool) {
        err = (*env)->ForceEarlyReturnInt(env, t, 1);
    } else if (m == m_obj) {
        say("ForceEarlyReturnObject(objM, a Thread): %s", err_name((*env)->ForceEarlyReturnObject(env, t, t)));
        say("ForceEarlyReturnObject(objM, a class): %s", err_name((*env)->ForceEarlyReturnObject(env, t, cls)));
        err = (*env)->ForceEarlyReturnObject(env, t, (*jni)->NewStringUTF(jni, "forced"));
    } else if (m == m_null) {
        err = (*env)->ForceEarlyReturnObject(env, t, NULL);
    } else if (m == m_void) {
        say("ForceEarlyReturnInt(voidM): %s", err_name((*env)->ForceEarlyReturnInt(env, t, 1)));
        err = (*env)->ForceEarlyReturnVoid(env, t);
    } else {
        err = (*env)->ForceEarlyReturnInt(env, t, 42);
    }
    say("Breakpoint in %s: forced: %s", method_name(env, m), err_name(err));
}

static void JNICALL method_exit_cb(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jboolean by_exc, jvalue v)
{
    if (m == m_int || m == m_bool || m == m_sync) say("MethodExit %s: %d", method_name(env, m), (int)v.i);
    else if (m == m_long) say("MethodExit %s: %lld", method_name(env, m), (long long)v.j);
    else if (m == m_float) say("MethodExit %s: %g", method_name(env, m), v.f);
    else if (m == m_double) say("MethodExit %s: %g", method_name(env, m), v.d);
    else if (m == m_obj || m == m_null) say("MethodExit %s: %s", method_name(env, m), v.l ? "an object" : "null");
    else if (m == m_void) say("MethodExit %s", method_name(env, m));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    plain = new_env(vm);
    env = new_env(vm);
    if (plain == NULL || env == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_force_early_return = 1;
    caps.can_generate_breakpoint_events = 1;
    caps.can_generate_method_exit_events = 1;
    caps.can_get_line_numbers = 1;
    caps.can_suspend = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    jvmtiEventCallbacks cbs;
    memset(&cbs, 0, sizeof cbs);
    cbs.Breakpoint = breakpoint_cb;
    cbs.MethodExit = method_exit_cb;
    check("SetEventCallbacks", (*env)->SetEventCallbacks(env, &cbs, sizeof cbs));
    check("enable Breakpoint", (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_BREAKPOINT, NULL));
    return 0;
}

JNIEXPORT void JNICALL Java_ForceEarlyReturn_setup(JNIEnv *jni, jclass c)
{
    cls = (*jni)->NewGlobalRef(jni, c);
    m_int = (*jni)->GetStaticMethodID(jni, c, "intM", "()I");
    m_long = (*jni)->GetStaticMethodID(jni, c, "longM", "()J");
    m_float = (*jni)->GetStaticMethodID(jni, c, "floatM", "()F");
    m_double = (*jni)->GetStaticMethodID(jni, c, "doubleM", "()D");
    m_bool = (*jni)->GetStaticMethodID(jni, c, "boolM", "()Z");
    m_obj = (*jni)->GetStaticMethodID(jni, c, "objM", "()Ljava/lang/String;");
    m_null = (*jni)->GetStaticMethodID(jni, c, "nullM", "()Ljava/lang/Object;");
    m_void = (*jni)->GetStaticMethodID(jni, c, "voidM", "()V");
    m_sync = (*jni)->GetStaticMethodID(jni, c, "syncM", "()I");
    jmethodID all[] = {m_int, m_long, m_float, m_double, m_bool, m_obj, m_null, m_void, m_sync};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) break_at_line(env, all[i], 1);
    jthread self;
    (*env)->GetCurrentThread(env, &self);
    check("enable MethodExit for main",
          (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_METHOD_EXIT, self));
}

/* Every ForceEarlyReturn function on thread t, a line each. */
static void all_six(jvmtiEnv *e, jthread t, const char *what)
{
    say("ForceEarlyReturnObject(%s): %s", what, err_name((*e)->ForceEarlyReturnObject(e, t, NULL)));
    say("ForceEarlyReturnInt(%s): %s", what, err_name((*e)->ForceEarlyReturnInt(e, t, 1)));
    say("ForceEarlyReturnLong(%s): %s", what, err_name((*e)->ForceEarlyReturnLong(e, t, 1)));
    say("ForceEarlyReturnFloat(%s): %s", what, err_name((*e)->ForceEarlyReturnFloat(e, t, 1)));
    say("ForceEarlyReturnDouble(%s): %s", what, err_name((*e)->ForceEarlyReturnDouble(e, t, 1)));
    say("ForceEarlyReturnVoid(%s): %s", what, err_name((*e)->ForceEarlyReturnVoid(e, t)));
}

static jrawMonitorID agent_done;
static int agent_finished;

/* An agent thread runs no Java code: it has no frames. */
/* An agent thread runs no Java code: it has no frames. Its output is printed by the
 * thread that waits for it (say() from two threads could interleave). */
static jvmtiError agent_errs[6];

static void JNICALL agent_proc(jvmtiEnv *e, JNIEnv *jni, void *arg)
{
    agent_errs[0] = (*e)->ForceEarlyReturnObject(e, NULL, NULL);
    agent_errs[1] = (*e)->ForceEarlyReturnInt(e, NULL, 1);
    agent_errs[2] = (*e)->ForceEarlyReturnLong(e, NULL, 1);
    agent_errs[3] = (*e)->ForceEarlyReturnFloat(e, NULL, 1);
    agent_errs[4] = (*e)->ForceEarlyReturnDouble(e, NULL, 1);
    agent_errs[5] = (*e)->ForceEarlyReturnVoid(e, NULL);
    (*e)->RawMonitorEnter(e, agent_done);
    agent_finished = 1;
    (*e)->RawMonitorNotifyAll(e, agent_done);
    (*e)->RawMonitorExit(e, agent_done);
}

JNIEXPORT void JNICALL Java_ForceEarlyReturn_errors(JNIEnv *jni, jclass c, jthread running, jthread unstarted,
                                                    jthread agent)
{
    check("ForceEarlyReturnInt without can_force_early_return", (*plain)->ForceEarlyReturnInt(plain, running, 1));
    all_six(env, running, "a running thread");
    all_six(env, unstarted, "an unstarted thread");
    all_six(env, (jthread)(*jni)->NewStringUTF(jni, "not a thread"), "a string");
    (*env)->CreateRawMonitor(env, "agent done", &agent_done);
    check("RunAgentThread", (*env)->RunAgentThread(env, agent, agent_proc, NULL, JVMTI_THREAD_NORM_PRIORITY));
    (*env)->RawMonitorEnter(env, agent_done);
    while (!agent_finished) (*env)->RawMonitorWait(env, agent_done, 0);
    (*env)->RawMonitorExit(env, agent_done);
    static const char *const names[] = {"Object", "Int", "Long", "Float", "Double", "Void"};
    for (int i = 0; i < 6; i++) say("ForceEarlyReturn%s(an agent thread, no frames): %s", names[i], err_name(agent_errs[i]));
}

JNIEXPORT jint JNICALL Java_ForceEarlyReturn_fromNative(JNIEnv *jni, jclass c)
{
    all_six(env, NULL, "current thread in a native method");
    return 3;
}

JNIEXPORT jstring JNICALL Java_ForceEarlyReturn_suspendAndReturn(JNIEnv *jni, jclass c, jthread t)
{
    check("SuspendThread(spinner)", (*env)->SuspendThread(env, t));
    jvmtiError err = (*env)->ForceEarlyReturnLong(env, t, 1234);
    check("ResumeThread(spinner)", (*env)->ResumeThread(env, t));
    return (*jni)->NewStringUTF(jni, err_name(err));
}
