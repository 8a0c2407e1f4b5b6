// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * flags.h — the -XX flags GlassVM has, with their values, types and origins: what
 * HotSpotDiagnosticMXBean.getVMOption/setVMOption and getDiagnosticOptions see (through
 * the JMM GetVMGlobals/SetVMGlobal slots), and what VM.flags, jinfo -flag and
 * VM.set_flag can print and change.
 *
 * Only flags with an effect in GlassVM are listed (options.c accepts the rest of
 * HotSpot's flags and ignores them); a "manageable" flag may be changed at run time, as
 * in HotSpot. Values of flags the VM reads elsewhere (heap sizes, perf data, attach) are
 * taken from vm_opts when flags_init runs; the table is the truth for the others
 * (HeapDumpOnOutOfMemoryError, HeapDumpPath, PrintConcurrentLocks).
 *
 * Threads: options.c notes command-line values before any thread exists; flags_init runs
 * once at boot; afterwards reads are racy-but-atomic word reads and changes take a lock.
 */
#ifndef GLASS_FLAGS_H
#define GLASS_FLAGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* HotSpot's type names, as VM.flags prints them. */
typedef enum VmFlagType { FLAG_BOOL, FLAG_INTX, FLAG_UINTX, FLAG_SIZE_T, FLAG_DOUBLE, FLAG_CCSTR } VmFlagType;
typedef enum VmFlagOrigin {
    FLAG_DEFAULT,
    FLAG_COMMAND_LINE,
    FLAG_ERGONOMIC,
    FLAG_MANAGEMENT,       /* set through HotSpotDiagnosticMXBean */
    FLAG_ATTACH_ON_DEMAND, /* set through the attach mechanism (jinfo -flag, VM.set_flag) */
} VmFlagOrigin;

typedef struct VmFlag {
    const char *name;
    VmFlagType type;
    bool manageable;
    VmFlagOrigin origin;
    union {
        bool b;
        int64_t i; /* intx, uintx, size_t */
        double d;
        const char *s; /* ccstr: malloc'd, NULL for none; never freed (readers race) */
    } value;
} VmFlag;

/* Command-line parsing (options.c): flag `name` was given, with `text` its value ("true"
 * or "false" for +/- booleans, NULL when an -X option set it, e.g. -Xmx). Unknown names
 * are ignored. */
void flags_note_option(const char *name, const char *text);
/* Boot, after option parsing: fills in the values that live in vm_opts. */
void flags_init(void);

int flags_count(void);
VmFlag *flags_at(int i);
VmFlag *flags_find(const char *name);
/* The value as text, HotSpot's way ("true", "1048576", "" for a null ccstr) into buf. */
void flags_format(const VmFlag *f, char *buf, int size);
/* Sets a manageable flag from text with the given origin. Returns NULL on success, else
 * HotSpot's error text (static): "flag is not writeable", "... is not a valid value". */
const char *flags_set_text(VmFlag *f, const char *text, VmFlagOrigin origin);

/* The attach mechanism's printflag and setflag operations (jinfo -flag NAME, jinfo -flag
 * [+|-]NAME / NAME=VALUE), with HotSpot's replies: the text goes to out, the result is the
 * operation's status (0, or -1 with the reason in out). */
int flags_attach_print(const char *name, FILE *out);
int flags_attach_set(const char *name, const char *value, FILE *out);

static inline bool flags_bool(const char *name)
{
    VmFlag *f = flags_find(name);
    return f != NULL && f->type == FLAG_BOOL && f->value.b;
}

#endif
