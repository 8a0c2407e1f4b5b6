/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * IsMethodNative, IsMethodSynthetic (can_get_synthetic_attribute), IsMethodObsolete.
 * For each method the program passes: the three answers. Nothing redefines classes, so
 * no method is obsolete. Errors: INVALID_METHODID (NULL, bogus) and NULL_POINTER for
 * each function, MUST_POSSESS_CAPABILITY for IsMethodSynthetic in an environment
 * without the capability, WRONG_PHASE in Agent_OnLoad.
 */
#include "jvmti_test.h"

static JavaVM *jvm;
static jvmtiEnv *e;
static void *zero_word; /* a bogus jmethodID points here */

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvm = vm;
    e = new_env(vm);
    if (e == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_get_synthetic_attribute = 1;
    check("AddCapabilities(can_get_synthetic_attribute)", (*e)->AddCapabilities(e, &caps));
    jboolean b;
    check("OnLoad IsMethodNative", (*e)->IsMethodNative(e, NULL, &b));
    check("OnLoad IsMethodSynthetic", (*e)->IsMethodSynthetic(e, NULL, &b));
    check("OnLoad IsMethodObsolete", (*e)->IsMethodObsolete(e, NULL, &b));
    return 0;
}

static const char *answer(jvmtiError r, jboolean b) { return r != JVMTI_ERROR_NONE ? err_name(r) : b ? "yes" : "no"; }

JNIEXPORT void JNICALL Java_MethodFlags_flags(JNIEnv *jni, jclass cls, jobject exe)
{
    jmethodID m = (*jni)->FromReflectedMethod(jni, exe);
    char *name = NULL, *sig = NULL;
    jvmtiError r = (*e)->GetMethodName(e, m, &name, &sig, NULL);
    if (r != JVMTI_ERROR_NONE) {
        check("GetMethodName", r);
        return;
    }
    jboolean nat = 9, syn = 9, obs = 9;
    jvmtiError r1 = (*e)->IsMethodNative(e, m, &nat);
    jvmtiError r2 = (*e)->IsMethodSynthetic(e, m, &syn);
    jvmtiError r3 = (*e)->IsMethodObsolete(e, m, &obs);
    say("%s%s: native %s, synthetic %s, obsolete %s", name, sig, answer(r1, nat), answer(r2, syn), answer(r3, obs));
    (*e)->Deallocate(e, (unsigned char *)name);
    (*e)->Deallocate(e, (unsigned char *)sig);
}

JNIEXPORT void JNICALL Java_MethodFlags_errors(JNIEnv *jni, jclass cls, jobject exe)
{
    jmethodID m = (*jni)->FromReflectedMethod(jni, exe);
    jmethodID bogus = (jmethodID)&zero_word;
    jboolean b = 9;
    check("IsMethodNative(NULL)", (*e)->IsMethodNative(e, NULL, &b));
    check("IsMethodNative(bogus)", (*e)->IsMethodNative(e, bogus, &b));
    check("IsMethodNative(result NULL)", (*e)->IsMethodNative(e, m, NULL));
    check("IsMethodSynthetic(NULL)", (*e)->IsMethodSynthetic(e, NULL, &b));
    check("IsMethodSynthetic(bogus)", (*e)->IsMethodSynthetic(e, bogus, &b));
    check("IsMethodSynthetic(result NULL)", (*e)->IsMethodSynthetic(e, m, NULL));
    check("IsMethodObsolete(NULL)", (*e)->IsMethodObsolete(e, NULL, &b));
    check("IsMethodObsolete(bogus)", (*e)->IsMethodObsolete(e, bogus, &b));
    check("IsMethodObsolete(result NULL)", (*e)->IsMethodObsolete(e, m, NULL));
    say("untouched on error: %d", (int)b);
    jvmtiEnv *plain = new_env(jvm);
    if (plain == NULL) return;
    check("IsMethodSynthetic(no capability)", (*plain)->IsMethodSynthetic(plain, m, &b));
    check("IsMethodNative(no capability needed)", (*plain)->IsMethodNative(plain, m, &b));
    check("IsMethodObsolete(no capability needed)", (*plain)->IsMethodObsolete(plain, m, &b));
    (*plain)->DisposeEnvironment(plain);
}
