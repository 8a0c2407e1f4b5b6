/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * jvmti_test.h — helpers for the agents of tests/jvmti (header-only; each agent.c is one
 * shared library, compiled against the JDK's jvmti.h and against GlassVM's).
 *
 * Output discipline: the agent's lines and the Java program's System.out share file
 * descriptor 1, so every line is flushed at once (say()). What an agent prints must be
 * what the spec fixes: error codes, phases, agreed values, never addresses or
 * VM-specific choices. Agents ask GetEnv for JVMTI_VERSION_11 (TEST_JVMTI_VERSION),
 * which HotSpot 17 and GlassVM both know; GlassVM's header defines newer versions that
 * HotSpot 17 refuses.
 */
#ifndef GLASS_JVMTI_TEST_H
#define GLASS_JVMTI_TEST_H

#include <jvmti.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TEST_JVMTI_VERSION JVMTI_VERSION_11

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2), unused));
static void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
}

/* The name of an error code, without asking the VM (whose env may be the thing tested). */
static const char *err_name(jvmtiError e) __attribute__((unused));
static const char *err_name(jvmtiError e)
{
    static char buf[32];
    switch ((int)e) {
#define E(n) case JVMTI_ERROR_##n: return #n;
    E(NONE) E(INVALID_THREAD) E(INVALID_THREAD_GROUP) E(INVALID_PRIORITY) E(THREAD_NOT_SUSPENDED)
    E(THREAD_SUSPENDED) E(THREAD_NOT_ALIVE) E(INVALID_OBJECT) E(INVALID_CLASS) E(CLASS_NOT_PREPARED)
    E(INVALID_METHODID) E(INVALID_LOCATION) E(INVALID_FIELDID) E(INVALID_MODULE) E(NO_MORE_FRAMES)
    E(OPAQUE_FRAME) E(TYPE_MISMATCH) E(INVALID_SLOT) E(DUPLICATE) E(NOT_FOUND) E(INVALID_MONITOR)
    E(NOT_MONITOR_OWNER) E(INTERRUPT) E(INVALID_CLASS_FORMAT) E(CIRCULAR_CLASS_DEFINITION)
    E(FAILS_VERIFICATION) E(UNSUPPORTED_REDEFINITION_METHOD_ADDED)
    E(UNSUPPORTED_REDEFINITION_SCHEMA_CHANGED) E(INVALID_TYPESTATE)
    E(UNSUPPORTED_REDEFINITION_HIERARCHY_CHANGED) E(UNSUPPORTED_REDEFINITION_METHOD_DELETED)
    E(UNSUPPORTED_VERSION) E(NAMES_DONT_MATCH) E(UNSUPPORTED_REDEFINITION_CLASS_MODIFIERS_CHANGED)
    E(UNSUPPORTED_REDEFINITION_METHOD_MODIFIERS_CHANGED)
    E(UNSUPPORTED_REDEFINITION_CLASS_ATTRIBUTE_CHANGED) E(UNMODIFIABLE_CLASS) E(UNMODIFIABLE_MODULE)
    E(NOT_AVAILABLE) E(MUST_POSSESS_CAPABILITY) E(NULL_POINTER) E(ABSENT_INFORMATION)
    E(INVALID_EVENT_TYPE) E(ILLEGAL_ARGUMENT) E(NATIVE_METHOD) E(CLASS_LOADER_UNSUPPORTED)
    E(OUT_OF_MEMORY) E(ACCESS_DENIED) E(WRONG_PHASE) E(INTERNAL) E(UNATTACHED_THREAD)
    E(INVALID_ENVIRONMENT)
#undef E
    default: snprintf(buf, sizeof buf, "error %d", (int)e); return buf;
    }
}

/* Prints "what: ERROR" for a call's result. */
static void check(const char *what, jvmtiError e) __attribute__((unused));
static void check(const char *what, jvmtiError e) { say("%s: %s", what, err_name(e)); }

/*
 * Is the VM HotSpot (java.vm.name "OpenJDK 64-Bit Server VM", "Java HotSpot(TM) ...")?
 * Only for a documented HotSpot deviation from the
 * spec: the test then maps HotSpot's known wrong answer to the spec's, so that the line
 * printed is the same on both VMs exactly when GlassVM obeys the spec. Say why at the
 * call.
 */
