// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * verify_infer.c — the type-inference verifier (JVMS 4.10.2) for class files older than
 * version 50, and for version-50 files whose stack maps fail (HotSpot's failover).
 *
 * A data-flow analysis over each method: every instruction keeps the state (operand stack,
 * registers, "constructor called" flags) merged from all paths reaching it, and is re-run
 * until nothing changes. Subroutines (jsr/ret) are handled as HotSpot's old verifier
 * (libverify) handles them: each jsr pushes a mask of the registers the subroutine
 * modifies; ret merges the subroutine's registers for those bits with the caller's for the
 * others, and returns to the instruction after every jsr to that subroutine.
 *
 * The algorithm's visiting order and the checks' order follow libverify, because the first
 * error found is the one reported, with libverify's "(class: C, method: m signature: d)"
 * messages. Types are 64-bit words: an item kind, an array depth and extra data (the
 * interned class-name symbol for objects, the instruction number for uninitialized objects
 * and return addresses). Stacks are shared immutable lists; all memory is the
 * verification's arena.
 */
#include <string.h>

#include "bytecodes.h"
#include "classfile_constants.h"
#include "exception.h"
#include "loader.h"
#include "sym.h"
#include "verifyint.h"

/* ------------------------------------------------------------------------------------ */
/* Types                                                                                */
/* ------------------------------------------------------------------------------------ */

enum {
    IT_Bogus,
    IT_Void,
    IT_Integer,
    IT_Float,
    IT_Double,
    IT_Double_2,
    IT_Long,
    IT_Long_2,
    IT_Array,
    IT_Object,
    IT_NewObject,
    IT_InitObject,
    IT_ReturnAddress,
    IT_Byte,
    IT_Short,
    IT_Char,
    IT_Boolean,
};

typedef uint64_t FI;
#define FI_MAKE(type, ind, extra) ((FI)(type) + ((FI)(ind) << 5) + ((FI)(uintptr_t)(extra) << 16))
#define FI_TYPE(t) ((int)((t)&0x1f))
#define FI_IND(t) ((int)(((t)&0xffff) >> 5))
#define FI_EXTRA(t) ((t) >> 16)
#define FI_ZERO_IND(t) ((t) & ~(FI)0xffe0)
#define FI_ZERO_EXTRA(t) ((t)&0xffff)
#define FI_NULL FI_MAKE(IT_Object, 0, 0)
#define FI_NAME(t) ((const char *)(uintptr_t)FI_EXTRA(t))

#define UNKNOWN_STACK_SIZE (-1)
#define UNKNOWN_REGISTER_COUNT (-1)
#define UNKNOWN_RET_INSTRUCTION (-1)
#define OPC_invokeinit 0x100 /* invokespecial of <init> */

enum { FLAG_REACHED = 1, FLAG_NEED_CONSTRUCTOR = 2, FLAG_NO_RETURN = 4 };
enum { FLAG_CONSTRUCTED = 1 };

typedef struct StackItem {
    FI item;
    struct StackItem *next;
} StackItem;

typedef struct StackInfo {
    StackItem *stack;
    int stack_size;
} StackInfo;

typedef struct Mask {
    int entry;
    uint32_t *modifies;
} Mask;

typedef struct RegInfo {
    int register_count;
    FI *registers;
    int mask_count;
    Mask *masks;
} RegInfo;

typedef struct Insn {
    int opcode;
    bool changed, protected_;
    int operand;      /* CP index, local, branch target instruction, or jsr target */
    FI operand_fi;    /* class type for new/checkcast/..., NewObject for new */
    int *operand_ip;  /* switch successors */
    int operand2;     /* ret instruction of a jsr, dims of multianewarray */
    FI operand2_fi;   /* class of invoke*, target type of new */
    int *operand2_ip; /* successors of ret */
    StackInfo stack_info;
    RegInfo reg_info;
    uint16_t or_flags, and_flags;
} Insn;

typedef struct Handler {
    int start, end, handler;
    StackInfo stack_info;
} Handler;

typedef struct Infer {
    VCommon *v;
    const ClassFile *cf;
    Class *c;
    StrBuf *msg;
    size_t limit;
    jmp_buf jb;

    FI object_info, string_info, throwable_info, cloneable_info, serializable_info;
    FI currentclass_info, superclass_info;
    FI *superclasses; /* 0-terminated */

    const CfMethod *m;
    const uint8_t *code;
    int code_length;
    int *code_data;
    Insn *idata;
    int icount;
    Handler *handlers;
    int nhandlers;
    FI return_type;
    FI swap_table[4];
    int bitmask_size;
    int max_stack, max_locals;
} Infer;

#define NEW(k, type, n) ((type *)varena_alloc(&(k)->v->arena, sizeof(type) * (size_t)((n) > 0 ? (n) : 1)))

/* CCerror / CFerror: libverify's message, truncated to HotSpot's buffer. */
static void format_error(Infer *k, const char *fmt, va_list ap)
{
    StrBuf *b = k->msg;
    b->len = 0;
    if (k->m != NULL)
        sb_printf(b, "(class: %s, method: %s signature: %s) ", k->c->name, k->m->name, k->m->desc);
    else
        sb_printf(b, "(class: %s) ", k->c->name);
    sb_vprintf(b, fmt, ap);
    if (k->limit > 0 && b->len > k->limit - 1) {
        b->len = k->limit - 1;
        b->s[b->len] = 0;
    }
}

static __attribute__((noreturn, format(printf, 2, 3))) void CCerror(Infer *k, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    format_error(k, fmt, ap);
    va_end(ap);
    longjmp(k->jb, VR_VERIFY_ERROR);
}

static __attribute__((noreturn, format(printf, 2, 3))) void CFerror(Infer *k, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    format_error(k, fmt, ap);
    va_end(ap);
    longjmp(k->jb, VR_FORMAT_ERROR);
}

static FI class_info(const char *name) { return FI_MAKE(IT_Object, 0, name); }

static FI class_info_of(Infer *k, const Class *cl)
{
    return class_info(cl == k->c ? k->v->cur_name : cl->name);
}

static Class *info_class(Infer *k, FI t) { return vload(k->v, FI_NAME(t)); }

/* ------------------------------------------------------------------------------------ */
/* Merging and assignability                                                            */
/* ------------------------------------------------------------------------------------ */

static FI merge_types(Infer *k, FI value, FI target, bool for_assignment);

static bool assignable(Infer *k, FI from, FI to) { return merge_types(k, from, to, true) == to; }

static FI object_array(Infer *k, int ind) { return k->object_info + ((FI)ind << 5); }

static bool is_cl_or_ser(Infer *k, FI t) { return t == k->cloneable_info || t == k->serializable_info; }

static FI merge_types(Infer *k, FI value, FI target, bool for_assignment)
{
    if (value == target) return value;
    if (FI_IND(value) == 0 && FI_TYPE(value) != IT_Object) return FI_MAKE(IT_Bogus, 0, 0);
    if (FI_IND(target) == 0 && FI_TYPE(target) != IT_Object) return FI_MAKE(IT_Bogus, 0, 0);
    if (value == FI_NULL) return target;
    if (target == FI_NULL) return value;
    if (target == k->object_info) return target;
    if (value == k->object_info) {
        /* For Interface := Object answer Interface, so that the assignment passes. */
        if (for_assignment && FI_ZERO_EXTRA(target) == FI_MAKE(IT_Object, 0, 0) &&
            class_is_interface(info_class(k, target)))
            return target;
        return value;
    }
    if (FI_IND(value) > 0 || FI_IND(target) > 0) {
        int dv = FI_IND(value), dt = FI_IND(target);
        if (is_cl_or_ser(k, target)) return target;
        if (is_cl_or_ser(k, value)) return value;
        if (FI_TYPE(value) != IT_Object) {
            if (dv == 0) return FI_MAKE(IT_Bogus, 0, 0);
            value = object_array(k, --dv);
        }
        if (FI_TYPE(target) != IT_Object) {
            if (dt == 0) return FI_MAKE(IT_Bogus, 0, 0);
            target = object_array(k, --dt);
        }
        FI vb = FI_ZERO_IND(value), tb = FI_ZERO_IND(target);
        if (dv == dt) {
            FI rb = merge_types(k, vb, tb, for_assignment);
            if (rb == FI_MAKE(IT_Bogus, 0, 0)) return rb;
            return FI_MAKE(IT_Object, dv, FI_EXTRA(rb));
        }
        if (dv < dt) return is_cl_or_ser(k, vb) ? value : object_array(k, dv);
        return is_cl_or_ser(k, tb) ? target : object_array(k, dt);
    }
    /* Two non-array classes, neither Object nor null. Interfaces count as Object. */
    Class *ct = info_class(k, target);
    if (class_is_interface(ct)) return for_assignment ? target : k->object_info;
    Class *cv = info_class(k, value);
    if (class_is_interface(cv)) return k->object_info;
    if (for_assignment) {
        for (Class *s = cv->super; s != NULL; s = s->super)
            if (s == ct) return target;
        return k->object_info;
    }
    /* Least common superclass: bring both to the same depth, then walk up together. */
    Class *sv = cv->super, *st = ct->super;
    while (sv != NULL && st != NULL) {
        if (sv == ct) return target;
        if (st == cv) return value;
        sv = sv->super;
        st = st->super;
    }
    for (; sv != NULL; sv = sv->super) cv = cv->super;
    for (; st != NULL; st = st->super) ct = ct->super;
    while (cv != ct) {
        cv = cv->super;
        ct = ct->super;
    }
    return class_info_of(k, cv);
}

/* ------------------------------------------------------------------------------------ */
/* Descriptors                                                                          */
/* ------------------------------------------------------------------------------------ */

/* libverify's signature_to_fieldtype: one field type as a type word and its stack
 * character ('I', 'F', 'D', 'L' (long), 'A' (reference)), or 0 if malformed. */
static char sig_to_fieldtype(Infer *k, const char **sp, FI *out)
{
    const char *p = *sp;
    FI info = FI_MAKE(IT_Bogus, 0, 0);
    char result;
    int depth = 0;
    for (;;) {
        switch (*p++) {
        case 'Z': info = FI_MAKE(depth > 0 ? IT_Boolean : IT_Integer, 0, 0); result = 'I'; break;
        case 'B': info = FI_MAKE(depth > 0 ? IT_Byte : IT_Integer, 0, 0); result = 'I'; break;
        case 'C': info = FI_MAKE(depth > 0 ? IT_Char : IT_Integer, 0, 0); result = 'I'; break;
        case 'S': info = FI_MAKE(depth > 0 ? IT_Short : IT_Integer, 0, 0); result = 'I'; break;
        case 'I': info = FI_MAKE(IT_Integer, 0, 0); result = 'I'; break;
        case 'F': info = FI_MAKE(IT_Float, 0, 0); result = 'F'; break;
        case 'D': info = FI_MAKE(IT_Double, 0, 0); result = 'D'; break;
        case 'J': info = FI_MAKE(IT_Long, 0, 0); result = 'L'; break;
        case '[': depth++; continue;
        case 'L': {
            const char *e = strchr(p, ';');
            if (e == NULL) {
                result = 0;
                break;
            }
            info = class_info(vsym(p, (size_t)(e - p)));
            result = 'A';
            p = e + 1;
            break;
        }
        default: result = 0; break;
        }
        break;
    }
    *sp = p;
    if (depth == 0 || result == 0) {
        *out = info;
        return result;
    }
    if (depth > 255) CCerror(k, "Array with too many dimensions");
    *out = FI_MAKE(FI_TYPE(info), depth, FI_EXTRA(info));
    return 'A';
}

/* The class a CP Class/Fieldref/Methodref entry names, as a type (arrays parsed). */
static FI cp_class_fullinfo(Infer *k, int index, int kind)
{
    const char *name = kind == CONSTANT_Class ? cf_class_name(k->cf, index) : vcp_member_class(k->cf, index);
    if (name[0] == '[') {
        FI r;
        sig_to_fieldtype(k, &name, &r);
        return r;
    }
    return class_info(name);
}

static FI decrement_indirection(FI t)
{
    if (t == FI_NULL) return FI_NULL;
    int type = FI_TYPE(t), ind = FI_IND(t) - 1;
    if (ind == 0 && (type == IT_Short || type == IT_Byte || type == IT_Boolean || type == IT_Char))
        type = IT_Integer;
    return FI_MAKE(type, ind, FI_EXTRA(t));
}

/* ------------------------------------------------------------------------------------ */
/* Per-instruction setup                                                                */
/* ------------------------------------------------------------------------------------ */

static const uint8_t opcode_length[JVM_OPC_MAX + 1] = JVM_OPCODE_LENGTH_INITIALIZER;

/* A switch operand that may lie partly beyond the end of the code: libverify reads its
 * buffer's slack there, which is not zeroed; it is modelled as 0xff bytes, which makes
 * the instruction illegal as garbage almost always does. */
static int32_t rd4_slack(const uint8_t *code, int end, int at)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) v = v << 8 | (at + i < end ? code[at + i] : 0xffu);
    return (int32_t)v;
}

