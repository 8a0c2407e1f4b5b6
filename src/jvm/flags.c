// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * flags.c — the table of GlassVM's -XX flags (flags.h): values, origins and run-time
 * changes of the manageable ones.
 */
#include "flags.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../os/os.h"
#include "../vm/options.h"
#include "../vm/vm.h"
#include "boot.h"

/* Sorted by name (VM.flags lists them in this order, as HotSpot does). */
static VmFlag table[] = {
    {"DisableAttachMechanism", FLAG_BOOL, false, FLAG_DEFAULT, {.b = false}},
    {"DisplayVMOutput", FLAG_BOOL, false, FLAG_DEFAULT, {.b = true}},
    {"HeapDumpOnOutOfMemoryError", FLAG_BOOL, true, FLAG_DEFAULT, {.b = false}},
    {"HeapDumpPath", FLAG_CCSTR, true, FLAG_DEFAULT, {.s = NULL}},
    {"InitialHeapSize", FLAG_SIZE_T, false, FLAG_ERGONOMIC, {.i = 0}},
    {"ManagementServer", FLAG_BOOL, false, FLAG_DEFAULT, {.b = false}},
    {"MaxHeapSize", FLAG_SIZE_T, false, FLAG_ERGONOMIC, {.i = 0}},
    {"PerfDisableSharedMem", FLAG_BOOL, false, FLAG_DEFAULT, {.b = false}},
    {"PrintConcurrentLocks", FLAG_BOOL, true, FLAG_DEFAULT, {.b = false}},
    {"ShowCodeDetailsInExceptionMessages", FLAG_BOOL, true, FLAG_DEFAULT, {.b = true}},
    {"ThreadStackSize", FLAG_INTX, false, FLAG_DEFAULT, {.i = 1024}},
    {"UsePerfData", FLAG_BOOL, false, FLAG_DEFAULT, {.b = true}},
};

static OsMutex lock;
static bool lock_ready;

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
    case FLAG_BOOL:
        if (strcmp(text, "true") == 0 || strcmp(text, "1") == 0) out->value.b = true;
        else if (strcmp(text, "false") == 0 || strcmp(text, "0") == 0) out->value.b = false;
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
    }
    return false;
}

void flags_note_option(const char *name, const char *text)
{
    VmFlag *f = flags_find(name);
    if (f == NULL) return;
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
    case FLAG_CCSTR: snprintf(buf, (size_t)size, "%s", f->value.s != NULL ? f->value.s : ""); break;
    }
}

const char *flags_set_text(VmFlag *f, const char *text, VmFlagOrigin origin)
{
    if (!f->manageable) return "only 'writeable' flags can be set";
    VmFlag v = *f;
    if (text == NULL || !parse_value(f, text, &v)) {
        switch (f->type) {
        case FLAG_BOOL: return "flag value must be a boolean (1/0 or true/false)";
        case FLAG_DOUBLE: return "flag value must be a double";
        case FLAG_CCSTR: return "flag value must be a string";
        default: return "flag value must be an integer";
        }
    }
    os_mutex_lock(&lock);
    f->value = v.value;
    f->origin = origin;
    os_mutex_unlock(&lock);
    return NULL;
}

/* HotSpot's JVMFlag::print_as_flag: -XX:+Name, -XX:-Name or -XX:Name=value. */
static void print_as_flag(const VmFlag *f, FILE *out)
{
    if (f->type == FLAG_BOOL) {
        fprintf(out, "-XX:%c%s", f->value.b ? '+' : '-', f->name);
    } else {
        char buf[4096];
        flags_format(f, buf, sizeof buf);
        fprintf(out, "-XX:%s=%s", f->name, buf);
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
        print_as_flag(f, out);
        fputc('\n', out);
    } else {
        fprintf(out, "no such flag '%s'\n", name);
    }
    return 0;
}

int flags_attach_set(const char *name, const char *value, FILE *out)
{
    if (name == NULL || name[0] == 0) {
        fprintf(out, "flag name is missing\n");
        return -1;
    }
    VmFlag *f = flags_find(name);
    if (f == NULL) {
        fprintf(out, "flag %s does not exist\n", name);
        return -1;
    }
    if (!f->manageable) {
        /* HotSpot then asks the platform, which on Linux changes nothing. */
        fprintf(out, "flag '%s' cannot be changed\n", name);
        return -1;
    }
    const char *err = flags_set_text(f, value != NULL ? value : "", FLAG_ATTACH_ON_DEMAND);
    if (err != NULL) {
        fprintf(out, "%s\n", err);
        return -1;
    }
    return 0;
}
