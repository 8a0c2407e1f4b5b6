// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jni.c — the JNIEnv function table (JNI 10, jni_functions) and the JNI functions that
 * are not about calls, fields, strings or arrays: version, class loading and
 * definition, reflection bridges, exceptions, references, object identity and type,
 * native registration, monitors, the JavaVM, direct buffers and modules.
 *
 * Every Thread's `jni` member points at jni_functions (thread.c), or at an agent's
 * interposed table (jnienv.h), so JNIEnv* is the Thread (thread_from_env). The table and its functions are valid from thread creation to
 * VM exit. Thread states and the misuse policy are described in jniint.h; message texts
 * follow HotSpot 17's jni.cpp so that programs see the same exceptions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../jvmti/jvmti_vm.h"
#include "../os/os.h"
#include "exception.h"
#include "interp.h"
#include "jniint.h"
#include "jnienv.h"
#include "loader.h"
#include "module.h"
#include "monitor.h"
#include "native.h"
#include "object.h"
#include "options.h"
#include "reflect.h"
#include "resolve.h"
#include "string.h"
#include "sym.h"

/* ---- helpers shared with jni_*.c ---- */

void jni_throw(Thread *t, const char *cls, const char *fmt, ...)
{
    char msg[1024];
    if (fmt != NULL) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
    }
    int st = jni_enter(t);
    if (fmt != NULL) exc_throw(t, cls, "%s", msg);
    else exc_throw(t, cls, NULL);
    jni_leave(t, st);
}

Class *jni_class_slow(Thread *t, Object *mirror)
{
    if (mirror == NULL) jni_throw(t, "java/lang/NullPointerException", NULL);
    else jni_throw(t, "java/lang/IllegalArgumentException", "not a java.lang.Class");
    return NULL;
}

void jni_signature_name(const Class *c, char *buf, size_t size)
{
    if (class_is_array(c) || class_is_primitive(c)) snprintf(buf, size, "%s", c->name);
    else snprintf(buf, size, "L%s;", c->name);
}

/* ---- version, classes ---- */

static jint JNICALL jni_GetVersion(JNIEnv *env) { return JNI_VERSION_10; }

/* HotSpot's SystemDictionary::class_name_symbol limit (Symbol::max_length). */
#define MAX_CLASS_NAME 65535

static jclass JNICALL jni_DefineClass(JNIEnv *env, const char *name, jobject loader,
                                      const jbyte *buf, jsize len)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Class *c = NULL;
    if (name != NULL && strlen(name) > MAX_CLASS_NAME) {
        exc_throw(t, "java/lang/NoClassDefFoundError", "Class name exceeds maximum length of %d: %s",
                  MAX_CLASS_NAME, name);
    } else if (len < 0 || (buf == NULL && len > 0)) {
        exc_throw(t, "java/lang/ClassFormatError", "Truncated class file");
    } else {
        c = loader_define(t, ref_get(loader), name ? sym_intern(name) : NULL,
                          (const uint8_t *)buf, (size_t)len, NULL, NULL, 0, NULL, NULL);
    }
    jclass r = c ? ref_new_local(t, c->mirror) : NULL;
    jni_leave(t, st);
    return r;
}

static bool first_frame(Frame *f, void *arg)
{
    *(Frame **)arg = f;
    return false;
}

/* ClassLoader.getSystemClassLoader(), fetched once the VM is live and then kept in a
 * global reference. Before that (and in the launcher's early calls) the boot loader is
 * used, as HotSpot does while its java_system_loader is still unset. TS_JAVA. */
static bool system_loader(Thread *t, Object **out)
{
    static jobject _Atomic cached;
    *out = NULL;
    if (vm_phase < PHASE_LIVE) return true;
    jobject g = atomic_load_explicit(&cached, memory_order_acquire);
    if (g == NULL) {
        Method *m = wk_method(wk.ClassLoader, sym_intern("getSystemClassLoader"),
                              sym_intern("()Ljava/lang/ClassLoader;"));
        Slot none[1], ret;
        ret.l = NULL;
        if (!interp_call(t, m, none, &ret)) return false;
        if (ret.l == NULL) return true;
        jobject expected = NULL;
        g = ref_new_global(ret.l);
        if (!atomic_compare_exchange_strong(&cached, &expected, g)) {
            ref_delete_global(g);
            g = expected;
        }
    }
    *out = ref_get(g);
    return true;
}

/*
 * The class loader FindClass uses (HotSpot jni_FindClass): the loader of the class of
 * the method on top of the stack, normally the native method calling us. While
 * JNI_OnLoad/JNI_OnUnload runs, that method is NativeLibraries.load/unload (boot), and the
 * class that asked for the library comes from NativeLibraries.getFromClass(). With no
 * frame at all (attached threads, the launcher) and when getFromClass() has no answer,
 * the system class loader. TS_JAVA; false with an exception pending.
 */
