// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jvm_misc.c — the JVM_* functions that adapt small VM services to the class library:
 *
 *   Object         JVM_IHashCode, JVM_MonitorWait/Notify/NotifyAll, JVM_Clone
 *   String         JVM_InternString
 *   time           JVM_CurrentTimeMillis, JVM_NanoTime, JVM_GetNanoTimeAdjustment
 *   properties     JVM_GetProperties, JVM_GetVmArguments, JVM_InitAgentProperties,
 *                  JVM_GetTemporaryDirectory
 *   Runtime        JVM_BeforeHalt, JVM_Halt, JVM_GC, memory figures, processors, ...
 *   libraries      JVM_LoadLibrary, JVM_UnloadLibrary, JVM_FindLibraryEntry,
 *                  JVM_IsSupportedJNIVersion
 *   CDS            every sharing query answers "off" (the JDK then takes its -Xshare:off
 *                  paths); requests to dump an archive throw UnsupportedOperationException
 *   references     JVM_ReferenceRefersTo/Clear, the pending-list functions
 *   signals        JVM_FindSignal, JVM_RegisterSignal, JVM_RaiseSignal and the
 *                  "Signal Dispatcher" thread
 *   libzip, mgmt   JVM_NativePath, JVM_RawMonitor* (JVM_GetManagement: management.c)
 *   printf         jio_snprintf and friends
 *
 * Thread states: the JNIEnv functions are called from libjava natives in TS_NATIVE and use
 * jni_enter/jni_leave around heap access. Functions without an env (JVM_GC, JVM_Halt,
 * JVM_LoadLibrary, ...) find their thread with thread_current(). Pure functions (time,
 * jio_*, raw monitors) never change state.
 */
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../os/os.h"
#include "../vm/class.h"
#include "../vm/exception.h"
#include "../vm/heap.h"
#include "../vm/interp.h"
#include "../vm/jnienter.h"
#include "../vm/loader.h"
#include "../vm/monitor.h"
#include "../vm/object.h"
#include "../vm/ref.h"
#include "archive.h"
#include "../vm/string.h"
#include "../vm/sym.h"
#include "../vm/thread.h"
#include "../vm/wellknown.h"
#include "boot.h"
#include "flags.h"
#include "jvm.h"
#include "threaddump.h"
#include "../jvmti/jvmti_vm.h" /* event hooks */

/* ======================================================================================
 * java.lang.Object
 * ====================================================================================== */

/* JVM_IHashCode: System.identityHashCode / Object.hashCode; 0 for null. */
VM_EXPORT jint JNICALL JVM_IHashCode(JNIEnv *env, jobject obj)
{
    if (obj == NULL) return 0;
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    jint h = obj_identity_hash(t, ref_get(obj));
    jni_leave(t, prev);
    return h;
}

/* JVM_MonitorWait: Object.wait(long). mon_wait checks the timeout before ownership, as
 * HotSpot's ObjectSynchronizer::wait, and blocks safely. */
VM_EXPORT void JNICALL JVM_MonitorWait(JNIEnv *env, jobject obj, jlong ms)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    Object *o = ref_get(obj);
    if (o == NULL)
        exc_throw(t, "java/lang/NullPointerException", NULL);
    else
        mon_wait(t, o, ms); /* checks the timeout first (after JVMTI MonitorWait) */
    jni_leave(t, prev);
}

VM_EXPORT void JNICALL JVM_MonitorNotify(JNIEnv *env, jobject obj)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    Object *o = ref_get(obj);
    if (o == NULL)
        exc_throw(t, "java/lang/NullPointerException", NULL);
    else
        mon_notify(t, o);
    jni_leave(t, prev);
}

VM_EXPORT void JNICALL JVM_MonitorNotifyAll(JNIEnv *env, jobject obj)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    Object *o = ref_get(obj);
    if (o == NULL)
        exc_throw(t, "java/lang/NullPointerException", NULL);
    else
        mon_notify_all(t, o);
    jni_leave(t, prev);
}

/* JVM_Clone: Object.clone(). Arrays are always cloneable; other objects need Cloneable,
 * and java.lang.ref.Reference objects never are (HotSpot), else
 * CloneNotSupportedException naming the class. */
