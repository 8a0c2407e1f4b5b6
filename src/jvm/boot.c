// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * boot.c — the invocation API (JNI_CreateJavaVM and friends, the JavaVM function table)
 * and the OpenJDK 17 boot sequence.
 *
 * The sequence follows ../shared/docs/boot-openjdk17.md a.1 (modelled on HotSpot's
 * Threads::create_vm): core services, the main thread, the well-known classes and their
 * mirrors, String/System/Class/ThreadGroup initialization, the system and main thread
 * groups and the main Thread, UnsafeConstants, Reference and Finalizer (which start the
 * Reference Handler and Finalizer threads), System.initPhase1, the preallocated errors,
 * the JSR 292 classes, System.initPhase2 (the module system), and initPhase3.
 *
 * Threads: JNI_CreateJavaVM runs on the launcher's new thread, which becomes "main"; it
 * returns with that thread in TS_NATIVE, as native code.
 */
#include "boot.h"
#include "archive.h"
#include "management.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../os/os.h"
#include "../vm/class.h"
#include "../vm/exception.h"
#include "../vm/heap.h"
#include "../vm/log.h"
#include "dcmd_log.h"
#include "../vm/interp.h"
#include "../vm/jnienv.h"
#include "../vm/loader.h"
#include "../vm/mh.h"
#include "../vm/module.h"
#include "../vm/monitor.h"
#include "../vm/native.h"
#include "../vm/object.h"
#include "../vm/options.h"
#include "../vm/redefine.h"
#include "../vm/ref.h"
#include "../vm/string.h"
#include "../vm/sym.h"
#include "../vm/thread.h"
#include "../vm/wellknown.h"
#include "../jvmti/jvmti_vm.h"
#include "mhn.h"
#include "natives.h"
#include "options_parse.h"
#include "errorreport.h"
#include "flags.h"
#include "heapdump.h"
#include "oomreport.h"
#include "jvm.h"
#include "perfdata.h"

int64_t boot_start_ns;
/* JNI_CreateJavaVM's state, as HotSpot keeps it: vm_created while a VM exists or is being
 * created (another attempt gets JNI_EEXIST); created_before once creation got past its
 * argument checks, since a VM cannot be created again in the same process (JNI_ERR, as
 * on HotSpot, also after DestroyJavaVM). */
static _Atomic bool vm_created, created_before;
static OptionHooks hooks;

/* The launcher's main thread runs the interpreter recursively for upcalls (class
 * initializers, JNI calls): give it a generous C stack. */
#define DEFAULT_NATIVE_STACK (8 << 20)

/* ------------------------------------------------------------------------------------ */
/* Boot helpers                                                                         */
/* ------------------------------------------------------------------------------------ */

static Class *boot_class(Thread *t, const char *name)
{
    Class *c = loader_load(t, NULL, sym_intern(name));
    if (c == NULL) return NULL;
    return class_ensure_init(t, c) ? c : NULL;
}

static bool call_static(Thread *t, Class *c, const char *name, const char *desc, const Slot *args,
                        Slot *ret)
{
    Method *m = class_find_declared_method(c, sym_intern(name), sym_intern(desc));
    if (m == NULL) panic("%s.%s%s not found", c->name, name, desc);
    return interp_call(t, m, args, ret);
}

static Object *new_object(Thread *t, Class *c, const char *ctor_desc, const Slot *ctor_args, int n)
{
    Object *o = obj_new(t, c);
    if (o == NULL) return NULL;
    Slot args[8];
    args[0].l = o;
    for (int i = 0; i < n; i++) args[i + 1] = ctor_args[i];
    Method *m = class_find_declared_method(c, sym.init, sym_intern(ctor_desc));
    if (m == NULL) panic("%s.<init>%s not found", c->name, ctor_desc);
    return interp_call(t, m, args, NULL) ? o : NULL;
}

static void set_static(Class *c, const char *name, const char *desc, int64_t value)
{
    Field *f = class_find_declared_field(c, sym_intern(name), sym_intern(desc));
    if (f == NULL) panic("%s.%s not found", c->name, name);
    void *addr = field_static_addr(f);
    switch (desc[0]) {
    case 'Z':
    case 'B': *(int8_t *)addr = (int8_t)value; break;
    case 'I': *(int32_t *)addr = (int32_t)value; break;
    case 'J': *(int64_t *)addr = value; break;
    default: panic("set_static: unsupported type %s", desc);
    }
}

static bool boot_failed(Thread *t, const char *what)
{
    Object *e = exc_pending(t);
    fprintf(stderr, "Error occurred during initialization of VM\n%s\n", what);
    if (e) exc_print_fallback(t, e);
    return false;
}

/* Start-up failure that HotSpot reports by exiting at once (message already printed). */
static _Noreturn void init_exit(void)
{
    vm_phase = PHASE_DEAD;
    fflush(stdout);
    fflush(stderr);
    os_exit(1);
}

