// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * interp.c — the bytecode interpreter (JVMS chapter 6).
 *
 * One loop, threaded dispatch through a table of label addresses (computed goto). The
 * loop keeps pc, sp, locals, the frame and the constant-pool resolution arrays in locals
 * so gcc can keep them in registers, and writes pc/sp back into the Frame (SYNC) before
 * anything that can stop the thread, throw or call out, so the frame chain is always
 * walkable from outside (see interp.h).
 *
 * Java-to-Java calls stay in the loop: a call pushes the callee's frame over the
 * arguments already on the caller's operand stack (they become the callee's first
 * locals) and a return copies the result down to where the arguments began. The loop is
 * entered recursively only from C (interp_call), which first pushes an entry frame; the
 * loop returns when the frame above an entry frame completes.
 *
 * Slow paths (resolution, class initialization, linkage) live in separate functions;
 * once an instruction's constant-pool entry is resolved the instruction is quickened
 * (bytecodes.h) so later executions skip straight to the work. Frames are checked
 * against the stack limit with EXTRA_STACK slots beyond max_stack: two for the JSR 292
 * appendix argument, pushed on top of javac's accounting, and one for a synchronized
 * method's monitor slot.
 *
 * Monitors (interp.h, "The monitor block"): monitorenter/monitorexit keep the frame's
 * monitor block between the Frame header and the operand stack, as HotSpot's interpreter
 * does, so that a frame's unreleased monitors are found and released when it returns or
 * unwinds. A method that never enters a monitor pays nothing: its nmon stays 0, and the
 * return path tests nmon where it used to test the synchronized-method lock.
 */
#include "interp.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bytecodes.h"
#include "class.h"
#include "exception.h"
#include "heap.h"
#include "loader.h"
#include "log.h"
#include "mh.h"
#include "monitor.h"
#include "native.h"
#include "object.h"
#include "options.h"
#include "ref.h"
#include "redefine.h"
#include "resolve.h"
#include "string.h"
#include "sym.h"
#include "thread.h"
#include "wellknown.h"
#include "../jvmti/jvmti_vm.h" /* exception events */

#define EXTRA_STACK 3 /* see above: JSR 292 appendix (2), synchronized method's slot (1) */

/* ------------------------------------------------------------------------------------ */
/* Bytecode tables                                                                      */
/* ------------------------------------------------------------------------------------ */

static uint8_t op_len[256];
static uint8_t op_orig[256];
static const char *op_names[256];
static uint8_t op_unfused[256]; /* a fused opcode's first instruction, every other opcode itself */

static void init_tables(void)
{
#define X(name, code, len) op_len[code] = len, op_orig[code] = code, op_names[code] = #name;
    BYTECODE_LIST(X)
#undef X
#define X(name, code, len, orig) op_len[code] = len, op_orig[code] = OP_##orig, op_names[code] = #name;
    QUICK_LIST(X)
#undef X
    op_len[OP_field_watched] = 3;
    op_orig[OP_field_watched] = OP_getfield; /* or another field instruction: the class file says */
    op_names[OP_field_watched] = "field_watched";
    for (int i = 0; i < 256; i++) op_unfused[i] = (uint8_t)i;
#define X(name, code, len, orig) op_unfused[code] = OP_##orig;
    FUSED_LIST(X)
#undef X
}

uint8_t bc_original(uint8_t op) { return op_orig[op]; }
const char *bc_name(uint8_t op) { return op_names[op] ? op_names[op] : "illegal"; }

static inline int32_t rd_s4(const uint8_t *p)
{
    return (int32_t)((uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]);
}
static inline uint16_t rd_u2(const uint8_t *p) { return (uint16_t)(p[0] << 8 | p[1]); }
static inline int16_t rd_s2(const uint8_t *p) { return (int16_t)(p[0] << 8 | p[1]); }

int bc_length(const uint8_t *code, const uint8_t *pc)
{
    uint8_t op = *pc;
    if (op == OP_wide) return pc[1] == OP_iinc ? 6 : 4;
    if (op == OP_tableswitch || op == OP_lookupswitch) {
        size_t bci = (size_t)(pc - code);
        const uint8_t *p = code + ((bci + 4) & ~(size_t)3);
        if (op == OP_tableswitch) {
            int32_t lo = rd_s4(p + 4), hi = rd_s4(p + 8);
            return (int)(p - pc) + 12 + 4 * (int)(hi - lo + 1);
        }
        int32_t n = rd_s4(p + 4);
        return (int)(p - pc) + 8 + 8 * n;
    }
    return op_len[op];
}

/* ------------------------------------------------------------------------------------ */
/* Frames                                                                               */
/* ------------------------------------------------------------------------------------ */

int frame_bci(const Frame *f)
{
    if (f->method == NULL || (f->flags & (FRAME_NATIVE | FRAME_ENTRY)) || f->pc == NULL) return -1;
    return (int)(f->pc - f->method->code);
}

int interp_handler_bci(Thread *t, Method *m, int bci, Object *ex)
{
    const CfCode *code = m->cf ? m->cf->code : NULL;
    Object *pending = t->exception;
    int found = -1;
    for (int i = 0; code && i < code->handler_count && found < 0; i++) {
        const CfExceptionHandler *h = &code->handlers[i];
        if (bci < h->start_pc || bci >= h->end_pc) continue;
        if (h->catch_type == 0) {
            found = h->handler_pc;
            break;
        }
        t->exception = NULL;
        Class *ct = resolve_class(t, m->clazz, h->catch_type);
        if (ct != NULL && class_is_subclass_of(ex->klass, ct)) found = h->handler_pc;
    }
    t->exception = pending;
    return found;
}

void interp_walk_frames(Thread *t, bool (*fn)(Frame *f, void *arg), void *arg)
{
    for (Frame *f = t->top_frame; f; f = f->prev) {
        if (f->flags & FRAME_ENTRY) continue;
        if (!fn(f, arg)) return;
    }
}

static inline Slot *java_stack_top(Thread *t)
{
    return t->top_frame ? t->top_frame->sp : t->stack_base;
}

/* ------------------------------------------------------------------------------------ */
/* Breakpoints (bytecode patching) and quickening                                       */
/* ------------------------------------------------------------------------------------ */

/* The patched locations: for each code byte holding OP_breakpoint, the opcode it stands
 * for (kept current by quickening and field watches) and how many breakpoints (of all
 * JVMTI environments) are set there. Written under patch_lock; read without a lock by
 * a breakpoint hit (patched_opcode): an open-addressed table whose entries are one word
 * each, the code address and the opcode (address << 8 | opcode; 0 empty, PATCH_GONE a
 * removed entry), so a reader sees an entry whole or not at all. A full table (entries
 * and removed ones) is replaced by a copy of its entries, twice as large if they fill a
 * quarter; readers may still be in the old one, which is freed once a safepoint has
 * completed since (readers never hold a table across one). */
enum { PATCH_GONE = 1 };

typedef struct PatchTable {
    struct PatchTable *retired; /* the table this one replaced, until freed */
    int64_t retired_at;         /* safepoints completed when this one was replaced */
    size_t cap;                 /* a power of two */
    size_t live, used;          /* entries, and entries + removed ones */
    uint32_t *refs;             /* breakpoints per entry (patch_lock) */
    _Atomic uint64_t key[];
} PatchTable;

static OsMutex patch_lock;
static PatchTable *_Atomic patches;

static inline uint64_t patch_key(const uint8_t *pc, uint8_t op) { return (uint64_t)(uintptr_t)pc << 8 | op; }

static inline size_t patch_hash(const uint8_t *pc, size_t cap)
{
    return (size_t)(((uint64_t)(uintptr_t)pc * UINT64_C(0x9E3779B97F4A7C15)) >> 32) & (cap - 1);
}

/* pc's slot in tb, or -1. Any thread. */
static inline ptrdiff_t patch_slot(PatchTable *tb, const uint8_t *pc)
{
    if (tb == NULL) return -1;
    size_t mask = tb->cap - 1;
    for (size_t i = patch_hash(pc, tb->cap), n = 0; n <= mask; i = (i + 1) & mask, n++) {
        uint64_t w = atomic_load_explicit(&tb->key[i], memory_order_acquire);
        if (w == 0) return -1;
        if (w >> 8 == (uintptr_t)pc) return (ptrdiff_t)i;
    }
    return -1;
}

/* Under patch_lock: the current table's slot of pc, or -1. */
static ptrdiff_t patch_find(const uint8_t *pc)
{
    return patch_slot(atomic_load_explicit(&patches, memory_order_relaxed), pc);
}

/* Under patch_lock: the opcode recorded for slot i of the current table. */
static uint8_t patch_orig(ptrdiff_t i)
{
    return (uint8_t)atomic_load_explicit(&atomic_load_explicit(&patches, memory_order_relaxed)->key[i],
                                         memory_order_relaxed);
}

static void patch_set_orig(ptrdiff_t i, const uint8_t *pc, uint8_t op)
{
    atomic_store_explicit(&atomic_load_explicit(&patches, memory_order_relaxed)->key[i], patch_key(pc, op),
                          memory_order_release);
}

static int64_t safepoints_completed(void)
{
    SafepointStats st;
    thread_safepoint_stats(&st);
    return st.count;
}

/* Under patch_lock: frees the replaced tables no reader can be in any more: those
 * replaced before the last completed safepoint began (every thread has been stopped at
 * a poll or in a safe state since, and a reader holds a table only inside
 * patched_opcode, which has neither). Older tables were replaced earlier. */
static void patch_free_retired(PatchTable *tb)
{
    int64_t now = safepoints_completed();
    for (; tb != NULL; tb = tb->retired) {
        PatchTable *r = tb->retired;
        if (r == NULL || r->retired_at >= now) continue;
        tb->retired = NULL;
        while (r != NULL) {
            PatchTable *next = r->retired;
            free(r->refs);
            free(r);
            r = next;
        }
        return;
    }
}

/* Under patch_lock: a table with room for one more entry (the current one, or a copy of
 * its live entries, published); NULL if memory is short. */
static PatchTable *patch_room(void)
{
    PatchTable *old = atomic_load_explicit(&patches, memory_order_relaxed);
    patch_free_retired(old);
    if (old != NULL && (old->used + 1) * 2 <= old->cap) return old;
    size_t cap = old != NULL ? old->cap : 16;
    while ((old != NULL ? old->live + 1 : 1) * 4 > cap) cap *= 2;
    PatchTable *tb = calloc(1, sizeof *tb + cap * sizeof tb->key[0]);
    uint32_t *refs = tb != NULL ? calloc(cap, sizeof *refs) : NULL;
    if (refs == NULL) {
        free(tb);
        return NULL;
    }
    tb->cap = cap;
    tb->refs = refs;
    tb->retired = old;
    for (size_t i = 0; old != NULL && i < old->cap; i++) {
        uint64_t w = atomic_load_explicit(&old->key[i], memory_order_relaxed);
        if (w == 0 || w == PATCH_GONE) continue;
        size_t j = patch_hash((const uint8_t *)(uintptr_t)(w >> 8), cap);
        while (atomic_load_explicit(&tb->key[j], memory_order_relaxed) != 0) j = (j + 1) & (cap - 1);
        atomic_store_explicit(&tb->key[j], w, memory_order_relaxed);
        tb->refs[j] = old->refs[i];
        tb->live++;
    }
    tb->used = tb->live;
    atomic_store_explicit(&patches, tb, memory_order_release);
    /* Read after the table is published: a safepoint counted later completed after it. */
    atomic_thread_fence(memory_order_seq_cst);
    if (old != NULL) old->retired_at = safepoints_completed();
    return tb;
}

/* Under patch_lock: removes slot i of the current table. */
static void patch_remove(ptrdiff_t i)
{
    PatchTable *tb = atomic_load_explicit(&patches, memory_order_relaxed);
    atomic_store_explicit(&tb->key[i], PATCH_GONE, memory_order_release);
    tb->refs[i] = 0;
    tb->live--;
}

/* The opcode a patched byte stands for, without a lock. An entry being added or removed
 * meanwhile: the byte is read again (restored: its opcode; patched again: its entry). */
static __attribute__((noinline)) uint8_t patched_opcode(const uint8_t *pc)
{
    for (;;) {
        PatchTable *tb = atomic_load_explicit(&patches, memory_order_acquire);
        ptrdiff_t i = patch_slot(tb, pc);
        if (i >= 0) return (uint8_t)atomic_load_explicit(&tb->key[i], memory_order_acquire);
        uint8_t op = __atomic_load_n(pc, __ATOMIC_ACQUIRE);
        if (op != OP_breakpoint) return op;
    }
}

/* The opcode at pc, seen through a breakpoint. */
static inline __attribute__((always_inline)) uint8_t original_opcode(const uint8_t *pc)
{
    uint8_t op = __atomic_load_n(pc, __ATOMIC_ACQUIRE);
    return likely(op != OP_breakpoint) ? op : patched_opcode(pc);
}

/* Is bci the start of an instruction of m? Judged on the class file's code (the same
 * boundaries as the working copy's: quickening keeps every length). */
static bool instruction_start(const Method *m, uint32_t bci)
{
    const CfCode *code = m->cf != NULL ? m->cf->code : NULL;
    if (code == NULL || bci >= code->code_length) return false;
    uint32_t at = 0;
    while (at < bci) {
        int n = bc_length(code->code, code->code + at);
        if (n <= 0) return false;
        at += (uint32_t)n;
    }
    return at == bci;
}

bool interp_breakpoint_patch(Method *m, uint32_t bci)
{
    if (m->code == NULL || !instruction_start(m, bci)) return false;
    uint8_t *pc = m->code + bci;
    if ((uintptr_t)pc >> 56 != 0) return false; /* no room in an entry's word (not on x86-64) */
    bool ok = true;
    /* The interpreter calls the method's leaf instead of running it: no more. */
    atomic_store_explicit(&m->leaf, NULL, memory_order_relaxed);
    os_mutex_lock(&patch_lock);
    ptrdiff_t i = patch_find(pc);
    PatchTable *tb;
    if (i >= 0) {
        atomic_load_explicit(&patches, memory_order_relaxed)->refs[i]++;
    } else if ((tb = patch_room()) == NULL) {
        ok = false; /* memory is short: the breakpoint is recorded but never reached */
    } else {
        /* The byte may be quickened concurrently: the entry holds what the breakpoint
         * replaced, atomically. A hit between the two stores finds no entry and reads
         * the byte again (patched_opcode). */
        size_t j = patch_hash(pc, tb->cap);
        for (;;) {
            uint64_t w = atomic_load_explicit(&tb->key[j], memory_order_relaxed);
            if (w == 0 || w == PATCH_GONE) break;
            j = (j + 1) & (tb->cap - 1);
        }
        if (atomic_load_explicit(&tb->key[j], memory_order_relaxed) == 0) tb->used++;
        uint8_t cur = __atomic_exchange_n(pc, OP_breakpoint, __ATOMIC_ACQ_REL);
        atomic_store_explicit(&tb->key[j], patch_key(pc, cur), memory_order_release);
        tb->refs[j] = 1;
        tb->live++;
    }
    os_mutex_unlock(&patch_lock);
    return ok;
}

void interp_breakpoint_unpatch(Method *m, uint32_t bci)
{
    if (m->code == NULL || bci >= m->code_length) return;
    uint8_t *pc = m->code + bci;
    os_mutex_lock(&patch_lock);
    ptrdiff_t i = patch_find(pc);
    if (i >= 0 && --atomic_load_explicit(&patches, memory_order_relaxed)->refs[i] == 0) {
        /* The byte first: a hit that finds the entry gone reads it again. */
        __atomic_store_n(pc, patch_orig(i), __ATOMIC_RELEASE);
        patch_remove(i);
    }
    os_mutex_unlock(&patch_lock);
}

void interp_breakpoint_forget(const uint8_t *code, uint32_t len)
{
    os_mutex_lock(&patch_lock);
    PatchTable *tb = atomic_load_explicit(&patches, memory_order_relaxed);
    for (size_t i = 0; tb != NULL && i < tb->cap; i++) {
        uint64_t w = atomic_load_explicit(&tb->key[i], memory_order_relaxed);
        if (w == 0 || w == PATCH_GONE) continue;
        const uint8_t *pc = (const uint8_t *)(uintptr_t)(w >> 8);
        if (pc >= code && pc < code + len) patch_remove((ptrdiff_t)i);
    }
    os_mutex_unlock(&patch_lock);
}

/* Rewrites the instruction at pc to its quick form op. A breakpoint there keeps its
 * byte: the quick form goes into its entry instead. */
static inline void quicken(uint8_t *pc, uint8_t op)
{
    uint8_t cur = __atomic_load_n(pc, __ATOMIC_ACQUIRE);
    while (likely(cur != OP_breakpoint)) {
        if (__atomic_compare_exchange_n(pc, &cur, op, false, __ATOMIC_RELEASE, __ATOMIC_ACQUIRE)) return;
    }
    os_mutex_lock(&patch_lock);
    ptrdiff_t i = patch_find(pc);
    if (i >= 0) patch_set_orig(i, pc, op);
    else __atomic_store_n(pc, op, __ATOMIC_RELEASE); /* cleared meanwhile */
    os_mutex_unlock(&patch_lock);
}

void interp_requicken_calls(Method *m, bool (*stale)(Method *target, void *arg), void *arg)
{
    const CfCode *code = m->cf != NULL ? m->cf->code : NULL;
    if (m->code == NULL || code == NULL || code->code_length != m->code_length) return;
    void *_Atomic *cpr = m->clazz->cp.resolved;
    for (uint32_t at = 0; at < code->code_length;) {
        int n = bc_length(code->code, code->code + at);
        if (n <= 0) return;
        uint8_t *pc = m->code + at;
        uint8_t op = original_opcode(pc);
        if ((op == OP_invokevirtual_q || op == OP_invokevirtual_final_q) && cpr != NULL) {
            Method *target = atomic_load_explicit(&cpr[rd_u2(pc + 1)], memory_order_relaxed);
            if (target != NULL && stale(target, arg)) {
                /* Back to the unquickened form, through a breakpoint's entry if one is
                 * set there (quicken's rule, with the original opcode). */
                os_mutex_lock(&patch_lock);
                ptrdiff_t i = patch_find(pc);
                if (i >= 0) patch_set_orig(i, pc, OP_invokevirtual);
                else __atomic_store_n(pc, OP_invokevirtual, __ATOMIC_RELEASE);
                os_mutex_unlock(&patch_lock);
            }
        }
        at += (uint32_t)n;
    }
}

