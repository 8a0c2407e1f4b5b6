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
/* JVM_DefineModule core: packages are internal-form package names ("java/lang"). Returns
 * false with IllegalArgumentException/IllegalStateException pending on bad input. */
bool module_define(Thread *t, Object *module, bool is_open, const char *name, Object *loader,
                   const char *const *packages, int package_count);
void module_set_boot_unnamed(Thread *t, Object *module);
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
/* All packages of the boot loader's named modules (JVM_GetSystemPackages). */
int module_boot_packages(const char ***out); /* malloc'd array of symbols, caller frees */
/* Collector: modules and their tables are roots. */
void module_visit_roots(RootVisitor *v);

#endif
