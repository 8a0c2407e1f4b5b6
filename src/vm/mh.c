// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * mh.c — JSR 292 in the VM core: constants, call-site linking and intrinsic targets
 * (../shared/docs/boot-openjdk17.md part c; JVMS 5.4.3.5-6).
 *
 * All linking is done by the class library through the MethodHandleNatives upcalls; the
 * VM only resolves symbolic references, collects bootstrap arguments (always passed as an
 * Object[]), calls up, and records the result. Per class, Class.jsr292 holds the
 * invokedynamic sites (keyed by instruction address, numbered for the quickened
 * instruction) and the invokehandle links (by constant-pool index), under the table's
 * lock; the upcalls themselves run without it, and when two threads link the same site
 * the first recorded result wins.
 */
#include "mh.h"

#include <stdlib.h>
#include <string.h>

#include "../os/os.h"
#include "exception.h"
#include "interp.h"
#include "object.h"
#include "reflect.h"
#include "resolve.h"
#include "string.h"
#include "sym.h"
#include "thread.h"
#include "wellknown.h"

typedef struct IndySite {
    const uint8_t *pc;
    CallSiteLink link;
} IndySite;

typedef struct Jsr292Tables {
    OsMutex lock;
    IndySite *sites;
    uint32_t site_count, site_cap;
    CallSiteLink **handles; /* by CP index, lazily */
} Jsr292Tables;

static struct {
    uint32_t mh_form, lf_vmentry, mn_method, mn_clazz, mn_flags;
} off;
static Method *up_find_type, *up_link_constant, *up_link_call_site, *up_link_dynamic, *up_link_method;
static Object *null_sentinel;
static OsMutex create_lock;

static uint32_t field_off(Class *c, const char *name, const char *desc)
{
    Field *f = class_find_declared_field(c, sym_intern(name), sym_intern(desc));
    if (f == NULL) panic("JSR 292 field %s.%s missing", c->name, name);
    return f->offset;
}

void mh_init(Thread *t)
{
    os_mutex_init(&create_lock);
    off.mh_form = field_off(wk.MethodHandle, "form", "Ljava/lang/invoke/LambdaForm;");
    off.lf_vmentry = field_off(wk.LambdaForm, "vmentry", "Ljava/lang/invoke/MemberName;");
    off.mn_method = field_off(wk.MemberName, "method", "Ljava/lang/invoke/ResolvedMethodName;");
    off.mn_clazz = field_off(wk.MemberName, "clazz", "Ljava/lang/Class;");
    off.mn_flags = field_off(wk.MemberName, "flags", "I");
    Class *mhn = wk.MethodHandleNatives;
    up_find_type = wk_method(mhn, "findMethodHandleType",
                             "(Ljava/lang/Class;[Ljava/lang/Class;)Ljava/lang/invoke/MethodType;");
    up_link_constant = wk_method(mhn, "linkMethodHandleConstant",
                                 "(Ljava/lang/Class;ILjava/lang/Class;Ljava/lang/String;Ljava/lang/Object;)"
                                 "Ljava/lang/invoke/MethodHandle;");
    up_link_call_site = wk_method(mhn, "linkCallSite",
                                  "(Ljava/lang/Object;ILjava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;"
                                  "Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/invoke/MemberName;");
    up_link_dynamic = wk_method(mhn, "linkDynamicConstant",
                                "(Ljava/lang/Object;ILjava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;"
                                "Ljava/lang/Object;)Ljava/lang/Object;");
    up_link_method = wk_method(mhn, "linkMethod",
                               "(Ljava/lang/Class;ILjava/lang/Class;Ljava/lang/String;Ljava/lang/Object;"
                               "[Ljava/lang/Object;)Ljava/lang/invoke/MemberName;");
    null_sentinel = obj_new(t, wk.Object);
    if (null_sentinel == NULL) panic("cannot allocate the JSR 292 null sentinel");
    gc_register_root(&null_sentinel);
}

Object *mh_null_sentinel(void) { return null_sentinel; }

int mh_desc_slots(const char *desc)
{
    int n = 0;
    for (const char *p = desc + 1; *p && *p != ')'; p++) {
        if (*p == 'J' || *p == 'D') {
            n += 2;
            continue;
        }
        n++;
        while (*p == '[') p++;
        if (*p == 'L') p = strchr(p, ';');
    }
    return n;
}