VM_EXPORT jobject JNICALL JVM_Clone(JNIEnv *env, jobject obj)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    jobject r = NULL;
    Object *o = ref_get(obj);
    if (o == NULL) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
    } else {
        Class *c = o->klass;
        bool cloneable = class_is_array(c) ||
                         (class_is_subclass_of(c, wk.Cloneable) && c->ref_kind == REF_NONE);
        if (!cloneable) {
            char name[1024];
            class_external_name(c, name, sizeof name);
            exc_throw(t, "java/lang/CloneNotSupportedException", "%s", name);
        } else {
            Object *copy = obj_clone(t, o);
            if (unlikely(jvmti_want(JVMTI_EVENT_VM_OBJECT_ALLOC)) && copy) jvmti_post_vm_object_alloc(t, copy);
            r = ref_new_local(t, copy);
        }
    }
    jni_leave(t, prev);
    return r;
}

/* JVM_InternString: String.intern(); the same table as constant-pool literals. */
VM_EXPORT jstring JNICALL JVM_InternString(JNIEnv *env, jstring str)
{
    if (str == NULL) return NULL;
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    jstring r = ref_new_local(t, str_intern(t, ref_get(str)));
    jni_leave(t, prev);
    return r;
}

/* ======================================================================================
 * Time
 * ====================================================================================== */

VM_EXPORT jlong JNICALL JVM_CurrentTimeMillis(JNIEnv *env, jclass ignored)
{
    return os_current_millis();
}

VM_EXPORT jlong JNICALL JVM_NanoTime(JNIEnv *env, jclass ignored)
{
    return os_nanotime();
}

/* JVM_GetNanoTimeAdjustment: jdk.internal.misc.VM.getNanoTimeAdjustment(offset): the
 * nanoseconds to add to `offset_secs` to get the current UTC time, or -1 when the
 * difference is too large for a long of nanoseconds (|diff| >= 2^32 s), which makes the
 * caller retry with a closer offset. */
VM_EXPORT jlong JNICALL JVM_GetNanoTimeAdjustment(JNIEnv *env, jclass ignored, jlong offset_secs)
{
    int64_t seconds;
    int32_t nanos;
    os_wall_time(&seconds, &nanos);
    const int64_t max_diff = INT64_C(1) << 32;
    int64_t diff = seconds - offset_secs;
    if (diff >= max_diff || diff <= -max_diff) return -1;
    return diff * INT64_C(1000000000) + nanos;
}

/* ======================================================================================
 * Properties and arguments
 * ====================================================================================== */

/* A String from platform (UTF-8) bytes, as HotSpot's create_from_platform_dependent_str:
 * supplementary characters become surrogate pairs, each malformed byte U+FFFD. */
static Object *platform_string(Thread *t, const char *s)
{
    size_t n = strlen(s);
    jchar *buf = vm_malloc((n + 1) * sizeof *buf);
    size_t k = 0;
    const uint8_t *p = (const uint8_t *)s, *end = p + n;
    while (p < end) {
        uint32_t c = *p, cp;
        int len = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3
                               : (c & 0xF8) == 0xF0 ? 4 : 0;
        bool ok = len > 0 && p + len <= end;
        cp = len == 1 ? c : len == 2 ? c & 0x1F : len == 3 ? c & 0x0F : c & 0x07;
        for (int i = 1; ok && i < len; i++) {
            if ((p[i] & 0xC0) != 0x80) ok = false;
            else cp = cp << 6 | (p[i] & 0x3F);
        }
        if (ok && ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) ||
                   (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
                   (cp >= 0xD800 && cp <= 0xDFFF)))
            ok = false;
        if (!ok) {
            buf[k++] = 0xFFFD;
            p++;
            continue;
        }
        if (cp >= 0x10000) {
            cp -= 0x10000;
            buf[k++] = (jchar)(0xD800 | (cp >> 10));
            buf[k++] = (jchar)(0xDC00 | (cp & 0x3FF));
        } else {
            buf[k++] = (jchar)cp;
        }
        p += len;
    }
    Object *r = str_new_utf16(t, buf, (int32_t)k);
    free(buf);
    return r;
}

/* A String[] of the given C strings (NULL entries stay null). */
static Array *string_array(Thread *t, const char *const *items, int n)
{
    Array *a = obj_new_ref_array(t, wk.String, n);
    for (int i = 0; a != NULL && i < n; i++) {
        if (items[i] == NULL) continue;
        Object *s = platform_string(t, items[i]);
        if (s == NULL) return NULL;
        ((Object **)array_data(a))[i] = s;
    }
    return a;
}

