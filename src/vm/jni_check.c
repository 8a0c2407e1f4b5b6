// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jni_check.c — -Xcheck:jni: the checked JNI function table (jni_checked_functions),
 * which validates every call's arguments and the caller's discipline before handing the
 * call to the VM's own table (jni_functions), as HotSpot 17's checked JNI does.
 *
 * Installation. jni_check_install(), called by option parsing for -Xcheck:jni (or
 * -XX:+CheckJNICalls) before any thread exists, makes this table jni_current_functions:
 * every thread takes it when it registers, so native methods, GetEnv and
 * AttachCurrentThread all hand it out, and JVMTI GetJNIFunctionTable copies it (HotSpot
 * returns its checked table there too). An agent's SetJNIFunctionTable then replaces
 * the threads' table with the agent's, whose untouched slots are these checked functions
 * and whose interposed ones usually call them: the checks run after the agent's
 * wrapper, and the checked functions call jni_functions directly, never the table in
 * force, so no wrapper is entered twice. Without the option nothing here runs and the
 * unchecked paths test nothing.
 *
 * What is checked (HotSpot's messages, printed on standard output, HotSpot's tty, each
 * followed by the current thread's Java stack):
 *   - the calling thread: a thread the VM does not know ("Using JNIEnv in non-Java
 *     thread", no stack) and a JNIEnv of another thread are fatal;
 *   - exceptions: a call (other than the exception functions, the releases and the frame
 *     and reference deletions) made while an exception is pending warns; after a
 *     Call*Method, any call other than ExceptionCheck/ExceptionOccurred/ExceptionClear
 *     warns once "without checking exceptions when required to from <function>";
 *   - critical regions: calls other than Get/Release*Critical between
 *     GetPrimitiveArrayCritical/GetStringCritical and their release warn (no stack);
 *   - references: a reference that is not a live local of this thread, a live global or
 *     a weak global (deleted, of another thread, of a popped frame, junk) is fatal ("Bad
 *     global or local ref passed to JNI"), and so is deleting one of the wrong kind;
 *   - classes, methods, fields: a jclass that is not a Class, a jmethodID that is not
 *     one (outside the ID space, or of an unloaded class) or whose class the receiver or
 *     class argument does not extend, static/instance field IDs swapped,
 *     a field of another class, a Get/Set<Type>Field of another type;
 *   - arrays and strings: the array kind and element type each function needs, a
 *     non-string to a string function;
 *   - element buffers: Get<Type>ArrayElements, GetPrimitiveArrayCritical,
 *     GetStringChars and GetStringUTFChars return guarded copies (guard bytes around,
 *     HotSpot's GuardedMemory): a release of a pointer that did not come from the
 *     matching Get, or of a copy written past either end, is fatal;
 *   - local capacity: more live local references than planned (32, or what
 *     EnsureLocalCapacity/PushLocalFrame asked for) warns "JNI local refs: N, exceeds
 *     capacity: M", once per excess (see "Local capacity" below).
 * A fatal error aborts the process (core dump; exit status 1 with
 * -XX:-CreateCoredumpOnCrash), writing no hs_err file, as HotSpot.
 *
 * Local capacity, as HotSpot counts it. HotSpot keeps local references in handle
 * blocks: one per C-to-Java call (shared by the native methods called under it, whose
 * planned capacity therefore carries over from one native call to the next), and one
 * per PushLocalFrame; a native method's arguments are not in the block. Here a
 * per-thread stack of records mirrors that: a CONTEXT record per C-to-Java entry frame
 * (FRAME_ENTRY), a NATIVE record per native method invocation (its first local after
 * the arguments), a PUSHED record per PushLocalFrame. Frames are recognized as fresh by
 * the FRAME_JNI_CHECKED bit, which the interpreter clears whenever it pushes a frame.
 * Calls made with no native method on top (attached threads, agents' threads, tools'
 * callbacks from VM code) and callbacks on top of a native count in a CALLBACK record
 * per frame and frame base, which the end of the callback drops
 * (jni_check_callback_end), so that each callback starts afresh, as HotSpot's each get
 * a new block.
 *
 * Threads: all state is the calling thread's (Thread.jni_check, allocated at its first
 * checked call, freed with the thread record); nothing is shared. The
 * checks run in TS_NATIVE, as the unchecked functions that only read do (jniint.h),
 * entering TS_JAVA for weak references and to print a stack.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../os/os.h"
#include "idspace.h"
#include "interp.h"
#include "jniint.h"
#include "jnienv.h"
#include "log.h"
#include "options.h"

#define U (&jni_functions)

/* ---- per-thread state ---- */

enum { REC_CONTEXT, REC_NATIVE, REC_PUSHED, REC_CALLBACK };
enum { MAX_RECS = 96, WARN_THRESHOLD = 32 };

typedef struct Rec {
    const Frame *f;   /* CONTEXT: the entry frame (NULL: the thread's base); else the top frame */
    uint32_t kind;
    uint32_t base;    /* NATIVE: first slot after the arguments; PUSHED: the frame's base */
    uint32_t planned; /* CONTEXT, PUSHED, CALLBACK: the planned capacity */
    uint32_t fb;      /* NATIVE: the frame base while the native itself runs */
    /* NATIVE: the Call*Method of this invocation whose exception was not checked yet.
     * HotSpot's native method wrapper clears its per-thread equivalent when the native
     * returns, so an unchecked call never outlives the invocation that made it. */
    const char *unchecked_call;
} Rec;

typedef struct CheckState {
    /* The same, for calls made outside a native's own block (callbacks, attached
     * threads), thread-wide as HotSpot's: it keeps it until a native method returns,
     * which is seen here as a native invocation coming or going (native_gen moved). */
    const char *unchecked_call;
    uint32_t unchecked_gen;
    uint32_t native_gen; /* NATIVE records pushed and popped */
    int critical;               /* open Get*Critical regions */
    int *vm_state;              /* IN_VM's: the state to return to (TS_NATIVE once entered) */
    int nrecs;
    Rec recs[MAX_RECS];
} CheckState;


/* ---- reporting ---- */

static const char fatal_bad_ref[] = "Bad global or local ref passed to JNI";
static const char fatal_not_a_class[] = "JNI received a class argument that is not a class";
static const char fatal_wrong_method[] = "Wrong object class or methodID passed to JNI call";
static const char fatal_non_string[] = "JNI string operation received a non-string";
static const char warn_critical[] = "Warning: Calling other JNI functions in the scope of "
                                    "Get/ReleasePrimitiveArrayCritical or Get/ReleaseStringCritical";

static __attribute__((format(printf, 1, 2))) void say(const char *fmt, ...)
{
    if (vm_opts.no_vm_output) return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stdout, fmt, ap);
    va_end(ap);
    fflush(stdout);
}

/* A report line and the Java stack after it, in one piece: other threads' reports and
 * Java output do not cut into it (HotSpot builds each line before printing it). In
 * TS_JAVA first, so that the stdout lock is never held while waiting for a safepoint. */
static __attribute__((format(printf, 2, 3))) void report(Thread *t, const char *fmt, ...)
{
    if (vm_opts.no_vm_output) return;
    int st = jni_enter(t);
    flockfile(stdout);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stdout, fmt, ap);
    va_end(ap);
    fputc('\n', stdout);
    jni_print_stack(t, stdout);
    fflush(stdout);
    funlockfile(stdout);
    jni_leave(t, st);
}

static void warn(Thread *t, const char *msg) { report(t, "WARNING in native method: %s", msg); }

static __attribute__((noreturn)) void fatal(Thread *t, const char *msg)
{
    report(t, "FATAL ERROR in native method: %s", msg);
    jni_abort();
}

/* The thread making the call, after the two thread checks every checked function makes
 * first (JNI_ENTRY_CHECKED). */
static Thread *entry(JNIEnv *env)
{
    Thread *t = thread_current();
    if (t == NULL) {
        say("FATAL ERROR in native method: Using JNIEnv in non-Java thread\n");
        jni_abort();
    }
    if (env != thread_env(t)) fatal(t, "Using JNIEnv in the wrong thread");
    if (unlikely(t->jni_check == NULL)) {
        t->jni_check = calloc(1, sizeof(CheckState));
        if (t->jni_check == NULL) {
            say("FATAL ERROR in native method: out of memory for -Xcheck:jni\n");
            jni_abort();
        }
    }
    return t;
}

/* ---- local capacity ---- */

static void set_checked(Frame *f) { __atomic_fetch_or(&f->flags, FRAME_JNI_CHECKED, __ATOMIC_RELAXED); }
static bool is_checked(const Frame *f) { return (f->flags & FRAME_JNI_CHECKED) != 0; }

static void pop_rec(CheckState *cs)
{
    if (cs->recs[--cs->nrecs].kind == REC_NATIVE) cs->native_gen++;
}

static Rec *push_rec(CheckState *cs, const Frame *f, uint32_t kind, uint32_t base, uint32_t planned)
{
    if (cs->nrecs >= MAX_RECS) return NULL;
    Rec *r = &cs->recs[cs->nrecs++];
    *r = (Rec){.f = f, .kind = kind, .base = base, .planned = planned};
    return r;
}

/* Pops the records of local frames (PUSHED) and callback blocks (CALLBACK) of frame f
 * that lie above the current frame base: they were popped or have returned. */
static void pop_inner_blocks(CheckState *cs, const Frame *f, uint32_t fb)
{
    while (cs->nrecs > 0) {
        const Rec *r = &cs->recs[cs->nrecs - 1];
        if (r->f == f && (r->kind == REC_PUSHED || r->kind == REC_CALLBACK) && r->base > fb) pop_rec(cs);
        else break;
    }
}

/* The block of the innermost local frame or callback of frame f at frame base fb: the
 * top record if it is that block, else a new CALLBACK record. A tool's callback (JVMTI
 * events) runs with the frame base moved up to the references it is given (events.h),
 * like a native method: HotSpot gives it a handle block of its own. */
static Rec *inner_block(CheckState *cs, const Frame *f, uint32_t fb)
{
    Rec *top = cs->nrecs > 0 ? &cs->recs[cs->nrecs - 1] : NULL;
    if (top != NULL && top->f == f && (top->kind == REC_PUSHED || top->kind == REC_CALLBACK) && top->base == fb)
        return top;
    return push_rec(cs, f, REC_CALLBACK, fb, WARN_THRESHOLD);
}

/* How many local slots a native method's arguments take (native.c): its class or
 * receiver, and each non-null reference argument. The native's own references follow;
 * counting from the first one seen at its first JNI call would miss those a JVMTI
 * function it called before made (GetLoadedClasses, say). */
static uint32_t native_arg_refs(const Frame *n)
{
    const Method *m = n->method;
    uint32_t k = 1;
    int slot = method_is_static(m) ? 0 : 1;
    for (const char *p = m->desc + 1; *p != ')' && *p != 0;) {
        if (*p == 'L' || *p == '[') {
            if (n->locals[slot].l != NULL) k++;
            while (*p == '[') p++;
            if (*p == 'L') p = strchr(p, ';');
            if (p == NULL) break;
            p++;
            slot++;
        } else {
            slot += (*p == 'J' || *p == 'D') ? 2 : 1;
            p++;
        }
    }
    return k;
}

/* Brings the record stack in line with t's frames and returns the record holding the
 * planned capacity of the current block (CONTEXT, PUSHED or CALLBACK), with *start the
 * first local slot it counts and *native the record of the native invocation whose own
 * block it is (NULL otherwise); NULL when the records overflowed. Frames grow upwards,
 * so a record of a frame above the current one belongs to a call that has returned. */
static Rec *sync_block(Thread *t, uint32_t *start, Rec **native)
{
    CheckState *cs = t->jni_check;
    *native = NULL;
    Frame *n = t->top_frame;
    uint32_t fb = t->locals.frame_base;
    if (n != NULL && (n->flags & (FRAME_NATIVE | FRAME_JNI_CHECKED)) == (FRAME_NATIVE | FRAME_JNI_CHECKED) &&
        cs->nrecs >= 2) {
        /* The common case: a native method's own block, in order since its last call. */
        Rec *r = &cs->recs[cs->nrecs - 1];
        if (r->f == n && r->kind == REC_NATIVE && r->fb == fb && r[-1].kind == REC_CONTEXT) {
            *native = r;
            *start = r->base;
            return &r[-1];
        }
    }
    if (n == NULL || !(n->flags & FRAME_NATIVE)) {
        /* No native method on top: an attached thread, an agent's thread, a tool's
         * callback from VM code. Callbacks at the same frame and base share a record. */
        while (cs->nrecs > 0 && (uintptr_t)cs->recs[cs->nrecs - 1].f > (uintptr_t)n) pop_rec(cs);
        pop_inner_blocks(cs, n, fb);
        Rec *b = inner_block(cs, n, fb);
        if (b != NULL) *start = b->base;
        return b;
    }
    if (!is_checked(n)) {
        /* A tool's callback may run on top of a native frame before the native's own code
         * does (MethodEntry of a native method): the native's own block begins with its
         * arguments, its class or receiver first; anything else is a callback's. */
        Object *first = method_is_static(n->method) ? n->method->clazz->mirror : n->locals[0].l;
        if (fb >= t->locals.top || t->locals.slots[fb] != first) {
            while (cs->nrecs > 0 && (uintptr_t)cs->recs[cs->nrecs - 1].f > (uintptr_t)n) pop_rec(cs);
            pop_inner_blocks(cs, n, fb);
            Rec *b = inner_block(cs, n, fb);
            if (b != NULL) *start = b->base;
            return b;
        }
        /* The first checked call of this native invocation. */
        Frame *e = n->prev;
        while (e != NULL && !(e->flags & FRAME_ENTRY)) e = e->prev;
        bool fresh_entry = e != NULL && !is_checked(e);
        while (cs->nrecs > 0) {
            const Rec *r = &cs->recs[cs->nrecs - 1];
            if ((uintptr_t)r->f > (uintptr_t)e || (r->f == e && fresh_entry)) pop_rec(cs);
            else break;
        }
        const Rec *top = cs->nrecs > 0 ? &cs->recs[cs->nrecs - 1] : NULL;
        if (top == NULL || top->kind != REC_CONTEXT || top->f != e) {
            if (push_rec(cs, e, REC_CONTEXT, 0, WARN_THRESHOLD) == NULL) return NULL;
            if (e != NULL) set_checked(e);
        }
        Rec *r = push_rec(cs, n, REC_NATIVE, fb + native_arg_refs(n), 0);
        if (r == NULL) return NULL;
        cs->native_gen++;
        r->fb = fb;
        set_checked(n);
    } else {
        while (cs->nrecs > 0 && (uintptr_t)cs->recs[cs->nrecs - 1].f > (uintptr_t)n) pop_rec(cs);
        pop_inner_blocks(cs, n, fb);
    }
    /* The native's record, under its local frames and callbacks. */
    Rec *r = &cs->recs[cs->nrecs - 1];
    while (r > cs->recs && r->f == n && r->kind != REC_NATIVE) r--;
    if (r == cs->recs || r->f != n || r->kind != REC_NATIVE || r[-1].kind != REC_CONTEXT) return NULL;
    Rec *top = &cs->recs[cs->nrecs - 1];
    if (top == r && fb == r->fb) {
        /* The native's own block: HotSpot's handle block of the C-to-Java call. */
        *native = r;
        *start = r->base;
        return &r[-1];
    }
    Rec *b = inner_block(cs, n, fb);
    if (b == NULL) return NULL;
    if (b->kind == REC_PUSHED) *native = r;
    *start = b->base;
    return b;
}

/* Where the current invocation's unchecked Call*Method is kept. */
static const char **unchecked_slot(Thread *t)
{
    CheckState *cs = t->jni_check;
    uint32_t start;
    Rec *native;
    sync_block(t, &start, &native);
    if (native != NULL) return &native->unchecked_call;
    if (cs->unchecked_gen != cs->native_gen) cs->unchecked_call = NULL;
    return &cs->unchecked_call;
}

/* After a Call*Method: the caller owes an exception check. */
static void set_unchecked(Thread *t, const char *fn)
{
    CheckState *cs = t->jni_check;
    *unchecked_slot(t) = fn;
    cs->unchecked_gen = cs->native_gen;
}

/* Live local references from slot `start` up: deleted ones are NULL, frame markers
 * tagged (ref.c). */
static uint32_t live_locals(Thread *t, uint32_t start)
{
    uint32_t n = 0;
    for (uint32_t i = start; i < t->locals.top; i++) {
        uintptr_t v = (uintptr_t)t->locals.slots[i];
        if (v != 0 && (v & 1) == 0) n++;
    }
    return n;
}

/* functionExit: warn once when the block holds more references than planned, then
 * plan for the current count plus the threshold. */
static void leave_call(Thread *t)
{
    uint32_t start;
    Rec *native;
    Rec *b = sync_block(t, &start, &native);
    if (b == NULL) return;
    uint32_t live = live_locals(t, start);
    if (live > b->planned) {
        report(t, "WARNING: JNI local refs: %u, exceeds capacity: %u", live, b->planned);
        b->planned = live + WARN_THRESHOLD;
    }
}

/* ---- entry disciplines (HotSpot's functionEnter and its variants) ---- */

static void check_pending(Thread *t)
{
    if (t->exception != NULL) warn(t, "JNI call made with exception pending");
    const char **unchecked = unchecked_slot(t);
    if (*unchecked != NULL) {
        report(t, "WARNING in native method: JNI call made without checking exceptions when required to from %s",
               *unchecked);
        *unchecked = NULL; /* complain once */
    }
}

static Thread *enter(JNIEnv *env)
{
    Thread *t = entry(env);
    CheckState *cs = t->jni_check;
    if (cs->critical > 0) say("%s\n", warn_critical);
    check_pending(t);
    return t;
}

static Thread *enter_exception_allowed(JNIEnv *env)
{
    Thread *t = entry(env);
    CheckState *cs = t->jni_check;
    if (cs->critical > 0) say("%s\n", warn_critical);
    unchecked_slot(t); /* notes a new native invocation before it creates references */
    return t;
}

static Thread *enter_critical(JNIEnv *env)
{
    Thread *t = entry(env);
    check_pending(t);
    return t;
}

static Thread *enter_critical_exception_allowed(JNIEnv *env)
{
    Thread *t = entry(env);
    unchecked_slot(t); /* notes a new native invocation before it creates references */
    return t;
}

/* ---- validation (runs in TS_JAVA: weak referents cannot vanish meanwhile) ---- */

/* jniCheck::validate_handle: any live reference of this thread, or fatal. */
static Object *valid_handle(Thread *t, jobject r)
{
    CheckState *cs = t->jni_check;
    if (jni_is_weak(r) && cs->vm_state != NULL && *cs->vm_state != TS_NATIVE) *cs->vm_state = jni_enter(t);
    if (r == NULL || ref_type(t, r) == REF_TYPE_INVALID) fatal(t, fatal_bad_ref);
    return ref_get(r);
}

/* jniCheck::validate_object: NULL passes; a reference to nothing is fatal. */
static Object *valid_object(Thread *t, jobject r)
{
    if (r == NULL) return NULL;
    Object *o = valid_handle(t, r);
    if (o == NULL) fatal(t, fatal_bad_ref);
    return o;
}

static Class *valid_class(Thread *t, jclass c, bool allow_primitive)
{
    Object *m = valid_handle(t, c);
    if (m == NULL) fatal(t, "JNI received a null class");
    if (m->klass != wk.Class) fatal(t, fatal_not_a_class);
    Class *k = class_from_mirror(m);
    if (k == NULL || (class_is_primitive(k) && !allow_primitive)) fatal(t, fatal_not_a_class);
    return k;
}

static void valid_throwable(Thread *t, Class *k)
{
    if (class_is_array(k) || class_is_primitive(k) || !class_is_subclass_of(k, wk.Throwable))
        fatal(t, "JNI Throw or ThrowNew received a class argument that is not a Throwable or Throwable subclass");
}

/* jniCheck::validate_call: the method belongs to clazz and obj's class (when given). */
static void valid_call(Thread *t, jclass clazz, jmethodID mid, jobject obj)
{
    /* A jmethodID is a Method* in never-reused memory (idspace.h): one of an unloaded
     * class reads as zeros, HotSpot's "cleared" method ID. */
    Method *m = (Method *)mid;
    if (m == NULL || !ids_contains(m, sizeof *m) || m->clazz == NULL) fatal(t, fatal_wrong_method);
    if (clazz != NULL) {
        Class *k = valid_class(t, clazz, false);
        if (!class_is_subclass_of(k, m->clazz)) fatal(t, fatal_wrong_method);
    }
    if (obj != NULL) {
        Object *o = valid_object(t, obj);
        if (!class_is_subclass_of(o->klass, m->clazz)) fatal(t, fatal_wrong_method);
    }
}

static bool field_type_ok(const Field *f, BasicType bt)
{
    return f->type == bt || (f->type == BT_ARRAY && bt == BT_OBJECT);
}

/* checkStaticFieldID */
static void valid_static_field(Thread *t, jclass clazz, jfieldID fid, BasicType bt)
{
    const Field *f = (const Field *)fid;
    if (f == NULL || !ids_contains(f, sizeof *f) || f->clazz == NULL) fatal(t, "Wrong static field ID passed to JNI");
    if (!(f->access & ACC_STATIC)) fatal(t, "Non-static field ID passed to JNI");
    Class *k = valid_class(t, clazz, false);
    if (!class_is_subclass_of(k, f->clazz)) fatal(t, "Wrong static field ID passed to JNI");
    if (!field_type_ok(f, bt)) fatal(t, "Field type (static) mismatch in JNI get/set field operations");
}

/* checkInstanceFieldID. HotSpot's instance field IDs are offsets, so it can only tell
 * that the offset is no field of the object's class; ours name the field, and a field
 * of a class the object does not extend is "Wrong field ID". */
static void valid_instance_field(Thread *t, jobject obj, jfieldID fid, BasicType bt)
{
    const Field *f = (const Field *)fid;
    if (f == NULL || !ids_contains(f, sizeof *f) || f->clazz == NULL) fatal(t, "Wrong field ID passed to JNI");
    if (f->access & ACC_STATIC) fatal(t, "Static field ID passed to JNI");
    Object *o = valid_object(t, obj);
    if (o == NULL) fatal(t, "Null object passed to JNI");
    if (!class_is_subclass_of(o->klass, f->clazz)) fatal(t, "Wrong field ID passed to JNI");
    if (!field_type_ok(f, bt)) fatal(t, "Field type (instance) mismatch in JNI get/set field operations");
}

static void valid_string(Thread *t, jstring s)
{
    Object *o = valid_object(t, s);
    if (o == NULL || o->klass != wk.String) fatal(t, fatal_non_string);
}

static Class *valid_array(Thread *t, jarray a)
{
    Object *o = valid_object(t, a);
    if (o == NULL || !class_is_array(o->klass)) fatal(t, "Non-array passed to JNI array operations");
    return o->klass;
}

static Class *valid_primitive_array(Thread *t, jarray a)
{
    Class *k = valid_array(t, a);
    if (bt_is_ref((BasicType)k->elem_type))
        fatal(t, "Primitive type array expected but not received for JNI array operation");
    return k;
}

static void valid_array_type(Thread *t, jarray a, BasicType bt)
{
    if ((BasicType)valid_primitive_array(t, a)->elem_type != bt) fatal(t, "Array element type mismatch in JNI");
}

static void valid_object_array(Thread *t, jarray a)
{
    if (!bt_is_ref((BasicType)valid_array(t, a)->elem_type))
        fatal(t, "Object array expected but not received for JNI array operation");
}

/* Runs a validation block (HotSpot's IN_VM). It reads objects through the references
 * it is given, which local and global references allow in TS_NATIVE (jniint.h); only
 * a weak reference, whose referent a concurrent collection may clear, makes valid_handle
 * enter TS_JAVA, until the end of the block. */
#define IN_VM(t, ...)                                                                       \
    do {                                                                                    \
        int st_ = TS_JAVA;                                                                  \
        ((CheckState *)(t)->jni_check)->vm_state = &st_;                                    \
        __VA_ARGS__;                                                                        \
        ((CheckState *)(t)->jni_check)->vm_state = NULL;                                    \
        jni_leave(t, st_);                                                                  \
    } while (0)

/* ---- guarded copies (HotSpot's GuardedMemory) ---- */

/* [head guard | user size | tag][user data][tail guard]. The tag names what the copy
 * stands for: the original elements of an array copy, or one of the two string tags. */
enum { GUARD_SIZE = 16, GUARD_BYTE = 0xAB };
typedef struct GuardHead {
    uint8_t guard[GUARD_SIZE];
    size_t size;
    void *tag;
} GuardHead;
_Static_assert(sizeof(GuardHead) % 16 == 0, "user data stays 16-byte aligned");

static void *const STRING_TAG = (void *)0x47114711;
static void *const STRING_UTF_TAG = (void *)0x48124812;

static void *wrap_copy(const void *src, size_t size, void *tag)
{
    GuardHead *h = malloc(sizeof *h + size + GUARD_SIZE);
    if (h == NULL) return NULL;
    memset(h->guard, GUARD_BYTE, GUARD_SIZE);
    h->size = size;
    h->tag = tag;
    uint8_t *user = (uint8_t *)(h + 1);
    memcpy(user, src, size);
    memset(user + size, GUARD_BYTE, GUARD_SIZE);
    return user;
}

static GuardHead *head_of(const void *user) { return (GuardHead *)user - 1; }

static bool guard_ok(const uint8_t *g)
{
    for (int i = 0; i < GUARD_SIZE; i++)
        if (g[i] != GUARD_BYTE) return false;
    return true;
}

/* Reads the bytes before `user` as HotSpot does: a pointer of some other origin is
 * judged by whatever lies there (a broken guard, nearly always). */
static bool guards_ok(const void *user)
{
    const GuardHead *h = head_of(user);
    return guard_ok(h->guard) && guard_ok((const uint8_t *)user + h->size);
}

/* GuardedMemory::print_on, which HotSpot prints when a string's copy is damaged. */
static void print_guarded(const void *user)
{
    const GuardHead *h = head_of(user);
    bool head = guard_ok(h->guard);
    say("GuardedMemory(%p) base_addr=%p tag=%p user_size=%zu user_data=%p\n", (void *)h,
        (void *)h, h->tag, head ? h->size : (size_t)0, user);
    say("  Header guard @%p is %s\n", (void *)h, head ? "OK" : "BROKEN");
    if (head) say("  Trailer guard @%p is %s\n", (const void *)((const uint8_t *)user + h->size),
                  guard_ok((const uint8_t *)user + h->size) ? "OK" : "BROKEN");
    say("  User data appears to be in use\n");
}

static void *array_copy(Thread *t, jarray array, void *elems)
{
    int st = jni_enter_if_weak(t, array);
    Array *a = (Array *)ref_get(array);
    size_t size = (size_t)a->length << bt_shift((BasicType)a->hdr.klass->elem_type);
    jni_leave(t, st);
    void *r = wrap_copy(elems, size, elems);
    if (r == NULL) fatal(t, "out of memory for a checked JNI array copy");
    return r;
}

/* check_wrapped_array_release: the original elements behind a checked copy, written
 * back (modes 0 and JNI_COMMIT) and freed (0, JNI_ABORT; a critical copy always). */
static void *release_copy(Thread *t, const char *fn, jarray array, void *carray, jint mode,
                          bool critical)
{
    if (carray == NULL) {
        say("%s: elements vector NULL%p\n", fn, (void *)array);
        fatal(t, "Elements vector NULL");
    }
    char msg[256];
    if (!guards_ok(carray)) {
        say("%s: release array failed bounds check, incorrect pointer returned ? array: %p carray: %p\n",
            fn, (void *)array, carray);
        snprintf(msg, sizeof msg, "%s: failed bounds check", fn);
        fatal(t, msg);
    }
    GuardHead *h = head_of(carray);
    void *orig = h->tag;
    if (orig == NULL) {
        say("%s: unrecognized elements. array: %p carray: %p\n", fn, (void *)array, carray);
        snprintf(msg, sizeof msg, "%s: unrecognized elements", fn);
        fatal(t, msg);
    }
    switch (mode) {
    case 0:
        memcpy(orig, carray, h->size);
        free(h);
        break;
    case JNI_COMMIT:
        memcpy(orig, carray, h->size);
        if (critical) free(h);
        break;
    case JNI_ABORT:
        free(h);
        break;
    default:
        say("%s: Unrecognized mode %i releasing array %p elements %p\n", fn, (int)mode, (void *)array, carray);
        fatal(t, "Unrecognized array release mode");
    }
    return orig;
}

/* A string copy of GetStringChars/GetStringUTFChars back: checked and freed. */
static void release_string_copy(Thread *t, const char *fn, const char *getter, jstring str,
                                const void *chars, void *tag)
{
    char msg[256];
    if (!guards_ok(chars)) {
        say("%s: release chars failed bounds check. string: %p chars: %p\n", fn, (void *)str, chars);
        print_guarded(chars);
        snprintf(msg, sizeof msg, "%s: release chars failed bounds check.", fn);
        fatal(t, msg);
    }
    if (head_of(chars)->tag != tag) {
        say("%s: called on something not allocated by %s. string: %p chars: %p\n", fn, getter,
            (void *)str, chars);
        snprintf(msg, sizeof msg, "%s called on something not allocated by %s", fn, getter);
        fatal(t, msg);
    }
    free(head_of(chars));
}

/* ---- the checked functions ---- */

static jint JNICALL ck_GetVersion(JNIEnv *env)
{
    Thread *t = enter(env);
    jint r = U->GetVersion(env);
    leave_call(t);
    return r;
}

static jclass JNICALL ck_DefineClass(JNIEnv *env, const char *name, jobject loader, const jbyte *buf,
                                     jsize len)
{
    Thread *t = enter(env);
    IN_VM(t, valid_object(t, loader));
    jclass r = U->DefineClass(env, name, loader, buf, len);
    leave_call(t);
    return r;
}

/* UTF8::is_legal_utf8 (class file version > 47): 1-3 byte sequences. */
static bool legal_utf8(const unsigned char *s)
{
    while (*s != 0) {
        unsigned c = *s;
        if (c < 0x80) s++;
        else if ((c & 0xE0) == 0xC0 && (s[1] & 0xC0) == 0x80) s += 2;
        else if ((c & 0xF0) == 0xE0 && (s[1] & 0xC0) == 0x80 && (s[2] & 0xC0) == 0x80) s += 3;
        else return false;
    }
    return true;
}

static jclass JNICALL ck_FindClass(JNIEnv *env, const char *name)
{
    Thread *t = enter(env);
    if (name != NULL) {
        size_t len = strlen(name);
        char msg[1024];
        if (len >= 2 && name[0] == 'L' && name[len - 1] == ';') {
            snprintf(msg, sizeof msg,
                     "JNI FindClass received a bad class descriptor \"%s\".  A correct class descriptor "
                     "has no leading \"L\" or trailing \";\".  Incorrect descriptors will not be accepted "
                     "in future releases.",
                     name);
            warn(t, msg);
        }
        if (!legal_utf8((const unsigned char *)name)) {
            snprintf(msg, sizeof msg, "JNI class name is not a valid UTF8 string \"%s\"", name);
            fatal(t, msg);
        }
    }
    jclass r = U->FindClass(env, name);
    leave_call(t);
    return r;
}

static jmethodID JNICALL ck_FromReflectedMethod(JNIEnv *env, jobject method)
{
    Thread *t = enter(env);
    IN_VM(t, valid_object(t, method));
    jmethodID r = U->FromReflectedMethod(env, method);
    leave_call(t);
    return r;
}

static jfieldID JNICALL ck_FromReflectedField(JNIEnv *env, jobject field)
{
    Thread *t = enter(env);
    IN_VM(t, valid_object(t, field));
    jfieldID r = U->FromReflectedField(env, field);
    leave_call(t);
    return r;
}

static jobject JNICALL ck_ToReflectedMethod(JNIEnv *env, jclass cls, jmethodID mid, jboolean isStatic)
{
    Thread *t = enter(env);
    IN_VM(t, valid_call(t, cls, mid, NULL));
    jobject r = U->ToReflectedMethod(env, cls, mid, isStatic);
    leave_call(t);
    return r;
}

static jclass JNICALL ck_GetSuperclass(JNIEnv *env, jclass sub)
{
    Thread *t = enter(env);
    IN_VM(t, valid_class(t, sub, true));
    jclass r = U->GetSuperclass(env, sub);
    leave_call(t);
    return r;
}

static jboolean JNICALL ck_IsAssignableFrom(JNIEnv *env, jclass sub, jclass sup)
{
    Thread *t = enter(env);
    IN_VM(t, valid_class(t, sub, true); valid_class(t, sup, true));
    jboolean r = U->IsAssignableFrom(env, sub, sup);
    leave_call(t);
    return r;
}

static jobject JNICALL ck_ToReflectedField(JNIEnv *env, jclass cls, jfieldID fid, jboolean isStatic)
{
    Thread *t = enter(env);
    IN_VM(t, valid_class(t, cls, false));
    jobject r = U->ToReflectedField(env, cls, fid, isStatic);
    leave_call(t);
    return r;
}

static jint JNICALL ck_Throw(JNIEnv *env, jthrowable obj)
{
    Thread *t = enter(env);
    IN_VM(t, Object *o = valid_object(t, obj);
          if (o == NULL) warn(t, "JNI Throw called with NULL throwable");
          else valid_throwable(t, o->klass));
    jint r = U->Throw(env, obj);
    leave_call(t);
    return r;
}

static jint JNICALL ck_ThrowNew(JNIEnv *env, jclass clazz, const char *msg)
{
    Thread *t = enter(env);
    IN_VM(t, valid_throwable(t, valid_class(t, clazz, false)));
    jint r = U->ThrowNew(env, clazz, msg);
    leave_call(t);
    return r;
}

static jthrowable JNICALL ck_ExceptionOccurred(JNIEnv *env)
{
    Thread *t = entry(env);
    *unchecked_slot(t) = NULL;
    enter_exception_allowed(env);
    jthrowable r = U->ExceptionOccurred(env);
    leave_call(t);
    return r;
}

static void JNICALL ck_ExceptionDescribe(JNIEnv *env)
{
    Thread *t = enter_exception_allowed(env);
    U->ExceptionDescribe(env);
    leave_call(t);
}

static void JNICALL ck_ExceptionClear(JNIEnv *env)
{
    Thread *t = entry(env);
    *unchecked_slot(t) = NULL;
    enter_exception_allowed(env);
    U->ExceptionClear(env);
    leave_call(t);
}

static void JNICALL ck_FatalError(JNIEnv *env, const char *msg)
{
    *unchecked_slot(entry(env)) = NULL;
    enter(env);
    U->FatalError(env, msg);
}

static jint JNICALL ck_PushLocalFrame(JNIEnv *env, jint capacity)
{
    Thread *t = enter_exception_allowed(env);
    if (capacity < 0) fatal(t, "negative capacity");
    jint r = U->PushLocalFrame(env, capacity);
    if (r == JNI_OK) push_rec(t->jni_check, t->top_frame, REC_PUSHED, t->locals.frame_base, (uint32_t)capacity + WARN_THRESHOLD);
    leave_call(t);
    return r;
}

static jobject JNICALL ck_PopLocalFrame(JNIEnv *env, jobject result)
{
    Thread *t = enter_exception_allowed(env);
    jobject r = U->PopLocalFrame(env, result);
    leave_call(t);
    return r;
}

static jobject JNICALL ck_NewGlobalRef(JNIEnv *env, jobject ref)
{
    Thread *t = enter(env);
    if (ref != NULL) IN_VM(t, valid_handle(t, ref));
    jobject r = U->NewGlobalRef(env, ref);
    leave_call(t);
    return r;
}

static void JNICALL ck_DeleteGlobalRef(JNIEnv *env, jobject ref)
{
    Thread *t = enter_exception_allowed(env);
    IN_VM(t, valid_object(t, ref);
          if (ref != NULL && ref_type(t, ref) != REF_TYPE_GLOBAL)
              fatal(t, "Invalid global JNI handle passed to DeleteGlobalRef"));
    U->DeleteGlobalRef(env, ref);
    leave_call(t);
}

static void JNICALL ck_DeleteLocalRef(JNIEnv *env, jobject ref)
{
    Thread *t = enter_exception_allowed(env);
    IN_VM(t, valid_object(t, ref);
          if (ref != NULL && ref_type(t, ref) != REF_TYPE_LOCAL)
              fatal(t, "Invalid local JNI handle passed to DeleteLocalRef"));
    U->DeleteLocalRef(env, ref);
    leave_call(t);
}

static jboolean JNICALL ck_IsSameObject(JNIEnv *env, jobject a, jobject b)
{
    Thread *t = enter_exception_allowed(env);
    /* A weak reference to a collected object compares equal to NULL: only the reference
     * itself must be valid. */
    IN_VM(t, if (a != NULL) valid_handle(t, a); if (b != NULL) valid_handle(t, b));
    jboolean r = U->IsSameObject(env, a, b);
    leave_call(t);
    return r;
}

static jobject JNICALL ck_NewLocalRef(JNIEnv *env, jobject ref)
{
    Thread *t = enter(env);
    if (ref != NULL) IN_VM(t, valid_handle(t, ref));
    jobject r = U->NewLocalRef(env, ref);
    leave_call(t);
    return r;
}

static jint JNICALL ck_EnsureLocalCapacity(JNIEnv *env, jint capacity)
{
    Thread *t = enter(env);
    if (capacity < 0) fatal(t, "negative capacity");
    jint r = U->EnsureLocalCapacity(env, capacity);
    if (r == JNI_OK) {
        /* Raises the plan only above the current one (HotSpot's rule). */
        uint32_t start;
        Rec *native;
        Rec *b = sync_block(t, &start, &native);
        if (b != NULL && (uint32_t)capacity > b->planned)
            b->planned = (uint32_t)capacity + live_locals(t, start) + WARN_THRESHOLD;
    }
    leave_call(t);
    return r;
}

static jobject JNICALL ck_AllocObject(JNIEnv *env, jclass clazz)
{
    Thread *t = enter(env);
    IN_VM(t, valid_class(t, clazz, false));
    jobject r = U->AllocObject(env, clazz);
    leave_call(t);
    return r;
}

static jobject JNICALL ck_NewObjectV(JNIEnv *env, jclass clazz, jmethodID mid, va_list args)
{
    Thread *t = enter(env);
    IN_VM(t, valid_call(t, clazz, mid, NULL));
    jobject r = U->NewObjectV(env, clazz, mid, args);
    leave_call(t);
    return r;
}

static jobject JNICALL ck_NewObject(JNIEnv *env, jclass clazz, jmethodID mid, ...)
{
    Thread *t = enter(env);
    IN_VM(t, valid_call(t, clazz, mid, NULL));
    va_list ap;
    va_start(ap, mid);
    jobject r = U->NewObjectV(env, clazz, mid, ap);
    va_end(ap);
    leave_call(t);
    return r;
}

static jobject JNICALL ck_NewObjectA(JNIEnv *env, jclass clazz, jmethodID mid, const jvalue *args)
{
    Thread *t = enter(env);
    IN_VM(t, valid_call(t, clazz, mid, NULL));
    jobject r = U->NewObjectA(env, clazz, mid, args);
    leave_call(t);
    return r;
}

static jclass JNICALL ck_GetObjectClass(JNIEnv *env, jobject obj)
{
    Thread *t = enter(env);
    IN_VM(t, valid_object(t, obj));
    jclass r = U->GetObjectClass(env, obj);
    leave_call(t);
    return r;
}

static jboolean JNICALL ck_IsInstanceOf(JNIEnv *env, jobject obj, jclass clazz)
{
    Thread *t = enter(env);
    IN_VM(t, valid_object(t, obj); valid_class(t, clazz, true));
    jboolean r = U->IsInstanceOf(env, obj, clazz);
    leave_call(t);
    return r;
}

static jmethodID JNICALL ck_GetMethodID(JNIEnv *env, jclass clazz, const char *name, const char *sig)
{
    Thread *t = enter(env);
    IN_VM(t, valid_class(t, clazz, false));
    jmethodID r = U->GetMethodID(env, clazz, name, sig);
    leave_call(t);
    return r;
}

static jmethodID JNICALL ck_GetStaticMethodID(JNIEnv *env, jclass clazz, const char *name, const char *sig)
{
    Thread *t = enter(env);
    IN_VM(t, valid_class(t, clazz, false));
    jmethodID r = U->GetStaticMethodID(env, clazz, name, sig);
    leave_call(t);
    return r;
}

static jfieldID JNICALL ck_GetFieldID(JNIEnv *env, jclass clazz, const char *name, const char *sig)
{
    Thread *t = enter(env);
    IN_VM(t, valid_class(t, clazz, false));
    jfieldID r = U->GetFieldID(env, clazz, name, sig);
    leave_call(t);
    return r;
}

static jfieldID JNICALL ck_GetStaticFieldID(JNIEnv *env, jclass clazz, const char *name, const char *sig)
{
    Thread *t = enter(env);
    IN_VM(t, valid_class(t, clazz, false));
    jfieldID r = U->GetStaticFieldID(env, clazz, name, sig);
    leave_call(t);
    return r;
}

/* Call<Type>Method and friends: every variant goes to the unchecked V or A form, and
 * afterwards the caller owes an exception check. */
#define CK_CALLS(Name, jtype, m, bt)                                                         \
    static jtype JNICALL ck_Call##Name##MethodV(JNIEnv *env, jobject obj, jmethodID mid,     \
                                                va_list args)                                \
    {                                                                                        \
        Thread *t = enter(env);                                                              \
        IN_VM(t, valid_call(t, NULL, mid, obj));                                             \
        jtype r = U->Call##Name##MethodV(env, obj, mid, args);                               \
        set_unchecked(t, "Call" #Name "MethodV");                                          \
        leave_call(t);                                                                       \
        return r;                                                                            \
    }                                                                                        \
    static jtype JNICALL ck_Call##Name##Method(JNIEnv *env, jobject obj, jmethodID mid, ...) \
    {                                                                                        \
        Thread *t = enter(env);                                                              \
        IN_VM(t, valid_call(t, NULL, mid, obj));                                             \
        va_list ap;                                                                          \
        va_start(ap, mid);                                                                   \
        jtype r = U->Call##Name##MethodV(env, obj, mid, ap);                                 \
        va_end(ap);                                                                          \
        set_unchecked(t, "Call" #Name "Method");                                           \
        leave_call(t);                                                                       \
        return r;                                                                            \
    }                                                                                        \
    static jtype JNICALL ck_Call##Name##MethodA(JNIEnv *env, jobject obj, jmethodID mid,     \
                                                const jvalue *args)                          \
    {                                                                                        \
        Thread *t = enter(env);                                                              \
        IN_VM(t, valid_call(t, NULL, mid, obj));                                             \
        jtype r = U->Call##Name##MethodA(env, obj, mid, args);                               \
        set_unchecked(t, "Call" #Name "MethodA");                                          \
        leave_call(t);                                                                       \
        return r;                                                                            \
    }                                                                                        \
    static jtype JNICALL ck_CallNonvirtual##Name##MethodV(JNIEnv *env, jobject obj,          \
                                                          jclass clazz, jmethodID mid,       \
                                                          va_list args)                      \
    {                                                                                        \
        Thread *t = enter(env);                                                              \
        IN_VM(t, valid_call(t, clazz, mid, obj));                                            \
        jtype r = U->CallNonvirtual##Name##MethodV(env, obj, clazz, mid, args);              \
        set_unchecked(t, "CallNonvirtual" #Name "MethodV");                                \
        leave_call(t);                                                                       \
        return r;                                                                            \
    }                                                                                        \
    static jtype JNICALL ck_CallNonvirtual##Name##Method(JNIEnv *env, jobject obj,           \
                                                         jclass clazz, jmethodID mid, ...)   \
    {                                                                                        \
        Thread *t = enter(env);                                                              \
        IN_VM(t, valid_call(t, clazz, mid, obj));                                            \
        va_list ap;                                                                          \
        va_start(ap, mid);                                                                   \
        jtype r = U->CallNonvirtual##Name##MethodV(env, obj, clazz, mid, ap);                \
        va_end(ap);                                                                          \
        set_unchecked(t, "CallNonvirtual" #Name "Method");                                 \
        leave_call(t);                                                                       \
        return r;                                                                            \
    }                                                                                        \
    static jtype JNICALL ck_CallNonvirtual##Name##MethodA(JNIEnv *env, jobject obj,          \
                                                          jclass clazz, jmethodID mid,       \
                                                          const jvalue *args)                \
    {                                                                                        \
        Thread *t = enter(env);                                                              \
        IN_VM(t, valid_call(t, clazz, mid, obj));                                            \
        jtype r = U->CallNonvirtual##Name##MethodA(env, obj, clazz, mid, args);              \
        set_unchecked(t, "CallNonvirtual" #Name "MethodA");                                \
        leave_call(t);                                                                       \
        return r;                                                                            \
    }                                                                                        \
    static jtype JNICALL ck_CallStatic##Name##MethodV(JNIEnv *env, jclass clazz,             \
                                                      jmethodID mid, va_list args)           \
    {                                                                                        \
        Thread *t = enter(env);                                                              \
        IN_VM(t, valid_call(t, clazz, mid, NULL));                                           \
        jtype r = U->CallStatic##Name##MethodV(env, clazz, mid, args);                       \
        set_unchecked(t, "CallStatic" #Name "MethodV");                                    \
        leave_call(t);                                                                       \
        return r;                                                                            \
    }                                                                                        \
    static jtype JNICALL ck_CallStatic##Name##Method(JNIEnv *env, jclass clazz,              \
                                                     jmethodID mid, ...)                     \
    {                                                                                        \
        Thread *t = enter(env);                                                              \
        IN_VM(t, valid_call(t, clazz, mid, NULL));                                           \
        va_list ap;                                                                          \
        va_start(ap, mid);                                                                   \
        jtype r = U->CallStatic##Name##MethodV(env, clazz, mid, ap);                         \
        va_end(ap);                                                                          \
        set_unchecked(t, "CallStatic" #Name "Method");                                     \
        leave_call(t);                                                                       \
        return r;                                                                            \
    }                                                                                        \
    static jtype JNICALL ck_CallStatic##Name##MethodA(JNIEnv *env, jclass clazz,             \
                                                      jmethodID mid, const jvalue *args)     \
    {                                                                                        \
        Thread *t = enter(env);                                                              \
        IN_VM(t, valid_call(t, clazz, mid, NULL));                                           \
        jtype r = U->CallStatic##Name##MethodA(env, clazz, mid, args);                       \
        set_unchecked(t, "CallStatic" #Name "MethodA");                                    \
        leave_call(t);                                                                       \
        return r;                                                                            \
    }
JNI_VALUE_TYPES(CK_CALLS)
#undef CK_CALLS

/* The void forms: the same, without a result. */
#define CK_VOID_CALL(Kind, Params, Check, Args)                                              \
    static void JNICALL ck_Call##Kind##VoidMethodV(JNIEnv *env, Params, va_list args)        \
    {                                                                                        \
        Thread *t = enter(env);                                                              \
        IN_VM(t, Check);                                                                     \
        U->Call##Kind##VoidMethodV(env, Args, args);                                         \
        set_unchecked(t, "Call" #Kind "VoidMethodV");                                      \
        leave_call(t);                                                                       \
    }                                                                                        \
    static void JNICALL ck_Call##Kind##VoidMethod(JNIEnv *env, Params, ...)                  \
    {                                                                                        \
        Thread *t = enter(env);                                                              \
        IN_VM(t, Check);                                                                     \
        va_list ap;                                                                          \
        va_start(ap, mid);                                                                   \
        U->Call##Kind##VoidMethodV(env, Args, ap);                                           \
        va_end(ap);                                                                          \
        set_unchecked(t, "Call" #Kind "VoidMethod");                                       \
        leave_call(t);                                                                       \
    }                                                                                        \
    static void JNICALL ck_Call##Kind##VoidMethodA(JNIEnv *env, Params, const jvalue *args)  \
    {                                                                                        \
        Thread *t = enter(env);                                                              \
        IN_VM(t, Check);                                                                     \
        U->Call##Kind##VoidMethodA(env, Args, args);                                         \
        set_unchecked(t, "Call" #Kind "VoidMethodA");                                      \
        leave_call(t);                                                                       \
    }
#define COMMA ,
CK_VOID_CALL(, jobject obj COMMA jmethodID mid, valid_call(t, NULL, mid, obj), obj COMMA mid)
CK_VOID_CALL(Nonvirtual, jobject obj COMMA jclass clazz COMMA jmethodID mid,
             valid_call(t, clazz, mid, obj), obj COMMA clazz COMMA mid)
CK_VOID_CALL(Static, jclass clazz COMMA jmethodID mid, valid_call(t, clazz, mid, NULL), clazz COMMA mid)
#undef CK_VOID_CALL
#undef COMMA

#define CK_FIELDS(Name, jtype, m, bt)                                                        \
    static jtype JNICALL ck_Get##Name##Field(JNIEnv *env, jobject obj, jfieldID fid)         \
    {                                                                                        \
        Thread *t = enter(env);                                                              \
        IN_VM(t, valid_instance_field(t, obj, fid, bt));                                     \
        jtype r = U->Get##Name##Field(env, obj, fid);                                        \
        leave_call(t);                                                                       \
        return r;                                                                            \
    }                                                                                        \
    static void JNICALL ck_Set##Name##Field(JNIEnv *env, jobject obj, jfieldID fid,          \
                                            jtype value)                                     \
    {                                                                                        \
        Thread *t = enter(env);                                                              \
        IN_VM(t, valid_instance_field(t, obj, fid, bt));                                     \
        U->Set##Name##Field(env, obj, fid, value);                                           \
        leave_call(t);                                                                       \
    }                                                                                        \
    static jtype JNICALL ck_GetStatic##Name##Field(JNIEnv *env, jclass clazz, jfieldID fid)  \
    {                                                                                        \
        Thread *t = enter(env);                                                              \
        IN_VM(t, valid_class(t, clazz, false); valid_static_field(t, clazz, fid, bt));       \
        jtype r = U->GetStatic##Name##Field(env, clazz, fid);                                \
        leave_call(t);                                                                       \
        return r;                                                                            \
    }                                                                                        \
    static void JNICALL ck_SetStatic##Name##Field(JNIEnv *env, jclass clazz, jfieldID fid,   \
                                                  jtype value)                               \
    {                                                                                        \
        Thread *t = enter(env);                                                              \
        IN_VM(t, valid_class(t, clazz, false); valid_static_field(t, clazz, fid, bt));       \
        U->SetStatic##Name##Field(env, clazz, fid, value);                                   \
        leave_call(t);                                                                       \
    }
JNI_VALUE_TYPES(CK_FIELDS)
#undef CK_FIELDS

/* ---- strings ---- */

static jstring JNICALL ck_NewString(JNIEnv *env, const jchar *chars, jsize len)
{
    Thread *t = enter(env);
    jstring r = U->NewString(env, chars, len);
    leave_call(t);
    return r;
}

static jsize JNICALL ck_GetStringLength(JNIEnv *env, jstring str)
{
    Thread *t = enter(env);
    IN_VM(t, valid_string(t, str));
    jsize r = U->GetStringLength(env, str);
    leave_call(t);
    return r;
}

static const jchar *JNICALL ck_GetStringChars(JNIEnv *env, jstring str, jboolean *isCopy)
{
    Thread *t = enter(env);
    IN_VM(t, valid_string(t, str));
    const jchar *chars = U->GetStringChars(env, str, isCopy);
    jchar *r = NULL;
    if (chars != NULL) {
        size_t len = (size_t)U->GetStringLength(env, str) + 1; /* with the terminator */
        r = wrap_copy(chars, len * sizeof(jchar), STRING_TAG);
        U->ReleaseStringChars(env, str, chars);
        if (r == NULL) fatal(t, "out of memory for a checked JNI string copy");
    }
    leave_call(t);
    return r;
}

static void JNICALL ck_ReleaseStringChars(JNIEnv *env, jstring str, const jchar *chars)
{
    Thread *t = enter_exception_allowed(env);
    IN_VM(t, valid_string(t, str));
    if (chars != NULL)
        release_string_copy(t, "ReleaseStringChars", "GetStringChars", str, chars, STRING_TAG);
    leave_call(t);
}

static jstring JNICALL ck_NewStringUTF(JNIEnv *env, const char *utf)
{
    Thread *t = enter(env);
    jstring r = U->NewStringUTF(env, utf);
    leave_call(t);
    return r;
}

static jsize JNICALL ck_GetStringUTFLength(JNIEnv *env, jstring str)
{
    Thread *t = enter(env);
    IN_VM(t, valid_string(t, str));
    jsize r = U->GetStringUTFLength(env, str);
    leave_call(t);
    return r;
}

static const char *JNICALL ck_GetStringUTFChars(JNIEnv *env, jstring str, jboolean *isCopy)
{
    Thread *t = enter(env);
    IN_VM(t, valid_string(t, str));
    const char *chars = U->GetStringUTFChars(env, str, isCopy);
    char *r = NULL;
    if (chars != NULL) {
        r = wrap_copy(chars, strlen(chars) + 1, STRING_UTF_TAG);
        U->ReleaseStringUTFChars(env, str, chars);
        if (r == NULL) fatal(t, "out of memory for a checked JNI string copy");
    }
    leave_call(t);
    return r;
}

static void JNICALL ck_ReleaseStringUTFChars(JNIEnv *env, jstring str, const char *chars)
{
    Thread *t = enter_exception_allowed(env);
    IN_VM(t, valid_string(t, str));
    if (chars != NULL)
        release_string_copy(t, "ReleaseStringUTFChars", "GetStringUTFChars", str, chars, STRING_UTF_TAG);
    leave_call(t);
}

static void JNICALL ck_GetStringRegion(JNIEnv *env, jstring str, jsize start, jsize len, jchar *buf)
{
    Thread *t = enter(env);
    IN_VM(t, valid_string(t, str));
    U->GetStringRegion(env, str, start, len, buf);
    leave_call(t);
}

static void JNICALL ck_GetStringUTFRegion(JNIEnv *env, jstring str, jsize start, jsize len, char *buf)
{
    Thread *t = enter(env);
    IN_VM(t, valid_string(t, str));
    U->GetStringUTFRegion(env, str, start, len, buf);
    leave_call(t);
}

/* The critical functions hand out the VM's own pointer (the string's characters are not
 * copied by HotSpot's checked version either); they keep the region count. */
static const jchar *JNICALL ck_GetStringCritical(JNIEnv *env, jstring str, jboolean *isCopy)
{
    Thread *t = enter_critical(env);
    IN_VM(t, valid_string(t, str));
    const jchar *r = U->GetStringCritical(env, str, isCopy);
    ((CheckState *)t->jni_check)->critical++;
    leave_call(t);
    return r;
}

static void JNICALL ck_ReleaseStringCritical(JNIEnv *env, jstring str, const jchar *chars)
{
    Thread *t = enter_critical_exception_allowed(env);
    IN_VM(t, valid_string(t, str));
    U->ReleaseStringCritical(env, str, chars);
    if (((CheckState *)t->jni_check)->critical > 0) ((CheckState *)t->jni_check)->critical--;
    leave_call(t);
}

/* ---- arrays ---- */

static jsize JNICALL ck_GetArrayLength(JNIEnv *env, jarray array)
{
    Thread *t = enter(env);
    IN_VM(t, valid_array(t, array));
    jsize r = U->GetArrayLength(env, array);
    leave_call(t);
    return r;
}

static jobjectArray JNICALL ck_NewObjectArray(JNIEnv *env, jsize len, jclass clazz, jobject init)
{
    Thread *t = enter(env);
    jobjectArray r = U->NewObjectArray(env, len, clazz, init);
    leave_call(t);
    return r;
}

static jobject JNICALL ck_GetObjectArrayElement(JNIEnv *env, jobjectArray array, jsize index)
{
    Thread *t = enter(env);
    IN_VM(t, valid_object_array(t, array));
    jobject r = U->GetObjectArrayElement(env, array, index);
    leave_call(t);
    return r;
}

static void JNICALL ck_SetObjectArrayElement(JNIEnv *env, jobjectArray array, jsize index, jobject value)
{
    Thread *t = enter(env);
    IN_VM(t, valid_object_array(t, array));
    U->SetObjectArrayElement(env, array, index, value);
    leave_call(t);
}

#define CK_ARRAYS(Name, jtype, m, bt)                                                        \
    static jtype##Array JNICALL ck_New##Name##Array(JNIEnv *env, jsize len)                  \
    {                                                                                        \
        Thread *t = enter(env);                                                              \
        jtype##Array r = U->New##Name##Array(env, len);                                      \
        leave_call(t);                                                                       \
        return r;                                                                            \
    }                                                                                        \
    static jtype *JNICALL ck_Get##Name##ArrayElements(JNIEnv *env, jtype##Array array,       \
                                                      jboolean *isCopy)                      \
    {                                                                                        \
        Thread *t = enter(env);                                                              \
        IN_VM(t, valid_array_type(t, array, bt));                                            \
        jtype *r = U->Get##Name##ArrayElements(env, array, isCopy);                          \
        if (r != NULL) r = array_copy(t, array, r);                                          \
        leave_call(t);                                                                       \
        return r;                                                                            \
    }                                                                                        \
    static void JNICALL ck_Release##Name##ArrayElements(JNIEnv *env, jtype##Array array,     \
                                                        jtype *elems, jint mode)             \
    {                                                                                        \
        Thread *t = enter_exception_allowed(env);                                            \
        IN_VM(t, valid_array_type(t, array, bt));                                            \
        jtype *orig = release_copy(t, "checked_jni_Release" #Name "ArrayElements", array,    \
                                   elems, mode, false);                                      \
        U->Release##Name##ArrayElements(env, array, orig, mode);                             \
        leave_call(t);                                                                       \
    }                                                                                        \
    static void JNICALL ck_Get##Name##ArrayRegion(JNIEnv *env, jtype##Array array,           \
                                                  jsize start, jsize len, jtype *buf)        \
    {                                                                                        \
        Thread *t = enter(env);                                                              \
        IN_VM(t, valid_array_type(t, array, bt));                                            \
        U->Get##Name##ArrayRegion(env, array, start, len, buf);                              \
        leave_call(t);                                                                       \
    }                                                                                        \
    static void JNICALL ck_Set##Name##ArrayRegion(JNIEnv *env, jtype##Array array,           \
                                                  jsize start, jsize len, const jtype *buf)  \
    {                                                                                        \
        Thread *t = enter(env);                                                              \
        IN_VM(t, valid_array_type(t, array, bt));                                            \
        U->Set##Name##ArrayRegion(env, array, start, len, buf);                              \
        leave_call(t);                                                                       \
    }
