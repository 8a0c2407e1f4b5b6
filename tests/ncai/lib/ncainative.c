/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * ncainative.c — the JNI library the NCAI tests debug (class Native, tests/ncai/lib).
 * Its native code is known exactly: the asm functions below have a fixed instruction
 * layout (offsets the tests' expected files name), and the C functions a known call
 * depth (level1 -> level2 -> level3, never inlined or tail-called). Agents find the
 * addresses with dlsym on this library (its file from NCAI GetModuleInfo).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <jni.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

/* ---- functions with a known instruction layout ---- */
__asm__(".text\n"
        /* long ncai_spin_asm(volatile long *flag): sets ncai_spinning, waits until *flag != 0,
         * returns 0 */
        ".globl ncai_spin_asm\n.type ncai_spin_asm,@function\n"
        "ncai_spin_asm:\n"
        "  .cfi_startproc\n"
        "  movq $1, ncai_spinning(%rip)\n"
        "  xor %eax, %eax\n"
        "1: cmpq $0, (%rdi)\n"
        "  pause\n"
        "  je 1b\n"
        "  ret\n"
        "  .cfi_endproc\n"
        ".size ncai_spin_asm, .-ncai_spin_asm\n"
        ".globl ncai_spin_asm_end\nncai_spin_asm_end:\n"
        /* a bare ret (SetRegisterValue rip: return with whatever rax the agent set) */
        ".globl ncai_ret_rax\n.type ncai_ret_rax,@function\n"
        "ncai_ret_rax:\n"
        "  .cfi_startproc\n"
        "  ret\n"
        "  .cfi_endproc\n"
        /* returns 42 */
        ".globl ncai_ret_42\n.type ncai_ret_42,@function\n"
        "ncai_ret_42:\n"
        "  .cfi_startproc\n"
        "  mov $42, %eax\n"
        "  ret\n"
        "  .cfi_endproc\n"
        /* int ncai_bp_riprel(void): ++counter through rip-relative loads and stores */
        ".globl ncai_bp_riprel\n.type ncai_bp_riprel,@function\n"
        "ncai_bp_riprel:\n"
        "  .cfi_startproc\n"
        "  mov ncai_counter(%rip), %eax\n"
        "  add $1, %eax\n"
        "  mov %eax, ncai_counter(%rip)\n"
        "  ret\n"
        "  .cfi_endproc\n"
        /* int ncai_bp_call(int x): double(x) + 1 = 2x + 1, through a call rel32 */
        ".globl ncai_bp_call\n.type ncai_bp_call,@function\n"
        "ncai_bp_call:\n"
        "  .cfi_startproc\n"
        "  call ncai_double\n"
        "  add $1, %eax\n"
        "  ret\n"
        "  .cfi_endproc\n"
        "ncai_double:\n"
        "  .cfi_startproc\n"
        "  lea (%rdi,%rdi), %eax\n"
        "  ret\n"
        "  .cfi_endproc\n"
        /* int ncai_bp_jcc(int x): x < 0 ? -1 : 1, through a jcc rel8 */
        ".globl ncai_bp_jcc\n.type ncai_bp_jcc,@function\n"
        "ncai_bp_jcc:\n"
        "  .cfi_startproc\n"
        "  test %edi, %edi\n"
        "  js 2f\n"
        "  mov $1, %eax\n"
        "  ret\n"
        "2: mov $-1, %eax\n"
        "  ret\n"
        "  .cfi_endproc\n"
        /* int ncai_step_asm(void): nop(+0) mov(+1) call(+6) add(+11) ret(+14) = 13 */
        ".globl ncai_step_asm\n.type ncai_step_asm,@function\n"
        "ncai_step_asm:\n"
        "  .cfi_startproc\n"
        "  nop\n"
        "  mov $1, %eax\n"
        "  call 3f\n"
        "  add $2, %eax\n"
        "  ret\n"
        "  .cfi_endproc\n"
        ".globl ncai_step_asm_end\nncai_step_asm_end:\n"
        /* add(+0) ret(+3) */
        ".globl ncai_step_leaf\n.type ncai_step_leaf,@function\n"
        "ncai_step_leaf:\n3:\n"
        "  .cfi_startproc\n"
        "  add $10, %eax\n"
        "  ret\n"
        "  .cfi_endproc\n"
        ".globl ncai_step_leaf_end\nncai_step_leaf_end:\n"
        /* long ncai_segv_asm(long *p): *p (3-byte load, then ret) */
        ".globl ncai_segv_asm\n.type ncai_segv_asm,@function\n"
        "ncai_segv_asm:\n"
        "  .cfi_startproc\n"
        "  mov (%rdi), %rax\n"
        "  ret\n"
        "  .cfi_endproc\n"
        /* returns 7 */
        ".globl ncai_segv_skip\n.type ncai_segv_skip,@function\n"
        "ncai_segv_skip:\n"
        "  .cfi_startproc\n"
        "  mov $7, %eax\n"
        "  ret\n"
        "  .cfi_endproc\n"
        ".data\n.align 8\nncai_counter: .long 0\n.long 0\n"
        ".globl ncai_spinning\n.hidden ncai_spinning\nncai_spinning: .quad 0\n"
        ".text\n");

long ncai_spin_asm(volatile long *flag);
/* Set by ncai_spin_asm itself: once it is 1, the spinning thread is inside it. */
extern volatile long ncai_spinning __attribute__((visibility("hidden")));
int ncai_bp_riprel(void);
int ncai_bp_call(int x);
int ncai_bp_jcc(int x);
int ncai_step_asm(void);
long ncai_segv_asm(long *p);

volatile long ncai_spin_flag;
volatile long ncai_watched __attribute__((aligned(8)));
volatile int ncai_depth_seen;

/* ---- three C frames between two Java frames ---- */
static JavaVM *vm;

__attribute__((noinline)) int ncai_level3(JNIEnv *env, jclass c, int n)
{
    jmethodID up = (*env)->GetStaticMethodID(env, c, "up", "(I)V");
    (*env)->CallStaticVoidMethod(env, c, up, n);
    ncai_depth_seen = 3;
    return n + 3;
}

__attribute__((noinline)) int ncai_level2(JNIEnv *env, jclass c, int n)
{
    int r = ncai_level3(env, c, n);
    ncai_depth_seen = 2;
    return r + 1;
}

__attribute__((noinline)) int ncai_level1(JNIEnv *env, jclass c, int n)
{
    int r = ncai_level2(env, c, n);
    ncai_depth_seen = 1;
    return r + 1;
}

JNIEXPORT jint JNICALL Java_Native_down(JNIEnv *env, jclass c, jint n) { return ncai_level1(env, c, n) + 0; }

JNIEXPORT jlong JNICALL Java_Native_spin(JNIEnv *env, jclass c) { return ncai_spin_asm(&ncai_spin_flag); }

JNIEXPORT void JNICALL Java_Native_release(JNIEnv *env, jclass c) { ncai_spin_flag = 1; }

JNIEXPORT void JNICALL Java_Native_rearm(JNIEnv *env, jclass c)
{
    ncai_spin_flag = 0;
    ncai_spinning = 0;
}

JNIEXPORT jboolean JNICALL Java_Native_spinning(JNIEnv *env, jclass c) { return ncai_spinning != 0; }

JNIEXPORT jint JNICALL Java_Native_bpRipRel(JNIEnv *env, jclass c) { return ncai_bp_riprel(); }

JNIEXPORT jint JNICALL Java_Native_bpCall(JNIEnv *env, jclass c, jint x) { return ncai_bp_call(x); }

JNIEXPORT jint JNICALL Java_Native_bpJcc(JNIEnv *env, jclass c, jint x) { return ncai_bp_jcc(x); }

JNIEXPORT jint JNICALL Java_Native_stepAsm(JNIEnv *env, jclass c) { return ncai_step_asm(); }

/* Reads *addr: a fault for a bad address (the agent's Signal callback handles it). */
JNIEXPORT jlong JNICALL Java_Native_load(JNIEnv *env, jclass c, jlong addr)
{
    return ncai_segv_asm((long *)(intptr_t)addr);
}

/* Three writes and two reads of ncai_watched; returns the sum read. */
JNIEXPORT jlong JNICALL Java_Native_watchWork(JNIEnv *env, jclass c)
{
    ncai_watched = 1;
    ncai_watched = 2;
    long a = ncai_watched;
    ncai_watched = 3;
    long b = ncai_watched;
    return a + b;
}

JNIEXPORT jlong JNICALL Java_Native_watched(JNIEnv *env, jclass c) { return ncai_watched; }

/* ---- dlopen from native code ---- */
static void *plugin;

JNIEXPORT jboolean JNICALL Java_Native_loadPlugin(JNIEnv *env, jclass c)
{
    Dl_info info;
    if (dladdr((void *)Java_Native_loadPlugin, &info) == 0) return JNI_FALSE;
    char path[4096];
    strncpy(path, info.dli_fname, sizeof path - 32);
    path[sizeof path - 32] = 0;
    char *slash = strrchr(path, '/');
    strcpy(slash != NULL ? slash + 1 : path, "libncaiplugin.so");
    plugin = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    return plugin != NULL;
}

JNIEXPORT jint JNICALL Java_Native_callPlugin(JNIEnv *env, jclass c)
{
    int (*f)(void) = plugin != NULL ? (int (*)(void))dlsym(plugin, "ncai_plugin_answer") : NULL;
    return f != NULL ? f() : -1;
}

JNIEXPORT void JNICALL Java_Native_unloadPlugin(JNIEnv *env, jclass c)
{
    if (plugin != NULL) dlclose(plugin);
    plugin = NULL;
}

/* ---- a natively attached thread ---- */
static pthread_t native_thread;
static pthread_mutex_t nt_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t nt_cond = PTHREAD_COND_INITIALIZER;
static int nt_state; /* 0 none, 1 attached, 2 stop requested */

static void *native_main(void *arg)
{
    JNIEnv *env;
    JavaVMAttachArgs a = {JNI_VERSION_1_8, (char *)"native-attached", NULL};
    (*vm)->AttachCurrentThread(vm, (void **)&env, &a);
    pthread_mutex_lock(&nt_lock);
    nt_state = 1;
    pthread_cond_broadcast(&nt_cond);
    while (nt_state != 2) pthread_cond_wait(&nt_cond, &nt_lock);
    pthread_mutex_unlock(&nt_lock);
    (*vm)->DetachCurrentThread(vm);
    return NULL;
}

JNIEXPORT void JNICALL Java_Native_startAttached(JNIEnv *env, jclass c)
{
    (*env)->GetJavaVM(env, &vm);
    pthread_create(&native_thread, NULL, native_main, NULL);
    pthread_mutex_lock(&nt_lock);
    while (nt_state != 1) pthread_cond_wait(&nt_cond, &nt_lock);
    pthread_mutex_unlock(&nt_lock);
}

JNIEXPORT void JNICALL Java_Native_stopAttached(JNIEnv *env, jclass c)
{
    pthread_mutex_lock(&nt_lock);
    nt_state = 2;
    pthread_cond_broadcast(&nt_cond);
    pthread_mutex_unlock(&nt_lock);
    pthread_join(native_thread, NULL);
    nt_state = 0;
}

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *jvm, void *reserved)
{
    vm = jvm;
    return JNI_VERSION_1_8;
}

