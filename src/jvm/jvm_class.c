// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jvm_class.c — the JVM_* functions behind java.lang.Class introspection and core
 * reflection: names, modifiers, interfaces, declared members, inner/enclosing classes,
 * generic signatures and raw annotations, method parameters, nests, records, sealed
 * classes, signers and protection domains, assertion status, and the native paths of
 * Method.invoke / Constructor.newInstance.
 *
 * Semantics follow HotSpot's jvm.cpp (JDK 17) because the Java code in java.lang.Class
 * builds on its exact answers: e.g. getDeclaredClasses0 must only return classes whose
 * own InnerClasses attribute agrees (the "disagree on InnerClasses attribute"
 * IncompatibleClassChangeError), getEnclosingMethod0 returns a 3-element array, modifiers
 * come from the class's own InnerClasses entry with ACC_SUPER stripped.
 *
 * Every function is called from JNI native code of libjava in TS_NATIVE: it switches to
 * TS_JAVA (jni_enter), works on Object*, converts results to local references and
 * switches back (jni_leave). Failures leave a Java exception pending and return 0/NULL.
 * The Java callers never pass null for the `this` class; we throw NullPointerException
 * rather than crash if someone does.
 */
#include "jvm.h"

#include <stdlib.h>
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
#include "boot.h"
#include "../jvmti/jvmti_vm.h" /* event hooks */

/* Class modifier bits that exist in class files (HotSpot JVM_ACC_WRITTEN_FLAGS). */
#define WRITTEN_FLAGS 0x7FFF

/* ------------------------------------------------------------------------------------ */
/* Helpers                                                                              */
/* ------------------------------------------------------------------------------------ */

/* The VM class behind a jclass; NullPointerException for null. */
static Class *class_arg(Thread *t, jclass cls)
{
    Object *mirror = ref_get(cls);
    if (mirror == NULL) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
        return NULL;
    }
    return class_from_mirror(mirror);
}

/* An ordinary class or interface (not primitive, not array): has a class file. */
static bool is_instance_class(const Class *c)
{
    return c != NULL && !class_is_primitive(c) && !class_is_array(c) && c->cf != NULL;
}

static inline Object **elems(Array *a) { return (Object **)array_data(a); }

static Array *empty_class_array(Thread *t) { return obj_new_ref_array(t, wk.Class, 0); }

/* A local reference to an array that may be NULL (failed allocation). */
static jobject aref(Thread *t, Array *a) { return a ? ref_new_local(t, &a->hdr) : NULL; }

/* Does the class-file name `cpname` (a symbol) name class k? Hidden classes answer to the
 * name in their bytes as well as to their unique name (HotSpot rewrites this_class). */
static bool names_class(const Class *k, const char *cpname)
{
    return cpname == k->name || (k->cf != NULL && cpname == k->cf->this_name);
}

/* The external name of c with HotSpot's spelling for hidden classes: "p.Foo/0x0123"
 * keeps the '/' before the unique suffix. malloc'd. */
static char *external_name(const Class *c)
{
    size_t n = strlen(c->name);
    char *buf = vm_malloc(n + 1);
    const Class *e = class_is_array(c) ? c->element : c;
    const char *keep = (e->flags & CLASS_F_HIDDEN) ? strrchr(c->name, '/') : NULL;
    for (size_t i = 0; i <= n; i++) {
        char ch = c->name[i];
        buf[i] = (ch == '/' && c->name + i != keep) ? '.' : ch;
    }
    return buf;
}

/* The class file's own InnerClasses entry for c, or NULL (HotSpot
 * InstanceKlass::find_inner_classes_attr). May resolve classes; NULL with an exception
 * pending on failure (check exc_pending). */
static const CfInnerClass *own_inner_entry(Thread *t, Class *c)
{
    const ClassFile *cf = c->cf;
    for (int i = 0; i < cf->inner_class_count; i++) {
        const CfInnerClass *ic = &cf->inner_classes[i];
        if (ic->inner_class == 0 || !names_class(c, cf_class_name(cf, ic->inner_class))) continue;
        Class *k = resolve_class(t, c, ic->inner_class);
        if (k == NULL) return NULL;
        if (k == c) return ic;
    }
    return NULL;
}

static void throw_disagree(Thread *t, const Class *outer, const Class *inner)
{
    char *o = external_name(outer), *i = external_name(inner);
    exc_throw(t, "java/lang/IncompatibleClassChangeError",
              "%s and %s disagree on InnerClasses attribute", o, i);
    free(o);
    free(i);
}

/* HotSpot Reflection::check_for_inner_class: does `outer` list `inner` as its member
 * class (member) or as a local/anonymous class of its own (!member)? Throws
 * IncompatibleClassChangeError if not. */