/* libverify's instruction_length: -1 for an illegal instruction. */
static int instruction_length(Infer *k, int off)
{
    const uint8_t *code = k->code;
    int end = k->code_length, op = code[off];
#define RD4(at) rd4_slack(code, end, (at))
    switch (op) {
    case JVM_OPC_tableswitch: {
        int lpc = (off + 4) & ~3;
        if (lpc + 8 >= end) return -1;
        int64_t index = (int64_t)RD4(lpc + 8) - RD4(lpc + 4);
        if (index < 0 || index > 65535) return -1;
        return lpc + (int)(index + 4) * 4 - off;
    }
    case JVM_OPC_lookupswitch: {
        int lpc = (off + 4) & ~3;
        if (lpc + 4 >= end) return -1;
        int npairs = RD4(lpc + 4);
        if (npairs < 0 || npairs >= 65536) return -1;
        return lpc + 8 * (npairs + 1) - off;
    }
    case JVM_OPC_wide:
        if (off + 1 >= end) return -1;
        switch (code[off + 1]) {
        case JVM_OPC_ret: case JVM_OPC_iload: case JVM_OPC_istore: case JVM_OPC_fload:
        case JVM_OPC_fstore: case JVM_OPC_aload: case JVM_OPC_astore: case JVM_OPC_lload:
        case JVM_OPC_lstore: case JVM_OPC_dload: case JVM_OPC_dstore:
            return 4;
        case JVM_OPC_iinc:
            return 6;
        default:
            return -1;
        }
    default:
        if (op > JVM_OPC_MAX || opcode_length[op] == 0) return -1;
        return opcode_length[op];
    }
#undef RD4
}

static bool legal_target(Infer *k, int off) { return off >= 0 && off < k->code_length && k->code_data[off] >= 0; }

static void verify_cp_type(Infer *k, int index, unsigned mask)
{
    if (index <= 0 || index >= k->cf->cp_count) CCerror(k, "Illegal constant pool index");
    if ((mask & (1u << k->cf->cp_tags[index])) == 0) CCerror(k, "Illegal type in constant pool");
}

static bool is_superclass(Infer *k, FI t)
{
    if (k->superclasses == NULL) return false;
    for (FI *p = k->superclasses; *p != 0; p++)
        if (*p == t) return true;
    return false;
}

/* Marks field/method accesses that must go through an object of the current class
 * (protected members of a superclass in another package). */
static void set_protected(Infer *k, int inumber, int key, int opcode)
{
    bool method = opcode == JVM_OPC_invokevirtual || opcode == JVM_OPC_invokespecial;
    FI clazz = cp_class_fullinfo(k, key, method ? CONSTANT_Methodref : CONSTANT_Fieldref);
    if (!is_superclass(k, clazz)) return;
    const char *name = vcp_member_name(k->cf, key);
    const char *desc = cf_utf8(k->cf, vcp_member_desc_index(k->cf, key));
    for (Class *called = info_class(k, clazz); called != NULL; called = called->super) {
        int access = -1;
        if (method) {
            Method *m = class_find_declared_method(called, name, desc);
            if (m != NULL) access = m->access;
        } else {
            Field *f = class_find_declared_field(called, name, desc);
            if (f != NULL) access = f->access;
        }
        if (access == -1) continue;
        if ((access & ACC_PROTECTED) && !class_same_package(called, k->c))
            k->idata[inumber].protected_ = true;
        return;
    }
}

