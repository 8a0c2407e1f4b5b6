// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * test_oopmap.c — unit test of the collector's stack maps (src/vm/oopmap.c,
 * oopmap_gc_at): the type of every local and operand-stack cell at a bci, which locals
 * are live there (read again before being written, on some path, exception handlers
 * included), and how many stack cells lie below the operands of the instruction.
 *
 * Why a unit test: liveness decides what the collector keeps, but HotSpot's interpreter
 * keeps dead locals and its compilers' liveness depends on when they run, so no program
 * can compare it with HotSpot deterministically (tests/java/GcDeadLocals covers what
 * HotSpot does collect). The expectations below are read off `javap -c -p` of the class
 * by hand, instruction by instruction (comments give the bytecode), never from GlassVM.
 *
 * Input: M.java compiled by javac 17 with -g:none, embedded as hex (`xxd -p -c 40`).
 *
 * --- M.java ---
 * public class M {
 *     static Object sink;
 *
 *     static void deadAfterLoop(int n) {
 *         int[] big = new int[n];
 *         int s = 0;
 *         for (int i = 0; i < n; i++) s += big[i];
 *         System.gc();
 *         sink = s;
 *     }
 *
 *     static void handler(Object a, Object b) {
 *         Object c = b;
 *         try {
 *             sink = a.toString();
 *         } catch (RuntimeException e) {
 *             sink = c;
 *         }
 *         System.gc();
 *     }
 *
 *     static void mixed(boolean f, Object o) {
 *         if (f) {
 *             Object r = o;
 *             sink = r;
 *         } else {
 *             long l = 5;
 *             sink = l;
 *         }
 *         System.gc();
 *     }
 *
 *     static void fence(Object p) {
 *     }
 *
 *     static void later(Object p) {
 *         sink = null;
 *         System.gc();
 *     }
 *
 *     static native void nat();
 *
 *     static int call(Object x, int k) {
 *         return k + x.hashCode() + Math.max(k, 3);
 *     }
 * }
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm/class.h"
#include "vm/classfile.h"
#include "vm/interp.h"
#include "vm/oopmap.h"

static int checks, failures;

#define CHECK(cond)                                                                         \
    do {                                                                                    \
        checks++;                                                                           \
        if (!(cond)) {                                                                      \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);        \
            failures++;                                                                     \
        }                                                                                   \
    } while (0)

static const char M_class[] =
    "cafebabe0000003d003f0a000200030700040c000500060100106a6176612f6c616e672f4f626a65"
    "63740100063c696e69743e0100032829560a0008000907000a0c000b00060100106a6176612f6c61"
    "6e672f53797374656d01000267630a000d000e07000f0c001000110100116a6176612f6c616e672f"
    "496e746567657201000776616c75654f660100162849294c6a6176612f6c616e672f496e74656765"
    "723b09001300140700150c001600170100014d01000473696e6b0100124c6a6176612f6c616e672f"
    "4f626a6563743b0a000200190c001a001b010008746f537472696e6701001428294c6a6176612f6c"
    "616e672f537472696e673b07001d01001a6a6176612f6c616e672f52756e74696d65457863657074"
    "696f6e0500000000000000050a002100220700230c0010002401000e6a6176612f6c616e672f4c6f"
    "6e67010013284a294c6a6176612f6c616e672f4c6f6e673b0a000200260c00270028010008686173"
    "68436f64650100032829490a002a002b07002c0c002d002e01000e6a6176612f6c616e672f4d6174"
    "680100036d61780100052849492949010004436f646501000d6465616441667465724c6f6f700100"
    "042849295601000d537461636b4d61705461626c650700340100025b4901000768616e646c657201"
    "0027284c6a6176612f6c616e672f4f626a6563743b4c6a6176612f6c616e672f4f626a6563743b29"
    "560100056d69786564010016285a4c6a6176612f6c616e672f4f626a6563743b295601000566656e"
    "6365010015284c6a6176612f6c616e672f4f626a6563743b29560100056c617465720100036e6174"
    "01000463616c6c010016284c6a6176612f6c616e672f4f626a6563743b4929490021001300020000"
    "0001000800160017000000080001000500060001002f0000001100010001000000052ab70001b100"
    "0000000008003000310001002f0000004300030004000000241abc0a4c033d033e1d1aa2000f1c2b"
    "1d2e603d840301a7fff2b800071cb8000cb30012b10000000100320000000d0002fe000807003301"
    "01fa00100008003500360001002f0000004500010004000000152b4d2ab60018b30012a700084e2c"
    "b30012b80007b1000100020009000c001c00010032000000160002ff000c00030700020700020700"
    "02000107001c040008003700380001002f00000032000200040000001c1a99000c2b4d2cb30012a7"
    "000e14001e4120b80020b30012b80007b10000000100320000000400020d0a00080039003a000100"
    "2f0000000d0000000100000001b1000000000008003b003a0001002f000000140001000100000008"
    "01b30012b80007b1000000000108003c000600000008003d003e0001002f00000019000300020000"
    "000d1b2ab60025601b06b8002960ac000000000000"
    ;

