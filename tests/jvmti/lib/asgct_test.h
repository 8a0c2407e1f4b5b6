/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * asgct_test.h — what the AsyncGetCallTrace test agents share (header-only, after
 * jvmti_test.h). The declarations of the call are the agents' own, as a profiler
 * declares them (HotSpot ships no header), not GlassVM's include/asgct.h.
 *
 * asgct_setup(jvmti, handler): finds AsyncGetCallTrace with dlsym, installs handler for
 * SIGPROF, and sets the environment's ClassLoad, ClassPrepare and VMInit callbacks and
 * enables VMInit and ClassPrepare, so that every method of every class has its jmethodID
 * (HotSpot makes them lazily, and AsyncGetCallTrace reports only methods whose ID
 * exists). ClassLoad events are left to the caller to enable (AsyncGetCallTrace answers
 * -1 until some environment has). Returns the function, or NULL (said) if it is missing.
 */
#ifndef GLASS_ASGCT_TEST_H
#define GLASS_ASGCT_TEST_H

#include <dlfcn.h>
#include <signal.h>

typedef struct {
    jint lineno;
    jmethodID method_id;
} CallFrame;

typedef struct {
    JNIEnv *env_id;
    jint num_frames;
    CallFrame *frames;
} CallTrace;

typedef void (*AsgctFn)(CallTrace *, jint, void *);

static void JNICALL asgct_on_class_load(jvmtiEnv *e, JNIEnv *env, jthread thread, jclass klass) {}

static void JNICALL asgct_on_class_prepare(jvmtiEnv *e, JNIEnv *env, jthread thread, jclass klass)
{
    jint n;
    jmethodID *ms;
    if ((*e)->GetClassMethods(e, klass, &n, &ms) == JVMTI_ERROR_NONE) (*e)->Deallocate(e, (unsigned char *)ms);
}

/* The same for the classes loaded before the live phase. */
static void JNICALL asgct_on_vm_init(jvmtiEnv *e, JNIEnv *env, jthread thread)
{
    jint n;
    jclass *classes;
    if ((*e)->GetLoadedClasses(e, &n, &classes) != JVMTI_ERROR_NONE) return;
    for (jint i = 0; i < n; i++) asgct_on_class_prepare(e, env, thread, classes[i]);
    (*e)->Deallocate(e, (unsigned char *)classes);
}

static AsgctFn asgct_setup(jvmtiEnv *jvmti, void (*handler)(int, siginfo_t *, void *)) __attribute__((unused));
static AsgctFn asgct_setup(jvmtiEnv *jvmti, void (*handler)(int, siginfo_t *, void *))
{
    AsgctFn f = (AsgctFn)dlsym(RTLD_DEFAULT, "AsyncGetCallTrace");
    if (f == NULL) {
        say("no AsyncGetCallTrace");
        return NULL;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = handler;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigaction(SIGPROF, &sa, NULL);
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ClassLoad = asgct_on_class_load;
    cb.ClassPrepare = asgct_on_class_prepare;
    cb.VMInit = asgct_on_vm_init;
    (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_CLASS_PREPARE, NULL);
    return f;
}

#endif
