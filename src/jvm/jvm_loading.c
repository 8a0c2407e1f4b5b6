// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jvm_loading.c — class lookup and definition for the class library: Class.forName,
 * ClassLoader.findLoadedClass0 / findBootstrapClass / defineClass0/1/2, Lookup.defineClass
 * and defineHiddenClass, Class.getPrimitiveClass, and the launcher's lookup of
 * LauncherHelper.
 *
 * The loading machinery is src/vm/loader.c; this file supplies the exact exceptions the
 * Java code and users observe, which differ by entry point:
 *   - JVM_FindClassFromBootLoader answers NULL, without an exception, for a missing class;
 *   - JVM_FindClassFromCaller (Class.forName) throws ClassNotFoundException, whose message
 *     is the internal name for the boot loader ("no/such/Cls", as HotSpot), and is the
 *     loader's own exception for other loaders (loadClass's ClassNotFoundException);
 *   - definition reports NoClassDefFoundError / ClassFormatError / LinkageError from
 *     loader_define.
 * Names arrive in internal form ("java/lang/String", arrays as descriptors): libjava
 * converts and checks them before calling.
 *
 * Called from libjava natives (and libjli) in TS_NATIVE: jni_enter/jni_leave.
 */
#include <stdlib.h>
#include <string.h>

#include "../vm/class.h"
#include "../vm/exception.h"
#include "../vm/interp.h"
#include "../vm/jnienter.h"
#include "../vm/loader.h"
#include "../vm/object.h"
#include "../vm/ref.h"
#include "../vm/resolve.h"
#include "../vm/string.h"
#include "../vm/sym.h"
#include "../vm/wellknown.h"
#include "jvm.h"

#define MAX_NAME_LENGTH 65535 /* a class name must fit a CONSTANT_Utf8 */

/* Lookup.ClassOption / MethodHandleNatives constants of JVM_LookupDefineClass's flags. */
enum {
    LOOKUP_NESTMATE_CLASS = 0x1,
    LOOKUP_HIDDEN_CLASS = 0x2,
    LOOKUP_STRONG_LOADER_LINK = 0x4,
    LOOKUP_ACCESS_VM_ANNOTATIONS = 0x8,
};

static jclass mirror_ref(Thread *t, Class *c)
{
    return c != NULL ? ref_new_local(t, c->mirror) : NULL;
}

static bool is_exactly(Object *o, const char *class_name)
{
    return o != NULL && strcmp(o->klass->name, class_name) == 0;
}

/* JVM_FindClassFromBootLoader: ClassLoader.findBootstrapClass, BootLoader, libjli. */
VM_EXPORT jclass JNICALL JVM_FindClassFromBootLoader(JNIEnv *env, const char *name)
{
    Thread *t = thread_from_env(env);
    if (name == NULL || strlen(name) > MAX_NAME_LENGTH) return NULL;
    int prev = jni_enter(t);
    jclass r = mirror_ref(t, loader_find_boot(t, sym_intern(name)));
    jni_leave(t, prev);
    return r;
}

/* The method of the innermost Java or native frame of t (entry frames skipped). */
static Method *current_method(Thread *t)
{
    for (Frame *f = t->top_frame; f != NULL; f = f->prev)
        if (!(f->flags & FRAME_ENTRY) && f->method != NULL) return f->method;
    return NULL;
}

/*
 * loader_load reports a class a user loader could not find as NoClassDefFoundError (the
 * constant-pool resolution view): with loadClass's ClassNotFoundException as its cause,
 * or alone when loadClass returned null or a class of another name. Class.forName wants
 * what HotSpot's resolve_or_fail(throw_error = false) gives instead: the loader's own
 * ClassNotFoundException, or ClassNotFoundException(name). Only an error the VM made
 * during this call is translated — recognisable by its innermost frame being the caller's
 * frame (Class.forName0), whereas an error thrown by the loader's Java code has the
 * loader's frames on top — so everything a loader throws itself passes through untouched.
 */
static void unwrap_not_found(Thread *t, const char *name, Method *entry)
{
    Object *ex = exc_pending(t);
    Method *top;
    int bci;
    if (!is_exactly(ex, "java/lang/NoClassDefFoundError") || entry == NULL ||
        exc_backtrace_depth(ex) == 0 || !exc_backtrace_frame(ex, 0, &top, &bci) || top != entry)
        return;
    Object *cause = FIELD_GET(ex, wk_off.Throwable_cause, Object *);
    if (cause != NULL && cause != ex) {
        for (Class *c = cause->klass; c != NULL; c = c->super)
            if (strcmp(c->name, "java/lang/ClassNotFoundException") == 0) {
                exc_set(t, cause);
                return;
            }
        return;
    }
    exc_clear(t);
    exc_throw(t, "java/lang/ClassNotFoundException", "%s", name);
}

