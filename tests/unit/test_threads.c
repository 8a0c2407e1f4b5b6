// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * test_threads.c — unit tests of the platform layer (os.h), thread records and
 * safepoints (thread.h) and monitors (monitor.h), without booting the class library.
 *
 * The VM is not booted: threads are attached with thread_init_main/thread_attach, which
 * make records without java.lang.Thread objects before boot. So nothing here may run
 * Java code or throw (exc_throw needs the classes): error paths such as
 * IllegalMonitorStateException are covered by the Java tests. Objects used only as
 * monitors are plain calloc'd headers (monitor.c never looks at the class); the tests of
 * the collector interface (stack scanning, leaked thin locks) allocate real heap cells.
 *
 * Exit status 0 = pass. A watchdog alarm turns a deadlock into a failure.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "os/os.h"
#include "vm/class.h"
#include "vm/heap.h"
#include "vm/interp.h"
#include "vm/monitor.h"
#include "vm/thread.h"

static _Atomic int failures;
static _Atomic int checks;

#define CHECK(c)                                                                            \
    do {                                                                                    \
        checks++;                                                                           \
        if (!(c)) {                                                                         \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #c);           \
            failures++;                                                                     \
        }                                                                                   \
    } while (0)

static int64_t ms_since(int64_t t0) { return (os_nanotime() - t0) / 1000000; }

static Object *new_fake(void) { return calloc(1, 64); }

typedef struct Runner {
    pthread_t th;
} Runner;

static void run(Runner *r, void *(*fn)(void *), void *arg)
{
    if (!os_thread_create(&r->th, 0, fn, arg, false)) {
        fprintf(stderr, "cannot create thread\n");
        exit(2);
    }
}

/*
 * Waiting in the test's own threads happens in a safe state, as in the VM: another
 * thread may start a safepoint at any time (thread exit does, to free records), and
 * would wait forever for an attached thread sitting in TS_JAVA without polling.
 */
static void join(Runner *r)
{
    Thread *t = thread_current();
    bool safe = t != NULL && atomic_load(&t->state) == TS_JAVA;
    if (safe) thread_enter_safe(t, TS_BLOCKED);
    pthread_join(r->th, NULL);
    if (safe) thread_leave_safe(t);
}

static void nap(int64_t ns)
{
    Thread *t = thread_current();
    bool safe = t != NULL && atomic_load(&t->state) == TS_JAVA &&
                atomic_load(&vm_safepoint_pending) == 0;
    if (safe) thread_enter_safe(t, TS_BLOCKED);
    os_sleep_ns(ns);
    if (safe) thread_leave_safe(t);
    else if (t != NULL) thread_poll(t);
}

/* Attaches the calling OS thread; it comes back in TS_JAVA, as a Java thread runs. */
static Thread *attach_java(bool daemon)
{
    Thread *t = thread_attach(NULL, NULL, daemon);
    if (t == NULL) {
        fprintf(stderr, "thread_attach failed\n");
        exit(2);
    }
    CHECK(atomic_load(&t->state) == TS_JAVA);
    CHECK(thread_attach(NULL, NULL, daemon) == t);
    CHECK(thread_from_index(t->index) == t && thread_current() == t);
    return t;
}

/* Waits (up to 5 s) until t is in state st. */
static bool await_state(Thread *t, int st)
{
    int64_t t0 = os_nanotime();
    while (atomic_load(&t->state) != st) {
        if (ms_since(t0) > 5000) return false;
        nap(100000);
    }
    return true;
}

/* ---------------------------------------------------------------------------------- */
/* os layer                                                                           */

static OsMutex om;
static OsCond oc;
static int oflag;

static void *os_thread_fn(void *arg)
{
    os_mutex_lock(&om);
    oflag = 1;
    os_cond_broadcast(&oc);
    os_mutex_unlock(&om);
    return arg;
}

