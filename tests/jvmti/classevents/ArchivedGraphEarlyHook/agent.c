/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Which boot the module system took, seen by an agent loaded at start-up: at VMInit,
 * jdk/internal/module/SystemModules$default (which only ModuleBootstrap.boot2 loads) is
 * loaded or not. With the agent's option "early" an environment holding
 * can_generate_early_class_hook_events and can_generate_all_class_hook_events enables
 * ClassFileLoadHook in Agent_OnLoad: a hook that sees the primordial phase forbids the
 * archived module graph (HotSpot 17 and GlassVM), so boot2 runs, and the hook sees the
 * class. Without it (a ClassLoad agent) both VMs use their archived boot layer and never
 * load the class. The same agent serves ArchivedGraph and ArchivedGraphEarlyHook.
 */
#include "jvmti_test.h"

static const char *wanted = "Ljdk/internal/module/SystemModules$default;";
static int hooked, early;

static void JNICALL hook(jvmtiEnv *e, JNIEnv *jni, jclass r, jobject l, const char *name,
                         jobject pd, jint len, const unsigned char *d, jint *nl, unsigned char **nd)
{
    if (name != NULL && strcmp(name, "jdk/internal/module/SystemModules$default") == 0) hooked++;
}

static void JNICALL class_load(jvmtiEnv *e, JNIEnv *jni, jthread t, jclass c) {}

static void JNICALL vm_init(jvmtiEnv *e, JNIEnv *jni, jthread t)
{
    jint n;
    jclass *classes;
    int loaded = 0;
    if ((*e)->GetLoadedClasses(e, &n, &classes) != JVMTI_ERROR_NONE) return;
    for (jint i = 0; i < n; i++) {
        char *sig;
        if ((*e)->GetClassSignature(e, classes[i], &sig, NULL) != JVMTI_ERROR_NONE) continue;
        if (strcmp(sig, wanted) == 0) loaded = 1;
        (*e)->Deallocate(e, (unsigned char *)sig);
    }
    (*e)->Deallocate(e, (unsigned char *)classes);
    say("SystemModules$default loaded at VMInit: %s", loaded ? "yes" : "no");
    if (early) say("hooked: %d", hooked);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    early = options != NULL && strcmp(options, "early") == 0;
    jvmtiEnv *e = new_env(vm);
    if (e == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    if (early) caps.can_generate_all_class_hook_events = caps.can_generate_early_class_hook_events = 1;
    if ((*e)->AddCapabilities(e, &caps) != JVMTI_ERROR_NONE) return 1;
    jvmtiEventCallbacks cbs;
    memset(&cbs, 0, sizeof cbs);
    cbs.ClassFileLoadHook = hook;
    cbs.ClassLoad = class_load;
    cbs.VMInit = vm_init;
    (*e)->SetEventCallbacks(e, &cbs, sizeof cbs);
    (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL);
    (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, early ? JVMTI_EVENT_CLASS_FILE_LOAD_HOOK
                                                          : JVMTI_EVENT_CLASS_LOAD, NULL);
    return 0;
}
