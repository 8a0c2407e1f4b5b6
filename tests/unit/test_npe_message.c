// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * test_npe_message.c — unit tests of the JEP 358 message builder (src/jvm/npe_message.h)
 * on hand-assembled methods: the cases where it must answer NULL (native and code-less
 * methods, bcis outside the code or inside an instruction, instructions that cannot
 * raise a NullPointerException, calls of <init>) and malformed bytecode that must be
 * refused without reading out of bounds (run it under ASan+UBSan: `make check`).
 * The texts of well-formed code are checked against HotSpot itself by the Java tests
 * HelpfulNullPointer{Details,NoDebug,Bytecode}; the few asserted here follow the same
 * rules (bcis that HotSpot's analysis cannot reach get the action alone).
 *
 * A standalone program: one line per check group, then "test_npe_message: N checks
 * passed"; the exit status is non-zero if any check fails.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jvm/npe_message.h"
#include "vm/bytecodes.h"
#include "vm/class.h"
#include "vm/classfile.h"
#include "vm/sym.h"

static int checks, failures;

static bool check_(bool ok, const char *what, int line)
{
    checks++;
    if (!ok) {
        failures++;
        fprintf(stderr, "test_npe_message.c:%d: check failed: %s\n", line, what);
    }
    return ok;
}
#define CHECK(c) check_((c), #c, __LINE__)

static void run_group(const char *name, void (*fn)(void))
{
    int c0 = checks, f0 = failures;
    fn();
    printf("%-28s %s (%d checks)\n", name, failures == f0 ? "ok" : "FAILED", checks - c0);
}

/* ---- a one-method class --------------------------------------------------------------- */

/* Constant-pool indexes of the fixed pool every test class gets (see assemble()). */
enum {
    CP_THIS = 2,
    CP_STRING_LENGTH = 13, /* Methodref java/lang/String.length()I */
    CP_OBJECT_INIT = 17,   /* Methodref java/lang/Object.<init>()V */
    CP_FIELD_F = 22,       /* Fieldref T.f:I */
    CP_OBJECT = 4,         /* Class java/lang/Object */
    CP_COUNT = 26,
};

typedef struct Bytes {
    uint8_t d[4096];
    size_t n;
} Bytes;

static void b1(Bytes *b, unsigned v) { b->d[b->n++] = (uint8_t)v; }
static void b2(Bytes *b, unsigned v) { b1(b, v >> 8), b1(b, v); }
static void b4(Bytes *b, uint32_t v) { b2(b, v >> 16), b2(b, v & 0xffff); }
static void butf8(Bytes *b, const char *s)
{
    b1(b, CONSTANT_Utf8);
    b2(b, (unsigned)strlen(s));
    memcpy(b->d + b->n, s, strlen(s));
    b->n += strlen(s);
}

typedef struct Spec {
    uint16_t access;          /* of the method; ACC_NATIVE: no Code attribute */
    const uint8_t *code;
    size_t code_len;
    uint16_t max_stack;
    bool lvt;                 /* slot 0 named "s" over the whole code */
} Spec;

/* A class T with one method `m(Ljava/lang/String;)V` built from spec, parsed. */
static ClassFile *assemble(const Spec *sp)
{
    Bytes b = { .n = 0 };
    b4(&b, 0xCAFEBABE);
    b2(&b, 0), b2(&b, 52);
    b2(&b, CP_COUNT);
    butf8(&b, "T");                                         /* 1 */
    b1(&b, CONSTANT_Class), b2(&b, 1);                      /* 2 */
    butf8(&b, "java/lang/Object");                          /* 3 */
    b1(&b, CONSTANT_Class), b2(&b, 3);                      /* 4 */
    butf8(&b, "m");                                         /* 5 */
    butf8(&b, "(Ljava/lang/String;)V");                     /* 6 */
    butf8(&b, "Code");                                      /* 7 */
    butf8(&b, "length");                                    /* 8 */
    butf8(&b, "()I");                                       /* 9 */
    b1(&b, CONSTANT_NameAndType), b2(&b, 8), b2(&b, 9);     /* 10 */
    butf8(&b, "java/lang/String");                          /* 11 */
    b1(&b, CONSTANT_Class), b2(&b, 11);                     /* 12 */
    b1(&b, CONSTANT_Methodref), b2(&b, 12), b2(&b, 10);     /* 13 */
    butf8(&b, "<init>");                                    /* 14 */
    butf8(&b, "()V");                                       /* 15 */
    b1(&b, CONSTANT_NameAndType), b2(&b, 14), b2(&b, 15);   /* 16 */
    b1(&b, CONSTANT_Methodref), b2(&b, 4), b2(&b, 16);      /* 17 */
    butf8(&b, "unused");                                    /* 18 */
    butf8(&b, "f");                                         /* 19 */
    butf8(&b, "I");                                         /* 20 */
    b1(&b, CONSTANT_NameAndType), b2(&b, 19), b2(&b, 20);   /* 21 */
    b1(&b, CONSTANT_Fieldref), b2(&b, 2), b2(&b, 21);       /* 22 */
    butf8(&b, "LocalVariableTable");                        /* 23 */
    butf8(&b, "s");                                         /* 24 */
    butf8(&b, "Ljava/lang/String;");                        /* 25 */
    b2(&b, ACC_PUBLIC | ACC_SUPER);
    b2(&b, CP_THIS), b2(&b, CP_OBJECT);
    b2(&b, 0); /* interfaces */
    b2(&b, 1), b2(&b, ACC_PUBLIC), b2(&b, 19), b2(&b, 20), b2(&b, 0); /* field f:I */
    b2(&b, 1); /* methods */
    b2(&b, sp->access | ACC_STATIC), b2(&b, 5), b2(&b, 6);
    if (sp->access & ACC_NATIVE) {
        b2(&b, 0);
    } else {
        uint32_t lvt_len = sp->lvt ? 2 + 10 : 0;
        b2(&b, 1);
        b2(&b, 7);
        b4(&b, 12 + (uint32_t)sp->code_len + (sp->lvt ? 6 + lvt_len : 0));
        b2(&b, sp->max_stack), b2(&b, 4);
        b4(&b, (uint32_t)sp->code_len);
        memcpy(b.d + b.n, sp->code, sp->code_len);
        b.n += sp->code_len;
        b2(&b, 0); /* exception table */
        b2(&b, sp->lvt ? 1 : 0);
        if (sp->lvt) {
            b2(&b, 23), b4(&b, lvt_len), b2(&b, 1);
            b2(&b, 0), b2(&b, (unsigned)sp->code_len), b2(&b, 24), b2(&b, 25), b2(&b, 0);
        }
    }
    b2(&b, 0); /* class attributes */
    char err[CF_MAX_ERROR];
    CfErrorKind kind;
    ClassFile *cf = cf_parse(b.d, b.n, "T", err, &kind);
    if (!cf) fprintf(stderr, "test_npe_message: class rejected: %s\n", err);
    return cf;
}

/* npe_message at bci of the method spec describes; compares with `want` (NULL: none). */
static bool message_is(const Spec *sp, int bci, const char *want)
{
    ClassFile *cf = assemble(sp);
    if (!cf) return false;
    Class c = { .name = cf->this_name, .cf = cf };
    CfMethod *cm = &cf->methods[0];
    Method m = { .clazz = &c, .name = cm->name, .desc = cm->desc, .access = cm->access, .cf = cm };
    char *got = npe_message(&m, bci);
    bool ok = want ? got && strcmp(got, want) == 0 : got == NULL;
    if (!ok) fprintf(stderr, "  bci %d: got %s%s%s\n", bci, got ? "\"" : "", got ? got : "NULL", got ? "\"" : "");
    free(got);
    cf_free(cf);
    return ok;
}

#define SPEC(stack, ...) (&(Spec){ .code = (const uint8_t[]){ __VA_ARGS__ }, \
    .code_len = sizeof((const uint8_t[]){ __VA_ARGS__ }), .max_stack = (stack) })