static Jsr292Tables *tables_of(Class *c)
{
    Jsr292Tables *tb = __atomic_load_n((Jsr292Tables **)&c->jsr292, __ATOMIC_ACQUIRE);
    if (tb) return tb;
    os_mutex_lock(&create_lock);
    tb = c->jsr292;
    if (tb == NULL) {
        tb = vm_calloc(1, sizeof(Jsr292Tables));
        os_mutex_init(&tb->lock);
        tb->handles = vm_calloc(c->cp.count ? c->cp.count : 1, sizeof(CallSiteLink *));
        __atomic_store_n((Jsr292Tables **)&c->jsr292, tb, __ATOMIC_RELEASE);
    }
    os_mutex_unlock(&create_lock);
    return tb;
}

/* ------------------------------------------------------------------------------------ */
/* Method types and handles                                                             */
/* ------------------------------------------------------------------------------------ */

static size_t type_len(const char *p)
{
    const char *s = p;
    while (*p == '[') p++;
    if (*p == 'L') p = strchr(p, ';');
    return (size_t)(p - s) + 1;
}

Object *mh_method_type(Thread *t, Class *from, const char *desc)
{
    int n = 0;
    for (const char *p = desc + 1; *p != ')'; p += type_len(p)) n++;
    Array *ptypes = obj_new_ref_array(t, wk.Class, n);
    if (ptypes == NULL) return NULL;
    int i = 0;
    const char *p = desc + 1;
    for (; *p != ')'; p += type_len(p)) {
        Class *c = resolve_type_desc(t, from, p, type_len(p));
        if (c == NULL) return NULL;
        if (from && !resolve_class_accessible(from, c)) {
            char ext[512];
            class_external_name(c, ext, sizeof ext);
            exc_throw(t, "java/lang/IllegalAccessError", "%s", ext);
            return NULL;
        }
        ((Object **)array_data(ptypes))[i++] = c->mirror;
    }
    p++;
    Class *rc = resolve_type_desc(t, from, p, strlen(p));
    if (rc == NULL) return NULL;
    Slot args[2] = {{.l = rc->mirror}, {.l = &ptypes->hdr}};
    Slot r;
    return interp_call(t, up_find_type, args, &r) ? r.l : NULL;
}

Object *mh_resolve_constant(Thread *t, Class *from, uint16_t index)
{
    const CfConstant *k = &from->cp.entries[index];
    int kind = k->u.mh.kind;
    uint16_t ref = k->u.mh.ref_index;
    const CfConstant *r = &from->cp.entries[ref];
    const CfConstant *nat = &from->cp.entries[r->u.ref.nat_index];
    const char *name = cf_utf8(from->cf, nat->u.nat.name_index);
    const char *desc = cf_utf8(from->cf, nat->u.nat.desc_index);
    Class *defc = resolve_class(t, from, r->u.ref.class_index);
    if (defc == NULL) return NULL;
    Object *type;
    if (kind <= REF_putStatic) {
        /* Symbolic resolution first, so errors are the JVMS ones. */
        /* HotSpot leaves a static/instance mismatch to linkMethodHandleConstant (an
         * IllegalAccessError), so only the symbolic resolution is done here. */
        if (!resolve_field_symbolic(t, from, ref)) return NULL;
        Class *fc = resolve_type_desc(t, from, desc, strlen(desc));
        if (fc == NULL) return NULL;
        type = fc->mirror;
    } else {
        InvokeKind ik = kind == REF_invokeStatic      ? INVOKE_STATIC
                        : kind == REF_invokeInterface ? INVOKE_INTERFACE
                        : kind == REF_invokeVirtual   ? INVOKE_VIRTUAL
                                                      : INVOKE_SPECIAL;
        Method *m = resolve_method(t, from, ref, ik);
        if (m == NULL) return NULL;
        type = mh_method_type(t, from, desc);
        if (type == NULL) return NULL;
    }
    Object *jname = str_intern_mutf8(t, name, strlen(name));
    if (jname == NULL) return NULL;
    Slot args[5] = {{.l = from->mirror}, {.i = kind}, {.l = defc->mirror}, {.l = jname}, {.l = type}};
    Slot res;
    return interp_call(t, up_link_constant, args, &res) ? res.l : NULL;
}

