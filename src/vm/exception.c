// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * exception.c — throwing from VM code, stack-trace capture and uncaught-exception
 * reporting.
 *
 * Exceptions are created by running their Java constructors, so they get stack traces
 * exactly as Java code would. The backtrace the VM stores in Throwable.backtrace is an
 * Object[]: element 0 a long[] of (Method*, bci | version << 32) pairs — the live method,
 * never an old-version copy (which class redefinition frees when no frame runs it), and
 * the class version the frame's code belonged to (Class.redef_count; a frame of a class
 * redefined since then has no source file and line, as in HotSpot) —, element 1 + i the mirror of frame
 * i's class, which keeps that class (and so the Method*) loaded as long as the throwable
 * lives, as HotSpot's backtrace does; JVM_InitStackTraceElementArray turns it into
 * StackTraceElements. Like HotSpot, at most 1024 frames are recorded
 * (MaxJavaStackTraceDepth), and frames of the throwable's own construction and hidden
 * frames (lambda forms) are left out.
 */
#include "exception.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "class.h"
#include "interp.h"
#include "log.h"
#include "../os/os.h"
#include "loader.h"
#include "module.h"
#include "object.h"
#include "options.h"
#include "redefine.h"
#include "string.h"
#include "sym.h"
#include "thread.h"
#include "wellknown.h"


static Object *preallocated_oom;
static Object *preallocated_soe;
static __thread bool in_oom;

void exc_set(Thread *t, Object *throwable) { t->exception = throwable; }

Object *exc_take(Thread *t)
{
    Object *e = t->exception;
    t->exception = NULL;
    return e;
}

void exc_clear(Thread *t) { t->exception = NULL; }

/* HotSpot's print_value_string of a throwable: "a 'class/Name'{0x...}", then ": " and its
 * detail message when it has one. */
static void describe_throwable(Object *ex, char *buf, size_t size)
{
    Object *jmsg = FIELD_GET(ex, wk_off.Throwable_detailMessage, Object *);
    char *msg = jmsg != NULL ? str_to_mutf8(jmsg) : NULL;
    snprintf(buf, size, "a '%s'{0x%016" PRIxPTR "}%s%s", ex->klass->name, (uintptr_t)ex, msg ? ": " : "",
             msg ? msg : "");
    free(msg);
}

void exc_print_stack_element(FILE *out, const Method *m, int bci)
{
    const Class *c = m->clazz;
    char cname[512];
    class_external_name(c, cname, sizeof cname);
    fprintf(out, "\tat %s.%s(", cname, m->name);
    Object *module = c->module;
    Object *modname = module != NULL ? FIELD_GET(module, wk_off.Module_name, Object *) : NULL;
    if (modname != NULL) {
        char *mn = str_to_mutf8(modname);
        const char *version = module_version(module);
        fprintf(out, "%s%s%s/", mn ? mn : "", version ? "@" : "", version ? version : "");
        free(mn);
    }
    const char *source = class_source_file(c);
    if (method_is_native(m)) {
        fputs("Native Method", out);
    } else if (source != NULL) {
        int line = method_line_number(m, bci);
        if (line >= 0) fprintf(out, "%s:%d", source, line);
        else fputs(source, out);
    } else {
        fputs("Unknown Source", out);
    }
    fputs(")\n", out);
}

void exc_log_frame(Thread *t, Object *ex, const Method *m, int bci)
{
    char what[1024], name[256] = "";
    describe_throwable(ex, what, sizeof what);
    Object *jname = t->jthread != NULL ? FIELD_GET(t->jthread, wk_off.Thread_name, Object *) : NULL;
    if (jname != NULL) str_region_to_mutf8(jname, 0, str_length(jname) < 120 ? str_length(jname) : 120, name);
    log_info(exceptions, "Exception <%s>\n thrown in interpreter method <{method} {0x%016" PRIxPTR "} '%s' '%s' in '%s'>\n"
                         " at bci %d for thread 0x%016" PRIxPTR " (%s)",
             what, (uintptr_t)m, m->name, m->desc, m->clazz->name, bci, (uintptr_t)t, name);
}

