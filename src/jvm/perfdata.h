// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * perfdata.h — the hsperfdata file jvmstat tools (jps, jstat, jcmd) read (perfdata.c).
 */
#ifndef GLASS_PERFDATA_H
#define GLASS_PERFDATA_H

#include <stddef.h>
#include <stdint.h>

/* Boot, once the options are parsed and the heap exists, before any Java code runs (the
 * primordial thread): maps /tmp/hsperfdata_<user>/<pid> (not yet accessible to readers)
 * with the VM's counters; nothing if perf data is off or the file cannot be made.
 * vm_begin_ns: os_nanotime() when VM creation began. */
void perfdata_init(int64_t vm_begin_ns);
/* End of boot (the system properties are final): adds the constants that describe the
 * VM, marks the file accessible and starts the sampler that refreshes the counters.
 * Calls perfdata_init first if it was not. vm_end_ns: os_nanotime() at the end. */
void perfdata_create(int64_t vm_begin_ns, int64_t vm_end_ns);
/* A counter of the class library's (jdk.internal.perf.Perf createLong/createByteArray),
 * appended to the file: a long (units and variability as jvmstat codes them) or a byte
 * vector of `length` bytes whose first init_len are init. Returns its memory, which
 * lives as long as the process, or NULL when there is no file or it is full (the caller
 * keeps the counter elsewhere). Any thread; the caller checked the name is new. */
void *perfdata_add_long(const char *name, int variability, int units, int64_t value);
void *perfdata_add_bytes(const char *name, int variability, int units, const void *init, size_t init_len,
                         size_t length);
/* A collection ended (the collector's report hook heap_gc_end_hook, management.c):
 * sun.gc.lastCause and collector 1's last entry and exit times. id: the collections
 * before this one (GcReport.id), so that collections made before the hook was set do
 * not count as unreported. Any thread; takes only perf data's own lock and never
 * blocks otherwise. Times: os_nanotime(). */
void perfdata_collection(uint64_t id, const char *cause, int64_t start_ns, int64_t end_ns);
/* This VM's perf data memory and its size, or NULL (off, or gone at exit). */
void *perfdata_buffer(size_t *size);
/* At exit: the file goes (the memory stays mapped for threads still running). */
void perfdata_destroy(void);

#endif
