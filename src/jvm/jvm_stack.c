// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jvm_stack.c — everything that looks at the current thread's Java frames on behalf of
 * the class library:
 *
 *   Throwable      JVM_FillInStackTrace, JVM_InitStackTraceElementArray,
 *                  JVM_InitStackTraceElement, JVM_GetExtendedNPEMessage
 *   StackWalker    JVM_CallStackWalk, JVM_MoreStackWalk
 *   callers        JVM_GetCallerClass, JVM_GetClassContext, JVM_LatestUserDefinedLoader
 *   security       JVM_GetStackAccessControlContext, JVM_GetInheritedAccessControlContext
 *
 * Frames are read straight from the thread's Frame chain (interp.h): the walker runs on
 * its own thread, whose frames below the current native frame cannot change while it
 * looks. Entry frames (C -> Java boundaries) are skipped; native method frames count, as
 * in HotSpot's vframeStream.
 *
 * StackWalker protocol (java.lang.StackStreamFactory, HotSpot's stackwalk.cpp):
 * callStackWalk anchors a stream on the C stack, fills the first batch of the frame
 * buffer, stores the current Thread in frames[0] and calls back
 * AbstractStackWalker.doStackWalk(anchor, ...); fetchStackFrames comes back with that
 * anchor to fill further batches, which is only accepted while the stream is live on
 * this thread. The anchor is checked against a per-thread list of live streams before it
 * is used, so a forged or stale value gives InternalError, never a crash.
 *
 * All entry points are called from libjava natives in TS_NATIVE and bracket their work
 * with jni_enter/jni_leave.
 */
#include "jvm_stack.h"
#include "flags.h"

#include <stdlib.h>
#include <string.h>

#include "../vm/class.h"
#include "../vm/exception.h"
#include "../vm/interp.h"
#include "../vm/jnienter.h"
#include "../vm/loader.h"
#include "../vm/module.h"
#include "../vm/object.h"
#include "../vm/ref.h"
#include "../vm/string.h"
#include "../vm/sym.h"
#include "../vm/thread.h"
#include "../vm/wellknown.h"
#include "jvm.h"
#include "npe_message.h"

/* ---- field offsets not in wellknown.h (looked up once; the layout is fixed) ---- */

static uint32_t field_offset(Class *c, const char *name, const char *desc)
{
    Field *f = class_find_declared_field(c, sym_intern(name), sym_intern(desc));
    if (f == NULL) panic("class library mismatch: no field %s.%s:%s", c->name, name, desc);
    return f->offset;
}

static struct {
    bool ready;
    uint32_t mn_clazz, mn_name, mn_type, mn_flags, mn_method;
    uint32_t sfi_member_name, sfi_bci;
} off;

static void init_offsets(void)
{
    if (off.ready) return;
    off.mn_clazz = field_offset(wk.MemberName, "clazz", "Ljava/lang/Class;");
    off.mn_name = field_offset(wk.MemberName, "name", "Ljava/lang/String;");
    off.mn_type = field_offset(wk.MemberName, "type", "Ljava/lang/Object;");
    off.mn_flags = field_offset(wk.MemberName, "flags", "I");
    off.mn_method =
        field_offset(wk.MemberName, "method", "Ljava/lang/invoke/ResolvedMethodName;");
    off.sfi_member_name = field_offset(wk.StackFrameInfo, "memberName", "Ljava/lang/Object;");
    off.sfi_bci = field_offset(wk.StackFrameInfo, "bci", "I");
    off.ready = true;
}

/* ---- frames of the current thread ---- */

static Frame *skip_entry_frames(Frame *f)
{
    while (f != NULL && ((f->flags & FRAME_ENTRY) || f->method == NULL)) f = f->prev;
    return f;
}

static Frame *top_frame(Thread *t) { return skip_entry_frames(t->top_frame); }
static Frame *next_frame(Frame *f) { return skip_entry_frames(f->prev); }

static bool class_extends(const Class *c, const char *name)
{
    for (; c != NULL; c = c->super)
        if (strcmp(c->name, name) == 0) return true;
    return false;
}

static bool is_named(const Method *m, const char *cls, const char *name)
{
    return strcmp(m->clazz->name, cls) == 0 && strcmp(m->name, name) == 0;
}

/* ---- annotations (only to recognise @LambdaForm$Compiled) ---- */

typedef struct Reader {
    const uint8_t *p, *end;
    bool bad;
} Reader;

static unsigned rd_u1(Reader *r)
{
    if (r->p + 1 > r->end) {
        r->bad = true;
        return 0;
    }
    return *r->p++;
}

static unsigned rd_u2(Reader *r)
{
    if (r->p + 2 > r->end) {
        r->bad = true;
        return 0;
    }
    unsigned v = (unsigned)r->p[0] << 8 | r->p[1];
    r->p += 2;
    return v;
}

static void skip_annotation(Reader *r, int depth);

static void skip_element_value(Reader *r, int depth)
{
    if (depth > 64) {
        r->bad = true;
        return;
    }
    switch (rd_u1(r)) {
    case 'B': case 'C': case 'D': case 'F': case 'I': case 'J': case 'S': case 'Z':
    case 's': case 'c': rd_u2(r); break;
    case 'e': rd_u2(r); rd_u2(r); break;
    case '@': skip_annotation(r, depth + 1); break;
    case '[': {
        unsigned n = rd_u2(r);
        for (unsigned i = 0; i < n && !r->bad; i++) skip_element_value(r, depth + 1);
        break;
    }
    default: r->bad = true; break;
    }
}

static void skip_annotation(Reader *r, int depth)
{
    rd_u2(r); /* type_index */
    unsigned pairs = rd_u2(r);
    for (unsigned i = 0; i < pairs && !r->bad; i++) {
        rd_u2(r); /* element_name_index */
        skip_element_value(r, depth);
    }
}

/* Does m carry the runtime-visible annotation whose type descriptor is `desc`? */
static bool method_has_annotation(const Method *m, const char *desc)
{
    const ClassFile *cf = m->clazz->cf;
    if (m->cf == NULL || cf == NULL || m->cf->annotations.data == NULL) return false;
    Reader r = {m->cf->annotations.data, m->cf->annotations.data + m->cf->annotations.len,
                false};
    unsigned n = rd_u2(&r);
    for (unsigned i = 0; i < n && !r.bad; i++) {
        unsigned type = rd_u2(&r);
        if (r.bad) break;
        if (type > 0 && type < cf->cp_count && cf->cp_tags[type] == CONSTANT_Utf8 &&
            strcmp(cf_utf8(cf, (uint16_t)type), desc) == 0)
            return true;
        unsigned pairs = rd_u2(&r);
        for (unsigned k = 0; k < pairs && !r.bad; k++) {
            rd_u2(&r);
            skip_element_value(&r, 0);
        }
    }
    return false;
}

/* HotSpot's Method::is_ignored_by_security_stack_walk: Method.invoke, the reflection
 * accessors, and method-handle adapter frames (intrinsics, compiled LambdaForms). */
static bool ignored_by_security_walk(const Method *m)
{
    if (m->clazz == wk.Method && strcmp(m->name, "invoke") == 0) return true;
    if (class_extends(m->clazz, "jdk/internal/reflect/MethodAccessorImpl")) return true;
    if (m->intrinsic != 0 || (m->flags & METHOD_F_INTRINSIC)) return true;
    if ((m->flags & METHOD_F_HIDDEN) &&
        method_has_annotation(m, "Ljava/lang/invoke/LambdaForm$Compiled;"))
        return true;
    return false;
}

/* ---- names ---- */

Object *stack_class_name(Thread *t, Class *c)
{
    Object *mirror = c->mirror;
    Object *name = FIELD_GET(mirror, wk_off.Class_name, Object *);
    if (name != NULL) return name;
    /* Class.getName(): dots for slashes, except that a hidden class keeps the '/' that
     * separates its name from its unique suffix ("Foo$$Lambda$14/0x0000000800c01000"). */
    const Class *e = class_is_array(c) ? c->element : c;
    size_t len = strlen(c->name);
    char *buf = vm_malloc(len + 1);
    const char *last_slash = (e->flags & CLASS_F_HIDDEN) ? strrchr(c->name, '/') : NULL;
    for (size_t i = 0; i <= len; i++) {
        char ch = c->name[i];
        buf[i] = (ch == '/' && c->name + i != last_slash) ? '.' : ch;
    }
    name = str_intern_mutf8(t, buf, len);
    free(buf);
    if (name != NULL) FIELD_SET(mirror, wk_off.Class_name, Object *, name);
    return name;
}

static Object *intern(Thread *t, const char *s) { return str_intern_mutf8(t, s, strlen(s)); }

bool stack_fill_element(Thread *t, Object *ste, Method *m, int bci)
{
    Class *c = m->clazz;
    Object *cname = stack_class_name(t, c);
    if (cname == NULL) return false;
    FIELD_SET(ste, wk_off.StackTraceElement_declaringClass, Object *, cname);
    FIELD_SET(ste, wk_off.StackTraceElement_declaringClassObject, Object *, c->mirror);
    if (c->loader != NULL) {
        Object *ln = FIELD_GET(c->loader, wk_off.ClassLoader_name, Object *);
        if (ln != NULL) FIELD_SET(ste, wk_off.StackTraceElement_classLoaderName, Object *, ln);
    }
    Object *mname = intern(t, m->name);
    if (mname == NULL) return false;
    FIELD_SET(ste, wk_off.StackTraceElement_methodName, Object *, mname);

    Object *module = c->module;
    if (module != NULL) {
        Object *modname = FIELD_GET(module, wk_off.Module_name, Object *);
        if (modname != NULL) {
            FIELD_SET(ste, wk_off.StackTraceElement_moduleName, Object *, modname);
            const char *version = module_version(module);
            Object *v = NULL;
            if (version != NULL && (v = intern(t, version)) == NULL) return false;
            FIELD_SET(ste, wk_off.StackTraceElement_moduleVersion, Object *, v);
        }
    }

    const char *source = class_source_file(c);
    Object *file = NULL;
    if (source != NULL && (file = intern(t, source)) == NULL) return false;
    FIELD_SET(ste, wk_off.StackTraceElement_fileName, Object *, file);
    FIELD_SET(ste, wk_off.StackTraceElement_lineNumber, int32_t,
              method_is_native(m) ? -2 : method_line_number(m, bci));
    return true;
}

Object *stack_new_element(Thread *t, Method *m, int bci)
{
    bool old = bci >= 0 && (bci & STACK_BCI_OLD_VERSION);
    if (old) bci &= ~STACK_BCI_OLD_VERSION;
    if (!class_ensure_init(t, wk.StackTraceElement)) return NULL;
    Object *ste = obj_new(t, wk.StackTraceElement);
    if (ste == NULL || !stack_fill_element(t, ste, m, bci)) return NULL;
    if (old && !method_is_native(m)) {
        FIELD_SET(ste, wk_off.StackTraceElement_fileName, Object *, NULL);
        FIELD_SET(ste, wk_off.StackTraceElement_lineNumber, int32_t, -1);
    }
    return ste;
}

/* ---- MemberName for stack frames ---- */

enum {
    MN_IS_METHOD = 0x00010000,
    MN_IS_CONSTRUCTOR = 0x00020000,
    MN_CALLER_SENSITIVE = 0x00100000,
    MN_REFERENCE_KIND_SHIFT = 24,
    RECOGNIZED_METHOD_MODIFIERS = 0x1DFF, /* JVM_RECOGNIZED_METHOD_MODIFIERS */
    NONVIRTUAL_VMINDEX = -2,              /* HotSpot's Method::nonvirtual_vtable_index */
};

bool stack_init_member_name(Thread *t, Object *mn, Method *m)
{
    init_offsets();
    /* A frame running an old version of a redefined method is shown as the method now
     * defined: the copy goes when no frame runs it (redefine.h). */
    m = method_current(m);
    Class *c = m->clazz;
    int32_t flags = m->access & RECOGNIZED_METHOD_MODIFIERS;
    int64_t vmindex = NONVIRTUAL_VMINDEX;
    /* The call kind HotSpot's CallInfo(Method*) gives a method seen on a stack. */
    bool statically_bound = method_is_static(m) || (m->access & (ACC_PRIVATE | ACC_FINAL)) ||
                            (c->access & ACC_FINAL) || m->vtable_index == METHOD_NO_VTABLE;
    if (method_is_static(m)) {
        flags |= MN_IS_METHOD | (REF_invokeStatic << MN_REFERENCE_KIND_SHIFT);
    } else if (m->name == sym.init) {
        flags |= MN_IS_CONSTRUCTOR | (REF_invokeSpecial << MN_REFERENCE_KIND_SHIFT);
    } else if (statically_bound) {
        flags |= MN_IS_METHOD | (REF_invokeSpecial << MN_REFERENCE_KIND_SHIFT);
    } else if (!class_is_interface(c)) {
        flags |= MN_IS_METHOD | (REF_invokeVirtual << MN_REFERENCE_KIND_SHIFT);
        vmindex = m->vtable_index;
    } else {
        flags |= MN_IS_METHOD | (REF_invokeInterface << MN_REFERENCE_KIND_SHIFT);
        vmindex = m->index;
    }
    if (m->flags & METHOD_F_CALLER_SENSITIVE) flags |= MN_CALLER_SENSITIVE;

    Object *rmn = obj_new(t, wk.ResolvedMethodName);
    if (rmn == NULL) return false;
    FIELD_SET(rmn, class_injected.rmn_vmtarget, Method *, m);
    FIELD_SET(rmn, class_injected.rmn_vmholder, Object *, c->mirror);
    Object *name = intern(t, m->name);
    if (name == NULL) return false;
    Object *type = intern(t, m->desc);
    if (type == NULL) return false;

    FIELD_SET(mn, off.mn_clazz, Object *, c->mirror);
    FIELD_SET(mn, off.mn_name, Object *, name);
    FIELD_SET(mn, off.mn_type, Object *, type);
    FIELD_SET(mn, off.mn_flags, int32_t, flags);
    FIELD_SET(mn, off.mn_method, Object *, rmn);
    FIELD_SET(mn, class_injected.mn_vmindex, int64_t, vmindex);
    return true;
}

Method *stack_member_name_method(Object *mn)
{
    init_offsets();
    if (mn == NULL || !obj_instance_of(mn, wk.MemberName)) return NULL;
    Object *rmn = FIELD_GET(mn, off.mn_method, Object *);
    if (rmn == NULL) return NULL;
    return FIELD_GET(rmn, class_injected.rmn_vmtarget, Method *);
}

/* ---- Throwable ---- */

/* JVM_FillInStackTrace: Throwable.fillInStackTrace(int). */
VM_EXPORT void JNICALL JVM_FillInStackTrace(JNIEnv *env, jobject throwable)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    Object *x = ref_get(throwable);
    if (x != NULL) exc_fill_stack_trace(t, x);
    jni_leave(t, prev);
}