void exc_log_handler(Object *ex, const Method *m, int handler_bci)
{
    char type[512];
    snprintf(type, sizeof type, "%s", ex->klass->name);
    for (char *p = type; *p; p++)
        if (*p == '/') *p = '.';
    log_info(exceptions, "Found matching handler for exception of type \"%s\" in method \"%s\" at BCI: %d", type,
             m->name, handler_bci);
}

/* HotSpot's message for an exception the VM itself creates (Exceptions::_throw), naming
 * where: here the VM function that called exc_throw*, as symbol+offset. */
static void log_vm_throw(Thread *t, Object *ex, const void *caller)
{
    char what[1024], where[512];
    describe_throwable(ex, what, sizeof what);
    OsSymbol s;
    if (os_symbolize((uintptr_t)caller, &s))
        snprintf(where, sizeof where, "%s+0x%" PRIxPTR ", %s", s.name, s.name_offset, s.module);
    else
        snprintf(where, sizeof where, "0x%016" PRIxPTR, (uintptr_t)caller);
    log_info(exceptions, "Exception <%s> (0x%016" PRIxPTR ") \nthrown [%s]\nfor thread 0x%016" PRIxPTR, what,
             (uintptr_t)ex, where, (uintptr_t)t);
}

/* Constructs `c` with (String msg[, Throwable cause]) and makes it pending; logs it as
 * thrown by `caller` (NULL: not logged, for objects the VM keeps for later). */
static void construct_and_throw(Thread *t, Class *c, const char *msg, Object *cause, const void *caller)
{
    Object *saved_cause = cause;
    exc_clear(t);
    if (!class_ensure_init(t, c)) return;
    Object *jmsg = NULL;
    if (msg != NULL) {
        jmsg = str_new_cstr(t, msg);
        if (jmsg == NULL) return;
    }
    Object *e = obj_new(t, c);
    if (e == NULL) return;
    Method *ctor = NULL;
    Slot args[3] = {{.l = e}, {.l = jmsg}, {.l = saved_cause}};
    if (saved_cause != NULL) {
        ctor = class_find_declared_method(c, sym.init,
                                          sym_intern("(Ljava/lang/String;Ljava/lang/Throwable;)V"));
    }
    bool need_init_cause = false;
    if (ctor == NULL) {
        ctor = class_find_declared_method(c, sym.init, sym_intern("(Ljava/lang/String;)V"));
        need_init_cause = saved_cause != NULL;
    }
    if (ctor == NULL && msg == NULL) ctor = class_find_declared_method(c, sym.init, sym.void_desc);
    if (ctor == NULL) panic("exception class %s has no usable constructor", c->name);
    if (!interp_call(t, ctor, args, NULL)) return;
    if (need_init_cause) {
        Method *ic = class_lookup_method(c, sym_intern("initCause"),
                                         sym_intern("(Ljava/lang/Throwable;)Ljava/lang/Throwable;"));
        Slot ia[2] = {{.l = e}, {.l = saved_cause}};
        Slot r;
        if (ic && !interp_call(t, ic, ia, &r)) return;
    }
    t->exception = e;
    if (caller != NULL && log_is_enabled(LOG_INFO, exceptions)) log_vm_throw(t, e, caller);
}

void exc_throw_class(Thread *t, Class *c, const char *msg, Object *cause)
{
    construct_and_throw(t, c, msg, cause, __builtin_return_address(0));
}

/* Throws a new `cls` (boot loader) with msg, logged as thrown by `caller` (NULL: not
 * logged). If the class cannot be loaded, that error is pending instead. */
static void throw_named(Thread *t, const char *cls, const char *msg, const void *caller)
{
    if (vm_phase < PHASE_START && wk.Throwable == NULL)
        panic("exception %s (%s) during early boot", cls, msg ? msg : "");
    Object *pending = exc_take(t);
    Class *c = loader_load(t, NULL, sym_intern(cls));
    if (c == NULL) {
        /* The exception class itself could not be loaded: that error is pending now. */
        if (exc_pending(t) == NULL) t->exception = pending;
        return;
    }
    construct_and_throw(t, c, msg, NULL, caller);
}

