/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: GetAllThreads. Reports, for each of the program's thread names, how many
 * listed threads have it (names read through JNI Thread.getName), and whether every
 * listed thread is a java.lang.Thread that isAlive(). Errors: NULL_POINTER for each
 * out-parameter, WRONG_PHASE in OnLoad.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jint n;
    jthread *threads;
    check("OnLoad: GetAllThreads", (*env)->GetAllThreads(env, &n, &threads));
    return 0;
}

JNIEXPORT void JNICALL Java_GetAllThreads_check(JNIEnv *jni, jclass cls, jobjectArray names)
{
    jint n = -1;
    jthread *threads = NULL;
    check("GetAllThreads", (*env)->GetAllThreads(env, &n, &threads));
    jclass tc = (*jni)->FindClass(jni, "java/lang/Thread");
    jmethodID get_name = (*jni)->GetMethodID(jni, tc, "getName", "()Ljava/lang/String;");
    jmethodID is_alive = (*jni)->GetMethodID(jni, tc, "isAlive", "()Z");
    int all_alive = n > 0;
    jsize nn = (*jni)->GetArrayLength(jni, names);
    int counts[16] = {0};
    for (jint i = 0; i < n; i++) {
        if (!(*jni)->IsInstanceOf(jni, threads[i], tc) || !(*jni)->CallBooleanMethod(jni, threads[i], is_alive)) {
            all_alive = 0;
            continue;
        }
        jstring s = (*jni)->CallObjectMethod(jni, threads[i], get_name);
        const char *c = (*jni)->GetStringUTFChars(jni, s, NULL);
        for (jsize k = 0; k < nn && k < 16; k++) {
            jstring want = (*jni)->GetObjectArrayElement(jni, names, k);
            const char *w = (*jni)->GetStringUTFChars(jni, want, NULL);
            if (strcmp(w, c) == 0) counts[k]++;
            (*jni)->ReleaseStringUTFChars(jni, want, w);
        }
        (*jni)->ReleaseStringUTFChars(jni, s, c);
    }
    say("every listed thread is a live java.lang.Thread: %s", all_alive ? "yes" : "no");
    for (jsize k = 0; k < nn && k < 16; k++) {
        jstring want = (*jni)->GetObjectArrayElement(jni, names, k);
        const char *w = (*jni)->GetStringUTFChars(jni, want, NULL);
        say("  \"%s\" listed %d time(s)", w, counts[k]);
        (*jni)->ReleaseStringUTFChars(jni, want, w);
    }
    (*env)->Deallocate(env, (unsigned char *)threads);
    check("GetAllThreads(NULL, threads)", (*env)->GetAllThreads(env, NULL, &threads));
    check("GetAllThreads(n, NULL)", (*env)->GetAllThreads(env, &n, NULL));
}
