// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * module.c — NCAI modules (NCAI: GetAllLoadedModules, GetModuleInfo,
 * GetModuleClassLoader) and the ModuleLoad/ModuleUnload events.
 *
 * A module is a mapped ELF object (the executable, GlassVM's libjvm.so, the JDK's
 * libraries, agents, JNI libraries, the C library, the vDSO), as the dynamic linker
 * lists them. Records (NcaiModule, the ncaiModule handles) live in one table, one per
 * mapping, and are never freed: a module that was unloaded keeps its record, marked
 * unloaded, so a handle from an earlier list or event stays safe to pass (GetModuleInfo
 * then still describes it as it was). Handles are valid for every environment.
 *
 * Kinds: VM_INTERNAL for the `java` launcher and its libjli, GlassVM's libjvm.so and the
 * JDK libraries the VM itself loads (libjava, libjimage); JNI_LIBRARY for libraries
 * loaded through JVM_LoadLibrary (System.load/loadLibrary, also the JDK's own native
 * libraries that its Java code loads that way), with the class loader of the Java code
 * that asked (the first caller outside java.lang, java.security and
 * jdk.internal.loader); OTHER for the rest (agents, the C library, libraries native code
 * opens itself). When NCAI is enabled in the live phase (an agent attached to the running
 * VM), the JNI libraries loaded before are found in the JDK's own records instead
 * (jni_libs_before).
 *
 * Events. Every load and unload passes through the dynamic linker's notification point
 * (r_debug.r_brk, what debuggers break on), where an internal breakpoint (debug.c) calls
 * ncai_dynlink_notified: once the module list is consistent again, the table is synced
 * and ModuleLoad is posted for each new module, ModuleUnload for each one gone, on the
 * thread that loaded or unloaded it (inside its dlopen/dlclose: a callback must not load
 * or unload libraries itself). So dlopen from native code is seen too. ModuleUnload
 * comes once the module is unmapped (the linker does not say beforehand which objects a
 * dlclose will remove); its record still describes it.
 *
 * A module that defines the C++ runtime's __cxa_throw (libstdc++) gets an internal
 * breakpoint there (debug.c), which posts the Exception event for every C++ throw.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../vm/class.h"
#include "../vm/interp.h"
#include "../vm/loader.h"
#include "../vm/ref.h"
#include "../vm/string.h"
#include "../vm/sym.h"
#include "ncai_int.h"

typedef struct NcaiModule {
    uint32_t magic;
    struct NcaiModule *next;
    char *path;
    char *name;
    uintptr_t first; /* address of the first segment: the mapping's identity */
    int nseg;
    OsSegment seg[OS_MODULE_MAX_SEGMENTS];
    ncaiModuleKind kind;
    void *loader; /* JNI libraries: a weak global reference to the class loader, NULL = boot */
    uintptr_t cxa_throw; /* the C++ runtime's throw entry point, if the module defines it */
    bool loaded;
    bool seen; /* sync pass mark */
    /* Found loaded / unloaded by a sync whose events are not posted yet; a __cxa_throw
     * whose internal breakpoint is not set yet (mod_lock). */
    bool load_pending, unload_pending, throw_pending;
} NcaiModule;

#define MODULE_MAGIC 0x4e4d4f44u

static NcaiModule *modules; /* newest first */
static OsMutex mod_lock;
/* Held from a sync until the breakpoints on the new modules' __cxa_throw are set, so
 * that a thread finding nothing new in its own sync knows that whatever another sync
 * found is armed. Taken before mod_lock and bp_lock, never while posting events. */
static OsMutex sync_lock;

/* Libraries being loaded through JVM_LoadLibrary: the path as given, and the class loader
 * (a weak global reference: a strong one would keep every loader of a JNI library, its
 * classes and the library itself, alive for good, since the JDK unloads a loader's
 * libraries only once the loader is collected). The module record made for the mapping
 * takes the entry over (sync_one); ncai_library_loaded drops one that made no new
 * mapping. So the list holds only loads in progress, and the same file mapped again
 * later by other means (dlopen from native code) is not taken for a JNI library. */
typedef struct JniLib {
    struct JniLib *next;
    char *path;
    void *loader;
} JniLib;
static JniLib *jni_libs;

