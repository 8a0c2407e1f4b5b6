// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * natives.h — the native methods the VM itself provides to the OpenJDK 17 class library.
 *
 * Two kinds live here (see ../shared/docs/boot-openjdk17.md, b.1):
 *   - natives no JDK library has a symbol for (Object.hashCode/clone/wait/notify*, every
 *     jdk.internal.misc.Unsafe native, Perf, ScopedMemoryAccess, VectorSupport);
 *   - fast versions of hot natives libjava would otherwise serve through a JNI call
 *     (Thread.currentThread, Float/Double bit conversions, System.nanoTime, the simple
 *     Class predicates, ...), with exactly the semantics of the JVM_/JNI function
 *     libjava binds them to.
 * All are VMNative functions (class.h): called by the interpreter without a JNI frame,
 * in state TS_JAVA, arguments in JVM slot order.
 *
 * jvm_natives_register() enters every table with native_register_vm(); the boot code
 * calls it once, before the first class is loaded (native_find_vm is consulted when a
 * class's methods are created). The tables are constant and live forever.
 */
#ifndef GLASS_JVM_NATIVES_H
#define GLASS_JVM_NATIVES_H

#include "../vm/native.h"

/* VM_LEAF(fn): defines fn_leaf, a leaf (class.h VMLeaf) that runs the VMNative fn, for
 * natives that never fail, block, allocate or look at stacks: the interpreter then calls
 * them without a frame while no tool looks. */
#define VM_LEAF(fn)                                                                        \
    static bool fn##_leaf(Thread *t, Slot *args, Slot *ret)                                \
    {                                                                                      \
        ret->raw = 0;                                                                      \
        fn(t, args, ret);                                                                  \
        return true;                                                                       \
    }

/* Registers every table below. Boot only, single-threaded. */
void jvm_natives_register(void);

/* The tables, each terminated by a {NULL} entry. */
extern const VMNativeEntry jvm_object_natives[]; /* natives_object.c: Object, Thread, Float, ... */
extern const VMNativeEntry jvm_unsafe_natives[]; /* unsafe.c: jdk.internal.misc.Unsafe */
extern const VMNativeEntry jvm_misc_natives[];   /* natives_misc.c: Perf, ScopedMemoryAccess, ... */
/* natives_math.c: Math methods HotSpot intrinsifies, and their leaves; jvm_math_init
 * (called first by jvm_natives_register) picks the C library routines they call. */
extern const VMNativeEntry jvm_math_natives[];
void jvm_math_init(void);
/* jvm_array.c: the leaf of System.arraycopy (the native stays JVM_ArrayCopy). */
extern const VMNativeEntry jvm_array_natives[];
/* natives_jfr.c: what jdk.jfr's recording reader needs of jdk.jfr.internal.JVM. */
extern const VMNativeEntry jvm_jfr_natives[];

#endif
