// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * npe_message.c — JEP 358 NullPointerException messages, exactly as HotSpot 17 prints
 * them (its interpreter/bytecodeUtils.cpp is the reference for every rule below; the
 * texts are the ones Java programs and tests compare against).
 *
 * A message has two parts:
 *
 *   1. the failed action, read off the instruction at the faulting bci
 *      ("Cannot invoke \"Foo.bar(int, String[])\"", "Cannot store to int array", ...);
 *   2. optionally, " because \"<what>\" is null" or " because the return value of
 *      \"Foo.bar()\" is null", describing the instruction that pushed the null operand.
 *
 * Part 2 needs to know, for the operand-stack slot holding the null reference, which
 * instruction pushed it. That comes from a data-flow simulation of the method: every
 * stack cell records the bci of the instruction that pushed it (and its type); where
 * control-flow paths meet, cells that disagree lose their bci and nothing is said about
 * them. The simulation also records which local slots were stored to on some path, so a
 * slot still holding its incoming argument can be called "this" or "<parameterN>" when
 * there is no LocalVariableTable.
 *
 * The result must equal HotSpot's, so this copies HotSpot's algorithm in its details, not
 * just in spirit — including where it is imprecise:
 *   - the worklist is a repeated linear sweep over the code that stops as soon as the
 *     faulting bci has been given a stack, so a loop's back edge merged in later is not
 *     seen;
 *   - an instruction with several successors merges its outgoing stack into each of them
 *     in turn and carries the merged result on to the next one;
 *   - jsr does not flow to the following instruction and ret flows nowhere;
 *   - ldc of a MethodHandle, MethodType or dynamic constant pushes nothing (HotSpot's
 *     table of loadable constants predates them);
 *   - at most 5 levels of description (array, field, receiver ...), array indexes do not
 *     count against the limit, and the analysis gives up after a million stack cells;
 *   - a null that came from invokedynamic leaves the sentence ending in `because "`.
 * Where HotSpot would read outside its arrays (malformed code, stacks of unequal height),
 * this code fails cleanly instead: npe_message returns NULL or omits the description.
 *
 * Only the original bytecode (Method.cf->code) is read, never the quickened copy the
 * interpreter runs, and nothing is resolved: class, member and descriptor names come
 * straight from the constant pool. All memory is malloc'd here and freed before return,
 * except the message itself, which the caller owns.
 */
#include "npe_message.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../vm/bytecodes.h"
#include "../vm/classfile.h"

/* ---- instruction decoding ----------------------------------------------------------- */

/* Fixed instruction lengths by opcode; 0 for variable-length and undefined opcodes. */
static const uint8_t insn_fixed_len[256] = {
#define X(name, code, len) [code] = len,
    BYTECODE_LIST(X)
#undef X
};

static inline uint16_t rd_u2(const uint8_t *p) { return (uint16_t)(p[0] << 8 | p[1]); }
static inline int32_t rd_s4(const uint8_t *p)
{
    return (int32_t)((uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]);
}

/* Length of the JVMS instruction at bci, or 0 if it is undefined or runs past the end. */
static uint32_t insn_length(const uint8_t *code, uint32_t len, uint32_t bci)
{
    uint8_t op = code[bci];
    uint64_t n;
    if (op == OP_wide) {
        if (bci + 1 >= len) return 0;
        uint8_t op2 = code[bci + 1];
        if (op2 == OP_iinc)
            n = 6;
        else if ((op2 >= OP_iload && op2 <= OP_aload) || (op2 >= OP_istore && op2 <= OP_astore) ||
                 op2 == OP_ret)
            n = 4;
        else
            return 0;
    } else if (op == OP_tableswitch || op == OP_lookupswitch) {
        uint64_t p = ((uint64_t)bci + 4) & ~(uint64_t)3; /* the 4-byte aligned operands */
        if (p + 12 > len) return 0;
        if (op == OP_tableswitch) {
            int64_t lo = rd_s4(code + p + 4), hi = rd_s4(code + p + 8);
            if (hi < lo) return 0;
            n = p - bci + 12 + 4 * (uint64_t)(hi - lo + 1);
        } else {
            int32_t pairs = rd_s4(code + p + 4);
            if (pairs < 0) return 0;
            n = p - bci + 8 + 8 * (uint64_t)pairs;
        }
    } else {
        n = insn_fixed_len[op];
        if (n == 0) return 0;
    }
    return (uint64_t)bci + n <= len ? (uint32_t)n : 0;
}

/* ---- constant pool and descriptors -------------------------------------------------- */

/* Class, name and descriptor of the member reference at CP index i if its tag is one of
 * `tags` (a bit mask of 1 << CONSTANT_x). InvokeDynamic entries have no class (NULL). */
static bool member_ref(const ClassFile *cf, unsigned i, unsigned tags, const char **cls,
                       const char **name, const char **desc)
{
    if (i == 0 || i >= cf->cp_count || !(tags & (1u << cf->cp_tags[i]))) return false;
    const CfConstant *e = &cf->cp[i];
    uint16_t nat;
    if (cf->cp_tags[i] == CONSTANT_InvokeDynamic) {
        if (cls) *cls = NULL;
        nat = e->u.dyn.nat_index;
    } else {
        if (cls) *cls = cf_class_name(cf, e->u.ref.class_index);
        nat = e->u.ref.nat_index;
    }
    if (name) *name = cf_utf8(cf, cf->cp[nat].u.nat.name_index);
    if (desc) *desc = cf_utf8(cf, cf->cp[nat].u.nat.desc_index);
    return true;
}

