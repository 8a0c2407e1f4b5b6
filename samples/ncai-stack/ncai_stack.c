/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * ncai_stack.c — a sample NCAI agent: on a data dump request (SIGQUIT, or
 * `jcmd PID JVMTI.data_dump`) it prints the mixed Java/native stack of every thread,
 * native frames named from the modules' ELF symbol tables (.symtab, else .dynsym), Java
 * frames as Class.method(signature) and bytecode index.
 *
 *   cc -shared -fPIC -I<glassvm>/include -I$JAVA_HOME/include -I$JAVA_HOME/include/linux \
 *      -o libncai_stack.so ncai_stack.c
 *   java -agentpath:./libncai_stack.so[=options] ...
 *   jcmd PID JVMTI.agent_load ./libncai_stack.so ['"options"']  (into a running VM; the
 *      quotes keep jcmd's parser from ending the argument at '=')
 *
 * Options, comma-separated:
 *   thread=NAME   only the thread named NAME
 *   module=NAME   native frames of other modules are folded into "..." lines
 *   stable        no frame numbers and no +0x offsets: output that does not change
 *                 with the VM's or the C library's build (for tests)
 *
 * How it works: DataDumpRequest comes on the thread that took the request (the Signal
 * Dispatcher or the Attach Listener); for every other thread NCAI SuspendThread stops it
 * wherever it is, GetStackTrace returns its native frames (unwound with DWARF CFI) with
 * the Java frames inserted where the interpreter runs them, and ResumeThread lets it go.
 * A native frame's module is the one whose code segment holds its pc (GetAllLoadedModules,
 * GetModuleInfo); its symbol comes from that module's file.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <fcntl.h>
#include <jvmti.h>
#include <ncai.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static jvmtiEnv *jvmti;
static ncaiEnv *ncai;
static char opt_thread[128], opt_module[128];
static int opt_stable;

/* ---- ELF symbol tables ---- */

typedef struct Symtab {
    char path[512];
    const Elf64_Sym *syms;
    size_t nsyms;
    const char *strs;
    uint64_t first_vaddr; /* of the first PT_LOAD: run-time base minus this = bias */
} Symtab;

static Symtab tabs[128];
static int ntabs;

static Symtab *symtab_of(const char *path)
{
    for (int i = 0; i < ntabs; i++)
        if (strcmp(tabs[i].path, path) == 0) return &tabs[i];
    if (ntabs == 128) return NULL;
    Symtab *t = &tabs[ntabs++];
    memset(t, 0, sizeof *t);
    snprintf(t->path, sizeof t->path, "%s", path);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || st.st_size < (off_t)sizeof(Elf64_Ehdr)) {
        if (fd >= 0) close(fd);
        return t;
    }
    const unsigned char *f = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (f == MAP_FAILED) return t;
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)f;
    if (memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_ident[EI_CLASS] != ELFCLASS64) return t;
    const Elf64_Phdr *ph = (const Elf64_Phdr *)(f + eh->e_phoff);
    for (int i = 0; i < eh->e_phnum; i++)
        if (ph[i].p_type == PT_LOAD) {
            t->first_vaddr = ph[i].p_vaddr;
            break;
        }
    const Elf64_Shdr *sh = (const Elf64_Shdr *)(f + eh->e_shoff);
    const Elf64_Shdr *best = NULL;
    for (int i = 0; i < eh->e_shnum; i++) {
        if (sh[i].sh_type == SHT_SYMTAB) best = &sh[i];
        if (sh[i].sh_type == SHT_DYNSYM && best == NULL) best = &sh[i];
    }
    if (best == NULL || best->sh_link >= eh->e_shnum) return t;
    t->syms = (const Elf64_Sym *)(f + best->sh_offset);
    t->nsyms = best->sh_size / sizeof(Elf64_Sym);
    t->strs = (const char *)(f + sh[best->sh_link].sh_offset);
    return t;
}

/* The function symbol of the file containing the ELF address a (its start in *start). */
static const char *symbol_at(Symtab *t, uint64_t a, uint64_t *start)
{
    const Elf64_Sym *hit = NULL;
    for (size_t i = 0; t != NULL && i < t->nsyms; i++) {
        const Elf64_Sym *s = &t->syms[i];
        if (ELF64_ST_TYPE(s->st_info) != STT_FUNC || s->st_value == 0) continue;
        if (a >= s->st_value && (a < s->st_value + s->st_size || (s->st_size == 0 && a == s->st_value)) &&
            (hit == NULL || s->st_value > hit->st_value))
            hit = s;
    }
    if (hit == NULL) return NULL;
    *start = hit->st_value;
    return t->strs + hit->st_name;
}

/* ---- modules ---- */

typedef struct Mod {
    ncaiModuleInfo info;
} Mod;

static Mod *mods;
static jint nmods;