static bool find_class_loader(Thread *t, Object **loader)
{
    static const char *native_libraries;
    if (native_libraries == NULL) native_libraries = sym_intern("jdk/internal/loader/NativeLibraries");
    Frame *f = NULL;
    interp_walk_frames(t, first_frame, &f);
    if (f != NULL && f->method != NULL) {
        Class *k = f->method->clazz;
        if (k->loader != NULL || k->name != native_libraries) {
            *loader = k->loader;
            return true;
        }
        Method *m = class_find_declared_method(k, sym_intern("getFromClass"),
                                               sym_intern("()Ljava/lang/Class;"));
        if (m != NULL) {
            Slot none[1], ret;
            ret.l = NULL;
            if (!interp_call(t, m, none, &ret)) return false;
            if (ret.l != NULL) {
                *loader = class_from_mirror(ret.l)->loader;
                return true;
            }
        }
    }
    return system_loader(t, loader);
}

/* FindClass in TS_JAVA. Names are internal ("java/lang/String") or array descriptors;
 * like HotSpot, "Lname;" is accepted as name, and the class is initialized. */
static Class *find_class(Thread *t, const char *name)
{
    if (name == NULL) {
        exc_throw(t, "java/lang/NoClassDefFoundError", "No class name given");
        return NULL;
    }
    size_t len = strlen(name);
    if (len > MAX_CLASS_NAME) {
        exc_throw(t, "java/lang/NoClassDefFoundError", "Class name exceeds maximum length of %d: %s",
                  MAX_CLASS_NAME, name);
        return NULL;
    }
    /* No internal name contains '.'; HotSpot fails these the same way (the loader's
     * answer, if any, has a different name). */
    if (strchr(name, '.') != NULL) {
        exc_throw(t, "java/lang/NoClassDefFoundError", "%s", name);
        return NULL;
    }
    const char *sym_name = (len > 2 && name[0] == 'L' && name[len - 1] == ';')
                               ? sym_intern_len(name + 1, len - 2)
                               : sym_intern(name);
    Object *loader = NULL;
    if (!find_class_loader(t, &loader)) return NULL;
    Class *c = loader_load(t, loader, sym_name);
    if (c != NULL && !class_is_array(c) && !class_ensure_init(t, c)) return NULL;
    return c;
}

static jclass JNICALL jni_FindClass(JNIEnv *env, const char *name)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Class *c = find_class(t, name);
    jclass r = c ? ref_new_local(t, c->mirror) : NULL;
    jni_leave(t, st);
    return r;
}

/* Class.getSuperclass semantics exactly (libjava binds that native to this function):
 * null for primitives, interfaces and Object, Object for arrays. */
static jclass JNICALL jni_GetSuperclass(JNIEnv *env, jclass sub)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jclass r = NULL;
    Class *c = jni_class(t, sub);
    if (c != NULL && !class_is_primitive(c) && !class_is_interface(c)) {
        Class *s = class_is_array(c) ? wk.Object : c->super;
        if (s != NULL) r = ref_new_local(t, s->mirror);
    }
    jni_leave(t, st);
    return r;
}

/* Class.isAssignableFrom (reversed); primitive types are assignable only to themselves. */
static jboolean JNICALL jni_IsAssignableFrom(JNIEnv *env, jclass sub, jclass sup)
{
    Thread *t = thread_from_env(env);
    int st = (jni_is_weak(sub) || jni_is_weak(sup)) ? jni_enter(t) : TS_JAVA;
    jboolean r = JNI_FALSE;
    Class *a = jni_class(t, sub);
    Class *b = a ? jni_class(t, sup) : NULL;
    if (a != NULL && b != NULL) {
        if (class_is_primitive(a) || class_is_primitive(b)) r = a == b;
        else r = class_is_subclass_of(a, b);
    }
    jni_leave(t, st);
    return r;
}

/* ---- reflection ---- */

static jmethodID JNICALL jni_FromReflectedMethod(JNIEnv *env, jobject method)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Method *m = NULL;
    Object *o = jni_object(t, method);
    if (o != NULL) {
        m = reflect_to_method(o);
        if (m == NULL) exc_throw(t, "java/lang/IllegalArgumentException", "not a Method or Constructor");
        else if (!class_ensure_init(t, m->clazz)) m = NULL; /* IDs only for initialized classes */
    }
    jni_leave(t, st);
    return (jmethodID)m;
}

static jfieldID JNICALL jni_FromReflectedField(JNIEnv *env, jobject field)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Field *f = NULL;
    Object *o = jni_object(t, field);
    if (o != NULL) {
        f = reflect_to_field(o);
        if (f == NULL) exc_throw(t, "java/lang/IllegalArgumentException", "not a Field");
        else if (!class_ensure_init(t, f->clazz)) f = NULL;
    }
    jni_leave(t, st);
    return (jfieldID)f;
}

