// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * Unit test of src/vm/ref.c: local reference frames, deletion, growth with stable
 * addresses, release after native calls, global/weak tables and reference types. Runs
 * without booting a VM: the objects are fake (ref.c never looks inside them) and the
 * thread record is a zeroed Thread. Exit status 0 means pass.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm/ref.h"
#include "vm/thread.h"

static int failures;

#define CHECK(cond)                                                                         \
    do {                                                                                    \
        if (!(cond)) {                                                                      \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);        \
            failures++;                                                                     \
        }                                                                                   \
    } while (0)

static Object fake[64]; /* stand-ins for heap objects */

typedef struct Counter {
    RootVisitor v;
    int count;
    RootKind kind;
} Counter;

static void count_visit(RootVisitor *v, Object **slot, RootKind kind)
{
    Counter *c = (Counter *)v;
    if (*slot != NULL) c->count++;
    c->kind = kind;
}

static int count_locals(Thread *t)
{
    Counter c = {{count_visit}, 0, ROOT_OTHER};
    ref_visit_locals(t, &c.v);
    return c.count;
}

static int count_globals(void)
{
    Counter c = {{count_visit}, 0, ROOT_OTHER};
    ref_visit_globals(&c.v);
    return c.count;
}

static void test_locals(Thread *t)
{
    LocalRefs *l = &t->locals;
    CHECK(ref_new_local(t, NULL) == NULL);
    jobject a = ref_new_local(t, &fake[0]);
    jobject b = ref_new_local(t, &fake[1]);
    jobject c = ref_new_local(t, &fake[2]);
    CHECK(ref_get(a) == &fake[0] && ref_get(b) == &fake[1] && ref_get(c) == &fake[2]);
    CHECK(ref_type(t, b) == REF_TYPE_LOCAL);
    CHECK(l->top == 3 && count_locals(t) == 3);

    /* Deleting a non-top ref only clears it; deleting the top pops it and the cleared
     * slots below it. */
    ref_delete_local(t, b);
    CHECK(l->top == 3 && ref_get(b) == NULL && count_locals(t) == 2);
    ref_delete_local(t, c);
    CHECK(l->top == 1);
    ref_delete_local(t, a);
    CHECK(l->top == 0);

    /* Growth keeps earlier references valid (the slots never move). */
    jobject first = ref_new_local(t, &fake[3]);
    for (int i = 0; i < 300000; i++) ref_new_local(t, &fake[i % 64]);
    CHECK(ref_get(first) == &fake[3]);
    CHECK(l->top == 300001 && l->capacity >= 300001);
    CHECK(ref_ensure_local_capacity(t, 1000000));
    CHECK(l->capacity >= l->top + 1000000);

    /* A native-method scope: mark, run, release. */
    uint32_t mark = ref_mark(t), saved = l->frame_base;
    l->frame_base = mark;
    jobject in_native = ref_new_local(t, &fake[4]);
    CHECK(ref_type(t, in_native) == REF_TYPE_LOCAL);
    CHECK(ref_push_frame(t, 10)); /* a frame the native "forgets" to pop */
    ref_new_local(t, &fake[5]);
    ref_release_to(t, mark, saved);
    CHECK(l->top == mark && l->frame_base == saved);
    CHECK(ref_type(t, in_native) == REF_TYPE_INVALID); /* beyond top now */

    /* Deleting the top never pops below the frame base. */
    l->frame_base = mark;
    jobject x = ref_new_local(t, &fake[6]);
    ref_delete_local(t, first); /* an outer local: cleared, not popped */
    CHECK(ref_get(first) == NULL);
    ref_delete_local(t, x);
    CHECK(l->top == mark);
    ref_release_to(t, mark, saved);

    /* A native that pops more than it pushed: re-exposed slots come back cleared. */
    uint32_t top0 = l->top;
    l->top = top0 - 5;
    ref_release_to(t, top0, saved);
    for (uint32_t i = top0 - 5; i < top0; i++) CHECK(l->slots[i] == NULL);
    l->top = 0;
    l->frame_base = 0;
}

