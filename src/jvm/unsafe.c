// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * unsafe.c — the natives of jdk.internal.misc.Unsafe (all 69, plus registerNatives).
 *
 * Addressing: every memory access takes (Object base, long offset). With a base, offset is
 * a byte offset inside that heap object — a field offset from objectFieldOffset (Field.offset,
 * from the object start), a static field offset inside the class mirror that
 * staticFieldBase returns, or ARRAY_BASE_OFFSET + index * scale for arrays. With a null
 * base, offset is an absolute address (off-heap memory from allocateMemory, direct
 * buffers). Both cases reduce to `(uintptr_t)base + offset`, which is why the address
 * computation has no branch. Objects never move (heap.h), so an address computed here
 * stays valid for the whole call; no checks are made, exactly as in HotSpot: Unsafe is
 * trusted code's tool, and Java-side wrappers do the argument checking that exists.
 *
 * Memory ordering (JDK 9+ Unsafe, JLS 17):
 *   plain get/put       single-copy atomic for the access width (relaxed __atomic
 *                       accesses: one instruction, never torn, no fence)
 *   *Volatile           sequentially consistent loads and stores
 *   compareAndSet{Int,Long,Reference}, compareAndExchange{...}: sequentially consistent
 *                       CAS; the exchange forms return the witness value. Byte, short,
 *                       char and boolean CAS and every getAndAdd/getAndSet are Java code
 *                       on top of these in JDK 17.
 *   loadFence/storeFence/fullFence       acquire / release / seq_cst fences
 * The collector is stop-the-world and non-moving, so reference stores need no barrier.
 *
 * Bulk operations (setMemory0, copyMemory0, copySwapMemory0) honour the Unsafe contract
 * that transfers happen in coherent units: 8 bytes when both addresses and the length are
 * multiples of 8, else 4, else 2, else bytes. They run in TS_JAVA without polling, like
 * HotSpot's leaf copies; Java callers bound the chunk sizes of big copies.
 *
 * Threads: everything runs on the calling thread in TS_JAVA. park blocks through
 * thread_park (thread.h), which makes the thread safe; nothing else blocks.
 */
#include <stdlib.h>
#include <string.h>

#include "../vm/class.h"
#include "../vm/exception.h"
#include "../vm/loader.h"
#include "../vm/object.h"
#include "../vm/reflect.h"
#include "../vm/string.h"
#include "../vm/sym.h"
#include "../vm/thread.h"
#include "../vm/wellknown.h"
#include "natives.h"
#include "../jvmti/jvmti_vm.h" /* event hooks */

/* Receiver is args[0]; (base, offset) of the accessors are args[1] and args[2..3]. */
static inline void *address(Object *base, int64_t offset)
{
    return (void *)((uintptr_t)base + (uintptr_t)offset);
}
#define ACCESS_ADDR(args) address((args)[1].l, (args)[2].j)

static inline float float_from_bits(uint32_t b)
{
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}
static inline uint32_t float_to_bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}
static inline double double_from_bits(uint64_t b)
{
    double d;
    memcpy(&d, &b, sizeof d);
    return d;
}
static inline uint64_t double_to_bits(double d)
{
    uint64_t b;
    memcpy(&b, &d, sizeof b);
    return b;
}

/* ---- get/put and their volatile forms ----
 *
 * ACCESSORS(Name, T, field, TO_JAVA, FROM_JAVA) defines get<Name>, put<Name>,
 * get<Name>Volatile and put<Name>Volatile. T is the storage type, `field` the Slot member
 * holding the Java value, TO_JAVA converts a loaded T to that value and FROM_JAVA a Java
 * value (`x`) to T. Floating-point values travel as their bit patterns so the atomic
 * builtins see integers. The value of a put is args[4] (long/double: slots 4-5).
 * Boolean is normalized like HotSpot: stores keep bit 0, loads return v != 0.
 */
