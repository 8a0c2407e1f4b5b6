// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The JNI library of the GlassVM test suite (tests/java/JniBasics.java): every function
// here is called by that program, and its results are compared with HotSpot's. Natives
// are linked by short names, long (overloaded) names, escaped names, and RegisterNatives
// from JNI_OnLoad. Built by tests/run with gcc -shared into libjnibasics.so.
#include <jni.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static JavaVM *g_vm;
static jint onload_version;

JNIEXPORT jint JNICALL Java_JniBasics_add(JNIEnv *env, jclass cls, jint a, jint b) {
    return (jint)((unsigned)a + (unsigned)b);
}

JNIEXPORT jdouble JNICALL Java_JniBasics_mixArgs(JNIEnv *env, jclass cls, jbyte b, jshort s, jchar c,
                                                 jint i, jlong l, jfloat f, jdouble d, jboolean z) {
    return b + s + c + i + (jdouble)l + f + d + (z ? 1000 : 0);
}

JNIEXPORT jlong JNICALL Java_JniBasics_returnLong(JNIEnv *env, jclass cls, jlong v) { return v; }
JNIEXPORT jboolean JNICALL Java_JniBasics_returnBoolean(JNIEnv *env, jclass cls, jint v) { return v != 0 ? JNI_TRUE : JNI_FALSE; }
JNIEXPORT jchar JNICALL Java_JniBasics_returnChar(JNIEnv *env, jclass cls, jchar c) { return c; }
JNIEXPORT jfloat JNICALL Java_JniBasics_returnFloat(JNIEnv *env, jclass cls, jfloat f) { return f; }

JNIEXPORT jstring JNICALL Java_JniBasics_greet(JNIEnv *env, jobject self, jstring who) {
    char buf[256];
    if (who == NULL) return (*env)->NewStringUTF(env, "hello, nobody");
    const char *w = (*env)->GetStringUTFChars(env, who, NULL);
    if (w == NULL) return NULL;
    snprintf(buf, sizeof buf, "hello, %s (from %s)", w, "native");
    (*env)->ReleaseStringUTFChars(env, who, w);
    return (*env)->NewStringUTF(env, buf);
}

// Reverses by code point, keeping surrogate pairs in order.
JNIEXPORT jstring JNICALL Java_JniBasics_reverse(JNIEnv *env, jclass cls, jstring s) {
    jsize n = (*env)->GetStringLength(env, s);
    const jchar *chars = (*env)->GetStringChars(env, s, NULL);
    jchar out[512];
    if (chars == NULL || n > 512) return NULL;
    jsize o = 0;
    for (jsize i = n - 1; i >= 0; i--) {
        if (i > 0 && chars[i] >= 0xDC00 && chars[i] <= 0xDFFF && chars[i - 1] >= 0xD800 && chars[i - 1] <= 0xDBFF) {
            out[o++] = chars[i - 1];
            out[o++] = chars[i];
            i--;
        } else {
            out[o++] = chars[i];
        }
    }
    (*env)->ReleaseStringChars(env, s, chars);
    return (*env)->NewString(env, out, o);
}

JNIEXPORT jint JNICALL Java_JniBasics_utfLength(JNIEnv *env, jclass cls, jstring s) {
    return (*env)->GetStringUTFLength(env, s);
}

JNIEXPORT jstring JNICALL Java_JniBasics_utfRoundTrip(JNIEnv *env, jclass cls, jstring s) {
    char buf[256];
    jsize len = (*env)->GetStringLength(env, s);
    (*env)->GetStringUTFRegion(env, s, 0, len, buf);
    return (*env)->NewStringUTF(env, buf);
}

JNIEXPORT jint JNICALL Java_JniBasics_sumArray(JNIEnv *env, jclass cls, jintArray a) {
    jsize n = (*env)->GetArrayLength(env, a);
    jint *p = (*env)->GetIntArrayElements(env, a, NULL);
    jint s = 0;
    for (jsize i = 0; i < n; i++) s += p[i];
    (*env)->ReleaseIntArrayElements(env, a, p, JNI_ABORT);
    return s;
}

JNIEXPORT void JNICALL Java_JniBasics_scaleArray(JNIEnv *env, jclass cls, jdoubleArray a, jdouble k) {
    jsize n = (*env)->GetArrayLength(env, a);
    jdouble *p = (*env)->GetDoubleArrayElements(env, a, NULL);
    for (jsize i = 0; i < n; i++) p[i] *= k;
    (*env)->ReleaseDoubleArrayElements(env, a, p, 0);   // copy back
}

