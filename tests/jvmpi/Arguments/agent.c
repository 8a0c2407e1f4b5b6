/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Arguments: every JVMPI interface function with NULL and with pointers that are not
 * NULL but unmapped, where the spec expects a thread (JNIEnv *), an object or class ID,
 * a method ID, a raw monitor, a trace or an event argument — from an attached thread
 * (in JVM_INIT_DONE) and from a native thread not attached to the VM. JVMPI has few
 * error returns: a request that names nothing answers JVMPI_FAIL, NULL or "nothing
 * happened", never a fault.
 */
#include <sys/mman.h>

#include "jvmpi_test.h"

static void *bad;

static void calls(const char *when)
{
    JVMPI_CallTrace trace;
    JVMPI_CallFrame frames[4];
    jt_printf("%s:\n", when);
    jt_printf("  EnableEvent(METHOD_ENTRY, unmapped arg) %d, DisableEvent %d\n",
              (int)jvmpi->EnableEvent(JVMPI_EVENT_METHOD_ENTRY, bad), (int)jvmpi->DisableEvent(JVMPI_EVENT_METHOD_ENTRY, bad));
    jt_printf("  RequestEvent(OBJECT_ALLOC) NULL %d, unmapped %d\n", (int)jvmpi->RequestEvent(JVMPI_EVENT_OBJECT_ALLOC, NULL),
              (int)jvmpi->RequestEvent(JVMPI_EVENT_OBJECT_ALLOC, bad));
    jt_printf("  RequestEvent(THREAD_START) NULL %d, unmapped %d\n", (int)jvmpi->RequestEvent(JVMPI_EVENT_THREAD_START, NULL),
              (int)jvmpi->RequestEvent(JVMPI_EVENT_THREAD_START, bad));
    jt_printf("  RequestEvent(CLASS_LOAD) NULL %d, unmapped %d\n", (int)jvmpi->RequestEvent(JVMPI_EVENT_CLASS_LOAD, NULL),
              (int)jvmpi->RequestEvent(JVMPI_EVENT_CLASS_LOAD, bad));
    jt_printf("  RequestEvent(OBJECT_DUMP) NULL %d, unmapped %d\n", (int)jvmpi->RequestEvent(JVMPI_EVENT_OBJECT_DUMP, NULL),
              (int)jvmpi->RequestEvent(JVMPI_EVENT_OBJECT_DUMP, bad));
    jt_printf("  RequestEvent(HEAP_DUMP, unmapped arg) %d\n", (int)jvmpi->RequestEvent(JVMPI_EVENT_HEAP_DUMP, bad));

    jvmpi->GetCallTrace(NULL, 4);
    trace.env_id = bad;
    trace.frames = frames;
    trace.num_frames = 99;
    jvmpi->GetCallTrace(&trace, 4);
    jt_printf("  GetCallTrace(unmapped env) frames %d\n", (int)trace.num_frames);
    trace.env_id = NULL;
    trace.num_frames = 99;
    jvmpi->GetCallTrace(&trace, 4);
    jt_printf("  GetCallTrace(NULL env) frames %d\n", (int)trace.num_frames);
    trace.env_id = jt_env();
    trace.frames = NULL;
    trace.num_frames = 99;
    jvmpi->GetCallTrace(&trace, 4);
    jt_printf("  GetCallTrace(NULL frames) frames %d\n", (int)trace.num_frames);
    trace.frames = frames;
    trace.num_frames = 99;
    jvmpi->GetCallTrace(&trace, -1);
    jt_printf("  GetCallTrace(depth -1) frames %d\n", (int)trace.num_frames);

    jvmpi->RawMonitorDestroy(jvmpi->RawMonitorCreate(NULL));
    jt_printf("  RawMonitorCreate(NULL name), RawMonitorDestroy of its result: returned\n");
    JVMPI_RawMonitor ms[] = {NULL, (JVMPI_RawMonitor)bad};
    for (int i = 0; i < 2; i++) {
        jvmpi->RawMonitorEnter(ms[i]);
        jvmpi->RawMonitorNotifyAll(ms[i]);
        jvmpi->RawMonitorWait(ms[i], 1);
        jvmpi->RawMonitorExit(ms[i]);
        jvmpi->RawMonitorDestroy(ms[i]);
    }
    jt_printf("  RawMonitorEnter, NotifyAll, Wait, Exit, Destroy(NULL and unmapped): returned\n");

    JNIEnv *envs[] = {NULL, (JNIEnv *)bad};
    for (int i = 0; i < 2; i++) {
        const char *what = i == 0 ? "NULL" : "unmapped";
        jvmpi->SuspendThread(envs[i]);
        jvmpi->ResumeThread(envs[i]);
        jvmpi->SetThreadLocalStorage(envs[i], &envs);
        jt_printf("  %s env: GetThreadStatus %d, ThreadHasRun %d, GetThreadLocalStorage %s, GetThreadObject %s\n", what,
                  (int)jvmpi->GetThreadStatus(envs[i]), (int)jvmpi->ThreadHasRun(envs[i]),
                  jvmpi->GetThreadLocalStorage(envs[i]) == NULL ? "NULL" : "set",
                  jvmpi->GetThreadObject(envs[i]) == NULL ? "NULL" : "an object");
    }
    jint results[2] = {-1, -1};
    jvmpi->SuspendThreadList(2, envs, results);
    jt_printf("  SuspendThreadList(NULL, unmapped) %d %d\n", (int)results[0], (int)results[1]);
    results[0] = results[1] = -1;
    jvmpi->ResumeThreadList(2, envs, results);
    jt_printf("  ResumeThreadList(NULL, unmapped) %d %d\n", (int)results[0], (int)results[1]);
    results[0] = results[1] = -1;
    jvmpi->SuspendThreadList(-1, envs, results);
    jvmpi->SuspendThreadList(2, NULL, results);
    jvmpi->SuspendThreadList(2, envs, NULL);
    jvmpi->ResumeThreadList(-1, envs, results);
    jvmpi->ResumeThreadList(2, NULL, results);
    jvmpi->ResumeThreadList(2, envs, NULL);
    jt_printf("  Suspend/ResumeThreadList(count -1, NULL list, NULL results): results untouched: %s\n",
              results[0] == -1 && results[1] == -1 ? "yes" : "no");

    jt_printf("  CreateSystemThread(NULL name) %d, (NULL function) %d, (priority 3) %d\n",
              (int)jvmpi->CreateSystemThread(NULL, JVMPI_NORMAL_PRIORITY, (void (*)(void *))calls),
              (int)jvmpi->CreateSystemThread("x", JVMPI_NORMAL_PRIORITY, NULL),
              (int)jvmpi->CreateSystemThread("x", 3, (void (*)(void *))calls));
    jt_printf("  GetMethodClass NULL %s, unmapped %s\n", jvmpi->GetMethodClass(NULL) == NULL ? "NULL" : "a class",
              jvmpi->GetMethodClass((jmethodID)bad) == NULL ? "NULL" : "a class");
    jt_printf("  jobjectID2jobject NULL %s, unmapped %s; jobject2jobjectID(NULL) %s\n",
              jvmpi->jobjectID2jobject(NULL) == NULL ? "NULL" : "a reference",
              jvmpi->jobjectID2jobject((jobjectID)bad) == NULL ? "NULL" : "a reference",
              jvmpi->jobject2jobjectID(NULL) == NULL ? "NULL" : "an ID");
}

static void *unattached(void *arg)
{
    calls("an unattached thread");
    return NULL;
}

static void notify(JVMPI_Event *e)
{
    if (e->event_type != JVMPI_EVENT_JVM_INIT_DONE) return;
    calls("JVM_INIT_DONE");
    pthread_t t;
    pthread_create(&t, NULL, unattached, NULL);
    pthread_join(t, NULL);
}

JNIEXPORT jint JNICALL JVM_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    if (jt_init(vm) != JNI_OK) return JNI_ERR;
    /* A page that stays reserved and unreadable (PROT_NONE): an address freed by munmap
     * could be mapped again by another thread (or ASan) before it is used. */
    bad = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    jvmpi->NotifyEvent = notify;
    jvmpi->EnableEvent(JVMPI_EVENT_JVM_INIT_DONE, NULL);
    return JNI_OK;
}