static void test_os(void)
{
    CHECK(os_page_size() >= 4096 && (os_page_size() & (os_page_size() - 1)) == 0);
    CHECK(os_processor_count() >= 1);
    CHECK(os_physical_memory() > ((uint64_t)16 << 20));

    int64_t a = os_nanotime(), b = os_nanotime();
    CHECK(b >= a);
    CHECK(os_current_millis() > 1500000000000LL);
    int64_t s;
    int32_t ns;
    os_wall_time(&s, &ns);
    CHECK(s > 1500000000LL && ns >= 0 && ns < 1000000000);

    /* Timed wait times out near its deadline, on the monotonic clock. */
    os_mutex_init(&om);
    os_cond_init(&oc);
    os_mutex_lock(&om);
    int64_t t0 = os_nanotime();
    bool woke = os_cond_wait_until(&oc, &om, t0 + 30000000);
    while (woke && os_nanotime() < t0 + 30000000) woke = os_cond_wait_until(&oc, &om, t0 + 30000000);
    CHECK(!woke);
    CHECK(ms_since(t0) >= 29);
    CHECK(!os_cond_wait_until(&oc, &om, os_nanotime() - 1));
    os_mutex_unlock(&om);
    CHECK(os_mutex_trylock(&om));
    os_mutex_unlock(&om);

    /* Threads and condition signalling. */
    Runner r;
    run(&r, os_thread_fn, NULL);
    os_mutex_lock(&om);
    while (!oflag) os_cond_wait(&oc, &om);
    os_mutex_unlock(&om);
    join(&r);
    CHECK(oflag == 1);
    CHECK(os_thread_id() == getpid()); /* the test's main is the primordial thread */

    /* Stack bounds contain this frame. */
    void *lo, *hi;
    os_thread_stack_bounds(&lo, &hi);
    char here;
    CHECK((char *)lo < &here && &here < (char *)hi);

    /* Reserve / commit / decommit. */
    size_t ps = os_page_size();
    char *m = os_reserve(16 * ps);
    CHECK(m != NULL);
    CHECK(os_commit(m, 4 * ps));
    m[0] = 1;
    m[4 * ps - 1] = 2;
    os_decommit(m, 4 * ps);
    CHECK(os_commit(m, 4 * ps));
    CHECK(m[0] == 0 && m[4 * ps - 1] == 0); /* decommitted pages come back zeroed */
    os_release(m, 16 * ps);

    /* Files. */
    char path[] = "/tmp/glass_os_test_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    CHECK(write(fd, "hello", 5) == 5);
    close(fd);
    size_t size = 0;
    uint8_t *data = os_read_file(path, &size);
    CHECK(data != NULL && size == 5 && memcmp(data, "hello", 5) == 0);
    free(data);
    CHECK(os_file_exists(path) && !os_is_directory(path));
    CHECK(os_is_directory("/tmp"));
    unlink(path);
    CHECK(!os_file_exists(path));
    CHECK(os_read_file("/nonexistent/file", &size) == NULL);
    data = os_read_file("/proc/self/stat", &size); /* st_size 0: read to EOF */
    CHECK(data != NULL && size > 0);
    free(data);

    char *exe = os_executable_path();
    CHECK(exe != NULL && exe[0] == '/');
    free(exe);

    /* Dynamic libraries. */
    const char *err = NULL;
    void *h = os_dlopen("libm.so.6", &err);
    CHECK(h != NULL);
    CHECK(h != NULL && os_dlsym(h, "cos") != NULL);
    CHECK(os_dlsym(NULL, "malloc") != NULL);
    void *bad = os_dlopen("/nonexistent/libnothing.so", &err);
    CHECK(bad == NULL && err != NULL && strlen(err) > 0);
    char *lp = h != NULL ? os_dladdr_path(os_dlsym(h, "cos")) : NULL;
    CHECK(lp != NULL && strstr(lp, "libm") != NULL);
    free(lp);
    os_dlclose(h);
    char *ln = os_lib_name("zip");
    CHECK(ln != NULL && strcmp(ln, "libzip.so") == 0);
    free(ln);

    CHECK(os_signal_number("INT") == 2);
    CHECK(os_signal_number("SIGTERM") == 15);
    CHECK(os_signal_number("NOPE") == -1);
    CHECK(os_getenv("PATH") != NULL);
    CHECK(os_getpid() == getpid());
}

/* ---------------------------------------------------------------------------------- */
/* monitors: single thread                                                            */

