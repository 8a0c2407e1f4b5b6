/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * AsyncGetCallTrace, HotSpot's unofficial profiling call, found with dlsym as profilers
 * find it and called from a SIGPROF handler on the interrupted thread. The agent's
 * declarations of the ABI are its own (HotSpot ships no header). The program's native
 * method sample(depth) sends SIGPROF to its own thread; the handler takes the trace and
 * the native method prints it: each frame's method and its lineno (a Java frame's bci,
 * -3 for a native method's frame), or the result code. Checked: -1 while no
 * environment has ClassLoad events enabled, -8 for a null env_id, full traces (the
 * native method on top, then the Java callers with the bci of their invoke) from a
 * nested call, from <clinit>, from a comparator called back by the JDK's sort and from
 * another thread, and the depth limit.
 */
#include "jvmti_test.h"
#include "asgct_test.h"

static jvmtiEnv *jvmti;
static AsgctFn asgct;
/* The request and the result, for the handler (one sample at a time: the program
 * samples from one thread at a time). */
static JNIEnv *volatile want_env;
static volatile jint want_depth;
static CallFrame frames[64];
static volatile jint result;

static void on_sigprof(int sig, siginfo_t *si, void *uc)
{
    CallTrace t = {want_env, 12345, frames};
    asgct(&t, want_depth, uc);
    result = t.num_frames;
}

static void print_trace(const char *label, jint n)
{
    if (n <= 0) {
        say("%s: num_frames %d", label, (int)n);
        return;
    }
    say("%s: %d frames", label, (int)n);
    for (int i = 0; i < n; i++) {
        char *name = NULL, *sig = NULL, *csig = NULL;
        jclass k = NULL;
        if ((*jvmti)->GetMethodName(jvmti, frames[i].method_id, &name, &sig, NULL) != JVMTI_ERROR_NONE ||
            (*jvmti)->GetMethodDeclaringClass(jvmti, frames[i].method_id, &k) != JVMTI_ERROR_NONE ||
            (*jvmti)->GetClassSignature(jvmti, k, &csig, NULL) != JVMTI_ERROR_NONE) {
            say("  frame %d: invalid method", i);
            continue;
        }
        say("  %s %s%s lineno %d", csig, name, sig, (int)frames[i].lineno);
        (*jvmti)->Deallocate(jvmti, (unsigned char *)name);
        (*jvmti)->Deallocate(jvmti, (unsigned char *)sig);
        (*jvmti)->Deallocate(jvmti, (unsigned char *)csig);
    }
}

static jint take(JNIEnv *env, jint depth)
{
    want_env = env;
    want_depth = depth;
    result = 12345;
    pthread_kill(pthread_self(), SIGPROF); /* handled before pthread_kill returns */
    return result;
}

JNIEXPORT void JNICALL Java_AsyncGetCallTrace_sample(JNIEnv *env, jclass c, jstring label, jint depth)
{
    const char *s = (*env)->GetStringUTFChars(env, label, NULL);
    print_trace(s, take(env, depth));
    (*env)->ReleaseStringUTFChars(env, label, s);
}

JNIEXPORT void JNICALL Java_AsyncGetCallTrace_sampleWithoutEnv(JNIEnv *env, jclass c)
{
    say("null env_id: num_frames %d", (int)take(NULL, 10));
}

JNIEXPORT void JNICALL Java_AsyncGetCallTrace_enableClassLoad(JNIEnv *env, jclass c)
{
    check("SetEventNotificationMode(ClassLoad)",
          (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_CLASS_LOAD, NULL));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmti = new_env(vm);
    if (jvmti == NULL) return 1;
    asgct = asgct_setup(jvmti, on_sigprof);
    if (asgct == NULL) return 1;
    return 0;
}