/* JVM_InitStackTraceElementArray: StackTraceElement.initStackTraceElements(elements, x). */
VM_EXPORT void JNICALL JVM_InitStackTraceElementArray(JNIEnv *env, jobjectArray elements,
                                                      jobject throwable)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    Array *a = (Array *)ref_get(elements);
    Object *x = ref_get(throwable);
    if (a == NULL || x == NULL) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
        goto out;
    }
    int depth = exc_backtrace_depth(x);
    if (a->length != depth) {
        exc_throw(t, "java/lang/IndexOutOfBoundsException", NULL);
        goto out;
    }
    for (int i = 0; i < depth; i++) {
        Object *ste = ((Object **)array_data(a))[i];
        Method *m;
        int bci;
        if (ste == NULL) {
            exc_throw(t, "java/lang/NullPointerException", NULL);
            goto out;
        }
        bool redefined;
        if (!exc_backtrace_frame_version(x, i, &m, &bci, &redefined)) {
            exc_throw(t, "java/lang/InternalError", "stack trace element %d is missing", i);
            goto out;
        }
        if (!stack_fill_element(t, ste, m, bci)) goto out;
        if (redefined && !method_is_native(m)) {
            /* Redefined since: the bci is the old code's (HotSpot: no file, no line). */
            FIELD_SET(ste, wk_off.StackTraceElement_fileName, Object *, NULL);
            FIELD_SET(ste, wk_off.StackTraceElement_lineNumber, int32_t, -1);
        }
    }
