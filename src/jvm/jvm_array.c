// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jvm_array.c — System.arraycopy (JVM_ArrayCopy) and java.lang.reflect.Array
 * (JVM_GetArrayLength, JVM_{Get,Set}[Primitive]ArrayElement, JVM_NewArray,
 * JVM_NewMultiArray).
 *
 * The checks and messages are HotSpot's (JDK 17 TypeArrayKlass/ObjArrayKlass::copy_array,
 * jvm.cpp check_array, Reflection::array_get/array_set/reflect_new_array): programs print
 * them, e.g. "arraycopy: last source index 11 out of bounds for int[10]".
 *
 * Copies are element-wise atomic (Java forbids other threads from seeing a torn int or
 * reference), so elements wider than a byte are moved with one load and one store each,
 * never with a byte-wise memmove. References need no barrier: the collector is
 * stop-the-world and non-moving, and this code runs in TS_JAVA so no collection can run
 * in between. A reference copy that hits an element the destination cannot hold stores
 * the elements before it and then throws ArrayStoreException, as the JLS requires.
 *
 * Called from libjava natives in TS_NATIVE; each function brackets its work with
 * jni_enter/jni_leave. Failures leave an exception pending.
 */
#include "jvm.h"

#include <string.h>

#include "../vm/class.h"
#include "../vm/exception.h"
#include "../vm/jnienter.h"
#include "../vm/loader.h"
#include "../vm/object.h"
#include "../vm/ref.h"
#include "../vm/reflect.h"
#include "../vm/wellknown.h"
#include "../jvmti/jvmti_vm.h" /* event hooks */
#include "natives.h"

/* Most dimensions an array class may have (JVMS 4.4.1). */
#define MAX_DIMS 255

static bool is_prim_array(const Class *c)
{
    return class_is_array(c) && !bt_is_ref((BasicType)c->elem_type);
}

static bool is_ref_array(const Class *c)
{
    return class_is_array(c) && bt_is_ref((BasicType)c->elem_type);
}

/* ------------------------------------------------------------------------------------ */
/* System.arraycopy                                                                     */
/* ------------------------------------------------------------------------------------ */

/* Element-atomic conjoint copy of n elements of 1 << shift bytes. */
static void copy_elements(void *dst, const void *src, size_t n, int shift)
{
    if (n == 0 || dst == src) return;
    if (shift == 0) {
        memmove(dst, src, n);
        return;
    }
    bool backward = (const char *)dst > (const char *)src;
#define COPY(T)                                                                             \
    do {                                                                                    \
        T *d = dst;                                                                         \
        const T *s = src;                                                                   \
        if (backward) {                                                                     \
            for (size_t i = n; i-- > 0;)                                                    \
                __atomic_store_n(&d[i], __atomic_load_n(&s[i], __ATOMIC_RELAXED),           \
                                 __ATOMIC_RELAXED);                                         \
        } else {                                                                            \
            for (size_t i = 0; i < n; i++)                                                  \
                __atomic_store_n(&d[i], __atomic_load_n(&s[i], __ATOMIC_RELAXED),           \
                                 __ATOMIC_RELAXED);                                         \
        }                                                                                   \
    } while (0)
    switch (shift) {
    case 1: COPY(uint16_t); break;
    case 2: COPY(uint32_t); break;
    default: COPY(uint64_t); break;
    }
#undef COPY
}

/* Element type spelling in messages: "int" for int[], "object array" for reference
 * arrays (HotSpot prints the latter in its ObjArrayKlass messages). */
static const char *prim_name(const Class *ac)
{
    const char *n = bt_name((BasicType)ac->elem_type);
    return n ? n : "?";
}

/* The negative-index / negative-length and range checks shared by both array kinds;
 * `what` is the element spelling for each array ("int" or "object array"). */