/* Superinstructions (bytecodes.h FUSED_LIST): the first instruction of a common pair is
 * rewritten to a fused opcode the first time its method is called (invoke, run_method;
 * METHOD_F_UNFUSED is set when the Method is made). The pairs are found on the class
 * file's code, whose instruction boundaries and opcodes never change; the working copy's
 * byte is swapped only if it still holds the first instruction's opcode (none of them is
 * ever quickened), so a breakpoint set there meanwhile keeps it unfused. The fused
 * handler tests the second instruction's byte each time it runs and executes the first
 * instruction alone if that byte is not the expected one: a breakpoint on the second
 * instruction (OP_breakpoint), a watched field's instruction (OP_field_watched, which
 * interp_field_watch_update patched in), an instruction not yet quickened; so breakpoints
 * and watches need no unfusing. Only the plain table runs fused handlers: tool mode and
 * breakpoints take the first instruction's own handler (op_tool_event, op_breakpoint),
 * so that every bci is stepped. A fused
 * handler that throws or polls does so with pc at the instruction concerned: stack
 * traces, exception events and stack maps see the original bcis.
 *
 * Each fused opcode expects one second instruction (aload_getfield: three quick getfield
 * kinds): generic ones (iload followed by iload, bipush, ldc or i2l in one handler, a
 * chain of tests) were tried and lost more to the tests than they saved in dispatches
 * (README, "Benchmarks"). iload_xaload is the exception that paid: the four array loads
 * share one shape (array under the index), and a[i] with i a local is most of
 * FieldsArrays' array accesses (x[i], x[i][k], data[i]), -10% of its CPU time. A few
 * handlers also test a third byte, one expected instruction each: iload+iload and
 * iload+ldc (a quick int constant) followed by if_icmpge or if_icmpgt (javac's loop test: nothing
 * pushed), iload+bipush followed by iand (i & mask), aload+iload followed by an array
 * load. Later pairs: sipush+iand, dup2+iaload/daload (a[i] op= ...), dadd+putfield of a
 * double (x.f += ...), dsub+putfield, dmul+dadd, iadd/ladd+a local store, iconst_1+iadd,
 * aload+iload. A second instruction may be the first
 * of a fused pair itself, its byte then the fused opcode: dload_dmul takes dmul_dadd's
 * dadd as a third step, aload_iload_xaload needs the iload's iload_xaload; a dmul whose
 * dadd is dadd_putfield's is left unfused (dload_dmul's plain case, then the pair).
 * Handlers also run longer sequences on the same opcodes, one raw byte test for each
 * further instruction (docs/design.md, "Superinstructions"): the handlers'
 * comments say which; dload+dload+dmul is fused here on dload_dmul. */
static void fuse_method(Method *m)
{
    const CfCode *cc = m->cf != NULL ? m->cf->code : NULL;
    if (cc != NULL && m->code != NULL && cc->code_length == m->code_length) {
        const uint8_t *bc = cc->code;
        uint32_t len = cc->code_length;
        for (uint32_t at = 0; at < len;) {
            int n = op_len[bc[at]] ? op_len[bc[at]] : bc_length(bc, bc + at); /* start-up: no call */
            if (n <= 0 || at + (uint32_t)n >= len) break; /* malformed, or no second instruction */
            uint8_t op = bc[at], next = bc[at + (uint32_t)n], fused = 0;
            switch (op) {
            case OP_iinc: fused = next == OP_goto ? OP_iinc_goto : 0; break;
            case OP_aload:
                /* x.f op= ...: aload, dup, getfield (the dup is checked at run time); a[i]:
                 * aload, iload, an array load (the iload is iload_xaload then), or aload,
                 * iload (a plain iload: both pushed) */
                fused = next == OP_getfield ? OP_aload_getfield
                        : next == OP_dup && at + 3 < len && bc[at + 3] == OP_getfield ? OP_aload_dup_getfield
                        : next == OP_iload && at + 4 < len ? OP_aload_iload_xaload
                                                            : 0;
                break;
            case OP_aload_0: fused = next == OP_getfield ? OP_aload_0_getfield : 0; break;
            case OP_dload:
                /* dload, dmul; or dload, dload, dmul (x * y of two locals, a square); or
                 * dload, invokestatic (Math.sin(x): a typed leaf, checked at run time); or
                 * dload, ldc2_w, then dmul or invokestatic (x * 0.5, Math.pow(x, 0.75)); or
                 * dload, dneg, invokestatic (Math.exp(-x)) */
                fused = next == OP_dmul || (next == OP_dload && at + 4 < len && bc[at + 4] == OP_dmul) ||
                                (next == OP_invokestatic && at + 5 < len) ||
                                (next == OP_ldc2_w && at + 5 < len &&
                                 (bc[at + 5] == OP_dmul || bc[at + 5] == OP_invokestatic)) ||
                                (next == OP_dneg && at + 3 < len && bc[at + 3] == OP_invokestatic)
                            ? OP_dload_dmul
                            : 0;
                break;
            case OP_iload:
                /* iload_iload, iload_bipush and iload_ldc look at a third instruction's
                 * byte (at + 4): fused only where one follows */
                fused = next == OP_iload && at + 4 < len                                 ? OP_iload_iload
                        : next >= OP_iload_0 && next <= OP_iload_3 && at + 3 < len ? OP_iload_iload
                        : next == OP_bipush && at + 4 < len ? OP_iload_bipush
                        : next == OP_ldc && at + 4 < len    ? OP_iload_ldc
                        : next == OP_i2l || next == OP_i2d  ? OP_iload_i2l
                        : next == OP_daload || next == OP_aaload || next == OP_iaload || next == OP_baload
                            ? OP_iload_xaload
                            : 0;
                break;
            case OP_sipush: fused = next == OP_iand ? OP_sipush_iand : 0; break;
            case OP_dup2: fused = next == OP_iaload || next == OP_daload ? OP_dup2_xaload : 0; break;
            case OP_iadd:
                fused = next == OP_istore || (next >= OP_istore_0 && next <= OP_istore_3) ? OP_iadd_store : 0;
                break;
            case OP_ladd:
                fused = next == OP_lstore || (next >= OP_lstore_0 && next <= OP_lstore_3) ? OP_ladd_store : 0;
                break;
            case OP_dadd: fused = next == OP_putfield ? OP_dadd_putfield : 0; break;
            case OP_iconst_1: fused = next == OP_iadd ? OP_iconst_1_iadd : 0; break;
            case OP_dsub: fused = next == OP_putfield ? OP_dsub_putfield : 0; break;
            case OP_dmul:
                /* not where the dadd is dadd_putfield's: dload_dmul then runs the dmul */
                fused = next == OP_dadd && !(at + 2 < len && bc[at + 2] == OP_putfield) ? OP_dmul_dadd : 0;
                break;
            default: break;
            }
            if (fused != 0) {
                uint8_t expect = op;
                __atomic_compare_exchange_n(m->code + at, &expect, fused, false, __ATOMIC_RELEASE, __ATOMIC_RELAXED);
            }
            at += (uint32_t)n;
        }
    }
    __atomic_fetch_and(&m->flags, (uint16_t)~METHOD_F_UNFUSED, __ATOMIC_RELEASE);
}

/* A fused opcode's first instruction (itself otherwise). */
static inline uint8_t unfused(uint8_t op)
{
    return op_unfused[op]; /* the fused opcodes are not one range: 0xfc is the watches' */
}

/* The static forms of byte, boolean, char and short fields are one opcode each
 * (getstatic_small: the handler tests the Field's type), as are the sub-int instance
 * puts (putfield_small) and the char and short instance gets (getfield_cs; the byte get,
 * String.coder's, keeps its own); all static puts are one (putstatic_q). That freed ten
 * opcodes for superinstructions (bytecodes.h). */
/* A byte, boolean, char or short field's value at addr as an int (JVMS 2.11.1), and an
 * int stored into one (a boolean keeps its low bit, JVMS putfield/putstatic): the
 * handlers of the merged forms below, which read the type from the resolved Field. */
static inline int32_t small_load(const char *addr, BasicType type)
{
    return type == BT_CHAR ? *(const uint16_t *)addr : type == BT_SHORT ? *(const int16_t *)addr : *(const int8_t *)addr;
}

static inline void small_store(char *addr, BasicType type, int32_t v)
{
    if (type == BT_CHAR || type == BT_SHORT) *(int16_t *)addr = (int16_t)v;
    else *(int8_t *)addr = (int8_t)(type == BT_BOOLEAN ? v & 1 : v);
}

static uint8_t quick_get(BasicType bt, bool is_static)
{
    switch (bt) {
    case BT_BOOLEAN:
    case BT_BYTE: return is_static ? OP_getstatic_small : OP_getfield_b;
    case BT_CHAR:
    case BT_SHORT: return is_static ? OP_getstatic_small : OP_getfield_cs;
    case BT_INT:
    case BT_FLOAT: return is_static ? OP_getstatic_i : OP_getfield_i;
    case BT_LONG:
    case BT_DOUBLE: return is_static ? OP_getstatic_j : OP_getfield_j;
    default: return is_static ? OP_getstatic_a : OP_getfield_a;
    }
}

static uint8_t quick_put(BasicType bt, bool is_static)
{
    switch (bt) {
    case BT_BYTE:
    case BT_BOOLEAN:
    case BT_CHAR:
    case BT_SHORT: return is_static ? OP_putstatic_q : OP_putfield_small;
    case BT_INT:
    case BT_FLOAT: return is_static ? OP_putstatic_q : OP_putfield_i;
    case BT_LONG:
    case BT_DOUBLE: return is_static ? OP_putstatic_q : OP_putfield_j;
    default: return is_static ? OP_putstatic_q : OP_putfield_a;
    }
}

/* ---- JVMTI field watches: the watched fields' instructions are patched ---- */

/* Does a watch of fld concern its puts (modification watches) or gets (access)? */
static inline bool field_watched(const Field *fld, bool is_put)
{
    return atomic_load_explicit(is_put ? &fld->jvmti_modification_watches : &fld->jvmti_access_watches,
                                memory_order_relaxed) != 0;
}

/* The quick form of a field instruction on fld: [is_put][is_static][type], from
 * quick_get/quick_put (interp_init). */
static uint8_t quick_field_ops[2][2][16];

static inline uint8_t quick_field_op(const Field *fld, bool is_put)
{
    return quick_field_ops[is_put][(fld->access & ACC_STATIC) != 0][fld->type & 15];
}

/* Rewrites the opcode at pc from `from` to `to` if it is `from` (seen through a
 * breakpoint: then its entry changes). */
