// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * dcmd.h — diagnostic commands (dcmd.c, the framework; dcmd_commands.c, the commands):
 * what `jcmd <pid> <command>` runs through the attach mechanism, and what
 * com.sun.management.DiagnosticCommandMBean runs through the JMM interface.
 *
 * A command is a row (DcmdCommand): its name, description, impact, the Java permission
 * the MBean checks, the sources it is exported to, its typed arguments (DcmdArgDef: a
 * positional argument or a `name=value` option; BOOLEAN, STRING or INT), and the C
 * function that runs it. The parser follows HotSpot's DCmdParser exactly, errors
 * included: the command line is split into commands at '\n'; a command's name ends at
 * white space; its arguments are split at ' ' into `key[=value]` items, either quoted
 * with ' or "; a key naming an option sets it (a boolean option without a value is
 * true), any other key fills the next positional argument; then every mandatory argument
 * must have a value. Errors are IllegalArgumentExceptions with HotSpot's messages:
 * "Unknown diagnostic command", "Unknown argument '<key>' in diagnostic command.",
 * "The argument list of this diagnostic command should be empty.", "The argument '<name>'
 * is mandatory.", "Duplicates in diagnostic command arguments\n", "Boolean parsing error
 * in command argument '<name>'. Could not parse: <text>.\n", "Integer parsing error in
 * command argument '<name>'. Could not parse: <text>.\n", "Format error in diagnostic
 * command arguments".
 *
 * Adding a command: write `static bool run_x(Thread *t, unsigned source, const DcmdValue
 * *v, FILE *out)`
 * (v[i] is the value of args[i] of the row, in the row's order; print to out; return
 * false with a Java exception pending to fail) and add one row to the table in
 * dcmd_commands.c — or, from another module, call dcmd_register() with a static row
 * before the live phase.
 *
 * Threads: dcmd_execute* run on an attached Java thread in TS_JAVA (the Attach Listener,
 * or the thread calling DiagnosticCommandMBean); a command may run Java code and
 * allocate. The table is fixed after boot (dcmd_register), so the queries need no lock.
 */
#ifndef GLASS_DCMD_H
#define GLASS_DCMD_H

#include <jni.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../vm/vm.h"

/* Who may run a command (HotSpot's DCmdSource bits). */
enum {
    DCMD_SOURCE_INTERNAL = 1,
    DCMD_SOURCE_ATTACH = 2, /* jcmd, through the attach listener */
    DCMD_SOURCE_MBEAN = 4,  /* DiagnosticCommandMBean, through the JMM interface */
    DCMD_EXPORT_ALL = 7,
    DCMD_EXPORT_NO_MBEAN = 3,
};

typedef enum DcmdArgType {
    DCMD_BOOLEAN, /* "BOOLEAN": true/false (any case); an option without a value is true */
    DCMD_STRING,  /* "STRING" */
    DCMD_INT,     /* "INT": a jlong in decimal */
} DcmdArgType;

typedef struct DcmdArgDef {
    const char *name;
    const char *description;
    DcmdArgType type;
    const char *default_value; /* text parsed as a given value would be; NULL: none */
    bool mandatory;
    bool option; /* name=value; false: a positional argument, filled in order */
} DcmdArgDef;

/* A parsed argument: is_set when the command line gave it; b/j/s hold the value given
 * or the default (s NULL: no value). s points into storage valid during execute. */
typedef struct DcmdValue {
    bool is_set;
    bool has_value; /* given or defaulted */
    bool b;
    int64_t j;
    const char *s;
} DcmdValue;

typedef struct DcmdCommand {
    const char *name;
    const char *description;
    const char *impact;
    /* The java.security.Permission the MBean checks: class, name, action (NULLs: none). */
    const char *permission_class, *permission_name, *permission_action;
    unsigned sources;
    const DcmdArgDef *args;
    int nargs;
    /* Runs the command for `source` (the caller's: DCMD_SOURCE_ATTACH or _MBEAN); v[i]
     * belongs to args[i]. False with a Java exception pending. */
    bool (*execute)(Thread *t, unsigned source, const DcmdValue *v, FILE *out);
} DcmdCommand;

#define DCMD_ARGS(a) (a), (int)(sizeof(a) / sizeof((a)[0]))
#define DCMD_NO_ARGS NULL, 0
#define DCMD_PERM_MONITOR "java.lang.management.ManagementPermission", "monitor", NULL
#define DCMD_PERM_CONTROL "java.lang.management.ManagementPermission", "control", NULL
#define DCMD_PERM_NONE NULL, NULL, NULL

/* Boot (before the live phase): adds commands from another module (`cmd` stays valid). */
void dcmd_register(const DcmdCommand *cmd);
/* The built-in rows (dcmd_commands.c; dcmd_vm.c: the VM's tables and the process) and
 * their count. */
const DcmdCommand *dcmd_builtin_commands(int *count);
const DcmdCommand *dcmd_vm_commands(int *count);
/* `help` (dcmd.c), a row of the built-in table. */
extern const DcmdCommand dcmd_help_command;

