// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * test_sym.c — unit tests of the symbol table (src/vm/sym.h).
 *
 * A standalone program: one line per check group, then "test_sym: N checks passed"; the
 * exit status is non-zero if any check fails. The first group races threads on the very
 * first use of the table, so it must run before anything else interns a symbol; the
 * table is process-global, so later groups see the symbols of earlier ones.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm/sym.h"

static int checks, failures;

static bool check_(bool ok, const char *what, int line)
{
    checks++;
    if (!ok) {
        failures++;
        fprintf(stderr, "test_sym.c:%d: check failed: %s\n", line, what);
    }
    return ok;
}
#define CHECK(c) check_((c), #c, __LINE__)

static void run_group(const char *name, void (*fn)(void))
{
    int c0 = checks, f0 = failures;
    fn();
    printf("%-28s %s (%d checks)\n", name, failures == f0 ? "ok" : "FAILED", checks - c0);
}

/* ---- first use from many threads at once ---------------------------------------------- */

enum { THREADS = 8, SHARED = 20000 };

static pthread_barrier_t start;
static const char *first_use[THREADS];

static void *intern_first(void *arg)
{
    intptr_t i = (intptr_t)arg;
    pthread_barrier_wait(&start);
    first_use[i] = sym_intern("first/use/Symbol");
    return NULL;
}

static void test_first_use(void)
{
    pthread_t t[THREADS];
    pthread_barrier_init(&start, NULL, THREADS);
    for (intptr_t i = 0; i < THREADS; i++) pthread_create(&t[i], NULL, intern_first, (void *)i);
    for (int i = 0; i < THREADS; i++) pthread_join(t[i], NULL);
    pthread_barrier_destroy(&start);
    int same = 0;
    for (int i = 0; i < THREADS; i++) same += first_use[i] == first_use[0];
    CHECK(same == THREADS);
    CHECK(first_use[0] != NULL && strcmp(first_use[0], "first/use/Symbol") == 0);
    CHECK(sym_lookup("first/use/Symbol", 16) == first_use[0]);
}

/* ---- basic contract -------------------------------------------------------------------- */

static void test_basics(void)
{
    /* Interning works before sym_init(), and equal bytes give equal pointers. */
    char buf[32];
    strcpy(buf, "java/lang/Thread");
    const char *a = sym_intern(buf);
    strcpy(buf, "java/lang/Thread");
    CHECK(sym_intern(buf) == a);
    CHECK(a != buf && strcmp(a, "java/lang/Thread") == 0);
    buf[0] = 'J'; /* the symbol is a copy */
    CHECK(strcmp(a, "java/lang/Thread") == 0);

    /* Length-delimited bytes need not be NUL-terminated; the symbol is. */
    const char *abc = sym_intern_len("abcdef", 3);
    CHECK(abc == sym_intern("abc") && abc[3] == '\0' && strlen(abc) == 3);
    CHECK(sym_intern_len("abcdef", 6) != abc);
    CHECK(sym_intern("ab") != abc && sym_intern("abd") != abc && sym_intern("abcd") != abc);

    /* Lookup never adds. */
    CHECK(sym_lookup("never/interned", 14) == NULL);
    CHECK(sym_lookup("never/interned", 14) == NULL);
    CHECK(sym_lookup("abcdef", 3) == abc);
    CHECK(sym_lookup("abc", 2) == sym_intern("ab"));

    /* The empty string, and bytes outside ASCII (modified UTF-8). */
    const char *empty = sym_intern("");
    CHECK(empty != NULL && empty[0] == '\0' && sym_intern_len("xyz", 0) == empty);
    CHECK(sym_lookup("", 0) == empty);
    const char *e1 = sym_intern("\xc3\xa9t\xc3\xa9"), *e2 = sym_intern("\xc3\xa9t\xc3\xa8");
    CHECK(e1 != e2 && sym_intern("\xc3\xa9t\xc3\xa9") == e1);
    CHECK(sym_intern("\x01") != sym_intern("\x02"));
    CHECK(sym_intern_len("\xc0\x80", 2) == sym_intern("\xc0\x80"));

    /* Strings that share their first eight bytes (one hash word) differ. */
    CHECK(sym_intern("12345678A") != sym_intern("12345678B"));
    CHECK(sym_intern("1234567812345678") != sym_intern("12345678123456789"));
}

/* ---- prepared symbols ------------------------------------------------------------------- */

static void test_prepared(void)
{
    CHECK(sym.init == NULL); /* not set before sym_init() */
    sym_init();
#define X(id, text) CHECK(sym.id == sym_intern(text) && strcmp(sym.id, text) == 0);
    SYMBOL_LIST(X)
#undef X
    CHECK(sym.init != sym.clinit && sym.java_lang_Object != sym.java_lang_Class);
    const char *init = sym.init;
    sym_init(); /* idempotent */
    CHECK(sym.init == init);
}