void exc_throw(Thread *t, const char *cls, const char *fmt, ...)
{
    char buf[2048];
    const char *msg = NULL;
    if (fmt != NULL) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(buf, sizeof buf, fmt, ap);
        va_end(ap);
        msg = buf;
    }
    throw_named(t, cls, msg, __builtin_return_address(0));
}

void exc_throw_oom(Thread *t)
{
    if (!in_oom) {
        in_oom = true;
        exc_throw(t, "java/lang/OutOfMemoryError", "Java heap space");
        in_oom = false;
        Object *e = exc_pending(t);
        if (e != NULL && strcmp(e->klass->name, "java/lang/OutOfMemoryError") == 0) return;
    }
    if (preallocated_oom == NULL) panic("out of Java heap during boot");
    t->exception = preallocated_oom;
}

/* Throws StackOverflowError, using the preallocated instance if there is no room to make
 * one (the stack being full is exactly when constructing one may fail again). */
void exc_throw_soe(Thread *t)
{
    Object *e = preallocated_soe;
    if (e == NULL) panic("stack overflow during boot");
    Object *fresh = obj_clone(t, e);
    exc_clear(t);
    if (fresh) {
        FIELD_SET(fresh, wk_off.Throwable_backtrace, Object *, NULL);
        exc_fill_stack_trace(t, fresh);
        e = fresh;
    }
    t->exception = e;
}

void exc_throw_implicit(Thread *t, const char *cls, const char *msg) { throw_named(t, cls, msg, NULL); }

/* A throwable made for later use: not thrown now, so not logged. */
static Object *make_quietly(Thread *t, const char *cls, const char *msg)
{
    throw_named(t, cls, msg, NULL);
    return exc_take(t);
}

void exc_preallocate(Thread *t)
{
    preallocated_oom = make_quietly(t, "java/lang/OutOfMemoryError", "Java heap space");
    gc_register_root(&preallocated_oom);
    preallocated_soe = make_quietly(t, "java/lang/StackOverflowError", NULL);
    gc_register_root(&preallocated_soe);
    if (preallocated_oom == NULL || preallocated_soe == NULL) panic("cannot preallocate errors");
}

Object *exc_make_init_error(Thread *t, Object *cause)
{
    Object *saved = exc_take(t);
    char ext[512];
    class_external_name(cause->klass, ext, sizeof ext);
    Object *jmsg = FIELD_GET(cause, wk_off.Throwable_detailMessage, Object *);
    char *msg = jmsg ? str_to_mutf8(jmsg) : NULL;
    const char *tname = t->name ? t->name : "main";
    size_t n = strlen(ext) + (msg ? strlen(msg) : 0) + strlen(tname) + 64;
    char *text = vm_malloc(n);
    if (msg)
        snprintf(text, n, "Exception %s: %s [in thread \"%s\"]", ext, msg, tname);
    else
        snprintf(text, n, "Exception %s [in thread \"%s\"]", ext, tname);
    free(msg);
    Object *result = NULL;
    Class *c = loader_load(t, NULL, sym_intern("java/lang/ExceptionInInitializerError"));
    if (c != NULL) {
        construct_and_throw(t, c, text, NULL, __builtin_return_address(0));
        Object *e = exc_take(t);
        if (e != NULL && e->klass == c) {
            /* The saved error carries the original's trace, not its own (HotSpot's
             * java_lang_Throwable::create_initialization_error). */
            Method *gst = class_lookup_method(cause->klass, sym_intern("getStackTrace"),
                                              sym_intern("()[Ljava/lang/StackTraceElement;"));
            Slot a = {.l = cause}, r;
            if (gst && interp_call(t, gst, &a, &r)) {
                FIELD_SET(e, wk_off.Throwable_stackTrace, Object *, r.l);
                FIELD_SET(e, wk_off.Throwable_backtrace, Object *, NULL);
            }
            exc_clear(t);
            result = e;
        }
    }
    free(text);
    exc_clear(t);
    if (saved) t->exception = saved;
    return result;
}

