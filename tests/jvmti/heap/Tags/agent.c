/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI GetTag, SetTag, GetObjectsWithTags (spec "Object Tags") and ObjectFree: tags are
 * per environment, tag 0 removes, several objects and tags, NULL result pointers; every
 * error the spec lists (WRONG_PHASE in OnLoad, MUST_POSSESS_CAPABILITY, INVALID_OBJECT,
 * NULL_POINTER, ILLEGAL_ARGUMENT); ObjectFree sends the tag of dead objects only, once
 * each, and never for a live one.
 */
#include <stdlib.h>
#include "jvmti_test.h"

static jvmtiEnv *env, *other, *bare;
static volatile int nfreed;
static jlong freed[1000];
static jrawMonitorID lock;

static void JNICALL object_free(jvmtiEnv *e, jlong tag)
{
    (*e)->RawMonitorEnter(e, lock);
    if (nfreed < 1000) freed[nfreed++] = tag;
    (*e)->RawMonitorExit(e, lock);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    other = new_env(vm);
    bare = new_env(vm);
    if (env == NULL || other == NULL || bare == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_tag_objects = 1;
    caps.can_generate_object_free_events = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    caps.can_generate_object_free_events = 0;
    check("AddCapabilities (other)", (*other)->AddCapabilities(other, &caps));
    jlong tag = 0, tags[1] = {1};
    jint count;
    check("OnLoad: GetTag", (*env)->GetTag(env, NULL, &tag));
    check("OnLoad: SetTag", (*env)->SetTag(env, NULL, 1));
    check("OnLoad: GetObjectsWithTags", (*env)->GetObjectsWithTags(env, 1, tags, &count, NULL, NULL));
    jvmtiEventCallbacks cbs;
    memset(&cbs, 0, sizeof cbs);
    cbs.ObjectFree = object_free;
    check("SetEventCallbacks", (*env)->SetEventCallbacks(env, &cbs, sizeof cbs));
    check("enable ObjectFree", (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_OBJECT_FREE, NULL));
    check("CreateRawMonitor", (*env)->CreateRawMonitor(env, "freed", &lock));
    return 0;
}

static int cmp(const void *a, const void *b)
{
    jlong x = *(const jlong *)a, y = *(const jlong *)b;
    return x < y ? -1 : x > y;
}

static void query(JNIEnv *jni, jvmtiEnv *e, const char *what, jint n, const jlong *tags, jobject *expect, int nexpect)
{
    jint count = -1;
    jobject *objs = NULL;
    jlong *res = NULL;
    jvmtiError err = (*e)->GetObjectsWithTags(e, n, tags, &count, &objs, &res);
    if (err != JVMTI_ERROR_NONE) {
        check(what, err);
        return;
    }
    qsort(res, count, sizeof *res, cmp);
    char buf[512];
    int len = 0;
    for (jint i = 0; i < count; i++) len += snprintf(buf + len, sizeof buf - len, " %lld", (long long)res[i]);
    buf[len] = 0;
    /* every returned object is one of the expected ones */
    int found = 0;
    for (jint i = 0; i < count; i++)
        for (int k = 0; k < nexpect; k++)
            if ((*jni)->IsSameObject(jni, objs[i], expect[k])) found++;
    say("%s: count %d, tags [%s ], expected objects %d", what, (int)count, buf, found);
    (*e)->Deallocate(e, (unsigned char *)objs);
    (*e)->Deallocate(e, (unsigned char *)res);
}

JNIEXPORT void JNICALL Java_Tags_run(JNIEnv *jni, jclass cls, jobject a, jobject b, jobject c)
{
    jlong tag = -1;
    check("GetTag untagged", (*env)->GetTag(env, a, &tag));
    say("  tag %lld", (long long)tag);
    check("SetTag a=1", (*env)->SetTag(env, a, 1));
    check("SetTag b=2", (*env)->SetTag(env, b, 2));
    check("SetTag c=2", (*env)->SetTag(env, c, 2));
    check("SetTag class=77", (*env)->SetTag(env, cls, 77));
    check("GetTag a", (*env)->GetTag(env, a, &tag));
    say("  tag %lld", (long long)tag);
    check("SetTag a=0x123456789", (*env)->SetTag(env, a, 0x123456789LL));
    check("GetTag a", (*env)->GetTag(env, a, &tag));
    say("  tag %llx", (long long)tag);
    check("GetTag class", (*env)->GetTag(env, cls, &tag));
    say("  tag %lld", (long long)tag);
    /* tags are per environment */
    check("other: GetTag a", (*other)->GetTag(other, a, &tag));
    say("  tag %lld", (long long)tag);
    check("other: SetTag a=5", (*other)->SetTag(other, a, 5));
    check("other: GetTag a", (*other)->GetTag(other, a, &tag));
    say("  tag %lld", (long long)tag);
    check("GetTag a", (*env)->GetTag(env, a, &tag));
    say("  tag %llx", (long long)tag);

    jobject all[3] = {a, b, c};
    jlong t2[] = {2}, t12[] = {0x123456789LL, 2, 99}, t77[] = {77};
    query(jni, env, "tags {2}", 1, t2, all, 3);
    query(jni, env, "tags {a, 2, 99}", 3, t12, all, 3);
    query(jni, env, "tags {}", 0, t2, all, 3);
    query(jni, other, "other: tags {2}", 1, t2, all, 3);
    jobject clsarr[1] = {cls};
    query(jni, env, "tags {77}", 1, t77, clsarr, 1);
    jint count = -1;
    check("GetObjectsWithTags, no result arrays", (*env)->GetObjectsWithTags(env, 1, t2, &count, NULL, NULL));
    say("  count %d", (int)count);
    jlong *res = NULL;
    check("GetObjectsWithTags, tags only", (*env)->GetObjectsWithTags(env, 1, t2, &count, NULL, &res));
    say("  count %d, tags %lld %lld", (int)count, (long long)res[0], (long long)res[1]);
    (*env)->Deallocate(env, (unsigned char *)res);

    /* tag 0 removes */
    check("SetTag b=0", (*env)->SetTag(env, b, 0));
    check("GetTag b", (*env)->GetTag(env, b, &tag));
    say("  tag %lld", (long long)tag);
    query(jni, env, "tags {2} after removing b", 1, t2, all, 3);
    check("SetTag b=0 again", (*env)->SetTag(env, b, 0));
    check("SetTag class=0", (*env)->SetTag(env, cls, 0));

    /* errors */
    check("GetTag NULL object", (*env)->GetTag(env, NULL, &tag));
    check("GetTag NULL tag_ptr", (*env)->GetTag(env, a, NULL));
    check("SetTag NULL object", (*env)->SetTag(env, NULL, 3));
    check("GetObjectsWithTags tag_count -1", (*env)->GetObjectsWithTags(env, -1, t2, &count, NULL, NULL));
    check("GetObjectsWithTags NULL tags", (*env)->GetObjectsWithTags(env, 1, NULL, &count, NULL, NULL));
    check("GetObjectsWithTags NULL count_ptr", (*env)->GetObjectsWithTags(env, 1, t2, NULL, NULL, NULL));
    jlong t0[] = {2, 0};
    /* The spec says ILLEGAL_ARGUMENT; HotSpot 17 ignores the zero and answers NONE. */
    jvmtiError err = (*env)->GetObjectsWithTags(env, 2, t0, &count, NULL, NULL);
    if (err == JVMTI_ERROR_NONE && is_hotspot(env)) err = JVMTI_ERROR_ILLEGAL_ARGUMENT;
    check("GetObjectsWithTags tag 0 (HotSpot 17 deviates: NONE)", err);
    check("no capability: GetTag", (*bare)->GetTag(bare, a, &tag));
    check("no capability: SetTag", (*bare)->SetTag(bare, a, 1));
    check("no capability: GetObjectsWithTags", (*bare)->GetObjectsWithTags(bare, 1, t2, &count, NULL, NULL));
    jvmtiEventCallbacks cbs;
    memset(&cbs, 0, sizeof cbs);
    check("other: enable ObjectFree without capability",
          (*other)->SetEventNotificationMode(other, JVMTI_ENABLE, JVMTI_EVENT_OBJECT_FREE, NULL));
}

JNIEXPORT void JNICALL Java_Tags_tagDead(JNIEnv *jni, jclass cls, jobjectArray objs)
{
    jint n = (*jni)->GetArrayLength(jni, objs);
    for (jint i = 0; i < n; i++) {
        jobject o = (*jni)->GetObjectArrayElement(jni, objs, i);
        (*env)->SetTag(env, o, 1000 + i);
        (*other)->SetTag(other, o, 5000 + i); /* other has no ObjectFree */
        (*jni)->DeleteLocalRef(jni, o);
    }
}

JNIEXPORT void JNICALL Java_Tags_tagKept(JNIEnv *jni, jclass cls, jobject o) { check("SetTag kept", (*env)->SetTag(env, o, 42)); }

JNIEXPORT void JNICALL Java_Tags_forceGC(JNIEnv *jni, jclass cls) { (*env)->ForceGarbageCollection(env); }

JNIEXPORT jint JNICALL Java_Tags_freedCount(JNIEnv *jni, jclass cls) { return nfreed; }

JNIEXPORT void JNICALL Java_Tags_report(JNIEnv *jni, jclass cls, jobject kept)
{
    (*env)->RawMonitorEnter(env, lock);
    int n = nfreed, bad = 0, dup = 0;
    qsort(freed, n, sizeof freed[0], cmp);
    for (int i = 0; i < n; i++) {
        if (freed[i] < 1000 || freed[i] >= 1050) bad++;
        if (i > 0 && freed[i] == freed[i - 1]) dup++;
    }
    (*env)->RawMonitorExit(env, lock);
    say("ObjectFree sent: %s", n > 0 ? "yes" : "no");
    say("ObjectFree tags all of dead tagged objects: %s", bad == 0 ? "yes" : "no");
    say("ObjectFree duplicates: %d", dup);
    jlong tag = 0;
    check("GetTag kept", (*env)->GetTag(env, kept, &tag));
    say("  tag %lld", (long long)tag);
    /* the dead objects' tags are gone from GetObjectsWithTags */
    jlong t[50];
    for (int i = 0; i < 50; i++) t[i] = 1000 + i;
    jint count = -1;
    jlong *res = NULL;
    check("GetObjectsWithTags dead tags", (*env)->GetObjectsWithTags(env, 50, t, &count, NULL, &res));
    int stale = 0;
    for (jint i = 0; i < count; i++)
        for (int k = 0; k < n; k++)
            if (res[i] == freed[k]) stale++;
    say("  freed tags still present: %d", stale);
    (*env)->Deallocate(env, (unsigned char *)res);
}
