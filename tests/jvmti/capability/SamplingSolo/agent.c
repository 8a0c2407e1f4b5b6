/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * can_generate_sampled_object_alloc_events belongs to one environment at a time (a VM
 * has one sampling interval, SetHeapSamplingInterval): while one environment
 * possesses it, it is not potential for another, and adding it there is NOT_AVAILABLE
 * (all or nothing: nothing else requested with it is added either); it becomes
 * available again when its holder relinquishes it or is disposed, in the OnLoad and in
 * the live phase. The holder keeps it potential.
 */
#include "jvmti_test.h"

static JavaVM *jvm;
static jvmtiEnv *a, *b;

static jvmtiCapabilities sampling(void)
{
    jvmtiCapabilities c;
    memset(&c, 0, sizeof c);
    c.can_generate_sampled_object_alloc_events = 1;
    return c;
}

static const char *potential(jvmtiEnv *e)
{
    jvmtiCapabilities c;
    memset(&c, 0, sizeof c);
    (*e)->GetPotentialCapabilities(e, &c);
    return c.can_generate_sampled_object_alloc_events ? "yes" : "no";
}

static const char *possessed(jvmtiEnv *e)
{
    jvmtiCapabilities c;
    memset(&c, 0, sizeof c);
    (*e)->GetCapabilities(e, &c);
    return c.can_generate_sampled_object_alloc_events ? "yes" : "no";
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvm = vm;
    a = new_env(vm);
    b = new_env(vm);
    if (a == NULL || b == NULL) return 1;
    jvmtiCapabilities s = sampling();
    say("OnLoad: potential for A: %s, for B: %s", potential(a), potential(b));
    check("A AddCapabilities(sampling)", (*a)->AddCapabilities(a, &s));
    say("potential for A: %s, for B: %s", potential(a), potential(b));
    check("B AddCapabilities(sampling)", (*b)->AddCapabilities(b, &s));
    jvmtiCapabilities two = s;
    two.can_tag_objects = 1;
    check("B AddCapabilities(sampling, can_tag_objects)", (*b)->AddCapabilities(b, &two));
    jvmtiCapabilities c;
    memset(&c, 0, sizeof c);
    (*b)->GetCapabilities(b, &c);
    say("B possesses sampling: %s, can_tag_objects: %s", possessed(b), c.can_tag_objects ? "yes" : "no");
    check("A AddCapabilities(sampling) again", (*a)->AddCapabilities(a, &s));
    check("B RelinquishCapabilities(sampling), not possessed", (*b)->RelinquishCapabilities(b, &s));
    say("potential for B: %s", potential(b));
    check("A RelinquishCapabilities(sampling)", (*a)->RelinquishCapabilities(a, &s));
    say("potential for A: %s, for B: %s", potential(a), potential(b));
    check("B AddCapabilities(sampling)", (*b)->AddCapabilities(b, &s));
    check("A AddCapabilities(sampling)", (*a)->AddCapabilities(a, &s));
    say("A possesses: %s, B possesses: %s", possessed(a), possessed(b));
    return 0;
}

JNIEXPORT void JNICALL Java_SamplingSolo_live(JNIEnv *jni, jclass cls)
{
    jvmtiEnv *c = new_env(jvm);
    if (c == NULL) return;
    jvmtiCapabilities s = sampling();
    say("live: potential for C: %s", potential(c));
    check("C AddCapabilities(sampling)", (*c)->AddCapabilities(c, &s));
    check("B DisposeEnvironment", (*b)->DisposeEnvironment(b));
    say("potential for C: %s", potential(c));
    check("C AddCapabilities(sampling)", (*c)->AddCapabilities(c, &s));
    check("C SetHeapSamplingInterval(1024)", (*c)->SetHeapSamplingInterval(c, 1024));
    check("A SetHeapSamplingInterval(1024)", (*a)->SetHeapSamplingInterval(a, 1024));
    check("A AddCapabilities(sampling)", (*a)->AddCapabilities(a, &s));
    check("C RelinquishCapabilities(sampling)", (*c)->RelinquishCapabilities(c, &s));
    check("A AddCapabilities(sampling)", (*a)->AddCapabilities(a, &s));
    say("A possesses: %s, C possesses: %s", possessed(a), possessed(c));
}