static jobject JNICALL jni_ToReflectedMethod(JNIEnv *env, jclass cls, jmethodID mid,
                                             jboolean isStatic)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobject r = NULL;
    Method *m = (Method *)mid;
    if (m == NULL) exc_throw(t, "java/lang/NullPointerException", "jmethodID is null");
    else r = ref_new_local(t, m->name == sym.init ? reflect_constructor(t, m) : reflect_method(t, m));
    jni_leave(t, st);
    return r;
}

static jobject JNICALL jni_ToReflectedField(JNIEnv *env, jclass cls, jfieldID fid,
                                            jboolean isStatic)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobject r = NULL;
    if (fid == NULL) exc_throw(t, "java/lang/NullPointerException", "jfieldID is null");
    else r = ref_new_local(t, reflect_field(t, (Field *)fid));
    jni_leave(t, st);
    return r;
}

/* ---- exceptions ---- */

static jint JNICALL jni_Throw(JNIEnv *env, jthrowable obj)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jint r = JNI_ERR;
    Object *o = jni_object(t, obj);
    if (o != NULL && !obj_instance_of(o, wk.Throwable)) {
        exc_throw(t, "java/lang/IllegalArgumentException", "not a java.lang.Throwable");
    } else if (o != NULL) {
        exc_set(t, o);
        r = JNI_OK;
    }
    jni_leave(t, st);
    return r;
}

/*
 * ThrowNew in TS_JAVA, as HotSpot's Exceptions::new_exception does it: the constructor
 * (String) when there is a message, () when msg is NULL (so a no-arg constructor's own
 * message shows), called without access checks; NoSuchMethodError when the class lacks
 * it. Returns whether an instance of `c` is now pending.
 */
static bool throw_new(Thread *t, Class *c, const char *msg)
{
    char ext[1024];
    /* HotSpot's order: initialize, then resolve the constructor like invokespecial. */
    if (!class_ensure_init(t, c)) return false;
    const char *desc = msg ? sym_intern("(Ljava/lang/String;)V") : sym.void_desc;
    Method *ctor = class_find_declared_method(c, sym.init, desc);
    if (ctor == NULL) {
        /* Found only in a superclass: "C: method 'void <init>(...)' not found"; found
         * nowhere: the usual "'void C.<init>(...)'". */
        const Class *k = c->super;
        while (k != NULL && class_find_declared_method(k, sym.init, desc) == NULL) k = k->super;
        if (k != NULL) {
            class_external_name(c, ext, sizeof ext);
            exc_throw(t, "java/lang/NoSuchMethodError", "%s: method 'void <init>(%s)' not found", ext,
                      msg ? "java.lang.String" : "");
        } else {
            char sig[1024];
            resolve_format_method(c->name, sym.init, desc, sig, sizeof sig);
            exc_throw(t, "java/lang/NoSuchMethodError", "%s", sig);
        }
        return false;
    }
    /* HotSpot would go on and make a non-Throwable or abstract "exception" pending; a
     * pending exception must be a Throwable here, so these are refused. */
    if (!class_is_subclass_of(c, wk.Throwable) || (c->access & ACC_ABSTRACT)) {
        class_external_name(c, ext, sizeof ext);
        if (c->access & ACC_ABSTRACT) exc_throw(t, "java/lang/InstantiationException", "%s", ext);
        else exc_throw(t, "java/lang/IllegalArgumentException",
                       "%s is not a subclass of java.lang.Throwable", ext);
        return false;
    }
    Object *jmsg = NULL;
    if (msg != NULL && (jmsg = str_new_cstr(t, msg)) == NULL) return false;
    Object *e = obj_new(t, c);
    if (e == NULL) return false;
    Slot args[2];
    args[0].l = e;
    args[1].l = jmsg;
    if (!interp_call(t, ctor, args, NULL)) return false;
    exc_set(t, e);
    return true;
}

static jint JNICALL jni_ThrowNew(JNIEnv *env, jclass clazz, const char *msg)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Class *c = jni_class(t, clazz);
    /* HotSpot answers JNI_OK whenever an exception is pending afterwards, even one that
     * replaced the requested one. */
    jint r = JNI_ERR;
    if (c != NULL) {
        exc_clear(t);
        throw_new(t, c, msg);
        r = JNI_OK;
    }
    jni_leave(t, st);
    return r;
}

static jthrowable JNICALL jni_ExceptionOccurred(JNIEnv *env)
{
    Thread *t = thread_from_env(env);
    if (t->exception == NULL) return NULL;
    int st = jni_enter(t);
    jthrowable r = ref_new_local(t, t->exception);
    jni_leave(t, st);
    return r;
}

static bool is_thread_death(const Object *e)
{
    static const char *thread_death;
    if (thread_death == NULL) thread_death = sym_intern("java/lang/ThreadDeath");
    for (const Class *c = e->klass; c != NULL; c = c->super)
        if (c->name == thread_death) return true;
    return false;
}

/* HotSpot's jni_ExceptionDescribe: clears the exception, then prints
 * `Exception in thread "name" ` and lets printStackTrace() write the rest; prints
 * nothing for ThreadDeath. Exceptions thrown while printing are dropped. */
