// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * loader.c — class loading (JVMS 5.3): the boot loader, the loader tables and defining.
 *
 * The boot loader reads a class of a module defined to it from that module's
 * --patch-module entries, then from JAVA_HOME/lib/modules through the JDK's own
 * libjimage.so (JIMAGE_* C API: module + resource name; the package -> module map is the
 * graph the JDK defined, module.c); any other class from the -Xbootclasspath/a entries
 * once initPhase2 has enabled them (boot_find_bytes). JAR files are read by zip.c.
 *
 * One hash table maps (loader, name) to a Class for every class a loader defined and every
 * class it initiated; hidden classes are in no table. A list keeps every class in load
 * order for iteration (GC roots, JVMTI GetLoadedClasses); between safepoints it only
 * grows, and the collector unlinks unloaded classes from it and from the table at a
 * safepoint (loader_unlink_dead).
 *
 * Class liveness for the collector (docs/design.md "Class unloading"): a loader's table
 * is its class-loader data. The boot loader's classes are roots; a live loader object
 * keeps every class it defined or initiated alive; a hidden class lives through its
 * mirror alone unless defined strongly (then with its loader); an array class lives with
 * its element class.
 *
 * Concurrency: the table is guarded by `table_lock`, which is never held across class
 * creation, Java upcalls or allocation. Boot-loader loading of one name is serialized by a
 * placeholder entry so two threads never define the same boot class twice; other loaders
 * rely on the Java-level locking of ClassLoader.loadClass, and a duplicate definition is a
 * LinkageError. Circularity (JVMS 5.3.5 step 3) is detected with a per-thread stack of the
 * names whose supertypes are being loaded.
 */
#include "loader.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../jvmti/jvmti_vm.h"
#include "../os/os.h"
#include "exception.h"
#include "interp.h"
#include "module.h"
#include "log.h"
#include "options.h"
#include "redefine.h"
#include "resolve.h"
#include "string.h"
#include "sym.h"
#include "thread.h"
#include "wellknown.h"
#include "zip.h"

bool loader_verbose;

/* ---- libjimage ---- */
typedef struct JImageFile JImageFile;
typedef jlong JImageLocationRef;
static JImageFile *(*jimage_open)(const char *name, jint *error);
static JImageLocationRef (*jimage_find_resource)(JImageFile *img, const char *module,
                                                 const char *version, const char *name,
                                                 jlong *size);
static jlong (*jimage_get_resource)(JImageFile *img, JImageLocationRef loc, char *buf,
                                    jlong size);
static JImageFile *jimage;

/* ---- boot append path ---- */
/* A singly linked list that only grows: entries are linked in with a CAS on the last
 * `next` and never removed, so boot-loader searches walk it without a lock while JVMTI
 * AddToBootstrapClassLoaderSearch appends in the live phase. */
typedef struct BootEntry {
    char *path;
    ZipFile *zip; /* NULL for directories */
    struct BootEntry *_Atomic next;
} BootEntry;
static BootEntry *_Atomic boot_append;
static bool boot_append_enabled;

/* --patch-module: per patched module, the directories and JARs the boot loader searches
 * before the runtime image for the classes of that module (HotSpot's _patch_mod_entries).
 * Set up by loader_add_patch_module before any class is loaded, read-only afterwards. */
typedef struct PatchModule {
    const char *module; /* symbol */
    BootEntry *first;   /* chained through `next`, in command-line order */
    struct PatchModule *next;
} PatchModule;
static PatchModule *patch_modules, **patch_modules_tail = &patch_modules;

/* The boot packages with a loaded class: every package from which the boot loader's own
 * search (patch entries, the runtime image, the append path) has loaded a class, with the
 * append entry the first class came from (NULL for the image and patch entries). This is
 * HotSpot's "package has a loaded class" / classpath index of a boot PackageEntry, and all
 * JVM_GetSystemPackage(s) may report: classes the boot loader merely defined (proxies,
 * Lookup.defineClass, hidden classes) do not count. Guarded by `packages_lock`. */
typedef struct BootPackage {
    const char *package; /* symbol */
    const char *path;    /* the BootEntry's path, or NULL */
    struct BootPackage *next;
} BootPackage;
static OsMutex packages_lock;
static BootPackage *boot_packages;
static int boot_package_count;

/* ---- tables ---- */
typedef struct Entry {
    Object *loader;
    const char *name;
    Class *klass;      /* NULL while a boot placeholder */
    Thread *loading;   /* boot placeholder owner */
    struct Entry *next;
} Entry;

static OsMutex table_lock;
static OsCond table_cond;
static Entry **buckets;
static size_t bucket_count, entry_count;
static Class *first_loaded, *last_loaded;
static int loaded_count;
/* Statistics since the VM started (loader_stats: perf data's java.cls.* and sun.cls.*,
 * ClassLoadingMXBean): instance classes (not arrays: HotSpot counts InstanceKlasses)
 * added to the list and unlinked from it, their class-file bytes, and time spent
 * defining classes (outermost definitions only). Cumulative: they never go down. */
static _Atomic uint64_t loaded_classes, loaded_bytes, load_time_ns, unloaded_classes, unloaded_bytes;
static _Thread_local int defining_depth;
static Class *primitives[16];
static uint64_t hidden_counter;

/* Names whose superclass/interfaces this thread is loading (circularity check). */
static __thread const char *loading_stack[256];
static __thread Object *loading_loaders[256];
static __thread int loading_depth;

static size_t hash_key(Object *loader, const char *name)
{
    uintptr_t h = (uintptr_t)name * 0x9E3779B97F4A7C15u ^ (uintptr_t)loader * 0xC2B2AE3D27D4EB4Fu;
    return (size_t)(h ^ (h >> 29));
}

static Entry *table_find(Object *loader, const char *name)
{
    for (Entry *e = buckets[hash_key(loader, name) & (bucket_count - 1)]; e; e = e->next)
        if (e->loader == loader && e->name == name) return e;
    return NULL;
}

