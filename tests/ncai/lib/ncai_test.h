/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * ncai_test.h — helpers for the agents of tests/ncai (header-only). The agents print
 * facts the program knows about its own native code (offsets within its functions,
 * call depths, values), never raw addresses, so the expected files are hand-written.
 * Every line is flushed at once (the agent and Java share stdout).
 */
#ifndef GLASS_NCAI_TEST_H
#define GLASS_NCAI_TEST_H

#define _GNU_SOURCE
#include <dlfcn.h>
#include <jvmti.h>
#include <ncai.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2), unused));
static void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
}

/* The name of an NCAI error, without asking the VM. */
static const char *nerr(ncaiError e) __attribute__((unused));
static const char *nerr(ncaiError e)
{
    static char buf[32];
    switch ((int)e) {
#define E(n) case NCAI_ERROR_##n: return #n;
    E(NONE) E(INVALID_THREAD) E(THREAD_NOT_SUSPENDED) E(THREAD_SUSPENDED) E(THREAD_NOT_ALIVE)
    E(INVALID_METHOD) E(INVALID_LOCATION) E(DUPLICATE) E(NOT_FOUND) E(NOT_AVAILABLE)
    E(MUST_POSSESS_CAPABILITY) E(NULL_POINTER) E(ILLEGAL_ARGUMENT) E(OUT_OF_MEMORY) E(ACCESS_DENIED)
    E(INTERNAL) E(UNATTACHED_THREAD) E(INVALID_ENVIRONMENT) E(INTERPRETER_USED) E(NOT_COMPILED)
    E(INVALID_ADDRESS) E(INVALID_MODULE)
#undef E
    default: snprintf(buf, sizeof buf, "error %d", (int)e); return buf;
    }
}

static void ncheck(const char *what, ncaiError e) __attribute__((unused));
static void ncheck(const char *what, ncaiError e) { say("%s: %s", what, nerr(e)); }

/* The NCAI environment of jvmti through the extension function, or NULL. */
static ncaiEnv *get_ncai(jvmtiEnv *jvmti) __attribute__((unused));
static ncaiEnv *get_ncai(jvmtiEnv *jvmti)
{
    jint n = 0;
    jvmtiExtensionFunctionInfo *f = NULL;
    if ((*jvmti)->GetExtensionFunctions(jvmti, &n, &f) != JVMTI_ERROR_NONE) return NULL;
    jvmtiExtensionFunction fn = NULL;
    for (jint i = 0; i < n; i++) {
        if (strcmp(f[i].id, "org.apache.harmony.vm.GetExtensionEnv") == 0) fn = f[i].func;
        (*jvmti)->Deallocate(jvmti, (unsigned char *)f[i].id);
        (*jvmti)->Deallocate(jvmti, (unsigned char *)f[i].short_description);
        for (jint j = 0; j < f[i].param_count; j++) (*jvmti)->Deallocate(jvmti, (unsigned char *)f[i].params[j].name);
        (*jvmti)->Deallocate(jvmti, (unsigned char *)f[i].params);
        (*jvmti)->Deallocate(jvmti, (unsigned char *)f[i].errors);
    }
    (*jvmti)->Deallocate(jvmti, (unsigned char *)f);
    ncaiEnv *ncai = NULL;
    if (fn == NULL || fn(jvmti, (void **)&ncai, NCAI_VERSION_1_0) != JVMTI_ERROR_NONE) return NULL;
    return ncai;
}

static jvmtiEnv *new_jvmti(JavaVM *vm) __attribute__((unused));
static jvmtiEnv *new_jvmti(JavaVM *vm)
{
    jvmtiEnv *e = NULL;
    if ((*vm)->GetEnv(vm, (void **)&e, JVMTI_VERSION_11) != JNI_OK) return NULL;
    return e;
}

/* The module named `name` (GetModuleInfo's name), with its info in *info (the caller
 * frees nothing: the strings leak, which is fine in a test). */
static ncaiModule find_module(ncaiEnv *ncai, const char *name, ncaiModuleInfo *info) __attribute__((unused));
static ncaiModule find_module(ncaiEnv *ncai, const char *name, ncaiModuleInfo *info)
{
    jint n = 0;
    ncaiModule *mods = NULL;
    if ((*ncai)->GetAllLoadedModules(ncai, &n, &mods) != NCAI_ERROR_NONE) return NULL;
    ncaiModule found = NULL;
    for (jint i = 0; i < n && found == NULL; i++) {
        ncaiModuleInfo mi;
        if ((*ncai)->GetModuleInfo(ncai, mods[i], &mi) != NCAI_ERROR_NONE) continue;
        if (strcmp(mi.name, name) == 0) {
            found = mods[i];
            if (info != NULL) *info = mi;
        }
    }
    return found;
}

/* The address of symbol sym of the loaded test library ncainative, or NULL. */
static void *lib_sym(ncaiEnv *ncai, const char *sym) __attribute__((unused));
static void *lib_sym(ncaiEnv *ncai, const char *sym)
{
    static void *h;
    if (h == NULL) {
        ncaiModuleInfo mi;
        if (find_module(ncai, "ncainative", &mi) == NULL) return NULL;
        h = dlopen(mi.filename, RTLD_NOLOAD | RTLD_LAZY);
        if (h == NULL) return NULL;
    }
    return dlsym(h, sym);
}

/* The name of the test library's exported function containing pc, or NULL. */
static const char *lib_func(void *pc) __attribute__((unused));
static const char *lib_func(void *pc)
{
    Dl_info di;
    if (dladdr(pc, &di) == 0 || di.dli_fname == NULL || strstr(di.dli_fname, "libncainative.so") == NULL) return NULL;
    return di.dli_sname;
}

#endif
