// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * classfile.c — the class-file parser (JVMS chapter 4), versions 45.0 to 61.0.
 *
 * Contract (classfile.h): cf_parse() copies the input, checks it and builds a ClassFile
 * whose arrays all live in one arena owned by it. It touches no VM state but the symbol
 * table, so any thread may call it at any phase, before the VM is booted too.
 *
 * What is checked, and in which order. We apply the format checks HotSpot's
 * ClassFileParser applies to a class from an ordinary (untrusted) loader, with its
 * version-dependent relaxations and its message texts, because the tests compare our
 * ClassFormatError texts with HotSpot's. The order matters as much as the checks: when a
 * file has two defects, the one reported is the one HotSpot meets first. So we read the
 * file the way HotSpot does: the constant pool in three passes (entries, cross-references,
 * name and descriptor syntax); structured attributes are read from the main stream and
 * their declared length compared afterwards; InnerClasses, NestMembers, Record and
 * PermittedSubclasses are only located during the attribute loop and decoded after it;
 * local-variable tables are merged after all attributes of their method. Each check names
 * the JVMS section or HotSpot behaviour it mirrors.
 * cf_parse_trusted (the boot loader's classes from the runtime image) skips what HotSpot
 * skips for boot-loader classes (_need_verify false): UTF-8 validity, name and descriptor
 * syntax, duplicate members; the structural checks stay.
 *
 * Reading. One cursor walks the owned copy of the bytes. Every read is bounds-checked
 * against the end of the file (HotSpot's "Truncated class file"). Errors are sticky: the
 * first failure formats the message, moves the cursor to the end so that every later read
 * fails as well, and the parse unwinds returning false; later failures never overwrite
 * the first message. Multi-byte reads after an explicit `need()` use unchecked loads.
 *
 * Memory. One malloc for the copy of the bytes, one arena (a list of malloc'd chunks) for
 * the ClassFile record and every array hanging off it; no allocation per entry. Constant
 * pool strings are interned with sym_intern_len(), so names and descriptors outlive the
 * ClassFile. Temporary hash tables for duplicate checks live on the stack, or in one
 * malloc for very large classes, and are freed before returning.
 */
#include "classfile.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sym.h"
#include "vm.h"

/* Major versions at which the rules change. */
enum {
    V_MIN = 45,
    V_LEGACY_UTF8 = 47, /* up to 47, overlong UTF-8 forms are tolerated */
    V_1_5 = 49,         /* generics and annotations; JSR 202 relaxed name rules */
    V_6 = 50,           /* StackMapTable; interfaces no longer get ACC_ABSTRACT implied */
    V_7 = 51,           /* invokedynamic; <clinit> must be static and take no arguments */
    V_8 = 52,           /* interface methods may have bodies */
    V_9 = 53,           /* modules */
    V_11 = 55,          /* nests, CONSTANT_Dynamic */
    V_12 = 56,          /* minor version must be 0 or 65535 (preview) */
    V_16 = 60,          /* records */
    V_17 = 61,          /* sealed classes; ACC_STRICT no longer meaningful */
    V_MAX = 61,
    PREVIEW_MINOR = 65535,
};

/* The flag bits HotSpot keeps (jvm.h JVM_RECOGNIZED_*_MODIFIERS); others are dropped. */
#define CLASS_FLAGS                                                                                \
    (ACC_PUBLIC | ACC_FINAL | ACC_SUPER | ACC_INTERFACE | ACC_ABSTRACT | ACC_ANNOTATION |          \
     ACC_ENUM | ACC_SYNTHETIC)
#define INNER_CLASS_FLAGS (CLASS_FLAGS | ACC_PRIVATE | ACC_PROTECTED | ACC_STATIC)
#define FIELD_FLAGS                                                                                \
    (ACC_PUBLIC | ACC_PRIVATE | ACC_PROTECTED | ACC_STATIC | ACC_FINAL | ACC_VOLATILE |            \
     ACC_TRANSIENT | ACC_ENUM | ACC_SYNTHETIC)
#define METHOD_FLAGS                                                                               \
    (ACC_PUBLIC | ACC_PRIVATE | ACC_PROTECTED | ACC_STATIC | ACC_FINAL | ACC_SYNCHRONIZED |        \
     ACC_BRIDGE | ACC_VARARGS | ACC_NATIVE | ACC_ABSTRACT | ACC_STRICT | ACC_SYNTHETIC)

#define MAX_ARGS_SIZE 255
#define MAX_CODE_SIZE 65535

/* ---- arena ---------------------------------------------------------------------------- */

/*
 * A bump allocator over malloc'd chunks, newest first. Everything a ClassFile points to
 * (except the copy of the bytes) lives here, the ClassFile record included, so cf_free()
 * is a walk down the list.
 */
typedef struct Chunk {
    struct Chunk *next;
    size_t cap, used;
    size_t pad_; /* keeps data 16-byte aligned */
    unsigned char data[];
} Chunk;

_Static_assert(offsetof(Chunk, data) % 16 == 0, "chunk data alignment");

#define CHUNK_MAX (1u << 20)

/* ---- parser state --------------------------------------------------------------------- */

typedef struct Parser {
    const uint8_t *p, *end; /* the cursor over the owned copy */
    ClassFile *cf;
    Chunk *chunks;
    size_t next_chunk; /* capacity of the next chunk */
    const char *name;  /* class name for messages: the hint, else "<Unknown>", then CP name */
    char *err;
    CfErrorKind *kind;
    bool failed;
    uint16_t major, minor;
    int max_bsm_index;       /* largest bootstrap index used by Dynamic/InvokeDynamic, or -1 */
    uint8_t bad_constant;    /* first Module/Package tag seen, 0 if none */
    bool is_module;          /* ACC_MODULE (module-info) */
    int header_ifaces;       /* -1 until this_class is valid, then the count of superinterfaces whose indexes are valid */
    const char *module_name; /* ps->name when ACC_MODULE was seen */
    bool trusted;            /* cf_parse_trusted: skip the syntax checks HotSpot skips */
} Parser;

static void *arena_alloc(Parser *ps, size_t n)
{
    n = ALIGN_UP(n, (size_t)8);
    Chunk *c = ps->chunks;
    if (unlikely(c == NULL || c->cap - c->used < n)) {
        size_t cap = ps->next_chunk;
        if (cap < n) cap = n;
        c = vm_malloc(sizeof(Chunk) + cap);
        c->next = ps->chunks;
        c->cap = cap;
        c->used = 0;
        ps->chunks = c;
        /* Overflow chunks: what was asked plus a quarter of the last chunk. */
        ps->next_chunk = cap / 4 + n < CHUNK_MAX ? cap / 4 + n : CHUNK_MAX;
    }
    void *r = c->data + c->used;
    c->used += n;
    memset(r, 0, n);
    return r;
}

static void arena_free(Chunk *c)
{
    while (c != NULL) {
        Chunk *next = c->next;
        free(c);
        c = next;
    }
}

/* ---- errors --------------------------------------------------------------------------- */

/* Records the first error (later ones are ignored) and stops the cursor. Returns false. */
static bool vfail(Parser *ps, CfErrorKind kind, const char *fmt, va_list ap)
{
    if (!ps->failed) {
        ps->failed = true;
        *ps->kind = kind;
        vsnprintf(ps->err, CF_MAX_ERROR, fmt, ap);
    }
    ps->p = ps->end;
    return false;
}

/* ClassFormatError. */
__attribute__((format(printf, 2, 3))) static bool fail(Parser *ps, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(ps, CF_ERR_FORMAT, fmt, ap);
    va_end(ap);
    return false;
}

/* UnsupportedClassVersionError. */
__attribute__((format(printf, 2, 3))) static bool fail_version(Parser *ps, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(ps, CF_ERR_VERSION, fmt, ap);
    va_end(ap);
    return false;
}

/* NoClassDefFoundError. */
__attribute__((format(printf, 2, 3))) static bool fail_no_class_def(Parser *ps, const char *fmt,
                                                                    ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(ps, CF_ERR_NO_CLASS_DEF, fmt, ap);
    va_end(ap);
    return false;
}

/* HotSpot's Symbol::as_klass_external_name: '/' becomes '.'. Truncates to the buffer. */
static const char *external(const char *s, char *buf, size_t size)
{
    size_t i = 0;
    for (; s[i] != '\0' && i + 1 < size; i++) buf[i] = s[i] == '/' ? '.' : s[i];
    buf[i] = '\0';
    return buf;
}

/* ---- reading -------------------------------------------------------------------------- */

static inline uint16_t rd2(const uint8_t *p) { return (uint16_t)(p[0] << 8 | p[1]); }
static inline uint32_t rd4(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Ensures n more bytes are available; otherwise fails with HotSpot's truncation error. */
static inline bool need(Parser *ps, size_t n)
{
    if (likely((size_t)(ps->end - ps->p) >= n)) return true;
    return fail(ps, "Truncated class file");
}

static inline uint8_t u1(Parser *ps) { return need(ps, 1) ? *ps->p++ : 0; }

static inline uint16_t u2(Parser *ps)
{
    if (!need(ps, 2)) return 0;
    uint16_t v = rd2(ps->p);
    ps->p += 2;
    return v;
}

static inline bool skip(Parser *ps, size_t n)
{
    if (!need(ps, n)) return false;
    ps->p += n;
    return true;
}

/* ---- constant-pool predicates (indexes from the file, so range-checked) ---------------- */

static inline bool cp_is(const ClassFile *cf, uint32_t i, uint8_t tag)
{
    return i > 0 && i < cf->cp_count && cf->cp_tags[i] == tag;
}
static inline bool valid_symbol(const ClassFile *cf, uint32_t i)
{
    return cp_is(cf, i, CONSTANT_Utf8);
}
static inline bool valid_class(const ClassFile *cf, uint32_t i)
{
    return cp_is(cf, i, CONSTANT_Class);
}

/* ---- modified UTF-8 (JVMS 4.4.7; HotSpot UTF8::is_legal_utf8) -------------------------- */

/*
 * No byte 0, no 4-byte forms, continuation bytes where they belong, and (after version
 * 47) no overlong forms except the two-byte encoding of U+0000.
 */
static bool mutf8_ok(const uint8_t *b, size_t len, bool legacy)
{
    size_t i = 0;
    /* ASCII fast path, eight bytes at a time: stop at a high bit or a zero byte. */
    while (i + 8 <= len) {
        uint64_t w;
        memcpy(&w, b + i, 8);
        if ((w | ((w - 0x0101010101010101ull) & ~w)) & 0x8080808080808080ull) break;
        i += 8;
    }
    for (; i < len; i++) {
        uint8_t c0 = b[i];
        if (c0 == 0) return false;
        if (c0 < 0x80) continue;
        unsigned c;
        switch (c0 >> 4) {
        case 0xC:
        case 0xD: /* 110xxxxx 10xxxxxx */
            c = (c0 & 0x1Fu) << 6;
            i++;
            if (i < len && (b[i] & 0xC0) == 0x80) {
                c += b[i] & 0x3Fu;
                if (legacy || c == 0 || c >= 0x80) break;
            }
            return false;
        case 0xE: /* 1110xxxx 10xxxxxx 10xxxxxx */
            c = (c0 & 0xFu) << 12;
            i += 2;
            if (i < len && (b[i - 1] & 0xC0) == 0x80 && (b[i] & 0xC0) == 0x80) {
                c += ((b[i - 1] & 0x3Fu) << 6) + (b[i] & 0x3Fu);
                if (legacy || c >= 0x800) break;
            }
            return false;
        default: /* stray continuation byte, or a 4-byte lead */ return false;
        }
    }
    return true;
}

/* ---- names (JVMS 4.2) ----------------------------------------------------------------- */

enum { LEGAL_CLASS, LEGAL_FIELD, LEGAL_METHOD };

/*
 * JVMS 4.2.2 unqualified names (HotSpot verify_unqualified_name): non-empty, no '.', ';',
 * '['; '/' only in class names, and there only between non-empty parts; '<' and '>' not
 * in method names (callers handle <init> and <clinit> first). Multi-byte characters
 * never contain these ASCII bytes, so a byte scan suffices.
 */
static bool unqualified_ok(const char *s, size_t len, int type)
{
    if (len == 0) return false;
    for (size_t i = 0; i < len; i++) {
        switch (s[i]) {
        case '.':
        case ';':
        case '[': return false;
        case '/':
            if (type != LEGAL_CLASS || i == 0 || i + 1 >= len || s[i + 1] == '/') return false;
            break;
        case '<':
        case '>':
            if (type == LEGAL_METHOD) return false;
            break;
        default: break;
        }
    }
    return true;
}

/*
 * Names in class files older than 49.0 must be Java identifiers (HotSpot
 * skip_over_field_name): returns the end of the longest identifier prefix (with '/'
 * separators if slash_ok, never two in a row), or NULL if there is none. HotSpot asks
 * Character.isJavaIdentifierStart/Part about non-ASCII characters; the parser cannot run
 * Java code, and such names in pre-1.5 files are rare, so non-ASCII characters are
 * accepted. The bytes are valid modified UTF-8 (checked first), so a lead byte tells the
 * character's length.
 */
static const char *skip_field_name(const char *name, bool slash_ok, size_t len)
{
    const char *p = name, *end = name + len;
    bool last_is_slash = false, not_first = false;
    while (p < end) {
        const char *old = p;
        unsigned char ch = (unsigned char)*p;
        if (ch < 0x80) {
            p++;
            if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_' || ch == '$' ||
                (not_first && ch >= '0' && ch <= '9')) {
                last_is_slash = false;
                not_first = true;
                continue;
            }
            if (slash_ok && ch == '/') {
                if (last_is_slash) return NULL;
                last_is_slash = true;
                not_first = true;
                continue;
            }
            return not_first ? old : NULL;
        }
        p += ch >= 0xE0 ? 3 : 2;
        if (p > end) p = end;
        last_is_slash = false;
        not_first = true;
    }
    return not_first ? p : NULL;
}

/*
 * Skips one field type at the start of sig (HotSpot skip_over_field_signature); 'V' only
 * if void_ok. Returns the end of the type or NULL. Two defects are reported at once when
 * ps is given, with HotSpot's messages: an illegal class name inside 'L...;' and more
 * than 255 array dimensions.
 */
static const char *skip_field_sig(Parser *ps, const char *sig, size_t len, bool void_ok, int major)
{
    unsigned dims = 0;
    while (len > 0) {
        switch (sig[0]) {
        case 'V':
            if (!void_ok) return NULL;
            /* fall through */
        case 'Z':
        case 'B':
        case 'C':
        case 'S':
        case 'I':
        case 'F':
        case 'J':
        case 'D': return sig + 1;
        case 'L':
            if (major < V_1_5) {
                const char *p = skip_field_name(sig + 1, true, len - 1);
                if (p != NULL && p - sig > 1 && p < sig + len && *p == ';') return p + 1;
            } else {
                const char *c = memchr(sig + 1, ';', len - 1);
                if (c != NULL) {
                    if (!unqualified_ok(sig + 1, (size_t)(c - sig - 1), LEGAL_CLASS)) {
                        if (ps != NULL)
                            fail(ps,
                                 "Class name is empty or contains illegal character in "
                                 "descriptor in class file %s",
                                 ps->name);
                        return NULL;
                    }
                    return c + 1;
                }
            }
            return NULL;
        case '[':
            if (++dims > 255) {
                if (ps != NULL)
                    fail(ps, "Array type descriptor has more than 255 dimensions in class file %s",
                         ps->name);
                return NULL;
            }
            sig++;
            len--;
            void_ok = false;
            break;
        default: return NULL;
        }
    }
    return NULL;
}

/* CONSTANT_Class names: internal binary names or array descriptors (JVMS 4.4.1). */
static bool class_name_ok(Parser *ps, const char *s, size_t len, int major)
{
    if (len == 0) return false;
    if (s[0] == '[') {
        const char *p = skip_field_sig(ps, s, len, false, major);
        return p == s + len;
    }
    if (major < V_1_5) {
        if (s[0] == '<') return false;
        return skip_field_name(s, true, len) == s + len;
    }
    return unqualified_ok(s, len, LEGAL_CLASS);
}

static bool field_name_ok(const char *s, size_t len, int major)
{
    if (len == 0) return false;
    if (major < V_1_5) return s[0] != '<' && skip_field_name(s, false, len) == s + len;
    return unqualified_ok(s, len, LEGAL_FIELD);
}

static bool method_name_ok(const char *s, size_t len, int major)
{
    if (len == 0) return false;
    if (s[0] == '<') return strcmp(s, "<init>") == 0 || strcmp(s, "<clinit>") == 0;
    if (major < V_1_5) return skip_field_name(s, false, len) == s + len;
    return unqualified_ok(s, len, LEGAL_METHOD);
}

static bool field_sig_ok(Parser *ps, const char *s, size_t len, int major)
{
    const char *p = skip_field_sig(ps, s, len, false, major);
    return p != NULL && p == s + len;
}

/*
 * Method descriptor (JVMS 4.3.3; HotSpot verify_legal_method_signature without its
 * <clinit> rule): returns the argument slots (long and double count two) or -1.
 * `special` (a name starting with '<') requires a void return.
 */
static int method_sig_args(Parser *ps, const char *s, size_t len, bool special, int major)
{
    if (len == 0 || *s != '(') return -1;
    const char *p = s + 1;
    len--;
    int args = 0;
    const char *next = skip_field_sig(ps, p, len, false, major);
    while (len > 0 && next != NULL) {
        args += (p[0] == 'J' || p[0] == 'D') ? 2 : 1;
        len -= (size_t)(next - p);
        p = next;
        next = skip_field_sig(ps, p, len, false, major);
    }
    if (len == 0 || *p != ')') return -1;
    p++;
    len--;
    if (special) return len == 1 && p[0] == 'V' ? args : -1;
    next = skip_field_sig(ps, p, len, true, major);
    return next != NULL && (size_t)(next - p) == len ? args : -1;
}

/* ---- checks with HotSpot's messages ---------------------------------------------------- */

static bool check_class_name(Parser *ps, const char *s)
{
    if (class_name_ok(ps, s, strlen(s), ps->major)) return true;
    return fail(ps, "Illegal class name \"%s\" in class file %s", s, ps->name);
}

static bool check_field_name(Parser *ps, const char *s)
{
    if (field_name_ok(s, strlen(s), ps->major)) return true;
    return fail(ps, "Illegal field name \"%s\" in class %s", s, ps->name);
}

static bool check_method_name(Parser *ps, const char *s)
{
    if (method_name_ok(s, strlen(s), ps->major)) return true;
    return fail(ps, "Illegal method name \"%s\" in class %s", s, ps->name);
}

/* HotSpot throwIllegalSignature. */
static bool illegal_signature(Parser *ps, const char *what, const char *name, const char *sig)
{
    return fail(ps, "%s \"%s\" in class %s has illegal signature \"%s\"", what, name, ps->name,
                sig);
}

static bool check_field_sig(Parser *ps, const char *name, const char *sig)
{
    if (field_sig_ok(ps, sig, strlen(sig), ps->major)) return true;
    return illegal_signature(ps, "Field", name, sig);
}

/* Returns the argument slots, or -1 after failing. */
static int check_method_sig(Parser *ps, const char *name, const char *sig)
{
    /* Class initializers take no arguments from version 51 on. */
    if (ps->major >= V_7 && strcmp(name, "<clinit>") == 0 && strcmp(sig, "()V") != 0) {
        illegal_signature(ps, "Method", name, sig);
        return -1;
    }
    int args = method_sig_args(ps, sig, strlen(sig), name[0] == '<', ps->major);
    if (args < 0) illegal_signature(ps, "Method", name, sig);
    return ps->failed ? -1 : args;
}

/*
 * The argument slots of a method descriptor known to be well formed (a trusted file, see
 * cf_parse_trusted): one pass, no checks, but never past the descriptor's end, and -1 if
 * it is not even shaped like one.
 */
static int trusted_sig_slots(const char *s)
{
    if (*s++ != '(') return -1;
    int args = 0;
    for (;;) {
        char ch = *s++;
        if (ch == ')') return args;
        if (ch == 'J' || ch == 'D') {
            args += 2;
            continue;
        }
        args++;
        while (ch == '[') ch = *s++;
        if (ch == 'L') {
            const char *semi = strchr(s, ';');
            if (semi == NULL) return -1;
            s = semi + 1;
        } else if (ch == '\0') {
            return -1;
        }
    }
}

/* ---- public helpers (current-version rules) -------------------------------------------- */

bool cf_valid_mutf8(const uint8_t *s, size_t len) { return mutf8_ok(s, len, false); }

bool cf_valid_field_desc(const char *d) { return field_sig_ok(NULL, d, strlen(d), V_MAX); }

bool cf_valid_method_desc(const char *d) { return cf_method_desc_slots(d) >= 0; }

int cf_method_desc_slots(const char *d)
{
    return method_sig_args(NULL, d, strlen(d), false, V_MAX);
}

bool cf_valid_unqualified_name(const char *n, bool is_method)
{
    size_t len = strlen(n);
    return is_method ? method_name_ok(n, len, V_MAX) : field_name_ok(n, len, V_MAX);
}

bool cf_valid_class_name(const char *n) { return class_name_ok(NULL, n, strlen(n), V_MAX); }

/* ---- constant pool (JVMS 4.4) ---------------------------------------------------------- */

/*
 * Pass 0 (HotSpot parse_constant_pool_entries): reads the entries, checks each tag against
 * the version, UTF-8 validity, and that a long or double does not start in the last slot;
 * interns Utf8 entries. Each size check covers one byte past the entry (the next tag, or
 * the first byte of access_flags), as HotSpot's does, so a file cut right after a bad
 * entry reports the truncation. Module and Package entries are remembered, not rejected:
 * whether they are legal depends on ACC_MODULE, read after the pool.
 */
static bool parse_cp_entries_into(Parser *ps, SymBatchItem *utf8);

/* The Utf8 entries are interned together at the end, in one batch (sym.h). */
static bool parse_cp_entries(Parser *ps)
{
    SymBatchItem local[256];
    const uint32_t n = ps->cf->cp_count;
    SymBatchItem *utf8 = n <= 256 ? local : vm_malloc(n * sizeof(SymBatchItem));
    const bool ok = parse_cp_entries_into(ps, utf8);
    if (utf8 != local) free(utf8);
    return ok;
}

static bool parse_cp_entries_into(Parser *ps, SymBatchItem *utf8)
{
    ClassFile *cf = ps->cf;
    const uint32_t n = cf->cp_count;
    uint32_t nutf8 = 0;
    for (uint32_t i = 1; i < n; i++) {
        if (!need(ps, 1)) return false;
        const uint8_t tag = *ps->p++;
        CfConstant *e = &cf->cp[i];
        switch (tag) {
        case CONSTANT_Class:
        case CONSTANT_String:
            if (!need(ps, 3)) return false;
            e->u.index = rd2(ps->p);
            ps->p += 2;
            break;
        case CONSTANT_Fieldref:
        case CONSTANT_Methodref:
        case CONSTANT_InterfaceMethodref:
            if (!need(ps, 5)) return false;
            e->u.ref.class_index = rd2(ps->p);
            e->u.ref.nat_index = rd2(ps->p + 2);
            ps->p += 4;
            break;
        case CONSTANT_MethodHandle:
        case CONSTANT_MethodType:
            if (ps->major < V_7)
                return fail(ps,
                            "Class file version does not support constant tag %u in class file %s",
                            tag, ps->name);
            if (tag == CONSTANT_MethodHandle) {
                if (!need(ps, 4)) return false;
                e->u.mh.kind = ps->p[0];
                e->u.mh.ref_index = rd2(ps->p + 1);
                ps->p += 3;
            } else {
                if (!need(ps, 3)) return false;
                e->u.index = rd2(ps->p);
                ps->p += 2;
            }
            break;
        case CONSTANT_Dynamic:
        case CONSTANT_InvokeDynamic:
            if (ps->major < (tag == CONSTANT_Dynamic ? V_11 : V_7))
                return fail(ps,
                            "Class file version does not support constant tag %u in class file %s",
                            tag, ps->name);
            if (!need(ps, 5)) return false;
            e->u.dyn.bsm_index = rd2(ps->p);
            e->u.dyn.nat_index = rd2(ps->p + 2);
            ps->p += 4;
            if (e->u.dyn.bsm_index > ps->max_bsm_index) ps->max_bsm_index = e->u.dyn.bsm_index;
            break;
        case CONSTANT_Integer:
            if (!need(ps, 5)) return false;
            e->u.i = (int32_t)rd4(ps->p);
            ps->p += 4;
            break;
        case CONSTANT_Float: {
            if (!need(ps, 5)) return false;
            uint32_t bits = rd4(ps->p);
            memcpy(&e->u.f, &bits, 4);
            ps->p += 4;
            break;
        }
        case CONSTANT_Long:
        case CONSTANT_Double: {
            /* Takes two slots; the second keeps tag 0 (unusable). */
            if (i + 1 >= n)
                return fail(ps, "Invalid constant pool entry %u in class file %s", i, ps->name);
            if (!need(ps, 9)) return false;
            uint64_t bits = (uint64_t)rd4(ps->p) << 32 | rd4(ps->p + 4);
            if (tag == CONSTANT_Long)
                e->u.j = (int64_t)bits;
            else
                memcpy(&e->u.d, &bits, 8);
            ps->p += 8;
            cf->cp_tags[i++] = tag;
            continue;
        }
        case CONSTANT_NameAndType:
            if (!need(ps, 5)) return false;
            e->u.nat.name_index = rd2(ps->p);
            e->u.nat.desc_index = rd2(ps->p + 2);
            ps->p += 4;
            break;
        case CONSTANT_Utf8: {
            if (!need(ps, 2)) return false;
            const uint16_t len = rd2(ps->p);
            ps->p += 2;
            if (!need(ps, (size_t)len + 1)) return false;
            const uint8_t *s = ps->p;
            ps->p += len;
            if (ps->trusted) {
                /* interned by cf_utf8 on first use */
                e->u.utf8 = (const char *)(((uintptr_t)(s - 2 - cf->bytes) << 1) | 1);
                break;
            }
            if (!mutf8_ok(s, len, ps->major <= V_LEGACY_UTF8))
                return fail(ps, "Illegal UTF8 string in constant pool in class file %s", ps->name);
            utf8[nutf8++] = (SymBatchItem){.s = (const char *)s, .len = len, .user = i};
            break;
        }
        case CONSTANT_Module:
        case CONSTANT_Package:
            if (ps->major >= V_9) {
                if (!need(ps, 3)) return false;
                e->u.index = rd2(ps->p);
                ps->p += 2;
                if (ps->bad_constant == 0) ps->bad_constant = tag;
                break;
            }
            /* fall through */
        default: return fail(ps, "Unknown constant tag %u in class file %s", tag, ps->name);
        }
        cf->cp_tags[i] = tag;
    }
    sym_intern_batch(utf8, nutf8);
    for (uint32_t k = 0; k < nutf8; k++) cf->cp[utf8[k].user].u.utf8 = utf8[k].sym;
    return true;
}

const char *cf_utf8_intern(const ClassFile *cf, uint16_t i)
{
    const char *s = __atomic_load_n(&cf->cp[i].u.utf8, __ATOMIC_ACQUIRE);
    if (!((uintptr_t)s & 1)) return s;
    const uint8_t *at = cf->bytes + ((uintptr_t)s >> 1);
    const char *sym = sym_intern_len((const char *)at + 2, rd2(at));
    __atomic_store_n(&cf->cp[i].u.utf8, sym, __ATOMIC_RELEASE);
    return sym;
}

/*
 * Pass 1 (HotSpot parse_constant_pool, first loop): every cross-reference is in range and
 * names an entry of the right kind; method handles follow JVMS 4.4.8 (interface methods
 * for invokeStatic/invokeSpecial only from version 52). Bootstrap indexes wait for the
 * BootstrapMethods attribute.
 */
static bool check_cp_refs(Parser *ps)
{
    const ClassFile *cf = ps->cf;
    const uint32_t n = cf->cp_count;
    for (uint32_t i = 1; i < n; i++) {
        const CfConstant *e = &cf->cp[i];
        uint32_t r;
        switch (cf->cp_tags[i]) {
        case CONSTANT_Fieldref:
        case CONSTANT_Methodref:
        case CONSTANT_InterfaceMethodref:
            if (!valid_class(cf, e->u.ref.class_index))
                return fail(ps, "Invalid constant pool index %u in class file %s",
                            e->u.ref.class_index, ps->name);
            if (!cp_is(cf, e->u.ref.nat_index, CONSTANT_NameAndType))
                return fail(ps, "Invalid constant pool index %u in class file %s",
                            e->u.ref.nat_index, ps->name);
            break;
        case CONSTANT_Long:
        case CONSTANT_Double: i++; break;
        case CONSTANT_NameAndType:
            if (!valid_symbol(cf, e->u.nat.name_index))
                return fail(ps, "Invalid constant pool index %u in class file %s",
                            e->u.nat.name_index, ps->name);
            if (!valid_symbol(cf, e->u.nat.desc_index))
                return fail(ps, "Invalid constant pool index %u in class file %s",
                            e->u.nat.desc_index, ps->name);
            break;
        case CONSTANT_Class:
        case CONSTANT_String:
        case CONSTANT_MethodType:
        case CONSTANT_Module:
        case CONSTANT_Package:
            if (!valid_symbol(cf, e->u.index))
                return fail(ps, "Invalid constant pool index %u in class file %s", e->u.index,
                            ps->name);
            break;
        case CONSTANT_MethodHandle: {
            r = e->u.mh.ref_index;
            if (r == 0 || r >= n)
                return fail(ps, "Invalid constant pool index %u in class file %s", r, ps->name);
            const uint8_t t = cf->cp_tags[r];
            switch (e->u.mh.kind) {
            case REF_getField:
            case REF_getStatic:
            case REF_putField:
            case REF_putStatic:
                if (t != CONSTANT_Fieldref)
                    return fail(ps, "Invalid constant pool index %u in class file %s (not a field)",
                                r, ps->name);
                break;
            case REF_invokeVirtual:
            case REF_newInvokeSpecial:
                if (t != CONSTANT_Methodref)
                    return fail(ps,
                                "Invalid constant pool index %u in class file %s (not a method)", r,
                                ps->name);
                break;
            case REF_invokeStatic:
            case REF_invokeSpecial:
                if (t != CONSTANT_Methodref &&
                    !(ps->major >= V_8 && t == CONSTANT_InterfaceMethodref))
                    return fail(ps,
                                "Invalid constant pool index %u in class file %s (not a method)", r,
                                ps->name);
                break;
            case REF_invokeInterface:
                if (t != CONSTANT_InterfaceMethodref)
                    return fail(ps,
                                "Invalid constant pool index %u in class file %s (not an interface "
                                "method)",
                                r, ps->name);
                break;
            default:
                return fail(ps, "Bad method handle kind at constant pool index %u in class file %s",
                            i, ps->name);
            }
            break;
        }
        case CONSTANT_Dynamic:
        case CONSTANT_InvokeDynamic:
            if (!cp_is(cf, e->u.dyn.nat_index, CONSTANT_NameAndType))
                return fail(ps, "Invalid constant pool index %u in class file %s",
                            e->u.dyn.nat_index, ps->name);
            break;
        default: break;
        }
    }
    return true;
}

/*
 * Pass 2 (HotSpot parse_constant_pool, second loop): the syntax of class names, of every
 * NameAndType (a method or a field, decided by a leading '('), and of the descriptors the
 * member references and method types use; only <init> may be named by a Methodref that
 * starts with '<', and method handles must name <init> exactly when they construct.
 */
static bool check_cp_format(Parser *ps)
{
    const ClassFile *cf = ps->cf;
    const uint32_t n = cf->cp_count;
    for (uint32_t i = 1; i < n; i++) {
        const CfConstant *e = &cf->cp[i];
        const uint8_t tag = cf->cp_tags[i];
        switch (tag) {
        case CONSTANT_Class:
            if (!check_class_name(ps, cf_utf8(cf, e->u.index))) return false;
            break;
        case CONSTANT_NameAndType: {
            const char *name = cf_utf8(cf, e->u.nat.name_index);
            const char *sig = cf_utf8(cf, e->u.nat.desc_index);
            if (sig[0] == '\0')
                return fail(ps, "Illegal zero length constant pool entry at %d in class %s",
                            e->u.nat.desc_index, ps->name);
            if (name[0] == '\0')
                return fail(ps, "Illegal zero length constant pool entry at %d in class %s",
                            e->u.nat.name_index, ps->name);
            if (sig[0] == '(') {
                if (!check_method_name(ps, name) || check_method_sig(ps, name, sig) < 0)
                    return false;
            } else {
                if (!check_field_name(ps, name) || !check_field_sig(ps, name, sig)) return false;
            }
            break;
        }
        case CONSTANT_Dynamic: {
            const CfConstant *nat = &cf->cp[e->u.dyn.nat_index];
            const char *sig = cf_utf8(cf, nat->u.nat.desc_index);
            if (sig[0] == '(')
                return illegal_signature(ps, "CONSTANT_Dynamic", cf_utf8(cf, nat->u.nat.name_index),
                                         sig);
            break;
        }
        case CONSTANT_InvokeDynamic:
        case CONSTANT_Fieldref:
        case CONSTANT_Methodref:
        case CONSTANT_InterfaceMethodref: {
            const uint16_t nat_index =
                tag == CONSTANT_InvokeDynamic ? e->u.dyn.nat_index : e->u.ref.nat_index;
            const CfConstant *nat = &cf->cp[nat_index];
            const char *name = cf_utf8(cf, nat->u.nat.name_index);
            const char *sig = cf_utf8(cf, nat->u.nat.desc_index);
            if (tag == CONSTANT_Fieldref) {
                if (sig[0] == '(') return illegal_signature(ps, "Field", name, sig);
            } else {
                if (sig[0] != '(') return illegal_signature(ps, "Method", name, sig);
                if (tag == CONSTANT_Methodref && name[0] == '<' && strcmp(name, "<init>") != 0)
                    return fail(ps, "Bad method name at constant pool index %u in class file %s",
                                nat->u.nat.name_index, ps->name);
            }
            break;
        }
        case CONSTANT_MethodHandle: {
            const uint8_t kind = e->u.mh.kind;
            if (kind < REF_invokeVirtual || kind > REF_newInvokeSpecial) break;
            const CfConstant *ref = &cf->cp[e->u.mh.ref_index];
            const uint16_t name_index = cf->cp[ref->u.ref.nat_index].u.nat.name_index;
            const bool is_init = strcmp(cf_utf8(cf, name_index), "<init>") == 0;
            if (kind == REF_newInvokeSpecial && !is_init)
                return fail(ps, "Bad constructor name at constant pool index %u in class file %s",
                            name_index, ps->name);
            if (kind != REF_newInvokeSpecial && is_init)
                return fail(ps, "Bad method name at constant pool index %u in class file %s",
                            name_index, ps->name);
            break;
        }
        case CONSTANT_MethodType:
            /* HotSpot names the checked "method" after its placeholder symbol "type". */
            if (check_method_sig(ps, "type", cf_utf8(cf, e->u.index)) < 0) return false;
            break;
        case CONSTANT_Long:
        case CONSTANT_Double: i++; break;
        default: break;
        }
    }
    return true;
}

/* ---- attribute names -------------------------------------------------------------------- */

typedef enum AttrKind { /* fewer than 32, for bit sets */
                        A_OTHER,
                        A_AnnotationDefault,
                        A_BootstrapMethods,
                        A_Code,
                        A_ConstantValue,
                        A_Deprecated,
                        A_EnclosingMethod,
                        A_Exceptions,
                        A_InnerClasses,
                        A_LineNumberTable,
                        A_LocalVariableTable,
                        A_LocalVariableTypeTable,
                        A_MethodParameters,
                        A_Module,
                        A_NestHost,
                        A_NestMembers,
                        A_PermittedSubclasses,
                        A_Record,
                        A_RVA,  /* RuntimeVisibleAnnotations */
                        A_RIA,  /* RuntimeInvisibleAnnotations */
                        A_RVPA, /* RuntimeVisibleParameterAnnotations */
                        A_RIPA, /* RuntimeInvisibleParameterAnnotations */
                        A_RVTA, /* RuntimeVisibleTypeAnnotations */
                        A_RITA, /* RuntimeInvisibleTypeAnnotations */
                        A_Signature,
                        A_SourceDebugExtension,
                        A_SourceFile,
                        A_StackMapTable,
                        A_Synthetic,
} AttrKind;

static const char *const attr_names[] = {
    [A_AnnotationDefault] = "AnnotationDefault",
    [A_BootstrapMethods] = "BootstrapMethods",
    [A_Code] = "Code",
    [A_ConstantValue] = "ConstantValue",
    [A_Deprecated] = "Deprecated",
    [A_EnclosingMethod] = "EnclosingMethod",
    [A_Exceptions] = "Exceptions",
    [A_InnerClasses] = "InnerClasses",
    [A_LineNumberTable] = "LineNumberTable",
    [A_LocalVariableTable] = "LocalVariableTable",
    [A_LocalVariableTypeTable] = "LocalVariableTypeTable",
    [A_MethodParameters] = "MethodParameters",
    [A_Module] = "Module",
    [A_NestHost] = "NestHost",
    [A_NestMembers] = "NestMembers",
    [A_PermittedSubclasses] = "PermittedSubclasses",
    [A_Record] = "Record",
    [A_RVA] = "RuntimeVisibleAnnotations",
    [A_RIA] = "RuntimeInvisibleAnnotations",
    [A_RVPA] = "RuntimeVisibleParameterAnnotations",
    [A_RIPA] = "RuntimeInvisibleParameterAnnotations",
    [A_RVTA] = "RuntimeVisibleTypeAnnotations",
    [A_RITA] = "RuntimeInvisibleTypeAnnotations",
    [A_Signature] = "Signature",
    [A_SourceDebugExtension] = "SourceDebugExtension",
    [A_SourceFile] = "SourceFile",
    [A_StackMapTable] = "StackMapTable",
    [A_Synthetic] = "Synthetic",
};

/*
 * Attribute names are constant-pool Utf8 entries, hence interned symbols: they are
 * compared with the interned known names by pointer. The known names are interned on the
 * first call (sym.c sets itself up on first use, so the parser still needs no
 * sym_init()); racing threads store the same pointers.
 */
static _Atomic(const char *) attr_syms[sizeof attr_names / sizeof attr_names[0]];
static _Atomic bool attr_syms_ready;

/* Interns the known names; every parse starts with it. */
static void attr_syms_init(void)
{
    if (atomic_load_explicit(&attr_syms_ready, memory_order_acquire)) return;
    for (AttrKind k = A_OTHER + 1; k < sizeof attr_names / sizeof attr_names[0]; k++)
        atomic_store_explicit(&attr_syms[k], sym_intern(attr_names[k]), memory_order_relaxed);
    atomic_store_explicit(&attr_syms_ready, true, memory_order_release);
}

/* The kind of an attribute name (a symbol); attr_syms_init has run. */
static inline AttrKind attr_kind(const char *s)
{
    AttrKind lo, hi; /* candidates, by first letter */
    switch (s[0]) {
    case 'A': lo = hi = A_AnnotationDefault; break;
    case 'B': lo = hi = A_BootstrapMethods; break;
    case 'C': lo = A_Code, hi = A_ConstantValue; break;
    case 'D': lo = hi = A_Deprecated; break;
    case 'E': lo = A_EnclosingMethod, hi = A_Exceptions; break;
    case 'I': lo = hi = A_InnerClasses; break;
    case 'L': lo = A_LineNumberTable, hi = A_LocalVariableTypeTable; break;
    case 'M': lo = A_MethodParameters, hi = A_Module; break;
    case 'N': lo = A_NestHost, hi = A_NestMembers; break;
    case 'P': lo = hi = A_PermittedSubclasses; break;
    case 'R': lo = A_Record, hi = A_RITA; break;
    case 'S': lo = A_Signature, hi = A_Synthetic; break;
    default: return A_OTHER;
    }
    for (AttrKind k = lo; k <= hi; k++)
        if (s == atomic_load_explicit(&attr_syms[k], memory_order_relaxed)) return k;
    return A_OTHER;
}

/* Records a raw attribute body of len bytes at the cursor and skips it. */
static bool take_raw(Parser *ps, CfBytes *out, uint32_t len)
{
    if (!need(ps, len)) return false;
    out->data = ps->p;
    out->len = len;
    ps->p += len;
    return true;
}

/* Signature attribute of a field, method or record component: a Utf8 index. */
static const char *generic_signature(Parser *ps)
{
    const uint16_t i = u2(ps);
    if (ps->failed) return NULL;
    if (!valid_symbol(ps->cf, i)) {
        fail(ps, "Invalid Signature attribute at constant pool index %u in class file %s", i,
             ps->name);
        return NULL;
    }
    return cf_utf8(ps->cf, i);
}

/*
 * Most attributes may appear once per owner; HotSpot's complaint always reads "Multiple
 * <name> attributes[ for <owner>] in class file <class>". `seen` is a bit set of AttrKind.
 */
static bool first_of_kind(Parser *ps, uint32_t *seen, AttrKind k, const char *owner)
{
    if (*seen & (1u << k))
        return fail(ps, "Multiple %s attributes%s in class file %s", attr_names[k], owner,
                    ps->name);
    *seen |= 1u << k;
    return true;
}

/* The annotation attributes (from version 49) of a field, method, record component or
 * class: the visible ones are kept raw, the invisible ones skipped; one of each. */
static bool annotation_attr(Parser *ps, AttrKind k, uint32_t len, uint32_t *seen, const char *owner,
                            CfBytes *visible, CfBytes *visible_type)
{
    if (!first_of_kind(ps, seen, k, owner)) return false;
    if (k == A_RVA) return take_raw(ps, visible, len);
    if (k == A_RVTA) return take_raw(ps, visible_type, len);
    return skip(ps, len);
}

static inline bool is_annotation_attr(AttrKind k)
{
    return k == A_RVA || k == A_RIA || k == A_RVTA || k == A_RITA;
}

/* ---- duplicate detection ---------------------------------------------------------------- */

/* A pair of words identifying a member (name and descriptor symbols) or an LVT entry. */
typedef struct Key {
    uint64_t a, b;
} Key;

/*
 * An open-addressing set of indexes into a Key array; small sets live in the struct.
 * Replaces HotSpot's NameSigHash tables: the first element equal to an earlier one is
 * reported, so the message names the same duplicate HotSpot names.
 */
typedef struct KeySet {
    const Key *keys;
    int32_t *slot; /* -1 = empty */
    uint32_t mask;
    int32_t local[256];
} KeySet;

static void keyset_init(KeySet *s, const Key *keys, uint32_t n)
{
    uint32_t cap = 16;
    while (cap < 2 * n) cap <<= 1;
    s->keys = keys;
    s->mask = cap - 1;
    s->slot = cap <= ARRAY_LEN(s->local) ? s->local : vm_malloc(cap * sizeof(int32_t));
    memset(s->slot, 0xff, cap * sizeof(int32_t));
}

static void keyset_free(KeySet *s)
{
    if (s->slot != s->local) free(s->slot);
}

static inline uint32_t key_hash(Key k)
{
    uint64_t h = k.a * 0x9E3779B97F4A7C15ull ^ k.b * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    return (uint32_t)(h >> 32);
}

static int32_t keyset_find(const KeySet *s, Key k)
{
    for (uint32_t i = key_hash(k) & s->mask;; i = (i + 1) & s->mask) {
        const int32_t e = s->slot[i];
        if (e < 0) return -1;
        if (s->keys[e].a == k.a && s->keys[e].b == k.b) return e;
    }
}

/* Returns the index of an earlier equal key, or -1 after adding index e. */
static int32_t keyset_add(KeySet *s, int32_t e)
{
    const Key k = s->keys[e];
    uint32_t i = key_hash(k) & s->mask;
    for (;; i = (i + 1) & s->mask) {
        const int32_t o = s->slot[i];
        if (o < 0) break;
        if (s->keys[o].a == k.a && s->keys[o].b == k.b) return o;
    }
    s->slot[i] = e;
    return -1;
}

/* Returns the first index whose key equals an earlier one, or -1. */
static int32_t first_duplicate(const Key *keys, uint32_t n)
{
    KeySet s;
    keyset_init(&s, keys, n);
    int32_t dup = -1;
    for (uint32_t i = 0; i < n && dup < 0; i++)
        if (keyset_add(&s, (int32_t)i) >= 0) dup = (int32_t)i;
    keyset_free(&s);
    return dup;
}

/* Temporary key arrays: on the stack when small. */
#define KEYS_LOCAL 64
static Key *keys_alloc(Key *local, uint32_t n)
{
    return n <= KEYS_LOCAL ? local : vm_malloc(n * sizeof(Key));
}
static void keys_free(Key *keys, Key *local)
{
    if (keys != local) free(keys);
}

static inline Key member_key(const char *name, const char *desc)
{
    return (Key){(uint64_t)(uintptr_t)name, (uint64_t)(uintptr_t)desc};
}

/* ---- fields (JVMS 4.5) ------------------------------------------------------------------ */

static bool bad_visibility(unsigned f)
{
    return ((f & ACC_PUBLIC) != 0) + ((f & ACC_PROTECTED) != 0) + ((f & ACC_PRIVATE) != 0) > 1;
}

/* HotSpot verify_legal_field_modifiers. */
static bool check_field_flags(Parser *ps, unsigned f, bool is_interface)
{
    bool illegal;
    if (is_interface)
        illegal =
            (f & (ACC_PUBLIC | ACC_STATIC | ACC_FINAL)) != (ACC_PUBLIC | ACC_STATIC | ACC_FINAL) ||
            (f & (ACC_PRIVATE | ACC_PROTECTED | ACC_VOLATILE | ACC_TRANSIENT)) != 0 ||
            (ps->major >= V_1_5 && (f & ACC_ENUM));
    else
        illegal = bad_visibility(f) || ((f & ACC_FINAL) && (f & ACC_VOLATILE));
    if (illegal) return fail(ps, "Illegal field modifiers in class %s: 0x%X", ps->name, f);
    return true;
}

/* HotSpot verify_constantvalue: the constant's tag must match the field's type. */
static bool check_constant_value(Parser *ps, uint16_t i, const char *desc)
{
    const ClassFile *cf = ps->cf;
    if (i == 0 || i >= cf->cp_count)
        return fail(ps, "Bad initial value index %u in ConstantValue attribute in class file %s", i,
                    ps->name);
    const uint8_t tag = cf->cp_tags[i];
    uint8_t want;
    switch (desc[0]) {
    case 'J': want = CONSTANT_Long; break;
    case 'F': want = CONSTANT_Float; break;
    case 'D': want = CONSTANT_Double; break;
    case 'B':
    case 'C':
    case 'S':
    case 'Z':
    case 'I': want = CONSTANT_Integer; break;
    case 'L':
        if (strcmp(desc, "Ljava/lang/String;") != 0 || tag != CONSTANT_String)
            return fail(ps, "Bad string initial value in class file %s", ps->name);
        return true;
    default: return fail(ps, "Unable to set initial value %u in class file %s", i, ps->name);
    }
    if (tag != want) return fail(ps, "Inconsistent constant value type in class file %s", ps->name);
    return true;
}

/* HotSpot parse_field_attributes. Annotations and signatures only from version 49. */
static bool parse_field_attrs(Parser *ps, CfField *f, uint16_t count)
{
    const ClassFile *cf = ps->cf;
    uint32_t seen = 0;
    while (count-- > 0) {
        if (!need(ps, 6)) return false;
        const uint16_t ni = rd2(ps->p);
        const uint32_t len = rd4(ps->p + 2);
        ps->p += 6;
        if (!valid_symbol(cf, ni))
            return fail(ps, "Invalid field attribute index %u in class file %s", ni, ps->name);
        const AttrKind k = attr_kind(cf_utf8(cf, ni));
        if (k == A_ConstantValue && (f->access & ACC_STATIC)) {
            /* A non-static field's ConstantValue is ignored (JVMS 4.7.2). */
            if (seen & (1u << k))
                return fail(ps, "Duplicate ConstantValue attribute in class file %s", ps->name);
            seen |= 1u << k;
            if (len != 2)
                return fail(ps, "Invalid ConstantValue field attribute length %u in class file %s",
                            len, ps->name);
            f->constant_value = u2(ps);
            if (ps->failed || !check_constant_value(ps, f->constant_value, f->desc)) return false;
        } else if (k == A_Synthetic) {
            if (len != 0)
                return fail(ps, "Invalid Synthetic field attribute length %u in class file %s", len,
                            ps->name);
            f->synthetic = true;
        } else if (k == A_Deprecated) {
            if (len != 0)
                return fail(ps, "Invalid Deprecated field attribute length %u in class file %s",
                            len, ps->name);
            f->deprecated = true;
        } else if (ps->major >= V_1_5 && k == A_Signature) {
            if (!first_of_kind(ps, &seen, k, " for field")) return false;
            if (len != 2)
                return fail(ps, "Wrong size %u for field's Signature attribute in class file %s",
                            len, ps->name);
            if ((f->signature = generic_signature(ps)) == NULL) return false;
        } else if (ps->major >= V_1_5 && is_annotation_attr(k)) {
            if (!annotation_attr(ps, k, len, &seen, " for field", &f->annotations,
                                 &f->type_annotations))
                return false;
        } else if (!skip(ps, len)) {
            return false;
        }
    }
    return true;
}

/* HotSpot parse_fields. */
static bool parse_fields(Parser *ps)
{
    ClassFile *cf = ps->cf;
    const bool is_interface = (cf->access & ACC_INTERFACE) != 0;
    if (!need(ps, 2)) return false;
    const uint16_t n = rd2(ps->p);
    ps->p += 2;
    cf->field_count = n;
    cf->fields = arena_alloc(ps, n * sizeof(CfField));
    for (uint32_t i = 0; i < n; i++) {
        CfField *f = &cf->fields[i];
        if (!need(ps, 8)) return false;
        const unsigned flags = rd2(ps->p) & FIELD_FLAGS;
        const uint16_t ni = rd2(ps->p + 2), di = rd2(ps->p + 4), attrs = rd2(ps->p + 6);
        ps->p += 8;
        if (!check_field_flags(ps, flags, is_interface)) return false;
        if (!valid_symbol(cf, ni))
            return fail(ps, "Invalid constant pool index %u for field name in class file %s", ni,
                        ps->name);
        f->name = cf_utf8(cf, ni);
        if (!ps->trusted && !check_field_name(ps, f->name)) return false;
        if (!valid_symbol(cf, di))
            return fail(ps, "Invalid constant pool index %u for field signature in class file %s",
                        di, ps->name);
        f->desc = cf_utf8(cf, di);
        f->access = (uint16_t)flags;
        if (!ps->trusted && !check_field_sig(ps, f->name, f->desc)) return false;
        if (!parse_field_attrs(ps, f, attrs)) return false;
    }
    if (n > 1 && !ps->trusted) {
        Key local[KEYS_LOCAL];
        Key *keys = keys_alloc(local, n);
        for (uint32_t i = 0; i < n; i++)
            keys[i] = member_key(cf->fields[i].name, cf->fields[i].desc);
        const int32_t d = first_duplicate(keys, n);
        keys_free(keys, local);
        if (d >= 0) {
            char buf[CF_MAX_ERROR];
            return fail(ps, "Duplicate field name \"%s\" with signature \"%s\" in class file %s",
                        cf->fields[d].name, external(cf->fields[d].desc, buf, sizeof buf),
                        ps->name);
        }
    }
    return true;
}

/* ---- the Code attribute (JVMS 4.7.3) ---------------------------------------------------- */

/* Where a Code attribute's line and local-variable tables are, for filling in later. */
typedef struct CodeTables {
    const uint8_t *attrs; /* first sub-attribute */
    uint16_t attr_count;
    uint32_t line_count, lvt_count;
    bool has_lines; /* a LineNumberTable was present, maybe empty */
} CodeTables;

/* HotSpot parse_linenumber_table. Returns the entry count, or -1. */
static int parse_line_numbers(Parser *ps, uint32_t attr_len, uint32_t code_length)
{
    const uint16_t n = u2(ps);
    if (ps->failed) return -1;
    if (attr_len != 2u + 4u * n) {
        fail(ps, "LineNumberTable attribute has wrong length in class file %s", ps->name);
        return -1;
    }
    if (!need(ps, 4u * n)) return -1;
    for (uint32_t i = 0; i < n; i++, ps->p += 4) {
        if (rd2(ps->p) >= code_length) {
            fail(ps, "Invalid pc in LineNumberTable in class file %s", ps->name);
            return -1;
        }
    }
    return n;
}

/* HotSpot parse_localvariable_table, for the LVT and the LVTT. Returns the count, or -1. */
static int parse_local_vars(Parser *ps, uint32_t attr_len, uint32_t code_length,
                            uint16_t max_locals, bool lvtt)
{
    const ClassFile *cf = ps->cf;
    const char *table = lvtt ? "LocalVariableTypeTable" : "LocalVariableTable";
    const uint16_t n = u2(ps);
    if (ps->failed) return -1;
    if (attr_len != 2u + 10u * n) {
        fail(ps, "%s has wrong length in class file %s", table, ps->name);
        return -1;
    }
    if (!need(ps, 10u * n)) return -1;
    if (ps->trusted) {
        /* Decoded only when first asked for (cf_local_vars), which checks no more than
         * that the name and descriptor indexes are Utf8 entries. */
        ps->p += 10u * n;
        return n;
    }
    for (uint32_t i = 0; i < n; i++, ps->p += 10) {
        const uint16_t start = rd2(ps->p), length = rd2(ps->p + 2), ni = rd2(ps->p + 4),
                       di = rd2(ps->p + 6), slot = rd2(ps->p + 8);
        if (start >= code_length) {
            fail(ps, "Invalid start_pc %u in %s in class file %s", start, table, ps->name);
            return -1;
        }
        if ((uint32_t)start + length > code_length) {
            fail(ps, "Invalid length %u in %s in class file %s", length, table, ps->name);
            return -1;
        }
        if (!valid_symbol(cf, ni)) {
            fail(ps, "Name index %u in %s has bad constant type in class file %s", ni, table,
                 ps->name);
            return -1;
        }
        if (!valid_symbol(cf, di)) {
            fail(ps, "Signature index %u in %s has bad constant type in class file %s", di, table,
                 ps->name);
            return -1;
        }
        const char *name = cf_utf8(cf, ni), *sig = cf_utf8(cf, di);
        if (!check_field_name(ps, name)) return -1;
        uint32_t extra = 0;
        if (!lvtt) {
            if (!check_field_sig(ps, name, sig)) return -1;
            extra = (sig[0] == 'J' || sig[0] == 'D') && sig[1] == '\0';
        }
        if (slot + extra >= max_locals) {
            fail(ps, "Invalid index %u in %s in class file %s", slot, table, ps->name);
            return -1;
        }
    }
    return n;
}

/* The identity of an LVT entry for HotSpot's duplicate and LVTT matching rules. */
static inline Key lvt_key(const uint8_t *e)
{
    /* start_pc, length, name_index, slot */
    return (Key){(uint64_t)rd2(e) << 48 | (uint64_t)rd2(e + 2) << 32 | (uint64_t)rd2(e + 4) << 16 |
                     rd2(e + 8),
                 0};
}

/*
 * Parses a Code attribute of attr_len bytes (HotSpot parse_method, Code branch). The line
 * and local-variable tables are only validated and counted here; fill_code_tables()
 * copies them once the method's other attributes are read, as HotSpot merges its LVTs.
 */
static CfCode *parse_code(Parser *ps, uint32_t attr_len, int args_size, CodeTables *tabs)
{
    const ClassFile *cf = ps->cf;
    if (!need(ps, 8)) return NULL;
    const uint16_t max_stack = rd2(ps->p), max_locals = rd2(ps->p + 2);
    const uint32_t code_length = rd4(ps->p + 4);
    ps->p += 8;
    if (args_size > max_locals) {
        fail(ps, "Arguments can't fit into locals in class file %s", ps->name);
        return NULL;
    }
    if (code_length == 0 || code_length > MAX_CODE_SIZE) {
        fail(ps, "Invalid method Code length %u in class file %s", code_length, ps->name);
        return NULL;
    }
    if (!need(ps, code_length)) return NULL;
    const uint8_t *code = ps->p;
    ps->p += code_length;

    if (!need(ps, 2)) return NULL;
    const uint16_t handlers = rd2(ps->p);
    ps->p += 2;
    if (!need(ps, 8u * handlers)) return NULL;
    const uint8_t *table = ps->p;
    for (uint32_t i = 0; i < handlers; i++, ps->p += 8) {
        const uint16_t start = rd2(ps->p), end = rd2(ps->p + 2), handler = rd2(ps->p + 4),
                       catch_type = rd2(ps->p + 6);
        if (start >= end || end > code_length) {
            fail(ps, "Illegal exception table range in class file %s", ps->name);
            return NULL;
        }
        if (handler >= code_length) {
            fail(ps, "Illegal exception table handler in class file %s", ps->name);
            return NULL;
        }
        if (catch_type != 0 && !valid_class(cf, catch_type)) {
            fail(ps, "Catch type in exception table has bad constant type in class file %s",
                 ps->name);
            return NULL;
        }
    }

    if (!need(ps, 2)) return NULL;
    const uint16_t attr_count = rd2(ps->p);
    ps->p += 2;
    CfCode *c = arena_alloc(ps, sizeof(CfCode));
    c->max_stack = max_stack;
    c->max_locals = max_locals;
    c->code_length = code_length;
    c->code = code;
    c->handler_count = handlers;
    c->handlers = arena_alloc(ps, handlers * sizeof(CfExceptionHandler));
    for (uint32_t i = 0; i < handlers; i++) {
        const uint8_t *e = table + 8 * i;
        c->handlers[i] = (CfExceptionHandler){rd2(e), rd2(e + 2), rd2(e + 4), rd2(e + 6)};
    }
    *tabs = (CodeTables){.attrs = ps->p, .attr_count = attr_count};

    uint64_t computed = 2 + 2 + 4 + (uint64_t)code_length + 2 + 2 + 8u * handlers;
    bool stack_map_seen = false, type_annotations_seen = false;
    for (uint32_t i = 0; i < attr_count; i++) {
        if (!need(ps, 6)) return NULL;
        const uint16_t ni = rd2(ps->p);
        const uint32_t len = rd4(ps->p + 2);
        ps->p += 6;
        computed += 6 + (uint64_t)len;
        if (!valid_symbol(cf, ni)) {
            fail(ps, "Invalid code attribute name index %u in class file %s", ni, ps->name);
            return NULL;
        }
        const AttrKind k = attr_kind(cf_utf8(cf, ni));
        int n;
        if (k == A_LineNumberTable) {
            if ((n = parse_line_numbers(ps, len, code_length)) < 0) return NULL;
            tabs->line_count += (uint32_t)n;
            tabs->has_lines = true;
        } else if (k == A_LocalVariableTable) {
            if ((n = parse_local_vars(ps, len, code_length, max_locals, false)) < 0) return NULL;
            tabs->lvt_count += (uint32_t)n;
        } else if (k == A_LocalVariableTypeTable && ps->major >= V_1_5) {
            if (parse_local_vars(ps, len, code_length, max_locals, true) < 0) return NULL;
        } else if (k == A_StackMapTable && ps->major >= V_6) {
            if (stack_map_seen) {
                fail(ps, "Multiple StackMapTable attributes in class file %s", ps->name);
                return NULL;
            }
            stack_map_seen = true;
            /* An empty one is treated as absent, as HotSpot does. */
            if (!take_raw(ps, &c->stack_map_table, len)) return NULL;
            if (len == 0) c->stack_map_table.data = NULL;
        } else if (k == A_RVTA && !type_annotations_seen) {
            type_annotations_seen = true;
            if (!take_raw(ps, &c->type_annotations, len)) return NULL;
        } else if (!skip(ps, len)) {
            return NULL;
        }
    }
    if (computed != attr_len) {
        fail(ps, "Code segment has wrong length in class file %s", ps->name);
        return NULL;
    }
    return c;
}

/*
 * Copies the line-number and local-variable tables of a parsed Code attribute (HotSpot
 * copy_localvariable_table): several tables of a kind are concatenated; from version 49
 * two LVT entries may not share (start_pc, length, name_index, slot); every LVTT entry
 * must match exactly one LVT entry, whose `signature` it provides. Counts are capped at
 * 65535 (the header's width); only a pathological file reaches that.
 */
/* Appends the entries of one LineNumberTable attribute (body: after its header, checked by
 * parse_code) to c->lines, up to cap entries in all. */
static void add_lines(CfCode *c, const uint8_t *body, uint32_t cap)
{
    c->has_line_table = true;
    const uint16_t n = rd2(body);
    for (uint32_t j = 0; j < n && c->line_count < cap; j++)
        c->lines[c->line_count++] = (CfLineNumber){rd2(body + 2 + 4 * j), rd2(body + 4 + 4 * j)};
}

static bool fill_code_tables(Parser *ps, CfCode *c, const CodeTables *tabs)
{
    const ClassFile *cf = ps->cf;
    const uint32_t lines = tabs->line_count < 65535 ? tabs->line_count : 65535;
    const uint32_t lvts = tabs->lvt_count < 65535 ? tabs->lvt_count : 65535;
    if (ps->trusted) {
        /* The line and local-variable tables on demand (cf_lines, cf_local_vars), their
         * entries only counted by parse_line_numbers and parse_local_vars. */
        c->tables = tabs->attrs;
        c->table_count = tabs->attr_count;
        c->owner = cf;
        c->local_var_count = (uint16_t)lvts;
        c->line_count = (uint16_t)lines;
        c->has_line_table = tabs->has_lines;
        return true;
    }
    c->lines = arena_alloc(ps, lines * sizeof(CfLineNumber));
    c->local_vars = arena_alloc(ps, lvts * sizeof(CfLocalVar));
    Key local[KEYS_LOCAL];
    Key *keys = lvts > 0 ? keys_alloc(local, lvts) : local;

    /* Headers and bodies were validated by parse_code(); no bounds checks needed. */
    const uint8_t *p = tabs->attrs;
    bool any_lvtt = false;
    for (uint32_t i = 0; i < tabs->attr_count; i++) {
        const AttrKind k = attr_kind(cf_utf8(cf, rd2(p)));
        const uint32_t len = rd4(p + 2);
        const uint8_t *body = p + 6;
        p = body + len;
        if (k == A_LineNumberTable) {
            add_lines(c, body, lines);
        } else if (k == A_LocalVariableTable) {
            const uint16_t n = rd2(body);
            for (uint32_t j = 0; j < n && c->local_var_count < lvts; j++) {
                const uint8_t *e = body + 2 + 10 * j;
                keys[c->local_var_count] = lvt_key(e);
                c->local_vars[c->local_var_count++] = (CfLocalVar){
                    .start_pc = rd2(e),
                    .length = rd2(e + 2),
                    .name = cf_utf8(cf, rd2(e + 4)),
                    .desc = cf_utf8(cf, rd2(e + 6)),
                    .slot = rd2(e + 8),
                };
            }
        } else if (k == A_LocalVariableTypeTable && ps->major >= V_1_5) {
            any_lvtt = true;
        }
    }
    /* Without LVT entries HotSpot ignores the type tables altogether. */
    if (c->local_var_count == 0) return true;

    KeySet set;
    keyset_init(&set, keys, c->local_var_count);
    bool ok = true;
    for (uint32_t i = 0; i < c->local_var_count && ok; i++) {
        if (keyset_add(&set, (int32_t)i) >= 0 && ps->major >= V_1_5)
            ok = fail(ps, "Duplicated LocalVariableTable attribute entry for '%s' in class file %s",
                      c->local_vars[i].name, ps->name);
    }
    p = tabs->attrs;
    for (uint32_t i = 0; i < tabs->attr_count && ok && any_lvtt; i++) {
        const AttrKind k = attr_kind(cf_utf8(cf, rd2(p)));
        const uint32_t len = rd4(p + 2);
        const uint8_t *body = p + 6;
        p = body + len;
        if (k != A_LocalVariableTypeTable) continue;
        const uint16_t n = rd2(body);
        for (uint32_t j = 0; j < n && ok; j++) {
            const uint8_t *e = body + 2 + 10 * j;
            const int32_t m = keyset_find(&set, lvt_key(e));
            const char *name = cf_utf8(cf, rd2(e + 4));
            if (m < 0)
                ok = fail(ps, "LVTT entry for '%s' in class file %s does not match any LVT entry",
                          name, ps->name);
            else if (c->local_vars[m].signature != NULL)
                ok = fail(
                    ps,
                    "Duplicated LocalVariableTypeTable attribute entry for '%s' in class file %s",
                    name, ps->name);
            else
                c->local_vars[m].signature = cf_utf8(cf, rd2(e + 6));
        }
    }
    keyset_free(&set);
    keys_free(keys, local);
    return ok;
}

/* A trusted file's LVT name or descriptor: the symbol, or "" for an index that is not a
 * Utf8 entry (no javac output has one; parse_local_vars left them unchecked). */
static const char *lvt_utf8(const ClassFile *cf, uint16_t i)
{
    return valid_symbol(cf, i) ? cf_utf8(cf, i) : "";
}

/* Walks a trusted code's attribute tables (CfCode.tables, table_count entries): the body
 * of the next attribute of the given kind, or NULL after the last. */
typedef struct CodeAttrIter {
    const uint8_t *p;
    uint32_t left;
} CodeAttrIter;

static const uint8_t *code_attr_next(const ClassFile *cf, CodeAttrIter *it, AttrKind kind)
{
    while (it->left > 0) {
        const uint8_t *at = it->p;
        it->p = at + 6 + rd4(at + 2);
        it->left--;
        if (attr_kind(cf_utf8(cf, rd2(at))) == kind) return at + 6;
    }
    return NULL;
}

/* Publishes a table decoded on first use in *slot, or, if another thread published one
 * first, frees v and returns that one. */
static void *publish_decoded(void *const *slot, void *v)
{
    void *expected = NULL;
    if (__atomic_compare_exchange_n((void **)slot, &expected, v, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
        return v;
    free(v);
    return expected;
}

const CfLineNumber *cf_lines(const CfCode *code)
{
    CfLineNumber *v = __atomic_load_n(&code->lines, __ATOMIC_ACQUIRE);
    if (v != NULL || code->line_count == 0 || code->owner == NULL) return v;
    /* Decode as fill_code_tables does (add_lines), without its checks (a trusted file). */
    const ClassFile *cf = code->owner;
    const uint32_t n = code->line_count;
    v = vm_malloc(n * sizeof(CfLineNumber));
    uint32_t count = 0;
    CodeAttrIter it = {code->tables, code->table_count};
    for (const uint8_t *body; (body = code_attr_next(cf, &it, A_LineNumberTable)) != NULL;) {
        const uint16_t k = rd2(body);
        for (uint32_t j = 0; j < k && count < n; j++)
            v[count++] = (CfLineNumber){rd2(body + 2 + 4 * j), rd2(body + 4 + 4 * j)};
    }
    return publish_decoded((void *const *)&code->lines, v);
}

const CfLocalVar *cf_local_vars(const CfCode *code)
{
    CfLocalVar *v = __atomic_load_n(&code->local_vars, __ATOMIC_ACQUIRE);
    if (v != NULL || code->local_var_count == 0 || code->owner == NULL) return v;
    /* Decode as fill_code_tables does, without its checks (a trusted file). */
    const ClassFile *cf = code->owner;
    const uint32_t n = code->local_var_count;
    v = vm_calloc(n, sizeof(CfLocalVar));
    uint32_t count = 0;
    CodeAttrIter it = {code->tables, code->table_count};
    for (const uint8_t *body; (body = code_attr_next(cf, &it, A_LocalVariableTable)) != NULL;) {
        const uint16_t k = rd2(body);
        for (uint32_t j = 0; j < k && count < n; j++) {
            const uint8_t *e = body + 2 + 10 * j;
            v[count++] = (CfLocalVar){.start_pc = rd2(e),
                                      .length = rd2(e + 2),
                                      .name = lvt_utf8(cf, rd2(e + 4)),
                                      .desc = lvt_utf8(cf, rd2(e + 6)),
                                      .slot = rd2(e + 8)};
        }
    }
    it = (CodeAttrIter){code->tables, cf->major >= V_1_5 ? code->table_count : 0};
    for (const uint8_t *body; (body = code_attr_next(cf, &it, A_LocalVariableTypeTable)) != NULL;) {
        const uint16_t k = rd2(body);
        for (uint32_t j = 0; j < k; j++) {
            const uint8_t *e = body + 2 + 10 * j;
            const uint16_t start = rd2(e), length = rd2(e + 2), slot = rd2(e + 8);
            const char *name = lvt_utf8(cf, rd2(e + 4));
            for (uint32_t m = 0; m < count; m++) {
                if (v[m].start_pc == start && v[m].length == length && v[m].slot == slot &&
                    v[m].name == name && v[m].signature == NULL) {
                    v[m].signature = lvt_utf8(cf, rd2(e + 6));
                    break;
                }
            }
        }
    }
    return publish_decoded((void *const *)&code->local_vars, v);
}

/* ---- methods (JVMS 4.6) ----------------------------------------------------------------- */

/* HotSpot verify_legal_method_modifiers (not applied to <clinit>). */
static bool check_method_flags(Parser *ps, unsigned f, bool is_interface, const char *name)
{
    const bool pub = f & ACC_PUBLIC, priv = f & ACC_PRIVATE, prot = f & ACC_PROTECTED,
               stat = f & ACC_STATIC, fin = f & ACC_FINAL, nat = f & ACC_NATIVE,
               abst = f & ACC_ABSTRACT, bridge = f & ACC_BRIDGE, strict = f & ACC_STRICT,
               sync = f & ACC_SYNCHRONIZED;
    const bool ge_1_5 = ps->major >= V_1_5, ge_8 = ps->major >= V_8, ge_17 = ps->major >= V_17;
    bool illegal;
    if (is_interface) {
        if (ge_8)
            /* Exactly one of public and private; an abstract method is neither private nor
             * static (nor strict before 17). */
            illegal = pub == priv || nat || prot || fin || sync ||
                      (abst && (priv || stat || (!ge_17 && strict)));
        else if (ge_1_5)
            illegal = !pub || priv || prot || stat || fin || sync || nat || !abst || strict;
        else
            illegal = !pub || stat || fin || nat || !abst;
    } else if (bad_visibility(f)) {
        illegal = true;
    } else if (strcmp(name, "<init>") == 0) {
        illegal = stat || fin || sync || nat || abst || (ge_1_5 && bridge);
    } else {
        illegal = abst && (fin || nat || priv || stat || (ge_1_5 && (sync || (!ge_17 && strict))));
    }
    if (illegal)
        return fail(ps, "Method %s in class %s has illegal modifiers: 0x%X", name, ps->name, f);
    return true;
}

/* Exceptions attribute (HotSpot parse_checked_exceptions). */
static bool parse_exceptions(Parser *ps, CfMethod *m, uint32_t attr_len)
{
    if (!need(ps, 2)) return false;
    const uint16_t n = rd2(ps->p);
    ps->p += 2;
    if (!need(ps, 2u * n)) return false;
    m->exception_count = n;
    m->exceptions = arena_alloc(ps, n * sizeof(uint16_t));
    for (uint32_t i = 0; i < n; i++, ps->p += 2) {
        const uint16_t ci = rd2(ps->p);
        if (!valid_class(ps->cf, ci))
            return fail(ps, "Exception name has bad type at constant pool %u in class file %s", ci,
                        ps->name);
        m->exceptions[i] = ci;
    }
    if (attr_len != 2u + 2u * n)
        return fail(ps, "Exceptions attribute has wrong length in class file %s", ps->name);
    return true;
}

/* MethodParameters attribute (JVMS 4.7.24), any version, as HotSpot reads it. */
static bool parse_method_parameters(Parser *ps, CfMethod *m, uint32_t attr_len)
{
    const uint8_t *body = ps->p;
    const uint8_t n = u1(ps);
    if (ps->failed) return false;
    if (attr_len != n * 4u + 1u) /* HotSpot's text has no class name here. */
        return fail(ps, "Invalid MethodParameters method attribute length %u in class file",
                    attr_len);
    if (!need(ps, 4u * n)) return false;
    m->method_parameters_raw = (CfBytes){body, attr_len};
    m->parameter_count = n;
    m->parameters = arena_alloc(ps, n * sizeof(CfMethodParameter));
    for (uint32_t i = 0; i < n; i++, ps->p += 4) {
        /* A bad name index is reflection's error to report (MalformedParametersException);
         * the raw body keeps what the file said. */
        const uint16_t ni = rd2(ps->p);
        m->parameters[i].name = valid_symbol(ps->cf, ni) ? cf_utf8(ps->cf, ni) : NULL;
        m->parameters[i].access = rd2(ps->p + 2);
    }
    return true;
}

/* HotSpot parse_method. */
static bool parse_method(Parser *ps, CfMethod *m, bool is_interface)
{
    const ClassFile *cf = ps->cf;
    if (!need(ps, 8)) return false;
    unsigned flags = rd2(ps->p);
    const uint16_t ni = rd2(ps->p + 2), di = rd2(ps->p + 4), attrs = rd2(ps->p + 6);
    ps->p += 8;
    if (!valid_symbol(cf, ni))
        return fail(ps, "Illegal constant pool index %u for method name in class file %s", ni,
                    ps->name);
    const char *name = m->name = cf_utf8(cf, ni);
    if (!ps->trusted && !check_method_name(ps, name)) return false;
    if (!valid_symbol(cf, di))
        return fail(ps, "Illegal constant pool index %u for method signature in class file %s", di,
                    ps->name);
    const char *sig = m->desc = cf_utf8(cf, di);

    if (name[0] == '<' && strcmp(name, "<clinit>") == 0) {
        /* JVMS 4.6: a class initializer's other flags are ignored; before 51 even
         * ACC_STATIC is implied. ACC_STRICT survives until 61. */
        if (ps->major < V_7)
            flags = ACC_STATIC;
        else if (flags & ACC_STATIC)
            flags &= ACC_STATIC | (ps->major <= V_16 ? ACC_STRICT : 0);
        else
            return fail(ps, "Method <clinit> is not static in class file %s", ps->name);
    } else if (!check_method_flags(ps, flags, is_interface, name)) {
        return false;
    }
    if (is_interface && name[0] == '<' && strcmp(name, "<init>") == 0)
        return fail(ps, "Interface cannot have a method named <init>, class file %s", ps->name);
    const int slots = ps->trusted ? trusted_sig_slots(sig) : check_method_sig(ps, name, sig);
    if (slots < 0) return false;
    const int args_size = ((flags & ACC_STATIC) ? 0 : 1) + slots;
    if (args_size > MAX_ARGS_SIZE)
        return fail(ps, "Too many arguments in method signature in class file %s", ps->name);
    m->arg_slots = (uint8_t)slots;
    m->access = (uint16_t)(flags & METHOD_FLAGS);

    CodeTables tabs = {0};
    uint32_t seen = 0;
    for (uint32_t i = 0; i < attrs; i++) {
        if (!need(ps, 6)) return false;
        const uint16_t ai = rd2(ps->p);
        const uint32_t len = rd4(ps->p + 2);
        ps->p += 6;
        if (!valid_symbol(cf, ai))
            return fail(ps, "Invalid method attribute name index %u in class file %s", ai,
                        ps->name);
        const AttrKind k = attr_kind(cf_utf8(cf, ai));
        /* Before 49 only these are known; the rest is skipped. */
        const bool known = ps->major >= V_1_5 || k == A_Code || k == A_Exceptions ||
                           k == A_MethodParameters || k == A_Synthetic || k == A_Deprecated;
        switch (known ? k : A_OTHER) {
        case A_Code:
            if (m->access & (ACC_NATIVE | ACC_ABSTRACT))
                return fail(ps, "Code attribute in native or abstract methods in class file %s",
                            ps->name);
            if (!first_of_kind(ps, &seen, k, "")) return false;
            if ((m->code = parse_code(ps, len, args_size, &tabs)) == NULL) return false;
            break;
        case A_Exceptions:
            if (!first_of_kind(ps, &seen, k, "") || !parse_exceptions(ps, m, len)) return false;
            break;
        case A_MethodParameters:
            if (!first_of_kind(ps, &seen, k, "") || !parse_method_parameters(ps, m, len))
                return false;
            break;
        case A_Synthetic:
            if (len != 0)
                return fail(ps, "Invalid Synthetic method attribute length %u in class file %s",
                            len, ps->name);
            m->synthetic = true;
            break;
        case A_Deprecated:
            if (len != 0)
                return fail(ps, "Invalid Deprecated method attribute length %u in class file %s",
                            len, ps->name);
            m->deprecated = true;
            break;
        case A_Signature:
            if (!first_of_kind(ps, &seen, k, " for method")) return false;
            if (len != 2)
                return fail(ps, "Invalid Signature attribute length %u in class file %s", len,
                            ps->name);
            if ((m->signature = generic_signature(ps)) == NULL) return false;
            break;
        case A_RVA:
        case A_RIA:
        case A_RVTA:
        case A_RITA:
            if (!annotation_attr(ps, k, len, &seen, " for method", &m->annotations,
                                 &m->type_annotations))
                return false;
            break;
        case A_RVPA:
        case A_RIPA:
            if (!first_of_kind(ps, &seen, k, " for method")) return false;
            if (!(k == A_RVPA ? take_raw(ps, &m->parameter_annotations, len) : skip(ps, len)))
                return false;
            break;
        case A_AnnotationDefault:
            if (!first_of_kind(ps, &seen, k, " for method") ||
                !take_raw(ps, &m->annotation_default, len))
                return false;
            break;
        default:
            if (!skip(ps, len)) return false;
            break;
        }
    }
    if (m->code == NULL && !(m->access & (ACC_NATIVE | ACC_ABSTRACT)))
        return fail(
            ps, "Absent Code attribute in method that is not native or abstract in class file %s",
            ps->name);
    if (m->code != NULL && !fill_code_tables(ps, m->code, &tabs)) return false;
    return true;
}

/* HotSpot parse_methods. */
static bool parse_methods(Parser *ps)
{
    ClassFile *cf = ps->cf;
    if (!need(ps, 2)) return false;
    const uint16_t n = rd2(ps->p);
    ps->p += 2;
    cf->method_count = n;
    cf->methods = arena_alloc(ps, n * sizeof(CfMethod));
    const bool is_interface = (cf->access & ACC_INTERFACE) != 0;
    for (uint32_t i = 0; i < n; i++)
        if (!parse_method(ps, &cf->methods[i], is_interface)) return false;
    if (n > 1 && !ps->trusted) {
        Key local[KEYS_LOCAL];
        Key *keys = keys_alloc(local, n);
        for (uint32_t i = 0; i < n; i++)
            keys[i] = member_key(cf->methods[i].name, cf->methods[i].desc);
        const int32_t d = first_duplicate(keys, n);
        keys_free(keys, local);
        if (d >= 0) {
            char buf[CF_MAX_ERROR];
            return fail(ps, "Duplicate method name \"%s\" with signature \"%s\" in class file %s",
                        cf->methods[d].name, external(cf->methods[d].desc, buf, sizeof buf),
                        ps->name);
        }
    }
    return true;
}

/* ---- class-level checks (JVMS 4.1, 4.8) --------------------------------------------------- */

/* HotSpot verify_class_version: 45 <= major <= 61; from 56 the minor must be 0. Preview
 * files (minor 65535) need --enable-preview, which GlassVM does not offer. */
static bool check_version(Parser *ps)
{
    const unsigned major = ps->major, minor = ps->minor;
    if (major < V_MIN)
        return fail_version(
            ps, "%s (class file version %u.%u) was compiled with an invalid major version",
            ps->name, major, minor);
    if (major > V_MAX)
        return fail_version(
            ps,
            "%s has been compiled by a more recent version of the Java Runtime (class "
            "file version %u.%u), this version of the Java Runtime only recognizes "
            "class file versions up to %u.0",
            ps->name, major, minor, V_MAX);
    if (major < V_12 || minor == 0) return true;
    if (minor == PREVIEW_MINOR) {
        if (major != V_MAX)
            return fail_version(ps,
                                "%s (class file version %u.%u) was compiled with preview features "
                                "that are unsupported. This version of the Java Runtime only "
                                "recognizes preview features for class file version %u.%u",
                                ps->name, major, minor, V_MAX, PREVIEW_MINOR);
        return fail_version(
            ps,
            "Preview features are not enabled for %s (class file version %u.%u). Try "
            "running with '--enable-preview'",
            ps->name, major, minor);
    }
    return fail_version(
        ps, "%s (class file version %u.%u) was compiled with an invalid non-zero minor version",
        ps->name, major, minor);
}

/* HotSpot verify_legal_class_modifiers, for the class and for InnerClasses entries. */
static bool check_class_flags(Parser *ps, unsigned f)
{
    if (f & ACC_MODULE)
        return fail_no_class_def(ps, "%s is not a class because access_flag ACC_MODULE is set",
                                 ps->name);
    const bool itf = f & ACC_INTERFACE, abst = f & ACC_ABSTRACT, ge_1_5 = ps->major >= V_1_5;
    if ((abst && (f & ACC_FINAL)) || (itf && !abst) ||
        (itf && ge_1_5 && (f & (ACC_SUPER | ACC_ENUM))) || (!itf && ge_1_5 && (f & ACC_ANNOTATION)))
        return fail(ps, "Illegal class modifiers in class %s: 0x%X", ps->name, f);
    return true;
}

/* Reads access flags as HotSpot keeps them: unknown bits dropped, ACC_MODULE only from 53,
 * and ACC_ABSTRACT implied for interfaces before 50. */
static unsigned class_flags(Parser *ps, uint16_t raw, unsigned recognized)
{
    unsigned f = raw & (recognized | (ps->major >= V_9 ? ACC_MODULE : 0));
    if ((f & ACC_INTERFACE) && ps->major < V_6) f |= ACC_ABSTRACT;
    return f;
}

/* this_class, super_class, interfaces (HotSpot parse_stream, parse_super_class,
 * parse_interfaces). The 8 bytes of flags, this, super and count are checked by the
 * caller. */
static bool parse_class_header(Parser *ps, const char *hint)
{
    ClassFile *cf = ps->cf;
    cf->this_class = rd2(ps->p);
    cf->super_class = rd2(ps->p + 2);
    const uint16_t n = rd2(ps->p + 4);
    ps->p += 6;
    if (!valid_class(cf, cf->this_class))
        return fail(ps, "Invalid this class index %u in constant pool in class file %s",
                    cf->this_class, ps->name);
    cf->this_name = cf_class_name(cf, cf->this_class);
    if (cf->this_name[0] == '[') return fail(ps, "Bad class name in class file %s", ps->name);
    ps->header_ifaces = 0;
    /* From here HotSpot names the class after its constant pool, unless told a name. A
     * different told name is the loader's NoClassDefFoundError ("wrong name"). */
    if (hint == NULL) ps->name = cf->this_name;

    if (cf->super_class == 0) {
        if (strcmp(cf->this_name, "java/lang/Object") != 0 && !ps->is_module)
            return fail(ps, "Invalid superclass index %u in class file %s", 0u, ps->name);
    } else {
        if (!valid_class(cf, cf->super_class))
            return fail(ps, "Invalid superclass index %u in class file %s", cf->super_class,
                        ps->name);
        cf->super_name = cf_class_name(cf, cf->super_class);
        if (cf->super_name[0] == '[')
            return fail(ps, "Bad superclass name in class file %s", ps->name);
    }

    cf->interface_count = n;
    cf->interfaces = arena_alloc(ps, n * sizeof(uint16_t));
    for (uint32_t i = 0; i < n; i++) {
        const uint16_t ii = u2(ps);
        if (ps->failed) return false;
        if (!valid_class(cf, ii))
            return fail(ps, "Interface name has bad constant pool index %u in class file %s", ii,
                        ps->name);
        if (cf_class_name(cf, ii)[0] == '[')
            return fail(ps, "Bad interface name in class file %s", ps->name);
        cf->interfaces[i] = ii;
        ps->header_ifaces = (int)i + 1;
    }
    if (n > 1) {
        Key local[KEYS_LOCAL];
        Key *keys = keys_alloc(local, n);
        for (uint32_t i = 0; i < n; i++)
            keys[i] = member_key(cf_class_name(cf, cf->interfaces[i]), NULL);
        const int32_t d = first_duplicate(keys, n);
        keys_free(keys, local);
        if (d >= 0)
            return fail(ps, "Duplicate interface name \"%s\" in class file %s",
                        cf_class_name(cf, cf->interfaces[d]), ps->name);
    }
    return true;
}

/* ---- class attributes (JVMS 4.7) -------------------------------------------------------- */

/* Where the attributes HotSpot decodes after the attribute loop are. */
typedef struct Deferred {
    const uint8_t *inner, *nest_members, *record, *permitted;
    uint32_t inner_len, nest_members_len, record_len, permitted_len;
    bool has_enclosing, has_bootstrap_methods;
    uint16_t enclosing_class, enclosing_method;
} Deferred;

/* HotSpot parse_classfile_bootstrap_methods_attribute. */
static bool parse_bootstrap_methods(Parser *ps, uint32_t len)
{
    ClassFile *cf = ps->cf;
    const uint8_t *start = ps->p;
    if (len < 2)
        return fail(ps, "Invalid BootstrapMethods attribute length %u in class file %s", len,
                    ps->name);
    if (!need(ps, len)) return false;
    const uint16_t n = rd2(ps->p);
    ps->p += 2;
    if (ps->max_bsm_index >= n)
        return fail(ps, "Short length on BootstrapMethods in class file %s", ps->name);
    /* HotSpot's operand array: 2 header words per method, then the attribute's words. */
    const uint32_t operand_count = (len - 2) / 2;
    const uint32_t operands_len = 2u * n + operand_count;
    uint32_t fill = 2u * n, nargs = 0;
    uint16_t *args = arena_alloc(ps, operand_count * sizeof(uint16_t));
    cf->bootstrap_method_count = n;
    cf->bootstrap_methods = arena_alloc(ps, n * sizeof(CfBootstrapMethod));
    for (uint32_t i = 0; i < n; i++) {
        if (!need(ps, 4)) return false;
        const uint16_t mh = rd2(ps->p), argc = rd2(ps->p + 2);
        ps->p += 4;
        if (!cp_is(cf, mh, CONSTANT_MethodHandle))
            return fail(ps, "bootstrap_method_index %u has bad constant type in class file %s", mh,
                        ps->name);
        if (fill + 1 + argc >= operands_len)
            return fail(ps,
                        "Invalid BootstrapMethods num_bootstrap_methods or num_bootstrap_arguments "
                        "value in class file %s",
                        ps->name);
        fill += 2 + argc;
        if (!need(ps, 2u * argc)) return false;
        CfBootstrapMethod *b = &cf->bootstrap_methods[i];
        b->method_handle = mh;
        b->arg_count = argc;
        b->args = args + nargs;
        for (uint32_t j = 0; j < argc; j++, ps->p += 2) {
            const uint16_t a = rd2(ps->p);
            const uint8_t t = a < cf->cp_count ? cf->cp_tags[a] : 0;
            const bool loadable = a > 0 && ((t >= CONSTANT_Integer && t <= CONSTANT_String) ||
                                            t == CONSTANT_MethodHandle ||
                                            t == CONSTANT_MethodType || t == CONSTANT_Dynamic);
            if (!loadable)
                return fail(ps, "argument_index %u has bad constant type in class file %s", a,
                            ps->name);
            args[nargs++] = a;
        }
    }
    if (ps->p != start + len)
        return fail(ps, "Bad length on BootstrapMethods in class file %s", ps->name);
    return true;
}

/* HotSpot inner_classes_jump_to_outer: the outer class of the entry whose inner class has
 * the same name as CP Class `inner`; -1 if none. */
static int jump_to_outer(const ClassFile *cf, int inner)
{
    if (inner <= 0) return -1;
    const char *name = cf_class_name(cf, (uint16_t)inner);
    for (uint32_t i = 0; i < cf->inner_class_count; i++)
        if (cf_class_name(cf, cf->inner_classes[i].inner_class) == name)
            return cf->inner_classes[i].outer_class;
    return -1;
}

/* HotSpot check_inner_classes_circularity: true if an outer chain loops (Floyd) or two
 * entries share an inner class index, in which case the attribute is ignored; identical
 * entries are a format error from version 49. */
static bool inner_classes_circular(Parser *ps)
{
    const ClassFile *cf = ps->cf;
    const CfInnerClass *ic = cf->inner_classes;
    for (uint32_t i = 0; i < cf->inner_class_count; i++) {
        int slow = ic[i].inner_class, fast = ic[i].outer_class;
        while (fast > 0) {
            if (slow > 0 && cf_class_name(cf, (uint16_t)slow) == cf_class_name(cf, (uint16_t)fast))
                return true;
            if ((fast = jump_to_outer(cf, fast)) < 0) break;
            if ((fast = jump_to_outer(cf, fast)) < 0) break;
            slow = jump_to_outer(cf, slow);
        }
        for (uint32_t j = i + 1; j < cf->inner_class_count; j++) {
            if (ps->major >= V_1_5 && ic[i].inner_class == ic[j].inner_class &&
                ic[i].outer_class == ic[j].outer_class && ic[i].inner_name == ic[j].inner_name &&
                ic[i].access == ic[j].access) {
                fail(ps, "Duplicate entry in InnerClasses attribute in class file %s", ps->name);
                return false;
            }
            if (ic[i].inner_class == ic[j].inner_class) return true;
        }
    }
    return false;
}

/* HotSpot parse_classfile_inner_classes_attribute (also run for EnclosingMethod alone). */
static bool parse_inner_classes(Parser *ps, const Deferred *d)
{
    ClassFile *cf = ps->cf;
    uint16_t n = 0;
    if (d->inner != NULL) {
        ps->p = d->inner;
        if (!need(ps, 2)) return false;
        n = rd2(ps->p);
        ps->p += 2;
    }
    if (!need(ps, 8u * n)) return false;
    cf->inner_classes = arena_alloc(ps, n * sizeof(CfInnerClass));
    /* inner_name is resolved after the loop; keep the index meanwhile. */
    uint16_t name_index[KEYS_LOCAL], *names = n <= KEYS_LOCAL ? name_index : vm_malloc(n * 2u);
    bool ok = true;
    for (uint32_t i = 0; i < n && ok; i++, ps->p += 8) {
        const uint16_t inner = rd2(ps->p), outer = rd2(ps->p + 2), iname = rd2(ps->p + 4);
        if (!valid_class(cf, inner))
            ok = fail(ps, "inner_class_info_index %u has bad constant type in class file %s", inner,
                      ps->name);
        else if (outer != 0 && !valid_class(cf, outer))
            ok = fail(ps, "outer_class_info_index %u has bad constant type in class file %s", outer,
                      ps->name);
        else if (outer != 0 && cf_class_name(cf, outer)[0] == '[')
            ok = fail(ps, "Outer class is an array class in class file %s", ps->name);
        else if (iname != 0 && !valid_symbol(cf, iname))
            ok = fail(ps, "inner_name_index %u has bad constant type in class file %s", iname,
                      ps->name);
        else if (inner == outer)
            ok = fail(ps, "Class is both outer and inner class in class file %s", ps->name);
        if (!ok) break;
        const unsigned flags = class_flags(ps, rd2(ps->p + 6), INNER_CLASS_FLAGS);
        if (!(ok = check_class_flags(ps, flags))) break;
        cf->inner_classes[i] = (CfInnerClass){inner, outer, NULL, (uint16_t)flags};
        names[i] = iname;
        cf->inner_class_count++;
    }
    if (ok) {
        if (inner_classes_circular(ps)) {
            cf->inner_class_count = 0; /* ignored, as HotSpot does */
        } else {
            for (uint32_t i = 0; i < n; i++)
                cf->inner_classes[i].inner_name = names[i] != 0 ? cf_utf8(cf, names[i]) : NULL;
        }
        ok = !ps->failed;
    }
    if (names != name_index) free(names);
    if (!ok) return false;
    /* HotSpot keeps the EnclosingMethod data with the InnerClasses data: a class without
     * an InnerClasses attribute has no enclosing method (getEnclosingMethod0 is null,
     * the class is neither local nor anonymous), whatever its EnclosingMethod says. */
    if (d->has_enclosing && d->inner != NULL) {
        cf->has_enclosing_method = true;
        cf->enclosing_class = d->enclosing_class;
        cf->enclosing_method = d->enclosing_method;
    }
    if (d->inner != NULL && ps->major >= V_1_5 && d->inner_len != 2u + 8u * n)
        return fail(ps, "Wrong InnerClasses attribute length in class file %s", ps->name);
    return true;
}

/* NestMembers and PermittedSubclasses: a counted list of Class indexes. */
static bool parse_class_list(Parser *ps, const uint8_t *start, uint32_t len, uint16_t *count,
                             uint16_t **list, const char *bad_entry, const char *bad_length)
{
    ps->p = start;
    if (!need(ps, 2)) return false;
    const uint16_t n = rd2(ps->p);
    ps->p += 2;
    if (!need(ps, 2u * n)) return false;
    *list = arena_alloc(ps, n * sizeof(uint16_t));
    for (uint32_t i = 0; i < n; i++, ps->p += 2) {
        const uint16_t ci = rd2(ps->p);
        if (!valid_class(ps->cf, ci)) return fail(ps, bad_entry, ci, ps->name);
        (*list)[i] = ci;
    }
    *count = n;
    if (len != 2u + 2u * n) return fail(ps, bad_length, ps->name);
    return true;
}

/* HotSpot parse_classfile_record_attribute. */
static bool parse_record(Parser *ps, const Deferred *d)
{
    ClassFile *cf = ps->cf;
    ps->p = d->record;
    if (!need(ps, 2)) return false;
    const uint16_t n = rd2(ps->p);
    ps->p += 2;
    uint64_t computed = 2;
    cf->is_record = true;
    cf->record_components = arena_alloc(ps, n * sizeof(CfRecordComponent));
    for (uint32_t i = 0; i < n; i++) {
        CfRecordComponent *rc = &cf->record_components[i];
        if (!need(ps, 6)) return false;
        const uint16_t ni = rd2(ps->p), di = rd2(ps->p + 2), attrs = rd2(ps->p + 4);
        ps->p += 6;
        if (!valid_symbol(cf, ni))
            return fail(
                ps, "Invalid constant pool index %u for name in Record attribute in class file %s",
                ni, ps->name);
        rc->name = cf_utf8(cf, ni);
        if (!check_field_name(ps, rc->name)) return false;
        if (!valid_symbol(cf, di))
            return fail(
                ps,
                "Invalid constant pool index %u for descriptor in Record attribute in class "
                "file %s",
                di, ps->name);
        rc->desc = cf_utf8(cf, di);
        if (!check_field_sig(ps, rc->name, rc->desc)) return false;
        cf->record_component_count++;
        computed += 6;
        uint32_t seen = 0;
        for (uint32_t j = 0; j < attrs; j++) {
            if (!need(ps, 6)) return false;
            const uint16_t ai = rd2(ps->p);
            const uint32_t len = rd4(ps->p + 2);
            ps->p += 6;
            computed += 6 + (uint64_t)len;
            if (!valid_symbol(cf, ai))
                return fail(ps, "Invalid Record attribute name index %u in class file %s", ai,
                            ps->name);
            const AttrKind k = attr_kind(cf_utf8(cf, ai));
            if (k == A_Signature) {
                if (!first_of_kind(ps, &seen, k, " for Record component")) return false;
                if (len != 2)
                    return fail(
                        ps,
                        "Invalid Signature attribute length %u in Record component in class "
                        "file %s",
                        len, ps->name);
                if ((rc->signature = generic_signature(ps)) == NULL) return false;
            } else if (is_annotation_attr(k)) {
                if (!annotation_attr(ps, k, len, &seen, " for Record component", &rc->annotations,
                                     &rc->type_annotations))
                    return false;
            } else if (!skip(ps, len)) {
                return false;
            }
        }
    }
    if (computed != d->record_len)
        return fail(ps, "Record attribute has wrong length in class file %s", ps->name);
    return true;
}

/* HotSpot parse_classfile_attributes: the loop. Annotations, signatures and enclosing
 * methods need version 49, bootstrap methods 51, nests 55, records 60, sealed classes 61;
 * before that the attribute is unknown and skipped. */
static bool parse_class_attrs(Parser *ps, Deferred *d)
{
    ClassFile *cf = ps->cf;
    if (!need(ps, 2)) return false;
    const uint16_t n = rd2(ps->p);
    ps->p += 2;
    uint32_t seen = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (!need(ps, 6)) return false;
        const uint16_t ni = rd2(ps->p);
        const uint32_t len = rd4(ps->p + 2);
        ps->p += 6;
        if (!valid_symbol(cf, ni))
            return fail(ps, "Attribute name has bad constant pool index %u in class file %s", ni,
                        ps->name);
        const AttrKind k = attr_kind(cf_utf8(cf, ni));
        static const uint8_t since[] = {
            [A_Signature] = V_1_5,
            [A_RVA] = V_1_5,
            [A_RIA] = V_1_5,
            [A_RVTA] = V_1_5,
            [A_RITA] = V_1_5,
            [A_EnclosingMethod] = V_1_5,
            [A_BootstrapMethods] = V_7,
            [A_NestMembers] = V_11,
            [A_NestHost] = V_11,
            [A_Record] = V_16,
            [A_PermittedSubclasses] = V_17,
            [A_Synthetic] = 0,
        };
        uint16_t v;
        switch (ps->major >= since[k] ? k : A_OTHER) {
        case A_SourceFile:
            if (len != 2)
                return fail(ps, "Wrong SourceFile attribute length in class file %s", ps->name);
            if (!first_of_kind(ps, &seen, k, "")) return false;
            v = u2(ps);
            if (ps->failed) return false;
            if (!valid_symbol(cf, v))
                return fail(
                    ps, "Invalid SourceFile attribute at constant pool index %u in class file %s",
                    v, ps->name);
            cf->source_file = cf_utf8(cf, v);
            break;
        case A_SourceDebugExtension:
            if (!first_of_kind(ps, &seen, k, "") || !take_raw(ps, &cf->source_debug_extension, len))
                return false;
            break;
        case A_Synthetic:
        case A_Deprecated:
            if (len != 0)
                return fail(ps, "Invalid %s classfile attribute length %u in class file %s",
                            attr_names[k], len, ps->name);
            if (k == A_Synthetic)
                cf->synthetic = true;
            else
                cf->deprecated = true;
            break;
        case A_Signature:
            if (!first_of_kind(ps, &seen, k, "")) return false;
            if (len != 2)
                return fail(ps, "Wrong Signature attribute length %u in class file %s", len,
                            ps->name);
            v = u2(ps);
            if (ps->failed) return false;
            if (!valid_symbol(cf, v))
                return fail(
                    ps, "Invalid constant pool index %u in Signature attribute in class file %s", v,
                    ps->name);
            cf->signature = cf_utf8(cf, v);
            break;
        case A_RVA:
        case A_RIA:
        case A_RVTA:
        case A_RITA:
            if (!annotation_attr(ps, k, len, &seen, "", &cf->annotations, &cf->type_annotations))
                return false;
            break;
        case A_EnclosingMethod:
            if (!first_of_kind(ps, &seen, k, "")) return false;
            if (len != 4)
                return fail(ps, "Wrong EnclosingMethod attribute length %u in class file %s", len,
                            ps->name);
            if (!need(ps, 4)) return false;
            d->has_enclosing = true;
            d->enclosing_class = rd2(ps->p);
            d->enclosing_method = rd2(ps->p + 2);
            ps->p += 4;
            if (d->enclosing_class == 0)
                return fail(ps, "Invalid class index in EnclosingMethod attribute in class file %s",
                            ps->name);
            if (!valid_class(cf, d->enclosing_class))
                return fail(ps,
                            "Invalid or out-of-bounds class index in EnclosingMethod attribute in "
                            "class file %s",
                            ps->name);
            if (d->enclosing_method != 0 && !cp_is(cf, d->enclosing_method, CONSTANT_NameAndType))
                return fail(ps,
                            "Invalid or out-of-bounds method index in EnclosingMethod attribute in "
                            "class file %s",
                            ps->name);
            break;
        case A_BootstrapMethods:
            if (!first_of_kind(ps, &seen, k, "") || !parse_bootstrap_methods(ps, len)) return false;
            break;
        case A_NestMembers:
        case A_NestHost: {
            if (!first_of_kind(ps, &seen, k, "")) return false;
            const AttrKind other = k == A_NestHost ? A_NestMembers : A_NestHost;
            if (seen & (1u << other))
                return fail(ps, "Conflicting %s and %s attributes in class file %s",
                            attr_names[other], attr_names[k], ps->name);
            if (k == A_NestMembers) {
                d->nest_members = ps->p;
                d->nest_members_len = len;
                if (!skip(ps, len)) return false;
                break;
            }
            if (len != 2)
                return fail(ps, "Wrong NestHost attribute length in class file %s", ps->name);
            v = u2(ps);
            if (ps->failed) return false;
            if (!valid_class(cf, v))
                return fail(ps,
                            "Nest-host class_info_index %u has bad constant type in class file %s",
                            v, ps->name);
            cf->nest_host = v;
            break;
        }
        case A_InnerClasses:
        case A_Record:
        case A_PermittedSubclasses:
            /* Located now, decoded after the loop. */
            if (!first_of_kind(ps, &seen, k, "")) return false;
            if (k == A_PermittedSubclasses && (cf->access & ACC_FINAL))
                return fail(ps, "PermittedSubclasses attribute in final class file %s", ps->name);
            if (k == A_InnerClasses)
                d->inner = ps->p, d->inner_len = len;
            else if (k == A_Record)
                d->record = ps->p, d->record_len = len;
            else
                d->permitted = ps->p, d->permitted_len = len;
            if (!skip(ps, len)) return false;
            break;
        case A_Module:
            /* Unknown to HotSpot's parser (it never defines module-info); kept raw. */
            if (!(seen & (1u << k))) {
                seen |= 1u << k;
                if (!take_raw(ps, &cf->module, len)) return false;
                break;
            }
            /* fall through */
        default:
            if (!skip(ps, len)) return false;
            break;
        }
    }
    d->has_bootstrap_methods = (seen & (1u << A_BootstrapMethods)) != 0;
    return true;
}

/* The whole file (HotSpot parse_stream and the checks of post_process_parsed_stream that
 * need no other class). */
static bool parse_class(Parser *ps, const char *hint)
{
    ClassFile *cf = ps->cf;
    if (!need(ps, 8)) return false;
    const uint32_t magic = rd4(ps->p);
    if (magic != 0xCAFEBABE)
        return fail(ps, "Incompatible magic value %u in class file %s", magic, ps->name);
    cf->minor = ps->minor = rd2(ps->p + 4);
    cf->major = ps->major = rd2(ps->p + 6);
    ps->p += 8;
    if (!check_version(ps)) return false;

    if (!need(ps, 3)) return false; /* count and first tag */
    const uint16_t count = rd2(ps->p);
    ps->p += 2;
    if (count < 1)
        return fail(ps, "Illegal constant pool size %u in class file %s", count, ps->name);
    cf->cp_count = count;
    cf->cp_tags = arena_alloc(ps, count);
    cf->cp = arena_alloc(ps, count * sizeof(CfConstant));
    if (!parse_cp_entries(ps)) return false;
    /* With Module/Package entries HotSpot stops checking the pool until it knows whether
     * this is a module-info. */
    /* A trusted file's cross-references are not checked either (HotSpot's check_property
     * on _need_verify): the JDK's own image was checked when it was built. */
    if (ps->bad_constant == 0 && !ps->trusted && (!check_cp_refs(ps) || !check_cp_format(ps)))
        return false;

    if (!need(ps, 8)) return false; /* access_flags, this_class, super_class, count */
    const unsigned flags = class_flags(ps, rd2(ps->p), CLASS_FLAGS);
    ps->p += 2;
    if (flags & ACC_MODULE) {
        /* HotSpot refuses to define a module-info right here (NoClassDefFoundError). We
         * parse it, with the pool's Module/Package entries allowed, so that tools can read
         * it; the loader refuses it. If it turns out malformed, cf_parse reports what
         * HotSpot reports: the NoClassDefFoundError, not the later defect. */
        ps->is_module = true;
        ps->module_name = ps->name;
    } else if (!check_class_flags(ps, flags)) {
        return false;
    }
    if (ps->bad_constant != 0) {
        if (!ps->is_module)
            return fail(ps, "Unknown constant tag %u in class file %s", ps->bad_constant, ps->name);
        if (!check_cp_refs(ps) || !check_cp_format(ps)) return false;
    }
    cf->access = (uint16_t)flags;
    if (!parse_class_header(ps, hint) || !parse_fields(ps) || !parse_methods(ps)) return false;

    Deferred d = {0};
    if (!parse_class_attrs(ps, &d)) return false;
    const uint8_t *end_of_attrs = ps->p;
    if ((d.inner != NULL || d.has_enclosing) && !parse_inner_classes(ps, &d)) return false;
    if (d.nest_members != NULL &&
        !parse_class_list(ps, d.nest_members, d.nest_members_len, &cf->nest_member_count,
                          &cf->nest_members,
                          "Nest member class_info_index %u has bad constant type in class file %s",
                          "Wrong NestMembers attribute length in class file %s"))
        return false;
    if (d.record != NULL && !parse_record(ps, &d)) return false;
    if (d.permitted != NULL) {
        cf->has_permitted_subclasses = true;
        if (!parse_class_list(ps, d.permitted, d.permitted_len, &cf->permitted_subclass_count,
                              &cf->permitted_subclasses,
                              "Permitted subclass class_info_index %u has bad constant type in "
                              "class file %s",
                              "Wrong PermittedSubclasses attribute length in class file %s"))
            return false;
    }
    if (ps->max_bsm_index >= 0 && !d.has_bootstrap_methods)
        return fail(ps, "Missing BootstrapMethods attribute in class file %s", ps->name);
    ps->p = end_of_attrs;
    if (ps->p != ps->end) return fail(ps, "Extra bytes at the end of class file %s", ps->name);

    /* post_process_parsed_stream, before it resolves anything. */
    if (strcmp(cf->this_name, "java/lang/Object") == 0 && cf->interface_count > 0)
        return fail(ps, "java.lang.Object cannot implement an interface in class file %s",
                    ps->name);
    if (cf->super_name != NULL && (cf->access & ACC_INTERFACE) &&
        strcmp(cf->super_name, "java/lang/Object") != 0)
        return fail(ps, "Interfaces must have java.lang.Object as superclass in class file %s",
                    ps->name);
    return true;
}

/* Parses len bytes at data; `owned`: data is malloc'd and becomes the ClassFile's copy
 * (freed on failure), else it is copied first. */
static ClassFile *parse_bytes(const uint8_t *data, size_t len, const char *name_hint, char *err,
                              CfErrorKind *kind, bool trusted, bool owned, CfHeaderNames *names)
{
    if (names != NULL) *names = (CfHeaderNames){0};
    Parser ps = {0};
    ps.trusted = trusted;
    attr_syms_init();
    ps.err = err;
    ps.kind = kind;
    err[0] = '\0';
    *kind = CF_ERR_FORMAT;
    ps.name = name_hint != NULL ? name_hint : "<Unknown>";
    ps.max_bsm_index = -1;
    ps.header_ifaces = -1;
    /* Across the JDK the arrays take 1.22 times the file's size; one chunk of 1.25 times
     * (plus the fixed part) holds most classes whole. */
    ps.next_chunk = sizeof(ClassFile) + 1024 + len / 4 * 5;
    if (ps.next_chunk > CHUNK_MAX) ps.next_chunk = CHUNK_MAX;

    uint8_t *copy = owned ? (uint8_t *)data : vm_malloc(len > 0 ? len : 1);
    if (!owned && len > 0) memcpy(copy, data, len);
    ClassFile *cf = ps.cf = arena_alloc(&ps, sizeof(ClassFile));
    cf->bytes = copy;
    cf->length = len;
    ps.p = copy;
    ps.end = copy + len;
    if (!parse_class(&ps, name_hint)) {
        if (ps.is_module) {
            snprintf(err, CF_MAX_ERROR, "%s is not a class because access_flag ACC_MODULE is set",
                     ps.module_name);
            *kind = CF_ERR_NO_CLASS_DEF;
        }
        if (names != NULL && ps.header_ifaces >= 0 && *kind == CF_ERR_FORMAT) {
            /* Interned symbols: they outlive the parse. */
            names->this_name = cf->this_name;
            names->interface_count = ps.header_ifaces;
            names->interfaces = vm_calloc(ps.header_ifaces ? (size_t)ps.header_ifaces : 1, sizeof(char *));
            for (int i = 0; i < ps.header_ifaces; i++)
                names->interfaces[i] = cf_class_name(cf, cf->interfaces[i]);
        }
        free(copy);
        arena_free(ps.chunks);
        return NULL;
    }
    cf->arena_ = ps.chunks;
    return cf;
}

ClassFile *cf_parse(const uint8_t *data, size_t len, const char *name_hint, char *err,
                    CfErrorKind *kind)
{
    return parse_bytes(data, len, name_hint, err, kind, false, false, NULL);
}

ClassFile *cf_parse_names(const uint8_t *data, size_t len, const char *name_hint, char *err,
                          CfErrorKind *kind, CfHeaderNames *names)
{
    return parse_bytes(data, len, name_hint, err, kind, false, false, names);
}

ClassFile *cf_parse_trusted(uint8_t *data, size_t len, const char *name_hint, char *err,
                            CfErrorKind *kind)
{
    return parse_bytes(data, len, name_hint, err, kind, true, true, NULL);
}

void cf_free(ClassFile *cf)
{
    if (cf == NULL) return;
    for (uint16_t i = 0; i < cf->method_count; i++) {
        const CfCode *c = cf->methods[i].code;
        if (c != NULL && c->owner != NULL) {
            free(c->local_vars); /* cf_local_vars' */
            free(c->lines);      /* cf_lines' */
        }
    }
    free(cf->bytes);
    arena_free(cf->arena_); /* the ClassFile itself lives in the arena */
}
