/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * SetJNIFunctionTable / GetJNIFunctionTable under -Xcheck:jni. GetJNIFunctionTable
 * returns the checked table (HotSpot's too): the agent's replacements of GetVersion and
 * FindClass call its entries, so the checks still run, after the agent's wrapper, and
 * the wrapper is entered once per call (the checked functions do not call back through
 * the table in force). Threads started later get the agent's table as well.
 */
#include "jvmti_test.h"

static jvmtiEnv *e;
static jniNativeInterface *orig; /* the table in force before, from GetJNIFunctionTable */
static int versions, finds;

static jint JNICALL my_GetVersion(JNIEnv *env)
{
    versions++;
    return orig->GetVersion(env);
}

static jclass JNICALL my_FindClass(JNIEnv *env, const char *name)
{
    finds++;
    return orig->FindClass(env, name);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    e = new_env(vm);
    return e == NULL ? 1 : 0;
}

JNIEXPORT void JNICALL Java_FunctionTableCheckJni_install(JNIEnv *jni, jclass cls)
{
    check("GetJNIFunctionTable", (*e)->GetJNIFunctionTable(e, &orig));
    say("original is the env's table: %s",
        orig->FindClass == (*jni)->FindClass && orig->GetVersion == (*jni)->GetVersion ? "yes" : "no");
    jniNativeInterface *copy = NULL;
    check("GetJNIFunctionTable again", (*e)->GetJNIFunctionTable(e, &copy));
    copy->GetVersion = my_GetVersion;
    copy->FindClass = my_FindClass;
    check("SetJNIFunctionTable", (*e)->SetJNIFunctionTable(e, copy));
    (*e)->Deallocate(e, (unsigned char *)copy);
}

/* An unchecked Call, then calls through the agent's replacements: the checked entries
 * behind them warn. */
JNIEXPORT void JNICALL Java_FunctionTableCheckJni_misuse(JNIEnv *jni, jclass cls)
{
    jmethodID quiet = (*jni)->GetStaticMethodID(jni, cls, "quiet", "()V");
    (*jni)->CallStaticVoidMethod(jni, cls, quiet);
    (*jni)->GetVersion(jni);
    jclass c = (*jni)->FindClass(jni, "Ljava/lang/String;");
    if (c == NULL) (*jni)->ExceptionClear(jni);
    say("versions %d finds %d", versions, finds);
}

JNIEXPORT void JNICALL Java_FunctionTableCheckJni_restore(JNIEnv *jni, jclass cls)
{
    check("SetJNIFunctionTable(original)", (*e)->SetJNIFunctionTable(e, orig));
    (*jni)->GetVersion(jni);
    say("versions %d finds %d", versions, finds);
}