static void table_grow(void)
{
    size_t nc = bucket_count * 2;
    Entry **nb = vm_calloc(nc, sizeof(Entry *));
    for (size_t i = 0; i < bucket_count; i++) {
        Entry *e = buckets[i];
        while (e) {
            Entry *next = e->next;
            size_t b = hash_key(e->loader, e->name) & (nc - 1);
            e->next = nb[b];
            nb[b] = e;
            e = next;
        }
    }
    free(buckets);
    buckets = nb;
    bucket_count = nc;
}

static Entry *table_add(Object *loader, const char *name, Class *c)
{
    if (entry_count * 2 > bucket_count) table_grow();
    Entry *e = vm_calloc(1, sizeof(Entry));
    e->loader = loader;
    e->name = name;
    e->klass = c;
    size_t b = hash_key(loader, name) & (bucket_count - 1);
    e->next = buckets[b];
    buckets[b] = e;
    entry_count++;
    return e;
}

static void table_remove(Entry *victim)
{
    size_t b = hash_key(victim->loader, victim->name) & (bucket_count - 1);
    for (Entry **p = &buckets[b]; *p; p = &(*p)->next) {
        if (*p == victim) {
            *p = victim->next;
            free(victim);
            entry_count--;
            return;
        }
    }
}

static void add_to_list(Class *c)
{
    os_mutex_lock(&table_lock);
    if (last_loaded)
        last_loaded->next_loaded = c;
    else
        first_loaded = c;
    last_loaded = c;
    loaded_count++;
    os_mutex_unlock(&table_lock);
    if (!class_is_array(c)) atomic_fetch_add_explicit(&loaded_classes, 1, memory_order_relaxed);
    if (c->cf != NULL) atomic_fetch_add_explicit(&loaded_bytes, c->cf->length, memory_order_relaxed);
}

/* ------------------------------------------------------------------------------------ */
/* Set-up                                                                               */
/* ------------------------------------------------------------------------------------ */

bool loader_init(const char *java_home)
{
    os_mutex_init(&table_lock);
    os_cond_init(&table_cond);
    os_mutex_init(&packages_lock);
    bucket_count = 1024;
    buckets = vm_calloc(bucket_count, sizeof(Entry *));

    char path[4096];
    const char *err = NULL;
    snprintf(path, sizeof path, "%s/lib/libjimage.so", java_home);
    void *h = os_dlopen(path, &err);
    if (h == NULL) {
        fprintf(stderr, "Error: cannot load %s: %s\n", path, err ? err : "?");
        return false;
    }
    jimage_open = (JImageFile * (*)(const char *, jint *)) os_dlsym(h, "JIMAGE_Open");
    jimage_find_resource = (JImageLocationRef(*)(JImageFile *, const char *, const char *,
                                                 const char *, jlong *))os_dlsym(h, "JIMAGE_FindResource");
    jimage_get_resource =
        (jlong(*)(JImageFile *, JImageLocationRef, char *, jlong))os_dlsym(h, "JIMAGE_GetResource");
    if (!jimage_open || !jimage_find_resource || !jimage_get_resource) {
        fprintf(stderr, "Error: %s lacks the JIMAGE_* functions\n", path);
        return false;
    }
    snprintf(path, sizeof path, "%s/lib/modules", java_home);
    jint error = 0;
    jimage = jimage_open(path, &error);
    if (jimage == NULL) {
        fprintf(stderr, "Error: cannot open the runtime image %s (error %d)\n", path, (int)error);
        return false;
    }
    return true;
}

/* Links e in at the end of the boot append list (any thread, lock-free). */
static void boot_append_link(BootEntry *e)
{
    BootEntry *_Atomic *link = &boot_append;
    for (;;) {
        BootEntry *expected = NULL;
        if (atomic_compare_exchange_strong(link, &expected, e)) return;
        link = &expected->next;
    }
}

void loader_add_boot_append(const char *list)
{
    const char *p = list;
    while (*p) {
        const char *colon = strchr(p, ':');
        size_t n = colon ? (size_t)(colon - p) : strlen(p);
        if (n > 0) {
            BootEntry *e = vm_calloc(1, sizeof(BootEntry));
            e->path = vm_malloc(n + 1);
            memcpy(e->path, p, n);
            e->path[n] = 0;
            e->zip = os_is_directory(e->path) ? NULL : zip_open(e->path);
            boot_append_link(e);
        }
        if (!colon) break;
        p = colon + 1;
    }
}

bool loader_append_boot_jar(const char *path)
{
    if (os_is_directory(path)) return false;
    ZipFile *z = zip_open(path);
    if (z == NULL) return false;
    BootEntry *e = vm_calloc(1, sizeof(BootEntry));
    e->path = vm_strdup(path);
    e->zip = z;
    boot_append_link(e);
    return true;
}

void loader_enable_boot_append(void) { boot_append_enabled = true; }

/* A directory or readable JAR/ZIP file as a search entry, else NULL (HotSpot skips
 * --patch-module paths that do not exist or are no ZIP files). */
static BootEntry *make_entry(const char *path, size_t n)
{
    char *p = vm_malloc(n + 1);
    memcpy(p, path, n);
    p[n] = 0;
    ZipFile *z = NULL;
    if (!os_is_directory(p) && (z = zip_open(p)) == NULL) {
        free(p);
        return NULL;
    }
    BootEntry *e = vm_calloc(1, sizeof(BootEntry));
    e->path = p;
    e->zip = z;
    return e;
}

void loader_add_patch_module(const char *spec)
{
    const char *eq = strchr(spec, '=');
    if (eq == NULL || eq == spec) return; /* the module system rejects it at initPhase2 */
    PatchModule *pm = vm_calloc(1, sizeof *pm);
    pm->module = sym_intern_len(spec, (size_t)(eq - spec));
    BootEntry *last = NULL;
    for (const char *p = eq + 1; *p;) {
        const char *colon = strchr(p, ':');
        size_t n = colon ? (size_t)(colon - p) : strlen(p);
        BootEntry *e = n > 0 ? make_entry(p, n) : NULL;
        if (e != NULL) {
            if (last != NULL)
                atomic_store_explicit(&last->next, e, memory_order_relaxed);
            else
                pm->first = e;
            last = e;
        }
        if (!colon) break;
        p = colon + 1;
    }
    if (pm->first == NULL) { /* nothing usable: as if not patched, like HotSpot */
        free(pm);
        return;
    }
    *patch_modules_tail = pm;
    patch_modules_tail = &pm->next;
}