static void verify_opcode_operands(Infer *k, int inumber, int offset)
{
    Insn *id = &k->idata[inumber];
    const uint8_t *code = k->code;
    int opcode = id->opcode, var;
    id->operand = 0;
    id->operand_ip = NULL;
    id->operand2 = 0;
    id->operand2_ip = NULL;
    switch (opcode) {
    case JVM_OPC_jsr:
        id->operand2 = UNKNOWN_RET_INSTRUCTION;
        /* fall through */
    case JVM_OPC_ifeq: case JVM_OPC_ifne: case JVM_OPC_iflt: case JVM_OPC_ifge:
    case JVM_OPC_ifgt: case JVM_OPC_ifle: case JVM_OPC_ifnull: case JVM_OPC_ifnonnull:
    case JVM_OPC_if_icmpeq: case JVM_OPC_if_icmpne: case JVM_OPC_if_icmplt:
    case JVM_OPC_if_icmpge: case JVM_OPC_if_icmpgt: case JVM_OPC_if_icmple:
    case JVM_OPC_if_acmpeq: case JVM_OPC_if_acmpne: case JVM_OPC_goto: {
        int target = offset + vs2(code + offset + 1);
        if (!legal_target(k, target)) CCerror(k, "Illegal target of jump or branch");
        id->operand = k->code_data[target];
        break;
    }
    case JVM_OPC_jsr_w:
        id->operand2 = UNKNOWN_RET_INSTRUCTION;
        /* fall through */
    case JVM_OPC_goto_w: {
        int target = (int)((uint32_t)offset + (uint32_t)vs4(code + offset + 1));
        if (!legal_target(k, target)) CCerror(k, "Illegal target of jump or branch");
        id->operand = k->code_data[target];
        break;
    }
    case JVM_OPC_tableswitch:
    case JVM_OPC_lookupswitch: {
        int lpc = (offset + 4) & ~3, keys, delta;
        if (k->c->major < 51) {
            for (int p = offset + 1; p < lpc; p++)
                if (code[p] != 0) CCerror(k, "Non zero padding bytes in switch");
        }
        if (opcode == JVM_OPC_tableswitch) {
            keys = (int)((uint32_t)vs4(code + lpc + 8) - (uint32_t)vs4(code + lpc + 4) + 1u);
            delta = 1;
        } else {
            keys = vs4(code + lpc + 4);
            delta = 2;
            for (int i = 0; i < keys - 1; i++)
                if (vs4(code + lpc + 8 + 8 * i) >= vs4(code + lpc + 16 + 8 * i))
                    CCerror(k, "Unsorted lookup switch");
        }
        int *saved = NEW(k, int, keys + 2);
        int dflt = (int)((uint32_t)offset + (uint32_t)vs4(code + lpc));
        if (!legal_target(k, dflt)) CCerror(k, "Illegal default target in switch");
        saved[keys + 1] = k->code_data[dflt];
        for (int i = keys - 1, p = lpc + 12; i >= 0; i--, p += 4 * delta) {
            int target = (int)((uint32_t)offset + (uint32_t)vs4(code + p));
            if (!legal_target(k, target)) CCerror(k, "Illegal branch in tableswitch");
            saved[i + 1] = k->code_data[target];
        }
        saved[0] = keys + 1;
        id->operand_ip = saved;
        break;
    }
    case JVM_OPC_ldc:
    case JVM_OPC_ldc_w: {
        int key = opcode == JVM_OPC_ldc ? code[offset + 1] : vu2(code + offset + 1);
        unsigned types = 1u << CONSTANT_Integer | 1u << CONSTANT_Float | 1u << CONSTANT_String;
        if (k->c->major >= 49) types |= 1u << CONSTANT_Class;
        if (k->c->major >= 51) types |= 1u << CONSTANT_MethodHandle | 1u << CONSTANT_MethodType;
        id->operand = key;
        verify_cp_type(k, key, types);
        break;
    }
    case JVM_OPC_ldc2_w: {
        int key = vu2(code + offset + 1);
        id->operand = key;
        verify_cp_type(k, key, 1u << CONSTANT_Double | 1u << CONSTANT_Long);
        break;
    }
    case JVM_OPC_getfield: case JVM_OPC_putfield:
    case JVM_OPC_getstatic: case JVM_OPC_putstatic: {
        int key = vu2(code + offset + 1);
        id->operand = key;
        verify_cp_type(k, key, 1u << CONSTANT_Fieldref);
        if (opcode == JVM_OPC_getfield || opcode == JVM_OPC_putfield) set_protected(k, inumber, key, opcode);
        break;
    }
    case JVM_OPC_invokevirtual: case JVM_OPC_invokespecial:
    case JVM_OPC_invokestatic: case JVM_OPC_invokeinterface: {
        int key = vu2(code + offset + 1);
        unsigned kind = opcode == JVM_OPC_invokestatic
                            ? (k->c->major < 52 ? 1u << CONSTANT_Methodref
                                                : (1u << CONSTANT_InterfaceMethodref | 1u << CONSTANT_Methodref))
                        : opcode == JVM_OPC_invokeinterface ? 1u << CONSTANT_InterfaceMethodref
                                                            : 1u << CONSTANT_Methodref;
        verify_cp_type(k, key, kind);
        const char *name = vcp_member_name(k->cf, key);
        bool is_ctor = strcmp(name, "<init>") == 0, is_internal = name[0] == '<';
        FI clazz = cp_class_fullinfo(k, key, CONSTANT_Methodref);
        id->operand = key;
        id->operand2_fi = clazz;
        if (is_ctor) {
            if (opcode != JVM_OPC_invokespecial) CCerror(k, "Must call initializers using invokespecial");
            id->opcode = OPC_invokeinit;
        } else {
            if (is_internal) CCerror(k, "Illegal call to internal method");
            if (opcode == JVM_OPC_invokespecial && clazz != k->currentclass_info && clazz != k->superclass_info) {
                bool found = false;
                for (Class *s = k->c->super; s != NULL && !found; s = s->super)
                    found = class_info_of(k, s) == clazz;
                if (!found) CCerror(k, "Illegal use of nonvirtual function call");
            }
        }
        if (opcode == JVM_OPC_invokeinterface) {
            const char *d = cf_utf8(k->cf, vcp_member_desc_index(k->cf, key));
            if (cf_method_desc_slots(d) + 1 != code[offset + 3])
                CCerror(k, "Inconsistent args_size for invokeinterface");
            if (code[offset + 4] != 0) CCerror(k, "Fourth operand byte of invokeinterface must be zero");
        } else if (opcode == JVM_OPC_invokevirtual || opcode == JVM_OPC_invokespecial) {
            set_protected(k, inumber, key, opcode);
        }
        break;
    }
    case JVM_OPC_invokedynamic:
        CCerror(k, "invokedynamic bytecode is not supported in this class file version");
    case JVM_OPC_instanceof: case JVM_OPC_checkcast: case JVM_OPC_new:
    case JVM_OPC_anewarray: case JVM_OPC_multianewarray: {
        int key = vu2(code + offset + 1);
        verify_cp_type(k, key, 1u << CONSTANT_Class);
        FI target = cp_class_fullinfo(k, key, CONSTANT_Class);
        if (FI_TYPE(target) == IT_Bogus) CCerror(k, "Illegal type");
        switch (opcode) {
        case JVM_OPC_anewarray:
            if (FI_IND(target) >= 255) CCerror(k, "Array with too many dimensions");
            id->operand_fi = FI_MAKE(FI_TYPE(target), FI_IND(target) + 1, FI_EXTRA(target));
            break;
        case JVM_OPC_new:
            if (FI_ZERO_EXTRA(target) != FI_MAKE(IT_Object, 0, 0))
                CCerror(k, "Illegal creation of multi-dimensional array");
            id->operand_fi = FI_MAKE(IT_NewObject, 0, inumber);
            id->operand2_fi = target;
            break;
        case JVM_OPC_multianewarray:
            id->operand_fi = target;
            id->operand2 = code[offset + 3];
            if (id->operand2 > FI_IND(target) || id->operand2 == 0) CCerror(k, "Illegal dimension argument");
            break;
        default:
            id->operand_fi = target;
        }
        break;
    }
    case JVM_OPC_newarray: {
        static const int items[] = {IT_Boolean, IT_Char, IT_Float, IT_Double, IT_Byte, IT_Short, IT_Integer, IT_Long};
        int t = code[offset + 1];
        if (t < JVM_T_BOOLEAN || t > JVM_T_LONG) CCerror(k, "Bad type passed to newarray");
        id->operand_fi = FI_MAKE(items[t - JVM_T_BOOLEAN], 1, 0);
        break;
    }
    /* The short forms of loads and stores become their generic cousins. */
    case JVM_OPC_iload_0: case JVM_OPC_iload_1: case JVM_OPC_iload_2: case JVM_OPC_iload_3:
        id->opcode = JVM_OPC_iload; var = opcode - JVM_OPC_iload_0; goto check1;
    case JVM_OPC_fload_0: case JVM_OPC_fload_1: case JVM_OPC_fload_2: case JVM_OPC_fload_3:
        id->opcode = JVM_OPC_fload; var = opcode - JVM_OPC_fload_0; goto check1;
    case JVM_OPC_aload_0: case JVM_OPC_aload_1: case JVM_OPC_aload_2: case JVM_OPC_aload_3:
        id->opcode = JVM_OPC_aload; var = opcode - JVM_OPC_aload_0; goto check1;
    case JVM_OPC_lload_0: case JVM_OPC_lload_1: case JVM_OPC_lload_2: case JVM_OPC_lload_3:
        id->opcode = JVM_OPC_lload; var = opcode - JVM_OPC_lload_0; goto check2;
    case JVM_OPC_dload_0: case JVM_OPC_dload_1: case JVM_OPC_dload_2: case JVM_OPC_dload_3:
        id->opcode = JVM_OPC_dload; var = opcode - JVM_OPC_dload_0; goto check2;
    case JVM_OPC_istore_0: case JVM_OPC_istore_1: case JVM_OPC_istore_2: case JVM_OPC_istore_3:
        id->opcode = JVM_OPC_istore; var = opcode - JVM_OPC_istore_0; goto check1;
    case JVM_OPC_fstore_0: case JVM_OPC_fstore_1: case JVM_OPC_fstore_2: case JVM_OPC_fstore_3:
        id->opcode = JVM_OPC_fstore; var = opcode - JVM_OPC_fstore_0; goto check1;
    case JVM_OPC_astore_0: case JVM_OPC_astore_1: case JVM_OPC_astore_2: case JVM_OPC_astore_3:
        id->opcode = JVM_OPC_astore; var = opcode - JVM_OPC_astore_0; goto check1;
    case JVM_OPC_lstore_0: case JVM_OPC_lstore_1: case JVM_OPC_lstore_2: case JVM_OPC_lstore_3:
        id->opcode = JVM_OPC_lstore; var = opcode - JVM_OPC_lstore_0; goto check2;
    case JVM_OPC_dstore_0: case JVM_OPC_dstore_1: case JVM_OPC_dstore_2: case JVM_OPC_dstore_3:
        id->opcode = JVM_OPC_dstore; var = opcode - JVM_OPC_dstore_0; goto check2;
    case JVM_OPC_wide:
        id->opcode = code[offset + 1];
        var = vu2(code + offset + 2);
        switch (id->opcode) {
        case JVM_OPC_lload: case JVM_OPC_dload: case JVM_OPC_lstore: case JVM_OPC_dstore: goto check2;
        default: goto check1;
        }
    case JVM_OPC_iinc: case JVM_OPC_ret: case JVM_OPC_aload: case JVM_OPC_iload:
    case JVM_OPC_fload: case JVM_OPC_astore: case JVM_OPC_istore: case JVM_OPC_fstore:
        var = code[offset + 1];
    check1:
        id->operand = var;
        if (var >= k->max_locals) CCerror(k, "Illegal local variable number");
        break;
    case JVM_OPC_lload: case JVM_OPC_dload: case JVM_OPC_lstore: case JVM_OPC_dstore:
        var = code[offset + 1];
    check2:
        id->operand = var;
        if (var + 1 >= k->max_locals) CCerror(k, "Illegal local variable number");
        break;
    default:
        if (opcode > JVM_OPC_MAX) CCerror(k, "Quick instructions shouldn't appear yet.");
        break;
    }
}

static void initialize_exception_table(Infer *k)
{
    const CfCode *cd = k->m->code;
    int n = cd->handler_count;
    if (k->max_stack < 1 && n > 0) CCerror(k, "Stack size too large");
    Handler *h = k->handlers;
    for (int i = n - 1; i >= 0; i--, h++) {
        const CfExceptionHandler *e = &cd->handlers[i];
        if (!(e->start_pc < e->end_pc && legal_target(k, e->start_pc) &&
              (e->end_pc == k->code_length || legal_target(k, e->end_pc))))
            CFerror(k, "Illegal exception table range");
        if (!(e->handler_pc > 0 && legal_target(k, e->handler_pc))) CFerror(k, "Illegal exception table handler");
        h->start = k->code_data[e->start_pc];
        h->end = e->end_pc == k->code_length ? k->icount : k->code_data[e->end_pc];
        h->handler = k->code_data[e->handler_pc];
        StackItem *item = NEW(k, StackItem, 1);
        h->stack_info.stack = item;
        h->stack_info.stack_size = 1;
        item->next = NULL;
        if (e->catch_type != 0) {
            item->item = class_info(cf_class_name(k->cf, e->catch_type));
            if (!assignable(k, item->item, k->throwable_info)) CCerror(k, "catch_type not a subclass of Throwable");
        } else {
            item->item = k->throwable_info;
        }
    }
}

static void initialize_dataflow(Infer *k)
{
    Insn *id = &k->idata[0];
    int args_size = cf_method_desc_slots(k->m->desc) + ((k->m->access & ACC_STATIC) ? 0 : 1);
    id->stack_info.stack_size = 0;
    id->stack_info.stack = NULL;
    id->reg_info.register_count = args_size;
    id->reg_info.registers = NEW(k, FI, args_size);
    id->reg_info.mask_count = 0;
    id->reg_info.masks = NULL;
    id->and_flags = 0;
    id->or_flags = FLAG_REACHED;
    FI *reg = id->reg_info.registers;
    if (!(k->m->access & ACC_STATIC)) {
        if (k->m->name == vn.init && k->currentclass_info != k->object_info) {
            *reg++ = FI_MAKE(IT_InitObject, 0, 0);
            id->or_flags |= FLAG_NEED_CONSTRUCTOR;
        } else {
            *reg++ = k->currentclass_info;
        }
    }
    const char *p = k->m->desc + 1;
    while (*p != ')') {
        FI info;
        char c = sig_to_fieldtype(k, &p, &info);
        *reg++ = info;
        if (c == 'D' || c == 'L') *reg++ = info + 1;
    }
    p++;
    if (*p == 'V') {
        k->return_type = FI_MAKE(IT_Void, 0, 0);
    } else {
        sig_to_fieldtype(k, &p, &k->return_type);
    }
    id->changed = true;
}