static uint8_t *unhex(const char *hex, size_t *len)
{
    size_t n = strlen(hex) / 2;
    uint8_t *b = malloc(n);
    for (size_t i = 0; i < n; i++) sscanf(hex + 2 * i, "%2hhx", &b[i]);
    *len = n;
    return b;
}

/* The parsed class and hand-made runtime records with what oopmap.c reads. */
static ClassFile *cf;
static Class clazz;
static Method methods[16];

static bool load(void)
{
    size_t len;
    uint8_t *bytes = unhex(M_class, &len);
    char err[CF_MAX_ERROR];
    CfErrorKind kind;
    cf = cf_parse(bytes, len, "M", err, &kind);
    free(bytes);
    if (cf == NULL) {
        fprintf(stderr, "cf_parse: %s\n", err);
        return false;
    }
    clazz.name = cf->this_name;
    clazz.cf = cf;
    for (uint16_t i = 0; i < cf->method_count && i < 16; i++) {
        Method *m = &methods[i];
        m->clazz = &clazz;
        m->cf = &cf->methods[i];
        m->name = cf->methods[i].name;
        m->desc = cf->methods[i].desc;
        m->access = cf->methods[i].access;
        if (m->cf->code != NULL) m->max_locals = m->cf->code->max_locals;
        /* every method here is static: one slot per argument but long/double */
        int slots = 0;
        for (const char *d = m->desc + 1; *d && *d != ')'; d++) {
            slots += (*d == 'J' || *d == 'D') ? 2 : 1;
            while (*d == '[') d++;
            if (*d == 'L') d = strchr(d, ';');
        }
        m->arg_slots = (uint16_t)slots;
    }
    return true;
}

static Method *find(const char *name)
{
    for (uint16_t i = 0; i < cf->method_count && i < 16; i++)
        if (strcmp(methods[i].name, name) == 0) return &methods[i];
    fprintf(stderr, "no method %s\n", name);
    exit(1);
}

enum { U = OOPMAP_UNINIT, R = OOPMAP_REF, V = OOPMAP_VALUE, L = OOPMAP_LIVE };

/* The map of name at bci has these local cells, this stack, and nkeep. */
static void expect(const char *name, int bci, int nloc, const uint8_t *loc, int nstk, const uint8_t *stk, int nkeep)
{
    const OopMapGc *g = oopmap_gc_at(find(name), bci);
    CHECK(g != NULL);
    if (g == NULL) return;
    CHECK(g->nloc == nloc);
    CHECK(g->nstk == nstk);
    CHECK(g->nkeep == nkeep);
    for (int i = 0; i < nloc && i < g->nloc; i++) {
        if (g->cell[i] != loc[i]) {
            fprintf(stderr, "%s @%d local %d: %#x, expected %#x\n", name, bci, i, g->cell[i], loc[i]);
            failures++;
        }
        checks++;
    }
    for (int i = 0; i < nstk && i < g->nstk; i++) {
        if (g->cell[g->nloc + i] != stk[i]) {
            fprintf(stderr, "%s @%d stack %d: %#x, expected %#x\n", name, bci, i, g->cell[g->nloc + i], stk[i]);
            failures++;
        }
        checks++;
    }
}