static bool check_inner(Thread *t, Class *outer, Class *inner, bool member)
{
    const ClassFile *cf = outer->cf;
    for (int i = 0; cf != NULL && i < cf->inner_class_count; i++) {
        const CfInnerClass *ic = &cf->inner_classes[i];
        if (ic->inner_class == 0) continue;
        if (member && ic->outer_class != 0) {
            if (names_class(outer, cf_class_name(cf, ic->outer_class)) &&
                names_class(inner, cf_class_name(cf, ic->inner_class))) {
                Class *o = resolve_class(t, outer, ic->outer_class);
                if (o == NULL) return false;
                if (o == outer) {
                    Class *k = resolve_class(t, outer, ic->inner_class);
                    if (k == NULL) return false;
                    if (k == inner) return true;
                }
            }
        }
        if (!member && ic->outer_class == 0 &&
            names_class(inner, cf_class_name(cf, ic->inner_class))) {
            Class *k = resolve_class(t, outer, ic->inner_class);
            if (k == NULL) return false;
            if (k == inner) return true;
        }
    }
    throw_disagree(t, outer, inner);
    return false;
}

/* HotSpot InstanceKlass::compute_enclosing_class: the class that declares c (member
 * classes) or whose method encloses it (local and anonymous classes), validated in both
 * directions. NULL for top-level classes, or with an exception pending. */
static Class *enclosing_class(Thread *t, Class *c, bool *is_member)
{
    *is_member = false;
    const CfInnerClass *own = own_inner_entry(t, c);
    if (own == NULL) return NULL;
    Class *outer = NULL;
    if (own->outer_class != 0) {
        Class *k = resolve_class(t, c, own->outer_class);
        if (k == NULL) return NULL;
        if (!is_instance_class(k)) {
            throw_disagree(t, k, c);
            return NULL;
        }
        outer = k;
        *is_member = true;
    }
    if (outer == NULL && c->cf->has_enclosing_method && c->cf->enclosing_class != 0) {
        outer = resolve_class(t, c, c->cf->enclosing_class);
        if (outer == NULL) return NULL;
    }
    if (outer == NULL) return NULL;
    if (!check_inner(t, outer, c, *is_member)) return NULL;
    return outer;
}

static bool is_vm_error(Object *e)
{
    static Class *vme;
    if (vme == NULL) vme = loader_find_loaded(NULL, sym_intern("java/lang/VirtualMachineError"));
    return vme != NULL && obj_instance_of(e, vme);
}

/* Resolves CP class entry `index` of c for list-returning queries (nest members,
 * permitted subclasses): failures other than VirtualMachineErrors are skipped, as
 * HotSpot does. Returns NULL either way; *fatal tells whether an error must propagate. */
static Class *resolve_member_class(Thread *t, Class *c, uint16_t index, bool *fatal)
{
    *fatal = false;
    Class *k = resolve_class(t, c, index);
    if (k != NULL) return k;
    if (is_vm_error(exc_pending(t))) {
        *fatal = true;
    } else {
        exc_clear(t);
    }
    return NULL;
}

/* A Class[] holding the first n of `tmp`. */
static Array *class_array_of(Thread *t, Object **tmp, int n)
{
    Array *a = obj_new_ref_array(t, wk.Class, n);
    if (a != NULL) memcpy(array_data(a), tmp, (size_t)n * sizeof(Object *));
    return a;
}

/* ------------------------------------------------------------------------------------ */
/* Names, kinds, modifiers                                                              */
/* ------------------------------------------------------------------------------------ */

/* Class.initClassName: sets Class.name to the interned external name and returns it. */
VM_EXPORT jstring JNICALL JVM_InitClassName(JNIEnv *env, jclass cls)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jstring r = NULL;
    Class *c = class_arg(t, cls);
    if (c != NULL) {
        Object *mirror = c->mirror;
        Object *name = FIELD_GET(mirror, wk_off.Class_name, Object *);
        if (name == NULL) {
            char *ext = external_name(c);
            name = str_intern_mutf8(t, ext, strlen(ext));
            free(ext);
            if (name != NULL) FIELD_SET(mirror, wk_off.Class_name, Object *, name);
        }
        r = ref_new_local(t, name);
    }
    jni_leave(t, st);
    return r;
}

VM_EXPORT jboolean JNICALL JVM_IsInterface(JNIEnv *env, jclass cls)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Class *c = class_arg(t, cls);
    jboolean r = c != NULL && !class_is_primitive(c) && class_is_interface(c);
    jni_leave(t, st);
    return r;
}

VM_EXPORT jboolean JNICALL JVM_IsArrayClass(JNIEnv *env, jclass cls)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Class *c = class_arg(t, cls);
    jboolean r = c != NULL && class_is_array(c);
    jni_leave(t, st);
    return r;
}

VM_EXPORT jboolean JNICALL JVM_IsPrimitiveClass(JNIEnv *env, jclass cls)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Class *c = class_arg(t, cls);
    jboolean r = c != NULL && class_is_primitive(c);
    jni_leave(t, st);
    return r;
}

VM_EXPORT jboolean JNICALL JVM_IsHiddenClass(JNIEnv *env, jclass cls)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Class *c = class_arg(t, cls);
    jboolean r = c != NULL && !class_is_primitive(c) && (c->flags & CLASS_F_HIDDEN) != 0;
    jni_leave(t, st);
    return r;
}

/* HotSpot compute_modifier_flags: an instance class's flags come from its own
 * InnerClasses entry when it has one (member, local and anonymous classes: that is where
 * private/protected/static live); arrays take public/private/protected from their element
 * and are always abstract and final; primitives are public abstract final. */
