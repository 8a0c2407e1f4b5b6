/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI FollowReferences (roots: stack locals with depth/method/location/slot, JNI
 * globals; references by kind with field/array indexes and referrer tags; heap filter,
 * klass filter, initial object, visit control, abort; primitive field and string
 * callbacks) and the Heap 1.0 IterateOverReachableObjects /
 * IterateOverObjectsReachableFromObject; their errors. Only references to objects the
 * agent tagged (1..99) are printed, sorted; constant-pool references are not (which
 * unresolved entries HotSpot reports is its own choice).
 */
#include <stdlib.h>
#include "jvmti_test.h"

static jvmtiEnv *env, *bare;
static jobject global, holder_cls;
static char lines[400][200];
static int nlines, calls;
static jmethodID main_method;

static int scmp(const void *a, const void *b) { return strcmp(a, b); }
static void flush(const char *title)
{
    qsort(lines, nlines, sizeof lines[0], scmp);
    say("%s: %d", title, nlines);
    for (int i = 0; i < nlines; i++) say("  %s", lines[i]);
    nlines = 0;
}
#define LINE(...) do { if (nlines < 400) snprintf(lines[nlines++], sizeof lines[0], __VA_ARGS__); } while (0)

static void check_spec(const char *what, jvmtiError err, jvmtiError spec)
{
    if (err == JVMTI_ERROR_NONE && is_hotspot(env)) err = spec;
    say("%s (HotSpot 17 answers NONE): %s", what, err_name(err));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    bare = new_env(vm);
    if (env == NULL || bare == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_tag_objects = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    jvmtiHeapCallbacks cb;
    memset(&cb, 0, sizeof cb);
    check("OnLoad: FollowReferences", (*env)->FollowReferences(env, 0, NULL, NULL, &cb, NULL));
    return 0;
}

static int mine(jlong t) { return t >= 1 && t < 100; }

static jint JNICALL ref_cb(jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo *info, jlong class_tag,
                           jlong referrer_class_tag, jlong size, jlong *tag_ptr, jlong *referrer_tag_ptr, jint length,
                           void *ud)
{
    calls++;
    int mode = ud ? *(int *)ud : 0;
    if (mode == 2) return JVMTI_VISIT_ABORT;
    jint visit = mode == 1 ? 0 : JVMTI_VISIT_OBJECTS;
    if (!mine(*tag_ptr) || kind == JVMTI_HEAP_REFERENCE_CONSTANT_POOL) return visit;
    jlong rt = referrer_tag_ptr ? *referrer_tag_ptr : -1;
    switch (kind) {
    case JVMTI_HEAP_REFERENCE_STACK_LOCAL:
        if (info->stack_local.method != main_method) return visit;
        LINE("tag %lld <- stack local depth %d slot %d location %lld (main)", (long long)*tag_ptr, (int)info->stack_local.depth,
             (int)info->stack_local.slot, (long long)info->stack_local.location);
        break;
    case JVMTI_HEAP_REFERENCE_JNI_GLOBAL:
        LINE("tag %lld <- JNI global", (long long)*tag_ptr);
        break;
    case JVMTI_HEAP_REFERENCE_FIELD:
    case JVMTI_HEAP_REFERENCE_STATIC_FIELD:
    case JVMTI_HEAP_REFERENCE_ARRAY_ELEMENT:
        LINE("tag %lld <- kind %d from %lld index %d class tag %lld referrer class tag %lld length %d self %d", (long long)*tag_ptr,
             (int)kind, (long long)rt, (int)info->field.index, (long long)class_tag, (long long)referrer_class_tag, (int)length,
             referrer_tag_ptr == tag_ptr);
        break;
    default:
        if (mine(rt) || rt == 100) LINE("tag %lld <- kind %d from %lld", (long long)*tag_ptr, (int)kind, (long long)rt);
        break;
    }
    return visit;
}

static jint JNICALL prim_cb(jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo *info, jlong class_tag, jlong *tag_ptr,
                            jvalue v, jvmtiPrimitiveType type, void *ud)
{
    if (mine(*tag_ptr) && *tag_ptr != 7 && type == JVMTI_PRIMITIVE_TYPE_INT) LINE("tag %lld primitive kind %d index %d type %c value %d", (long long)*tag_ptr, (int)kind, (int)info->field.index, (char)type, (int)v.i);
    return 0;
}

static jint JNICALL str_cb(jlong class_tag, jlong size, jlong *tag_ptr, const jchar *value, jint len, void *ud)
{
    char buf[64];
    int n = 0;
    for (jint i = 0; i < len && n < 60; i++) buf[n++] = (char)value[i];
    buf[n] = 0;
    if (mine(*tag_ptr)) LINE("tag %lld string \"%s\"", (long long)*tag_ptr, buf);
    return 0;
}

static jvmtiIterationControl JNICALL root10(jvmtiHeapRootKind kind, jlong class_tag, jlong size, jlong *tag_ptr, void *ud)
{
    if (mine(*tag_ptr)) LINE("root kind %d tag %lld", (int)kind, (long long)*tag_ptr);
    return JVMTI_ITERATION_CONTINUE;
}

static jvmtiIterationControl JNICALL stack10(jvmtiHeapRootKind kind, jlong class_tag, jlong size, jlong *tag_ptr,
                                              jlong thread_tag, jint depth, jmethodID method, jint slot, void *ud)
{
    if (mine(*tag_ptr) && method == main_method) LINE("stack root kind %d tag %lld depth %d slot %d", (int)kind, (long long)*tag_ptr, (int)depth, (int)slot);
    return JVMTI_ITERATION_CONTINUE;
}

static jvmtiIterationControl JNICALL obj10(jvmtiObjectReferenceKind kind, jlong class_tag, jlong size, jlong *tag_ptr,
                                            jlong referrer_tag, jint referrer_index, void *ud)
{
    if (mine(*tag_ptr) && kind != JVMTI_REFERENCE_CONSTANT_POOL && (mine(referrer_tag) || referrer_tag == 100))
        LINE("ref kind %d tag %lld from %lld index %d", (int)kind, (long long)*tag_ptr, (long long)referrer_tag, (int)referrer_index);
    return JVMTI_ITERATION_CONTINUE;
}

JNIEXPORT void JNICALL Java_FollowReferences_setup(JNIEnv *jni, jclass cls, jobject h, jobject on_stack, jobject g, jobject notclass)
{
    main_method = (*jni)->GetStaticMethodID(jni, cls, "main", "([Ljava/lang/String;)V");
    global = (*jni)->NewGlobalRef(jni, g);
    jclass hc = (*jni)->GetObjectClass(jni, h);
    holder_cls = (*jni)->NewGlobalRef(jni, hc);
    (*env)->SetTag(env, hc, 100);
    (*env)->SetTag(env, h, 1);
    jobject a = (*jni)->GetObjectField(jni, h, (*jni)->GetFieldID(jni, hc, "a", "LLeaf;"));
    jobjectArray arr = (*jni)->GetObjectField(jni, h, (*jni)->GetFieldID(jni, hc, "arr", "[LLeaf;"));
    jobject name = (*jni)->GetObjectField(jni, h, (*jni)->GetFieldID(jni, hc, "name", "Ljava/lang/String;"));
    (*env)->SetTag(env, a, 2);
    (*env)->SetTag(env, arr, 3);
    (*env)->SetTag(env, (*jni)->GetObjectArrayElement(jni, arr, 2), 4);
    (*env)->SetTag(env, on_stack, 5);
    (*env)->SetTag(env, g, 6);
    (*env)->SetTag(env, name, 7);

    jvmtiHeapCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.heap_reference_callback = ref_cb;
    check_spec("FollowReferences not a class", (*env)->FollowReferences(env, 0, on_stack, NULL, &cb, NULL), JVMTI_ERROR_INVALID_CLASS);
    check("FollowReferences NULL callbacks", (*env)->FollowReferences(env, 0, NULL, NULL, NULL, NULL));
    check("no capability: FollowReferences", (*bare)->FollowReferences(bare, 0, NULL, NULL, &cb, NULL));
    check("IterateOverObjectsReachableFromObject NULL object", (*env)->IterateOverObjectsReachableFromObject(env, NULL, obj10, NULL));
    check("IterateOverObjectsReachableFromObject NULL callback", (*env)->IterateOverObjectsReachableFromObject(env, h, NULL, NULL));
    check("no capability: IterateOverReachableObjects", (*bare)->IterateOverReachableObjects(bare, root10, stack10, obj10, NULL));
    check("no capability: IterateOverObjectsReachableFromObject", (*bare)->IterateOverObjectsReachableFromObject(bare, h, obj10, NULL));
    (void)notclass;
}

JNIEXPORT void JNICALL Java_FollowReferences_follow(JNIEnv *jni, jclass cls, jobject unused)
{
    jvmtiHeapCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.heap_reference_callback = ref_cb;
    check("FollowReferences from the roots", (*env)->FollowReferences(env, 0, NULL, NULL, &cb, NULL));
    flush("references to tagged objects");
    check("FollowReferences FILTER_UNTAGGED", (*env)->FollowReferences(env, JVMTI_HEAP_FILTER_UNTAGGED, NULL, NULL, &cb, NULL));
    flush("references to tagged objects, untagged filtered out");
    jclass leaf = (*jni)->FindClass(jni, "Leaf");
    check("FollowReferences klass Leaf", (*env)->FollowReferences(env, 0, leaf, NULL, &cb, NULL));
    flush("references to Leaf objects");
    jobject h = (*jni)->GetStaticObjectField(jni, holder_cls, (*jni)->GetStaticFieldID(jni, holder_cls, "root", "LHolder;"));
    check("FollowReferences from Holder", (*env)->FollowReferences(env, 0, NULL, h, &cb, NULL));
    flush("references from Holder on");
    int mode = 1;
    check("FollowReferences from Holder, not visiting", (*env)->FollowReferences(env, 0, NULL, h, &cb, &mode));
    flush("references of Holder only");
    mode = 2;
    calls = 0;
    check("FollowReferences abort", (*env)->FollowReferences(env, 0, NULL, NULL, &cb, &mode));
    say("  callbacks %d", calls);
    cb.primitive_field_callback = prim_cb;
    cb.string_primitive_value_callback = str_cb;
    check("FollowReferences values from Holder", (*env)->FollowReferences(env, JVMTI_HEAP_FILTER_UNTAGGED, NULL, h, &cb, NULL));
    flush("values");

    check("IterateOverReachableObjects", (*env)->IterateOverReachableObjects(env, root10, stack10, obj10, NULL));
    flush("1.0 reachable");
    check("IterateOverObjectsReachableFromObject Holder", (*env)->IterateOverObjectsReachableFromObject(env, h, obj10, NULL));
    flush("1.0 reachable from Holder");
}
