// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * debug.c — native debugging: memory (NCAI: ReadMemory, WriteMemory), breakpoints
 * (SetBreakpoint, ClearBreakpoint), single stepping (SetStepMode), watchpoints
 * (SetWatchpoint, ClearWatchpoint), NotifyFramePop, and the signal hooks that deliver
 * Breakpoint, Step, Watchpoint, FramePop and Signal events.
 *
 * BREAKPOINTS patch an int3 over the first byte of the instruction (through
 * /proc/self/mem, os_mem_write, so code pages stay read-only). The original instruction
 * is never put back to be run in place (another thread could pass the address while the
 * byte is restored): it is relocated once, at SetBreakpoint, into a slot of executable
 * memory within 2 GiB of it (rip-relative operands and relative branches re-targeted,
 * followed by a jump back; os_insn_relocate), and a thread that hits the breakpoint
 * resumes in that copy. So every thread, at any time, runs the original instruction
 * exactly once. Slots are never reused (a thread may still be inside one): 32 bytes per
 * address ever used. Breakpoints are per environment (DUPLICATE, NOT_FOUND per
 * environment); the patch stays while any environment or internal user (the dynamic
 * linker's notification point for module events, NotifyFramePop's return addresses)
 * needs it.
 *
 * Refused with ACCESS_DENIED: addresses in GlassVM's own code, the dynamic linker and
 * libunwind, which event delivery itself runs (a breakpoint there would recurse into
 * the delivery or deadlock on the linker's lock). A breakpoint or step hit by the agent's
 * own callback code (NcaiThread.delivering) is passed over without an event. INVALID_
 * ADDRESS: NULL, an address outside every module's code, or bytes that are not an
 * instruction GlassVM can decode and relocate.
 *
 * READ/WRITE MEMORY go through the kernel (never a fault): ACCESS_DENIED for unmapped
 * memory. Reads show the original bytes under breakpoints; writes over a breakpoint
 * change the saved original byte and keep the int3.
 *
 * STEPPING uses the CPU's trap flag: the thread runs one instruction and traps. The mode
 * is per thread (SetStepMode with a thread) or set for every thread (NULL); a Step event
 * comes when the mode is not OFF and Step is enabled for the thread. Each thread starts
 * in STEP_INTO, so an agent written for Harmony that only enables the Step event steps
 * (Harmony's behaviour). STEP_OVER: at a call, the callee runs at full speed until an
 * internal breakpoint on the return address sees the thread back with its stack pointer
 * where it was. STEP_OUT: the same on the current function's return address (and frame
 * address); then one Step at the return address and the thread goes on in STEP_INTO.
 * Where no return breakpoint can be set, the skipped code is stepped through silently
 * until the stack pointer is back above the frame. A thread's trap flag is set
 * in its context: directly when it is stopped or in a callback, otherwise through the
 * suspend signal (a running thread starts stepping at once).
 *
 * WATCHPOINTS are the CPU's debug registers, through perf_event_open hardware breakpoints
 * that send a synchronous SIGTRAP (Linux 5.13+), one perf event per thread of the process
 * (attached to the VM or not; threads created later inherit them from their creator). At most 4 (the debug
 * registers); len 1, 2, 4 or 8 and aligned. x86 cannot watch reads alone: READ watches
 * reads and writes and reports those that left the value unchanged (a write of the
 * same value counts as a read). The event comes after the access: code_addr is the
 * address of the instruction after the one that accessed the data.
 *
 * EXCEPTION (C++ exceptions, the spec's "TBD"): an internal breakpoint on __cxa_throw of
 * every module that defines it (module.c); the event's addr is the throw site (the
 * call's return address), exception the thrown object (__cxa_throw's first argument).
 *
 * CONSOLE EVENTS: while ConsoleOutput or DebugMessage is wanted, an internal breakpoint
 * on the C library's write(2): every write to file descriptor 1 (ConsoleOutput) or 2
 * (DebugMessage) by any code of the process — System.out and System.err (libjava writes
 * directly), the VM's own messages and thread dumps, the jio_* paths of the JDK's native
 * libraries, JNI code's stdio — is posted on the writing thread just before it happens.
 * writev(2) and raw system calls are not seen. Reads of standard input are not reported
 * (ConsoleInput: the spec leaves its meaning TBD; see docs/ncai.md).
 *
 * NOTIFYFRAMEPOP takes a frame's canonical frame address (GetStackTrace's frame_address
 * of a native frame) on a thread that is suspended or in a callback: NOT_FOUND if no
 * frame of its stack has it. The frame's return address gets an internal breakpoint; the
 * FramePop event (addr = that frame address) comes when the thread returns there with
 * its stack pointer at the frame address, i.e. after the frame's `ret`.
 */
#include <stdlib.h>
#include <string.h>

#include "ncai_int.h"

/* ------------------------------------------------------------------------------------ */
/* Out-of-line instruction slots                                                        */
/* ------------------------------------------------------------------------------------ */

enum { SLOT_SIZE = 32, POOL_SIZE = 64 * 1024, MAX_POOLS = 32 };
static struct {
    uint8_t *base;
    size_t used, size; /* size: POOL_SIZE, or a page where no more was free nearby */
} pools[MAX_POOLS];
static _Atomic int n_pools;