static void test_monitor_basic(Thread *t)
{
    Object *o = new_fake();
    int count = -1;
    CHECK(!mon_owned_by(t, o));
    CHECK(mon_owner(o, &count) == NULL && count == 0);

    mon_enter(t, o);
    uint32_t w = atomic_load(&o->lock);
    CHECK(w != 0 && (w & 1) == 0 && (w >> 16) == t->index); /* thin */
    CHECK(mon_owned_by(t, o));
    CHECK(t->monitor_count == 1);
    for (int i = 0; i < 4; i++) mon_enter(t, o);
    CHECK(mon_owner(o, &count) == t && count == 5);
    CHECK(t->monitor_count == 1);
    for (int i = 0; i < 5; i++) CHECK(mon_exit(t, o));
    CHECK(atomic_load(&o->lock) == 0);
    CHECK(t->monitor_count == 0);
    CHECK(mon_owner(o, &count) == NULL);

    /* Recursion beyond the thin count inflates instead of wrapping. */
    const int deep = 40000;
    for (int i = 0; i < deep; i++) mon_enter(t, o);
    CHECK((atomic_load(&o->lock) & 1) == 1);
    CHECK(mon_owner(o, &count) == t && count == deep);
    CHECK(t->monitor_count == 1);
    for (int i = 0; i < deep - 1; i++) mon_exit(t, o);
    CHECK(mon_owner(o, &count) == t && count == 1);
    CHECK(mon_exit(t, o));
    CHECK(mon_owner(o, NULL) == NULL);
    CHECK(t->monitor_count == 0);
    /* Inflated and free: enter/exit still work. */
    mon_enter(t, o);
    CHECK(mon_owned_by(t, o));
    CHECK(mon_exit(t, o));
    CHECK(!mon_owned_by(t, o));

    /* notify on an owned thin lock without waiters is a no-op. */
    Object *p = new_fake();
    mon_enter(t, p);
    CHECK(mon_notify(t, p));
    CHECK(mon_notify_all(t, p));
    CHECK((atomic_load(&p->lock) & 1) == 0);
    /* Timed wait: inflates, returns after the timeout with the count restored. */
    mon_enter(t, p);
    mon_enter(t, p);
    int64_t t0 = os_nanotime();
    CHECK(mon_wait(t, p, 40));
    int64_t el = ms_since(t0);
    CHECK(el >= 39 && el < 5000);
    CHECK(mon_owner(p, &count) == t && count == 3);
    CHECK(t->waiting_on == NULL && t->blocked_on == NULL);
    CHECK(atomic_load(&t->state) == TS_JAVA);
    for (int i = 0; i < 3; i++) CHECK(mon_exit(t, p));
    CHECK(mon_owner(p, NULL) == NULL);
    CHECK(t->monitor_count == 0);
    free(o);
    free(p);
}

/* ---------------------------------------------------------------------------------- */
/* monitors: contention                                                               */

#define CONTENDERS 8
#define ITERATIONS 20000
static Object *shared_obj;
static long shared_counter;
static _Atomic int contenders_ready;

static void *contender(void *arg)
{
    intptr_t id = (intptr_t)arg;
    Thread *t = attach_java(false);
    atomic_fetch_add(&contenders_ready, 1);
    while (atomic_load(&contenders_ready) < CONTENDERS) nap(10000);
    for (int i = 0; i < ITERATIONS; i++) {
        mon_enter(t, shared_obj);
        if (id & 1) mon_enter(t, shared_obj); /* some recursion under contention */
        long v = shared_counter;
        if ((i & 255) == 0) os_thread_yield(); /* hold it a while now and then */
        shared_counter = v + 1;
        if (id & 1) mon_exit(t, shared_obj);
        mon_exit(t, shared_obj);
        thread_poll(t);
    }
    CHECK(t->monitor_count == 0);
    thread_detach(t);
    return NULL;
}

static void test_monitor_contention(void)
{
    shared_obj = new_fake();
    Runner r[CONTENDERS];
    for (intptr_t i = 0; i < CONTENDERS; i++) run(&r[i], contender, (void *)i);
    for (int i = 0; i < CONTENDERS; i++) join(&r[i]);
    CHECK(shared_counter == (long)CONTENDERS * ITERATIONS);
    CHECK(mon_owner(shared_obj, NULL) == NULL);
}

/* Blocked entry: state, blocked_on, and hand-over. */
static Object *block_obj;
static _Atomic int blocker_done;

static void *blocker(void *arg)
{
    Thread *t = attach_java(false);
    atomic_store((Thread *_Atomic *)arg, t);
    mon_enter(t, block_obj);
    atomic_store(&blocker_done, 1);
    CHECK(t->blocked_on == NULL);
    CHECK(mon_exit(t, block_obj));
    thread_detach(t);
    return NULL;
}

