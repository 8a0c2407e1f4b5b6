// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * os_linux.c — the platform layer (os.h) on Linux/glibc: pthreads, CLOCK_MONOTONIC
 * condition variables, mmap-based address-space reservation, dlopen, /proc, signals.
 *
 * Contracts:
 *  - This layer knows nothing of the VM. It cannot use panic() (which lives above it), so
 *    a failing pthread call on a lock — which only happens if memory is corrupt or a lock
 *    is misused — prints the call and errno text and aborts.
 *  - Functions returning memory say who frees it (always the caller, with free()).
 *  - Every function may be called from any thread; os_init() runs first, once, before
 *    threads exist.
 */
#define _GNU_SOURCE
#include "../os.h"
#include "os_int.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/membarrier.h>
#include <limits.h>
#include <malloc.h>
#include <pwd.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <spawn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/utsname.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/ucontext.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static size_t page_size;
static void vm_signal_mask(sigset_t *mask);

static __attribute__((noreturn)) void fatal(const char *what, int err)
{
    fprintf(stderr, "GlassVM: fatal OS error in %s: %s\n", what, strerror(err));
    fflush(stderr);
    abort();
}

#define CHECK(call)                                                                         \
    do {                                                                                    \
        int rc_ = (call);                                                                   \
        if (rc_ != 0) fatal(#call, rc_);                                                    \
    } while (0)

void os_init(void)
{
    long ps = sysconf(_SC_PAGESIZE);
    page_size = ps > 0 ? (size_t)ps : 4096;
}

/* ---------------------------------------------------------------------------------- */
/* Mutexes and condition variables                                                    */
/* ---------------------------------------------------------------------------------- */

void os_mutex_init(OsMutex *m)
{
    pthread_mutexattr_t a;
    CHECK(pthread_mutexattr_init(&a));
#ifdef GLASS_DEBUG
    /* Debug builds catch unlock-by-non-owner and self-deadlock. */
    CHECK(pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK));
#endif
    CHECK(pthread_mutex_init(m, &a));
    pthread_mutexattr_destroy(&a);
}

void os_mutex_init_recursive(OsMutex *m)
{
    pthread_mutexattr_t a;
    CHECK(pthread_mutexattr_init(&a));
    CHECK(pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE));
    CHECK(pthread_mutex_init(m, &a));
    pthread_mutexattr_destroy(&a);
}

void os_mutex_destroy(OsMutex *m) { pthread_mutex_destroy(m); }
void os_mutex_lock(OsMutex *m) { CHECK(pthread_mutex_lock(m)); }
void os_mutex_unlock(OsMutex *m) { CHECK(pthread_mutex_unlock(m)); }

bool os_mutex_trylock(OsMutex *m)
{
    int rc = pthread_mutex_trylock(m);
    if (rc == 0) return true;
    if (rc == EBUSY) return false;
    fatal("pthread_mutex_trylock", rc);
}

void os_cond_init(OsCond *c)
{
    pthread_condattr_t a;
    CHECK(pthread_condattr_init(&a));
    /* Timed waits use the monotonic clock: wall-clock steps must not shorten or stretch
     * Object.wait(ms), sleep or park. */
    CHECK(pthread_condattr_setclock(&a, CLOCK_MONOTONIC));
    CHECK(pthread_cond_init(c, &a));
    pthread_condattr_destroy(&a);
}

void os_cond_destroy(OsCond *c) { pthread_cond_destroy(c); }
void os_cond_wait(OsCond *c, OsMutex *m) { CHECK(pthread_cond_wait(c, m)); }
void os_cond_signal(OsCond *c) { CHECK(pthread_cond_signal(c)); }
void os_cond_broadcast(OsCond *c) { CHECK(pthread_cond_broadcast(c)); }

bool os_cond_wait_until(OsCond *c, OsMutex *m, int64_t deadline_ns)
{
    if (deadline_ns <= os_nanotime()) return false;
    struct timespec ts;
    ts.tv_sec = (time_t)(deadline_ns / 1000000000);
    ts.tv_nsec = (long)(deadline_ns % 1000000000);
    int rc = pthread_cond_timedwait(c, m, &ts);
    if (rc == 0) return true;
    if (rc == ETIMEDOUT) return false;
    fatal("pthread_cond_timedwait", rc);
}

/* ---------------------------------------------------------------------------------- */
/* Threads                                                                            */
/* ---------------------------------------------------------------------------------- */

bool os_thread_create(OsThread *t, size_t stack_size, void *(*fn)(void *), void *arg,
                      bool detached)
{
    pthread_attr_t a;
    int rc = pthread_attr_init(&a);
    if (rc != 0) {
        errno = rc;
        return false;
    }
    if (stack_size != 0) {
        size_t ps = page_size ? page_size : 4096;
        size_t sz = (stack_size + ps - 1) & ~(ps - 1);
        if (sz < (size_t)PTHREAD_STACK_MIN) sz = (size_t)PTHREAD_STACK_MIN;
        rc = pthread_attr_setstacksize(&a, sz);
    }
    if (rc == 0 && detached) rc = pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
    /* The new thread starts with the VM's signal mask (os_signal_init), whatever the
     * creating thread blocks: it may be a native thread of the embedder's. */
    sigset_t mask;
    if (rc == 0) rc = pthread_sigmask(SIG_BLOCK, NULL, &mask);
    if (rc == 0) {
        vm_signal_mask(&mask);
        rc = pthread_attr_setsigmask_np(&a, &mask);
    }
    if (rc == 0) rc = pthread_create(t, &a, fn, arg);
    pthread_attr_destroy(&a);
    if (rc != 0) {
        errno = rc;
        return false;
    }
    return true;
}