/* ------------------------------------------------------------------------------------ */
/* The data-flow step                                                                   */
/* ------------------------------------------------------------------------------------ */

static void check_register_values(Infer *k, int inumber)
{
    Insn *id = &k->idata[inumber];
    int operand = id->operand, count = id->reg_info.register_count, type;
    FI *regs = id->reg_info.registers;
    bool two = false;
    switch (id->opcode) {
    case JVM_OPC_iload: case JVM_OPC_iinc: type = IT_Integer; break;
    case JVM_OPC_fload: type = IT_Float; break;
    case JVM_OPC_aload: type = IT_Object; break;
    case JVM_OPC_ret: type = IT_ReturnAddress; break;
    case JVM_OPC_lload: type = IT_Long; two = true; break;
    case JVM_OPC_dload: type = IT_Double; two = true; break;
    default: return;
    }
    if (!two) {
        if (operand >= count) CCerror(k, "Accessing value from uninitialized register %d", operand);
        FI reg = regs[operand];
        if (FI_ZERO_EXTRA(reg) == FI_MAKE(type, 0, 0)) return;
        if (FI_IND(reg) > 0 && type == IT_Object) return;
        if (FI_TYPE(reg) == IT_ReturnAddress) CCerror(k, "Cannot load return address from register %d", operand);
        if (reg == FI_MAKE(IT_InitObject, 0, 0) && type == IT_Object) return;
        if (FI_ZERO_EXTRA(reg) == FI_MAKE(IT_NewObject, 0, 0) && type == IT_Object) return;
        CCerror(k, "Register %d contains wrong type", operand);
    }
    if (operand + 1 >= count)
        CCerror(k, "Accessing value from uninitialized register pair %d/%d", operand, operand + 1);
    if (regs[operand] == FI_MAKE(type, 0, 0) && regs[operand + 1] == FI_MAKE(type + 1, 0, 0)) return;
    CCerror(k, "Register pair %d/%d contains wrong type", operand, operand + 1);
}

static void check_flags(Infer *k, int inumber)
{
    Insn *id = &k->idata[inumber];
    switch (id->opcode) {
    case JVM_OPC_return:
        if ((id->or_flags & FLAG_NEED_CONSTRUCTOR) && !(id->and_flags & FLAG_CONSTRUCTED))
            CCerror(k, "Constructor must call super() or this()");
        /* fall through */
    case JVM_OPC_ireturn: case JVM_OPC_lreturn: case JVM_OPC_freturn:
    case JVM_OPC_dreturn: case JVM_OPC_areturn:
        if (id->or_flags & FLAG_NO_RETURN) CCerror(k, "Cannot return normally");
        break;
    default:
        break;
    }
}

/* Operand-stack effect strings (libverify's opcodes.in_out): I int, F float, D double and
 * L long (two words each), A reference, O non-array reference, @ uninitialized object,
 * [x] array of x ([?] any), R return address, digits = the stack-shuffling slots. */
static const char *const stack_in[JVM_OPC_MAX + 1] = {
    [JVM_OPC_iaload] = "[I]I", [JVM_OPC_laload] = "[L]I", [JVM_OPC_faload] = "[F]I",
    [JVM_OPC_daload] = "[D]I", [JVM_OPC_aaload] = "[A]I", [JVM_OPC_baload] = "[B]I",
    [JVM_OPC_caload] = "[C]I", [JVM_OPC_saload] = "[S]I",
    [JVM_OPC_istore] = "I", [JVM_OPC_lstore] = "L", [JVM_OPC_fstore] = "F", [JVM_OPC_dstore] = "D",
    [JVM_OPC_astore] = "A",
    [JVM_OPC_iastore] = "[I]II", [JVM_OPC_lastore] = "[L]IL", [JVM_OPC_fastore] = "[F]IF",
    [JVM_OPC_dastore] = "[D]ID", [JVM_OPC_aastore] = "[A]IA", [JVM_OPC_bastore] = "[B]II",
    [JVM_OPC_castore] = "[C]II", [JVM_OPC_sastore] = "[S]II",
    [JVM_OPC_pop] = "1", [JVM_OPC_pop2] = "2+1", [JVM_OPC_dup] = "1", [JVM_OPC_dup_x1] = "21",
    [JVM_OPC_dup_x2] = "3+21", [JVM_OPC_dup2] = "2+1", [JVM_OPC_dup2_x1] = "32+1",
    [JVM_OPC_dup2_x2] = "4+32+1", [JVM_OPC_swap] = "21",
    [JVM_OPC_iadd] = "II", [JVM_OPC_ladd] = "LL", [JVM_OPC_fadd] = "FF", [JVM_OPC_dadd] = "DD",
    [JVM_OPC_isub] = "II", [JVM_OPC_lsub] = "LL", [JVM_OPC_fsub] = "FF", [JVM_OPC_dsub] = "DD",
    [JVM_OPC_imul] = "II", [JVM_OPC_lmul] = "LL", [JVM_OPC_fmul] = "FF", [JVM_OPC_dmul] = "DD",
    [JVM_OPC_idiv] = "II", [JVM_OPC_ldiv] = "LL", [JVM_OPC_fdiv] = "FF", [JVM_OPC_ddiv] = "DD",
    [JVM_OPC_irem] = "II", [JVM_OPC_lrem] = "LL", [JVM_OPC_frem] = "FF", [JVM_OPC_drem] = "DD",
    [JVM_OPC_ineg] = "I", [JVM_OPC_lneg] = "L", [JVM_OPC_fneg] = "F", [JVM_OPC_dneg] = "D",
    [JVM_OPC_ishl] = "II", [JVM_OPC_lshl] = "LI", [JVM_OPC_ishr] = "II", [JVM_OPC_lshr] = "LI",
    [JVM_OPC_iushr] = "II", [JVM_OPC_lushr] = "LI", [JVM_OPC_iand] = "II", [JVM_OPC_land] = "LL",
    [JVM_OPC_ior] = "II", [JVM_OPC_lor] = "LL", [JVM_OPC_ixor] = "II", [JVM_OPC_lxor] = "LL",
    [JVM_OPC_i2l] = "I", [JVM_OPC_i2f] = "I", [JVM_OPC_i2d] = "I", [JVM_OPC_l2i] = "L",
    [JVM_OPC_l2f] = "L", [JVM_OPC_l2d] = "L", [JVM_OPC_f2i] = "F", [JVM_OPC_f2l] = "F",
    [JVM_OPC_f2d] = "F", [JVM_OPC_d2i] = "D", [JVM_OPC_d2l] = "D", [JVM_OPC_d2f] = "D",
    [JVM_OPC_i2b] = "I", [JVM_OPC_i2c] = "I", [JVM_OPC_i2s] = "I",
    [JVM_OPC_lcmp] = "LL", [JVM_OPC_fcmpl] = "FF", [JVM_OPC_fcmpg] = "FF", [JVM_OPC_dcmpl] = "DD",
    [JVM_OPC_dcmpg] = "DD",
    [JVM_OPC_ifeq] = "I", [JVM_OPC_ifne] = "I", [JVM_OPC_iflt] = "I", [JVM_OPC_ifge] = "I",
    [JVM_OPC_ifgt] = "I", [JVM_OPC_ifle] = "I",
    [JVM_OPC_if_icmpeq] = "II", [JVM_OPC_if_icmpne] = "II", [JVM_OPC_if_icmplt] = "II",
    [JVM_OPC_if_icmpge] = "II", [JVM_OPC_if_icmpgt] = "II", [JVM_OPC_if_icmple] = "II",
    [JVM_OPC_if_acmpeq] = "AA", [JVM_OPC_if_acmpne] = "AA",
    [JVM_OPC_tableswitch] = "I", [JVM_OPC_lookupswitch] = "I",
    [JVM_OPC_ireturn] = "I", [JVM_OPC_lreturn] = "L", [JVM_OPC_freturn] = "F",
    [JVM_OPC_dreturn] = "D", [JVM_OPC_areturn] = "A",
    [JVM_OPC_getfield] = "A", [JVM_OPC_newarray] = "I", [JVM_OPC_anewarray] = "I",
    [JVM_OPC_arraylength] = "[?]", [JVM_OPC_athrow] = "O", [JVM_OPC_checkcast] = "A",
    [JVM_OPC_instanceof] = "A", [JVM_OPC_monitorenter] = "A", [JVM_OPC_monitorexit] = "A",
    [JVM_OPC_ifnull] = "A", [JVM_OPC_ifnonnull] = "A",
};