/* ------------------------------------------------------------------------------------ */
/* Boot loader: finding bytes                                                           */
/* ------------------------------------------------------------------------------------ */

static const char *boot_package_path_locked(const char *pkg, bool *found)
{
    for (BootPackage *p = boot_packages; p; p = p->next)
        if (p->package == pkg) {
            *found = true;
            return p->path;
        }
    *found = false;
    return NULL;
}

/* Records that the boot loader defined a class of package `pkg` (a symbol, "" for none)
 * that its search found in `path` (an append entry, or NULL for the image and patch
 * entries). */
static void note_boot_package(const char *pkg, const char *path)
{
    if (pkg[0] == '\0') return;
    os_mutex_lock(&packages_lock);
    bool found;
    boot_package_path_locked(pkg, &found);
    if (!found) {
        BootPackage *p = vm_malloc(sizeof *p);
        p->package = pkg;
        p->path = path;
        p->next = boot_packages;
        boot_packages = p;
        boot_package_count++;
    }
    os_mutex_unlock(&packages_lock);
}

/* Reads `res` ("p/C.class") from one entry; malloc'd bytes or NULL. */
static uint8_t *entry_read(const BootEntry *e, const char *res, size_t *len)
{
    if (e->zip) return zip_read(e->zip, res, len);
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", e->path, res);
    return os_read_file(path, len);
}

/* Reads `res` from module `module` of the runtime image; malloc'd bytes or NULL. */
static uint8_t *image_read(const char *module, const char *res, size_t *len)
{
    jlong size = 0;
    JImageLocationRef loc = jimage_find_resource(jimage, module, "17.0", res, &size);
    if (loc == 0 || size <= 0) return NULL;
    uint8_t *buf = vm_malloc((size_t)size);
    if (jimage_get_resource(jimage, loc, (char *)buf, size) != size) {
        free(buf);
        return NULL;
    }
    *len = (size_t)size;
    return buf;
}

uint8_t *loader_image_class_file(const char *module, const char *name, size_t *len)
{
    char res[1024];
    snprintf(res, sizeof res, "%s.class", name);
    return image_read(module, res, len);
}

/*
 * Reads the class file for `name` from the boot loader's search path; *source gets a
 * description for -verbose:class, *append_path the append entry's path (NULL for the
 * patch entries and the image). Returns malloc'd bytes or NULL.
 *
 * The boot loader sees only what is defined to it (JEP 261; HotSpot's
 * SystemDictionary::load_instance_class and ClassLoader::load_class):
 *  - until the module system is initialized (the end of initPhase2, when the append path
 *    is enabled) only java.base: a package not yet defined counts as java.base's until
 *    java.base is defined, and must be one of its packages afterwards;
 *  - then a class of a package of a named module defined to the boot loader is searched
 *    in that module's --patch-module entries, then in that module of the runtime image,
 *    and nowhere else;
 *  - any other class (unnamed package, a package of no module or of a module defined to
 *    another loader, including modules left out of the resolved graph by --limit-modules)
 *    only on the append path (-Xbootclasspath/a, JVMTI AddToBootstrapClassLoaderSearch).
 * The package -> module answer is the module graph the JDK defined (JVM_DefineModule),
 * not the image's own package table, so the platform and application loaders' modules
 * are never defined here a second time.
 */
static uint8_t *boot_find_bytes(const char *name, size_t *len, char *source, size_t source_size,
                                const char **append_path, bool *from_image)
{
    *append_path = NULL;
    *from_image = false;
    char res[1024];
    snprintf(res, sizeof res, "%s.class", name);
    const char *pkg = class_package_of(name);
    bool modules_ready = boot_append_enabled;
    const char *module = NULL;
    if (!module_java_base_defined()) {
        module = sym_intern("java.base");
    } else if (pkg[0] != '\0') {
        module = module_boot_module_of(pkg);
        if (!modules_ready && module != NULL && strcmp(module, "java.base") != 0) module = NULL;
    }
    if (module != NULL) {
        for (PatchModule *pm = patch_modules; pm; pm = pm->next) {
            if (pm->module != module) continue;
            for (BootEntry *e = pm->first; e; e = atomic_load_explicit(&e->next, memory_order_relaxed)) {
                uint8_t *b = entry_read(e, res, len);
                if (b) {
                    snprintf(source, source_size, "%s", e->path);
                    return b;
                }
            }
            break; /* a module is patched once; the image is next */
        }
        if (pkg[0] == '\0') return NULL; /* the image holds only named modules' packages */
        uint8_t *b = image_read(module, res, len);
        if (b) snprintf(source, source_size, "jrt:/%s", module);
        *from_image = b != NULL;
        return b;
    }
    if (!modules_ready) return NULL;
    for (BootEntry *e = atomic_load_explicit(&boot_append, memory_order_acquire); e != NULL;
         e = atomic_load_explicit(&e->next, memory_order_acquire)) {
        uint8_t *b = entry_read(e, res, len);
        if (b) {
            snprintf(source, source_size, "%s", e->path);
            *append_path = e->path;
            return b;
        }
    }
    return NULL;
}

bool loader_boot_package_loaded(const char *pkg, const char **path)
{
    const char *sym = sym_lookup(pkg, strlen(pkg));
    if (sym == NULL) return false;
    bool found;
    os_mutex_lock(&packages_lock);
    *path = boot_package_path_locked(sym, &found);
    os_mutex_unlock(&packages_lock);
    return found;
}

int loader_boot_packages(const char ***out)
{
    os_mutex_lock(&packages_lock);
    const char **names = vm_malloc((size_t)(boot_package_count > 0 ? boot_package_count : 1) * sizeof *names);
    int n = 0;
    for (BootPackage *p = boot_packages; p; p = p->next) names[n++] = p->package;
    os_mutex_unlock(&packages_lock);
    *out = names;
    return n;
}

/* ------------------------------------------------------------------------------------ */
/* Defining                                                                             */
/* ------------------------------------------------------------------------------------ */