/* Raises sig on the calling thread. */
JNIEXPORT void JNICALL Java_Native_raise(JNIEnv *env, jclass c, jint sig) { raise(sig); }

/* "Throws" ncai_thrown_object through the stand-in __cxa_throw of libncaithrow.so
 * (loaded here with dlopen); returns 1 if it was called. */
int ncai_thrown_object;

int ncai_throw_site(void (*thr)(void *, void *, void (*)(void *)));
__attribute__((noinline)) int ncai_throw_site(void (*thr)(void *, void *, void (*)(void *)))
{
    thr(&ncai_thrown_object, NULL, NULL);
    return 1;
}

JNIEXPORT jint JNICALL Java_Native_throwNative(JNIEnv *env, jclass c)
{
    Dl_info info;
    if (dladdr((void *)Java_Native_throwNative, &info) == 0) return 0;
    char path[4096];
    strncpy(path, info.dli_fname, sizeof path - 32);
    path[sizeof path - 32] = 0;
    char *slash = strrchr(path, '/');
    strcpy(slash != NULL ? slash + 1 : path, "libncaithrow.so");
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    void (*thr)(void *, void *, void (*)(void *)) = h != NULL ? (void (*)(void *, void *, void (*)(void *)))dlsym(h, "__cxa_throw") : NULL;
    return thr != NULL ? ncai_throw_site(thr) : 0;
}