out:
    jni_leave(t, prev);
}

/* JVM_InitStackTraceElement: StackTraceElement.of(StackFrameInfo). */
VM_EXPORT void JNICALL JVM_InitStackTraceElement(JNIEnv *env, jobject element,
                                                 jobject stackFrameInfo)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    init_offsets();
    Object *ste = ref_get(element);
    Object *sfi = ref_get(stackFrameInfo);
    if (ste == NULL || sfi == NULL) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
    } else {
        Method *m = stack_member_name_method(FIELD_GET(sfi, off.sfi_member_name, Object *));
        if (m == NULL)
            exc_throw(t, "java/lang/InternalError", "StackFrameInfo has no method");
        else if (stack_fill_element(t, ste, m, FIELD_GET(sfi, off.sfi_bci, int32_t)) && !method_is_native(m) &&
                 (uint32_t)FIELD_GET(sfi, class_injected.sfi_version, int32_t) != m->clazz->redef_count) {
            /* The frame ran a version of the class redefined since (as the backtrace's
             * elements above): its bci is the old code's; HotSpot: no file, no line. */
            FIELD_SET(ste, wk_off.StackTraceElement_fileName, Object *, NULL);
            FIELD_SET(ste, wk_off.StackTraceElement_lineNumber, int32_t, -1);
        }
    }
    jni_leave(t, prev);
}

