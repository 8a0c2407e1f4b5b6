// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jvmpi.c — benchmark agent (bench/run), GlassVM only (HotSpot 17 has no JVMPI), loaded
 * with -Xrunjvmpibench:MODE:
 *   none    gets the JVMPI interface and enables nothing (JVMPI switched off)
 *   method  METHOD_ENTRY and METHOD_EXIT for every call from JVM_INIT_DONE on, a
 *           handler that only counts (compare with entryexit.c, JVMTI's twin)
 *   alloc   OBJECT_ALLOC for every allocation from JVM_INIT_DONE on, counting
 */
#include <jvmpi.h>
#include <string.h>

static JVMPI_Interface *jvmpi;
static volatile unsigned long entries, exits, allocs;
static const char *mode = "none";

static void notify(JVMPI_Event *e)
{
    switch (e->event_type) {
    case JVMPI_EVENT_METHOD_ENTRY: entries++; break;
    case JVMPI_EVENT_METHOD_EXIT: exits++; break;
    case JVMPI_EVENT_OBJECT_ALLOC: allocs++; break;
    case JVMPI_EVENT_JVM_INIT_DONE:
        if (strcmp(mode, "method") == 0) {
            jvmpi->EnableEvent(JVMPI_EVENT_METHOD_ENTRY, NULL);
            jvmpi->EnableEvent(JVMPI_EVENT_METHOD_EXIT, NULL);
        } else if (strcmp(mode, "alloc") == 0) {
            jvmpi->EnableEvent(JVMPI_EVENT_OBJECT_ALLOC, NULL);
        }
        break;
    }
}

JNIEXPORT jint JNICALL JVM_OnLoad(JavaVM *vm, char *options, void *reserved);
JNIEXPORT jint JNICALL JVM_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    (void)reserved;
    if (options != NULL && *options) mode = options;
    if ((*vm)->GetEnv(vm, (void **)&jvmpi, JVMPI_VERSION_1) != JNI_OK) return JNI_ERR;
    jvmpi->NotifyEvent = notify;
    jvmpi->EnableEvent(JVMPI_EVENT_JVM_INIT_DONE, NULL);
    return JNI_OK;
}
