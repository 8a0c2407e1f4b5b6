// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * verify.c — the verifier's entry point and the services both verifiers share: which
 * classes are verified, choosing and failing over between the type checker and the
 * inference verifier, throwing the result, class loading for assignability, HotSpot's
 * view of the bytecode stream, and the arena and string helpers.
 *
 * Contracts: see verify.h. Everything here runs on the linking thread; the only global
 * state is the table of well-known names, set once (idempotently) on first use.
 */
#include "verify.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bytecodes.h"
#include "classfile_constants.h"
#include "exception.h"
#include "loader.h"
#include "sym.h"
#include "thread.h"
#include "verifyint.h"
#include "wellknown.h"

/* ------------------------------------------------------------------------------------ */
/* Arena and strings                                                                    */
/* ------------------------------------------------------------------------------------ */

struct ArenaChunk {
    ArenaChunk *next;
    size_t size;
    char data[];
};

#define ARENA_CHUNK (64 * 1024)

void *varena_alloc(Arena *a, size_t n)
{
    n = ALIGN_UP(n, (size_t)16);
    if ((size_t)(a->end - a->next) < n) {
        size_t size = n > ARENA_CHUNK / 4 ? n : ARENA_CHUNK;
        ArenaChunk *ch = vm_malloc(sizeof(ArenaChunk) + size);
        ch->size = size;
        if (size == ARENA_CHUNK || a->chunks == NULL) {
            ch->next = a->chunks;
            a->chunks = ch;
            a->next = ch->data;
            a->end = ch->data + size;
        } else {
            /* A big block gets its own chunk; the current chunk stays open. */
            ch->next = a->chunks->next;
            a->chunks->next = ch;
            memset(ch->data, 0, n);
            return ch->data;
        }
    }
    char *p = a->next;
    a->next += n;
    memset(p, 0, n);
    return p;
}

void varena_free(Arena *a)
{
    for (ArenaChunk *ch = a->chunks, *nx; ch; ch = nx) {
        nx = ch->next;
        free(ch);
    }
    a->chunks = NULL;
    a->next = a->end = NULL;
}

void sb_vprintf(StrBuf *b, const char *fmt, va_list ap)
{
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    if (n < 0) return;
    if (b->len + (size_t)n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + (size_t)n + 1) cap *= 2;
        b->s = vm_realloc(b->s, cap);
        b->cap = cap;
    }
    vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
    b->len += (size_t)n;
}

void sb_printf(StrBuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(b, fmt, ap);
    va_end(ap);
}

void sb_puts(StrBuf *b, const char *s) { sb_printf(b, "%s", s); }

void sb_free(StrBuf *b)
{
    free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}

/* ------------------------------------------------------------------------------------ */
/* Names and classes                                                                    */
/* ------------------------------------------------------------------------------------ */

VNames vn;

void vnames_init(void)
{
    if (vn.clone != NULL) return;
    /* Racing threads store the same symbols; clone goes last as the "done" mark. */
    vn.object = sym.java_lang_Object;
    vn.string = sym.java_lang_String;
    vn.klass = sym.java_lang_Class;
    vn.throwable = sym_intern("java/lang/Throwable");
    vn.cloneable = sym.java_lang_Cloneable;
    vn.serializable = sym.java_io_Serializable;
    vn.method_handle = sym.java_lang_invoke_MethodHandle;
    vn.method_type = sym_intern("java/lang/invoke/MethodType");
    vn.init = sym.init;
    vn.clinit = sym.clinit;
    __atomic_store_n(&vn.clone, sym_intern("clone"), __ATOMIC_RELEASE);
}

const char *vsym(const char *s, size_t len) { return sym_intern_len(s, len); }

Class *vload_or_null(VCommon *v, const char *name)
{
    /* The class being verified answers to its own name even when hidden (HotSpot does the
     * same for hidden classes, which no loader can find by name). */
    if (name == v->cur_name) return v->c;
    return loader_load(v->t, v->c->loader, name);
}