static bool create_vm(Thread **out)
{
    /* JVMTI OnLoad phase: agents run before any class or thread exists. A failing agent
     * ends the process with status 1 (HotSpot's vm_exit_during_initialization), without
     * returning to the launcher. */
    if (!jvmti_agents_onload()) init_exit();
    os_malloc_prepare(8u << 20); /* the boot's class metadata: os.h */
    vm_phase = PHASE_PRIMORDIAL;
    sym_init();
    native_init();
    jvm_natives_register();
    mhn_register_natives();

    HeapConfig hc = {.initial = vm_opts.heap_initial, .max = vm_opts.heap_max,
                     .vm_version = boot_property("java.vm.version")};
    if (!heap_init(&hc)) return false;
    perfdata_init(boot_start_ns);
    oomreport_init();
    dcmd_log_register();
    mon_init();
    ref_init();
    module_init();
    interp_init();
    redef_init();
    str_init();
    thread_default_stack_size = vm_opts.stack_size;
    Thread *t = thread_init_main(vm_opts.stack_size);
    if (t == NULL) return false;
    *out = t;
    if (!loader_init(vm_opts.java_home)) return false;
    /* The property, not hooks.boot_append: JVMTI AddToBootstrapClassLoaderSearch in the
     * OnLoad phase appends to it, as HotSpot's append_sysclasspath does. */
    const char *boot_append = boot_property("jdk.boot.class.path.append");
    if (boot_append != NULL && boot_append[0] != '\0') loader_add_boot_append(boot_append);
    /* --patch-module, as the jdk.module.patch.<n> properties options.c made of it. */
    for (int i = 0;; i++) {
        char key[64];
        snprintf(key, sizeof key, "jdk.module.patch.%d", i);
        const char *spec = boot_property(key);
        if (spec == NULL) break;
        loader_add_patch_module(spec);
    }

    char path[4096];
    const char *err = NULL;
    snprintf(path, sizeof path, "%s/lib/libjava.so", vm_opts.java_home);
    void *libjava = os_dlopen(path, &err);
    if (libjava == NULL) {
        fprintf(stderr, "Error: cannot load %s: %s\n", path, err ? err : "?");
        return false;
    }
    native_add_boot_library(libjava);

    archive_recording = vm_opts.share == SHARE_DUMP;
    /* Core classes and their mirrors. */
    loader_create_primitives(t);
    wk_load_classes(t);
    wk_resolve_fields(t);
    if (!class_boot_constants(t)) return boot_failed(t, "early string constants");
    mh_init(t);

    jvmti_vm_early_start(t);
    vm_phase = PHASE_START;
    if (!boot_class(t, "java/lang/String")) return boot_failed(t, "java.lang.String");
    if (!boot_class(t, "java/lang/System")) return boot_failed(t, "java.lang.System");
    if (!boot_class(t, "java/lang/Class")) return boot_failed(t, "java.lang.Class");
    Class *tg = boot_class(t, "java/lang/ThreadGroup");
    if (!tg) return boot_failed(t, "java.lang.ThreadGroup");

    /* The system and main thread groups, then the main Thread. */
    Object *system_group = new_object(t, tg, "()V", NULL, 0);
    if (!system_group) return boot_failed(t, "system thread group");
    Object *main_name = str_new_cstr(t, "main");
    Slot gargs[2] = {{.l = system_group}, {.l = main_name}};
    Object *main_group = new_object(t, tg, "(Ljava/lang/ThreadGroup;Ljava/lang/String;)V", gargs, 2);
    if (!main_group) return boot_failed(t, "main thread group");
    if (!boot_class(t, "java/lang/Thread")) return boot_failed(t, "java.lang.Thread");
    if (!thread_create_jthread(t, main_group, "main", false, false))
        return boot_failed(t, "main thread");

    if (!boot_class(t, "java/lang/Module")) return boot_failed(t, "java.lang.Module");
    Class *uc = boot_class(t, "jdk/internal/misc/UnsafeConstants");
    if (!uc) return boot_failed(t, "UnsafeConstants");
    set_static(uc, "ADDRESS_SIZE0", "I", 8);
    set_static(uc, "PAGE_SIZE", "I", (int64_t)os_page_size());
    set_static(uc, "BIG_ENDIAN", "Z", 0);
    set_static(uc, "UNALIGNED_ACCESS", "Z", 1);
    set_static(uc, "DATA_CACHE_LINE_FLUSH_SIZE", "I", 0);

    if (!boot_class(t, "java/lang/reflect/Method")) return boot_failed(t, "java.lang.reflect.Method");
    if (!boot_class(t, "java/lang/ref/Finalizer")) return boot_failed(t, "java.lang.ref.Finalizer");

    if (!call_static(t, wk.System, "initPhase1", "()V", NULL, NULL))
        return boot_failed(t, "System.initPhase1 failed");
    /* -Xrun libraries' JVM_OnLoad: after initPhase1, still in the primordial phase (so
     * their GetEnv for JVMTI answers JNI_EDETACHED), as in HotSpot. */
    if (!jvmti_xrun_init(t)) init_exit();

    static const char *const errors[] = {
        "java/lang/OutOfMemoryError",     "java/lang/NullPointerException",
        "java/lang/ClassCastException",   "java/lang/ArrayStoreException",
        "java/lang/ArithmeticException",  "java/lang/StackOverflowError",
        "java/lang/IllegalMonitorStateException", "java/lang/IllegalArgumentException",
    };
    for (size_t i = 0; i < ARRAY_LEN(errors); i++)
        if (!boot_class(t, errors[i])) return boot_failed(t, errors[i]);
    exc_preallocate(t);

    static const char *const jsr292[] = {
        "java/lang/invoke/MethodHandle", "java/lang/invoke/ResolvedMethodName",
        "java/lang/invoke/MemberName", "java/lang/invoke/MethodHandleNatives",
    };
    for (size_t i = 0; i < ARRAY_LEN(jsr292); i++)
        if (!boot_class(t, jsr292[i])) return boot_failed(t, jsr292[i]);

    Slot p2[2] = {{.i = 1}, {.i = 1}};
    Slot r;
    if (!call_static(t, wk.System, "initPhase2", "(ZZ)I", p2, &r))
        return boot_failed(t, "System.initPhase2 failed");
    if (r.i != 0) return boot_failed(t, "System.initPhase2 returned an error");
    /* -Xshare:dump: the boot module graph is complete; write its archive and exit, as
     * HotSpot's dump exits (archive.c). */
    if (vm_opts.share == SHARE_DUMP) {
        fflush(stdout);
        exit(archive_dump(t) ? 0 : 1);
    }
    /* JVMTI start phase and VMStart once the module system is up (HotSpot: after
     * initPhase2; the early VMStart, for environments that asked, came before). */
    jvmti_vm_start(t);
    loader_enable_boot_append();
    if (!call_static(t, wk.System, "initPhase3", "()V", NULL, NULL))
        return boot_failed(t, "System.initPhase3 failed");
    vm_phase = PHASE_LIVE;
    jvmti_vm_init(t);
    perfdata_create(boot_start_ns, os_nanotime());
    if (!mgmt_vm_init(t)) return boot_failed(t, "management agent");
    return true;
}

