/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 *
 * ThreadRecords: NCAI's thread records (the ncaiThread handles) do not pile up: after
 * 1000 threads that ran one after the other, the handles seen in ThreadStart number no
 * more than the 256 kept for ended threads plus a few; the handle of a thread that just
 * ended still answers THREAD_NOT_ALIVE.
 */
#include "ncai_test.h"

#include <pthread.h>

static ncaiEnv *ncai;
static ncaiThread seen[2048];
static int nseen;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void JNICALL on_start(ncaiEnv *env, ncaiThread t)
{
    pthread_mutex_lock(&lock);
    int known = 0;
    for (int i = 0; i < nseen; i++) known |= seen[i] == t;
    if (!known && nseen < 2048) seen[nseen++] = t;
    pthread_mutex_unlock(&lock);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    ncai = get_ncai(new_jvmti(vm));
    ncaiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ThreadStart = on_start;
    (*ncai)->SetEventCallbacks(ncai, &cb, sizeof cb);
    (*ncai)->SetEventNotificationMode(ncai, NCAI_ENABLE, NCAI_EVENT_THREAD_START, NULL);
    return 0;
}

JNIEXPORT void JNICALL Java_Main_report(JNIEnv *jni, jclass c, jthread last)
{
    pthread_mutex_lock(&lock);
    say("distinct handles: at most 256 + 16: %s", nseen <= 272 ? "yes" : "no");
    pthread_mutex_unlock(&lock);
}

static ncaiThread kept;

JNIEXPORT void JNICALL Java_Main_keep(JNIEnv *jni, jclass c, jthread t) { (*ncai)->GetThreadHandle(ncai, t, &kept); }

JNIEXPORT void JNICALL Java_Main_checkKept(JNIEnv *jni, jclass c)
{
    ncaiThreadInfo ti;
    ncheck("GetThreadInfo(a thread that just ended)", (*ncai)->GetThreadInfo(ncai, kept, &ti));
}
