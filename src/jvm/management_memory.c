// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * management_memory.c — memory pools and managers for java.lang.management: the JMM slots
 * behind MemoryMXBean, MemoryPoolMXBean, MemoryManagerMXBean, GarbageCollectorMXBean and
 * com.sun.management's GcInfo and GC notifications.
 *
 * How GlassVM's memory is described (see docs/monitoring.md):
 *
 *   pool "GlassVM Heap"      HEAP      the collected heap (heap.h): used = bytes in
 *                                      allocated cells, committed = committed blocks,
 *                                      max = -Xmx. Usage and collection-usage thresholds.
 *   pool "Class Metadata"    NON_HEAP  malloc'd class records: Class, Method, Field,
 *                                      constant-pool, vtable and itable records and the
 *                                      class-file bytes each class keeps. Usage threshold.
 *   pool "Interpreter Code"  NON_HEAP  the bytecode copies the interpreter runs (quickened
 *                                      in place). Usage threshold.
 *   manager "GlassVM Mark-Sweep"  (a GarbageCollectorMXBean) manages the heap pool: every
 *                                 collection is a full, stop-the-world mark-sweep.
 *   managers "Metadata Manager" and "Code Manager" manage the non-heap pools (they never
 *                                 collect; they exist so each pool has a manager).
 *
 * Non-heap pools are measured on demand by walking the loaded classes (no counters on
 * the class-definition path). The pool and manager MXBean objects are created by upcalls
 * into ManagementFactoryHelper (and GarbageCollectorExtImpl) the first time they are
 * needed and kept as global references: JMM identifies pools and managers by those very
 * objects.
 *
 * Thresholds and sensors follow HotSpot's low-memory detector: a usage threshold is a
 * gauge (the sensor triggers once when usage reaches the high threshold and clears when
 * it falls below the low one), a collection-usage threshold a counter (every collection
 * that leaves usage at or above the threshold counts). Detection runs when a threshold
 * changes, after every collection (mgmt_gc_end, on the collecting thread, which only
 * records) and every POLL_NS on the notification thread while a usage threshold is set;
 * the notification thread then calls the Java Sensor objects and sends GC notifications.
 *
 * Locking: mm_lock guards every field below except the bean references, which are
 * published once under it and read racily afterwards. It is a leaf lock, never held
 * across a JNI call or a call into Java: a JNI call may wait for a safepoint to end,
 * while the collecting thread takes mm_lock in TS_JAVA (mgmt_gc_end).
 */
#include "management.h"

#include <stdlib.h>
#include <string.h>

#include "../os/os.h"
#include "../vm/class.h"
#include "../vm/heap.h"
#include "../vm/jnienter.h"
#include "../vm/loader.h"
#include "../vm/options.h"
#include "../vm/thread.h"

#define POLL_NS (100 * INT64_C(1000000))

typedef struct Usage {
    int64_t init, used, committed, max;
} Usage;

typedef struct Threshold {
    bool supported;
    int64_t high, low; /* 0 = off */
} Threshold;

/* HotSpot's SensorInfo: what the Java Sensor must be told next. */
typedef struct SensorState {
    jobject obj; /* global ref to a sun.management.Sensor, NULL until registered */
    int64_t pending_trigger, pending_clear;
    bool on;
    Usage usage; /* usage that caused the last trigger request */
} SensorState;

enum { POOL_HEAP, POOL_METADATA, POOL_CODE, POOL_COUNT };
enum { MGR_CODE, MGR_METADATA, MGR_GC, MGR_COUNT };

typedef struct Pool {
    const char *name;
    bool heap, collected;
    jobject bean;
    Usage peak;
    Usage after_gc;
    bool has_after_gc;
    Threshold usage_th, coll_th;
    SensorState usage_sensor, coll_sensor;
} Pool;

typedef struct Manager {
    const char *name;
    bool gc;
    int pool;
    jobject bean;
    bool notify; /* GC notifications wanted (GarbageCollectorExtImpl has listeners) */
} Manager;

static Pool pools[POOL_COUNT] = {
    [POOL_HEAP] = {.name = "GlassVM Heap", .heap = true, .collected = true,
                   .usage_th = {.supported = true}, .coll_th = {.supported = true}},
    [POOL_METADATA] = {.name = "Class Metadata", .usage_th = {.supported = true}},
    [POOL_CODE] = {.name = "Interpreter Code", .usage_th = {.supported = true}},
};
static Manager managers[MGR_COUNT] = {
    [MGR_CODE] = {.name = "Code Manager", .pool = POOL_CODE},
    [MGR_METADATA] = {.name = "Metadata Manager", .pool = POOL_METADATA},
    [MGR_GC] = {.name = "GlassVM Mark-Sweep", .gc = true, .pool = POOL_HEAP},
};

