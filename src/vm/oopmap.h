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
 *
 * The collector's stack roots (oopmap_visit_stack) come from the same analysis plus
 * liveness (docs/design.md, "Heap and garbage collection"): a Java frame's local is a
 * root only if it may hold a reference and may be read again (before being written, on
 * some path from the frame's bci, exception handlers included); its operand stack is
 * typed the same way. Maps are computed per (method, bci) the first time a collection
 * finds a frame there and cached with the method (Method.gc_maps); the interpreter does
 * nothing for them. A method at bci 0 (not started yet) keeps its arguments, as its
 * caller did up to the call. A dead reference local is set to NULL by the collection
 * that finds it dead, so nothing — a debugger, FollowReferences — can later read a freed
 * object out of it. While a JVMTI environment has (or once had) can_access_local_variables or
 * can_pop_frame, every local holding a reference on all paths is kept, as HotSpot keeps
 * locals for such tools (PopFrame re-executes the invoke with the callee's arguments).
 */
#ifndef GLASS_OOPMAP_H
#define GLASS_OOPMAP_H

#include "class.h"
#include "heap.h"
#include "vm.h"

enum {
    OOPMAP_UNINIT = 1u << 0, /* not assigned on some path */
    OOPMAP_REF = 1u << 1,    /* a reference on some path */
    OOPMAP_VALUE = 1u << 2,  /* a primitive value on some path */
    OOPMAP_ADDR = 1u << 3,   /* a jsr return address on some path */
    OOPMAP_LIVE = 1u << 4,   /* collector maps only: may be read again (stack: always) */
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
 * The collector's map of a Java frame stopped before the instruction at bci: nloc local
 * cells, then nstk operand-stack cells (OOPMAP_* | OOPMAP_LIVE). The bottom nkeep stack
 * cells are untouched by the instruction; above them are its operands, which it may have
 * consumed or replaced by results while under way. NULL if there is no map (no code,
 * malformed code, not an instruction start): scan that frame conservatively.
 * Collector only (world stopped): the cache has no lock.
 */
typedef struct OopMapGc {
    uint16_t nloc, nstk, nkeep;
    uint8_t cell[];
} OopMapGc;
const OopMapGc *oopmap_gc_at(Method *m, int bci);

/* Frees a Method.gc_maps (class unloading: call it before freeing the Method). */
void oopmap_free_maps(void *maps);

/*
 * Visits t's Java stack as collector roots (world stopped): Java frames by their maps,
 * their monitor blocks, native frames' reference arguments by descriptor, entry frames'
 * arguments not yet taken by a callee conservatively; a frame without a map entirely
 * conservatively. Every slot visited is still checked with heap_object_containing.
 * clear_dead: set dead reference locals to NULL (the collector; see above).
 */
void oopmap_visit_stack(Thread *t, RootVisitor *v, bool clear_dead);

/* Keep every local holding a reference (JVMTI can_access_local_variables,
 * can_pop_frame); never undone. */
extern _Atomic bool oopmap_retain_locals;
void oopmap_retain_dead_locals(void);

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
