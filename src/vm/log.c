// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * log.c — Unified Logging (JEP 158/271): configuration, decoration, outputs, rotation.
 *
 * The model is HotSpot 17's. Outputs #0 stdout and #1 stderr always exist; file outputs
 * are added by -Xlog/VM.log and removed by "disable". Each output holds a level per tag
 * set and a set of decorators; log_min[] (log.h) caches, per tag set, the most verbose
 * level over all outputs, so a disabled site costs one load and compare. A selection
 * "tag1+tag2[*][=level]" applies to the tag sets holding exactly those tags, or at least
 * them with "*"; "all" to every set. Later selections override earlier ones, on the
 * output they name only; tag sets no selection mentions keep their level.
 *
 * Decorations are padded per output and per decorator to the widest seen so far, as
 * HotSpot pads them. File outputs rotate as HotSpot's LogFileOutput does: the live file
 * keeps its name; on rotation (after a write that brings it to filesize, or VM.log
 * rotate) it is renamed to NAME.<k>, k cycling through 0..filecount-1, and a fresh file
 * is opened; at start-up an existing file of that name is archived the same way first, k
 * starting at the first free number (or the oldest archive when all are taken).
 * filecount=0 disables rotation and truncates an existing file.
 *
 * One lock (log_lock) serializes configuration changes and writes.
 */
#define _GNU_SOURCE
#include "log.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "options.h"
#include "../os/os.h"

volatile uint8_t log_min[LOG_TS_COUNT];

static const char *const tag_names[LOG_TAG_COUNT] = {
    [LOG_TAG_NONE] = "",
#define TAG_NAME(n) [LOG_TAG_##n] = #n,
    LOG_TAGS(TAG_NAME)
#undef TAG_NAME
};

static const uint8_t tagsets[LOG_TS_COUNT][LOG_MAX_TAGS] = {
#define TS_TAGS(id, ...) {__VA_ARGS__},
    LOG_TAGSETS(TS_TAGS)
#undef TS_TAGS
};

/* HotSpot 17's tag vocabulary: a selection naming one of these is valid (a command line
 * written for HotSpot keeps working) but matches only the tag sets we have; a selection
 * that then matches nothing gets HotSpot's "No tag set matches selection" warning. */
static const char *const hotspot_tags[] = {
    "add", "age", "alloc", "annotation", "arguments", "attach", "barrier", "biasedlocking",
    "blocks", "bot", "breakpoint", "bytecode", "cds", "census", "class", "classhisto",
    "cleanup", "codecache", "compaction", "compilation", "condy", "constantpool",
    "constraints", "container", "coops", "cpu", "cset", "data", "datacreation", "dcmd",
    "decoder", "defaultmethods", "director", "dump", "dynamic", "ergo", "event",
    "exceptions", "exit", "fingerprint", "free", "freelist", "gc", "handshake",
    "hashtables", "heap", "humongous", "ihop", "iklass", "indy", "init", "inlining",
    "install", "interpreter", "itables", "jfr", "jit", "jni", "jvmci", "jvmti", "lambda",
    "library", "liveness", "load", "loader", "logging", "malloc", "map", "mark", "marking",
    "membername", "memops", "metadata", "metaspace", "methodcomparator", "methodhandles",
    "mirror", "mmu", "module", "monitorinflation", "monitormismatch", "nestmates",
    "nmethod", "nmt", "normalize", "numa", "objecttagging", "obsolete", "oldobject", "oom",
    "oopmap", "oops", "oopstorage", "os", "owner", "pagesize", "parser", "patch", "path",
    "perf", "periodic", "phases", "plab", "placeholders", "preorder", "preview",
    "promotion", "protectiondomain", "ptrqueue", "purge", "record", "redefine", "ref",
    "refine", "region", "reloc", "remset", "resolve", "safepoint", "sampling", "scavenge",
    "sealed", "setting", "smr", "stackbarrier", "stackmap", "stacktrace", "stackwalk",
    "start", "startup", "startuptime", "state", "stats", "streaming", "stringdedup",
    "stringtable", "subclass", "survivor", "suspend", "sweep", "symboltable", "system",
    "table", "task", "thread", "throttle", "time", "timer", "tlab", "tracking",
    "trimnative", "unload", "unshareable", "update", "valuebasedclasses", "verification",
    "verify", "vmmutex", "vmoperation", "vmthread", "vtables", "vtablestubs", "workgang",
};
#define FOREIGN_TAG 0x100 /* + index in hotspot_tags: a tag no tag set of ours holds */

static const char *const level_names[] = {"", "trace", "debug", "info", "warning", "error", "off"};

/* HotSpot's decorator order, which is also the order decorations print in. */
enum {
    DEC_TIME, DEC_UTCTIME, DEC_UPTIME, DEC_TIMEMILLIS, DEC_UPTIMEMILLIS, DEC_TIMENANOS,
    DEC_UPTIMENANOS, DEC_HOSTNAME, DEC_PID, DEC_TID, DEC_LEVEL, DEC_TAGS, DEC_COUNT
};
static const char *const dec_names[DEC_COUNT][2] = {
    {"time", "t"}, {"utctime", "utc"}, {"uptime", "u"}, {"timemillis", "tm"},
    {"uptimemillis", "um"}, {"timenanos", "tn"}, {"uptimenanos", "un"}, {"hostname", "hn"},
    {"pid", "p"}, {"tid", "ti"}, {"level", "l"}, {"tags", "tg"},
};
#define DEC_DEFAULT ((1u << DEC_UPTIME) | (1u << DEC_LEVEL) | (1u << DEC_TAGS))

