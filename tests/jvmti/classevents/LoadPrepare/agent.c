/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * ClassLoad and ClassPrepare (see LoadPrepare.java). The agent records, for the test's
 * own classes, how many events of each kind came, in which order (a global sequence
 * number), on which thread, the class status at ClassLoad, and at ClassPrepare the class
 * status and the numbers of methods, fields and implemented interfaces. report() prints
 * a class's record. A class is loaded, then linked (verified and prepared: ClassPrepare)
 * only when it is initialized or reflection links it, as in HotSpot.
 */
#include <pthread.h>

#include "jvmti_test.h"

static jvmtiEnv *e;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int seq;

typedef struct Rec {
    char sig[128];
    int loads, prepares, load_seq, prepare_seq;
    char load_thread[64], prepare_thread[64];
    jint load_status, status, methods, fields, interfaces;
} Rec;

static Rec recs[64];
static int nrecs, array_events;
static const char *base_listed = "not checked"; /* Base in GetLoadedClasses at its ClassLoad */

static const char *own[] = {"LBase;", "LIface;", "LImpl;", "LSolo;", "LElem;", "LOnA;", "LOnB;", "LHiddenK",
                            "LOnlyLoaded;", NULL};

static Rec *rec_for(const char *sig)
{
    for (int i = 0; i < nrecs; i++)
        if (strcmp(recs[i].sig, sig) == 0) return &recs[i];
    if (nrecs == 64) return NULL;
    Rec *r = &recs[nrecs++];
    snprintf(r->sig, sizeof r->sig, "%s", sig);
    return r;
}

/* The record key of a class of the test: its signature, or "LHiddenK" for the hidden
 * class (whose name has a VM-chosen suffix); NULL for other classes. */
static const char *key_of(const char *sig)
{
    if (sig[0] == '[') return strstr(sig, "Elem") || strstr(sig, "Solo") ? "[" : NULL;
    for (int i = 0; own[i]; i++) {
        size_t n = strlen(own[i]);
        if (strncmp(sig, own[i], n) == 0) {
            if (own[i][n - 1] == ';') return sig[n] == 0 ? own[i] : NULL;
            return sig[n] == '/' || sig[n] == '.' ? own[i] : NULL;
        }
    }
    return NULL;
}

static void thread_name(jvmtiEnv *env, jthread t, char *buf, size_t n)
{
    jvmtiThreadInfo info;
    if ((*env)->GetThreadInfo(env, t, &info) != JVMTI_ERROR_NONE) {
        snprintf(buf, n, "?");
        return;
    }
    snprintf(buf, n, "%s", info.name);
    (*env)->Deallocate(env, (unsigned char *)info.name);
}

static void JNICALL on_load(jvmtiEnv *env, JNIEnv *jni, jthread thread, jclass klass)
{
    char *sig = NULL;
    if ((*env)->GetClassSignature(env, klass, &sig, NULL) != JVMTI_ERROR_NONE) return;
    const char *key = key_of(sig);
    (*env)->Deallocate(env, (unsigned char *)sig);
    if (key == NULL) return;
    jint status = -1;
    (*env)->GetClassStatus(env, klass, &status);
    if (strcmp(key, "LBase;") == 0) {
        jint n = 0;
        jclass *all = NULL;
        base_listed = "no";
        if ((*env)->GetLoadedClasses(env, &n, &all) == JVMTI_ERROR_NONE) {
            for (jint i = 0; i < n; i++)
                if ((*jni)->IsSameObject(jni, all[i], klass)) base_listed = "yes";
            (*env)->Deallocate(env, (unsigned char *)all);
        }
    }
    pthread_mutex_lock(&lock);
    if (key[0] == '[') {
        array_events++;
    } else {
        Rec *r = rec_for(key);
        if (r) {
            r->loads++;
            r->load_seq = ++seq;
            r->load_status = status;
            thread_name(env, thread, r->load_thread, sizeof r->load_thread);
        }
    }
    pthread_mutex_unlock(&lock);
}

static void JNICALL on_prepare(jvmtiEnv *env, JNIEnv *jni, jthread thread, jclass klass)
{
    char *sig = NULL;
    if ((*env)->GetClassSignature(env, klass, &sig, NULL) != JVMTI_ERROR_NONE) return;
    const char *key = key_of(sig);
    (*env)->Deallocate(env, (unsigned char *)sig);
    if (key == NULL) return;
    jint status = 0, nm = -1, nf = -1, ni = -1;
    jmethodID *ms = NULL;
    jfieldID *fs = NULL;
    jclass *is = NULL;
    (*env)->GetClassStatus(env, klass, &status);
    if ((*env)->GetClassMethods(env, klass, &nm, &ms) == JVMTI_ERROR_NONE) (*env)->Deallocate(env, (unsigned char *)ms);
    if ((*env)->GetClassFields(env, klass, &nf, &fs) == JVMTI_ERROR_NONE) (*env)->Deallocate(env, (unsigned char *)fs);
    if ((*env)->GetImplementedInterfaces(env, klass, &ni, &is) == JVMTI_ERROR_NONE)
        (*env)->Deallocate(env, (unsigned char *)is);
    pthread_mutex_lock(&lock);
    if (key[0] == '[') {
        array_events++;
    } else {
        Rec *r = rec_for(key);
        if (r) {
            r->prepares++;
            r->prepare_seq = ++seq;
            r->status = status;
            r->methods = nm;
            r->fields = nf;
            r->interfaces = ni;
            thread_name(env, thread, r->prepare_thread, sizeof r->prepare_thread);
        }
    }
    pthread_mutex_unlock(&lock);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    e = new_env(vm);
    if (e == NULL) return 1;
    jvmtiEventCallbacks cbs;
    memset(&cbs, 0, sizeof cbs);
    cbs.ClassLoad = on_load;
    cbs.ClassPrepare = on_prepare;
    check("SetEventCallbacks", (*e)->SetEventCallbacks(e, &cbs, sizeof cbs));
    return 0;
}

