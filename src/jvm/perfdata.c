// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * perfdata.c — the hsperfdata file: /tmp/hsperfdata_<user>/<pid>, the shared memory
 * through which the JDK's jvmstat tools (jps, jstat, jcmd without a pid, VisualVM's
 * discovery) find running VMs and read their counters.
 *
 * Format (jvmstat version 2.0, as HotSpot writes it; the readers are the JDK's
 * sun.jvmstat.perfdata.monitor.v2_0 classes): a 32-byte prologue — magic 0xcafec0c0
 * stored big-endian, byte order (1 = little-endian), major 2, minor 0, accessible, used
 * bytes, overflow, modification time stamp, offset of the first entry, entry count —
 * then entries, each a 20-byte header (entry length, name offset, vector length, type,
 * flags, units, variability, data offset), its NUL-terminated name and its data, padded
 * to 8 bytes. Scalars are longs ('J'); strings are byte vectors ('B', units String).
 * Entries are only appended: the prologue's used size and entry count grow after the
 * entry is complete, so a reader sees whole entries only.
 *
 * Life: perfdata_init maps the file early in boot (accessible 0) with the VM's counters,
 * so that the class library's own counters (jdk.internal.perf.Perf.createLong and
 * createByteArray, natives_misc.c) land in it as on HotSpot; perfdata_create adds the
 * constants that need the final system properties, marks the file accessible and
 * starts the sampler; perfdata_destroy removes it at exit. -XX:-UsePerfData and
 * -XX:+PerfDisableSharedMem turn it off (the class library's counters then live in C
 * memory, natives_misc.c).
 *
 * What the counters say (HotSpot's names, types, units and variability; jstat's
 * expressions are in the JDK's jstat_options):
 *   sun.rt.*, java.rt.*, java.property.*   what the VM is: jps -lvm, the attach provider
 *   java.threads.*                          live, peak, daemon and started threads
 *   java.cls.*, sun.cls.*                   classes loaded and unloaded (no class sharing:
 *                                           the shared counters stay 0), their class-file
 *                                           bytes, the time spent defining them
 *   sun.gc.*                                the heap, described in the layout of a
 *                                           generational collector as jstat expects it:
 *       GlassVM has one non-moving mark-sweep heap and every collection is a full one.
 *       Generation 1 ("old", one space "old") is that heap: capacity = committed bytes,
 *       used = bytes in use, max = -Xmx. Generation 0 ("new": eden, s0, s1) exists with
 *       every capacity and size 0, so jstat's young columns print 0 and its young
 *       percentages print "-" (it prints "-" for a ratio over a capacity of 0, never
 *       divides by zero). Collector 0 (young) never runs; collector 1 ("MarkSweep full
 *       collections") counts every collection and its time: jstat's FGC/FGCT; there is
 *       no collector 2 (CGC/CGCT print "-"). "Metaspace" is the class metadata GlassVM
 *       keeps in C memory, counted as the bytes of the class files of the loaded classes
 *       (capacity = used = max); there is no compressed class space (all 0).
 *   sun.ci.*, java.ci.totalTime              an interpreter compiles nothing: all 0,
 *                                            names empty (jstat -compiler and
 *                                            -printcompilation show zeros)
 *   sun.os.hrt.*                             nanosecond ticks of the monotonic clock
 * The variable counters are refreshed by the sampler, an OS thread that wakes every 50
 * ms (HotSpot's PerfDataSamplingInterval) and reads the heap's, the loader's and the
 * thread registry's statistics; jstat samples no faster than that.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../os/os.h"
#include "../vm/classfile.h"
#include "../vm/heap.h"
#include "../vm/loader.h"
#include "../vm/options.h"
#include "../vm/thread.h"
#include "boot.h"
#include "perfdata.h"

#define PERF_SIZE 32768
#define PERF_PROLOGUE 32
#define ENTRY_HEADER 20
#define SAMPLE_NS 50000000
#define CAUSE_LENGTH 81
#define METHOD_LENGTH 161

enum { UNITS_NONE = 1, UNITS_BYTES = 2, UNITS_TICKS = 3, UNITS_EVENTS = 4, UNITS_STRING = 5, UNITS_HERTZ = 6 };
enum { VAR_CONSTANT = 1, VAR_MONOTONIC = 2, VAR_VARIABLE = 3 };
enum { FLAG_NONE = 0, FLAG_SUPPORTED = 1 };

static OsMutex perf_lock; /* entries added, the sampler's writes, destruction */
static uint8_t *perf;
static size_t perf_used;
static int32_t perf_entries, perf_overflow;
static char perf_path[512];
static bool sampler_started;
static uint64_t reported_collections; /* by perfdata_collection; under perf_lock */

/* The counters the sampler keeps up to date (NULL if they did not fit). */
static struct {
    int64_t *ticks;
    int64_t *threads_live, *threads_peak, *threads_daemon, *threads_started;
    int64_t *classes_loaded, *classes_unloaded, *class_bytes, *class_unloaded_bytes, *class_time;
    int64_t *full_invocations, *full_time, *full_last_entry, *full_last_exit;
    int64_t *gen1_capacity, *old_capacity, *old_used;
    int64_t *meta_capacity, *meta_used, *meta_max;
    char *last_cause;
} c;

/* Values in the host's byte order, which the prologue states. */
static void put_i32(uint8_t *p, int32_t v) { memcpy(p, &v, 4); }
static void put_i64(uint8_t *p, int64_t v) { memcpy(p, &v, 8); }

/* The prologue's used size, overflow, entry count and time stamp, after a change. */
static void publish(void)
{
    put_i32(perf + 12, perf_overflow);
    put_i64(perf + 16, os_nanotime() - boot_start_ns); /* ticks since the VM started */
    __atomic_store_n((int32_t *)(perf + 28), perf_entries, __ATOMIC_RELEASE);
    __atomic_store_n((int32_t *)(perf + 8), (int32_t)perf_used, __ATOMIC_RELEASE);
}

/*
 * Appends an entry under perf_lock: a long (vector 0) or a byte vector of `vector`
 * bytes whose first init_len are init, the rest zero. Returns its data, or NULL when
 * there is no file or no room (the bytes are counted as overflow, as HotSpot does).
 */
static void *add_entry(const char *name, char type, int flags, int units, int var, int32_t vector, const void *init,
                       size_t init_len, int64_t value)
{
    if (perf == NULL) return NULL;
    size_t name_len = strlen(name) + 1;
    size_t data_off = (ENTRY_HEADER + name_len + 7) & ~(size_t)7;
    size_t data_len = vector > 0 ? (size_t)vector : 8;
    size_t entry_len = (data_off + data_len + 7) & ~(size_t)7;
    if (perf_used + entry_len > PERF_SIZE) {
        perf_overflow += (int32_t)entry_len;
        publish();
        return NULL;
    }
    uint8_t *e = perf + perf_used;
    put_i32(e, (int32_t)entry_len);
    put_i32(e + 4, ENTRY_HEADER);
    put_i32(e + 8, vector);
    e[12] = (uint8_t)type;
    e[13] = (uint8_t)flags;
    e[14] = (uint8_t)units;
    e[15] = (uint8_t)var;
    put_i32(e + 16, (int32_t)data_off);
    memcpy(e + ENTRY_HEADER, name, name_len);
    if (vector > 0) {
        if (init_len > (size_t)vector) init_len = (size_t)vector;
        if (init_len > 0) memcpy(e + data_off, init, init_len);
    } else {
        put_i64(e + data_off, value);
    }
    perf_used += entry_len;
    perf_entries++;
    publish();
    return e + data_off;
}

static int64_t *add_long(const char *name, int flags, int units, int var, int64_t value)
{
    return add_entry(name, 'J', flags, units, var, 0, NULL, 0, value);
}

/* A constant string: its bytes and the terminator. */
static void add_string(const char *name, int flags, const char *value)
{
    if (value == NULL) value = "";
    add_entry(name, 'B', flags, UNITS_STRING, VAR_CONSTANT, (int32_t)strlen(value) + 1, value, strlen(value), 0);
}

/* A variable string of `capacity` bytes (terminator included). */
static char *add_string_variable(const char *name, const char *value, int32_t capacity)
{
    return add_entry(name, 'B', FLAG_NONE, UNITS_STRING, VAR_VARIABLE, capacity, value, strlen(value), 0);
}

static void add_property(const char *prefix, const char *key)
{
    char name[256];
    snprintf(name, sizeof name, "%s.%s", prefix, key);
    add_string(name, strcmp(prefix, "java.property") == 0 ? FLAG_SUPPORTED : FLAG_NONE, boot_property(key));
}

void *perfdata_add_long(const char *name, int variability, int units, int64_t value)
{
    os_mutex_lock(&perf_lock);
    void *p = add_long(name, FLAG_NONE, units, variability, value);
    os_mutex_unlock(&perf_lock);
    return p;
}

void *perfdata_add_bytes(const char *name, int variability, int units, const void *init, size_t init_len,
                         size_t length)
{
    os_mutex_lock(&perf_lock);
    void *p = add_entry(name, 'B', FLAG_NONE, units, variability, (int32_t)length, init, init_len, 0);
    os_mutex_unlock(&perf_lock);
    return p;
}

/* ---- the VM's counters ---- */

static void add_generation_counters(void)
{
    size_t max = heap_max_bytes(), initial = vm_opts.heap_initial;
    /* Generation 0: a young generation that does not exist in GlassVM (all sizes 0). */
    add_string("sun.gc.generation.0.name", FLAG_NONE, "new");
    add_long("sun.gc.generation.0.spaces", FLAG_NONE, UNITS_NONE, VAR_CONSTANT, 3);
    add_long("sun.gc.generation.0.minCapacity", FLAG_NONE, UNITS_BYTES, VAR_CONSTANT, 0);
    add_long("sun.gc.generation.0.maxCapacity", FLAG_NONE, UNITS_BYTES, VAR_CONSTANT, 0);
    add_long("sun.gc.generation.0.capacity", FLAG_NONE, UNITS_BYTES, VAR_VARIABLE, 0);
    static const char *const young[] = {"eden", "s0", "s1"};
    for (int i = 0; i < 3; i++) {
        char name[128];
        snprintf(name, sizeof name, "sun.gc.generation.0.space.%d.name", i);
        add_string(name, FLAG_NONE, young[i]);
        static const char *const sizes[] = {"maxCapacity", "capacity", "used", "initCapacity"};
        for (int k = 0; k < 4; k++) {
            snprintf(name, sizeof name, "sun.gc.generation.0.space.%d.%s", i, sizes[k]);
            add_long(name, FLAG_NONE, UNITS_BYTES, k == 0 || k == 3 ? VAR_CONSTANT : VAR_VARIABLE, 0);
        }
    }
    add_long("sun.gc.generation.0.agetable.size", FLAG_NONE, UNITS_NONE, VAR_CONSTANT, 16);
    add_long("sun.gc.policy.tenuringThreshold", FLAG_NONE, UNITS_NONE, VAR_VARIABLE, 0);
    add_long("sun.gc.policy.maxTenuringThreshold", FLAG_NONE, UNITS_NONE, VAR_CONSTANT, 0);
    add_long("sun.gc.policy.desiredSurvivorSize", FLAG_NONE, UNITS_BYTES, VAR_VARIABLE, 0);
    /* Generation 1: GlassVM's heap. */
    add_string("sun.gc.generation.1.name", FLAG_NONE, "old");
    add_long("sun.gc.generation.1.spaces", FLAG_NONE, UNITS_NONE, VAR_CONSTANT, 1);
    add_long("sun.gc.generation.1.minCapacity", FLAG_NONE, UNITS_BYTES, VAR_CONSTANT, (int64_t)initial);
    add_long("sun.gc.generation.1.maxCapacity", FLAG_NONE, UNITS_BYTES, VAR_CONSTANT, (int64_t)max);
    c.gen1_capacity = add_long("sun.gc.generation.1.capacity", FLAG_NONE, UNITS_BYTES, VAR_VARIABLE, 0);
    add_string("sun.gc.generation.1.space.0.name", FLAG_NONE, "old");
    add_long("sun.gc.generation.1.space.0.maxCapacity", FLAG_NONE, UNITS_BYTES, VAR_CONSTANT, (int64_t)max);
    add_long("sun.gc.generation.1.space.0.initCapacity", FLAG_NONE, UNITS_BYTES, VAR_CONSTANT, (int64_t)initial);
    c.old_capacity = add_long("sun.gc.generation.1.space.0.capacity", FLAG_NONE, UNITS_BYTES, VAR_VARIABLE, 0);
    c.old_used = add_long("sun.gc.generation.1.space.0.used", FLAG_NONE, UNITS_BYTES, VAR_VARIABLE, 0);
    /* Class metadata ("Metaspace") and no compressed class space. */
    add_long("sun.gc.metaspace.minCapacity", FLAG_NONE, UNITS_BYTES, VAR_CONSTANT, 0);
    c.meta_max = add_long("sun.gc.metaspace.maxCapacity", FLAG_NONE, UNITS_BYTES, VAR_VARIABLE, 0);
    c.meta_capacity = add_long("sun.gc.metaspace.capacity", FLAG_NONE, UNITS_BYTES, VAR_VARIABLE, 0);
    c.meta_used = add_long("sun.gc.metaspace.used", FLAG_NONE, UNITS_BYTES, VAR_VARIABLE, 0);
    add_long("sun.gc.compressedclassspace.minCapacity", FLAG_NONE, UNITS_BYTES, VAR_CONSTANT, 0);
    add_long("sun.gc.compressedclassspace.maxCapacity", FLAG_NONE, UNITS_BYTES, VAR_VARIABLE, 0);
    add_long("sun.gc.compressedclassspace.capacity", FLAG_NONE, UNITS_BYTES, VAR_VARIABLE, 0);
    add_long("sun.gc.compressedclassspace.used", FLAG_NONE, UNITS_BYTES, VAR_VARIABLE, 0);
}

static void add_collector_counters(void)
{
    add_string("sun.gc.policy.name", FLAG_NONE, "MarkSweep");
    add_long("sun.gc.policy.collectors", FLAG_NONE, UNITS_NONE, VAR_CONSTANT, 2);
    add_long("sun.gc.policy.generations", FLAG_NONE, UNITS_NONE, VAR_CONSTANT, 2);
    add_string_variable("sun.gc.cause", "No GC", CAUSE_LENGTH);
    c.last_cause = add_string_variable("sun.gc.lastCause", "No GC", CAUSE_LENGTH);
    /* Collector 0, young collections, never runs; collector 1 is every collection. */
    add_string("sun.gc.collector.0.name", FLAG_NONE, "MarkSweep young collection pauses");
    add_long("sun.gc.collector.0.invocations", FLAG_NONE, UNITS_EVENTS, VAR_MONOTONIC, 0);
    add_long("sun.gc.collector.0.time", FLAG_NONE, UNITS_TICKS, VAR_MONOTONIC, 0);
    add_long("sun.gc.collector.0.lastEntryTime", FLAG_NONE, UNITS_TICKS, VAR_VARIABLE, 0);
    add_long("sun.gc.collector.0.lastExitTime", FLAG_NONE, UNITS_TICKS, VAR_VARIABLE, 0);
    add_string("sun.gc.collector.1.name", FLAG_NONE, "MarkSweep full collection pauses");
    c.full_invocations = add_long("sun.gc.collector.1.invocations", FLAG_NONE, UNITS_EVENTS, VAR_MONOTONIC, 0);
    c.full_time = add_long("sun.gc.collector.1.time", FLAG_NONE, UNITS_TICKS, VAR_MONOTONIC, 0);
    c.full_last_entry = add_long("sun.gc.collector.1.lastEntryTime", FLAG_NONE, UNITS_TICKS, VAR_VARIABLE, 0);
    c.full_last_exit = add_long("sun.gc.collector.1.lastExitTime", FLAG_NONE, UNITS_TICKS, VAR_VARIABLE, 0);
}

static void add_compiler_counters(void)
{
    /* An interpreter: nothing is ever compiled. */
    add_long("java.ci.totalTime", FLAG_SUPPORTED, UNITS_TICKS, VAR_MONOTONIC, 0);
    static const char *const events[] = {"sun.ci.totalCompiles", "sun.ci.totalBailouts", "sun.ci.totalInvalidates",
                                         "sun.ci.osrCompiles", "sun.ci.standardCompiles", "sun.ci.nmethodCodeSize",
                                         "sun.ci.nmethodSize"};
    for (size_t i = 0; i < sizeof events / sizeof events[0]; i++)
        add_long(events[i], FLAG_NONE, i < 5 ? UNITS_EVENTS : UNITS_BYTES, VAR_MONOTONIC, 0);
    add_long("sun.ci.lastType", FLAG_NONE, UNITS_NONE, VAR_VARIABLE, 0);
    add_long("sun.ci.lastSize", FLAG_NONE, UNITS_BYTES, VAR_VARIABLE, 0);
    add_long("sun.ci.lastFailedType", FLAG_NONE, UNITS_NONE, VAR_VARIABLE, 0);
    add_long("sun.ci.lastInvalidatedType", FLAG_NONE, UNITS_NONE, VAR_VARIABLE, 0);
    add_string_variable("sun.ci.lastMethod", "", METHOD_LENGTH);
    add_string_variable("sun.ci.lastFailedMethod", "", METHOD_LENGTH);
    add_string_variable("sun.ci.lastInvalidatedMethod", "", METHOD_LENGTH);
}

static void add_class_counters(void)
{
    c.classes_loaded = add_long("java.cls.loadedClasses", FLAG_SUPPORTED, UNITS_EVENTS, VAR_MONOTONIC, 0);
    c.classes_unloaded = add_long("java.cls.unloadedClasses", FLAG_SUPPORTED, UNITS_EVENTS, VAR_MONOTONIC, 0);
    add_long("java.cls.sharedLoadedClasses", FLAG_SUPPORTED, UNITS_EVENTS, VAR_MONOTONIC, 0);
    add_long("java.cls.sharedUnloadedClasses", FLAG_SUPPORTED, UNITS_EVENTS, VAR_MONOTONIC, 0);
    c.class_bytes = add_long("sun.cls.loadedBytes", FLAG_NONE, UNITS_BYTES, VAR_MONOTONIC, 0);
    c.class_unloaded_bytes = add_long("sun.cls.unloadedBytes", FLAG_NONE, UNITS_BYTES, VAR_MONOTONIC, 0);
    add_long("sun.cls.sharedLoadedBytes", FLAG_NONE, UNITS_BYTES, VAR_MONOTONIC, 0);
    add_long("sun.cls.sharedUnloadedBytes", FLAG_NONE, UNITS_BYTES, VAR_MONOTONIC, 0);
    c.class_time = add_long("sun.cls.time", FLAG_NONE, UNITS_TICKS, VAR_MONOTONIC, 0);
}

static void add_thread_counters(void)
{
    c.threads_started = add_long("java.threads.started", FLAG_SUPPORTED, UNITS_EVENTS, VAR_MONOTONIC, 0);
    c.threads_live = add_long("java.threads.live", FLAG_SUPPORTED, UNITS_NONE, VAR_VARIABLE, 0);
    c.threads_peak = add_long("java.threads.livePeak", FLAG_SUPPORTED, UNITS_NONE, VAR_VARIABLE, 0);
    c.threads_daemon = add_long("java.threads.daemon", FLAG_SUPPORTED, UNITS_NONE, VAR_VARIABLE, 0);
}

/* (major << 24) | (minor << 16) | (security << 8) | build, from "17.0.15+6-...". */
static int64_t jvm_version(void)
{
    const char *v = boot_property("java.vm.version");
    unsigned major = 0, minor = 0, security = 0, build = 0;
    if (v != NULL && sscanf(v, "%u.%u.%u+%u", &major, &minor, &security, &build) < 1) major = 0;
    return (int64_t)((major & 0xff) << 24 | (minor & 0xff) << 16 | (security & 0xff) << 8 | (build & 0xff));
}

/* ---- the sampler ---- */

/* What the sampler reads. */
typedef struct Sample {
    int64_t now;
    ThreadCounts threads;
    LoaderStats classes;
    size_t committed, used;
    uint64_t collections, collection_ns;
    int64_t last_end;
} Sample;

/* Reads the statistics. Without perf_lock: the registry, loader and heap take their own
 * locks (or none), and a Java thread waiting for perf_lock must never wait for a thread
 * that waits for them (a safepoint initiator holds the thread registry's lock). */
static void read_sample(Sample *v)
{
    v->now = os_nanotime();
    thread_get_counts(&v->threads);
    loader_stats(&v->classes);
    v->committed = heap_committed_bytes();
    v->used = heap_used_bytes();
    if (v->used > v->committed) v->used = v->committed;
    v->collections = heap_collection_count();
    v->collection_ns = heap_collection_time_ns();
    v->last_end = heap_last_collection_end_ns();
}

static void set(int64_t *counter, int64_t value)
{
    if (counter != NULL) *counter = value;
}

/* Writes the variable counters. Under perf_lock, with the file still there. */
static void write_sample(const Sample *v)
{
    set(c.ticks, v->now - boot_start_ns);
    set(c.threads_live, v->threads.live);
    set(c.threads_daemon, v->threads.daemon);
    set(c.threads_peak, v->threads.peak);
    set(c.threads_started, v->threads.started);
    set(c.classes_loaded, (int64_t)v->classes.loaded_classes);
    set(c.classes_unloaded, (int64_t)v->classes.unloaded_classes);
    set(c.class_bytes, (int64_t)v->classes.loaded_bytes);
    set(c.class_unloaded_bytes, (int64_t)v->classes.unloaded_bytes);
    set(c.class_time, (int64_t)v->classes.time_ns);
    /* Class metadata: the class files GlassVM keeps (its Class records are not counted). */
    int64_t meta = (int64_t)(v->classes.loaded_bytes - v->classes.unloaded_bytes);
    set(c.meta_used, meta);
    set(c.meta_capacity, meta);
    set(c.meta_max, meta);
    set(c.gen1_capacity, (int64_t)v->committed);
    set(c.old_capacity, (int64_t)v->committed);
    set(c.old_used, (int64_t)v->used);
    if (c.full_invocations != NULL && (uint64_t)*c.full_invocations != v->collections) {
        *c.full_invocations = (int64_t)v->collections;
        set(c.full_time, (int64_t)v->collection_ns);
        /* The sampler sees a collection after it ended: its start and cause come from
         * perfdata_collection when the collector reports them; else "unknown". */
        if (reported_collections < v->collections) {
            int64_t end = v->last_end - boot_start_ns;
            set(c.full_last_exit, end);
            if (c.full_last_entry != NULL && (*c.full_last_entry > end || *c.full_last_entry == 0))
                *c.full_last_entry = end;
            if (c.last_cause != NULL) snprintf(c.last_cause, CAUSE_LENGTH, "%s", "unknown");
        }
    }
}

static void *sampler_main(void *arg)
{
    (void)arg;
    os_thread_set_name("VM Periodic Task Thread");
    for (;;) {
        os_sleep_ns(SAMPLE_NS);
        Sample v;
        read_sample(&v);
        os_mutex_lock(&perf_lock);
        bool live = perf != NULL;
        if (live) write_sample(&v);
        os_mutex_unlock(&perf_lock);
        if (!live) return NULL;
    }
}

void perfdata_collection(uint64_t id, const char *cause, int64_t start_ns, int64_t end_ns)
{
    os_mutex_lock(&perf_lock);
    if (id + 1 > reported_collections) reported_collections = id + 1;
    if (perf != NULL) {
        if (c.last_cause != NULL) snprintf(c.last_cause, CAUSE_LENGTH, "%s", cause);
        set(c.full_last_entry, start_ns - boot_start_ns);
        set(c.full_last_exit, end_ns - boot_start_ns);
    }
    os_mutex_unlock(&perf_lock);
}

/* ---- life cycle ---- */

void perfdata_init(int64_t vm_begin_ns)
{
    static bool initialized;
    if (initialized) return;
    initialized = true;
    os_mutex_init(&perf_lock);
    if (vm_opts.no_perf_data) return;
    char *user = os_user_name();
    if (user == NULL) return;
    char dir[300];
    snprintf(dir, sizeof dir, "%s/hsperfdata_%s", os_temp_dir(), user);
    free(user);
    if (!os_make_user_dir(dir)) return;
    snprintf(perf_path, sizeof perf_path, "%s/%d", dir, os_getpid());
    uint8_t *p = os_map_new_file(perf_path, PERF_SIZE);
    if (p == NULL) {
        perf_path[0] = '\0';
        return;
    }
    /* The prologue first, not accessible yet. */
    p[0] = 0xca, p[1] = 0xfe, p[2] = 0xc0, p[3] = 0xc0;
    uint16_t one = 1;
    p[4] = *(uint8_t *)&one; /* 1: little-endian, 0: big-endian */
    p[5] = 2;
    p[6] = 0;
    p[7] = 0;
    put_i32(p + 24, PERF_PROLOGUE);
    perf_used = PERF_PROLOGUE;
    os_mutex_lock(&perf_lock);
    perf = p;
    publish();
    /* Times in nanosecond ticks of the monotonic clock (sun.os.hrt.frequency). */
    add_long("sun.os.hrt.frequency", FLAG_NONE, UNITS_HERTZ, VAR_CONSTANT, 1000000000);
    c.ticks = add_long("sun.os.hrt.ticks", FLAG_NONE, UNITS_TICKS, VAR_MONOTONIC, 0);
    int64_t begin_ms = os_current_millis() - (os_nanotime() - vm_begin_ns) / 1000000;
    add_long("sun.rt.createVmBeginTime", FLAG_NONE, UNITS_NONE, VAR_CONSTANT, begin_ms);
    add_long("sun.rt.jvmVersion", FLAG_NONE, UNITS_NONE, VAR_CONSTANT, jvm_version());
    add_thread_counters();
    add_class_counters();
    add_collector_counters();
    add_generation_counters();
    add_compiler_counters();
    os_mutex_unlock(&perf_lock);
}

void perfdata_create(int64_t vm_begin_ns, int64_t vm_end_ns)
{
    perfdata_init(vm_begin_ns);
    Sample v;
    read_sample(&v);
    os_mutex_lock(&perf_lock);
    if (perf == NULL) {
        os_mutex_unlock(&perf_lock);
        return;
    }
    int64_t end_ms = os_current_millis() - (os_nanotime() - vm_end_ns) / 1000000;
    add_long("sun.rt.createVmEndTime", FLAG_NONE, UNITS_NONE, VAR_CONSTANT, end_ms);
    add_long("sun.rt.vmInitDoneTime", FLAG_NONE, UNITS_NONE, VAR_CONSTANT, end_ms);
    /* Capabilities: the first character says whether the attach mechanism is on. */
    char caps[65];
    memset(caps, '0', 64);
    caps[64] = '\0';
    caps[0] = vm_opts.no_attach ? '0' : '1';
    add_string("sun.rt.jvmCapabilities", FLAG_NONE, caps);
    add_string("sun.rt.javaCommand", FLAG_NONE, boot_property("sun.java.command"));
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
    /* HotSpot's flags file (.hotspotrc) contents: GlassVM reads none. */
    add_string("java.rt.vmFlags", FLAG_SUPPORTED, "");
    add_string("sun.rt.internalVersion", FLAG_NONE, boot_property("java.vm.info"));
    static const char *const props[] = {"java.vm.specification.name", "java.vm.specification.version",
                                        "java.vm.specification.vendor", "java.vm.name", "java.vm.version",
                                        "java.vm.vendor", "java.vm.info", "jdk.debug", "java.version",
                                        "java.home", "java.class.path", "java.library.path"};
    for (size_t i = 0; i < sizeof props / sizeof props[0]; i++) add_property("java.property", props[i]);
    add_property("sun.property", "sun.boot.library.path");
    write_sample(&v);
    /* Readers wait for this before they trust the buffer. */
    __atomic_store_n(&perf[7], 1, __ATOMIC_RELEASE);
    os_mutex_unlock(&perf_lock);
    if (!sampler_started) {
        OsThread th;
        sampler_started = os_thread_create(&th, 0, sampler_main, NULL, true);
    }
}

void *perfdata_buffer(size_t *size)
{
    *size = PERF_SIZE;
    return perf;
}

void perfdata_destroy(void)
{
    os_mutex_lock(&perf_lock);
    uint8_t *p = perf;
    perf = NULL;
    os_mutex_unlock(&perf_lock);
    if (p == NULL) return;
    /* The mapping stays: the class library's counters (direct buffers over it) may still
     * be written by threads that outlive this call. The file goes. */
    if (perf_path[0] != '\0') os_unlink(perf_path);
}
