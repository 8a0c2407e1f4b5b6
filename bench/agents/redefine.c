// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * redefine.c — benchmark agent (bench/run): with can_redefine_classes, it runs
 * RedefineBench's redefinitions and times each RedefineClasses call (the median and the
 * mean go to stderr as "redefine-us: median mean"). Loaded without the program's natives
 * being called (bench/run's "+retransform" column), it only holds can_redefine_classes
 * and can_retransform_classes, to show that holding them costs nothing.
 */
#include <jvmti.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static jvmtiEnv *env;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    (void)options;
    (void)reserved;
    if ((*vm)->GetEnv(vm, (void **)&env, JVMTI_VERSION_11) != JNI_OK) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_redefine_classes = 1;
    caps.can_retransform_classes = 1;
    return (*env)->AddCapabilities(env, &caps) == JVMTI_ERROR_NONE ? 0 : 1;
}

static long long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return x < y ? -1 : x > y;
}

JNIEXPORT jint JNICALL Java_RedefineBench_redefine(JNIEnv *jni, jclass cls, jclass target, jbyteArray a,
                                                   jbyteArray b, jint times)
{
    (void)cls;
    jvmtiClassDefinition d[2];
    jbyteArray arr[2] = {a, b};
    for (int i = 0; i < 2; i++) {
        d[i].klass = target;
        d[i].class_byte_count = (*jni)->GetArrayLength(jni, arr[i]);
        d[i].class_bytes = (const unsigned char *)(*jni)->GetByteArrayElements(jni, arr[i], NULL);
    }
    long long *t = malloc(sizeof(long long) * (size_t)times);
    jint failed = 0;
    long long sum = 0;
    for (jint i = 0; i < times; i++) {
        long long t0 = now_ns();
        if ((*env)->RedefineClasses(env, 1, &d[i & 1]) != JVMTI_ERROR_NONE) failed++;
        t[i] = now_ns() - t0;
        sum += t[i];
    }
    qsort(t, (size_t)times, sizeof *t, cmp);
    fprintf(stderr, "redefine-us: %.1f %.1f\n", t[times / 2] / 1000.0, sum / 1000.0 / times);
    free(t);
    for (int i = 0; i < 2; i++)
        (*jni)->ReleaseByteArrayElements(jni, arr[i], (jbyte *)d[i].class_bytes, JNI_ABORT);
    return failed;
}

JNIEXPORT void JNICALL Java_RedefineBench_report(JNIEnv *jni, jclass cls, jstring what, jlong value)
{
    (void)cls;
    const char *w = (*jni)->GetStringUTFChars(jni, what, NULL);
    fprintf(stderr, "%s: %.3f\n", w, value / 1000.0);
    (*jni)->ReleaseStringUTFChars(jni, what, w);
}
