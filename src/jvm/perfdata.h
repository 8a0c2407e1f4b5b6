// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * perfdata.h — the hsperfdata file jvmstat tools (jps, jcmd) find VMs by (perfdata.c).
 */
#ifndef GLASS_PERFDATA_H
#define GLASS_PERFDATA_H

#include <stdint.h>

/* Writes /tmp/hsperfdata_<user>/<pid> once the VM is up (the boot thread, after the
 * system properties are final); nothing if perf data is off or the file cannot be made.
 * vm_begin_ns/vm_end_ns: os_nanotime() when VM creation began and ended. */
void perfdata_create(int64_t vm_begin_ns, int64_t vm_end_ns);
/* This VM's perf data memory and its size, or NULL (off, or not created yet). */
void *perfdata_buffer(size_t *size);
/* At exit: the file goes. */
void perfdata_destroy(void);

#endif
