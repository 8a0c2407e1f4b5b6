/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * jvmpi_test.h — helpers shared by the JVMPI agent tests (tests/lib/jvmpi.sh).
 *
 * An agent includes this once, defines JVM_OnLoad, calls jt_init(vm) in it (the
 * interface is then in `jvmpi`) and prints with jt_printf, which writes whole lines to
 * stdout and flushes (events may come from several threads).
 */
#ifndef JVMPI_TEST_H
#define JVMPI_TEST_H

#include <jvmpi.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static JavaVM *jt_vm;
static JVMPI_Interface *jvmpi;
static pthread_mutex_t jt_print_lock = PTHREAD_MUTEX_INITIALIZER;

__attribute__((format(printf, 1, 2), unused)) static void jt_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&jt_print_lock);
    vprintf(fmt, ap);
    fflush(stdout);
    pthread_mutex_unlock(&jt_print_lock);
    va_end(ap);
}

/* Prints "FAIL: what" unless cond, "ok" lines are the caller's. */
#define JT_CHECK(cond, ...)                                                                 \
    do {                                                                                    \
        if (!(cond)) {                                                                      \
            jt_printf("FAIL %s:%d: ", __FILE__, __LINE__);                                 \
            jt_printf(__VA_ARGS__);                                                         \
            jt_printf("\n");                                                                \
        }                                                                                   \
    } while (0)

__attribute__((unused)) static jint jt_init(JavaVM *vm)
{
    jt_vm = vm;
    jint r = (*vm)->GetEnv(vm, (void **)&jvmpi, JVMPI_VERSION_1_2);
    if (r != JNI_OK) {
        jt_printf("GetEnv(JVMPI_VERSION_1_2) failed: %d\n", (int)r);
        return JNI_ERR;
    }
    return JNI_OK;
}

/* The JNIEnv of the calling (attached) thread. */
__attribute__((unused)) static JNIEnv *jt_env(void)
{
    JNIEnv *env = NULL;
    (*jt_vm)->GetEnv(jt_vm, (void **)&env, JNI_VERSION_1_2);
    return env;
}

#endif