/* JVM_GetProperties: SystemProps.Raw.vmProperties(): the VM's properties as a String[] of
 * key, value pairs (a null value becomes ""), in definition order. */
VM_EXPORT jobjectArray JNICALL JVM_GetProperties(JNIEnv *env)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    int n = vm_property_count;
    const char **items = vm_calloc((size_t)n * 2 + 1, sizeof *items);
    for (int i = 0; i < n; i++) {
        items[2 * i] = vm_properties[i].key;
        items[2 * i + 1] = vm_properties[i].value != NULL ? vm_properties[i].value : "";
    }
    Array *a = string_array(t, items, 2 * n);
    free(items);
    jobjectArray r = a != NULL ? ref_new_local(t, &a->hdr) : NULL;
    jni_leave(t, prev);
    return r;
}

/* JVM_GetVmArguments: the JVM's input arguments (RuntimeMXBean); null when there are
 * none, which the management code reads as an empty list. */
VM_EXPORT jobjectArray JNICALL JVM_GetVmArguments(JNIEnv *env)
{
    if (vm_argument_count == 0) return NULL;
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    Array *a = string_array(t, vm_arguments, vm_argument_count);
    jobjectArray r = a != NULL ? ref_new_local(t, &a->hdr) : NULL;
    jni_leave(t, prev);
    return r;
}

static bool put_property(Thread *t, Object *props, const char *key, const char *value)
{
    Method *put = class_lookup_method(props->klass, sym_intern("put"),
                                      sym_intern("(Ljava/lang/Object;Ljava/lang/Object;)"
                                                 "Ljava/lang/Object;"));
    if (put == NULL) {
        exc_throw(t, "java/lang/InternalError", "Properties.put not found");
        return false;
    }
    Object *k = platform_string(t, key);
    if (k == NULL) return false;
    Object *v = platform_string(t, value != NULL ? value : "");
    if (v == NULL) return false;
    Slot args[3];
    args[0].l = props;
    args[1].l = k;
    args[2].l = v;
    Slot ret;
    return interp_call_virtual(t, put, args, &ret);
}

/* JVM_InitAgentProperties: jdk.internal.vm.VMSupport (attach API): sun.java.command,
 * sun.jvm.flags (flags from a flags file: GlassVM has none) and sun.jvm.args. */
VM_EXPORT jobject JNICALL JVM_InitAgentProperties(JNIEnv *env, jobject agent_props)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    Object *props = ref_get(agent_props);
    if (props == NULL) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
    } else {
        size_t len = 1;
        for (int i = 0; i < vm_argument_count; i++) len += strlen(vm_arguments[i]) + 1;
        char *args = vm_malloc(len);
        args[0] = '\0';
        for (int i = 0; i < vm_argument_count; i++) {
            if (i > 0) strcat(args, " ");
            strcat(args, vm_arguments[i]);
        }
        if (put_property(t, props, "sun.java.command", boot_property("sun.java.command")) &&
            put_property(t, props, "sun.jvm.flags", ""))
            put_property(t, props, "sun.jvm.args", args);
        free(args);
    }
    jni_leave(t, prev);
    return exc_pending(t) == NULL ? agent_props : NULL;
}

/* JVM_GetTemporaryDirectory: jdk.internal.vm.VMSupport.getVMTemporaryDirectory (attach
 * files, perf data): HotSpot's os::get_temp_directory, "/tmp" on Linux. */
VM_EXPORT jstring JNICALL JVM_GetTemporaryDirectory(JNIEnv *env)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    jstring r = ref_new_local(t, platform_string(t, "/tmp"));
    jni_leave(t, prev);
    return r;
}

/* ======================================================================================
 * java.lang.Runtime
 * ====================================================================================== */

/* JVM_BeforeHalt: Shutdown.beforeHalt, after the hooks ran. HotSpot only posts a JFR
 * event and finishes dynamic CDS dumping here; neither exists in GlassVM. */
VM_EXPORT void JNICALL JVM_BeforeHalt(void) {}

/* JVM_Halt: Shutdown.halt0 (System.exit, Runtime.halt). */
VM_EXPORT void JNICALL JVM_Halt(jint code)
{
    boot_halt(code);
}