JNI_PRIM_TYPES(CK_ARRAYS)
#undef CK_ARRAYS

static void *JNICALL ck_GetPrimitiveArrayCritical(JNIEnv *env, jarray array, jboolean *isCopy)
{
    Thread *t = enter_critical(env);
    IN_VM(t, valid_primitive_array(t, array));
    void *r = U->GetPrimitiveArrayCritical(env, array, isCopy);
    if (r != NULL) r = array_copy(t, array, r);
    ((CheckState *)t->jni_check)->critical++;
    leave_call(t);
    return r;
}

static void JNICALL ck_ReleasePrimitiveArrayCritical(JNIEnv *env, jarray array, void *carray, jint mode)
{
    Thread *t = enter_critical_exception_allowed(env);
    IN_VM(t, valid_primitive_array(t, array));
    void *orig = release_copy(t, "ReleasePrimitiveArrayCritical", array, carray, mode, true);
    U->ReleasePrimitiveArrayCritical(env, array, orig, mode);
    if (((CheckState *)t->jni_check)->critical > 0) ((CheckState *)t->jni_check)->critical--;
    leave_call(t);
}

/* ---- the rest ---- */

static jint JNICALL ck_RegisterNatives(JNIEnv *env, jclass clazz, const JNINativeMethod *methods, jint n)
{
    Thread *t = enter(env);
    jint r = U->RegisterNatives(env, clazz, methods, n);
    leave_call(t);
    return r;
}

