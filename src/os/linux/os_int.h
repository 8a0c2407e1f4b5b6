// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * os_int.h — private to src/os/linux: what os_linux.c and os_debug.c share.
 */
#ifndef GLASS_OS_INT_H
#define GLASS_OS_INT_H

#include <stdbool.h>

/* os_signal_install's handlers ask this first (os_debug.c): true when the native
 * debugger's async_signal hook took the signal (uc is the handler's ucontext). */
bool os_debug_async_signal(int sig, void *uc);

#endif
