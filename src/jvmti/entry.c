// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * entry.c — hand-written support for the generated JVMTI entry layer (gen/): the
 * handle conversions and ID validity checks of the wrappers of jvmti_entry.c, the
 * exception discipline around implementations, and the line building of the tracing
 * twin in jvmti_trace.c.
 *
 * jmethodID and jfieldID validity (JVMTI INVALID_METHODID / INVALID_FIELDID). A
 * jmethodID is a Method* and a jfieldID a Field* (docs/design.md), living in their
 * class's `methods` / `fields` array for as long as the class. An ID is valid when its
 * first word names a loaded class and the ID points at an element of that class's array:
 * an ID of the other kind, a pointer into the middle of a record, or an ID of a
 * different class's array fails. Knowing that a Class* is a loaded class takes a set of
 * all classes: a lock-free open-addressing hash set, filled lazily from the loader's
 * class list the first time an unknown class pointer is asked about, so a valid ID
 * costs two loads and a hash probe. The check reads the first word of the ID itself: a
 * pointer into unmapped memory would fault, as on every VM (the agent hands us a
 * pointer), but NULL, small integers and misaligned values are refused before that.
 *
 * Tables replaced by a larger one are kept on a retired list rather than freed, because
 * lock-free readers may still be probing them; their total size is below the current
 * table's. The wrappers validate in TS_JAVA (after jni_enter) and never across a poll,
 * so at a safepoint they do not probe: class unloading (jvmti_class_unloading) deletes
 * the unloaded class from the current table in place then. (The tracing twin probes
 * outside TS_JAVA, only to print: at worst it misses a class and prints the pointer.)
 * A stale jmethodID/jfieldID reads zeros (idspace.h), so its class word is NULL and it is
 * refused like any other invalid ID.
 *
 * Handle conversions need the heap: the wrappers call them in TS_JAVA.
 *
 * Tracing is chosen per environment when the environment is created: with
 * -XX:+GlassTraceJVMTI (vm_opts.trace_jvmti) or the environment variable
 * GLASS_JVMTI_TRACE set to anything but "" or "0", GetEnv hands out environments whose
 * table is jvmti_trace_table. Its functions log "[jvmti] > Name(args)" on entry and
 * "[jvmti] < Name = ERROR *out=value" on return, calling the checked wrapper of
 * jvmti_function_table in between, so traced and untraced calls behave identically.
 * Each line goes to stderr with one write so that lines of concurrent threads do not
 * interleave. Lines are cut at sizeof(JvmtiTraceLine.buf).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../vm/class.h"
#include "../vm/idspace.h"
#include "../vm/loader.h"
#include "../vm/options.h"
#include "../vm/ref.h"
#include "../vm/thread.h"
#include "../vm/wellknown.h"
#include "jvmti_int.h"
#include "jvmti_tool.h"
#include "jvmti_vm.h"

/* ------------------------------------------------------------------------------------ */
/* Exceptions around implementations                                                    */
/* ------------------------------------------------------------------------------------ */

Object *jvmti_exception_save(Thread *t)
{
    Object *e = t->exception;
    t->exception = NULL;
    return e;
}

void jvmti_exception_restore(Thread *t, Object *saved)
{
    /* An implementation must turn VM exceptions into error codes; one that leaks an
     * exception is a bug, which must not turn into an exception thrown at the agent's
     * caller. */
    VM_ASSERT(t->exception == NULL);
    t->exception = saved;
}

/* ------------------------------------------------------------------------------------ */
/* Handles                                                                              */
/* ------------------------------------------------------------------------------------ */

static bool is_instance_of(Object *o, Class *c)
{
    return c != NULL && o != NULL && class_is_subclass_of(o->klass, c);
}

jvmtiError jvmti_conv_thread(Thread *t, jthread h, bool null_is_current, Object **out)
{
    Object *o;
    if (h == NULL) {
        if (!null_is_current) return JVMTI_ERROR_INVALID_THREAD;
        o = t->jthread;
    } else {
        o = ref_get(h);
    }
    if (!is_instance_of(o, wk.Thread)) return JVMTI_ERROR_INVALID_THREAD;
    *out = o;
    return JVMTI_ERROR_NONE;
}

