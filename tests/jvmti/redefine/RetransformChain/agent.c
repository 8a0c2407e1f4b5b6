/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * RetransformChain: four environments with a ClassFileLoadHook each; A and C without
 * can_retransform_classes, B and D with it. For ChainTarget, each hook prints which
 * environment it is, whether a class is being redefined, and the marker "[....]" in the
 * bytes it got, then writes its letter at its position (A 1, B 2, C 3, D 4).
 */
#include "jvmti_test.h"

static jvmtiEnv *envs[4];
static const char letters_upper[] = "ABCD";
static char letters[] = "ABCD";

static int index_of(jvmtiEnv *e)
{
    for (int i = 0; i < 4; i++)
        if (envs[i] == e) return i;
    return -1;
}

static void JNICALL hook(jvmtiEnv *e, JNIEnv *jni, jclass redefined, jobject loader, const char *name,
                         jobject pd, jint len, const unsigned char *data, jint *new_len, unsigned char **new_data)
{
    if (name == NULL || strcmp(name, "ChainTarget") != 0) return;
    int k = index_of(e);
    const unsigned char *m = NULL;
    for (jint i = 0; i + 6 <= len && m == NULL; i++)
        if (data[i] == '[' && data[i + 5] == ']') m = data + i;
    if (m == NULL) {
        say("hook %c: no marker", letters_upper[k]);
        return;
    }
    say("hook %c: redefining=%s saw %.6s", letters_upper[k], redefined ? "yes" : "no", (const char *)m);
    unsigned char *b = NULL;
    if ((*e)->Allocate(e, len, &b) != JVMTI_ERROR_NONE) return;
    memcpy(b, data, (size_t)len);
    b[(m - data) + 1 + k] = (unsigned char)letters[k];
    *new_len = len;
    *new_data = b;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    for (int i = 0; i < 4; i++) {
        envs[i] = new_env(vm);
        if (envs[i] == NULL) return 1;
        jvmtiCapabilities caps;
        memset(&caps, 0, sizeof caps);
        caps.can_redefine_classes = 1;
        caps.can_retransform_classes = (i == 1 || i == 3);
        if ((*envs[i])->AddCapabilities(envs[i], &caps) != JVMTI_ERROR_NONE) say("AddCapabilities failed");
        jvmtiEventCallbacks cb;
        memset(&cb, 0, sizeof cb);
        cb.ClassFileLoadHook = hook;
        (*envs[i])->SetEventCallbacks(envs[i], &cb, sizeof cb);
        (*envs[i])->SetEventNotificationMode(envs[i], JVMTI_ENABLE, JVMTI_EVENT_CLASS_FILE_LOAD_HOOK, NULL);
    }
    return 0;
}

JNIEXPORT void JNICALL Java_RetransformChain_nextRound(JNIEnv *jni, jclass cls)
{
    letters[1] = 'b';
    letters[3] = 'd';
}

JNIEXPORT void JNICALL Java_RetransformChain_retransform(JNIEnv *jni, jclass cls, jclass c)
{
    /* From the incapable environment A: it is not called, B and D are. */
    jvmtiError e = (*envs[0])->RetransformClasses(envs[0], 1, &c);
    say("RetransformClasses by A: %s (A has no can_retransform_classes)", err_name(e));
    check("RetransformClasses by B", (*envs[1])->RetransformClasses(envs[1], 1, &c));
}

JNIEXPORT void JNICALL Java_RetransformChain_redefine(JNIEnv *jni, jclass cls, jclass c, jbyteArray bytes)
{
    jvmtiClassDefinition d;
    d.klass = c;
    d.class_byte_count = (*jni)->GetArrayLength(jni, bytes);
    jbyte *b = (*jni)->GetByteArrayElements(jni, bytes, NULL);
    d.class_bytes = (const unsigned char *)b;
    check("RedefineClasses by C", (*envs[2])->RedefineClasses(envs[2], 1, &d));
    (*jni)->ReleaseByteArrayElements(jni, bytes, b, JNI_ABORT);
}
