/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Modules: GetAllLoadedModules / GetModuleInfo (names, kinds, code and data segments
 * holding the library's own function and global), GetModuleClassLoader (the loader of
 * the class that called System.loadLibrary), their error paths, and ModuleLoad /
 * ModuleUnload for System.loadLibrary and for dlopen/dlclose from native code.
 */
#include "ncai_test.h"

static jvmtiEnv *jvmti;
static ncaiEnv *ncai;

static const char *kind_name(ncaiModuleKind k)
{
    return k == NCAI_MODULE_JNI_LIBRARY ? "JNI_LIBRARY" : k == NCAI_MODULE_VM_INTERNAL ? "VM_INTERNAL" : "OTHER";
}

static const char *thread_name(ncaiThread t)
{
    static char buf[64];
    ncaiThreadInfo ti;
    if ((*ncai)->GetThreadInfo(ncai, t, &ti) != NCAI_ERROR_NONE) return "?";
    snprintf(buf, sizeof buf, "%s", ti.name);
    return buf;
}

static void JNICALL on_load(ncaiEnv *env, ncaiThread thread, ncaiModule module)
{
    ncaiModuleInfo mi;
    if ((*env)->GetModuleInfo(env, module, &mi) != NCAI_ERROR_NONE) {
        say("ModuleLoad: GetModuleInfo failed");
        return;
    }
    if (strcmp(mi.name, "ncainative") == 0 || strcmp(mi.name, "ncaiplugin") == 0)
        say("ModuleLoad %s kind %s on %s", mi.name, kind_name(mi.kind), thread_name(thread));
    if (strcmp(mi.name, "ncainative") != 0) return;
    /* The loading thread's own mixed stack, in the callback (from the dynamic linker's
     * notification breakpoint): Native's static initializer (System.loadLibrary) and
     * main below it; its registers, those of the trap, can be read and set. */
    ncaiFrameInfo fr[128];
    jint n = 0;
    ncheck("  GetStackTrace(the loading thread)", (*env)->GetStackTrace(env, thread, 128, fr, &n));
    int clinit = -1, main = -1;
    for (jint i = 0; i < n; i++) {
        jmethodID m = NULL;
        jlocation l;
        Dl_info di;
        if (fr[i].java_frame_depth < 0 || dladdr(fr[i].pc_address, &di) != 0) continue;
        if ((*env)->GetBytecodeLocation(env, fr[i].pc_address, &m, &l) != NCAI_ERROR_NONE) continue;
        char *name = NULL;
        (*jvmti)->GetMethodName(jvmti, m, &name, NULL, NULL);
        if (strcmp(name, "<clinit>") == 0 && clinit < 0) clinit = i;
        if (strcmp(name, "main") == 0) main = i;
        (*jvmti)->Deallocate(jvmti, (unsigned char *)name);
    }
    say("  Java frames <clinit> then main below it: %s", clinit >= 0 && main > clinit ? "yes" : "no");
    void *rsp = NULL;
    ncheck("  GetRegisterValue(rsp)", (*env)->GetRegisterValue(env, thread, 4, &rsp));
    ncheck("  SetRegisterValue(rsp)", (*env)->SetRegisterValue(env, thread, 4, &rsp));
}

static void JNICALL on_unload(ncaiEnv *env, ncaiThread thread, ncaiModule module)
{
    ncaiModuleInfo mi;
    if ((*env)->GetModuleInfo(env, module, &mi) != NCAI_ERROR_NONE) {
        say("ModuleUnload: GetModuleInfo failed");
        return;
    }
    if (strcmp(mi.name, "ncainative") == 0 || strcmp(mi.name, "ncaiplugin") == 0)
        say("ModuleUnload %s on %s", mi.name, thread_name(thread));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmti = new_jvmti(vm);
    ncai = get_ncai(jvmti);
    ncaiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ModuleLoad = on_load;
    cb.ModuleUnload = on_unload;
    ncheck("SetEventCallbacks", (*ncai)->SetEventCallbacks(ncai, &cb, sizeof cb));
    ncheck("enable ModuleLoad", (*ncai)->SetEventNotificationMode(ncai, NCAI_ENABLE, NCAI_EVENT_MODULE_LOAD, NULL));
    ncheck("enable ModuleUnload", (*ncai)->SetEventNotificationMode(ncai, NCAI_ENABLE, NCAI_EVENT_MODULE_UNLOAD, NULL));
    return 0;
}

