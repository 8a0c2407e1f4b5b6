/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Breakpoints and field watches handed from one environment to another (HotSpot lets
 * one environment at a time hold can_generate_breakpoint_events and the field watch
 * capabilities): A sets breakpoints and watches and sees their events; A clears them,
 * disables their events and relinquishes its capabilities, B takes them and sets its own, some at A's old places, and sees only
 * those; B clears some and sees the rest. Each round runs twice, the second time over
 * quickened field instructions. Each environment's events are logged apart and printed
 * at the end.
 */
#include "jvmti_test.h"

static jvmtiEnv *ea, *eb;
static jclass cls;
static jmethodID m_bpA, m_bpB, m_both;
static jfieldID f_x, f_y, f_z;
static int phase = 1;
static char log_a[4096], log_b[4096];

static void note(jvmtiEnv *e, const char *what, const char *name)
{
    char *log = e == eb ? log_b : e == ea ? log_a : NULL;
    if (log == NULL) {
        say("event from an unknown environment");
        return;
    }
    size_t n = strlen(log);
    snprintf(log + n, 4096 - n, " %d:%s:%s", phase, what, name);
}

static void field_name(jvmtiEnv *e, jclass c, jfieldID f, char *out, size_t n)
{
    char *fn = NULL;
    (*e)->GetFieldName(e, c, f, &fn, NULL, NULL);
    snprintf(out, n, "%s", fn ? fn : "?");
    (*e)->Deallocate(e, (unsigned char *)fn);
}

static void JNICALL on_breakpoint(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation l)
{
    (void)jni, (void)t, (void)l;
    char *mn = NULL;
    (*e)->GetMethodName(e, m, &mn, NULL, NULL);
    note(e, "bp", mn ? mn : "?");
    (*e)->Deallocate(e, (unsigned char *)mn);
}

static void JNICALL on_access(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation l, jclass c, jobject o,
                              jfieldID f)
{
    (void)jni, (void)t, (void)m, (void)l, (void)o;
    char name[64];
    field_name(e, c, f, name, sizeof name);
    note(e, "get", name);
}

static void JNICALL on_modify(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation l, jclass c, jobject o,
                              jfieldID f, char sig, jvalue v)
{
    (void)jni, (void)t, (void)m, (void)l, (void)o, (void)sig, (void)v;
    char name[64];
    field_name(e, c, f, name, sizeof name);
    note(e, "put", name);
}

static void take_caps(jvmtiEnv *e)
{
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_breakpoint_events = 1;
    caps.can_generate_field_access_events = 1;
    caps.can_generate_field_modification_events = 1;
    check("AddCapabilities", (*e)->AddCapabilities(e, &caps));
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.Breakpoint = on_breakpoint;
    cb.FieldAccess = on_access;
    cb.FieldModification = on_modify;
    check("SetEventCallbacks", (*e)->SetEventCallbacks(e, &cb, (jint)sizeof cb));
    check("enable Breakpoint", (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_BREAKPOINT, NULL));
    check("enable FieldAccess", (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_FIELD_ACCESS, NULL));
    check("enable FieldModification",
          (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_FIELD_MODIFICATION, NULL));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    (void)options, (void)reserved;
    ea = new_env(vm);
    eb = new_env(vm);
    if (ea == NULL || eb == NULL) return 1;
    take_caps(ea);
    return 0;
}

JNIEXPORT void JNICALL Java_WatchHandOver_setup(JNIEnv *jni, jclass c)
{
    cls = (*jni)->NewGlobalRef(jni, c);
    m_bpA = (*jni)->GetStaticMethodID(jni, c, "bpA", "()I");
    m_bpB = (*jni)->GetStaticMethodID(jni, c, "bpB", "()I");
    m_both = (*jni)->GetStaticMethodID(jni, c, "both", "()I");
    f_x = (*jni)->GetStaticFieldID(jni, c, "x", "I");
    f_y = (*jni)->GetStaticFieldID(jni, c, "y", "I");
    f_z = (*jni)->GetStaticFieldID(jni, c, "z", "I");
    /* A: breakpoints in bpA and both, reads of x and z, writes of y. */
    check("A SetBreakpoint(bpA)", (*ea)->SetBreakpoint(ea, m_bpA, 0));
    check("A SetBreakpoint(both)", (*ea)->SetBreakpoint(ea, m_both, 0));
    check("A SetFieldAccessWatch(x)", (*ea)->SetFieldAccessWatch(ea, c, f_x));
    check("A SetFieldAccessWatch(z)", (*ea)->SetFieldAccessWatch(ea, c, f_z));
    check("A SetFieldModificationWatch(y)", (*ea)->SetFieldModificationWatch(ea, c, f_y));
    check("B SetBreakpoint(bpB) without the capability", (*eb)->SetBreakpoint(eb, m_bpB, 0));
}

JNIEXPORT void JNICALL Java_WatchHandOver_handOver(JNIEnv *jni, jclass c)
{
    (void)jni;
    phase = 2;
    check("A ClearBreakpoint(bpA)", (*ea)->ClearBreakpoint(ea, m_bpA, 0));
    check("A ClearBreakpoint(both)", (*ea)->ClearBreakpoint(ea, m_both, 0));
    check("A ClearFieldAccessWatch(x)", (*ea)->ClearFieldAccessWatch(ea, c, f_x));
    check("A ClearFieldAccessWatch(z)", (*ea)->ClearFieldAccessWatch(ea, c, f_z));
    check("A ClearFieldModificationWatch(y)", (*ea)->ClearFieldModificationWatch(ea, c, f_y));
    check("A disable Breakpoint", (*ea)->SetEventNotificationMode(ea, JVMTI_DISABLE, JVMTI_EVENT_BREAKPOINT, NULL));
    check("A disable FieldAccess", (*ea)->SetEventNotificationMode(ea, JVMTI_DISABLE, JVMTI_EVENT_FIELD_ACCESS, NULL));
    check("A disable FieldModification",
          (*ea)->SetEventNotificationMode(ea, JVMTI_DISABLE, JVMTI_EVENT_FIELD_MODIFICATION, NULL));
    jvmtiCapabilities caps;
    check("A GetCapabilities", (*ea)->GetCapabilities(ea, &caps));
    check("A RelinquishCapabilities", (*ea)->RelinquishCapabilities(ea, &caps));
    take_caps(eb);
    /* B: breakpoints in bpB and both, reads of y and z, writes of z. */
    check("B SetBreakpoint(bpB)", (*eb)->SetBreakpoint(eb, m_bpB, 0));
    check("B SetBreakpoint(both)", (*eb)->SetBreakpoint(eb, m_both, 0));
    check("B SetFieldAccessWatch(y)", (*eb)->SetFieldAccessWatch(eb, c, f_y));
    check("B SetFieldAccessWatch(z)", (*eb)->SetFieldAccessWatch(eb, c, f_z));
    check("B SetFieldModificationWatch(z)", (*eb)->SetFieldModificationWatch(eb, c, f_z));
}

JNIEXPORT void JNICALL Java_WatchHandOver_clearSome(JNIEnv *jni, jclass c)
{
    (void)jni;
    phase = 3;
    check("B ClearBreakpoint(both)", (*eb)->ClearBreakpoint(eb, m_both, 0));
    check("B ClearFieldAccessWatch(z)", (*eb)->ClearFieldAccessWatch(eb, c, f_z));
}

JNIEXPORT void JNICALL Java_WatchHandOver_report(JNIEnv *jni, jclass c)
{
    (void)jni, (void)c;
    say("A:%s", log_a);
    say("B:%s", log_b);
}