/* ------------------------------------------------------------------------------------ */
/* Bootstrap arguments                                                                  */
/* ------------------------------------------------------------------------------------ */

/* A loadable constant as an Object (primitives boxed). */
static Object *constant_object(Thread *t, Class *from, uint16_t i)
{
    const CfConstant *k = &from->cp.entries[i];
    Slot v;
    switch (from->cp.tags[i]) {
    case CONSTANT_Integer: v.i = k->u.i; return reflect_box(t, BT_INT, &v);
    case CONSTANT_Float: v.f = k->u.f; return reflect_box(t, BT_FLOAT, &v);
    case CONSTANT_Long: v.j = k->u.j; return reflect_box(t, BT_LONG, &v);
    case CONSTANT_Double: v.d = k->u.d; return reflect_box(t, BT_DOUBLE, &v);
    case CONSTANT_String: return resolve_string(t, from, i);
    case CONSTANT_Class: {
        Class *c = resolve_class(t, from, i);
        return c ? c->mirror : NULL;
    }
    case CONSTANT_MethodType: return resolve_method_type(t, from, i);
    case CONSTANT_MethodHandle: return resolve_method_handle(t, from, i);
    case CONSTANT_Dynamic: {
        BasicType bt;
        if (!resolve_dynamic_constant(t, from, i, &v, &bt)) return NULL;
        if (bt_is_ref(bt)) return v.l;
        return reflect_box(t, bt, &v);
    }
    default:
        exc_throw(t, "java/lang/ClassFormatError", "Invalid bootstrap argument at constant pool index %d", i);
        return NULL;
    }
}

/* Collects bsm, name, type and the static arguments of a Dynamic/InvokeDynamic entry. */
static bool bootstrap_info(Thread *t, Class *from, uint16_t index, bool is_indy, Object **bsm,
                           Object **name, Object **type, Object **static_args)
{
    const CfConstant *k = &from->cp.entries[index];
    const CfBootstrapMethod *b = &from->cf->bootstrap_methods[k->u.dyn.bsm_index];
    const CfConstant *nat = &from->cp.entries[k->u.dyn.nat_index];
    const char *n = cf_utf8(from->cf, nat->u.nat.name_index);
    const char *d = cf_utf8(from->cf, nat->u.nat.desc_index);
    *bsm = resolve_method_handle(t, from, b->method_handle);
    if (*bsm == NULL) return false;
    *name = str_intern_mutf8(t, n, strlen(n));
    if (*name == NULL) return false;
    if (is_indy) {
        *type = mh_method_type(t, from, d);
    } else {
        Class *c = resolve_type_desc(t, from, d, strlen(d));
        *type = c ? c->mirror : NULL;
    }
    if (*type == NULL) return false;
    Array *a = obj_new_ref_array(t, wk.Object, b->arg_count);
    if (a == NULL) return false;
    for (int i = 0; i < b->arg_count; i++) {
        Object *o = constant_object(t, from, b->args[i]);
        if (o == NULL && exc_pending(t)) return false;
        ((Object **)array_data(a))[i] = o;
    }
    *static_args = &a->hdr;
    return true;
}

bool mh_resolve_dynamic(Thread *t, Class *from, uint16_t index, Slot *boxed)
{
    Object *bsm, *name, *type, *sargs;
    if (!bootstrap_info(t, from, index, false, &bsm, &name, &type, &sargs)) return false;
    Slot args[6] = {{.l = from->mirror}, {.i = index}, {.l = bsm}, {.l = name}, {.l = type}, {.l = sargs}};
    return interp_call(t, up_link_dynamic, args, boxed);
}

bool mh_unbox(Thread *t, Object *box, BasicType bt, Slot *out)
{
    if (box == NULL) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
        return false;
    }
    return reflect_unbox(t, box, bt, out);
}

/* ------------------------------------------------------------------------------------ */
/* Call sites                                                                           */
/* ------------------------------------------------------------------------------------ */

static bool link_from_member(Thread *t, Object *mn, Array *appendix, CallSiteLink *out)
{
    int64_t vmindex;
    Method *m = mh_member_target(t, mn, &vmindex);
    if (m == NULL) return false;
    out->invoker = m;
    out->appendix = ((Object **)array_data(appendix))[0];
    out->error = NULL;
    return true;
}