JNIEXPORT jintArray JNICALL Java_JniBasics_makeArray(JNIEnv *env, jclass cls, jint n) {
    jintArray a = (*env)->NewIntArray(env, n);
    jint buf[64];
    for (jint i = 0; i < n && i < 64; i++) buf[i] = i * i;
    (*env)->SetIntArrayRegion(env, a, 0, n, buf);
    return a;
}

JNIEXPORT jobjectArray JNICALL Java_JniBasics_splitChars(JNIEnv *env, jclass cls, jstring s) {
    jsize n = (*env)->GetStringLength(env, s);
    jclass str = (*env)->FindClass(env, "java/lang/String");
    jobjectArray arr = (*env)->NewObjectArray(env, n, str, NULL);
    for (jsize i = 0; i < n; i++) {
        jchar c;
        (*env)->GetStringRegion(env, s, i, 1, &c);
        jstring one = (*env)->NewString(env, &c, 1);
        (*env)->SetObjectArrayElement(env, arr, i, one);
        (*env)->DeleteLocalRef(env, one);
    }
    return arr;
}

JNIEXPORT jlong JNICALL Java_JniBasics_sumRegion(JNIEnv *env, jclass cls, jlongArray a, jint start, jint len) {
    jlong buf[16] = { 0 };
    jlong s = 0;
    if (len > 16) len = 16;
    (*env)->GetLongArrayRegion(env, a, start, len, buf);
    if ((*env)->ExceptionCheck(env)) return -1;   // leave the AIOOBE pending
    for (jint i = 0; i < len; i++) s += buf[i];
    return s;
}

JNIEXPORT jint JNICALL Java_JniBasics_criticalSum(JNIEnv *env, jclass cls, jbyteArray a) {
    jsize n = (*env)->GetArrayLength(env, a);
    jbyte *p = (*env)->GetPrimitiveArrayCritical(env, a, NULL);
    jint s = 0;
    for (jsize i = 0; i < n; i++) s += p[i];
    (*env)->ReleasePrimitiveArrayCritical(env, a, p, JNI_ABORT);
    return s;
}

JNIEXPORT jstring JNICALL Java_JniBasics_callbacks(JNIEnv *env, jclass cls, jobject target) {
    char buf[512];
    jclass base = (*env)->FindClass(env, "JniBasics");
    jmethodID square = (*env)->GetStaticMethodID(env, cls, "square", "(I)I");
    jmethodID describe = (*env)->GetMethodID(env, base, "describe", "(Ljava/lang/String;ID)Ljava/lang/String;");
    jmethodID sum = (*env)->GetMethodID(env, base, "sum", "(JJ)J");
    jmethodID bump = (*env)->GetMethodID(env, base, "bump", "()V");
    jmethodID toString = (*env)->GetMethodID(env, base, "toString", "()Ljava/lang/String;");
    jint sq = (*env)->CallStaticIntMethod(env, cls, square, 12);
    jstring prefix = (*env)->NewStringUTF(env, "pfx");
    jstring virt = (*env)->CallObjectMethod(env, target, describe, prefix, 7, 1.5);
    jstring nonvirt = (*env)->CallNonvirtualObjectMethod(env, target, base, describe, prefix, 8, 2.5);
    jvalue args[2];
    args[0].j = 1LL << 33;
    args[1].j = -1;
    jlong s = (*env)->CallLongMethodA(env, target, sum, args);
    (*env)->CallVoidMethod(env, target, bump);
    jstring ts = (*env)->CallObjectMethod(env, target, toString);
    const char *v = (*env)->GetStringUTFChars(env, virt, NULL);
    const char *nv = (*env)->GetStringUTFChars(env, nonvirt, NULL);
    const char *t = (*env)->GetStringUTFChars(env, ts, NULL);
    snprintf(buf, sizeof buf, "square=%d virtual=%s nonvirtual=%s sum=%lld toString=%s", sq, v, nv, (long long)s, t);
    (*env)->ReleaseStringUTFChars(env, virt, v);
    (*env)->ReleaseStringUTFChars(env, nonvirt, nv);
    (*env)->ReleaseStringUTFChars(env, ts, t);
    return (*env)->NewStringUTF(env, buf);
}

