// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jni_array.c — JNI string and array operations (JNI spec "String Operations", "Array
 * Operations").
 *
 * Strings are compact (string.h): `value` is a byte[] of LATIN1 bytes or UTF-16 units.
 * Get{String,StringUTF}Chars always return a malloc'd, NUL-terminated copy (isCopy true)
 * that Release* frees, as HotSpot does. GetStringCritical returns the value array itself
 * for UTF16 strings (objects never move, so no pinning is needed) and a malloc'd
 * inflated copy for LATIN1 ones; ReleaseStringCritical frees exactly the copies.
 *
 * Get<Prim>ArrayElements return a malloc'd copy of the elements (isCopy true) that
 * Release<Prim>ArrayElements writes back (mode 0, JNI_COMMIT) and frees (0, JNI_ABORT),
 * as HotSpot does: objects never move, so handing out the array's own storage would work
 * for JNI alone, but agents treat these pointers as C-heap blocks, exactly as they are
 * on HotSpot, where JVMTI Allocate, JNI's copies and malloc are one heap: they free()
 * them, pass them to JVMTI Deallocate, or return one as a ClassFileLoadHook's
 * new_class_data (which the VM frees). So every JNI copy here and every JVMTI
 * allocation (src/jvmti/env.c) is a plain malloc block. GetPrimitiveArrayCritical, which
 * nobody may free, hands out the element storage itself (isCopy false) and its Release
 * has nothing to copy or free. Region copies check bounds with HotSpot's messages.
 *
 * Everything that only touches primitive data stays in TS_NATIVE (jniint.h); creating
 * strings and arrays and reading or writing object-array elements enter TS_JAVA.
 */
#include <stdlib.h>
#include <string.h>

#include "exception.h"
#include "jniint.h"
#include "object.h"
#include "string.h"

/* ---- strings ---- */

static inline Array *string_value(Object *s) { return FIELD_GET(s, wk_off.String_value, Array *); }
static inline bool string_latin1(Object *s) { return FIELD_GET(s, wk_off.String_coder, jbyte) == 0; }

jstring JNICALL jni_NewString(JNIEnv *env, const jchar *chars, jsize len)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jstring r = NULL;
    if (len < 0) exc_throw(t, "java/lang/NegativeArraySizeException", "%d", (int)len);
    else r = ref_new_local(t, str_new_utf16(t, chars, len));
    jni_leave(t, st);
    return r;
}

jstring JNICALL jni_NewStringUTF(JNIEnv *env, const char *utf)
{
    if (utf == NULL) return NULL; /* HotSpot: NULL, and no exception */
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jstring r = ref_new_local(t, str_new_mutf8(t, utf, strlen(utf)));
    jni_leave(t, st);
    return r;
}

jsize JNICALL jni_GetStringLength(JNIEnv *env, jstring str)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter_if_weak(t, str);
    jsize n = 0;
    Object *s = jni_object(t, str);
    if (s != NULL) n = str_length(s);
    jni_leave(t, st);
    return n;
}

jsize JNICALL jni_GetStringUTFLength(JNIEnv *env, jstring str)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter_if_weak(t, str);
    jsize n = 0;
    Object *s = jni_object(t, str);
    if (s != NULL) n = (jsize)str_mutf8_length(s);
    jni_leave(t, st);
    return n;
}

/* JNI's copies (malloc blocks, see above) return NULL when native memory runs out.
 * HotSpot then leaves nothing pending, but libjava's callers assume an OutOfMemoryError
 * was thrown, so we throw one. Never NULL for 0 bytes: a copy of nothing is still a
 * pointer that Release may free. */
static void *copy_buffer(Thread *t, size_t bytes)
{
    void *p = malloc(bytes != 0 ? bytes : 1);
    if (p == NULL) jni_throw(t, "java/lang/OutOfMemoryError", "native memory for a JNI copy");
    return p;
}

/* A malloc'd NUL-terminated UTF-16 copy of s's chars, or NULL (see copy_buffer). */
static jchar *utf16_copy(Thread *t, Object *s)
{
    int32_t n = str_length(s);
    jchar *buf = copy_buffer(t, ((size_t)n + 1) * sizeof(jchar));
    if (buf == NULL) return NULL;
    str_get_chars(s, 0, n, buf);
    buf[n] = 0;
    return buf;
}