static bool in_pool(uintptr_t pc)
{
    int n = atomic_load(&n_pools);
    for (int i = 0; i < n; i++)
        if (pc >= (uintptr_t)pools[i].base && pc < (uintptr_t)pools[i].base + pools[i].size) return true;
    return false;
}

/* A slot within reach (1 GiB) of addr; under bp_lock. */
static uint8_t *slot_near(uintptr_t addr)
{
    const uintptr_t reach = (uintptr_t)1 << 30;
    int n = atomic_load(&n_pools);
    for (int i = 0; i < n; i++) {
        uintptr_t b = (uintptr_t)pools[i].base;
        uintptr_t d = b > addr ? b - addr : addr - b;
        if (d < reach && pools[i].used + SLOT_SIZE <= pools[i].size) {
            uint8_t *s = pools[i].base + pools[i].used;
            pools[i].used += SLOT_SIZE;
            return s;
        }
    }
    if (n >= MAX_POOLS) return NULL;
    /* A whole pool, else one page: near a library loaded into a small hole between large
     * reservations (seen under ASan) only a few pages may be free within reach. */
    size_t size = POOL_SIZE;
    uint8_t *p = os_alloc_code_near(addr, size);
    if (p == NULL) p = os_alloc_code_near(addr, size = 4096);
    if (p == NULL) return NULL;
    memset(p, 0xcc, size);
    pools[n].base = p;
    pools[n].size = size;
    pools[n].used = SLOT_SIZE;
    atomic_store(&n_pools, n + 1);
    return p;
}

/* ------------------------------------------------------------------------------------ */
/* The breakpoint table                                                                 */
/* ------------------------------------------------------------------------------------ */

enum { MAX_BPS = 512, MAX_POPS = 64 };

typedef struct Bp {
    _Atomic uintptr_t addr; /* 0: unused entry */
    _Atomic bool patched;
    uint8_t orig;
    uint8_t *ool;
    _Atomic uint32_t env_mask; /* environments that set it */
    _Atomic bool dynlink;      /* the dynamic linker's notification point */
    _Atomic int pops;          /* frame pop requests returning here */
    _Atomic bool cxa_throw;    /* the C++ runtime's throw entry point (Exception) */
    _Atomic bool console;      /* the C library's write(2) (ConsoleOutput, DebugMessage) */
} Bp;

typedef struct FramePopReq {
    _Atomic(NcaiThread *) thread; /* NULL: free */
    uintptr_t cfa, ret;
    int env_index;
    bool step; /* stepping's return breakpoint (STEP_OVER, STEP_OUT), not a FramePop */
} FramePopReq;

static Bp bps[MAX_BPS];
static _Atomic int n_bps;
static FramePopReq pops[MAX_POPS];
static OsMutex bp_lock;

/* The instruction bytes at addr, as many of 16 as are mapped (the rest zero), with the
 * original bytes under breakpoints; how many were read. */
static int read_code(uintptr_t addr, uint8_t code[16])
{
    memset(code, 0, 16);
    int n = 16;
    while (n > 0 && !os_mem_read((void *)addr, code, (size_t)n)) n--;
    if (n > 0) ncai_breakpoints_hide(addr, code, (size_t)n);
    return n;
}

/* Lock-free (signal handlers). */
static Bp *bp_find(uintptr_t addr)
{
    int n = atomic_load_explicit(&n_bps, memory_order_acquire);
    for (int i = 0; i < n; i++)
        if (atomic_load_explicit(&bps[i].addr, memory_order_acquire) == addr) return &bps[i];
    return NULL;
}

static bool bp_needed(Bp *b)
{
    return atomic_load(&b->env_mask) != 0 || atomic_load(&b->dynlink) || atomic_load(&b->pops) > 0 ||
           atomic_load(&b->cxa_throw) || atomic_load(&b->console);
}

/* Under bp_lock: the entry for addr with its relocated copy, made if needed; NULL with
 * *err set when addr cannot take a breakpoint. */
static Bp *bp_get(uintptr_t addr, ncaiError *err)
{
    Bp *b = bp_find(addr);
    if (b != NULL) return b;
    uint8_t code[16];
    int avail = read_code(addr, code);
    OsInsn insn;
    uint8_t out[SLOT_SIZE];
    if (avail == 0 || !os_insn_decode(code, &insn) || insn.len > avail) {
        *err = NCAI_ERROR_INVALID_ADDRESS;
        return NULL;
    }
    int n = atomic_load(&n_bps);
    if (n >= MAX_BPS) {
        *err = NCAI_ERROR_OUT_OF_MEMORY;
        return NULL;
    }
    uint8_t *slot = slot_near(addr);
    int len = slot != NULL ? os_insn_relocate(code, &insn, addr, (uintptr_t)slot, out) : 0;
    if (len == 0 || len > SLOT_SIZE) {
        *err = slot == NULL ? NCAI_ERROR_OUT_OF_MEMORY : NCAI_ERROR_INVALID_ADDRESS;
        return NULL;
    }
    memcpy(slot, out, (size_t)len);
    __builtin___clear_cache((char *)slot, (char *)slot + len);
    b = &bps[n];
    b->orig = code[0];
    b->ool = slot;
    atomic_store(&b->env_mask, 0);
    atomic_store(&b->addr, addr);
    atomic_store_explicit(&n_bps, n + 1, memory_order_release);
    return b;
}