OsThread os_thread_self(void) { return pthread_self(); }
int64_t os_thread_id(void) { return (int64_t)syscall(SYS_gettid); }
void os_thread_yield(void) { sched_yield(); }

/*
 * The primordial thread (pid == tid) is special: glibc derives its "stack size" from
 * RLIMIT_STACK and the distance to the next mapping, and the kernel grows the mapping on
 * demand. With an unlimited rlimit that can be gigabytes, so cap it at a size the kernel
 * will surely grow to; a smaller lower bound only makes StackOverflowError come earlier.
 * The launcher runs Java's main in a thread of its own (pitfall 5), but embedders and
 * the unit tests call in from the primordial thread.
 */
#define PRIMORDIAL_STACK_CAP ((size_t)64 << 20)

void os_thread_stack_bounds(void **lo, void **hi)
{
    pthread_attr_t a;
    void *addr = NULL;
    size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &a) == 0) {
        pthread_attr_getstack(&a, &addr, &size);
        pthread_attr_destroy(&a);
    }
    if (addr == NULL || size == 0) {
        /* Should not happen on glibc; fall back to "here" plus the rlimit. */
        struct rlimit rl;
        size_t lim = 8u << 20;
        if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) lim = rl.rlim_cur;
        char here;
        uintptr_t top = ((uintptr_t)&here + 65536) & ~(uintptr_t)4095;
        *hi = (void *)top;
        *lo = (void *)(top - lim);
        return;
    }
    uintptr_t l = (uintptr_t)addr, h = l + size;
    if (getpid() == (pid_t)syscall(SYS_gettid)) {
        struct rlimit rl;
        size_t cap = PRIMORDIAL_STACK_CAP;
        if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
            rl.rlim_cur < cap)
            cap = rl.rlim_cur;
        if (h - l > cap) l = h - cap;
    }
    *lo = (void *)l;
    *hi = (void *)h;
}

void os_thread_set_name(const char *name)
{
    /* Linux keeps 15 characters plus the NUL; longer names make the call fail. */
    char buf[16];
    size_t n = strlen(name);
    if (n > 15) n = 15;
    memcpy(buf, name, n);
    buf[n] = 0;
    pthread_setname_np(pthread_self(), buf);
}

int64_t os_thread_cpu_time(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) return -1;
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* The kernel's per-thread CPU clock named by thread id (what glibc's pthread_getcpuclockid
 * builds: ~tid << 3 | CPUCLOCK_PERTHREAD | CPUCLOCK_SCHED). Going by tid rather than by
 * pthread_t stays defined when the thread has just exited: the clock then answers EINVAL
 * instead of glibc reading a freed thread descriptor. */
