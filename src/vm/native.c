// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * native.c — native methods: the VM-native registry, JNI name resolution, binding, and
 * calls through libffi (see native.h for the resolution order).
 *
 * A call to a JNI native: push a local-reference frame; turn reference arguments into
 * local refs (the receiver or the class mirror first, after the JNIEnv*); enter
 * TS_NATIVE (the thread is then safe for the collector); ffi_call with a call interface
 * prepared once per method; back to TS_JAVA; convert the result (boolean results are
 * normalized to 0/1 as HotSpot does); pop the frame. Primitive arguments are passed by
 * pointer straight from the Java stack slots: on little-endian x86-64 the low bytes of a
 * slot are the narrower value.
 */
#include "native.h"

#include <ffi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../jvmti/jvmti_vm.h"
#include "../os/os.h"
#include "exception.h"
#include "interp.h"
#include "loader.h"
#include "monitor.h"
#include "log.h"
#include "options.h"
#include "ref.h"
#include "resolve.h"
#include "string.h"
#include "sym.h"
#include "thread.h"
#include "wellknown.h"

/* ---- VM natives registry: open hashing on (class, name, desc) symbols ---- */

typedef struct VmEntry {
    const char *cls, *name, *desc;
    VMNative fn;
    VMLeaf leaf;
    void (*leaf_typed)(void);
    struct VmEntry *next;
} VmEntry;

static VmEntry *vm_buckets[512];
static OsMutex lib_lock;
static void **boot_libs;
static int boot_lib_count;
static void **agent_libs; /* JVMTI agent libraries, searched after the loader's */
static int agent_lib_count;
static bool ready;

static size_t vm_hash(const char *cls, const char *name, const char *desc)
{
    uintptr_t h = (uintptr_t)cls * 31 + (uintptr_t)name * 17 + (uintptr_t)desc;
    return (size_t)((h ^ (h >> 11)) % ARRAY_LEN(vm_buckets));
}

void native_init(void)
{
    if (ready) return;
    os_mutex_init(&lib_lock);
    ready = true;
}

void native_register_vm(const VMNativeEntry *table)
{
    for (const VMNativeEntry *e = table; e->class_name != NULL; e++) {
        VmEntry *v = vm_calloc(1, sizeof(VmEntry));
        v->cls = sym_intern(e->class_name);
        v->name = sym_intern(e->name);
        v->desc = sym_intern(e->desc);
        v->fn = e->fn;
        v->leaf = e->leaf;
        v->leaf_typed = e->leaf_typed;
        size_t b = vm_hash(v->cls, v->name, v->desc);
        v->next = vm_buckets[b];
        vm_buckets[b] = v;
    }
}

VMNative native_find_vm(const char *cls, const char *name, const char *desc)
{
    for (VmEntry *v = vm_buckets[vm_hash(cls, name, desc)]; v; v = v->next)
        if (v->cls == cls && v->name == name && v->desc == desc) return v->fn;
    return NULL;
}

VMLeaf native_find_vm_leaf(const char *cls, const char *name, const char *desc)
{
    for (VmEntry *v = vm_buckets[vm_hash(cls, name, desc)]; v; v = v->next)
        if (v->cls == cls && v->name == name && v->desc == desc) return v->leaf;
    return NULL;
}

void native_set_vm_typed_leaf(Method *m)
{
    const char *cls = m->clazz->name;
    for (VmEntry *v = vm_buckets[vm_hash(cls, m->name, m->desc)]; v; v = v->next) {
        if (v->cls != cls || v->name != m->name || v->desc != m->desc || v->leaf_typed == NULL) continue;
        if (strcmp(m->desc, "(D)D") == 0) {
            m->leaf_d = (VMLeafD)v->leaf_typed;
            m->flags |= METHOD_F_LEAF_D;
        } else if (strcmp(m->desc, "(DD)D") == 0) {
            m->leaf_dd = (VMLeafDD)v->leaf_typed;
            m->flags |= METHOD_F_LEAF_DD;
        } else {
            panic("typed leaf for %s.%s%s", cls, m->name, m->desc);
        }
    }
}

void native_add_boot_library(void *handle)
{
    native_init();
    os_mutex_lock(&lib_lock);
    boot_libs = vm_realloc(boot_libs, (size_t)(boot_lib_count + 1) * sizeof(void *));
    boot_libs[boot_lib_count++] = handle;
    os_mutex_unlock(&lib_lock);
}