static void test_monitor_blocking(Thread *self)
{
    block_obj = new_fake();
    mon_enter(self, block_obj);
    Thread *_Atomic other = NULL;
    Runner r;
    run(&r, blocker, (void *)&other);
    while (atomic_load(&other) == NULL) nap(100000);
    Thread *o = atomic_load(&other);
    CHECK(await_state(o, TS_BLOCKED));
    CHECK(o->blocked_on != NULL);
    CHECK((atomic_load(&block_obj->lock) & 1) == 1); /* contention inflated it */
    CHECK(atomic_load(&blocker_done) == 0);
    CHECK(mon_owner(block_obj, NULL) == self);
    CHECK(mon_exit(self, block_obj));
    join(&r);
    CHECK(atomic_load(&blocker_done) == 1);
    CHECK(mon_owner(block_obj, NULL) == NULL);
}

/* ---------------------------------------------------------------------------------- */
/* wait / notify                                                                      */

#define PRODUCERS 3
#define CONSUMERS 3
#define ITEMS 3000
static Object *queue_obj;
static int queue_len; /* capacity 1: maximal wait/notify traffic */
static long queue_sum, consumed;

static void *producer(void *arg)
{
    Thread *t = attach_java(false);
    for (int i = 1; i <= ITEMS; i++) {
        mon_enter(t, queue_obj);
        while (queue_len == 1) CHECK(mon_wait(t, queue_obj, 0));
        queue_len = 1;
        queue_sum += i;
        CHECK(mon_notify_all(t, queue_obj));
        mon_exit(t, queue_obj);
    }
    thread_detach(t);
    return arg;
}

static void *consumer(void *arg)
{
    Thread *t = attach_java(false);
    for (int i = 0; i < ITEMS; i++) {
        mon_enter(t, queue_obj);
        while (queue_len == 0) CHECK(mon_wait(t, queue_obj, 0));
        queue_len = 0;
        consumed++;
        CHECK(mon_notify_all(t, queue_obj));
        mon_exit(t, queue_obj);
    }
    thread_detach(t);
    return arg;
}

static void test_wait_notify(void)
{
    queue_obj = new_fake();
    Runner p[PRODUCERS], c[CONSUMERS];
    for (int i = 0; i < PRODUCERS; i++) run(&p[i], producer, NULL);
    for (int i = 0; i < CONSUMERS; i++) run(&c[i], consumer, NULL);
    for (int i = 0; i < PRODUCERS; i++) join(&p[i]);
    for (int i = 0; i < CONSUMERS; i++) join(&c[i]);
    CHECK(consumed == (long)PRODUCERS * ITEMS);
    CHECK(queue_sum == (long)PRODUCERS * ITEMS * (ITEMS + 1) / 2);
}

/* notify wakes exactly one waiter; the others keep waiting until notifyAll. */
static Object *nw_obj;
static _Atomic int nw_waiting, nw_woken;

static void *notify_waiter(void *arg)
{
    Thread *t = attach_java(false);
    mon_enter(t, nw_obj);
    atomic_fetch_add(&nw_waiting, 1);
    CHECK(mon_wait(t, nw_obj, 0));
    atomic_fetch_add(&nw_woken, 1);
    mon_exit(t, nw_obj);
    thread_detach(t);
    return arg;
}

static void test_notify_one(Thread *self)
{
    nw_obj = new_fake();
    Runner r[3];
    for (int i = 0; i < 3; i++) run(&r[i], notify_waiter, NULL);
    for (;;) { /* all three in the wait set: we can enter, and all have counted */
        mon_enter(self, nw_obj);
        if (atomic_load(&nw_waiting) == 3) break;
        mon_exit(self, nw_obj);
        nap(1000000);
    }
    CHECK(mon_notify(self, nw_obj));
    mon_exit(self, nw_obj);
    int64_t t0 = os_nanotime();
    while (atomic_load(&nw_woken) < 1 && ms_since(t0) < 5000) nap(1000000);
    nap(50000000);
    CHECK(atomic_load(&nw_woken) == 1);
    mon_enter(self, nw_obj);
    CHECK(mon_notify_all(self, nw_obj));
    mon_exit(self, nw_obj);
    for (int i = 0; i < 3; i++) join(&r[i]);
    CHECK(atomic_load(&nw_woken) == 3);
}

/* ---------------------------------------------------------------------------------- */
/* park, sleep, interrupt                                                             */

static Thread *_Atomic parked_thread;
static _Atomic int park_phase;

