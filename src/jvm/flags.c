// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * flags.c — the table of GlassVM's -XX flags (flags.h): values, origins and run-time
 * changes of the manageable ones.
 */
#include "flags.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../os/os.h"
#include "../vm/options.h"
#include "../vm/vm.h"
#include "boot.h"

/* Sorted by name (VM.flags lists them in this order, as HotSpot does). */
static VmFlag table[] = {
    {"ActiveProcessorCount", FLAG_INTX, false, FLAG_DEFAULT, {.i = -1}},
    {"CrashOnOutOfMemoryError", FLAG_BOOL, false, FLAG_DEFAULT, {.b = false}},
    {"CreateCoredumpOnCrash", FLAG_BOOL, false, FLAG_DEFAULT, {.b = true}},
    {"DisableAttachMechanism", FLAG_BOOL, false, FLAG_DEFAULT, {.b = false}},
    {"DisableExplicitGC", FLAG_BOOL, false, FLAG_DEFAULT, {.b = false}},
    {"DisplayVMOutput", FLAG_BOOL, false, FLAG_DEFAULT, {.b = true}, "diagnostic"},
    {"ErrorFile", FLAG_CCSTR, false, FLAG_DEFAULT, {.s = NULL}},
    {"ExitOnOutOfMemoryError", FLAG_BOOL, false, FLAG_DEFAULT, {.b = false}},
    {"HeapDumpOnOutOfMemoryError", FLAG_BOOL, true, FLAG_DEFAULT, {.b = false}},
    {"HeapDumpPath", FLAG_CCSTR, true, FLAG_DEFAULT, {.s = NULL}},
    {"InitialHeapSize", FLAG_SIZE_T, false, FLAG_ERGONOMIC, {.i = 0}},
    {"ManagementServer", FLAG_BOOL, false, FLAG_DEFAULT, {.b = false}},
    {"MaxHeapSize", FLAG_SIZE_T, false, FLAG_ERGONOMIC, {.i = 0}},
    {"OnError", FLAG_CCSTRLIST, false, FLAG_DEFAULT, {.s = NULL}},
    {"OnOutOfMemoryError", FLAG_CCSTRLIST, false, FLAG_DEFAULT, {.s = NULL}},
    {"PerfDisableSharedMem", FLAG_BOOL, false, FLAG_DEFAULT, {.b = false}},
    {"PrintCommandLineFlags", FLAG_BOOL, false, FLAG_DEFAULT, {.b = false}},
    {"PrintConcurrentLocks", FLAG_BOOL, true, FLAG_DEFAULT, {.b = false}},
    {"PrintFlagsFinal", FLAG_BOOL, false, FLAG_DEFAULT, {.b = false}},
    {"PrintFlagsInitial", FLAG_BOOL, false, FLAG_DEFAULT, {.b = false}},
    {"ReduceSignalUsage", FLAG_BOOL, false, FLAG_DEFAULT, {.b = false}},
    {"ShowCodeDetailsInExceptionMessages", FLAG_BOOL, true, FLAG_DEFAULT, {.b = true}},
    {"StartAttachListener", FLAG_BOOL, false, FLAG_DEFAULT, {.b = false}},
    {"ThreadStackSize", FLAG_INTX, false, FLAG_DEFAULT, {.i = 1024}, "pd product"},
    {"UseContainerSupport", FLAG_BOOL, false, FLAG_DEFAULT, {.b = true}},
    {"UsePerfData", FLAG_BOOL, false, FLAG_DEFAULT, {.b = true}},
};

static OsMutex lock;
static bool lock_ready;

/* The table as compiled, before the command line changed it: -XX:+PrintFlagsInitial
 * prints these. Taken by the first flags_note_option (options are parsed on one thread,
 * before any other exists). */
static VmFlag initial[ARRAY_LEN(table)];
static bool initial_taken;

static void take_initial(void)
{
    if (initial_taken) return;
    memcpy(initial, table, sizeof table);
    /* Before ergonomics every value is its default, the heap sizes too. */
    for (size_t i = 0; i < ARRAY_LEN(initial); i++) initial[i].origin = FLAG_DEFAULT;
    initial_taken = true;
}

int flags_count(void) { return (int)ARRAY_LEN(table); }
VmFlag *flags_at(int i) { return i >= 0 && i < (int)ARRAY_LEN(table) ? &table[i] : NULL; }

