// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * redefine.c — class redefinition (redefine.h).
 *
 * A redefinition runs in three steps:
 *   1. prepare, for each class, on the calling thread: parse the new bytes, build a
 *      scratch Class from them (class_create: the new Method records with their code,
 *      the supertypes loaded and checked), compare it with the live class (`compare`, the
 *      one place that decides what may change) and verify it;
 *   2. install, for all classes at one safepoint: breakpoints of the class cleared, the
 *      frames running its methods moved to old-version copies, the Method and Field
 *      records updated in place from the scratch class, the class file, pool and call
 *      sites swapped, the old ones handed to a shadow (or freed when no frame needs
 *      them);
 *   3. clean up: the emptied scratch classes freed.
 * In the enhanced mode (-XX:+AllowEnhancedClassRedefinition, redefine.h) step 2 first
 * places the added fields (plan_fields: a refusal still changes nothing), installs the
 * fields with the methods (install_fields), and ends with the dispatch rebuild
 * (rebuild_dispatch: vtables, itables, finalizers, call sites and pool entries).
 *
 * Old versions live on RedefInfo.versions of their class; `versioned` lists the classes
 * that have some, so a sweep does not walk every class.
 */
#include "redefine.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../jvmti/jvmti_vm.h"
#include "bytecodes.h"
#include "exception.h"
#include "idspace.h"
#include "interp.h"
#include "loader.h"
#include "mh.h"
#include "native.h"
#include "object.h"
#include "oopmap.h"
#include "options.h"
#include "resolve.h"
#include "string.h"
#include "sym.h"
#include "thread.h"
#include "verify.h"
#include "wellknown.h"

struct RedefInfo {
    uint8_t *cache; /* redef_retransform_bytes, or NULL: the class file */
    size_t cache_len;
    Class **versions; /* shadows of old versions some frame may still run */
    int nversions, cap;
    /* The parsed forms deleted methods keep (their class file is gone): name, descriptor
     * and modifiers, no code. Freed with the class. */
    CfMethod **stubs;
    int nstubs, stubs_cap;
    /* The same for fields an enhanced redefinition deleted. */
    CfField **fstubs;
    int nfstubs, fstubs_cap;
};

/* Methods a class can gain by redefinitions (with HotSpot's compatibility flag
 * -XX:+AllowRedefinitionToAddDeleteMethods a redefinition may add private static and
 * private final methods: javac's lambda bodies, for one): room for them is kept in the
 * methods array of classes defined while a tool may redefine. */
#define SPARE_METHODS 16
/* s->methods[j] is a method the live class does not have (compare's map). */
#define MAP_ADDED 0xFFFF

int redef_spare_methods(int method_count)
{
    /* The enhanced mode is asked for explicitly: room in every class, for agents that
     * attach later too. */
    if (!vm_opts.enhanced_redefinition &&
        (!vm_opts.redefine_add_delete_methods || !atomic_load_explicit(&jvmti_redefinition_wanted, memory_order_relaxed)))
        return 0;
    return method_count + SPARE_METHODS <= 0xFFFE ? SPARE_METHODS : 0;
}

/* Enhanced mode: field records and static bytes every class gets for fields
 * redefinitions add. */
#define SPARE_FIELDS 8
#define SPARE_STATIC_BYTES 64

int redef_spare_fields(int field_count)
{
    if (!vm_opts.enhanced_redefinition) return 0;
    return field_count + SPARE_FIELDS <= 0xFFFE ? SPARE_FIELDS : 0;
}

uint32_t redef_spare_static_bytes(void) { return vm_opts.enhanced_redefinition ? SPARE_STATIC_BYTES : 0; }

/* The default slack of redef_instance_slack: four 8-byte fields (references, longs,
 * doubles), or more smaller ones. */
#define DEFAULT_INSTANCE_SLACK 32

uint32_t redef_instance_slack(const Class *c)
{
    if (!vm_opts.enhanced_redefinition) return 0;
    /* Which classes: those a developer hot-swaps, the application's and its libraries'
     * (every class loader but the boot loader, so the platform loader's JDK modules
     * too). The boot loader's classes (String, collections, ...) are the JDK's: slack
     * there would grow most objects of every program for a change nobody makes; they
     * still take fields that fit their cells' padding (plan_fields). */
    if (c->loader == NULL || (c->flags & (CLASS_F_HIDDEN | CLASS_F_REDEF_SCRATCH))) return 0;
    uint32_t slack = vm_opts.enhanced_slack_set ? vm_opts.enhanced_slack : DEFAULT_INSTANCE_SLACK;
    return ALIGN_UP(slack, 8u);
}

/* HotSpot's rule for the methods a redefinition may add or delete: none, unless
 * -XX:+AllowRedefinitionToAddDeleteMethods, then private ones that are static or final
 * (no vtable slot, no override). With -XX:+AllowEnhancedClassRedefinition, any. */
static bool can_add_or_delete(uint16_t access)
{
    if (vm_opts.enhanced_redefinition) return true;
    return vm_opts.redefine_add_delete_methods && (access & ACC_PRIVATE) && (access & (ACC_STATIC | ACC_FINAL));
}

/* The enhanced mode (-XX:+AllowEnhancedClassRedefinition): what compare lets change
 * beyond HotSpot's rules. */
static inline bool enhanced(void) { return vm_opts.enhanced_redefinition; }

static OsMutex redef_lock;  /* serializes redefinitions */
static Class **versioned;   /* classes with old versions (changed at safepoints only) */
static int nversioned, versioned_cap;
static uint32_t redefined_count_offset; /* java.lang.Class.classRedefinedCount, 0 = unknown */

/* Recursive: a redefinition loads classes, whose hooks may redefine. */
void redef_init(void) { os_mutex_init_recursive(&redef_lock); }

bool redef_is_modifiable(const Class *c)
{
    return c != NULL && c->cf != NULL && !class_is_array(c) && !class_is_primitive(c) &&
           !(c->flags & CLASS_F_HIDDEN) && c->shadow_of == NULL;
}

static struct RedefInfo *info_of(Class *c)
{
    if (c->redef == NULL) c->redef = vm_calloc(1, sizeof(struct RedefInfo));
    return c->redef;
}

const uint8_t *redef_retransform_bytes(const Class *c, size_t *len)
{
    if (c->redef != NULL && c->redef->cache != NULL) {
        *len = c->redef->cache_len;
        return c->redef->cache;
    }
    *len = c->cf->length;
    return c->cf->bytes;
}

void redef_set_retransform_bytes(Class *c, uint8_t *bytes, size_t len)
{
    struct RedefInfo *r = info_of(c);
    free(r->cache);
    r->cache = bytes;
    r->cache_len = len;
}

/* ------------------------------------------------------------------------------------ */
/* Reasons                                                                              */
/* ------------------------------------------------------------------------------------ */

typedef struct Why {
    char *buf;
    size_t size;
} Why;

static RedefResult refuse(Why *w, RedefResult r, const char *fmt, ...)
{
    if (w->buf != NULL && w->size > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(w->buf, w->size, fmt, ap);
        va_end(ap);
    }
    return r;
}

/* ------------------------------------------------------------------------------------ */
/* What changed (the one place that decides what a redefinition may change)            */
/* ------------------------------------------------------------------------------------ */

/* JVM_RECOGNIZED_CLASS_MODIFIERS and JVM_RECOGNIZED_FIELD_MODIFIERS of HotSpot: the
 * modifiers whose change HotSpot refuses. */
#define CLASS_MODIFIERS                                                                     \
    (ACC_PUBLIC | ACC_FINAL | ACC_SUPER | ACC_INTERFACE | ACC_ABSTRACT | ACC_ANNOTATION |  \
     ACC_ENUM | ACC_SYNTHETIC)
#define FIELD_MODIFIERS                                                                     \
    (ACC_PUBLIC | ACC_PRIVATE | ACC_PROTECTED | ACC_STATIC | ACC_FINAL | ACC_VOLATILE |    \
     ACC_TRANSIENT | ACC_ENUM | ACC_SYNTHETIC)

/* Do two lists of CP Class indexes name the same classes, in any order? */
static bool same_class_set(const ClassFile *a, const uint16_t *ai, int an, const ClassFile *b,
                           const uint16_t *bi, int bn)
{
    if (an != bn) return false;
    for (int i = 0; i < an; i++) {
        const char *n = cf_class_name(a, ai[i]);
        bool found = false;
        for (int j = 0; j < bn && !found; j++) found = cf_class_name(b, bi[j]) == n;
        if (!found) return false;
    }
    return true;
}