static bool check_range(Thread *t, Array *s, const char *swhat, jint src_pos, Array *d,
                        const char *dwhat, jint dst_pos, jint length)
{
    if (src_pos < 0) {
        exc_throw(t, "java/lang/ArrayIndexOutOfBoundsException",
                  "arraycopy: source index %d out of bounds for %s[%d]", src_pos, swhat,
                  s->length);
        return false;
    }
    if (dst_pos < 0) {
        exc_throw(t, "java/lang/ArrayIndexOutOfBoundsException",
                  "arraycopy: destination index %d out of bounds for %s[%d]", dst_pos, dwhat,
                  d->length);
        return false;
    }
    if (length < 0) {
        exc_throw(t, "java/lang/ArrayIndexOutOfBoundsException",
                  "arraycopy: length %d is negative", length);
        return false;
    }
    unsigned send = (unsigned)length + (unsigned)src_pos;
    unsigned dend = (unsigned)length + (unsigned)dst_pos;
    if (send > (unsigned)s->length) {
        exc_throw(t, "java/lang/ArrayIndexOutOfBoundsException",
                  "arraycopy: last source index %u out of bounds for %s[%d]", send, swhat,
                  s->length);
        return false;
    }
    if (dend > (unsigned)d->length) {
        exc_throw(t, "java/lang/ArrayIndexOutOfBoundsException",
                  "arraycopy: last destination index %u out of bounds for %s[%d]", dend, dwhat,
                  d->length);
        return false;
    }
    return true;
}

static void throw_not_array(Thread *t, const char *which, Object *o)
{
    char ext[512];
    class_external_name(o->klass, ext, sizeof ext);
    exc_throw(t, "java/lang/ArrayStoreException", "arraycopy: %s type %s is not an array", which,
              ext);
}

static void copy_prim(Thread *t, Array *s, jint src_pos, Object *dobj, jint dst_pos, jint length)
{
    Class *sc = s->hdr.klass, *dc = dobj->klass;
    if (!is_prim_array(dc)) {
        if (class_is_array(dc))
            exc_throw(t, "java/lang/ArrayStoreException",
                      "arraycopy: type mismatch: can not copy %s[] into object array[]",
                      prim_name(sc));
        else
            throw_not_array(t, "destination", dobj);
        return;
    }
    if (sc->elem_type != dc->elem_type) {
        exc_throw(t, "java/lang/ArrayStoreException",
                  "arraycopy: type mismatch: can not copy %s[] into %s[]", prim_name(sc),
                  prim_name(dc));
        return;
    }
    Array *d = (Array *)dobj;
    if (!check_range(t, s, prim_name(sc), src_pos, d, prim_name(dc), dst_pos, length)) return;
    int shift = sc->elem_shift;
    copy_elements(array_elem_addr(d, dst_pos, shift), array_elem_addr(s, src_pos, shift),
                  (size_t)length, shift);
}

static void copy_refs(Thread *t, Array *s, jint src_pos, Object *dobj, jint dst_pos, jint length)
{
    Class *dc = dobj->klass;
    if (!is_ref_array(dc)) {
        if (class_is_array(dc))
            exc_throw(t, "java/lang/ArrayStoreException",
                      "arraycopy: type mismatch: can not copy object array[] into %s[]",
                      prim_name(dc));
        else
            throw_not_array(t, "destination", dobj);
        return;
    }
    Array *d = (Array *)dobj;
    if (!check_range(t, s, "object array", src_pos, d, "object array", dst_pos, length)) return;
    if (length == 0) return;
    Object **sp = (Object **)array_data(s) + src_pos;
    Object **dp = (Object **)array_data(d) + dst_pos;
    Class *bound = dc->component, *stype = s->hdr.klass->component;
    if (s == d || stype == bound || class_is_subclass_of(stype, bound)) {
        copy_elements(dp, sp, (size_t)length, 3);
        return;
    }
    /* Different arrays, so no overlap: store front to back and stop at the first element
     * the destination cannot hold. */
    for (jint i = 0; i < length; i++) {
        Object *o = __atomic_load_n(&sp[i], __ATOMIC_RELAXED);
        if (o != NULL && !obj_instance_of(o, bound)) {
            char sext[512], bext[512];
            class_external_name(stype, sext, sizeof sext);
            class_external_name(bound, bext, sizeof bext);
            if (!class_is_subclass_of(bound, stype))
                exc_throw(t, "java/lang/ArrayStoreException",
                          "arraycopy: type mismatch: can not copy %s[] into %s[]", sext, bext);
            else
                exc_throw(t, "java/lang/ArrayStoreException",
                          "arraycopy: element type mismatch: can not cast one of the elements of "
                          "%s[] to the type of the destination array, %s",
                          sext, bext);
            return;
        }
        __atomic_store_n(&dp[i], o, __ATOMIC_RELAXED);
    }
}

