// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * object.c — creating objects and arrays, cloning, identity hashes, instanceof.
 *
 * Every allocation goes through heap_alloc, which hands out zeroed memory; the header is
 * written here before the thread can reach a safepoint. Objects of classes with a
 * non-trivial finalize() are registered with java.lang.ref.Finalizer right after
 * allocation (HotSpot's -XX:-RegisterFinalizersAtInit behaviour).
 */
#include "object.h"

#include <string.h>

#include "exception.h"
#include "heap.h"
#include "interp.h"
#include "loader.h"
#include "sym.h"
#include "thread.h"
#include "wellknown.h"
#include "../jvmti/jvmti_vm.h" /* event hooks */

/* Largest array the VM creates: HotSpot's limit is a few elements below 2^31. */
#define MAX_ARRAY_LENGTH (INT32_MAX - 2)

static bool register_finalizer(Thread *t, Object *o)
{
    static Method *reg;
    if (reg == NULL) {
        Class *fin = loader_load(t, NULL, sym_intern("java/lang/ref/Finalizer"));
        if (fin == NULL || !class_ensure_init(t, fin)) return false;
        reg = wk_method(fin, sym_intern("register"), sym_intern("(Ljava/lang/Object;)V"));
    }
    Slot arg = {.l = o};
    return interp_call(t, reg, &arg, NULL);
}

Object *obj_new(Thread *t, Class *c)
{
    Object *o = heap_alloc(t, c->instance_size);
    if (unlikely(o == NULL)) return NULL;
    o->klass = c;
    if (unlikely(c->flags & CLASS_F_HAS_FINALIZER) && !register_finalizer(t, o)) return NULL;
    return o;
}

size_t obj_array_bytes(const Class *ac, int32_t length)
{
    return ARRAY_BASE_OFFSET + ((size_t)(uint32_t)length << ac->elem_shift);
}

Array *obj_new_array(Thread *t, Class *ac, int32_t length)
{
    if (unlikely(length < 0)) {
        exc_throw(t, "java/lang/NegativeArraySizeException", "%d", length);
        return NULL;
    }
    if (unlikely(length > MAX_ARRAY_LENGTH)) {
        if (heap_oom_report_hook != NULL) heap_oom_report_hook(t, "Requested array size exceeds VM limit");
        if (jvmti_want(JVMTI_EVENT_RESOURCE_EXHAUSTED))
            jvmti_post_resource_exhausted(t, JVMTI_RESOURCE_EXHAUSTED_OOM_ERROR,
                                          "Requested array size exceeds VM limit");
        exc_throw(t, "java/lang/OutOfMemoryError", "Requested array size exceeds VM limit");
        return NULL;
    }
    Array *a = heap_alloc(t, obj_array_bytes(ac, length));
    if (unlikely(a == NULL)) return NULL;
    a->hdr.klass = ac;
    a->length = length;
    return a;
}

Array *obj_new_prim_array(Thread *t, BasicType bt, int32_t length)
{
    Class *ac = loader_array_of(t, loader_primitive(bt));
    return ac ? obj_new_array(t, ac, length) : NULL;
}

Array *obj_new_ref_array(Thread *t, Class *component, int32_t length)
{
    Class *ac = loader_array_of(t, component);
    return ac ? obj_new_array(t, ac, length) : NULL;
}

Array *obj_new_multi_array(Thread *t, Class *ac, int n, const int32_t *dims)
{
    for (int i = 0; i < n; i++)
        if (dims[i] < 0) {
            exc_throw(t, "java/lang/NegativeArraySizeException", "%d", dims[i]);
            return NULL;
        }
    Array *a = obj_new_array(t, ac, dims[0]);
    if (a == NULL || n == 1) return a;
    Object **elems = array_data(a);
    for (int32_t i = 0; i < dims[0]; i++) {
        Array *sub = obj_new_multi_array(t, ac->component, n - 1, dims + 1);
        if (sub == NULL) return NULL;
        elems[i] = &sub->hdr;
    }
    return a;
}

size_t obj_size(const Object *o)
{
    const Class *c = o->klass;
    if (class_is_array(c)) return obj_array_bytes(c, ((const Array *)o)->length);
    if (c->flags & CLASS_F_MIRROR) return class_from_mirror((Object *)o)->mirror_size;
    return c->instance_size;
}

Object *obj_clone(Thread *t, Object *o)
{
    size_t size = obj_size(o);
    Object *copy = heap_alloc(t, size);
    if (copy == NULL) return NULL;
    memcpy((char *)copy + sizeof(Object), (char *)o + sizeof(Object), size - sizeof(Object));
    copy->klass = o->klass;
    if (unlikely(o->klass->flags & CLASS_F_HAS_FINALIZER) && !register_finalizer(t, copy))
        return NULL;
    return copy;
}

int32_t obj_identity_hash(Thread *t, Object *o)
{
    uint32_t h = atomic_load_explicit(&o->hash, memory_order_relaxed);
    if (likely(h != 0)) return (int32_t)h;
    /* Marsaglia xor-shift on a per-thread seed, 31 bits, never 0 (as HotSpot's default). */
    uint64_t x = t ? t->hash_seed : (uint64_t)(uintptr_t)o * 0x9E3779B97F4A7C15u;
    if (x == 0) x = (uint64_t)(uintptr_t)t * 0x2545F4914F6CDD1Du | 1;
    do {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        h = (uint32_t)(x >> 33) & 0x7fffffff;
    } while (h == 0);
    if (t) t->hash_seed = x;
    uint32_t expected = 0;
    if (!atomic_compare_exchange_strong(&o->hash, &expected, h)) h = expected;
    return (int32_t)h;
}

bool obj_instance_of(const Object *o, const Class *c)
{
    return o != NULL && (o->klass == c || class_is_subclass_of(o->klass, c));
}
