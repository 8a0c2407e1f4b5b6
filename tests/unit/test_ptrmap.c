// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * test_ptrmap.c — unit tests of the heap tools' pointer map (src/jvm/ptrmap.h).
 *
 * A standalone program: one line per check group, then "test_ptrmap: N checks passed";
 * the exit status is non-zero if any check fails.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "jvm/ptrmap.h"

static int checks, failures;

static bool check_(bool ok, const char *what, int line)
{
    checks++;
    if (!ok) {
        failures++;
        fprintf(stderr, "test_ptrmap.c:%d: check failed: %s\n", line, what);
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

static void test_ptrmap(void)
{
    PtrMap m = {0};
    static char keys[5000];
    CHECK(ptrmap_get(&m, &keys[0]) == 0);
    bool ok = true;
    for (uint32_t i = 0; i < 5000; i++) ok &= ptrmap_put(&m, &keys[i], i + 1);
    CHECK(ok && m.count == 5000);
    ok = true;
    for (uint32_t i = 0; i < 5000; i++) ok &= ptrmap_get(&m, &keys[i]) == i + 1;
    CHECK(ok);
    CHECK(ptrmap_put(&m, &keys[7], 99) && ptrmap_get(&m, &keys[7]) == 99 && m.count == 5000);
    CHECK(ptrmap_get(&m, &m) == 0);
    ptrmap_free(&m);
    CHECK(m.cap == 0 && ptrmap_get(&m, &keys[1]) == 0);
}

int main(void)
{
    run_group("ptrmap", test_ptrmap);
    printf("test_ptrmap: %d checks %s\n", checks, failures ? "FAILED" : "passed");
    return failures != 0;
}
