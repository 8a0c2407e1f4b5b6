// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * oomreport.c — the OutOfMemoryError flags (oomreport.h).
 */
#include "oomreport.h"

#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "../os/os.h"
#include "../vm/heap.h"
#include "../vm/vm.h"
#include "errorreport.h"
#include "flags.h"
#include "heapdump.h"

/* -XX:OnOutOfMemoryError (HotSpot's VM_ReportJavaOutOfMemory): the setting, then its
 * commands (errorreport_run_commands; its lines, one per -XX:OnOutOfMemoryError given,
 * are not split). */
static void run_commands(const char *message, const char *cmds)
{
    printf("#\n# java.lang.OutOfMemoryError: %s\n# -XX:OnOutOfMemoryError=\"%s\"\n", message, cmds);
    fflush(stdout);
    errorreport_run_commands(cmds, "...");
}

static void report(Thread *t, const char *message)
{
    /* Several threads may run out at once: the first reports, as on HotSpot. */
    static _Atomic int reported;
    if (atomic_exchange(&reported, 1) != 0) return;
    if (flags_bool("HeapDumpOnOutOfMemoryError")) heapdump_on_oom(t, message);
    const VmFlag *cmds = flags_find("OnOutOfMemoryError");
    if (cmds != NULL && cmds->value.s != NULL && cmds->value.s[0] != 0) run_commands(message, cmds->value.s);
    if (flags_bool("CrashOnOutOfMemoryError")) {
        printf("Aborting due to java.lang.OutOfMemoryError: %s\n", message);
        fflush(stdout);
        char text[256];
        snprintf(text, sizeof text, "OutOfMemory encountered: %s", message);
        errorreport_internal(__FILE__, __LINE__, false, text);
    }
    if (flags_bool("ExitOnOutOfMemoryError")) {
        printf("Terminating due to java.lang.OutOfMemoryError: %s\n", message);
        os_quick_exit(3); /* no shutdown hooks, as on HotSpot */
    }
}

void oomreport_init(void)
{
    heap_oom_report_hook = report;
}