static void *parker(void *arg)
{
    Thread *t = attach_java(false);
    atomic_store(&parked_thread, t);
    /* phase 1: woken by unpark */
    int64_t t0 = os_nanotime();
    thread_park(t, false, 0);
    CHECK(ms_since(t0) < 5000);
    atomic_store(&park_phase, 1);
    /* phase 2: woken by interrupt (no java.lang.Thread here: the wake flag only) */
    t0 = os_nanotime();
    thread_park(t, false, 0);
    CHECK(ms_since(t0) < 5000);
    atomic_store(&park_phase, 2);
    /* phase 3: an Object.wait woken by interrupt returns (spuriously, without a
     * java.lang.Thread to carry the interrupt status) */
    Object *o = new_fake();
    mon_enter(t, o);
    atomic_store(&park_phase, 3);
    CHECK(mon_wait(t, o, 0));
    mon_exit(t, o);
    free(o);
    atomic_store(&park_phase, 4);
    thread_detach(t);
    return arg;
}

static void test_park(Thread *self)
{
    /* Permit first: park returns at once and consumes it. */
    thread_unpark(self);
    int64_t t0 = os_nanotime();
    thread_park(self, false, 2000000000LL);
    CHECK(ms_since(t0) < 1000);
    /* No permit: a relative timeout of 30 ms. */
    t0 = os_nanotime();
    thread_park(self, false, 30000000LL);
    int64_t el = ms_since(t0);
    CHECK(el >= 20 && el < 5000); /* spurious early returns are legal but rare */
    CHECK(atomic_load(&self->state) == TS_JAVA);
    /* Absolute deadline in the past: immediate. */
    t0 = os_nanotime();
    thread_park(self, true, os_current_millis() - 10);
    CHECK(ms_since(t0) < 1000);
    /* Absolute deadline 30 ms ahead. */
    t0 = os_nanotime();
    thread_park(self, true, os_current_millis() + 30);
    el = ms_since(t0);
    CHECK(el >= 15 && el < 5000);

    /* Sleep without an interrupt. */
    t0 = os_nanotime();
    CHECK(thread_sleep(self, 30));
    CHECK(ms_since(t0) >= 29);
    CHECK(thread_sleep(self, 0));

    Runner r;
    run(&r, parker, NULL);
    while (atomic_load(&parked_thread) == NULL) nap(100000);
    Thread *p = atomic_load(&parked_thread);
    CHECK(await_state(p, TS_BLOCKED));
    nap(10000000);
    CHECK(atomic_load(&park_phase) == 0);
    thread_unpark(p);
    while (atomic_load(&park_phase) < 1) nap(100000);
    CHECK(await_state(p, TS_BLOCKED));
    nap(10000000);
    CHECK(atomic_load(&park_phase) == 1);
    thread_interrupt(p);
    while (atomic_load(&park_phase) < 3) nap(100000);
    CHECK(await_state(p, TS_BLOCKED));
    nap(10000000);
    CHECK(atomic_load(&park_phase) == 3);
    CHECK(p->waiting_on != NULL);
    thread_interrupt(p);
    join(&r);
    CHECK(atomic_load(&park_phase) == 4);
}

/* ---------------------------------------------------------------------------------- */
/* safepoints                                                                         */

#define POLLERS 4
static _Atomic long poll_counter[POLLERS];
static _Atomic int pollers_stop;
static _Atomic int pollers_attached;

static void *poller(void *arg)
{
    intptr_t id = (intptr_t)arg;
    Thread *t = attach_java(false);
    atomic_fetch_add(&pollers_attached, 1);
    Object *o = new_fake();
    long i = 0;
    while (!atomic_load(&pollers_stop)) {
        atomic_fetch_add(&poll_counter[id], 1);
        if ((++i & 63) == 0) { /* pass through monitors and safe states too */
            mon_enter(t, o);
            mon_exit(t, o);
            thread_enter_safe(t, TS_NATIVE);
            thread_leave_safe(t);
        }
        thread_poll(t);
    }
    free(o);
    thread_detach(t);
    return NULL;
}

/* A thread leaving a safe state stores TS_JAVA, sees the flag and stores its safe state
 * back (thread.c's Dekker handshake), so TS_JAVA may be seen for an instant — longer if
 * the thread is preempted in between, which on a loaded machine can last well over
 * 10 ms; a thread that stays in TS_JAVA while the world is stopped is a failure. */
static void state_not_java(Thread *t, void *arg)
{
    Thread *self = arg;
    if (t == self) return;
    int tries = 0;
    while (atomic_load(&t->state) == TS_JAVA && tries++ < 100000) os_sleep_ns(10000);
    CHECK(atomic_load(&t->state) != TS_JAVA);
}

static _Atomic int in_safepoint;

