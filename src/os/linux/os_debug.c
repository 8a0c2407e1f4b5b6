// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * os_debug.c — native debugging support on Linux/x86-64 for the Native Code Access
 * Interface (src/ncai): fault-safe memory access, the module list, thread signals, the
 * signal hooks of the native debugger, machine contexts and their registers, DWARF
 * unwinding (libunwind), hardware watchpoints (perf_event_open breakpoints with a
 * synchronous SIGTRAP) and the x86-64 instruction decoder that breakpoints and stepping
 * need to run a displaced instruction.
 *
 * Why libunwind (not elfutils' libdw): NCAI unwinds threads of its own process from a
 * ucontext_t captured by a signal handler. libunwind's local unwinder does exactly that
 * (unw_init_local2 on any in-process context, UNW_INIT_SIGNAL_FRAME), reading the
 * .eh_frame of every module; libdw's unwinder (dwfl_getthread_frames) needs ptrace or a
 * core file and cannot attach to its own process, so with libdw we would write the CFI
 * evaluation loop ourselves. It is opened at run time (see unwinder()), not linked.
 *
 * Contracts: the functions os.h marks signal-safe take no lock and allocate nothing.
 * Memory access goes through the kernel (process_vm_readv, /proc/self/mem), so a bad
 * address is an error code, never a fault.
 */
#define _GNU_SOURCE
#include "../os.h"
#include "os_int.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>
#include <setjmp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#define UNW_LOCAL_ONLY
#include <libunwind.h>

#define TRAP_PERF_CODE 6 /* si_code of a perf event's SIGTRAP (TRAP_PERF) */

/* ---------------------------------------------------------------------------------- */
/* Memory                                                                             */
/* ---------------------------------------------------------------------------------- */

static _Atomic int mem_fd = -2; /* /proc/self/mem, opened on first write; -1 if it cannot be */

bool os_mem_read(const void *addr, void *buf, size_t n)
{
    if (n == 0) return true;
    struct iovec local = {buf, n}, remote = {(void *)addr, n};
    ssize_t got = process_vm_readv(getpid(), &local, 1, &remote, 1, 0);
    return got == (ssize_t)n;
}

bool os_mem_write(void *addr, const void *buf, size_t n)
{
    if (n == 0) return true;
    int fd = atomic_load(&mem_fd);
    if (fd == -2) {
        int nfd = open("/proc/self/mem", O_RDWR | O_CLOEXEC);
        int expect = -2;
        if (!atomic_compare_exchange_strong(&mem_fd, &expect, nfd)) {
            if (nfd >= 0) close(nfd);
        }
        fd = atomic_load(&mem_fd);
    }
    if (fd >= 0) {
        /* /proc/self/mem writes through read-only mappings (code) as ptrace does. */
        ssize_t w = pwrite(fd, buf, n, (off_t)(uintptr_t)addr);
        if (w == (ssize_t)n) return true;
        if (w < 0 && errno != EPERM && errno != EACCES) return false;
    }
    struct iovec local = {(void *)buf, n}, remote = {addr, n};
    return process_vm_writev(getpid(), &local, 1, &remote, 1, 0) == (ssize_t)n;
}

/* ---------------------------------------------------------------------------------- */
/* Modules                                                                            */
/* ---------------------------------------------------------------------------------- */

typedef struct ModIter {
    void (*fn)(const OsModule *m, void *arg);
    void *arg;
    char *exe;
} ModIter;

static int module_cb(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    ModIter *it = data;
    OsModule m;
    memset(&m, 0, sizeof m);
    m.path = info->dlpi_name;
    if (m.path == NULL || m.path[0] == 0) m.path = it->exe != NULL ? it->exe : "";
    m.bias = (uintptr_t)info->dlpi_addr;
    for (int i = 0; i < info->dlpi_phnum && m.nseg < OS_MODULE_MAX_SEGMENTS; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_LOAD || ph->p_memsz == 0) continue;
        OsSegment *s = &m.seg[m.nseg++];
        s->base = (void *)(m.bias + ph->p_vaddr);
        s->size = ph->p_memsz;
        s->exec = (ph->p_flags & PF_X) != 0;
        s->write = (ph->p_flags & PF_W) != 0;
    }
    if (m.nseg > 0) it->fn(&m, it->arg);
    return 0;
}

void os_modules_for_each(void (*fn)(const OsModule *m, void *arg), void *arg)
{
    ModIter it = {fn, arg, os_executable_path()};
    dl_iterate_phdr(module_cb, &it);
    free(it.exe);
}

/* Calls fn for each function the ELF file at path defines (its .dynsym and .symtab),
 * until fn returns true; name points into the file's mapping, valid during the call.
 * False if the file cannot be read as ELF. Only system calls (no allocation). */
typedef bool (*ElfFunctionFn)(const char *name, uintptr_t value, uintptr_t size, void *arg);
static bool elf_functions(const char *path, ElfFunctionFn fn, void *arg)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    off_t size = lseek(fd, 0, SEEK_END);
    const unsigned char *f = size > (off_t)sizeof(ElfW(Ehdr)) ? mmap(NULL, (size_t)size, PROT_READ, MAP_PRIVATE, fd, 0)
                                                             : MAP_FAILED;
    close(fd);
    if (f == MAP_FAILED) return false;
    const ElfW(Ehdr) *eh = (const ElfW(Ehdr) *)f;
    bool ok = memcmp(eh->e_ident, ELFMAG, SELFMAG) == 0 && eh->e_shoff != 0 &&
              eh->e_shoff + (size_t)eh->e_shnum * sizeof(ElfW(Shdr)) <= (size_t)size;
    if (ok) {
        const ElfW(Shdr) *sh = (const ElfW(Shdr) *)(f + eh->e_shoff);
        bool done = false;
        for (int i = 0; i < eh->e_shnum && !done; i++) {
            if ((sh[i].sh_type != SHT_DYNSYM && sh[i].sh_type != SHT_SYMTAB) || sh[i].sh_link >= eh->e_shnum) continue;
            const ElfW(Shdr) *strs = &sh[sh[i].sh_link];
            if (sh[i].sh_offset + sh[i].sh_size > (size_t)size || strs->sh_offset + strs->sh_size > (size_t)size)
                continue;
            const ElfW(Sym) *sym = (const ElfW(Sym) *)(f + sh[i].sh_offset);
            size_t n = sh[i].sh_size / sizeof(ElfW(Sym));
            for (size_t k = 0; k < n && !done; k++) {
                if (sym[k].st_shndx == SHN_UNDEF || ELF64_ST_TYPE(sym[k].st_info) != STT_FUNC ||
                    sym[k].st_name >= strs->sh_size)
                    continue;
                /* The string table's last byte is a NUL (ELF), so names end inside it. */
                done = fn((const char *)f + strs->sh_offset + sym[k].st_name, sym[k].st_value, sym[k].st_size, arg);
            }
        }
    }
    munmap((void *)f, (size_t)size);
    return ok;
}

