// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jvm_cp.c — constant-pool access from Java (jdk.internal.reflect.ConstantPool, used by
 * the annotation parser and by Class.getConstantPool) and the class-file view the old
 * bytecode verifier in libverify reads (JVM_GetCP*, JVM_GetMethodIx*, ...).
 *
 * A ConstantPool object's `constantPoolOop` holds the Class mirror of the class whose
 * pool it shows; every JVM_ConstantPool* call receives (this, constantPoolOop, index).
 * Index and tag checks throw IllegalArgumentException with HotSpot's messages
 * ("Constant pool index out of bounds", "Wrong type at constant pool index"), because
 * the annotation parser catches exactly that type.
 *
 * The libverify functions work on the parsed class file (Class.cf), never on the
 * interpreter's quickened code; the strings they return are symbols, which live as long
 * as the VM, so JVM_ReleaseUTF has nothing to free.
 *
 * All functions are called from native code in TS_NATIVE and bracket their work with
 * jni_enter/jni_leave.
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
#include "../vm/resolve.h"
#include "../vm/string.h"
#include "../vm/sym.h"
#include "../vm/wellknown.h"

#define RECOGNIZED_METHOD_MODIFIERS 0x1DFF
#define RECOGNIZED_FIELD_MODIFIERS 0x50DF

static bool has_class_file(const Class *c)
{
    return c != NULL && !class_is_primitive(c) && !class_is_array(c) && c->cf != NULL;
}

static inline Object **elems(Array *a) { return (Object **)array_data(a); }

/* ------------------------------------------------------------------------------------ */
/* jdk.internal.reflect.ConstantPool                                                    */
/* ------------------------------------------------------------------------------------ */

VM_EXPORT jobject JNICALL JVM_GetClassConstantPool(JNIEnv *env, jclass cls)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobject r = NULL;
    Object *mirror = ref_get(cls);
    if (mirror == NULL) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
    } else if (has_class_file(class_from_mirror(mirror)) &&
               class_ensure_init(t, wk.ConstantPool)) {
        Object *cp = obj_new(t, wk.ConstantPool);
        if (cp != NULL) {
            FIELD_SET(cp, reflect_offsets()->ConstantPool_constantPoolOop, Object *, mirror);
            r = ref_new_local(t, cp);
        }
    }
    jni_leave(t, st);
    return r;
}

/* The class whose pool a ConstantPool call is about: the constantPoolOop argument, or the
 * field of `this` should a caller pass something else. */
static Class *pool_class(Thread *t, jobject self, jobject jcpool)
{
    Object *o = ref_get(jcpool);
    if (o == NULL || o->klass != wk.Class) {
        Object *s = ref_get(self);
        o = s != NULL && s->klass == wk.ConstantPool
                ? FIELD_GET(s, reflect_offsets()->ConstantPool_constantPoolOop, Object *)
                : NULL;
    }
    if (o == NULL || o->klass != wk.Class) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
        return NULL;
    }
    Class *c = class_from_mirror(o);
    if (!has_class_file(c)) {
        exc_throw(t, "java/lang/IllegalArgumentException", "Constant pool index out of bounds");
        return NULL;
    }
    return c;
}

/* Checks `index` and that its tag is one of the given tags (0-terminated list; NULL =
 * any tag). Throws IllegalArgumentException as HotSpot. */
static bool check_entry(Thread *t, const Class *c, jint index, const uint8_t *tags)
{
    if (index < 0 || index >= c->cf->cp_count) {
        exc_throw(t, "java/lang/IllegalArgumentException", "Constant pool index out of bounds");
        return false;
    }
    if (tags == NULL) return true;
    for (const uint8_t *p = tags; *p; p++)
        if (c->cf->cp_tags[index] == *p) return true;
    exc_throw(t, "java/lang/IllegalArgumentException", "Wrong type at constant pool index");
    return false;
}

