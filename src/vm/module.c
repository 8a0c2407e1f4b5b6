// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * module.c — the VM's module graph: which module each package of each class loader
 * belongs to, and the reads and exports edges between modules (JVM_DefineModule and
 * friends, the module checks of JVMS 5.4.4, and later JVMTI's module functions).
 *
 * Data model (malloc'd; the boot loader's entry lives for ever, another loader's entry
 * with its modules and packages is freed when the collector finds the loader dead,
 * module_purge_dead_loaders):
 *
 *   LoaderEntry   one per class loader seen (NULL = the boot loader, a static entry):
 *                 its unnamed module, its named modules, its package table.
 *   ModuleEntry   one per java.lang.Module the VM knows: a named module defined by
 *                 module_define(), or a loader's unnamed module. Holds its reads edges.
 *   PackageEntry  one per package defined to a named module: its export state.
 *
 * A java.lang.Module object is mapped to its ModuleEntry by identity (objects never move,
 * design.md "Heap"). A Module object the VM has not seen is taken to be its loader's
 * unnamed module, as HotSpot does; ClassLoader.unnamedModule objects are created by Java
 * and never defined to the VM.
 *
 * Locking: one mutex guards everything. It is only held for short, non-allocating
 * stretches in TS_JAVA, never across a safepoint poll, so the collector (which visits the
 * roots at a safepoint) reads the tables without it. Exceptions are thrown after the lock
 * is released because throwing allocates.
 */
#include "module.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "class.h"
#include "exception.h"
#include "loader.h"
#include "object.h"
#include "string.h"
#include "sym.h"
#include "thread.h"
#include "wellknown.h"

typedef struct ModuleEntry ModuleEntry;
typedef struct LoaderEntry LoaderEntry;

struct ModuleEntry {
    Object *module;       /* java.lang.Module; NULL for an unnamed module not yet seen */
    const char *name;     /* symbol, NULL for unnamed modules */
    const char *version;  /* symbol or NULL */
    const char *location; /* symbol or NULL ("jrt:/java.base") */
    LoaderEntry *loader;
    bool is_open;
    bool reads_all_unnamed; /* AddReadsModule(from, null) */
    int read_count, read_cap;
    ModuleEntry **reads;
    ModuleEntry *next; /* the loader's named modules */
};

/* Package export state bits. */
enum {
    PKG_EXPORTED_ALL = 1u << 0,         /* unqualified export */
    PKG_EXPORTED_ALL_UNNAMED = 1u << 1, /* to every unnamed module */
};

typedef struct PackageEntry {
    const char *name; /* symbol, internal form "java/lang" */
    ModuleEntry *module;
    uint32_t export_flags;
    int qual_count, qual_cap;
    ModuleEntry **qualified; /* qualified exports, unless PKG_EXPORTED_ALL */
    struct PackageEntry *next;
} PackageEntry;

struct LoaderEntry {
    Object *loader; /* NULL for the boot loader; not a root (see below) */
    ModuleEntry unnamed;
    ModuleEntry *modules;
    PackageEntry **buckets;
    uint32_t bucket_count, package_count;
    LoaderEntry *next;
};

/* A pointer-keyed open-addressing map (keys are object addresses, never NULL). */
typedef struct PtrMap {
    void **keys;
    void **values;
    uint32_t capacity, count; /* capacity is a power of two or 0 */
} PtrMap;

static OsMutex lock;
static LoaderEntry boot_loader_entry;
static LoaderEntry *loader_list; /* non-boot loaders, for root visiting */
static PtrMap loaders;           /* Object* loader -> LoaderEntry* */
static PtrMap modules_by_object; /* Object* module -> ModuleEntry* */
static ModuleEntry *java_base;
static _Atomic bool java_base_defined;

/* ---- small helpers ---- */

static uint32_t hash_ptr(const void *p)
{
    uint64_t x = (uintptr_t)p;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (uint32_t)x;
}

static void *map_get(const PtrMap *m, const void *key)
{
    if (m->capacity == 0) return NULL;
    uint32_t mask = m->capacity - 1;
    for (uint32_t i = hash_ptr(key) & mask;; i = (i + 1) & mask) {
        if (m->keys[i] == key) return m->values[i];
        if (m->keys[i] == NULL) return NULL;
    }
}

static void map_put(PtrMap *m, void *key, void *value);

static void map_grow(PtrMap *m)
{
    PtrMap old = *m;
    m->capacity = old.capacity ? old.capacity * 2 : 64;
    m->count = 0;
    m->keys = vm_calloc(m->capacity, sizeof(void *));
    m->values = vm_calloc(m->capacity, sizeof(void *));
    for (uint32_t i = 0; i < old.capacity; i++)
        if (old.keys[i] != NULL) map_put(m, old.keys[i], old.values[i]);
    free(old.keys);
    free(old.values);
}

static void map_put(PtrMap *m, void *key, void *value)
{
    if ((m->count + 1) * 4 > m->capacity * 3) map_grow(m);
    uint32_t mask = m->capacity - 1;
    uint32_t i = hash_ptr(key) & mask;
    while (m->keys[i] != NULL && m->keys[i] != key) i = (i + 1) & mask;
    if (m->keys[i] == NULL) m->count++;
    m->keys[i] = key;
    m->values[i] = value;
}

/* Removes key (linear probing: later entries of the cluster move back into the hole). */
static void map_remove(PtrMap *m, const void *key)
{
    if (m->capacity == 0) return;
    uint32_t mask = m->capacity - 1;
    uint32_t i = hash_ptr(key) & mask;
    while (m->keys[i] != key) {
        if (m->keys[i] == NULL) return;
        i = (i + 1) & mask;
    }
    m->keys[i] = NULL;
    m->count--;
    for (uint32_t j = (i + 1) & mask; m->keys[j] != NULL; j = (j + 1) & mask) {
        uint32_t home = hash_ptr(m->keys[j]) & mask;
        /* Move j into the hole at i unless its home lies cyclically in (i, j]. */
        bool stays = i <= j ? (home > i && home <= j) : (home > i || home <= j);
        if (stays) continue;
        m->keys[i] = m->keys[j];
        m->values[i] = m->values[j];
        m->keys[j] = NULL;
        i = j;
    }
}

static Object *module_field(Object *module, uint32_t off)
{
    return FIELD_GET(module, off, Object *);
}

static bool is_module_object(Object *o)
{
    return o != NULL && o->klass == wk.Module; /* java.lang.Module is final */
}

/* ---- loaders ---- */

static void init_loader_entry(LoaderEntry *le, Object *loader)
{
    memset(le, 0, sizeof *le);
    le->loader = loader;
    le->unnamed.loader = le;
    le->bucket_count = 64;
    le->buckets = vm_calloc(le->bucket_count, sizeof(PackageEntry *));
}

/*
 * The collector's view. The boot loader's modules are roots: each of their slots is
 * registered with gc_register_root once (it takes only a leaf spin lock, fine under
 * `lock`), and the boot entry is never freed. Another loader's entry does not keep the
 * loader alive; while the loader lives, its entry keeps the loader's modules alive
 * (module_visit_live_modules, as HotSpot's ModuleEntry handles do), so a module's
 * address stays mapped to its entry; when the loader dies, the entry, its modules and
 * every edge to them go (module_purge_dead_loaders) — a dropped ModuleLayer, or the
 * dynamic modules java.lang.reflect.Proxy defines in a loader, go with their loader.
 */
static void register_boot_roots(LoaderEntry *le)
{
    gc_register_root(&le->unnamed.module);
}

/* The entry of `loader`, created on first use. Lock held. */
static LoaderEntry *loader_entry_locked(Object *loader)
{
    if (loader == NULL) return &boot_loader_entry;
    LoaderEntry *le = map_get(&loaders, loader);
    if (le != NULL) return le;
    le = vm_malloc(sizeof *le);
    init_loader_entry(le, loader);
    /* Java created this loader's unnamed module in the ClassLoader constructor. */
    le->unnamed.module = FIELD_GET(loader, wk_off.ClassLoader_unnamedModule, Object *);
    if (le->unnamed.module != NULL) map_put(&modules_by_object, le->unnamed.module, &le->unnamed);
    le->next = loader_list;
    loader_list = le;
    map_put(&loaders, loader, le);
    return le;
}

static PackageEntry *package_lookup_locked(LoaderEntry *le, const char *pkg)
{
    for (PackageEntry *p = le->buckets[hash_ptr(pkg) & (le->bucket_count - 1)]; p; p = p->next)
        if (p->name == pkg) return p;
    return NULL;
}

static void package_insert_locked(LoaderEntry *le, PackageEntry *pe)
{
    if (le->package_count + 1 > le->bucket_count) {
        uint32_t n = le->bucket_count * 2;
        PackageEntry **nb = vm_calloc(n, sizeof *nb);
        for (uint32_t i = 0; i < le->bucket_count; i++) {
            PackageEntry *p = le->buckets[i];
            while (p != NULL) {
                PackageEntry *next = p->next;
                uint32_t b = hash_ptr(p->name) & (n - 1);
                p->next = nb[b];
                nb[b] = p;
                p = next;
            }
        }
        free(le->buckets);
        le->buckets = nb;
        le->bucket_count = n;
    }
    uint32_t b = hash_ptr(pe->name) & (le->bucket_count - 1);
    pe->next = le->buckets[b];
    le->buckets[b] = pe;
    le->package_count++;
}

static ModuleEntry *named_module_lookup_locked(LoaderEntry *le, const char *name)
{
    for (ModuleEntry *m = le->modules; m; m = m->next)
        if (m->name == name) return m;
    return NULL;
}

/* The ModuleEntry for a java.lang.Module object: a defined named module, a known unnamed
 * module, or else the unnamed module of the object's loader. Lock held. */
static ModuleEntry *entry_of_locked(Object *module)
{
    ModuleEntry *me = map_get(&modules_by_object, module);
    if (me != NULL) return me;
    LoaderEntry *le = loader_entry_locked(module_field(module, wk_off.Module_loader));
    if (le->unnamed.module == NULL) {
        le->unnamed.module = module;
        map_put(&modules_by_object, module, &le->unnamed);
    }
    return &le->unnamed;
}

/* ---- lifecycle ---- */

void module_init(void)
{
    os_mutex_init(&lock);
    init_loader_entry(&boot_loader_entry, NULL);
    register_boot_roots(&boot_loader_entry);
}

bool module_java_base_defined(void)
{
    return atomic_load_explicit(&java_base_defined, memory_order_acquire);
}

/* ---- validation shared by module_define ---- */

/* A package name in internal form: non-empty, no '.', ';' or '[', and '/' only between
 * non-empty segments (HotSpot applies the class-name rules of JVMS 4.2.1). */
static bool valid_package_name(const char *p)
{
    size_t n = strlen(p);
    if (n == 0) return false;
    for (size_t i = 0; i < n; i++) {
        switch (p[i]) {
        case '.':
        case ';':
        case '[': return false;
        case '/':
            if (i == 0 || i + 1 >= n || p[i + 1] == '/') return false;
            break;
        default: break;
        }
    }
    return true;
}

static bool class_or_super_named(Class *c, const char *name)
{
    for (; c != NULL; c = c->super)
        if (strcmp(c->name, name) == 0) return true;
    return false;
}

/* "'app'" or the loader's class name, as HotSpot's loader_name_and_id; malloc'd. */
static char *loader_description(Object *loader)
{
    if (loader == NULL) return vm_strdup("'bootstrap'");
    Object *s = FIELD_GET(loader, wk_off.ClassLoader_nameAndId, Object *);
    if (s != NULL) return str_to_mutf8(s);
    char buf[512];
    class_external_name(loader->klass, buf, sizeof buf);
    return vm_strdup(buf);
}

/* Sets Class.module of every boot class loaded before java.base existed. */
static void patch_to_java_base(Class *c, void *arg)
{
    Object *base = arg;
    if (c->loader != NULL || c->module != NULL) return;
    c->module = base;
    if (c->mirror != NULL) FIELD_SET(c->mirror, wk_off.Class_module, Object *, base);
}

static bool define_java_base(Thread *t, Object *module, const char *version,
                             const char *location, const char *const *packages, int count)
{
    if (module_field(module, wk_off.Module_loader) != NULL) {
        exc_throw(t, "java/lang/IllegalArgumentException",
                  "Class loader must be the boot class loader");
        return false;
    }
    os_mutex_lock(&lock);
    if (java_base != NULL) {
        os_mutex_unlock(&lock);
        exc_throw(t, "java/lang/InternalError", "Module java.base is already defined");
        return false;
    }
    ModuleEntry *me = vm_calloc(1, sizeof *me);
    me->module = module;
    me->name = sym_intern("java.base");
    me->version = version;
    me->location = location;
    me->loader = &boot_loader_entry;
    for (int i = 0; i < count; i++) {
        if (package_lookup_locked(&boot_loader_entry, packages[i]) != NULL) continue;
        PackageEntry *pe = vm_calloc(1, sizeof *pe);
        pe->name = packages[i];
        pe->module = me;
        package_insert_locked(&boot_loader_entry, pe);
    }
    me->next = boot_loader_entry.modules;
    boot_loader_entry.modules = me;
    map_put(&modules_by_object, module, me);
    gc_register_root(&me->module);
    java_base = me;
    atomic_store_explicit(&java_base_defined, true, memory_order_release);
    os_mutex_unlock(&lock);

    /* Classes created from now on get their module from module_of(); those loaded so far
     * (all of them boot classes of java.base, with primitive and array classes) are
     * patched here, as HotSpot's patch_javabase_entries does. A class whose mirror is made
     * between the flag above and this walk already has its module and is left alone. */
    loader_for_each_class(patch_to_java_base, module);
    /* Primitive classes are in no loader list; their mirrors belong to java.base too. */
    static const BasicType prims[] = {BT_BOOLEAN, BT_CHAR, BT_FLOAT, BT_DOUBLE, BT_BYTE,
                                      BT_SHORT,   BT_INT,  BT_LONG,  BT_VOID};
    for (size_t i = 0; i < ARRAY_LEN(prims); i++) {
        Class *p = loader_primitive(prims[i]);
        if (p != NULL) patch_to_java_base(p, module);
    }
    return true;
}

bool module_define(Thread *t, Object *module, bool is_open, const char *name, Object *loader,
                   const char *version, const char *location, const char *const *packages,
                   int package_count)
{
    bool is_base = strcmp(name, "java.base") == 0;
    if (!is_base && loader != NULL &&
        class_or_super_named(loader->klass, "jdk/internal/reflect/DelegatingClassLoader")) {
        exc_throw(t, "java/lang/IllegalArgumentException",
                  "Class loader is an invalid delegating class loader");
        return false;
    }
    /* Only the boot and platform loaders may define packages named java or java/... */
    bool java_allowed =
        loader == NULL ||
        strcmp(loader->klass->name, "jdk/internal/loader/ClassLoaders$PlatformClassLoader") == 0;
    for (int i = 0; i < package_count; i++) {
        const char *p = packages[i];
        if (!valid_package_name(p)) {
            exc_throw(t, "java/lang/IllegalArgumentException",
                      "Invalid package name: %s for module: %s", p, name);
            return false;
        }
        if (!is_base && !java_allowed && strncmp(p, "java", 4) == 0 &&
            (p[4] == '/' || p[4] == '\0')) {
            char *desc = loader_description(loader);
            char *dotted = vm_strdup(p);
            for (char *q = dotted; *q; q++)
                if (*q == '/') *q = '.';
            exc_throw(t, "java/lang/IllegalArgumentException",
                      "Class loader (instance of): %s tried to define prohibited package "
                      "name: %s",
                      desc, dotted);
            free(desc);
            free(dotted);
            return false;
        }
    }
    if (is_base) return define_java_base(t, module, version, location, packages, package_count);

    const char *name_sym = sym_intern(name);
    PackageEntry *existing = NULL;
    bool duplicate_module = false;
    os_mutex_lock(&lock);
    LoaderEntry *le = loader_entry_locked(loader);
    for (int i = 0; i < package_count && existing == NULL; i++)
        existing = package_lookup_locked(le, packages[i]);
    /* A clash caused by the module itself being defined twice reports that instead. */
    if (named_module_lookup_locked(le, name_sym) != NULL) duplicate_module = true;
    if (!duplicate_module && existing == NULL) {
        ModuleEntry *me = vm_calloc(1, sizeof *me);
        me->module = module;
        me->name = name_sym;
        me->version = version;
        me->location = location;
        me->loader = le;
        me->is_open = is_open;
        for (int i = 0; i < package_count; i++) {
            if (package_lookup_locked(le, packages[i]) != NULL) continue; /* listed twice */
            PackageEntry *pe = vm_calloc(1, sizeof *pe);
            pe->name = packages[i];
            pe->module = me;
            package_insert_locked(le, pe);
        }
        me->next = le->modules;
        le->modules = me;
        map_put(&modules_by_object, module, me);
        if (le == &boot_loader_entry) gc_register_root(&me->module);
    }
    /* Copy what the messages need before dropping the lock. */
    const char *dup_pkg = existing != NULL ? existing->name : NULL;
    const char *dup_owner = existing != NULL ? existing->module->name : NULL;
    os_mutex_unlock(&lock);

    if (duplicate_module) {
        exc_throw(t, "java/lang/IllegalStateException", "Module %s is already defined", name);
        return false;
    }
    if (dup_pkg != NULL) {
        if (dup_owner != NULL)
            exc_throw(t, "java/lang/IllegalStateException",
                      "Package %s for module %s is already in another module, %s, defined to "
                      "the class loader",
                      dup_pkg, name, dup_owner);
        else
            exc_throw(t, "java/lang/IllegalStateException",
                      "Package %s for module %s is already in the unnamed module defined to "
                      "the class loader",
                      dup_pkg, name);
        return false;
    }
    return true;
}

bool module_set_boot_unnamed(Thread *t, Object *module)
{
    if (module == NULL) {
        exc_throw(t, "java/lang/NullPointerException", "Null module object");
        return false;
    }
    if (!is_module_object(module)) {
        exc_throw(t, "java/lang/IllegalArgumentException",
                  "module is not an instance of type java.lang.Module");
        return false;
    }
    if (module_field(module, wk_off.Module_name) != NULL) {
        exc_throw(t, "java/lang/IllegalArgumentException",
                  "boot loader's unnamed module's java.lang.Module has a name");
        return false;
    }
    if (module_field(module, wk_off.Module_loader) != NULL) {
        exc_throw(t, "java/lang/IllegalArgumentException",
                  "Class loader must be the boot class loader");
        return false;
    }
    os_mutex_lock(&lock);
    boot_loader_entry.unnamed.module = module;
    map_put(&modules_by_object, module, &boot_loader_entry.unnamed);
    os_mutex_unlock(&lock);
    /* Boot classes of the unnamed package loaded since java.base was defined got no
     * module yet (there was no boot unnamed module); in practice there are none. */
    return true;
}

Object *module_of(Object *loader, const char *package)
{
    if (loader == NULL && !module_java_base_defined()) return NULL;
    Object *result = NULL;
    os_mutex_lock(&lock);
    LoaderEntry *le = loader == NULL ? &boot_loader_entry : map_get(&loaders, loader);
    if (le != NULL && package != NULL && package[0] != '\0') {
        PackageEntry *pe = package_lookup_locked(le, package);
        if (pe != NULL) result = pe->module->module;
    }
    if (result == NULL && le != NULL) result = le->unnamed.module;
    os_mutex_unlock(&lock);
    if (result == NULL && loader != NULL)
        result = FIELD_GET(loader, wk_off.ClassLoader_unnamedModule, Object *);
    return result;
}

/* ---- reads and exports ---- */

static void append_module(ModuleEntry ***arr, int *count, int *cap, ModuleEntry *m)
{
    for (int i = 0; i < *count; i++)
        if ((*arr)[i] == m) return;
    if (*count == *cap) {
        *cap = *cap ? *cap * 2 : 4;
        *arr = vm_realloc(*arr, (size_t)*cap * sizeof **arr);
    }
    (*arr)[(*count)++] = m;
}

bool module_add_reads(Thread *t, Object *from, Object *to)
{
    if (from == NULL) {
        exc_throw(t, "java/lang/NullPointerException", "from_module is null");
        return false;
    }
    if (!is_module_object(from) || (to != NULL && !is_module_object(to))) {
        exc_throw(t, "java/lang/IllegalArgumentException",
                  "module is not an instance of type java.lang.Module");
        return false;
    }
    os_mutex_lock(&lock);
    ModuleEntry *f = entry_of_locked(from);
    ModuleEntry *m = to == NULL ? NULL : entry_of_locked(to);
    /* An unnamed module reads every module already; reading oneself is implied. */
    if (f->name != NULL && f != m) {
        if (m == NULL)
            f->reads_all_unnamed = true;
        else
            append_module(&f->reads, &f->read_count, &f->read_cap, m);
    }
    os_mutex_unlock(&lock);
    return true;
}

bool module_add_exports(Thread *t, Object *from, const char *package, Object *to,
                        bool all_unnamed)
{
    if (!is_module_object(from) || (to != NULL && !is_module_object(to))) {
        exc_throw(t, "java/lang/IllegalArgumentException",
                  "module is not an instance of type java.lang.Module");
        return false;
    }
    os_mutex_lock(&lock);
    ModuleEntry *f = entry_of_locked(from);
    /* Every package of an unnamed or open module is exported already. */
    if (f->name == NULL || f->is_open) {
        os_mutex_unlock(&lock);
        return true;
    }
    ModuleEntry *m = to == NULL ? NULL : entry_of_locked(to);
    PackageEntry *pe = package_lookup_locked(f->loader, package);
    if (pe != NULL && pe->module != f) pe = NULL;
    if (pe != NULL && f != m) {
        if (all_unnamed) {
            pe->export_flags |= PKG_EXPORTED_ALL_UNNAMED;
        } else if (m == NULL) {
            pe->export_flags |= PKG_EXPORTED_ALL;
            free(pe->qualified); /* an unqualified export subsumes qualified ones */
            pe->qualified = NULL;
            pe->qual_count = pe->qual_cap = 0;
        } else if (!(pe->export_flags & PKG_EXPORTED_ALL)) {
            append_module(&pe->qualified, &pe->qual_count, &pe->qual_cap, m);
        }
    }
    const char *fname = f->name;
    os_mutex_unlock(&lock);
    if (pe == NULL) {
        exc_throw(t, "java/lang/IllegalArgumentException",
                  all_unnamed ? "Package %s not found in module %s"
                              : "Package %s not found in from_module %s",
                  package, fname);
        return false;
    }
    return true;
}

bool module_is_exported(Object *from, const char *pkg, Object *to)
{
    bool result = false;
    os_mutex_lock(&lock);
    ModuleEntry *f = entry_of_locked(from);
    if (f->name == NULL || f->is_open) {
        result = true;
    } else {
        PackageEntry *pe = package_lookup_locked(f->loader, pkg);
        if (pe != NULL && pe->module == f) {
            ModuleEntry *m = to == NULL ? NULL : entry_of_locked(to);
            if (pe->export_flags & PKG_EXPORTED_ALL)
                result = true;
            else if (m == f)
                result = true;
            else if (m != NULL && m->name == NULL && (pe->export_flags & PKG_EXPORTED_ALL_UNNAMED))
                result = true;
            else
                for (int i = 0; i < pe->qual_count && !result; i++)
                    if (pe->qualified[i] == m) result = true;
        }
    }
    os_mutex_unlock(&lock);
    return result;
}

const char *module_version(Object *module)
{
    if (module == NULL) return NULL;
    os_mutex_lock(&lock);
    ModuleEntry *me = map_get(&modules_by_object, module);
    const char *v = me != NULL ? me->version : NULL;
    os_mutex_unlock(&lock);
    return v;
}

/* HotSpot's ModuleEntry::can_read. Lock held. */
static bool can_read_locked(const ModuleEntry *f, const ModuleEntry *m)
{
    if (f->name == NULL || f == m || m == java_base) return true;
    for (int i = 0; i < f->read_count; i++)
        if (f->reads[i] == m) return true;
    return false;
}

bool module_can_read(Object *from, Object *to)
{
    os_mutex_lock(&lock);
    ModuleEntry *f = entry_of_locked(from);
    ModuleEntry *m = entry_of_locked(to);
    bool result = can_read_locked(f, m) || (m->name == NULL && f->reads_all_unnamed);
    os_mutex_unlock(&lock);
    return result;
}

ModuleAccess module_access(Object *from, Object *to, const char *pkg)
{
    if (from == NULL || to == NULL || from == to) return MODULE_ACCESS_OK;
    ModuleAccess result = MODULE_ACCESS_OK;
    os_mutex_lock(&lock);
    ModuleEntry *f = entry_of_locked(from);
    ModuleEntry *m = entry_of_locked(to);
    if (f == m) goto out;
    /* Types of unnamed modules: readable is enough (unnamed modules export everything). */
    if (m->name == NULL && (f->reads_all_unnamed || can_read_locked(f, m))) goto out;
    if (!can_read_locked(f, m)) {
        result = MODULE_NOT_READABLE;
        goto out;
    }
    if (m->is_open) goto out;
    PackageEntry *pe = package_lookup_locked(m->loader, pkg);
    if (pe == NULL || pe->module != m) {
        result = MODULE_NOT_EXPORTED;
        goto out;
    }
    if (pe->export_flags & PKG_EXPORTED_ALL) goto out;
    if (f->name == NULL && (pe->export_flags & PKG_EXPORTED_ALL_UNNAMED)) goto out;
    result = MODULE_NOT_EXPORTED;
    for (int i = 0; i < pe->qual_count; i++)
        if (pe->qualified[i] == f) result = MODULE_ACCESS_OK;
out:
    os_mutex_unlock(&lock);
    return result;
}

/* "m2" or, for an unnamed module, "unnamed module @0x1b6d3586" / "@0x..." forms. */
static const char *module_label(Thread *t, Object *module, char *buf, size_t n, bool *named)
{
    Object *name = module != NULL ? FIELD_GET(module, wk_off.Module_name, Object *) : NULL;
    *named = name != NULL;
    if (name != NULL) {
        char *s = str_to_mutf8(name);
        snprintf(buf, n, "%s", s);
        free(s);
    } else {
        uint32_t h = module != NULL ? (uint32_t)obj_identity_hash(t, module) : 0;
        snprintf(buf, n, "@0x%x", h);
    }
    return buf;
}

void module_access_message(Thread *t, const Class *from, const Class *to, ModuleAccess why,
                           char *buf, size_t size)
{
    char from_name[512], to_name[512], mf[256], mt[256], pkg[512];
    class_external_name(from, from_name, sizeof from_name);
    class_external_name(to, to_name, sizeof to_name);
    bool from_named, to_named;
    module_label(t, from->module, mf, sizeof mf, &from_named);
    module_label(t, to->module, mt, sizeof mt, &to_named);
    size_t k = 0;
    for (const char *p = to->package != NULL ? to->package : ""; *p && k + 1 < sizeof pkg; p++)
        pkg[k++] = *p == '/' ? '.' : *p;
    pkg[k] = '\0';
    if (why == MODULE_NOT_READABLE) {
        if (to_named)
            snprintf(buf, size,
                     "class %s (in module %s) cannot access class %s (in module %s) because "
                     "module %s does not read module %s",
                     from_name, mf, to_name, mt, mf, mt);
        else
            snprintf(buf, size,
                     "class %s (in module %s) cannot access class %s (in unnamed module %s) "
                     "because module %s does not read unnamed module %s",
                     from_name, mf, to_name, mt, mf, mt);
    } else if (from_named) {
        snprintf(buf, size,
                 "class %s (in module %s) cannot access class %s (in module %s) because module "
                 "%s does not export %s to module %s",
                 from_name, mf, to_name, mt, mt, pkg, mf);
    } else {
        snprintf(buf, size,
                 "class %s (in unnamed module %s) cannot access class %s (in module %s) because "
                 "module %s does not export %s to unnamed module %s",
                 from_name, mf, to_name, mt, mt, pkg, mf);
    }
}

/* ---- the boot loader's packages ---- */

const char *module_boot_module_of(const char *pkg)
{
    const char *name = NULL;
    os_mutex_lock(&lock);
    PackageEntry *pe = package_lookup_locked(&boot_loader_entry, pkg);
    if (pe != NULL) name = pe->module->name;
    os_mutex_unlock(&lock);
    return name;
}

int module_boot_packages(const char ***out) { return loader_boot_packages(out); }

const char *module_boot_package_location(const char *pkg)
{
    const char *path;
    if (pkg[0] == '\0' || !loader_boot_package_loaded(pkg, &path)) return NULL;
    const char *sym = sym_lookup(pkg, strlen(pkg)); /* exists: the package was noted */
    const char *location = NULL;
    os_mutex_lock(&lock);
    PackageEntry *pe = package_lookup_locked(&boot_loader_entry, sym);
    if (pe != NULL) location = pe->module->location;
    os_mutex_unlock(&lock);
    /* HotSpot: the module's location if it has one, else the append entry's path. */
    return location != NULL ? location : path;
}

/* ---- enumeration (JVMTI GetAllModules) ---- */

static void each_of_loader(LoaderEntry *le, void (*fn)(Object *, void *), void *arg)
{
    if (le->unnamed.module != NULL) fn(le->unnamed.module, arg);
    for (ModuleEntry *m = le->modules; m; m = m->next)
        if (m->module != NULL) fn(m->module, arg);
}

void module_for_each(void (*fn)(Object *module, void *arg), void *arg)
{
    os_mutex_lock(&lock);
    each_of_loader(&boot_loader_entry, fn, arg);
    for (LoaderEntry *le = loader_list; le; le = le->next) each_of_loader(le, fn, arg);
    os_mutex_unlock(&lock);
}

/* ---- collector ---- */

/* Drops `dying` from a list of modules (reads edges, qualified exports). */
static void scrub_list(ModuleEntry **list, int *count, const ModuleEntry *dying)
{
    int k = 0;
    for (int i = 0; i < *count; i++)
        if (list[i] != dying) list[k++] = list[i];
    *count = k;
}

/* Removes every edge to `dying` from the modules and packages of every loader. */
static void scrub_module(const ModuleEntry *dying)
{
    for (LoaderEntry *le = &boot_loader_entry; le != NULL; le = le == &boot_loader_entry ? loader_list : le->next) {
        scrub_list(le->unnamed.reads, &le->unnamed.read_count, dying);
        for (ModuleEntry *m = le->modules; m; m = m->next) scrub_list(m->reads, &m->read_count, dying);
        for (uint32_t b = 0; b < le->bucket_count; b++)
            for (PackageEntry *p = le->buckets[b]; p; p = p->next)
                scrub_list(p->qualified, &p->qual_count, dying);
    }
}

static void free_loader_entry(LoaderEntry *le)
{
    for (uint32_t b = 0; b < le->bucket_count; b++) {
        for (PackageEntry *p = le->buckets[b], *next; p; p = next) {
            next = p->next;
            free(p->qualified);
            free(p);
        }
    }
    for (ModuleEntry *m = le->modules, *next; m; m = next) {
        next = m->next;
        free(m->reads);
        free(m);
    }
    free(le->buckets);
    free(le->unnamed.reads);
    free(le);
}

bool module_visit_live_modules(bool (*marked)(const Object *o), RootVisitor *v)
{
    /* At a safepoint: no mutator holds `lock` (never held across a poll). */
    bool more = false;
    for (LoaderEntry *le = loader_list; le; le = le->next) {
        if (!marked(le->loader)) continue;
        for (ModuleEntry *m = le->modules; m; m = m->next) {
            if (m->module != NULL && !marked(m->module)) {
                v->visit(v, &m->module, ROOT_OTHER);
                more = true;
            }
        }
        if (le->unnamed.module != NULL && !marked(le->unnamed.module)) {
            v->visit(v, &le->unnamed.module, ROOT_OTHER);
            more = true;
        }
    }
    return more;
}

void module_purge_dead_loaders(bool (*alive)(const Object *o))
{
    /* At a safepoint: no mutator holds `lock` (never held across a poll). */
    LoaderEntry *dead = NULL;
    for (LoaderEntry **p = &loader_list; *p;) {
        LoaderEntry *le = *p;
        if (alive(le->loader)) {
            p = &le->next;
            continue;
        }
        *p = le->next;
        map_remove(&loaders, le->loader);
        if (le->unnamed.module != NULL) map_remove(&modules_by_object, le->unnamed.module);
        for (ModuleEntry *m = le->modules; m; m = m->next)
            if (m->module != NULL) map_remove(&modules_by_object, m->module);
        le->next = dead;
        dead = le;
    }
    for (LoaderEntry *le = dead; le; le = le->next) {
        scrub_module(&le->unnamed);
        for (ModuleEntry *m = le->modules; m; m = m->next) scrub_module(m);
    }
    for (LoaderEntry *le = dead, *next; le; le = next) {
        next = le->next;
        free_loader_entry(le);
    }
}

static void visit_module(RootVisitor *v, ModuleEntry *m)
{
    if (m->module != NULL) v->visit(v, &m->module, ROOT_OTHER);
}

static void visit_loader(RootVisitor *v, LoaderEntry *le)
{
    if (le->loader != NULL) v->visit(v, &le->loader, ROOT_OTHER);
    visit_module(v, &le->unnamed);
    for (ModuleEntry *m = le->modules; m; m = m->next) visit_module(v, m);
}

/* The boot loader's module slots (the roots gc_register_root already reports); for
 * visitors other than the collector's marker (heap walkers of the tool interfaces). */
void module_visit_roots(RootVisitor *v)
{
    /* At a safepoint: no mutator holds `lock` (it is never held across a poll). */
    visit_loader(v, &boot_loader_entry);
}