static void repatch(uint8_t *pc, uint8_t from, uint8_t to)
{
    uint8_t cur = from;
    if (__atomic_compare_exchange_n(pc, &cur, to, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) return;
    if (cur != OP_breakpoint) return;
    os_mutex_lock(&patch_lock);
    ptrdiff_t i = patch_find(pc);
    if (i >= 0) {
        if (patch_orig(i) == from) patch_set_orig(i, pc, to);
    } else {
        cur = from; /* cleared meanwhile */
        __atomic_compare_exchange_n(pc, &cur, to, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    }
    os_mutex_unlock(&patch_lock);
}

/* Quickens a linked field instruction: its quick form, or the watched one while its
 * field is watched. A watch set or cleared meanwhile (interp_field_watch_update: the
 * counter changes, then the sites are scanned) is seen either by that scan, which finds
 * the byte written here, or by the re-check after the fence, which finds the counter. */
static void quicken_field(uint8_t *pc, const Field *fld, bool is_put)
{
    uint8_t q = quick_field_op(fld, is_put), w = OP_field_watched;
    bool watched = field_watched(fld, is_put);
    quicken(pc, watched ? w : q);
    atomic_thread_fence(memory_order_seq_cst);
    if (field_watched(fld, is_put) != watched) {
        if (watched) repatch(pc, w, q);
        else repatch(pc, q, w);
    }
}

/* One method's instructions on fld, found in the class file's code (the working copy
 * has the same boundaries), set to the watched or the quick form as fld's counters say.
 * Sites not linked yet are left: linking picks the form (quicken_field). */
static void watch_patch_method(Method *m, const Field *fld)
{
    const CfCode *code = m->cf != NULL ? m->cf->code : NULL;
    if (code == NULL || m->code == NULL) return;
    void *_Atomic *res = m->clazz->cp.resolved;
    for (uint32_t at = 0; at < code->code_length;) {
        const uint8_t *cpc = code->code + at;
        uint8_t op = *cpc;
        int n = bc_length(code->code, cpc);
        if (n <= 0) return;
        if (op >= OP_getstatic && op <= OP_putfield &&
            atomic_load_explicit(&res[rd_u2(cpc + 1)], memory_order_acquire) == fld) {
            bool is_put = op == OP_putstatic || op == OP_putfield;
            uint8_t q = quick_field_op(fld, is_put), w = OP_field_watched;
            if (field_watched(fld, is_put)) repatch(m->code + at, q, w);
            else repatch(m->code + at, w, q);
        }
        at += (uint32_t)n;
    }
}

/* Does c's constant pool hold fld resolved? */
static bool pool_mentions(const Class *c, const Field *fld)
{
    void *_Atomic *res = c->cp.resolved;
    if (res == NULL) return false;
    for (uint32_t i = 1; i < c->cp.count; i++)
        if (atomic_load_explicit(&res[i], memory_order_relaxed) == fld) return true;
    return false;
}

static void watch_patch_class(Class *c, void *arg)
{
    const Field *fld = arg;
    if (c->methods == NULL) return;
    if (pool_mentions(c, fld))
        for (uint32_t i = 0; i < c->method_count; i++) watch_patch_method(&c->methods[i], fld);
    /* Old versions still run by some frame (redefine.h): their own pools and code. */
    for (uint32_t v = 0; v < c->redef_count; v++) {
        for (uint32_t i = 0; i < c->method_count; i++) {
            Method *copy = redef_method_version(&c->methods[i], v);
            if (copy != NULL && copy != &c->methods[i] && pool_mentions(copy->clazz, fld))
                watch_patch_method(copy, fld);
        }
    }
}

void interp_field_watch_update(Field *fld)
{
    atomic_thread_fence(memory_order_seq_cst); /* the counter's change before the scan */
    loader_for_each_class(watch_patch_class, fld);
}

/* Field instructions: resolve, check, initialize, then quicken. Returns the Field or NULL
 * with an exception pending. */
static Field *link_field(Thread *t, Method *m, uint8_t *pc, bool is_static, bool is_put)
{
    /* The pool's aux array is taken before resolution, which may reach the safepoint of
     * a redefinition of m's class: pc then belongs to the old version's code, whose
     * frame runs on with that version's pool (resolve.c). A copy's class is a shadow. */
    Class *c = m->clazz;
    uint32_t *aux = c->cp.aux;
    if (c->shadow_of) c = c->shadow_of;
    uint16_t idx = rd_u2(pc + 1);
    Field *f = resolve_field(t, m->clazz, idx, is_static);
    if (f == NULL) return NULL;
    if (is_put && (f->access & ACC_FINAL) && f->clazz != c) {
        char dext[512], cext[512];
        class_external_name(f->clazz, dext, sizeof dext);
        class_external_name(c, cext, sizeof cext);
        exc_throw(t, "java/lang/IllegalAccessError",
                  "Update to %s final field %s.%s attempted from a different class (%s) than the "
                  "field's declaring class",
                  is_static ? "static" : "non-static", dext, f->name, cext);
        return NULL;
    }
    if (is_static) {
        if (!class_ensure_init(t, f->clazz)) return NULL;
        /* While <clinit> runs, other threads must still take the slow path and wait. */
        if (!class_is_initialized(f->clazz)) return f;
    }
    aux[idx] = f->offset;
    quicken_field(pc, f, is_put);
    return f;
}

/* ------------------------------------------------------------------------------------ */
/* Exceptions thrown by instructions                                                    */
/* ------------------------------------------------------------------------------------ */

static void throw_aioobe(Thread *t, int32_t index, int32_t length)
{
    exc_throw(t, "java/lang/ArrayIndexOutOfBoundsException", "Index %d out of bounds for length %d",
              index, length);
}

static void throw_cce(Thread *t, Object *o, Class *target)
{
    char from[512], to[512], desc[1024];
    class_external_name(o->klass, from, sizeof from);
    class_external_name(target, to, sizeof to);
    exc_describe_classes(o->klass, target, desc, sizeof desc);
    exc_throw(t, "java/lang/ClassCastException", "class %s cannot be cast to class %s (%s)", from,
              to, desc);
}

static void throw_ase(Thread *t, Object *value)
{
    char ext[512];
    class_external_name(value->klass, ext, sizeof ext);
    exc_throw_implicit(t, "java/lang/ArrayStoreException", ext);
}

static void throw_ame(Thread *t, Class *recv, Method *m)
{
    char rext[512], sig[1024], iext[512];
    class_external_name(recv, rext, sizeof rext);
    resolve_format_method(NULL, m->name, m->desc, sig, sizeof sig);
    class_external_name(m->clazz, iext, sizeof iext);
    if (class_is_interface(m->clazz)) {
        /* HotSpot: "Receiver class X does not define or inherit an implementation of the
         * resolved method 'abstract void m()' of interface I." */
        char sig2[1100];
        snprintf(sig2, sizeof sig2, "'abstract %s", sig + 1);
        exc_throw(t, "java/lang/AbstractMethodError",
                  "Receiver class %s does not define or inherit an implementation of the resolved "
                  "method %s of interface %s.",
                  rext, sig2, iext);
    } else {
        char sig2[1100];
        snprintf(sig2, sizeof sig2, "'abstract %s", sig + 1);
        exc_throw(t, "java/lang/AbstractMethodError",
                  "Receiver class %s does not define or inherit an implementation of the resolved "
                  "method %s of abstract class %s.",
                  rext, sig2, iext);
    }
}

/* ------------------------------------------------------------------------------------ */
/* Dispatch helpers                                                                     */
/* ------------------------------------------------------------------------------------ */

/* invokeinterface selection (JVMS 6.5). NULL with an exception pending. */
static Method *select_interface(Thread *t, Object *recv, Method *im)
{
    Class *rc = recv->klass;
    Class *ic = im->clazz;
    if (im->access & ACC_PRIVATE) return im;
    if (unlikely(im->flags & METHOD_F_DELETED)) return im; /* throws NoSuchMethodError */
    for (uint32_t i = 0; i < rc->itable_length; i++) {
        if (rc->itable[i].iface != ic) continue;
        Method *impl = rc->itable[i].methods ? rc->itable[i].methods[im->index] : NULL;
        if (impl == NULL || method_is_abstract(impl)) {
            throw_ame(t, rc, im);
            return NULL;
        }
        if (!(impl->access & ACC_PUBLIC)) {
            char rext[512], sig[1024];
            class_external_name(rc, rext, sizeof rext);
            resolve_format_method(impl->clazz->name, impl->name, impl->desc, sig, sizeof sig);
            exc_throw(t, "java/lang/IllegalAccessError",
                      "Receiver class %s must be public to implement the method %s", rext, sig);
            return NULL;
        }
        return impl;
    }
    if (class_is_array(rc) || class_is_interface(rc)) {
        /* Arrays implement Cloneable and Serializable, which declare nothing. */
    }
    char rext[512], iext[512], desc[1024];
    class_external_name(rc, rext, sizeof rext);
    class_external_name(ic, iext, sizeof iext);
    exc_describe_classes(rc, ic, desc, sizeof desc);
    exc_throw(t, "java/lang/IncompatibleClassChangeError",
              "Receiver class %s does not implement the interface %s defining the method to be "
              "called (%s)",
              rext, iext, desc);
    return NULL;
}

/* invokevirtual selection when the vtable can't be used (interface-resolved methods). */
static Method *select_virtual(Thread *t, Object *recv, Method *m)
{
    /* A method an enhanced redefinition deleted (redefine.h): its record throws
     * NoSuchMethodError when called; old call sites resolved to it reach it here. */
    if (unlikely(m->flags & METHOD_F_DELETED)) return m;
    if (!class_is_interface(m->clazz) && m->vtable_index >= 0) {
        Method *impl = recv->klass->vtable[m->vtable_index];
        if (method_is_abstract(impl)) {
            throw_ame(t, recv->klass, m);
            return NULL;
        }
        return impl;
    }
    Method *impl = class_select_method(recv->klass, m);
    if (impl == NULL || method_is_abstract(impl)) {
        throw_ame(t, recv->klass, m);
        return NULL;
    }
    return impl;
}

/* invokespecial selection (JVMS 6.5): a super call searches from the current class's
 * superclass when the resolved method is not <init> and belongs to a superclass. */
static Method *select_special(Class *current, Method *m)
{
    if (m->name == sym.init || class_is_interface(m->clazz) || !(current->access & ACC_SUPER))
        return m;
    if (m->clazz == current || !class_is_subclass_of(current, m->clazz)) return m;
    for (Class *k = current->super; k; k = k->super) {
        Method *cand = class_find_declared_method(k, m->name, m->desc);
        if (cand && !method_is_static(cand)) return cand;
    }
    return m;
}

/* ------------------------------------------------------------------------------------ */
/* Natives and intrinsics                                                               */
/* ------------------------------------------------------------------------------------ */

/* JVMTI exception state (thread.h): a throw seen for the first time in t's top frame
 * (HotSpot's post_exception_throw). */
static void exception_detected(Thread *t, Object *ex)
{
    if (t->jvmti_exc_state == THREAD_EXC_DETECTED && t->jvmti_exc_object == ex) return;
    t->jvmti_exc_state = THREAD_EXC_DETECTED;
    t->jvmti_exc_object = ex;
    if (jvmti_want(JVMTI_EVENT_EXCEPTION)) jvmti_post_exception(t, ex);
}

/* Calls a native method whose arguments are at args (the top of the Java stack). */
static bool call_native(Thread *t, Method *m, Slot *args, Slot *ret)
{
    Frame *f = (Frame *)(args + m->arg_slots);
    if (unlikely((Slot *)(f + 1) + 1 > t->stack_limit)) {
        exc_throw_soe(t);
        return false;
    }
    f->prev = t->top_frame;
    f->method = m;
    f->pc = NULL;
    f->locals = args;
    f->sp = (Slot *)(f + 1);
    f->flags = FRAME_NATIVE;
    f->nmon = 0;
    FRAME_PUBLISH_FENCE();
    t->top_frame = f;
    if (unlikely(__atomic_load_n(&t->interp_tool, __ATOMIC_RELAXED) & INTERP_TOOL_METHOD)) jvmti_interp_method_entry(t, f);
    bool ok;
    if (m->vm_native) {
        Object *lock = NULL;
        if (m->access & ACC_SYNCHRONIZED) {
            lock = method_is_static(m) ? m->clazz->mirror : args[0].l;
            mon_enter(t, lock);
        }
        ret->raw = 0;
        m->vm_native(t, args, ret);
        ok = t->exception == NULL;
        if (lock) mon_exit(t, lock);
    } else {
        ok = native_invoke(t, m, args, ret);
    }
    /* JVMTI SampledObjectAlloc of an allocation made by the native method (JNI, VM
     * natives), its frame still on top. */
    if (unlikely(t->jvmti_samples_n != 0)) jvmti_post_sampled_alloc(t);
    /* Back from native code: an asynchronous exception posted meanwhile (Thread.stop,
     * JVMTI StopThread, e.g. while sleeping or waiting) is thrown now, as by HotSpot. */
    if (unlikely(t->async_exception != NULL) && thread_take_async_exception(t)) ok = false;
    /* An exception a native method returns with is first seen in its own frame (as in
     * HotSpot, whose interpreter raises it there). */
    if (!ok && unlikely(jvmti_want(JVMTI_EVENT_EXCEPTION) || jvmti_want(JVMTI_EVENT_EXCEPTION_CATCH)))
        exception_detected(t, t->exception);
    if (!ok && log_is_enabled(LOG_INFO, exceptions)) exc_log_frame(t, t->exception, m, 0);
    /* Re-read: a native method that switched tool mode on (enabling MethodExit) gets its
     * exit event, as in HotSpot. */
    if (unlikely(__atomic_load_n(&t->interp_tool, __ATOMIC_RELAXED) & INTERP_TOOL_METHOD))
        jvmti_interp_frame_exit(t, f, ok ? *ret : (Slot){0}, !ok);
    t->top_frame = f->prev;
    return ok;
}

/* ------------------------------------------------------------------------------------ */
/* Structured locking (JVMS 2.11.10): a frame's monitors at return and unwinding        */
/* ------------------------------------------------------------------------------------ */

/* Releases o without disturbing the pending exception (an exit that fails because the
 * thread no longer owns o — a native released it through JNI — has nothing to undo). */
static void exit_quietly(Thread *t, Object *o)
{
    Object *pending = t->exception;
    t->exception = NULL;
    mon_exit(t, o);
    t->exception = pending;
}

/* An int-like result as a method returning `ret_type` (a BasicType) hands it back:
 * boolean, byte, char and short narrowed, as by ireturn. */
static inline Slot narrow_int_result(Slot r, int ret_type)
{
    switch (ret_type) {
    case BT_BOOLEAN: r.i &= 1; break;
    case BT_BYTE: SLOT_SET_I(r, (int8_t)r.i); break;
    case BT_CHAR: SLOT_SET_I(r, (uint16_t)r.i); break;
    case BT_SHORT: SLOT_SET_I(r, (int16_t)r.i); break;
    default: break;
    }
    return r;
}

/* JVMTI PopFrame/ForceEarlyReturn: f's monitors (its synchronized method's lock and the
 * blocks it entered) released without any check, as the spec asks. */
static __attribute__((noinline)) void release_frame_monitors(Thread *t, Frame *f)
{
    Slot *mon = frame_monitors(f);
    for (uint32_t i = 0; i < f->nmon; i++) {
        if (mon[i].l != NULL) exit_quietly(t, mon[i].l);
        mon[i].l = NULL;
    }
    f->nmon = 0;
}

static bool is_thread_death(const Object *e)
{
    for (const Class *k = e->klass; k != NULL; k = k->super)
        if (k->loader == NULL && strcmp(k->name, "java/lang/ThreadDeath") == 0) return true;
    return false;
}

/*
 * Frame f (the top frame, pc at its return instruction) returns with monitor slots in
 * use, as in HotSpot's remove_activation: a synchronized method releases what its slot 0
 * holds, or throws IllegalMonitorStateException if that slot is free; then a slot still
 * held makes the return throw IllegalMonitorStateException in the frame, where a handler
 * covering the return may catch it (the monitors stay held until the frame goes). Returns
 * false with the exception pending.
 */
static __attribute__((noinline)) bool monitors_at_return(Thread *t, Frame *f)
{
    Slot *mon = frame_monitors(f);
    if (f->method->access & ACC_SYNCHRONIZED) {
        Object *own = mon[0].l;
        if (own == NULL) {
            exc_throw(t, "java/lang/IllegalMonitorStateException", NULL);
            return false;
        }
        mon[0].l = NULL;
        if (!mon_exit(t, own)) return false;
    }
    for (uint32_t i = 0; i < f->nmon; i++) {
        if (mon[i].l != NULL) {
            exc_throw(t, "java/lang/IllegalMonitorStateException", NULL);
            return false;
        }
    }
    return true;
}

/*
 * Frame f (the top frame) is being unwound by the pending exception with monitor slots in
 * use: every held slot is released. If one was held besides a synchronized method's own
 * slot 0, or that slot was free, the exception is replaced by an
 * IllegalMonitorStateException — unless it is a ThreadDeath — made as HotSpot makes it:
 * allocated without running a constructor (so its cause field is null, not itself) and
 * given the stack trace of the frame being unwound.
 */
static __attribute__((noinline)) void monitors_at_unwind(Thread *t, Frame *f)
{
    Slot *mon = frame_monitors(f);
    bool illegal = false;
    uint32_t i = 0;
    if (f->method->access & ACC_SYNCHRONIZED) {
        if (mon[0].l != NULL) exit_quietly(t, mon[0].l);
        else illegal = true;
        mon[0].l = NULL;
        i = 1;
    }
    for (; i < f->nmon; i++) {
        if (mon[i].l == NULL) continue;
        exit_quietly(t, mon[i].l);
        mon[i].l = NULL;
        illegal = true;
    }
    f->nmon = 0;
    if (!illegal || is_thread_death(t->exception)) return;
    exc_clear(t);
    /* A failure to make it (OutOfMemoryError...) is pending instead. */
    Class *c = loader_load(t, NULL, sym_intern("java/lang/IllegalMonitorStateException"));
    if (c == NULL || !class_ensure_init(t, c)) return;
    Object *imse = obj_new(t, c);
    if (imse == NULL) return;
    exc_fill_stack_trace(t, imse);
    if (exc_pending(t) == NULL) t->exception = imse;
}

/* ------------------------------------------------------------------------------------ */
/* The loop                                                                             */
/* ------------------------------------------------------------------------------------ */

/* Never inlined or cloned: tools find its frames by its address (interp_loop_function). */
static __attribute__((noinline, noclone)) bool execute(Thread *t, Frame *frame);

/* Pushes a frame for Java method m whose arg_slots arguments start at args, then runs
 * until it returns (result at args[0]). The caller has pushed an entry frame. */
static bool run_method(Thread *t, Method *m, Slot *args)
{
    if (unlikely(m->flags & METHOD_F_UNFUSED)) fuse_method(m);
    Frame *f = (Frame *)(args + m->max_locals);
    if (unlikely((Slot *)(f + 1) + m->max_stack + EXTRA_STACK > t->stack_limit)) {
        exc_throw_soe(t);
        return false;
    }
    f->prev = t->top_frame;
    f->method = m;
    f->pc = m->code;
    f->locals = args;
    f->sp = (Slot *)(f + 1);
    f->flags = 0;
    f->nmon = 0;
    FRAME_PUBLISH_FENCE();
    t->top_frame = f;
    if (m->access & ACC_SYNCHRONIZED) {
        Object *lock = method_is_static(m) ? m->clazz->mirror : args[0].l;
        frame_monitors(f)[0].l = lock;
        f->nmon = 1;
        f->sp++;
        mon_enter(t, lock);
    }
    return execute(t, f);
}

const void *interp_loop_function(void) { return (const void *)execute; }
static void thread_mode_init(Thread *t);

bool interp_call(Thread *t, Method *m, const Slot *args, Slot *ret)
{
    thread_check_suspended(t); /* a suspended thread's native code calling Java (JNI) */
    char probe;
    if (unlikely((void *)&probe < t->stack_guard)) {
        exc_throw_soe(t);
        return false;
    }
    if (method_is_static(m) && !class_ensure_init(t, m->clazz)) return false;
    VMLeaf leaf = atomic_load_explicit(&m->leaf, memory_order_relaxed);
    if (unlikely(t->dispatch == NULL)) thread_mode_init(t); /* its tool mode, before a leaf */
    if (unlikely(leaf != NULL) && __atomic_load_n(&t->interp_tool, __ATOMIC_RELAXED) == 0) {
        /* As from bytecode (see invoke:): reflection and JNI calls of Math.sqrt, ... */
        Slot r;
        if (leaf(t, (Slot *)args, &r)) {
            if (ret) *ret = r;
            return true;
        }
    }
    Slot *base = java_stack_top(t);
    int need = FRAME_SLOTS + m->arg_slots + m->max_locals + FRAME_SLOTS + m->max_stack + EXTRA_STACK + 2;
    if (unlikely(base + need > t->stack_limit)) {
        exc_throw_soe(t);
        return false;
    }
    Frame *ef = (Frame *)base;
    Slot *a = (Slot *)(ef + 1);
    ef->prev = t->top_frame;
    ef->method = NULL;
    ef->pc = NULL;
    ef->locals = a;
    ef->flags = FRAME_ENTRY;
    ef->nmon = 0;
    if (m->arg_slots) memcpy(a, args, m->arg_slots * sizeof(Slot));
    ef->sp = a + m->arg_slots;
    FRAME_PUBLISH_FENCE();
    t->top_frame = ef;
    bool ok;
    Slot r = {0};
    if (m->code != NULL) {
        if (m->arg_slots > m->max_locals) {
            exc_throw(t, "java/lang/VerifyError", "Arguments can't fit into locals in method %s.%s%s",
                      m->clazz->name, m->name, m->desc);
            ok = false;
        } else {
            ok = run_method(t, m, a);
            r = a[0];
        }
    } else if (method_is_abstract(m)) {
        exc_throw(t, "java/lang/AbstractMethodError", "%s.%s%s", m->clazz->name, m->name, m->desc);
        ok = false;
    } else {
        ok = call_native(t, m, a, &r);
    }
    t->top_frame = ef->prev;
    if (ok && ret) *ret = r;
    return ok;
}

bool interp_call_virtual(Thread *t, Method *m, const Slot *args, Slot *ret)
{
    Object *recv = args[0].l;
    if (recv == NULL) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
        return false;
    }
    Method *target = m;
    if (!method_is_static(m) && !(m->access & ACC_PRIVATE) && m->name != sym.init) {
        target = class_is_interface(m->clazz) ? select_interface(t, recv, m) : select_virtual(t, recv, m);
        if (target == NULL) return false;
    }
    return interp_call(t, target, args, ret);
}

bool interp_call_static(Thread *t, Method *m, Slot *ret, ...)
{
    Slot args[256];
    va_list ap;
    va_start(ap, ret);
    for (int i = 0; i < m->arg_slots && i < 256; i++) args[i] = va_arg(ap, Slot);
    va_end(ap);
    return interp_call(t, m, args, ret);
}

#ifdef GLASS_DEBUG
static void trace_op(Thread *t, Method *m, const uint8_t *pc, Slot *sp, Frame *f)
{
    fprintf(stderr, "[%u] %s.%s%s @%d %s sp=%d\n", t->index, m->clazz->name, m->name, m->desc,
            (int)(pc - m->code), bc_name(*pc), (int)(sp - frame_stack_base(f)));
}
#endif

/* ------------------------------------------------------------------------------------ */
/* Tool mode (interp.h): per-thread dispatch tables                                     */
/* ------------------------------------------------------------------------------------ */

/* The two dispatch tables: plain_labels holds the handlers, tool_labels op_tool_event in
 * every entry. Set up by execute(NULL, NULL) from interp_init. */
static const void *plain_labels[256], *tool_labels[256];

/* mode_lock (a leaf) orders the switches: the global bits, each thread's own bits and
 * what apply_mode derives from them. */
static OsMutex mode_lock;
static bool mode_ready;   /* interp_init has run: threads may exist */
static unsigned global_tool;
/* The poll word of a thread whose table was switched: always set (interp.h). */
static const _Atomic int reload_word = 1;

/* Under mode_lock: t's effective bits and table from the global and its own bits. A
 * changed table makes t's next interpreter poll take the slow path, which reloads it;
 * the table is stored before the poll word, and the slow path resets the poll word
 * before it reads the table (both sequentially consistent), so no switch is missed. */
static void apply_mode(Thread *t)
{
    unsigned bits = global_tool | t->interp_tool_own;
    const void *const *tbl = (bits & INTERP_TOOL_STEP) ? tool_labels : plain_labels;
    __atomic_store_n(&t->interp_tool, (uint8_t)bits, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&t->dispatch, __ATOMIC_RELAXED) != tbl) {
        __atomic_store_n(&t->dispatch, tbl, __ATOMIC_SEQ_CST);
        __atomic_store_n(&t->interp_poll_word, &reload_word, __ATOMIC_SEQ_CST);
    }
}

static void apply_mode_cb(Thread *t, void *arg)
{
    (void)arg;
    apply_mode(t);
}

void interp_set_tool_mode(unsigned bits)
{
    if (!mode_ready) {
        global_tool = bits; /* OnLoad: no thread has a table yet */
        return;
    }
    os_mutex_lock(&mode_lock);
    if (global_tool != bits) {
        global_tool = bits;
        thread_for_each(apply_mode_cb, NULL); /* threads_lock inside mode_lock */
    }
    os_mutex_unlock(&mode_lock);
}

void interp_set_thread_tool_mode(Thread *t, unsigned bits)
{
    if (!mode_ready) {
        t->interp_tool_own = (uint8_t)bits;
        return;
    }
    os_mutex_lock(&mode_lock);
    t->interp_tool_own = (uint8_t)bits;
    apply_mode(t);
    os_mutex_unlock(&mode_lock);
}

/* t's table the first time it runs Java code. */
static __attribute__((noinline)) void thread_mode_init(Thread *t)
{
    os_mutex_lock(&mode_lock);
    if (t->dispatch == NULL) apply_mode(t);
    if (t->interp_poll_word == NULL) t->interp_poll_word = &vm_interp_poll;
    os_mutex_unlock(&mode_lock);
}

/* The thread's current table, at a point where it may have changed. */
static inline const void *const *current_table(Thread *t)
{
    return __atomic_load_n(&t->dispatch, __ATOMIC_SEQ_CST);
}

/* The slow path of a poll that found the poll word set: back to the shared poll word,
 * then the table (interp.h). Returns the table. */
static const void *const *poll_reload(Thread *t)
{
    __atomic_store_n(&t->interp_poll_word, &vm_interp_poll, __ATOMIC_SEQ_CST);
    return current_table(t);
}