static RedefResult compare_attributes(const ClassFile *o, const ClassFile *n, Why *w)
{
    /* JVMS 4.7.28/29 NestHost, NestMembers; 4.7.30 Record; 4.7.31 PermittedSubclasses. */
    if ((o->nest_host != 0) != (n->nest_host != 0) ||
        (o->nest_host != 0 && cf_class_name(o, o->nest_host) != cf_class_name(n, n->nest_host)))
        return refuse(w, REDEF_CLASS_ATTRIBUTE_CHANGED, "the NestHost attribute changed");
    if (!same_class_set(o, o->nest_members, o->nest_member_count, n, n->nest_members,
                        n->nest_member_count))
        return refuse(w, REDEF_CLASS_ATTRIBUTE_CHANGED, "the NestMembers attribute changed");
    if (o->is_record != n->is_record || o->record_component_count != n->record_component_count)
        return refuse(w, REDEF_CLASS_ATTRIBUTE_CHANGED, "the Record attribute changed");
    for (int i = 0; i < o->record_component_count; i++) {
        const CfRecordComponent *a = &o->record_components[i], *b = &n->record_components[i];
        if (a->name != b->name || a->desc != b->desc || a->signature != b->signature)
            return refuse(w, REDEF_CLASS_ATTRIBUTE_CHANGED, "record component %s changed", a->name);
    }
    if (o->has_permitted_subclasses != n->has_permitted_subclasses ||
        !same_class_set(o, o->permitted_subclasses, o->permitted_subclass_count, n,
                        n->permitted_subclasses, n->permitted_subclass_count))
        return refuse(w, REDEF_CLASS_ATTRIBUTE_CHANGED, "the PermittedSubclasses attribute changed");
    return REDEF_OK;
}

/* s->fields[j] is a field the live class does not have (compare_fields' map). */
#define FMAP_ADDED 0xFFFF

/*
 * Enhanced mode: fields match by name, descriptor and staticness (a field whose type or
 * staticness changes is deleted and added); fmap[j] is the record s->fields[j] keeps, or
 * FMAP_ADDED. Added fields need records (Class.field_cap) and room in the mirror or in the
 * instances (placed at the safepoint, plan_fields); what can never work is refused here.
 */
static RedefResult compare_fields(const Class *c, const Class *s, uint16_t *fmap, bool *changed, Why *w)
{
    uint8_t *seen = vm_calloc(c->field_count + 1u, 1);
    int added = 0;
    RedefResult r = REDEF_OK;
    for (int j = 0; j < s->field_count && r == REDEF_OK; j++) {
        const Field *b = &s->fields[j];
        int i = 0;
        while (i < c->field_count && (c->fields[i].deleted || c->fields[i].name != b->name ||
                                      c->fields[i].desc != b->desc ||
                                      ((c->fields[i].access ^ b->access) & ACC_STATIC)))
            i++;
        if (i < c->field_count) {
            fmap[j] = (uint16_t)i;
            seen[i] = 1;
            if ((c->fields[i].access ^ b->access) & FIELD_MODIFIERS) *changed = true;
            continue;
        }
        fmap[j] = FMAP_ADDED;
        added++;
        *changed = true;
        if (!(b->access & ACC_STATIC) && (c == wk.Object || (c->flags & CLASS_F_MIRROR)))
            r = refuse(w, REDEF_SCHEMA_CHANGED, "instance field %s %s was added to %s: every object starts with "
                       "Object's fields, and Class's instances carry statics after theirs", b->desc, b->name, c->name);
    }
    for (int i = 0; i < c->field_count; i++)
        if (!seen[i] && !c->fields[i].deleted) *changed = true;
    free(seen);
    if (r == REDEF_OK && c->field_count + added > c->field_cap)
        r = refuse(w, REDEF_SCHEMA_CHANGED, "%d field(s) were added to %s, which has room for %d more (room is made "
                   "for %d added fields in every class defined with -XX:+AllowEnhancedClassRedefinition)",
                   added, c->name, c->field_cap - c->field_count, SPARE_FIELDS);
    return r;
}

/*
 * Compares the live class c with the scratch class s made from the new bytes, in
 * HotSpot's order (hierarchy, class modifiers, class attributes, fields, methods), and
 * fills map[j] with the index in c->methods of the method s->methods[j] replaces
 * (MAP_ADDED: none). In the enhanced mode the method set and the modifiers may change:
 * *dispatch is then set when the vtables and itables of c, its subclasses and
 * implementors must be rebuilt and the call sites quickened to c's methods redecided.
 */
static RedefResult compare(const Class *c, const Class *s, uint16_t *map, bool *dispatch, uint16_t *fmap,
                           bool *fields, Why *w)
{
    const ClassFile *o = c->cf, *n = s->cf;
    if (o->super_name != n->super_name)
        return refuse(w, REDEF_HIERARCHY_CHANGED, "the superclass changed from %s to %s",
                      o->super_name ? o->super_name : "none", n->super_name ? n->super_name : "none");
    if (o->interface_count != n->interface_count)
        return refuse(w, REDEF_HIERARCHY_CHANGED, "the number of interfaces changed from %d to %d",
                      o->interface_count, n->interface_count);
    for (int i = 0; i < o->interface_count; i++)
        if (cf_class_name(o, o->interfaces[i]) != cf_class_name(n, n->interfaces[i]))
            return refuse(w, REDEF_HIERARCHY_CHANGED, "interface %d changed from %s to %s", i,
                          cf_class_name(o, o->interfaces[i]), cf_class_name(n, n->interfaces[i]));
    /* Enhanced: any modifier but the kind of type (interface, annotation), on which the
     * dispatch tables' shape depends. */
    uint16_t fixed = enhanced() ? (ACC_INTERFACE | ACC_ANNOTATION) : CLASS_MODIFIERS;
    if ((o->access ^ n->access) & fixed)
        return refuse(w, REDEF_CLASS_MODIFIERS_CHANGED, "the class modifiers changed from 0x%x to 0x%x%s",
                      o->access & CLASS_MODIFIERS, n->access & CLASS_MODIFIERS,
                      enhanced() ? " (a class cannot become an interface or annotation, nor the reverse)" : "");
    if ((o->access ^ n->access) & CLASS_MODIFIERS) *dispatch = true;
    RedefResult r = compare_attributes(o, n, w);
    if (r != REDEF_OK) return r;

    if (enhanced()) {
        r = compare_fields(c, s, fmap, fields, w);
        if (r != REDEF_OK) return r;
    } else if (o->field_count != n->field_count) {
        return refuse(w, REDEF_SCHEMA_CHANGED, "the number of fields changed from %d to %d",
                      o->field_count, n->field_count);
    }
    for (int i = 0; !enhanced() && i < o->field_count; i++) {
        fmap[i] = (uint16_t)i;
        const CfField *a = &o->fields[i], *b = &n->fields[i];
        if (a->name != b->name || a->desc != b->desc)
            return refuse(w, REDEF_SCHEMA_CHANGED, "field %d changed from %s %s to %s %s", i, a->desc,
                          a->name, b->desc, b->name);
        if ((a->access ^ b->access) & FIELD_MODIFIERS)
            return refuse(w, REDEF_SCHEMA_CHANGED, "the modifiers of field %s changed from 0x%x to 0x%x",
                          a->name, a->access & FIELD_MODIFIERS, b->access & FIELD_MODIFIERS);
    }

    /* Methods match by name and descriptor; the order may change. Private static or
     * final methods may come and go with -XX:+AllowRedefinitionToAddDeleteMethods
     * (HotSpot's rule), within the room the class has. */
    uint8_t *seen = vm_calloc(c->method_count + 1, 1);
    int added = 0;
    r = REDEF_OK;
    for (int j = 0; j < s->method_count && r == REDEF_OK; j++) {
        const Method *b = &s->methods[j];
        /* A method that becomes static or stops being static is another method (its
         * arguments differ): the old one is deleted, the new one added (enhanced mode),
         * so call sites resolved to the old one throw instead of passing wrong slots. */
        uint16_t stat = enhanced() ? ACC_STATIC : 0;
        int i = 0;
        while (i < c->method_count && (c->methods[i].name != b->name || c->methods[i].desc != b->desc ||
                                       ((c->methods[i].access ^ b->access) & stat) ||
                                       (c->methods[i].flags & METHOD_F_DELETED)))
            i++;
        if (i == c->method_count) {
            if (!can_add_or_delete(b->access)) {
                r = refuse(w, REDEF_METHOD_ADDED, "method %s%s was added", b->name, b->desc);
                break;
            }
            if (enhanced() && c == wk.Object) {
                r = refuse(w, REDEF_METHOD_ADDED, "method %s%s was added to java/lang/Object, whose vtable "
                           "arrays and interfaces share: not even with -XX:+AllowEnhancedClassRedefinition",
                           b->name, b->desc);
                break;
            }
            *dispatch = *dispatch || enhanced(); /* flag off: private methods, no tables */
            /* A method an earlier redefinition deleted comes back in its old record. */
            int d = 0;
            while (d < c->method_count && (c->methods[d].name != b->name || c->methods[d].desc != b->desc ||
                                           !(c->methods[d].flags & METHOD_F_DELETED) ||
                                           ((c->methods[d].access ^ b->access) & ACC_STATIC)))
                d++;
            if (d < c->method_count) {
                map[j] = (uint16_t)d;
                seen[d] = 1;
                continue;
            }
            if (c->method_count + ++added > c->method_cap) {
                r = refuse(w, REDEF_METHOD_ADDED, "method %s%s was added: no room for more methods in %s "
                           "(%d; room is made for %d added methods in classes defined once a tool may redefine, "
                           "in every class with -XX:+AllowEnhancedClassRedefinition)",
                           b->name, b->desc, c->name, c->method_cap, SPARE_METHODS);
                break;
            }
            map[j] = MAP_ADDED;
            continue;
        }
        const Method *a = &c->methods[i];
        /* HotSpot lets only the native bit change (native method prefixes); the enhanced
         * mode any (the static bit changes a method's identity: above). */
        if (((a->access ^ b->access) & 0x7FFF & ~ACC_NATIVE) && enhanced() && c != wk.Object)
            *dispatch = true;
        else if ((a->access ^ b->access) & 0x7FFF & ~ACC_NATIVE)
            r = refuse(w, REDEF_METHOD_MODIFIERS_CHANGED,
                       "the modifiers of method %s%s changed from 0x%x to 0x%x", a->name, a->desc,
                       a->access, b->access);
        map[j] = (uint16_t)i;
        seen[i] = 1;
    }
    for (int i = 0; i < c->method_count && r == REDEF_OK; i++) {
        if (seen[i] || (c->methods[i].flags & METHOD_F_DELETED)) continue;
        if (!can_add_or_delete(c->methods[i].access) || (enhanced() && c == wk.Object))
            r = refuse(w, REDEF_METHOD_DELETED, "method %s%s was deleted", c->methods[i].name,
                       c->methods[i].desc);
        *dispatch = *dispatch || enhanced();
    }
    free(seen);
    return r;
}