int64_t os_thread_cpu_time_of(int64_t tid)
{
    if (tid <= 0) return -1;
    clockid_t clk = (clockid_t)((~(unsigned)tid << 3) | 6u);
    struct timespec ts;
    if (clock_gettime(clk, &ts) != 0) return -1;
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* utime is field 14 of /proc/self/task/<tid>/stat, after the parenthesized command name
 * (which may itself contain spaces and parentheses: scan from the last ')'). */
int64_t os_thread_user_time_of(int64_t tid)
{
    if (tid <= 0) return -1;
    char path[64], buf[512];
    snprintf(path, sizeof path, "/proc/self/task/%lld/stat", (long long)tid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0) return -1;
    buf[n] = 0;
    const char *p = strrchr(buf, ')');
    if (p == NULL) return -1;
    /* Fields 3..13 follow the name; utime is the 12th after it. */
    unsigned long long utime = 0;
    if (sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu", &utime) != 1) return -1;
    long hz = sysconf(_SC_CLK_TCK);
    if (hz <= 0) return -1;
    return (int64_t)(utime * (1000000000ull / (unsigned long long)hz));
}

void os_tls_create(OsTls *key) { CHECK(pthread_key_create(key, NULL)); }
void *os_tls_get(OsTls key) { return pthread_getspecific(key); }
void os_tls_set(OsTls key, void *value) { CHECK(pthread_setspecific(key, value)); }

/* ---------------------------------------------------------------------------------- */
/* Process-wide memory barrier                                                        */
/* ---------------------------------------------------------------------------------- */

/* 1 registered, -1 unavailable, 0 not tried yet. */
static int membarrier_registered;

static void membarrier_register(void)
{
    long cmds = syscall(SYS_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
    bool ok = cmds >= 0 && (cmds & MEMBARRIER_CMD_PRIVATE_EXPEDITED) &&
              syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0;
    membarrier_registered = ok ? 1 : -1;
}

/* Registration is cheap only while the process has one thread: with more, the kernel
 * waits for an RCU grace period (4-30 ms of wall time seen on this VM, most of the
 * start-up of a small program). The JDK's launcher loads libjvm.so before it starts the
 * thread that creates the VM, so registering when the library is loaded takes the
 * single-threaded path; an embedder that loads us from a threaded process pays the wait
 * here instead of at JNI_CreateJavaVM. Nothing else runs at load time. */
__attribute__((constructor)) static void membarrier_at_load(void) { membarrier_register(); }

bool os_membarrier_init(void)
{
    if (membarrier_registered == 0) membarrier_register();
    return membarrier_registered > 0;
}

void os_membarrier(void)
{
    /* Registered at os_membarrier_init: it cannot fail but with memory corrupt. */
    if (syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) != 0) fatal("membarrier", errno);
}

/* ---------------------------------------------------------------------------------- */
/* Time                                                                               */
/* ---------------------------------------------------------------------------------- */

int64_t os_nanotime(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int64_t os_current_millis(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void os_wall_time(int64_t *seconds, int32_t *nanos)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    *seconds = (int64_t)ts.tv_sec;
    *nanos = (int32_t)ts.tv_nsec;
}

void os_sleep_ns(int64_t ns)
{
    if (ns <= 0) return;
    struct timespec ts = {(time_t)(ns / 1000000000), (long)(ns % 1000000000)};
    nanosleep(&ts, NULL); /* EINTR: return early, as documented */
}

/* ---------------------------------------------------------------------------------- */
/* Memory                                                                             */
/* ---------------------------------------------------------------------------------- */

/*
 * Reserved ranges are PROT_NONE, MAP_NORESERVE mappings: address space only. Committing
 * makes pages accessible; the kernel backs them with zero pages on first touch.
 * Decommitting gives the pages back (MADV_DONTNEED makes them read as zero again) and
 * makes the range inaccessible, so a stray access faults instead of silently using
 * memory the VM believes free.
 */
void *os_reserve(size_t size)
{
    void *p = mmap(NULL, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

bool os_commit(void *addr, size_t size)
{
    return mprotect(addr, size, PROT_READ | PROT_WRITE) == 0;
}

void os_decommit(void *addr, size_t size)
{
    madvise(addr, size, MADV_DONTNEED);
    mprotect(addr, size, PROT_NONE);
}

void os_discard(void *addr, size_t size) { madvise(addr, size, MADV_DONTNEED); }

void os_release(void *addr, size_t size) { munmap(addr, size); }

size_t os_page_size(void)
{
    if (page_size == 0) os_init();
    return page_size;
}

/* Reads a small text file holding one number; false if absent or "max". */
static bool read_u64_file(const char *path, uint64_t *out)
{
    FILE *f = fopen(path, "re");
    if (f == NULL) return false;
    char buf[64];
    bool ok = fgets(buf, sizeof buf, f) != NULL;
    fclose(f);
    if (!ok || strncmp(buf, "max", 3) == 0 || buf[0] == '-') return false; /* -1: none */
    char *end;
    errno = 0;
    unsigned long long v = strtoull(buf, &end, 10);
    if (errno != 0 || end == buf) return false;
    *out = v;
    return true;
}

/* -XX:-UseContainerSupport: the host's view only. Set once, before threads start. */
static bool container_support = true;

void os_set_container_support(bool on) { container_support = on; }

/*
 * The container's limits change rarely but are asked for often (Runtime.availableProcessors
 * is called by every ForkJoinPool and parallel stream, and reading cgroup files through
 * stdio costs ~10 us), so, as HotSpot does (OSCONTAINER_CACHE_TIMEOUT), a value read is
 * reused for 20 ms. Any thread: each cache is one value and one deadline, both atomic; a
 * racing reader may read the files again or see either of two valid values.
 */
#define CGROUP_CACHE_NS (1000000000 / 50)
typedef struct CgroupCache {
    _Atomic int64_t deadline; /* os_nanotime() until which value holds; 0: never read */
    _Atomic uint64_t value;
} CgroupCache;

static bool cache_get(CgroupCache *c, uint64_t *out)
{
    int64_t deadline = atomic_load_explicit(&c->deadline, memory_order_acquire);
    if (deadline == 0 || os_nanotime() >= deadline) return false;
    *out = atomic_load_explicit(&c->value, memory_order_relaxed);
    return true;
}

static uint64_t cache_put(CgroupCache *c, uint64_t v)
{
    atomic_store_explicit(&c->value, v, memory_order_relaxed);
    atomic_store_explicit(&c->deadline, os_nanotime() + CGROUP_CACHE_NS, memory_order_release);
    return v;
}

/* The cgroup memory limit (cgroup v2 memory.max, or v1 memory.limit_in_bytes), or
 * UINT64_MAX for none. */
static uint64_t cgroup_memory_limit(void)
{
    static CgroupCache cache;
    uint64_t lim;
    if (cache_get(&cache, &lim)) return lim;
    if (!read_u64_file("/sys/fs/cgroup/memory.max", &lim) &&
        !read_u64_file("/sys/fs/cgroup/memory/memory.limit_in_bytes", &lim))
        lim = UINT64_MAX;
    return cache_put(&cache, lim);
}

/*
 * Physical memory, lowered to the cgroup memory limit when the process runs in a
 * container, as HotSpot does so the default heap size fits the container.
 */
uint64_t os_physical_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES);
    uint64_t phys = pages > 0 ? (uint64_t)pages * os_page_size() : (uint64_t)1 << 30;
    if (!container_support) return phys;
    uint64_t lim = cgroup_memory_limit();
    return lim > 0 && lim < phys ? lim : phys;
}

/* A CPU quota as a CPU count (rounded up), or 0 for none. */
static int quota_cpus(unsigned long long quota, unsigned long long period)
{
    if (period == 0 || quota == 0) return 0;
    unsigned long long cpus = (quota + period - 1) / period;
    return cpus > 0 && cpus < 1u << 20 ? (int)cpus : 0;
}

int os_processor_count_configured(void)
{
    long c = sysconf(_SC_NPROCESSORS_CONF);
    return c > 0 ? (int)c : 1;
}

/* A cgroup CPU quota as a CPU count (v2 cpu.max, v1 cpu.cfs_quota_us over
 * cpu.cfs_period_us; -1 there is no quota), or 0 for none. */
static int cgroup_cpu_quota(void)
{
    static CgroupCache cache;
    uint64_t cached;
    if (cache_get(&cache, &cached)) return (int)cached;
    int cpus = 0;
    FILE *f = fopen("/sys/fs/cgroup/cpu.max", "re");
    if (f != NULL) {
        char quota[32];
        unsigned long long period = 0;
        if (fscanf(f, "%31s %llu", quota, &period) == 2 && strcmp(quota, "max") != 0)
            cpus = quota_cpus(strtoull(quota, NULL, 10), period);
        fclose(f);
    } else {
        uint64_t quota, period;
        /* No quota is -1, which read_u64_file refuses: cpus stays 0. */
        if (read_u64_file("/sys/fs/cgroup/cpu/cpu.cfs_quota_us", &quota) &&
            read_u64_file("/sys/fs/cgroup/cpu/cpu.cfs_period_us", &period))
            cpus = quota_cpus(quota, period);
    }
    return (int)cache_put(&cache, (uint64_t)cpus);
}

/* CPUs this process may run on (affinity mask, asked each time as HotSpot does: a
 * taskset on a running process takes effect), lowered to a cgroup CPU quota. */
int os_processor_count(void)
{
    int n = 0;
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) n = CPU_COUNT(&set);
    if (n <= 0) {
        long c = sysconf(_SC_NPROCESSORS_ONLN);
        n = c > 0 ? (int)c : 1;
    }
    if (!container_support) return n;
    int cpus = cgroup_cpu_quota();
    if (cpus >= 1 && cpus < n) n = cpus;
    return n;
}

/* ---------------------------------------------------------------------------------- */
/* Dynamic libraries                                                                  */
/* ---------------------------------------------------------------------------------- */

static __thread char dl_error[1024];

void *os_dlopen(const char *path, const char **err)
{
    /* RTLD_LAZY like HotSpot's os::dll_load; local binding, so a JNI library cannot
     * shadow symbols of another. */
    void *h = dlopen(path, RTLD_LAZY);
    if (h == NULL && err != NULL) {
        const char *e = dlerror();
        snprintf(dl_error, sizeof dl_error, "%s", e ? e : "unknown dlopen error");
        *err = dl_error;
    }
    return h;
}

void *os_dlsym(void *handle, const char *name)
{
    return dlsym(handle ? handle : RTLD_DEFAULT, name);
}

void os_dlclose(void *handle)
{
    if (handle != NULL) dlclose(handle);
}

char *os_dladdr_path(const void *addr)
{
    Dl_info info;
    if (dladdr(addr, &info) == 0 || info.dli_fname == NULL) return NULL;
    /* Not canonicalized: java.home is found through the image's symlinked layout. */
    return strdup(info.dli_fname);
}

char *os_lib_name(const char *base)
{
    size_t n = strlen(base) + 7;
    char *s = malloc(n);
    if (s != NULL) snprintf(s, n, "lib%s.so", base);
    return s;
}

/* ---------------------------------------------------------------------------------- */
/* Process                                                                            */
/* ---------------------------------------------------------------------------------- */

void os_exit(int status)
{
    fflush(NULL);
    exit(status);
}

void os_quick_exit(int status)
{
    fflush(NULL);
    _exit(status);
}

int os_run_shell(const char *cmd)
{
    extern char **environ;
    char *argv[] = {(char *)"sh", (char *)"-c", (char *)cmd, NULL};
    pid_t pid;
    int err = posix_spawn(&pid, "/bin/sh", NULL, NULL, argv, environ);
    if (err != 0) {
        errno = err;
        return -1;
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return -1;
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    return 128 + WTERMSIG(status);
}

void os_abort(void)
{
    fflush(NULL);
    abort();
}

int os_getpid(void) { return (int)getpid(); }

char *os_executable_path(void)
{
    size_t cap = 256;
    for (;;) {
        char *buf = malloc(cap);
        if (buf == NULL) return NULL;
        ssize_t n = readlink("/proc/self/exe", buf, cap);
        if (n < 0) {
            free(buf);
            return NULL;
        }
        if ((size_t)n < cap) {
            buf[n] = 0;
            return buf;
        }
        free(buf);
        cap *= 2;
        if (cap > ((size_t)1 << 20)) return NULL;
    }
}

const char *os_getenv(const char *name) { return getenv(name); }

/* ---------------------------------------------------------------------------------- */
/* Files                                                                              */
/* ---------------------------------------------------------------------------------- */

uint8_t *os_read_file(const char *path, size_t *size)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return NULL;
    struct stat st;
    if (fstat(fd, &st) != 0 || S_ISDIR(st.st_mode)) {
        close(fd);
        return NULL;
    }
    /* st_size is only a hint: /proc files report 0 and files may change under us. */
    size_t cap = S_ISREG(st.st_mode) && st.st_size > 0 ? (size_t)st.st_size + 1 : 4096;
    size_t len = 0;
    uint8_t *buf = malloc(cap);
    if (buf == NULL) {
        close(fd);
        return NULL;
    }
    for (;;) {
        if (len == cap) {
            size_t ncap = cap * 2;
            uint8_t *nb = realloc(buf, ncap);
            if (nb == NULL) {
                free(buf);
                close(fd);
                return NULL;
            }
            buf = nb;
            cap = ncap;
        }
        ssize_t n = read(fd, buf + len, cap - len);
        if (n < 0) {
            if (errno == EINTR) continue;
            free(buf);
            close(fd);
            return NULL;
        }
        if (n == 0) break;
        len += (size_t)n;
    }
    close(fd);
    *size = len;
    return buf;
}

bool os_is_directory(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

bool os_file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

bool os_file_owned_by_self(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid();
}

bool os_unlink(const char *path) { return unlink(path) == 0; }

char *os_getcwd(void) { return getcwd(NULL, 0); }

/* HotSpot's os::get_temp_directory on Linux: fixed, so that every tool finds every VM. */
const char *os_temp_dir(void) { return "/tmp"; }

FILE *os_memstream_open(char **buf, size_t *len) { return open_memstream(buf, len); }

char *os_user_name(void)
{
    struct passwd pw, *res = NULL;
    char buf[1024];
    if (getpwuid_r(geteuid(), &pw, buf, sizeof buf, &res) != 0 || res == NULL) return NULL;
    return strdup(pw.pw_name);
}

bool os_make_user_dir(const char *path)
{
    if (mkdir(path, S_IRWXU | S_IRGRP | S_IXGRP | S_IROTH | S_IXOTH) != 0 && errno != EEXIST) return false;
    struct stat st;
    return lstat(path, &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == geteuid();
}

void *os_map_new_file(const char *path, size_t size)
{
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, S_IRUSR | S_IWUSR);
    if (fd < 0) return NULL;
    void *p = MAP_FAILED;
    if (ftruncate(fd, (off_t)size) == 0) p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (p == MAP_FAILED) {
        unlink(path);
        return NULL;
    }
    return p;
}

void os_unmap_file(void *addr, size_t size) { munmap(addr, size); }

int os_file_create(const char *path, bool overwrite, const char **reason)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (overwrite ? O_TRUNC : O_EXCL), S_IRUSR | S_IWUSR);
    if (fd < 0) *reason = strerror(errno);
    return fd;
}

bool os_file_write_all(int fd, const void *buf, size_t n, const char **reason)
{
    const char *p = buf;
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            *reason = w < 0 ? strerror(errno) : strerror(ENOSPC);
            return false;
        }
        p += w;
        n -= (size_t)w;
    }
    return true;
}

