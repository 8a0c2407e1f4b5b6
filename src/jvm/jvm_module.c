// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jvm_module.c — the JVM_* functions of java.lang.Module and of the boot loader's
 * package queries (jdk.internal.loader.BootLoader).
 *
 * These translate JNI arguments into the VM's terms (java.lang.Module objects, package
 * names as internal-form symbols) and leave the module graph to src/vm/module.c. The
 * argument checks and their messages follow HotSpot's modules.cpp, because Java code and
 * tests observe them.
 *
 * Called from libjava natives in TS_NATIVE; each function brackets its work with
 * jni_enter/jni_leave. Failures leave an exception pending.
 */
#include "jvm.h"

#include <stdlib.h>
#include <string.h>

#include "../vm/class.h"
#include "../vm/exception.h"
#include "../vm/jnienter.h"
#include "../vm/loader.h"
#include "../vm/module.h"
#include "../vm/object.h"
#include "../vm/ref.h"
#include "../vm/string.h"
#include "../vm/sym.h"
#include "../vm/wellknown.h"
#include "archive.h"

/* "java.lang" -> the symbol "java/lang" (Module passes package names in Java form). */
static const char *internal_package(Object *s)
{
    char *utf = str_to_mutf8(s);
    for (char *p = utf; *p; p++)
        if (*p == '.') *p = '/';
    const char *sym = sym_intern(utf);
    free(utf);
    return sym;
}

static const char *string_symbol(Object *s)
{
    if (s == NULL) return NULL;
    char *utf = str_to_mutf8(s);
    const char *sym = sym_intern(utf);
    free(utf);
    return sym;
}

static bool check_module(Thread *t, Object *m)
{
    if (m->klass != wk.Module) {
        exc_throw(t, "java/lang/IllegalArgumentException",
                  "module is not an instance of type java.lang.Module");
        return false;
    }
    return true;
}

static void define_module(Thread *t, Object *module, bool is_open, Object *version,
                          Object *location, Array *packages)
{
    if (module == NULL) {
        exc_throw(t, "java/lang/NullPointerException", "Null module object");
        return;
    }
    if (!check_module(t, module)) return;
    Object *name_str = FIELD_GET(module, wk_off.Module_name, Object *);
    if (name_str == NULL) {
        exc_throw(t, "java/lang/NullPointerException", "Null module name");
        return;
    }
    char *name = str_to_mutf8(name_str);
    int count = packages != NULL ? packages->length : 0;
    const char **pkgs = vm_calloc(count > 0 ? (size_t)count : 1, sizeof *pkgs);
    if (name[0] == '\0') {
        exc_throw(t, "java/lang/IllegalArgumentException", "Invalid module name: %s", name);
        goto out;
    }
    for (int i = 0; i < count; i++) {
        Object *s = ((Object **)array_data(packages))[i];
        if (s == NULL || s->klass != wk.String) {
            exc_throw(t, "java/lang/IllegalArgumentException", "Bad package name");
            goto out;
        }
        pkgs[i] = internal_package(s);
    }
    module_define(t, module, is_open, name, FIELD_GET(module, wk_off.Module_loader, Object *),
                  string_symbol(version), string_symbol(location), pkgs, count);
out:
    free(pkgs);
    free(name);
}

/* JVM_DefineModule: Module(ModuleLayer, ClassLoader, ModuleDescriptor, URI) -> defineModule0. */
VM_EXPORT void JNICALL JVM_DefineModule(JNIEnv *env, jobject module, jboolean is_open,
                                        jstring version, jstring location, jobjectArray packages)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    define_module(t, ref_get(module), is_open, ref_get(version), ref_get(location),
                  (Array *)ref_get(packages));
    if (archive_recording && exc_pending(t) == NULL)
        archive_record_module_call(ARCHIVE_CALL_DEFINE_MODULE, ref_get(module), ref_get(version),
                                   ref_get(location), ref_get(packages), is_open);
    jni_leave(t, prev);
}

/* JVM_SetBootLoaderUnnamedModule: BootLoader.<clinit>. */
VM_EXPORT void JNICALL JVM_SetBootLoaderUnnamedModule(JNIEnv *env, jobject module)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    module_set_boot_unnamed(t, ref_get(module));
    jni_leave(t, prev);
}

/* Shared by the three export functions. `to` NULL and !all_unnamed = to everyone. */
static void add_exports(Thread *t, Object *from, Object *package, Object *to, bool all_unnamed)
{
    if (package == NULL) {
        exc_throw(t, "java/lang/NullPointerException", "package is null");
        return;
    }
    if (from == NULL) {
        exc_throw(t, "java/lang/NullPointerException",
                  all_unnamed ? "module is null" : "from_module is null");
        return;
    }
    if (!check_module(t, from) || (to != NULL && !check_module(t, to))) return;
    module_add_exports(t, from, internal_package(package), to, all_unnamed);
}