/* For commands implemented in Java: calls the static method cls.name(desc) of a class
 * the boot loader loads (initialized first) with args; false with the exception pending
 * (NoSuchMethodError if there is no such method). t in TS_JAVA. */
bool dcmd_call_static(Thread *t, const char *cls, const char *name, const char *desc, const Slot *args, Slot *ret);

/* ---- Running commands ---- */

/* Runs every command of `line` ('\n'-separated, as HotSpot's DCmd::parse_and_execute:
 * empty lines are skipped, a line "stop" ends the list; from the MBean source only one
 * command is allowed) that is exported to `source`, output to out. False with the Java
 * exception pending at the first failure (output of earlier commands stays in out). */
bool dcmd_execute(Thread *t, unsigned source, const char *line, FILE *out);
/* The same, output collected into a malloc'd NUL-terminated string (*len bytes, the
 * caller frees it); NULL with an exception pending on failure (nothing to free). This
 * is what the JMM's ExecuteDiagnosticCommand wraps (source DCMD_SOURCE_MBEAN). */
char *dcmd_execute_to_string(Thread *t, unsigned source, const char *line, size_t *len);

/* ---- Parsing and help, without a VM (dcmd.c; the unit test test_dcmd calls them) ---- */

#define DCMD_ERR_MAX 256 /* HotSpot formats its messages into 256-byte buffers */
/* Parses the argument text of one command (args, len bytes, after the command's name;
 * may be NULL) into v[0 .. cmd->nargs) as HotSpot's DCmdParser::parse and check do.
 * False with HotSpot's IllegalArgumentException message in err (DCMD_ERR_MAX bytes; ""
 * if memory ran out). Call dcmd_free_values afterwards in both cases. Any thread. */
bool dcmd_parse(const DcmdCommand *cmd, const char *args, size_t len, DcmdValue *v, char *err);
void dcmd_free_values(const DcmdCommand *cmd, DcmdValue *v);
/* `help <command>` (HotSpot's HelpDCmd for one command, DCmdParser::print_help): name,
 * description, impact, permission, the syntax line, the arguments and the options. */
void dcmd_print_help(FILE *out, const DcmdCommand *cmd);

/* ---- Describing commands (the JMM's GetDiagnosticCommands/...Info/...ArgumentsInfo) --- */

/* The names of the commands exported to `source`, sorted (strcmp); fills up to max of
 * them into names (static strings) and returns how many there are in all. */
int dcmd_list(unsigned source, const char **names, int max);
/* The command `name` exported to `source`, or NULL. Everything it points to is static. */
const DcmdCommand *dcmd_find(unsigned source, const char *name);

/* One argument as the JMM's dcmdArgInfo describes it. Strings are static. */
typedef struct DcmdArgInfo {
    const char *name, *description, *type, *default_string;
    bool mandatory, option, multiple;
    int position; /* of a positional argument (0, 1, ...); -1 for options */
} DcmdArgInfo;
/* Fills out[0 .. cmd->nargs-1] in HotSpot's order: positional arguments first, then the
 * options, each group in the row's order. */
void dcmd_arg_info(const DcmdCommand *cmd, DcmdArgInfo *out);
/* "BOOLEAN", "STRING", "INT". */
const char *dcmd_type_name(DcmdArgType type);

/* ---- The JMM's diagnostic-command slots, JNI side (dcmd_jmm.c) ----
 * Called from the JMM table's functions (a JNI native method's thread, TS_NATIVE);
 * errors are Java exceptions left pending, with HotSpot's messages. */

/* GetDiagnosticCommands: a String[] of the MBean's commands, sorted; NULL on error. */
jobjectArray dcmd_jmm_commands(JNIEnv *env);
/* GetDiagnosticCommandInfo: rows[i] = the command cmds[i] names (rows has room for the
 * array's length). NullPointerException for a null array or element, IAE "Array element
 * type is not String class", IAE "Unknown diagnostic command". The caller copies each
 * row's strings (static) and nargs into dcmdInfo, enabled = true. */
bool dcmd_jmm_find_commands(JNIEnv *env, jobjectArray cmds, const DcmdCommand **rows);
/* GetDiagnosticCommandArgumentsInfo: the command `command` names, checked to have
 * `count` arguments (IAE "Wrong number of arguments"); NPE "Command line cannot be
 * null.", IAE "Unknown diagnostic command". The caller fills dcmdArgInfo[count] from
 * dcmd_arg_info(row, ...). */
const DcmdCommand *dcmd_jmm_find_command(JNIEnv *env, jstring command, jint count);
/* ExecuteDiagnosticCommand: runs the command line (one command, MBean source) and
 * returns its output; NULL with the command's exception pending (NPE "Command line
 * cannot be null." for null). */
jstring dcmd_jmm_execute(JNIEnv *env, jstring command);

#endif
