// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * resolve.c — constant-pool resolution (JVMS 5.4.3) and access control (JVMS 5.4.4).
 *
 * Results are cached in Class.cp.resolved with release stores; readers use one acquire
 * load. Two threads may resolve the same entry at once: both compute the same answer (the
 * loader tables make class identity unique), so the race is benign.
 *
 * Instruction-specific checks (static vs instance, interface vs class) are made on every
 * call, also when the entry is cached, because several instructions of different kinds may
 * share one constant-pool entry; the interpreter calls in here only until it has quickened
 * an instruction, so this costs nothing on the fast path.
 *
 * Error messages follow HotSpot 17 ("'void B.foo(int)'", "class A tried to access private
 * field B.x (A and B are in unnamed module of loader 'app')"), since programs print them.
 *
 * Resolution errors (JVMS 5.4.3): when resolving a Class, MethodType, MethodHandle or
 * Dynamic entry fails with a LinkageError, the entry keeps a ResolveError record (tagged
 * with bit 0 in cp.resolved) and every later attempt throws the same error again without
 * loading anything: the class loader is asked once. Like HotSpot, the record holds the
 * error's class name and message and those of its cause, and each later attempt throws a
 * new instance of them (made through the boot loader, with the stack trace of that
 * attempt); the first attempt throws the original. Other failures (OutOfMemoryError, a
 * loader's RuntimeException) are not remembered, so the next attempt resolves again.
 * Fieldref and Methodref lookups themselves are deterministic once their class entry is
 * resolved, so only that class entry keeps an error, as in HotSpot.
 *
 * Class redefinition (redefine.h) gives a class a new class file and constant pool at a
 * safepoint, which a resolution may reach (class loading runs Java code, interning
 * allocates). So each resolution works on the pool it began with (a Pool: the class
 * file, entries and result array it read first) and publishes its result there: the
 * instruction that asked belongs to that version's code, which its frame keeps running
 * (as an old-version copy). While a slow path runs, Thread.resolving is nonzero, which
 * keeps redefinition from freeing old pools. `from` may be a shadow (an old version's
 * pool holder, Class.shadow_of): access control and the class itself are then the live
 * class's.
 */
#include "resolve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exception.h"
#include "loader.h"
#include "mh.h"
#include "module.h"
#include "object.h"
#include "string.h"
#include "sym.h"
#include "thread.h"
#include "wellknown.h"

/* One version of a class's constant pool, as a resolution found it (above). */
typedef struct Pool {
    Class *self;              /* the live class: access control, this_class */
    Class *holder;            /* the Class record holding this pool: self or a shadow */
    const ClassFile *cf;
    const CfConstant *entries;
    const uint8_t *tags;
    void *_Atomic *resolved;
} Pool;

static inline Pool pool_of(Class *from)
{
    return (Pool){from->shadow_of ? from->shadow_of : from, from, from->cf, from->cp.entries,
                  from->cp.tags, from->cp.resolved};
}

static inline void *cached(const Pool *p, uint16_t i)
{
    return atomic_load_explicit(&p->resolved[i], memory_order_acquire);
}

static inline void cache(const Pool *p, uint16_t i, void *v)
{
    atomic_store_explicit(&p->resolved[i], v, memory_order_release);
}

/* Brackets a slow path that may reach a safepoint (above: Thread.resolving). */
static inline void slow_begin(Thread *t)
{
    if (t) t->resolving++;
}
static inline void slow_end(Thread *t)
{
    if (t) t->resolving--;
}

/* ------------------------------------------------------------------------------------ */
/* Remembered resolution errors (JVMS 5.4.3)                                            */
/* ------------------------------------------------------------------------------------ */

struct ResolveError {
    const char *error;   /* internal name of the error's class (a symbol) */
    char *message;       /* its detail message, modified UTF-8 (malloc'd), or NULL */
    const char *cause;   /* internal name of the cause's class, or NULL */
    char *cause_message; /* the cause's detail message, or NULL */
};

#define ERROR_TAG ((uintptr_t)1)

static inline bool is_error(const void *v) { return ((uintptr_t)v & ERROR_TAG) != 0; }
static inline ResolveError *error_of(void *v) { return (ResolveError *)((uintptr_t)v & ~ERROR_TAG); }

static char *detail_message(Object *throwable)
{
    return str_to_mutf8(FIELD_GET(throwable, wk_off.Throwable_detailMessage, Object *));
}

ResolveError *resolve_error_save(Thread *t, const char *default_msg, bool keep_cause)
{
    Object *err = exc_pending(t);
    static Class *linkage_error;
    if (linkage_error == NULL) linkage_error = loader_find_loaded(NULL, "java/lang/LinkageError");
    if (err == NULL || linkage_error == NULL || !class_is_subclass_of(err->klass, linkage_error)) return NULL;
    ResolveError *e = vm_calloc(1, sizeof *e);
    e->error = err->klass->name;
    e->message = detail_message(err);
    if (e->message == NULL && default_msg != NULL) e->message = vm_strdup(default_msg);
    Object *cause = FIELD_GET(err, wk_off.Throwable_cause, Object *);
    if (keep_cause && cause != NULL && cause != err) {
        e->cause = cause->klass->name;
        e->cause_message = detail_message(cause);
    }
    return e;
}

void resolve_error_free(ResolveError *e)
{
    if (e == NULL) return;
    free(e->message);
    free(e->cause_message);
    free(e);
}

/* A new Throwable of the boot loader's class `name` with message `msg` (NULL: none) and
 * cause, or, as in HotSpot, the error that prevented making it (NoClassDefFoundError for
 * a class the boot loader does not know, NoSuchMethodError for a missing constructor).
 * Nothing is left pending. */
static Object *make_throwable(Thread *t, const char *name, const char *msg, Object *cause)
{
    exc_clear(t);
    Class *c = loader_load(t, NULL, name);
    if (c != NULL) {
        const char *string_ctor = sym_intern("(Ljava/lang/String;)V");
        if (class_find_declared_method(c, sym.init, string_ctor) != NULL ||
            (msg == NULL && class_find_declared_method(c, sym.init, sym.void_desc) != NULL)) {
            exc_throw_class(t, c, msg, cause);
        } else {
            char sig[1024];
            resolve_format_method(name, "<init>", msg ? string_ctor : sym.void_desc, sig, sizeof sig);
            exc_throw(t, "java/lang/NoSuchMethodError", "%s", sig);
        }
    }
    return exc_take(t);
}

void resolve_error_throw(Thread *t, const ResolveError *e)
{
    Object *cause = e->cause ? make_throwable(t, e->cause, e->cause_message, NULL) : NULL;
    exc_set(t, make_throwable(t, e->error, e->message, cause));
}

/*
 * Entry `index` of `from` failed to resolve with the pending exception. A LinkageError is
 * remembered in the entry (default_msg stands for a null message, as HotSpot names the
 * entry) and stays pending for this first attempt. Another thread may have finished the
 * entry meanwhile: its error is thrown instead, or its result returned with no exception.
 * Returns that result, or NULL with an exception pending.
 */
static void *remember_error(Thread *t, const Pool *p, uint16_t index, const char *default_msg)
{
    ResolveError *e = resolve_error_save(t, default_msg, true);
    if (e == NULL) return NULL;
    void *expected = NULL;
    void *tagged = (void *)((uintptr_t)e | ERROR_TAG);
    if (atomic_compare_exchange_strong_explicit(&p->resolved[index], &expected, tagged,
                                                memory_order_acq_rel, memory_order_acquire))
        return NULL;
    resolve_error_free(e);
    if (is_error(expected)) {
        resolve_error_throw(t, error_of(expected));
        return NULL;
    }
    exc_clear(t);
    return expected;
}

/* Publishes a successful result unless another thread remembered an error first (then
 * that error is thrown: the entry fails for good). Returns the entry's result or NULL. */
static void *publish(Thread *t, const Pool *p, uint16_t index, void *result)
{
    void *expected = NULL;
    if (atomic_compare_exchange_strong_explicit(&p->resolved[index], &expected, result,
                                                memory_order_acq_rel, memory_order_acquire) ||
        !is_error(expected))
        return expected ? expected : result;
    resolve_error_throw(t, error_of(expected));
    return NULL;
}

void resolve_release(Class *c)
{
    if (c->cp.resolved == NULL) return;
    for (uint16_t i = 1; i < c->cp.count; i++) {
        void *v = atomic_load_explicit(&c->cp.resolved[i], memory_order_acquire);
        if (is_error(v)) resolve_error_free(error_of(v));
    }
}

/* ------------------------------------------------------------------------------------ */
/* Message helpers                                                                      */
/* ------------------------------------------------------------------------------------ */

static void ext_name(const char *internal, char *buf, size_t n)
{
    size_t k = 0;
    for (const char *p = internal; *p && k + 1 < n; p++) buf[k++] = *p == '/' ? '.' : *p;
    buf[k] = 0;
}

/* Appends the Java spelling of one field descriptor at *d ("I" -> "int",
 * "[Ljava/lang/String;" -> "java.lang.String[]"), advancing *d. */
static void append_type(const char **d, char *buf, size_t n, size_t *k)
{
    int dims = 0;
    while (**d == '[') {
        dims++;
        (*d)++;
    }
    const char *name;
    char tmp[512];
    if (**d == 'L') {
        const char *semi = strchr(*d, ';');
        size_t len = semi ? (size_t)(semi - *d - 1) : strlen(*d + 1);
        if (len >= sizeof tmp) len = sizeof tmp - 1;
        memcpy(tmp, *d + 1, len);
        tmp[len] = 0;
        for (size_t i = 0; i < len; i++)
            if (tmp[i] == '/') tmp[i] = '.';
        name = tmp;
        *d = semi ? semi + 1 : *d + strlen(*d);
    } else {
        name = bt_name(bt_from_char(**d));
        if (name == NULL) name = "?";
        if (**d) (*d)++;
    }
    int w = snprintf(buf + *k, *k < n ? n - *k : 0, "%s", name);
    if (w > 0) *k += (size_t)w;
    for (int i = 0; i < dims; i++) {
        w = snprintf(buf + *k, *k < n ? n - *k : 0, "[]");
        if (w > 0) *k += (size_t)w;
    }
}

void resolve_format_method(const char *cls, const char *name, const char *desc, char *buf,
                           size_t n)
{
    size_t k = 0;
    const char *ret = strchr(desc, ')');
    const char *r = ret ? ret + 1 : "V";
    buf[0] = 0;
    int w = snprintf(buf, n, "'");
    k = (size_t)w;
    append_type(&r, buf, n, &k);
    char ext[512];
    if (cls != NULL) {
        ext_name(cls, ext, sizeof ext);
        w = snprintf(buf + k, k < n ? n - k : 0, " %s.%s(", ext, name);
    } else {
        w = snprintf(buf + k, k < n ? n - k : 0, " %s(", name);
    }
    if (w > 0) k += (size_t)w;
    const char *p = desc + 1;
    bool first = true;
    while (*p && *p != ')') {
        if (!first) {
            w = snprintf(buf + k, k < n ? n - k : 0, ", ");
            if (w > 0) k += (size_t)w;
        }
        first = false;
        append_type(&p, buf, n, &k);
    }
    snprintf(buf + k, k < n ? n - k : 0, ")'");
}

/* ------------------------------------------------------------------------------------ */
/* Access control                                                                       */
/* ------------------------------------------------------------------------------------ */

static const Class *element_class(const Class *c)
{
    return class_is_array(c) ? c->element : c;
}

/* The module of a class, also while it is being created (no mirror yet). */
static Object *module_of_class(const Class *c)
{
    const Class *e = element_class(c);
    if (class_is_primitive(e)) return module_of(NULL, sym_intern("java/lang"));
    return e->module ? e->module : module_of(e->loader, e->package);
}

bool resolve_class_accessible(const Class *from, const Class *to)
{
    if (from->shadow_of) from = from->shadow_of;
    to = element_class(to);
    if (class_is_primitive(to) || from == to) return true;
    if (wk.MagicAccessorImpl && class_is_subclass_of(from, wk.MagicAccessorImpl)) return true;
    if (to->access & ACC_PUBLIC) {
        /* JPMS: a public class in a named module is accessible when its package is
         * exported to the accessor's module (unnamed modules read every module). A class
         * still being created has no mirror, hence no module field, yet. */
        if (!module_java_base_defined()) return true;
        Object *tm = module_of_class(to), *fm = module_of_class(from);
        if (tm == NULL || fm == NULL || tm == fm) return true;
        return module_access(fm, tm, to->package) == MODULE_ACCESS_OK;
    }
    return class_same_package(from, to);
}

bool resolve_member_accessible(const Class *from, const Class *ref, const Class *decl,
                               uint16_t access)
{
    if (from->shadow_of) from = from->shadow_of;
    (void)ref;
    if (access & ACC_PUBLIC) return true;
    if (from == decl) return true;
    if (wk.MagicAccessorImpl && class_is_subclass_of(from, wk.MagicAccessorImpl)) return true;
    if (access & ACC_PRIVATE) {
        Thread *t = thread_current();
        Object *saved = exc_take(t);
        Class *h1 = resolve_nest_host(t, (Class *)from);
        Class *h2 = resolve_nest_host(t, (Class *)decl);
        exc_clear(t);
        if (saved) exc_set(t, saved);
        return h1 != NULL && h1 == h2;
    }
    if (access & ACC_PROTECTED) {
        if (class_same_package(from, decl)) return true;
        for (const Class *k = from; k; k = k->super)
            if (k == decl) return true;
        /* Protected members of Object (clone) are reachable from arrays' users too. */
        return false;
    }
    return class_same_package(from, decl);
}

Class *resolve_nest_host(Thread *t, Class *c)
{
    if (c->nest_host) return c->nest_host;
    Class *host = c;
    if (c->cf && c->cf->nest_host != 0) {
        const char *hn = cf_class_name(c->cf, c->cf->nest_host);
        Object *saved = exc_take(t);
        Class *h = loader_load(t, c->loader, hn);
        exc_clear(t);
        if (saved) exc_set(t, saved);
        if (h != NULL && class_same_package(h, c) && h->cf) {
            for (int i = 0; i < h->cf->nest_member_count; i++)
                if (cf_class_name(h->cf, h->cf->nest_members[i]) == c->name) {
                    host = h;
                    break;
                }
        }
    }
    c->nest_host = host;
    return host;
}

/* "A and B are in unnamed module of loader 'app'" style description for messages. */
static void access_error(Thread *t, Class *from, Class *decl, const char *what, const char *member)
{
    char fext[512], desc[1024];
    ext_name(from->name, fext, sizeof fext);
    exc_describe_classes(from, decl, desc, sizeof desc);
    exc_throw(t, "java/lang/IllegalAccessError", "class %s tried to access %s %s (%s)", fext, what,
              member, desc);
}

static const char *access_word(uint16_t access)
{
    if (access & ACC_PRIVATE) return "private ";
    if (access & ACC_PROTECTED) return "protected ";
    if (!(access & ACC_PUBLIC)) return "";
    return "";
}

/* ------------------------------------------------------------------------------------ */
/* Classes                                                                              */
/* ------------------------------------------------------------------------------------ */

Class *resolve_class_name(Thread *t, Class *from, const char *name)
{
    if (from && from->shadow_of) from = from->shadow_of;
    Class *c = loader_load(t, from ? from->loader : NULL, name);
    if (c == NULL) return NULL;
    if (from && !resolve_class_accessible(from, c) && (element_class(c)->access & ACC_PUBLIC)) {
        const Class *to = element_class(c);
        char msg[2048];
        module_access_message(t, from, to, module_access(module_of_class(from), module_of_class(to), to->package),
                              msg, sizeof msg);
        exc_throw(t, "java/lang/IllegalAccessError", "%s", msg);
        return NULL;
    }
    if (from && !resolve_class_accessible(from, c)) {
        char fext[512], cext[512], desc[1024];
        ext_name(from->name, fext, sizeof fext);
        class_external_name(element_class(c), cext, sizeof cext);
        /* HotSpot's check_klass_accessibility names the inaccessible class first. */
        exc_describe_classes(element_class(c), from, desc, sizeof desc);
        exc_throw(t, "java/lang/IllegalAccessError",
                  "failed to access class %s from class %s (%s)", cext, fext, desc);
        return NULL;
    }
    return c;
}

static Class *pool_class(Thread *t, const Pool *p, uint16_t index)
{
    void *v = cached(p, index);
    if (v != NULL) {
        if (likely(!is_error(v))) return v;
        resolve_error_throw(t, error_of(v));
        return NULL;
    }
    if (p->cf && index == p->cf->this_class) {
        cache(p, index, p->self);
        return p->self;
    }
    const char *name = cf_class_name(p->cf, index);
    slow_begin(t);
    Class *c = resolve_class_name(t, p->self, name);
    void *r = c == NULL ? remember_error(t, p, index, name) : publish(t, p, index, c);
    slow_end(t);
    return r;
}

Class *resolve_class(Thread *t, Class *from, uint16_t index)
{
    Pool p = pool_of(from);
    return pool_class(t, &p, index);
}

bool resolve_class_in_error(Class *from, uint16_t index)
{
    Pool p = pool_of(from);
    return is_error(cached(&p, index));
}

Class *resolve_type_desc(Thread *t, Class *from, const char *desc, size_t len)
{
    if (len == 0) return NULL;
    Object *loader = from ? from->loader : NULL;
    if (desc[0] == 'L') {
        if (len < 3) return NULL;
        return loader_load(t, loader, sym_intern_len(desc + 1, len - 2));
    }
    if (desc[0] == '[') return loader_load(t, loader, sym_intern_len(desc, len));
    return loader_primitive(bt_from_char(desc[0]));
}

/* ------------------------------------------------------------------------------------ */
/* Fields                                                                               */
/* ------------------------------------------------------------------------------------ */

Field *resolve_field(Thread *t, Class *from, uint16_t index, bool is_static)
{
    Field *f = resolve_field_symbolic(t, from, index);
    if (f != NULL && ((f->access & ACC_STATIC) != 0) != is_static) {
        char dext[512];
        class_external_name(f->clazz, dext, sizeof dext);
        exc_throw(t, "java/lang/IncompatibleClassChangeError", "Expected %sstatic field %s.%s",
                  is_static ? "" : "non-", dext, f->name);
        return NULL;
    }
    return f;
}

Field *resolve_field_symbolic(Thread *t, Class *from, uint16_t index)
{
    Pool p = pool_of(from);
    from = p.self;
    Field *f = cached(&p, index);
    const CfConstant *ref = &p.entries[index];
    const CfConstant *nat = &p.entries[ref->u.ref.nat_index];
    if (f == NULL) {
        slow_begin(t);
        Class *rc = pool_class(t, &p, ref->u.ref.class_index);
        if (rc == NULL) {
            slow_end(t);
            return NULL;
        }
        const char *name = cf_utf8(p.cf, nat->u.nat.name_index);
        const char *desc = cf_utf8(p.cf, nat->u.nat.desc_index);
        f = class_lookup_field(rc, name, desc);
        if (f == NULL) {
            exc_throw(t, "java/lang/NoSuchFieldError", "%s", name);
            slow_end(t);
            return NULL;
        }
        if (!resolve_member_accessible(from, rc, f->clazz, f->access)) {
            char member[1024], dext[512];
            class_external_name(f->clazz, dext, sizeof dext);
            snprintf(member, sizeof member, "%s.%s", dext, f->name);
            char what[64];
            snprintf(what, sizeof what, "%sfield", access_word(f->access));
            access_error(t, from, f->clazz, what, member);
            slow_end(t);
            return NULL;
        }
        cache(&p, index, f);
        slow_end(t);
    }
    return f;
}

/* ------------------------------------------------------------------------------------ */
/* Methods                                                                              */
/* ------------------------------------------------------------------------------------ */

Method *resolve_method(Thread *t, Class *from, uint16_t index, InvokeKind kind)
{
    Pool p = pool_of(from);
    from = p.self;
    Method *m = cached(&p, index);
    uint8_t tag = p.tags[index];
    const CfConstant *ref = &p.entries[index];
    uint16_t major = p.holder->major;
    if (m == NULL) {
        slow_begin(t);
        Class *rc = pool_class(t, &p, ref->u.ref.class_index);
        if (rc == NULL) {
            slow_end(t);
            return NULL;
        }
        const CfConstant *nat = &p.entries[ref->u.ref.nat_index];
        const char *name = cf_utf8(p.cf, nat->u.nat.name_index);
        const char *desc = cf_utf8(p.cf, nat->u.nat.desc_index);
        const bool iface = class_is_interface(rc);
        if ((kind == INVOKE_STATIC || kind == INVOKE_SPECIAL) &&
            (tag == CONSTANT_Methodref || tag == CONSTANT_InterfaceMethodref) &&
            (tag == CONSTANT_InterfaceMethodref) != iface) {
            /* HotSpot's LinkResolver picks interface or class method resolution for these
             * by the class, then checks the entry's tag against it. */
            char sig[1024];
            resolve_format_method(rc->name, name, desc, sig, sizeof sig);
            exc_throw(t, "java/lang/IncompatibleClassChangeError", "Method %s must be %s constant",
                      sig, iface ? "InterfaceMethodref" : "Methodref");
            slow_end(t);
            return NULL;
        }
        if ((tag == CONSTANT_Methodref && iface) || (tag == CONSTANT_InterfaceMethodref && !iface)) {
            /* the name only for the message: formatting it was 1% of start-up */
            char ext[512];
            class_external_name(rc, ext, sizeof ext);
            exc_throw(t, "java/lang/IncompatibleClassChangeError",
                      tag == CONSTANT_Methodref ? "Found interface %s, but class was expected"
                                                : "Found class %s, but interface was expected",
                      ext);
            slow_end(t);
            return NULL;
        }
        m = tag == CONSTANT_InterfaceMethodref ? class_lookup_interface_method(rc, name, desc)
                                               : class_lookup_method(rc, name, desc);
        /* An instance initializer is never inherited (JVMS 2.9.1): invokespecial of an
         * <init> found in a superclass (a class file without that constructor) is
         * HotSpot's linktime_resolve_special_method NoSuchMethodError. */
        if (m != NULL && name == sym.init && m->clazz != rc && kind == INVOKE_SPECIAL) {
            char ext[512], sig[1024];
            class_external_name(rc, ext, sizeof ext);
            resolve_format_method(NULL, name, desc, sig, sizeof sig);
            exc_throw(t, "java/lang/NoSuchMethodError", "%s: method %s not found", ext, sig);
            slow_end(t);
            return NULL;
        }
        if (m == NULL) {
            char sig[1024];
            resolve_format_method(rc->name, name, desc, sig, sizeof sig);
            exc_throw(t, "java/lang/NoSuchMethodError", "%s", sig);
            slow_end(t);
            return NULL;
        }
        if (!resolve_member_accessible(from, rc, m->clazz, m->access)) {
            char sig[1024], what[64];
            resolve_format_method(m->clazz->name, m->name, m->desc, sig, sizeof sig);
            snprintf(what, sizeof what, "%smethod", access_word(m->access));
            access_error(t, from, m->clazz, what, sig);
            slow_end(t);
            return NULL;
        }
        cache(&p, index, m);
        slow_end(t);
    }
    bool is_static = method_is_static(m);
    if ((kind == INVOKE_STATIC) != is_static) {
        char sig[1024];
        resolve_format_method(m->clazz->name, m->name, m->desc, sig, sizeof sig);
        exc_throw(t, "java/lang/IncompatibleClassChangeError",
                  is_static ? "Expecting non-static method %s" : "Expected static method %s", sig);
        return NULL;
    }
    if (kind == INVOKE_INTERFACE && tag != CONSTANT_InterfaceMethodref) {
        char ext[512];
        class_external_name(m->clazz, ext, sizeof ext);
        exc_throw(t, "java/lang/IncompatibleClassChangeError",
                  "Found class %s, but interface was expected", ext);
        return NULL;
    }
    if (kind == INVOKE_STATIC && tag == CONSTANT_InterfaceMethodref && major < 52) {
        exc_throw(t, "java/lang/IncompatibleClassChangeError",
                  "Method %s must be Methodref constant", m->name);
        return NULL;
    }
    return m;
}

/* ------------------------------------------------------------------------------------ */
/* Constants                                                                            */
/* ------------------------------------------------------------------------------------ */

Object *resolve_string(Thread *t, Class *from, uint16_t index)
{
    Pool p = pool_of(from);
    Object *s = cached(&p, index);
    if (s) return s;
    const char *text = cf_utf8(p.cf, p.entries[index].u.index);
    slow_begin(t);
    s = str_intern_mutf8(t, text, strlen(text));
    if (s) cache(&p, index, s);
    slow_end(t);
    return s;
}

static Object *cached_object_or_error(Thread *t, const Pool *p, uint16_t index, bool *hit)
{
    void *v = cached(p, index);
    *hit = v != NULL;
    if (v == NULL) return NULL;
    if (is_error(v)) {
        resolve_error_throw(t, error_of(v));
        return NULL;
    }
    return v;
}

/* HotSpot's message for a remembered error of a MethodType, MethodHandle or Dynamic
 * entry whose error had none: the descriptor, the member's name, the constant's name. */
static const char *entry_label(const Pool *p, uint16_t index)
{
    const CfConstant *k = &p->entries[index];
    switch (p->tags[index]) {
    case CONSTANT_MethodType:
        return cf_utf8(p->cf, k->u.index);
    case CONSTANT_MethodHandle: {
        const CfConstant *ref = &p->entries[k->u.mh.ref_index];
        return cf_utf8(p->cf, p->entries[ref->u.ref.nat_index].u.nat.name_index);
    }
    case CONSTANT_Dynamic:
        return cf_utf8(p->cf, p->entries[k->u.dyn.nat_index].u.nat.name_index);
    default:
        return NULL;
    }
}

static Object *remember(Thread *t, const Pool *p, uint16_t index, Object *result)
{
    Object *r = result == NULL ? remember_error(t, p, index, entry_label(p, index))
                               : publish(t, p, index, result);
    slow_end(t);
    return r;
}

/* The JSR 292 constants are resolved by mh.c in the pool holder (holder: an old
 * version's shadow for old code), the result published in the pool found first. */
Object *resolve_method_type(Thread *t, Class *from, uint16_t index)
{
    Pool p = pool_of(from);
    bool hit;
    Object *o = cached_object_or_error(t, &p, index, &hit);
    if (hit) return o;
    const char *desc = cf_utf8(p.cf, p.entries[index].u.index);
    slow_begin(t);
    return remember(t, &p, index, mh_method_type(t, p.self, desc));
}

Object *resolve_method_handle(Thread *t, Class *from, uint16_t index)
{
    Pool p = pool_of(from);
    bool hit;
    Object *o = cached_object_or_error(t, &p, index, &hit);
    if (hit) return o;
    slow_begin(t);
    return remember(t, &p, index, mh_resolve_constant(t, from, index));
}

bool resolve_dynamic_constant(Thread *t, Class *from, uint16_t index, Slot *ret, BasicType *bt)
{
    Pool p = pool_of(from);
    const CfConstant *k = &p.entries[index];
    const char *desc = cf_utf8(p.cf, p.entries[k->u.dyn.nat_index].u.nat.desc_index);
    *bt = bt_from_char(desc[0]);
    bool hit;
    Object *box = cached_object_or_error(t, &p, index, &hit);
    if (!hit) {
        Slot v;
        slow_begin(t);
        if (!mh_resolve_dynamic(t, from, index, &v)) {
            box = remember(t, &p, index, NULL);
            if (box == NULL) return false;
        } else {
            /* A condy of value null is cached as a reference to a shared sentinel. */
            box = publish(t, &p, index, v.l ? v.l : mh_null_sentinel());
            slow_end(t);
            if (box == NULL) return false;
        }
    } else if (box == NULL && exc_pending(t)) {
        return false;
    }
    if (box == mh_null_sentinel()) box = NULL;
    if (bt_is_ref(*bt)) {
        ret->l = box;
        return true;
    }
    return mh_unbox(t, box, *bt, ret);
}