static const char *const stack_out[JVM_OPC_MAX + 1] = {
    [JVM_OPC_aconst_null] = "A", [JVM_OPC_iconst_m1] = "I", [JVM_OPC_iconst_0] = "I",
    [JVM_OPC_iconst_1] = "I", [JVM_OPC_iconst_2] = "I", [JVM_OPC_iconst_3] = "I",
    [JVM_OPC_iconst_4] = "I", [JVM_OPC_iconst_5] = "I", [JVM_OPC_lconst_0] = "L",
    [JVM_OPC_lconst_1] = "L", [JVM_OPC_fconst_0] = "F", [JVM_OPC_fconst_1] = "F",
    [JVM_OPC_fconst_2] = "F", [JVM_OPC_dconst_0] = "D", [JVM_OPC_dconst_1] = "D",
    [JVM_OPC_bipush] = "I", [JVM_OPC_sipush] = "I",
    [JVM_OPC_iload] = "I", [JVM_OPC_lload] = "L", [JVM_OPC_fload] = "F", [JVM_OPC_dload] = "D",
    [JVM_OPC_aload] = "A",
    [JVM_OPC_iaload] = "I", [JVM_OPC_laload] = "L", [JVM_OPC_faload] = "F", [JVM_OPC_daload] = "D",
    [JVM_OPC_aaload] = "A", [JVM_OPC_baload] = "I", [JVM_OPC_caload] = "I", [JVM_OPC_saload] = "I",
    [JVM_OPC_dup] = "11", [JVM_OPC_dup_x1] = "121", [JVM_OPC_dup_x2] = "1321",
    [JVM_OPC_dup2] = "2121", [JVM_OPC_dup2_x1] = "21321", [JVM_OPC_dup2_x2] = "214321",
    [JVM_OPC_swap] = "12",
    [JVM_OPC_iadd] = "I", [JVM_OPC_ladd] = "L", [JVM_OPC_fadd] = "F", [JVM_OPC_dadd] = "D",
    [JVM_OPC_isub] = "I", [JVM_OPC_lsub] = "L", [JVM_OPC_fsub] = "F", [JVM_OPC_dsub] = "D",
    [JVM_OPC_imul] = "I", [JVM_OPC_lmul] = "L", [JVM_OPC_fmul] = "F", [JVM_OPC_dmul] = "D",
    [JVM_OPC_idiv] = "I", [JVM_OPC_ldiv] = "L", [JVM_OPC_fdiv] = "F", [JVM_OPC_ddiv] = "D",
    [JVM_OPC_irem] = "I", [JVM_OPC_lrem] = "L", [JVM_OPC_frem] = "F", [JVM_OPC_drem] = "D",
    [JVM_OPC_ineg] = "I", [JVM_OPC_lneg] = "L", [JVM_OPC_fneg] = "F", [JVM_OPC_dneg] = "D",
    [JVM_OPC_ishl] = "I", [JVM_OPC_lshl] = "L", [JVM_OPC_ishr] = "I", [JVM_OPC_lshr] = "L",
    [JVM_OPC_iushr] = "I", [JVM_OPC_lushr] = "L", [JVM_OPC_iand] = "I", [JVM_OPC_land] = "L",
    [JVM_OPC_ior] = "I", [JVM_OPC_lor] = "L", [JVM_OPC_ixor] = "I", [JVM_OPC_lxor] = "L",
    [JVM_OPC_i2l] = "L", [JVM_OPC_i2f] = "F", [JVM_OPC_i2d] = "D", [JVM_OPC_l2i] = "I",
    [JVM_OPC_l2f] = "F", [JVM_OPC_l2d] = "D", [JVM_OPC_f2i] = "I", [JVM_OPC_f2l] = "L",
    [JVM_OPC_f2d] = "D", [JVM_OPC_d2i] = "I", [JVM_OPC_d2l] = "L", [JVM_OPC_d2f] = "F",
    [JVM_OPC_i2b] = "I", [JVM_OPC_i2c] = "I", [JVM_OPC_i2s] = "I",
    [JVM_OPC_lcmp] = "I", [JVM_OPC_fcmpl] = "I", [JVM_OPC_fcmpg] = "I", [JVM_OPC_dcmpl] = "I",
    [JVM_OPC_dcmpg] = "I",
    [JVM_OPC_jsr] = "R", [JVM_OPC_jsr_w] = "R",
    [JVM_OPC_new] = "A", [JVM_OPC_newarray] = "A", [JVM_OPC_anewarray] = "A",
    [JVM_OPC_arraylength] = "I", [JVM_OPC_checkcast] = "A", [JVM_OPC_instanceof] = "I",
    [JVM_OPC_multianewarray] = "A",
};

static void pop_stack(Infer *k, int inumber, StackInfo *out, FI *put_info_out)
{
    Insn *id = &k->idata[inumber];
    int opcode = id->opcode;
    StackItem *stack = id->stack_info.stack;
    int stack_size = id->stack_info.stack_size;
    const char *ops;
    char buffer[257];
    FI extra_buf[258];
    FI *extra = &extra_buf[257];
    FI full_info, put_info = 0;
    switch (opcode) {
    default:
        ops = opcode <= JVM_OPC_MAX && stack_in[opcode] ? stack_in[opcode] : "";
        break;
    case JVM_OPC_putstatic:
    case JVM_OPC_putfield: {
        const char *sig = cf_utf8(k->cf, vcp_member_desc_index(k->cf, id->operand));
        char *ip = buffer;
        if (opcode == JVM_OPC_putfield) *ip++ = 'A';
        *ip++ = sig_to_fieldtype(k, &sig, &put_info);
        *ip = 0;
        ops = buffer;
        break;
    }
    case JVM_OPC_invokevirtual: case JVM_OPC_invokespecial: case OPC_invokeinit:
    case JVM_OPC_invokestatic: case JVM_OPC_invokeinterface: {
        const char *sig = cf_utf8(k->cf, vcp_member_desc_index(k->cf, id->operand));
        char *ip = buffer;
        if (opcode != JVM_OPC_invokestatic) *ip++ = opcode == OPC_invokeinit ? '@' : 'A';
        for (const char *p = sig + 1; *p != ')';) {
            *ip++ = sig_to_fieldtype(k, &p, &full_info);
            if (ip >= buffer + sizeof(buffer) - 1) CCerror(k, "Signature %s has too many arguments", sig);
        }
        *ip = 0;
        ops = buffer;
        break;
    }
    case JVM_OPC_multianewarray: {
        int count = id->operand2;
        memset(buffer, 'I', (size_t)count);
        buffer[count] = 0;
        ops = buffer;
        break;
    }
    }
    /* The operands are checked from the top of the stack down, i.e. backwards. */
    for (const char *p = ops + strlen(ops); p > ops; stack = stack->next) {
        int type = *--p;
        FI top = stack ? stack->item : 0;
        int size = (type == 'D' || type == 'L') ? 2 : 1;
        *--extra = top;
        if (stack == NULL) CCerror(k, "Unable to pop operand off an empty stack");
        switch (type) {
        case 'I':
            if (top != FI_MAKE(IT_Integer, 0, 0)) CCerror(k, "Expecting to find integer on stack");
            break;
        case 'F':
            if (top != FI_MAKE(IT_Float, 0, 0)) CCerror(k, "Expecting to find float on stack");
            break;
        case 'A':
            if (FI_TYPE(top) != IT_Object && FI_IND(top) == 0) {
                if (FI_ZERO_EXTRA(top) == FI_MAKE(IT_ReturnAddress, 0, 0) && opcode == JVM_OPC_astore) break;
                if ((FI_TYPE(top) == IT_NewObject || FI_TYPE(top) == IT_InitObject) &&
                    (opcode == JVM_OPC_astore || opcode == JVM_OPC_aload || opcode == JVM_OPC_ifnull ||
                     opcode == JVM_OPC_ifnonnull))
                    break;
                /* A constructor may set its own class's fields before calling super(). */
                if (FI_TYPE(top) == IT_InitObject && opcode == JVM_OPC_putfield) {
                    const char *name = vcp_member_name(k->cf, id->operand);
                    const char *desc = cf_utf8(k->cf, vcp_member_desc_index(k->cf, id->operand));
                    if (class_find_declared_field(k->c, name, desc) != NULL &&
                        cp_class_fullinfo(k, id->operand, CONSTANT_Fieldref) == k->currentclass_info) {
                        top = k->currentclass_info;
                        *extra = top;
                        break;
                    }
                }
                CCerror(k, "Expecting to find object/array on stack");
            }
            break;
        case '@': {
            int it = FI_TYPE(top);
            if (it != IT_NewObject && it != IT_InitObject) CCerror(k, "Expecting to find unitialized object on stack");
            break;
        }
        case 'O':
            if (FI_ZERO_EXTRA(top) != FI_MAKE(IT_Object, 0, 0)) CCerror(k, "Expecting to find object on stack");
            break;
        case 'D':
            if (top != FI_MAKE(IT_Double, 0, 0)) CCerror(k, "Expecting to find double on stack");
            break;
        case 'L':
            if (top != FI_MAKE(IT_Long, 0, 0)) CCerror(k, "Expecting to find long on stack");
            break;
        case ']':
            if (top != FI_NULL) {
                switch (p[-1]) {
                case 'I':
                    if (top != FI_MAKE(IT_Integer, 1, 0)) CCerror(k, "Expecting to find array of ints on stack");
                    break;
                case 'L':
                    if (top != FI_MAKE(IT_Long, 1, 0)) CCerror(k, "Expecting to find array of longs on stack");
                    break;
                case 'F':
                    if (top != FI_MAKE(IT_Float, 1, 0)) CCerror(k, "Expecting to find array of floats on stack");
                    break;
                case 'D':
                    if (top != FI_MAKE(IT_Double, 1, 0)) CCerror(k, "Expecting to find array of doubles on stack");
                    break;
                case 'A': {
                    int ind = FI_IND(top);
                    if (ind == 0 || (ind == 1 && FI_TYPE(top) != IT_Object))
                        CCerror(k, "Expecting to find array of objects or arrays on stack");
                    break;
                }
                case 'B':
                    if (top != FI_MAKE(IT_Byte, 1, 0) && top != FI_MAKE(IT_Boolean, 1, 0))
                        CCerror(k, "Expecting to find array of bytes or Booleans on stack");
                    break;
                case 'C':
                    if (top != FI_MAKE(IT_Char, 1, 0)) CCerror(k, "Expecting to find array of chars on stack");
                    break;
                case 'S':
                    if (top != FI_MAKE(IT_Short, 1, 0)) CCerror(k, "Expecting to find array of shorts on stack");
                    break;
                case '?':
                    if (FI_IND(top) == 0) CCerror(k, "Expecting to find array on stack");
                    break;
                default:
                    CCerror(k, "Internal error #1");
                }
            }
            p -= 2; /* skip over [ and the element letter */
            break;
        case '1': case '2': case '3': case '4':
            if (top == FI_MAKE(IT_Double, 0, 0) || top == FI_MAKE(IT_Long, 0, 0)) {
                if (p > ops && p[-1] == '+') {
                    k->swap_table[type - '1'] = top + 1;
                    k->swap_table[p[-2] - '1'] = top;
                    size = 2;
                    p -= 2;
                } else {
                    CCerror(k, "Attempt to split long or double on the stack");
                }
            } else {
                k->swap_table[type - '1'] = stack->item;
                if (p > ops && p[-1] == '+') p--;
            }
            break;
        default:
            CCerror(k, "Internal error #2");
        }
        stack_size -= size;
    }

    /* Finer checks now that the operands have the right shapes. */
    switch (opcode) {
    default: break;
    case JVM_OPC_aastore: {
        FI target = decrement_indirection(extra[0]), obj = extra[2];
        if (FI_TYPE(obj) != IT_Object && FI_IND(obj) == 0)
            CCerror(k, "Expecting reference type on operand stack in aastore");
        if (FI_TYPE(target) != IT_Object && FI_IND(target) == 0)
            CCerror(k, "Component type of the array must be reference type in aastore");
        break;
    }
    case JVM_OPC_putfield: case JVM_OPC_getfield: case JVM_OPC_putstatic: {
        FI obj = extra[0];
        if (opcode != JVM_OPC_putstatic) {
            if (!assignable(k, obj, cp_class_fullinfo(k, id->operand, CONSTANT_Fieldref)))
                CCerror(k, "Incompatible type for getting or setting field");
            if (id->protected_ && !assignable(k, obj, k->currentclass_info)) CCerror(k, "Bad access to protected data");
        }
        if (opcode != JVM_OPC_getfield) {
            int item = opcode == JVM_OPC_putfield ? 1 : 0;
            if (!assignable(k, extra[item], put_info)) CCerror(k, "Bad type in putfield/putstatic");
        }
        break;
    }
    case JVM_OPC_athrow:
        if (!assignable(k, extra[0], k->throwable_info)) CCerror(k, "Can only throw Throwable objects");
        break;
    case JVM_OPC_aaload:
        k->swap_table[0] = decrement_indirection(extra[0]);
        break;
    case JVM_OPC_invokevirtual: case JVM_OPC_invokespecial: case OPC_invokeinit:
    case JVM_OPC_invokeinterface: case JVM_OPC_invokestatic: {
        const char *sig = cf_utf8(k->cf, vcp_member_desc_index(k->cf, id->operand));
        int item;
        if (opcode == JVM_OPC_invokestatic) {
            item = 0;
        } else if (opcode == OPC_invokeinit) {
            FI init_type = id->operand2_fi, obj = extra[0];
            k->swap_table[0] = obj;
            if (FI_TYPE(obj) == IT_NewObject) {
                int new_inumber = (int)FI_EXTRA(obj);
                FI target = k->idata[new_inumber].operand2_fi;
                k->swap_table[1] = target;
                if (target != init_type) CCerror(k, "Call to wrong initialization method");
                if (id->protected_ && !assignable(k, obj, k->currentclass_info))
                    CCerror(k, "Bad access to protected data");
            } else {
                if (init_type != k->superclass_info && init_type != k->currentclass_info)
                    CCerror(k, "Call to wrong initialization method");
                k->swap_table[1] = k->currentclass_info;
            }
            item = 1;
        } else {
            FI target = id->operand2_fi, obj = extra[0];
            if (!assignable(k, obj, target)) CCerror(k, "Incompatible object argument for function call");
            if (opcode == JVM_OPC_invokespecial && !assignable(k, obj, k->currentclass_info))
                CCerror(k, "Incompatible object argument for invokespecial");
            if (id->protected_ && !assignable(k, obj, k->currentclass_info)) {
                /* Arrays pretend to implement public Object clone(). */
                bool is_clone = vcp_member_name(k->cf, id->operand) == vn.clone;
                if (!(target == k->object_info && FI_IND(obj) > 0 && is_clone))
                    CCerror(k, "Bad access to protected data");
            }
            item = 1;
        }
        for (const char *p = sig + 1; *p != ')'; item++)
            if (sig_to_fieldtype(k, &p, &full_info) == 'A' && !assignable(k, extra[item], full_info))
                CCerror(k, "Incompatible argument to function");
        break;
    }
    case JVM_OPC_return:
        if (k->return_type != FI_MAKE(IT_Void, 0, 0)) CCerror(k, "Wrong return type in function");
        break;
    case JVM_OPC_ireturn: case JVM_OPC_lreturn: case JVM_OPC_freturn:
    case JVM_OPC_dreturn: case JVM_OPC_areturn:
        if (!assignable(k, extra[0], k->return_type)) CCerror(k, "Wrong return type in function");
        break;
    case JVM_OPC_new:
        for (StackItem *it = stack; it != NULL; it = it->next)
            if (it->item == id->operand_fi) CCerror(k, "Uninitialized object on stack at creating point");
        k->swap_table[0] = id->operand_fi;
        k->swap_table[1] = FI_MAKE(IT_Bogus, 0, 0);
        break;
    }
    out->stack = stack;
    out->stack_size = stack_size;
    *put_info_out = put_info;
}

