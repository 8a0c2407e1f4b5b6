// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * test_jvmti_method.c — unit test of JVMTI GetLocalVariableTable (src/jvmti/method.c),
 * called directly, without the generated wrapper.
 *
 * Why a unit test: GetLocalVariableTable needs can_access_local_variables, which GlassVM
 * does not offer yet (it also enables GetLocal<Type> and SetLocal<Type>, not implemented), so an agent
 * can only see MUST_POSSESS_CAPABILITY (tests/jvmti/method/LocalVariableTable). Here the
 * implementation runs on a class parsed by cf_parse and a Class/Method pair filled in by
 * hand with exactly what the implementation reads (Method.clazz, Method.cf, Class.cf).
 *
 * Input: L.java below compiled by javac 17 twice, with -g and with -g:none, embedded as
 * hex (`xxd -p -c 40`). The expected tables were read off HotSpot 17: an agent with
 * can_access_local_variables called GetLocalVariableTable on these very class files
 * (javap -v -p agrees). HotSpot's rules, which the spec's wording supports: the
 * information is a property of the class ("class information does not include local
 * variable information"), so a method without a table in a class compiled with -g gets
 * 0 entries and a NULL table, and every method of a -g:none class ABSENT_INFORMATION.
 *
 * --- L.java ---
 * import java.util.List;
 * public abstract class L {
 *     static int sum(int a, long b, List<String> names) {
 *         int n = names.size();
 *         double d = a + b;
 *         return n + (int) d;
 *     }
 *     static void empty() { }
 *     abstract void abs();
 *     native void nat();
 * }
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jvmti/gen/jvmti_impl.h"
#include "vm/class.h"
#include "vm/classfile.h"
#include "vm/sym.h"

static int checks, failures;

#define CHECK(cond)                                                                         \
    do {                                                                                    \
        checks++;                                                                           \
        if (!(cond)) {                                                                      \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);        \
            failures++;                                                                     \
        }                                                                                   \
    } while (0)

static bool streq(const char *a, const char *b) { return a != NULL && b != NULL && strcmp(a, b) == 0; }

/* javac -g L.java */
static const char L_debug[] =
    "cafebabe0000003d00280a000200030700040c000500060100106a6176612f6c616e672f4f626a65"
    "63740100063c696e69743e0100032829560b0008000907000a0c000b000c01000e6a6176612f7574"
    "696c2f4c69737401000473697a6501000328294907000e0100014c010004436f646501000f4c696e"
    "654e756d6265725461626c650100124c6f63616c5661726961626c655461626c6501000474686973"
    "0100034c4c3b01000373756d01001528494a4c6a6176612f7574696c2f4c6973743b294901000161"
    "01000149010001620100014a0100056e616d65730100104c6a6176612f7574696c2f4c6973743b01"
    "00016e01000164010001440100164c6f63616c5661726961626c65547970655461626c650100244c"
    "6a6176612f7574696c2f4c6973743c4c6a6176612f6c616e672f537472696e673b3e3b0100095369"
    "676e617475726501002928494a4c6a6176612f7574696c2f4c6973743c4c6a6176612f6c616e672f"
    "537472696e673b3e3b2949010005656d7074790100036162730100036e617401000a536f75726365"
    "46696c650100064c2e6a6176610421000d00020000000000050001000500060001000f0000002f00"
    "010001000000052ab70001b10000000200100000000600010000000200110000000c000100000005"
    "0012001300000008001400150002000f0000008200040007000000162db90007010036041a851f61"
    "8a3905150418058e60ac0000000300100000000e00030000000400080005000f0006001100000034"
    "0005000000160016001700000000001600180019000100000016001a001b00030008000e001c0017"
    "0004000f0007001d001e0005001f0000000c000100000016001a0020000300210000000200220008"
    "002300060001000f000000190000000000000001b100000001001000000006000100000008040000"
    "2400060000010000250006000000010026000000020027"
    ;

/* javac -g:none L.java */
static const char L_none[] =
    "cafebabe0000003d00170a000200030700040c000500060100106a6176612f6c616e672f4f626a65"
    "63740100063c696e69743e0100032829560b0008000907000a0c000b000c01000e6a6176612f7574"
    "696c2f4c69737401000473697a6501000328294907000e0100014c010004436f646501000373756d"
    "01001528494a4c6a6176612f7574696c2f4c6973743b29490100095369676e617475726501002928"
    "494a4c6a6176612f7574696c2f4c6973743c4c6a6176612f6c616e672f537472696e673b3e3b2949"
    "010005656d7074790100036162730100036e61740421000d00020000000000050001000500060001"
    "000f0000001100010001000000052ab70001b1000000000008001000110002000f00000022000400"
    "07000000162db90007010036041a851f618a3905150418058e60ac00000000001200000002001300"
    "08001400060001000f0000000d0000000000000001b1000000000400001500060000010000160006"
    "00000000"
    ;

static uint8_t *unhex(const char *hex, size_t *len)
{
    size_t n = strlen(hex) / 2;
    uint8_t *b = malloc(n);
    for (size_t i = 0; i < n; i++) sscanf(hex + 2 * i, "%2hhx", &b[i]);
    *len = n;
    return b;
}

/* A parsed class and the hand-made runtime records the implementation reads. */
typedef struct Fixture {
    ClassFile *cf;
    Class c;
    Method m[8];
} Fixture;

