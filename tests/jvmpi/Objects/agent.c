/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Objects: OBJECT_ALLOC on every allocation path, with is_array, class_id and size, for
 * the program's known allocations; the mirror of a class arrives before its CLASS_LOAD;
 * RequestEvent(OBJECT_ALLOC) for a jobjectID (the JVMPI_REQUESTED_EVENT bit), and the
 * jobject <-> jobjectID conversions under DisableGC.
 */
#include "jvmpi_test.h"

static jobjectID blob_class, lazy_class, string_class;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int blobs, blob_bad_size, blob_arrays, blob_array_bad, literal;
static int ints, booleans, chars, doubles, long_outer, long_inner;
static jobjectID seen[4096];
static int nseen;
static int lazy_mirror_seen_before_load = -1;
static char last_name[256];
static int array_class_shown;

static void notify(JVMPI_Event *e)
{
    switch (e->event_type) {
    case JVMPI_EVENT_CLASS_LOAD:
        if (strcmp(e->u.class_load.class_name, "Blob") == 0) blob_class = e->u.class_load.class_id;
        if (strcmp(e->u.class_load.class_name, "java.lang.String") == 0) string_class = e->u.class_load.class_id;
        if (strcmp(e->u.class_load.class_name, "Lazy") == 0) {
            lazy_class = e->u.class_load.class_id;
            pthread_mutex_lock(&lock);
            lazy_mirror_seen_before_load = 0;
            for (int i = 0; i < nseen; i++)
                if (seen[i] == lazy_class) lazy_mirror_seen_before_load = 1;
            pthread_mutex_unlock(&lock);
        }
        break;
    case JVMPI_EVENT_OBJECT_ALLOC: {
        jint a = e->u.obj_alloc.is_array, size = e->u.obj_alloc.size;
        jobjectID cls = e->u.obj_alloc.class_id;
        pthread_mutex_lock(&lock);
        /* The last objects allocated: to find the Lazy mirror among them. */
        seen[nseen++ % 4096] = e->u.obj_alloc.obj_id;
        if (e->u.obj_alloc.arena_id != 1) jt_printf("FAIL arena %d\n", (int)e->u.obj_alloc.arena_id);
        if (a == JVMPI_NORMAL_OBJECT && cls != NULL && cls == blob_class) {
            blobs++;
            blob_bad_size += size != 40;
        } else if (a == JVMPI_CLASS && cls != NULL && cls == blob_class) {
            blob_arrays++;
            blob_array_bad += size != 56;
        } else if (a == JVMPI_INT && size == 24 + 4 * 1234) {
            ints += cls == NULL;
        } else if (a == JVMPI_BOOLEAN && size == 360) {
            booleans += cls == NULL;
        } else if (a == JVMPI_CHAR && size == 24 + 2 * 555 + 2) {
            chars += cls == NULL;
        } else if (a == JVMPI_DOUBLE && size == 24 + 8 * 777) {
            doubles += cls == NULL;
        } else if (a == JVMPI_CLASS && size == 24 + 2 * 8 && cls != NULL) {
            /* long[][]: the element class is long[], named by a requested CLASS_LOAD */
            last_name[0] = 0;
            pthread_mutex_unlock(&lock);
            jvmpi->RequestEvent(JVMPI_EVENT_CLASS_LOAD, cls);
            pthread_mutex_lock(&lock);
            if (strcmp(last_name, "[J") == 0) long_outer++;
        } else if (a == JVMPI_LONG && size == 24 + 3 * 8) {
            long_inner++;
        } else if (a == JVMPI_NORMAL_OBJECT && cls != NULL && cls == string_class) {
            /* A String of `new String(...)` is not constructed yet (no value): only
             * the VM's Strings are complete when allocated. */
            JNIEnv *env = jt_env();
            jstring s = (jstring)jvmpi->jobjectID2jobject(e->u.obj_alloc.obj_id);
            jclass sc = (*env)->GetObjectClass(env, s);
            jfieldID vf = (*env)->GetFieldID(env, sc, "value", "[B");
            jobject v = (*env)->GetObjectField(env, s, vf);
            const char *c = v ? (*env)->GetStringUTFChars(env, s, NULL) : NULL;
            if (c != NULL && strcmp(c, "UniqueLiteral_xyz") == 0) literal++;
            if (c != NULL) (*env)->ReleaseStringUTFChars(env, s, c);
        }
        pthread_mutex_unlock(&lock);
        break;
    }
    case JVMPI_EVENT_CLASS_LOAD | JVMPI_REQUESTED_EVENT:
        snprintf(last_name, sizeof last_name, "%s", e->u.class_load.class_name);
        if (strcmp(last_name, "[J") == 0 && !array_class_shown) {
            array_class_shown = 1;
            jt_printf("requested CLASS_LOAD of [J: source %s, %d methods, %d statics, %d fields, %d interfaces\n",
                      e->u.class_load.source_name ? e->u.class_load.source_name : "NULL",
                      (int)e->u.class_load.num_methods, (int)e->u.class_load.num_static_fields,
                      (int)e->u.class_load.num_instance_fields, (int)e->u.class_load.num_interfaces);
        }
        break;
    case JVMPI_EVENT_OBJECT_ALLOC | JVMPI_REQUESTED_EVENT:
        jt_printf("requested OBJECT_ALLOC: Blob %s, size %d, is_array %d, arena %d\n",
                  e->u.obj_alloc.class_id == blob_class ? "yes" : "no", (int)e->u.obj_alloc.size,
                  (int)e->u.obj_alloc.is_array, (int)e->u.obj_alloc.arena_id);
        break;
    case JVMPI_EVENT_JVM_SHUT_DOWN:
        jt_printf("Blob: %d (wrong size %d)\n", blobs, blob_bad_size);
        jt_printf("Blob[4]: %d (wrong size %d)\n", blob_arrays, blob_array_bad);
        jt_printf("int[1234] %d, boolean[333] %d, char[555] %d, double[777] %d\n", ints, booleans, chars, doubles);
        jt_printf("long[2][3]: outer %d, inner %d\n", long_outer, long_inner);
        jt_printf("the literal's String: %d\n", literal);
        jt_printf("Lazy's mirror allocated before its CLASS_LOAD: %d\n", lazy_mirror_seen_before_load);
        break;
    }
}

