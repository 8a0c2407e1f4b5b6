// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * dcmd.c — the diagnostic-command framework (dcmd.h): the command registry, HotSpot's
 * command-line parser (DCmdParser, DCmdArgIter, CmdLine) with its error messages, the
 * `help` command, and the queries the JMM's diagnostic-command slots are built on.
 *
 * Parsing, as HotSpot 17 does it (measured against it with jcmd and the attach API):
 *  - the text is cut into lines at '\n'; each line is a command, its name running from
 *    the first non-space character to the next white space, its arguments from there
 *    (HotSpot's CmdLine: a tab ending the name is part of the first item); a line whose
 *    name is a prefix of "stop" ends the list, a name starting with '#' is a comment, an
 *    empty name is an unknown command;
 *  - the arguments are items separated by ' '; an item is `key` or `key=value`, where
 *    key and value may each be quoted with ' or " (a backslash before the quote does not
 *    end it; an unterminated quote is a format error); an item with an empty key ends
 *    the list;
 *  - a key naming an option sets that option to the value (a boolean option without one
 *    is true); any other key — not its value — fills the next positional argument; one
 *    too many is "Unknown argument"; a command without arguments accepts none;
 *  - defaults are parsed like given values; afterwards every mandatory argument must have
 *    a value.
 */
#include "dcmd.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../os/os.h"
#include "../vm/exception.h"
#include "../vm/thread.h"

#define MAX_REGISTERED 32
#define MAX_ARGS 32
#define IAE "java/lang/IllegalArgumentException"

static const DcmdCommand *registered[MAX_REGISTERED];
static int registered_count;

void dcmd_register(const DcmdCommand *cmd)
{
    if (registered_count < MAX_REGISTERED) registered[registered_count++] = cmd;
}

/* Every command: help, the built-in tables, then the registered rows. */
static const DcmdCommand *command_at(int i)
{
    if (i-- == 0) return &dcmd_help_command;
    int n;
    const DcmdCommand *builtin = dcmd_builtin_commands(&n);
    if (i < n) return &builtin[i];
    i -= n;
    builtin = dcmd_vm_commands(&n);
    if (i < n) return &builtin[i];
    i -= n;
    return i < registered_count ? registered[i] : NULL;
}

static const DcmdCommand *find_len(unsigned source, const char *name, size_t len)
{
    const DcmdCommand *c;
    for (int i = 0; (c = command_at(i)) != NULL; i++)
        if ((c->sources & source) && strlen(c->name) == len && strncmp(c->name, name, len) == 0) return c;
    return NULL;
}

const DcmdCommand *dcmd_find(unsigned source, const char *name)
{
    return name != NULL ? find_len(source, name, strlen(name)) : NULL;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Sorted names of the commands exported to source; malloc'd (caller frees), *n set. */
static const char **sorted_names(unsigned source, int *n)
{
    int count = 0;
    const DcmdCommand *c;
    for (int i = 0; (c = command_at(i)) != NULL; i++) count += (c->sources & source) != 0;
    const char **v = malloc((size_t)(count ? count : 1) * sizeof *v);
    if (v == NULL) {
        *n = 0;
        return NULL;
    }
    count = 0;
    for (int i = 0; (c = command_at(i)) != NULL; i++)
        if (c->sources & source) v[count++] = c->name;
    qsort(v, (size_t)count, sizeof *v, compare_names);
    *n = count;
    return v;
}

int dcmd_list(unsigned source, const char **names, int max)
{
    int n;
    const char **v = sorted_names(source, &n);
    for (int i = 0; i < n && i < max; i++) names[i] = v[i];
    free(v);
    return n;
}

const char *dcmd_type_name(DcmdArgType type)
{
    switch (type) {
    case DCMD_BOOLEAN: return "BOOLEAN";
    case DCMD_INT: return "INT";
    default: return "STRING";
    }
}

void dcmd_arg_info(const DcmdCommand *cmd, DcmdArgInfo *out)
{
    int k = 0, position = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < cmd->nargs; i++) {
            const DcmdArgDef *a = &cmd->args[i];
            if (a->option != (pass == 1)) continue;
            out[k++] = (DcmdArgInfo){a->name, a->description, dcmd_type_name(a->type), a->default_value,
                                     a->mandatory, a->option, false, a->option ? -1 : position++};
        }
    }
}

/* ------------------------------------------------------------------------------------ */
/* Parsing                                                                              */
/* ------------------------------------------------------------------------------------ */

/* DCmdArgIter: the items of an argument string. */
typedef struct ArgIter {
    const char *buf;
    size_t len, cursor;
    const char *key, *value; /* value NULL: no '=' */
    size_t key_len, value_len;
} ArgIter;