typedef struct NamedSymbol {
    const char *name;
    uintptr_t value;
} NamedSymbol;

static bool match_name(const char *name, uintptr_t value, uintptr_t size, void *arg)
{
    (void)size;
    NamedSymbol *ns = arg;
    if (strcmp(name, ns->name) != 0) return false;
    ns->value = value;
    return true;
}

uintptr_t os_module_symbol(const OsModule *m, const char *name)
{
    NamedSymbol ns = {name, 0};
    if (!elf_functions(m->path, match_name, &ns) || ns.value == 0) return 0;
    return m->bias + ns.value;
}

typedef struct Containing {
    uintptr_t addr; /* file address of the pc */
    OsSymbol *out;
    uintptr_t best; /* value of the best symbol so far, 0 for none */
} Containing;

/* The function whose [value, value + size) holds addr; without sizes (size 0), the
 * closest one below it. */
static bool containing(const char *name, uintptr_t value, uintptr_t size, void *arg)
{
    Containing *c = arg;
    if (value == 0 || value > c->addr) return false;
    if (size != 0 ? c->addr >= value + size : value <= c->best) return false;
    c->best = value;
    snprintf(c->out->name, sizeof c->out->name, "%.255s", name);
    c->out->name_offset = c->addr - value;
    return size != 0; /* a range that holds addr ends the search */
}

bool os_symbolize(uintptr_t pc, OsSymbol *out)
{
    memset(out, 0, sizeof *out);
    Dl_info info;
    struct link_map *lm = NULL;
    if (dladdr1((void *)pc, &info, (void **)&lm, RTLD_DL_LINKMAP) == 0 || info.dli_fname == NULL) return false;
    const char *base = strrchr(info.dli_fname, '/');
    snprintf(out->module, sizeof out->module, "%.127s", base != NULL ? base + 1 : info.dli_fname);
    out->module_offset = pc - (uintptr_t)info.dli_fbase;
    const char *path = info.dli_fname;
    char exe[4096];
    if (path[0] == 0 || lm == NULL || lm->l_name == NULL || lm->l_name[0] == 0) {
        /* The executable: its path from /proc (the dynamic linker names it ""). */
        ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
        if (n <= 0) return true;
        exe[n] = 0;
        path = exe;
        if (out->module[0] == 0) {
            base = strrchr(exe, '/');
            snprintf(out->module, sizeof out->module, "%.127s", base != NULL ? base + 1 : exe);
        }
    }
    Containing c = {pc - (lm != NULL ? (uintptr_t)lm->l_addr : (uintptr_t)info.dli_fbase), out, 0};
    elf_functions(path, containing, &c);
    if (c.best == 0 && info.dli_sname != NULL) {
        snprintf(out->name, sizeof out->name, "%s", info.dli_sname);
        out->name_offset = pc - (uintptr_t)info.dli_saddr;
    }
    return true;
}

void *os_libc_symbol(const char *name)
{
    void *libc = dlopen("libc.so.6", RTLD_NOLOAD | RTLD_LAZY);
    if (libc == NULL) return NULL;
    void *f = dlsym(libc, name);
    dlclose(libc);
    return f;
}

void *os_dynlink_notify_address(void)
{
    return _r_debug.r_version != 0 ? (void *)_r_debug.r_brk : NULL;
}

int os_dynlink_state(void)
{
    switch (__atomic_load_n(&_r_debug.r_state, __ATOMIC_ACQUIRE)) {
    case RT_ADD: return 1;
    case RT_DELETE: return 2;
    default: return 0;
    }
}

/* ---------------------------------------------------------------------------------- */
/* Threads and signals                                                                */
/* ---------------------------------------------------------------------------------- */

#include <linux/futex.h>

/* System calls made without the C library, so that a breakpoint an agent put in the C
 * library's syscall() wrapper cannot trap the trap handler's own calls. */
static long raw_syscall(long nr, long a, long b, long c, long d)
{
    long ret;
    register long r10 __asm__("r10") = d;
    __asm__ volatile("syscall" : "=a"(ret) : "a"(nr), "D"(a), "S"(b), "d"(c), "r"(r10) : "rcx", "r11", "memory");
    return ret;
}

static long futex(_Atomic uint32_t *addr, int op, uint32_t val, const struct timespec *ts)
{
    return raw_syscall(SYS_futex, (long)(uintptr_t)addr, op | FUTEX_PRIVATE_FLAG, (long)val, (long)(uintptr_t)ts);
}

void os_sem_init(OsSem *s, unsigned value) { atomic_store(&s->value, value); }

void os_sem_post(OsSem *s)
{
    atomic_fetch_add(&s->value, 1);
    futex(&s->value, FUTEX_WAKE, 1, NULL);
}

