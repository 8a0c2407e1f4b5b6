/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI_ERROR_UNATTACHED_THREAD: a thread the VM does not know is refused by every
 * function except the callback-safe ones of the OnLoad and any phases (memory, raw
 * monitors, environment-local storage; the timers are not implemented yet), which agents use from threads of their
 * own, as in HotSpot. The thread is a plain pthread created by the agent; it then
 * attaches through JNI and the refused calls work, and detaches. Results are printed by
 * the Java thread after joining it.
 */
#include <pthread.h>

#include "jvmti_test.h"

static JavaVM *jvm;
static jvmtiEnv *env;
static char out[4096];

static void record(const char *what, jvmtiError e)
{
    size_t n = strlen(out);
    snprintf(out + n, sizeof out - n, "%s: %s\n", what, err_name(e));
}

static void *run(void *arg)
{
    jint n;
    jclass *classes;
    jthread t;
    jvmtiPhase phase;
    unsigned char *mem;
    char *name;
    jint version;
    jvmtiJlocationFormat format;
    record("unattached GetCurrentThread", (*env)->GetCurrentThread(env, &t));
    record("unattached GetLoadedClasses", (*env)->GetLoadedClasses(env, &n, &classes));
    record("unattached GetThreadState", (*env)->GetThreadState(env, NULL, &n));
    record("unattached GetPhase", (*env)->GetPhase(env, &phase));
    record("unattached Allocate", (*env)->Allocate(env, 16, &mem));
    record("unattached Deallocate", (*env)->Deallocate(env, mem));
    record("unattached GetVersionNumber", (*env)->GetVersionNumber(env, &version));
    record("unattached GetJLocationFormat", (*env)->GetJLocationFormat(env, &format));
    record("unattached GetErrorName", (*env)->GetErrorName(env, JVMTI_ERROR_NONE, &name));
    jrawMonitorID mon;
    jlong nanos;
    void *data;
    record("unattached CreateRawMonitor", (*env)->CreateRawMonitor(env, "m", &mon));
    record("unattached RawMonitorEnter", (*env)->RawMonitorEnter(env, mon));
    record("unattached RawMonitorExit", (*env)->RawMonitorExit(env, mon));
    record("unattached DestroyRawMonitor", (*env)->DestroyRawMonitor(env, mon));
    record("unattached SetEnvironmentLocalStorage", (*env)->SetEnvironmentLocalStorage(env, &nanos));
    record("unattached GetEnvironmentLocalStorage", (*env)->GetEnvironmentLocalStorage(env, &data));
    jvmtiCapabilities caps;
    record("unattached GetCapabilities", (*env)->GetCapabilities(env, &caps));

    JNIEnv *jni;
    JavaVMAttachArgs args = {JNI_VERSION_1_2, "attached-agent-thread", NULL};
    if ((*jvm)->AttachCurrentThread(jvm, (void **)&jni, &args) != JNI_OK) {
        record("AttachCurrentThread failed", JVMTI_ERROR_INTERNAL);
        return NULL;
    }
    jvmtiPhase p2;
    record("attached GetPhase", (*env)->GetPhase(env, &p2));
    record("attached GetVersionNumber", (*env)->GetVersionNumber(env, &version));
    record("attached GetCapabilities", (*env)->GetCapabilities(env, &caps));
    (*jvm)->DetachCurrentThread(jvm);
    record("detached again GetLoadedClasses", (*env)->GetLoadedClasses(env, &n, &classes));
    return NULL;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvm = vm;
    env = new_env(vm);
    return env == NULL;
}

JNIEXPORT void JNICALL Java_Unattached_live(JNIEnv *jni, jclass cls)
{
    pthread_t th;
    pthread_create(&th, NULL, run, NULL);
    pthread_join(th, NULL);
    fputs(out, stdout);
    fflush(stdout);
}