Class *vload(VCommon *v, const char *name)
{
    Class *k = vload_or_null(v, name);
    if (k == NULL) longjmp(*v->jb, VR_PENDING);
    return k;
}

bool vsubclass(const Class *k, const Class *s)
{
    for (; k != NULL; k = k->super)
        if (k == s) return true;
    return false;
}

/* ------------------------------------------------------------------------------------ */
/* HotSpot's raw bytecode stream                                                        */
/* ------------------------------------------------------------------------------------ */

/* HotSpot's internal opcodes are "defined" for its raw bytecode stream: an unverified
 * class that contains them fails with "Bad instruction: cb" at that instruction rather
 * than as an illegal instruction, and their lengths decide where the next instruction
 * starts. 0 = variable length (switch-like). */
static const struct {
    const char *name;
    uint8_t len;
} hs_internal[] = {
    {"fast_agetfield", 3},     {"fast_bgetfield", 3},    {"fast_cgetfield", 3},
    {"fast_dgetfield", 3},     {"fast_fgetfield", 3},    {"fast_igetfield", 3},
    {"fast_lgetfield", 3},     {"fast_sgetfield", 3},    {"fast_aputfield", 3},
    {"fast_bputfield", 3},     {"fast_zputfield", 3},    {"fast_cputfield", 3},
    {"fast_dputfield", 3},     {"fast_fputfield", 3},    {"fast_iputfield", 3},
    {"fast_lputfield", 3},     {"fast_sputfield", 3},    {"fast_aload_0", 1},
    {"fast_iaccess_0", 4},     {"fast_aaccess_0", 4},    {"fast_faccess_0", 4},
    {"fast_iload", 2},         {"fast_iload2", 4},       {"fast_icaload", 3},
    {"fast_invokevfinal", 3},  {"fast_linearswitch", 0}, {"fast_binaryswitch", 0},
    {"fast_aldc", 2},          {"fast_aldc_w", 3},       {"return_register_finalizer", 1},
    {"invokehandle", 3},       {"nofast_getfield", 3},   {"nofast_putfield", 3},
    {"nofast_aload_0", 1},     {"nofast_iload", 2},      {"_shouldnotreachhere", 1},
};
#define HS_FIRST_INTERNAL 0xcb
#define HS_LAST_DEFINED (HS_FIRST_INTERNAL + (int)ARRAY_LEN(hs_internal) - 1)

static const uint8_t jvm_lengths[JVM_OPC_MAX + 1] = JVM_OPCODE_LENGTH_INITIALIZER;

const char *vop_name(int op)
{
    if (op < 0 || op > HS_LAST_DEFINED) return NULL;
    if (op >= HS_FIRST_INTERNAL) return hs_internal[op - HS_FIRST_INTERNAL].name;
    return bc_name((uint8_t)op);
}

/* Fixed length of op, 0 for variable-length and undefined opcodes. */
static int fixed_length(int op)
{
    if (op == OP_tableswitch || op == OP_lookupswitch || op == OP_wide) return 0;
    if (op <= JVM_OPC_MAX) return jvm_lengths[op];
    if (op == OP_breakpoint) return 1;
    if (op <= HS_LAST_DEFINED) return hs_internal[op - HS_FIRST_INTERNAL].len;
    return 0;
}

