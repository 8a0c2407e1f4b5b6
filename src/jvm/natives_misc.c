// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * natives_misc.c — VM natives of jdk.internal.perf.Perf, jdk.internal.misc.
 * ScopedMemoryAccess and jdk.internal.vm.vector.VectorSupport.
 *
 * Perf (performance counters; used by every ZipFile, URLClassLoader and ClassLoader
 * that falls through to findClass):
 *   - createLong / createByteArray return direct ByteBuffers over counter memory in the
 *     hsperfdata file (perfdata.c), where jstat -J-Djstat.showUnsupported=true -snap and
 *     the jvmstat API see them as on HotSpot; with perf data off or the file full, over
 *     C memory instead (as HotSpot's counters fall back to the C heap). Either way the
 *     memory is zeroed, set to the initial value and kept until the process ends: a
 *     PerfCounter lives in a static final field and its buffer has no cleaner, so nobody
 *     could ever tell the VM it is dead. Every counter is recorded in a registry by name,
 *     so creating a second counter of the same name is the IllegalArgumentException
 *     HotSpot throws.
 *   - attach to this VM returns its hsperfdata memory (an empty buffer if there is none:
 *     "no perf data", which VMManagementImpl handles); attach to another VM maps that
 *     VM's hsperfdata file read-only, and detach unmaps it (jps and jcmd running on
 *     GlassVM read other VMs that way).
 *   - highResCounter is nanoseconds since VM creation, highResFrequency 1e9.
 *
 * ScopedMemoryAccess.closeScope0 (incubator foreign-memory API: closing a shared scope).
 * A thread may be inside a @Scoped access method, between its check that the scope is
 * alive and the raw memory access. That window exists in an interpreter too — compiled
 * frames are not the only problem — so closeScope0 does what HotSpot's handshake does
 * for interpreted frames: it stops every thread at a safepoint and looks for a thread
 * whose innermost @Scoped frame holds the scope in a local. If one does, the scope cannot
 * be closed now (return false; Java throws IllegalStateException). Scopes are already
 * marked CLOSING before the call, so no thread can enter a new access meanwhile. There is
 * no compiled code to deoptimize.
 *
 * VectorSupport: getMaxLaneCount returns -1, "no vector hardware support" — what HotSpot
 * answers without C2; jdk.incubator.vector then uses its 64-bit Java fallback shapes.
 */
#include <stdlib.h>
#include <string.h>

#include "../os/os.h"
#include "../vm/class.h"
#include "../vm/exception.h"
#include "../vm/interp.h"
#include "../vm/ref.h"
#include "../vm/string.h"
#include "../vm/sym.h"
#include "../vm/thread.h"
#include "boot.h"
#include "natives.h"
#include "perfdata.h"

static void no_op(Thread *t, Slot *args, Slot *ret) {}

/* ==== jdk.internal.perf.Perf ==== */

/* HotSpot's PerfData constants (jdk.internal.perf.PerfCounter and perfData.hpp). */
enum {
    PERF_MODE_RO = 0,
    PERF_MODE_RW = 1,
    PERF_V_CONSTANT = 1,
    PERF_V_MONOTONIC = 2,
    PERF_V_VARIABLE = 3,
    PERF_U_NONE = 1,
    PERF_U_STRING = 5,
    PERF_U_LAST = 6, /* U_Hertz */
};

/* One counter. Never freed (see the file comment). */
typedef struct PerfEntry {
    struct PerfEntry *next;
    char *name;        /* modified UTF-8, owned */
} PerfEntry;

/* The registry: a lock-free stack, so creating a counter needs no VM lock. */
static PerfEntry *_Atomic perf_entries;

/*
 * A direct ByteBuffer over [addr, addr+capacity), made by the JNI function
 * NewDirectByteBuffer (one place knows how DirectByteBuffer is constructed). JNI functions
 * are called from native code, so the thread goes to TS_NATIVE for the call; the local
 * reference it returns is released before returning. NULL with an exception pending on
 * failure.
 */
static Object *new_direct_buffer(Thread *t, void *addr, jlong capacity)
{
    uint32_t mark = ref_mark(t);
    uint32_t frame_base = t->locals.frame_base;
    JNIEnv *env = thread_env(t);
    thread_enter_safe(t, TS_NATIVE);
    jobject buf = (*env)->NewDirectByteBuffer(env, addr, capacity);
    thread_leave_safe(t);
    Object *o = ref_get(buf);
    ref_release_to(t, mark, frame_base);
    return o;
}