/* JVM_GC: System.gc(), Runtime.gc(), MemoryMXBean.gc(); nothing under
 * -XX:+DisableExplicitGC (jcmd GC.run and JVMTI ForceGarbageCollection still collect). */
VM_EXPORT void JNICALL JVM_GC(void)
{
    Thread *t = thread_current();
    if (t == NULL || flags_bool("DisableExplicitGC")) return;
    int prev = jni_enter(t);
    heap_collect(t, GC_SYSTEM);
    jni_leave(t, prev);
}

/* JVM_MaxObjectInspectionAge: milliseconds since the collector last examined the whole
 * heap (RMI's distributed GC uses it to decide whether to ask for a collection). */
VM_EXPORT jlong JNICALL JVM_MaxObjectInspectionAge(void)
{
    return (os_nanotime() - heap_last_collection_end_ns()) / 1000000;
}

VM_EXPORT jlong JNICALL JVM_TotalMemory(void)
{
    return (jlong)heap_committed_bytes();
}

VM_EXPORT jlong JNICALL JVM_FreeMemory(void)
{
    size_t committed = heap_committed_bytes(), used = heap_used_bytes();
    return used < committed ? (jlong)(committed - used) : 0;
}

VM_EXPORT jlong JNICALL JVM_MaxMemory(void)
{
    return (jlong)heap_max_bytes();
}

/* Runtime.availableProcessors: -XX:ActiveProcessorCount when given, else the CPUs the
 * process may use (os.h: affinity, lowered to a container's CPU quota). */
VM_EXPORT jint JNICALL JVM_ActiveProcessorCount(void)
{
    /* The flag is not manageable: looked up once, not on every availableProcessors(). */
    static _Atomic int64_t override = -2; /* -2: not looked up yet */
    int64_t n = atomic_load_explicit(&override, memory_order_relaxed);
    if (n == -2) {
        const VmFlag *f = flags_find("ActiveProcessorCount");
        n = f != NULL ? f->value.i : -1;
        atomic_store_explicit(&override, n, memory_order_relaxed);
    }
    return n > 0 ? (jint)n : os_processor_count();
}

/* -XX:+UseContainerSupport (the default): jdk.internal.platform reads the container's
 * cgroup metrics itself (-XshowSettings:system, OperatingSystemMXBean). */
VM_EXPORT jboolean JNICALL JVM_IsUseContainerSupport(void)
{
    return flags_bool("UseContainerSupport") ? JNI_TRUE : JNI_FALSE;
}

/* 8-byte compare-and-swap is native on every platform GlassVM runs on. */
VM_EXPORT jboolean JNICALL JVM_SupportsCX8(void)
{
    return JNI_TRUE;
}

/* ======================================================================================
 * Native libraries
 * ====================================================================================== */

/* JVM_LoadLibrary: NativeLibraries.load -> dlopen. On failure, with throwException,
 * UnsatisfiedLinkError("<name>: <dlerror text>") as HotSpot. */
VM_EXPORT void *JNICALL JVM_LoadLibrary(const char *name, jboolean throwException)
{
    const char *err = NULL;
    jvmti_library_loading(name); /* tools above JVMTI (NCAI) */
    void *h = os_dlopen(name, &err);
    jvmti_library_loaded(h, name);
    if (h == NULL && throwException) {
        Thread *t = thread_current();
        if (t != NULL) {
            int prev = jni_enter(t);
            exc_throw(t, "java/lang/UnsatisfiedLinkError", "%s: %s", name,
                      err != NULL ? err : "unknown error");
            jni_leave(t, prev);
        }
    }
    return h;
}

VM_EXPORT void JNICALL JVM_UnloadLibrary(void *handle)
{
    if (handle != NULL) os_dlclose(handle);
}

/* JVM_FindLibraryEntry: dlsym; a NULL handle searches the global namespace. */
VM_EXPORT void *JNICALL JVM_FindLibraryEntry(void *handle, const char *name)
{
    return name != NULL ? os_dlsym(handle, name) : NULL;
}

/* JVM_IsSupportedJNIVersion: the version a JNI_OnLoad returned. */
VM_EXPORT jboolean JNICALL JVM_IsSupportedJNIVersion(jint version)
{
    switch (version) {
    case JNI_VERSION_1_1:
    case JNI_VERSION_1_2:
    case JNI_VERSION_1_4:
    case JNI_VERSION_1_6:
    case JNI_VERSION_1_8:
    case JNI_VERSION_9:
    case JNI_VERSION_10: return JNI_TRUE;
    default: return JNI_FALSE;
    }
}

