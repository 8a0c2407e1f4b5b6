/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/* JniLibraryUnload's library: JNI_OnLoad and JNI_OnUnload record themselves in system
 * properties (the library is gone once JNI_OnUnload returns, so no static of its own
 * can tell), and one native method. */
#include <jni.h>

static void set_property(JNIEnv *env, const char *key, const char *value)
{
    jclass sys = (*env)->FindClass(env, "java/lang/System");
    jmethodID set = (*env)->GetStaticMethodID(env, sys, "setProperty",
                                              "(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;");
    (*env)->CallStaticObjectMethod(env, sys, set, (*env)->NewStringUTF(env, key), (*env)->NewStringUTF(env, value));
}

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved)
{
    JNIEnv *env;
    if ((*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_1_8) != JNI_OK) return JNI_ERR;
    set_property(env, "unloadlib.onload", "called");
    return JNI_VERSION_1_8;
}

JNIEXPORT void JNICALL JNI_OnUnload(JavaVM *vm, void *reserved)
{
    JNIEnv *env;
    if ((*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_1_8) != JNI_OK) return;
    set_property(env, "unloadlib.onunload", "called");
}

JNIEXPORT jint JNICALL Java_VictimNative_twice(JNIEnv *env, jclass c, jint x) { return 2 * x; }