static void JNICALL jni_ExceptionDescribe(JNIEnv *env)
{
    Thread *t = thread_from_env(env);
    if (t->exception == NULL) return;
    int st = jni_enter(t);
    Object *e = exc_take(t);
    if (t->jvmti_exc_state == THREAD_EXC_DETECTED) {
        t->jvmti_exc_state = THREAD_EXC_CAUGHT;
        t->jvmti_exc_object = NULL;
    }
    if (e != NULL && !is_thread_death(e)) {
        fputs("Exception ", stderr);
        if (t->jthread != NULL) {
            Object *jname = FIELD_GET(t->jthread, wk_off.Thread_name, Object *);
            char *name = str_to_mutf8(jname);
            fprintf(stderr, "in thread \"%s\" ", name ? name : (t->name ? t->name : "Unknown thread"));
            free(name);
        }
        fflush(stderr);
        if (obj_instance_of(e, wk.Throwable)) {
            static Method *print_stack_trace;
            if (print_stack_trace == NULL)
                print_stack_trace = wk_method(wk.Throwable, sym_intern("printStackTrace"), sym.void_desc);
            Slot args[1];
            args[0].l = e;
            interp_call_virtual(t, print_stack_trace, args, NULL);
            exc_clear(t);
        } else {
            char ext[1024];
            class_external_name(e->klass, ext, sizeof ext);
            fprintf(stderr, ". Uncaught exception of type %s.", ext);
        }
    }
    jni_leave(t, st);
}

static void JNICALL jni_ExceptionClear(JNIEnv *env)
{
    /* Only drops a root; safe in any state. For JVMTI the exception counts as caught. */
    Thread *t = thread_from_env(env);
    if (t->jvmti_exc_state == THREAD_EXC_DETECTED) {
        t->jvmti_exc_state = THREAD_EXC_CAUGHT;
        t->jvmti_exc_object = NULL;
    }
    exc_clear(t);
}

static jboolean JNICALL jni_ExceptionCheck(JNIEnv *env)
{
    return thread_from_env(env)->exception != NULL;
}

typedef struct StackPrint {
    FILE *out;
    Thread *t;
    int index; /* of the next frame, 0 the top */
} StackPrint;

static bool print_frame(Frame *f, void *arg)
{
    StackPrint *sp = arg;
    FILE *out = sp->out;
    Method *m = f->method;
    int index = sp->index++;
    exc_print_stack_element(out, m, method_is_native(m) ? 0 : frame_bci(f));
    /* javaVFrame::print_lock_info_on (JavaMonitorsInStackTrace), as thread dumps print
     * it: the top frame's Object.wait receiver, then the monitors a Java frame holds,
     * newest first, the top frame's newest one perhaps still being entered (a tool's
     * callback for a contended monitor, say). */
    Thread *t = sp->t;
    if (index == 0 && method_is_native(m) && m->clazz == wk.Object && strcmp(m->name, "wait") == 0 &&
        f->locals[0].l != NULL) {
        /* HotSpot's test is the thread status BLOCKED_ON_MONITOR_ENTER (0x401): after the
         * wait (a MonitorWaited callback), the monitor held by another thread. */
        Thread *owner = mon_owner(f->locals[0].l, NULL);
        bool blocked = (owner != NULL && owner != t) ||
                       (t->jthread != NULL && FIELD_GET(t->jthread, wk_off.Thread_threadStatus, int32_t) == 0x401);
        mon_print_locked(out, blocked ? "waiting to re-lock in wait()" : "waiting on", f->locals[0].l);
    }
    if (method_is_native(m)) return true;
    mon_print_frame_locks(out, t, f, index);
    return true;
}

void jni_print_stack(Thread *t, FILE *out)
{
    StackPrint sp = {.out = out, .t = t, .index = 0};
    interp_walk_frames(t, print_frame, &sp);
}

void jni_abort(void)
{
    fflush(stdout);
    if (vm_opts.no_core_dump) os_quick_exit(1);
    os_abort();
}

/* Prints the message and the Java stack, then aborts (core dump), as HotSpot does. Its
 * text goes to HotSpot's tty, which is standard output. */
static void JNICALL jni_FatalError(JNIEnv *env, const char *msg)
{
    Thread *t = thread_from_env(env);
    fprintf(stdout, "FATAL ERROR in native method: %s\n", msg ? msg : "");
    int st = jni_enter(t);
    jni_print_stack(t, stdout);
    jni_leave(t, st);
    jni_abort();
}

/* ---- references ---- */

/* HotSpot's MaxJNILocalCapacity: larger requests to EnsureLocalCapacity and
 * PushLocalFrame fail with JNI_ERR and no exception (creating more locals still works). */
#define MAX_LOCAL_CAPACITY 65536

static jint JNICALL jni_PushLocalFrame(JNIEnv *env, jint capacity)
{
    if (capacity < 0 || capacity > MAX_LOCAL_CAPACITY) return JNI_ERR; /* no exception */
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    bool ok = ref_push_frame(t, capacity);
    jni_leave(t, st);
    return ok ? JNI_OK : JNI_ENOMEM;
}