/* JVM_GetExtendedNPEMessage (JEP 358): the helpful message describes the null value at
 * the top frame of the exception's backtrace (npe_message.c). NULL means "no extended
 * message" (getMessage() returns null): the NPE was not raised by a bytecode, or the
 * frame is native or hidden. */
VM_EXPORT jstring JNICALL JVM_GetExtendedNPEMessage(JNIEnv *env, jthrowable throwable)
{
    /* -XX:-ShowCodeDetailsInExceptionMessages (manageable) turns them off, as in HotSpot. */
    if (!flags_bool("ShowCodeDetailsInExceptionMessages")) return NULL;
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    jstring res = NULL;
    Object *x = ref_get(throwable);
    Method *m;
    int bci;
    /* A frame of a class redefined since ran old code: it is described while its version
     * is kept (HotSpot: Method::method_with_orig_idnum of the backtrace's version), else
     * there is no message. */
    if (x != NULL && exc_backtrace_frame_code(x, 0, &m, &bci)) {
        char *msg = npe_message(m, bci);
        if (msg != NULL) {
            Object *s = str_new_cstr(t, msg);
            if (s != NULL) res = ref_new_local(t, s);
            free(msg);
        }
    }
    jni_leave(t, prev);
    return res;
}

/* ---- StackWalker ---- */

