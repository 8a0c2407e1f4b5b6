// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * verify_check.c — the type-checking verifier (JVMS 4.10.1) for class files of version 50
 * and later: one linear pass over each method's code, checking every instruction against
 * the StackMapTable frames at branch targets and exception handlers.
 *
 * The order of the checks and the wording of every message follow HotSpot's ClassVerifier
 * (verifier.cpp, stackMapFrame.cpp, stackMapTable.cpp), because the first error found is
 * the one reported and Java code sees its message. A VerifyError's message carries
 * HotSpot's "Exception Details" (location, reason, frames, bytecode dump, handler table,
 * stack map table), built from the error context recorded where the error was found.
 *
 * Verification types are words (VT): a reference is the interned symbol of its class name
 * (null is 0), everything else is tagged in the low two bits, so equality is ==. Frames are
 * arrays of VT; stack map frames share their locals arrays when the table says "same".
 * Memory comes from the verification's arena. Errors unwind with longjmp to the method
 * loop; HotSpot's few "keep going after an error" spots are reproduced explicitly.
 */
#include <string.h>

#include "bytecodes.h"
#include "exception.h"
#include "loader.h"
#include "resolve.h"
#include "sym.h"
#include "verifyint.h"

/* ------------------------------------------------------------------------------------ */
/* Verification types                                                                   */
/* ------------------------------------------------------------------------------------ */

typedef uintptr_t VT;

enum { TAG_REF = 0, TAG_PRIM = 1, TAG_UNINIT = 2, TAG_QUERY = 3 };
enum { CAT1 = 0x100, CAT2 = 0x200, CAT2ND = 0x400 };
#define PRIM(kind, cat) (((VT)(kind) << 16) | (cat) | TAG_PRIM)
#define T_TOP PRIM(0xff, 0)
#define T_INT PRIM(1, CAT1)
#define T_FLOAT PRIM(2, CAT1)
#define T_DOUBLE PRIM(3, CAT2)
#define T_LONG PRIM(4, CAT2)
#define T_BOOLEAN PRIM(9, CAT1)
#define T_BYTE PRIM(10, CAT1)
#define T_SHORT PRIM(11, CAT1)
#define T_CHAR PRIM(12, CAT1)
#define T_LONG2 PRIM(13, CAT2ND)
#define T_DOUBLE2 PRIM(14, CAT2ND)
#define T_NULL ((VT)0)
#define T_UNINIT(bci) (((VT)(bci) << 8) | TAG_UNINIT)
#define T_UNINIT_THIS T_UNINIT(0xffff)
#define Q_REF ((VT)TAG_QUERY)
#define Q_CAT1 ((VT)CAT1 | TAG_QUERY)
#define Q_CAT2 ((VT)CAT2 | TAG_QUERY)
#define Q_CAT2ND ((VT)CAT2ND | TAG_QUERY)
#define T_REF(name) ((VT)(const char *)(name))
#define NAME(t) ((const char *)(t))

static inline int tag(VT t) { return (int)(t & 3); }
static inline bool is_ref(VT t) { return tag(t) == TAG_REF; }
static inline bool is_uninit(VT t) { return tag(t) == TAG_UNINIT; }
static inline int uninit_bci(VT t) { return (int)((t >> 8) & 0xffff); }
static inline bool is_cat1(VT t) { return tag(t) == TAG_PRIM ? (t & CAT1) != 0 : tag(t) != TAG_QUERY; }
static inline bool is_cat2(VT t) { return tag(t) == TAG_PRIM && (t & CAT2); }
static inline bool is_cat2_2nd(VT t) { return tag(t) == TAG_PRIM && (t & CAT2ND); }
static inline bool is_object(VT t) { return is_ref(t) && t != T_NULL && NAME(t)[0] && NAME(t)[0] != '['; }
static inline bool is_array(VT t) { return is_ref(t) && t != T_NULL && NAME(t)[0] == '[' && NAME(t)[1]; }
static inline bool is_x_array(VT t, char c) { return t == T_NULL || (is_array(t) && NAME(t)[1] == c); }
static inline bool is_ref_array(VT t) { return is_x_array(t, 'L') || is_x_array(t, '['); }
static inline bool is_long_or_double(VT t) { return t == T_LONG || t == T_DOUBLE; }
static inline bool is_2nd(VT t) { return t == T_LONG2 || t == T_DOUBLE2; }

static int dimensions(VT t)
{
    int n = 0;
    while (NAME(t)[n] == '[') n++;
    return n;
}

/* ------------------------------------------------------------------------------------ */
/* Frames and error contexts                                                            */
/* ------------------------------------------------------------------------------------ */

enum { FLAG_THIS_UNINIT = 1 };

typedef struct Frame {
    int32_t offset;
    int32_t locals_size, stack_size, stack_mark;
    int32_t max_locals, max_stack;
    uint8_t flags;
    VT *locals, *stack;
} Frame;

typedef enum OrKind {
    OR_NONE,
    OR_CF_LOCALS,
    OR_CF_STACK,
    OR_SM_LOCALS,
    OR_SM_STACK,
    OR_CP,
    OR_SIG,
    OR_IMPLICIT,
    OR_BAD_INDEX,
    OR_FRAME,
} OrKind;

typedef struct Origin {
    OrKind kind;
    int index;
    Frame *frame; /* a snapshot, or NULL */
    VT type;
} Origin;

typedef enum Fault {
    FT_NONE,
    FT_INVALID_BYTECODE,
    FT_WRONG_TYPE,
    FT_FLAGS_MISMATCH,
    FT_BAD_CP_INDEX,
    FT_BAD_LOCAL_INDEX,
    FT_LOCALS_SIZE_MISMATCH,
    FT_STACK_SIZE_MISMATCH,
    FT_STACK_OVERFLOW,
    FT_STACK_UNDERFLOW,
    FT_MISSING_STACKMAP,
    FT_BAD_STACKMAP,
} Fault;

typedef struct ErrCtx {
    int bci;
    Fault fault;
    Origin type, expected;
} ErrCtx;

/* A method descriptor as verification types: args (long/double take two) then return. */
typedef struct Sig {
    int nargs, ntypes;
    VT types[];
} Sig;

typedef struct Checker {
    VCommon *v;
    const ClassFile *cf;
    Class *c;
    VT this_type;
    Sig **sigs; /* parsed descriptors by CP Utf8 index */

    /* Current method. */
    const CfMethod *m;
    const CfCode *code;
    const uint8_t *bc;
    uint32_t code_length;
    uint8_t *code_data; /* 0: not an instruction start, 1: instruction, 2: `new` */
    Frame cur;
    Frame **frames; /* the stack map table */
    int frame_count;
    VT return_type;
    int ex_min, ex_max;

    /* The error being reported (last one recorded wins, as in HotSpot). */
    VResult kind;
    StrBuf msg;
    ErrCtx ctx;
    const CfMethod *err_method;
    const char *pending_cfe; /* a StackMapTable format error to throw */
    jmp_buf jb;
} Checker;

enum { CD_NONE = 0, CD_INSN = 1, CD_NEW = 2 };

static void *alloc(Checker *k, size_t n) { return varena_alloc(&k->v->arena, n); }

static Frame *frame_copy(Checker *k, const Frame *f)
{
    Frame *s = alloc(k, sizeof(Frame));
    *s = *f;
    s->locals = alloc(k, sizeof(VT) * (size_t)(f->max_locals > 0 ? f->max_locals : 1));
    s->stack = alloc(k, sizeof(VT) * (size_t)(f->max_stack > 0 ? f->max_stack : 1));
    for (int i = 0; i < f->max_locals; i++) s->locals[i] = i < f->locals_size ? f->locals[i] : T_TOP;
    int ss = f->stack_size > f->stack_mark ? f->stack_size : f->stack_mark;
    for (int i = 0; i < f->max_stack; i++) s->stack[i] = i < ss ? f->stack[i] : T_TOP;
    return s;
}

static Origin or_none(void) { return (Origin){.kind = OR_NONE, .type = T_TOP}; }
static Origin or_local(Checker *k, int i, Frame *f)
{
    return (Origin){OR_CF_LOCALS, i, frame_copy(k, f), f->locals[i]};
}
static Origin or_stack(Checker *k, int i, Frame *f)
{
    return (Origin){OR_CF_STACK, i, frame_copy(k, f), i < f->max_stack ? f->stack[i] : T_TOP};
}
static Origin or_sm_local(Checker *k, int i, Frame *f)
{
    return (Origin){OR_SM_LOCALS, i, frame_copy(k, f), f->locals[i]};
}
static Origin or_sm_stack(Checker *k, int i, Frame *f)
{
    return (Origin){OR_SM_STACK, i, frame_copy(k, f), f->stack[i]};
}
static Origin or_cp(int i, VT t) { return (Origin){OR_CP, i, NULL, t}; }
static Origin or_sig(VT t) { return (Origin){OR_SIG, 0, NULL, t}; }
static Origin or_implicit(VT t) { return (Origin){OR_IMPLICIT, 0, NULL, t}; }
static Origin or_frame(Checker *k, Frame *f) { return (Origin){OR_FRAME, 0, frame_copy(k, f), T_TOP}; }
static Origin or_bad_index(int i) { return (Origin){OR_BAD_INDEX, i, NULL, T_TOP}; }

static ErrCtx ctx_bad_code(int bci) { return (ErrCtx){bci, FT_INVALID_BYTECODE, or_none(), or_none()}; }
static ErrCtx ctx_bad_type(int bci, Origin t) { return (ErrCtx){bci, FT_WRONG_TYPE, t, or_none()}; }
static ErrCtx ctx_bad_type2(int bci, Origin t, Origin e) { return (ErrCtx){bci, FT_WRONG_TYPE, t, e}; }
static ErrCtx ctx_missing_stackmap(int bci) { return (ErrCtx){bci, FT_MISSING_STACKMAP, or_none(), or_none()}; }
static ErrCtx ctx_bad_cp_index(int bci, int i) { return (ErrCtx){bci, FT_BAD_CP_INDEX, or_bad_index(i), or_none()}; }
static ErrCtx ctx_bad_local(int bci, int i) { return (ErrCtx){bci, FT_BAD_LOCAL_INDEX, or_bad_index(i), or_none()}; }

/* ---- recording errors ---- */

static __attribute__((noreturn)) void fail(Checker *k) { longjmp(k->jb, k->kind); }

static void restore(Frame *f)
{
    if (f != NULL && f->stack_mark != -1) f->stack_size = f->stack_mark;
}

/* ClassVerifier::verify_error: records, the caller decides whether to stop. */
static __attribute__((format(printf, 3, 4))) void record_error(Checker *k, ErrCtx ctx, const char *fmt, ...)
{
    restore(ctx.type.frame);
    restore(ctx.expected.frame);
    k->kind = VR_VERIFY_ERROR;
    k->ctx = ctx;
    k->err_method = k->m;
    k->msg.len = 0;
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(&k->msg, fmt, ap);
    va_end(ap);
}

#define verify_error(k, ...)                                                                \
    do {                                                                                    \
        record_error((k), __VA_ARGS__);                                                     \
        fail(k);                                                                            \
    } while (0)