static jint class_modifiers(const Class *c)
{
    if (class_is_array(c)) {
        const Class *e = c->element;
        jint vis = class_is_primitive(e) ? ACC_PUBLIC
                                         : class_modifiers(e) & (ACC_PUBLIC | ACC_PRIVATE | ACC_PROTECTED);
        return vis | ACC_ABSTRACT | ACC_FINAL;
    }
    if (class_is_primitive(c) || c->cf == NULL) return ACC_PUBLIC | ACC_ABSTRACT | ACC_FINAL;
    const ClassFile *cf = c->cf;
    jint access = c->access;
    for (int i = 0; i < cf->inner_class_count; i++) {
        const CfInnerClass *ic = &cf->inner_classes[i];
        if (ic->inner_class != 0 && names_class(c, cf_class_name(cf, ic->inner_class))) {
            access = ic->access;
            break;
        }
    }
    return (access & ~ACC_SUPER) & WRITTEN_FLAGS;
}

VM_EXPORT jint JNICALL JVM_GetClassModifiers(JNIEnv *env, jclass cls)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Class *c = class_arg(t, cls);
    jint r = c != NULL ? class_modifiers(c) : 0;
    jni_leave(t, st);
    return r;
}

/* The class file's own access flags (Reflection.getClassAccessFlags), not the
 * InnerClasses view. Array classes have none (0, as on HotSpot: Reflection then treats
 * them as non-public). */
VM_EXPORT jint JNICALL JVM_GetClassAccessFlags(JNIEnv *env, jclass cls)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Class *c = class_arg(t, cls);
    jint r = 0;
    if (c != NULL)
        r = class_is_primitive(c) ? (ACC_PUBLIC | ACC_ABSTRACT | ACC_FINAL)
            : class_is_array(c)   ? 0
                                  : (c->access & WRITTEN_FLAGS);
    jni_leave(t, st);
    return r;
}

VM_EXPORT jobjectArray JNICALL JVM_GetClassInterfaces(JNIEnv *env, jclass cls)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobjectArray r = NULL;
    Class *c = class_arg(t, cls);
    if (c != NULL) {
        Array *a;
        if (class_is_primitive(c)) {
            a = empty_class_array(t);
        } else if (class_is_array(c)) {
            /* Every array implements Cloneable and Serializable (JLS 10.8). */
            a = obj_new_ref_array(t, wk.Class, 2);
            if (a != NULL) {
                elems(a)[0] = wk.Cloneable->mirror;
                elems(a)[1] = wk.Serializable->mirror;
            }
        } else {
            a = obj_new_ref_array(t, wk.Class, c->interface_count);
            for (int i = 0; a != NULL && i < c->interface_count; i++)
                elems(a)[i] = c->interfaces[i]->mirror;
        }
        r = aref(t, a);
    }
    jni_leave(t, st);
    return r;
}

/* ------------------------------------------------------------------------------------ */
/* Signers, protection domain                                                           */
/* ------------------------------------------------------------------------------------ */

/* A copy of the signers array (callers may not modify ours), NULL if there are none. */
VM_EXPORT jobjectArray JNICALL JVM_GetClassSigners(JNIEnv *env, jclass cls)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobjectArray r = NULL;
    Class *c = class_arg(t, cls);
    if (c != NULL && !class_is_primitive(c) && c->signers != NULL) {
        Array *s = (Array *)c->signers;
        Array *copy = obj_new_array(t, s->hdr.klass, s->length);
        if (copy != NULL) {
            memcpy(array_data(copy), array_data(s), (size_t)s->length * sizeof(Object *));
            r = aref(t, copy);
        }
    }
    jni_leave(t, st);
    return r;
}

VM_EXPORT void JNICALL JVM_SetClassSigners(JNIEnv *env, jclass cls, jobjectArray signers)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Class *c = class_arg(t, cls);
    /* Ignored for primitives and arrays: only ClassLoader.setSigners calls this. */
    if (is_instance_class(c)) c->signers = ref_get(signers);
    jni_leave(t, st);
}

VM_EXPORT jobject JNICALL JVM_GetProtectionDomain(JNIEnv *env, jclass cls)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobject r = NULL;
    Class *c = class_arg(t, cls);
    if (c != NULL && !class_is_primitive(c) && !class_is_array(c))
        r = ref_new_local(t, c->protection_domain);
    jni_leave(t, st);
    return r;
}

/* ------------------------------------------------------------------------------------ */
/* Inner and enclosing classes                                                          */
/* ------------------------------------------------------------------------------------ */

/* Class.getDeclaredClasses0: the member classes c declares, each confirmed by the inner
 * class's own InnerClasses attribute. */