bool os_file_close(int fd, const char **reason)
{
    if (close(fd) == 0) return true;
    *reason = strerror(errno);
    return false;
}

void *os_map_file_readonly(const char *path, size_t *size)
{
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return NULL;
    struct stat st;
    void *p = MAP_FAILED;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
        p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
    close(fd);
    if (p == MAP_FAILED) return NULL;
    *size = (size_t)st.st_size;
    return p;
}

/*
 * glibc: a thread other than the process's first allocates from a secondary arena, whose
 * heap is a reserved range made read-write with one mprotect per growth, a page or a few
 * at a time: booting the JDK made about 900 such calls. The arena keeps the protection
 * it once extended when it gives memory back (MADV_DONTNEED, its high-water mark stays),
 * so growing it once by `bytes` in allocations below the mmap threshold and freeing them
 * leaves room for the boot's metadata without a system call per page, and nothing
 * resident. They are freed lowest first, each merging into the free one before it, so
 * that only the last reaches the top chunk and the arena trims once.
 */
void os_malloc_prepare(size_t bytes)
{
    enum { PIECE = 120 * 1024, MAX_PIECES = 128 };
    void *piece[MAX_PIECES];
    size_t n = 0;
    while (n < MAX_PIECES && n * PIECE < bytes && (piece[n] = malloc(PIECE)) != NULL) n++;
    for (size_t i = 0; i < n; i++) free(piece[i]);
}

