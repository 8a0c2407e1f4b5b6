/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI events GarbageCollectionStart / GarbageCollectionFinish (need
 * can_generate_garbage_collection_events): every collection sends Start then Finish,
 * never nested; the callbacks may use raw monitors and Allocate (spec). The program
 * forces collections with System.gc(); other collections may happen too, so it prints
 * only relations that hold on every VM.
 */
#include "jvmti_test.h"

static jvmtiEnv *jvmti;
static jrawMonitorID lock;
static int starts, finishes, bad;

static void JNICALL gc_start(jvmtiEnv *e)
{
    if (starts != finishes) bad++;
    unsigned char *p = NULL;
    if ((*e)->Allocate(e, 16, &p) != JVMTI_ERROR_NONE) bad++;
    (*e)->Deallocate(e, p);
    starts++;
}

static void JNICALL gc_finish(jvmtiEnv *e)
{
    if ((*e)->RawMonitorEnter(e, lock) != JVMTI_ERROR_NONE) bad++;
    finishes++;
    if (finishes != starts) bad++;
    (*e)->RawMonitorNotifyAll(e, lock);
    (*e)->RawMonitorExit(e, lock);
}

JNIEXPORT jstring JNICALL Java_GarbageCollection_report(JNIEnv *jni, jclass c)
{
    static int last;
    char buf[128];
    (*jvmti)->RawMonitorEnter(jvmti, lock);
    snprintf(buf, sizeof buf, "balanced %s, new collections %s, errors %d", starts == finishes ? "yes" : "NO",
             finishes > last ? "yes" : "no", bad);
    last = finishes;
    (*jvmti)->RawMonitorExit(jvmti, lock);
    return (*jni)->NewStringUTF(jni, buf);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmti = new_env(vm);
    if (jvmti == NULL) return 1;
    check("CreateRawMonitor", (*jvmti)->CreateRawMonitor(jvmti, "gc", &lock));
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.GarbageCollectionStart = gc_start;
    cb.GarbageCollectionFinish = gc_finish;
    check("SetEventCallbacks", (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb));
    check("enable Start without capability",
          (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_GARBAGE_COLLECTION_START, NULL));
    check("enable Finish without capability",
          (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_GARBAGE_COLLECTION_FINISH, NULL));
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_garbage_collection_events = 1;
    check("AddCapabilities", (*jvmti)->AddCapabilities(jvmti, &caps));
    check("enable Start", (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_GARBAGE_COLLECTION_START, NULL));
    check("enable Finish", (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_GARBAGE_COLLECTION_FINISH, NULL));
    return 0;
}