/* Bytecodes::special_length_at: -1 when reading it would run past the end. */
static int64_t special_length(const uint8_t *code, uint32_t end, uint32_t bci)
{
    int op = code[bci];
    uint32_t aligned = (bci + 4) & ~3u;
    switch (op) {
    case OP_wide: {
        if (bci + 1 >= end) return -1;
        int w = code[bci + 1];
        if (w == OP_iinc) return 6;
        if ((w >= OP_iload && w <= OP_aload) || (w >= OP_istore && w <= OP_astore) || w == OP_ret)
            return 4;
        return 0;
    }
    case OP_tableswitch: {
        if ((uint64_t)aligned + 12 >= end) return -1;
        int64_t lo = vs4(code + aligned + 4), hi = vs4(code + aligned + 8);
        int64_t len = (int64_t)(aligned - bci) + (3 + hi - lo + 1) * 4;
        return len > 0 && len == (int32_t)len ? len : -1;
    }
    case OP_lookupswitch:
    case 0xe4: /* fast_linearswitch */
    case 0xe5: /* fast_binaryswitch */ {
        if ((uint64_t)aligned + 8 >= end) return -1;
        int64_t npairs = vs4(code + aligned + 4);
        int64_t len = (int64_t)(aligned - bci) + (2 + 2 * npairs) * 4;
        return len > 0 && len == (int32_t)len ? len : -1;
    }
    default:
        return 0;
    }
}

int vscan(const uint8_t *code, uint32_t code_length, uint32_t bci, uint32_t *len, bool *wide)
{
    int op = code[bci];
    *wide = false;
    int64_t n = fixed_length(op);
    if (n > 0 && bci + n <= code_length) {
        *len = (uint32_t)n;
        return op;
    }
    n = special_length(code, code_length, bci);
    if (n <= 0 || bci + n > code_length) return -1;
    *len = (uint32_t)n;
    if (op == OP_wide) {
        *wide = true;
        return code[bci + 1];
    }
    return op;
}

/* ------------------------------------------------------------------------------------ */
/* Entry point                                                                          */
/* ------------------------------------------------------------------------------------ */

bool verify_is_eligible(const Class *c)
{
    if (c->loader == NULL || c->cf == NULL) return false;
    if (class_is_array(c) || class_is_primitive(c)) return false;
    const char *n = c->name;
    if (n == sym.java_lang_Object || n == sym.java_lang_Class || n == sym.java_lang_String ||
        strcmp(n, "java/lang/Throwable") == 0)
        return false;
    /* Generated reflection accessors (HotSpot skips every subclass of MagicAccessorImpl). */
    if (wk.MagicAccessorImpl != NULL && vsubclass(c, wk.MagicAccessorImpl)) return false;
    return true;
}

static void throw_result(Thread *t, VResult r, const char *msg)
{
    const char *cls = r == VR_FORMAT_ERROR ? "java/lang/ClassFormatError" : "java/lang/VerifyError";
    Class *k = loader_load(t, NULL, sym_intern(cls));
    if (k == NULL) return; /* that error is pending instead */
    exc_throw_class(t, k, msg, NULL);
}

bool verify_class(Thread *t, Class *c)
{
    if (!verify_is_eligible(c)) return true;
    vnames_init();
    VCommon v = {.t = t, .c = c, .cf = c->cf, .cur_name = c->cf->this_name};
    StrBuf msg = {0};
    VResult r;
    /* HotSpot's message buffer for the inference verifier: name length + 1024. */
    size_t limit = strlen(c->name) + 1024;
    if (c->major >= 50) {
        r = vcheck_class(&v, &msg);
        varena_free(&v.arena);
        if (r != VR_OK && r != VR_PENDING && c->major < 51) {
            /* FailOverToOldVerifier: the old verifier decides; its error class is thrown
             * with the type checker's message. */
            StrBuf old = {0};
            VResult r2 = vinfer_class(&v, &old, limit);
            varena_free(&v.arena);
            sb_free(&old);
            r = r2;
            if (r2 == VR_OK) {
                sb_free(&msg);
                return true;
            }
        }
    } else {
        r = vinfer_class(&v, &msg, limit);
        varena_free(&v.arena);
    }
    if (r == VR_OK) {
        sb_free(&msg);
        return true;
    }
    if (r != VR_PENDING) throw_result(t, r, msg.s ? msg.s : "");
    sb_free(&msg);
    return false;
}
