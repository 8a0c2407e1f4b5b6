/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * GetMaxLocals and GetArgumentsSize. For each method the program passes: max_locals of
 * its Code attribute (0 for an abstract method, which has none) and the argument slots
 * (receiver included, long/double two each). Errors: NATIVE_METHOD (both functions
 * refuse native methods), INVALID_METHODID (NULL and bogus IDs), NULL_POINTER, and
 * WRONG_PHASE in Agent_OnLoad.
 */
#include "jvmti_test.h"

static jvmtiEnv *e;
static void *zero_word; /* a bogus jmethodID points here */

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    e = new_env(vm);
    if (e == NULL) return 1;
    jint n;
    check("OnLoad GetMaxLocals", (*e)->GetMaxLocals(e, NULL, &n));
    check("OnLoad GetArgumentsSize", (*e)->GetArgumentsSize(e, NULL, &n));
    return 0;
}

JNIEXPORT void JNICALL Java_MaxLocals_sizes(JNIEnv *jni, jclass cls, jobject exe)
{
    jmethodID m = (*jni)->FromReflectedMethod(jni, exe);
    char *name = NULL, *sig = NULL;
    jvmtiError r = (*e)->GetMethodName(e, m, &name, &sig, NULL);
    if (r != JVMTI_ERROR_NONE) {
        check("GetMethodName", r);
        return;
    }
    jint max = -1, args = -1;
    jvmtiError r1 = (*e)->GetMaxLocals(e, m, &max);
    jvmtiError r2 = (*e)->GetArgumentsSize(e, m, &args);
    say("%s%s: max_locals %s %d, arguments %s %d", name, sig, err_name(r1), (int)max, err_name(r2), (int)args);
    (*e)->Deallocate(e, (unsigned char *)name);
    (*e)->Deallocate(e, (unsigned char *)sig);
}

JNIEXPORT void JNICALL Java_MaxLocals_errors(JNIEnv *jni, jclass cls, jobject java_exe, jobject native_exe)
{
    jmethodID m = (*jni)->FromReflectedMethod(jni, java_exe);
    jmethodID nat = (*jni)->FromReflectedMethod(jni, native_exe);
    jmethodID bogus = (jmethodID)&zero_word;
    jint n = -1;
    check("GetMaxLocals(native)", (*e)->GetMaxLocals(e, nat, &n));
    check("GetArgumentsSize(native)", (*e)->GetArgumentsSize(e, nat, &n));
    check("GetMaxLocals(NULL)", (*e)->GetMaxLocals(e, NULL, &n));
    check("GetArgumentsSize(NULL)", (*e)->GetArgumentsSize(e, NULL, &n));
    check("GetMaxLocals(bogus)", (*e)->GetMaxLocals(e, bogus, &n));
    check("GetArgumentsSize(bogus)", (*e)->GetArgumentsSize(e, bogus, &n));
    check("GetMaxLocals(result NULL)", (*e)->GetMaxLocals(e, m, NULL));
    check("GetArgumentsSize(result NULL)", (*e)->GetArgumentsSize(e, m, NULL));
    say("untouched on error: %d", (int)n);
}
