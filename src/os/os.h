// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * os.h — the platform layer. Everything the VM needs from the operating system goes
 * through here; no other directory includes system headers for threads, signals, memory
 * mapping or dynamic loading, and no other directory has an OS #ifdef.
 *
 * Locks and condition variables are thin wrappers with no VM knowledge: code that may
 * block for long must first make its thread safe for the collector (thread.h), which
 * this layer cannot know about.
 */
#ifndef GLASS_OS_H
#define GLASS_OS_H

#include <pthread.h>
#include <stdatomic.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

typedef pthread_mutex_t OsMutex;
typedef pthread_cond_t OsCond;
typedef pthread_t OsThread;
typedef pthread_key_t OsTls;
/*
 * Register spill area used to make a stopped thread's registers visible to the GC.
 *
 * os_save_regs(r) stores the callee-saved registers, as they are at that point of the
 * calling function, into the OsRegs lvalue `r`; the conservative scan then reads `r` as
 * plain words. setjmp is not enough: glibc mangles the saved frame pointer (rbp on
 * x86-64, which -O2 uses as an ordinary register that may hold an Object*) with the
 * pointer guard. The asm also clobbers every caller-saved register, so the compiler
 * moves values that must survive it into callee-saved registers or the stack frame
 * first, where the spill or the stack scan sees them. Other architectures fall back to
 * setjmp plus __builtin_unwind_init.
 */
#if defined(__x86_64__)
typedef struct OsRegs {
    uintptr_t r[6]; /* rbx, rbp, r12, r13, r14, r15 */
} OsRegs;
#define os_save_regs(regs)                                                                  \
    __asm__ volatile("movq %%rbx, 0(%0)\n\t"                                                \
                     "movq %%rbp, 8(%0)\n\t"                                                \
                     "movq %%r12, 16(%0)\n\t"                                               \
                     "movq %%r13, 24(%0)\n\t"                                               \
                     "movq %%r14, 32(%0)\n\t"                                               \
                     "movq %%r15, 40(%0)"                                                   \
                     :                                                                      \
                     : "r"(&(regs).r[0])                                                    \
                     : "memory", "rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11")
#elif defined(__aarch64__)
typedef struct OsRegs {
    uintptr_t r[12]; /* x19 .. x30 */
} OsRegs;
#define os_save_regs(regs)                                                                  \
    __asm__ volatile("stp x19, x20, [%0, #0]\n\t"                                           \
                     "stp x21, x22, [%0, #16]\n\t"                                          \
                     "stp x23, x24, [%0, #32]\n\t"                                          \
                     "stp x25, x26, [%0, #48]\n\t"                                          \
                     "stp x27, x28, [%0, #64]\n\t"                                          \
                     "stp x29, x30, [%0, #80]"                                              \
                     :                                                                      \
                     : "r"(&(regs).r[0])                                                    \
                     : "memory", "x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8", "x9",  \
                       "x10", "x11", "x12", "x13", "x14", "x15", "x16", "x17")
#else
typedef struct OsRegs {
    jmp_buf jb;
} OsRegs;
#define os_save_regs(regs)                                                                  \
    do {                                                                                    \
        __builtin_unwind_init();                                                            \
        (void)setjmp((regs).jb);                                                            \
    } while (0)
#endif

void os_init(void);

/* Tells the CPU that the caller is spinning on a memory location (monitor.c's short spin
 * before inflating a contended thin lock). */
static inline void os_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ volatile("yield" ::: "memory");
#else
    __asm__ volatile("" ::: "memory");
#endif
}

