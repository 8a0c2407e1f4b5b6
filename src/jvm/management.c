// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * management.c — JVM_GetManagement and the JMM function table (jmm.h) the JDK's
 * libmanagement and libmanagement_ext call for java.lang.management and
 * com.sun.management; here the table itself, versions and optional support, the VM-wide
 * long and boolean attributes (RuntimeMXBean, ClassLoadingMXBean, ThreadMXBean counts,
 * verbose switches), statistics resets, the -XX flags of HotSpotDiagnosticMXBean
 * (flags.h), the slots other modules own (DumpHeap0, the diagnostic commands), and the
 * "Notification Thread" that runs the Java side of memory-threshold and GC notifications
 * (management_memory.c queues the work).
 *
 * Contracts: see management.h. The table is constant and shared by every caller.
 */
#include "management.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../os/os.h"
#include "heapdump.h"
#include "../vm/class.h"
#include "../vm/interp.h"
#include "../vm/jnienter.h"
#include "../vm/loader.h"
#include "../vm/log.h"
#include "../vm/options.h"
#include "../vm/ref.h"
#include "../vm/string.h"
#include "../vm/sym.h"
#include "../vm/thread.h"
#include "../vm/wellknown.h"
#include "boot.h"
#include "dcmd.h"
#include "flags.h"
#include "jvm.h"
#include "management_agent.h"
#include "perfdata.h"

static int64_t init_done_millis; /* wall clock ms when VM creation finished */

int64_t mgmt_uptime_ms(void) { return (os_nanotime() - vm_start_ns) / 1000000; }

bool mgmt_throw(JNIEnv *env, const char *cls, const char *msg)
{
    jclass c = (*env)->FindClass(env, cls);
    if (c != NULL) (*env)->ThrowNew(env, c, msg);
    return false;
}

jobject mgmt_new_memory_usage(JNIEnv *env, int64_t init, int64_t used, int64_t committed, int64_t max)
{
    static jclass cls;
    static jmethodID ctor;
    if (ctor == NULL) {
        jclass c = (*env)->FindClass(env, "java/lang/management/MemoryUsage");
        if (c == NULL) return NULL;
        jmethodID m = (*env)->GetMethodID(env, c, "<init>", "(JJJJ)V");
        if (m == NULL) return NULL;
        cls = (*env)->NewGlobalRef(env, c);
        ctor = m;
    }
    return (*env)->NewObject(env, cls, ctor, (jlong)init, (jlong)used, (jlong)committed, (jlong)max);
}

/* ------------------------------------------------------------------------------------ */
/* Versions, optional support, attributes                                               */
/* ------------------------------------------------------------------------------------ */

static jint JNICALL jmm_GetVersion(JNIEnv *env) { return JMM_VERSION; }

/* JMM: GetOptionalSupport. Everything java.lang.management can ask for is supported. */
static jint JNICALL jmm_GetOptionalSupport(JNIEnv *env, jmmOptionalSupport *support)
{
    if (support == NULL) return -1;
    memset(support, 0, sizeof *support);
    support->isLowMemoryDetectionSupported = 1;
    support->isCompilationTimeMonitoringSupported = 0; /* an interpreter: nothing to time */
    support->isThreadContentionMonitoringSupported = 1;
    bool cpu = os_thread_cpu_time() >= 0;
    support->isCurrentThreadCpuTimeSupported = cpu;
    support->isOtherThreadCpuTimeSupported = cpu;
    support->isObjectMonitorUsageSupported = 1;
    support->isSynchronizerUsageSupported = 1;
    support->isThreadAllocatedMemorySupported = 1;
    /* The DiagnosticCommand MBean exists; its command list is the dcmd slots' (below). */
    support->isRemoteDiagnosticCommandsSupported = 1;
    return 0;
}

