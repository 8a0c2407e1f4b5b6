/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Interface: loading with -Xrun (JVM_OnLoad with the options, JVM_OnUnload at exit),
 * JavaVM GetEnv for the three JVMPI versions (one table, version JVMPI_VERSION_1_2, the
 * agent's NotifyEvent kept), JNI_EVERSION for other JVMPI numbers, JNI_EDETACHED from a
 * thread that is not attached; EnableEvent/DisableEvent/RequestEvent return codes;
 * events start disabled, stay enabled until disabled; JVM_INIT_DONE on the main thread,
 * JVM_SHUT_DOWN at exit, and the table after it.
 */
#include <time.h>

#include "jvmpi_test.h"

static JNIEnv *onload_env;
static volatile unsigned long spins; /* the system thread's calls into JVMPI */

/* Calls JVMPI forever: after JVM_SHUT_DOWN its next call never returns. */
static void caller(void *arg)
{
    for (;;) {
        jvmpi->GetCurrentThreadCpuTime();
        spins++;
    }
}

static void notify(JVMPI_Event *e)
{
    switch (e->event_type) {
    case JVMPI_EVENT_JVM_INIT_DONE:
        jt_printf("JVM_INIT_DONE on the OnLoad thread: %s\n", e->env_id == onload_env ? "yes" : "no");
        jt_printf("CreateSystemThread: %d\n", (int)jvmpi->CreateSystemThread("caller", JVMPI_NORMAL_PRIORITY, caller));
        /* Let it start calling before main runs (on a loaded machine it may not get a CPU
         * before the VM shuts down): at most 10 s. */
        for (int i = 0; i < 10000 && spins == 0; i++) {
            struct timespec ts = {0, 1000000};
            nanosleep(&ts, NULL);
        }
        break;
    case JVMPI_EVENT_JVM_SHUT_DOWN:
        jt_printf("JVM_SHUT_DOWN on an attached thread: %s\n", e->env_id != NULL ? "yes" : "no");
        /* Functions still work inside the handler. */
        jt_printf("  EnableEvent in the handler: %d\n", (int)jvmpi->EnableEvent(JVMPI_EVENT_GC_START, NULL));
        break;
    case JVMPI_EVENT_CLASS_LOAD: jt_printf("unexpected CLASS_LOAD (disabled)\n"); break;
    default: jt_printf("unexpected event %d\n", (int)e->event_type); break;
    }
}

static void *detached(void *arg)
{
    void *p = (void *)1;
    jint r = (*jt_vm)->GetEnv(jt_vm, &p, JVMPI_VERSION_1);
    jt_printf("GetEnv from an unattached thread: %d, *penv %s\n", (int)r, p == NULL ? "NULL" : "set");
    return NULL;
}

JNIEXPORT jint JNICALL JVM_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jt_vm = vm;
    jt_printf("JVM_OnLoad options: %s\n", options ? options : "(null)");
    JVMPI_Interface *a = NULL, *b = NULL, *c = NULL;
    jint ra = (*vm)->GetEnv(vm, (void **)&a, JVMPI_VERSION_1);
    jint rb = (*vm)->GetEnv(vm, (void **)&b, JVMPI_VERSION_1_1);
    jint rc = (*vm)->GetEnv(vm, (void **)&c, JVMPI_VERSION_1_2);
    jt_printf("GetEnv 1, 1_1, 1_2: %d %d %d, one table: %s\n", (int)ra, (int)rb, (int)rc,
              a != NULL && a == b && b == c ? "yes" : "no");
    if (a == NULL) return JNI_ERR;
    jvmpi = a;
    jt_printf("version is JVMPI_VERSION_1_2: %s\n", jvmpi->version == JVMPI_VERSION_1_2 ? "yes" : "no");
    jt_printf("NotifyEvent at first: %s\n", jvmpi->NotifyEvent == NULL ? "NULL" : "set");
    void *p = (void *)1;
    jint r = (*vm)->GetEnv(vm, &p, (jint)0x10000004);
    jt_printf("GetEnv(0x10000004): %d, *penv %s\n", (int)r, p == NULL ? "NULL" : "set");
    p = (void *)1;
    r = (*vm)->GetEnv(vm, &p, (jint)0x10000000);
    jt_printf("GetEnv(0x10000000): %d, *penv %s\n", (int)r, p == NULL ? "NULL" : "set");
    pthread_t th;
    pthread_create(&th, NULL, detached, NULL);
    pthread_join(th, NULL);

    jvmpi->NotifyEvent = notify;
    JVMPI_Interface *again = NULL;
    (*vm)->GetEnv(vm, (void **)&again, JVMPI_VERSION_1);
    jt_printf("NotifyEvent kept by a second GetEnv: %s\n", again->NotifyEvent == notify ? "yes" : "no");
    onload_env = jt_env();

    /* Request-only events cannot be enabled or disabled; unused numbers are unknown. */
    jint bad[] = {JVMPI_EVENT_HEAP_DUMP, JVMPI_EVENT_OBJECT_DUMP, JVMPI_EVENT_MONITOR_DUMP, 0, 10, 32, 36, 62, -1,
                  JVMPI_REQUESTED_EVENT | JVMPI_EVENT_CLASS_LOAD};
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++)
        jt_printf("EnableEvent(%d) %d, DisableEvent %d\n", (int)bad[i], (int)jvmpi->EnableEvent(bad[i], NULL),
                  (int)jvmpi->DisableEvent(bad[i], NULL));
    /* Every other event number can be switched. */
    int ok = 0, tried = 0;
    for (jint ev = 1; ev <= JVMPI_MAX_EVENT_TYPE_VAL; ev++) {
        if ((ev > 9 && ev < 33) || ev == 36 || ev == JVMPI_EVENT_HEAP_DUMP || ev == JVMPI_EVENT_OBJECT_DUMP ||
            ev == JVMPI_EVENT_MONITOR_DUMP)
            continue;
        tried++;
        ok += jvmpi->DisableEvent(ev, NULL) == JVMPI_SUCCESS;
    }
    jt_printf("DisableEvent SUCCESS for %d of %d switchable events\n", ok, tried);
    /* RequestEvent: only the six kinds; a bad jobjectID fails. */
    jt_printf("RequestEvent(METHOD_ENTRY) %d, (GC_START) %d, (CLASS_LOAD, NULL) %d, (OBJECT_ALLOC, junk) %d\n",
              (int)jvmpi->RequestEvent(JVMPI_EVENT_METHOD_ENTRY, NULL), (int)jvmpi->RequestEvent(JVMPI_EVENT_GC_START, NULL),
              (int)jvmpi->RequestEvent(JVMPI_EVENT_CLASS_LOAD, NULL),
              (int)jvmpi->RequestEvent(JVMPI_EVENT_OBJECT_ALLOC, (void *)&ok));
    JVMPI_HeapDumpArg level = {7};
    jt_printf("RequestEvent(HEAP_DUMP, level 7) %d\n", (int)jvmpi->RequestEvent(JVMPI_EVENT_HEAP_DUMP, &level));

    jt_printf("EnableEvent(JVM_INIT_DONE) %d\n", (int)jvmpi->EnableEvent(JVMPI_EVENT_JVM_INIT_DONE, NULL));
    jt_printf("EnableEvent(JVM_SHUT_DOWN) %d\n", (int)jvmpi->EnableEvent(JVMPI_EVENT_JVM_SHUT_DOWN, NULL));
    jvmpi->EnableEvent(JVMPI_EVENT_CLASS_LOAD, NULL);
    jvmpi->DisableEvent(JVMPI_EVENT_CLASS_LOAD, NULL);
    return JNI_OK;
}

JNIEXPORT void JNICALL JVM_OnUnload(JavaVM *vm)
{
    /* The system thread calling JVMPI in a loop is held in its next call; it may finish
     * the call it was making when JVM_SHUT_DOWN came, and count it: one more at most.
     * (Sampling twice 100 ms apart could fail when that thread, preempted inside its last
     * call, got no CPU for the first 100 ms.) */
    unsigned long a = spins;
    struct timespec ts = {0, 200 * 1000000};
    nanosleep(&ts, NULL);
    jt_printf("the other thread's JVMPI calls stopped after JVM_SHUT_DOWN: %s (it made some before: %s)\n",
              spins - a <= 1 ? "yes" : "no", a > 0 ? "yes" : "no");
    /* After JVM_SHUT_DOWN the exiting thread's calls return at once. */
    jt_printf("JVM_OnUnload, same JavaVM: %s, EnableEvent now %d\n", vm == jt_vm ? "yes" : "no",
              (int)jvmpi->EnableEvent(JVMPI_EVENT_GC_START, NULL));
}