/* ======================================================================================
 * Class-data sharing: GlassVM archives only the boot module graph's heap objects
 * (archive.c); no classes, no lambda proxies, no class lists. Sharing is "enabled" when
 * that archive is in use.
 * ====================================================================================== */

VM_EXPORT void JNICALL JVM_InitializeFromArchive(JNIEnv *env, jclass cls)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    Object *m = ref_get(cls);
    Class *c = m != NULL ? class_from_mirror(m) : NULL;
    if (c != NULL) archive_initialize_from(t, c);
    jni_leave(t, prev);
}

VM_EXPORT jboolean JNICALL JVM_IsCDSDumpingEnabled(JNIEnv *env)
{
    return JNI_FALSE;
}

VM_EXPORT jboolean JNICALL JVM_IsSharingEnabled(JNIEnv *env)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    bool on = archive_sharing_enabled(t);
    jni_leave(t, prev);
    return on ? JNI_TRUE : JNI_FALSE;
}

VM_EXPORT jboolean JNICALL JVM_IsDumpingClassList(JNIEnv *env)
{
    return JNI_FALSE;
}

VM_EXPORT jlong JNICALL JVM_GetRandomSeedForDumping(void)
{
    return 0;
}

/* Only reached while dumping an archive: nothing to record. */
VM_EXPORT void JNICALL JVM_RegisterLambdaProxyClassForArchiving(
    JNIEnv *env, jclass caller, jstring interfaceMethodName, jobject factoryType,
    jobject interfaceMethodType, jobject implementationMember, jobject dynamicMethodType,
    jclass lambdaProxyClass)
{
}

/* No archive, so no archived lambda proxy: the caller spins a new one. */
VM_EXPORT jclass JNICALL JVM_LookupLambdaProxyClassFromArchive(
    JNIEnv *env, jclass caller, jstring interfaceMethodName, jobject factoryType,
    jobject interfaceMethodType, jobject implementationMember, jobject dynamicMethodType)
{
    return NULL;
}

/* Only logs while a class list is being dumped (-XX:DumpLoadedClassList), never here. */
VM_EXPORT void JNICALL JVM_LogLambdaFormInvoker(JNIEnv *env, jstring line) {}

static void unsupported(JNIEnv *env, const char *what)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    exc_throw(t, "java/lang/UnsupportedOperationException", "%s", what);
    jni_leave(t, prev);
}

/* jcmd VM.cds: writing archives needs CDS, which GlassVM does not implement. */
VM_EXPORT void JNICALL JVM_DumpClassListToFile(JNIEnv *env, jstring fileName)
{
    unsupported(env, "JVM_DumpClassListToFile: class-data sharing is not supported");
}

VM_EXPORT void JNICALL JVM_DumpDynamicArchive(JNIEnv *env, jstring archiveName)
{
    unsupported(env, "JVM_DumpDynamicArchive: class-data sharing is not supported");
}

/* ModuleBootstrap.boot() with the archived boot layer: the VM's module table for the
 * restored java.lang.Module objects (archive.c replays the dump's module calls). */
VM_EXPORT void JNICALL JVM_DefineArchivedModules(JNIEnv *env, jobject platform_loader,
                                                 jobject system_loader)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    archive_define_modules(t);
    jni_leave(t, prev);
}

/* ======================================================================================
 * java.lang.ref
 * ====================================================================================== */

/* JVM_GetAndClearReferencePendingList: Reference Handler thread: the list of references
 * the collector cleared, linked through Reference.discovered. */
VM_EXPORT jobject JNICALL JVM_GetAndClearReferencePendingList(JNIEnv *env)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    jobject r = ref_new_local(t, heap_take_pending_references());
    jni_leave(t, prev);
    return r;
}

VM_EXPORT jboolean JNICALL JVM_HasReferencePendingList(JNIEnv *env)
{
    return heap_has_pending_references() ? JNI_TRUE : JNI_FALSE;
}

/* JVM_WaitForReferencePendingList: blocks (safely) until the collector has references to
 * hand over; the Reference Handler would spin if this returned at once. */