static int is_hotspot(jvmtiEnv *e) __attribute__((unused));
static int is_hotspot(jvmtiEnv *e)
{
    char *name = NULL;
    if ((*e)->GetSystemProperty(e, "java.vm.name", &name) != JVMTI_ERROR_NONE || name == NULL) return 0;
    int r = strstr(name, "HotSpot") != NULL || strstr(name, "Server VM") != NULL ||
            strstr(name, "Client VM") != NULL;
    (*e)->Deallocate(e, (unsigned char *)name);
    return r;
}

static const char *phase_name(jvmtiPhase p) __attribute__((unused));
static const char *phase_name(jvmtiPhase p)
{
    switch (p) {
    case JVMTI_PHASE_ONLOAD: return "ONLOAD";
    case JVMTI_PHASE_PRIMORDIAL: return "PRIMORDIAL";
    case JVMTI_PHASE_START: return "START";
    case JVMTI_PHASE_LIVE: return "LIVE";
    case JVMTI_PHASE_DEAD: return "DEAD";
    default: return "?";
    }
}

/* A new environment, or NULL with the reason printed. */
static jvmtiEnv *new_env(JavaVM *vm) __attribute__((unused));
static jvmtiEnv *new_env(JavaVM *vm)
{
    jvmtiEnv *env = NULL;
    jint r = (*vm)->GetEnv(vm, (void **)&env, TEST_JVMTI_VERSION);
    if (r != JNI_OK) {
        say("GetEnv failed: %d", (int)r);
        return NULL;
    }
    return env;
}

/* The redefinition tests' agent half. new_redefining_env: an environment with
 * can_redefine_classes (the AddCapabilities result said), or NULL. redefine_array:
 * RedefineClasses of one class to the class file in a Java byte[] (the programs' native
 * redefine(Class, byte[])); returns the error. */
static jvmtiEnv *new_redefining_env(JavaVM *vm) __attribute__((unused));
static jvmtiEnv *new_redefining_env(JavaVM *vm)
{
    jvmtiEnv *env = new_env(vm);
    if (env == NULL) return NULL;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_redefine_classes = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    return env;
}

static jvmtiError redefine_array(jvmtiEnv *env, JNIEnv *jni, jclass target, jbyteArray bytes) __attribute__((unused));
static jvmtiError redefine_array(jvmtiEnv *env, JNIEnv *jni, jclass target, jbyteArray bytes)
{
    jvmtiClassDefinition def;
    def.klass = target;
    def.class_byte_count = (*jni)->GetArrayLength(jni, bytes);
    jbyte *b = (*jni)->GetByteArrayElements(jni, bytes, NULL);
    def.class_bytes = (const unsigned char *)b;
    jvmtiError e = (*env)->RedefineClasses(env, 1, &def);
    (*jni)->ReleaseByteArrayElements(jni, bytes, b, JNI_ABORT);
    return e;
}

/* Capability sets are compared on the 44 capabilities JDK 17 defines, bits 0-43 of the
 * struct (GCC allocates bit-fields from bit 0 on x86-64 and AArch64): the padding after
 * them is unspecified (HotSpot's GetPotentialCapabilities sets some of it). */
#define CAP_BITS 44

static int cap_bit(const jvmtiCapabilities *c, int bit) __attribute__((unused));
static int cap_bit(const jvmtiCapabilities *c, int bit)
{
    return (((const unsigned char *)c)[bit / 8] >> (bit % 8)) & 1;
}

static void cap_set(jvmtiCapabilities *c, int bit, int on) __attribute__((unused));
static void cap_set(jvmtiCapabilities *c, int bit, int on)
{
    unsigned char *b = (unsigned char *)c;
    if (on)
        b[bit / 8] |= (unsigned char)(1u << (bit % 8));
    else
        b[bit / 8] &= (unsigned char)~(1u << (bit % 8));
}

/* Are all defined capabilities of the set absent? */
static int caps_empty(const jvmtiCapabilities *c) __attribute__((unused));
static int caps_empty(const jvmtiCapabilities *c)
{
    for (int i = 0; i < CAP_BITS; i++)
        if (cap_bit(c, i)) return 0;
    return 1;
}

/* Do two sets hold the same defined capabilities? */
static int caps_same(const jvmtiCapabilities *a, const jvmtiCapabilities *b) __attribute__((unused));
static int caps_same(const jvmtiCapabilities *a, const jvmtiCapabilities *b)
{
    for (int i = 0; i < CAP_BITS; i++)
        if (cap_bit(a, i) != cap_bit(b, i)) return 0;
    return 1;
}