static void stopped_world_checks(Thread *self)
{
    CHECK(atomic_fetch_add(&in_safepoint, 1) == 0);
    thread_for_each(state_not_java, self);
    long snap[POLLERS];
    for (int i = 0; i < POLLERS; i++) snap[i] = atomic_load(&poll_counter[i]);
    os_sleep_ns(200000);
    for (int i = 0; i < POLLERS; i++) CHECK(snap[i] == atomic_load(&poll_counter[i]));
    atomic_fetch_sub(&in_safepoint, 1);
}

static void *initiator(void *arg)
{
    Thread *t = attach_java(false);
    for (int i = 0; i < 100; i++) {
        thread_safepoint_begin(t);
        stopped_world_checks(t);
        thread_safepoint_end(t);
        thread_poll(t);
    }
    thread_detach(t);
    return arg;
}

static Thread *_Atomic late_thread;
static void *late_attacher(void *arg)
{
    Thread *t = attach_java(false); /* must wait for the running safepoint */
    atomic_store(&late_thread, t);
    thread_detach(t);
    return arg;
}

/* A thread blocked in Object.wait while safepoints come and go. */
static Object *sp_wait_obj;
static _Atomic int sp_waiter_in;
static void *sp_waiter(void *arg)
{
    Thread *t = attach_java(false);
    mon_enter(t, sp_wait_obj);
    atomic_store(&sp_waiter_in, 1);
    CHECK(mon_wait(t, sp_wait_obj, 0));
    mon_exit(t, sp_wait_obj);
    thread_detach(t);
    return arg;
}

static void test_safepoints(Thread *self)
{
    sp_wait_obj = new_fake();
    Runner w;
    run(&w, sp_waiter, NULL);
    while (!atomic_load(&sp_waiter_in)) nap(100000);

    Runner r[POLLERS];
    for (intptr_t i = 0; i < POLLERS; i++) run(&r[i], poller, (void *)i);
    while (atomic_load(&pollers_attached) < POLLERS) nap(100000);

    for (int round = 0; round < 50; round++) {
        thread_safepoint_begin(self);
        CHECK(atomic_load(&vm_safepoint_pending) == 1);
        stopped_world_checks(self);
        /* The initiator may poll and change states inside its own safepoint. */
        thread_poll(self);
        thread_enter_safe(self, TS_BLOCKED);
        thread_leave_safe(self);
        thread_safepoint_end(self);
        CHECK(atomic_load(&vm_safepoint_pending) == 0);
    }
    /* The pollers run again after the safepoints. */
    long snap = atomic_load(&poll_counter[0]);
    int64_t t0 = os_nanotime();
    while (atomic_load(&poll_counter[0]) == snap && ms_since(t0) < 5000) nap(100000);
    CHECK(atomic_load(&poll_counter[0]) != snap);

    /* Competing initiators, ourselves included. */
    Runner in[3];
    for (int i = 0; i < 3; i++) run(&in[i], initiator, NULL);
    for (int i = 0; i < 50; i++) {
        thread_safepoint_begin(self);
        stopped_world_checks(self);
        thread_safepoint_end(self);
    }
    for (int i = 0; i < 3; i++) join(&in[i]);

    /* A thread attaching during a safepoint waits for its end. */
    thread_safepoint_begin(self);
    Runner la;
    run(&la, late_attacher, NULL);
    os_sleep_ns(30000000);
    CHECK(atomic_load(&late_thread) == NULL);
    thread_safepoint_end(self);
    join(&la);
    CHECK(atomic_load(&late_thread) != NULL);

    atomic_store(&pollers_stop, 1);
    for (int i = 0; i < POLLERS; i++) join(&r[i]);
    mon_enter(self, sp_wait_obj);
    mon_notify_all(self, sp_wait_obj);
    mon_exit(self, sp_wait_obj);
    join(&w);
}

/* ---------------------------------------------------------------------------------- */
/* suspension: nothing taken while suspended is kept (thread_leave_safe_or_release)    */

/* Marks t suspended the way thread_suspend_other does (at a safepoint of our own); these
 * records have no java.lang.Thread to look up. */
static void suspend_at_safepoint(Thread *self, Thread *t)
{
    thread_safepoint_begin(self);
    atomic_store(&t->suspend_count, 1);
    thread_safepoint_end(self);
}

static OsMutex sus_mutex;
static Object *sus_obj;
static Thread *_Atomic sus_thread;
static _Atomic int sus_got;

