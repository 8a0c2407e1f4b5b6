// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * flags.h — the -XX flags GlassVM has, with their values, types and origins: what
 * HotSpotDiagnosticMXBean.getVMOption/setVMOption and getDiagnosticOptions see (through
 * the JMM GetVMGlobals/SetVMGlobal slots), and what VM.flags [-all], VM.set_flag and
 * jinfo -flag / -flags print and change: one table for all of them.
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
/* A ccstrlist is a ccstr whose command-line settings add up: each -XX:Name=value appends
 * a line ('\n' between them), as HotSpot keeps OnOutOfMemoryError. */
typedef enum VmFlagType { FLAG_BOOL, FLAG_INTX, FLAG_UINTX, FLAG_SIZE_T, FLAG_DOUBLE, FLAG_CCSTR, FLAG_CCSTRLIST } VmFlagType;
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
        const char *s; /* ccstr(list): malloc'd, NULL for none; never freed (readers race) */
    } value;
    /* HotSpot's kind where it is neither "product" nor "manageable" (VM.flags -all):
     * "pd product", or "diagnostic" (such a flag is locked: VM.flags -all omits it). */
    const char *kind;
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
 * HotSpot's error text (static): "only 'writeable' flags can be set", "flag value is
 * missing" (text NULL), "flag value must be a boolean (1/0 or true/false)", ... */
const char *flags_set_text(VmFlag *f, const char *text, VmFlagOrigin origin);
/* HotSpot's WriteableFlags::set_flag by name, as VM.set_flag (origin MANAGEMENT) and the
 * attach operation setflag (ATTACH_ON_DEMAND) call it: FLAGS_SET_OK; else HotSpot's
 * message in msg ("flag name is missing", "flag NAME does not exist", "only 'writeable'
 * flags can be set", the value errors) and FLAGS_SET_NOT_WRITEABLE for a flag that
 * exists but is not manageable, FLAGS_SET_ERROR otherwise. */
enum { FLAGS_SET_OK, FLAGS_SET_ERROR, FLAGS_SET_NOT_WRITEABLE };
int flags_write(const char *name, const char *value, VmFlagOrigin origin, char *msg, size_t size);

/* VM.flags -all (HotSpot's JVMFlag::printFlags): "[Global flags]", then one line per
 * unlocked flag, sorted, with its type, value, kind and origin in HotSpot's columns. */
void flags_print_all(FILE *out);
/* -XX:+PrintFlagsInitial: the same lines for the values GlassVM starts from, before the
 * command line and ergonomics (a heap size GlassVM computes at start is 0 here). */
void flags_print_initial(FILE *out);
/* VM.flags and jinfo -flags (JVMFlag::printSetFlags): every flag whose origin is not
 * the default, as -XX options sorted by name, each followed by a space, then a newline.
 * The -XX options GlassVM accepts without having the flag are listed as given (the last
 * setting of a name wins), since HotSpot lists every flag set on the command line. */
void flags_print_set(FILE *out);

/* Boot, right after option parsing: with -XX:+PrintFlagsInitial, prints
 * flags_print_initial on stdout and ends the process with status 0 before the VM
 * starts, as HotSpot does while parsing its arguments. */
void flags_boot_initial(void);
/* Boot, after flags_init: -XX:+PrintCommandLineFlags (flags_print_set), then
 * -XX:+PrintFlagsFinal (flags_print_all), on stdout, flushed before Java code writes
 * there. Both are HotSpot tty output, so -XX:-DisplayVMOutput silences them. */
void flags_boot_final(void);

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
