/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * An allocation watcher for tests/samples/AsgctStress, preloaded (LD_PRELOAD) into the
 * VM's process: it interposes glibc's malloc family, forwarding every call to glibc's
 * own allocator (__libc_malloc and friends), and counts the calls a thread makes while
 * it is "watched". The stress agent's SIGPROF handler watches itself for the duration of
 * each AsyncGetCallTrace call (nomalloc_enter/nomalloc_leave, found with dlsym), so a
 * count other than 0 means AsyncGetCallTrace allocated or freed memory in a signal
 * handler. Being preloaded, the library's __thread variable is in the static TLS block
 * (initial-exec): reading it in a handler allocates nothing itself.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t n);
extern void *__libc_memalign(size_t align, size_t n);
extern void __libc_free(void *p);

static __thread int watched __attribute__((tls_model("initial-exec")));
static _Atomic unsigned long caught;

void nomalloc_enter(void);
void nomalloc_leave(void);
unsigned long nomalloc_caught(void);

void nomalloc_enter(void) { watched++; }
void nomalloc_leave(void) { watched--; }
unsigned long nomalloc_caught(void) { return atomic_load(&caught); }

static inline void note(void)
{
    if (watched) atomic_fetch_add(&caught, 1);
}

void *malloc(size_t n)
{
    note();
    return __libc_malloc(n);
}

void *calloc(size_t n, size_t size)
{
    note();
    return __libc_calloc(n, size);
}

void *realloc(void *p, size_t n)
{
    note();
    return __libc_realloc(p, n);
}

void free(void *p)
{
    note();
    __libc_free(p);
}

void *memalign(size_t align, size_t n)
{
    note();
    return __libc_memalign(align, n);
}

void *aligned_alloc(size_t align, size_t n)
{
    note();
    return __libc_memalign(align, n);
}

int posix_memalign(void **out, size_t align, size_t n)
{
    note();
    if (align < sizeof(void *) || (align & (align - 1)) != 0) return EINVAL;
    void *p = __libc_memalign(align, n);
    if (p == NULL) return ENOMEM;
    *out = p;
    return 0;
}
