/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI event DataDumpRequest: sent once per SIGQUIT, not on the thread that was
 * running main, in the live phase; the callback may use JVMTI (raw monitors, GetPhase).
 * HotSpot's own thread dump goes to its log, not stdout (-XX:-DisplayVMOutput).
 */
#include <pthread.h>

#include "jvmti_test.h"

static jvmtiEnv *jvmti;
static jrawMonitorID lock;
static int dumps;
static pthread_t main_thread;
static char seen[128];

static void JNICALL data_dump(jvmtiEnv *e)
{
    jvmtiPhase p;
    (*e)->GetPhase(e, &p);
    (*e)->RawMonitorEnter(e, lock);
    snprintf(seen, sizeof seen, "DataDumpRequest: phase %s, on the main thread: %s", phase_name(p),
             pthread_equal(pthread_self(), main_thread) ? "yes" : "no");
    dumps++;
    (*e)->RawMonitorNotifyAll(e, lock);
    (*e)->RawMonitorExit(e, lock);
}

JNIEXPORT jboolean JNICALL Java_DataDumpRequest_waitForDump(JNIEnv *jni, jclass c, jlong millis)
{
    (*jvmti)->RawMonitorEnter(jvmti, lock);
    for (int i = 0; i < 100 && dumps == 0; i++) (*jvmti)->RawMonitorWait(jvmti, lock, millis / 100);
    int n = dumps;
    (*jvmti)->RawMonitorExit(jvmti, lock);
    if (n > 0) say("%s", seen);
    return n == 1;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmti = new_env(vm);
    if (jvmti == NULL) return 1;
    main_thread = pthread_self();
    check("CreateRawMonitor", (*jvmti)->CreateRawMonitor(jvmti, "dump", &lock));
    /* Agent_OnLoad runs on the thread that goes on to run main (the launcher's). */
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.DataDumpRequest = data_dump;
    check("SetEventCallbacks", (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb));
    check("enable", (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_DATA_DUMP_REQUEST, NULL));
    return 0;
}
