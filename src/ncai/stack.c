// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * stack.c — mixed Java/native stacks and the method functions (NCAI: GetFrameCount,
 * GetStackTrace, IsMethodCompiled, GetMethodLocation, FindJavaMethod,
 * GetBytecodeLocation, GetNativeLocation).
 *
 * THE MIXED STACK. Native frames come from the DWARF unwinder (os_unwind) started at
 * the thread's context (stopped by NCAI, or the current thread in an NCAI callback).
 * Java frames come from the thread's frame chain (interp.h), split into groups at its
 * FRAME_ENTRY frames: each group is what one C activation of the interpreter runs (the
 * C function interp_loop_function, below an interp_call* frame; a group that is only a
 * native method called from C has no loop frame). Walking the native frames outwards,
 * the group's Java frames are inserted just above the first loop frame (or, without
 * one, the interp_call frame) met after them. So the list reads, for a JNI method called
 * from Java and calling native functions:
 *     f3 f2 f1 (JNI library)  ffi glue  [Java: native method, caller, ...]  interp loop ...
 * java_frame_depth: for a Java frame its JVMTI depth; for a native frame, the depth of
 * the Java frame it runs for (the group's top frame: the JNI function and its callees run
 * for the native method, VM code called from the interpreter for the frame it
 * interprets; the loop frame for the group's bottom frame); -1 below every Java frame.
 * A Java frame's entry: pc_address = the bytecode being interpreted (method code + bci)
 * or, for a native method, its bound function; return_address = its caller's bytecode;
 * frame_address = its Frame record, stack_address = its operand stack top. A native
 * frame's: pc, the return address (its caller's pc), frame_address = its canonical frame
 * address (the stack pointer before the call that made it: what NotifyFramePop takes),
 * stack_address = its stack pointer.
 *
 * Methods. GlassVM interprets every Java method: IsMethodCompiled, GetMethodLocation and
 * GetNativeLocation answer INTERPRETER_USED for them (after the INVALID_METHOD and
 * INVALID_LOCATION checks). A native method's code is its bound function (or, for the
 * natives GlassVM implements itself, that C function): "compiled", located there (size
 * from the unwind tables), NOT_COMPILED while unbound. FindJavaMethod
 * and GetBytecodeLocation map an address inside a method's bytecode (as GetStackTrace
 * reports Java frames), a native method's bound function, or the interpreter's own code
 * (the current thread's innermost Java frame, the frame that code is interpreting).
 */
#include <stdlib.h>
#include <string.h>

#include "../vm/class.h"
#include "../vm/interp.h"
#include "../vm/redefine.h"
#include "../vm/loader.h"
#include "ncai_int.h"

enum { MAX_NATIVE = 512, MAX_JAVA = 4096 };

static uintptr_t loop_start, call_start[3];

void ncai_stack_init(void)
{
    loop_start = os_function_start((uintptr_t)interp_loop_function());
    if (loop_start == 0) loop_start = (uintptr_t)interp_loop_function();
    call_start[0] = os_function_start((uintptr_t)interp_call);
    call_start[1] = os_function_start((uintptr_t)interp_call_virtual);
    call_start[2] = os_function_start((uintptr_t)interp_call_static);
}

static bool is_call_frame(uintptr_t start)
{
    return start != 0 && (start == call_start[0] || start == call_start[1] || start == call_start[2]);
}

typedef struct JFrame {
    Frame *f;
    int depth;
    bool entry; /* a FRAME_ENTRY marker ends a group */
} JFrame;

typedef struct Builder {
    ncaiFrameInfo *buf;
    int max, n;
} Builder;

static void put(Builder *b, jint depth, void *pc, void *ret, void *frame, void *stack)
{
    if (b->n < b->max) {
        ncaiFrameInfo *i = &b->buf[b->n];
        i->java_frame_depth = depth;
        i->pc_address = pc;
        i->return_address = ret;
        i->frame_address = frame;
        i->stack_address = stack;
    }
    b->n++;
}

void *ncai_native_code(const Method *m)
{
    void *fn = __atomic_load_n(&((Method *)m)->native, __ATOMIC_ACQUIRE);
    return fn != NULL ? fn : (void *)m->vm_native;
}

static void *java_pc(Frame *f)
{
    return (f->flags & FRAME_NATIVE) ? ncai_native_code(f->method) : (void *)f->pc;
}

/* Emits Java frames [from, to) of js. */
static void put_java(Builder *b, JFrame *js, int from, int to, int nj)
{
    for (int k = from; k < to; k++) {
        Frame *f = js[k].f;
        void *ret = NULL;
        for (int c = k + 1; c < nj; c++)
            if (!js[c].entry) {
                ret = java_pc(js[c].f);
                break;
            }
        put(b, js[k].depth, java_pc(f), ret, f, f->sp);
    }
}

/* Builds t's mixed stack into b (counting all frames). t: stopped, or the caller in a
 * callback; ctx its context. */
static void build(NcaiThread *t, OsContext *ctx, Builder *b)
{
    Thread *vt = atomic_load(&t->vm);
    OsFrame *nf = malloc(MAX_NATIVE * sizeof *nf);
    JFrame *js = malloc(MAX_JAVA * sizeof *js);
    if (nf == NULL || js == NULL) {
        free(nf);
        free(js);
        return;
    }
    int nn = os_unwind(ctx, nf, MAX_NATIVE);
    int nj = 0, depth = 0;
    for (Frame *f = vt != NULL ? vt->top_frame : NULL; f != NULL && nj < MAX_JAVA; f = f->prev) {
        js[nj].f = f;
        js[nj].entry = (f->flags & FRAME_ENTRY) != 0;
        js[nj].depth = js[nj].entry ? -1 : depth++;
        nj++;
    }
    int g = 0; /* index in js of the current group's first frame */
    while (g < nj && js[g].entry) g++;
    bool after_loop = false;
    for (int i = 0; i < nn; i++) {
        uintptr_t s = nf[i].start;
        void *ret = i + 1 < nn ? (void *)nf[i + 1].pc : NULL;
        int gend = g;
        while (gend < nj && !js[gend].entry) gend++;
        bool have = g < nj && gend > g;
        if (s != 0 && s == loop_start && have) {
            put_java(b, js, g, gend, nj);
            /* The loop's frame is interpreting the group's topmost Java (non-native)
             * frame: a native method on top was called from it. */
            int interp = g;
            while (interp < gend - 1 && (js[interp].f->flags & FRAME_NATIVE)) interp++;
            put(b, js[interp].depth, (void *)nf[i].pc, ret, (void *)nf[i].cfa, (void *)nf[i].sp);
            g = gend;
            while (g < nj && js[g].entry) g++;
            after_loop = true;
        } else if (is_call_frame(s)) {
            if (!after_loop && have) {
                put_java(b, js, g, gend, nj);
                g = gend;
                while (g < nj && js[g].entry) g++;
            }
            after_loop = false;
            put(b, -1, (void *)nf[i].pc, ret, (void *)nf[i].cfa, (void *)nf[i].sp);
        } else {
            put(b, have ? js[g].depth : -1, (void *)nf[i].pc, ret, (void *)nf[i].cfa, (void *)nf[i].sp);
        }
    }
    /* Java frames whose C activation the unwinder did not reach. */
    while (g < nj) {
        int gend = g;
        while (gend < nj && !js[gend].entry) gend++;
        put_java(b, js, g, gend, nj);
        g = gend;
        while (g < nj && js[g].entry) g++;
    }
    free(nf);
    free(js);
}

static ncaiError stack_of(ncaiEnv *env, ncaiThread thread, Builder *b)
{
    NCAI_ENV(e);
    (void)e;
    NcaiThread *t = ncai_thread_check(thread);
    if (t == NULL) return NCAI_ERROR_INVALID_THREAD;
    if (!ncai_thread_alive(t)) return NCAI_ERROR_THREAD_NOT_ALIVE;
    OsContext *ctx = ncai_thread_context(t);
    if (ctx == NULL) return NCAI_ERROR_THREAD_NOT_SUSPENDED;
    build(t, ctx, b);
    return NCAI_ERROR_NONE;
}

/* NCAI: GetFrameCount */
NCAI_FN(GetFrameCount, ncaiThread thread, jint *count_ptr)
{
    if (count_ptr == NULL && ncai_env_check(env) != NULL) return NCAI_ERROR_NULL_POINTER;
    Builder b = {NULL, 0, 0};
    ncaiError err = stack_of(env, thread, &b);
    if (err == NCAI_ERROR_NONE) *count_ptr = b.n;
    return err;
}

/* NCAI: GetStackTrace. depth is the buffer's capacity; *count_ptr the frames written. */
NCAI_FN(GetStackTrace, ncaiThread thread, jint depth, ncaiFrameInfo *frame_buffer, jint *count_ptr)
{
    NCAI_ENV(e);
    (void)e;
    if (depth < 0) return NCAI_ERROR_ILLEGAL_ARGUMENT;
    if (count_ptr == NULL || (frame_buffer == NULL && depth > 0)) return NCAI_ERROR_NULL_POINTER;
    Builder b = {frame_buffer, depth, 0};
    ncaiError err = stack_of(env, thread, &b);
    if (err == NCAI_ERROR_NONE) *count_ptr = b.n < depth ? b.n : depth;
    return err;
}

/* ------------------------------------------------------------------------------------ */
/* Methods                                                                              */
/* ------------------------------------------------------------------------------------ */

static bool is_native(const Method *m) { return (m->access & ACC_NATIVE) != 0; }

/* NCAI: IsMethodCompiled */
NCAI_FN(IsMethodCompiled, jmethodID method, jboolean *is_compiled_ptr)
{
    NCAI_ENV(e);
    (void)e;
    Method *m = (Method *)method;
    if (!jvmti_valid_method(m)) return NCAI_ERROR_INVALID_METHOD;
    if (is_compiled_ptr == NULL) return NCAI_ERROR_NULL_POINTER;
    if (!is_native(m)) return NCAI_ERROR_INTERPRETER_USED;
    *is_compiled_ptr = ncai_native_code(m) != NULL ? JNI_TRUE : JNI_FALSE;
    return NCAI_ERROR_NONE;
}

/* The end of the function starting at start, from the unwind tables (0 if unknown). */
static size_t function_size(uintptr_t start)
{
    uintptr_t s = os_function_start(start);
    if (s != start) return 0;
    /* Probe forward for the first address whose function differs. */
    size_t lo = 1, hi = 1;
    while (hi < ((size_t)1 << 24) && os_function_start(start + hi) == start) {
        lo = hi;
        hi *= 2;
    }
    while (lo + 1 < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (os_function_start(start + mid) == start) lo = mid;
        else hi = mid;
    }
    return lo + 1;
}

/* NCAI: GetMethodLocation */
NCAI_FN(GetMethodLocation, jmethodID method, void **address_ptr, size_t *size_ptr)
{
    NCAI_ENV(e);
    (void)e;
    Method *m = (Method *)method;
    if (!jvmti_valid_method(m)) return NCAI_ERROR_INVALID_METHOD;
    if (address_ptr == NULL || size_ptr == NULL) return NCAI_ERROR_NULL_POINTER;
    if (!is_native(m)) return NCAI_ERROR_INTERPRETER_USED;
    if (ncai_native_code(m) == NULL) return NCAI_ERROR_NOT_COMPILED;
    *address_ptr = ncai_native_code(m);
    *size_ptr = function_size((uintptr_t)*address_ptr);
    return NCAI_ERROR_NONE;
}

/* NCAI: GetNativeLocation. A native method has one location (-1, JVMTI's, or 0). */
NCAI_FN(GetNativeLocation, jmethodID method, jlocation location, void **address_ptr)
{
    NCAI_ENV(e);
    (void)e;
    Method *m = (Method *)method;
    if (!jvmti_valid_method(m)) return NCAI_ERROR_INVALID_METHOD;
    if (address_ptr == NULL) return NCAI_ERROR_NULL_POINTER;
    if (is_native(m)) {
        if (location != -1 && location != 0) return NCAI_ERROR_INVALID_LOCATION;
        if (ncai_native_code(m) == NULL) return NCAI_ERROR_NOT_COMPILED;
        *address_ptr = ncai_native_code(m);
        return NCAI_ERROR_NONE;
    }
    if (location < 0 || location >= (jlocation)m->code_length) return NCAI_ERROR_INVALID_LOCATION;
    return NCAI_ERROR_INTERPRETER_USED;
}

typedef struct Find {
    uintptr_t addr;
    Method *m;
} Find;

static bool in_code(const Method *m, uintptr_t a)
{
    return m != NULL && m->code != NULL && a >= (uintptr_t)m->code && a < (uintptr_t)m->code + m->code_length;
}

static void find_in_class(Class *c, void *arg)
{
    Find *f = arg;
    if (f->m != NULL) return;
    for (int i = 0; i < c->method_count; i++) {
        Method *m = &c->methods[i];
        if (in_code(m, f->addr)) {
            f->m = m;
            return;
        }
        /* A frame that ran m when its class was redefined runs an old version's copy
         * (redefine.h), whose bytecodes are elsewhere: the copy, shown to tools as
         * method_for_tools does (an obsolete copy has its own jmethodID). */
        for (uint32_t v = 0; v < c->redef_count; v++) {
            Method *old = redef_method_version(m, v);
            if (old != m && in_code(old, f->addr)) {
                f->m = old;
                return;
            }
        }
        if (is_native(m) && ncai_native_code(m) != NULL && f->addr == (uintptr_t)ncai_native_code(m)) {
            f->m = m;
            return;
        }
    }
}

/* In t's mixed stack, the interpreter loop frame at pc a: the Java frame it interprets. */
static bool interpreted_at(NcaiThread *t, OsContext *ctx, uintptr_t a, Method **mp, jlocation *bci)
{
    enum { MAX = 1024 };
    ncaiFrameInfo *buf = malloc(MAX * sizeof *buf);
    if (buf == NULL) return false;
    Builder b = {buf, MAX, 0};
    build(t, ctx, &b);
    int n = b.n < MAX ? b.n : MAX;
    int depth = -1;
    for (int i = 0; i < n && depth < 0; i++)
        if ((uintptr_t)buf[i].pc_address == a && buf[i].java_frame_depth >= 0 &&
            os_function_start(a) == loop_start)
            depth = buf[i].java_frame_depth;
    free(buf);
    if (depth < 0) return false;
    Thread *vt = atomic_load(&t->vm);
    int d = 0;
    for (Frame *f = frame_skip_entries(vt != NULL ? vt->top_frame : NULL); f != NULL; f = frame_skip_entries(f->prev), d++)
        if (d == depth) {
            *mp = method_for_tools(f->method);
            *bci = (f->flags & FRAME_NATIVE) ? -1 : frame_bci(f);
            return true;
        }
    return false;
}

/* The method and bci for a code address (see the file comment); false if none. */
static bool locate(void *address, Method **mp, jlocation *bci)
{
    uintptr_t a = (uintptr_t)address;
    Find f = {a, NULL};
    loader_for_each_class(find_in_class, &f);
    if (f.m != NULL) {
        *mp = method_for_tools(f.m);
        *bci = is_native(f.m) ? -1 : (jlocation)(a - (uintptr_t)f.m->code);
        return true;
    }
    /* The interpreter's own code: the frame an interpreter activation at that address
     * is interpreting, in a thread whose stack NCAI can read (suspended, or the caller
     * in a callback: the caller first); otherwise the caller's innermost interpreted
     * frame. */
    if (loop_start == 0 || os_function_start(a) != loop_start) return false;
    NcaiThread *self = ncai_thread_self();
    for (int pass = 0; pass < 2; pass++) {
        for (NcaiThread *t = ncai_thread_list(); t != NULL; t = t->next) {
            if ((pass == 0) != (t == self) || !ncai_thread_alive(t)) continue;
            OsContext *ctx = ncai_thread_context(t);
            if (ctx != NULL && interpreted_at(t, ctx, a, mp, bci)) return true;
        }
    }
    Thread *t = thread_current();
    Frame *fr = t != NULL ? frame_skip_entries(t->top_frame) : NULL;
    while (fr != NULL && (fr->flags & FRAME_NATIVE)) fr = frame_skip_entries(fr->prev);
    if (fr == NULL) return false;
    *mp = method_for_tools(fr->method);
    *bci = frame_bci(fr);
    return true;
}

/* NCAI: FindJavaMethod. *method_ptr is 0 when nothing is found (INVALID_ADDRESS). */
NCAI_FN(FindJavaMethod, void *address, jmethodID *method_ptr)
{
    NCAI_ENV(e);
    (void)e;
    if (method_ptr == NULL) return NCAI_ERROR_NULL_POINTER;
    Method *m = NULL;
    jlocation bci;
    Thread *self;
    int prev = ncai_vm_enter(&self);
    bool ok = locate(address, &m, &bci);
    if (prev >= 0) ncai_vm_leave(self, prev);
    *method_ptr = ok ? (jmethodID)m : NULL;
    return ok ? NCAI_ERROR_NONE : NCAI_ERROR_INVALID_ADDRESS;
}

/* NCAI: GetBytecodeLocation (Harmony's header: GetBytcodeLocation, with a jmethodID*
 * in/out: when *method is NULL it is set to the method found). */
NCAI_FN(GetBytecodeLocation, void *address, jmethodID *method, jlocation *location_ptr)
{
    NCAI_ENV(e);
    (void)e;
    if (method == NULL || location_ptr == NULL) return NCAI_ERROR_NULL_POINTER;
    Method *want = (Method *)*method;
    if (want != NULL && !jvmti_valid_method(want)) return NCAI_ERROR_INVALID_METHOD;
    Method *m = NULL;
    jlocation bci = -1;
    Thread *self;
    int prev = ncai_vm_enter(&self);
    bool ok = locate(address, &m, &bci);
    if (prev >= 0) ncai_vm_leave(self, prev);
    if (!ok || (want != NULL && m != want)) return NCAI_ERROR_INVALID_ADDRESS;
    *method = (jmethodID)m;
    *location_ptr = bci;
    return NCAI_ERROR_NONE;
}
