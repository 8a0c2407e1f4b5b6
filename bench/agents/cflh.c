// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * cflh.c — benchmark agent (bench/run): ClassFileLoadHook enabled for every class from
 * the OnLoad phase; the callback looks at the bytes (sums them, so the work cannot be
 * skipped) and returns them unchanged.
 */
#include <jvmti.h>
#include <string.h>

static volatile unsigned sink;

static void JNICALL hook(jvmtiEnv *env, JNIEnv *jni, jclass redefined, jobject loader, const char *name,
                         jobject pd, jint len, const unsigned char *data, jint *new_len, unsigned char **new_data)
{
    (void)env, (void)jni, (void)redefined, (void)loader, (void)name, (void)pd, (void)new_len, (void)new_data;
    unsigned s = 0;
    for (jint i = 0; i < len; i++) s += data[i];
    sink += s;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    (void)options;
    (void)reserved;
    jvmtiEnv *env = NULL;
    if ((*vm)->GetEnv(vm, (void **)&env, JVMTI_VERSION_11) != JNI_OK) return 1;
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ClassFileLoadHook = hook;
    if ((*env)->SetEventCallbacks(env, &cb, (jint)sizeof cb) != JVMTI_ERROR_NONE) return 1;
    if ((*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_CLASS_FILE_LOAD_HOOK, NULL) != JVMTI_ERROR_NONE)
        return 1;
    return 0;
}
