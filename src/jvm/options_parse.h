// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * options_parse.h — the option parser's interface to boot.c.
 */
#ifndef GLASS_OPTIONS_PARSE_H
#define GLASS_OPTIONS_PARSE_H

#include <jni.h>
#include <stdbool.h>

typedef struct OptionHooks {
    void *exit_hook;     /* "exit" extraInfo: void (*)(jint) */
    void *abort_hook;    /* "abort" extraInfo: void (*)(void) */
    void *vfprintf_hook; /* "vfprintf" extraInfo */
    const char *boot_append; /* -Xbootclasspath/a, or NULL */
} OptionHooks;

/* Parses everything; prints HotSpot's message and returns false on a bad option. */
bool options_parse(const JavaVMInitArgs *args, OptionHooks *hooks);
void options_set_property(const char *key, const char *value);

#endif