/* The last collection (GetLastGCStat) and the GC notifications not yet sent. */
typedef struct GcStat {
    int64_t index; /* collections so far, this one included; 0 = none yet */
    bool nonheap_measured; /* else the non-heap pools are measured when asked */
    int64_t start_ms, end_ms, wall_ms;
    const char *cause;
    Usage before[POOL_COUNT], after[POOL_COUNT];
} GcStat;
/* The queue grows as needed (HotSpot's is unbounded: a notification is never lost while
 * a listener is slow); only past GC_QUEUE_MAX unsent ones is the oldest dropped. */
#define GC_QUEUE_MAX 65536

static OsMutex mm_lock;
static GcStat last_gc;
static GcStat *gc_queue; /* ring buffer of gc_queue_cap entries */
static int gc_queue_head, gc_queue_len, gc_queue_cap;

/* Appends st (mm_lock held). */
static void gc_queue_push(const GcStat *st)
{
    if (gc_queue_len == gc_queue_cap && gc_queue_cap < GC_QUEUE_MAX) {
        int cap = gc_queue_cap ? 2 * gc_queue_cap : 16;
        GcStat *q = vm_malloc((size_t)cap * sizeof(GcStat));
        for (int i = 0; i < gc_queue_len; i++) q[i] = gc_queue[(gc_queue_head + i) % gc_queue_cap];
        free(gc_queue);
        gc_queue = q;
        gc_queue_cap = cap;
        gc_queue_head = 0;
    }
    if (gc_queue_len == gc_queue_cap) { /* nobody takes them: drop the oldest */
        gc_queue_head = (gc_queue_head + 1) % gc_queue_cap;
        gc_queue_len--;
    }
    gc_queue[(gc_queue_head + gc_queue_len) % gc_queue_cap] = *st;
    gc_queue_len++;
}

void mgmt_memory_init(void) { os_mutex_init(&mm_lock); }

/* Set once java.lang.management is in use (JVM_GetManagement): until then a collection
 * records only what it alone knows (the heap before and after), so that programs that
 * never look pay no walk of the classes per collection. */
static _Atomic bool active;
void mgmt_memory_activate(void) { atomic_store(&active, true); }

/* ------------------------------------------------------------------------------------ */
/* Measuring                                                                             */
/* ------------------------------------------------------------------------------------ */

typedef struct ClassStats {
    size_t metadata, code;
} ClassStats;

static void count_class(Class *c, void *arg)
{
    ClassStats *s = arg;
    size_t meta = sizeof(Class) + (size_t)c->vtable_length * sizeof(Method *) +
                  (size_t)c->itable_length * sizeof(ITable) + (size_t)c->interface_count * sizeof(Class *);
    if (!class_is_array(c) && !class_is_primitive(c)) {
        meta += (size_t)c->method_count * sizeof(Method) + (size_t)c->field_count * sizeof(Field) +
                (size_t)c->ref_offset_count * sizeof(uint32_t) + (size_t)c->static_ref_count * sizeof(uint32_t);
        for (uint32_t i = 0; i < c->itable_length; i++)
            if (c->itable[i].iface != NULL) meta += (size_t)c->itable[i].iface->method_count * sizeof(Method *);
        if (c->cf != NULL) {
            meta += c->cf->length + sizeof(ClassFile) +
                    (size_t)c->cf->cp_count * (1 + sizeof(CfConstant) + sizeof(void *) + sizeof(uint32_t));
        }
        for (uint16_t i = 0; i < c->method_count; i++)
            if (c->methods[i].code != NULL) s->code += c->methods[i].code_length;
    }
    s->metadata += meta;
}

/* Caller in TS_JAVA, so class records cannot go away under the walk. */
static void class_stats(ClassStats *s)
{
    memset(s, 0, sizeof *s);
    loader_for_each_class(count_class, s);
}

static Usage heap_usage(void)
{
    Usage u;
    u.max = (int64_t)heap_max_bytes();
    u.committed = (int64_t)heap_committed_bytes();
    u.used = (int64_t)heap_used_bytes();
    /* The two counters are read racily: keep used <= committed <= max as MemoryUsage
     * demands. */
    if (u.committed > u.max) u.committed = u.max;
    if (u.used > u.committed) u.used = u.committed;
    u.init = (int64_t)vm_opts.heap_initial;
    if (u.init > u.max) u.init = u.max;
    return u;
}

static Usage nonheap_usage(size_t bytes)
{
    return (Usage){0, (int64_t)bytes, (int64_t)bytes, -1};
}

/* Current usage of every pool. Caller in TS_JAVA. */
static void measure(Usage u[POOL_COUNT])
{
    ClassStats s;
    class_stats(&s);
    u[POOL_HEAP] = heap_usage();
    u[POOL_METADATA] = nonheap_usage(s.metadata);
    u[POOL_CODE] = nonheap_usage(s.code);
}

static void measure_native(JNIEnv *env, Usage u[POOL_COUNT])
{
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    measure(u);
    jni_leave(t, prev);
}

static Usage max_usage(Usage a, Usage b)
{
    Usage r = a;
    if (b.used > r.used) r.used = b.used;
    if (b.committed > r.committed) r.committed = b.committed;
    if (b.max > r.max) r.max = b.max;
    return r;
}