/* A malloc'd NUL-terminated modified UTF-8 copy of s, or NULL (see copy_buffer). */
static char *mutf8_copy(Thread *t, Object *s)
{
    char *buf = copy_buffer(t, str_mutf8_length(s) + 1);
    if (buf != NULL) str_region_to_mutf8(s, 0, str_length(s), buf);
    return buf;
}

const jchar *JNICALL jni_GetStringChars(JNIEnv *env, jstring str, jboolean *isCopy)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter_if_weak(t, str);
    jchar *r = NULL;
    Object *s = jni_object(t, str);
    if (s != NULL) r = utf16_copy(t, s);
    jni_leave(t, st);
    if (r != NULL && isCopy != NULL) *isCopy = JNI_TRUE;
    return r;
}

void JNICALL jni_ReleaseStringChars(JNIEnv *env, jstring str, const jchar *chars)
{
    free((void *)chars);
}

const char *JNICALL jni_GetStringUTFChars(JNIEnv *env, jstring str, jboolean *isCopy)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter_if_weak(t, str);
    char *r = NULL;
    Object *s = jni_object(t, str);
    if (s != NULL) r = mutf8_copy(t, s);
    jni_leave(t, st);
    if (r != NULL && isCopy != NULL) *isCopy = JNI_TRUE;
    return r;
}

void JNICALL jni_ReleaseStringUTFChars(JNIEnv *env, jstring str, const char *chars)
{
    free((void *)chars);
}

/* HotSpot throws StringIndexOutOfBoundsException without a message for both regions. */
static bool string_region_ok(Thread *t, Object *s, jsize start, jsize len)
{
    int32_t n = str_length(s);
    if (start < 0 || len < 0 || start > n - len) {
        jni_throw(t, "java/lang/StringIndexOutOfBoundsException", NULL);
        return false;
    }
    return true;
}

void JNICALL jni_GetStringRegion(JNIEnv *env, jstring str, jsize start, jsize len, jchar *buf)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter_if_weak(t, str);
    Object *s = jni_object(t, str);
    if (s != NULL && string_region_ok(t, s, start, len) && len > 0)
        str_get_chars(s, start, len, buf);
    jni_leave(t, st);
}

void JNICALL jni_GetStringUTFRegion(JNIEnv *env, jstring str, jsize start, jsize len, char *buf)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter_if_weak(t, str);
    Object *s = jni_object(t, str);
    if (s != NULL && string_region_ok(t, s, start, len)) {
        if (len > 0) str_region_to_mutf8(s, start, len, buf); /* NUL-terminates */
        else if (buf != NULL) buf[0] = 0;                     /* so does HotSpot for 0 */
    }
    jni_leave(t, st);
}

const jchar *JNICALL jni_GetStringCritical(JNIEnv *env, jstring str, jboolean *isCopy)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter_if_weak(t, str);
    const jchar *r = NULL;
    bool copy = false;
    Object *s = jni_object(t, str);
    if (s != NULL) {
        copy = string_latin1(s);
        r = copy ? utf16_copy(t, s) : (const jchar *)array_data(string_value(s));
    }
    jni_leave(t, st);
    if (r != NULL && isCopy != NULL) *isCopy = copy ? JNI_TRUE : JNI_FALSE;
    return r;
}

void JNICALL jni_ReleaseStringCritical(JNIEnv *env, jstring str, const jchar *chars)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter_if_weak(t, str);
    Object *s = ref_get(str);
    /* Free only what GetStringCritical copied: anything but the value array itself. */
    if (chars != NULL && (s == NULL || chars != (const jchar *)array_data(string_value(s))))
        free((void *)chars);
    jni_leave(t, st);
}

/* ---- arrays: common ---- */

/* The array behind a reference, or NULL with NullPointerException (NULL reference) or
 * IllegalArgumentException (not an array) pending. Any state. */
static inline Array *jni_array(Thread *t, jarray r)
{
    Object *o = ref_get(r);
    if (likely(o != NULL && class_is_array(o->klass))) return (Array *)o;
    if (o == NULL) jni_throw(t, "java/lang/NullPointerException", NULL);
    else jni_throw(t, "java/lang/IllegalArgumentException", "not an array");
    return NULL;
}

