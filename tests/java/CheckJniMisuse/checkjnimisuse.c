// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/* Native half of tests/java/CheckJniMisuse.java: one deliberate JNI misuse per case,
 * chosen by name. The program runs each case in a child VM with -Xcheck:jni; the checked
 * JNI either warns (and the case goes on) or reports a fatal error and aborts. */
#include <jni.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static JNIEnv *saved_env;
static JavaVM *vm;

static jclass cls_of(JNIEnv *env, const char *name) { return (*env)->FindClass(env, name); }

static void *nonjava_thread(void *arg)
{
    (void)arg;
    (*saved_env)->GetVersion(saved_env); /* this thread is not attached */
    return NULL;
}

/* An attached thread: its env (from AttachCurrentThread and GetEnv) is checked too. Its
 * warnings have no Java frame to show; the local capacity warning then prints no stack. */
static void *attached_thread(void *arg)
{
    JNIEnv *env = NULL, *env2 = NULL;
    (*vm)->AttachCurrentThread(vm, (void **)&env, NULL);
    (*vm)->GetEnv(vm, (void **)&env2, JNI_VERSION_1_8);
    for (int i = 0; i < 40; i++) (*env2)->NewStringUTF(env2, "x");
    (*vm)->DetachCurrentThread(vm);
    return NULL;
}

JNIEXPORT void JNICALL Java_CheckJniMisuse_saveEnv(JNIEnv *env, jclass c)
{
    (void)c;
    saved_env = env;
    (*env)->GetJavaVM(env, &vm);
}

/* Called on another Java thread: uses the env of the main thread. */
JNIEXPORT void JNICALL Java_CheckJniMisuse_useSavedEnv(JNIEnv *env, jclass c)
{
    (void)env; (void)c;
    (*saved_env)->GetVersion(saved_env);
}

