// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * oomreport.h — what the OutOfMemoryError flags do (HotSpot's report_java_out_of_memory):
 * for the process's first OutOfMemoryError for want of Java heap space or for an array
 * longer than the VM allows, in this order,
 *   -XX:+HeapDumpOnOutOfMemoryError  a heap dump (heapdump_on_oom),
 *   -XX:OnOutOfMemoryError=CMD[;CMD] each command run through /bin/sh -c, %p the pid,
 *   -XX:+CrashOnOutOfMemoryError     "Aborting due to ..." and a fatal-error report
 *                                    (errorreport.h: hs_err file, abort),
 *   -XX:+ExitOnOutOfMemoryError      "Terminating due to ..." and exit status 3 at once.
 * The flags are read from the flag table when the error happens, so jinfo and
 * HotSpotDiagnosticMXBean changes to the manageable HeapDumpOnOutOfMemoryError count.
 * Messages go to stdout, HotSpot's tty.
 */
#ifndef GLASS_OOMREPORT_H
#define GLASS_OOMREPORT_H

/* Boot, before Java code runs: installs heap.h's heap_oom_report_hook. */
void oomreport_init(void);

#endif
