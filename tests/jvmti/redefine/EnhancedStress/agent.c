/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/* EnhancedStress: redefine() is RedefineClasses of one class, returning the error. */
#include "jvmti_test.h"

static jvmtiEnv *env;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_redefine_classes = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    return 0;
}

JNIEXPORT jint JNICALL Java_EnhancedStress_redefine(JNIEnv *jni, jclass cls, jclass target, jbyteArray bytes)
{
    jvmtiClassDefinition def;
    def.klass = target;
    def.class_byte_count = (*jni)->GetArrayLength(jni, bytes);
    jbyte *b = (*jni)->GetByteArrayElements(jni, bytes, NULL);
    def.class_bytes = (const unsigned char *)b;
    jvmtiError e = (*env)->RedefineClasses(env, 1, &def);
    (*jni)->ReleaseByteArrayElements(jni, bytes, b, JNI_ABORT);
    if (e != JVMTI_ERROR_NONE) say("RedefineClasses: %s", err_name(e));
    return (jint)e;
}