#define MAX_OUTPUTS 32
#define DEFAULT_FILECOUNT 5
#define DEFAULT_FILESIZE ((uint64_t)20 << 20)

typedef struct Output {
    char *name;            /* "stdout", "stderr", "file=PATH" (PATH expanded) */
    char *path;            /* file outputs: the live file's path */
    FILE *f;
    uint8_t level[LOG_TS_COUNT];
    unsigned decorators;
    uint8_t width[DEC_COUNT];
    bool reconfigured;     /* changed at run time (VM.log list shows it) */
    /* file outputs */
    unsigned filecount;
    uint64_t filesize, written;
    unsigned next_archive;
} Output;

static Output outputs[MAX_OUTPUTS];
static int output_count;
static OsMutex log_lock;
/* Serializes configuration changes (options, VM.log from jcmd and the MBean at once),
 * which log their own errors and so cannot hold log_lock throughout. */
static OsMutex config_lock;
static bool log_ready; /* the default configuration is in place */
/* %t: the VM's start time in HotSpot's file-name format (made when first needed: local
 * time means reading the zone file, which Hello should not pay for). */
static char start_stamp[32];

/* ---------------------------------------------------------------------------------- */
/* Configuration state                                                                  */

static void recompute_min(void)
{
    for (int ts = 0; ts < LOG_TS_COUNT; ts++) {
        uint8_t m = LOG_OFF;
        for (int i = 0; i < output_count; i++)
            if (outputs[i].level[ts] < m) m = outputs[i].level[ts];
        __atomic_store_n(&log_min[ts], m, __ATOMIC_RELEASE);
    }
}

static char *sdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

static void init_defaults_locked(void)
{
    if (log_ready) return;
    log_ready = true;
    outputs[0] = (Output){.name = sdup("stdout"), .f = stdout, .decorators = DEC_DEFAULT};
    outputs[1] = (Output){.name = sdup("stderr"), .f = stderr, .decorators = DEC_DEFAULT};
    for (int ts = 0; ts < LOG_TS_COUNT; ts++) {
        outputs[0].level[ts] = LOG_WARNING; /* HotSpot's default: all=warning on stdout */
        outputs[1].level[ts] = LOG_OFF;
    }
    output_count = 2;
    recompute_min();
}

/* Before any option: the default configuration (warnings and errors on stdout). */
__attribute__((constructor)) static void log_defaults(void)
{
    os_mutex_init(&log_lock);
    os_mutex_init(&config_lock);
    os_mutex_lock(&log_lock);
    init_defaults_locked();
    os_mutex_unlock(&log_lock);
}

/* ---------------------------------------------------------------------------------- */
/* Writing                                                                              */

static int decorate(char *buf, size_t cap, int d, LogLevel level, LogTagSet ts, int64_t now_ns,
                    int64_t wall_s, int32_t wall_ns)
{
    struct tm tm;
    time_t secs = (time_t)wall_s;
    char z[8];
    switch (d) {
    case DEC_TIME:
    case DEC_UTCTIME: {
        if (d == DEC_TIME) localtime_r(&secs, &tm);
        else gmtime_r(&secs, &tm);
        char date[32];
        strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%S", &tm);
        if (d == DEC_TIME) strftime(z, sizeof z, "%z", &tm);
        else strcpy(z, "+0000");
        return snprintf(buf, cap, "%s.%03d%s", date, wall_ns / 1000000, z);
    }
    case DEC_UPTIME: return snprintf(buf, cap, "%.3fs", (double)(now_ns - vm_start_ns) / 1e9);
    case DEC_TIMEMILLIS:
        return snprintf(buf, cap, "%lldms", (long long)(wall_s * 1000 + wall_ns / 1000000));
    case DEC_UPTIMEMILLIS: return snprintf(buf, cap, "%lldms", (long long)((now_ns - vm_start_ns) / 1000000));
    case DEC_TIMENANOS:
        return snprintf(buf, cap, "%lldns", (long long)(wall_s * 1000000000LL + wall_ns));
    case DEC_UPTIMENANOS: return snprintf(buf, cap, "%lldns", (long long)(now_ns - vm_start_ns));
    case DEC_HOSTNAME: {
        char h[256] = "";
        gethostname(h, sizeof h - 1);
        return snprintf(buf, cap, "%s", h);
    }
    case DEC_PID: return snprintf(buf, cap, "%d", os_getpid());
    case DEC_TID: return snprintf(buf, cap, "%lld", (long long)os_thread_id());
    case DEC_LEVEL: return snprintf(buf, cap, "%s", level_names[level]);
    case DEC_TAGS: {
        int n = 0;
        for (int i = 0; i < LOG_MAX_TAGS && tagsets[ts][i]; i++)
            n += snprintf(buf + n, cap - (size_t)n, "%s%s", i ? "," : "", tag_names[tagsets[ts][i]]);
        return n;
    }
    }
    return 0;
}

static bool open_file(Output *o, const char *mode);
static void rotate_locked(Output *o);