static void load_modules(void)
{
    ncaiModule *list = NULL;
    jint n = 0;
    if ((*ncai)->GetAllLoadedModules(ncai, &n, &list) != NCAI_ERROR_NONE) return;
    mods = calloc((size_t)n, sizeof *mods);
    nmods = 0;
    for (jint i = 0; i < n && mods != NULL; i++)
        if ((*ncai)->GetModuleInfo(ncai, list[i], &mods[nmods].info) == NCAI_ERROR_NONE) nmods++;
    (*jvmti)->Deallocate(jvmti, (unsigned char *)list);
}

static void free_modules(void)
{
    for (jint i = 0; i < nmods; i++) {
        (*jvmti)->Deallocate(jvmti, (unsigned char *)mods[i].info.name);
        (*jvmti)->Deallocate(jvmti, (unsigned char *)mods[i].info.filename);
        (*jvmti)->Deallocate(jvmti, (unsigned char *)mods[i].info.segments);
    }
    free(mods);
    mods = NULL;
    nmods = 0;
}

static Mod *module_of(void *pc)
{
    for (jint i = 0; i < nmods; i++)
        for (size_t k = 0; k < mods[i].info.segment_count; k++) {
            ncaiSegmentInfo *s = &mods[i].info.segments[k];
            if (s->kind == NCAI_SEGMENT_CODE && (char *)pc >= (char *)s->base_address &&
                (char *)pc < (char *)s->base_address + s->size)
                return &mods[i];
        }
    return NULL;
}

/* ---- printing ---- */

static void java_frame(FILE *out, int i, jmethodID m, jlocation loc, jint depth)
{
    char *name = NULL, *sig = NULL, *cname = NULL;
    jclass k = NULL;
    (*jvmti)->GetMethodName(jvmti, m, &name, &sig, NULL);
    (*jvmti)->GetMethodDeclaringClass(jvmti, m, &k);
    if (k != NULL) (*jvmti)->GetClassSignature(jvmti, k, &cname, NULL);
    /* "LNative;" -> "Native" */
    char cls[256] = "?";
    if (cname != NULL) {
        snprintf(cls, sizeof cls, "%s", cname + 1);
        size_t n = strlen(cls);
        if (n > 0 && cls[n - 1] == ';') cls[n - 1] = 0;
        for (char *p = cls; *p; p++)
            if (*p == '/') *p = '.';
    }
    char num[16] = "";
    if (!opt_stable) snprintf(num, sizeof num, "#%-3d ", i);
    if (loc >= 0) fprintf(out, "  %sjava   %s.%s%s bci %d [depth %d]\n", num, cls, name, sig, (int)loc, (int)depth);
    else fprintf(out, "  %sjava   %s.%s%s (native method) [depth %d]\n", num, cls, name, sig, (int)depth);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)name);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)sig);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)cname);
}

static void print_stack(FILE *out, ncaiThread t)
{
    enum { MAX = 256 };
    ncaiFrameInfo *fr = calloc(MAX, sizeof *fr);
    jint n = 0;
    ncaiError err = fr != NULL ? (*ncai)->GetStackTrace(ncai, t, MAX, fr, &n) : NCAI_ERROR_OUT_OF_MEMORY;
    if (err != NCAI_ERROR_NONE) {
        fprintf(out, "  (no stack: NCAI error %d)\n", (int)err);
        free(fr);
        return;
    }
    int folded = 0;
    for (jint i = 0; i < n; i++) {
        void *pc = fr[i].pc_address;
        Mod *mod = module_of(pc);
        jmethodID m = NULL;
        jlocation loc = -1;
        /* Java frames: a bytecode address (in no module), or a native method's function
         * (a Java depth, and NCAI maps it back to the method with no bytecode index). */
        if (fr[i].java_frame_depth >= 0 && (*ncai)->GetBytecodeLocation(ncai, pc, &m, &loc) == NCAI_ERROR_NONE &&
            (mod == NULL || loc == -1)) {
            if (folded) fprintf(out, "  ...\n");
            folded = 0;
            java_frame(out, (int)i, m, loc, fr[i].java_frame_depth);
            continue;
        }
        if (opt_module[0] && (mod == NULL || strcmp(mod->info.name, opt_module) != 0)) {
            folded = 1;
            continue;
        }
        if (folded) fprintf(out, "  ...\n");
        folded = 0;
        uint64_t start = 0;
        const char *sym = NULL;
        if (mod != NULL) {
            Symtab *st = symtab_of(mod->info.filename);
            uint64_t bias = st != NULL ? (uint64_t)(uintptr_t)mod->info.segments[0].base_address - st->first_vaddr : 0;
            sym = symbol_at(st, (uint64_t)(uintptr_t)pc - bias, &start);
            if (sym != NULL) start += bias;
        }
        char num[16] = "";
        if (!opt_stable) snprintf(num, sizeof num, "#%-3d ", (int)i);
        if (sym != NULL && !opt_stable)
            fprintf(out, "  %snative %s!%s+0x%lx\n", num, mod->info.name, sym, (unsigned long)((uintptr_t)pc - start));
        else if (sym != NULL)
            fprintf(out, "  %snative %s!%s\n", num, mod->info.name, sym);
        else if (mod != NULL)
            fprintf(out, "  %snative %s!?\n", num, mod->info.name);
        else
            fprintf(out, "  %snative ?\n", num);
    }
    if (folded) fprintf(out, "  ...\n");
    free(fr);
}