/* Under bp_lock: patches or unpatches b as its users need. */
static void bp_update(Bp *b)
{
    uintptr_t addr = atomic_load(&b->addr);
    bool need = bp_needed(b);
    if (need && !atomic_load(&b->patched)) {
        uint8_t cc = 0xcc;
        if (os_mem_write((void *)addr, &cc, 1)) atomic_store(&b->patched, true);
    } else if (!need && atomic_load(&b->patched)) {
        if (os_mem_write((void *)addr, &b->orig, 1)) atomic_store(&b->patched, false);
    }
}

void ncai_breakpoints_hide(uintptr_t addr, uint8_t *buf, size_t n)
{
    int nb = atomic_load(&n_bps);
    for (int i = 0; i < nb; i++) {
        uintptr_t a = atomic_load(&bps[i].addr);
        if (a >= addr && a - addr < n && atomic_load(&bps[i].patched)) buf[a - addr] = bps[i].orig;
    }
}

bool ncai_breakpoints_write(uintptr_t addr, const uint8_t *buf, size_t n)
{
    os_mutex_lock(&bp_lock);
    uint8_t *copy = malloc(n);
    /* The agent's buffer is read through the kernel too: an unmapped one is refused
     * (ACCESS_DENIED, as ReadMemory into one), not a fault. */
    if (copy == NULL || !os_mem_read(buf, copy, n)) {
        free(copy);
        os_mutex_unlock(&bp_lock);
        return false;
    }
    int nb = atomic_load(&n_bps);
    for (int i = 0; i < nb; i++) {
        uintptr_t a = atomic_load(&bps[i].addr);
        if (a >= addr && a - addr < n && atomic_load(&bps[i].patched)) {
            bps[i].orig = copy[a - addr];
            copy[a - addr] = 0xcc;
        }
    }
    bool ok = os_mem_write((void *)addr, copy, n);
    free(copy);
    os_mutex_unlock(&bp_lock);
    return ok;
}

bool ncai_internal_breakpoint(uintptr_t addr)
{
    ncaiError err;
    os_mutex_lock(&bp_lock);
    Bp *b = bp_get(addr, &err);
    if (b != NULL) {
        atomic_store(&b->dynlink, true);
        bp_update(b);
    }
    os_mutex_unlock(&bp_lock);
    return b != NULL && atomic_load(&b->patched);
}

void ncai_exception_breakpoint(uintptr_t addr)
{
    ncaiError err;
    os_mutex_lock(&bp_lock);
    Bp *b = bp_get(addr, &err);
    if (b != NULL) {
        atomic_store(&b->cxa_throw, true);
        bp_update(b);
    }
    os_mutex_unlock(&bp_lock);
}

typedef struct ExcArg {
    ncaiThread thread;
    void *addr, *exception;
} ExcArg;

static void call_exception(ncaiEnv *env, void *cb, void *arg)
{
    ExcArg *a = arg;
    ((ncaiException)cb)(env, a->thread, a->addr, a->exception);
}

/* At __cxa_throw's first instruction: the exception object is the first argument (rdi
 * on x86-64, register 7), the throw site the return address on top of the stack. */
static void exception_thrown(NcaiThread *self, OsContext *ctx)
{
    if (!ncai_event_any(NCAI_EVENT_EXCEPTION)) return;
    void *obj = NULL, *site = NULL;
    os_context_reg_get(ctx, 7, &obj);
    os_mem_read((void *)os_context_sp(ctx), &site, sizeof site);
    ExcArg a = {(ncaiThread)self, site, obj};
    ncai_post(self, ctx, NCAI_EVENT_EXCEPTION, call_exception, &a);
}

static uintptr_t write_entry; /* the C library's write(2) */

void ncai_console_watch(bool on)
{
    if (write_entry == 0) write_entry = (uintptr_t)os_libc_symbol("write");
    if (write_entry == 0) return;
    ncaiError err;
    os_mutex_lock(&bp_lock);
    Bp *b = on ? bp_get(write_entry, &err) : bp_find(write_entry);
    if (b != NULL) {
        atomic_store(&b->console, on);
        bp_update(b);
    }
    os_mutex_unlock(&bp_lock);
}

static void call_message(ncaiEnv *env, void *cb, void *arg)
{
    ((void(JNICALL *)(ncaiEnv *, char *))cb)(env, (char *)arg);
}

/* At write(2)'s first instruction: fd, buffer and count are its arguments (rdi, rsi,
 * rdx: registers 7, 6, 3). Standard output is ConsoleOutput, standard error
 * DebugMessage; the callback gets a NUL-terminated copy (at most 64 KiB). */
static void console_write(NcaiThread *self, OsContext *ctx)
{
    uint64_t fd = 0, count = 0;
    void *buf = NULL;
    os_context_reg_get(ctx, 7, &fd);
    os_context_reg_get(ctx, 6, &buf);
    os_context_reg_get(ctx, 3, &count);
    if ((fd != 1 && fd != 2) || count == 0) return;
    ncaiEventKind ev = fd == 1 ? NCAI_EVENT_CONSOLE_OUTPUT : NCAI_EVENT_DEBUG_OUTPUT;
    if (!ncai_event_any(ev)) return;
    size_t n = count < 65536 ? (size_t)count : 65536;
    char *text = malloc(n + 1);
    if (text == NULL) return;
    if (os_mem_read(buf, text, n)) {
        text[n] = 0;
        ncai_post(self, ctx, ev, call_message, text);
    }
    free(text);
}

