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
    if (__atomic_load_n(&vn.clone, __ATOMIC_ACQUIRE) != NULL) return;
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
     * same for hidden classes, which no loader can find by name); a redefinition's new
     * version does not: its name is the live class's, the superclass of the classes that
     * extend it (HotSpot resolves the name, VerificationType::resolve_and_check_assignability). */
    if (name == v->cur_name && !(v->c->flags & CLASS_F_REDEF_SCRATCH)) return v->c;
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
        if (hi < lo) return -1;
        int64_t len = (int64_t)(aligned - bci) + (3 + hi - lo + 1) * 4;
        return len > 0 && len == (int32_t)len ? len : -1;
    }
    case OP_lookupswitch:
    case 0xe4: /* fast_linearswitch */
    case 0xe5: /* fast_binaryswitch */ {
        if ((uint64_t)aligned + 8 >= end) return -1;
        int64_t npairs = vs4(code + aligned + 4);
        if (npairs < 0) return -1;
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
/* Shared by the type checker: HotSpot's ends_in_athrow and message dumps               */
/* ------------------------------------------------------------------------------------ */

/* HotSpot's ClassVerifier::ends_in_athrow, used for a constructor that calls super() inside
 * a try block: do all paths from `start` end in athrow (or loop)? */
typedef struct U32List {
    uint32_t *v;
    int n, cap;
} U32List;

static void ul_push(Arena *a, U32List *l, uint32_t x)
{
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 32;
        uint32_t *nv = varena_alloc(a, sizeof(uint32_t) * (size_t)cap);
        if (l->n) memcpy(nv, l->v, sizeof(uint32_t) * (size_t)l->n);
        l->v = nv;
        l->cap = cap;
    }
    l->v[l->n++] = x;
}

static bool ul_contains(const U32List *l, uint32_t x)
{
    for (int i = 0; i < l->n; i++)
        if (l->v[i] == x) return true;
    return false;
}

/* The next path to follow: a pending branch target first, then a pending handler.
 * False when none is left (every path followed ended in athrow). */
static bool pop_path(U32List *bci_stack, U32List *handler_stack, uint32_t *next)
{
    if (bci_stack->n > 0) *next = bci_stack->v[--bci_stack->n];
    else if (handler_stack->n > 0) *next = handler_stack->v[--handler_stack->n];
    else return false;
    return true;
}