/* The site already made for the invokedynamic at pc, or NULL. */
static CallSiteLink *existing_site(Jsr292Tables *tb, const uint8_t *pc, uint16_t *site)
{
    for (uint32_t i = 0; i < tb->site_count; i++) {
        if (tb->sites[i].pc == pc) {
            *site = (uint16_t)i;
            return &tb->sites[i].link;
        }
    }
    return NULL;
}

CallSiteLink *mh_link_indy(Thread *t, Class *caller, const uint8_t *pc, uint16_t cp_index,
                           uint16_t *site)
{
    Jsr292Tables *tb = tables_of(caller);
    /* A site whose linkage failed before: the interpreter throws its remembered error. */
    os_mutex_lock(&tb->lock);
    CallSiteLink *done = existing_site(tb, pc, site);
    os_mutex_unlock(&tb->lock);
    if (done != NULL) return done;

    CallSiteLink link = {0};
    Object *bsm, *name, *type, *sargs;
    Array *appendix = NULL;
    bool ok = bootstrap_info(t, caller, cp_index, true, &bsm, &name, &type, &sargs);
    if (ok) appendix = obj_new_ref_array(t, wk.Object, 1);
    if (ok && appendix) {
        Slot args[7] = {{.l = caller->mirror}, {.i = cp_index}, {.l = bsm}, {.l = name},
                        {.l = type}, {.l = sargs}, {.l = &appendix->hdr}};
        Slot r;
        ok = interp_call(t, up_link_call_site, args, &r) && link_from_member(t, r.l, appendix, &link);
    } else {
        ok = false;
    }
    if (!ok) {
        if (exc_pending(t) == NULL) panic("invokedynamic linkage failed without an exception");
        /* JVMS 5.4.3, 6.5 invokedynamic: only a LinkageError is remembered (HotSpot keeps
         * its class and message, not its cause); any other error (OutOfMemoryError,
         * StackOverflowError from the bootstrap method) leaves the site unlinked, to be
         * linked again by the next execution. */
        link.error = resolve_error_save(t, NULL, false);
        if (link.error == NULL) return NULL;
    }
    os_mutex_lock(&tb->lock);
    done = existing_site(tb, pc, site);
    if (done != NULL) { /* another thread got there first */
        os_mutex_unlock(&tb->lock);
        resolve_error_free(link.error);
        exc_clear(t);
        return done;
    }
    if (tb->site_count >= 0xFFFF) {
        os_mutex_unlock(&tb->lock);
        resolve_error_free(link.error);
        exc_throw(t, "java/lang/InternalError", "too many invokedynamic call sites in %s", caller->name);
        return NULL;
    }
    if (tb->site_count == tb->site_cap) {
        /* Sites are reached through indexes, never pointers kept across growth, except
         * the one returned here: grow into a new array and leave the old one in place so
         * a concurrent reader of an older pointer stays valid. */
        uint32_t ncap = tb->site_cap ? tb->site_cap * 2 : 8;
        IndySite *ns = vm_calloc(ncap, sizeof(IndySite));
        if (tb->site_count) memcpy(ns, tb->sites, tb->site_count * sizeof(IndySite));
        __atomic_store_n(&tb->sites, ns, __ATOMIC_RELEASE);
        tb->site_cap = ncap;
    }
    IndySite *s = &tb->sites[tb->site_count];
    s->pc = pc;
    s->link = link;
    *site = (uint16_t)tb->site_count;
    __atomic_store_n(&tb->site_count, tb->site_count + 1, __ATOMIC_RELEASE);
    os_mutex_unlock(&tb->lock);
    /* The first failure throws the original error (still pending); the site stays
     * unquickened until the next execution finds it here. */
    return ok ? &s->link : NULL;
}

CallSiteLink *mh_indy_site(Class *caller, uint16_t site)
{
    Jsr292Tables *tb = caller->jsr292;
    IndySite *sites = __atomic_load_n(&tb->sites, __ATOMIC_ACQUIRE);
    return &sites[site].link;
}

