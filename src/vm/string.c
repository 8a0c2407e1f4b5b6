// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * string.c — java.lang.String for the VM: creation in canonical compact form, the weak
 * intern table, and modified UTF-8 <-> UTF-16 conversion.
 *
 * Intern table: open hashing on the Java hash of the string's chars, guarded by
 * `intern_lock`. Entries are Object* and weak: after marking, the collector calls
 * intern_weak() and entries whose string died are removed. The lock is never held across
 * an allocation (a new string is created first, then inserted if still absent).
 */
#include "string.h"

#include <stdlib.h>
#include <string.h>

#include "../os/os.h"
#include "class.h"
#include "exception.h"
#include "heap.h"
#include "loader.h"
#include "object.h"
#include "sym.h"
#include "thread.h"
#include "wellknown.h"

/* ------------------------------------------------------------------------------------ */
/* Modified UTF-8                                                                       */
/* ------------------------------------------------------------------------------------ */

/* Decodes one char at s[*i] (lenient: malformed bytes decode as themselves). */
static inline jchar next_char(const unsigned char *s, size_t len, size_t *i)
{
    unsigned char c = s[*i];
    if (c < 0x80) {
        (*i)++;
        return c;
    }
    if ((c & 0xE0) == 0xC0 && *i + 1 < len && (s[*i + 1] & 0xC0) == 0x80) {
        jchar ch = (jchar)(((c & 0x1F) << 6) | (s[*i + 1] & 0x3F));
        *i += 2;
        return ch;
    }
    if ((c & 0xF0) == 0xE0 && *i + 2 < len && (s[*i + 1] & 0xC0) == 0x80 &&
        (s[*i + 2] & 0xC0) == 0x80) {
        jchar ch = (jchar)(((c & 0x0F) << 12) | ((s[*i + 1] & 0x3F) << 6) | (s[*i + 2] & 0x3F));
        *i += 3;
        return ch;
    }
    (*i)++;
    return c;
}

size_t mutf8_utf16_length(const char *s, size_t len)
{
    size_t n = 0, i = 0;
    while (i < len) {
        next_char((const unsigned char *)s, len, &i);
        n++;
    }
    return n;
}

size_t mutf8_decode(const char *s, size_t len, jchar *out)
{
    size_t n = 0, i = 0;
    while (i < len) out[n++] = next_char((const unsigned char *)s, len, &i);
    return n;
}

size_t utf16_mutf8_length(const jchar *c, size_t n)
{
    size_t len = 0;
    for (size_t i = 0; i < n; i++) len += (c[i] != 0 && c[i] < 0x80) ? 1 : c[i] < 0x800 ? 2 : 3;
    return len;
}

size_t utf16_to_mutf8(const jchar *c, size_t n, char *out)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        jchar ch = c[i];
        if (ch != 0 && ch < 0x80) {
            out[k++] = (char)ch;
        } else if (ch < 0x800) {
            out[k++] = (char)(0xC0 | (ch >> 6));
            out[k++] = (char)(0x80 | (ch & 0x3F));
        } else {
            out[k++] = (char)(0xE0 | (ch >> 12));
            out[k++] = (char)(0x80 | ((ch >> 6) & 0x3F));
            out[k++] = (char)(0x80 | (ch & 0x3F));
        }
    }
    return k;
}

int32_t mutf8_java_hash(const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    uint32_t h = 0;
    size_t i = 0;
    while (i < len) h = 31 * h + (u[i] < 0x80 ? u[i++] : next_char(u, len, &i));
    return (int32_t)h;
}

/* ------------------------------------------------------------------------------------ */
/* String objects                                                                       */
/* ------------------------------------------------------------------------------------ */

static inline Array *value_of(Object *s) { return FIELD_GET(s, wk_off.String_value, Array *); }
static inline int coder_of(Object *s) { return FIELD_GET(s, wk_off.String_coder, jbyte); }

int32_t str_length(Object *s)
{
    Array *v = value_of(s);
    return coder_of(s) ? v->length >> 1 : v->length;
}

jchar str_char_at(Object *s, int32_t i)
{
    Array *v = value_of(s);
    return coder_of(s) ? ((jchar *)array_data(v))[i] : ((uint8_t *)array_data(v))[i];
}

void str_get_chars(Object *s, int32_t start, int32_t len, jchar *buf)
{
    Array *v = value_of(s);
    if (coder_of(s)) {
        memcpy(buf, (jchar *)array_data(v) + start, (size_t)len * 2);
    } else {
        const uint8_t *b = (const uint8_t *)array_data(v) + start;
        for (int32_t i = 0; i < len; i++) buf[i] = b[i];
    }
}