static jlong vm_attribute(jmmLongAttribute att)
{
    ThreadCounts tc;
    SafepointStats sp;
    LoaderStats ls;
    uint64_t clinits, clinit_ns, verify_ns;
    switch (att) {
    /* ClassLoadingMXBean: the loader's cumulative counts (the same as jstat -class's),
     * so that getTotalLoadedClassCount never goes down when classes are unloaded. */
    case JMM_CLASS_LOADED_COUNT: loader_stats(&ls); return (jlong)ls.loaded_classes;
    case JMM_CLASS_UNLOADED_COUNT: loader_stats(&ls); return (jlong)ls.unloaded_classes;
    case JMM_CLASS_LOADED_BYTES: loader_stats(&ls); return (jlong)ls.loaded_bytes;
    case JMM_CLASS_UNLOADED_BYTES: loader_stats(&ls); return (jlong)ls.unloaded_bytes;
    case JMM_TOTAL_CLASSLOAD_TIME_MS: loader_stats(&ls); return (jlong)(ls.time_ns / 1000000);
    case JMM_CLASS_INIT_TOTAL_COUNT: class_link_stats(&clinits, &clinit_ns, &verify_ns); return (jlong)clinits;
    case JMM_CLASS_INIT_TOTAL_TIME_MS:
        class_link_stats(&clinits, &clinit_ns, &verify_ns);
        return (jlong)(clinit_ns / 1000000);
    case JMM_CLASS_VERIFY_TOTAL_TIME_MS:
        class_link_stats(&clinits, &clinit_ns, &verify_ns);
        return (jlong)(verify_ns / 1000000);
    case JMM_SHARED_CLASS_LOADED_COUNT:
    case JMM_SHARED_CLASS_UNLOADED_COUNT:
    case JMM_SHARED_CLASS_LOADED_BYTES:
    case JMM_SHARED_CLASS_UNLOADED_BYTES:
        return 0; /* no class-data sharing */
    case JMM_THREAD_TOTAL_COUNT: thread_get_counts(&tc); return tc.started;
    case JMM_THREAD_LIVE_COUNT: thread_get_counts(&tc); return tc.live;
    case JMM_THREAD_PEAK_COUNT: thread_get_counts(&tc); return tc.peak;
    case JMM_THREAD_DAEMON_COUNT: thread_get_counts(&tc); return tc.daemon;
    case JMM_JVM_INIT_DONE_TIME_MS: return init_done_millis;
    case JMM_JVM_UPTIME_MS: return mgmt_uptime_ms();
    case JMM_COMPILE_TOTAL_TIME_MS: return 0; /* no compiler */
    case JMM_VM_GLOBAL_COUNT: return flags_count();
    case JMM_VM_THREAD_COUNT: return 0; /* every GlassVM thread is a Java thread */
    case JMM_SAFEPOINT_COUNT: thread_safepoint_stats(&sp); return sp.count;
    case JMM_TOTAL_SAFEPOINTSYNC_TIME_MS: thread_safepoint_stats(&sp); return sp.sync_ns / 1000000;
    case JMM_TOTAL_STOPPED_TIME_MS: thread_safepoint_stats(&sp); return sp.total_ns / 1000000;
    case JMM_TOTAL_APP_TIME_MS: thread_safepoint_stats(&sp); return mgmt_uptime_ms() - sp.total_ns / 1000000;
    case JMM_OS_PROCESS_ID: return os_getpid();
    case JMM_OS_MEM_TOTAL_PHYSICAL_BYTES: return (jlong)os_physical_memory();
    default: return -1; /* not measured */
    }
}

/* JMM: GetLongAttribute. obj NULL: a VM-wide attribute; else a GarbageCollectorMXBean. */
static jlong JNICALL jmm_GetLongAttribute(JNIEnv *env, jobject obj, jmmLongAttribute att)
{
    if (obj != NULL) return mgmt_gc_attribute(env, obj, att);
    return vm_attribute(att);
}

/* JMM: GetLongAttributes. Returns how many attributes have a value (not -1). */
static jint JNICALL jmm_GetLongAttributes(JNIEnv *env, jobject obj, jmmLongAttribute *atts, jint count,
                                          jlong *result)
{
    if (atts == NULL || result == NULL) {
        mgmt_throw(env, "java/lang/NullPointerException", NULL);
        return 0;
    }
    jint n = 0;
    for (jint i = 0; i < count; i++) {
        result[i] = jmm_GetLongAttribute(env, obj, atts[i]);
        if ((*env)->ExceptionCheck(env)) return 0;
        if (result[i] != -1) n++;
    }
    return n;
}

_Atomic bool mgmt_thread_cpu_time_enabled = true;
_Atomic bool mgmt_thread_allocated_memory_enabled = true;

