// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * log.h — Unified Logging (JEP 158/271) as HotSpot 17 has it: tagged messages at levels,
 * routed to outputs (stdout, stderr, rotating files) with decorations.
 *
 * A log site names a tag set that exists in LOG_TAGSETS below (the list -Xlog:help prints,
 * so it holds only the sets some site really logs to) and a level:
 *
 *     log_info(gc, "GC(%llu) Pause Full (%s) ...", ...);
 *     if (log_is_enabled(LOG_INFO, gc_heap_exit)) { ...expensive formatting... }
 *
 * log_is_enabled is one byte load and a compare: log_min[ts] is the most verbose level any
 * output wants for the set (LOG_OFF when none), republished by every configuration change.
 * Sites may be on any thread at any time; writes and configuration changes are serialized
 * by one lock, so lines never interleave. Configuration: log_parse_xlog (the -Xlog option,
 * during option parsing), log_configure_stdout (JMX setVerbose, JVMTI SetVerboseFlag), the
 * VM.log diagnostic command's entry points (any time, from any thread). Messages about the
 * configuration itself go to the [logging] tag set, as HotSpot's do.
 */
#ifndef GLASS_LOG_H
#define GLASS_LOG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* HotSpot's order: a message at level L is written where the configured level <= L. */
typedef enum LogLevel {
    LOG_TRACE = 1,
    LOG_DEBUG = 2,
    LOG_INFO = 3,
    LOG_WARNING = 4,
    LOG_ERROR = 5,
    LOG_OFF = 6,
} LogLevel;

/* Every tag some tag set uses, in alphabetical order (help lists them so). */
#define LOG_TAGS(X)                                                                          \
    X(class) X(cpu) X(exceptions) X(exit) X(gc) X(heap) X(init) X(jni) X(load) X(logging)   \
    X(os) X(resolve) X(safepoint) X(start) X(thread) X(unload)

typedef enum LogTag {
    LOG_TAG_NONE = 0,
#define LOG_TAG_ENUM(n) LOG_TAG_##n,
    LOG_TAGS(LOG_TAG_ENUM)
#undef LOG_TAG_ENUM
    LOG_TAG_COUNT
} LogTag;

#define LOG_MAX_TAGS 5

/* The tag sets log sites use: (identifier, tags in the order decorations print them). */
#define LOG_TAGSETS(X)                                                                       \
    X(logging, LOG_TAG_logging)                                                              \
    X(gc, LOG_TAG_gc)                                                                        \
    X(gc_init, LOG_TAG_gc, LOG_TAG_init)                                                     \
    X(gc_start, LOG_TAG_gc, LOG_TAG_start)                                                   \
    X(gc_cpu, LOG_TAG_gc, LOG_TAG_cpu)                                                       \
    X(gc_heap, LOG_TAG_gc, LOG_TAG_heap)                                                     \
    X(gc_heap_exit, LOG_TAG_gc, LOG_TAG_heap, LOG_TAG_exit)                                  \
    X(class_load, LOG_TAG_class, LOG_TAG_load)                                               \
    X(class_unload, LOG_TAG_class, LOG_TAG_unload)                                           \
    X(jni_resolve, LOG_TAG_jni, LOG_TAG_resolve)                                             \
    X(safepoint, LOG_TAG_safepoint)                                                          \
    X(os_thread, LOG_TAG_os, LOG_TAG_thread)                                                 \
    X(exceptions, LOG_TAG_exceptions)

typedef enum LogTagSet {
#define LOG_TS_ENUM(id, ...) LOG_TS_##id,
    LOG_TAGSETS(LOG_TS_ENUM)
#undef LOG_TS_ENUM
    LOG_TS_COUNT
} LogTagSet;

/* Most verbose level any output wants for each tag set (LOG_OFF: nobody listens). */
extern volatile uint8_t log_min[LOG_TS_COUNT];

#define log_is_enabled(level, ts) __builtin_expect((level) >= log_min[LOG_TS_##ts], 0)

#define log_at(level, ts, ...)                                                               \
    do {                                                                                     \
        if (log_is_enabled(level, ts)) log_print(level, LOG_TS_##ts, __VA_ARGS__);           \
    } while (0)
#define log_trace(ts, ...) log_at(LOG_TRACE, ts, __VA_ARGS__)
#define log_debug(ts, ...) log_at(LOG_DEBUG, ts, __VA_ARGS__)
#define log_info(ts, ...) log_at(LOG_INFO, ts, __VA_ARGS__)
#define log_warning(ts, ...) log_at(LOG_WARNING, ts, __VA_ARGS__)
#define log_error(ts, ...) log_at(LOG_ERROR, ts, __VA_ARGS__)

/* Writes one message (without newline) to every output enabled for (level, ts). */
void log_print(LogLevel level, LogTagSet ts, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void log_vprint(LogLevel level, LogTagSet ts, const char *fmt, va_list ap);

/* The -Xlog option (its full text, "-Xlog" or "-Xlog:..."), HotSpot's grammar
 * -Xlog[:[selections][:[output][:[decorators][:output-options]]]]. On error the reasons are
 * logged at [error][logging], "Invalid -Xlog option '...', see error log for details." goes
 * to stderr, and false is returned (VM creation fails). "-Xlog:help" prints the usage and
 * exits with status 0; "-Xlog:disable" turns every output off. */
bool log_parse_xlog(const char *option);

/* Configures one output as one -Xlog option or VM.log would: what (NULL/"" = all=info),
 * output (NULL/"" = stdout, "#N" = output N), decorators (NULL/"" = uptime,level,tags;
 * they replace the output's), options (file outputs). Errors are written to err when it
 * is not NULL (VM.log's output), else logged at [error][logging]; false on error. */
bool log_configure(const char *what, const char *output, const char *decorators,
                   const char *options, FILE *err);

/* HotSpot's LogConfiguration::configure_stdout: sets the stdout level of the tag sets that
 * hold exactly `tags` (exact) or at least them (!exact). tags end with LOG_TAG_NONE. */
void log_configure_stdout(LogLevel level, bool exact, const LogTag *tags);
/* Whether stdout writes every tag set holding `tags` (exactly or at least) at `level`. */
bool log_stdout_enabled(LogLevel level, bool exact, const LogTag *tags);

/* VM.log: the configuration as HotSpot's "VM.log list" describes it; turn everything off;
 * rotate every file output. */
void log_describe(FILE *out);
void log_disable_all(void);
void log_rotate_all(void);

/* -Xlog:help's text (HotSpot's skeleton, our tags and tag sets). */
void log_print_help(FILE *out);

/* Flushes every output (VM exit; files stay open: daemon threads may still log). */
void log_flush_all(void);

#endif
