/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI RedefineClasses and RetransformClasses errors (RedefineErrors.java). One
 * environment has can_redefine_classes and can_retransform_classes and a
 * ClassFileLoadHook that, during retransform(), replaces the retransformed class's bytes
 * by the ones the program gave; a second environment has neither capability. OnLoad
 * calls give WRONG_PHASE.
 */
#include "jvmti_test.h"

static jvmtiEnv *env, *plain;
static unsigned char *replacement; /* bytes the hook returns, or NULL */
static jint replacement_len;
static int hooked;

static void JNICALL hook(jvmtiEnv *e, JNIEnv *jni, jclass redefined, jobject loader, const char *name,
                         jobject pd, jint len, const unsigned char *data, jint *new_len, unsigned char **new_data)
{
    if (redefined == NULL || replacement == NULL) return;
    hooked++;
    unsigned char *b = NULL;
    if ((*e)->Allocate(e, replacement_len > 0 ? replacement_len : 1, &b) != JVMTI_ERROR_NONE) return;
    memcpy(b, replacement, (size_t)replacement_len);
    *new_len = replacement_len;
    *new_data = b;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    plain = new_env(vm);
    if (env == NULL || plain == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_redefine_classes = 1;
    caps.can_retransform_classes = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ClassFileLoadHook = hook;
    check("SetEventCallbacks", (*env)->SetEventCallbacks(env, &cb, sizeof cb));
    check("SetEventNotificationMode", (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_CLASS_FILE_LOAD_HOOK, NULL));
    jvmtiClassDefinition d = {NULL, 0, NULL};
    check("OnLoad: RedefineClasses", (*env)->RedefineClasses(env, 1, &d));
    check("OnLoad: RetransformClasses", (*env)->RetransformClasses(env, 0, NULL));
    return 0;
}

static jvmtiError redefine_one(JNIEnv *jni, jclass c, jbyteArray bytes)
{
    jvmtiClassDefinition d;
    d.klass = c;
    d.class_byte_count = (*jni)->GetArrayLength(jni, bytes);
    jbyte *b = (*jni)->GetByteArrayElements(jni, bytes, NULL);
    d.class_bytes = (const unsigned char *)b;
    jvmtiError e = (*env)->RedefineClasses(env, 1, &d);
    (*jni)->ReleaseByteArrayElements(jni, bytes, b, JNI_ABORT);
    return e;
}

static void say_label(JNIEnv *jni, const char *fn, jstring label, jvmtiError e)
{
    const char *l = (*jni)->GetStringUTFChars(jni, label, NULL);
    say("%s(%s): %s", fn, l, err_name(e));
    (*jni)->ReleaseStringUTFChars(jni, label, l);
}

JNIEXPORT void JNICALL Java_RedefineErrors_redefine(JNIEnv *jni, jclass cls, jstring label, jclass c, jbyteArray bytes)
{
    say_label(jni, "RedefineClasses", label, redefine_one(jni, c, bytes));
}

JNIEXPORT void JNICALL Java_RedefineErrors_retransform(JNIEnv *jni, jclass cls, jstring label, jclass c, jbyteArray bytes)
{
    if (bytes != NULL) {
        replacement_len = (*jni)->GetArrayLength(jni, bytes);
        replacement = malloc((size_t)replacement_len + 1);
        (*jni)->GetByteArrayRegion(jni, bytes, 0, replacement_len, (jbyte *)replacement);
    }
    hooked = 0;
    jvmtiError e = (*env)->RetransformClasses(env, 1, &c);
    free(replacement);
    replacement = NULL;
    say_label(jni, "RetransformClasses", label, e);
    if (bytes != NULL && hooked != 1 && e != JVMTI_ERROR_UNMODIFIABLE_CLASS) say("  the hook ran %d times", hooked);
}

JNIEXPORT void JNICALL Java_RedefineErrors_redefine2(JNIEnv *jni, jclass cls, jstring label, jclass a, jbyteArray ab,
                                                     jclass b, jbyteArray bb)
{
    jvmtiClassDefinition d[2];
    d[0].klass = a;
    d[0].class_byte_count = (*jni)->GetArrayLength(jni, ab);
    d[0].class_bytes = (const unsigned char *)(*jni)->GetByteArrayElements(jni, ab, NULL);
    d[1].klass = b;
    d[1].class_byte_count = (*jni)->GetArrayLength(jni, bb);
    d[1].class_bytes = (const unsigned char *)(*jni)->GetByteArrayElements(jni, bb, NULL);
    jvmtiError e = (*env)->RedefineClasses(env, 2, d);
    (*jni)->ReleaseByteArrayElements(jni, ab, (jbyte *)d[0].class_bytes, JNI_ABORT);
    (*jni)->ReleaseByteArrayElements(jni, bb, (jbyte *)d[1].class_bytes, JNI_ABORT);
    say_label(jni, "RedefineClasses", label, e);
}

JNIEXPORT void JNICALL Java_RedefineErrors_argumentErrors(JNIEnv *jni, jclass cls, jclass c, jbyteArray bytes)
{
    jint len = (*jni)->GetArrayLength(jni, bytes);
    jbyte *b = (*jni)->GetByteArrayElements(jni, bytes, NULL);
    jvmtiClassDefinition d = {c, len, (const unsigned char *)b};
    check("RedefineClasses(no capability)", (*plain)->RedefineClasses(plain, 1, &d));
    check("RetransformClasses(no capability)", (*plain)->RetransformClasses(plain, 1, &c));
    check("RedefineClasses(count -1)", (*env)->RedefineClasses(env, -1, &d));
    check("RetransformClasses(count -1)", (*env)->RetransformClasses(env, -1, &c));
    check("RedefineClasses(NULL definitions)", (*env)->RedefineClasses(env, 1, NULL));
    check("RetransformClasses(NULL classes)", (*env)->RetransformClasses(env, 1, NULL));
    check("RedefineClasses(count 0)", (*env)->RedefineClasses(env, 0, &d));
    check("RetransformClasses(count 0)", (*env)->RetransformClasses(env, 0, &c));
    jvmtiClassDefinition nul = {NULL, len, (const unsigned char *)b};
    check("RedefineClasses(NULL klass)", (*env)->RedefineClasses(env, 1, &nul));
    jclass none = NULL;
    check("RetransformClasses(NULL class)", (*env)->RetransformClasses(env, 1, &none));
    jvmtiClassDefinition nobytes = {c, len, NULL};
    check("RedefineClasses(NULL class_bytes)", (*env)->RedefineClasses(env, 1, &nobytes));
    jvmtiClassDefinition zero = {c, 0, (const unsigned char *)b};
    check("RedefineClasses(class_byte_count 0)", (*env)->RedefineClasses(env, 1, &zero));
    (*jni)->ReleaseByteArrayElements(jni, bytes, b, JNI_ABORT);
}
