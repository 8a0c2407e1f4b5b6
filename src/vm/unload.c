// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * unload.c — the unloading phase of a collection (unload.h).
 *
 * The names for the ClassUnload events are copied before the classes are freed and kept
 * in a list until unload_post_events sends them; only the collecting thread (which holds
 * the collector's mutex through both calls) touches the list.
 */
#include "unload.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../jvmti/jvmti_vm.h"
#include "../os/os.h"
#include "class.h"
#include "heap.h"
#include "loader.h"
#include "module.h"
#include "options.h"

static char **pending_names;
static size_t pending_count, pending_cap;
static _Atomic uint64_t total;

bool unload_enabled(void) { return !vm_opts.no_class_unloading; }

uint64_t unload_total(void) { return atomic_load_explicit(&total, memory_order_relaxed); }

static void log_unload(const Class *c)
{
    /* HotSpot 17: log_info(class, unload)("unloading class %s " INTPTR_FORMAT, ...) */
    char ext[1024];
    class_external_name(c, ext, sizeof ext);
    double secs = (double)(os_nanotime() - vm_start_ns) / 1e9;
    printf("[%.3fs][info][class,unload] unloading class %s 0x%016llx\n", secs, ext,
           (unsigned long long)(uintptr_t)c);
}

static void queue_name(const Class *c)
{
    if (pending_count == pending_cap) {
        pending_cap = pending_cap ? pending_cap * 2 : 64;
        pending_names = vm_realloc(pending_names, pending_cap * sizeof *pending_names);
    }
    pending_names[pending_count++] = vm_strdup(c->name);
}

size_t unload_classes(Thread *t)
{
    (void)t;
    if (!unload_enabled()) return 0;
    Class *dead = loader_unlink_dead(gc_is_alive);
    if (dead == NULL) return 0;
    /* The module graph forgets loaders that died (their unnamed modules with them). */
    module_purge_dead_loaders(gc_is_alive);
    bool events = jvmti_want_class_unload();
    size_t n = 0;
    for (Class *c = dead, *next; c != NULL; c = next) {
        next = c->next_loaded;
        if (vm_opts.log_class_unload && !class_is_array(c)) log_unload(c); /* instance classes, as HotSpot */
        /* HotSpot sends ClassUnload for instance classes only (InstanceKlass::
         * notify_unload_class), not for array classes. */
        if (events && !class_is_array(c)) queue_name(c);
        jvmti_class_unloading(c);
        class_free(c);
        n++;
    }
    if (vm_opts.log_class_unload) fflush(stdout);
    atomic_fetch_add_explicit(&total, n, memory_order_relaxed);
    return n;
}

void unload_post_events(Thread *t)
{
    if (pending_count == 0) return;
    jvmti_post_class_unload(t, (const char *const *)pending_names, pending_count);
    for (size_t i = 0; i < pending_count; i++) free(pending_names[i]);
    pending_count = 0;
}
