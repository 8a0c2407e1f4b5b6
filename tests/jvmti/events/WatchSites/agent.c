/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Field watches over linked (quickened) field instructions: the program runs work() and
 * get() a thousand times first, then step by step sets and clears watches of each kind
 * on instance, wide and static fields, a breakpoint at a watched getfield and single
 * stepping over one, running both methods after each step. The events of each step are
 * printed in order with their method and location (the program's own thread only).
 */
#include "jvmti_test.h"

static jvmtiEnv *env;
static jclass cls;
static jfieldID f_a, f_w, f_s, f_sd;
static jmethodID m_get;
static jthread main_thread;
static char log_buf[8192];

static void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void note(const char *fmt, ...)
{
    size_t n = strlen(log_buf);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(log_buf + n, sizeof log_buf - n, fmt, ap);
    va_end(ap);
}

static int on_main(JNIEnv *jni, jthread t) { return main_thread != NULL && (*jni)->IsSameObject(jni, t, main_thread); }

static void where(jmethodID m, jlocation l)
{
    char *mn = NULL;
    (*env)->GetMethodName(env, m, &mn, NULL, NULL);
    note("%s@%d", mn ? mn : "?", (int)l);
    (*env)->Deallocate(env, (unsigned char *)mn);
}

static void field(jclass c, jfieldID f)
{
    char *fn = NULL;
    (*env)->GetFieldName(env, c, f, &fn, NULL, NULL);
    note(" %s", fn ? fn : "?");
    (*env)->Deallocate(env, (unsigned char *)fn);
}

static void JNICALL on_access(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation l, jclass c, jobject o,
                              jfieldID f)
{
    (void)e, (void)o;
    if (!on_main(jni, t)) return;
    note("  get ");
    where(m, l);
    field(c, f);
    note("\n");
}

static void JNICALL on_modify(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation l, jclass c, jobject o,
                              jfieldID f, char sig, jvalue v)
{
    (void)e, (void)o;
    if (!on_main(jni, t)) return;
    note("  put ");
    where(m, l);
    field(c, f);
    if (sig == 'J') note(" %c %lld\n", sig, (long long)v.j);
    else if (sig == 'D') note(" %c %g\n", sig, v.d);
    else note(" %c %d\n", sig, (int)v.i);
}

static void JNICALL on_breakpoint(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation l)
{
    (void)e;
    if (!on_main(jni, t)) return;
    note("  breakpoint ");
    where(m, l);
    note("\n");
}

static void JNICALL on_step(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation l)
{
    (void)e;
    if (!on_main(jni, t) || m != m_get) return; /* the steps inside get() only */
    note("  step ");
    where(m, l);
    note("\n");
}

JNIEXPORT void JNICALL Java_WatchSites_setup(JNIEnv *jni, jclass c)
{
    cls = (*jni)->NewGlobalRef(jni, c);
    f_a = (*jni)->GetFieldID(jni, c, "a", "I");
    f_w = (*jni)->GetFieldID(jni, c, "w", "J");
    f_s = (*jni)->GetStaticFieldID(jni, c, "s", "I");
    f_sd = (*jni)->GetStaticFieldID(jni, c, "sd", "D");
    m_get = (*jni)->GetStaticMethodID(jni, c, "get", "(LWatchSites;)I");
    jthread t;
    check("GetCurrentThread", (*env)->GetCurrentThread(env, &t));
    main_thread = (*jni)->NewGlobalRef(jni, t);
}

static void checked(const char *what, jvmtiError err)
{
    if (err != JVMTI_ERROR_NONE) check(what, err);
}

JNIEXPORT void JNICALL Java_WatchSites_step(JNIEnv *jni, jclass c, jstring jwhat)
{
    const char *what = (*jni)->GetStringUTFChars(jni, jwhat, NULL);
    if (strcmp(what, "access a") == 0) {
        checked("SetFieldAccessWatch a", (*env)->SetFieldAccessWatch(env, c, f_a));
    } else if (strcmp(what, "modification w") == 0) {
        checked("SetFieldModificationWatch w", (*env)->SetFieldModificationWatch(env, c, f_w));
    } else if (strcmp(what, "static s both") == 0) {
        checked("SetFieldAccessWatch s", (*env)->SetFieldAccessWatch(env, c, f_s));
        checked("SetFieldModificationWatch s", (*env)->SetFieldModificationWatch(env, c, f_s));
    } else if (strcmp(what, "access sd") == 0) {
        checked("SetFieldAccessWatch sd", (*env)->SetFieldAccessWatch(env, c, f_sd));
    } else if (strcmp(what, "clear access a") == 0) {
        checked("ClearFieldAccessWatch a", (*env)->ClearFieldAccessWatch(env, c, f_a));
    } else if (strcmp(what, "modification a") == 0) {
        checked("SetFieldModificationWatch a", (*env)->SetFieldModificationWatch(env, c, f_a));
    } else if (strcmp(what, "breakpoint") == 0) {
        checked("SetBreakpoint", (*env)->SetBreakpoint(env, m_get, 1)); /* get's getfield a */
    } else if (strcmp(what, "clear breakpoint") == 0) {
        checked("ClearBreakpoint", (*env)->ClearBreakpoint(env, m_get, 1));
    } else if (strcmp(what, "single step") == 0) {
        checked("SetBreakpoint", (*env)->SetBreakpoint(env, m_get, 1));
        checked("enable SingleStep", (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_SINGLE_STEP, NULL));
    } else if (strcmp(what, "clear all") == 0) {
        checked("disable SingleStep", (*env)->SetEventNotificationMode(env, JVMTI_DISABLE, JVMTI_EVENT_SINGLE_STEP, NULL));
        checked("ClearBreakpoint", (*env)->ClearBreakpoint(env, m_get, 1));
        checked("ClearFieldAccessWatch a", (*env)->ClearFieldAccessWatch(env, c, f_a));
        checked("ClearFieldModificationWatch a", (*env)->ClearFieldModificationWatch(env, c, f_a));
        checked("ClearFieldModificationWatch w", (*env)->ClearFieldModificationWatch(env, c, f_w));
        checked("ClearFieldAccessWatch s", (*env)->ClearFieldAccessWatch(env, c, f_s));
        checked("ClearFieldModificationWatch s", (*env)->ClearFieldModificationWatch(env, c, f_s));
        checked("ClearFieldAccessWatch sd", (*env)->ClearFieldAccessWatch(env, c, f_sd));
    }
    (*jni)->ReleaseStringUTFChars(jni, jwhat, what);
    log_buf[0] = 0;
}

JNIEXPORT void JNICALL Java_WatchSites_report(JNIEnv *jni, jclass c, jstring jwhat)
{
    (void)c;
    const char *what = (*jni)->GetStringUTFChars(jni, jwhat, NULL);
    say("%s:\n%s", what, log_buf);
    (*jni)->ReleaseStringUTFChars(jni, jwhat, what);
    log_buf[0] = 0;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    (void)options, (void)reserved;
    if ((*vm)->GetEnv(vm, (void **)&env, TEST_JVMTI_VERSION) != JNI_OK) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_field_access_events = 1;
    caps.can_generate_field_modification_events = 1;
    caps.can_generate_breakpoint_events = 1;
    caps.can_generate_single_step_events = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.FieldAccess = on_access;
    cb.FieldModification = on_modify;
    cb.Breakpoint = on_breakpoint;
    cb.SingleStep = on_step;
    check("SetEventCallbacks", (*env)->SetEventCallbacks(env, &cb, (jint)sizeof cb));
    check("enable FieldAccess", (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_FIELD_ACCESS, NULL));
    check("enable FieldModification",
          (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_FIELD_MODIFICATION, NULL));
    check("enable Breakpoint", (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_BREAKPOINT, NULL));
    return 0;
}
