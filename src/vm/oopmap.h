// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * oopmap.h — what each local variable of a Java method holds at a bytecode index: a
 * reference, a primitive value, a return address, nothing yet, or a mix of these on
 * different paths. The classification HotSpot's interpreter oop maps (GenerateOopMap)
 * give, which JVMTI's local-variable functions expose (INVALID_SLOT for a slot with
 * nothing in it, TYPE_MISMATCH between references and values when the method has no
 * LocalVariableTable) and which exact stack-root reporting (FollowReferences) needs.
 *
 * Computed on demand from the method's original bytecode by a data-flow analysis over
 * basic blocks, never during normal execution. Cells merge by union: a local that is a
 * reference on one path and unset on another is OOPMAP_REF|OOPMAP_UNINIT, which is
 * neither dead nor a reference (HotSpot answers the same). Subroutines (jsr/ret, class
 * files before version 51) are merged conservatively: every ret flows to the return
 * point of every jsr.
 *
 * No class loading, no Java code, no allocation on the Java heap: safe on any thread in
 * any state, on a method whose class is linked (its code verified or trusted).
 */
#ifndef GLASS_OOPMAP_H
#define GLASS_OOPMAP_H

#include "class.h"
#include "vm.h"

enum {
    OOPMAP_UNINIT = 1u << 0, /* not assigned on some path */
    OOPMAP_REF = 1u << 1,    /* a reference on some path */
    OOPMAP_VALUE = 1u << 2,  /* a primitive value on some path */
    OOPMAP_ADDR = 1u << 3,   /* a jsr return address on some path */
};

/* A cell holds a reference on every path (HotSpot's is_oop). */
static inline bool oopmap_is_ref(uint8_t cell) { return cell == OOPMAP_REF; }
/* A cell holds nothing usable on any path (HotSpot's is_dead). */
static inline bool oopmap_is_dead(uint8_t cell) { return (cell & (OOPMAP_REF | OOPMAP_VALUE | OOPMAP_ADDR)) == 0; }

/*
 * Fills out[0 .. m->max_locals) with the OOPMAP_* bits of each local of m just before the
 * instruction at `bci` executes. Returns false (out untouched) if m has no code, bci is
 * not the start of an instruction reachable from the method entry, or the code is
 * malformed. Memory is malloc'd and freed before it returns.
 */
bool oopmap_locals_at(const Method *m, int bci, uint8_t *out);

/*
 * The exact references of the interpreted frame f (neither native nor an entry frame) of
 * a thread stopped at a safepoint (or of the caller itself): fn(arg, slot, o) for every
 * local that the oop map says holds a reference at the frame's bci and is not null
 * (slot = its index), then for every operand-stack entry that is a heap object (there is
 * no type map for the operand stack; slot = max_locals + its index). Stops and returns
 * false as soon as fn returns false; true otherwise. Used by JVMTI FollowReferences and
 * the heap dumper (stack-local roots).
 */
typedef bool (*OopmapRefFn)(void *arg, int slot, Object *o);
bool oopmap_frame_refs(Frame *f, OopmapRefFn fn, void *arg);

#endif
