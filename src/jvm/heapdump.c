// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * heapdump.c — HPROF heap dumps, "JAVA PROFILE 1.0.2" as HotSpot 17 writes them
 * (../shared/spec/jmm-abi.md §9), for VisualVM, Eclipse MAT and the JDK's own hprof
 * parser. Entry points and contracts: heapdump.h.
 *
 * The file, in order:
 *   header (identifier size 8, time stamp);
 *   for every class: UTF8 records for its name and its fields' names, LOAD_CLASS;
 *   the dummy STACK_TRACE (serial 1) that every object names as its allocation site;
 *   for every thread: UTF8s of its methods, STACK_FRAMEs, its STACK_TRACE (serial =
 *     thread serial + 1);
 *   HEAP_DUMP_SEGMENTs (each at most SEG_MAX bytes unless a single array is larger,
 *     which then gets a segment of its own; sub-records never straddle segments) with
 *     every CLASS_DUMP, then every heap object in address order (INSTANCE_DUMP,
 *     OBJ_ARRAY_DUMP, PRIM_ARRAY_DUMP), then the GC roots;
 *   HEAP_DUMP_END.
 *
 * GlassVM's heap in HPROF terms:
 *   - identifiers are addresses: objects never move. A class's identifier is its
 *     java.lang.Class mirror; a mirror of a class is therefore not dumped as an instance
 *     (its CLASS_DUMP stands for it, statics included), except the mirrors of primitive
 *     types, which are plain instances of java.lang.Class, as in HotSpot's dumps. UTF8
 *     identifiers are the addresses of the VM's interned symbols.
 *   - a class's instance fields are its own non-static fields in declaration order;
 *     an INSTANCE_DUMP holds the values of the object's class's fields, then its
 *     superclass's, up to java.lang.Object (the order the readers decode). CLASS_DUMP's
 *     instance size is the HPROF size of those values, not the VM's object size.
 *     Array classes get a CLASS_DUMP with java.lang.Object as superclass and no fields.
 *   - GC roots, as the collector sees them (exactly where it is conservative):
 *     ROOT_THREAD_OBJECT per thread, ROOT_JAVA_FRAME for the references each
 *     interpreted frame holds at its bci (oop maps, src/vm/oopmap.h: exact, unlike the
 *     collector's conservative stack scan), ROOT_JNI_LOCAL for a thread's JNI local
 *     references (at the depth of its topmost native frame), ROOT_MONITOR_USED for the
 *     objects of monitors held by frames and through JNI MonitorEnter, ROOT_THREAD_BLOCK
 *     for what the VM holds for a thread (pending and asynchronous exceptions, sampled
 *     allocations), ROOT_JNI_GLOBAL for JNI global references and — as HotSpot does with
 *     its VM globals — for the objects the VM itself holds (class loaders, resolved
 *     constant-pool strings and method types, modules, registered VM globals, the
 *     reference pending list), and ROOT_STICKY_CLASS for every loaded class. GlassVM keeps
 *     a class alive through its loader's table (docs/design.md "Class unloading"), not
 *     through the Java field ClassLoader.classes as HotSpot does, so the dump has no
 *     object path from a loader to its classes: every class is a root here, and the
 *     objects a class holds (resolved constant-pool strings, method types, its loader,
 *     module, protection domain: class_visit_refs) are JNI_GLOBAL roots. A class whose
 *     loader died since the last collection is still in an `all` dump, as a root.
 *   - `live`: a full collection first (cause GC_HEAP_DUMP), as HotSpot's dumper does;
 *     objects allocated by other threads between its end and the dump's safepoint are
 *     included.
 *
 * Threads and memory: everything between the first record and the last is written by
 * the requesting thread at one safepoint (thread_safepoint_begin), so the heap, the
 * classes and every stack are consistent; nothing is allocated on the Java heap (the
 * OutOfMemoryError hook relies on it). Buffers and tables are malloc'd per dump; the
 * output is written through a 1 MiB buffer (gzip: one gzip member per 1 MiB, as HotSpot).
 */
#include "heapdump.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "../os/os.h"
#include "../vm/class.h"
#include "../vm/exception.h"
#include "../vm/heap.h"
#include "../vm/interp.h"
#include "../vm/loader.h"
#include "../vm/options.h"
#include "../vm/oopmap.h"
#include "../vm/ref.h"
#include "../vm/string.h"
#include "../vm/thread.h"
#include "../vm/wellknown.h"
#include "flags.h"
#include "ptrmap.h"

/* Top-level record tags and heap-dump sub-record tags (HPROF 1.0.2). */
enum {
    TAG_UTF8 = 0x01,
    TAG_LOAD_CLASS = 0x02,
    TAG_STACK_FRAME = 0x04,
    TAG_STACK_TRACE = 0x05,
    TAG_HEAP_DUMP_SEGMENT = 0x1C,
    TAG_HEAP_DUMP_END = 0x2C,

    SUB_ROOT_JNI_GLOBAL = 0x01,
    SUB_ROOT_JNI_LOCAL = 0x02,
    SUB_ROOT_JAVA_FRAME = 0x03,
    SUB_ROOT_STICKY_CLASS = 0x05,
    SUB_ROOT_THREAD_BLOCK = 0x06,
    SUB_ROOT_MONITOR_USED = 0x07,
    SUB_ROOT_THREAD_OBJECT = 0x08,
    SUB_CLASS_DUMP = 0x20,
    SUB_INSTANCE_DUMP = 0x21,
    SUB_OBJ_ARRAY_DUMP = 0x22,
    SUB_PRIM_ARRAY_DUMP = 0x23,

    HPROF_OBJECT = 2, /* type code of a reference; primitives use the BasicType codes 4..11 */
};

#define ID_SIZE 8
#define DUMMY_TRACE 1u
#define SEG_MAX ((size_t)1 << 20)
#define OUT_BUF ((size_t)1 << 20)
/* A sub-record's body length must fit the segment header's u4. */
#define RECORD_MAX ((uint64_t)UINT32_MAX - 64)

/* ------------------------------------------------------------------------------------ */
/* Output: a file, optionally gzip-compressed                                           */
/* ------------------------------------------------------------------------------------ */

typedef struct Out {
    int fd;
    bool gz;
    z_stream z;
    uint8_t *buf; /* staging buffer, OUT_BUF bytes */
    size_t n;
    uint8_t *zbuf; /* deflate output */
    uint64_t bytes; /* bytes that reached the file */
    const char *error; /* first failure (then everything else is dropped) */
} Out;

static void out_file_write(Out *o, const void *p, size_t n)
{
    if (o->error != NULL || n == 0) return;
    if (os_file_write_all(o->fd, p, n, &o->error)) o->bytes += n;
}

/* gzip: like HotSpot, every OUT_BUF bytes of the dump (the last block may be shorter)
 * are one gzip member whose header comment "HPROF BLOCKSIZE=<OUT_BUF>" tells readers that
 * want random access (the JDK's hprof test parser, VisualVM) where blocks start; gunzip
 * reads the concatenation as one stream. */
static void out_deflate_block(Out *o, const uint8_t *p, size_t n)
{
    static char comment[] = "HPROF BLOCKSIZE=1048576";
    _Static_assert(OUT_BUF == 1048576, "the comment states the block size");
    gz_header h = {.os = 255, .comment = (Bytef *)comment};
    if (deflateReset(&o->z) != Z_OK || deflateSetHeader(&o->z, &h) != Z_OK) {
        if (o->error == NULL) o->error = "compression failed";
        return;
    }
    o->z.next_in = (Bytef *)p;
    o->z.avail_in = (uInt)n;
    int r;
    do {
        o->z.next_out = o->zbuf;
        o->z.avail_out = (uInt)OUT_BUF;
        r = deflate(&o->z, Z_FINISH);
        if (r == Z_STREAM_ERROR) {
            if (o->error == NULL) o->error = "compression failed";
            return;
        }
        out_file_write(o, o->zbuf, OUT_BUF - o->z.avail_out);
    } while (r != Z_STREAM_END);
}

static void out_flush(Out *o)
{
    if (o->n == 0) return;
    if (o->gz) out_deflate_block(o, o->buf, o->n);
    else out_file_write(o, o->buf, o->n);
    o->n = 0;
}

static void out_put(Out *o, const void *p, size_t n)
{
    const uint8_t *s = p;
    while (n > 0) {
        if (o->n == OUT_BUF) out_flush(o);
        size_t k = OUT_BUF - o->n < n ? OUT_BUF - o->n : n;
        memcpy(o->buf + o->n, s, k);
        o->n += k;
        s += k;
        n -= k;
    }
}

static bool out_open(Out *o, const char *path, const HeapDumpOptions *opts)
{
    memset(o, 0, sizeof *o);
    o->buf = malloc(OUT_BUF);
    o->gz = opts->gz_level > 0;
    if (o->gz) {
        o->zbuf = malloc(OUT_BUF);
        if (o->zbuf != NULL && deflateInit2(&o->z, opts->gz_level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
            free(o->zbuf);
            o->zbuf = NULL;
        }
    }
    if (o->buf == NULL || (o->gz && o->zbuf == NULL)) {
        free(o->buf);
        free(o->zbuf);
        o->error = "Not enough memory";
        return false;
    }
    o->fd = os_file_create(path, opts->overwrite, &o->error);
    if (o->fd < 0) {
        free(o->buf);
        if (o->gz) {
            deflateEnd(&o->z);
            free(o->zbuf);
        }
        return false;
    }
    return true;
}

/* Flushes and closes; false (o->error set) if anything failed. */
static bool out_close(Out *o)
{
    out_flush(o);
    if (o->gz) {
        deflateEnd(&o->z);
        free(o->zbuf);
    }
    free(o->buf);
    const char *err = NULL;
    if (!os_file_close(o->fd, &err) && o->error == NULL) o->error = err;
    return o->error == NULL;
}

/* ------------------------------------------------------------------------------------ */
/* Tables: classes, symbols already written, objects already reported as roots          */
/* ------------------------------------------------------------------------------------ */

typedef struct FieldSlot {
    uint32_t offset;
    uint8_t type; /* BasicType; references as BT_OBJECT */
} FieldSlot;

typedef struct ClassInfo {
    Class *c;
    uint32_t serial;
    uint32_t inst_size;   /* HPROF bytes of an INSTANCE_DUMP's values */
    FieldSlot *slots;     /* instance fields in dump order (own first), lazily */
    uint32_t nslots;
} ClassInfo;

/* ------------------------------------------------------------------------------------ */
/* The dump writer                                                                      */
/* ------------------------------------------------------------------------------------ */

typedef struct Dump {
    Out out;
    uint8_t *seg; /* the current segment's body */
    size_t seg_n;
    bool direct;  /* writing straight to out (top-level records, oversized sub-records) */
    PtrMap classes; /* Class* -> index + 1 into infos */
    ClassInfo *infos;
    uint32_t ninfos, cap_infos;
    ClassInfo *last; /* the class of the object dumped last (reset when infos moves) */
    PtrMap symbols; /* UTF8 records written */
    PtrMap global_roots; /* objects reported as JNI_GLOBAL or STICKY_CLASS roots */
    Thread **threads;
    uint32_t nthreads;
    uint64_t next_frame_id;
    bool oom; /* a table could not grow: the dump would be wrong */
} Dump;

static inline void put(Dump *d, const void *p, size_t n)
{
    if (d->direct) {
        out_put(&d->out, p, n);
    } else {
        memcpy(d->seg + d->seg_n, p, n);
        d->seg_n += n;
    }
}

static inline void put_u1(Dump *d, uint8_t v) { put(d, &v, 1); }
static inline void put_u2(Dump *d, uint16_t v)
{
    v = __builtin_bswap16(v);
    put(d, &v, 2);
}
static inline void put_u4(Dump *d, uint32_t v)
{
    v = __builtin_bswap32(v);
    put(d, &v, 4);
}
static inline void put_u8(Dump *d, uint64_t v)
{
    v = __builtin_bswap64(v);
    put(d, &v, 8);
}
static inline void put_id(Dump *d, const void *p) { put_u8(d, (uint64_t)(uintptr_t)p); }

/* Ends the current segment: its header and body go to the file. */
static void seg_flush(Dump *d)
{
    if (d->seg_n == 0) return;
    uint8_t h[9] = {TAG_HEAP_DUMP_SEGMENT, 0, 0, 0, 0};
    uint32_t len = __builtin_bswap32((uint32_t)d->seg_n);
    memcpy(h + 5, &len, 4);
    out_put(&d->out, h, sizeof h);
    out_put(&d->out, d->seg, d->seg_n);
    d->seg_n = 0;
}

/* Starts a top-level record of body length len (segment ended first). */
static void record(Dump *d, uint8_t tag, uint32_t len)
{
    seg_flush(d);
    d->direct = true;
    put_u1(d, tag);
    put_u4(d, 0); /* microseconds since the header's time stamp */
    put_u4(d, len);
}

/* Starts a heap-dump sub-record of `size` bytes (tag included): in the current segment
 * if it fits, else in a new one; one larger than SEG_MAX gets a segment of its own,
 * written through. */
static void sub(Dump *d, uint64_t size)
{
    if (d->seg_n + size > SEG_MAX) seg_flush(d);
    if (size > SEG_MAX) {
        record(d, TAG_HEAP_DUMP_SEGMENT, (uint32_t)size);
        return;
    }
    d->direct = false;
}

static void utf8(Dump *d, const char *s)
{
    if (s == NULL || ptrmap_get(&d->symbols, s) != 0) return;
    if (!ptrmap_put(&d->symbols, s, 1)) d->oom = true;
    size_t n = strlen(s);
    record(d, TAG_UTF8, (uint32_t)(ID_SIZE + n));
    put_id(d, s);
    put(d, s, n);
}

/* ---- classes ---- */

static ClassInfo *info_of(Dump *d, const Class *c)
{
    uint32_t i = ptrmap_get(&d->classes, c);
    return i != 0 ? &d->infos[i - 1] : NULL;
}

static uint32_t value_size(uint8_t bt) { return bt_is_ref((BasicType)bt) ? ID_SIZE : (uint32_t)bt_size((BasicType)bt); }
static uint8_t type_code(uint8_t bt) { return bt_is_ref((BasicType)bt) ? HPROF_OBJECT : bt; }

static uint32_t hprof_instance_size(const Class *c)
{
    uint32_t size = 0;
    for (; c != NULL && !class_is_array(c); c = c->super)
        for (uint16_t i = 0; i < c->field_count; i++)
            if (!(c->fields[i].access & ACC_STATIC)) size += value_size(c->fields[i].type);
    return size;
}

/* Registers c (and its superclasses first) with a class serial, writing the UTF8
 * records of its name and field names and its LOAD_CLASS. Between segments only. */
static ClassInfo *add_class(Dump *d, Class *c)
{
    ClassInfo *ci = info_of(d, c);
    if (ci != NULL) return ci;
    if (c->super != NULL) add_class(d, c->super);
    if (d->ninfos == d->cap_infos) {
        uint32_t cap = d->cap_infos ? d->cap_infos * 2 : 2048;
        ClassInfo *n = realloc(d->infos, cap * sizeof *n);
        if (n == NULL) {
            d->oom = true;
            return NULL;
        }
        d->infos = n;
        d->cap_infos = cap;
        d->last = NULL;
    }
    ci = &d->infos[d->ninfos];
    *ci = (ClassInfo){.c = c, .serial = d->ninfos + 1, .inst_size = hprof_instance_size(c)};
    if (!ptrmap_put(&d->classes, c, ++d->ninfos)) d->oom = true;
    utf8(d, c->name);
    for (uint16_t i = 0; i < c->field_count; i++) utf8(d, c->fields[i].name);
    record(d, TAG_LOAD_CLASS, 4 + ID_SIZE + 4 + ID_SIZE);
    put_u4(d, ci->serial);
    put_id(d, c->mirror);
    put_u4(d, DUMMY_TRACE);
    put_id(d, c->name);
    return ci;
}

/* Classes that appear in the dump: loaded, with a mirror, not a primitive type. */
static bool dumpable(const Class *c) { return c->mirror != NULL && !class_is_primitive(c); }

static void add_loaded_class(Class *c, void *arg)
{
    if (dumpable(c)) add_class(arg, c);
}

static void put_value(Dump *d, const void *addr, uint8_t bt)
{
    switch (bt) {
    case BT_BOOLEAN:
    case BT_BYTE: put_u1(d, *(const uint8_t *)addr); break;
    case BT_CHAR:
    case BT_SHORT: put_u2(d, *(const uint16_t *)addr); break;
    case BT_FLOAT:
    case BT_INT: put_u4(d, *(const uint32_t *)addr); break;
    case BT_DOUBLE:
    case BT_LONG: put_u8(d, *(const uint64_t *)addr); break;
    default: put_id(d, *(Object *const *)addr); break;
    }
}

static void class_dump(Dump *d, ClassInfo *ci)
{
    Class *c = ci->c;
    bool array = class_is_array(c);
    uint32_t nstatic = 0, ninst = 0, static_bytes = 0;
    if (!array) {
        for (uint16_t i = 0; i < c->field_count; i++) {
            const Field *f = &c->fields[i];
            if (f->access & ACC_STATIC) {
                nstatic++;
                static_bytes += value_size(f->type);
            } else {
                ninst++;
            }
        }
    }
    uint64_t size = 1 + ID_SIZE + 4 + 6 * ID_SIZE + 4 + 2 + 2 + (uint64_t)nstatic * (ID_SIZE + 1) + static_bytes + 2 +
                    (uint64_t)ninst * (ID_SIZE + 1);
    sub(d, size);
    put_u1(d, SUB_CLASS_DUMP);
    put_id(d, c->mirror);
    put_u4(d, DUMMY_TRACE);
    put_id(d, array ? wk.Object->mirror : c->super != NULL ? c->super->mirror : NULL);
    put_id(d, c->loader);
    put_id(d, array ? NULL : c->signers);
    put_id(d, array ? NULL : c->protection_domain);
    put_id(d, NULL);
    put_id(d, NULL);
    put_u4(d, ci->inst_size);
    put_u2(d, 0); /* constant pool: none, as HotSpot */
    put_u2(d, (uint16_t)nstatic);
    for (uint16_t i = 0; !array && i < c->field_count; i++) {
        const Field *f = &c->fields[i];
        if (!(f->access & ACC_STATIC)) continue;
        put_id(d, f->name);
        put_u1(d, type_code(f->type));
        put_value(d, field_static_addr(f), f->type);
    }
    put_u2(d, (uint16_t)ninst);
    for (uint16_t i = 0; !array && i < c->field_count; i++) {
        const Field *f = &c->fields[i];
        if (f->access & ACC_STATIC) continue;
        put_id(d, f->name);
        put_u1(d, type_code(f->type));
    }
}

/* A class met in the heap that was not in the loader's list: its LOAD_CLASS and
 * CLASS_DUMP go between the segments written so far and the next. */
static ClassInfo *late_class(Dump *d, Class *c)
{
    uint32_t before = d->ninfos;
    ClassInfo *ci = add_class(d, c);
    for (uint32_t i = before; i < d->ninfos; i++) class_dump(d, &d->infos[i]);
    return ci != NULL ? info_of(d, c) : NULL;
}

/* ---- objects ---- */

static bool build_slots(ClassInfo *ci)
{
    FieldSlot *s = malloc((ci->inst_size ? ci->inst_size : 1) * sizeof *s); /* >= one per field */
    if (s == NULL) return false;
    uint32_t n = 0;
    for (const Class *c = ci->c; c != NULL; c = c->super)
        for (uint16_t i = 0; i < c->field_count; i++) {
            const Field *f = &c->fields[i];
            if (!(f->access & ACC_STATIC)) s[n++] = (FieldSlot){f->offset, bt_is_ref((BasicType)f->type) ? BT_OBJECT : f->type};
        }
    ci->slots = s;
    ci->nslots = n;
    return true;
}

static void instance_dump(Dump *d, Object *o, ClassInfo *ci)
{
    if (ci->slots == NULL && !build_slots(ci)) {
        d->oom = true;
        return;
    }
    sub(d, 1 + ID_SIZE + 4 + ID_SIZE + 4 + (uint64_t)ci->inst_size);
    put_u1(d, SUB_INSTANCE_DUMP);
    put_id(d, o);
    put_u4(d, DUMMY_TRACE);
    put_id(d, ci->c->mirror);
    put_u4(d, ci->inst_size);
    for (uint32_t i = 0; i < ci->nslots; i++) put_value(d, (char *)o + ci->slots[i].offset, ci->slots[i].type);
}

/* An array's length as dumped: HotSpot truncates arrays whose record would not fit a
 * segment's u4 length. */
static uint32_t dumped_length(const Array *a, uint32_t elem)
{
    uint64_t max = (RECORD_MAX - 32) / elem;
    return (uint64_t)a->length > max ? (uint32_t)max : (uint32_t)a->length;
}

static void array_dump(Dump *d, Array *a)
{
    Class *k = a->hdr.klass;
    uint8_t bt = k->elem_type;
    if (bt_is_ref((BasicType)bt)) {
        uint32_t len = dumped_length(a, ID_SIZE);
        sub(d, 1 + ID_SIZE + 4 + 4 + ID_SIZE + (uint64_t)len * ID_SIZE);
        put_u1(d, SUB_OBJ_ARRAY_DUMP);
        put_id(d, a);
        put_u4(d, DUMMY_TRACE);
        put_u4(d, len);
        put_id(d, k->mirror);
        Object **e = array_data(a);
        uint64_t buf[256];
        for (uint32_t i = 0; i < len;) {
            uint32_t k2 = len - i < 256 ? len - i : 256;
            for (uint32_t j = 0; j < k2; j++) buf[j] = __builtin_bswap64((uint64_t)(uintptr_t)e[i + j]);
            put(d, buf, (size_t)k2 * 8);
            i += k2;
        }
        return;
    }
    uint32_t esz = (uint32_t)bt_size((BasicType)bt);
    uint32_t len = dumped_length(a, esz);
    sub(d, 1 + ID_SIZE + 4 + 4 + 1 + (uint64_t)len * esz);
    put_u1(d, SUB_PRIM_ARRAY_DUMP);
    put_id(d, a);
    put_u4(d, DUMMY_TRACE);
    put_u4(d, len);
    put_u1(d, bt);
    const uint8_t *src = array_data(a);
    if (esz == 1) {
        put(d, src, len);
        return;
    }
    /* Big-endian elements, converted a chunk at a time. */
    uint8_t buf[2048];
    size_t total = (size_t)len * esz;
    for (size_t off = 0; off < total;) {
        size_t n = total - off < sizeof buf ? total - off : sizeof buf;
        for (size_t j = 0; j < n; j += esz) {
            const uint8_t *p = src + off + j;
            if (esz == 2) {
                uint16_t v;
                memcpy(&v, p, 2);
                v = __builtin_bswap16(v);
                memcpy(buf + j, &v, 2);
            } else if (esz == 4) {
                uint32_t v;
                memcpy(&v, p, 4);
                v = __builtin_bswap32(v);
                memcpy(buf + j, &v, 4);
            } else {
                uint64_t v;
                memcpy(&v, p, 8);
                v = __builtin_bswap64(v);
                memcpy(buf + j, &v, 8);
            }
        }
        put(d, buf, n);
        off += n;
    }
}

static void dump_object(Object *o, void *arg)
{
    Dump *d = arg;
    Class *k = o->klass;
    if (k == wk.Class) {
        /* A class's mirror is its CLASS_DUMP; a mirror without one (a primitive type's) is
         * an instance. */
        Class *c = class_from_mirror(o);
        if (c != NULL && c->mirror == o && info_of(d, c) != NULL) return;
    }
    /* Objects of one class often lie together: the previous object's class first. */
    ClassInfo *ci = d->last != NULL && d->last->c == k ? d->last : info_of(d, k);
    if (ci == NULL && (ci = late_class(d, k)) == NULL) return;
    d->last = ci;
    if (class_is_array(k)) array_dump(d, (Array *)o);
    else instance_dump(d, o, ci);
}

/* ------------------------------------------------------------------------------------ */
/* Threads: stack traces and thread roots                                               */
/* ------------------------------------------------------------------------------------ */

static void add_thread(Thread *t, void *arg)
{
    Dump *d = arg;
    int st = atomic_load(&t->state);
    if (t->jthread == NULL || st == TS_NEW || st == TS_TERMINATED) return;
    Thread **n = realloc(d->threads, (d->nthreads + 1) * sizeof *n);
    if (n == NULL) {
        d->oom = true;
        return;
    }
    d->threads = n;
    d->threads[d->nthreads++] = t;
}

/* Frames of a thread as a stack trace shows them: entry frames are not frames. */
static bool shown(const Frame *f) { return !(f->flags & FRAME_ENTRY); }

/* STACK_FRAMEs and the STACK_TRACE of thread number i (serial i + 1). Frame ids are
 * consecutive numbers (a namespace of their own). */
static void stack_trace(Dump *d, uint32_t i)
{
    Thread *t = d->threads[i];
    uint32_t count = 0;
    uint64_t first = d->next_frame_id;
    for (Frame *f = t->top_frame; f != NULL; f = f->prev) {
        if (!shown(f)) continue;
        Method *m = f->method;
        const char *source = class_source_file(m->clazz);
        utf8(d, m->name);
        utf8(d, m->desc);
        utf8(d, source);
        ClassInfo *ci = info_of(d, m->clazz);
        int line = method_is_native(m) ? -3 : method_line_number(m, frame_bci(f));
        if (line == 0 || line < -1) line = method_is_native(m) ? -3 : -1;
        record(d, TAG_STACK_FRAME, 4 * ID_SIZE + 4 + 4);
        put_u8(d, d->next_frame_id++);
        put_id(d, m->name);
        put_id(d, m->desc);
        put_id(d, source);
        put_u4(d, ci != NULL ? ci->serial : 0);
        put_u4(d, (uint32_t)line);
        count++;
    }
    record(d, TAG_STACK_TRACE, 4 + 4 + 4 + count * ID_SIZE);
    put_u4(d, i + 2);
    put_u4(d, i + 1);
    put_u4(d, count);
    for (uint32_t k = 0; k < count; k++) put_u8(d, first + k);
}

typedef struct FrameRoots {
    Dump *d;
    uint32_t thread_serial;
    uint32_t depth;
} FrameRoots;

static void root_obj_thread_frame(Dump *d, uint8_t tag, Object *o, uint32_t thread_serial, uint32_t depth)
{
    sub(d, 1 + ID_SIZE + 4 + 4);
    put_u1(d, tag);
    put_id(d, o);
    put_u4(d, thread_serial);
    put_u4(d, depth);
}

static void root_obj_thread(Dump *d, uint8_t tag, Object *o, uint32_t thread_serial)
{
    sub(d, 1 + ID_SIZE + 4);
    put_u1(d, tag);
    put_id(d, o);
    put_u4(d, thread_serial);
}

static void root_obj(Dump *d, uint8_t tag, Object *o)
{
    sub(d, 1 + ID_SIZE);
    put_u1(d, tag);
    put_id(d, o);
}

static bool frame_ref(void *arg, int slot, Object *o)
{
    (void)slot;
    FrameRoots *fr = arg;
    root_obj_thread_frame(fr->d, SUB_ROOT_JAVA_FRAME, o, fr->thread_serial, fr->depth);
    return true;
}

typedef struct LocalsVisitor {
    RootVisitor v;
    Dump *d;
    uint32_t thread_serial;
    uint32_t depth;
} LocalsVisitor;

static void visit_jni_local(RootVisitor *v, Object **slot, RootKind kind)
{
    (void)kind;
    LocalsVisitor *lv = (LocalsVisitor *)v;
    if (*slot != NULL) root_obj_thread_frame(lv->d, SUB_ROOT_JNI_LOCAL, *slot, lv->thread_serial, lv->depth);
}

static void thread_roots(Dump *d, uint32_t i)
{
    Thread *t = d->threads[i];
    uint32_t serial = i + 1;
    sub(d, 1 + ID_SIZE + 4 + 4);
    put_u1(d, SUB_ROOT_THREAD_OBJECT);
    put_id(d, t->jthread);
    put_u4(d, serial);
    put_u4(d, i + 2);
    uint32_t depth = 0, native_depth = UINT32_MAX;
    for (Frame *f = t->top_frame; f != NULL; f = f->prev) {
        if (!shown(f)) continue;
        if (f->flags & FRAME_NATIVE) {
            if (native_depth == UINT32_MAX) native_depth = depth;
        } else {
            FrameRoots fr = {d, serial, depth};
            oopmap_frame_refs(f, frame_ref, &fr);
            Slot *mon = frame_monitors(f);
            for (uint32_t k = 0; k < f->nmon; k++)
                if (mon[k].l != NULL) root_obj(d, SUB_ROOT_MONITOR_USED, mon[k].l);
        }
        depth++;
    }
    LocalsVisitor lv = {{visit_jni_local}, d, serial, native_depth};
    ref_visit_locals(t, &lv.v);
    for (int k = 0; k < t->jni_monitor_count; k++)
        if (t->jni_monitors[k] != NULL) root_obj(d, SUB_ROOT_MONITOR_USED, t->jni_monitors[k]);
    Object *held[] = {t->exception, t->async_exception, t->jvmti_exc_object};
    for (size_t k = 0; k < sizeof held / sizeof held[0]; k++)
        if (held[k] != NULL) root_obj_thread(d, SUB_ROOT_THREAD_BLOCK, held[k], serial);
    for (uint32_t k = 0; k < t->jvmti_samples_n; k++)
        if (t->jvmti_samples[k] != NULL) root_obj_thread(d, SUB_ROOT_THREAD_BLOCK, t->jvmti_samples[k], serial);
}

/* ---- global roots ---- */

typedef struct GlobalVisitor {
    RootVisitor v;
    Dump *d;
} GlobalVisitor;

/* Each object once: a class's mirror as STICKY_CLASS, anything else as JNI_GLOBAL
 * (with the holding slot's address as the reference id, 0 for VM-held ones). */
static void visit_global(RootVisitor *v, Object **slot, RootKind kind)
{
    Dump *d = ((GlobalVisitor *)v)->d;
    Object *o = *slot;
    if (o == NULL || !heap_is_object(o) || o->klass == NULL || ptrmap_get(&d->global_roots, o) != 0) return;
    if (!ptrmap_put(&d->global_roots, o, 1)) d->oom = true;
    Class *c = o->klass == wk.Class ? class_from_mirror(o) : NULL;
    if (c != NULL && c->mirror == o && info_of(d, c) != NULL) {
        root_obj(d, SUB_ROOT_STICKY_CLASS, o);
        return;
    }
    sub(d, 1 + 2 * ID_SIZE);
    put_u1(d, SUB_ROOT_JNI_GLOBAL);
    put_id(d, o);
    put_id(d, kind == ROOT_JNI_GLOBAL ? (void *)slot : NULL);
}

/* ------------------------------------------------------------------------------------ */
/* The dump                                                                             */
/* ------------------------------------------------------------------------------------ */

/* Everything after the file is open, at a safepoint. */
static void write_dump(Dump *d)
{
    static const char magic[] = "JAVA PROFILE 1.0.2";
    d->direct = true;
    put(d, magic, sizeof magic); /* with its NUL */
    put_u4(d, ID_SIZE);
    uint64_t now = (uint64_t)os_current_millis();
    put_u4(d, (uint32_t)(now >> 32));
    put_u4(d, (uint32_t)now);

    loader_for_each_class(add_loaded_class, d);
    record(d, TAG_STACK_TRACE, 12);
    put_u4(d, DUMMY_TRACE);
    put_u4(d, 0);
    put_u4(d, 0);
    thread_for_each(add_thread, d);
    for (uint32_t i = 0; i < d->nthreads; i++) stack_trace(d, i);

    for (uint32_t i = 0; i < d->ninfos; i++) class_dump(d, &d->infos[i]);
    heap_iterate(dump_object, d);
    for (uint32_t i = 0; i < d->nthreads; i++) thread_roots(d, i);
    GlobalVisitor gv = {{visit_global}, d};
    ref_visit_globals(&gv.v);
    /* Every class, with what it holds: GlassVM keeps a class alive through its loader's
     * table, not through ClassLoader.classes, so no object path leads a tool to a
     * non-boot class (or to its resolved constant-pool strings and method types). */
    for (uint32_t i = 0; i < d->ninfos; i++) class_visit_refs(d->infos[i].c, &gv.v);
    loader_visit_roots(&gv.v);
    gc_visit_vm_roots(&gv.v);

    record(d, TAG_HEAP_DUMP_END, 0);
}

/* The dump proper; false with *reason on failure (no exception: the OutOfMemoryError
 * hook uses it too). *bytes: the file's size. */
static bool dump_to(Thread *t, const char *path, const HeapDumpOptions *opts, bool *created,
                    const char **reason, uint64_t *bytes)
{
    *created = false;
    if (opts->live) heap_collect(t, GC_HEAP_DUMP);
    Dump *d = calloc(1, sizeof *d);
    uint8_t *seg = malloc(SEG_MAX);
    if (d == NULL || seg == NULL) {
        free(d);
        free(seg);
        *reason = "Not enough memory";
        return false;
    }
    d->seg = seg;
    d->next_frame_id = 1;
    bool ok = out_open(&d->out, path, opts);
    if (ok) {
        *created = true;
        bool stop = !thread_is_safepoint_initiator(t);
        if (stop) thread_safepoint_begin(t);
        write_dump(d);
        if (stop) thread_safepoint_end(t);
        if (d->oom && d->out.error == NULL) d->out.error = "Not enough memory";
        ok = out_close(&d->out);
    }
    *reason = d->out.error;
    *bytes = d->out.bytes;
    for (uint32_t i = 0; i < d->ninfos; i++) free(d->infos[i].slots);
    free(d->infos);
    ptrmap_free(&d->classes);
    ptrmap_free(&d->symbols);
    ptrmap_free(&d->global_roots);
    free(d->threads);
    free(seg);
    free(d);
    return ok;
}

/* HotSpot's dumper's messages around dump_to. */
static bool dump_reporting(Thread *t, const char *path, const HeapDumpOptions *opts, FILE *out, const char **reason)
{
    if (out != NULL) {
        fprintf(out, "Dumping heap to %s ...\n", path);
        fflush(out);
    }
    int64_t t0 = os_nanotime();
    bool created;
    uint64_t bytes = 0;
    bool ok = dump_to(t, path, opts, &created, reason, &bytes);
    if (out != NULL) {
        if (ok)
            fprintf(out, "Heap dump file created [%llu bytes in %.3f secs]\n", (unsigned long long)bytes,
                    (double)(os_nanotime() - t0) / 1e9);
        else if (!created)
            fprintf(out, "Unable to create %s: %s\n", path, *reason);
        else
            fprintf(out, "Dump file is incomplete: %s\n", *reason);
        fflush(out);
    }
    return ok;
}

bool heapdump_write(Thread *t, const char *path, const HeapDumpOptions *opts, FILE *out)
{
    const char *reason = NULL;
    if (dump_reporting(t, path, opts, out, &reason)) return true;
    exc_throw(t, "java/io/IOException", "%s", reason != NULL ? reason : "reason unknown");
    return false;
}

/* ------------------------------------------------------------------------------------ */
/* Requests: attach operation, diagnostic command, OutOfMemoryError                     */
/* ------------------------------------------------------------------------------------ */

int heapdump_dump_heap0(Thread *t, Object *file, bool live)
{
    char *path = file != NULL ? str_to_mutf8(file) : NULL;
    if (path == NULL) {
        exc_throw(t, "java/lang/NullPointerException", "Output file name cannot be null.");
        return -1;
    }
    HeapDumpOptions opts = {.live = live};
    bool ok = heapdump_write(t, path, &opts, NULL);
    free(path);
    return ok ? 0 : -1;
}

int heapdump_attach_op(Thread *t, const char *arg0, const char *arg1, const char *arg2, FILE *out)
{
    if (arg0 == NULL || arg0[0] == '\0') {
        fprintf(out, "No dump file specified\n");
        return 0;
    }
    HeapDumpOptions opts = {.live = true};
    if (arg1 != NULL && arg1[0] != '\0') {
        if (strcmp(arg1, "-all") != 0 && strcmp(arg1, "-live") != 0) {
            fprintf(out, "Invalid argument to dumpheap operation: %s\n", arg1);
            return JNI_ERR;
        }
        opts.live = strcmp(arg1, "-live") == 0;
    }
    if (arg2 != NULL && arg2[0] != '\0') {
        char *end;
        unsigned long long level = strtoull(arg2, &end, 10);
        if (*end != '\0' || arg2[0] == '-' || arg2[0] == '+' || arg2[0] == ' ') {
            fprintf(out, "Invalid compress level: [%s]\n", arg2);
            return JNI_ERR;
        }
        if (level < 1 || level > 9) {
            fprintf(out, "Compression level out of range (1-9): %llu\n", level);
            return JNI_ERR;
        }
        opts.gz_level = (int)level;
    }
    heapdump_write(t, arg0, &opts, out);
    exc_clear(t);
    return 0;
}

bool heapdump_dcmd(Thread *t, const char *filename, bool all, bool gz_set, int64_t gz, bool overwrite, FILE *out)
{
    HeapDumpOptions opts = {.live = !all, .overwrite = overwrite};
    if (gz_set) {
        if (gz < 1 || gz > 9) {
            fprintf(out, "Compression level out of range (1-9): %lld\n", (long long)gz);
            return true;
        }
        opts.gz_level = (int)gz;
    }
    heapdump_write(t, filename, &opts, out);
    exc_clear(t); /* the reason is in the output, as HotSpot reports it */
    return true;
}

void heapdump_on_oom(Thread *t, const char *message)
{
    const char *ext = vm_opts.heap_dump_gz > 0 ? ".hprof.gz" : ".hprof";
    const VmFlag *hdp = flags_find("HeapDumpPath");
    const char *p = hdp != NULL ? hdp->value.s : NULL;
    char path[4096];
    if (p == NULL || p[0] == '\0') {
        snprintf(path, sizeof path, "java_pid%d%s", os_getpid(), ext);
    } else if (os_is_directory(p)) {
        size_t len = strlen(p);
        snprintf(path, sizeof path, "%s%sjava_pid%d%s", p, p[len - 1] == '/' ? "" : "/", os_getpid(), ext);
    } else {
        snprintf(path, sizeof path, "%s", p);
    }
    printf("java.lang.OutOfMemoryError: %s\n", message);
    HeapDumpOptions opts = {.gz_level = vm_opts.heap_dump_gz};
    const char *reason;
    dump_reporting(t, path, &opts, stdout, &reason);
}
