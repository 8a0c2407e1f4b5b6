// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * threaddump.h — the SIGQUIT thread dump (threaddump.c).
 */
#ifndef GLASS_THREADDUMP_H
#define GLASS_THREADDUMP_H

#include <stdio.h>

#include "../vm/vm.h"

/* Prints every Java thread's state, frames and monitors to stdout, in HotSpot's format,
 * with the world stopped. self: the calling thread, attached, TS_JAVA, not inside a
 * safepoint. */
void threaddump_print(Thread *self);
/* What the dump adds (jstack -l / -e, Thread.print -l / -e). */
enum {
    THREADDUMP_LOCKS = 1,    /* each thread's "Locked ownable synchronizers" */
    THREADDUMP_EXTENDED = 2, /* bytes each thread allocated and classes it defined */
};
/* The same dump written to out (the attach mechanism's threaddump and Thread.print),
 * whatever -XX:-DisplayVMOutput says; flags: THREADDUMP_*. */
void threaddump_write(Thread *self, FILE *out, unsigned flags);

#endif