VmFlag *flags_find(const char *name)
{
    if (name == NULL) return NULL;
    for (size_t i = 0; i < ARRAY_LEN(table); i++)
        if (strcmp(table[i].name, name) == 0) return &table[i];
    return NULL;
}

/* Parses text for f's type into *out; false if it is no valid value. */
static bool parse_value(const VmFlag *f, const char *text, VmFlag *out)
{
    char *end;
    switch (f->type) {
    case FLAG_BOOL: /* WriteableFlags::set_bool_flag: any case, or 1/0 */
        if (strcasecmp(text, "true") == 0 || strcmp(text, "1") == 0) out->value.b = true;
        else if (strcasecmp(text, "false") == 0 || strcmp(text, "0") == 0) out->value.b = false;
        else return false;
        return true;
    case FLAG_INTX:
    case FLAG_UINTX:
    case FLAG_SIZE_T: {
        long long v = strtoll(text, &end, 10);
        if (end == text || *end != 0 || (f->type != FLAG_INTX && v < 0)) return false;
        out->value.i = v;
        return true;
    }
    case FLAG_DOUBLE:
        out->value.d = strtod(text, &end);
        return end != text && *end == 0;
    case FLAG_CCSTR:
        out->value.s = text[0] != 0 ? vm_strdup(text) : NULL;
        return true;
    case FLAG_CCSTRLIST:
        /* Appends (HotSpot's ccstrlist): an empty setting adds nothing. */
        if (text[0] == 0) {
            out->value.s = f->value.s;
        } else if (f->value.s == NULL) {
            out->value.s = vm_strdup(text);
        } else {
            size_t a = strlen(f->value.s), b = strlen(text);
            char *joined = vm_malloc(a + 1 + b + 1);
            memcpy(joined, f->value.s, a);
            joined[a] = '\n';
            memcpy(joined + a + 1, text, b + 1);
            out->value.s = joined;
        }
        return true;
    }
    return false;
}

void flags_note_option(const char *name, const char *text)
{
    VmFlag *f = flags_find(name);
    if (f == NULL) return;
    take_initial();
    f->origin = FLAG_COMMAND_LINE;
    /* Values kept in vm_opts are read back by flags_init; the others are ours. */
    VmFlag v = *f;
    if (text != NULL && parse_value(f, text, &v)) f->value = v.value;
}

void flags_init(void)
{
    if (!lock_ready) {
        os_mutex_init(&lock);
        lock_ready = true;
    }
    flags_find("MaxHeapSize")->value.i = (int64_t)vm_opts.heap_max;
    VmFlag *ihs = flags_find("InitialHeapSize");
    ihs->value.i = (int64_t)vm_opts.heap_initial;
    if (ihs->origin != FLAG_COMMAND_LINE) ihs->origin = FLAG_DEFAULT;
    flags_find("ThreadStackSize")->value.i = (int64_t)(vm_opts.stack_size / 1024);
    flags_find("DisableAttachMechanism")->value.b = vm_opts.no_attach;
    flags_find("DisplayVMOutput")->value.b = !vm_opts.no_vm_output;
    /* no_perf_data is either flag's effect; each keeps its own value. */
    /* A -Dcom.sun.management.* property turns the management server on (HotSpot). */
    VmFlag *ms = flags_find("ManagementServer");
    for (int i = 0; i < vm_property_count && !ms->value.b; i++)
        if (strncmp(vm_properties[i].key, "com.sun.management", 18) == 0) {
            ms->value.b = true;
            ms->origin = FLAG_COMMAND_LINE;
        }
}

void flags_format(const VmFlag *f, char *buf, int size)
{
    switch (f->type) {
    case FLAG_BOOL: snprintf(buf, (size_t)size, "%s", f->value.b ? "true" : "false"); break;
    case FLAG_INTX:
    case FLAG_UINTX:
    case FLAG_SIZE_T: snprintf(buf, (size_t)size, "%lld", (long long)f->value.i); break;
    case FLAG_DOUBLE: snprintf(buf, (size_t)size, "%f", f->value.d); break;
    case FLAG_CCSTR:
    case FLAG_CCSTRLIST: snprintf(buf, (size_t)size, "%s", f->value.s != NULL ? f->value.s : ""); break;
    }
}

