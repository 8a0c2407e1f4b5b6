// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * timers.c — the JVMTI Timers category: GetCurrentThreadCpuTimerInfo,
 * GetCurrentThreadCpuTime, GetThreadCpuTimerInfo, GetThreadCpuTime, GetTimerInfo,
 * GetTime, GetAvailableProcessors.
 *
 * Clocks. GetTime is the clock behind System.nanoTime (os_nanotime, monotonic), so an
 * agent's timestamps and the program's compare directly. Thread CPU time is the
 * kernel's per-thread CPU clock, user plus system time (JVMTI_TIMER_TOTAL_CPU), which
 * counts from the thread's creation whenever the capability was added — the spec lets a
 * VM start counting at any time up to the moment the capability is added, so the two
 * CPU-time capabilities are not OnLoad-only (env.c's offered[]).
 *
 * Threads and phases: GetCurrentThreadCpuTime(rInfo) are `innative` (the caller's state,
 * no heap access) and callable in the start phase; GetTimerInfo/GetTime/
 * GetAvailableProcessors in any phase, also from unattached threads (self may be NULL).
 * GetThreadCpuTime runs in TS_JAVA: the target Thread* stays valid while this function
 * does not reach a safepoint poll, and reading its clock needs only its kernel id.
 */
#include "../vm/thread.h"
#include "gen/jvmti_impl.h"
#include "jvmti_int.h"

/* Every clock here is a 64-bit nanosecond count that does not wrap in practice: its
 * maximum is all 64 bits (an unsigned value, as the spec says). */
static void fill_info(jvmtiTimerInfo *info, jvmtiTimerKind kind)
{
    info->max_value = (jlong)-1;
    /* CPU clocks cannot be adjusted; the monotonic clock is slewed by NTP at most, never
     * stepped, so it neither skips forward nor back. */
    info->may_skip_forward = JNI_FALSE;
    info->may_skip_backward = JNI_FALSE;
    info->kind = kind;
    info->reserved1 = 0;
    info->reserved2 = 0;
}

/* JVMTI: GetCurrentThreadCpuTimerInfo */
jvmtiError jvmti_GetCurrentThreadCpuTimerInfo(JvmtiEnv *env, Thread *self, jvmtiTimerInfo *info_ptr)
{
    fill_info(info_ptr, JVMTI_TIMER_TOTAL_CPU);
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetCurrentThreadCpuTime */
jvmtiError jvmti_GetCurrentThreadCpuTime(JvmtiEnv *env, Thread *self, jlong *nanos_ptr)
{
    int64_t ns = os_thread_cpu_time();
    if (ns < 0) return JVMTI_ERROR_INTERNAL; /* the clock of a running thread always exists */
    *nanos_ptr = ns;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetThreadCpuTimerInfo */
jvmtiError jvmti_GetThreadCpuTimerInfo(JvmtiEnv *env, Thread *self, jvmtiTimerInfo *info_ptr)
{
    fill_info(info_ptr, JVMTI_TIMER_TOTAL_CPU);
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetThreadCpuTime */
jvmtiError jvmti_GetThreadCpuTime(JvmtiEnv *env, Thread *self, Thread *thread, jlong *nanos_ptr)
{
    if (thread == self) {
        *nanos_ptr = os_thread_cpu_time();
        return *nanos_ptr < 0 ? JVMTI_ERROR_INTERNAL : JVMTI_ERROR_NONE;
    }
    /* A started thread whose OS thread has not bound itself yet (kernel id still 0) has
     * used no CPU time; one whose OS thread has just exited has no clock any more but
     * is reported alive until it unregisters: it answers its last known value, 0. */
    int64_t tid = __atomic_load_n(&thread->tid, __ATOMIC_RELAXED);
    int64_t ns = os_thread_cpu_time_of(tid);
    *nanos_ptr = ns < 0 ? 0 : ns;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetTimerInfo */
jvmtiError jvmti_GetTimerInfo(JvmtiEnv *env, Thread *self, jvmtiTimerInfo *info_ptr)
{
    fill_info(info_ptr, JVMTI_TIMER_ELAPSED);
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetTime */
jvmtiError jvmti_GetTime(JvmtiEnv *env, Thread *self, jlong *nanos_ptr)
{
    *nanos_ptr = os_nanotime();
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetAvailableProcessors — what Runtime.availableProcessors answers (affinity
 * mask and cgroup quota, re-read on every call since the spec lets it change). */
jvmtiError jvmti_GetAvailableProcessors(JvmtiEnv *env, Thread *self, jint *processor_count_ptr)
{
    int n = os_processor_count();
    *processor_count_ptr = n < 1 ? 1 : n;
    return JVMTI_ERROR_NONE;
}