void exc_wrap_in_init_error(Thread *t)
{
    Object *e = exc_pending(t);
    if (e == NULL || class_is_subclass_of(e->klass, wk.Error)) return;
    exc_clear(t);
    Class *c = loader_load(t, NULL, sym_intern("java/lang/ExceptionInInitializerError"));
    if (c == NULL || !class_ensure_init(t, c)) return;
    Object *eiie = obj_new(t, c);
    if (eiie == NULL) return;
    Method *ctor = class_find_declared_method(c, sym.init, sym_intern("(Ljava/lang/Throwable;)V"));
    Slot args[2] = {{.l = eiie}, {.l = e}};
    if (!interp_call(t, ctor, args, NULL)) return;
    t->exception = eiie;
}

/* ------------------------------------------------------------------------------------ */
/* Stack traces                                                                         */
/* ------------------------------------------------------------------------------------ */

typedef struct TraceState {
    Object *throwable;
    int64_t *out; /* NULL when counting */
    int count;
    bool skipping_fill; /* still in fillInStackTrace frames */
    bool skipping_init; /* still in the throwable's constructors */
} TraceState;

static bool trace_frame(Frame *f, void *arg)
{
    TraceState *s = arg;
    Method *m = f->method;
    if (m == NULL) return true;
    if (s->skipping_fill) {
        if (strcmp(m->name, "fillInStackTrace") == 0 && class_is_subclass_of(s->throwable->klass, m->clazz))
            return true;
        s->skipping_fill = false;
    }
    if (s->skipping_init) {
        if (m->name == sym.init && class_is_subclass_of(s->throwable->klass, m->clazz)) return true;
        s->skipping_init = false;
    }
    if (m->flags & METHOD_F_HIDDEN) return true;
    if (vm_opts.max_stack_trace_depth > 0 && s->count >= vm_opts.max_stack_trace_depth) return false;
    if (s->out) {
        s->out[2 * s->count] = (int64_t)(intptr_t)method_current(m);
        s->out[2 * s->count + 1] = (int64_t)(uint32_t)frame_bci(f) | (int64_t)m->clazz->redef_count << 32;
    }
    s->count++;
    return true;
}

void exc_fill_stack_trace(Thread *t, Object *throwable)
{
    if (vm_opts.no_stack_trace) return; /* -XX:-StackTraceInThrowable: no backtrace */
    TraceState s = {.throwable = throwable, .skipping_fill = true, .skipping_init = true};
    interp_walk_frames(t, trace_frame, &s);
    int n = s.count;
    Object *pending = exc_take(t);
    Array *pairs = obj_new_prim_array(t, BT_LONG, 2 * n);
    Array *bt = pairs != NULL ? obj_new_ref_array(t, wk.Object, n + 1) : NULL;
    if (bt == NULL) return; /* OOM pending */
    if (pending) t->exception = pending;
    TraceState w = {.throwable = throwable, .out = array_data(pairs), .skipping_fill = true,
                    .skipping_init = true};
    interp_walk_frames(t, trace_frame, &w);
    int depth = w.count < n ? w.count : n;
    Object **elems = array_data(bt);
    elems[0] = &pairs->hdr;
    for (int i = 0; i < depth; i++) elems[1 + i] = ((Method *)(intptr_t)((int64_t *)array_data(pairs))[2 * i])->clazz->mirror;
    FIELD_SET(throwable, wk_off.Throwable_backtrace, Object *, &bt->hdr);
    FIELD_SET(throwable, wk_off.Throwable_depth, jint, depth);
}

