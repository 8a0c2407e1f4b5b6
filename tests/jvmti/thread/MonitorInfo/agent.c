/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI monitor queries: GetOwnedMonitorInfo, GetOwnedMonitorStackDepthInfo,
 * GetCurrentContendedMonitor, GetObjectMonitorUsage.
 * - The current thread: monitors entered by monitorenter and by a synchronized method,
 *   a recursive entry reported once, one entered through JNI MonitorEnter at depth -1.
 * - "holder" holds `held` (twice) and waits in waitedOn.wait(): it owns `held` only (a
 *   monitor released by wait is not owned) and waits for waitedOn; "blocked" waits to
 *   enter `held` and owns nothing; the current thread contends for nothing.
 * - Usage: `held` is owned by holder with two entries and blocked waits to enter it;
 *   waitedOn has no owner and holder in its wait set (waiter and notify waiter); an
 *   object never locked, and one locked by main (a thin lock).
 * - Errors: MUST_POSSESS_CAPABILITY (each function), WRONG_PHASE in OnLoad,
 *   INVALID_THREAD, THREAD_NOT_ALIVE, NULL_POINTER, INVALID_OBJECT.
 */
#include "jvmti_test.h"

static jvmtiEnv *plain, *env;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    plain = new_env(vm);
    env = new_env(vm);
    if (plain == NULL || env == NULL) return 1;
    jint n;
    jobject *objs;
    check("OnLoad: GetOwnedMonitorInfo", (*plain)->GetOwnedMonitorInfo(plain, NULL, &n, &objs));
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_get_owned_monitor_info = 1;
    caps.can_get_owned_monitor_stack_depth_info = 1;
    caps.can_get_current_contended_monitor = 1;
    caps.can_get_monitor_info = 1;
    check("AddCapabilities(monitor queries)", (*env)->AddCapabilities(env, &caps));
    return 0;
}

/* The object's toString(), for the test's own objects. */
static void describe(JNIEnv *jni, jobject o, char *buf, size_t n)
{
    if (o == NULL) {
        snprintf(buf, n, "null");
        return;
    }
    jclass oc = (*jni)->FindClass(jni, "java/lang/Object");
    jmethodID ts = (*jni)->GetMethodID(jni, oc, "toString", "()Ljava/lang/String;");
    jclass mc = (*jni)->FindClass(jni, "MonitorInfo");
    jstring s;
    if ((*jni)->IsInstanceOf(jni, o, mc))
        s = (*jni)->NewStringUTF(jni, "the MonitorInfo instance");
    else if ((*jni)->IsInstanceOf(jni, o, (*jni)->FindClass(jni, "java/lang/Thread"))) {
        jvmtiThreadInfo ti;
        (*env)->GetThreadInfo(env, o, &ti);
        snprintf(buf, n, "thread %s", ti.name);
        (*env)->Deallocate(env, (unsigned char *)ti.name);
        return;
    } else
        s = (*jni)->CallObjectMethod(jni, o, ts);
    const char *u = (*jni)->GetStringUTFChars(jni, s, NULL);
    snprintf(buf, n, "%s", u);
    (*jni)->ReleaseStringUTFChars(jni, s, u);
}

static void print_owned(JNIEnv *jni, const char *who, jthread t)
{
    char d[128];
    jint n = -1;
    jobject *objs = NULL;
    check("GetOwnedMonitorInfo", (*env)->GetOwnedMonitorInfo(env, t, &n, &objs));
    say("%s owns %d monitors:", who, (int)n);
    for (jint i = 0; i < n; i++) {
        describe(jni, objs[i], d, sizeof d);
        say("  %s", d);
    }
    (*env)->Deallocate(env, (unsigned char *)objs);
    jvmtiMonitorStackDepthInfo *info = NULL;
    check("GetOwnedMonitorStackDepthInfo", (*env)->GetOwnedMonitorStackDepthInfo(env, t, &n, &info));
    for (jint i = 0; i < n; i++) {
        describe(jni, info[i].monitor, d, sizeof d);
        say("  %s at depth %d", d, (int)info[i].stack_depth);
    }
    (*env)->Deallocate(env, (unsigned char *)info);
}

JNIEXPORT void JNICALL Java_MonitorInfo_withoutCapabilities(JNIEnv *jni, jclass c, jthread t, jobject o)
{
    jint n;
    jobject *objs, m;
    jvmtiMonitorStackDepthInfo *info;
    jvmtiMonitorUsage u;
    check("GetOwnedMonitorInfo without capability", (*plain)->GetOwnedMonitorInfo(plain, t, &n, &objs));
    check("GetOwnedMonitorStackDepthInfo without capability",
          (*plain)->GetOwnedMonitorStackDepthInfo(plain, t, &n, &info));
    check("GetCurrentContendedMonitor without capability", (*plain)->GetCurrentContendedMonitor(plain, t, &m));
    check("GetObjectMonitorUsage without capability", (*plain)->GetObjectMonitorUsage(plain, o, &u));
}