static void set_bit(uint32_t *m, int i) { m[i / 32] |= 1u << (i % 32); }
static bool bit_set(const uint32_t *m, int i) { return (m[i / 32] >> (i % 32)) & 1; }

static Mask *copy_masks(Infer *k, const Mask *masks, int n)
{
    Mask *r = NEW(k, Mask, n);
    uint32_t *bits = NEW(k, uint32_t, n * k->bitmask_size);
    for (int i = 0; i < n; i++) {
        r[i].entry = masks[i].entry;
        r[i].modifies = bits + i * k->bitmask_size;
        memcpy(r[i].modifies, masks[i].modifies, sizeof(uint32_t) * (size_t)k->bitmask_size);
    }
    return r;
}

static Mask *add_to_masks(Infer *k, const Mask *masks, int n, int d)
{
    Mask *r = NEW(k, Mask, n + 1);
    uint32_t *bits = NEW(k, uint32_t, (n + 1) * k->bitmask_size);
    for (int i = 0; i < n; i++) {
        r[i].entry = masks[i].entry;
        r[i].modifies = bits + i * k->bitmask_size;
        memcpy(r[i].modifies, masks[i].modifies, sizeof(uint32_t) * (size_t)k->bitmask_size);
    }
    r[n].entry = d;
    r[n].modifies = bits + n * k->bitmask_size;
    return r;
}

static void update_registers(Infer *k, int inumber, RegInfo *out)
{
    Insn *id = &k->idata[inumber];
    int opcode = id->opcode, operand = id->operand;
    int count = id->reg_info.register_count;
    FI *regs = id->reg_info.registers;
    int mask_count = id->reg_info.mask_count;
    Mask *masks = id->reg_info.masks;
    int new_count = count, new_mask_count = mask_count;
    FI *new_regs = regs;
    Mask *new_masks = masks;
    enum { NONE, SINGLE, DOUBLE } access = NONE;

    switch (opcode) {
    default: break;
    case JVM_OPC_istore: case JVM_OPC_fstore: case JVM_OPC_astore:
        access = SINGLE;
        goto store;
    case JVM_OPC_lstore: case JVM_OPC_dstore:
        access = DOUBLE;
    store: {
        FI top = id->stack_info.stack->item;
        int max_operand = operand + (access == DOUBLE ? 1 : 0);
        if (max_operand < count && regs[operand] == top && (access == SINGLE || regs[operand + 1] == top + 1))
            break;
        new_count = max_operand + 1 > count ? max_operand + 1 : count;
        new_regs = NEW(k, FI, new_count);
        for (int i = 0; i < count; i++) new_regs[i] = regs[i];
        for (int i = count; i < new_count; i++) new_regs[i] = FI_MAKE(IT_Bogus, 0, 0);
        new_regs[operand] = top;
        if (access == DOUBLE) new_regs[operand + 1] = top + 1;
        break;
    }
    case JVM_OPC_iload: case JVM_OPC_fload: case JVM_OPC_aload: case JVM_OPC_iinc: case JVM_OPC_ret:
        access = SINGLE;
        break;
    case JVM_OPC_lload: case JVM_OPC_dload:
        access = DOUBLE;
        break;
    case JVM_OPC_jsr: case JVM_OPC_jsr_w:
        for (int i = 0; i < new_mask_count; i++)
            if (new_masks[i].entry == operand) CCerror(k, "Recursive call to jsr entry");
        new_masks = add_to_masks(k, masks, mask_count, operand);
        new_mask_count++;
        break;
    case OPC_invokeinit:
    case JVM_OPC_new: {
        /* invokeinit initializes every copy of the object; new invalidates stale copies of
         * an object from the same instruction. */
        FI from = k->swap_table[0], to = k->swap_table[1];
        int i = 0;
        while (i < count && new_regs[i] != from) i++;
        if (i < count) {
            bool copied = false;
            new_regs = NEW(k, FI, count);
            memcpy(new_regs, regs, sizeof(FI) * (size_t)count);
            for (; i < count; i++) {
                if (new_regs[i] != from) continue;
                new_regs[i] = to;
                for (int m = 0; m < new_mask_count; m++) {
                    if (!bit_set(new_masks[m].modifies, i)) {
                        if (!copied) {
                            new_masks = copy_masks(k, new_masks, mask_count);
                            copied = true;
                        }
                        set_bit(new_masks[m].modifies, i);
                    }
                }
            }
        }
        break;
    }
    }
    if (access != NONE && new_mask_count > 0) {
        for (int i = 0; i < new_mask_count; i++) {
            uint32_t *mask = new_masks[i].modifies;
            if (!bit_set(mask, operand) || (access == DOUBLE && !bit_set(mask, operand + 1))) {
                new_masks = copy_masks(k, new_masks, mask_count);
                for (int j = i; j < new_mask_count; j++) {
                    set_bit(new_masks[j].modifies, operand);
                    if (access == DOUBLE) set_bit(new_masks[j].modifies, operand + 1);
                }
                break;
            }
        }
    }
    out->register_count = new_count;
    out->registers = new_regs;
    out->masks = new_masks;
    out->mask_count = new_mask_count;
}

static void update_flags(Infer *k, int inumber, uint16_t *and_out, uint16_t *or_out)
{
    Insn *id = &k->idata[inumber];
    uint16_t and_flags = id->and_flags, or_flags = id->or_flags;
    if (id->opcode == OPC_invokeinit && k->swap_table[0] == FI_MAKE(IT_InitObject, 0, 0))
        and_flags |= FLAG_CONSTRUCTED;
    *and_out = and_flags;
    *or_out = or_flags;
}

static StackItem *copy_stack(Infer *k, StackItem *stack)
{
    int n = 0;
    for (StackItem *p = stack; p != NULL; p = p->next) n++;
    if (n == 0) return NULL;
    StackItem *ns = NEW(k, StackItem, n), *q = ns;
    for (StackItem *p = stack; p != NULL; p = p->next, q++) {
        q->item = p->item;
        q->next = q + 1;
    }
    ns[n - 1].next = NULL;
    return ns;
}

