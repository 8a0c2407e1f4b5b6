// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jni_call.c — JNI method IDs, calls into Java and object creation (JNI spec "Calling
 * Instance Methods", "Calling Static Methods", "Object Operations").
 *
 * A jmethodID is the Method* (design.md, "Metadata identity"). Get[Static]MethodID
 * initializes the class, as the spec requires and HotSpot does, so that calling through
 * the ID never needs to. Calls build the interpreter's Slot argument array directly from
 * the va_list or jvalue array by walking the method descriptor (varargs promote float to
 * double and boolean/byte/char/short to int), then call:
 *   Call<T>Method             interp_call_virtual: selected on the receiver's class
 *                             (overrides, interface and default methods)
 *   CallNonvirtual<T>Method   interp_call: exactly the method given
 *   CallStatic<T>Method       interp_call (which initializes the class)
 * Results are converted by the method's actual return type; reference results become
 * local references. Boolean arguments are normalized to 0/1 as HotSpot does.
 *
 * All these functions run in TS_JAVA between jni_enter and jni_leave (jniint.h).
 */
#include <string.h>

#include "exception.h"
#include "interp.h"
#include "jniint.h"
#include "object.h"
#include "sym.h"

/* ---- method IDs ---- */

/* HotSpot's NoSuchMethodError text for a failed lookup: "[static ]LC;.name(sig)". */
static void no_such_method(Thread *t, const Class *c, const char *name, const char *sig,
                           bool is_static)
{
    char cname[1024];
    jni_signature_name(c, cname, sizeof cname);
    exc_throw(t, "java/lang/NoSuchMethodError", "%s%s.%s%s", is_static ? "static " : "", cname,
              name, sig);
}

/* Get[Static]MethodID in TS_JAVA: NULL with NoSuchMethodError (or the class's
 * initialization error) pending on failure. */
static Method *method_id(Thread *t, Class *c, const char *name, const char *sig,
                         bool is_static)
{
    /* Names that were never interned cannot name a method of a loaded class. HotSpot
     * probes its symbol table the same way, and then reports just the name. */
    const char *n = name ? sym_lookup(name, strlen(name)) : NULL;
    const char *s = sig ? sym_lookup(sig, strlen(sig)) : NULL;
    if (n == NULL || s == NULL) {
        if (name == NULL) exc_throw(t, "java/lang/NoSuchMethodError", NULL);
        else exc_throw(t, "java/lang/NoSuchMethodError", "%s", name);
        return NULL;
    }
    if (class_is_primitive(c)) {
        no_such_method(t, c, name, sig, is_static);
        return NULL;
    }
    if (!class_is_array(c) && !class_ensure_init(t, c)) return NULL;
    Method *m;
    if (n == sym.init || n == sym.clinit) {
        /* Constructors and initializers are never inherited. */
        m = class_is_array(c) ? NULL : class_find_declared_method(c, n, s);
    } else if (class_is_array(c)) {
        m = class_lookup_method(wk.Object, n, s);
    } else if (class_is_interface(c)) {
        m = class_lookup_interface_method(c, n, s);
    } else {
        m = class_lookup_method(c, n, s);
    }
    if (m == NULL || method_is_static(m) != is_static) {
        no_such_method(t, c, name, sig, is_static);
        return NULL;
    }
    return m;
}

static jmethodID get_method_id(JNIEnv *env, jclass clazz, const char *name, const char *sig,
                               bool is_static)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    Method *m = NULL;
    Class *c = jni_class(t, clazz);
    if (c != NULL) m = method_id(t, c, name, sig, is_static);
    jni_leave(t, st);
    return (jmethodID)m;
}

jmethodID JNICALL jni_GetMethodID(JNIEnv *env, jclass clazz, const char *name, const char *sig)
{
    return get_method_id(env, clazz, name, sig, false);
}

jmethodID JNICALL jni_GetStaticMethodID(JNIEnv *env, jclass clazz, const char *name,
                                        const char *sig)
{
    return get_method_id(env, clazz, name, sig, true);
}

/* ---- calls ---- */

typedef enum CallKind {
    CALL_VIRTUAL,
    CALL_NONVIRTUAL,
    CALL_STATIC,
} CallKind;

/*
 * Stores the arguments of m, taken from *ap or av (exactly one is non-NULL), into
 * args[n...] in JVM slot order. Object arguments are dereferenced here, in TS_JAVA.
 */
