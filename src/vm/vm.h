// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * vm.h — the handful of types every VM module shares.
 *
 * Heap objects start with the 16-byte Object header (klass, monitor word, identity hash);
 * arrays add a 32-bit length and keep their elements at ARRAY_BASE_OFFSET for every
 * element type. A Slot is one operand-stack or local-variable cell: 8 bytes, long and
 * double values use the first of the two slots the JVMS gives them. See docs/design.md.
 *
 * This is deliberately the only "umbrella" header: everything else is one module, one
 * header.
 */
#ifndef GLASS_VM_H
#define GLASS_VM_H

#include <jni.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct Class Class;
typedef struct Method Method;
typedef struct Field Field;
typedef struct Thread Thread;
typedef struct Frame Frame;

/* Every heap object. `lock` and `hash` are owned by monitor.c and object.c. */
typedef struct Object {
    Class *klass;
    _Atomic uint32_t lock;
    _Atomic uint32_t hash;
} Object;

typedef struct Array {
    Object hdr;
    int32_t length;
    uint32_t pad_;
} Array;

#define OBJECT_HEADER_SIZE 16
#define ARRAY_LENGTH_OFFSET 16
#define ARRAY_BASE_OFFSET 24

static inline void *array_data(Array *a) { return (char *)a + ARRAY_BASE_OFFSET; }

/* Field access by byte offset; offsets come from Field.offset. */
#define FIELD_PTR(obj, off, type) ((type *)((char *)(obj) + (off)))
#define FIELD_GET(obj, off, type) (*FIELD_PTR(obj, off, type))
#define FIELD_SET(obj, off, type, v) (*FIELD_PTR(obj, off, type) = (v))

/*
 * Basic types. The primitive values equal the `newarray` atype codes (JVMS 6.5) so that
 * the interpreter can use them directly.
 */
typedef enum BasicType {
    BT_BOOLEAN = 4,
    BT_CHAR = 5,
    BT_FLOAT = 6,
    BT_DOUBLE = 7,
    BT_BYTE = 8,
    BT_SHORT = 9,
    BT_INT = 10,
    BT_LONG = 11,
    BT_OBJECT = 12, /* class or interface reference */
    BT_ARRAY = 13,  /* array reference */
    BT_VOID = 14,
    BT_ILLEGAL = 0,
} BasicType;

static inline bool bt_is_ref(BasicType t) { return t == BT_OBJECT || t == BT_ARRAY; }
static inline bool bt_is_wide(BasicType t) { return t == BT_LONG || t == BT_DOUBLE; }
/* Size in bytes of a field or array element of this type. */
int bt_size(BasicType t);
/* log2 of bt_size. */
int bt_shift(BasicType t);
/* Descriptor character -> type ('I' -> BT_INT, 'L' -> BT_OBJECT, '[' -> BT_ARRAY). */
BasicType bt_from_char(char c);
/* Type -> descriptor character. */
char bt_to_char(BasicType t);
/* Java name of a primitive type ("int"), NULL for references. */
const char *bt_name(BasicType t);

/* One interpreter cell. */
typedef union Slot {
    int32_t i;
    int64_t j;
    float f;
    double d;
    Object *l;
    void *p;
    uintptr_t raw;
} Slot;

/* Stores of 32-bit values into a slot write all 64 bits (an int sign-extended, a float's
 * bits zero-extended). Slots are copied whole (iload, istore, dup, argument passing); a
 * 64-bit load of a slot whose last store wrote only 32 bits cannot be store-forwarded and
 * stalls until that store retires, which made int-heavy interpreter loops ~10-20% slower.
 * Readers still use .i and .f (x86-64 is little-endian: the low half). */
#define SLOT_SET_I(s, v) ((s).j = (int32_t)(v))
#define SLOT_SET_F(s, v) ((s).j = slot_float_bits(v))
#define SLOT_SET_L(s, v) ((s).l = (v))
static inline int64_t slot_float_bits(float f)
{
    Slot s;
    s.j = 0;
    s.f = f;
    return s.j;
}

/* Invariants. VM_ASSERT is live in debug builds (GLASS_DEBUG), panic always. */
__attribute__((noreturn, format(printf, 3, 4))) void vm_panic_at(const char *file, int line,
                                                                 const char *fmt, ...);
#define panic(...) vm_panic_at(__FILE__, __LINE__, __VA_ARGS__)
/* The fatal-error report (src/jvm/errorreport.c, set at boot): vm_panic_at hands it the
 * broken invariant's place and message; it reports and ends the process. Without it the
 * message goes to stderr and the process aborts. */
extern void (*vm_fatal_hook)(const char *file, int line, const char *message);
#ifdef GLASS_DEBUG
#define VM_ASSERT(c) ((c) ? (void)0 : vm_panic_at(__FILE__, __LINE__, "assertion failed: %s", #c))
#else
#define VM_ASSERT(c) ((void)0)
#endif

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define VM_EXPORT __attribute__((visibility("default")))
#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#define ALIGN_UP(x, a) (((x) + ((a)-1)) & ~((__typeof__(x))(a)-1))

/* Memory that must not fail: panics with "out of native memory" when malloc does. */
void *vm_malloc(size_t n);
void *vm_calloc(size_t n, size_t size);
void *vm_realloc(void *p, size_t n);
char *vm_strdup(const char *s);

#endif
