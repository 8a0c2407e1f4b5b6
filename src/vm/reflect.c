// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * reflect.c — java.lang.reflect.Method/Constructor/Field objects, boxing and widening, and
 * the native paths of Method.invoke and Constructor.newInstance.
 *
 * The reflection objects are allocated without running their constructors and filled
 * field by field, as HotSpot does (Reflection::new_method and friends): the class library
 * only ever copies them (Method.copy) and reads the fields. Names are interned strings,
 * generic signatures plain strings, annotations byte[] copies of the raw attribute bodies,
 * types Class mirrors resolved in the declaring class's loader.
 *
 * Invocation follows HotSpot's Reflection::invoke (JDK 17) check for check and message for
 * message, because programs observe them through the exceptions Method.invoke throws
 * before it inflates to generated accessors: class initialization first; null receiver
 * -> NullPointerException; wrong receiver -> IllegalArgumentException("object is not an
 * instance of declaring class"); selection through the receiver's class for overridable
 * methods; argument count and types -> IllegalArgumentException("wrong number of
 * arguments" / "argument type mismatch"); whatever the target throws is wrapped in an
 * InvocationTargetException.
 *
 * Everything here runs in TS_JAVA on the calling thread. Object* locals are safe across
 * allocations (conservative stack scanning, nothing moves).
 */
#include "reflect.h"

#include <stdio.h>
#include <string.h>

#include "exception.h"
#include "interp.h"
#include "loader.h"
#include "log.h"
#include "object.h"
#include "resolve.h"
#include "string.h"
#include "sym.h"
#include "thread.h"
#include "wellknown.h"

/* Modifier bits Method/Field objects expose (HotSpot JVM_RECOGNIZED_*_MODIFIERS). */
#define RECOGNIZED_METHOD_MODIFIERS 0x1DFF
#define RECOGNIZED_FIELD_MODIFIERS 0x50DF

/* ------------------------------------------------------------------------------------ */
/* Field offsets                                                                        */
/* ------------------------------------------------------------------------------------ */

static ReflectOffsets offsets;
static _Atomic bool offsets_ready;

static uint32_t lookup_offset(Class *c, const char *cname, const char *name, const char *desc)
{
    if (c == NULL) panic("reflection class %s is not loaded", cname);
    Field *f = class_find_declared_field(c, sym_intern(name), sym_intern(desc));
    if (f == NULL || (f->access & ACC_STATIC))
        panic("class library mismatch: %s.%s:%s not found", c->name, name, desc);
    return f->offset;
}

const ReflectOffsets *reflect_offsets(void)
{
    if (likely(atomic_load_explicit(&offsets_ready, memory_order_acquire))) return &offsets;
    /* Racing initializers compute the same values; publication is the release store. */
#define X(id, cls, name, desc) offsets.id = lookup_offset(wk.cls, #cls, name, desc);
    REFLECT_FIELDS(X)
#undef X
    atomic_store_explicit(&offsets_ready, true, memory_order_release);
    return &offsets;
}

#define OFF(id) (reflect_offsets()->id)
#define SET_REF(o, id, v) FIELD_SET((o), OFF(id), Object *, (Object *)(v))
#define SET_INT(o, id, v) FIELD_SET((o), OFF(id), int32_t, (v))

/* ------------------------------------------------------------------------------------ */
/* Helpers                                                                              */
/* ------------------------------------------------------------------------------------ */

/* End of the field descriptor starting at p. Descriptors were checked by the parser. */
static const char *skip_type(const char *p)
{
    while (*p == '[') p++;
    if (*p == 'L') {
        const char *semi = strchr(p, ';');
        return semi ? semi + 1 : p + strlen(p);
    }
    return *p ? p + 1 : p;
}

static int count_params(const char *desc)
{
    int n = 0;
    for (const char *p = desc + 1; *p && *p != ')'; p = skip_type(p)) n++;
    return n;
}

static Object *new_instance(Thread *t, Class *c)
{
    if (!class_ensure_init(t, c)) return NULL;
    return obj_new(t, c);
}

static Object *intern_sym(Thread *t, const char *s)
{
    return str_intern_mutf8(t, s, strlen(s));
}

Array *reflect_bytes(Thread *t, CfBytes b)
{
    if (b.data == NULL) return NULL;
    Array *a = obj_new_prim_array(t, BT_BYTE, (int32_t)b.len);
    if (a != NULL) memcpy(array_data(a), b.data, b.len);
    return a;
}

/* A method's annotation attribute as HotSpot keeps it: its ConstMethod has one only if
 * the attribute is not empty (class and field annotations are kept even when empty). */
static CfBytes method_attr(CfBytes b) { return b.len > 0 ? b : (CfBytes){0}; }

/* Sets a byte[] field from an attribute; false if the allocation failed. */
static bool set_bytes(Thread *t, Object *o, uint32_t off, CfBytes b)
{
    Array *a = reflect_bytes(t, b);
    if (a == NULL && b.data != NULL) return false;
    FIELD_SET(o, off, Object *, (Object *)a);
    return true;
}

static bool set_signature(Thread *t, Object *o, uint32_t off, const char *sig)
{
    if (sig == NULL) return true;
    Object *s = str_new_cstr(t, sig);
    if (s == NULL) return false;
    FIELD_SET(o, off, Object *, s);
    return true;
}

static inline Object **ref_elems(Array *a) { return (Object **)array_data(a); }

/* ------------------------------------------------------------------------------------ */
/* Types of methods and fields                                                          */
/* ------------------------------------------------------------------------------------ */

Array *reflect_parameter_types(Thread *t, Method *m)
{
    int n = count_params(m->desc);
    Array *a = obj_new_ref_array(t, wk.Class, n);
    if (a == NULL) return NULL;
    int i = 0;
    for (const char *p = m->desc + 1; *p && *p != ')'; i++) {
        const char *e = skip_type(p);
        Class *c = resolve_type_desc(t, m->clazz, p, (size_t)(e - p));
        if (c == NULL) return NULL;
        ref_elems(a)[i] = c->mirror;
        p = e;
    }
    return a;
}

Object *reflect_return_type(Thread *t, Method *m)
{
    const char *r = strchr(m->desc, ')');
    r = r ? r + 1 : "V";
    Class *c = resolve_type_desc(t, m->clazz, r, strlen(r));
    return c ? c->mirror : NULL;
}

Array *reflect_exception_types(Thread *t, Method *m)
{
    int n = m->cf ? m->cf->exception_count : 0;
    Array *a = obj_new_ref_array(t, wk.Class, n);
    if (a == NULL) return NULL;
    for (int i = 0; i < n; i++) {
        Class *c = resolve_class(t, m->clazz, m->cf->exceptions[i]);
        if (c == NULL) return NULL;
        /* HotSpot's Method::resolved_checked_exceptions warns (the default
         * configuration prints warnings on stdout). */
        if (log_is_enabled(LOG_WARNING, exceptions) && wk.Throwable != NULL &&
            !class_is_subclass_of(c, wk.Throwable)) {
            char cext[512], sig[1024];
            class_external_name(c, cext, sizeof cext);
            resolve_format_method(m->clazz->name, m->name, m->desc, sig, sizeof sig);
            size_t sl = strlen(sig);
            if (sl >= 2 && sig[sl - 1] == '\'') sig[sl - 1] = 0; /* without its quotes */
            log_print(LOG_WARNING, LOG_TS_exceptions,
                      "Class %s in throws clause of method %s is not a subtype of class java.lang.Throwable",
                      cext, sig + 1);
        }
        ref_elems(a)[i] = c->mirror;
    }
    return a;
}

/* ------------------------------------------------------------------------------------ */
/* Method, Constructor, Field objects                                                   */
/* ------------------------------------------------------------------------------------ */

Object *reflect_method(Thread *t, Method *m)
{
    Array *ptypes = reflect_parameter_types(t, m);
    if (ptypes == NULL) return NULL;
    Object *rtype = reflect_return_type(t, m);
    if (rtype == NULL) return NULL;
    Array *etypes = reflect_exception_types(t, m);
    if (etypes == NULL) return NULL;
    Object *name = intern_sym(t, m->name);
    if (name == NULL) return NULL;
    Object *o = new_instance(t, wk.Method);
    if (o == NULL) return NULL;
    SET_REF(o, Method_clazz, m->clazz->mirror);
    SET_INT(o, Method_slot, m->index);
    SET_REF(o, Method_name, name);
    SET_REF(o, Method_returnType, rtype);
    SET_REF(o, Method_parameterTypes, ptypes);
    SET_REF(o, Method_exceptionTypes, etypes);
    SET_INT(o, Method_modifiers, m->access & RECOGNIZED_METHOD_MODIFIERS);
    if (!set_signature(t, o, OFF(Method_signature), m->signature)) return NULL;
    if (m->cf != NULL) {
        if (!set_bytes(t, o, OFF(Method_annotations), method_attr(m->cf->annotations)) ||
            !set_bytes(t, o, OFF(Method_parameterAnnotations), method_attr(m->cf->parameter_annotations)) ||
            !set_bytes(t, o, OFF(Method_annotationDefault), method_attr(m->cf->annotation_default)))
            return NULL;
    }
    return o;
}

Object *reflect_constructor(Thread *t, Method *m)
{
    Array *ptypes = reflect_parameter_types(t, m);
    if (ptypes == NULL) return NULL;
    Array *etypes = reflect_exception_types(t, m);
    if (etypes == NULL) return NULL;
    Object *o = new_instance(t, wk.Constructor);
    if (o == NULL) return NULL;
    SET_REF(o, Constructor_clazz, m->clazz->mirror);
    SET_INT(o, Constructor_slot, m->index);
    SET_REF(o, Constructor_parameterTypes, ptypes);
    SET_REF(o, Constructor_exceptionTypes, etypes);
    SET_INT(o, Constructor_modifiers, m->access & RECOGNIZED_METHOD_MODIFIERS);
    if (!set_signature(t, o, OFF(Constructor_signature), m->signature)) return NULL;
    if (m->cf != NULL) {
        if (!set_bytes(t, o, OFF(Constructor_annotations), method_attr(m->cf->annotations)) ||
            !set_bytes(t, o, OFF(Constructor_parameterAnnotations),
                       method_attr(m->cf->parameter_annotations)))
            return NULL;
    }
    return o;
}

bool reflect_is_record(const Class *c)
{
    return c->cf != NULL && c->cf->is_record && (c->access & ACC_FINAL) && c->super != NULL &&
           c->super->loader == NULL && strcmp(c->super->name, "java/lang/Record") == 0;
}

/* JDK 17 "trusted final": final fields that even setAccessible may not write — statics,
 * and the fields of records and hidden classes (HotSpot fieldDescriptor::is_trusted_final). */
static bool field_trusted_final(const Field *f)
{
    if (f->trusted_final) return true;
    if (!(f->access & ACC_FINAL)) return false;
    return (f->access & ACC_STATIC) || (f->clazz->flags & CLASS_F_HIDDEN) ||
           reflect_is_record(f->clazz);
}

Object *reflect_field(Thread *t, Field *f)
{
    Object *name = intern_sym(t, f->name);
    if (name == NULL) return NULL;
    Class *type = resolve_type_desc(t, f->clazz, f->desc, strlen(f->desc));
    if (type == NULL) return NULL;
    Object *o = new_instance(t, wk.Field);
    if (o == NULL) return NULL;
    SET_REF(o, Field_clazz, f->clazz->mirror);
    SET_INT(o, Field_slot, f->index);
    SET_REF(o, Field_name, name);
    SET_REF(o, Field_type, type->mirror);
    FIELD_SET(o, OFF(Field_trustedFinal), uint8_t, field_trusted_final(f) ? 1 : 0);
    SET_INT(o, Field_modifiers, f->access & RECOGNIZED_FIELD_MODIFIERS);
    if (!set_signature(t, o, OFF(Field_signature), f->signature)) return NULL;
    if (f->cf != NULL && !set_bytes(t, o, OFF(Field_annotations), f->cf->annotations))
        return NULL;
    return o;
}

static Class *mirror_class(Object *mirror)
{
    if (mirror == NULL || mirror->klass != wk.Class) return NULL;
    return class_from_mirror(mirror);
}

Method *reflect_to_method(Object *o)
{
    if (o == NULL) return NULL;
    Object *mirror;
    int32_t slot;
    if (o->klass == wk.Method) {
        mirror = FIELD_GET(o, OFF(Method_clazz), Object *);
        slot = FIELD_GET(o, OFF(Method_slot), int32_t);
    } else if (o->klass == wk.Constructor) {
        mirror = FIELD_GET(o, OFF(Constructor_clazz), Object *);
        slot = FIELD_GET(o, OFF(Constructor_slot), int32_t);
    } else {
        return NULL;
    }
    Class *c = mirror_class(mirror);
    if (c == NULL || slot < 0 || slot >= c->method_count) return NULL;
    return &c->methods[slot];
}

Field *reflect_to_field(Object *o)
{
    if (o == NULL || o->klass != wk.Field) return NULL;
    Class *c = mirror_class(FIELD_GET(o, OFF(Field_clazz), Object *));
    int32_t slot = FIELD_GET(o, OFF(Field_slot), int32_t);
    if (c == NULL || slot < 0 || slot >= c->field_count) return NULL;
    return &c->fields[slot];
}

/* ------------------------------------------------------------------------------------ */
/* Boxing and widening                                                                  */
/* ------------------------------------------------------------------------------------ */

static Class *box_class(BasicType bt)
{
    switch (bt) {
    case BT_BOOLEAN: return wk.Boolean;
    case BT_CHAR: return wk.Character;
    case BT_FLOAT: return wk.Float;
    case BT_DOUBLE: return wk.Double;
    case BT_BYTE: return wk.Byte;
    case BT_SHORT: return wk.Short;
    case BT_INT: return wk.Integer;
    case BT_LONG: return wk.Long;
    default: return NULL;
    }
}

Object *reflect_box(Thread *t, BasicType bt, const Slot *v)
{
    if (bt == BT_VOID) return NULL;
    if (bt_is_ref(bt)) return v->l;
    Class *c = box_class(bt);
    if (c == NULL) {
        exc_throw(t, "java/lang/IllegalArgumentException", NULL);
        return NULL;
    }
    /* A fresh object, as HotSpot's java_lang_boxing_object::create: no valueOf cache. */
    Object *o = new_instance(t, c);
    if (o == NULL) return NULL;
    switch (bt) {
    case BT_BOOLEAN: FIELD_SET(o, wk_off.Boolean_value, uint8_t, (uint8_t)(v->i & 1)); break;
    case BT_CHAR: FIELD_SET(o, wk_off.Character_value, uint16_t, (uint16_t)v->i); break;
    case BT_FLOAT: FIELD_SET(o, wk_off.Float_value, float, v->f); break;
    case BT_DOUBLE: FIELD_SET(o, wk_off.Double_value, double, v->d); break;
    case BT_BYTE: FIELD_SET(o, wk_off.Byte_value, int8_t, (int8_t)v->i); break;
    case BT_SHORT: FIELD_SET(o, wk_off.Short_value, int16_t, (int16_t)v->i); break;
    case BT_INT: FIELD_SET(o, wk_off.Integer_value, int32_t, v->i); break;
    case BT_LONG: FIELD_SET(o, wk_off.Long_value, int64_t, v->j); break;
    default: break;
    }
    return o;
}

BasicType reflect_box_value(const Object *box, Slot *out)
{
    if (box == NULL) return BT_ILLEGAL;
    const Class *c = box->klass;
    Slot v = {0};
    BasicType bt;
    if (c == wk.Integer) {
        bt = BT_INT;
        v.i = FIELD_GET(box, wk_off.Integer_value, int32_t);
    } else if (c == wk.Long) {
        bt = BT_LONG;
        v.j = FIELD_GET(box, wk_off.Long_value, int64_t);
    } else if (c == wk.Boolean) {
        bt = BT_BOOLEAN;
        v.i = FIELD_GET(box, wk_off.Boolean_value, uint8_t) & 1;
    } else if (c == wk.Character) {
        bt = BT_CHAR;
        v.i = FIELD_GET(box, wk_off.Character_value, uint16_t);
    } else if (c == wk.Byte) {
        bt = BT_BYTE;
        v.i = FIELD_GET(box, wk_off.Byte_value, int8_t);
    } else if (c == wk.Short) {
        bt = BT_SHORT;
        v.i = FIELD_GET(box, wk_off.Short_value, int16_t);
    } else if (c == wk.Float) {
        bt = BT_FLOAT;
        v.f = FIELD_GET(box, wk_off.Float_value, float);
    } else if (c == wk.Double) {
        bt = BT_DOUBLE;
        v.d = FIELD_GET(box, wk_off.Double_value, double);
    } else {
        return BT_ILLEGAL;
    }
    if (out) *out = v;
    return bt;
}

/* Source types each primitive type widens from (JLS 5.1.2), as bit sets of BasicType. */
#define B(bt) (1u << (bt))
static uint32_t widens_from(BasicType to)
{
    switch (to) {
    case BT_SHORT: return B(BT_BYTE);
    case BT_INT: return B(BT_BYTE) | B(BT_CHAR) | B(BT_SHORT);
    case BT_LONG: return B(BT_BYTE) | B(BT_CHAR) | B(BT_SHORT) | B(BT_INT);
    case BT_FLOAT: return B(BT_BYTE) | B(BT_CHAR) | B(BT_SHORT) | B(BT_INT) | B(BT_LONG);
    case BT_DOUBLE:
        return B(BT_BYTE) | B(BT_CHAR) | B(BT_SHORT) | B(BT_INT) | B(BT_LONG) | B(BT_FLOAT);
    default: return 0;
    }
}
#undef B

bool reflect_widen(Thread *t, Slot *v, BasicType from, BasicType to)
{
    if (from == to) return true;
    if (from < 0 || from > 31 || !(widens_from(to) & (1u << from))) {
        exc_throw(t, "java/lang/IllegalArgumentException", "argument type mismatch");
        return false;
    }
    /* Every source is int-like in `i`, or long, or float (normalized form). */
    switch (to) {
    case BT_SHORT:
    case BT_INT: break; /* byte/char/short already extended in i */
    case BT_LONG: v->j = (int64_t)v->i; break;
    case BT_FLOAT: v->f = from == BT_LONG ? (float)v->j : (float)v->i; break;
    case BT_DOUBLE:
        v->d = from == BT_LONG ? (double)v->j : from == BT_FLOAT ? (double)v->f : (double)v->i;
        break;
    default: break;
    }
    return true;
}

bool reflect_unbox(Thread *t, Object *box, BasicType bt, Slot *out)
{
    if (box == NULL) {
        exc_throw(t, "java/lang/IllegalArgumentException", NULL);
        return false;
    }
    Slot v = {0};
    BasicType from = reflect_box_value(box, &v);
    if (!reflect_widen(t, &v, from, bt)) return false;
    *out = v;
    return true;
}

/* ------------------------------------------------------------------------------------ */
/* Invocation                                                                           */
/* ------------------------------------------------------------------------------------ */

/* Appends the Java spelling of the field type at *d to buf, advancing *d. */
static void put_type(const char **d, char *buf, size_t n, size_t *k)
{
    int dims = 0;
    while (**d == '[') {
        dims++;
        (*d)++;
    }
    if (**d == 'L') {
        const char *e = skip_type(*d);
        for (const char *p = *d + 1; p < e - 1 && *k + 1 < n; p++) buf[(*k)++] = *p == '/' ? '.' : *p;
        *d = e;
    } else {
        const char *name = bt_name(bt_from_char(**d));
        for (const char *p = name ? name : "?"; *p && *k + 1 < n; p++) buf[(*k)++] = *p;
        if (**d) (*d)++;
    }
    for (int i = 0; i < dims && *k + 2 < n; i++) {
        buf[(*k)++] = '[';
        buf[(*k)++] = ']';
    }
    buf[*k] = 0;
}

static void put_str(const char *s, char *buf, size_t n, size_t *k)
{
    while (*s && *k + 1 < n) buf[(*k)++] = *s++;
    buf[*k] = 0;
}

/* HotSpot's "void pkg.C.m(int, java.lang.String)" (holder NULL: "void m(int, ...)"). */
static void format_method(const Class *holder, const Method *m, char *buf, size_t n)
{
    size_t k = 0;
    buf[0] = 0;
    const char *r = strchr(m->desc, ')');
    r = r ? r + 1 : "V";
    put_type(&r, buf, n, &k);
    put_str(" ", buf, n, &k);
    if (holder != NULL) {
        char ext[512];
        class_external_name(holder, ext, sizeof ext);
        put_str(ext, buf, n, &k);
        put_str(".", buf, n, &k);
    }
    put_str(m->name, buf, n, &k);
    put_str("(", buf, n, &k);
    for (const char *p = m->desc + 1; *p && *p != ')';) {
        if (p != m->desc + 1) put_str(", ", buf, n, &k);
        put_type(&p, buf, n, &k);
    }
    put_str(")", buf, n, &k);
}

/* Replaces the pending exception with an InvocationTargetException whose target is it. */
static void wrap_in_ite(Thread *t)
{
    Object *cause = exc_take(t);
    Class *c = loader_load(t, NULL, sym_intern("java/lang/reflect/InvocationTargetException"));
    if (c == NULL || !class_ensure_init(t, c)) return;
    Method *init = class_find_declared_method(c, sym.init, sym_intern("(Ljava/lang/Throwable;)V"));
    if (init == NULL) panic("InvocationTargetException(Throwable) missing");
    Object *ite = obj_new(t, c);
    if (ite == NULL) return;
    Slot args[2];
    args[0].l = ite;
    args[1].l = cause;
    if (!interp_call(t, init, args, NULL)) return;
    exc_set(t, ite);
}

/* AbstractMethodError for a receiver class that has no implementation of an interface
 * method (HotSpot LinkResolver::throw_abstract_method_error), wrapped as HotSpot's
 * reflection does. */
static void throw_interface_ame(Thread *t, const Class *recv, const Method *resolved,
                                const Method *selected)
{
    char rext[512], iext[512], sig[1024], msg[3072];
    class_external_name(recv, rext, sizeof rext);
    class_external_name(resolved->clazz, iext, sizeof iext);
    format_method(NULL, resolved, sig, sizeof sig);
    int k = snprintf(msg, sizeof msg,
                     "Receiver class %s does not define or inherit an implementation of the "
                     "resolved method '%s%s%s' of %s %s.",
                     rext, method_is_abstract(resolved) ? "abstract " : "",
                     (resolved->access & ACC_PRIVATE) ? "private " : "", sig,
                     class_is_interface(resolved->clazz) ? "interface"
                     : (resolved->clazz->access & ACC_ABSTRACT) ? "abstract class"
                                                                : "class",
                     iext);
    if (selected != NULL && selected != resolved && k > 0 && (size_t)k < sizeof msg) {
        format_method(selected->clazz, selected, sig, sizeof sig);
        snprintf(msg + k, sizeof msg - (size_t)k, " Selected method is '%s%s%s'.",
                 method_is_abstract(selected) ? "abstract " : "",
                 (selected->access & ACC_PRIVATE) ? "private " : "", sig);
    }
    exc_throw(t, "java/lang/AbstractMethodError", "%s", msg);
    wrap_in_ite(t);
}

#define MAX_ARG_SLOTS 256

/*
 * The common part of invoke_method and invoke_constructor (HotSpot Reflection::invoke).
 * `ptypes` is the reflection object's parameterTypes array; `rtype` the basic type of
 * the result (BT_OBJECT for references, BT_VOID for constructors). Returns false with
 * an exception pending; *result receives the boxed result.
 */
static bool invoke(Thread *t, Method *m, Object *receiver, Array *ptypes, BasicType rtype,
                   Array *args, Object **result)
{
    Class *klass = m->clazz;
    *result = NULL;
    if (!class_ensure_init(t, klass)) return false;

    Method *target = m;
    if (!method_is_static(m)) {
        if (receiver == NULL) {
            exc_throw(t, "java/lang/NullPointerException", NULL);
            return false;
        }
        if (!obj_instance_of(receiver, klass)) {
            exc_throw(t, "java/lang/IllegalArgumentException",
                      "object is not an instance of declaring class");
            return false;
        }
        Class *recv = receiver->klass;
        if (!(m->access & ACC_PRIVATE) && m->name != sym.init) {
            if (class_is_interface(klass)) {
                target = class_select_method(recv, m);
                if (target == NULL || method_is_abstract(target)) {
                    throw_interface_ame(t, recv, m, target);
                    return false;
                }
            } else if (m->vtable_index != METHOD_NO_VTABLE) {
                target = class_select_method(recv, m);
                if (target != NULL && method_is_abstract(target)) {
                    char sig[1024];
                    format_method(recv, target, sig, sizeof sig);
                    exc_throw(t, "java/lang/AbstractMethodError", "'%s'", sig);
                    wrap_in_ite(t);
                    return false;
                }
            }
        }
    }
    if (target == NULL) {
        char sig[1024];
        format_method(klass, m, sig, sizeof sig);
        exc_throw(t, "java/lang/NoSuchMethodError", "'%s'", sig);
        return false;
    }

    int nparams = ptypes ? ptypes->length : 0;
    int nargs = args ? args->length : 0;
    if (nparams != nargs) {
        exc_throw(t, "java/lang/IllegalArgumentException", "wrong number of arguments");
        return false;
    }
    if (target->arg_slots > MAX_ARG_SLOTS) panic("method with %d argument slots", target->arg_slots);

    Slot slots[MAX_ARG_SLOTS + 1];
    int k = 0;
    if (!method_is_static(target)) slots[k++].l = receiver;
    for (int i = 0; i < nargs; i++) {
        Class *pt = mirror_class(ref_elems(ptypes)[i]);
        Object *arg = ref_elems(args)[i];
        if (pt == NULL) {
            exc_throw(t, "java/lang/IllegalArgumentException", "argument type mismatch");
            return false;
        }
        if (class_is_primitive(pt)) {
            BasicType bt = (BasicType)pt->elem_type;
            Slot v;
            if (bt == BT_VOID) {
                exc_throw(t, "java/lang/IllegalArgumentException", "argument type mismatch");
                return false;
            }
            if (!reflect_unbox(t, arg, bt, &v)) return false;
            if (k + (bt_is_wide(bt) ? 2 : 1) > target->arg_slots) break;
            slots[k] = v;
            k += bt_is_wide(bt) ? 2 : 1;
        } else {
            if (arg != NULL && !obj_instance_of(arg, pt)) {
                exc_throw(t, "java/lang/IllegalArgumentException", "argument type mismatch");
                return false;
            }
            if (k >= target->arg_slots) break;
            slots[k++].l = arg;
        }
    }
    if (k != target->arg_slots) {
        /* parameterTypes disagrees with the descriptor: only a corrupted Method object. */
        exc_throw(t, "java/lang/IllegalArgumentException", "argument type mismatch");
        return false;
    }

    Slot ret = {0};
    if (!interp_call(t, target, slots, &ret)) {
        wrap_in_ite(t);
        return false;
    }
    switch (rtype) {
    case BT_BOOLEAN: ret.i &= 1; break;
    case BT_BYTE: ret.i = (int8_t)ret.i; break;
    case BT_CHAR: ret.i = (uint16_t)ret.i; break;
    case BT_SHORT: ret.i = (int16_t)ret.i; break;
    default: break;
    }
    Object *boxed = reflect_box(t, rtype, &ret);
    if (boxed == NULL && exc_pending(t)) return false;
    *result = boxed;
    return true;
}

Object *reflect_invoke(Thread *t, Object *method, Object *receiver, Array *args)
{
    Method *m = reflect_to_method(method);
    if (m == NULL || method->klass != wk.Method) {
        exc_throw(t, "java/lang/InternalError", "invoke");
        return NULL;
    }
    Array *ptypes = (Array *)FIELD_GET(method, OFF(Method_parameterTypes), Object *);
    Class *rt = mirror_class(FIELD_GET(method, OFF(Method_returnType), Object *));
    BasicType rtype = rt != NULL && class_is_primitive(rt) ? (BasicType)rt->elem_type : BT_OBJECT;
    Object *result;
    if (!invoke(t, m, receiver, ptypes, rtype, args, &result)) return NULL;
    return result;
}

Object *reflect_new_instance(Thread *t, Object *ctor, Array *args)
{
    Method *m = reflect_to_method(ctor);
    if (m == NULL || ctor->klass != wk.Constructor || m->name != sym.init) {
        exc_throw(t, "java/lang/InternalError", "invoke");
        return NULL;
    }
    Array *ptypes = (Array *)FIELD_GET(ctor, OFF(Constructor_parameterTypes), Object *);
    Class *klass = m->clazz;
    if (!class_ensure_init(t, klass)) return NULL;
    /* HotSpot InstanceKlass::check_valid_for_instantiation. */
    if (class_is_interface(klass) || (klass->access & ACC_ABSTRACT) || klass == wk.Class) {
        char ext[512];
        class_external_name(klass, ext, sizeof ext);
        exc_throw(t,
                  klass == wk.Class ? "java/lang/IllegalAccessException"
                                    : "java/lang/InstantiationException",
                  "%s", ext);
        return NULL;
    }
    Object *receiver = obj_new(t, klass);
    if (receiver == NULL) return NULL;
    Object *ignored;
    if (!invoke(t, m, receiver, ptypes, BT_VOID, args, &ignored)) return NULL;
    return receiver;
}
