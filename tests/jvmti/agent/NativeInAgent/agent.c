/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * A native method that none of its class loader's libraries provides is looked up in
 * the agent libraries (-agentpath here), as HotSpot does: the program calls natives of
 * this agent without System.load, by the short JNI name and by the long one (overload
 * signature); a native found nowhere is still UnsatisfiedLinkError.
 */
#include "jvmti_test.h"

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    return new_env(vm) == NULL;
}

JNIEXPORT jint JNICALL Java_NativeInAgent_answer(JNIEnv *jni, jclass c, jint x)
{
    return x + 1;
}

JNIEXPORT jstring JNICALL Java_NativeInAgent_hello__Ljava_lang_String_2(JNIEnv *jni, jobject self, jstring who)
{
    const char *s = (*jni)->GetStringUTFChars(jni, who, NULL);
    char buf[128];
    snprintf(buf, sizeof buf, "hello from the %s library", s);
    (*jni)->ReleaseStringUTFChars(jni, who, s);
    return (*jni)->NewStringUTF(jni, buf);
}