static void write_output(Output *o, LogLevel level, LogTagSet ts, const char *msg,
                         int64_t now_ns, int64_t wall_s, int32_t wall_ns)
{
    if (o->f == NULL) return;
    char line[1024];
    size_t n = 0;
    for (int d = 0; d < DEC_COUNT; d++) {
        if (!(o->decorators & (1u << d))) continue;
        char v[300];
        int w = decorate(v, sizeof v, d, level, ts, now_ns, wall_s, wall_ns);
        if (w < 0) w = 0;
        if (w > (int)sizeof v - 1) w = (int)sizeof v - 1;
        if (w > o->width[d]) o->width[d] = (uint8_t)(w > 255 ? 255 : w);
        if (n + (size_t)o->width[d] + 3 < sizeof line)
            n += (size_t)snprintf(line + n, sizeof line - n, "[%-*s]", o->width[d], v);
    }
    if (n > 0 && n + 1 < sizeof line) line[n++] = ' ';
    fwrite(line, 1, n, o->f);
    size_t m = strlen(msg);
    fwrite(msg, 1, m, o->f);
    fputc('\n', o->f);
    fflush(o->f);
    if (o->path != NULL) {
        o->written += n + m + 1;
        if (o->filecount > 0 && o->filesize > 0 && o->written >= o->filesize) rotate_locked(o);
    }
}

void log_vprint(LogLevel level, LogTagSet ts, const char *fmt, va_list ap)
{
    char small[512];
    char *msg = small;
    va_list aq;
    va_copy(aq, ap);
    int len = vsnprintf(small, sizeof small, fmt, ap);
    if (len >= (int)sizeof small) {
        msg = malloc((size_t)len + 1);
        if (msg) vsnprintf(msg, (size_t)len + 1, fmt, aq);
        else msg = small;
    }
    va_end(aq);
    int64_t now = os_nanotime(), ws;
    int32_t wn;
    os_wall_time(&ws, &wn);
    os_mutex_lock(&log_lock);
    for (int i = 0; i < output_count; i++)
        if (level >= outputs[i].level[ts]) write_output(&outputs[i], level, ts, msg, now, ws, wn);
    os_mutex_unlock(&log_lock);
    if (msg != small) free(msg);
}

void log_print(LogLevel level, LogTagSet ts, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    log_vprint(level, ts, fmt, ap);
    va_end(ap);
}

/* Errors and warnings of the configuration: written to `err` when given (VM.log's
 * output), else logged at [error] or [warning][logging] (HotSpot's "error log"); never
 * with log_lock held. */
static void config_message(FILE *err, LogLevel level, const char *fmt, va_list ap) __attribute__((format(printf, 3, 0)));
static void config_message(FILE *err, LogLevel level, const char *fmt, va_list ap)
{
    char msg[1024];
    vsnprintf(msg, sizeof msg, fmt, ap);
    if (err) fprintf(err, "%s\n", msg);
    else log_at(level, logging, "%s", msg);
}