static jboolean JNICALL jmm_GetBoolAttribute(JNIEnv *env, jmmBoolAttribute att)
{
    switch (att) {
    /* HotSpot's MemoryService/ClassLoadingService::get_verbose: what stdout logs. */
    case JMM_VERBOSE_GC: return log_stdout_enabled(LOG_INFO, true, (const LogTag[]){LOG_TAG_gc, LOG_TAG_NONE});
    case JMM_VERBOSE_CLASS:
        return log_stdout_enabled(LOG_INFO, false, (const LogTag[]){LOG_TAG_class, LOG_TAG_load, LOG_TAG_NONE});
    case JMM_THREAD_CONTENTION_MONITORING: return atomic_load(&thread_contention_timing);
    case JMM_THREAD_CPU_TIME: return atomic_load(&mgmt_thread_cpu_time_enabled);
    case JMM_THREAD_ALLOCATED_MEMORY: return atomic_load(&mgmt_thread_allocated_memory_enabled);
    default: return JNI_FALSE;
    }
}

/* JMM: SetBoolAttribute. Returns the previous value. The verbose switches set the stdout
 * selections -verbose:gc / -verbose:class set, as HotSpot's set_verbose: gc=info|off
 * exactly; class+load*=info|off, then class+unload* following whether class loading is
 * logged. */
static jboolean JNICALL jmm_SetBoolAttribute(JNIEnv *env, jmmBoolAttribute att, jboolean flag)
{
    jboolean prev = jmm_GetBoolAttribute(env, att);
    bool on = flag != JNI_FALSE;
    switch (att) {
    case JMM_VERBOSE_GC:
        log_configure_stdout(on ? LOG_INFO : LOG_OFF, true, (const LogTag[]){LOG_TAG_gc, LOG_TAG_NONE});
        break;
    case JMM_VERBOSE_CLASS:
        log_configure_stdout(on ? LOG_INFO : LOG_OFF, false, (const LogTag[]){LOG_TAG_class, LOG_TAG_load, LOG_TAG_NONE});
        log_configure_stdout(on ? LOG_INFO : LOG_OFF, false, (const LogTag[]){LOG_TAG_class, LOG_TAG_unload, LOG_TAG_NONE});
        break;
    case JMM_THREAD_CONTENTION_MONITORING: atomic_store(&thread_contention_timing, on); break;
    case JMM_THREAD_CPU_TIME: atomic_store(&mgmt_thread_cpu_time_enabled, on); break;
    case JMM_THREAD_ALLOCATED_MEMORY: atomic_store(&mgmt_thread_allocated_memory_enabled, on); break;
    default: return JNI_FALSE;
    }
    return prev;
}

/* JMM: ResetStatistic. */
static jboolean JNICALL jmm_ResetStatistic(JNIEnv *env, jvalue obj, jmmStatisticType type)
{
    switch (type) {
    case JMM_STAT_PEAK_THREAD_COUNT: thread_reset_peak(); return JNI_TRUE;
    case JMM_STAT_THREAD_CONTENTION_COUNT:
    case JMM_STAT_THREAD_CONTENTION_TIME:
        if (obj.j < 0) return mgmt_throw(env, "java/lang/IllegalArgumentException", "Invalid thread ID");
        return mgmt_reset_contention(env, obj.j, type == JMM_STAT_THREAD_CONTENTION_COUNT,
                                     type == JMM_STAT_THREAD_CONTENTION_TIME);
    case JMM_STAT_PEAK_POOL_USAGE:
        if (obj.l == NULL) return mgmt_throw(env, "java/lang/NullPointerException", NULL);
        return mgmt_reset_pool_peak(env, obj.l);
    default: return JNI_FALSE; /* JMM_STAT_GC_STAT and the combined thread reset: unused by 17 */
    }
}

/* JMM: GetInternalThreadTimes. GlassVM has no threads hidden from Java. */
static jint JNICALL jmm_GetInternalThreadTimes(JNIEnv *env, jobjectArray names, jlongArray times)
{
    if (names == NULL || times == NULL) {
        mgmt_throw(env, "java/lang/NullPointerException", NULL);
        return 0;
    }
    return 0;
}

/* ------------------------------------------------------------------------------------ */
/* Flags (HotSpotDiagnosticMXBean getVMOption / setVMOption / getDiagnosticOptions)      */
/* ------------------------------------------------------------------------------------ */

