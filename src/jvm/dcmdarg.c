// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * dcmdarg.c — diagnostic-command argument parsing with HotSpot's rules and messages
 * (dcmdarg.h). Pure string handling: no VM state, any thread.
 */
#include "dcmdarg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* One word of the command line: key, and value after '=' (value NULL if there is no
 * '='). Pointers into the text, with lengths. */
typedef struct Word {
    const char *key, *value;
    size_t key_len, value_len;
} Word;

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n'; }

/* Scans a quoted or plain token starting at *p, ending at a blank, or also at '=' if
 * stop_at_eq. Sets the token's start and length; advances *p past it. */
static void token(const char **p, bool stop_at_eq, const char **start, size_t *len)
{
    const char *s = *p;
    if (*s == '"' || *s == '\'') {
        char q = *s++;
        const char *e = strchr(s, q);
        if (e == NULL) e = s + strlen(s);
        *start = s;
        *len = (size_t)(e - s);
        *p = *e ? e + 1 : e;
        return;
    }
    const char *e = s;
    while (*e && !is_blank(*e) && !(stop_at_eq && *e == '=')) e++;
    *start = s;
    *len = (size_t)(e - s);
    *p = e;
}

static bool next_word(const char **p, Word *w)
{
    while (is_blank(**p)) (*p)++;
    if (**p == '\0') return false;
    token(p, true, &w->key, &w->key_len);
    w->value = NULL;
    w->value_len = 0;
    if (**p == '=') {
        (*p)++;
        token(p, false, &w->value, &w->value_len);
    }
    return true;
}

/* Stores the value text (NULL: none given) into a; false with the message in err. */
static bool read_value(DcmdArg *a, const char *v, size_t len, char *err)
{
    if (a->is_set) {
        snprintf(err, DCMD_ERR_MAX, "Duplicates in diagnostic command arguments");
        return false;
    }
    switch (a->type) {
    case DCMD_BOOL:
        if (v == NULL || len == 0 || (len == 4 && strncasecmp(v, "true", 4) == 0)) {
            a->b = true;
        } else if (len == 5 && strncasecmp(v, "false", 5) == 0) {
            a->b = false;
        } else {
            snprintf(err, DCMD_ERR_MAX, "Boolean parsing error in command argument '%s'. Could not parse: %.*s.",
                     a->name, (int)len, v);
            return false;
        }
        break;
    case DCMD_INT: {
        char buf[32];
        bool ok = v != NULL && len > 0 && len < sizeof buf;
        if (ok) {
            memcpy(buf, v, len);
            buf[len] = '\0';
            char *end;
            long long x = strtoll(buf, &end, 10);
            ok = *end == '\0' && end != buf;
            a->i = x;
        }
        if (!ok) {
            snprintf(err, DCMD_ERR_MAX, "Integer parsing error in command argument '%s'. Could not parse: %.*s.",
                     a->name, v != NULL ? (int)len : 0, v != NULL ? v : "");
            return false;
        }
        break;
    }
    case DCMD_STRING:
        free(a->s);
        a->s = strndup(v != NULL ? v : "", v != NULL ? len : 0);
        break;
    }
    return true;
}

bool dcmd_parse(const char *text, DcmdArg *args, int n, char *err)
{
    const char *p = text != NULL ? text : "";
    err[0] = '\0';
    for (int i = 0; i < n; i++) {
        args[i].is_set = false;
        args[i].b = false;
        args[i].i = 0;
        args[i].s = NULL;
    }
    Word w;
    int next_pos = 0; /* next positional argument to fill */
    while (next_word(&p, &w)) {
        if (n == 0) {
            snprintf(err, DCMD_ERR_MAX, "The argument list of this diagnostic command should be empty.");
            return false;
        }
        DcmdArg *a = NULL;
        for (int i = 0; i < n && a == NULL; i++)
            if (args[i].option && strlen(args[i].name) == w.key_len && strncmp(args[i].name, w.key, w.key_len) == 0)
                a = &args[i];
        if (a != NULL) {
            if (!read_value(a, w.value, w.value_len, err)) return false;
            a->is_set = true;
            continue;
        }
        while (next_pos < n && args[next_pos].option) next_pos++;
        if (next_pos == n) {
            size_t len = w.key_len < 29 ? w.key_len : 29;
            snprintf(err, DCMD_ERR_MAX, "Unknown argument '%.*s' in diagnostic command.", (int)len, w.key);
            return false;
        }
        a = &args[next_pos++];
        if (!read_value(a, w.key, w.key_len, err)) return false;
        a->is_set = true;
    }
    /* Defaults, then the mandatory check: options first, then positional arguments. */
    for (int i = 0; i < n; i++) {
        DcmdArg *a = &args[i];
        if (a->is_set || a->default_value == NULL) continue;
        if (!read_value(a, a->default_value, strlen(a->default_value), err)) return false;
    }
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < n; i++) {
            DcmdArg *a = &args[i];
            if (a->option != (pass == 0) || !a->mandatory || a->is_set) continue;
            snprintf(err, DCMD_ERR_MAX, "The argument '%s' is mandatory.", a->name);
            return false;
        }
    }
    return true;
}

void dcmd_free(DcmdArg *args, int n)
{
    for (int i = 0; i < n; i++) {
        free(args[i].s);
        args[i].s = NULL;
    }
}

static const char *type_name(DcmdArgType t)
{
    switch (t) {
    case DCMD_BOOL: return "BOOLEAN";
    case DCMD_INT: return "INT";
    case DCMD_STRING: return "STRING";
    }
    return "?";
}

static void print_args(FILE *out, const DcmdArg *args, int n, bool options)
{
    for (int i = 0; i < n; i++) {
        const DcmdArg *a = &args[i];
        if (a->option != options) continue;
        fprintf(out, "\t%s : %s %s (%s, %s)\n", a->name, a->mandatory ? "" : "[optional]", a->description,
                type_name(a->type), a->default_value != NULL ? a->default_value : "no default value");
    }
}

void dcmd_print_help(FILE *out, const DcmdInfo *info, const DcmdArg *args, int n)
{
    fprintf(out, "%s\n%s\n\nImpact: %s\n", info->name, info->description, info->impact);
    if (info->permission != NULL) fprintf(out, "\nPermission: %s\n", info->permission);
    fprintf(out, "\n");
    if (n == 0) {
        fprintf(out, "Syntax: %s\n", info->name);
        return;
    }
    bool has_options = false, has_arguments = false;
    for (int i = 0; i < n; i++) {
        if (args[i].option) has_options = true;
        else has_arguments = true;
    }
    fprintf(out, "Syntax : %s %s", info->name, has_options ? "[options]" : "");
    for (int i = 0; i < n; i++)
        if (!args[i].option) fprintf(out, args[i].mandatory ? " <%s>" : " [<%s>]", args[i].name);
    fprintf(out, "\n");
    if (has_arguments) {
        fprintf(out, "\nArguments:\n");
        print_args(out, args, n, false);
    }
    if (has_options) {
        fprintf(out, "\nOptions: (options must be specified using the <key> or <key>=<value> syntax)\n");
        print_args(out, args, n, true);
    }
}
