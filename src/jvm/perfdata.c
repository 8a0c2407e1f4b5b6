// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * perfdata.c — the hsperfdata file: /tmp/hsperfdata_<user>/<pid>, the shared memory
 * through which the JDK's jvmstat tools (jps, jcmd without a pid, VisualVM's discovery)
 * find running VMs and read what they are: the main class and arguments, the VM's
 * arguments and version, and whether it can be attached to.
 *
 * Format (jvmstat version 2.0, as HotSpot writes it; the readers are the JDK's
 * sun.jvmstat.perfdata.monitor.v2_0 classes): a 32-byte prologue — magic 0xcafec0c0
 * stored big-endian, byte order (1 = little-endian), major 2, minor 0, accessible, used
 * bytes, overflow, modification time stamp, offset of the first entry, entry count —
 * then entries, each a 20-byte header (entry length, name offset, vector length, type,
 * flags, units, variability, data offset), its NUL-terminated name and its data, padded
 * to 8 bytes. Scalars are longs ('J'); strings are byte vectors ('B', units String).
 *
 * What is there: the constants jps and the attach provider read (sun.rt.javaCommand,
 * java.rt.vmArgs, java.rt.vmFlags, sun.rt.jvmCapabilities, java.property.*, the VM's
 * creation times, sun.os.hrt.frequency). The counters of the class library
 * (jdk.internal.perf.Perf, natives_misc.c) are not in the file, nor are HotSpot's GC and
 * compiler counters, so jstat finds nothing to show. Written once, at the end of boot;
 * removed at exit. -XX:-UsePerfData and -XX:+PerfDisableSharedMem turn it off.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../os/os.h"
#include "../vm/options.h"
#include "boot.h"
#include "perfdata.h"

#define PERF_SIZE 32768
#define PERF_PROLOGUE 32
#define ENTRY_HEADER 20

enum { UNITS_NONE = 1, UNITS_TICKS = 3, UNITS_STRING = 5, UNITS_HERTZ = 6 };
enum { VAR_CONSTANT = 1, VAR_VARIABLE = 3 };
enum { FLAG_SUPPORTED = 1 };

static uint8_t *perf;
static size_t perf_used;
static int32_t perf_entries;
static char perf_path[512];

/* Values in the host's byte order, which the prologue states. */
static void put_i32(uint8_t *p, int32_t v) { memcpy(p, &v, 4); }
static void put_i64(uint8_t *p, int64_t v) { memcpy(p, &v, 8); }

/* Appends an entry: a long (data NULL) or a byte vector of len bytes. */
static void add_entry(const char *name, char type, int flags, int units, int var, const void *data, size_t len,
                      int64_t value)
{
    size_t name_len = strlen(name) + 1;
    size_t data_off = (ENTRY_HEADER + name_len + 7) & ~(size_t)7;
    size_t data_len = data ? len : 8;
    size_t entry_len = (data_off + data_len + 7) & ~(size_t)7;
    if (perf_used + entry_len > PERF_SIZE) return; /* full: the entry is left out */
    uint8_t *e = perf + perf_used;
    put_i32(e, (int32_t)entry_len);
    put_i32(e + 4, ENTRY_HEADER);
    put_i32(e + 8, data ? (int32_t)len : 0);
    e[12] = (uint8_t)type;
    e[13] = (uint8_t)flags;
    e[14] = (uint8_t)units;
    e[15] = (uint8_t)var;
    put_i32(e + 16, (int32_t)data_off);
    memcpy(e + ENTRY_HEADER, name, name_len);
    if (data) memcpy(e + data_off, data, len);
    else put_i64(e + data_off, value);
    perf_used += entry_len;
    perf_entries++;
}

static void add_string(const char *name, int flags, const char *value)
{
    if (value == NULL) value = "";
    add_entry(name, 'B', flags, UNITS_STRING, VAR_CONSTANT, value, strlen(value) + 1, 0);
}

