// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * ref.h — JNI references (JNI spec "Referencing Java Objects").
 *
 * A jobject is the address of a slot holding an Object*:
 *   local refs   slots in the thread's LocalRefs stack (exact roots), freed by frame pops
 *   global refs  slots in a global chunked table with a free list (exact roots)
 *   weak globals slots in a separate table, tagged with bit 0 set in the jobject value;
 *                cleared (slot set to NULL) by the collector's weak processing
 * NULL is the null reference. ref_get() decodes any kind.
 *
 * Thread-safety: local refs belong to their thread; global tables take a lock.
 */
#ifndef GLASS_REF_H
#define GLASS_REF_H

#include "heap.h"
#include "thread.h"
#include "vm.h"

void ref_init(void);
void ref_thread_init(Thread *t);
void ref_thread_destroy(Thread *t);

static inline Object *ref_get(jobject r)
{
    if (r == NULL) return NULL;
    uintptr_t v = (uintptr_t)r;
    return *(Object **)(v & ~(uintptr_t)1);
}

/* New local ref in the current frame; NULL for a NULL object. Grows as needed. */
jobject ref_new_local(Thread *t, Object *o);
void ref_delete_local(Thread *t, jobject r);
/* Ensures room for n more locals; false with OutOfMemoryError pending if impossible. */
bool ref_ensure_local_capacity(Thread *t, int n);
/* PushLocalFrame / PopLocalFrame (returns a local ref to `result` in the outer frame). */
bool ref_push_frame(Thread *t, int capacity);
jobject ref_pop_frame(Thread *t, jobject result);
/* Native method calls: mark/restore the local-ref stack without a JNI-visible frame. */
static inline uint32_t ref_mark(Thread *t) { return t->locals.top; }
void ref_release_to(Thread *t, uint32_t mark, uint32_t saved_frame_base);

jobject ref_new_global(Object *o);
void ref_delete_global(jobject r);
jweak ref_new_weak(Object *o);
void ref_delete_weak(jweak r);

typedef enum RefType { REF_TYPE_INVALID = 0, REF_TYPE_LOCAL, REF_TYPE_GLOBAL, REF_TYPE_WEAK } RefType;
/* Classifies r (GetObjectRefType): searches the tables; never crashes on junk within reason. */
RefType ref_type(Thread *t, jobject r);

/* How many global and weak global references exist (thread dumps' "JNI global refs").
 * Any thread; takes the tables' locks. */
void ref_global_counts(size_t *globals, size_t *weaks);

/* Collector hooks. */
void ref_visit_globals(RootVisitor *v);
void ref_visit_locals(Thread *t, RootVisitor *v);

#endif