static jobject JNICALL jni_PopLocalFrame(JNIEnv *env, jobject result)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobject r = ref_pop_frame(t, result);
    jni_leave(t, st);
    return r;
}

static jobject JNICALL jni_NewGlobalRef(JNIEnv *env, jobject ref)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Object *o = ref_get(ref);
    jobject r = ref_new_global(o);
    if (unlikely(jvmti_want(JVMTI_XEVENT_GLOBALREF)) && r != NULL) jvmti_post_globalref_alloc(t, o, r, false);
    jni_leave(t, st);
    return r;
}

/* Deleting changes only the reference tables (locked, or owned by this thread) and never
 * the heap, so it needs no state change; a collection running meanwhile sees the slot
 * either way, which at worst keeps the object one more cycle. */
static void JNICALL jni_DeleteGlobalRef(JNIEnv *env, jobject ref)
{
    if (unlikely(jvmti_want(JVMTI_XEVENT_GLOBALREF)) && ref != NULL) {
        Thread *t = thread_from_env(env);
        int st = jni_enter(t);
        jvmti_post_globalref_free(t, ref, false);
        jni_leave(t, st);
    }
    ref_delete_global(ref); /* ignores anything that is not a live global reference */
}

static void JNICALL jni_DeleteLocalRef(JNIEnv *env, jobject ref)
{
    ref_delete_local(thread_from_env(env), ref);
}

static jboolean JNICALL jni_IsSameObject(JNIEnv *env, jobject a, jobject b)
{
    /* Objects never move; a cleared weak reference equals NULL. */
    return ref_get(a) == ref_get(b);
}

static jobject JNICALL jni_NewLocalRef(JNIEnv *env, jobject ref)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobject r = ref_new_local(t, ref_get(ref));
    jni_leave(t, st);
    return r;
}

static jint JNICALL jni_EnsureLocalCapacity(JNIEnv *env, jint capacity)
{
    if (capacity < 0 || capacity > MAX_LOCAL_CAPACITY) return JNI_ERR;
    Thread *t = thread_from_env(env);
    /* Committed room suffices nearly always; only growing may throw. */
    if ((uint64_t)t->locals.top + (uint64_t)capacity <= t->locals.capacity) return JNI_OK;
    int st = jni_enter(t);
    bool ok = ref_ensure_local_capacity(t, capacity);
    jni_leave(t, st);
    return ok ? JNI_OK : JNI_ENOMEM;
}

static jweak JNICALL jni_NewWeakGlobalRef(JNIEnv *env, jobject ref)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Object *o = ref_get(ref);
    jweak r = ref_new_weak(o);
    if (unlikely(jvmti_want(JVMTI_XEVENT_GLOBALREF)) && r != NULL) jvmti_post_globalref_alloc(t, o, r, true);
    jni_leave(t, st);
    return r;
}

static void JNICALL jni_DeleteWeakGlobalRef(JNIEnv *env, jweak ref)
{
    if (unlikely(jvmti_want(JVMTI_XEVENT_GLOBALREF)) && ref != NULL) {
        Thread *t = thread_from_env(env);
        int st = jni_enter(t);
        jvmti_post_globalref_free(t, ref, true);
        jni_leave(t, st);
    }
    ref_delete_weak(ref);
}

static jobjectRefType JNICALL jni_GetObjectRefType(JNIEnv *env, jobject obj)
{
    switch (ref_type(thread_from_env(env), obj)) {
    case REF_TYPE_LOCAL: return JNILocalRefType;
    case REF_TYPE_GLOBAL: return JNIGlobalRefType;
    case REF_TYPE_WEAK: return JNIWeakGlobalRefType;
    default: return JNIInvalidRefType;
    }
}

/* ---- object type ---- */

static jclass JNICALL jni_GetObjectClass(JNIEnv *env, jobject obj)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Object *o = jni_object(t, obj);
    jclass r = o ? ref_new_local(t, o->klass->mirror) : NULL;
    jni_leave(t, st);
    return r;
}

/* NULL is an instance of everything; nothing is an instance of a primitive type. */
static jboolean JNICALL jni_IsInstanceOf(JNIEnv *env, jobject obj, jclass clazz)
{
    Thread *t = thread_from_env(env);
    int st = (jni_is_weak(obj) || jni_is_weak(clazz)) ? jni_enter(t) : TS_JAVA;
    jboolean r = JNI_TRUE;
    Object *o = ref_get(obj);
    if (o != NULL) {
        Class *c = jni_class(t, clazz);
        r = c != NULL && !class_is_primitive(c) && obj_instance_of(o, c);
    }
    jni_leave(t, st);
    return r;
}

/* ---- native registration ---- */