/* The (Method*, bci) pairs of a backtrace exc_fill_stack_trace made, or NULL. */
static Array *backtrace_pairs(Object *throwable)
{
    Object *bt = FIELD_GET(throwable, wk_off.Throwable_backtrace, Object *);
    if (bt == NULL || !class_is_array(bt->klass) || bt->klass->component != wk.Object ||
        ((Array *)bt)->length < 1)
        return NULL;
    Object *pairs = ((Object **)array_data((Array *)bt))[0];
    if (pairs == NULL || !class_is_array(pairs->klass) || pairs->klass->elem_type != BT_LONG) return NULL;
    return (Array *)pairs;
}

int exc_backtrace_depth(Object *throwable)
{
    Array *pairs = backtrace_pairs(throwable);
    if (pairs == NULL) return 0;
    int depth = FIELD_GET(throwable, wk_off.Throwable_depth, jint);
    int avail = pairs->length / 2;
    return depth < avail ? depth : avail;
}

bool exc_backtrace_frame(Object *throwable, int i, Method **m, int *bci)
{
    return exc_backtrace_frame_version(throwable, i, m, bci, NULL);
}

bool exc_backtrace_frame_version(Object *throwable, int i, Method **m, int *bci, bool *redefined)
{
    if (i < 0 || i >= exc_backtrace_depth(throwable)) return false;
    int64_t *d = array_data(backtrace_pairs(throwable));
    *m = (Method *)(intptr_t)d[2 * i];
    *bci = (int)(int32_t)(uint32_t)d[2 * i + 1];
    if (redefined != NULL) *redefined = (uint32_t)((uint64_t)d[2 * i + 1] >> 32) != (*m)->clazz->redef_count;
    return true;
}

bool exc_backtrace_frame_code(Object *throwable, int i, Method **m, int *bci)
{
    if (i < 0 || i >= exc_backtrace_depth(throwable)) return false;
    int64_t *d = array_data(backtrace_pairs(throwable));
    Method *live = (Method *)(intptr_t)d[2 * i];
    *bci = (int)(int32_t)(uint32_t)d[2 * i + 1];
    *m = redef_method_version(live, (uint32_t)((uint64_t)d[2 * i + 1] >> 32));
    return *m != NULL;
}

/* ------------------------------------------------------------------------------------ */
/* Uncaught exceptions                                                                  */
/* ------------------------------------------------------------------------------------ */

void exc_print_fallback(Thread *t, Object *e)
{
    char ext[512];
    class_external_name(e->klass, ext, sizeof ext);
    Object *msg = FIELD_GET(e, wk_off.Throwable_detailMessage, Object *);
    char *m = msg ? str_to_mutf8(msg) : NULL;
    fprintf(stderr, "Exception in thread \"%s\" %s%s%s\n", t && t->name ? t->name : "main", ext,
            m ? ": " : "", m ? m : "");
    free(m);
    int depth = exc_backtrace_depth(e);
    for (int i = 0; i < depth; i++) {
        Method *meth = NULL;
        int bci = 0;
        bool redefined = false;
        if (!exc_backtrace_frame_version(e, i, &meth, &bci, &redefined)) break;
        class_external_name(meth->clazz, ext, sizeof ext);
        const char *src = redefined ? NULL : class_source_file(meth->clazz);
        int line = method_line_number(meth, bci);
        if (redefined && line != -2) line = -1;
        if (line == -2)
            fprintf(stderr, "\tat %s.%s(Native Method)\n", ext, meth->name);
        else if (src && line >= 0)
            fprintf(stderr, "\tat %s.%s(%s:%d)\n", ext, meth->name, src, line);
        else
            fprintf(stderr, "\tat %s.%s(%s)\n", ext, meth->name, src ? src : "Unknown Source");
    }
    Object *cause = FIELD_GET(e, wk_off.Throwable_cause, Object *);
    if (cause && cause != e) {
        fprintf(stderr, "Caused by: ");
        exc_print_fallback(NULL, cause);
    }
}