static void config_error(FILE *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void config_error(FILE *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    config_message(err, LOG_ERROR, fmt, ap);
    va_end(ap);
}

static void config_warning(FILE *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void config_warning(FILE *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    config_message(err, LOG_WARNING, fmt, ap);
    va_end(ap);
}

/* ---------------------------------------------------------------------------------- */
/* Files and rotation                                                                   */

static void archive_name(const Output *o, unsigned k, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s.%u", o->path, k);
}

static bool open_file(Output *o, const char *mode)
{
    o->f = fopen(o->path, mode);
    o->written = 0;
    if (o->f == NULL) return false;
    struct stat st;
    if (fstat(fileno(o->f), &st) == 0) o->written = (uint64_t)st.st_size;
    return true;
}

/* Renames the live file to its next archive name (NAME.<k>, k cycling). */
static void archive(Output *o)
{
    char to[4200];
    archive_name(o, o->next_archive, to, sizeof to);
    remove(to);
    rename(o->path, to);
    o->next_archive = (o->next_archive + 1) % o->filecount;
}

static void rotate_locked(Output *o)
{
    if (o->path == NULL || o->filecount == 0) return;
    if (o->f) fclose(o->f);
    o->f = NULL;
    archive(o);
    open_file(o, "w");
}

/* The first archive number free, else the one written longest ago (HotSpot's choice). */
static unsigned first_archive(const Output *o)
{
    unsigned oldest = 0;
    struct timespec oldest_t = {0, 0};
    for (unsigned k = 0; k < o->filecount; k++) {
        char p[4200];
        archive_name(o, k, p, sizeof p);
        struct stat st;
        if (stat(p, &st) != 0) return k;
        if (k == 0 || st.st_mtim.tv_sec < oldest_t.tv_sec ||
            (st.st_mtim.tv_sec == oldest_t.tv_sec && st.st_mtim.tv_nsec < oldest_t.tv_nsec)) {
            oldest = k;
            oldest_t = st.st_mtim;
        }
    }
    return oldest;
}

/* "file=PATH" or a bare PATH: %p the pid, %t the start time. */
static char *expand_path(const char *p)
{
    size_t cap = strlen(p) * 4 + 64, n = 0;
    char *out = malloc(cap);
    if (!out) return NULL;
    for (; *p && n + 40 < cap; p++) {
        if (p[0] == '%' && p[1] == 'p') {
            n += (size_t)snprintf(out + n, cap - n, "%d", os_getpid());
            p++;
        } else if (p[0] == '%' && p[1] == 't') {
            if (start_stamp[0] == 0) {
                int64_t ms = os_current_millis() - (os_nanotime() - vm_start_ns) / 1000000;
                time_t start = (time_t)(ms / 1000);
                struct tm tm;
                localtime_r(&start, &tm);
                strftime(start_stamp, sizeof start_stamp, "%Y-%m-%d_%H-%M-%S", &tm);
            }
            n += (size_t)snprintf(out + n, cap - n, "%s", start_stamp);
            p++;
        } else {
            out[n++] = *p;
        }
    }
    out[n] = 0;
    return out;
}

static bool parse_u64(const char *s, size_t len, uint64_t *out, bool size_suffix)
{
    if (len == 0) return false;
    uint64_t v = 0;
    size_t i = 0;
    for (; i < len && s[i] >= '0' && s[i] <= '9'; i++) {
        uint64_t nv = v * 10 + (uint64_t)(s[i] - '0');
        if (nv / 10 != v) return false;
        v = nv;
    }
    if (i == 0) return false;
    if (i < len && size_suffix) {
        int shift = 0;
        switch (s[i]) {
        case 'k': case 'K': shift = 10; break;
        case 'm': case 'M': shift = 20; break;
        case 'g': case 'G': shift = 30; break;
        default: return false;
        }
        if (i + 1 != len || (v << shift) >> shift != v) return false;
        v <<= shift;
        i++;
    }
    if (i != len) return false;
    *out = v;
    return true;
}

/* Output options of a file output: filecount=N,filesize=SIZE (HotSpot's texts). */
static bool parse_file_options(const char *opts, unsigned *count, uint64_t *size, FILE *err)
{
    *count = DEFAULT_FILECOUNT;
    *size = DEFAULT_FILESIZE;
    if (opts == NULL) return true;
    const char *p = opts;
    while (*p) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        const char *eq = memchr(p, '=', len);
        if (eq == NULL) {
            config_error(err, "Invalid option '%.*s' for log file output.", (int)len, p);
            return false;
        }
        size_t klen = (size_t)(eq - p);
        const char *v = eq + 1;
        size_t vlen = len - klen - 1;
        uint64_t x;
        if (klen == 9 && memcmp(p, "filecount", 9) == 0) {
            if (!parse_u64(v, vlen, &x, false) || x > 1000) {
                config_error(err, "Invalid option: filecount must be in range [0, 1000]");
                return false;
            }
            *count = (unsigned)x;
        } else if (klen == 8 && memcmp(p, "filesize", 8) == 0) {
            if (!parse_u64(v, vlen, &x, true)) {
                config_error(err, "Invalid option: filesize must be in range [0, %llu]",
                             (unsigned long long)UINT64_MAX);
                return false;
            }
            *size = x;
        } else {
            config_error(err, "Invalid option '%.*s' for log file output.", (int)klen, p);
            return false;
        }
        p += len;
        if (*p == ',') p++;
    }
    return true;
}

/* The output named `spec` ("", "stdout", "stderr", "file=PATH", "PATH" or "#N"), created
 * if it is a new file; -1 (and the errors logged) if it cannot be. */
static int find_or_add_output(const char *spec, const char *options, FILE *err, bool *ignored)
{
    if (spec == NULL || *spec == 0) spec = "stdout";
    if (spec[0] == '#') {
        char *end;
        long k = strtol(spec + 1, &end, 10);
        if (*end || end == spec + 1 || k < 0 || k >= output_count) {
            config_error(err, "Invalid output index '%s'", spec);
            return -1;
        }
        return (int)k;
    }
    if (strcmp(spec, "stdout") == 0 || strcmp(spec, "stderr") == 0) {
        *ignored = options != NULL && *options;
        return spec[3] == 'o' ? 0 : 1;
    }
    const char *raw = strncmp(spec, "file=", 5) == 0 ? spec + 5 : spec;
    char *path = expand_path(raw);
    if (path == NULL) return -1;
    for (int i = 2; i < output_count; i++) {
        if (strcmp(outputs[i].path, path) == 0) {
            free(path);
            *ignored = options != NULL && *options;
            return i;
        }
    }
    char name[4200];
    snprintf(name, sizeof name, "file=%s", path);
    Output o = {.path = path, .decorators = DEC_DEFAULT};
    for (int ts = 0; ts < LOG_TS_COUNT; ts++) o.level[ts] = LOG_OFF;
    if (!parse_file_options(options, &o.filecount, &o.filesize, err)) {
        config_error(err, "Initialization of output '%s' using options '%s' failed.", name,
                     options ? options : "(null)");
        free(path);
        return -1;
    }
    if (output_count >= MAX_OUTPUTS) {
        config_error(err, "Too many log outputs.");
        free(path);
        return -1;
    }
    struct stat st;
    bool exists = stat(path, &st) == 0;
    if (exists && !S_ISREG(st.st_mode)) {
        config_error(err, "Unable to log to file %s with log file rotation: %s is not a regular file",
                     path, path);
        config_error(err, "Initialization of output '%s' using options '%s' failed.", name,
                     options ? options : "(null)");
        free(path);
        return -1;
    }
    if (exists && o.filecount > 0) {
        o.next_archive = first_archive(&o);
        archive(&o);
    }
    if (!open_file(&o, o.filecount == 0 ? "w" : "a")) {
        config_error(err, "Error opening log file '%s': %s", path, strerror(errno));
        config_error(err, "Initialization of output '%s' using options '%s' failed.", name,
                     options ? options : "(null)");
        free(path);
        return -1;
    }
    o.name = sdup(name);
    os_mutex_lock(&log_lock); /* writers walk outputs[] under it */
    outputs[output_count] = o;
    int idx = output_count++;
    os_mutex_unlock(&log_lock);
    return idx;
}

/* ---------------------------------------------------------------------------------- */
/* Selections                                                                           */

typedef struct Selection {
    int tags[LOG_MAX_TAGS];
    int ntags;
    bool all, wildcard;
    LogLevel level;
} Selection;

static const char *tag_name(int tag)
{
    return tag >= FOREIGN_TAG ? hotspot_tags[tag - FOREIGN_TAG] : tag_names[tag];
}

static bool ts_has(int ts, int tag)
{
    for (int i = 0; i < LOG_MAX_TAGS && tagsets[ts][i]; i++)
        if (tagsets[ts][i] == tag) return true;
    return false;
}

static int ts_size(int ts)
{
    int n = 0;
    while (n < LOG_MAX_TAGS && tagsets[ts][n]) n++;
    return n;
}

static bool matches(const Selection *s, int ts)
{
    if (s->all) return true;
    for (int i = 0; i < s->ntags; i++)
        if (!ts_has(ts, s->tags[i])) return false;
    return s->wildcard || ts_size(ts) == s->ntags;
}

static int find_tag(const char *s, size_t len)
{
    for (int i = 1; i < LOG_TAG_COUNT; i++)
        if (strlen(tag_names[i]) == len && memcmp(tag_names[i], s, len) == 0) return i;
    for (size_t i = 0; i < sizeof hotspot_tags / sizeof *hotspot_tags; i++)
        if (strlen(hotspot_tags[i]) == len && memcmp(hotspot_tags[i], s, len) == 0)
            return FOREIGN_TAG + (int)i;
    return 0;
}

static int find_level(const char *s, size_t len)
{
    for (int i = LOG_TRACE; i <= LOG_OFF; i++)
        if (strlen(level_names[i]) == len && memcmp(level_names[i], s, len) == 0) return i;
    return 0;
}

/* One selection "tag1+tag2[*][=level]" or "all[=level]". */
static bool parse_selection(const char *s, size_t len, Selection *out, FILE *err)
{
    *out = (Selection){.level = LOG_INFO};
    const char *eq = memchr(s, '=', len);
    size_t tl = eq ? (size_t)(eq - s) : len;
    if (eq) {
        int l = find_level(eq + 1, len - tl - 1);
        if (l == 0) {
            config_error(err, "Invalid level '%.*s' in log selection.", (int)(len - tl - 1), eq + 1);
            return false;
        }
        out->level = (LogLevel)l;
    }
    if (tl > 0 && s[tl - 1] == '*') {
        out->wildcard = true;
        tl--;
    }
    if (tl == 3 && memcmp(s, "all", 3) == 0) {
        out->all = true;
        return true;
    }
    const char *p = s, *end = s + tl;
    while (p <= end) {
        const char *plus = memchr(p, '+', (size_t)(end - p));
        size_t n = plus ? (size_t)(plus - p) : (size_t)(end - p);
        int tag = find_tag(p, n);
        if (tag == 0) {
            config_error(err, "Invalid tag '%.*s' in log selection.", (int)n, p);
            return false;
        }
        for (int i = 0; i < out->ntags; i++) {
            if (out->tags[i] == tag) {
                config_error(err, "Log selection contains duplicates of tag %s.", tag_name(tag));
                return false;
            }
        }
        if (out->ntags == LOG_MAX_TAGS) {
            config_error(err, "Too many tags in log selection '%.*s' (can only have up to %d tags).",
                         (int)tl, s, LOG_MAX_TAGS);
            return false;
        }
        out->tags[out->ntags++] = tag;
        if (!plus) break;
        p = plus + 1;
    }
    return true;
}

/* HotSpot's warning for a selection that matches nothing, with up to five suggestions
 * (its shape, our own choice): the selection with '*' if that matches, each of its tags
 * with '*', then the sets of its size that differ from it by one tag. */
static void warn_no_match(const Selection *s, FILE *err)
{
    char sel[256] = "";
    size_t n = 0;
    for (int i = 0; i < s->ntags; i++)
        n += (size_t)snprintf(sel + n, sizeof sel - n, "%s%s", i ? "+" : "", tag_name(s->tags[i]));
    if (s->wildcard) snprintf(sel + n, sizeof sel - n, "*");
    char sugg[1024] = "";
    size_t k = 0;
    int count = 0;
    Selection w = *s;
    w.wildcard = true;
    bool any = false;
    for (int ts = 0; ts < LOG_TS_COUNT && !any; ts++) any = matches(&w, ts);
    if (!s->wildcard && any) {
        k += (size_t)snprintf(sugg + k, sizeof sugg - k, " %s*", sel);
        count++;
    }
    for (int i = 0; i < s->ntags && count < 5 && s->ntags > 1; i++) {
        Selection one = {.wildcard = true, .ntags = 1};
        one.tags[0] = s->tags[i];
        bool hit = false;
        for (int ts = 0; ts < LOG_TS_COUNT && !hit; ts++) hit = matches(&one, ts);
        if (hit && k < sizeof sugg) {
            k += (size_t)snprintf(sugg + k, sizeof sugg - k, " %s*", tag_name(s->tags[i]));
            count++;
        }
    }
    for (int ts = 0; ts < LOG_TS_COUNT && count < 5; ts++) {
        int common = 0;
        for (int i = 0; i < s->ntags; i++) common += ts_has(ts, s->tags[i]);
        if (s->ntags > 1 && ts_size(ts) == s->ntags && common == s->ntags - 1 && k < sizeof sugg) {
            for (int i = 0; i < ts_size(ts) && k < sizeof sugg; i++)
                k += (size_t)snprintf(sugg + k, sizeof sugg - k, "%s%s", i ? "+" : " ", tag_names[tagsets[ts][i]]);
            count++;
        }
    }
    if (count > 0)
        config_warning(err, "No tag set matches selection: %s. Did you mean any of the following?%s", sel, sugg);
    else
        config_warning(err, "No tag set matches selection: %s.", sel);
}

#define MAX_SELECTIONS 64

static int parse_selections(const char *what, Selection *sel, FILE *err)
{
    if (what == NULL || *what == 0) what = "all";
    int n = 0;
    const char *p = what;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (n == MAX_SELECTIONS) {
            config_error(err, "Too many log selections.");
            return -1;
        }
        if (!parse_selection(p, len, &sel[n], err)) return -1;
        n++;
        if (!comma) break;
        p = comma + 1;
    }
    return n;
}

