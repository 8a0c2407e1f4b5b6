// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * heapsampling.c — JVMTI heap sampling (spec category "Heap Monitoring"):
 * SetHeapSamplingInterval and the SampledObjectAlloc event
 * (can_generate_sampled_object_alloc_events).
 *
 * Each thread counts the bytes it allocates (HeapTlab.allocated, kept by heap.c) and
 * samples the allocation that reaches its next sample point (HeapTlab.sample_at); the
 * distance to the next point is drawn from an exponential distribution whose mean is the
 * sampling interval (512 KB by default), so that allocation patterns that repeat with
 * some period cannot hide from the sampler; interval 0 samples every allocation. Every
 * allocation goes through heap_alloc, which calls jvmti_sample_alloc while the event is
 * wanted: Java code's, JNI's and the VM's own.
 *
 * The choice is made inside heap_alloc, before the object's header exists, so the event
 * is posted a little later by the allocating thread (jvmti_post_sampled_alloc, from the
 * interpreter's posting points: see jvmti_vm.h), the chosen objects queued as roots
 * (Thread.jvmti_samples) meanwhile, so that several allocations of one instruction (a
 * multianewarray, the VM's work behind an invokedynamic) are all reported, in order. The
 * allocations of a SampledObjectAlloc callback are not sampled.
 *
 * A layer on JVMTI (jvmti_tool.h: JVMPI) may want every allocation
 * (JVMTI_XEVENT_OBJECT_ALLOC): then every allocation is queued the same way, each entry
 * marked (Thread.jvmti_sample_kinds) with whom it is for, and posted at the same points,
 * the layers' event first.
 */
#include <math.h>
#include <stdlib.h>

#include "../vm/heap.h"
#include "../vm/object.h"
#include "../vm/ref.h"
#include "../vm/thread.h"
#include "events.h"
#include "gen/jvmti_impl.h"
#include "jvmti_int.h"
#include "jvmti_tool.h"
#include "jvmti_vm.h"

enum { SAMPLE_JVMTI = 1, SAMPLE_TOOL = 2 };

static _Atomic jint sampling_interval = 512 * 1024;

/* JVMTI: SetHeapSamplingInterval. Threads use the new mean from their next sample point
 * on (an interval of 0 at once). */
jvmtiError jvmti_SetHeapSamplingInterval(JvmtiEnv *env, Thread *self, jint interval)
{
    if (interval < 0) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    atomic_store_explicit(&sampling_interval, interval, memory_order_relaxed);
    return JVMTI_ERROR_NONE;
}

/* xorshift64*: the thread's own random sequence, seeded from its address and the clock. */
static uint64_t next_random(HeapTlab *tl)
{
    uint64_t x = tl->sample_rng;
    if (x == 0) x = ((uint64_t)(uintptr_t)tl ^ (uint64_t)os_nanotime()) | 1;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    tl->sample_rng = x;
    return x * UINT64_C(2685821657736338717);
}

/* The next sample point: an exponentially distributed distance with mean `interval`. */
static void pick_next(HeapTlab *tl, jint interval)
{
    double u = ((double)(next_random(tl) >> 11) + 1.0) / 9007199254740993.0; /* (0, 1] */
    double d = -log(u) * (double)interval;
    size_t step = d < 1.0 ? 1 : d > 1e15 ? (size_t)1e15 : (size_t)d;
    tl->sample_at = tl->allocated + step;
}

/* Is this allocation a JVMTI sample? Advances the thread's sample point. */
static bool jvmti_sample_due(Thread *t)
{
    if (!jvmti_want(JVMTI_EVENT_SAMPLED_OBJECT_ALLOC)) return false;
    HeapTlab *tl = &t->tlab;
    jint interval = atomic_load_explicit(&sampling_interval, memory_order_relaxed);
    if (interval != 0) {
        if (tl->sample_at == 0) {
            pick_next(tl, interval); /* the thread's first: a point ahead, no sample yet */
            return false;
        }
        if (tl->allocated < tl->sample_at) return false;
        pick_next(tl, interval);
    }
    return true;
}

void jvmti_sample_alloc(Thread *t, void *cell)
{
    if (t->jvmti_sampling_off) return;
    uint8_t kind = 0;
    if (jvmti_sample_due(t)) kind |= SAMPLE_JVMTI;
    if (jvmti_layers_want(JVMTI_XEVENT_OBJECT_ALLOC)) kind |= SAMPLE_TOOL;
    if (kind == 0) return;
    if (t->jvmti_samples_n == t->jvmti_samples_cap) {
        uint32_t cap = t->jvmti_samples_cap ? t->jvmti_samples_cap * 2 : 8;
        Object **n = realloc(t->jvmti_samples, cap * sizeof *n);
        if (n == NULL) return; /* memory is short: this sample is dropped */
        t->jvmti_samples = n;
        uint8_t *k = realloc(t->jvmti_sample_kinds, cap);
        if (k == NULL) return;
        t->jvmti_sample_kinds = k;
        t->jvmti_samples_cap = cap;
    }
    t->jvmti_sample_kinds[t->jvmti_samples_n] = kind;
    t->jvmti_samples[t->jvmti_samples_n++] = (Object *)cell;
}

/* JVMTI: SampledObjectAlloc, for each queued sample in allocation order. The queue
 * stays a root until every callback for its objects has run. */
void jvmti_post_sampled_alloc(Thread *t)
{
    if (t->jvmti_sampling_off) return; /* a callback's own nested posting point */
    t->jvmti_sampling_off = true;
    /* What the callbacks allocate is not queued (jvmti_sampling_off). */
    for (uint32_t i = 0; i < t->jvmti_samples_n; i++) {
        Object *o = t->jvmti_samples[i];
        uint8_t kind = t->jvmti_sample_kinds[i];
        if ((kind & SAMPLE_TOOL) && o != NULL && o->klass != NULL) JVMTI_LAYERS_POST(JVMTI_XEVENT_OBJECT_ALLOC, object_alloc, t, o);
        if (kind & SAMPLE_JVMTI) jvmti_post_allocation(t, JVMTI_EVENT_SAMPLED_OBJECT_ALLOC, o);
    }
    t->jvmti_samples_n = 0;
    t->jvmti_sampling_off = false;
}