static jint JNICALL ck_UnregisterNatives(JNIEnv *env, jclass clazz)
{
    Thread *t = enter(env);
    jint r = U->UnregisterNatives(env, clazz);
    leave_call(t);
    return r;
}

static jint JNICALL ck_MonitorEnter(JNIEnv *env, jobject obj)
{
    Thread *t = enter(env);
    IN_VM(t, valid_object(t, obj));
    jint r = U->MonitorEnter(env, obj);
    leave_call(t);
    return r;
}

static jint JNICALL ck_MonitorExit(JNIEnv *env, jobject obj)
{
    Thread *t = enter_exception_allowed(env);
    IN_VM(t, valid_object(t, obj));
    jint r = U->MonitorExit(env, obj);
    leave_call(t);
    return r;
}

static jint JNICALL ck_GetJavaVM(JNIEnv *env, JavaVM **vm)
{
    Thread *t = enter(env);
    jint r = U->GetJavaVM(env, vm);
    leave_call(t);
    return r;
}

static jweak JNICALL ck_NewWeakGlobalRef(JNIEnv *env, jobject obj)
{
    Thread *t = enter(env);
    if (obj != NULL) IN_VM(t, valid_handle(t, obj));
    jweak r = U->NewWeakGlobalRef(env, obj);
    leave_call(t);
    return r;
}

