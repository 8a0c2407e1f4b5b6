/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Monitors: MONITOR_CONTENDED_ENTER/ENTERED (the contender) and _EXIT (the owner, who
 * leaves while it waits), MONITOR_WAIT (object, timeout) and MONITOR_WAITED (the time
 * waited), RAW_MONITOR_CONTENDED_ENTER/ENTERED/EXIT with name and ID (none for a
 * monitor whose name starts with '_'), RawMonitorWait with a timeout and NotifyAll, and
 * MONITOR_DUMP parsed back: the Java monitors with owner, entry count, the threads
 * entering and waiting, the raw monitors likewise, the threads' traces and statuses.
 */
#include <time.h>

#include "jvmpi_test.h"

static jobjectID lock_id, wait_id;
static JVMPI_RawMonitor held, contended, quiet, signal_mon;
static pthread_mutex_t plock = PTHREAD_MUTEX_INITIALIZER;
static int holder_in, contended_events[3][2], quiet_events;
static int java_enter, java_entered, java_exit, wait_events, waited_events, wait_timeouts[4], waited_long;
static JNIEnv *main_env;
static int sleep_timeout = -1, sleep_waited = -1;

static JNIEnv *contender_env, *waiter_env;

static const char *who(JNIEnv *env)
{
    return env == main_env ? "main" : env == contender_env ? "contender" : env == waiter_env ? "waiter" : "other";
}

static unsigned be4(const char *p)
{
    const unsigned char *u = (const unsigned char *)p;
    return (unsigned)u[0] << 24 | (unsigned)u[1] << 16 | (unsigned)u[2] << 8 | u[3];
}