VM_EXPORT jobjectArray JNICALL JVM_GetDeclaredClasses(JNIEnv *env, jclass ofClass)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobjectArray r = NULL;
    Object **tmp = NULL;
    Class *c = class_arg(t, ofClass);
    if (c == NULL) goto out;
    if (!is_instance_class(c) || c->cf->inner_class_count == 0) {
        r = aref(t, empty_class_array(t));
        goto out;
    }
    const ClassFile *cf = c->cf;
    tmp = vm_calloc(cf->inner_class_count, sizeof *tmp);
    int n = 0;
    for (int i = 0; i < cf->inner_class_count; i++) {
        const CfInnerClass *ic = &cf->inner_classes[i];
        if (ic->inner_class == 0 || ic->outer_class == 0) continue;
        if (!names_class(c, cf_class_name(cf, ic->outer_class))) continue;
        Class *outer = resolve_class(t, c, ic->outer_class);
        if (outer == NULL) goto out;
        if (outer != c) continue;
        Class *inner = resolve_class(t, c, ic->inner_class);
        if (inner == NULL) goto out;
        if (!is_instance_class(inner)) {
            throw_disagree(t, c, inner);
            goto out;
        }
        if (!check_inner(t, c, inner, true)) goto out;
        tmp[n++] = inner->mirror;
    }
    Array *a = class_array_of(t, tmp, n);
    if (a != NULL) r = aref(t, a);
out:
    free(tmp);
    jni_leave(t, st);
    return r;
}

/* Class.getDeclaringClass0: the outer class of a member class; null for top-level,
 * local and anonymous classes. */
VM_EXPORT jclass JNICALL JVM_GetDeclaringClass(JNIEnv *env, jclass ofClass)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jclass r = NULL;
    Class *c = class_arg(t, ofClass);
    if (is_instance_class(c)) {
        bool member;
        Class *outer = enclosing_class(t, c, &member);
        if (outer != NULL && member) r = ref_new_local(t, outer->mirror);
    }
    jni_leave(t, st);
    return r;
}

/* Class.getSimpleBinaryName0: the inner_name of the class's own InnerClasses entry
 * (null for top-level and anonymous classes). */
VM_EXPORT jstring JNICALL JVM_GetSimpleBinaryName(JNIEnv *env, jclass cls)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jstring r = NULL;
    Class *c = class_arg(t, cls);
    if (is_instance_class(c)) {
        const CfInnerClass *own = own_inner_entry(t, c);
        if (own != NULL && own->inner_name != NULL)
            r = ref_new_local(t, str_new_cstr(t, own->inner_name));
    }
    jni_leave(t, st);
    return r;
}

/* Class.getEnclosingMethod0: {enclosing class, method name, method descriptor} from the
 * EnclosingMethod attribute (name and descriptor null outside a method), or null. */
VM_EXPORT jobjectArray JNICALL JVM_GetEnclosingMethodInfo(JNIEnv *env, jclass ofClass)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobjectArray r = NULL;
    Object *mirror = ref_get(ofClass);
    Class *c = mirror ? class_from_mirror(mirror) : NULL;
    if (!is_instance_class(c) || !c->cf->has_enclosing_method || c->cf->enclosing_class == 0)
        goto out;
    Array *a = obj_new_ref_array(t, wk.Object, 3);
    if (a == NULL) goto out;
    Class *enc = resolve_class(t, c, c->cf->enclosing_class);
    if (enc == NULL) goto out;
    elems(a)[0] = enc->mirror;
    if (c->cf->enclosing_method != 0) {
        const CfConstant *nat = &c->cf->cp[c->cf->enclosing_method];
        Object *name = str_new_cstr(t, cf_utf8(c->cf, nat->u.nat.name_index));
        if (name == NULL) goto out;
        elems(a)[1] = name;
        Object *desc = str_new_cstr(t, cf_utf8(c->cf, nat->u.nat.desc_index));
        if (desc == NULL) goto out;
        elems(a)[2] = desc;
    }
    r = aref(t, a);
out:
    jni_leave(t, st);
    return r;
}

/* ------------------------------------------------------------------------------------ */
/* Generic signatures and raw annotations                                               */
/* ------------------------------------------------------------------------------------ */

VM_EXPORT jstring JNICALL JVM_GetClassSignature(JNIEnv *env, jclass cls)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jstring r = NULL;
    Class *c = class_arg(t, cls);
    if (is_instance_class(c) && c->cf->signature != NULL)
        r = ref_new_local(t, str_new_cstr(t, c->cf->signature));
    jni_leave(t, st);
    return r;
}

static jbyteArray bytes_ref(Thread *t, CfBytes b)
{
    Array *a = reflect_bytes(t, b);
    return a ? ref_new_local(t, &a->hdr) : NULL;
}

VM_EXPORT jbyteArray JNICALL JVM_GetClassAnnotations(JNIEnv *env, jclass cls)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jbyteArray r = NULL;
    Class *c = class_arg(t, cls);
    if (is_instance_class(c)) r = bytes_ref(t, c->cf->annotations);
    jni_leave(t, st);
    return r;
}

VM_EXPORT jbyteArray JNICALL JVM_GetClassTypeAnnotations(JNIEnv *env, jclass cls)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jbyteArray r = NULL;
    Class *c = class_arg(t, cls);
    if (is_instance_class(c)) r = bytes_ref(t, c->cf->type_annotations);
    jni_leave(t, st);
    return r;
}

VM_EXPORT jbyteArray JNICALL JVM_GetFieldTypeAnnotations(JNIEnv *env, jobject field)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jbyteArray r = NULL;
    Field *f = reflect_to_field(ref_get(field));
    if (f == NULL && field == NULL) exc_throw(t, "java/lang/NullPointerException", NULL);
    if (f != NULL && f->cf != NULL) r = bytes_ref(t, f->cf->type_annotations);
    jni_leave(t, st);
    return r;
}