enum {
    MODE_FILL_CLASS_REFS_ONLY = JVM_STACKWALK_FILL_CLASS_REFS_ONLY,
    MODE_GET_CALLER_CLASS = JVM_STACKWALK_GET_CALLER_CLASS,
    MODE_SHOW_HIDDEN_FRAMES = JVM_STACKWALK_SHOW_HIDDEN_FRAMES,
    MODE_FILL_LIVE_STACK_FRAMES = JVM_STACKWALK_FILL_LIVE_STACK_FRAMES,
    MAGIC_POS = 0, /* frames[0] holds the walking Thread while the stream is live */
};

typedef struct WalkStream {
    Thread *thread;
    Frame *cur;          /* the frame last decoded (or about to be), NULL at the end */
    Object *frames;      /* the buffer array this stream was anchored with (kept alive) */
    struct WalkStream *outer; /* enclosing live stream on this thread */
} WalkStream;

/* Live streams of this thread, innermost first: validates anchors. */
static _Thread_local WalkStream *live_streams;

static bool is_live_stream(Thread *t, WalkStream *s)
{
    for (WalkStream *w = live_streams; w != NULL; w = w->outer)
        if (w == s) return s->thread == t;
    return false;
}

/* Method::external_name: "java.lang.Class java.lang.Class.forName(java.lang.String)". */
static void external_type(const char **d, char *out, size_t size, size_t *k)
{
    int dims = 0;
    while (**d == '[') {
        dims++;
        (*d)++;
    }
    const char *name;
    size_t len;
    if (**d == 'L') {
        name = *d + 1;
        const char *semi = strchr(name, ';');
        len = semi != NULL ? (size_t)(semi - name) : strlen(name);
        *d = name + len + (semi != NULL);
    } else {
        name = bt_name(bt_from_char(**d));
        if (name == NULL) name = "void";
        len = strlen(name);
        if (**d) (*d)++;
    }
    for (size_t i = 0; i < len && *k + 1 < size; i++) out[(*k)++] = name[i] == '/' ? '.' : name[i];
    for (int i = 0; i < dims && *k + 2 < size; i++) {
        out[(*k)++] = '[';
        out[(*k)++] = ']';
    }
    out[*k] = 0;
}

static void method_external_name(const Method *m, char *out, size_t size)
{
    size_t k = 0;
    out[0] = 0;
    const char *ret = strchr(m->desc, ')');
    if (ret != NULL) {
        ret++;
        external_type(&ret, out, size, &k);
    }
    char cls[512];
    class_external_name(m->clazz, cls, sizeof cls);
    int n = snprintf(out + k, size - k, " %s.%s(", cls, m->name);
    if (n > 0) k = k + (size_t)n < size ? k + (size_t)n : size - 1;
    const char *p = m->desc + 1;
    bool first = true;
    while (*p && *p != ')' && k + 3 < size) {
        if (!first) {
            out[k++] = ',';
            out[k++] = ' ';
        }
        first = false;
        external_type(&p, out, size, &k);
    }
    if (k + 1 < size) out[k++] = ')';
    out[k] = 0;
}

/* HotSpot's StackWalk::fill_in_frames: decodes up to max frames starting at s->cur into
 * frames[start..], leaving s->cur on the last frame decoded. Returns the number decoded
 * (*end_index past the last), or -1 with an exception pending. */
static int fill_in_frames(Thread *t, int64_t mode, WalkStream *s, int max, int start,
                          Array *frames, int *end_index)
{
    bool skip_hidden = !(mode & MODE_SHOW_HIDDEN_FRAMES) || (mode & MODE_GET_CALLER_CLASS);
    bool need_method_info = !(mode & MODE_FILL_CLASS_REFS_ONLY);
    int decoded = 0;
    for (; s->cur != NULL; s->cur = next_frame(s->cur)) {
        Method *m = s->cur->method;
        if (skip_hidden && (m->flags & METHOD_F_HIDDEN)) continue;
        int index = (*end_index)++;
        if (!need_method_info && (mode & MODE_GET_CALLER_CLASS) && index == start &&
            (m->flags & METHOD_F_CALLER_SENSITIVE)) {
            char name[1024];
            method_external_name(m, name, sizeof name);
            exc_throw(t, "java/lang/UnsupportedOperationException",
                      "StackWalker::getCallerClass called from @CallerSensitive '%s' method",
                      name);
            return -1;
        }
        Object **slot = (Object **)array_data(frames) + index;
        if (need_method_info) {
            Object *sfi = *slot;
            if (sfi == NULL) {
                exc_throw(t, "java/lang/NullPointerException", NULL);
                return -1;
            }
            if (!obj_instance_of(sfi, wk.StackFrameInfo)) {
                exc_throw(t, "java/lang/IllegalArgumentException", "not a StackFrameInfo");
                return -1;
            }
            int bci = frame_bci(s->cur);
            if (!stack_init_member_name(t, FIELD_GET(sfi, off.sfi_member_name, Object *), m))
                return -1;
            FIELD_SET(sfi, off.sfi_bci, int32_t, bci < 0 ? 0 : bci);
            /* The version of the code the frame runs (an old one's: the shadow's). */
            FIELD_SET(sfi, class_injected.sfi_version, int32_t, (int32_t)m->clazz->redef_count);
        } else {
            *slot = m->clazz->mirror;
        }
        if (++decoded >= max) break;
    }
    return decoded;
}

