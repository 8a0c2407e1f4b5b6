/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * SetJNIFunctionTable / GetJNIFunctionTable. The replacement NewStringUTF rewrites
 * strings starting "probe:" into "hooked(<s>)"; the replacement GetStringUTFChars
 * counts calls made for "probe:" strings. Both call the original functions. Errors:
 * WRONG_PHASE in Agent_OnLoad (both functions: phase start), NULL_POINTER for a NULL
 * table pointer.
 */
#include "jvmti_test.h"

static jvmtiEnv *e;
static jniNativeInterface *orig;    /* the VM's table, from GetJNIFunctionTable */
static int probe_gets;

static jstring JNICALL my_NewStringUTF(JNIEnv *env, const char *utf)
{
    if (utf != NULL && strncmp(utf, "probe:", 6) == 0) {
        char buf[256];
        snprintf(buf, sizeof buf, "hooked(%s)", utf);
        return orig->NewStringUTF(env, buf);
    }
    return orig->NewStringUTF(env, utf);
}

static const char *JNICALL my_GetStringUTFChars(JNIEnv *env, jstring s, jboolean *is_copy)
{
    const char *r = orig->GetStringUTFChars(env, s, is_copy);
    if (r != NULL && strncmp(r, "probe:", 6) == 0) probe_gets++;
    return r;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    e = new_env(vm);
    if (e == NULL) return 1;
    jniNativeInterface *t = NULL;
    check("OnLoad GetJNIFunctionTable", (*e)->GetJNIFunctionTable(e, &t));
    jniNativeInterface dummy;
    memset(&dummy, 0, sizeof dummy);
    check("OnLoad SetJNIFunctionTable", (*e)->SetJNIFunctionTable(e, &dummy));
    return 0;
}

JNIEXPORT jstring JNICALL Java_FunctionTable_echo(JNIEnv *jni, jclass cls, jstring s)
{
    const char *u = (*jni)->GetStringUTFChars(jni, s, NULL);
    char buf[256];
    snprintf(buf, sizeof buf, "%s", u);
    (*jni)->ReleaseStringUTFChars(jni, s, u);
    return (*jni)->NewStringUTF(jni, buf);
}

JNIEXPORT jstring JNICALL Java_FunctionTable_agentString(JNIEnv *jni, jclass cls)
{
    return (*jni)->NewStringUTF(jni, "probe:agent");
}

JNIEXPORT void JNICALL Java_FunctionTable_install(JNIEnv *jni, jclass cls)
{
    check("GetJNIFunctionTable(NULL)", (*e)->GetJNIFunctionTable(e, NULL));
    check("SetJNIFunctionTable(NULL)", (*e)->SetJNIFunctionTable(e, NULL));
    check("GetJNIFunctionTable", (*e)->GetJNIFunctionTable(e, &orig));
    say("original is the env's table: %s",
        orig->NewStringUTF == (*jni)->NewStringUTF && orig->GetVersion == (*jni)->GetVersion ? "yes" : "no");
    jniNativeInterface *copy = NULL;
    check("GetJNIFunctionTable again", (*e)->GetJNIFunctionTable(e, &copy));
    say("a fresh copy each time: %s", copy != orig ? "yes" : "no");
    copy->NewStringUTF = my_NewStringUTF;
    copy->GetStringUTFChars = my_GetStringUTFChars;
    check("SetJNIFunctionTable", (*e)->SetJNIFunctionTable(e, copy));
    /* The VM copied the table: this change must not be seen. */
    copy->NewStringUTF = orig->NewStringUTF;
    (*e)->Deallocate(e, (unsigned char *)copy);
    jniNativeInterface *now = NULL;
    check("GetJNIFunctionTable after Set", (*e)->GetJNIFunctionTable(e, &now));
    say("returns the modified table: %s",
        now->NewStringUTF == my_NewStringUTF && now->GetStringUTFChars == my_GetStringUTFChars &&
                now->GetVersion == orig->GetVersion ? "yes" : "no");
    say("this thread's env sees it: %s", (*jni)->NewStringUTF == my_NewStringUTF ? "yes" : "no");
    (*e)->Deallocate(e, (unsigned char *)now);
}

JNIEXPORT void JNICALL Java_FunctionTable_restore(JNIEnv *jni, jclass cls)
{
    say("probe GetStringUTFChars calls intercepted: %d", probe_gets);
    check("SetJNIFunctionTable(original)", (*e)->SetJNIFunctionTable(e, orig));
    jniNativeInterface *now = NULL;
    check("GetJNIFunctionTable after restore", (*e)->GetJNIFunctionTable(e, &now));
    say("back to the original: %s", now->NewStringUTF == orig->NewStringUTF ? "yes" : "no");
    (*e)->Deallocate(e, (unsigned char *)now);
}