/* mm_lock held. */
static void record_peak(int p, Usage u)
{
    if (pools[p].peak.committed == 0 && pools[p].peak.used == 0) pools[p].peak = u;
    else pools[p].peak = max_usage(pools[p].peak, u);
}

static jobject new_usage(JNIEnv *env, Usage u)
{
    return mgmt_new_memory_usage(env, u.init, u.used, u.committed, u.max);
}

/* ------------------------------------------------------------------------------------ */
/* The MXBean objects                                                                    */
/* ------------------------------------------------------------------------------------ */

/* Publishes a new bean unless another thread won the race; returns the published one.
 * (No JNI call under mm_lock: one may wait for a safepoint, and the collecting thread
 * takes mm_lock in TS_JAVA.) */
static jobject publish(JNIEnv *env, jobject *slot, jobject made)
{
    if (made == NULL) return NULL;
    jobject g = (*env)->NewGlobalRef(env, made);
    (*env)->DeleteLocalRef(env, made);
    os_mutex_lock(&mm_lock);
    bool won = *slot == NULL;
    if (won) *slot = g;
    jobject r = *slot;
    os_mutex_unlock(&mm_lock);
    if (!won) (*env)->DeleteGlobalRef(env, g);
    return r;
}

static jobject pool_bean(JNIEnv *env, int p)
{
    if (pools[p].bean != NULL) return pools[p].bean;
    jclass h = (*env)->FindClass(env, "sun/management/ManagementFactoryHelper");
    if (h == NULL) return NULL;
    jmethodID m = (*env)->GetStaticMethodID(env, h, "createMemoryPool",
                                            "(Ljava/lang/String;ZJJ)Ljava/lang/management/MemoryPoolMXBean;");
    jstring name = (*env)->NewStringUTF(env, pools[p].name);
    if (m == NULL || name == NULL) return NULL;
    /* 0: the threshold kind is supported (and off), -1: it is not. */
    jobject b = (*env)->CallStaticObjectMethod(env, h, m, name, (jboolean)pools[p].heap,
                                               (jlong)(pools[p].usage_th.supported ? 0 : -1),
                                               (jlong)(pools[p].coll_th.supported ? 0 : -1));
    if ((*env)->ExceptionCheck(env)) return NULL;
    return publish(env, &pools[p].bean, b);
}

static jobject manager_bean(JNIEnv *env, int i)
{
    if (managers[i].bean != NULL) return managers[i].bean;
    jstring name = (*env)->NewStringUTF(env, managers[i].name);
    if (name == NULL) return NULL;
    jobject b = NULL;
    if (managers[i].gc) {
        /* com.sun.management's extended bean (GcInfo, notifications) when jdk.management
         * is there, else the plain one. */
        jclass c = (*env)->FindClass(env, "com/sun/management/internal/GarbageCollectorExtImpl");
        if (c == NULL) {
            (*env)->ExceptionClear(env);
            c = (*env)->FindClass(env, "sun/management/ManagementFactoryHelper");
            if (c == NULL) return NULL;
        }
        jmethodID m = (*env)->GetStaticMethodID(env, c, "createGarbageCollector",
                                                "(Ljava/lang/String;Ljava/lang/String;)"
                                                "Ljava/lang/management/GarbageCollectorMXBean;");
        if (m == NULL) return NULL;
        b = (*env)->CallStaticObjectMethod(env, c, m, name, NULL);
    } else {
        jclass c = (*env)->FindClass(env, "sun/management/ManagementFactoryHelper");
        if (c == NULL) return NULL;
        jmethodID m = (*env)->GetStaticMethodID(env, c, "createMemoryManager",
                                                "(Ljava/lang/String;)Ljava/lang/management/MemoryManagerMXBean;");
        if (m == NULL) return NULL;
        b = (*env)->CallStaticObjectMethod(env, c, m, name);
    }
    if ((*env)->ExceptionCheck(env)) return NULL;
    return publish(env, &managers[i].bean, b);
}

/* The pool a MemoryPoolMXBean stands for; -1 with an exception pending if none. */
static int find_pool(JNIEnv *env, jobject obj)
{
    if (obj == NULL) {
        mgmt_throw(env, "java/lang/NullPointerException", NULL);
        return -1;
    }
    for (int p = 0; p < POOL_COUNT; p++)
        if (pools[p].bean != NULL && (*env)->IsSameObject(env, obj, pools[p].bean)) return p;
    mgmt_throw(env, "java/lang/IllegalArgumentException", "Invalid memory pool");
    return -1;
}

static int find_manager(JNIEnv *env, jobject obj, bool gc_only)
{
    if (obj == NULL) {
        mgmt_throw(env, "java/lang/NullPointerException", NULL);
        return -1;
    }
    for (int i = 0; i < MGR_COUNT; i++)
        if (managers[i].bean != NULL && (*env)->IsSameObject(env, obj, managers[i].bean)) {
            if (gc_only && !managers[i].gc) break;
            return i;
        }
    mgmt_throw(env, "java/lang/IllegalArgumentException",
               gc_only ? "The object is not an instance of java.lang.management.GarbageCollectorMXBean class"
                       : "Invalid memory manager");
    return -1;
}

