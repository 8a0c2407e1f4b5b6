/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Breakpoints at every instruction of BreakpointTable.work (some forty locations, set
 * before the method first runs, so its instructions are linked and quickened under
 * them), then every other one cleared, all set again, all cleared; after each step the
 * program calls work() once and the agent prints how many hits each location had.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;
static jmethodID m_work;
static jlocation locs[256];
static int nlocs, hits[256];

static void JNICALL on_breakpoint(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation l)
{
    (void)e, (void)jni, (void)t;
    if (m != m_work) return;
    for (int i = 0; i < nlocs; i++)
        if (locs[i] == l) hits[i]++;
}

/* The instruction starts of work(), from its bytecodes. */
static void find_locations(void)
{
    jint n = 0;
    unsigned char *code = NULL;
    check("GetBytecodes", (*env)->GetBytecodes(env, m_work, &n, &code));
    /* The method uses only fixed-length instructions (no switch, no wide). */
    static const unsigned char len3[] = {0x11, 0x13, 0x14, 0x84, 0x99, 0x9a, 0x9b, 0x9c, 0x9d, 0x9e, 0x9f, 0xa0,
                                         0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6,
                                         0xb7, 0xb8, 0xbb, 0xbd, 0xc0, 0xc1, 0xc6, 0xc7};
    for (jint at = 0; at < n && nlocs < 256;) {
        unsigned char op = code[at];
        int len = 1;
        if (op == 0x10 || op == 0x12 || (op >= 0x15 && op <= 0x19) || (op >= 0x36 && op <= 0x3a) || op == 0xbc) len = 2;
        for (size_t i = 0; i < sizeof len3; i++)
            if (op == len3[i]) len = 3;
        if (op == 0xb9 || op == 0xba) len = 5;
        locs[nlocs++] = at;
        at += len;
    }
    (*env)->Deallocate(env, code);
}

static void set_bp(int i)
{
    jvmtiError err = (*env)->SetBreakpoint(env, m_work, locs[i]);
    if (err != JVMTI_ERROR_NONE) say("SetBreakpoint %d: %s", (int)locs[i], err_name(err));
}

static void clear_bp(int i)
{
    jvmtiError err = (*env)->ClearBreakpoint(env, m_work, locs[i]);
    if (err != JVMTI_ERROR_NONE) say("ClearBreakpoint %d: %s", (int)locs[i], err_name(err));
}

JNIEXPORT void JNICALL Java_BreakpointTable_phase(JNIEnv *jni, jclass c, jint p)
{
    if (p == 0) {
        m_work = (*jni)->GetStaticMethodID(jni, c, "work", "(LBreakpointTable;I)I");
        find_locations();
        say("%d locations", nlocs);
        for (int i = 0; i < nlocs; i++) set_bp(i);
    } else if (p == 1) {
        for (int i = 0; i < nlocs; i += 2) clear_bp(i);
    } else if (p == 2) {
        for (int i = 0; i < nlocs; i += 2) set_bp(i);
    } else {
        for (int i = 0; i < nlocs; i++) clear_bp(i);
    }
    memset(hits, 0, sizeof hits);
}

JNIEXPORT void JNICALL Java_BreakpointTable_report(JNIEnv *jni, jclass c, jstring jwhat)
{
    (void)c;
    const char *what = (*jni)->GetStringUTFChars(jni, jwhat, NULL);
    char line[2048];
    size_t n = 0;
    line[0] = 0;
    for (int i = 0; i < nlocs && n < sizeof line - 16; i++) n += (size_t)snprintf(line + n, sizeof line - n, " %d", hits[i]);
    say("%s\n  hits:%s", what, line);
    (*jni)->ReleaseStringUTFChars(jni, jwhat, what);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    (void)options, (void)reserved;
    if ((*vm)->GetEnv(vm, (void **)&env, TEST_JVMTI_VERSION) != JNI_OK) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_breakpoint_events = 1;
    caps.can_get_bytecodes = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.Breakpoint = on_breakpoint;
    check("SetEventCallbacks", (*env)->SetEventCallbacks(env, &cb, (jint)sizeof cb));
    check("enable Breakpoint", (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_BREAKPOINT, NULL));
    return 0;
}
