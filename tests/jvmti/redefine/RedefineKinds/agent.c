/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/* RedefineKinds.java's redefine4: one RedefineClasses of four classes. */
#include "jvmti_test.h"

static jvmtiEnv *env;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_redefining_env(vm);
    return env == NULL;
}

JNIEXPORT jint JNICALL Java_RedefineKinds_redefine4(JNIEnv *jni, jclass cls, jclass a, jbyteArray ab, jclass b,
                                                    jbyteArray bb, jclass c, jbyteArray cb, jclass d, jbyteArray db)
{
    jclass k[4] = {a, b, c, d};
    jbyteArray arr[4] = {ab, bb, cb, db};
    jvmtiClassDefinition defs[4];
    for (int i = 0; i < 4; i++) {
        defs[i].klass = k[i];
        defs[i].class_byte_count = (*jni)->GetArrayLength(jni, arr[i]);
        defs[i].class_bytes = (const unsigned char *)(*jni)->GetByteArrayElements(jni, arr[i], NULL);
    }
    jvmtiError e = (*env)->RedefineClasses(env, 4, defs);
    for (int i = 0; i < 4; i++)
        (*jni)->ReleaseByteArrayElements(jni, arr[i], (jbyte *)defs[i].class_bytes, JNI_ABORT);
    say("RedefineClasses of 4 classes: %s", err_name(e));
    return (jint)e;
}