/* ------------------------------------------------------------------------------------ */
/* Equivalent modulo constant pool (EMCP)                                               */
/* ------------------------------------------------------------------------------------ */

static bool same_constant(const ClassFile *a, uint16_t i, const ClassFile *b, uint16_t j, int depth);

static bool same_bootstrap(const ClassFile *a, uint16_t i, const ClassFile *b, uint16_t j, int depth)
{
    const CfBootstrapMethod *x = &a->bootstrap_methods[i], *y = &b->bootstrap_methods[j];
    if (x->arg_count != y->arg_count || !same_constant(a, x->method_handle, b, y->method_handle, depth + 1))
        return false;
    for (int k = 0; k < x->arg_count; k++)
        if (!same_constant(a, x->args[k], b, y->args[k], depth + 1)) return false;
    return true;
}

/* Do entry i of a's pool and entry j of b's name the same constant? */
static bool same_constant(const ClassFile *a, uint16_t i, const ClassFile *b, uint16_t j, int depth)
{
    if (depth > 8) return false; /* nested dynamic constants: give up, call it changed */
    if (a->cp_tags[i] != b->cp_tags[j]) return false;
    const CfConstant *x = &a->cp[i], *y = &b->cp[j];
    switch (a->cp_tags[i]) {
    case CONSTANT_Utf8:
        return cf_utf8(a, i) == cf_utf8(b, j);
    case CONSTANT_Integer:
    case CONSTANT_Float:
        return x->u.i == y->u.i;
    case CONSTANT_Long:
    case CONSTANT_Double:
        return x->u.j == y->u.j;
    case CONSTANT_Class:
    case CONSTANT_String:
    case CONSTANT_MethodType:
    case CONSTANT_Module:
    case CONSTANT_Package:
        return cf_utf8(a, x->u.index) == cf_utf8(b, y->u.index);
    case CONSTANT_Fieldref:
    case CONSTANT_Methodref:
    case CONSTANT_InterfaceMethodref:
        return same_constant(a, x->u.ref.class_index, b, y->u.ref.class_index, depth + 1) &&
               same_constant(a, x->u.ref.nat_index, b, y->u.ref.nat_index, depth + 1);
    case CONSTANT_NameAndType:
        return cf_utf8(a, x->u.nat.name_index) == cf_utf8(b, y->u.nat.name_index) &&
               cf_utf8(a, x->u.nat.desc_index) == cf_utf8(b, y->u.nat.desc_index);
    case CONSTANT_MethodHandle:
        return x->u.mh.kind == y->u.mh.kind &&
               same_constant(a, x->u.mh.ref_index, b, y->u.mh.ref_index, depth + 1);
    case CONSTANT_Dynamic:
    case CONSTANT_InvokeDynamic:
        return same_constant(a, x->u.dyn.nat_index, b, y->u.dyn.nat_index, depth + 1) &&
               same_bootstrap(a, x->u.dyn.bsm_index, b, y->u.dyn.bsm_index, depth);
    default:
        return false;
    }
}

static uint16_t u2(const uint8_t *p) { return (uint16_t)((p[0] << 8) | p[1]); }

/* Is the new code the old one with other constant-pool indexes (HotSpot's
 * MethodComparator)? Same instructions, same operands, constants compared by value. */
static bool emcp(const ClassFile *ocf, const CfCode *oc, const ClassFile *ncf, const CfCode *nc)
{
    if (oc == NULL || nc == NULL) return oc == nc;
    if (oc->code_length != nc->code_length) return false;
    const uint8_t *a = oc->code, *b = nc->code;
    for (uint32_t pc = 0; pc < oc->code_length;) {
        uint8_t op = a[pc];
        if (op != b[pc]) return false;
        int len = bc_length(a, a + pc);
        if (len <= 0 || pc + (uint32_t)len > oc->code_length || bc_length(b, b + pc) != len) return false;
        switch (op) {
        case OP_ldc:
            if (!same_constant(ocf, a[pc + 1], ncf, b[pc + 1], 0)) return false;
            break;
        case OP_ldc_w: case OP_ldc2_w: case OP_getstatic: case OP_putstatic: case OP_getfield:
        case OP_putfield: case OP_invokevirtual: case OP_invokespecial: case OP_invokestatic:
        case OP_invokeinterface: case OP_invokedynamic: case OP_new: case OP_anewarray:
        case OP_checkcast: case OP_instanceof: case OP_multianewarray:
            if (!same_constant(ocf, u2(a + pc + 1), ncf, u2(b + pc + 1), 0)) return false;
            if (len > 3 && memcmp(a + pc + 3, b + pc + 3, (size_t)len - 3) != 0) return false;
            break;
        default:
            if (memcmp(a + pc, b + pc, (size_t)len) != 0) return false;
        }
        pc += (uint32_t)len;
    }
    return true;
}

/* ------------------------------------------------------------------------------------ */
/* Preparing                                                                            */
/* ------------------------------------------------------------------------------------ */

typedef struct Prepared {
    Class *c;      /* the live class */
    Class *s;      /* the scratch class of the new version */
    uint16_t *map; /* s->methods[j] replaces c->methods[map[j]] */
    bool dispatch; /* enhanced: the dispatch tables must be rebuilt (compare) */
    uint16_t *fmap; /* s->fields[j] is c->fields[fmap[j]], or FMAP_ADDED */
    bool fields;    /* enhanced: fields were added, deleted or changed modifiers */
    uint32_t *foff; /* the offset of each added field s->fields[j] (plan_fields) */
    uint32_t mirror_end, instance_end; /* the statics' and instances' new ends */
    bool in_slack; /* the added instance fields went in the class's slack (plan_fields) */
    /* The ConstantValue of each added static s->fields[j] that has one (JVMS 5.5, as
     * preparation sets it), read before the safepoint (prepare_constants): a primitive's
     * bytes, or a String's index in the redefinition's array of interned strings. */
    uint64_t *cbits;
} Prepared;

static bool exception_is(Thread *t, const char *name)
{
    Object *e = exc_pending(t);
    if (e == NULL) return false;
    for (const Class *k = e->klass; k != NULL; k = k->super)
        if (strcmp(k->name, name) == 0) return true;
    return false;
}

/* The result for the exception that parsing or creating the scratch class left pending
 * (HotSpot's mapping in VM_RedefineClasses::load_new_class_versions). Clears it. */
static RedefResult result_of_exception(Thread *t, Why *w)
{
    RedefResult r = exception_is(t, "java/lang/UnsupportedClassVersionError") ? REDEF_UNSUPPORTED_VERSION
                    : exception_is(t, "java/lang/ClassFormatError")           ? REDEF_INVALID_CLASS_FORMAT
                    : exception_is(t, "java/lang/ClassCircularityError")      ? REDEF_CIRCULAR_CLASS_DEFINITION
                    : exception_is(t, "java/lang/NoClassDefFoundError")       ? REDEF_NAMES_DONT_MATCH
                    : exception_is(t, "java/lang/OutOfMemoryError")           ? REDEF_OUT_OF_MEMORY
                                                                              : REDEF_INTERNAL;
    Object *e = exc_pending(t);
    char *msg = e ? str_to_mutf8(FIELD_GET(e, wk_off.Throwable_detailMessage, Object *)) : NULL;
    refuse(w, r, "%s while loading the new version: %s", e ? e->klass->name : "an error", msg ? msg : "");
    free(msg);
    exc_clear(t);
    return r;
}