static bool execute(Thread *t, Frame *frame)
{
    if (unlikely(frame == NULL)) {
        /* interp_init: the handlers' addresses are known only in here. */
        for (int i = 0; i < 256; i++) plain_labels[i] = &&op_illegal, tool_labels[i] = &&op_tool_event;
#define X(name, code, len) plain_labels[code] = &&op_##name;
        BYTECODE_LIST(X)
#undef X
#define X(name, code, len, orig) plain_labels[code] = &&op_##name;
        QUICK_LIST(X)
#undef X
        plain_labels[OP_field_watched] = &&op_field_watched;
        return true;
    }

    /* The running method is always read from the frame, never kept in a local: class
     * redefinition (redefine.h) moves a frame that is still running an old method onto
     * that method's old-version copy while this loop is stopped (at a poll, in a call to
     * the VM or to a native method), and what follows must see the copy's code and
     * constant pool. pc, cpr and cpaux stay valid: the copy keeps the old code and its
     * pool the old arrays. One load of the frame, which is in a register. */
    const uint8_t *pc = frame->pc;
    Slot *sp = frame->sp;
    /* locals and cpaux in callee-saved registers: left to itself gcc 12 keeps pc, sp,
     * the table, the frame and the thread in registers but spills these two, so that every
     * local load or store and every quick field access paid a load from the C stack first
     * (measured with callgrind: 4-6% of the instructions of Loops, FieldsArrays and NBody,
     * 3-4% of Calls and Dispatch). Pinning pc and sp as well made things worse. A GNU
     * local register variable is only a placement: the semantics are an ordinary local's. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
    register Slot *locals asm("r15") = frame->locals;
    register uint32_t *cpaux asm("r14") = frame->method->clazz->cp.aux;
#else
    Slot *locals = frame->locals;
    uint32_t *cpaux = frame->method->clazz->cp.aux;
#endif
    void *_Atomic *cpr = frame->method->clazz->cp.resolved;
    if (unlikely(t->dispatch == NULL || t->interp_poll_word == NULL)) thread_mode_init(t);
    /* The thread's dispatch table (interp.h, "Tool mode"), reloaded where it may change. */
    const void *const *tbl = current_table(t);

#define METHOD_EVENTS() unlikely(__atomic_load_n(&t->interp_tool, __ATOMIC_RELAXED) & INTERP_TOOL_METHOD)
#define TOOL_MODE() unlikely(__atomic_load_n(&t->interp_tool, __ATOMIC_RELAXED) != 0)
#define RELOAD_TABLE() (tbl = current_table(t))

    /* Locals used across instruction handlers. No handler reads its own opcode from *pc:
     * at a breakpoint the byte there is OP_breakpoint (each opcode has its own entry, or
     * sets what it needs before joining shared code). */
    Method *callee;
    uint16_t cp_index;
    int insn_len;
    bool field_static, field_put;
    Slot *args;
    Slot result;
    int ret_slots;

#define SYNC() (frame->pc = pc, frame->sp = sp)
/* ldc2_w_q's constant: a Long's or a Double's bits, low word at the entry's aux, high at
 * the next's (op_ldc2_w) */
#define LDC2_BITS(idx)                                                                      \
    ({                                                                                      \
        uint16_t i_ = (idx);                                                                \
        (int64_t)((uint64_t)cpaux[i_] | (uint64_t)cpaux[i_ + 1] << 32);                     \
    })
#define LOAD_FRAME()                                                                        \
    do {                                                                                    \
        locals = frame->locals;                                                             \
        cpr = frame->method->clazz->cp.resolved;                                        \
        cpaux = frame->method->clazz->cp.aux;                                           \
    } while (0)
#ifdef GLASS_DEBUG
#define DISPATCH()                                                                          \
    do {                                                                                    \
        if (unlikely(vm_opts.trace_interp)) trace_op(t, frame->method, pc, sp, frame);      \
        goto *tbl[*pc];                                                                     \
    } while (0)
#else
#define DISPATCH() goto *tbl[*pc]
#endif
#define NEXT(n)                                                                             \
    do {                                                                                    \
        pc += (n);                                                                          \
        DISPATCH();                                                                         \
    } while (0)
#define THROW(cls, ...)                                                                     \
    do {                                                                                    \
        SYNC();                                                                             \
        exc_throw(t, cls, __VA_ARGS__);                                                     \
        goto handle_exception;                                                              \
    } while (0)
/* The exceptions HotSpot's interpreter creates itself, not logged as thrown by the VM
 * (-Xlog:exceptions): a null reference, a division by zero, an array store's type. */
#define THROW_IMPLICIT(cls, msg)                                                            \
    do {                                                                                    \
        SYNC();                                                                             \
        exc_throw_implicit(t, cls, msg);                                                    \
        goto handle_exception;                                                              \
    } while (0)
#define CHECK(cond)                                                                         \
    do {                                                                                    \
        if (unlikely(!(cond))) goto handle_exception;                                       \
    } while (0)
#define NULL_CHECK(o)                                                                       \
    do {                                                                                    \
        if (unlikely((o) == NULL)) THROW_IMPLICIT("java/lang/NullPointerException", NULL);  \
    } while (0)
/* A null receiver of a call whose pool entry was not resolved before: HotSpot's link
 * resolver throws it as the VM (logged by -Xlog:exceptions), its interpreter's own checks
 * (a resolved entry, quickened or not) do not. */
#define RESOLVE_NULL_CHECK(o, was_resolved)                                                 \
    do {                                                                                    \
        if (unlikely((o) == NULL)) {                                                        \
            if (was_resolved) THROW_IMPLICIT("java/lang/NullPointerException", NULL);       \
            THROW("java/lang/NullPointerException", NULL);                                  \
        }                                                                                   \
    } while (0)
#define POLL()                                                                              \
    do {                                                                                    \
        if (unlikely(atomic_load_explicit(t->interp_poll_word, memory_order_relaxed))) {    \
            SYNC();                                                                         \
            Frame *outer_stop_ = t->jvmti_stop_frame;                                       \
            t->jvmti_stop_frame = frame;                                                    \
            tbl = poll_reload(t);                                                           \
            bool thrown_ = thread_interp_poll(t);                                           \
            t->jvmti_stop_frame = outer_stop_;                                              \
            RELOAD_TABLE();                                                                 \
            if (thrown_) goto handle_exception;                                             \
            FRAME_REQUEST_CHECK();                                                          \
        }                                                                                   \
    } while (0)
/* A JVMTI PopFrame or ForceEarlyReturn made while the thread was stopped at a poll or in
 * a callback (Thread.jvmti_stop_frame) is carried out as it goes on. Stop points nest (a
 * callback may run Java code that polls): each restores the outer one's frame, and a
 * request is only ever made for the innermost, so it is consumed by that stop point's
 * own check (any other frame leaves it alone). */
#define FRAME_REQUEST_CHECK()                                                               \
    do {                                                                                    \
        if (unlikely(t->jvmti_frame_request != THREAD_FRAME_NONE) &&                        \
            t->jvmti_request_frame == frame)                                                \
            goto frame_request;                                                             \
    } while (0)
/* JVMTI SampledObjectAlloc: a sample chosen by heap_alloc is posted here, after the
 * allocating instruction, with the new object on the operand stack. */
#define SAMPLE_POINT()                                                                      \
    do {                                                                                    \
        if (unlikely(t->jvmti_samples_n != 0)) {                                           \
            SYNC();                                                                         \
            jvmti_post_sampled_alloc(t);                                                    \
            RELOAD_TABLE();                                                                 \
        }                                                                                   \
    } while (0)
/* A JVMTI callback at a point where frame requests are honoured. */
#define STOP_POINT(call)                                                                    \
    do {                                                                                    \
        SYNC();                                                                             \
        Frame *outer_stop_ = t->jvmti_stop_frame;                                           \
        t->jvmti_stop_frame = frame;                                                        \
        call;                                                                               \
        t->jvmti_stop_frame = outer_stop_;                                                  \
        RELOAD_TABLE();                                                                     \
        FRAME_REQUEST_CHECK();                                                              \
    } while (0)
#define BRANCH(off)                                                                         \
    do {                                                                                    \
        int32_t o_ = (off);                                                                 \
        if (o_ <= 0) POLL();                                                                \
        NEXT(o_);                                                                           \
    } while (0)
/* A goto's branch, almost always backward (a loop's back edge): the poll laid out on the
 * straight path, where BRANCH's layout (forward taken branches first) made gcc jump
 * to an out-of-line poll test and back at every iteration. */
#define BRANCH_BACK(off)                                                                    \
    do {                                                                                    \
        int32_t o_ = (off);                                                                 \
        if (likely(o_ <= 0)) POLL();                                                        \
        NEXT(o_);                                                                           \
    } while (0)
#define ARRAY_CHECK(a, i)                                                                   \
    do {                                                                                    \
        NULL_CHECK(a);                                                                      \
        if (unlikely((uint32_t)(i) >= (uint32_t)(a)->length)) {                             \
            SYNC();                                                                         \
            throw_aioobe(t, (i), (a)->length);                                              \
            goto handle_exception;                                                          \
        }                                                                                   \
    } while (0)

    /* JVMTI MethodEntry of the frame interp_call made (run_method). */
    if (METHOD_EVENTS()) STOP_POINT(jvmti_interp_method_entry(t, frame));
    DISPATCH();

    /* ---- constants ---- */
op_nop:
    NEXT(1);
op_aconst_null:
    (sp++)->l = NULL;
    NEXT(1);
#define ICONST(name, v)                                                                     \
    op_##name:                                                                              \
    SLOT_SET_I(*sp++, v);                                                                   \
    NEXT(1);
    ICONST(iconst_m1, -1) ICONST(iconst_0, 0) ICONST(iconst_1, 1) ICONST(iconst_2, 2)
    ICONST(iconst_3, 3) ICONST(iconst_4, 4) ICONST(iconst_5, 5)
op_lconst_0:
    sp->j = 0;
    sp += 2;
    NEXT(1);
op_lconst_1:
    sp->j = 1;
    sp += 2;
    NEXT(1);
op_fconst_0:
    SLOT_SET_F(*sp++, 0.0f);
    NEXT(1);
op_fconst_1:
    SLOT_SET_F(*sp++, 1.0f);
    NEXT(1);
op_fconst_2:
    SLOT_SET_F(*sp++, 2.0f);
    NEXT(1);
op_dconst_0:
    sp->d = 0.0;
    sp += 2;
    NEXT(1);
op_dconst_1:
    sp->d = 1.0;
    sp += 2;
    NEXT(1);
op_bipush:
    SLOT_SET_I(*sp++, (int8_t)pc[1]);
    NEXT(2);
op_sipush:
    SLOT_SET_I(*sp++, rd_s2(pc + 1));
    NEXT(3);

op_ldc:
    cp_index = pc[1];
    insn_len = 2;
    goto ldc;
op_ldc_w:
    cp_index = rd_u2(pc + 1);
    insn_len = 3;
ldc: {
    uint16_t idx = cp_index;
    int len = insn_len;
    Class *cls = frame->method->clazz;
    switch (cls->cp.tags[idx]) {
    case CONSTANT_Integer:
    case CONSTANT_Float:
        /* The value's 32 bits (an Integer's or a Float's: one union) need no resolution.
         * The quick forms read them from the pool's aux word (class.h), which cpaux's
         * register reaches in one load where the entry is four loads away. */
        cpaux[idx] = (uint32_t)cls->cp.entries[idx].u.i;
        quicken((uint8_t *)pc, len == 2 ? OP_ldc_i_q : OP_ldc_w_i_q);
        SLOT_SET_I(*sp++, cls->cp.entries[idx].u.i);
        NEXT(len);
    case CONSTANT_String: {
        SYNC();
        Object *s = resolve_string(t, cls, idx);
        CHECK(s);
        quicken((uint8_t *)pc, len == 2 ? OP_ldc_q : OP_ldc_w_q);
        (sp++)->l = s;
        NEXT(len);
    }
    case CONSTANT_Class: {
        SYNC();
        Class *c = resolve_class(t, cls, idx);
        CHECK(c);
        quicken((uint8_t *)pc, len == 2 ? OP_ldc_q : OP_ldc_w_q);
        (sp++)->l = c->mirror;
        NEXT(len);
    }
    case CONSTANT_MethodType: {
        SYNC();
        Object *o = resolve_method_type(t, cls, idx);
        CHECK(o);
        (sp++)->l = o;
        NEXT(len);
    }
    case CONSTANT_MethodHandle: {
        SYNC();
        Object *o = resolve_method_handle(t, cls, idx);
        CHECK(o);
        (sp++)->l = o;
        NEXT(len);
    }
    case CONSTANT_Dynamic: {
        SYNC();
        BasicType bt;
        CHECK(resolve_dynamic_constant(t, cls, idx, sp, &bt));
        sp += bt_is_wide(bt) ? 2 : 1;
        NEXT(len);
    }
    default:
        THROW("java/lang/VerifyError", "Illegal type at constant pool entry %d in class %s", idx, cls->name);
    }
}
op_ldc_q:
    cp_index = pc[1];
    insn_len = 2;
    goto ldc_q;
op_ldc_w_q:
    cp_index = rd_u2(pc + 1);
    insn_len = 3;
ldc_q: {
    void *r = atomic_load_explicit(&cpr[cp_index], memory_order_relaxed);
    (sp++)->l = frame->method->clazz->cp.tags[cp_index] == CONSTANT_Class ? ((Class *)r)->mirror : (Object *)r;
    NEXT(insn_len);
}
op_ldc_i_q:
    SLOT_SET_I(*sp++, (int32_t)cpaux[pc[1]]);
    NEXT(2);
op_ldc_w_i_q:
    SLOT_SET_I(*sp++, (int32_t)cpaux[rd_u2(pc + 1)]);
    NEXT(3);
op_ldc2_w_q: {
    /* A Long's or a Double's bits, low word at the entry's aux, high at the next's */
    sp->j = LDC2_BITS(rd_u2(pc + 1));
    sp += 2;
    NEXT(3);
}
op_ldc2_w: {
    uint16_t idx = rd_u2(pc + 1);
    Class *cls = frame->method->clazz;
    uint8_t tag = cls->cp.tags[idx];
    if (tag == CONSTANT_Long || tag == CONSTANT_Double) {
        /* The quick form reads the bits from the aux words of the entry and of the next
         * index, which JVMS 4.4.5 leaves unusable (as ldc's quick forms, above). */
        uint64_t bits = (uint64_t)cls->cp.entries[idx].u.j;
        cpaux[idx] = (uint32_t)bits;
        cpaux[idx + 1] = (uint32_t)(bits >> 32);
        quicken((uint8_t *)pc, OP_ldc2_w_q);
        sp->j = cls->cp.entries[idx].u.j;
    } else if (tag == CONSTANT_Dynamic) {
        SYNC();
        BasicType bt;
        CHECK(resolve_dynamic_constant(t, cls, idx, sp, &bt));
    } else {
        THROW("java/lang/VerifyError", "Illegal type at constant pool entry %d in class %s", idx, cls->name);
    }
    sp += 2;
    NEXT(3);
}

    /* ---- locals ---- */
op_iload:
op_fload:
op_aload:
    *sp++ = locals[pc[1]];
    NEXT(2);
op_lload:
op_dload:
    sp[0] = locals[pc[1]];
    sp += 2;
    NEXT(2);
#define LOAD1(name, n)                                                                      \
    op_##name##_##n:                                                                        \
    *sp++ = locals[n];                                                                      \
    NEXT(1);
#define LOAD2(name, n)                                                                      \
    op_##name##_##n:                                                                        \
    sp[0] = locals[n];                                                                      \
    sp += 2;                                                                                \
    NEXT(1);
#define FOUR(M, name) M(name, 0) M(name, 1) M(name, 2) M(name, 3)
    FOUR(LOAD1, iload) FOUR(LOAD1, fload) FOUR(LOAD1, aload) FOUR(LOAD2, lload) FOUR(LOAD2, dload)
op_istore:
op_fstore:
op_astore:
    locals[pc[1]] = *--sp;
    NEXT(2);
op_lstore:
op_dstore:
    sp -= 2;
    locals[pc[1]] = sp[0];
    NEXT(2);
#define STORE1(name, n)                                                                     \
    op_##name##_##n:                                                                        \
    locals[n] = *--sp;                                                                      \
    NEXT(1);
#define STORE2(name, n)                                                                     \
    op_##name##_##n:                                                                        \
    sp -= 2;                                                                                \
    locals[n] = sp[0];                                                                      \
    NEXT(1);
    FOUR(STORE1, istore) FOUR(STORE1, fstore) FOUR(STORE1, astore) FOUR(STORE2, lstore) FOUR(STORE2, dstore)
op_wide: {
    uint16_t idx = rd_u2(pc + 2);
    switch (pc[1]) {
    case OP_iload: case OP_fload: case OP_aload: *sp++ = locals[idx]; NEXT(4);
    case OP_lload: case OP_dload: sp[0] = locals[idx]; sp += 2; NEXT(4);
    case OP_istore: case OP_fstore: case OP_astore: locals[idx] = *--sp; NEXT(4);
    case OP_lstore: case OP_dstore: sp -= 2; locals[idx] = sp[0]; NEXT(4);
    case OP_iinc: SLOT_SET_I(locals[idx], (int32_t)((uint32_t)locals[idx].i + (uint32_t)rd_s2(pc + 4))); NEXT(6);
    case OP_ret: pc = locals[idx].p; DISPATCH();
    default: THROW("java/lang/VerifyError", "Bad wide instruction");
    }
}

    /* ---- arrays ---- */
op_iaload: op_faload: {
    int32_t i = sp[-1].i;
    Array *a = (Array *)sp[-2].l;
    ARRAY_CHECK(a, i);
    SLOT_SET_I(sp[-2], ((int32_t *)array_data(a))[i]);
    sp--;
    NEXT(1);
}
op_laload: op_daload: {
    int32_t i = sp[-1].i;
    Array *a = (Array *)sp[-2].l;
    ARRAY_CHECK(a, i);
    sp[-2].j = ((int64_t *)array_data(a))[i];
    NEXT(1);
}
op_aaload: {
    int32_t i = sp[-1].i;
    Array *a = (Array *)sp[-2].l;
    ARRAY_CHECK(a, i);
    sp[-2].l = ((Object **)array_data(a))[i];
    sp--;
    NEXT(1);
}
op_baload: {
    int32_t i = sp[-1].i;
    Array *a = (Array *)sp[-2].l;
    ARRAY_CHECK(a, i);
    SLOT_SET_I(sp[-2], ((int8_t *)array_data(a))[i]);
    sp--;
    NEXT(1);
}
op_caload: {
    int32_t i = sp[-1].i;
    Array *a = (Array *)sp[-2].l;
    ARRAY_CHECK(a, i);
    SLOT_SET_I(sp[-2], ((uint16_t *)array_data(a))[i]);
    sp--;
    NEXT(1);
}
op_saload: {
    int32_t i = sp[-1].i;
    Array *a = (Array *)sp[-2].l;
    ARRAY_CHECK(a, i);
    SLOT_SET_I(sp[-2], ((int16_t *)array_data(a))[i]);
    sp--;
    NEXT(1);
}
op_iastore: op_fastore: {
    int32_t i = sp[-2].i;
    Array *a = (Array *)sp[-3].l;
    ARRAY_CHECK(a, i);
    ((int32_t *)array_data(a))[i] = sp[-1].i;
    sp -= 3;
    NEXT(1);
}
op_lastore: op_dastore: {
    int32_t i = sp[-3].i;
    Array *a = (Array *)sp[-4].l;
    ARRAY_CHECK(a, i);
    ((int64_t *)array_data(a))[i] = sp[-2].j;
    sp -= 4;
    NEXT(1);
}
op_aastore: {
    Object *v = sp[-1].l;
    int32_t i = sp[-2].i;
    Array *a = (Array *)sp[-3].l;
    ARRAY_CHECK(a, i);
    if (v != NULL) {
        Class *ec = a->hdr.klass->component;
        if (unlikely(v->klass != ec && !class_is_subclass_of(v->klass, ec))) {
            SYNC();
            throw_ase(t, v);
            goto handle_exception;
        }
    }
    ((Object **)array_data(a))[i] = v;
    sp -= 3;
    NEXT(1);
}
op_bastore: {
    int32_t i = sp[-2].i;
    Array *a = (Array *)sp[-3].l;
    ARRAY_CHECK(a, i);
    int32_t v = sp[-1].i;
    if (a->hdr.klass->elem_type == BT_BOOLEAN) v &= 1;
    ((int8_t *)array_data(a))[i] = (int8_t)v;
    sp -= 3;
    NEXT(1);
}
op_castore: op_sastore: {
    int32_t i = sp[-2].i;
    Array *a = (Array *)sp[-3].l;
    ARRAY_CHECK(a, i);
    ((uint16_t *)array_data(a))[i] = (uint16_t)sp[-1].i;
    sp -= 3;
    NEXT(1);
}
op_arraylength: {
    Array *a = (Array *)sp[-1].l;
    NULL_CHECK(a);
    SLOT_SET_I(sp[-1], a->length);
    NEXT(1);
}
op_newarray: {
    int32_t n = sp[-1].i;
    BasicType bt = (BasicType)pc[1];
    if (unlikely(bt < BT_BOOLEAN || bt > BT_LONG))
        THROW("java/lang/VerifyError", "Bad array type %d", pc[1]);
    SYNC();
    Array *a = obj_new_prim_array(t, bt, n);
    CHECK(a);
    sp[-1].l = &a->hdr;
    SAMPLE_POINT();
    NEXT(2);
}
op_anewarray: {
    SYNC();
    Class *c = resolve_class(t, frame->method->clazz, rd_u2(pc + 1));
    CHECK(c);
    Class *ac = loader_array_of(t, c);
    CHECK(ac);
    quicken((uint8_t *)pc, OP_anewarray_q);
    Array *a = obj_new_array(t, ac, sp[-1].i);
    CHECK(a);
    sp[-1].l = &a->hdr;
    SAMPLE_POINT();
    NEXT(3);
}
op_anewarray_q: {
    Class *c = atomic_load_explicit(&cpr[rd_u2(pc + 1)], memory_order_relaxed);
    SYNC();
    Class *ac = atomic_load_explicit(&c->array_class, memory_order_acquire);
    if (unlikely(ac == NULL)) {
        ac = loader_array_of(t, c);
        CHECK(ac);
    }
    Array *a = obj_new_array(t, ac, sp[-1].i);
    CHECK(a);
    sp[-1].l = &a->hdr;
    SAMPLE_POINT();
    NEXT(3);
}
op_multianewarray: {
    SYNC();
    Class *c = resolve_class(t, frame->method->clazz, rd_u2(pc + 1));
    CHECK(c);
    int n = pc[3];
    if (unlikely(n < 1 || !class_is_array(c) || c->dims < n))
        THROW("java/lang/VerifyError", "Illegal dimension in multianewarray");
    int32_t dims[255];
    for (int i = 0; i < n; i++) dims[i] = sp[i - n].i;
    sp -= n;
    SYNC();
    Array *a = obj_new_multi_array(t, c, n, dims);
    CHECK(a);
    (sp++)->l = &a->hdr;
    SAMPLE_POINT();
    NEXT(4);
}

    /* ---- stack ---- */
op_pop:
    sp--;
    NEXT(1);
op_pop2:
    sp -= 2;
    NEXT(1);
op_dup:
    sp[0] = sp[-1];
    sp++;
    NEXT(1);
op_dup_x1: {
    Slot v1 = sp[-1], v2 = sp[-2];
    sp[-2] = v1;
    sp[-1] = v2;
    sp[0] = v1;
    sp++;
    NEXT(1);
}
op_dup_x2: {
    Slot v1 = sp[-1], v2 = sp[-2], v3 = sp[-3];
    sp[-3] = v1;
    sp[-2] = v3;
    sp[-1] = v2;
    sp[0] = v1;
    sp++;
    NEXT(1);
}
op_dup2:
    sp[0] = sp[-2];
    sp[1] = sp[-1];
    sp += 2;
    NEXT(1);
op_dup2_x1: {
    Slot v1 = sp[-1], v2 = sp[-2], v3 = sp[-3];
    sp[-3] = v2;
    sp[-2] = v1;
    sp[-1] = v3;
    sp[0] = v2;
    sp[1] = v1;
    sp += 2;
    NEXT(1);
}
op_dup2_x2: {
    Slot v1 = sp[-1], v2 = sp[-2], v3 = sp[-3], v4 = sp[-4];
    sp[-4] = v2;
    sp[-3] = v1;
    sp[-2] = v4;
    sp[-1] = v3;
    sp[0] = v2;
    sp[1] = v1;
    sp += 2;
    NEXT(1);
}
op_swap: {
    Slot v = sp[-1];
    sp[-1] = sp[-2];
    sp[-2] = v;
    NEXT(1);
}

    /* ---- arithmetic (two's complement wrap-around without C undefined behaviour) ---- */
#define IBIN(op)                                                                            \
    SLOT_SET_I(sp[-2], (int32_t)((uint32_t)sp[-2].i op(uint32_t) sp[-1].i));                \
    sp--;                                                                                   \
    NEXT(1)
#define LBIN(op)                                                                            \
    sp[-4].j = (int64_t)((uint64_t)sp[-4].j op(uint64_t) sp[-2].j);                         \
    sp -= 2;                                                                                \
    NEXT(1)
op_iadd: IBIN(+);
op_isub: IBIN(-);
op_imul: IBIN(*);
op_iand: IBIN(&);
op_ior: IBIN(|);
op_ixor: IBIN(^);
op_ladd: LBIN(+);
op_lsub: LBIN(-);
op_lmul: LBIN(*);
op_land: LBIN(&);
op_lor: LBIN(|);
op_lxor: LBIN(^);
op_fadd: SLOT_SET_F(sp[-2], sp[-2].f + sp[-1].f); sp--; NEXT(1);
op_fsub: SLOT_SET_F(sp[-2], sp[-2].f - sp[-1].f); sp--; NEXT(1);
op_fmul: SLOT_SET_F(sp[-2], sp[-2].f * sp[-1].f); sp--; NEXT(1);
op_fdiv: SLOT_SET_F(sp[-2], sp[-2].f / sp[-1].f); sp--; NEXT(1);
op_frem: SLOT_SET_F(sp[-2], fmodf(sp[-2].f, sp[-1].f)); sp--; NEXT(1);
op_dadd: sp[-4].d = sp[-4].d + sp[-2].d; sp -= 2; NEXT(1);
op_dsub: sp[-4].d = sp[-4].d - sp[-2].d; sp -= 2; NEXT(1);
op_dmul: sp[-4].d = sp[-4].d * sp[-2].d; sp -= 2; NEXT(1);
op_ddiv: sp[-4].d = sp[-4].d / sp[-2].d; sp -= 2; NEXT(1);
op_drem: sp[-4].d = fmod(sp[-4].d, sp[-2].d); sp -= 2; NEXT(1);
op_idiv: {
    int32_t b = sp[-1].i, a = sp[-2].i;
    if (unlikely(b == 0)) THROW_IMPLICIT("java/lang/ArithmeticException", "/ by zero");
    SLOT_SET_I(sp[-2], (b == -1) ? (int32_t)(0u - (uint32_t)a) : a / b);
    sp--;
    NEXT(1);
}
op_irem: {
    int32_t b = sp[-1].i, a = sp[-2].i;
    if (unlikely(b == 0)) THROW_IMPLICIT("java/lang/ArithmeticException", "/ by zero");
    SLOT_SET_I(sp[-2], (b == -1) ? 0 : a % b);
    sp--;
    NEXT(1);
}
op_ldiv: {
    int64_t b = sp[-2].j, a = sp[-4].j;
    if (unlikely(b == 0)) THROW_IMPLICIT("java/lang/ArithmeticException", "/ by zero");
    sp[-4].j = (b == -1) ? (int64_t)(0ull - (uint64_t)a) : a / b;
    sp -= 2;
    NEXT(1);
}
op_lrem: {
    int64_t b = sp[-2].j, a = sp[-4].j;
    if (unlikely(b == 0)) THROW_IMPLICIT("java/lang/ArithmeticException", "/ by zero");
    sp[-4].j = (b == -1) ? 0 : a % b;
    sp -= 2;
    NEXT(1);
}
op_ineg: SLOT_SET_I(sp[-1], (int32_t)(0u - (uint32_t)sp[-1].i)); NEXT(1);
op_lneg: sp[-2].j = (int64_t)(0ull - (uint64_t)sp[-2].j); NEXT(1);
op_fneg: SLOT_SET_F(sp[-1], -sp[-1].f); NEXT(1);
op_dneg: sp[-2].d = -sp[-2].d; NEXT(1);
op_ishl: SLOT_SET_I(sp[-2], (int32_t)((uint32_t)sp[-2].i << (sp[-1].i & 31))); sp--; NEXT(1);
op_ishr: SLOT_SET_I(sp[-2], sp[-2].i >> (sp[-1].i & 31)); sp--; NEXT(1);
op_iushr: SLOT_SET_I(sp[-2], (int32_t)((uint32_t)sp[-2].i >> (sp[-1].i & 31))); sp--; NEXT(1);
op_lshl: sp[-3].j = (int64_t)((uint64_t)sp[-3].j << (sp[-1].i & 63)); sp--; NEXT(1);
op_lshr: sp[-3].j = sp[-3].j >> (sp[-1].i & 63); sp--; NEXT(1);
op_lushr: sp[-3].j = (int64_t)((uint64_t)sp[-3].j >> (sp[-1].i & 63)); sp--; NEXT(1);
op_iinc:
    SLOT_SET_I(locals[pc[1]], (int32_t)((uint32_t)locals[pc[1]].i + (uint32_t)(int8_t)pc[2]));
    NEXT(3);

    /* ---- superinstructions (fuse_method): the second instruction's byte tested, then
     * both run; pc moves to the second before anything there can throw or poll ---- */
op_iinc_goto:
    SLOT_SET_I(locals[pc[1]], (int32_t)((uint32_t)locals[pc[1]].i + (uint32_t)(int8_t)pc[2]));
    if (unlikely(pc[3] != OP_goto)) NEXT(3);
    pc += 3;
    BRANCH_BACK(rd_s2(pc + 1));
    /* aload + a quick getfield of an int, float, long, double or reference field; any
     * other getfield (unquickened, a breakpoint's byte) runs alone after the aload. A
     * long or double field followed by a plain dmul or dsub (not the first of a fused
     * pair: each test costs every run) takes the third instruction too, the field as
     * its right operand (`x * b.mass`, `a.x - b.x`: the verifier makes the field a
     * double), and a dsub followed by a dstore a fourth (`dx = a.x - b.x`). A
     * breakpoint's byte there stops the sequence before it; neither can throw. */
#define LOAD_GETFIELD(obj, aload_len)                                                       \
    do {                                                                                    \
        Object *o = (obj);                                                                  \
        pc += (aload_len);                                                                  \
        uint8_t op2 = *pc;                                                                  \
        if (likely(op2 == OP_getfield_j)) {                                                 \
            NULL_CHECK(o);                                                                  \
            char *addr_ = (char *)o + cpaux[rd_u2(pc + 1)];                                 \
            uint8_t op3 = pc[3];                                                            \
            if (op3 == OP_dmul) {                                                           \
                sp[-2].d = sp[-2].d * *(double *)addr_;                                     \
                NEXT(4);                                                                    \
            }                                                                               \
            if (op3 == OP_dsub) {                                                           \
                double v_ = sp[-2].d - *(double *)addr_;                                    \
                if (pc[4] == OP_dstore) {                                                   \
                    locals[pc[5]].d = v_;                                                   \
                    sp -= 2;                                                                \
                    NEXT(6);                                                                \
                }                                                                           \
                sp[-2].d = v_;                                                              \
                NEXT(4);                                                                    \
            }                                                                               \
            sp->j = *(int64_t *)addr_;                                                      \
            sp += 2;                                                                        \
            NEXT(3);                                                                        \
        }                                                                                   \
        if (op2 == OP_getfield_i) {                                                         \
            NULL_CHECK(o);                                                                  \
            SLOT_SET_I(*sp++, *(int32_t *)((char *)o + cpaux[rd_u2(pc + 1)]));              \
            NEXT(3);                                                                        \
        }                                                                                   \
        if (op2 == OP_getfield_a) {                                                         \
            NULL_CHECK(o);                                                                  \
            (sp++)->l = *(Object **)((char *)o + cpaux[rd_u2(pc + 1)]);                     \
            NEXT(3);                                                                        \
        }                                                                                   \
        (sp++)->l = o;                                                                      \
        DISPATCH();                                                                         \
    } while (0)
op_aload_getfield:
    LOAD_GETFIELD(locals[pc[1]].l, 2);
op_aload_0_getfield:
    LOAD_GETFIELD(locals[0].l, 1);
    /* dload, dmul (its byte dmul_dadd where a dadd follows: then the dadd too, the
     * product rounded first; where dsub/dadd+putfield follow, those too); or dload, dload (its byte this fused form, as a dmul
     * follows), dmul: the product of the two locals pushed, or added to the double below
     * it where the dmul is dmul_dadd and the dadd's byte is still a dadd; or dload,
     * invokestatic of a typed leaf (Math.sqrt(x)), and a dadd. */
op_dload_dmul:
    if (unlikely(pc[2] != OP_dmul)) {
        if (pc[2] == OP_dload_dmul) {
            uint8_t op3 = pc[4];
            if (op3 == OP_dmul || op3 == OP_dmul_dadd) {
                double prod = locals[pc[1]].d * locals[pc[3]].d;
                if (op3 == OP_dmul_dadd && pc[5] == OP_dadd) {
                    if (pc[6] == OP_dstore) { /* and a dstore: d2 = ... + z * z */
                        locals[pc[7]].d = sp[-2].d + prod;
                        sp -= 2;
                        NEXT(8);
                    }
                    sp[-2].d = sp[-2].d + prod;
                    NEXT(6);
                }
                sp->d = prod;
                sp += 2;
                NEXT(5);
            }
        }
        if (pc[2] == OP_dmul_dadd) {
            double prod = sp[-2].d * locals[pc[1]].d;
            if (likely(pc[3] == OP_dadd)) {
                sp[-4].d = sp[-4].d + prod;
                sp -= 2;
                NEXT(4);
            }
            sp[-2].d = prod;
            NEXT(3);
        }
        if (pc[2] == OP_invokestatic_q) {
            /* dload, invokestatic of a typed leaf (Math.sin(x), ...; see invokestatic_q),
             * and a dadd after it (s += Math.sin(x)) where its byte is still one. */
            Method *lm = atomic_load_explicit(&cpr[rd_u2(pc + 3)], memory_order_relaxed);
            if ((lm->flags & METHOD_F_LEAF_D) && !TOOL_MODE() &&
                atomic_load_explicit(&lm->leaf, memory_order_relaxed) != NULL) {
                double v = lm->leaf_d(locals[pc[1]].d);
                if (pc[5] == OP_dadd) {
                    sp[-2].d = sp[-2].d + v;
                    NEXT(6);
                }
                sp->d = v;
                sp += 2;
                NEXT(5);
            }
        }
        if (pc[2] == OP_dneg && pc[3] == OP_invokestatic_q) {
            /* dload, dneg, invokestatic of a typed leaf (Math.exp(-x)), and a dadd */
            Method *lm = atomic_load_explicit(&cpr[rd_u2(pc + 4)], memory_order_relaxed);
            if ((lm->flags & METHOD_F_LEAF_D) && !TOOL_MODE() &&
                atomic_load_explicit(&lm->leaf, memory_order_relaxed) != NULL) {
                double v = lm->leaf_d(-locals[pc[1]].d);
                if (pc[6] == OP_dadd) {
                    sp[-2].d = sp[-2].d + v;
                    NEXT(7);
                }
                sp->d = v;
                sp += 2;
                NEXT(6);
            }
        }
        if (pc[2] == OP_ldc2_w_q) {
            /* dload, ldc2_w (a double: a dmul or a (DD)D leaf uses it), then dmul (x *
             * 0.5), and invokestatic of a typed (D)D leaf of the product (Math.tan(x *
             * 0.5)) and a dadd; or invokestatic of a typed (DD)D leaf (Math.pow(x, 0.75)),
             * and a dadd, and a dstore (s += Math.pow(x, 0.75)). */
            Slot c = {.j = LDC2_BITS(rd_u2(pc + 3))};
            if (pc[5] == OP_dmul) {
                double prod = locals[pc[1]].d * c.d;
                if (pc[6] == OP_invokestatic_q) {
                    Method *lm = atomic_load_explicit(&cpr[rd_u2(pc + 7)], memory_order_relaxed);
                    if ((lm->flags & METHOD_F_LEAF_D) && !TOOL_MODE() &&
                        atomic_load_explicit(&lm->leaf, memory_order_relaxed) != NULL) {
                        double v = lm->leaf_d(prod);
                        if (pc[9] == OP_dadd) {
                            sp[-2].d = sp[-2].d + v;
                            NEXT(10);
                        }
                        sp->d = v;
                        sp += 2;
                        NEXT(9);
                    }
                }
                sp->d = prod;
                sp += 2;
                NEXT(6);
            }
            if (pc[5] == OP_invokestatic_q) {
                Method *lm = atomic_load_explicit(&cpr[rd_u2(pc + 6)], memory_order_relaxed);
                if ((lm->flags & METHOD_F_LEAF_DD) && !TOOL_MODE() &&
                    atomic_load_explicit(&lm->leaf, memory_order_relaxed) != NULL) {
                    double v = lm->leaf_dd(locals[pc[1]].d, c.d);
                    if (pc[8] == OP_dadd) {
                        double s = sp[-2].d + v;
                        if (pc[9] == OP_dstore) {
                            locals[pc[10]].d = s;
                            sp -= 2;
                            NEXT(11);
                        }
                        if (pc[9] >= OP_dstore_0 && pc[9] <= OP_dstore_3) {
                            locals[pc[9] - OP_dstore_0].d = s;
                            sp -= 2;
                            NEXT(10);
                        }
                        sp[-2].d = s;
                        NEXT(9);
                    }
                    sp->d = v;
                    sp += 2;
                    NEXT(8);
                }
            }
            sp[0] = locals[pc[1]]; /* both pushed: the ldc2_w's next instruction runs */
            sp[2] = c;
            sp += 4;
            NEXT(5);
        }
        sp[0] = locals[pc[1]];
        sp += 2;
        NEXT(2);
    }
    {
        /* x.f -= y * local, x.f += y * local: the dmul's product goes into a dsub or dadd
         * (its putfield pair's byte) and a quick putfield of a double; a null reference
         * leaves the putfield to throw at its own bci (the dmul alone, then the pair) */
        double prod = sp[-2].d * locals[pc[1]].d;
        uint8_t op3 = pc[3];
        if ((op3 == OP_dsub_putfield || op3 == OP_dadd_putfield) && pc[4] == OP_putfield_j && sp[-5].l != NULL) {
            double f = sp[-4].d;
            *(double *)((char *)sp[-5].l + cpaux[rd_u2(pc + 5)]) = op3 == OP_dsub_putfield ? f - prod : f + prod;
            sp -= 5;
            NEXT(7);
        }
        sp[-2].d = prod;
        NEXT(3);
    }
    /* The if_icmpge ending a fused loop test, its operands a and b read without pushing
     * them: pc moves to the if_icmpge (`at` bytes on), whose branch polls from there. */
#define FUSED_ICMPGE(a, b, at)                                                              \
    do {                                                                                    \
        int32_t a_ = (a), b_ = (b);                                                         \
        pc += (at);                                                                         \
        if (a_ >= b_) BRANCH(rd_s2(pc + 1));                                                \
        NEXT(3);                                                                            \
    } while (0)
/* The same for if_icmpgt (`for (...; i <= n; ...)`). */
#define FUSED_ICMPGT(a, b, at)                                                              \
    do {                                                                                    \
        int32_t a_ = (a), b_ = (b);                                                         \
        pc += (at);                                                                         \
        if (a_ > b_) BRANCH(rd_s2(pc + 1));                                                 \
        NEXT(3);                                                                            \
    } while (0)
    /* iload, iload, if_icmpge (javac's `for (...; i < n; ...)` test): nothing pushed;
     * pc is at the if_icmpge when its backward branch polls. */
op_iload_iload:
    if (unlikely(pc[2] != OP_iload)) {
        /* iload, iload_<n>, if_icmpge (n a local 0-3) */
        uint8_t n = (uint8_t)(pc[2] - OP_iload_0);
        if (n < 4 && pc[3] == OP_if_icmpge) {
            FUSED_ICMPGE(locals[pc[1]].i, locals[n].i, 3);
        }
        *sp++ = locals[pc[1]];
        NEXT(2);
    }
    if (pc[4] == OP_if_icmpge) {
        FUSED_ICMPGE(locals[pc[1]].i, locals[pc[3]].i, 4);
    }
    if (pc[4] == OP_if_icmpgt) {
        FUSED_ICMPGT(locals[pc[1]].i, locals[pc[3]].i, 4);
    }
    sp[0] = locals[pc[1]];
    sp[1] = locals[pc[3]];
    sp += 2;
    NEXT(4);
    /* iload, bipush, iand (i & mask) in one step when the third byte is iand */
op_iload_bipush:
    if (unlikely(pc[2] != OP_bipush)) {
        *sp++ = locals[pc[1]];
        NEXT(2);
    }
    if (pc[4] == OP_iand) {
        SLOT_SET_I(*sp++, locals[pc[1]].i & (int8_t)pc[3]);
        NEXT(5);
    }
    sp[0] = locals[pc[1]];
    SLOT_SET_I(sp[1], (int8_t)pc[3]);
    sp += 2;
    NEXT(4);
    /* iload, then a quick ldc of an int (or a float's bits), then if_icmpge as in
     * op_iload_iload; an ldc not quickened to ldc_i_q (a String, or not yet run) lets
     * the iload run alone. */
op_iload_ldc:
    if (unlikely(pc[2] != OP_ldc_i_q)) {
        *sp++ = locals[pc[1]];
        NEXT(2);
    }
    if (likely(pc[4] == OP_if_icmpge)) {
        FUSED_ICMPGE(locals[pc[1]].i, (int32_t)cpaux[pc[3]], 4);
    }
    if (pc[4] == OP_if_icmpgt) {
        FUSED_ICMPGT(locals[pc[1]].i, (int32_t)cpaux[pc[3]], 4);
    }
    sp[0] = locals[pc[1]];
    SLOT_SET_I(sp[1], (int32_t)cpaux[pc[3]]);
    sp += 2;
    NEXT(4);
op_sipush_iand:
    if (unlikely(pc[3] != OP_iand)) {
        SLOT_SET_I(*sp++, rd_s2(pc + 1));
        NEXT(3);
    }
    SLOT_SET_I(sp[-1], sp[-1].i & rd_s2(pc + 1));
    NEXT(4);
    /* dup2, then iaload or daload (a[i] op= ...): the loaded value is pushed above the
     * array and index. A null array or an index out of bounds runs the dup2 alone and
     * dispatches the load, which throws at its own bci. a[i]++ (iconst_1+iadd, its
     * iadd's byte still iadd, then iastore) and a[i] += 1.0 (dconst_1, dadd, dastore)
     * update the element in place: the store's checks are the load's, passed, and an
     * int or double array store throws nothing else. */
op_dup2_xaload: {
    Array *a = (Array *)sp[-2].l;
    int32_t i = sp[-1].i;
    uint8_t op2 = pc[1];
    if (likely(a != NULL && (uint32_t)i < (uint32_t)a->length)) {
        if (op2 == OP_iaload) {
            int32_t *e = (int32_t *)array_data(a) + i;
            if (pc[2] == OP_iconst_1_iadd && pc[3] == OP_iadd && pc[4] == OP_iastore) {
                *e = (int32_t)((uint32_t)*e + 1u);
                sp -= 2;
                NEXT(5);
            }
            SLOT_SET_I(sp[0], *e);
            sp += 1;
            NEXT(2);
        }
        if (op2 == OP_daload) {
            double *e = (double *)array_data(a) + i;
            if (pc[2] == OP_dconst_1 && pc[3] == OP_dadd && pc[4] == OP_dastore) {
                *e = *e + 1.0;
                sp -= 2;
                NEXT(5);
            }
            sp[0].d = *e;
            sp += 2;
            NEXT(2);
        }
    }
    sp[0] = sp[-2];
    sp[1] = sp[-1];
    sp += 2;
    NEXT(1);
}
    /* dadd or dsub, then a quick putfield of a long or double (x.f += ...; the verifier
     * makes it a double field): a null reference leaves the putfield to throw at its own
     * bci. */
#define DBIN_PUTFIELD(op)                                                                   \
    do {                                                                                    \
        double v = sp[-4].d op sp[-2].d;                                                    \
        Object *o = sp[-5].l;                                                               \
        if (unlikely(pc[1] != OP_putfield_j || o == NULL)) {                                \
            sp[-4].d = v;                                                                   \
            sp -= 2;                                                                        \
            NEXT(1);                                                                        \
        }                                                                                   \
        *(double *)((char *)o + cpaux[rd_u2(pc + 2)]) = v;                                  \
        sp -= 5;                                                                            \
        NEXT(4);                                                                            \
    } while (0)
op_dadd_putfield: DBIN_PUTFIELD(+);
op_dsub_putfield: DBIN_PUTFIELD(-);
#undef DBIN_PUTFIELD
    /* iadd, then istore or istore_<n>: the sum goes straight to the local. Any other
     * byte there (a breakpoint) leaves the store to its own handler. Fusing iadd with a
     * putfield or an iastore as well (tests further down the chain) executed fewer
     * dispatches but more instructions, and was no faster on FieldsArrays. */
op_iadd_store: {
    int32_t v = (int32_t)((uint32_t)sp[-2].i + (uint32_t)sp[-1].i);
    uint8_t op2 = pc[1];
    if (op2 == OP_istore) {
        SLOT_SET_I(locals[pc[2]], v);
        sp -= 2;
        NEXT(3);
    }
    if ((uint8_t)(op2 - OP_istore_0) < 4) {
        SLOT_SET_I(locals[op2 - OP_istore_0], v);
        sp -= 2;
        NEXT(2);
    }
    SLOT_SET_I(sp[-2], v);
    sp--;
    NEXT(1);
}
    /* ladd, then lstore or lstore_<n>, as op_iadd_store */
op_ladd_store: {
    int64_t v = (int64_t)((uint64_t)sp[-4].j + (uint64_t)sp[-2].j);
    uint8_t op2 = pc[1];
    if (op2 == OP_lstore) {
        locals[pc[2]].j = v;
        sp -= 4;
        NEXT(3);
    }
    if ((uint8_t)(op2 - OP_lstore_0) < 4) {
        locals[op2 - OP_lstore_0].j = v;
        sp -= 4;
        NEXT(2);
    }
    sp[-4].j = v;
    sp -= 2;
    NEXT(1);
}
    /* aload, iload, then the array load of iload_xaload (the iload's own fused form):
     * a[i] with both locals, nothing pushed but the element. A null array or an index
     * out of bounds: the aload alone, then the iload's handler. A plain iload: both
     * pushed; any other byte there (a breakpoint, the iload's other pairs): the aload. */
op_aload_iload_xaload: {
    Array *a = (Array *)locals[pc[1]].l;
    if (likely(pc[2] == OP_iload_xaload && a != NULL)) {
        int32_t i = locals[pc[3]].i;
        uint8_t op3 = pc[4];
        if (likely((uint32_t)i < (uint32_t)a->length)) {
            if (op3 == OP_baload) {
                SLOT_SET_I(*sp++, ((int8_t *)array_data(a))[i]);
                NEXT(5);
            }
            if (op3 == OP_iaload) {
                SLOT_SET_I(*sp++, ((int32_t *)array_data(a))[i]);
                NEXT(5);
            }
            if (op3 == OP_aaload) {
                (sp++)->l = ((Object **)array_data(a))[i];
                NEXT(5);
            }
            if (op3 == OP_daload) {
                sp->j = ((int64_t *)array_data(a))[i];
                sp += 2;
                NEXT(5);
            }
        }
    }
    if (pc[2] == OP_iload) {
        sp[0].l = (Object *)a;
        sp[1] = locals[pc[3]];
        sp += 2;
        NEXT(4);
    }
    (sp++)->l = (Object *)a;
    NEXT(2);
}
    /* iconst_1, iadd (x + 1; the iadd's byte iadd_store where a local store follows,
     * which then runs alone) */
op_iconst_1_iadd:
    if (likely(pc[1] == OP_iadd || pc[1] == OP_iadd_store)) {
        SLOT_SET_I(sp[-1], (int32_t)((uint32_t)sp[-1].i + 1u));
        NEXT(2);
    }
    SLOT_SET_I(*sp++, 1);
    NEXT(1);
    /* dmul, dadd (s += x * y): the product rounded to a double first, as two
     * instructions do (no fused multiply-add). */
op_dmul_dadd: {
    double prod = sp[-4].d * sp[-2].d;
    if (unlikely(pc[1] != OP_dadd)) {
        sp[-4].d = prod;
        sp -= 2;
        NEXT(1);
    }
    if (pc[2] == OP_dstore) { /* s = s + x * y into a local: the dstore too */
        locals[pc[3]].d = sp[-6].d + prod;
        sp -= 6;
        NEXT(4);
    }
    sp[-6].d = sp[-6].d + prod;
    sp -= 4;
    NEXT(2);
}
    /* iload, i2l; or iload, i2d, and ldc2_w, dmul (i * 1e-4), and a dstore */
op_iload_i2l:
    if (unlikely(pc[2] != OP_i2l)) {
        if (pc[2] == OP_i2d) {
            double v = (double)locals[pc[1]].i;
            if (pc[3] == OP_ldc2_w_q && pc[6] == OP_dmul) {
                Slot c = {.j = LDC2_BITS(rd_u2(pc + 4))};
                v = v * c.d;
                if (pc[7] == OP_dstore) {
                    locals[pc[8]].d = v;
                    NEXT(9);
                }
                if (pc[7] >= OP_dstore_0 && pc[7] <= OP_dstore_3) {
                    locals[pc[7] - OP_dstore_0].d = v;
                    NEXT(8);
                }
                sp->d = v;
                sp += 2;
                NEXT(7);
            }
            sp->d = v;
            sp += 2;
            NEXT(3);
        }
        *sp++ = locals[pc[1]];
        NEXT(2);
    }
    sp->j = locals[pc[1]].i;
    sp += 2;
    NEXT(3);
    /* iload, then daload, aaload, iaload or baload (a[i] with i a local): the index is
     * never pushed. A null array or an index out of bounds pushes it and dispatches the
     * array load itself, which throws at its own bci with the stack its map describes;
     * so does any other byte there (a breakpoint). */
#define ILOAD_XALOAD(elem_t, store, grow)                                                  \
    do {                                                                                    \
        pc += 2;                                                                            \
        if (unlikely(a == NULL || (uint32_t)i >= (uint32_t)a->length)) break;               \
        store(((elem_t *)array_data(a))[i]);                                                \
        sp += (grow);                                                                       \
        NEXT(1);                                                                            \
    } while (0)
#define XALOAD_J(v) (sp[-1].j = (v))
#define XALOAD_A(v) (sp[-1].l = (v))
#define XALOAD_I(v) SLOT_SET_I(sp[-1], (v))
op_iload_xaload: {
    int32_t i = locals[pc[1]].i;
    Array *a = (Array *)sp[-1].l;
    uint8_t op2 = pc[2];
    if (likely(op2 == OP_daload)) ILOAD_XALOAD(int64_t, XALOAD_J, 1);
    else if (op2 == OP_aaload) ILOAD_XALOAD(Object *, XALOAD_A, 0);
    else if (op2 == OP_iaload) ILOAD_XALOAD(int32_t, XALOAD_I, 0);
    else if (op2 == OP_baload) ILOAD_XALOAD(int8_t, XALOAD_I, 0);
    else pc += 2;
    SLOT_SET_I(*sp++, i);
    DISPATCH();
}
#undef ILOAD_XALOAD
#undef XALOAD_J
#undef XALOAD_A
#undef XALOAD_I
    /* aload, dup, then a quick getfield as in LOAD_GETFIELD; the stack holds the
     * reference twice when pc reaches the getfield, as the stack map there says. A long
     * or double field followed by a dload or dload_<n> (a dload's byte possibly
     * dload_dmul's, which then runs from its second instruction on), an int field followed
     * by a plain iload or iload_<n> (x.f op= local ...) pushes the local too; followed
     * in turn by dadd/dsub (their putfield pairs' bytes) or iadd and a quick putfield of
     * the same kind (x.f += local), the sum is stored with no push at all. */
op_aload_dup_getfield: {
    Object *o = locals[pc[1]].l;
    (sp++)->l = o;
    if (unlikely(pc[2] != OP_dup)) NEXT(2);
    (sp++)->l = o;
    pc += 3;
    uint8_t op2 = *pc;
    if (likely(op2 == OP_getfield_j)) {
        NULL_CHECK(o);
        int64_t fv = *(int64_t *)((char *)o + cpaux[rd_u2(pc + 1)]);
        uint8_t op3 = pc[3];
        if (op3 == OP_dload || op3 == OP_dload_dmul) {
            /* x.f += local, x.f -= local: dadd or dsub (their bytes the putfield pairs')
             * and a quick putfield of a double, to the putfield's own field */
            uint8_t op4 = pc[5];
            if ((op4 == OP_dadd_putfield || op4 == OP_dsub_putfield) && pc[6] == OP_putfield_j) {
                double f, l = locals[pc[4]].d;
                memcpy(&f, &fv, sizeof f);
                *(double *)((char *)o + cpaux[rd_u2(pc + 7)]) = op4 == OP_dadd_putfield ? f + l : f - l;
                sp -= 2;
                NEXT(9);
            }
            sp[-1].j = fv;
            sp[1].j = locals[pc[4]].j;
            sp += 3;
            NEXT(5);
        }
        sp[-1].j = fv;
        sp++;
        if ((uint8_t)(op3 - OP_dload_0) < 4) {
            sp->j = locals[op3 - OP_dload_0].j;
            sp += 2;
            NEXT(4);
        }
        NEXT(3);
    }
    if (op2 == OP_getfield_i) {
        NULL_CHECK(o);
        SLOT_SET_I(sp[-1], *(int32_t *)((char *)o + cpaux[rd_u2(pc + 1)]));
        uint8_t op3 = pc[3];
        if (op3 == OP_iload) {
            /* x.f += local: iadd and a quick putfield of an int, to its own field */
            if (pc[5] == OP_iadd && pc[6] == OP_putfield_i) {
                *(int32_t *)((char *)o + cpaux[rd_u2(pc + 7)]) = (int32_t)((uint32_t)sp[-1].i + (uint32_t)locals[pc[4]].i);
                sp -= 2;
                NEXT(9);
            }
            *sp++ = locals[pc[4]];
            NEXT(5);
        }
        if ((uint8_t)(op3 - OP_iload_0) < 4) {
            *sp++ = locals[op3 - OP_iload_0];
            NEXT(4);
        }
        NEXT(3);
    }
    if (op2 == OP_getfield_a) {
        NULL_CHECK(o);
        sp[-1].l = *(Object **)((char *)o + cpaux[rd_u2(pc + 1)]);
        NEXT(3);
    }
    DISPATCH();
}

    /* ---- conversions (JVMS 2.8: float-to-integer conversions saturate, NaN gives 0) ---- */
op_i2l: sp[-1].j = sp[-1].i; sp++; NEXT(1);
op_i2f: SLOT_SET_F(sp[-1], (float)sp[-1].i); NEXT(1);
op_i2d: sp[-1].d = (double)sp[-1].i; sp++; NEXT(1);
op_l2i: SLOT_SET_I(sp[-2], (int32_t)sp[-2].j); sp--; NEXT(1);
op_l2f: SLOT_SET_F(sp[-2], (float)sp[-2].j); sp--; NEXT(1);
op_l2d: sp[-2].d = (double)sp[-2].j; NEXT(1);
op_f2i: {
    float f = sp[-1].f;
    SLOT_SET_I(sp[-1], isnan(f) ? 0 : f >= 2147483647.0f ? INT32_MAX : f <= -2147483648.0f ? INT32_MIN : (int32_t)f);
    NEXT(1);
}
op_f2l: {
    float f = sp[-1].f;
    sp[-1].j = isnan(f) ? 0 : f >= 9223372036854775807.0f ? INT64_MAX : f <= -9223372036854775808.0f ? INT64_MIN : (int64_t)f;
    sp++;
    NEXT(1);
}
op_f2d: sp[-1].d = (double)sp[-1].f; sp++; NEXT(1);
op_d2i: {
    double d = sp[-2].d;
    SLOT_SET_I(sp[-2], isnan(d) ? 0 : d >= 2147483647.0 ? INT32_MAX : d <= -2147483648.0 ? INT32_MIN : (int32_t)d);
    sp--;
    NEXT(1);
}
op_d2l: {
    double d = sp[-2].d;
    sp[-2].j = isnan(d) ? 0 : d >= 9223372036854775807.0 ? INT64_MAX : d <= -9223372036854775808.0 ? INT64_MIN : (int64_t)d;
    NEXT(1);
}
op_d2f: SLOT_SET_F(sp[-2], (float)sp[-2].d); sp--; NEXT(1);
op_i2b: SLOT_SET_I(sp[-1], (int8_t)sp[-1].i); NEXT(1);
op_i2c: SLOT_SET_I(sp[-1], (uint16_t)sp[-1].i); NEXT(1);
op_i2s: SLOT_SET_I(sp[-1], (int16_t)sp[-1].i); NEXT(1);

    /* ---- comparisons and branches ---- */
op_lcmp: {
    int64_t b = sp[-2].j, a = sp[-4].j;
    SLOT_SET_I(sp[-4], a < b ? -1 : a > b ? 1 : 0);
    sp -= 3;
    NEXT(1);
}
#define FCMP(name, nan)                                                                     \
    op_##name: {                                                                            \
        float b = sp[-1].f, a = sp[-2].f;                                                   \
        SLOT_SET_I(sp[-2], a < b ? -1 : a > b ? 1 : a == b ? 0 : nan);                      \
        sp--;                                                                               \
        NEXT(1);                                                                            \
    }