static bool parse_decorators(const char *text, unsigned *out, FILE *err)
{
    *out = 0;
    if (strcmp(text, "none") == 0) return true;
    const char *p = text;
    while (*p) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        int found = -1;
        for (int d = 0; d < DEC_COUNT && found < 0; d++)
            for (int a = 0; a < 2; a++)
                if (strlen(dec_names[d][a]) == len && memcmp(dec_names[d][a], p, len) == 0) found = d;
        if (found < 0) {
            config_error(err, "Invalid decorator '%.*s'.", (int)len, p);
            return false;
        }
        *out |= 1u << found;
        p += len;
        if (*p == ',') p++;
    }
    return true;
}

bool log_configure(const char *what, const char *output, const char *decorators,
                   const char *options, FILE *err)
{
    Selection sel[MAX_SELECTIONS];
    int n = parse_selections(what, sel, err);
    if (n < 0) return false;
    unsigned dec = DEC_DEFAULT;
    if (decorators != NULL && *decorators && !parse_decorators(decorators, &dec, err)) return false;
    /* A selection naming a tag only HotSpot has matches nothing here, silently: the tag
     * set may well exist in HotSpot, and a command line written for it must not change
     * the program's output. One of our tags only, matching none of our sets: HotSpot's
     * warning (it may still exist in HotSpot; it logs nothing here). */
    for (int i = 0; i < n; i++) {
        bool any = false, foreign = false;
        for (int ts = 0; ts < LOG_TS_COUNT && !any; ts++) any = matches(&sel[i], ts);
        for (int k = 0; k < sel[i].ntags; k++) foreign |= sel[i].tags[k] >= FOREIGN_TAG;
        if (!any && !foreign) warn_no_match(&sel[i], err);
    }
    os_mutex_lock(&config_lock);
    os_mutex_lock(&log_lock);
    init_defaults_locked();
    os_mutex_unlock(&log_lock);
    /* Errors while adding an output are logged, which takes log_lock: config_lock keeps
     * other configurers out meanwhile. */
    bool ignored = false;
    int idx = find_or_add_output(output, options, err, &ignored);
    if (idx < 0) {
        os_mutex_unlock(&config_lock);
        return false;
    }
    os_mutex_lock(&log_lock);
    Output *o = &outputs[idx];
    for (int i = 0; i < n; i++) {
        for (int ts = 0; ts < LOG_TS_COUNT; ts++)
            if (matches(&sel[i], ts)) o->level[ts] = (uint8_t)sel[i].level;
    }
    /* The output takes this option's decorators (the defaults when none are given), as
     * HotSpot's: -Xlog:gc::tid -Xlog:class+load leaves stdout with uptime,level,tags. */
    o->decorators = dec;
    if (vm_phase >= PHASE_LIVE) o->reconfigured = true;
    recompute_min();
    os_mutex_unlock(&log_lock);
    os_mutex_unlock(&config_lock);
    /* After the change, as HotSpot (its decorators already the new ones). */
    if (ignored) config_warning(err, "Output options for existing outputs are ignored.");
    return true;
}

