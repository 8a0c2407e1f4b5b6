// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * errorreport.h — the fatal-error report (HotSpot's hs_err_pid<pid>.log and the banner on
 * stdout) for a crash (SIGSEGV, SIGBUS, SIGFPE, SIGILL on any thread: a bug in native
 * code, an agent's or the VM's), a broken VM invariant (panic) and
 * -XX:+CrashOnOutOfMemoryError. Flags: -XX:ErrorFile=PATH (%p the pid; default
 * hs_err_pid%p.log in the current directory, else in /tmp), -XX:OnError=CMD[;CMD] (run
 * through /bin/sh -c after the report), -XX:-CreateCoredumpOnCrash (exit status 1
 * instead of abort). The report is written in steps; a fault inside a step abandons that
 * step only ("[error occurred during error reporting (...)]"), and nothing in it but
 * the loading of libunwind allocates from the C heap, which the crash may have left
 * inconsistent.
 */
#ifndef GLASS_ERRORREPORT_H
#define GLASS_ERRORREPORT_H

#include <stdbool.h>

/* Boot, right after option parsing: installs the crash handler and the panic hook. */
void errorreport_init(void);
/* Reports an internal error ("Internal Error (file:line)", "fatal error: message") on
 * the calling thread and ends the process. bug: a fault of the VM's (a broken invariant),
 * not a fatal condition asked for (-XX:+CrashOnOutOfMemoryError), as HotSpot tells them
 * apart in the banner's end. */
__attribute__((noreturn)) void errorreport_internal(const char *file, int line, bool bug, const char *message);

/* Runs the commands of an -XX:OnError / -XX:OnOutOfMemoryError setting, HotSpot's way:
 * split at ';' (each without leading blanks, %p the pid, %% a %), each announced on stdout
 * as "#   Executing /bin/sh -c \"cmd\"" followed by dots, run and waited for. Writes
 * through write(2) (flush stdio's stdout first) and allocates nothing. */
void errorreport_run_commands(const char *cmds, const char *dots);

#endif