static void print_verbose(Class *c, const char *source)
{
    if (!log_is_enabled(LOG_INFO, class_load)) return;
    /* HotSpot's text: "java.lang.Object source: jrt:/java.base" */
    char ext[1024];
    class_external_name(c, ext, sizeof ext);
    if (source && *source) log_print(LOG_INFO, LOG_TS_class_load, "%s source: %s", ext, source);
    else log_print(LOG_INFO, LOG_TS_class_load, "%s", ext);
}

static bool push_loading(Thread *t, Object *loader, const char *name)
{
    for (int i = 0; i < loading_depth; i++) {
        if (loading_stack[i] == name && loading_loaders[i] == loader) {
            /* HotSpot's message is the internal name ("java/lang/X"). */
            exc_throw(t, "java/lang/ClassCircularityError", "%s", name);
            return false;
        }
    }
    if (loading_depth >= (int)ARRAY_LEN(loading_stack)) {
        exc_throw(t, "java/lang/StackOverflowError", NULL);
        return false;
    }
    loading_stack[loading_depth] = name;
    loading_loaders[loading_depth] = loader;
    loading_depth++;
    return true;
}

static void pop_loading(void) { loading_depth--; }

/* Common path for every definition: parse, create (loading supertypes), publish, prepare
 * (class_link; verification and the rest of HotSpot's linking come later, class_verify). */
static Class *define_parsed(Thread *t, Object *loader, ClassFile *cf, uint32_t class_flags,
                            const char *source, Class *host, Object *class_data,
                            Object *protection_domain)
{
    const char *name = cf->this_name;
    bool hidden = (class_flags & CLASS_F_HIDDEN) != 0;
    if (!push_loading(t, loader, name)) {
        cf_free(cf);
        return NULL;
    }
    Class *c = class_create(t, cf, loader, class_flags);
    pop_loading();
    if (c == NULL) return NULL;
    c->protection_domain = protection_domain;
    c->class_data = class_data;
    if (source) c->source = NULL;
    if (hidden) {
        char buf[1024];
        uint64_t id = __atomic_add_fetch(&hidden_counter, 1, __ATOMIC_RELAXED);
        snprintf(buf, sizeof buf, "%s/0x%016llx", name,
                 (unsigned long long)(0x800000000ull + id * 0x400ull));
        /* The class's own string, not a symbol: unloading frees it (class.h). */
        c->name = vm_strdup(buf);
        c->flags |= CLASS_F_OWNS_NAME;
        if (host) {
            Class *nh = host->nest_host ? host->nest_host : host;
            c->nest_host = nh;
        }
    } else {
        os_mutex_lock(&table_lock);
        Entry *e = table_find(loader, name);
        /* Another thread is defining the same name in this loader: wait for its outcome
         * (a class: ours is a duplicate; none: we go on). */
        while (e != NULL && e->klass == NULL && e->loading != t) {
            thread_cond_wait_safe(t, &table_cond, &table_lock);
            e = table_find(loader, name);
        }
        if (e != NULL && e->klass != NULL) {
            os_mutex_unlock(&table_lock);
            /* HotSpot: "loader X attempted duplicate class definition for C. (C is in
             * unnamed module of loader X, parent loader 'app')" */
            char ext[1024], where[1600], lname[700];
            class_external_name(e->klass, ext, sizeof ext);
            exc_describe_class(e->klass, true, where, sizeof where);
            const char *in = strstr(where, " of loader ");
            snprintf(lname, sizeof lname, "%s", in ? in + 11 : "'bootstrap'");
            char *comma = strstr(lname, ", parent loader");
            if (comma) *comma = 0;
            exc_throw(t, "java/lang/LinkageError", "loader %s attempted duplicate class definition for %s. (%s)",
                      lname, ext, where);
            return NULL;
        }
        /* A placeholder until the class is linked: its mirror exists only then, and no
         * other thread may find the class before (boot_load and this function wait on
         * placeholders; loader_find_loaded does not see them). The boot loader's
         * placeholder is boot_load's own. */
        if (e == NULL) table_add(loader, name, NULL)->loading = t;
        os_mutex_unlock(&table_lock);
    }
    add_to_list(c);
    t->defined_classes++;
    bool linked = class_link(t, c);
    if (!hidden) {
        os_mutex_lock(&table_lock);
        Entry *e = table_find(loader, name);
        if (linked && e != NULL)
            e->klass = c;
        else if (linked)
            table_add(loader, name, c);
        else if (e != NULL && loader != NULL)
            table_remove(e); /* boot_load removes its own placeholder */
        os_cond_broadcast(&table_cond);
        os_mutex_unlock(&table_lock);
    }
    if (!linked) return NULL;
    print_verbose(c, source);
    /* JVMTI ClassLoad; ClassPrepare follows when the class is linked (class_verify). */
    if (unlikely(jvmti_want(JVMTI_EVENT_CLASS_LOAD))) jvmti_post_class_load(t, c);
    return c;
}

/* A define_bytes flag of loader.c's own, beside the CLASS_F_* bits and never stored: the
 * boot loader read the bytes from the runtime image into a malloc'd buffer that
 * define_bytes takes over (keeps or frees); unless an agent replaces them they are parsed
 * as HotSpot parses boot classes (cf_parse_trusted). */
#define DEFINE_F_FROM_IMAGE (1u << 31)

static Class *define_bytes_untimed(Thread *t, Object *loader, const uint8_t *bytes, size_t len,
                                   const char *expect_name, uint32_t class_flags, const char *source,
                                   Class *host, Object *class_data, Object *pd);

/* define_bytes_untimed, timed for loader_stats. */
static Class *define_bytes(Thread *t, Object *loader, const uint8_t *bytes, size_t len,
                           const char *expect_name, uint32_t class_flags, const char *source,
                           Class *host, Object *class_data, Object *pd)
{
    int64_t t0 = defining_depth++ == 0 ? os_nanotime() : 0;
    Class *c = define_bytes_untimed(t, loader, bytes, len, expect_name, class_flags, source, host, class_data, pd);
    if (--defining_depth == 0) atomic_fetch_add_explicit(&load_time_ns, (uint64_t)(os_nanotime() - t0), memory_order_relaxed);
    return c;
}

