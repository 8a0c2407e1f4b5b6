/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * DataDump: DATA_DUMP_REQUEST then DATA_RESET_REQUEST, on an attached thread, when the
 * process gets SIGQUIT and when jcmd sends JVMTI.data_dump.
 */
#include <time.h>

#include "jvmpi_test.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static int dumps, resets, order_ok = 1, attached = 1;

static void notify(JVMPI_Event *e)
{
    pthread_mutex_lock(&lock);
    if (e->env_id == NULL || jt_env() != e->env_id) attached = 0;
    if (e->event_type == JVMPI_EVENT_DATA_DUMP_REQUEST) {
        if (dumps != resets) order_ok = 0;
        dumps++;
    } else if (e->event_type == JVMPI_EVENT_DATA_RESET_REQUEST) {
        resets++;
        if (dumps != resets) order_ok = 0;
    }
    pthread_cond_broadcast(&cond);
    pthread_mutex_unlock(&lock);
}

JNIEXPORT jboolean JNICALL Java_Main_waitForRequests(JNIEnv *env, jclass main, jint n, jlong millis)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += millis / 1000;
    pthread_mutex_lock(&lock);
    while (resets < n && pthread_cond_timedwait(&cond, &lock, &until) == 0) {}
    jboolean ok = dumps == n && resets == n && order_ok && attached;
    pthread_mutex_unlock(&lock);
    return ok;
}

JNIEXPORT jint JNICALL JVM_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    if (jt_init(vm) != JNI_OK) return JNI_ERR;
    jvmpi->NotifyEvent = notify;
    jvmpi->EnableEvent(JVMPI_EVENT_DATA_DUMP_REQUEST, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_DATA_RESET_REQUEST, NULL);
    return JNI_OK;
}
