// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * sym.h — interned symbols.
 *
 * A symbol is a NUL-terminated modified-UTF-8 string that lives for the life of the VM.
 * Interning the same bytes twice gives the same pointer, so names and descriptors are
 * compared with ==. Modified UTF-8 never contains a 0 byte, so C strings suffice.
 * The table is thread-safe; lookups of existing symbols take no lock.
 *
 * Frequently used symbols are prepared once (SYMBOL_LIST) and reached as sym.name.
 */
#ifndef GLASS_SYM_H
#define GLASS_SYM_H

#include <stddef.h>

void sym_init(void);
/* Interns len bytes at s (need not be NUL-terminated). Never fails. */
const char *sym_intern_len(const char *s, size_t len);
const char *sym_intern(const char *s);
/* Returns the symbol if it was interned already, else NULL (does not add). */
const char *sym_lookup(const char *s, size_t len);
/* For VM.symboltable: calls fn for every symbol (its bytes and length, and its home
 * slot: where its hash leads a probe first) with the table's lock held (fn must not
 * intern); returns the number of slots. Any thread. */
size_t sym_for_each(void (*fn)(const char *s, size_t len, size_t home, void *arg), void *arg);
/*
 * Interns a batch of strings (a class file's pool): sets each item's `sym` as
 * sym_intern_len(s, len) would. Done in passes (hash and prefetch every table slot,
 * prefetch every symbol found, then intern), so that the table's cache misses overlap
 * instead of coming one after another: at start-up these misses were a tenth of the
 * VM's time. `user` is the caller's.
 */
#include <stdint.h>
typedef struct SymBatchItem {
    const char *s;   /* in */
    const char *sym; /* out */
    uint32_t len;    /* in */
    uint32_t hash;   /* scratch */
    uint32_t user;
} SymBatchItem;
void sym_intern_batch(SymBatchItem *items, size_t n);

#define SYMBOL_LIST(X)                                                                      \
    X(init, "<init>")                                                                       \
    X(clinit, "<clinit>")                                                                   \
    X(void_desc, "()V")                                                                     \
    X(java_lang_Object, "java/lang/Object")                                                 \
    X(java_lang_Class, "java/lang/Class")                                                   \
    X(java_lang_String, "java/lang/String")                                                 \
    X(java_lang_Cloneable, "java/lang/Cloneable")                                           \
    X(java_io_Serializable, "java/io/Serializable")                                         \
    X(java_lang_invoke_MethodHandle, "java/lang/invoke/MethodHandle")                       \
    X(java_lang_invoke_VarHandle, "java/lang/invoke/VarHandle")                             \
    X(finalize, "finalize")                                                                 \
    X(run, "run")                                                                           \
    X(main, "main")                                                                         \
    X(Code, "Code")                                                                         \
    X(ConstantValue, "ConstantValue")

typedef struct Symbols {
#define X(id, text) const char *id;
    SYMBOL_LIST(X)
#undef X
} Symbols;

extern Symbols sym;

#endif