#define FIELD_REF (1u << CONSTANT_Fieldref)
#define METHOD_REF (1u << CONSTANT_Methodref | 1u << CONSTANT_InterfaceMethodref)
#define INDY_REF (1u << CONSTANT_InvokeDynamic)

/* Types of simulated stack cells: BasicType values plus two of HotSpot's own. */
enum { TY_ADDRESS = 15, TY_CONFLICT = 19 };

/* The BasicType a field descriptor (or a method's return descriptor) starts with. */
static uint8_t desc_type(const char *d)
{
    switch (*d) {
    case 'Z': return BT_BOOLEAN;
    case 'B': return BT_BYTE;
    case 'C': return BT_CHAR;
    case 'S': return BT_SHORT;
    case 'I': return BT_INT;
    case 'J': return BT_LONG;
    case 'F': return BT_FLOAT;
    case 'D': return BT_DOUBLE;
    case 'V': return BT_VOID;
    case '[': return BT_ARRAY;
    default: return BT_OBJECT;
    }
}

static inline bool is_two_slot(uint8_t ty) { return ty == BT_LONG || ty == BT_DOUBLE; }

/* Skips one field type in a method descriptor; returns the character after it, or NULL
 * if the descriptor is malformed. *dims gets the number of array dimensions. */
static const char *skip_type(const char *d, int *dims)
{
    int n = 0;
    while (*d == '[') d++, n++;
    if (dims) *dims = n;
    if (*d == 'L') {
        const char *semi = strchr(d, ';');
        return semi ? semi + 1 : NULL;
    }
    return *d && strchr("ZBCSIJFD", *d) ? d + 1 : NULL;
}

/* Argument slots of a method descriptor (receiver excluded) and its return type;
 * false if malformed. */
static bool method_shape(const char *desc, int *slots, uint8_t *ret)
{
    if (*desc++ != '(') return false;
    int n = 0;
    while (*desc != ')') {
        int dims;
        const char *next = skip_type(desc, &dims);
        if (!next) return false;
        n += dims == 0 && is_two_slot(desc_type(desc)) ? 2 : 1;
        desc = next;
    }
    *slots = n;
    *ret = desc_type(desc + 1);
    return true;
}

/* ---- the message buffer ------------------------------------------------------------- */

typedef struct Buf {
    char *s;
    size_t len, cap;
    bool oom;
} Buf;