static void fill_args(const Method *m, Slot *args, int n, va_list *ap, const jvalue *av)
{
    for (const char *d = m->desc + 1; *d != ')'; d++, av = av ? av + 1 : NULL) {
        switch (*d) {
        case 'Z': {
            jboolean z = ap ? (jboolean)va_arg(*ap, jint) : av->z;
            args[n++].j = z != 0;
            break;
        }
        case 'B': args[n++].j = ap ? (jbyte)va_arg(*ap, jint) : av->b; break;
        case 'C': args[n++].j = ap ? (jchar)va_arg(*ap, jint) : av->c; break;
        case 'S': args[n++].j = ap ? (jshort)va_arg(*ap, jint) : av->s; break;
        case 'I': args[n++].j = ap ? va_arg(*ap, jint) : av->i; break;
        case 'F':
            args[n].raw = 0;
            args[n++].f = ap ? (jfloat)va_arg(*ap, jdouble) : av->f;
            break;
        case 'J':
            args[n++].j = ap ? va_arg(*ap, jlong) : av->j;
            args[n++].raw = 0;
            break;
        case 'D':
            args[n++].d = ap ? va_arg(*ap, jdouble) : av->d;
            args[n++].raw = 0;
            break;
        default: { /* 'L' or '[' */
            jobject r = ap ? va_arg(*ap, jobject) : av->l;
            args[n++].l = ref_get(r);
            while (*d == '[') d++;
            if (*d == 'L') d = strchr(d, ';');
            break;
        }
        }
    }
}

/* The JNI view of a result of type rt; references become local references. */
static jvalue to_jvalue(Thread *t, BasicType rt, Slot r)
{
    jvalue v;
    v.j = 0;
    switch (rt) {
    case BT_BOOLEAN: v.z = (jboolean)r.i; break;
    case BT_BYTE: v.b = (jbyte)r.i; break;
    case BT_CHAR: v.c = (jchar)r.i; break;
    case BT_SHORT: v.s = (jshort)r.i; break;
    case BT_INT: v.i = r.i; break;
    case BT_LONG: v.j = r.j; break;
    case BT_FLOAT: v.f = r.f; break;
    case BT_DOUBLE: v.d = r.d; break;
    case BT_OBJECT:
    case BT_ARRAY: v.l = ref_new_local(t, r.l); break;
    default: break;
    }
    return v;
}

/* Calls m in TS_JAVA; false with an exception pending on failure. */
static bool call_method(Thread *t, CallKind kind, jobject obj, Method *m, va_list *ap,
                        const jvalue *av, jvalue *result)
{
    Slot args[m->arg_slots + 1];
    int n = 0;
    if (kind != CALL_STATIC) {
        Object *recv = ref_get(obj);
        if (recv == NULL) {
            exc_throw(t, "java/lang/NullPointerException", NULL);
            return false;
        }
        args[n++].l = recv;
    }
    fill_args(m, args, n, ap, av);
    Slot ret;
    ret.j = 0;
    bool ok = kind == CALL_VIRTUAL ? interp_call_virtual(t, m, args, &ret)
                                   : interp_call(t, m, args, &ret);
    if (!ok) return false;
    *result = to_jvalue(t, (BasicType)m->ret_type, ret);
    return true;
}

/* The common body of every Call* function. The result is all zero after an exception. */
static jvalue invoke(JNIEnv *env, CallKind kind, jobject obj, jmethodID mid, va_list *ap,
                     const jvalue *av)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jvalue result;
    result.j = 0;
    if (unlikely(mid == NULL)) exc_throw(t, "java/lang/NullPointerException", "jmethodID is null");
    else call_method(t, kind, obj, (Method *)mid, ap, av, &result);
    jni_leave(t, st);
    return result;
}

/*
 * The 90 typed entry points, generated per result type. Each only unpacks its variadic
 * arguments and picks the jvalue member; invoke() does the work.
 */
