/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * RedefineUnload.java's natives: RedefineClasses, and RetransformClasses through a
 * capable hook that changes "gone v" into "GONE v" (so the VM keeps the bytes a later
 * retransformation starts from).
 */
#include "jvmti_test.h"

static jvmtiEnv *env;
static volatile int active;

static void JNICALL on_hook(jvmtiEnv *e, JNIEnv *jni, jclass being_redefined, jobject loader, const char *name,
                            jobject pd, jint len, const unsigned char *data, jint *new_len, unsigned char **new_data)
{
    if (!active || name == NULL || strcmp(name, "Gone") != 0) return;
    unsigned char *copy = NULL;
    if ((*e)->Allocate(e, len, &copy) != JVMTI_ERROR_NONE) return;
    memcpy(copy, data, (size_t)len);
    for (jint i = 0; i + 6 <= len; i++)
        if (memcmp(copy + i, "gone v", 6) == 0) memcpy(copy + i, "GONE v", 6);
    *new_len = len;
    *new_data = copy;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_redefine_classes = 1;
    caps.can_retransform_classes = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ClassFileLoadHook = on_hook;
    (*env)->SetEventCallbacks(env, &cb, sizeof cb);
    (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_CLASS_FILE_LOAD_HOOK, NULL);
    return 0;
}

JNIEXPORT jint JNICALL Java_RedefineUnload_redefine(JNIEnv *jni, jclass cls, jclass target, jbyteArray bytes)
{
    return (jint)redefine_array(env, jni, target, bytes);
}

JNIEXPORT jint JNICALL Java_RedefineUnload_retransform(JNIEnv *jni, jclass cls, jclass target)
{
    active = 1;
    jvmtiError e = (*env)->RetransformClasses(env, 1, &target);
    active = 0;
    return (jint)e;
}