/* Splits the option text at unquoted ':' (a file name may be quoted: file="C:\x"). */
static int split_fields(const char *s, char **field, int max)
{
    int n = 0;
    const char *p = s;
    while (n < max) {
        const char *q = p;
        bool quoted = false;
        while (*q && (quoted || *q != ':')) {
            if (*q == '"') quoted = !quoted;
            q++;
        }
        size_t len = (size_t)(q - p);
        field[n] = malloc(len + 1);
        size_t k = 0;
        for (size_t i = 0; i < len; i++)
            if (p[i] != '"') field[n][k++] = p[i];
        field[n][k] = 0;
        n++;
        if (*q == 0) break;
        p = q + 1;
        if (n == max - 1) { /* the output options take the rest */
            field[n++] = strdup(p);
            break;
        }
    }
    return n;
}

void log_disable_all(void)
{
    os_mutex_lock(&config_lock);
    os_mutex_lock(&log_lock);
    init_defaults_locked();
    for (int i = 0; i < output_count; i++) {
        for (int ts = 0; ts < LOG_TS_COUNT; ts++) outputs[i].level[ts] = LOG_OFF;
        if (i >= 2) {
            if (outputs[i].f) fclose(outputs[i].f);
            free(outputs[i].name);
            free(outputs[i].path);
        }
    }
    output_count = 2;
    recompute_min();
    os_mutex_unlock(&log_lock);
    os_mutex_unlock(&config_lock);
}

bool log_parse_xlog(const char *option)
{
    const char *rest = option + 5; /* past "-Xlog" */
    bool ok;
    if (*rest == 0) {
        ok = log_configure("all=info", "stdout", NULL, NULL, NULL);
    } else if (*rest != ':') {
        ok = false;
    } else if (strcmp(rest, ":help") == 0) {
        log_print_help(stdout);
        fflush(stdout);
        os_exit(0);
    } else if (strcmp(rest, ":disable") == 0) {
        log_disable_all();
        return true;
    } else if (strcmp(rest, ":async") == 0) {
        /* Accepted: GlassVM writes every message at its site (synchronously). */
        return true;
    } else {
        char *f[4] = {NULL, NULL, NULL, NULL};
        int n = split_fields(rest + 1, f, 4);
        {
            /* An empty field means the default: all=info, stdout, default decorators. */
            ok = log_configure(f[0], n > 1 ? f[1] : NULL, n > 2 && *f[2] ? f[2] : NULL,
                               n > 3 ? f[3] : NULL, NULL);
        }
        for (int i = 0; i < 4; i++) free(f[i]);
    }
    if (!ok) fprintf(stderr, "Invalid -Xlog option '%s', see error log for details.\n", option);
    return ok;
}