/*
 * Registers a counter called `name` with `size` bytes whose first `init_len` bytes are
 * `init`, the rest zero: a long (is_long; variability and units as jvmstat codes them)
 * or a byte vector. Returns its memory, or NULL with NullPointerException (null name) or
 * IllegalArgumentException("<kind> name already exists") pending.
 */
static void *perf_create(Thread *t, Object *name, size_t size, const void *init,
                         size_t init_len, const char *kind, bool is_long, int variability, int units)
{
    if (name == NULL) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
        return NULL;
    }
    char *cname = str_to_mutf8(name);
    PerfEntry *e = vm_calloc(1, sizeof *e);
    e->name = cname;

    /* Publish unless the name exists; a failed CAS means someone published first, so
     * the whole list is checked again from the new head. */
    PerfEntry *head = atomic_load_explicit(&perf_entries, memory_order_acquire);
    do {
        for (PerfEntry *p = head; p != NULL; p = p->next) {
            if (strcmp(p->name, cname) == 0) {
                free(e);
                free(cname);
                exc_throw(t, "java/lang/IllegalArgumentException", "%s name already exists",
                          kind);
                return NULL;
            }
        }
        e->next = head;
    } while (!atomic_compare_exchange_weak_explicit(&perf_entries, &head, e,
                                                    memory_order_acq_rel,
                                                    memory_order_acquire));
    /* The name is ours now: the counter goes into the hsperfdata file, or C memory. */
    int64_t value = 0;
    if (is_long) memcpy(&value, init, sizeof value);
    void *data = is_long ? perfdata_add_long(cname, variability, units, value)
                         : perfdata_add_bytes(cname, variability, units, init, init_len, size);
    if (data == NULL) {
        data = vm_calloc(1, ALIGN_UP(size, sizeof(uint64_t)));
        if (init_len > 0) memcpy(data, init, init_len);
    }
    return data;
}

/* attach(String user, int lvmid, int mode) */
static void perf_attach(Thread *t, Slot *args, Slot *ret)
{
    static uint64_t empty; /* a valid address for a buffer of capacity 0 */
    int32_t lvmid = args[2].i, mode = args[3].i;
    ret->l = NULL;
    if (mode != PERF_MODE_RO && mode != PERF_MODE_RW) {
        exc_throw(t, "java/lang/IllegalArgumentException", NULL);
        return;
    }
    if (lvmid == 0 || lvmid == os_getpid()) {
        size_t size;
        void *own = perfdata_buffer(&size);
        ret->l = own != NULL ? new_direct_buffer(t, own, (jlong)size) : new_direct_buffer(t, &empty, 0);
        return;
    }
    /* Another VM's hsperfdata file, read-only (as HotSpot maps it). */
    Object *juser = args[1].l;
    char *user = juser != NULL ? str_to_mutf8(juser) : os_user_name();
    char path[600];
    snprintf(path, sizeof path, "%s/hsperfdata_%s/%d", os_temp_dir(), user ? user : "", lvmid);
    free(user);
    size_t size = 0;
    void *p = os_map_file_readonly(path, &size);
    if (p == NULL) {
        exc_throw(t, "java/io/IOException", "Could not open %s", path);
        return;
    }
    ret->l = new_direct_buffer(t, p, (jlong)size);
    if (ret->l == NULL) os_unmap_file(p, size);
}

/* detach(ByteBuffer): another VM's mapping is released; this VM's stays. */
static void perf_detach(Thread *t, Slot *args, Slot *ret)
{
    Object *bb = args[1].l;
    if (bb == NULL) return;
    JNIEnv *env = thread_env(t);
    uint32_t mark = ref_mark(t);
    uint32_t frame_base = t->locals.frame_base;
    jobject ref = ref_new_local(t, bb);
    thread_enter_safe(t, TS_NATIVE);
    void *addr = (*env)->GetDirectBufferAddress(env, ref);
    jlong cap = (*env)->GetDirectBufferCapacity(env, ref);
    thread_leave_safe(t);
    ref_release_to(t, mark, frame_base);
    size_t own_size;
    void *own = perfdata_buffer(&own_size);
    if (addr != NULL && addr != own && cap > 0) os_unmap_file(addr, (size_t)cap);
}

/* createLong(String name, int variability, int units, long value): the argument checks
 * of HotSpot's Perf_CreateLong. */