static jobjectArray bean_array(JNIEnv *env, const char *elem, jobject *beans, int n)
{
    jclass c = (*env)->FindClass(env, elem);
    if (c == NULL) return NULL;
    jobjectArray a = (*env)->NewObjectArray(env, n, c, NULL);
    for (int i = 0; a != NULL && i < n; i++) (*env)->SetObjectArrayElement(env, a, i, beans[i]);
    return a;
}

/* JMM: GetMemoryPools. mgr NULL: every pool, in the VM's pool order (GcInfo's order). */
jobjectArray JNICALL mgmt_GetMemoryPools(JNIEnv *env, jobject mgr)
{
    jobject beans[POOL_COUNT];
    int n = 0;
    if (mgr == NULL) {
        for (int p = 0; p < POOL_COUNT; p++)
            if ((beans[n++] = pool_bean(env, p)) == NULL) return NULL;
    } else {
        int i = find_manager(env, mgr, false);
        if (i < 0) return NULL;
        if ((beans[n++] = pool_bean(env, managers[i].pool)) == NULL) return NULL;
    }
    return bean_array(env, "java/lang/management/MemoryPoolMXBean", beans, n);
}

/* JMM: GetMemoryManagers. pool NULL: every manager. */
jobjectArray JNICALL mgmt_GetMemoryManagers(JNIEnv *env, jobject pool)
{
    jobject beans[MGR_COUNT];
    int n = 0, p = -1;
    if (pool != NULL && (p = find_pool(env, pool)) < 0) return NULL;
    for (int i = 0; i < MGR_COUNT; i++)
        if (p < 0 || managers[i].pool == p)
            if ((beans[n++] = manager_bean(env, i)) == NULL) return NULL;
    return bean_array(env, "java/lang/management/MemoryManagerMXBean", beans, n);
}

/* GetMemoryPoolUsage (peak false) and GetPeakMemoryPoolUsage (peak true: the largest
 * usage seen at a query or at the start of a collection). */
static jobject pool_usage(JNIEnv *env, jobject pool, bool peak)
{
    int p = find_pool(env, pool);
    if (p < 0) return NULL;
    Usage u[POOL_COUNT];
    measure_native(env, u);
    os_mutex_lock(&mm_lock);
    record_peak(p, u[p]);
    Usage r = peak ? pools[p].peak : u[p];
    os_mutex_unlock(&mm_lock);
    return new_usage(env, r);
}

/* JMM: GetMemoryPoolUsage. */
jobject JNICALL mgmt_GetMemoryPoolUsage(JNIEnv *env, jobject pool) { return pool_usage(env, pool, false); }

/* JMM: GetPeakMemoryPoolUsage. */
jobject JNICALL mgmt_GetPeakMemoryPoolUsage(JNIEnv *env, jobject pool) { return pool_usage(env, pool, true); }

bool mgmt_reset_pool_peak(JNIEnv *env, jobject pool)
{
    int p = find_pool(env, pool);
    if (p < 0) return false;
    Usage u[POOL_COUNT];
    measure_native(env, u);
    os_mutex_lock(&mm_lock);
    pools[p].peak = u[p];
    os_mutex_unlock(&mm_lock);
    return true;
}

/* JMM: GetPoolCollectionUsage: usage right after the last collection (the heap pool);
 * NULL for pools no collector manages. Before the first collection: nothing used. */
jobject JNICALL mgmt_GetPoolCollectionUsage(JNIEnv *env, jobject pool)
{
    int p = find_pool(env, pool);
    if (p < 0 || !pools[p].collected) return NULL;
    os_mutex_lock(&mm_lock);
    bool has = pools[p].has_after_gc;
    Usage u = pools[p].after_gc;
    os_mutex_unlock(&mm_lock);
    if (!has) {
        u = heap_usage();
        u.used = u.committed = 0;
    }
    return new_usage(env, u);
}

/* JMM: GetMemoryUsage: the heap, or the sum of the non-heap pools (init and max -1 when
 * a pool leaves them undefined). */
jobject JNICALL mgmt_GetMemoryUsage(JNIEnv *env, jboolean heap)
{
    Usage u[POOL_COUNT];
    measure_native(env, u);
    if (heap) return new_usage(env, u[POOL_HEAP]);
    Usage sum = {0, 0, 0, 0};
    bool init_undefined = false, max_undefined = false;
    for (int p = 0; p < POOL_COUNT; p++) {
        if (pools[p].heap) continue;
        sum.used += u[p].used;
        sum.committed += u[p].committed;
        if (u[p].init < 0) init_undefined = true;
        else sum.init += u[p].init;
        if (u[p].max < 0) max_undefined = true;
        else sum.max += u[p].max;
    }
    if (init_undefined) sum.init = -1;
    if (max_undefined) sum.max = -1;
    return new_usage(env, sum);
}