/* ---- groups ----------------------------------------------------------------------------- */

static void test_messages(void)
{
    /* aload_0; invokevirtual String.length; pop; return */
    Spec *s = SPEC(1, OP_aload_0, OP_invokevirtual, 0, CP_STRING_LENGTH, OP_pop, OP_return);
    CHECK(message_is(s, 1, "Cannot invoke \"String.length()\" because \"<parameter1>\" is null"));
    s->lvt = true;
    CHECK(message_is(s, 1, "Cannot invoke \"String.length()\" because \"s\" is null"));
    /* aload_0; getfield T.f (the receiver's static type does not matter here) */
    Spec *g = SPEC(1, OP_aload_0, OP_getfield, 0, CP_FIELD_F, OP_pop, OP_return);
    CHECK(message_is(g, 1, "Cannot read field \"f\" because \"<parameter1>\" is null"));
}

static void test_no_message(void)
{
    Spec *s = SPEC(1, OP_aload_0, OP_invokevirtual, 0, CP_STRING_LENGTH, OP_pop, OP_return);
    CHECK(message_is(s, 0, NULL));   /* aload cannot throw one */
    CHECK(message_is(s, 4, NULL));   /* pop */
    CHECK(message_is(s, 2, NULL));   /* inside the invokevirtual */
    CHECK(message_is(s, 3, NULL));
    CHECK(message_is(s, 6, NULL));   /* past the end */
    CHECK(message_is(s, -1, NULL));
    /* new Object; dup; invokespecial Object.<init>; athrow: an explicitly made exception */
    Spec *init = SPEC(2, OP_new, 0, CP_OBJECT, OP_dup, OP_invokespecial, 0, CP_OBJECT_INIT,
                      OP_athrow);
    CHECK(message_is(init, 4, NULL));
    /* The thrown value was pushed by `new`, which HotSpot cannot describe although it
     * has already opened the quote. */
    CHECK(message_is(init, 7, "Cannot throw exception because \""));
    Spec native = { .access = ACC_NATIVE };
    CHECK(message_is(&native, 0, NULL));
    CHECK(npe_message(NULL, 0) == NULL);
}