VM_EXPORT jbyteArray JNICALL JVM_GetMethodTypeAnnotations(JNIEnv *env, jobject method)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jbyteArray r = NULL;
    Method *m = reflect_to_method(ref_get(method));
    if (m == NULL && method == NULL) exc_throw(t, "java/lang/NullPointerException", NULL);
    /* Kept by HotSpot only when not empty, as the other method annotations (reflect.c). */
    if (m != NULL && m->cf != NULL && m->cf->type_annotations.len > 0) r = bytes_ref(t, m->cf->type_annotations);
    jni_leave(t, st);
    return r;
}

/* ------------------------------------------------------------------------------------ */
/* Declared members                                                                     */
/* ------------------------------------------------------------------------------------ */

/* Methods reflection shows: constructors are the instance <init>s; methods everything but
 * <init> and <clinit>. VM-synthesized methods (no class-file form) are never shown. */
static bool selected(const Method *m, bool want_ctor, bool public_only)
{
    if (m->cf == NULL || (m->flags & METHOD_F_DELETED)) return false;
    if (public_only && !(m->access & ACC_PUBLIC)) return false;
    if (want_ctor) return m->name == sym.init && !method_is_static(m);
    return m->name != sym.init && m->name != sym.clinit;
}

static jobjectArray declared_methods(JNIEnv *env, jclass ofClass, jboolean public_only,
                                     bool want_ctor)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobjectArray r = NULL;
    Class *rc = want_ctor ? wk.Constructor : wk.Method;
    Class *c = class_arg(t, ofClass);
    if (c == NULL) goto out;
    if (!is_instance_class(c)) {
        Array *a = obj_new_ref_array(t, rc, 0);
        if (a != NULL) r = aref(t, a);
        goto out;
    }
    if (!class_link(t, c) || !class_verify(t, c)) goto out;
    int n = 0;
    for (int i = 0; i < c->method_count; i++) n += selected(&c->methods[i], want_ctor, public_only);
    Array *a = obj_new_ref_array(t, rc, n);
    if (a == NULL) goto out;
    int k = 0;
    for (int i = 0; i < c->method_count && k < n; i++) {
        Method *m = &c->methods[i];
        if (!selected(m, want_ctor, public_only)) continue;
        Object *o = want_ctor ? reflect_constructor(t, m) : reflect_method(t, m);
        if (o == NULL) goto out;
        elems(a)[k++] = o;
    }
    r = aref(t, a);
out:
    jni_leave(t, st);
    return r;
}

VM_EXPORT jobjectArray JNICALL JVM_GetClassDeclaredMethods(JNIEnv *env, jclass ofClass,
                                                           jboolean publicOnly)
{
    return declared_methods(env, ofClass, publicOnly, false);
}

VM_EXPORT jobjectArray JNICALL JVM_GetClassDeclaredConstructors(JNIEnv *env, jclass ofClass,
                                                                jboolean publicOnly)
{
    return declared_methods(env, ofClass, publicOnly, true);
}

VM_EXPORT jobjectArray JNICALL JVM_GetClassDeclaredFields(JNIEnv *env, jclass ofClass,
                                                          jboolean publicOnly)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobjectArray r = NULL;
    Class *c = class_arg(t, ofClass);
    if (c == NULL) goto out;
    if (!is_instance_class(c)) {
        Array *a = obj_new_ref_array(t, wk.Field, 0);
        if (a != NULL) r = aref(t, a);
        goto out;
    }
    if (!class_link(t, c) || !class_verify(t, c)) goto out;
    int n = 0;
    for (int i = 0; i < c->field_count; i++)
        n += (!publicOnly || (c->fields[i].access & ACC_PUBLIC)) && !c->fields[i].deleted;
    Array *a = obj_new_ref_array(t, wk.Field, n);
    if (a == NULL) goto out;
    int k = 0;
    for (int i = 0; i < c->field_count && k < n; i++) {
        Field *f = &c->fields[i];
        if ((publicOnly && !(f->access & ACC_PUBLIC)) || f->deleted) continue;
        Object *o = reflect_field(t, f);
        if (o == NULL) goto out;
        elems(a)[k++] = o;
    }
    r = aref(t, a);
out:
    jni_leave(t, st);
    return r;
}

/* Executable.getParameters0: java.lang.reflect.Parameter objects from the MethodParameters
 * attribute, null without one. Name indexes are checked here, not by the parser, with
 * HotSpot's messages; the Java side then checks names and flags
 * (MalformedParametersException). */