#define CELLS(...) ((const uint8_t[]){__VA_ARGS__})

int main(void)
{
    interp_init(); /* the instruction-length table (bc_length) */
    if (!load()) return 1;

    /* deadAfterLoop(n): n=0 big=1 s=2 i=3. In the loop (16: iaload, s already on the
     * stack, stored at 18 before it is read again) big is read again (14: aload_1 on
     * the back edge), n at 9; after the loop (25: invokestatic gc) big is a reference
     * nobody reads: dead; s is read at 28; i and n are dead. iaload pops two cells. */
    expect("deadAfterLoop", 16, 4, CELLS(V | L, R | L, V, V | L), 3, CELLS(V | L, R | L, V | L), 1);
    expect("deadAfterLoop", 25, 4, CELLS(V, R, V | L, V), 0, NULL, 0);
    /* 0: iload_0 (the argument), the other locals unset; 1: newarray pops its count. */
    expect("deadAfterLoop", 0, 4, CELLS(V | L, U, U, U), 0, NULL, 0);
    expect("deadAfterLoop", 1, 4, CELLS(V | L, U, U, U), 1, CELLS(V | L), 0);
    /* Not an instruction start (2 is newarray's operand). */
    CHECK(oopmap_gc_at(find("deadAfterLoop"), 2) == NULL);

    /* handler(a, b): c=2 (= b at 1), try [2, 9) -> 12 catch RuntimeException: e=3.
     * 3 (invokevirtual toString, a on the stack): c is live through the handler (13:
     * aload_2), a and b are dead; the receiver is the call's operand. */
    expect("handler", 3, 4, CELLS(R, R, R | L, U), 1, CELLS(R | L), 0);
    /* 12 (the handler's astore_3): the exception on the stack, c still live. */
    expect("handler", 12, 4, CELLS(R, R, R | L, U), 1, CELLS(R | L), 0);
    /* 17 (invokestatic gc): nothing is read again; slot 3 is e on one path only. */
    expect("handler", 17, 4, CELLS(R, R, R, R | U), 0, NULL, 0);

    /* mixed(f, o): slot 2 is r (a reference) on one branch, the first half of long l on
     * the other, slot 3 l's second half: 6 (aload_2) reads r, 17 (lload_2) both halves,
     * at 24 (gc) they merge and are dead. */
    expect("mixed", 6, 4, CELLS(V, R, R | L, U), 0, NULL, 0);
    expect("mixed", 17, 4, CELLS(V, R, V | L, V | L), 0, NULL, 0);
    expect("mixed", 24, 4, CELLS(V, R, R | V, U | V), 0, NULL, 0);

    /* fence(p): 0 is `return`, which reads nothing, but a method that has not started
     * keeps its arguments (Reference.reachabilityFence is such an empty method). */
    expect("fence", 0, 1, CELLS(R | L), 0, NULL, 0);
    /* later(p): at 4 (gc) p was never read: dead. */
    expect("later", 4, 1, CELLS(R), 0, NULL, 0);

    /* call(x, k): 2 (invokevirtual hashCode): k and x on the stack, the receiver x is the
     * call's operand; x is dead in its local, k is read again at 6. 8 (invokestatic max):
     * three ints, two of them the arguments. */
    expect("call", 2, 2, CELLS(R, V | L), 2, CELLS(V | L, R | L), 1);
    expect("call", 8, 2, CELLS(R, V), 3, CELLS(V | L, V | L, V | L), 1);

    /* No code: no map (the collector scans such a frame conservatively). */
    CHECK(oopmap_gc_at(find("nat"), 0) == NULL);
    /* The maps are cached: the same map again. */
    CHECK(oopmap_gc_at(find("call"), 2) == oopmap_gc_at(find("call"), 2));

    for (uint16_t i = 0; i < cf->method_count && i < 16; i++) oopmap_free_maps(methods[i].gc_maps);
    printf("test_oopmap: %d checks, %d failures\n", checks, failures);
    return failures != 0;
}
