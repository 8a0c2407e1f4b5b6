/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Backfill: OBJECT_ALLOC, CLASS_LOAD and THREAD_START enabled in JVM_OnLoad. What existed
 * then (thousands of objects, hundreds of classes, the main thread) is reported right
 * after JVM_INIT_DONE, objects first, then classes, then threads; what was made between
 * JVM_OnLoad and JVM_INIT_DONE was reported as it was made, before JVM_INIT_DONE; nothing
 * is reported twice (an ID comes again only after its OBJECT_FREE); every class ID of an
 * OBJECT_ALLOC up to then has had its CLASS_LOAD by the time the back-fill ends.
 */
#include <stdint.h>

#include "jvmpi_test.h"

#define HSIZE (1 << 20)
static jobjectID *objs;      /* open addressing set of object IDs seen */
static char *freed;          /* per slot of objs: its object was freed since */
static jobjectID *classes;   /* class IDs with a CLASS_LOAD */
static jobjectID *used;      /* class IDs named by OBJECT_ALLOC events */
static int phase;            /* 0 before JVM_INIT_DONE, 1 back-fill, 2 after */
static int objs_before, objs_backfill, classes_before, classes_backfill, dup_objs, dup_classes;
static int order_bad, main_start_in_backfill;
static int last_kind;        /* 0 objects, 1 classes, 2 threads: order within the back-fill */

static unsigned h(jobjectID id) { return (unsigned)(((uintptr_t)id >> 3) * 2654435761u) & (HSIZE - 1); }

static unsigned slot(jobjectID *set, jobjectID id)
{
    unsigned i = h(id);
    while (set[i] != id && set[i] != NULL) i = (i + 1) & (HSIZE - 1);
    return i;
}

/* Adds id to set; returns 1 if it was there already. */
static int add(jobjectID *set, jobjectID id)
{
    unsigned i = slot(set, id);
    if (set[i] == id) return 1;
    set[i] = id;
    return 0;
}

/* An object ID: reported twice if it was seen and not freed since. */
static int add_object(jobjectID id)
{
    unsigned i = slot(objs, id);
    int twice = objs[i] == id && !freed[i];
    objs[i] = id;
    freed[i] = 0;
    return twice;
}

static int has(jobjectID *set, jobjectID id)
{
    for (unsigned i = h(id);; i = (i + 1) & (HSIZE - 1)) {
        if (set[i] == id) return 1;
        if (set[i] == NULL) return 0;
    }
}

static void kind(int k)
{
    if (phase != 1) return;
    if (k < last_kind) order_bad++;
    last_kind = k;
}

static void notify(JVMPI_Event *e)
{
    switch (e->event_type) {
    case JVMPI_EVENT_JVM_INIT_DONE: phase = 1; break;
    case JVMPI_EVENT_OBJECT_ALLOC:
        if (phase == 2) break;
        kind(0);
        dup_objs += add_object(e->u.obj_alloc.obj_id);
        if (e->u.obj_alloc.class_id != NULL) add(used, e->u.obj_alloc.class_id);
        if (phase == 0) objs_before++;
        else objs_backfill++;
        break;
    case JVMPI_EVENT_OBJECT_FREE: {
        unsigned i = slot(objs, e->u.obj_free.obj_id);
        if (objs[i] == e->u.obj_free.obj_id) freed[i] = 1;
        break;
    }
    case JVMPI_EVENT_CLASS_LOAD:
        if (phase == 2) break;
        kind(1);
        dup_classes += add(classes, e->u.class_load.class_id);
        if (phase == 0) classes_before++;
        else classes_backfill++;
        break;
    case JVMPI_EVENT_THREAD_START:
        if (phase != 1) break;
        kind(2);
        if (strcmp(e->u.thread_start.thread_name, "main") == 0) {
            main_start_in_backfill = 1;
            /* main's THREAD_START is the last of the back-fill's kinds: check the classes. */
            int missing = 0, n = 0;
            for (unsigned i = 0; i < HSIZE; i++)
                if (used[i] != NULL) {
                    n++;
                    missing += !has(classes, used[i]);
                }
            jt_printf("back-fill: objects reported before JVM_INIT_DONE %s, in the back-fill %s\n",
                      objs_before > 0 ? "some" : "none", objs_backfill > 1000 ? "over 1000" : "few");
            jt_printf("back-fill: classes reported before JVM_INIT_DONE %s, in the back-fill %s\n",
                      classes_before > 0 ? "some" : "none", classes_backfill > 100 ? "over 100" : "few");
            jt_printf("objects reported twice %d, classes reported twice %d, order objects-classes-threads broken %d\n",
                      dup_objs, dup_classes, order_bad);
            jt_printf("class IDs of those objects without a CLASS_LOAD: %d of %s\n", missing, n > 100 ? "over 100" : "few");
            phase = 2;
        }
        break;
    }
}

JNIEXPORT jint JNICALL JVM_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    if (jt_init(vm) != JNI_OK) return JNI_ERR;
    objs = calloc(HSIZE, sizeof *objs);
    freed = calloc(HSIZE, 1);
    classes = calloc(HSIZE, sizeof *classes);
    used = calloc(HSIZE, sizeof *used);
    jvmpi->NotifyEvent = notify;
    jvmpi->EnableEvent(JVMPI_EVENT_JVM_INIT_DONE, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_OBJECT_ALLOC, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_OBJECT_FREE, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_CLASS_LOAD, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_THREAD_START, NULL);
    return JNI_OK;
}
