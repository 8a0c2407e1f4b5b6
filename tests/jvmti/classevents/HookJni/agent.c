/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * The hook keeps the bytes of Sample when the application loader defines it; JNI
 * DefineClass then defines them again in the boot loader (NULL loader), which must
 * reach the hook with a null loader and the name given to DefineClass. For Broken the
 * hook returns 16 bytes that are no class file: the definition fails with
 * ClassFormatError.
 */
#include "jvmti_test.h"

static jvmtiEnv *e;
static unsigned char *sample;
static jint sample_len;

static void JNICALL hook(jvmtiEnv *env, JNIEnv *jni, jclass redefined, jobject loader, const char *name, jobject pd,
                         jint len, const unsigned char *data, jint *new_len, unsigned char **new_data)
{
    if (name == NULL || (strcmp(name, "Sample") != 0 && strcmp(name, "Broken") != 0)) return;
    say("hook %s: loader %s, pd %s", name, loader ? "non-null" : "null", pd ? "non-null" : "null");
    if (strcmp(name, "Sample") == 0 && sample == NULL) {
        sample = malloc((size_t)len);
        memcpy(sample, data, (size_t)len);
        sample_len = len;
    }
    if (strcmp(name, "Broken") == 0) {
        unsigned char *junk;
        if ((*env)->Allocate(env, 16, &junk) != JVMTI_ERROR_NONE) return;
        memset(junk, 0x5A, 16);
        *new_data = junk;
        *new_len = 16;
    }
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    e = new_env(vm);
    if (e == NULL) return 1;
    jvmtiEventCallbacks cbs;
    memset(&cbs, 0, sizeof cbs);
    cbs.ClassFileLoadHook = hook;
    check("SetEventCallbacks", (*e)->SetEventCallbacks(e, &cbs, sizeof cbs));
    check("enable", (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_CLASS_FILE_LOAD_HOOK, NULL));
    return 0;
}

JNIEXPORT jclass JNICALL Java_HookJni_defineInBoot(JNIEnv *jni, jclass c)
{
    if (sample == NULL) return NULL;
    return (*jni)->DefineClass(jni, "Sample", NULL, (const jbyte *)sample, sample_len);
}
