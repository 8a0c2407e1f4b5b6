// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * ptrmap.c — pointer-keyed hash map (ptrmap.h): linear probing, at most half full,
 * doubled when it would be fuller.
 */
#include "ptrmap.h"

#include <stdlib.h>

static size_t ptr_hash(const void *p, size_t cap)
{
    return (size_t)(((uint64_t)(uintptr_t)p * 0x9e3779b97f4a7c15ull) >> 20) & (cap - 1);
}

uint32_t ptrmap_get(const PtrMap *m, const void *key)
{
    if (m->cap == 0) return 0;
    for (size_t i = ptr_hash(key, m->cap);; i = (i + 1) & (m->cap - 1)) {
        if (m->keys[i] == key) return m->vals[i];
        if (m->keys[i] == NULL) return 0;
    }
}

static bool grow(PtrMap *m)
{
    size_t cap = m->cap ? m->cap * 2 : 1024;
    const void **keys = calloc(cap, sizeof *keys);
    uint32_t *vals = calloc(cap, sizeof *vals);
    if (keys == NULL || vals == NULL) {
        free(keys);
        free(vals);
        return false;
    }
    for (size_t i = 0; i < m->cap; i++) {
        if (m->keys[i] == NULL) continue;
        size_t j = ptr_hash(m->keys[i], cap);
        while (keys[j] != NULL) j = (j + 1) & (cap - 1);
        keys[j] = m->keys[i];
        vals[j] = m->vals[i];
    }
    free(m->keys);
    free(m->vals);
    m->keys = keys;
    m->vals = vals;
    m->cap = cap;
    return true;
}

bool ptrmap_put(PtrMap *m, const void *key, uint32_t val)
{
    if ((m->count + 1) * 2 > m->cap && !grow(m)) return false;
    size_t i = ptr_hash(key, m->cap);
    while (m->keys[i] != NULL && m->keys[i] != key) i = (i + 1) & (m->cap - 1);
    if (m->keys[i] == NULL) m->count++;
    m->keys[i] = key;
    m->vals[i] = val;
    return true;
}

void ptrmap_free(PtrMap *m)
{
    free(m->keys);
    free(m->vals);
    m->keys = NULL;
    m->vals = NULL;
    m->cap = m->count = 0;
}