static const uint8_t TAGS_CLASS[] = {CONSTANT_Class, 0};
static const uint8_t TAGS_METHOD[] = {CONSTANT_Methodref, CONSTANT_InterfaceMethodref, 0};
static const uint8_t TAGS_FIELD[] = {CONSTANT_Fieldref, 0};
static const uint8_t TAGS_MEMBER[] = {CONSTANT_Fieldref, CONSTANT_Methodref,
                                      CONSTANT_InterfaceMethodref, 0};
static const uint8_t TAGS_NAT_HOLDER[] = {CONSTANT_Fieldref, CONSTANT_Methodref,
                                          CONSTANT_InterfaceMethodref, CONSTANT_InvokeDynamic, 0};
static const uint8_t TAGS_NAT[] = {CONSTANT_NameAndType, 0};
static const uint8_t TAGS_INT[] = {CONSTANT_Integer, 0};
static const uint8_t TAGS_LONG[] = {CONSTANT_Long, 0};
static const uint8_t TAGS_FLOAT[] = {CONSTANT_Float, 0};
static const uint8_t TAGS_DOUBLE[] = {CONSTANT_Double, 0};
static const uint8_t TAGS_STRING[] = {CONSTANT_String, 0};
static const uint8_t TAGS_UTF8[] = {CONSTANT_Utf8, 0};

/* Common prologue: the class, with the entry checked; NULL with an exception pending. */
static Class *entry_class(Thread *t, jobject self, jobject jcpool, jint index, const uint8_t *tags)
{
    Class *c = pool_class(t, self, jcpool);
    return c != NULL && check_entry(t, c, index, tags) ? c : NULL;
}

VM_EXPORT jint JNICALL JVM_ConstantPoolGetSize(JNIEnv *env, jobject unused, jobject jcpool)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Class *c = pool_class(t, unused, jcpool);
    jint r = c ? c->cf->cp_count : 0;
    jni_leave(t, st);
    return r;
}

VM_EXPORT jbyte JNICALL JVM_ConstantPoolGetTagAt(JNIEnv *env, jobject unused, jobject jcpool,
                                                 jint index)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Class *c = entry_class(t, unused, jcpool, index, NULL);
    jbyte r = c ? (jbyte)c->cf->cp_tags[index] : 0;
    jni_leave(t, st);
    return r;
}

/* HotSpot ConstantPool::klass_at_if_loaded: the class if it is resolved already or
 * loaded by the pool holder's loader and accessible to it; never loads, never throws. */
static Class *class_if_loaded(Class *c, uint16_t index)
{
    if (index == c->cf->this_class) return c;
    if (resolve_class_in_error(c, index)) return NULL;
    Class *k = atomic_load_explicit(&c->cp.resolved[index], memory_order_acquire);
    if ((uintptr_t)k & 1) return NULL; /* a remembered resolution error (resolve.c) */
    if (k != NULL) return k;
    k = loader_find_loaded(c->loader, cf_class_name(c->cf, index));
    if (k == NULL || class_is_array(k) || !resolve_class_accessible(c, k)) return NULL;
    return k;
}

VM_EXPORT jclass JNICALL JVM_ConstantPoolGetClassAt(JNIEnv *env, jobject unused, jobject jcpool,
                                                    jint index)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jclass r = NULL;
    Class *c = entry_class(t, unused, jcpool, index, TAGS_CLASS);
    Class *k = c ? resolve_class(t, c, (uint16_t)index) : NULL;
    if (k != NULL) r = ref_new_local(t, k->mirror);
    jni_leave(t, st);
    return r;
}

VM_EXPORT jclass JNICALL JVM_ConstantPoolGetClassAtIfLoaded(JNIEnv *env, jobject unused,
                                                            jobject jcpool, jint index)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jclass r = NULL;
    Class *c = entry_class(t, unused, jcpool, index, TAGS_CLASS);
    Class *k = c ? class_if_loaded(c, (uint16_t)index) : NULL;
    if (k != NULL) r = ref_new_local(t, k->mirror);
    jni_leave(t, st);
    return r;
}