static Class *find_class_from_caller(Thread *t, const char *name, bool init, Object *loader)
{
    if (name == NULL) {
        exc_throw(t, "java/lang/ClassNotFoundException", "No class name given");
        return NULL;
    }
    if (strlen(name) > MAX_NAME_LENGTH) {
        exc_throw(t, "java/lang/ClassNotFoundException",
                  "Class name exceeds maximum length of %d: %s", MAX_NAME_LENGTH, name);
        return NULL;
    }
    const char *sname = sym_intern(name);
    Class *c;
    if (loader == NULL) {
        c = loader_find_boot(t, sname);
        if (c == NULL && exc_pending(t) == NULL)
            exc_throw(t, "java/lang/ClassNotFoundException", "%s", name);
    } else {
        Method *entry = current_method(t);
        c = loader_load(t, loader, sname);
        if (c == NULL) unwrap_not_found(t, name, entry);
    }
    if (c == NULL) return NULL;
    if (init && !class_is_array(c) && !class_is_primitive(c) && !class_ensure_init(t, c))
        return NULL;
    return c;
}

/* JVM_FindClassFromCaller: Class.forName0. `caller` only matters with a security manager
 * (protection-domain checks of the boot loader's classes, which GlassVM does not do). */
VM_EXPORT jclass JNICALL JVM_FindClassFromCaller(JNIEnv *env, const char *name, jboolean init,
                                                 jobject loader, jclass caller)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    jclass r = mirror_ref(t, find_class_from_caller(t, name, init, ref_get(loader)));
    jni_leave(t, prev);
    return r;
}

/* A class `loader` has loaded or initiated, arrays included (no loading). */
static Class *find_loaded(Object *loader, const char *name)
{
    if (name[0] != '[') return loader_find_loaded(loader, name);
    int dims = 0;
    while (name[dims] == '[') dims++;
    Class *c;
    if (name[dims] == 'L') {
        const char *start = name + dims + 1;
        size_t len = strlen(start);
        if (len < 2 || start[len - 1] != ';') return NULL;
        const char *elem = sym_lookup(start, len - 1);
        c = elem != NULL ? loader_find_loaded(loader, elem) : NULL;
    } else {
        BasicType bt = bt_from_char(name[dims]);
        if (name[dims + 1] != '\0' || bt == BT_ILLEGAL || bt == BT_VOID || bt_is_ref(bt))
            return NULL;
        c = loader_primitive(bt);
    }
    for (int i = 0; i < dims && c != NULL; i++)
        c = atomic_load_explicit(&c->array_class, memory_order_acquire);
    return c;
}

/* JVM_FindLoadedClass: ClassLoader.findLoadedClass0; the name comes in binary form
 * ("java.lang.String") and is converted here, as HotSpot does. */
VM_EXPORT jclass JNICALL JVM_FindLoadedClass(JNIEnv *env, jobject loader, jstring name)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    jclass r = NULL;
    Object *s = ref_get(name);
    if (s != NULL) {
        char *n = str_to_mutf8(s);
        for (char *p = n; *p; p++)
            if (*p == '.') *p = '/';
        if (strlen(n) <= MAX_NAME_LENGTH) r = mirror_ref(t, find_loaded(ref_get(loader), n));
        free(n);
    }
    jni_leave(t, prev);
    return r;
}

static Class *define_class(Thread *t, const char *name, Object *loader, const jbyte *buf,
                           jsize len, Object *pd, const char *source)
{
    if (name != NULL && strlen(name) > MAX_NAME_LENGTH) {
        exc_throw(t, "java/lang/NoClassDefFoundError",
                  "Class name exceeds maximum length of %d: %s", MAX_NAME_LENGTH, name);
        return NULL;
    }
    if (buf == NULL || len < 0) {
        exc_throw(t, "java/lang/ClassFormatError", "Truncated class file");
        return NULL;
    }
    /* -verbose:class names a class defined without a code source as HotSpot does. */
    return loader_define(t, loader, name, (const uint8_t *)buf, (size_t)len, pd,
                         source != NULL ? source : "__JVM_DefineClass__", 0, NULL, NULL);
}

/* JVM_DefineClass: the pre-JDK 1.5 entry point (no source); HotSpot still exports it. */
VM_EXPORT jclass JNICALL JVM_DefineClass(JNIEnv *env, const char *name, jobject loader,
                                         const jbyte *buf, jsize len, jobject pd)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    jclass r = mirror_ref(t, define_class(t, name, ref_get(loader), buf, len, ref_get(pd), NULL));
    jni_leave(t, prev);
    return r;
}

/* JVM_DefineClassWithSource: ClassLoader.defineClass1/2 (loader NULL = the boot loader,
 * used for BoundMethodHandle species). */
