// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jni_field.c — JNI field IDs and field access (JNI spec "Accessing Fields of Objects",
 * "Accessing Static Fields").
 *
 * A jfieldID is the Field* (design.md, "Metadata identity"). Instance fields live at
 * Field.offset inside the object; static fields at Field.offset inside the class's mirror
 * (field_static_addr). Get[Static]FieldID initializes the class first, so static storage
 * is ready when the ID is used; like HotSpot, the accessors use only the ID and ignore
 * the jclass argument.
 *
 * Primitive accessors stay in TS_NATIVE (see jniint.h): a strong reference keeps its
 * object alive and in place, and primitive data is invisible to the collector. Reference
 * accessors enter TS_JAVA. Volatile fields are read and written with sequentially
 * consistent atomics, which on every supported target is what the JMM asks of a Java
 * volatile access; plain fields use plain accesses (naturally aligned, so 64-bit values
 * never tear on 64-bit targets). Boolean stores keep only bit 0, as HotSpot does.
 */
#include <string.h>

#include "exception.h"
#include "jniint.h"
#include "sym.h"
#include "../jvmti/jvmti_vm.h" /* field watches */

/* ---- field IDs ---- */

static Field *find_interface_field(const Class *c, const char *name, const char *desc)
{
    for (int i = 0; i < c->interface_count; i++) {
        const Class *ic = c->interfaces[i];
        Field *f = class_find_declared_field(ic, name, desc);
        if (f == NULL) f = find_interface_field(ic, name, desc);
        if (f != NULL) return f;
    }
    return NULL;
}

/* HotSpot's InstanceKlass::find_field: a field of the wanted static-ness declared in c,
 * (static only) in c's superinterfaces, then the same in the superclasses. */
static Field *find_field(const Class *c, const char *name, const char *desc, bool is_static)
{
    for (; c != NULL; c = c->super) {
        Field *f = class_find_declared_field(c, name, desc);
        if (f != NULL && ((f->access & ACC_STATIC) != 0) == is_static) return f;
        if (is_static && (f = find_interface_field(c, name, desc)) != NULL) return f;
    }
    return NULL;
}

/* Get[Static]FieldID in TS_JAVA; NULL with NoSuchFieldError (HotSpot's messages: "C.name
 * sig" for instance fields, just the name for static ones) or an initialization error. */
static Field *field_id(Thread *t, Class *c, const char *name, const char *sig, bool is_static)
{
    const char *n = name ? sym_lookup(name, strlen(name)) : NULL;
    const char *s = sig ? sym_lookup(sig, strlen(sig)) : NULL;
    if (n != NULL && s != NULL && !class_is_primitive(c)) {
        if (!class_is_array(c) && !class_ensure_init(t, c)) return NULL;
        Field *f = class_is_array(c) ? NULL : find_field(c, n, s, is_static);
        if (f != NULL) return f;
    }
    if (is_static) {
        exc_throw(t, "java/lang/NoSuchFieldError", "%s", name ? name : "null");
    } else {
        char ext[1024];
        class_external_name(c, ext, sizeof ext);
        exc_throw(t, "java/lang/NoSuchFieldError", "%s.%s %s", ext, name ? name : "null",
                  sig ? sig : "null");
    }
    return NULL;
}

static jfieldID get_field_id(JNIEnv *env, jclass clazz, const char *name, const char *sig,
                             bool is_static)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Field *f = NULL;
    Class *c = jni_class(t, clazz);
    if (c != NULL) f = field_id(t, c, name, sig, is_static);
    jni_leave(t, st);
    return (jfieldID)f;
}

jfieldID JNICALL jni_GetFieldID(JNIEnv *env, jclass clazz, const char *name, const char *sig)
{
    return get_field_id(env, clazz, name, sig, false);
}

jfieldID JNICALL jni_GetStaticFieldID(JNIEnv *env, jclass clazz, const char *name,
                                      const char *sig)
{
    return get_field_id(env, clazz, name, sig, true);
}

/* ---- JVMTI field watches ---- */

/* JVMTI FieldAccess/FieldModification before an access to a watched field (the accessors
 * test the field's counters first, so unwatched fields pay one load). obj is NULL for a
 * static field; an instance access with a null object posts nothing. A new object value
 * is passed as a JNI reference in value.l. Any thread state; back in the caller's. */
static inline bool access_watched(jfieldID fid)
{
    return unlikely(atomic_load_explicit(&((Field *)fid)->jvmti_access_watches, memory_order_relaxed) != 0);
}
static inline bool modification_watched(jfieldID fid)
{
    return unlikely(atomic_load_explicit(&((Field *)fid)->jvmti_modification_watches, memory_order_relaxed) != 0);
}

static void watch_post(JNIEnv *env, jobject obj, jfieldID fid, bool is_static, const jvalue *value)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Object *o = is_static ? NULL : ref_get(obj);
    if (is_static || o != NULL) {
        if (value == NULL) {
            jvmti_jni_field_access(t, o, (Field *)fid);
        } else {
            jvalue v = *value;
            if (((Field *)fid)->type == BT_OBJECT || ((Field *)fid)->type == BT_ARRAY)
                v.l = (jobject)ref_get(value->l);
            jvmti_jni_field_modification(t, o, (Field *)fid, v);
        }
    }
    jni_leave(t, st);
}

/* The jvalue of a JNI store: the member of its type set, the rest zero. */
#define WATCH_VALUE(v, m, value)                                                            \
    jvalue v;                                                                               \
    v.j = 0;                                                                                \
    v.m = (value)

/* ---- primitive fields ---- */