JNIEXPORT void JNICALL Java_LoadPrepare_enableGlobal(JNIEnv *jni, jclass c, jboolean on)
{
    jvmtiEventMode m = on ? JVMTI_ENABLE : JVMTI_DISABLE;
    check(on ? "enable ClassLoad" : "disable ClassLoad", (*e)->SetEventNotificationMode(e, m, JVMTI_EVENT_CLASS_LOAD, NULL));
    check(on ? "enable ClassPrepare" : "disable ClassPrepare",
          (*e)->SetEventNotificationMode(e, m, JVMTI_EVENT_CLASS_PREPARE, NULL));
}

JNIEXPORT void JNICALL Java_LoadPrepare_enableFor(JNIEnv *jni, jclass c, jthread t, jboolean on)
{
    jvmtiEventMode m = on ? JVMTI_ENABLE : JVMTI_DISABLE;
    check(on ? "enable ClassLoad for thread" : "disable ClassLoad for thread",
          (*e)->SetEventNotificationMode(e, m, JVMTI_EVENT_CLASS_LOAD, t));
    check(on ? "enable ClassPrepare for thread" : "disable ClassPrepare for thread",
          (*e)->SetEventNotificationMode(e, m, JVMTI_EVENT_CLASS_PREPARE, t));
}

static Rec *find_rec(const char *key)
{
    for (int i = 0; i < nrecs; i++)
        if (strcmp(recs[i].sig, key) == 0) return &recs[i];
    return NULL;
}

JNIEXPORT void JNICALL Java_LoadPrepare_report(JNIEnv *jni, jclass c, jstring name)
{
    const char *n = (*jni)->GetStringUTFChars(jni, name, NULL);
    char key[128];
    snprintf(key, sizeof key, "L%s;", n);
    pthread_mutex_lock(&lock);
    Rec *r = find_rec(key);
    if (r == NULL) {
        say("%s: no events", n);
    } else {
        say("%s: %d ClassLoad on %s, %d ClassPrepare on %s, load first: %s", n, r->loads, r->load_thread, r->prepares,
            r->prepares ? r->prepare_thread : "-", r->prepares == 0 || r->load_seq < r->prepare_seq ? "yes" : "no");
        say("%s at load: status %d", n, (int)r->load_status);
        if (r->prepares)
            say("%s at prepare: status %d (verified %s, prepared %s, initialized %s, error %s), methods %d, fields %d, "
                "interfaces %d",
                n, (int)r->status, r->status & JVMTI_CLASS_STATUS_VERIFIED ? "yes" : "no",
                r->status & JVMTI_CLASS_STATUS_PREPARED ? "yes" : "no",
                r->status & JVMTI_CLASS_STATUS_INITIALIZED ? "yes" : "no",
                r->status & JVMTI_CLASS_STATUS_ERROR ? "yes" : "no", r->methods, r->fields, r->interfaces);
        if (strcmp(n, "Elem") == 0) say("array class events: %d", array_events);
        if (strcmp(n, "Base") == 0) say("Base in GetLoadedClasses during its ClassLoad: %s", base_listed);
        if (strcmp(n, "Impl") == 0) {
            Rec *b = find_rec("LBase;"), *i = find_rec("LIface;");
            say("Base and Iface loaded before Impl: %s",
                b && i && b->load_seq < r->load_seq && i->load_seq < r->load_seq ? "yes" : "no");
            say("Base and Iface prepared before Impl: %s",
                b && i && b->prepare_seq < r->prepare_seq && i->prepare_seq < r->prepare_seq ? "yes" : "no");
        }
    }
    pthread_mutex_unlock(&lock);
    (*jni)->ReleaseStringUTFChars(jni, name, n);
}

JNIEXPORT void JNICALL Java_LoadPrepare_reportHidden(JNIEnv *jni, jclass c)
{
    pthread_mutex_lock(&lock);
    Rec *r = find_rec("LHiddenK");
    if (r == NULL)
        say("hidden HiddenK: no events");
    else
        say("hidden HiddenK: %d ClassLoad on %s, %d ClassPrepare on %s, methods %d, fields %d", r->loads,
            r->load_thread, r->prepares, r->prepare_thread, r->methods, r->fields);
    pthread_mutex_unlock(&lock);
}