static void add_property(const char *key)
{
    char name[256];
    snprintf(name, sizeof name, "java.property.%s", key);
    add_string(name, FLAG_SUPPORTED, boot_property(key));
}

void perfdata_create(int64_t vm_begin_ns, int64_t vm_end_ns)
{
    if (vm_opts.no_perf_data || perf != NULL) return;
    char *user = os_user_name();
    if (user == NULL) return;
    char dir[300];
    snprintf(dir, sizeof dir, "%s/hsperfdata_%s", os_temp_dir(), user);
    free(user);
    if (!os_make_user_dir(dir)) return;
    snprintf(perf_path, sizeof perf_path, "%s/%d", dir, os_getpid());
    perf = os_map_new_file(perf_path, PERF_SIZE);
    if (perf == NULL) {
        perf_path[0] = '\0';
        return;
    }
    perf_used = PERF_PROLOGUE;

    /* Times in nanosecond ticks of the monotonic clock (sun.os.hrt.frequency). */
    add_entry("sun.os.hrt.frequency", 'J', 0, UNITS_HERTZ, VAR_CONSTANT, NULL, 0, 1000000000);
    add_entry("sun.rt.createVmBeginTime", 'J', 0, UNITS_TICKS, VAR_VARIABLE, NULL, 0, vm_begin_ns);
    add_entry("sun.rt.createVmEndTime", 'J', 0, UNITS_TICKS, VAR_VARIABLE, NULL, 0, vm_end_ns);
    add_entry("sun.rt.vmInitDoneTime", 'J', 0, UNITS_TICKS, VAR_VARIABLE, NULL, 0, vm_end_ns);
    /* Capabilities: the first character says whether the attach mechanism is on. */
    char caps[65];
    memset(caps, '0', 64);
    caps[64] = '\0';
    caps[0] = vm_opts.no_attach ? '0' : '1';
    add_string("sun.rt.jvmCapabilities", 0, caps);
    add_string("sun.rt.javaCommand", 0, boot_property("sun.java.command"));
    size_t len = 1;
    for (int i = 0; i < vm_argument_count; i++) len += strlen(vm_arguments[i]) + 1;
    char *args = malloc(len);
    if (args != NULL) {
        args[0] = '\0';
        for (int i = 0; i < vm_argument_count; i++) {
            if (i > 0) strcat(args, " ");
            strcat(args, vm_arguments[i]);
        }
        add_string("java.rt.vmArgs", FLAG_SUPPORTED, args);
        free(args);
    }
    add_string("java.rt.vmFlags", FLAG_SUPPORTED, "");
    static const char *const props[] = {"java.vm.specification.name", "java.vm.specification.version",
                                        "java.vm.specification.vendor", "java.vm.name", "java.vm.version",
                                        "java.vm.vendor", "java.vm.info", "java.version", "java.home",
                                        "java.class.path", "java.library.path", "sun.boot.library.path"};
    for (size_t i = 0; i < sizeof props / sizeof props[0]; i++) add_property(props[i]);

    /* The prologue last, marked accessible: a reader never sees a half-built buffer. */
    perf[0] = 0xca, perf[1] = 0xfe, perf[2] = 0xc0, perf[3] = 0xc0;
    uint16_t one = 1;
    perf[4] = *(uint8_t *)&one; /* 1: little-endian, 0: big-endian */
    perf[5] = 2;
    perf[6] = 0;
    put_i32(perf + 8, (int32_t)perf_used);
    put_i32(perf + 12, 0);
    put_i64(perf + 16, vm_end_ns);
    put_i32(perf + 24, PERF_PROLOGUE);
    put_i32(perf + 28, perf_entries);
    __atomic_store_n(&perf[7], 1, __ATOMIC_RELEASE);
}

void *perfdata_buffer(size_t *size)
{
    *size = PERF_SIZE;
    return perf;
}

void perfdata_destroy(void)
{
    if (perf == NULL) return;
    os_unmap_file(perf, PERF_SIZE);
    perf = NULL;
    if (perf_path[0] != '\0') os_unlink(perf_path);
}
