// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * idspace.c — the never-reused address range for Method and Field arrays (idspace.h).
 *
 * A bump allocator over a reserved range, committed in 1 MiB steps. Each page has a
 * count of live bytes; ids_free zeroes an array and subtracts its bytes from the pages
 * it spans, and a page whose count drops to zero once the bump pointer has passed it is
 * discarded (os_discard: the OS takes the memory back, the page still reads as zeros).
 * The counters themselves live in a second reserved range, touched only where the first
 * one is used.
 */
#include "idspace.h"

#include <string.h>

#include "../os/os.h"

#define IDS_RESERVE ((size_t)16 << 30)
#define IDS_COMMIT_STEP ((size_t)1 << 20)
#define IDS_ALIGN 16

static OsMutex lock;
static bool initialized, exhausted;
/* base and top are read without the lock by ids_contains (a signal handler): top only
 * grows, and is stored after the bytes below it are committed. */
static uintptr_t base, top, committed_end;
static uint32_t *page_live; /* live bytes per page of the range */
static size_t page_size, live_bytes;

static void init_locked(void)
{
    initialized = true;
    page_size = os_page_size();
    void *r = os_reserve(IDS_RESERVE);
    void *c = os_reserve(IDS_RESERVE / page_size * sizeof(uint32_t));
    if (r == NULL || c == NULL || !os_commit(c, IDS_RESERVE / page_size * sizeof(uint32_t))) {
        exhausted = true; /* no range: malloc from the start */
        return;
    }
    committed_end = (uintptr_t)r;
    __atomic_store_n(&top, (uintptr_t)r, __ATOMIC_RELEASE);
    __atomic_store_n(&base, (uintptr_t)r, __ATOMIC_RELEASE);
    page_live = c;
}

static void lock_init_once(void)
{
    static atomic_flag once = ATOMIC_FLAG_INIT;
    static _Atomic bool ready;
    if (atomic_load_explicit(&ready, memory_order_acquire)) return;
    if (!atomic_flag_test_and_set(&once)) {
        os_mutex_init(&lock);
        atomic_store_explicit(&ready, true, memory_order_release);
    }
    while (!atomic_load_explicit(&ready, memory_order_acquire)) os_thread_yield();
}

/* Adds `delta` bytes to the pages [p, p + size) span, each its share. */
static void account(uintptr_t p, size_t size, bool add)
{
    uintptr_t end = p + size;
    while (p < end) {
        uintptr_t page_end = (p & ~(uintptr_t)(page_size - 1)) + page_size;
        uintptr_t stop = page_end < end ? page_end : end;
        size_t i = (p - base) / page_size;
        uint32_t n = (uint32_t)(stop - p);
        if (add) {
            page_live[i] += n;
        } else {
            page_live[i] -= n;
            /* A page the bump pointer has left and that holds nothing live any more. */
            if (page_live[i] == 0 && page_end <= top) os_discard((void *)(page_end - page_size), page_size);
        }
        p = stop;
    }
}

void *ids_alloc(size_t size)
{
    lock_init_once();
    size = ALIGN_UP(size ? size : 1, (size_t)IDS_ALIGN);
    os_mutex_lock(&lock);
    if (!initialized) init_locked();
    if (!exhausted && top + size > committed_end) {
        size_t step = ALIGN_UP(top + size - committed_end, IDS_COMMIT_STEP);
        if (committed_end + step > base + IDS_RESERVE || !os_commit((void *)committed_end, step))
            exhausted = true;
        else
            committed_end += step;
    }
    void *p = NULL;
    if (!exhausted) {
        p = (void *)top;
        __atomic_store_n(&top, top + size, __ATOMIC_RELEASE);
        account((uintptr_t)p, size, true);
        live_bytes += size;
    }
    os_mutex_unlock(&lock);
    return p != NULL ? p : vm_calloc(1, size);
}

void ids_free(void *p, size_t size)
{
    if (p == NULL) return;
    size = ALIGN_UP(size ? size : 1, (size_t)IDS_ALIGN);
    memset(p, 0, size);
    uintptr_t a = (uintptr_t)p;
    if (a < base || a >= top) return; /* from malloc: kept, zeroed (see idspace.h) */
    os_mutex_lock(&lock);
    account(a, size, false);
    live_bytes -= size;
    os_mutex_unlock(&lock);
}

bool ids_contains(const void *p, size_t size)
{
    uintptr_t a = (uintptr_t)p;
    uintptr_t b = __atomic_load_n(&base, __ATOMIC_ACQUIRE);
    uintptr_t t = __atomic_load_n(&top, __ATOMIC_ACQUIRE);
    return b != 0 && a >= b && a < t && size <= t - a;
}

size_t ids_live_bytes(void)
{
    os_mutex_lock(&lock);
    size_t n = live_bytes;
    os_mutex_unlock(&lock);
    return n;
}
