// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * module.c — the JVMTI "Module" category: GetAllModules, GetNamedModule, the five
 * AddModule* functions and IsModifiableModule.
 *
 * Queries read the VM's module graph (src/vm/module.h). Updates do not touch it
 * directly: like HotSpot, each AddModule* calls the Java method of
 * jdk.internal.module.Modules that the module system itself uses (addReads, addExports,
 * addOpens, addUses, addProvides). Those keep java.lang.Module's own bookkeeping
 * (reflective exports, the services catalogs of loaders and layers) consistent and reach
 * the VM through Module's natives (JVM_AddReadsModule, JVM_AddModuleExports), so the
 * VM's access checks see the change. An exception thrown by the up-call never reaches
 * the agent: IllegalArgumentException from addExports/addOpens means "package not in
 * the module" (JVMTI_ERROR_ILLEGAL_ARGUMENT); anything else is JVMTI_ERROR_INTERNAL.
 *
 * Package names: GetNamedModule takes the internal form ("java/lang", JVMS 4.2.1), as
 * the spec says; AddModuleExports/AddModuleOpens pass pkg_name to Java unchanged, so
 * there it is the Java form ("java.lang") that Module uses — HotSpot behaves the same.
 *
 * Every module is modifiable (IsModifiableModule answers JNI_TRUE, as HotSpot does), so
 * JVMTI_ERROR_UNMODIFIABLE_MODULE, which the AddModule* functions may return, never is.
 *
 * All functions run in the live phase on an attached thread in TS_JAVA (the generated
 * wrapper did the phase, thread, environment and NULL checks, and saved the caller's
 * pending exception). Module and class arguments arrive unchecked (ptrtype handles):
 * their types are checked here. Arrays handed to the agent come from jvmti_alloc; the
 * module references in them are JNI local references of the calling frame.
 */
#include <stdlib.h>
#include <string.h>

#include "../vm/class.h"
#include "../vm/exception.h"
#include "../vm/interp.h"
#include "../vm/loader.h"
#include "../vm/module.h"
#include "../vm/object.h"
#include "../vm/ref.h"
#include "../vm/string.h"
#include "../vm/sym.h"
#include "../vm/wellknown.h"
#include "gen/jvmti_impl.h"
#include "jvmti_int.h"

/* ------------------------------------------------------------------------------------ */
/* Argument checks                                                                      */
/* ------------------------------------------------------------------------------------ */

/* java.lang.Module is final: an exact class test is the instance test. */
static bool is_module(const Object *o) { return o != NULL && o->klass == wk.Module; }

/* A java.lang.Class of a reference type (HotSpot refuses primitive mirrors too). */
static bool is_reference_class(Object *o)
{
    if (o == NULL || o->klass != wk.Class) return false;
    Class *c = class_from_mirror(o);
    return c != NULL && !class_is_primitive(c);
}

static bool class_or_super_named(const Class *c, const char *name)
{
    for (; c != NULL; c = c->super)
        if (strcmp(c->name, name) == 0) return true;
    return false;
}

/* ------------------------------------------------------------------------------------ */
/* Up-calls into jdk.internal.module.Modules                                            */
/* ------------------------------------------------------------------------------------ */

/*
 * Calls the static method Modules.<name><desc> with args. On an exception, takes it off
 * the thread and answers ILLEGAL_ARGUMENT when it is an IllegalArgumentException and
 * `iae_is_illegal` (the export/open functions: package not in the module), INTERNAL
 * otherwise.
 */
static jvmtiError call_modules(Thread *self, const char *name, const char *desc, Slot *args,
                               bool iae_is_illegal)
{
    static Method *_Atomic cache[8];
    static const char *const names[] = {"addReads", "addExports", "addOpens", "addUses",
                                        "addProvides"};
    size_t slot = 0;
    while (slot < ARRAY_LEN(names) && strcmp(names[slot], name) != 0) slot++;
    Method *m = slot < ARRAY_LEN(names) ? atomic_load_explicit(&cache[slot], memory_order_acquire)
                                        : NULL;
    if (m == NULL) {
        Class *k = loader_load(self, NULL, sym_intern("jdk/internal/module/Modules"));
        if (k == NULL) {
            exc_clear(self);
            return JVMTI_ERROR_INTERNAL;
        }
        m = class_find_declared_method(k, sym_intern(name), sym_intern(desc));
        if (m == NULL || !method_is_static(m)) return JVMTI_ERROR_INTERNAL;
        if (slot < ARRAY_LEN(names)) atomic_store_explicit(&cache[slot], m, memory_order_release);
    }
    if (interp_call(self, m, args, NULL)) return JVMTI_ERROR_NONE;
    Object *e = exc_take(self);
    if (iae_is_illegal && e != NULL &&
        class_or_super_named(e->klass, "java/lang/IllegalArgumentException"))
        return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    return JVMTI_ERROR_INTERNAL;
}

