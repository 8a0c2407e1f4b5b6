// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * test_insn.c — unit tests of the x86-64 instruction decoder and relocator that NCAI's
 * breakpoints use to run a patched instruction out of line (src/os/os.h,
 * os_insn_decode, os_insn_relocate, os_alloc_code_near), and of fault-safe memory
 * access (os_mem_read, os_mem_write).
 *
 * A standalone program: "test_insn: N checks passed"; exit status non-zero on failure.
 *
 * The decoding table's lengths and operand facts are the Intel SDM's encodings (each
 * entry cross-checked with `objdump -d` on the bytes, never with our decoder). The
 * relocation checks run the relocated copy: small functions assembled below are copied
 * (their position-independent prefix, then the instruction under test relocated by
 * os_insn_relocate exactly as a breakpoint hit would, which continues in the original)
 * and must return the same values as the originals.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "os/os.h"

static int checks, failures;

#define CHECK(cond, ...)                                                                    \
    do {                                                                                    \
        checks++;                                                                           \
        if (!(cond)) {                                                                      \
            failures++;                                                                     \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                     \
            printf(__VA_ARGS__);                                                            \
            printf("\n");                                                                   \
        }                                                                                   \
    } while (0)

typedef struct Case {
    const char *text; /* the instruction, as objdump prints it */
    uint8_t bytes[16];
    int len;
    OsInsnKind kind;
    int rip_disp; /* offset of a rip-relative disp32, or -1 */
} Case;

