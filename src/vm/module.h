// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * module.h — the VM's view of JPMS modules (JVM_DefineModule and friends).
 *
 * The VM keeps, per class loader, a table package -> module (a java.lang.Module object),
 * filled by JVM_DefineModule, and per module its reads and exports edges (kept for the
 * access checks of JVMS 5.4.4 and for the tool interfaces). Classes get their `module`
 * when their mirror is created: the module of their package in their defining loader,
 * else their loader's unnamed module (ClassLoader.unnamedModule; for the boot loader the
 * one given to JVM_SetBootLoaderUnnamedModule). Before java.base is defined, boot classes
 * get no module; module_define() of java.base then patches every class loaded so far.
 *
 * Thread-safety: one lock; lookups are frequent (every class definition), definitions rare.
 */
#ifndef GLASS_MODULE_H
#define GLASS_MODULE_H

#include "heap.h"
#include "vm.h"

void module_init(void);
/* JVM_DefineModule core: packages are internal-form package names ("java/lang") as
 * symbols; version and location are symbols or NULL. Returns false with
 * IllegalArgumentException/IllegalStateException (InternalError for a second java.base)
 * pending on bad input. Defining java.base patches Class.module of every class loaded so
 * far. */
bool module_define(Thread *t, Object *module, bool is_open, const char *name, Object *loader,
                   const char *version, const char *location, const char *const *packages,
                   int package_count);
/* JVM_SetBootLoaderUnnamedModule: validates (NPE/IAE) and records the module. */
bool module_set_boot_unnamed(Thread *t, Object *module);
/* The module a class in `package` defined by `loader` belongs to (see header comment);
 * NULL only before java.base is defined. */
Object *module_of(Object *loader, const char *package);
/* True once java.base is defined. */
bool module_java_base_defined(void);
/* Reads/exports bookkeeping (JVM_AddReadsModule, JVM_AddModuleExports*). `to` NULL with
 * all_unnamed false means "to all modules". */
bool module_add_reads(Thread *t, Object *from, Object *to);
bool module_add_exports(Thread *t, Object *from, const char *package, Object *to,
                        bool all_unnamed);
/* Is package `pkg` of `from` exported to module `to`? (Unqualified, qualified, open.) */
bool module_is_exported(Object *from, const char *pkg, Object *to);
/* The version string (a symbol, "17.0.15") given when `module` was defined, or NULL for
 * unnamed modules and modules without a version. */
const char *module_version(Object *module);
/* Does `from` read `to`? (Unnamed modules read all; everyone reads java.base.) */
bool module_can_read(Object *from, Object *to);

/* The module part of class accessibility (JVMS 5.4.4; HotSpot's verify_class_access for a
 * public class in another package): may code in module `from` access a public type of
 * package `pkg` (internal form) in module `to`? Readability first, then exports (open
 * modules, unqualified, to all unnamed, qualified). */
typedef enum ModuleAccess {
    MODULE_ACCESS_OK = 0,
    MODULE_NOT_READABLE,
    MODULE_NOT_EXPORTED,
} ModuleAccess;
ModuleAccess module_access(Object *from, Object *to, const char *pkg);
/* HotSpot's IllegalAccessError text for a failed module_access from class `from` to class
 * `to` ("class A (in module m2) cannot access class p.Q (in module m) because module m
 * does not export p to module m2"; unnamed modules appear as "unnamed module @0x<hash>").
 * May compute identity hashes (no allocation). */
void module_access_message(Thread *t, const Class *from, const Class *to, ModuleAccess why,
                           char *buf, size_t size);
/* The name (a symbol) of the named module defined to the boot loader that holds package
 * `pkg` (a symbol, internal form), or NULL: the boot loader's class search (loader.c). */
const char *module_boot_module_of(const char *pkg);
/* Packages (symbols) of the boot loader with a loaded class — HotSpot's
 * JVM_GetSystemPackages (loader_boot_packages). malloc'd array, caller frees. */
int module_boot_packages(const char ***out);
/* Location of a boot package with a loaded class (JVM_GetSystemPackage): its module's
 * location ("jrt:/java.base"), else the append entry its first class came from; NULL for
 * a package without a class loaded by the boot loader's search. */
const char *module_boot_package_location(const char *pkg);
/* Calls fn for every java.lang.Module in the module tables: each loader's named modules
 * and the unnamed modules of the loaders the tables know (the boot loader's once set).
 * Unnamed modules of loaders that never met the module system are not included: walk
 * the loaded classes' loaders for those. The module lock is held: fn must not allocate
 * on the Java heap, reach a safepoint or call module_*. (Needed by jvmti/module.c.) */
void module_for_each(void (*fn)(Object *module, void *arg), void *arg);
/* Reports the object slots of the module tables that are roots (the boot loader's
 * modules). The collector does not call it: module.c registers each such slot with
 * gc_register_root. */
void module_visit_roots(RootVisitor *v);
/* Class unloading (docs/design.md), at a safepoint. While marking: reports the modules
 * (named and unnamed) of every marked non-boot loader that are not marked yet; true if
 * it reported any (the collector traces and asks again). After marking: forgets every
 * loader that is not alive, with its modules, packages and every edge to its modules. */
bool module_visit_live_modules(bool (*marked)(const Object *o), RootVisitor *v);
void module_purge_dead_loaders(bool (*alive)(const Object *o));

#endif