/* Code ranges where a thread must not be stopped (thread.c), and GlassVM's own. */
enum { MAX_UNSAFE = 24 };
typedef struct Range {
    uintptr_t lo, hi;
    NcaiCodeKind kind;
} Range;
static Range unsafe[MAX_UNSAFE];
static _Atomic int n_unsafe;
static Range refused[MAX_UNSAFE];
static _Atomic int n_refused;

static const char *base_name(const char *path)
{
    const char *b = strrchr(path, '/');
    return b != NULL ? b + 1 : path;
}

/* "libfoo.so.1" -> "foo" */
static char *module_name(const char *path)
{
    const char *b = base_name(path);
    if (strncmp(b, "lib", 3) == 0 && b[3] != 0) b += 3;
    char *n = strdup(b);
    if (n == NULL) return NULL;
    char *so = strstr(n, ".so");
    if (so != NULL && (so[3] == 0 || so[3] == '.')) *so = 0;
    return n;
}

static bool same_file(const char *a, const char *b)
{
    if (strcmp(a, b) == 0) return true;
    char *ra = realpath(a, NULL), *rb = realpath(b, NULL);
    bool same = ra != NULL && rb != NULL && strcmp(ra, rb) == 0;
    free(ra);
    free(rb);
    return same;
}

/* Under mod_lock: unlinks j (the caller frees it). */
static void jni_lib_unlink(JniLib *j)
{
    for (JniLib **p = &jni_libs; *p != NULL; p = &(*p)->next)
        if (*p == j) {
            *p = j->next;
            return;
        }
}

/* Under mod_lock. */
static JniLib *jni_lib_of(const char *path)
{
    for (JniLib *j = jni_libs; j != NULL; j = j->next)
        if (same_file(j->path, path)) return j;
    return NULL;
}

static ncaiModuleKind kind_of(NcaiModule *m, bool is_exe, bool jni)
{
    if (is_exe) return NCAI_MODULE_VM_INTERNAL;
    if (jni) return NCAI_MODULE_JNI_LIBRARY;
    uintptr_t self = (uintptr_t)&ncai_modules_init;
    for (int i = 0; i < m->nseg; i++)
        if (self >= (uintptr_t)m->seg[i].base && self < (uintptr_t)m->seg[i].base + m->seg[i].size)
            return NCAI_MODULE_VM_INTERNAL;
    static const char *const vm_names[] = {"java", "jli", "jimage"};
    for (size_t i = 0; i < sizeof vm_names / sizeof vm_names[0]; i++)
        if (strcmp(m->name, vm_names[i]) == 0) return NCAI_MODULE_VM_INTERNAL;
    return NCAI_MODULE_OTHER;
}

typedef struct SyncArg {
    char *exe;
} SyncArg;

static void sync_one(const OsModule *om, void *arg)
{
    SyncArg *s = arg;
    uintptr_t first = (uintptr_t)om->seg[0].base;
    for (NcaiModule *m = modules; m != NULL; m = m->next) {
        if (m->loaded && m->first == first && strcmp(m->path, om->path) == 0) {
            m->seen = true;
            return;
        }
    }
    NcaiModule *m = calloc(1, sizeof *m);
    if (m == NULL) return;
    m->magic = MODULE_MAGIC;
    m->path = strdup(om->path);
    m->name = module_name(om->path);
    if (m->path == NULL || m->name == NULL) {
        free(m->path);
        free(m->name);
        free(m);
        return;
    }
    m->first = first;
    m->nseg = om->nseg;
    memcpy(m->seg, om->seg, sizeof m->seg);
    bool is_exe = s->exe != NULL && strcmp(om->path, s->exe) == 0;
    JniLib *j = is_exe ? NULL : jni_lib_of(m->path);
    m->kind = kind_of(m, is_exe, j != NULL);
    if (j != NULL) { /* the record takes the entry over */
        m->loader = j->loader;
        jni_lib_unlink(j);
        free(j->path);
        free(j);
    }
    m->cxa_throw = os_module_symbol(om, "__cxa_throw");
    m->loaded = m->seen = true;
    m->next = modules;
    modules = m;
    m->load_pending = true;
    m->throw_pending = m->cxa_throw != 0;
}

/* Brings the table up to date; under mod_lock. New modules are marked load_pending,
 * unloaded ones unload_pending: whichever sync finds a change (GetAllLoadedModules on
 * another thread may come first), the events are posted by the next sync_and_post, in
 * the loading thread's own notification. */