static const Case cases[] = {
    {"nop", {0x90}, 1, OS_INSN_PLAIN, -1},
    {"push %rbp", {0x55}, 1, OS_INSN_PLAIN, -1},
    {"mov %rsp,%rbp", {0x48, 0x89, 0xe5}, 3, OS_INSN_PLAIN, -1},
    {"endbr64", {0xf3, 0x0f, 0x1e, 0xfa}, 4, OS_INSN_PLAIN, -1},
    {"sub $0x18,%rsp", {0x48, 0x83, 0xec, 0x18}, 4, OS_INSN_PLAIN, -1},
    {"sub $0x1000,%rsp", {0x48, 0x81, 0xec, 0x00, 0x10, 0x00, 0x00}, 7, OS_INSN_PLAIN, -1},
    {"mov 0x2e4f(%rip),%eax", {0x8b, 0x05, 0x4f, 0x2e, 0x00, 0x00}, 6, OS_INSN_PLAIN, 2},
    {"lea 0x10(%rip),%rdi", {0x48, 0x8d, 0x3d, 0x10, 0x00, 0x00, 0x00}, 7, OS_INSN_PLAIN, 3},
    {"movl $0x1,0x10(%rip)", {0xc7, 0x05, 0x10, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00}, 10, OS_INSN_PLAIN, 2},
    {"cmpb $0x0,0x10(%rip)", {0x80, 0x3d, 0x10, 0x00, 0x00, 0x00, 0x00}, 7, OS_INSN_PLAIN, 2},
    {"mov (%rdi),%rax", {0x48, 0x8b, 0x07}, 3, OS_INSN_PLAIN, -1},
    {"mov 0x8(%rsp),%rax", {0x48, 0x8b, 0x44, 0x24, 0x08}, 5, OS_INSN_PLAIN, -1},
    {"mov 0x100(%rbx,%rcx,8),%edx", {0x8b, 0x94, 0xcb, 0x00, 0x01, 0x00, 0x00}, 7, OS_INSN_PLAIN, -1},
    {"movabs $0x1122334455667788,%rax", {0x48, 0xb8, 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11}, 10, OS_INSN_PLAIN, -1},
    {"mov $0x2a,%eax", {0xb8, 0x2a, 0x00, 0x00, 0x00}, 5, OS_INSN_PLAIN, -1},
    {"mov $0x2a,%ax", {0x66, 0xb8, 0x2a, 0x00}, 4, OS_INSN_PLAIN, -1},
    {"test $0x1,%al", {0xa8, 0x01}, 2, OS_INSN_PLAIN, -1},
    {"testl $0x1,(%rdi)", {0xf7, 0x07, 0x01, 0x00, 0x00, 0x00}, 6, OS_INSN_PLAIN, -1},
    {"testw $0x1,(%rdi)", {0x66, 0xf7, 0x07, 0x01, 0x00}, 5, OS_INSN_PLAIN, -1},
    {"neg %eax", {0xf7, 0xd8}, 2, OS_INSN_PLAIN, -1},
    {"cmpq $0x0,(%rdi)", {0x48, 0x83, 0x3f, 0x00}, 4, OS_INSN_PLAIN, -1},
    {"lock cmpxchg %ecx,(%rdx)", {0xf0, 0x0f, 0xb1, 0x0a}, 4, OS_INSN_PLAIN, -1},
    {"movzbl (%rsi),%eax", {0x0f, 0xb6, 0x06}, 3, OS_INSN_PLAIN, -1},
    {"cmovne %edx,%eax", {0x0f, 0x45, 0xc2}, 3, OS_INSN_PLAIN, -1},
    {"pxor %xmm0,%xmm0", {0x66, 0x0f, 0xef, 0xc0}, 4, OS_INSN_PLAIN, -1},
    {"movdqu 0x10(%rip),%xmm1", {0xf3, 0x0f, 0x6f, 0x0d, 0x10, 0x00, 0x00, 0x00}, 8, OS_INSN_PLAIN, 4},
    {"pshufd $0x0,%xmm0,%xmm0", {0x66, 0x0f, 0x70, 0xc0, 0x00}, 5, OS_INSN_PLAIN, -1},
    {"pshufb %xmm1,%xmm0", {0x66, 0x0f, 0x38, 0x00, 0xc1}, 5, OS_INSN_PLAIN, -1},
    {"palignr $0x4,%xmm1,%xmm0", {0x66, 0x0f, 0x3a, 0x0f, 0xc1, 0x04}, 6, OS_INSN_PLAIN, -1},
    {"vmovdqu (%rsi),%ymm0", {0xc5, 0xfe, 0x6f, 0x06}, 4, OS_INSN_PLAIN, -1},
    {"vpcmpeqb 0x20(%rdi),%ymm0,%ymm1", {0xc5, 0xfd, 0x74, 0x4f, 0x20}, 5, OS_INSN_PLAIN, -1},
    {"vpbroadcastb %xmm0,%ymm0", {0xc4, 0xe2, 0x7d, 0x78, 0xc0}, 5, OS_INSN_PLAIN, -1},
    {"vzeroupper", {0xc5, 0xf8, 0x77}, 3, OS_INSN_PLAIN, -1},
    {"vmovdqu64 (%rsi),%zmm16", {0x62, 0xe1, 0xfe, 0x48, 0x6f, 0x06}, 6, OS_INSN_PLAIN, -1},
    {"nopw 0x0(%rax,%rax,1)", {0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00}, 6, OS_INSN_PLAIN, -1},
    {"nopl 0x0(%rax)", {0x0f, 0x1f, 0x40, 0x00}, 4, OS_INSN_PLAIN, -1},
    {"cs nopw 0x0(%rax,%rax,1)", {0x66, 0x2e, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00}, 10, OS_INSN_PLAIN, -1},
    {"imul $0x64,%eax,%eax", {0x6b, 0xc0, 0x64}, 3, OS_INSN_PLAIN, -1},
    {"shl $0x3,%rax", {0x48, 0xc1, 0xe0, 0x03}, 4, OS_INSN_PLAIN, -1},
    {"enter $0x10,$0x0", {0xc8, 0x10, 0x00, 0x00}, 4, OS_INSN_PLAIN, -1},
    {"mov 0x1122334455667788,%eax", {0xa1, 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11}, 9, OS_INSN_PLAIN, -1},
    {"fldl 0x8(%rsp)", {0xdd, 0x44, 0x24, 0x08}, 4, OS_INSN_PLAIN, -1},
    {"rdtsc", {0x0f, 0x31}, 2, OS_INSN_PLAIN, -1},
    {"pause", {0xf3, 0x90}, 2, OS_INSN_PLAIN, -1},
    {"rep stos %al,(%rdi)", {0xf3, 0xaa}, 2, OS_INSN_PLAIN, -1},
    {"bswap %eax", {0x0f, 0xc8}, 2, OS_INSN_PLAIN, -1},
    {"jmp .+0x10", {0xeb, 0x0e}, 2, OS_INSN_JMP_REL, -1},
    {"jmp .+0x1005", {0xe9, 0x00, 0x10, 0x00, 0x00}, 5, OS_INSN_JMP_REL, -1},
    {"je .-0x2", {0x74, 0xfc}, 2, OS_INSN_JCC_REL, -1},
    {"jne .+0x106", {0x0f, 0x85, 0x00, 0x01, 0x00, 0x00}, 6, OS_INSN_JCC_REL, -1},
    {"call .+0x105", {0xe8, 0x00, 0x01, 0x00, 0x00}, 5, OS_INSN_CALL_REL, -1},
    {"call *%rax", {0xff, 0xd0}, 2, OS_INSN_CALL_IND, -1},
    {"call *0x10(%rip)", {0xff, 0x15, 0x10, 0x00, 0x00, 0x00}, 6, OS_INSN_CALL_IND, 2},
    {"jmp *0x10(%rip)", {0xff, 0x25, 0x10, 0x00, 0x00, 0x00}, 6, OS_INSN_OTHER_FLOW, 2},
    {"jmp *%rax", {0xff, 0xe0}, 2, OS_INSN_OTHER_FLOW, -1},
    {"loop .+0x10", {0xe2, 0x0e}, 2, OS_INSN_LOOP_REL, -1},
    {"jrcxz .+0x10", {0xe3, 0x0e}, 2, OS_INSN_LOOP_REL, -1},
    {"ret", {0xc3}, 1, OS_INSN_OTHER_FLOW, -1},
    {"ret $0x8", {0xc2, 0x08, 0x00}, 3, OS_INSN_OTHER_FLOW, -1},
    {"syscall", {0x0f, 0x05}, 2, OS_INSN_OTHER_FLOW, -1},
    {"int3", {0xcc}, 1, OS_INSN_OTHER_FLOW, -1},
};