/* HotSpot's checks and messages for Get/Set<Prim>ArrayRegion. */
static bool region_ok(Thread *t, const Array *a, jsize start, jsize len)
{
    if (len < 0) {
        jni_throw(t, "java/lang/ArrayIndexOutOfBoundsException", "Length %d is negative", (int)len);
        return false;
    }
    if (start < 0 || start > a->length - len) {
        jni_throw(t, "java/lang/ArrayIndexOutOfBoundsException",
                  "Array region %d..%lld out of bounds for length %d", (int)start,
                  (long long)start + len, (int)a->length);
        return false;
    }
    return true;
}

static inline bool index_ok(Thread *t, const Array *a, jsize index)
{
    if ((uint32_t)index < (uint32_t)a->length) return true;
    jni_throw(t, "java/lang/ArrayIndexOutOfBoundsException", "Index %d out of bounds for length %d",
              (int)index, (int)a->length);
    return false;
}

jsize JNICALL jni_GetArrayLength(JNIEnv *env, jarray array)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter_if_weak(t, array);
    Array *a = jni_array(t, array);
    jsize n = a != NULL ? a->length : 0;
    jni_leave(t, st);
    return n;
}

/* ---- object arrays (TS_JAVA) ---- */

jobjectArray JNICALL jni_NewObjectArray(JNIEnv *env, jsize len, jclass clazz, jobject init)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobjectArray r = NULL;
    Class *c = jni_class(t, clazz);
    if (c != NULL && class_is_primitive(c)) {
        exc_throw(t, "java/lang/IllegalArgumentException", "primitive element class %s", c->name);
    } else if (c != NULL) {
        Array *a = obj_new_ref_array(t, c, len);
        Object *v = ref_get(init);
        /* The initial element is stored unchecked, as HotSpot does. */
        if (a != NULL && v != NULL) {
            Object **e = array_data(a);
            for (jsize i = 0; i < len; i++) e[i] = v;
        }
        r = ref_new_local(t, (Object *)a);
    }
    jni_leave(t, st);
    return r;
}

jobject JNICALL jni_GetObjectArrayElement(JNIEnv *env, jobjectArray array, jsize index)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobject r = NULL;
    Array *a = jni_array(t, array);
    if (a != NULL && index_ok(t, a, index)) r = ref_new_local(t, ((Object **)array_data(a))[index]);
    jni_leave(t, st);
    return r;
}

/* HotSpot's ArrayStoreException text: "type mismatch: can not store V to E[i][]..." with
 * E the innermost element type and one "[]" per further dimension. */
static void array_store_error(Thread *t, const Object *v, const Array *a, jsize index)
{
    const Class *ac = a->hdr.klass;
    char vname[1024], ename[1024], dims[2 * 256 + 1];
    class_external_name(v->klass, vname, sizeof vname);
    class_external_name(ac->element, ename, sizeof ename);
    size_t k = 0;
    for (int d = ac->dims; d > 1; d--) {
        dims[k++] = '[';
        dims[k++] = ']';
    }
    dims[k] = 0;
    exc_throw(t, "java/lang/ArrayStoreException", "type mismatch: can not store %s to %s[%d]%s",
              vname, ename, (int)index, dims);
}

void JNICALL jni_SetObjectArrayElement(JNIEnv *env, jobjectArray array, jsize index,
                                       jobject value)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Array *a = jni_array(t, array);
    if (a != NULL && index_ok(t, a, index)) {
        Object *v = ref_get(value);
        if (!bt_is_ref((BasicType)a->hdr.klass->elem_type))
            exc_throw(t, "java/lang/IllegalArgumentException", "not an object array");
        else if (v != NULL && !obj_instance_of(v, a->hdr.klass->component))
            array_store_error(t, v, a, index);
        else
            ((Object **)array_data(a))[index] = v;
    }
    jni_leave(t, st);
}

/* ---- primitive arrays ---- */

void *JNICALL jni_GetPrimitiveArrayCritical(JNIEnv *env, jarray array, jboolean *isCopy)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter_if_weak(t, array);
    Array *a = jni_array(t, array);
    jni_leave(t, st);
    if (a == NULL) return NULL;
    if (isCopy != NULL) *isCopy = JNI_FALSE;
    return array_data(a);
}