/* A class file with a format error after its header: HotSpot's parser has by then
 * checked the name against the expected one (NoClassDefFoundError "wrong name") and
 * loaded each superinterface (parse_interfaces: its loading error, or an
 * IncompatibleClassChangeError if it is a class), and those errors win over the format
 * error. True with that error pending; false if there is none (the format error stands). */
static bool header_errors_first(Thread *t, Object *loader, const char *hint, const CfHeaderNames *names)
{
    if (hint != NULL && names->this_name != hint) {
        exc_throw(t, "java/lang/NoClassDefFoundError", "%s (wrong name: %s)", hint, names->this_name);
        return true;
    }
    for (int i = 0; i < names->interface_count; i++) {
        if (!push_loading(t, loader, names->this_name)) return true;
        Class *ic = loader_load(t, loader, names->interfaces[i]);
        pop_loading();
        if (ic == NULL) return true;
        if (!class_is_interface(ic)) {
            char ext[512], sext[512], desc[1024];
            size_t k = 0;
            for (const char *p = names->this_name; *p && k + 1 < sizeof ext; p++) ext[k++] = *p == '/' ? '.' : *p;
            ext[k] = 0;
            class_external_name(ic, sext, sizeof sext);
            exc_describe_class(ic, false, desc, sizeof desc);
            exc_throw(t, "java/lang/IncompatibleClassChangeError",
                      "class %s can not implement %s, because it is not an interface (%s)", ext, sext, desc);
            return true;
        }
    }
    return false;
}

static Class *define_bytes_untimed(Thread *t, Object *loader, const uint8_t *bytes, size_t len,
                                   const char *expect_name, uint32_t class_flags, const char *source,
                                   Class *host, Object *class_data, Object *pd)
{
    char err[CF_MAX_ERROR];
    CfErrorKind kind = CF_ERR_FORMAT;
    uint8_t *image_bytes = (uint8_t *)bytes; /* ours to keep or free if DEFINE_F_FROM_IMAGE */
    uint8_t *hooked = NULL; /* JVMTI ClassFileLoadHook: an agent's replacement bytes */
    uint8_t *cache = NULL;  /* ...and where a retransformation would start (redefine.h) */
    size_t cache_len = 0;
    if (unlikely(jvmti_want(JVMTI_EVENT_CLASS_FILE_LOAD_HOOK))) {
        size_t hooked_len = 0;
        hooked = jvmti_post_class_file_load_hook(t, NULL, loader, expect_name, pd, bytes, len,
                                                 &hooked_len, false, (class_flags & CLASS_F_HIDDEN) != 0,
                                                 &cache, &cache_len);
        if (hooked != NULL) {
            bytes = hooked;
            len = hooked_len;
        }
    }
    /* A hidden class's name is the one in its bytes (the definer's name only labels the
     * hook); a normal class's expected name also labels parse errors. */
    const char *hint = (class_flags & CLASS_F_HIDDEN) ? NULL : expect_name;
    const bool from_image = (class_flags & DEFINE_F_FROM_IMAGE) != 0;
    const bool trusted = from_image && hooked == NULL;
    class_flags &= ~DEFINE_F_FROM_IMAGE;
    ClassFile *cf;
    if (trusted) {
        cf = cf_parse_trusted((uint8_t *)bytes, len, hint, err, &kind);
    } else {
        CfHeaderNames names;
        cf = cf_parse_names(bytes, len, hint, err, &kind, &names);
        if (from_image) free(image_bytes);
        bool other = cf == NULL && names.this_name != NULL &&
                     header_errors_first(t, loader, hint, &names);
        free(names.interfaces);
        if (other) {
            if (hooked != NULL) jvmti_class_data_free(hooked);
            free(cache);
            return NULL;
        }
    }
    if (hooked != NULL) jvmti_class_data_free(hooked); /* cf_parse copied what it keeps */
    if (cf == NULL) {
        exc_throw(t, kind == CF_ERR_VERSION        ? "java/lang/UnsupportedClassVersionError"
                     : kind == CF_ERR_NO_CLASS_DEF ? "java/lang/NoClassDefFoundError"
                                                   : "java/lang/ClassFormatError",
                  "%s", err);
        free(cache);
        return NULL;
    }
    if (cf->access & ACC_MODULE) {
        exc_throw(t, "java/lang/NoClassDefFoundError", "%s is not a class because access_flag ACC_MODULE is set",
                  hint ? hint : "<Unknown>");
        cf_free(cf);
        free(cache);
        return NULL;
    }
    if (hint != NULL && cf->this_name != hint) {
        exc_throw(t, "java/lang/NoClassDefFoundError", "%s (wrong name: %s)", expect_name,
                  cf->this_name);
        cf_free(cf);
        free(cache);
        return NULL;
    }
    Class *c = define_parsed(t, loader, cf, class_flags, source, host, class_data, pd);
    if (c != NULL && cache != NULL)
        redef_set_retransform_bytes(c, cache, cache_len);
    else
        free(cache);
    return c;
}

static bool is_platform_loader(Object *loader)
{
    return loader != NULL &&
           strcmp(loader->klass->name, "jdk/internal/loader/ClassLoaders$PlatformClassLoader") == 0;
}

Class *loader_define(Thread *t, Object *loader, const char *name, const uint8_t *bytes, size_t len,
                     Object *protection_domain, const char *source, uint32_t define_flags,
                     Class *host, Object *class_data)
{
    const char *sname = name ? sym_intern(name) : NULL;
    if (sname && loader != NULL && !is_platform_loader(loader) && strncmp(sname, "java/", 5) == 0) {
        char pkg[512];
        const char *p = class_package_of(sname);
        size_t k = 0;
        for (; *p && k + 1 < sizeof pkg; p++) pkg[k++] = *p == '/' ? '.' : *p;
        pkg[k] = 0;
        exc_throw(t, "java/lang/SecurityException", "Prohibited package name: %s", pkg);
        return NULL;
    }
    uint32_t cflags = 0;
    if (define_flags & DEFINE_HIDDEN) cflags |= CLASS_F_HIDDEN;
    if ((define_flags & (DEFINE_HIDDEN | DEFINE_STRONG)) == (DEFINE_HIDDEN | DEFINE_STRONG))
        cflags |= CLASS_F_HIDDEN_STRONG;
    if ((define_flags & DEFINE_VM_ANNOTATIONS) && (loader == NULL || is_platform_loader(loader)))
        cflags |= CLASS_F_LAMBDA_FORM;
    Class *c = define_bytes(t, loader, bytes, len, sname,
                            cflags, source, (define_flags & DEFINE_NESTMATE) ? host : NULL,
                            class_data, protection_domain);
    if (c && (define_flags & DEFINE_HIDDEN) && !(define_flags & DEFINE_NESTMATE)) c->nest_host = c;
    return c;
}

