/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * ModuleRace: ModuleLoad and ModuleUnload are posted for every dlopen/dlclose even while
 * another thread lists the modules (GetAllLoadedModules) at the same time: 300 loads and
 * unloads of libncaiplugin.so give 300 of each, on the loading thread, and the listing
 * thread never sees a handle it cannot describe.
 */
#include "ncai_test.h"

static ncaiEnv *ncai;
static volatile int stop;
static int loads, unloads, wrong_thread, bad_info;
static ncaiThread main_thread;

static int is_plugin(ncaiEnv *env, ncaiModule module)
{
    ncaiModuleInfo mi;
    return (*env)->GetModuleInfo(env, module, &mi) == NCAI_ERROR_NONE && strcmp(mi.name, "ncaiplugin") == 0;
}

static void JNICALL on_load(ncaiEnv *env, ncaiThread thread, ncaiModule module)
{
    if (!is_plugin(env, module)) return;
    loads++;
    wrong_thread += thread != main_thread;
}

static void JNICALL on_unload(ncaiEnv *env, ncaiThread thread, ncaiModule module)
{
    if (!is_plugin(env, module)) return;
    unloads++;
    wrong_thread += thread != main_thread;
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

/* The ncaiThread of the caller: the one GetAllThreads lists with its Java thread. */
static ncaiThread current(JNIEnv *jni)
{
    jthread me = NULL;
    jvmtiEnv *jvmti = NULL;
    JavaVM *vm = NULL;
    (*jni)->GetJavaVM(jni, &vm);
    (*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_11);
    (*jvmti)->GetCurrentThread(jvmti, &me);
    jint n = 0;
    ncaiThread *ts = NULL;
    (*ncai)->GetAllThreads(ncai, &n, &ts);
    for (jint i = 0; i < n; i++) {
        jthread o = NULL;
        if ((*ncai)->GetThreadObject(ncai, ts[i], &o) == NCAI_ERROR_NONE && o != NULL && (*jni)->IsSameObject(jni, o, me))
            return ts[i];
    }
    return NULL;
}

JNIEXPORT void JNICALL Java_Main_listModules(JNIEnv *jni, jclass c)
{
    while (!stop) {
        jint n = 0;
        ncaiModule *mods = NULL;
        if ((*ncai)->GetAllLoadedModules(ncai, &n, &mods) != NCAI_ERROR_NONE) continue;
        for (jint i = 0; i < n; i++) {
            ncaiModuleInfo mi;
            if ((*ncai)->GetModuleInfo(ncai, mods[i], &mi) != NCAI_ERROR_NONE) bad_info++;
        }
    }
}

JNIEXPORT void JNICALL Java_Main_stopListing(JNIEnv *jni, jclass c) { stop = 1; }

JNIEXPORT void JNICALL Java_Main_report(JNIEnv *jni, jclass c)
{
    say("ModuleLoad ncaiplugin: %d", loads);
    say("ModuleUnload ncaiplugin: %d", unloads);
    say("events on another thread than the loading one: %d", wrong_thread);
    say("GetModuleInfo failures while listing: %d", bad_info);
}

/* The loading thread (main), named before the loop. */
JNIEXPORT void JNICALL Java_Main_init(JNIEnv *jni, jclass c) { main_thread = current(jni); }
