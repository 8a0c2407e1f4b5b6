/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * RetransformAll.java's natives: what a coverage tool attached at run time does, one
 * RetransformClasses of every modifiable loaded class (boot classes of java.base
 * included) through a retransformation-capable ClassFileLoadHook that returns a copy of
 * the bytes it is given (a changed buffer, the same class file).
 */
#include "jvmti_test.h"

static jvmtiEnv *env;
static volatile int hooked, active;

static void JNICALL on_hook(jvmtiEnv *e, JNIEnv *jni, jclass being_redefined, jobject loader, const char *name,
                            jobject pd, jint len, const unsigned char *data, jint *new_len, unsigned char **new_data)
{
    if (!active || being_redefined == NULL) return;
    unsigned char *copy = NULL;
    if ((*e)->Allocate(e, len, &copy) != JVMTI_ERROR_NONE) return;
    memcpy(copy, data, (size_t)len);
    *new_len = len;
    *new_data = copy;
    __sync_fetch_and_add(&hooked, 1);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_retransform_classes = 1;
    caps.can_retransform_any_class = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ClassFileLoadHook = on_hook;
    (*env)->SetEventCallbacks(env, &cb, sizeof cb);
    check("SetEventNotificationMode(ClassFileLoadHook)",
          (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_CLASS_FILE_LOAD_HOOK, NULL));
    return 0;
}

/* Retransforms every modifiable loaded class in one call; prints whether it succeeded
 * and whether the hook saw every class. */
JNIEXPORT void JNICALL Java_RetransformAll_retransformAll(JNIEnv *jni, jclass cls)
{
    jint n = 0;
    jclass *all = NULL;
    check("GetLoadedClasses", (*env)->GetLoadedClasses(env, &n, &all));
    jclass *mod = malloc(sizeof(jclass) * (size_t)(n + 1));
    jint m = 0;
    for (jint i = 0; i < n; i++) {
        jboolean b = JNI_FALSE;
        if ((*env)->IsModifiableClass(env, all[i], &b) == JVMTI_ERROR_NONE && b) mod[m++] = all[i];
    }
    active = 1;
    jvmtiError e = (*env)->RetransformClasses(env, m, mod);
    active = 0;
    /* At least each: HotSpot's hook sees one class more than it was given (a class it
     * loads meanwhile and retransforms too, it seems); the count is not compared. */
    say("RetransformClasses of every modifiable class: %s; the hook saw each: %s", err_name(e),
        hooked >= m && m > 500 ? "yes" : "no");
    free(mod);
    (*env)->Deallocate(env, (unsigned char *)all);
}
