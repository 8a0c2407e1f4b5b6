// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * bytecodes.h — opcodes (JVMS chapter 6) and GlassVM's quickened variants.
 *
 * Quick opcodes live in the range the JVMS leaves unassigned (0xcb..0xfd). A quickened
 * instruction keeps its original length and its constant-pool operand, so the bci of
 * every instruction is unchanged and a thread that read the old opcode still finds a
 * valid operand. Only the opcode byte is rewritten, with a release store.
 * bc_original() maps a quick opcode back to the JVMS one (JVMTI GetBytecodes, tools).
 */
#ifndef GLASS_BYTECODES_H
#define GLASS_BYTECODES_H

#include <stdint.h>

/* X(name, opcode, length) — length 0 = variable (tableswitch, lookupswitch, wide). */
#define BYTECODE_LIST(X)                                                                    \
    X(nop, 0x00, 1) X(aconst_null, 0x01, 1) X(iconst_m1, 0x02, 1) X(iconst_0, 0x03, 1)     \
    X(iconst_1, 0x04, 1) X(iconst_2, 0x05, 1) X(iconst_3, 0x06, 1) X(iconst_4, 0x07, 1)    \
    X(iconst_5, 0x08, 1) X(lconst_0, 0x09, 1) X(lconst_1, 0x0a, 1) X(fconst_0, 0x0b, 1)    \
    X(fconst_1, 0x0c, 1) X(fconst_2, 0x0d, 1) X(dconst_0, 0x0e, 1) X(dconst_1, 0x0f, 1)    \
    X(bipush, 0x10, 2) X(sipush, 0x11, 3) X(ldc, 0x12, 2) X(ldc_w, 0x13, 3)                \
    X(ldc2_w, 0x14, 3) X(iload, 0x15, 2) X(lload, 0x16, 2) X(fload, 0x17, 2)               \
    X(dload, 0x18, 2) X(aload, 0x19, 2) X(iload_0, 0x1a, 1) X(iload_1, 0x1b, 1)            \
    X(iload_2, 0x1c, 1) X(iload_3, 0x1d, 1) X(lload_0, 0x1e, 1) X(lload_1, 0x1f, 1)        \
    X(lload_2, 0x20, 1) X(lload_3, 0x21, 1) X(fload_0, 0x22, 1) X(fload_1, 0x23, 1)        \
    X(fload_2, 0x24, 1) X(fload_3, 0x25, 1) X(dload_0, 0x26, 1) X(dload_1, 0x27, 1)        \
    X(dload_2, 0x28, 1) X(dload_3, 0x29, 1) X(aload_0, 0x2a, 1) X(aload_1, 0x2b, 1)        \
    X(aload_2, 0x2c, 1) X(aload_3, 0x2d, 1) X(iaload, 0x2e, 1) X(laload, 0x2f, 1)          \
    X(faload, 0x30, 1) X(daload, 0x31, 1) X(aaload, 0x32, 1) X(baload, 0x33, 1)            \
    X(caload, 0x34, 1) X(saload, 0x35, 1) X(istore, 0x36, 2) X(lstore, 0x37, 2)            \
    X(fstore, 0x38, 2) X(dstore, 0x39, 2) X(astore, 0x3a, 2) X(istore_0, 0x3b, 1)          \
    X(istore_1, 0x3c, 1) X(istore_2, 0x3d, 1) X(istore_3, 0x3e, 1) X(lstore_0, 0x3f, 1)    \
    X(lstore_1, 0x40, 1) X(lstore_2, 0x41, 1) X(lstore_3, 0x42, 1) X(fstore_0, 0x43, 1)    \
    X(fstore_1, 0x44, 1) X(fstore_2, 0x45, 1) X(fstore_3, 0x46, 1) X(dstore_0, 0x47, 1)    \
    X(dstore_1, 0x48, 1) X(dstore_2, 0x49, 1) X(dstore_3, 0x4a, 1) X(astore_0, 0x4b, 1)    \
    X(astore_1, 0x4c, 1) X(astore_2, 0x4d, 1) X(astore_3, 0x4e, 1) X(iastore, 0x4f, 1)    \
    X(lastore, 0x50, 1) X(fastore, 0x51, 1) X(dastore, 0x52, 1) X(aastore, 0x53, 1)        \
    X(bastore, 0x54, 1) X(castore, 0x55, 1) X(sastore, 0x56, 1) X(pop, 0x57, 1)            \
    X(pop2, 0x58, 1) X(dup, 0x59, 1) X(dup_x1, 0x5a, 1) X(dup_x2, 0x5b, 1)                 \
    X(dup2, 0x5c, 1) X(dup2_x1, 0x5d, 1) X(dup2_x2, 0x5e, 1) X(swap, 0x5f, 1)              \
    X(iadd, 0x60, 1) X(ladd, 0x61, 1) X(fadd, 0x62, 1) X(dadd, 0x63, 1) X(isub, 0x64, 1)   \
    X(lsub, 0x65, 1) X(fsub, 0x66, 1) X(dsub, 0x67, 1) X(imul, 0x68, 1) X(lmul, 0x69, 1)   \
    X(fmul, 0x6a, 1) X(dmul, 0x6b, 1) X(idiv, 0x6c, 1) X(ldiv, 0x6d, 1) X(fdiv, 0x6e, 1)   \
    X(ddiv, 0x6f, 1) X(irem, 0x70, 1) X(lrem, 0x71, 1) X(frem, 0x72, 1) X(drem, 0x73, 1)   \
    X(ineg, 0x74, 1) X(lneg, 0x75, 1) X(fneg, 0x76, 1) X(dneg, 0x77, 1) X(ishl, 0x78, 1)   \
    X(lshl, 0x79, 1) X(ishr, 0x7a, 1) X(lshr, 0x7b, 1) X(iushr, 0x7c, 1) X(lushr, 0x7d, 1) \
    X(iand, 0x7e, 1) X(land, 0x7f, 1) X(ior, 0x80, 1) X(lor, 0x81, 1) X(ixor, 0x82, 1)     \
    X(lxor, 0x83, 1) X(iinc, 0x84, 3) X(i2l, 0x85, 1) X(i2f, 0x86, 1) X(i2d, 0x87, 1)      \
    X(l2i, 0x88, 1) X(l2f, 0x89, 1) X(l2d, 0x8a, 1) X(f2i, 0x8b, 1) X(f2l, 0x8c, 1)        \
    X(f2d, 0x8d, 1) X(d2i, 0x8e, 1) X(d2l, 0x8f, 1) X(d2f, 0x90, 1) X(i2b, 0x91, 1)        \
    X(i2c, 0x92, 1) X(i2s, 0x93, 1) X(lcmp, 0x94, 1) X(fcmpl, 0x95, 1) X(fcmpg, 0x96, 1)   \
    X(dcmpl, 0x97, 1) X(dcmpg, 0x98, 1) X(ifeq, 0x99, 3) X(ifne, 0x9a, 3) X(iflt, 0x9b, 3) \
    X(ifge, 0x9c, 3) X(ifgt, 0x9d, 3) X(ifle, 0x9e, 3) X(if_icmpeq, 0x9f, 3)               \
    X(if_icmpne, 0xa0, 3) X(if_icmplt, 0xa1, 3) X(if_icmpge, 0xa2, 3) X(if_icmpgt, 0xa3, 3) \
    X(if_icmple, 0xa4, 3) X(if_acmpeq, 0xa5, 3) X(if_acmpne, 0xa6, 3) X(goto, 0xa7, 3)     \
    X(jsr, 0xa8, 3) X(ret, 0xa9, 2) X(tableswitch, 0xaa, 0) X(lookupswitch, 0xab, 0)       \
    X(ireturn, 0xac, 1) X(lreturn, 0xad, 1) X(freturn, 0xae, 1) X(dreturn, 0xaf, 1)        \
    X(areturn, 0xb0, 1) X(return, 0xb1, 1) X(getstatic, 0xb2, 3) X(putstatic, 0xb3, 3)     \
    X(getfield, 0xb4, 3) X(putfield, 0xb5, 3) X(invokevirtual, 0xb6, 3)                    \
    X(invokespecial, 0xb7, 3) X(invokestatic, 0xb8, 3) X(invokeinterface, 0xb9, 5)         \
    X(invokedynamic, 0xba, 5) X(new, 0xbb, 3) X(newarray, 0xbc, 2) X(anewarray, 0xbd, 3)   \
    X(arraylength, 0xbe, 1) X(athrow, 0xbf, 1) X(checkcast, 0xc0, 3) X(instanceof, 0xc1, 3) \
    X(monitorenter, 0xc2, 1) X(monitorexit, 0xc3, 1) X(wide, 0xc4, 0)                      \
    X(multianewarray, 0xc5, 4) X(ifnull, 0xc6, 3) X(ifnonnull, 0xc7, 3) X(goto_w, 0xc8, 5) \
    X(jsr_w, 0xc9, 5) X(breakpoint, 0xca, 1)