void native_add_agent_library(void *handle)
{
    native_init();
    os_mutex_lock(&lib_lock);
    agent_libs = vm_realloc(agent_libs, (size_t)(agent_lib_count + 1) * sizeof(void *));
    agent_libs[agent_lib_count++] = handle;
    os_mutex_unlock(&lib_lock);
}

/* ---- JNI names (JNI spec, "Resolving Native Method Names") ---- */

static void mangle(const char *s, const char *stop, char **out, size_t *len, size_t *cap)
{
    for (const unsigned char *p = (const unsigned char *)s; *p && (const char *)p != stop;) {
        char buf[8];
        const char *piece = buf;
        size_t n;
        unsigned c = *p;
        if (c == '/') {
            piece = "_";
            n = 1;
            p++;
        } else if (c == '_') {
            piece = "_1";
            n = 2;
            p++;
        } else if (c == ';') {
            piece = "_2";
            n = 2;
            p++;
        } else if (c == '[') {
            piece = "_3";
            n = 2;
            p++;
        } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
            buf[0] = (char)c;
            n = 1;
            p++;
        } else {
            /* A non-ASCII char of the modified UTF-8 name: _0xxxx with its UTF-16 unit. */
            size_t i = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : 3;
            size_t rem = strlen((const char *)p);
            if (i > rem) i = rem;
            jchar units[3];
            mutf8_decode((const char *)p, i, units);
            jchar ch = units[0];
            p += i;
            snprintf(buf, sizeof buf, "_0%04x", ch);
            n = 6;
        }
        if (*len + n + 1 > *cap) {
            *cap = (*cap + n + 1) * 2;
            *out = vm_realloc(*out, *cap);
        }
        memcpy(*out + *len, piece, n);
        *len += n;
        (*out)[*len] = 0;
    }
}

char *native_jni_name(const Method *m, bool long_name)
{
    size_t cap = 128, len = 0;
    char *out = vm_malloc(cap);
    out[0] = 0;
    const char *prefix = "Java_";
    memcpy(out, prefix, 6);
    len = 5;
    mangle(m->clazz->name, NULL, &out, &len, &cap);
    mangle("_", NULL, &out, &len, &cap);
    out[len - 2] = '_';
    len--; /* the separator '_' is literal, not an escaped underscore */
    out[len] = 0;
    mangle(m->name, NULL, &out, &len, &cap);
    if (long_name) {
        if (len + 3 > cap) out = vm_realloc(out, cap = len + 8);
        out[len++] = '_';
        out[len++] = '_';
        out[len] = 0;
        const char *end = strchr(m->desc, ')');
        mangle(m->desc + 1, end, &out, &len, &cap);
    }
    return out;
}

/* ---- resolution ---- */

/* *libs and *count are read under lib_lock (registration reallocates the array). */
static void *lookup_libs(void ***libs, const int *count, const char *name)
{
    os_mutex_lock(&lib_lock);
    void *fn = NULL;
    for (int i = 0; i < *count && fn == NULL; i++) fn = os_dlsym((*libs)[i], name);
    os_mutex_unlock(&lib_lock);
    return fn;
}

/* ClassLoader.findNative(ClassLoader, String) — the libraries a loader loaded. */
static void *lookup_loader(Thread *t, Object *loader, const char *name, bool *failed)
{
    static Method *find_native;
    if (find_native == NULL)
        find_native = class_find_declared_method(wk.ClassLoader, sym_intern("findNative"),
                                                 sym_intern("(Ljava/lang/ClassLoader;Ljava/lang/String;)J"));
    if (find_native == NULL || vm_phase < PHASE_START) return NULL;
    Object *jname = str_new_cstr(t, name);
    if (jname == NULL) {
        *failed = true;
        return NULL;
    }
    Slot args[2] = {{.l = loader}, {.l = jname}};
    Slot r = {0};
    if (!interp_call(t, find_native, args, &r)) {
        *failed = true;
        return NULL;
    }
    return (void *)(intptr_t)r.j;
}

static void *find_function(Thread *t, Method *m, bool *failed)
{
    void *fn = NULL;
    for (int pass = 0; pass < 2 && fn == NULL; pass++) {
        char *name = native_jni_name(m, pass == 1);
        if (m->clazz->loader == NULL) fn = lookup_libs(&boot_libs, &boot_lib_count, name);
        if (fn == NULL) fn = lookup_loader(t, m->clazz->loader, name, failed);
        if (fn == NULL && !*failed) fn = lookup_libs(&agent_libs, &agent_lib_count, name);
        free(name);
        if (*failed) return NULL;
    }
    return fn;
}