static jobjectArray JNICALL jmm_GetVMGlobalNames(JNIEnv *env)
{
    jclass sc = (*env)->FindClass(env, "java/lang/String");
    if (sc == NULL) return NULL;
    int n = flags_count();
    jobjectArray a = (*env)->NewObjectArray(env, n, sc, NULL);
    for (int i = 0; a != NULL && i < n; i++) {
        jstring s = (*env)->NewStringUTF(env, flags_at(i)->name);
        if (s == NULL) return NULL;
        (*env)->SetObjectArrayElement(env, a, i, s);
        (*env)->DeleteLocalRef(env, s);
    }
    return a;
}

static jmmVMGlobalOrigin jmm_origin(VmFlagOrigin o)
{
    switch (o) {
    case FLAG_DEFAULT: return JMM_VMGLOBAL_ORIGIN_DEFAULT;
    case FLAG_COMMAND_LINE: return JMM_VMGLOBAL_ORIGIN_COMMAND_LINE;
    case FLAG_ERGONOMIC: return JMM_VMGLOBAL_ORIGIN_ERGONOMIC;
    case FLAG_MANAGEMENT: return JMM_VMGLOBAL_ORIGIN_MANAGEMENT;
    case FLAG_ATTACH_ON_DEMAND: return JMM_VMGLOBAL_ORIGIN_ATTACH_ON_DEMAND;
    }
    return JMM_VMGLOBAL_ORIGIN_OTHER;
}

/* Fills g for flag f; name: the caller's String or NULL to make one. */
static bool fill_global(JNIEnv *env, jmmVMGlobal *g, const VmFlag *f, jstring name)
{
    memset(g, 0, sizeof *g);
    switch (f->type) {
    case FLAG_BOOL:
        g->type = JMM_VMGLOBAL_TYPE_JBOOLEAN;
        g->value.z = f->value.b;
        break;
    case FLAG_DOUBLE:
        g->type = JMM_VMGLOBAL_TYPE_JDOUBLE;
        g->value.d = f->value.d;
        break;
    case FLAG_CCSTR:
    case FLAG_CCSTRLIST:
        g->type = JMM_VMGLOBAL_TYPE_JSTRING;
        if (f->value.s != NULL) {
            g->value.l = (*env)->NewStringUTF(env, f->value.s);
            if (g->value.l == NULL) return false;
        }
        break;
    default:
        g->type = JMM_VMGLOBAL_TYPE_JLONG;
        g->value.j = f->value.i;
        break;
    }
    g->name = name != NULL ? (*env)->NewLocalRef(env, name) : (*env)->NewStringUTF(env, f->name);
    if (g->name == NULL) return false;
    g->origin = jmm_origin(f->origin);
    g->writeable = f->manageable;
    g->external = f->manageable;
    return true;
}

/* JMM: GetVMGlobals. names NULL: every flag. Returns how many entries were filled. */
static jint JNICALL jmm_GetVMGlobals(JNIEnv *env, jobjectArray names, jmmVMGlobal *globals, jint count)
{
    if (globals == NULL) {
        mgmt_throw(env, "java/lang/NullPointerException", NULL);
        return 0;
    }
    jint filled = 0;
    if (names == NULL) {
        for (int i = 0; i < flags_count() && filled < count; i++) {
            if (!fill_global(env, &globals[filled], flags_at(i), NULL)) return 0;
            filled++;
        }
        return filled;
    }
    jclass sc = (*env)->FindClass(env, "[Ljava/lang/String;");
    if (sc == NULL) return 0;
    if (!(*env)->IsInstanceOf(env, names, sc)) {
        mgmt_throw(env, "java/lang/IllegalArgumentException", "Array element type is not String class");
        return 0;
    }
    jint n = (*env)->GetArrayLength(env, names);
    for (jint i = 0; i < n && i < count; i++) {
        jstring s = (*env)->GetObjectArrayElement(env, names, i);
        if (s == NULL) {
            mgmt_throw(env, "java/lang/NullPointerException", NULL);
            return 0;
        }
        const char *utf = (*env)->GetStringUTFChars(env, s, NULL);
        if (utf == NULL) return 0;
        VmFlag *f = flags_find(utf);
        (*env)->ReleaseStringUTFChars(env, s, utf);
        if (f != NULL) {
            if (!fill_global(env, &globals[i], f, s)) return 0;
            filled++;
        } else {
            globals[i].name = NULL;
        }
    }
    return filled;
}