/* ClassVerifier::class_format_error: message plus the method's external name. */
static __attribute__((format(printf, 2, 3))) void record_format_error(Checker *k, const char *fmt, ...)
{
    k->kind = VR_FORMAT_ERROR;
    k->err_method = k->m;
    k->msg.len = 0;
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(&k->msg, fmt, ap);
    va_end(ap);
    if (k->m != NULL) {
        char buf[1024];
        resolve_format_method(k->c->name, k->m->name, k->m->desc, buf, sizeof buf);
        sb_printf(&k->msg, " in method %s", buf);
    }
}

static void external_name(Checker *k, char *buf, size_t n) { class_external_name(k->c, buf, n); }

/* ------------------------------------------------------------------------------------ */
/* Assignability (VerificationType::is_assignable_from)                                 */
/* ------------------------------------------------------------------------------------ */

static bool assignable(Checker *k, VT to, VT from, bool prot);

static VT component(VT t)
{
    const char *n = NAME(t);
    size_t len = strlen(n);
    switch (n[1]) {
    case 'Z': return T_BOOLEAN;
    case 'B': return T_BYTE;
    case 'C': return T_CHAR;
    case 'S': return T_SHORT;
    case 'I': return T_INT;
    case 'J': return T_LONG;
    case 'F': return T_FLOAT;
    case 'D': return T_DOUBLE;
    case '[': return T_REF(vsym(n + 1, len - 1));
    case 'L': return len >= 3 ? T_REF(vsym(n + 2, len - 3)) : T_TOP;
    default: return T_TOP;
    }
}

static bool resolve_and_check(Checker *k, const char *to, const char *from, bool prot,
                              bool from_array, bool from_object)
{
    Class *tc = vload(k->v, to);
    if (class_is_interface(tc) && (!prot || from != vn.object)) {
        /* Interfaces are treated as Object, except that arrays are only Cloneable and
         * Serializable. */
        return !from_array ||
               (tc->loader == NULL && (tc->name == vn.cloneable || tc->name == vn.serializable));
    }
    if (from_object) {
        Class *fc = vload(k->v, from);
        return vsubclass(fc, tc);
    }
    return false;
}

static bool component_assignable(Checker *k, VT to, VT from, bool prot)
{
    if (to == from || to == T_TOP) return true;
    if (to == T_BOOLEAN || to == T_BYTE || to == T_CHAR || to == T_SHORT) return false;
    return assignable(k, to, from, prot);
}

static bool ref_assignable(Checker *k, VT to, VT from, bool prot)
{
    if (from == T_NULL) return true;
    if (to == T_NULL) return false;
    if (to == from) return true;
    if (is_object(to)) {
        if (NAME(to) == vn.object) return true;
        return resolve_and_check(k, NAME(to), NAME(from), prot, is_array(from), is_object(from));
    }
    if (is_array(to) && is_array(from)) {
        VT ct = component(to), cfm = component(from);
        if (ct != T_TOP && cfm != T_TOP) return component_assignable(k, ct, cfm, prot);
    }
    return false;
}

static bool assignable(Checker *k, VT to, VT from, bool prot)
{
    if (to == from || to == T_TOP) return true;
    switch (to) {
    case Q_CAT1: return is_cat1(from);
    case Q_CAT2: return is_cat2(from);
    case Q_CAT2ND: return is_cat2_2nd(from);
    case Q_REF: return is_ref(from) || is_uninit(from);
    case T_BOOLEAN:
    case T_BYTE:
    case T_CHAR:
    case T_SHORT: return from == T_INT;
    default: break;
    }
    if (is_ref(to) && is_ref(from)) return ref_assignable(k, to, from, prot);
    return false;
}

/* ------------------------------------------------------------------------------------ */
/* Frame operations (StackMapFrame)                                                     */
/* ------------------------------------------------------------------------------------ */

static VT pop_ex(Checker *k, Frame *f, VT type, bool stop)
{
    if (f->stack_size <= 0) {
        record_error(k, (ErrCtx){f->offset, FT_STACK_UNDERFLOW, or_frame(k, f), or_none()},
                     "Operand stack underflow");
        if (stop) fail(k);
        return T_TOP;
    }
    VT top = f->stack[--f->stack_size];
    if (!assignable(k, type, top, false)) {
        record_error(k, ctx_bad_type2(f->offset, or_stack(k, f->stack_size, f), or_implicit(type)),
                     "Bad type on operand stack");
        if (stop) fail(k);
        return T_TOP;
    }
    return top;
}

static VT pop(Checker *k, Frame *f, VT type)
{
    if (f->stack_size != 0) {
        VT top = f->stack[f->stack_size - 1];
        if (assignable(k, type, top, false)) {
            f->stack_size--;
            return top;
        }
    }
    return pop_ex(k, f, type, true);
}

static VT pop_any(Checker *k, Frame *f)
{
    if (f->stack_size <= 0)
        verify_error(k, ((ErrCtx){f->offset, FT_STACK_UNDERFLOW, or_frame(k, f), or_none()}),
                     "Operand stack underflow");
    return f->stack[--f->stack_size];
}

/* Pops a long or double (t1 = its second half's type, t2 = its first). HotSpot reports
 * the later of two failures, so both pops run before stopping. */
static void pop2(Checker *k, Frame *f, VT t1, VT t2)
{
    if (f->stack_size >= 2) {
        bool a = assignable(k, t1, f->stack[f->stack_size - 1], false);
        bool b = assignable(k, t2, f->stack[f->stack_size - 2], false);
        if (a && b) {
            f->stack_size -= 2;
            return;
        }
    }
    k->kind = VR_OK;
    pop_ex(k, f, t1, false);
    pop_ex(k, f, t2, false);
    if (k->kind != VR_OK) fail(k);
}

static void push(Checker *k, Frame *f, VT t)
{
    if (f->stack_size >= f->max_stack)
        verify_error(k, ((ErrCtx){f->offset, FT_STACK_OVERFLOW, or_frame(k, f), or_none()}),
                     "Operand stack overflow");
    f->stack[f->stack_size++] = t;
}

static void push2(Checker *k, Frame *f, VT t1, VT t2)
{
    if (f->stack_size >= f->max_stack - 1)
        verify_error(k, ((ErrCtx){f->offset, FT_STACK_OVERFLOW, or_frame(k, f), or_none()}),
                     "Operand stack overflow");
    f->stack[f->stack_size++] = t1;
    f->stack[f->stack_size++] = t2;
}

static VT get_local(Checker *k, Frame *f, int index, VT type)
{
    if (index >= f->max_locals)
        verify_error(k, ctx_bad_local(f->offset, index), "Local variable table overflow");
    if (!assignable(k, type, f->locals[index], false))
        verify_error(k, ctx_bad_type2(f->offset, or_local(k, index, f), or_implicit(type)),
                     "Bad local variable type");
    if (index >= f->locals_size) f->locals_size = index + 1;
    return f->locals[index];
}

static void get_local2(Checker *k, Frame *f, int index, VT t1, VT t2)
{
    if (index >= f->locals_size - 1)
        verify_error(k, ctx_bad_local(f->offset, index), "get long/double overflows locals");
    if (!assignable(k, t1, f->locals[index], false))
        verify_error(k, ctx_bad_type2(f->offset, or_local(k, index, f), or_implicit(t1)),
                     "Bad local variable type");
    if (!assignable(k, t2, f->locals[index + 1], false))
        verify_error(k, ctx_bad_type2(f->offset, or_local(k, index + 1, f), or_implicit(t2)),
                     "Bad local variable type");
}

static void set_local(Checker *k, Frame *f, int index, VT t)
{
    if (index >= f->max_locals)
        verify_error(k, ctx_bad_local(f->offset, index), "Local variable table overflow");
    /* Overwriting half of a long/double kills the other half. */
    if (is_long_or_double(f->locals[index]) && index + 1 < f->max_locals) f->locals[index + 1] = T_TOP;
    if (is_2nd(f->locals[index]) && index >= 1) f->locals[index - 1] = T_TOP;
    f->locals[index] = t;
    if (index >= f->locals_size) f->locals_size = index + 1;
}

static void set_local2(Checker *k, Frame *f, int index, VT t1, VT t2)
{
    if (index >= f->max_locals - 1)
        verify_error(k, ctx_bad_local(f->offset, index), "Local variable table overflow");
    if (is_long_or_double(f->locals[index + 1]) && index + 2 < f->max_locals) f->locals[index + 2] = T_TOP;
    if (is_2nd(f->locals[index]) && index >= 1) f->locals[index - 1] = T_TOP;
    f->locals[index] = t1;
    f->locals[index + 1] = t2;
    if (index >= f->locals_size - 1) f->locals_size = index + 2;
}

static void initialize_object(Frame *f, VT old, VT new_type)
{
    for (int i = 0; i < f->max_locals; i++)
        if (f->locals[i] == old) f->locals[i] = new_type;
    for (int i = 0; i < f->stack_size; i++)
        if (f->stack[i] == old) f->stack[i] = new_type;
    if (old == T_UNINIT_THIS) f->flags = 0;
}

/* StackMapFrame::is_assignable_to: is `f` (the current state) acceptable at frame `t`? */
static bool frame_assignable(Checker *k, Frame *f, Frame *t, ErrCtx *ctx)
{
    if (f->max_locals != t->max_locals) {
        *ctx = (ErrCtx){f->offset, FT_LOCALS_SIZE_MISMATCH, or_frame(k, f), or_frame(k, t)};
        return false;
    }
    if (f->stack_size != t->stack_size) {
        *ctx = (ErrCtx){f->offset, FT_STACK_SIZE_MISMATCH, or_frame(k, f), or_frame(k, t)};
        return false;
    }
    for (int i = 0; i < t->locals_size; i++) {
        VT from = i < f->max_locals ? f->locals[i] : T_TOP;
        if (!assignable(k, t->locals[i], from, false)) {
            *ctx = ctx_bad_type2(t->offset, or_local(k, i, f), or_sm_local(k, i, t));
            return false;
        }
    }
    for (int i = 0; i < f->stack_size; i++) {
        if (!assignable(k, t->stack[i], f->stack[i], false)) {
            *ctx = ctx_bad_type2(t->offset, or_stack(k, i, f), or_sm_stack(k, i, t));
            return false;
        }
    }
    if ((f->flags | t->flags) == t->flags) return true;
    *ctx = (ErrCtx){t->offset, FT_FLAGS_MISMATCH, or_frame(k, f), or_frame(k, t)};
    return false;
}

/* ------------------------------------------------------------------------------------ */
/* Descriptors                                                                          */
/* ------------------------------------------------------------------------------------ */