/* ------------------------------------------------------------------------------------ */
/* Thresholds and sensors                                                                */
/* ------------------------------------------------------------------------------------ */

static bool high_crossed(const Threshold *th, Usage u) { return th->high > 0 && u.used >= th->high; }
static bool low_crossed(const Threshold *th, Usage u) { return th->low > 0 && u.used < th->low; }

/* A usage threshold: one trigger per crossing upwards, one clear per crossing downwards.
 * mm_lock held. */
static void gauge_level(SensorState *s, const Threshold *th, Usage u)
{
    bool over = high_crossed(th, u), below = low_crossed(th, u);
    if (over && ((!s->on && s->pending_trigger == 0) || s->pending_clear > 0)) {
        s->pending_trigger++;
        s->usage = u;
        s->pending_clear = 0;
    } else if (below && ((s->on && s->pending_clear == 0) || (s->pending_trigger > 0 && s->pending_clear == 0))) {
        s->pending_clear++;
    }
}

/* A collection-usage threshold: every collection that ends above it counts. */
static void counter_level(SensorState *s, const Threshold *th, Usage u)
{
    if (high_crossed(th, u)) {
        s->pending_trigger++;
        s->usage = u;
        s->pending_clear = 0;
    } else if (low_crossed(th, u) && (s->on || s->pending_trigger > 0)) {
        s->pending_clear++;
    }
}

static bool pending(const SensorState *s)
{
    return s->obj != NULL && (s->pending_trigger > 0 || s->pending_clear > 0);
}

/* Usage-threshold detection for pool p at usage u. mm_lock held. Returns true if the
 * notification thread has work. */
static bool detect_usage(int p, Usage u)
{
    Pool *pl = &pools[p];
    if (pl->usage_sensor.obj == NULL || pl->usage_th.high == 0) return false;
    gauge_level(&pl->usage_sensor, &pl->usage_th, u);
    return pending(&pl->usage_sensor);
}

static bool any_usage_threshold(void)
{
    for (int p = 0; p < POOL_COUNT; p++)
        if (pools[p].usage_sensor.obj != NULL && pools[p].usage_th.high > 0) return true;
    return false;
}

/* JMM: SetPoolSensor. 901/902 share the usage sensor, 903/904 the collection one. */
void JNICALL mgmt_SetPoolSensor(JNIEnv *env, jobject pool, jmmThresholdType type, jobject sensor)
{
    if (pool == NULL || sensor == NULL) {
        mgmt_throw(env, "java/lang/NullPointerException", NULL);
        return;
    }
    jclass sc = (*env)->FindClass(env, "sun/management/Sensor");
    if (sc == NULL) return;
    if (!(*env)->IsInstanceOf(env, sensor, sc)) {
        mgmt_throw(env, "java/lang/IllegalArgumentException",
                   "Sensor is not an instance of sun.management.Sensor class");
        return;
    }
    int p = find_pool(env, pool);
    if (p < 0) return;
    SensorState *s;
    switch (type) {
    case JMM_USAGE_THRESHOLD_HIGH:
    case JMM_USAGE_THRESHOLD_LOW: s = &pools[p].usage_sensor; break;
    case JMM_COLLECTION_USAGE_THRESHOLD_HIGH:
    case JMM_COLLECTION_USAGE_THRESHOLD_LOW: s = &pools[p].coll_sensor; break;
    default: mgmt_throw(env, "java/lang/IllegalArgumentException", "Invalid threshold type"); return;
    }
    jobject g = (*env)->NewGlobalRef(env, sensor);
    os_mutex_lock(&mm_lock);
    /* A replaced sensor's reference is kept: the notification thread may be using it.
     * (MemoryPoolImpl registers each sensor once.) */
    s->obj = g;
    os_mutex_unlock(&mm_lock);
}

/* JMM: SetPoolThreshold. Returns the previous value, -1 if the pool has no such
 * threshold. A changed usage threshold is checked at once (HotSpot does the same). */
jlong JNICALL mgmt_SetPoolThreshold(JNIEnv *env, jobject pool, jmmThresholdType type, jlong threshold)
{
    if (threshold < 0) {
        mgmt_throw(env, "java/lang/IllegalArgumentException", "Invalid threshold value");
        return -1;
    }
    int p = find_pool(env, pool);
    if (p < 0) return -1;
    Usage u[POOL_COUNT];
    measure_native(env, u);
    Pool *pl = &pools[p];
    bool usage = type == JMM_USAGE_THRESHOLD_HIGH || type == JMM_USAGE_THRESHOLD_LOW;
    bool high = type == JMM_USAGE_THRESHOLD_HIGH || type == JMM_COLLECTION_USAGE_THRESHOLD_HIGH;
    if (!usage && type != JMM_COLLECTION_USAGE_THRESHOLD_HIGH && type != JMM_COLLECTION_USAGE_THRESHOLD_LOW) {
        mgmt_throw(env, "java/lang/IllegalArgumentException", "Invalid threshold type");
        return -1;
    }
    Threshold *th = usage ? &pl->usage_th : &pl->coll_th;
    if (!th->supported) return -1;
    os_mutex_lock(&mm_lock);
    int64_t *slot = high ? &th->high : &th->low;
    jlong prev = *slot;
    *slot = threshold;
    bool wake = false;
    /* A collection threshold takes effect at the next collection. */
    if (usage && prev != threshold) wake = detect_usage(p, u[p]) || any_usage_threshold();
    os_mutex_unlock(&mm_lock);
    if (wake) mgmt_notify_service();
    return prev;
}