/* ---------------------------------------------------------------------------------- */
/* Run-time switches (JMX, JVMTI) and VM.log                                            */

static bool ts_holds(int ts, bool exact, const LogTag *tags)
{
    int n = 0;
    for (; tags[n] != LOG_TAG_NONE; n++)
        if (!ts_has(ts, tags[n])) return false;
    return !exact || ts_size(ts) == n;
}

void log_configure_stdout(LogLevel level, bool exact, const LogTag *tags)
{
    os_mutex_lock(&log_lock);
    init_defaults_locked();
    for (int ts = 0; ts < LOG_TS_COUNT; ts++)
        if (ts_holds(ts, exact, tags)) outputs[0].level[ts] = (uint8_t)level;
    recompute_min();
    os_mutex_unlock(&log_lock);
}

bool log_stdout_enabled(LogLevel level, bool exact, const LogTag *tags)
{
    bool any = false, all = true;
    os_mutex_lock(&log_lock);
    for (int ts = 0; ts < LOG_TS_COUNT; ts++) {
        if (!ts_holds(ts, exact, tags)) continue;
        any = true;
        if (outputs[0].level[ts] > level) all = false;
    }
    os_mutex_unlock(&log_lock);
    return any && all;
}

void log_rotate_all(void)
{
    os_mutex_lock(&log_lock);
    for (int i = 2; i < output_count; i++) rotate_locked(&outputs[i]);
    os_mutex_unlock(&log_lock);
}

void log_flush_all(void)
{
    os_mutex_lock(&log_lock);
    for (int i = 0; i < output_count; i++)
        if (outputs[i].f) fflush(outputs[i].f);
    os_mutex_unlock(&log_lock);
}

static void print_levels(FILE *out, const char *sep)
{
    fprintf(out, "%s%s", sep, level_names[LOG_OFF]);
    for (int l = LOG_TRACE; l <= LOG_ERROR; l++) fprintf(out, ", %s", level_names[l]);
    fputc('\n', out);
}

static void print_decorators(FILE *out)
{
    for (int d = 0; d < DEC_COUNT; d++)
        fprintf(out, "%s%s (%s)", d ? ", " : "", dec_names[d][0], dec_names[d][1]);
    fputc('\n', out);
}

static void print_tags(FILE *out)
{
    for (int i = 1; i < LOG_TAG_COUNT; i++) fprintf(out, "%s%s", i > 1 ? ", " : "", tag_names[i]);
    fputc('\n', out);
}

static void append_set(char *buf, size_t cap, size_t *n, int ts, int ntags, unsigned subset, bool wildcard,
                       int level)
{
    int k = 0;
    *n += (size_t)snprintf(buf + *n, *n < cap ? cap - *n : 0, ",");
    for (int i = 0; i < ntags; i++)
        if (subset & (1u << i))
            *n += (size_t)snprintf(buf + *n, *n < cap ? cap - *n : 0, "%s%s", k++ ? "+" : "",
                                   tag_names[tagsets[ts][i]]);
    *n += (size_t)snprintf(buf + *n, *n < cap ? cap - *n : 0, "%s=%s", wildcard ? "*" : "", level_names[level]);
}

/* The output's levels as a selection list, derived from the state as HotSpot's
 * LogOutput::update_config_string does: "all=" the most common level, then each tag set
 * at another level, by the shortest "tags*" that covers more than one set and only sets
 * at that level, else exactly. */
static void describe_levels(const Output *o, char *buf, size_t cap)
{
    int count[LOG_OFF + 1] = {0}, base = LOG_OFF;
    for (int ts = 0; ts < LOG_TS_COUNT; ts++) count[o->level[ts]]++;
    for (int l = LOG_TRACE; l <= LOG_OFF; l++)
        if (count[l] > count[base]) base = l;
    size_t n = (size_t)snprintf(buf, cap, "all=%s", level_names[base]);
    bool covered[LOG_TS_COUNT] = {false};
    for (int ts = 0; ts < LOG_TS_COUNT; ts++) {
        int level = o->level[ts];
        if (level == base || covered[ts]) continue;
        int ntags = ts_size(ts);
        unsigned best = 0;
        int best_size = LOG_MAX_TAGS + 1;
        for (unsigned subset = 1; subset < (1u << ntags) - 1 || (ntags == 1 && subset == 1); subset++) {
            Selection sel = {.wildcard = true};
            for (int i = 0; i < ntags; i++)
                if (subset & (1u << i)) sel.tags[sel.ntags++] = tagsets[ts][i];
            int matched = 0;
            bool same = true;
            for (int other = 0; other < LOG_TS_COUNT; other++) {
                if (!matches(&sel, other)) continue;
                matched++;
                if (o->level[other] != level) same = false;
            }
            if (same && matched > 1 && sel.ntags < best_size) {
                best = subset;
                best_size = sel.ntags;
            }
            if (ntags == 1) break;
        }
        if (best != 0) {
            Selection sel = {.wildcard = true};
            for (int i = 0; i < ntags; i++)
                if (best & (1u << i)) sel.tags[sel.ntags++] = tagsets[ts][i];
            for (int other = 0; other < LOG_TS_COUNT; other++)
                if (matches(&sel, other)) covered[other] = true;
            append_set(buf, cap, &n, ts, ntags, best, true, level);
        } else {
            append_set(buf, cap, &n, ts, ntags, (1u << ntags) - 1, false, level);
        }
    }
}