#define ACCESSORS(Name, T, field, TO_JAVA, FROM_JAVA)                                       \
    static void unsafe_get##Name(Thread *t, Slot *args, Slot *ret)                         \
    {                                                                                       \
        T v = __atomic_load_n((T *)ACCESS_ADDR(args), __ATOMIC_RELAXED);                    \
        ret->field = TO_JAVA;                                                               \
    }                                                                                       \
    static void unsafe_put##Name(Thread *t, Slot *args, Slot *ret)                         \
    {                                                                                       \
        __typeof__(args[4].field) x = args[4].field;                                        \
        __atomic_store_n((T *)ACCESS_ADDR(args), (T)(FROM_JAVA), __ATOMIC_RELAXED);         \
    }                                                                                       \
    static void unsafe_get##Name##Volatile(Thread *t, Slot *args, Slot *ret)               \
    {                                                                                       \
        T v = __atomic_load_n((T *)ACCESS_ADDR(args), __ATOMIC_SEQ_CST);                    \
        ret->field = TO_JAVA;                                                               \
    }                                                                                       \
    static void unsafe_put##Name##Volatile(Thread *t, Slot *args, Slot *ret)               \
    {                                                                                       \
        __typeof__(args[4].field) x = args[4].field;                                        \
        __atomic_store_n((T *)ACCESS_ADDR(args), (T)(FROM_JAVA), __ATOMIC_SEQ_CST);         \
    }

ACCESSORS(Reference, Object *, l, v, x)
ACCESSORS(Boolean, uint8_t, i, v != 0, x & 1)
ACCESSORS(Byte, int8_t, i, v, x)
ACCESSORS(Short, int16_t, i, v, x)
ACCESSORS(Char, uint16_t, i, v, x)
ACCESSORS(Int, int32_t, i, v, x)
ACCESSORS(Long, int64_t, j, v, x)
ACCESSORS(Float, uint32_t, f, float_from_bits(v), float_to_bits(x))
ACCESSORS(Double, uint64_t, d, double_from_bits(v), double_to_bits(x))

/* getUncompressedObject(long address): a reference stored at an absolute address. */
static void unsafe_getUncompressedObject(Thread *t, Slot *args, Slot *ret)
{
    ret->l = __atomic_load_n((Object **)address(NULL, args[1].j), __ATOMIC_RELAXED);
}

/* ---- compare-and-set / compare-and-exchange ----
 * Int and Reference: expected args[4], new value args[5]. Long: args[4-5], args[6-7]. */

