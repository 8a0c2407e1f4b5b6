/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * RedefineWatch.java's redefine (one RedefineClasses) and watch (an access and a
 * modification watch on Target.value, set after the redefinition while a frame runs the
 * old Target.run). Each event prints its method's name, whether it is obsolete, and its
 * location.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;

static void where(const char *what, jmethodID m, jlocation l)
{
    char *mn = NULL;
    jboolean obsolete = JNI_FALSE;
    (*env)->GetMethodName(env, m, &mn, NULL, NULL);
    (*env)->IsMethodObsolete(env, m, &obsolete);
    say("%s %s%s @%d", what, mn ? mn : "?", obsolete ? " (obsolete)" : "", (int)l);
    (*env)->Deallocate(env, (unsigned char *)mn);
}

static void JNICALL on_access(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation l, jclass c, jobject o,
                              jfieldID f)
{
    (void)e, (void)jni, (void)t, (void)c, (void)o, (void)f;
    where("access", m, l);
}

static void JNICALL on_modify(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation l, jclass c, jobject o,
                              jfieldID f, char sig, jvalue v)
{
    (void)e, (void)jni, (void)t, (void)c, (void)o, (void)f, (void)sig;
    char what[64];
    snprintf(what, sizeof what, "modification to %d in", (int)v.i);
    where(what, m, l);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    (void)options, (void)reserved;
    if ((*vm)->GetEnv(vm, (void **)&env, TEST_JVMTI_VERSION) != JNI_OK) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_redefine_classes = 1;
    caps.can_generate_field_access_events = 1;
    caps.can_generate_field_modification_events = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.FieldAccess = on_access;
    cb.FieldModification = on_modify;
    check("SetEventCallbacks", (*env)->SetEventCallbacks(env, &cb, (jint)sizeof cb));
    check("enable FieldAccess", (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_FIELD_ACCESS, NULL));
    check("enable FieldModification",
          (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_FIELD_MODIFICATION, NULL));
    return 0;
}

JNIEXPORT jint JNICALL Java_RedefineWatch_redefine(JNIEnv *jni, jclass cls, jclass target, jbyteArray bytes)
{
    (void)cls;
    jvmtiClassDefinition def;
    def.klass = target;
    def.class_byte_count = (*jni)->GetArrayLength(jni, bytes);
    def.class_bytes = (const unsigned char *)(*jni)->GetByteArrayElements(jni, bytes, NULL);
    jvmtiError e = (*env)->RedefineClasses(env, 1, &def);
    (*jni)->ReleaseByteArrayElements(jni, bytes, (jbyte *)def.class_bytes, JNI_ABORT);
    return (jint)e;
}

JNIEXPORT void JNICALL Java_RedefineWatch_watch(JNIEnv *jni, jclass cls, jclass target)
{
    (void)cls;
    jfieldID f = (*jni)->GetFieldID(jni, target, "value", "I");
    check("SetFieldAccessWatch", (*env)->SetFieldAccessWatch(env, target, f));
    check("SetFieldModificationWatch", (*env)->SetFieldModificationWatch(env, target, f));
}