jvmtiError jvmti_conv_live_thread(Thread *t, jthread h, bool null_is_current, Thread **out)
{
    if (h == NULL && null_is_current) {
        /* The caller is alive by definition, even before its java.lang.Thread exists. */
        *out = t;
        return JVMTI_ERROR_NONE;
    }
    Object *o;
    jvmtiError err = jvmti_conv_thread(t, h, false, &o);
    if (err != JVMTI_ERROR_NONE) return err;
    Thread *vt = thread_from_jthread(o);
    if (vt == NULL) return JVMTI_ERROR_THREAD_NOT_ALIVE;
    *out = vt;
    return JVMTI_ERROR_NONE;
}

Object *jvmti_conv_thread_group(jthreadGroup h)
{
    Object *o = ref_get(h);
    return is_instance_of(o, wk.ThreadGroup) ? o : NULL;
}

Class *jvmti_conv_class(jclass h, bool allow_primitive)
{
    Object *o = ref_get(h);
    if (o == NULL || o->klass != wk.Class) return NULL;
    Class *c = class_from_mirror(o);
    if (c == NULL) return NULL;
    if (!allow_primitive && class_is_primitive(c)) return NULL;
    return c;
}

Object *jvmti_conv_object(jobject h) { return ref_get(h); }

Object *jvmti_conv_ptr_handle(jobject h) { return ref_get(h); }

/* ------------------------------------------------------------------------------------ */
/* The set of loaded classes                                                            */
/* ------------------------------------------------------------------------------------ */

typedef struct ClassSet {
    size_t mask;               /* capacity - 1, capacity a power of two */
    size_t count;
    const Class *_Atomic slots[];
} ClassSet;

typedef struct Retired {
    struct Retired *next;
    ClassSet *set;
} Retired;

static ClassSet *_Atomic class_set;
static OsMutex set_lock;
static Retired *retired;
static int scanned_count = -1; /* loader_class_count() at the last scan */

void jvmti_check_init(void) { os_mutex_init(&set_lock); }

static size_t hash_ptr(const void *p)
{
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    return (size_t)x;
}

static bool set_contains(ClassSet *s, const Class *c)
{
    if (s == NULL) return false;
    for (size_t i = hash_ptr(c) & s->mask;; i = (i + 1) & s->mask) {
        const Class *x = atomic_load_explicit(&s->slots[i], memory_order_acquire);
        if (x == c) return true;
        if (x == NULL) return false;
    }
}

static ClassSet *set_new(size_t capacity)
{
    ClassSet *s = vm_calloc(1, sizeof(ClassSet) + capacity * sizeof(s->slots[0]));
    s->mask = capacity - 1;
    return s;
}

/* Under set_lock. Returns the (possibly new) set. */
static ClassSet *set_insert(ClassSet *s, const Class *c)
{
    if (s == NULL) s = set_new(1024);
    if ((s->count + 1) * 4 > (s->mask + 1) * 3) {
        ClassSet *bigger = set_new((s->mask + 1) * 2);
        for (size_t i = 0; i <= s->mask; i++) {
            const Class *x = atomic_load_explicit(&s->slots[i], memory_order_relaxed);
            if (x) bigger = set_insert(bigger, x);
        }
        Retired *r = vm_malloc(sizeof *r);
        r->set = s;
        r->next = retired;
        retired = r;
        s = bigger;
    }
    for (size_t i = hash_ptr(c) & s->mask;; i = (i + 1) & s->mask) {
        const Class *x = atomic_load_explicit(&s->slots[i], memory_order_relaxed);
        if (x == c) return s;
        if (x == NULL) {
            atomic_store_explicit(&s->slots[i], c, memory_order_release);
            s->count++;
            return s;
        }
    }
}

static void add_class(Class *c, void *arg)
{
    ClassSet **s = arg;
    *s = set_insert(*s, c);
}