static bool check_buffer(Thread *t, Array *frames, int start_index, int frame_count)
{
    if (frames == NULL) {
        exc_throw(t, "java/lang/NullPointerException", "frames_array is NULL");
        return false;
    }
    if (start_index <= MAGIC_POS || frame_count < 0 ||
        (int64_t)start_index + frame_count > frames->length) {
        exc_throw(t, "java/lang/IllegalArgumentException", "not enough space in buffers");
        return false;
    }
    return true;
}

static Method *do_stack_walk_method(Object *stream)
{
    for (Class *c = stream->klass; c != NULL; c = c->super)
        if (strcmp(c->name, "java/lang/StackStreamFactory$AbstractStackWalker") == 0)
            return class_find_declared_method(c, sym_intern("doStackWalk"),
                                              sym_intern("(JIIII)Ljava/lang/Object;"));
    return NULL;
}

static Object *call_stack_walk(Thread *t, Object *stream, int64_t mode, int skip_frames,
                               int frame_count, int start_index, Array *frames)
{
    init_offsets();
    if (stream == NULL) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
        return NULL;
    }
    if (!check_buffer(t, frames, start_index, frame_count)) return NULL;
    if (mode & MODE_FILL_LIVE_STACK_FRAMES) {
        exc_throw(t, "java/lang/UnsupportedOperationException",
                  "JVM_CallStackWalk: live stack frames (LiveStackFrame locals and operands) "
                  "are not implemented yet");
        return NULL;
    }
    Method *callback = do_stack_walk_method(stream);
    if (callback == NULL) {
        exc_throw(t, "java/lang/InternalError", "doStackWalk: not a stack stream");
        return NULL;
    }

    WalkStream s = {t, top_frame(t), &frames->hdr, live_streams};
    if (s.cur == NULL) {
        exc_throw(t, "java/lang/InternalError", "doStackWalk: no stack trace");
        return NULL;
    }
    /* Skip the StackWalker implementation's own frames, then the requested number. */
    while (s.cur != NULL) {
        Class *c = s.cur->method->clazz;
        bool walker = strcmp(c->name, "java/lang/StackWalker") == 0 ||
                      strcmp(c->name, "java/lang/StackStreamFactory$AbstractStackWalker") == 0 ||
                      (c->super != NULL &&
                       strcmp(c->super->name, "java/lang/StackStreamFactory$AbstractStackWalker") == 0);
        if (!walker) break;
        s.cur = next_frame(s.cur);
    }
    for (int n = 0; n < skip_frames && s.cur != NULL; n++) s.cur = next_frame(s.cur);

    int end_index = start_index;
    if (s.cur != NULL && frame_count > 0) {
        int n = fill_in_frames(t, mode, &s, frame_count, start_index, frames, &end_index);
        if (n < 0) return NULL;
        if (n < 1) {
            exc_throw(t, "java/lang/InternalError", "stack walk: decode failed");
            return NULL;
        }
    }

    /* Anchor the stream and hand over to Java; it calls fetchStackFrames for more. */
    ((Object **)array_data(frames))[MAGIC_POS] = t->jthread;
    live_streams = &s;
    Slot args[7] = {{0}};
    args[0].l = stream;
    args[1].j = (int64_t)(intptr_t)&s;
    args[3].i = skip_frames;
    args[4].i = frame_count;
    args[5].i = start_index;
    args[6].i = end_index;
    Slot ret = {0};
    bool ok = interp_call(t, callback, args, &ret);
    live_streams = s.outer;
    bool intact = ((Object **)array_data(frames))[MAGIC_POS] == t->jthread;
    ((Object **)array_data(frames))[MAGIC_POS] = NULL;
    if (!ok) return NULL;
    if (!intact) {
        exc_throw(t, "java/lang/InternalError", "doStackWalk: corrupted buffers on exit");
        return NULL;
    }
    return ret.l;
}

/* JVM_CallStackWalk: AbstractStackWalker.callStackWalk. */
VM_EXPORT jobject JNICALL JVM_CallStackWalk(JNIEnv *env, jobject stackStream, jlong mode,
                                            jint skip_frames, jint frame_count,
                                            jint start_index, jobjectArray frames)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    Object *r = call_stack_walk(t, ref_get(stackStream), mode, skip_frames, frame_count,
                                start_index, (Array *)ref_get(frames));
    jobject result = ref_new_local(t, r);
    jni_leave(t, prev);
    return result;
}