/* Name and descriptor of the NameAndType of member-reference entry `index`. */
static void member_nat(const Class *c, jint index, const char **name, const char **desc)
{
    const ClassFile *cf = c->cf;
    const CfConstant *nat = &cf->cp[cf->cp[index].u.ref.nat_index];
    *name = cf_utf8(cf, nat->u.nat.name_index);
    *desc = cf_utf8(cf, nat->u.nat.desc_index);
}

/* The class a member reference names: resolved (force) or only if already loaded. */
static Class *member_holder(Thread *t, Class *c, jint index, bool force)
{
    uint16_t ci = c->cf->cp[index].u.ref.class_index;
    return force ? resolve_class(t, c, ci) : class_if_loaded(c, ci);
}

/* HotSpot get_method_at_helper: the method is looked up among the declared methods of
 * the referenced class only. */
static jobject method_at(JNIEnv *env, jobject self, jobject jcpool, jint index, bool force)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobject r = NULL;
    Class *c = entry_class(t, self, jcpool, index, TAGS_METHOD);
    Class *k = c ? member_holder(t, c, index, force) : NULL;
    if (k != NULL) {
        const char *name, *desc;
        member_nat(c, index, &name, &desc);
        Method *m = has_class_file(k) ? class_find_declared_method(k, name, desc) : NULL;
        if (m == NULL) {
            exc_throw(t, "java/lang/RuntimeException", "Unable to look up method in target class");
        } else {
            Object *o = (m->name != sym.init || method_is_static(m)) ? reflect_method(t, m)
                                                                     : reflect_constructor(t, m);
            r = ref_new_local(t, o);
        }
    }
    jni_leave(t, st);
    return r;
}

VM_EXPORT jobject JNICALL JVM_ConstantPoolGetMethodAt(JNIEnv *env, jobject unused, jobject jcpool,
                                                      jint index)
{
    return method_at(env, unused, jcpool, index, true);
}

VM_EXPORT jobject JNICALL JVM_ConstantPoolGetMethodAtIfLoaded(JNIEnv *env, jobject unused,
                                                              jobject jcpool, jint index)
{
    return method_at(env, unused, jcpool, index, false);
}

/* HotSpot get_field_at_helper: field lookup per JVMS 5.4.3.2 from the referenced class. */
static jobject field_at(JNIEnv *env, jobject self, jobject jcpool, jint index, bool force)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobject r = NULL;
    Class *c = entry_class(t, self, jcpool, index, TAGS_FIELD);
    Class *k = c ? member_holder(t, c, index, force) : NULL;
    if (k != NULL) {
        const char *name, *desc;
        member_nat(c, index, &name, &desc);
        Field *f = has_class_file(k) ? class_lookup_field(k, name, desc) : NULL;
        if (f == NULL)
            exc_throw(t, "java/lang/RuntimeException", "Unable to look up field in target class");
        else
            r = ref_new_local(t, reflect_field(t, f));
    }
    jni_leave(t, st);
    return r;
}

VM_EXPORT jobject JNICALL JVM_ConstantPoolGetFieldAt(JNIEnv *env, jobject unused, jobject jcpool,
                                                     jint index)
{
    return field_at(env, unused, jcpool, index, true);
}

VM_EXPORT jobject JNICALL JVM_ConstantPoolGetFieldAtIfLoaded(JNIEnv *env, jobject unused,
                                                             jobject jcpool, jint index)
{
    return field_at(env, unused, jcpool, index, false);
}

/* A String[] of `n` symbols (NULL with an exception pending on failure). */
static Array *string_array(Thread *t, const char **s, int n)
{
    Array *a = obj_new_ref_array(t, wk.String, n);
    for (int i = 0; a != NULL && i < n; i++) {
        Object *str = str_new_cstr(t, s[i]);
        if (str == NULL) return NULL;
        elems(a)[i] = str;
    }
    return a;
}