/* ------------------------------------------------------------------------------------ */
/* Loading                                                                              */
/* ------------------------------------------------------------------------------------ */

static Class *boot_load(Thread *t, const char *name, bool throw_if_absent)
{
    os_mutex_lock(&table_lock);
    for (;;) {
        Entry *e = table_find(NULL, name);
        if (e == NULL) {
            e = table_add(NULL, name, NULL);
            e->loading = t;
            break;
        }
        if (e->klass != NULL) {
            Class *c = e->klass;
            os_mutex_unlock(&table_lock);
            return c;
        }
        if (e->loading == t) {
            /* Re-entered for the same name on this thread: a circularity. */
            os_mutex_unlock(&table_lock);
            char ext[512];
            size_t k = 0;
            for (const char *p = name; *p && k + 1 < sizeof ext; p++) ext[k++] = *p == '/' ? '.' : *p;
            ext[k] = 0;
            exc_throw(t, "java/lang/ClassCircularityError", "%s", ext);
            return NULL;
        }
        /* Another thread is loading it: wait, safe for the collector. */
        thread_cond_wait_safe(t, &table_cond, &table_lock);
    }
    os_mutex_unlock(&table_lock);

    char source[1024] = "";
    size_t len = 0;
    const char *append_path;
    bool from_image;
    uint8_t *bytes = boot_find_bytes(name, &len, source, sizeof source, &append_path, &from_image);
    Class *c = NULL;
    if (bytes != NULL) {
        c = define_bytes(t, NULL, bytes, len, name, from_image ? DEFINE_F_FROM_IMAGE : 0, source,
                         NULL, NULL, NULL);
        if (!from_image) free(bytes); /* else define_bytes took them */
        /* HotSpot counts the package once the class is defined (set_classpath_index). */
        if (c != NULL) note_boot_package(class_package_of(name), append_path);
    } else if (throw_if_absent) {
        exc_throw(t, "java/lang/NoClassDefFoundError", "%s", name);
    }
    os_mutex_lock(&table_lock);
    Entry *e = table_find(NULL, name);
    if (e != NULL && e->klass == NULL) table_remove(e);
    os_cond_broadcast(&table_cond);
    os_mutex_unlock(&table_lock);
    return c;
}

static Class *load_array(Thread *t, Object *loader, const char *name, bool throw_if_absent)
{
    const char *comp = name + 1;
    Class *cc;
    if (*comp == '[') {
        cc = throw_if_absent ? loader_load(t, loader, sym_intern(comp)) : loader_find_boot(t, sym_intern(comp));
    } else if (*comp == 'L') {
        size_t n = strlen(comp);
        if (n < 3 || comp[n - 1] != ';') {
            if (throw_if_absent) exc_throw(t, "java/lang/NoClassDefFoundError", "%s", name);
            return NULL;
        }
        const char *cn = sym_intern_len(comp + 1, n - 2);
        cc = throw_if_absent ? loader_load(t, loader, cn) : loader_find_boot(t, cn);
    } else {
        BasicType bt = bt_from_char(*comp);
        if (comp[1] != 0 || bt == BT_ILLEGAL || bt == BT_VOID || bt_is_ref(bt)) {
            if (throw_if_absent) exc_throw(t, "java/lang/NoClassDefFoundError", "%s", name);
            return NULL;
        }
        cc = loader_primitive(bt);
    }
    if (cc == NULL) {
        /* HotSpot names the array class in the NoClassDefFoundError, keeping the cause. */
        Object *e = exc_pending(t);
        if (e != NULL && strcmp(e->klass->name, "java/lang/NoClassDefFoundError") == 0) {
            exc_clear(t);
            Object *cause = FIELD_GET(e, wk_off.Throwable_cause, Object *);
            exc_throw_class(t, e->klass, name, cause == e ? NULL : cause);
        }
        return NULL;
    }
    return loader_array_of(t, cc);
}

static Class *upcall_load(Thread *t, Object *loader, const char *name)
{
    static Method *load_class;
    if (load_class == NULL)
        load_class = wk_method(wk.ClassLoader, sym_intern("loadClass"),
                               sym_intern("(Ljava/lang/String;)Ljava/lang/Class;"));
    char ext[1024];
    size_t k = 0;
    for (const char *p = name; *p && k + 1 < sizeof ext; p++) ext[k++] = *p == '/' ? '.' : *p;
    ext[k] = 0;
    Object *jname = str_new_cstr(t, ext);
    if (jname == NULL) return NULL;
    Slot args[2] = {{.l = loader}, {.l = jname}};
    Slot ret = {0};
    if (!interp_call_virtual(t, load_class, args, &ret)) {
        Object *ex = exc_pending(t);
        Class *cnfe = loader_find_loaded(NULL, sym_intern("java/lang/ClassNotFoundException"));
        if (ex && cnfe && class_is_subclass_of(ex->klass, cnfe)) {
            exc_clear(t);
            Class *ncdfe = loader_load(t, NULL, sym_intern("java/lang/NoClassDefFoundError"));
            if (ncdfe) exc_throw_class(t, ncdfe, name, ex);
        }
        return NULL;
    }
    if (ret.l == NULL) {
        exc_throw(t, "java/lang/NoClassDefFoundError", "%s", name);
        return NULL;
    }
    Class *c = class_from_mirror(ret.l);
    if (c->name != name) {
        /* A loader that answers with a class of another name: HotSpot treats it as not
         * found and names only the class asked for. */
        exc_throw(t, "java/lang/NoClassDefFoundError", "%s", name);
        return NULL;
    }
    /* Record the initiating loader. */
    os_mutex_lock(&table_lock);
    if (table_find(loader, name) == NULL) table_add(loader, name, c);
    os_mutex_unlock(&table_lock);
    return c;
}

