/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * ArenaOrder: ARENA_NEW comes before the first OBJECT_ALLOC that names its arena, even
 * when JVM_OnLoad enables OBJECT_ALLOC first and ARENA_NEW a while later, with other
 * threads of the VM running and allocating meanwhile (the Signal Dispatcher attaching
 * itself, started at the end of System.initPhase1, late on a loaded machine): their
 * OBJECT_ALLOCs wait until JVM_OnLoad returns. The pause between the two EnableEvent
 * calls only widens the window (jvmpi/Gc saw it under load without one).
 */
#include <time.h>

#include "jvmpi_test.h"

static int arenas, allocs, allocs_before_arena;

static void notify(JVMPI_Event *e)
{
    switch (e->event_type) {
    case JVMPI_EVENT_ARENA_NEW: __atomic_fetch_add(&arenas, 1, __ATOMIC_SEQ_CST); break;
    case JVMPI_EVENT_OBJECT_ALLOC:
        __atomic_fetch_add(&allocs, 1, __ATOMIC_SEQ_CST);
        if (__atomic_load_n(&arenas, __ATOMIC_SEQ_CST) == 0) __atomic_fetch_add(&allocs_before_arena, 1, __ATOMIC_SEQ_CST);
        break;
    }
}

JNIEXPORT void JNICALL Java_Main_report(JNIEnv *env, jclass main)
{
    jt_printf("ARENA_NEW: %d; OBJECT_ALLOC: %s; before ARENA_NEW: %d\n", __atomic_load_n(&arenas, __ATOMIC_SEQ_CST),
              __atomic_load_n(&allocs, __ATOMIC_SEQ_CST) > 1000 ? "many" : "few",
              __atomic_load_n(&allocs_before_arena, __ATOMIC_SEQ_CST));
}

JNIEXPORT jint JNICALL JVM_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    if (jt_init(vm) != JNI_OK) return JNI_ERR;
    jvmpi->NotifyEvent = notify;
    jvmpi->EnableEvent(JVMPI_EVENT_OBJECT_ALLOC, NULL);
    struct timespec pause = {0, 300 * 1000 * 1000};
    nanosleep(&pause, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_ARENA_NEW, NULL);
    return JNI_OK;
}
