/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * RedefineAsgct: AsyncGetCallTrace (found with dlsym, declared here as profilers declare
 * it) called from a SIGPROF handler on Java threads whose frames run methods of a class
 * that is being redefined. A sampling thread of the agent's own sends SIGPROF to the
 * registered threads every half millisecond; the handler stores each trace in a
 * preallocated table (no allocation in the handler); checkSamples checks the stored
 * frames with JVMTI, and report() prints the counts of problems found. Frames whose
 * jmethodID answers INVALID_METHODID (an old version freed since) and traces without
 * frames (HotSpot cannot walk some samples) are allowed and not printed.
 */
#include <stdatomic.h>
#include <stdbool.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "jvmti_test.h"
#include "asgct_test.h"

#define DEPTH 16
#define MAX_RECORDS 40000
#define MAX_TARGETS 4

typedef struct {
    atomic_int ready; /* set (release) once the record is written */
    jint num_frames;
    CallFrame frames[DEPTH];
} Record;

static jvmtiEnv *jvmti;
static AsgctFn asgct;
static Record *records;
static atomic_int next_record; /* records reserved */
static int checked_records;    /* records checkSamples has gone through */

static struct {
    pid_t tid;
    JNIEnv *env;
} targets[MAX_TARGETS];
static atomic_int ntargets;

static pthread_t sampler;
static atomic_bool sampling;

/* Problems found, by kind. */
static long bad_name, bad_class, bad_location, bad_bci, bad_native, spin_frames;

static void on_sigprof(int sig, siginfo_t *si, void *uc)
{
    pid_t self = (pid_t)syscall(SYS_gettid);
    JNIEnv *env = NULL;
    int n = atomic_load(&ntargets);
    for (int i = 0; i < n; i++)
        if (targets[i].tid == self) env = targets[i].env;
    if (env == NULL) return;
    CallFrame frames[DEPTH];
    CallTrace t = {env, 0, frames};
    asgct(&t, DEPTH, uc);
    int r = atomic_fetch_add(&next_record, 1);
    if (r >= MAX_RECORDS) return;
    records[r].num_frames = t.num_frames;
    if (t.num_frames > 0) memcpy(records[r].frames, frames, (size_t)t.num_frames * sizeof *frames);
    atomic_store_explicit(&records[r].ready, 1, memory_order_release);
}

static void *sample_loop(void *arg)
{
    struct timespec half_ms = {0, 500000};
    pid_t pid = getpid();
    while (atomic_load(&sampling)) {
        int n = atomic_load(&ntargets);
        for (int i = 0; i < n; i++) syscall(SYS_tgkill, pid, targets[i].tid, SIGPROF);
        nanosleep(&half_ms, NULL);
    }
    return NULL;
}

JNIEXPORT void JNICALL Java_RedefineAsgct_register(JNIEnv *env, jclass c)
{
    int i = atomic_load(&ntargets);
    if (i == MAX_TARGETS) return;
    targets[i].tid = (pid_t)syscall(SYS_gettid);
    targets[i].env = env;
    atomic_store(&ntargets, i + 1); /* the caller registers one thread at a time */
}

JNIEXPORT void JNICALL Java_RedefineAsgct_startSampling(JNIEnv *env, jclass c)
{
    atomic_store(&sampling, true);
    pthread_create(&sampler, NULL, sample_loop, NULL);
}

JNIEXPORT void JNICALL Java_RedefineAsgct_stopSampling(JNIEnv *env, jclass c)
{
    atomic_store(&sampling, false);
    pthread_join(sampler, NULL);
}

/* The last location of each of Target's methods, the larger of its two versions': a
 * jmethodID names the current version (JVMTI), and a sample taken of a frame running
 * the other version may be checked after the method changed, when its location range is
 * the other version's. */
#define MAX_TARGET_METHODS 8
static struct {
    char name[32];
    jlocation end;
} target_ends[MAX_TARGET_METHODS];
static int ntarget_ends;

static jlocation target_end(const char *name)
{
    for (int i = 0; i < ntarget_ends; i++)
        if (strcmp(target_ends[i].name, name) == 0) return target_ends[i].end;
    return -1;
}

