// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * test_dcmdarg.c — unit tests of diagnostic-command argument parsing
 * (src/jvm/dcmdarg.h) and of the heap tools' pointer map (src/jvm/ptrmap.h).
 *
 * A standalone program: one line per check group, then "test_dcmdarg: N checks passed";
 * the exit status is non-zero if any check fails. The expected messages are HotSpot's
 * (DCmdParser), also compared against HotSpot end to end by tests/java/HeapToolErrors.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jvm/dcmdarg.h"
#include "jvm/ptrmap.h"

static int checks, failures;

static bool check_(bool ok, const char *what, int line)
{
    checks++;
    if (!ok) {
        failures++;
        fprintf(stderr, "test_dcmdarg.c:%d: check failed: %s\n", line, what);
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

/* GC.heap_dump's declaration. */
static const DcmdArg heap_dump[] = {
    {.name = "filename", .description = "Name of the dump file", .type = DCMD_STRING, .mandatory = true},
    {.name = "-all", .description = "Dump all", .type = DCMD_BOOL, .option = true, .default_value = "false"},
    {.name = "-gz", .description = "Level", .type = DCMD_INT, .option = true, .default_value = "1"},
};
#define N 3

/* Parses text against heap_dump; the error message (or "") into err. */
static bool parse(const char *text, DcmdArg a[N], char *err)
{
    memcpy(a, heap_dump, sizeof heap_dump);
    return dcmd_parse(text, a, N, err);
}

static void test_values(void)
{
    DcmdArg a[N];
    char err[DCMD_ERR_MAX];
    CHECK(parse(" /tmp/x.hprof ", a, err));
    CHECK(strcmp(a[0].s, "/tmp/x.hprof") == 0 && a[0].is_set);
    CHECK(!a[1].b && !a[1].is_set); /* default false */
    CHECK(a[2].i == 1 && !a[2].is_set);
    dcmd_free(a, N);
    CHECK(parse("-all -gz=9 f", a, err) && a[1].b && a[1].is_set && a[2].i == 9 && a[2].is_set);
    CHECK(strcmp(a[0].s, "f") == 0);
    dcmd_free(a, N);
    CHECK(parse("f -all=FALSE", a, err) && !a[1].b && a[1].is_set);
    dcmd_free(a, N);
    CHECK(parse("-all= f", a, err) && a[1].b); /* an empty value is true */
    dcmd_free(a, N);
    CHECK(parse("'/tmp/a b.hprof' -gz=-3", a, err) && strcmp(a[0].s, "/tmp/a b.hprof") == 0 && a[2].i == -3);
    dcmd_free(a, N);
    CHECK(parse("\"q=1 2\"", a, err) && strcmp(a[0].s, "q=1 2") == 0);
    dcmd_free(a, N);
    CHECK(parse("key=value", a, err) && strcmp(a[0].s, "key") == 0); /* the key only */
    dcmd_free(a, N);
}

static void test_errors(void)
{
    DcmdArg a[N];
    char err[DCMD_ERR_MAX];
    CHECK(!parse("", a, err) && strcmp(err, "The argument 'filename' is mandatory.") == 0);
    dcmd_free(a, N);
    CHECK(!parse("f g", a, err) && strcmp(err, "Unknown argument 'g' in diagnostic command.") == 0);
    dcmd_free(a, N);
    CHECK(!parse("f abcdefghijklmnopqrstuvwxyz0123456789", a, err) &&
          strcmp(err, "Unknown argument 'abcdefghijklmnopqrstuvwxyz012' in diagnostic command.") == 0);
    dcmd_free(a, N);
    CHECK(!parse("-all -all f", a, err) && strcmp(err, "Duplicates in diagnostic command arguments") == 0);
    dcmd_free(a, N);
    CHECK(!parse("-all=maybe f", a, err) &&
          strcmp(err, "Boolean parsing error in command argument '-all'. Could not parse: maybe.") == 0);
    dcmd_free(a, N);
    CHECK(!parse("-gz f", a, err) &&
          strcmp(err, "Integer parsing error in command argument '-gz'. Could not parse: .") == 0);
    dcmd_free(a, N);
    CHECK(!parse("-gz=1x f", a, err) &&
          strcmp(err, "Integer parsing error in command argument '-gz'. Could not parse: 1x.") == 0);
    dcmd_free(a, N);
    CHECK(!dcmd_parse(" x", NULL, 0, err) &&
          strcmp(err, "The argument list of this diagnostic command should be empty.") == 0);
    CHECK(dcmd_parse("  ", NULL, 0, err));
}

static void test_help(void)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    DcmdInfo info = {"GC.heap_dump", "Dump.", "High", "P(monitor)"};
    dcmd_print_help(f, &info, heap_dump, N);
    fclose(f);
    CHECK(strcmp(text, "GC.heap_dump\nDump.\n\nImpact: High\n\nPermission: P(monitor)\n\n"
                       "Syntax : GC.heap_dump [options] <filename>\n\nArguments:\n"
                       "\tfilename :  Name of the dump file (STRING, no default value)\n\n"
                       "Options: (options must be specified using the <key> or <key>=<value> syntax)\n"
                       "\t-all : [optional] Dump all (BOOLEAN, false)\n\t-gz : [optional] Level (INT, 1)\n") == 0);
    free(text);
    f = open_memstream(&text, &len);
    DcmdInfo none = {"GC.heap_info", "Info.", "Medium", NULL};
    dcmd_print_help(f, &none, NULL, 0);
    fclose(f);
    CHECK(strcmp(text, "GC.heap_info\nInfo.\n\nImpact: Medium\n\nSyntax: GC.heap_info\n") == 0);
    free(text);
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
    run_group("values", test_values);
    run_group("errors", test_errors);
    run_group("help", test_help);
    run_group("ptrmap", test_ptrmap);
    printf("test_dcmdarg: %d checks %s\n", checks, failures ? "FAILED" : "passed");
    return failures != 0;
}