VM_EXPORT void JNICALL JVM_ArrayCopy(JNIEnv *env, jclass ignored, jobject src, jint src_pos,
                                     jobject dst, jint dst_pos, jint length)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Object *s = ref_get(src), *d = ref_get(dst);
    if (s == NULL || d == NULL) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
    } else if (!class_is_array(s->klass)) {
        throw_not_array(t, "source", s);
    } else if (is_prim_array(s->klass)) {
        copy_prim(t, (Array *)s, src_pos, d, dst_pos, length);
    } else {
        copy_refs(t, (Array *)s, src_pos, d, dst_pos, length);
    }
    jni_leave(t, st);
}

/* The leaf of System.arraycopy (class.h VMLeaf): the copies that cannot fail — arrays of
 * one primitive type, or reference arrays whose source element type the destination
 * holds, positions and length in range — done as JVM_ArrayCopy does them; anything else
 * (an exception to throw, a reference copy that checks each element) declines, and the
 * native runs. */
static bool arraycopy_leaf(Thread *t, Slot *a, Slot *r)
{
    Object *so = a[0].l, *dobj = a[2].l;
    int32_t src_pos = a[1].i, dst_pos = a[3].i, length = a[4].i;
    if (so == NULL || dobj == NULL || !class_is_array(so->klass) || !class_is_array(dobj->klass)) return false;
    Array *s = (Array *)so, *d = (Array *)dobj;
    if (src_pos < 0 || dst_pos < 0 || length < 0 || (int64_t)src_pos + length > s->length ||
        (int64_t)dst_pos + length > d->length)
        return false;
    Class *sc = so->klass, *dc = dobj->klass;
    int shift;
    if (is_prim_array(sc)) {
        if (sc != dc) return false;
        shift = sc->elem_shift;
    } else {
        if (!is_ref_array(dc)) return false;
        Class *bound = dc->component, *stype = sc->component;
        if (s != d && stype != bound && !class_is_subclass_of(stype, bound)) return false;
        shift = 3;
    }
    copy_elements(array_elem_addr(d, dst_pos, shift), array_elem_addr(s, src_pos, shift), (size_t)length, shift);
    return true;
}

const VMNativeEntry jvm_array_natives[] = {
    {"java/lang/System", "arraycopy", "(Ljava/lang/Object;ILjava/lang/Object;II)V", NULL, arraycopy_leaf},
    {NULL},
};

/* ------------------------------------------------------------------------------------ */
/* java.lang.reflect.Array                                                              */
/* ------------------------------------------------------------------------------------ */

/* HotSpot check_array: the array behind `arr`, NullPointerException /
 * IllegalArgumentException otherwise. */
static Array *check_array(Thread *t, jobject arr, bool prim_only)
{
    Object *o = ref_get(arr);
    if (o == NULL) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
        return NULL;
    }
    if (!class_is_array(o->klass)) {
        exc_throw(t, "java/lang/IllegalArgumentException", "Argument is not an array");
        return NULL;
    }
    if (prim_only && !is_prim_array(o->klass)) {
        exc_throw(t, "java/lang/IllegalArgumentException",
                  "Argument is not an array of primitive type");
        return NULL;
    }
    return (Array *)o;
}

static bool check_index(Thread *t, Array *a, jint index)
{
    if (index < 0 || index >= a->length) {
        exc_throw(t, "java/lang/ArrayIndexOutOfBoundsException", NULL);
        return false;
    }
    return true;
}

/* Reads element `index` of a primitive array into normalized form (reflect.h). */
static BasicType load_prim(Array *a, jint index, Slot *v)
{
    BasicType bt = (BasicType)a->hdr.klass->elem_type;
    void *p = array_elem_addr(a, index, a->hdr.klass->elem_shift);
    v->j = 0;
    switch (bt) {
    case BT_BOOLEAN: v->i = *(uint8_t *)p; break;
    case BT_BYTE: v->i = *(int8_t *)p; break;
    case BT_CHAR: v->i = *(uint16_t *)p; break;
    case BT_SHORT: v->i = *(int16_t *)p; break;
    case BT_INT: v->i = *(int32_t *)p; break;
    case BT_FLOAT: v->f = *(float *)p; break;
    case BT_LONG: v->j = *(int64_t *)p; break;
    case BT_DOUBLE: v->d = *(double *)p; break;
    default: break;
    }
    return bt;
}