/* ------------------------------------------------------------------------------------ */
/* Invocation API                                                                       */
/* ------------------------------------------------------------------------------------ */

static jint JNICALL destroy_java_vm(JavaVM *vm);
static jint JNICALL attach_current_thread(JavaVM *vm, void **penv, void *args);
static jint JNICALL detach_current_thread(JavaVM *vm);
static jint JNICALL get_env(JavaVM *vm, void **penv, jint version);
static jint JNICALL attach_current_thread_as_daemon(JavaVM *vm, void **penv, void *args);

static const struct JNIInvokeInterface_ invoke_interface = {
    NULL,
    NULL,
    NULL,
    destroy_java_vm,
    attach_current_thread,
    detach_current_thread,
    get_env,
    attach_current_thread_as_daemon,
};

static bool supported_jni_version(jint v)
{
    return v == JNI_VERSION_1_1 || v == JNI_VERSION_1_2 || v == JNI_VERSION_1_4 ||
           v == JNI_VERSION_1_6 || v == JNI_VERSION_1_8 || v == JNI_VERSION_9 || v == JNI_VERSION_10;
}

VM_EXPORT jint JNICALL JNI_GetDefaultJavaVMInitArgs(void *args)
{
    jint version = *(jint *)args;
    if (version == JNI_VERSION_1_1) {
        /* As HotSpot: 1.1 is not supported (JNI_ERR), but the block answers the launcher's
         * question, the default thread stack size, and says which version it got. */
        JDK1_1InitArgs *a = args;
        a->version = JNI_VERSION_1_2;
        a->javaStackSize = DEFAULT_NATIVE_STACK;
        return JNI_ERR;
    }
    return supported_jni_version(version) ? JNI_OK : JNI_ERR; /* HotSpot's answer, not EVERSION */
}

