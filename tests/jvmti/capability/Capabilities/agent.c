/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: GetPotentialCapabilities, AddCapabilities, RelinquishCapabilities,
 * GetCapabilities. Which capabilities a VM offers is its choice, so only what the spec
 * fixes is printed: a new environment has none; adding the potential set succeeds and
 * is what GetCapabilities then reports; every capability outside the potential set is
 * NOT_AVAILABLE and adding it adds nothing (all or nothing); possessed capabilities
 * stay potential (also in the live phase); relinquishing removes exactly what is named,
 * and relinquishing what is not possessed is no error; environments do not share
 * capabilities; NULL_POINTER for every pointer. NOT_AVAILABLE is provoked by a second
 * environment while the first holds all it could get (see Java_Capabilities_live). Sets are compared on the capabilities
 * JDK 17 defines (jvmti_test.h).
 */
#include "jvmti_test.h"

static JavaVM *jvm;
static jvmtiEnv *env;

static void nulls(jvmtiEnv *e)
{
    check("GetPotentialCapabilities(NULL)", (*e)->GetPotentialCapabilities(e, NULL));
    check("AddCapabilities(NULL)", (*e)->AddCapabilities(e, NULL));
    check("RelinquishCapabilities(NULL)", (*e)->RelinquishCapabilities(e, NULL));
    check("GetCapabilities(NULL)", (*e)->GetCapabilities(e, NULL));
}

static jvmtiCapabilities get(jvmtiEnv *e)
{
    jvmtiCapabilities c;
    memset(&c, 0, sizeof c);
    jvmtiError err = (*e)->GetCapabilities(e, &c);
    if (err != JVMTI_ERROR_NONE) check("GetCapabilities", err);
    return c;
}

static jvmtiCapabilities potential(jvmtiEnv *e)
{
    jvmtiCapabilities c;
    memset(&c, 0, sizeof c);
    jvmtiError err = (*e)->GetPotentialCapabilities(e, &c);
    if (err != JVMTI_ERROR_NONE) check("GetPotentialCapabilities", err);
    return caps_defined(&c);
}

/* Adding any capability outside the potential set, alone or with the potential set,
 * must fail and change nothing. */
static void refuse_others(const char *when, jvmtiEnv *e)
{
    jvmtiCapabilities pot = potential(e), before = get(e);
    int wrong = 0;
    for (int bit = 0; bit < CAP_BITS; bit++) {
        if (cap_bit(&pot, bit)) continue;
        jvmtiCapabilities one;
        memset(&one, 0, sizeof one);
        cap_set(&one, bit, 1);
        if ((*e)->AddCapabilities(e, &one) != JVMTI_ERROR_NOT_AVAILABLE) wrong++;
        jvmtiCapabilities with = pot;
        cap_set(&with, bit, 1);
        if ((*e)->AddCapabilities(e, &with) != JVMTI_ERROR_NOT_AVAILABLE) wrong++;
    }
    jvmtiCapabilities after = get(e);
    say("%s: capabilities outside the potential set refused: %s, nothing added: %s", when,
        wrong == 0 ? "yes" : "no", caps_same(&before, &after) ? "yes" : "no");
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvm = vm;
    env = new_env(vm);
    jvmtiEnv *other = new_env(vm);
    if (env == NULL || other == NULL) return 1;
    jvmtiCapabilities have = get(env);
    say("new environment has none: %s", caps_empty(&have) ? "yes" : "no");
    refuse_others("OnLoad", env);

    jvmtiCapabilities pot = potential(env);
    check("AddCapabilities(potential)", (*env)->AddCapabilities(env, &pot));
    have = get(env);
    say("possesses the potential set: %s", caps_same(&have, &pot) ? "yes" : "no");
    check("AddCapabilities(potential) again", (*env)->AddCapabilities(env, &pot));
    have = get(other);
    say("other environment still has none: %s", caps_empty(&have) ? "yes" : "no");

    /* Relinquish every other potential capability. */
    jvmtiCapabilities half;
    memset(&half, 0, sizeof half);
    int n = 0;
    for (int bit = 0; bit < CAP_BITS; bit++)
        if (cap_bit(&pot, bit) && n++ % 2 == 0) cap_set(&half, bit, 1);
    check("RelinquishCapabilities(half)", (*env)->RelinquishCapabilities(env, &half));
    have = get(env);
    int exact = 1;
    for (int bit = 0; bit < CAP_BITS; bit++) exact &= cap_bit(&have, bit) == (cap_bit(&pot, bit) && !cap_bit(&half, bit));
    say("exactly the other half left: %s", exact ? "yes" : "no");
    check("RelinquishCapabilities(half) again", (*env)->RelinquishCapabilities(env, &half));
    check("AddCapabilities(potential)", (*env)->AddCapabilities(env, &pot));
    nulls(env);
    return 0;
}

JNIEXPORT void JNICALL Java_Capabilities_live(JNIEnv *jni, jclass cls)
{
    jvmtiCapabilities have = get(env), pot = potential(env);
    int sub = 1;
    for (int bit = 0; bit < CAP_BITS; bit++) sub &= !cap_bit(&have, bit) || cap_bit(&pot, bit);
    say("live: possessed ones are potential: %s", sub ? "yes" : "no");
    check("AddCapabilities(possessed)", (*env)->AddCapabilities(env, &have));
    refuse_others("live", env);

    /* A second environment while the first possesses everything it could get in OnLoad:
     * then some capability is not potential for it on any VM we know (HotSpot 17 offers
     * all of them but lets one environment at a time hold some, e.g.
     * can_generate_breakpoints; GlassVM does not offer all of them), and adding it must be
     * NOT_AVAILABLE. */
    jvmtiEnv *rival = new_env(jvm);
    if (rival == NULL) return;
    jvmtiCapabilities rpot = potential(rival), one;
    int bit = 0;
    while (bit < CAP_BITS && cap_bit(&rpot, bit)) bit++;
    if (bit == CAP_BITS) {
        say("second environment: every capability potential");
    } else {
        memset(&one, 0, sizeof one);
        cap_set(&one, bit, 1);
        check("AddCapabilities(second environment, not potential)", (*rival)->AddCapabilities(rival, &one));
    }
    check("RelinquishCapabilities(possessed)", (*env)->RelinquishCapabilities(env, &have));
    have = get(env);
    say("none left: %s", caps_empty(&have) ? "yes" : "no");

    jvmtiEnv *fresh = new_env(jvm);
    if (fresh == NULL) return;
    have = get(fresh);
    say("new live environment has none: %s", caps_empty(&have) ? "yes" : "no");
    pot = potential(fresh);
    check("AddCapabilities(live potential)", (*fresh)->AddCapabilities(fresh, &pot));
    have = get(fresh);
    say("possesses the live potential set: %s", caps_same(&have, &pot) ? "yes" : "no");
    refuse_others("new live environment", fresh);
    nulls(fresh);
}
