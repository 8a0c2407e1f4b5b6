/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * The interpreter's superinstructions (bytecodes.h FUSED_LIST) are invisible to tools.
 * FusedPairs.work and P.twice have run (their pairs are fused) when: a breakpoint is set
 * on the second instruction of every pair the interpreter fuses (iinc+goto,
 * aload+getfield, aload_0+getfield, dload+dmul, iload+iload, iload+bipush, iload+i2l,
 * aload+dup(+getfield), iload+daload/aaload/iaload/baload) or might (aload+iload/aload,
 * dload+dadd/dsub/dload/aload, iload+ldc), each hit once
 * per execution, with the original opcode in
 * GetBytecodes; single stepping reports every bci of work, second instructions
 * included; field access watches see the getfields of the fused pairs, at their bcis;
 * the NullPointerException thrown by a fused pair's getfield is reported at the
 * getfield's bci (Exception event) and line (the stack trace, in the program), as is
 * the ArrayIndexOutOfBoundsException and NullPointerException of an iload's array load. The
 * triple aload+dup+getfield (FusedPairs.bump) likewise, with breakpoints on its getfields
 * alone (breakOnThirds), and iload+array load with breakpoints on the array loads alone
 * (breakOnArrayLoads); iload+bipush+iand, iload+ldc+if_icmpge and iload+iload(_<n>)+if_icmpge
 * with breakpoints on their third instructions alone (breakOnThirdsOfWork); sipush+iand,
 * dup2+iaload/daload, dadd/dsub+putfield, dmul+dadd, iadd+istore and ladd+lstore (and
 * iadd+putfield/iastore, ladd+putfield, dadd+dastore, which it might) with breakpoints
 * on their seconds, the
 * putfield's modification watched, and the dup2's loads and the putfield throwing.
 * FusedPairs.pairs (the longer sequences: aload+getfield+dmul/dsub(+dstore),
 * aload+dup+getfield+load, dload+dload+dmul(+dadd)): a breakpoint on each of its
 * instructions in turn, alone, so that the others stay fused; single stepping; watches.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;
static jclass main_class, p_class;
static jmethodID work, twice, bump, pairs;
static int pairs_hits;
static unsigned short pairs_steps[4096];
static int pairs_nsteps;
static int hits[3][1024];
static jlocation set_at[256]; /* work's breakpoints, cleared by clearBreakpoints hit or not */
static int nset;
static unsigned short steps[4096];
static int nsteps;

static const unsigned char op_len[256] = {
    [0x10] = 2, [0x11] = 3, [0x12] = 2, [0x13] = 3, [0x14] = 3, [0x15] = 2, [0x16] = 2, [0x17] = 2,
    [0x18] = 2, [0x19] = 2, [0x36] = 2, [0x37] = 2, [0x38] = 2, [0x39] = 2, [0x3a] = 2, [0x84] = 3,
    [0x99] = 3, [0x9a] = 3, [0x9b] = 3, [0x9c] = 3, [0x9d] = 3, [0x9e] = 3, [0x9f] = 3, [0xa0] = 3,
    [0xa1] = 3, [0xa2] = 3, [0xa3] = 3, [0xa4] = 3, [0xa5] = 3, [0xa6] = 3, [0xa7] = 3, [0xb2] = 3,
    [0xb3] = 3, [0xb4] = 3, [0xb5] = 3, [0xb6] = 3, [0xb7] = 3, [0xb8] = 3, [0xb9] = 5, [0xba] = 5,
    [0xbb] = 3, [0xbc] = 2, [0xbd] = 3, [0xc0] = 3, [0xc1] = 3, [0xc6] = 3, [0xc7] = 3,
};

static int len_of(unsigned char op) { return op_len[op] ? op_len[op] : 1; }

static int opcode_at(jmethodID m, jlocation loc)
{
    jint n = 0;
    unsigned char *code = NULL;
    (*env)->GetBytecodes(env, m, &n, &code);
    int op = loc >= 0 && loc < n ? code[loc] : -1;
    (*env)->Deallocate(env, code);
    return op;
}

