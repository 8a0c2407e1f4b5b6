// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jniint.h — private to the JNI implementation (jni.c, jni_call.c, jni_field.c,
 * jni_array.c): shared helpers and the prototypes the function table in jni.c needs.
 * Nothing outside these files includes it; the rest of the VM sees only jnienv.h.
 *
 * Thread states. Native code calls JNI functions in TS_NATIVE. A function that allocates,
 * creates or stores references, calls Java, throws, or dereferences a weak global
 * reference enters TS_JAVA first and leaves it before returning (jnienter.h), converting
 * every Object* it returns into a local reference while still in TS_JAVA.
 *
 * Functions that only read or write *primitive* data of objects reached through local or
 * global references (array regions and element pointers, primitive fields, string
 * characters, lengths, type tests) stay in TS_NATIVE, even while another thread collects:
 * local and global references are roots, so their objects are marked and never swept;
 * objects never move; and the collector neither traces primitive data nor changes object
 * headers. This keeps the bulk-copy and string paths of the class library free of state
 * transitions. A weak reference may lose its referent to a concurrent collection, so
 * those functions switch to TS_JAVA when handed one (jni_enter_if_weak), and any of them
 * that has to throw does so through jni_throw, which enters TS_JAVA for the throw.
 *
 * Misuse: the JNI spec leaves most misuse undefined. Where HotSpot would crash on a NULL
 * reference (resolve_non_null) we throw NullPointerException instead and return 0/NULL;
 * jclass arguments that are not Class objects throw IllegalArgumentException. Stale or
 * foreign references are not detected on the hot paths.
 */
#ifndef GLASS_JNIINT_H
#define GLASS_JNIINT_H

#include <jni.h>
#include <stdarg.h>
#include <stdio.h>

#include "class.h"
#include "jnienter.h"
#include "ref.h"
#include "thread.h"
#include "vm.h"
#include "wellknown.h"

/* X(Name, jtype, jvalue member, BasicType) for the eight primitive types, in the order
 * of the JNI function table. */
#define JNI_PRIM_TYPES(X)                                                                   \
    X(Boolean, jboolean, z, BT_BOOLEAN)                                                     \
    X(Byte, jbyte, b, BT_BYTE)                                                              \
    X(Char, jchar, c, BT_CHAR)                                                              \
    X(Short, jshort, s, BT_SHORT)                                                           \
    X(Int, jint, i, BT_INT)                                                                 \
    X(Long, jlong, j, BT_LONG)                                                              \
    X(Float, jfloat, f, BT_FLOAT)                                                           \
    X(Double, jdouble, d, BT_DOUBLE)

/* Object plus the primitives: the result types of Call<Type>Method and Get<Type>Field. */
#define JNI_VALUE_TYPES(X)                                                                  \
    X(Object, jobject, l, BT_OBJECT)                                                        \
    JNI_PRIM_TYPES(X)

static inline bool jni_is_weak(jobject r) { return ((uintptr_t)r & 1) != 0; }

/* jni_enter only when r is a weak reference; otherwise a state for which jni_leave does
 * nothing. For the functions that may stay in TS_NATIVE (see above). */
static inline int jni_enter_if_weak(Thread *t, jobject r)
{
    return jni_is_weak(r) ? jni_enter(t) : TS_JAVA;
}

/* Throws a new `cls` (internal name) with a formatted message (fmt NULL: none), in
 * whatever state the thread is: enters TS_JAVA for the throw if needed. */
__attribute__((format(printf, 3, 4))) void jni_throw(Thread *t, const char *cls,
                                                     const char *fmt, ...);

/* The Class of a jclass, or NULL with NullPointerException (NULL) or
 * IllegalArgumentException (not a java.lang.Class) pending. Any state. */
Class *jni_class_slow(Thread *t, Object *mirror);
static inline Class *jni_class(Thread *t, jclass c)
{
    Object *m = ref_get(c);
    if (likely(m != NULL && m->klass == wk.Class)) return class_from_mirror(m);
    return jni_class_slow(t, m);
}