static void decoding(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const Case *c = &cases[i];
        OsInsn insn;
        bool ok = os_insn_decode(c->bytes, &insn);
        CHECK(ok, "%s: not decoded", c->text);
        if (!ok) continue;
        CHECK(insn.len == c->len, "%s: length %d, want %d", c->text, insn.len, c->len);
        CHECK(insn.kind == c->kind, "%s: kind %d, want %d", c->text, (int)insn.kind, (int)c->kind);
        CHECK(insn.rip_disp == c->rip_disp, "%s: rip disp at %d, want %d", c->text, insn.rip_disp, c->rip_disp);
    }
    OsInsn insn;
    uint8_t je[] = {0x74, 0xfc};
    os_insn_decode(je, &insn);
    CHECK(insn.cond == 4 && insn.rel == -4, "je: cond %d rel %lld", insn.cond, (long long)insn.rel);
    uint8_t bad[] = {0x06}; /* push %es: invalid in 64-bit mode */
    CHECK(!os_insn_decode(bad, &insn), "push %%es decoded");
}

/* Functions with a known layout, to relocate and run. Each starts with the instruction
 * under test. */
__asm__(".text\n"
        "t_riprel: mov t_data(%rip), %eax\n ret\n"            /* returns t_data */
        "t_call: call t_seven\n add $1, %eax\n ret\n"          /* returns 8 */
        "t_seven: mov $7, %eax\n ret\n"
        "t_jcc: test %edi, %edi\n js 1f\n mov $1, %eax\n ret\n1: mov $-1, %eax\n ret\n"
        "t_jmp: jmp 2f\n mov $0, %eax\n ret\n2: mov $5, %eax\n ret\n"
        "t_icall: lea t_seven(%rip), %rax\n call *%rax\n add $2, %eax\n ret\n"
        "t_icall2: call *%rdi\n add $2, %eax\n ret\n"
        "t_loop: mov $3, %ecx\n xor %eax, %eax\n3: add $1, %eax\n loop 3b\n ret\n"
        ".data\n.align 4\nt_data: .long 1234\n.text\n");