#define DCMP(name, nan)                                                                     \
    op_##name: {                                                                            \
        double b = sp[-2].d, a = sp[-4].d;                                                  \
        SLOT_SET_I(sp[-4], a < b ? -1 : a > b ? 1 : a == b ? 0 : nan);                      \
        sp -= 3;                                                                            \
        NEXT(1);                                                                            \
    }
    FCMP(fcmpl, -1) FCMP(fcmpg, 1) DCMP(dcmpl, -1) DCMP(dcmpg, 1)
#define IF1(cond)                                                                           \
    do {                                                                                    \
        int32_t v = (--sp)->i;                                                              \
        if (v cond 0) BRANCH(rd_s2(pc + 1));                                                \
        NEXT(3);                                                                            \
    } while (0)
#define IF2(cond)                                                                           \
    do {                                                                                    \
        int32_t b = sp[-1].i, a = sp[-2].i;                                                 \
        sp -= 2;                                                                            \
        if (a cond b) BRANCH(rd_s2(pc + 1));                                                \
        NEXT(3);                                                                            \
    } while (0)
op_ifeq: IF1(==);
op_ifne: IF1(!=);
op_iflt: IF1(<);
op_ifge: IF1(>=);
op_ifgt: IF1(>);
op_ifle: IF1(<=);
op_if_icmpeq: IF2(==);
op_if_icmpne: IF2(!=);
op_if_icmplt: IF2(<);
op_if_icmpge: IF2(>=);
op_if_icmpgt: IF2(>);
op_if_icmple: IF2(<=);
op_if_acmpeq: {
    Object *b = sp[-1].l, *a = sp[-2].l;
    sp -= 2;
    if (a == b) BRANCH(rd_s2(pc + 1));
    NEXT(3);
}
op_if_acmpne: {
    Object *b = sp[-1].l, *a = sp[-2].l;
    sp -= 2;
    if (a != b) BRANCH(rd_s2(pc + 1));
    NEXT(3);
}
op_ifnull:
    if ((--sp)->l == NULL) BRANCH(rd_s2(pc + 1));
    NEXT(3);