bool vends_in_athrow(Arena *a, const CfCode *code, uint32_t start)
{
    U32List bci_stack = {0}, handler_stack = {0}, handler_list = {0}, visited = {0};
    const uint8_t *bc = code->code;
    uint32_t len = code->code_length, next = start;
    for (long guard = 0; guard < 10L * 1000 * 1000; guard++) {
        if (next >= len) return false; /* ran off the end: some path does not throw */
        uint32_t bci = next, ilen;
        bool wide;
        int op = vscan(bc, len, bci, &ilen, &wide);
        if (op < 0) return false; /* HotSpot would spin here; treat as not ending in athrow */
        next = bci + ilen;
        for (int x = 0; x < code->handler_count; x++) {
            const CfExceptionHandler *h = &code->handlers[x];
            if (bci >= h->start_pc && bci < h->end_pc && !ul_contains(&handler_list, h->handler_pc)) {
                if (!ul_contains(&handler_stack, h->handler_pc)) ul_push(a, &handler_stack, h->handler_pc);
                ul_push(a, &handler_list, h->handler_pc);
            }
        }
        if (wide) continue;
        switch (op) {
        case OP_ifeq: case OP_ifne: case OP_iflt: case OP_ifge: case OP_ifgt: case OP_ifle:
        case OP_if_icmpeq: case OP_if_icmpne: case OP_if_icmplt: case OP_if_icmpge:
        case OP_if_icmpgt: case OP_if_icmple: case OP_if_acmpeq: case OP_if_acmpne:
        case OP_ifnull: case OP_ifnonnull: {
            uint32_t target = bci + (uint32_t)(int32_t)vs2(bc + bci + 1);
            if (ul_contains(&visited, bci)) {
                if (!pop_path(&bci_stack, &handler_stack, &next)) return true;
            } else {
                if (target > bci) {
                    if (target >= len) return false;
                    ul_push(a, &bci_stack, target);
                } else {
                    ul_push(a, &bci_stack, next);
                    next = target;
                }
                ul_push(a, &visited, bci);
            }
            break;
        }
        case OP_goto:
        case OP_goto_w: {
            uint32_t target = bci + (uint32_t)(op == OP_goto ? (int32_t)vs2(bc + bci + 1) : vs4(bc + bci + 1));
            if (ul_contains(&visited, bci)) {
                if (!pop_path(&bci_stack, &handler_stack, &next)) return true;
            } else {
                if (target >= len) return false;
                next = target;
                ul_push(a, &visited, bci);
            }
            break;
        }
        case OP_tableswitch:
        case OP_lookupswitch: {
            uint32_t al = (bci + 4) & ~3u;
            uint32_t dflt = (uint32_t)vs4(bc + al) + bci;
            int keys, delta;
            if (op == OP_tableswitch) {
                int32_t lo = vs4(bc + al + 4), hi = vs4(bc + al + 8);
                if (lo > hi) return true;
                keys = hi - lo + 1;
                delta = 1;
            } else {
                keys = vs4(bc + al + 4);
                delta = 2;
            }
            if (keys < 0) return true;
            ul_push(a, &bci_stack, next);
            for (int i = 0; i < keys; i++) {
                uint32_t target = bci + (uint32_t)vs4(bc + al + (uint32_t)(3 + i * delta) * 4);
                if (target > len) return false;
                ul_push(a, &bci_stack, target);
            }
            if (dflt > len) return false;
            next = dflt;
            break;
        }
        case OP_return:
            return false;
        case OP_athrow:
            if (!pop_path(&bci_stack, &handler_stack, &next)) return true;
            break;
        default:
            break;
        }
    }
    return false;
}

/* outputStream::print_data without ASCII, indented by 4. */
void vprint_code(StrBuf *b, const uint8_t *d, uint32_t len)
{
    uint32_t limit = (len + 16) / 16 * 16;
    for (uint32_t i = 0; i < limit; i++) {
        if (i % 16 == 0) sb_printf(b, "    %07x:", i);
        if (i % 2 == 0) sb_puts(b, " ");
        if (i < len) sb_printf(b, "%02x", d[i]);
        else sb_puts(b, "  ");
        if ((i + 1) % 16 == 0) sb_puts(b, "\n");
    }
}

/* The raw StackMapTable, one frame per line, as HotSpot's stack_map_frame::print_on. */
static size_t vti_size(const uint8_t *p) { return (*p == 7 || *p == 8) ? 3 : 1; }

static bool vti_ok(const uint8_t *p, const uint8_t *start, const uint8_t *end)
{
    return p >= start && p < end && (p + 3 <= end || (*p != 7 && *p != 8));
}

static void print_vti(StrBuf *b, const uint8_t *p)
{
    static const char *names[] = {"Top", "Integer", "Float", "Double", "Long", "Null", "UninitializedThis"};
    if (*p <= 6) sb_puts(b, names[*p]);
    else if (*p == 7) sb_printf(b, "Object[#%d]", vu2(p + 1));
    else if (*p == 8) sb_printf(b, "Uninitialized[#%d]", vu2(p + 1));
    else sb_printf(b, "BAD:%d", *p);
}