/* A whole /proc file (its size is unknown until read): malloc'd NUL-terminated text. */
static char *read_proc_text(const char *path)
{
    FILE *f = fopen(path, "re");
    if (f == NULL) return NULL;
    size_t cap = 16384, len = 0;
    char *text = malloc(cap);
    while (text != NULL) {
        len += fread(text + len, 1, cap - len - 1, f);
        if (len < cap - 1) break;
        char *bigger = realloc(text, cap * 2);
        if (bigger == NULL) {
            free(text);
            text = NULL;
            break;
        }
        text = bigger;
        cap *= 2;
    }
    fclose(f);
    if (text != NULL) text[len] = '\0';
    return text;
}

char *os_memory_map_text(void) { return read_proc_text("/proc/self/maps"); }

/* VmRSS + VmSwap of /proc/self/status, in bytes; SIZE_MAX if unreadable. */
static size_t rss_and_swap(void)
{
    char *text = read_proc_text("/proc/self/status");
    if (text == NULL) return SIZE_MAX;
    const char *rss = strstr(text, "\nVmRSS:"), *swap = strstr(text, "\nVmSwap:");
    size_t total = SIZE_MAX;
    if (rss != NULL && swap != NULL)
        total = (strtoull(rss + 7, NULL, 10) + strtoull(swap + 8, NULL, 10)) * 1024;
    free(text);
    return total;
}

