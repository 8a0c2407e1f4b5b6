/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * LoaderUnload: a JNI library loaded by a class loader the program then drops.
 * GetModuleClassLoader answers that loader while it lives, but NCAI must not keep it
 * alive: the loader is collected, the JDK unloads the library (ModuleUnload), and
 * GetModuleClassLoader then answers INVALID_MODULE (there is no loader to return, and
 * NULL would name the bootstrap loader). The same file opened again later with dlopen
 * from native code is a module of kind OTHER (no longer taken for a JNI library).
 */
#include "ncai_test.h"

static ncaiEnv *ncai;
static ncaiModule holder;
static char *holder_file;
static volatile int unloaded;

static const char *kind_name(ncaiModuleKind k)
{
    return k == NCAI_MODULE_JNI_LIBRARY ? "JNI_LIBRARY" : k == NCAI_MODULE_VM_INTERNAL ? "VM_INTERNAL" : "OTHER";
}

static void JNICALL on_load(ncaiEnv *env, ncaiThread thread, ncaiModule module)
{
    ncaiModuleInfo mi;
    if ((*env)->GetModuleInfo(env, module, &mi) != NCAI_ERROR_NONE || strcmp(mi.name, "ncaiholder") != 0) return;
    say("ModuleLoad ncaiholder kind %s", kind_name(mi.kind));
    if (holder != NULL) return;
    holder = module;
    holder_file = strdup(mi.filename);
}

static void JNICALL on_unload(ncaiEnv *env, ncaiThread thread, ncaiModule module)
{
    ncaiModuleInfo mi;
    if ((*env)->GetModuleInfo(env, module, &mi) != NCAI_ERROR_NONE || strcmp(mi.name, "ncaiholder") != 0) return;
    say("ModuleUnload ncaiholder");
    if (module == holder) unloaded = 1;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmtiEnv *jvmti = new_jvmti(vm);
    ncai = get_ncai(jvmti);
    ncaiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ModuleLoad = on_load;
    cb.ModuleUnload = on_unload;
    (*ncai)->SetEventCallbacks(ncai, &cb, sizeof cb);
    (*ncai)->SetEventNotificationMode(ncai, NCAI_ENABLE, NCAI_EVENT_MODULE_LOAD, NULL);
    (*ncai)->SetEventNotificationMode(ncai, NCAI_ENABLE, NCAI_EVENT_MODULE_UNLOAD, NULL);
    return 0;
}

JNIEXPORT void JNICALL Java_Main_checkLoader(JNIEnv *jni, jclass c, jobject expected)
{
    jobject loader = NULL;
    ncaiError e = (*ncai)->GetModuleClassLoader(ncai, holder, &loader);
    say("GetModuleClassLoader(ncaiholder): %s", nerr(e));
    if (expected != NULL)
        say("  the loader that loaded it: %s", (*jni)->IsSameObject(jni, loader, expected) ? "yes" : "no");
    if (loader != NULL) (*jni)->DeleteLocalRef(jni, loader);
}

JNIEXPORT jboolean JNICALL Java_Main_unloaded(JNIEnv *jni, jclass c) { return unloaded != 0; }

JNIEXPORT void JNICALL Java_Main_reopen(JNIEnv *jni, jclass c)
{
    void *h = holder_file != NULL ? dlopen(holder_file, RTLD_NOW | RTLD_LOCAL) : NULL;
    say("dlopen(libncaiholder.so) from native code: %s", h != NULL ? "done" : "failed");
    if (h != NULL) dlclose(h);
}