VM_EXPORT jint JNICALL JNI_CreateJavaVM(JavaVM **pvm, void **penv, void *vargs)
{
    JavaVMInitArgs *args = vargs;
    if (atomic_exchange(&vm_created, true)) return JNI_EEXIST;
    if (args == NULL || !supported_jni_version(args->version) || args->version == JNI_VERSION_1_1) {
        vm_created = false;
        return JNI_EVERSION;
    }
    /* As HotSpot, a refused re-creation leaves vm_created set: later attempts get EEXIST. */
    if (atomic_exchange(&created_before, true)) return JNI_ERR;
    vm_java_vm = &invoke_interface;
    os_init();
    os_signal_init();
    boot_start_ns = vm_start_ns = os_nanotime();
    if (!options_parse(args, &hooks)) return JNI_EINVAL;
    flags_boot_initial();
    errorreport_init();
    Thread *t = NULL;
    if (!create_vm(&t)) {
        vm_phase = PHASE_DEAD;
        jvmti_vm_death(NULL);
        return JNI_ERR;
    }
    *pvm = &vm_java_vm;
    *penv = thread_env(t);
    thread_enter_safe(t, TS_NATIVE);
    return JNI_OK;
}

VM_EXPORT jint JNICALL JNI_GetCreatedJavaVMs(JavaVM **buf, jsize len, jsize *n)
{
    bool live = vm_created && vm_phase >= PHASE_START && vm_phase != PHASE_DEAD;
    if (n) *n = live ? 1 : 0;
    if (live && len > 0 && buf) buf[0] = &vm_java_vm;
    return JNI_OK;
}

static jint attach(void **penv, void *vargs, bool daemon)
{
    Thread *t = thread_current();
    if (t != NULL) {
        *penv = thread_env(t);
        return JNI_OK;
    }
    if (vm_phase == PHASE_DEAD) return JNI_ERR;
    JavaVMAttachArgs *a = vargs;
    const char *name = NULL;
    Object *group = NULL;
    if (a != NULL) {
        if (!supported_jni_version(a->version) || a->version == JNI_VERSION_1_1) return JNI_EVERSION;
        name = a->name;
        group = ref_get(a->group);
    }
    t = thread_attach(name, group, daemon);
    if (t == NULL) return JNI_ERR;
    *penv = thread_env(t);
    thread_enter_safe(t, TS_NATIVE);
    return JNI_OK;
}

static jint JNICALL attach_current_thread(JavaVM *vm, void **penv, void *args)
{
    (void)vm;
    return attach(penv, args, false);
}

static jint JNICALL attach_current_thread_as_daemon(JavaVM *vm, void **penv, void *args)
{
    (void)vm;
    return attach(penv, args, true);
}

static jint JNICALL detach_current_thread(JavaVM *vm)
{
    (void)vm;
    Thread *t = thread_current();
    if (t == NULL) return JNI_OK;
    /* A thread with Java frames on its stack cannot detach (JNI spec). */
    for (Frame *f = t->top_frame; f; f = f->prev)
        if (!(f->flags & FRAME_ENTRY)) return JNI_ERR;
    if (atomic_load(&t->state) == TS_NATIVE) thread_leave_safe(t);
    thread_detach(t);
    return JNI_OK;
}

static jint JNICALL get_env(JavaVM *vm, void **penv, jint version)
{
    (void)vm;
    /* JVMTI environments come first: agents ask for them in the OnLoad phase, before
     * any thread is attached. */
    if (jvmti_is_version(version)) return jvmti_get_env(penv, version);
    Thread *t = thread_current();
    if (t == NULL) {
        *penv = NULL;
        return JNI_EDETACHED;
    }
    if (supported_jni_version(version)) {
        *penv = thread_env(t);
        return JNI_OK;
    }
    *penv = NULL;
    return JNI_EVERSION;
}

static jint JNICALL destroy_java_vm(JavaVM *vm)
{
    (void)vm;
    void *env;
    JavaVMAttachArgs a = {JNI_VERSION_1_2, "DestroyJavaVM", NULL};
    if (attach(&env, &a, false) != JNI_OK) return JNI_ERR;
    Thread *t = thread_current();
    thread_leave_safe(t);
    thread_wait_for_non_daemons(t);
    Class *shutdown = loader_load(t, NULL, sym_intern("java/lang/Shutdown"));
    if (shutdown && class_ensure_init(t, shutdown)) call_static(t, shutdown, "shutdown", "()V", NULL, NULL);
    exc_clear(t);
    jvmti_vm_death(t);
    jvmti_agents_unload();
    heap_log_exit_summary();
    log_flush_all();
    perfdata_destroy();
    vm_phase = PHASE_DEAD;
    fflush(stdout);
    fflush(stderr);
    thread_enter_safe(t, TS_NATIVE);
    vm_created = false;
    return JNI_OK;
}

void boot_halt(int code)
{
    Thread *t = thread_current();
    jvmti_vm_death(t);
    jvmti_agents_unload();
    heap_log_exit_summary();
    log_flush_all();
    perfdata_destroy();
    vm_phase = PHASE_DEAD;
    fflush(stdout);
    fflush(stderr);
    if (hooks.exit_hook) ((void (*)(jint))hooks.exit_hook)(code);
    os_exit(code);
}