/* The object behind a reference, or NULL with NullPointerException pending. Any state
 * (the caller handles weak references, see jni_enter_if_weak). */
static inline Object *jni_object(Thread *t, jobject r)
{
    Object *o = ref_get(r);
    if (unlikely(o == NULL)) jni_throw(t, "java/lang/NullPointerException", NULL);
    return o;
}

/* Prints t's Java stack, one "\tat ..." line per frame, as HotSpot's
 * JavaThread::print_stack_on (module@version of classes in named modules), each Java
 * frame followed by the monitors it holds ("\t- locked <addr> (a Class)"). Thread: t is
 * the current thread, in TS_JAVA. */
void jni_print_stack(Thread *t, FILE *out);

/* Ends the process after a JNI fatal error (FatalError, -Xcheck:jni), as HotSpot's
 * os::abort: abort() and its core dump, or exit status 1 with -XX:-CreateCoredumpOnCrash. */
__attribute__((noreturn)) void jni_abort(void);

/* "Lpkg/Name;" for classes, the descriptor for arrays, the name for primitives: HotSpot's
 * Klass::signature_name, which its NoSuchMethodError messages use. */
void jni_signature_name(const Class *c, char *buf, size_t size);

/* ---- functions of the table defined outside jni.c ---- */

/* jni_call.c */
jmethodID JNICALL jni_GetMethodID(JNIEnv *env, jclass clazz, const char *name, const char *sig);
jmethodID JNICALL jni_GetStaticMethodID(JNIEnv *env, jclass clazz, const char *name,
                                        const char *sig);
jobject JNICALL jni_AllocObject(JNIEnv *env, jclass clazz);
jobject JNICALL jni_NewObject(JNIEnv *env, jclass clazz, jmethodID mid, ...);
jobject JNICALL jni_NewObjectV(JNIEnv *env, jclass clazz, jmethodID mid, va_list args);
jobject JNICALL jni_NewObjectA(JNIEnv *env, jclass clazz, jmethodID mid, const jvalue *args);

#define JNI_DECLARE_CALLS(Name, jtype, m, bt)                                               \
    jtype JNICALL jni_Call##Name##Method(JNIEnv *env, jobject obj, jmethodID mid, ...);     \
    jtype JNICALL jni_Call##Name##MethodV(JNIEnv *env, jobject obj, jmethodID mid,         \
                                          va_list args);                                    \
    jtype JNICALL jni_Call##Name##MethodA(JNIEnv *env, jobject obj, jmethodID mid,         \
                                          const jvalue *args);                              \
    jtype JNICALL jni_CallNonvirtual##Name##Method(JNIEnv *env, jobject obj, jclass clazz, \
                                                   jmethodID mid, ...);                     \
    jtype JNICALL jni_CallNonvirtual##Name##MethodV(JNIEnv *env, jobject obj, jclass clazz,\
                                                    jmethodID mid, va_list args);           \
    jtype JNICALL jni_CallNonvirtual##Name##MethodA(JNIEnv *env, jobject obj, jclass clazz,\
                                                    jmethodID mid, const jvalue *args);     \
    jtype JNICALL jni_CallStatic##Name##Method(JNIEnv *env, jclass clazz, jmethodID mid,   \
                                               ...);                                        \
    jtype JNICALL jni_CallStatic##Name##MethodV(JNIEnv *env, jclass clazz, jmethodID mid,  \
                                                va_list args);                              \
    jtype JNICALL jni_CallStatic##Name##MethodA(JNIEnv *env, jclass clazz, jmethodID mid,  \
                                                const jvalue *args);
JNI_VALUE_TYPES(JNI_DECLARE_CALLS)
JNI_DECLARE_CALLS(Void, void, _, BT_VOID)
#undef JNI_DECLARE_CALLS