/* Mutexes (recursive = false) and condition variables (CLOCK_MONOTONIC). */
void os_mutex_init(OsMutex *m);
void os_mutex_init_recursive(OsMutex *m);
void os_mutex_destroy(OsMutex *m);
void os_mutex_lock(OsMutex *m);
bool os_mutex_trylock(OsMutex *m);
void os_mutex_unlock(OsMutex *m);
void os_cond_init(OsCond *c);
void os_cond_destroy(OsCond *c);
void os_cond_wait(OsCond *c, OsMutex *m);
/* Waits until the absolute monotonic deadline (os_nanotime() units); false on timeout. */
bool os_cond_wait_until(OsCond *c, OsMutex *m, int64_t deadline_ns);
void os_cond_signal(OsCond *c);
void os_cond_broadcast(OsCond *c);

/* Threads. stack_size 0 means the platform default. Returns false on failure (errno kept). */
bool os_thread_create(OsThread *t, size_t stack_size, void *(*fn)(void *), void *arg,
                      bool detached);
OsThread os_thread_self(void);
int64_t os_thread_id(void); /* kernel tid */
void os_thread_yield(void);
/* Bounds of the current thread's C stack: [*lo, *hi), the stack grows down from hi. */
void os_thread_stack_bounds(void **lo, void **hi);
void os_thread_set_name(const char *name);
/* Thread CPU time in ns for the current thread; -1 if unavailable. */
int64_t os_thread_cpu_time(void);
/* CPU time in ns (user + system) of the thread whose kernel id is `tid` (os_thread_id),
 * any thread of this process; -1 if unavailable (no such thread, e.g. it has exited).
 * Needed by jvmti (GetThreadCpuTime). */
int64_t os_thread_cpu_time_of(int64_t tid);
/* User-mode CPU time in ns of thread `tid` (any thread of this process; the kernel's
 * accounting has clock-tick granularity); -1 if unavailable. Needed by java.lang.management
 * (ThreadMXBean.getThreadUserTime). */
int64_t os_thread_user_time_of(int64_t tid);
void os_tls_create(OsTls *key);
/* Async-signal-safe (a read of the thread's own descriptor; never allocates). */
void *os_tls_get(OsTls key);
void os_tls_set(OsTls key, void *value);

/* Process-wide memory barrier (Linux membarrier, private expedited): every thread of
 * the process that is running executes a full barrier before os_membarrier returns, so
 * other threads may order a store before a load with a compiler barrier alone (the
 * asymmetric Dekker of the safepoint protocol, src/vm/thread.c). os_membarrier_init
 * registers the process and says whether it is available (false: old kernel, seccomp,
 * valgrind); call os_membarrier only then. */
bool os_membarrier_init(void);
void os_membarrier(void);

/* Time. */
int64_t os_nanotime(void);       /* monotonic */
int64_t os_current_millis(void); /* wall clock */
/* Wall clock as seconds since the epoch and nanoseconds within the second. */
void os_wall_time(int64_t *seconds, int32_t *nanos);
/* Sleeps; returns early without error on EINTR. */
void os_sleep_ns(int64_t ns);

/* Memory. Reserve address space without committing; commit/decommit page ranges. */
void *os_reserve(size_t size);
bool os_commit(void *addr, size_t size);
void os_decommit(void *addr, size_t size);
/* Gives the pages of a committed range back to the OS; the range stays mapped and reads
 * as zeros (touching it again takes fresh zero pages). */
void os_discard(void *addr, size_t size);
void os_release(void *addr, size_t size);
size_t os_page_size(void);
/* Physical memory and the CPUs this process may use, both lowered to its container's
 * limits (cgroup v2 memory.max and cpu.max, v1 memory.limit_in_bytes and
 * cpu.cfs_quota_us / cpu.cfs_period_us) unless os_set_container_support(false) was
 * called (-XX:-UseContainerSupport), as HotSpot sizes itself. */
uint64_t os_physical_memory(void);
int os_processor_count(void);
void os_set_container_support(bool on);
/* Processors the system has configured, whether this process may use them or not
 * (HotSpot's "CPUs: N total", -Xlog:gc+init). */
int os_processor_count_configured(void);

