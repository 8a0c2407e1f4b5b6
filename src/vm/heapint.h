// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * heapint.h — state shared by heap.c (blocks, allocation) and gc.c (marking, references,
 * sweeping). Private to those two files: every other module goes through heap.h.
 *
 * Layout of the heap (see heap.c for the full essay):
 *
 *   heap.base                                                    heap.base + heap.size
 *   | block 0 | block 1 | ...                                              | block N-1 |
 *     64 KiB each, described by heap.blocks[i] (a side table, never inside the block)
 *
 *   A small block holds cells of one size class, cell i at block start + i * size.
 *   A large object occupies a run of whole blocks: BK_LARGE at the head, BK_LARGE_CONT
 *   after it. Two side bitmaps have one bit per 8-byte granule of the reserved range:
 *     alloc   bit set  <=>  an allocated object starts at this granule
 *     mark    set during marking; all zero outside a collection
 *   They are interleaved word by word in heap.bits (alloc word, mark word, alloc word,
 *   ...), so the marker's "allocated? marked? mark it" touches one cache line. Bitmap
 *   pages are committed lazily when the blocks they describe are first committed, and a
 *   block's 256 bitmap words are never shared with another block, so a thread that owns a
 *   block's free cells may set their alloc bits without atomics.
 */
#ifndef GLASS_HEAPINT_H
#define GLASS_HEAPINT_H

#include <string.h>

#include "../os/os.h"
#include "heap.h"
#include "log.h"
#include "vm.h"

/*
 * Sanitizer builds poison every heap byte that is not part of an allocated object (the
 * link word of a cell on a thread's free list excepted), so VM code that keeps an
 * Object* somewhere the collector cannot see (malloc'd memory that is no root) and uses
 * it after the object died is reported by ASan instead of reading a recycled cell.
 */
#ifdef GLASS_SANITIZE
#include <sanitizer/asan_interface.h>
#define HEAP_POISON(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define HEAP_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define HEAP_POISON(p, n) ((void)(p), (void)(n))
#define HEAP_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

#define BLOCK_SHIFT 16
#define BLOCK_SIZE ((size_t)1 << BLOCK_SHIFT)
#define GRANULE_SHIFT 3 /* one bitmap bit per 8 bytes */
#define BLOCK_BITMAP_WORDS (BLOCK_SIZE >> GRANULE_SHIFT >> 6) /* 128 alloc + 128 mark words */
#define SMALL_MAX 8192  /* largest size served from size classes */

typedef enum BlockKind {
    BK_UNCOMMITTED = 0, /* reserved address space only; available */
    BK_FREE,            /* committed, holds nothing; available */
    BK_SMALL,           /* cells of size class Block.sc */
    BK_LARGE,           /* head of a large object's run of Block.run blocks */
    BK_LARGE_CONT,      /* continuation of the run whose head is Block.head */
} BlockKind;

typedef struct Block {
    uint8_t kind;        /* BlockKind */
    uint8_t sc;          /* BK_SMALL: size class */
    bool dirty;          /* has held objects since it came fresh (all zero) from the OS */
    uint8_t pad_;
    uint32_t next;       /* BK_SMALL in a pool: next block index + 1, 0 = end of list */
    uint32_t live;       /* BK_SMALL: allocated cells after the last sweep */
    uint32_t run;        /* BK_LARGE: blocks in the run; BK_LARGE_CONT: head index */
    uint64_t free_epoch; /* BK_FREE: collection number at which it became free */
    size_t obj_size;     /* BK_LARGE: size of the object (bytes, multiple of 8) */
} Block;

typedef struct Heap {
    uintptr_t base;       /* start of the reserved range */
    size_t size;          /* reserved bytes (-Xmx rounded up to blocks) */
    uint32_t nblocks;
    Block *blocks;        /* [nblocks], malloc'd */
    uint64_t *bits;       /* interleaved alloc/mark words (size >> 5 bytes reserved),
                             committed per page on demand */
    size_t bitmap_bytes;
    uint8_t *bitmap_page_committed; /* per bitmap page */
    size_t page_size;

    /* Available blocks (BK_FREE or BK_UNCOMMITTED): one bit per block, first-fit. */
    uint64_t *avail;
    size_t avail_words;
    uint32_t avail_hint; /* no available block below this index */
    uint32_t top;        /* one past the highest block index ever taken */

    /* Swept small blocks with free cells, per size class (block index + 1, 0 = none). */
    uint32_t pool[HEAP_SIZE_CLASSES];

    /* Accounting, guarded by `lock` (read racily for statistics). */
    size_t committed;   /* bytes of committed blocks */
    size_t live_after;  /* bytes in use right after the last collection */
    size_t alloc_since; /* bytes handed out since the last collection */
    size_t budget;      /* collect when alloc_since would exceed this */
    size_t floor;       /* smallest budget (from -Xms) */
    _Atomic uint64_t gc_count;
    _Atomic uint64_t gc_time_ns;
    _Atomic int64_t last_gc_end_ns; /* os_nanotime() at the end of the last collection */

    OsMutex lock;       /* blocks, pools, accounting; held only for short, non-blocking work */
    int64_t start_ns;   /* os_nanotime() at heap_init, for -verbose:gc time stamps */
    int64_t stress;     /* GLASS_GC_STRESS: collect every `stress` allocations (0 = off) */
    _Atomic int64_t stress_left;
    bool in_gc;         /* a collection is running (at a safepoint) */
    /* Holds of collections (heap_gc_disable), all threads: while nonzero no allocation
     * collects for lack of budget, only when the heap is full, and then waits until
     * collections are allowed again (gc_collect). */
    _Atomic int gc_disabled;
} Heap;