static void store_prim(Array *a, jint index, const Slot *v)
{
    void *p = array_elem_addr(a, index, a->hdr.klass->elem_shift);
    switch ((BasicType)a->hdr.klass->elem_type) {
    case BT_BOOLEAN: *(uint8_t *)p = (uint8_t)v->i; break;
    case BT_BYTE: *(int8_t *)p = (int8_t)v->i; break;
    case BT_CHAR: *(uint16_t *)p = (uint16_t)v->i; break;
    case BT_SHORT: *(int16_t *)p = (int16_t)v->i; break;
    case BT_INT: *(int32_t *)p = v->i; break;
    case BT_FLOAT: *(float *)p = v->f; break;
    case BT_LONG: *(int64_t *)p = v->j; break;
    case BT_DOUBLE: *(double *)p = v->d; break;
    default: break;
    }
}

/* jvalue (typed by bt) <-> normalized Slot. */
static Slot from_jvalue(jvalue v, BasicType bt)
{
    Slot s = {0};
    switch (bt) {
    case BT_BOOLEAN: s.i = v.z; break;
    case BT_BYTE: s.i = v.b; break;
    case BT_CHAR: s.i = v.c; break;
    case BT_SHORT: s.i = v.s; break;
    case BT_INT: s.i = v.i; break;
    case BT_FLOAT: s.f = v.f; break;
    case BT_LONG: s.j = v.j; break;
    case BT_DOUBLE: s.d = v.d; break;
    default: break;
    }
    return s;
}

static jvalue to_jvalue(const Slot *s, BasicType bt)
{
    jvalue v;
    memset(&v, 0, sizeof v);
    switch (bt) {
    case BT_BOOLEAN: v.z = (jboolean)s->i; break;
    case BT_BYTE: v.b = (jbyte)s->i; break;
    case BT_CHAR: v.c = (jchar)s->i; break;
    case BT_SHORT: v.s = (jshort)s->i; break;
    case BT_INT: v.i = s->i; break;
    case BT_FLOAT: v.f = s->f; break;
    case BT_LONG: v.j = s->j; break;
    case BT_DOUBLE: v.d = s->d; break;
    default: break;
    }
    return v;
}

VM_EXPORT jint JNICALL JVM_GetArrayLength(JNIEnv *env, jobject arr)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Array *a = check_array(t, arr, false);
    jint r = a ? a->length : 0;
    jni_leave(t, st);
    return r;
}

/* Array.get: the element, boxed for primitive arrays. */
VM_EXPORT jobject JNICALL JVM_GetArrayElement(JNIEnv *env, jobject arr, jint index)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobject r = NULL;
    Array *a = check_array(t, arr, false);
    if (a != NULL && check_index(t, a, index)) {
        if (is_ref_array(a->hdr.klass)) {
            r = ref_new_local(t, ((Object **)array_data(a))[index]);
        } else {
            Slot v;
            BasicType bt = load_prim(a, index, &v);
            r = ref_new_local(t, reflect_box(t, bt, &v));
        }
    }
    jni_leave(t, st);
    return r;
}

/* Array.getInt and friends: the element widened to the requested type wCode. */
VM_EXPORT jvalue JNICALL JVM_GetPrimitiveArrayElement(JNIEnv *env, jobject arr, jint index,
                                                      jint wCode)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jvalue r;
    memset(&r, 0, sizeof r);
    Array *a = check_array(t, arr, true);
    if (a != NULL && check_index(t, a, index)) {
        Slot v;
        BasicType bt = load_prim(a, index, &v);
        if (reflect_widen(t, &v, bt, (BasicType)wCode)) r = to_jvalue(&v, (BasicType)wCode);
    }
    jni_leave(t, st);
    return r;
}

/* HotSpot Reflection::array_set for a value of type `vt` (BT_OBJECT for references). */
static void array_set(Thread *t, Array *a, jint index, Slot v, BasicType vt)
{
    if (!check_index(t, a, index)) return;
    Class *ac = a->hdr.klass;
    if (is_ref_array(ac)) {
        if (vt != BT_OBJECT) return;
        if (v.l != NULL && !obj_instance_of(v.l, ac->component)) {
            exc_throw(t, "java/lang/IllegalArgumentException", "array element type mismatch");
            return;
        }
        ((Object **)array_data(a))[index] = v.l;
        return;
    }
    if (!reflect_widen(t, &v, vt, (BasicType)ac->elem_type)) return;
    store_prim(a, index, &v);
}

