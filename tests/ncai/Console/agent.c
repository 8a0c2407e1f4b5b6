/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 *
 * Console: ConsoleOutput for every write to standard output, DebugMessage for every
 * write to standard error, just before it happens, whoever writes: System.out and
 * System.err, GlassVM's jio_printf / jio_fprintf (the JDK's native libraries' path),
 * and nothing once disabled; Exception for a C++ throw (a module's __cxa_throw: here a
 * stand-in, libncaithrow.so, loaded with dlopen), with the thrown object and a throw
 * site inside the test library.
 */
#include "ncai_test.h"

static jvmtiEnv *jvmti;
static ncaiEnv *ncai;

/* Writes made by the callbacks themselves are not reported. They print with write(2):
 * a callback for stdio's own flush of stdout must not touch that FILE (its buffer still
 * holds the text being written). */
static void emit(const char *what, const char *message)
{
    char buf[512];
    int n = snprintf(buf, sizeof buf, "%s [%s]\n", what, message);
    if (n > 0 && write(1, buf, (size_t)n) < 0) abort();
}

static void JNICALL on_out(ncaiEnv *env, char *message) { emit("ConsoleOutput", message); }

static void JNICALL on_debug(ncaiEnv *env, char *message) { emit("DebugMessage", message); }

static void JNICALL on_exception(ncaiEnv *env, ncaiThread t, void *addr, void *exception)
{
    say("Exception: the thrown object %s, thrown from %s", exception == lib_sym(env, "ncai_thrown_object") ? "yes" : "no",
        lib_func(addr) ? lib_func(addr) : "elsewhere");
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmti = new_jvmti(vm);
    ncai = get_ncai(jvmti);
    ncaiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ConsoleOutput = on_out;
    cb.DebugMessage = on_debug;
    cb.Exception = on_exception;
    (*ncai)->SetEventCallbacks(ncai, &cb, sizeof cb);
    (*ncai)->SetEventNotificationMode(ncai, NCAI_ENABLE, NCAI_EVENT_EXCEPTION, NULL);
    return 0;
}

typedef int (*PrintfFn)(const char *, ...);
typedef int (*FprintfFn)(FILE *, const char *, ...);

JNIEXPORT void JNICALL Java_Main_listen(JNIEnv *jni, jclass c, jboolean listen)
{
    ncaiEventMode m = listen ? NCAI_ENABLE : NCAI_DISABLE;
    (*ncai)->SetEventNotificationMode(ncai, m, NCAI_EVENT_CONSOLE_OUTPUT, NULL);
    (*ncai)->SetEventNotificationMode(ncai, m, NCAI_EVENT_DEBUG_OUTPUT, NULL);
}

JNIEXPORT void JNICALL Java_Main_jio(JNIEnv *jni, jclass c)
{
    ncaiModuleInfo mi;
    if (find_module(ncai, "jvm", &mi) == NULL) return;
    void *h = dlopen(mi.filename, RTLD_NOLOAD | RTLD_LAZY);
    PrintfFn p = (PrintfFn)dlsym(h, "jio_printf");
    FprintfFn fp = (FprintfFn)dlsym(h, "jio_fprintf");
    p("jio_printf %d\n", 42);
    fflush(stdout);
    fp(stderr, "jio_fprintf to stderr %s\n", "here");
}
