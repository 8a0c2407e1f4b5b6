// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jmm.h — our own declaration of the JMM interface: the table of functions the JDK's
 * libmanagement.so and libmanagement_ext.so obtain from JVM_GetManagement and call to
 * implement java.lang.management and com.sun.management.
 *
 * Written from the binary facts of ../shared/spec/jmm-abi.md (JDK 17.0.15, x86-64 LP64):
 * the 40-slot table, the version constant, the enum values and the struct layouts the
 * installed libraries use. Names are ours where the ABI does not fix them; only the
 * layout and the numbers matter to the libraries. The static asserts at the end pin the
 * layouts the libraries were measured to use.
 *
 * Version: libmanagement asks for exactly JMM_VERSION (3.0) and stores what GetVersion
 * answers; slot 32 is GetTotalThreadAllocatedMemory in 17.0.15 (a backport that kept the
 * version number).
 */
#ifndef GLASS_JMM_H
#define GLASS_JMM_H

#include <jni.h>
#include <stddef.h>

enum {
    JMM_VERSION_1_0 = 0x20010000,
    JMM_VERSION_1_1 = 0x20010100,
    JMM_VERSION_1_2 = 0x20010200,
    JMM_VERSION_1_2_1 = 0x20010201,
    JMM_VERSION_1_2_2 = 0x20010202,
    JMM_VERSION_2 = 0x20020000,
    JMM_VERSION_3 = 0x20030000,
    JMM_VERSION = JMM_VERSION_3,
};

/* GetLongAttribute / GetLongAttributes. */
typedef enum {
    JMM_CLASS_LOADED_COUNT = 1,
    JMM_CLASS_UNLOADED_COUNT = 2,
    JMM_THREAD_TOTAL_COUNT = 3,
    JMM_THREAD_LIVE_COUNT = 4,
    JMM_THREAD_PEAK_COUNT = 5,
    JMM_THREAD_DAEMON_COUNT = 6,
    JMM_JVM_INIT_DONE_TIME_MS = 7,
    JMM_COMPILE_TOTAL_TIME_MS = 8,
    JMM_GC_TIME_MS = 9,
    JMM_GC_COUNT = 10,
    JMM_JVM_UPTIME_MS = 11,
    JMM_INTERNAL_ATTRIBUTE_INDEX = 100,
    JMM_CLASS_LOADED_BYTES = 101,
    JMM_CLASS_UNLOADED_BYTES = 102,
    JMM_TOTAL_CLASSLOAD_TIME_MS = 103,
    JMM_VM_GLOBAL_COUNT = 104,
    JMM_SAFEPOINT_COUNT = 105,
    JMM_TOTAL_SAFEPOINTSYNC_TIME_MS = 106,
    JMM_TOTAL_STOPPED_TIME_MS = 107,
    JMM_TOTAL_APP_TIME_MS = 108,
    JMM_VM_THREAD_COUNT = 109,
    JMM_CLASS_INIT_TOTAL_COUNT = 110,
    JMM_CLASS_INIT_TOTAL_TIME_MS = 111,
    JMM_METHOD_DATA_SIZE_BYTES = 112,
    JMM_CLASS_VERIFY_TOTAL_TIME_MS = 113,
    JMM_SHARED_CLASS_LOADED_COUNT = 114,
    JMM_SHARED_CLASS_UNLOADED_COUNT = 115,
    JMM_SHARED_CLASS_LOADED_BYTES = 116,
    JMM_SHARED_CLASS_UNLOADED_BYTES = 117,
    JMM_OS_ATTRIBUTE_INDEX = 200,
    JMM_OS_PROCESS_ID = 201,
    JMM_OS_MEM_TOTAL_PHYSICAL_BYTES = 202,
    JMM_GC_EXT_ATTRIBUTE_INFO_SIZE = 401,
} jmmLongAttribute;

/* GetBoolAttribute / SetBoolAttribute. */
typedef enum {
    JMM_VERBOSE_GC = 21,
    JMM_VERBOSE_CLASS = 22,
    JMM_THREAD_CONTENTION_MONITORING = 23,
    JMM_THREAD_CPU_TIME = 24,
    JMM_THREAD_ALLOCATED_MEMORY = 25,
} jmmBoolAttribute;

/* Or-ed into the thread status word handed to ThreadInfo's constructor. */
enum {
    JMM_THREAD_STATE_FLAG_SUSPENDED = 0x00100000,
    JMM_THREAD_STATE_FLAG_NATIVE = 0x00400000,
};

typedef enum {
    JMM_STAT_PEAK_THREAD_COUNT = 801,
    JMM_STAT_THREAD_CONTENTION_COUNT = 802,
    JMM_STAT_THREAD_CONTENTION_TIME = 803,
    JMM_STAT_THREAD_CONTENTION_STAT = 804,
    JMM_STAT_PEAK_POOL_USAGE = 805,
    JMM_STAT_GC_STAT = 806,
} jmmStatisticType;