#define DEFINE_CALLS(Name, jtype, member, bt)                                               \
    jtype JNICALL jni_Call##Name##Method(JNIEnv *env, jobject obj, jmethodID mid, ...)     \
    {                                                                                       \
        va_list ap;                                                                         \
        va_start(ap, mid);                                                                  \
        jvalue r = invoke(env, CALL_VIRTUAL, obj, mid, &ap, NULL);                          \
        va_end(ap);                                                                         \
        return r.member;                                                                    \
    }                                                                                       \
    jtype JNICALL jni_Call##Name##MethodV(JNIEnv *env, jobject obj, jmethodID mid,         \
                                          va_list args)                                     \
    {                                                                                       \
        va_list ap;                                                                         \
        va_copy(ap, args);                                                                  \
        jvalue r = invoke(env, CALL_VIRTUAL, obj, mid, &ap, NULL);                          \
        va_end(ap);                                                                         \
        return r.member;                                                                    \
    }                                                                                       \
    jtype JNICALL jni_Call##Name##MethodA(JNIEnv *env, jobject obj, jmethodID mid,         \
                                          const jvalue *args)                               \
    {                                                                                       \
        return invoke(env, CALL_VIRTUAL, obj, mid, NULL, args).member;                      \
    }                                                                                       \
    jtype JNICALL jni_CallNonvirtual##Name##Method(JNIEnv *env, jobject obj, jclass clazz, \
                                                   jmethodID mid, ...)                      \
    {                                                                                       \
        va_list ap;                                                                         \
        va_start(ap, mid);                                                                  \
        jvalue r = invoke(env, CALL_NONVIRTUAL, obj, mid, &ap, NULL);                       \
        va_end(ap);                                                                         \
        return r.member;                                                                    \
    }                                                                                       \
    jtype JNICALL jni_CallNonvirtual##Name##MethodV(JNIEnv *env, jobject obj, jclass clazz,\
                                                    jmethodID mid, va_list args)            \
    {                                                                                       \
        va_list ap;                                                                         \
        va_copy(ap, args);                                                                  \
        jvalue r = invoke(env, CALL_NONVIRTUAL, obj, mid, &ap, NULL);                       \
        va_end(ap);                                                                         \
        return r.member;                                                                    \
    }                                                                                       \
    jtype JNICALL jni_CallNonvirtual##Name##MethodA(JNIEnv *env, jobject obj, jclass clazz,\
                                                    jmethodID mid, const jvalue *args)      \
    {                                                                                       \
        return invoke(env, CALL_NONVIRTUAL, obj, mid, NULL, args).member;                   \
    }                                                                                       \
    jtype JNICALL jni_CallStatic##Name##Method(JNIEnv *env, jclass clazz, jmethodID mid,   \
                                               ...)                                         \
    {                                                                                       \
        va_list ap;                                                                         \
        va_start(ap, mid);                                                                  \
        jvalue r = invoke(env, CALL_STATIC, NULL, mid, &ap, NULL);                          \
        va_end(ap);                                                                         \
        return r.member;                                                                    \
    }                                                                                       \
    jtype JNICALL jni_CallStatic##Name##MethodV(JNIEnv *env, jclass clazz, jmethodID mid,  \
                                                va_list args)                               \
    {                                                                                       \
        va_list ap;                                                                         \
        va_copy(ap, args);                                                                  \
        jvalue r = invoke(env, CALL_STATIC, NULL, mid, &ap, NULL);                          \
        va_end(ap);                                                                         \
        return r.member;                                                                    \
    }                                                                                       \
    jtype JNICALL jni_CallStatic##Name##MethodA(JNIEnv *env, jclass clazz, jmethodID mid,  \
                                                const jvalue *args)                         \
    {                                                                                       \
        return invoke(env, CALL_STATIC, NULL, mid, NULL, args).member;                      \
    }

JNI_VALUE_TYPES(DEFINE_CALLS)
#undef DEFINE_CALLS

void JNICALL jni_CallVoidMethod(JNIEnv *env, jobject obj, jmethodID mid, ...)
{
    va_list ap;
    va_start(ap, mid);
    invoke(env, CALL_VIRTUAL, obj, mid, &ap, NULL);
    va_end(ap);
}

void JNICALL jni_CallVoidMethodV(JNIEnv *env, jobject obj, jmethodID mid, va_list args)
{
    va_list ap;
    va_copy(ap, args);
    invoke(env, CALL_VIRTUAL, obj, mid, &ap, NULL);
    va_end(ap);
}

void JNICALL jni_CallVoidMethodA(JNIEnv *env, jobject obj, jmethodID mid, const jvalue *args)
{
    invoke(env, CALL_VIRTUAL, obj, mid, NULL, args);
}