/* RegisterNatives in TS_JAVA with HotSpot's three NoSuchMethodError texts: "Method
 * C.name(sig) not found" (a name or signature no class uses), "Method 'T C.name(P)'
 * name or signature does not match", "... is not declared as native". The method is
 * looked up in c and its superclasses. */
static bool register_one(Thread *t, Class *c, const JNINativeMethod *nm)
{
    const char *name = nm->name ? nm->name : "null";
    const char *sig = nm->signature ? nm->signature : "()V";
    const char *n = sym_lookup(name, strlen(name));
    const char *s = sym_lookup(sig, strlen(sig));
    if (n == NULL || s == NULL || !cf_valid_method_desc(s)) {
        char ext[1024];
        class_external_name(c, ext, sizeof ext);
        exc_throw(t, "java/lang/NoSuchMethodError", "Method %s.%s%s not found", ext, name, sig);
        return false;
    }
    Method *m = NULL;
    for (const Class *k = c; k != NULL && m == NULL; k = k->super) m = class_find_declared_method(k, n, s);
    if (m != NULL && !method_is_native(m)) {
        /* JVMTI SetNativeMethodPrefix: perhaps m wraps a prefixed native. */
        Method *p = jvmti_native_prefixed_method(c, n, s);
        if (p != NULL) m = p;
    }
    if (m == NULL || !method_is_native(m)) {
        char what[1024];
        resolve_format_method(c->name, n, s, what, sizeof what);
        exc_throw(t, "java/lang/NoSuchMethodError",
                  m == NULL ? "Method %s name or signature does not match"
                            : "Method %s is not declared as native",
                  what);
        return false;
    }
    if (!native_bind(t, m, nm->fnPtr)) return false;
    native_log_bind(m, true);
    return true;
}

static jint JNICALL jni_RegisterNatives(JNIEnv *env, jclass clazz, const JNINativeMethod *methods,
                                        jint count)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Class *c = jni_class(t, clazz);
    jint r = c ? JNI_OK : JNI_ERR;
    for (jint i = 0; c != NULL && i < count; i++) {
        if (!register_one(t, c, &methods[i])) {
            r = JNI_ERR;
            break;
        }
    }
    jni_leave(t, st);
    return r;
}

static jint JNICALL jni_UnregisterNatives(JNIEnv *env, jclass clazz)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Class *c = jni_class(t, clazz);
    if (c != NULL) native_unbind_all(c);
    jni_leave(t, st);
    return c ? JNI_OK : JNI_ERR;
}

/* ---- monitors ---- */

static jint JNICALL jni_MonitorEnter(JNIEnv *env, jobject obj)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    /* A suspended thread's native code does not enter a monitor before it is resumed
     * (HotSpot stops it on its way into the VM): it would hold it hostage. */
    thread_check_suspended(t);
    Object *o = jni_object(t, obj);
    if (o != NULL) {
        mon_enter(t, o);
        mon_jni_entered(t, o);
    }
    jni_leave(t, st);
    return o ? JNI_OK : JNI_ERR;
}

static jint JNICALL jni_MonitorExit(JNIEnv *env, jobject obj)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Object *o = jni_object(t, obj);
    bool ok = false;
    /* HotSpot's jni_exit words it so (a bytecode monitorexit throws without message). */
    if (o != NULL && !mon_owned_by(t, o))
        exc_throw(t, "java/lang/IllegalMonitorStateException", "current thread is not owner");
    else if (o != NULL && (ok = mon_exit(t, o)))
        mon_jni_exited(t, o);
    jni_leave(t, st);
    return ok ? JNI_OK : JNI_ERR;
}

static jint JNICALL jni_GetJavaVM(JNIEnv *env, JavaVM **vm)
{
    if (vm == NULL) return JNI_ERR;
    *vm = &vm_java_vm;
    return JNI_OK;
}

/* ---- NIO support (JNI 1.4) ---- */

/* java.nio.Buffer.address/capacity, sun.nio.ch.DirectBuffer and the JNI-only constructor
 * DirectByteBuffer(long addr, int cap), looked up once with the boot loader. */
static struct {
    Class *direct_buffer;
    Class *direct_byte_buffer;
    Method *dbb_init;
    uint32_t address_offset;
    uint32_t capacity_offset;
    _Atomic bool ready;
} nio;

/* TS_JAVA; false with an exception pending. */
static bool nio_init(Thread *t)
{
    if (atomic_load_explicit(&nio.ready, memory_order_acquire)) return true;
    Class *buffer = loader_load(t, NULL, sym_intern("java/nio/Buffer"));
    Class *db = buffer ? loader_load(t, NULL, sym_intern("sun/nio/ch/DirectBuffer")) : NULL;
    Class *dbb = db ? loader_load(t, NULL, sym_intern("java/nio/DirectByteBuffer")) : NULL;
    if (dbb == NULL || !class_ensure_init(t, dbb)) return false;
    Method *init = class_find_declared_method(dbb, sym.init, sym_intern("(JI)V"));
    Field *addr = class_find_declared_field(buffer, sym_intern("address"), sym_intern("J"));
    Field *cap = class_find_declared_field(buffer, sym_intern("capacity"), sym_intern("I"));
    if (init == NULL || addr == NULL || cap == NULL) {
        exc_throw(t, "java/lang/InternalError", "unexpected java.nio.DirectByteBuffer layout");
        return false;
    }
    /* Racing initializers store identical values. */
    nio.direct_buffer = db;
    nio.direct_byte_buffer = dbb;
    nio.dbb_init = init;
    nio.address_offset = addr->offset;
    nio.capacity_offset = cap->offset;
    atomic_store_explicit(&nio.ready, true, memory_order_release);
    return true;
}