/* A thread that lives in the C library's allocator and locks: malloc, free and a mutex
 * in a loop until Native.release(); returns the number of rounds. */
static pthread_mutex_t churn_lock = PTHREAD_MUTEX_INITIALIZER;
static volatile long churn_sink;

JNIEXPORT jlong JNICALL Java_Native_churn(JNIEnv *env, jclass c)
{
    long rounds = 0;
    while (!ncai_spin_flag) {
        void *p = malloc(64 + (size_t)(rounds & 1023));
        pthread_mutex_lock(&churn_lock);
        churn_sink += (long)(intptr_t)p & 1;
        pthread_mutex_unlock(&churn_lock);
        free(p);
        rounds++;
    }
    return rounds;
}

/* One write of ncai_watched from a thread the VM never sees (not attached). */
void *ncai_raw_writer(void *arg);
void *ncai_raw_writer(void *arg)
{
    ncai_watched = 7;
    return arg;
}

JNIEXPORT void JNICALL Java_Native_watchFromRawThread(JNIEnv *env, jclass c)
{
    pthread_t t;
    if (pthread_create(&t, NULL, ncai_raw_writer, NULL) == 0) pthread_join(t, NULL);
}

/* ---- a native stack overflow that an agent can recover from ----
 * ncai_overflow_entry(f) saves the callee-saved registers and the stack pointer, then
 * calls f; ncai_overflow_rescue (where an agent's Signal callback sends the overflowing
 * thread) restores them and returns -1 from ncai_overflow_entry. */
