// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * sampleutil.h — what GlassVM's sample agents (samples/) share: option parsing, a
 * signal-safe store of call traces, and jmethodID naming. The agents use only JVMTI,
 * JNI and AsyncGetCallTrace, so they run on HotSpot as on GlassVM.
 */
#ifndef SAMPLES_SAMPLEUTIL_H
#define SAMPLES_SAMPLEUTIL_H

#include <jvmti.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "asgct.h"

/* ---- options: "key=value,key=value,flag" ---- */

/* The value of `key` in opts copied into buf (size n), "" for a bare flag; false if the
 * key is absent. */
bool su_opt(const char *opts, const char *key, char *buf, size_t n);
/* Every key of opts is one of `known` (a NULL-terminated list); else prints
 * "<agent>: unknown option KEY" on stderr and returns false. */
bool su_opts_check(const char *agent, const char *opts, const char *const *known);
/* A duration: a number with ns, us, ms or s (default unit: ms). -1 if malformed. */
int64_t su_parse_duration_ns(const char *s);
/* A size: a number with an optional k, m or g suffix (powers of 1024). -1 if malformed. */
int64_t su_parse_size(const char *s);

/* ---- call-trace store (async-signal-safe insertion) ----
 *
 * Distinct traces with a count each, in a fixed hash table of ts_init's capacity whose
 * frames live in an arena reserved up front (the kernel commits its pages as they are
 * first touched). ts_add may be called from a signal handler on any thread at any time:
 * it takes no lock and allocates nothing (a compare-and-swap claims a slot, an atomic
 * add bumps the arena and counts). Traces are identified by a 64-bit hash of their
 * frames (a collision would merge two traces; at 2^-64 per pair this is accepted).
 * When the table or the arena is full, further new traces are counted as dropped.
 * Reading (ts_each) is for when insertions have stopped. */
bool ts_init(size_t max_traces, size_t max_frames);
/* Adds `weight` to the trace frames[0..n) (innermost first, as AsyncGetCallTrace
 * returns it). */
void ts_add(const ASGCT_CallFrame *frames, int n, uint64_t weight);
/* Calls fn for every stored trace. */
void ts_each(void (*fn)(const ASGCT_CallFrame *frames, int n, uint64_t count, void *arg), void *arg);
/* Weight of the traces that did not fit. */
uint64_t ts_dropped(void);

/* Pseudo-frames an agent may put into a trace (lineno values no VM uses): the frame
 * stands for names entry (uintptr_t)method_id of the agent's own table. */
#define SU_FRAME_THREAD (-1001)
#define SU_FRAME_CLASS (-1002)

/* ---- naming ---- */

/* "java.lang.String.indexOf" for a method (cached; the string lives until exit), or
 * "[unknown method]" if the VM no longer knows it (its class was unloaded). */
const char *su_method_name(jvmtiEnv *jvmti, jmethodID m);
/* "java.lang.String", "int[]" for a class signature ("Ljava/lang/String;", "[I"),
 * malloc'd. */
char *su_class_name_from_signature(const char *sig);
/* Forces the jmethodIDs of a class's methods to exist (HotSpot creates them lazily; a
 * signal handler gets NULL for a method whose ID was never asked for). */
void su_touch_methods(jvmtiEnv *jvmti, jclass klass);
/* su_touch_methods for every loaded class. */
void su_touch_all_methods(jvmtiEnv *jvmti);

/* Prints "<agent>: <what> failed: <error name>" on stderr if err is not JVMTI_ERROR_NONE;
 * returns whether it was none. */
bool su_check(jvmtiEnv *jvmti, const char *agent, jvmtiError err, const char *what);

/* Opens `path` for writing, "-" or "stderr"/"stdout" naming those streams. */
FILE *su_open_output(const char *path);
void su_close_output(FILE *f);

#endif