CallSiteLink *mh_link_invokehandle(Thread *t, Class *caller, uint16_t cp_index)
{
    Jsr292Tables *tb = tables_of(caller);
    CallSiteLink *l = __atomic_load_n(&tb->handles[cp_index], __ATOMIC_ACQUIRE);
    if (l) return l;
    const CfConstant *r = &caller->cp.entries[cp_index];
    const CfConstant *nat = &caller->cp.entries[r->u.ref.nat_index];
    const char *name = cf_utf8(caller->cf, nat->u.nat.name_index);
    const char *desc = cf_utf8(caller->cf, nat->u.nat.desc_index);
    Class *defc = resolve_class(t, caller, r->u.ref.class_index);
    if (defc == NULL) return NULL;
    Method *m = resolve_method(t, caller, cp_index, INVOKE_VIRTUAL);
    if (m == NULL) return NULL;
    CallSiteLink link = {0};
    Object *type = mh_method_type(t, caller, desc);
    Object *jname = type ? str_intern_mutf8(t, name, strlen(name)) : NULL;
    Array *appendix = jname ? obj_new_ref_array(t, wk.Object, 1) : NULL;
    bool ok = false;
    if (appendix) {
        Slot args[6] = {{.l = caller->mirror}, {.i = REF_invokeVirtual}, {.l = m->clazz->mirror},
                        {.l = jname}, {.l = type}, {.l = &appendix->hdr}};
        Slot res;
        ok = interp_call(t, up_link_method, args, &res) && link_from_member(t, res.l, appendix, &link);
    }
    /* A failure is not remembered, as in HotSpot: the entry's class is (resolve_class),
     * and the method lookup gives the same answer each time; the next execution links
     * again. */
    if (!ok) return NULL;
    CallSiteLink *nl = vm_malloc(sizeof(CallSiteLink));
    *nl = link;
    CallSiteLink *expected = NULL;
    if (!__atomic_compare_exchange_n(&tb->handles[cp_index], &expected, nl, false, __ATOMIC_ACQ_REL,
                                     __ATOMIC_ACQUIRE)) {
        free(nl);
        nl = expected;
    }
    return nl;
}

/* ------------------------------------------------------------------------------------ */
/* Intrinsic targets                                                                    */
/* ------------------------------------------------------------------------------------ */

Method *mh_member_target(Thread *t, Object *mn, int64_t *vmindex)
{
    if (mn == NULL) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
        return NULL;
    }
    Object *rmn = FIELD_GET(mn, off.mn_method, Object *);
    *vmindex = FIELD_GET(mn, class_injected.mn_vmindex, int64_t);
    Method *m = rmn ? FIELD_GET(rmn, class_injected.rmn_vmtarget, Method *) : NULL;
    if (m == NULL) {
        exc_throw(t, "java/lang/InternalError", "MemberName is not resolved");
        return NULL;
    }
    return m;
}

Method *mh_invoke_basic_target(Thread *t, Object *mh)
{
    if (mh == NULL) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
        return NULL;
    }
    Object *form = FIELD_GET(mh, off.mh_form, Object *);
    Object *entry = form ? FIELD_GET(form, off.lf_vmentry, Object *) : NULL;
    int64_t vmindex;
    return mh_member_target(t, entry, &vmindex);
}

/* A call site's objects, and the class of its invoker (a LambdaForm class, often hidden),
 * which must stay loaded while the site can be executed. */
static void visit_link(CallSiteLink *l, RootVisitor *v)
{
    if (l->appendix) v->visit(v, &l->appendix, ROOT_CLASS);
    if (l->invoker && l->invoker->clazz && l->invoker->clazz->mirror)
        v->visit(v, &l->invoker->clazz->mirror, ROOT_CLASS);
}

void mh_visit_class_refs(Class *c, RootVisitor *v)
{
    Jsr292Tables *tb = c->jsr292;
    if (tb == NULL) return;
    for (uint32_t i = 0; i < tb->site_count; i++) visit_link(&tb->sites[i].link, v);
    for (int i = 0; i < c->cp.count; i++) {
        CallSiteLink *l = tb->handles[i];
        if (l != NULL) visit_link(l, v);
    }
}

void mh_free_class_tables(Class *c)
{
    Jsr292Tables *tb = c->jsr292;
    if (tb == NULL) return;
    for (int i = 0; i < c->cp.count; i++) free(tb->handles[i]);
    for (uint32_t i = 0; i < tb->site_count; i++) resolve_error_free(tb->sites[i].link.error);
    free(tb->handles);
    free(tb->sites);
    os_mutex_destroy(&tb->lock);
    free(tb);
    c->jsr292 = NULL;
}
