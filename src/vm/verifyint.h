// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * verifyint.h — internals shared by the verifier's files: verify.c (driver, class loading,
 * bytecode scanning, messages), verify_check.c (the type checker, JVMS 4.10.1) and
 * verify_infer.c (the type-inference verifier, JVMS 4.10.2). Not for other modules.
 *
 * Memory: a verification owns one Arena; everything it allocates lives until
 * verify_class() returns. Errors unwind with longjmp to the verifier's entry point (no
 * Java frames are ever skipped: the jump happens only in verifier code, after any class
 * loading upcall has returned).
 */
#ifndef GLASS_VERIFYINT_H
#define GLASS_VERIFYINT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "class.h"
#include "vm.h"

/* ---- arena ---- */
typedef struct ArenaChunk ArenaChunk;
typedef struct Arena {
    ArenaChunk *chunks;
    char *next, *end;
} Arena;
/* Zeroed memory; never fails (vm_malloc panics on exhaustion). */
void *varena_alloc(Arena *a, size_t n);
void varena_free(Arena *a);

/* ---- growable string ---- */
typedef struct StrBuf {
    char *s;
    size_t len, cap;
} StrBuf;
__attribute__((format(printf, 2, 3))) void sb_printf(StrBuf *b, const char *fmt, ...);
void sb_vprintf(StrBuf *b, const char *fmt, va_list ap);
void sb_puts(StrBuf *b, const char *s);
void sb_free(StrBuf *b);

/* ---- results ---- */
typedef enum VResult {
    VR_OK = 0,
    VR_VERIFY_ERROR, /* java.lang.VerifyError with message */
    VR_FORMAT_ERROR, /* java.lang.ClassFormatError with message */
    VR_PENDING,      /* an exception is pending on the thread (class loading failed, OOM) */
} VResult;

/* State common to both verifiers for one class. */
typedef struct VCommon {
    Thread *t;
    Class *c;
    const ClassFile *cf;
    const char *cur_name; /* the name CP references use for c (cf->this_name) */
    Arena arena;
    jmp_buf *jb;          /* where errors unwind to (longjmp value: a VResult) */
} VCommon;

/* Loads `name` (a class name, not a descriptor) through c's loader without initializing;
 * c itself for its own name. Unwinds with VR_PENDING on failure. */
Class *vload(VCommon *v, const char *name);
/* Same without unwinding: NULL with the exception pending. */
Class *vload_or_null(VCommon *v, const char *name);
/* k == s or s is a superclass of k (HotSpot Klass::is_subclass_of). */
bool vsubclass(const Class *k, const Class *s);
/* Interned symbol for len bytes at s. */
const char *vsym(const char *s, size_t len);

/* Well-known names (interned on first use). */
typedef struct VNames {
    const char *object, *string, *klass, *throwable, *cloneable, *serializable;
    const char *method_handle, *method_type, *init, *clinit, *clone;
} VNames;
extern VNames vn;
void vnames_init(void);

/* ---- bytecode scanning, as HotSpot's RawBytecodeStream sees it ---- */
/* Opcode at bci and its length: returns the opcode (the widened one after `wide`, with
 * *wide set) or -1 for an illegal instruction (undefined opcode, bad wide, bad switch,
 * or one running past the end). HotSpot's internal opcodes 0xcb..0xee count as defined. */
int vscan(const uint8_t *code, uint32_t code_length, uint32_t bci, uint32_t *len, bool *wide);
/* HotSpot's name of a (possibly internal) opcode, or NULL if undefined. */
const char *vop_name(int op);

static inline uint16_t vu2(const uint8_t *p) { return (uint16_t)(p[0] << 8 | p[1]); }
static inline int16_t vs2(const uint8_t *p) { return (int16_t)(p[0] << 8 | p[1]); }
static inline int32_t vs4(const uint8_t *p)
{
    return (int32_t)((uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]);
}

/* ---- constant pool helpers (indexes already validated by the caller) ---- */
static inline const char *vcp_member_class(const ClassFile *cf, int i)
{
    return cf_class_name(cf, cf->cp[i].u.ref.class_index);
}
static inline const char *vcp_member_name(const ClassFile *cf, int i)
{
    return cf_utf8(cf, cf->cp[cf->cp[i].u.ref.nat_index].u.nat.name_index);
}
static inline uint16_t vcp_member_desc_index(const ClassFile *cf, int i)
{
    return cf->cp[cf->cp[i].u.ref.nat_index].u.nat.desc_index;
}
static inline uint16_t vcp_dyn_nat(const ClassFile *cf, int i) { return cf->cp[i].u.dyn.nat_index; }

/* ---- helpers of the type checker that need no verification state ---- */
/* Do all paths from `start` end in athrow (or loop)? (HotSpot's ends_in_athrow) */
bool vends_in_athrow(Arena *a, const CfCode *code, uint32_t start);
/* HotSpot's hex dump of the code (outputStream::print_data), indented by 4. */
void vprint_code(StrBuf *b, const uint8_t *code, uint32_t len);
/* "  Stackmap Table:" and one line per raw frame, as HotSpot prints them. */
void vprint_stackmap_table(StrBuf *b, CfBytes smt);

/* ---- the two verifiers ---- */
/* Type checker for one class (major >= 50). On failure fills *msg and returns the kind. */
VResult vcheck_class(VCommon *v, StrBuf *msg);
/* Inference verifier for one class; msg_limit is HotSpot's message buffer size. */
VResult vinfer_class(VCommon *v, StrBuf *msg, size_t msg_limit);

#endif