static void perf_createLong(Thread *t, Slot *args, Slot *ret)
{
    Object *name = args[1].l;
    int32_t variability = args[2].i, units = args[3].i;
    int64_t value = args[4].j;
    ret->l = NULL;
    if (units < PERF_U_NONE || units > PERF_U_LAST) {
        exc_throw(t, "java/lang/IllegalArgumentException", NULL);
        return;
    }
    if (name == NULL) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
        return;
    }
    if (variability != PERF_V_CONSTANT && variability != PERF_V_MONOTONIC &&
        variability != PERF_V_VARIABLE) {
        /* HotSpot checks this after the duplicate check (both are an
         * IllegalArgumentException); checking first keeps a rejected counter out of the
         * registry. */
        exc_throw(t, "java/lang/IllegalArgumentException", NULL);
        return;
    }
    void *p = perf_create(t, name, sizeof value, &value, sizeof value, "PerfLong", true, variability, units);
    if (p != NULL) ret->l = new_direct_buffer(t, p, sizeof value);
}

/* createByteArray(String name, int variability, int units, byte[] value, int maxLength):
 * string counters only (units U_String). A constant's length is its value's; a variable
 * has room for maxLength bytes. Either way the buffer has one more byte, the terminator
 * that stays 0. */
static void perf_createByteArray(Thread *t, Slot *args, Slot *ret)
{
    Object *name = args[1].l;
    int32_t variability = args[2].i, units = args[3].i;
    Array *value = (Array *)args[4].l;
    int32_t max_length = args[5].i;
    ret->l = NULL;
    if (name == NULL || value == NULL) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
        return;
    }
    if ((variability != PERF_V_CONSTANT && variability != PERF_V_VARIABLE) ||
        units != PERF_U_STRING) {
        exc_throw(t, "java/lang/IllegalArgumentException", NULL);
        return;
    }
    int32_t length = variability == PERF_V_CONSTANT ? value->length : max_length;
    if (length < 0 || length == INT32_MAX) {
        exc_throw(t, "java/lang/IllegalArgumentException", NULL);
        return;
    }
    size_t init = (size_t)(value->length < length ? value->length : length);
    void *p = perf_create(t, name, (size_t)length + 1, array_data(value), init,
                          "PerfByteArray", false, variability, units);
    if (p != NULL) ret->l = new_direct_buffer(t, p, (jlong)length + 1);
}

static void perf_highResCounter(Thread *t, Slot *args, Slot *ret)
{
    ret->j = os_nanotime() - boot_start_ns;
}

static void perf_highResFrequency(Thread *t, Slot *args, Slot *ret)
{
    ret->j = 1000000000;
}

/* ==== jdk.internal.misc.ScopedMemoryAccess ==== */

/* HotSpot looks no deeper than this many frames for the @Scoped one: scoped accesses are
 * leaves (the @Scoped method, perhaps an Unsafe wrapper and a native above it). */
#define SCOPED_SEARCH_DEPTH 10

static inline uint16_t be16(const uint8_t *p) { return (uint16_t)(p[0] << 8 | p[1]); }

/* Skips one element_value (JVMS 4.7.16.1) at *pp; false if malformed or too deep. */
static bool skip_element_value(const uint8_t **pp, const uint8_t *end, int depth)
{
    const uint8_t *p = *pp;
    if (depth > 64 || p >= end) return false;
    switch (*p++) {
    case 'B': case 'C': case 'D': case 'F': case 'I': case 'J': case 'S': case 'Z':
    case 's': case 'c':
        if (end - p < 2) return false;
        p += 2;
        break;
    case 'e':
        if (end - p < 4) return false;
        p += 4;
        break;
    case '@': {
        if (end - p < 4) return false;
        uint16_t pairs = be16(p + 2);
        p += 4;
        for (uint16_t i = 0; i < pairs; i++) {
            if (end - p < 2) return false;
            p += 2;
            if (!skip_element_value(&p, end, depth + 1)) return false;
        }
        break;
    }
    case '[': {
        if (end - p < 2) return false;
        uint16_t n = be16(p);
        p += 2;
        for (uint16_t i = 0; i < n; i++)
            if (!skip_element_value(&p, end, depth + 1)) return false;
        break;
    }
    default:
        return false;
    }
    *pp = p;
    return true;
}

/* Does the RuntimeVisibleAnnotations body `a` of a member of cf hold an annotation whose
 * type descriptor is the symbol `desc`? Malformed bytes answer false. */