/* Tells the Java sensor about one pending trigger or clear (HotSpot's
 * SensorInfo::process_pending_requests). Notification thread, TS_NATIVE. */
static void process_sensor(JNIEnv *env, SensorState *s)
{
    os_mutex_lock(&mm_lock);
    if (!pending(s)) {
        os_mutex_unlock(&mm_lock);
        return;
    }
    int64_t count = s->pending_trigger;
    bool clear = s->pending_clear > 0;
    Usage u = s->usage;
    jobject obj = s->obj; /* a global ref, never deleted */
    if (clear) {
        s->on = false;
        s->pending_clear = 0;
        s->pending_trigger -= count;
    }
    os_mutex_unlock(&mm_lock);

    jclass sc = (*env)->FindClass(env, "sun/management/Sensor");
    if (sc == NULL) return;
    if (clear) {
        jmethodID m = (*env)->GetMethodID(env, sc, "clear", "(I)V");
        if (m != NULL) (*env)->CallVoidMethod(env, obj, m, (jint)count);
    } else {
        jobject mu = new_usage(env, u);
        if (mu != NULL) {
            jmethodID m = (*env)->GetMethodID(env, sc, "trigger", "(ILjava/lang/management/MemoryUsage;)V");
            if (m != NULL) (*env)->CallVoidMethod(env, obj, m, (jint)count, mu);
        } else {
            (*env)->ExceptionClear(env);
            jmethodID m = (*env)->GetMethodID(env, sc, "trigger", "(I)V");
            if (m != NULL) (*env)->CallVoidMethod(env, obj, m, (jint)count);
        }
        os_mutex_lock(&mm_lock);
        s->on = true;
        s->pending_trigger -= count;
        os_mutex_unlock(&mm_lock);
    }
    if ((*env)->ExceptionCheck(env)) (*env)->ExceptionClear(env);
}

/* ------------------------------------------------------------------------------------ */
/* Collections                                                                           */
/* ------------------------------------------------------------------------------------ */

static int64_t ms_since_start(int64_t ns) { return (ns - vm_start_ns) / 1000000; }

void mgmt_gc_end(Thread *t, const GcReport *r)
{
    Usage now[POOL_COUNT];
    bool measured = atomic_load_explicit(&active, memory_order_relaxed);
    if (measured) {
        measure(now);
    } else {
        now[POOL_HEAP] = heap_usage();
        now[POOL_METADATA] = now[POOL_CODE] = nonheap_usage(0);
    }
    GcStat st;
    memset(&st, 0, sizeof st);
    st.nonheap_measured = measured;
    st.index = (int64_t)r->id + 1;
    st.start_ms = ms_since_start(r->start_ns);
    st.end_ms = ms_since_start(r->end_ns);
    st.wall_ms = os_current_millis();
    st.cause = r->cause_name;
    for (int p = 0; p < POOL_COUNT; p++) st.before[p] = st.after[p] = now[p];
    Usage before = now[POOL_HEAP], after = now[POOL_HEAP];
    before.used = (int64_t)r->used_before;
    before.committed = (int64_t)(r->committed_before > r->used_before ? r->committed_before : r->used_before);
    after.used = (int64_t)r->used_after;
    after.committed = (int64_t)(r->committed_after > r->used_after ? r->committed_after : r->used_after);
    if (before.committed > before.max) before.committed = before.max;
    if (after.committed > after.max) after.committed = after.max;
    if (before.used > before.committed) before.used = before.committed;
    if (after.used > after.committed) after.used = after.committed;
    st.before[POOL_HEAP] = before;
    st.after[POOL_HEAP] = after;

    bool wake = false;
    os_mutex_lock(&mm_lock);
    last_gc = st;
    record_peak(POOL_HEAP, before);
    pools[POOL_HEAP].after_gc = after;
    pools[POOL_HEAP].has_after_gc = true;
    Pool *hp = &pools[POOL_HEAP];
    if (hp->coll_sensor.obj != NULL && hp->coll_th.high > 0) {
        counter_level(&hp->coll_sensor, &hp->coll_th, after);
        wake |= pending(&hp->coll_sensor);
    }
    for (int p = 0; p < POOL_COUNT; p++) wake |= detect_usage(p, p == POOL_HEAP ? after : now[p]);
    if (managers[MGR_GC].notify) {
        gc_queue_push(&st);
        wake = true;
    }
    os_mutex_unlock(&mm_lock);
    if (wake) mgmt_notify_service();
}

