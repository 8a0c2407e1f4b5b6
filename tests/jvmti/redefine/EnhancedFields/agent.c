/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/* EnhancedFields: redefine() is RedefineClasses of one class, returning the error. */
#include "jvmti_test.h"

static jvmtiEnv *env;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_redefining_env(vm);
    return env == NULL;
}

JNIEXPORT jint JNICALL Java_EnhancedFields_redefine(JNIEnv *jni, jclass cls, jclass target, jbyteArray bytes)
{
    jvmtiError e = redefine_array(env, jni, target, bytes);
    if (e != JVMTI_ERROR_NONE) say("RedefineClasses: %s", err_name(e));
    return (jint)e;
}

/* GetObjectSize: what the object occupies, added fields or not. */
JNIEXPORT jlong JNICALL Java_EnhancedFields_size(JNIEnv *jni, jclass cls, jobject o)
{
    jlong size = 0;
    check("GetObjectSize", (*env)->GetObjectSize(env, o, &size));
    return size;
}

/* The tool's view of fields, as EnhancedMethods' of methods: remember() keeps the
 * jfieldIDs GetClassFields gives now; recall() says for each "name:live" or "name:gone"
 * and counts the listed fields that are new IDs, then lists the current names in the
 * order GetClassFields gives (the class file's). */
static jfieldID remembered[64];
static jint nremembered;

JNIEXPORT void JNICALL Java_EnhancedFields_remember(JNIEnv *jni, jclass cls, jclass k)
{
    jfieldID *fs = NULL;
    check("GetClassFields", (*env)->GetClassFields(env, k, &nremembered, &fs));
    if (nremembered > 64) nremembered = 64;
    memcpy(remembered, fs, (size_t)nremembered * sizeof(jfieldID));
    (*env)->Deallocate(env, (unsigned char *)fs);
}

JNIEXPORT jstring JNICALL Java_EnhancedFields_recall(JNIEnv *jni, jclass cls, jclass k)
{
    jint n = 0;
    jfieldID *fs = NULL;
    char out[2048] = "";
    if ((*env)->GetClassFields(env, k, &n, &fs) != JVMTI_ERROR_NONE) return NULL;
    for (jint i = 0; i < nremembered; i++) {
        char *name = NULL;
        if ((*env)->GetFieldName(env, k, remembered[i], &name, NULL, NULL) != JVMTI_ERROR_NONE) return NULL;
        int listed = 0;
        for (jint j = 0; j < n; j++) listed |= fs[j] == remembered[i];
        snprintf(out + strlen(out), sizeof out - strlen(out), "%s%s:%s", i ? " " : "", name, listed ? "live" : "gone");
        (*env)->Deallocate(env, (unsigned char *)name);
    }
    int added = 0;
    for (jint j = 0; j < n; j++) {
        int known = 0;
        for (jint i = 0; i < nremembered; i++) known |= fs[j] == remembered[i];
        added += !known;
    }
    snprintf(out + strlen(out), sizeof out - strlen(out), " +%d |", added);
    for (jint j = 0; j < n; j++) {
        char *name = NULL;
        if ((*env)->GetFieldName(env, k, fs[j], &name, NULL, NULL) != JVMTI_ERROR_NONE) return NULL;
        snprintf(out + strlen(out), sizeof out - strlen(out), " %s", name);
        (*env)->Deallocate(env, (unsigned char *)name);
    }
    (*env)->Deallocate(env, (unsigned char *)fs);
    return (*jni)->NewStringUTF(jni, out);
}