static void unsafe_compareAndSetInt(Thread *t, Slot *args, Slot *ret)
{
    int32_t expected = args[4].i;
    ret->i = __atomic_compare_exchange_n((int32_t *)ACCESS_ADDR(args), &expected, args[5].i,
                                         false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

static void unsafe_compareAndExchangeInt(Thread *t, Slot *args, Slot *ret)
{
    int32_t witness = args[4].i;
    __atomic_compare_exchange_n((int32_t *)ACCESS_ADDR(args), &witness, args[5].i, false,
                                __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    ret->i = witness;
}

static void unsafe_compareAndSetLong(Thread *t, Slot *args, Slot *ret)
{
    int64_t expected = args[4].j;
    ret->i = __atomic_compare_exchange_n((int64_t *)ACCESS_ADDR(args), &expected, args[6].j,
                                         false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

static void unsafe_compareAndExchangeLong(Thread *t, Slot *args, Slot *ret)
{
    int64_t witness = args[4].j;
    __atomic_compare_exchange_n((int64_t *)ACCESS_ADDR(args), &witness, args[6].j, false,
                                __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    ret->j = witness;
}

static void unsafe_compareAndSetReference(Thread *t, Slot *args, Slot *ret)
{
    Object *expected = args[4].l;
    ret->i = __atomic_compare_exchange_n((Object **)ACCESS_ADDR(args), &expected, args[5].l,
                                         false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

static void unsafe_compareAndExchangeReference(Thread *t, Slot *args, Slot *ret)
{
    Object *witness = args[4].l;
    __atomic_compare_exchange_n((Object **)ACCESS_ADDR(args), &witness, args[5].l, false,
                                __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    ret->l = witness;
}

/* ---- fences ---- */

static void unsafe_loadFence(Thread *t, Slot *args, Slot *ret)
{
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
}

static void unsafe_storeFence(Thread *t, Slot *args, Slot *ret)
{
    __atomic_thread_fence(__ATOMIC_RELEASE);
}

static void unsafe_fullFence(Thread *t, Slot *args, Slot *ret)
{
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

/* ---- off-heap memory ----
 * The Java wrappers reject negative sizes, round sizes up to 8, turn size 0 into "no
 * allocation" and throw OutOfMemoryError when we return 0. malloc's alignment (16) is
 * more than the 8 Java assumes. */

static void unsafe_allocateMemory0(Thread *t, Slot *args, Slot *ret)
{
    ret->j = (int64_t)(uintptr_t)malloc((size_t)args[1].j);
}

static void unsafe_reallocateMemory0(Thread *t, Slot *args, Slot *ret)
{
    ret->j = (int64_t)(uintptr_t)realloc(address(NULL, args[1].j), (size_t)args[3].j);
}

static void unsafe_freeMemory0(Thread *t, Slot *args, Slot *ret)
{
    free(address(NULL, args[1].j));
}

/* The largest coherent unit (8, 4, 2 or 1 bytes) for a transfer between a and b of n
 * bytes: every address and the length must be multiples of it. */
static inline size_t coherent_unit(uintptr_t a, uintptr_t b, size_t n)
{
    uintptr_t bits = a | b | (uintptr_t)n;
    if ((bits & 7) == 0) return 8;
    if ((bits & 3) == 0) return 4;
    if ((bits & 1) == 0) return 2;
    return 1;
}

/* FILL_COPY(bits) defines fill<bits> and copy<bits>: unit-by-unit transfers with one
 * atomic access per unit (the compiler may not merge or split them). copy runs backward
 * when the destination overlaps the end of the source, like memmove. */
#define FILL_COPY(bits)                                                                     \
    static void fill##bits(uint##bits##_t *d, size_t n, uint##bits##_t v)                   \
    {                                                                                       \
        for (size_t i = 0; i < n; i++) __atomic_store_n(&d[i], v, __ATOMIC_RELAXED);        \
    }                                                                                       \
    static void copy##bits(uint##bits##_t *d, const uint##bits##_t *s, size_t n)            \
    {                                                                                       \
        if ((uintptr_t)d > (uintptr_t)s && (uintptr_t)d < (uintptr_t)(s + n)) {             \
            for (size_t i = n; i-- > 0;)                                                    \
                __atomic_store_n(&d[i], __atomic_load_n(&s[i], __ATOMIC_RELAXED),           \
                                 __ATOMIC_RELAXED);                                         \
        } else {                                                                            \
            for (size_t i = 0; i < n; i++)                                                  \
                __atomic_store_n(&d[i], __atomic_load_n(&s[i], __ATOMIC_RELAXED),           \
                                 __ATOMIC_RELAXED);                                         \
        }                                                                                   \
    }
FILL_COPY(16)
FILL_COPY(32)
FILL_COPY(64)

/* setMemory0(Object o, long offset, long bytes, byte value) */
static void unsafe_setMemory0(Thread *t, Slot *args, Slot *ret)
{
    void *p = address(args[1].l, args[2].j);
    size_t n = (size_t)args[4].j;
    uint8_t v = (uint8_t)args[6].i;
    switch (coherent_unit((uintptr_t)p, (uintptr_t)p, n)) {
    case 8: fill64(p, n / 8, v * UINT64_C(0x0101010101010101)); break;
    case 4: fill32(p, n / 4, v * UINT32_C(0x01010101)); break;
    case 2: fill16(p, n / 2, (uint16_t)(v * 0x0101u)); break;
    default: memset(p, v, n); break; /* byte stores are always coherent */
    }
}

/* copyMemory0(Object srcBase, long srcOffset, Object destBase, long destOffset, long bytes) */
static void unsafe_copyMemory0(Thread *t, Slot *args, Slot *ret)
{
    const void *src = address(args[1].l, args[2].j);
    void *dst = address(args[4].l, args[5].j);
    size_t n = (size_t)args[7].j;
    switch (coherent_unit((uintptr_t)src, (uintptr_t)dst, n)) {
    case 8: copy64(dst, src, n / 8); break;
    case 4: copy32(dst, src, n / 4); break;
    case 2: copy16(dst, src, n / 2); break;
    default: memmove(dst, src, n); break;
    }
}

/* SWAP_COPY(bits) defines swap_copy<bits>: copies n elements of bits/8 bytes, reversing
 * the byte order of each. Elements may be unaligned (memcpy of one element is a single
 * load or store); overlapping ranges are handled like memmove. */
#define SWAP_COPY(bits)                                                                     \
    static void swap_copy##bits(char *d, const char *s, size_t n)                           \
    {                                                                                       \
        const size_t w = bits / 8;                                                          \
        bool backward = (uintptr_t)d > (uintptr_t)s && (uintptr_t)d < (uintptr_t)s + n * w; \
        for (size_t k = 0; k < n; k++) {                                                    \
            size_t i = backward ? n - 1 - k : k;                                            \
            uint##bits##_t e;                                                               \
            memcpy(&e, s + i * w, w);                                                       \
            e = __builtin_bswap##bits(e);                                                   \
            memcpy(d + i * w, &e, w);                                                       \
        }                                                                                   \
    }
SWAP_COPY(16)
SWAP_COPY(32)
SWAP_COPY(64)

/* copySwapMemory0(srcBase, srcOffset, destBase, destOffset, long bytes, long elemSize);
 * Java has checked elemSize in {2, 4, 8} and bytes % elemSize == 0. */
static void unsafe_copySwapMemory0(Thread *t, Slot *args, Slot *ret)
{
    const char *src = address(args[1].l, args[2].j);
    char *dst = address(args[4].l, args[5].j);
    size_t n = (size_t)args[7].j;
    switch (args[9].j) {
    case 2: swap_copy16(dst, src, n / 2); break;
    case 4: swap_copy32(dst, src, n / 4); break;
    case 8: swap_copy64(dst, src, n / 8); break;
    default: exc_throw(t, "java/lang/IllegalArgumentException", NULL); break;
    }
}

/* ---- field and array addressing ----
 * Offsets agree with everything else that addresses fields: Field.offset is what the
 * interpreter, reflection and MethodHandleNatives use. Static fields live in the mirror
 * (docs/design.md, "Objects"), so staticFieldBase is the mirror. */

/* The VM Field of a java.lang.reflect.Field that must (or must not) be static; throws
 * IllegalArgumentException on a mismatch, as HotSpot's find_field_offset does. */
static Field *reflected_field(Thread *t, Object *reflected, bool want_static)
{
    Field *f = reflect_to_field(reflected);
    if (f == NULL) {
        exc_throw(t, "java/lang/IllegalArgumentException", "not a field");
        return NULL;
    }
    if (((f->access & ACC_STATIC) != 0) != want_static) {
        exc_throw(t, "java/lang/IllegalArgumentException", NULL);
        return NULL;
    }
    return f;
}

static void unsafe_objectFieldOffset0(Thread *t, Slot *args, Slot *ret)
{
    Field *f = reflected_field(t, args[1].l, false);
    ret->j = f != NULL ? (int64_t)f->offset : 0;
}

static void unsafe_staticFieldOffset0(Thread *t, Slot *args, Slot *ret)
{
    Field *f = reflected_field(t, args[1].l, true);
    ret->j = f != NULL ? (int64_t)f->offset : 0;
}

static void unsafe_staticFieldBase0(Thread *t, Slot *args, Slot *ret)
{
    Field *f = reflected_field(t, args[1].l, true);
    ret->l = f != NULL ? f->clazz->mirror : NULL;
}

/* objectFieldOffset1(Class c, String name): a field declared by c itself, found by name
 * alone (JDK code uses it for its own classes' instance fields). Like HotSpot, a missing
 * field is an InternalError. */
static void unsafe_objectFieldOffset1(Thread *t, Slot *args, Slot *ret)
{
    Class *c = class_from_mirror(args[1].l);
    char *name = str_to_mutf8(args[2].l);
    const char *s = sym_lookup(name, strlen(name)); /* never interned: no field has it */
    ret->j = 0;
    for (uint16_t i = 0; s != NULL && i < c->field_count; i++) {
        if (c->fields[i].name == s && !c->fields[i].deleted) {
            ret->j = c->fields[i].offset;
            free(name);
            return;
        }
    }
    exc_throw(t, "java/lang/InternalError", "%s", name);
    free(name);
}

static Class *array_class_arg(Thread *t, Object *mirror)
{
    Class *c = class_from_mirror(mirror);
    if (!class_is_array(c)) {
        char name[512];
        class_external_name(c, name, sizeof name);
        exc_throw(t, "java/lang/IllegalArgumentException", "not an array class: %s", name);
        return NULL;
    }
    return c;
}

static void unsafe_arrayBaseOffset0(Thread *t, Slot *args, Slot *ret)
{
    ret->i = array_class_arg(t, args[1].l) != NULL ? ARRAY_BASE_OFFSET : 0;
}

static void unsafe_arrayIndexScale0(Thread *t, Slot *args, Slot *ret)
{
    Class *c = array_class_arg(t, args[1].l);
    ret->i = c != NULL ? 1 << c->elem_shift : 0;
}

/* ---- classes and objects ---- */

/* Array and primitive classes never need initialization (HotSpot: only InstanceKlass
 * overrides should_be_initialized). A class in the ERROR state "should be initialized":
 * trying again throws NoClassDefFoundError, which is what callers expect. */
static bool needs_init(const Class *c)
{
    return !class_is_array(c) && !class_is_primitive(c) && !class_is_initialized(c);
}

static void unsafe_shouldBeInitialized0(Thread *t, Slot *args, Slot *ret)
{
    ret->i = needs_init(class_from_mirror(args[1].l));
}

static void unsafe_ensureClassInitialized0(Thread *t, Slot *args, Slot *ret)
{
    Class *c = class_from_mirror(args[1].l);
    if (needs_init(c)) class_init(t, c);
}

/* allocateInstance(Class): an instance with every field zero, no constructor run, after
 * initializing the class. Rejections follow HotSpot's InstanceKlass::allocate_instance:
 * primitive classes InstantiationException without message; interfaces, abstract classes
 * and arrays (whose access flags are abstract) InstantiationException naming the class;
 * java.lang.Class IllegalAccessException naming it (mirrors are made only by the VM). */
static void unsafe_allocateInstance(Thread *t, Slot *args, Slot *ret)
{
    Class *c = class_from_mirror(args[1].l);
    ret->l = NULL;
    if (class_is_primitive(c)) {
        exc_throw(t, "java/lang/InstantiationException", NULL);
        return;
    }
    if (class_is_array(c) || class_is_interface(c) || (c->access & ACC_ABSTRACT) != 0 ||
        c == wk.Class) {
        char name[512];
        class_external_name(c, name, sizeof name);
        exc_throw(t,
                  c == wk.Class ? "java/lang/IllegalAccessException"
                                : "java/lang/InstantiationException",
                  "%s", name);
        return;
    }
    if (!class_ensure_init(t, c)) return;
    ret->l = obj_new(t, c);
    if (unlikely(jvmti_want(JVMTI_EVENT_VM_OBJECT_ALLOC)) && ret->l) jvmti_post_vm_object_alloc(t, ret->l);
}

/* defineClass0(String name, byte[] b, int off, int len, ClassLoader loader,
 *              ProtectionDomain pd): a plain (not hidden) class, like JVM_DefineClass.
 * The bytes are passed in place: cf_parse copies them before anything can run. */
static void unsafe_defineClass0(Thread *t, Slot *args, Slot *ret)
{
    Object *name = args[1].l;
    Array *b = (Array *)args[2].l;
    int32_t off = args[3].i, len = args[4].i;
    ret->l = NULL;
    if (b == NULL) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
        return;
    }
    if (off < 0 || len < 0 || off > b->length - len) {
        exc_throw(t, "java/lang/ArrayIndexOutOfBoundsException",
                  "Array region %d..%lld out of bounds for length %d", off,
                  (long long)off + len, b->length);
        return;
    }
    const char *cname = name != NULL ? str_to_internal_name_sym(name) : NULL;
    Class *c = loader_define(t, args[5].l, cname, (const uint8_t *)array_data(b) + off,
                             (size_t)len, args[6].l, NULL, 0, NULL, NULL);
    if (c != NULL) ret->l = c->mirror;
}

/* throwException(Throwable): throws it without the compiler's checked-exception rules. */
static void unsafe_throwException(Thread *t, Slot *args, Slot *ret)
{
    if (args[1].l == NULL)
        exc_throw(t, "java/lang/NullPointerException", NULL);
    else
        exc_set(t, args[1].l);
}

/* ---- threads ---- */

/* park(boolean isAbsolute, long time): thread_park implements the LockSupport contract
 * (consume the permit or block until unpark, interrupt, the deadline — absolute ms since
 * the epoch or relative ns, 0 relative = forever — or spuriously; return at once for a
 * negative or zero-absolute time; never clear the interrupt). */
static void unsafe_park(Thread *t, Slot *args, Slot *ret)
{
    thread_park(t, args[1].i != 0, args[2].j);
}

/* unpark(Object thread): no effect on null or on a thread that has not started or has
 * ended (it has no VM record then). Calling thread_from_jthread and thread_unpark while
 * in TS_JAVA keeps the target record alive: thread.c frees records only after a
 * safepoint, which cannot complete while we run. */
static void unsafe_unpark(Thread *t, Slot *args, Slot *ret)
{
    Object *jthread = args[1].l;
    if (jthread == NULL) return;
    Thread *target = thread_from_jthread(jthread);
    if (target != NULL) thread_unpark(target);
}

/* ---- misc ---- */

/* getLoadAverage0(double[] loadavg, int nelems): the Java wrapper has checked
 * 0 <= nelems <= min(3, loadavg.length). Returns the samples stored, or -1. */
static void unsafe_getLoadAverage0(Thread *t, Slot *args, Slot *ret)
{
    Array *a = (Array *)args[1].l;
    int n = args[2].i;
    double la[3];
    if (a == NULL) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
        return;
    }
    if (n < 0 || n > 3 || n > a->length) {
        exc_throw(t, "java/lang/ArrayIndexOutOfBoundsException", NULL);
        return;
    }
    int got = getloadavg(la, n);
    if (got > 0) memcpy(array_data(a), la, (size_t)got * sizeof la[0]);
    ret->i = got < 0 ? -1 : got;
}

/* Cache-line writeback (persistent memory mappings). Java calls these only when
 * UnsafeConstants.DATA_CACHE_LINE_FLUSH_SIZE is non-zero; the VM publishes 0 there, as
 * HotSpot does where the platform has no writeback, so reaching them is a VM bug worth
 * an exception rather than a silent no-op that would fake durability. */
static void unsafe_writeback0(Thread *t, Slot *args, Slot *ret)
{
    exc_throw(t, "java/lang/UnsupportedOperationException", "Unsafe.writeback0");
}

static void unsafe_writebackPreSync0(Thread *t, Slot *args, Slot *ret)
{
    exc_throw(t, "java/lang/UnsupportedOperationException", "Unsafe.writebackPreSync0");
}

static void unsafe_writebackPostSync0(Thread *t, Slot *args, Slot *ret)
{
    exc_throw(t, "java/lang/UnsupportedOperationException", "Unsafe.writebackPostSync0");
}

/* registerNatives: every native above is pre-registered (natives.c). */
static void unsafe_registerNatives(Thread *t, Slot *args, Slot *ret) {}

/* Leaves (class.h VMLeaf) of the accessors, compare-and-set/exchange and fences: the
 * interpreter calls them without a frame while no tool looks. */
#define ACCESSOR_LEAVES(Name)                                                               \
    VM_LEAF(unsafe_get##Name)                                                               \
    VM_LEAF(unsafe_put##Name)                                                               \
    VM_LEAF(unsafe_get##Name##Volatile)                                                     \
    VM_LEAF(unsafe_put##Name##Volatile)
ACCESSOR_LEAVES(Reference)
ACCESSOR_LEAVES(Boolean)
ACCESSOR_LEAVES(Byte)
ACCESSOR_LEAVES(Short)
ACCESSOR_LEAVES(Char)
ACCESSOR_LEAVES(Int)
ACCESSOR_LEAVES(Long)
ACCESSOR_LEAVES(Float)
ACCESSOR_LEAVES(Double)
VM_LEAF(unsafe_compareAndSetInt)
VM_LEAF(unsafe_compareAndExchangeInt)
VM_LEAF(unsafe_compareAndSetLong)
VM_LEAF(unsafe_compareAndExchangeLong)
VM_LEAF(unsafe_compareAndSetReference)
VM_LEAF(unsafe_compareAndExchangeReference)
VM_LEAF(unsafe_loadFence)
VM_LEAF(unsafe_storeFence)
VM_LEAF(unsafe_fullFence)

#define U "jdk/internal/misc/Unsafe"
#define OJ "(Ljava/lang/Object;J)"
#define OJ_ "(Ljava/lang/Object;J"
#define ACCESSOR_ENTRIES(Name, D)                                                           \
    {U, "get" #Name, OJ D, unsafe_get##Name, unsafe_get##Name##_leaf},                      \
    {U, "put" #Name, OJ_ D ")V", unsafe_put##Name, unsafe_put##Name##_leaf},                \
    {U, "get" #Name "Volatile", OJ D, unsafe_get##Name##Volatile,                           \
     unsafe_get##Name##Volatile_leaf},                                                      \
    {U, "put" #Name "Volatile", OJ_ D ")V", unsafe_put##Name##Volatile,                     \
     unsafe_put##Name##Volatile_leaf}

const VMNativeEntry jvm_unsafe_natives[] = {
    {U, "registerNatives", "()V", unsafe_registerNatives},
    ACCESSOR_ENTRIES(Reference, "Ljava/lang/Object;"),
    ACCESSOR_ENTRIES(Boolean, "Z"),
    ACCESSOR_ENTRIES(Byte, "B"),
    ACCESSOR_ENTRIES(Short, "S"),
    ACCESSOR_ENTRIES(Char, "C"),
    ACCESSOR_ENTRIES(Int, "I"),
    ACCESSOR_ENTRIES(Long, "J"),
    ACCESSOR_ENTRIES(Float, "F"),
    ACCESSOR_ENTRIES(Double, "D"),
    {U, "getUncompressedObject", "(J)Ljava/lang/Object;", unsafe_getUncompressedObject},

    {U, "compareAndSetInt", OJ_ "II)Z", unsafe_compareAndSetInt, unsafe_compareAndSetInt_leaf},
    {U, "compareAndExchangeInt", OJ_ "II)I", unsafe_compareAndExchangeInt, unsafe_compareAndExchangeInt_leaf},
    {U, "compareAndSetLong", OJ_ "JJ)Z", unsafe_compareAndSetLong, unsafe_compareAndSetLong_leaf},
    {U, "compareAndExchangeLong", OJ_ "JJ)J", unsafe_compareAndExchangeLong, unsafe_compareAndExchangeLong_leaf},
    {U, "compareAndSetReference", OJ_ "Ljava/lang/Object;Ljava/lang/Object;)Z",
     unsafe_compareAndSetReference, unsafe_compareAndSetReference_leaf},
    {U, "compareAndExchangeReference",
     OJ_ "Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;",
     unsafe_compareAndExchangeReference, unsafe_compareAndExchangeReference_leaf},

    {U, "loadFence", "()V", unsafe_loadFence, unsafe_loadFence_leaf},
    {U, "storeFence", "()V", unsafe_storeFence, unsafe_storeFence_leaf},
    {U, "fullFence", "()V", unsafe_fullFence, unsafe_fullFence_leaf},

    {U, "allocateMemory0", "(J)J", unsafe_allocateMemory0},
    {U, "reallocateMemory0", "(JJ)J", unsafe_reallocateMemory0},
    {U, "freeMemory0", "(J)V", unsafe_freeMemory0},
    {U, "setMemory0", "(Ljava/lang/Object;JJB)V", unsafe_setMemory0},
    {U, "copyMemory0", "(Ljava/lang/Object;JLjava/lang/Object;JJ)V", unsafe_copyMemory0},
    {U, "copySwapMemory0", "(Ljava/lang/Object;JLjava/lang/Object;JJJ)V",
     unsafe_copySwapMemory0},

    {U, "objectFieldOffset0", "(Ljava/lang/reflect/Field;)J", unsafe_objectFieldOffset0},
    {U, "objectFieldOffset1", "(Ljava/lang/Class;Ljava/lang/String;)J",
     unsafe_objectFieldOffset1},
    {U, "staticFieldOffset0", "(Ljava/lang/reflect/Field;)J", unsafe_staticFieldOffset0},
    {U, "staticFieldBase0", "(Ljava/lang/reflect/Field;)Ljava/lang/Object;",
     unsafe_staticFieldBase0},
    {U, "arrayBaseOffset0", "(Ljava/lang/Class;)I", unsafe_arrayBaseOffset0},
    {U, "arrayIndexScale0", "(Ljava/lang/Class;)I", unsafe_arrayIndexScale0},

    {U, "shouldBeInitialized0", "(Ljava/lang/Class;)Z", unsafe_shouldBeInitialized0},
    {U, "ensureClassInitialized0", "(Ljava/lang/Class;)V", unsafe_ensureClassInitialized0},
    {U, "allocateInstance", "(Ljava/lang/Class;)Ljava/lang/Object;", unsafe_allocateInstance},
    {U, "defineClass0",
     "(Ljava/lang/String;[BIILjava/lang/ClassLoader;Ljava/security/ProtectionDomain;)"
     "Ljava/lang/Class;",
     unsafe_defineClass0},
    {U, "throwException", "(Ljava/lang/Throwable;)V", unsafe_throwException},

    {U, "park", "(ZJ)V", unsafe_park},
    {U, "unpark", "(Ljava/lang/Object;)V", unsafe_unpark},

    {U, "getLoadAverage0", "([DI)I", unsafe_getLoadAverage0},
    {U, "writeback0", "(J)V", unsafe_writeback0},
    {U, "writebackPreSync0", "()V", unsafe_writebackPreSync0},
    {U, "writebackPostSync0", "()V", unsafe_writebackPostSync0},
    {NULL},
};