JNIEXPORT jobject JNICALL Java_JniBasics_construct(JNIEnv *env, jclass cls, jstring s) {
    jclass sb = (*env)->FindClass(env, "java/lang/StringBuilder");
    jmethodID init = (*env)->GetMethodID(env, sb, "<init>", "(Ljava/lang/String;)V");
    jmethodID append = (*env)->GetMethodID(env, sb, "append", "(I)Ljava/lang/StringBuilder;");
    jobject o = (*env)->NewObject(env, sb, init, s);
    jobject same = (*env)->CallObjectMethod(env, o, append, 42);
    if (!(*env)->IsSameObject(env, o, same)) return NULL;
    jobject raw = (*env)->AllocObject(env, sb);   // constructor not run: a valid but empty object
    return raw != NULL ? o : NULL;
}

JNIEXPORT jstring JNICALL Java_JniBasics_fields(JNIEnv *env, jclass cls, jobject target) {
    char buf[256];
    jclass c = (*env)->GetObjectClass(env, target);
    jfieldID counter = (*env)->GetFieldID(env, c, "counter", "I");
    jfieldID big = (*env)->GetFieldID(env, c, "big", "J");
    jfieldID label = (*env)->GetStaticFieldID(env, cls, "staticLabel", "Ljava/lang/String;");
    jint before = (*env)->GetIntField(env, target, counter);
    (*env)->SetIntField(env, target, counter, before * 10);
    (*env)->SetLongField(env, target, big, (*env)->GetLongField(env, target, big) + 1);
    jstring old = (*env)->GetStaticObjectField(env, cls, label);
    const char *o = (*env)->GetStringUTFChars(env, old, NULL);
    snprintf(buf, sizeof buf, "counter was %d, label was %s", before, o);
    (*env)->ReleaseStringUTFChars(env, old, o);
    (*env)->SetStaticObjectField(env, cls, label, (*env)->NewStringUTF(env, "set natively"));
    jfieldID nofield = (*env)->GetFieldID(env, c, "noSuchField", "I");
    if (nofield == NULL && (*env)->ExceptionCheck(env)) {
        jthrowable e = (*env)->ExceptionOccurred(env);
        (*env)->ExceptionClear(env);
        jclass nsfe = (*env)->FindClass(env, "java/lang/NoSuchFieldError");
        strcat(buf, (*env)->IsInstanceOf(env, e, nsfe) ? ", missing field: NoSuchFieldError" : ", missing field: other error");
    }
    return (*env)->NewStringUTF(env, buf);
}

JNIEXPORT void JNICALL Java_JniBasics_throwNew(JNIEnv *env, jclass cls, jstring msg) {
    const char *m = (*env)->GetStringUTFChars(env, msg, NULL);
    char buf[128];
    snprintf(buf, sizeof buf, "%s (ThrowNew)", m);
    (*env)->ReleaseStringUTFChars(env, msg, m);
    (*env)->ThrowNew(env, (*env)->FindClass(env, "java/lang/IllegalStateException"), buf);
}

JNIEXPORT jstring JNICALL Java_JniBasics_catchJava(JNIEnv *env, jclass cls) {
    char buf[256];
    jmethodID thrower = (*env)->GetStaticMethodID(env, cls, "thrower", "(Ljava/lang/String;)V");
    (*env)->CallStaticVoidMethod(env, cls, thrower, (*env)->NewStringUTF(env, "caught in C"));
    jboolean pending = (*env)->ExceptionCheck(env);
    jthrowable e = (*env)->ExceptionOccurred(env);
    (*env)->ExceptionClear(env);
    jclass ecls = (*env)->GetObjectClass(env, e);
    jmethodID getMessage = (*env)->GetMethodID(env, ecls, "getMessage", "()Ljava/lang/String;");
    jstring m = (*env)->CallObjectMethod(env, e, getMessage);
    const char *mc = (*env)->GetStringUTFChars(env, m, NULL);
    snprintf(buf, sizeof buf, "pending=%d message=%s cleared=%d", pending, mc, (*env)->ExceptionCheck(env));
    (*env)->ReleaseStringUTFChars(env, m, mc);
    // Throw an exception object created natively, then clear it again
    jclass ae = (*env)->FindClass(env, "java/lang/ArithmeticException");
    jmethodID init = (*env)->GetMethodID(env, ae, "<init>", "(Ljava/lang/String;)V");
    jthrowable t = (*env)->NewObject(env, ae, init, (*env)->NewStringUTF(env, "made natively"));
    (*env)->Throw(env, t);
    if ((*env)->ExceptionCheck(env)) {
        (*env)->ExceptionClear(env);
        strcat(buf, " throw+clear ok");
    }
    return (*env)->NewStringUTF(env, buf);
}

