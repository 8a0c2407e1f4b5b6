// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * test_dcmd.c — unit tests of the diagnostic-command framework (src/jvm/dcmd.h): which
 * commands each source sees and in which order, the argument descriptions in HotSpot's
 * order (what the JMM's DiagnosticCommandMBean slots are built on), argument parsing
 * with HotSpot's DCmdParser rules and error texts, and `help <command>` texts. (Running
 * commands needs a booted VM: tests/java/DiagnosticCommands, HeapToolErrors.) The
 * expected messages are HotSpot's, also compared against HotSpot end to end by
 * tests/java/DiagnosticCommands and tests/java/HeapToolErrors.
 *
 * A standalone program: one line per check group, then "test_dcmd: N checks passed";
 * the exit status is non-zero if any check fails.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
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
    /* VM.class_hierarchy (dcmd_vm.c): the class name first, then -i and -s. */
    c = dcmd_find(DCMD_SOURCE_MBEAN, "VM.class_hierarchy");
    if (!CHECK(c != NULL && c->nargs == 3)) return;
    dcmd_arg_info(c, b);
    CHECK(strcmp(b[0].name, "classname") == 0 && b[0].position == 0 && !b[0].mandatory);
    CHECK(strcmp(b[1].name, "-i") == 0 && b[1].position == -1 && strcmp(b[2].name, "-s") == 0);
    /* VM.print_touched_methods needs no permission; System.trim_native_heap "control". */
    c = dcmd_find(DCMD_SOURCE_MBEAN, "VM.print_touched_methods");
    CHECK(c != NULL && c->permission_class == NULL);
    c = dcmd_find(DCMD_SOURCE_MBEAN, "System.trim_native_heap");
    CHECK(c != NULL && strcmp(c->permission_name, "control") == 0);
}

/* A command shaped as GC.heap_dump (the parser's cases, once tests/unit/test_dcmdarg.c). */
static bool never_run(Thread *t, unsigned source, const DcmdValue *v, FILE *out) { return false; }
static const DcmdArgDef dump_args[] = {
    {"filename", "Name of the dump file", DCMD_STRING, NULL, true, false},
    {"-all", "Dump all", DCMD_BOOLEAN, "false", false, true},
    {"-gz", "Level", DCMD_INT, "1", false, true},
};
static const DcmdCommand dump = {"GC.heap_dump", "Dump.", "High", DCMD_PERM_MONITOR, DCMD_EXPORT_ALL,
                                 DCMD_ARGS(dump_args), never_run};
static const DcmdCommand no_args = {"GC.heap_info", "Info.", "Medium", DCMD_PERM_NONE, DCMD_EXPORT_ALL,
                                    DCMD_NO_ARGS, never_run};

/* Parses text against cmd; the error message (or "") in err. */
static bool parse(const DcmdCommand *cmd, const char *text, DcmdValue *v, char *err)
{
    err[0] = '\0';
    return dcmd_parse(cmd, text, strlen(text), v, err);
}

static void test_parse_values(void)
{
    DcmdValue v[3];
    char err[DCMD_ERR_MAX];
    CHECK(parse(&dump, " /tmp/x.hprof ", v, err));
    CHECK(strcmp(v[0].s, "/tmp/x.hprof") == 0 && v[0].is_set);
    CHECK(!v[1].b && !v[1].is_set && v[1].has_value); /* the default, false */
    CHECK(v[2].j == 1 && !v[2].is_set);
    dcmd_free_values(&dump, v);
    CHECK(parse(&dump, "-all -gz=9 f", v, err) && v[1].b && v[1].is_set && v[2].j == 9 && v[2].is_set);
    CHECK(strcmp(v[0].s, "f") == 0);
    dcmd_free_values(&dump, v);
    CHECK(parse(&dump, "f -all=FALSE", v, err) && !v[1].b && v[1].is_set);
    dcmd_free_values(&dump, v);
    CHECK(parse(&dump, "-all= f", v, err) && v[1].b); /* an empty value is true */
    dcmd_free_values(&dump, v);
    CHECK(parse(&dump, "'/tmp/a b.hprof' -gz=-3", v, err) && strcmp(v[0].s, "/tmp/a b.hprof") == 0 && v[2].j == -3);
    dcmd_free_values(&dump, v);
    CHECK(parse(&dump, "\"q=1 2\"", v, err) && strcmp(v[0].s, "q=1 2") == 0);
    dcmd_free_values(&dump, v);
    CHECK(parse(&dump, "key=value", v, err) && strcmp(v[0].s, "key") == 0); /* the key only */
    dcmd_free_values(&dump, v);
    /* A quote inside an item drops the item's first character (HotSpot's DCmdArgIter). */
    CHECK(parse(&dump, "ab'c d'", v, err) && strcmp(v[0].s, "b'c d") == 0);
    dcmd_free_values(&dump, v);
    CHECK(dcmd_parse(&dump, NULL, 0, v, err) == false && strcmp(err, "The argument 'filename' is mandatory.") == 0);
    dcmd_free_values(&dump, v);
}

