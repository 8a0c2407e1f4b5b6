// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * unimplemented.c — the JVMTI functions GlassVM does not implement yet. Each answers
 * JVMTI_ERROR_NOT_AVAILABLE, after the generated wrapper has done every check the spec
 * derives from the declaration (phase, thread, environment, capability, parameters).
 * Capability-gated functions never get here: their capabilities are not offered
 * (env.c), so the wrapper answers JVMTI_ERROR_MUST_POSSESS_CAPABILITY first.
 *
 * Implementing a function: write it in the module of its spec category (thread.c,
 * class.c, ...) with the prototype from gen/jvmti_impl.h, and delete its stub here (the
 * linker reports a duplicate otherwise). `python3 tools/jvmti_gen.py --stubs .` prints
 * the stubs of every function not defined in a .c file of src/jvmti.
 */
#include "gen/jvmti_impl.h"

/* JVMTI: SuspendAllVirtualThreads */
jvmtiError jvmti_SuspendAllVirtualThreads(JvmtiEnv *env, Thread *self, jint except_count, const jthread *except_list)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: ResumeAllVirtualThreads */
jvmtiError jvmti_ResumeAllVirtualThreads(JvmtiEnv *env, Thread *self, jint except_count, const jthread *except_list)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}