/* A quote at buf[*cursor] inside the item that starts at *start: as HotSpot, the item
 * loses its first character (the quote, when it opens the item) and runs to the next
 * quote of the same kind not preceded by a backslash, where *cursor stops. False if that
 * quote is missing (HotSpot's "Format error"; also for an item that is a lone quote at
 * the very end, where HotSpot's own scan computes a negative length). */
static bool scan_quoted(const ArgIter *it, size_t *cursor, const char **start)
{
    char quote = it->buf[*cursor];
    (*start)++;
    while (*cursor < it->len - 1) {
        (*cursor)++;
        if (it->buf[*cursor] == quote && it->buf[*cursor - 1] != '\\') break;
    }
    return it->buf[*cursor] == quote && *start <= &it->buf[*cursor];
}

/* The next item: 1, 0 at the end, -1 with the error message in err. */
static int iter_next(ArgIter *it, char *err)
{
    if (it->len == 0) return 0;
    while (it->cursor < it->len - 1 && it->buf[it->cursor] == ' ') it->cursor++;
    if (it->cursor == it->len - 1 && it->buf[it->cursor] == ' ') return 0;
    if (it->cursor >= it->len) return 0;
    /* The key, up to '=' or a delimiter. */
    it->key = &it->buf[it->cursor];
    bool quoted = false;
    while (it->cursor < it->len && it->buf[it->cursor] != '=' && it->buf[it->cursor] != ' ') {
        char ch = it->buf[it->cursor];
        if (ch == '"' || ch == '\'') {
            if (!scan_quoted(it, &it->cursor, &it->key)) goto format_error;
            quoted = true;
            break;
        }
        it->cursor++;
    }
    it->key_len = (size_t)(&it->buf[it->cursor] - it->key);
    if (quoted) it->cursor++;
    /* The value, after '=', up to a delimiter. */
    it->value = NULL;
    it->value_len = 0;
    if (it->cursor < it->len && it->buf[it->cursor] == '=') {
        it->cursor++;
        it->value = &it->buf[it->cursor];
        quoted = false;
        while (it->cursor < it->len && it->buf[it->cursor] != ' ') {
            char ch = it->buf[it->cursor];
            if (ch == '"' || ch == '\'') {
                if (!scan_quoted(it, &it->cursor, &it->value)) goto format_error;
                quoted = true;
                break;
            }
            it->cursor++;
        }
        it->value_len = (size_t)(&it->buf[it->cursor] - it->value);
        if (quoted) it->cursor++;
    }
    return it->key_len != 0;
format_error:
    snprintf(err, DCMD_ERR_MAX, "Format error in diagnostic command arguments");
    return -1;
}

/* Parses text (len bytes, or NULL) into v for argument a (GenDCmdArgument::read_value's
 * parse_value). Strings are copied; dcmd_free_values frees them. False with the message
 * in err ("" if memory ran out). HotSpot formats its messages into 256-byte buffers
 * (err_msg), so a long value is cut as there. */
static bool parse_value(const DcmdArgDef *a, DcmdValue *v, const char *text, size_t len, char *err)
{
    char *copy = NULL;
    if (text != NULL) {
        copy = malloc(len + 1);
        if (copy == NULL) {
            err[0] = '\0';
            return false;
        }
        memcpy(copy, text, len);
        copy[len] = '\0';
    }
    switch (a->type) {
    case DCMD_BOOLEAN:
        if (len == 0) {
            v->b = true;
        } else if (len == 4 && strncasecmp(copy, "true", 4) == 0) {
            v->b = true;
        } else if (len == 5 && strncasecmp(copy, "false", 5) == 0) {
            v->b = false;
        } else {
            snprintf(err, DCMD_ERR_MAX, "Boolean parsing error in command argument '%s'. Could not parse: %s.\n",
                     a->name, copy);
            free(copy);
            return false;
        }
        free(copy);
        break;
    case DCMD_INT: {
        int scanned = -1;
        long long j;
        if (copy == NULL || sscanf(copy, "%lld%n", &j, &scanned) != 1 || (size_t)scanned != len) {
            snprintf(err, DCMD_ERR_MAX, "Integer parsing error in command argument '%s'. Could not parse: %s.\n",
                     a->name, copy != NULL ? copy : "");
            free(copy);
            return false;
        }
        v->j = j;
        free(copy);
        break;
    }
    case DCMD_STRING:
        free((char *)v->s);
        v->s = copy;
        break;
    }
    v->has_value = true;
    return true;
}