/* JMM: SetVMGlobal (origin MANAGEMENT). */
static void JNICALL jmm_SetVMGlobal(JNIEnv *env, jstring name, jvalue value)
{
    if (name == NULL) {
        mgmt_throw(env, "java/lang/NullPointerException", "The flag name cannot be null.");
        return;
    }
    const char *utf = (*env)->GetStringUTFChars(env, name, NULL);
    if (utf == NULL) return;
    VmFlag *f = flags_find(utf);
    char msg[256];
    if (f == NULL) {
        snprintf(msg, sizeof msg, "flag %s does not exist", utf);
        (*env)->ReleaseStringUTFChars(env, name, utf);
        mgmt_throw(env, "java/lang/IllegalArgumentException", msg);
        return;
    }
    (*env)->ReleaseStringUTFChars(env, name, utf);
    char text[64];
    const char *err;
    switch (f->type) {
    case FLAG_BOOL: err = flags_set_text(f, value.z ? "true" : "false", FLAG_MANAGEMENT); break;
    case FLAG_DOUBLE:
        snprintf(text, sizeof text, "%.17g", value.d);
        err = flags_set_text(f, text, FLAG_MANAGEMENT);
        break;
    case FLAG_CCSTR:
    case FLAG_CCSTRLIST: {
        if (value.l == NULL) {
            mgmt_throw(env, "java/lang/NullPointerException", NULL);
            return;
        }
        const char *s = (*env)->GetStringUTFChars(env, value.l, NULL);
        if (s == NULL) return;
        err = flags_set_text(f, s, FLAG_MANAGEMENT);
        (*env)->ReleaseStringUTFChars(env, value.l, s);
        break;
    }
    default:
        snprintf(text, sizeof text, "%lld", (long long)value.j);
        err = flags_set_text(f, text, FLAG_MANAGEMENT);
        break;
    }
    if (err != NULL) mgmt_throw(env, "java/lang/IllegalArgumentException", err);
}

/* ------------------------------------------------------------------------------------ */
/* Slots owned by other modules                                                          */
/* ------------------------------------------------------------------------------------ */

/* JMM: DumpHeap0 (HotSpotDiagnosticMXBean.dumpHeap): the HPROF writer (heapdump.h). */
static jint JNICALL jmm_DumpHeap0(JNIEnv *env, jstring file, jboolean live)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    int r = heapdump_dump_heap0(t, ref_get(file), live != JNI_FALSE);
    jni_leave(t, prev);
    return r;
}

/*
 * The diagnostic commands of the DiagnosticCommand MBean (JMM GetDiagnosticCommands and
 * friends): the framework's commands exported to the MBean (dcmd.h; dcmd_jmm.c does the
 * JNI side with HotSpot's checks and messages). The strings handed out are static.
 */
static jobjectArray JNICALL jmm_GetDiagnosticCommands(JNIEnv *env) { return dcmd_jmm_commands(env); }

static void JNICALL jmm_GetDiagnosticCommandInfo(JNIEnv *env, jobjectArray cmds, dcmdInfo *info)
{
    if (cmds == NULL || info == NULL) {
        mgmt_throw(env, "java/lang/NullPointerException", NULL);
        return;
    }
    jsize n = (*env)->GetArrayLength(env, cmds);
    const DcmdCommand **rows = malloc(((size_t)n + 1) * sizeof *rows);
    if (rows == NULL) {
        mgmt_throw(env, "java/lang/OutOfMemoryError", NULL);
        return;
    }
    if (dcmd_jmm_find_commands(env, cmds, rows))
        for (jsize i = 0; i < n; i++) {
            const DcmdCommand *c = rows[i];
            info[i] = (dcmdInfo){c->name, c->description, c->impact, c->permission_class, c->permission_name,
                                 c->permission_action, c->nargs, JNI_TRUE};
        }
    free(rows);
}

static void JNICALL jmm_GetDiagnosticCommandArgumentsInfo(JNIEnv *env, jstring cmd, dcmdArgInfo *info,
                                                          jint count)
{
    if (info == NULL) {
        mgmt_throw(env, "java/lang/NullPointerException", NULL);
        return;
    }
    const DcmdCommand *c = dcmd_jmm_find_command(env, cmd, count);
    if (c == NULL) return;
    DcmdArgInfo *a = malloc(((size_t)c->nargs + 1) * sizeof *a);
    if (a == NULL) {
        mgmt_throw(env, "java/lang/OutOfMemoryError", NULL);
        return;
    }
    dcmd_arg_info(c, a);
    for (int i = 0; i < c->nargs; i++)
        info[i] = (dcmdArgInfo){a[i].name,          a[i].description, a[i].type,    a[i].default_string,
                                a[i].mandatory,     a[i].option,      a[i].multiple, a[i].position};
    free(a);
}