op_ifnonnull:
    if ((--sp)->l != NULL) BRANCH(rd_s2(pc + 1));
    NEXT(3);
op_goto:
    BRANCH(rd_s2(pc + 1));
op_goto_w:
    BRANCH(rd_s4(pc + 1));
op_jsr:
    (sp++)->p = (void *)(pc + 3);
    NEXT(rd_s2(pc + 1));
op_jsr_w:
    (sp++)->p = (void *)(pc + 5);
    NEXT(rd_s4(pc + 1));
op_ret:
    pc = locals[pc[1]].p;
    DISPATCH();
op_tableswitch: {
    const uint8_t *p = frame->method->code + (((size_t)(pc - frame->method->code) + 4) & ~(size_t)3);
    int32_t key = (--sp)->i;
    int32_t lo = rd_s4(p + 4), hi = rd_s4(p + 8);
    int32_t off = (key >= lo && key <= hi) ? rd_s4(p + 12 + 4 * (size_t)((int64_t)key - lo)) : rd_s4(p);
    BRANCH(off);
}
op_lookupswitch: {
    const uint8_t *p = frame->method->code + (((size_t)(pc - frame->method->code) + 4) & ~(size_t)3);
    int32_t key = (--sp)->i;
    int32_t n = rd_s4(p + 4);
    int32_t off = rd_s4(p);
    /* Pairs are sorted by key (JVMS 4.10.1.9): binary search. */
    int32_t lo = 0, hi = n - 1;
    while (lo <= hi) {
        int32_t mid = (int32_t)(((uint32_t)lo + (uint32_t)hi) >> 1);
        int32_t k = rd_s4(p + 8 + 8 * (size_t)mid);
        if (k == key) {
            off = rd_s4(p + 12 + 8 * (size_t)mid);
            break;
        }
        if (k < key)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    BRANCH(off);
}

    /* ---- fields ---- */
op_getfield:
    field_static = false, field_put = false;
    goto field_insn;
op_putfield:
    field_static = false, field_put = true;
    goto field_insn;
op_getstatic:
    field_static = true, field_put = false;
    goto field_insn;
op_putstatic:
    field_static = true, field_put = true;
field_insn: {
    bool is_static = field_static;
    bool is_put = field_put;
    SYNC();
    Field *f = link_field(t, frame->method, (uint8_t *)pc, is_static, is_put);
    CHECK(f);
    /* A watched field's instruction, linked now (or not quickened: a static field whose
     * class is being initialized): its event before the access, as the watched form's. */
    if (unlikely(field_watched(f, is_put))) STOP_POINT(jvmti_interp_field(t, frame, f, is_put));
    BasicType bt = (BasicType)f->type;
    bool wide = bt_is_wide(bt);
    bool vol = (f->access & ACC_VOLATILE) != 0;
    if (is_static) {
        void *addr = field_static_addr(f);
        if (is_put) {
            sp -= wide ? 2 : 1;
            if (vol) atomic_thread_fence(memory_order_seq_cst);
            switch (bt) {
            case BT_BOOLEAN: *(int8_t *)addr = (int8_t)(sp->i & 1); break;
            case BT_BYTE: *(int8_t *)addr = (int8_t)sp->i; break;
            case BT_CHAR: case BT_SHORT: *(int16_t *)addr = (int16_t)sp->i; break;
            case BT_INT: case BT_FLOAT: *(int32_t *)addr = sp->i; break;
            case BT_LONG: case BT_DOUBLE: *(int64_t *)addr = sp->j; break;
            default: *(Object **)addr = sp->l; break;
            }
            if (vol) atomic_thread_fence(memory_order_seq_cst);
        } else {
            switch (bt) {
            case BT_BOOLEAN: case BT_BYTE: SLOT_SET_I(*sp, *(int8_t *)addr); break;
            case BT_CHAR: SLOT_SET_I(*sp, *(uint16_t *)addr); break;
            case BT_SHORT: SLOT_SET_I(*sp, *(int16_t *)addr); break;
            case BT_INT: case BT_FLOAT: SLOT_SET_I(*sp, *(int32_t *)addr); break;
            case BT_LONG: case BT_DOUBLE: sp->j = *(int64_t *)addr; break;
            default: sp->l = *(Object **)addr; break;
            }
            sp += wide ? 2 : 1;
        }
        NEXT(3);
    }
    /* Instance fields: execute through the quick handler just installed (or, if the
     * instruction could not be quickened, with the same code). */
    Object *o;
    if (is_put) {
        o = sp[wide ? -3 : -2].l;
        NULL_CHECK(o);
        char *addr = (char *)o + f->offset;
        sp -= wide ? 3 : 2;
        if (vol) atomic_thread_fence(memory_order_seq_cst);
        Slot *v = sp + 1;
        switch (bt) {
        case BT_BOOLEAN: *(int8_t *)addr = (int8_t)(v->i & 1); break;
        case BT_BYTE: *(int8_t *)addr = (int8_t)v->i; break;
        case BT_CHAR: case BT_SHORT: *(int16_t *)addr = (int16_t)v->i; break;
        case BT_INT: case BT_FLOAT: *(int32_t *)addr = v->i; break;
        case BT_LONG: case BT_DOUBLE: *(int64_t *)addr = v->j; break;
        default: *(Object **)addr = v->l; break;
        }
        if (vol) atomic_thread_fence(memory_order_seq_cst);
    } else {
        o = sp[-1].l;
        NULL_CHECK(o);
        char *addr = (char *)o + f->offset;
        Slot *v = sp - 1;
        switch (bt) {
        case BT_BOOLEAN: case BT_BYTE: SLOT_SET_I(*v, *(int8_t *)addr); break;
        case BT_CHAR: SLOT_SET_I(*v, *(uint16_t *)addr); break;
        case BT_SHORT: SLOT_SET_I(*v, *(int16_t *)addr); break;
        case BT_INT: case BT_FLOAT: SLOT_SET_I(*v, *(int32_t *)addr); break;
        case BT_LONG: case BT_DOUBLE: v->j = *(int64_t *)addr; break;
        default: v->l = *(Object **)addr; break;
        }
        if (wide) sp++;
    }
    NEXT(3);
}

    /* Quick instance field access. Volatile fields use the same code: on x86-64 aligned
     * loads and stores are atomic and ordered; the store-load fence a volatile store needs
     * is issued by putfield of volatiles through the slow path above (not quickened). */
#define GETF(type, field)                                                                   \
    do {                                                                                    \
        Object *o = sp[-1].l;                                                               \
        NULL_CHECK(o);                                                                      \
        SLOT_SET_##field(sp[-1], *(type *)((char *)o + cpaux[rd_u2(pc + 1)]));              \
        NEXT(3);                                                                            \
    } while (0)
op_getfield_b: GETF(int8_t, I);
op_getfield_cs: {
    Object *o = sp[-1].l;
    NULL_CHECK(o);
    const Field *gf = atomic_load_explicit(&cpr[rd_u2(pc + 1)], memory_order_relaxed);
    SLOT_SET_I(sp[-1], small_load((const char *)o + cpaux[rd_u2(pc + 1)], gf->type));
    NEXT(3);
}
op_getfield_i: GETF(int32_t, I);
op_getfield_a: GETF(Object *, L);
op_getfield_j: {
    Object *o = sp[-1].l;
    NULL_CHECK(o);
    sp[-1].j = *(int64_t *)((char *)o + cpaux[rd_u2(pc + 1)]);
    sp++;
    NEXT(3);
}
#define PUTF(type, expr)                                                                    \
    do {                                                                                    \
        Object *o = sp[-2].l;                                                               \
        NULL_CHECK(o);                                                                      \
        *(type *)((char *)o + cpaux[rd_u2(pc + 1)]) = (expr);                               \
        sp -= 2;                                                                            \
        NEXT(3);                                                                            \
    } while (0)
op_putfield_small: {
    Object *o = sp[-2].l;
    NULL_CHECK(o);
    const Field *pf = atomic_load_explicit(&cpr[rd_u2(pc + 1)], memory_order_relaxed);
    small_store((char *)o + cpaux[rd_u2(pc + 1)], pf->type, sp[-1].i);
    sp -= 2;
    NEXT(3);
}
op_putfield_i: PUTF(int32_t, sp[-1].i);
op_putfield_a: PUTF(Object *, sp[-1].l);
op_putfield_j: {
    Object *o = sp[-3].l;
    NULL_CHECK(o);
    *(int64_t *)((char *)o + cpaux[rd_u2(pc + 1)]) = sp[-2].j;
    sp -= 3;
    NEXT(3);
}
#define STATIC_ADDR() ((char *)((Field *)atomic_load_explicit(&cpr[rd_u2(pc + 1)], memory_order_relaxed))->clazz->mirror + cpaux[rd_u2(pc + 1)])
op_getstatic_small: {
    const Field *sf = atomic_load_explicit(&cpr[rd_u2(pc + 1)], memory_order_relaxed);
    SLOT_SET_I(*sp++, small_load((const char *)sf->clazz->mirror + cpaux[rd_u2(pc + 1)], sf->type));
    NEXT(3);
}
op_getstatic_i: SLOT_SET_I(*sp++, *(int32_t *)STATIC_ADDR()); NEXT(3);
op_getstatic_a: (sp++)->l = *(Object **)STATIC_ADDR(); NEXT(3);
op_getstatic_j: sp->j = *(int64_t *)STATIC_ADDR(); sp += 2; NEXT(3);
op_putstatic_q: {
    const Field *sf = atomic_load_explicit(&cpr[rd_u2(pc + 1)], memory_order_relaxed);
    char *addr = (char *)sf->clazz->mirror + cpaux[rd_u2(pc + 1)];
    switch (sf->type) {
    case BT_LONG:
    case BT_DOUBLE: sp -= 2; *(int64_t *)addr = sp->j; break;
    case BT_OBJECT:
    case BT_ARRAY: *(Object **)addr = (--sp)->l; break;
    case BT_INT:
    case BT_FLOAT: *(int32_t *)addr = (--sp)->i; break;
    default: small_store(addr, sf->type, (--sp)->i); break;
    }
    NEXT(3);
}

    /* ---- objects ---- */
op_new: {
    SYNC();
    Class *c = resolve_class(t, frame->method->clazz, rd_u2(pc + 1));
    CHECK(c);
    if (unlikely(c->access & (ACC_ABSTRACT | ACC_INTERFACE))) {
        char ext[512];
        class_external_name(c, ext, sizeof ext);
        THROW("java/lang/InstantiationError", "%s", ext);
    }
    CHECK(class_ensure_init(t, c));
    if (class_is_initialized(c)) quicken((uint8_t *)pc, OP_new_q);
    Object *o = obj_new(t, c);
    CHECK(o);
    (sp++)->l = o;
    SAMPLE_POINT();
    NEXT(3);
}
op_new_q: {
    Class *c = atomic_load_explicit(&cpr[rd_u2(pc + 1)], memory_order_relaxed);
    SYNC();
    Object *o = obj_new(t, c);
    CHECK(o);
    (sp++)->l = o;
    SAMPLE_POINT();
    NEXT(3);
}
op_checkcast: {
    /* JVMS 6.5: null passes without the class being resolved (as HotSpot: a class that
     * cannot be loaded is no error here), so the entry is not quickened yet either. */
    if (sp[-1].l == NULL) NEXT(3);
    SYNC();
    Class *c = resolve_class(t, frame->method->clazz, rd_u2(pc + 1));
    CHECK(c);
    quicken((uint8_t *)pc, OP_checkcast_q);
    DISPATCH();
}
op_checkcast_q: {
    Object *o = sp[-1].l;
    if (o != NULL) {
        Class *c = atomic_load_explicit(&cpr[rd_u2(pc + 1)], memory_order_relaxed);
        if (unlikely(o->klass != c && !class_is_subclass_of(o->klass, c))) {
            SYNC();
            throw_cce(t, o, c);
            goto handle_exception;
        }
    }
    NEXT(3);
}
op_instanceof: {
    if (sp[-1].l == NULL) { /* JVMS 6.5: 0, without resolving the class (as checkcast) */
        SLOT_SET_I(sp[-1], 0);
        NEXT(3);
    }
    SYNC();
    Class *c = resolve_class(t, frame->method->clazz, rd_u2(pc + 1));
    CHECK(c);
    quicken((uint8_t *)pc, OP_instanceof_q);
    DISPATCH();
}
op_instanceof_q: {
    Object *o = sp[-1].l;
    Class *c = atomic_load_explicit(&cpr[rd_u2(pc + 1)], memory_order_relaxed);
    SLOT_SET_I(sp[-1], o != NULL && (o->klass == c || class_is_subclass_of(o->klass, c)));
    NEXT(1 + 2);
}
op_athrow: {
    Object *e = sp[-1].l;
    NULL_CHECK(e);
    SYNC();
    t->exception = e;
    goto handle_exception;
}
op_monitorenter: {
    Object *o = sp[-1].l;
    NULL_CHECK(o);
    sp--;
    Slot *mon = frame_monitors(frame);
    uint32_t n = frame->nmon;
    /* HotSpot's choice of slot: the lowest free one above the topmost slot holding o
     * (recursive entries stay in order), else a new one on top. */
    uint32_t slot = n;
    for (uint32_t i = n; i-- > 0;) {
        if (mon[i].l == NULL) slot = i;
        else if (mon[i].l == o) break;
    }
    if (slot == n) {
        if (unlikely(mon + n + 1 + frame->method->max_stack + EXTRA_STACK > t->stack_limit)) {
            SYNC();
            exc_throw_soe(t);
            goto handle_exception;
        }
        for (Slot *p = sp; p > mon + n; p--) *p = p[-1]; /* operand stack up one slot */
        sp++;
        frame->nmon = n + 1;
    }
    /* Recorded before entering, as HotSpot does: while mon_enter blocks, the slot keeps o
     * alive and names the monitor the thread is waiting for (a frame walker asking what
     * the thread owns checks mon_owner). */
    mon[slot].l = o;
    SYNC();
    mon_enter(t, o);
    NEXT(1);
}
op_monitorexit: {
    Object *o = sp[-1].l;
    NULL_CHECK(o);
    sp--;
    Slot *mon = frame_monitors(frame);
    uint32_t n = frame->nmon;
    uint32_t i = n;
    while (i > 0 && mon[i - 1].l != o) i--;
    /* Not entered by this frame: HotSpot throws even if a caller holds the monitor. */
    if (unlikely(i == 0)) THROW("java/lang/IllegalMonitorStateException", NULL);
    mon[--i].l = NULL;
    if (i == n - 1) {
        /* The top slot is free: shrink the block past free slots (a synchronized method
         * keeps slot 0) and move the operand stack down. */
        uint32_t k = i;
        while (k > 0 && mon[k - 1].l == NULL) k--;
        if (k == 0 && (frame->method->access & ACC_SYNCHRONIZED)) k = 1;
        if (k != n) {
            for (Slot *p = mon + n; p < sp; p++) p[-(ptrdiff_t)(n - k)] = *p;
            sp -= n - k;
            frame->nmon = k;
        }
    }
    SYNC();
    CHECK(mon_exit(t, o));
    NEXT(1);
}

    /* ---- invocation ---- */
op_invokevirtual: {
    uint16_t idx = rd_u2(pc + 1);
    SYNC();
    bool was_resolved = atomic_load_explicit(&cpr[rd_u2(pc + 1)], memory_order_relaxed) != NULL;
    Method *m = resolve_method(t, frame->method->clazz, idx, INVOKE_VIRTUAL);
    CHECK(m);
    if (m->flags & METHOD_F_SIGPOLY) {
        int slots = 1 + mh_desc_slots(cf_utf8(frame->method->clazz->cf,
                                              frame->method->clazz->cp.entries[frame->method->clazz->cp.entries[idx].u.ref.nat_index].u.nat.desc_index));
        cpaux[idx] = (uint32_t)slots;
        quicken((uint8_t *)pc, m->intrinsic == INTRINSIC_INVOKE_GENERIC ? OP_invokehandle_q
                                                                        : OP_invokevirtual_sigpoly_q);
        DISPATCH();
    }
    args = sp - m->arg_slots;
    RESOLVE_NULL_CHECK(args[0].l, was_resolved);
    if ((m->access & (ACC_PRIVATE | ACC_FINAL)) || (m->clazz->access & ACC_FINAL)) {
        if (!class_is_interface(m->clazz)) quicken((uint8_t *)pc, OP_invokevirtual_final_q);
        callee = m;
        goto invoke;
    }
    if (!class_is_interface(m->clazz) && m->vtable_index >= 0) quicken((uint8_t *)pc, OP_invokevirtual_q);
    callee = select_virtual(t, args[0].l, m);
    CHECK(callee);
    goto invoke;
}
op_invokevirtual_q: {
    /* The slot is read from the Method at each call, never cached in the instruction:
     * an enhanced redefinition (redefine.h) moves slots in place at a safepoint, and
     * unquickens (interp_requicken_calls) the sites of deleted methods, whose
     * vtable_index is METHOD_NO_VTABLE. Any other quickened form that dispatches through
     * a vtable must follow the same rules and be known to interp_requicken_calls. */
    Method *m = atomic_load_explicit(&cpr[rd_u2(pc + 1)], memory_order_relaxed);
    args = sp - m->arg_slots;
    Object *recv = args[0].l;
    NULL_CHECK(recv);
    callee = recv->klass->vtable[m->vtable_index];
    goto invoke;
}
op_invokevirtual_final_q: {
    Method *m = atomic_load_explicit(&cpr[rd_u2(pc + 1)], memory_order_relaxed);
    args = sp - m->arg_slots;
    NULL_CHECK(args[0].l);
    callee = m;
    goto invoke;
}
op_invokespecial: {
    SYNC();
    bool was_resolved = atomic_load_explicit(&cpr[rd_u2(pc + 1)], memory_order_relaxed) != NULL;
    Method *m = resolve_method(t, frame->method->clazz, rd_u2(pc + 1), INVOKE_SPECIAL);
    CHECK(m);
    callee = select_special(frame->method->clazz, m);
    if (callee == m) quicken((uint8_t *)pc, OP_invokespecial_q);
    args = sp - callee->arg_slots;
    RESOLVE_NULL_CHECK(args[0].l, was_resolved);
    goto invoke;
}
op_invokespecial_q: {
    callee = atomic_load_explicit(&cpr[rd_u2(pc + 1)], memory_order_relaxed);
    args = sp - callee->arg_slots;
    NULL_CHECK(args[0].l);
    goto invoke;
}
op_invokestatic: {
    uint16_t idx = rd_u2(pc + 1);
    SYNC();
    Method *m = resolve_method(t, frame->method->clazz, idx, INVOKE_STATIC);
    CHECK(m);
    if (m->flags & METHOD_F_SIGPOLY) {
        int slots = mh_desc_slots(cf_utf8(frame->method->clazz->cf,
                                          frame->method->clazz->cp.entries[frame->method->clazz->cp.entries[idx].u.ref.nat_index].u.nat.desc_index));
        cpaux[idx] = (uint32_t)slots;
        quicken((uint8_t *)pc, OP_invokestatic_sigpoly_q);
        DISPATCH();
    }
    CHECK(class_ensure_init(t, m->clazz));
    if (class_is_initialized(m->clazz)) quicken((uint8_t *)pc, OP_invokestatic_q);
    callee = m;
    args = sp - m->arg_slots;
    goto invoke;
}
op_invokestatic_q: {
    callee = atomic_load_explicit(&cpr[rd_u2(pc + 1)], memory_order_relaxed);
    /* A typed leaf (class.h VMLeafD/VMLeafDD: Math.sin, pow, sqrt, ...) is called here
     * with the doubles on the operand stack, its result left in place of the first:
     * under the same conditions as the leaf at invoke (outside tool mode, leaf not
     * dropped by a breakpoint or a redefinition), without its Slot-array convention or
     * the generic result push. invokestatic is 3 bytes long. */
    if (unlikely(callee->flags & (METHOD_F_LEAF_D | METHOD_F_LEAF_DD)) && !TOOL_MODE() &&
        atomic_load_explicit(&callee->leaf, memory_order_relaxed) != NULL) {
        double v;
        if (callee->flags & METHOD_F_LEAF_D) {
            v = callee->leaf_d(sp[-2].d);
            sp -= 2;
        } else {
            v = callee->leaf_dd(sp[-4].d, sp[-2].d);
            sp -= 4;
        }
        if (pc[3] == OP_dadd) { /* s += Math.sin(x): the dadd too, where its byte is one */
            sp[-2].d = sp[-2].d + v;
            NEXT(4);
        }
        sp->d = v;
        sp += 2;
        NEXT(3);
    }
    args = sp - callee->arg_slots;
    goto invoke;
}
op_invokeinterface: {
    SYNC();
    bool was_resolved = atomic_load_explicit(&cpr[rd_u2(pc + 1)], memory_order_relaxed) != NULL;
    Method *m = resolve_method(t, frame->method->clazz, rd_u2(pc + 1), INVOKE_INTERFACE);
    CHECK(m);
    args = sp - m->arg_slots;
    RESOLVE_NULL_CHECK(args[0].l, was_resolved);
    if (!class_is_interface(m->clazz)) {
        /* An Object method called through an interface type. */
        quicken((uint8_t *)pc, OP_invokeinterface_obj_q);
        callee = select_virtual(t, args[0].l, m);
    } else {
        /* First execution: HotSpot's LinkResolver check and message; only a successful
         * selection quickens the instruction. */
        Class *rc = args[0].l->klass;
        if (!(m->access & ACC_PRIVATE) && !class_is_subclass_of(rc, m->clazz)) {
            char rext[512], iext[512];
            class_external_name(rc, rext, sizeof rext);
            class_external_name(m->clazz, iext, sizeof iext);
            THROW("java/lang/IncompatibleClassChangeError",
                  "Class %s does not implement the requested interface %s", rext, iext);
        }
        callee = select_interface(t, args[0].l, m);
        CHECK(callee);
        quicken((uint8_t *)pc, OP_invokeinterface_q);
    }
    CHECK(callee);
    goto invoke;
}
op_invokeinterface_q: {
    Method *m = atomic_load_explicit(&cpr[rd_u2(pc + 1)], memory_order_relaxed);
    args = sp - m->arg_slots;
    Object *recv = args[0].l;
    NULL_CHECK(recv);
    if (m->access & ACC_PRIVATE) {
        callee = m;
        goto invoke;
    }
    /* Inline itable scan for the common case. */
    Class *rc = recv->klass;
    for (uint32_t i = 0; i < rc->itable_length; i++) {
        if (rc->itable[i].iface == m->clazz) {
            callee = rc->itable[i].methods[m->index];
            if (likely(callee != NULL && !method_is_abstract(callee) && (callee->access & ACC_PUBLIC)))
                goto invoke;
            break;
        }
    }
    SYNC();
    callee = select_interface(t, recv, m);
    CHECK(callee);
    goto invoke;
}
op_invokeinterface_obj_q: {
    Method *m = atomic_load_explicit(&cpr[rd_u2(pc + 1)], memory_order_relaxed);
    args = sp - m->arg_slots;
    NULL_CHECK(args[0].l);
    SYNC();
    callee = select_virtual(t, args[0].l, m);
    CHECK(callee);
    goto invoke;
}
op_invokedynamic: {
    SYNC();
    uint16_t site;
    CallSiteLink *link = mh_link_indy(t, frame->method->clazz, pc, rd_u2(pc + 1), &site);
    CHECK(link);
    /* The two zero bytes after the index carry the site number; then the opcode flips. */
    ((uint8_t *)pc)[3] = (uint8_t)(site >> 8);
    ((uint8_t *)pc)[4] = (uint8_t)site;
    quicken((uint8_t *)pc, OP_invokedynamic_q);
    DISPATCH();
}
op_invokedynamic_q: {
    CallSiteLink *link = mh_indy_site(frame->method->clazz, rd_u2(pc + 3));
    if (unlikely(link->error != NULL)) {
        SYNC();
        resolve_error_throw(t, link->error);
        goto handle_exception;
    }
    callee = link->invoker;
    /* Arguments are those of the call-site descriptor, then the appendix. */
    (sp++)->l = link->appendix;
    args = sp - callee->arg_slots;
    goto invoke;
}
op_invokehandle_q: {
    uint16_t idx = rd_u2(pc + 1);
    SYNC();
    CallSiteLink *link = mh_link_invokehandle(t, frame->method->clazz, idx);
    CHECK(link);
    int slots = (int)cpaux[idx];
    args = sp - slots;
    NULL_CHECK(args[0].l);
    (sp++)->l = link->appendix;
    callee = link->invoker;
    goto invoke;
}
op_invokevirtual_sigpoly_q: {
    /* invokeBasic(mh, args...): run mh.form.vmentry with the same arguments. */
    int slots = (int)cpaux[rd_u2(pc + 1)];
    args = sp - slots;
    SYNC();
    callee = mh_invoke_basic_target(t, args[0].l);
    CHECK(callee);
    goto invoke;
}
op_invokestatic_sigpoly_q: {
    /* linkTo*(args..., MemberName): drop the trailing MemberName and call its target. */
    Method *m = atomic_load_explicit(&cpr[rd_u2(pc + 1)], memory_order_relaxed);
    int slots = (int)cpaux[rd_u2(pc + 1)];
    args = sp - slots;
    Object *mn = sp[-1].l;
    sp--;
    SYNC();
    int64_t vmindex;
    Method *target = mh_member_target(t, mn, &vmindex);
    CHECK(target);
    switch (m->intrinsic) {
    case INTRINSIC_LINK_TO_STATIC:
        CHECK(class_ensure_init(t, target->clazz));
        callee = target;
        break;
    case INTRINSIC_LINK_TO_SPECIAL:
        NULL_CHECK(args[0].l);
        callee = target;
        break;
    case INTRINSIC_LINK_TO_VIRTUAL:
        NULL_CHECK(args[0].l);
        if ((target->access & (ACC_PRIVATE | ACC_FINAL)) || target->vtable_index < 0)
            callee = target;
        else {
            callee = select_virtual(t, args[0].l, target);
            CHECK(callee);
        }
        break;
    case INTRINSIC_LINK_TO_INTERFACE:
        NULL_CHECK(args[0].l);
        callee = select_interface(t, args[0].l, target);
        CHECK(callee);
        break;
    default:
        THROW("java/lang/UnsupportedOperationException", "linkToNative is not supported");
    }
    goto invoke;
}

invoke:
    /* callee: the selected method; args: its first argument slot on our operand stack. */
    /* One test for the rare cases: a leaf, a method called for the first time. */
    if (unlikely(callee->flags & (METHOD_F_LEAF | METHOD_F_UNFUSED))) {
        if (callee->flags & METHOD_F_UNFUSED) fuse_method(callee);
        /* A leaf (class.h VMLeaf: Math.sqrt, ...) computes the result without a frame;
         * tools never see one run: while the thread has any tool-mode bit (stepping,
         * method events, a field watch that String.hashCode's leaf would bypass), or
         * once the method has a breakpoint (leaf NULL), the method itself is called. */
        if ((callee->flags & METHOD_F_LEAF) && !TOOL_MODE()) {
            Slot r;
            VMLeaf leaf = atomic_load_explicit(&callee->leaf, memory_order_relaxed);
            if (leaf != NULL && leaf(t, args, &r)) {
                ret_slots = callee->ret_type == BT_VOID ? 0 : bt_is_wide((BasicType)callee->ret_type) ? 2 : 1;
                args[0] = r;
                sp = args + ret_slots;
                NEXT(op_len[original_opcode(pc)]);
            }
        }
    }
    if (unlikely(callee->code == NULL)) {
        if (method_is_abstract(callee)) {
            SYNC();
            throw_ame(t, args[0].l ? args[0].l->klass : callee->clazz, callee);
            goto handle_exception;
        }
        if (callee->flags & METHOD_F_SIGPOLY) {
            /* A signature-polymorphic method reached through a MemberName (linkTo* of an
             * invokeBasic, say): the reflective call is unsupported, as in HotSpot. */
            if (callee->intrinsic == INTRINSIC_INVOKE_BASIC) {
                SYNC();
                Method *target = mh_invoke_basic_target(t, args[0].l);
                CHECK(target);
                callee = target;
                goto invoke;
            }
        }
        frame->pc = pc;
        frame->sp = args + callee->arg_slots;
        Slot r;
        if (!call_native(t, callee, args, &r)) goto handle_exception;
        RELOAD_TABLE(); /* the native method may have switched the thread's tool mode */
        ret_slots = callee->ret_type == BT_VOID ? 0 : bt_is_wide((BasicType)callee->ret_type) ? 2 : 1;
        args[0] = r;
        sp = args + ret_slots;
        NEXT(op_len[original_opcode(pc)]);
    }
    {
        Frame *nf = (Frame *)(args + callee->max_locals);
        if (unlikely((Slot *)(nf + 1) + callee->max_stack + EXTRA_STACK > t->stack_limit ||
                     callee->arg_slots > callee->max_locals)) {
            frame->pc = pc;
            frame->sp = sp;
            if (callee->arg_slots > callee->max_locals)
                exc_throw(t, "java/lang/VerifyError", "Arguments can't fit into locals");
            else
                exc_throw_soe(t);
            goto handle_exception;
        }
        frame->pc = pc;
        frame->sp = sp;
        nf->prev = frame;
        nf->method = callee;
        nf->pc = callee->code;
        nf->locals = args;
        nf->sp = (Slot *)(nf + 1);
        nf->flags = 0;
        nf->nmon = 0;
        FRAME_PUBLISH_FENCE();
        t->top_frame = nf;
        frame = nf;
        LOAD_FRAME();
        pc = callee->code;
        sp = nf->sp;
        POLL(); /* an asynchronous exception here is thrown at the callee's first bci */
        if (callee->access & ACC_SYNCHRONIZED) {
            Object *lock = method_is_static(callee) ? callee->clazz->mirror : locals[0].l;
            frame_monitors(frame)[0].l = lock; /* slot 0: the room is in EXTRA_STACK */
            frame->nmon = 1;
            sp++;
            SYNC();
            mon_enter(t, lock);
        }
        if (METHOD_EVENTS()) STOP_POINT(jvmti_interp_method_entry(t, frame)); /* after the lock, as HotSpot */
        DISPATCH();
    }

    /* ---- returns ---- */
op_ireturn:
    result = narrow_int_result(sp[-1], frame->method->ret_type);
    ret_slots = 1;
    goto do_return;
op_freturn:
op_areturn:
    result = sp[-1];
    ret_slots = 1;
    goto do_return;
op_lreturn:
op_dreturn:
    result = sp[-2];
    ret_slots = 2;
    goto do_return;
op_return:
    result.raw = 0;
    ret_slots = 0;
    goto do_return;

do_return: {
    if (unlikely(frame->nmon != 0)) {
        /* Monitors held: the common case is a synchronized method holding just its own. */
        SYNC();
        Object *own = frame_monitors(frame)[0].l;
        if (frame->nmon == 1 && own != NULL && (frame->method->access & ACC_SYNCHRONIZED)) {
            if (unlikely(!mon_exit(t, own))) {
                frame_monitors(frame)[0].l = NULL;
                goto handle_exception;
            }
        } else if (!monitors_at_return(t, frame)) {
            goto handle_exception;
        }
    }
    if (METHOD_EVENTS()) {
        /* JVMTI MethodExit and FramePop, the frame still on top. */
        SYNC();
        jvmti_interp_frame_exit(t, frame, result, false);
        RELOAD_TABLE();
    }
    Frame *caller = frame->prev;
    Slot *dst = frame->locals;
    /* Popped before the result is stored: a method without locals has its Frame at
     * dst, whose prev the result overwrites (interp.h, frames and signal handlers). */
    t->top_frame = caller;
    FRAME_PUBLISH_FENCE();
    dst[0] = result;
    if (caller->flags & FRAME_ENTRY) return true;
    frame = caller;
    LOAD_FRAME();
    pc = frame->pc;
    sp = dst + ret_slots;
    NEXT(op_len[original_opcode(pc)]);
}

    /* ---- exceptions ---- */
handle_exception: {
    Object *ex = t->exception;
    if (ex == NULL) panic("exception handling without a pending exception");
    if (unlikely(t->jvmti_samples_n != 0)) jvmti_post_sampled_alloc(t); /* e.g. the exception */
    /* JVMTI Exception: once per throw, in the frame where it is first seen (HotSpot's
     * exception state; the unwound frames do not send it again). */
    if (unlikely(jvmti_want(JVMTI_EVENT_EXCEPTION) || jvmti_want(JVMTI_EVENT_EXCEPTION_CATCH))) {
        exception_detected(t, ex);
        RELOAD_TABLE();
    }
    int bci = (int)(frame->pc - frame->method->code);
    if (log_is_enabled(LOG_INFO, exceptions)) exc_log_frame(t, ex, frame->method, bci);
    const CfCode *code = frame->method->cf ? frame->method->cf->code : NULL;
    for (int i = 0; code && i < code->handler_count; i++) {
        const CfExceptionHandler *h = &code->handlers[i];
        if (bci < h->start_pc || bci >= h->end_pc) continue;
        if (h->catch_type != 0) {
            t->exception = NULL;
            Class *ct = resolve_class(t, frame->method->clazz, h->catch_type);
            if (ct == NULL) {
                /* The catch type failed to resolve: that error propagates instead. */
                ex = t->exception;
                continue;
            }
            t->exception = ex;
            if (!class_is_subclass_of(ex->klass, ct)) continue;
        }
        t->exception = NULL;
        if (log_is_enabled(LOG_INFO, exceptions)) exc_log_handler(ex, frame->method, h->handler_pc);
        sp = frame_stack_base(frame);
        (sp++)->l = ex;
        pc = frame->method->code + h->handler_pc;
        if (unlikely(t->jvmti_exc_state == THREAD_EXC_DETECTED)) {
            /* JVMTI ExceptionCatch: at the handler, the exception on the operand stack. */
            t->jvmti_exc_state = THREAD_EXC_CAUGHT;
            t->jvmti_exc_object = NULL;
            if (jvmti_want(JVMTI_EVENT_EXCEPTION_CATCH)) {
                SYNC();
                jvmti_post_exception_catch(t, frame->method, h->handler_pc, ex);
                RELOAD_TABLE(); /* JDWP enables single steps here */
            }
        }
        DISPATCH();
    }
    t->exception = ex;
    if (unlikely(frame->nmon != 0)) monitors_at_unwind(t, frame);
    if (METHOD_EVENTS()) {
        Slot none = {0};
        jvmti_interp_frame_exit(t, frame, none, true);
        RELOAD_TABLE();
    }
    Frame *caller = frame->prev;
    t->top_frame = caller;
    if (caller->flags & FRAME_ENTRY) return false;
    frame = caller;
    LOAD_FRAME();
    pc = frame->pc;
    sp = frame->sp;
    goto handle_exception;
}

    /* Tool mode: the location's JVMTI events (SingleStep, a patched breakpoint's, a
     * watched field's), then the instruction itself through the normal table. */
op_tool_event: {
    /* A thread switched back to the plain table meanwhile goes straight on. */
    if (unlikely(RELOAD_TABLE() != tool_labels)) DISPATCH();
    if (jvmti_want(JVMTI_EVENT_SINGLE_STEP)) STOP_POINT(jvmti_interp_location(t, frame));
    uint8_t op = *pc;
    if (op == OP_breakpoint) {
        /* A breakpoint here: its event after the step's, before the field's. */
        if (jvmti_want(JVMTI_EVENT_BREAKPOINT)) STOP_POINT(jvmti_interp_breakpoint(t, frame));
        op = original_opcode(pc);
        if (unlikely(op == OP_breakpoint)) goto op_illegal;
    }
    goto *plain_labels[unfused(op)]; /* each instruction of a fused pair its own step; a
                                      * watched field's form posts its event after these */
}

    /* A watched field's instruction (interp_field_watch_update patched it, or linking
     * chose this form): the event if the field is still watched, then the quick form.
     * The field is the one the pool resolved; the quick handlers read its offset from the
     * pool as usual. Get or put is the class file's opcode at this bci (getstatic 0xb2,
     * putstatic 0xb3, getfield 0xb4, putfield 0xb5: the puts are odd), read from the
     * running method's class-file code as watch_patch_method found the site: an old
     * version's copy (redefine.h) has its own, so only watched sites pay this load. */
op_field_watched: {
    const Method *wm = frame->method;
    bool is_put = (wm->cf->code->code[pc - wm->code] & 1) != 0;
    Field *fw = atomic_load_explicit(&cpr[rd_u2(pc + 1)], memory_order_acquire);
    if (field_watched(fw, is_put)) STOP_POINT(jvmti_interp_field(t, frame, fw, is_put));
    goto *plain_labels[quick_field_op(fw, is_put)];
}

    /* JVMTI PopFrame / ForceEarlyReturn of this frame (src/jvmti/framecontrol.c checked
     * that it and, for a pop, its caller are Java frames and that the caller's operand
     * stack still holds the invoke's arguments). No finally block runs; the frame's
     * monitors are released. A pop posts no event and re-executes the caller's invoke;
     * a forced return is an ordinary return (MethodExit, FramePop). */
frame_request: {
    ThreadFrameRequest req = (ThreadFrameRequest)t->jvmti_frame_request;
    t->jvmti_frame_request = THREAD_FRAME_NONE;
    t->jvmti_request_frame = NULL;
    Slot value = t->jvmti_return_value;
    if (t->jvmti_return_ref != NULL) {
        value.l = ref_get(t->jvmti_return_ref);
        ref_delete_global(t->jvmti_return_ref);
        t->jvmti_return_ref = NULL;
    }
    release_frame_monitors(t, frame);
    if (req == THREAD_FRAME_POP) {
        jvmti_interp_frame_popped(t, frame);
        Frame *caller = frame->prev;
        t->top_frame = caller;
        frame = caller;
        LOAD_FRAME();
        pc = frame->pc;
        sp = frame->sp;
        DISPATCH();
    }
    result = narrow_int_result(value, frame->method->ret_type);
    ret_slots = frame->method->ret_type == BT_VOID ? 0 : bt_is_wide((BasicType)frame->method->ret_type) ? 2 : 1;
    goto do_return;
}

    /* A JVMTI breakpoint (the byte patched by interp_breakpoint_patch): its event, then
     * the instruction it stands for. */
op_breakpoint: {
    if (jvmti_want(JVMTI_EVENT_BREAKPOINT)) STOP_POINT(jvmti_interp_breakpoint(t, frame));
    uint8_t op = original_opcode(pc);
    if (likely(op != OP_breakpoint)) goto *plain_labels[unfused(op)]; /* a watched field's event follows */
}
    /* Not a breakpoint of ours: 0xca in code that was never verified. */
op_illegal:
    THROW("java/lang/VerifyError", "Illegal instruction %d at bci %d in %s.%s%s", *pc,
          (int)(pc - frame->method->code), frame->method->clazz->name, frame->method->name, frame->method->desc);
}

void interp_init(void)
{
    os_mutex_init(&patch_lock);
    os_mutex_init(&mode_lock);
    init_tables();
    for (int bt = 0; bt < 16; bt++) {
        for (int st = 0; st < 2; st++) {
            quick_field_ops[0][st][bt] = quick_get((BasicType)bt, st);
            quick_field_ops[1][st][bt] = quick_put((BasicType)bt, st);
        }
    }
    execute(NULL, NULL);
    mode_ready = true;
}