/* One field type at *p as verification types (n = 1 or 2); advances *p. */
static int sig_type(const char **p, VT out[2])
{
    const char *s = *p;
    switch (*s) {
    case 'J': *p = s + 1; out[0] = T_LONG; out[1] = T_LONG2; return 2;
    case 'D': *p = s + 1; out[0] = T_DOUBLE; out[1] = T_DOUBLE2; return 2;
    case 'F': *p = s + 1; out[0] = T_FLOAT; return 1;
    case 'L': {
        const char *e = strchr(s, ';');
        out[0] = T_REF(vsym(s + 1, (size_t)(e - s - 1)));
        *p = e + 1;
        return 1;
    }
    case '[': {
        const char *e = s;
        while (*e == '[') e++;
        e = *e == 'L' ? strchr(e, ';') + 1 : e + 1;
        out[0] = T_REF(vsym(s, (size_t)(e - s)));
        *p = e;
        return 1;
    }
    default: *p = s + 1; out[0] = T_INT; return 1; /* I Z B C S */
    }
}

static Sig *method_sig(Checker *k, uint16_t desc_index)
{
    if (k->sigs == NULL) k->sigs = alloc(k, sizeof(Sig *) * k->cf->cp_count);
    if (k->sigs[desc_index] != NULL) return k->sigs[desc_index];
    const char *d = cf_utf8(k->cf, desc_index);
    Sig *s = alloc(k, sizeof(Sig) + sizeof(VT) * (strlen(d) * 2 + 2));
    const char *p = d + 1;
    int n = 0;
    while (*p != ')') n += sig_type(&p, s->types + n);
    s->nargs = n;
    p++;
    if (*p != 'V') n += sig_type(&p, s->types + n);
    s->ntypes = n;
    k->sigs[desc_index] = s;
    return s;
}

static int field_sig(const char *d, VT out[2])
{
    return sig_type(&d, out);
}

/* ------------------------------------------------------------------------------------ */
/* The stack map table (StackMapReader)                                                 */
/* ------------------------------------------------------------------------------------ */

typedef struct Reader {
    Checker *k;
    const uint8_t *data;
    uint32_t len, pos;
    int frame_count;
} Reader;

/* StackMapStream::stackmap_format_error: a ClassFormatError thrown at once (no failover).
 * Parsing of the frame goes on, as in HotSpot, but the first exception stays pending. */
static void format_pending(Reader *r, const char *what)
{
    if (r->k->pending_cfe == NULL) r->k->pending_cfe = what;
}

static uint8_t rd_u1(Reader *r)
{
    if (r->data == NULL || r->pos >= r->len) {
        format_pending(r, "access beyond the end of attribute");
        return 0;
    }
    return r->data[r->pos++];
}

static uint16_t rd_u2(Reader *r)
{
    if (r->data == NULL || r->pos + 1 >= r->len) {
        format_pending(r, "access beyond the end of attribute");
        return 0;
    }
    uint16_t v = vu2(r->data + r->pos);
    r->pos += 2;
    return v;
}

static bool reader_stop(Reader *r) { return r->k->pending_cfe != NULL || r->k->kind != VR_OK; }

static VT parse_vtype(Reader *r, uint8_t *flags)
{
    Checker *k = r->k;
    uint8_t t = rd_u1(r);
    if (t < 6) {
        static const VT from_tag[6] = {T_TOP, T_INT, T_FLOAT, T_DOUBLE, T_LONG, T_NULL};
        return from_tag[t];
    }
    if (t == 7) {
        uint16_t ci = rd_u2(r);
        if (ci == 0 || ci >= k->cf->cp_count || k->cf->cp_tags[ci] != CONSTANT_Class) {
            format_pending(r, "bad class index");
            return T_TOP;
        }
        return T_REF(cf_class_name(k->cf, ci));
    }
    if (t == 6) {
        if (flags != NULL) *flags |= FLAG_THIS_UNINIT;
        return T_UNINIT_THIS;
    }
    if (t == 8) {
        uint16_t off = rd_u2(r);
        if (off >= k->code_length || k->code_data[off] != CD_NEW) {
            record_format_error(k, "StackMapTable format error: bad offset for Uninitialized");
            return T_TOP;
        }
        return T_UNINIT(off);
    }
    format_pending(r, "bad verification type");
    return T_TOP;
}

static void check_size(Reader *r, int size, int max)
{
    if (size < 0 || size > max)
        record_format_error(r->k, "StackMapTable format error: bad type array size");
}

static Frame *new_frame(Checker *k, int offset, uint8_t flags, int lsize, int ssize, VT *locals, VT *stack)
{
    Frame *f = alloc(k, sizeof(Frame));
    *f = (Frame){offset, lsize, ssize, -1, k->cur.max_locals, k->cur.max_stack, flags, locals, stack};
    return f;
}

static VT *copy_locals_of(Checker *k, const Frame *pre, int n)
{
    if (n <= 0) return NULL;
    VT *l = alloc(k, sizeof(VT) * (size_t)n);
    for (int i = 0; i < n && i < pre->locals_size; i++) l[i] = pre->locals[i];
    return l;
}

/* Offset and locals of a frame that keeps the previous frame's locals. The first frame
 * gets its own copy of the initial locals (the initial frame is the one being mutated). */
static VT *same_locals(Checker *k, Frame *pre, bool first, int delta, int *offset)
{
    if (first) {
        *offset = delta;
        return copy_locals_of(k, pre, pre->locals_size);
    }
    *offset = pre->offset + delta + 1;
    return pre->locals;
}

/* same_locals_1_stack_item_frame(_extended): the previous locals and one stack item. */
static Frame *one_item_frame(Reader *r, Frame *pre, bool first, int delta)
{
    Checker *k = r->k;
    int offset;
    VT *locals = same_locals(k, pre, first, delta, &offset);
    VT *stack = alloc(k, sizeof(VT) * 2);
    int ss = 1;
    stack[0] = parse_vtype(r, NULL);
    if (reader_stop(r)) return NULL;
    if (is_cat2(stack[0])) {
        stack[1] = stack[0] == T_LONG ? T_LONG2 : T_DOUBLE2;
        ss = 2;
    }
    check_size(r, ss, k->cur.max_stack);
    if (reader_stop(r)) return NULL;
    return new_frame(k, offset, pre->flags, pre->locals_size, ss, locals, stack);
}

/* StackMapReader::next: one frame, or NULL after recording an error. */
static Frame *next_frame(Reader *r, Frame *pre, bool first)
{
    Checker *k = r->k;
    int max_locals = k->cur.max_locals, max_stack = k->cur.max_stack;
    uint8_t ft = rd_u1(r);
    int offset;
    VT *locals = NULL;
    if (ft < 64) {
        /* same_frame */
        locals = same_locals(k, pre, first, ft, &offset);
        return new_frame(k, offset, pre->flags, pre->locals_size, 0, locals, NULL);
    }
    if (ft < 128) return one_item_frame(r, pre, first, ft - 64); /* same_locals_1_stack_item */
    int delta = rd_u2(r);
    if (ft < 247) {
        format_pending(r, "reserved frame type");
        return NULL;
    }
    if (ft == 247) return one_item_frame(r, pre, first, delta); /* ..._extended */
    if (ft <= 251) {
        /* chop_frame (248..250), same_frame_extended (251) */
        int chops = 251 - ft;
        int len = pre->locals_size, nl = len;
        uint8_t flags = pre->flags;
        if (chops != 0) {
            if (pre->locals == NULL) {
                nl = -1;
            } else {
                int pos = len - 1;
                for (int i = 0; i < chops; i++) {
                    if (pos >= 0 && is_2nd(pre->locals[pos]))
                        pos -= 2;
                    else
                        pos--;
                    if (pos < 0 && i < chops - 1) {
                        pos = -2;
                        break;
                    }
                }
                nl = pos + 1;
            }
            check_size(r, nl, max_locals);
            if (reader_stop(r)) return NULL;
            flags = 0;
            for (int i = 0; i < nl; i++)
                if (pre->locals[i] == T_UNINIT_THIS) {
                    flags |= FLAG_THIS_UNINIT;
                    break;
                }
        }
        locals = pre->locals;
        if (first) {
            offset = delta;
            locals = copy_locals_of(k, pre, nl);
        } else {
            offset = pre->offset + delta + 1;
        }
        return new_frame(k, offset, flags, nl, 0, locals, NULL);
    }
    if (ft < 255) {
        /* append_frame */
        int appends = ft - 251;
        int real = pre->locals_size;
        locals = alloc(k, sizeof(VT) * (size_t)(real + appends * 2));
        for (int i = 0; i < pre->locals_size; i++) locals[i] = pre->locals[i];
        uint8_t flags = pre->flags;
        for (int i = 0; i < appends; i++) {
            locals[real] = parse_vtype(r, &flags);
            if (is_cat2(locals[real])) {
                locals[real + 1] = locals[real] == T_LONG ? T_LONG2 : T_DOUBLE2;
                real++;
            }
            real++;
        }
        check_size(r, real, max_locals);
        if (reader_stop(r)) return NULL;
        offset = first ? delta : pre->offset + delta + 1;
        return new_frame(k, offset, flags, real, 0, locals, NULL);
    }
    /* full_frame */
    uint8_t flags = 0;
    int nlocals = rd_u2(r), real = 0;
    locals = nlocals > 0 ? alloc(k, sizeof(VT) * (size_t)nlocals * 2) : NULL;
    for (int i = 0; i < nlocals; i++) {
        locals[real] = parse_vtype(r, &flags);
        if (is_cat2(locals[real])) {
            locals[real + 1] = locals[real] == T_LONG ? T_LONG2 : T_DOUBLE2;
            real++;
        }
        real++;
    }
    check_size(r, real, max_locals);
    if (reader_stop(r)) return NULL;
    int nstack = rd_u2(r), sreal = 0;
    VT *stack = nstack > 0 ? alloc(k, sizeof(VT) * (size_t)nstack * 2) : NULL;
    for (int i = 0; i < nstack; i++) {
        stack[sreal] = parse_vtype(r, NULL);
        if (is_cat2(stack[sreal])) {
            stack[sreal + 1] = stack[sreal] == T_LONG ? T_LONG2 : T_DOUBLE2;
            sreal++;
        }
        sreal++;
    }
    check_size(r, sreal, max_stack);
    if (reader_stop(r)) return NULL;
    offset = first ? delta : pre->offset + delta + 1;
    return new_frame(k, offset, flags, real, sreal, locals, stack);
}

static void stop_if_pending(Checker *k)
{
    if (k->pending_cfe != NULL) {
        exc_throw(k->v->t, "java/lang/ClassFormatError", "StackMapTable format error: %s", k->pending_cfe);
        longjmp(k->jb, VR_PENDING);
    }
    if (k->kind != VR_OK) fail(k);
}

static void read_stack_map_table(Checker *k)
{
    CfBytes smt = k->code->stack_map_table;
    Reader r = {k, smt.data, smt.data ? smt.len : 0, 0, 0};
    k->frames = NULL;
    k->frame_count = 0;
    if (smt.data != NULL) {
        r.frame_count = rd_u2(&r);
        stop_if_pending(k);
    }
    if (r.frame_count > 0) {
        k->frames = alloc(k, sizeof(Frame *) * (size_t)r.frame_count);
        Frame *pre = &k->cur;
        for (int i = 0; i < r.frame_count; i++) {
            Frame *f = next_frame(&r, pre, i == 0);
            stop_if_pending(k);
            k->frames[i] = f;
            if (f->offset >= (int)k->code_length || k->code_data[f->offset] == CD_NONE)
                verify_error(k, ((ErrCtx){0, FT_BAD_STACKMAP, or_frame(k, f), or_none()}),
                             "StackMapTable error: bad offset");
            pre = f;
        }
        k->frame_count = r.frame_count;
    }
    if (r.data != NULL && r.pos != r.len) {
        format_pending(&r, "wrong attribute size");
        stop_if_pending(k);
    }
}