static inline bool is_volatile(const Field *f) { return (f->access & ACC_VOLATILE) != 0; }
static inline void *instance_addr(Object *o, jfieldID fid)
{
    return (char *)o + ((const Field *)fid)->offset;
}
static inline void *static_addr(jfieldID fid) { return field_static_addr((const Field *)fid); }

/* Typed loads and stores honouring volatile. */
#define DEFINE_ACCESS(Name, jtype, m, bt)                                                   \
    static inline jtype load_##Name(jfieldID fid, void *p)                                  \
    {                                                                                       \
        jtype v;                                                                            \
        if (unlikely(is_volatile((const Field *)fid)))                                      \
            __atomic_load((jtype *)p, &v, __ATOMIC_SEQ_CST);                                \
        else                                                                                \
            v = *(jtype *)p;                                                                \
        return v;                                                                           \
    }                                                                                       \
    static inline void store_##Name(jfieldID fid, void *p, jtype v)                         \
    {                                                                                       \
        if (bt == BT_BOOLEAN) v = (jtype)((long long)v & 1); /* dead for other types */     \
        if (unlikely(is_volatile((const Field *)fid)))                                      \
            __atomic_store((jtype *)p, &v, __ATOMIC_SEQ_CST);                               \
        else                                                                                \
            *(jtype *)p = v;                                                                \
    }
JNI_PRIM_TYPES(DEFINE_ACCESS)
#undef DEFINE_ACCESS

#define DEFINE_PRIM_FIELDS(Name, jtype, m, bt)                                              \
    jtype JNICALL jni_Get##Name##Field(JNIEnv *env, jobject obj, jfieldID fid)             \
    {                                                                                       \
        if (access_watched(fid)) watch_post(env, obj, fid, false, NULL);                    \
        Thread *t = thread_from_env(env);                                                   \
        int st = jni_enter_if_weak(t, obj);                                                 \
        jtype v = 0;                                                                        \
        Object *o = jni_object(t, obj);                                                     \
        if (o != NULL) v = load_##Name(fid, instance_addr(o, fid));                         \
        jni_leave(t, st);                                                                   \
        return v;                                                                           \
    }                                                                                       \
    void JNICALL jni_Set##Name##Field(JNIEnv *env, jobject obj, jfieldID fid, jtype value) \
    {                                                                                       \
        if (modification_watched(fid)) {                                                    \
            WATCH_VALUE(v, m, value);                                                       \
            watch_post(env, obj, fid, false, &v);                                           \
        }                                                                                   \
        Thread *t = thread_from_env(env);                                                   \
        int st = jni_enter_if_weak(t, obj);                                                 \
        Object *o = jni_object(t, obj);                                                     \
        if (o != NULL) store_##Name(fid, instance_addr(o, fid), value);                     \
        jni_leave(t, st);                                                                   \
    }                                                                                       \
    jtype JNICALL jni_GetStatic##Name##Field(JNIEnv *env, jclass clazz, jfieldID fid)      \
    {                                                                                       \
        if (access_watched(fid)) watch_post(env, NULL, fid, true, NULL);                    \
        return load_##Name(fid, static_addr(fid));                                          \
    }                                                                                       \
    void JNICALL jni_SetStatic##Name##Field(JNIEnv *env, jclass clazz, jfieldID fid,       \
                                            jtype value)                                    \
    {                                                                                       \
        if (modification_watched(fid)) {                                                    \
            WATCH_VALUE(v, m, value);                                                       \
            watch_post(env, NULL, fid, true, &v);                                           \
        }                                                                                   \
        store_##Name(fid, static_addr(fid), value);                                         \
    }
JNI_PRIM_TYPES(DEFINE_PRIM_FIELDS)
#undef DEFINE_PRIM_FIELDS

/* ---- reference fields (TS_JAVA) ---- */

static inline Object *load_ref(jfieldID fid, void *p)
{
    if (unlikely(is_volatile((const Field *)fid))) return __atomic_load_n((Object **)p, __ATOMIC_SEQ_CST);
    return *(Object **)p;
}

static inline void store_ref(jfieldID fid, void *p, Object *v)
{
    if (unlikely(is_volatile((const Field *)fid))) __atomic_store_n((Object **)p, v, __ATOMIC_SEQ_CST);
    else *(Object **)p = v;
}

jobject JNICALL jni_GetObjectField(JNIEnv *env, jobject obj, jfieldID fid)
{
    if (access_watched(fid)) watch_post(env, obj, fid, false, NULL);
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobject r = NULL;
    Object *o = jni_object(t, obj);
    if (o != NULL) r = ref_new_local(t, load_ref(fid, instance_addr(o, fid)));
    jni_leave(t, st);
    return r;
}

void JNICALL jni_SetObjectField(JNIEnv *env, jobject obj, jfieldID fid, jobject value)
{
    if (modification_watched(fid)) {
        WATCH_VALUE(v, l, value);
        watch_post(env, obj, fid, false, &v);
    }
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Object *o = jni_object(t, obj);
    if (o != NULL) store_ref(fid, instance_addr(o, fid), ref_get(value));
    jni_leave(t, st);
}

jobject JNICALL jni_GetStaticObjectField(JNIEnv *env, jclass clazz, jfieldID fid)
{
    if (access_watched(fid)) watch_post(env, NULL, fid, true, NULL);
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobject r = ref_new_local(t, load_ref(fid, static_addr(fid)));
    jni_leave(t, st);
    return r;
}

void JNICALL jni_SetStaticObjectField(JNIEnv *env, jclass clazz, jfieldID fid, jobject value)
{
    if (modification_watched(fid)) {
        WATCH_VALUE(v, l, value);
        watch_post(env, NULL, fid, true, &v);
    }
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    store_ref(fid, static_addr(fid), ref_get(value));
    jni_leave(t, st);
}