static void test_frames(Thread *t)
{
    LocalRefs *l = &t->locals;
    jobject outer = ref_new_local(t, &fake[7]);
    /* PopLocalFrame without a frame returns its argument untouched. */
    CHECK(ref_pop_frame(t, outer) == outer && l->top == 1);

    CHECK(ref_push_frame(t, 4));
    uint32_t base1 = l->frame_base;
    for (int i = 0; i < 100; i++) ref_new_local(t, &fake[8]);
    CHECK(ref_push_frame(t, 0));
    jobject deep = ref_new_local(t, &fake[9]);
    CHECK(count_locals(t) == 1 + 100 + 1); /* markers are not visited */
    jobject r1 = ref_pop_frame(t, deep);
    CHECK(l->frame_base == base1 && ref_get(r1) == &fake[9]);
    jobject r2 = ref_pop_frame(t, r1);
    CHECK(l->frame_base == 0 && l->top == 2 && ref_get(r2) == &fake[9]);
    CHECK(ref_get(outer) == &fake[7]);
    CHECK(ref_push_frame(t, 1));
    CHECK(ref_pop_frame(t, NULL) == NULL && l->top == 2);
    /* A deleted marker position is not mistaken for a reference. */
    CHECK(ref_push_frame(t, 0));
    jobject marker = (jobject)&l->slots[l->frame_base - 1];
    CHECK(ref_type(t, marker) == REF_TYPE_INVALID);
    ref_delete_local(t, marker);
    CHECK(ref_pop_frame(t, NULL) == NULL && l->top == 2 && l->frame_base == 0);
    l->top = 0;
}

static void test_globals(Thread *t)
{
    int before = count_globals();
    CHECK(ref_new_global(NULL) == NULL && ref_new_weak(NULL) == NULL);
    jobject g[3000];
    for (int i = 0; i < 3000; i++) g[i] = ref_new_global(&fake[i % 64]);
    CHECK(count_globals() == before + 3000);
    CHECK(ref_type(t, g[2999]) == REF_TYPE_GLOBAL);
    for (int i = 0; i < 3000; i += 2) ref_delete_global(g[i]);
    ref_delete_global(g[0]); /* twice: ignored */
    CHECK(count_globals() == before + 1500);
    CHECK(ref_type(t, g[0]) == REF_TYPE_INVALID && ref_type(t, g[1]) == REF_TYPE_GLOBAL);
    CHECK(ref_get(g[1]) == &fake[1]);
    /* Freed slots are reused. */
    jobject again = ref_new_global(&fake[10]);
    int reused = 0;
    for (int i = 0; i < 3000; i += 2) reused |= again == g[i];
    CHECK(reused);
    ref_delete_global(again);
    for (int i = 1; i < 3000; i += 2) ref_delete_global(g[i]);
    CHECK(count_globals() == before);

    jweak w = ref_new_weak(&fake[11]);
    CHECK(((uintptr_t)w & 1) == 1 && ref_get(w) == &fake[11]);
    CHECK(ref_type(t, w) == REF_TYPE_WEAK);
    CHECK(count_globals() == before); /* weak slots are not roots */
    ref_delete_global(w);             /* wrong kind: ignored */
    CHECK(ref_type(t, w) == REF_TYPE_WEAK);
    ref_delete_weak(w);
    CHECK(ref_type(t, w) == REF_TYPE_INVALID);

    jobject l = ref_new_local(t, &fake[12]);
    ref_delete_global(l); /* a local: ignored */
    CHECK(ref_get(l) == &fake[12] && ref_type(t, l) == REF_TYPE_LOCAL);
    CHECK(ref_type(t, NULL) == REF_TYPE_INVALID);
    CHECK(ref_type(t, (jobject)&fake[0]) == REF_TYPE_INVALID);
    ref_delete_local(t, l);
}

int main(void)
{
    os_init();
    ref_init();
    Thread *t = calloc(1, sizeof *t);
    ref_thread_init(t);
    test_locals(t);
    test_frames(t);
    test_globals(t);
    ref_thread_destroy(t);
    CHECK(t->locals.slots == NULL);
    free(t);
    if (failures) fprintf(stderr, "%d failures\n", failures);
    else printf("test_jni_refs: all checks passed\n");
    return failures != 0;
}