static void JNICALL on_breakpoint(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation loc)
{
    if (m == pairs) pairs_hits++;
    else if (loc >= 0 && loc < 1024) hits[m == twice ? 1 : m == bump ? 2 : 0][loc]++;
}

static void JNICALL on_step(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation loc)
{
    if (m == work && nsteps < (int)(sizeof steps / sizeof steps[0])) steps[nsteps++] = (unsigned short)loc;
    if (m == pairs && pairs_nsteps < (int)(sizeof pairs_steps / sizeof pairs_steps[0]))
        pairs_steps[pairs_nsteps++] = (unsigned short)loc;
}

static void JNICALL on_access(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation loc, jclass fc,
                              jobject o, jfieldID f)
{
    char *name = NULL;
    (*e)->GetFieldName(e, fc, f, &name, NULL, NULL);
    say("access %s in %s at %lld (opcode %d)", name,
        m == work ? "work" : m == twice ? "twice" : m == pairs ? "pairs" : "other",
        (long long)loc, opcode_at(m, loc));
    (*e)->Deallocate(e, (unsigned char *)name);
}

static void JNICALL on_modification(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation loc, jclass fc,
                                    jobject o, jfieldID f, char sig, jvalue v)
{
    char *name = NULL;
    (*e)->GetFieldName(e, fc, f, &name, NULL, NULL);
    say("modification %s in %s at %lld (opcode %d) to %g", name, m == work ? "work" : m == pairs ? "pairs" : "other",
        (long long)loc,
        opcode_at(m, loc), sig == 'D' ? v.d : 0.0);
    (*e)->Deallocate(e, (unsigned char *)name);
}

static void JNICALL on_exception(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation loc, jobject ex,
                                 jmethodID cm, jlocation cloc)
{
    if (m != work && m != bump && m != pairs) return;
    say("Exception in %s at %lld (opcode %d), caught in %s", m == bump ? "bump" : m == pairs ? "pairs" : "work",
        (long long)loc,
        opcode_at(m, loc), cm != NULL && cm != work && cm != twice && cm != bump ? "main" : "?");
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_breakpoint_events = 1;
    caps.can_generate_single_step_events = 1;
    caps.can_generate_field_access_events = 1;
    caps.can_generate_field_modification_events = 1;
    caps.can_generate_exception_events = 1;
    caps.can_get_bytecodes = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    jvmtiEventCallbacks cbs;
    memset(&cbs, 0, sizeof cbs);
    cbs.Breakpoint = on_breakpoint;
    cbs.SingleStep = on_step;
    cbs.FieldAccess = on_access;
    cbs.FieldModification = on_modification;
    cbs.Exception = on_exception;
    (*env)->SetEventCallbacks(env, &cbs, sizeof cbs);
    (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_BREAKPOINT, NULL);
    (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_FIELD_ACCESS, NULL);
    (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_FIELD_MODIFICATION, NULL);
    (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_EXCEPTION, NULL);
    return 0;
}

static void lookup(JNIEnv *jni)
{
    if (work != NULL) return;
    main_class = (*jni)->NewGlobalRef(jni, (*jni)->FindClass(jni, "FusedPairs"));
    p_class = (*jni)->NewGlobalRef(jni, (*jni)->FindClass(jni, "FusedPairs$P"));
    work = (*jni)->GetStaticMethodID(jni, main_class, "work", "(LFusedPairs$P;I)D");
    twice = (*jni)->GetMethodID(jni, p_class, "twice", "()I");
    bump = (*jni)->GetStaticMethodID(jni, main_class, "bump", "(LFusedPairs$P;I)I");
    pairs = (*jni)->GetStaticMethodID(jni, main_class, "pairs", "(DLFusedPairs$P;ILFusedPairs$P;)D");
}