static void notify(JVMPI_Event *e)
{
    switch (e->event_type) {
    case JVMPI_EVENT_THREAD_START:
        if (strcmp(e->u.thread_start.thread_name, "contender") == 0) contender_env = e->env_id;
        if (strcmp(e->u.thread_start.thread_name, "waiter") == 0) waiter_env = e->env_id;
        break;
    case JVMPI_EVENT_MONITOR_CONTENDED_ENTER:
        if (e->u.monitor.object == lock_id) java_enter += e->env_id != main_env;
        break;
    case JVMPI_EVENT_MONITOR_CONTENDED_ENTERED:
        if (e->u.monitor.object == lock_id) java_entered += e->env_id != main_env;
        break;
    case JVMPI_EVENT_MONITOR_CONTENDED_EXIT:
        if (e->u.monitor.object == lock_id) java_exit += e->env_id == main_env;
        break;
    case JVMPI_EVENT_MONITOR_WAIT:
        if (e->u.monitor_wait.object == wait_id && wait_events < 4) wait_timeouts[wait_events++] = (int)e->u.monitor_wait.timeout;
        if (e->u.monitor_wait.object == NULL && e->env_id == main_env) sleep_timeout = (int)e->u.monitor_wait.timeout;
        break;
    case JVMPI_EVENT_MONITOR_WAITED:
        if (e->u.monitor_wait.object == NULL && e->env_id == main_env) sleep_waited = (int)e->u.monitor_wait.timeout;
        if (e->u.monitor_wait.object == wait_id) {
            /* the first wait timed out after 50 ms; the last one lasted over 100 ms */
            waited_events++;
            if (e->u.monitor_wait.timeout >= 50) waited_long++;
        }
        break;
    case JVMPI_EVENT_RAW_MONITOR_CONTENDED_ENTER:
    case JVMPI_EVENT_RAW_MONITOR_CONTENDED_ENTERED:
    case JVMPI_EVENT_RAW_MONITOR_CONTENDED_EXIT: {
        int k = e->event_type - JVMPI_EVENT_RAW_MONITOR_CONTENDED_ENTER;
        if (e->u.raw_monitor.id == contended && strcmp(e->u.raw_monitor.name, "contended-raw") == 0)
            contended_events[k][e->env_id == main_env]++;
        if (e->u.raw_monitor.id == quiet) quiet_events++;
        break;
    }
    case JVMPI_EVENT_MONITOR_DUMP | JVMPI_REQUESTED_EVENT: {
        char *p = e->u.monitor_dump.begin;
        int mine = 0;
        for (int i = 0; i < e->u.monitor_dump.num_traces; i++) {
            JNIEnv *env = e->u.monitor_dump.traces[i].env_id;
            if (env == main_env || env == contender_env || env == waiter_env) mine++;
            if (env == main_env)
                jt_printf("MONITOR_DUMP: main's trace has %s frames, status %d\n",
                          e->u.monitor_dump.traces[i].num_frames > 0 ? "some" : "no", (int)e->u.monitor_dump.threads_status[i]);
        }
        jt_printf("MONITOR_DUMP: traces of main, contender and waiter: %d\n", mine);
        char java_lines[2][256] = {"  java monitor lock: missing\n", "  java monitor waitLock: missing\n"};
        while (p < e->u.monitor_dump.end) {
            int kind = *(unsigned char *)p++;
            void *ptr;
            char line[256];
            int n = 0, which = -1;
            if (kind == JVMPI_MONITOR_JAVA) {
                memcpy(&ptr, p, 8);
                p += 8;
                which = ptr == lock_id ? 0 : ptr == wait_id ? 1 : 2;
                n = snprintf(line, sizeof line, "  java monitor %s:", which == 0 ? "lock" : "waitLock");
            } else if (kind == JVMPI_MONITOR_RAW) {
                char *nm;
                memcpy(&nm, p, 8);
                memcpy(&ptr, p + 8, 8);
                p += 16;
                n = snprintf(line, sizeof line, "  raw monitor %s, id %s:", nm, ptr == held ? "right" : "other");
            } else {
                jt_printf("  bad record kind %d\n", kind);
                break;
            }
            JNIEnv *owner;
            memcpy(&owner, p, 8);
            p += 8;
            unsigned count = be4(p), nenter = be4(p + 4);
            p += 8;
            n += snprintf(line + n, sizeof line - n, " owner %s, entries %u, %u entering (", owner ? who(owner) : "none", count, nenter);
            for (unsigned i = 0; i < nenter; i++, p += 8) {
                JNIEnv *t;
                memcpy(&t, p, 8);
                n += snprintf(line + n, sizeof line - n, " %s", who(t));
            }
            unsigned nwait = be4(p);
            p += 4;
            n += snprintf(line + n, sizeof line - n, " ), %u waiting (", nwait);
            for (unsigned i = 0; i < nwait; i++, p += 8) {
                JNIEnv *t;
                memcpy(&t, p, 8);
                n += snprintf(line + n, sizeof line - n, " %s", who(t));
            }
            snprintf(line + n, sizeof line - n, " )\n");
            if (which == 0 || which == 1) snprintf(java_lines[which], sizeof java_lines[which], "%s", line);
            else if (which < 0) jt_printf("%s", line);
        }
        jt_printf("%s%s", java_lines[0], java_lines[1]);
        break;
    }
    }
}

JNIEXPORT void JNICALL Java_Main_setObjects(JNIEnv *env, jclass main, jobject l, jobject w)
{
    main_env = env;
    jvmpi->DisableGC();
    lock_id = jvmpi->jobject2jobjectID(l);
    wait_id = jvmpi->jobject2jobjectID(w);
    jvmpi->EnableGC();
}

JNIEXPORT void JNICALL Java_Main_dump(JNIEnv *env, jclass main)
{
    jvmpi->RawMonitorEnter(held);
    jvmpi->RawMonitorEnter(held);
    jt_printf("RequestEvent(MONITOR_DUMP): %d\n", (int)jvmpi->RequestEvent(JVMPI_EVENT_MONITOR_DUMP, NULL));
    jvmpi->RawMonitorExit(held);
    jvmpi->RawMonitorExit(held);
}