static jobject JNICALL jni_NewDirectByteBuffer(JNIEnv *env, void *address, jlong capacity)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobject r = NULL;
    if (nio_init(t)) {
        Object *o = obj_new(t, nio.direct_byte_buffer);
        if (o != NULL) {
            Slot args[4];
            args[0].l = o;
            args[1].j = (jlong)(uintptr_t)address;
            args[2].raw = 0;
            args[3].j = (jint)capacity; /* the constructor takes an int, as in HotSpot */
            if (interp_call(t, nio.dbb_init, args, NULL)) r = ref_new_local(t, o);
        }
    }
    jni_leave(t, st);
    return r;
}

/* The direct buffer behind buf, or NULL (not a direct buffer, NULL, or the NIO classes
 * failed to load: then with an exception pending). Any state; see jniint.h. */
static Object *direct_buffer(Thread *t, jobject buf)
{
    if (unlikely(!atomic_load_explicit(&nio.ready, memory_order_acquire))) {
        int st = jni_enter(t);
        bool ok = nio_init(t);
        jni_leave(t, st);
        if (!ok) return NULL;
    }
    Object *o = ref_get(buf);
    return o != NULL && obj_instance_of(o, nio.direct_buffer) ? o : NULL;
}

static void *JNICALL jni_GetDirectBufferAddress(JNIEnv *env, jobject buf)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter_if_weak(t, buf);
    Object *o = direct_buffer(t, buf);
    void *r = o ? (void *)(uintptr_t)FIELD_GET(o, nio.address_offset, jlong) : NULL;
    jni_leave(t, st);
    return r;
}

static jlong JNICALL jni_GetDirectBufferCapacity(JNIEnv *env, jobject buf)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter_if_weak(t, buf);
    Object *o = direct_buffer(t, buf);
    jlong r = o ? FIELD_GET(o, nio.capacity_offset, jint) : -1;
    jni_leave(t, st);
    return r;
}

/* ---- modules (JNI 9) ---- */

/* Class.module, which every mirror carries once java.base is defined (HotSpot's
 * Modules::get_module, with its messages). */
static jobject JNICALL jni_GetModule(JNIEnv *env, jclass clazz)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobject r = NULL;
    Object *m = ref_get(clazz);
    if (m == NULL) exc_throw(t, "java/lang/NullPointerException", "class is null");
    else if (m->klass != wk.Class) exc_throw(t, "java/lang/IllegalArgumentException", "Invalid class");
    else r = ref_new_local(t, FIELD_GET(m, wk_off.Class_module, Object *));
    jni_leave(t, st);
    return r;
}

/* ---- the table ---- */

#define CALL_SLOTS(Name, jtype, m, bt)                                                      \
    .Call##Name##Method = jni_Call##Name##Method, .Call##Name##MethodV = jni_Call##Name##MethodV, \
    .Call##Name##MethodA = jni_Call##Name##MethodA,
#define NONVIRTUAL_SLOTS(Name, jtype, m, bt)                                                \
    .CallNonvirtual##Name##Method = jni_CallNonvirtual##Name##Method,                       \
    .CallNonvirtual##Name##MethodV = jni_CallNonvirtual##Name##MethodV,                     \
    .CallNonvirtual##Name##MethodA = jni_CallNonvirtual##Name##MethodA,
#define STATIC_SLOTS(Name, jtype, m, bt)                                                    \
    .CallStatic##Name##Method = jni_CallStatic##Name##Method,                               \
    .CallStatic##Name##MethodV = jni_CallStatic##Name##MethodV,                             \
    .CallStatic##Name##MethodA = jni_CallStatic##Name##MethodA,
#define FIELD_SLOTS(Name, jtype, m, bt)                                                     \
    .Get##Name##Field = jni_Get##Name##Field, .Set##Name##Field = jni_Set##Name##Field,     \
    .GetStatic##Name##Field = jni_GetStatic##Name##Field,                                   \
    .SetStatic##Name##Field = jni_SetStatic##Name##Field,
#define ARRAY_SLOTS(Name, jtype, m, bt)                                                     \
    .New##Name##Array = jni_New##Name##Array,                                               \
    .Get##Name##ArrayElements = jni_Get##Name##ArrayElements,                               \
    .Release##Name##ArrayElements = jni_Release##Name##ArrayElements,                       \
    .Get##Name##ArrayRegion = jni_Get##Name##ArrayRegion,                                   \
    .Set##Name##ArrayRegion = jni_Set##Name##ArrayRegion,

