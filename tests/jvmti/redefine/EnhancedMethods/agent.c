/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/* EnhancedMethods: redefine() is RedefineClasses of one class, returning the error. */
#include "jvmti_test.h"

static jvmtiEnv *env;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_redefining_env(vm);
    return env == NULL;
}

JNIEXPORT jint JNICALL Java_EnhancedMethods_redefine(JNIEnv *jni, jclass cls, jclass target, jbyteArray bytes)
{
    jvmtiError e = redefine_array(env, jni, target, bytes);
    if (e != JVMTI_ERROR_NONE) say("RedefineClasses: %s", err_name(e));
    return (jint)e;
}

/* The tool's view: remember() keeps the jmethodIDs GetClassMethods gives now; recall()
 * describes each of them later ("name:live" if GetClassMethods still lists it, else
 * "name:gone", then ":obsolete" if IsMethodObsolete says so) and counts the listed
 * methods that are new IDs: "... +N". jmethodIDs never change meaning. */
static jmethodID remembered[64];
static jint nremembered;

JNIEXPORT void JNICALL Java_EnhancedMethods_remember(JNIEnv *jni, jclass cls, jclass k)
{
    jmethodID *ms = NULL;
    check("GetClassMethods", (*env)->GetClassMethods(env, k, &nremembered, &ms));
    if (nremembered > 64) nremembered = 64;
    memcpy(remembered, ms, (size_t)nremembered * sizeof(jmethodID));
    (*env)->Deallocate(env, (unsigned char *)ms);
}

JNIEXPORT jstring JNICALL Java_EnhancedMethods_recall(JNIEnv *jni, jclass cls, jclass k)
{
    jint n = 0;
    jmethodID *ms = NULL;
    char out[2048] = "";
    if ((*env)->GetClassMethods(env, k, &n, &ms) != JVMTI_ERROR_NONE) return NULL;
    for (jint i = 0; i < nremembered; i++) {
        char *name = NULL;
        jboolean obsolete = JNI_FALSE;
        if ((*env)->GetMethodName(env, remembered[i], &name, NULL, NULL) != JVMTI_ERROR_NONE ||
            (*env)->IsMethodObsolete(env, remembered[i], &obsolete) != JVMTI_ERROR_NONE)
            return NULL;
        int listed = 0;
        for (jint j = 0; j < n; j++) listed |= ms[j] == remembered[i];
        snprintf(out + strlen(out), sizeof out - strlen(out), "%s%s:%s%s", i ? " " : "", name,
                 listed ? "live" : "gone", obsolete ? ":obsolete" : "");
        (*env)->Deallocate(env, (unsigned char *)name);
    }
    int added = 0;
    for (jint j = 0; j < n; j++) {
        int known = 0;
        for (jint i = 0; i < nremembered; i++) known |= ms[j] == remembered[i];
        added += !known;
    }
    snprintf(out + strlen(out), sizeof out - strlen(out), " +%d", added);
    (*env)->Deallocate(env, (unsigned char *)ms);
    return (*jni)->NewStringUTF(jni, out);
}