void JNICALL jni_CallNonvirtualVoidMethod(JNIEnv *env, jobject obj, jclass clazz,
                                          jmethodID mid, ...)
{
    va_list ap;
    va_start(ap, mid);
    invoke(env, CALL_NONVIRTUAL, obj, mid, &ap, NULL);
    va_end(ap);
}

void JNICALL jni_CallNonvirtualVoidMethodV(JNIEnv *env, jobject obj, jclass clazz,
                                           jmethodID mid, va_list args)
{
    va_list ap;
    va_copy(ap, args);
    invoke(env, CALL_NONVIRTUAL, obj, mid, &ap, NULL);
    va_end(ap);
}

void JNICALL jni_CallNonvirtualVoidMethodA(JNIEnv *env, jobject obj, jclass clazz,
                                           jmethodID mid, const jvalue *args)
{
    invoke(env, CALL_NONVIRTUAL, obj, mid, NULL, args);
}

void JNICALL jni_CallStaticVoidMethod(JNIEnv *env, jclass clazz, jmethodID mid, ...)
{
    va_list ap;
    va_start(ap, mid);
    invoke(env, CALL_STATIC, NULL, mid, &ap, NULL);
    va_end(ap);
}

void JNICALL jni_CallStaticVoidMethodV(JNIEnv *env, jclass clazz, jmethodID mid, va_list args)
{
    va_list ap;
    va_copy(ap, args);
    invoke(env, CALL_STATIC, NULL, mid, &ap, NULL);
    va_end(ap);
}

void JNICALL jni_CallStaticVoidMethodA(JNIEnv *env, jclass clazz, jmethodID mid,
                                       const jvalue *args)
{
    invoke(env, CALL_STATIC, NULL, mid, NULL, args);
}

/* ---- object creation ---- */

/*
 * AllocObject's checks, in HotSpot's order and words (InstanceKlass::allocate_instance):
 * InstantiationException naming the class for interfaces, abstract classes and arrays
 * (without a message for primitive types), IllegalAccessException for java.lang.Class;
 * then the class is initialized and an instance allocated. TS_JAVA.
 */
static Object *alloc_instance(Thread *t, jclass clazz)
{
    Class *c = jni_class(t, clazz);
    if (c == NULL) return NULL;
    if (class_is_primitive(c)) {
        exc_throw(t, "java/lang/InstantiationException", NULL);
        return NULL;
    }
    if (class_is_interface(c) || class_is_array(c) || (c->access & ACC_ABSTRACT) || c == wk.Class) {
        char ext[1024];
        class_external_name(c, ext, sizeof ext);
        exc_throw(t, c == wk.Class ? "java/lang/IllegalAccessException"
                                   : "java/lang/InstantiationException",
                  "%s", ext);
        return NULL;
    }
    if (!class_ensure_init(t, c)) return NULL;
    return obj_new(t, c);
}

jobject JNICALL jni_AllocObject(JNIEnv *env, jclass clazz)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobject r = ref_new_local(t, alloc_instance(t, clazz));
    jni_leave(t, st);
    return r;
}

static jobject new_object(JNIEnv *env, jclass clazz, jmethodID mid, va_list *ap,
                          const jvalue *av)
{
    Thread *t = thread_from_env(env);
    int st = jni_enter(t);
    jobject r = NULL;
    if (unlikely(mid == NULL)) {
        exc_throw(t, "java/lang/NullPointerException", "jmethodID is null");
    } else {
        r = ref_new_local(t, alloc_instance(t, clazz));
        jvalue ignored;
        if (r != NULL && !call_method(t, CALL_NONVIRTUAL, r, (Method *)mid, ap, av, &ignored)) {
            ref_delete_local(t, r);
            r = NULL;
        }
    }
    jni_leave(t, st);
    return r;
}

jobject JNICALL jni_NewObject(JNIEnv *env, jclass clazz, jmethodID mid, ...)
{
    va_list ap;
    va_start(ap, mid);
    jobject r = new_object(env, clazz, mid, &ap, NULL);
    va_end(ap);
    return r;
}

jobject JNICALL jni_NewObjectV(JNIEnv *env, jclass clazz, jmethodID mid, va_list args)
{
    va_list ap;
    va_copy(ap, args);
    jobject r = new_object(env, clazz, mid, &ap, NULL);
    va_end(ap);
    return r;
}

jobject JNICALL jni_NewObjectA(JNIEnv *env, jclass clazz, jmethodID mid, const jvalue *args)
{
    return new_object(env, clazz, mid, NULL, args);
}