static void put_n(Buf *b, const char *s, size_t n)
{
    if (b->oom) return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 128;
        while (cap < b->len + n + 1) cap *= 2;
        char *p = realloc(b->s, cap);
        if (!p) {
            b->oom = true;
            return;
        }
        b->s = p;
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

static void put(Buf *b, const char *s) { put_n(b, s, strlen(s)); }

static void putf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void putf(Buf *b, const char *fmt, ...)
{
    char tmp[64];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n > 0) put_n(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

/* An internal class name in external form. HotSpot shortens exactly two names. */
static void put_class_name(Buf *b, const char *internal)
{
    if (strcmp(internal, "java/lang/Object") == 0) {
        put(b, "Object");
    } else if (strcmp(internal, "java/lang/String") == 0) {
        put(b, "String");
    } else {
        for (const char *p = internal; *p; p++) put_n(b, *p == '/' ? "." : p, 1);
    }
}

static const char *primitive_name(char c)
{
    switch (c) {
    case 'Z': return "boolean";
    case 'B': return "byte";
    case 'C': return "char";
    case 'S': return "short";
    case 'I': return "int";
    case 'J': return "long";
    case 'F': return "float";
    case 'D': return "double";
    default: return "?";
    }
}

/* "Foo.bar(int, String[], java.util.List)": the class as named by the reference, the
 * parameter types in Java syntax separated by ", ". Like HotSpot, a parameter type whose
 * name merely starts with java.lang.Object or java.lang.String loses its "java.lang."
 * too (java.lang.StringBuilder prints as StringBuilder, unlike the class part). */
static void put_method_name(Buf *b, const char *cls, const char *name, const char *desc)
{
    put_class_name(b, cls);
    put(b, ".");
    put(b, name);
    put(b, "(");
    const char *d = desc + 1;
    bool first = true;
    while (*d && *d != ')') {
        int dims;
        const char *next = skip_type(d, &dims);
        if (!next) break;
        if (!first) put(b, ", ");
        first = false;
        const char *base = d + dims;
        if (*base == 'L') {
            const char *s = base + 1;
            size_t n = (size_t)(next - 1 - s);
            if (n >= 16 && (strncmp(s, "java/lang/Object", 16) == 0 ||
                            strncmp(s, "java/lang/String", 16) == 0)) {
                s += 10;
                n -= 10;
            }
            for (size_t i = 0; i < n; i++) put_n(b, s[i] == '/' ? "." : s + i, 1);
        } else {
            put(b, primitive_name(*base));
        }
        for (int i = 0; i < dims; i++) put(b, "[]");
        d = next;
    }
    put(b, ")");
}

/* ---- the simulation ----------------------------------------------------------------- */

enum {
    NO_BCI = 0x1FFFF,        /* the cell's origin is ambiguous */
    MAX_ENTRIES = 1000000,   /* give up on methods whose stacks hold more cells in total */
    MAX_DETAIL = 5,          /* levels of description */
};

typedef struct Cell {
    uint32_t bci; /* instruction that pushed the value, NO_BCI if ambiguous */
    uint8_t type; /* BasicType, TY_ADDRESS or TY_CONFLICT */
} Cell;

/* The simulated operand stack before one instruction. */
typedef struct SimStack {
    uint32_t size;    /* cells in use; cells[0] is the bottom */
    uint64_t written; /* bit i: local slot i was stored to on some path (slots > 63: always) */
    Cell cells[];
} SimStack;

typedef struct Analysis {
    const Method *m;
    const ClassFile *cf;
    const uint8_t *code;
    uint32_t len;
    SimStack **stacks; /* [len + 1]: the stack before each bci, NULL if not reached yet */
    SimStack *work;    /* the stack being transformed by the current instruction */
    uint32_t cap;      /* capacity of work */
    long entries;      /* cells in all stacks created so far */
    bool added_one;    /* this sweep reached a bci that had no stack */
    bool all_processed;
    bool failed;       /* malformed code or no memory */
} Analysis;

static Cell merge_cell(Cell x, Cell y)
{
    bool x_ref = x.type == BT_OBJECT || x.type == BT_ARRAY;
    bool y_ref = y.type == BT_OBJECT || y.type == BT_ARRAY;
    if (x.type != y.type) {
        if (x_ref && y_ref) return (Cell){ x.bci == y.bci ? x.bci : NO_BCI, BT_OBJECT };
        return (Cell){ NO_BCI, TY_CONFLICT };
    }
    return (Cell){ x.bci == y.bci ? x.bci : NO_BCI, x.type };
}

static void push_cell_raw(Analysis *a, Cell c)
{
    if (c.type == BT_VOID) return;
    if (a->work->size >= a->cap) {
        a->failed = true;
        return;
    }
    a->work->cells[a->work->size++] = c;
}

/* Pushes a value: two cells for long and double. */
static void push_cell(Analysis *a, Cell c)
{
    push_cell_raw(a, c);
    if (is_two_slot(c.type)) push_cell_raw(a, c);
}

static void push(Analysis *a, uint32_t bci, uint8_t type) { push_cell(a, (Cell){ bci, type }); }

static void pop(Analysis *a, int n)
{
    if (n < 0 || (uint32_t)n > a->work->size)
        a->failed = true;
    else
        a->work->size -= (uint32_t)n;
}

/* Cell `slot` counted from the top (0 = top of stack). */
static Cell peek(Analysis *a, uint32_t slot)
{
    if (slot >= a->work->size) {
        a->failed = true;
        return (Cell){ NO_BCI, TY_CONFLICT };
    }
    return a->work->cells[a->work->size - 1 - slot];
}

static void mark_written(Analysis *a, unsigned local)
{
    if (local < 64) a->work->written |= (uint64_t)1 << local;
}

/*
 * Propagates the working stack to `target`: merged with the stack already there (the
 * working stack itself becomes the merge, as in HotSpot, so a later successor of the same
 * instruction receives the merged version), or installed as that bci's first stack.
 */
static void flow_to(Analysis *a, int64_t target)
{
    if (target < 0 || target > a->len) {
        a->failed = true;
        return;
    }
    SimStack *w = a->work, *old = a->stacks[target];
    if (old) {
        for (uint32_t i = 0; i < w->size; i++) {
            Cell o = i < old->size ? old->cells[i] : (Cell){ NO_BCI, TY_CONFLICT };
            w->cells[i] = merge_cell(w->cells[i], o);
        }
        w->written |= old->written;
        if (old->size == w->size) {
            memcpy(old, w, sizeof *w + w->size * sizeof(Cell));
            return;
        }
    } else {
        a->added_one = true;
        a->entries += w->size;
    }
    SimStack *copy = malloc(sizeof *copy + w->size * sizeof(Cell));
    if (!copy) {
        a->failed = true;
        return;
    }
    memcpy(copy, w, sizeof *w + w->size * sizeof(Cell));
    free(old);
    a->stacks[target] = copy;
}

/* The type an ldc of CP entry i pushes (BT_VOID: nothing, see the file comment). */
static uint8_t ldc_type(const ClassFile *cf, unsigned i)
{
    if (i == 0 || i >= cf->cp_count) return BT_VOID;
    switch (cf->cp_tags[i]) {
    case CONSTANT_Class:
    case CONSTANT_String: return BT_OBJECT;
    case CONSTANT_Integer: return BT_INT;
    case CONSTANT_Float: return BT_FLOAT;
    case CONSTANT_Long: return BT_LONG;
    case CONSTANT_Double: return BT_DOUBLE;
    default: return BT_VOID;
    }
}

/*
 * Simulates the instruction at bci on a copy of its stack and passes the result to its
 * successors. Returns the instruction's length, 0 if the code is malformed.
 */
static uint32_t simulate(Analysis *a, uint32_t bci)
{
    const uint8_t *code = a->code;
    uint32_t n = insn_length(code, a->len, bci);
    if (n == 0) {
        a->failed = true;
        return 0;
    }
    if (!a->stacks[bci]) {
        a->all_processed = false;
        return n;
    }
    SimStack *w = a->work;
    w->size = a->stacks[bci]->size;
    w->written = a->stacks[bci]->written;
    if (w->size > a->cap) {
        a->failed = true;
        return 0;
    }
    memcpy(w->cells, a->stacks[bci]->cells, w->size * sizeof(Cell));

    uint8_t op = code[bci];
    bool wide = op == OP_wide;
    if (wide) op = code[bci + 1];
    uint32_t pos = bci + (wide ? 2 : 1); /* first operand byte */
    bool falls_through = true;
    bool branches = false;     /* `target` is a successor */
    int64_t target = 0;
    int64_t sw_base = 0;       /* switches: offset of the aligned operands */
    const char *cls, *name, *desc;

    switch (op) {
    case OP_nop: case OP_iinc: break; /* they push "void" */
    case OP_aconst_null: case OP_aload: case OP_aload_0: case OP_aload_1: case OP_aload_2:
    case OP_aload_3: case OP_new:
        push(a, bci, BT_OBJECT);
        break;
    case OP_iconst_m1: case OP_iconst_0: case OP_iconst_1: case OP_iconst_2: case OP_iconst_3:
    case OP_iconst_4: case OP_iconst_5: case OP_bipush: case OP_sipush: case OP_iload:
    case OP_iload_0: case OP_iload_1: case OP_iload_2: case OP_iload_3:
        push(a, bci, BT_INT);
        break;
    case OP_lconst_0: case OP_lconst_1: case OP_lload: case OP_lload_0: case OP_lload_1:
    case OP_lload_2: case OP_lload_3:
        push(a, bci, BT_LONG);
        break;
    case OP_fconst_0: case OP_fconst_1: case OP_fconst_2: case OP_fload: case OP_fload_0:
    case OP_fload_1: case OP_fload_2: case OP_fload_3:
        push(a, bci, BT_FLOAT);
        break;
    case OP_dconst_0: case OP_dconst_1: case OP_dload: case OP_dload_0: case OP_dload_1:
    case OP_dload_2: case OP_dload_3:
        push(a, bci, BT_DOUBLE);
        break;
    case OP_ldc:
        push(a, bci, ldc_type(a->cf, code[pos]));
        break;
    case OP_ldc_w: case OP_ldc2_w:
        push(a, bci, ldc_type(a->cf, rd_u2(code + pos)));
        break;

    case OP_iaload: pop(a, 2); push(a, bci, BT_INT); break;
    case OP_laload: pop(a, 2); push(a, bci, BT_LONG); break;
    case OP_faload: pop(a, 2); push(a, bci, BT_FLOAT); break;
    case OP_daload: pop(a, 2); push(a, bci, BT_DOUBLE); break;
    case OP_aaload: pop(a, 2); push(a, bci, BT_OBJECT); break;
    case OP_baload: pop(a, 2); push(a, bci, BT_BYTE); break;
    case OP_caload: pop(a, 2); push(a, bci, BT_CHAR); break;
    case OP_saload: pop(a, 2); push(a, bci, BT_SHORT); break;

    case OP_istore: case OP_fstore: case OP_astore:
        mark_written(a, wide ? rd_u2(code + pos) : code[pos]);
        pop(a, 1);
        break;
    case OP_lstore: case OP_dstore:
        mark_written(a, wide ? rd_u2(code + pos) : code[pos]);
        pop(a, 2);
        break;
    case OP_istore_0: case OP_istore_1: case OP_istore_2: case OP_istore_3:
        mark_written(a, op - OP_istore_0);
        pop(a, 1);
        break;
    case OP_fstore_0: case OP_fstore_1: case OP_fstore_2: case OP_fstore_3:
        mark_written(a, op - OP_fstore_0);
        pop(a, 1);
        break;
    case OP_astore_0: case OP_astore_1: case OP_astore_2: case OP_astore_3:
        mark_written(a, op - OP_astore_0);
        pop(a, 1);
        break;
    case OP_lstore_0: case OP_lstore_1: case OP_lstore_2: case OP_lstore_3:
        mark_written(a, op - OP_lstore_0);
        pop(a, 2);
        break;
    case OP_dstore_0: case OP_dstore_1: case OP_dstore_2: case OP_dstore_3:
        mark_written(a, op - OP_dstore_0);
        pop(a, 2);
        break;

    case OP_iastore: case OP_fastore: case OP_aastore: case OP_bastore: case OP_castore:
    case OP_sastore:
        pop(a, 3);
        break;
    case OP_lastore: case OP_dastore: pop(a, 4); break;
    case OP_pop: case OP_monitorenter: case OP_monitorexit: pop(a, 1); break;
    case OP_pop2: pop(a, 2); break;
    case OP_breakpoint: break;

    case OP_dup: push_cell_raw(a, peek(a, 0)); break;
    case OP_dup_x1: {
        Cell c1 = peek(a, 0), c2 = peek(a, 1);
        pop(a, 2);
        push_cell_raw(a, c1), push_cell_raw(a, c2), push_cell_raw(a, c1);
        break;
    }
    case OP_dup_x2: {
        Cell c1 = peek(a, 0), c2 = peek(a, 1), c3 = peek(a, 2);
        pop(a, 3);
        push_cell_raw(a, c1), push_cell_raw(a, c3), push_cell_raw(a, c2), push_cell_raw(a, c1);
        break;
    }
    case OP_dup2: {
        Cell c1 = peek(a, 0), c2 = peek(a, 1);
        push_cell_raw(a, c2), push_cell_raw(a, c1);
        break;
    }
    case OP_dup2_x1: {
        Cell c1 = peek(a, 0), c2 = peek(a, 1), c3 = peek(a, 2);
        pop(a, 3);
        push_cell_raw(a, c2), push_cell_raw(a, c1), push_cell_raw(a, c3);
        push_cell_raw(a, c2), push_cell_raw(a, c1);
        break;
    }
    case OP_dup2_x2: {
        Cell c1 = peek(a, 0), c2 = peek(a, 1), c3 = peek(a, 2), c4 = peek(a, 3);
        pop(a, 4);
        push_cell_raw(a, c2), push_cell_raw(a, c1), push_cell_raw(a, c4), push_cell_raw(a, c3);
        push_cell_raw(a, c2), push_cell_raw(a, c1);
        break;
    }
    case OP_swap: {
        /* HotSpot re-pushes these as values: a long/double cell would be doubled. */
        Cell c1 = peek(a, 0), c2 = peek(a, 1);
        pop(a, 2);
        push_cell(a, c1), push_cell(a, c2);
        break;
    }

    case OP_iadd: case OP_isub: case OP_imul: case OP_idiv: case OP_irem: case OP_iand:
    case OP_ior: case OP_ixor:
        pop(a, 2); push(a, bci, BT_INT); break;
    case OP_ladd: case OP_lsub: case OP_lmul: case OP_ldiv: case OP_lrem: case OP_land:
    case OP_lor: case OP_lxor:
        pop(a, 4); push(a, bci, BT_LONG); break;
    case OP_fadd: case OP_fsub: case OP_fmul: case OP_fdiv: case OP_frem:
        pop(a, 2); push(a, bci, BT_FLOAT); break;
    case OP_dadd: case OP_dsub: case OP_dmul: case OP_ddiv: case OP_drem:
        pop(a, 4); push(a, bci, BT_DOUBLE); break;
    case OP_ineg: pop(a, 1); push(a, bci, BT_INT); break;
    case OP_lneg: pop(a, 2); push(a, bci, BT_LONG); break;
    case OP_fneg: pop(a, 1); push(a, bci, BT_FLOAT); break;
    case OP_dneg: pop(a, 2); push(a, bci, BT_DOUBLE); break;
    case OP_ishl: case OP_ishr: case OP_iushr: pop(a, 2); push(a, bci, BT_INT); break;
    case OP_lshl: case OP_lshr: case OP_lushr: pop(a, 3); push(a, bci, BT_LONG); break;

    case OP_i2l: pop(a, 1); push(a, bci, BT_LONG); break;
    case OP_i2f: pop(a, 1); push(a, bci, BT_FLOAT); break;
    case OP_i2d: pop(a, 1); push(a, bci, BT_DOUBLE); break;
    case OP_f2i: pop(a, 1); push(a, bci, BT_INT); break;
    case OP_f2l: pop(a, 1); push(a, bci, BT_LONG); break;
    case OP_f2d: pop(a, 1); push(a, bci, BT_DOUBLE); break;
    case OP_i2b: pop(a, 1); push(a, bci, BT_BYTE); break;
    case OP_i2c: pop(a, 1); push(a, bci, BT_CHAR); break;
    case OP_i2s: pop(a, 1); push(a, bci, BT_SHORT); break;
    case OP_l2i: pop(a, 2); push(a, bci, BT_INT); break;
    case OP_l2f: pop(a, 2); push(a, bci, BT_FLOAT); break;
    case OP_l2d: pop(a, 2); push(a, bci, BT_DOUBLE); break;
    case OP_d2i: pop(a, 2); push(a, bci, BT_INT); break;
    case OP_d2l: pop(a, 2); push(a, bci, BT_LONG); break;
    case OP_d2f: pop(a, 2); push(a, bci, BT_FLOAT); break;

    case OP_lcmp: case OP_dcmpl: case OP_dcmpg: pop(a, 4); push(a, bci, BT_INT); break;
    case OP_fcmpl: case OP_fcmpg: pop(a, 2); push(a, bci, BT_INT); break;

    case OP_ifeq: case OP_ifne: case OP_iflt: case OP_ifge: case OP_ifgt: case OP_ifle:
    case OP_ifnull: case OP_ifnonnull:
        pop(a, 1);
        branches = true, target = bci + (int16_t)rd_u2(code + pos);
        break;
    case OP_if_icmpeq: case OP_if_icmpne: case OP_if_icmplt: case OP_if_icmpge:
    case OP_if_icmpgt: case OP_if_icmple: case OP_if_acmpeq: case OP_if_acmpne:
        pop(a, 2);
        branches = true, target = bci + (int16_t)rd_u2(code + pos);
        break;
    case OP_goto:
        branches = true, target = bci + (int16_t)rd_u2(code + pos);
        falls_through = false;
        break;
    case OP_goto_w:
        branches = true, target = bci + (int64_t)rd_s4(code + pos);
        falls_through = false;
        break;
    case OP_jsr: case OP_jsr_w:
        /* The return address; the instruction after the jsr is not a successor here. */
        push(a, bci, TY_ADDRESS);
        branches = true;
        target = bci + (op == OP_jsr ? (int16_t)rd_u2(code + pos) : (int64_t)rd_s4(code + pos));
        falls_through = false;
        break;
    case OP_ret: falls_through = false; break;
    case OP_tableswitch: case OP_lookupswitch:
        pop(a, 1);
        sw_base = ((int64_t)bci + 4) & ~(int64_t)3;
        branches = true;
        target = bci + (int64_t)rd_s4(code + sw_base);
        break;

    case OP_ireturn: case OP_freturn: case OP_areturn: case OP_athrow:
        pop(a, 1);
        falls_through = false;
        break;
    case OP_lreturn: case OP_dreturn:
        pop(a, 2);
        falls_through = false;
        break;
    case OP_return: falls_through = false; break;

    case OP_getstatic: case OP_getfield:
        if (!member_ref(a->cf, rd_u2(code + pos), FIELD_REF, NULL, NULL, &desc)) {
            a->failed = true;
            break;
        }
        if (op == OP_getfield) pop(a, 1);
        push(a, bci, desc_type(desc));
        break;
    case OP_putstatic: case OP_putfield:
        if (!member_ref(a->cf, rd_u2(code + pos), FIELD_REF, NULL, NULL, &desc)) {
            a->failed = true;
            break;
        }
        pop(a, (is_two_slot(desc_type(desc)) ? 2 : 1) + (op == OP_putfield));
        break;
    case OP_invokevirtual: case OP_invokespecial: case OP_invokestatic:
    case OP_invokeinterface: case OP_invokedynamic: {
        int slots;
        uint8_t ret;
        if (!member_ref(a->cf, rd_u2(code + pos), op == OP_invokedynamic ? INDY_REF : METHOD_REF,
                        &cls, &name, &desc) ||
            !method_shape(desc, &slots, &ret)) {
            a->failed = true;
            break;
        }
        pop(a, slots + (op != OP_invokestatic && op != OP_invokedynamic));
        push(a, bci, ret);
        break;
    }
    case OP_newarray: case OP_anewarray: pop(a, 1); push(a, bci, BT_OBJECT); break;
    case OP_instanceof: pop(a, 1); push(a, bci, BT_INT); break;
    case OP_arraylength: pop(a, 1); push(a, bci, BT_INT); break;
    case OP_checkcast: break;
    case OP_multianewarray: pop(a, code[pos + 2]); push(a, bci, BT_OBJECT); break;

    default:
        /* Not a JVMS opcode: HotSpot leaves this bci alone and ends the sweep. */
        a->all_processed = false;
        a->added_one = false;
        return n;
    }
    if (a->failed) return 0;

    if (falls_through) flow_to(a, (int64_t)bci + n);
    if (branches) flow_to(a, target);
    if (op == OP_tableswitch) {
        int32_t lo = rd_s4(code + sw_base + 4), hi = rd_s4(code + sw_base + 8);
        for (int64_t k = 0; k <= (int64_t)hi - lo && !a->failed; k++)
            flow_to(a, bci + (int64_t)rd_s4(code + sw_base + 12 + 4 * k));
    } else if (op == OP_lookupswitch) {
        int32_t pairs = rd_s4(code + sw_base + 4);
        for (int64_t k = 0; k < pairs && !a->failed; k++)
            flow_to(a, bci + (int64_t)rd_s4(code + sw_base + 12 + 8 * k));
    }
    return a->failed ? 0 : n;
}

/*
 * Builds the stacks, sweeping the code start to end until a sweep reaches no new bci or
 * everything has been processed; stops early once `stop_bci` has a stack. Returns false
 * if the code is malformed or memory ran out.
 */
static bool analyse(Analysis *a, const CfCode *cc, uint32_t stop_bci)
{
    a->stacks = calloc((size_t)a->len + 1, sizeof *a->stacks);
    a->cap = cc->max_stack;
    a->work = malloc(sizeof *a->work + (size_t)a->cap * sizeof(Cell));
    if (!a->stacks || !a->work) return false;

    a->stacks[0] = calloc(1, sizeof(SimStack));
    if (!a->stacks[0]) return false;
    /* A handler starts with the caught exception, "pushed" by the handler's first bci. */
    for (uint16_t i = 0; i < cc->handler_count; i++) {
        uint32_t h = cc->handlers[i].handler_pc;
        if (h >= a->len) return false;
        if (a->stacks[h]) continue;
        SimStack *s = malloc(sizeof *s + sizeof(Cell));
        if (!s) return false;
        s->size = 1;
        s->written = 0;
        s->cells[0] = (Cell){ h, BT_OBJECT };
        a->stacks[h] = s;
    }

    a->added_one = true;
    a->all_processed = false;
    while (!a->all_processed && a->added_one) {
        a->all_processed = true;
        a->added_one = false;
        for (uint32_t i = 0; i < a->len;) {
            uint32_t n = simulate(a, i);
            if (n == 0) return false;
            i += n;
            if (i == stop_bci && a->stacks[i]) {
                a->all_processed = true;
                break;
            }
            if (a->entries > MAX_ENTRIES) return true;
        }
    }
    return true;
}

/* ---- the message -------------------------------------------------------------------- */

enum { SLOT_NONE = -1, SLOT_CONSTRUCTED = -2 };

/* Operand-stack slot (0 = top) of the reference whose nullness makes the instruction at
 * bci fail; SLOT_NONE if it cannot fail that way, SLOT_CONSTRUCTED for a call of <init>. */
static int null_slot(const Analysis *a, uint32_t bci)
{
    const uint8_t *code = a->code;
    uint8_t op = code[bci];
    const char *name, *desc;
    int slots;
    uint8_t ret;
    switch (op) {
    case OP_getfield: case OP_arraylength: case OP_athrow: case OP_monitorenter:
    case OP_monitorexit:
        return 0;
    case OP_iaload: case OP_laload: case OP_faload: case OP_daload: case OP_aaload:
    case OP_baload: case OP_caload: case OP_saload:
        return 1;
    case OP_iastore: case OP_fastore: case OP_aastore: case OP_bastore: case OP_castore:
    case OP_sastore:
        return 2;
    case OP_lastore: case OP_dastore:
        return 3;
    case OP_putfield:
        if (!member_ref(a->cf, rd_u2(code + bci + 1), FIELD_REF, NULL, NULL, &desc))
            return SLOT_NONE;
        return is_two_slot(desc_type(desc)) ? 2 : 1;
    case OP_invokevirtual: case OP_invokespecial: case OP_invokeinterface:
        if (!member_ref(a->cf, rd_u2(code + bci + 1), METHOD_REF, NULL, &name, &desc) ||
            !method_shape(desc, &slots, &ret))
            return SLOT_NONE;
        /* Java never calls a constructor on null: this NullPointerException was created
         * by `new` (the frame is the one that constructed it) and gets no message. */
        return strcmp(name, "<init>") == 0 ? SLOT_CONSTRUCTED : slots;
    default:
        return SLOT_NONE;
    }
}

/* The first part of the message; false if the instruction's CP entry is malformed. */
static bool put_failed_action(const Analysis *a, Buf *b, uint32_t bci)
{
    static const char *const what[] = {
        [OP_iaload] = "Cannot load from int array",
        [OP_laload] = "Cannot load from long array",
        [OP_faload] = "Cannot load from float array",
        [OP_daload] = "Cannot load from double array",
        [OP_aaload] = "Cannot load from object array",
        [OP_baload] = "Cannot load from byte/boolean array",
        [OP_caload] = "Cannot load from char array",
        [OP_saload] = "Cannot load from short array",
        [OP_iastore] = "Cannot store to int array",
        [OP_lastore] = "Cannot store to long array",
        [OP_fastore] = "Cannot store to float array",
        [OP_dastore] = "Cannot store to double array",
        [OP_aastore] = "Cannot store to object array",
        [OP_bastore] = "Cannot store to byte/boolean array",
        [OP_castore] = "Cannot store to char array",
        [OP_sastore] = "Cannot store to short array",
        [OP_arraylength] = "Cannot read the array length",
        [OP_athrow] = "Cannot throw exception",
        [OP_monitorenter] = "Cannot enter synchronized block",
        [OP_monitorexit] = "Cannot exit synchronized block",
    };
    uint8_t op = a->code[bci];
    const char *cls, *name, *desc;
    if (op < sizeof what / sizeof what[0] && what[op]) {
        put(b, what[op]);
    } else if (op == OP_getfield || op == OP_putfield) {
        if (!member_ref(a->cf, rd_u2(a->code + bci + 1), FIELD_REF, NULL, &name, NULL))
            return false;
        put(b, op == OP_getfield ? "Cannot read field \"" : "Cannot assign field \"");
        put(b, name);
        put(b, "\"");
    } else { /* the invokes null_slot accepted */
        if (!member_ref(a->cf, rd_u2(a->code + bci + 1), METHOD_REF, &cls, &name, &desc))
            return false;
        put(b, "Cannot invoke \"");
        put_method_name(b, cls, name, desc);
        put(b, "\"");
    }
    return true;
}

/*
 * A local variable as loaded at `bci`: its LocalVariableTable name if one is in scope;
 * otherwise "this" or "<parameterN>" while the slot still holds its argument (no path
 * stored to it), else "<localN>".
 */
static void put_local(const Analysis *a, Buf *b, uint32_t bci, unsigned slot, bool is_parameter)
{
    const Method *m = a->m;
    const CfCode *cc = m->cf->code;
    const CfLocalVar *vars = cf_local_vars(cc);
    for (uint16_t i = 0; i < cc->local_var_count; i++) {
        const CfLocalVar *v = &vars[i];
        if (v->slot == slot && bci >= v->start_pc && bci < (uint32_t)v->start_pc + v->length) {
            put(b, v->name);
            return;
        }
    }
    bool is_static = method_is_static(m);
    if (!is_static && slot == 0 && is_parameter) {
        put(b, "this");
        return;
    }
    unsigned cur = is_static ? 0 : 1;
    int index = 1;
    const char *d = m->desc + 1;
    while (*d && *d != ')') {
        int dims;
        const char *next = skip_type(d, &dims);
        if (!next) break;
        unsigned size = dims == 0 && is_two_slot(desc_type(d)) ? 2 : 1;
        if (slot >= cur && slot < cur + size) {
            if (is_parameter) {
                putf(b, "<parameter%d>", index);
                return;
            }
            break;
        }
        index++;
        cur += size;
        d = next;
    }
    putf(b, "<local%u>", slot);
}

static bool slot_written(const SimStack *s, unsigned local)
{
    return local > 63 || (s->written & (uint64_t)1 << local) != 0;
}

/*
 * Describes the value in stack slot `slot` (0 = top) before the instruction at bci by
 * the instruction that pushed it, recursing into array references, indexes and field
 * receivers with at most max_detail levels. `prefix` is printed first at the outermost
 * level unless the value is a method's result (which has its own wording); inner_expr
 * (array indexes) suppresses that wording. Returns false if it could not name the value;
 * text may have been printed anyway (the prefix), exactly as in HotSpot.
 * Indexes keep max_detail, yet the recursion ends: a bci's stack only ever names
 * instructions simulated before that stack was first created (later merges can only
 * erase names), so following the names backwards never comes round in a cycle.
 */
static bool describe(const Analysis *a, Buf *b, uint32_t bci, uint32_t slot, int max_detail,
                     bool inner_expr, const char *prefix)
{
    if (max_detail <= 0) return false;
    const SimStack *s = a->stacks[bci];
    if (!s || slot >= s->size) return false;
    Cell c = s->cells[s->size - 1 - slot];
    if (c.bci == NO_BCI) return false;

    uint32_t src = c.bci;
    const uint8_t *code = a->code;
    uint8_t op = code[src];
    bool wide = op == OP_wide;
    if (wide) op = code[src + 1];
    bool is_invoke = op == OP_invokevirtual || op == OP_invokespecial ||
                     op == OP_invokestatic || op == OP_invokeinterface;
    if (max_detail == MAX_DETAIL && prefix && !is_invoke) put(b, prefix);

    const char *cls, *name, *desc;
    switch (op) {
    case OP_iload_0: case OP_iload_1: case OP_iload_2: case OP_iload_3:
        put_local(a, b, src, op - OP_iload_0, !slot_written(s, op - OP_iload_0));
        return true;
    case OP_aload_0: case OP_aload_1: case OP_aload_2: case OP_aload_3:
        put_local(a, b, src, op - OP_aload_0, !slot_written(s, op - OP_aload_0));
        return true;
    case OP_iload: case OP_aload: {
        unsigned local = wide ? rd_u2(code + src + 2) : code[src + 1];
        put_local(a, b, src, local, !slot_written(s, local));
        return true;
    }
    case OP_aconst_null: put(b, "null"); return true;
    case OP_iconst_m1: case OP_iconst_0: case OP_iconst_1: case OP_iconst_2:
    case OP_iconst_3: case OP_iconst_4: case OP_iconst_5:
        putf(b, "%d", op - OP_iconst_0);
        return true;
    case OP_bipush: putf(b, "%d", (int8_t)code[src + 1]); return true;
    case OP_sipush: putf(b, "%d", rd_u2(code + src + 1)); return true; /* unsigned, as HotSpot */
    case OP_iaload: case OP_aaload:
        /* array[index]: the index does not use up a level and never says "the return
         * value of"; what cannot be named prints as placeholders. */
        if (!describe(a, b, src, 1, max_detail - 1, inner_expr, NULL)) put(b, "<array>");
        put(b, "[");
        if (!describe(a, b, src, 0, max_detail, true, NULL)) put(b, "...");
        put(b, "]");
        return true;
    case OP_getstatic:
        if (!member_ref(a->cf, rd_u2(code + src + 1), FIELD_REF, &cls, &name, NULL)) return false;
        put_class_name(b, cls);
        put(b, ".");
        put(b, name);
        return true;
    case OP_getfield:
        if (describe(a, b, src, 0, max_detail - 1, inner_expr, NULL)) put(b, ".");
        if (!member_ref(a->cf, rd_u2(code + src + 1), FIELD_REF, NULL, &name, NULL)) return false;
        put(b, name);
        return true;
    case OP_invokevirtual: case OP_invokespecial: case OP_invokestatic: case OP_invokeinterface:
        if (!member_ref(a->cf, rd_u2(code + src + 1), METHOD_REF, &cls, &name, &desc)) return false;
        if (max_detail == MAX_DETAIL && !inner_expr) put(b, " because the return value of \"");
        put_method_name(b, cls, name, desc);
        return true;
    default:
        return false;
    }
}

/* Checks that bci starts an instruction and that the code decodes up to it. */
static bool on_boundary(const uint8_t *code, uint32_t len, uint32_t bci)
{
    uint32_t i = 0;
    while (i < bci) {
        uint32_t n = insn_length(code, len, i);
        if (n == 0) return false;
        i += n;
    }
    return i == bci;
}

char *npe_message(const Method *m, int bci)
{
    if (m == NULL || method_is_native(m) || m->cf == NULL || m->cf->code == NULL ||
        m->clazz == NULL || m->clazz->cf == NULL)
        return NULL;
    /* The frame of a reflective constructor call (HotSpot 17 checks the class, too). */
    if (m->clazz->loader == NULL &&
        strcmp(m->clazz->name, "jdk/internal/reflect/NativeConstructorAccessorImpl") == 0)
        return NULL;
    const CfCode *cc = m->cf->code;
    if (bci < 0 || (uint32_t)bci >= cc->code_length) return NULL;

    Analysis a = { .m = m, .cf = m->clazz->cf, .code = cc->code, .len = cc->code_length };
    if (!on_boundary(a.code, a.len, (uint32_t)bci) || insn_length(a.code, a.len, (uint32_t)bci) == 0)
        return NULL;
    /* A wide prefix only ever modifies loads, stores, iinc and ret: no NPE there. */
    int slot = null_slot(&a, (uint32_t)bci);
    if (slot < 0) return NULL;

    Buf b = { 0 };
    char *result = NULL;
    if (analyse(&a, cc, (uint32_t)bci) && put_failed_action(&a, &b, (uint32_t)bci)) {
        if (describe(&a, &b, (uint32_t)bci, (uint32_t)slot, MAX_DETAIL, false, " because \""))
            put(&b, "\" is null");
        if (!b.oom) {
            result = b.s;
            b.s = NULL;
        }
    }
    free(b.s);
    if (a.stacks) {
        for (uint32_t i = 0; i <= a.len; i++) free(a.stacks[i]);
        free(a.stacks);
    }
    free(a.work);
    return result;
}
