/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * RedefineInspect.java's natives: what a tool sees of a redefined class through IDs
 * taken before the redefinition, and of an obsolete method still running.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;
static jmethodID calc_id, work_id;
static jfieldID counter_id, value_id;
static int breakpoints, class_loads, class_prepares; /* of Insp */
static int new_major = -1, new_minor = -1; /* the version of the bytes last redefined to */

static int is_insp(jvmtiEnv *e, jclass k)
{
    char *sig = NULL;
    int r = (*e)->GetClassSignature(e, k, &sig, NULL) == JVMTI_ERROR_NONE && strcmp(sig, "LInsp;") == 0;
    if (sig != NULL) (*e)->Deallocate(e, (unsigned char *)sig);
    return r;
}

static void JNICALL on_class_load(jvmtiEnv *e, JNIEnv *jni, jthread t, jclass k)
{
    if (is_insp(e, k)) class_loads++;
}

static void JNICALL on_class_prepare(jvmtiEnv *e, JNIEnv *jni, jthread t, jclass k)
{
    if (is_insp(e, k)) class_prepares++;
}

static void JNICALL on_breakpoint(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation loc)
{
    breakpoints++;
    jboolean obsolete = JNI_FALSE;
    (*e)->IsMethodObsolete(e, m, &obsolete);
    say("Breakpoint in %s%s at %d", obsolete ? "obsolete " : "", method_name(e, m), (int)loc);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_redefine_classes = 1;
    caps.can_get_bytecodes = 1;
    caps.can_get_line_numbers = 1;
    caps.can_access_local_variables = 1;
    caps.can_get_constant_pool = 1;
    caps.can_maintain_original_method_order = 1;
    caps.can_get_source_debug_extension = 1;
    caps.can_generate_breakpoint_events = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ClassLoad = on_class_load;
    cb.ClassPrepare = on_class_prepare;
    cb.Breakpoint = on_breakpoint;
    (*env)->SetEventCallbacks(env, &cb, sizeof cb);
    (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_CLASS_LOAD, NULL);
    (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_CLASS_PREPARE, NULL);
    (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_BREAKPOINT, NULL);
    return 0;
}

JNIEXPORT void JNICALL Java_RedefineInspect_modifiable(JNIEnv *jni, jclass cls, jstring label, jclass k)
{
    const char *l = (*jni)->GetStringUTFChars(jni, label, NULL);
    jboolean b = JNI_FALSE;
    jvmtiError e = (*env)->IsModifiableClass(env, k, &b);
    say("IsModifiableClass(%s): %s %s", l, err_name(e), b ? "true" : "false");
    (*jni)->ReleaseStringUTFChars(jni, label, l);
}

JNIEXPORT void JNICALL Java_RedefineInspect_argumentErrors(JNIEnv *jni, jclass cls, jclass k)
{
    jboolean b;
    say("IsModifiableClass(NULL class): %s", err_name((*env)->IsModifiableClass(env, NULL, &b)));
    say("IsModifiableClass(not a class): %s", err_name((*env)->IsModifiableClass(env, (jclass)cls, NULL)));
    jobject s = (*jni)->NewStringUTF(jni, "not a class");
    say("IsModifiableClass(a String): %s", err_name((*env)->IsModifiableClass(env, (jclass)s, &b)));
}

static void bytecodes(const char *what, jmethodID m)
{
    jint n = 0;
    unsigned char *b = NULL;
    jvmtiError e = (*env)->GetBytecodes(env, m, &n, &b);
    char line[512] = "";
    for (jint i = 0; i < n && i < 100; i++) snprintf(line + strlen(line), sizeof line - strlen(line), " %02x", b[i]);
    say("  %s GetBytecodes: %s%s", what, err_name(e), line);
    if (b != NULL) (*env)->Deallocate(env, b);
}

static void lines(const char *what, jmethodID m)
{
    jint n = 0;
    jvmtiLineNumberEntry *t = NULL;
    jvmtiError e = (*env)->GetLineNumberTable(env, m, &n, &t);
    char line[512] = "";
    for (jint i = 0; i < n; i++)
        snprintf(line + strlen(line), sizeof line - strlen(line), " %d@%d", (int)t[i].line_number,
                 (int)t[i].start_location);
    say("  %s GetLineNumberTable: %s%s", what, err_name(e), line);
    if (t != NULL) (*env)->Deallocate(env, (unsigned char *)t);
}

/* The table sorted by slot, then start (the spec fixes no order). Returns the slot of
 * `want`, or -1. */