/* Dynamic libraries. os_dlopen returns NULL and sets *err (static buffer) on failure. */
void *os_dlopen(const char *path, const char **err);
void *os_dlsym(void *handle, const char *name); /* handle NULL = global namespace */
/* The C math library's own routine for `name` ("exp", "pow") without the wrapper that the
 * standard function adds to set errno, or NULL where the platform has none: the same
 * results bit for bit, errno untouched (glibc's __exp_finite and __pow_finite, x86-64's
 * GLIBC_2.15 compatibility symbols: the cores that exp and pow call). */
void *os_libm_core(const char *name);
void os_dlclose(void *handle);
/* Path of the shared object containing addr, or NULL. Caller frees. */
char *os_dladdr_path(const void *addr);
/* Decorated library file name: "zip" -> "libzip.so". Caller frees. */
char *os_lib_name(const char *base);

/* Process. */
__attribute__((noreturn)) void os_exit(int status);
__attribute__((noreturn)) void os_abort(void);
/* Ends the process at once with status: stdio flushed, no atexit handlers run (HotSpot's
 * os::_exit, for -XX:+ExitOnOutOfMemoryError). */
__attribute__((noreturn)) void os_quick_exit(int status);
/* Runs `/bin/sh -c cmd` in a child process with the VM's environment and waits for it.
 * Returns its exit status (128 + signal if a signal ended it), or -1 with errno set when
 * the child could not be started. Safe with other threads running (posix_spawn). */
int os_run_shell(const char *cmd);
int os_getpid(void);
/* Path of the running executable, or NULL. Caller frees. */
char *os_executable_path(void);
const char *os_getenv(const char *name);

/* Files (used by the boot loader for -Xbootclasspath/a directories and JARs). */
/* Reads a whole file; returns malloc'd bytes (caller frees) and its size, or NULL. */
uint8_t *os_read_file(const char *path, size_t *size);
bool os_is_directory(const char *path);
bool os_file_exists(const char *path);
/* Is path a regular file owned by the process's effective user? */
bool os_file_owned_by_self(const char *path);
bool os_unlink(const char *path);
/* The current directory (caller frees), or NULL. */
char *os_getcwd(void);
/* The directory tools look in for the attach files of every VM ("/tmp"). */
const char *os_temp_dir(void);
/* A stdio stream writing into a growing buffer: *buf and *len are valid after fflush and
 * fclose; the caller frees *buf after fclose. NULL when memory is short. */
FILE *os_memstream_open(char **buf, size_t *len);

/* The effective user's login name (caller frees), or NULL. */
char *os_user_name(void);
/* A directory of the effective user's at path: created (rwxr-xr-x) if missing; false if
 * it cannot be made or something else is there (a link, another user's directory). */
bool os_make_user_dir(const char *path);
/* A file of size bytes at path (created or truncated, owner read/write only), mapped
 * shared and zeroed: the mapping, or NULL. os_unmap_file releases it. */
void *os_map_new_file(const char *path, size_t size);
void os_unmap_file(void *addr, size_t size);
/* An existing file mapped read-only (shared: its owner's later writes show), with its
 * size; NULL if it cannot be. */
void *os_map_file_readonly(const char *path, size_t *size);
/* Prepares the C allocator for about `bytes` of small allocations by the calling thread
 * (the VM's boot, which mallocs megabytes of class metadata), so that they need no
 * system call each: see os_linux.c. Only a hint: nothing changes if it cannot help. */
void os_malloc_prepare(size_t bytes);
/* The process's memory mappings as the kernel lists them (Linux: the lines of
 * /proc/self/maps), as malloc'd NUL-terminated text (caller frees), or NULL. */
char *os_memory_map_text(void);
/* Returns the C allocator's free memory to the system (glibc: malloc_trim); *before and
 * *after are the process's resident plus swapped bytes around it (SIZE_MAX: unknown).
 * False if the allocator cannot do it. */