void vprint_stackmap_table(StrBuf *b, CfBytes smt)
{
    const uint8_t *start = smt.data, *end = smt.data + smt.len;
    int count = smt.len >= 2 ? vu2(start) : (smt.len == 1 ? start[0] << 8 : 0);
    const uint8_t *p = start + 2;
    int cur = -1;
    sb_puts(b, "  Stackmap Table:\n");
    for (int i = 0; i < count; i++) {
        sb_puts(b, "    ");
        int ft = p < end ? *p : 0;
        int delta;
        bool ok = p >= start && p < end;
        if (ft < 64) {
            delta = ft + 1;
            sb_printf(b, "same_frame(@%d)", delta + cur);
            if (!ok) return;
            sb_puts(b, "\n");
            p += 1;
        } else if (ft < 128) {
            delta = ft - 63;
            if (!ok || !vti_ok(p + 1, start, end)) {
                sb_printf(b, "same_locals_1_stack_item_frame(@%d), output truncated, Stackmap exceeds table size.", delta + cur);
                return;
            }
            sb_printf(b, "same_locals_1_stack_item_frame(@%d,", delta + cur);
            print_vti(b, p + 1);
            sb_puts(b, ")\n");
            p += 1 + vti_size(p + 1);
        } else if (ft < 247) {
            return; /* reserved: HotSpot prints nothing more */
        } else {
            delta = (p + 3 <= end ? vu2(p + 1) : 0) + 1;
            if (ft == 247) {
                if (!ok || !(p + 3 < end && vti_ok(p + 3, start, end))) {
                    sb_printf(b, "same_locals_1_stack_item_extended(@%d), output truncated, Stackmap exceeds table size.", delta + cur);
                    return;
                }
                sb_printf(b, "same_locals_1_stack_item_extended(@%d,", delta + cur);
                print_vti(b, p + 3);
                sb_puts(b, ")\n");
                p += 3 + vti_size(p + 3);
            } else if (ft <= 251) {
                if (ft == 251) sb_printf(b, "same_frame_extended(@%d)", delta + cur);
                else sb_printf(b, "chop_frame(@%d,%d)", delta + cur, 251 - ft);
                if (!ok || p + 3 > end) return;
                sb_puts(b, "\n");
                p += 3;
            } else if (ft < 255) {
                int n = ft - 251;
                const uint8_t *v = p + 3;
                bool good = ok && v < end && vti_ok(v, start, end);
                if (good && n >= 2) good = vti_ok(v + vti_size(v), start, end);
                if (good && n >= 3) good = vti_ok(v + vti_size(v) + vti_size(v + vti_size(v)), start, end);
                if (!good) {
                    sb_printf(b, "append_frame(@%d), output truncated, Stackmap exceeds table size.", delta + cur);
                    return;
                }
                sb_printf(b, "append_frame(@%d,", delta + cur);
                for (int j = 0; j < n; j++) {
                    print_vti(b, v);
                    if (j != n - 1) sb_puts(b, ",");
                    v += vti_size(v);
                }
                sb_puts(b, ")\n");
                p = v;
            } else {
                const uint8_t *v = p + 5;
                bool good = ok && v < end;
                int nl = good ? vu2(p + 3) : 0, ns = 0;
                for (int j = 0; good && j < nl; j++) {
                    if (!vti_ok(v, start, end)) good = false;
                    else v += vti_size(v);
                }
                if (good && v + 2 > end) good = false;
                if (good) {
                    ns = vu2(v);
                    const uint8_t *s = v + 2;
                    for (int j = 0; good && j < ns; j++) {
                        if (!vti_ok(s, start, end)) good = false;
                        else s += vti_size(s);
                    }
                }
                if (!good) {
                    sb_printf(b, "full_frame(@%d), output truncated, Stackmap exceeds table size.", delta + cur);
                    return;
                }
                sb_printf(b, "full_frame(@%d,{", delta + cur);
                v = p + 5;
                for (int j = 0; j < nl; j++) {
                    print_vti(b, v);
                    if (j != nl - 1) sb_puts(b, ",");
                    v += vti_size(v);
                }
                sb_puts(b, "},{");
                v += 2;
                for (int j = 0; j < ns; j++) {
                    print_vti(b, v);
                    if (j != ns - 1) sb_puts(b, ",");
                    v += vti_size(v);
                }
                sb_puts(b, "})\n");
                p = v;
            }
        }
        cur += delta;
    }
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