/* StackMapTable::match_stackmap */
static bool match_stackmap(Checker *k, Frame *f, int target, int index, bool match, bool update,
                           ErrCtx *ctx)
{
    if (index < 0 || index >= k->frame_count) {
        *ctx = ctx_missing_stackmap(f->offset);
        verify_error(k, *ctx, "Expecting a stackmap frame at branch target %d", target);
    }
    Frame *sm = k->frames[index];
    bool result = true;
    if (match) result = frame_assignable(k, f, sm, ctx);
    if (update) {
        int ls = sm->locals_size, ss = sm->stack_size;
        if (f->locals_size > ls || f->stack_size > ss) {
            for (int i = 0; i < f->max_locals; i++) f->locals[i] = T_TOP;
            for (int i = 0; i < f->max_stack; i++) f->stack[i] = T_TOP;
        }
        f->locals_size = ls;
        for (int i = 0; i < ls; i++) f->locals[i] = sm->locals[i];
        f->stack_size = f->stack_mark = ss;
        for (int i = 0; i < ss; i++) f->stack[i] = sm->stack[i];
        f->flags = sm->flags;
    }
    return result;
}

/* The frame at `offset`, or frame_count. Offsets strictly increase along the table (each
 * delta adds at least 1), so a binary search finds what HotSpot's linear search does. */
static int frame_index(Checker *k, int offset)
{
    int lo = 0, hi = k->frame_count - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2, o = k->frames[mid]->offset;
        if (o == offset) return mid;
        if (o < offset) lo = mid + 1;
        else hi = mid - 1;
    }
    return k->frame_count;
}

static void check_jump_target(Checker *k, Frame *f, int target)
{
    ErrCtx ctx = {.bci = -1};
    bool ok = match_stackmap(k, f, target, frame_index(k, target), true, false, &ctx);
    if (!ok || target < 0 || target >= (int)k->code_length)
        verify_error(k, ctx, "Inconsistent stackmap frames at branch target %d", target);
}

/* ------------------------------------------------------------------------------------ */
/* Constant pool checks                                                                 */
/* ------------------------------------------------------------------------------------ */

static void verify_cp_index(Checker *k, int bci, int index)
{
    if (index <= 0 || index >= k->cf->cp_count) {
        char ext[1024];
        external_name(k, ext, sizeof ext);
        verify_error(k, ctx_bad_cp_index(bci, index), "Illegal constant pool index %d in class %s",
                     index, ext);
    }
}

static void verify_cp_type(Checker *k, int bci, int index, unsigned types)
{
    verify_cp_index(k, bci, index);
    unsigned t = k->cf->cp_tags[index];
    if ((types & (1u << t)) == 0) {
        char ext[1024];
        external_name(k, ext, sizeof ext);
        verify_error(k, ctx_bad_cp_index(bci, index), "Illegal type at constant pool entry %d in class %s",
                     index, ext);
    }
}

static void verify_cp_class_type(Checker *k, int bci, int index)
{
    verify_cp_type(k, bci, index, 1u << CONSTANT_Class);
}

static VT cp_class_type(Checker *k, int index) { return T_REF(cf_class_name(k->cf, index)); }

static bool name_in_supers(Checker *k, const char *name)
{
    for (Class *s = k->c->super; s != NULL; s = s->super)
        if (s->name == name) return true;
    return false;
}

/* ClassVerifier::is_protected_access */
static bool is_protected_access(Checker *k, Class *target, const char *name, const char *desc,
                                bool is_method)
{
    if (!vsubclass(k->c, target)) return false;
    if (is_method) {
        for (Class *s = target; s != NULL; s = s->super) {
            Method *m = class_find_declared_method(s, name, desc);
            if (m != NULL) return (m->access & ACC_PROTECTED) && !class_same_package(k->c, m->clazz);
        }
        return false;
    }
    Field *f = class_lookup_field(target, name, desc);
    return f != NULL && (f->access & ACC_PROTECTED) && !class_same_package(k->c, f->clazz);
}

/* ------------------------------------------------------------------------------------ */
/* Exception handlers                                                                   */
/* ------------------------------------------------------------------------------------ */

static void verify_handler_table(Checker *k)
{
    const CfCode *code = k->code;
    k->ex_min = (int)k->code_length;
    k->ex_max = -1;
    for (int i = 0; i < code->handler_count; i++) {
        const CfExceptionHandler *h = &code->handlers[i];
        if (h->start_pc >= k->code_length || k->code_data[h->start_pc] == CD_NONE) {
            record_format_error(k, "Illegal exception table start_pc %d", h->start_pc);
            fail(k);
        }
        if (h->end_pc != k->code_length && (h->end_pc > k->code_length || k->code_data[h->end_pc] == CD_NONE)) {
            record_format_error(k, "Illegal exception table end_pc %d", h->end_pc);
            fail(k);
        }
        if (h->handler_pc >= k->code_length || k->code_data[h->handler_pc] == CD_NONE) {
            record_format_error(k, "Illegal exception table handler_pc %d", h->handler_pc);
            fail(k);
        }
        if (h->catch_type != 0) {
            VT ct = cp_class_type(k, h->catch_type);
            VT thr = T_REF(vn.throwable);
            if (!assignable(k, thr, ct, false))
                verify_error(k, ctx_bad_type2(h->handler_pc, or_cp(h->catch_type, ct), or_implicit(thr)),
                             "Catch type is not a subclass of Throwable in exception handler %d",
                             h->handler_pc);
        }
        if (h->start_pc < k->ex_min) k->ex_min = h->start_pc;
        if (h->end_pc > k->ex_max) k->ex_max = h->end_pc;
    }
}

static void verify_local_variable_table(Checker *k)
{
    const CfCode *code = k->code;
    const CfLocalVar *vars = cf_local_vars(code);
    for (int i = 0; i < code->local_var_count; i++) {
        const CfLocalVar *lv = &vars[i];
        if (lv->start_pc >= k->code_length || k->code_data[lv->start_pc] == CD_NONE) {
            record_format_error(k, "Illegal local variable table start_pc %d", lv->start_pc);
            fail(k);
        }
        uint32_t end = (uint32_t)lv->start_pc + lv->length;
        if (end != k->code_length && (end >= k->code_length || k->code_data[end] == CD_NONE)) {
            record_format_error(k, "Illegal local variable table length %d", lv->length);
            fail(k);
        }
    }
}

/* ClassVerifier::verify_exception_handler_targets */
static void verify_handler_targets(Checker *k, int bci, bool this_uninit)
{
    const CfCode *code = k->code;
    for (int i = 0; i < code->handler_count; i++) {
        const CfExceptionHandler *h = &code->handlers[i];
        if (bci < h->start_pc || bci >= h->end_pc) continue;
        uint8_t flags = k->cur.flags | (this_uninit ? FLAG_THIS_UNINIT : 0);
        VT one[1];
        Frame nf = {k->cur.offset, k->cur.locals_size, 0, -1, k->cur.max_locals, k->cur.max_stack,
                    flags, k->cur.locals, one};
        push(k, &nf, h->catch_type != 0 ? cp_class_type(k, h->catch_type) : T_REF(vn.throwable));
        ErrCtx ctx = {.bci = -1};
        if (!match_stackmap(k, &nf, h->handler_pc, frame_index(k, h->handler_pc), true, false, &ctx))
            verify_error(k, ctx, "Stack map does not match the one at exception handler %d", h->handler_pc);
    }
}

/* ------------------------------------------------------------------------------------ */
/* Instructions                                                                         */
/* ------------------------------------------------------------------------------------ */

#define BAD_TYPE_MSG "Bad type on operand stack in %s"

/* The word below t (just popped) of a two-word operand of pop2, dup_x2 and the dup2
 * family: another category-1 value, or the first half of the category-2 value whose
 * second half t is. Anything else is the instruction's bad-type VerifyError. */
static VT pop_second_word(Checker *k, Frame *f, VT t, int bci, const char *op)
{
    if (is_cat1(t)) return pop(k, f, Q_CAT1);
    if (is_cat2_2nd(t)) return pop(k, f, Q_CAT2);
    verify_error(k, ctx_bad_type(bci, or_stack(k, f->stack_size, f)), BAD_TYPE_MSG, op);
}

static void verify_ldc(Checker *k, int opcode, int index, int bci)
{
    Frame *f = &k->cur;
    verify_cp_index(k, bci, index);
    int tag = k->cf->cp_tags[index];
    unsigned types = 0;
    if (opcode == OP_ldc || opcode == OP_ldc_w) {
        if (tag != CONSTANT_Class) {
            types = 1u << CONSTANT_Integer | 1u << CONSTANT_Float | 1u << CONSTANT_String |
                    1u << CONSTANT_Class | 1u << CONSTANT_MethodHandle | 1u << CONSTANT_MethodType |
                    1u << CONSTANT_Dynamic;
            verify_cp_type(k, bci, index, types);
        }
    } else {
        types = 1u << CONSTANT_Double | 1u << CONSTANT_Long | 1u << CONSTANT_Dynamic;
        verify_cp_type(k, bci, index, types);
    }
    switch (tag) {
    case CONSTANT_String: push(k, f, T_REF(vn.string)); break;
    case CONSTANT_Class: push(k, f, T_REF(vn.klass)); break;
    case CONSTANT_Integer: push(k, f, T_INT); break;
    case CONSTANT_Float: push(k, f, T_FLOAT); break;
    case CONSTANT_Double: push2(k, f, T_DOUBLE, T_DOUBLE2); break;
    case CONSTANT_Long: push2(k, f, T_LONG, T_LONG2); break;
    case CONSTANT_MethodHandle: push(k, f, T_REF(vn.method_handle)); break;
    case CONSTANT_MethodType: push(k, f, T_REF(vn.method_type)); break;
    case CONSTANT_Dynamic: {
        const char *d = cf_utf8(k->cf, k->cf->cp[vcp_dyn_nat(k->cf, index)].u.nat.desc_index);
        VT t[2];
        int n = field_sig(d, t);
        if (n != (opcode == OP_ldc2_w ? 2 : 1)) verify_cp_type(k, bci, index, types & ~(1u << CONSTANT_Dynamic));
        for (int i = 0; i < n; i++) push(k, f, t[i]);
        break;
    }
    default:
        verify_error(k, ctx_bad_cp_index(bci, index), "Invalid index in ldc");
    }
}