/* JNI 10. reserved0..3 stay NULL, as the specification requires. */
const struct JNINativeInterface_ jni_functions = {
    .reserved0 = NULL,
    .reserved1 = NULL,
    .reserved2 = NULL,
    .reserved3 = NULL,
    .GetVersion = jni_GetVersion,
    .DefineClass = jni_DefineClass,
    .FindClass = jni_FindClass,
    .FromReflectedMethod = jni_FromReflectedMethod,
    .FromReflectedField = jni_FromReflectedField,
    .ToReflectedMethod = jni_ToReflectedMethod,
    .GetSuperclass = jni_GetSuperclass,
    .IsAssignableFrom = jni_IsAssignableFrom,
    .ToReflectedField = jni_ToReflectedField,
    .Throw = jni_Throw,
    .ThrowNew = jni_ThrowNew,
    .ExceptionOccurred = jni_ExceptionOccurred,
    .ExceptionDescribe = jni_ExceptionDescribe,
    .ExceptionClear = jni_ExceptionClear,
    .FatalError = jni_FatalError,
    .PushLocalFrame = jni_PushLocalFrame,
    .PopLocalFrame = jni_PopLocalFrame,
    .NewGlobalRef = jni_NewGlobalRef,
    .DeleteGlobalRef = jni_DeleteGlobalRef,
    .DeleteLocalRef = jni_DeleteLocalRef,
    .IsSameObject = jni_IsSameObject,
    .NewLocalRef = jni_NewLocalRef,
    .EnsureLocalCapacity = jni_EnsureLocalCapacity,
    .AllocObject = jni_AllocObject,
    .NewObject = jni_NewObject,
    .NewObjectV = jni_NewObjectV,
    .NewObjectA = jni_NewObjectA,
    .GetObjectClass = jni_GetObjectClass,
    .IsInstanceOf = jni_IsInstanceOf,
    .GetMethodID = jni_GetMethodID,
    JNI_VALUE_TYPES(CALL_SLOTS) CALL_SLOTS(Void, void, _, BT_VOID)
    JNI_VALUE_TYPES(NONVIRTUAL_SLOTS) NONVIRTUAL_SLOTS(Void, void, _, BT_VOID)
    .GetFieldID = jni_GetFieldID,
    JNI_VALUE_TYPES(FIELD_SLOTS)
    .GetStaticMethodID = jni_GetStaticMethodID,
    JNI_VALUE_TYPES(STATIC_SLOTS) STATIC_SLOTS(Void, void, _, BT_VOID)
    .GetStaticFieldID = jni_GetStaticFieldID,
    .NewString = jni_NewString,
    .GetStringLength = jni_GetStringLength,
    .GetStringChars = jni_GetStringChars,
    .ReleaseStringChars = jni_ReleaseStringChars,
    .NewStringUTF = jni_NewStringUTF,
    .GetStringUTFLength = jni_GetStringUTFLength,
    .GetStringUTFChars = jni_GetStringUTFChars,
    .ReleaseStringUTFChars = jni_ReleaseStringUTFChars,
    .GetArrayLength = jni_GetArrayLength,
    .NewObjectArray = jni_NewObjectArray,
    .GetObjectArrayElement = jni_GetObjectArrayElement,
    .SetObjectArrayElement = jni_SetObjectArrayElement,
    JNI_PRIM_TYPES(ARRAY_SLOTS)
    .RegisterNatives = jni_RegisterNatives,
    .UnregisterNatives = jni_UnregisterNatives,
    .MonitorEnter = jni_MonitorEnter,
    .MonitorExit = jni_MonitorExit,
    .GetJavaVM = jni_GetJavaVM,
    .GetStringRegion = jni_GetStringRegion,
    .GetStringUTFRegion = jni_GetStringUTFRegion,
    .GetPrimitiveArrayCritical = jni_GetPrimitiveArrayCritical,
    .ReleasePrimitiveArrayCritical = jni_ReleasePrimitiveArrayCritical,
    .GetStringCritical = jni_GetStringCritical,
    .ReleaseStringCritical = jni_ReleaseStringCritical,
    .NewWeakGlobalRef = jni_NewWeakGlobalRef,
    .DeleteWeakGlobalRef = jni_DeleteWeakGlobalRef,
    .ExceptionCheck = jni_ExceptionCheck,
    .NewDirectByteBuffer = jni_NewDirectByteBuffer,
    .GetDirectBufferAddress = jni_GetDirectBufferAddress,
    .GetDirectBufferCapacity = jni_GetDirectBufferCapacity,
    .GetObjectRefType = jni_GetObjectRefType,
    .GetModule = jni_GetModule,
};

const struct JNINativeInterface_ *_Atomic jni_current_functions = &jni_functions;
JavaVM vm_java_vm; /* jnienv.h: set by the invocation layer */