bool native_bind(Thread *t, Method *m, void *fn)
{
    if (unlikely(jvmti_want(JVMTI_EVENT_NATIVE_METHOD_BIND))) fn = jvmti_post_native_method_bind(t, m, fn);
    __atomic_store_n(&m->native, fn, __ATOMIC_RELEASE);
    return true;
}

/* -verbose:jni (HotSpot's unified logging, tags jni+resolve at debug level, on standard
 * output with its default decorations: uptime, level, tags), after the binding: e.g.
 * "[0.031s][debug][jni,resolve] [Dynamic-linking native method C.m ... JNI]". */
void native_log_bind(const Method *m, bool registered)
{
    if (!log_is_enabled(LOG_DEBUG, jni_resolve)) return;
    char ext[512];
    class_external_name(m->clazz, ext, sizeof ext);
    if (registered)
        log_print(LOG_DEBUG, LOG_TS_jni_resolve, "[Registering JNI native method %s.%s]", ext, m->name);
    else
        log_print(LOG_DEBUG, LOG_TS_jni_resolve, "[Dynamic-linking native method %s.%s ... JNI]", ext, m->name);
}

void native_unbind_all(Class *c)
{
    for (int i = 0; i < c->method_count; i++)
        if (method_is_native(&c->methods[i])) __atomic_store_n(&c->methods[i].native, NULL, __ATOMIC_RELEASE);
}

static bool link_native(Thread *t, Method *m)
{
    bool failed = false;
    void *fn = find_function(t, m, &failed);
    if (failed) return false;
    if (fn == NULL) {
        /* JVMTI SetNativeMethodPrefix: retry under the wrapper's names, prefixes stripped. */
        Method *w = jvmti_native_prefix_wrapper(m);
        if (w != NULL) fn = find_function(t, w, &failed);
        if (failed) return false;
    }
    if (fn == NULL) {
        char sig[1024];
        resolve_format_method(m->clazz->name, m->name, m->desc, sig, sizeof sig);
        exc_throw(t, "java/lang/UnsatisfiedLinkError", "%s", sig);
        return false;
    }
    if (!native_bind(t, m, fn)) return false;
    native_log_bind(m, false);
    return true;
}

/* ---- calls ---- */

typedef struct NativeCif {
    ffi_cif cif;
    int nargs;         /* ffi arguments including JNIEnv* and receiver/class */
    uint8_t *kinds;    /* BasicType of each Java argument */
    ffi_type **types;
} NativeCif;

static ffi_type *ffi_of(BasicType bt)
{
    switch (bt) {
    case BT_BOOLEAN: return &ffi_type_uint8;
    case BT_BYTE: return &ffi_type_sint8;
    case BT_CHAR: return &ffi_type_uint16;
    case BT_SHORT: return &ffi_type_sint16;
    case BT_INT: return &ffi_type_sint32;
    case BT_FLOAT: return &ffi_type_float;
    case BT_LONG: return &ffi_type_sint64;
    case BT_DOUBLE: return &ffi_type_double;
    case BT_VOID: return &ffi_type_void;
    default: return &ffi_type_pointer;
    }
}

void native_free_cif(Method *m)
{
    NativeCif *nc = m->native_cif;
    if (nc == NULL) return;
    free(nc->types);
    free(nc->kinds);
    free(nc);
    m->native_cif = NULL;
}