void dcmd_free_values(const DcmdCommand *cmd, DcmdValue *v)
{
    for (int i = 0; i < cmd->nargs; i++)
        if (cmd->args[i].type == DCMD_STRING) {
            free((char *)v[i].s);
            v[i].s = NULL;
        }
}

/* DCmdParser::parse and check. */
bool dcmd_parse(const DcmdCommand *cmd, const char *args, size_t len, DcmdValue *v, char *err)
{
    ArgIter it = {.buf = args, .len = args != NULL ? len : 0};
    int r;
    if (cmd->nargs > 0) memset(v, 0, (size_t)cmd->nargs * sizeof *v); /* v may be NULL without arguments */
    if (cmd->nargs == 0) {
        if ((r = iter_next(&it, err)) < 0) return false;
        if (r > 0) {
            snprintf(err, DCMD_ERR_MAX, "The argument list of this diagnostic command should be empty.");
            return false;
        }
        return true;
    }
    for (int i = 0; i < cmd->nargs; i++) {
        const DcmdArgDef *a = &cmd->args[i];
        if (a->default_value != NULL && !parse_value(a, &v[i], a->default_value, strlen(a->default_value), err))
            return false;
    }
    int next_positional = 0;
    while ((r = iter_next(&it, err)) > 0) {
        int found = -1;
        for (int i = 0; i < cmd->nargs && found < 0; i++)
            if (cmd->args[i].option && strlen(cmd->args[i].name) == it.key_len &&
                strncmp(cmd->args[i].name, it.key, it.key_len) == 0)
                found = i;
        const char *text = it.value;
        size_t text_len = it.value_len;
        if (found < 0) {
            while (next_positional < cmd->nargs && cmd->args[next_positional].option) next_positional++;
            if (next_positional == cmd->nargs) {
                /* HotSpot quotes at most 29 characters of the item. */
                int shown = it.key_len < 29 ? (int)it.key_len : 29;
                snprintf(err, DCMD_ERR_MAX, "Unknown argument '%.*s' in diagnostic command.", shown, it.key);
                return false;
            }
            found = next_positional++;
            text = it.key;
            text_len = it.key_len;
        }
        if (v[found].is_set) {
            snprintf(err, DCMD_ERR_MAX, "Duplicates in diagnostic command arguments\n");
            return false;
        }
        if (!parse_value(&cmd->args[found], &v[found], text, text_len, err)) return false;
        v[found].is_set = true;
    }
    if (r < 0) return false;
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < cmd->nargs; i++) {
            const DcmdArgDef *a = &cmd->args[i];
            if (a->option != (pass == 1) || !a->mandatory || v[i].has_value) continue;
            snprintf(err, DCMD_ERR_MAX, "The %s '%s' is mandatory.", a->option ? "option" : "argument", a->name);
            return false;
        }
    }
    return true;
}

/* One command line (CmdLine, DCmdFactory::create_local_DCmd, parse, execute). */
static bool execute_one(Thread *t, unsigned source, const char *line, size_t len, FILE *out)
{
    size_t i = 0;
    while (i < len && isspace((unsigned char)line[i])) i++;
    const char *name = line + i;
    size_t name_len = 0;
    while (i < len && !isspace((unsigned char)line[i])) i++, name_len++;
    /* The arguments start right after the name: a tab there is part of the first item. */
    const DcmdCommand *cmd = find_len(source, name, name_len);
    if (cmd == NULL) {
        exc_throw(t, IAE, "Unknown diagnostic command");
        return false;
    }
    DcmdValue v[MAX_ARGS];
    if (cmd->nargs > MAX_ARGS) {
        exc_throw(t, "java/lang/InternalError", "%s: too many arguments", cmd->name);
        return false;
    }
    char err[DCMD_ERR_MAX];
    bool ok = dcmd_parse(cmd, line + i, len - i, v, err);
    if (!ok && err[0] != '\0') exc_throw(t, IAE, "%s", err);
    else if (!ok) exc_throw_oom(t);
    if (ok) ok = cmd->execute(t, source, v, out);
    dcmd_free_values(cmd, v);
    return ok;
}

bool dcmd_execute(Thread *t, unsigned source, const char *text, FILE *out)
{
    size_t len = strlen(text), cursor = 0;
    for (int count = 0; cursor < len; count++) {
        if (source == DCMD_SOURCE_MBEAN && count > 0) {
            /* One command per invocation: the MBean checked the permission of one. */
            exc_throw(t, IAE, NULL);
            return false;
        }
        const char *nl = memchr(text + cursor, '\n', len - cursor);
        size_t end = nl != NULL ? (size_t)(nl - text) : len;
        const char *line = text + cursor;
        size_t line_len = end - cursor;
        cursor = end + 1;
        size_t i = 0;
        while (i < line_len && isspace((unsigned char)line[i])) i++;
        size_t name_len = 0;
        while (i + name_len < line_len && !isspace((unsigned char)line[i + name_len])) name_len++;
        if (name_len > 0 && strncmp("stop", line + i, name_len) == 0) break;
        if (name_len > 0 && line[i] == '#') continue;
        if (!execute_one(t, source, line, line_len, out)) return false;
    }
    return true;
}

