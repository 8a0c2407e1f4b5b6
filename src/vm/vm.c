// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * vm.c — the few definitions vm.h promises: basic-type tables, panic, checked malloc.
 */
#include "vm.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../os/os.h"
#include "options.h"

VmOptions vm_opts;
int64_t vm_start_ns;
volatile VmPhase vm_phase = PHASE_ONLOAD;

int bt_size(BasicType t)
{
    switch (t) {
    case BT_BOOLEAN:
    case BT_BYTE: return 1;
    case BT_CHAR:
    case BT_SHORT: return 2;
    case BT_INT:
    case BT_FLOAT: return 4;
    case BT_LONG:
    case BT_DOUBLE:
    case BT_OBJECT:
    case BT_ARRAY: return 8;
    default: return 0;
    }
}

int bt_shift(BasicType t)
{
    switch (bt_size(t)) {
    case 1: return 0;
    case 2: return 1;
    case 4: return 2;
    default: return 3;
    }
}

BasicType bt_from_char(char c)
{
    switch (c) {
    case 'Z': return BT_BOOLEAN;
    case 'B': return BT_BYTE;
    case 'C': return BT_CHAR;
    case 'S': return BT_SHORT;
    case 'I': return BT_INT;
    case 'F': return BT_FLOAT;
    case 'J': return BT_LONG;
    case 'D': return BT_DOUBLE;
    case 'L': return BT_OBJECT;
    case '[': return BT_ARRAY;
    case 'V': return BT_VOID;
    default: return BT_ILLEGAL;
    }
}

char bt_to_char(BasicType t)
{
    switch (t) {
    case BT_BOOLEAN: return 'Z';
    case BT_BYTE: return 'B';
    case BT_CHAR: return 'C';
    case BT_SHORT: return 'S';
    case BT_INT: return 'I';
    case BT_FLOAT: return 'F';
    case BT_LONG: return 'J';
    case BT_DOUBLE: return 'D';
    case BT_OBJECT: return 'L';
    case BT_ARRAY: return '[';
    case BT_VOID: return 'V';
    default: return '?';
    }
}

const char *bt_name(BasicType t)
{
    switch (t) {
    case BT_BOOLEAN: return "boolean";
    case BT_BYTE: return "byte";
    case BT_CHAR: return "char";
    case BT_SHORT: return "short";
    case BT_INT: return "int";
    case BT_FLOAT: return "float";
    case BT_LONG: return "long";
    case BT_DOUBLE: return "double";
    case BT_VOID: return "void";
    default: return NULL;
    }
}

void (*vm_fatal_hook)(const char *file, int line, const char *message);

void vm_panic_at(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    if (vm_fatal_hook != NULL) {
        char message[1024];
        va_start(ap, fmt);
        vsnprintf(message, sizeof message, fmt, ap);
        va_end(ap);
        const char *base = strrchr(file, '/');
        vm_fatal_hook(base != NULL ? base + 1 : file, line, message);
    }
    fprintf(stderr, "GlassVM internal error at %s:%d: ", file, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    fflush(stderr);
    os_abort();
}

void *vm_malloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (p == NULL) panic("out of native memory allocating %zu bytes", n);
    return p;
}

void *vm_calloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (p == NULL) panic("out of native memory allocating %zu x %zu bytes", n, size);
    return p;
}

void *vm_realloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (q == NULL) panic("out of native memory reallocating %zu bytes", n);
    return q;
}

char *vm_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = vm_malloc(n);
    memcpy(p, s, n);
    return p;
}
