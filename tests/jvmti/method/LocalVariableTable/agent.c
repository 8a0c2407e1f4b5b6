/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * GetLocalVariableTable: WRONG_PHASE in Agent_OnLoad (a live-phase function; the phase
 * is checked first) and MUST_POSSESS_CAPABILITY in the live phase for an environment
 * that has not added can_access_local_variables (checked before the arguments: a valid
 * method, a NULL method and NULL pointers all answer it). The capability is never
 * requested, so the output does not depend on whether the VM offers it.
 */
#include "jvmti_test.h"

static jvmtiEnv *e;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    e = new_env(vm);
    if (e == NULL) return 1;
    jint n;
    jvmtiLocalVariableEntry *t;
    check("OnLoad GetLocalVariableTable", (*e)->GetLocalVariableTable(e, NULL, &n, &t));
    return 0;
}

JNIEXPORT void JNICALL Java_LocalVariableTable_live(JNIEnv *jni, jclass cls)
{
    jmethodID m = (*jni)->GetStaticMethodID(jni, cls, "withLocals", "(I)I");
    jint n = -1;
    jvmtiLocalVariableEntry *t = NULL;
    check("GetLocalVariableTable(no capability)", (*e)->GetLocalVariableTable(e, m, &n, &t));
    check("GetLocalVariableTable(no capability, NULL method)", (*e)->GetLocalVariableTable(e, NULL, &n, &t));
    check("GetLocalVariableTable(no capability, NULL pointers)", (*e)->GetLocalVariableTable(e, m, NULL, NULL));
    say("untouched: %d %s", (int)n, t == NULL ? "NULL" : "set");
}
