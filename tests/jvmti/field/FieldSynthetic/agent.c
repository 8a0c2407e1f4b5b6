/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * IsFieldSynthetic (can_get_synthetic_attribute). For each (class, field) the program
 * passes: the name, IsFieldSynthetic, and whether GetFieldModifiers includes
 * ACC_SYNTHETIC (0x1000). Errors: MUST_POSSESS_CAPABILITY (an environment without the
 * capability), INVALID_CLASS (NULL, not a class), INVALID_FIELDID (NULL, a field the
 * class does not have), NULL_POINTER, WRONG_PHASE (Agent_OnLoad).
 */
#include "jvmti_test.h"

static JavaVM *jvm;
static jvmtiEnv *e;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvm = vm;
    e = new_env(vm);
    if (e == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_get_synthetic_attribute = 1;
    check("AddCapabilities(can_get_synthetic_attribute)", (*e)->AddCapabilities(e, &caps));
    jboolean b;
    check("OnLoad IsFieldSynthetic", (*e)->IsFieldSynthetic(e, NULL, NULL, &b));
    return 0;
}

JNIEXPORT void JNICALL Java_FieldSynthetic_synthetic(JNIEnv *jni, jclass cls, jclass c, jobject field)
{
    jfieldID f = (*jni)->FromReflectedField(jni, field);
    char *name = NULL;
    jvmtiError r = (*e)->GetFieldName(e, c, f, &name, NULL, NULL);
    if (r != JVMTI_ERROR_NONE) {
        check("GetFieldName", r);
        return;
    }
    jboolean syn = 9;
    jint mods = 0;
    r = (*e)->IsFieldSynthetic(e, c, f, &syn);
    jvmtiError rm = (*e)->GetFieldModifiers(e, c, f, &mods);
    if (rm != JVMTI_ERROR_NONE) check("GetFieldModifiers", rm);
    say("%s: IsFieldSynthetic %s %s, ACC_SYNTHETIC in modifiers: %s", name, err_name(r),
        syn == 9 ? "?" : syn ? "yes" : "no", (mods & 0x1000) ? "yes" : "no");
    (*e)->Deallocate(e, (unsigned char *)name);
}

JNIEXPORT void JNICALL Java_FieldSynthetic_errors(JNIEnv *jni, jclass cls, jclass c, jobject field)
{
    jfieldID f = (*jni)->FromReflectedField(jni, field);
    jclass object = (*jni)->FindClass(jni, "java/lang/Object");
    jobject not_a_class = (*jni)->NewStringUTF(jni, "not a class");
    jboolean b = 9;
    check("IsFieldSynthetic(class NULL)", (*e)->IsFieldSynthetic(e, NULL, f, &b));
    check("IsFieldSynthetic(not a class)", (*e)->IsFieldSynthetic(e, not_a_class, f, &b));
    check("IsFieldSynthetic(field NULL)", (*e)->IsFieldSynthetic(e, c, NULL, &b));
    check("IsFieldSynthetic(class without the field)", (*e)->IsFieldSynthetic(e, object, f, &b));
    check("IsFieldSynthetic(result NULL)", (*e)->IsFieldSynthetic(e, c, f, NULL));
    say("untouched on error: %d", (int)b);
    jvmtiEnv *plain = new_env(jvm);
    if (plain == NULL) return;
    check("IsFieldSynthetic(no capability)", (*plain)->IsFieldSynthetic(plain, c, f, &b));
    (*plain)->DisposeEnvironment(plain);
}
