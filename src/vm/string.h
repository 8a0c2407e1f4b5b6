// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * string.h — java.lang.String as the VM sees it.
 *
 * OpenJDK 17 strings are compact: `value` is a byte[], `coder` 0 (LATIN1, one byte per
 * char) or 1 (UTF16, two bytes per char in native byte order). Strings the VM creates are
 * canonical: LATIN1 exactly when every char is <= 0xFF, because String.equals compares
 * coders first.
 *
 * The intern table is weak: an interned string no longer reachable from anywhere else is
 * dropped at the next collection. Constant-pool string literals are kept alive by their
 * class's resolved constant pool.
 *
 * Creation functions return NULL with an exception pending on failure.
 */
#ifndef GLASS_STRING_H
#define GLASS_STRING_H

#include "vm.h"

void str_init(void); /* after java/lang/String is loaded and wellknown offsets are set */

/* From modified UTF-8 (JNI NewStringUTF, symbols). Malformed input is decoded leniently. */
Object *str_new_mutf8(Thread *t, const char *s, size_t len);
Object *str_new_cstr(Thread *t, const char *s); /* NUL-terminated modified UTF-8 */
/* From UTF-16 code units. */
Object *str_new_utf16(Thread *t, const jchar *chars, int32_t len);
/* Interned string for a symbol or any modified UTF-8 text. */
Object *str_intern_mutf8(Thread *t, const char *s, size_t len);
/* String.intern(): the canonical instance equal to s. */
Object *str_intern(Thread *t, Object *s);
/* For VM.stringtable: calls fn for every interned string (and its home slot: where its
 * hash leads a probe first) with the table's lock held; fn must not allocate Java
 * objects nor block. Returns the number of slots. A thread in TS_JAVA. */
size_t str_intern_for_each(void (*fn)(Object *s, size_t home, void *arg), void *arg);
/* The interned string equal to s, or NULL if there is none (interns nothing). */
Object *str_intern_lookup(Object *s);

int32_t str_length(Object *s);
jchar str_char_at(Object *s, int32_t i);
/* Copies chars [start, start+len) into buf. */
void str_get_chars(Object *s, int32_t start, int32_t len, jchar *buf);
/* Length of the modified UTF-8 encoding (without NUL). */
size_t str_mutf8_length(Object *s);
/* Modified UTF-8, NUL-terminated, malloc'd: caller frees. NULL only if s is NULL. */
char *str_to_mutf8(Object *s);
/* Modified UTF-8 of chars [start, start+len) into buf (must hold enough), NUL-terminated;
 * returns bytes written without the NUL. */
size_t str_region_to_mutf8(Object *s, int32_t start, int32_t len, char *buf);
/* Compare with a C string (modified UTF-8). */
bool str_equals_cstr(Object *s, const char *c);
/* "java.lang.String" -> "java/lang/String" as a symbol (for Class.forName and friends). */
const char *str_to_internal_name_sym(Object *s);

/* Modified UTF-8 <-> UTF-16 helpers. */
size_t mutf8_utf16_length(const char *s, size_t len);
size_t mutf8_decode(const char *s, size_t len, jchar *out); /* returns chars written */
size_t utf16_mutf8_length(const jchar *c, size_t n);
size_t utf16_to_mutf8(const jchar *c, size_t n, char *out); /* no NUL added */

/* Java String.hashCode of modified UTF-8 text (for the intern table). */
int32_t mutf8_java_hash(const char *s, size_t len);

#endif