/* JVM_AddModuleExports: Module.addExports0 (qualified export). */
VM_EXPORT void JNICALL JVM_AddModuleExports(JNIEnv *env, jobject from_module, jstring package,
                                            jobject to_module)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    if (to_module == NULL)
        exc_throw(t, "java/lang/NullPointerException", "to_module is null");
    else
        add_exports(t, ref_get(from_module), ref_get(package), ref_get(to_module), false);
    if (archive_recording && exc_pending(t) == NULL)
        archive_record_module_call(ARCHIVE_CALL_EXPORTS, ref_get(from_module), ref_get(package),
                                   ref_get(to_module), NULL, false);
    jni_leave(t, prev);
}

/* JVM_AddModuleExportsToAllUnnamed: Module.addExportsToAllUnnamed0. */
VM_EXPORT void JNICALL JVM_AddModuleExportsToAllUnnamed(JNIEnv *env, jobject from_module,
                                                        jstring package)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    Object *from = ref_get(from_module);
    if (from == NULL)
        exc_throw(t, "java/lang/NullPointerException", "module is null");
    else
        add_exports(t, from, ref_get(package), NULL, true);
    if (archive_recording && exc_pending(t) == NULL)
        archive_record_module_call(ARCHIVE_CALL_EXPORTS_UNNAMED, from, ref_get(package), NULL,
                                   NULL, false);
    jni_leave(t, prev);
}

/* JVM_AddModuleExportsToAll: Module.addExportsToAll0 (unqualified export). */
VM_EXPORT void JNICALL JVM_AddModuleExportsToAll(JNIEnv *env, jobject from_module,
                                                 jstring package)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    add_exports(t, ref_get(from_module), ref_get(package), NULL, false);
    if (archive_recording && exc_pending(t) == NULL)
        archive_record_module_call(ARCHIVE_CALL_EXPORTS_ALL, ref_get(from_module), ref_get(package),
                                   NULL, NULL, false);
    jni_leave(t, prev);
}

/* JVM_AddReadsModule: Module.addReads0; source NULL = all unnamed modules. */
VM_EXPORT void JNICALL JVM_AddReadsModule(JNIEnv *env, jobject from_module,
                                          jobject source_module)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    module_add_reads(t, ref_get(from_module), ref_get(source_module));
    if (archive_recording && exc_pending(t) == NULL)
        archive_record_module_call(ARCHIVE_CALL_ADD_READS, ref_get(from_module),
                                   ref_get(source_module), NULL, NULL, false);
    jni_leave(t, prev);
}

/* archive.h: a call recorded by archive_record_module_call, on the restored objects. */
void jvm_module_replay(Thread *t, int kind, Object *a, Object *b, Object *c, Object *d, bool flag)
{
    switch (kind) {
    case ARCHIVE_CALL_DEFINE_MODULE: define_module(t, a, flag, b, c, (Array *)d); break;
    case ARCHIVE_CALL_ADD_READS: module_add_reads(t, a, b); break;
    case ARCHIVE_CALL_EXPORTS: add_exports(t, a, b, c, false); break;
    case ARCHIVE_CALL_EXPORTS_ALL: add_exports(t, a, b, NULL, false); break;
    case ARCHIVE_CALL_EXPORTS_UNNAMED: add_exports(t, a, b, NULL, true); break;
    default: exc_throw(t, "java/lang/InternalError", "bad archived module call %d", kind);
    }
}

/* JVM_GetSystemPackage: BootLoader.getSystemPackageLocation("java/lang") -> location of a
 * boot package that has a loaded class, or null. */
VM_EXPORT jstring JNICALL JVM_GetSystemPackage(JNIEnv *env, jstring name)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    jstring result = NULL;
    Object *n = ref_get(name);
    if (n == NULL) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
    } else {
        char *pkg = str_to_mutf8(n);
        const char *location = module_boot_package_location(pkg);
        free(pkg);
        if (location != NULL) result = ref_new_local(t, str_new_cstr(t, location));
    }
    jni_leave(t, prev);
    return result;
}

/* JVM_GetSystemPackages: BootLoader.getSystemPackageNames() -> String[] of internal names
 * ("java/lang") of the boot packages with a loaded class. */
VM_EXPORT jobjectArray JNICALL JVM_GetSystemPackages(JNIEnv *env)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    jobjectArray result = NULL;
    const char **names;
    int n = module_boot_packages(&names);
    Array *a = obj_new_ref_array(t, wk.String, n);
    for (int i = 0; a != NULL && i < n; i++) {
        Object *s = str_new_cstr(t, names[i]);
        if (s == NULL) {
            a = NULL;
            break;
        }
        ((Object **)array_data(a))[i] = s;
    }
    free(names);
    if (a != NULL) result = ref_new_local(t, &a->hdr);
    jni_leave(t, prev);
    return result;
}
