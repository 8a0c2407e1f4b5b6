// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * dcmdarg.h — the argument syntax of diagnostic commands (jcmd PID COMMAND ARGS), parsed
 * as HotSpot's DCmdParser does, with its error texts, so that a tool sees the same
 * IllegalArgumentException messages from GlassVM as from HotSpot.
 *
 * A command declares its arguments in a DcmdArg array: options ("-all", "-gz=1": the
 * name with its dash, matched first) and positional arguments ("filename": in order,
 * taking any word that is not an option). Words are separated by blanks; a word or a
 * value may be quoted with ' or " (the quotes are dropped). A word "key=value" that is
 * not an option gives a positional argument the key only, as HotSpot.
 *
 * Values: DCMD_BOOL ("-all", "-all=true", case-insensitive true/false), DCMD_INT (a
 * decimal jlong), DCMD_STRING. Errors (dcmd_parse returns false, the message in err):
 *   Unknown argument '<word, at most 29 characters>' in diagnostic command.
 *   Duplicates in diagnostic command arguments
 *   Boolean parsing error in command argument '<name>'. Could not parse: <value>.
 *   Integer parsing error in command argument '<name>'. Could not parse: <value>.
 *   The argument '<name>' is mandatory.
 *   The argument list of this diagnostic command should be empty.   (n == 0)
 * The attach listener (src/jvmti/attach.c) reports them as HotSpot does:
 * "java.lang.IllegalArgumentException: <message>" with status -1.
 */
#ifndef GLASS_DCMDARG_H
#define GLASS_DCMDARG_H

#include <stdbool.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

typedef enum DcmdArgType { DCMD_BOOL, DCMD_INT, DCMD_STRING } DcmdArgType;

typedef struct DcmdArg {
    /* declaration */
    const char *name;          /* "-all" (an option) or "filename" (positional) */
    const char *description;   /* for help */
    DcmdArgType type;
    bool option;
    bool mandatory;
    const char *default_value; /* parsed when the argument is absent; NULL: none */
    /* result (dcmd_parse) */
    bool is_set;               /* given on the command line */
    bool b;
    int64_t i;
    char *s;                   /* malloc'd; dcmd_free releases it */
} DcmdArg;

/* What `jcmd PID help NAME` says of a command besides its arguments. */
typedef struct DcmdInfo {
    const char *name;
    const char *description;
    const char *impact;
    const char *permission; /* "java.lang.management.ManagementPermission(monitor)" or NULL */
} DcmdInfo;

#define DCMD_ERR_MAX 160

/* Parses `text` (the command line after the command name; may be NULL) into args[0..n).
 * False with the message in err (DCMD_ERR_MAX bytes). Call dcmd_free afterwards in
 * both cases. */
bool dcmd_parse(const char *text, DcmdArg *args, int n, char *err);
void dcmd_free(DcmdArg *args, int n);

/* HotSpot's help text for a command (HelpDCmd for one command, DCmdParser::print_help):
 * name, description, impact, permission, then the syntax line and the arguments and
 * options with their descriptions, types and defaults. */
void dcmd_print_help(FILE *out, const DcmdInfo *info, const DcmdArg *args, int n);

#endif
