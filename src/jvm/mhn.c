// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * mhn.c — java.lang.invoke.MethodHandleNatives (the VM side of MemberName) and the
 * reflective-call guards of MethodHandle.invoke/invokeExact
 * (../shared/docs/boot-openjdk17.md c.4).
 *
 * A resolved MemberName carries: `clazz` the declaring class, `flags` (access bits, kind,
 * reference kind << 24, caller-sensitive, trusted-final), `method` a ResolvedMethodName
 * whose injected vmtarget is the Method* (and vmholder the declaring class's mirror), and
 * the injected `vmindex`: the vtable index for virtual calls, the method's index in its
 * interface for interface calls, -1 for direct calls, the byte offset for fields.
 */
#include "mhn.h"

#include <stdlib.h>
#include <string.h>

#include "../vm/class.h"
#include "../vm/exception.h"
#include "../vm/loader.h"
#include "../vm/native.h"
#include "../vm/object.h"
#include "../vm/reflect.h"
#include "../vm/resolve.h"
#include "../vm/string.h"
#include "../vm/sym.h"
#include "../vm/thread.h"
#include "../vm/wellknown.h"

enum {
    MN_IS_METHOD = 0x00010000,
    MN_IS_CONSTRUCTOR = 0x00020000,
    MN_IS_FIELD = 0x00040000,
    MN_IS_TYPE = 0x00080000,
    MN_CALLER_SENSITIVE = 0x00100000,
    MN_TRUSTED_FINAL = 0x00200000,
    MN_REFERENCE_KIND_SHIFT = 24,
    MN_REFERENCE_KIND_MASK = 0x0F,
    MN_SEARCH_SUPERCLASSES = 0x00100000,
    MN_SEARCH_INTERFACES = 0x00200000,
    ALL_KINDS = MN_IS_METHOD | MN_IS_CONSTRUCTOR | MN_IS_FIELD | MN_IS_TYPE,
    LM_TRUSTED = -1,
};

static struct {
    bool ready;
    uint32_t clazz, name, type, flags, method, resolution;
    uint32_t mt_rtype, mt_ptypes, cs_target;
    Class *rmn;
} o;

static void init_offsets(void)
{
    if (o.ready) return;
#define F(dst, c, n, d) dst = class_find_declared_field(c, sym_intern(n), sym_intern(d))->offset
    F(o.clazz, wk.MemberName, "clazz", "Ljava/lang/Class;");
    F(o.name, wk.MemberName, "name", "Ljava/lang/String;");
    F(o.type, wk.MemberName, "type", "Ljava/lang/Object;");
    F(o.flags, wk.MemberName, "flags", "I");
    F(o.method, wk.MemberName, "method", "Ljava/lang/invoke/ResolvedMethodName;");
    F(o.resolution, wk.MemberName, "resolution", "Ljava/lang/Object;");
    F(o.mt_rtype, wk.MethodType, "rtype", "Ljava/lang/Class;");
    F(o.mt_ptypes, wk.MethodType, "ptypes", "[Ljava/lang/Class;");
    F(o.cs_target, wk.CallSite, "target", "Ljava/lang/invoke/MethodHandle;");
#undef F
    o.rmn = wk.ResolvedMethodName;
    o.ready = true;
}

/* ---- descriptors from MethodType / Class / String ---- */

typedef struct Buf {
    char *p;
    size_t len, cap;
} Buf;

static void buf_add(Buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        b->cap = (b->len + n + 1) * 2;
        b->p = vm_realloc(b->p, b->cap);
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}

static void desc_of_class(Buf *b, Class *c)
{
    if (class_is_primitive(c)) {
        char ch = bt_to_char((BasicType)c->elem_type);
        buf_add(b, &ch, 1);
    } else if (class_is_array(c)) {
        buf_add(b, c->name, strlen(c->name));
    } else {
        buf_add(b, "L", 1);
        buf_add(b, c->name, strlen(c->name));
        buf_add(b, ";", 1);
    }
}

/* The descriptor symbol for MemberName.type (MethodType, Class or String); NULL if junk. */
static const char *type_descriptor(Object *type, bool is_field)
{
    if (type == NULL) return NULL;
    Buf b = {0};
    if (type->klass == wk.String) {
        char *s = str_to_mutf8(type);
        const char *sy = sym_intern(s);
        free(s);
        return sy;
    }
    if (type->klass == wk.Class) {
        desc_of_class(&b, class_from_mirror(type));
    } else if (type->klass == wk.MethodType) {
        if (is_field) return NULL;
        Array *pt = FIELD_GET(type, o.mt_ptypes, Array *);
        Object *rt = FIELD_GET(type, o.mt_rtype, Object *);
        buf_add(&b, "(", 1);
        for (int i = 0; i < pt->length; i++) desc_of_class(&b, class_from_mirror(((Object **)array_data(pt))[i]));
        buf_add(&b, ")", 1);
        desc_of_class(&b, class_from_mirror(rt));
    } else {
        return NULL;
    }
    const char *sy = sym_intern(b.p);
    free(b.p);
    return sy;
}

/* ---- filling MemberNames ---- */

static Object *new_rmn(Thread *t, Method *m)
{
    if (!class_ensure_init(t, o.rmn)) return NULL;
    Object *r = obj_new(t, o.rmn);
    if (r == NULL) return NULL;
    FIELD_SET(r, class_injected.rmn_vmtarget, Method *, m);
    FIELD_SET(r, class_injected.rmn_vmholder, Object *, m->clazz->mirror);
    return r;
}

static int method_ref_kind(Method *m, int requested)
{
    if (method_is_static(m)) return REF_invokeStatic;
    if (m->name == sym.init) return requested == REF_invokeSpecial ? REF_invokeSpecial : REF_newInvokeSpecial;
    if (requested == REF_invokeSpecial) return REF_invokeSpecial;
    if (m->access & ACC_PRIVATE) return REF_invokeSpecial;
    if (class_is_interface(m->clazz)) return REF_invokeInterface;
    return REF_invokeVirtual;
}

bool mhn_fill_method(Thread *t, Object *mn, Method *m, int requested_kind)
{
    init_offsets();
    int rk = method_ref_kind(m, requested_kind);
    int kind = m->name == sym.init ? MN_IS_CONSTRUCTOR : MN_IS_METHOD;
    int flags = (m->access & 0xFFFF & ~ACC_SYNCHRONIZED) | kind | (rk << MN_REFERENCE_KIND_SHIFT);
    if (m->flags & METHOD_F_CALLER_SENSITIVE) flags |= MN_CALLER_SENSITIVE;
    int64_t vmindex = -1;
    if (rk == REF_invokeVirtual) vmindex = m->vtable_index;
    if (rk == REF_invokeInterface) vmindex = m->index;
    Object *rmn = new_rmn(t, m);
    if (rmn == NULL) return false;
    FIELD_SET(mn, o.method, Object *, rmn);
    FIELD_SET(mn, o.flags, jint, flags);
    FIELD_SET(mn, o.clazz, Object *, m->clazz->mirror);
    FIELD_SET(mn, class_injected.mn_vmindex, int64_t, vmindex);
    return true;
}

static bool fill_field(Thread *t, Object *mn, Field *f, int requested_kind)
{
    (void)t;
    /* Like HotSpot, the reference kind follows the field: the requested kind only says
     * whether this is a getter or a setter (the JDK itself asks for REF_getField on
     * static fields). */
    bool is_static = (f->access & ACC_STATIC) != 0;
    bool is_setter = requested_kind == REF_putField || requested_kind == REF_putStatic;
    int rk = (is_static ? REF_getStatic : REF_getField) + (is_setter ? REF_putField - REF_getField : 0);
    int flags = (f->access & 0xFFFF) | MN_IS_FIELD | (rk << MN_REFERENCE_KIND_SHIFT);
    if ((f->access & ACC_FINAL) &&
        (is_static || (f->clazz->flags & CLASS_F_HIDDEN) || (f->clazz->cf && f->clazz->cf->is_record)))
        flags |= MN_TRUSTED_FINAL;
    FIELD_SET(mn, o.flags, jint, flags);
    FIELD_SET(mn, o.clazz, Object *, f->clazz->mirror);
    FIELD_SET(mn, class_injected.mn_vmindex, int64_t, (int64_t)f->offset);
    return true;
}

/* ---- natives ---- */

/* static native void init(MemberName self, Object ref) */
static void mhn_init(Thread *t, Slot *args, Slot *ret)
{
    (void)ret;
    init_offsets();
    Object *mn = args[0].l, *ref = args[1].l;
    if (mn == NULL || ref == NULL) {
        exc_throw(t, "java/lang/InternalError", "mn or ref is null");
        return;
    }
    Field *f = reflect_to_field(ref);
    if (f) {
        fill_field(t, mn, f, (f->access & ACC_STATIC) ? REF_getStatic : REF_getField);
        return;
    }
    Method *m = reflect_to_method(ref);
    if (m == NULL) {
        exc_throw(t, "java/lang/InternalError", "unsupported reference kind for MemberName.init");
        return;
    }
    mhn_fill_method(t, mn, m, m->name == sym.init ? REF_newInvokeSpecial : -1);
}

/* static native void expand(MemberName self) */
static void mhn_expand(Thread *t, Slot *args, Slot *ret)
{
    (void)ret;
    init_offsets();
    Object *mn = args[0].l;
    if (mn == NULL) {
        exc_throw(t, "java/lang/IllegalArgumentException", "mname not resolved");
        return;
    }
    int flags = FIELD_GET(mn, o.flags, jint);
    Object *clazz = FIELD_GET(mn, o.clazz, Object *);
    if (flags & (MN_IS_METHOD | MN_IS_CONSTRUCTOR)) {
        Object *rmn = FIELD_GET(mn, o.method, Object *);
        Method *m = rmn ? FIELD_GET(rmn, class_injected.rmn_vmtarget, Method *) : NULL;
        if (m == NULL) {
            exc_throw(t, "java/lang/IllegalArgumentException", "mname not resolved");
            return;
        }
        if (clazz == NULL) FIELD_SET(mn, o.clazz, Object *, m->clazz->mirror);
        if (FIELD_GET(mn, o.name, Object *) == NULL) {
            Object *s = str_intern_mutf8(t, m->name, strlen(m->name));
            if (s == NULL) return;
            FIELD_SET(mn, o.name, Object *, s);
        }
        if (FIELD_GET(mn, o.type, Object *) == NULL) {
            Object *s = str_intern_mutf8(t, m->desc, strlen(m->desc));
            if (s == NULL) return;
            FIELD_SET(mn, o.type, Object *, s);
        }
    } else if (flags & MN_IS_FIELD) {
        if (clazz == NULL) {
            exc_throw(t, "java/lang/IllegalArgumentException", "mname not resolved");
            return;
        }
        Class *c = class_from_mirror(clazz);
        int64_t offset = FIELD_GET(mn, class_injected.mn_vmindex, int64_t);
        bool is_static = (flags & ACC_STATIC) != 0;
        for (Class *k = c; k; k = k->super)
            for (int i = 0; i < k->field_count; i++) {
                Field *f = &k->fields[i];
                if (((f->access & ACC_STATIC) != 0) == is_static && f->offset == offset && k == c) {
                    if (FIELD_GET(mn, o.name, Object *) == NULL) {
                        Object *s = str_intern_mutf8(t, f->name, strlen(f->name));
                        if (s == NULL) return;
                        FIELD_SET(mn, o.name, Object *, s);
                    }
                    if (FIELD_GET(mn, o.type, Object *) == NULL) {
                        Object *s = str_intern_mutf8(t, f->desc, strlen(f->desc));
                        if (s == NULL) return;
                        FIELD_SET(mn, o.type, Object *, s);
                    }
                    return;
                }
            }
    } else {
        exc_throw(t, "java/lang/InternalError", "unrecognized MemberName format");
    }
}

static void throw_resolve_error(Thread *t, int kind, Class *defc, const char *name, const char *desc)
{
    char ext[512];
    class_external_name(defc, ext, sizeof ext);
    if (kind & MN_IS_FIELD)
        exc_throw(t, "java/lang/NoSuchFieldError", "%s", name);
    else {
        char sig[1024];
        resolve_format_method(defc->name, name, desc ? desc : "()V", sig, sizeof sig);
        exc_throw(t, "java/lang/NoSuchMethodError", "%s", sig);
    }
}

/* static native MemberName resolve(MemberName self, Class<?> caller, int lookupMode,
 *                                  boolean speculativeResolve) */
static void mhn_resolve(Thread *t, Slot *args, Slot *ret)
{
    init_offsets();
    Object *mn = args[0].l;
    Object *caller_mirror = args[1].l;
    int lookup_mode = args[2].i;
    bool speculative = args[3].i != 0;
    ret->l = NULL;
    if (mn == NULL) {
        exc_throw(t, "java/lang/InternalError", "mname is null");
        return;
    }
    Object *rmn = FIELD_GET(mn, o.method, Object *);
    if (rmn != NULL && FIELD_GET(rmn, class_injected.rmn_vmtarget, Method *) != NULL) {
        ret->l = mn; /* already resolved */
        return;
    }
    Object *clazz = FIELD_GET(mn, o.clazz, Object *);
    Object *jname = FIELD_GET(mn, o.name, Object *);
    Object *type = FIELD_GET(mn, o.type, Object *);
    int flags = FIELD_GET(mn, o.flags, jint);
    int kind = flags & ALL_KINDS;
    int rk = (flags >> MN_REFERENCE_KIND_SHIFT) & MN_REFERENCE_KIND_MASK;
    if (clazz == NULL || jname == NULL || type == NULL) {
        if (!speculative) exc_throw(t, "java/lang/IllegalArgumentException", "nothing to resolve");
        return;
    }
    Class *defc = class_from_mirror(clazz);
    if (class_is_primitive(defc)) {
        if (!speculative) exc_throw(t, "java/lang/IllegalArgumentException", "primitive class");
        return;
    }
    if (class_is_array(defc)) defc = wk.Object; /* array members are Object's */
    Class *caller = caller_mirror ? class_from_mirror(caller_mirror) : NULL;
    char *n = str_to_mutf8(jname);
    const char *name = sym_intern(n);
    free(n);
    const char *desc = type_descriptor(type, kind == MN_IS_FIELD);
    if (desc == NULL) {
        if (!speculative) exc_throw(t, "java/lang/IllegalArgumentException", "bad MemberName type");
        return;
    }
    if (!class_link(t, defc) || !class_verify(t, defc)) {
        if (speculative) exc_clear(t);
        return;
    }
    if (kind == MN_IS_FIELD) {
        Field *f = class_lookup_field(defc, name, desc);
        if (f == NULL) {
            if (!speculative) throw_resolve_error(t, kind, defc, name, desc);
            return;
        }
        if (caller && lookup_mode != LM_TRUSTED &&
            !resolve_member_accessible(caller, defc, f->clazz, f->access)) {
            if (!speculative) exc_throw(t, "java/lang/IllegalAccessError", "%s", name);
            return;
        }
        fill_field(t, mn, f, rk);
        ret->l = mn;
        return;
    }
    if (kind == MN_IS_METHOD || kind == MN_IS_CONSTRUCTOR) {
        Method *m;
        if (kind == MN_IS_CONSTRUCTOR)
            m = class_find_declared_method(defc, sym.init, desc);
        else if (rk == REF_invokeInterface && class_is_interface(defc))
            m = class_lookup_interface_method(defc, name, desc);
        else
            m = class_lookup_method(defc, name, desc);
        if (m == NULL || (kind == MN_IS_METHOD && (m->name == sym.init || m->name == sym.clinit))) {
            if (!speculative) throw_resolve_error(t, kind, defc, name, desc);
            return;
        }
        if (rk == REF_invokeStatic && !method_is_static(m)) {
            if (!speculative) exc_throw(t, "java/lang/IncompatibleClassChangeError", "Expected static method %s", name);
            return;
        }
        if (rk != REF_invokeStatic && rk != 0 && method_is_static(m)) {
            if (!speculative) exc_throw(t, "java/lang/IncompatibleClassChangeError", "Expecting non-static method %s", name);
            return;
        }
        if (caller && lookup_mode != LM_TRUSTED &&
            !resolve_member_accessible(caller, defc, m->clazz, m->access)) {
            if (!speculative) exc_throw(t, "java/lang/IllegalAccessError", "%s", name);
            return;
        }
        if (!mhn_fill_method(t, mn, m, rk)) return;
        ret->l = mn;
        return;
    }
    if (!speculative) exc_throw(t, "java/lang/InternalError", "unrecognized MemberName kind");
}

/* static native int getMembers(Class<?> defc, String matchName, String matchSig,
 *                              int matchFlags, Class<?> caller, int skip, MemberName[] results) */
static void mhn_get_members(Thread *t, Slot *args, Slot *ret)
{
    init_offsets();
    Class *defc = class_from_mirror(args[0].l);
    Object *mname = args[1].l, *msig = args[2].l;
    int mflags = args[3].i;
    int skip = args[5].i;
    Array *results = (Array *)args[6].l;
    const char *name = NULL, *sig = NULL;
    if (mname) {
        char *s = str_to_mutf8(mname);
        name = sym_intern(s);
        free(s);
    }
    if (msig) {
        char *s = str_to_mutf8(msig);
        sig = sym_intern(s);
        free(s);
    }
    int found = 0, stored = 0;
    int cap = results ? results->length : 0;
    for (Class *k = defc; k; k = (mflags & MN_SEARCH_SUPERCLASSES) ? k->super : NULL) {
        if (mflags & MN_IS_FIELD) {
            for (int i = 0; i < k->field_count; i++) {
                Field *f = &k->fields[i];
                if ((name && f->name != name) || (sig && f->desc != sig) || f->deleted) continue;
                if (found++ < skip) continue;
                if (stored < cap) {
                    Object *mn = ((Object **)array_data(results))[stored];
                    if (mn) fill_field(t, mn, f, -1);
                }
                stored++;
            }
        }
        if (mflags & (MN_IS_METHOD | MN_IS_CONSTRUCTOR)) {
            for (int i = 0; i < k->method_count; i++) {
                Method *m = &k->methods[i];
                bool is_ctor = m->name == sym.init;
                if (m->name == sym.clinit || (m->flags & METHOD_F_DELETED)) continue;
                if (is_ctor && !(mflags & MN_IS_CONSTRUCTOR)) continue;
                if (!is_ctor && !(mflags & MN_IS_METHOD)) continue;
                if ((name && m->name != name) || (sig && m->desc != sig)) continue;
                if (found++ < skip) continue;
                if (stored < cap) {
                    Object *mn = ((Object **)array_data(results))[stored];
                    if (mn && !mhn_fill_method(t, mn, m, -1)) return;
                }
                stored++;
            }
        }
        if (!(mflags & MN_SEARCH_SUPERCLASSES)) break;
    }
    ret->i = stored;
}

static void mhn_object_field_offset(Thread *t, Slot *args, Slot *ret)
{
    init_offsets();
    Object *mn = args[0].l;
    int flags = mn ? FIELD_GET(mn, o.flags, jint) : 0;
    if (mn == NULL || !(flags & MN_IS_FIELD) || (flags & ACC_STATIC)) {
        exc_throw(t, "java/lang/InternalError", "field is not an instance field");
        return;
    }
    ret->j = FIELD_GET(mn, class_injected.mn_vmindex, int64_t);
}

static void mhn_static_field_offset(Thread *t, Slot *args, Slot *ret)
{
    init_offsets();
    Object *mn = args[0].l;
    int flags = mn ? FIELD_GET(mn, o.flags, jint) : 0;
    if (mn == NULL || !(flags & MN_IS_FIELD) || !(flags & ACC_STATIC)) {
        exc_throw(t, "java/lang/InternalError", "field is not static");
        return;
    }
    ret->j = FIELD_GET(mn, class_injected.mn_vmindex, int64_t);
}

static void mhn_static_field_base(Thread *t, Slot *args, Slot *ret)
{
    init_offsets();
    Object *mn = args[0].l;
    int flags = mn ? FIELD_GET(mn, o.flags, jint) : 0;
    if (mn == NULL || !(flags & MN_IS_FIELD) || !(flags & ACC_STATIC)) {
        exc_throw(t, "java/lang/InternalError", "field is not static");
        return;
    }
    ret->l = class_from_mirror(FIELD_GET(mn, o.clazz, Object *))->mirror;
}

/* static native Object getMemberVMInfo(MemberName self): {Long vmindex, target} */
static void mhn_get_member_vm_info(Thread *t, Slot *args, Slot *ret)
{
    init_offsets();
    Object *mn = args[0].l;
    if (mn == NULL) return;
    Array *a = obj_new_ref_array(t, wk.Object, 2);
    if (a == NULL) return;
    Slot v = {.j = FIELD_GET(mn, class_injected.mn_vmindex, int64_t)};
    Object *box = reflect_box(t, BT_LONG, &v);
    if (box == NULL) return;
    ((Object **)array_data(a))[0] = box;
    int flags = FIELD_GET(mn, o.flags, jint);
    ((Object **)array_data(a))[1] = (flags & MN_IS_FIELD) ? FIELD_GET(mn, o.clazz, Object *) : mn;
    ret->l = &a->hdr;
}

static void mhn_set_target_normal(Thread *t, Slot *args, Slot *ret)
{
    (void)t, (void)ret;
    init_offsets();
    FIELD_SET(args[0].l, o.cs_target, Object *, args[1].l);
}

static void mhn_set_target_volatile(Thread *t, Slot *args, Slot *ret)
{
    (void)t, (void)ret;
    init_offsets();
    __atomic_store_n(FIELD_PTR(args[0].l, o.cs_target, Object *), args[1].l, __ATOMIC_SEQ_CST);
}

/* static native void copyOutBootstrapArguments(Class<?> caller, int[] indexInfo, int start,
 *      int end, Object[] buf, int pos, boolean resolve, Object ifNotAvailable) */
static void mhn_copy_out_bsm_args(Thread *t, Slot *args, Slot *ret)
{
    (void)ret;
    Class *caller = class_from_mirror(args[0].l);
    Array *info = (Array *)args[1].l;
    int start = args[2].i, end = args[3].i;
    Array *buf = (Array *)args[4].l;
    int pos = args[5].i;
    if (info == NULL || info->length < 2 || buf == NULL) {
        exc_throw(t, "java/lang/IllegalArgumentException", "bad bootstrap argument request");
        return;
    }
    int cp_index = ((int32_t *)array_data(info))[1];
    if (cp_index <= 0 || cp_index >= caller->cp.count ||
        (caller->cp.tags[cp_index] != CONSTANT_Dynamic && caller->cp.tags[cp_index] != CONSTANT_InvokeDynamic)) {
        exc_throw(t, "java/lang/IllegalArgumentException", "bad constant pool index");
        return;
    }
    const CfBootstrapMethod *b = &caller->cf->bootstrap_methods[caller->cp.entries[cp_index].u.dyn.bsm_index];
    if (start < -4 || end > b->arg_count || start > end || pos < 0 || pos + (end - start) > buf->length) {
        exc_throw(t, "java/lang/IndexOutOfBoundsException", "bootstrap argument index out of range");
        return;
    }
    for (int i = start; i < end; i++) {
        Object *v = NULL;
        if (i >= 0) {
            uint16_t k = b->args[i];
            Slot s;
            switch (caller->cp.tags[k]) {
            case CONSTANT_Integer: s.i = caller->cp.entries[k].u.i; v = reflect_box(t, BT_INT, &s); break;
            case CONSTANT_Float: s.f = caller->cp.entries[k].u.f; v = reflect_box(t, BT_FLOAT, &s); break;
            case CONSTANT_Long: s.j = caller->cp.entries[k].u.j; v = reflect_box(t, BT_LONG, &s); break;
            case CONSTANT_Double: s.d = caller->cp.entries[k].u.d; v = reflect_box(t, BT_DOUBLE, &s); break;
            case CONSTANT_String: v = resolve_string(t, caller, k); break;
            case CONSTANT_Class: {
                Class *c = resolve_class(t, caller, k);
                v = c ? c->mirror : NULL;
                break;
            }
            case CONSTANT_MethodType: v = resolve_method_type(t, caller, k); break;
            case CONSTANT_MethodHandle: v = resolve_method_handle(t, caller, k); break;
            case CONSTANT_Dynamic: {
                BasicType bt;
                if (!resolve_dynamic_constant(t, caller, k, &s, &bt)) return;
                v = bt_is_ref(bt) ? s.l : reflect_box(t, bt, &s);
                break;
            }
            default: break;
            }
            if (v == NULL && exc_pending(t)) return;
        }
        ((Object **)array_data(buf))[pos + (i - start)] = v;
    }
}

static void mhn_nop(Thread *t, Slot *args, Slot *ret)
{
    (void)t, (void)args, (void)ret;
}

static void mhn_get_named_con(Thread *t, Slot *args, Slot *ret)
{
    (void)t, (void)args;
    ret->i = 0; /* no constants to verify: ends MethodHandleNatives.verifyConstants */
}

static void mh_invoke_reflectively(Thread *t, Slot *args, Slot *ret)
{
    (void)args, (void)ret;
    exc_throw(t, "java/lang/UnsupportedOperationException", "cannot reflectively invoke MethodHandle");
}

#define MHN "java/lang/invoke/MethodHandleNatives"
#define MN "Ljava/lang/invoke/MemberName;"
static const VMNativeEntry mhn_natives[] = {
    {MHN, "registerNatives", "()V", mhn_nop},
    {MHN, "init", "(" MN "Ljava/lang/Object;)V", mhn_init},
    {MHN, "expand", "(" MN ")V", mhn_expand},
    {MHN, "resolve", "(" MN "Ljava/lang/Class;IZ)" MN, mhn_resolve},
    {MHN, "getMembers", "(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/String;ILjava/lang/Class;I[" MN ")I",
     mhn_get_members},
    {MHN, "objectFieldOffset", "(" MN ")J", mhn_object_field_offset},
    {MHN, "staticFieldOffset", "(" MN ")J", mhn_static_field_offset},
    {MHN, "staticFieldBase", "(" MN ")Ljava/lang/Object;", mhn_static_field_base},
    {MHN, "getMemberVMInfo", "(" MN ")Ljava/lang/Object;", mhn_get_member_vm_info},
    {MHN, "setCallSiteTargetNormal", "(Ljava/lang/invoke/CallSite;Ljava/lang/invoke/MethodHandle;)V",
     mhn_set_target_normal},
    {MHN, "setCallSiteTargetVolatile", "(Ljava/lang/invoke/CallSite;Ljava/lang/invoke/MethodHandle;)V",
     mhn_set_target_volatile},
    {MHN, "copyOutBootstrapArguments", "(Ljava/lang/Class;[III[Ljava/lang/Object;IZLjava/lang/Object;)V",
     mhn_copy_out_bsm_args},
    {MHN, "clearCallSiteContext", "(Ljava/lang/invoke/MethodHandleNatives$CallSiteContext;)V", mhn_nop},
    {MHN, "getNamedCon", "(I[Ljava/lang/Object;)I", mhn_get_named_con},
    {"java/lang/invoke/MethodHandle", "invoke", "([Ljava/lang/Object;)Ljava/lang/Object;", mh_invoke_reflectively},
    {"java/lang/invoke/MethodHandle", "invokeExact", "([Ljava/lang/Object;)Ljava/lang/Object;",
     mh_invoke_reflectively},
    {NULL, NULL, NULL, NULL},
};

void mhn_register_natives(void) { native_register_vm(mhn_natives); }