static RedefResult prepare(Thread *t, RedefDef *d, Prepared *p, Why *w)
{
    Class *c = d->klass;
    if (!redef_is_modifiable(c)) return refuse(w, REDEF_UNMODIFIABLE_CLASS, "%s cannot be modified", c->name);
    /* HotSpot links the class first. */
    if (!class_verify(t, c)) {
        exc_clear(t);
        return refuse(w, REDEF_INTERNAL, "%s could not be linked", c->name);
    }
    char err[CF_MAX_ERROR];
    CfErrorKind kind = CF_ERR_FORMAT;
    ClassFile *cf = cf_parse(d->bytes, d->len, c->name, err, &kind);
    if (cf == NULL)
        return refuse(w, kind == CF_ERR_VERSION        ? REDEF_UNSUPPORTED_VERSION
                         : kind == CF_ERR_NO_CLASS_DEF ? REDEF_NAMES_DONT_MATCH
                                                       : REDEF_INVALID_CLASS_FORMAT,
                      "%s", err);
    if (cf->access & ACC_MODULE) {
        cf_free(cf);
        return refuse(w, REDEF_NAMES_DONT_MATCH, "%s is not a class because access_flag ACC_MODULE is set",
                      c->name);
    }
    if (cf->this_name != c->name) {
        RedefResult r = refuse(w, REDEF_NAMES_DONT_MATCH, "%s (wrong name: %s)", c->name, cf->this_name);
        cf_free(cf);
        return r;
    }
    /* The supertypes are loaded as for a definition: a supertype that cannot be loaded
     * because of a cycle among classes not yet loaded is CIRCULAR_CLASS_DEFINITION (a
     * version naming the class itself as its superclass finds it loaded: HotSpot then
     * reports a changed hierarchy, and so does compare). */
    Class *s = class_create(t, cf, c->loader, CLASS_F_REDEF_SCRATCH); /* takes cf */
    if (s == NULL) return result_of_exception(t, w);
    p->c = c;
    p->s = s;
    p->map = vm_calloc(s->method_count + 1, sizeof(uint16_t));
    p->fmap = vm_calloc(s->field_count + 1u, sizeof(uint16_t));
    p->foff = vm_calloc(s->field_count + 1u, sizeof(uint32_t));
    RedefResult r = compare(c, s, p->map, &p->dispatch, p->fmap, &p->fields, w);
    if (r != REDEF_OK) return r;
    /* Verification as HotSpot's redefinition verifies (BytecodeVerificationRemote for
     * classes of other loaders than the boot loader); any failure is FAILS_VERIFICATION. */
    if (verify_is_eligible(s) && !verify_class(t, s)) {
        Object *e = exc_pending(t);
        r = exception_is(t, "java/lang/OutOfMemoryError") ? REDEF_OUT_OF_MEMORY : REDEF_FAILS_VERIFICATION;
        char *msg = e ? str_to_mutf8(FIELD_GET(e, wk_off.Throwable_detailMessage, Object *)) : NULL;
        refuse(w, r, "verification failed: %s: %s", e ? e->klass->name : "?", msg ? msg : "");
        free(msg);
        exc_clear(t);
        return r;
    }
    return REDEF_OK;
}

static void prepared_free(Prepared *p)
{
    if (p->s != NULL) class_free(p->s);
    free(p->map);
    free(p->fmap);
    free(p->foff);
    free(p->cbits);
    p->cbits = NULL;
    p->s = NULL;
    p->map = NULL;
    p->fmap = NULL;
    p->foff = NULL;
}

/* ------------------------------------------------------------------------------------ */
/* Old versions                                                                         */
/* ------------------------------------------------------------------------------------ */

static void version_free(Class *sh)
{
    if (sh->methods != NULL) {
        for (int i = 0; i < sh->method_count; i++) {
            Method *m = &sh->methods[i];
            if (m->clazz == NULL) continue;
            if (m->code != NULL) interp_breakpoint_forget(m->code, m->code_length);
            free(m->code);
            oopmap_free_maps(m->gc_maps);
        }
        jvmti_class_unloading(sh);
        ids_free(sh->methods, (size_t)sh->method_count * sizeof(Method));
    }
    resolve_release(sh);
    free((void *)sh->cp.resolved);
    free(sh->cp.aux);
    mh_free_class_tables(sh);
    if (sh->cf) cf_free(sh->cf);
    free(sh);
}

static void versioned_add(Class *c)
{
    for (int i = 0; i < nversioned; i++)
        if (versioned[i] == c) return;
    if (nversioned == versioned_cap) {
        versioned_cap = versioned_cap ? versioned_cap * 2 : 16;
        versioned = vm_realloc(versioned, (size_t)versioned_cap * sizeof *versioned);
    }
    versioned[nversioned++] = c;
}

static void versioned_remove(Class *c)
{
    for (int i = 0; i < nversioned; i++)
        if (versioned[i] == c) {
            versioned[i] = versioned[--nversioned];
            return;
        }
}

void redef_for_each_emcp_copy(Method *m, void (*fn)(Method *copy, void *arg), void *arg)
{
    struct RedefInfo *r = m->clazz->redef;
    if (r == NULL || m->clazz->shadow_of != NULL) return;
    for (int i = 0; i < r->nversions; i++) {
        Class *sh = r->versions[i];
        if (m->index >= sh->method_count) continue;
        Method *copy = &sh->methods[m->index];
        if (copy->clazz != NULL && !(copy->flags & METHOD_F_OBSOLETE)) fn(copy, arg);
    }
}

Method *redef_method_version(Method *m, uint32_t version)
{
    if (m->clazz->redef_count == version) return m;
    struct RedefInfo *r = m->clazz->redef;
    if (r == NULL || m->clazz->shadow_of != NULL) return NULL;
    for (int i = 0; i < r->nversions; i++) {
        Class *sh = r->versions[i];
        if (sh->redef_count != version || m->index >= sh->method_count) continue;
        Method *copy = &sh->methods[m->index];
        return copy->clazz != NULL ? copy : NULL;
    }
    return NULL;
}

void redef_visit_versions(Class *c, RootVisitor *v)
{
    struct RedefInfo *r = c->redef;
    if (r == NULL) return;
    for (int i = 0; i < r->nversions; i++) class_visit_refs(r->versions[i], v);
}

/* Marks (Class.redef_count's spare use is avoided: a small set) the shadows frames run. */
typedef struct LiveSet {
    Class **items;
    int n, cap;
    bool resolving; /* some thread is inside a resolution: free nothing */
} LiveSet;

static void live_add(LiveSet *s, Class *sh)
{
    for (int i = 0; i < s->n; i++)
        if (s->items[i] == sh) return;
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 16;
        s->items = vm_realloc(s->items, (size_t)s->cap * sizeof *s->items);
    }
    s->items[s->n++] = sh;
}

static void collect_live(Thread *t, void *arg)
{
    LiveSet *s = arg;
    if (t->resolving != 0) s->resolving = true;
    for (Frame *f = t->top_frame; f != NULL; f = f->prev) {
        if (f->method == NULL || (f->flags & (FRAME_ENTRY | FRAME_NATIVE))) continue;
        if (f->method->clazz->shadow_of != NULL) live_add(s, f->method->clazz);
    }
}

/* At a safepoint: frees the old versions no frame runs. */
void redef_sweep_versions(void)
{
    if (nversioned == 0) return;
    LiveSet live = {0};
    thread_for_each(collect_live, &live);
    if (!live.resolving) {
        for (int k = 0; k < nversioned;) {
            Class *c = versioned[k];
            struct RedefInfo *r = c->redef;
            int kept = 0;
            for (int i = 0; i < r->nversions; i++) {
                Class *sh = r->versions[i];
                bool running = false;
                for (int j = 0; j < live.n && !running; j++) running = live.items[j] == sh;
                if (running)
                    r->versions[kept++] = sh;
                else
                    version_free(sh);
            }
            r->nversions = kept;
            if (kept == 0)
                versioned[k] = versioned[--nversioned];
            else
                k++;
        }
    }
    free(live.items);
}

void redef_free_class(Class *c)
{
    struct RedefInfo *r = c->redef;
    if (r == NULL) return;
    for (int i = 0; i < r->nversions; i++) version_free(r->versions[i]);
    if (r->nversions > 0) versioned_remove(c);
    free(r->versions);
    free(r->cache);
    for (int i = 0; i < r->nstubs; i++) free(r->stubs[i]);
    free(r->stubs);
    for (int i = 0; i < r->nfstubs; i++) free(r->fstubs[i]);
    free(r->fstubs);
    free(r);
    c->redef = NULL;
}

/* ------------------------------------------------------------------------------------ */
/* Installing (at the safepoint)                                                        */
/* ------------------------------------------------------------------------------------ */

typedef struct FrameScan {
    Class *c;
    uint8_t *running; /* [c->method_count]: a frame runs c->methods[i] */
    bool any;
} FrameScan;