/* Makes a String from UTF-16 chars, LATIN1 when every char fits a byte. */
static Object *make_string(Thread *t, const jchar *chars, int32_t len)
{
    bool latin1 = true;
    for (int32_t i = 0; i < len && latin1; i++)
        if (chars[i] > 0xFF) latin1 = false;
    Array *v = obj_new_prim_array(t, BT_BYTE, latin1 ? len : len * 2);
    if (v == NULL) return NULL;
    if (latin1) {
        uint8_t *b = array_data(v);
        for (int32_t i = 0; i < len; i++) b[i] = (uint8_t)chars[i];
    } else {
        memcpy(array_data(v), chars, (size_t)len * 2);
    }
    Object *s = obj_new(t, wk.String);
    if (s == NULL) return NULL;
    FIELD_SET(s, wk_off.String_value, Array *, v);
    FIELD_SET(s, wk_off.String_coder, jbyte, latin1 ? 0 : 1);
    return s;
}

Object *str_new_utf16(Thread *t, const jchar *chars, int32_t len)
{
    return make_string(t, chars, len);
}

Object *str_new_mutf8(Thread *t, const char *s, size_t len)
{
    /* Fast path: plain ASCII goes straight into a LATIN1 array. */
    bool ascii = true;
    for (size_t i = 0; i < len && ascii; i++)
        if ((unsigned char)s[i] >= 0x80) ascii = false;
    if (ascii) {
        Array *v = obj_new_prim_array(t, BT_BYTE, (int32_t)len);
        if (v == NULL) return NULL;
        memcpy(array_data(v), s, len);
        Object *str = obj_new(t, wk.String);
        if (str == NULL) return NULL;
        FIELD_SET(str, wk_off.String_value, Array *, v);
        return str;
    }
    size_t n = mutf8_utf16_length(s, len);
    jchar stackbuf[256];
    jchar *buf = n <= 256 ? stackbuf : vm_malloc(n * 2);
    mutf8_decode(s, len, buf);
    Object *str = make_string(t, buf, (int32_t)n);
    if (buf != stackbuf) free(buf);
    return str;
}

Object *str_new_cstr(Thread *t, const char *s) { return str_new_mutf8(t, s, strlen(s)); }

size_t str_mutf8_length(Object *s)
{
    Array *v = value_of(s);
    if (!coder_of(s)) {
        size_t n = 0;
        const uint8_t *b = array_data(v);
        for (int32_t i = 0; i < v->length; i++) n += (b[i] != 0 && b[i] < 0x80) ? 1 : 2;
        return n;
    }
    return utf16_mutf8_length(array_data(v), (size_t)v->length / 2);
}

size_t str_region_to_mutf8(Object *s, int32_t start, int32_t len, char *buf)
{
    Array *v = value_of(s);
    size_t k;
    if (coder_of(s)) {
        k = utf16_to_mutf8((const jchar *)array_data(v) + start, (size_t)len, buf);
    } else {
        /* LATIN1 (every class-library name): bytes 1-127 are themselves. */
        const uint8_t *b = (const uint8_t *)array_data(v) + start;
        k = 0;
        for (int32_t i = 0; i < len; i++) {
            const uint8_t ch = b[i];
            if (ch != 0 && ch < 0x80) {
                buf[k++] = (char)ch;
            } else {
                buf[k++] = (char)(0xC0 | (ch >> 6));
                buf[k++] = (char)(0x80 | (ch & 0x3F));
            }
        }
    }
    buf[k] = 0;
    return k;
}

char *str_to_mutf8(Object *s)
{
    if (s == NULL) return NULL;
    char *buf = vm_malloc(str_mutf8_length(s) + 1);
    str_region_to_mutf8(s, 0, str_length(s), buf);
    return buf;
}

bool str_equals_cstr(Object *s, const char *c)
{
    size_t len = strlen(c), i = 0;
    int32_t n = str_length(s), k = 0;
    while (i < len) {
        if (k >= n) return false;
        if (next_char((const unsigned char *)c, len, &i) != str_char_at(s, k++)) return false;
    }
    return k == n;
}

const char *str_to_internal_name_sym(Object *s)
{
    char *m = str_to_mutf8(s);
    for (char *p = m; *p; p++)
        if (*p == '.') *p = '/';
    const char *sy = sym_intern(m);
    free(m);
    return sy;
}

/* ------------------------------------------------------------------------------------ */
/* Intern table                                                                         */
/* ------------------------------------------------------------------------------------ */

static OsMutex intern_lock;
static Object **table;
static uint32_t *hashes;
static size_t capacity, used;
#define TOMBSTONE ((Object *)1)

static int32_t java_hash(Object *s)
{
    uint32_t h = 0;
    Array *v = value_of(s);
    if (!coder_of(s)) {
        const uint8_t *b = array_data(v);
        for (int32_t i = 0; i < v->length; i++) h = 31 * h + b[i];
    } else {
        const jchar *c = array_data(v);
        for (int32_t i = 0; i < v->length >> 1; i++) h = 31 * h + c[i];
    }
    return (int32_t)h;
}

