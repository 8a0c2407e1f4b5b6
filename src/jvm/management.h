// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * management.h — java.lang.management support: the JMM interface (jmm.h) that
 * JVM_GetManagement hands to the JDK's libmanagement and libmanagement_ext, split in
 *
 *   management.c         the table, versions, VM-wide attributes, flags (HotSpotDiagnostic
 *                        getVMOption/setVMOption), the slots that belong to other modules
 *                        (heap dump, diagnostic commands), the "Notification Thread"
 *   management_memory.c  memory pools and managers (MemoryMXBean, MemoryPoolMXBean,
 *                        GarbageCollectorMXBean, GcInfo), usage thresholds and their
 *                        sensors, GC notifications
 *   management_thread.c  ThreadMXBean: ThreadInfo snapshots, stack traces with locked
 *                        monitors and ownable synchronizers, deadlocked threads (found by
 *                        deadlock.c, as for thread dumps), thread CPU time and allocated
 *                        bytes, contention statistics
 *
 * Calling context of the jmm functions: JNI native methods of the class library call
 * them on an attached thread in TS_NATIVE; they build Java objects through the thread's
 * JNI functions and switch to TS_JAVA (jni_enter) only to read VM state. Errors are Java
 * exceptions left pending, as in JNI.
 */
#ifndef GLASS_MANAGEMENT_H
#define GLASS_MANAGEMENT_H

#include <jni.h>
#include <stdbool.h>
#include <stdint.h>

#include "../vm/heap.h"
#include "../vm/vm.h"
#include "jmm.h"

/* Boot: called once at the end of VM creation (boot.c), on the main thread in TS_JAVA.
 * Records the init-done time, installs the collector's report hook and starts the JMX
 * agent when -Dcom.sun.management.* asked for it (HotSpot's Management::initialize).
 * False with an exception pending if the agent failed to start (VM creation fails). */
bool mgmt_vm_init(Thread *t);

/* ---- shared helpers (management.c) ---- */

/* Throws cls (a class name like "java/lang/IllegalArgumentException") with msg through
 * JNI; returns false so callers can `return mgmt_throw(...)`-style. */
bool mgmt_throw(JNIEnv *env, const char *cls, const char *msg);
/* A new java.lang.management.MemoryUsage(init, used, committed, max), or NULL with an
 * exception pending. */
jobject mgmt_new_memory_usage(JNIEnv *env, int64_t init, int64_t used, int64_t committed, int64_t max);
/* ms since the VM started. */
int64_t mgmt_uptime_ms(void);
/* Wakes the notification thread (pending sensor triggers, GC notifications). Any thread,
 * any state; takes only a leaf lock. */
void mgmt_notify_service(void);

/* ---- management_memory.c ---- */
void mgmt_memory_init(void);
/* java.lang.management is in use from now on (JVM_GetManagement). */
void mgmt_memory_activate(void);
jobjectArray JNICALL mgmt_GetMemoryPools(JNIEnv *env, jobject mgr);
jobjectArray JNICALL mgmt_GetMemoryManagers(JNIEnv *env, jobject pool);
jobject JNICALL mgmt_GetMemoryPoolUsage(JNIEnv *env, jobject pool);
jobject JNICALL mgmt_GetPeakMemoryPoolUsage(JNIEnv *env, jobject pool);
jobject JNICALL mgmt_GetPoolCollectionUsage(JNIEnv *env, jobject pool);
jobject JNICALL mgmt_GetMemoryUsage(JNIEnv *env, jboolean heap);
void JNICALL mgmt_SetPoolSensor(JNIEnv *env, jobject pool, jmmThresholdType type, jobject sensor);
jlong JNICALL mgmt_SetPoolThreshold(JNIEnv *env, jobject pool, jmmThresholdType type, jlong threshold);
jint JNICALL mgmt_GetGCExtAttributeInfo(JNIEnv *env, jobject mgr, jmmExtAttributeInfo *info, jint count);
void JNICALL mgmt_GetLastGCStat(JNIEnv *env, jobject mgr, jmmGCStat *stat);
void JNICALL mgmt_SetGCNotificationEnabled(JNIEnv *env, jobject mgr, jboolean enabled);
/* GetLongAttribute with a GarbageCollectorMXBean (JMM_GC_COUNT, JMM_GC_TIME_MS,
 * JMM_GC_EXT_ATTRIBUTE_INFO_SIZE); -1 for other attributes, exception if obj is no GC
 * bean of ours. */
jlong mgmt_gc_attribute(JNIEnv *env, jobject mgr, jmmLongAttribute att);
/* ResetStatistic JMM_STAT_PEAK_POOL_USAGE / JMM_STAT_GC_STAT. */
bool mgmt_reset_pool_peak(JNIEnv *env, jobject pool);
/* The collector's report hook (heap.h heap_gc_end_hook). */
void mgmt_gc_end(Thread *t, const GcReport *r);
/* Notification thread work: sends pending sensor triggers/clears and GC notifications,
 * and checks usage thresholds (polled while any is set). Returns the ns until it wants to
 * be called again (0: at once, work is left; INT64_MAX: only when woken). env: the
 * notification thread's. */
int64_t mgmt_memory_service(JNIEnv *env);

/* ---- management_thread.c ---- */
jint JNICALL mgmt_GetThreadInfo(JNIEnv *env, jlongArray ids, jint maxDepth, jobjectArray infoArray);
jobjectArray JNICALL mgmt_DumpThreads(JNIEnv *env, jlongArray ids, jboolean lockedMonitors,
                                      jboolean lockedSynchronizers, jint maxDepth);
jobjectArray JNICALL mgmt_FindCircularBlockedThreads(JNIEnv *env);
jobjectArray JNICALL mgmt_FindDeadlocks(JNIEnv *env, jboolean object_monitors_only);
jlong JNICALL mgmt_GetThreadCpuTime(JNIEnv *env, jlong tid);
jlong JNICALL mgmt_GetThreadCpuTimeWithKind(JNIEnv *env, jlong tid, jboolean user_sys);
void JNICALL mgmt_GetThreadCpuTimesWithKind(JNIEnv *env, jlongArray ids, jlongArray times, jboolean user_sys);
jlong JNICALL mgmt_GetOneThreadAllocatedMemory(JNIEnv *env, jlong tid);
void JNICALL mgmt_GetThreadAllocatedMemory(JNIEnv *env, jlongArray ids, jlongArray sizes);
jlong JNICALL mgmt_GetTotalThreadAllocatedMemory(JNIEnv *env);
/* ResetStatistic JMM_STAT_THREAD_CONTENTION_COUNT/TIME: tid 0 = every thread. */
bool mgmt_reset_contention(JNIEnv *env, jlong tid, bool counts, bool times);
/* ThreadMXBean switches (GetBoolAttribute/SetBoolAttribute). */
extern _Atomic bool mgmt_thread_cpu_time_enabled;
extern _Atomic bool mgmt_thread_allocated_memory_enabled;

#endif