static bool runs_method_of(const Frame *f, const Class *c)
{
    if (f->method == NULL || (f->flags & (FRAME_ENTRY | FRAME_NATIVE))) return false;
    return f->method->clazz == c;
}

static void scan_frames(Thread *t, void *arg)
{
    FrameScan *s = arg;
    for (Frame *f = t->top_frame; f != NULL; f = f->prev)
        if (runs_method_of(f, s->c)) {
            s->running[f->method->index] = 1;
            s->any = true;
        }
}

static void retarget_frames(Thread *t, void *arg)
{
    Class *sh = arg;
    Class *c = sh->shadow_of;
    for (Frame *f = t->top_frame; f != NULL; f = f->prev)
        if (runs_method_of(f, c)) f->method = &sh->methods[f->method->index];
}

/* A call of a method that a redefinition deleted (from old code that resolved it): as
 * HotSpot, NoSuchMethodError naming it. The method is that of the call's (native) frame. */
static void deleted_method_called(Thread *t, Slot *args, Slot *ret)
{
    (void)args;
    (void)ret;
    Method *m = t->top_frame->method;
    char sig[1024];
    resolve_format_method(m->clazz->name, m->name, m->desc, sig, sizeof sig);
    exc_throw(t, "java/lang/NoSuchMethodError", "%s", sig);
}

/* Turns m into the record of a deleted method (its code was freed or given to a copy). */
static void delete_method(Class *c, Method *m)
{
    struct RedefInfo *r = info_of(c);
    CfMethod *stub = vm_calloc(1, sizeof(CfMethod));
    stub->access = m->cf->access;
    stub->name = m->cf->name;
    stub->desc = m->cf->desc;
    stub->signature = m->cf->signature;
    if (r->nstubs == r->stubs_cap) {
        r->stubs_cap = r->stubs_cap ? r->stubs_cap * 2 : 4;
        r->stubs = vm_realloc(r->stubs, (size_t)r->stubs_cap * sizeof *r->stubs);
    }
    r->stubs[r->nstubs++] = stub;
    m->cf = stub;
    m->code = NULL;
    m->code_length = 0;
    m->gc_maps = NULL;
    m->max_stack = 0;
    m->max_locals = m->arg_slots;
    m->vm_native = deleted_method_called;
    m->flags |= METHOD_F_DELETED | METHOD_F_OBSOLETE | METHOD_F_INTRINSIC;
    m->access &= (uint16_t)~ACC_ABSTRACT; /* called, it throws NoSuchMethodError, not AME */
    m->vtable_index = METHOD_NO_VTABLE;
}

/* A loaded subclass of c (c itself excluded). */
typedef struct Subclasses {
    Class *c;
    Class **list;
    int n, cap;
} Subclasses;

static void collect_subclass(Class *k, void *arg)
{
    Subclasses *sc = arg;
    if (k == sc->c || class_is_array(k) || class_is_primitive(k) || k->shadow_of != NULL ||
        (k->flags & CLASS_F_REDEF_SCRATCH) || !class_is_subclass_of(k, sc->c))
        return;
    if (sc->n == sc->cap) {
        sc->cap = sc->cap ? sc->cap * 2 : 16;
        sc->list = vm_realloc(sc->list, (size_t)sc->cap * sizeof *sc->list);
    }
    sc->list[sc->n++] = k;
}

/*
 * Enhanced mode, at the safepoint before anything is installed: places the fields p adds.
 * Objects never move (heap.h), and a Field's offset is its identity for quickened code,
 * Unsafe and reflection, so fields that stay keep their offsets and an added field takes
 * bytes no field used: a static one past the statics in the mirror (the mirror's cell:
 * mirrors are made with room while the flag is on), instance ones in the class's slack
 * (redef_instance_slack) when they all fit there, else past the fields of the class and
 * of all its loaded subclasses, within the cell every instance of each of them already
 * occupies (its size class). When that room is short the redefinition is refused,
 * SCHEMA_CHANGED, with the sizes in the reason.
 */
typedef struct CellScan {
    Class *c;
    size_t min;        /* the smallest cell an instance of c or a subclass occupies */
    const char *tight; /* its class */
} CellScan;

static void scan_cells(Object *o, size_t size, void *arg)
{
    CellScan *cs = arg;
    Class *k = o->klass;
    if (class_is_array(k) || (k != cs->c && !class_is_subclass_of(k, cs->c))) return;
    if (size < cs->min) {
        cs->min = size;
        cs->tight = k->name;
    }
}

/* Does p add an instance field? */
static bool adds_instance_field(const Prepared *p)
{
    for (int j = 0; p->fields && j < p->s->field_count; j++)
        if (p->fmap[j] == FMAP_ADDED && !(p->s->fields[j].access & ACC_STATIC)) return true;
    return false;
}

/* Does the added field s->fields[j] of p have a ConstantValue attribute? */
static bool added_constant(const Prepared *p, int j)
{
    const Field *f = &p->s->fields[j];
    return p->fmap[j] == FMAP_ADDED && (f->access & ACC_STATIC) && f->cf->constant_value != 0;
}

/*
 * Enhanced mode, before the safepoint: the values of the ConstantValue attributes of the
 * static fields p adds (JVMS 5.5: preparation gives a static field with one its constant;
 * an added field is prepared by the redefinition, as class_create's set_constant_values
 * does at a definition). String constants are interned here, where allocation may
 * collect, into `strs` (an Object[] the caller keeps reachable) from index *next on;
 * install_fields stores them. False with an exception pending (OutOfMemoryError).
 */
static bool prepare_constants(Thread *t, Prepared *p, Array *strs, int32_t *next)
{
    const Class *s = p->s;
    for (int j = 0; p->fields && j < s->field_count; j++) {
        if (!added_constant(p, j)) continue;
        if (p->cbits == NULL) p->cbits = vm_calloc(s->field_count + 1u, sizeof(uint64_t));
        uint16_t cv = s->fields[j].cf->constant_value;
        const CfConstant *k = &s->cp.entries[cv];
        void *addr = &p->cbits[j];
        if (class_store_constant((BasicType)s->fields[j].type, k, addr)) continue;
        switch ((BasicType)s->fields[j].type) {
        case BT_OBJECT: {
            /* The parser checked that a reference field's constant is a String. */
            const char *text = cf_utf8(s->cf, k->u.index);
            Object *str = str_intern_mutf8(t, text, strlen(text));
            if (str == NULL) return false;
            ((Object **)array_data(strs))[*next] = str;
            p->cbits[j] = (uint64_t)*next;
            (*next)++;
            break;
        }
        default: break;
        }
    }
    return true;
}

/* Places p's added instance fields from offset `at`, largest first (so that each is
 * aligned with the least padding), within `limit`. False at the first that does not fit
 * (*bad: it); *end: where the last one placed ends. */
static bool place_instance_fields(Prepared *p, uint32_t at, size_t limit, uint32_t *end, int *bad)
{
    const Class *s = p->s;
    for (int size = 8; size >= 1; size /= 2)
        for (int j = 0; j < s->field_count; j++) {
            const Field *f = &s->fields[j];
            if (p->fmap[j] != FMAP_ADDED || (f->access & ACC_STATIC) || bt_size((BasicType)f->type) != size) continue;
            uint32_t off = ALIGN_UP(at, (uint32_t)size);
            if (off + (uint32_t)size > limit) {
                *bad = j;
                *end = off;
                return false;
            }
            p->foff[j] = off;
            at = off + (uint32_t)size;
        }
    *end = at;
    return true;
}