static void verify_switch(Checker *k, int bci)
{
    Frame *f = &k->cur;
    const uint8_t *bc = k->bc;
    uint32_t a = ((uint32_t)bci + 4) & ~3u;
    if (k->c->major < 51) {
        for (uint32_t p = (uint32_t)bci + 1; p < a; p++)
            if (bc[p] != 0)
                verify_error(k, ctx_bad_code(bci), "Nonzero padding byte in lookupswitch or tableswitch");
    }
    int32_t dflt = vs4(bc + a);
    int keys, delta;
    pop(k, f, T_INT);
    if (bc[bci] == OP_tableswitch) {
        int32_t lo = vs4(bc + a + 4), hi = vs4(bc + a + 8);
        if (lo > hi) verify_error(k, ctx_bad_code(bci), "low must be less than or equal to high in tableswitch");
        keys = (int)((uint32_t)hi - (uint32_t)lo + 1u);
        if (keys < 0) verify_error(k, ctx_bad_code(bci), "too many keys in tableswitch");
        delta = 1;
    } else {
        keys = vs4(bc + a + 4);
        if (keys < 0) verify_error(k, ctx_bad_code(bci), "number of keys in lookupswitch less than 0");
        delta = 2;
        for (int i = 0; i < keys - 1; i++) {
            int32_t key = vs4(bc + a + (uint32_t)(2 + 2 * i) * 4);
            int32_t next = vs4(bc + a + (uint32_t)(2 + 2 * i + 2) * 4);
            if (key >= next) verify_error(k, ctx_bad_code(bci), "Bad lookupswitch instruction");
        }
    }
    check_jump_target(k, f, bci + dflt);
    for (int i = 0; i < keys; i++)
        check_jump_target(k, f, bci + vs4(bc + a + (uint32_t)(3 + i * delta) * 4));
}

static void verify_field(Checker *k, int bci, bool allow_arrays)
{
    Frame *f = &k->cur;
    const ClassFile *cf = k->cf;
    int op = k->bc[bci];
    int index = vu2(k->bc + bci + 1);
    verify_cp_type(k, bci, index, 1u << CONSTANT_Fieldref);
    const char *name = vcp_member_name(cf, index);
    const char *desc = cf_utf8(cf, vcp_member_desc_index(cf, index));
    VT ref = T_REF(vcp_member_class(cf, index));
    if (!is_object(ref) && (!allow_arrays || !is_array(ref))) {
        char ext[1024];
        external_name(k, ext, sizeof ext);
        verify_error(k, ctx_bad_type(bci, or_cp(index, ref)),
                     "Expecting reference to class in class %s at constant pool index %d", ext, index);
    }
    VT ft[2];
    int n = field_sig(desc, ft);
    VT obj;
    bool is_getfield = false;
    switch (op) {
    case OP_getstatic:
        for (int i = 0; i < n; i++) push(k, f, ft[i]);
        return;
    case OP_putstatic:
        for (int i = n - 1; i >= 0; i--) pop(k, f, ft[i]);
        return;
    case OP_getfield:
        is_getfield = true;
        obj = pop(k, f, ref);
        break;
    default: /* putfield */
        for (int i = n - 1; i >= 0; i--) pop(k, f, ft[i]);
        obj = pop_any(k, f);
        /* A constructor may store its own fields before calling super(). */
        if (obj == T_UNINIT_THIS && ref == k->this_type && class_find_declared_field(k->c, name, desc) != NULL)
            obj = k->this_type;
        if (!assignable(k, ref, obj, false))
            verify_error(k, ctx_bad_type2(bci, or_stack(k, f->stack_size, f), or_cp(index, ref)),
                         "Bad type on operand stack in putfield");
        break;
    }
    /* Protected access through a superclass from another package (JVMS 4.10.1.8). */
    if (obj != k->this_type) {
        const char *ref_name = vcp_member_class(cf, index);
        if (name_in_supers(k, ref_name)) {
            Class *rc = vload(k->v, ref_name);
            if (is_protected_access(k, rc, name, desc, false) && !assignable(k, k->this_type, obj, true))
                verify_error(k, ctx_bad_type2(bci, or_stack(k, f->stack_size, f), or_implicit(k->this_type)),
                             "Bad access to protected data in %s", is_getfield ? "getfield" : "putfield");
        }
    }
    if (is_getfield)
        for (int i = 0; i < n; i++) push(k, f, ft[i]);
}

static void verify_invoke_init(Checker *k, int bci, int ref_index, VT ref, bool in_try, bool *this_uninit)
{
    Frame *f = &k->cur;
    VT type = pop(k, f, Q_REF);
    if (type == T_UNINIT_THIS) {
        Class *super = k->c->super;
        if (NAME(ref) != k->v->cur_name && (super == NULL || NAME(ref) != super->name))
            verify_error(k, ctx_bad_type2(bci, or_implicit(ref), or_implicit(k->this_type)), "Bad <init> method call");
        if (in_try) {
            const CfCode *code = k->code;
            for (int i = 0; i < code->handler_count; i++) {
                const CfExceptionHandler *h = &code->handlers[i];
                if (bci >= h->start_pc && bci < h->end_pc && !vends_in_athrow(&k->v->arena, k->code, h->handler_pc))
                    verify_error(k, ctx_bad_code(bci), "Bad <init> method call from after the start of a try block");
            }
            verify_handler_targets(k, bci, true);
        }
        initialize_object(f, type, k->this_type);
        *this_uninit = true;
    } else if (is_uninit(type)) {
        int new_offset = uninit_bci(type);
        if ((uint32_t)new_offset > k->code_length - 3 || k->bc[new_offset] != OP_new)
            verify_error(k, ctx_bad_code(new_offset), "Expecting new instruction");
        int new_index = vu2(k->bc + new_offset + 1);
        verify_cp_class_type(k, bci, new_index);
        VT nt = cp_class_type(k, new_index);
        if (nt != ref)
            verify_error(k, ctx_bad_type2(bci, or_cp(new_index, nt), or_cp(ref_index, ref)), "Call to wrong <init> method");
        if (name_in_supers(k, NAME(ref))) {
            Class *rc = vload(k->v, NAME(ref));
            const char *desc = cf_utf8(k->cf, vcp_member_desc_index(k->cf, ref_index));
            Method *m = NULL;
            for (Class *s = rc; s != NULL && m == NULL; s = s->super) m = class_find_declared_method(s, vn.init, desc);
            if (m != NULL && (m->access & ACC_PROTECTED) && !class_same_package(m->clazz, k->c) &&
                !assignable(k, k->this_type, nt, true))
                verify_error(k, ctx_bad_type2(bci, or_cp(new_index, nt), or_implicit(k->this_type)),
                             "Bad access to protected <init> method");
        }
        if (in_try) verify_handler_targets(k, bci, *this_uninit);
        initialize_object(f, type, nt);
    } else {
        verify_error(k, ctx_bad_type(bci, or_stack(k, f->stack_size, f)), "Bad operand type when invoking <init>");
    }
}

static bool same_or_direct_interface(Checker *k, VT ref)
{
    if (ref == k->this_type) return true;
    for (int i = 0; i < k->c->interface_count; i++)
        if (NAME(ref) == k->c->interfaces[i]->name) return true;
    return false;
}

static void verify_invoke(Checker *k, int bci, bool in_try, bool *this_uninit)
{
    Frame *f = &k->cur;
    const ClassFile *cf = k->cf;
    const uint8_t *bcp = k->bc + bci;
    int op = bcp[0], index = vu2(bcp + 1);
    unsigned types;
    switch (op) {
    case OP_invokeinterface: types = 1u << CONSTANT_InterfaceMethodref; break;
    case OP_invokedynamic: types = 1u << CONSTANT_InvokeDynamic; break;
    case OP_invokespecial:
    case OP_invokestatic:
        types = k->c->major < 52 ? 1u << CONSTANT_Methodref
                                 : (1u << CONSTANT_InterfaceMethodref | 1u << CONSTANT_Methodref);
        break;
    default: types = 1u << CONSTANT_Methodref; break;
    }
    verify_cp_type(k, bci, index, types);
    uint16_t nat = op == OP_invokedynamic ? vcp_dyn_nat(cf, index) : cf->cp[index].u.ref.nat_index;
    const char *name = cf_utf8(cf, cf->cp[nat].u.nat.name_index);
    uint16_t desc_index = cf->cp[nat].u.nat.desc_index;
    VT ref = T_TOP;
    if (op == OP_invokedynamic) {
        if (k->c->major < 51) {
            char ext[1024];
            external_name(k, ext, sizeof ext);
            record_format_error(k, "invokedynamic instructions not supported by this class file version (%d), class %s",
                                k->c->major, ext);
            fail(k);
        }
    } else {
        ref = T_REF(vcp_member_class(cf, index));
    }
    Sig *sig = method_sig(k, desc_index);
    int nargs = sig->nargs;
    if (op == OP_invokeinterface) {
        if (bcp[3] != nargs + 1)
            verify_error(k, ctx_bad_code(bci), "Inconsistent args count operand in invokeinterface");
        if (bcp[4] != 0)
            verify_error(k, ctx_bad_code(bci), "Fourth operand byte of invokeinterface must be zero");
    }
    if (op == OP_invokedynamic && (bcp[3] != 0 || bcp[4] != 0))
        verify_error(k, ctx_bad_code(bci), "Third and fourth operand bytes of invokedynamic must be zero");
    if (name[0] == '<') {
        if (op != OP_invokespecial || name != vn.init)
            verify_error(k, ctx_bad_code(bci), "Illegal call to internal method");
    } else if (op == OP_invokespecial && !same_or_direct_interface(k, ref) &&
               (k->c->super == NULL || NAME(ref) != k->c->super->name)) {
        bool imr = cf->cp_tags[index] == CONSTANT_InterfaceMethodref;
        if (!assignable(k, ref, k->this_type, false))
            verify_error(k, ctx_bad_code(bci),
                         "Bad invokespecial instruction: current class isn't assignable to reference class.");
        if (imr)
            verify_error(k, ctx_bad_code(bci),
                         "Bad invokespecial instruction: interface method reference is in an indirect superinterface.");
    }
    for (int i = nargs - 1; i >= 0; i--) pop(k, f, sig->types[i]);
    if (op != OP_invokestatic && op != OP_invokedynamic) {
        if (name == vn.init) {
            verify_invoke_init(k, bci, index, ref, in_try, this_uninit);
        } else if (op == OP_invokespecial) {
            pop(k, f, k->this_type);
        } else if (op == OP_invokevirtual) {
            VT obj = pop(k, f, ref);
            if (obj != k->this_type) {
                const char *ref_name = vcp_member_class(cf, index);
                if (name_in_supers(k, ref_name)) {
                    Class *rc = vload(k->v, ref_name);
                    const char *desc = cf_utf8(cf, desc_index);
                    if (is_protected_access(k, rc, name, desc, true)) {
                        /* Arrays pretend to implement a public clone(). */
                        bool array_clone = NAME(ref) == vn.object && is_array(obj) && name == vn.clone;
                        if (!array_clone && !assignable(k, k->this_type, obj, true))
                            verify_error(k, ctx_bad_type2(bci, or_stack(k, f->stack_size, f), or_implicit(k->this_type)),
                                         "Bad access to protected data in invokevirtual");
                    }
                }
            }
        } else {
            pop(k, f, ref);
        }
    }
    if (sig->ntypes > nargs) {
        if (name == vn.init) verify_error(k, ctx_bad_code(bci), "Return type must be void in <init> method");
        for (int i = nargs; i < sig->ntypes; i++) push(k, f, sig->types[i]);
    }
}

