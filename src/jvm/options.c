// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * options.c — JavaVMInitArgs parsing: VM options, system properties, assertion
 * directives, module options (as jdk.module.* properties), JAVA_TOOL_OPTIONS and
 * _JAVA_OPTIONS.
 *
 * Runs once, on the thread calling JNI_CreateJavaVM, before anything else; the results
 * (vm_opts, vm_properties, the directive lists) are read-only afterwards. Unknown options
 * are rejected with HotSpot's messages, or silently ignored under
 * -XX:+IgnoreUnrecognizedVMOptions (or the JNI ignoreUnrecognized flag), as on HotSpot;
 * -XX: flags HotSpot knows but GlassVM does not use are accepted and ignored
 * (hotspot_flags.inc), the flight recorder's with a warning, since GlassVM has none.
 */
#include "options_parse.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../os/os.h"
#include "../vm/jnienv.h"
#include "../vm/log.h"
#include "../vm/options.h"
#include "boot.h"
#include "flags.h"
#include "../jvmti/jvmti_vm.h"

VmProperty *vm_properties;
int vm_property_count;
AssertDirective *vm_assert_directives;
int vm_assert_directive_count;
bool vm_assert_default;
bool vm_assert_system_default;
const char **vm_arguments;
int vm_argument_count;

static int prop_cap;
static int addmods, addexports, addopens, addreads, patches, native_access;
static char *boot_append;
/* -XX:+IgnoreUnrecognizedVMOptions (its last setting in any source) or the JNI
 * ignoreUnrecognized flag: unknown options are skipped without a message. Options that
 * are known but malformed are still errors, as on HotSpot. */
static bool ignore_unrecognized;
static bool print_vm_options; /* -XX:+PrintVMOptions: each -XX option is echoed on stdout */

const char *boot_property(const char *key)
{
    for (int i = vm_property_count - 1; i >= 0; i--)
        if (strcmp(vm_properties[i].key, key) == 0) return vm_properties[i].value;
    return NULL;
}

/* Sets (or replaces) a property, keeping first-definition order like HotSpot. */
void options_set_property(const char *key, const char *value)
{
    for (int i = 0; i < vm_property_count; i++) {
        if (strcmp(vm_properties[i].key, key) == 0) {
            vm_properties[i].value = vm_strdup(value);
            return;
        }
    }
    if (vm_property_count == prop_cap) {
        prop_cap = prop_cap ? prop_cap * 2 : 32;
        vm_properties = vm_realloc(vm_properties, (size_t)prop_cap * sizeof(VmProperty));
    }
    vm_properties[vm_property_count].key = vm_strdup(key);
    vm_properties[vm_property_count].value = vm_strdup(value);
    vm_property_count++;
}

static void indexed_property(const char *base, int *counter, const char *value)
{
    char key[128];
    snprintf(key, sizeof key, "%s.%d", base, (*counter)++);
    options_set_property(key, value);
}

/* Parses "64m" etc.; false on junk. */
static bool parse_size(const char *s, size_t *out)
{
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (end == s) return false;
    switch (tolower((unsigned char)*end)) {
    case 0: break;
    case 'k': v <<= 10; end++; break;
    case 'm': v <<= 20; end++; break;
    case 'g': v <<= 30; end++; break;
    case 't': v <<= 40; end++; break;
    default: return false;
    }
    if (*end) return false;
    *out = (size_t)v;
    return true;
}

/* HotSpot's flag types. */
enum { FT_bool, FT_int, FT_intx, FT_uint, FT_uintx, FT_uint64_t, FT_size_t, FT_double, FT_ccstr, FT_ccstrlist };

/* kind: 0 product, 1 diagnostic, 2 experimental (locked until -XX:+UnlockDiagnosticVMOptions
 * or -XX:+UnlockExperimentalVMOptions comes before them, as in HotSpot). */
static const struct {
    const char *name;
    uint8_t type;
    uint8_t kind;
} flags[] = {
#define HOTSPOT_FLAG(n, t, k) {n, FT_##t, k},
#define HOTSPOT_DEPRECATED(n, since, alias)
#define HOTSPOT_OBSOLETE(n, since)
#include "hotspot_flags.inc"
#undef HOTSPOT_FLAG
#undef HOTSPOT_DEPRECATED
#undef HOTSPOT_OBSOLETE
};

/* HotSpot 17's deprecated flags (a warning each time one is given; an alias then sets the
 * flag it stands for) and obsolete ones (a warning, then ignored in any form). */
static const struct {
    const char *name, *since, *alias;
} deprecated_flags[] = {
#define HOTSPOT_FLAG(n, b, k)
#define HOTSPOT_DEPRECATED(n, since, alias) {n, since, alias},
#define HOTSPOT_OBSOLETE(n, since)
#include "hotspot_flags.inc"
#undef HOTSPOT_FLAG
#undef HOTSPOT_DEPRECATED
#undef HOTSPOT_OBSOLETE
};
static const struct {
    const char *name, *since;
} obsolete_flags[] = {
#define HOTSPOT_FLAG(n, b, k)
#define HOTSPOT_DEPRECATED(n, since, alias)
#define HOTSPOT_OBSOLETE(n, since) {n, since},
#include "hotspot_flags.inc"
#undef HOTSPOT_FLAG
#undef HOTSPOT_DEPRECATED
#undef HOTSPOT_OBSOLETE
};

/* The unlock flags' settings so far, in parse order. */
static bool unlocked_diagnostic, unlocked_experimental;

