// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * options.h — VM-wide settings and the boot phase.
 *
 * `vm_opts` is filled by option parsing (src/jvm/options.c) before anything else runs
 * and is read-only afterwards (the -verbose/-Xlog switches live in log.h's configuration). `vm_phase` advances monotonically; later the tool
 * interfaces report it (JVMTI GetPhase).
 */
#ifndef GLASS_OPTIONS_H
#define GLASS_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum VmPhase {
    PHASE_ONLOAD = 0,     /* options parsed, agents loading */
    PHASE_PRIMORDIAL = 1, /* core classes loading, no Java code run yet */
    PHASE_START = 2,      /* java.lang.Object .. System initialized, initPhase1 running */
    PHASE_LIVE = 3,       /* initPhase3 done */
    PHASE_DEAD = 4,       /* DestroyJavaVM / System.exit in progress */
} VmPhase;

enum { SHARE_AUTO = 0, SHARE_OFF, SHARE_ON, SHARE_DUMP };

typedef struct VmOptions {
    const char *java_home;
    size_t heap_initial;  /* -Xms */
    size_t heap_max;      /* -Xmx */
    size_t stack_size;    /* -Xss: Java stack bytes per thread */
    bool trace_interp;    /* -XX:+GlassTraceBytecodes (debug builds) */
    bool trace_jvmti;     /* -XX:+GlassTraceJVMTI: log every JVMTI call (needed by jvmti) */
    bool no_vm_output;    /* -XX:-DisplayVMOutput: no thread dump on SIGQUIT (HotSpot's tty) */
    bool no_perf_data;    /* -XX:-UsePerfData or +PerfDisableSharedMem: no hsperfdata file */
    bool no_attach;       /* -XX:+DisableAttachMechanism: SIGQUIT never starts the listener */
    bool no_class_unloading; /* -XX:-ClassUnloading: the collector keeps every class */
    bool check_jni;       /* -Xcheck:jni or -XX:+CheckJNICalls: the checked JNI table (jni_check.c) */
    bool no_core_dump;    /* -XX:-CreateCoredumpOnCrash: JNI fatal errors exit with status 1 */
    /* -XX:+AllowRedefinitionToAddDeleteMethods (HotSpot's compatibility flag, deprecated
     * since 13): a redefinition may add and delete private static/final methods. */
    bool redefine_add_delete_methods;
    /* -XX:+AllowEnhancedClassRedefinition (JetBrains Runtime's name): a redefinition may
     * add, delete and rename methods of every kind and change modifiers (redefine.h). */
    bool enhanced_redefinition;
    /* -XX:GlassEnhancedRedefinitionSlack=N (GlassVM's): bytes reserved in instances of
     * redefinable classes for instance fields a redefinition adds (redefine.h); without
     * it (enhanced_slack_set false) redef_instance_slack's default. */
    bool enhanced_slack_set;
    uint32_t enhanced_slack;
    int heap_dump_gz;           /* -XX:HeapDumpGzipLevel=0..9 (0: no compression) */
    int32_t max_stack_trace_depth; /* -XX:MaxJavaStackTraceDepth (1024; 0: every frame) */
    bool no_stack_trace;        /* -XX:-StackTraceInThrowable: throwables record no frames */
    uint8_t share;              /* -Xshare: SHARE_AUTO (default), _OFF, _ON, _DUMP (archive.h) */
    const char *shared_archive; /* -XX:SharedArchiveFile=, NULL: lib/server/glass-boot.gva */
} VmOptions;

extern VmOptions vm_opts;
/* os_nanotime() when the VM was created (log time stamps). */
extern int64_t vm_start_ns;
extern volatile VmPhase vm_phase;

#endif
