/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI field watches: SetFieldAccessWatch, ClearFieldAccessWatch,
 * SetFieldModificationWatch, ClearFieldModificationWatch and the FieldAccess and
 * FieldModification events. Watched fields of every type, instance and static, read and
 * written by bytecode and by JNI (reported at the native method's frame); each event on
 * the accessing thread with the method, location, field class, object (NULL for a static
 * field), field and, for a modification, the signature type and new value; a static
 * field written by <clinit> run by the first read, before that read's event; a null
 * object's field read or written throws NullPointerException without an event; a
 * breakpoint at a watched read comes first; another thread's accesses; cleared watches
 * post nothing more. Errors: DUPLICATE, NOT_FOUND, INVALID_CLASS, INVALID_FIELDID, and
 * MUST_POSSESS_CAPABILITY without the capabilities.
 */
#include "jvmti_test.h"

static jvmtiEnv *plain, *env;
static jclass main_cls;
static jfieldID fid_i, fid_j, fid_counter, fid_name, fid_unwatched;
static int accesses, modifications;

/* False if f is not a field of c. HotSpot 17 posts FieldAccess/FieldModification for
 * an instance field of a null object (whose access then throws NullPointerException),
 * taking it for a static field and passing a field ID that is not c's; the spec has an
 * event only for an access about to happen, so those are skipped there. */
static int describe_field(jclass c, jfieldID f, char *out, size_t n)
{
    char *cs = NULL, *fn = NULL;
    (*env)->GetClassSignature(env, c, &cs, NULL);
    jvmtiError err = (*env)->GetFieldName(env, c, f, &fn, NULL, NULL);
    snprintf(out, n, "%s.%s", cs ? cs : "?", fn ? fn : "?");
    (*env)->Deallocate(env, (unsigned char *)cs);
    (*env)->Deallocate(env, (unsigned char *)fn);
    if (err != JVMTI_ERROR_NONE && !is_hotspot(env)) say("GetFieldName of the event's field: %s", err_name(err));
    return err == JVMTI_ERROR_NONE;
}

static void describe_where(jthread t, jmethodID m, jlocation loc, char *out, size_t n)
{
    char *mn = NULL;
    jvmtiThreadInfo ti;
    memset(&ti, 0, sizeof ti);
    (*env)->GetMethodName(env, m, &mn, NULL, NULL);
    (*env)->GetThreadInfo(env, t, &ti);
    jmethodID fm = NULL;
    jlocation floc = -2;
    (*env)->GetFrameLocation(env, NULL, 0, &fm, &floc);
    snprintf(out, n, "in %s at %lld on %s (frame 0 %s)", mn ? mn : "?", (long long)loc, ti.name ? ti.name : "?",
             fm == m && floc == loc ? "agrees" : "differs");
    (*env)->Deallocate(env, (unsigned char *)mn);
    (*env)->Deallocate(env, (unsigned char *)ti.name);
}

static void describe_object(JNIEnv *jni, jobject o, char *out, size_t n)
{
    if (o == NULL) {
        snprintf(out, n, "null");
        return;
    }
    jclass c = (*jni)->GetObjectClass(jni, o);
    char *cs = NULL;
    (*env)->GetClassSignature(env, c, &cs, NULL);
    if (cs != NULL && strcmp(cs, "Ljava/lang/String;") == 0) {
        const char *u = (*jni)->GetStringUTFChars(jni, (jstring)o, NULL);
        snprintf(out, n, "\"%s\"", u);
        (*jni)->ReleaseStringUTFChars(jni, (jstring)o, u);
    } else {
        snprintf(out, n, "a %s", cs ? cs : "?");
    }
    (*env)->Deallocate(env, (unsigned char *)cs);
}

static void JNICALL access_cb(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation loc, jclass fc, jobject o,
                              jfieldID f)
{
    char field[128], where[160], obj[128];
    if (!describe_field(fc, f, field, sizeof field) && is_hotspot(env)) return;
    describe_where(t, m, loc, where, sizeof where);
    describe_object(jni, o, obj, sizeof obj);
    say("FieldAccess %s %s object %s", field, where, obj);
    accesses++;
}

static void JNICALL modification_cb(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation loc, jclass fc,
                                    jobject o, jfieldID f, char sig, jvalue v)
{
    char field[128], where[160], obj[128], val[128];
    if (!describe_field(fc, f, field, sizeof field) && is_hotspot(env)) return;
    describe_where(t, m, loc, where, sizeof where);
    describe_object(jni, o, obj, sizeof obj);
    switch (sig) {
    case 'Z': snprintf(val, sizeof val, "%d", v.z); break;
    case 'B': snprintf(val, sizeof val, "%d", v.b); break;
    case 'C': snprintf(val, sizeof val, "'%c'", (char)v.c); break;
    case 'S': snprintf(val, sizeof val, "%d", v.s); break;
    case 'I': snprintf(val, sizeof val, "%d", (int)v.i); break;
    case 'J': snprintf(val, sizeof val, "%lld", (long long)v.j); break;
    case 'F': snprintf(val, sizeof val, "%g", v.f); break;
    case 'D': snprintf(val, sizeof val, "%g", v.d); break;
    case 'L': describe_object(jni, v.l, val, sizeof val); break;
    default: snprintf(val, sizeof val, "?"); break;
    }
    say("FieldModification %s %s object %s: %c %s", field, where, obj, sig, val);
    modifications++;
}

static void JNICALL breakpoint_cb(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation loc)
{
    char where[160];
    describe_where(t, m, loc, where, sizeof where);
    say("Breakpoint %s", where);
    check("ClearBreakpoint", (*env)->ClearBreakpoint(env, m, loc));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    plain = new_env(vm);
    env = new_env(vm);
    if (plain == NULL || env == NULL) return 1;
    check("enable FieldAccess without can_generate_field_access_events",
          (*plain)->SetEventNotificationMode(plain, JVMTI_ENABLE, JVMTI_EVENT_FIELD_ACCESS, NULL));
    check("enable FieldModification without can_generate_field_modification_events",
          (*plain)->SetEventNotificationMode(plain, JVMTI_ENABLE, JVMTI_EVENT_FIELD_MODIFICATION, NULL));
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_field_access_events = 1;
    caps.can_generate_field_modification_events = 1;
    caps.can_generate_breakpoint_events = 1;
    caps.can_get_line_numbers = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    jvmtiEventCallbacks cbs;
    memset(&cbs, 0, sizeof cbs);
    cbs.FieldAccess = access_cb;
    cbs.FieldModification = modification_cb;
    cbs.Breakpoint = breakpoint_cb;
    check("SetEventCallbacks", (*env)->SetEventCallbacks(env, &cbs, sizeof cbs));
    check("enable FieldAccess", (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_FIELD_ACCESS, NULL));
    check("enable FieldModification",
          (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_FIELD_MODIFICATION, NULL));
    check("enable Breakpoint", (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_BREAKPOINT, NULL));
    return 0;
}

static void watch_both(JNIEnv *jni, jclass c, const char *name, const char *sig, int is_static)
{
    jfieldID f = is_static ? (*jni)->GetStaticFieldID(jni, c, name, sig) : (*jni)->GetFieldID(jni, c, name, sig);
    jvmtiError a = (*env)->SetFieldAccessWatch(env, c, f);
    jvmtiError m = (*env)->SetFieldModificationWatch(env, c, f);
    if (a != JVMTI_ERROR_NONE || m != JVMTI_ERROR_NONE) say("watching %s: %s, %s", name, err_name(a), err_name(m));
}

JNIEXPORT void JNICALL Java_FieldWatches_setup(JNIEnv *jni, jclass c, jclass lazy)
{
    main_cls = (*jni)->NewGlobalRef(jni, c);
    fid_i = (*jni)->GetFieldID(jni, c, "i", "I");
    fid_j = (*jni)->GetFieldID(jni, c, "j", "J");
    fid_counter = (*jni)->GetStaticFieldID(jni, c, "counter", "I");
    fid_name = (*jni)->GetStaticFieldID(jni, c, "name", "Ljava/lang/String;");
    fid_unwatched = (*jni)->GetFieldID(jni, c, "unwatched", "I");

    check("SetFieldAccessWatch without capability", (*plain)->SetFieldAccessWatch(plain, c, fid_i));
    check("ClearFieldAccessWatch without capability", (*plain)->ClearFieldAccessWatch(plain, c, fid_i));
    check("SetFieldModificationWatch without capability", (*plain)->SetFieldModificationWatch(plain, c, fid_i));
    check("ClearFieldModificationWatch without capability", (*plain)->ClearFieldModificationWatch(plain, c, fid_i));

    check("ClearFieldAccessWatch(i) before setting", (*env)->ClearFieldAccessWatch(env, c, fid_i));
    check("ClearFieldModificationWatch(i) before setting", (*env)->ClearFieldModificationWatch(env, c, fid_i));
    static const char *const names[] = {"z", "b", "c", "s", "i", "j", "f", "d", "str", "arr"};
    static const char *const sigs[] = {"Z", "B", "C", "S", "I", "J", "F", "D", "Ljava/lang/String;", "[I"};
    for (int k = 0; k < 10; k++) watch_both(jni, c, names[k], sigs[k], 0);
    watch_both(jni, c, "counter", "I", 1);
    watch_both(jni, c, "name", "Ljava/lang/String;", 1);
    /* Lazy.x found through JVMTI: JNI's GetStaticFieldID would initialize Lazy. */
    jint nf = 0;
    jfieldID *fs = NULL, x = NULL;
    check("GetClassFields(Lazy)", (*env)->GetClassFields(env, lazy, &nf, &fs));
    for (jint k = 0; k < nf; k++) {
        char *fn = NULL;
        (*env)->GetFieldName(env, lazy, fs[k], &fn, NULL, NULL);
        if (fn != NULL && strcmp(fn, "x") == 0) x = fs[k];
        (*env)->Deallocate(env, (unsigned char *)fn);
    }
    (*env)->Deallocate(env, (unsigned char *)fs);
    check("SetFieldAccessWatch(Lazy, a field of FieldWatches)", (*env)->SetFieldAccessWatch(env, lazy, fid_i));
    check("SetFieldModificationWatch(Lazy.x)", (*env)->SetFieldModificationWatch(env, lazy, x));
    check("SetFieldAccessWatch(Lazy.x)", (*env)->SetFieldAccessWatch(env, lazy, x));

    check("SetFieldAccessWatch(i) again", (*env)->SetFieldAccessWatch(env, c, fid_i));
    check("SetFieldModificationWatch(i) again", (*env)->SetFieldModificationWatch(env, c, fid_i));
    check("SetFieldAccessWatch(NULL class)", (*env)->SetFieldAccessWatch(env, NULL, fid_i));
    check("SetFieldModificationWatch(NULL class)", (*env)->SetFieldModificationWatch(env, NULL, fid_i));
    check("ClearFieldAccessWatch(NULL class)", (*env)->ClearFieldAccessWatch(env, NULL, fid_i));
    check("ClearFieldModificationWatch(NULL class)", (*env)->ClearFieldModificationWatch(env, NULL, fid_i));
    check("SetFieldAccessWatch(NULL field)", (*env)->SetFieldAccessWatch(env, c, NULL));
    check("SetFieldModificationWatch(NULL field)", (*env)->SetFieldModificationWatch(env, c, NULL));
    check("ClearFieldAccessWatch(NULL field)", (*env)->ClearFieldAccessWatch(env, c, NULL));
    check("ClearFieldModificationWatch(NULL field)", (*env)->ClearFieldModificationWatch(env, c, NULL));
    jclass not_a_class = (jclass)(*jni)->NewStringUTF(jni, "not a class");
    check("SetFieldAccessWatch(a string as the class)", (*env)->SetFieldAccessWatch(env, not_a_class, fid_i));
}

JNIEXPORT void JNICALL Java_FieldWatches_jniAccess(JNIEnv *jni, jclass c, jobject o)
{
    say("JNI: i = %d", (int)(*jni)->GetIntField(jni, o, fid_i));
    (*jni)->SetLongField(jni, o, fid_j, -5);
    say("JNI: counter = %d", (int)(*jni)->GetStaticIntField(jni, c, fid_counter));
    jstring s = (*jni)->NewStringUTF(jni, "jni");
    (*jni)->SetStaticObjectField(jni, c, fid_name, s);
    (*jni)->SetIntField(jni, o, fid_unwatched, 8);
    say("JNI: unwatched = %d", (int)(*jni)->GetIntField(jni, o, fid_unwatched));
}

JNIEXPORT void JNICALL Java_FieldWatches_breakAt(JNIEnv *jni, jclass c, jint unused)
{
    /* A breakpoint at the start of the caller's next line, the read of a watched field. */
    jmethodID m;
    jlocation here;
    check("GetFrameLocation", (*env)->GetFrameLocation(env, NULL, 1, &m, &here));
    jint n = 0;
    jvmtiLineNumberEntry *t = NULL;
    (*env)->GetLineNumberTable(env, m, &n, &t);
    jint line = -1;
    jlocation best = -1;
    for (jint k = 0; k < n; k++)
        if (t[k].start_location <= here && t[k].start_location > best) best = t[k].start_location, line = t[k].line_number;
    for (jint k = 0; k < n; k++)
        if (t[k].line_number == line + 1) check("SetBreakpoint", (*env)->SetBreakpoint(env, m, t[k].start_location));
    (*env)->Deallocate(env, (unsigned char *)t);
}

JNIEXPORT void JNICALL Java_FieldWatches_clearSome(JNIEnv *jni, jclass c)
{
    check("ClearFieldAccessWatch(i)", (*env)->ClearFieldAccessWatch(env, c, fid_i));
    check("ClearFieldAccessWatch(i) again", (*env)->ClearFieldAccessWatch(env, c, fid_i));
    check("ClearFieldModificationWatch(j)", (*env)->ClearFieldModificationWatch(env, c, fid_j));
    check("ClearFieldModificationWatch(j) again", (*env)->ClearFieldModificationWatch(env, c, fid_j));
    check("ClearFieldModificationWatch(unwatched)", (*env)->ClearFieldModificationWatch(env, c, fid_unwatched));
}

JNIEXPORT void JNICALL Java_FieldWatches_report(JNIEnv *jni, jclass c)
{
    say("%d FieldAccess, %d FieldModification events", accesses, modifications);
}