static void test_parse_errors(void)
{
    DcmdValue v[3];
    char err[DCMD_ERR_MAX];
    CHECK(!parse(&dump, "", v, err) && strcmp(err, "The argument 'filename' is mandatory.") == 0);
    dcmd_free_values(&dump, v);
    CHECK(!parse(&dump, "f g", v, err) && strcmp(err, "Unknown argument 'g' in diagnostic command.") == 0);
    dcmd_free_values(&dump, v);
    CHECK(!parse(&dump, "f abcdefghijklmnopqrstuvwxyz0123456789", v, err) &&
          strcmp(err, "Unknown argument 'abcdefghijklmnopqrstuvwxyz012' in diagnostic command.") == 0);
    dcmd_free_values(&dump, v);
    CHECK(!parse(&dump, "-all -all f", v, err) && strcmp(err, "Duplicates in diagnostic command arguments\n") == 0);
    dcmd_free_values(&dump, v);
    CHECK(!parse(&dump, "-all=maybe f", v, err) &&
          strcmp(err, "Boolean parsing error in command argument '-all'. Could not parse: maybe.\n") == 0);
    dcmd_free_values(&dump, v);
    CHECK(!parse(&dump, "-gz f", v, err) &&
          strcmp(err, "Integer parsing error in command argument '-gz'. Could not parse: .\n") == 0);
    dcmd_free_values(&dump, v);
    CHECK(!parse(&dump, "-gz=1x f", v, err) &&
          strcmp(err, "Integer parsing error in command argument '-gz'. Could not parse: 1x.\n") == 0);
    dcmd_free_values(&dump, v);
    CHECK(!parse(&dump, "'f", v, err) && strcmp(err, "Format error in diagnostic command arguments") == 0);
    dcmd_free_values(&dump, v);
    /* HotSpot formats the message into 256 bytes: a long value is cut. */
    char long_value[600] = "-all=";
    memset(long_value + 5, 'x', 500);
    CHECK(!parse(&dump, long_value, v, err) && strlen(err) == DCMD_ERR_MAX - 1);
    dcmd_free_values(&dump, v);
    CHECK(!parse(&no_args, " x", NULL, err) &&
          strcmp(err, "The argument list of this diagnostic command should be empty.") == 0);
    CHECK(parse(&no_args, "  ", NULL, err));
}

static char *help_of(const DcmdCommand *c)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    dcmd_print_help(f, c);
    fclose(f);
    return text;
}

static void test_help(void)
{
    char *text = help_of(&dump);
    CHECK(strcmp(text, "GC.heap_dump\nDump.\n\nImpact: High\n\n"
                       "Permission: java.lang.management.ManagementPermission(monitor)\n\n"
                       "Syntax : GC.heap_dump [options] <filename>\n\nArguments:\n"
                       "\tfilename :  Name of the dump file (STRING, no default value)\n\n"
                       "Options: (options must be specified using the <key> or <key>=<value> syntax)\n"
                       "\t-all : [optional] Dump all (BOOLEAN, false)\n\t-gz : [optional] Level (INT, 1)\n") == 0);
    free(text);
    text = help_of(&no_args);
    CHECK(strcmp(text, "GC.heap_info\nInfo.\n\nImpact: Medium\n\nSyntax: GC.heap_info\n") == 0);
    free(text);
    /* The heap tools' commands are rows of the one table, for jcmd and the MBean. */
    CHECK(dcmd_find(DCMD_SOURCE_MBEAN, "GC.class_histogram") != NULL);
    CHECK(dcmd_find(DCMD_SOURCE_MBEAN, "GC.heap_info") != NULL);
    CHECK(dcmd_find(DCMD_SOURCE_MBEAN, "GC.heap_dump") == NULL); /* HotSpot's export flags */
    const DcmdCommand *c = dcmd_find(DCMD_SOURCE_ATTACH, "GC.heap_dump");
    if (!CHECK(c != NULL && c->nargs == 4)) return;
    text = help_of(c);
    CHECK(strstr(text, "\nSyntax : GC.heap_dump [options] <filename>\n") != NULL);
    CHECK(strstr(text, "\t-overwrite : [optional] If specified, the dump file will be overwritten if it exists "
                       "(BOOLEAN, false)\n") != NULL);
    free(text);
}

int main(void)
{
    run_group("lists by source", test_lists);
    run_group("command info", test_info);
    run_group("argument info", test_arguments);
    run_group("parsing values", test_parse_values);
    run_group("parsing errors", test_parse_errors);
    run_group("help", test_help);
    if (failures != 0) {
        printf("test_dcmd: %d of %d checks FAILED\n", failures, checks);
        return 1;
    }
    printf("test_dcmd: %d checks passed\n", checks);
    return 0;
}