/* JVM_MoreStackWalk: AbstractStackWalker.fetchStackFrames; returns the end index. */
VM_EXPORT jint JNICALL JVM_MoreStackWalk(JNIEnv *env, jobject stackStream, jlong mode,
                                         jlong anchor, jint frame_count, jint start_index,
                                         jobjectArray frames)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    init_offsets();
    Array *fa = (Array *)ref_get(frames);
    WalkStream *s = (WalkStream *)(intptr_t)anchor;
    int end_index = start_index;
    if (!check_buffer(t, fa, start_index, frame_count)) goto out;
    /* The buffer may be a new, larger array (FrameBuffer.resize copies the magic slot). */
    if (anchor == 0 || ((Object **)array_data(fa))[MAGIC_POS] != t->jthread ||
        !is_live_stream(t, s)) {
        exc_throw(t, "java/lang/InternalError", "doStackWalk: corrupted buffers");
        goto out;
    }
    if (frame_count <= 0 || s->cur == NULL) goto out;
    s->cur = next_frame(s->cur); /* past the last frame of the previous batch */
    if (s->cur != NULL) {
        int n = fill_in_frames(t, mode, s, frame_count, start_index, fa, &end_index);
        if (n == 0) exc_throw(t, "java/lang/InternalError", "doStackWalk: later decode failed");
    }
out:
    jni_leave(t, prev);
    return end_index;
}

/* ---- callers ---- */

/* JVM_GetCallerClass: Reflection.getCallerClass(). Frame 0 is that native method, frame 1
 * the @CallerSensitive method asking; the answer is the first frame after them that is
 * not reflection or method-handle machinery. */
VM_EXPORT jclass JNICALL JVM_GetCallerClass(JNIEnv *env)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    jclass result = NULL;
    int n = 0;
    for (Frame *f = top_frame(t); f != NULL; f = next_frame(f), n++) {
        Method *m = f->method;
        if (n == 0 && !is_named(m, "jdk/internal/reflect/Reflection", "getCallerClass")) {
            exc_throw(t, "java/lang/InternalError",
                      "JVM_GetCallerClass must only be called from Reflection.getCallerClass");
            break;
        }
        if (n <= 1) {
            if (!(m->flags & METHOD_F_CALLER_SENSITIVE)) {
                exc_throw(t, "java/lang/InternalError",
                          "CallerSensitive annotation expected at frame %d", n);
                break;
            }
            continue;
        }
        if (!ignored_by_security_walk(m)) {
            result = ref_new_local(t, m->clazz->mirror);
            break;
        }
    }
    jni_leave(t, prev);
    return result;
}

/* JVM_GetClassContext: SecurityManager.getClassContext(): the classes of the Java frames
 * (native frames and reflection machinery left out), innermost first. */
VM_EXPORT jobjectArray JNICALL JVM_GetClassContext(JNIEnv *env)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    jobjectArray result = NULL;
    Frame *top = top_frame(t);
    if (top == NULL || !is_named(top->method, "java/lang/SecurityManager", "getClassContext") ||
        strcmp(top->method->desc, "()[Ljava/lang/Class;") != 0) {
        exc_throw(t, "java/lang/InternalError",
                  "JVM_GetClassContext must only be called from SecurityManager.getClassContext");
        goto out;
    }
    int count = 0;
    for (Frame *f = top; f != NULL; f = next_frame(f))
        if (!method_is_native(f->method) && !ignored_by_security_walk(f->method)) count++;
    Array *a = obj_new_ref_array(t, wk.Class, count);
    if (a == NULL) goto out;
    int i = 0;
    for (Frame *f = top; f != NULL && i < count; f = next_frame(f))
        if (!method_is_native(f->method) && !ignored_by_security_walk(f->method))
            ((Object **)array_data(a))[i++] = f->method->clazz->mirror;
    result = ref_new_local(t, &a->hdr);
out:
    jni_leave(t, prev);
    return result;
}

/* JVM_LatestUserDefinedLoader: the nearest frame's loader that is neither the boot nor
 * the platform loader, skipping reflection accessors (ObjectInputStream.resolveClass). */
VM_EXPORT jobject JNICALL JVM_LatestUserDefinedLoader(JNIEnv *env)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    jobject result = NULL;
    for (Frame *f = top_frame(t); f != NULL; f = next_frame(f)) {
        Class *c = f->method->clazz;
        Object *loader = c->loader;
        if (loader == NULL ||
            strcmp(loader->klass->name, "jdk/internal/loader/ClassLoaders$PlatformClassLoader") == 0)
            continue;
        if (class_extends(c, "jdk/internal/reflect/MethodAccessorImpl") ||
            class_extends(c, "jdk/internal/reflect/ConstructorAccessorImpl"))
            continue;
        result = ref_new_local(t, loader);
        break;
    }
    jni_leave(t, prev);
    return result;
}