VM_EXPORT jobjectArray JNICALL JVM_GetMethodParameters(JNIEnv *env, jobject method)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobjectArray r = NULL;
    Object *mobj = ref_get(method);
    Method *m = reflect_to_method(mobj);
    if (m == NULL) {
        if (mobj == NULL) exc_throw(t, "java/lang/NullPointerException", NULL);
        goto out;
    }
    if (m->cf == NULL || m->cf->method_parameters_raw.data == NULL) goto out;
    const uint8_t *p = m->cf->method_parameters_raw.data;
    uint32_t len = m->cf->method_parameters_raw.len;
    int n = len >= 1 ? p[0] : 0;
    if (len < 1 + 4u * (uint32_t)n) n = (int)((len - (len ? 1 : 0)) / 4);
    const ClassFile *cf = m->clazz->cf;
    for (int i = 0; i < n; i++) {
        uint16_t idx = (uint16_t)(p[1 + 4 * i] << 8 | p[2 + 4 * i]);
        if (idx >= cf->cp_count) {
            exc_throw(t, "java/lang/IllegalArgumentException", "Constant pool index out of bounds");
            goto out;
        }
        if (idx != 0 && cf->cp_tags[idx] != CONSTANT_Utf8) {
            exc_throw(t, "java/lang/IllegalArgumentException", "Wrong type at constant pool index");
            goto out;
        }
    }
    const ReflectOffsets *ro = reflect_offsets();
    Array *a = obj_new_ref_array(t, wk.Parameter, n);
    if (a == NULL || !class_ensure_init(t, wk.Parameter)) goto out;
    for (int i = 0; i < n; i++) {
        uint16_t idx = (uint16_t)(p[1 + 4 * i] << 8 | p[2 + 4 * i]);
        uint16_t flags = (uint16_t)(p[3 + 4 * i] << 8 | p[4 + 4 * i]);
        Object *name = NULL;
        if (idx != 0 && (name = str_new_cstr(t, cf_utf8(cf, idx))) == NULL) goto out;
        Object *param = obj_new(t, wk.Parameter);
        if (param == NULL) goto out;
        FIELD_SET(param, ro->Parameter_name, Object *, name);
        FIELD_SET(param, ro->Parameter_modifiers, int32_t, flags);
        FIELD_SET(param, ro->Parameter_executable, Object *, mobj);
        FIELD_SET(param, ro->Parameter_index, int32_t, i);
        elems(a)[i] = param;
    }
    r = aref(t, a);
out:
    jni_leave(t, st);
    return r;
}

/* ------------------------------------------------------------------------------------ */
/* Nests (JVMS 5.4.4), records, sealed classes                                          */
/* ------------------------------------------------------------------------------------ */

static Class *nest_host_of(Thread *t, Class *c)
{
    if (!is_instance_class(c)) return c;
    return resolve_nest_host(t, c);
}

VM_EXPORT jboolean JNICALL JVM_AreNestMates(JNIEnv *env, jclass current, jclass member)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jboolean r = false;
    Class *a = class_arg(t, current);
    Class *b = a ? class_arg(t, member) : NULL;
    if (a != NULL && b != NULL) {
        if (a == b) {
            r = true;
        } else if (is_instance_class(a) && is_instance_class(b)) {
            Class *ha = nest_host_of(t, a);
            Class *hb = ha ? nest_host_of(t, b) : NULL;
            r = ha != NULL && ha == hb;
        }
    }
    jni_leave(t, st);
    return r;
}

VM_EXPORT jclass JNICALL JVM_GetNestHost(JNIEnv *env, jclass current)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jclass r = NULL;
    Class *c = class_arg(t, current);
    Class *host = c ? nest_host_of(t, c) : NULL;
    if (host != NULL) r = ref_new_local(t, host->mirror);
    jni_leave(t, st);
    return r;
}

/* Class.getNestMembers0: the host first, then the listed members that load and agree
 * that they belong to this nest. */
VM_EXPORT jobjectArray JNICALL JVM_GetNestMembers(JNIEnv *env, jclass current)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobjectArray r = NULL;
    Object **tmp = NULL;
    Class *c = class_arg(t, current);
    Class *host = c ? nest_host_of(t, c) : NULL;
    if (host == NULL) goto out;
    int count = host->cf ? host->cf->nest_member_count : 0;
    tmp = vm_calloc((size_t)count + 1, sizeof *tmp);
    int n = 0;
    tmp[n++] = host->mirror;
    for (int i = 0; i < count; i++) {
        bool fatal;
        Class *k = resolve_member_class(t, host, host->cf->nest_members[i], &fatal);
        if (fatal) goto out;
        if (!is_instance_class(k)) continue;
        Class *kh = nest_host_of(t, k);
        if (kh == NULL) goto out;
        if (kh == host) tmp[n++] = k->mirror;
    }
    Array *a = class_array_of(t, tmp, n);
    if (a != NULL) r = aref(t, a);
out:
    free(tmp);
    jni_leave(t, st);
    return r;
}

/* Class.getPermittedSubclasses0: null unless the class is sealed (a non-empty
 * PermittedSubclasses attribute); entries that fail to load are left out. */
VM_EXPORT jobjectArray JNICALL JVM_GetPermittedSubclasses(JNIEnv *env, jclass current)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobjectArray r = NULL;
    Object **tmp = NULL;
    Class *c = class_arg(t, current);
    if (!is_instance_class(c) || !c->cf->has_permitted_subclasses ||
        c->cf->permitted_subclass_count == 0)
        goto out;
    int count = c->cf->permitted_subclass_count;
    tmp = vm_calloc((size_t)count, sizeof *tmp);
    int n = 0;
    for (int i = 0; i < count; i++) {
        bool fatal;
        Class *k = resolve_member_class(t, c, c->cf->permitted_subclasses[i], &fatal);
        if (fatal) goto out;
        if (is_instance_class(k)) tmp[n++] = k->mirror;
    }
    Array *a = class_array_of(t, tmp, n);
    if (a != NULL) r = aref(t, a);