/* The bci of every instruction of pairs. */
JNIEXPORT jintArray JNICALL Java_FusedPairs_pairsBcis(JNIEnv *jni, jclass c)
{
    lookup(jni);
    jint n = 0, count = 0, at_list[1024];
    unsigned char *code = NULL;
    (*env)->GetBytecodes(env, pairs, &n, &code);
    for (jint at = 0; at < n && count < 1024; at += len_of(code[at])) at_list[count++] = at;
    (*env)->Deallocate(env, code);
    jintArray r = (*jni)->NewIntArray(jni, count);
    (*jni)->SetIntArrayRegion(jni, r, 0, count, at_list);
    return r;
}

JNIEXPORT void JNICALL Java_FusedPairs_breakInPairs(JNIEnv *jni, jclass c, jint bci)
{
    lookup(jni);
    pairs_hits = 0;
    check("SetBreakpoint", (*env)->SetBreakpoint(env, pairs, bci));
}

JNIEXPORT void JNICALL Java_FusedPairs_clearInPairs(JNIEnv *jni, jclass c, jint bci)
{
    say("pairs: breakpoint at %d (opcode %d) hit %d times", (int)bci, opcode_at(pairs, bci), pairs_hits);
    check("ClearBreakpoint", (*env)->ClearBreakpoint(env, pairs, bci));
}

JNIEXPORT void JNICALL Java_FusedPairs_stepPairs(JNIEnv *jni, jclass c, jboolean on)
{
    lookup(jni);
    jthread self = NULL;
    (*env)->GetCurrentThread(env, &self);
    if (on) pairs_nsteps = 0;
    (*env)->SetEventNotificationMode(env, on ? JVMTI_ENABLE : JVMTI_DISABLE, JVMTI_EVENT_SINGLE_STEP, self);
    if (on) return;
    char line[16384];
    int len = 0;
    for (int i = 0; i < pairs_nsteps && len < (int)sizeof line - 8; i++)
        len += snprintf(line + len, sizeof line - (size_t)len, " %d", pairs_steps[i]);
    line[len] = 0;
    say("steps in pairs (%d):%s", pairs_nsteps, line);
}

/* Breakpoints on the second instruction of every fusable pair of m. */
static void break_pairs(jmethodID m, const char *name)
{
    jint n = 0;
    unsigned char *code = NULL;
    (*env)->GetBytecodes(env, m, &n, &code);
    for (jint at = 0; at < n;) {
        jint next = at + len_of(code[at]);
        if (next >= n) break;
        unsigned char a = code[at], b = code[next];
        const char *pair = NULL;
        if (a == 0x84 && b == 0xa7) pair = "iinc+goto";
        if (a == 0x19 && (b == 0xb4 || b == 0x59 || b == 0x15 || b == 0x19)) pair = "aload+getfield/dup/iload/aload";
        if (a == 0x2a && b == 0xb4) pair = "aload_0+getfield";
        if (a == 0x18 && (b == 0x6b || b == 0x63 || b == 0x67 || b == 0x18 || b == 0x19)) pair = "dload+dmul/dadd/dsub/dload/aload";
        if (a == 0x15 && (b == 0x15 || b == 0x10 || b == 0x12 || b == 0x85)) pair = "iload+iload/bipush/ldc/i2l";
        if (a == 0x15 && b >= 0x1a && b <= 0x1d) pair = "iload+iload_<n>";
        if (a == 0x11 && b == 0x7e) pair = "sipush+iand";
        if (a == 0x5c && (b == 0x2e || b == 0x31)) pair = "dup2+iaload/daload";
        if ((a == 0x63 || a == 0x67) && b == 0xb5) pair = "dadd/dsub+putfield";
        if (a == 0x6b && b == 0x63) pair = "dmul+dadd";
        if (a == 0x60 && (b == 0x36 || (b >= 0x3b && b <= 0x3e) || b == 0xb5 || b == 0x4f)) pair = "iadd+istore/putfield/iastore";
        if (a == 0x61 && (b == 0x37 || (b >= 0x3f && b <= 0x42) || b == 0xb5)) pair = "ladd+lstore/putfield";
        if (a == 0x63 && b == 0x52) pair = "dadd+dastore";
        if (a == 0x04 && b == 0x60) pair = "iconst_1+iadd";
        if (a == 0x15 && (b == 0x31 || b == 0x32 || b == 0x2e || b == 0x33)) pair = "iload+daload/aaload/iaload/baload";
        if (pair != NULL) {
            say("%s: %s at %d, breakpoint at %d", name, pair, (int)at, (int)next);
            jvmtiError err = (*env)->SetBreakpoint(env, m, next);
            if (err != JVMTI_ERROR_NONE) check("SetBreakpoint", err);
            else if (m == work && nset < 256) set_at[nset++] = next;
        }
        at = next;
    }
    (*env)->Deallocate(env, code);
}

