/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: GetSourceFileName (can_get_source_file_name) and GetSourceDebugExtension
 * (can_get_source_debug_extension). Both capabilities are added in OnLoad (HotSpot
 * keeps SourceDebugExtension attributes only for classes loaded after an environment
 * took the capability there). Prints the source file name and the debug extension of
 * each class, or the error (ABSENT_INFORMATION). Errors: MUST_POSSESS_CAPABILITY (an
 * environment without the capabilities), NULL_POINTER, INVALID_CLASS, WRONG_PHASE.
 */
#include "jvmti_test.h"

static jvmtiEnv *env, *plain;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    plain = new_env(vm);
    if (env == NULL || plain == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_get_source_file_name = 1;
    caps.can_get_source_debug_extension = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    char *s;
    check("OnLoad GetSourceFileName", (*env)->GetSourceFileName(env, NULL, &s));
    check("OnLoad GetSourceDebugExtension", (*env)->GetSourceDebugExtension(env, NULL, &s));
    return 0;
}

/* Escapes newlines and non-printable bytes so one result is one line. */
static void escaped(char *out, size_t n, const char *s)
{
    size_t k = 0;
    for (; *s && k + 5 < n; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '\n')
            k += (size_t)snprintf(out + k, n - k, "\\n");
        else if (c < 0x20 || c >= 0x7f)
            k += (size_t)snprintf(out + k, n - k, "\\x%02x", c);
        else
            out[k++] = (char)c;
    }
    out[k] = 0;
}

JNIEXPORT void JNICALL Java_SourceAttributes_source(JNIEnv *jni, jclass cls, jstring label, jclass k)
{
    const char *l = (*jni)->GetStringUTFChars(jni, label, NULL);
    char *s = NULL, *d = NULL, buf[512];
    jvmtiError e = (*env)->GetSourceFileName(env, k, &s);
    if (e == JVMTI_ERROR_NONE) {
        say("%s: source file %s", l, s);
        (*env)->Deallocate(env, (unsigned char *)s);
    } else {
        say("%s: source file %s", l, err_name(e));
    }
    e = (*env)->GetSourceDebugExtension(env, k, &d);
    if (e == JVMTI_ERROR_NONE) {
        escaped(buf, sizeof buf, d);
        say("%s: debug extension \"%s\" (%d bytes)", l, buf, (int)strlen(d));
        (*env)->Deallocate(env, (unsigned char *)d);
    } else {
        say("%s: debug extension %s", l, err_name(e));
    }
    (*jni)->ReleaseStringUTFChars(jni, label, l);
}

JNIEXPORT void JNICALL Java_SourceAttributes_errors(JNIEnv *jni, jclass cls, jobject o)
{
    char *s;
    check("GetSourceFileName without capability", (*plain)->GetSourceFileName(plain, cls, &s));
    check("GetSourceDebugExtension without capability", (*plain)->GetSourceDebugExtension(plain, cls, &s));
    check("GetSourceFileName NULL source_name_ptr", (*env)->GetSourceFileName(env, cls, NULL));
    check("GetSourceDebugExtension NULL ptr", (*env)->GetSourceDebugExtension(env, cls, NULL));
    check("GetSourceFileName not a class", (*env)->GetSourceFileName(env, (jclass)o, &s));
    check("GetSourceDebugExtension not a class", (*env)->GetSourceDebugExtension(env, (jclass)o, &s));
    check("GetSourceFileName NULL class", (*env)->GetSourceFileName(env, NULL, &s));
    check("GetSourceDebugExtension NULL class", (*env)->GetSourceDebugExtension(env, NULL, &s));
}
