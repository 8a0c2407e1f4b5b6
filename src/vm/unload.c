// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * unload.c — the unloading phase of a collection (unload.h).
 *
 * The names for the ClassUnload events are copied before the classes are freed and kept
 * in a list until unload_post_events sends them. The list has its own lock, held only to
 * append or to take the whole list: the thread that posts (after its collection, without
 * the collector's mutex) may meet another collection, or one its own callbacks cause,
 * that appends more names meanwhile. Whether an agent wants the event is decided when
 * posting, not at the safepoint (that would take JVMTI's environment lock there).
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
#include "log.h"
#include "options.h"
#include "redefine.h"

static OsMutex names_lock;
static atomic_flag names_lock_made = ATOMIC_FLAG_INIT;
static char **pending_names;
static size_t pending_count, pending_cap;

bool unload_enabled(void) { return !vm_opts.no_class_unloading; }

static void log_unload(const Class *c)
{
    /* HotSpot 17: log_info(class, unload)("unloading class %s " INTPTR_FORMAT, ...) */
    char ext[1024];
    class_external_name(c, ext, sizeof ext);
    log_print(LOG_INFO, LOG_TS_class_unload, "unloading class %s 0x%016llx", ext,
              (unsigned long long)(uintptr_t)c);
}

/* Under names_lock. */
static void queue_name(const Class *c)
{
    if (pending_count == pending_cap) {
        pending_cap = pending_cap ? pending_cap * 2 : 64;
        pending_names = vm_realloc(pending_names, pending_cap * sizeof *pending_names);
    }
    char *name = vm_strdup(c->name);
    /* A hidden class is named as in HotSpot's symbol: "Name+0x..." (ours: "Name/0x..."). */
    if (c->flags & CLASS_F_HIDDEN) {
        char *slash = strrchr(name, '/');
        if (slash != NULL) *slash = '+';
    }
    pending_names[pending_count++] = name;
}

size_t unload_classes(Thread *t)
{
    (void)t;
    /* Old versions of redefined classes that no frame runs any more (redefine.h). */
    redef_sweep_versions();
    /* Even with -XX:-ClassUnloading (every class marked, so none is dead here), loaders
     * that defined nothing can die: their initiating entries and module-graph entries
     * must go before a new loader takes the address. */
    Class *dead = loader_unlink_dead(gc_is_alive);
    /* The module graph forgets loaders that died (their modules with them). */
    module_purge_dead_loaders(gc_is_alive);
    if (dead == NULL) return 0;
    if (!atomic_flag_test_and_set(&names_lock_made)) os_mutex_init(&names_lock); /* first time: no other user */
    os_mutex_lock(&names_lock);
    size_t n = 0;
    for (Class *c = dead, *next; c != NULL; c = next) {
        next = c->next_loaded;
        if (log_is_enabled(LOG_INFO, class_unload) && !class_is_array(c)) log_unload(c); /* instance classes, as HotSpot */
        /* HotSpot sends ClassUnload for instance classes only (InstanceKlass::
         * notify_unload_class), not for array classes. */
        if (!class_is_array(c)) queue_name(c);
        jvmti_class_unloading(c);
        class_free(c);
        n++;
    }
    os_mutex_unlock(&names_lock);
    return n;
}

void unload_post_events(Thread *t)
{
    if (__atomic_load_n(&pending_count, __ATOMIC_RELAXED) == 0) return; /* a hint; rechecked */
    os_mutex_lock(&names_lock);
    char **names = pending_names;
    size_t count = pending_count;
    pending_names = NULL;
    pending_count = pending_cap = 0;
    os_mutex_unlock(&names_lock);
    if (jvmti_want_class_unload()) jvmti_post_class_unload(t, (const char *const *)names, count);
    for (size_t i = 0; i < count; i++) free(names[i]);
    free(names);
}
