/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * can_generate_compiled_method_load_events, as profilers and perf-map writers demand it
 * in Agent_OnLoad: it is potential, AddCapabilities grants it, CompiledMethodLoad,
 * CompiledMethodUnload and DynamicCodeGenerated can be enabled with it, and
 * GenerateEvents(COMPILED_METHOD_LOAD) succeeds in the live phase (it is
 * MUST_POSSESS_CAPABILITY without it). How many events come is the VM's business (a
 * VM that compiles nothing sends none), so only the answers are printed.
 */
#include "jvmti_test.h"

static jvmtiEnv *env, *bare;

static void JNICALL compiled_load(jvmtiEnv *e, jmethodID m, jint size, const void *addr, jint n,
                                  const jvmtiAddrLocationMap *map, const void *info)
{
}

static void JNICALL compiled_unload(jvmtiEnv *e, jmethodID m, const void *addr) {}

static void JNICALL dynamic_code(jvmtiEnv *e, const char *name, const void *addr, jint len) {}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    bare = new_env(vm);
    if (env == NULL || bare == NULL) return 1;
    jvmtiCapabilities pot;
    memset(&pot, 0, sizeof pot);
    check("GetPotentialCapabilities", (*env)->GetPotentialCapabilities(env, &pot));
    say("potential: %s", pot.can_generate_compiled_method_load_events ? "yes" : "no");
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_compiled_method_load_events = 1;
    check("AddCapabilities(can_generate_compiled_method_load_events)", (*env)->AddCapabilities(env, &caps));
    memset(&caps, 0, sizeof caps);
    check("GetCapabilities", (*env)->GetCapabilities(env, &caps));
    say("possessed: %s", caps.can_generate_compiled_method_load_events ? "yes" : "no");

    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.CompiledMethodLoad = compiled_load;
    cb.CompiledMethodUnload = compiled_unload;
    cb.DynamicCodeGenerated = dynamic_code;
    check("SetEventCallbacks", (*env)->SetEventCallbacks(env, &cb, sizeof cb));
    check("enable CompiledMethodLoad",
          (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_COMPILED_METHOD_LOAD, NULL));
    check("enable CompiledMethodUnload",
          (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_COMPILED_METHOD_UNLOAD, NULL));
    check("enable DynamicCodeGenerated",
          (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_DYNAMIC_CODE_GENERATED, NULL));
    check("enable CompiledMethodLoad without the capability",
          (*bare)->SetEventNotificationMode(bare, JVMTI_ENABLE, JVMTI_EVENT_COMPILED_METHOD_LOAD, NULL));
    check("GenerateEvents in OnLoad", (*env)->GenerateEvents(env, JVMTI_EVENT_COMPILED_METHOD_LOAD));
    return 0;
}

JNIEXPORT void JNICALL Java_CompiledMethodLoad_live(JNIEnv *jni, jclass cls)
{
    check("GenerateEvents(COMPILED_METHOD_LOAD)", (*env)->GenerateEvents(env, JVMTI_EVENT_COMPILED_METHOD_LOAD));
    check("GenerateEvents(DYNAMIC_CODE_GENERATED)", (*env)->GenerateEvents(env, JVMTI_EVENT_DYNAMIC_CODE_GENERATED));
    check("GenerateEvents(COMPILED_METHOD_LOAD) without the capability",
          (*bare)->GenerateEvents(bare, JVMTI_EVENT_COMPILED_METHOD_LOAD));
    check("GenerateEvents(CLASS_LOAD)", (*env)->GenerateEvents(env, JVMTI_EVENT_CLASS_LOAD));
    check("disable CompiledMethodLoad",
          (*env)->SetEventNotificationMode(env, JVMTI_DISABLE, JVMTI_EVENT_COMPILED_METHOD_LOAD, NULL));
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_compiled_method_load_events = 1;
    check("AddCapabilities(can_generate_compiled_method_load_events) live", (*bare)->AddCapabilities(bare, &caps));
    check("GenerateEvents(COMPILED_METHOD_LOAD) after adding it live",
          (*bare)->GenerateEvents(bare, JVMTI_EVENT_COMPILED_METHOD_LOAD));
}