char *dcmd_execute_to_string(Thread *t, unsigned source, const char *line, size_t *len)
{
    char *text = NULL;
    *len = 0;
    FILE *out = os_memstream_open(&text, len);
    if (out == NULL) {
        exc_throw_oom(t);
        return NULL;
    }
    bool ok = dcmd_execute(t, source, line, out);
    fclose(out);
    if (!ok) {
        free(text);
        *len = 0;
        return NULL;
    }
    return text;
}

/* ------------------------------------------------------------------------------------ */
/* help                                                                                 */
/* ------------------------------------------------------------------------------------ */

/* DCmdParser::print_help's argument lines. */
static void print_arg_lines(FILE *out, const DcmdCommand *c, bool options)
{
    for (int i = 0; i < c->nargs; i++) {
        const DcmdArgDef *a = &c->args[i];
        if (a->option != options) continue;
        fprintf(out, "\t%s : %s %s (%s, %s)\n", a->name, a->mandatory ? "" : "[optional]", a->description,
                dcmd_type_name(a->type), a->default_value != NULL ? a->default_value : "no default value");
    }
}

void dcmd_print_help(FILE *out, const DcmdCommand *c)
{
    fprintf(out, "%s\n%s\n\nImpact: %s\n", c->name, c->description, c->impact);
    if (c->permission_class != NULL) {
        const char *pname = c->permission_name != NULL ? c->permission_name : "null";
        if (c->permission_action != NULL)
            fprintf(out, "\nPermission: %s(%s, %s)\n", c->permission_class, pname, c->permission_action);
        else
            fprintf(out, "\nPermission: %s(%s)\n", c->permission_class, pname);
    }
    fputc('\n', out);
    if (c->nargs == 0) {
        fprintf(out, "Syntax: %s\n", c->name);
        return;
    }
    bool has_options = false, has_positional = false;
    for (int i = 0; i < c->nargs; i++) {
        if (c->args[i].option) has_options = true;
        else has_positional = true;
    }
    fprintf(out, "Syntax : %s %s", c->name, has_options ? "[options]" : "");
    for (int i = 0; i < c->nargs; i++) {
        const DcmdArgDef *a = &c->args[i];
        if (!a->option) fprintf(out, a->mandatory ? " <%s>" : " [<%s>]", a->name);
    }
    fputc('\n', out);
    if (has_positional) {
        fputs("\nArguments:\n", out);
        print_arg_lines(out, c, false);
    }
    if (has_options) {
        fputs("\nOptions: (options must be specified using the <key> or <key>=<value> syntax)\n", out);
        print_arg_lines(out, c, true);
    }
}

/* Lists and describes the commands of the caller's source, as HotSpot's HelpDCmd. */
static bool run_help(Thread *t, unsigned help_source, const DcmdValue *v, FILE *out)
{
    int n;
    const char **names = sorted_names(help_source, &n);
    if (v[0].b) {
        for (int i = 0; i < n; i++) {
            const DcmdCommand *c = dcmd_find(help_source, names[i]);
            fprintf(out, "%s\n\t%s\n\n", c->name, c->description);
        }
    } else if (v[1].s != NULL) {
        const DcmdCommand *c = dcmd_find(help_source, v[1].s);
        if (c != NULL) dcmd_print_help(out, c);
        else fprintf(out, "Help unavailable : '%s' : No such command\n", v[1].s);
    } else {
        fputs("The following commands are available:\n", out);
        for (int i = 0; i < n; i++) fprintf(out, "%s\n", names[i]);
        fputs("\nFor more information about a specific command use 'help <command>'.\n", out);
    }
    free(names);
    return true;
}

static const DcmdArgDef help_args[] = {
    {"-all", "Show help for all commands", DCMD_BOOLEAN, "false", false, true},
    {"command name", "The name of the command for which we want help", DCMD_STRING, NULL, false, false},
};

const DcmdCommand dcmd_help_command = {
    "help",
    "For more information about a specific command use 'help <command>'. With no argument this will show a list "
    "of available commands. 'help all' will show help for all commands.",
    "Low",
    DCMD_PERM_NONE,
    DCMD_EXPORT_ALL,
    DCMD_ARGS(help_args),
    run_help,
};
