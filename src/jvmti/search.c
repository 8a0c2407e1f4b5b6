// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * search.c — the JVMTI "Class Loader Search" category: AddToBootstrapClassLoaderSearch
 * and AddToSystemClassLoaderSearch. java.lang.instrument relies on both (the agent JAR
 * on the system class path, Boot-Class-Path entries, appendTo*ClassLoaderSearch).
 *
 * OnLoad phase (nothing is loaded yet, single-threaded, `self` is NULL): a segment — any
 * path, typically a directory or JAR, not checked, as HotSpot — is appended to the
 * system property that seeds the loader's search path:
 *   boot    jdk.boot.class.path.append: boot.c gives it to the VM's boot loader
 *           (src/vm/loader.c) after the OnLoad phase, and jdk.internal.loader.ClassLoaders
 *           builds the boot loader's Java-side class path from it, so classes and
 *           resources are found exactly as for -Xbootclasspath/a;
 *   system  java.class.path, from which ClassLoaders builds the application loader.
 *
 * Live phase: the segment must be an existing JAR file (JVMTI_ERROR_ILLEGAL_ARGUMENT
 * otherwise, directories included).
 *   boot    the JAR joins the VM boot loader's append path (loader_append_boot_jar), so
 *           the boot loader defines its classes. Like HotSpot, the Java side (the boot
 *           loader's resource search) is not told: resources of such a JAR are not found
 *           through the boot loader.
 *   system  the system class loader's appendToClassPathForInstrumentation(String) is
 *           called, found in its class or a superclass at any access level (the JDK's
 *           AppClassLoader has it package-private). A loader without it — a custom
 *           -Djava.system.class.loader — gives JVMTI_ERROR_CLASS_LOADER_UNSUPPORTED; an
 *           exception thrown by the call is taken off the thread and reported as
 *           JVMTI_ERROR_INTERNAL (CLASS_LOADER_UNSUPPORTED for NoSuchMethodError, as
 *           HotSpot).
 * The wrapper admits only these two phases. Live-phase calls may come from any attached
 * thread in TS_JAVA.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../jvm/boot.h"
#include "../jvm/options_parse.h"
#include "../os/os.h"
#include "../vm/class.h"
#include "../vm/exception.h"
#include "../vm/interp.h"
#include "../vm/loader.h"
#include "../vm/string.h"
#include "../vm/sym.h"
#include "../vm/wellknown.h"
#include "../vm/zip.h"
#include "gen/jvmti_impl.h"
#include "jvmti_int.h"

/* OnLoad phase: appends segment to the path-list property `key` (':'-separated, like
 * -Xbootclasspath/a and -cp). As HotSpot's PathString::append_value, only a missing
 * property gets no separator: an empty java.class.path (no -cp, an application started
 * with -m) becomes ":segment". */
static void append_to_path_property(const char *key, const char *segment)
{
    const char *old = boot_property(key);
    if (old == NULL) {
        options_set_property(key, segment);
        return;
    }
    size_t n = strlen(old) + 1 + strlen(segment) + 1;
    char *value = vm_malloc(n);
    snprintf(value, n, "%s:%s", old, segment);
    options_set_property(key, value);
    free(value);
}

/* Live phase: is path an existing JAR (ZIP) file? The spec's only valid segment then. */
static bool is_jar_file(const char *path)
{
    if (os_is_directory(path)) return false;
    ZipFile *z = zip_open(path);
    if (z == NULL) return false;
    zip_close(z);
    return true;
}

/* JVMTI: AddToBootstrapClassLoaderSearch */
jvmtiError jvmti_AddToBootstrapClassLoaderSearch(JvmtiEnv *env, Thread *self, const char *segment)
{
    (void)env;
    (void)self;
    if (jvmti_get_phase() == JVMTI_PHASE_ONLOAD) {
        append_to_path_property("jdk.boot.class.path.append", segment);
        return JVMTI_ERROR_NONE;
    }
    return loader_append_boot_jar(segment) ? JVMTI_ERROR_NONE : JVMTI_ERROR_ILLEGAL_ARGUMENT;
}

/* The system class loader (ClassLoader.getSystemClassLoader(), as JNI's FindClass gets
 * it), or NULL with an exception pending. */
static Object *system_class_loader(Thread *self)
{
    static Method *_Atomic getter;
    Method *m = atomic_load_explicit(&getter, memory_order_acquire);
    if (m == NULL) {
        m = wk_method(wk.ClassLoader, sym_intern("getSystemClassLoader"),
                      sym_intern("()Ljava/lang/ClassLoader;"));
        atomic_store_explicit(&getter, m, memory_order_release);
    }
    Slot none[1], ret;
    ret.l = NULL;
    if (!interp_call(self, m, none, &ret)) return NULL;
    return ret.l;
}

/* JVMTI: AddToSystemClassLoaderSearch */
jvmtiError jvmti_AddToSystemClassLoaderSearch(JvmtiEnv *env, Thread *self, const char *segment)
{
    (void)env;
    if (jvmti_get_phase() == JVMTI_PHASE_ONLOAD) {
        append_to_path_property("java.class.path", segment);
        return JVMTI_ERROR_NONE;
    }
    if (!is_jar_file(segment)) return JVMTI_ERROR_ILLEGAL_ARGUMENT;

    Object *loader = system_class_loader(self);
    if (loader == NULL) {
        exc_clear(self);
        return JVMTI_ERROR_INTERNAL;
    }
    /* HotSpot resolves the method as invokespecial would, without access checks: the
     * loader's class, its superclasses, then default methods. */
    Method *m = class_lookup_method(loader->klass, sym_intern("appendToClassPathForInstrumentation"),
                                    sym_intern("(Ljava/lang/String;)V"));
    if (m == NULL || method_is_static(m) || method_is_abstract(m))
        return JVMTI_ERROR_CLASS_LOADER_UNSUPPORTED;
    Object *path = str_new_cstr(self, segment);
    if (path == NULL) {
        exc_clear(self);
        return JVMTI_ERROR_OUT_OF_MEMORY;
    }
    /* Objects do not move; the loader is reachable from its classes. No dispatch: the
     * method found above is the one called, as HotSpot's call_special. */
    Slot args[2] = {{.l = loader}, {.l = path}};
    if (interp_call(self, m, args, NULL)) return JVMTI_ERROR_NONE;
    Object *e = exc_take(self);
    if (e != NULL && strcmp(e->klass->name, "java/lang/NoSuchMethodError") == 0)
        return JVMTI_ERROR_CLASS_LOADER_UNSUPPORTED;
    return JVMTI_ERROR_INTERNAL;
}