VM_EXPORT void JNICALL JVM_WaitForReferencePendingList(JNIEnv *env)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    heap_wait_pending_references(t);
    jni_leave(t, prev);
}

static jboolean refers_to(JNIEnv *env, jobject ref, jobject o)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    jboolean r = JNI_FALSE;
    Object *rf = ref_get(ref);
    if (rf == NULL)
        exc_throw(t, "java/lang/NullPointerException", NULL);
    else
        r = FIELD_GET(rf, wk_off.Reference_referent, Object *) == ref_get(o);
    jni_leave(t, prev);
    return r;
}

/* JVM_ReferenceRefersTo: Reference.refersTo0; reading the referent this way does not keep
 * it alive (the collector is stop-the-world, so no barrier is involved). */
VM_EXPORT jboolean JNICALL JVM_ReferenceRefersTo(JNIEnv *env, jobject ref, jobject o)
{
    return refers_to(env, ref, o);
}

VM_EXPORT jboolean JNICALL JVM_PhantomReferenceRefersTo(JNIEnv *env, jobject ref, jobject o)
{
    return refers_to(env, ref, o);
}

/* JVM_ReferenceClear: Reference.clear0. */
VM_EXPORT void JNICALL JVM_ReferenceClear(JNIEnv *env, jobject ref)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    Object *rf = ref_get(ref);
    if (rf == NULL)
        exc_throw(t, "java/lang/NullPointerException", NULL);
    else
        FIELD_SET(rf, wk_off.Reference_referent, Object *, NULL);
    jni_leave(t, prev);
}

/* ======================================================================================
 * Signals (jdk.internal.misc.Signal)
 *
 * Java asks for a handler with handle0(sig, h): h = 0 (SIG_DFL), 1 (SIG_IGN), 2 (a Java
 * handler) or a native function; the answer is the previous one in the same terms, or -1
 * when the VM refuses the signal. For Java handlers a C handler counts the signal and a
 * daemon thread, "Signal Dispatcher" (started with the first Java handler), calls
 * Signal.dispatch(sig) for each. The C handler may only touch lock-free atomics, and
 * os.h offers no async-signal-safe wakeup, so the dispatcher checks the counters every
 * SIGNAL_POLL_NS and whenever JVM_RaiseSignal wakes it; external signals are therefore
 * dispatched within that delay.
 * ====================================================================================== */

#define MAX_SIGNAL 65
#define SIGNAL_POLL_NS (100 * INT64_C(1000000))
#define JAVA_HANDLER ((intptr_t)2)

/* Signals the VM keeps for itself: QUIT (HotSpot's thread dump) and the synchronous
 * faults. Numbers from os_signal_number so that none is hard-wired here. */
static int sig_quit, sig_hup, sig_int, sig_term;

static _Atomic uint32_t signal_pending[MAX_SIGNAL];
static intptr_t signal_handler_value[MAX_SIGNAL]; /* what Java installed, 0 = default */
static bool signal_ignored_at_start[MAX_SIGNAL];
static OsMutex signal_lock;
static OsCond signal_cond;
static _Atomic int signal_state; /* 0 = nothing set up, 1 = setting up, 2 = ready */
static bool dispatcher_started;
static jobject dispatcher_group; /* global ref, handed to the new thread */

static void signal_setup(void)
{
    int expected = 0;
    if (atomic_compare_exchange_strong(&signal_state, &expected, 1)) {
        os_mutex_init(&signal_lock);
        os_cond_init(&signal_cond);
        sig_quit = os_signal_number("QUIT");
        sig_hup = os_signal_number("HUP");
        sig_int = os_signal_number("INT");
        sig_term = os_signal_number("TERM");
        atomic_store(&signal_state, 2);
    }
    while (atomic_load(&signal_state) != 2) os_thread_yield();
}

/* The C handler of signals with a Java handler: async-signal-safe. */
static void java_signal_handler(int sig)
{
    if (sig > 0 && sig < MAX_SIGNAL) atomic_fetch_add(&signal_pending[sig], 1);
}

