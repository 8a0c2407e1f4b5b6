// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * heap.h — the Java heap: allocation and a non-moving mark-sweep collector.
 *
 * Invariants (see docs/design.md, "Heap and garbage collection"):
 *  - Objects never move. An Object* is valid until the object is unreachable.
 *  - Memory is handed out zeroed. The caller stores the header (obj.c) before the thread
 *    can reach a safepoint, so every allocated cell the collector sees has a klass, or is
 *    the one a running allocation is still initializing (klass NULL: skipped by marking).
 *  - Heap objects are traced exactly (Class.ref_offsets, reference arrays, mirrors with
 *    static_ref_offsets, java.lang.ref referents treated weakly). Thread stacks (Java
 *    frames and the C stack with spilled registers) are scanned conservatively: any word
 *    pointing into an allocated cell, interior pointers included, marks that object.
 *  - Collections are stop-the-world and run on the thread whose allocation could not be
 *    satisfied (or that called System.gc), after thread_safepoint_begin().
 *
 * Thread-safety: heap_alloc is called by the allocating thread only (it uses that thread's
 * allocation caches). Everything else takes the heap lock internally.
 */
#ifndef GLASS_HEAP_H
#define GLASS_HEAP_H

#include "vm.h"

typedef struct HeapConfig {
    size_t initial; /* -Xms: initial collection budget */
    size_t max;     /* -Xmx: hard limit */
    const char *vm_version; /* java.vm.version, for -Xlog:gc+init's "Version:" line */
} HeapConfig;

typedef enum GcCause {
    GC_ALLOCATION = 0, /* an allocation exceeded the budget */
    GC_SYSTEM,         /* System.gc() / JVM_GC */
    GC_LAST_DITCH,     /* before throwing OutOfMemoryError: also clears soft references */
    GC_TOOL,           /* JVMTI ForceGarbageCollection and similar */
    GC_HEAP_DUMP,      /* a heap dump of live objects (src/jvm/heapdump.c) */
    GC_HEAP_INSPECTION, /* a class histogram of live objects (src/jvm/heapinspect.c) */
} GcCause;

/* Per-thread allocation state; embedded in Thread, owned by heap.c. */
#define HEAP_SIZE_CLASSES 40
typedef struct HeapTlab {
    void *free[HEAP_SIZE_CLASSES]; /* free-list heads per size class */
    /* The cells of the thread's current block of each class not threaded onto `free` yet:
     * [rest, rest_end). The slow path threads them a page at a time, so a block's pages
     * are touched only when allocation reaches them. */
    uintptr_t rest[HEAP_SIZE_CLASSES], rest_end[HEAP_SIZE_CLASSES];
    size_t allocated;              /* bytes allocated by this thread, lifetime */
    /* JVMTI heap sampling (src/jvmti/heapsampling.c): the `allocated` value at which the
     * next sample is due (0: not chosen yet) and the thread's random state. */
    size_t sample_at;
    uint64_t sample_rng;
} HeapTlab;

/* Sets up the heap; false (with a message on stderr) if the range cannot be reserved. */
bool heap_init(const HeapConfig *cfg);

/*
 * Allocates `size` zeroed bytes (size >= OBJECT_HEADER_SIZE, rounded up to 8) for an
 * object. May run a collection (so: may block, and other threads' objects may be freed;
 * the current thread's stack is a root). Returns NULL with OutOfMemoryError pending
 * ("Java heap space") when the heap cannot satisfy it even after a last-ditch collection.
 */
void *heap_alloc(Thread *t, size_t size);

/* Runs a full collection now on the current thread. */
void heap_collect(Thread *t, GcCause cause);

/* Exhaustion seam: when non-NULL, called instead of exc_throw_oom(t) when an allocation
 * fails after the last-ditch collection (heap_alloc then returns NULL). For unit tests
 * that run without a booted class library, and for tools that wrap the error (JVMTI
 * ResourceExhausted: post the event, then call exc_throw_oom). Set before threads run. */
extern void (*heap_oom_handler)(Thread *t);
/* OutOfMemoryError report seam (src/jvm/oomreport.c: -XX:+HeapDumpOnOutOfMemoryError,
 * -XX:OnOutOfMemoryError, -XX:+CrashOnOutOfMemoryError, -XX:+ExitOnOutOfMemoryError;
 * HotSpot's report_java_out_of_memory): when non-NULL, called with the error's message
 * for each OutOfMemoryError the VM raises for want of Java heap space or for an array
 * longer than the VM allows, on the failing thread (TS_JAVA, no VM lock held, not in a
 * safepoint), before the JVMTI ResourceExhausted event and the throw. It must not
 * allocate on the Java heap. Set at boot. */
extern void (*heap_oom_report_hook)(Thread *t, const char *message);

/* What a collection did, for the management module (GarbageCollectorMXBean, GcInfo,
 * memory pools' collection usage and thresholds, GC notifications). */
typedef struct GcReport {
    GcCause cause;
    const char *cause_name;   /* HotSpot's GCCause text: "System.gc()", ... */
    uint64_t id;              /* collections before this one */
    int64_t start_ns, end_ns; /* os_nanotime() */
    size_t used_before, used_after, committed_before, committed_after;
} GcReport;
/* Called by the collecting thread after every collection, once the world runs again, in
 * TS_JAVA with the collector's lock still held: it must not allocate on the Java heap,
 * block or collect. Set once, at the end of VM creation (src/jvm/management.c); a
 * collection racing with that store runs it or not. */
extern void (*heap_gc_end_hook)(Thread *t, const GcReport *r);

/* Release a thread's caches back to the heap (thread exit). */
void heap_thread_detach(Thread *t);

