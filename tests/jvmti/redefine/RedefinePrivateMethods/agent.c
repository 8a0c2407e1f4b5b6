/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/* RedefinePrivateMethods: redefine() is RedefineClasses of one class, returning the
 * error; methodNames() prints GetClassMethods in class-file order. */
#include "jvmti_test.h"

static jvmtiEnv *env;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_redefine_classes = 1;
    caps.can_maintain_original_method_order = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    return 0;
}

JNIEXPORT jint JNICALL Java_RedefinePrivateMethods_redefine(JNIEnv *jni, jclass cls, jclass target, jbyteArray bytes)
{
    jvmtiError e = redefine_array(env, jni, target, bytes);
    if (e != JVMTI_ERROR_NONE) say("RedefineClasses: %s", err_name(e));
    return (jint)e;
}

JNIEXPORT void JNICALL Java_RedefinePrivateMethods_methodNames(JNIEnv *jni, jclass cls, jclass k)
{
    jint n = 0;
    jmethodID *ms = NULL;
    check("GetClassMethods", (*env)->GetClassMethods(env, k, &n, &ms));
    char line[1024] = "";
    for (jint i = 0; i < n; i++) {
        char *name = NULL;
        (*env)->GetMethodName(env, ms[i], &name, NULL, NULL);
        strncat(line, " ", sizeof line - strlen(line) - 1);
        strncat(line, name, sizeof line - strlen(line) - 1);
        (*env)->Deallocate(env, (unsigned char *)name);
    }
    (*env)->Deallocate(env, (unsigned char *)ms);
    say("  methods:%s", line);
}
