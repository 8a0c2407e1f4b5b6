/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI event VMObjectAlloc (needs can_generate_vm_object_alloc_events): sent for
 * objects the VM allocates on behalf of Java code without a bytecode (Object.clone,
 * Array.newInstance, Constructor.newInstance), on the allocating thread, with the
 * object, its class and its size (= GetObjectSize). Not sent for new/newarray.
 */
#include "jvmti_test.h"

static jvmtiEnv *jvmti;
static volatile int recording;

static void JNICALL vm_object_alloc(jvmtiEnv *e, JNIEnv *jni, jthread t, jobject o, jclass k, jlong size)
{
    if (!recording) return;
    char *sig = NULL;
    (*jvmti)->GetClassSignature(jvmti, k, &sig, NULL);
    jclass real = (*jni)->GetObjectClass(jni, o);
    jthread cur = NULL;
    (*jvmti)->GetCurrentThread(jvmti, &cur);
    jlong osize = -1;
    (*jvmti)->GetObjectSize(jvmti, o, &osize);
    say("VMObjectAlloc: %s, class %s, thread %s, size %s", sig ? sig : "?",
        (*jni)->IsSameObject(jni, real, k) ? "matches" : "WRONG",
        (*jni)->IsSameObject(jni, cur, t) ? "current" : "OTHER",
        size > 0 && size == osize ? "= GetObjectSize" : "WRONG");
    (*jvmti)->Deallocate(jvmti, (unsigned char *)sig);
}

JNIEXPORT void JNICALL Java_VMObjectAlloc_record(JNIEnv *jni, jclass c, jboolean on) { recording = on; }

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmti = new_env(vm);
    if (jvmti == NULL) return 1;
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMObjectAlloc = vm_object_alloc;
    check("SetEventCallbacks", (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb));
    check("enable without capability",
          (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_OBJECT_ALLOC, NULL));
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_vm_object_alloc_events = 1;
    check("AddCapabilities", (*jvmti)->AddCapabilities(jvmti, &caps));
    check("enable", (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_OBJECT_ALLOC, NULL));
    return 0;
}