/* X(name, opcode, length, original) — GlassVM's quickened forms. */
#define QUICK_LIST(X)                                                                       \
    X(getfield_b, 0xcb, 3, getfield) X(getfield_cs, 0xcc, 3, getfield)                     \
    X(getfield_i, 0xce, 3, getfield)                                                       \
    X(getfield_j, 0xcf, 3, getfield) X(getfield_a, 0xd0, 3, getfield)                      \
    X(putfield_small, 0xd1, 3, putfield) X(putfield_i, 0xd4, 3, putfield)                  \
    X(putfield_j, 0xd5, 3, putfield) X(putfield_a, 0xd6, 3, putfield)                      \
    X(getstatic_small, 0xd7, 3, getstatic) X(getstatic_i, 0xda, 3, getstatic)              \
    X(getstatic_a, 0xdc, 3, getstatic)                                                     \
    X(putstatic_q, 0xdd, 3, putstatic)                                                     \
    X(invokevirtual_q, 0xe3, 3, invokevirtual) X(invokevirtual_final_q, 0xe4, 3, invokevirtual) \
    X(invokespecial_q, 0xe5, 3, invokespecial) X(invokestatic_q, 0xe6, 3, invokestatic)    \
    X(invokeinterface_q, 0xe7, 5, invokeinterface) X(invokehandle_q, 0xe8, 3, invokevirtual) \
    X(invokedynamic_q, 0xe9, 5, invokedynamic) X(ldc_q, 0xea, 2, ldc)                      \
    X(ldc_w_q, 0xeb, 3, ldc_w) X(new_q, 0xec, 3, new) X(anewarray_q, 0xed, 3, anewarray)   \
    X(checkcast_q, 0xee, 3, checkcast) X(instanceof_q, 0xef, 3, instanceof)                \
    X(invokestatic_sigpoly_q, 0xf0, 3, invokestatic) X(invokevirtual_sigpoly_q, 0xf1, 3, invokevirtual) \
    X(invokeinterface_obj_q, 0xf2, 5, invokeinterface)                                    \
    X(ldc_i_q, 0xf3, 2, ldc) X(ldc_w_i_q, 0xf4, 3, ldc_w) X(ldc2_w_q, 0xf5, 3, ldc2_w)       \
    FUSED_LIST(X)

