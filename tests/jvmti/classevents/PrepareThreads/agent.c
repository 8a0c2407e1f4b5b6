/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * ClassPrepare with threads (see PrepareThreads.java). The callback for Racy logs its
 * begin and end around a pause, so that the other thread, also linking Racy, arrives
 * meanwhile; Racy's <clinit> logs itself; the log must show both ends before the
 * initializer. The callback for Reentrant reads a static field through JNI, which
 * initializes the class on the thread that is posting its ClassPrepare. The log is
 * printed at the end from the main thread.
 */
#include <pthread.h>
#include <time.h>

#include "jvmti_test.h"

static jvmtiEnv *env;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char logbuf[4096];
static size_t loglen;

static void log_line(const char *s)
{
    pthread_mutex_lock(&lock);
    loglen += (size_t)snprintf(logbuf + loglen, sizeof logbuf - loglen, "%s\n", s);
    if (loglen >= sizeof logbuf) loglen = sizeof logbuf - 1;
    pthread_mutex_unlock(&lock);
}

static void JNICALL on_prepare(jvmtiEnv *e, JNIEnv *jni, jthread t, jclass k)
{
    char *sig = NULL;
    if ((*e)->GetClassSignature(e, k, &sig, NULL) != JVMTI_ERROR_NONE) return;
    if (strcmp(sig, "LRacy;") == 0) {
        log_line("ClassPrepare Racy: begin");
        struct timespec ts = {0, 300 * 1000 * 1000};
        nanosleep(&ts, NULL);
        log_line("ClassPrepare Racy: end");
    } else if (strcmp(sig, "LReentrant;") == 0) {
        log_line("ClassPrepare Reentrant: begin");
        jfieldID f = (*jni)->GetStaticFieldID(jni, k, "value", "I");
        char buf[128];
        snprintf(buf, sizeof buf, "ClassPrepare Reentrant: value %d", f ? (int)(*jni)->GetStaticIntField(jni, k, f) : -1);
        log_line(buf);
        if ((*jni)->ExceptionCheck(jni)) (*jni)->ExceptionClear(jni);
    }
    (*e)->Deallocate(e, (unsigned char *)sig);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ClassPrepare = on_prepare;
    check("SetEventCallbacks", (*env)->SetEventCallbacks(env, &cb, (jint)sizeof cb));
    return 0;
}

JNIEXPORT void JNICALL Java_PrepareThreads_enable(JNIEnv *jni, jclass c, jboolean on)
{
    check(on ? "enable ClassPrepare" : "disable ClassPrepare",
          (*env)->SetEventNotificationMode(env, on ? JVMTI_ENABLE : JVMTI_DISABLE, JVMTI_EVENT_CLASS_PREPARE, NULL));
}

JNIEXPORT void JNICALL Java_PrepareThreads_mark(JNIEnv *jni, jclass c, jstring what)
{
    const char *s = (*jni)->GetStringUTFChars(jni, what, NULL);
    log_line(s);
    (*jni)->ReleaseStringUTFChars(jni, what, s);
}

JNIEXPORT void JNICALL Java_PrepareThreads_report(JNIEnv *jni, jclass c)
{
    pthread_mutex_lock(&lock);
    fputs(logbuf, stdout);
    fflush(stdout);
    pthread_mutex_unlock(&lock);
}