static void JNICALL ck_DeleteWeakGlobalRef(JNIEnv *env, jweak ref)
{
    Thread *t = enter_exception_allowed(env);
    if (ref != NULL && ref_type(t, ref) != REF_TYPE_WEAK)
        fatal(t, "Invalid weak global JNI handle passed to DeleteWeakGlobalRef");
    U->DeleteWeakGlobalRef(env, ref);
    leave_call(t);
}

static jboolean JNICALL ck_ExceptionCheck(JNIEnv *env)
{
    Thread *t = entry(env);
    *unchecked_slot(t) = NULL;
    enter_exception_allowed(env);
    jboolean r = U->ExceptionCheck(env);
    leave_call(t);
    return r;
}

static jobject JNICALL ck_NewDirectByteBuffer(JNIEnv *env, void *address, jlong capacity)
{
    Thread *t = enter(env);
    jobject r = U->NewDirectByteBuffer(env, address, capacity);
    leave_call(t);
    return r;
}

static void *JNICALL ck_GetDirectBufferAddress(JNIEnv *env, jobject buf)
{
    Thread *t = enter(env);
    void *r = U->GetDirectBufferAddress(env, buf);
    leave_call(t);
    return r;
}

static jlong JNICALL ck_GetDirectBufferCapacity(JNIEnv *env, jobject buf)
{
    Thread *t = enter(env);
    jlong r = U->GetDirectBufferCapacity(env, buf);
    leave_call(t);
    return r;
}