bool os_trim_native_heap(size_t *before, size_t *after);
/* Output files (heap dumps, histograms): os_file_create creates path for writing, owner
 * read/write only, failing if it exists unless `overwrite` (then it is truncated); a
 * descriptor, or -1 with *reason set to the system's text for the error (a static
 * string). os_file_write_all writes all n bytes; os_file_close closes; both false with
 * *reason set on failure. */
int os_file_create(const char *path, bool overwrite, const char **reason);
bool os_file_write_all(int fd, const void *buf, size_t n, const char **reason);
bool os_file_close(int fd, const char **reason);

/* Local (UNIX domain) stream sockets, for the attach listener. os_local_listen binds a
 * socket at path (replacing a stale file there, readable and writable by the owner
 * only) and listens: a descriptor or -1. os_local_accept waits for a connection: its
 * descriptor, or -1 (with *peer_ok unset) on failure; *peer_ok tells whether the peer
 * runs with this process's effective user and group. os_fd_read reads up to n bytes (0
 * at end, -1 on error); os_fd_write_all writes all n bytes or fails. */
int os_local_listen(const char *path);
int os_local_accept(int fd, bool *peer_ok);
long os_fd_read(int fd, void *buf, size_t n);
bool os_fd_write_all(int fd, const void *buf, size_t n);
void os_fd_close(int fd);

/* Signals. os_signal_init runs once, on the thread creating the VM, right after
 * os_init: it unblocks on that thread the signals the VM handles (QUIT, the shutdown
 * signals HUP/INT/TERM unless ignored at start, the synchronous faults), whatever mask
 * the parent process left, and every thread os_thread_create starts gets the same
 * treatment; and it makes PIPE and XFSZ harmless (the failing write returns an error)
 * while leaving their default action to child processes. */
void os_signal_init(void);
/* Installs a handler for a JVM-level signal number; returns false if refused. */
typedef void (*OsSignalHandler)(int sig);
bool os_signal_install(int sig, OsSignalHandler h);
int os_signal_number(const char *name); /* "INT" -> 2, -1 if unknown */
bool os_signal_raise(int sig);

/* Fatal errors (src/jvm/errorreport.c: HotSpot's hs_err report). os_fatal_install installs
 * handler for SIGSEGV, SIGBUS, SIGFPE and SIGILL: it runs on the thread the signal is for,
 * with the signal's facts, and must not return (it ends the process). Another thread's
 * fatal signal while one is being reported waits for the end; a fault inside a report
 * step (os_fatal_step) abandons that step. NCAI's native debugger (os_debug_install,
 * later) hands the faults it does not handle itself on to this handler. */
typedef struct OsFault {
    int sig;        /* POSIX number */
    int code;       /* si_code */
    void *addr;     /* si_addr */
    uintptr_t pc, sp;
    struct OsContext *ctx; /* the interrupted context (OsContext, below) */
    int64_t tid;    /* kernel id of the faulting thread */
} OsFault;
typedef void (*OsFatalHandler)(const OsFault *f);
void os_fatal_install(OsFatalHandler h);
/* Makes the calling thread the one reporting a fatal error that is no signal (a broken
 * invariant): from now on its faults in os_fatal_step are caught and other threads'
 * fatal signals wait. If another thread reports already, waits for the end instead. */
void os_fatal_enter(void);
/* Runs fn(arg); true if it returned, false if a fault inside it (on this thread) ended
 * it. Only meaningful while the fatal handler runs on this thread. */
bool os_fatal_step(void (*fn)(void *), void *arg);
/* Ends the process after a fatal error, flushing nothing: with SIGABRT's default action
 * (a core dump where the system writes one) when core, else with exit status 1. */
