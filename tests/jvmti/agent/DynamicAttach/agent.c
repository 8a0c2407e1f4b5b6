/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Dynamic attach (JVMTI "Agent Start-Up (Live phase)"): the program attaches to its own
 * VM and loads this agent with VirtualMachine.loadAgentPath and jcmd JVMTI.agent_load.
 * Agent_OnAttach runs in the live phase on the attach listener thread with its options;
 * an environment it creates gets events at once (ClassPrepare of a class the program
 * loads afterwards, DataDumpRequest from jcmd JVMTI.data_dump); Agent_OnAttach's non-zero
 * result reaches the tool (AgentInitializationException). Also: system and agent
 * properties, a missing library (AgentLoadException with the reason), a java.lang.instrument
 * agent started from a JAR (agentmain), an unknown diagnostic command.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;

static void JNICALL class_prepare(jvmtiEnv *e, JNIEnv *jni, jthread t, jclass c)
{
    char *sig = NULL;
    (*e)->GetClassSignature(e, c, &sig, NULL);
    if (sig != NULL && strcmp(sig, "LDynamicAttach$Later;") == 0) {
        jvmtiThreadInfo ti;
        (*e)->GetThreadInfo(e, t, &ti);
        say("ClassPrepare %s on %s", sig, ti.name);
        (*e)->Deallocate(e, (unsigned char *)ti.name);
    }
    (*e)->Deallocate(e, (unsigned char *)sig);
}

static void JNICALL data_dump(jvmtiEnv *e)
{
    say("DataDumpRequest");
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    say("Agent_OnLoad: not expected");
    return 0;
}

JNIEXPORT jint JNICALL Agent_OnAttach(JavaVM *vm, char *options, void *reserved)
{
    jvmtiEnv *e = new_env(vm);
    if (e == NULL) return 1;
    jvmtiPhase phase;
    (*e)->GetPhase(e, &phase);
    jthread self;
    jvmtiThreadInfo ti;
    (*e)->GetCurrentThread(e, &self);
    (*e)->GetThreadInfo(e, self, &ti);
    say("Agent_OnAttach(%s) in phase %s on %s", options ? options : "null", phase_name(phase), ti.name);
    (*e)->Deallocate(e, (unsigned char *)ti.name);
    if (options != NULL && strcmp(options, "fail") == 0) {
        (*e)->DisposeEnvironment(e);
        return 5;
    }
    if (env != NULL) return 0; /* the second load: its environment stays quiet */
    env = e;
    jvmtiEventCallbacks cbs;
    memset(&cbs, 0, sizeof cbs);
    cbs.ClassPrepare = class_prepare;
    cbs.DataDumpRequest = data_dump;
    check("SetEventCallbacks", (*e)->SetEventCallbacks(e, &cbs, sizeof cbs));
    check("enable ClassPrepare", (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_CLASS_PREPARE, NULL));
    check("enable DataDumpRequest",
          (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_DATA_DUMP_REQUEST, NULL));
    return 0;
}
