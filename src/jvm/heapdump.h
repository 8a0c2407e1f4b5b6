// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * heapdump.h — HPROF heap dumps (heapdump.c): the writer and the ways users ask for one.
 *
 *   HotSpotDiagnosticMXBean.dumpHeap  -> JMM DumpHeap0 -> heapdump_dump_heap0
 *   jcmd PID GC.heap_dump [...] FILE  -> the dcmd row (dcmd_commands.c) -> heapdump_dcmd
 *   jmap -dump:...,file=F PID         -> attach operation "dumpheap" -> heapdump_attach_op
 *   -XX:+HeapDumpOnOutOfMemoryError   -> oomreport.c's OutOfMemoryError hook -> heapdump_on_oom
 *     (-XX:HeapDumpPath, -XX:HeapDumpGzipLevel)
 */
#ifndef GLASS_HEAPDUMP_H
#define GLASS_HEAPDUMP_H

#include <stdint.h>
#include <stdio.h>

#include "../vm/vm.h"

typedef struct HeapDumpOptions {
    bool live;      /* a full collection first, so the dump holds (about) only reachable objects */
    int gz_level;   /* 0: plain HPROF; 1..9: gzip-compressed at that level */
    bool overwrite; /* replace an existing file (otherwise that is an error: "File exists") */
} HeapDumpOptions;

/*
 * Writes an HPROF dump of the whole heap to `path` (created owner-read/write only).
 * t: the current thread, attached, in TS_JAVA, not inside a safepoint; the dump is taken
 * with the world stopped (a safepoint of t's).
 *
 * If out is not NULL, HotSpot's progress lines go there: "Dumping heap to PATH ..." and
 * then "Heap dump file created [N bytes in S secs]", or "Unable to create PATH: REASON"
 * when the file cannot be created, or "Dump file is incomplete: REASON" when writing
 * fails.
 *
 * Returns true on success. On failure returns false with java.io.IOException pending,
 * its message the reason as HotSpot gives it to DumpHeap0's caller (the system's text:
 * "File exists", "No such file or directory", "Permission denied", ...). A partial file
 * stays, as with HotSpot (it may not be ours to remove: -overwrite of a device).
 */
bool heapdump_write(Thread *t, const char *path, const HeapDumpOptions *opts, FILE *out);

/* JMM DumpHeap0 (../shared/spec/jmm-abi.md §2, slot 29; HotSpotDiagnosticMXBean.dumpHeap):
 * `file` a java.lang.String (or NULL), t the current thread in TS_JAVA (the JMM entry
 * has made the JNI-to-VM transition). 0, or -1 with NullPointerException ("Output file
 * name cannot be null.") or the IOException of heapdump_write pending. Never replaces
 * an existing file, prints nothing. */
int heapdump_dump_heap0(Thread *t, Object *file, bool live);

/* The attach operation "dumpheap" (jmap -dump): arg0 = file, arg1 = "-live", "-all" or
 * "" (live), arg2 = gzip level or "". Output and status as HotSpot's (0 or JNI_ERR). */
int heapdump_attach_op(Thread *t, const char *arg0, const char *arg1, const char *arg2, FILE *out);

/* The diagnostic command GC.heap_dump (HotSpot's HeapDumpDCmd), its arguments parsed by
 * the framework (dcmd.h): FILENAME, -all, -gz (gz_set: given), -overwrite. Progress and
 * failures go to out as HotSpot prints them; always true (no exception pending). */
bool heapdump_dcmd(Thread *t, const char *filename, bool all, bool gz_set, int64_t gz, bool overwrite, FILE *out);

/* -XX:+HeapDumpOnOutOfMemoryError (HotSpot's HeapDumper::dump_heap_from_oome), called by
 * oomreport.c for the process's first OutOfMemoryError: prints "java.lang.OutOfMemoryError:
 * <message>" and dumps to HeapDumpPath (the flag table's value, which jinfo and
 * HotSpotDiagnosticMXBean may change at run time) — a file, or a directory in which
 * java_pid<pid>.hprof[.gz] is created; by default that name in the current directory.
 * The messages go to stdout. No Java object is allocated here. */
void heapdump_on_oom(Thread *t, const char *message);

#endif