/* Blocks on sus_mutex (thread_lock_safe) or on sus_obj's monitor (arg != NULL). */
static void *sus_taker(void *arg)
{
    Thread *t = attach_java(false);
    atomic_store(&sus_thread, t);
    if (arg == NULL) {
        thread_lock_safe(t, &sus_mutex);
        atomic_store(&sus_got, 1);
        os_mutex_unlock(&sus_mutex);
    } else {
        mon_enter(t, sus_obj);
        atomic_store(&sus_got, 1);
        mon_exit(t, sus_obj);
    }
    thread_detach(t);
    return arg;
}

/* Takes m, trying for up to 5 s: false if another thread keeps it all that time. */
static bool lock_within(OsMutex *m)
{
    int64_t t0 = os_nanotime();
    while (!os_mutex_trylock(m)) {
        if (ms_since(t0) > 5000) return false;
        nap(100000);
    }
    return true;
}

/* A thread blocked on a VM mutex (or a monitor) that another releases while it is
 * suspended gives it back and waits for its resumption, so the thread that is to resume
 * it can take it first; resumed, it gets it. */
static void test_suspend_gives_back(Thread *self, bool monitor)
{
    atomic_store(&sus_thread, NULL);
    atomic_store(&sus_got, 0);
    if (monitor) mon_enter(self, sus_obj);
    else os_mutex_lock(&sus_mutex);
    Runner r;
    run(&r, sus_taker, monitor ? sus_obj : NULL);
    while (atomic_load(&sus_thread) == NULL) nap(100000);
    Thread *t = atomic_load(&sus_thread);
    CHECK(await_state(t, TS_BLOCKED));
    nap(10000000); /* let it block in the lock or the monitor itself */
    suspend_at_safepoint(self, t);
    if (monitor) mon_exit(self, sus_obj);
    else os_mutex_unlock(&sus_mutex);
    nap(20000000); /* it wakes up, takes the lock or monitor, finds itself suspended */
    CHECK(atomic_load(&sus_got) == 0);
    if (monitor) {
        CHECK(mon_owner(sus_obj, NULL) == NULL);
        mon_enter(self, sus_obj); /* would wait for good if t kept it */
        CHECK(thread_resume(t));
        nap(10000000);
        CHECK(atomic_load(&sus_got) == 0); /* we still own it */
        mon_exit(self, sus_obj);
    } else {
        CHECK(lock_within(&sus_mutex));
        CHECK(thread_resume(t));
        nap(10000000);
        CHECK(atomic_load(&sus_got) == 0);
        os_mutex_unlock(&sus_mutex);
    }
    join(&r);
    CHECK(atomic_load(&sus_got) == 1);
}

static void test_suspension(Thread *self)
{
    os_mutex_init(&sus_mutex);
    sus_obj = new_fake();
    test_suspend_gives_back(self, false);
    test_suspend_gives_back(self, true);
}

/* ---------------------------------------------------------------------------------- */
/* roots: stack scanning and leaked thin locks, on real heap cells                    */

static Class dummy_class; /* heap_iterate skips cells whose klass is NULL */

typedef struct Found {
    RootVisitor v;
    Object *want[4];
    RootKind kind[4];
    bool seen[4];
} Found;

static void found_visit(RootVisitor *v, Object **slot, RootKind kind)
{
    Found *f = (Found *)v;
    for (int i = 0; i < 4; i++)
        if (*slot == f->want[i] && kind == f->kind[i]) f->seen[i] = true;
}

static Object *scan_obj_native, *scan_obj_frame;
static _Atomic int scanner_ready, scanner_release;

static void *stack_holder(void *arg)
{
    Thread *t = attach_java(false);
    /* A Java frame whose operand stack holds scan_obj_frame. */
    Frame *f = (Frame *)(t->stack_base + 2);
    memset(f, 0, sizeof *f);
    Slot *ops = frame_stack_base(f);
    ops[0].l = scan_obj_frame;
    f->sp = ops + 1;
    t->top_frame = f;
    /* A C local that lives across the safe period. */
    Object *volatile held = scan_obj_native;
    thread_enter_safe(t, TS_NATIVE);
    atomic_store(&scanner_ready, 1);
    while (!atomic_load(&scanner_release)) os_sleep_ns(100000); /* TS_NATIVE */
    thread_leave_safe(t);
    CHECK(held == scan_obj_native);
    t->top_frame = NULL;
    thread_detach(t);
    return arg;
}