typedef enum {
    JMM_USAGE_THRESHOLD_HIGH = 901,
    JMM_USAGE_THRESHOLD_LOW = 902,
    JMM_COLLECTION_USAGE_THRESHOLD_HIGH = 903,
    JMM_COLLECTION_USAGE_THRESHOLD_LOW = 904,
} jmmThresholdType;

typedef enum {
    JMM_VMGLOBAL_TYPE_UNKNOWN = 0,
    JMM_VMGLOBAL_TYPE_JBOOLEAN = 1,
    JMM_VMGLOBAL_TYPE_JSTRING = 2,
    JMM_VMGLOBAL_TYPE_JLONG = 3,
    JMM_VMGLOBAL_TYPE_JDOUBLE = 4,
} jmmVMGlobalType;

typedef enum {
    JMM_VMGLOBAL_ORIGIN_DEFAULT = 1,
    JMM_VMGLOBAL_ORIGIN_COMMAND_LINE = 2,
    JMM_VMGLOBAL_ORIGIN_MANAGEMENT = 3,
    JMM_VMGLOBAL_ORIGIN_ENVIRON_VAR = 4,
    JMM_VMGLOBAL_ORIGIN_CONFIG_FILE = 5,
    JMM_VMGLOBAL_ORIGIN_ERGONOMIC = 6,
    JMM_VMGLOBAL_ORIGIN_ATTACH_ON_DEMAND = 7,
    JMM_VMGLOBAL_ORIGIN_OTHER = 99,
} jmmVMGlobalOrigin;

/* One 32-bit word of capability bits, least significant first. */
typedef struct {
    unsigned int isLowMemoryDetectionSupported : 1;
    unsigned int isCompilationTimeMonitoringSupported : 1;
    unsigned int isThreadContentionMonitoringSupported : 1;
    unsigned int isCurrentThreadCpuTimeSupported : 1;
    unsigned int isOtherThreadCpuTimeSupported : 1;
    unsigned int isObjectMonitorUsageSupported : 1;
    unsigned int isSynchronizerUsageSupported : 1;
    unsigned int isThreadAllocatedMemorySupported : 1;
    unsigned int isRemoteDiagnosticCommandsSupported : 1;
    unsigned int : 22;
} jmmOptionalSupport;

typedef struct {
    jstring name;             /* local ref; NULL: no such flag */
    jvalue value;
    jmmVMGlobalType type;
    jmmVMGlobalOrigin origin;
    unsigned int writeable : 1;
    unsigned int external : 1;
    unsigned int reserved : 30;
    void *reserved1;
    void *reserved2;
} jmmVMGlobal;

typedef struct {
    const char *name;
    char type;                /* a descriptor letter: 'I', 'J', 'Z', ... */
    const char *description;
} jmmExtAttributeInfo;

/* GetLastGCStat: the caller allocates the two MemoryUsage[] arrays and the jvalue array. */
typedef struct {
    jlong gc_index;           /* 0: no collection yet */
    jlong start_time;         /* ms since VM start */
    jlong end_time;
    jobjectArray usage_before_gc;
    jobjectArray usage_after_gc;
    jint gc_ext_attribute_values_size;
    jvalue *gc_ext_attribute_values;
    jint num_gc_ext_attributes;
} jmmGCStat;

typedef struct {
    const char *name;
    const char *description;
    const char *impact;
    const char *permission_class;
    const char *permission_name;
    const char *permission_action;
    int num_arguments;
    jboolean enabled;
} dcmdInfo;

typedef struct {
    const char *name;
    const char *description;
    const char *type;
    const char *default_string;
    jboolean mandatory;
    jboolean option;
    jboolean multiple;
    int position;
} dcmdArgInfo;