static int in_segment(const ncaiModuleInfo *mi, void *p, ncaiSegmentKind kind)
{
    for (size_t i = 0; i < mi->segment_count; i++)
        if (mi->segments[i].kind == kind && (char *)p >= (char *)mi->segments[i].base_address &&
            (char *)p < (char *)mi->segments[i].base_address + mi->segments[i].size)
            return 1;
    return 0;
}

JNIEXPORT void JNICALL Java_Main_checkModules(JNIEnv *jni, jclass c, jobject app_loader)
{
    static const char *names[] = {"jvm", "c", "agent", "ncainative", "java", "jimage"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        ncaiModuleInfo mi;
        if (find_module(ncai, names[i], &mi) == NULL) {
            say("module %s: not found", names[i]);
            continue;
        }
        int code = 0, data = 0;
        for (size_t k = 0; k < mi.segment_count; k++) {
            code |= mi.segments[k].kind == NCAI_SEGMENT_CODE;
            data |= mi.segments[k].kind == NCAI_SEGMENT_DATA;
        }
        say("module %s kind %s code %s data %s", names[i], kind_name(mi.kind), code ? "yes" : "no", data ? "yes" : "no");
    }
    ncaiModuleInfo mi;
    ncaiModule nat = find_module(ncai, "ncainative", &mi);
    const char *slash = strrchr(mi.filename, '/');
    say("ncainative filename ends with /libncainative.so: %s", slash && strcmp(slash, "/libncainative.so") == 0 ? "yes" : "no");
    say("Java_Native_spin in a code segment: %s", in_segment(&mi, lib_sym(ncai, "Java_Native_spin"), NCAI_SEGMENT_CODE) ? "yes" : "no");
    say("ncai_watched in a data segment: %s", in_segment(&mi, lib_sym(ncai, "ncai_watched"), NCAI_SEGMENT_DATA) ? "yes" : "no");
    jobject loader = NULL;
    ncheck("GetModuleClassLoader(ncainative)", (*ncai)->GetModuleClassLoader(ncai, nat, &loader));
    say("its loader is the application class loader: %s", (*jni)->IsSameObject(jni, loader, app_loader) ? "yes" : "no");
    ncaiModule libc = find_module(ncai, "c", NULL);
    ncheck("GetModuleClassLoader(libc)", (*ncai)->GetModuleClassLoader(ncai, libc, &loader));
    ncheck("GetModuleClassLoader(NULL ptr)", (*ncai)->GetModuleClassLoader(ncai, nat, NULL));
    ncheck("GetModuleInfo(NULL module)", (*ncai)->GetModuleInfo(ncai, NULL, &mi));
    ncheck("GetModuleInfo(NULL info)", (*ncai)->GetModuleInfo(ncai, nat, NULL));
    int not_a_module = 0;
    ncheck("GetModuleInfo(not a module)", (*ncai)->GetModuleInfo(ncai, (ncaiModule)&not_a_module, &mi));
    jint n;
    ncaiModule *mods;
    ncheck("GetAllLoadedModules(NULL count)", (*ncai)->GetAllLoadedModules(ncai, NULL, &mods));
    ncheck("GetAllLoadedModules(NULL array)", (*ncai)->GetAllLoadedModules(ncai, &n, NULL));
}

JNIEXPORT void JNICALL Java_Main_checkPlugin(JNIEnv *jni, jclass c)
{
    say("ncaiplugin listed: %s", find_module(ncai, "ncaiplugin", NULL) != NULL ? "yes" : "no");
}