static bool hotspot_flag(const char *name, int *type, int *kind)
{
    size_t lo = 0, hi = ARRAY_LEN(flags);
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strcmp(flags[mid].name, name);
        if (c == 0) {
            *type = flags[mid].type;
            *kind = flags[mid].kind;
            return true;
        }
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

/* HotSpot's similarity of two names: twice the number of character pairs of a that also
 * occur in b, over the total length. */
static double similarity(const char *a, size_t la, const char *b, size_t lb)
{
    if (la == 0 || lb == 0) return 0.0;
    size_t hits = 0;
    for (size_t i = 0; i + 1 < la; i++) {
        for (size_t j = 0; j + 1 < lb; j++) {
            if (a[i] == b[j] && a[i + 1] == b[j + 1]) {
                hits++;
                break;
            }
        }
    }
    return 2.0 * (double)hits / (double)(la + lb);
}

/* After "Unrecognized VM option", HotSpot suggests the most similar known flag when the
 * similarity reaches 0.7 (on a line of its own, without a newline). */
static void suggest_flag(const char *name, size_t len)
{
    double best = -1.0;
    size_t match = 0;
    for (size_t i = 0; i < ARRAY_LEN(flags); i++) {
        double score = similarity(flags[i].name, strlen(flags[i].name), name, len);
        if (score > best) {
            best = score;
            match = i;
        }
    }
    if (best < 0.7) return;
    bool is_bool = flags[match].type == FT_bool;
    fprintf(stderr, "Did you mean '%s%s%s'? ", is_bool ? "(+/-)" : "", flags[match].name, is_bool ? "" : "=<value>");
}

/*
 * The flight recorder's options. HotSpot starts a JFR recording (StartFlightRecording),
 * tunes it (FlightRecorderOptions) or asks for it (+FlightRecorder, deprecated since 13);
 * GlassVM has no flight recorder, so it says so once per option instead of accepting them
 * silently. jdk.jfr itself then finds the VM unsupported (its jdk.jfr.internal.JVM
 * natives are not there): FlightRecorder.isAvailable() is false, Recording and
 * FlightRecorder.getFlightRecorder() throw IllegalStateException, and events are no-ops.
 * -XX:-FlightRecorder asks for what GlassVM does anyway and is accepted quietly.
 */
static void jfr_warning(const char *name, const char *opt)
{
    static const char *const options[] = {"FlightRecorder", "StartFlightRecording", "FlightRecorderOptions"};
    static bool warned[ARRAY_LEN(options)];
    if (strcmp(name, "FlightRecorder") == 0 && opt[4] != '+') return;
    for (size_t i = 0; i < ARRAY_LEN(options); i++) {
        if (strcmp(name, options[i]) != 0 || warned[i]) continue;
        warned[i] = true;
        fprintf(stderr, "GlassVM warning: Option %s ignored: GlassVM has no flight recorder (JFR)\n", name);
    }
}

/* HotSpot's heap sizing inputs (Arguments::set_heap_size): the memory it sizes from
 * (MaxRAM, else the physical memory capped at MaxRAM's default) and the percentages. */
static struct {
    size_t max_ram;
    bool max_ram_set;
    double max_pct, min_pct;
} ram = {(size_t)128 << 30, false, 25.0, 50.0};

/* The collectors a command line can choose; HotSpot refuses more than one. */
static const char *const gc_names[] = {"UseSerialGC", "UseParallelGC", "UseG1GC", "UseZGC", "UseShenandoahGC",
                                       "UseEpsilonGC"};
static bool gc_selected[ARRAY_LEN(gc_names)];

/* JDK 8's GC logging options, which HotSpot 17 still takes, with a warning, as unified
 * logging selections (Arguments::handle_deprecated_print_gc_flags): -XX:+PrintGC is gc,
 * -XX:+PrintGCDetails gc*, both on stdout, or in -Xloggc's file. */
static struct {
    bool print_gc, details;
    const char *file; /* -Xloggc:, the last one */
} old_gc_logging;

/* An error HotSpot reports once its options are parsed (vm_exit_during_initialization):
 * on stdout, then exit status 1, without the launcher's own lines. */
static void init_error(const char *message)
{
    printf("Error occurred during initialization of VM\n%s\n", message);
    fflush(stdout);
    os_exit(1);
}

/* A double flag in [0, 100], HotSpot's messages otherwise. */
static bool ram_percentage(const char *body, const char *name, double *out)
{
    const char *eq = strchr(body, '=');
    char *end = NULL;
    double v = eq != NULL ? strtod(eq + 1, &end) : 0;
    if (eq == NULL || end == eq + 1 || *end != 0) {
        fprintf(stderr, "Improperly specified VM option '%s'\n", body);
        return false;
    }
    if (v < 0 || v > 100) {
        fprintf(stderr, "double %s=%f is outside the allowed range [ 0.000000 ... 100.000000 ]\n"
                        "Improperly specified VM option '%s'\n", name, v, body);
        return false;
    }
    *out = v;
    return true;
}

/* Sets a size flag from "NAME=VALUE"; HotSpot's message on a malformed value. */
static bool xx_size(const char *body, size_t *out)
{
    const char *eq = strchr(body, '=');
    if (eq != NULL && parse_size(eq + 1, out)) return true;
    fprintf(stderr, "Improperly specified VM option '%s'\n", body);
    return false;
}

static bool parse_xx(const char *opt);

/* Whether v is a value HotSpot's parser takes for a flag of this type (its range is not
 * checked here): integers in decimal or 0x hexadecimal with an optional k/m/g/t scale, a
 * minus sign only for the signed types, no overflow; a double also as digits with a
 * decimal point. Strings take anything. */
static bool numeric_syntax(int type, const char *v)
{
    if (type == FT_ccstr || type == FT_ccstrlist || type == FT_bool) return true;
    if (type == FT_double && strchr(v, '.') != NULL) {
        if (strspn(v, "-0123456789.") != strlen(v)) return false;
        char *end;
        errno = 0;
        (void)strtod(v, &end);
        return errno == 0 && end != v && *end == 0;
    }
    bool neg = *v == '-';
    if (neg && type != FT_int && type != FT_intx) return false;
    const char *p = v + neg;
    bool hex = p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
    if (hex) p += 2;
    const char *digits = p;
    unsigned long long value = 0;
    for (; hex ? isxdigit((unsigned char)*p) : isdigit((unsigned char)*p); p++) {
        unsigned d = isdigit((unsigned char)*p) ? (unsigned)(*p - '0') : (unsigned)(tolower((unsigned char)*p) - 'a' + 10);
        if (value > (ULLONG_MAX - d) / (hex ? 16 : 10)) return false;
        value = value * (hex ? 16 : 10) + d;
    }
    if (p == digits) return false;
    int shift = 0;
    switch (*p) {
    case 'k': case 'K': shift = 10; p++; break;
    case 'm': case 'M': shift = 20; p++; break;
    case 'g': case 'G': shift = 30; p++; break;
    case 't': case 'T': shift = 40; p++; break;
    default: break;
    }
    if (*p != 0 || (shift != 0 && value > ULLONG_MAX >> shift)) return false;
    return !neg || (value << shift) <= (unsigned long long)INT64_MAX;
}

/*
 * HotSpot's warnings for a deprecated or obsolete flag, given before anything else is
 * checked (an improperly specified or locked one is warned about, then refused). Returns
 * true when the option is dealt with here (*ok: its result): an obsolete flag, ignored,
 * or an alias, parsed again under the name it stands for (whose own deprecation, if any,
 * is not warned about again).
 */
static bool deprecation(const char *opt, const char *name, const char *rest, bool *ok)
{
    static bool aliased;
    for (size_t i = 0; i < ARRAY_LEN(obsolete_flags); i++) {
        if (strcmp(name, obsolete_flags[i].name) != 0) continue;
        fprintf(stderr, "GlassVM warning: Ignoring option %s; support was removed in %s\n", name, obsolete_flags[i].since);
        *ok = true;
        return true;
    }
    if (aliased) return false;
    for (size_t i = 0; i < ARRAY_LEN(deprecated_flags); i++) {
        if (strcmp(name, deprecated_flags[i].name) != 0) continue;
        const char *alias = deprecated_flags[i].alias;
        fprintf(stderr, "GlassVM warning: Option %s was deprecated in version %s and will likely be removed in a future "
                        "release.%s%s%s\n", name, deprecated_flags[i].since, alias ? " Use option " : "", alias ? alias : "",
                alias ? " instead." : "");
        if (alias == NULL) return false;
        char real[512];
        bool sign = opt[4] == '+' || opt[4] == '-';
        snprintf(real, sizeof real, "-XX:%.*s%s%s", sign ? 1 : 0, opt + 4, alias, rest);
        bool echo = print_vm_options; /* the option was echoed as given */
        aliased = true;
        print_vm_options = false;
        *ok = parse_xx(real);
        print_vm_options = echo;
        aliased = false;
        return true;
    }
    return false;
}

static bool parse_xx(const char *opt)
{
    const char *body = opt + 4;
    if (print_vm_options) {
        printf("VM option '%s'\n", body);
        fflush(stdout);
    }
    char name[256];
    bool plusminus = *body == '+' || *body == '-';
    if (plusminus) body++;
    size_t n = strcspn(body, "=");
    if (n >= sizeof name) n = sizeof name - 1;
    memcpy(name, body, n);
    name[n] = 0;
    /* GlassVM's own flags. */
    if (strcmp(name, "GlassTraceBytecodes") == 0) {
        vm_opts.trace_interp = opt[4] == '+';
        return true;
    }
    if (strcmp(name, "GlassTraceJVMTI") == 0) {
        vm_opts.trace_jvmti = opt[4] == '+';
        return true;
    }
    /* Not a HotSpot 17 flag: JetBrains Runtime's, for the same feature (redefine.h). */
    if (strcmp(name, "AllowEnhancedClassRedefinition") == 0 && plusminus) {
        vm_opts.enhanced_redefinition = opt[4] == '+';
        return true;
    }
    if (strcmp(name, "GlassEnhancedRedefinitionSlack") == 0 && !plusminus) {
        char *end;
        long bytes = body[n] == '=' ? strtol(body + n + 1, &end, 10) : -1;
        if (body[n] != '=' || end == body + n + 1 || *end != '\0' || bytes < 0 || bytes > 4096) {
            fprintf(stderr, "Improperly specified VM option '%s' (bytes, 0 to 4096)\n", body);
            return false;
        }
        vm_opts.enhanced_slack = (uint32_t)bytes;
        vm_opts.enhanced_slack_set = true;
        return true;
    }
    bool ok;
    if (deprecation(opt, name, body + n, &ok)) return ok;
    int type, kind;
    if (!hotspot_flag(name, &type, &kind)) {
        if (ignore_unrecognized) return true;
        /* HotSpot names the option without its +/- sign. */
        fprintf(stderr, "Unrecognized VM option '%s'\n", plusminus ? opt + 5 : opt + 4);
        suggest_flag(body, n);
        return false;
    }
    /* The unlock flags are listed as of their own kind, but need no unlocking. */
    bool unlock_flag = strcmp(name, "UnlockDiagnosticVMOptions") == 0 || strcmp(name, "UnlockExperimentalVMOptions") == 0;
    if (!unlock_flag && ((kind == 1 && !unlocked_diagnostic) || (kind == 2 && !unlocked_experimental))) {
        const char *what = kind == 1 ? "diagnostic" : "experimental";
        fprintf(stderr, "Error: VM option '%s' is %s and must be enabled via -XX:+Unlock%sVMOptions.\n"
                        "Error: The unlock option must precede '%s'.\n",
                name, what, kind == 1 ? "Diagnostic" : "Experimental", name);
        return false;
    }
    if (strcmp(name, "UnlockDiagnosticVMOptions") == 0) unlocked_diagnostic = opt[4] == '+';
    if (strcmp(name, "UnlockExperimentalVMOptions") == 0) unlocked_experimental = opt[4] == '+';
    bool is_bool = type == FT_bool;
    if (plusminus != is_bool) {
        if (is_bool)
            fprintf(stderr, "Missing +/- setting for VM option '%s'\n", body);
        else
            fprintf(stderr, "Unexpected +/- setting in VM option '%s'\n", name);
        return false;
    }
    /* A value flag needs its value; HotSpot takes StartFlightRecording alone (defaults). */
    if (!is_bool && body[n] != '=' && strcmp(name, "StartFlightRecording") != 0) {
        fprintf(stderr, "Improperly specified VM option '%s'\n", name);
        return false;
    }
    if (body[n] == '=' && !numeric_syntax(type, body + n + 1)) {
        fprintf(stderr, "Improperly specified VM option '%s'\n", body);
        return false;
    }
    jfr_warning(name, opt);
    /* The flag table (flags.h) records what the command line said. */
    flags_note_option(name, plusminus ? (opt[4] == '+' ? "true" : "false") : body[n] == '=' ? body + n + 1 : NULL);
    /* Flags with an effect here. */
    if (strcmp(name, "DisplayVMOutput") == 0) vm_opts.no_vm_output = opt[4] == '-';
    if (strcmp(name, "UsePerfData") == 0) vm_opts.no_perf_data = opt[4] == '-';
    if (strcmp(name, "PerfDisableSharedMem") == 0) vm_opts.no_perf_data = opt[4] == '+';
    if (strcmp(name, "DisableAttachMechanism") == 0) vm_opts.no_attach = opt[4] == '+';
    if (strcmp(name, "ClassUnloading") == 0) vm_opts.no_class_unloading = opt[4] == '-';
    if (strcmp(name, "CheckJNICalls") == 0) vm_opts.check_jni = opt[4] == '+';
    if (strcmp(name, "CreateCoredumpOnCrash") == 0) vm_opts.no_core_dump = opt[4] == '-';
    /* Before the heap is sized from the physical memory (options_parse's end). */
    if (strcmp(name, "UseContainerSupport") == 0) os_set_container_support(opt[4] == '+');
    if (strcmp(name, "AllowRedefinitionToAddDeleteMethods") == 0) vm_opts.redefine_add_delete_methods = opt[4] == '+';
    if (strcmp(name, "SharedArchiveFile") == 0) vm_opts.shared_archive = vm_strdup(body + n + 1);
    if (strcmp(name, "HeapDumpGzipLevel") == 0 && body[n] == '=') {
        char *end;
        long level = strtol(body + n + 1, &end, 10);
        if (end == body + n + 1 || *end != '\0') {
            fprintf(stderr, "Improperly specified VM option '%s'\n", body);
            return false;
        }
        if (level < 0 || level > 9) {
            fprintf(stderr, "intx HeapDumpGzipLevel=%ld is outside the allowed range [ 0 ... 9 ]\n", level);
            fprintf(stderr, "Improperly specified VM option '%s'\n", body);
            return false;
        }
        vm_opts.heap_dump_gz = (int)level;
    }
    if (strcmp(name, "MaxHeapSize") == 0) {
        if (parse_size(body + n + 1, &vm_opts.heap_max)) return true;
        fprintf(stderr, "Invalid maximum heap size: %s\n", opt);
        return false;
    }
    if (strcmp(name, "InitialHeapSize") == 0) return xx_size(body, &vm_opts.heap_initial);
    if (strcmp(name, "MaxJavaStackTraceDepth") == 0) {
        size_t depth;
        if (!xx_size(body, &depth)) return false;
        if (depth > (1u << 30)) {
            fprintf(stderr, "intx MaxJavaStackTraceDepth=%zu is outside the allowed range [ 0 ... 1073741823 ]\n"
                            "Improperly specified VM option '%s'\n", depth, body);
            return false;
        }
        vm_opts.max_stack_trace_depth = (int32_t)depth;
        return true;
    }
    if (strcmp(name, "StackTraceInThrowable") == 0) vm_opts.no_stack_trace = opt[4] == '-';
    /* Flags the class library reads as saved properties (jdk.internal.misc.VM), which
     * HotSpot passes on as these, removed from System's properties by the library. */
    if (strcmp(name, "AutoBoxCacheMax") == 0 || strcmp(name, "MaxDirectMemorySize") == 0) {
        size_t v;
        if (!xx_size(body, &v)) return false;
        char text[32];
        snprintf(text, sizeof text, "%zu", v);
        options_set_property(name[0] == 'A' ? "java.lang.Integer.IntegerCache.high" : "sun.nio.MaxDirectMemorySize", text);
        return true;
    }
    if (strcmp(name, "MaxRAM") == 0) {
        if (!xx_size(body, &ram.max_ram)) return false;
        ram.max_ram_set = true;
        return true;
    }
    if (strcmp(name, "MaxRAMPercentage") == 0) return ram_percentage(body, name, &ram.max_pct);
    if (strcmp(name, "MinRAMPercentage") == 0) return ram_percentage(body, name, &ram.min_pct);
    if (strcmp(name, "MaxRAMFraction") == 0 || strcmp(name, "MinRAMFraction") == 0) {
        /* Deprecated for the percentages (deprecation() warned): 100 / fraction. */
        size_t fraction;
        if (!xx_size(body, &fraction)) return false;
        if (fraction == 0) {
            fprintf(stderr, "uintx %s=0 is outside the allowed range [ 1 ... 18446744073709551615 ]\n"
                            "Improperly specified VM option '%s'\n", name, body);
            return false;
        }
        *(strcmp(name, "MaxRAMFraction") == 0 ? &ram.max_pct : &ram.min_pct) = 100.0 / (double)fraction;
        return true;
    }
    for (size_t i = 0; i < ARRAY_LEN(gc_names); i++)
        if (strcmp(name, gc_names[i]) == 0) gc_selected[i] = opt[4] == '+';
    if (strcmp(name, "PrintGC") == 0) old_gc_logging.print_gc = opt[4] == '+';
    if (strcmp(name, "PrintGCDetails") == 0) old_gc_logging.details = opt[4] == '+';
    if (strcmp(name, "ThreadStackSize") == 0) {
        size_t k;
        if (!xx_size(body, &k)) return false;
        vm_opts.stack_size = k * 1024;
    }
    return true;
}

/* -ea[:name], -da[:name], -esa, -dsa and their long forms. */
static void parse_assert(const char *opt, bool enable, bool is_system)
{
    const char *colon = strchr(opt, ':');
    if (is_system) {
        vm_assert_system_default = enable;
        return;
    }
    if (colon == NULL || colon[1] == 0) {
        vm_assert_default = enable;
        return;
    }
    const char *name = colon + 1;
    size_t len = strlen(name);
    bool is_package = len >= 3 && strcmp(name + len - 3, "...") == 0;
    vm_assert_directives =
        vm_realloc(vm_assert_directives, (size_t)(vm_assert_directive_count + 1) * sizeof(AssertDirective));
    AssertDirective *d = &vm_assert_directives[vm_assert_directive_count++];
    char *copy = vm_strdup(name);
    if (is_package) copy[len - 3] = 0;
    d->name = copy;
    d->is_package = is_package;
    d->enabled = enable;
}

static bool starts(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

static void add_argument(const char *opt)
{
    vm_arguments = vm_realloc(vm_arguments, (size_t)(vm_argument_count + 1) * sizeof(char *));
    vm_arguments[vm_argument_count++] = vm_strdup(opt);
}

/* HotSpot's internal module properties: jdk.module.<name>, <name>.<n> or <name>=... for
 * the names the module options (--add-modules, --patch-module, ...) are turned into.
 * Given as -D they are ignored, with one warning after parsing, so that only the options
 * themselves reach the module system and the boot loader. */
static bool is_internal_module_property(const char *kv)
{
    static const char *const names[] = {"addexports", "addreads",    "addopens",
                                        "patch",      "addmods",     "limitmods",
                                        "path",       "upgrade.path", "enable.native.access"};
    if (!starts(kv, "jdk.module.")) return false;
    const char *suffix = kv + 11;
    for (size_t i = 0; i < ARRAY_LEN(names); i++) {
        size_t n = strlen(names[i]);
        if (strncmp(suffix, names[i], n) == 0 && (suffix[n] == '=' || suffix[n] == '.' || suffix[n] == '\0'))
            return true;
    }
    return false;
}
static bool module_property_ignored;

static bool parse_one(const char *opt, OptionHooks *hooks)
{
    if (starts(opt, "-D")) {
        const char *kv = opt + 2;
        if (is_internal_module_property(kv)) {
            module_property_ignored = true;
            return true;
        }
        const char *eq = strchr(kv, '=');
        char key[1024];
        size_t n = eq ? (size_t)(eq - kv) : strlen(kv);
        if (n >= sizeof key) n = sizeof key - 1;
        memcpy(key, kv, n);
        key[n] = 0;
        if (strcmp(key, "java.home") == 0) vm_opts.java_home = vm_strdup(eq ? eq + 1 : "");
        /* The out-of-the-box management agent lives in jdk.management.agent (HotSpot). */
        if (starts(key, "com.sun.management"))
            indexed_property("jdk.module.addmods", &addmods, "jdk.management.agent");
        options_set_property(key, eq ? eq + 1 : "");
        return true;
    }
    if (starts(opt, "-Xmx")) flags_note_option("MaxHeapSize", NULL);
    if (starts(opt, "-Xms")) flags_note_option("InitialHeapSize", NULL);
    if (starts(opt, "-Xss")) flags_note_option("ThreadStackSize", NULL);
    if (starts(opt, "-Xmx")) {
        /* HotSpot's range for -Xmx starts at 1 byte; 0 is no size. */
        if (parse_size(opt + 4, &vm_opts.heap_max) && vm_opts.heap_max > 0) return true;
        fprintf(stderr, "Invalid maximum heap size: %s\n", opt);
        return false;
    }
    if (starts(opt, "-Xmn")) {
        /* The young generation's size: GlassVM's collector has no generations, so the
         * size is only checked as HotSpot checks it. */
        size_t young;
        if (parse_size(opt + 4, &young) && young > 0) return true;
        fprintf(stderr, "Invalid initial young generation size: %s\n", opt);
        return false;
    }
    if (starts(opt, "-Xms")) return parse_size(opt + 4, &vm_opts.heap_initial) || (fprintf(stderr, "Invalid initial heap size: %s\n", opt), false);
    if (starts(opt, "-Xss")) return parse_size(opt + 4, &vm_opts.stack_size) || (fprintf(stderr, "Invalid thread stack size: %s\n", opt), false);
    /* HotSpot maps the -verbose forms onto unified-logging selections on stdout. */
    if (strcmp(opt, "-verbose") == 0 || strcmp(opt, "-verbose:class") == 0) {
        log_configure_stdout(LOG_INFO, true, (const LogTag[]){LOG_TAG_class, LOG_TAG_load, LOG_TAG_NONE});
        log_configure_stdout(LOG_INFO, true, (const LogTag[]){LOG_TAG_class, LOG_TAG_unload, LOG_TAG_NONE});
        return true;
    }
    if (strcmp(opt, "-verbose:gc") == 0) {
        log_configure_stdout(LOG_INFO, true, (const LogTag[]){LOG_TAG_gc, LOG_TAG_NONE});
        return true;
    }
    if (strcmp(opt, "-verbose:jni") == 0) {
        log_configure_stdout(LOG_DEBUG, true, (const LogTag[]){LOG_TAG_jni, LOG_TAG_resolve, LOG_TAG_NONE});
        return true;
    }
    if (starts(opt, "-verbose:")) return true; /* other -verbose kinds: nothing to report */
    if (strcmp(opt, "-Xlog") == 0 || starts(opt, "-Xlog:")) return log_parse_xlog(opt);
    if (starts(opt, "-Xloggc:")) {
        log_warning(gc, "-Xloggc is deprecated. Will use -Xlog:gc:%s instead.", opt + 8);
        old_gc_logging.file = opt + 8;
        return true;
    }
    if (starts(opt, "-XX:")) return parse_xx(opt);
    /* Gone since JDK 9: HotSpot names them before the launcher's lines. */
    if (starts(opt, "-Xbootclasspath/p:") || starts(opt, "-Xbootclasspath:")) {
        fprintf(stderr, "%s is no longer a supported option.\n", opt[15] == '/' ? "-Xbootclasspath/p" : "-Xbootclasspath");
        return false;
    }
    if (strcmp(opt, "-Xprof") == 0) {
        fprintf(stderr, "GlassVM warning: Ignoring option -Xprof; support was removed in 10.0\n");
        return true;
    }
    if (starts(opt, "-Xcheck") && strcmp(opt, "-Xcheck:jni") != 0) {
        fprintf(stderr, "Unrecognized check option: %s\n", opt);
        return false;
    }
    if (strcmp(opt, "-Xcheck:jni") == 0) {
        /* HotSpot sets its CheckJNICalls flag. */
        vm_opts.check_jni = true;
        flags_note_option("CheckJNICalls", "true");
        return true;
    }
    if (starts(opt, "-Xbootclasspath/a:")) {
        const char *p = opt + 18;
        if (boot_append == NULL) {
            boot_append = vm_strdup(p);
        } else {
            char *n = vm_malloc(strlen(boot_append) + strlen(p) + 2);
            sprintf(n, "%s:%s", boot_append, p);
            free(boot_append);
            boot_append = n;
        }
        return true;
    }
    if (strcmp(opt, "-ea") == 0 || starts(opt, "-ea:") || strcmp(opt, "-enableassertions") == 0 ||
        starts(opt, "-enableassertions:")) {
        parse_assert(opt, true, false);
        return true;
    }
    if (strcmp(opt, "-da") == 0 || starts(opt, "-da:") || strcmp(opt, "-disableassertions") == 0 ||
        starts(opt, "-disableassertions:")) {
        parse_assert(opt, false, false);
        return true;
    }
    if (strcmp(opt, "-esa") == 0 || strcmp(opt, "-enablesystemassertions") == 0) {
        parse_assert(opt, true, true);
        return true;
    }
    if (strcmp(opt, "-dsa") == 0 || strcmp(opt, "-disablesystemassertions") == 0) {
        parse_assert(opt, false, true);
        return true;
    }
    if (starts(opt, "--add-modules=")) return indexed_property("jdk.module.addmods", &addmods, opt + 14), true;
    if (starts(opt, "--add-exports=")) return indexed_property("jdk.module.addexports", &addexports, opt + 14), true;
    if (starts(opt, "--add-opens=")) return indexed_property("jdk.module.addopens", &addopens, opt + 12), true;
    if (starts(opt, "--add-reads=")) return indexed_property("jdk.module.addreads", &addreads, opt + 12), true;
    if (starts(opt, "--patch-module=")) return indexed_property("jdk.module.patch", &patches, opt + 15), true;
    if (starts(opt, "--enable-native-access=")) return indexed_property("jdk.module.enable.native.access", &native_access, opt + 23), true;
    if (starts(opt, "--module-path=")) return options_set_property("jdk.module.path", opt + 14), true;
    if (starts(opt, "--upgrade-module-path=")) return options_set_property("jdk.module.upgrade.path", opt + 22), true;
    if (starts(opt, "--limit-modules=")) return options_set_property("jdk.module.limitmods", opt + 16), true;
    if (starts(opt, "--illegal-access=")) return true; /* no effect in 17 beyond a warning */
    if (strcmp(opt, "--enable-preview") == 0) return true;
    if (strcmp(opt, "-Xrs") == 0) {
        flags_note_option("ReduceSignalUsage", "true");
        return true;
    }
    if (starts(opt, "-Xverify")) {
        /* Verification stays on whatever is asked: GlassVM's interpreter relies on it. */
        if (strcmp(opt, "-Xverify:none") == 0) {
            static bool warned;
            if (!warned)
                fprintf(stderr, "GlassVM warning: Options -Xverify:none and -noverify were deprecated in JDK 13 and "
                                "will likely be removed in a future release.\n");
            warned = true;
            return true;
        }
        if (strcmp(opt, "-Xverify") == 0 || strcmp(opt, "-Xverify:all") == 0 || strcmp(opt, "-Xverify:remote") == 0)
            return true;
        fprintf(stderr, "Unrecognized verification option: %s\n", opt);
        return false;
    }
    /* -Xshare: the archive of the boot module graph (src/jvm/archive.c); :on is :auto. Any
     * other -Xshare form is unrecognized, as in HotSpot. */
    if (strcmp(opt, "-Xshare:off") == 0) return vm_opts.share = SHARE_OFF, true;
    if (strcmp(opt, "-Xshare:dump") == 0) return vm_opts.share = SHARE_DUMP, true;
    if (strcmp(opt, "-Xshare:auto") == 0) return vm_opts.share = SHARE_AUTO, true;
    if (strcmp(opt, "-Xshare:on") == 0) return vm_opts.share = SHARE_ON, true;
    if (strcmp(opt, "-Xint") == 0 || strcmp(opt, "-Xmixed") == 0 || strcmp(opt, "-Xcomp") == 0 ||
        strcmp(opt, "-Xcheck:jni") == 0 || strcmp(opt, "-Xdebug") == 0 || strcmp(opt, "-Xnoclassgc") == 0 ||
        strcmp(opt, "-Xbatch") == 0 || strcmp(opt, "-Xnoagent") == 0 ||
        starts(opt, "-Xmaxjitcodesize") || strcmp(opt, "-Xinternalversion") == 0 ||
        strcmp(opt, "-XX:Flags=.hotspotrc") == 0)
        return true;
    /* As HotSpot: a java agent needs java.instrument in the module graph even when the
     * application's own roots (-m) do not require it. */
    if (starts(opt, "-javaagent:")) indexed_property("jdk.module.addmods", &addmods, "java.instrument");
    if (jvmti_agents_parse_option(opt)) return true; /* loaded by JNI_CreateJavaVM */
    if (strcmp(opt, "exit") == 0 || strcmp(opt, "abort") == 0 || strcmp(opt, "vfprintf") == 0) {
        (void)hooks;
        return true;
    }
    if (starts(opt, "-")) {
        if (ignore_unrecognized) return true;
        fprintf(stderr, "Unrecognized option: %s\n", opt);
        return false;
    }
    return true;
}

/* Options from an environment variable, split into words. */
typedef struct EnvOptions {
    char *buf;    /* the words, NUL-separated */
    char **words; /* pointers into buf */
    int count;
} EnvOptions;

/* JAVA_TOOL_OPTIONS / _JAVA_OPTIONS: whitespace-separated, with simple quoting. HotSpot
 * announces both variables before it parses any option. */
static void split_env_options(const char *var, EnvOptions *e)
{
    memset(e, 0, sizeof *e);
    const char *v = os_getenv(var);
    if (v == NULL || *v == 0) return;
    fprintf(stderr, "Picked up %s: %s\n", var, v);
    char *copy = vm_strdup(v), *p = copy;
    e->buf = copy;
    while (*p) {
        while (isspace((unsigned char)*p)) p++;
        if (!*p) break;
        char *out = p, *start = p;
        char quote = 0;
        while (*p && (quote || !isspace((unsigned char)*p))) {
            if (!quote && (*p == '"' || *p == '\'')) {
                quote = *p++;
                continue;
            }
            if (quote && *p == quote) {
                quote = 0;
                p++;
                continue;
            }
            *out++ = *p++;
        }
        if (*p) p++;
        *out = 0;
        e->words = vm_realloc(e->words, (size_t)(e->count + 1) * sizeof(char *));
        e->words[e->count++] = start;
    }
}

static bool parse_env_options(EnvOptions *e, OptionHooks *hooks)
{
    bool ok = true;
    for (int i = 0; i < e->count && ok; i++) {
        add_argument(e->words[i]);
        ok = parse_one(e->words[i], hooks);
    }
    free(e->words);
    free(e->buf);
    return ok;
}

/* -XX:+/-IgnoreUnrecognizedVMOptions and -XX:+/-PrintVMOptions: the last setting wins
 * wherever it is, even after the options it concerns (HotSpot looks for them before
 * parsing anything). */
static void scan_special_flags(const char *opt)
{
    if (strcmp(opt, "-XX:+IgnoreUnrecognizedVMOptions") == 0) ignore_unrecognized = true;
    if (strcmp(opt, "-XX:-IgnoreUnrecognizedVMOptions") == 0) ignore_unrecognized = false;
    if (strcmp(opt, "-XX:+PrintVMOptions") == 0) print_vm_options = true;
    if (strcmp(opt, "-XX:-PrintVMOptions") == 0) print_vm_options = false;
}

static char *find_java_home(void)
{
    /* Our library lives at JAVA_HOME/lib/server/libjvm.so in an image. */
    char *path = os_dladdr_path((const void *)find_java_home);
    if (path) {
        char *p = strstr(path, "/lib/server/libjvm.so");
        if (p == NULL) p = strstr(path, "/lib/libjvm.so");
        if (p) {
            *p = 0;
            char probe[4096];
            snprintf(probe, sizeof probe, "%s/lib/modules", path);
            if (os_file_exists(probe)) return path;
        }
        free(path);
    }
    /* -XXaltjvm: the launcher's own JDK. */
    void *jli = os_dlsym(NULL, "JLI_Launch");
    if (jli) {
        path = os_dladdr_path(jli);
        if (path) {
            char *p = strstr(path, "/lib/libjli.so");
            if (p) {
                *p = 0;
                char *b = strstr(path, "/bin/..");
                if (b && b[7] == 0) *b = 0;
                return path;
            }
            free(path);
        }
    }
    const char *env = os_getenv("JAVA_HOME");
    return env ? vm_strdup(env) : NULL;
}

static const char *release_version(const char *java_home)
{
    static char version[128] = "17";
    char path[4096];
    snprintf(path, sizeof path, "%s/release", java_home);
    size_t len;
    char *text = (char *)os_read_file(path, &len);
    if (text == NULL) return version;
    text = vm_realloc(text, len + 1);
    text[len] = 0;
    char *p = strstr(text, "JAVA_RUNTIME_VERSION=\"");
    if (p) {
        p += 22;
        char *q = strchr(p, '"');
        if (q && (size_t)(q - p) < sizeof version) {
            memcpy(version, p, (size_t)(q - p));
            version[q - p] = 0;
        }
    }
    free(text);
    return version;
}

bool options_parse(const JavaVMInitArgs *args, OptionHooks *hooks)
{
    vm_opts.heap_max = 0;
    vm_opts.heap_initial = 0;
    vm_opts.stack_size = 0;
    vm_opts.max_stack_trace_depth = 1024;
    /* HotSpot's order: JAVA_TOOL_OPTIONS, then the command line, then _JAVA_OPTIONS. */
    EnvOptions tool_options, java_options;
    split_env_options("JAVA_TOOL_OPTIONS", &tool_options);
    split_env_options("_JAVA_OPTIONS", &java_options);
    for (int i = 0; i < tool_options.count; i++) scan_special_flags(tool_options.words[i]);
    for (int i = 0; i < args->nOptions; i++)
        if (args->options[i].optionString != NULL) scan_special_flags(args->options[i].optionString);
    for (int i = 0; i < java_options.count; i++) scan_special_flags(java_options.words[i]);
    if (args->ignoreUnrecognized) ignore_unrecognized = true;

    if (!parse_env_options(&tool_options, hooks)) {
        free(java_options.words);
        free(java_options.buf);
        return false;
    }
    for (int i = 0; i < args->nOptions; i++) {
        const char *opt = args->options[i].optionString;
        if (opt == NULL) continue;
        if (!starts(opt, "-Dsun.java.launcher") && !starts(opt, "-Dsun.java.command") &&
            !starts(opt, "-Djava.class.path") && strcmp(opt, "exit") && strcmp(opt, "abort") &&
            strcmp(opt, "vfprintf"))
            add_argument(opt);
        if (!parse_one(opt, hooks)) {
            free(java_options.words);
            free(java_options.buf);
            return false;
        }
        if (strcmp(opt, "exit") == 0) hooks->exit_hook = args->options[i].extraInfo;
        if (strcmp(opt, "abort") == 0) hooks->abort_hook = args->options[i].extraInfo;
        if (strcmp(opt, "vfprintf") == 0) hooks->vfprintf_hook = args->options[i].extraInfo;
    }
    if (!parse_env_options(&java_options, hooks)) return false;
    if (module_property_ignored)
        fprintf(stderr, "GlassVM warning: Ignoring system property options whose names match the "
                        "'-Djdk.module.*'. names that are reserved for internal use.\n");

    if (vm_opts.java_home == NULL) vm_opts.java_home = find_java_home();
    if (vm_opts.java_home == NULL) {
        fprintf(stderr, "Error: cannot determine java.home\n");
        return false;
    }
    if (old_gc_logging.print_gc) log_warning(gc, "-XX:+PrintGC is deprecated. Will use -Xlog:gc instead.");
    if (old_gc_logging.details)
        log_warning(gc, "-XX:+PrintGCDetails is deprecated. Will use -Xlog:gc* instead.");
    if (old_gc_logging.file != NULL) {
        if (!log_configure(old_gc_logging.details ? "gc*" : "gc", old_gc_logging.file, NULL, NULL, NULL)) return false;
    } else if (old_gc_logging.print_gc || old_gc_logging.details) {
        log_configure_stdout(LOG_INFO, !old_gc_logging.details, (const LogTag[]){LOG_TAG_gc, LOG_TAG_NONE});
    }
    int gcs = 0;
    for (size_t i = 0; i < ARRAY_LEN(gc_names); i++) gcs += gc_selected[i];
    if (gcs > 1) init_error("Multiple garbage collectors selected");
    /* The maximum heap defaults as HotSpot's (Arguments::set_heap_size): MaxRAMPercentage
     * (25%) of the memory, but MinRAMPercentage (50%) of a small memory, one where that
     * is less than MaxHeapSize's own default (96 MB scaled for 64-bit words), and never
     * less than that default otherwise, nor than -Xms. The memory is MaxRAM when given,
     * else the physical memory (a container's limit: os_physical_memory) capped at
     * MaxRAM's default, 128 GB. Without -Xms the collector starts small and grows with
     * live data (heap.c's budget floor): HotSpot's 1/64-of-RAM initial size would let
     * garbage pile up to ~400 MB before a collection. */
    if (vm_opts.heap_max == 0) {
        const uint64_t default_max = 130862280; /* ScaleForWordSize(96 MB) */
        uint64_t phys = os_physical_memory();
        uint64_t mem = ram.max_ram_set ? ram.max_ram : (phys < ram.max_ram ? phys : ram.max_ram);
        uint64_t reasonable_max = (uint64_t)((double)mem * ram.max_pct / 100.0);
        uint64_t reasonable_min = (uint64_t)((double)mem * ram.min_pct / 100.0);
        if (reasonable_min < default_max) reasonable_max = reasonable_min;
        else if (reasonable_max < default_max) reasonable_max = default_max;
        if (vm_opts.heap_initial > reasonable_max) reasonable_max = vm_opts.heap_initial;
        vm_opts.heap_max = (size_t)reasonable_max;
    }
    if (vm_opts.heap_initial > vm_opts.heap_max) init_error("Initial heap size set to a larger value than the maximum heap size");
    if (vm_opts.heap_max < (2u << 20)) init_error("Too small maximum heap");
    if (vm_opts.heap_initial != 0 && vm_opts.heap_initial < (1u << 20)) init_error("Too small initial heap");
    if (vm_opts.stack_size == 0) vm_opts.stack_size = 1u << 20; /* HotSpot's x86-64 default */
    if (vm_opts.stack_size < (160u << 10)) {
        /* On stdout, as HotSpot prints it; the launcher's lines follow on stderr. */
        printf("\nThe Java thread stack size specified is too small. Specify at least 160k\n");
        fflush(stdout);
        return false;
    }

    /* The VM's own properties, after the user's so ours win where HotSpot's do. */
    const char *version = release_version(vm_opts.java_home);
    char buf[4096];
    static const struct {
        const char *key, *value;
    } fixed[] = {
        {"java.vm.specification.name", "Java Virtual Machine Specification"},
        {"java.vm.specification.vendor", "Oracle Corporation"},
        {"java.vm.specification.version", "17"},
        {"java.vm.name", "GlassVM"},
        {"java.vm.vendor", "GlassVM"},
        {"java.vm.info", "interpreted mode"},
        {"jdk.debug", "release"},
    };
    for (size_t i = 0; i < ARRAY_LEN(fixed); i++)
        if (boot_property(fixed[i].key) == NULL || strncmp(fixed[i].key, "java.vm.", 8) == 0)
            options_set_property(fixed[i].key, fixed[i].value);
    options_set_property("java.vm.version", version);
    options_set_property("java.home", vm_opts.java_home);
    snprintf(buf, sizeof buf, "%s/lib", vm_opts.java_home);
    options_set_property("sun.boot.library.path", buf);
    if (boot_property("java.library.path") == NULL) {
        const char *ld = os_getenv("LD_LIBRARY_PATH");
        const char *deflt = "/usr/java/packages/lib:/usr/lib/x86_64-linux-gnu/jni:/lib/x86_64-linux-gnu:"
                            "/usr/lib/x86_64-linux-gnu:/usr/lib/jni:/lib:/usr/lib";
        if (ld && *ld)
            snprintf(buf, sizeof buf, "%s:%s", ld, deflt);
        else
            snprintf(buf, sizeof buf, "%s", deflt);
        options_set_property("java.library.path", buf);
    }
    /* HotSpot's default is empty, not ".": the launcher passes the class path when there
     * is one, and ClassLoaders reads an empty value as the current directory unless an
     * initial module (-m) is given, when there is no class path at all. */
    if (boot_property("java.class.path") == NULL) options_set_property("java.class.path", "");
    options_set_property("jdk.boot.class.path.append", boot_append ? boot_append : "");
    hooks->boot_append = boot_append;
    if (vm_opts.check_jni) jni_check_install(); /* before any thread registers */
    return true;
}
