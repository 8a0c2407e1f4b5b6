/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Memory from JVMTI Allocate, from JNI's copies (Get<Type>ArrayElements,
 * GetStringUTFChars, GetStringChars) and from the C library's malloc is one kind, as on
 * HotSpot, where all of them are C-heap blocks: real agents rely on it.
 *   - ClassFileLoadHook hands back, as new_class_data, the pointer JNI
 *     GetByteArrayElements gave for a Java byte[] holding the transformed class (never
 *     released: the VM deallocates new_class_data), for FromArray; a buffer of its own
 *     malloc for FromMalloc. Both classes run with the transformation applied (a
 *     string constant "before" patched to "AFTER!").
 *   - Allocate'd memory freed with free(); malloc'd memory, JNI array element and
 *     string copies passed to Deallocate.
 * Get<Type>ArrayElements answers isCopy true, and a copy is what Release's modes act
 * on: JNI_COMMIT writes back and keeps the copy, JNI_ABORT drops changes, 0 writes back.
 */
#include "jvmti_test.h"

static jvmtiEnv *e;

/* Replaces the UTF-8 constant "before" by "AFTER!" (same length) in a class file. */
static int patch(unsigned char *buf, jint len)
{
    int n = 0;
    for (jint i = 0; i + 6 <= len; i++)
        if (memcmp(buf + i, "before", 6) == 0) {
            memcpy(buf + i, "AFTER!", 6);
            n++;
        }
    return n;
}

static void JNICALL hook(jvmtiEnv *env, JNIEnv *jni, jclass redefined, jobject loader, const char *name, jobject pd,
                         jint len, const unsigned char *data, jint *new_len, unsigned char **new_data)
{
    if (name == NULL) return;
    if (strcmp(name, "FromArray") == 0) {
        jbyteArray a = (*jni)->NewByteArray(jni, len);
        if (a == NULL) return;
        (*jni)->SetByteArrayRegion(jni, a, 0, len, (const jbyte *)data);
        jboolean copy = JNI_FALSE;
        jbyte *elems = (*jni)->GetByteArrayElements(jni, a, &copy);
        if (elems == NULL) return;
        say("hook FromArray: isCopy %s, patched %d", copy ? "true" : "false", patch((unsigned char *)elems, len));
        *new_data = (unsigned char *)elems;
        *new_len = len;
    } else if (strcmp(name, "FromMalloc") == 0) {
        unsigned char *buf = malloc((size_t)len);
        if (buf == NULL) return;
        memcpy(buf, data, (size_t)len);
        say("hook FromMalloc: patched %d", patch(buf, len));
        *new_data = buf;
        *new_len = len;
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

JNIEXPORT void JNICALL Java_HookForeignBuffer_mix(JNIEnv *jni, jclass c, jintArray ints, jstring s)
{
    unsigned char *mem = NULL;
    check("Allocate(64)", (*e)->Allocate(e, 64, &mem));
    if (mem != NULL) {
        memset(mem, 1, 64);
        free(mem);
        say("freed with free()");
    }
    char *m = malloc(32);
    check("Deallocate(malloc'd)", (*e)->Deallocate(e, (unsigned char *)m));

    jboolean copy = JNI_FALSE;
    jint *el = (*jni)->GetIntArrayElements(jni, ints, &copy);
    say("GetIntArrayElements: isCopy %s", copy ? "true" : "false");
    check("Deallocate(array elements)", (*e)->Deallocate(e, (unsigned char *)el));
    const char *u = (*jni)->GetStringUTFChars(jni, s, &copy);
    say("GetStringUTFChars: isCopy %s", copy ? "true" : "false");
    check("Deallocate(UTF chars)", (*e)->Deallocate(e, (unsigned char *)u));
    const jchar *ch = (*jni)->GetStringChars(jni, s, &copy);
    say("GetStringChars: isCopy %s", copy ? "true" : "false");
    check("Deallocate(chars)", (*e)->Deallocate(e, (unsigned char *)ch));
    el = (*jni)->GetIntArrayElements(jni, ints, NULL);
    free(el);
    say("array elements freed with free()");

    /* Release modes on the copy. */
    el = (*jni)->GetIntArrayElements(jni, ints, NULL);
    jint first = 0;
    el[0] = 100;
    (*jni)->GetIntArrayRegion(jni, ints, 0, 1, &first);
    say("before release: array[0] = %d", (int)first);
    (*jni)->ReleaseIntArrayElements(jni, ints, el, JNI_COMMIT);
    (*jni)->GetIntArrayRegion(jni, ints, 0, 1, &first);
    say("after JNI_COMMIT: array[0] = %d", (int)first);
    el[0] = 200;
    (*jni)->ReleaseIntArrayElements(jni, ints, el, JNI_ABORT);
    (*jni)->GetIntArrayRegion(jni, ints, 0, 1, &first);
    say("after JNI_ABORT: array[0] = %d", (int)first);
    el = (*jni)->GetIntArrayElements(jni, ints, NULL);
    el[0] = 300;
    (*jni)->ReleaseIntArrayElements(jni, ints, el, 0);
    (*jni)->GetIntArrayRegion(jni, ints, 0, 1, &first);
    say("after mode 0: array[0] = %d", (int)first);
    jintArray empty = (*jni)->NewIntArray(jni, 0);
    el = (*jni)->GetIntArrayElements(jni, empty, NULL);
    say("empty array elements: %s", el != NULL ? "non-null" : "null");
    (*jni)->ReleaseIntArrayElements(jni, empty, el, 0);
}