static NativeCif *prepare_cif(Method *m)
{
    NativeCif *nc = __atomic_load_n((NativeCif **)&m->native_cif, __ATOMIC_ACQUIRE);
    if (nc) return nc;
    int java_args = 0;
    for (const char *p = m->desc + 1; *p != ')';) {
        while (*p == '[') p++;
        if (*p == 'L') p = strchr(p, ';');
        p++;
        java_args++;
    }
    nc = vm_calloc(1, sizeof(NativeCif));
    nc->nargs = java_args + 2;
    nc->types = vm_calloc((size_t)nc->nargs, sizeof(ffi_type *));
    nc->kinds = vm_calloc((size_t)java_args + 1, 1);
    nc->types[0] = &ffi_type_pointer;
    nc->types[1] = &ffi_type_pointer;
    int i = 0;
    for (const char *p = m->desc + 1; *p != ')'; i++) {
        BasicType bt = bt_from_char(*p);
        nc->kinds[i] = (uint8_t)bt;
        nc->types[i + 2] = ffi_of(bt);
        while (*p == '[') p++;
        if (*p == 'L') p = strchr(p, ';');
        p++;
    }
    if (ffi_prep_cif(&nc->cif, FFI_DEFAULT_ABI, (unsigned)nc->nargs, ffi_of((BasicType)m->ret_type),
                     nc->types) != FFI_OK)
        panic("ffi_prep_cif failed for %s.%s%s", m->clazz->name, m->name, m->desc);
    NativeCif *expected = NULL;
    if (!__atomic_compare_exchange_n((NativeCif **)&m->native_cif, &expected, nc, false,
                                     __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        free(nc->types);
        free(nc->kinds);
        free(nc);
        return expected;
    }
    return nc;
}

/* Returns an address below the caller's whole frame. */
static __attribute__((noinline, noclone)) void *below_caller(void)
{
    void *p = __builtin_frame_address(0);
    __asm__ volatile("" : "+r"(p)); /* keep the call from being folded away */
    return p;
}

/* native_invoke's body; `top` is below every byte of native_invoke's frame. */
static __attribute__((noinline)) bool invoke(Thread *t, Method *m, Slot *args, Slot *ret, void *top)
{
    void *fn = __atomic_load_n(&m->native, __ATOMIC_ACQUIRE);
    if (fn == NULL) {
        if (!link_native(t, m)) return false;
        fn = m->native;
    }
    NativeCif *nc = prepare_cif(m);
    Object *lock = NULL;
    if (m->access & ACC_SYNCHRONIZED) {
        lock = method_is_static(m) ? m->clazz->mirror : args[0].l;
        mon_enter(t, lock);
    }
    uint32_t mark = ref_mark(t);
    uint32_t saved_base = t->locals.frame_base;
    t->locals.frame_base = mark;

    void *values[nc->nargs];
    jobject refs[nc->nargs];
    JNIEnv *env = thread_env(t);
    values[0] = &env;
    int slot = 0;
    if (method_is_static(m)) {
        refs[1] = ref_new_local(t, m->clazz->mirror);
    } else {
        refs[1] = ref_new_local(t, args[0].l);
        slot = 1;
    }
    values[1] = &refs[1];
    for (int i = 0; i < nc->nargs - 2; i++) {
        BasicType bt = (BasicType)nc->kinds[i];
        if (bt_is_ref(bt)) {
            refs[i + 2] = ref_new_local(t, args[slot].l);
            values[i + 2] = &refs[i + 2];
        } else {
            values[i + 2] = &args[slot];
        }
        slot += bt_is_wide(bt) ? 2 : 1;
    }

    union {
        ffi_arg a;
        jlong j;
        jfloat f;
        jdouble d;
        void *p;
    } rv;
    rv.j = 0;
    /* While the native runs, this frame holds no reference (thread.h, ThreadStackWindow):
     * the collector skips it, from below it up to native_invoke's frame. */
    ThreadStackWindow window;
    thread_push_stack_window(t, &window, below_caller(), top);
    thread_enter_safe(t, TS_NATIVE);
    ffi_call(&nc->cif, FFI_FN(fn), &rv, values);
    thread_leave_safe(t);
    thread_pop_stack_window(t, &window);

    switch ((BasicType)m->ret_type) {
    case BT_BOOLEAN: ret->i = (rv.a & 0xFF) != 0; break;
    case BT_BYTE: ret->i = (int8_t)rv.a; break;
    case BT_CHAR: ret->i = (uint16_t)rv.a; break;
    case BT_SHORT: ret->i = (int16_t)rv.a; break;
    case BT_INT: ret->i = (int32_t)rv.a; break;
    case BT_LONG: ret->j = rv.j; break;
    case BT_FLOAT: ret->f = rv.f; break;
    case BT_DOUBLE: ret->d = rv.d; break;
    case BT_OBJECT:
    case BT_ARRAY: ret->l = ref_get((jobject)rv.p); break;
    default: ret->raw = 0; break;
    }
    ref_release_to(t, mark, saved_base);
    if (lock) {
        Object *pending = exc_take(t);
        mon_exit(t, lock);
        if (pending) exc_set(t, pending);
    }
    return t->exception == NULL;
}

/* The callers' callee-saved registers (their live values, maybe references) are pushed
 * here, in a frame the collector scans, not in invoke's, which it skips while the native
 * runs. */
bool native_invoke(Thread *t, Method *m, Slot *args, Slot *ret)
{
    __builtin_unwind_init();
    bool ok = invoke(t, m, args, ret, below_caller());
    __asm__ volatile("" : : : "memory"); /* no tail call: this frame must stay */
    return ok;
}