JNIEXPORT void JNICALL Java_MonitorInfo_ownedByCurrent(JNIEnv *jni, jclass c, jobject jni_locked)
{
    (*jni)->MonitorEnter(jni, jni_locked);
    print_owned(jni, "current thread", NULL);
    (*jni)->MonitorExit(jni, jni_locked);
    print_owned(jni, "current thread after MonitorExit", NULL);
}

JNIEXPORT void JNICALL Java_MonitorInfo_ownedBy(JNIEnv *jni, jclass c, jthread t)
{
    char d[128];
    describe(jni, t, d, sizeof d);
    print_owned(jni, d, t);
}

JNIEXPORT void JNICALL Java_MonitorInfo_contended(JNIEnv *jni, jclass c, jthread t)
{
    char d[128], m[128];
    jobject o = (jobject)1;
    check("GetCurrentContendedMonitor", (*env)->GetCurrentContendedMonitor(env, t, &o));
    describe(jni, t, d, sizeof d);
    describe(jni, o, m, sizeof m);
    say("%s waits for: %s", d, m);
}

JNIEXPORT void JNICALL Java_MonitorInfo_usage(JNIEnv *jni, jclass c, jstring what, jobject o)
{
    char d[128];
    const char *w = (*jni)->GetStringUTFChars(jni, what, NULL);
    jvmtiMonitorUsage u;
    check("GetObjectMonitorUsage", (*env)->GetObjectMonitorUsage(env, o, &u));
    describe(jni, u.owner, d, sizeof d);
    say("%s: owner %s, entry_count %d, waiter_count %d, notify_waiter_count %d", w, d, (int)u.entry_count,
        (int)u.waiter_count, (int)u.notify_waiter_count);
    for (jint i = 0; i < u.waiter_count; i++) {
        describe(jni, u.waiters[i], d, sizeof d);
        say("  waiter %s", d);
    }
    for (jint i = 0; i < u.notify_waiter_count; i++) {
        describe(jni, u.notify_waiters[i], d, sizeof d);
        say("  notify waiter %s", d);
    }
    (*env)->Deallocate(env, (unsigned char *)u.waiters);
    (*env)->Deallocate(env, (unsigned char *)u.notify_waiters);
    (*jni)->ReleaseStringUTFChars(jni, what, w);
}

JNIEXPORT void JNICALL Java_MonitorInfo_errors(JNIEnv *jni, jclass c, jthread unstarted, jthread terminated,
                                               jobject not_a_thread)
{
    jint n;
    jobject *objs, m;
    jvmtiMonitorStackDepthInfo *info;
    jvmtiMonitorUsage u;
    check("GetOwnedMonitorInfo(unstarted)", (*env)->GetOwnedMonitorInfo(env, unstarted, &n, &objs));
    check("GetOwnedMonitorInfo(terminated)", (*env)->GetOwnedMonitorInfo(env, terminated, &n, &objs));
    check("GetOwnedMonitorInfo(not a thread)", (*env)->GetOwnedMonitorInfo(env, not_a_thread, &n, &objs));
    check("GetOwnedMonitorInfo(NULL count)", (*env)->GetOwnedMonitorInfo(env, NULL, NULL, &objs));
    check("GetOwnedMonitorInfo(NULL monitors)", (*env)->GetOwnedMonitorInfo(env, NULL, &n, NULL));
    check("GetOwnedMonitorStackDepthInfo(terminated)",
          (*env)->GetOwnedMonitorStackDepthInfo(env, terminated, &n, &info));
    check("GetOwnedMonitorStackDepthInfo(not a thread)",
          (*env)->GetOwnedMonitorStackDepthInfo(env, not_a_thread, &n, &info));
    check("GetOwnedMonitorStackDepthInfo(NULL count)", (*env)->GetOwnedMonitorStackDepthInfo(env, NULL, NULL, &info));
    check("GetOwnedMonitorStackDepthInfo(NULL info)", (*env)->GetOwnedMonitorStackDepthInfo(env, NULL, &n, NULL));
    check("GetCurrentContendedMonitor(unstarted)", (*env)->GetCurrentContendedMonitor(env, unstarted, &m));
    check("GetCurrentContendedMonitor(not a thread)", (*env)->GetCurrentContendedMonitor(env, not_a_thread, &m));
    check("GetCurrentContendedMonitor(NULL)", (*env)->GetCurrentContendedMonitor(env, NULL, NULL));
    check("GetObjectMonitorUsage(NULL object)", (*env)->GetObjectMonitorUsage(env, NULL, &u));
    check("GetObjectMonitorUsage(NULL info)", (*env)->GetObjectMonitorUsage(env, not_a_thread, NULL));
}