void exc_dispatch_uncaught(Thread *t, Object *throwable)
{
    exc_clear(t);
    if (t->jthread == NULL || vm_phase < PHASE_LIVE) {
        exc_print_fallback(t, throwable);
        return;
    }
    static Method *dispatch;
    if (dispatch == NULL)
        dispatch = wk_method(wk.Thread, sym_intern("dispatchUncaughtException"),
                             sym_intern("(Ljava/lang/Throwable;)V"));
    Slot args[2] = {{.l = t->jthread}, {.l = throwable}};
    if (interp_call(t, dispatch, args, NULL)) return;
    /* The handler itself threw (e.g. printStackTrace failed): HotSpot names the new
     * exception's class and the thread on stderr and drops it (JavaThread::exit). */
    Object *e = exc_take(t);
    if (e == NULL) return;
    char cls[512];
    class_external_name(e->klass, cls, sizeof cls);
    Object *jn = FIELD_GET(t->jthread, wk_off.Thread_name, Object *);
    char *name = jn != NULL ? str_to_mutf8(jn) : NULL;
    fprintf(stderr, "\nException: %s thrown from the UncaughtExceptionHandler in thread \"%s\"\n", cls,
            name != NULL ? name : "");
    free(name);
    exc_clear(t);
}

/* ------------------------------------------------------------------------------------ */
/* Messages                                                                             */
/* ------------------------------------------------------------------------------------ */

void exc_describe_loader(Object *loader, char *buf, size_t n)
{
    /* HotSpot's spelling: 'app', 'bootstrap', or the class name and identity hash. */
    if (loader == NULL) {
        snprintf(buf, n, "'bootstrap'");
        return;
    }
    Object *nid = wk_off.ClassLoader_nameAndId ? FIELD_GET(loader, wk_off.ClassLoader_nameAndId, Object *) : NULL;
    if (nid) {
        char *s = str_to_mutf8(nid);
        snprintf(buf, n, "%s", s);
        free(s);
    } else {
        char ext[400];
        class_external_name(loader->klass, ext, sizeof ext);
        snprintf(buf, n, "%.400s @%x", ext, (unsigned)obj_identity_hash(thread_current(), loader));
    }
}

static void describe_module(const Class *c, char *buf, size_t n)
{
    const Class *e = class_is_array(c) ? c->element : c;
    Object *mod = e->mirror && wk_off.Class_module ? FIELD_GET(e->mirror, wk_off.Class_module, Object *) : NULL;
    Object *loader = class_is_primitive(e) ? NULL : e->loader;
    char lbuf[600];
    exc_describe_loader(loader, lbuf, sizeof lbuf);
    Object *name = mod ? FIELD_GET(mod, wk_off.Module_name, Object *) : NULL;
    if (name) {
        char *s = str_to_mutf8(name);
        snprintf(buf, n, "module %s of loader %s", s, lbuf);
        free(s);
    } else {
        snprintf(buf, n, "unnamed module of loader %s", lbuf);
    }
}

void exc_describe_class(const Class *c, bool parent, char *buf, size_t n)
{
    char name[512], where[1024], pbuf[700] = "";
    class_external_name(c, name, sizeof name);
    describe_module(c, where, sizeof where);
    const Class *e = class_is_array(c) ? c->element : c;
    if (parent && !class_is_primitive(e) && e->loader != NULL && wk_off.ClassLoader_parent) {
        Object *p = FIELD_GET(e->loader, wk_off.ClassLoader_parent, Object *);
        if (p != NULL) {
            char pl[600];
            exc_describe_loader(p, pl, sizeof pl);
            snprintf(pbuf, sizeof pbuf, ", parent loader %s", pl);
        }
    }
    snprintf(buf, n, "%s is in %s%s", name, where, pbuf);
}

void exc_describe_classes(const Class *a, const Class *b, char *buf, size_t n)
{
    char an[512], bn[512], ad[1024], bd[1024];
    class_external_name(a, an, sizeof an);
    class_external_name(b, bn, sizeof bn);
    describe_module(a, ad, sizeof ad);
    describe_module(b, bd, sizeof bd);
    if (strcmp(ad, bd) == 0)
        snprintf(buf, n, "%s and %s are in %s", an, bn, ad);
    else
        snprintf(buf, n, "%s is in %s; %s is in %s", an, ad, bn, bd);
}