int t_riprel(void), t_call(void), t_jcc(int), t_jmp(void), t_icall(void), t_icall2(void *), t_loop(void), t_seven(void);

/* Runs fn with its instruction at offset `at` relocated out of line: a copy of fn's bytes
 * up to `at`, then the relocated instruction, which continues in the original fn. */
static int run_relocated(const char *what, void *fn, int at, intptr_t arg, int (*check)(void *, intptr_t))
{
    uint8_t *code = (uint8_t *)fn + at;
    OsInsn insn;
    if (!os_insn_decode(code, &insn)) {
        CHECK(false, "%s: not decoded", what);
        return -99;
    }
    uint8_t *slot = os_alloc_code_near((uintptr_t)fn, 4096);
    CHECK(slot != NULL, "%s: no code memory near", what);
    if (slot == NULL) return -99;
    memcpy(slot, fn, (size_t)at);
    uint8_t out[32];
    int n = os_insn_relocate(code, &insn, (uintptr_t)code, (uintptr_t)slot + at, out);
    CHECK(n > 0, "%s: not relocatable", what);
    memcpy(slot + at, out, (size_t)n);
    __builtin___clear_cache((char *)slot, (char *)slot + at + n);
    return check(slot, arg);
}

static int call0(void *f, intptr_t arg) { (void)arg; return ((int (*)(void))f)(); }
static int call1(void *f, intptr_t arg) { return ((int (*)(int))f)((int)arg); }
static int callp(void *f, intptr_t arg) { return ((int (*)(void *))f)((void *)arg); }

static void relocation(void)
{
    CHECK(run_relocated("rip-relative mov", (void *)t_riprel, 0, 0, call0) == 1234, "rip-relative mov");
    CHECK(run_relocated("call rel32", (void *)t_call, 0, 0, call0) == 8, "call rel32");
    CHECK(run_relocated("js rel8 taken", (void *)t_jcc, 2, -5, call1) == -1, "js rel8 taken");
    CHECK(run_relocated("js rel8 not taken", (void *)t_jcc, 2, 5, call1) == 1, "js rel8 not taken");
    CHECK(run_relocated("jmp rel8", (void *)t_jmp, 0, 0, call0) == 5, "jmp rel8");
    CHECK(run_relocated("lea rip-relative", (void *)t_icall, 0, 0, call0) == 9, "lea rip-relative");
    CHECK(run_relocated("call *%rdi", (void *)t_icall2, 0, (intptr_t)t_seven, callp) == 9, "call *%%rdi");
    CHECK(run_relocated("loop rel8", (void *)t_loop, 10, 0, call0) == 3, "loop rel8");
}

static void memory(void)
{
    long v = 42, r = 0;
    CHECK(os_mem_read(&v, &r, sizeof r) && r == 42, "read");
    long w = 43;
    CHECK(os_mem_write(&v, &w, sizeof w) && v == 43, "write");
    CHECK(!os_mem_read(NULL, &r, sizeof r), "read NULL");
    CHECK(!os_mem_write((void *)16, &w, sizeof w), "write unmapped");
    /* Code is writable through it (read-only pages, as a debugger writes them). */
    uint8_t *code = (uint8_t *)t_seven + 1, b = 0;
    CHECK(os_mem_read(code, &b, 1) && b == 7, "code byte %d", b);
    b = 8;
    CHECK(os_mem_write(code, &b, 1), "write code");
    CHECK(t_call() == 9, "patched code runs");
    b = 7;
    os_mem_write(code, &b, 1);
    CHECK(t_call() == 8, "restored code runs");
}

int main(void)
{
    os_init();
    decoding();
    relocation();
    memory();
    printf("test_insn: %d checks passed\n", checks - failures);
    return failures != 0;
}