static VT newarray_type(Checker *k, int atype, int bci)
{
    static const char *names[] = {"[Z", "[C", "[F", "[D", "[B", "[S", "[I", "[J"};
    if (atype < 4 || atype > 11) verify_error(k, ctx_bad_code(bci), "Illegal newarray instruction");
    return T_REF(sym_intern(names[atype - 4]));
}

static void verify_anewarray(Checker *k, int bci, int index)
{
    Frame *f = &k->cur;
    verify_cp_class_type(k, bci, index);
    pop(k, f, T_INT);
    VT comp = cp_class_type(k, index);
    const char *cn = NAME(comp);
    size_t len = strlen(cn);
    char *buf = alloc(k, len + 4);
    if (is_array(comp)) {
        if (len > 255 && cn[254] == '[')
            verify_error(k, ctx_bad_code(bci), "Illegal anewarray instruction, array has more than 255 dimensions");
        buf[0] = '[';
        memcpy(buf + 1, cn, len);
        len += 1;
    } else {
        buf[0] = '[';
        buf[1] = 'L';
        memcpy(buf + 2, cn, len);
        buf[len + 2] = ';';
        len += 3;
    }
    push(k, f, T_REF(vsym(buf, len)));
}

static void verify_return_value(Checker *k, VT type, int bci)
{
    Frame *f = &k->cur;
    if (k->return_type == T_TOP)
        verify_error(k, ctx_bad_type2(bci, or_stack(k, f->stack_size, f), or_sig(k->return_type)),
                     "Method does not expect a return value");
    if (!assignable(k, k->return_type, type, false))
        verify_error(k, ctx_bad_type2(bci, or_stack(k, f->stack_size, f), or_sig(k->return_type)), "Bad return type");
}

/* The initial frame from the method's descriptor; returns the return type (TOP for V). */
static VT set_locals_from_args(Checker *k)
{
    Frame *f = &k->cur;
    int n = 0;
    if (!(k->m->access & ACC_STATIC)) {
        n++;
        if (k->m->name == vn.init && k->this_type != T_REF(vn.object)) {
            f->locals[0] = T_UNINIT_THIS;
            f->flags |= FLAG_THIS_UNINIT;
        } else {
            f->locals[0] = k->this_type;
        }
    }
    const char *p = k->m->desc + 1;
    while (*p != ')') n += sig_type(&p, f->locals + n);
    f->locals_size = n;
    p++;
    switch (*p) {
    case 'V': return T_TOP;
    case 'B': return T_BYTE;
    case 'C': return T_CHAR;
    case 'S': return T_SHORT;
    case 'Z': return T_BOOLEAN;
    default: {
        VT t[2];
        sig_type(&p, t);
        return t[0];
    }
    }
}

static int generate_code_data(Checker *k)
{
    k->code_data = alloc(k, k->code_length + 1);
    for (uint32_t bci = 0; bci < k->code_length;) {
        uint32_t len;
        bool wide;
        int op = vscan(k->bc, k->code_length, bci, &len, &wide);
        if (op < 0) verify_error(k, ctx_bad_code((int)bci), "Bad instruction");
        k->code_data[bci] = op == OP_new ? CD_NEW : CD_INSN;
        bci += len;
    }
    return 0;
}

/* ClassVerifier::verify_stackmap_table */
static int verify_stackmap_entry(Checker *k, int index, int bci, bool no_control_flow)
{
    if (index < k->frame_count) {
        int off = k->frames[index]->offset;
        if (no_control_flow && off > bci) verify_error(k, ctx_missing_stackmap(bci), "Expecting a stack map frame");
        if (off == bci) {
            ErrCtx ctx = {.bci = -1};
            if (!match_stackmap(k, &k->cur, off, index, !no_control_flow, true, &ctx))
                verify_error(k, ctx, "Instruction type does not match stack map");
            index++;
        } else if (off < bci) {
            record_format_error(k, "Bad stack map offset %d", off);
            fail(k);
        }
    } else if (no_control_flow) {
        verify_error(k, ctx_bad_code(bci), "Expecting a stack map frame");
    }
    return index;
}

static bool is_wide_ok(int op)
{
    return op == OP_iinc || op == OP_iload || op == OP_aload || op == OP_lload || op == OP_istore ||
           op == OP_astore || op == OP_lstore || op == OP_fload || op == OP_dload || op == OP_fstore ||
           op == OP_dstore;
}