static Object *leak_obj;
static void *thin_leaker(void *arg)
{
    Thread *t = attach_java(false);
    mon_enter(t, leak_obj);
    mon_enter(t, leak_obj);
    Object *o2 = arg;
    mon_enter(t, o2);
    CHECK(mon_wait(t, o2, 1)); /* inflates o2 */
    CHECK(t->monitor_count == 2);
    thread_detach(t); /* exits without releasing either */
    return NULL;
}

static void test_roots(Thread *self)
{
    HeapConfig cfg = {(size_t)8 << 20, (size_t)32 << 20, false};
    if (!heap_init(&cfg)) {
        CHECK(!"heap_init");
        return;
    }
    scan_obj_native = heap_alloc(self, 32);
    scan_obj_frame = heap_alloc(self, 32);
    Object *own = heap_alloc(self, 32);
    leak_obj = heap_alloc(self, 32);
    CHECK(scan_obj_native && scan_obj_frame && own && leak_obj);
    scan_obj_native->klass = scan_obj_frame->klass = own->klass = leak_obj->klass = &dummy_class;

    Runner r;
    run(&r, stack_holder, NULL);
    while (!atomic_load(&scanner_ready)) nap(100000);
    Object *volatile mine = own;
    Found f = {{found_visit},
               {scan_obj_native, scan_obj_frame, own, NULL},
               {ROOT_NATIVE_STACK, ROOT_STACK, ROOT_NATIVE_STACK, ROOT_OTHER},
               {false, false, false, false}};
    thread_safepoint_begin(self);
    thread_visit_roots(&f.v);
    thread_safepoint_end(self);
    CHECK(f.seen[0]); /* another thread's C stack, from safe_sp up */
    CHECK(f.seen[1]); /* another thread's Java frame */
    CHECK(f.seen[2]); /* our own C stack */
    CHECK(mine == own);
    atomic_store(&scanner_release, 1);
    join(&r);

    /* A thread that dies holding a thin and an inflated lock releases both. */
    Object *inflated = new_fake();
    run(&r, thin_leaker, inflated);
    join(&r);
    CHECK(atomic_load(&leak_obj->lock) == 0);
    CHECK(mon_owner(inflated, NULL) == NULL);
    mon_enter(self, leak_obj);
    mon_enter(self, inflated);
    CHECK(mon_owned_by(self, leak_obj) && mon_owned_by(self, inflated));
    mon_exit(self, inflated);
    mon_exit(self, leak_obj);
}

/* ---------------------------------------------------------------------------------- */
/* non-daemon accounting                                                              */

static _Atomic int nd_go;
static void *short_lived(void *arg)
{
    Thread *t = attach_java(arg != NULL);
    while (!atomic_load(&nd_go)) nap(100000);
    nap(20000000);
    thread_detach(t);
    return NULL;
}

static void test_non_daemons(Thread *self)
{
    int base = thread_non_daemon_count();
    CHECK(base == 1); /* just us */
    Runner r[4];
    for (int i = 0; i < 4; i++) run(&r[i], short_lived, i == 3 ? (void *)1 : NULL);
    int64_t t0 = os_nanotime();
    while (thread_non_daemon_count() < base + 3 && ms_since(t0) < 5000) nap(100000);
    CHECK(thread_non_daemon_count() == base + 3);
    atomic_store(&nd_go, 1);
    thread_wait_for_non_daemons(self);
    CHECK(thread_non_daemon_count() == base);
    CHECK(atomic_load(&self->state) == TS_JAVA);
    for (int i = 0; i < 4; i++) join(&r[i]);
}

int main(void)
{
    alarm(180);
    os_init();
    test_os();

    Thread *t = thread_init_main(0);
    CHECK(t != NULL && thread_current() == t);
    CHECK(t->index >= 1 && t->jni != NULL);
    CHECK(atomic_load(&t->state) == TS_JAVA);
    CHECK(t->stack_base != NULL && t->stack_limit > t->stack_base);
    CHECK((char *)t->stack_lo < (char *)t->stack_guard && (char *)t->stack_guard < (char *)t->stack_hi);
    CHECK(thread_from_index(t->index) == t);
    mon_init();

    test_monitor_basic(t);
    test_monitor_contention();
    test_monitor_blocking(t);
    test_wait_notify();
    test_notify_one(t);
    test_park(t);
    test_safepoints(t);
    test_suspension(t);
    test_roots(t);
    test_non_daemons(t);

    printf("test_threads: %d checks, %d failed\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