typedef struct CodeCheck {
    uintptr_t addr;
    bool code;
} CodeCheck;

static void code_check(const OsModule *m, void *arg)
{
    CodeCheck *c = arg;
    for (int i = 0; i < m->nseg; i++)
        if (m->seg[i].exec && c->addr >= (uintptr_t)m->seg[i].base &&
            c->addr < (uintptr_t)m->seg[i].base + m->seg[i].size)
            c->code = true;
}

/* NCAI: SetBreakpoint */
NCAI_FN(SetBreakpoint, void *code_addr)
{
    NCAI_ENV(e);
    NCAI_CAP(e, can_set_breakpoints);
    uintptr_t a = (uintptr_t)code_addr;
    if (a == 0) return NCAI_ERROR_INVALID_ADDRESS;
    CodeCheck c = {a, false};
    os_modules_for_each(code_check, &c);
    if (!c.code) return NCAI_ERROR_INVALID_ADDRESS;
    if (ncai_breakpoint_refused(a)) return NCAI_ERROR_ACCESS_DENIED;
    ncaiError err = NCAI_ERROR_NONE;
    os_mutex_lock(&bp_lock);
    Bp *b = bp_get(a, &err);
    if (b != NULL) {
        uint32_t bit = 1u << e->index;
        if (atomic_load(&b->env_mask) & bit) {
            err = NCAI_ERROR_DUPLICATE;
        } else {
            atomic_fetch_or(&b->env_mask, bit);
            bp_update(b);
            if (!atomic_load(&b->patched)) {
                atomic_fetch_and(&b->env_mask, ~bit);
                err = NCAI_ERROR_ACCESS_DENIED;
            }
        }
    }
    os_mutex_unlock(&bp_lock);
    return err;
}

/* NCAI: ClearBreakpoint */
NCAI_FN(ClearBreakpoint, void *code_addr)
{
    NCAI_ENV(e);
    NCAI_CAP(e, can_set_breakpoints);
    uint32_t bit = 1u << e->index;
    ncaiError err = NCAI_ERROR_NONE;
    os_mutex_lock(&bp_lock);
    Bp *b = bp_find((uintptr_t)code_addr);
    if (code_addr == NULL || b == NULL || !(atomic_load(&b->env_mask) & bit)) {
        err = NCAI_ERROR_NOT_FOUND;
    } else {
        atomic_fetch_and(&b->env_mask, ~bit);
        bp_update(b);
    }
    os_mutex_unlock(&bp_lock);
    return err;
}

/* ------------------------------------------------------------------------------------ */
/* Memory                                                                               */
/* ------------------------------------------------------------------------------------ */

/* NCAI: ReadMemory */
NCAI_FN(ReadMemory, void *addr, size_t size, void *buf)
{
    NCAI_ENV(e);
    NCAI_CAP(e, can_read_memory);
    if (buf == NULL) return NCAI_ERROR_NULL_POINTER;
    if (size == 0) return NCAI_ERROR_NONE;
    if ((uintptr_t)addr + size < (uintptr_t)addr || !os_mem_read(addr, buf, size)) return NCAI_ERROR_ACCESS_DENIED;
    ncai_breakpoints_hide((uintptr_t)addr, buf, size);
    return NCAI_ERROR_NONE;
}

/* NCAI: WriteMemory. All or nothing: an unmapped byte anywhere in the block is
 * ACCESS_DENIED before anything is written. */
NCAI_FN(WriteMemory, void *addr, size_t size, void *buf)
{
    NCAI_ENV(e);
    NCAI_CAP(e, can_write_memory);
    if (buf == NULL) return NCAI_ERROR_NULL_POINTER;
    if (size == 0) return NCAI_ERROR_NONE;
    if ((uintptr_t)addr + size < (uintptr_t)addr) return NCAI_ERROR_ACCESS_DENIED;
    uint8_t probe[256];
    for (size_t off = 0; off < size; off += sizeof probe) {
        size_t n = size - off < sizeof probe ? size - off : sizeof probe;
        if (!os_mem_read((char *)addr + off, probe, n)) return NCAI_ERROR_ACCESS_DENIED;
    }
    return ncai_breakpoints_write((uintptr_t)addr, buf, size) ? NCAI_ERROR_NONE : NCAI_ERROR_ACCESS_DENIED;
}

/* ------------------------------------------------------------------------------------ */
/* Stepping                                                                             */
/* ------------------------------------------------------------------------------------ */

static _Atomic int default_step_mode = NCAI_STEP_INTO;

static bool step_wanted(NcaiThread *t)
{
    return t != NULL && atomic_load(&t->step_mode) != NCAI_STEP_OFF && ncai_event_any(NCAI_EVENT_STEP) &&
           ncai_step_event_wanted(t);
}

/* Stepping resumes when self gets back to `ret` with its stack pointer at `cfa`: an
 * internal breakpoint there, so that the code in between runs at full speed. False when
 * it cannot be set now (bp_lock busy: we may be in a signal handler that interrupted its
 * holder; no slot); the caller then steps through silently. */