/* Array.set: stores a reference, or unboxes and widens for primitive arrays. */
VM_EXPORT void JNICALL JVM_SetArrayElement(JNIEnv *env, jobject arr, jint index, jobject val)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Array *a = check_array(t, arr, false);
    if (a != NULL) {
        Object *box = ref_get(val);
        Slot v = {0};
        if (is_ref_array(a->hdr.klass)) {
            v.l = box;
            array_set(t, a, index, v, BT_OBJECT);
        } else if (box == NULL) {
            exc_throw(t, "java/lang/IllegalArgumentException", NULL);
        } else {
            BasicType vt = reflect_box_value(box, &v);
            array_set(t, a, index, v, vt);
        }
    }
    jni_leave(t, st);
}

/* Array.setInt and friends: v holds a value of type vCode. */
VM_EXPORT void JNICALL JVM_SetPrimitiveArrayElement(JNIEnv *env, jobject arr, jint index,
                                                    jvalue v, unsigned char vCode)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Array *a = check_array(t, arr, true);
    if (a != NULL) array_set(t, a, index, from_jvalue(v, (BasicType)vCode), (BasicType)vCode);
    jni_leave(t, st);
}

/* Array.newInstance(Class, int). */
VM_EXPORT jobject JNICALL JVM_NewArray(JNIEnv *env, jclass eltClass, jint length)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobject r = NULL;
    Object *mirror = ref_get(eltClass);
    Class *c = mirror ? class_from_mirror(mirror) : NULL;
    Array *a = NULL;
    if (c == NULL) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
    } else if (length < 0) {
        exc_throw(t, "java/lang/NegativeArraySizeException", "%d", length);
    } else if (class_is_primitive(c) ? c->elem_type == BT_VOID : c->dims >= MAX_DIMS) {
        exc_throw(t, "java/lang/IllegalArgumentException", NULL);
    } else {
        a = obj_new_ref_array(t, c, length); /* also right for primitives: int -> int[] */
    }
    if (unlikely(jvmti_want(JVMTI_EVENT_VM_OBJECT_ALLOC)) && a) jvmti_post_vm_object_alloc(t, &a->hdr);
    if (a != NULL) r = ref_new_local(t, &a->hdr);
    jni_leave(t, st);
    return r;
}

/* Array.newInstance(Class, int...): `dim` is an int[] of the lengths. */
VM_EXPORT jobject JNICALL JVM_NewMultiArray(JNIEnv *env, jclass eltClass, jintArray dim)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobject r = NULL;
    Array *dims = check_array(t, dim, true);
    if (dims == NULL) goto out;
    Object *mirror = ref_get(eltClass);
    if (mirror == NULL) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
        goto out;
    }
    int n = dims->length;
    if (dims->hdr.klass->elem_type != BT_INT || n <= 0 || n > MAX_DIMS) {
        exc_throw(t, "java/lang/IllegalArgumentException", NULL);
        goto out;
    }
    int32_t lengths[MAX_DIMS];
    memcpy(lengths, array_data(dims), (size_t)n * sizeof(int32_t));
    for (int i = 0; i < n; i++) {
        if (lengths[i] < 0) {
            exc_throw(t, "java/lang/NegativeArraySizeException", "%d", lengths[i]);
            goto out;
        }
    }
    Class *c = class_from_mirror(mirror);
    if (class_is_primitive(c) ? c->elem_type == BT_VOID : c->dims + n > MAX_DIMS) {
        exc_throw(t, "java/lang/IllegalArgumentException", NULL);
        goto out;
    }
    Class *ac = c;
    for (int i = 0; i < n && ac != NULL; i++) ac = loader_array_of(t, ac);
    if (ac == NULL) goto out;
    Array *a = obj_new_multi_array(t, ac, n, lengths);
    if (unlikely(jvmti_want(JVMTI_EVENT_VM_OBJECT_ALLOC)) && a) jvmti_post_vm_object_alloc_multi(t, &a->hdr, n);
    if (a != NULL) r = ref_new_local(t, &a->hdr);
out:
    jni_leave(t, st);
    return r;
}
