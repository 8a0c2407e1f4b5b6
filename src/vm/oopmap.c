// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * oopmap.c — per-bci classification of a method's locals (oopmap.h).
 *
 * An abstract interpretation of the original bytecode (the class file's code, which
 * quickening never touches) over basic blocks: each cell of the locals and operand stack
 * is a set of OOPMAP_* bits, states merge by union at block entries, and blocks are re-run
 * until nothing grows. An exception handler's entry receives the locals every instruction
 * of its range starts with, and a stack holding one reference. After the fixpoint the
 * block holding the asked bci is replayed up to it.
 *
 * Why not the verifier's inference (verify_infer.c): it loads classes to merge object
 * types, reports errors instead of answering, and folds "unset" and "conflicting" into
 * one unusable type, whereas tools need HotSpot's distinction (a local set on only some
 * paths is live, one set on none is dead). Only reference/value/unset matter here, so no
 * class is ever loaded.
 *
 * The collector's maps (oopmap_gc_at) add liveness: a backward data-flow over the same
 * blocks (a local is live before an instruction if the instruction reads it, or if it is
 * live after it and not written; live after = live before every successor, exception
 * handlers of the instruction's ranges included), iterated to its fixpoint once per
 * method, then replayed within a block for each bci asked. oopmap_visit_stack applies
 * them to a thread's frames.
 *
 * Contracts: callers pass a method of a linked class; malformed code (possible only for
 * classes exempt from verification) makes oopmap_locals_at answer false and
 * oopmap_gc_at NULL, never crash. oopmap_locals_at mallocs and frees before returning;
 * the collector's maps stay with the method (Method.gc_maps) until oopmap_free_maps.
 */
#include "oopmap.h"

#include <stdlib.h>
#include <string.h>

#include "bytecodes.h"
#include "classfile.h"
#include "heap.h"
#include "interp.h"
#include "thread.h"

typedef struct Analysis {
    const ClassFile *cf;
    const CfCode *code;
    const uint8_t *bc;
    int len;
    int nloc, nstk, ncell;
    int *block_of;    /* [len]: block index of a block's first bci, else -1 */
    uint8_t *insn;    /* [len]: an instruction starts here */
    int nblocks;
    int *starts;      /* [nblocks] */
    uint8_t *bstate;  /* [nblocks * ncell] */
    int *bsp;         /* [nblocks]: stack depth at entry, -1 = not reached yet */
    bool *dirty;      /* [nblocks] */
    int *jsr_returns; /* bci after each jsr */
    int njsr;
    bool bad;
} Analysis;

typedef struct St {
    uint8_t *c; /* locals [0, nloc), then the operand stack */
    int sp;
    int low;    /* the lowest sp since it was last reset (operands an instruction used) */
} St;

static int32_t s4(const uint8_t *p)
{
    return (int32_t)((uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]);
}
static int16_t s2(const uint8_t *p) { return (int16_t)(p[0] << 8 | p[1]); }
static uint16_t u2(const uint8_t *p) { return (uint16_t)(p[0] << 8 | p[1]); }

/* ---- stack and locals ---- */

static void push(Analysis *a, St *s, uint8_t v)
{
    if (s->sp >= a->nstk) {
        a->bad = true;
        return;
    }
    s->c[a->nloc + s->sp++] = v;
}

static uint8_t pop(Analysis *a, St *s)
{
    if (s->sp <= 0) {
        a->bad = true;
        return OOPMAP_VALUE;
    }
    if (--s->sp < s->low) s->low = s->sp;
    return s->c[a->nloc + s->sp];
}

static void popn(Analysis *a, St *s, int n)
{
    while (n-- > 0) pop(a, s);
}

static void pushn_value(Analysis *a, St *s, int n)
{
    while (n-- > 0) push(a, s, OOPMAP_VALUE);
}

static void set_local(Analysis *a, St *s, int i, uint8_t v)
{
    if (i < 0 || i >= a->nloc) {
        a->bad = true;
        return;
    }
    s->c[i] = v;
}

static uint8_t get_local(Analysis *a, St *s, int i)
{
    if (i < 0 || i >= a->nloc) {
        a->bad = true;
        return OOPMAP_VALUE;
    }
    return s->c[i];
}

/* ---- descriptors and the constant pool ---- */

/* Slots of one field descriptor at *d (advanced past it); 0 for V. Sets *ref. */
static int desc_one(const char **d, bool *ref)
{
    const char *p = *d;
    *ref = false;
    int slots = 1;
    if (*p == 'V') slots = 0;
    else if (*p == 'J' || *p == 'D') slots = 2;
    else if (*p == 'L' || *p == '[') *ref = true;
    while (*p == '[') p++;
    if (*p == 'L') {
        while (*p && *p != ';') p++;
    }
    if (*p) p++;
    *d = p;
    return slots;
}

static void push_desc(Analysis *a, St *s, const char *d)
{
    bool ref;
    int n = desc_one(&d, &ref);
    if (ref) push(a, s, OOPMAP_REF);
    else pushn_value(a, s, n);
}

static void pop_desc(Analysis *a, St *s, const char *d)
{
    bool ref;
    popn(a, s, desc_one(&d, &ref));
}

/* The descriptor of the NameAndType of CP entry idx, or NULL if it is not of a kind in
 * `tags` (a bit per tag). */
static const char *cp_desc(Analysis *a, int idx, uint32_t tags)
{
    const ClassFile *cf = a->cf;
    if (idx <= 0 || idx >= cf->cp_count || !(tags & (1u << cf->cp_tags[idx]))) {
        a->bad = true;
        return NULL;
    }
    uint8_t tag = cf->cp_tags[idx];
    uint16_t nat = (tag == CONSTANT_Dynamic || tag == CONSTANT_InvokeDynamic) ? cf->cp[idx].u.dyn.nat_index
                                                                              : cf->cp[idx].u.ref.nat_index;
    if (nat == 0 || nat >= cf->cp_count || cf->cp_tags[nat] != CONSTANT_NameAndType) {
        a->bad = true;
        return NULL;
    }
    return cf_utf8(cf, cf->cp[nat].u.nat.desc_index);
}

#define TAGS_FIELD (1u << CONSTANT_Fieldref)
#define TAGS_METHOD ((1u << CONSTANT_Methodref) | (1u << CONSTANT_InterfaceMethodref))

static void do_invoke(Analysis *a, St *s, int idx, bool receiver, uint32_t tags)
{
    const char *d = cp_desc(a, idx, tags);
    if (d == NULL || *d != '(') {
        a->bad = true;
        return;
    }
    d++;
    int slots = receiver ? 1 : 0;
    bool ref;
    while (*d && *d != ')') slots += desc_one(&d, &ref);
    if (*d == ')') d++;
    popn(a, s, slots);
    push_desc(a, s, d);
}

static void do_ldc(Analysis *a, St *s, int idx)
{
    const ClassFile *cf = a->cf;
    if (idx <= 0 || idx >= cf->cp_count) {
        a->bad = true;
        return;
    }
    switch (cf->cp_tags[idx]) {
    case CONSTANT_Integer:
    case CONSTANT_Float: push(a, s, OOPMAP_VALUE); break;
    case CONSTANT_Long:
    case CONSTANT_Double: pushn_value(a, s, 2); break;
    case CONSTANT_Dynamic: {
        const char *d = cp_desc(a, idx, 1u << CONSTANT_Dynamic);
        if (d) push_desc(a, s, d);
        break;
    }
    default: push(a, s, OOPMAP_REF); break; /* String, Class, MethodType, MethodHandle */
    }
}

/* ---- blocks ---- */

static void merge_into(Analysis *a, int target, const St *s, bool handler)
{
    if (target < 0 || target >= a->len || a->block_of[target] < 0) {
        a->bad = true;
        return;
    }
    int b = a->block_of[target];
    uint8_t *dst = a->bstate + (size_t)b * a->ncell;
    int sp = handler ? 1 : s->sp;
    if (a->bsp[b] < 0) {
        memcpy(dst, s->c, (size_t)a->nloc);
        if (handler) dst[a->nloc] = OOPMAP_REF;
        else memcpy(dst + a->nloc, s->c + a->nloc, (size_t)sp);
        a->bsp[b] = sp;
        a->dirty[b] = true;
        return;
    }
    if (a->bsp[b] != sp) {
        a->bad = true;
        return;
    }
    bool grew = false;
    for (int i = 0; i < a->nloc + sp; i++) {
        uint8_t v = i < a->nloc || !handler ? s->c[i] : OOPMAP_REF;
        if ((dst[i] | v) != dst[i]) {
            dst[i] |= v;
            grew = true;
        }
    }
    if (grew) a->dirty[b] = true;
}

/* Calls fn for every branch target of the instruction at bci (not the fall-through, not
 * ret's return points). */
static void each_target(Analysis *a, int bci, void (*fn)(Analysis *a, int target, void *arg), void *arg)
{
    const uint8_t *pc = a->bc + bci;
    switch (*pc) {
    case OP_ifeq: case OP_ifne: case OP_iflt: case OP_ifge: case OP_ifgt: case OP_ifle:
    case OP_if_icmpeq: case OP_if_icmpne: case OP_if_icmplt: case OP_if_icmpge:
    case OP_if_icmpgt: case OP_if_icmple: case OP_if_acmpeq: case OP_if_acmpne:
    case OP_goto: case OP_jsr: case OP_ifnull: case OP_ifnonnull:
        fn(a, bci + s2(pc + 1), arg);
        break;
    case OP_goto_w: case OP_jsr_w: fn(a, bci + s4(pc + 1), arg); break;
    case OP_tableswitch: {
        const uint8_t *p = a->bc + ((bci + 4) & ~3);
        fn(a, bci + s4(p), arg);
        int32_t lo = s4(p + 4), hi = s4(p + 8);
        for (int64_t k = 0; k <= (int64_t)hi - lo; k++) fn(a, bci + s4(p + 12 + 4 * k), arg);
        break;
    }
    case OP_lookupswitch: {
        const uint8_t *p = a->bc + ((bci + 4) & ~3);
        fn(a, bci + s4(p), arg);
        int32_t n = s4(p + 4);
        for (int32_t k = 0; k < n; k++) fn(a, bci + s4(p + 8 + 8 * k + 4), arg);
        break;
    }
    default: break;
    }
}

/* Does control never continue at the next instruction? */
static bool ends_flow(uint8_t op)
{
    switch (op) {
    case OP_goto: case OP_goto_w: case OP_jsr: case OP_jsr_w: case OP_ret:
    case OP_tableswitch: case OP_lookupswitch: case OP_athrow:
    case OP_ireturn: case OP_lreturn: case OP_freturn: case OP_dreturn: case OP_areturn: case OP_return:
        return true;
    default:
        return false;
    }
}

static void mark_leader(Analysis *a, int target, void *arg)
{
    (void)arg;
    if (target < 0 || target >= a->len) {
        a->bad = true;
        return;
    }
    a->block_of[target] = 1;
}

static void merge_target(Analysis *a, int target, void *arg) { merge_into(a, target, arg, false); }

/* Finds instructions and block starts; false if the code is malformed. */
static bool find_blocks(Analysis *a)
{
    for (int i = 0; i < a->len; i++) a->block_of[i] = -1;
    a->block_of[0] = 1;
    int bci = 0;
    while (bci < a->len) {
        int n = bc_length(a->bc, a->bc + bci);
        uint8_t op = a->bc[bci];
        if (n <= 0 || bci + n > a->len || op == OP_breakpoint || op > OP_jsr_w) return false;
        a->insn[bci] = 1;
        each_target(a, bci, mark_leader, NULL);
        if (op == OP_jsr || op == OP_jsr_w) {
            if (bci + n < a->len) a->jsr_returns[a->njsr++] = bci + n;
        }
        if (ends_flow(op) && bci + n < a->len) a->block_of[bci + n] = 1;
        bci += n;
    }
    for (int i = 0; i < a->code->handler_count; i++) {
        const CfExceptionHandler *h = &a->code->handlers[i];
        if (h->handler_pc >= a->len) return false;
        a->block_of[h->handler_pc] = 1;
    }
    if (a->bad) return false;
    for (int i = 0; i < a->njsr; i++) a->block_of[a->jsr_returns[i]] = 1;
    int nb = 0;
    for (int i = 0; i < a->len; i++) {
        if (a->block_of[i] < 0) continue;
        if (!a->insn[i]) return false; /* a branch into the middle of an instruction */
        a->block_of[i] = nb++;
    }
    a->nblocks = nb;
    return true;
}

/* The effect of the instruction at bci on s, and its edges to branch targets. */
static void step(Analysis *a, St *s, int bci)
{
    const uint8_t *pc = a->bc + bci;
    uint8_t op = *pc;
    switch (op) {
    case OP_nop: break;
    case OP_aconst_null: push(a, s, OOPMAP_REF); break;
    case OP_iconst_m1: case OP_iconst_0: case OP_iconst_1: case OP_iconst_2: case OP_iconst_3:
    case OP_iconst_4: case OP_iconst_5: case OP_fconst_0: case OP_fconst_1: case OP_fconst_2:
    case OP_bipush: case OP_sipush:
        push(a, s, OOPMAP_VALUE);
        break;
    case OP_lconst_0: case OP_lconst_1: case OP_dconst_0: case OP_dconst_1: pushn_value(a, s, 2); break;
    case OP_ldc: do_ldc(a, s, pc[1]); break;
    case OP_ldc_w: case OP_ldc2_w: do_ldc(a, s, u2(pc + 1)); break;
    case OP_iload: case OP_fload: push(a, s, OOPMAP_VALUE); break;
    case OP_lload: case OP_dload: pushn_value(a, s, 2); break;
    case OP_aload: push(a, s, get_local(a, s, pc[1])); break;
    case OP_iload_0: case OP_iload_1: case OP_iload_2: case OP_iload_3:
    case OP_fload_0: case OP_fload_1: case OP_fload_2: case OP_fload_3:
        push(a, s, OOPMAP_VALUE);
        break;
    case OP_lload_0: case OP_lload_1: case OP_lload_2: case OP_lload_3:
    case OP_dload_0: case OP_dload_1: case OP_dload_2: case OP_dload_3:
        pushn_value(a, s, 2);
        break;
    case OP_aload_0: case OP_aload_1: case OP_aload_2: case OP_aload_3:
        push(a, s, get_local(a, s, op - OP_aload_0));
        break;
    case OP_iaload: case OP_faload: case OP_baload: case OP_caload: case OP_saload:
        popn(a, s, 2);
        push(a, s, OOPMAP_VALUE);
        break;
    case OP_laload: case OP_daload: popn(a, s, 2); pushn_value(a, s, 2); break;
    case OP_aaload: popn(a, s, 2); push(a, s, OOPMAP_REF); break;
    case OP_istore: case OP_fstore: pop(a, s); set_local(a, s, pc[1], OOPMAP_VALUE); break;
    case OP_lstore: case OP_dstore:
        popn(a, s, 2);
        set_local(a, s, pc[1], OOPMAP_VALUE);
        set_local(a, s, pc[1] + 1, OOPMAP_VALUE);
        break;
    case OP_astore: set_local(a, s, pc[1], pop(a, s)); break;
    case OP_istore_0: case OP_istore_1: case OP_istore_2: case OP_istore_3:
        pop(a, s);
        set_local(a, s, op - OP_istore_0, OOPMAP_VALUE);
        break;
    case OP_fstore_0: case OP_fstore_1: case OP_fstore_2: case OP_fstore_3:
        pop(a, s);
        set_local(a, s, op - OP_fstore_0, OOPMAP_VALUE);
        break;
    case OP_lstore_0: case OP_lstore_1: case OP_lstore_2: case OP_lstore_3:
        popn(a, s, 2);
        set_local(a, s, op - OP_lstore_0, OOPMAP_VALUE);
        set_local(a, s, op - OP_lstore_0 + 1, OOPMAP_VALUE);
        break;
    case OP_dstore_0: case OP_dstore_1: case OP_dstore_2: case OP_dstore_3:
        popn(a, s, 2);
        set_local(a, s, op - OP_dstore_0, OOPMAP_VALUE);
        set_local(a, s, op - OP_dstore_0 + 1, OOPMAP_VALUE);
        break;
    case OP_astore_0: case OP_astore_1: case OP_astore_2: case OP_astore_3:
        set_local(a, s, op - OP_astore_0, pop(a, s));
        break;
    case OP_iastore: case OP_fastore: case OP_aastore: case OP_bastore: case OP_castore: case OP_sastore:
        popn(a, s, 3);
        break;
    case OP_lastore: case OP_dastore: popn(a, s, 4); break;
    case OP_pop: pop(a, s); break;
    case OP_pop2: popn(a, s, 2); break;
    case OP_dup: {
        uint8_t v = pop(a, s);
        push(a, s, v);
        push(a, s, v);
        break;
    }
    case OP_dup_x1: {
        uint8_t v1 = pop(a, s), v2 = pop(a, s);
        push(a, s, v1);
        push(a, s, v2);
        push(a, s, v1);
        break;
    }
    case OP_dup_x2: {
        uint8_t v1 = pop(a, s), v2 = pop(a, s), v3 = pop(a, s);
        push(a, s, v1);
        push(a, s, v3);
        push(a, s, v2);
        push(a, s, v1);
        break;
    }
    case OP_dup2: {
        uint8_t v1 = pop(a, s), v2 = pop(a, s);
        push(a, s, v2);
        push(a, s, v1);
        push(a, s, v2);
        push(a, s, v1);
        break;
    }
    case OP_dup2_x1: {
        uint8_t v1 = pop(a, s), v2 = pop(a, s), v3 = pop(a, s);
        push(a, s, v2);
        push(a, s, v1);
        push(a, s, v3);
        push(a, s, v2);
        push(a, s, v1);
        break;
    }
    case OP_dup2_x2: {
        uint8_t v1 = pop(a, s), v2 = pop(a, s), v3 = pop(a, s), v4 = pop(a, s);
        push(a, s, v2);
        push(a, s, v1);
        push(a, s, v4);
        push(a, s, v3);
        push(a, s, v2);
        push(a, s, v1);
        break;
    }
    case OP_swap: {
        uint8_t v1 = pop(a, s), v2 = pop(a, s);
        push(a, s, v1);
        push(a, s, v2);
        break;
    }
    /* Arithmetic: operand and result slots by type letter. */
    case OP_iadd: case OP_isub: case OP_imul: case OP_idiv: case OP_irem: case OP_ishl:
    case OP_ishr: case OP_iushr: case OP_iand: case OP_ior: case OP_ixor:
    case OP_fadd: case OP_fsub: case OP_fmul: case OP_fdiv: case OP_frem:
    case OP_fcmpl: case OP_fcmpg:
        popn(a, s, 2);
        push(a, s, OOPMAP_VALUE);
        break;
    case OP_ladd: case OP_lsub: case OP_lmul: case OP_ldiv: case OP_lrem: case OP_land: case OP_lor:
    case OP_lxor: case OP_dadd: case OP_dsub: case OP_dmul: case OP_ddiv: case OP_drem:
        popn(a, s, 4);
        pushn_value(a, s, 2);
        break;
    case OP_lshl: case OP_lshr: case OP_lushr: popn(a, s, 3); pushn_value(a, s, 2); break;
    case OP_ineg: case OP_fneg: case OP_i2f: case OP_f2i: case OP_i2b: case OP_i2c: case OP_i2s:
        pop(a, s);
        push(a, s, OOPMAP_VALUE);
        break;
    case OP_lneg: case OP_dneg: case OP_l2d: case OP_d2l: popn(a, s, 2); pushn_value(a, s, 2); break;
    case OP_i2l: case OP_i2d: case OP_f2l: case OP_f2d: pop(a, s); pushn_value(a, s, 2); break;
    case OP_l2i: case OP_l2f: case OP_d2i: case OP_d2f: popn(a, s, 2); push(a, s, OOPMAP_VALUE); break;
    case OP_lcmp: case OP_dcmpl: case OP_dcmpg: popn(a, s, 4); push(a, s, OOPMAP_VALUE); break;
    case OP_iinc: set_local(a, s, pc[1], OOPMAP_VALUE); break;
    case OP_ifeq: case OP_ifne: case OP_iflt: case OP_ifge: case OP_ifgt: case OP_ifle:
    case OP_ifnull: case OP_ifnonnull:
        pop(a, s);
        break;
    case OP_if_icmpeq: case OP_if_icmpne: case OP_if_icmplt: case OP_if_icmpge: case OP_if_icmpgt:
    case OP_if_icmple: case OP_if_acmpeq: case OP_if_acmpne:
        popn(a, s, 2);
        break;
    case OP_goto: case OP_goto_w: break;
    case OP_jsr: case OP_jsr_w: push(a, s, OOPMAP_ADDR); break;
    case OP_ret:
        get_local(a, s, pc[1]);
        for (int i = 0; i < a->njsr; i++) merge_into(a, a->jsr_returns[i], s, false);
        return;
    case OP_tableswitch: case OP_lookupswitch: pop(a, s); break;
    case OP_ireturn: case OP_lreturn: case OP_freturn: case OP_dreturn: case OP_areturn:
    case OP_return: case OP_athrow:
        return;
    case OP_getstatic: push_desc(a, s, cp_desc(a, u2(pc + 1), TAGS_FIELD) ?: "I"); break;
    case OP_putstatic: pop_desc(a, s, cp_desc(a, u2(pc + 1), TAGS_FIELD) ?: "I"); break;
    case OP_getfield:
        pop(a, s);
        push_desc(a, s, cp_desc(a, u2(pc + 1), TAGS_FIELD) ?: "I");
        break;
    case OP_putfield:
        pop_desc(a, s, cp_desc(a, u2(pc + 1), TAGS_FIELD) ?: "I");
        pop(a, s);
        break;
    case OP_invokevirtual: case OP_invokespecial: case OP_invokeinterface:
        do_invoke(a, s, u2(pc + 1), true, TAGS_METHOD);
        break;
    case OP_invokestatic: do_invoke(a, s, u2(pc + 1), false, TAGS_METHOD); break;
    case OP_invokedynamic: do_invoke(a, s, u2(pc + 1), false, 1u << CONSTANT_InvokeDynamic); break;
    case OP_new: push(a, s, OOPMAP_REF); break;
    case OP_newarray: case OP_anewarray: case OP_checkcast: pop(a, s); push(a, s, OOPMAP_REF); break;
    case OP_arraylength: case OP_instanceof: pop(a, s); push(a, s, OOPMAP_VALUE); break;
    case OP_monitorenter: case OP_monitorexit: pop(a, s); break;
    case OP_multianewarray: popn(a, s, pc[3]); push(a, s, OOPMAP_REF); break;
    case OP_wide: {
        uint8_t wop = pc[1];
        int idx = u2(pc + 2);
        switch (wop) {
        case OP_iload: case OP_fload: push(a, s, OOPMAP_VALUE); break;
        case OP_lload: case OP_dload: pushn_value(a, s, 2); break;
        case OP_aload: push(a, s, get_local(a, s, idx)); break;
        case OP_istore: case OP_fstore: pop(a, s); set_local(a, s, idx, OOPMAP_VALUE); break;
        case OP_lstore: case OP_dstore:
            popn(a, s, 2);
            set_local(a, s, idx, OOPMAP_VALUE);
            set_local(a, s, idx + 1, OOPMAP_VALUE);
            break;
        case OP_astore: set_local(a, s, idx, pop(a, s)); break;
        case OP_iinc: set_local(a, s, idx, OOPMAP_VALUE); break;
        case OP_ret:
            get_local(a, s, idx);
            for (int i = 0; i < a->njsr; i++) merge_into(a, a->jsr_returns[i], s, false);
            return;
        default: a->bad = true; break;
        }
        break;
    }
    default: a->bad = true; return;
    }
    each_target(a, bci, merge_target, s);
}

/*
 * Runs block b from its entry state (in s->c, which the caller provides) until it flows
 * into the next block, ends, or reaches stop_bci (then s holds the state before it).
 * Returns true if stop_bci was reached.
 */
static bool run_block(Analysis *a, int b, int stop_bci, St *s)
{
    memcpy(s->c, a->bstate + (size_t)b * a->ncell, (size_t)a->ncell);
    s->sp = a->bsp[b];
    int bci = a->starts[b];
    for (;;) {
        if (bci == stop_bci) return true;
        for (int i = 0; i < a->code->handler_count; i++) {
            const CfExceptionHandler *h = &a->code->handlers[i];
            if (bci >= h->start_pc && bci < h->end_pc) merge_into(a, h->handler_pc, s, true);
        }
        uint8_t op = a->bc[bci];
        int n = bc_length(a->bc, a->bc + bci);
        step(a, s, bci);
        if (a->bad || ends_flow(op)) return false;
        bci += n;
        if (bci >= a->len) {
            a->bad = true; /* falls off the end of the code */
            return false;
        }
        if (a->block_of[bci] >= 0) {
            merge_into(a, bci, s, false);
            return false;
        }
    }
}

/* The initial state: the arguments from the descriptor, everything else unset. */
static void entry_state(Analysis *a, const Method *m, St *s)
{
    memset(s->c, OOPMAP_UNINIT, (size_t)a->nloc);
    s->sp = 0;
    int i = 0;
    if (!method_is_static(m)) set_local(a, s, i++, OOPMAP_REF);
    const char *d = m->desc + 1;
    bool ref;
    while (*d && *d != ')') {
        int n = desc_one(&d, &ref);
        for (int k = 0; k < n; k++) set_local(a, s, i++, ref ? OOPMAP_REF : OOPMAP_VALUE);
    }
}

static void analysis_free(Analysis *a)
{
    free(a->block_of);
    free(a->insn);
    free(a->jsr_returns);
    free(a->starts);
    free(a->bstate);
    free(a->bsp);
    free(a->dirty);
    memset(a, 0, sizeof *a);
}

/* Runs the forward analysis of m to its fixpoint; false (nothing allocated) if m has no
 * code or the code is malformed. *cells receives scratch room for one state (a->ncell
 * bytes), which the caller frees. */
static bool analyse(const Method *m, Analysis *a, uint8_t **cells)
{
    const CfCode *code = m->cf != NULL ? m->cf->code : NULL;
    memset(a, 0, sizeof *a);
    *cells = NULL;
    if (code == NULL || m->clazz->cf == NULL || code->code_length == 0) return false;
    a->cf = m->clazz->cf;
    a->code = code;
    a->bc = code->code;
    a->len = (int)code->code_length;
    a->nloc = code->max_locals;
    a->nstk = code->max_stack;
    a->ncell = a->nloc + a->nstk + 1; /* + 1: a handler's stack fits even if max_stack is 0 */
    a->block_of = malloc(sizeof(int) * (size_t)a->len);
    a->insn = calloc((size_t)a->len, 1);
    a->jsr_returns = malloc(sizeof(int) * (size_t)a->len);
    *cells = malloc((size_t)a->ncell);
    if (a->block_of == NULL || a->insn == NULL || a->jsr_returns == NULL || *cells == NULL) goto fail;
    if (!find_blocks(a)) goto fail;
    a->starts = malloc(sizeof(int) * (size_t)a->nblocks);
    a->bstate = calloc((size_t)a->nblocks, (size_t)a->ncell);
    a->bsp = malloc(sizeof(int) * (size_t)a->nblocks);
    a->dirty = calloc((size_t)a->nblocks, sizeof(bool));
    if (a->starts == NULL || a->bstate == NULL || a->bsp == NULL || a->dirty == NULL) goto fail;
    for (int i = 0; i < a->len; i++)
        if (a->block_of[i] >= 0) a->starts[a->block_of[i]] = i;
    for (int i = 0; i < a->nblocks; i++) a->bsp[i] = -1;

    St s = {*cells, 0, 0};
    entry_state(a, m, &s);
    merge_into(a, 0, &s, false);
    for (bool again = true; again && !a->bad;) {
        again = false;
        for (int b = 0; b < a->nblocks && !a->bad; b++) {
            if (!a->dirty[b]) continue;
            a->dirty[b] = false;
            again = true;
            run_block(a, b, -1, &s);
        }
    }
    if (!a->bad) return true;
fail:
    analysis_free(a);
    free(*cells);
    *cells = NULL;
    return false;
}

/* The block holding instruction bci. */
static int block_at(const Analysis *a, int bci)
{
    for (int i = bci; i >= 0; i--)
        if (a->block_of[i] >= 0) return a->block_of[i];
    return 0;
}

bool oopmap_locals_at(const Method *m, int bci, uint8_t *out)
{
    const CfCode *code = m->cf != NULL ? m->cf->code : NULL;
    if (code == NULL || bci < 0 || (uint32_t)bci >= code->code_length) return false;
    Analysis a;
    uint8_t *cells;
    if (!analyse(m, &a, &cells)) return false;
    bool ok = false;
    St s = {cells, 0, 0};
    if (a.insn[bci]) {
        int b = block_at(&a, bci);
        /* a.bsp[b] < 0: unreachable code */
        if (a.bsp[b] >= 0 && run_block(&a, b, bci, &s) && !a.bad) {
            memcpy(out, s.c, (size_t)a.nloc);
            ok = true;
        }
    }
    analysis_free(&a);
    free(cells);
    return ok;
}

/* ---------------------------------------------------------------------------------- */
/* The collector's maps: types and liveness at the bci a frame stopped at              */
/* ---------------------------------------------------------------------------------- */

typedef uint64_t Word;

static inline void bit_set(Word *w, int i) { w[i >> 6] |= (Word)1 << (i & 63); }
static inline bool bit_get(const Word *w, int i) { return (w[i >> 6] >> (i & 63)) & 1; }

/* Locals [idx, idx + n) as read (use) or written (def) by one instruction. */
static void live_access(const Analysis *a, Word *live, int idx, int n, bool def)
{
    for (int i = idx; i < idx + n; i++) {
        if (i < 0 || i >= a->nloc) continue; /* only in unreachable, unanalysed code */
        if (def) live[i >> 6] &= ~((Word)1 << (i & 63));
        else bit_set(live, i);
    }
}

/*
 * Liveness, backwards over the instruction at bci: live before it = what it reads, plus
 * what is live after it and it does not write. Both halves of a long or double count,
 * so a slot that holds a reference on one path and half of a live long on another is
 * live (never cleared).
 */
static void live_step(const Analysis *a, int bci, Word *live)
{
    const uint8_t *pc = a->bc + bci;
    uint8_t op = *pc;
    switch (op) {
    case OP_iload: case OP_fload: case OP_aload: case OP_ret: live_access(a, live, pc[1], 1, false); break;
    case OP_lload: case OP_dload: live_access(a, live, pc[1], 2, false); break;
    case OP_iload_0: case OP_iload_1: case OP_iload_2: case OP_iload_3:
        live_access(a, live, op - OP_iload_0, 1, false);
        break;
    case OP_fload_0: case OP_fload_1: case OP_fload_2: case OP_fload_3:
        live_access(a, live, op - OP_fload_0, 1, false);
        break;
    case OP_aload_0: case OP_aload_1: case OP_aload_2: case OP_aload_3:
        live_access(a, live, op - OP_aload_0, 1, false);
        break;
    case OP_lload_0: case OP_lload_1: case OP_lload_2: case OP_lload_3:
        live_access(a, live, op - OP_lload_0, 2, false);
        break;
    case OP_dload_0: case OP_dload_1: case OP_dload_2: case OP_dload_3:
        live_access(a, live, op - OP_dload_0, 2, false);
        break;
    case OP_istore: case OP_fstore: case OP_astore: live_access(a, live, pc[1], 1, true); break;
    case OP_lstore: case OP_dstore: live_access(a, live, pc[1], 2, true); break;
    case OP_istore_0: case OP_istore_1: case OP_istore_2: case OP_istore_3:
        live_access(a, live, op - OP_istore_0, 1, true);
        break;
    case OP_fstore_0: case OP_fstore_1: case OP_fstore_2: case OP_fstore_3:
        live_access(a, live, op - OP_fstore_0, 1, true);
        break;
    case OP_astore_0: case OP_astore_1: case OP_astore_2: case OP_astore_3:
        live_access(a, live, op - OP_astore_0, 1, true);
        break;
    case OP_lstore_0: case OP_lstore_1: case OP_lstore_2: case OP_lstore_3:
        live_access(a, live, op - OP_lstore_0, 2, true);
        break;
    case OP_dstore_0: case OP_dstore_1: case OP_dstore_2: case OP_dstore_3:
        live_access(a, live, op - OP_dstore_0, 2, true);
        break;
    case OP_iinc: live_access(a, live, pc[1], 1, false); break;
    case OP_wide: {
        int idx = u2(pc + 2);
        switch (pc[1]) {
        case OP_iload: case OP_fload: case OP_aload: case OP_ret: case OP_iinc:
            live_access(a, live, idx, 1, false);
            break;
        case OP_lload: case OP_dload: live_access(a, live, idx, 2, false); break;
        case OP_istore: case OP_fstore: case OP_astore: live_access(a, live, idx, 1, true); break;
        case OP_lstore: case OP_dstore: live_access(a, live, idx, 2, true); break;
        default: break;
        }
        break;
    }
    default: break;
    }
}

typedef struct LiveSets {
    const Analysis *a;
    const Word *in; /* [nblocks * w]: live at each block's entry */
    int w;          /* words per set */
    Word *acc;      /* the set being accumulated */
} LiveSets;

static void live_union(LiveSets *l, int b)
{
    const Word *src = l->in + (size_t)b * l->w;
    for (int i = 0; i < l->w; i++) l->acc[i] |= src[i];
}

static void live_union_target(Analysis *a, int target, void *arg)
{
    if (target >= 0 && target < a->len && a->block_of[target] >= 0) live_union(arg, a->block_of[target]);
}

static int block_end(const Analysis *a, int b) { return b + 1 < a->nblocks ? a->starts[b + 1] : a->len; }

/*
 * Live locals before the instruction at stop_bci of block b (stop_bci -1: at the block's
 * entry), into l->acc. Successors are those of the forward analysis: branch targets
 * (conditional branches may sit inside a block: only exception handlers, jsr return
 * points and the targets of branches start one), the next instruction unless the
 * instruction ends the flow, every jsr's return point after a ret; and every
 * instruction inside an exception handler's range also flows to the handler (its
 * live-in joins the instruction's live-before: the exception can happen before the
 * instruction's effect).
 */
static void live_block(LiveSets *l, int b, int stop_bci)
{
    const Analysis *a = l->a;
    int end = block_end(a, b);
    int last = end - 1;
    while (last > a->starts[b] && !a->insn[last]) last--;
    memset(l->acc, 0, sizeof(Word) * (size_t)l->w);
    if (!ends_flow(a->bc[last]) && end < a->len) live_union(l, b + 1);
    for (int bci = last; bci >= a->starts[b]; bci--) {
        if (!a->insn[bci]) continue;
        uint8_t op = a->bc[bci];
        each_target((Analysis *)a, bci, live_union_target, l);
        if (op == OP_ret || (op == OP_wide && a->bc[bci + 1] == OP_ret)) {
            for (int i = 0; i < a->njsr; i++) live_union_target((Analysis *)a, a->jsr_returns[i], l);
        }
        live_step(a, bci, l->acc);
        for (int i = 0; i < a->code->handler_count; i++) {
            const CfExceptionHandler *h = &a->code->handlers[i];
            if (bci >= h->start_pc && bci < h->end_pc) live_union_target((Analysis *)a, h->handler_pc, l);
        }
        if (bci == stop_bci) return;
    }
}

/* A method's cached maps (Method.gc_maps): the analysis, kept for further bcis, and one
 * map per bci asked for so far. */
typedef struct MethodMaps {
    Analysis a;
    uint8_t *cells;  /* scratch for replaying a block */
    Word *live_in;   /* [a.nblocks * w] */
    Word *scratch;   /* [w] */
    int w;
    bool failed;     /* no analysis (no code, malformed): frames are scanned conservatively */
    OopMapGc **at;   /* [a.len]: NULL until computed, &no_map if there is none */
} MethodMaps;

static OopMapGc no_map;
_Atomic bool oopmap_retain_locals;

static MethodMaps *build_maps(const Method *m)
{
    MethodMaps *mm = calloc(1, sizeof *mm);
    if (mm == NULL) return NULL;
    if (!analyse(m, &mm->a, &mm->cells)) {
        mm->failed = true;
        return mm;
    }
    Analysis *a = &mm->a;
    free(a->dirty); /* only the fixpoint needs it */
    a->dirty = NULL;
    if (a->njsr == 0) { /* kept for ret's successors only */
        free(a->jsr_returns);
        a->jsr_returns = NULL;
    }
    mm->w = a->nloc > 0 ? (a->nloc + 63) / 64 : 1;
    mm->live_in = calloc((size_t)a->nblocks * (size_t)mm->w, sizeof(Word));
    mm->scratch = calloc((size_t)mm->w, sizeof(Word));
    mm->at = calloc((size_t)a->len, sizeof *mm->at);
    if (mm->live_in == NULL || mm->scratch == NULL || mm->at == NULL) {
        oopmap_free_maps(mm);
        return NULL;
    }
    /* Backward fixpoint; the sets only grow. */
    LiveSets l = {a, mm->live_in, mm->w, mm->scratch};
    for (bool changed = true; changed;) {
        changed = false;
        for (int b = a->nblocks; b-- > 0;) {
            live_block(&l, b, -1);
            Word *in = mm->live_in + (size_t)b * mm->w;
            if (memcmp(in, l.acc, sizeof(Word) * (size_t)mm->w) != 0) {
                memcpy(in, l.acc, sizeof(Word) * (size_t)mm->w);
                changed = true;
            }
        }
    }
    return mm;
}

/* The map before the instruction at bci, or NULL if there is none (not an instruction
 * start, unreachable code). */
static OopMapGc *compute_map(MethodMaps *mm, const Method *m, int bci)
{
    Analysis *a = &mm->a;
    if (!a->insn[bci]) return NULL;
    int b = block_at(a, bci);
    if (a->bsp[b] < 0) return NULL;
    St s = {mm->cells, 0, 0};
    if (!run_block(a, b, bci, &s) || a->bad) return NULL;
    int depth = s.sp;
    OopMapGc *g = malloc(sizeof *g + (size_t)a->nloc + (size_t)depth);
    if (g == NULL) return NULL;
    g->nloc = (uint16_t)a->nloc;
    g->nstk = (uint16_t)depth;
    memcpy(g->cell, s.c, (size_t)a->nloc);
    memcpy(g->cell + a->nloc, s.c + a->nloc, (size_t)depth);
    /* The operands the instruction itself consumes (the lowest depth it pops to): while
     * it is under way, those slots may already hold its results. Replaying it only merges
     * states that are part of the fixpoint already. */
    s.low = s.sp;
    step(a, &s, bci);
    if (a->bad) {
        free(g);
        a->bad = false;
        return NULL;
    }
    g->nkeep = (uint16_t)s.low;
    for (int i = 0; i < depth; i++) g->cell[a->nloc + i] |= OOPMAP_LIVE;

    LiveSets l = {a, mm->live_in, mm->w, mm->scratch};
    live_block(&l, b, bci);
    /* A method that has not started yet still holds its arguments, as its caller did
     * up to the call (Reference.reachabilityFence is an empty method). */
    if (bci == 0) {
        for (int i = 0; i < m->arg_slots && i < a->nloc; i++) bit_set(l.acc, i);
    }
    for (int i = 0; i < a->nloc; i++)
        if (bit_get(l.acc, i)) g->cell[i] |= OOPMAP_LIVE;
    return g;
}

const OopMapGc *oopmap_gc_at(Method *m, int bci)
{
    MethodMaps *mm = m->gc_maps;
    if (mm == NULL) {
        mm = build_maps(m);
        if (mm == NULL) return NULL; /* out of memory: try again next time */
        m->gc_maps = mm;
    }
    if (mm->failed || bci < 0 || bci >= mm->a.len) return NULL;
    OopMapGc *g = mm->at[bci];
    if (g == NULL) {
        g = compute_map(mm, m, bci);
        mm->at[bci] = g != NULL ? g : &no_map;
        if (g == NULL) return NULL;
    }
    return g == &no_map ? NULL : g;
}

void oopmap_free_maps(void *maps)
{
    MethodMaps *mm = maps;
    if (mm == NULL) return;
    if (mm->at != NULL) {
        for (int i = 0; i < mm->a.len; i++)
            if (mm->at[i] != &no_map) free(mm->at[i]);
    }
    free(mm->at);
    free(mm->live_in);
    free(mm->scratch);
    free(mm->cells);
    analysis_free(&mm->a);
    free(mm);
}

void oopmap_retain_dead_locals(void)
{
    atomic_store(&oopmap_retain_locals, true);
}

/* ---------------------------------------------------------------------------------- */
/* A thread's Java stack as collector roots                                            */
/* ---------------------------------------------------------------------------------- */

/* One slot that the maps say may hold a reference: still checked like a conservative
 * root (an allocated object start or interior), so a map that is wrong about a slot can
 * at worst retain garbage, never mark a non-object. */
static inline void visit_slot(RootVisitor *v, Slot *s)
{
    gc_scan_conservative(v, s, s + 1, ROOT_STACK);
}

/* A native method's arguments (its locals), by its descriptor. */
static void visit_native(Frame *f, RootVisitor *v)
{
    const Method *m = f->method;
    Slot *p = f->locals, *end = (Slot *)f;
    if (m == NULL || (m->flags & METHOD_F_SIGPOLY) || p > end) {
        gc_scan_conservative(v, p, end, ROOT_STACK);
        return;
    }
    int i = 0;
    if (!method_is_static(m) && p < end) visit_slot(v, &p[i++]);
    const char *d = m->desc + 1;
    bool ref;
    while (*d && *d != ')' && p + i < end) {
        int n = desc_one(&d, &ref);
        if (ref) visit_slot(v, &p[i]);
        i += n;
    }
}

/*
 * A Java frame: its locals by type and liveness, its monitor block, its operand stack up
 * to `top` (the frame's sp, or the first argument slot of the callee above it, whose
 * locals those slots are). The stack slots below the operands of the current instruction
 * follow the map; the instruction's own operands (possibly already replaced by its
 * results, or by the interpreter's extra call arguments) are scanned conservatively.
 */
static void visit_java(Thread *t, Frame *f, Slot *top, RootVisitor *v, bool clear_dead)
{
    Method *m = f->method;
    Slot *base = frame_stack_base(f);
    if (top > t->stack_limit) top = t->stack_limit;
    if (top < base) top = base;
    for (uint32_t i = 0; i < f->nmon; i++) visit_slot(v, &frame_monitors(f)[i]);

    int bci = frame_bci(f);
    const OopMapGc *g = bci >= 0 ? oopmap_gc_at(m, bci) : NULL;
    if (g == NULL || g->nloc != m->max_locals) {
        gc_scan_conservative(v, f->locals, f->locals + m->max_locals, ROOT_STACK);
        gc_scan_conservative(v, base, top, ROOT_STACK);
        return;
    }
    bool retain = atomic_load_explicit(&oopmap_retain_locals, memory_order_relaxed);
    for (int i = 0; i < g->nloc; i++) {
        uint8_t c = g->cell[i];
        if (!(c & OOPMAP_REF)) continue;
        if ((c & OOPMAP_LIVE) || (retain && c == OOPMAP_REF)) visit_slot(v, &f->locals[i]);
        else if (clear_dead) f->locals[i].l = NULL; /* dead: never read again; see oopmap.h */
    }
    int n = (int)(top - base);
    int exact = g->nkeep < n ? g->nkeep : n;
    for (int i = 0; i < exact; i++)
        if (g->cell[g->nloc + i] & OOPMAP_REF) visit_slot(v, &base[i]);
    gc_scan_conservative(v, base + exact, top, ROOT_STACK);
}

void oopmap_visit_stack(Thread *t, RootVisitor *v, bool clear_dead)
{
    Frame *above = NULL;
    for (Frame *f = t->top_frame; f != NULL; above = f, f = f->prev) {
        /* The slots from which the frame above took its arguments are its locals. */
        Slot *top = f->sp;
        if (above != NULL && !(above->flags & FRAME_ENTRY) && above->locals < top) top = above->locals;
        if (f->flags & FRAME_ENTRY) {
            /* The arguments of a C-to-Java call, scanned here only while no frame above
             * has them as its locals (the callee is not pushed yet). */
            Slot *lo = (Slot *)(f + 1);
            if (top > t->stack_limit) top = t->stack_limit;
            if (top > lo) gc_scan_conservative(v, lo, top, ROOT_STACK);
        } else if (f->flags & FRAME_NATIVE) {
            visit_native(f, v);
        } else if (f->method == NULL) {
            /* Not a frame the interpreter makes (a unit test's): everything above it. */
            if (top > t->stack_limit) top = t->stack_limit;
            gc_scan_conservative(v, (Slot *)(f + 1), top, ROOT_STACK);
        } else {
            visit_java(t, f, top, v, clear_dead);
        }
    }
}

bool oopmap_frame_refs(Frame *f, OopmapRefFn fn, void *arg)
{
    Method *m = f->method;
    uint8_t *cells = m->max_locals ? malloc(m->max_locals) : NULL;
    if (cells != NULL && oopmap_locals_at(m, frame_bci(f), cells)) {
        for (int s = 0; s < m->max_locals; s++) {
            Object *o = f->locals[s].l;
            if (!oopmap_is_ref(cells[s]) || o == NULL) continue;
            if (!fn(arg, s, o)) {
                free(cells);
                return false;
            }
        }
    }
    free(cells);
    Slot *base = frame_stack_base(f);
    for (Slot *p = base; p < f->sp; p++) {
        Object *o = p->l;
        if (!heap_is_object(o) || o->klass == NULL) continue;
        if (!fn(arg, m->max_locals + (int)(p - base), o)) return false;
    }
    return true;
}
