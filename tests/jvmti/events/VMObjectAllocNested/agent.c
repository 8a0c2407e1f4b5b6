/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * VMObjectAlloc is not sent for the allocations a thread makes while it is inside a
 * VMObjectAlloc callback (HotSpot's rule): a callback that calls Java code which
 * clones an array and calls Array.newInstance gets no events for those, nor does any
 * other environment, instead of recursing without end. Once the callback has returned,
 * the thread's VM allocations are reported again. The agent stops calling Java after
 * a few nested levels so that a VM breaking the rule prints its nested events instead
 * of dying.
 */
#include "jvmti_test.h"

static jvmtiEnv *first, *second;
static volatile int recording;
static int depth;
static jclass main_class; /* global reference, set by record() */

static const char *sig_of(jvmtiEnv *e, jclass k)
{
    static char buf[64];
    char *sig = NULL;
    (*e)->GetClassSignature(e, k, &sig, NULL);
    snprintf(buf, sizeof buf, "%s", sig ? sig : "?");
    (*e)->Deallocate(e, (unsigned char *)sig);
    return buf;
}

static void JNICALL alloc_first(jvmtiEnv *e, JNIEnv *jni, jthread t, jobject o, jclass k, jlong size)
{
    if (!recording) return;
    const char *sig = sig_of(e, k);
    say("first: VMObjectAlloc %s at depth %d", sig, depth);
    if (strcmp(sig, "[I") != 0 || depth >= 3) return;
    jclass main = main_class;
    jmethodID m = (*jni)->GetStaticMethodID(jni, main, "inCallback", "(Ljava/lang/Object;)Ljava/lang/Object;");
    if (m == NULL) {
        say("inCallback not found");
        (*jni)->ExceptionClear(jni);
        return;
    }
    depth++;
    jobject r = (*jni)->CallStaticObjectMethod(jni, main, m, o);
    depth--;
    say("first: inCallback returned %s, exception %s", r ? sig_of(e, (*jni)->GetObjectClass(jni, r)) : "null",
        (*jni)->ExceptionCheck(jni) ? "yes" : "no");
    (*jni)->ExceptionClear(jni);
}

static void JNICALL alloc_second(jvmtiEnv *e, JNIEnv *jni, jthread t, jobject o, jclass k, jlong size)
{
    if (recording) say("second: VMObjectAlloc %s at depth %d", sig_of(e, k), depth);
}

JNIEXPORT void JNICALL Java_VMObjectAllocNested_record(JNIEnv *jni, jclass c, jboolean on)
{
    if (main_class == NULL) main_class = (*jni)->NewGlobalRef(jni, c);
    recording = on;
}

static int setup(jvmtiEnv *e, jvmtiEventVMObjectAlloc fn)
{
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_vm_object_alloc_events = 1;
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMObjectAlloc = fn;
    if ((*e)->AddCapabilities(e, &caps) != JVMTI_ERROR_NONE || (*e)->SetEventCallbacks(e, &cb, sizeof cb) != JVMTI_ERROR_NONE ||
        (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_VM_OBJECT_ALLOC, NULL) != JVMTI_ERROR_NONE) {
        say("set-up failed");
        return 1;
    }
    return 0;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    first = new_env(vm);
    second = new_env(vm);
    if (first == NULL || second == NULL) return 1;
    return setup(first, alloc_first) || setup(second, alloc_second);
}