static void dispatch_signal(Thread *self, int sig)
{
    int prev = jni_enter(self);
    Class *c = loader_find_loaded(NULL, "jdk/internal/misc/Signal");
    Method *m = c != NULL ? class_find_declared_method(c, sym_intern("dispatch"),
                                                       sym_intern("(I)V"))
                          : NULL;
    if (m != NULL) {
        Slot arg;
        arg.i = sig;
        if (!interp_call(self, m, &arg, NULL)) {
            Object *e = exc_take(self);
            char name[512];
            class_external_name(e->klass, name, sizeof name);
            fprintf(stderr,
                    "GlassVM warning: Exception %s occurred dispatching signal %d to "
                    "handler- the VM may need to be forcibly terminated\n",
                    name, sig);
        }
    }
    exc_clear(self);
    jni_leave(self, prev);
}

static void *dispatcher_main(void *arg)
{
    (void)arg;
    os_thread_set_name("Signal Dispatcher");
    Thread *self = thread_attach("Signal Dispatcher", ref_get(dispatcher_group), true);
    if (self == NULL) return NULL;
    /* A new attached thread comes back in TS_JAVA (thread.h); be robust to either state,
     * and end up in TS_NATIVE, safe for the collector, before waiting. */
    jni_enter(self);
    ref_delete_global(dispatcher_group);
    dispatcher_group = NULL;
    /* HotSpot runs the dispatcher at NearMaxPriority; Java handler threads inherit it. */
    if (self->jthread != NULL) FIELD_SET(self->jthread, wk_off.Thread_priority, int32_t, 9);
    jni_leave(self, TS_NATIVE);

    for (;;) {
        /* TS_NATIVE while waiting: the collector does not wait for this thread. */
        os_mutex_lock(&signal_lock);
        os_cond_wait_until(&signal_cond, &signal_lock, os_nanotime() + SIGNAL_POLL_NS);
        os_mutex_unlock(&signal_lock);
        for (int sig = 1; sig < MAX_SIGNAL; sig++) {
            while (atomic_load(&signal_pending[sig]) > 0) {
                atomic_fetch_sub(&signal_pending[sig], 1);
                /* QUIT is the VM's own: the thread dump and the JVMTI DataDumpRequest
                 * event, both from this thread as HotSpot does. */
                if (sig == sig_quit) {
                    int st = jni_enter(self);
                    /* A tool's attach request (attach.c) is a SIGQUIT too. */
                    bool attach = jvmti_attach_check_trigger(self);
                    if (!attach) threaddump_print(self);
                    jni_leave(self, st);
                    if (!attach && unlikely(jvmti_want(JVMTI_EVENT_DATA_DUMP_REQUEST))) jvmti_post_data_dump_request();
                    continue;
                }
                dispatch_signal(self, sig);
            }
        }
    }
    return NULL;
}

/* Starts the dispatcher in the system thread group (the root of the caller's groups).
 * Called with signal_lock held, in TS_JAVA. */
static bool start_dispatcher(Thread *t)
{
    if (dispatcher_started) return true;
    Object *group = t->jthread != NULL ? FIELD_GET(t->jthread, wk_off.Thread_group, Object *)
                                       : NULL;
    while (group != NULL && FIELD_GET(group, wk_off.ThreadGroup_parent, Object *) != NULL)
        group = FIELD_GET(group, wk_off.ThreadGroup_parent, Object *);
    dispatcher_group = group != NULL ? ref_new_global(group) : NULL;
    OsThread th;
    if (!os_thread_create(&th, 0, dispatcher_main, NULL, true)) {
        if (dispatcher_group != NULL) ref_delete_global(dispatcher_group);
        dispatcher_group = NULL;
        return false;
    }
    dispatcher_started = true;
    /* SIGQUIT no longer kills the VM: the dispatcher handles it (see dispatcher_main);
     * under -Xrs it keeps its default action, as on HotSpot. */
    if (!flags_bool("ReduceSignalUsage")) os_signal_install(sig_quit, java_signal_handler);
    return true;
}

/* JVM_FindSignal: Signal.findSignal0("INT") -> number, -1 if unknown. */
VM_EXPORT jint JNICALL JVM_FindSignal(const char *name)
{
    return os_signal_number(name);
}

