// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * dcmd_log.c — VM.log, HotSpot's diagnostic command over unified logging: list the
 * configuration, configure an output (output=, output_options=, what=, decorators=, as
 * one -Xlog option would), disable everything, rotate the file outputs. Without any of
 * them it prints its usage. Configuration errors are printed to the command's output
 * and the command still succeeds, as HotSpot's does. Runs on the attach listener or the
 * MBean's caller (dcmd.h); log.c serializes it with the log sites.
 */
#define _GNU_SOURCE
#include "dcmd_log.h"

#include <stdlib.h>
#include <string.h>

#include "../vm/log.h"
#include "dcmd.h"

static const DcmdArgDef log_args[] = {
    {"output", "The name or index (#<index>) of output to configure.", DCMD_STRING, NULL, false, true},
    {"output_options", "Options for the output.", DCMD_STRING, NULL, false, true},
    {"what", "Configures what tags to log.", DCMD_STRING, NULL, false, true},
    {"decorators", "Configures which decorators to use. Use 'none' or an empty value to remove all.",
     DCMD_STRING, NULL, false, true},
    {"disable", "Turns off all logging and clears the log configuration.", DCMD_BOOLEAN, NULL, false, true},
    {"list", "Lists current log configuration.", DCMD_BOOLEAN, NULL, false, true},
    {"rotate", "Rotates all logs.", DCMD_BOOLEAN, NULL, false, true},
};

static bool run_log(Thread *t, unsigned source, const DcmdValue *v, FILE *out);

static const DcmdCommand log_command = {
    "VM.log",
    "Lists current log configuration, enables/disables/configures a log output, or rotates all logs.",
    "Low: No impact",
    DCMD_PERM_CONTROL,
    DCMD_EXPORT_ALL,
    DCMD_ARGS(log_args),
    run_log,
};

/* HotSpot's order: disable, configure, list, rotate; none of them: the usage. */
static bool run_log(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    const DcmdValue *output = &v[0], *options = &v[1], *what = &v[2], *decorators = &v[3];
    bool any = false;
    if (v[4].is_set && v[4].b) {
        log_disable_all();
        any = true;
    }
    if (output->is_set || what->is_set || decorators->is_set) {
        any = true;
        if (!log_configure(what->s, output->s, decorators->is_set ? (decorators->s ? decorators->s : "") : NULL,
                           options->s, out))
            return true; /* the errors are the command's output */
    }
    if (v[5].is_set && v[5].b) {
        log_describe(out);
        any = true;
    }
    if (v[6].is_set && v[6].b) {
        log_rotate_all();
        any = true;
    }
    if (!any) {
        /* HotSpot prints the help from its "Syntax" line on. */
        char *text = NULL;
        size_t len = 0;
        FILE *m = open_memstream(&text, &len);
        if (m != NULL) {
            dcmd_print_help(m, &log_command);
            fclose(m);
            const char *syntax = text ? strstr(text, "Syntax") : NULL;
            if (syntax) fputs(syntax, out);
            free(text);
        }
    }
    return true;
}

void dcmd_log_register(void)
{
    dcmd_register(&log_command);
}