static bool load(Fixture *f, const char *hex)
{
    size_t len;
    uint8_t *bytes = unhex(hex, &len);
    char err[CF_MAX_ERROR];
    CfErrorKind kind;
    memset(f, 0, sizeof *f);
    f->cf = cf_parse(bytes, len, "L", err, &kind);
    free(bytes);
    if (f->cf == NULL) {
        fprintf(stderr, "cf_parse: %s\n", err);
        return false;
    }
    f->c.name = f->cf->this_name;
    f->c.cf = f->cf;
    for (uint16_t i = 0; i < f->cf->method_count && i < 8; i++) {
        f->m[i].clazz = &f->c;
        f->m[i].cf = &f->cf->methods[i];
        f->m[i].name = f->cf->methods[i].name;
        f->m[i].desc = f->cf->methods[i].desc;
        f->m[i].access = f->cf->methods[i].access;
    }
    return true;
}

static Method *find(Fixture *f, const char *name)
{
    for (uint16_t i = 0; i < f->cf->method_count && i < 8; i++)
        if (strcmp(f->m[i].name, name) == 0) return &f->m[i];
    fprintf(stderr, "no method %s\n", name);
    exit(1);
}

static void free_table(jvmtiLocalVariableEntry *t, jint n)
{
    for (jint i = 0; i < n; i++) {
        jvmti_free(t[i].name);
        jvmti_free(t[i].signature);
        jvmti_free(t[i].generic_signature);
    }
    jvmti_free(t);
}

static void test_debug(void)
{
    Fixture f;
    CHECK(load(&f, L_debug));
    if (f.cf == NULL) return;
    jint n = -1;
    jvmtiLocalVariableEntry *t = NULL;

    /* sum: the five locals in class-file order; names gets its LocalVariableTypeTable
     * signature, the others none. */
    CHECK(jvmti_GetLocalVariableTable(NULL, NULL, find(&f, "sum"), &n, &t) == JVMTI_ERROR_NONE);
    CHECK(n == 5 && t != NULL);
    if (n == 5 && t != NULL) {
        static const struct {
            jlocation start;
            jint length;
            const char *name, *sig, *gen;
            jint slot;
        } want[5] = {
            {0, 22, "a", "I", NULL, 0},
            {0, 22, "b", "J", NULL, 1},
            {0, 22, "names", "Ljava/util/List;", "Ljava/util/List<Ljava/lang/String;>;", 3},
            {8, 14, "n", "I", NULL, 4},
            {15, 7, "d", "D", NULL, 5},
        };
        for (int i = 0; i < 5; i++) {
            CHECK(t[i].start_location == want[i].start);
            CHECK(t[i].length == want[i].length);
            CHECK(streq(t[i].name, want[i].name));
            CHECK(streq(t[i].signature, want[i].sig));
            CHECK(want[i].gen == NULL ? t[i].generic_signature == NULL : streq(t[i].generic_signature, want[i].gen));
            CHECK(t[i].slot == want[i].slot);
        }
        /* Every string is a separate allocation (allocfieldbuf): not the class's own. */
        CHECK(t[0].name != f.cf->methods[0].name);
        free_table(t, n);
    }

    /* <init>: `this` only. */
    n = -1;
    t = NULL;
    CHECK(jvmti_GetLocalVariableTable(NULL, NULL, find(&f, "<init>"), &n, &t) == JVMTI_ERROR_NONE);
    CHECK(n == 1 && t != NULL && streq(t[0].name, "this") && streq(t[0].signature, "LL;") && t[0].slot == 0 &&
          t[0].start_location == 0 && t[0].length == 5);
    if (t != NULL) free_table(t, n);

    /* empty (no LocalVariableTable attribute: no locals) and abs (no Code): the class has
     * the information, the methods have no locals. */
    n = -1;
    t = (jvmtiLocalVariableEntry *)&n;
    CHECK(jvmti_GetLocalVariableTable(NULL, NULL, find(&f, "empty"), &n, &t) == JVMTI_ERROR_NONE);
    CHECK(n == 0 && t == NULL);
    n = -1;
    t = (jvmtiLocalVariableEntry *)&n;
    CHECK(jvmti_GetLocalVariableTable(NULL, NULL, find(&f, "abs"), &n, &t) == JVMTI_ERROR_NONE);
    CHECK(n == 0 && t == NULL);
    cf_free(f.cf);
}

static void test_none(void)
{
    Fixture f;
    CHECK(load(&f, L_none));
    if (f.cf == NULL) return;
    const char *names[] = {"<init>", "sum", "empty", "abs"};
    for (int i = 0; i < 4; i++) {
        jint n = -1;
        jvmtiLocalVariableEntry *t = (jvmtiLocalVariableEntry *)&n;
        CHECK(jvmti_GetLocalVariableTable(NULL, NULL, find(&f, names[i]), &n, &t) ==
              JVMTI_ERROR_ABSENT_INFORMATION);
        /* Out-parameters are left alone on error. */
        CHECK(n == -1 && t == (jvmtiLocalVariableEntry *)&n);
    }
    /* And without line numbers, GetLineNumberTable has no information either. */
    jint n = -1;
    jvmtiLineNumberEntry *lines = NULL;
    CHECK(jvmti_GetLineNumberTable(NULL, NULL, find(&f, "sum"), &n, &lines) == JVMTI_ERROR_ABSENT_INFORMATION);
    cf_free(f.cf);
}

int main(void)
{
    sym_init();
    test_debug();
    test_none();
    if (failures > 0) {
        printf("test_jvmti_method: %d of %d checks FAILED\n", failures, checks);
        return 1;
    }
    printf("test_jvmti_method: %d checks passed\n", checks);
    return 0;
}