static int locals(const char *what, jmethodID m, const char *want)
{
    jint n = 0;
    jvmtiLocalVariableEntry *t = NULL;
    jvmtiError e = (*env)->GetLocalVariableTable(env, m, &n, &t);
    for (jint i = 0; i < n; i++)
        for (jint j = i + 1; j < n; j++)
            if (t[j].slot < t[i].slot || (t[j].slot == t[i].slot && t[j].start_location < t[i].start_location)) {
                jvmtiLocalVariableEntry x = t[i];
                t[i] = t[j];
                t[j] = x;
            }
    char line[512] = "";
    int slot = -1;
    for (jint i = 0; i < n; i++) {
        snprintf(line + strlen(line), sizeof line - strlen(line), " %d:%s:%s@%d+%d", (int)t[i].slot, t[i].name,
                 t[i].signature, (int)t[i].start_location, (int)t[i].length);
        if (want != NULL && strcmp(t[i].name, want) == 0) slot = t[i].slot;
        (*env)->Deallocate(env, (unsigned char *)t[i].name);
        (*env)->Deallocate(env, (unsigned char *)t[i].signature);
        if (t[i].generic_signature != NULL) (*env)->Deallocate(env, (unsigned char *)t[i].generic_signature);
    }
    say("  %s GetLocalVariableTable: %s%s", what, err_name(e), line);
    if (t != NULL) (*env)->Deallocate(env, (unsigned char *)t);
    return slot;
}

static void method(const char *what, jmethodID m)
{
    char *name = NULL, *sig = NULL;
    jboolean obsolete = JNI_FALSE;
    jint max_locals = -1, args = -1;
    jvmtiError e1 = (*env)->GetMethodName(env, m, &name, &sig, NULL);
    jvmtiError e2 = (*env)->IsMethodObsolete(env, m, &obsolete);
    jvmtiError e3 = (*env)->GetMaxLocals(env, m, &max_locals);
    jvmtiError e4 = (*env)->GetArgumentsSize(env, m, &args);
    say("  %s: GetMethodName %s %s%s, IsMethodObsolete %s %s, GetMaxLocals %s %d, GetArgumentsSize %s %d", what,
        err_name(e1), name ? name : "-", sig ? sig : "", err_name(e2), obsolete ? "true" : "false", err_name(e3),
        (int)max_locals, err_name(e4), (int)args);
    if (name != NULL) (*env)->Deallocate(env, (unsigned char *)name);
    if (sig != NULL) (*env)->Deallocate(env, (unsigned char *)sig);
}

/* Whether the pool GetConstantPool returns holds the Utf8 `s` (its bytes, as stored). */
static void pool_has(jclass k, const char *s)
{
    jint count = 0, len = 0;
    unsigned char *b = NULL;
    jvmtiError e = (*env)->GetConstantPool(env, k, &count, &len, &b);
    size_t sl = strlen(s);
    int found = 0;
    for (jint i = 0; i + 3 + (jint)sl <= len && !found; i++)
        if (b[i] == 1 && b[i + 1] == (sl >> 8) && b[i + 2] == (sl & 0xff) && memcmp(b + i + 3, s, sl) == 0) found = 1;
    say("  GetConstantPool: %s, holds \"%s\": %s", err_name(e), s, found ? "yes" : "no");
    if (b != NULL) (*env)->Deallocate(env, b);
}

static void version(jclass k)
{
    jint minor = -1, major = -1;
    jvmtiError e = (*env)->GetClassVersionNumbers(env, k, &minor, &major);
    /* HotSpot 17 deviation: after a redefinition it still answers the old class file's
     * numbers. It keeps them in the constant pool, and the redefinition's pool merge
     * copies the old pool's numbers into the merged pool that both the class and the
     * scratch class then share, so "replacing" the numbers swaps them with themselves
     * (VM_RedefineClasses::redefine_single_class). The spec: the numbers of the class,
     * now defined by the new class file. */
    if (e == JVMTI_ERROR_NONE && new_major >= 0 && is_hotspot(env)) {
        major = new_major;
        minor = new_minor;
    }
    say("  GetClassVersionNumbers: %s %d.%d", err_name(e), (int)major, (int)minor);
}

static void sde(jclass k)
{
    char *s = NULL;
    jvmtiError e = (*env)->GetSourceDebugExtension(env, k, &s);
    char shown[256] = "";
    for (size_t i = 0; s != NULL && s[i] != 0 && i + 3 < sizeof shown; i++) {
        if (s[i] == '\n')
            strcat(shown, "\\n");
        else
            shown[strlen(shown)] = s[i];
    }
    say("  GetSourceDebugExtension: %s %s", err_name(e), shown);
    if (s != NULL) (*env)->Deallocate(env, (unsigned char *)s);
}

static void class_methods(jclass k)
{
    jint n = 0;
    jmethodID *ms = NULL;
    jvmtiError e = (*env)->GetClassMethods(env, k, &n, &ms);
    char line[512] = "";
    for (jint i = 0; i < n; i++) {
        char *name = NULL;
        (*env)->GetMethodName(env, ms[i], &name, NULL, NULL);
        snprintf(line + strlen(line), sizeof line - strlen(line), " %s%s", name,
                 ms[i] == calc_id || ms[i] == work_id ? "(same ID)" : "");
        (*env)->Deallocate(env, (unsigned char *)name);
    }
    say("  GetClassMethods: %s%s", err_name(e), line);
    if (ms != NULL) (*env)->Deallocate(env, (unsigned char *)ms);
}