out:
    free(tmp);
    jni_leave(t, st);
    return r;
}

VM_EXPORT jboolean JNICALL JVM_IsRecord(JNIEnv *env, jclass cls)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Class *c = class_arg(t, cls);
    jboolean r = is_instance_class(c) && reflect_is_record(c);
    jni_leave(t, st);
    return r;
}

static Object *record_component(Thread *t, Class *c, const CfRecordComponent *rc)
{
    const ReflectOffsets *ro = reflect_offsets();
    Object *name = str_intern_mutf8(t, rc->name, strlen(rc->name));
    if (name == NULL) return NULL;
    Class *type = resolve_type_desc(t, c, rc->desc, strlen(rc->desc));
    if (type == NULL) return NULL;
    /* HotSpot resolves the type as a constant-pool reference of c would be
     * (find_java_mirror_for_type with c accessing): an element class c may not access
     * is the IllegalAccessError resolve_class_name throws. */
    const Class *elem = class_is_array(type) ? type->element : type;
    if (!class_is_primitive(elem) && !resolve_class_accessible(c, elem) &&
        resolve_class_name(t, c, elem->name) == NULL)
        return NULL;
    /* The accessor: an instance method of c named like the component, "()" + type. */
    size_t dl = strlen(rc->desc);
    char *sig = vm_malloc(dl + 3);
    sig[0] = '(';
    sig[1] = ')';
    memcpy(sig + 2, rc->desc, dl + 1);
    Method *acc = class_find_declared_method(c, rc->name, sym_intern(sig));
    free(sig);
    Object *accessor = NULL;
    if (acc != NULL && !method_is_static(acc) && (accessor = reflect_method(t, acc)) == NULL)
        return NULL;
    Object *signature = NULL;
    if (rc->signature != NULL &&
        (signature = str_intern_mutf8(t, rc->signature, strlen(rc->signature))) == NULL)
        return NULL;
    Array *ann = reflect_bytes(t, rc->annotations);
    if (ann == NULL && exc_pending(t)) return NULL;
    Array *tann = reflect_bytes(t, rc->type_annotations);
    if (tann == NULL && exc_pending(t)) return NULL;
    if (!class_ensure_init(t, wk.RecordComponent)) return NULL;
    Object *o = obj_new(t, wk.RecordComponent);
    if (o == NULL) return NULL;
    FIELD_SET(o, ro->RecordComponent_clazz, Object *, c->mirror);
    FIELD_SET(o, ro->RecordComponent_name, Object *, name);
    FIELD_SET(o, ro->RecordComponent_type, Object *, type->mirror);
    FIELD_SET(o, ro->RecordComponent_accessor, Object *, accessor);
    FIELD_SET(o, ro->RecordComponent_signature, Object *, signature);
    FIELD_SET(o, ro->RecordComponent_annotations, Object *, (Object *)ann);
    FIELD_SET(o, ro->RecordComponent_typeAnnotations, Object *, (Object *)tann);
    return o;
}

/* Class.getRecordComponents0: the Record attribute's components (even if the class is
 * not a proper record: Java checks isRecord first), null without the attribute. */
VM_EXPORT jobjectArray JNICALL JVM_GetRecordComponents(JNIEnv *env, jclass ofClass)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobjectArray r = NULL;
    Class *c = class_arg(t, ofClass);
    if (!is_instance_class(c) || !c->cf->is_record) goto out;
    int n = c->cf->record_component_count;
    Array *a = obj_new_ref_array(t, wk.RecordComponent, n);
    if (a == NULL) goto out;
    for (int i = 0; i < n; i++) {
        Object *o = record_component(t, c, &c->cf->record_components[i]);
        if (o == NULL) goto out;
        elems(a)[i] = o;
    }
    r = aref(t, a);
out:
    jni_leave(t, st);
    return r;
}

/* Loader and package of a class for JVM_IsSameClassPackage: arrays use their element;
 * primitive types count as the boot loader's unnamed package, as HotSpot's type arrays. */
static void loader_and_package(const Class *c, Object **loader, const char **pkg)
{
    const Class *e = class_is_array(c) ? c->element : c;
    if (class_is_primitive(e)) {
        *loader = NULL;
        *pkg = NULL;
        return;
    }
    *loader = e->loader;
    *pkg = e->package ? e->package : class_package_of(e->name);
}

VM_EXPORT jboolean JNICALL JVM_IsSameClassPackage(JNIEnv *env, jclass class1, jclass class2)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jboolean r = false;
    Class *a = class_arg(t, class1);
    Class *b = a ? class_arg(t, class2) : NULL;
    if (a != NULL && b != NULL) {
        Object *la, *lb;
        const char *pa, *pb;
        loader_and_package(a, &la, &pa);
        loader_and_package(b, &lb, &pb);
        r = la == lb && pa == pb;
    }
    jni_leave(t, st);
    return r;
}

/* ------------------------------------------------------------------------------------ */
/* Assertion status (-ea/-da/-esa/-dsa)                                                 */
/* ------------------------------------------------------------------------------------ */

static inline char dot(char c) { return c == '/' ? '.' : c; }