static RedefResult plan_fields(Prepared *p, Why *w)
{
    Class *c = p->c, *s = p->s;
    uint32_t send = c->mirror_size;
    size_t scell = heap_object_size(c->mirror);
    p->in_slack = false;
    p->instance_end = c->instance_size;
    if (adds_instance_field(p)) {
        uint32_t iend;
        int bad;
        /* The class's own slack first (redef_instance_slack): bytes every instance of
         * it and of its subclasses has, that no field of theirs uses, zero since their
         * allocation. */
        if (c->field_end < c->instance_size && place_instance_fields(p, c->field_end, c->instance_size, &iend, &bad)) {
            p->in_slack = true;
            p->instance_end = iend;
        } else {
            /* Else past the fields of the class and of its subclasses, within the cell
             * every live instance already occupies. */
            iend = c->instance_size;
            CellScan cs = {.c = c, .min = SIZE_MAX, .tight = c->name};
            Subclasses sc = {.c = c};
            loader_for_each_class(collect_subclass, &sc);
            for (int i = 0; i < sc.n; i++) {
                Class *k = sc.list[i];
                if (class_is_interface(k) || k->vtable == NULL) continue; /* not laid out yet */
                if (k->instance_size > iend) iend = k->instance_size;
            }
            free(sc.list);
            /* The room is what the existing instances have: none, and the class grows. */
            heap_iterate_sized(scan_cells, &cs);
            uint32_t off;
            if (!place_instance_fields(p, iend, cs.min, &off, &bad)) {
                const Field *f = &s->fields[bad];
                return refuse(w, REDEF_SCHEMA_CHANGED,
                              "instance field %s %s added to %s needs %d bytes at offset %u, past the %zu-byte "
                              "cell that a live instance of %s occupies and the %u bytes of slack of %s (objects "
                              "do not move, so instances cannot grow; -XX:GlassEnhancedRedefinitionSlack sizes the slack)",
                              f->desc, f->name, c->name, bt_size((BasicType)f->type), off, cs.min, cs.tight,
                              c->instance_size - c->field_end, c->name);
            }
            p->instance_end = off;
        }
    }
    for (int size = 8; size >= 1; size /= 2)
        for (int j = 0; j < s->field_count; j++) {
            const Field *f = &s->fields[j];
            if (p->fmap[j] != FMAP_ADDED || !(f->access & ACC_STATIC) || bt_size((BasicType)f->type) != size) continue;
            uint32_t off = ALIGN_UP(send, (uint32_t)size);
            if (off + (uint32_t)size > scell)
                return refuse(w, REDEF_SCHEMA_CHANGED,
                              "static field %s %s added to %s needs %d bytes at offset %u of the class's mirror, "
                              "whose cell has %zu (objects do not move; mirrors get %u spare bytes with "
                              "-XX:+AllowEnhancedClassRedefinition)", f->desc, f->name, c->name, size, off, scell, SPARE_STATIC_BYTES);
            p->foff[j] = off;
            send = off + (uint32_t)size;
        }
    p->mirror_end = send;
    return REDEF_OK;
}

typedef struct NewFields {
    Class *c;
    Prepared *p;
} NewFields;

/* Instances of the class or a subclass get the default value (zero) of added fields:
 * the bytes were padding of their cells, which allocation does not clear. */
static void zero_new_fields(Object *o, void *arg)
{
    NewFields *nf = arg;
    Class *k = o->klass;
    if (class_is_array(k) || (k != nf->c && !class_is_subclass_of(k, nf->c))) return;
    Class *s = nf->p->s;
    for (int j = 0; j < s->field_count; j++)
        if (nf->p->fmap[j] == FMAP_ADDED && !(s->fields[j].access & ACC_STATIC))
            memset((char *)o + nf->p->foff[j], 0, (size_t)bt_size((BasicType)s->fields[j].type));
}

static void add_offset(uint32_t **offs, uint32_t *count, uint32_t off)
{
    *offs = vm_realloc(*offs, (*count + 1) * sizeof(uint32_t));
    (*offs)[(*count)++] = off;
}

/* Enhanced mode: the fields of p's new version (plan_fields placed the added ones;
 * strs: prepare_constants' interned String constants). */
static void install_fields(Prepared *p, Array *strs)
{
    Class *c = p->c, *s = p->s;
    struct RedefInfo *r = info_of(c);
    uint16_t old_count = c->field_count;
    uint8_t *kept = vm_calloc(old_count + 1u, 1);
    for (int j = 0; j < s->field_count; j++) {
        if (p->fmap[j] == FMAP_ADDED) continue;
        Field *f = &c->fields[p->fmap[j]];
        kept[p->fmap[j]] = 1;
        f->cf = &s->cf->fields[j];
        f->signature = f->cf->signature;
        f->access = f->cf->access;
    }
    /* Deleted fields keep their records (jfieldIDs) and their bytes, left out of lookups
     * and listings; their parsed form is a copy, since the class file goes. */
    for (int i = 0; i < old_count; i++) {
        Field *f = &c->fields[i];
        if (kept[i] || f->deleted) continue;
        CfField *stub = vm_calloc(1, sizeof(CfField));
        stub->access = f->cf->access;
        stub->name = f->cf->name;
        stub->desc = f->cf->desc;
        stub->signature = f->cf->signature;
        if (r->nfstubs == r->fstubs_cap) {
            r->fstubs_cap = r->fstubs_cap ? r->fstubs_cap * 2 : 4;
            r->fstubs = vm_realloc(r->fstubs, (size_t)r->fstubs_cap * sizeof *r->fstubs);
        }
        r->fstubs[r->nfstubs++] = stub;
        f->cf = stub;
        f->deleted = true;
    }
    free(kept);
    Subclasses sc = {.c = c};
    bool any_instance = false;
    for (int j = 0; j < s->field_count; j++) {
        if (p->fmap[j] != FMAP_ADDED) continue;
        const Field *n = &s->fields[j];
        Field *f = &c->fields[c->field_count];
        memset(f, 0, sizeof *f);
        f->clazz = c;
        f->name = n->name;
        f->desc = n->desc;
        f->signature = n->signature;
        f->access = n->access;
        f->index = c->field_count;
        f->type = n->type;
        f->trusted_final = n->trusted_final;
        f->offset = p->foff[j];
        f->cf = &s->cf->fields[j];
        bool ref = bt_is_ref((BasicType)f->type);
        if (f->access & ACC_STATIC) {
            /* New statics start at their default value, or their ConstantValue; no
             * initializer runs. */
            char *addr = (char *)c->mirror + f->offset;
            memset(addr, 0, (size_t)bt_size((BasicType)f->type));
            if (added_constant(p, j)) {
                if (ref)
                    *(Object **)addr = ((Object **)array_data(strs))[p->cbits[j]];
                else
                    memcpy(addr, &p->cbits[j], (size_t)bt_size((BasicType)f->type));
            }
            if (ref) add_offset(&c->static_ref_offsets, &c->static_ref_count, f->offset);
        } else {
            if (!any_instance) loader_for_each_class(collect_subclass, &sc);
            any_instance = true;
            if (ref) {
                add_offset(&c->ref_offsets, &c->ref_offset_count, f->offset);
                for (int i = 0; i < sc.n; i++)
                    if (!class_is_interface(sc.list[i]) && sc.list[i]->vtable != NULL)
                        add_offset(&sc.list[i]->ref_offsets, &sc.list[i]->ref_offset_count, f->offset);
            }
        }
        __atomic_store_n(&c->field_count, (uint16_t)(c->field_count + 1), __ATOMIC_RELEASE);
    }
    if (p->mirror_end > c->mirror_size) c->mirror_size = p->mirror_end;
    if (any_instance && p->in_slack) {
        /* In the slack: the sizes stay, and the bytes are zero in every instance (never
         * written since its allocation). */
        c->field_end = p->instance_end;
    } else if (any_instance) {
        /* New objects are allocated with the new size; the existing ones already had it
         * (plan_fields), and the added bytes are cleared in them. A class that grows
         * loses its slack (the added fields lie past it: it would no longer be the last
         * bytes of the class's instances). */
        c->instance_size = c->field_end = p->instance_end;
        for (int i = 0; i < sc.n; i++)
            if (!class_is_interface(sc.list[i]) && sc.list[i]->vtable != NULL &&
                sc.list[i]->instance_size < p->instance_end)
                sc.list[i]->instance_size = sc.list[i]->field_end = p->instance_end;
        NewFields nf = {c, p};
        heap_iterate(zero_new_fields, &nf);
    }
    free(sc.list);
}

