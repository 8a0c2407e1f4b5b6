// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * heap_int.h — private to heap.c and heapwalk.c (the JVMTI Heap category): tag lookups for
 * code that runs with the world stopped, and the object-reporting helpers both the heap
 * iterations and the reference walks use (sizes, filters, field indexes, primitive field,
 * string and array value callbacks).
 *
 * Contracts: the tag and heap_* helpers are for the safepoint initiator while the world
 * is stopped, holding the environment's tags (jvmti_tags_walk_begin).
 */
#ifndef GLASS_JVMTI_HEAP_INT_H
#define GLASS_JVMTI_HEAP_INT_H

#include "../vm/class.h"
#include "../vm/heap.h"
#include "jvmti_int.h"

/* A heap walk or iteration, with the world stopped, holds e's tags for its duration
 * (GetTag and SetTag run without a state transition, so another thread may be inside the
 * table then): begin after jvmti_stop_world, end before thread_safepoint_end. */
void jvmti_tags_walk_begin(JvmtiEnv *e, Thread *self);
void jvmti_tags_walk_end(JvmtiEnv *e);
/* ---- The tag table's layout (heap.c "The tag table"), here so that the walks' lookups
 * are inline ---- */

#define TB_GRANULES (HEAP_BLOCK_BYTES / HEAP_GRANULE_BYTES)
#define TB_WORDS (TB_GRANULES / 64)

typedef struct TagBlock {
    uint64_t bits[TB_WORDS]; /* granules where a tagged object starts */
    jlong *tags[TB_WORDS];   /* word w's tags, [popcount(bits[w])], capacity tb_cap() */
    uint32_t count;          /* tagged objects in the block */
} TagBlock;

/* Bits set in x, without a call: the build targets every x86-64, and GCC turns
 * __builtin_popcountll into a libgcc call there. */
static inline uint32_t popcount64(uint64_t x)
{
    x -= (x >> 1) & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (uint32_t)((x * 0x0101010101010101ull) >> 56);
}

static inline uint32_t tb_rank(const TagBlock *b, uint32_t g)
{
    return popcount64(b->bits[g / 64] & (((uint64_t)1 << (g % 64)) - 1));
}

static inline bool tb_has(const TagBlock *b, uint32_t g) { return (b->bits[g / 64] >> (g % 64)) & 1; }

/* The tag of granule g, which must be tagged. */
static inline jlong *tb_lookup(TagBlock *b, uint32_t g) { return &b->tags[g / 64][tb_rank(b, g)]; }

struct JvmtiTagTable {
    JvmtiEnv *env;
    /* The lock: its owner, or NULL. Re-entrant for the owner (a heap walk holds it while
     * the agent's callbacks run). Never held while waiting for a safepoint. */
    Thread *_Atomic owner;
    uint32_t depth;
    uintptr_t base;         /* the heap's reserved range */
    uint32_t nblocks;
    uint32_t lo, hi;        /* dir[i] may be non-NULL only for lo <= i < hi */
    TagBlock **dir;         /* [nblocks] */
    size_t count;           /* tagged objects */
    jlong *freed;           /* tags of dead objects, ObjectFree pending */
    size_t nfreed, freed_cap;
    struct TagIdx *idx;     /* tag -> objects (heap.c, "The tag index"), or NULL */
    uint32_t idx_cap, idx_used;
    size_t idx_changes;     /* index updates since the last GetObjectsWithTags */
    uint32_t idx_scans;     /* GetObjectsWithTags answered by a scan, no index */
    JvmtiTagTable *next;    /* all tables (tables_lock) */
};

/* Where o would be in tt: its block index and granule in the block; false if o is not
 * in the heap's range (no object can be tagged there). */
static inline bool tt_locate(const JvmtiTagTable *tt, const Object *o, uint32_t *bi, uint32_t *g)
{
    uintptr_t off = (uintptr_t)o - tt->base;
    if (off >= (uintptr_t)tt->nblocks * HEAP_BLOCK_BYTES || (off & (HEAP_GRANULE_BYTES - 1)) != 0) return false;
    *bi = (uint32_t)(off / HEAP_BLOCK_BYTES);
    *g = (uint32_t)(off % HEAP_BLOCK_BYTES / HEAP_GRANULE_BYTES);
    return true;
}

/* o's tag in tt (0 if none). Caller holds tt's lock. */
static inline jlong tt_get(const JvmtiTagTable *tt, const Object *o)
{
    uint32_t bi, g;
    if (!tt_locate(tt, o, &bi, &g)) return 0;
    TagBlock *b = tt->dir[bi];
    if (b == NULL || !tb_has(b, g)) return 0;
    return *tb_lookup(b, g);
}


/* o's tag in e (0 if none). Inside a walk (jvmti_tags_walk_begin). */
static inline jlong jvmti_tag_get(JvmtiEnv *e, const Object *o)
{
    JvmtiTagTable *tt = atomic_load_explicit(&e->tags, memory_order_relaxed);
    return tt != NULL ? tt_get(tt, o) : 0;
}

/* The tag of o's class (its mirror's tag). Inside a walk. */
static inline jlong jvmti_heap_class_tag(JvmtiEnv *e, const Object *o)
{
    return o->klass->mirror != NULL ? jvmti_tag_get(e, o->klass->mirror) : 0;
}

/* Sets o's tag in e (0 removes it). Inside a walk. */
void jvmti_tag_set_stopped(JvmtiEnv *e, Object *o, jlong tag);
/* Calls fn for every object tagged in e, in address order, with its tag (which fn must not
 * change: tags change through jvmti_tag_set_stopped); stops when fn returns false (then
 * false). Inside a walk. */
bool jvmti_tags_for_each(JvmtiEnv *e, bool (*fn)(Object *o, jlong *tag, void *arg), void *arg);

/* GetObjectSize's answer for o. */
jlong jvmti_heap_size(const Object *o);
/* Does the heap_filter (JVMTI_HEAP_FILTER_* bits) exclude an object with these tags? */
bool jvmti_heap_filtered(jint heap_filter, jlong tag, jlong class_tag);
/* The optional klass argument of IterateThroughHeap/FollowReferences, as the agent passed
 * it: NULL is no filter (*out NULL); INVALID_CLASS unless it refers to a java.lang.Class
 * (a weak reference whose object is gone included); *primitive for a primitive class. */
jvmtiError jvmti_heap_klass_filter(jclass klass, Class **out, bool *primitive);
/* jvmtiPrimitiveType ('Z', 'I', ...) of a primitive BasicType, 0 otherwise. */
char jvmti_heap_prim_char(int bt);
jvalue jvmti_heap_load(const void *addr, int bt);
/* Index of c's first declared field, for objects (or statics) of class `of` (spec
 * jvmtiHeapReferenceInfoField, numbered as HotSpot does). */
jint jvmti_heap_field_base(const Class *of, const Class *c);
/* Value callbacks; each returns the callback's visit control (0 when not called). */
jint jvmti_heap_report_prim_fields(JvmtiEnv *e, Object *o, jlong class_tag, jlong *tag_ptr,
                                   jvmtiPrimitiveFieldCallback cb, const void *user_data);
jint jvmti_heap_report_string(Object *o, jlong class_tag, jlong size, jlong *tag_ptr,
                              jvmtiStringPrimitiveValueCallback cb, const void *user_data);
jint jvmti_heap_report_array(Object *o, jlong class_tag, jlong size, jlong *tag_ptr,
                             jvmtiArrayPrimitiveValueCallback cb, const void *user_data);

#endif
