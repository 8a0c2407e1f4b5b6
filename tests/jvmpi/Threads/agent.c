/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Threads: THREAD_START and THREAD_END (names of thread, group and parent group, the
 * thread's object and JNIEnv), thread-local storage, GetThreadObject, GetThreadStatus
 * (MONITOR_WAIT, CONDVAR_WAIT, RUNNABLE, the INTERRUPTED bit; the SUSPENDED bit for
 * Thread.suspend but not for JVMPI's own SuspendThread), SuspendThread and ResumeThread
 * (ResumeThread leaves a Thread.suspend alone), GetCallTrace of a suspended thread,
 * ThreadHasRun, SuspendThreadList and ResumeThreadList results, RequestEvent
 * (THREAD_START), CreateSystemThread (priorities, before JVM_INIT_DONE, the thread's
 * group, daemon flag and priority).
 */
#include <time.h>

#include "jvmpi_test.h"

#define NT 8
static struct T {
    char name[32], group[32], parent[32];
    JNIEnv *env;
    jobjectID obj;
    int started, ended, tls_ok, env_ok;
} ts[NT];
static int nts;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t sys_done = PTHREAD_COND_INITIALIZER;
static int sys_ran;
static char sys_report[256];
static jmethodID spin_id;

static struct T *by_name(const char *n)
{
    for (int i = 0; i < nts; i++)
        if (strcmp(ts[i].name, n) == 0) return &ts[i];
    return NULL;
}

static int tracked(const char *n)
{
    return strcmp(n, "blocker") == 0 || strcmp(n, "waiter") == 0 || strcmp(n, "spinner") == 0 ||
           strcmp(n, "jvmpi-sys") == 0;
}

static void system_thread(void *arg)
{
    JNIEnv *env = jt_env();
    jclass tc = (*env)->FindClass(env, "java/lang/Thread");
    jobject self = (*env)->CallStaticObjectMethod(env, tc, (*env)->GetStaticMethodID(env, tc, "currentThread", "()Ljava/lang/Thread;"));
    jint prio = (*env)->CallIntMethod(env, self, (*env)->GetMethodID(env, tc, "getPriority", "()I"));
    jboolean daemon = (*env)->CallBooleanMethod(env, self, (*env)->GetMethodID(env, tc, "isDaemon", "()Z"));
    pthread_mutex_lock(&lock);
    snprintf(sys_report, sizeof sys_report, "system thread ran: arg %s, priority %d, daemon %s", arg == NULL ? "NULL" : "set",
             (int)prio, daemon ? "yes" : "no");
    sys_ran = 1;
    pthread_cond_broadcast(&sys_done);
    pthread_mutex_unlock(&lock);
}

static void notify(JVMPI_Event *e)
{
    switch (e->event_type) {
    case JVMPI_EVENT_JVM_INIT_DONE:
        jt_printf("CreateSystemThread priority 7: %d\n", (int)jvmpi->CreateSystemThread("bad", 7, system_thread));
        jt_printf("CreateSystemThread: %d\n",
                  (int)jvmpi->CreateSystemThread("jvmpi-sys", JVMPI_MAXIMUM_PRIORITY, system_thread));
        break;
    case JVMPI_EVENT_CLASS_LOAD:
        if (strcmp(e->u.class_load.class_name, "Main") == 0)
            for (int i = 0; i < e->u.class_load.num_methods; i++)
                if (strcmp(e->u.class_load.methods[i].method_name, "spin") == 0)
                    spin_id = e->u.class_load.methods[i].method_id;
        break;
    case JVMPI_EVENT_THREAD_START: {
        const char *n = e->u.thread_start.thread_name;
        if (n == NULL || !tracked(n)) break;
        pthread_mutex_lock(&lock);
        struct T *t = &ts[nts++];
        snprintf(t->name, sizeof t->name, "%s", n);
        snprintf(t->group, sizeof t->group, "%s", e->u.thread_start.group_name ? e->u.thread_start.group_name : "NULL");
        snprintf(t->parent, sizeof t->parent, "%s", e->u.thread_start.parent_name ? e->u.thread_start.parent_name : "NULL");
        t->env = e->u.thread_start.thread_env_id;
        t->obj = e->u.thread_start.thread_id;
        t->started++;
        t->env_ok = e->env_id == t->env && jt_env() == t->env && jvmpi->GetThreadObject(t->env) == t->obj;
        pthread_mutex_unlock(&lock);
        jvmpi->SetThreadLocalStorage(e->env_id, t);
        break;
    }
    case JVMPI_EVENT_THREAD_START | JVMPI_REQUESTED_EVENT:
        jt_printf("requested THREAD_START: %s in %s, env %s\n", e->u.thread_start.thread_name,
                  e->u.thread_start.group_name, by_name("spinner")->env == e->u.thread_start.thread_env_id ? "right" : "wrong");
        break;
    case JVMPI_EVENT_THREAD_END: {
        struct T *t = jvmpi->GetThreadLocalStorage(e->env_id);
        if (t == NULL) break;
        pthread_mutex_lock(&lock);
        t->ended++;
        t->tls_ok = t->env == e->env_id;
        pthread_mutex_unlock(&lock);
        break;
    }
    }
}

static const char *status(jint s)
{
    static char buf[64];
    const char *base = (s & 0xff) == JVMPI_THREAD_RUNNABLE       ? "RUNNABLE"
                       : (s & 0xff) == JVMPI_THREAD_MONITOR_WAIT ? "MONITOR_WAIT"
                       : (s & 0xff) == JVMPI_THREAD_CONDVAR_WAIT ? "CONDVAR_WAIT"
                                                                 : "?";
    snprintf(buf, sizeof buf, "%s%s%s", base, s & JVMPI_THREAD_SUSPENDED ? "|SUSPENDED" : "",
             s & JVMPI_THREAD_INTERRUPTED ? "|INTERRUPTED" : "");
    return buf;
}

JNIEXPORT void JNICALL Java_Main_probe(JNIEnv *env, jclass main, jobject blocker, jobject waiter, jobject spinner)
{
    JNIEnv *b = by_name("blocker")->env, *w = by_name("waiter")->env, *s = by_name("spinner")->env;
    jt_printf("blocker %s\n", status(jvmpi->GetThreadStatus(b)));
    jt_printf("waiter %s\n", status(jvmpi->GetThreadStatus(w)));
    jt_printf("spinner %s\n", status(jvmpi->GetThreadStatus(s)));
    jt_printf("unknown env %s, ThreadHasRun %d\n", status(jvmpi->GetThreadStatus((JNIEnv *)&nts)),
              (int)jvmpi->ThreadHasRun((JNIEnv *)&nts));
    /* GetCurrentThreadCpuTime: this thread's CPU time in ns, growing as it works. */
    jlong c0 = jvmpi->GetCurrentThreadCpuTime();
    volatile unsigned long spin = 0;
    jlong c1 = c0;
    while (c1 - c0 < 20 * 1000000 && spin < 4000000000ul) {
        spin++;
        if ((spin & 0xffff) == 0) c1 = jvmpi->GetCurrentThreadCpuTime();
    }
    jt_printf("GetCurrentThreadCpuTime: positive %s, grew by 20 ms of spinning %s\n", c0 > 0 ? "yes" : "no",
              c1 - c0 >= 20 * 1000000 ? "yes" : "no");

    /* JVMPI suspension: not in the status; the frames hold still. */
    jvmpi->SuspendThread(s);
    jt_printf("spinner after SuspendThread %s\n", status(jvmpi->GetThreadStatus(s)));
    JVMPI_CallFrame frames[8];
    JVMPI_CallTrace tr = {s, 0, frames};
    jvmpi->GetCallTrace(&tr, 8);
    jt_printf("spinner's trace: %d frames, top is Main.spin: %s, line %d\n", (int)tr.num_frames,
              tr.num_frames > 0 && frames[0].method_id == spin_id ? "yes" : "no", (int)frames[0].lineno);
    jt_printf("ThreadHasRun after the first SuspendThread: %d\n", (int)jvmpi->ThreadHasRun(s));
    jvmpi->ResumeThread(s);
    int ran = 0;
    for (int i = 0; i < 200 && !ran; i++) {
        struct timespec ts10 = {0, 10 * 1000000};
        nanosleep(&ts10, NULL);
        jvmpi->SuspendThread(s);
        ran = jvmpi->ThreadHasRun(s);
        jvmpi->ResumeThread(s);
    }
    jt_printf("ThreadHasRun of the spinner suspended again: %d\n", ran);
    /* The blocker, blocked on a monitor, uses no CPU between two suspensions. */
    jvmpi->SuspendThread(b);
    jvmpi->ResumeThread(b);
    struct timespec ts50 = {0, 50 * 1000000};
    nanosleep(&ts50, NULL);
    jvmpi->SuspendThread(b);
    jt_printf("ThreadHasRun of the blocker suspended again: %d\n", (int)jvmpi->ThreadHasRun(b));
    jvmpi->ResumeThread(b);
    jvmpi->SuspendThread(env); /* the caller itself: ignored */
    jvmpi->SuspendThread(NULL);
    jvmpi->ResumeThread((JNIEnv *)&nts);

    /* Lists: success, already suspended (14), invalid or self (10); not suspended (13). */
    JNIEnv *list[5] = {s, w, s, (JNIEnv *)&nts, env};
    jint res[5] = {-1, -1, -1, -1, -1};
    jvmpi->SuspendThreadList(5, list, res);
    jt_printf("SuspendThreadList: %d %d %d %d %d\n", (int)res[0], (int)res[1], (int)res[2], (int)res[3], (int)res[4]);
    jvmpi->ResumeThreadList(5, list, res);
    jt_printf("ResumeThreadList: %d %d %d %d %d\n", (int)res[0], (int)res[1], (int)res[2], (int)res[3], (int)res[4]);
    res[0] = 99;
    jvmpi->SuspendThreadList(0, list, res);
    jvmpi->SuspendThreadList(1, NULL, res);
    jt_printf("SuspendThreadList with no threads leaves results: %d\n", (int)res[0]);

    /* Thread.suspend shows in the status, and JVMPI's ResumeThread does not undo it. */
    jclass tc = (*env)->GetObjectClass(env, waiter);
    (*env)->CallVoidMethod(env, waiter, (*env)->GetMethodID(env, tc, "suspend", "()V"));
    jt_printf("waiter after Thread.suspend %s\n", status(jvmpi->GetThreadStatus(w)));
    jvmpi->ResumeThread(w);
    jt_printf("waiter after JVMPI ResumeThread %s\n", status(jvmpi->GetThreadStatus(w)));
    (*env)->CallVoidMethod(env, waiter, (*env)->GetMethodID(env, tc, "resume", "()V"));
    jt_printf("waiter after Thread.resume %s\n", status(jvmpi->GetThreadStatus(w)));

    jvmpi->DisableGC();
    jt_printf("RequestEvent(THREAD_START): %d\n",
              (int)jvmpi->RequestEvent(JVMPI_EVENT_THREAD_START, jvmpi->jobject2jobjectID(spinner)));
    jt_printf("RequestEvent(THREAD_START) of an object that is no thread: %d\n",
              (int)jvmpi->RequestEvent(JVMPI_EVENT_THREAD_START, jvmpi->jobject2jobjectID(main)));
    jvmpi->EnableGC();
    jt_printf("GetThreadObject(unknown) %p, GetThreadLocalStorage(unknown) %p\n",
              (void *)jvmpi->GetThreadObject((JNIEnv *)&nts), jvmpi->GetThreadLocalStorage((JNIEnv *)&nts));
}

JNIEXPORT void JNICALL Java_Main_waitForSystemThread(JNIEnv *env, jclass main)
{
    pthread_mutex_lock(&lock);
    while (!sys_ran) pthread_cond_wait(&sys_done, &lock);
    pthread_mutex_unlock(&lock);
    jt_printf("%s\n", sys_report);
    /* In a fixed order: the threads start concurrently. */
    static const char *const names[] = {"jvmpi-sys", "blocker", "waiter", "spinner"};
    for (int i = 0; i < 4; i++) {
        struct T *t = by_name(names[i]);
        if (t == NULL) jt_printf("%s: no THREAD_START\n", names[i]);
        else jt_printf("%s: group %s, parent %s, started %d, env and object right %s\n", t->name, t->group, t->parent,
                       t->started, t->env_ok ? "yes" : "no");
    }
    for (int i = 1; i < 4; i++) {
        struct T *t = by_name(names[i]);
        if (t != NULL) jt_printf("%s: ended %d, thread-local storage kept %s\n", t->name, t->ended, t->tls_ok ? "yes" : "no");
    }
}

JNIEXPORT jint JNICALL JVM_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    if (jt_init(vm) != JNI_OK) return JNI_ERR;
    jvmpi->NotifyEvent = notify;
    jt_printf("CreateSystemThread before JVM_INIT_DONE: %d\n",
              (int)jvmpi->CreateSystemThread("early", JVMPI_NORMAL_PRIORITY, system_thread));
    jvmpi->EnableEvent(JVMPI_EVENT_JVM_INIT_DONE, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_CLASS_LOAD, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_THREAD_START, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_THREAD_END, NULL);
    return JNI_OK;
}
