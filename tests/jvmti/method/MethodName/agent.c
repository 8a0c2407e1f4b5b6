/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * GetMethodName, GetMethodDeclaringClass, GetMethodModifiers. For each method the
 * program passes (as a reflection object, turned into a jmethodID by JNI
 * FromReflectedMethod): name, descriptor, generic signature (or "null"), the name of the
 * declaring class, and the access flags in hex. Then: every combination of NULL
 * out-pointers of GetMethodName (all nullok), INVALID_METHODID (NULL and a bogus ID),
 * NULL_POINTER, and WRONG_PHASE in Agent_OnLoad.
 */
#include "jvmti_test.h"

static JavaVM *jvm;
static jvmtiEnv *e;
static void *zero_word; /* a bogus jmethodID points here: it names no method */

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvm = vm;
    e = new_env(vm);
    if (e == NULL) return 1;
    char *n;
    jclass c;
    jint mods;
    check("OnLoad GetMethodName", (*e)->GetMethodName(e, NULL, &n, NULL, NULL));
    check("OnLoad GetMethodDeclaringClass", (*e)->GetMethodDeclaringClass(e, NULL, &c));
    check("OnLoad GetMethodModifiers", (*e)->GetMethodModifiers(e, NULL, &mods));
    return 0;
}

/* Class.getName() of c, printed into buf. */
static const char *class_name(JNIEnv *jni, jclass c, char *buf, size_t n)
{
    jclass cc = (*jni)->FindClass(jni, "java/lang/Class");
    jmethodID get_name = (*jni)->GetMethodID(jni, cc, "getName", "()Ljava/lang/String;");
    jstring s = (jstring)(*jni)->CallObjectMethod(jni, c, get_name);
    const char *u = (*jni)->GetStringUTFChars(jni, s, NULL);
    snprintf(buf, n, "%s", u);
    (*jni)->ReleaseStringUTFChars(jni, s, u);
    return buf;
}

JNIEXPORT void JNICALL Java_MethodName_describe(JNIEnv *jni, jclass cls, jobject exe)
{
    jmethodID m = (*jni)->FromReflectedMethod(jni, exe);
    char *name = NULL, *sig = NULL, *gen = NULL, buf[256];
    jvmtiError r = (*e)->GetMethodName(e, m, &name, &sig, &gen);
    if (r != JVMTI_ERROR_NONE) {
        check("GetMethodName", r);
        return;
    }
    jclass decl = NULL;
    jint mods = -1;
    r = (*e)->GetMethodDeclaringClass(e, m, &decl);
    if (r != JVMTI_ERROR_NONE) check("GetMethodDeclaringClass", r);
    r = (*e)->GetMethodModifiers(e, m, &mods);
    if (r != JVMTI_ERROR_NONE) check("GetMethodModifiers", r);
    say("%s.%s%s generic=%s mods=0x%x", decl ? class_name(jni, decl, buf, sizeof buf) : "?", name, sig,
        gen ? gen : "null", (unsigned)mods);
    (*e)->Deallocate(e, (unsigned char *)name);
    (*e)->Deallocate(e, (unsigned char *)sig);
    if (gen) (*e)->Deallocate(e, (unsigned char *)gen);
}

JNIEXPORT void JNICALL Java_MethodName_nullOutputs(JNIEnv *jni, jclass cls, jobject exe)
{
    jmethodID m = (*jni)->FromReflectedMethod(jni, exe);
    for (int mask = 0; mask < 8; mask++) {
        char *p[3] = {NULL, NULL, NULL};
        jvmtiError r = (*e)->GetMethodName(e, m, (mask & 1) ? &p[0] : NULL, (mask & 2) ? &p[1] : NULL,
                                           (mask & 4) ? &p[2] : NULL);
        say("GetMethodName(%s,%s,%s): %s %s %s %s", (mask & 1) ? "name" : "NULL", (mask & 2) ? "sig" : "NULL",
            (mask & 4) ? "generic" : "NULL", err_name(r), p[0] ? p[0] : "-", p[1] ? p[1] : "-",
            p[2] ? p[2] : "-");
        for (int i = 0; i < 3; i++)
            if (p[i]) (*e)->Deallocate(e, (unsigned char *)p[i]);
    }
}

JNIEXPORT void JNICALL Java_MethodName_errors(JNIEnv *jni, jclass cls, jobject exe)
{
    jmethodID m = (*jni)->FromReflectedMethod(jni, exe);
    jmethodID bogus = (jmethodID)&zero_word;
    char *n = NULL;
    jclass c;
    jint mods;
    check("GetMethodName(NULL)", (*e)->GetMethodName(e, NULL, &n, NULL, NULL));
    check("GetMethodName(bogus)", (*e)->GetMethodName(e, bogus, &n, NULL, NULL));
    check("GetMethodDeclaringClass(NULL)", (*e)->GetMethodDeclaringClass(e, NULL, &c));
    check("GetMethodDeclaringClass(bogus)", (*e)->GetMethodDeclaringClass(e, bogus, &c));
    check("GetMethodDeclaringClass(result NULL)", (*e)->GetMethodDeclaringClass(e, m, NULL));
    check("GetMethodModifiers(NULL)", (*e)->GetMethodModifiers(e, NULL, &mods));
    check("GetMethodModifiers(bogus)", (*e)->GetMethodModifiers(e, bogus, &mods));
    check("GetMethodModifiers(result NULL)", (*e)->GetMethodModifiers(e, m, NULL));
}
