/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * The Class functions in the start phase, from the VMStart callback: the two list
 * functions are live-only (WRONG_PHASE); every other one works then, on
 * java.lang.String (found with JNI FindClass, which the start phase allows), an
 * array class and a primitive class (java.lang.Integer.TYPE, read with JNI).
 */
#include "jvmti_test.h"

static jvmtiEnv *env;

static void query(JNIEnv *jni, const char *label, jclass k)
{
    char *sig = NULL, *gen = NULL, *src = NULL;
    jint st = -1, mods = -1, n = -1, mi = -1, ma = -1, cpc = -1, cpb = -1;
    jmethodID *ms = NULL;
    jfieldID *fs = NULL;
    jclass *is = NULL;
    jobject loader = NULL;
    jboolean b;
    unsigned char *cp = NULL;
    say("%s:", label);
    check("  GetClassSignature", (*env)->GetClassSignature(env, k, &sig, &gen));
    if (sig) say("    %s", sig);
    check("  GetClassStatus", (*env)->GetClassStatus(env, k, &st));
    check("  GetSourceFileName", (*env)->GetSourceFileName(env, k, &src));
    if (src) say("    %s", src);
    check("  GetClassModifiers", (*env)->GetClassModifiers(env, k, &mods));
    say("    0x%04x", (unsigned)mods);
    check("  GetClassMethods", (*env)->GetClassMethods(env, k, &n, &ms));
    check("  GetClassFields", (*env)->GetClassFields(env, k, &n, &fs));
    check("  GetImplementedInterfaces", (*env)->GetImplementedInterfaces(env, k, &n, &is));
    check("  GetClassVersionNumbers", (*env)->GetClassVersionNumbers(env, k, &mi, &ma));
    check("  GetConstantPool", (*env)->GetConstantPool(env, k, &cpc, &cpb, &cp));
    check("  IsInterface", (*env)->IsInterface(env, k, &b));
    check("  IsArrayClass", (*env)->IsArrayClass(env, k, &b));
    check("  IsModifiableClass", (*env)->IsModifiableClass(env, k, &b));
    check("  GetClassLoader", (*env)->GetClassLoader(env, k, &loader));
    check("  GetSourceDebugExtension", (*env)->GetSourceDebugExtension(env, k, &src));
    (*env)->Deallocate(env, (unsigned char *)sig);
    (*env)->Deallocate(env, (unsigned char *)gen);
    (*env)->Deallocate(env, (unsigned char *)ms);
    (*env)->Deallocate(env, (unsigned char *)fs);
    (*env)->Deallocate(env, (unsigned char *)is);
    (*env)->Deallocate(env, cp);
}

static void JNICALL vm_start(jvmtiEnv *e, JNIEnv *jni)
{
    jvmtiPhase p;
    (*env)->GetPhase(env, &p);
    say("VMStart in phase %s", phase_name(p));
    jint n;
    jclass *cs;
    check("GetLoadedClasses", (*env)->GetLoadedClasses(env, &n, &cs));
    check("GetClassLoaderClasses", (*env)->GetClassLoaderClasses(env, NULL, &n, &cs));
    query(jni, "String", (*jni)->FindClass(jni, "java/lang/String"));
    query(jni, "char[]", (*jni)->FindClass(jni, "[C"));
    jclass integer = (*jni)->FindClass(jni, "java/lang/Integer");
    jfieldID type = (*jni)->GetStaticFieldID(jni, integer, "TYPE", "Ljava/lang/Class;");
    query(jni, "int", (jclass)(*jni)->GetStaticObjectField(jni, integer, type));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_get_source_file_name = 1;
    caps.can_get_constant_pool = 1;
    caps.can_get_source_debug_extension = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMStart = vm_start;
    check("SetEventCallbacks", (*env)->SetEventCallbacks(env, &cb, (jint)sizeof cb));
    check("enable VMStart", (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_VM_START, NULL));
    return 0;
}