static void check_method(Checker *k)
{
    const CfCode *code = k->code;
    Frame *f = &k->cur;
    int max_locals = code->max_locals, max_stack = code->max_stack;
    *f = (Frame){0, 0, 0, 0, max_locals, max_stack, 0, NULL, NULL};
    f->locals = alloc(k, sizeof(VT) * (size_t)(max_locals > 0 ? max_locals : 1));
    f->stack = alloc(k, sizeof(VT) * (size_t)(max_stack > 0 ? max_stack : 1));
    for (int i = 0; i < max_locals; i++) f->locals[i] = T_TOP;
    for (int i = 0; i < max_stack; i++) f->stack[i] = T_TOP;
    k->return_type = set_locals_from_args(k);

    generate_code_data(k);
    verify_handler_table(k);
    if (code->local_var_count > 0) verify_local_variable_table(k);
    read_stack_map_table(k);

    const uint8_t *bc = k->bc;
    int sm_index = 0;
    bool no_control_flow = false;
    for (uint32_t next = 0; next < k->code_length;) {
        int bci = (int)next;
        uint32_t ilen;
        bool wide;
        int op = vscan(bc, k->code_length, next, &ilen, &wide);
        next += ilen;
        f->offset = bci;
        f->stack_mark = f->stack_size;
        sm_index = verify_stackmap_entry(k, sm_index, bci, no_control_flow);
        bool this_uninit = false, handlers_done = false;
        bool in_try = bci >= k->ex_min && bci < k->ex_max;
        if (wide && !is_wide_ok(op)) verify_error(k, ctx_bad_code(bci), "Bad wide instruction");
        /* Stores change the locals: handlers see the state before the store. */
        if (op >= OP_istore && op <= OP_astore_3 && in_try) {
            verify_handler_targets(k, bci, false);
            handlers_done = true;
        }
        int index = wide ? vu2(bc + bci + 2) : (ilen > 1 ? bc[bci + 1] : 0);
        VT t, t2, t3, t4, at;
        switch (op) {
        case OP_nop: no_control_flow = false; break;
        case OP_aconst_null: push(k, f, T_NULL); no_control_flow = false; break;
        case OP_iconst_m1: case OP_iconst_0: case OP_iconst_1: case OP_iconst_2:
        case OP_iconst_3: case OP_iconst_4: case OP_iconst_5:
        case OP_bipush: case OP_sipush:
            push(k, f, T_INT); no_control_flow = false; break;
        case OP_lconst_0: case OP_lconst_1: push2(k, f, T_LONG, T_LONG2); no_control_flow = false; break;
        case OP_fconst_0: case OP_fconst_1: case OP_fconst_2: push(k, f, T_FLOAT); no_control_flow = false; break;
        case OP_dconst_0: case OP_dconst_1: push2(k, f, T_DOUBLE, T_DOUBLE2); no_control_flow = false; break;
        case OP_ldc: verify_ldc(k, op, bc[bci + 1], bci); no_control_flow = false; break;
        case OP_ldc_w: case OP_ldc2_w: verify_ldc(k, op, vu2(bc + bci + 1), bci); no_control_flow = false; break;
        case OP_iload: case OP_iload_0: case OP_iload_1: case OP_iload_2: case OP_iload_3:
            get_local(k, f, op == OP_iload ? index : op - OP_iload_0, T_INT);
            push(k, f, T_INT); no_control_flow = false; break;
        case OP_lload: case OP_lload_0: case OP_lload_1: case OP_lload_2: case OP_lload_3:
            get_local2(k, f, op == OP_lload ? index : op - OP_lload_0, T_LONG, T_LONG2);
            push2(k, f, T_LONG, T_LONG2); no_control_flow = false; break;
        case OP_fload: case OP_fload_0: case OP_fload_1: case OP_fload_2: case OP_fload_3:
            get_local(k, f, op == OP_fload ? index : op - OP_fload_0, T_FLOAT);
            push(k, f, T_FLOAT); no_control_flow = false; break;
        case OP_dload: case OP_dload_0: case OP_dload_1: case OP_dload_2: case OP_dload_3:
            get_local2(k, f, op == OP_dload ? index : op - OP_dload_0, T_DOUBLE, T_DOUBLE2);
            push2(k, f, T_DOUBLE, T_DOUBLE2); no_control_flow = false; break;
        case OP_aload: case OP_aload_0: case OP_aload_1: case OP_aload_2: case OP_aload_3:
            t = get_local(k, f, op == OP_aload ? index : op - OP_aload_0, Q_REF);
            push(k, f, t); no_control_flow = false; break;
        case OP_iaload: case OP_baload: case OP_caload: case OP_saload:
        case OP_laload: case OP_faload: case OP_daload: case OP_aaload: {
            pop(k, f, T_INT);
            at = pop(k, f, Q_REF);
            static const char elem[] = {'I', 'J', 'F', 'D', 0, 'B', 'C', 'S'};
            static const char *const arr[] = {"[I", "[J", "[F", "[D", NULL, NULL, "[C", "[S"};
            static const char *const nm[] = {"iaload", "laload", "faload", "daload", "aaload", "baload", "caload", "saload"};
            int x = op - OP_iaload;
            bool ok = op == OP_aaload   ? is_ref_array(at)
                      : op == OP_baload ? (is_x_array(at, 'Z') || is_x_array(at, 'B'))
                                        : is_x_array(at, elem[x]);
            if (!ok) {
                Origin exp = op == OP_aaload ? or_implicit(Q_REF)
                             : arr[x] ? or_implicit(T_REF(sym_intern(arr[x]))) : or_none();
                verify_error(k, ctx_bad_type2(bci, or_stack(k, f->stack_size, f), exp), BAD_TYPE_MSG, nm[x]);
            }
            if (op == OP_laload) push2(k, f, T_LONG, T_LONG2);
            else if (op == OP_daload) push2(k, f, T_DOUBLE, T_DOUBLE2);
            else if (op == OP_faload) push(k, f, T_FLOAT);
            else if (op == OP_aaload) push(k, f, at == T_NULL ? T_NULL : component(at));
            else push(k, f, T_INT);
            no_control_flow = false;
            break;
        }
        case OP_istore: case OP_istore_0: case OP_istore_1: case OP_istore_2: case OP_istore_3:
            pop(k, f, T_INT);
            set_local(k, f, op == OP_istore ? index : op - OP_istore_0, T_INT);
            no_control_flow = false; break;
        case OP_lstore: case OP_lstore_0: case OP_lstore_1: case OP_lstore_2: case OP_lstore_3:
            pop2(k, f, T_LONG2, T_LONG);
            set_local2(k, f, op == OP_lstore ? index : op - OP_lstore_0, T_LONG, T_LONG2);
            no_control_flow = false; break;
        case OP_fstore: case OP_fstore_0: case OP_fstore_1: case OP_fstore_2: case OP_fstore_3:
            pop(k, f, T_FLOAT);
            set_local(k, f, op == OP_fstore ? index : op - OP_fstore_0, T_FLOAT);
            no_control_flow = false; break;
        case OP_dstore: case OP_dstore_0: case OP_dstore_1: case OP_dstore_2: case OP_dstore_3:
            pop2(k, f, T_DOUBLE2, T_DOUBLE);
            set_local2(k, f, op == OP_dstore ? index : op - OP_dstore_0, T_DOUBLE, T_DOUBLE2);
            no_control_flow = false; break;
        case OP_astore: case OP_astore_0: case OP_astore_1: case OP_astore_2: case OP_astore_3:
            t = pop(k, f, Q_REF);
            set_local(k, f, op == OP_astore ? index : op - OP_astore_0, t);
            no_control_flow = false; break;
        case OP_iastore: case OP_bastore: case OP_castore: case OP_sastore:
        case OP_lastore: case OP_fastore: case OP_dastore: case OP_aastore: {
            static const char elem[] = {'I', 'J', 'F', 'D', 0, 'B', 'C', 'S'};
            static const char *const arr[] = {"[I", "[J", "[F", "[D", NULL, NULL, "[C", "[S"};
            static const char *const nm[] = {"iastore", "lastore", "fastore", "dastore", "aastore", "bastore", "castore", "sastore"};
            int x = op - OP_iastore;
            if (op == OP_lastore) pop2(k, f, T_LONG2, T_LONG);
            else if (op == OP_dastore) pop2(k, f, T_DOUBLE2, T_DOUBLE);
            else if (op == OP_fastore) pop(k, f, T_FLOAT);
            else if (op == OP_aastore) pop(k, f, T_REF(vn.object));
            else pop(k, f, T_INT);
            pop(k, f, T_INT);
            at = pop(k, f, Q_REF);
            bool ok = op == OP_aastore   ? is_ref_array(at)
                      : op == OP_bastore ? (is_x_array(at, 'Z') || is_x_array(at, 'B'))
                                         : is_x_array(at, elem[x]);
            if (!ok) {
                Origin exp = op == OP_aastore ? or_implicit(Q_REF)
                             : arr[x] ? or_implicit(T_REF(sym_intern(arr[x]))) : or_none();
                verify_error(k, ctx_bad_type2(bci, or_stack(k, f->stack_size, f), exp), BAD_TYPE_MSG, nm[x]);
            }
            no_control_flow = false;
            break;
        }
        case OP_pop: pop(k, f, Q_CAT1); no_control_flow = false; break;
        case OP_pop2:
            t = pop_any(k, f);
            pop_second_word(k, f, t, bci, "pop2");
            no_control_flow = false; break;
        case OP_dup:
            t = pop(k, f, Q_CAT1);
            push(k, f, t); push(k, f, t);
            no_control_flow = false; break;
        case OP_dup_x1:
            t = pop(k, f, Q_CAT1);
            t2 = pop(k, f, Q_CAT1);
            push(k, f, t); push(k, f, t2); push(k, f, t);
            no_control_flow = false; break;
        case OP_dup_x2:
            t = pop(k, f, Q_CAT1);
            t2 = pop_any(k, f);
            t3 = pop_second_word(k, f, t2, bci, "dup_x2");
            push(k, f, t); push(k, f, t3); push(k, f, t2); push(k, f, t);
            no_control_flow = false; break;
        case OP_dup2:
            t = pop_any(k, f);
            t2 = pop_second_word(k, f, t, bci, "dup2");
            push(k, f, t2); push(k, f, t); push(k, f, t2); push(k, f, t);
            no_control_flow = false; break;
        case OP_dup2_x1:
            t = pop_any(k, f);
            t2 = pop_second_word(k, f, t, bci, "dup2_x1");
            t3 = pop(k, f, Q_CAT1);
            push(k, f, t2); push(k, f, t); push(k, f, t3); push(k, f, t2); push(k, f, t);
            no_control_flow = false; break;
        case OP_dup2_x2:
            t = pop_any(k, f);
            t2 = pop_second_word(k, f, t, bci, "dup2_x2");
            t3 = pop_any(k, f);
            t4 = pop_second_word(k, f, t3, bci, "dup2_x2");
            push(k, f, t2); push(k, f, t); push(k, f, t4); push(k, f, t3); push(k, f, t2); push(k, f, t);
            no_control_flow = false; break;
        case OP_swap:
            t = pop(k, f, Q_CAT1);
            t2 = pop(k, f, Q_CAT1);
            push(k, f, t); push(k, f, t2);
            no_control_flow = false; break;
        case OP_iadd: case OP_isub: case OP_imul: case OP_idiv: case OP_irem: case OP_ishl:
        case OP_ishr: case OP_iushr: case OP_ior: case OP_ixor: case OP_iand:
            pop(k, f, T_INT);
            /* fall through */
        case OP_ineg:
            pop(k, f, T_INT); push(k, f, T_INT); no_control_flow = false; break;
        case OP_ladd: case OP_lsub: case OP_lmul: case OP_ldiv: case OP_lrem: case OP_land:
        case OP_lor: case OP_lxor:
            pop2(k, f, T_LONG2, T_LONG);
            /* fall through */
        case OP_lneg:
            pop2(k, f, T_LONG2, T_LONG); push2(k, f, T_LONG, T_LONG2); no_control_flow = false; break;
        case OP_lshl: case OP_lshr: case OP_lushr:
            pop(k, f, T_INT); pop2(k, f, T_LONG2, T_LONG); push2(k, f, T_LONG, T_LONG2);
            no_control_flow = false; break;
        case OP_fadd: case OP_fsub: case OP_fmul: case OP_fdiv: case OP_frem:
            pop(k, f, T_FLOAT);
            /* fall through */
        case OP_fneg:
            pop(k, f, T_FLOAT); push(k, f, T_FLOAT); no_control_flow = false; break;
        case OP_dadd: case OP_dsub: case OP_dmul: case OP_ddiv: case OP_drem:
            pop2(k, f, T_DOUBLE2, T_DOUBLE);
            /* fall through */
        case OP_dneg:
            pop2(k, f, T_DOUBLE2, T_DOUBLE); push2(k, f, T_DOUBLE, T_DOUBLE2); no_control_flow = false; break;
        case OP_iinc:
            t = get_local(k, f, index, T_INT);
            set_local(k, f, index, t);
            no_control_flow = false; break;
        case OP_i2l: pop(k, f, T_INT); push2(k, f, T_LONG, T_LONG2); no_control_flow = false; break;
        case OP_l2i: pop2(k, f, T_LONG2, T_LONG); push(k, f, T_INT); no_control_flow = false; break;
        case OP_i2f: pop(k, f, T_INT); push(k, f, T_FLOAT); no_control_flow = false; break;
        case OP_i2d: pop(k, f, T_INT); push2(k, f, T_DOUBLE, T_DOUBLE2); no_control_flow = false; break;
        case OP_l2f: pop2(k, f, T_LONG2, T_LONG); push(k, f, T_FLOAT); no_control_flow = false; break;
        case OP_l2d: pop2(k, f, T_LONG2, T_LONG); push2(k, f, T_DOUBLE, T_DOUBLE2); no_control_flow = false; break;
        case OP_f2i: pop(k, f, T_FLOAT); push(k, f, T_INT); no_control_flow = false; break;
        case OP_f2l: pop(k, f, T_FLOAT); push2(k, f, T_LONG, T_LONG2); no_control_flow = false; break;
        case OP_f2d: pop(k, f, T_FLOAT); push2(k, f, T_DOUBLE, T_DOUBLE2); no_control_flow = false; break;
        case OP_d2i: pop2(k, f, T_DOUBLE2, T_DOUBLE); push(k, f, T_INT); no_control_flow = false; break;
        case OP_d2l: pop2(k, f, T_DOUBLE2, T_DOUBLE); push2(k, f, T_LONG, T_LONG2); no_control_flow = false; break;
        case OP_d2f: pop2(k, f, T_DOUBLE2, T_DOUBLE); push(k, f, T_FLOAT); no_control_flow = false; break;
        case OP_i2b: case OP_i2c: case OP_i2s:
            pop(k, f, T_INT); push(k, f, T_INT); no_control_flow = false; break;
        case OP_lcmp:
            pop2(k, f, T_LONG2, T_LONG); pop2(k, f, T_LONG2, T_LONG); push(k, f, T_INT);
            no_control_flow = false; break;
        case OP_fcmpl: case OP_fcmpg:
            pop(k, f, T_FLOAT); pop(k, f, T_FLOAT); push(k, f, T_INT); no_control_flow = false; break;
        case OP_dcmpl: case OP_dcmpg:
            pop2(k, f, T_DOUBLE2, T_DOUBLE); pop2(k, f, T_DOUBLE2, T_DOUBLE); push(k, f, T_INT);
            no_control_flow = false; break;
        case OP_if_icmpeq: case OP_if_icmpne: case OP_if_icmplt: case OP_if_icmpge:
        case OP_if_icmpgt: case OP_if_icmple:
            pop(k, f, T_INT);
            /* fall through */
        case OP_ifeq: case OP_ifne: case OP_iflt: case OP_ifge: case OP_ifgt: case OP_ifle:
            pop(k, f, T_INT);
            check_jump_target(k, f, bci + vs2(bc + bci + 1));
            no_control_flow = false; break;
        case OP_if_acmpeq: case OP_if_acmpne:
            pop(k, f, Q_REF);
            /* fall through */
        case OP_ifnull: case OP_ifnonnull:
            pop(k, f, Q_REF);
            check_jump_target(k, f, bci + vs2(bc + bci + 1));
            no_control_flow = false; break;
        case OP_goto:
            check_jump_target(k, f, bci + vs2(bc + bci + 1));
            no_control_flow = true; break;
        case OP_goto_w:
            check_jump_target(k, f, (int)((uint32_t)bci + (uint32_t)vs4(bc + bci + 1)));
            no_control_flow = true; break;
        case OP_tableswitch: case OP_lookupswitch:
            verify_switch(k, bci);
            no_control_flow = true; break;
        case OP_ireturn:
            t = pop(k, f, T_INT); verify_return_value(k, t, bci); no_control_flow = true; break;
        case OP_lreturn:
            pop(k, f, T_LONG2); t = pop(k, f, T_LONG); verify_return_value(k, t, bci);
            no_control_flow = true; break;
        case OP_freturn:
            t = pop(k, f, T_FLOAT); verify_return_value(k, t, bci); no_control_flow = true; break;
        case OP_dreturn:
            pop(k, f, T_DOUBLE2); t = pop(k, f, T_DOUBLE); verify_return_value(k, t, bci);
            no_control_flow = true; break;
        case OP_areturn:
            t = pop(k, f, Q_REF); verify_return_value(k, t, bci); no_control_flow = true; break;
        case OP_return:
            if (k->return_type != T_TOP) verify_error(k, ctx_bad_code(bci), "Method expects a return value");
            if (k->m->name == vn.init && (f->flags & FLAG_THIS_UNINIT))
                verify_error(k, ctx_bad_code(bci), "Constructor must call super() or this() before return");
            no_control_flow = true; break;
        case OP_getstatic: case OP_putstatic:
            verify_field(k, bci, true); no_control_flow = false; break;
        case OP_getfield: case OP_putfield:
            verify_field(k, bci, false); no_control_flow = false; break;
        case OP_invokevirtual: case OP_invokespecial: case OP_invokestatic:
        case OP_invokeinterface: case OP_invokedynamic:
            verify_invoke(k, bci, in_try, &this_uninit);
            no_control_flow = false; break;
        case OP_new: {
            index = vu2(bc + bci + 1);
            verify_cp_class_type(k, bci, index);
            VT nt = cp_class_type(k, index);
            if (!is_object(nt)) verify_error(k, ctx_bad_type(bci, or_cp(index, nt)), "Illegal new instruction");
            push(k, f, T_UNINIT(bci));
            no_control_flow = false; break;
        }
        case OP_newarray:
            t = newarray_type(k, bc[bci + 1], bci);
            pop(k, f, T_INT); push(k, f, t);
            no_control_flow = false; break;
        case OP_anewarray: verify_anewarray(k, bci, vu2(bc + bci + 1)); no_control_flow = false; break;
        case OP_arraylength:
            t = pop(k, f, Q_REF);
            if (!(t == T_NULL || is_array(t)))
                verify_error(k, ctx_bad_type(bci, or_stack(k, f->stack_size, f)), BAD_TYPE_MSG, "arraylength");
            push(k, f, T_INT);
            no_control_flow = false; break;
        case OP_checkcast:
            index = vu2(bc + bci + 1);
            verify_cp_class_type(k, bci, index);
            pop(k, f, T_REF(vn.object));
            push(k, f, cp_class_type(k, index));
            no_control_flow = false; break;
        case OP_instanceof:
            index = vu2(bc + bci + 1);
            verify_cp_class_type(k, bci, index);
            pop(k, f, T_REF(vn.object));
            push(k, f, T_INT);
            no_control_flow = false; break;
        case OP_monitorenter: case OP_monitorexit:
            pop(k, f, Q_REF); no_control_flow = false; break;
        case OP_multianewarray: {
            index = vu2(bc + bci + 1);
            int dim = bc[bci + 3];
            verify_cp_class_type(k, bci, index);
            VT at2 = cp_class_type(k, index);
            if (!is_array(at2))
                verify_error(k, ctx_bad_type(bci, or_cp(index, at2)), "Illegal constant pool index in multianewarray instruction");
            if (dim < 1 || dimensions(at2) < dim)
                verify_error(k, ctx_bad_code(bci), "Illegal dimension in multianewarray instruction: %d", dim);
            for (int i = 0; i < dim; i++) pop(k, f, T_INT);
            push(k, f, at2);
            no_control_flow = false; break;
        }
        case OP_athrow:
            pop(k, f, T_REF(vn.throwable)); no_control_flow = true; break;
        default:
            verify_error(k, ctx_bad_code(bci), "Bad instruction: %02x", op);
        }
        if (!handlers_done && in_try) verify_handler_targets(k, bci, this_uninit);
    }
    if (!no_control_flow) verify_error(k, ctx_bad_code((int)k->code_length), "Control flow falls through code end");
}

