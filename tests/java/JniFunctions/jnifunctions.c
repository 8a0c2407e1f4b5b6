// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * The native half of tests/java/JniFunctions.java: exercises every group of JNI
 * functions and reports through JniFunctions.log(String), so that all output goes through
 * System.out in program order. Results that the JNI specification lets VMs choose (isCopy,
 * whether JNI_ABORT discards changes) are reported only as "consistent with isCopy".
 */
#include <jni.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static JavaVM *g_vm;
static jclass g_main;      /* JniFunctions */
static jmethodID g_log;    /* JniFunctions.log(String) */
static jclass g_onload;    /* what FindClass found in JNI_OnLoad */
static jint g_onload_version;

/* ---- reporting ---- */

static void say(JNIEnv *env, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(JNIEnv *env, const char *fmt, ...)
{
    char buf[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    /* Keep a pending exception pending across the upcall. */
    jthrowable pending = (*env)->ExceptionOccurred(env);
    if (pending) (*env)->ExceptionClear(env);
    jstring s = (*env)->NewStringUTF(env, buf);
    (*env)->CallStaticVoidMethod(env, g_main, g_log, s);
    (*env)->DeleteLocalRef(env, s);
    if (pending) {
        (*env)->Throw(env, pending);
        (*env)->DeleteLocalRef(env, pending);
    }
}

/* obj.toString() into buf ("null" for NULL). Must be called without a pending exception. */
static const char *str_of(JNIEnv *env, jobject obj, char *buf, size_t n)
{
    if (obj == NULL) {
        snprintf(buf, n, "null");
        return buf;
    }
    jclass oc = (*env)->FindClass(env, "java/lang/Object");
    jmethodID ts = (*env)->GetMethodID(env, oc, "toString", "()Ljava/lang/String;");
    jstring s = (*env)->CallObjectMethod(env, obj, ts);
    if (s == NULL) {
        (*env)->ExceptionClear(env);
        snprintf(buf, n, "<toString failed>");
    } else {
        const char *c = (*env)->GetStringUTFChars(env, s, NULL);
        snprintf(buf, n, "%s", c);
        (*env)->ReleaseStringUTFChars(env, s, c);
    }
    (*env)->DeleteLocalRef(env, s);
    (*env)->DeleteLocalRef(env, oc);
    return buf;
}

/* Class.getName() of a jclass. */
static const char *name_of(JNIEnv *env, jclass c, char *buf, size_t n)
{
    if (c == NULL) {
        snprintf(buf, n, "NULL");
        return buf;
    }
    jclass cc = (*env)->FindClass(env, "java/lang/Class");
    jmethodID gn = (*env)->GetMethodID(env, cc, "getName", "()Ljava/lang/String;");
    jstring s = (*env)->CallObjectMethod(env, c, gn);
    const char *u = (*env)->GetStringUTFChars(env, s, NULL);
    snprintf(buf, n, "%s", u);
    (*env)->ReleaseStringUTFChars(env, s, u);
    (*env)->DeleteLocalRef(env, s);
    (*env)->DeleteLocalRef(env, cc);
    return buf;
}

/* Takes the pending exception and describes it ("no exception" if none). */
static const char *take_exc(JNIEnv *env, char *buf, size_t n)
{
    jthrowable t = (*env)->ExceptionOccurred(env);
    if (t == NULL) {
        snprintf(buf, n, "no exception");
        return buf;
    }
    if (!(*env)->ExceptionCheck(env)) snprintf(buf, n, "ExceptionCheck disagrees!");
    (*env)->ExceptionClear(env);
    char a[1024], b[1024];
    str_of(env, t, a, sizeof a);
    jclass tc = (*env)->FindClass(env, "java/lang/Throwable");
    jmethodID gc = (*env)->GetMethodID(env, tc, "getCause", "()Ljava/lang/Throwable;");
    jobject cause = (*env)->CallObjectMethod(env, t, gc);
    if (cause != NULL) snprintf(buf, n, "%s (cause: %s)", a, str_of(env, cause, b, sizeof b));
    else snprintf(buf, n, "%s", a);
    (*env)->DeleteLocalRef(env, t);
    (*env)->DeleteLocalRef(env, tc);
    (*env)->DeleteLocalRef(env, cause);
    return buf;
}

static void report(JNIEnv *env, const char *what)
{
    char buf[2048];
    say(env, "%s: %s", what, take_exc(env, buf, sizeof buf));
}

/* Just the exception's class (for messages that contain identity hashes). */
static void report_class(JNIEnv *env, const char *what)
{
    char buf[256];
    jthrowable t = (*env)->ExceptionOccurred(env);
    if (t == NULL) {
        say(env, "%s: no exception", what);
        return;
    }
    (*env)->ExceptionClear(env);
    jclass c = (*env)->GetObjectClass(env, t);
    say(env, "%s: %s", what, name_of(env, c, buf, sizeof buf));
}

/* ---- JNI_OnLoad ---- */

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved)
{
    JNIEnv *env;
    g_vm = vm;
    if ((*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_10) != JNI_OK) return JNI_ERR;
    g_onload_version = (*env)->GetVersion(env);
    /* The application loader is the one of the class loading the library, which only
     * NativeLibraries.getFromClass() knows while JNI_OnLoad runs. */
    jclass c = (*env)->FindClass(env, "JniFunctions$OnLoadHelper");
    if (c == NULL) {
        (*env)->ExceptionClear(env);
    } else {
        g_onload = (*env)->NewGlobalRef(env, c);
    }
    jclass m = (*env)->FindClass(env, "JniFunctions");
    if (m == NULL) return JNI_ERR;
    g_main = (*env)->NewGlobalRef(env, m);
    g_log = (*env)->GetStaticMethodID(env, g_main, "log", "(Ljava/lang/String;)V");
    if (g_log == NULL) return JNI_ERR;
    return JNI_VERSION_10;
}

JNIEXPORT void JNICALL Java_JniFunctions_onLoadReport(JNIEnv *env, jclass cls)
{
    char buf[256];
    say(env, "JNI_OnLoad: GetVersion 0x%08x, FindClass found %s", (unsigned)g_onload_version,
        name_of(env, g_onload, buf, sizeof buf));
    say(env, "global ref to JniFunctions is same object as jclass argument: %d",
        (*env)->IsSameObject(env, g_main, cls));
}

/* ---- version and JavaVM ---- */

JNIEXPORT void JNICALL Java_JniFunctions_versionAndVm(JNIEnv *env, jclass cls)
{
    JavaVM *vm = NULL;
    say(env, "GetVersion 0x%08x", (unsigned)(*env)->GetVersion(env));
    jint rc = (*env)->GetJavaVM(env, &vm);
    say(env, "GetJavaVM rc %d, same as JNI_OnLoad's %d", rc, vm == g_vm);
    JNIEnv *env2 = NULL;
    rc = (*vm)->GetEnv(vm, (void **)&env2, JNI_VERSION_1_6);
    say(env, "GetEnv rc %d, same env %d", rc, env2 == env);
    rc = (*vm)->GetEnv(vm, (void **)&env2, 0x7fff0000);
    say(env, "GetEnv with a bogus version rc %d", rc);
}

/* ---- classes ---- */

JNIEXPORT void JNICALL Java_JniFunctions_classes(JNIEnv *env, jclass cls, jclass int_class,
                                                jclass lazy2, jclass broken)
{
    char a[512], b[512];
    static const char *names[] = {
        "java/lang/String", "[I", "[[Ljava/lang/String;", "JniFunctions$Sub",
        "Ljava/lang/Thread;", "java/util/concurrent/ConcurrentHashMap$Node",
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        jclass c = (*env)->FindClass(env, names[i]);
        jclass s = c ? (*env)->GetSuperclass(env, c) : NULL;
        say(env, "FindClass(%s) = %s, superclass %s", names[i], name_of(env, c, a, sizeof a),
            name_of(env, s, b, sizeof b));
        if (c == NULL) report(env, "  exception");
    }
    say(env, "before FindClass(JniFunctions$Init)");
    (*env)->FindClass(env, "JniFunctions$Init");
    say(env, "after FindClass(JniFunctions$Init)");

    (*env)->FindClass(env, "no/such/Clazz");
    report(env, "FindClass(no/such/Clazz)");
    (*env)->FindClass(env, "[Lno/such/Clazz;");
    report(env, "FindClass([Lno/such/Clazz;)");
    (*env)->FindClass(env, "java.lang.String");
    report(env, "FindClass(java.lang.String)");
    (*env)->FindClass(env, NULL);
    report(env, "FindClass(NULL)");
    (*env)->FindClass(env, "JniFunctions$Broken");
    report(env, "FindClass(JniFunctions$Broken)");
    (*env)->FindClass(env, "JniFunctions$Broken");
    report(env, "FindClass(JniFunctions$Broken) again");

    /* GetSuperclass is Class.getSuperclass. */
    const char *supers[] = { "java/lang/Object", "java/lang/Runnable", "java/lang/Integer",
                             "[Ljava/lang/Object;", "JniFunctions$Greeter" };
    for (size_t i = 0; i < sizeof supers / sizeof supers[0]; i++) {
        jclass c = (*env)->FindClass(env, supers[i]);
        say(env, "GetSuperclass(%s) = %s", supers[i],
            name_of(env, (*env)->GetSuperclass(env, c), a, sizeof a));
    }
    say(env, "GetSuperclass(int) = %s", name_of(env, (*env)->GetSuperclass(env, int_class), a, sizeof a));

    /* IsAssignableFrom(sub, super). */
    struct { const char *sub, *sup; } pairs[] = {
        { "JniFunctions$Sub", "JniFunctions$Base" }, { "JniFunctions$Base", "JniFunctions$Sub" },
        { "JniFunctions$Sub", "JniFunctions$Greeter" }, { "java/lang/Integer", "java/lang/Comparable" },
        { "[I", "java/lang/Object" }, { "[I", "java/lang/Cloneable" }, { "[I", "[J" },
        { "[Ljava/lang/String;", "[Ljava/lang/Object;" }, { "[[I", "[Ljava/lang/Object;" },
        { "[Ljava/lang/Object;", "[Ljava/lang/String;" }, { "java/lang/Runnable", "java/lang/Object" },
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        jclass s = (*env)->FindClass(env, pairs[i].sub), p = (*env)->FindClass(env, pairs[i].sup);
        say(env, "IsAssignableFrom(%s, %s) = %d", pairs[i].sub, pairs[i].sup,
            (*env)->IsAssignableFrom(env, s, p));
    }
    jclass obj = (*env)->FindClass(env, "java/lang/Object");
    say(env, "IsAssignableFrom(int, int) = %d, (int, Object) = %d, (Object, int) = %d",
        (*env)->IsAssignableFrom(env, int_class, int_class),
        (*env)->IsAssignableFrom(env, int_class, obj), (*env)->IsAssignableFrom(env, obj, int_class));
}

JNIEXPORT jclass JNICALL Java_JniFunctions_defineClass(JNIEnv *env, jclass cls, jstring name,
                                                      jobject loader, jbyteArray bytes)
{
    const char *n = name ? (*env)->GetStringUTFChars(env, name, NULL) : NULL;
    jsize len = (*env)->GetArrayLength(env, bytes);
    jbyte *buf = malloc((size_t)len);
    (*env)->GetByteArrayRegion(env, bytes, 0, len, buf);
    jclass c = (*env)->DefineClass(env, n, loader, buf, len);
    free(buf);
    char what[256];
    snprintf(what, sizeof what, "DefineClass(%s)", n ? n : "NULL");
    int full_message = n != NULL && strcmp(n, "Wrong") == 0; /* others contain hash codes */
    if (n) (*env)->ReleaseStringUTFChars(env, name, n);
    if (c == NULL) {
        if (full_message) report(env, what);
        else report_class(env, what);
    } else {
        char cn[256];
        say(env, "%s = %s", what, name_of(env, c, cn, sizeof cn));
    }
    return c;
}

/* ---- method IDs ---- */

JNIEXPORT void JNICALL Java_JniFunctions_methodIds(JNIEnv *env, jclass cls, jclass lazy2)
{
    char buf[256];
    jclass base = (*env)->FindClass(env, "JniFunctions$Base");
    jclass sub = (*env)->FindClass(env, "JniFunctions$Sub");
    jclass greeter = (*env)->FindClass(env, "JniFunctions$Greeter");
    jclass target = (*env)->FindClass(env, "JniFunctions$Target");

    /* Static methods initialize the class; lookups of instance methods too. */
    say(env, "before GetStaticMethodID(Lazy.answer)");
    jclass lazy = (*env)->FindClass(env, "JniFunctions$Lazy");
    jmethodID answer = (*env)->GetStaticMethodID(env, lazy, "answer", "()I");
    say(env, "Lazy.answer() = %d", (*env)->CallStaticIntMethod(env, lazy, answer));
    say(env, "before GetMethodID(Lazy2.inst)");
    jmethodID inst = (*env)->GetMethodID(env, lazy2, "inst", "()I");
    say(env, "after GetMethodID(Lazy2.inst): %s", inst ? "found" : "missing");

    /* Inherited, interface, default, Object and private methods. */
    say(env, "Sub has greet %d, describe %d, secret (private, in Base) %d, hashCode %d",
        (*env)->GetMethodID(env, sub, "greet", "(Ljava/lang/String;)Ljava/lang/String;") != NULL,
        (*env)->GetMethodID(env, sub, "describe", "()Ljava/lang/String;") != NULL,
        (*env)->GetMethodID(env, sub, "secret", "()Ljava/lang/String;") != NULL,
        (*env)->GetMethodID(env, sub, "hashCode", "()I") != NULL);
    say(env, "Greeter has hello %d, hashCode %d, static util %d",
        (*env)->GetMethodID(env, greeter, "hello", "()Ljava/lang/String;") != NULL,
        (*env)->GetMethodID(env, greeter, "hashCode", "()I") != NULL,
        (*env)->GetStaticMethodID(env, greeter, "util", "(I)Ljava/lang/String;") != NULL);
    say(env, "Base has constructor %d, Sub's inherited constructor (none) %d",
        (*env)->GetMethodID(env, base, "<init>", "()V") != NULL,
        (*env)->GetMethodID(env, target, "<init>", "(ILjava/lang/String;)V") != NULL);

    /* Failures. */
    (*env)->GetMethodID(env, target, "noSuchMethodAnywhereXyz", "()V");
    report(env, "GetMethodID(unknown name)");
    (*env)->GetMethodID(env, target, "sretI", "()I");
    report(env, "GetMethodID(static method)");
    (*env)->GetStaticMethodID(env, target, "retI", "()I");
    report(env, "GetStaticMethodID(instance method)");
    (*env)->GetMethodID(env, target, "retI", "(I)V");
    report(env, "GetMethodID(wrong signature)");
    (*env)->GetMethodID(env, sub, "<init>", "(I)V");
    report(env, "GetMethodID(missing constructor)");
    (*env)->GetMethodID(env, greeter, "util", "(I)Ljava/lang/String;");
    report(env, "GetMethodID(static interface method)");

    /* Arrays have Object's methods. */
    jclass sa = (*env)->FindClass(env, "[Ljava/lang/String;");
    jmethodID clone = (*env)->GetMethodID(env, sa, "clone", "()Ljava/lang/Object;");
    say(env, "String[] has clone %d", clone != NULL);
    (*env)->GetMethodID(env, sa, "run", "()V");
    report(env, "GetMethodID(String[], run)");
    jobjectArray arr = (*env)->NewObjectArray(env, 2, (*env)->FindClass(env, "java/lang/String"),
                                              (*env)->NewStringUTF(env, "x"));
    jobject copy = (*env)->CallObjectMethod(env, arr, clone);
    say(env, "clone of String[2] is a new array %d of length %d, class %s",
        !(*env)->IsSameObject(env, arr, copy), (*env)->GetArrayLength(env, copy),
        name_of(env, (*env)->GetObjectClass(env, copy), buf, sizeof buf));
}

/* ---- calls ---- */

/* V variants need a va_list, which only a variadic function can make. */
#define DEFINE_V_HELPERS(Name, jtype)                                                       \
    static jtype v_##Name(JNIEnv *env, jobject o, jmethodID m, ...)                         \
    {                                                                                       \
        va_list ap;                                                                         \
        va_start(ap, m);                                                                    \
        jtype r = (*env)->Call##Name##MethodV(env, o, m, ap);                               \
        va_end(ap);                                                                         \
        return r;                                                                           \
    }                                                                                       \
    static jtype nv_##Name(JNIEnv *env, jobject o, jclass c, jmethodID m, ...)              \
    {                                                                                       \
        va_list ap;                                                                         \
        va_start(ap, m);                                                                    \
        jtype r = (*env)->CallNonvirtual##Name##MethodV(env, o, c, m, ap);                  \
        va_end(ap);                                                                         \
        return r;                                                                           \
    }                                                                                       \
    static jtype sv_##Name(JNIEnv *env, jclass c, jmethodID m, ...)                         \
    {                                                                                       \
        va_list ap;                                                                         \
        va_start(ap, m);                                                                    \
        jtype r = (*env)->CallStatic##Name##MethodV(env, c, m, ap);                         \
        va_end(ap);                                                                         \
        return r;                                                                           \
    }
DEFINE_V_HELPERS(Boolean, jboolean)
DEFINE_V_HELPERS(Byte, jbyte)
DEFINE_V_HELPERS(Char, jchar)
DEFINE_V_HELPERS(Short, jshort)
DEFINE_V_HELPERS(Int, jint)
DEFINE_V_HELPERS(Long, jlong)
DEFINE_V_HELPERS(Float, jfloat)
DEFINE_V_HELPERS(Double, jdouble)
DEFINE_V_HELPERS(Object, jobject)

static void v_Void(JNIEnv *env, jobject o, jmethodID m, ...)
{
    va_list ap;
    va_start(ap, m);
    (*env)->CallVoidMethodV(env, o, m, ap);
    va_end(ap);
}
static void nv_Void(JNIEnv *env, jobject o, jclass c, jmethodID m, ...)
{
    va_list ap;
    va_start(ap, m);
    (*env)->CallNonvirtualVoidMethodV(env, o, c, m, ap);
    va_end(ap);
}
static void sv_Void(JNIEnv *env, jclass c, jmethodID m, ...)
{
    va_list ap;
    va_start(ap, m);
    (*env)->CallStaticVoidMethodV(env, c, m, ap);
    va_end(ap);
}

/* For each primitive result type: all nine ways to call ret<X>() / sret<X>(). */
#define PRIM_CALLS(Name, jtype, sig, fmt, conv)                                             \
    {                                                                                       \
        jmethodID im = (*env)->GetMethodID(env, tc, "ret" sig, "()" sig);                   \
        jmethodID sm = (*env)->GetStaticMethodID(env, tc, "sret" sig, "()" sig);            \
        jvalue none[1];                                                                     \
        jtype r[9];                                                                         \
        r[0] = (*env)->Call##Name##Method(env, t, im);                                      \
        r[1] = v_##Name(env, t, im);                                                        \
        r[2] = (*env)->Call##Name##MethodA(env, t, im, none);                               \
        r[3] = (*env)->CallNonvirtual##Name##Method(env, t, tc, im);                        \
        r[4] = nv_##Name(env, t, tc, im);                                                   \
        r[5] = (*env)->CallNonvirtual##Name##MethodA(env, t, tc, im, none);                 \
        r[6] = (*env)->CallStatic##Name##Method(env, tc, sm);                               \
        r[7] = sv_##Name(env, tc, sm);                                                      \
        r[8] = (*env)->CallStatic##Name##MethodA(env, tc, sm, none);                        \
        say(env, "Call" #Name ": " fmt " " fmt " " fmt " | " fmt " " fmt " " fmt " | " fmt " " fmt \
            " " fmt, conv(r[0]), conv(r[1]), conv(r[2]), conv(r[3]), conv(r[4]), conv(r[5]),  \
            conv(r[6]), conv(r[7]), conv(r[8]));                                            \
    }
#define AS_INT(x) ((int)(x))
#define AS_LL(x) ((long long)(x))
#define AS_DBL(x) ((double)(x))

JNIEXPORT void JNICALL Java_JniFunctions_calls(JNIEnv *env, jclass cls, jobject t, jobject sub,
                                              jobject base)
{
    char a[1024], b[1024], c[1024];
    jclass tc = (*env)->GetObjectClass(env, t);
    PRIM_CALLS(Boolean, jboolean, "Z", "%d", AS_INT)
    PRIM_CALLS(Byte, jbyte, "B", "%d", AS_INT)
    PRIM_CALLS(Char, jchar, "C", "%d", AS_INT)
    PRIM_CALLS(Short, jshort, "S", "%d", AS_INT)
    PRIM_CALLS(Int, jint, "I", "%d", AS_INT)
    PRIM_CALLS(Long, jlong, "J", "%lld", AS_LL)
    PRIM_CALLS(Float, jfloat, "F", "%.9g", AS_DBL)
    PRIM_CALLS(Double, jdouble, "D", "%.17g", AS_DBL)

    /* Object results are local references. */
    jmethodID iml = (*env)->GetMethodID(env, tc, "retL", "()Ljava/lang/Object;");
    jmethodID sml = (*env)->GetStaticMethodID(env, tc, "sretL", "()Ljava/lang/Object;");
    jvalue none[1];
    jobject o[9] = {
        (*env)->CallObjectMethod(env, t, iml), v_Object(env, t, iml),
        (*env)->CallObjectMethodA(env, t, iml, none), (*env)->CallNonvirtualObjectMethod(env, t, tc, iml),
        nv_Object(env, t, tc, iml), (*env)->CallNonvirtualObjectMethodA(env, t, tc, iml, none),
        (*env)->CallStaticObjectMethod(env, tc, sml), sv_Object(env, tc, sml),
        (*env)->CallStaticObjectMethodA(env, tc, sml, none),
    };
    for (int i = 0; i < 9; i++) {
        say(env, "CallObject[%d]: %s, ref type %d", i, str_of(env, o[i], a, sizeof a),
            (*env)->GetObjectRefType(env, o[i]));
    }
    jmethodID imv = (*env)->GetMethodID(env, tc, "retV", "()V");
    jmethodID smv = (*env)->GetStaticMethodID(env, tc, "sretV", "()V");
    (*env)->CallVoidMethod(env, t, imv);
    v_Void(env, t, imv);
    (*env)->CallVoidMethodA(env, t, imv, none);
    (*env)->CallNonvirtualVoidMethod(env, t, tc, imv);
    nv_Void(env, t, tc, imv);
    (*env)->CallNonvirtualVoidMethodA(env, t, tc, imv, none);
    (*env)->CallStaticVoidMethod(env, tc, smv);
    sv_Void(env, tc, smv);
    (*env)->CallStaticVoidMethodA(env, tc, smv, none);

    /* Every argument type, through varargs (with C's promotions), va_list and jvalue[]. */
    jstring s = (*env)->NewStringUTF(env, "arg");
    jintArray arr = (*env)->NewIntArray(env, 3);
    jint elems[3] = { 7, 8, 9 };
    (*env)->SetIntArrayRegion(env, arr, 0, 3, elems);
    jmethodID all = (*env)->GetMethodID(env, tc, "all",
                                        "(ZBCSIJFDLjava/lang/String;[I)Ljava/lang/String;");
    jmethodID sall = (*env)->GetStaticMethodID(env, tc, "sall",
                                               "(ZBCSIJFDLjava/lang/String;[I)Ljava/lang/String;");
    jvalue av[10];
    av[0].z = JNI_TRUE; av[1].b = -2; av[2].c = 0x263a; av[3].s = -3; av[4].i = 4;
    av[5].j = 5000000000LL; av[6].f = 1.5f; av[7].d = -2.25; av[8].l = s; av[9].l = arr;
    jobject r1 = (*env)->CallObjectMethod(env, t, all, JNI_TRUE, (jbyte)-2, (jchar)0x263a,
                                          (jshort)-3, 4, (jlong)5000000000LL, 1.5f, -2.25, s, arr);
    jobject r2 = v_Object(env, t, all, JNI_TRUE, (jbyte)-2, (jchar)0x263a, (jshort)-3, 4,
                          (jlong)5000000000LL, 1.5f, -2.25, s, arr);
    jobject r3 = (*env)->CallObjectMethodA(env, t, all, av);
    say(env, "%s\n%s\n%s", str_of(env, r1, a, sizeof a), str_of(env, r2, b, sizeof b),
        str_of(env, r3, c, sizeof c));
    r1 = (*env)->CallNonvirtualObjectMethod(env, t, tc, all, JNI_FALSE, (jbyte)127, (jchar)65,
                                            (jshort)32767, -4, (jlong)-1, -0.0f, 1e300, NULL, NULL);
    r2 = nv_Object(env, t, tc, all, JNI_FALSE, (jbyte)127, (jchar)65, (jshort)32767, -4,
                   (jlong)-1, -0.0f, 1e300, NULL, NULL);
    r3 = (*env)->CallNonvirtualObjectMethodA(env, t, tc, all, av);
    say(env, "%s\n%s\n%s", str_of(env, r1, a, sizeof a), str_of(env, r2, b, sizeof b),
        str_of(env, r3, c, sizeof c));
    r1 = (*env)->CallStaticObjectMethod(env, tc, sall, JNI_TRUE, (jbyte)-128, (jchar)0xffff,
                                        (jshort)-32768, 0x7fffffff, (jlong)0x7fffffffffffffffLL,
                                        3.4028235e38f, 4.9e-324, s, arr);
    r2 = sv_Object(env, tc, sall, JNI_TRUE, (jbyte)-128, (jchar)0xffff, (jshort)-32768,
                   0x7fffffff, (jlong)0x7fffffffffffffffLL, 3.4028235e38f, 4.9e-324, s, arr);
    r3 = (*env)->CallStaticObjectMethodA(env, tc, sall, av);
    say(env, "%s\n%s\n%s", str_of(env, r1, a, sizeof a), str_of(env, r2, b, sizeof b),
        str_of(env, r3, c, sizeof c));

    /* Booleans from native code are normalized to true/false. */
    jmethodID bool = (*env)->GetStaticMethodID(env, tc, "bool", "(Z)Ljava/lang/String;");
    jvalue bv[1];
    bv[0].z = 2;
    say(env, "jvalue z=2 -> %s, varargs 1 -> %s",
        str_of(env, (*env)->CallStaticObjectMethodA(env, tc, bool, bv), a, sizeof a),
        str_of(env, (*env)->CallStaticObjectMethod(env, tc, bool, 1), b, sizeof b));

    /* Virtual versus nonvirtual dispatch, interfaces, default methods. */
    jclass basec = (*env)->FindClass(env, "JniFunctions$Base");
    jclass greeter = (*env)->FindClass(env, "JniFunctions$Greeter");
    jmethodID describe = (*env)->GetMethodID(env, basec, "describe", "()Ljava/lang/String;");
    jmethodID secret = (*env)->GetMethodID(env, basec, "secret", "()Ljava/lang/String;");
    jmethodID greet = (*env)->GetMethodID(env, greeter, "greet", "(Ljava/lang/String;)Ljava/lang/String;");
    jmethodID hello = (*env)->GetMethodID(env, greeter, "hello", "()Ljava/lang/String;");
    jmethodID util = (*env)->GetStaticMethodID(env, greeter, "util", "(I)Ljava/lang/String;");
    say(env, "virtual describe on Sub: %s; nonvirtual Base.describe on Sub: %s",
        str_of(env, (*env)->CallObjectMethod(env, sub, describe), a, sizeof a),
        str_of(env, (*env)->CallNonvirtualObjectMethod(env, sub, basec, describe), b, sizeof b));
    say(env, "private Base.secret on Sub: %s",
        str_of(env, (*env)->CallObjectMethod(env, sub, secret), a, sizeof a));
    jstring who = (*env)->NewStringUTF(env, "you");
    say(env, "interface greet: %s / %s",
        str_of(env, (*env)->CallObjectMethod(env, base, greet, who), a, sizeof a),
        str_of(env, (*env)->CallObjectMethod(env, sub, greet, who), b, sizeof b));
    say(env, "default hello: %s / %s; nonvirtual Greeter.hello on Sub: %s",
        str_of(env, (*env)->CallObjectMethod(env, base, hello), a, sizeof a),
        str_of(env, (*env)->CallObjectMethod(env, sub, hello), b, sizeof b),
        str_of(env, (*env)->CallNonvirtualObjectMethod(env, sub, greeter, hello), c, sizeof c));
    say(env, "static interface method: %s",
        str_of(env, (*env)->CallStaticObjectMethod(env, greeter, util, 5), a, sizeof a));

    /* Exceptions from the callee, and a null receiver. */
    jmethodID thrower = (*env)->GetMethodID(env, tc, "thrower", "()V");
    (*env)->CallVoidMethod(env, t, thrower);
    report(env, "CallVoidMethod(thrower)");
    jint ri = (*env)->CallIntMethod(env, NULL, (*env)->GetMethodID(env, tc, "retI", "()I"));
    say(env, "CallIntMethod(NULL receiver) returned %d", ri);
    report(env, "CallIntMethod(NULL receiver)");
}

/* ---- objects ---- */

JNIEXPORT void JNICALL Java_JniFunctions_objects(JNIEnv *env, jclass cls, jclass int_array,
                                                jclass int_class)
{
    char a[1024], b[256];
    jclass tc = (*env)->FindClass(env, "JniFunctions$Target");
    jmethodID ctor = (*env)->GetMethodID(env, tc, "<init>", "(ILjava/lang/String;)V");
    jstring s = (*env)->NewStringUTF(env, "made by NewObject");
    jobject o1 = (*env)->NewObject(env, tc, ctor, 1, s);
    jvalue av[2];
    av[0].i = 3; av[1].l = s;
    jobject o3 = (*env)->NewObjectA(env, tc, ctor, av);
    say(env, "NewObject: %s, NewObjectA: %s, ref type %d", str_of(env, o1, a, sizeof a),
        str_of(env, o3, b, sizeof b), (*env)->GetObjectRefType(env, o1));
    jobject alloc = (*env)->AllocObject(env, tc);
    say(env, "AllocObject runs no constructor: %s", str_of(env, alloc, a, sizeof a));
    jmethodID failing = (*env)->GetMethodID(env, tc, "<init>", "(Z)V");
    jobject none = (*env)->NewObject(env, tc, failing, JNI_TRUE);
    say(env, "NewObject with throwing constructor returned %s", none ? "an object" : "NULL");
    report(env, "  exception");

    const char *bad[] = { "java/lang/Runnable", "JniFunctions$AbstractThing", "java/lang/Class",
                          "java/lang/Number" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        jobject x = (*env)->AllocObject(env, (*env)->FindClass(env, bad[i]));
        snprintf(b, sizeof b, "AllocObject(%s) %s", bad[i], x ? "succeeded" : "failed");
        report(env, b);
    }
    (*env)->AllocObject(env, int_array);
    report(env, "AllocObject(int[])");
    (*env)->AllocObject(env, int_class);
    report(env, "AllocObject(int)");

    /* Identity and type. */
    jclass oc = (*env)->GetObjectClass(env, o1);
    say(env, "GetObjectClass = %s, same as FindClass %d", name_of(env, oc, a, sizeof a),
        (*env)->IsSameObject(env, oc, tc));
    jclass objc = (*env)->FindClass(env, "java/lang/Object");
    jclass cmp = (*env)->FindClass(env, "java/lang/Comparable");
    jclass strc = (*env)->FindClass(env, "java/lang/String");
    jclass cloneable = (*env)->FindClass(env, "java/lang/Cloneable");
    jintArray ia = (*env)->NewIntArray(env, 1);
    say(env, "IsInstanceOf: str/Object %d, str/Comparable %d, str/Target %d, NULL/String %d, "
        "int[]/Object %d, int[]/Cloneable %d, int[]/int[] %d, int[]/int %d",
        (*env)->IsInstanceOf(env, s, objc), (*env)->IsInstanceOf(env, s, cmp),
        (*env)->IsInstanceOf(env, s, tc), (*env)->IsInstanceOf(env, NULL, strc),
        (*env)->IsInstanceOf(env, ia, objc), (*env)->IsInstanceOf(env, ia, cloneable),
        (*env)->IsInstanceOf(env, ia, int_array), (*env)->IsInstanceOf(env, ia, int_class));
    jobject g = (*env)->NewGlobalRef(env, o1);
    say(env, "IsSameObject: local/global %d, different %d, NULL/NULL %d, obj/NULL %d",
        (*env)->IsSameObject(env, o1, g), (*env)->IsSameObject(env, o1, o3),
        (*env)->IsSameObject(env, NULL, NULL), (*env)->IsSameObject(env, o1, NULL));
    (*env)->DeleteGlobalRef(env, g);
}

/* ---- fields ---- */

JNIEXPORT void JNICALL Java_JniFunctions_fields(JNIEnv *env, jclass cls, jobject t, jobject sub)
{
    char a[512];
    jclass tc = (*env)->GetObjectClass(env, t);
    jfieldID fz = (*env)->GetFieldID(env, tc, "z", "Z"), fb = (*env)->GetFieldID(env, tc, "b", "B");
    jfieldID fc = (*env)->GetFieldID(env, tc, "c", "C"), fs = (*env)->GetFieldID(env, tc, "s", "S");
    jfieldID fi = (*env)->GetFieldID(env, tc, "i", "I"), fj = (*env)->GetFieldID(env, tc, "j", "J");
    jfieldID ff = (*env)->GetFieldID(env, tc, "f", "F"), fd = (*env)->GetFieldID(env, tc, "d", "D");
    jfieldID fl = (*env)->GetFieldID(env, tc, "str", "Ljava/lang/String;");
    say(env, "Get*Field: %d %d %d %d %d %lld %.9g %.17g %s", (*env)->GetBooleanField(env, t, fz),
        (*env)->GetByteField(env, t, fb), (*env)->GetCharField(env, t, fc),
        (*env)->GetShortField(env, t, fs), (*env)->GetIntField(env, t, fi),
        (long long)(*env)->GetLongField(env, t, fj), (double)(*env)->GetFloatField(env, t, ff),
        (*env)->GetDoubleField(env, t, fd), str_of(env, (*env)->GetObjectField(env, t, fl), a, sizeof a));
    (*env)->SetBooleanField(env, t, fz, 2); /* HotSpot keeps bit 0 only: false */
    (*env)->SetByteField(env, t, fb, -128);
    (*env)->SetCharField(env, t, fc, 0xfffe);
    (*env)->SetShortField(env, t, fs, -32768);
    (*env)->SetIntField(env, t, fi, -2147483647 - 1);
    (*env)->SetLongField(env, t, fj, 0x123456789abcdefLL);
    (*env)->SetFloatField(env, t, ff, 1.0f / 3);
    (*env)->SetDoubleField(env, t, fd, 2.0 / 3);
    (*env)->SetObjectField(env, t, fl, (*env)->NewStringUTF(env, "set by JNI"));

    /* Volatile fields. */
    jfieldID vz = (*env)->GetFieldID(env, tc, "vz", "Z"), vb = (*env)->GetFieldID(env, tc, "vb", "B");
    jfieldID vc = (*env)->GetFieldID(env, tc, "vc", "C"), vs = (*env)->GetFieldID(env, tc, "vs", "S");
    jfieldID vi = (*env)->GetFieldID(env, tc, "vi", "I"), vj = (*env)->GetFieldID(env, tc, "vj", "J");
    jfieldID vf = (*env)->GetFieldID(env, tc, "vf", "F"), vd = (*env)->GetFieldID(env, tc, "vd", "D");
    jfieldID vo = (*env)->GetFieldID(env, tc, "vo", "Ljava/lang/Object;");
    (*env)->SetBooleanField(env, t, vz, 1);
    (*env)->SetByteField(env, t, vb, 1);
    (*env)->SetCharField(env, t, vc, 2);
    (*env)->SetShortField(env, t, vs, 3);
    (*env)->SetIntField(env, t, vi, 4);
    (*env)->SetLongField(env, t, vj, -5);
    (*env)->SetFloatField(env, t, vf, 6.5f);
    (*env)->SetDoubleField(env, t, vd, 7.25);
    (*env)->SetObjectField(env, t, vo, (*env)->NewStringUTF(env, "volatile object"));
    say(env, "volatile Get*Field: %d %d %d %d %d %lld %.9g %.17g %s",
        (*env)->GetBooleanField(env, t, vz), (*env)->GetByteField(env, t, vb),
        (*env)->GetCharField(env, t, vc), (*env)->GetShortField(env, t, vs),
        (*env)->GetIntField(env, t, vi), (long long)(*env)->GetLongField(env, t, vj),
        (double)(*env)->GetFloatField(env, t, vf), (*env)->GetDoubleField(env, t, vd),
        str_of(env, (*env)->GetObjectField(env, t, vo), a, sizeof a));

    /* Static fields. */
    jfieldID sz = (*env)->GetStaticFieldID(env, tc, "sz", "Z");
    jfieldID sb = (*env)->GetStaticFieldID(env, tc, "sb", "B");
    jfieldID sc = (*env)->GetStaticFieldID(env, tc, "sc", "C");
    jfieldID ss = (*env)->GetStaticFieldID(env, tc, "ss", "S");
    jfieldID si = (*env)->GetStaticFieldID(env, tc, "si", "I");
    jfieldID sj = (*env)->GetStaticFieldID(env, tc, "sj", "J");
    jfieldID sf = (*env)->GetStaticFieldID(env, tc, "sf", "F");
    jfieldID sd = (*env)->GetStaticFieldID(env, tc, "sd", "D");
    jfieldID sl = (*env)->GetStaticFieldID(env, tc, "sstr", "Ljava/lang/String;");
    jfieldID svj = (*env)->GetStaticFieldID(env, tc, "svj", "J");
    say(env, "GetStatic*Field: %d %d %d %d %d %lld %.9g %.17g %s %lld",
        (*env)->GetStaticBooleanField(env, tc, sz), (*env)->GetStaticByteField(env, tc, sb),
        (*env)->GetStaticCharField(env, tc, sc), (*env)->GetStaticShortField(env, tc, ss),
        (*env)->GetStaticIntField(env, tc, si), (long long)(*env)->GetStaticLongField(env, tc, sj),
        (double)(*env)->GetStaticFloatField(env, tc, sf), (*env)->GetStaticDoubleField(env, tc, sd),
        str_of(env, (*env)->GetStaticObjectField(env, tc, sl), a, sizeof a),
        (long long)(*env)->GetStaticLongField(env, tc, svj));
    (*env)->SetStaticBooleanField(env, tc, sz, 0);
    (*env)->SetStaticByteField(env, tc, sb, -1);
    (*env)->SetStaticCharField(env, tc, sc, 0x20ac);
    (*env)->SetStaticShortField(env, tc, ss, -2);
    (*env)->SetStaticIntField(env, tc, si, 3);
    (*env)->SetStaticLongField(env, tc, sj, -4);
    (*env)->SetStaticFloatField(env, tc, sf, 5.5f);
    (*env)->SetStaticDoubleField(env, tc, sd, -6.5);
    (*env)->SetStaticObjectField(env, tc, sl, NULL);
    (*env)->SetStaticLongField(env, tc, svj, 1LL << 62);

    /* Inherited instance fields and interface constants. */
    jclass subc = (*env)->GetObjectClass(env, sub);
    jfieldID bf = (*env)->GetFieldID(env, subc, "baseField", "I");
    say(env, "Sub.baseField = %d", (*env)->GetIntField(env, sub, bf));
    jfieldID k = (*env)->GetStaticFieldID(env, subc, "CONST", "I");
    say(env, "Sub.CONST (from Greeter) = %d", (*env)->GetStaticIntField(env, subc, k));

    /* Static lookups initialize the class. */
    say(env, "before GetStaticFieldID(LazyField.value)");
    jclass lf = (*env)->FindClass(env, "JniFunctions$LazyField"); /* initializes already */
    jfieldID lv = (*env)->GetStaticFieldID(env, lf, "value", "I");
    say(env, "LazyField.value = %d", (*env)->GetStaticIntField(env, lf, lv));

    /* Failures. */
    (*env)->GetFieldID(env, tc, "noSuchFieldAnywhereXyz", "I");
    report(env, "GetFieldID(unknown)");
    (*env)->GetFieldID(env, tc, "si", "I");
    report(env, "GetFieldID(static field)");
    (*env)->GetFieldID(env, tc, "i", "J");
    report(env, "GetFieldID(wrong type)");
    (*env)->GetStaticFieldID(env, tc, "i", "I");
    report(env, "GetStaticFieldID(instance field)");
    (*env)->GetStaticFieldID(env, tc, "noSuchFieldAnywhereXyz", "I");
    report(env, "GetStaticFieldID(unknown)");
    (*env)->GetFieldID(env, (*env)->FindClass(env, "[I"), "length", "I");
    report(env, "GetFieldID(int[], length)");
}

/* ---- strings ---- */

static void hex_chars(char *out, size_t n, const jchar *c, jsize len)
{
    size_t k = 0;
    out[0] = 0;
    for (jsize i = 0; i < len && k + 6 < n; i++) k += (size_t)snprintf(out + k, n - k, "%s%04x", i ? " " : "", c[i]);
}

static void hex_bytes(char *out, size_t n, const char *b, size_t len)
{
    size_t k = 0;
    out[0] = 0;
    for (size_t i = 0; i < len && k + 4 < n; i++)
        k += (size_t)snprintf(out + k, n - k, "%s%02x", i ? " " : "", (unsigned char)b[i]);
}

static void describe_string(JNIEnv *env, const char *label, jstring s)
{
    char h[2048], u[2048];
    jboolean copy = 2;
    jsize len = (*env)->GetStringLength(env, s);
    jsize ulen = (*env)->GetStringUTFLength(env, s);
    const jchar *chars = (*env)->GetStringChars(env, s, &copy);
    hex_chars(h, sizeof h, chars, len);
    say(env, "%s: length %d, UTF length %d, chars [%s] isCopy %d, terminated %d", label, len, ulen,
        h, copy, chars[len] == 0);
    (*env)->ReleaseStringChars(env, s, chars);
    copy = 2;
    const char *utf = (*env)->GetStringUTFChars(env, s, &copy);
    hex_bytes(u, sizeof u, utf, strlen(utf));
    say(env, "%s: UTF [%s] strlen %d isCopy %d", label, u, (int)strlen(utf), copy);
    (*env)->ReleaseStringUTFChars(env, s, utf);
    const jchar *plain = (*env)->GetStringChars(env, s, NULL);
    copy = 2;
    const jchar *crit = (*env)->GetStringCritical(env, s, &copy);
    int same = memcmp(crit, plain, (size_t)len * 2) == 0;
    (*env)->ReleaseStringCritical(env, s, crit);
    (*env)->ReleaseStringChars(env, s, plain);
    say(env, "%s: critical chars match %d, isCopy %d", label, same, copy);
}

JNIEXPORT void JNICALL Java_JniFunctions_strings(JNIEnv *env, jclass cls, jstring latin1,
                                                jstring utf16)
{
    char a[1024], h[1024];
    describe_string(env, "latin1", latin1);
    describe_string(env, "utf16", utf16);

    /* Modified UTF-8 in: NUL as c0 80, supplementary characters as surrogate pairs. */
    jstring m = (*env)->NewStringUTF(env, "A\xc0\x80\xc3\xa9\xe2\x82\xac\xed\xa0\xbd\xed\xb8\x80Z");
    describe_string(env, "NewStringUTF", m);
    jstring e = (*env)->NewStringUTF(env, "");
    describe_string(env, "empty", e);
    jchar wide[] = { 'x', 0x100, 0xd83d, 0xde00, 0 };
    jstring w = (*env)->NewString(env, wide, 5);
    describe_string(env, "NewString", w);
    jchar narrow[] = { 'c', 'a', 'f', 0xe9 };
    jstring n = (*env)->NewString(env, narrow, 4);
    jclass sc = (*env)->FindClass(env, "java/lang/String");
    jmethodID eq = (*env)->GetMethodID(env, sc, "equals", "(Ljava/lang/Object;)Z");
    jstring lit = (*env)->NewStringUTF(env, "caf\xc3\xa9");
    say(env, "NewString(caf\\u00e9).equals(NewStringUTF(caf\\u00e9)) %d; intern same %d",
        (*env)->CallBooleanMethod(env, n, eq, lit),
        (*env)->IsSameObject(env,
                             (*env)->CallObjectMethod(env, n, (*env)->GetMethodID(env, sc, "intern", "()Ljava/lang/String;")),
                             (*env)->CallObjectMethod(env, lit, (*env)->GetMethodID(env, sc, "intern", "()Ljava/lang/String;"))));
    say(env, "NewString(NULL, 0) = \"%s\"", str_of(env, (*env)->NewString(env, NULL, 0), a, sizeof a));
    (*env)->NewString(env, wide, -1);
    report(env, "NewString(len -1)");
    say(env, "NewStringUTF(NULL) = %p", (void *)(*env)->NewStringUTF(env, NULL));
    report(env, "  exception");

    /* Regions. */
    jchar buf[16];
    (*env)->GetStringRegion(env, utf16, 6, 4, buf);
    hex_chars(h, sizeof h, buf, 4);
    say(env, "GetStringRegion(utf16, 6, 4) = [%s]", h);
    (*env)->GetStringRegion(env, latin1, 8, 4, buf);
    hex_chars(h, sizeof h, buf, 4);
    say(env, "GetStringRegion(latin1, 8, 4) = [%s]", h);
    char ubuf[64];
    memset(ubuf, 'z', sizeof ubuf);
    (*env)->GetStringUTFRegion(env, utf16, 6, 5, ubuf);
    hex_bytes(h, sizeof h, ubuf, strlen(ubuf) + 1);
    say(env, "GetStringUTFRegion(utf16, 6, 5) = [%s]", h);
    memset(ubuf, 'z', sizeof ubuf);
    (*env)->GetStringUTFRegion(env, latin1, 3, 0, ubuf);
    say(env, "GetStringUTFRegion(len 0) writes NUL: %d", ubuf[0] == 0);
    (*env)->GetStringRegion(env, latin1, 10, 5, buf);
    report(env, "GetStringRegion(10, 5)");
    (*env)->GetStringRegion(env, latin1, -1, 1, buf);
    report(env, "GetStringRegion(-1, 1)");
    (*env)->GetStringUTFRegion(env, latin1, 0, -1, ubuf);
    report(env, "GetStringUTFRegion(0, -1)");
    (*env)->GetStringRegion(env, latin1, 13, 0, buf);
    report(env, "GetStringRegion(length, 0)");
}

/* ---- primitive arrays ---- */

#define ARRAY_ROUND(Name, jtype, fmt, conv)                                                 \
    {                                                                                       \
        jtype##Array arr = (*env)->New##Name##Array(env, 4);                                \
        jtype in[4] = { (jtype)1, (jtype)-2, (jtype)3, (jtype)100 }, out[4];                \
        (*env)->Set##Name##ArrayRegion(env, arr, 0, 4, in);                                 \
        (*env)->Set##Name##ArrayRegion(env, arr, 3, 1, in);                                 \
        (*env)->Get##Name##ArrayRegion(env, arr, 1, 3, out);                                \
        jboolean copy;                                                                      \
        jtype *el = (*env)->Get##Name##ArrayElements(env, arr, &copy);                      \
        int ok = el[0] == in[0] && el[1] == in[1] && el[3] == in[0];                        \
        el[2] = (jtype)42;                                                                  \
        (*env)->Release##Name##ArrayElements(env, arr, el, 0);                              \
        el = (*env)->Get##Name##ArrayElements(env, arr, &copy);                             \
        el[0] = (jtype)9;                                                                   \
        (*env)->Release##Name##ArrayElements(env, arr, el, JNI_COMMIT);                     \
        el[0] = (jtype)8;                                                                   \
        (*env)->Release##Name##ArrayElements(env, arr, el, JNI_ABORT);                      \
        jtype after[4];                                                                     \
        (*env)->Get##Name##ArrayRegion(env, arr, 0, 4, after);                              \
        int abort_ok = after[0] == (copy ? (jtype)9 : (jtype)8);                            \
        say(env, #Name "[]: length %d, region " fmt " " fmt " " fmt ", elements ok %d, "    \
            "mode 0 wrote back %d, JNI_ABORT consistent with isCopy %d",                    \
            (*env)->GetArrayLength(env, arr), conv(out[0]), conv(out[1]), conv(out[2]), ok, \
            after[2] == (jtype)42, abort_ok);                                               \
    }

JNIEXPORT void JNICALL Java_JniFunctions_primitiveArrays(JNIEnv *env, jclass cls, jintArray ints)
{
    ARRAY_ROUND(Boolean, jboolean, "%d", AS_INT)
    ARRAY_ROUND(Byte, jbyte, "%d", AS_INT)
    ARRAY_ROUND(Char, jchar, "%d", AS_INT)
    ARRAY_ROUND(Short, jshort, "%d", AS_INT)
    ARRAY_ROUND(Int, jint, "%d", AS_INT)
    ARRAY_ROUND(Long, jlong, "%lld", AS_LL)
    ARRAY_ROUND(Float, jfloat, "%.9g", AS_DBL)
    ARRAY_ROUND(Double, jdouble, "%.17g", AS_DBL)

    /* Critical access to a Java-created array, writing through. */
    jboolean copy;
    jint *p = (*env)->GetPrimitiveArrayCritical(env, ints, &copy);
    jint sum = 0;
    for (int i = 0; i < 5; i++) sum += p[i];
    p[4] = sum;
    (*env)->ReleasePrimitiveArrayCritical(env, ints, p, 0);
    say(env, "critical sum %d", sum);
    jint *el = (*env)->GetIntArrayElements(env, ints, NULL);
    el[0] = -1;
    (*env)->ReleaseIntArrayElements(env, ints, el, 0);

    /* Empty arrays. */
    jdoubleArray empty = (*env)->NewDoubleArray(env, 0);
    jdouble *ep = (*env)->GetDoubleArrayElements(env, empty, NULL);
    say(env, "empty: length %d, elements pointer non-null %d", (*env)->GetArrayLength(env, empty),
        ep != NULL);
    (*env)->ReleaseDoubleArrayElements(env, empty, ep, 0);
    (*env)->GetDoubleArrayRegion(env, empty, 0, 0, NULL);
    report(env, "GetDoubleArrayRegion(empty, 0, 0)");

    /* Bounds. */
    jint buf[16];
    (*env)->GetIntArrayRegion(env, ints, 0, 10, buf);
    report(env, "GetIntArrayRegion(0, 10)");
    (*env)->SetIntArrayRegion(env, ints, 3, -1, buf);
    report(env, "SetIntArrayRegion(3, -1)");
    (*env)->GetIntArrayRegion(env, ints, -1, 2, buf);
    report(env, "GetIntArrayRegion(-1, 2)");
    (*env)->GetIntArrayRegion(env, ints, 2147483647, 1, buf);
    report(env, "GetIntArrayRegion(MAX, 1)");
    (*env)->GetIntArrayRegion(env, ints, 5, 0, buf);
    report(env, "GetIntArrayRegion(5, 0)");
    (*env)->NewLongArray(env, -2);
    report(env, "NewLongArray(-2)");
}

/* ---- object arrays ---- */

JNIEXPORT void JNICALL Java_JniFunctions_objectArrays(JNIEnv *env, jclass cls, jobjectArray strs,
                                                     jobjectArray objs, jobjectArray ints)
{
    char a[512], b[512];
    jclass sc = (*env)->FindClass(env, "java/lang/String");
    jstring fill = (*env)->NewStringUTF(env, "fill");
    jobjectArray arr = (*env)->NewObjectArray(env, 3, sc, fill);
    say(env, "NewObjectArray: %s length %d, [2] = %s", name_of(env, (*env)->GetObjectClass(env, arr), a, sizeof a),
        (*env)->GetArrayLength(env, arr), str_of(env, (*env)->GetObjectArrayElement(env, arr, 2), b, sizeof b));
    jobjectArray nul = (*env)->NewObjectArray(env, 2, (*env)->FindClass(env, "[I"), NULL);
    say(env, "NewObjectArray of int[]: %s, [0] = %s",
        name_of(env, (*env)->GetObjectClass(env, nul), a, sizeof a),
        str_of(env, (*env)->GetObjectArrayElement(env, nul, 0), b, sizeof b));
    (*env)->NewObjectArray(env, -1, sc, NULL);
    report(env, "NewObjectArray(-1)");

    (*env)->SetObjectArrayElement(env, strs, 1, (*env)->NewStringUTF(env, "B"));
    (*env)->SetObjectArrayElement(env, strs, 2, NULL);
    jclass ic = (*env)->FindClass(env, "java/lang/Integer");
    jobject boxed = (*env)->CallStaticObjectMethod(env, ic,
        (*env)->GetStaticMethodID(env, ic, "valueOf", "(I)Ljava/lang/Integer;"), 5);
    (*env)->SetObjectArrayElement(env, strs, 0, boxed);
    report(env, "SetObjectArrayElement(String[], Integer)");
    (*env)->SetObjectArrayElement(env, strs, 3, NULL);
    report(env, "SetObjectArrayElement(index 3)");
    (*env)->SetObjectArrayElement(env, strs, -1, NULL);
    report(env, "SetObjectArrayElement(index -1)");
    (*env)->GetObjectArrayElement(env, strs, 7);
    report(env, "GetObjectArrayElement(index 7)");
    (*env)->SetObjectArrayElement(env, objs, 0, (*env)->NewStringUTF(env, "not an array"));
    report(env, "SetObjectArrayElement(Object[][], String)");
    (*env)->SetObjectArrayElement(env, objs, 1, (*env)->NewObjectArray(env, 1, sc, fill));
    report(env, "SetObjectArrayElement(Object[][], String[])");
    (*env)->SetObjectArrayElement(env, ints, 2, fill);
    report(env, "SetObjectArrayElement(int[][], String)");
    (*env)->SetObjectArrayElement(env, ints, 0, (*env)->NewIntArray(env, 2));
    report(env, "SetObjectArrayElement(int[][], int[])");
}

/* ---- exceptions ---- */

JNIEXPORT void JNICALL Java_JniFunctions_exceptions(JNIEnv *env, jclass cls)
{
    char a[512];
    say(env, "initially: ExceptionCheck %d, ExceptionOccurred %p", (*env)->ExceptionCheck(env),
        (void *)(*env)->ExceptionOccurred(env));
    jclass ise = (*env)->FindClass(env, "java/lang/IllegalStateException");
    jmethodID ctor = (*env)->GetMethodID(env, ise, "<init>", "(Ljava/lang/String;)V");
    jthrowable ex = (*env)->NewObject(env, ise, ctor, (*env)->NewStringUTF(env, "thrown with Throw"));
    jint rc = (*env)->Throw(env, ex);
    jthrowable occ = (*env)->ExceptionOccurred(env);
    say(env, "Throw rc %d, ExceptionCheck %d, same object %d, ref type %d", rc,
        (*env)->ExceptionCheck(env), (*env)->IsSameObject(env, ex, occ),
        (*env)->GetObjectRefType(env, occ));
    (*env)->ExceptionClear(env);
    say(env, "after ExceptionClear: %d", (*env)->ExceptionCheck(env));

    rc = (*env)->ThrowNew(env, ise, "thrown with ThrowNew");
    say(env, "ThrowNew rc %d", rc);
    report(env, "ThrowNew(IllegalStateException)");
    jclass my = (*env)->FindClass(env, "JniFunctions$MyEx");
    (*env)->ThrowNew(env, my, "msg");
    report(env, "ThrowNew(MyEx, msg)");
    (*env)->ThrowNew(env, my, NULL);
    report(env, "ThrowNew(MyEx, NULL)");
    (*env)->ThrowNew(env, (*env)->FindClass(env, "JniFunctions$NoStringCtorEx"), "x");
    report(env, "ThrowNew(NoStringCtorEx)");
    (*env)->ThrowNew(env, (*env)->FindClass(env, "java/lang/Object"), "x");
    report(env, "ThrowNew(Object)");
    (*env)->ThrowNew(env, ise, "caf\xc3\xa9 \xe2\x82\xac");
    jthrowable t = (*env)->ExceptionOccurred(env);
    (*env)->ExceptionClear(env);
    jstring msg = (*env)->CallObjectMethod(env, t, (*env)->GetMethodID(env, ise, "getMessage", "()Ljava/lang/String;"));
    jchar mc[16];
    (*env)->GetStringRegion(env, msg, 0, (*env)->GetStringLength(env, msg), mc);
    hex_chars(a, sizeof a, mc, (*env)->GetStringLength(env, msg));
    say(env, "ThrowNew with a UTF-8 message: [%s]", a);

    /* Throwing, then asking again: the newest exception wins. */
    (*env)->ThrowNew(env, ise, "first");
    jthrowable first = (*env)->ExceptionOccurred(env);
    (*env)->ExceptionClear(env);
    (*env)->ThrowNew(env, ise, "second");
    (*env)->Throw(env, first);
    report(env, "Throw after ThrowNew");
}

/* Leaves an exception pending for the Java caller. */
JNIEXPORT void JNICALL Java_JniFunctions_throwFromNative(JNIEnv *env, jclass cls, jint kind)
{
    switch (kind) {
    case 0:
        (*env)->ThrowNew(env, (*env)->FindClass(env, "java/lang/ArithmeticException"), "native 0");
        break;
    case 1: { /* an exception from a Java upcall, left pending */
        jclass c = (*env)->FindClass(env, "JniFunctions$Target");
        jobject t = (*env)->AllocObject(env, c);
        (*env)->CallVoidMethod(env, t, (*env)->GetMethodID(env, c, "thrower", "()V"));
        (*env)->CallVoidMethod(env, t, (*env)->GetMethodID(env, c, "retV", "()V")); /* not run */
        break;
    }
    case 2: /* a class initialization error */
        (*env)->FindClass(env, "JniFunctions$Broken");
        break;
    default: /* thrown and cleared: returns normally */
        (*env)->ThrowNew(env, (*env)->FindClass(env, "java/lang/Error"), "cleared");
        (*env)->ExceptionClear(env);
        break;
    }
}

JNIEXPORT void JNICALL Java_JniFunctions_describe(JNIEnv *env, jclass cls)
{
    (*env)->ExceptionDescribe(env); /* nothing pending: prints nothing */
    (*env)->ThrowNew(env, (*env)->FindClass(env, "java/lang/IllegalStateException"), "described");
    (*env)->ExceptionDescribe(env);
    say(env, "ExceptionDescribe cleared the exception: %d", !(*env)->ExceptionCheck(env));
    (*env)->ThrowNew(env, (*env)->FindClass(env, "java/lang/ThreadDeath"), NULL);
    (*env)->ExceptionDescribe(env); /* ThreadDeath: silent */
    say(env, "ThreadDeath described silently and cleared: %d", !(*env)->ExceptionCheck(env));
}

/* ---- references ---- */

static jweak g_weak;

JNIEXPORT void JNICALL Java_JniFunctions_references(JNIEnv *env, jclass cls, jobject o)
{
    char a[256];
    jobject g = (*env)->NewGlobalRef(env, o);
    jweak w = (*env)->NewWeakGlobalRef(env, o);
    jobject l = (*env)->NewLocalRef(env, w);
    say(env, "ref types: arg %d, global %d, weak %d, local from weak %d, NULL %d",
        (*env)->GetObjectRefType(env, o), (*env)->GetObjectRefType(env, g),
        (*env)->GetObjectRefType(env, w), (*env)->GetObjectRefType(env, l),
        (*env)->GetObjectRefType(env, NULL));
    say(env, "same: global %d weak %d local %d; through weak: %s",
        (*env)->IsSameObject(env, o, g), (*env)->IsSameObject(env, o, w),
        (*env)->IsSameObject(env, o, l), str_of(env, w, a, sizeof a));
    say(env, "NewGlobalRef(NULL) %p, NewLocalRef(NULL) %p, NewWeakGlobalRef(NULL) %p",
        (void *)(*env)->NewGlobalRef(env, NULL), (void *)(*env)->NewLocalRef(env, NULL),
        (void *)(*env)->NewWeakGlobalRef(env, NULL));
    (*env)->DeleteGlobalRef(env, g);
    (*env)->DeleteWeakGlobalRef(env, w);
    (*env)->DeleteLocalRef(env, l);
    (*env)->DeleteLocalRef(env, NULL);
    (*env)->DeleteGlobalRef(env, NULL);
    (*env)->DeleteWeakGlobalRef(env, NULL);

    /* Many global references. */
    jobject many[5000];
    for (int i = 0; i < 5000; i++) many[i] = (*env)->NewGlobalRef(env, o);
    int ok = 1;
    for (int i = 0; i < 5000; i++) ok &= (*env)->IsSameObject(env, many[i], o);
    for (int i = 0; i < 5000; i += 2) (*env)->DeleteGlobalRef(env, many[i]);
    for (int i = 1; i < 5000; i += 2) ok &= (*env)->GetObjectRefType(env, many[i]) == JNIGlobalRefType;
    for (int i = 1; i < 5000; i += 2) (*env)->DeleteGlobalRef(env, many[i]);
    say(env, "5000 global refs ok %d", ok);

    /* Local frames. */
    say(env, "EnsureLocalCapacity(65536) %d, (65537) %d, (-1) %d; PushLocalFrame(-1) %d, (65537) %d",
        (*env)->EnsureLocalCapacity(env, 65536), (*env)->EnsureLocalCapacity(env, 65537),
        (*env)->EnsureLocalCapacity(env, -1), (*env)->PushLocalFrame(env, -1),
        (*env)->PushLocalFrame(env, 65537));
    report(env, "  exception");
    jint rc = (*env)->PushLocalFrame(env, 16);
    for (int i = 0; i < 1000; i++) (*env)->NewLocalRef(env, o);
    rc |= (*env)->PushLocalFrame(env, 0);
    jstring deep = (*env)->NewStringUTF(env, "survives two frames");
    jobject r1 = (*env)->PopLocalFrame(env, deep);
    jobject r2 = (*env)->PopLocalFrame(env, r1);
    say(env, "PushLocalFrame rc %d, result %s type %d", rc, str_of(env, r2, a, sizeof a),
        (*env)->GetObjectRefType(env, r2));
    (*env)->PushLocalFrame(env, 1);
    say(env, "PopLocalFrame(NULL) %p", (void *)(*env)->PopLocalFrame(env, NULL));

    /* Lots of locals: kept (100000), and created/deleted in a loop (1000000). */
    for (int i = 0; i < 100000; i++) (*env)->NewLocalRef(env, o);
    for (int i = 0; i < 1000000; i++) {
        jobject x = (*env)->NewLocalRef(env, o);
        jobject y = (*env)->NewLocalRef(env, o);
        (*env)->DeleteLocalRef(env, x); /* not the top one */
        (*env)->DeleteLocalRef(env, y);
    }
    jobject last = (*env)->NewLocalRef(env, o);
    say(env, "after 1100000 NewLocalRef: still usable %d", (*env)->IsSameObject(env, last, o));
}

/* create: make a weak reference to a fresh unreachable object; else: is it cleared? */
JNIEXPORT jboolean JNICALL Java_JniFunctions_weakCleared(JNIEnv *env, jclass cls, jboolean create)
{
    if (create) {
        jclass sb = (*env)->FindClass(env, "java/lang/StringBuilder");
        jobject o = (*env)->NewObject(env, sb, (*env)->GetMethodID(env, sb, "<init>", "(I)V"), 1000);
        g_weak = (*env)->NewWeakGlobalRef(env, o);
        (*env)->DeleteLocalRef(env, o);
        say(env, "weak ref alive before gc: %d", !(*env)->IsSameObject(env, g_weak, NULL));
        return JNI_FALSE;
    }
    jboolean cleared = (*env)->IsSameObject(env, g_weak, NULL);
    if (cleared) {
        say(env, "cleared weak ref: NewLocalRef %p, type still weak %d",
            (void *)(*env)->NewLocalRef(env, g_weak),
            (*env)->GetObjectRefType(env, g_weak) == JNIWeakGlobalRefType);
        (*env)->DeleteWeakGlobalRef(env, g_weak);
    }
    return cleared;
}

/* Local references are roots: n strings held only by locals survive a collection. */
JNIEXPORT jboolean JNICALL Java_JniFunctions_localsAcrossGc(JNIEnv *env, jclass cls, jint n)
{
    if ((*env)->PushLocalFrame(env, 16) != JNI_OK) return JNI_FALSE;
    jstring *strs = malloc(sizeof(jstring) * (size_t)n);
    jobject *globals = malloc(sizeof(jobject) * (size_t)(n / 1000 + 1));
    char buf[64], back[64];
    for (jint i = 0; i < n; i++) {
        snprintf(buf, sizeof buf, "local string %d", (int)i);
        strs[i] = (*env)->NewStringUTF(env, buf);
        if (i % 1000 == 0) {
            jintArray a = (*env)->NewIntArray(env, 1);
            (*env)->SetIntArrayRegion(env, a, 0, 1, &i);
            globals[i / 1000] = (*env)->NewGlobalRef(env, a);
            (*env)->DeleteLocalRef(env, a);
        }
    }
    jclass sys = (*env)->FindClass(env, "java/lang/System");
    jmethodID gc = (*env)->GetStaticMethodID(env, sys, "gc", "()V");
    (*env)->CallStaticVoidMethod(env, sys, gc);
    /* Garbage after the collection reuses freed memory: survivors must not be affected. */
    for (jint i = 0; i < n; i++) (*env)->DeleteLocalRef(env, (*env)->NewStringUTF(env, "garbage garbage"));
    jboolean ok = JNI_TRUE;
    for (jint i = 0; i < n && ok; i++) {
        snprintf(buf, sizeof buf, "local string %d", (int)i);
        jsize len = (*env)->GetStringUTFLength(env, strs[i]);
        (*env)->GetStringUTFRegion(env, strs[i], 0, (*env)->GetStringLength(env, strs[i]), back);
        if (len != (jsize)strlen(buf) || strcmp(buf, back) != 0) ok = JNI_FALSE;
    }
    for (jint i = 0; i < n; i += 1000) {
        jint v = -1;
        (*env)->GetIntArrayRegion(env, globals[i / 1000], 0, 1, &v);
        if (v != i) ok = JNI_FALSE;
        (*env)->DeleteGlobalRef(env, globals[i / 1000]);
    }
    free(strs);
    free(globals);
    (*env)->PopLocalFrame(env, NULL);
    return ok;
}

/* Global and weak references created and deleted concurrently by several threads. */
JNIEXPORT jint JNICALL Java_JniFunctions_globalChurn(JNIEnv *env, jclass cls, jobject o, jint n)
{
    jint bad = 0;
    jobject keep[64];
    for (jint i = 0; i < n; i++) {
        jobject g = (*env)->NewGlobalRef(env, o);
        jweak w = (*env)->NewWeakGlobalRef(env, o);
        keep[i % 64] = (*env)->NewGlobalRef(env, o);
        if (!(*env)->IsSameObject(env, g, o) || !(*env)->IsSameObject(env, w, o)) bad++;
        if ((*env)->GetObjectRefType(env, w) != JNIWeakGlobalRefType) bad++;
        (*env)->DeleteGlobalRef(env, g);
        (*env)->DeleteWeakGlobalRef(env, w);
        if (i % 64 == 63)
            for (int k = 0; k < 64; k++) {
                if (!(*env)->IsSameObject(env, keep[k], o)) bad++;
                (*env)->DeleteGlobalRef(env, keep[k]);
            }
    }
    return bad;
}

/* ---- reflection ---- */

JNIEXPORT void JNICALL Java_JniFunctions_reflection(JNIEnv *env, jclass cls, jobject m,
                                                   jobject ctor, jobject f, jobject sf)
{
    char a[512], b[512];
    jmethodID mid = (*env)->FromReflectedMethod(env, m);
    jclass sub = (*env)->FindClass(env, "JniFunctions$Sub");
    jobject s = (*env)->AllocObject(env, sub);
    say(env, "FromReflectedMethod(Sub.describe) call: %s",
        str_of(env, (*env)->CallObjectMethod(env, s, mid), a, sizeof a));
    jmethodID cid = (*env)->FromReflectedMethod(env, ctor);
    jclass tc = (*env)->FindClass(env, "JniFunctions$Target");
    jobject t = (*env)->NewObject(env, tc, cid, 77, (*env)->NewStringUTF(env, "via reflected ctor"));
    say(env, "FromReflectedMethod(Target(int,String)) NewObject: %s", str_of(env, t, a, sizeof a));
    jfieldID fid = (*env)->FromReflectedField(env, f);
    jfieldID sfid = (*env)->FromReflectedField(env, sf);
    say(env, "FromReflectedField: i = %d, sstr = %s", (*env)->GetIntField(env, t, fid),
        str_of(env, (*env)->GetStaticObjectField(env, tc, sfid), b, sizeof b));

    jmethodID all = (*env)->GetMethodID(env, tc, "all", "(ZBCSIJFDLjava/lang/String;[I)Ljava/lang/String;");
    jmethodID sretJ = (*env)->GetStaticMethodID(env, tc, "sretJ", "()J");
    jmethodID init = (*env)->GetMethodID(env, tc, "<init>", "(Z)V");
    say(env, "ToReflectedMethod: %s", str_of(env, (*env)->ToReflectedMethod(env, tc, all, JNI_FALSE), a, sizeof a));
    say(env, "ToReflectedMethod: %s", str_of(env, (*env)->ToReflectedMethod(env, tc, sretJ, JNI_TRUE), a, sizeof a));
    say(env, "ToReflectedMethod: %s", str_of(env, (*env)->ToReflectedMethod(env, tc, init, JNI_FALSE), a, sizeof a));
    jfieldID vd = (*env)->GetFieldID(env, tc, "vd", "D");
    jfieldID svj = (*env)->GetStaticFieldID(env, tc, "svj", "J");
    say(env, "ToReflectedField: %s", str_of(env, (*env)->ToReflectedField(env, tc, vd, JNI_FALSE), a, sizeof a));
    say(env, "ToReflectedField: %s", str_of(env, (*env)->ToReflectedField(env, tc, svj, JNI_TRUE), a, sizeof a));
    jobject back = (*env)->ToReflectedMethod(env, tc, mid, JNI_FALSE);
    say(env, "round trip FromReflectedMethod(ToReflectedMethod(id)) same id %d",
        (*env)->FromReflectedMethod(env, back) == mid);
}

/* ---- RegisterNatives ---- */

static jint JNICALL twice_impl(JNIEnv *env, jclass cls, jint x) { return 2 * x; }
static jstring JNICALL hello_impl(JNIEnv *env, jclass cls, jstring who)
{
    const char *w = (*env)->GetStringUTFChars(env, who, NULL);
    char buf[256];
    snprintf(buf, sizeof buf, "hello, %s", w);
    (*env)->ReleaseStringUTFChars(env, who, w);
    return (*env)->NewStringUTF(env, buf);
}
static jlong JNICALL plus_impl(JNIEnv *env, jobject self, jlong a)
{
    jclass c = (*env)->GetObjectClass(env, self);
    return a + (*env)->GetLongField(env, self, (*env)->GetFieldID(env, c, "base", "J"));
}

JNIEXPORT void JNICALL Java_JniFunctions_registerNatives(JNIEnv *env, jclass cls)
{
    jclass rc = (*env)->FindClass(env, "JniFunctions$Registered");
    JNINativeMethod ok[] = {
        { "twice", "(I)I", (void *)twice_impl },
        { "hello", "(Ljava/lang/String;)Ljava/lang/String;", (void *)hello_impl },
        { "plus", "(J)J", (void *)plus_impl },
    };
    say(env, "RegisterNatives(3) = %d", (*env)->RegisterNatives(env, rc, ok, 3));
    JNINativeMethod bad1[] = { { "noSuchNativeAnywhereXyz", "(I)I", (void *)twice_impl } };
    say(env, "RegisterNatives(unknown) = %d", (*env)->RegisterNatives(env, rc, bad1, 1));
    report(env, "  exception");
    JNINativeMethod bad2[] = { { "twice", "(J)J", (void *)twice_impl } };
    say(env, "RegisterNatives(wrong signature) = %d", (*env)->RegisterNatives(env, rc, bad2, 1));
    report(env, "  exception");
    JNINativeMethod bad3[] = { { "notNative", "()I", (void *)twice_impl } };
    say(env, "RegisterNatives(not native) = %d", (*env)->RegisterNatives(env, rc, bad3, 1));
    report(env, "  exception");
    JNINativeMethod bad4[] = { { "twice", "(I)I", (void *)twice_impl },
                               { "toString", "()Ljava/lang/String;", (void *)hello_impl } };
    say(env, "RegisterNatives(good, inherited non-native) = %d", (*env)->RegisterNatives(env, rc, bad4, 2));
    report(env, "  exception");
}

JNIEXPORT void JNICALL Java_JniFunctions_unregisterNatives(JNIEnv *env, jclass cls)
{
    jclass rc = (*env)->FindClass(env, "JniFunctions$Registered");
    say(env, "UnregisterNatives = %d", (*env)->UnregisterNatives(env, rc));
}

/* ---- monitors ---- */

JNIEXPORT void JNICALL Java_JniFunctions_monitors(JNIEnv *env, jclass cls, jobject lock)
{
    jmethodID holds = (*env)->GetStaticMethodID(env, cls, "holds", "(Ljava/lang/Object;)Z");
    jmethodID start = (*env)->GetStaticMethodID(env, cls, "startContender", "(Ljava/lang/Object;)V");
    jfieldID got = (*env)->GetStaticFieldID(env, cls, "contenderGotIt", "Z");
    say(env, "holds before: %d", (*env)->CallStaticBooleanMethod(env, cls, holds, lock));
    jint r1 = (*env)->MonitorEnter(env, lock);
    jint r2 = (*env)->MonitorEnter(env, lock);
    say(env, "MonitorEnter twice: %d %d, holds: %d", r1, r2,
        (*env)->CallStaticBooleanMethod(env, cls, holds, lock));
    (*env)->CallStaticVoidMethod(env, cls, start, lock);
    say(env, "contender blocked, got it: %d", (*env)->GetStaticBooleanField(env, cls, got));
    r1 = (*env)->MonitorExit(env, lock);
    say(env, "MonitorExit once: %d, holds: %d, contender got it: %d", r1,
        (*env)->CallStaticBooleanMethod(env, cls, holds, lock),
        (*env)->GetStaticBooleanField(env, cls, got));
    r2 = (*env)->MonitorExit(env, lock);
    say(env, "MonitorExit again: %d, holds: %d", r2, (*env)->CallStaticBooleanMethod(env, cls, holds, lock));
    say(env, "MonitorExit when not owner: %d", (*env)->MonitorExit(env, lock));
    report(env, "  exception");
    say(env, "MonitorEnter(NULL): %d", (*env)->MonitorEnter(env, NULL));
    report(env, "  exception");
}

/* ---- direct buffers ---- */

JNIEXPORT void JNICALL Java_JniFunctions_directBuffers(JNIEnv *env, jclass cls, jobject heap,
                                                      jobject direct)
{
    static char memory[16] = "native bytes!";
    jobject bb = (*env)->NewDirectByteBuffer(env, memory, sizeof memory);
    jclass bbc = (*env)->FindClass(env, "java/nio/ByteBuffer");
    jmethodID is_direct = (*env)->GetMethodID(env, bbc, "isDirect", "()Z");
    jmethodID cap = (*env)->GetMethodID(env, bbc, "capacity", "()I");
    jmethodID get = (*env)->GetMethodID(env, bbc, "get", "(I)B");
    jmethodID put = (*env)->GetMethodID(env, bbc, "put", "(IB)Ljava/nio/ByteBuffer;");
    (*env)->CallObjectMethod(env, bb, put, 0, (jbyte)'N');
    char a[256];
    say(env, "NewDirectByteBuffer: %s, isDirect %d, capacity %d, get(1) '%c', put wrote '%c'",
        name_of(env, (*env)->GetObjectClass(env, bb), a, sizeof a),
        (*env)->CallBooleanMethod(env, bb, is_direct), (*env)->CallIntMethod(env, bb, cap),
        (char)(*env)->CallByteMethod(env, bb, get, 1), memory[0]);
    say(env, "GetDirectBufferAddress same %d, capacity %lld",
        (*env)->GetDirectBufferAddress(env, bb) == memory,
        (long long)(*env)->GetDirectBufferCapacity(env, bb));
    say(env, "Java direct buffer: address non-null %d, capacity %lld",
        (*env)->GetDirectBufferAddress(env, direct) != NULL,
        (long long)(*env)->GetDirectBufferCapacity(env, direct));
    say(env, "heap buffer: address %p, capacity %lld", (*env)->GetDirectBufferAddress(env, heap),
        (long long)(*env)->GetDirectBufferCapacity(env, heap));
    say(env, "not a buffer: address %p, capacity %lld", (*env)->GetDirectBufferAddress(env, cls),
        (long long)(*env)->GetDirectBufferCapacity(env, cls));
    say(env, "NULL: capacity %lld", (long long)(*env)->GetDirectBufferCapacity(env, NULL));
    report(env, "  exception");
}

/* ---- modules ---- */

JNIEXPORT void JNICALL Java_JniFunctions_modules(JNIEnv *env, jclass cls, jclass int_class)
{
    char a[256], c[256];
    jobject m1 = (*env)->GetModule(env, (*env)->FindClass(env, "java/lang/String"));
    jobject m2 = (*env)->GetModule(env, cls);
    jobject m3 = (*env)->GetModule(env, int_class);
    jobject m4 = (*env)->GetModule(env, (*env)->FindClass(env, "[Ljava/lang/String;"));
    say(env, "GetModule: String %s, int %s, String[] same as String %d",
        str_of(env, m1, a, sizeof a), str_of(env, m3, c, sizeof c), (*env)->IsSameObject(env, m1, m4));
    jclass mc = (*env)->FindClass(env, "java/lang/Module");
    jmethodID named = (*env)->GetMethodID(env, mc, "isNamed", "()Z");
    say(env, "JniFunctions module named %d; GetModule result type %s", (*env)->CallBooleanMethod(env, m2, named),
        name_of(env, (*env)->GetObjectClass(env, m2), a, sizeof a));
    say(env, "GetModule(NULL) = %p", (void *)(*env)->GetModule(env, NULL));
    report(env, "  exception");
}

/* ---- attached threads ---- */

static jint attach_before, attach_rc, detach_rc, env_after;

static void *attached_main(void *arg)
{
    JNIEnv *env = NULL;
    attach_before = (*g_vm)->GetEnv(g_vm, (void **)&env, JNI_VERSION_10);
    JavaVMAttachArgs args = { JNI_VERSION_10, "attached-1", NULL };
    attach_rc = (*g_vm)->AttachCurrentThread(g_vm, (void **)&env, &args);
    if (attach_rc != JNI_OK) return NULL;
    /* No Java frame: FindClass uses the system class loader. */
    jclass h = (*env)->FindClass(env, "JniFunctions$AttachHelper");
    if (h == NULL) {
        (*env)->ExceptionDescribe(env);
    } else {
        jmethodID rep = (*env)->GetStaticMethodID(env, h, "report", "(Ljava/lang/String;)V");
        jstring s = (*env)->NewStringUTF(env, "FindClass found an application class");
        (*env)->CallStaticVoidMethod(env, h, rep, s);
        /* A second attach returns the same env. */
        JNIEnv *again = NULL;
        (*g_vm)->AttachCurrentThread(g_vm, (void **)&again, NULL);
        (*env)->CallStaticVoidMethod(env, h, rep,
            (*env)->NewStringUTF(env, again == env ? "re-attach gave the same env" : "re-attach gave another env"));
    }
    detach_rc = (*g_vm)->DetachCurrentThread(g_vm);
    env_after = (*g_vm)->GetEnv(g_vm, (void **)&env, JNI_VERSION_10);
    return NULL;
}

JNIEXPORT void JNICALL Java_JniFunctions_attachedThread(JNIEnv *env, jclass cls)
{
    pthread_t th;
    if (pthread_create(&th, NULL, attached_main, NULL) != 0) {
        say(env, "pthread_create failed");
        return;
    }
    pthread_join(th, NULL);
    say(env, "GetEnv before attach %d, AttachCurrentThread %d, DetachCurrentThread %d, GetEnv after %d",
        attach_before, attach_rc, detach_rc, env_after);
}