static void test_malformed(void)
{
    /* The instruction at the bci runs past the end of the code. */
    CHECK(message_is(SPEC(1, OP_aload_0, OP_invokevirtual, 0), 1, NULL));
    /* Constant-pool index out of range, and of the wrong kind. */
    CHECK(message_is(SPEC(1, OP_aload_0, OP_invokevirtual, 0, 99, OP_pop, OP_return), 1, NULL));
    CHECK(message_is(SPEC(1, OP_aload_0, OP_invokevirtual, 0, CP_FIELD_F, OP_pop, OP_return), 1, NULL));
    CHECK(message_is(SPEC(1, OP_aload_0, OP_getfield, 0, CP_STRING_LENGTH, OP_pop, OP_return), 1, NULL));
    /* Operand stack underflow and overflow (max_stack 0). */
    CHECK(message_is(SPEC(1, OP_invokevirtual, 0, CP_STRING_LENGTH, OP_pop, OP_return), 0, NULL));
    CHECK(message_is(SPEC(0, OP_aload_0, OP_invokevirtual, 0, CP_STRING_LENGTH, OP_pop, OP_return), 1, NULL));
    /* A branch out of the code before the faulting instruction. */
    CHECK(message_is(SPEC(1, OP_aload_0, OP_ifnull, 0x40, 0, OP_aload_0, OP_arraylength, OP_pop,
                          OP_return), 5, NULL));
    CHECK(message_is(SPEC(1, OP_aload_0, OP_goto, 0x80, 0, OP_arraylength, OP_return), 4, NULL));
    /* An undefined opcode (one of GlassVM's quick forms) before the bci. */
    CHECK(message_is(SPEC(1, 0xe3, 0, CP_STRING_LENGTH, OP_aload_0, OP_arraylength, OP_return), 4, NULL));
    /* tableswitch with high < low, lookupswitch with a negative count, wide + nop. */
    CHECK(message_is(SPEC(2, OP_iconst_0, OP_tableswitch, 0, 0, 0, 0, 0, 0x10, 0, 0, 0, 1, 0, 0,
                          0, 0, OP_aload_0, OP_arraylength, OP_return), 17, NULL));
    CHECK(message_is(SPEC(2, OP_iconst_0, OP_lookupswitch, 0, 0, 0, 0, 0, 0x10, 0xff, 0xff, 0xff,
                          0xff, OP_aload_0, OP_arraylength, OP_return), 13, NULL));
    CHECK(message_is(SPEC(1, OP_wide, OP_nop, OP_aload_0, OP_arraylength, OP_return), 3, NULL));
    /* Unreachable code after a goto gets no stack: the action alone. */
    CHECK(message_is(SPEC(1, OP_goto, 0, 5, OP_aload_0, OP_arraylength, OP_return), 4,
                     "Cannot read the array length"));
}

int main(void)
{
    sym_init();
    run_group("messages", test_messages);
    run_group("no message", test_no_message);
    run_group("malformed bytecode", test_malformed);
    printf("test_npe_message: %d checks %s\n", checks, failures ? "FAILED" : "passed");
    return failures != 0;
}
