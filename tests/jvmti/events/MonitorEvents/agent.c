/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI MonitorContendedEnter/Entered, MonitorWait/Waited (can_generate_monitor_events):
 * each on the thread concerned, with the object; an uncontended entry sends nothing; a
 * thread blocked entering a monitor gets Enter then, once it has it, Entered; a timed
 * wait that times out (timed_out true), a notified wait (false), a wait interrupted
 * before it starts (Wait, then Waited false, then InterruptedException), Object.wait
 * without owning the monitor (Wait only, then IllegalMonitorStateException) and a
 * negative timeout (Wait with it, then IllegalArgumentException). Without the capability
 * the events cannot be enabled (MUST_POSSESS_CAPABILITY).
 */
#include "jvmti_test.h"

static jvmtiEnv *plain, *env;

/* Only the test's own threads (group "main") are reported: the JDK's system threads
 * (Common-Cleaner's timed ReferenceQueue wait, say) may wait at any time. */
static int is_test_thread(jthread t)
{
    jvmtiThreadInfo ti;
    if ((*env)->GetThreadInfo(env, t, &ti) != JVMTI_ERROR_NONE) return 0;
    jvmtiThreadGroupInfo gi;
    int ok = ti.thread_group != NULL && (*env)->GetThreadGroupInfo(env, ti.thread_group, &gi) == JVMTI_ERROR_NONE;
    int main_group = ok && strcmp(gi.name, "main") == 0;
    if (ok) (*env)->Deallocate(env, (unsigned char *)gi.name);
    (*env)->Deallocate(env, (unsigned char *)ti.name);
    return main_group;
}

static int describe(JNIEnv *jni, jthread t, jobject o, char *tn, char *on, size_t n)
{
    if (!is_test_thread(t)) return 0;
    jvmtiThreadInfo ti;
    (*env)->GetThreadInfo(env, t, &ti);
    snprintf(tn, n, "%s", ti.name);
    (*env)->Deallocate(env, (unsigned char *)ti.name);
    jclass oc = (*jni)->FindClass(jni, "java/lang/Object");
    jstring s = (*jni)->CallObjectMethod(jni, o, (*jni)->GetMethodID(jni, oc, "toString", "()Ljava/lang/String;"));
    const char *u = (*jni)->GetStringUTFChars(jni, s, NULL);
    snprintf(on, n, "%s", u);
    (*jni)->ReleaseStringUTFChars(jni, s, u);
    return 1;
}

static void JNICALL contended_enter(jvmtiEnv *e, JNIEnv *jni, jthread t, jobject o)
{
    char tn[64], on[64];
    if (!describe(jni, t, o, tn, on, sizeof tn)) return;
    jint state = 0;
    (*env)->GetThreadState(env, t, &state);
    say("MonitorContendedEnter: thread %s, object %s, blocked on monitor enter %s", tn, on,
        (state & JVMTI_THREAD_STATE_BLOCKED_ON_MONITOR_ENTER) ? "yes" : "no");
}

static void JNICALL contended_entered(jvmtiEnv *e, JNIEnv *jni, jthread t, jobject o)
{
    char tn[64], on[64];
    if (!describe(jni, t, o, tn, on, sizeof tn)) return;
    say("MonitorContendedEntered: thread %s, object %s", tn, on);
}

static void JNICALL wait_cb(jvmtiEnv *e, JNIEnv *jni, jthread t, jobject o, jlong timeout)
{
    char tn[64], on[64];
    if (!describe(jni, t, o, tn, on, sizeof tn)) return;
    say("MonitorWait: thread %s, object %s, timeout %lld", tn, on, (long long)timeout);
}

static void JNICALL waited_cb(jvmtiEnv *e, JNIEnv *jni, jthread t, jobject o, jboolean timed_out)
{
    char tn[64], on[64];
    if (!describe(jni, t, o, tn, on, sizeof tn)) return;
    say("MonitorWaited: thread %s, object %s, timed_out %s", tn, on, timed_out ? "true" : "false");
}

static const jvmtiEvent events[] = {JVMTI_EVENT_MONITOR_CONTENDED_ENTER, JVMTI_EVENT_MONITOR_CONTENDED_ENTERED,
                                    JVMTI_EVENT_MONITOR_WAIT, JVMTI_EVENT_MONITOR_WAITED};

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    plain = new_env(vm);
    env = new_env(vm);
    if (plain == NULL || env == NULL) return 1;
    for (int i = 0; i < 4; i++)
        check("enable without can_generate_monitor_events",
              (*plain)->SetEventNotificationMode(plain, JVMTI_ENABLE, events[i], NULL));
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_monitor_events = 1;
    check("AddCapabilities(can_generate_monitor_events)", (*env)->AddCapabilities(env, &caps));
    jvmtiEventCallbacks cbs;
    memset(&cbs, 0, sizeof cbs);
    cbs.MonitorContendedEnter = contended_enter;
    cbs.MonitorContendedEntered = contended_entered;
    cbs.MonitorWait = wait_cb;
    cbs.MonitorWaited = waited_cb;
    check("SetEventCallbacks", (*env)->SetEventCallbacks(env, &cbs, sizeof cbs));
    return 0;
}

JNIEXPORT void JNICALL Java_MonitorEvents_enable(JNIEnv *jni, jclass c)
{
    for (int i = 0; i < 4; i++)
        check("enable", (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, events[i], NULL));
}

JNIEXPORT void JNICALL Java_MonitorEvents_disable(JNIEnv *jni, jclass c)
{
    for (int i = 0; i < 4; i++)
        check("disable", (*env)->SetEventNotificationMode(env, JVMTI_DISABLE, events[i], NULL));
}