__attribute__((noreturn)) void os_fatal_end(bool core);
/* "SIGSEGV", "SEGV_MAPERR" (NULL if unknown). */
const char *os_signal_name(int sig);
const char *os_signal_code_name(int sig, int code);
/* Where pc is: the module's file name (no directory) and pc's offset from its base,
 * and the function containing pc (its ELF symbol tables, hidden symbols included) and
 * the offset into it, name[0] == 0 if none. False if pc is in no module. Reads files
 * and takes the dynamic linker's lock: for error reports only. */
typedef struct OsSymbol {
    char module[128];
    uintptr_t module_offset;
    char name[256];
    uintptr_t name_offset;
} OsSymbol;
bool os_symbolize(uintptr_t pc, OsSymbol *out);
/* The soft RLIMIT_CORE in bytes (UINT64_MAX for unlimited), and the kernel's
 * core_pattern into buf ("" if unreadable). */
uint64_t os_core_limit(void);
void os_core_pattern(char *buf, size_t size);
/* For error reports, without allocating: the working directory into buf (false if it
 * does not fit); the process's memory map ("Dynamic libraries"), and the operating
 * system's description (its os-release text and uname), written to fd. */
bool os_getcwd_buf(char *buf, size_t size);
void os_write_memory_map(int fd);
void os_write_os_info(int fd);

/* ---------------------------------------------------------------------------------- */
/* Native debugging (src/os/linux/os_debug.c), for the Native Code Access Interface    */
/* (src/ncai). Everything here may be called from any thread; the functions marked     */
/* "signal-safe" also from the hooks below, which run inside signal handlers.          */
/* ---------------------------------------------------------------------------------- */

/* A stopped thread's machine context (on Linux the ucontext_t of the signal that stopped
 * it): valid while that signal's handler has not returned; changes made to it take
 * effect when the handler returns. */
typedef struct OsContext OsContext;

/* Fault-safe memory access (signal-safe): false, with nothing or part copied, when a
 * byte of [addr, addr + n) is not mapped readable (writable: mapped at all — a write
 * ignores page protection, as a debugger's does, so code can be patched). */
bool os_mem_read(const void *addr, void *buf, size_t n);
bool os_mem_write(void *addr, const void *buf, size_t n);

/* Loaded modules (shared objects and the executable), in the dynamic linker's order. */
enum { OS_MODULE_MAX_SEGMENTS = 12 };
typedef struct OsSegment {
    void *base;
    size_t size;
    bool exec;  /* code */
    bool write; /* data */
} OsSegment;
typedef struct OsModule {
    const char *path;  /* the file ("" never: the executable's path is filled in) */
    uintptr_t bias;    /* load bias (ELF addresses + bias = run-time addresses) */
    int nseg;
    OsSegment seg[OS_MODULE_MAX_SEGMENTS]; /* PT_LOAD segments */
} OsModule;
/* Calls fn for every loaded module (the dynamic linker's lock is held: fn must not load
 * or unload libraries). */
void os_modules_for_each(void (*fn)(const OsModule *m, void *arg), void *arg);
/* The address of the function `name` that module m defines (its ELF symbol tables,
 * read from its file), or 0. Only system calls: safe where the dynamic linker's lock is
 * held (the notification point). */
uintptr_t os_module_symbol(const OsModule *m, const char *name);
/* The C library's own definition of function `name` (not an interposer's, e.g. a
 * sanitizer runtime preloaded in front of it), or NULL. */
void *os_libc_symbol(const char *name);
/* The dynamic linker's notification point (r_debug.r_brk: every load and unload passes
 * through it, RT_ADD/RT_DELETE then RT_CONSISTENT) and its state word, or NULL. */
void *os_dynlink_notify_address(void);
/* 1 = a load is under way, 2 = an unload is, 0 = the module list is consistent. */
int os_dynlink_state(void);

/* Counting semaphores for the native debugger: os_sem_post is signal-safe, so a
 * signal handler can wake a waiter; os_sem_wait_ns gives up after ns (false). */