void log_describe(FILE *out)
{
    fputs("Available log levels: ", out);
    print_levels(out, "");
    fputs("Available log decorators: ", out);
    print_decorators(out);
    fputs("Available log tags: ", out);
    print_tags(out);
    fputs("Described tag sets:\n logging: Logging for the log framework itself\n", out);
    fputs("Log output configuration:\n", out);
    os_mutex_lock(&log_lock);
    init_defaults_locked();
    for (int i = 0; i < output_count; i++) {
        const Output *o = &outputs[i];
        char config[1024];
        describe_levels(o, config, sizeof config);
        fprintf(out, " #%d: %s %s ", i, o->name, config);
        if (o->decorators == 0) fputs("none", out);
        for (int d = 0, k = 0; d < DEC_COUNT; d++)
            if (o->decorators & (1u << d)) fprintf(out, "%s%s", k++ ? "," : "", dec_names[d][0]);
        if (o->path) {
            /* HotSpot's byte_size_in_proper_unit: the next unit from 100 of it. */
            uint64_t s = o->filesize;
            const char *unit = "B";
            if (s >= ((uint64_t)100 << 30)) s >>= 30, unit = "G";
            else if (s >= ((uint64_t)100 << 20)) s >>= 20, unit = "M";
            else if (s >= ((uint64_t)100 << 10)) s >>= 10, unit = "K";
            fprintf(out, " filecount=%u,filesize=%llu%s,async=false", o->filecount,
                    (unsigned long long)s, unit);
        }
        if (o->reconfigured) fputs(" (reconfigured)", out);
        fputc('\n', out);
    }
    os_mutex_unlock(&log_lock);
}

void log_print_help(FILE *out)
{
    fputs("-Xlog Usage: -Xlog[:[selections][:[output][:[decorators][:output-options]]]]\n"
          "\t where 'selections' are combinations of tags and levels of the form tag1[+tag2...][*][=level][,...]\n"
          "\t NOTE: Unless wildcard (*) is specified, only log messages tagged with exactly the tags specified will be matched.\n\n"
          "Available log levels:\n", out);
    print_levels(out, " ");
    fputs("\nAvailable log decorators: \n ", out);
    print_decorators(out);
    fputs(" Decorators can also be specified as 'none' for no decoration.\n\n"
          "Available log tags:\n ", out);
    print_tags(out);
    fputs(" Specifying 'all' instead of a tag combination matches all tag combinations.\n\n"
          "Available log tag sets:\n", out);
    for (int ts = 0; ts < LOG_TS_COUNT; ts++) {
        fputc(' ', out);
        for (int i = 0; i < ts_size(ts); i++) fprintf(out, "%s%s", i ? "+" : "", tag_names[tagsets[ts][i]]);
        fputc('\n', out);
    }
    fputs("\nDescribed tag sets:\n"
          " logging: Logging for the log framework itself\n\n"
          "Available log outputs:\n"
          " stdout/stderr\n"
          " file=<filename>\n"
          "  If the filename contains %p and/or %t, they will expand to the JVM's PID and startup timestamp, respectively.\n"
          "  Additional output-options for file outputs:\n"
          "   filesize=..  - Target byte size for log rotation (supports K/M/G suffix). If set to 0, log rotation will not trigger automatically, but can be performed manually (see the VM.log DCMD).\n"
          "   filecount=.. - Number of files to keep in rotation (not counting the active file). If set to 0, log rotation is disabled. This will cause existing log files to be overwritten.\n"
          "\n\n"
          "Asynchronous logging (off by default):\n"
          " -Xlog:async\n"
          "  Accepted for compatibility; GlassVM writes every message synchronously at its log site.\n"
          "\n"
          "Some examples:\n"
          " -Xlog\n"
          "\t Log all messages up to 'info' level to stdout with 'uptime', 'levels' and 'tags' decorations.\n"
          "\t (Equivalent to -Xlog:all=info:stdout:uptime,levels,tags).\n"
          "\n"
          " -Xlog:gc\n"
          "\t Log messages tagged with 'gc' tag up to 'info' level to stdout, with default decorations.\n"
          "\n"
          " -Xlog:gc,class+load\n"
          "\t Log messages tagged either with 'gc' or 'class+load' tags, both up to 'info' level, to stdout, with default decorations.\n"
          "\n"
          " -Xlog:gc=debug:file=gc.txt:none\n"
          "\t Log messages tagged with 'gc' tag up to 'debug' level to file 'gc.txt' with no decorations.\n"
          "\n"
          " -Xlog:gc=trace:file=gctrace.txt:uptimemillis,pid:filecount=5,filesize=1m\n"
          "\t Log messages tagged with 'gc' tag up to 'trace' level to a rotating fileset of 5 files of size 1MB,\n"
          "\t using the base name 'gctrace.txt', with 'uptimemillis' and 'pid' decorations.\n"
          "\n"
          " -Xlog:gc::uptime,tid\n"
          "\t Log messages tagged with 'gc' tag up to 'info' level to output 'stdout', using 'uptime' and 'tid' decorations.\n"
          "\n"
          " -Xlog:gc*=info,class*=off\n"
          "\t Log messages tagged with at least 'gc' up to 'info' level, but turn off logging of messages tagged with 'class'.\n"
          "\n"
          " -Xlog:disable -Xlog:class+load=info:classload.txt\n"
          "\t Turn off all logging, including warnings and errors,\n"
          "\t and then enable messages tagged with 'class+load' up to 'info' level to file 'classload.txt'.\n",
          out);
}