bool os_trim_native_heap(size_t *before, size_t *after)
{
    *before = rss_and_swap();
    malloc_trim(0);
    *after = rss_and_swap();
    if (*before == SIZE_MAX || *after == SIZE_MAX) *before = *after = SIZE_MAX;
    return true;
}

int os_local_listen(const char *path)
{
    struct sockaddr_un addr;
    if (strlen(path) >= sizeof addr.sun_path) return -1;
    memset(&addr, 0, sizeof addr);
    addr.sun_family = AF_UNIX;
    strcpy(addr.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    unlink(path);
    /* Created with no access for others, then made owner read/write only. */
    mode_t old = umask(0177);
    int r = bind(fd, (struct sockaddr *)&addr, sizeof addr);
    umask(old);
    if (r != 0 || chmod(path, S_IRUSR | S_IWUSR) != 0 || listen(fd, 5) != 0) {
        close(fd);
        unlink(path);
        return -1;
    }
    return fd;
}

int os_local_accept(int fd, bool *peer_ok)
{
    int c;
    do {
        c = accept4(fd, NULL, NULL, SOCK_CLOEXEC);
    } while (c < 0 && errno == EINTR);
    if (c < 0) return -1;
    struct ucred cred;
    socklen_t len = sizeof cred;
    *peer_ok = getsockopt(c, SOL_SOCKET, SO_PEERCRED, &cred, &len) == 0 && cred.uid == geteuid() &&
               cred.gid == getegid();
    return c;
}

long os_fd_read(int fd, void *buf, size_t n)
{
    ssize_t r;
    do {
        r = read(fd, buf, n);
    } while (r < 0 && errno == EINTR);
    return (long)r;
}

bool os_fd_write_all(int fd, const void *buf, size_t n)
{
    const char *p = buf;
    while (n > 0) {
        ssize_t w = send(fd, p, n, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        p += w;
        n -= (size_t)w;
    }
    return true;
}

void os_fd_close(int fd) { close(fd); }

/* ---------------------------------------------------------------------------------- */
/* Signals                                                                            */
/* ---------------------------------------------------------------------------------- */

static const struct {
    const char *name;
    int num;
} signal_names[] = {
    {"HUP", SIGHUP},       {"INT", SIGINT},       {"QUIT", SIGQUIT},   {"ILL", SIGILL},
    {"TRAP", SIGTRAP},     {"ABRT", SIGABRT},     {"IOT", SIGIOT},     {"BUS", SIGBUS},
    {"FPE", SIGFPE},       {"KILL", SIGKILL},     {"USR1", SIGUSR1},   {"SEGV", SIGSEGV},
    {"USR2", SIGUSR2},     {"PIPE", SIGPIPE},     {"ALRM", SIGALRM},   {"TERM", SIGTERM},
    {"STKFLT", SIGSTKFLT}, {"CHLD", SIGCHLD},     {"CLD", SIGCHLD},    {"CONT", SIGCONT},
    {"STOP", SIGSTOP},     {"TSTP", SIGTSTP},     {"TTIN", SIGTTIN},   {"TTOU", SIGTTOU},
    {"URG", SIGURG},       {"XCPU", SIGXCPU},     {"XFSZ", SIGXFSZ},   {"VTALRM", SIGVTALRM},
    {"PROF", SIGPROF},     {"WINCH", SIGWINCH},   {"POLL", SIGPOLL},   {"IO", SIGIO},
    {"PWR", SIGPWR},       {"SYS", SIGSYS},
};

int os_signal_number(const char *name)
{
    if (name == NULL) return -1;
    if (strncmp(name, "SIG", 3) == 0) name += 3;
    for (size_t i = 0; i < sizeof signal_names / sizeof signal_names[0]; i++)
        if (strcmp(signal_names[i].name, name) == 0) return signal_names[i].num;
    return -1;
}

/*
 * Refused: signals that cannot be caught, the synchronous fault signals (the VM may need
 * them for itself, and a Java handler could never run safely from them), and — like
 * HotSpot — HUP, INT and TERM when the process was started with them ignored (nohup,
 * background jobs), so that Java's shutdown handlers do not override that choice.
 */
/* The VM's handlers, called through one trampoline so that a native debugger
 * (os_debug.c) sees the signals the VM handles first. */
static OsSignalHandler installed[NSIG];

static void signal_trampoline(int sig, siginfo_t *si, void *uc)
{
    (void)si;
    if (os_debug_async_signal(sig, uc)) return;
    OsSignalHandler h = __atomic_load_n(&installed[sig], __ATOMIC_ACQUIRE);
    if (h != NULL) h(sig);
}

bool os_signal_install(int sig, OsSignalHandler h)
{
    switch (sig) {
    case SIGKILL:
    case SIGSTOP:
    case SIGSEGV:
    case SIGBUS:
    case SIGFPE:
    case SIGILL: return false;
    default: break;
    }
    if (sig <= 0 || sig >= NSIG) return false;
    struct sigaction old;
    if (sigaction(sig, NULL, &old) != 0) return false;
    if ((sig == SIGHUP || sig == SIGINT || sig == SIGTERM) && old.sa_handler == SIG_IGN)
        return false;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    __atomic_store_n(&installed[sig], h, __ATOMIC_RELEASE);
    sa.sa_sigaction = signal_trampoline;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART | SA_SIGINFO;
    return sigaction(sig, &sa, NULL) == 0;
}

/*
 * The signals a thread running VM code must not block: QUIT (thread dumps and the
 * attach trigger, jvm_misc.c and attach.c), the shutdown signals HUP, INT and TERM that
 * Java's Terminator handles (unless the process started with them ignored: os_signal_install
 * refuses those), and the synchronous fault signals. A JVM started by another Java
 * process (ProcessBuilder: Maven's and Gradle's forked JVMs, IDE run configurations)
 * inherits that process's mask, in which SIGQUIT is often blocked; HotSpot sets the mask
 * it needs on every thread it starts (hotspot_sigmask), and so do we. Filled once by
 * os_signal_init; read-only afterwards.
 */
static sigset_t vm_unblocked;

/* Removes the VM's signals from a thread's signal mask. */
static void vm_signal_mask(sigset_t *mask)
{
    for (int sig = 1; sig < NSIG; sig++)
        if (sigismember(&vm_unblocked, sig) == 1) sigdelset(mask, sig);
}

/* PIPE and XFSZ: a handler that does nothing. */
static void ignore_signal(int sig) { (void)sig; }

void os_signal_init(void)
{
    static const int unblocked[] = {SIGQUIT, SIGHUP, SIGINT, SIGTERM, SIGSEGV, SIGBUS, SIGFPE, SIGILL};
    sigemptyset(&vm_unblocked);
    for (size_t i = 0; i < sizeof unblocked / sizeof unblocked[0]; i++) {
        int sig = unblocked[i];
        struct sigaction old;
        if ((sig == SIGHUP || sig == SIGINT || sig == SIGTERM) &&
            (sigaction(sig, NULL, &old) != 0 || old.sa_handler == SIG_IGN))
            continue;
        sigaddset(&vm_unblocked, sig);
    }
    pthread_sigmask(SIG_UNBLOCK, &vm_unblocked, NULL);
    /*
     * A write to a pipe or socket whose reader is gone, or past RLIMIT_FSIZE, must fail
     * with EPIPE/EFBIG (an IOException in Java) instead of killing the VM. A handler
     * rather than SIG_IGN, as HotSpot does: exec resets handled signals to their default
     * but keeps ignored ones, and child processes (ProcessBuilder, `yes | head`) expect
     * the default action.
     */
    static const int ignored[] = {SIGPIPE, SIGXFSZ};
    for (size_t i = 0; i < sizeof ignored / sizeof ignored[0]; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = ignore_signal;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESTART;
        sigaction(ignored[i], &sa, NULL);
    }
}

bool os_signal_raise(int sig)
{
    if (sig <= 0 || sig >= NSIG) return false;
    return raise(sig) == 0;
}

/* ---------------------------------------------------------------------------------- */
/* Fatal errors                                                                       */
/* ---------------------------------------------------------------------------------- */

static OsFatalHandler fatal_handler;
/* The kernel id of the thread reporting a fatal error, 0 while none is. */
static _Atomic int64_t fatal_reporter;
/* Set on the reporting thread while a report step runs (os_fatal_step). */
static __thread sigjmp_buf *fatal_step_guard;

static void fatal_signal(int sig, siginfo_t *si, void *uc)
{
    int64_t self = (int64_t)syscall(SYS_gettid);
    int64_t none = 0;
    if (!atomic_compare_exchange_strong(&fatal_reporter, &none, self)) {
        if (none == self) {
            /* A fault while reporting: the step it happened in is abandoned; outside a
             * step the report cannot go on. */
            if (fatal_step_guard != NULL) siglongjmp(*fatal_step_guard, 1);
            _exit(128 + sig);
        }
        /* Another thread reports: this one waits for the process to end. */
        for (;;) pause();
    }
    ucontext_t *u = uc;
    OsFault f = {
        .sig = sig,
        .code = si->si_code,
        .addr = si->si_addr,
        .pc = (uintptr_t)u->uc_mcontext.gregs[REG_RIP],
        .sp = (uintptr_t)u->uc_mcontext.gregs[REG_RSP],
        .ctx = (struct OsContext *)uc,
        .tid = self,
    };
    fatal_handler(&f);
    _exit(128 + sig); /* the handler ends the process itself */
}

void os_fatal_install(OsFatalHandler h)
{
    fatal_handler = h;
    static const int sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = fatal_signal;
        sigemptyset(&sa.sa_mask);
        /* NODEFER: a fault inside a report step must reach the handler again. ONSTACK:
         * a thread with an alternate stack (NCAI's) reports a native stack overflow. */
        sa.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK;
        sigaction(sigs[i], &sa, NULL);
    }
}

void os_fatal_enter(void)
{
    int64_t self = (int64_t)syscall(SYS_gettid);
    int64_t none = 0;
    if (atomic_compare_exchange_strong(&fatal_reporter, &none, self)) return;
    if (none == self) _exit(127); /* a second fatal error while reporting the first */
    for (;;) pause();
}

void os_fatal_end(bool core)
{
    if (core) {
        /* A debugger's SIGABRT hook (NCAI's) must not catch this one. */
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = SIG_DFL;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGABRT, &sa, NULL);
        abort();
    }
    _exit(1);
}