static void install(Thread *t, Prepared *p, Array *strs)
{
    Class *c = p->c, *s = p->s;
    /* JVMTI RedefineClasses: the breakpoints of the class are cleared (this restores
     * their bytes in the old code, which a copy may keep running). */
    jvmti_class_redefining(c);

    FrameScan scan = {.c = c, .running = vm_calloc(c->method_count + 1, 1)};
    thread_for_each(scan_frames, &scan);

    /* The shadow: the old version's class file, pool and call sites, and the copies of
     * the methods frames still run (the other slots read as zeros: invalid IDs). */
    Class *sh = vm_malloc(sizeof(Class));
    memcpy(sh, c, sizeof(Class));
    sh->shadow_of = c;
    sh->redef = NULL;
    sh->next_in_table = sh->next_loaded = NULL;
    sh->methods = NULL;
    sh->method_count = 0;
    if (scan.any) {
        sh->method_count = c->method_count;
        sh->methods = ids_alloc((size_t)c->method_count * sizeof(Method));
    }

    /* The methods the new version no longer has (compare let only private static or
     * final ones go): a frame still running one keeps its copy; the record stays, its
     * jmethodID obsolete, and a call to it (from old code) throws NoSuchMethodError. */
    uint8_t *kept = vm_calloc(c->method_count + 1, 1);
    for (int j = 0; j < s->method_count; j++)
        if (p->map[j] != MAP_ADDED) kept[p->map[j]] = 1;
    for (int i = 0; i < c->method_count; i++) {
        Method *m = &c->methods[i];
        if (kept[i] || (m->flags & METHOD_F_DELETED)) continue;
        if (scan.running[i]) {
            Method *copy = &sh->methods[i];
            memcpy(copy, m, sizeof(Method));
            copy->clazz = sh;
            copy->native_cif = NULL;
            copy->flags |= METHOD_F_OBSOLETE;
        } else {
            free(m->code);
            oopmap_free_maps(m->gc_maps);
        }
        delete_method(c, m);
    }
    free(kept);

    for (int j = 0; j < s->method_count; j++) {
        Method *n = &s->methods[j];
        if (p->map[j] == MAP_ADDED) {
            /* A new private method: a record of its own at the end of the array. */
            Method *m = &c->methods[c->method_count];
            memcpy(m, n, sizeof(Method));
            m->clazz = c;
            m->index = c->method_count;
            m->vtable_index = METHOD_NO_VTABLE;
            n->code = NULL;
            __atomic_store_n(&c->method_count, (uint16_t)(c->method_count + 1), __ATOMIC_RELEASE);
            continue;
        }
        Method *m = &c->methods[p->map[j]];
        if (scan.running[m->index]) {
            Method *copy = &sh->methods[m->index];
            memcpy(copy, m, sizeof(Method));
            copy->clazz = sh;
            copy->native_cif = NULL;
            if (!emcp(c->cf, m->cf->code, s->cf, n->cf->code)) copy->flags |= METHOD_F_OBSOLETE;
        } else {
            free(m->code);
            oopmap_free_maps(m->gc_maps);
        }
        bool was_native = method_is_native(m), is_native = (n->access & ACC_NATIVE) != 0;
        /* A leaf (class.h) computes what the old code did: it goes with a changed body
         * (as when a breakpoint is set), so the new code runs. */
        if (atomic_load_explicit(&m->leaf, memory_order_relaxed) != NULL && !(was_native && is_native) &&
            !(m->cf->code != NULL && n->cf->code != NULL && emcp(c->cf, m->cf->code, s->cf, n->cf->code)))
            atomic_store_explicit(&m->leaf, NULL, memory_order_relaxed);
        m->signature = n->signature;
        m->access = n->access;
        m->flags = n->flags;
        /* the typed leaf's flags go with the leaf (class.h) */
        if (atomic_load_explicit(&m->leaf, memory_order_relaxed) == NULL) m->flags &= (uint16_t)~(METHOD_F_LEAF_D | METHOD_F_LEAF_DD);
        m->max_stack = n->max_stack;
        m->max_locals = n->max_locals;
        m->code_length = n->code_length;
        m->code = n->code;
        n->code = NULL;
        m->cf = n->cf;
        m->gc_maps = NULL;
        m->intrinsic = n->intrinsic;
        if (!(was_native && is_native)) {
            /* A native method keeps its binding; one that stops or starts being native
             * (HotSpot allows it, for native method prefixes) is linked again. */
            if (was_native) native_free_cif(m);
            m->native = NULL;
            m->native_cif = NULL;
            m->vm_native = n->vm_native;
        }
    }
    if (scan.any) thread_for_each(retarget_frames, sh);
    free(scan.running);

    if (p->fields) {
        install_fields(p, strs);
    } else {
        for (int k = 0; k < c->field_count; k++) {
            Field *f = &c->fields[k];
            f->cf = &s->cf->fields[k];
            f->signature = f->cf->signature;
        }
    }

    c->cf = s->cf;
    c->cp = s->cp;
    c->jsr292 = NULL;
    c->major = s->major;
    c->minor = s->minor;
    c->inner_access = s->inner_access;
    if (enhanced()) c->access = s->access; /* compare let the modifiers change */
    s->cf = NULL;
    memset(&s->cp, 0, sizeof s->cp);
    c->redef_count++;
    if (redefined_count_offset != 0)
        FIELD_SET(c->mirror, redefined_count_offset, jint,
                  FIELD_GET(c->mirror, redefined_count_offset, jint) + 1);

    if (scan.any) {
        struct RedefInfo *r = info_of(c);
        if (r->nversions == r->cap) {
            r->cap = r->cap ? r->cap * 2 : 4;
            r->versions = vm_realloc(r->versions, (size_t)r->cap * sizeof *r->versions);
        }
        r->versions[r->nversions++] = sh;
        versioned_add(c);
        jvmti_class_version_made(sh);
    } else {
        version_free(sh);
    }
}

/* ------------------------------------------------------------------------------------ */
/* Enhanced mode: dispatch tables and call sites (at the safepoint)                     */
/* ------------------------------------------------------------------------------------ */

/* Dispatch tables replaced by enhanced redefinitions, freed at the next one: VM code of a
 * thread stopped at the safepoint may still hold one it loaded before it stopped. */
static void **retired;
static int nretired, retired_cap;

static void retire(void *p, void *arg)
{
    (void)arg;
    if (p == NULL) return;
    if (nretired == retired_cap) {
        retired_cap = retired_cap ? retired_cap * 2 : 64;
        retired = vm_realloc(retired, (size_t)retired_cap * sizeof *retired);
    }
    retired[nretired++] = p;
}

typedef struct Rebuild {
    Class **changed; /* classes whose method set or modifiers changed */
    int nchanged;
    Class **list; /* the classes whose tables are rebuilt */
    int n, cap;
} Rebuild;

static void collect_affected(Class *k, void *arg)
{
    Rebuild *rb = arg;
    if (class_is_array(k) || class_is_primitive(k) || class_is_interface(k) || k->shadow_of != NULL ||
        (k->flags & CLASS_F_REDEF_SCRATCH) || k->vtable == NULL)
        return;
    /* Not the state: a class whose linking is stopped at this safepoint (making its
     * mirror) has its tables built from the old ones already. */
    bool derives = false;
    for (int i = 0; i < rb->nchanged && !derives; i++)
        derives = k == rb->changed[i] || class_is_subclass_of(k, rb->changed[i]);
    if (!derives) return;
    if (rb->n == rb->cap) {
        rb->cap = rb->cap ? rb->cap * 2 : 32;
        rb->list = vm_realloc(rb->list, (size_t)rb->cap * sizeof *rb->list);
    }
    rb->list[rb->n++] = k;
}

static int class_depth(const Class *k)
{
    int d = 0;
    for (; k->super != NULL; k = k->super) d++;
    return d;
}

static int by_depth(const void *a, const void *b)
{
    return class_depth(*(Class *const *)a) - class_depth(*(Class *const *)b);
}

/* A method of a changed class: its dispatch or its existence may have changed. */
static bool stale_target(Method *target, void *arg)
{
    Rebuild *rb = arg;
    for (int i = 0; i < rb->nchanged; i++)
        if (target->clazz == rb->changed[i]) return true;
    return false;
}

static bool derives_changed(const Class *k, const Rebuild *rb)
{
    for (int i = 0; i < rb->nchanged; i++)
        if (k == rb->changed[i] || class_is_subclass_of(k, rb->changed[i])) return true;
    return false;
}

/* The resolved method of k's pool entry i (a Methodref or InterfaceMethodref), or NULL
 * (unresolved, or a sticky error: a tagged pointer). */
static Method *resolved_method(const Class *k, int i)
{
    uint8_t tag = k->cp.tags[i];
    if (tag != CONSTANT_Methodref && tag != CONSTANT_InterfaceMethodref) return NULL;
    Method *m = atomic_load_explicit(&k->cp.resolved[i], memory_order_relaxed);
    return m != NULL && !((uintptr_t)m & 1) ? m : NULL;
}

/* The class entry i names, resolved with it (or NULL). */
static Class *named_class(const Class *k, int i)
{
    Class *n = atomic_load_explicit(&k->cp.resolved[k->cp.entries[i].u.ref.class_index], memory_order_relaxed);
    return n != NULL && !((uintptr_t)n & 1) ? n : NULL;
}

/* Does entry i name a changed class or one deriving from it, with a method resolved
 * further up (a method added on the way may now come first)? */
static bool shadowable(const Class *k, int i, const Method *m, const Rebuild *rb)
{
    Class *named = named_class(k, i);
    return named != NULL && named != m->clazz && derives_changed(named, rb);
}

/* Must k's pool or code be looked at? (Cheaper than its code.) */
static bool pool_names_changed(const Class *k, Rebuild *rb)
{
    if (k->cp.resolved == NULL || k->cp.tags == NULL) return false;
    for (int i = 1; i < k->cp.count; i++) {
        Method *m = resolved_method(k, i);
        if (m != NULL && (stale_target(m, rb) || shadowable(k, i, m, rb))) return true;
    }
    return false;
}

/*
 * What entry i of k resolves to now, if not what it did (NULL: unchanged): an entry
 * resolved to a deleted method, where the hierarchy has one of the same name, descriptor,
 * staticness and kind (a deleted override: the inherited method; else it stays, and a
 * call throws NoSuchMethodError); an entry naming a class that now declares (or inherits
 * from nearer) a method of the name than the one it resolved (a method added to the
 * subclass a call site named: a static one, or the target of a super call). Private
 * methods never take over an entry (access), nor static ones of a class not initialized
 * (invokestatic_q does not initialize).
 */
