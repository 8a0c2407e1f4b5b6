// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * asgct.h — AsyncGetCallTrace, the sampling call of HotSpot's unofficial "Forte"
 * interface, as GlassVM's libjvm.so exports it (our own declarations of the public ABI
 * that async-profiler, honest-profiler and IDE profilers use; HotSpot ships no header).
 *
 * A profiler finds the function with dlsym(RTLD_DEFAULT, "AsyncGetCallTrace") (so the
 * same agent runs on HotSpot and on GlassVM) and calls it from a signal handler
 * (SIGPROF) on the interrupted thread:
 *
 *     ASGCT_CallFrame frames[64];
 *     ASGCT_CallTrace trace = { env, 0, frames };   env: the thread's JNIEnv*
 *     AsyncGetCallTrace(&trace, 64, ucontext);
 *
 * On return trace.num_frames is the number of frames stored, innermost first, or one of
 * the ASGCT_* codes below when no trace could be taken. A Java frame has its bytecode
 * index in `lineno`, a native method's frame ASGCT_NATIVE_FRAME; `method_id` is a
 * jmethodID, which stays valid — JVMTI answers JVMTI_ERROR_INVALID_METHODID for it —
 * after its class is unloaded. As on HotSpot, the call answers ASGCT_NO_CLASS_LOAD until
 * some JVMTI environment enables ClassLoad events (profilers do, to have the jmethodIDs
 * of every class allocated on HotSpot).
 */
#ifndef GLASS_ASGCT_H
#define GLASS_ASGCT_H

#include <jni.h>

typedef struct {
    jint lineno;         /* bci of a Java frame, ASGCT_NATIVE_FRAME for a native one */
    jmethodID method_id; /* the frame's method */
} ASGCT_CallFrame;

typedef struct {
    JNIEnv *env_id;          /* in: the calling thread's JNIEnv */
    jint num_frames;         /* out: frames stored (>= 0), or an ASGCT_* code (< 0) */
    ASGCT_CallFrame *frames; /* in: room for `depth` frames */
} ASGCT_CallTrace;

/* num_frames when no trace was taken (HotSpot's codes; 0 = no Java frame). */
enum {
    ASGCT_NO_JAVA_FRAME = 0,
    ASGCT_NO_CLASS_LOAD = -1,         /* no environment has ClassLoad events enabled */
    ASGCT_GC_ACTIVE = -2,             /* HotSpot only: GlassVM walks during collections */
    ASGCT_UNKNOWN_NOT_JAVA = -3,      /* outside Java: the top frame is unreadable */
    ASGCT_NOT_WALKABLE_NOT_JAVA = -4, /* outside Java: a frame further down is */
    ASGCT_UNKNOWN_JAVA = -5,          /* in Java: the top frame is unreadable */
    ASGCT_NOT_WALKABLE_JAVA = -6,     /* in Java: a frame further down is */
    ASGCT_UNKNOWN_STATE = -7,         /* the thread is in no state a trace exists for */
    ASGCT_THREAD_EXIT = -8,           /* env_id is not the calling thread's, or it exits */
    ASGCT_DEOPT = -9,                 /* HotSpot only: deoptimizing */
    ASGCT_SAFEPOINT = -10,            /* HotSpot only: at a safepoint */
};

/* lineno of a native method's frame. */
#define ASGCT_NATIVE_FRAME (-3)

typedef void (*AsyncGetCallTraceFn)(ASGCT_CallTrace *trace, jint depth, void *ucontext);

#endif