static jobjectRefType JNICALL ck_GetObjectRefType(JNIEnv *env, jobject obj)
{
    Thread *t = enter(env);
    IN_VM(t, valid_object(t, obj));
    jobjectRefType r = U->GetObjectRefType(env, obj);
    leave_call(t);
    return r;
}

static jobject JNICALL ck_GetModule(JNIEnv *env, jclass clazz)
{
    Thread *t = enter(env);
    jobject r = U->GetModule(env, clazz);
    leave_call(t);
    return r;
}

/* ---- the table ---- */

#define CALL_SLOTS(Name, jtype, m, bt)                                                      \
    .Call##Name##Method = ck_Call##Name##Method, .Call##Name##MethodV = ck_Call##Name##MethodV, \
    .Call##Name##MethodA = ck_Call##Name##MethodA,
#define NONVIRTUAL_SLOTS(Name, jtype, m, bt)                                                \
    .CallNonvirtual##Name##Method = ck_CallNonvirtual##Name##Method,                        \
    .CallNonvirtual##Name##MethodV = ck_CallNonvirtual##Name##MethodV,                      \
    .CallNonvirtual##Name##MethodA = ck_CallNonvirtual##Name##MethodA,
#define STATIC_SLOTS(Name, jtype, m, bt)                                                    \
    .CallStatic##Name##Method = ck_CallStatic##Name##Method,                                \
    .CallStatic##Name##MethodV = ck_CallStatic##Name##MethodV,                              \
    .CallStatic##Name##MethodA = ck_CallStatic##Name##MethodA,