/* GetLongAttribute on a GarbageCollectorMXBean. */
jlong mgmt_gc_attribute(JNIEnv *env, jobject mgr, jmmLongAttribute att)
{
    if (find_manager(env, mgr, true) < 0) return -1;
    switch (att) {
    case JMM_GC_COUNT: return (jlong)heap_collection_count();
    case JMM_GC_TIME_MS: return (jlong)(heap_collection_time_ns() / 1000000);
    case JMM_GC_EXT_ATTRIBUTE_INFO_SIZE: return 1;
    default: return -1;
    }
}

/* JMM: GetGCExtAttributeInfo: one attribute, as HotSpot ("GcThreadCount"). */
jint JNICALL mgmt_GetGCExtAttributeInfo(JNIEnv *env, jobject mgr, jmmExtAttributeInfo *info, jint count)
{
    if (find_manager(env, mgr, true) < 0) return 0;
    if (count <= 0) return 0;
    if (info == NULL) {
        mgmt_throw(env, "java/lang/NullPointerException", NULL);
        return 0;
    }
    info[0].name = "GcThreadCount";
    info[0].type = 'I';
    info[0].description = "Number of GC threads";
    return 1;
}

/* Fills a MemoryUsage[] the caller made, checking what HotSpot checks. */
static bool fill_usages(JNIEnv *env, jobjectArray arr, const Usage *u)
{
    if (arr == NULL) return mgmt_throw(env, "java/lang/NullPointerException", NULL);
    jclass c = (*env)->FindClass(env, "[Ljava/lang/management/MemoryUsage;");
    if (c == NULL) return false;
    if (!(*env)->IsInstanceOf(env, arr, c))
        return mgmt_throw(env, "java/lang/IllegalArgumentException", "The element type is not MemoryUsage class");
    if ((*env)->GetArrayLength(env, arr) != POOL_COUNT)
        return mgmt_throw(env, "java/lang/IllegalArgumentException",
                          "The length of the given MemoryUsage array does not match the number of memory pools.");
    for (int p = 0; p < POOL_COUNT; p++) {
        jobject mu = new_usage(env, u[p]);
        if (mu == NULL) return false;
        (*env)->SetObjectArrayElement(env, arr, p, mu);
        (*env)->DeleteLocalRef(env, mu);
    }
    return true;
}

static void fill_stat(JNIEnv *env, const GcStat *st, jmmGCStat *stat)
{
    stat->gc_index = st->index;
    if (st->index == 0) return;
    stat->start_time = st->start_ms;
    stat->end_time = st->end_ms;
    if (!fill_usages(env, stat->usage_before_gc, st->before)) return;
    if (!fill_usages(env, stat->usage_after_gc, st->after)) return;
    if (stat->gc_ext_attribute_values_size >= 1) stat->gc_ext_attribute_values[0].i = 1; /* one collector thread */
    stat->num_gc_ext_attributes = 1;
}

/* JMM: GetLastGCStat. */
void JNICALL mgmt_GetLastGCStat(JNIEnv *env, jobject mgr, jmmGCStat *stat)
{
    if (find_manager(env, mgr, true) < 0) return;
    if (stat == NULL) {
        mgmt_throw(env, "java/lang/NullPointerException", NULL);
        return;
    }
    if (stat->gc_ext_attribute_values_size > 0 && stat->gc_ext_attribute_values == NULL) {
        mgmt_throw(env, "java/lang/NullPointerException", "GC extension attribute values are null");
        return;
    }
    os_mutex_lock(&mm_lock);
    GcStat st = last_gc;
    os_mutex_unlock(&mm_lock);
    if (st.index > 0 && !st.nonheap_measured) {
        /* Collected before anybody looked: non-heap usage does not change in a collection
         * (no class unloading yet), so now is as good as then. */
        Usage u[POOL_COUNT];
        measure_native(env, u);
        for (int p = 0; p < POOL_COUNT; p++)
            if (!pools[p].heap) st.before[p] = st.after[p] = u[p];
    }
    fill_stat(env, &st, stat);
}

/* JMM: SetGCNotificationEnabled. */
void JNICALL mgmt_SetGCNotificationEnabled(JNIEnv *env, jobject mgr, jboolean enabled)
{
    int i = find_manager(env, mgr, true);
    if (i < 0) return;
    os_mutex_lock(&mm_lock);
    managers[i].notify = enabled != JNI_FALSE;
    if (!enabled) gc_queue_len = 0;
    os_mutex_unlock(&mm_lock);
}

/* Sends one GC notification: GarbageCollectorExtImpl.createGCNotification(timestamp,
 * name, action, cause, GcInfo). Notification thread, TS_NATIVE. */