/* Does directive name `d` equal the first `len` bytes of internal name `n`? HotSpot
 * treats '.' and '/' alike in directive names. */
static bool name_eq(const char *d, const char *n, size_t len)
{
    for (size_t i = 0; i < len; i++, d++)
        if (*d == 0 || dot(*d) != dot(n[i])) return false;
    return *d == 0;
}

/* A directive's name as a Java String, '/' written as '.'. */
static Object *directive_name(Thread *t, const char *name)
{
    char *s = vm_strdup(name);
    for (char *p = s; *p; p++) *p = dot(*p);
    Object *str = str_new_cstr(t, s);
    free(s);
    return str;
}

/* HotSpot JavaAssertions::enabled: the latest class directive naming the class wins;
 * otherwise the latest directive for the most specific enclosing package (an
 * unnamed-package directive only applies to classes in the unnamed package); otherwise
 * the system (-esa) or user (-ea) default. */
static bool assertions_enabled(const char *name, bool system_class)
{
    size_t n = strlen(name);
    for (int i = vm_assert_directive_count - 1; i >= 0; i--) {
        const AssertDirective *d = &vm_assert_directives[i];
        if (!d->is_package && name_eq(d->name, name, n)) return d->enabled;
    }
    size_t len = n;
    while (len > 0 && name[len] != '/') len--;
    do {
        for (int i = vm_assert_directive_count - 1; i >= 0; i--) {
            const AssertDirective *d = &vm_assert_directives[i];
            if (d->is_package && name_eq(d->name, name, len)) return d->enabled;
        }
        while (len > 0 && name[--len] != '/') {}
    } while (len > 0);
    return system_class ? vm_assert_system_default : vm_assert_default;
}

VM_EXPORT jboolean JNICALL JVM_DesiredAssertionStatus(JNIEnv *env, jclass unused, jclass cls)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Class *c = class_arg(t, cls);
    jboolean r = is_instance_class(c) && assertions_enabled(c->name, c->loader == NULL);
    jni_leave(t, st);
    return r;
}

/* ClassLoader.retrieveDirectives: the -ea/-da directives in command-line order, split into
 * classes and packages, and the user default. */
VM_EXPORT jobject JNICALL JVM_AssertionStatusDirectives(JNIEnv *env, jclass unused)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobject r = NULL;
    const ReflectOffsets *ro = reflect_offsets();
    int nc = 0, np = 0;
    for (int i = 0; i < vm_assert_directive_count; i++) {
        if (vm_assert_directives[i].is_package)
            np++;
        else
            nc++;
    }
    Class *asd = wk.AssertionStatusDirectives;
    if (!class_ensure_init(t, asd)) goto out;
    Object *o = obj_new(t, asd);
    Array *classes = o ? obj_new_ref_array(t, wk.String, nc) : NULL;
    Array *cen = classes ? obj_new_prim_array(t, BT_BOOLEAN, nc) : NULL;
    Array *pkgs = cen ? obj_new_ref_array(t, wk.String, np) : NULL;
    Array *pen = pkgs ? obj_new_prim_array(t, BT_BOOLEAN, np) : NULL;
    if (pen == NULL) goto out;
    int ic = 0, ip = 0;
    for (int i = 0; i < vm_assert_directive_count; i++) {
        const AssertDirective *d = &vm_assert_directives[i];
        Object *s = directive_name(t, d->name);
        if (s == NULL) goto out;
        if (d->is_package) {
            elems(pkgs)[ip] = s;
            ((uint8_t *)array_data(pen))[ip++] = d->enabled;
        } else {
            elems(classes)[ic] = s;
            ((uint8_t *)array_data(cen))[ic++] = d->enabled;
        }
    }
    FIELD_SET(o, ro->ASD_classes, Object *, &classes->hdr);
    FIELD_SET(o, ro->ASD_classEnabled, Object *, &cen->hdr);
    FIELD_SET(o, ro->ASD_packages, Object *, &pkgs->hdr);
    FIELD_SET(o, ro->ASD_packageEnabled, Object *, &pen->hdr);
    FIELD_SET(o, ro->ASD_deflt, uint8_t, vm_assert_default);
    r = ref_new_local(t, o);
out:
    jni_leave(t, st);
    return r;
}

/* ------------------------------------------------------------------------------------ */
/* Method.invoke / Constructor.newInstance                                              */
/* ------------------------------------------------------------------------------------ */

VM_EXPORT jobject JNICALL JVM_InvokeMethod(JNIEnv *env, jobject method, jobject obj,
                                           jobjectArray args0)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Object *res = reflect_invoke(t, ref_get(method), ref_get(obj), (Array *)ref_get(args0));
    jobject r = res ? ref_new_local(t, res) : NULL;
    jni_leave(t, st);
    return r;
}

VM_EXPORT jobject JNICALL JVM_NewInstanceFromConstructor(JNIEnv *env, jobject c,
                                                         jobjectArray args0)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Object *res = reflect_new_instance(t, ref_get(c), (Array *)ref_get(args0));
    if (unlikely(jvmti_want(JVMTI_EVENT_VM_OBJECT_ALLOC)) && res) jvmti_post_vm_object_alloc(t, res);
    jobject r = res ? ref_new_local(t, res) : NULL;
    jni_leave(t, st);
    return r;
}