/* {class name in internal form, member name, descriptor} of a member reference. */
VM_EXPORT jobjectArray JNICALL JVM_ConstantPoolGetMemberRefInfoAt(JNIEnv *env, jobject unused,
                                                                  jobject jcpool, jint index)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobjectArray r = NULL;
    Class *c = entry_class(t, unused, jcpool, index, TAGS_MEMBER);
    if (c != NULL) {
        const char *s[3];
        s[0] = cf_class_name(c->cf, c->cf->cp[index].u.ref.class_index);
        member_nat(c, index, &s[1], &s[2]);
        Array *a = string_array(t, s, 3);
        if (a != NULL) r = ref_new_local(t, &a->hdr);
    }
    jni_leave(t, st);
    return r;
}

VM_EXPORT jint JNICALL JVM_ConstantPoolGetClassRefIndexAt(JNIEnv *env, jobject obj,
                                                          jobject unused, jint index)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Class *c = entry_class(t, obj, unused, index, TAGS_MEMBER);
    jint r = c ? c->cf->cp[index].u.ref.class_index : 0;
    jni_leave(t, st);
    return r;
}

VM_EXPORT jint JNICALL JVM_ConstantPoolGetNameAndTypeRefIndexAt(JNIEnv *env, jobject obj,
                                                                jobject unused, jint index)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jint r = 0;
    Class *c = entry_class(t, obj, unused, index, TAGS_NAT_HOLDER);
    if (c != NULL) {
        const CfConstant *e = &c->cf->cp[index];
        r = c->cf->cp_tags[index] == CONSTANT_InvokeDynamic ? e->u.dyn.nat_index
                                                             : e->u.ref.nat_index;
    }
    jni_leave(t, st);
    return r;
}

/* {name, descriptor} of a NameAndType entry. */
VM_EXPORT jobjectArray JNICALL JVM_ConstantPoolGetNameAndTypeRefInfoAt(JNIEnv *env, jobject obj,
                                                                       jobject unused, jint index)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobjectArray r = NULL;
    Class *c = entry_class(t, obj, unused, index, TAGS_NAT);
    if (c != NULL) {
        const CfConstant *nat = &c->cf->cp[index];
        const char *s[2] = {cf_utf8(c->cf, nat->u.nat.name_index),
                            cf_utf8(c->cf, nat->u.nat.desc_index)};
        Array *a = string_array(t, s, 2);
        if (a != NULL) r = ref_new_local(t, &a->hdr);
    }
    jni_leave(t, st);
    return r;
}

VM_EXPORT jint JNICALL JVM_ConstantPoolGetIntAt(JNIEnv *env, jobject unused, jobject jcpool,
                                                jint index)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Class *c = entry_class(t, unused, jcpool, index, TAGS_INT);
    jint r = c ? c->cf->cp[index].u.i : 0;
    jni_leave(t, st);
    return r;
}

VM_EXPORT jlong JNICALL JVM_ConstantPoolGetLongAt(JNIEnv *env, jobject unused, jobject jcpool,
                                                  jint index)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Class *c = entry_class(t, unused, jcpool, index, TAGS_LONG);
    jlong r = c ? c->cf->cp[index].u.j : 0;
    jni_leave(t, st);
    return r;
}

VM_EXPORT jfloat JNICALL JVM_ConstantPoolGetFloatAt(JNIEnv *env, jobject unused, jobject jcpool,
                                                    jint index)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Class *c = entry_class(t, unused, jcpool, index, TAGS_FLOAT);
    jfloat r = c ? c->cf->cp[index].u.f : 0.0f;
    jni_leave(t, st);
    return r;
}

VM_EXPORT jdouble JNICALL JVM_ConstantPoolGetDoubleAt(JNIEnv *env, jobject unused, jobject jcpool,
                                                      jint index)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Class *c = entry_class(t, unused, jcpool, index, TAGS_DOUBLE);
    jdouble r = c ? c->cf->cp[index].u.d : 0.0;
    jni_leave(t, st);
    return r;
}

/* The interned literal, as ldc would produce it. */
VM_EXPORT jstring JNICALL JVM_ConstantPoolGetStringAt(JNIEnv *env, jobject unused, jobject jcpool,
                                                      jint index)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jstring r = NULL;
    Class *c = entry_class(t, unused, jcpool, index, TAGS_STRING);
    if (c != NULL) r = ref_new_local(t, resolve_string(t, c, (uint16_t)index));
    jni_leave(t, st);
    return r;
}