typedef struct OsSem {
    _Atomic uint32_t value;
} OsSem;
void os_sem_init(OsSem *s, unsigned value);
void os_sem_post(OsSem *s);
void os_sem_wait(OsSem *s);
bool os_sem_wait_ns(OsSem *s, int64_t ns);
/* The calling thread's kernel id (signal-safe, unlike anything reading TLS). */
int64_t os_thread_id_raw(void);

/* Threads of this process by kernel id (os_thread_id): sends sig (signal-safe). */
bool os_thread_signal(int64_t tid, int sig);
/* The signal src/ncai uses to stop threads (a real-time signal nothing else uses). */
int os_debug_suspend_signal(void);

/* Signal hooks of the native debugger (os_debug_install). Each runs in the signal
 * handler, on the thread the signal is for, with the signal's context.
 *   suspend       the suspend signal arrived (os_thread_signal with the suspend signal)
 *   trap          SIGTRAP: kind is OS_TRAP_BREAKPOINT (an int3 executed: the context's pc
 *                 is after it), OS_TRAP_STEP (a single step or a debug-register trap) or
 *                 OS_TRAP_WATCH (a hardware watchpoint; cookie is what os_hw_watch_open
 *                 was given), OS_TRAP_OTHER. True: handled, resume with the context.
 *                 False: the process gets the signal's default action.
 *   fault         SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT (sig is the POSIX number;
 *                 addr the faulting address). True: handled (the context was changed to
 *                 go on elsewhere, or the cause was removed). False: default action.
 *   async_signal  a signal the VM installed a handler for (os_signal_install), before
 *                 that handler: true = skip the VM's handler.
 */
typedef enum { OS_TRAP_OTHER, OS_TRAP_BREAKPOINT, OS_TRAP_STEP, OS_TRAP_WATCH } OsTrapKind;
typedef struct OsDebugHooks {
    void (*suspend)(OsContext *ctx);
    bool (*trap)(OsContext *ctx, OsTrapKind kind, uint64_t cookie);
    bool (*fault)(int sig, OsContext *ctx, void *addr);
    bool (*async_signal)(int sig, OsContext *ctx);
} OsDebugHooks;
/* Installs the hooks (once; later calls fail). False if a handler cannot be installed.
 * SIGSEGV and SIGBUS are handled on the thread's alternate signal stack when it has one
 * (os_debug_thread_begin), so that a native stack overflow is reported too. */
bool os_debug_install(const OsDebugHooks *h);
/* The calling thread gets (begin) or gives back (end) an alternate signal stack for the
 * fault hooks. Call on the thread itself; end before it exits. */
void os_debug_thread_begin(void);
void os_debug_thread_end(void);

/* The calling function's own context (a getcontext): os_context_capture(buf) returns 0
 * and fills buf with the caller's registers at the point of call; the caller's frame
 * must stay live while the context is used (unwound, registers read). Changing such a
 * context changes nothing. */
typedef struct OsContextBuf {
    _Alignas(16) unsigned char bytes[1024];
} OsContextBuf;
#if defined(__linux__)
extern int os_context_capture(OsContextBuf *buf) __asm__("getcontext");
#endif

/* A copy of context c that outlives its signal handler (registers only: the floating
 * point state is not kept). Signal-safe. */
void os_context_copy(OsContextBuf *dst, const OsContext *c);

/* Contexts (signal-safe). Registers are numbered as NCAI numbers them on this CPU; on
 * x86-64: rax rbx rcx rdx rsp rbp rsi rdi ds es fs gs ss cs rip eflags, then r8-r15.
 * os_context_reg_set refuses (false) registers that cannot be changed (segments). */
uintptr_t os_context_pc(const OsContext *c);
void os_context_set_pc(OsContext *c, uintptr_t pc);
uintptr_t os_context_sp(const OsContext *c);
void os_context_set_single_step(OsContext *c, bool on);
bool os_context_single_step(const OsContext *c);
int os_context_reg_count(void);
const char *os_context_reg_name(int reg);
int os_context_reg_size(int reg); /* bytes */
bool os_context_reg_get(const OsContext *c, int reg, void *buf);
bool os_context_reg_set(OsContext *c, int reg, const void *buf);

