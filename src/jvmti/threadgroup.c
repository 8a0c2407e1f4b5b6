// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * threadgroup.c — the JVMTI Thread Group category: GetTopThreadGroups,
 * GetThreadGroupInfo, GetThreadGroupChildren.
 *
 * Everything is read from the JDK 17 java.lang.ThreadGroup objects themselves, the way
 * Java code sees them: `parent`, `name`, `maxPriority`, `daemon`, and the child arrays
 * `threads[0..nthreads)` and `groups[0..ngroups)`, which ThreadGroup's own methods
 * change only while holding the group's monitor. GetThreadGroupChildren holds that
 * monitor too, so the counts and arrays it reads belong together. A group's `threads`
 * holds started threads (Thread.start adds, Thread.exit removes); threads in it whose
 * VM thread is already gone are still reported, as by HotSpot: Thread.exit removes them
 * a moment later. Agent threads (RunAgentThread) are never added to a group, so they
 * are not children (the spec says so).
 *
 * The only parentless group in JDK 17 is the "system" group the VM creates at boot; it
 * is found by walking up from any live thread's group.
 *
 * Phase: live only; runs in TS_JAVA (the wrapper's jni_enter). Object* values stay
 * valid across the monitor wait of GetThreadGroupChildren: the collector does not move
 * objects and our frames are scanned while we are blocked.
 */
#include <stdlib.h>
#include <string.h>

#include "../vm/class.h"
#include "../vm/monitor.h"
#include "../vm/ref.h"
#include "../vm/string.h"
#include "../vm/sym.h"
#include "../vm/thread.h"
#include "../vm/wellknown.h"
#include "gen/jvmti_impl.h"
#include "jvmti_int.h"

/* Offsets of the ThreadGroup fields wellknown.c does not resolve. */
static struct {
    uint32_t daemon, nthreads, threads, ngroups, groups;
    bool done;
} off;

static uint32_t field_offset(const char *name, const char *desc)
{
    Field *f = class_find_declared_field(wk.ThreadGroup, sym_intern(name), sym_intern(desc));
    if (f == NULL) panic("class library mismatch: no java.lang.ThreadGroup.%s", name);
    return f->offset;
}

static void resolve_offsets(void)
{
    if (__atomic_load_n(&off.done, __ATOMIC_ACQUIRE)) return;
    off.daemon = field_offset("daemon", "Z");
    off.nthreads = field_offset("nthreads", "I");
    off.threads = field_offset("threads", "[Ljava/lang/Thread;");
    off.ngroups = field_offset("ngroups", "I");
    off.groups = field_offset("groups", "[Ljava/lang/ThreadGroup;");
    __atomic_store_n(&off.done, true, __ATOMIC_RELEASE);
}

/* ------------------------------------------------------------------------------------ */
/* The system group                                                                     */
/* ------------------------------------------------------------------------------------ */

static Object *top_of(Object *g)
{
    for (int depth = 0; g != NULL && depth < 1000000; depth++) {
        Object *p = FIELD_GET(g, wk_off.ThreadGroup_parent, Object *);
        if (p == NULL) return g;
        g = p;
    }
    return NULL;
}

/* Under the registry lock: no allocation, no blocking. */
static void find_group(Thread *t, void *arg)
{
    Object **out = arg;
    if (*out != NULL || t->jthread == NULL) return;
    *out = FIELD_GET(t->jthread, wk_off.Thread_group, Object *);
}

static Object *system_group(Thread *self)
{
    Object *g = self->jthread != NULL ? FIELD_GET(self->jthread, wk_off.Thread_group, Object *) : NULL;
    if (g == NULL) thread_for_each(find_group, &g);
    return top_of(g);
}

/* ------------------------------------------------------------------------------------ */
/* Functions                                                                            */
/* ------------------------------------------------------------------------------------ */

/* JVMTI: GetTopThreadGroups */
jvmtiError jvmti_GetTopThreadGroups(JvmtiEnv *env, Thread *self, jint *group_count_ptr, jthreadGroup **groups_ptr)
{
    Object *top = system_group(self);
    if (top == NULL) return JVMTI_ERROR_INTERNAL; /* a live phase without any thread group */
    jthreadGroup *groups = jvmti_alloc(sizeof *groups);
    if (groups == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
    groups[0] = ref_new_local(self, top);
    *group_count_ptr = 1;
    *groups_ptr = groups;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetThreadGroupInfo */
jvmtiError jvmti_GetThreadGroupInfo(JvmtiEnv *env, Thread *self, Object *group, jvmtiThreadGroupInfo *info_ptr)
{
    resolve_offsets();
    /* A group made with a null name (ThreadGroup allows it) has no name: a null pointer,
     * as HotSpot answers, rather than an invented "". */
    Object *jname = FIELD_GET(group, wk_off.ThreadGroup_name, Object *);
    char *copy = NULL;
    if (jname != NULL) {
        char *name = str_to_mutf8(jname);
        copy = name != NULL ? jvmti_strdup(name) : NULL;
        free(name);
        if (copy == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
    }
    info_ptr->parent = ref_new_local(self, FIELD_GET(group, wk_off.ThreadGroup_parent, Object *));
    info_ptr->name = copy;
    info_ptr->max_priority = FIELD_GET(group, wk_off.ThreadGroup_maxPriority, int32_t);
    info_ptr->is_daemon = FIELD_GET(group, off.daemon, uint8_t) ? JNI_TRUE : JNI_FALSE;
    return JVMTI_ERROR_NONE;
}

/* Copies elements [0, n) of a ThreadGroup child array into a jvmti_alloc'd array of
 * local references, skipping nulls (which ThreadGroup never leaves below the count, but
 * a subclass or reflection could). NULL only when memory is short. */
static jobject *child_refs(Thread *self, Array *a, int32_t n, jint *count)
{
    if (a == NULL || n < 0) n = 0;
    if (a != NULL && n > a->length) n = a->length;
    jobject *out = jvmti_alloc((size_t)(n > 0 ? n : 1) * sizeof *out);
    if (out == NULL) return NULL;
    jint k = 0;
    for (int32_t i = 0; i < n; i++) {
        Object *o = ((Object **)array_data(a))[i];
        if (o != NULL) out[k++] = ref_new_local(self, o);
    }
    *count = k;
    return out;
}

/* JVMTI: GetThreadGroupChildren */
jvmtiError jvmti_GetThreadGroupChildren(JvmtiEnv *env, Thread *self, Object *group, jint *thread_count_ptr, jthread **threads_ptr, jint *group_count_ptr, jthreadGroup **groups_ptr)
{
    resolve_offsets();
    jint nt = 0, ng = 0;
    mon_enter(self, group);
    jthread *threads = child_refs(self, FIELD_GET(group, off.threads, Array *),
                                  FIELD_GET(group, off.nthreads, int32_t), &nt);
    jthreadGroup *groups = child_refs(self, FIELD_GET(group, off.groups, Array *),
                                      FIELD_GET(group, off.ngroups, int32_t), &ng);
    mon_exit(self, group);
    if (threads == NULL || groups == NULL) {
        jvmti_free(threads);
        jvmti_free(groups);
        return JVMTI_ERROR_OUT_OF_MEMORY;
    }
    *thread_count_ptr = nt;
    *threads_ptr = threads;
    *group_count_ptr = ng;
    *groups_ptr = groups;
    return JVMTI_ERROR_NONE;
}