/* AddModuleExports and AddModuleOpens: Modules.addExports/addOpens(Module, String, Module). */
static jvmtiError export_or_open(Thread *self, const char *method, Object *module,
                                 const char *pkg_name, Object *to_module)
{
    if (!is_module(module) || !is_module(to_module)) return JVMTI_ERROR_INVALID_MODULE;
    Object *pkg = str_new_cstr(self, pkg_name);
    if (pkg == NULL) {
        exc_clear(self);
        return JVMTI_ERROR_OUT_OF_MEMORY;
    }
    /* Objects do not move (design.md "Heap"), and the agent's references keep the
     * modules alive across the allocation above. */
    Slot args[3] = {{.l = module}, {.l = pkg}, {.l = to_module}};
    return call_modules(self, method, "(Ljava/lang/Module;Ljava/lang/String;Ljava/lang/Module;)V",
                        args, true);
}

/* ------------------------------------------------------------------------------------ */
/* GetAllModules                                                                        */
/* ------------------------------------------------------------------------------------ */

typedef struct ObjList {
    Object **items;
    int count, cap;
} ObjList;

static bool list_contains(const ObjList *l, const Object *o)
{
    for (int i = l->count - 1; i >= 0; i--)
        if (l->items[i] == o) return true;
    return false;
}

/* Called with the module lock held, or from the class walk: malloc only. */
static void list_add_unique(Object *o, void *arg)
{
    ObjList *l = arg;
    if (o == NULL || list_contains(l, o)) return;
    if (l->count == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 64;
        l->items = vm_realloc(l->items, (size_t)l->cap * sizeof *l->items);
    }
    l->items[l->count++] = o;
}

typedef struct LoaderWalk {
    ObjList loaders;
    Object *last; /* classes come in runs of one loader: skip the search for those */
} LoaderWalk;

static void collect_loader(Class *c, void *arg)
{
    LoaderWalk *w = arg;
    if (c->loader == NULL || c->loader == w->last) return;
    w->last = c->loader;
    list_add_unique(c->loader, &w->loaders);
}

/*
 * JVMTI: GetAllModules. "All modules loaded in the virtual machine, including the unnamed
 * module of each class loader": the named modules of every layer (they are all defined to
 * the VM), and the unnamed modules of the boot loader and of every loader that has
 * defined a class or met the module system — HotSpot's answer, which walks its class
 * loader data graph. Loaders with no class yet have no entry there either.
 */
jvmtiError jvmti_GetAllModules(JvmtiEnv *env, Thread *self, jint *module_count_ptr,
                               jobject **modules_ptr)
{
    (void)env;
    ObjList mods = {0};
    module_for_each(list_add_unique, &mods);
    LoaderWalk walk = {0};
    loader_for_each_class(collect_loader, &walk);
    for (int i = 0; i < walk.loaders.count; i++)
        list_add_unique(FIELD_GET(walk.loaders.items[i], wk_off.ClassLoader_unnamedModule, Object *),
                        &mods);
    free(walk.loaders.items);

    jvmtiError err = JVMTI_ERROR_NONE;
    jobject *out = jvmti_alloc((size_t)(mods.count > 0 ? mods.count : 1) * sizeof(jobject));
    if (out == NULL) {
        err = JVMTI_ERROR_OUT_OF_MEMORY;
        goto done;
    }
    for (int i = 0; i < mods.count; i++) out[i] = ref_new_local(self, mods.items[i]);
    *module_count_ptr = mods.count;
    *modules_ptr = out;
done:
    free(mods.items);
    return err;
}

/* ------------------------------------------------------------------------------------ */
/* GetNamedModule, IsModifiableModule                                                   */
/* ------------------------------------------------------------------------------------ */