static void sync_modules(void)
{
    SyncArg s;
    for (NcaiModule *m = modules; m != NULL; m = m->next) m->seen = false;
    s.exe = os_executable_path();
    os_modules_for_each(sync_one, &s);
    free(s.exe);
    for (NcaiModule *m = modules; m != NULL; m = m->next) {
        if (!m->loaded || m->seen) continue;
        m->loaded = false;
        m->unload_pending = true;
    }
}

/* Under sync_lock, without mod_lock: the internal breakpoints on the new modules'
 * __cxa_throw (Exception events). */
static void arm_throw_breakpoints(void)
{
    for (;;) {
        uintptr_t addr[32];
        int n = 0;
        os_mutex_lock(&mod_lock);
        for (NcaiModule *m = modules; m != NULL && n < 32; m = m->next) {
            if (!m->throw_pending) continue;
            m->throw_pending = false;
            if (m->loaded) addr[n++] = m->cxa_throw;
        }
        os_mutex_unlock(&mod_lock);
        if (n == 0) return;
        for (int i = 0; i < n; i++) ncai_exception_breakpoint(addr[i]);
    }
}

/* ------------------------------------------------------------------------------------ */
/* Events                                                                               */
/* ------------------------------------------------------------------------------------ */

typedef struct ModArg {
    ncaiThread thread;
    ncaiModule module;
} ModArg;

static void call_module(ncaiEnv *env, void *cb, void *arg)
{
    ModArg *a = arg;
    ((void(JNICALL *)(ncaiEnv *, ncaiThread, ncaiModule))cb)(env, a->thread, a->module);
}

static void post_module(NcaiThread *self, OsContext *ctx, ncaiEventKind ev, NcaiModule *m)
{
    ModArg a = {(ncaiThread)self, (ncaiModule)m};
    ncai_post(self, ctx, ev, call_module, &a);
}

/* Syncs and posts the pending events on the current thread (ctx: the signal context, or
 * NULL): ModuleUnload of what is gone, then ModuleLoad of what came (a module both
 * loaded and unloaded since the last post: its load, then its unload). */
static void sync_and_post(NcaiThread *self, OsContext *ctx)
{
    os_mutex_lock(&sync_lock);
    os_mutex_lock(&mod_lock);
    sync_modules();
    os_mutex_unlock(&mod_lock);
    arm_throw_breakpoints();
    os_mutex_unlock(&sync_lock);
    for (int pass = 0; pass < 2; pass++) {
        for (;;) {
            NcaiModule *batch[32];
            int n = 0;
            os_mutex_lock(&mod_lock);
            for (NcaiModule *m = modules; m != NULL && n < 32; m = m->next) {
                if (pass == 0 ? m->unload_pending && !m->load_pending : m->load_pending) {
                    batch[n++] = m;
                    if (pass == 0) m->unload_pending = false;
                    else m->load_pending = false;
                }
            }
            os_mutex_unlock(&mod_lock);
            if (n == 0) break;
            /* The table is newest first: post in load order. */
            for (int i = n - 1; i >= 0; i--) {
                if (pass == 0) {
                    post_module(self, ctx, NCAI_EVENT_MODULE_UNLOAD, batch[i]);
                    continue;
                }
                post_module(self, ctx, NCAI_EVENT_MODULE_LOAD, batch[i]);
                os_mutex_lock(&mod_lock);
                bool gone = batch[i]->unload_pending;
                batch[i]->unload_pending = false;
                os_mutex_unlock(&mod_lock);
                if (gone) post_module(self, ctx, NCAI_EVENT_MODULE_UNLOAD, batch[i]);
            }
        }
    }
}

void ncai_dynlink_notified(NcaiThread *self, OsContext *ctx)
{
    /* Only when the list is consistent (after RT_ADD/RT_DELETE's second report). */
    if (os_dynlink_state() != 0) return;
    sync_and_post(self, ctx);
}

/* The class loader of the Java code loading a library: the first frame outside the
 * library-loading machinery of java.base. */
typedef struct LoaderSearch {
    Object *loader;
} LoaderSearch;

static bool loader_frame(Frame *f, void *arg)
{
    const char *n = f->method->clazz->name;
    if (f->method->clazz->loader == NULL &&
        (strncmp(n, "java/lang/", 10) == 0 || strncmp(n, "jdk/internal/loader/", 20) == 0 ||
         strncmp(n, "java/security/", 14) == 0))
        return true;
    ((LoaderSearch *)arg)->loader = f->method->clazz->loader;
    return false;
}

