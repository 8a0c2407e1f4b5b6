// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * events.c — benchmark agent (bench/toolevents.sh): one kind of event of executing code
 * switched on, with callbacks that only count; ToolEvents.count() (a native method of
 * this library) reads the counter. The option names the kind:
 *
 *   entryexit  MethodEntry and MethodExit for every thread, from VMInit on
 *   step       SingleStep for every thread, from VMInit on
 *   bp         a breakpoint at the first instruction of ToolEvents.bpTarget
 *   access     a FieldAccess watch on ToolEvents$Holder.value
 *   modify     a FieldModification watch on ToolEvents$Holder.value
 *   unwatched  both watches on ToolEvents$Holder.other, which no workload touches
 *   step1      SingleStep for the thread named "stepped" only (enabled at its ThreadStart)
 */
#include <jvmti.h>
#include <string.h>

static jvmtiEnv *env;
static char mode[32];
static volatile unsigned long count;

JNIEXPORT jlong JNICALL Java_ToolEvents_count(JNIEnv *jni, jclass c)
{
    (void)jni, (void)c;
    return (jlong)count;
}

static void JNICALL on_entry(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m)
{
    (void)e, (void)jni, (void)t, (void)m;
    count++;
}

static void JNICALL on_exit(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jboolean ex, jvalue v)
{
    (void)e, (void)jni, (void)t, (void)m, (void)ex, (void)v;
    count++;
}

static void JNICALL on_location(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation l)
{
    (void)e, (void)jni, (void)t, (void)m, (void)l;
    count++;
}

static void JNICALL on_access(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation l, jclass c, jobject o,
                              jfieldID f)
{
    (void)e, (void)jni, (void)t, (void)m, (void)l, (void)c, (void)o, (void)f;
    count++;
}

static void JNICALL on_modify(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation l, jclass c, jobject o,
                              jfieldID f, char sig, jvalue v)
{
    (void)e, (void)jni, (void)t, (void)m, (void)l, (void)c, (void)o, (void)f, (void)sig, (void)v;
    count++;
}

/* Breakpoints and watches go in when their class is prepared. */
static void JNICALL on_prepare(jvmtiEnv *e, JNIEnv *jni, jthread t, jclass c)
{
    (void)t;
    char *sig = NULL;
    if ((*e)->GetClassSignature(e, c, &sig, NULL) != JVMTI_ERROR_NONE) return;
    if (strcmp(mode, "bp") == 0 && strcmp(sig, "LToolEvents;") == 0) {
        jmethodID m = (*jni)->GetStaticMethodID(jni, c, "bpTarget", "(I)I");
        if (m != NULL) (*e)->SetBreakpoint(e, m, 0);
    } else if (strcmp(sig, "LToolEvents$Holder;") == 0) {
        const char *name = strcmp(mode, "unwatched") == 0 ? "other" : "value";
        jfieldID f = (*jni)->GetFieldID(jni, c, name, "I");
        if (f != NULL && strcmp(mode, "modify") != 0) (*e)->SetFieldAccessWatch(e, c, f);
        if (f != NULL && strcmp(mode, "access") != 0) (*e)->SetFieldModificationWatch(e, c, f);
    }
    (*e)->Deallocate(e, (unsigned char *)sig);
}

static void JNICALL on_thread_start(jvmtiEnv *e, JNIEnv *jni, jthread t)
{
    (void)jni;
    jvmtiThreadInfo info;
    if ((*e)->GetThreadInfo(e, t, &info) != JVMTI_ERROR_NONE) return;
    if (info.name != NULL && strcmp(info.name, "stepped") == 0)
        (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_SINGLE_STEP, t);
    (*e)->Deallocate(e, (unsigned char *)info.name);
}

static void JNICALL on_vm_init(jvmtiEnv *e, JNIEnv *jni, jthread t)
{
    (void)jni, (void)t;
    if (strcmp(mode, "entryexit") == 0) {
        (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_METHOD_ENTRY, NULL);
        (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_METHOD_EXIT, NULL);
    } else if (strcmp(mode, "step") == 0) {
        (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_SINGLE_STEP, NULL);
    } else if (strcmp(mode, "step1") == 0) {
        (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_THREAD_START, NULL);
    } else {
        (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_CLASS_PREPARE, NULL);
    }
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    (void)reserved;
    strncpy(mode, options ? options : "", sizeof mode - 1);
    if ((*vm)->GetEnv(vm, (void **)&env, JVMTI_VERSION_11) != JNI_OK) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    /* Only what the mode needs: HotSpot changes how it runs for some capabilities. */
    if (strcmp(mode, "entryexit") == 0) {
        caps.can_generate_method_entry_events = 1;
        caps.can_generate_method_exit_events = 1;
    } else if (strcmp(mode, "step") == 0 || strcmp(mode, "step1") == 0) {
        caps.can_generate_single_step_events = 1;
    } else if (strcmp(mode, "bp") == 0) {
        caps.can_generate_breakpoint_events = 1;
    } else {
        caps.can_generate_field_access_events = strcmp(mode, "modify") != 0;
        caps.can_generate_field_modification_events = strcmp(mode, "access") != 0;
    }
    if ((*env)->AddCapabilities(env, &caps) != JVMTI_ERROR_NONE) return 1;
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.MethodEntry = on_entry;
    cb.MethodExit = on_exit;
    cb.SingleStep = on_location;
    cb.Breakpoint = on_location;
    cb.FieldAccess = on_access;
    cb.FieldModification = on_modify;
    cb.ClassPrepare = on_prepare;
    cb.ThreadStart = on_thread_start;
    cb.VMInit = on_vm_init;
    if ((*env)->SetEventCallbacks(env, &cb, (jint)sizeof cb) != JVMTI_ERROR_NONE) return 1;
    (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL);
    if (caps.can_generate_breakpoint_events)
        (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_BREAKPOINT, NULL);
    if (caps.can_generate_field_access_events)
        (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_FIELD_ACCESS, NULL);
    if (caps.can_generate_field_modification_events)
        (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_FIELD_MODIFICATION, NULL);
    return 0;
}