const char *flags_set_text(VmFlag *f, const char *text, VmFlagOrigin origin)
{
    if (!f->manageable) return "only 'writeable' flags can be set";
    if (text == NULL) return "flag value is missing";
    VmFlag v = *f;
    if (!parse_value(f, text, &v)) {
        switch (f->type) {
        case FLAG_BOOL: return "flag value must be a boolean (1/0 or true/false)";
        case FLAG_DOUBLE: return "flag value must be a double";
        case FLAG_CCSTR:
        case FLAG_CCSTRLIST: return "flag value must be a string";
        default: return "flag value must be an integer";
        }
    }
    os_mutex_lock(&lock);
    f->value = v.value;
    f->origin = origin;
    os_mutex_unlock(&lock);
    return NULL;
}

/* HotSpot's JVMFlag::print_as_flag: -XX:+Name, -XX:-Name or -XX:Name=value, into buf;
 * a ccstrlist as one -XX:Name=line per line, separated by spaces. */
static void format_as_flag(const VmFlag *f, char *buf, size_t size)
{
    if (f->type == FLAG_BOOL) {
        snprintf(buf, size, "-XX:%c%s", f->value.b ? '+' : '-', f->name);
    } else if (f->type == FLAG_CCSTRLIST && f->value.s != NULL) {
        size_t used = 0;
        buf[0] = 0;
        for (const char *p = f->value.s; used < size;) {
            size_t len = strcspn(p, "\n");
            used += (size_t)snprintf(buf + used, size - used, "%s-XX:%s=%.*s", used ? " " : "", f->name, (int)len, p);
            if (p[len] == 0) break;
            p += len + 1;
        }
    } else {
        char value[1024];
        flags_format(f, value, sizeof value);
        snprintf(buf, size, "-XX:%s=%s", f->name, value);
    }
}

int flags_attach_print(const char *name, FILE *out)
{
    if (name == NULL || name[0] == 0) {
        fprintf(out, "flag name is missing\n");
        return -1;
    }
    VmFlag *f = flags_find(name);
    if (f != NULL) {
        char text[1200];
        format_as_flag(f, text, sizeof text);
        fprintf(out, "%s\n", text);
    } else {
        fprintf(out, "no such flag '%s'\n", name);
    }
    return 0;
}

int flags_write(const char *name, const char *value, VmFlagOrigin origin, char *msg, size_t size)
{
    if (name == NULL || name[0] == 0) {
        snprintf(msg, size, "flag name is missing");
        return FLAGS_SET_ERROR;
    }
    VmFlag *f = flags_find(name);
    if (f == NULL) {
        snprintf(msg, size, "flag %s does not exist", name);
        return FLAGS_SET_ERROR;
    }
    const char *err = flags_set_text(f, value, origin);
    if (err == NULL) return FLAGS_SET_OK;
    snprintf(msg, size, "%s", err);
    return f->manageable ? FLAGS_SET_ERROR : FLAGS_SET_NOT_WRITEABLE;
}

int flags_attach_set(const char *name, const char *value, FILE *out)
{
    char msg[256];
    int r = flags_write(name, value != NULL ? value : "", FLAG_ATTACH_ON_DEMAND, msg, sizeof msg);
    if (r == FLAGS_SET_OK) return 0;
    /* A flag that is not manageable: HotSpot then asks the platform, which on Linux
     * changes nothing. */
    if (r == FLAGS_SET_NOT_WRITEABLE) fprintf(out, "flag '%s' cannot be changed\n", name);
    else fprintf(out, "%s\n", msg);
    return -1;
}

/* ---- VM.flags ---- */

static const char *type_name(VmFlagType t)
{
    switch (t) {
    case FLAG_BOOL: return "bool";
    case FLAG_INTX: return "intx";
    case FLAG_UINTX: return "uintx";
    case FLAG_SIZE_T: return "size_t";
    case FLAG_DOUBLE: return "double";
    case FLAG_CCSTR: return "ccstr";
    case FLAG_CCSTRLIST: return "ccstrlist";
    }
    return "?";
}