JNIEXPORT void JNICALL Java_FusedPairs_breakOnSeconds(JNIEnv *jni, jclass c)
{
    lookup(jni);
    memset(hits, 0, sizeof hits);
    break_pairs(work, "work");
    break_pairs(twice, "twice");
}

/* Breakpoints on the getfield of every aload+dup+getfield of bump, none on the dups. */
JNIEXPORT void JNICALL Java_FusedPairs_breakOnThirds(JNIEnv *jni, jclass c)
{
    lookup(jni);
    memset(hits, 0, sizeof hits);
    jint n = 0;
    unsigned char *code = NULL;
    (*env)->GetBytecodes(env, bump, &n, &code);
    for (jint at = 0; at < n;) {
        jint next = at + len_of(code[at]);
        if (next + 1 < n && code[at] == 0x19 && code[next] == 0x59 && code[next + 1] == 0xb4) {
            say("bump: aload+dup+getfield at %d, breakpoint at %d", (int)at, (int)next + 1);
            check("SetBreakpoint", (*env)->SetBreakpoint(env, bump, next + 1));
        }
        at = next;
    }
    (*env)->Deallocate(env, code);
}

/* Breakpoints on the array load of every iload+daload/aaload/iaload/baload of work, none
 * on the iloads (the fused handler itself then meets the breakpoint's byte). */
JNIEXPORT void JNICALL Java_FusedPairs_breakOnArrayLoads(JNIEnv *jni, jclass c)
{
    lookup(jni);
    memset(hits, 0, sizeof hits);
    jint n = 0;
    unsigned char *code = NULL;
    (*env)->GetBytecodes(env, work, &n, &code);
    for (jint at = 0; at < n;) {
        jint next = at + len_of(code[at]);
        unsigned char b = next < n ? code[next] : 0;
        if (code[at] == 0x15 && (b == 0x31 || b == 0x32 || b == 0x2e || b == 0x33)) {
            say("work: iload+array load at %d, breakpoint at %d", (int)at, (int)next);
            check("SetBreakpoint", (*env)->SetBreakpoint(env, work, next));
            if (nset < 256) set_at[nset++] = next;
        }
        at = next;
    }
    (*env)->Deallocate(env, code);
}

/* Breakpoints on the third instruction of every iload+bipush+iand, iload+ldc+if_icmpge/gt and
 * iload+iload(_<n>)+if_icmpge/gt and dload+dmul+dadd of work, none on the first two (the
 * fused handler itself then meets the breakpoint's byte). */