VM_EXPORT jstring JNICALL JVM_ConstantPoolGetUTF8At(JNIEnv *env, jobject unused, jobject jcpool,
                                                    jint index)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jstring r = NULL;
    Class *c = entry_class(t, unused, jcpool, index, TAGS_UTF8);
    if (c != NULL) r = ref_new_local(t, str_new_cstr(t, cf_utf8(c->cf, (uint16_t)index)));
    jni_leave(t, st);
    return r;
}

/* ------------------------------------------------------------------------------------ */
/* libverify's class-file view                                                          */
/* ------------------------------------------------------------------------------------ */
/*
 * libverify iterates with counts obtained from this same API, so indexes are normally in
 * range; out-of-range indexes (a misbehaving caller) give 0/NULL results instead of the
 * crash HotSpot would have.
 */

static Class *verify_class(jclass cb)
{
    Object *m = ref_get(cb);
    Class *c = m ? class_from_mirror(m) : NULL;
    return has_class_file(c) ? c : NULL;
}

static Method *method_ix(jclass cb, jint index)
{
    Class *c = verify_class(cb);
    return c && index >= 0 && index < c->method_count ? &c->methods[index] : NULL;
}

static const CfCode *code_ix(jclass cb, jint index)
{
    Method *m = method_ix(cb, index);
    return m && m->cf ? m->cf->code : NULL;
}

/* cp entry `index` of cb if its tag is one of `tags`, else NULL. */
static const CfConstant *cp_ix(const Class *c, jint index, const uint8_t *tags)
{
    if (c == NULL || index <= 0 || index >= c->cf->cp_count) return NULL;
    for (const uint8_t *p = tags; *p; p++)
        if (c->cf->cp_tags[index] == *p) return &c->cf->cp[index];
    return NULL;
}

/* The libverify entry points only read immutable class metadata reachable from a live
 * mirror (the caller holds a reference to it, and objects never move), so most of them
 * need not leave TS_NATIVE. */

VM_EXPORT const char *JNICALL JVM_GetClassNameUTF(JNIEnv *env, jclass cb)
{
    Class *c = verify_class(cb);
    return c ? c->name : NULL;
}

VM_EXPORT void JNICALL JVM_GetClassCPTypes(JNIEnv *env, jclass cb, unsigned char *types)
{
    Class *c = verify_class(cb);
    if (c != NULL) memcpy(types, c->cf->cp_tags, c->cf->cp_count);
}

VM_EXPORT jint JNICALL JVM_GetClassCPEntriesCount(JNIEnv *env, jclass cb)
{
    Class *c = verify_class(cb);
    return c ? c->cf->cp_count : 0;
}

VM_EXPORT jint JNICALL JVM_GetClassFieldsCount(JNIEnv *env, jclass cb)
{
    Class *c = verify_class(cb);
    return c ? c->field_count : 0;
}

VM_EXPORT jint JNICALL JVM_GetClassMethodsCount(JNIEnv *env, jclass cb)
{
    Class *c = verify_class(cb);
    return c ? c->method_count : 0;
}

VM_EXPORT void JNICALL JVM_GetMethodIxExceptionIndexes(JNIEnv *env, jclass cb, jint method_index,
                                                       unsigned short *exceptions)
{
    Method *m = method_ix(cb, method_index);
    for (int i = 0; m && m->cf && i < m->cf->exception_count; i++)
        exceptions[i] = m->cf->exceptions[i];
}

VM_EXPORT jint JNICALL JVM_GetMethodIxExceptionsCount(JNIEnv *env, jclass cb, jint method_index)
{
    Method *m = method_ix(cb, method_index);
    return m && m->cf ? m->cf->exception_count : 0;
}

/* The original bytecode from the class file (the interpreter's copy is quickened). */
VM_EXPORT void JNICALL JVM_GetMethodIxByteCode(JNIEnv *env, jclass cb, jint method_index,
                                               unsigned char *code)
{
    const CfCode *cc = code_ix(cb, method_index);
    if (cc != NULL) memcpy(code, cc->code, cc->code_length);
}