static bool plausible_pointer(const void *p, size_t align)
{
    uintptr_t v = (uintptr_t)p;
    return v >= 4096 && (v & (align - 1)) == 0;
}

bool jvmti_valid_class(const Class *c)
{
    if (!plausible_pointer(c, _Alignof(Class))) return false;
    if (set_contains(atomic_load_explicit(&class_set, memory_order_acquire), c)) return true;
    /* Slow path: classes loaded since the last scan. */
    os_mutex_lock(&set_lock);
    ClassSet *s = atomic_load_explicit(&class_set, memory_order_relaxed);
    bool found = set_contains(s, c);
    if (!found && loader_class_count() != scanned_count) {
        scanned_count = loader_class_count();
        loader_for_each_class(add_class, &s);
        static const BasicType prims[] = {BT_BOOLEAN, BT_CHAR, BT_FLOAT, BT_DOUBLE, BT_BYTE,
                                          BT_SHORT,   BT_INT,  BT_LONG,  BT_VOID};
        for (size_t i = 0; i < ARRAY_LEN(prims); i++) {
            Class *p = loader_primitive(prims[i]);
            if (p) s = set_insert(s, p);
        }
        atomic_store_explicit(&class_set, s, memory_order_release);
        found = set_contains(s, c);
    }
    os_mutex_unlock(&set_lock);
    return found;
}

/* Deletes c from s (linear probing: later entries of the cluster move into the hole). At
 * a safepoint only. */
static void set_delete(ClassSet *s, const Class *c)
{
    size_t i = hash_ptr(c) & s->mask;
    for (;; i = (i + 1) & s->mask) {
        const Class *x = atomic_load_explicit(&s->slots[i], memory_order_relaxed);
        if (x == NULL) return;
        if (x == c) break;
    }
    atomic_store_explicit(&s->slots[i], NULL, memory_order_relaxed);
    s->count--;
    for (size_t j = (i + 1) & s->mask;; j = (j + 1) & s->mask) {
        const Class *x = atomic_load_explicit(&s->slots[j], memory_order_relaxed);
        if (x == NULL) return;
        size_t home = hash_ptr(x) & s->mask;
        bool stays = i <= j ? (home > i && home <= j) : (home > i || home <= j);
        if (stays) continue;
        atomic_store_explicit(&s->slots[i], x, memory_order_relaxed);
        atomic_store_explicit(&s->slots[j], NULL, memory_order_relaxed);
        i = j;
    }
}

/* An old version's shadow (src/vm/redefine.c, at its safepoint): its method copies are
 * valid jmethodIDs until jvmti_class_unloading(shadow). set_lock is taken: the tracing
 * twin may be scanning outside TS_JAVA, and it never waits for a safepoint. */
void jvmti_class_version_made(const Class *shadow)
{
    os_mutex_lock(&set_lock);
    ClassSet *s = atomic_load_explicit(&class_set, memory_order_relaxed);
    s = set_insert(s, shadow);
    atomic_store_explicit(&class_set, s, memory_order_release);
    os_mutex_unlock(&set_lock);
}

void jvmti_class_unloading(const Class *c)
{
    /* The tool hears of it first, while c is still a valid class (jvmti_tool.h); not of
     * a redefined class's old version (a shadow: its mirror, the tool's class ID, is the
     * live class's, which stays). */
    if (c->shadow_of == NULL) JVMTI_LAYERS_POST(JVMTI_XEVENT_CLASS_UNLOAD, class_unload, thread_current(), c);
    ClassSet *s = atomic_load_explicit(&class_set, memory_order_relaxed);
    if (s != NULL) set_delete(s, c);
    /* The loaded-class count may come back to the value of the last scan with other
     * classes: make the next miss scan again. */
    scanned_count = -1;
    jvmti_field_watches_forget(c);
    if (c->shadow_of != NULL) jvmti_breakpoints_forget(c);
}

/* ------------------------------------------------------------------------------------ */
/* jmethodID, jfieldID                                                                  */
/* ------------------------------------------------------------------------------------ */