JNIEXPORT void JNICALL Java_Main_rawHolder(JNIEnv *env, jclass main)
{
    jvmpi->RawMonitorEnter(contended);
    jvmpi->RawMonitorEnter(quiet);
    jvmpi->RawMonitorEnter(signal_mon);
    holder_in = 1;
    jvmpi->RawMonitorNotifyAll(signal_mon);
    jvmpi->RawMonitorExit(signal_mon);
    /* Hold "contended-raw" until main has said it contends for it (a fixed 300 ms lost
     * the race on a loaded machine: main, not scheduled in time, entered it uncontended).
     * Up to 60 s: if the event never comes, the report shows it. */
    struct timespec ms1 = {0, 1000000};
    for (int i = 0; i < 60000 && __atomic_load_n(&contended_events[0][1], __ATOMIC_SEQ_CST) == 0; i++)
        nanosleep(&ms1, NULL);
    jvmpi->RawMonitorExit(contended);
    /* "_quiet" has no events to wait for: 300 ms from main's entry into "contended-raw"
     * (main enters "_quiet" next), so that main most likely contends for it. */
    for (int i = 0; i < 60000 && __atomic_load_n(&contended_events[1][1], __ATOMIC_SEQ_CST) == 0; i++)
        nanosleep(&ms1, NULL);
    struct timespec ts = {0, 300 * 1000000};
    nanosleep(&ts, NULL);
    jvmpi->RawMonitorExit(quiet);
}

JNIEXPORT void JNICALL Java_Main_rawContender(JNIEnv *env, jclass main)
{
    jvmpi->RawMonitorEnter(signal_mon);
    while (!holder_in) jvmpi->RawMonitorWait(signal_mon, 0);
    jvmpi->RawMonitorExit(signal_mon);
    jvmpi->RawMonitorEnter(contended); /* held by raw-holder until this thread contends */
    jvmpi->RawMonitorExit(contended);
    jvmpi->RawMonitorEnter(quiet); /* most likely contended too, but named "_quiet": no events */
    jvmpi->RawMonitorExit(quiet);
}

JNIEXPORT void JNICALL Java_Main_report(JNIEnv *env, jclass main)
{
    jt_printf("lock: CONTENDED_ENTER %d, CONTENDED_ENTERED %d (by the contender), CONTENDED_EXIT %d (by main)\n", java_enter,
              java_entered, java_exit);
    jt_printf("waitLock: MONITOR_WAIT %d (timeouts %d, %d), MONITOR_WAITED %d (at least 50 ms: %d)\n", wait_events,
              wait_timeouts[0], wait_timeouts[1], waited_events, waited_long);
    jt_printf("contended-raw: ENTER main %d other %d, ENTERED main %d other %d, EXIT main %d other %d\n",
              contended_events[0][1], contended_events[0][0], contended_events[1][1], contended_events[1][0],
              contended_events[2][1], contended_events[2][0]);
    jt_printf("_quiet: %d events\n", quiet_events);
    jt_printf("Thread.sleep(30): MONITOR_WAIT with no object, timeout %d; MONITOR_WAITED after at least 30 ms: %s\n",
              sleep_timeout, sleep_waited >= 30 ? "yes" : "no");
    /* RawMonitorWait with a timeout returns by itself; misuse is ignored. */
    jvmpi->RawMonitorEnter(signal_mon);
    jvmpi->RawMonitorWait(signal_mon, 20);
    jvmpi->RawMonitorExit(signal_mon);
    jvmpi->RawMonitorExit(signal_mon);            /* not owned: ignored */
    jvmpi->RawMonitorNotifyAll(signal_mon);       /* not owned: ignored */
    jvmpi->RawMonitorDestroy(signal_mon);
    jvmpi->RawMonitorEnter(signal_mon);           /* destroyed: ignored */
    jvmpi->RawMonitorEnter((JVMPI_RawMonitor)&plock); /* never a monitor: ignored */
    jt_printf("raw monitor misuse survived\n");
}

JNIEXPORT jint JNICALL JVM_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    if (jt_init(vm) != JNI_OK) return JNI_ERR;
    jvmpi->NotifyEvent = notify;
    held = jvmpi->RawMonitorCreate("held-raw");
    contended = jvmpi->RawMonitorCreate("contended-raw");
    quiet = jvmpi->RawMonitorCreate("_quiet");
    signal_mon = jvmpi->RawMonitorCreate("_signal");
    for (jint ev = JVMPI_EVENT_RAW_MONITOR_CONTENDED_ENTER; ev <= JVMPI_EVENT_MONITOR_WAITED; ev++)
        jvmpi->EnableEvent(ev, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_THREAD_START, NULL);
    return JNI_OK;
}