VM_EXPORT jint JNICALL JVM_GetMethodIxByteCodeLength(JNIEnv *env, jclass cb, jint method_index)
{
    const CfCode *cc = code_ix(cb, method_index);
    return cc ? (jint)cc->code_length : 0;
}

VM_EXPORT void JNICALL JVM_GetMethodIxExceptionTableEntry(JNIEnv *env, jclass cb,
                                                          jint method_index, jint entry_index,
                                                          JVM_ExceptionTableEntryType *entry)
{
    const CfCode *cc = code_ix(cb, method_index);
    if (cc == NULL || entry_index < 0 || entry_index >= cc->handler_count) {
        memset(entry, 0, sizeof *entry);
        return;
    }
    const CfExceptionHandler *h = &cc->handlers[entry_index];
    entry->start_pc = h->start_pc;
    entry->end_pc = h->end_pc;
    entry->handler_pc = h->handler_pc;
    entry->catchType = h->catch_type;
}

VM_EXPORT jint JNICALL JVM_GetMethodIxExceptionTableLength(JNIEnv *env, jclass cb, int index)
{
    const CfCode *cc = code_ix(cb, index);
    return cc ? cc->handler_count : 0;
}

VM_EXPORT jint JNICALL JVM_GetFieldIxModifiers(JNIEnv *env, jclass cb, int index)
{
    Class *c = verify_class(cb);
    if (c == NULL || index < 0 || index >= c->field_count) return 0;
    return c->fields[index].access & RECOGNIZED_FIELD_MODIFIERS;
}

VM_EXPORT jint JNICALL JVM_GetMethodIxModifiers(JNIEnv *env, jclass cb, int index)
{
    Method *m = method_ix(cb, index);
    return m ? m->access & RECOGNIZED_METHOD_MODIFIERS : 0;
}

VM_EXPORT jint JNICALL JVM_GetMethodIxLocalsCount(JNIEnv *env, jclass cb, int index)
{
    const CfCode *cc = code_ix(cb, index);
    return cc ? cc->max_locals : 0;
}

VM_EXPORT jint JNICALL JVM_GetMethodIxArgsSize(JNIEnv *env, jclass cb, int index)
{
    Method *m = method_ix(cb, index);
    return m ? m->arg_slots : 0;
}

VM_EXPORT jint JNICALL JVM_GetMethodIxMaxStack(JNIEnv *env, jclass cb, int index)
{
    const CfCode *cc = code_ix(cb, index);
    return cc ? cc->max_stack : 0;
}

VM_EXPORT jboolean JNICALL JVM_IsConstructorIx(JNIEnv *env, jclass cb, int index)
{
    Method *m = method_ix(cb, index);
    return m != NULL && m->name == sym.init;
}

/* Methods the VM made up (no class-file form); HotSpot's overpass methods. */
VM_EXPORT jboolean JNICALL JVM_IsVMGeneratedMethodIx(JNIEnv *env, jclass cb, int index)
{
    Method *m = method_ix(cb, index);
    return m != NULL && m->cf == NULL;
}

VM_EXPORT const char *JNICALL JVM_GetMethodIxNameUTF(JNIEnv *env, jclass cb, jint index)
{
    Method *m = method_ix(cb, index);
    return m ? m->name : NULL;
}

VM_EXPORT const char *JNICALL JVM_GetMethodIxSignatureUTF(JNIEnv *env, jclass cb, jint index)
{
    Method *m = method_ix(cb, index);
    return m ? m->desc : NULL;
}

static const char *ref_part(jclass cb, jint index, const uint8_t *tags, int part)
{
    Class *c = verify_class(cb);
    const CfConstant *e = cp_ix(c, index, tags);
    if (e == NULL) return NULL;
    if (part == 0) return cf_class_name(c->cf, e->u.ref.class_index);
    const CfConstant *nat = &c->cf->cp[e->u.ref.nat_index];
    return cf_utf8(c->cf, part == 1 ? nat->u.nat.name_index : nat->u.nat.desc_index);
}