static jstring JNICALL jmm_ExecuteDiagnosticCommand(JNIEnv *env, jstring command)
{
    return dcmd_jmm_execute(env, command);
}

static void JNICALL jmm_SetDiagnosticFrameworkNotificationEnabled(JNIEnv *env, jboolean enabled)
{
    /* The command list never changes, so there is nothing to notify about. */
}

/* ------------------------------------------------------------------------------------ */
/* The Notification Thread                                                               */
/* ------------------------------------------------------------------------------------ */

/*
 * HotSpot runs the Java side of low-memory sensors and GC notifications on a daemon
 * "Notification Thread" (system group, priority 9) so that listeners never run on the
 * collecting thread or under VM locks. Ours is an attached native thread like the Signal
 * Dispatcher: it sleeps in TS_NATIVE (safe for the collector) on service_cond and calls
 * Java through JNI. It starts with the first JVM_GetManagement, i.e. when the program
 * first uses java.lang.management, which is when anything can ask for notifications.
 */
static OsMutex service_lock;
static OsCond service_cond;
static bool service_wakeup;
static _Atomic int service_state; /* 0 none, 1 starting, 2 running */
static jobject service_group;

void mgmt_notify_service(void)
{
    /* Before the thread runs, there is nobody to wake: it looks for work when it starts. */
    if (atomic_load(&service_state) != 2) return;
    os_mutex_lock(&service_lock);
    service_wakeup = true;
    os_cond_signal(&service_cond);
    os_mutex_unlock(&service_lock);
}

static void *service_main(void *arg)
{
    (void)arg;
    os_thread_set_name("Notification Th");
    Thread *self = thread_attach("Notification Thread", ref_get(service_group), true);
    if (self == NULL) return NULL;
    jni_enter(self);
    ref_delete_global(service_group);
    service_group = NULL;
    if (self->jthread != NULL) FIELD_SET(self->jthread, wk_off.Thread_priority, int32_t, 9);
    jni_leave(self, TS_NATIVE);
    JNIEnv *env = thread_env(self);
    int64_t next = INT64_MAX;
    os_mutex_lock(&service_lock);
    service_wakeup = true; /* work queued before we ran */
    os_mutex_unlock(&service_lock);
    for (;;) {
        os_mutex_lock(&service_lock);
        while (!service_wakeup && next != 0) {
            if (next == INT64_MAX) {
                os_cond_wait(&service_cond, &service_lock);
            } else if (!os_cond_wait_until(&service_cond, &service_lock, os_nanotime() + next)) {
                break;
            }
        }
        service_wakeup = false;
        os_mutex_unlock(&service_lock);
        (*env)->PushLocalFrame(env, 64);
        next = mgmt_memory_service(env);
        if ((*env)->ExceptionCheck(env)) (*env)->ExceptionClear(env); /* listeners' problem */
        (*env)->PopLocalFrame(env, NULL);
    }
    return NULL;
}

/* Starts the thread once, in the system thread group. Caller: an attached thread in
 * TS_NATIVE (JVM_GetManagement). */
static void start_service(JNIEnv *env)
{
    int expected = 0;
    if (!atomic_compare_exchange_strong(&service_state, &expected, 1)) return;
    os_mutex_init(&service_lock);
    os_cond_init(&service_cond);
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    Object *group = t->jthread != NULL ? FIELD_GET(t->jthread, wk_off.Thread_group, Object *) : NULL;
    while (group != NULL && FIELD_GET(group, wk_off.ThreadGroup_parent, Object *) != NULL)
        group = FIELD_GET(group, wk_off.ThreadGroup_parent, Object *);
    service_group = group != NULL ? ref_new_global(group) : NULL;
    jni_leave(t, prev);
    atomic_store(&service_state, 2);
    OsThread th;
    if (!os_thread_create(&th, 0, service_main, NULL, true)) {
        if (service_group != NULL) ref_delete_global(service_group);
        service_group = NULL;
        atomic_store(&service_state, 0);
    }
}