static bool has_annotation(const ClassFile *cf, CfBytes a, const char *desc)
{
    if (a.data == NULL || a.len < 2) return false;
    const uint8_t *p = a.data + 2, *end = a.data + a.len;
    uint16_t n = be16(a.data);
    for (uint16_t i = 0; i < n; i++) {
        if (end - p < 4) return false;
        uint16_t type = be16(p), pairs = be16(p + 2);
        p += 4;
        if (type < cf->cp_count && cf->cp_tags[type] == CONSTANT_Utf8 &&
            cf_utf8(cf, type) == desc)
            return true;
        for (uint16_t k = 0; k < pairs; k++) {
            if (end - p < 2) return false;
            p += 2;
            if (!skip_element_value(&p, end, 0)) return false;
        }
    }
    return false;
}

typedef struct ScopeSearch {
    Object *scope;
    const char *scoped_desc; /* symbol of the @Scoped annotation type */
    int depth;
    bool found;
} ScopeSearch;

/* Like HotSpot, only boot-loader classes may use the JDK-internal annotation. */
static bool is_scoped_method(const Method *m, const char *scoped_desc)
{
    const Class *c = m->clazz;
    return c->loader == NULL && c->cf != NULL && m->cf != NULL &&
           has_annotation(c->cf, m->cf->annotations, scoped_desc);
}

static bool scan_frame(Frame *f, void *arg)
{
    ScopeSearch *s = arg;
    Method *m = f->method;
    if (m != NULL && is_scoped_method(m, s->scoped_desc)) {
        int n = (f->flags & FRAME_NATIVE) ? m->arg_slots : m->max_locals;
        for (int i = 0; i < n; i++)
            if (f->locals[i].l == s->scope) s->found = true;
        return false; /* only the innermost @Scoped frame is in an access */
    }
    return ++s->depth < SCOPED_SEARCH_DEPTH;
}

static void scan_thread(Thread *th, void *arg)
{
    ScopeSearch *s = arg;
    if (s->found) return;
    s->depth = 0;
    interp_walk_frames(th, scan_frame, s);
}

/* closeScope0(Scope scope, ScopedAccessError error): true if no thread is inside a
 * scoped access of `scope`. (HotSpot 17 does not use `error` either.) */
static void sma_closeScope0(Thread *t, Slot *args, Slot *ret)
{
    ScopeSearch s = {
        .scope = args[1].l,
        .scoped_desc = sym_intern("Ljdk/internal/misc/ScopedMemoryAccess$Scoped;"),
    };
    thread_safepoint_begin(t);
    thread_for_each(scan_thread, &s);
    thread_safepoint_end(t);
    ret->i = !s.found;
}

/* ==== jdk.internal.vm.vector.VectorSupport ==== */

/* registerNatives()I: HotSpot's binding returns nothing meaningful; Java ignores it. */
static void vector_registerNatives(Thread *t, Slot *args, Slot *ret)
{
    ret->i = 0;
}

static void vector_getMaxLaneCount(Thread *t, Slot *args, Slot *ret)
{
    ret->i = -1;
}

#define PERF "jdk/internal/perf/Perf"
#define SMA "jdk/internal/misc/ScopedMemoryAccess"
#define BB "Ljava/nio/ByteBuffer;"

const VMNativeEntry jvm_misc_natives[] = {
    {PERF, "registerNatives", "()V", no_op},
    {PERF, "attach", "(Ljava/lang/String;II)" BB, perf_attach},
    {PERF, "detach", "(" BB ")V", perf_detach},
    {PERF, "createLong", "(Ljava/lang/String;IIJ)" BB, perf_createLong},
    {PERF, "createByteArray", "(Ljava/lang/String;II[BI)" BB, perf_createByteArray},
    {PERF, "highResCounter", "()J", perf_highResCounter},
    {PERF, "highResFrequency", "()J", perf_highResFrequency},

    {SMA, "registerNatives", "()V", no_op},
    {SMA, "closeScope0",
     "(L" SMA "$Scope;L" SMA "$Scope$ScopedAccessError;)Z", sma_closeScope0},

    {"jdk/internal/vm/vector/VectorSupport", "registerNatives", "()I", vector_registerNatives},
    {"jdk/internal/vm/vector/VectorSupport", "getMaxLaneCount", "(Ljava/lang/Class;)I",
     vector_getMaxLaneCount},
    {NULL},
};
