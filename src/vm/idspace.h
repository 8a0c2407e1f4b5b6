// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * idspace.h — memory for the records whose addresses are handed out as identities that
 * outlive them: the Method and Field arrays of classes (a jmethodID is a Method*, a
 * jfieldID a Field*; docs/design.md "Class unloading").
 *
 * An agent may keep a jmethodID for ever and pass it to JVMTI after its class was
 * unloaded; JVMTI must then answer INVALID_METHODID, not crash, and must never mistake
 * it for a method of a class loaded later. So these arrays come from one reserved
 * address range that is handed out once, bottom up, and never reused: ids_free zeroes
 * the bytes (the record's first word, its class, reads NULL — entry.c's validity check
 * refuses it) and gives every page that no longer holds a live array back to the OS. The
 * range stays mapped, so a stale ID reads zeros and costs no memory; what a freed array
 * keeps is its address space (a few hundred bytes per class), of which the range holds
 * 16 GiB. Should the range ever be exhausted, arrays come from malloc and are then never
 * freed (ids_free keeps them, zeroed).
 *
 * Thread-safety: any thread; a short internal lock. ids_free is called by the collector
 * at a safepoint.
 */
#ifndef GLASS_IDSPACE_H
#define GLASS_IDSPACE_H

#include "vm.h"

/* `size` zeroed bytes, 16-byte aligned; never NULL (panics when memory is exhausted). */
void *ids_alloc(size_t size);
/* Frees what ids_alloc(size) returned (NULL ignored); the memory reads as zeros after. */
void ids_free(void *p, size_t size);
/* Does [p, p + size) lie in memory ids_alloc handed out from its range (live or freed:
 * either way it stays readable, freed bytes as zeros)? Lock-free and async-signal-safe
 * (AsyncGetCallTrace validates a frame's Method* with it from a signal handler); false
 * for arrays that came from malloc once the range was exhausted. */
bool ids_contains(const void *p, size_t size);
/* Bytes of live arrays (for tests and benchmarks). */
size_t ids_live_bytes(void);

#endif