JNIEXPORT void JNICALL Java_RedefineAsgct_noteVersion(JNIEnv *env, jclass c, jclass target)
{
    jint n;
    jmethodID *ms;
    if ((*jvmti)->GetClassMethods(jvmti, target, &n, &ms) != JVMTI_ERROR_NONE) return;
    for (jint i = 0; i < n; i++) {
        char *name;
        jlocation start, end;
        if ((*jvmti)->GetMethodName(jvmti, ms[i], &name, NULL, NULL) != JVMTI_ERROR_NONE) continue;
        if ((*jvmti)->GetMethodLocation(jvmti, ms[i], &start, &end) == JVMTI_ERROR_NONE) {
            int k = 0;
            while (k < ntarget_ends && strcmp(target_ends[k].name, name) != 0) k++;
            if (k == ntarget_ends && k < MAX_TARGET_METHODS && strlen(name) < sizeof target_ends[k].name) {
                strcpy(target_ends[k].name, name);
                target_ends[k].end = -1;
                ntarget_ends++;
            }
            if (k < ntarget_ends && end > target_ends[k].end) target_ends[k].end = end;
        }
        (*jvmti)->Deallocate(jvmti, (unsigned char *)name);
    }
    (*jvmti)->Deallocate(jvmti, (unsigned char *)ms);
}

static void check_frame(JNIEnv *env, const CallFrame *f)
{
    char *name = NULL, *csig = NULL;
    jclass k = NULL;
    bool target = false;
    if (f->method_id == NULL) return; /* HotSpot: an old version without a jmethodID */
    jvmtiError e = (*jvmti)->GetMethodName(jvmti, f->method_id, &name, NULL, NULL);
    if (e == JVMTI_ERROR_INVALID_METHODID) return;
    if (e != JVMTI_ERROR_NONE) {
        bad_name++;
        return;
    }
    if ((*jvmti)->GetMethodDeclaringClass(jvmti, f->method_id, &k) != JVMTI_ERROR_NONE ||
        (*jvmti)->GetClassSignature(jvmti, k, &csig, NULL) != JVMTI_ERROR_NONE) {
        bad_class++;
    } else if (strcmp(csig, "LTarget;") == 0) {
        target = true;
        if (strcmp(name, "spin") == 0) spin_frames++;
    }
    jboolean native = JNI_FALSE;
    (*jvmti)->IsMethodNative(jvmti, f->method_id, &native);
    if (f->lineno == -3) {
        if (!native) bad_native++;
    } else {
        jlocation start, end;
        if ((*jvmti)->GetMethodLocation(jvmti, f->method_id, &start, &end) != JVMTI_ERROR_NONE)
            bad_location++;
        else if (f->lineno < start || f->lineno > (target ? target_end(name) : end))
            bad_bci++;
    }
    if (k != NULL) (*env)->DeleteLocalRef(env, k);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)name);
    if (csig != NULL) (*jvmti)->Deallocate(jvmti, (unsigned char *)csig);
}

JNIEXPORT jint JNICALL Java_RedefineAsgct_checkSamples(JNIEnv *env, jclass c)
{
    jint frames = 0;
    int end = atomic_load(&next_record);
    if (end > MAX_RECORDS) end = MAX_RECORDS;
    for (; checked_records < end; checked_records++) {
        Record *r = &records[checked_records];
        if (!atomic_load_explicit(&r->ready, memory_order_acquire)) break; /* being written */
        for (jint i = 0; i < r->num_frames; i++) check_frame(env, &r->frames[i]);
        if (r->num_frames > 0) frames += r->num_frames;
    }
    return frames;
}

JNIEXPORT jstring JNICALL Java_RedefineAsgct_report(JNIEnv *env, jclass c)
{
    char buf[512];
    snprintf(buf, sizeof buf,
             "frames whose GetMethodName failed otherwise: %ld\n"
             "frames whose class could not be read: %ld\n"
             "frames without a method location: %ld\n"
             "frames with a bci outside their method: %ld\n"
             "native frames of non-native methods: %ld\n"
             "Target.spin sampled: %s\n",
             bad_name, bad_class, bad_location, bad_bci, bad_native, spin_frames > 0 ? "yes" : "no");
    return (*env)->NewStringUTF(env, buf);
}

JNIEXPORT jint JNICALL Java_RedefineAsgct_redefine(JNIEnv *jni, jclass cls, jclass target, jbyteArray bytes)
{
    jvmtiError e = redefine_array(jvmti, jni, target, bytes);
    if (e != JVMTI_ERROR_NONE) say("RedefineClasses: %s", err_name(e));
    return (jint)e;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmti = new_env(vm);
    if (jvmti == NULL) return 1;
    records = calloc(MAX_RECORDS, sizeof *records);
    if (records == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_redefine_classes = 1;
    check("AddCapabilities", (*jvmti)->AddCapabilities(jvmti, &caps));
    asgct = asgct_setup(jvmti, on_sigprof);
    if (asgct == NULL) return 1;
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_CLASS_LOAD, NULL);
    return 0;
}