static void push_stack(Infer *k, int inumber, StackInfo *si)
{
    Insn *id = &k->idata[inumber];
    int opcode = id->opcode, operand = id->operand;
    int stack_size = si->stack_size;
    StackItem *stack = si->stack;
    const char *results;
    FI full_info = 0;
    char buffer[5];
    switch (opcode) {
    default:
        results = opcode <= JVM_OPC_MAX && stack_out[opcode] ? stack_out[opcode] : "";
        break;
    case JVM_OPC_ldc: case JVM_OPC_ldc_w: case JVM_OPC_ldc2_w:
        switch (k->cf->cp_tags[operand]) {
        case CONSTANT_Integer: results = "I"; break;
        case CONSTANT_Float: results = "F"; break;
        case CONSTANT_Double: results = "D"; break;
        case CONSTANT_Long: results = "L"; break;
        case CONSTANT_String: results = "A"; full_info = k->string_info; break;
        case CONSTANT_Class:
            if (k->c->major < 49) CCerror(k, "Internal error #3");
            results = "A";
            full_info = class_info(vn.klass);
            break;
        case CONSTANT_MethodHandle:
        case CONSTANT_MethodType:
            if (k->c->major < 51) CCerror(k, "Internal error #3");
            results = "A";
            full_info = class_info(k->cf->cp_tags[operand] == CONSTANT_MethodType ? vn.method_type : vn.method_handle);
            break;
        default:
            CCerror(k, "Internal error #3");
        }
        break;
    case JVM_OPC_getstatic: case JVM_OPC_getfield: {
        const char *sig = cf_utf8(k->cf, vcp_member_desc_index(k->cf, operand));
        buffer[0] = sig_to_fieldtype(k, &sig, &full_info);
        buffer[1] = 0;
        results = buffer;
        break;
    }
    case JVM_OPC_invokevirtual: case JVM_OPC_invokespecial: case OPC_invokeinit:
    case JVM_OPC_invokestatic: case JVM_OPC_invokeinterface: {
        const char *sig = cf_utf8(k->cf, vcp_member_desc_index(k->cf, operand));
        const char *r = strchr(sig, ')') + 1;
        if (*r == 'V') {
            results = "";
        } else {
            buffer[0] = sig_to_fieldtype(k, &r, &full_info);
            buffer[1] = 0;
            results = buffer;
        }
        break;
    }
    case JVM_OPC_aconst_null:
        results = stack_out[opcode];
        full_info = FI_NULL;
        break;
    case JVM_OPC_new: case JVM_OPC_checkcast: case JVM_OPC_newarray:
    case JVM_OPC_anewarray: case JVM_OPC_multianewarray:
        results = stack_out[opcode];
        full_info = id->operand_fi;
        break;
    case JVM_OPC_aaload:
        results = stack_out[opcode];
        full_info = k->swap_table[0];
        break;
    case JVM_OPC_aload:
        results = stack_out[opcode];
        full_info = id->reg_info.registers[operand];
        break;
    }
    for (const char *p = results; *p; p++) {
        StackItem *it = NEW(k, StackItem, 1);
        it->next = stack;
        stack = it;
        switch (*p) {
        case 'I': it->item = FI_MAKE(IT_Integer, 0, 0); break;
        case 'F': it->item = FI_MAKE(IT_Float, 0, 0); break;
        case 'D': it->item = FI_MAKE(IT_Double, 0, 0); stack_size++; break;
        case 'L': it->item = FI_MAKE(IT_Long, 0, 0); stack_size++; break;
        case 'R': it->item = FI_MAKE(IT_ReturnAddress, 0, operand); break;
        case '1': case '2': case '3': case '4': {
            FI st = k->swap_table[*p - '1'];
            it->item = st;
            if (st == FI_MAKE(IT_Long, 0, 0) || st == FI_MAKE(IT_Double, 0, 0)) {
                stack_size++;
                p++;
            }
            break;
        }
        case 'A': it->item = full_info; break;
        default: CCerror(k, "Internal error #4");
        }
        stack_size++;
    }
    if (opcode == OPC_invokeinit) {
        FI from = k->swap_table[0];
        for (StackItem *p = stack; p != NULL; p = p->next) {
            if (p->item == from) {
                FI to = k->swap_table[1];
                stack = copy_stack(k, stack);
                for (StackItem *q = stack; q != NULL; q = q->next)
                    if (q->item == from) q->item = to;
                break;
            }
        }
    }
    si->stack_size = stack_size;
    si->stack = stack;
}

/* ------------------------------------------------------------------------------------ */
/* Merging into successors                                                              */
/* ------------------------------------------------------------------------------------ */

static void merge_stack(Infer *k, int to, StackInfo *ns)
{
    Insn *id = &k->idata[to];
    int size = id->stack_info.stack_size;
    if (size == UNKNOWN_STACK_SIZE) {
        id->stack_info = *ns;
        id->changed = true;
        return;
    }
    if (ns->stack_size != size) CCerror(k, "Inconsistent stack height %d != %d", ns->stack_size, size);
    StackItem *old, *nw;
    bool change = false;
    for (old = id->stack_info.stack, nw = ns->stack; old != NULL; old = old->next, nw = nw->next) {
        if (!assignable(k, nw->item, old->item)) {
            change = true;
            break;
        }
    }
    if (!change) return;
    StackItem *stack = copy_stack(k, id->stack_info.stack);
    for (old = stack, nw = ns->stack; old != NULL; old = old->next, nw = nw->next) {
        if (nw == NULL) break;
        old->item = merge_types(k, old->item, nw->item, false);
        if (FI_TYPE(old->item) == IT_Bogus) CCerror(k, "Mismatched stack types");
    }
    if (old != NULL || nw != NULL) CCerror(k, "Mismatched stack types");
    id->stack_info.stack = stack;
    id->changed = true;
}

static void merge_registers(Infer *k, int to, const RegInfo *nr)
{
    Insn *id = &k->idata[to];
    RegInfo *ri = &id->reg_info;
    if (ri->register_count == UNKNOWN_REGISTER_COUNT) {
        *ri = *nr;
        id->changed = true;
        return;
    }
    int count = ri->register_count;
    FI *regs = ri->registers;
    if (count > nr->register_count) {
        ri->register_count = count = nr->register_count;
        id->changed = true;
    }
    int i;
    bool copy = false;
    for (i = 0; i < count; i++) {
        FI prev = regs[i];
        if (i < nr->register_count ? !assignable(k, nr->registers[i], prev) : prev != FI_MAKE(IT_Bogus, 0, 0)) {
            copy = true;
            break;
        }
    }
    if (copy) {
        FI *ns = NEW(k, FI, count);
        for (int j = 0; j < i; j++) ns[j] = regs[j];
        for (int j = i; j < count; j++)
            ns[j] = i >= nr->register_count ? FI_MAKE(IT_Bogus, 0, 0)
                                            : merge_types(k, nr->registers[j], regs[j], false);
        while (count > 0 && FI_TYPE(ns[count - 1]) == IT_Bogus) count--;
        ri->register_count = count;
        ri->registers = ns;
        id->changed = true;
    }
    int mask_count = ri->mask_count;
    if (mask_count > 0) {
        /* Keep the longest common sequence of subroutine masks, or-ing their bits. */
        Mask *masks = ri->masks;
        int matches = 0, last = -1;
        bool copy_needed = false;
        for (int a = 0; a < mask_count; a++) {
            for (int b = last + 1; b < nr->mask_count; b++) {
                if (nr->masks[b].entry != masks[a].entry) continue;
                matches++;
                for (int w = k->bitmask_size - 1; !copy_needed && w >= 0; w--)
                    if (~masks[a].modifies[w] & nr->masks[b].modifies[w]) copy_needed = true;
                last = b;
                break;
            }
        }
        if (matches < mask_count || copy_needed) {
            Mask *cp = NEW(k, Mask, matches);
            for (int a = 0; a < matches; a++) cp[a].modifies = NEW(k, uint32_t, k->bitmask_size);
            ri->masks = cp;
            ri->mask_count = matches;
            id->changed = true;
            matches = 0;
            last = -1;
            for (int a = 0; a < mask_count; a++) {
                for (int b = last + 1; b < nr->mask_count; b++) {
                    if (nr->masks[b].entry != masks[a].entry) continue;
                    cp[matches].entry = masks[a].entry;
                    for (int w = k->bitmask_size - 1; w >= 0; w--)
                        cp[matches].modifies[w] = masks[a].modifies[w] | nr->masks[b].modifies[w];
                    matches++;
                    last = b;
                    break;
                }
            }
        }
    }
}

static void merge_flags(Infer *k, int to, uint16_t and_flags, uint16_t or_flags)
{
    Insn *id = &k->idata[to];
    uint16_t ma = id->and_flags & and_flags, mo = id->or_flags | or_flags;
    if (ma != id->and_flags || mo != id->or_flags) {
        id->and_flags = ma;
        id->or_flags = mo;
        id->changed = true;
    }
}