/* Statistics for Runtime.totalMemory/freeMemory/maxMemory and -verbose:gc. */
size_t heap_max_bytes(void);
size_t heap_committed_bytes(void);
size_t heap_used_bytes(void);
uint64_t heap_collection_count(void);
uint64_t heap_collection_time_ns(void);
/* The reserved address range [*lo, *hi) of the heap, and the blocks (of HEAP_BLOCK_BYTES)
 * that hold objects now: *small of them serve size classes, *large are runs of large
 * objects (jcmd GC.heap_info). Racy counts unless the world is stopped. */
#define HEAP_BLOCK_BYTES ((size_t)64 << 10)
void heap_layout(uintptr_t *lo, uintptr_t *hi, size_t *small, size_t *large);
/* os_nanotime() when the last collection ended, or when the heap was set up if none has
 * run yet (needed by jvm_misc: JVM_MaxObjectInspectionAge). */
int64_t heap_last_collection_end_ns(void);
/* -Xlog:gc+heap+exit: the heap summary HotSpot logs at exit, in our collector's terms. */
void heap_log_exit_summary(void);

/*
 * If p points into an allocated object (start or interior), returns that object, else
 * NULL. Safe on any pointer value. Used by conservative scanning and debugging checks.
 */
Object *heap_object_containing(const void *p);
/* True if p is exactly the start of an allocated object. */
bool heap_is_object(const void *p);

/* The bytes an object of `size` bytes gets (its size class's cell; a large object: size
 * rounded to 8): what it may grow to in place (class redefinition, redefine.c). */
size_t heap_cell_size(size_t size);
/* Size in bytes an object occupies (header included), as allocated. */
size_t heap_object_size(const Object *o);
/* The same for o known to be an allocated object (a heap walk's), without checking. */
size_t heap_object_size_known(const Object *o);

/*
 * Walks every allocated object. Only at a safepoint (or with the world otherwise
 * stopped). The callback must not allocate.
 */
void heap_iterate(void (*fn)(Object *o, void *arg), void *arg);
/* The same, with each object's heap_object_size. */
void heap_iterate_sized(void (*fn)(Object *o, size_t size, void *arg), void *arg);

/*
 * Holding collections off (JVMPI DisableGC/EnableGC; nestable, counted per thread in
 * Thread.gc_disable_depth). While some thread holds them off, allocation grows the heap
 * instead of collecting, and a collection that must happen (the heap is full, or
 * System.gc) waits until none holds them off, except one the holding thread itself
 * needs, which is skipped (its allocation may then fail with OutOfMemoryError). Cheap
 * (two atomic operations): JVMPI brackets many events with it. heap_gc_enable by a
 * thread that holds nothing is ignored. t: the current thread, TS_JAVA.
 */
void heap_gc_disable(Thread *t);
void heap_gc_enable(Thread *t);

/* ---- Roots and weak tables: how other modules report to the collector ---- */

typedef enum RootKind {
    ROOT_OTHER = 0,
    ROOT_CLASS,        /* a class's mirror, loader, CP entries, statics */
    ROOT_JNI_GLOBAL,
    ROOT_JNI_LOCAL,
    ROOT_STACK,        /* Java frame slot (conservative) */
    ROOT_NATIVE_STACK, /* C stack word (conservative) */
    ROOT_THREAD,       /* java.lang.Thread object, pending exception */
    ROOT_MONITOR,
    ROOT_STRING_TABLE,
    ROOT_VM,           /* VM globals registered with gc_register_root */
} RootKind;

/* A visitor passed to root enumerators; `visit` is called once per reference slot. */
typedef struct RootVisitor {
    void (*visit)(struct RootVisitor *v, Object **slot, RootKind kind);
} RootVisitor;

/* Conservative roots: every aligned word in [lo, hi) is checked with
 * heap_object_containing. Called by thread.c while enumerating stacks. */
void gc_scan_conservative(RootVisitor *v, const void *lo, const void *hi, RootKind kind);

/* Registers the address of a VM global that holds an Object* (never unregistered). */
void gc_register_root(Object **slot);
/* Reports the registered VM globals and the reference pending list (kind ROOT_VM), for
 * the heap dumper's roots. At a safepoint. */
void gc_visit_vm_roots(RootVisitor *v);

/* During a collection, after marking: is o still alive? (Weak table processing.) */
bool gc_is_alive(const Object *o);
/* Objects start on HEAP_GRANULE_BYTES boundaries. During a collection, after marking (a
 * weak processor): bit i of the result is set if the object that starts at
 * addr + i * HEAP_GRANULE_BYTES is marked, for addr a multiple of 64 granules from the
 * heap's start, inside a block that holds objects. A weak table that keeps its keys in a
 * side bitmap of this layout (JVMTI tags, src/jvmti/heap.c) finds its dead entries with
 * one AND per 64 granules, instead of asking gc_is_alive for every live one. */
#define HEAP_GRANULE_BYTES 8
uint64_t gc_mark_bits(uintptr_t addr);

/* Weak tables register a callback run after marking, before sweeping, at the safepoint:
 * entries whose object is !gc_is_alive must be dropped or cleared. */
void gc_register_weak_processor(void (*fn)(void));

/* java.lang.ref support (JVM_WaitForReferencePendingList and friends). */
bool heap_has_pending_references(void);
/* Blocks (thread state TS_BLOCKED) until the pending list is non-empty. */
void heap_wait_pending_references(Thread *t);
/* Returns the head of the pending list (linked through Reference.discovered), clearing it.
 * Caller in TS_JAVA (the collector reads the list without a lock while the world is
 * stopped). */
Object *heap_take_pending_references(void);

#endif