static Method *reresolution(const Class *k, int i, Rebuild *rb)
{
    Method *m = resolved_method(k, i);
    if (m == NULL) return NULL;
    bool deleted = (m->flags & METHOD_F_DELETED) && stale_target(m, rb);
    bool shadow = !deleted && !(m->flags & METHOD_F_SIGPOLY) && shadowable(k, i, m, rb);
    if (!deleted && !shadow) return NULL;
    Class *named = named_class(k, i);
    Class *from = named != NULL ? named : m->clazz;
    Method *n = k->cp.tags[i] == CONSTANT_InterfaceMethodref ? class_lookup_interface_method(from, m->name, m->desc)
                                                             : class_lookup_method(from, m->name, m->desc);
    if (n == NULL || n == m || (n->flags & (METHOD_F_DELETED | METHOD_F_SIGPOLY)) ||
        ((n->access ^ m->access) & ACC_STATIC) || class_is_interface(n->clazz) != class_is_interface(m->clazz))
        return NULL;
    if (shadow && (n->access & ACC_PRIVATE)) return NULL;
    if ((n->access & ACC_STATIC) && !class_is_initialized(n->clazz)) return NULL;
    return n;
}

/* The invokevirtual sites to unquicken: those quickened to a method of a changed class
 * or to a method whose entry is resolved again. */
typedef struct Requicken {
    Rebuild *rb;
    Method **olds;
    int nolds;
} Requicken;

static bool stale_site(Method *target, void *arg)
{
    Requicken *q = arg;
    if (stale_target(target, q->rb)) return true;
    for (int i = 0; i < q->nolds; i++)
        if (q->olds[i] == target) return true;
    return false;
}

/* k (a live class or an old version: its own pool) after the rebuild: its entries are
 * resolved again (reresolution), its invokevirtual sites to changed or re-resolved
 * methods unquickened (their finality or deletion is decided again at the next call;
 * the other invoke forms call their entry's method, and invokeinterface reads itables). */
static void update_pool_users(Class *k, Rebuild *rb)
{
    if (k->methods == NULL || !pool_names_changed(k, rb)) return;
    Requicken q = {.rb = rb};
    Method **news = vm_calloc(k->cp.count + 1u, sizeof(Method *));
    for (int i = 1; i < k->cp.count; i++) {
        news[i] = reresolution(k, i, rb);
        if (news[i] != NULL) {
            q.olds = vm_realloc(q.olds, (size_t)(q.nolds + 1) * sizeof *q.olds);
            q.olds[q.nolds++] = atomic_load_explicit(&k->cp.resolved[i], memory_order_relaxed);
        }
    }
    for (int i = 0; i < k->method_count; i++) {
        Method *m = &k->methods[i];
        if (m->clazz != NULL && m->code != NULL) interp_requicken_calls(m, stale_site, &q);
    }
    for (int i = 1; i < k->cp.count; i++)
        if (news[i] != NULL) atomic_store_explicit(&k->cp.resolved[i], news[i], memory_order_release);
    free(news);
    free(q.olds);
}

static void requicken_class(Class *k, void *arg)
{
    if (k->cf == NULL || (k->flags & CLASS_F_REDEF_SCRATCH)) return;
    update_pool_users(k, arg);
    /* Old code still running calls through its own (old) pool. */
    struct RedefInfo *r = k->redef;
    if (r != NULL)
        for (int i = 0; i < r->nversions; i++) update_pool_users(r->versions[i], arg);
}

/*
 * After the classes in `changed` got their new method sets or modifiers: the vtables and
 * itables of every linked class that is, extends or implements one of them are built
 * again, superclasses first (a subclass's vtable starts with its superclass's, so a slot
 * added to a superclass shifts the subclass's own; each Method's vtable_index is assigned
 * again in place, and invokevirtual_q reads it from the Method, so its call sites follow).
 * Then every invokevirtual quickened to a method of a changed class goes back to its
 * unquickened form: its finality may have changed, or it was deleted (its next call
 * throws NoSuchMethodError). Invokeinterface sites need nothing: they read the itables,
 * and a deleted interface method has no itable entry (the slow path throws).
 */
static void rebuild_dispatch(Class **changed, int nchanged)
{
    for (int i = 0; i < nretired; i++) free(retired[i]);
    nretired = 0;
    Rebuild rb = {.changed = changed, .nchanged = nchanged};
    loader_for_each_class(collect_affected, &rb);
    qsort(rb.list, (size_t)rb.n, sizeof *rb.list, by_depth);
    for (int i = 0; i < rb.n; i++) {
        Class *k = rb.list[i];
        class_rebuild_dispatch(k, retire, NULL);
        /* Shadows are copies of the class record: their table pointers follow (the
         * replaced tables are freed at the next rebuild). */
        struct RedefInfo *r = k->redef;
        for (int j = 0; r != NULL && j < r->nversions; j++) {
            Class *sh = r->versions[j];
            sh->vtable = k->vtable;
            sh->vtable_length = k->vtable_length;
            sh->itable = k->itable;
            sh->itable_length = k->itable_length;
        }
    }
    loader_for_each_class(requicken_class, &rb);
    free(rb.list);
}

/* ------------------------------------------------------------------------------------ */
/* Entry                                                                                */
/* ------------------------------------------------------------------------------------ */

RedefResult redef_classes(Thread *t, RedefDef *defs, int n, int *bad, char *why, size_t why_size)
{
    Why w = {why, why_size};
    if (why != NULL && why_size > 0) why[0] = 0;
    *bad = -1;
    if (redefined_count_offset == 0) {
        Field *f = class_find_declared_field(wk.Class, sym_intern("classRedefinedCount"), sym_intern("I"));
        if (f != NULL) redefined_count_offset = f->offset;
    }
    Prepared *p = vm_calloc((size_t)n + 1, sizeof(Prepared));
    RedefResult r = REDEF_OK;
    thread_lock_safe(t, &redef_lock);
    for (int i = 0; i < n && r == REDEF_OK; i++) {
        r = prepare(t, &defs[i], &p[i], &w);
        if (r != REDEF_OK) *bad = i;
    }
    /* The ConstantValues of added statics: String ones are interned now, where allocation
     * may collect, into `strs`, which this stack keeps reachable to the end (the
     * collector scans it conservatively; the barrier at `done`). */
    Array *strs = NULL;
    int32_t nconst = 0;
    for (int i = 0; i < n && r == REDEF_OK; i++)
        for (int j = 0; p[i].fields && j < p[i].s->field_count; j++) nconst += added_constant(&p[i], j);
    if (r == REDEF_OK && nconst > 0) {
        int32_t next = 0;
        strs = obj_new_ref_array(t, wk.Object, nconst);
        if (strs == NULL) r = result_of_exception(t, &w);
        for (int i = 0; i < n && r == REDEF_OK; i++)
            if (!prepare_constants(t, &p[i], strs, &next)) {
                r = result_of_exception(t, &w);
                *bad = i;
            }
    }
    if (r == REDEF_OK) {
        thread_safepoint_begin(t);
        /* Added fields are placed where no thread can allocate or load a subclass
         * meanwhile; a refusal here still leaves every class as it was. */
        for (int i = 0; i < n && r == REDEF_OK; i++) {
            if (p[i].fields) r = plan_fields(&p[i], &w);
            if (r != REDEF_OK) *bad = i;
        }
        if (r == REDEF_SCHEMA_CHANGED) {
            /* Short of room: instances that are garbage may be what is in the way. */
            bool instances = false;
            for (int i = 0; i < n; i++) instances |= adds_instance_field(&p[i]);
            if (instances) {
                thread_safepoint_end(t);
                heap_collect(t, GC_TOOL);
                thread_safepoint_begin(t);
                r = REDEF_OK;
                *bad = -1;
                for (int i = 0; i < n && r == REDEF_OK; i++) {
                    if (p[i].fields) r = plan_fields(&p[i], &w);
                    if (r != REDEF_OK) *bad = i;
                }
            }
        }
        if (r != REDEF_OK) {
            thread_safepoint_end(t);
            goto done;
        }
        for (int i = 0; i < n; i++) {
            install(t, &p[i], strs);
            struct RedefInfo *info = defs[i].cache != NULL || p[i].c->redef != NULL ? info_of(p[i].c) : NULL;
            if (info != NULL) {
                free(info->cache);
                info->cache = defs[i].cache;
                info->cache_len = defs[i].cache_len;
                defs[i].cache = NULL;
            }
        }
        Class **changed = NULL;
        int nchanged = 0;
        for (int i = 0; i < n; i++)
            if (p[i].dispatch) {
                changed = vm_realloc(changed, (size_t)(nchanged + 1) * sizeof *changed);
                changed[nchanged++] = p[i].c;
            }
        if (nchanged > 0) rebuild_dispatch(changed, nchanged);
        free(changed);
        redef_sweep_versions();
        thread_safepoint_end(t);
    }
done:
    __asm__ volatile("" : : "g"(strs) : "memory"); /* strs is live until here */
    os_mutex_unlock(&redef_lock);
    for (int i = 0; i < n; i++) {
        prepared_free(&p[i]);
        free(defs[i].cache);
        defs[i].cache = NULL;
    }
    free(p);
    return r;
}