// Calls Java that throws and returns with the exception still pending.
JNIEXPORT void JNICALL Java_JniBasics_propagate(JNIEnv *env, jclass cls) {
    jmethodID thrower = (*env)->GetStaticMethodID(env, cls, "thrower", "(Ljava/lang/String;)V");
    (*env)->CallStaticVoidMethod(env, cls, thrower, (*env)->NewStringUTF(env, "propagated through C"));
}

JNIEXPORT jstring JNICALL Java_JniBasics_refs(JNIEnv *env, jclass cls, jobject o) {
    char buf[256];
    jobject g = (*env)->NewGlobalRef(env, o);
    jweak w = (*env)->NewWeakGlobalRef(env, o);
    jobject l = (*env)->NewLocalRef(env, g);
    int same = (*env)->IsSameObject(env, g, o) && (*env)->IsSameObject(env, w, o) && (*env)->IsSameObject(env, l, o);
    jobjectRefType tg = (*env)->GetObjectRefType(env, g);
    jobjectRefType tw = (*env)->GetObjectRefType(env, w);
    jobjectRefType tl = (*env)->GetObjectRefType(env, l);
    jobject fromWeak = (*env)->NewLocalRef(env, w);
    int weakAlive = fromWeak != NULL;
    (*env)->DeleteLocalRef(env, l);
    (*env)->DeleteGlobalRef(env, g);
    (*env)->DeleteWeakGlobalRef(env, w);
    snprintf(buf, sizeof buf, "same=%d types global=%d weak=%d local=%d weakAlive=%d nullSame=%d",
             same, tg, tw, tl, weakAlive, (*env)->IsSameObject(env, NULL, NULL));
    return (*env)->NewStringUTF(env, buf);
}

// Creates many local references inside local frames; PopLocalFrame keeps one result.
JNIEXPORT jint JNICALL Java_JniBasics_localFrames(JNIEnv *env, jclass cls, jint n) {
    jint total = 0;
    if ((*env)->EnsureLocalCapacity(env, 100) != 0) return -1;
    for (jint round = 0; round < 10; round++) {
        if ((*env)->PushLocalFrame(env, 16) != 0) return -2;
        jstring keep = NULL;
        for (jint i = 0; i < n / 10; i++) {
            keep = (*env)->NewStringUTF(env, "x");
            if (i % 100 == 99) {
                // a nested frame, popped without a result
                (*env)->PushLocalFrame(env, 4);
                (*env)->NewStringUTF(env, "nested");
                (*env)->PopLocalFrame(env, NULL);
            }
        }
        jstring kept = (*env)->PopLocalFrame(env, keep);
        total += (*env)->GetStringLength(env, kept);
        (*env)->DeleteLocalRef(env, kept);
    }
    return total;
}

JNIEXPORT jstring JNICALL Java_JniBasics_classes(JNIEnv *env, jclass cls, jclass c) {
    char buf[512];
    jclass super = (*env)->GetSuperclass(env, c);
    jclass list = (*env)->FindClass(env, "java/util/List");
    jclass object = (*env)->FindClass(env, "java/lang/Object");
    jclass classClass = (*env)->FindClass(env, "java/lang/Class");
    jmethodID getName = (*env)->GetMethodID(env, classClass, "getName", "()Ljava/lang/String;");
    jstring sn = (*env)->CallObjectMethod(env, super, getName);
    const char *s = (*env)->GetStringUTFChars(env, sn, NULL);
    jclass missing = (*env)->FindClass(env, "no/such/Clazz");
    int ncdfe = 0;
    if (missing == NULL && (*env)->ExceptionCheck(env)) {
        jthrowable e = (*env)->ExceptionOccurred(env);
        (*env)->ExceptionClear(env);
        ncdfe = (*env)->IsInstanceOf(env, e, (*env)->FindClass(env, "java/lang/NoClassDefFoundError"));
    }
    jclass arr = (*env)->FindClass(env, "[Ljava/lang/String;");
    snprintf(buf, sizeof buf, "super=%s implementsList=%d listFromObject=%d objectSuperNull=%d interfaceSuperNull=%d missingIsNCDFE=%d arrayClassFound=%d",
             s, (*env)->IsAssignableFrom(env, c, list), (*env)->IsAssignableFrom(env, object, list),
             (*env)->GetSuperclass(env, object) == NULL, (*env)->GetSuperclass(env, list) == NULL, ncdfe, arr != NULL);
    (*env)->ReleaseStringUTFChars(env, sn, s);
    return (*env)->NewStringUTF(env, buf);
}