static bool step_return_break(NcaiThread *self, uintptr_t ret, uintptr_t cfa)
{
    if (ret == 0 || cfa == 0 || !os_mutex_trylock(&bp_lock)) return false;
    int slot = -1;
    for (int i = 0; i < MAX_POPS && slot < 0; i++)
        if (atomic_load(&pops[i].thread) == NULL) slot = i;
    ncaiError err;
    Bp *b = slot >= 0 ? bp_get(ret, &err) : NULL;
    if (b != NULL) {
        pops[slot].cfa = cfa;
        pops[slot].ret = ret;
        pops[slot].env_index = -1;
        pops[slot].step = true;
        atomic_store(&pops[slot].thread, self);
        atomic_fetch_add(&b->pops, 1);
        bp_update(b);
        if (!atomic_load(&b->patched)) {
            atomic_store(&pops[slot].thread, NULL);
            atomic_fetch_sub(&b->pops, 1);
            b = NULL;
        }
    }
    os_mutex_unlock(&bp_lock);
    return b != NULL;
}

/* STEP_OUT from ctx: a return breakpoint on the current function's return, or (failing
 * that) silent stepping until the stack pointer is above its frame. */
static void step_out_from(NcaiThread *t, OsContext *ctx)
{
    OsFrame f[2];
    int n = os_unwind(ctx, f, 2);
    if (n == 2 && step_return_break(t, f[1].pc, f[0].cfa)) {
        os_context_set_single_step(ctx, false);
        return;
    }
    t->step_until_sp = n > 0 && f[0].cfa != 0 ? f[0].cfa : os_context_sp(ctx) + 1;
    os_context_set_single_step(ctx, true);
}

void ncai_step_arm(NcaiThread *t, OsContext *ctx)
{
    if (!step_wanted(t)) return;
    if (atomic_load(&t->step_mode) == NCAI_STEP_OUT && t->step_until_sp == 0) {
        step_out_from(t, ctx);
        return;
    }
    os_context_set_single_step(ctx, true);
}

static void step_start_one(NcaiThread *t)
{
    if (!ncai_thread_alive(t)) return;
    if (t == ncai_thread_self()) {
        OsContext *ctx = atomic_load(&t->delivering) > 0 ? atomic_load(&t->ctx) : NULL;
        if (ctx != NULL) {
            ncai_step_arm(t, ctx);
            return;
        }
    }
    atomic_store(&t->step_pending, true);
    /* A stopped thread arms itself when resumed; a running one now. */
    if (atomic_load(&t->stop_state) != NCAI_STOPPED && t->tid != 0)
        os_thread_signal(t->tid, os_debug_suspend_signal());
}

void ncai_step_start(NcaiThread *t)
{
    if (t != NULL) {
        step_start_one(t);
        return;
    }
    for (NcaiThread *n = ncai_thread_list(); n != NULL; n = n->next)
        if (step_wanted(n)) step_start_one(n);
}

/* A trap-flag trap; true when it was stepping's (always: a stray trap flag is cleared). */
static bool step_hit(OsContext *ctx)
{
    NcaiThread *self = ncai_thread_self();
    uintptr_t pc = os_context_pc(ctx);
    if (in_pool(pc)) return true; /* inside a relocated instruction: not an address of the program */
    if (!step_wanted(self)) {
        os_context_set_single_step(ctx, false);
        return true;
    }
    if (atomic_load(&self->delivering) > 0) return true;
    if (self->step_skip_callee) {
        /* The trap after the call instruction, at the callee's entry: the callee runs at
         * full speed until the return breakpoint. */
        self->step_skip_callee = false;
        os_context_set_single_step(ctx, false);
        return true;
    }
    uintptr_t sp = os_context_sp(ctx);
    if (self->step_until_sp != 0) {
        if (sp < self->step_until_sp) return true; /* still inside the callee */
        self->step_until_sp = 0;
        int expect = NCAI_STEP_OUT;
        atomic_compare_exchange_strong(&self->step_mode, &expect, NCAI_STEP_INTO);
    }
    ncai_post_addr_event(self, ctx, NCAI_EVENT_STEP, 0, (void *)pc);
    if (!step_wanted(self)) {
        os_context_set_single_step(ctx, false);
        return true;
    }
    os_context_set_single_step(ctx, true);
    pc = os_context_pc(ctx); /* the agent may have moved it */
    int mode = atomic_load(&self->step_mode);
    if (mode == NCAI_STEP_OVER) {
        uint8_t code[16];
        OsInsn insn;
        int avail = read_code(pc, code);
        if (avail > 0) {
            if (os_insn_decode(code, &insn) && insn.len <= avail &&
                (insn.kind == OS_INSN_CALL_REL || insn.kind == OS_INSN_CALL_IND)) {
                /* The call returns to pc + len with the stack pointer where it is now. */
                uintptr_t here = os_context_sp(ctx);
                if (step_return_break(self, pc + (uintptr_t)insn.len, here)) {
                    /* The call itself is stepped (out of line if patched): its trap comes
                     * at the callee's entry, where stepping stops until the return. */
                    self->step_until_sp = 0;
                    self->step_skip_callee = true;
                } else {
                    self->step_until_sp = here;
                }
            }
        }
    } else if (mode == NCAI_STEP_OUT && self->step_until_sp == 0) {
        step_out_from(self, ctx);
    }
    return true;
}

