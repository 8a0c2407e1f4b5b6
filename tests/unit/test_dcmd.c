// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * test_dcmd.c — unit tests of the diagnostic-command descriptions the JMM's
 * DiagnosticCommandMBean slots are built on (src/jvm/dcmd.h): which commands each source
 * sees and in which order, and the argument descriptions in HotSpot's order. (Parsing
 * and running commands need a booted VM: tests/java/DiagnosticCommands.)
 *
 * A standalone program: one line per check group, then "test_dcmd: N checks passed";
 * the exit status is non-zero if any check fails.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "jvm/dcmd.h"

static int checks, failures;

static bool check_(bool ok, const char *what, int line)
{
    checks++;
    if (!ok) {
        failures++;
        fprintf(stderr, "test_dcmd.c:%d: check failed: %s\n", line, what);
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

static bool listed(const char **names, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0) return true;
    return false;
}

static void test_lists(void)
{
    const char *names[64];
    int n = dcmd_list(DCMD_SOURCE_ATTACH, names, 64);
    CHECK(n > 10 && n <= 64);
    for (int i = 1; i < n; i++) CHECK(strcmp(names[i - 1], names[i]) < 0);
    CHECK(listed(names, n, "help"));
    CHECK(listed(names, n, "ManagementAgent.start_local"));
    CHECK(dcmd_list(DCMD_SOURCE_ATTACH, NULL, 0) == n);
    /* The MBean does not see the management agent's commands (HotSpot's export flags). */
    int m = dcmd_list(DCMD_SOURCE_MBEAN, names, 64);
    CHECK(m > 0 && m < n);
    CHECK(listed(names, m, "Thread.print"));
    CHECK(!listed(names, m, "ManagementAgent.start_local"));
    CHECK(!listed(names, m, "ManagementAgent.status"));
    CHECK(dcmd_find(DCMD_SOURCE_MBEAN, "ManagementAgent.status") == NULL);
    CHECK(dcmd_find(DCMD_SOURCE_ATTACH, "ManagementAgent.status") != NULL);
    CHECK(dcmd_find(DCMD_SOURCE_ATTACH, "No.such") == NULL);
    CHECK(dcmd_find(DCMD_SOURCE_ATTACH, NULL) == NULL);
}

static void test_info(void)
{
    const DcmdCommand *c = dcmd_find(DCMD_SOURCE_MBEAN, "VM.version");
    if (!CHECK(c != NULL)) return;
    CHECK(strcmp(c->description, "Print JVM version information.") == 0);
    CHECK(strcmp(c->impact, "Low") == 0);
    CHECK(strcmp(c->permission_class, "java.util.PropertyPermission") == 0);
    CHECK(strcmp(c->permission_name, "java.vm.version") == 0);
    CHECK(strcmp(c->permission_action, "read") == 0);
    CHECK(c->nargs == 0);
    c = dcmd_find(DCMD_SOURCE_MBEAN, "GC.run");
    CHECK(c != NULL && c->permission_class == NULL);
}

static void test_arguments(void)
{
    /* help: options are listed after the positional argument, with position -1. */
    const DcmdCommand *c = dcmd_find(DCMD_SOURCE_MBEAN, "help");
    if (!CHECK(c != NULL && c->nargs == 2)) return;
    DcmdArgInfo a[2];
    dcmd_arg_info(c, a);
    CHECK(strcmp(a[0].name, "command name") == 0 && !a[0].option && a[0].position == 0);
    CHECK(strcmp(a[0].type, "STRING") == 0 && a[0].default_string == NULL && !a[0].mandatory);
    CHECK(strcmp(a[1].name, "-all") == 0 && a[1].option && a[1].position == -1);
    CHECK(strcmp(a[1].type, "BOOLEAN") == 0 && strcmp(a[1].default_string, "false") == 0);
    CHECK(!a[0].multiple && !a[1].multiple);
    /* VM.classloaders: "fold" is a mandatory option with a default, as in HotSpot. */
    c = dcmd_find(DCMD_SOURCE_MBEAN, "VM.classloaders");
    if (!CHECK(c != NULL && c->nargs == 3)) return;
    DcmdArgInfo b[3];
    dcmd_arg_info(c, b);
    CHECK(strcmp(b[2].name, "fold") == 0 && b[2].mandatory && strcmp(b[2].default_string, "true") == 0);
    /* VM.set_flag: two positional arguments, in order. */
    c = dcmd_find(DCMD_SOURCE_MBEAN, "VM.set_flag");
    if (!CHECK(c != NULL && c->nargs == 2)) return;
    dcmd_arg_info(c, a);
    CHECK(a[0].position == 0 && a[0].mandatory && a[1].position == 1 && !a[1].mandatory);
    CHECK(strcmp(dcmd_type_name(DCMD_INT), "INT") == 0);
}

int main(void)
{
    run_group("lists by source", test_lists);
    run_group("command info", test_info);
    run_group("argument info", test_arguments);
    if (failures != 0) {
        printf("test_dcmd: %d of %d checks FAILED\n", failures, checks);
        return 1;
    }
    printf("test_dcmd: %d checks passed\n", checks);
    return 0;
}