bool os_fatal_step(void (*fn)(void *), void *arg)
{
    sigjmp_buf jb;
    sigjmp_buf *outer = fatal_step_guard;
    volatile bool ok = false;
    if (sigsetjmp(jb, 1) == 0) {
        fatal_step_guard = &jb;
        fn(arg);
        ok = true;
    }
    fatal_step_guard = outer;
    return ok;
}

const char *os_signal_name(int sig)
{
    switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGABRT: return "SIGABRT";
    case SIGTRAP: return "SIGTRAP";
    default: return NULL;
    }
}

const char *os_signal_code_name(int sig, int code)
{
    switch (code) {
    case SI_USER: return "SI_USER";
    case SI_QUEUE: return "SI_QUEUE";
    case SI_TKILL: return "SI_TKILL";
    case SI_KERNEL: return "SI_KERNEL";
    default: break;
    }
    if (sig == SIGSEGV) {
        if (code == SEGV_MAPERR) return "SEGV_MAPERR";
        if (code == SEGV_ACCERR) return "SEGV_ACCERR";
    } else if (sig == SIGBUS) {
        if (code == BUS_ADRALN) return "BUS_ADRALN";
        if (code == BUS_ADRERR) return "BUS_ADRERR";
        if (code == BUS_OBJERR) return "BUS_OBJERR";
    } else if (sig == SIGFPE) {
        if (code == FPE_INTDIV) return "FPE_INTDIV";
        if (code == FPE_INTOVF) return "FPE_INTOVF";
        if (code == FPE_FLTDIV) return "FPE_FLTDIV";
    } else if (sig == SIGILL) {
        if (code == ILL_ILLOPC) return "ILL_ILLOPC";
        if (code == ILL_ILLOPN) return "ILL_ILLOPN";
        if (code == ILL_PRVOPC) return "ILL_PRVOPC";
    }
    return NULL;
}

