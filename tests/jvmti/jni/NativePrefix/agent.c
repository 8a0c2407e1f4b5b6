/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * SetNativeMethodPrefix / SetNativeMethodPrefixes and the native method resolution that
 * honours them (see NativePrefix.java for the methods). Errors: MUST_POSSESS_CAPABILITY
 * (an environment without can_set_native_method_prefix), ILLEGAL_ARGUMENT (negative
 * count), NULL_POINTER (NULL array, NULL element); both functions work in the OnLoad
 * phase. RegisterNatives: a registration under the unwrapped name binds the prefixed
 * native; a non-native method nothing wraps is still refused.
 */
#include "jvmti_test.h"

static jvmtiEnv *env1, *env2, *env3;

static jvmtiEnv *env_with_prefix_cap(JavaVM *vm)
{
    jvmtiEnv *e = new_env(vm);
    if (e == NULL) return NULL;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_set_native_method_prefix = 1;
    check("AddCapabilities", (*e)->AddCapabilities(e, &caps));
    return e;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env1 = env_with_prefix_cap(vm);
    env2 = env_with_prefix_cap(vm);
    env3 = new_env(vm);
    if (env1 == NULL || env2 == NULL || env3 == NULL) return 1;

    check("no capability SetNativeMethodPrefix", (*env3)->SetNativeMethodPrefix(env3, "x_"));
    char *one[] = {"x_"};
    check("no capability SetNativeMethodPrefixes", (*env3)->SetNativeMethodPrefixes(env3, 1, one));
    check("SetNativeMethodPrefixes(-1)", (*env1)->SetNativeMethodPrefixes(env1, -1, one));
    check("SetNativeMethodPrefixes(1, NULL)", (*env1)->SetNativeMethodPrefixes(env1, 1, NULL));
    char *holes[] = {"a_", NULL};
    check("SetNativeMethodPrefixes(NULL element)", (*env1)->SetNativeMethodPrefixes(env1, 2, holes));
    check("SetNativeMethodPrefix(NULL)", (*env1)->SetNativeMethodPrefix(env1, NULL));
    check("SetNativeMethodPrefixes(0)", (*env1)->SetNativeMethodPrefixes(env1, 0, one));

    /* Set something, then replace it: only the last setting counts. */
    check("SetNativeMethodPrefix(z_)", (*env1)->SetNativeMethodPrefix(env1, "z_"));
    char *ab[] = {"a_", "b_"};
    check("SetNativeMethodPrefixes(a_, b_)", (*env1)->SetNativeMethodPrefixes(env1, 2, ab));
    check("SetNativeMethodPrefix(c_)", (*env2)->SetNativeMethodPrefix(env2, "c_"));
    return 0;
}

JNIEXPORT jint JNICALL Java_NativePrefix_foo(JNIEnv *jni, jclass c) { return 1; }
JNIEXPORT jint JNICALL Java_NativePrefix_bar(JNIEnv *jni, jclass c) { return 2; }
JNIEXPORT jint JNICALL Java_NativePrefix_baz(JNIEnv *jni, jclass c) { return 3; }
JNIEXPORT jint JNICALL Java_NativePrefix_qux(JNIEnv *jni, jobject o, jint x, jstring s)
{
    return 4 + x + (*jni)->GetStringLength(jni, s);
}
JNIEXPORT jint JNICALL Java_NativePrefix_own(JNIEnv *jni, jclass c) { return 50; }
JNIEXPORT jint JNICALL Java_NativePrefix_a_1own(JNIEnv *jni, jclass c) { return 5; }
JNIEXPORT jint JNICALL Java_NativePrefix_lonely(JNIEnv *jni, jclass c) { return 6; }
JNIEXPORT jint JNICALL Java_NativePrefix_twin(JNIEnv *jni, jclass c) { return 7; }
JNIEXPORT jint JNICALL Java_NativePrefix_late(JNIEnv *jni, jclass c) { return 8; }

static jint JNICALL reg_impl(JNIEnv *jni, jclass c) { return 9; }
static jint JNICALL reg2_impl(JNIEnv *jni, jclass c) { return 10; }

static void register_one(JNIEnv *jni, jclass c, const char *name, void *fn)
{
    JNINativeMethod m = {(char *)name, "()I", fn};
    jint r = (*jni)->RegisterNatives(jni, c, &m, 1);
    jthrowable t = (*jni)->ExceptionOccurred(jni);
    if (t != NULL) {
        (*jni)->ExceptionClear(jni);
        jclass tc = (*jni)->GetObjectClass(jni, t);
        jclass cc = (*jni)->FindClass(jni, "java/lang/Class");
        jmethodID gn = (*jni)->GetMethodID(jni, cc, "getName", "()Ljava/lang/String;");
        jstring n = (*jni)->CallObjectMethod(jni, tc, gn);
        const char *u = (*jni)->GetStringUTFChars(jni, n, NULL);
        say("RegisterNatives %s: %s, %s", name, r == JNI_OK ? "JNI_OK" : "error", u);
        (*jni)->ReleaseStringUTFChars(jni, n, u);
    } else {
        say("RegisterNatives %s: %s", name, r == JNI_OK ? "JNI_OK" : "error");
    }
}

JNIEXPORT void JNICALL Java_NativePrefix_registerAll(JNIEnv *jni, jclass c)
{
    register_one(jni, c, "reg", (void *)reg_impl);
    register_one(jni, c, "reg2", (void *)reg2_impl);
    register_one(jni, c, "plain", (void *)reg_impl);
}

JNIEXPORT void JNICALL Java_NativePrefix_clearPrefixes(JNIEnv *jni, jclass c)
{
    char *none[] = {NULL};
    check("clear env1", (*env1)->SetNativeMethodPrefixes(env1, 0, none));
    check("clear env2", (*env2)->SetNativeMethodPrefix(env2, NULL));
}