static void send_gc_notification(JNIEnv *env, const GcStat *st)
{
    jobject bean = managers[MGR_GC].bean;
    jclass ext = (*env)->FindClass(env, "com/sun/management/internal/GarbageCollectorExtImpl");
    jclass gi = ext != NULL ? (*env)->FindClass(env, "com/sun/management/GcInfo") : NULL;
    jclass ic = gi != NULL ? (*env)->FindClass(env, "java/lang/Integer") : NULL;
    jclass oc = ic != NULL ? (*env)->FindClass(env, "java/lang/Object") : NULL;
    jclass uc = oc != NULL ? (*env)->FindClass(env, "java/lang/management/MemoryUsage") : NULL;
    if (uc == NULL || bean == NULL || !(*env)->IsInstanceOf(env, bean, ext)) return;
    jmethodID get_builder =
        (*env)->GetMethodID(env, ext, "getGcInfoBuilder", "()Lcom/sun/management/internal/GcInfoBuilder;");
    jmethodID ctor = (*env)->GetMethodID(env, gi, "<init>",
                                         "(Lcom/sun/management/internal/GcInfoBuilder;JJJ"
                                         "[Ljava/lang/management/MemoryUsage;[Ljava/lang/management/MemoryUsage;"
                                         "[Ljava/lang/Object;)V");
    jmethodID value_of = (*env)->GetStaticMethodID(env, ic, "valueOf", "(I)Ljava/lang/Integer;");
    jmethodID create = (*env)->GetMethodID(env, ext, "createGCNotification",
                                           "(JLjava/lang/String;Ljava/lang/String;Ljava/lang/String;"
                                           "Lcom/sun/management/GcInfo;)V");
    if (get_builder == NULL || ctor == NULL || value_of == NULL || create == NULL) return;
    jobject builder = (*env)->CallObjectMethod(env, bean, get_builder);
    if (builder == NULL) return;
    jobjectArray before = (*env)->NewObjectArray(env, POOL_COUNT, uc, NULL);
    jobjectArray after = before != NULL ? (*env)->NewObjectArray(env, POOL_COUNT, uc, NULL) : NULL;
    jobjectArray ext_values = after != NULL ? (*env)->NewObjectArray(env, 1, oc, NULL) : NULL;
    if (ext_values == NULL || !fill_usages(env, before, st->before) || !fill_usages(env, after, st->after)) return;
    jobject threads = (*env)->CallStaticObjectMethod(env, ic, value_of, (jint)1);
    if (threads == NULL) return;
    (*env)->SetObjectArrayElement(env, ext_values, 0, threads);
    jobject info = (*env)->NewObject(env, gi, ctor, builder, (jlong)st->index, (jlong)st->start_ms,
                                     (jlong)st->end_ms, before, after, ext_values);
    jstring name = info != NULL ? (*env)->NewStringUTF(env, managers[MGR_GC].name) : NULL;
    /* Every GlassVM collection is a full one. */
    jstring action = name != NULL ? (*env)->NewStringUTF(env, "end of major GC") : NULL;
    jstring cause = action != NULL ? (*env)->NewStringUTF(env, st->cause) : NULL;
    if (cause == NULL) return;
    (*env)->CallVoidMethod(env, bean, create, (jlong)st->wall_ms, name, action, cause, info);
}

int64_t mgmt_memory_service(JNIEnv *env)
{
    /* Usage thresholds are polled while any is set (HotSpot checks at allocation slow
     * paths; a poll costs nothing to programs that set none). */
    os_mutex_lock(&mm_lock);
    bool poll = any_usage_threshold();
    os_mutex_unlock(&mm_lock);
    if (poll) {
        Usage u[POOL_COUNT];
        measure_native(env, u);
        os_mutex_lock(&mm_lock);
        for (int p = 0; p < POOL_COUNT; p++) detect_usage(p, u[p]);
        os_mutex_unlock(&mm_lock);
    }
    for (int p = 0; p < POOL_COUNT; p++) {
        process_sensor(env, &pools[p].usage_sensor);
        process_sensor(env, &pools[p].coll_sensor);
    }
    /* Only the notifications queued so far: sending them allocates, and the collections
     * that causes queue more, which must not starve the sensors. */
    os_mutex_lock(&mm_lock);
    int batch = gc_queue_len;
    os_mutex_unlock(&mm_lock);
    for (; batch > 0; batch--) {
        os_mutex_lock(&mm_lock);
        if (gc_queue_len == 0) {
            os_mutex_unlock(&mm_lock);
            break;
        }
        GcStat st = gc_queue[gc_queue_head];
        gc_queue_head = (gc_queue_head + 1) % gc_queue_cap;
        gc_queue_len--;
        os_mutex_unlock(&mm_lock);
        (*env)->PushLocalFrame(env, 32);
        send_gc_notification(env, &st);
        if ((*env)->ExceptionCheck(env)) (*env)->ExceptionClear(env);
        (*env)->PopLocalFrame(env, NULL);
    }
    os_mutex_lock(&mm_lock);
    bool more = gc_queue_len > 0;
    for (int p = 0; p < POOL_COUNT; p++) more |= pending(&pools[p].usage_sensor) || pending(&pools[p].coll_sensor);
    os_mutex_unlock(&mm_lock);
    return more ? 0 : poll ? POLL_NS : INT64_MAX;
}