#ifdef NCAI_STACK_DONE_HOOK
void NCAI_STACK_DONE_HOOK(void);
#endif

static void JNICALL data_dump(jvmtiEnv *env)
{
    (void)env;
    FILE *out = stdout;
    load_modules();
    jint n = 0;
    ncaiThread *ts = NULL;
    (*ncai)->GetAllThreads(ncai, &n, &ts);
    fprintf(out, "NCAI mixed stacks\n");
    jthread cur = NULL;
    (*jvmti)->GetCurrentThread(jvmti, &cur);
    ncaiThread self = NULL;
    if (cur != NULL) (*ncai)->GetThreadHandle(ncai, cur, &self);
    for (jint i = 0; i < n; i++) {
        ncaiThreadInfo ti;
        if ((*ncai)->GetThreadInfo(ncai, ts[i], &ti) != NCAI_ERROR_NONE) continue;
        if (opt_thread[0] && strcmp(opt_thread, ti.name) != 0) {
            (*jvmti)->Deallocate(jvmti, (unsigned char *)ti.name);
            continue;
        }
        const char *kind = ti.kind == NCAI_THREAD_JAVA ? "java" : ti.kind == NCAI_THREAD_VM_INTERNAL ? "vm" : "other";
        fprintf(out, "\"%s\" (%s)\n", ti.name, kind);
        if (ts[i] == self) {
            fprintf(out, "  (the thread taking the dump request)\n");
        } else if ((*ncai)->SuspendThread(ncai, ts[i]) == NCAI_ERROR_NONE) {
            print_stack(out, ts[i]);
            (*ncai)->ResumeThread(ncai, ts[i]);
        } else {
            fprintf(out, "  (could not be suspended)\n");
        }
        (*jvmti)->Deallocate(jvmti, (unsigned char *)ti.name);
    }
    fprintf(out, "end of NCAI mixed stacks\n");
    fflush(out);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)ts);
    free_modules();
#ifdef NCAI_STACK_DONE_HOOK
    NCAI_STACK_DONE_HOOK();
#endif
}

static void parse_options(const char *o)
{
    while (o != NULL && *o) {
        const char *end = strchr(o, ',');
        size_t len = end != NULL ? (size_t)(end - o) : strlen(o);
        if (len > 7 && strncmp(o, "thread=", 7) == 0) snprintf(opt_thread, sizeof opt_thread, "%.*s", (int)len - 7, o + 7);
        else if (len > 7 && strncmp(o, "module=", 7) == 0) snprintf(opt_module, sizeof opt_module, "%.*s", (int)len - 7, o + 7);
        else if (len == 6 && strncmp(o, "stable", 6) == 0) opt_stable = 1;
        o = end != NULL ? end + 1 : NULL;
    }
}

static ncaiEnv *ncai_of(jvmtiEnv *j)
{
    jint n = 0;
    jvmtiExtensionFunctionInfo *f = NULL;
    ncaiEnv *e = NULL;
    if ((*j)->GetExtensionFunctions(j, &n, &f) != JVMTI_ERROR_NONE) return NULL;
    for (jint i = 0; i < n; i++)
        if (strcmp(f[i].id, "org.apache.harmony.vm.GetExtensionEnv") == 0)
            f[i].func(j, (void **)&e, NCAI_VERSION_1_0);
    return e; /* (the extension records are left to the process: a sample) */
}

static jint start(JavaVM *vm, char *options);

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    (void)reserved;
    return start(vm, options);
}

/* Loaded into a running VM: `jcmd PID JVMTI.agent_load /path/libncai_stack.so options`. */
JNIEXPORT jint JNICALL Agent_OnAttach(JavaVM *vm, char *options, void *reserved)
{
    (void)reserved;
    return start(vm, options);
}

static jint start(JavaVM *vm, char *options)
{
    parse_options(options);
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_1_2) != JNI_OK) return 1;
    ncai = ncai_of(jvmti);
    if (ncai == NULL) {
        fprintf(stderr, "ncai_stack: this VM has no NCAI (org.apache.harmony.vm.GetExtensionEnv)\n");
        return 1;
    }
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.DataDumpRequest = data_dump;
    (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_DATA_DUMP_REQUEST, NULL);
    return 0;
}