void ncai_library_loading(const char *path)
{
    Thread *self;
    int prev = ncai_vm_enter(&self);
    LoaderSearch r = {NULL};
    if (prev >= 0) interp_walk_frames(self, loader_frame, &r);
    void *gref = r.loader != NULL ? ref_new_weak(r.loader) : NULL;
    if (prev >= 0) ncai_vm_leave(self, prev);
    JniLib *j = calloc(1, sizeof *j);
    if (j == NULL) return;
    j->path = strdup(path);
    j->loader = gref;
    if (j->path == NULL) {
        free(j);
        return;
    }
    os_mutex_lock(&mod_lock);
    j->next = jni_libs;
    jni_libs = j;
    os_mutex_unlock(&mod_lock);
}

void ncai_library_loaded(void *handle, const char *path)
{
    /* Normally the dynamic linker's notification posted it already. */
    if (handle != NULL) sync_and_post(ncai_thread_self(), NULL);
    /* An entry no new mapping took over: the load failed, or the file was mapped
     * already, and its module keeps its kind (an agent the program also loads with
     * System.load for its natives stays OTHER). */
    void *drop = NULL;
    os_mutex_lock(&mod_lock);
    JniLib *j = NULL;
    for (JniLib *k = jni_libs; k != NULL && j == NULL; k = k->next)
        if (strcmp(k->path, path) == 0) j = k;
    if (j != NULL) {
        jni_lib_unlink(j);
        drop = j->loader;
        free(j->path);
        free(j);
    }
    os_mutex_unlock(&mod_lock);
    if (drop != NULL) ref_delete_weak(drop);
}

/* ------------------------------------------------------------------------------------ */
/* Unsafe code ranges                                                                   */
/* ------------------------------------------------------------------------------------ */

static bool module_has(const OsModule *om, uintptr_t pc)
{
    for (int i = 0; i < om->nseg; i++)
        if (pc >= (uintptr_t)om->seg[i].base && pc < (uintptr_t)om->seg[i].base + om->seg[i].size) return true;
    return false;
}

/* arg: the global malloc when a library other than the C library defines it (a
 * preloaded allocator), else NULL. */
static void note_unsafe(const OsModule *om, void *arg)
{
    const char *b = base_name(om->path);
    bool vm = module_has(om, (uintptr_t)&ncai_modules_init);
    bool allocator = arg != NULL && !vm && module_has(om, (uintptr_t)arg);
    bool bad = vm || allocator || strncmp(b, "libc.so", 7) == 0 || strncmp(b, "ld-linux", 8) == 0 ||
               strncmp(b, "libunwind", 9) == 0 || strncmp(b, "libpthread", 10) == 0 ||
               strncmp(b, "libgcc_s", 8) == 0 || strncmp(b, "liblzma", 7) == 0;
    if (!bad) return;
    for (int i = 0; i < om->nseg; i++) {
        if (!om->seg[i].exec) continue;
        int k = atomic_load(&n_unsafe);
        if (k >= MAX_UNSAFE) return;
        unsafe[k].lo = (uintptr_t)om->seg[i].base;
        unsafe[k].hi = unsafe[k].lo + om->seg[i].size;
        unsafe[k].kind = vm ? NCAI_CODE_VM
                         : allocator ? NCAI_CODE_ALLOCATOR
                         : strncmp(b, "libunwind", 9) == 0 ? NCAI_CODE_UNWINDER : NCAI_CODE_SYSTEM;
        if (vm || strncmp(b, "ld-linux", 8) == 0 || strncmp(b, "libunwind", 9) == 0) {
            int r = atomic_load(&n_refused);
            refused[r] = unsafe[k];
            atomic_store(&n_refused, r + 1);
        }
        atomic_store(&n_unsafe, k + 1);
    }
}

bool ncai_in_unsafe_code(uintptr_t pc) { return ncai_code_kind(pc) != NCAI_CODE_OTHER; }

NcaiCodeKind ncai_code_kind(uintptr_t pc)
{
    int n = atomic_load(&n_unsafe);
    for (int i = 0; i < n; i++)
        if (pc >= unsafe[i].lo && pc < unsafe[i].hi) return unsafe[i].kind;
    return NCAI_CODE_OTHER;
}

/* C library functions the trap handling itself runs before it can tell that a trap is
 * the agent's own (errno, memory copies, the system calls of fault-safe access). */