/* ------------------------------------------------------------------------------------ */
/* Messages (ErrorContext::details)                                                     */
/* ------------------------------------------------------------------------------------ */

static void print_type(Checker *k, StrBuf *b, VT t)
{
    switch (t) {
    case T_TOP: sb_puts(b, "top"); return;
    case T_INT: sb_puts(b, "integer"); return;
    case T_FLOAT: sb_puts(b, "float"); return;
    case T_LONG: sb_puts(b, "long"); return;
    case T_DOUBLE: sb_puts(b, "double"); return;
    case T_LONG2: sb_puts(b, "long_2nd"); return;
    case T_DOUBLE2: sb_puts(b, "double_2nd"); return;
    case T_BOOLEAN: sb_puts(b, "boolean"); return;
    case T_BYTE: sb_puts(b, "byte"); return;
    case T_SHORT: sb_puts(b, "short"); return;
    case T_CHAR: sb_puts(b, "char"); return;
    case T_NULL: sb_puts(b, "null"); return;
    case Q_REF: sb_puts(b, "reference type"); return;
    case Q_CAT1: sb_puts(b, "category1 type"); return;
    case Q_CAT2: sb_puts(b, "category2 type"); return;
    case Q_CAT2ND: sb_puts(b, "category2_2nd type"); return;
    default: break;
    }
    if (t == T_UNINIT_THIS) sb_puts(b, "uninitializedThis");
    else if (is_uninit(t)) sb_printf(b, "uninitialized %d", uninit_bci(t));
    else sb_printf(b, "'%s'", NAME(t) == k->v->cur_name ? k->c->name : NAME(t));
}

static void print_origin(Checker *k, StrBuf *b, const Origin *o)
{
    print_type(k, b, o->type);
    switch (o->kind) {
    case OR_CF_LOCALS: sb_printf(b, " (current frame, locals[%d])", o->index); break;
    case OR_CF_STACK: sb_printf(b, " (current frame, stack[%d])", o->index); break;
    case OR_SM_LOCALS: sb_printf(b, " (stack map, locals[%d])", o->index); break;
    case OR_SM_STACK: sb_printf(b, " (stack map, stack[%d])", o->index); break;
    case OR_CP: sb_printf(b, " (constant pool %d)", o->index); break;
    case OR_SIG: sb_puts(b, " (from method signature)"); break;
    default: break;
    }
}

static void print_frame(Checker *k, StrBuf *b, const Frame *f)
{
    sb_printf(b, "    bci: @%d\n", f->offset);
    sb_printf(b, "    flags: {%s }\n", (f->flags & FLAG_THIS_UNINIT) ? " flagThisUninit" : "");
    sb_puts(b, "    locals: {");
    for (int i = 0; i < f->locals_size; i++) {
        sb_puts(b, " ");
        print_type(k, b, f->locals[i]);
        if (i != f->locals_size - 1) sb_puts(b, ",");
    }
    sb_puts(b, " }\n    stack: {");
    for (int i = 0; i < f->stack_size; i++) {
        sb_puts(b, " ");
        print_type(k, b, f->stack[i]);
        if (i != f->stack_size - 1) sb_puts(b, ",");
    }
    sb_puts(b, " }\n");
}

static void append_details(Checker *k, StrBuf *b)
{
    const ErrCtx *e = &k->ctx;
    const CfMethod *m = k->err_method;
    if (e->fault == FT_NONE || m == NULL) return;
    const CfCode *code = m->code;
    sb_puts(b, "\nException Details:\n");
    if (e->bci != -1) {
        const char *opname = "<invalid>";
        if (e->bci == 0 || (uint32_t)e->bci < code->code_length) {
            opname = vop_name(code->code[e->bci]);
            if (opname == NULL) opname = "<illegal>";
        }
        sb_printf(b, "  Location:\n    %s.%s%s @%d: %s\n", k->c->name, m->name, m->desc, e->bci, opname);
    }
    sb_puts(b, "  Reason:\n    ");
    switch (e->fault) {
    case FT_INVALID_BYTECODE: sb_puts(b, "Error exists in the bytecode"); break;
    case FT_WRONG_TYPE:
        if (e->expected.kind != OR_NONE) {
            sb_puts(b, "Type ");
            print_origin(k, b, &e->type);
            sb_puts(b, " is not assignable to ");
            print_origin(k, b, &e->expected);
        } else {
            sb_puts(b, "Invalid type: ");
            print_origin(k, b, &e->type);
        }
        break;
    case FT_FLAGS_MISMATCH:
        sb_puts(b, e->expected.kind != OR_NONE ? "Current frame's flags are not assignable to stack map frame's."
                                               : "Current frame's flags are invalid in this context.");
        break;
    case FT_BAD_CP_INDEX: sb_printf(b, "Constant pool index %d is invalid", e->type.index); break;
    case FT_BAD_LOCAL_INDEX: sb_printf(b, "Local index %d is invalid", e->type.index); break;
    case FT_LOCALS_SIZE_MISMATCH: sb_puts(b, "Current frame's local size doesn't match stackmap."); break;
    case FT_STACK_SIZE_MISMATCH: sb_puts(b, "Current frame's stack size doesn't match stackmap."); break;
    case FT_STACK_OVERFLOW: sb_puts(b, "Exceeded max stack size."); break;
    case FT_STACK_UNDERFLOW: sb_puts(b, "Attempt to pop empty stack."); break;
    case FT_MISSING_STACKMAP: sb_puts(b, "Expected stackmap frame at this location."); break;
    case FT_BAD_STACKMAP: sb_puts(b, "Invalid stackmap specification."); break;
    default: break;
    }
    sb_puts(b, "\n");
    if (e->type.kind != OR_NONE && e->type.frame != NULL) {
        sb_puts(b, "  Current Frame:\n");
        print_frame(k, b, e->type.frame);
    }
    if (e->expected.kind != OR_NONE && e->expected.frame != NULL) {
        sb_puts(b, "  Stackmap Frame:\n");
        print_frame(k, b, e->expected.frame);
    }
    sb_puts(b, "  Bytecode:\n");
    vprint_code(b, code->code, code->code_length);
    if (code->handler_count > 0) {
        sb_puts(b, "  Exception Handler Table:\n");
        for (int i = 0; i < code->handler_count; i++)
            sb_printf(b, "    bci [%d, %d] => handler: %d\n", code->handlers[i].start_pc,
                      code->handlers[i].end_pc, code->handlers[i].handler_pc);
    }
    if (code->stack_map_table.data != NULL) vprint_stackmap_table(b, code->stack_map_table);
}

/* ------------------------------------------------------------------------------------ */
/* Entry                                                                                */
/* ------------------------------------------------------------------------------------ */

VResult vcheck_class(VCommon *v, StrBuf *msg)
{
    Checker *k = varena_alloc(&v->arena, sizeof(Checker));
    k->v = v;
    k->cf = v->cf;
    k->c = v->c;
    k->this_type = T_REF(v->cur_name);
    v->jb = &k->jb;
    int r = setjmp(k->jb);
    if (r == 0) {
        for (int i = 0; i < k->cf->method_count; i++) {
            const CfMethod *m = &k->cf->methods[i];
            if (m->access & (ACC_NATIVE | ACC_ABSTRACT) || m->code == NULL) continue;
            k->m = m;
            k->code = m->code;
            k->bc = m->code->code;
            k->code_length = m->code->code_length;
            check_method(k);
        }
        k->m = NULL;
        sb_free(&k->msg);
        return VR_OK;
    }
    if (r == VR_PENDING) {
        sb_free(&k->msg);
        return VR_PENDING;
    }
    sb_puts(msg, k->msg.s ? k->msg.s : "");
    append_details(k, msg);
    sb_free(&k->msg);
    return (VResult)r;
}