/* Native stack unwinding from the DWARF call-frame information of each module
 * (libunwind). Fills frames[0 .. max) from ctx outwards (ctx NULL: the caller of
 * os_unwind on the current thread) and returns how many. pc is each frame's current
 * instruction (the return address for callers), sp its stack pointer, cfa the caller's
 * stack pointer after the return (the frame's canonical frame address), fp its rbp. A
 * frame with start == 0 has no unwind information (the walk ends there). */
typedef struct OsFrame {
    uintptr_t pc, sp, cfa, fp;
    uintptr_t start; /* first address of the function (from the unwind tables) or 0 */
} OsFrame;
int os_unwind(OsContext *ctx, OsFrame *frames, int max);
/* The first address of the function containing pc (from the unwind tables), or 0. */
uintptr_t os_function_start(uintptr_t pc);

/* The kernel ids of every thread of the process, attached to the VM or not: up to max
 * of them into ids; the count. */
int os_process_thread_ids(int64_t *ids, int max);
/* Hardware watchpoints on one thread (perf_event_open breakpoints that deliver a
 * synchronous SIGTRAP): len 1, 2, 4 or 8, addr aligned to len; write_only false watches
 * reads and writes (x86 has no read-only watch). Threads the thread creates afterwards
 * inherit the watchpoint; closing the descriptor ends it in them too. A descriptor, or
 * -1 (errno kept). */
int os_hw_watch_open(int64_t tid, void *addr, size_t len, bool write_only, uint64_t cookie);
/* A hardware breakpoint on executing the instruction at addr, on thread tid only (not
 * inherited): a synchronous SIGTRAP reported as OS_TRAP_WATCH with cookie, before the
 * instruction runs (it runs when the handler returns). Signal-safe. A descriptor for
 * os_hw_watch_close, or -1 (errno kept). */
int os_hw_exec_break_open(int64_t tid, void *addr, uint64_t cookie);
void os_hw_watch_close(int fd);

/* x86-64 instruction analysis for breakpoints and stepping (signal-safe). */
typedef enum {
    OS_INSN_PLAIN,    /* falls through (may still read rip-relative data) */
    OS_INSN_JMP_REL,  /* jmp rel8/rel32 */
    OS_INSN_JCC_REL,  /* jcc rel8/rel32 (cond = condition code 0-15) */
    OS_INSN_CALL_REL, /* call rel32 */
    OS_INSN_LOOP_REL, /* loop, loope, loopne, jrcxz (rel8) */
    OS_INSN_CALL_IND, /* call through a register or memory */
    OS_INSN_OTHER_FLOW, /* ret, jmp indirect, far transfers, int, syscall... */
} OsInsnKind;
typedef struct OsInsn {
    int len;
    int rip_disp; /* offset of a rip-relative disp32 in the instruction, or -1 */
    OsInsnKind kind;
    int cond;
    int64_t rel; /* branch displacement, relative to the next instruction */
} OsInsn;
/* Decodes the instruction at code (up to 15 bytes readable); false if unknown. */
bool os_insn_decode(const uint8_t *code, OsInsn *out);
/* Writes into out (at most 32 bytes, returns the length, 0 if impossible) an equivalent
 * of the instruction `insn` (bytes `code`, originally at `from`) that runs at `at` and
 * continues at from + len (or wherever the instruction transfers control). */
int os_insn_relocate(const uint8_t *code, const OsInsn *insn, uintptr_t from, uintptr_t at, uint8_t *out);
/* Executable memory within 2 GiB of near (for relocated instructions): a page-sized
 * block, or NULL. */
void *os_alloc_code_near(uintptr_t near, size_t size);


#endif
