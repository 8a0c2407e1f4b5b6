/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * The class functions called from ClassLoad and ClassPrepare callbacks for the classes
 * Target and TargetApi. In ClassLoad a class is loaded, not linked: GetClassStatus
 * answers 0 and GetClassMethods, GetClassFields and GetImplementedInterfaces answer
 * CLASS_NOT_PREPARED (HotSpot's answers, and the spec's for a class not prepared). In
 * ClassPrepare they answer the lists, and GetClassStatus is VERIFIED | PREPARED, not
 * INITIALIZED. Signature, modifiers, source file and version work in both events. Events
 * of different classes may come in any order, so each event's lines are kept and
 * printed at the end in a fixed order.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;

/* Lines of [class: 0 TargetApi, 1 Target][event: 0 load, 1 prepare]. */
static char logs[2][2][2048];
static size_t log_len[2][2];
static int cur_class, cur_event;

static void log_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void log_line(const char *fmt, ...)
{
    char *buf = logs[cur_class][cur_event];
    size_t *len = &log_len[cur_class][cur_event];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *len, sizeof logs[0][0] - *len - 1, fmt, ap);
    va_end(ap);
    if (n > 0) *len += (size_t)n;
    if (*len > sizeof logs[0][0] - 2) *len = sizeof logs[0][0] - 2;
    buf[(*len)++] = '\n';
    buf[*len] = 0;
}

static void logcheck(const char *what, jvmtiError e) { log_line("%s: %s", what, err_name(e)); }

static void members(const char *ev, jvmtiEnv *e, jclass k)
{
    jint nm = -1, nf = -1, ni = -1;
    jmethodID *ms = NULL;
    jfieldID *fs = NULL;
    jclass *is = NULL;
    jvmtiError em = (*e)->GetClassMethods(e, k, &nm, &ms);
    jvmtiError ef = (*e)->GetClassFields(e, k, &nf, &fs);
    jvmtiError ei = (*e)->GetImplementedInterfaces(e, k, &ni, &is);
    if (em || ef || ei)
        log_line("  %s: members: %s %s %s", ev, err_name(em), err_name(ef), err_name(ei));
    else
        log_line("  %s: %d methods, %d fields, %d interfaces", ev, (int)nm, (int)nf, (int)ni);
    if (ms) (*e)->Deallocate(e, (unsigned char *)ms);
    if (fs) (*e)->Deallocate(e, (unsigned char *)fs);
    if (is) (*e)->Deallocate(e, (unsigned char *)is);
}

static void event(const char *ev, jvmtiEnv *e, JNIEnv *jni, jclass k, int is_load)
{
    char *sig = NULL, *src = NULL;
    if ((*e)->GetClassSignature(e, k, &sig, NULL) != JVMTI_ERROR_NONE) return;
    if (strcmp(sig, "LTarget;") == 0 || strcmp(sig, "LTargetApi;") == 0) {
        jint mods = -1, st = -1, mi = -1, ma = -1;
        cur_class = strcmp(sig, "LTarget;") == 0;
        cur_event = !is_load;
        log_line("%s %s", ev, sig);
        logcheck("  GetClassModifiers", (*e)->GetClassModifiers(e, k, &mods));
        log_line("  modifiers 0x%04x", (unsigned)mods);
        logcheck("  GetSourceFileName", (*e)->GetSourceFileName(e, k, &src));
        if (src) log_line("  source %s", src);
        logcheck("  GetClassVersionNumbers", (*e)->GetClassVersionNumbers(e, k, &mi, &ma));
        logcheck("  GetClassStatus", (*e)->GetClassStatus(e, k, &st));
        log_line("  status %d: verified %s, prepared %s, initialized %s", (int)st,
                 st & JVMTI_CLASS_STATUS_VERIFIED ? "yes" : "no", st & JVMTI_CLASS_STATUS_PREPARED ? "yes" : "no",
                 st & JVMTI_CLASS_STATUS_INITIALIZED ? "yes" : "no");
        members(ev, e, k);
        if (src) (*e)->Deallocate(e, (unsigned char *)src);
    }
    (*e)->Deallocate(e, (unsigned char *)sig);
}

static void JNICALL on_load(jvmtiEnv *e, JNIEnv *jni, jthread t, jclass k) { event("ClassLoad", e, jni, k, 1); }
static void JNICALL on_prepare(jvmtiEnv *e, JNIEnv *jni, jthread t, jclass k) { event("ClassPrepare", e, jni, k, 0); }

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_get_source_file_name = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ClassLoad = on_load;
    cb.ClassPrepare = on_prepare;
    check("SetEventCallbacks", (*env)->SetEventCallbacks(env, &cb, (jint)sizeof cb));
    return 0;
}

JNIEXPORT void JNICALL Java_ClassEventsQueries_enable(JNIEnv *jni, jclass cls)
{
    check("enable ClassLoad", (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_CLASS_LOAD, NULL));
    check("enable ClassPrepare", (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_CLASS_PREPARE, NULL));
}

JNIEXPORT void JNICALL Java_ClassEventsQueries_disable(JNIEnv *jni, jclass cls)
{
    check("disable ClassLoad", (*env)->SetEventNotificationMode(env, JVMTI_DISABLE, JVMTI_EVENT_CLASS_LOAD, NULL));
    check("disable ClassPrepare", (*env)->SetEventNotificationMode(env, JVMTI_DISABLE, JVMTI_EVENT_CLASS_PREPARE, NULL));
    for (int c = 0; c < 2; c++)
        for (int ev = 0; ev < 2; ev++) fputs(log_len[c][ev] ? logs[c][ev] : "(event missing)\n", stdout);
    fflush(stdout);
}