/* JVM_RegisterSignal: Signal.handle0 (Terminator.setup registers HUP, INT and TERM). */
VM_EXPORT void *JNICALL JVM_RegisterSignal(jint sig, void *handler)
{
    signal_setup();
    if (sig <= 0 || sig >= MAX_SIGNAL || sig == sig_quit) return (void *)-1;
    /* -Xrs: the shutdown signals keep their default action (no shutdown hooks on them),
     * as HotSpot's ReduceSignalUsage refuses them to Java. */
    if ((sig == sig_hup || sig == sig_int || sig == sig_term) && flags_bool("ReduceSignalUsage")) return (void *)-1;
    intptr_t h = (intptr_t)handler;
    intptr_t old = -1;
    Thread *t = thread_current();
    int prev = t != NULL ? jni_enter(t) : TS_NATIVE;
    os_mutex_lock(&signal_lock);
    bool shutdown_signal = sig == sig_hup || sig == sig_int || sig == sig_term;
    if (shutdown_signal && signal_ignored_at_start[sig]) {
        old = 1; /* started ignored (nohup): Java may not take it over */
    } else if (h == JAVA_HANDLER && (t == NULL || !start_dispatcher(t))) {
        old = -1;
    } else {
        OsSignalHandler fn = h == JAVA_HANDLER ? java_signal_handler : (OsSignalHandler)handler;
        if (os_signal_install(sig, fn)) {
            old = signal_handler_value[sig];
            signal_handler_value[sig] = h;
        } else if (shutdown_signal) {
            /* os_signal_install refuses these only when they were ignored at start. */
            signal_ignored_at_start[sig] = true;
            old = 1;
        }
    }
    os_mutex_unlock(&signal_lock);
    if (t != NULL) jni_leave(t, prev);
    return (void *)old;
}

/* JVM_RaiseSignal: Signal.raise0, only for signals Java has a handler for. */
VM_EXPORT jboolean JNICALL JVM_RaiseSignal(jint sig)
{
    signal_setup();
    if (sig <= 0 || sig >= MAX_SIGNAL || sig == sig_quit) return JNI_FALSE;
    if ((sig == sig_hup || sig == sig_int || sig == sig_term) && signal_ignored_at_start[sig])
        return JNI_FALSE;
    if (!os_signal_raise(sig)) return JNI_FALSE;
    /* The handler ran on this thread: wake the dispatcher now rather than at its next poll. */
    os_mutex_lock(&signal_lock);
    os_cond_broadcast(&signal_cond);
    os_mutex_unlock(&signal_lock);
    return JNI_TRUE;
}

/* ======================================================================================
 * libzip, libnet and management support
 * ====================================================================================== */

/* JVM_NativePath: HotSpot's os::native_path is the identity on Linux. */
VM_EXPORT char *JNICALL JVM_NativePath(char *path)
{
    return path;
}

/* Raw monitors (libzip's ZIP_Lock): plain recursive OS mutexes. Callers run native code
 * (TS_NATIVE), so blocking on them never holds up the collector. */
VM_EXPORT void *JNICALL JVM_RawMonitorCreate(void)
{
    OsMutex *m = vm_malloc(sizeof *m);
    os_mutex_init_recursive(m);
    return m;
}

VM_EXPORT void JNICALL JVM_RawMonitorDestroy(void *mon)
{
    if (mon == NULL) return;
    os_mutex_destroy(mon);
    free(mon);
}

VM_EXPORT jint JNICALL JVM_RawMonitorEnter(void *mon)
{
    os_mutex_lock(mon);
    return 0;
}

VM_EXPORT void JNICALL JVM_RawMonitorExit(void *mon)
{
    os_mutex_unlock(mon);
}

/* ======================================================================================
 * jio_*: printf helpers with HotSpot's contract (jio_vsnprintf: -1 on truncation or a
 * count that is a negative number in disguise)
 * ====================================================================================== */

VM_EXPORT int jio_vsnprintf(char *str, size_t count, const char *fmt, va_list args)
{
    if ((intptr_t)count <= 0) return -1;
    int r = vsnprintf(str, count, fmt, args);
    if (r > 0 && (size_t)r >= count) r = -1;
    return r;
}

VM_EXPORT int jio_snprintf(char *str, size_t count, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = jio_vsnprintf(str, count, fmt, ap);
    va_end(ap);
    return r;
}

VM_EXPORT int jio_vfprintf(FILE *f, const char *fmt, va_list args)
{
    return vfprintf(f, fmt, args);
}

VM_EXPORT int jio_fprintf(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = jio_vfprintf(f, fmt, ap);
    va_end(ap);
    return r;
}

VM_EXPORT int jio_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = jio_vfprintf(stdout, fmt, ap);
    va_end(ap);
    return r;
}