/* The defined capabilities of c only, everything else zero. */
static jvmtiCapabilities caps_defined(const jvmtiCapabilities *c) __attribute__((unused));
static jvmtiCapabilities caps_defined(const jvmtiCapabilities *c)
{
    jvmtiCapabilities r;
    memset(&r, 0, sizeof r);
    for (int i = 0; i < CAP_BITS; i++) cap_set(&r, i, cap_bit(c, i));
    return r;
}

/* The name of method m, in a static buffer (valid until the next call). */
static const char *method_name(jvmtiEnv *e, jmethodID m) __attribute__((unused));
static const char *method_name(jvmtiEnv *e, jmethodID m)
{
    static char buf[128];
    char *n = NULL;
    (*e)->GetMethodName(e, m, &n, NULL, NULL);
    snprintf(buf, sizeof buf, "%s", n ? n : "?");
    (*e)->Deallocate(e, (unsigned char *)n);
    return buf;
}

/* Sets a breakpoint where the line `k` lines after m's first line starts (its first
 * entry in the line number table), printing any error. */
static void break_at_line(jvmtiEnv *e, jmethodID m, int k) __attribute__((unused));
static void break_at_line(jvmtiEnv *e, jmethodID m, int k)
{
    jint n = 0;
    jvmtiLineNumberEntry *t = NULL;
    (*e)->GetLineNumberTable(e, m, &n, &t);
    for (jint i = 0; i < n; i++)
        if (t[i].line_number == t[0].line_number + k) {
            jvmtiError err = (*e)->SetBreakpoint(e, m, t[i].start_location);
            if (err != JVMTI_ERROR_NONE) say("SetBreakpoint in %s: %s", method_name(e, m), err_name(err));
            break;
        }
    (*e)->Deallocate(e, (unsigned char *)t);
}

/*
 * A hang detector for tests that loop until something deadlocks (suspension, monitors):
 * watchdog_start(seconds) starts a thread of its own, never attached to the VM, so it
 * runs even while the VM is stuck in a safepoint (a Java watchdog would be stopped there
 * too). Every `seconds` it checks that watchdog_progress was called since its last look;
 * if not, it prints "stuck at N: STEP" (the last progress reported) and ends the process
 * with exit status 1, so that a hang is a failure with a message, not a timeout of the
 * test runner. The period is a third of the runner's limit for a run (tests/run exports
 * TIMEOUT: 60 s, make check's 300 s), so that a hang is reported (within two periods)
 * before the runner kills the test, and a machine slowed down by load or the sanitizers
 * gets as much more time as the runner gives it; `seconds` where TIMEOUT is not set.
 */
static unsigned wd_calls __attribute__((unused)), wd_seconds __attribute__((unused));
static int wd_n __attribute__((unused));
static char wd_step[160] __attribute__((unused));

static void *wd_main(void *arg) __attribute__((unused));
static void *wd_main(void *arg)
{
    unsigned last = 0;
    for (;;) {
        sleep(wd_seconds);
        unsigned now = __atomic_load_n(&wd_calls, __ATOMIC_ACQUIRE);
        if (now == last) {
            printf("stuck at %d: %s\n", wd_n, wd_step);
            fflush(stdout);
            _exit(1);
        }
        last = now;
    }
    return arg;
}

static void watchdog_start(unsigned seconds) __attribute__((unused));
static void watchdog_start(unsigned seconds)
{
    pthread_t t;
    const char *limit = getenv("TIMEOUT");
    wd_seconds = limit != NULL && atoi(limit) >= 3 ? (unsigned)atoi(limit) / 3 : seconds;
    if (pthread_create(&t, NULL, wd_main, NULL) != 0) say("watchdog: pthread_create failed");
    else pthread_detach(t);
}

/* The loop reached iteration n, doing `step` (copied). The watchdog reads them only once
 * nobody has called this for a whole period. */
static void watchdog_progress(int n, const char *step) __attribute__((unused));
static void watchdog_progress(int n, const char *step)
{
    wd_n = n;
    snprintf(wd_step, sizeof wd_step, "%s", step);
    __atomic_add_fetch(&wd_calls, 1, __ATOMIC_RELEASE);
}

#endif