#define FIELD_SLOTS(Name, jtype, m, bt)                                                     \
    .Get##Name##Field = ck_Get##Name##Field, .Set##Name##Field = ck_Set##Name##Field,       \
    .GetStatic##Name##Field = ck_GetStatic##Name##Field,                                    \
    .SetStatic##Name##Field = ck_SetStatic##Name##Field,
#define ARRAY_SLOTS(Name, jtype, m, bt)                                                     \
    .New##Name##Array = ck_New##Name##Array,                                                \
    .Get##Name##ArrayElements = ck_Get##Name##ArrayElements,                                \
    .Release##Name##ArrayElements = ck_Release##Name##ArrayElements,                        \
    .Get##Name##ArrayRegion = ck_Get##Name##ArrayRegion,                                    \
    .Set##Name##ArrayRegion = ck_Set##Name##ArrayRegion,

const struct JNINativeInterface_ jni_checked_functions = {
    .GetVersion = ck_GetVersion,
    .DefineClass = ck_DefineClass,
    .FindClass = ck_FindClass,
    .FromReflectedMethod = ck_FromReflectedMethod,
    .FromReflectedField = ck_FromReflectedField,
    .ToReflectedMethod = ck_ToReflectedMethod,
    .GetSuperclass = ck_GetSuperclass,
    .IsAssignableFrom = ck_IsAssignableFrom,
    .ToReflectedField = ck_ToReflectedField,
    .Throw = ck_Throw,
    .ThrowNew = ck_ThrowNew,
    .ExceptionOccurred = ck_ExceptionOccurred,
    .ExceptionDescribe = ck_ExceptionDescribe,
    .ExceptionClear = ck_ExceptionClear,
    .FatalError = ck_FatalError,
    .PushLocalFrame = ck_PushLocalFrame,
    .PopLocalFrame = ck_PopLocalFrame,
    .NewGlobalRef = ck_NewGlobalRef,
    .DeleteGlobalRef = ck_DeleteGlobalRef,
    .DeleteLocalRef = ck_DeleteLocalRef,
    .IsSameObject = ck_IsSameObject,
    .NewLocalRef = ck_NewLocalRef,
    .EnsureLocalCapacity = ck_EnsureLocalCapacity,
    .AllocObject = ck_AllocObject,
    .NewObject = ck_NewObject,
    .NewObjectV = ck_NewObjectV,
    .NewObjectA = ck_NewObjectA,
    .GetObjectClass = ck_GetObjectClass,
    .IsInstanceOf = ck_IsInstanceOf,
    .GetMethodID = ck_GetMethodID,
    JNI_VALUE_TYPES(CALL_SLOTS) CALL_SLOTS(Void, void, _, BT_VOID)
    JNI_VALUE_TYPES(NONVIRTUAL_SLOTS) NONVIRTUAL_SLOTS(Void, void, _, BT_VOID)
    .GetFieldID = ck_GetFieldID,
    JNI_VALUE_TYPES(FIELD_SLOTS)
    .GetStaticMethodID = ck_GetStaticMethodID,
    JNI_VALUE_TYPES(STATIC_SLOTS) STATIC_SLOTS(Void, void, _, BT_VOID)
    .GetStaticFieldID = ck_GetStaticFieldID,
    .NewString = ck_NewString,
    .GetStringLength = ck_GetStringLength,
    .GetStringChars = ck_GetStringChars,
    .ReleaseStringChars = ck_ReleaseStringChars,
    .NewStringUTF = ck_NewStringUTF,
    .GetStringUTFLength = ck_GetStringUTFLength,
    .GetStringUTFChars = ck_GetStringUTFChars,
    .ReleaseStringUTFChars = ck_ReleaseStringUTFChars,
    .GetArrayLength = ck_GetArrayLength,
    .NewObjectArray = ck_NewObjectArray,
    .GetObjectArrayElement = ck_GetObjectArrayElement,
    .SetObjectArrayElement = ck_SetObjectArrayElement,
    JNI_PRIM_TYPES(ARRAY_SLOTS)
    .RegisterNatives = ck_RegisterNatives,
    .UnregisterNatives = ck_UnregisterNatives,
    .MonitorEnter = ck_MonitorEnter,
    .MonitorExit = ck_MonitorExit,
    .GetJavaVM = ck_GetJavaVM,
    .GetStringRegion = ck_GetStringRegion,
    .GetStringUTFRegion = ck_GetStringUTFRegion,
    .GetPrimitiveArrayCritical = ck_GetPrimitiveArrayCritical,
    .ReleasePrimitiveArrayCritical = ck_ReleasePrimitiveArrayCritical,
    .GetStringCritical = ck_GetStringCritical,
    .ReleaseStringCritical = ck_ReleaseStringCritical,
    .NewWeakGlobalRef = ck_NewWeakGlobalRef,
    .DeleteWeakGlobalRef = ck_DeleteWeakGlobalRef,
    .ExceptionCheck = ck_ExceptionCheck,
    .NewDirectByteBuffer = ck_NewDirectByteBuffer,
    .GetDirectBufferAddress = ck_GetDirectBufferAddress,
    .GetDirectBufferCapacity = ck_GetDirectBufferCapacity,
    .GetObjectRefType = ck_GetObjectRefType,
    .GetModule = ck_GetModule,
};

void jni_check_callback_end(Thread *t, uint32_t mark)
{
    CheckState *cs = t->jni_check;
    while (cs->nrecs > 0) {
        const Rec *r = &cs->recs[cs->nrecs - 1];
        if ((r->kind == REC_CALLBACK || r->kind == REC_PUSHED) && r->base >= mark) pop_rec(cs);
        else break;
    }
}

void jni_check_install(void)
{
    atomic_store_explicit(&jni_current_functions, &jni_checked_functions, memory_order_release);
    /* HotSpot's line when it hands out its checked table (-verbose:jni shows it). */
    if (log_is_enabled(LOG_DEBUG, jni_resolve))
        log_print(LOG_DEBUG, LOG_TS_jni_resolve, "Checked JNI functions are being used to validate JNI usage");
}