JNIEXPORT jint JNICALL Java_JniBasics_monitor(JNIEnv *env, jclass cls, jobject o, jint n) {
    jclass thread = (*env)->FindClass(env, "java/lang/Thread");
    jmethodID holdsLock = (*env)->GetStaticMethodID(env, thread, "holdsLock", "(Ljava/lang/Object;)Z");
    jint held = 0;
    for (jint i = 0; i < n; i++) (*env)->MonitorEnter(env, o);
    held += (*env)->CallStaticBooleanMethod(env, thread, holdsLock, o) ? 1 : 0;
    for (jint i = 0; i < n; i++) (*env)->MonitorExit(env, o);
    held += (*env)->CallStaticBooleanMethod(env, thread, holdsLock, o) ? 10 : 0;
    return held;
}

JNIEXPORT jlong JNICALL Java_JniBasics_directBuffer(JNIEnv *env, jclass cls, jobject buf) {
    unsigned char *p = (*env)->GetDirectBufferAddress(env, buf);
    jlong cap = (*env)->GetDirectBufferCapacity(env, buf);
    if (p == NULL) return cap;   // -1 for a heap buffer
    p[1] = (unsigned char)(p[0] * 3);
    return cap * 100 + p[0];
}

static void *thread_main(void *arg) {
    char *out = arg;
    JNIEnv *env;
    JavaVMAttachArgs aa = { JNI_VERSION_1_8, "native-attached", NULL };
    if ((*g_vm)->AttachCurrentThread(g_vm, (void **)&env, &aa) != JNI_OK) { strcpy(out, "attach failed"); return NULL; }
    jclass thread = (*env)->FindClass(env, "java/lang/Thread");
    jmethodID current = (*env)->GetStaticMethodID(env, thread, "currentThread", "()Ljava/lang/Thread;");
    jmethodID getName = (*env)->GetMethodID(env, thread, "getName", "()Ljava/lang/String;");
    jmethodID isDaemon = (*env)->GetMethodID(env, thread, "isDaemon", "()Z");
    jobject me = (*env)->CallStaticObjectMethod(env, thread, current);
    jstring name = (*env)->CallObjectMethod(env, me, getName);
    const char *n = (*env)->GetStringUTFChars(env, name, NULL);
    JNIEnv *env2 = NULL;
    jint ge = (*g_vm)->GetEnv(g_vm, (void **)&env2, JNI_VERSION_1_8);
    snprintf(out, 256, "name=%s daemon=%d getEnv=%d sameEnv=%d", n, (*env)->CallBooleanMethod(env, me, isDaemon), ge, env == env2);
    (*env)->ReleaseStringUTFChars(env, name, n);
    (*g_vm)->DetachCurrentThread(g_vm);
    return NULL;
}

JNIEXPORT jstring JNICALL Java_JniBasics_attachedThread(JNIEnv *env, jclass cls) {
    char out[256] = "not run";
    pthread_t t;
    JavaVM *vm = NULL;
    (*env)->GetJavaVM(env, &vm);
    if (vm != g_vm) return (*env)->NewStringUTF(env, "GetJavaVM mismatch");
    pthread_create(&t, NULL, thread_main, out);
    pthread_join(t, NULL);
    return (*env)->NewStringUTF(env, out);
}

JNIEXPORT jstring JNICALL Java_JniBasics_reflection(JNIEnv *env, jclass cls) {
    char buf[256];
    jmethodID square = (*env)->GetStaticMethodID(env, cls, "square", "(I)I");
    jobject m = (*env)->ToReflectedMethod(env, cls, square, JNI_TRUE);
    jmethodID back = (*env)->FromReflectedMethod(env, m);
    jclass methodClass = (*env)->GetObjectClass(env, m);
    jmethodID getName = (*env)->GetMethodID(env, methodClass, "getName", "()Ljava/lang/String;");
    jstring name = (*env)->CallObjectMethod(env, m, getName);
    const char *n = (*env)->GetStringUTFChars(env, name, NULL);
    jfieldID f = (*env)->GetStaticFieldID(env, cls, "staticLabel", "Ljava/lang/String;");
    jobject rf = (*env)->ToReflectedField(env, cls, f, JNI_TRUE);
    jfieldID fb = (*env)->FromReflectedField(env, rf);
    snprintf(buf, sizeof buf, "method=%s roundTrip=%d call=%d fieldRoundTrip=%d", n, back == square,
             (*env)->CallStaticIntMethod(env, cls, back, 9), fb == f);
    (*env)->ReleaseStringUTFChars(env, name, n);
    return (*env)->NewStringUTF(env, buf);
}