/* NCAI: SetStepMode */
NCAI_FN(SetStepMode, ncaiThread thread, ncaiStepMode mode)
{
    NCAI_ENV(e);
    NCAI_CAP(e, can_single_step);
    if ((int)mode < NCAI_STEP_OFF || (int)mode > NCAI_STEP_OUT) return NCAI_ERROR_ILLEGAL_ARGUMENT;
    NcaiThread *t = NULL;
    if (thread != NULL) {
        t = ncai_thread_check(thread);
        if (t == NULL) return NCAI_ERROR_INVALID_THREAD;
        if (!ncai_thread_alive(t)) return NCAI_ERROR_THREAD_NOT_ALIVE;
    }
    if (t == NULL) atomic_store(&default_step_mode, mode);
    for (NcaiThread *n = ncai_thread_list(); n != NULL; n = n->next) {
        if (t != NULL && n != t) continue;
        atomic_store(&n->step_mode, mode);
        n->step_until_sp = 0;
    }
    if (mode != NCAI_STEP_OFF) ncai_step_start(t);
    return NCAI_ERROR_NONE;
}

int ncai_default_step_mode(void) { return atomic_load(&default_step_mode); }

/* ------------------------------------------------------------------------------------ */
/* Breakpoint hits and frame pops                                                       */
/* ------------------------------------------------------------------------------------ */

typedef struct PopArg {
    ncaiThread thread;
    void *addr;
} PopArg;

/* An int3 trap: true when it was one of ours. */
static bool bp_hit(OsContext *ctx)
{
    uintptr_t pc = os_context_pc(ctx) - 1;
    Bp *b = bp_find(pc);
    if (b == NULL) return false;
    NcaiThread *self = ncai_thread_self();
    if (!atomic_load(&b->patched)) {
        /* Cleared after this thread trapped: run the original instruction in place. */
        uint8_t now = 0;
        if (os_mem_read((void *)pc, &now, 1) && now != 0xcc) {
            os_context_set_pc(ctx, pc);
            return true;
        }
    }
    os_context_set_pc(ctx, pc);
    bool quiet = self != NULL && atomic_load(&self->delivering) > 0;
    if (atomic_load(&b->dynlink)) ncai_dynlink_notified(self, ctx);
    if (!quiet && atomic_load(&b->cxa_throw)) exception_thrown(self, ctx);
    if (!quiet && atomic_load(&b->console)) console_write(self, ctx);
    bool step_back = false;
    if (!quiet && atomic_load(&b->pops) > 0 && self != NULL) {
        uintptr_t sp = os_context_sp(ctx);
        for (int i = 0; i < MAX_POPS; i++) {
            if (atomic_load(&pops[i].thread) != self || pops[i].ret != pc || pops[i].cfa != sp) continue;
            uintptr_t cfa = pops[i].cfa;
            int env_index = pops[i].env_index;
            bool step = pops[i].step;
            atomic_store(&pops[i].thread, NULL);
            if (os_mutex_trylock(&bp_lock)) {
                atomic_fetch_sub(&b->pops, 1);
                bp_update(b);
                os_mutex_unlock(&bp_lock);
            } else {
                atomic_fetch_sub(&b->pops, 1); /* unpatched by the next update */
            }
            if (step) step_back = true;
            else ncai_post_addr_event(self, ctx, NCAI_EVENT_FRAME_POP, 1u << env_index, (void *)cfa);
        }
    }
    if (step_back && step_wanted(self)) {
        /* Back from the call stepped over or the function stepped out of: a Step here,
         * then stepping goes on instruction by instruction. */
        int expect = NCAI_STEP_OUT;
        atomic_compare_exchange_strong(&self->step_mode, &expect, NCAI_STEP_INTO);
        ncai_post_addr_event(self, ctx, NCAI_EVENT_STEP, 0, (void *)pc);
        if (step_wanted(self)) os_context_set_single_step(ctx, true);
    }
    uint32_t mask = atomic_load(&b->env_mask);
    if (!quiet && mask != 0) ncai_post_addr_event(self, ctx, NCAI_EVENT_BREAKPOINT, mask, (void *)pc);
    /* Unless the agent moved it, go on with the relocated original instruction. */
    if (os_context_pc(ctx) == pc) os_context_set_pc(ctx, (uintptr_t)b->ool);
    return true;
}