Class *loader_load(Thread *t, Object *loader, const char *name)
{
    if (name[0] == '[') return load_array(t, loader, name, true);
    os_mutex_lock(&table_lock);
    Entry *e = table_find(loader, name);
    Class *c = e ? e->klass : NULL;
    os_mutex_unlock(&table_lock);
    if (c) return c;
    if (loader == NULL) return boot_load(t, name, true);
    /* A class this thread is defining in this loader, asked for while its supertypes are
     * loaded (a class its own superclass or superinterface, directly or through others):
     * a ClassCircularityError before the loader is asked, as HotSpot's placeholders
     * (LOAD_SUPER) give it, whether or not the loader could find the name. */
    for (int i = 0; i < loading_depth; i++) {
        if (loading_stack[i] == name && loading_loaders[i] == loader) {
            push_loading(t, loader, name); /* throws the ClassCircularityError */
            return NULL;
        }
    }
    return upcall_load(t, loader, name);
}

Class *loader_find_boot(Thread *t, const char *name)
{
    name = sym_intern(name);
    if (name[0] == '[') return load_array(t, NULL, name, false);
    return boot_load(t, name, false);
}

Class *loader_find_loaded(Object *loader, const char *name)
{
    const char *s = sym_lookup(name, strlen(name));
    if (s == NULL) return NULL;
    os_mutex_lock(&table_lock);
    Entry *e = table_find(loader, s);
    Class *c = e ? e->klass : NULL;
    os_mutex_unlock(&table_lock);
    return c;
}

/* An array class is published (component->array_class, the class list) before its
 * mirror exists, because making the mirror allocates and may collect. A thread that finds
 * it without a mirror must not hand it out: it waits for the thread making the mirror
 * (recorded in init_thread, which array classes do not use otherwise), or makes it itself
 * if that thread failed (OutOfMemoryError). */
static bool ensure_array_mirror(Thread *t, Class *c)
{
    os_mutex_lock(&table_lock);
    for (;;) {
        if (c->mirror != NULL) {
            os_mutex_unlock(&table_lock);
            return true;
        }
        if (c->init_thread == NULL) break;
        thread_cond_wait_safe(t, &table_cond, &table_lock);
    }
    c->init_thread = t;
    os_mutex_unlock(&table_lock);
    bool ok = class_make_mirror(t, c);
    os_mutex_lock(&table_lock);
    c->init_thread = NULL;
    os_cond_broadcast(&table_cond);
    os_mutex_unlock(&table_lock);
    return ok;
}

Class *loader_array_of(Thread *t, Class *component)
{
    Class *ac = atomic_load_explicit(&component->array_class, memory_order_acquire);
    if (ac) {
        if (__atomic_load_n(&ac->mirror, __ATOMIC_ACQUIRE) != NULL) return ac;
        return ensure_array_mirror(t, ac) ? ac : NULL;
    }
    if (component->elem_type == BT_VOID && class_is_primitive(component)) {
        exc_throw(t, "java/lang/NoClassDefFoundError", "[V");
        return NULL;
    }
    if (component->dims >= 255) {
        exc_throw(t, "java/lang/IllegalArgumentException", "array dimension exceeds 255");
        return NULL;
    }
    Class *c = class_create_array(t, component);
    Class *expected = NULL;
    os_mutex_lock(&table_lock);
    if (!atomic_compare_exchange_strong(&component->array_class, &expected, c)) {
        os_mutex_unlock(&table_lock);
        class_free(c);
        return ensure_array_mirror(t, expected) ? expected : NULL;
    }
    os_mutex_unlock(&table_lock);
    atomic_store(&c->state, CLASS_INITIALIZED);
    add_to_list(c);
    if (!ensure_array_mirror(t, c)) return NULL;
    return c;
}

Class *loader_primitive(BasicType bt)
{
    if ((int)bt < 0 || (int)bt >= (int)ARRAY_LEN(primitives)) return NULL;
    return primitives[bt];
}

Class *loader_primitive_by_name(const char *name)
{
    static const BasicType all[] = {BT_BOOLEAN, BT_CHAR, BT_FLOAT, BT_DOUBLE, BT_BYTE,
                                    BT_SHORT,   BT_INT,  BT_LONG,  BT_VOID};
    for (size_t i = 0; i < ARRAY_LEN(all); i++)
        if (primitives[all[i]] && strcmp(primitives[all[i]]->name, name) == 0) return primitives[all[i]];
    return NULL;
}

/* Creates the nine primitive classes; their mirrors follow when java.lang.Class links. */
void loader_create_primitives(Thread *t)
{
    static const BasicType all[] = {BT_BOOLEAN, BT_CHAR, BT_FLOAT, BT_DOUBLE, BT_BYTE,
                                    BT_SHORT,   BT_INT,  BT_LONG,  BT_VOID};
    for (size_t i = 0; i < ARRAY_LEN(all); i++) {
        primitives[all[i]] = class_create_primitive(all[i]);
        class_make_mirror(t, primitives[all[i]]);
    }
}

/* ------------------------------------------------------------------------------------ */
/* Iteration and roots                                                                  */
/* ------------------------------------------------------------------------------------ */

void loader_for_each_class(void (*fn)(Class *c, void *arg), void *arg)
{
    os_mutex_lock(&table_lock);
    Class *last = last_loaded;
    Class *c = first_loaded;
    os_mutex_unlock(&table_lock);
    /* Between safepoints the list only grows: walking up to the tail seen above is safe
     * without the lock, as long as fn does not reach a safepoint (where the collector
     * may unlink unloaded classes). */
    while (c) {
        Class *next = c == last ? NULL : c->next_loaded;
        fn(c, arg);
        c = next;
    }
}

int loader_class_count(void) { return loaded_count; }