JNIEXPORT jint JNICALL Java_JniBasics_with_1underscore(JNIEnv *env, jclass cls, jint x) { return x + 1; }
JNIEXPORT jstring JNICALL Java_JniBasics_00024Nested_nestedNative(JNIEnv *env, jclass cls) {
    return (*env)->NewStringUTF(env, "from JniBasics$Nested");
}

JNIEXPORT jstring JNICALL Java_JniBasics_arrayErrors(JNIEnv *env, jclass cls, jintArray a) {
    char buf[256] = "";
    jint v[4];
    (*env)->GetIntArrayRegion(env, a, 2, 2, v);        // out of bounds: AIOOBE pending
    jthrowable e = (*env)->ExceptionOccurred(env);
    (*env)->ExceptionClear(env);
    jclass aioobe = (*env)->FindClass(env, "java/lang/ArrayIndexOutOfBoundsException");
    strcat(buf, e != NULL && (*env)->IsInstanceOf(env, e, aioobe) ? "region:AIOOBE" : "region:none");
    jclass str = (*env)->FindClass(env, "java/lang/String");
    jobjectArray oa = (*env)->NewObjectArray(env, 2, str, NULL);
    (*env)->SetObjectArrayElement(env, oa, 0, a);      // wrong type: ArrayStoreException
    e = (*env)->ExceptionOccurred(env);
    (*env)->ExceptionClear(env);
    jclass ase = (*env)->FindClass(env, "java/lang/ArrayStoreException");
    strcat(buf, e != NULL && (*env)->IsInstanceOf(env, e, ase) ? " store:ArrayStoreException" : " store:none");
    (*env)->GetObjectArrayElement(env, oa, 5);
    e = (*env)->ExceptionOccurred(env);
    (*env)->ExceptionClear(env);
    strcat(buf, e != NULL && (*env)->IsInstanceOf(env, e, aioobe) ? " get:AIOOBE" : " get:none");
    (*env)->NewIntArray(env, -1);
    e = (*env)->ExceptionOccurred(env);
    (*env)->ExceptionClear(env);
    jclass nase = (*env)->FindClass(env, "java/lang/NegativeArraySizeException");
    strcat(buf, e != NULL && (*env)->IsInstanceOf(env, e, nase) ? " new:NegativeArraySizeException" : " new:none");
    return (*env)->NewStringUTF(env, buf);
}

JNIEXPORT jstring JNICALL Java_JniBasics_over__I(JNIEnv *env, jclass cls, jint x) { return (*env)->NewStringUTF(env, "over(int)"); }
JNIEXPORT jstring JNICALL Java_JniBasics_over__Ljava_lang_String_2(JNIEnv *env, jclass cls, jstring s) { return (*env)->NewStringUTF(env, "over(String)"); }
JNIEXPORT jstring JNICALL Java_JniBasics_over___3IJ(JNIEnv *env, jclass cls, jintArray a, jlong l) {
    char buf[64];
    snprintf(buf, sizeof buf, "over(int[],long) len=%d l=%lld", (*env)->GetArrayLength(env, a), (long long)l);
    return (*env)->NewStringUTF(env, buf);
}

// Registered in JNI_OnLoad: static so that no Java_ symbol exists for them.
static jint registered_impl(JNIEnv *env, jclass cls, jint x) { return x * 2; }
static jstring registered_name_impl(JNIEnv *env, jclass cls) {
    char buf[64];
    snprintf(buf, sizeof buf, "registered in JNI_OnLoad (version 0x%x)", onload_version);
    return (*env)->NewStringUTF(env, buf);
}

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved) {
    JNIEnv *env;
    g_vm = vm;
    if ((*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_1_8) != JNI_OK) return JNI_ERR;
    onload_version = (*env)->GetVersion(env);
    jclass cls = (*env)->FindClass(env, "JniBasics");
    if (cls == NULL) return JNI_ERR;
    JNINativeMethod methods[] = {
        { "registered", "(I)I", (void *)registered_impl },
        { "registeredName", "()Ljava/lang/String;", (void *)registered_name_impl },
    };
    if ((*env)->RegisterNatives(env, cls, methods, 2) != JNI_OK) return JNI_ERR;
    return JNI_VERSION_1_8;
}