VM_EXPORT jclass JNICALL JVM_DefineClassWithSource(JNIEnv *env, const char *name, jobject loader,
                                                   const jbyte *buf, jsize len, jobject pd,
                                                   const char *source)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    jclass r =
        mirror_ref(t, define_class(t, name, ref_get(loader), buf, len, ref_get(pd), source));
    jni_leave(t, prev);
    return r;
}

static Class *lookup_define_class(Thread *t, Object *lookup_mirror, const char *name,
                                  const jbyte *buf, jsize len, Object *pd, bool init, int flags,
                                  Object *class_data)
{
    Class *lookup = lookup_mirror != NULL ? class_from_mirror(lookup_mirror) : NULL;
    if (lookup == NULL || class_is_primitive(lookup) || class_is_array(lookup)) {
        exc_throw(t, "java/lang/IllegalArgumentException", "Lookup class is null");
        return NULL;
    }
    bool nestmate = flags & LOOKUP_NESTMATE_CLASS;
    bool hidden = flags & LOOKUP_HIDDEN_CLASS;
    bool strong = flags & LOOKUP_STRONG_LOADER_LINK;
    bool vm_annotations = flags & LOOKUP_ACCESS_VM_ANNOTATIONS;
    if (!hidden) {
        const char *bad = NULL;
        if (class_data != NULL) bad = "classData is only applicable for hidden classes";
        else if (nestmate) bad = "dynamic nestmate is only applicable for hidden classes";
        else if (!strong)
            bad = "an ordinary class must be strongly referenced by its defining loader";
        else if (vm_annotations) bad = "vm annotations only allowed for hidden classes";
        if (bad != NULL) {
            exc_throw(t, "java/lang/IllegalArgumentException", "%s", bad);
            return NULL;
        }
        if (flags != LOOKUP_STRONG_LOADER_LINK) {
            exc_throw(t, "java/lang/IllegalArgumentException", "invalid flag 0x%x", flags);
            return NULL;
        }
    }
    Class *host = NULL;
    if (nestmate && (host = resolve_nest_host(t, lookup)) == NULL) return NULL;
    if (name != NULL && strlen(name) > MAX_NAME_LENGTH) {
        exc_throw(t, "java/lang/NoClassDefFoundError",
                  "Class name exceeds maximum length of %d: %s", MAX_NAME_LENGTH, name);
        return NULL;
    }
    if (buf == NULL || len < 0) {
        exc_throw(t, "java/lang/ClassFormatError", "Truncated class file");
        return NULL;
    }

    uint32_t define_flags = 0;
    if (hidden) define_flags |= DEFINE_HIDDEN;
    if (nestmate) define_flags |= DEFINE_NESTMATE;
    if (strong) define_flags |= DEFINE_STRONG;
    if (vm_annotations) define_flags |= DEFINE_VM_ANNOTATIONS;
    const char *source = nestmate ? "__JVM_LookupDefineClass__" : "__Lookup_defineClass__";
    Class *c = loader_define(t, lookup->loader, name, (const uint8_t *)buf, (size_t)len, pd,
                             source, define_flags, host, hidden ? class_data : NULL);
    if (c == NULL) return NULL;
    if ((!hidden || nestmate) && !class_same_package(lookup, c)) {
        exc_throw(t, "java/lang/IllegalArgumentException",
                  "Lookup class and defined class are in different packages");
        return NULL;
    }
    /* HotSpot links (verifies) every class defined here; init also initializes it. */
    if (init ? !class_ensure_init(t, c) : !class_verify(t, c)) return NULL;
    return c;
}

/* JVM_LookupDefineClass: ClassLoader.defineClass0 for Lookup.defineClass (flags =
 * STRONG_LOADER_LINK) and Lookup.defineHiddenClass (HIDDEN_CLASS | ...). The class goes
 * into the lookup class's loader; `lookup` is the lookup class itself. */
VM_EXPORT jclass JNICALL JVM_LookupDefineClass(JNIEnv *env, jclass lookup, const char *name,
                                               const jbyte *buf, jsize len, jobject pd,
                                               jboolean init, int flags, jobject classData)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    jclass r = mirror_ref(t, lookup_define_class(t, ref_get(lookup), name, buf, len, ref_get(pd),
                                                 init, flags, ref_get(classData)));
    jni_leave(t, prev);
    return r;
}

/* JVM_FindPrimitiveClass: Class.getPrimitiveClass("int"), "void" included. */
VM_EXPORT jclass JNICALL JVM_FindPrimitiveClass(JNIEnv *env, const char *utf)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    Class *c = utf != NULL ? loader_primitive_by_name(utf) : NULL;
    if (c == NULL) exc_throw(t, "java/lang/ClassNotFoundException", "%s", utf != NULL ? utf : "");
    jclass r = mirror_ref(t, c);
    jni_leave(t, prev);
    return r;
}