uint64_t os_core_limit(void)
{
    struct rlimit r;
    if (getrlimit(RLIMIT_CORE, &r) != 0) return 0;
    return r.rlim_cur == RLIM_INFINITY ? UINT64_MAX : (uint64_t)r.rlim_cur;
}

void os_core_pattern(char *buf, size_t size)
{
    buf[0] = 0;
    int fd = open("/proc/sys/kernel/core_pattern", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    ssize_t n = read(fd, buf, size - 1);
    close(fd);
    if (n < 0) n = 0;
    buf[n] = 0;
    char *nl = strchr(buf, '\n');
    if (nl != NULL) *nl = 0;
}

bool os_getcwd_buf(char *buf, size_t size) { return getcwd(buf, size) != NULL; }

static void copy_to_fd(const char *path, int fd)
{
    int in = open(path, O_RDONLY | O_CLOEXEC);
    if (in < 0) return;
    char buf[4096];
    ssize_t n;
    while ((n = read(in, buf, sizeof buf)) > 0)
        if (!os_file_write_all(fd, buf, (size_t)n, &(const char *){NULL})) break;
    close(in);
}

void os_write_memory_map(int fd) { copy_to_fd("/proc/self/maps", fd); }

void os_write_os_info(int fd)
{
    copy_to_fd("/etc/os-release", fd);
    struct utsname u;
    if (uname(&u) == 0) {
        char line[1024];
        int n = snprintf(line, sizeof line, "uname: %s %s %s %s\n", u.sysname, u.release, u.version, u.machine);
        if (n > 0) os_file_write_all(fd, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1, &(const char *){NULL});
    }
}
