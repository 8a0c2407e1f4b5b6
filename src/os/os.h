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
uint64_t os_physical_memory(void);
int os_processor_count(void);

/* Dynamic libraries. os_dlopen returns NULL and sets *err (static buffer) on failure. */
void *os_dlopen(const char *path, const char **err);
void *os_dlsym(void *handle, const char *name); /* handle NULL = global namespace */
void os_dlclose(void *handle);
/* Path of the shared object containing addr, or NULL. Caller frees. */
char *os_dladdr_path(const void *addr);
/* Decorated library file name: "zip" -> "libzip.so". Caller frees. */
char *os_lib_name(const char *base);

/* Process. */
__attribute__((noreturn)) void os_exit(int status);
__attribute__((noreturn)) void os_abort(void);
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

#endif