static bool sem_try(OsSem *s)
{
    uint32_t v = atomic_load(&s->value);
    while (v > 0)
        if (atomic_compare_exchange_weak(&s->value, &v, v - 1)) return true;
    return false;
}

void os_sem_wait(OsSem *s)
{
    while (!sem_try(s)) futex(&s->value, FUTEX_WAIT, 0, NULL);
}

bool os_sem_wait_ns(OsSem *s, int64_t ns)
{
    struct timespec now, end;
    clock_gettime(CLOCK_MONOTONIC, &now);
    int64_t e = (int64_t)now.tv_sec * 1000000000 + now.tv_nsec + ns;
    for (;;) {
        if (sem_try(s)) return true;
        clock_gettime(CLOCK_MONOTONIC, &now);
        int64_t left = e - ((int64_t)now.tv_sec * 1000000000 + now.tv_nsec);
        if (left <= 0) return false;
        end.tv_sec = left / 1000000000;
        end.tv_nsec = left % 1000000000;
        futex(&s->value, FUTEX_WAIT, 0, &end); /* relative timeout */
    }
}

int64_t os_thread_id_raw(void) { return (int64_t)raw_syscall(SYS_gettid, 0, 0, 0, 0); }

bool os_thread_signal(int64_t tid, int sig)
{
    return syscall(SYS_tgkill, (long)getpid(), (long)tid, (long)sig) == 0;
}

/* SIGRTMIN + 3: glibc keeps the first two real-time signals for itself (SIGRTMIN is
 * already past them) and the JDK's libnet uses SIGRTMAX - 2 to interrupt blocking I/O. */
int os_debug_suspend_signal(void) { return SIGRTMIN + 3; }

static const OsDebugHooks *hooks;
static struct sigaction prev_action[NSIG];

/* Set while the thread unwinds a stack (os_unwind): a stack being unwound may change
 * under the unwinder (a thread NCAI suspended logically, docs/ncai.md), and a fault
 * while reading it ends that unwinding instead of the process. */
static __thread sigjmp_buf *unwind_guard;

static void debug_handler(int sig, siginfo_t *si, void *uc_)
{
    if ((sig == SIGSEGV || sig == SIGBUS) && unwind_guard != NULL) siglongjmp(*unwind_guard, 1);
    int saved_errno = errno;
    OsContext *ctx = (OsContext *)uc_;
    bool handled = false;
    if (sig == os_debug_suspend_signal()) {
        hooks->suspend(ctx);
        errno = saved_errno;
        return;
    }
    if (sig == SIGTRAP) {
        OsTrapKind kind = OS_TRAP_OTHER;
        uint64_t cookie = 0;
        if (si->si_code == TRAP_PERF_CODE) {
            kind = OS_TRAP_WATCH;
            /* si_perf_data: the first word of the union that follows si_addr (the
             * kernel's _sigfault._perf._data; glibc's siginfo_t does not name it). */
            unsigned long data;
            memcpy(&data, (const char *)&si->si_addr + sizeof(void *), sizeof data);
            cookie = data;
        } else if (si->si_code == TRAP_TRACE || si->si_code == TRAP_HWBKPT) {
            kind = OS_TRAP_STEP;
        } else if (si->si_code == SI_KERNEL || si->si_code == TRAP_BRKPT) {
            kind = OS_TRAP_BREAKPOINT; /* int3 */
        }
        handled = hooks->trap(ctx, kind, cookie);
    } else {
        handled = hooks->fault(sig, ctx, si->si_addr);
    }
    if (!handled) {
        /* The previous disposition takes over: a handler of someone else's (a sanitizer
         * runtime) is called; otherwise the default action happens when the faulting
         * instruction runs again (or, for SIGABRT, when abort() raises it again). */
        struct sigaction *p = &prev_action[sig];
        if ((p->sa_flags & SA_SIGINFO) && p->sa_sigaction != NULL) {
            p->sa_sigaction(sig, si, uc_);
        } else if (p->sa_handler != SIG_DFL && p->sa_handler != SIG_IGN && p->sa_handler != NULL) {
            p->sa_handler(sig);
        } else {
            signal(sig, SIG_DFL);
            /* A trap or a sent signal does not come back by itself. */
            if (sig == SIGTRAP || sig == SIGABRT || si->si_code <= 0) raise(sig);
        }
    }
    errno = saved_errno;
}

bool os_debug_async_signal(int sig, void *uc)
{
    const OsDebugHooks *h = __atomic_load_n(&hooks, __ATOMIC_ACQUIRE);
    return h != NULL && h->async_signal != NULL && h->async_signal(sig, (OsContext *)uc);
}

bool os_debug_install(const OsDebugHooks *h)
{
    static _Atomic bool done;
    if (atomic_exchange(&done, true)) return false;
    __atomic_store_n(&hooks, h, __ATOMIC_RELEASE);
    const int sigs[] = {SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, os_debug_suspend_signal()};
    bool ok = true;
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = debug_handler;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_SIGINFO | SA_RESTART;
        /* A breakpoint in code that a trap's own handling runs (the agent's callback
         * calling write, memcpy...) must trap again inside the handler: a blocked
         * SIGTRAP raised by an int3 kills the process. */
        if (sigs[i] == SIGTRAP) sa.sa_flags |= SA_NODEFER;
        /* A fault from a native stack overflow needs a stack to be handled on. */
        if (sigs[i] == SIGSEGV || sigs[i] == SIGBUS) sa.sa_flags |= SA_ONSTACK;
        if (sigaction(sigs[i], &sa, &prev_action[sigs[i]]) != 0) ok = false;
    }
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTRAP);
    sigaddset(&set, os_debug_suspend_signal());
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    return ok;
}

enum { ALT_STACK_SIZE = 256 * 1024 };