static void merge_into_one(Infer *k, int from, int to, const RegInfo *nr_in, StackInfo *ns_in,
                           uint16_t and_flags, uint16_t or_flags, bool is_exception)
{
    Insn *idata = k->idata;
    RegInfo rbuf;
    StackInfo sbuf;
    const RegInfo *nr = nr_in;
    StackInfo *ns = ns_in;
    int fop = idata[from].opcode;
    /* Uninitialized objects do not survive a jsr or ret. */
    if (fop == JVM_OPC_ret || fop == JVM_OPC_jsr || fop == JVM_OPC_jsr_w) {
        for (StackItem *it = ns->stack; it != NULL; it = it->next) {
            if (FI_TYPE(it->item) != IT_NewObject) continue;
            sbuf.stack = copy_stack(k, ns->stack);
            sbuf.stack_size = ns->stack_size;
            ns = &sbuf;
            for (StackItem *q = ns->stack; q != NULL; q = q->next)
                if (FI_TYPE(q->item) == IT_NewObject) q->item = FI_MAKE(IT_Bogus, 0, 0);
            break;
        }
        for (int i = 0; i < nr->register_count; i++) {
            if (FI_TYPE(nr->registers[i]) != IT_NewObject) continue;
            FI *set = NEW(k, FI, nr->register_count);
            for (int j = 0; j < nr->register_count; j++) {
                FI t = nr->registers[j];
                set[j] = FI_TYPE(t) != IT_NewObject ? t : FI_MAKE(IT_Bogus, 0, 0);
            }
            rbuf = (RegInfo){nr->register_count, set, nr->mask_count, nr->masks};
            nr = &rbuf;
            break;
        }
    }
    if (fop == JVM_OPC_ret && !is_exception) {
        /* Returning from a subroutine: the subroutine's registers for the bits its mask
         * says it modified, the jsr's for the rest. */
        int called = (int)FI_EXTRA(nr->registers[idata[from].operand]);
        Insn *jsr = &idata[to - 1];
        RegInfo *jr = &jsr->reg_info;
        if (jsr->operand2 != from) {
            if (jsr->operand2 != UNKNOWN_RET_INSTRUCTION) CCerror(k, "Multiple returns to single jsr");
            jsr->operand2 = from;
        }
        if (jr->register_count == UNKNOWN_REGISTER_COUNT) return; /* revisited once the jsr runs */
        int count = jr->register_count, nc = nr->register_count;
        int max = count > nc ? count : nc;
        FI *set = NEW(k, FI, max);
        int i;
        for (i = nr->mask_count; --i >= 0;)
            if (nr->masks[i].entry == called) break;
        if (i < 0) CCerror(k, "Illegal return from subroutine");
        uint32_t *ret_mask = nr->masks[i].modifies;
        int new_mask_count = i;
        for (i = 0; i < max; i++) {
            if (bit_set(ret_mask, i))
                set[i] = i < nc ? nr->registers[i] : FI_MAKE(IT_Bogus, 0, 0);
            else
                set[i] = i < count ? jr->registers[i] : FI_MAKE(IT_Bogus, 0, 0);
        }
        RegInfo merged = {max, set, new_mask_count, nr->masks};
        merge_stack(k, to, ns);
        merge_registers(k, to, &merged);
        merge_flags(k, to, and_flags, or_flags);
    } else {
        merge_stack(k, to, ns);
        merge_registers(k, to, nr);
        merge_flags(k, to, and_flags, or_flags);
    }
}

static void merge_into_successors(Infer *k, int inumber, const RegInfo *ri, StackInfo *si,
                                  uint16_t and_flags, uint16_t or_flags)
{
    Insn *idata = k->idata, *id = &idata[inumber];
    int opcode = id->opcode, operand = id->operand;
    int buffer[2], *succ = buffer, count;
    switch (opcode) {
    default:
        count = 1;
        buffer[0] = inumber + 1;
        break;
    case JVM_OPC_ifeq: case JVM_OPC_ifne: case JVM_OPC_ifgt: case JVM_OPC_ifge:
    case JVM_OPC_iflt: case JVM_OPC_ifle: case JVM_OPC_ifnull: case JVM_OPC_ifnonnull:
    case JVM_OPC_if_icmpeq: case JVM_OPC_if_icmpne: case JVM_OPC_if_icmpgt:
    case JVM_OPC_if_icmpge: case JVM_OPC_if_icmplt: case JVM_OPC_if_icmple:
    case JVM_OPC_if_acmpeq: case JVM_OPC_if_acmpne:
        count = 2;
        buffer[0] = inumber + 1;
        buffer[1] = operand;
        break;
    case JVM_OPC_jsr: case JVM_OPC_jsr_w:
        if (id->operand2 != UNKNOWN_RET_INSTRUCTION) idata[id->operand2].changed = true;
        /* fall through */
    case JVM_OPC_goto: case JVM_OPC_goto_w:
        count = 1;
        buffer[0] = operand;
        break;
    case JVM_OPC_ireturn: case JVM_OPC_lreturn: case JVM_OPC_return: case JVM_OPC_freturn:
    case JVM_OPC_dreturn: case JVM_OPC_areturn: case JVM_OPC_athrow:
        count = 0;
        break;
    case JVM_OPC_ret: {
        /* Return to after every jsr that calls this subroutine. */
        if (id->operand2_ip == NULL) {
            int called = (int)FI_EXTRA(id->reg_info.registers[operand]);
            int n = 0;
            for (int i = k->icount; --i >= 0;)
                if ((idata[i].opcode == JVM_OPC_jsr || idata[i].opcode == JVM_OPC_jsr_w) && idata[i].operand == called)
                    n++;
            int *p = id->operand2_ip = NEW(k, int, n + 1);
            *p++ = n;
            for (int i = k->icount; --i >= 0;)
                if ((idata[i].opcode == JVM_OPC_jsr || idata[i].opcode == JVM_OPC_jsr_w) && idata[i].operand == called)
                    *p++ = i + 1;
        }
        succ = id->operand2_ip;
        count = *succ++;
        break;
    }
    case JVM_OPC_tableswitch:
    case JVM_OPC_lookupswitch:
        succ = id->operand_ip;
        count = *succ++;
        break;
    }
    Handler *h = k->handlers;
    for (int i = k->nhandlers; --i >= 0; h++) {
        if (h->start <= inumber && h->end > inumber) {
            if (opcode != OPC_invokeinit) {
                merge_into_one(k, inumber, h->handler, &id->reg_info, &h->stack_info,
                               (uint16_t)(and_flags & id->and_flags), (uint16_t)(or_flags | id->or_flags), true);
            } else {
                /* The exception may come before or after the object is initialized. */
                uint16_t tmp_or = or_flags;
                if (k->swap_table[0] == FI_MAKE(IT_InitObject, 0, 0)) tmp_or |= FLAG_NO_RETURN;
                merge_into_one(k, inumber, h->handler, &id->reg_info, &h->stack_info, id->and_flags,
                               id->or_flags, true);
                merge_into_one(k, inumber, h->handler, ri, &h->stack_info, and_flags, tmp_or, true);
            }
        }
    }
    for (int i = 0; i < count; i++) {
        int target = succ[i];
        if (target >= k->icount) CCerror(k, "Falling off the end of the code");
        merge_into_one(k, inumber, target, ri, si, and_flags, or_flags, false);
    }
}

static void run_dataflow(Infer *k)
{
    bool work = true;
    while (work) {
        work = false;
        for (int i = 0; i < k->icount; i++) {
            Insn *id = &k->idata[i];
            if (!id->changed) continue;
            id->changed = false;
            work = true;
            RegInfo nr;
            StackInfo ns;
            uint16_t na, no;
            FI put_info;
            check_register_values(k, i);
            check_flags(k, i);
            pop_stack(k, i, &ns, &put_info);
            update_registers(k, i, &nr);
            update_flags(k, i, &na, &no);
            push_stack(k, i, &ns);
            if (ns.stack_size > k->max_stack) CCerror(k, "Stack size too large");
            merge_into_successors(k, i, &nr, &ns, na, no);
        }
    }
}

/* ------------------------------------------------------------------------------------ */
/* Methods and the class                                                                */
/* ------------------------------------------------------------------------------------ */

static void infer_method(Infer *k)
{
    const CfCode *cd = k->m->code;
    k->code = cd->code;
    k->code_length = (int)cd->code_length;
    k->max_stack = cd->max_stack;
    k->max_locals = cd->max_locals;
    k->code_data = NEW(k, int, k->code_length);
    if ((k->m->access & ACC_PUBLIC) && (k->m->access & (ACC_PRIVATE | ACC_PROTECTED)))
        CCerror(k, "Inconsistent access bits.");
    int i = 0;
    for (int off = 0; off < k->code_length; i++) {
        int len = instruction_length(k, off), next = off + len;
        if (len <= 0) CCerror(k, "Illegal instruction found at offset %d", off);
        if (next > k->code_length) CCerror(k, "Code stops in the middle of instruction  starting at offset %d", off);
        k->code_data[off] = i;
        while (++off < next) k->code_data[off] = -1;
    }
    k->icount = i;
    k->idata = NEW(k, Insn, k->icount);
    k->nhandlers = cd->handler_count;
    k->handlers = NEW(k, Handler, k->nhandlers);
    k->bitmask_size = (k->max_locals + 31) / 32;
    if (k->icount == 0) CCerror(k, "Empty code");
    int inumber = 0;
    for (int off = 0; off < k->code_length; inumber++) {
        int len = instruction_length(k, off);
        Insn *id = &k->idata[inumber];
        id->opcode = k->code[off];
        id->stack_info.stack = NULL;
        id->stack_info.stack_size = UNKNOWN_STACK_SIZE;
        id->reg_info.register_count = UNKNOWN_REGISTER_COUNT;
        id->changed = false;
        id->protected_ = false;
        id->and_flags = (uint16_t)-1;
        id->or_flags = 0;
        verify_opcode_operands(k, inumber, off);
        off += len;
    }
    initialize_exception_table(k);
    initialize_dataflow(k);
    run_dataflow(k);
    for (int e = 0; e < k->m->exception_count; e++)
        verify_cp_type(k, k->m->exceptions[e], 1u << CONSTANT_Class);
}

VResult vinfer_class(VCommon *v, StrBuf *msg, size_t limit)
{
    Infer *k = varena_alloc(&v->arena, sizeof(Infer));
    k->v = v;
    k->cf = v->cf;
    k->c = v->c;
    k->msg = msg;
    k->limit = limit;
    v->jb = &k->jb;
    int r = setjmp(k->jb);
    if (r != 0) return (VResult)r;
    k->object_info = class_info(vn.object);
    k->string_info = class_info(vn.string);
    k->throwable_info = class_info(vn.throwable);
    k->cloneable_info = class_info(vn.cloneable);
    k->serializable_info = class_info(vn.serializable);
    k->currentclass_info = class_info(v->cur_name);
    if (k->c->super != NULL) {
        k->superclass_info = class_info_of(k, k->c->super);
        int n = 0;
        for (Class *s = k->c->super; s != NULL; s = s->super) n++;
        k->superclasses = NEW(k, FI, n + 1);
        n = 0;
        for (Class *s = k->c->super; s != NULL; s = s->super) k->superclasses[n++] = class_info_of(k, s);
        k->superclasses[n] = 0;
    }
    /* libverify walks the methods from the last to the first. */
    for (int i = k->cf->method_count - 1; i >= 0; i--) {
        const CfMethod *m = &k->cf->methods[i];
        if ((m->access & (ACC_NATIVE | ACC_ABSTRACT)) || m->code == NULL) continue;
        k->m = m;
        infer_method(k);
    }
    k->m = NULL;
    return VR_OK;
}