void loader_stats(LoaderStats *s)
{
    s->unloaded_classes = atomic_load_explicit(&unloaded_classes, memory_order_relaxed);
    s->loaded_classes = atomic_load_explicit(&loaded_classes, memory_order_relaxed);
    s->loaded_bytes = atomic_load_explicit(&loaded_bytes, memory_order_relaxed);
    s->unloaded_bytes = atomic_load_explicit(&unloaded_bytes, memory_order_relaxed);
    s->time_ns = atomic_load_explicit(&load_time_ns, memory_order_relaxed);
}

void loader_for_each_initiated(Object *loader, void (*fn)(Class *c, void *arg), void *arg)
{
    os_mutex_lock(&table_lock);
    for (size_t b = 0; b < bucket_count; b++)
        for (Entry *e = buckets[b]; e; e = e->next)
            if (e->loader == loader && e->klass != NULL) fn(e->klass, arg); /* skip placeholders */
    os_mutex_unlock(&table_lock);
}

/* ------------------------------------------------------------------------------------ */
/* The collector's view (at a safepoint; table_lock is never held across one, so the    */
/* tables are read and changed here without it)                                         */
/* ------------------------------------------------------------------------------------ */

/* The class whose loader decides c's liveness: an array's element class, else c. NULL if
 * c's liveness is its mirror's alone (a hidden class not defined strongly, an array of
 * one) or it is always live (primitive arrays: kept by the primitive classes). */
static Class *owner_of(Class *c)
{
    Class *e = class_is_array(c) ? c->element : c;
    if (class_is_primitive(e)) return NULL;
    if ((e->flags & CLASS_F_HIDDEN) && !(e->flags & CLASS_F_HIDDEN_STRONG)) return NULL;
    return e;
}

void loader_visit_roots(RootVisitor *v)
{
    for (size_t i = 0; i < ARRAY_LEN(primitives); i++)
        if (primitives[i]) class_visit_refs(primitives[i], v);
    for (Class *c = first_loaded; c; c = c->next_loaded) {
        if (c->mirror == NULL) {
            /* Still being defined, or its preparation failed: never unloaded. */
            class_visit_refs(c, v);
            continue;
        }
        Class *o = owner_of(c);
        if (o != NULL && o->loader == NULL) v->visit(v, &c->mirror, ROOT_CLASS);
    }
}

bool loader_visit_live_classes(bool (*marked)(const Object *o), RootVisitor *v)
{
    bool more = false;
    for (Class *c = first_loaded; c; c = c->next_loaded) {
        if (c->mirror == NULL || marked(c->mirror)) continue;
        Class *o = owner_of(c);
        if (o != NULL && o->loader != NULL && marked(o->loader)) {
            v->visit(v, &c->mirror, ROOT_CLASS);
            more = true;
        }
    }
    /* Initiating-loader entries: a live loader keeps what it resolved through others. */
    for (size_t b = 0; b < bucket_count; b++) {
        for (Entry *e = buckets[b]; e; e = e->next) {
            Class *k = e->klass;
            if (e->loader == NULL || k == NULL || k->mirror == NULL || marked(k->mirror)) continue;
            if (marked(e->loader)) {
                v->visit(v, &k->mirror, ROOT_CLASS);
                more = true;
            }
        }
    }
    return more;
}

Class *loader_unlink_dead(bool (*alive)(const Object *o))
{
    Class *dead = NULL, **dead_tail = &dead;
    Class *prev = NULL;
    for (Class *c = first_loaded; c;) {
        Class *next = c->next_loaded;
        if (c->mirror == NULL || alive(c->mirror)) {
            prev = c;
            c = next;
            continue;
        }
        if (prev) prev->next_loaded = next;
        else first_loaded = next;
        if (last_loaded == c) last_loaded = prev;
        loaded_count--;
        if (!class_is_array(c)) atomic_fetch_add_explicit(&unloaded_classes, 1, memory_order_relaxed);
        if (c->cf != NULL) atomic_fetch_add_explicit(&unloaded_bytes, c->cf->length, memory_order_relaxed);
        /* An array class dies with its component, so this only matters if the
         * component somehow lives: it must not point at freed memory. */
        if (c->component != NULL && c->component->mirror != NULL && alive(c->component->mirror)) {
            Class *expect = c;
            atomic_compare_exchange_strong(&c->component->array_class, &expect, NULL);
        }
        c->next_loaded = NULL;
        *dead_tail = c;
        dead_tail = &c->next_loaded;
        c = next;
    }
    for (size_t b = 0; b < bucket_count; b++) {
        for (Entry **p = &buckets[b]; *p;) {
            Entry *e = *p;
            bool gone = (e->loader != NULL && !alive(e->loader)) ||
                        (e->klass != NULL && e->klass->mirror != NULL && !alive(e->klass->mirror));
            if (gone) {
                *p = e->next;
                free(e);
                entry_count--;
            } else {
                p = &e->next;
            }
        }
    }
    return dead;
}

/* Every class, sorted by address, while a collection runs: conservative stack scanning
 * asks whether a word is a Class* (loader_class_at). */
static Class **class_index;
static size_t class_index_count, class_index_cap;

static int by_address(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)*(Class *const *)a, y = (uintptr_t)*(Class *const *)b;
    return x < y ? -1 : x > y;
}

void loader_index_classes(bool on)
{
    class_index_count = 0;
    if (!on) return;
    if ((size_t)loaded_count > class_index_cap) {
        class_index_cap = (size_t)loaded_count * 2;
        class_index = vm_realloc(class_index, class_index_cap * sizeof *class_index);
    }
    size_t n = 0;
    for (Class *c = first_loaded; c && n < class_index_cap; c = c->next_loaded) class_index[n++] = c;
    if (n > 0) qsort(class_index, n, sizeof *class_index, by_address); /* none: index NULL */
    class_index_count = n;
}

Class *loader_class_at(uintptr_t word)
{
    size_t lo = 0, hi = class_index_count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        uintptr_t m = (uintptr_t)class_index[mid];
        if (m == word) return class_index[mid];
        if (m < word) lo = mid + 1;
        else hi = mid;
    }
    return NULL;
}
