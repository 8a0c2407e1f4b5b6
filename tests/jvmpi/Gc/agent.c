/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Gc: GC_START and GC_FINISH around a collection (RunGC posts them on the calling
 * thread), the heap statistics of GC_FINISH, OBJECT_FREE for each dead object between
 * the two (the 300 Junk objects whose thread ended), and DisableGC/EnableGC nesting: a
 * System.gc() of another thread waits until the last EnableGC. GC_FINISH's live object
 * count against a level-0 heap dump taken right after. ARENA_NEW: once, for arena 1,
 * the one every OBJECT_ALLOC names.
 */
#include "jvmpi_test.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static jobjectID junk_class;
static jobjectID junk[1000];
static int njunk, junk_freed, frees_outside, in_gc, starts, finishes, bad_stats, wrong_thread;
static JNIEnv *run_gc_env;
static jlong last_used;
static int dump_objects, arenas, arena_id = -1, alloc_arena_other;
static char arena_name[64];
static int run_gc_events;

static void notify(JVMPI_Event *e)
{
    switch (e->event_type) {
    case JVMPI_EVENT_CLASS_LOAD:
        if (strcmp(e->u.class_load.class_name, "Junk") == 0) junk_class = e->u.class_load.class_id;
        break;
    case JVMPI_EVENT_ARENA_NEW:
        arenas++;
        arena_id = e->u.new_arena.arena_id;
        snprintf(arena_name, sizeof arena_name, "%s", e->u.new_arena.arena_name);
        break;
    case JVMPI_EVENT_HEAP_DUMP | JVMPI_REQUESTED_EVENT:
        dump_objects = (int)((e->u.heap_dump.end - e->u.heap_dump.begin) / 9); /* level 0: u1 + id */
        break;
    case JVMPI_EVENT_OBJECT_ALLOC:
        alloc_arena_other += e->u.obj_alloc.arena_id != arena_id;
        if (e->u.obj_alloc.class_id == junk_class && junk_class != NULL && e->u.obj_alloc.is_array == JVMPI_NORMAL_OBJECT &&
            njunk < 1000) {
            pthread_mutex_lock(&lock);
            junk[njunk++] = e->u.obj_alloc.obj_id;
            pthread_mutex_unlock(&lock);
        }
        break;
    case JVMPI_EVENT_GC_START:
        /* Thread suspended mode comes after this event: take what the frees need. */
        pthread_mutex_lock(&lock);
        starts++;
        in_gc = 1;
        if (e->env_id == run_gc_env && run_gc_env != NULL) run_gc_events++;
        if (e->env_id != jt_env()) wrong_thread++;
        break;
    case JVMPI_EVENT_OBJECT_FREE:
        /* No locking, no malloc: the lock was taken at GC_START. */
        if (!in_gc) frees_outside++;
        for (int i = 0; i < njunk; i++)
            if (junk[i] == e->u.obj_free.obj_id) {
                junk[i] = NULL;
                junk_freed++;
            }
        break;
    case JVMPI_EVENT_GC_FINISH:
        finishes++;
        in_gc = 0;
        if (e->env_id == run_gc_env && run_gc_env != NULL) run_gc_events++;
        last_used = e->u.gc_info.used_objects;
        if (e->u.gc_info.used_objects <= 0 || e->u.gc_info.used_object_space <= 0 ||
            e->u.gc_info.used_object_space > e->u.gc_info.total_object_space)
            bad_stats++;
        pthread_mutex_unlock(&lock);
        break;
    }
}

JNIEXPORT void JNICALL Java_Main_runGC(JNIEnv *env, jclass main)
{
    run_gc_env = env;
    int before = starts;
    jvmpi->RunGC();
    run_gc_env = NULL;
    jt_printf("RunGC: %d collection, GC_START and GC_FINISH on the calling thread: %d\n", starts - before, run_gc_events);
    jt_printf("Junk allocated %d, freed %d; OBJECT_FREE outside a collection %d\n", njunk, junk_freed, frees_outside);
    jt_printf("GC_FINISH statistics wrong %d times, events on another thread %d\n", bad_stats, wrong_thread);
    JVMPI_HeapDumpArg level0 = {JVMPI_DUMP_LEVEL_0};
    jvmpi->RequestEvent(JVMPI_EVENT_HEAP_DUMP, &level0);
    long diff = (long)dump_objects - (long)last_used;
    jt_printf("GC_FINISH used_objects against a heap dump right after: %s\n",
              diff >= -50 && diff <= 50 && dump_objects > 1000 ? "within 50 objects" : "far apart");
    jt_printf("ARENA_NEW: %d, arena %d, \"%s\"; allocations in another arena %d\n", arenas, arena_id, arena_name,
              alloc_arena_other);
}

JNIEXPORT void JNICALL Java_Main_disable(JNIEnv *env, jclass main) { jvmpi->DisableGC(); }
JNIEXPORT void JNICALL Java_Main_enable(JNIEnv *env, jclass main) { jvmpi->EnableGC(); }
JNIEXPORT jint JNICALL Java_Main_gcCount(JNIEnv *env, jclass main)
{
    pthread_mutex_lock(&lock);
    int n = finishes;
    pthread_mutex_unlock(&lock);
    return n;
}

JNIEXPORT jint JNICALL JVM_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    if (jt_init(vm) != JNI_OK) return JNI_ERR;
    jvmpi->NotifyEvent = notify;
    jvmpi->EnableEvent(JVMPI_EVENT_CLASS_LOAD, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_OBJECT_ALLOC, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_OBJECT_FREE, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_GC_START, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_GC_FINISH, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_ARENA_NEW, NULL);
    return JNI_OK;
}