static bool equal_strings(Object *a, Object *b)
{
    int32_t n = str_length(a);
    if (n != str_length(b)) return false;
    if (coder_of(a) == coder_of(b))
        return memcmp(array_data(value_of(a)), array_data(value_of(b)),
                      (size_t)value_of(a)->length) == 0;
    for (int32_t i = 0; i < n; i++)
        if (str_char_at(a, i) != str_char_at(b, i)) return false;
    return true;
}

static bool equals_mutf8(Object *s, const char *c, size_t len)
{
    size_t i = 0;
    int32_t n = str_length(s), k = 0;
    if (!coder_of(s)) {
        /* LATIN1: equal while the bytes are ASCII and match. */
        const uint8_t *b = array_data(value_of(s));
        while (i < len && k < n && (unsigned char)c[i] < 0x80 && (unsigned char)c[i] == b[k]) {
            i++;
            k++;
        }
    }
    while (i < len) {
        if (k >= n) return false;
        if (next_char((const unsigned char *)c, len, &i) != str_char_at(s, k++)) return false;
    }
    return k == n;
}

static void rehash(size_t ncap)
{
    Object **nt = vm_calloc(ncap, sizeof(Object *));
    uint32_t *nh = vm_calloc(ncap, sizeof(uint32_t));
    size_t n = 0;
    for (size_t i = 0; i < capacity; i++) {
        Object *o = table[i];
        if (o == NULL || o == TOMBSTONE) continue;
        size_t j = hashes[i] & (ncap - 1);
        while (nt[j]) j = (j + 1) & (ncap - 1);
        nt[j] = o;
        nh[j] = hashes[i];
        n++;
    }
    free(table);
    free(hashes);
    table = nt;
    hashes = nh;
    capacity = ncap;
    used = n;
}

/* Finds an equal string; for inserts, *slot gets the first free slot. Lock held. */
static Object *find_locked(uint32_t h, Object *s, const char *m, size_t mlen, size_t *slot)
{
    size_t j = h & (capacity - 1), free_slot = (size_t)-1;
    for (;;) {
        Object *o = table[j];
        if (o == NULL) break;
        if (o == TOMBSTONE) {
            if (free_slot == (size_t)-1) free_slot = j;
        } else if (hashes[j] == h && (s ? equal_strings(o, s) : equals_mutf8(o, m, mlen))) {
            return o;
        }
        j = (j + 1) & (capacity - 1);
    }
    if (slot) *slot = free_slot != (size_t)-1 ? free_slot : j;
    return NULL;
}

static Object *insert(Object *s, uint32_t h)
{
    os_mutex_lock(&intern_lock);
    if ((used + 1) * 4 > capacity * 3) rehash(capacity * 2);
    size_t slot;
    Object *existing = find_locked(h, s, NULL, 0, &slot);
    if (existing == NULL) {
        if (table[slot] == NULL) used++;
        table[slot] = s;
        hashes[slot] = h;
        existing = s;
    }
    os_mutex_unlock(&intern_lock);
    return existing;
}

Object *str_intern(Thread *t, Object *s)
{
    (void)t;
    uint32_t h = (uint32_t)java_hash(s);
    os_mutex_lock(&intern_lock);
    Object *found = find_locked(h, s, NULL, 0, NULL);
    os_mutex_unlock(&intern_lock);
    return found ? found : insert(s, h);
}

Object *str_intern_lookup(Object *s)
{
    uint32_t h = (uint32_t)java_hash(s);
    os_mutex_lock(&intern_lock);
    Object *found = find_locked(h, s, NULL, 0, NULL);
    os_mutex_unlock(&intern_lock);
    return found;
}

Object *str_intern_mutf8(Thread *t, const char *m, size_t len)
{
    uint32_t h = (uint32_t)mutf8_java_hash(m, len);
    os_mutex_lock(&intern_lock);
    Object *found = find_locked(h, NULL, m, len, NULL);
    os_mutex_unlock(&intern_lock);
    if (found) return found;
    Object *s = str_new_mutf8(t, m, len);
    return s ? insert(s, h) : NULL;
}

size_t str_intern_for_each(void (*fn)(Object *s, size_t home, void *arg), void *arg)
{
    os_mutex_lock(&intern_lock);
    for (size_t i = 0; i < capacity; i++)
        if (table[i] != NULL && table[i] != TOMBSTONE) fn(table[i], hashes[i] & (capacity - 1), arg);
    size_t n = capacity;
    os_mutex_unlock(&intern_lock);
    return n;
}

/* Weak processing at a safepoint: drop strings that died. */
static void intern_weak(void)
{
    for (size_t i = 0; i < capacity; i++)
        if (table[i] && table[i] != TOMBSTONE && !gc_is_alive(table[i])) table[i] = TOMBSTONE;
}

void str_init(void)
{
    os_mutex_init(&intern_lock);
    capacity = 4096;
    table = vm_calloc(capacity, sizeof(Object *));
    hashes = vm_calloc(capacity, sizeof(uint32_t));
    gc_register_weak_processor(intern_weak);
}