/* JVMTI: GetNamedModule. The named module defined to class_loader (NULL: the boot loader)
 * that contains package_name (internal form), else NULL — also for the unnamed package
 * and for packages of the loader's unnamed module. */
jvmtiError jvmti_GetNamedModule(JvmtiEnv *env, Thread *self, Object *class_loader,
                                const char *package_name, jobject *module_ptr)
{
    (void)env;
    if (class_loader != NULL && !obj_instance_of(class_loader, wk.ClassLoader))
        return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    *module_ptr = NULL;
    if (package_name[0] == '\0') return JVMTI_ERROR_NONE;
    /* Package tables are keyed by symbol; a name never interned names no package. */
    const char *pkg = sym_lookup(package_name, strlen(package_name));
    if (pkg == NULL) return JVMTI_ERROR_NONE;
    Object *m = module_of(class_loader, pkg);
    if (m != NULL && FIELD_GET(m, wk_off.Module_name, Object *) != NULL)
        *module_ptr = ref_new_local(self, m);
    return JVMTI_ERROR_NONE;
}

/* JVMTI: IsModifiableModule. Every module can be updated with the AddModule* functions. */
jvmtiError jvmti_IsModifiableModule(JvmtiEnv *env, Thread *self, Object *module,
                                    jboolean *is_modifiable_module_ptr)
{
    (void)env;
    (void)self;
    if (!is_module(module)) return JVMTI_ERROR_INVALID_MODULE;
    *is_modifiable_module_ptr = JNI_TRUE;
    return JVMTI_ERROR_NONE;
}

/* ------------------------------------------------------------------------------------ */
/* AddModuleReads, AddModuleExports, AddModuleOpens, AddModuleUses, AddModuleProvides   */
/* ------------------------------------------------------------------------------------ */

/* JVMTI: AddModuleReads. A no-op for an unnamed `module` (Module.implAddReads). */
jvmtiError jvmti_AddModuleReads(JvmtiEnv *env, Thread *self, Object *module, Object *to_module)
{
    (void)env;
    if (!is_module(module) || !is_module(to_module)) return JVMTI_ERROR_INVALID_MODULE;
    Slot args[2] = {{.l = module}, {.l = to_module}};
    return call_modules(self, "addReads", "(Ljava/lang/Module;Ljava/lang/Module;)V", args, false);
}

/* JVMTI: AddModuleExports. A no-op for unnamed and open modules. */
jvmtiError jvmti_AddModuleExports(JvmtiEnv *env, Thread *self, Object *module,
                                  const char *pkg_name, Object *to_module)
{
    (void)env;
    return export_or_open(self, "addExports", module, pkg_name, to_module);
}

/* JVMTI: AddModuleOpens. A no-op for unnamed and open modules. */
jvmtiError jvmti_AddModuleOpens(JvmtiEnv *env, Thread *self, Object *module,
                                const char *pkg_name, Object *to_module)
{
    (void)env;
    return export_or_open(self, "addOpens", module, pkg_name, to_module);
}

/* JVMTI: AddModuleUses. A no-op for an unnamed module. */
jvmtiError jvmti_AddModuleUses(JvmtiEnv *env, Thread *self, Object *module, Object *service)
{
    (void)env;
    if (!is_module(module)) return JVMTI_ERROR_INVALID_MODULE;
    if (!is_reference_class(service)) return JVMTI_ERROR_INVALID_CLASS;
    Slot args[2] = {{.l = module}, {.l = service}};
    return call_modules(self, "addUses", "(Ljava/lang/Module;Ljava/lang/Class;)V", args, false);
}

/* JVMTI: AddModuleProvides. Updates the services catalog of the module's loader (boot,
 * platform, or a module without a layer) and of its layer, as Modules.addProvides does. */
jvmtiError jvmti_AddModuleProvides(JvmtiEnv *env, Thread *self, Object *module, Object *service,
                                   Object *impl_class)
{
    (void)env;
    if (!is_module(module)) return JVMTI_ERROR_INVALID_MODULE;
    if (!is_reference_class(service) || !is_reference_class(impl_class))
        return JVMTI_ERROR_INVALID_CLASS;
    Slot args[3] = {{.l = module}, {.l = service}, {.l = impl_class}};
    return call_modules(self, "addProvides",
                        "(Ljava/lang/Module;Ljava/lang/Class;Ljava/lang/Class;)V", args, false);
}
