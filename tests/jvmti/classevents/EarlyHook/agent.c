/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Early ClassFileLoadHook events. Three environments enable the hook in Agent_OnLoad:
 *   early  with can_generate_early_class_hook_events and can_generate_all_class_hook_events
 *   plain  with no capability
 *   half   with can_generate_early_class_hook_events only
 * Only `early` may get hooks in the primordial phase: it must see java/lang/Object
 * there (loaded before the start phase by any VM); the other two must see no hook
 * before the start phase, hence never java/lang/Object. All three see the test's
 * class in the live phase.
 */
#include "jvmti_test.h"

enum { EARLY, PLAIN, HALF, N };
static jvmtiEnv *envs[N];
static const char *names[N] = {"early", "plain", "half"};
static int primordial_hooks[N], object_hooks[N], main_hooks[N];
static jvmtiPhase object_phase[N], main_phase[N];

static void hook(int which, jvmtiEnv *e, const char *name)
{
    jvmtiPhase p;
    if ((*e)->GetPhase(e, &p) != JVMTI_ERROR_NONE) return;
    if (p == JVMTI_PHASE_PRIMORDIAL) primordial_hooks[which]++;
    if (name != NULL && strcmp(name, "java/lang/Object") == 0) {
        object_hooks[which]++;
        object_phase[which] = p;
    }
    if (name != NULL && strcmp(name, "EarlyHook") == 0) {
        main_hooks[which]++;
        main_phase[which] = p;
    }
}

#define HOOK(i)                                                                                       \
    static void JNICALL hook##i(jvmtiEnv *e, JNIEnv *jni, jclass r, jobject l, const char *name,     \
                                jobject pd, jint len, const unsigned char *d, jint *nl, unsigned char **nd) \
    {                                                                                                 \
        hook(i, e, name);                                                                             \
    }
HOOK(0)
HOOK(1)
HOOK(2)
static jvmtiEventClassFileLoadHook hooks[N] = {hook0, hook1, hook2};

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    for (int i = 0; i < N; i++) {
        jvmtiEnv *e = envs[i] = new_env(vm);
        if (e == NULL) return 1;
        jvmtiCapabilities caps;
        memset(&caps, 0, sizeof caps);
        if (i == EARLY) caps.can_generate_all_class_hook_events = 1;
        if (i == EARLY || i == HALF) caps.can_generate_early_class_hook_events = 1;
        check("AddCapabilities", (*e)->AddCapabilities(e, &caps));
        jvmtiEventCallbacks cbs;
        memset(&cbs, 0, sizeof cbs);
        cbs.ClassFileLoadHook = hooks[i];
        check("SetEventCallbacks", (*e)->SetEventCallbacks(e, &cbs, sizeof cbs));
        check("enable", (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_CLASS_FILE_LOAD_HOOK, NULL));
    }
    return 0;
}

JNIEXPORT void JNICALL Java_EarlyHook_report(JNIEnv *jni, jclass c)
{
    for (int i = 0; i < N; i++) {
        say("%s: hooks in the primordial phase: %s", names[i], primordial_hooks[i] ? "some" : "none");
        say("%s: java/lang/Object hooked %d time(s)%s%s", names[i], object_hooks[i],
            object_hooks[i] ? " in phase " : "", object_hooks[i] ? phase_name(object_phase[i]) : "");
        say("%s: EarlyHook hooked %d time(s) in phase %s", names[i], main_hooks[i], phase_name(main_phase[i]));
    }
}