typedef struct JmmInterface {
    void *reserved1;
    void *reserved2;
    jint(JNICALL *GetVersion)(JNIEnv *env);
    jint(JNICALL *GetOptionalSupport)(JNIEnv *env, jmmOptionalSupport *support_ptr);
    jint(JNICALL *GetThreadInfo)(JNIEnv *env, jlongArray ids, jint maxDepth, jobjectArray infoArray);
    jobjectArray(JNICALL *GetMemoryPools)(JNIEnv *env, jobject mgr);
    jobjectArray(JNICALL *GetMemoryManagers)(JNIEnv *env, jobject pool);
    jobject(JNICALL *GetMemoryPoolUsage)(JNIEnv *env, jobject pool);
    jobject(JNICALL *GetPeakMemoryPoolUsage)(JNIEnv *env, jobject pool);
    jlong(JNICALL *GetOneThreadAllocatedMemory)(JNIEnv *env, jlong thread_id);
    void(JNICALL *GetThreadAllocatedMemory)(JNIEnv *env, jlongArray ids, jlongArray sizeArray);
    jobject(JNICALL *GetMemoryUsage)(JNIEnv *env, jboolean heap);
    jlong(JNICALL *GetLongAttribute)(JNIEnv *env, jobject obj, jmmLongAttribute att);
    jboolean(JNICALL *GetBoolAttribute)(JNIEnv *env, jmmBoolAttribute att);
    jboolean(JNICALL *SetBoolAttribute)(JNIEnv *env, jmmBoolAttribute att, jboolean flag);
    jint(JNICALL *GetLongAttributes)(JNIEnv *env, jobject obj, jmmLongAttribute *atts, jint count,
                                     jlong *result);
    jobjectArray(JNICALL *FindCircularBlockedThreads)(JNIEnv *env);
    jlong(JNICALL *GetThreadCpuTime)(JNIEnv *env, jlong thread_id);
    jobjectArray(JNICALL *GetVMGlobalNames)(JNIEnv *env);
    jint(JNICALL *GetVMGlobals)(JNIEnv *env, jobjectArray names, jmmVMGlobal *globals, jint count);
    jint(JNICALL *GetInternalThreadTimes)(JNIEnv *env, jobjectArray names, jlongArray times);
    jboolean(JNICALL *ResetStatistic)(JNIEnv *env, jvalue obj, jmmStatisticType type);
    void(JNICALL *SetPoolSensor)(JNIEnv *env, jobject pool, jmmThresholdType type, jobject sensor);
    jlong(JNICALL *SetPoolThreshold)(JNIEnv *env, jobject pool, jmmThresholdType type, jlong threshold);
    jobject(JNICALL *GetPoolCollectionUsage)(JNIEnv *env, jobject pool);
    jint(JNICALL *GetGCExtAttributeInfo)(JNIEnv *env, jobject mgr, jmmExtAttributeInfo *ext_info,
                                         jint count);
    void(JNICALL *GetLastGCStat)(JNIEnv *env, jobject mgr, jmmGCStat *gc_stat);
    jlong(JNICALL *GetThreadCpuTimeWithKind)(JNIEnv *env, jlong thread_id, jboolean user_sys_cpu_time);
    void(JNICALL *GetThreadCpuTimesWithKind)(JNIEnv *env, jlongArray ids, jlongArray timeArray,
                                             jboolean user_sys_cpu_time);
    jint(JNICALL *DumpHeap0)(JNIEnv *env, jstring outputfile, jboolean live);
    jobjectArray(JNICALL *FindDeadlocks)(JNIEnv *env, jboolean object_monitors_only);
    void(JNICALL *SetVMGlobal)(JNIEnv *env, jstring flag_name, jvalue new_value);
    jlong(JNICALL *GetTotalThreadAllocatedMemory)(JNIEnv *env);
    jobjectArray(JNICALL *DumpThreads)(JNIEnv *env, jlongArray ids, jboolean lockedMonitors,
                                       jboolean lockedSynchronizers, jint maxDepth);
    void(JNICALL *SetGCNotificationEnabled)(JNIEnv *env, jobject mgr, jboolean enabled);
    jobjectArray(JNICALL *GetDiagnosticCommands)(JNIEnv *env);
    void(JNICALL *GetDiagnosticCommandInfo)(JNIEnv *env, jobjectArray cmds, dcmdInfo *infoArray);
    void(JNICALL *GetDiagnosticCommandArgumentsInfo)(JNIEnv *env, jstring commandName,
                                                     dcmdArgInfo *infoArray, jint count);
    jstring(JNICALL *ExecuteDiagnosticCommand)(JNIEnv *env, jstring command);
    void(JNICALL *SetDiagnosticFrameworkNotificationEnabled)(JNIEnv *env, jboolean enabled);
} JmmInterface;

/* The layouts the JDK 17.0.15 libraries were measured to use (jmm-abi.md section 4). */
_Static_assert(sizeof(jmmOptionalSupport) == 4, "jmmOptionalSupport");
_Static_assert(sizeof(jmmVMGlobal) == 48 && offsetof(jmmVMGlobal, type) == 16, "jmmVMGlobal");
_Static_assert(sizeof(jmmExtAttributeInfo) == 24, "jmmExtAttributeInfo");
_Static_assert(sizeof(jmmGCStat) == 64 && offsetof(jmmGCStat, num_gc_ext_attributes) == 56, "jmmGCStat");
_Static_assert(sizeof(dcmdInfo) == 56 && offsetof(dcmdInfo, enabled) == 52, "dcmdInfo");
_Static_assert(sizeof(dcmdArgInfo) == 40 && offsetof(dcmdArgInfo, position) == 36, "dcmdArgInfo");
_Static_assert(sizeof(JmmInterface) == 40 * sizeof(void *), "JmmInterface: 40 slots");
_Static_assert(offsetof(JmmInterface, GetTotalThreadAllocatedMemory) == 0x100, "slot 32");
_Static_assert(offsetof(JmmInterface, SetDiagnosticFrameworkNotificationEnabled) == 0x138, "slot 39");

#endif
