// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * archive.c — the archive of the boot module graph (design.md "Start-up", archive.h).
 *
 * The JDK asks for archived objects itself: the static initializers of a few classes
 * (ArchivedBootLayer, ArchivedClassLoaders, ArchivedModuleGraph, Module$ArchivedData,
 * ImmutableCollections, Configuration, ModuleLayer) call CDS.initializeFromArchive, and
 * ModuleBootstrap.boot() skips boot2 when ArchivedBootLayer has a layer. Dump mode
 * (-Xshare:dump, run by `make` once per image) boots to the end of System.initPhase2 and
 * writes every object reachable from those classes' archived static fields ("roots") to
 * <java.home>/lib/server/glass-boot.gva; restoring allocates ordinary heap objects again.
 *
 * Format (little-endian, native layout): a header (magic, format version, the identity of
 * libjvm.so and of lib/modules as size + mtime, the payload's length and checksum), then
 *   classes  internal name, checksum of its class file, instance size: every class of an
 *            archived object, each verified (loaded from the boot loader, same bytes, same
 *            layout) before an object of it is made;
 *   objects  kind (instance, array, mirror, static), class, identity hash, raw body with
 *            references replaced by object index + 1. A mirror is a class by name; a
 *            "static" object is the value of a static final field of its own class (enum
 *            constants above all): the running VM's object is used, with the archived
 *            identity hash, because hash tables in the graph (SetN, HashMap) were laid
 *            out by it and code compares such constants by identity. Strings that were
 *            interned are interned again (the table's copy wins).
 *   roots    holder class, field, the object, and the closure (objects and classes in
 *            discovery order) restored when the holder's initializer asks for it;
 *   calls    the JVM_DefineModule / AddReads / AddExports calls made up to the dump, with
 *            archived arguments, replayed by JVM_DefineArchivedModules.
 *
 * The archive is used only with the default module graph (archive_sharing_enabled lists
 * the options that forbid it, as HotSpot 17 does) and is silently ignored, the JDK then
 * booting in full, when it is missing, unreadable, truncated, fails its checksum, was
 * made by another libjvm.so or for another lib/modules, or names a class whose bytes or
 * layout differ. Every read of the file is bounds-checked.
 */
#include "archive.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../jvmti/jvmti_vm.h"
#include "../os/os.h"
#include "../vm/class.h"
#include "../vm/exception.h"
#include "../vm/loader.h"
#include "../vm/module.h"
#include "../vm/object.h"
#include "../vm/options.h"
#include "../vm/ref.h"
#include "../vm/string.h"
#include "../vm/sym.h"
#include "../vm/wellknown.h"
#include "boot.h"

#define ARCHIVE_MAGIC "GLASSGVA"
#define ARCHIVE_VERSION 1
#define ARCHIVE_NAME "lib/server/glass-boot.gva"

enum { K_INSTANCE = 1, K_ARRAY = 2, K_MIRROR = 3, K_STATIC = 4, K_INTERNED = 0x100 };

typedef struct ArchiveHeader {
    char magic[8];
    uint32_t version, header_size;
    uint64_t jvm_size;
    int64_t jvm_mtime_ns;
    uint64_t modules_size;
    int64_t modules_mtime_ns;
    uint64_t payload_size, payload_sum;
} ArchiveHeader;

/* The archived static fields, in the order the JDK initializes their holders. */
static const struct {
    const char *holder, *field, *desc;
} roots[] = {
    {"java/lang/Module$ArchivedData", "archivedData", "Ljava/lang/Module$ArchivedData;"},
    {"java/util/ImmutableCollections", "archivedObjects", "[Ljava/lang/Object;"},
    {"java/lang/module/Configuration", "EMPTY_CONFIGURATION", "Ljava/lang/module/Configuration;"},
    {"java/lang/ModuleLayer", "EMPTY_LAYER", "Ljava/lang/ModuleLayer;"},
    {"jdk/internal/module/ArchivedModuleGraph", "archivedModuleGraph",
     "Ljdk/internal/module/ArchivedModuleGraph;"},
    {"jdk/internal/loader/ArchivedClassLoaders", "archivedClassLoaders",
     "Ljdk/internal/loader/ArchivedClassLoaders;"},
    {"jdk/internal/module/ArchivedBootLayer", "archivedBootLayer",
     "Ljdk/internal/module/ArchivedBootLayer;"},
};
#define NROOTS ARRAY_LEN(roots)
#define CALLS_ROOT NROOTS /* the pseudo-root of the recorded calls' arguments */

/* ------------------------------------------------------------------------------------ */
/* Common                                                                               */
/* ------------------------------------------------------------------------------------ */

/* A fast 64-bit checksum (word at a time; detects truncation and garbage, not attacks). */
static uint64_t checksum(const uint8_t *p, size_t n, uint64_t h)
{
    h ^= (uint64_t)n * 0x9E3779B97F4A7C15ull;
    while (n >= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        h = ((h ^ w) * 0xFF51AFD7ED558CCDull);
        h ^= h >> 29;
        p += 8;
        n -= 8;
    }
    uint64_t w = 0;
    memcpy(&w, p, n);
    h = (h ^ w ^ n) * 0xC4CEB9FE1A85EC53ull;
    return h ^ (h >> 32);
}

/* The checksum of class `name`'s file in lib/modules' module `module` (not of the
 * loaded copy, whose bytecodes the interpreter rewrites), or 0 if absent. */
static uint64_t image_checksum(const char *module, const char *name)
{
    size_t len = 0;
    uint8_t *b = module[0] ? loader_image_class_file(module, name, &len) : NULL;
    uint64_t sum = b ? checksum(b, len, 0) | 1 : 0;
    free(b);
    return sum;
}

/* The identity of this libjvm.so and of the image's lib/modules. */
static bool identities(uint64_t *jvm_size, int64_t *jvm_mtime, uint64_t *mod_size,
                       int64_t *mod_mtime)
{
    struct stat st;
    char *self = os_dladdr_path((const void *)identities);
    bool found = self != NULL && stat(self, &st) == 0;
    free(self);
    if (!found) return false;
    *jvm_size = (uint64_t)st.st_size;
    *jvm_mtime = (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
    char path[4096];
    snprintf(path, sizeof path, "%s/lib/modules", vm_opts.java_home);
    if (stat(path, &st) != 0) return false;
    *mod_size = (uint64_t)st.st_size;
    *mod_mtime = (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
    return true;
}

static void archive_path(char *buf, size_t size)
{
    if (vm_opts.shared_archive != NULL)
        snprintf(buf, size, "%s", vm_opts.shared_archive);
    else
        snprintf(buf, size, "%s/%s", vm_opts.java_home, ARCHIVE_NAME);
}

static Field *root_field(Class *holder, int r)
{
    Field *f = class_find_declared_field(holder, sym_intern(roots[r].field), sym_intern(roots[r].desc));
    return f != NULL && (f->access & ACC_STATIC) ? f : NULL;
}

/* ------------------------------------------------------------------------------------ */
/* Dump                                                                                 */
/* ------------------------------------------------------------------------------------ */

bool archive_recording;

typedef struct Call {
    int kind;
    bool flag;
    jobject args[4]; /* global refs (the objects must live until the dump) */
} Call;
static Call *calls;
static int call_count, call_cap;

void archive_record_module_call(int kind, Object *a, Object *b, Object *c, Object *d, bool flag)
{
    if (call_count == call_cap) {
        call_cap = call_cap ? call_cap * 2 : 256;
        calls = vm_realloc(calls, (size_t)call_cap * sizeof *calls);
    }
    Call *k = &calls[call_count++];
    k->kind = kind;
    k->flag = flag;
    Object *args[4] = {a, b, c, d};
    for (int i = 0; i < 4; i++) k->args[i] = args[i] ? ref_new_global(args[i]) : NULL;
}

typedef struct Buf {
    uint8_t *p;
    size_t len, cap;
} Buf;

static void put(Buf *b, const void *p, size_t n)
{
    if (b->len + n > b->cap) {
        while (b->len + n > b->cap) b->cap = b->cap ? b->cap * 2 : 65536;
        b->p = vm_realloc(b->p, b->cap);
    }
    memcpy(b->p + b->len, p, n);
    b->len += n;
}
static void put32(Buf *b, uint32_t v) { put(b, &v, 4); }
static void put64(Buf *b, uint64_t v) { put(b, &v, 8); }
static void putstr(Buf *b, const char *s)
{
    uint32_t n = (uint32_t)strlen(s) + 1;
    put32(b, n);
    put(b, s, n);
}

typedef struct DObj {
    Object *o;
    uint32_t kind, cls;
    const char *static_name; /* K_STATIC */
} DObj;

typedef struct Dumper {
    Thread *t;
    /* object -> index + 1, open addressing */
    Object **keys;
    uint32_t *vals;
    size_t map_cap;
    DObj *objs;
    uint32_t nobjs, objs_cap;
    Class **classes;
    uint32_t nclasses, classes_cap;
    uint32_t *stack;
    uint32_t nstack, stack_cap;
    uint32_t *seen_epoch; /* per object: the root that last listed it */
    uint32_t *cseen_epoch; /* per class */
    const char *error;
    char errbuf[4608];
} Dumper;

static size_t ptr_hash(const void *p, size_t mask)
{
    uint64_t x = (uintptr_t)p;
    x ^= x >> 33;
    x *= 0xFF51AFD7ED558CCDull;
    x ^= x >> 29;
    return (size_t)x & mask;
}

static uint32_t map_find(Dumper *d, Object *o)
{
    if (d->map_cap == 0) return 0;
    size_t mask = d->map_cap - 1;
    for (size_t i = ptr_hash(o, mask);; i = (i + 1) & mask) {
        if (d->keys[i] == o) return d->vals[i];
        if (d->keys[i] == NULL) return 0;
    }
}

static void map_add(Dumper *d, Object *o, uint32_t v)
{
    if ((d->nobjs + 1) * 2 > d->map_cap) {
        size_t old = d->map_cap;
        Object **ok = d->keys;
        uint32_t *ov = d->vals;
        d->map_cap = old ? old * 2 : 4096;
        d->keys = vm_calloc(d->map_cap, sizeof *d->keys);
        d->vals = vm_calloc(d->map_cap, sizeof *d->vals);
        for (size_t i = 0; i < old; i++)
            if (ok[i]) {
                size_t mask = d->map_cap - 1, j = ptr_hash(ok[i], mask);
                while (d->keys[j]) j = (j + 1) & mask;
                d->keys[j] = ok[i];
                d->vals[j] = ov[i];
            }
        free(ok);
        free(ov);
    }
    size_t mask = d->map_cap - 1, j = ptr_hash(o, mask);
    while (d->keys[j]) j = (j + 1) & mask;
    d->keys[j] = o;
    d->vals[j] = v;
}

static uint32_t class_index(Dumper *d, Class *c)
{
    for (uint32_t i = 0; i < d->nclasses; i++)
        if (d->classes[i] == c) return i;
    if (d->nclasses == d->classes_cap) {
        d->classes_cap = d->classes_cap ? d->classes_cap * 2 : 256;
        d->classes = vm_realloc(d->classes, d->classes_cap * sizeof *d->classes);
        d->cseen_epoch = vm_realloc(d->cseen_epoch, d->classes_cap * sizeof *d->cseen_epoch);
    }
    d->cseen_epoch[d->nclasses] = 0;
    d->classes[d->nclasses] = c;
    return d->nclasses++;
}

static bool fail(Dumper *d, const char *fmt, const char *arg)
{
    if (d->error == NULL) {
        snprintf(d->errbuf, sizeof d->errbuf, fmt, arg);
        d->error = d->errbuf;
    }
    return false;
}

static bool is_sub(const Class *c, const char *name)
{
    for (; c != NULL; c = c->super)
        if (strcmp(c->name, name) == 0) return true;
    return false;
}

/* A class whose objects cannot be archived as plain field values. */
static bool refused(const Class *c)
{
    static const char *const bad[] = {
        "java/lang/Thread", "java/lang/ThreadGroup", "java/lang/ref/Reference",
        "java/lang/invoke/MemberName", "java/lang/invoke/ResolvedMethodName",
        "java/lang/invoke/MethodHandle", "java/lang/invoke/MethodType", "java/lang/StackFrameInfo",
        "java/lang/Throwable", "java/lang/invoke/CallSite", "java/lang/ClassValue",
    };
    for (size_t i = 0; i < ARRAY_LEN(bad); i++)
        if (is_sub(c, bad[i])) return true;
    return (c->flags & (CLASS_F_HIDDEN | CLASS_F_HAS_FINALIZER)) != 0;
}

/* o is an enum constant: the name of the static field of its enum class that holds it
 * (other objects that static fields hold are archived as copies, as HotSpot's are; the
 * classes whose statics come from the archive itself, like Module, need exactly that). */
static const char *static_name_of(Object *o, Class **holder)
{
    Class *c = o->klass;
    if (c->super == NULL || c->mirror == NULL) return NULL;
    if (strcmp(c->super->name, "java/lang/Enum") != 0) {
        c = c->super; /* a constant with a body is an instance of a subclass */
        if (c->super == NULL || strcmp(c->super->name, "java/lang/Enum") != 0) return NULL;
    }
    for (int i = 0; i < c->field_count; i++) {
        Field *f = &c->fields[i];
        if ((f->access & (ACC_STATIC | ACC_FINAL)) != (ACC_STATIC | ACC_FINAL)) continue;
        if (f->desc[0] != 'L') continue;
        if (*(Object **)field_static_addr(f) == o) {
            *holder = c;
            return f->name;
        }
    }
    return NULL;
}

/* The class a boot-loader lookup by name finds must be c itself. */
static bool resolvable(Dumper *d, Class *c)
{
    if (class_is_array(c)) c = c->element;
    if (class_is_primitive(c)) return true;
    if (c->loader != NULL || (c->flags & CLASS_F_HIDDEN) || loader_find_loaded(NULL, c->name) != c)
        return fail(d, "class %s is not a boot class found by name", c->name);
    return true;
}

static uint32_t add_object(Dumper *d, Object *o)
{
    uint32_t v = map_find(d, o);
    if (v) return v - 1;
    if (d->nobjs == d->objs_cap) {
        d->objs_cap = d->objs_cap ? d->objs_cap * 2 : 4096;
        d->objs = vm_realloc(d->objs, d->objs_cap * sizeof *d->objs);
        d->seen_epoch = vm_realloc(d->seen_epoch, d->objs_cap * sizeof *d->seen_epoch);
    }
    uint32_t idx = d->nobjs;
    DObj *x = &d->objs[idx];
    memset(x, 0, sizeof *x);
    x->o = o;
    d->seen_epoch[idx] = 0;
    Class *holder = NULL;
    if (o->klass == wk.Class) {
        Class *c = class_from_mirror(o);
        x->kind = K_MIRROR;
        if (c == NULL || !resolvable(d, c)) fail(d, "mirror of %s", c ? c->name : "?");
        else x->cls = class_index(d, c);
    } else if ((x->static_name = static_name_of(o, &holder)) != NULL) {
        x->kind = K_STATIC;
        if (resolvable(d, holder)) x->cls = class_index(d, holder);
    } else {
        x->kind = class_is_array(o->klass) ? K_ARRAY : K_INSTANCE;
        if (refused(o->klass)) fail(d, "object of class %s cannot be archived", o->klass->name);
        if (resolvable(d, o->klass)) x->cls = class_index(d, o->klass);
        if (o->klass == wk.String && str_intern_lookup(o) == o) x->kind |= K_INTERNED;
    }
    d->nobjs++;
    map_add(d, o, idx + 1);
    return idx;
}

/* The references an archived object's body holds (not for mirrors and statics). */
static int refs_of(Object *o, uint32_t kind, Object ***out)
{
    kind &= 0xff;
    if (kind == K_INSTANCE) {
        Class *c = o->klass;
        Object **r = vm_malloc((c->ref_offset_count + 1) * sizeof *r);
        for (uint32_t i = 0; i < c->ref_offset_count; i++)
            r[i] = *(Object **)((char *)o + c->ref_offsets[i]);
        *out = r;
        return (int)c->ref_offset_count;
    }
    if (kind == K_ARRAY && bt_is_ref(o->klass->elem_type)) {
        Array *a = (Array *)o;
        Object **r = vm_malloc(((size_t)a->length + 1) * sizeof *r);
        memcpy(r, array_data(a), (size_t)a->length * sizeof *r);
        *out = r;
        return a->length;
    }
    *out = NULL;
    return 0;
}

/* Pushes object index i on the walk's stack, growing it as needed. */
static void push_object(Dumper *d, uint32_t i)
{
    if (d->nstack == d->stack_cap) {
        d->stack_cap = d->stack_cap ? d->stack_cap * 2 : 4096;
        d->stack = vm_realloc(d->stack, d->stack_cap * sizeof *d->stack);
    }
    d->stack[d->nstack++] = i;
}

/* Lists root r's closure into `b` (objects, then classes, in discovery order). */
static void walk_root(Dumper *d, Object **starts, int nstarts, uint32_t epoch, Buf *b)
{
    Buf ob = {0}, cb = {0};
    uint32_t nob = 0, ncb = 0;
    d->nstack = 0;
    for (int s = 0; s < nstarts; s++) {
        if (starts[s] == NULL) continue;
        uint32_t i = add_object(d, starts[s]);
        if (d->seen_epoch[i] == epoch) continue;
        d->seen_epoch[i] = epoch;
        push_object(d, i);
        while (d->nstack > 0) {
            uint32_t cur = d->stack[--d->nstack];
            put32(&ob, cur);
            nob++;
            DObj *x = &d->objs[cur];
            if (d->cseen_epoch[x->cls] != epoch) {
                d->cseen_epoch[x->cls] = epoch;
                put32(&cb, x->cls);
                ncb++;
            }
            Object **refs;
            int n = refs_of(x->o, x->kind, &refs);
            for (int k = n - 1; k >= 0; k--) {
                if (refs[k] == NULL) continue;
                uint32_t j = add_object(d, refs[k]);
                if (d->seen_epoch[j] == epoch) continue;
                d->seen_epoch[j] = epoch;
                push_object(d, j);
            }
            free(refs);
        }
    }
    put32(b, nob);
    put(b, ob.p, ob.len);
    put32(b, ncb);
    put(b, cb.p, cb.len);
    free(ob.p);
    free(cb.p);
}

static void write_object(Dumper *d, Buf *b, DObj *x)
{
    Object *o = x->o;
    uint32_t kind = x->kind & 0xff;
    put32(b, x->kind);
    put32(b, x->cls);
    put32(b, atomic_load(&o->hash));
    if (kind == K_MIRROR) {
        put32(b, 0);
        put32(b, 0);
        return;
    }
    if (kind == K_STATIC) {
        put32(b, 0);
        uint32_t n = (uint32_t)strlen(x->static_name) + 1;
        put32(b, n);
        put(b, x->static_name, n);
        return;
    }
    int32_t length = kind == K_ARRAY ? ((Array *)o)->length : -1;
    put32(b, (uint32_t)length);
    size_t start = kind == K_ARRAY ? ARRAY_BASE_OFFSET : OBJECT_HEADER_SIZE;
    size_t n = kind == K_ARRAY ? obj_array_bytes(o->klass, length) - ARRAY_BASE_OFFSET
                               : o->klass->instance_size - OBJECT_HEADER_SIZE;
    uint8_t *body = vm_malloc(n + 1);
    memcpy(body, (char *)o + start, n);
    Object **refs;
    int nr = refs_of(o, x->kind, &refs);
    for (int k = 0; k < nr; k++) {
        size_t off = kind == K_ARRAY ? (size_t)k * 8 : o->klass->ref_offsets[k] - start;
        uint64_t v = refs[k] ? (uint64_t)map_find(d, refs[k]) : 0; /* index + 1 */
        memcpy(body + off, &v, 8);
    }
    free(refs);
    put32(b, (uint32_t)n);
    put(b, body, n);
    free(body);
}

static const char *disabled_reason(void);

bool archive_dump(Thread *t)
{
    Dumper d = {.t = t};
    /* Only the default graph may be archived: an archive made with, say, --add-exports
     * would be used by runs without it. */
    const char *why = disabled_reason();
    if (why != NULL) fail(&d, "the archive is made with the default module options only (%s)", why);
    Buf roots_buf = {0};
    uint32_t epoch = 0;
    for (size_t r = 0; r < NROOTS; r++) {
        Class *holder = loader_find_loaded(NULL, roots[r].holder);
        Field *f = holder ? root_field(holder, (int)r) : NULL;
        Object *v = f && holder->mirror ? *(Object **)field_static_addr(f) : NULL;
        putstr(&roots_buf, roots[r].holder);
        put32(&roots_buf, v ? add_object(&d, v) + 1 : 0);
        walk_root(&d, &v, 1, ++epoch, &roots_buf);
        if (v == NULL) fail(&d, "archived field of %s is not set", roots[r].holder);
    }
    /* The recorded calls: their module and loader arguments must already be archived
     * (else a replay would define a copy); strings and arrays join the calls' closure. */
    uint32_t before = d.nobjs;
    Object **args = vm_calloc((size_t)call_count * 4 + 1, sizeof *args);
    for (int i = 0; i < call_count; i++)
        for (int k = 0; k < 4; k++) args[i * 4 + k] = calls[i].args[k] ? ref_get(calls[i].args[k]) : NULL;
    putstr(&roots_buf, "");
    put32(&roots_buf, 0);
    walk_root(&d, args, call_count * 4, ++epoch, &roots_buf);
    for (uint32_t i = before; i < d.nobjs; i++) {
        Class *c = d.objs[i].o->klass;
        if (c == wk.Module || is_sub(c, "java/lang/ClassLoader"))
            fail(&d, "a module call names an object of %s outside the archived graph", c->name);
    }
    put32(&roots_buf, (uint32_t)call_count);
    for (int i = 0; i < call_count; i++) {
        put32(&roots_buf, (uint32_t)calls[i].kind);
        put32(&roots_buf, calls[i].flag);
        for (int k = 0; k < 4; k++) put32(&roots_buf, args[i * 4 + k] ? map_find(&d, args[i * 4 + k]) : 0);
    }
    free(args);

    Buf b = {0};
    put32(&b, d.nclasses);
    for (uint32_t i = 0; i < d.nclasses; i++) {
        Class *c = d.classes[i];
        const char *module = "";
        if (!class_is_array(c) && !class_is_primitive(c)) {
            module = module_boot_module_of(c->package);
            if (module == NULL || image_checksum(module, c->name) == 0) {
                fail(&d, "class %s is not from the runtime image", c->name);
                module = "";
            }
        }
        putstr(&b, c->name);
        putstr(&b, module);
        put64(&b, module[0] ? image_checksum(module, c->name) : 0);
        put32(&b, c->instance_size);
    }
    put32(&b, d.nobjs);
    for (uint32_t i = 0; i < d.nobjs; i++) write_object(&d, &b, &d.objs[i]);
    put(&b, roots_buf.p, roots_buf.len);

    bool ok = d.error == NULL;
    ArchiveHeader h = {.version = ARCHIVE_VERSION, .header_size = sizeof h};
    memcpy(h.magic, ARCHIVE_MAGIC, 8);
    if (ok && !identities(&h.jvm_size, &h.jvm_mtime_ns, &h.modules_size, &h.modules_mtime_ns))
        ok = fail(&d, "%s", "cannot identify libjvm.so or lib/modules");
    char path[4096], tmp[4200];
    archive_path(path, sizeof path);
    snprintf(tmp, sizeof tmp, "%s.tmp%d", path, (int)getpid());
    if (ok) {
        h.payload_size = b.len;
        h.payload_sum = checksum(b.p, b.len, 0);
        FILE *fp = fopen(tmp, "wb");
        ok = fp != NULL && fwrite(&h, sizeof h, 1, fp) == 1 && fwrite(b.p, 1, b.len, fp) == b.len;
        if (fp != NULL && fclose(fp) != 0) ok = false;
        if (!ok || rename(tmp, path) != 0) {
            unlink(tmp);
            ok = fail(&d, "cannot write %s", path);
        }
    }
    if (ok)
        fprintf(stderr, "GlassVM: archived %u objects of %u classes, %d module calls: %s\n",
                d.nobjs, d.nclasses, call_count, path);
    else
        fprintf(stderr, "GlassVM: no archive written: %s\n", d.error);
    free(b.p);
    free(roots_buf.p);
    free(d.keys);
    free(d.vals);
    free(d.objs);
    free(d.classes);
    free(d.stack);
    free(d.seen_epoch);
    free(d.cseen_epoch);
    return ok;
}

/* ------------------------------------------------------------------------------------ */
/* Restore                                                                              */
/* ------------------------------------------------------------------------------------ */

/* Why the archive is not in use (for -Xlog:cds), or NULL. */
static const char *not_used;

typedef struct AClass {
    const char *name, *module;
    uint64_t sum;
    uint32_t isize;
    Class *c;
    uint8_t state; /* 0 unchecked, 1 verified, 2 initialized, 3 bad */
} AClass;

typedef struct AObj {
    uint32_t kind, cls, hash;
    int32_t length;
    uint32_t nbytes;
    const uint8_t *bytes;
} AObj;

typedef struct ARoot {
    const char *holder;
    uint32_t obj; /* index + 1 */
    uint32_t nobj, ncls;
    const uint8_t *objs, *cls; /* u32 arrays */
    bool done;
} ARoot;

typedef struct ACall {
    uint32_t kind, flag, args[4];
} ACall;

static struct {
    int state; /* 0 not looked at, 1 usable, -1 not used */
    uint8_t *data;
    uint32_t nclasses, nobjs, ncalls;
    AClass *classes;
    AObj *objs;
    ARoot roots[NROOTS + 1];
    ACall *calls;
    Object **made;  /* materialized objects, by index */
    jobject keep;   /* global ref to an Object[] holding them for the collector */
    bool modules_defined;
    bool closed; /* after JVM_DefineArchivedModules */
} A;

typedef struct Reader {
    const uint8_t *p, *end;
    bool bad;
} Reader;

static const uint8_t *take(Reader *r, size_t n)
{
    if (r->bad || (size_t)(r->end - r->p) < n) {
        r->bad = true;
        return NULL;
    }
    const uint8_t *p = r->p;
    r->p += n;
    return p;
}
static uint32_t get32(Reader *r)
{
    const uint8_t *p = take(r, 4);
    uint32_t v = 0;
    if (p) memcpy(&v, p, 4);
    return v;
}
static uint64_t get64(Reader *r)
{
    const uint8_t *p = take(r, 8);
    uint64_t v = 0;
    if (p) memcpy(&v, p, 8);
    return v;
}
static const char *getstr(Reader *r)
{
    uint32_t n = get32(r);
    const uint8_t *p = take(r, n);
    if (p == NULL || n == 0 || p[n - 1] != 0) {
        r->bad = true;
        return NULL;
    }
    return (const char *)p;
}
/* A u32 array of n indices each < limit. */
static const uint8_t *getidx(Reader *r, uint32_t n, uint32_t limit)
{
    if (n > (uint32_t)(r->end - r->p) / 4) {
        r->bad = true;
        return NULL;
    }
    const uint8_t *p = take(r, (size_t)n * 4);
    for (uint32_t i = 0; p && i < n; i++) {
        uint32_t v;
        memcpy(&v, p + i * 4, 4);
        if (v >= limit) r->bad = true;
    }
    return r->bad ? NULL : p;
}
static uint32_t idx_at(const uint8_t *p, uint32_t i)
{
    uint32_t v;
    memcpy(&v, p + (size_t)i * 4, 4);
    return v;
}

/* Why the archive must not be used with these options, or NULL (HotSpot 17's rules: any
 * jdk.module.* property that changes the graph, -Xbootclasspath/a, a custom system class
 * loader, -Xshare:off, a ClassFileLoadHook enabled where it sees the primordial phase's
 * classes when the first root is asked for: an environment with
 * can_generate_early_class_hook_events, or JVMPI's CLASS_LOAD_HOOK). */
static const char *disabled_reason(void)
{
    if (vm_opts.share == SHARE_OFF) return "-Xshare:off";
    /* The same for a whole test run (tests/run's GLASS_ENV), without an option to print. */
    if (os_getenv("GLASS_SHARE_OFF") != NULL) return "GLASS_SHARE_OFF";
    for (int i = 0; i < vm_property_count; i++) {
        const char *k = vm_properties[i].key;
        if (strncmp(k, "jdk.module.", 11) == 0 || strcmp(k, "java.system.class.loader") == 0)
            return k;
        if (strcmp(k, "jdk.boot.class.path.append") == 0 && vm_properties[i].value != NULL &&
            vm_properties[i].value[0] != '\0')
            return k;
    }
    if (jvmti_early_class_hook()) return "an early ClassFileLoadHook";
    return NULL;
}

static bool parse(const uint8_t *p, size_t n)
{
    Reader r = {p, p + n, false};
    A.nclasses = get32(&r);
    if (A.nclasses > n / 16) return false;
    A.classes = vm_calloc(A.nclasses + 1, sizeof *A.classes);
    for (uint32_t i = 0; i < A.nclasses && !r.bad; i++) {
        A.classes[i].name = getstr(&r);
        A.classes[i].module = getstr(&r);
        A.classes[i].sum = get64(&r);
        A.classes[i].isize = get32(&r);
    }
    A.nobjs = get32(&r);
    if (r.bad || A.nobjs > n / 20) return false;
    A.objs = vm_calloc(A.nobjs + 1, sizeof *A.objs);
    for (uint32_t i = 0; i < A.nobjs && !r.bad; i++) {
        AObj *o = &A.objs[i];
        o->kind = get32(&r);
        o->cls = get32(&r);
        o->hash = get32(&r);
        o->length = (int32_t)get32(&r);
        o->nbytes = get32(&r);
        o->bytes = take(&r, o->nbytes);
        uint32_t k = o->kind & 0xff;
        if (o->cls >= A.nclasses || k < K_INSTANCE || k > K_STATIC) return false;
        if ((k == K_ARRAY && o->length < 0) || (k == K_INSTANCE && o->length != -1)) return false;
        if (k == K_STATIC && (o->nbytes == 0 || o->bytes == NULL || o->bytes[o->nbytes - 1] != 0))
            return false;
    }
    for (size_t i = 0; i <= NROOTS && !r.bad; i++) {
        ARoot *x = &A.roots[i];
        x->holder = getstr(&r);
        x->obj = get32(&r);
        if (x->obj > A.nobjs) return false;
        x->nobj = get32(&r);
        x->objs = getidx(&r, x->nobj, A.nobjs);
        x->ncls = get32(&r);
        x->cls = getidx(&r, x->ncls, A.nclasses);
        if (!r.bad && i < NROOTS && strcmp(x->holder, roots[i].holder) != 0) return false;
    }
    A.ncalls = get32(&r);
    if (r.bad || A.ncalls > n / 24) return false;
    A.calls = vm_calloc(A.ncalls + 1, sizeof *A.calls);
    for (uint32_t i = 0; i < A.ncalls && !r.bad; i++) {
        ACall *c = &A.calls[i];
        c->kind = get32(&r);
        c->flag = get32(&r);
        for (int k = 0; k < 4; k++)
            if ((c->args[k] = get32(&r)) > A.nobjs) return false;
    }
    return !r.bad && r.p == r.end;
}

static bool open_archive(void)
{
    if (vm_opts.share == SHARE_DUMP) return not_used = "dumping", false;
    if ((not_used = disabled_reason()) != NULL) return false;
    char path[4096];
    archive_path(path, sizeof path);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return not_used = "no archive file", false;
    struct stat st;
    ArchiveHeader h;
    bool ok = fstat(fd, &st) == 0 && (size_t)st.st_size >= sizeof h &&
              read(fd, &h, sizeof h) == (ssize_t)sizeof h && memcmp(h.magic, ARCHIVE_MAGIC, 8) == 0 &&
              h.version == ARCHIVE_VERSION && h.header_size == sizeof h &&
              h.payload_size == (uint64_t)st.st_size - sizeof h;
    if (!ok) not_used = "bad header or size";
    uint64_t js, ms;
    int64_t jm, mm;
    if (ok && !(identities(&js, &jm, &ms, &mm) && js == h.jvm_size && jm == h.jvm_mtime_ns &&
                ms == h.modules_size && mm == h.modules_mtime_ns))
        ok = false, not_used = "made by another libjvm.so or for another lib/modules";
    if (ok) {
        A.data = vm_malloc(h.payload_size + 1);
        size_t got = 0;
        while (got < h.payload_size) {
            ssize_t n = read(fd, A.data + got, h.payload_size - got);
            if (n <= 0) break;
            got += (size_t)n;
        }
        if (got != h.payload_size || checksum(A.data, got, 0) != h.payload_sum)
            ok = false, not_used = "checksum mismatch";
        else if (!parse(A.data, got))
            ok = false, not_used = "malformed";
    }
    close(fd);
    return ok;
}

static void drop_archive(void)
{
    free(A.data);
    free(A.classes);
    free(A.objs);
    free(A.calls);
    free(A.made);
    A.data = NULL;
    A.classes = NULL;
    A.objs = NULL;
    A.calls = NULL;
    A.made = NULL;
    A.state = -1;
}

bool archive_sharing_enabled(Thread *t)
{
    if (A.state == 0) {
        if (!open_archive()) {
            if (os_getenv("GLASS_ARCHIVE_TRACE"))
                fprintf(stderr, "GlassVM: archive not used: %s\n", not_used);
            drop_archive();
        } else {
            A.state = 1;
            A.made = vm_calloc(A.nobjs + 1, sizeof *A.made);
            Array *keep = obj_new_ref_array(t, wk.Object, (int32_t)A.nobjs);
            if (keep == NULL) {
                exc_clear(t);
                drop_archive();
            } else {
                A.keep = ref_new_global(&keep->hdr);
            }
        }
    }
    return A.state == 1;
}

/* Loads (and, with `init`, initializes) an archived class and checks it is the one the
 * archive was made with. */
static Class *resolve_class(Thread *t, uint32_t i, bool init)
{
    AClass *k = &A.classes[i];
    if (k->state == 3) return NULL;
    if (k->state == 0) {
        Class *c = loader_primitive_by_name(k->name);
        if (c == NULL) c = loader_load(t, NULL, sym_intern(k->name));
        if (c == NULL || c->loader != NULL || c->instance_size != k->isize ||
            (k->module[0] ? image_checksum(k->module, k->name) : 0) != k->sum) {
            exc_clear(t);
            k->state = 3;
            return NULL;
        }
        k->c = c;
        k->state = 1;
    }
    if (init && k->state == 1) {
        if (!class_is_primitive(k->c) && !class_is_array(k->c) && !class_ensure_init(t, k->c)) {
            exc_clear(t);
            k->state = 3;
            return NULL;
        }
        k->state = 2;
    }
    return k->c;
}

static Object *decode(uint64_t v) { return v ? A.made[v - 1] : NULL; }

/* Materializes root r's closure: every class first (verified and initialized, in the
 * order the dump met them, as HotSpot initializes a subgraph's classes), then the objects
 * not made for an earlier root, then their fields. False if anything does not match;
 * then nothing this call made is reachable. */
static bool restore_root(Thread *t, ARoot *x)
{
    for (uint32_t i = 0; i < x->ncls; i++)
        if (resolve_class(t, idx_at(x->cls, i), false) == NULL)
            return not_used = A.classes[idx_at(x->cls, i)].name, false;
    /* Initialize what an object is made of, in the order the dump met the objects. */
    for (uint32_t i = 0; i < x->nobj; i++) {
        AObj *a = &A.objs[idx_at(x->objs, i)];
        if ((a->kind & 0xff) != K_MIRROR && resolve_class(t, a->cls, true) == NULL)
            return not_used = A.classes[a->cls].name, false;
    }
    /* Those initializers may have restored other roots (Configuration, ModuleLayer):
     * their objects are shared with this one, so a failure there is one here. */
    if (A.state != 1) return false;
    Array *keep = (Array *)ref_get(A.keep);
    Object **kept = array_data(keep);
    uint32_t *fresh = vm_malloc(((size_t)x->nobj + 1) * sizeof *fresh);
    uint32_t nfresh = 0;
    bool ok = true;
    for (uint32_t i = 0; ok && i < x->nobj; i++) {
        uint32_t j = idx_at(x->objs, i);
        if (A.made[j] != NULL) continue;
        AObj *a = &A.objs[j];
        Class *c = A.classes[a->cls].c;
        Object *o = NULL;
        switch (a->kind & 0xff) {
        case K_MIRROR:
            o = c->mirror;
            break;
        case K_STATIC: {
            Field *f = class_find_declared_field(c, sym_intern((const char *)a->bytes), NULL);
            if (f == NULL || !(f->access & ACC_STATIC) || (f->desc[0] != 'L' && f->desc[0] != '['))
                break;
            o = *(Object **)field_static_addr(f);
            if (o == NULL) break;
            /* The running constant must carry the archived identity hash. */
            uint32_t expect = 0, h = a->hash;
            if (h != 0 && !atomic_compare_exchange_strong(&o->hash, &expect, h) && expect != h)
                o = NULL;
            break;
        }
        case K_ARRAY:
            if (!class_is_array(c) ||
                a->nbytes != obj_array_bytes(c, a->length) - ARRAY_BASE_OFFSET)
                break;
            o = &obj_new_array(t, c, a->length)->hdr;
            break;
        case K_INSTANCE:
            if (class_is_array(c) || (c->access & (ACC_ABSTRACT | ACC_INTERFACE)) ||
                c == wk.Class || a->nbytes != c->instance_size - OBJECT_HEADER_SIZE)
                break;
            o = obj_new(t, c);
            break;
        }
        if (o == NULL) {
            exc_clear(t);
            not_used = c->name;
            ok = false;
            break;
        }
        A.made[j] = o;
        kept[j] = o;
        uint32_t k = a->kind & 0xff;
        if (k == K_ARRAY || k == K_INSTANCE) fresh[nfresh++] = j;
    }
    /* Fill in the new objects: primitive arrays first, then strings (so that interned
     * ones can be replaced by the table's copy before anything refers to them), then the
     * rest. */
    for (int pass = 0; ok && pass < 3; pass++) {
        for (uint32_t i = 0; ok && i < nfresh; i++) {
            uint32_t j = fresh[i];
            AObj *a = &A.objs[j];
            Object *o = A.made[j];
            bool array = (a->kind & 0xff) == K_ARRAY;
            bool refs = array ? bt_is_ref(o->klass->elem_type) : o->klass->ref_offset_count > 0;
            int want = !refs ? 0 : o->klass == wk.String ? 1 : 2;
            if (want != pass) continue;
            memcpy((char *)o + (array ? ARRAY_BASE_OFFSET : OBJECT_HEADER_SIZE), a->bytes, a->nbytes);
            uint32_t nref = array ? (refs ? (uint32_t)a->length : 0) : o->klass->ref_offset_count;
            for (uint32_t q = 0; q < nref; q++) {
                Object **slot = array ? (Object **)array_data((Array *)o) + q
                                      : (Object **)((char *)o + o->klass->ref_offsets[q]);
                uint64_t v = (uint64_t)(uintptr_t)*slot;
                *slot = NULL;
                if (v > A.nobjs || (v != 0 && A.made[v - 1] == NULL)) ok = false;
                else *slot = decode(v);
            }
            atomic_store(&o->hash, a->hash);
            if (a->kind & K_INTERNED) {
                if (o->klass != wk.String) {
                    ok = false;
                    break;
                }
                Object *canon = str_intern(t, o);
                A.made[j] = kept[j] = canon;
            }
        }
    }
    free(fresh);
    return ok;
}

void archive_initialize_from(Thread *t, Class *c)
{
    if (c->loader != NULL || !archive_sharing_enabled(t) || A.closed) return;
    for (size_t r = 0; r < NROOTS; r++) {
        ARoot *x = &A.roots[r];
        if (x->done || strcmp(c->name, roots[r].holder) != 0 || x->obj == 0) continue;
        x->done = true;
        Field *f = root_field(c, (int)r);
        if (f == NULL || !restore_root(t, x)) {
            /* Leave the field null: the JDK builds the objects itself, and no later root
             * may be used with half a graph. */
            if (os_getenv("GLASS_ARCHIVE_TRACE"))
                fprintf(stderr, "GlassVM: archive: %s not restored (%s); no later root is\n",
                        c->name, not_used ? not_used : "?");
            A.state = -1;
            if (A.keep != NULL) ref_delete_global(A.keep); /* what was restored is held */
            A.keep = NULL;
            return;
        }
        *(Object **)field_static_addr(f) = A.made[x->obj - 1];
    }
}

void archive_define_modules(Thread *t)
{
    if (A.state != 1 || A.modules_defined) return;
    A.modules_defined = true;
    if (!restore_root(t, &A.roots[CALLS_ROOT])) {
        exc_throw(t, "java/lang/InternalError", "archived module calls do not match");
        return;
    }
    for (uint32_t i = 0; i < A.ncalls && exc_pending(t) == NULL; i++) {
        ACall *k = &A.calls[i];
        jvm_module_replay(t, (int)k->kind, decode(k->args[0]), decode(k->args[1]),
                          decode(k->args[2]), decode(k->args[3]), k->flag != 0);
    }
    /* The restored graph is reachable from the JDK's statics now; the boot is over, and
     * no root is restored after it (a holder initialized later keeps its own objects). */
    ref_delete_global(A.keep);
    A.keep = NULL;
    A.closed = true;
}