/* X(name, opcode, length, original) — superinstructions (interp.c, "Superinstructions"):
 * the first instruction of a common pair, rewritten when its method is first called, runs
 * both when the second instruction's byte is still the expected one and only itself
 * otherwise. Length and original are the first instruction's (it is a quick form of it),
 * so instruction boundaries, bc_original and every bci are unchanged. 0xfc is the
 * field-watch form below; 0xfe-0xff (JVMS 6.2's impdep1/impdep2) are reserved, never in a
 * class file (the verifier rejects them), so they are free for internal use as here.
 * 0xd8-0xd9 and 0xde-0xdf were the byte, char and short forms of getstatic/putstatic,
 * 0xe0-0xe2 putstatic's others: the sub-int static gets are one form
 * (getstatic_small) and all static puts another (putstatic_q), the type the Field's, cold
 * enough to pay a test of the type; 0xd2-0xd3 were putfield's boolean and char/short
 * forms, now putfield_small with the byte one; 0xcd was getfield's short form, now
 * getfield_cs with the char one; 0xdb was getstatic's long/double form, now
 * getstatic_small's too (getstatic_small: every static get but int, float and reference). */
#define FUSED_LIST(X)                                                                       \
    X(iinc_goto, 0xf6, 3, iinc) X(aload_getfield, 0xf7, 2, aload)                          \
    X(aload_0_getfield, 0xf8, 1, aload_0) X(dload_dmul, 0xf9, 2, dload)                    \
    X(iload_iload, 0xfa, 2, iload) X(iload_bipush, 0xfb, 2, iload)                        \
    X(aload_dup_getfield, 0xfe, 2, aload) X(iload_i2l, 0xff, 2, iload)                    \
    X(iload_xaload, 0xfd, 2, iload) X(iload_ldc, 0xd8, 2, iload)                          \
    X(sipush_iand, 0xd9, 3, sipush) X(dup2_xaload, 0xde, 1, dup2)                          \
    X(dadd_putfield, 0xdf, 1, dadd) X(aload_iload_xaload, 0xd2, 2, aload)                 \
    X(dmul_dadd, 0xd3, 1, dmul) X(dsub_putfield, 0xcd, 1, dsub)                           \
    X(iadd_store, 0xe0, 1, iadd) X(ladd_store, 0xe1, 1, ladd) X(iconst_1_iadd, 0xe2, 1, iconst_1) \
    X(dload_leaf, 0xdb, 2, dload)

enum {
#define X(name, code, len) OP_##name = code,
    BYTECODE_LIST(X)
#undef X
#define X(name, code, len, orig) OP_##name = code,
    QUICK_LIST(X)
#undef X
};

/* JVMTI field watches (interp.c, interp_field_watch_update): a quickened field
 * instruction whose field is watched (access watches for getfield/getstatic, modification
 * watches for putfield/putstatic) is patched to this; its handler takes get or put from
 * the class file's opcode at that bci, posts the event and runs the quick form the field's
 * type and staticness give. Only watched fields' instructions carry it, so other field
 * instructions cost nothing while a watch is set. */
enum { OP_field_watched = 0xfc };

/* Length of the instruction at pc (handles wide and the switches; `code` is the start of
 * the method's code, for switch padding). Returns 0 for an undefined opcode. */
int bc_length(const uint8_t *code, const uint8_t *pc);
/* The JVMS opcode a possibly-quickened opcode stands for. */
uint8_t bc_original(uint8_t op);
/* Mnemonic, for tracing and messages ("invokevirtual"). */
const char *bc_name(uint8_t op);

#endif
