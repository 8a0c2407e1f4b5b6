// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * class.c — Class, Method and Field records; linking (JVMS 5.4) and initialization (5.5).
 *
 * Records are built from a parsed ClassFile, which the Class then owns: method code,
 * tables and raw attributes stay in the ClassFile and Method/Field point at them.
 *
 * Linking computes the instance layout (superclass fields first, then references, then
 * 8/4/2/1-byte fields with small fields filling alignment gaps), the vtable (superclass
 * slots, overrides per JVMS 5.4.5, new slots appended), the itable (every superinterface,
 * transitively, with the method each interface method selects in this class), and the
 * mirror: a java.lang.Class object followed by one hidden word (this Class*) and the static
 * fields. Mirrors can only exist once java.lang.Class itself is linked; classes linked
 * before that (Object and Class's supertypes, during bootstrap) are queued and get their
 * mirrors when Class links.
 *
 * Locking: linking and initialization state changes happen under `init_lock`; waiting for
 * another thread's initialization is a blocked (collector-safe) wait on `init_cond`.
 */
#include "class.h"
#include "verify.h"

#include "../jvmti/jvmti_vm.h" /* ClassPrepare */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exception.h"
#include "idspace.h"
#include "interp.h"
#include "loader.h"
#include "mh.h"
#include "module.h"
#include "native.h"
#include "object.h"
#include "oopmap.h"
#include "options.h"
#include "redefine.h"
#include "resolve.h"
#include "string.h"
#include "sym.h"
#include "thread.h"
#include "wellknown.h"

static OsMutex init_lock;
/* Statistics for ClassLoadingMXBean's HotSpot extras (class_link_stats): <clinit>s run,
 * ns in the outermost <clinit> of each thread (nested ones are inside it, as HotSpot's
 * PerfClassTraceTime counts them), ns in outermost verifications. */
static _Atomic uint64_t clinits_run, clinit_ns, verify_ns;
static _Thread_local int clinit_depth, verify_depth;
static OsCond init_cond;
static bool class_module_ready;

/* Bytes from the start of a mirror to the hidden Class* word; statics follow it. 0 until
 * java.lang.Class is linked. */
static uint32_t mirror_klass_offset;
/* Classes linked before java.lang.Class, waiting for their mirrors. */
static Class **deferred_mirrors;
static int deferred_count, deferred_cap;

static void class_module_init(void)
{
    if (class_module_ready) return;
    os_mutex_init(&init_lock);
    os_cond_init(&init_cond);
    class_module_ready = true;
}

Class *class_from_mirror(Object *mirror)
{
    if (mirror == NULL) return NULL;
    return FIELD_GET(mirror, mirror_klass_offset, Class *);
}

/* ------------------------------------------------------------------------------------ */
/* Annotations the VM honours on privileged code                                        */
/* ------------------------------------------------------------------------------------ */

static const uint8_t *skip_element_value(const uint8_t *p, const uint8_t *end);

static const uint8_t *skip_annotation(const uint8_t *p, const uint8_t *end)
{
    if (p + 4 > end) return NULL;
    int pairs = (p[2] << 8) | p[3];
    p += 4;
    for (int i = 0; i < pairs && p; i++) {
        if (p + 2 > end) return NULL;
        p = skip_element_value(p + 2, end);
    }
    return p;
}

static const uint8_t *skip_element_value(const uint8_t *p, const uint8_t *end)
{
    if (p + 1 > end) return NULL;
    switch (*p++) {
    case 'B': case 'C': case 'D': case 'F': case 'I': case 'J': case 'S': case 'Z':
    case 's': case 'c':
        return p + 2 <= end ? p + 2 : NULL;
    case 'e':
        return p + 4 <= end ? p + 4 : NULL;
    case '@':
        return skip_annotation(p, end);
    case '[': {
        if (p + 2 > end) return NULL;
        int n = (p[0] << 8) | p[1];
        p += 2;
        for (int i = 0; i < n && p; i++) p = skip_element_value(p, end);
        return p;
    }
    default:
        return NULL;
    }
}

/* Calls fn with the type descriptor of every annotation in a RuntimeVisibleAnnotations
 * body. Malformed bodies are ignored (the parser only checked the length). */
static void for_each_annotation(const ClassFile *cf, CfBytes raw, void (*fn)(const char *, void *),
                                void *arg)
{
    if (raw.data == NULL || raw.len < 2) return;
    const uint8_t *p = raw.data, *end = raw.data + raw.len;
    int n = (p[0] << 8) | p[1];
    p += 2;
    for (int i = 0; i < n && p && p + 2 <= end; i++) {
        int type_index = (p[0] << 8) | p[1];
        if (type_index > 0 && type_index < cf->cp_count && cf->cp_tags[type_index] == CONSTANT_Utf8)
            fn(cf_utf8(cf, (uint16_t)type_index), arg);
        p = skip_annotation(p, end);
    }
}

static void method_annotation(const char *type, void *arg)
{
    Method *m = arg;
    if (strcmp(type, "Ljdk/internal/reflect/CallerSensitive;") == 0)
        m->flags |= METHOD_F_CALLER_SENSITIVE;
    else if (strcmp(type, "Ljava/lang/invoke/LambdaForm$Hidden;") == 0 ||
             strcmp(type, "Ljdk/internal/vm/annotation/Hidden;") == 0)
        m->flags |= METHOD_F_HIDDEN;
    else if (strcmp(type, "Ljdk/internal/vm/annotation/ForceInline;") == 0)
        m->flags |= METHOD_F_FORCE_INLINE;
    else if (strcmp(type, "Ljdk/internal/vm/annotation/DontInline;") == 0)
        m->flags |= METHOD_F_DONT_INLINE;
}

static void class_annotation(const char *type, void *arg)
{
    Class *c = arg;
    if (strcmp(type, "Ljdk/internal/ValueBased;") == 0) c->flags |= CLASS_F_VALUE_BASED;
}

/* ------------------------------------------------------------------------------------ */
/* Creating records                                                                     */
/* ------------------------------------------------------------------------------------ */

static BasicType desc_return_type(const char *desc)
{
    const char *r = strchr(desc, ')');
    return r ? bt_from_char(r[1]) : BT_ILLEGAL;
}

static bool is_sigpoly(const Class *c, const CfMethod *cm)
{
    if (c->name != sym.java_lang_invoke_MethodHandle && c->name != sym.java_lang_invoke_VarHandle)
        return false;
    if ((cm->access & (ACC_NATIVE | ACC_VARARGS)) != (ACC_NATIVE | ACC_VARARGS)) return false;
    return strncmp(cm->desc, "([Ljava/lang/Object;)", 21) == 0;
}

static int sigpoly_intrinsic(const char *name)
{
    if (strcmp(name, "invokeBasic") == 0) return INTRINSIC_INVOKE_BASIC;
    if (strcmp(name, "linkToVirtual") == 0) return INTRINSIC_LINK_TO_VIRTUAL;
    if (strcmp(name, "linkToStatic") == 0) return INTRINSIC_LINK_TO_STATIC;
    if (strcmp(name, "linkToSpecial") == 0) return INTRINSIC_LINK_TO_SPECIAL;
    if (strcmp(name, "linkToInterface") == 0) return INTRINSIC_LINK_TO_INTERFACE;
    if (strcmp(name, "linkToNative") == 0) return INTRINSIC_LINK_TO_NATIVE;
    return INTRINSIC_INVOKE_GENERIC;
}

static bool is_empty_body(const CfCode *code)
{
    return code != NULL && code->code_length == 1 && code->code[0] == 0xb1; /* return */
}

static void init_method(Class *c, Method *m, const CfMethod *cm, uint16_t index, bool privileged)
{
    m->clazz = c;
    m->name = cm->name;
    m->desc = cm->desc;
    m->signature = cm->signature;
    m->access = cm->access;
    m->index = index;
    m->cf = cm;
    m->vtable_index = METHOD_NO_VTABLE;
    m->ret_type = desc_return_type(cm->desc);
    m->arg_slots = (uint16_t)(cm->arg_slots + ((cm->access & ACC_STATIC) ? 0 : 1));
    if (cm->code) {
        m->max_stack = cm->code->max_stack;
        m->max_locals = cm->code->max_locals;
        m->code_length = cm->code->code_length;
        m->code = vm_malloc(m->code_length);
        memcpy(m->code, cm->code->code, m->code_length);
        m->flags |= METHOD_F_UNFUSED; /* the interpreter's superinstructions, at the first call */
        if (is_empty_body(cm->code)) m->flags |= METHOD_F_EMPTY;
    } else {
        /* Natives keep their arguments in their frame's locals. */
        m->max_locals = m->arg_slots;
    }
    if (privileged) for_each_annotation(c->cf, cm->annotations, method_annotation, m);
    if (is_sigpoly(c, cm)) {
        m->flags |= METHOD_F_SIGPOLY;
        m->intrinsic = sigpoly_intrinsic(cm->name);
    }
    if (cm->access & ACC_NATIVE) {
        m->vm_native = native_find_vm(c->name, m->name, m->desc);
        if (c->loader == NULL) m->leaf = native_find_vm_leaf(c->name, m->name, m->desc);
        if (m->leaf != NULL) m->flags |= METHOD_F_LEAF;
        if (m->leaf != NULL) native_set_vm_typed_leaf(m);
    } else if (privileged && c->loader == NULL && cm->code != NULL) {
        m->leaf = native_find_vm_leaf(c->name, m->name, m->desc);
        if (m->leaf != NULL) m->flags |= METHOD_F_LEAF;
        if (m->leaf != NULL) native_set_vm_typed_leaf(m);
        /* A Java method the VM computes itself (natives_math.c): the body is not run.
         * The original code stays in cf for tools. */
        VMNative fn = native_find_vm(c->name, m->name, m->desc);
        if (fn != NULL) {
            m->vm_native = fn;
            m->flags |= METHOD_F_INTRINSIC;
            free(m->code);
            m->code = NULL;
            m->code_length = 0;
            m->max_locals = m->arg_slots;
            m->max_stack = 0;
        }
    }
}

static void init_field(Class *c, Field *f, const CfField *cfld, uint16_t index)
{
    f->clazz = c;
    f->name = cfld->name;
    f->desc = cfld->desc;
    f->signature = cfld->signature;
    f->access = cfld->access;
    f->index = index;
    f->cf = cfld;
    f->type = bt_from_char(cfld->desc[0]);
}

static RefKind ref_kind_of(const char *name)
{
    if (strcmp(name, "java/lang/ref/Reference") == 0) return REF_OTHER;
    if (strcmp(name, "java/lang/ref/SoftReference") == 0) return REF_SOFT;
    if (strcmp(name, "java/lang/ref/WeakReference") == 0) return REF_WEAK;
    if (strcmp(name, "java/lang/ref/FinalReference") == 0) return REF_FINAL;
    if (strcmp(name, "java/lang/ref/PhantomReference") == 0) return REF_PHANTOM;
    return REF_NONE;
}

static void set_inner_access(Class *c)
{
    const ClassFile *cf = c->cf;
    c->inner_access = c->access;
    for (int i = 0; i < cf->inner_class_count; i++) {
        const CfInnerClass *ic = &cf->inner_classes[i];
        if (ic->inner_class != 0 && cf_class_name(cf, ic->inner_class) == c->name) {
            c->inner_access = ic->access;
            break;
        }
    }
}

/* JVMS 5.3.5 step 4 for sealed supertypes (JVMS 4.7.31): c may extend or implement s only
 * if s lists c in its PermittedSubclasses and both are in the same module (the same
 * runtime package too, when c is not public), as HotSpot's has_as_permitted_subclass. */
static bool permitted_subclass(const Class *s, const Class *c)
{
    const ClassFile *scf = s->cf;
    if (scf == NULL || !scf->has_permitted_subclasses) return true;
    if (module_of(s->loader, s->package) != module_of(c->loader, c->package)) return false;
    if (!(c->access & ACC_PUBLIC) && !class_same_package(s, c)) return false;
    for (int i = 0; i < scf->permitted_subclass_count; i++)
        if (cf_class_name(scf, scf->permitted_subclasses[i]) == c->name) return true;
    return false;
}

static bool is_platform_loader(const Object *loader)
{
    return loader != NULL &&
           strcmp(loader->klass->name, "jdk/internal/loader/ClassLoaders$PlatformClassLoader") == 0;
}

/* JVMS 5.3.5 step 3-4: the superclass and superinterfaces, with their checks, in
 * HotSpot's order (which decides the error of a class file with several faults): each
 * superinterface is loaded and must be an interface (the parser's parse_interfaces);
 * then the superclass is loaded and must not be an interface; then the package is
 * checked (only the boot and platform loaders may define java/...: a SecurityException,
 * HotSpot's set_package); then the superclass must be neither final nor sealed against
 * c, and accessible, and so must each superinterface. */
static bool load_supertypes(Thread *t, Class *c)
{
    const ClassFile *cf = c->cf;
    char ext[512], sext[512];
    if (cf->super_name == NULL && c->name != sym.java_lang_Object) {
        exc_throw(t, "java/lang/ClassFormatError", "Invalid superclass index 0 in class file %s",
                  c->name);
        return false;
    }
    c->interface_count = cf->interface_count;
    c->interfaces = vm_calloc(cf->interface_count, sizeof(Class *));
    for (int i = 0; i < cf->interface_count; i++) {
        Class *ic = loader_load(t, c->loader, cf_class_name(cf, cf->interfaces[i]));
        if (ic == NULL) return false;
        if (!class_is_interface(ic)) {
            class_external_name(c, ext, sizeof ext);
            class_external_name(ic, sext, sizeof sext);
            char desc[1024];
            exc_describe_class(ic, false, desc, sizeof desc);
            exc_throw(t, "java/lang/IncompatibleClassChangeError",
                      "class %s can not implement %s, because it is not an interface (%s)", ext, sext, desc);
            return false;
        }
        c->interfaces[i] = ic;
    }
    Class *s = NULL;
    if (cf->super_name != NULL) {
        s = loader_load(t, c->loader, cf->super_name);
        if (s == NULL) return false;
        if (class_is_interface(s)) {
            class_external_name(c, ext, sizeof ext);
            class_external_name(s, sext, sizeof sext);
            exc_throw(t, "java/lang/IncompatibleClassChangeError",
                      "class %s has interface %s as super class", ext, sext);
            return false;
        }
    }
    if (c->loader != NULL && !is_platform_loader(c->loader) && strncmp(c->name, "java/", 5) == 0) {
        char who[512], pkg[512];
        exc_describe_loader(c->loader, who, sizeof who);
        size_t k = 0;
        for (const char *p = c->package; *p && k + 1 < sizeof pkg; p++) pkg[k++] = *p == '/' ? '.' : *p;
        pkg[k] = 0;
        exc_throw(t, "java/lang/SecurityException",
                  "Class loader (instance of): %s tried to load prohibited package name: %s", who, pkg);
        return false;
    }
    if (s != NULL) {
        class_external_name(c, ext, sizeof ext);
        class_external_name(s, sext, sizeof sext);
        if (s->access & ACC_FINAL) {
            exc_throw(t, "java/lang/IncompatibleClassChangeError",
                      "class %s cannot inherit from final class %s", ext, sext);
            return false;
        }
        if (!permitted_subclass(s, c)) {
            exc_throw(t, "java/lang/IncompatibleClassChangeError",
                      "class %s cannot inherit from sealed class %s", ext, sext);
            return false;
        }
        /* Generated reflection accessors extend jdk.internal.reflect classes from a
         * DelegatingClassLoader: HotSpot exempts MagicAccessorImpl subclasses. */
        bool magic = wk.MagicAccessorImpl && (s == wk.MagicAccessorImpl ||
                                              class_is_subclass_of(s, wk.MagicAccessorImpl));
        if (!magic && !resolve_class_accessible(c, s)) {
            exc_throw(t, "java/lang/IllegalAccessError",
                      "class %s cannot access its superclass %s", ext, sext);
            return false;
        }
        c->super = s;
    }
    for (int i = 0; i < cf->interface_count; i++) {
        Class *ic = c->interfaces[i];
        class_external_name(c, ext, sizeof ext);
        class_external_name(ic, sext, sizeof sext);
        if (!permitted_subclass(ic, c)) {
            exc_throw(t, "java/lang/IncompatibleClassChangeError",
                      "class %s cannot implement sealed interface %s", ext, sext);
            return false;
        }
        if (!resolve_class_accessible(c, ic)) {
            exc_throw(t, "java/lang/IllegalAccessError",
                      "class %s cannot access its superinterface %s", ext, sext);
            return false;
        }
    }
    return true;
}

/* Frees everything class_create, class_create_array and linking allocated for c (see
 * class.h). Shared tables (Object's vtable that interfaces and arrays use) stay. */
void class_free(Class *c)
{
    if (c == NULL) return;
    for (int i = 0; i < c->method_count; i++) {
        free(c->methods[i].code);
        native_free_cif(&c->methods[i]);
        oopmap_free_maps(c->methods[i].gc_maps);
    }
    ids_free(c->methods, (size_t)c->method_cap * sizeof(Method));
    ids_free(c->fields, (size_t)(c->field_cap > c->field_count ? c->field_cap : c->field_count) * sizeof(Field));
    free(c->interfaces);
    resolve_release(c);
    free((void *)c->cp.resolved);
    free(c->cp.aux);
    free(c->ref_offsets);
    free(c->static_ref_offsets);
    if (!class_is_array(c) && !class_is_primitive(c) && !class_is_interface(c)) free(c->vtable);
    if (c->itable != NULL) {
        if (!class_is_interface(c))
            for (uint32_t i = 0; i < c->itable_length; i++) free(c->itable[i].methods);
        free(c->itable);
    }
    mh_free_class_tables(c);
    if (c->cf) cf_free(c->cf);
    redef_free_class(c);
    if (c->flags & CLASS_F_OWNS_NAME) free((char *)c->name);
    free(c);
}

/* The superclass's finalizer, or c's own finalize() unless its body is empty. */
static void set_finalizer(Class *c)
{
    bool has = c->super != NULL && (c->super->flags & CLASS_F_HAS_FINALIZER);
    Method *finalizer = c->super != NULL ? c->super->finalizer : NULL;
    Method *fin = class_find_declared_method(c, sym.finalize, sym.void_desc);
    if (fin != NULL && !method_is_static(fin) && c->name != sym.java_lang_Object) {
        has = !(fin->flags & METHOD_F_EMPTY);
        finalizer = has ? fin : NULL;
    }
    if (has)
        __atomic_fetch_or(&c->flags, CLASS_F_HAS_FINALIZER, __ATOMIC_RELAXED);
    else
        __atomic_fetch_and(&c->flags, ~(uint32_t)CLASS_F_HAS_FINALIZER, __ATOMIC_RELAXED);
    c->finalizer = finalizer;
}

Class *class_create(Thread *t, ClassFile *cf, Object *loader, uint32_t flags)
{
    class_module_init();
    Class *c = vm_calloc(1, sizeof(Class));
    c->cf = cf;
    c->name = cf->this_name;
    c->loader = loader;
    c->access = cf->access;
    c->flags = flags;
    c->major = cf->major;
    c->minor = cf->minor;
    c->package = class_package_of(c->name);
    c->cp.count = cf->cp_count;
    c->cp.tags = cf->cp_tags;
    c->cp.entries = cf->cp;
    c->cp.resolved = vm_calloc(cf->cp_count ? cf->cp_count : 1, sizeof(void *));
    c->cp.aux = vm_calloc(cf->cp_count ? cf->cp_count : 1, sizeof(uint32_t));
    set_inner_access(c);

    /* Only the JDK's own code (and hidden classes it spins with VM annotations) may use
     * the VM's internal annotations. */
    bool privileged = loader == NULL || (flags & CLASS_F_LAMBDA_FORM);
    if (!privileged && loader != NULL && wk.ClassLoader != NULL) {
        /* The platform loader's classes are privileged too. */
        Class *lc = loader->klass;
        privileged = strcmp(lc->name, "jdk/internal/loader/ClassLoaders$PlatformClassLoader") == 0;
    }
    c->method_count = cf->method_count;
    /* jmethodIDs and jfieldIDs: addresses never reused (idspace.h). A redefinition may
     * add private methods in place (redefine.h): room for some while a tool may redefine. */
    bool scratch = (flags & CLASS_F_REDEF_SCRATCH) != 0; /* never grows: no room */
    c->method_cap = (uint16_t)(cf->method_count + (scratch ? 0 : redef_spare_methods(cf->method_count)));
    c->methods = ids_alloc((size_t)c->method_cap * sizeof(Method));
    for (int i = 0; i < cf->method_count; i++)
        init_method(c, &c->methods[i], &cf->methods[i], (uint16_t)i, privileged);
    c->field_count = cf->field_count;
    c->field_cap = (uint16_t)(cf->field_count + (scratch ? 0 : redef_spare_fields(cf->field_count)));
    c->fields = ids_alloc((size_t)c->field_cap * sizeof(Field));
    for (int i = 0; i < cf->field_count; i++) init_field(c, &c->fields[i], &cf->fields[i], (uint16_t)i);
    if (privileged) for_each_annotation(cf, cf->annotations, class_annotation, c);
    if (flags & CLASS_F_HIDDEN)
        for (int i = 0; i < c->method_count; i++) c->methods[i].flags |= METHOD_F_HIDDEN;

    if (!load_supertypes(t, c)) {
        class_free(c);
        return NULL;
    }
    if (c->super) {
        c->ref_kind = c->super->ref_kind == REF_OTHER ? REF_NONE : c->super->ref_kind;
        c->flags |= c->super->flags & CLASS_F_THROWABLE;
    }
    if (loader == NULL) {
        RefKind rk = ref_kind_of(c->name);
        if (rk != REF_NONE) c->ref_kind = (uint8_t)rk;
        if (c->name == sym.java_lang_Class) c->flags |= CLASS_F_MIRROR;
        if (strcmp(c->name, "java/lang/Throwable") == 0) c->flags |= CLASS_F_THROWABLE;
    }
    set_finalizer(c);
    return c;
}

/* ------------------------------------------------------------------------------------ */
/* Primitive and array classes                                                          */
/* ------------------------------------------------------------------------------------ */

Class *class_create_primitive(BasicType bt)
{
    class_module_init();
    Class *c = vm_calloc(1, sizeof(Class));
    c->name = sym_intern(bt_name(bt));
    c->access = ACC_PUBLIC | ACC_FINAL | ACC_ABSTRACT;
    c->inner_access = c->access;
    c->flags = CLASS_F_PRIMITIVE;
    c->elem_type = (uint8_t)bt;
    c->package = sym_intern("");
    atomic_store(&c->state, CLASS_INITIALIZED);
    return c;
}

Class *class_create_array(Thread *t, Class *component)
{
    class_module_init();
    Class *c = vm_calloc(1, sizeof(Class));
    size_t n = strlen(component->name);
    char *name = vm_malloc(n + 4);
    if (class_is_primitive(component)) {
        name[0] = '[';
        name[1] = bt_to_char((BasicType)component->elem_type);
        name[2] = 0;
    } else if (class_is_array(component)) {
        name[0] = '[';
        memcpy(name + 1, component->name, n + 1);
    } else {
        name[0] = '[';
        name[1] = 'L';
        memcpy(name + 2, component->name, n);
        name[n + 2] = ';';
        name[n + 3] = 0;
    }
    if (component->flags & CLASS_F_OWNS_NAME) {
        c->name = name; /* an array of a hidden class: owned as the component's (class.h) */
    } else {
        c->name = sym_intern(name);
        free(name);
    }
    c->super = wk.Object;
    c->loader = component->loader;
    c->component = component;
    c->element = class_is_array(component) ? component->element : component;
    c->dims = (uint8_t)(class_is_array(component) ? component->dims + 1 : 1);
    if (class_is_primitive(component)) {
        c->elem_type = component->elem_type;
    } else {
        c->elem_type = class_is_array(component) ? BT_ARRAY : BT_OBJECT;
    }
    c->elem_shift = (uint8_t)bt_shift((BasicType)c->elem_type);
    /* Arrays are public, final and abstract with the component's accessibility
     * (Class.getModifiers); the class file view has ACC_FINAL|ACC_ABSTRACT. */
    uint16_t vis = class_is_primitive(component) ? ACC_PUBLIC
                                                 : (uint16_t)(component->inner_access &
                                                              (ACC_PUBLIC | ACC_PRIVATE | ACC_PROTECTED));
    c->access = (uint16_t)(ACC_FINAL | ACC_ABSTRACT | (component->access & ACC_PUBLIC));
    c->inner_access = (uint16_t)(ACC_FINAL | ACC_ABSTRACT | vis);
    c->flags = CLASS_F_ARRAY | (component->flags & CLASS_F_OWNS_NAME);
    c->package = component->package;
    c->interface_count = 2;
    c->interfaces = vm_calloc(2, sizeof(Class *));
    c->interfaces[0] = wk.Cloneable;
    c->interfaces[1] = wk.Serializable;
    c->vtable_length = wk.Object->vtable_length;
    c->vtable = wk.Object->vtable;
    (void)t;
    return c;
}

/* ------------------------------------------------------------------------------------ */
/* Linking: layout                                                                      */
/* ------------------------------------------------------------------------------------ */

typedef struct LayoutState {
    uint32_t off;
    Field **pending[4]; /* by size class 8,4,2,1 (refs counted as 8) */
    int count[4];
    int next[4];
} LayoutState;

static int size_index(int size) { return size == 8 ? 0 : size == 4 ? 1 : size == 2 ? 2 : 3; }

static bool place_one(LayoutState *ls, int si)
{
    if (ls->next[si] >= ls->count[si]) return false;
    Field *f = ls->pending[si][ls->next[si]++];
    int size = 8 >> si;
    ls->off = ALIGN_UP(ls->off, (uint32_t)size);
    f->offset = ls->off;
    ls->off += (uint32_t)size;
    return true;
}

/* Lays out the fields selected by want_static starting at `start`; refs first (so their
 * offsets are contiguous), then by decreasing size; fills alignment gaps before 8-byte
 * fields with smaller ones. Returns the end offset; collects reference offsets. */
static uint32_t layout_fields(Class *c, bool want_static, uint32_t start, uint32_t **refs,
                              uint32_t *ref_count)
{
    LayoutState ls = {.off = start};
    /* Five lists of at most field_count entries, each written before it is read: on the
     * stack for most classes (ten callocs and frees per class were 2% of start-up). */
    const size_t per = (size_t)c->field_count + 1;
    Field *local[5 * 33];
    Field **lists = per <= 33 ? local : vm_malloc(5 * per * sizeof(Field *));
    Field **refs_list = lists;
    int nrefs = 0;
    for (int k = 0; k < 4; k++) ls.pending[k] = lists + (size_t)(k + 1) * per;
    for (int i = 0; i < c->field_count; i++) {
        Field *f = &c->fields[i];
        if (((f->access & ACC_STATIC) != 0) != want_static) continue;
        if (bt_is_ref((BasicType)f->type)) {
            refs_list[nrefs++] = f;
        } else {
            int si = size_index(bt_size((BasicType)f->type));
            ls.pending[si][ls.count[si]++] = f;
        }
    }
    /* Gap filling before the 8-byte groups. */
    if (nrefs > 0 || ls.count[0] > 0) {
        while (ls.off % 8 != 0) {
            int room = (int)(8 - ls.off % 8);
            bool placed = false;
            for (int si = 1; si < 4 && !placed; si++) {
                int size = 8 >> si;
                if (size <= room && ls.off % (uint32_t)size == 0) placed = place_one(&ls, si);
            }
            if (!placed) break;
        }
        ls.off = ALIGN_UP(ls.off, 8u);
    }
    uint32_t base_refs = *ref_count;
    if (nrefs > 0) {
        *refs = vm_realloc(*refs, (base_refs + (uint32_t)nrefs) * sizeof(uint32_t));
        for (int i = 0; i < nrefs; i++) {
            refs_list[i]->offset = ls.off;
            (*refs)[base_refs + (uint32_t)i] = ls.off;
            ls.off += 8;
        }
        *ref_count = base_refs + (uint32_t)nrefs;
    }
    for (int si = 0; si < 4; si++)
        while (place_one(&ls, si)) {
        }
    if (lists != local) free(lists);
    return ls.off;
}

InjectedOffsets class_injected;

/* Appends the VM's hidden fields to the few JDK classes that carry them. */
static void inject_fields(Class *c)
{
    if (c->loader != NULL) return;
    if (strcmp(c->name, "java/lang/invoke/ResolvedMethodName") == 0) {
        c->instance_size = ALIGN_UP(c->instance_size, 8u);
        class_injected.rmn_vmtarget = c->instance_size;
        class_injected.rmn_vmholder = c->instance_size + 8;
        c->ref_offsets = vm_realloc(c->ref_offsets, (c->ref_offset_count + 1) * sizeof(uint32_t));
        c->ref_offsets[c->ref_offset_count++] = class_injected.rmn_vmholder;
        c->instance_size += 16;
    } else if (strcmp(c->name, "java/lang/invoke/MemberName") == 0) {
        c->instance_size = ALIGN_UP(c->instance_size, 8u);
        class_injected.mn_vmindex = c->instance_size;
        c->instance_size += 8;
    } else if (strcmp(c->name, "java/lang/StackFrameInfo") == 0) {
        c->instance_size = ALIGN_UP(c->instance_size, 8u);
        class_injected.sfi_version = c->instance_size;
        c->instance_size += 8;
    }
}

static void layout_instance(Class *c)
{
    uint32_t start = c->super ? c->super->instance_size : OBJECT_HEADER_SIZE;
    c->ref_offset_count = 0;
    c->ref_offsets = NULL;
    if (c->super && c->super->ref_offset_count) {
        c->ref_offset_count = c->super->ref_offset_count;
        c->ref_offsets = vm_malloc(c->ref_offset_count * sizeof(uint32_t));
        memcpy(c->ref_offsets, c->super->ref_offsets, c->ref_offset_count * sizeof(uint32_t));
    }
    if (class_is_interface(c)) {
        c->instance_size = c->field_end = OBJECT_HEADER_SIZE;
        return;
    }
    c->instance_size = layout_fields(c, false, start, &c->ref_offsets, &c->ref_offset_count);
    if (c->instance_size < OBJECT_HEADER_SIZE) c->instance_size = OBJECT_HEADER_SIZE;
    inject_fields(c);
    /* Room for instance fields an enhanced redefinition adds (0 unless the flag is on):
     * counted in the instance size, so allocation, clone and size queries include it. */
    c->field_end = c->instance_size;
    uint32_t slack = redef_instance_slack(c);
    if (slack != 0) c->instance_size = ALIGN_UP(c->instance_size, 8u) + slack;
}

static void layout_statics(Class *c)
{
    c->static_ref_count = 0;
    c->static_ref_offsets = NULL;
    uint32_t start = mirror_klass_offset + 8;
    c->mirror_size = layout_fields(c, true, start, &c->static_ref_offsets, &c->static_ref_count);
}

/* ------------------------------------------------------------------------------------ */
/* Linking: vtables and itables                                                         */
/* ------------------------------------------------------------------------------------ */

static bool is_virtual(const Method *m)
{
    return !(m->access & (ACC_STATIC | ACC_PRIVATE)) && m->name != sym.init && m->name != sym.clinit &&
           !(m->flags & METHOD_F_DELETED);
}

/* JVMS 5.4.5: does m (declared in c) override the superclass method sm? */
static bool overrides(const Class *c, const Method *m, const Method *sm)
{
    if (m->name != sm->name || m->desc != sm->desc) return false;
    if (sm->access & ACC_PRIVATE) return false;
    if (sm->access & (ACC_PUBLIC | ACC_PROTECTED)) return true;
    /* Package-private: only within the same run-time package. */
    return class_same_package(c, sm->clazz);
}

static void build_vtable(Class *c)
{
    if (class_is_interface(c)) {
        /* Interfaces dispatch through itables; their vtable is Object's, for
         * invokevirtual of Object methods on interface-typed receivers. */
        c->vtable_length = wk.Object ? wk.Object->vtable_length : 0;
        c->vtable = wk.Object ? wk.Object->vtable : NULL;
        return;
    }
    uint32_t n = c->super ? c->super->vtable_length : 0;
    uint32_t cap = n + c->method_count;
    Method **vt = vm_calloc(cap ? cap : 1, sizeof(Method *));
    if (n) memcpy(vt, c->super->vtable, n * sizeof(Method *));
    for (int i = 0; i < c->method_count; i++) {
        Method *m = &c->methods[i];
        if (!is_virtual(m)) continue;
        bool placed = false;
        for (uint32_t k = 0; k < (c->super ? c->super->vtable_length : 0); k++) {
            if (overrides(c, m, c->super->vtable[k])) {
                /* A final superclass method cannot be overridden (VerifyError in HotSpot
                 * linking; we keep the super's slot and let the check below report). */
                vt[k] = m;
                if (!placed) m->vtable_index = (int32_t)k;
                placed = true;
            }
        }
        if (!placed) {
            m->vtable_index = (int32_t)n;
            vt[n++] = m;
        }
    }
    c->vtable_length = n;
    c->vtable = vt;
}

/* Collects every superinterface of c, transitively, without duplicates. */
static void collect_interfaces(const Class *c, Class ***list, uint32_t *n, uint32_t *cap)
{
    for (int i = 0; i < c->interface_count; i++) {
        Class *ic = c->interfaces[i];
        bool seen = false;
        for (uint32_t k = 0; k < *n; k++)
            if ((*list)[k] == ic) seen = true;
        if (seen) continue;
        if (*n == *cap) {
            *cap = *cap ? *cap * 2 : 8;
            *list = vm_realloc(*list, *cap * sizeof(Class *));
        }
        (*list)[(*n)++] = ic;
        collect_interfaces(ic, list, n, cap);
    }
    if (c->super) collect_interfaces(c->super, list, n, cap);
}

/* The maximally-specific superinterface methods of c named name/desc (JVMS 5.4.3.3): among
 * the non-private, non-static interface methods, those not overridden by another. Returns
 * the unique non-abstract one if there is exactly one non-abstract candidate, else the
 * first abstract one (or NULL); *ambiguous set if several non-abstract candidates exist. */
static Method *max_specific(const Class *c, const char *name, const char *desc, bool *ambiguous)
{
    Class **ifs = NULL;
    uint32_t n = 0, cap = 0;
    collect_interfaces(c, &ifs, &n, &cap);
    Method *cands[64];
    int nc = 0;
    for (uint32_t i = 0; i < n; i++) {
        Method *m = class_find_declared_method(ifs[i], name, desc);
        if (m == NULL || (m->access & (ACC_PRIVATE | ACC_STATIC))) continue;
        if (nc < (int)ARRAY_LEN(cands)) cands[nc++] = m;
    }
    free(ifs);
    /* Drop candidates whose interface is a superinterface of another candidate's. */
    Method *result = NULL, *abstract_one = NULL;
    int concrete = 0;
    for (int i = 0; i < nc; i++) {
        bool shadowed = false;
        for (int j = 0; j < nc && !shadowed; j++)
            if (i != j && cands[i]->clazz != cands[j]->clazz &&
                class_implements(cands[j]->clazz, cands[i]->clazz))
                shadowed = true;
        if (shadowed) continue;
        if (cands[i]->access & ACC_ABSTRACT) {
            if (!abstract_one) abstract_one = cands[i];
        } else {
            concrete++;
            result = cands[i];
        }
    }
    if (ambiguous) *ambiguous = concrete > 1;
    if (concrete == 1) return result;
    return concrete > 1 ? result : abstract_one;
}

Method *class_select_method(const Class *recv, const Method *m)
{
    /* JVMS 5.4.6: a method in recv or a superclass that overrides m... */
    if (!class_is_interface(m->clazz) && m->vtable_index >= 0 &&
        (uint32_t)m->vtable_index < recv->vtable_length && !class_is_interface(recv))
        return recv->vtable[m->vtable_index];
    for (const Class *k = recv; k; k = k->super) {
        Method *cand = class_find_declared_method(k, m->name, m->desc);
        if (cand && !(cand->access & ACC_STATIC)) {
            if (cand == m) return cand;
            if (cand->access & ACC_PRIVATE) continue;
            if (class_is_interface(m->clazz) || overrides(k, cand, m)) return cand;
        }
    }
    /* ...else the unique maximally-specific superinterface method. */
    bool ambiguous = false;
    Method *d = max_specific(recv, m->name, m->desc, &ambiguous);
    return d;
}

static void build_itable(Class *c)
{
    Class **ifs = NULL;
    uint32_t n = 0, cap = 0;
    collect_interfaces(c, &ifs, &n, &cap);
    if (class_is_interface(c)) {
        /* An interface's own itable lists its superinterfaces, for class_implements. */
        c->itable_length = n;
        c->itable = vm_calloc(n ? n : 1, sizeof(ITable));
        for (uint32_t i = 0; i < n; i++) c->itable[i].iface = ifs[i];
        free(ifs);
        return;
    }
    c->itable_length = n;
    c->itable = vm_calloc(n ? n : 1, sizeof(ITable));
    for (uint32_t i = 0; i < n; i++) {
        Class *ic = ifs[i];
        c->itable[i].iface = ic;
        c->itable[i].methods = vm_calloc(ic->method_count ? ic->method_count : 1, sizeof(Method *));
        for (int k = 0; k < ic->method_count; k++) {
            Method *im = &ic->methods[k];
            if (im->access & (ACC_STATIC | ACC_PRIVATE) || im->name == sym.clinit ||
                (im->flags & METHOD_F_DELETED))
                continue;
            c->itable[i].methods[k] = class_select_method(c, im);
        }
    }
    free(ifs);
}

void class_rebuild_dispatch(Class *c, void (*retire)(void *p, void *arg), void *arg)
{
    if (!class_is_interface(c)) {
        /* Objects allocated from now on are registered for finalization as the new
         * method set says (a deleted finalize() is no finalizer). */
        set_finalizer(c);
        Method **old = c->vtable;
        /* Every slot is assigned again: a method that stopped being virtual (made private
         * or static, or deleted) must not keep its old index. */
        for (int i = 0; i < c->method_count; i++) c->methods[i].vtable_index = METHOD_NO_VTABLE;
        build_vtable(c);
        retire(old, arg);
    }
    ITable *oit = c->itable;
    uint32_t on = c->itable_length;
    build_itable(c);
    if (oit != NULL) {
        if (!class_is_interface(c))
            for (uint32_t i = 0; i < on; i++) retire(oit[i].methods, arg);
        retire(oit, arg);
    }
}

/* ------------------------------------------------------------------------------------ */
/* Mirrors                                                                              */
/* ------------------------------------------------------------------------------------ */

/* Classes whose mirrors were made before strings could be created. */
static Class *early_constants[64];
static int early_count;

static bool set_constant_values(Thread *t, Class *c);

bool class_boot_constants(Thread *t)
{
    for (int i = 0; i < early_count; i++)
        if (!set_constant_values(t, early_constants[i])) return false;
    early_count = 0;
    return true;
}

static bool set_constant_values(Thread *t, Class *c)
{
    if (c->cf == NULL) return true;
    for (int i = 0; i < c->field_count; i++) {
        Field *f = &c->fields[i];
        if (!(f->access & ACC_STATIC) || f->cf->constant_value == 0) continue;
        uint16_t cv = f->cf->constant_value;
        void *addr = field_static_addr(f);
        const CfConstant *k = &c->cp.entries[cv];
        if (class_store_constant((BasicType)f->type, k, addr)) continue;
        switch ((BasicType)f->type) {
        case BT_OBJECT: {
            if (c->cp.tags[cv] != CONSTANT_String) break;
            if (wk_off.String_value == 0) {
                /* Too early in boot to make strings: finished by class_boot_constants. */
                if (early_count < (int)ARRAY_LEN(early_constants)) early_constants[early_count++] = c;
                else panic("too many classes with early string constants");
                return true;
            }
            Object *s = resolve_string(t, c, cv);
            if (s == NULL) return false;
            *(Object **)addr = s;
            break;
        }
        default: break;
        }
    }
    return true;
}

bool class_store_constant(BasicType type, const CfConstant *k, void *addr)
{
    switch (type) {
    case BT_BOOLEAN: *(jboolean *)addr = (jboolean)(k->u.i & 1); return true;
    case BT_BYTE: *(jbyte *)addr = (jbyte)k->u.i; return true;
    case BT_CHAR: *(jchar *)addr = (jchar)k->u.i; return true;
    case BT_SHORT: *(jshort *)addr = (jshort)k->u.i; return true;
    case BT_INT: *(jint *)addr = k->u.i; return true;
    case BT_FLOAT: *(jfloat *)addr = k->u.f; return true;
    case BT_LONG: *(jlong *)addr = k->u.j; return true;
    case BT_DOUBLE: *(jdouble *)addr = k->u.d; return true;
    default: return false;
    }
}

static bool create_mirror(Thread *t, Class *c)
{
    if (class_is_primitive(c) || class_is_array(c)) {
        c->mirror_size = mirror_klass_offset + 8;
    } else {
        layout_statics(c);
    }
    /* Room for static fields a redefinition may add (redefine.h), while one may. */
    Object *m = heap_alloc(t, c->mirror_size + (c->cf != NULL ? redef_spare_static_bytes() : 0));
    if (m == NULL) return false;
    m->klass = wk.Class;
    FIELD_SET(m, mirror_klass_offset, Class *, c);
    if (wk_off.Class_classLoader) FIELD_SET(m, wk_off.Class_classLoader, Object *, c->loader);
    if (c->component && wk_off.Class_componentType)
        FIELD_SET(m, wk_off.Class_componentType, Object *, c->component->mirror);
    if (wk_off.Class_classData) FIELD_SET(m, wk_off.Class_classData, Object *, c->class_data);
    c->mirror = m;
    if (module_java_base_defined() || c->loader != NULL) {
        /* Primitive types and their arrays belong to java.base. */
        const Class *e = class_is_array(c) ? c->element : c;
        Object *mod = module_of(c->loader, class_is_primitive(e) ? sym_intern("java/lang") : c->package);
        c->module = mod;
        if (wk_off.Class_module) FIELD_SET(m, wk_off.Class_module, Object *, mod);
    }
    return set_constant_values(t, c);
}

bool class_make_mirror(Thread *t, Class *c)
{
    if (c->mirror) return true;
    if (mirror_klass_offset == 0) {
        if (deferred_count == deferred_cap) {
            deferred_cap = deferred_cap ? deferred_cap * 2 : 32;
            deferred_mirrors = vm_realloc(deferred_mirrors, (size_t)deferred_cap * sizeof(Class *));
        }
        deferred_mirrors[deferred_count++] = c;
        return true;
    }
    return create_mirror(t, c);
}

/* java.lang.Class is linked: from now on mirrors can be made. */
static bool mirrors_ready(Thread *t, Class *cls)
{
    wk.Class = cls;
    mirror_klass_offset = ALIGN_UP(cls->instance_size, 8u);
    /* The mirror fields the VM fills must be known before the first mirror is made. */
    static const struct { const char *name, *desc; uint32_t *off; } mf[] = {
        {"classLoader", "Ljava/lang/ClassLoader;", &wk_off.Class_classLoader},
        {"componentType", "Ljava/lang/Class;", &wk_off.Class_componentType},
        {"module", "Ljava/lang/Module;", &wk_off.Class_module},
        {"classData", "Ljava/lang/Object;", &wk_off.Class_classData},
    };
    for (size_t i = 0; i < ARRAY_LEN(mf); i++) {
        Field *f = class_find_declared_field(cls, sym_intern(mf[i].name), sym_intern(mf[i].desc));
        if (f == NULL) panic("java.lang.Class has no field %s", mf[i].name);
        *mf[i].off = f->offset;
    }
    if (!create_mirror(t, cls)) return false;
    for (int i = 0; i < deferred_count; i++)
        if (deferred_mirrors[i] != cls && !create_mirror(t, deferred_mirrors[i])) return false;
    free(deferred_mirrors);
    deferred_mirrors = NULL;
    deferred_count = deferred_cap = 0;
    return true;
}

/* ------------------------------------------------------------------------------------ */
/* Linking                                                                              */
/* ------------------------------------------------------------------------------------ */

static bool check_final_overrides(Thread *t, Class *c)
{
    if (c->super == NULL || class_is_interface(c)) return true;
    for (int i = 0; i < c->method_count; i++) {
        Method *m = &c->methods[i];
        if (!is_virtual(m)) continue;
        for (Class *s = c->super; s; s = s->super) {
            Method *sm = class_find_declared_method(s, m->name, m->desc);
            if (sm && (sm->access & ACC_FINAL) && !(sm->access & (ACC_PRIVATE | ACC_STATIC)) &&
                overrides(c, m, sm)) {
                char ext[512], sext[512];
                class_external_name(c, ext, sizeof ext);
                class_external_name(s, sext, sizeof sext);
                exc_throw(t, "java/lang/IncompatibleClassChangeError",
                          "class %s overrides final method %s.%s%s", ext, sext, m->name, m->desc);
                return false;
            }
        }
    }
    return true;
}

bool class_link(Thread *t, Class *c)
{
    if (atomic_load_explicit(&c->state, memory_order_acquire) >= CLASS_LINKED) return true;
    if (c->super && !class_link(t, c->super)) return false;
    for (int i = 0; i < c->interface_count; i++)
        if (!class_link(t, c->interfaces[i])) return false;
    /* Checks that can throw run before taking init_lock: throwing loads classes, and
     * linking them needs the lock. Inside, only mirror allocation can fail (OOM, whose
     * class is linked and initialized long before). */
    if (!class_is_array(c) && !class_is_primitive(c) && !check_final_overrides(t, c)) return false;
    thread_lock_safe(t, &init_lock);
    if (atomic_load(&c->state) >= CLASS_LINKED) {
        os_mutex_unlock(&init_lock);
        return true;
    }
    bool ok = true;
    if (!class_is_array(c) && !class_is_primitive(c)) {
        layout_instance(c);
        build_vtable(c);
        build_itable(c);
    } else if (class_is_array(c)) {
        c->itable_length = 0;
    }
    if (ok) {
        if (c->name == sym.java_lang_Class && c->loader == NULL)
            ok = mirrors_ready(t, c);
        else
            ok = class_make_mirror(t, c);
    }
    if (ok) atomic_store_explicit(&c->state, CLASS_LINKED, memory_order_release);
    os_mutex_unlock(&init_lock);
    return ok;
}

/* ------------------------------------------------------------------------------------ */
/* Initialization (JVMS 5.5)                                                            */
/* ------------------------------------------------------------------------------------ */

static void wait_for_init(Thread *t)
{
    /* Another thread is initializing: wait where the collector can run. */
    thread_cond_wait_safe(t, &init_cond, &init_lock);
}

static void finish_init(Thread *t, Class *c, ClassState st, Object *error)
{
    thread_lock_safe(t, &init_lock);
    atomic_store_explicit(&c->state, (uint8_t)st, memory_order_release);
    c->init_thread = NULL;
    if (error) c->init_error = error;
    os_cond_broadcast(&init_cond);
    os_mutex_unlock(&init_lock);
}

/* Does interface c declare a non-abstract, non-static method (a default or a private
 * instance method)? */
static bool declares_default_methods(const Class *c)
{
    for (int i = 0; i < c->method_count; i++) {
        const Method *m = &c->methods[i];
        if (!(m->access & (ACC_ABSTRACT | ACC_STATIC)) && m->name != sym.clinit) return true;
    }
    return false;
}

/*
 * JVMS 5.5 step 7, the superinterfaces of class or interface c: every superinterface,
 * direct or indirect, that declares a non-abstract, non-static method is initialized, in
 * the order of a depth-first walk over the interfaces arrays in which an interface's own
 * superinterfaces come before it. Those of c's superclass are its superclass's business.
 * An interface reached twice is initialized at its first place (class_init returns at
 * once afterwards).
 */
static bool init_superinterfaces(Thread *t, Class *c)
{
    for (int i = 0; i < c->interface_count; i++) {
        Class *ic = c->interfaces[i];
        if (!init_superinterfaces(t, ic)) return false;
        if (!class_is_initialized(ic) && declares_default_methods(ic) && !class_init(t, ic)) return false;
    }
    return true;
}

bool class_verify(Thread *t, Class *c)
{
    if (__atomic_load_n(&c->flags, __ATOMIC_ACQUIRE) & CLASS_F_LINK_DONE) return true;
    if (class_is_array(c) || class_is_primitive(c)) return true;
    if (c->super && !class_verify(t, c->super)) return false;
    for (int i = 0; i < c->interface_count; i++)
        if (!class_verify(t, c->interfaces[i])) return false;
    /* Two threads may verify at once (harmless); the first to take the lock below marks
     * the class and posts ClassPrepare. */
    if (!class_is_verified(c)) {
        int64_t t0 = verify_depth++ == 0 ? os_nanotime() : 0;
        bool ok = verify_class(t, c);
        if (--verify_depth == 0)
            atomic_fetch_add_explicit(&verify_ns, (uint64_t)(os_nanotime() - t0), memory_order_relaxed);
        if (!ok) return false;
    }
    thread_lock_safe(t, &init_lock);
    for (;;) {
        uint32_t f = __atomic_load_n(&c->flags, __ATOMIC_ACQUIRE);
        if (f & CLASS_F_LINK_DONE) break;
        if (!(f & CLASS_F_VERIFIED)) {
            /* JVMTI ClassPrepare: the class is linked (GetClassStatus answers VERIFIED |
             * PREPARED) and none of its code has run. Posted without the lock, as the
             * agent may load, link and initialize classes; other threads wait for it
             * below, as HotSpot's hold the class's init lock meanwhile. */
            c->link_thread = t;
            __atomic_fetch_or(&c->flags, CLASS_F_VERIFIED, __ATOMIC_RELEASE);
            os_mutex_unlock(&init_lock);
            if (unlikely(jvmti_want(JVMTI_EVENT_CLASS_PREPARE))) jvmti_post_class_prepare(t, c);
            thread_lock_safe(t, &init_lock);
            c->link_thread = NULL;
            __atomic_fetch_or(&c->flags, CLASS_F_LINK_DONE, __ATOMIC_RELEASE);
            os_cond_broadcast(&init_cond);
            break;
        }
        if (c->link_thread == t) break; /* linked again from its own ClassPrepare callback */
        wait_for_init(t);
    }
    os_mutex_unlock(&init_lock);
    return true;
}

bool class_init(Thread *t, Class *c)
{
    if (class_is_initialized(c)) return true;
    if (!class_link(t, c) || !class_verify(t, c)) return false;
    thread_lock_safe(t, &init_lock);
    for (;;) {
        uint8_t st = atomic_load(&c->state);
        if (st == CLASS_INITIALIZED) {
            os_mutex_unlock(&init_lock);
            return true;
        }
        if (st == CLASS_ERROR) {
            os_mutex_unlock(&init_lock);
            char ext[512], msg[600];
            class_external_name(c, ext, sizeof ext);
            snprintf(msg, sizeof msg, "Could not initialize class %s", ext);
            Class *ncdfe = loader_load(t, NULL, sym_intern("java/lang/NoClassDefFoundError"));
            if (ncdfe) exc_throw_class(t, ncdfe, msg, c->init_error);
            return false;
        }
        if (st == CLASS_INITIALIZING) {
            if (c->init_thread == t) { /* recursive request: proceed (JVMS 5.5 step 3) */
                os_mutex_unlock(&init_lock);
                return true;
            }
            wait_for_init(t);
            continue;
        }
        break;
    }
    atomic_store(&c->state, CLASS_INITIALIZING);
    c->init_thread = t;
    os_mutex_unlock(&init_lock);

    /* Step 7: superclass, then the superinterfaces that declare default methods. */
    if (!class_is_interface(c)) {
        if ((c->super && !class_init(t, c->super)) || !init_superinterfaces(t, c)) {
            finish_init(t, c, CLASS_ERROR, exc_make_init_error(t, exc_pending(t)));
            return false;
        }
    }
    Method *clinit = class_find_declared_method(c, sym.clinit, sym.void_desc);
    if (clinit && (clinit->access & ACC_STATIC) && clinit->code) {
        atomic_fetch_add_explicit(&clinits_run, 1, memory_order_relaxed);
        int64_t t0 = clinit_depth++ == 0 ? os_nanotime() : 0;
        bool ok = interp_call(t, clinit, NULL, NULL);
        if (--clinit_depth == 0)
            atomic_fetch_add_explicit(&clinit_ns, (uint64_t)(os_nanotime() - t0), memory_order_relaxed);
        if (!ok) {
            Object *saved = exc_make_init_error(t, exc_pending(t));
            exc_wrap_in_init_error(t);
            finish_init(t, c, CLASS_ERROR, saved);
            return false;
        }
    }
    finish_init(t, c, CLASS_INITIALIZED, NULL);
    return true;
}

void class_link_stats(uint64_t *clinits, uint64_t *clinit_time_ns, uint64_t *verify_time_ns)
{
    *clinits = atomic_load_explicit(&clinits_run, memory_order_relaxed);
    *clinit_time_ns = atomic_load_explicit(&clinit_ns, memory_order_relaxed);
    *verify_time_ns = atomic_load_explicit(&verify_ns, memory_order_relaxed);
}

/* ------------------------------------------------------------------------------------ */
/* Subtyping and lookups                                                                */
/* ------------------------------------------------------------------------------------ */

bool class_implements(const Class *c, const Class *iface)
{
    if (c == iface) return true;
    if (c->itable != NULL) {
        for (uint32_t i = 0; i < c->itable_length; i++)
            if (c->itable[i].iface == iface) return true;
        return false;
    }
    /* Not linked yet: walk the declared graph. */
    for (const Class *k = c; k; k = k->super)
        for (int i = 0; i < k->interface_count; i++)
            if (class_implements(k->interfaces[i], iface)) return true;
    return false;
}

bool class_is_subclass_of(const Class *c, const Class *of)
{
    if (c == of) return true;
    if (class_is_array(c)) {
        if (class_is_array(of)) {
            Class *cc = c->component, *oc = of->component;
            if (class_is_primitive(cc) || class_is_primitive(oc)) return cc == oc;
            return class_is_subclass_of(cc, oc);
        }
        if (class_is_interface(of)) return of == wk.Cloneable || of == wk.Serializable;
        return of == wk.Object;
    }
    if (class_is_primitive(c) || class_is_primitive(of)) return false;
    if (class_is_interface(of)) return class_implements(c, of);
    if (class_is_array(of)) return false;
    for (const Class *k = c->super; k; k = k->super)
        if (k == of) return true;
    return false;
}

Method *class_find_declared_method(const Class *c, const char *name, const char *desc)
{
    for (int i = 0; i < c->method_count; i++) {
        Method *m = &c->methods[i];
        if (m->name == name && m->desc == desc && !(m->flags & METHOD_F_DELETED)) return m;
    }
    return NULL;
}

Field *class_find_declared_field(const Class *c, const char *name, const char *desc)
{
    for (int i = 0; i < c->field_count; i++) {
        Field *f = &c->fields[i];
        if (f->name == name && (desc == NULL || f->desc == desc) && !f->deleted) return f;
    }
    return NULL;
}

static Method *find_sigpoly(const Class *c, const char *name)
{
    for (int i = 0; i < c->method_count; i++) {
        Method *m = &c->methods[i];
        if (m->name == name && (m->flags & METHOD_F_SIGPOLY)) return m;
    }
    return NULL;
}

Method *class_lookup_method(const Class *c, const char *name, const char *desc)
{
    /* JVMS 5.4.3.3 step 2: c and its superclasses (signature polymorphic methods of
     * MethodHandle/VarHandle match by name alone). */
    for (const Class *k = class_is_array(c) ? wk.Object : c; k; k = k->super) {
        Method *m = class_find_declared_method(k, name, desc);
        if (m) return m;
        if (k->name == sym.java_lang_invoke_MethodHandle || k->name == sym.java_lang_invoke_VarHandle) {
            m = find_sigpoly(k, name);
            if (m) return m;
        }
    }
    /* Step 3: maximally-specific superinterface methods, then any non-private,
     * non-static superinterface method. */
    bool ambiguous;
    Method *m = max_specific(c, name, desc, &ambiguous);
    return m;
}

Method *class_lookup_interface_method(const Class *c, const char *name, const char *desc)
{
    Method *m = class_find_declared_method(c, name, desc);
    if (m) return m;
    /* Object's public instance methods. */
    m = class_find_declared_method(wk.Object, name, desc);
    if (m && (m->access & ACC_PUBLIC) && !(m->access & ACC_STATIC)) return m;
    bool ambiguous;
    return max_specific(c, name, desc, &ambiguous);
}

Field *class_lookup_field(const Class *c, const char *name, const char *desc)
{
    for (const Class *k = c; k; k = k->super) {
        Field *f = class_find_declared_field(k, name, desc);
        if (f) return f;
        for (int i = 0; i < k->interface_count; i++) {
            f = class_lookup_field(k->interfaces[i], name, desc);
            if (f) return f;
        }
    }
    return NULL;
}

/* ------------------------------------------------------------------------------------ */
/* Names, packages, lines                                                               */
/* ------------------------------------------------------------------------------------ */

const char *class_package_of(const char *name)
{
    const char *n = name;
    while (*n == '[') n++;
    if (*n == 'L') n++;
    const char *slash = strrchr(n, '/');
    if (slash == NULL) return sym_intern("");
    return sym_intern_len(n, (size_t)(slash - n));
}

bool class_same_package(const Class *a, const Class *b)
{
    if (a == b) return true;
    const Class *ea = class_is_array(a) ? a->element : a;
    const Class *eb = class_is_array(b) ? b->element : b;
    return ea->loader == eb->loader && ea->package == eb->package;
}

void class_external_name(const Class *c, char *buf, size_t size)
{
    if (size == 0) return;
    /* Hidden classes keep the '/' before their "0x..." suffix, as in Class.getName(). */
    const char *keep = (c->flags & CLASS_F_HIDDEN) ? strrchr(c->name, '/') : NULL;
    size_t i = 0;
    for (const char *p = c->name; *p && i + 1 < size; p++) buf[i++] = (*p == '/' && p != keep) ? '.' : *p;
    buf[i] = 0;
}

int method_line_number(const Method *m, int bci)
{
    if (method_is_native(m)) return -2;
    if (m->cf == NULL || m->cf->code == NULL) return -1;
    const CfCode *code = m->cf->code;
    const CfLineNumber *lines = cf_lines(code);
    int best = -1, best_pc = -1;
    for (int i = 0; i < code->line_count; i++) {
        int pc = lines[i].start_pc;
        if (pc <= bci && pc >= best_pc) {
            best_pc = pc;
            best = lines[i].line;
        }
    }
    return best;
}

const char *class_source_file(const Class *c)
{
    return c->cf ? c->cf->source_file : NULL;
}

/* ------------------------------------------------------------------------------------ */
/* Collector support                                                                    */
/* ------------------------------------------------------------------------------------ */

static void visit(RootVisitor *v, Object **slot)
{
    if (*slot) v->visit(v, slot, ROOT_CLASS);
}

/* The mirror of class k as a slot for a visitor (NULL-safe). */
static void visit_class_mirror(RootVisitor *v, Class *k)
{
    if (k != NULL && k->mirror != NULL) v->visit(v, &k->mirror, ROOT_CLASS);
}

void class_visit_refs(Class *c, RootVisitor *v)
{
    visit(v, &c->mirror);
    visit(v, &c->loader);
    visit(v, &c->init_error);
    visit(v, &c->class_data);
    visit(v, &c->module);
    visit(v, &c->protection_domain);
    visit(v, &c->signers);
    visit(v, &c->source);
    /* The classes c depends on stay loaded as long as c (docs/design.md "Class
     * unloading"): supertypes, the component and array classes, the nest host, and the
     * classes its resolved constant-pool entries and call sites point at. */
    visit_class_mirror(v, c->super);
    for (int i = 0; i < c->interface_count; i++) visit_class_mirror(v, c->interfaces[i]);
    visit_class_mirror(v, c->component);
    visit_class_mirror(v, atomic_load_explicit(&c->array_class, memory_order_acquire));
    if (c->nest_host != c) visit_class_mirror(v, c->nest_host);
    for (int i = 1; i < c->cp.count; i++) {
        uint8_t tag = c->cp.tags[i];
        uintptr_t r = (uintptr_t)atomic_load_explicit(&c->cp.resolved[i], memory_order_acquire);
        if (r == 0) continue;
        if (tag == CONSTANT_Class) {
            if (!(r & 1)) visit_class_mirror(v, (Class *)r);
            continue;
        }
        if (tag == CONSTANT_Fieldref) {
            if (!(r & 1)) visit_class_mirror(v, ((Field *)r)->clazz);
            continue;
        }
        if (tag == CONSTANT_Methodref || tag == CONSTANT_InterfaceMethodref) {
            if (!(r & 1)) visit_class_mirror(v, ((Method *)r)->clazz);
            continue;
        }
        if (tag != CONSTANT_String && tag != CONSTANT_MethodType && tag != CONSTANT_MethodHandle &&
            tag != CONSTANT_Dynamic)
            continue;
        /* Remembered resolution errors are tagged with bit 0 and hold no objects (resolve.c). */
        if (r == 0 || (r & 1)) continue;
        Object *o = (Object *)r;
        v->visit(v, &o, ROOT_CLASS);
    }
    if (c->jsr292) mh_visit_class_refs(c, v);
    /* Old versions still running keep their pools' references and classes. */
    if (c->redef) redef_visit_versions(c, v);
}
