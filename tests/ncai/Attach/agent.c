/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 *
 * Attach: NCAI enabled by an agent loaded into the running VM (jcmd JVMTI.agent_load of
 * samples/ncai-stack, built here as libncaiattach.so) sees the threads that were running
 * before it came: the worker's mixed stack on `jcmd JVMTI.data_dump`. This start-up
 * agent only tells the program when the attached agent has printed its dump.
 */
#include "ncai_test.h"

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) { return 0; }

JNIEXPORT jboolean JNICALL Java_Main_dumped(JNIEnv *jni, jclass c, jstring lib)
{
    const char *path = (*jni)->GetStringUTFChars(jni, lib, NULL);
    void *h = dlopen(path, RTLD_NOLOAD | RTLD_LAZY);
    (*jni)->ReleaseStringUTFChars(jni, lib, path);
    volatile int *flag = h != NULL ? dlsym(h, "attach_dumped") : NULL;
    return flag != NULL && *flag ? JNI_TRUE : JNI_FALSE;
}