/* May an ID's first word (its class) be read? jmethodIDs and jfieldIDs live in the
 * idspace range, which stays mapped (idspace.h): checked without a system call. Anything
 * else is garbage, or an array from malloc once that range was exhausted: probed through
 * the kernel, so an unmapped address is refused instead of faulting. */
static bool readable_id(const void *p)
{
    if (ids_contains(p, sizeof(void *))) return true;
    void *word;
    return os_mem_read(p, &word, sizeof word);
}

bool jvmti_valid_method(const Method *m)
{
    if (!plausible_pointer(m, _Alignof(Method)) || !readable_id(m)) return false;
    const Class *c = m->clazz;
    if (!jvmti_valid_class(c) || c->methods == NULL) return false;
    uintptr_t off = (uintptr_t)m - (uintptr_t)c->methods;
    return off < (uintptr_t)c->method_count * sizeof(Method) && off % sizeof(Method) == 0;
}

bool jvmti_valid_field(const Field *f)
{
    if (!plausible_pointer(f, _Alignof(Field)) || !readable_id(f)) return false;
    const Class *c = f->clazz;
    if (!jvmti_valid_class(c) || c->fields == NULL) return false;
    uintptr_t off = (uintptr_t)f - (uintptr_t)c->fields;
    return off < (uintptr_t)c->field_count * sizeof(Field) && off % sizeof(Field) == 0;
}

bool jvmti_field_in_class(const Field *f, const Class *k)
{
    return f->clazz == k || class_is_subclass_of(k, f->clazz);
}

/* ------------------------------------------------------------------------------------ */
/* Tracing                                                                              */
/* ------------------------------------------------------------------------------------ */

bool jvmti_trace_enabled(void)
{
    if (vm_opts.trace_jvmti) return true;
    const char *v = os_getenv("GLASS_JVMTI_TRACE");
    return v != NULL && *v != 0 && strcmp(v, "0") != 0;
}

void jvmti_trace_printf(JvmtiTraceLine *l, const char *fmt, ...)
{
    if (l->len >= sizeof l->buf - 1) return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(l->buf + l->len, sizeof l->buf - l->len, fmt, ap);
    va_end(ap);
    if (n > 0) l->len += (size_t)n;
    if (l->len > sizeof l->buf - 1) l->len = sizeof l->buf - 1;
}

static void begin(JvmtiTraceLine *l, char dir, const char *fn)
{
    l->len = 0;
    Thread *t = thread_current();
    jvmti_trace_printf(l, "[jvmti] %c %s", dir, fn);
    if (t != NULL && t->name != NULL) jvmti_trace_printf(l, " [%s]", t->name);
}

void jvmti_trace_begin(JvmtiTraceLine *l, const char *fn) { begin(l, '>', fn); }

void jvmti_trace_result(JvmtiTraceLine *l, const char *fn, jvmtiError err)
{
    begin(l, '<', fn);
    jvmti_trace_printf(l, " = %s", jvmti_error_name_or_q(err));
}

void jvmti_trace_end(JvmtiTraceLine *l)
{
    if (l->len == 0) return;
    l->buf[l->len++] = '\n';
    fwrite(l->buf, 1, l->len, stderr);
    l->len = 0;
}

const char *jvmti_trace_str(char *buf, size_t n, const char *s)
{
    if (s == NULL) return "NULL";
    snprintf(buf, n, "\"%s\"", s);
    return buf;
}

const char *jvmti_trace_method(char *buf, size_t n, jmethodID id)
{
    const Method *m = (const Method *)id;
    if (!jvmti_valid_method(m))
        snprintf(buf, n, "%p", (void *)id);
    else
        snprintf(buf, n, "%s.%s%s", m->clazz->name, m->name, m->desc);
    return buf;
}

const char *jvmti_event_name_or_q(jint event)
{
    const char *s = jvmti_event_name(event);
    return s ? s : "?";
}

const char *jvmti_error_name_or_q(jvmtiError e)
{
    const char *s = jvmti_error_name(e);
    return s ? s : "?";
}
