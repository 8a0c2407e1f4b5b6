/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 *
 * SuspendAllocator: SuspendSafety (its program and agent) with this library preloaded
 * (options: PRELOAD), an allocator that interposes malloc, free, calloc and realloc on
 * the C library's, as ASan's runtime, jemalloc and tcmalloc do. Like theirs, it works
 * under a lock of its own, in its own code and in system calls (ASan's mmaps a size
 * class's memory under that class's lock): a thread suspended there would block every
 * thread that allocates (the VM starting a thread, the agent's NCAI calls), so NCAI
 * must stop the churning thread only outside this library.
 */
#include <pthread.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <unistd.h>

extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t n);
extern void __libc_free(void *p);

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long calls;
static volatile unsigned long work;

/* The allocator's own work under its lock: some instructions here, and now and then a
 * system call through the C library. */
static void busy(void)
{
    for (int i = 0; i < 200; i++) work += (unsigned long)i;
    if (++calls % 16 == 0) syscall(SYS_getppid);
}

void *malloc(size_t n)
{
    pthread_mutex_lock(&lock);
    void *p = __libc_malloc(n);
    busy();
    pthread_mutex_unlock(&lock);
    return p;
}

void *calloc(size_t n, size_t size)
{
    pthread_mutex_lock(&lock);
    void *p = __libc_calloc(n, size);
    busy();
    pthread_mutex_unlock(&lock);
    return p;
}

void *realloc(void *p, size_t n)
{
    pthread_mutex_lock(&lock);
    void *q = __libc_realloc(p, n);
    busy();
    pthread_mutex_unlock(&lock);
    return q;
}

void free(void *p)
{
    pthread_mutex_lock(&lock);
    __libc_free(p);
    busy();
    pthread_mutex_unlock(&lock);
}