/* NCAI: NotifyFramePop */
NCAI_FN(NotifyFramePop, ncaiThread thread, void *frame_address)
{
    NCAI_ENV(e);
    NCAI_CAP(e, can_notify_frame_pop);
    NcaiThread *t = ncai_thread_check(thread);
    if (t == NULL) return NCAI_ERROR_INVALID_THREAD;
    if (!ncai_thread_alive(t)) return NCAI_ERROR_THREAD_NOT_ALIVE;
    OsContext *ctx = ncai_thread_context(t);
    if (ctx == NULL) return NCAI_ERROR_THREAD_NOT_SUSPENDED;
    OsFrame f[256];
    int n = os_unwind(ctx, f, 256);
    int k = -1;
    for (int i = 0; i + 1 < n; i++)
        if (f[i].cfa != 0 && f[i].cfa == (uintptr_t)frame_address) {
            k = i;
            break;
        }
    if (k < 0) return NCAI_ERROR_NOT_FOUND;
    uintptr_t ret = f[k + 1].pc;
    if (ncai_breakpoint_refused(ret)) return NCAI_ERROR_ACCESS_DENIED;
    ncaiError err = NCAI_ERROR_NONE;
    os_mutex_lock(&bp_lock);
    int slot = -1;
    for (int i = 0; i < MAX_POPS; i++) {
        NcaiThread *o = atomic_load(&pops[i].thread);
        if (o == t && pops[i].cfa == (uintptr_t)frame_address && pops[i].env_index == e->index) {
            err = NCAI_ERROR_DUPLICATE;
            break;
        }
        if (o == NULL && slot < 0) slot = i;
    }
    if (err == NCAI_ERROR_NONE && slot < 0) err = NCAI_ERROR_OUT_OF_MEMORY;
    Bp *b = err == NCAI_ERROR_NONE ? bp_get(ret, &err) : NULL;
    if (b != NULL) {
        pops[slot].cfa = (uintptr_t)frame_address;
        pops[slot].ret = ret;
        pops[slot].env_index = e->index;
        atomic_store(&pops[slot].thread, t);
        atomic_fetch_add(&b->pops, 1);
        bp_update(b);
    }
    os_mutex_unlock(&bp_lock);
    return err;
}

/* ------------------------------------------------------------------------------------ */
/* Watchpoints                                                                          */
/* ------------------------------------------------------------------------------------ */

enum { MAX_WATCH = 4, MAX_WATCH_THREADS = 256 };

typedef struct Watch {
    _Atomic bool active;
    uintptr_t addr;
    size_t len;
    ncaiWatchpointMode mode;
    int env_index;
    uint64_t last; /* the value at the last report (READ mode) */
    int fds[MAX_WATCH_THREADS];
    int nfds;
} Watch;

static Watch watches[MAX_WATCH];
static OsMutex watch_lock;

/* Under watch_lock: a perf event on every thread of the process; threads created later
 * inherit them from their creators. */
static void watch_open_all(Watch *w, int idx)
{
    int64_t tids[MAX_WATCH_THREADS];
    int n = os_process_thread_ids(tids, MAX_WATCH_THREADS);
    w->nfds = 0;
    for (int i = 0; i < n; i++) {
        int fd = os_hw_watch_open(tids[i], (void *)w->addr, w->len, w->mode == NCAI_WATCHPOINT_WRITE, (uint64_t)idx + 1);
        if (fd >= 0) w->fds[w->nfds++] = fd;
    }
}

/* Threads inherit watchpoints from the thread that creates them (os_hw_watch_open). */
void ncai_watch_thread_started(NcaiThread *t) { (void)t; }
/* Frame pop and step return requests of an ended thread go (its record will serve
 * another thread). */
void ncai_watch_thread_ended(NcaiThread *t)
{
    os_mutex_lock(&bp_lock);
    for (int k = 0; k < MAX_POPS; k++) {
        if (atomic_load(&pops[k].thread) != t) continue;
        Bp *b = bp_find(pops[k].ret);
        atomic_store(&pops[k].thread, NULL);
        if (b != NULL) {
            atomic_fetch_sub(&b->pops, 1);
            bp_update(b);
        }
    }
    os_mutex_unlock(&bp_lock);
}

static uint64_t watched_value(const Watch *w)
{
    uint64_t v = 0;
    os_mem_read((void *)w->addr, &v, w->len);
    return v;
}

/* NCAI: SetWatchpoint */
NCAI_FN(SetWatchpoint, void *data_addr, size_t len, ncaiWatchpointMode mode)
{
    NCAI_ENV(e);
    NCAI_CAP(e, can_set_watchpoints);
    uintptr_t a = (uintptr_t)data_addr;
    if (a == 0) return NCAI_ERROR_INVALID_ADDRESS;
    if ((int)mode < NCAI_WATCHPOINT_READ || (int)mode > NCAI_WATCHPOINT_ACCESS) return NCAI_ERROR_ILLEGAL_ARGUMENT;
    if ((len != 1 && len != 2 && len != 4 && len != 8) || (a & (len - 1)) != 0) return NCAI_ERROR_ILLEGAL_ARGUMENT;
    uint64_t probe;
    if (!os_mem_read(data_addr, &probe, len)) return NCAI_ERROR_INVALID_ADDRESS;
    os_mutex_lock(&watch_lock);
    int free_i = -1;
    ncaiError err = NCAI_ERROR_NONE;
    for (int i = 0; i < MAX_WATCH; i++) {
        if (!atomic_load(&watches[i].active)) {
            if (free_i < 0) free_i = i;
        } else if (watches[i].addr == a && watches[i].env_index == e->index) {
            err = NCAI_ERROR_DUPLICATE;
        }
    }
    if (err == NCAI_ERROR_NONE && free_i < 0) err = NCAI_ERROR_NOT_AVAILABLE; /* 4 debug registers */
    if (err == NCAI_ERROR_NONE) {
        Watch *w = &watches[free_i];
        w->addr = a;
        w->len = len;
        w->mode = mode;
        w->env_index = e->index;
        w->last = watched_value(w);
        watch_open_all(w, free_i);
        if (w->nfds == 0) err = NCAI_ERROR_NOT_AVAILABLE; /* the kernel refuses hardware breakpoints */
        else atomic_store(&w->active, true);
    }
    os_mutex_unlock(&watch_lock);
    return err;
}