static const char *const handler_functions[] = {
    "__errno_location", "memcpy", "memmove", "memset", "process_vm_readv", "process_vm_writev", "pwrite64", "syscall",
};
#define N_HANDLER_FUNCTIONS (sizeof handler_functions / sizeof handler_functions[0])
static uintptr_t handler_starts[2 * N_HANDLER_FUNCTIONS]; /* the global and libc's own */

bool ncai_breakpoint_refused(uintptr_t addr)
{
    int n = atomic_load(&n_refused);
    for (int i = 0; i < n; i++)
        if (addr >= refused[i].lo && addr < refused[i].hi) return true;
    uintptr_t start = os_function_start(addr);
    for (size_t i = 0; i < sizeof handler_starts / sizeof handler_starts[0]; i++)
        if (handler_starts[i] != 0 && (addr == handler_starts[i] || start == handler_starts[i])) return true;
    return false;
}

/* ------------------------------------------------------------------------------------ */
/* JNI libraries loaded before NCAI was enabled                                         */
/* ------------------------------------------------------------------------------------ */

/* The JDK keeps each class loader's JNI libraries in its field `libraries`
 * (jdk.internal.loader.NativeLibraries; the boot loader's is BootLoader.NATIVE_LIBS),
 * whose own `libraries` is a ConcurrentHashMap from each library's canonical path to its
 * record, entered once loaded and removed when unloaded. They are read in place, in
 * TS_JAVA and without allocating Java objects (so no safepoint comes: nothing is
 * collected or changed by the collector meanwhile); no Java code runs. A map being
 * resized (a forwarding node) may hide entries: harmless, the library is then OTHER. */
typedef struct LoaderList {
    Object **v;
    int n, cap;
} LoaderList;