VM_EXPORT const char *JNICALL JVM_GetCPFieldNameUTF(JNIEnv *env, jclass cb, jint index)
{
    return ref_part(cb, index, TAGS_FIELD, 1);
}

VM_EXPORT const char *JNICALL JVM_GetCPMethodNameUTF(JNIEnv *env, jclass cb, jint index)
{
    return ref_part(cb, index, TAGS_METHOD, 1);
}

VM_EXPORT const char *JNICALL JVM_GetCPMethodSignatureUTF(JNIEnv *env, jclass cb, jint index)
{
    return ref_part(cb, index, TAGS_METHOD, 2);
}

VM_EXPORT const char *JNICALL JVM_GetCPFieldSignatureUTF(JNIEnv *env, jclass cb, jint index)
{
    return ref_part(cb, index, TAGS_FIELD, 2);
}

VM_EXPORT const char *JNICALL JVM_GetCPFieldClassNameUTF(JNIEnv *env, jclass cb, jint index)
{
    return ref_part(cb, index, TAGS_FIELD, 0);
}

VM_EXPORT const char *JNICALL JVM_GetCPMethodClassNameUTF(JNIEnv *env, jclass cb, jint index)
{
    return ref_part(cb, index, TAGS_METHOD, 0);
}

VM_EXPORT const char *JNICALL JVM_GetCPClassNameUTF(JNIEnv *env, jclass cb, jint index)
{
    Class *c = verify_class(cb);
    return cp_ix(c, index, TAGS_CLASS) ? cf_class_name(c->cf, (uint16_t)index) : NULL;
}

/* Modifiers of the field/method that entry `index` of cb names, as declared in
 * calledClass (no inheritance), or -1. */
VM_EXPORT jint JNICALL JVM_GetCPFieldModifiers(JNIEnv *env, jclass cb, int index,
                                               jclass calledClass)
{
    const char *name = ref_part(cb, index, TAGS_FIELD, 1);
    const char *desc = ref_part(cb, index, TAGS_FIELD, 2);
    Class *k = verify_class(calledClass);
    if (name == NULL || k == NULL) return -1;
    for (int i = 0; i < k->field_count; i++)
        if (k->fields[i].name == name && k->fields[i].desc == desc)
            return k->fields[i].access & RECOGNIZED_FIELD_MODIFIERS;
    return -1;
}

VM_EXPORT jint JNICALL JVM_GetCPMethodModifiers(JNIEnv *env, jclass cb, int index,
                                                jclass calledClass)
{
    const char *name = ref_part(cb, index, TAGS_METHOD, 1);
    const char *desc = ref_part(cb, index, TAGS_METHOD, 2);
    Class *k = verify_class(calledClass);
    if (name == NULL || k == NULL) return -1;
    for (int i = 0; i < k->method_count; i++)
        if (k->methods[i].name == name && k->methods[i].desc == desc)
            return k->methods[i].access & RECOGNIZED_METHOD_MODIFIERS;
    return -1;
}

/* Every string handed out above is a symbol owned by the symbol table. */
VM_EXPORT void JNICALL JVM_ReleaseUTF(const char *utf) {}

/* libverify's class lookup: `name` in the loader of `from` (boot loader if null),
 * NoClassDefFoundError if absent, initialized on request. */
VM_EXPORT jclass JNICALL JVM_FindClassFromClass(JNIEnv *env, const char *name, jboolean init,
                                                jclass from)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jclass r = NULL;
    if (name == NULL) {
        exc_throw(t, "java/lang/ClassNotFoundException", "No class name given");
        goto out;
    }
    Object *fm = ref_get(from);
    Class *fc = fm ? class_from_mirror(fm) : NULL;
    Class *k = loader_load(t, fc ? fc->loader : NULL, sym_intern(name));
    if (k == NULL) goto out;
    if (init && has_class_file(k) && !class_ensure_init(t, k)) goto out;
    r = ref_new_local(t, k->mirror);
out:
    jni_leave(t, st);
    return r;
}
