// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * flamegraph.h — a profile as a tree of stacks (root first), and its three outputs:
 * collapsed stacks (one "a;b;c count" line per distinct stack, the format of
 * flamegraph.pl and speedscope), a self-contained interactive HTML flame graph
 * (flamegraph.html, embedded in the agent at build time: no network resource), and a
 * top-N text summary by self and total weight. Not thread-safe: build it from one
 * thread once sampling has stopped.
 */
#ifndef SAMPLES_FLAMEGRAPH_H
#define SAMPLES_FLAMEGRAPH_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Frame kinds: colours in the flame graph. */
typedef enum { FG_JAVA, FG_NATIVE, FG_THREAD, FG_CLASS } FgKind;

typedef struct Profile Profile;

Profile *fg_new(void);
/* The index of a frame name of that kind (interned; the string is copied). */
int fg_name(Profile *p, const char *name, FgKind kind);
/* Adds weight to the stack names[0..n) (root first). */
void fg_add(Profile *p, const int *names, int n, uint64_t weight);
uint64_t fg_total(const Profile *p);

bool fg_write_collapsed(const Profile *p, FILE *out);
/* title: the page's heading; unit: what the weights count ("samples", "bytes"). */
bool fg_write_html(const Profile *p, FILE *out, const char *title, const char *unit);
/* The top n frame names by self weight, with their self and total shares. */
void fg_write_top(const Profile *p, FILE *out, int n, const char *unit);

#endif
