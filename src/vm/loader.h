// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * loader.h — class loaders (JVMS 5.3): the boot loader, class tables, class definition.
 *
 * The boot loader finds only classes of the modules defined to it and of its append path
 * (JEP 261, as HotSpot): a class of a package of a named module defined to the boot loader
 * (module.c, from JVM_DefineModule) is searched in that module's `--patch-module`
 * directories and JARs, then in that module of lib/modules (mapped and read in place;
 * the JDK's libjimage.so for what that cannot read, loader.c); any
 * other class only on the -Xbootclasspath/a entries (directories and JAR files), which
 * become visible once loader_enable_boot_append() is called at the end of initPhase2 (the
 * module system is initialized then). Before that only java.base is visible.
 *
 * Every loader (NULL = boot, otherwise a java.lang.ClassLoader object) has a table of the
 * classes it defined and of those it was the initiating loader for. Defining a class
 * enters it in its defining loader's table; hidden classes are in no table. The table is
 * what keeps classes alive: a class is unloaded when its loader dies (unload.h).
 *
 * Errors: loading functions return NULL with NoClassDefFoundError / ClassNotFoundException
 * / ClassFormatError / LinkageError pending, as the JVMS and the JDK expect.
 */
#ifndef GLASS_LOADER_H
#define GLASS_LOADER_H

#include "class.h"
#include "vm.h"

/* Opens JAVA_HOME/lib/modules. Returns false with a message on stderr. */
bool loader_init(const char *java_home);
void loader_add_boot_append(const char *path_list); /* ':'-separated */
void loader_enable_boot_append(void);
/* --patch-module: `spec` is "<module>=<path>(:<path>)*" (a jdk.module.patch.<n> value).
 * Paths that are neither directories nor readable JAR/ZIP files are skipped. Call before
 * any class is loaded; the caller keeps `spec`. */
void loader_add_patch_module(const char *spec);
/* JVMTI AddToBootstrapClassLoaderSearch in the live phase (needed by jvmti/search.c):
 * appends the JAR file `path` to the boot append path, searched by the boot loader's next
 * lookups. False, nothing changed, if `path` is not an existing, readable JAR/ZIP file
 * (directories included). Any thread, any phase; the caller keeps `path`. */
bool loader_append_boot_jar(const char *path);

/* Defining-class flags for loader_define_class. */
enum {
    DEFINE_HIDDEN = 1u << 0,    /* not entered in any table, name gets a unique suffix */
    DEFINE_NESTMATE = 1u << 1,  /* nest host = lookup class's nest host */
    DEFINE_STRONG = 1u << 2,
    DEFINE_VM_ANNOTATIONS = 1u << 3,
};

/*
 * Loads (and links, not initializes) the class `name` (internal form, or an array
 * descriptor "[I", "[Ljava/lang/String;") as seen by `loader`. For the boot loader this
 * searches the boot path; for other loaders it calls loader.loadClass(String). The result
 * is recorded with `loader` as an initiating loader. Throws NoClassDefFoundError if absent.
 */
Class *loader_load(Thread *t, Object *loader, const char *name);
/* Boot loader lookup that returns NULL without an exception if the class does not exist
 * (JVM_FindClassFromBootLoader). Other errors (ClassFormatError...) stay pending. */
Class *loader_find_boot(Thread *t, const char *name);
/* The class file of class `name` ("java/lang/Object") in module `module` of the runtime
 * image, as lib/modules holds it (malloc'd, *len set), or NULL. */
uint8_t *loader_image_class_file(const char *module, const char *name, size_t *len);
/* The class `loader` has already loaded or initiated under `name`, or NULL (no loading). */
Class *loader_find_loaded(Object *loader, const char *name);

/*
 * Defines a class from bytes (ClassLoader.defineClass*, Unsafe.defineClass, hidden
 * classes). `name` (internal form) may be NULL; if given it must match the bytes
 * (NoClassDefFoundError "... (wrong name: ...)"). Rejects duplicates (LinkageError) and
 * java.* names in non-boot loaders (SecurityException). Links the class.
 * `host` is the lookup class for hidden classes (else NULL).
 */
Class *loader_define(Thread *t, Object *loader, const char *name, const uint8_t *bytes,
                     size_t len, Object *protection_domain, const char *source,
                     uint32_t define_flags, Class *host, Object *class_data);

/* Array class with the given component (creates it once). */
Class *loader_array_of(Thread *t, Class *component);
/* Primitive classes ("int" etc.) and void. */
Class *loader_primitive(BasicType bt);
Class *loader_primitive_by_name(const char *name); /* "int" -> int class, or NULL */

/* Boot: creates the nine primitive classes (mirrors follow when java.lang.Class links). */
void loader_create_primitives(Thread *t);

/* All loaded classes in load order. The callback must not load classes, nor reach a
 * safepoint (allocate Java objects, block): the collector unlinks unloaded classes there. */
void loader_for_each_class(void (*fn)(Class *c, void *arg), void *arg);
int loader_class_count(void);
/* Class-loading statistics since the VM started, for the perf-data counters java.cls.*
 * and sun.cls.* (jstat -class) and ClassLoadingMXBean alike: instance classes loaded
 * (unloaded ones included; arrays are not counted, as in HotSpot) and unloaded, their
 * class-file bytes, ns spent defining classes. Cumulative, never decreasing. Any thread;
 * the fields are read one by one, unloaded_classes before loaded_classes (so that
 * loaded - unloaded is never negative). */
typedef struct LoaderStats {
    uint64_t loaded_classes, unloaded_classes;
    uint64_t loaded_bytes, unloaded_bytes;
    uint64_t time_ns;
} LoaderStats;
void loader_stats(LoaderStats *s);
/* needed by jvmti (class.c: GetClassLoaderClasses) */
/* Every class `loader` (NULL = boot) is recorded as an initiating loader of: those it
 * defined and those it initiated by delegation (hidden classes are in no table), in no
 * particular order. Runs fn with the table lock held: fn must not load classes, allocate
 * Java objects, block or take other VM locks. */
void loader_for_each_initiated(Object *loader, void (*fn)(Class *c, void *arg), void *arg);

/*
 * The collector's view of class liveness (docs/design.md "Class unloading"), at a
 * safepoint only:
 *  loader_visit_roots        the classes that are always live: primitive classes (their
 *                            references), classes without a mirror yet (all their
 *                            references), and the boot loader's classes (their mirrors;
 *                            tracing a mirror reports the rest, class_visit_refs);
 *  loader_visit_live_classes the mirrors of not yet marked classes that a marked loader
 *                            keeps alive (defined, strongly hidden, or initiated); true if
 *                            it reported any, so the collector traces and asks again
 *                            until nothing new appears;
 *  loader_unlink_dead        after marking: unlinks every class whose mirror is dead from
 *                            the class list, and every table entry of a dead loader or
 *                            class; returns the unlinked classes, chained by next_loaded
 *                            (the caller frees them);
 *  loader_index_classes      builds (on) or drops (off) an index of every class, so that
 *  loader_class_at           conservative stack scanning can tell whether a word is a
 *                            Class* (NULL if not, or no index).
 */
void loader_visit_roots(RootVisitor *v);
bool loader_visit_live_classes(bool (*marked)(const Object *o), RootVisitor *v);
Class *loader_unlink_dead(bool (*alive)(const Object *o));
void loader_index_classes(bool on);
Class *loader_class_at(uintptr_t word);

/* The boot packages with a loaded class (JVM_GetSystemPackage[s]): packages from which
 * the boot loader's search (patch entries, the image, the append path) loaded a class;
 * classes it only defined (proxies, Lookup.defineClass, hidden classes) do not count.
 * loader_boot_package_loaded answers whether `pkg` (internal form) is one, and sets *path
 * to the append entry (-Xbootclasspath/a, AddToBootstrapClassLoaderSearch) its first class
 * came from, or NULL for the image and patch entries. loader_boot_packages gives all of
 * them as symbols in a malloc'd array (caller frees) and returns the count. */
bool loader_boot_package_loaded(const char *pkg, const char **path);
int loader_boot_packages(const char ***out);
/* -verbose:class */
extern bool loader_verbose;

#endif
