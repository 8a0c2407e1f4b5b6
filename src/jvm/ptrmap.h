// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * ptrmap.h — a small open-addressing hash map from pointers to non-zero 32-bit values
 * (ptrmap.c), for the heap tools' per-run tables (classes, symbols, objects seen). Keys
 * are compared by address. Not thread-safe: one owner. Zero-initialize a PtrMap to
 * start; ptrmap_free releases its storage.
 */
#ifndef GLASS_PTRMAP_H
#define GLASS_PTRMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct PtrMap {
    const void **keys;
    uint32_t *vals;
    size_t cap, count; /* cap: a power of two, or 0 */
} PtrMap;

/* The value stored for key, or 0. */
uint32_t ptrmap_get(const PtrMap *m, const void *key);
/* Stores key -> val (key non-NULL, val != 0); false if memory ran out. */
bool ptrmap_put(PtrMap *m, const void *key, uint32_t val);
void ptrmap_free(PtrMap *m);

#endif