JNIEXPORT jobject JNICALL Java_Main_jniAlloc(JNIEnv *env, jclass main, jclass c)
{
    return (*env)->AllocObject(env, c);
}

/* A thread that is not running Java code at all (attached from C): its JNI allocations
 * are reported before the JNI function returns. */
static jclass blob_jclass;
static void *attached_thread(void *arg)
{
    JNIEnv *env;
    JavaVMAttachArgs a = {JNI_VERSION_1_2, "c-thread", NULL};
    (*jt_vm)->AttachCurrentThread(jt_vm, (void **)&env, &a);
    pthread_mutex_lock(&lock);
    int before = blobs;
    pthread_mutex_unlock(&lock);
    (*env)->AllocObject(env, blob_jclass);
    (*env)->AllocObject(env, blob_jclass);
    pthread_mutex_lock(&lock);
    int after = blobs;
    pthread_mutex_unlock(&lock);
    jt_printf("attached C thread: OBJECT_ALLOC for its 2 JNI allocations before they returned: %d\n", after - before);
    (*jt_vm)->DetachCurrentThread(jt_vm);
    return NULL;
}

JNIEXPORT void JNICALL Java_Main_request(JNIEnv *env, jclass main, jobject o)
{
    blob_jclass = (*env)->NewGlobalRef(env, (*env)->GetObjectClass(env, o));
    pthread_t th;
    pthread_create(&th, NULL, attached_thread, NULL);
    pthread_join(th, NULL);
    jvmpi->DisableGC();
    jobjectID id = jvmpi->jobject2jobjectID(o);
    jt_printf("RequestEvent(OBJECT_ALLOC): %d\n", (int)jvmpi->RequestEvent(JVMPI_EVENT_OBJECT_ALLOC, id));
    jobject back = jvmpi->jobjectID2jobject(id);
    jt_printf("jobjectID2jobject(jobject2jobjectID(o)) is o: %s\n", (*env)->IsSameObject(env, back, o) ? "yes" : "no");
    jt_printf("jobject2jobjectID(NULL) %p, jobjectID2jobject(NULL) %p\n", (void *)jvmpi->jobject2jobjectID(NULL),
              (void *)jvmpi->jobjectID2jobject(NULL));
    jvmpi->EnableGC();
}

JNIEXPORT jint JNICALL JVM_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    if (jt_init(vm) != JNI_OK) return JNI_ERR;
    jvmpi->NotifyEvent = notify;
    jvmpi->EnableEvent(JVMPI_EVENT_CLASS_LOAD, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_OBJECT_ALLOC, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_JVM_SHUT_DOWN, NULL);
    return JNI_OK;
}