__asm__(".text\n"
        ".globl ncai_overflow_entry\n.type ncai_overflow_entry,@function\n"
        "ncai_overflow_entry:\n"
        "  .cfi_startproc\n"
        "  mov %rbx, ncai_saved+0(%rip)\n"
        "  mov %rbp, ncai_saved+8(%rip)\n"
        "  mov %r12, ncai_saved+16(%rip)\n"
        "  mov %r13, ncai_saved+24(%rip)\n"
        "  mov %r14, ncai_saved+32(%rip)\n"
        "  mov %r15, ncai_saved+40(%rip)\n"
        "  mov %rsp, ncai_saved+48(%rip)\n"
        "  sub $8, %rsp\n"
        "  .cfi_adjust_cfa_offset 8\n"
        "  call *%rdi\n"
        "  add $8, %rsp\n"
        "  .cfi_adjust_cfa_offset -8\n"
        "  xor %eax, %eax\n"
        "  ret\n"
        "  .cfi_endproc\n"
        ".globl ncai_overflow_rescue\n.type ncai_overflow_rescue,@function\n"
        "ncai_overflow_rescue:\n"
        "  .cfi_startproc\n"
        "  mov ncai_saved+48(%rip), %rsp\n"
        "  mov ncai_saved+0(%rip), %rbx\n"
        "  mov ncai_saved+8(%rip), %rbp\n"
        "  mov ncai_saved+16(%rip), %r12\n"
        "  mov ncai_saved+24(%rip), %r13\n"
        "  mov ncai_saved+32(%rip), %r14\n"
        "  mov ncai_saved+40(%rip), %r15\n"
        "  mov $-1, %rax\n"
        "  ret\n"
        "  .cfi_endproc\n"
        ".data\n.align 8\nncai_saved: .zero 56\n.text\n");

long ncai_overflow_entry(void (*f)(void));
int ncai_deep(int n);

/* Recurses until the stack runs out (1 KiB a frame; no tail call; the limit is never
 * reached). */
volatile int ncai_depth_limit = 1 << 30;

__attribute__((noinline)) int ncai_deep(int n)
{
    volatile char buf[1024];
    buf[0] = (char)n;
    if (n >= ncai_depth_limit) return 0;
    return ncai_deep(n + 1) + buf[0];
}

static void overflow_start(void) { ncai_deep(0); }

JNIEXPORT jlong JNICALL Java_Native_overflow(JNIEnv *env, jclass c) { return ncai_overflow_entry(overflow_start); }