void os_debug_thread_begin(void)
{
    stack_t cur;
    if (sigaltstack(NULL, &cur) == 0 && !(cur.ss_flags & SS_DISABLE)) return; /* has one */
    void *p = mmap(NULL, ALT_STACK_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return;
    stack_t ss = {.ss_sp = p, .ss_size = ALT_STACK_SIZE, .ss_flags = 0};
    if (sigaltstack(&ss, NULL) != 0) munmap(p, ALT_STACK_SIZE);
}

void os_debug_thread_end(void)
{
    stack_t cur;
    if (sigaltstack(NULL, &cur) != 0 || (cur.ss_flags & (SS_DISABLE | SS_ONSTACK)) || cur.ss_size != ALT_STACK_SIZE)
        return; /* none, in use, or not ours */
    stack_t off = {.ss_sp = NULL, .ss_size = 0, .ss_flags = SS_DISABLE};
    if (sigaltstack(&off, NULL) == 0) munmap(cur.ss_sp, ALT_STACK_SIZE);
}

/* ---------------------------------------------------------------------------------- */
/* Contexts and registers                                                             */
/* ---------------------------------------------------------------------------------- */

static inline ucontext_t *UC(const OsContext *c) { return (ucontext_t *)c; }

_Static_assert(sizeof(ucontext_t) <= sizeof(OsContextBuf), "OsContextBuf holds a ucontext_t");

void os_context_copy(OsContextBuf *dst, const OsContext *c)
{
    memcpy(dst, c, sizeof(ucontext_t));
    ((ucontext_t *)dst)->uc_mcontext.fpregs = NULL;
}

uintptr_t os_context_pc(const OsContext *c) { return (uintptr_t)UC(c)->uc_mcontext.gregs[REG_RIP]; }
void os_context_set_pc(OsContext *c, uintptr_t pc) { UC(c)->uc_mcontext.gregs[REG_RIP] = (greg_t)pc; }
uintptr_t os_context_sp(const OsContext *c) { return (uintptr_t)UC(c)->uc_mcontext.gregs[REG_RSP]; }

#define EFLAGS_TF 0x100

void os_context_set_single_step(OsContext *c, bool on)
{
    if (on) UC(c)->uc_mcontext.gregs[REG_EFL] |= EFLAGS_TF;
    else UC(c)->uc_mcontext.gregs[REG_EFL] &= ~(greg_t)EFLAGS_TF;
}

bool os_context_single_step(const OsContext *c) { return (UC(c)->uc_mcontext.gregs[REG_EFL] & EFLAGS_TF) != 0; }

/* The NCAI numbering of x86-64 registers (Harmony's 16, then r8-r15). gregs index, or
 * -1 for segment registers, which come from the packed csgsfs word or the CPU. */
static const struct {
    const char *name;
    int size;
    int greg;
} regs[] = {
    {"rax", 8, REG_RAX}, {"rbx", 8, REG_RBX}, {"rcx", 8, REG_RCX}, {"rdx", 8, REG_RDX},
    {"rsp", 8, REG_RSP}, {"rbp", 8, REG_RBP}, {"rsi", 8, REG_RSI}, {"rdi", 8, REG_RDI},
    {"ds", 2, -1},       {"es", 2, -1},       {"fs", 2, -1},       {"gs", 2, -1},
    {"ss", 2, -1},       {"cs", 2, -1},       {"rip", 8, REG_RIP}, {"eflags", 4, REG_EFL},
    {"r8", 8, REG_R8},   {"r9", 8, REG_R9},   {"r10", 8, REG_R10}, {"r11", 8, REG_R11},
    {"r12", 8, REG_R12}, {"r13", 8, REG_R13}, {"r14", 8, REG_R14}, {"r15", 8, REG_R15},
};
#define NREGS ((int)(sizeof regs / sizeof regs[0]))

int os_context_reg_count(void) { return NREGS; }
const char *os_context_reg_name(int reg) { return reg >= 0 && reg < NREGS ? regs[reg].name : NULL; }
int os_context_reg_size(int reg) { return reg >= 0 && reg < NREGS ? regs[reg].size : 0; }

bool os_context_reg_get(const OsContext *c, int reg, void *buf)
{
    if (reg < 0 || reg >= NREGS) return false;
    const mcontext_t *m = &UC(c)->uc_mcontext;
    if (regs[reg].greg >= 0) {
        uint64_t v = (uint64_t)m->gregs[regs[reg].greg];
        memcpy(buf, &v, (size_t)regs[reg].size); /* little-endian: the low bytes */
        return true;
    }
    /* gregs[REG_CSGSFS] packs cs, gs, fs and (since Linux 4.8, UC_SIGCONTEXT_SS) ss as
     * 16-bit fields; ds and es are not saved: in 64-bit user mode they are the same in
     * every thread, so the CPU's current values are the thread's. */
    uint64_t packed = (uint64_t)m->gregs[REG_CSGSFS];
    uint16_t v = 0;
    switch (reg) {
    case 8: __asm__ volatile("mov %%ds, %0" : "=r"(v)); break;
    case 9: __asm__ volatile("mov %%es, %0" : "=r"(v)); break;
    case 10: v = (uint16_t)(packed >> 32); break;
    case 11: v = (uint16_t)(packed >> 16); break;
    case 12: v = (uint16_t)(packed >> 48); break;
    case 13: v = (uint16_t)packed; break;
    }
    memcpy(buf, &v, 2);
    return true;
}

bool os_context_reg_set(OsContext *c, int reg, const void *buf)
{
    if (reg < 0 || reg >= NREGS || regs[reg].greg < 0) return false;
    mcontext_t *m = &UC(c)->uc_mcontext;
    uint64_t v = 0;
    memcpy(&v, buf, (size_t)regs[reg].size);
    if (regs[reg].greg == REG_EFL) {
        /* Only the flags user code may change (CF PF AF ZF SF TF DF OF and AC); the
         * kernel would ignore the others anyway. */
        const uint64_t user = 0x000408d5 | 0x100 | 0x400 | 0x40000;
        v = ((uint64_t)m->gregs[REG_EFL] & ~user) | (v & user);
    }
    m->gregs[regs[reg].greg] = (greg_t)v;
    return true;
}

/* ---------------------------------------------------------------------------------- */
/* Unwinding                                                                          */
/* ---------------------------------------------------------------------------------- */

/* libunwind is opened on first use, RTLD_LOCAL: GlassVM does not link it, because the
 * launcher loads libjvm.so RTLD_GLOBAL and libunwind.so.8 also defines the _Unwind_*
 * functions of the C++ exception ABI, which would then take precedence over libgcc_s's
 * for every C++ library loaded later. So the VM neither loads it nor changes how C++
 * code unwinds until NCAI unwinds a stack. */
static struct {
    int (*init_local)(unw_cursor_t *, unw_context_t *);
    int (*init_local2)(unw_cursor_t *, unw_context_t *, int);
    int (*get_reg)(unw_cursor_t *, int, unw_word_t *);
    int (*step)(unw_cursor_t *);
    int (*get_proc_info)(unw_cursor_t *, unw_proc_info_t *);
    int (*get_proc_info_by_ip)(unw_addr_space_t, unw_word_t, unw_proc_info_t *, void *);
    int (*getcontext)(unw_context_t *);
    unw_addr_space_t *local_as;
} unw;
static _Atomic int unw_state; /* 0 not tried, 1 ready, -1 unavailable */

static bool unwinder(void)
{
    int st = atomic_load_explicit(&unw_state, memory_order_acquire);
    if (st != 0) return st > 0;
    void *h = dlopen("libunwind.so.8", RTLD_NOW | RTLD_LOCAL);
    if (h != NULL) {
        unw.init_local = (int (*)(unw_cursor_t *, unw_context_t *))dlsym(h, "_ULx86_64_init_local");
        unw.init_local2 = (int (*)(unw_cursor_t *, unw_context_t *, int))dlsym(h, "_ULx86_64_init_local2");
        unw.get_reg = (int (*)(unw_cursor_t *, int, unw_word_t *))dlsym(h, "_ULx86_64_get_reg");
        unw.step = (int (*)(unw_cursor_t *))dlsym(h, "_ULx86_64_step");
        unw.get_proc_info = (int (*)(unw_cursor_t *, unw_proc_info_t *))dlsym(h, "_ULx86_64_get_proc_info");
        unw.get_proc_info_by_ip = (int (*)(unw_addr_space_t, unw_word_t, unw_proc_info_t *, void *))dlsym(
            h, "_ULx86_64_get_proc_info_by_ip");
        unw.getcontext = (int (*)(unw_context_t *))dlsym(h, "_Ux86_64_getcontext");
        unw.local_as = (unw_addr_space_t *)dlsym(h, "_ULx86_64_local_addr_space");
        /* No caches: they are guarded by locks, which a fault while unwinding a changing
         * stack (unwind_guard) would leave taken. */
        int (*set_caching)(unw_addr_space_t, unw_caching_policy_t) =
            (int (*)(unw_addr_space_t, unw_caching_policy_t))dlsym(h, "_ULx86_64_set_caching_policy");
        if (set_caching != NULL && unw.local_as != NULL) set_caching(*unw.local_as, UNW_CACHE_NONE);
    }
    bool ok = h != NULL && unw.init_local && unw.init_local2 && unw.get_reg && unw.step && unw.get_proc_info &&
              unw.get_proc_info_by_ip && unw.getcontext && unw.local_as;
    atomic_store_explicit(&unw_state, ok ? 1 : -1, memory_order_release);
    return ok;
}

static int unwind_from(unw_cursor_t *cur, OsFrame *frames, int max, int skip)
{
    int n = 0;
    for (;;) {
        unw_word_t ip = 0, sp = 0, fp = 0;
        unw.get_reg(cur, UNW_REG_IP, &ip);
        unw.get_reg(cur, UNW_REG_SP, &sp);
        unw.get_reg(cur, UNW_X86_64_RBP, &fp);
        unw_proc_info_t pi;
        uintptr_t start = unw.get_proc_info(cur, &pi) == 0 ? (uintptr_t)pi.start_ip : 0;
        int r = unw.step(cur);
        if (skip > 0) {
            skip--;
        } else {
            if (n >= max) break;
            OsFrame *f = &frames[n++];
            f->pc = ip;
            f->sp = sp;
            f->fp = fp;
            f->start = start;
            f->cfa = 0;
            if (r > 0) {
                unw_word_t csp = 0;
                unw.get_reg(cur, UNW_REG_SP, &csp);
                f->cfa = csp;
            }
        }
        if (r <= 0 || ip == 0) break;
    }
    return n;
}

/* Unwinds from ctx (NULL: from the caller of os_unwind) under unwind_guard: the frames
 * found before a fault. */
static __attribute__((noinline)) int guarded_unwind(OsContext *ctx, OsFrame *frames, int max)
{
    sigjmp_buf jb;
    sigjmp_buf *outer = unwind_guard;
    volatile int n = 0;
    OsFrame *volatile out = frames;
    unw_cursor_t cur;
    unw_context_t uc;
    if (sigsetjmp(jb, 1) == 0) {
        unwind_guard = &jb;
        if (ctx != NULL) {
            if (unw.init_local2(&cur, (unw_context_t *)ctx, UNW_INIT_SIGNAL_FRAME) == 0)
                n = unwind_from(&cur, out, max, 0);
        } else {
            unw.getcontext(&uc);
            if (unw.init_local(&cur, &uc) == 0) n = unwind_from(&cur, out, max, 2); /* not us, not os_unwind */
        }
    } else {
        /* A fault: keep what is complete (unwind_from fills frames in order). */
        n = 0;
        while (n < max && out[n].pc != 0) n++;
    }
    unwind_guard = outer;
    return n;
}

__attribute__((noinline)) int os_unwind(OsContext *ctx, OsFrame *frames, int max)
{
    if (!unwinder() || max <= 0) return 0;
    memset(frames, 0, (size_t)max * sizeof *frames);
    return guarded_unwind(ctx, frames, max);
}

uintptr_t os_function_start(uintptr_t pc)
{
    if (!unwinder()) return 0;
    unw_proc_info_t pi;
    if (unw.get_proc_info_by_ip(*unw.local_as, (unw_word_t)pc, &pi, NULL) != 0) return 0;
    return (uintptr_t)pi.start_ip;
}

/* ---------------------------------------------------------------------------------- */
/* Hardware watchpoints                                                               */
/* ---------------------------------------------------------------------------------- */

int os_hw_watch_open(int64_t tid, void *addr, size_t len, bool write_only, uint64_t cookie)
{
    if ((len != 1 && len != 2 && len != 4 && len != 8) || ((uintptr_t)addr & (len - 1)) != 0) {
        errno = EINVAL;
        return -1;
    }
    struct perf_event_attr a;
    memset(&a, 0, sizeof a);
    a.type = PERF_TYPE_BREAKPOINT;
    a.size = sizeof a;
    a.bp_type = write_only ? HW_BREAKPOINT_W : HW_BREAKPOINT_RW;
    a.bp_addr = (uint64_t)(uintptr_t)addr;
    a.bp_len = len;
    a.sample_period = 1;
    a.exclude_kernel = 1;
    a.exclude_hv = 1;
    a.remove_on_exec = 1; /* required by sigtrap */
    a.inherit = 1;        /* threads created later by this one */
    a.inherit_thread = 1;
    a.sigtrap = 1;
    a.sig_data = cookie;
    return (int)syscall(SYS_perf_event_open, &a, (pid_t)tid, -1, -1, PERF_FLAG_FD_CLOEXEC);
}

int os_hw_exec_break_open(int64_t tid, void *addr, uint64_t cookie)
{
    struct perf_event_attr a;
    memset(&a, 0, sizeof a);
    a.type = PERF_TYPE_BREAKPOINT;
    a.size = sizeof a;
    a.bp_type = HW_BREAKPOINT_X;
    a.bp_addr = (uint64_t)(uintptr_t)addr;
    a.bp_len = sizeof(long); /* what the kernel requires of execute breakpoints */
    a.sample_period = 1;
    a.exclude_kernel = 1;
    a.exclude_hv = 1;
    a.remove_on_exec = 1; /* required by sigtrap */
    a.sigtrap = 1;
    a.sig_data = cookie;
    return (int)syscall(SYS_perf_event_open, &a, (pid_t)tid, -1, -1, PERF_FLAG_FD_CLOEXEC);
}

int os_process_thread_ids(int64_t *ids, int max)
{
    DIR *d = opendir("/proc/self/task");
    if (d == NULL) return 0;
    int n = 0;
    for (struct dirent *e; n < max && (e = readdir(d)) != NULL;) {
        char *end;
        long tid = strtol(e->d_name, &end, 10);
        if (*end == 0 && tid > 0) ids[n++] = tid;
    }
    closedir(d);
    return n;
}

void os_hw_watch_close(int fd)
{
    if (fd >= 0) close(fd);
}

/* ---------------------------------------------------------------------------------- */
/* x86-64 instructions                                                                */
/* ---------------------------------------------------------------------------------- */

/* One-byte opcode map: bit 0 ModRM, bits 1-3 immediate (0 none, 1 ib, 2 iw, 3 iz,
 * 4 iw+ib, 5 moffs, 6 iv), bit 4 invalid in 64-bit mode. */
enum { M = 1, IB = 1 << 1, IW = 2 << 1, IZ = 3 << 1, IWB = 4 << 1, MOFFS = 5 << 1, IV = 6 << 1, BAD = 1 << 4 };
static const uint8_t map1[256] = {
    /* 00 */ M, M, M, M, IB, IZ, BAD, BAD, M, M, M, M, IB, IZ, BAD, 0,
    /* 10 */ M, M, M, M, IB, IZ, BAD, BAD, M, M, M, M, IB, IZ, BAD, BAD,
    /* 20 */ M, M, M, M, IB, IZ, 0, BAD, M, M, M, M, IB, IZ, 0, BAD,
    /* 30 */ M, M, M, M, IB, IZ, 0, BAD, M, M, M, M, IB, IZ, 0, BAD,
    /* 40 */ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    /* 50 */ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    /* 60 */ BAD, BAD, 0, M, 0, 0, 0, 0, IZ, M | IZ, IB, M | IB, 0, 0, 0, 0,
    /* 70 */ IB, IB, IB, IB, IB, IB, IB, IB, IB, IB, IB, IB, IB, IB, IB, IB,
    /* 80 */ M | IB, M | IZ, BAD, M | IB, M, M, M, M, M, M, M, M, M, M, M, M,
    /* 90 */ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, BAD, 0, 0, 0, 0, 0,
    /* A0 */ MOFFS, MOFFS, MOFFS, MOFFS, 0, 0, 0, 0, IB, IZ, 0, 0, 0, 0, 0, 0,
    /* B0 */ IB, IB, IB, IB, IB, IB, IB, IB, IV, IV, IV, IV, IV, IV, IV, IV,
    /* C0 */ M | IB, M | IB, IW, 0, BAD, BAD, M | IB, M | IZ, IWB, 0, IW, 0, 0, IB, BAD, 0,
    /* D0 */ M, M, M, M, BAD, BAD, BAD, 0, M, M, M, M, M, M, M, M,
    /* E0 */ IB, IB, IB, IB, IB, IB, IB, IB, IZ, IZ, BAD, IB, 0, 0, 0, 0,
    /* F0 */ 0, 0, 0, 0, 0, 0, M, M, 0, 0, 0, 0, 0, 0, M, M,
};

/* Two-byte map (0F xx): ModRM except the listed ones; imm8 for the listed ones. */
static bool map2_modrm(uint8_t op)
{
    switch (op) {
    case 0x05: case 0x06: case 0x07: case 0x08: case 0x09: case 0x0b: case 0x0e:
    case 0x30: case 0x31: case 0x32: case 0x33: case 0x34: case 0x35: case 0x37:
    case 0x77: case 0xa0: case 0xa1: case 0xa2: case 0xa8: case 0xa9: case 0xaa:
        return false;
    default:
        if (op >= 0x80 && op <= 0x8f) return false; /* jcc rel32 */
        if (op >= 0xc8 && op <= 0xcf) return false; /* bswap */
        return true;
    }
}

static bool map2_imm8(uint8_t op)
{
    return op == 0x0f || (op >= 0x70 && op <= 0x73) || op == 0xa4 || op == 0xac || op == 0xba ||
           op == 0xc2 || (op >= 0xc4 && op <= 0xc6);
}

/* Decodes ModRM (and SIB, displacement) at p; returns the bytes used, sets *rip_rel to
 * the displacement's offset from p when it is rip-relative. */
static int modrm_len(const uint8_t *p, int *rip_rel)
{
    uint8_t modrm = p[0];
    int mod = modrm >> 6, rm = modrm & 7;
    int n = 1;
    *rip_rel = -1;
    if (mod == 3) return n;
    if (rm == 4) {
        uint8_t sib = p[n++];
        if (mod == 0 && (sib & 7) == 5) return n + 4;
    } else if (mod == 0 && rm == 5) {
        *rip_rel = n;
        return n + 4;
    }
    if (mod == 1) return n + 1;
    if (mod == 2) return n + 4;
    return n;
}

bool os_insn_decode(const uint8_t *code, OsInsn *out)
{
    const uint8_t *p = code;
    bool opsize = false, addrsize = false, rex_w = false;
    memset(out, 0, sizeof *out);
    out->rip_disp = -1;
    out->kind = OS_INSN_PLAIN;
    /* Legacy prefixes, then REX. */
    for (int i = 0; i < 14; i++, p++) {
        uint8_t b = *p;
        if (b == 0x66) opsize = true;
        else if (b == 0x67) addrsize = true;
        else if (b == 0xf0 || b == 0xf2 || b == 0xf3 || b == 0x2e || b == 0x36 || b == 0x3e || b == 0x26 ||
                 b == 0x64 || b == 0x65)
            ;
        else break;
    }
    if ((*p & 0xf0) == 0x40) rex_w = (*p++ & 8) != 0;
    uint8_t op = *p++;
    int rr;
    if (op == 0xc4 || op == 0xc5 || op == 0x62) {
        /* VEX (C4 3-byte, C5 2-byte) and EVEX (62): the map comes from the prefix. */
        int map = 1;
        if (op == 0xc5) {
            p += 1;
        } else if (op == 0xc4) {
            map = p[0] & 0x1f;
            p += 2;
        } else {
            map = p[0] & 0x07;
            p += 3;
        }
        uint8_t vop = *p++;
        bool has_modrm = !(map == 1 && vop == 0x77); /* vzeroupper/vzeroall */
        bool imm8 = map == 3 || (map == 1 && map2_imm8(vop));
        if (has_modrm) {
            int off = (int)(p - code);
            p += modrm_len(p, &rr);
            if (rr >= 0) out->rip_disp = off + rr;
        }
        if (imm8) p++;
        out->len = (int)(p - code);
        return out->len <= 15;
    }
    if (op == 0x0f) {
        uint8_t op2 = *p++;
        if (op2 == 0x38 || op2 == 0x3a) {
            p++; /* the opcode byte */
            int off = (int)(p - code);
            p += modrm_len(p, &rr);
            if (rr >= 0) out->rip_disp = off + rr;
            if (op2 == 0x3a) p++;
        } else {
            if (op2 >= 0x80 && op2 <= 0x8f) {
                out->kind = OS_INSN_JCC_REL;
                out->cond = op2 & 15;
                out->rel = (int32_t)(p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24);
                p += 4;
            } else {
                if (map2_modrm(op2)) {
                    int off = (int)(p - code);
                    p += modrm_len(p, &rr);
                    if (rr >= 0) out->rip_disp = off + rr;
                }
                if (map2_imm8(op2)) p++;
                if (op2 == 0x05 || op2 == 0x07 || op2 == 0x34 || op2 == 0x35 || op2 == 0x0b)
                    out->kind = OS_INSN_OTHER_FLOW; /* syscall, sysret, sysenter, sysexit, ud2 */
            }
        }
        out->len = (int)(p - code);
        return out->len <= 15;
    }
    uint8_t f = map1[op];
    if (f & BAD) return false;
    if (f & M) {
        int off = (int)(p - code);
        uint8_t reg = (p[0] >> 3) & 7;
        p += modrm_len(p, &rr);
        if (rr >= 0) out->rip_disp = off + rr;
        if (op == 0xf6 && reg <= 1) p += 1;
        if (op == 0xf7 && reg <= 1) p += opsize ? 2 : 4;
        if (op == 0xff && (reg == 2 || reg == 3)) out->kind = OS_INSN_CALL_IND;
        if (op == 0xff && (reg == 4 || reg == 5)) out->kind = OS_INSN_OTHER_FLOW;
    }
    switch ((f >> 1) & 7) {
    case 1: p += 1; break;
    case 2: p += 2; break;
    case 3: p += opsize ? 2 : 4; break;
    case 4: p += 3; break;
    case 5: p += addrsize ? 4 : 8; break;
    case 6: p += rex_w ? 8 : (opsize ? 2 : 4); break;
    }
    if (op >= 0x70 && op <= 0x7f) {
        out->kind = OS_INSN_JCC_REL;
        out->cond = op & 15;
        out->rel = (int8_t)p[-1];
    } else if (op == 0xeb) {
        out->kind = OS_INSN_JMP_REL;
        out->rel = (int8_t)p[-1];
    } else if (op == 0xe9 || op == 0xe8) {
        out->kind = op == 0xe8 ? OS_INSN_CALL_REL : OS_INSN_JMP_REL;
        out->rel = (int32_t)(p[-4] | p[-3] << 8 | p[-2] << 16 | (uint32_t)p[-1] << 24);
    } else if (op >= 0xe0 && op <= 0xe3) {
        out->kind = OS_INSN_LOOP_REL;
        out->rel = (int8_t)p[-1];
    } else if (op == 0xc2 || op == 0xc3 || op == 0xca || op == 0xcb || op == 0xcf || op == 0xcc || op == 0xcd ||
               op == 0xf1 || op == 0xf4) {
        out->kind = OS_INSN_OTHER_FLOW;
    }
    out->len = (int)(p - code);
    return out->len <= 15;
}

static bool fits32(int64_t v) { return v >= INT32_MIN && v <= INT32_MAX; }

static void put32(uint8_t *p, int32_t v) { memcpy(p, &v, 4); }

/* A jmp rel32 at `at` (out) to target; false if out of reach. */
static bool emit_jmp(uint8_t *out, uintptr_t at, uintptr_t target)
{
    int64_t d = (int64_t)target - (int64_t)(at + 5);
    if (!fits32(d)) return false;
    out[0] = 0xe9;
    put32(out + 1, (int32_t)d);
    return true;
}

int os_insn_relocate(const uint8_t *code, const OsInsn *insn, uintptr_t from, uintptr_t at, uint8_t *out)
{
    uintptr_t next = from + (uintptr_t)insn->len;
    uintptr_t target = (uintptr_t)((int64_t)next + insn->rel);
    int n = 0;
    switch (insn->kind) {
    case OS_INSN_JMP_REL:
        return emit_jmp(out, at, target) ? 5 : 0;
    case OS_INSN_CALL_REL: {
        int64_t d = (int64_t)target - (int64_t)(at + 5);
        if (!fits32(d)) return 0;
        out[0] = 0xe8;
        put32(out + 1, (int32_t)d);
        /* The call returns to at + 5: go back to the original code from there. */
        return emit_jmp(out + 5, at + 5, next) ? 10 : 0;
    }
    case OS_INSN_JCC_REL: {
        int64_t d = (int64_t)target - (int64_t)(at + 6);
        if (!fits32(d)) return 0;
        out[0] = 0x0f;
        out[1] = (uint8_t)(0x80 | insn->cond);
        put32(out + 2, (int32_t)d);
        return emit_jmp(out + 6, at + 6, next) ? 11 : 0;
    }
    case OS_INSN_LOOP_REL: {
        /* loopX +2; jmp short +5; jmp target; jmp next (prefixes, e.g. 67, kept). */
        int pre = insn->len - 2;
        memcpy(out, code, (size_t)pre);
        n = pre;
        out[n++] = code[pre];
        out[n++] = 2;
        out[n++] = 0xeb;
        out[n++] = 5;
        if (!emit_jmp(out + n, at + (uintptr_t)n, target)) return 0;
        n += 5;
        if (!emit_jmp(out + n, at + (uintptr_t)n, next)) return 0;
        return n + 5;
    }
    default:
        memcpy(out, code, (size_t)insn->len);
        n = insn->len;
        if (insn->rip_disp >= 0) {
            int32_t d;
            memcpy(&d, code + insn->rip_disp, 4);
            int64_t nd = (int64_t)d + (int64_t)next - (int64_t)(at + (uintptr_t)insn->len);
            if (!fits32(nd)) return 0;
            put32(out + insn->rip_disp, (int32_t)nd);
        }
        /* An indirect call returns here, to the jump back. */
        return emit_jmp(out + n, at + (uintptr_t)n, next) ? n + 5 : 0;
    }
}

void *os_alloc_code_near(uintptr_t near, size_t size)
{
    size_t ps = (size_t)sysconf(_SC_PAGESIZE);
    size = (size + ps - 1) & ~(ps - 1);
    const uintptr_t step = (uintptr_t)1 << 20, range = (uintptr_t)1 << 30;
    uintptr_t base = near & ~(ps - 1);
    for (uintptr_t d = step; d < range; d += step) {
        for (int dir = 0; dir < 2; dir++) {
            uintptr_t hint = dir == 0 ? base - d : base + d;
            if (dir == 0 && base < d) continue;
            void *p = mmap((void *)hint, size, PROT_READ | PROT_WRITE | PROT_EXEC,
                           MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
            if (p != MAP_FAILED) return p;
        }
    }
    /* Every probe hit a mapping: the free space near is in holes smaller than the step
     * (libraries packed around large reservations, as under ASan). Take the nearest hole
     * between the mappings /proc/self/maps lists. */
    FILE *f = fopen("/proc/self/maps", "re");
    if (f == NULL) return NULL;
    uintptr_t prev_end = 0, best = 0, best_d = range;
    char line[512];
    while (fgets(line, sizeof line, f) != NULL) {
        unsigned long lo, hi;
        if (sscanf(line, "%lx-%lx", &lo, &hi) != 2) continue;
        if (prev_end != 0 && lo >= prev_end + size) {
            /* The hole [prev_end, lo): its end nearest to `near`. */
            uintptr_t cand = base >= lo ? lo - size : base <= prev_end ? prev_end : base;
            uintptr_t d = cand > base ? cand - base : base - cand;
            if (d < best_d) {
                best = cand;
                best_d = d;
            }
        }
        if (hi > prev_end) prev_end = hi;
    }
    fclose(f);
    if (best == 0) return NULL;
    void *p = mmap((void *)best, size, PROT_READ | PROT_WRITE | PROT_EXEC,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    return p != MAP_FAILED ? p : NULL;
}