extern Heap heap;
extern const uint32_t heap_class_size[HEAP_SIZE_CLASSES];
extern uint32_t heap_class_magic[HEAP_SIZE_CLASSES]; /* ceil(2^32 / size): cell = off*m>>32 */

static inline bool in_heap(uintptr_t a) { return a - heap.base < heap.size; }
static inline size_t granule_of(uintptr_t a) { return (a - heap.base) >> GRANULE_SHIFT; }
static inline uint32_t block_index(uintptr_t a)
{
    return (uint32_t)((a - heap.base) >> BLOCK_SHIFT);
}
static inline uintptr_t block_addr(uint32_t bi)
{
    return heap.base + ((uintptr_t)bi << BLOCK_SHIFT);
}
/* Cells in a small block. */
static inline uint32_t block_cells(const Block *b)
{
    return (uint32_t)(BLOCK_SIZE / heap_class_size[b->sc]);
}

/* Forgets a thread's free lists and unthreaded rests (a collection is about to sweep, or
 * the thread leaves): their cells are not marked allocated, so the sweep reclaims them. */
static inline void tlab_drop(HeapTlab *tl)
{
    memset(tl->free, 0, sizeof tl->free);
    memset(tl->rest, 0, sizeof tl->rest);
    memset(tl->rest_end, 0, sizeof tl->rest_end);
}

/* Plain bitmaps (heap.avail). */
static inline bool bit_test(const uint64_t *bm, size_t i) { return (bm[i >> 6] >> (i & 63)) & 1; }
static inline void bit_set(uint64_t *bm, size_t i) { bm[i >> 6] |= (uint64_t)1 << (i & 63); }
static inline void bit_clear(uint64_t *bm, size_t i) { bm[i >> 6] &= ~((uint64_t)1 << (i & 63)); }

/* The alloc and mark words covering granule g; the mark word follows the alloc word. */
static inline uint64_t *alloc_word(size_t g) { return heap.bits + ((g >> 6) << 1); }
static inline uint64_t *mark_word(size_t g) { return heap.bits + ((g >> 6) << 1) + 1; }
static inline uint64_t granule_bit(size_t g) { return (uint64_t)1 << (g & 63); }
static inline bool is_allocated(size_t g) { return (*alloc_word(g) & granule_bit(g)) != 0; }
static inline bool is_marked(size_t g) { return (*mark_word(g) & granule_bit(g)) != 0; }
/* Block bi's bitmap: alloc word w at [2w], mark word w at [2w + 1], w < BLOCK_BITMAP_WORDS. */
static inline uint64_t *block_bits(uint32_t bi)
{
    return heap.bits + (size_t)bi * BLOCK_BITMAP_WORDS * 2;
}

/* ---- heap.c, for gc.c (all with heap.lock held, or at a safepoint) ---- */

/* Marks a run of blocks available again (BK_FREE), after its bitmaps were cleared. */
void heap_blocks_release(uint32_t first, uint32_t n);
/* Empties the per-class pools (the sweep rebuilds them) and pushes a block onto one. */
void heap_pools_reset(void);
void heap_pool_push(uint32_t bi);
/* After a sweep: decommits blocks that stayed free for a while, beyond what the next
 * budget will need. */
void heap_decommit_idle(void);
/* Computes the next budget from heap.live_after (policy documented in heap.c). */
void heap_update_budget(void);

/* ---- gc.c, for heap.c ---- */

/* Runs a collection unless `cause` is GC_ALLOCATION and one has completed since the
 * caller read heap.gc_count as `seen`. Thread: t in TS_JAVA, holding no heap lock. */
void gc_collect(Thread *t, GcCause cause, uint64_t seen);
void gc_init(void);

/* The heap's summary for -Xlog (gc+heap before/after a collection, gc+heap+exit): the
 * collector's line (total, used, reserved range) and its block layout, each line
 * prefixed (e.g. "GC(3) "). Racy counts unless the world is stopped. */
void heap_log_summary(LogLevel level, LogTagSet ts, const char *prefix);

#endif