void JNICALL jni_ReleasePrimitiveArrayCritical(JNIEnv *env, jarray array, void *carray,
                                               jint mode)
{
    /* Nothing was pinned or copied. */
}

/*
 * Per element type: New<Prim>Array (TS_JAVA), and in TS_NATIVE the element pointer and
 * region copies. The element type of the array is not checked against the function's,
 * which the JNI spec leaves undefined; sizes are those of the function's type.
 */
#define DEFINE_PRIM_ARRAYS(Name, jtype, m, bt)                                              \
    jtype##Array JNICALL jni_New##Name##Array(JNIEnv *env, jsize len)                      \
    {                                                                                       \
        Thread *t = thread_from_env(env);                                                   \
        int st = jni_enter(t);                                                              \
        jtype##Array r = ref_new_local(t, (Object *)obj_new_prim_array(t, bt, len));       \
        jni_leave(t, st);                                                                   \
        return r;                                                                           \
    }                                                                                       \
    jtype *JNICALL jni_Get##Name##ArrayElements(JNIEnv *env, jtype##Array array,           \
                                                jboolean *isCopy)                           \
    {                                                                                       \
        Thread *t = thread_from_env(env);                                                   \
        int st = jni_enter_if_weak(t, array);                                               \
        Array *a = jni_array(t, array);                                                     \
        jtype *r = NULL;                                                                    \
        if (a != NULL) {                                                                    \
            size_t bytes = (size_t)a->length * sizeof(jtype);                              \
            r = copy_buffer(t, bytes);                                                      \
            if (r != NULL && bytes > 0) memcpy(r, array_data(a), bytes);                    \
        }                                                                                   \
        jni_leave(t, st);                                                                   \
        if (r != NULL && isCopy != NULL) *isCopy = JNI_TRUE;                                \
        return r;                                                                           \
    }                                                                                       \
    void JNICALL jni_Release##Name##ArrayElements(JNIEnv *env, jtype##Array array,         \
                                                  jtype *elems, jint mode)                  \
    {                                                                                       \
        Thread *t = thread_from_env(env);                                                   \
        int st = jni_enter_if_weak(t, array);                                               \
        Array *a = (Array *)ref_get(array);                                                 \
        /* Written back only into a primitive array (anything else is the caller's bug). */ \
        if (elems != NULL && a != NULL && (mode == 0 || mode == JNI_COMMIT) &&              \
            class_is_array(a->hdr.klass) && !bt_is_ref((BasicType)a->hdr.klass->elem_type))  \
            memcpy(array_data(a), elems, (size_t)a->length * sizeof(jtype));                \
        if (mode == 0 || mode == JNI_ABORT) free(elems);                                    \
        jni_leave(t, st);                                                                   \
    }                                                                                       \
    void JNICALL jni_Get##Name##ArrayRegion(JNIEnv *env, jtype##Array array, jsize start,  \
                                            jsize len, jtype *buf)                          \
    {                                                                                       \
        Thread *t = thread_from_env(env);                                                   \
        int st = jni_enter_if_weak(t, array);                                               \
        Array *a = jni_array(t, array);                                                     \
        if (a != NULL && region_ok(t, a, start, len) && len > 0)                            \
            memcpy(buf, (jtype *)array_data(a) + start, (size_t)len * sizeof(jtype));       \
        jni_leave(t, st);                                                                   \
    }                                                                                       \
    void JNICALL jni_Set##Name##ArrayRegion(JNIEnv *env, jtype##Array array, jsize start,  \
                                            jsize len, const jtype *buf)                    \
    {                                                                                       \
        Thread *t = thread_from_env(env);                                                   \
        int st = jni_enter_if_weak(t, array);                                               \
        Array *a = jni_array(t, array);                                                     \
        if (a != NULL && region_ok(t, a, start, len) && len > 0)                            \
            memcpy((jtype *)array_data(a) + start, buf, (size_t)len * sizeof(jtype));       \
        jni_leave(t, st);                                                                   \
    }
JNI_PRIM_TYPES(DEFINE_PRIM_ARRAYS)
#undef DEFINE_PRIM_ARRAYS