/* jni_field.c */
jfieldID JNICALL jni_GetFieldID(JNIEnv *env, jclass clazz, const char *name, const char *sig);
jfieldID JNICALL jni_GetStaticFieldID(JNIEnv *env, jclass clazz, const char *name,
                                      const char *sig);
#define JNI_DECLARE_FIELDS(Name, jtype, m, bt)                                              \
    jtype JNICALL jni_Get##Name##Field(JNIEnv *env, jobject obj, jfieldID fid);            \
    void JNICALL jni_Set##Name##Field(JNIEnv *env, jobject obj, jfieldID fid, jtype value);\
    jtype JNICALL jni_GetStatic##Name##Field(JNIEnv *env, jclass clazz, jfieldID fid);     \
    void JNICALL jni_SetStatic##Name##Field(JNIEnv *env, jclass clazz, jfieldID fid,       \
                                            jtype value);
JNI_VALUE_TYPES(JNI_DECLARE_FIELDS)
#undef JNI_DECLARE_FIELDS

/* jni_array.c: strings */
jstring JNICALL jni_NewString(JNIEnv *env, const jchar *chars, jsize len);
jsize JNICALL jni_GetStringLength(JNIEnv *env, jstring str);
const jchar *JNICALL jni_GetStringChars(JNIEnv *env, jstring str, jboolean *isCopy);
void JNICALL jni_ReleaseStringChars(JNIEnv *env, jstring str, const jchar *chars);
jstring JNICALL jni_NewStringUTF(JNIEnv *env, const char *utf);
jsize JNICALL jni_GetStringUTFLength(JNIEnv *env, jstring str);
const char *JNICALL jni_GetStringUTFChars(JNIEnv *env, jstring str, jboolean *isCopy);
void JNICALL jni_ReleaseStringUTFChars(JNIEnv *env, jstring str, const char *chars);
void JNICALL jni_GetStringRegion(JNIEnv *env, jstring str, jsize start, jsize len, jchar *buf);
void JNICALL jni_GetStringUTFRegion(JNIEnv *env, jstring str, jsize start, jsize len,
                                    char *buf);
const jchar *JNICALL jni_GetStringCritical(JNIEnv *env, jstring str, jboolean *isCopy);
void JNICALL jni_ReleaseStringCritical(JNIEnv *env, jstring str, const jchar *chars);

/* jni_array.c: arrays */
jsize JNICALL jni_GetArrayLength(JNIEnv *env, jarray array);
jobjectArray JNICALL jni_NewObjectArray(JNIEnv *env, jsize len, jclass clazz, jobject init);
jobject JNICALL jni_GetObjectArrayElement(JNIEnv *env, jobjectArray array, jsize index);
void JNICALL jni_SetObjectArrayElement(JNIEnv *env, jobjectArray array, jsize index,
                                       jobject value);
void *JNICALL jni_GetPrimitiveArrayCritical(JNIEnv *env, jarray array, jboolean *isCopy);
void JNICALL jni_ReleasePrimitiveArrayCritical(JNIEnv *env, jarray array, void *carray,
                                               jint mode);
#define JNI_DECLARE_ARRAYS(Name, jtype, m, bt)                                              \
    jtype##Array JNICALL jni_New##Name##Array(JNIEnv *env, jsize len);                     \
    jtype *JNICALL jni_Get##Name##ArrayElements(JNIEnv *env, jtype##Array array,           \
                                                jboolean *isCopy);                          \
    void JNICALL jni_Release##Name##ArrayElements(JNIEnv *env, jtype##Array array,         \
                                                  jtype *elems, jint mode);                 \
    void JNICALL jni_Get##Name##ArrayRegion(JNIEnv *env, jtype##Array array, jsize start,  \
                                            jsize len, jtype *buf);                         \
    void JNICALL jni_Set##Name##ArrayRegion(JNIEnv *env, jtype##Array array, jsize start,  \
                                            jsize len, const jtype *buf);
JNI_PRIM_TYPES(JNI_DECLARE_ARRAYS)
#undef JNI_DECLARE_ARRAYS

#endif