JNIEXPORT void JNICALL Java_RedefineInspect_before(JNIEnv *jni, jclass cls, jclass k)
{
    calc_id = (*jni)->GetStaticMethodID(jni, k, "calc", "(I)I");
    work_id = (*jni)->GetStaticMethodID(jni, k, "work", "(ILjava/lang/Runnable;)I");
    counter_id = (*jni)->GetStaticFieldID(jni, k, "counter", "I");
    value_id = (*jni)->GetFieldID(jni, k, "value", "I");
    say("before:");
    version(k);
    pool_has(k, "v1 marker");
    pool_has(k, "v2 marker");
    sde(k);
    method("calc", calc_id);
    bytecodes("calc", calc_id);
    lines("calc", calc_id);
    locals("work", work_id, NULL);
    check("SetBreakpoint(calc, 0)", (*env)->SetBreakpoint(env, calc_id, 0));
}

JNIEXPORT jint JNICALL Java_RedefineInspect_redefine(JNIEnv *jni, jclass cls, jclass target, jbyteArray bytes)
{
    jvmtiClassDefinition def;
    def.klass = target;
    def.class_byte_count = (*jni)->GetArrayLength(jni, bytes);
    jbyte *b = (*jni)->GetByteArrayElements(jni, bytes, NULL);
    def.class_bytes = (const unsigned char *)b;
    jvmtiError e = (*env)->RedefineClasses(env, 1, &def);
    if (e == JVMTI_ERROR_NONE && def.class_byte_count >= 8) {
        new_minor = def.class_bytes[4] << 8 | def.class_bytes[5];
        new_major = def.class_bytes[6] << 8 | def.class_bytes[7];
    }
    (*jni)->ReleaseByteArrayElements(jni, bytes, b, JNI_ABORT);
    say("RedefineClasses: %s", err_name(e));
    return (jint)e;
}

JNIEXPORT void JNICALL Java_RedefineInspect_inObsolete(JNIEnv *jni, jclass cls)
{
    jmethodID m = NULL;
    jlocation loc = -1;
    check("GetFrameLocation(depth 2)", (*env)->GetFrameLocation(env, NULL, 2, &m, &loc));
    say("the frame of work, running version 1:");
    say("  same jmethodID as before: %s", m == work_id ? "yes" : "no");
    method("work (frame)", m);
    bytecodes("work (frame)", m);
    lines("work (frame)", m);
    int slot = locals("work (frame)", m, "doubled");
    jint v = -1;
    jvmtiError e = (*env)->GetLocalInt(env, NULL, 2, slot, &v);
    say("  GetLocalInt(doubled): %s %d", err_name(e), (int)v);
    /* A breakpoint in the obsolete method, where its frame goes on (iload_2 after the
     * invokeinterface): hit there; it must not outlive the old version (collections). */
    check("  SetBreakpoint(obsolete work, 10)", (*env)->SetBreakpoint(env, m, 10));
    say("the method work now:");
    method("work (ID from before)", work_id);
    locals("work (ID from before)", work_id, NULL);
}

JNIEXPORT void JNICALL Java_RedefineInspect_after(JNIEnv *jni, jclass cls, jclass k, jobject instance)
{
    say("after, through the IDs taken before:");
    version(k);
    pool_has(k, "v2 marker");
    sde(k);
    method("calc", calc_id);
    bytecodes("calc", calc_id);
    lines("calc", calc_id);
    say("  CallStaticIntMethod(calc, 5): %d", (int)(*jni)->CallStaticIntMethod(jni, k, calc_id, 5));
    char *name = NULL;
    jvmtiError e = (*env)->GetFieldName(env, k, counter_id, &name, NULL, NULL);
    say("  GetFieldName(counter): %s %s", err_name(e), name ? name : "-");
    if (name != NULL) (*env)->Deallocate(env, (unsigned char *)name);
    say("  GetStaticIntField(counter): %d", (int)(*jni)->GetStaticIntField(jni, k, counter_id));
    (*jni)->SetStaticIntField(jni, k, counter_id, 42);
    say("  GetIntField(value): %d", (int)(*jni)->GetIntField(jni, instance, value_id));
    (*jni)->SetIntField(jni, instance, value_id, 8);
    class_methods(k);
    say("  CallStaticIntMethod(calc, 1) (its breakpoint cleared): %d, Breakpoint events so far: %d",
        (int)(*jni)->CallStaticIntMethod(jni, k, calc_id, 1), breakpoints);
    check("  ClearBreakpoint(calc, 0)", (*env)->ClearBreakpoint(env, calc_id, 0));
    say("  ClassLoad events for Insp: %d, ClassPrepare events: %d", class_loads, class_prepares);
}