/* ------------------------------------------------------------------------------------ */
/* The table                                                                             */
/* ------------------------------------------------------------------------------------ */

static const JmmInterface jmm_interface = {
    .reserved1 = NULL,
    .reserved2 = NULL,
    .GetVersion = jmm_GetVersion,
    .GetOptionalSupport = jmm_GetOptionalSupport,
    .GetThreadInfo = mgmt_GetThreadInfo,
    .GetMemoryPools = mgmt_GetMemoryPools,
    .GetMemoryManagers = mgmt_GetMemoryManagers,
    .GetMemoryPoolUsage = mgmt_GetMemoryPoolUsage,
    .GetPeakMemoryPoolUsage = mgmt_GetPeakMemoryPoolUsage,
    .GetOneThreadAllocatedMemory = mgmt_GetOneThreadAllocatedMemory,
    .GetThreadAllocatedMemory = mgmt_GetThreadAllocatedMemory,
    .GetMemoryUsage = mgmt_GetMemoryUsage,
    .GetLongAttribute = jmm_GetLongAttribute,
    .GetBoolAttribute = jmm_GetBoolAttribute,
    .SetBoolAttribute = jmm_SetBoolAttribute,
    .GetLongAttributes = jmm_GetLongAttributes,
    .FindCircularBlockedThreads = mgmt_FindCircularBlockedThreads,
    .GetThreadCpuTime = mgmt_GetThreadCpuTime,
    .GetVMGlobalNames = jmm_GetVMGlobalNames,
    .GetVMGlobals = jmm_GetVMGlobals,
    .GetInternalThreadTimes = jmm_GetInternalThreadTimes,
    .ResetStatistic = jmm_ResetStatistic,
    .SetPoolSensor = mgmt_SetPoolSensor,
    .SetPoolThreshold = mgmt_SetPoolThreshold,
    .GetPoolCollectionUsage = mgmt_GetPoolCollectionUsage,
    .GetGCExtAttributeInfo = mgmt_GetGCExtAttributeInfo,
    .GetLastGCStat = mgmt_GetLastGCStat,
    .GetThreadCpuTimeWithKind = mgmt_GetThreadCpuTimeWithKind,
    .GetThreadCpuTimesWithKind = mgmt_GetThreadCpuTimesWithKind,
    .DumpHeap0 = jmm_DumpHeap0,
    .FindDeadlocks = mgmt_FindDeadlocks,
    .SetVMGlobal = jmm_SetVMGlobal,
    .GetTotalThreadAllocatedMemory = mgmt_GetTotalThreadAllocatedMemory,
    .DumpThreads = mgmt_DumpThreads,
    .SetGCNotificationEnabled = mgmt_SetGCNotificationEnabled,
    .GetDiagnosticCommands = jmm_GetDiagnosticCommands,
    .GetDiagnosticCommandInfo = jmm_GetDiagnosticCommandInfo,
    .GetDiagnosticCommandArgumentsInfo = jmm_GetDiagnosticCommandArgumentsInfo,
    .ExecuteDiagnosticCommand = jmm_ExecuteDiagnosticCommand,
    .SetDiagnosticFrameworkNotificationEnabled = jmm_SetDiagnosticFrameworkNotificationEnabled,
};

/* JVM_GetManagement: the table for exactly JMM_VERSION, NULL for any other version (as
 * HotSpot: libmanagement then throws InternalError "Unsupported Management version"). */
VM_EXPORT void *JNICALL JVM_GetManagement(jint version)
{
    if (version != JMM_VERSION) return NULL;
    mgmt_memory_activate();
    Thread *t = thread_current();
    if (t != NULL) start_service(thread_env(t));
    return (void *)&jmm_interface;
}

/* The collector's report hook (heap.h): the memory beans' statistics and notifications,
 * and perf data's last collection (jstat -gccause's LGCC). */
static void gc_end(Thread *t, const GcReport *r)
{
    mgmt_gc_end(t, r);
    perfdata_collection(r->id, r->cause_name, r->start_ns, r->end_ns);
}

bool mgmt_vm_init(Thread *t)
{
    init_done_millis = os_current_millis();
    flags_init();
    flags_boot_final();
    mgmt_memory_init();
    heap_gc_end_hook = gc_end;
    return mgmt_agent_boot(t);
}