/* ---- access control contexts ---- */

static struct {
    bool ready;
    uint32_t acc_context, acc_privileged_context, acc_is_privileged, acc_is_authorized;
    uint32_t thread_inherited_acc;
} acc_off;

static void init_acc_offsets(void)
{
    if (acc_off.ready) return;
    Class *acc = wk.AccessControlContext;
    acc_off.acc_context = field_offset(acc, "context", "[Ljava/security/ProtectionDomain;");
    acc_off.acc_privileged_context =
        field_offset(acc, "privilegedContext", "Ljava/security/AccessControlContext;");
    acc_off.acc_is_privileged = field_offset(acc, "isPrivileged", "Z");
    acc_off.acc_is_authorized = field_offset(acc, "isAuthorized", "Z");
    acc_off.thread_inherited_acc = field_offset(wk.Thread, "inheritedAccessControlContext",
                                                "Ljava/security/AccessControlContext;");
    acc_off.ready = true;
}

/* HotSpot's java_lang_AccessControlContext::create. */
static Object *new_acc(Thread *t, Array *context, bool is_privileged, Object *privileged_context)
{
    if (!class_ensure_init(t, wk.AccessControlContext)) return NULL;
    Object *acc = obj_new(t, wk.AccessControlContext);
    if (acc == NULL) return NULL;
    FIELD_SET(acc, acc_off.acc_context, Object *, context != NULL ? &context->hdr : NULL);
    FIELD_SET(acc, acc_off.acc_privileged_context, Object *, privileged_context);
    FIELD_SET(acc, acc_off.acc_is_privileged, uint8_t, is_privileged);
    FIELD_SET(acc, acc_off.acc_is_authorized, uint8_t, 1);
    return acc;
}

static Object *protection_domain_of(Object *mirror)
{
    return mirror != NULL ? class_from_mirror(mirror)->protection_domain : NULL;
}

/* AccessController.getStackAccessControlContext(): the protection domains of the frames
 * down to the first AccessController.executePrivileged frame (whose `context` and
 * `caller` arguments are locals 1 and 2), consecutive duplicates collapsed. NULL means
 * "privileged system code only". */
static Object *stack_acc(Thread *t)
{
    Object *pds[64];
    Object **list = pds;
    int count = 0, cap = (int)ARRAY_LEN(pds);
    Object *previous = NULL, *privileged_context = NULL;
    bool is_privileged = false;
    for (Frame *f = top_frame(t); f != NULL; f = next_frame(f)) {
        Method *m = f->method;
        Object *pd;
        if (is_named(m, "java/security/AccessController", "executePrivileged") &&
            !method_is_native(m) && m->max_locals >= 3) {
            is_privileged = true;
            privileged_context = f->locals[1].l;
            pd = protection_domain_of(f->locals[2].l);
        } else {
            pd = m->clazz->protection_domain;
        }
        if (pd != NULL && pd != previous) {
            if (count == cap) {
                /* The objects stay reachable from their classes; a heap copy is safe. */
                cap *= 2;
                Object **grown = vm_malloc((size_t)cap * sizeof *grown);
                memcpy(grown, list, (size_t)count * sizeof *grown);
                if (list != pds) free(list);
                list = grown;
            }
            list[count++] = pd;
            previous = pd;
        }
        if (is_privileged) break;
    }
    Object *result = NULL;
    Array *context = NULL;
    if (count == 0 && is_privileged && privileged_context == NULL) goto out;
    if (count > 0) {
        Class *pd_class = loader_load(t, NULL, sym_intern("java/security/ProtectionDomain"));
        if (pd_class == NULL) goto out;
        context = obj_new_ref_array(t, pd_class, count);
        if (context == NULL) goto out;
        memcpy(array_data(context), list, (size_t)count * sizeof(Object *));
    }
    result = new_acc(t, context, is_privileged, privileged_context);
out:
    if (list != pds) free(list);
    return result;
}

/* JVM_GetStackAccessControlContext: AccessController.getStackAccessControlContext(). */
VM_EXPORT jobject JNICALL JVM_GetStackAccessControlContext(JNIEnv *env, jclass cls)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    init_acc_offsets();
    jobject result = ref_new_local(t, stack_acc(t));
    jni_leave(t, prev);
    return result;
}

/* JVM_GetInheritedAccessControlContext: AccessController.getInheritedAccessControlContext()
 * = the current Thread's inheritedAccessControlContext. */
VM_EXPORT jobject JNICALL JVM_GetInheritedAccessControlContext(JNIEnv *env, jclass cls)
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    init_acc_offsets();
    jobject result = NULL;
    if (t->jthread != NULL)
        result = ref_new_local(t, FIELD_GET(t->jthread, acc_off.thread_inherited_acc, Object *));
    jni_leave(t, prev);
    return result;
}