JNIEXPORT void JNICALL Java_FusedPairs_breakOnThirdsOfWork(JNIEnv *jni, jclass c)
{
    lookup(jni);
    memset(hits, 0, sizeof hits);
    jint n = 0;
    unsigned char *code = NULL;
    (*env)->GetBytecodes(env, work, &n, &code);
    for (jint at = 0; at < n;) {
        jint next = at + len_of(code[at]);
        jint third = next < n ? next + len_of(code[next]) : n;
        unsigned char a = code[at], b = next < n ? code[next] : 0, c3 = third < n ? code[third] : 0;
        const char *what = a == 0x15 && b == 0x10 && c3 == 0x7e                                  ? "iload+bipush+iand"
                           : a == 0x15 && b == 0x12 && c3 == 0xa2                                ? "iload+ldc+if_icmpge"
                           : a == 0x15 && (b == 0x15 || (b >= 0x1a && b <= 0x1d)) && c3 == 0xa2 ? "iload+iload+if_icmpge"
                           : a == 0x15 && b == 0x12 && c3 == 0xa3                                ? "iload+ldc+if_icmpgt"
                           : a == 0x15 && (b == 0x15 || (b >= 0x1a && b <= 0x1d)) && c3 == 0xa3 ? "iload+iload+if_icmpgt"
                           : a == 0x18 && b == 0x6b && c3 == 0x63                                ? "dload+dmul+dadd"
                                                                                                   : NULL;
        if (what != NULL) {
            say("work: %s at %d, breakpoint at %d", what, (int)at, (int)third);
            check("SetBreakpoint", (*env)->SetBreakpoint(env, work, third));
            if (nset < 256) set_at[nset++] = third;
        }
        at = next;
    }
    (*env)->Deallocate(env, code);
}

JNIEXPORT void JNICALL Java_FusedPairs_clearBreakpoints(JNIEnv *jni, jclass c)
{
    static const char *const names[] = {"work", "twice", "bump"};
    for (int w = 0; w < 3; w++)
        for (int i = 0; i < 1024; i++) {
            if (hits[w][i] == 0) continue;
            jmethodID m = w == 1 ? twice : w == 2 ? bump : work;
            say("%s: breakpoint at %d (opcode %d) hit %d times", names[w], i, opcode_at(m, i), hits[w][i]);
            check("ClearBreakpoint", (*env)->ClearBreakpoint(env, m, i));
        }
    /* work's breakpoints that were never hit (on code a run did not reach) */
    for (int i = 0; i < nset; i++)
        if (set_at[i] < 0 || set_at[i] >= 1024 || hits[0][set_at[i]] == 0) (*env)->ClearBreakpoint(env, work, set_at[i]);
    nset = 0;
}

JNIEXPORT void JNICALL Java_FusedPairs_step(JNIEnv *jni, jclass c, jboolean on)
{
    jthread self = NULL;
    (*env)->GetCurrentThread(env, &self);
    if (on) nsteps = 0;
    (*env)->SetEventNotificationMode(env, on ? JVMTI_ENABLE : JVMTI_DISABLE, JVMTI_EVENT_SINGLE_STEP, self);
    if (on) return;
    char line[16384];
    int len = 0;
    for (int i = 0; i < nsteps && len < (int)sizeof line - 8; i++) len += snprintf(line + len, sizeof line - (size_t)len, " %d", steps[i]);
    line[len] = 0;
    say("steps in work (%d):%s", nsteps, line);
}

JNIEXPORT void JNICALL Java_FusedPairs_watch(JNIEnv *jni, jclass c, jboolean on)
{
    static const char *const names[][2] = {{"d", "D"}, {"i", "I"}, {"next", "LFusedPairs$P;"}};
    for (int i = 0; i < 3; i++) {
        jfieldID f = (*jni)->GetFieldID(jni, p_class, names[i][0], names[i][1]);
        jvmtiError err = on ? (*env)->SetFieldAccessWatch(env, p_class, f) : (*env)->ClearFieldAccessWatch(env, p_class, f);
        if (err != JVMTI_ERROR_NONE) check(on ? "SetFieldAccessWatch" : "ClearFieldAccessWatch", err);
    }
    /* d's puts too: dadd/dsub+putfield's putfield is then the watched form */
    jfieldID d = (*jni)->GetFieldID(jni, p_class, "d", "D");
    jvmtiError err = on ? (*env)->SetFieldModificationWatch(env, p_class, d) : (*env)->ClearFieldModificationWatch(env, p_class, d);
    if (err != JVMTI_ERROR_NONE) check(on ? "SetFieldModificationWatch" : "ClearFieldModificationWatch", err);
}
