// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * heapinspect.h — heap inspection for the tools (heapinspect.c): the class histogram
 * (jmap -histo, jcmd GC.class_histogram; HotSpot's KlassInfoHisto layout) and the heap
 * summary of jcmd GC.heap_info.
 */
#ifndef GLASS_HEAPINSPECT_H
#define GLASS_HEAPINSPECT_H

#include <stdint.h>
#include <stdio.h>

#include "../vm/vm.h"

/* Prints the class histogram of the heap to out: per class, instances and bytes (the
 * space its objects take in GlassVM's heap), largest first, then the totals. `live`:
 * a full collection first (HotSpot's default), so only reachable objects count. t: the
 * current thread, TS_JAVA, not inside a safepoint (the count is taken at one). */
void heapinspect_histogram(Thread *t, bool live, FILE *out);

/* The attach operation "inspectheap" (jmap -histo): arg0 "-live", "-all" or "" (live),
 * arg1 an output file or "" (the reply), arg2 a thread count or "" (accepted, unused:
 * the count is sequential). Status and texts as HotSpot's. */
int heapinspect_attach_op(Thread *t, const char *arg0, const char *arg1, const char *arg2, FILE *out);

/* The diagnostic commands GC.class_histogram [-all] [-parallel=N] (HotSpot's
 * ClassHistogramDCmd: a negative -parallel is reported, not an error) and GC.heap_info,
 * their arguments parsed by the framework (dcmd.h, rows in dcmd_commands.c). Output to
 * out; the histogram returns true (nothing pending). */
bool heapinspect_histogram_dcmd(Thread *t, bool all, int64_t parallel, FILE *out);
void heapinspect_heap_info(Thread *t, FILE *out);

#endif
