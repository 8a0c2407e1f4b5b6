/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Class unloading through JVMTI: the extension function
 * com.sun.hotspot.functions.IsClassUnloadingEnabled answers true; the extension event
 * com.sun.hotspot.events.ClassUnload (JNIEnv*, const char *name) is sent once for each
 * class of a dropped class loader, and for an unreachable hidden class (named
 * "Name+0x<address>" as in HotSpot's symbols), after a collection (HotSpot sends it from another
 * thread, later: the program waits for it); jmethodIDs and jfieldIDs of the unloaded
 * classes stay safe to pass to JVMTI: each method function answers INVALID_METHODID, each
 * field function INVALID_FIELDID; a breakpoint keeps its class loaded until it is
 * cleared (HotSpot's choice, which GlassVM shares); a tagged class mirror gets its
 * ObjectFree when the class goes. Names are collected under a raw monitor and printed
 * sorted, from the main thread.
 *
 * HotSpot crashes when a static field's stale jfieldID is used (its JNIid is freed), so
 * there is no oracle for those: on GlassVM the agent asserts the spec's INVALID_FIELDID
 * and prints only a violation (nothing on HotSpot, where it does not call).
 */
#include "jvmti_test.h"

static jvmtiEnv *jvmti;
static jrawMonitorID lock;
#define MAX_NAMES 64
static char *names[MAX_NAMES];
static int name_count, bad_events;
static jmethodID kept_methods[8];
static jfieldID kept_fields[8];
static jboolean kept_static[8];
static int kept_method_count, kept_field_count;
static jmethodID bp_method;
static jlong freed_tags[16];
static int freed_count;

static void JNICALL object_free(jvmtiEnv *e, jlong tag)
{
    (*jvmti)->RawMonitorEnter(jvmti, lock);
    if (freed_count < 16) freed_tags[freed_count++] = tag;
    (*jvmti)->RawMonitorNotifyAll(jvmti, lock);
    (*jvmti)->RawMonitorExit(jvmti, lock);
}

/* Waits until the mirror tagged in keepIds was freed, then prints the freed tags. */
JNIEXPORT void JNICALL Java_ClassUnload_awaitFreed(JNIEnv *jni, jclass c)
{
    (*jvmti)->RawMonitorEnter(jvmti, lock);
    for (int i = 0; i < 600 && freed_count == 0; i++) (*jvmti)->RawMonitorWait(jvmti, lock, 100);
    for (int i = 0; i < freed_count; i++) say("ObjectFree: tag %d", (int)freed_tags[i]);
    (*jvmti)->RawMonitorExit(jvmti, lock);
}

static void JNICALL class_unload(jvmtiEnv *e, ...)
{
    va_list ap;
    va_start(ap, e);
    JNIEnv *jni = va_arg(ap, JNIEnv *);
    const char *name = va_arg(ap, const char *);
    va_end(ap);
    (*jvmti)->RawMonitorEnter(jvmti, lock);
    if (jni == NULL || name == NULL || e != jvmti) bad_events++;
    /* Only the program's own victims: other classes may be unloaded too. */
    else if (strncmp(name, "Victim", 6) == 0 && name_count < MAX_NAMES) {
        /* A hidden class: "Name+0x<address>"; the address is the VM's. */
        char *copy = strdup(name), *plus = strchr(copy, '+');
        if (plus != NULL && plus[1] == '0' && plus[2] == 'x') strcpy(plus + 1, "ADDRESS");
        names[name_count++] = copy;
    }
    (*jvmti)->RawMonitorNotifyAll(jvmti, lock);
    (*jvmti)->RawMonitorExit(jvmti, lock);
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Waits (without a tight limit) until `n` victims were reported, then prints them. */
JNIEXPORT void JNICALL Java_ClassUnload_awaitUnloaded(JNIEnv *jni, jclass c, jint n)
{
    (*jvmti)->RawMonitorEnter(jvmti, lock);
    for (int i = 0; i < 600 && name_count < n; i++) (*jvmti)->RawMonitorWait(jvmti, lock, 100);
    qsort(names, (size_t)name_count, sizeof names[0], by_name);
    say("ClassUnload events: %d, bad: %d", name_count, bad_events);
    for (int i = 0; i < name_count; i++) say("  unloaded %s", names[i]);
    (*jvmti)->RawMonitorExit(jvmti, lock);
}

/* Keeps the jmethodIDs and jfieldIDs of a class the program is about to drop. */
JNIEXPORT void JNICALL Java_ClassUnload_keepIds(JNIEnv *jni, jclass self, jclass victim)
{
    jint n = 0;
    jmethodID *ms = NULL;
    jfieldID *fs = NULL;
    check("GetClassMethods", (*jvmti)->GetClassMethods(jvmti, victim, &n, &ms));
    for (jint i = 0; i < n && kept_method_count < 8; i++) kept_methods[kept_method_count++] = ms[i];
    (*jvmti)->Deallocate(jvmti, (unsigned char *)ms);
    check("GetClassFields", (*jvmti)->GetClassFields(jvmti, victim, &n, &fs));
    for (jint i = 0; i < n && kept_field_count < 8; i++) {
        jint mods = 0;
        (*jvmti)->GetFieldModifiers(jvmti, victim, fs[i], &mods);
        kept_static[kept_field_count] = (mods & 0x0008) != 0;
        kept_fields[kept_field_count++] = fs[i];
    }
    (*jvmti)->Deallocate(jvmti, (unsigned char *)fs);
    say("kept %d methods, %d fields", kept_method_count, kept_field_count);
    check("SetTag on the class", (*jvmti)->SetTag(jvmti, victim, 42));
    /* Sanity: the IDs are valid while the class lives. */
    char *name = NULL;
    check("GetMethodName while loaded", (*jvmti)->GetMethodName(jvmti, kept_methods[0], &name, NULL, NULL));
    (*jvmti)->Deallocate(jvmti, (unsigned char *)name);
    check("GetFieldName while loaded", (*jvmti)->GetFieldName(jvmti, victim, kept_fields[0], &name, NULL, NULL));
    (*jvmti)->Deallocate(jvmti, (unsigned char *)name);
}

/* Every method and field function with the stale IDs: an error each, never a crash. */
JNIEXPORT void JNICALL Java_ClassUnload_useStaleIds(JNIEnv *jni, jclass self, jclass live)
{
    char *name = NULL, *sig = NULL;
    jclass k = NULL;
    jint i32 = 0;
    jboolean b = 0;
    jlocation s = 0, e = 0;
    for (int i = 0; i < kept_method_count; i++) {
        jmethodID m = kept_methods[i];
        say("method %d:", i);
        check("  GetMethodName", (*jvmti)->GetMethodName(jvmti, m, &name, &sig, NULL));
        check("  GetMethodDeclaringClass", (*jvmti)->GetMethodDeclaringClass(jvmti, m, &k));
        check("  GetMethodModifiers", (*jvmti)->GetMethodModifiers(jvmti, m, &i32));
        check("  GetMaxLocals", (*jvmti)->GetMaxLocals(jvmti, m, &i32));
        check("  GetArgumentsSize", (*jvmti)->GetArgumentsSize(jvmti, m, &i32));
        check("  GetMethodLocation", (*jvmti)->GetMethodLocation(jvmti, m, &s, &e));
        check("  IsMethodNative", (*jvmti)->IsMethodNative(jvmti, m, &b));
        check("  IsMethodSynthetic", (*jvmti)->IsMethodSynthetic(jvmti, m, &b));
        check("  IsMethodObsolete", (*jvmti)->IsMethodObsolete(jvmti, m, &b));
        check("  SetBreakpoint", (*jvmti)->SetBreakpoint(jvmti, m, 0));
        check("  ClearBreakpoint", (*jvmti)->ClearBreakpoint(jvmti, m, 0));
    }
    for (int i = 0; i < kept_field_count; i++) {
        jfieldID f = kept_fields[i];
        if (kept_static[i]) {
            if (is_hotspot(jvmti)) continue;
            jvmtiError err = (*jvmti)->GetFieldName(jvmti, live, f, &name, &sig, NULL);
            if (err != JVMTI_ERROR_INVALID_FIELDID) say("static field %d: GetFieldName %s", i, err_name(err));
            err = (*jvmti)->GetFieldModifiers(jvmti, live, f, &i32);
            if (err != JVMTI_ERROR_INVALID_FIELDID) say("static field %d: GetFieldModifiers %s", i, err_name(err));
            continue;
        }
        say("instance field %d:", i);
        check("  GetFieldName", (*jvmti)->GetFieldName(jvmti, live, f, &name, &sig, NULL));
        check("  GetFieldDeclaringClass", (*jvmti)->GetFieldDeclaringClass(jvmti, live, f, &k));
        check("  GetFieldModifiers", (*jvmti)->GetFieldModifiers(jvmti, live, f, &i32));
        check("  IsFieldSynthetic", (*jvmti)->IsFieldSynthetic(jvmti, live, f, &b));
    }
}

/* GetLoadedClasses: how many loaded classes have the given signature. */
JNIEXPORT jint JNICALL Java_ClassUnload_countLoaded(JNIEnv *jni, jclass self, jstring sig)
{
    const char *want = (*jni)->GetStringUTFChars(jni, sig, NULL);
    jint n = 0, found = 0;
    jclass *classes = NULL;
    if ((*jvmti)->GetLoadedClasses(jvmti, &n, &classes) != JVMTI_ERROR_NONE) return -1;
    for (jint i = 0; i < n; i++) {
        char *s = NULL;
        if ((*jvmti)->GetClassSignature(jvmti, classes[i], &s, NULL) == JVMTI_ERROR_NONE && strcmp(s, want) == 0)
            found++;
        (*jvmti)->Deallocate(jvmti, (unsigned char *)s);
        (*jni)->DeleteLocalRef(jni, classes[i]);
    }
    (*jvmti)->Deallocate(jvmti, (unsigned char *)classes);
    (*jni)->ReleaseStringUTFChars(jni, sig, want);
    return found;
}

/* A breakpoint at the start of the victim's toString, or cleared again. */
JNIEXPORT void JNICALL Java_ClassUnload_breakpoint(JNIEnv *jni, jclass self, jclass victim, jboolean set)
{
    if (set) {
        bp_method = (*jni)->GetMethodID(jni, victim, "toString", "()Ljava/lang/String;");
        check("SetBreakpoint", (*jvmti)->SetBreakpoint(jvmti, bp_method, 0));
    } else {
        check("ClearBreakpoint", (*jvmti)->ClearBreakpoint(jvmti, bp_method, 0));
    }
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmti = new_env(vm);
    if (jvmti == NULL) return 1;
    check("CreateRawMonitor", (*jvmti)->CreateRawMonitor(jvmti, "unload", &lock));
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_breakpoint_events = 1;
    caps.can_get_synthetic_attribute = 1;
    caps.can_tag_objects = 1;
    caps.can_generate_object_free_events = 1;
    check("AddCapabilities", (*jvmti)->AddCapabilities(jvmti, &caps));
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ObjectFree = object_free;
    check("SetEventCallbacks", (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb));
    check("enable ObjectFree", (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_OBJECT_FREE, NULL));

    jint n = 0;
    jvmtiExtensionFunctionInfo *fns = NULL;
    check("GetExtensionFunctions", (*jvmti)->GetExtensionFunctions(jvmti, &n, &fns));
    for (jint i = 0; i < n; i++) {
        if (strcmp(fns[i].id, "com.sun.hotspot.functions.IsClassUnloadingEnabled") != 0) continue;
        jboolean enabled = JNI_FALSE;
        check("IsClassUnloadingEnabled", fns[i].func(jvmti, &enabled));
        say("class unloading enabled: %s", enabled ? "true" : "false");
    }
    jvmtiExtensionEventInfo *evs = NULL;
    check("GetExtensionEvents", (*jvmti)->GetExtensionEvents(jvmti, &n, &evs));
    for (jint i = 0; i < n; i++) {
        if (strcmp(evs[i].id, "com.sun.hotspot.events.ClassUnload") != 0) continue;
        say("ClassUnload: index %d, %d params", (int)evs[i].extension_event_index, (int)evs[i].param_count);
        for (jint p = 0; p < evs[i].param_count; p++)
            say("  %s kind %d type %d", evs[i].params[p].name, (int)evs[i].params[p].kind,
                (int)evs[i].params[p].base_type);
        check("SetExtensionEventCallback",
              (*jvmti)->SetExtensionEventCallback(jvmti, evs[i].extension_event_index, class_unload));
    }
    return 0;
}
