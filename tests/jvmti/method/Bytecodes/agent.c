/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * GetBytecodes (can_get_bytecodes). For each method the program passes, with the bytes
 * of the class file that declares it: the length, whether the returned array occurs in
 * the class file exactly (a Code attribute's code array is stored contiguously, so the
 * original bytecodes must be found there; quickened or otherwise rewritten ones are not),
 * and the first bytes in hex. An abstract method has no code: count 0. Errors:
 * NATIVE_METHOD, INVALID_METHODID (NULL, bogus), NULL_POINTER (each pointer),
 * MUST_POSSESS_CAPABILITY (an environment without the capability) and WRONG_PHASE
 * (Agent_OnLoad).
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
    caps.can_get_bytecodes = 1;
    check("AddCapabilities(can_get_bytecodes)", (*e)->AddCapabilities(e, &caps));
    jint n;
    unsigned char *b;
    check("OnLoad GetBytecodes", (*e)->GetBytecodes(e, NULL, &n, &b));
    return 0;
}

static int occurs(const unsigned char *hay, jsize hay_len, const unsigned char *needle, jint n)
{
    for (jsize i = 0; i + n <= hay_len; i++)
        if (memcmp(hay + i, needle, (size_t)n) == 0) return 1;
    return 0;
}

JNIEXPORT void JNICALL Java_Bytecodes_code(JNIEnv *jni, jclass cls, jobject exe, jbyteArray class_file)
{
    jmethodID m = (*jni)->FromReflectedMethod(jni, exe);
    char *name = NULL, *sig = NULL;
    jvmtiError r = (*e)->GetMethodName(e, m, &name, &sig, NULL);
    if (r != JVMTI_ERROR_NONE) {
        check("GetMethodName", r);
        return;
    }
    jint n = -1;
    unsigned char *b = NULL;
    r = (*e)->GetBytecodes(e, m, &n, &b);
    if (r != JVMTI_ERROR_NONE) {
        say("%s%s: %s", name, sig, err_name(r));
    } else if (n == 0) {
        say("%s%s: no bytecodes", name, sig);
    } else {
        jsize len = (*jni)->GetArrayLength(jni, class_file);
        jbyte *cf = (*jni)->GetByteArrayElements(jni, class_file, NULL);
        char hex[3 * 16 + 1] = "";
        for (jint i = 0; i < n && i < 16; i++) snprintf(hex + 3 * i, 4, "%02x ", b[i]);
        say("%s%s: %d bytes, original: %s, starts %s", name, sig, (int)n,
            occurs((const unsigned char *)cf, len, b, n) ? "yes" : "NO", hex);
        (*jni)->ReleaseByteArrayElements(jni, class_file, cf, JNI_ABORT);
    }
    if (b) (*e)->Deallocate(e, b);
    (*e)->Deallocate(e, (unsigned char *)name);
    (*e)->Deallocate(e, (unsigned char *)sig);
}

JNIEXPORT void JNICALL Java_Bytecodes_errors(JNIEnv *jni, jclass cls, jobject java_exe, jobject native_exe)
{
    jmethodID m = (*jni)->FromReflectedMethod(jni, java_exe);
    jmethodID nat = (*jni)->FromReflectedMethod(jni, native_exe);
    jmethodID bogus = (jmethodID)&zero_word;
    jint n;
    unsigned char *b;
    check("GetBytecodes(native)", (*e)->GetBytecodes(e, nat, &n, &b));
    check("GetBytecodes(NULL)", (*e)->GetBytecodes(e, NULL, &n, &b));
    check("GetBytecodes(bogus)", (*e)->GetBytecodes(e, bogus, &n, &b));
    check("GetBytecodes(count NULL)", (*e)->GetBytecodes(e, m, NULL, &b));
    check("GetBytecodes(bytecodes NULL)", (*e)->GetBytecodes(e, m, &n, NULL));
    jvmtiEnv *plain = new_env(jvm);
    if (plain == NULL) return;
    check("GetBytecodes(no capability)", (*plain)->GetBytecodes(plain, m, &n, &b));
    (*plain)->DisposeEnvironment(plain);
}
