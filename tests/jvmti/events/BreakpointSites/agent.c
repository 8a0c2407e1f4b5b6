/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI breakpoints on instructions of several kinds: set before a method first runs,
 * on a field access, a string constant, an allocation and invokes (all hit on every
 * run, the method's results unchanged); set by a callee on the invoke its caller is
 * executing (the call returns normally and the breakpoint is hit on the next call);
 * cleared (never hit again, the code runs on unchanged). (Two environments sharing a
 * location cannot be compared: HotSpot gives can_generate_breakpoint_events to one
 * environment only.)
 */
#include "jvmti_test.h"

static jvmtiEnv *env;
static jmethodID work, outer;
static jlocation call_bci = -1;

static void report(jvmtiEnv *e, const char *who, jmethodID m, jlocation loc)
{
    char *name = NULL;
    (*e)->GetMethodName(e, m, &name, NULL, NULL);
    jint len = 0;
    unsigned char *code = NULL;
    (*e)->GetBytecodes(e, m, &len, &code);
    say("%s: Breakpoint in %s at %lld (opcode %d)", who, name, (long long)loc, loc < len ? code[loc] : -1);
    (*e)->Deallocate(e, code);
    (*e)->Deallocate(e, (unsigned char *)name);
}

static void JNICALL bp1(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation loc) { report(e, "env1", m, loc); }

static jvmtiEnv *make(JavaVM *vm, jvmtiEventBreakpoint cb)
{
    jvmtiEnv *e = new_env(vm);
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_breakpoint_events = 1;
    caps.can_get_bytecodes = 1;
    (*e)->AddCapabilities(e, &caps);
    jvmtiEventCallbacks cbs;
    memset(&cbs, 0, sizeof cbs);
    cbs.Breakpoint = cb;
    (*e)->SetEventCallbacks(e, &cbs, sizeof cbs);
    (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_BREAKPOINT, NULL);
    return e;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = make(vm, bp1);
    return env == NULL;
}

/* The bci of the first instruction of m with opcode op at or after `from`, -1 if none. */
static jlocation find(jmethodID m, int op, jlocation from)
{
    static const unsigned char len[256] = {
        [0x10] = 2, [0x11] = 3, [0x12] = 2, [0x13] = 3, [0x14] = 3, [0x15] = 2, [0x16] = 2, [0x17] = 2,
        [0x18] = 2, [0x19] = 2, [0x36] = 2, [0x37] = 2, [0x38] = 2, [0x39] = 2, [0x3a] = 2, [0x84] = 3,
        [0x99] = 3, [0x9a] = 3, [0x9b] = 3, [0x9c] = 3, [0x9d] = 3, [0x9e] = 3, [0x9f] = 3, [0xa0] = 3,
        [0xa1] = 3, [0xa2] = 3, [0xa3] = 3, [0xa4] = 3, [0xa5] = 3, [0xa6] = 3, [0xa7] = 3, [0xb2] = 3,
        [0xb3] = 3, [0xb4] = 3, [0xb5] = 3, [0xb6] = 3, [0xb7] = 3, [0xb8] = 3, [0xb9] = 5, [0xba] = 5,
        [0xbb] = 3, [0xbc] = 2, [0xbd] = 3, [0xc0] = 3, [0xc1] = 3, [0xc6] = 3, [0xc7] = 3,
    };
    jint n = 0;
    unsigned char *code = NULL;
    (*env)->GetBytecodes(env, m, &n, &code);
    jlocation found = -1;
    for (jint i = 0; i < n && found < 0; i += len[code[i]] ? len[code[i]] : 1)
        if (i >= from && code[i] == op) found = i;
    (*env)->Deallocate(env, code);
    return found;
}

JNIEXPORT void JNICALL Java_BreakpointSites_setup(JNIEnv *jni, jclass c)
{
    work = (*jni)->GetMethodID(jni, c, "work", "(I)I");
    outer = (*jni)->GetStaticMethodID(jni, c, "outer", "(I)I");
    /* getfield, ldc, new, invokevirtual */
    static const int ops[] = {0xb4, 0x12, 0xbb, 0xb6};
    for (int i = 0; i < 4; i++) {
        jlocation at = find(work, ops[i], 0);
        if (at < 0) say("no opcode %d in work", ops[i]);
        else check("SetBreakpoint(work)", (*env)->SetBreakpoint(env, work, at));
    }
}

JNIEXPORT void JNICALL Java_BreakpointSites_breakAtCallInOuter(JNIEnv *jni, jclass c)
{
    /* outer is executing its invokestatic of inner right now. */
    call_bci = find(outer, 0xb8, 0);
    check("SetBreakpoint(outer's call)", (*env)->SetBreakpoint(env, outer, call_bci));
}

JNIEXPORT void JNICALL Java_BreakpointSites_clearFirst(JNIEnv *jni, jclass c)
{
    check("ClearBreakpoint(outer's call)", (*env)->ClearBreakpoint(env, outer, call_bci));
}

JNIEXPORT void JNICALL Java_BreakpointSites_clearSecond(JNIEnv *jni, jclass c)
{
    check("ClearBreakpoint(outer's call) again", (*env)->ClearBreakpoint(env, outer, call_bci));
}