static void collect_loader(Class *c, void *arg)
{
    LoaderList *l = arg;
    if (c->loader == NULL) return;
    for (int i = 0; i < l->n; i++)
        if (l->v[i] == c->loader) return;
    if (l->n == l->cap) {
        int cap = l->cap > 0 ? 2 * l->cap : 16;
        Object **v = realloc(l->v, (size_t)cap * sizeof *v);
        if (v == NULL) return;
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = c->loader;
}

typedef struct ChmFields {
    Class *chm, *tree_bin;
    const Field *table, *hash, *key, *next, *first;
} ChmFields;

/* Field `name` of c (or a superclass), if both names exist as symbols. */
static const Field *field_of(const Class *c, const char *name, const char *desc)
{
    const char *n = sym_lookup(name, strlen(name)), *d = sym_lookup(desc, strlen(desc));
    return c != NULL && n != NULL && d != NULL ? class_lookup_field(c, n, d) : NULL;
}

static Object *ref_field(Object *o, const Field *f) { return FIELD_GET(o, f->offset, Object *); }

/* Adds a JniLib for every key of the NativeLibraries object nl (loader: NULL = boot). */
static void add_libraries_of(Object *nl, const Field *nl_map, const ChmFields *k, Object *loader)
{
    Object *map = nl != NULL ? ref_field(nl, nl_map) : NULL;
    if (map == NULL || map->klass != k->chm) return;
    Array *table = (Array *)ref_field(map, k->table);
    if (table == NULL) return;
    Object **bins = array_data(table);
    for (int32_t i = 0; i < table->length; i++) {
        Object *n = bins[i];
        if (n != NULL && k->tree_bin != NULL && n->klass == k->tree_bin) n = ref_field(n, k->first);
        for (; n != NULL; n = ref_field(n, k->next)) {
            if (FIELD_GET(n, k->hash->offset, int32_t) < 0) break; /* a forwarding or reserved node */
            Object *key = ref_field(n, k->key);
            char *path = key != NULL ? str_to_mutf8(key) : NULL;
            if (path == NULL) continue;
            os_mutex_lock(&mod_lock);
            bool known = jni_lib_of(path) != NULL;
            os_mutex_unlock(&mod_lock);
            JniLib *j = known ? NULL : calloc(1, sizeof *j);
            if (j == NULL) {
                free(path);
                continue;
            }
            j->path = path;
            j->loader = loader != NULL ? ref_new_weak(loader) : NULL;
            os_mutex_lock(&mod_lock);
            j->next = jni_libs;
            jni_libs = j;
            os_mutex_unlock(&mod_lock);
        }
    }
}

static void jni_libs_before(void)
{
    jvmtiPhase phase = jvmti_get_phase();
    if (phase != JVMTI_PHASE_START && phase != JVMTI_PHASE_LIVE) return; /* no Java code ran before */
    Thread *self;
    int prev = ncai_vm_enter(&self);
    if (prev < 0) return;
    Class *cl = loader_find_loaded(NULL, "java/lang/ClassLoader");
    Class *nls = loader_find_loaded(NULL, "jdk/internal/loader/NativeLibraries");
    Class *boot = loader_find_loaded(NULL, "jdk/internal/loader/BootLoader");
    Class *node = loader_find_loaded(NULL, "java/util/concurrent/ConcurrentHashMap$Node");
    ChmFields k = {loader_find_loaded(NULL, "java/util/concurrent/ConcurrentHashMap"),
                   loader_find_loaded(NULL, "java/util/concurrent/ConcurrentHashMap$TreeBin")};
    const Field *cl_libs = field_of(cl, "libraries", "Ljdk/internal/loader/NativeLibraries;");
    const Field *nl_map = field_of(nls, "libraries", "Ljava/util/Map;");
    const Field *boot_libs = field_of(boot, "NATIVE_LIBS", "Ljdk/internal/loader/NativeLibraries;");
    if (k.chm != NULL && node != NULL) {
        k.table = field_of(k.chm, "table", "[Ljava/util/concurrent/ConcurrentHashMap$Node;");
        k.hash = field_of(node, "hash", "I");
        k.key = field_of(node, "key", "Ljava/lang/Object;");
        k.next = field_of(node, "next", "Ljava/util/concurrent/ConcurrentHashMap$Node;");
    }
    if (k.tree_bin != NULL)
        k.first = field_of(k.tree_bin, "first", "Ljava/util/concurrent/ConcurrentHashMap$TreeNode;");
    if (k.tree_bin != NULL && k.first == NULL) k.tree_bin = NULL;
    if (nl_map != NULL && k.table != NULL && k.hash != NULL && k.key != NULL && k.next != NULL) {
        if (boot_libs != NULL && boot->mirror != NULL)
            add_libraries_of(*(Object **)field_static_addr(boot_libs), nl_map, &k, NULL);
        LoaderList l = {0};
        if (cl_libs != NULL) loader_for_each_class(collect_loader, &l);
        for (int i = 0; i < l.n; i++) add_libraries_of(ref_field(l.v[i], cl_libs), nl_map, &k, l.v[i]);
        free(l.v);
    }
    ncai_vm_leave(self, prev);
}

void ncai_modules_init(void)
{
    os_mutex_init(&mod_lock);
    os_mutex_init(&sync_lock);
    for (size_t i = 0; i < 2 * N_HANDLER_FUNCTIONS; i++) {
        const char *name = handler_functions[i % N_HANDLER_FUNCTIONS];
        void *f = i < N_HANDLER_FUNCTIONS ? os_dlsym(NULL, name) : os_libc_symbol(name);
        handler_starts[i] = f != NULL ? os_function_start((uintptr_t)f) : 0;
        if (handler_starts[i] == 0) handler_starts[i] = (uintptr_t)f;
    }
    /* A preloaded allocator (LD_PRELOAD of ASan's runtime, jemalloc, tcmalloc) defines
     * the malloc the global namespace finds; its whole library is then allocator code
     * (thread.c never stops a thread in it). */
    void *global_malloc = os_dlsym(NULL, "malloc");
    void *libc_malloc = os_libc_symbol("malloc");
    os_modules_for_each(note_unsafe, global_malloc != NULL && libc_malloc != NULL && global_malloc != libc_malloc ? global_malloc : NULL);
    jni_libs_before();
    /* What is loaded already gets no ModuleLoad. */
    os_mutex_lock(&sync_lock);
    os_mutex_lock(&mod_lock);
    sync_modules();
    for (NcaiModule *m = modules; m != NULL; m = m->next) m->load_pending = false;
    os_mutex_unlock(&mod_lock);
    arm_throw_breakpoints();
    os_mutex_unlock(&sync_lock);
}

/* ------------------------------------------------------------------------------------ */
/* The functions                                                                        */
/* ------------------------------------------------------------------------------------ */

static NcaiModule *module_check(ncaiModule h)
{
    for (NcaiModule *m = modules; m != NULL; m = m->next)
        if ((ncaiModule)m == h) return m;
    return NULL;
}

/* NCAI: GetAllLoadedModules */
NCAI_FN(GetAllLoadedModules, jint *count_ptr, ncaiModule **modules_ptr)
{
    NCAI_ENV(e);
    (void)e;
    if (count_ptr == NULL || modules_ptr == NULL) return NCAI_ERROR_NULL_POINTER;
    os_mutex_lock(&sync_lock);
    os_mutex_lock(&mod_lock);
    sync_modules();
    int n = 0;
    for (NcaiModule *m = modules; m != NULL; m = m->next) n += m->loaded;
    ncaiModule *out = ncai_alloc(n > 0 ? (size_t)n * sizeof *out : 1);
    if (out != NULL) {
        /* In load order (the table is newest first). */
        int i = n;
        for (NcaiModule *m = modules; m != NULL; m = m->next)
            if (m->loaded) out[--i] = (ncaiModule)m;
    }
    os_mutex_unlock(&mod_lock);
    arm_throw_breakpoints();
    os_mutex_unlock(&sync_lock);
    if (out == NULL) return NCAI_ERROR_OUT_OF_MEMORY;
    *count_ptr = n;
    *modules_ptr = out;
    return NCAI_ERROR_NONE;
}

/* NCAI: GetModuleInfo. name, filename and segments are the agent's (JVMTI Deallocate). */
NCAI_FN(GetModuleInfo, ncaiModule module, ncaiModuleInfo *info_ptr)
{
    NCAI_ENV(e);
    (void)e;
    if (module == NULL || info_ptr == NULL) return NCAI_ERROR_NULL_POINTER;
    os_mutex_lock(&mod_lock);
    NcaiModule *m = module_check(module);
    if (m == NULL) {
        os_mutex_unlock(&mod_lock);
        return NCAI_ERROR_INVALID_MODULE;
    }
    char *name = ncai_strdup(m->name), *file = ncai_strdup(m->path);
    ncaiSegmentInfo *seg = ncai_alloc((size_t)m->nseg * sizeof *seg);
    if (name == NULL || file == NULL || seg == NULL) {
        os_mutex_unlock(&mod_lock);
        jvmti_free(name);
        jvmti_free(file);
        jvmti_free(seg);
        return NCAI_ERROR_OUT_OF_MEMORY;
    }
    for (int i = 0; i < m->nseg; i++) {
        seg[i].kind = m->seg[i].exec ? NCAI_SEGMENT_CODE : NCAI_SEGMENT_DATA;
        seg[i].base_address = m->seg[i].base;
        seg[i].size = m->seg[i].size;
    }
    info_ptr->kind = m->kind;
    info_ptr->name = name;
    info_ptr->filename = file;
    info_ptr->segments = seg;
    info_ptr->segment_count = (size_t)m->nseg;
    os_mutex_unlock(&mod_lock);
    return NCAI_ERROR_NONE;
}

/* NCAI: GetModuleClassLoader. Only for JNI libraries (INVALID_MODULE otherwise); NULL
 * for the boot loader. A local reference of the caller's current frame. A library whose
 * loader was collected (the JDK then unloads it): INVALID_MODULE, since there is no
 * loader left to return and NULL would name the boot loader. */
NCAI_FN(GetModuleClassLoader, ncaiModule module, jobject *classloader_ptr)
{
    NCAI_ENV(e);
    (void)e;
    if (module == NULL || classloader_ptr == NULL) return NCAI_ERROR_NULL_POINTER;
    os_mutex_lock(&mod_lock);
    NcaiModule *m = module_check(module);
    bool ok = m != NULL && m->kind == NCAI_MODULE_JNI_LIBRARY;
    void *gref = ok ? m->loader : NULL;
    os_mutex_unlock(&mod_lock);
    if (!ok) return NCAI_ERROR_INVALID_MODULE;
    Thread *self;
    int prev = ncai_vm_enter(&self);
    if (prev < 0) return NCAI_ERROR_UNATTACHED_THREAD;
    Object *loader = gref != NULL ? ref_get(gref) : NULL;
    if (gref != NULL && loader == NULL) {
        ncai_vm_leave(self, prev);
        return NCAI_ERROR_INVALID_MODULE;
    }
    *classloader_ptr = loader != NULL ? ref_new_local(self, loader) : NULL;
    ncai_vm_leave(self, prev);
    return NCAI_ERROR_NONE;
}