JNIEXPORT void JNICALL Java_CheckJniMisuse_misuse(JNIEnv *env, jclass me, jstring jcase,
                                                  jobject other)
{
    const char *k0 = (*env)->GetStringUTFChars(env, jcase, NULL);
    char k[64];
    strncpy(k, k0, sizeof k - 1);
    k[sizeof k - 1] = 0;
    (*env)->ReleaseStringUTFChars(env, jcase, k0);
#define IS(name) (strcmp(k, name) == 0)
    if (IS("nocheck")) {
        jmethodID m = (*env)->GetStaticMethodID(env, me, "quiet", "()V");
        (*env)->CallStaticVoidMethod(env, me, m);
        (*env)->GetVersion(env); /* should have called ExceptionCheck first */
        (*env)->GetVersion(env); /* warned once only */
    } else if (IS("nocheckV")) {
        jmethodID m = (*env)->GetMethodID(env, (*env)->GetObjectClass(env, other), "hashCode", "()I");
        (*env)->CallIntMethodA(env, other, m, NULL);
        (*env)->FindClass(env, "java/lang/String");
    } else if (IS("checked")) {
        jmethodID m = (*env)->GetStaticMethodID(env, me, "quiet", "()V");
        (*env)->CallStaticVoidMethod(env, me, m);
        if ((*env)->ExceptionCheck(env)) return;
        (*env)->GetVersion(env);
    } else if (IS("pending")) {
        jmethodID m = (*env)->GetStaticMethodID(env, me, "thrower", "()V");
        (*env)->CallStaticVoidMethod(env, me, m);
        (*env)->FindClass(env, "java/lang/String"); /* exception pending */
    } else if (IS("critical")) {
        jintArray a = (*env)->NewIntArray(env, 4);
        void *p = (*env)->GetPrimitiveArrayCritical(env, a, NULL);
        (*env)->GetArrayLength(env, a);
        (*env)->ReleasePrimitiveArrayCritical(env, a, p, 0);
        (*env)->GetArrayLength(env, a);
    } else if (IS("badDescriptor")) {
        (*env)->FindClass(env, "Ljava/lang/String;");
    } else if (IS("throwNull")) {
        (*env)->Throw(env, NULL);
    } else if (IS("localRefs")) {
        for (int i = 0; i < 40; i++) (*env)->NewStringUTF(env, "x");
        (*env)->GetVersion(env);
    } else if (IS("ensureCapacity")) {
        (*env)->EnsureLocalCapacity(env, 100);
        for (int i = 0; i < 40; i++) (*env)->NewStringUTF(env, "x");
        (*env)->GetVersion(env);
    } else if (IS("pushFrame")) {
        (*env)->PushLocalFrame(env, 4);
        for (int i = 0; i < 6; i++) (*env)->NewStringUTF(env, "x");
        (*env)->PopLocalFrame(env, NULL);
    } else if (IS("pushFrameOver")) {
        (*env)->PushLocalFrame(env, 4);
        for (int i = 0; i < 40; i++) (*env)->NewStringUTF(env, "x");
        (*env)->PopLocalFrame(env, NULL);
        for (int i = 0; i < 20; i++) (*env)->NewStringUTF(env, "x");
    } else if (IS("ensureOver")) {
        for (int i = 0; i < 5; i++) (*env)->NewStringUTF(env, "x");
        (*env)->EnsureLocalCapacity(env, 10);
        for (int i = 0; i < 60; i++) (*env)->NewStringUTF(env, "x");
    } else if (IS("localRefsTwice")) {
        for (int i = 0; i < 70; i++) (*env)->NewStringUTF(env, "x");
    } else if (IS("localRefsDeleted")) {
        for (int i = 0; i < 60; i++) (*env)->DeleteLocalRef(env, (*env)->NewStringUTF(env, "x"));
        jobject keep[30];
        for (int i = 0; i < 30; i++) keep[i] = (*env)->NewStringUTF(env, "x");
        (*env)->DeleteLocalRef(env, keep[3]);
        for (int i = 0; i < 4; i++) (*env)->NewStringUTF(env, "y");
    } else if (IS("nonJavaThread")) {
        saved_env = env;
        pthread_t th;
        pthread_create(&th, NULL, nonjava_thread, NULL);
        pthread_join(th, NULL);
    } else if (IS("deletedLocal")) {
        jobject s = (*env)->NewStringUTF(env, "x");
        (*env)->DeleteLocalRef(env, s);
        (*env)->GetObjectClass(env, s);
    } else if (IS("deletedGlobal")) {
        jobject g = (*env)->NewGlobalRef(env, other);
        (*env)->DeleteGlobalRef(env, g);
        (*env)->IsInstanceOf(env, g, me);
    } else if (IS("deleteGlobalOfLocal")) {
        (*env)->DeleteGlobalRef(env, other);
    } else if (IS("deleteLocalOfGlobal")) {
        (*env)->DeleteLocalRef(env, (*env)->NewGlobalRef(env, other));
    } else if (IS("deleteWeakOfGlobal")) {
        (*env)->DeleteWeakGlobalRef(env, (*env)->NewGlobalRef(env, other));
    } else if (IS("nullClass")) {
        (*env)->GetMethodID(env, NULL, "hashCode", "()I");
    } else if (IS("notAClass")) {
        (*env)->GetStaticMethodID(env, (jclass)other, "hashCode", "()I");
    } else if (IS("throwNewNotThrowable")) {
        (*env)->ThrowNew(env, cls_of(env, "java/lang/String"), "boom");
    } else if (IS("wrongReceiver")) {
        jmethodID m = (*env)->GetMethodID(env, cls_of(env, "java/lang/Thread"), "getName", "()Ljava/lang/String;");
        (*env)->CallObjectMethod(env, other, m);
    } else if (IS("wrongStaticClass")) {
        jmethodID m = (*env)->GetStaticMethodID(env, me, "quiet", "()V");
        (*env)->CallStaticVoidMethod(env, cls_of(env, "java/lang/String"), m);
    } else if (IS("wrongNewObject")) {
        jmethodID m = (*env)->GetMethodID(env, cls_of(env, "java/lang/Object"), "<init>", "()V");
        jmethodID m2 = (*env)->GetMethodID(env, cls_of(env, "java/lang/Thread"), "<init>", "()V");
        (*env)->NewObject(env, cls_of(env, "java/lang/String"), m);
        (*env)->ExceptionClear(env);
        (*env)->NewObject(env, cls_of(env, "java/lang/String"), m2);
    } else if (IS("staticFieldAsInstance")) {
        jfieldID f = (*env)->GetStaticFieldID(env, me, "counter", "I");
        (*env)->GetIntField(env, other, f);
    } else if (IS("instanceFieldAsStatic")) {
        jfieldID f = (*env)->GetFieldID(env, me, "value", "I");
        (*env)->SetStaticIntField(env, me, f, 3);
    } else if (IS("instanceFieldType")) {
        jfieldID f = (*env)->GetFieldID(env, me, "value", "I");
        jobject o = (*env)->AllocObject(env, me);
        (*env)->GetIntField(env, o, f);
        (*env)->GetLongField(env, o, f);
    } else if (IS("staticFieldType")) {
        jfieldID f = (*env)->GetStaticFieldID(env, me, "name", "Ljava/lang/String;");
        (*env)->GetStaticObjectField(env, me, f);
        (*env)->SetStaticBooleanField(env, me, f, 1);
    } else if (IS("arrayFieldAsObject")) {
        jfieldID f = (*env)->GetStaticFieldID(env, me, "array", "[I");
        (*env)->GetStaticObjectField(env, me, f);
        (*env)->GetVersion(env);
        (*env)->FatalError(env, "all fine so far");
    } else if (IS("staticFieldWrongClass")) {
        jfieldID f = (*env)->GetStaticFieldID(env, me, "counter", "I");
        (*env)->GetStaticIntField(env, cls_of(env, "java/lang/String"), f);
    } else if (IS("instanceFieldWrongObject")) {
        jfieldID f = (*env)->GetFieldID(env, me, "value", "I");
        (*env)->GetIntField(env, (*env)->AllocObject(env, cls_of(env, "java/lang/Object")), f);
    } else if (IS("arrayElementType")) {
        jbyteArray a = (*env)->NewByteArray(env, 4);
        (*env)->GetIntArrayElements(env, (jintArray)a, NULL);
    } else if (IS("objectArrayExpected")) {
        jintArray a = (*env)->NewIntArray(env, 4);
        (*env)->GetObjectArrayElement(env, (jobjectArray)a, 0);
    } else if (IS("primitiveArrayExpected")) {
        jobjectArray a = (*env)->NewObjectArray(env, 2, cls_of(env, "java/lang/Object"), NULL);
        jint buf[2];
        (*env)->GetIntArrayRegion(env, (jintArray)a, 0, 1, buf);
    } else if (IS("nonArray")) {
        (*env)->GetArrayLength(env, (jarray)other);
    } else if (IS("nonString")) {
        (*env)->GetStringUTFChars(env, (jstring)other, NULL);
    } else if (IS("nullString")) {
        (*env)->GetStringLength(env, NULL);
    } else if (IS("releaseOverrun")) {
        jintArray a = (*env)->NewIntArray(env, 4);
        jint *p = (*env)->GetIntArrayElements(env, a, NULL);
        p[4] = 1; /* one past the end */
        (*env)->ReleaseIntArrayElements(env, a, p, 0);
    } else if (IS("releaseMode")) {
        jintArray a = (*env)->NewIntArray(env, 4);
        jint *p = (*env)->GetIntArrayElements(env, a, NULL);
        (*env)->ReleaseIntArrayElements(env, a, p, 7);
    } else if (IS("releaseStringMixup")) {
        const jchar *p = (*env)->GetStringChars(env, jcase, NULL);
        (*env)->ReleaseStringUTFChars(env, jcase, (const char *)p);
    } else if (IS("releaseStringCharsMixup")) {
        const char *p = (*env)->GetStringUTFChars(env, jcase, NULL);
        (*env)->ReleaseStringChars(env, jcase, (const jchar *)p);
    } else if (IS("negativeCapacity")) {
        (*env)->EnsureLocalCapacity(env, -1);
    } else if (IS("negativeFrame")) {
        (*env)->PushLocalFrame(env, -5);
    } else if (IS("attachedLocalRefs")) {
        (*env)->GetJavaVM(env, &vm);
        pthread_t th;
        pthread_create(&th, NULL, attached_thread, NULL);
        pthread_join(th, NULL);
    } else if (IS("logging")) {
        (*env)->GetVersion(env); /* nothing to report */
    } else if (IS("arrayRoundTrip")) {
        /* correct use: copies back through the checked copies */
        jintArray a = (*env)->NewIntArray(env, 3);
        jint *p = (*env)->GetIntArrayElements(env, a, NULL);
        p[0] = 7; p[2] = 9;
        (*env)->ReleaseIntArrayElements(env, a, p, JNI_COMMIT);
        p[1] = 8;
        (*env)->ReleaseIntArrayElements(env, a, p, 0);
        jint *q = (*env)->GetPrimitiveArrayCritical(env, a, NULL);
        q[0] += 100;
        (*env)->ReleasePrimitiveArrayCritical(env, a, q, 0);
        jint *r = (*env)->GetIntArrayElements(env, a, NULL);
        r[2] = -1;
        (*env)->ReleaseIntArrayElements(env, a, r, JNI_ABORT);
        jint out[3];
        (*env)->GetIntArrayRegion(env, a, 0, 3, out);
        jfieldID f = (*env)->GetStaticFieldID(env, me, "counter", "I");
        (*env)->SetStaticIntField(env, me, f, out[0] * 10000 + out[1] * 100 + out[2]);
        const jchar *c = (*env)->GetStringChars(env, jcase, NULL);
        const char *u = (*env)->GetStringUTFChars(env, jcase, NULL);
        if (c[0] != 'a' || u[0] != 'a' || u[strlen(u)] != 0) (*env)->FatalError(env, "bad chars");
        (*env)->ReleaseStringChars(env, jcase, c);
        (*env)->ReleaseStringUTFChars(env, jcase, u);
    } else {
        (*env)->FatalError(env, "unknown case");
    }
}