/* ---- many and large symbols ------------------------------------------------------------------ */

enum { MANY = 100000 };

static int cmp_ptr(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t) * (const char *const *)a, y = (uintptr_t) * (const char *const *)b;
    return x < y ? -1 : x > y;
}

static void test_growth(void)
{
    /* Far past the initial capacity, so the table grows several times. */
    const char **p = malloc(MANY * sizeof *p);
    char buf[64];
    for (int i = 0; i < MANY; i++) {
        int n = snprintf(buf, sizeof buf, "grow/%d/%x", i, i * 2654435761u);
        p[i] = sym_intern_len(buf, (size_t)n);
    }
    int wrong = 0;
    for (int i = 0; i < MANY; i++) {
        int n = snprintf(buf, sizeof buf, "grow/%d/%x", i, i * 2654435761u);
        wrong +=
            sym_intern(buf) != p[i] || strcmp(p[i], buf) != 0 || sym_lookup(buf, (size_t)n) != p[i];
    }
    CHECK(wrong == 0);
    /* Distinct strings, distinct pointers. */
    qsort(p, MANY, sizeof *p, cmp_ptr);
    int dup = 0;
    for (int i = 1; i < MANY; i++) dup += p[i] == p[i - 1];
    CHECK(dup == 0);
    /* Symbols interned before the growth are still found. */
    CHECK(sym_lookup("first/use/Symbol", 16) != NULL && sym_lookup("abc", 3) == sym_intern("abc"));
    free(p);

    /* A symbol larger than a storage block, and one just under the block split. */
    size_t big = 1 << 20;
    char *s = malloc(big + 1);
    for (size_t i = 0; i < big; i++) s[i] = (char)('a' + i % 26);
    s[big] = '\0';
    const char *h = sym_intern_len(s, big);
    CHECK(h != s && memcmp(h, s, big) == 0 && h[big] == '\0');
    CHECK(sym_intern(s) == h && sym_lookup(s, big) == h);
    s[big - 1] = '!';
    CHECK(sym_intern(s) != h);
    const char *mid = sym_intern_len(s, 60000);
    CHECK(sym_intern_len(s, 60000) == mid && strlen(mid) == 60000);
    free(s);
}

/* ---- concurrency ------------------------------------------------------------------------------
 */

static const char **results[THREADS];

/* Every thread interns the same SHARED names, each in its own order, plus names of its
 * own, and looks names up while the others insert. */
static void *intern_many(void *arg)
{
    intptr_t t = (intptr_t)arg;
    const char **r = results[t];
    char buf[64];
    pthread_barrier_wait(&start);
    for (int k = 0; k < SHARED; k++) {
        int i = (int)((k * 7919u + (unsigned)t * 104729u) % SHARED); /* a permutation */
        snprintf(buf, sizeof buf, "shared/%d", i);
        r[i] = sym_intern(buf);
        snprintf(buf, sizeof buf, "own/%d/%d", (int)t, k);
        sym_intern(buf);
        /* A lookup sees either nothing yet or the one true symbol. */
        snprintf(buf, sizeof buf, "shared/%d", (i * 31) % SHARED);
        const char *l = sym_lookup(buf, strlen(buf));
        if (l != NULL && strcmp(l, buf) != 0) r[i] = NULL;
    }
    return NULL;
}

static void test_threads(void)
{
    pthread_t th[THREADS];
    pthread_barrier_init(&start, NULL, THREADS);
    for (intptr_t i = 0; i < THREADS; i++) {
        results[i] = calloc(SHARED, sizeof(char *));
        pthread_create(&th[i], NULL, intern_many, (void *)i);
    }
    for (int i = 0; i < THREADS; i++) pthread_join(th[i], NULL);
    pthread_barrier_destroy(&start);
    int wrong = 0;
    char buf[64];
    for (int i = 0; i < SHARED; i++) {
        snprintf(buf, sizeof buf, "shared/%d", i);
        const char *want = sym_lookup(buf, strlen(buf));
        for (int t = 0; t < THREADS; t++) wrong += results[t][i] != want || want == NULL;
    }
    CHECK(wrong == 0);
    int missing = 0;
    for (int t = 0; t < THREADS; t++) {
        for (int k = 0; k < SHARED; k += 97) {
            snprintf(buf, sizeof buf, "own/%d/%d", t, k);
            missing += sym_lookup(buf, strlen(buf)) == NULL;
        }
        free(results[t]);
    }
    CHECK(missing == 0);
}

int main(void)
{
    run_group("first use, concurrently", test_first_use);
    run_group("interning and lookup", test_basics);
    run_group("prepared symbols", test_prepared);
    run_group("growth and large symbols", test_growth);
    run_group("concurrent interning", test_threads);
    if (failures > 0) {
        printf("test_sym: %d of %d checks FAILED\n", failures, checks);
        return 1;
    }
    printf("test_sym: %d checks passed\n", checks);
    return 0;
}
