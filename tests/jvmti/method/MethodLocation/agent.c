/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * GetMethodLocation. For each method the program passes: the start and end locations.
 * The end must be the code length minus one: for methods whose code this test fixes
 * (the program's own), the numbers are printed; for a JDK method, the end is compared
 * with the length GetBytecodes reports (can_get_bytecodes). Errors: NATIVE_METHOD,
 * INVALID_METHODID (NULL, bogus), NULL_POINTER (each pointer), WRONG_PHASE.
 */
#include "jvmti_test.h"

static jvmtiEnv *e;
static void *zero_word; /* a bogus jmethodID points here */

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    e = new_env(vm);
    if (e == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_get_bytecodes = 1;
    check("AddCapabilities(can_get_bytecodes)", (*e)->AddCapabilities(e, &caps));
    jlocation a, b;
    check("OnLoad GetMethodLocation", (*e)->GetMethodLocation(e, NULL, &a, &b));
    jvmtiJlocationFormat f;
    check("GetJLocationFormat", (*e)->GetJLocationFormat(e, &f));
    say("format JVMBCI: %s", f == JVMTI_JLOCATION_JVMBCI ? "yes" : "no");
    return 0;
}

JNIEXPORT void JNICALL Java_MethodLocation_location(JNIEnv *jni, jclass cls, jobject exe)
{
    jmethodID m = (*jni)->FromReflectedMethod(jni, exe);
    char *name = NULL, *sig = NULL;
    jvmtiError r = (*e)->GetMethodName(e, m, &name, &sig, NULL);
    if (r != JVMTI_ERROR_NONE) {
        check("GetMethodName", r);
        return;
    }
    jclass decl = NULL;
    (*e)->GetMethodDeclaringClass(e, m, &decl);
    jlocation start = -5, end = -5;
    r = (*e)->GetMethodLocation(e, m, &start, &end);
    jint count = -1;
    unsigned char *code = NULL;
    (*e)->GetBytecodes(e, m, &count, &code);
    if (code) (*e)->Deallocate(e, code);
    if (r != JVMTI_ERROR_NONE)
        say("%s%s: %s", name, sig, err_name(r));
    else if ((*jni)->IsSameObject(jni, decl, cls) || start < 0)
        say("%s%s: %lld..%lld (code length %d)", name, sig, (long long)start, (long long)end, (int)count);
    else
        say("%s%s: start %lld, end is code length - 1: %s", name, sig, (long long)start,
            end == (jlocation)count - 1 ? "yes" : "NO");
    (*e)->Deallocate(e, (unsigned char *)name);
    (*e)->Deallocate(e, (unsigned char *)sig);
}

JNIEXPORT void JNICALL Java_MethodLocation_errors(JNIEnv *jni, jclass cls, jobject java_exe, jobject native_exe)
{
    jmethodID m = (*jni)->FromReflectedMethod(jni, java_exe);
    jmethodID nat = (*jni)->FromReflectedMethod(jni, native_exe);
    jmethodID bogus = (jmethodID)&zero_word;
    jlocation a = -7, b = -7;
    check("GetMethodLocation(native)", (*e)->GetMethodLocation(e, nat, &a, &b));
    check("GetMethodLocation(NULL)", (*e)->GetMethodLocation(e, NULL, &a, &b));
    check("GetMethodLocation(bogus)", (*e)->GetMethodLocation(e, bogus, &a, &b));
    check("GetMethodLocation(start NULL)", (*e)->GetMethodLocation(e, m, NULL, &b));
    check("GetMethodLocation(end NULL)", (*e)->GetMethodLocation(e, m, &a, NULL));
    say("untouched on error: %lld %lld", (long long)a, (long long)b);
}
