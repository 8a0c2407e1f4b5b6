/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/* Natives of VerboseJni: `linked` is found by its JNI name, `registered` is bound by
 * RegisterNatives from JNI_OnLoad, `later` by a RegisterNatives call from Java code. */
#include <jni.h>

JNIEXPORT jint JNICALL Java_VerboseJni_linked(JNIEnv *env, jclass c) { return 1; }

static jint JNICALL registered(JNIEnv *env, jclass c) { return 2; }

static jint JNICALL later(JNIEnv *env, jclass c) { return 3; }

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved)
{
    JNIEnv *env;
    if ((*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_1_8) != JNI_OK) return JNI_ERR;
    jclass c = (*env)->FindClass(env, "VerboseJni");
    if (c == NULL) return JNI_ERR;
    JNINativeMethod m = {"registered", "()I", (void *)registered};
    if ((*env)->RegisterNatives(env, c, &m, 1) != 0) return JNI_ERR;
    return JNI_VERSION_1_8;
}

JNIEXPORT void JNICALL Java_VerboseJni_registerLater(JNIEnv *env, jclass c)
{
    JNINativeMethod m = {"later", "()I", (void *)later};
    (*env)->RegisterNatives(env, c, &m, 1);
}
