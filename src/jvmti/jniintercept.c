// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jniintercept.c — JVMTI "JNI Function Interception": SetJNIFunctionTable and
 * GetJNIFunctionTable.
 *
 * Every Thread's first member is the JNIEnv function-table pointer (thread.h), and every
 * JNI call, from a Java native method (native.c hands it &thread->jni), from an agent or
 * from the launcher, goes through that pointer. Interception therefore repoints the
 * threads at a table of ours:
 *
 *   - The first SetJNIFunctionTable copies the agent's table into `live_table`, makes it
 *     the table new threads take (jni_current_functions, jnienv.h) and repoints every
 *     registered thread at it. Thread registration reads jni_current_functions under
 *     the registry lock and thread_for_each holds that lock, so a thread being created
 *     concurrently either is already on the list (and is repointed) or reads the new
 *     pointer: no thread keeps the VM's original table.
 *   - Later calls overwrite live_table slot by slot with word-sized atomic stores. Other
 *     threads may be calling through the table meanwhile; each call sees, per function,
 *     either the old or the new entry (the spec promises "future JNI calls" only; HotSpot
 *     updates its table the same way). The table is never freed, so a thread that
 *     loaded the pointer a moment ago still reads valid memory.
 *
 * Memory: the copy GetJNIFunctionTable returns comes from jvmti_alloc (the agent frees
 * it with Deallocate); SetJNIFunctionTable copies the agent's table and keeps nothing of
 * the agent's memory. Phase: start and live (checked by the generated wrapper), any
 * attached thread. table_lock serialises concurrent Set/Get calls so that Get returns
 * the table of one Set, not a mixture.
 */
#include <string.h>

#include "../vm/jnienv.h"
#include "../vm/thread.h"
#include "gen/jvmti_impl.h"
#include "jvmti_int.h"

#define TABLE_WORDS (sizeof(struct JNINativeInterface_) / sizeof(void *))

/* The interposed table: all entries are pointers (the four reserved slots included). */
_Static_assert(sizeof(struct JNINativeInterface_) % sizeof(void *) == 0, "JNI table of words");

static struct JNINativeInterface_ live_table;
static bool live_installed; /* under table_lock */
static OsMutex table_lock;

void jvmti_jni_intercept_init(void) { os_mutex_init(&table_lock); }

static void repoint(Thread *t, void *arg)
{
    t->jni = (const struct JNINativeInterface_ *)arg;
}

/* JVMTI: SetJNIFunctionTable */
jvmtiError jvmti_SetJNIFunctionTable(JvmtiEnv *env, Thread *self, const jniNativeInterface *function_table)
{
    os_mutex_lock(&table_lock);
    void **dst = (void **)&live_table;
    void *const *src = (void *const *)function_table;
    for (size_t i = 0; i < TABLE_WORDS; i++) __atomic_store_n(&dst[i], src[i], __ATOMIC_RELEASE);
    if (!live_installed) {
        /* Publish first, then repoint: see the file comment for why no thread is missed. */
        atomic_store_explicit(&jni_current_functions, &live_table, memory_order_release);
        thread_for_each(repoint, &live_table);
        live_installed = true;
    }
    os_mutex_unlock(&table_lock);
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetJNIFunctionTable. The table in force now: the VM's own until the first
 * SetJNIFunctionTable, then the last one set. */
jvmtiError jvmti_GetJNIFunctionTable(JvmtiEnv *env, Thread *self, jniNativeInterface **function_table)
{
    jniNativeInterface *copy = jvmti_alloc(sizeof *copy);
    if (copy == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
    os_mutex_lock(&table_lock);
    memcpy(copy, atomic_load_explicit(&jni_current_functions, memory_order_acquire), sizeof *copy);
    os_mutex_unlock(&table_lock);
    *function_table = copy;
    return JVMTI_ERROR_NONE;
}