static const char *origin_name(VmFlagOrigin o)
{
    switch (o) {
    case FLAG_DEFAULT: return "default";
    case FLAG_COMMAND_LINE: return "command line";
    case FLAG_ERGONOMIC: return "ergonomic";
    case FLAG_MANAGEMENT: return "management";
    case FLAG_ATTACH_ON_DEMAND: return "attach";
    }
    return "internal";
}

static void print_table(const VmFlag *flags, size_t n, FILE *out)
{
    fputs("[Global flags]\n", out);
    for (size_t i = 0; i < n; i++) {
        const VmFlag *f = &flags[i];
        if (f->kind != NULL && strcmp(f->kind, "diagnostic") == 0) continue; /* locked */
        char value[4096], kind[32];
        flags_format(f, value, sizeof value);
        snprintf(kind, sizeof kind, "{%s}", f->kind != NULL ? f->kind : f->manageable ? "manageable" : "product");
        /* JVMFlag::print_on's columns: type right-justified in 9, the name from column
         * 10, " =" at 50, the value from 53, the kind ending at 104, then the origin. A
         * ccstrlist's lines but the last stand alone; the others continue with "+=". */
        const char *v = value, *nl;
        bool first = true;
        while (f->type == FLAG_CCSTRLIST && (nl = strchr(v, '\n')) != NULL) {
            if (first) fprintf(out, "%9s %-40s = %.*s\n", type_name(f->type), f->name, (int)(nl - v), v);
            else fprintf(out, "%9s %-39s += %.*s\n", "", f->name, (int)(nl - v), v);
            first = false;
            v = nl + 1;
        }
        if (first) fprintf(out, "%9s %-40s = %-39s%12s {%s}\n", type_name(f->type), f->name, v, kind, origin_name(f->origin));
        else fprintf(out, "%9s %-39s += %-39s%12s {%s}\n", "", f->name, v, kind, origin_name(f->origin));
    }
}

void flags_print_all(FILE *out) { print_table(table, ARRAY_LEN(table), out); }

void flags_print_initial(FILE *out)
{
    take_initial();
    print_table(initial, ARRAY_LEN(initial), out);
}

typedef struct SetFlag {
    char name[128];
    char text[1100];
} SetFlag;

static int compare_set_flags(const void *a, const void *b)
{
    return strcmp(((const SetFlag *)a)->name, ((const SetFlag *)b)->name);
}

void flags_print_set(FILE *out)
{
    SetFlag *lines = calloc(ARRAY_LEN(table) + (size_t)vm_argument_count + 1, sizeof *lines);
    if (lines == NULL) return;
    int n = 0;
    for (size_t i = 0; i < ARRAY_LEN(table); i++) {
        const VmFlag *f = &table[i];
        if (f->origin == FLAG_DEFAULT) continue;
        snprintf(lines[n].name, sizeof lines[n].name, "%s", f->name);
        format_as_flag(f, lines[n].text, sizeof lines[n].text);
        n++;
    }
    /* Other -XX options, as given: the last setting of a name wins. */
    for (int i = vm_argument_count; i-- > 0;) {
        const char *a = vm_arguments[i];
        if (strncmp(a, "-XX:", 4) != 0) continue;
        const char *name = a + 4 + (a[4] == '+' || a[4] == '-');
        int len = (int)strcspn(name, "=");
        bool seen = false;
        for (int k = 0; k < n && !seen; k++)
            seen = (int)strlen(lines[k].name) == len && strncmp(lines[k].name, name, (size_t)len) == 0;
        if (seen) continue;
        snprintf(lines[n].name, sizeof lines[n].name, "%.*s", len, name);
        snprintf(lines[n].text, sizeof lines[n].text, "%s", a);
        n++;
    }
    qsort(lines, (size_t)n, sizeof *lines, compare_set_flags);
    for (int i = 0; i < n; i++) fprintf(out, "%s ", lines[i].text);
    fputc('\n', out);
    free(lines);
}

void flags_boot_initial(void)
{
    if (!flags_bool("PrintFlagsInitial")) return;
    if (!vm_opts.no_vm_output) flags_print_initial(stdout);
    fflush(stdout);
    os_exit(0);
}

void flags_boot_final(void)
{
    if (vm_opts.no_vm_output) return;
    if (flags_bool("PrintCommandLineFlags")) flags_print_set(stdout);
    if (flags_bool("PrintFlagsFinal")) flags_print_all(stdout);
    fflush(stdout);
}