/* NCAI: ClearWatchpoint */
NCAI_FN(ClearWatchpoint, void *data_addr)
{
    NCAI_ENV(e);
    NCAI_CAP(e, can_set_watchpoints);
    ncaiError err = NCAI_ERROR_NOT_FOUND;
    os_mutex_lock(&watch_lock);
    for (int i = 0; i < MAX_WATCH; i++) {
        Watch *w = &watches[i];
        if (!atomic_load(&w->active) || w->addr != (uintptr_t)data_addr || w->env_index != e->index) continue;
        atomic_store(&w->active, false);
        for (int k = 0; k < w->nfds; k++) os_hw_watch_close(w->fds[k]);
        w->nfds = 0;
        err = NCAI_ERROR_NONE;
    }
    os_mutex_unlock(&watch_lock);
    return err;
}

typedef struct WatchArg {
    ncaiThread thread;
    void *code, *data;
} WatchArg;

static void call_watch(ncaiEnv *env, void *cb, void *arg)
{
    WatchArg *a = arg;
    ((ncaiWatchpoint)cb)(env, a->thread, a->code, a->data);
}

static bool watch_hit(OsContext *ctx, uint64_t cookie)
{
    if (cookie == 0 || cookie > MAX_WATCH) return false;
    Watch *w = &watches[cookie - 1];
    if (!atomic_load(&w->active)) return true;
    NcaiThread *self = ncai_thread_self();
    if (self != NULL && atomic_load(&self->delivering) > 0) return true;
    uint64_t now = watched_value(w);
    bool changed = now != w->last;
    w->last = now;
    if (w->mode == NCAI_WATCHPOINT_READ && changed) return true;
    WatchArg a = {(ncaiThread)self, (void *)os_context_pc(ctx), (void *)w->addr};
    ncai_post_masked(self, ctx, NCAI_EVENT_WATCHPOINT, 1u << w->env_index, call_watch, &a);
    return true;
}

void ncai_debug_slot_reset(int i)
{
    os_mutex_lock(&bp_lock);
    int n = atomic_load(&n_bps);
    for (int k = 0; k < n; k++) {
        if (!(atomic_load(&bps[k].env_mask) & (1u << i))) continue;
        atomic_fetch_and(&bps[k].env_mask, ~(1u << i));
        bp_update(&bps[k]);
    }
    for (int k = 0; k < MAX_POPS; k++) {
        if (atomic_load(&pops[k].thread) == NULL || pops[k].step || pops[k].env_index != i) continue;
        Bp *b = bp_find(pops[k].ret);
        atomic_store(&pops[k].thread, NULL);
        if (b != NULL) {
            atomic_fetch_sub(&b->pops, 1);
            bp_update(b);
        }
    }
    os_mutex_unlock(&bp_lock);
    os_mutex_lock(&watch_lock);
    for (int k = 0; k < MAX_WATCH; k++) {
        Watch *w = &watches[k];
        if (!atomic_load(&w->active) || w->env_index != i) continue;
        atomic_store(&w->active, false);
        for (int f = 0; f < w->nfds; f++) os_hw_watch_close(w->fds[f]);
        w->nfds = 0;
    }
    os_mutex_unlock(&watch_lock);
}

/* ------------------------------------------------------------------------------------ */
/* The signal hooks                                                                     */
/* ------------------------------------------------------------------------------------ */

static bool on_trap(OsContext *ctx, OsTrapKind kind, uint64_t cookie)
{
    switch (kind) {
    case OS_TRAP_WATCH:
        if (ncai_return_stop_hit(ctx, cookie) || watch_hit(ctx, cookie)) return true;
        break;
    case OS_TRAP_BREAKPOINT:
        if (bp_hit(ctx)) return true;
        break;
    case OS_TRAP_STEP:
        if (step_hit(ctx)) return true;
        break;
    default: break;
    }
    NcaiThread *self = ncai_thread_self();
    if (self != NULL && atomic_load(&self->delivering) > 0) return false;
    return ncai_post_signal(self, ctx, os_signal_number("TRAP"), NULL, false);
}

static bool on_fault(int sig, OsContext *ctx, void *addr)
{
    NcaiThread *self = ncai_thread_self();
    if (self != NULL && atomic_load(&self->delivering) > 0) return false; /* the agent's own fault */
    return ncai_post_signal(self, ctx, sig, addr, false);
}

static bool on_async(int sig, OsContext *ctx)
{
    NcaiThread *self = ncai_thread_self();
    return ncai_post_signal(self, ctx, sig, NULL, false);
}

static const OsDebugHooks hooks = {ncai_suspend_handler, on_trap, on_fault, on_async};

void ncai_debug_init(void)
{
    os_mutex_init(&bp_lock);
    os_mutex_init(&watch_lock);
    os_debug_install(&hooks);
    void *notify = os_dynlink_notify_address();
    if (notify != NULL) ncai_internal_breakpoint((uintptr_t)notify);
}
