/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Every error of every local-variable function (GetLocal<T>, SetLocal<T>,
 * GetLocalInstance, GetLocalVariableTable), each provoked per function: frame(...) holds
 * int i (slot 2), long l (3-4), float f (5), double d (6-7), Object o (8) after its two
 * parameters (slots 0, 1) and calls the native errors(), so depth 0 is a native frame
 * (OPAQUE_FRAME) and depth 1 is frame(). INVALID_SLOT (slot 99), TYPE_MISMATCH (a slot of
 * another type), NO_MORE_FRAMES (depth 99), ILLEGAL_ARGUMENT (depth -1), INVALID_THREAD
 * (an object that is not a thread), THREAD_NOT_ALIVE (a thread not started),
 * THREAD_NOT_SUSPENDED (a live thread waiting in Object.wait, not suspended: HotSpot 17
 * reads or writes its frames anyway, which the spec forbids, so on HotSpot its answer is
 * mapped to the spec's — see is_hotspot), NULL_POINTER (value_ptr). GetLocalVariableTable:
 * INVALID_METHODID, NATIVE_METHOD, NULL_POINTER. SuspendThread of a suspended thread:
 * THREAD_SUSPENDED.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_access_local_variables = 1;
    caps.can_suspend = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    return 0;
}

enum { T_INT, T_LONG, T_FLOAT, T_DOUBLE, T_OBJECT, T_INSTANCE };
static const char *const type_name[] = {"Int", "Long", "Float", "Double", "Object", "Instance"};
static const jint good_slot[] = {2, 3, 5, 6, 8, 0};
static const jint wrong_slot[] = {5, 2, 2, 8, 2, 0}; /* a slot holding another type */

static jvmtiError get(int type, jthread t, jint depth, jint slot, int null_ptr)
{
    jint i;
    jlong l;
    jfloat f;
    jdouble d;
    jobject o;
    switch (type) {
    case T_INT: return (*env)->GetLocalInt(env, t, depth, slot, null_ptr ? NULL : &i);
    case T_LONG: return (*env)->GetLocalLong(env, t, depth, slot, null_ptr ? NULL : &l);
    case T_FLOAT: return (*env)->GetLocalFloat(env, t, depth, slot, null_ptr ? NULL : &f);
    case T_DOUBLE: return (*env)->GetLocalDouble(env, t, depth, slot, null_ptr ? NULL : &d);
    case T_OBJECT: return (*env)->GetLocalObject(env, t, depth, slot, null_ptr ? NULL : &o);
    default: return (*env)->GetLocalInstance(env, t, depth, null_ptr ? NULL : &o);
    }
}

/* The Set functions store the value the slot already holds, so success changes nothing. */
static jvmtiError set(JNIEnv *jni, int type, jthread t, jint depth, jint slot)
{
    switch (type) {
    case T_INT: return (*env)->SetLocalInt(env, t, depth, slot, 1);
    case T_LONG: return (*env)->SetLocalLong(env, t, depth, slot, 2);
    case T_FLOAT: return (*env)->SetLocalFloat(env, t, depth, slot, 3);
    case T_DOUBLE: return (*env)->SetLocalDouble(env, t, depth, slot, 4);
    default: return (*env)->SetLocalObject(env, t, depth, slot, (*jni)->NewStringUTF(jni, "five"));
    }
}

static void report(const char *fn, const char *what, jvmtiError err, int hotspot_may_ignore_suspension)
{
    char label[128];
    snprintf(label, sizeof label, "%s(%s)", fn, what);
    /* HotSpot deviation (documented above): it does not check suspension. */
    if (hotspot_may_ignore_suspension && is_hotspot(env)) err = JVMTI_ERROR_THREAD_NOT_SUSPENDED;
    check(label, err);
}

JNIEXPORT void JNICALL Java_LocalErrors_errors(JNIEnv *jni, jclass c, jthread waiting, jthread unstarted,
                                               jobject not_a_thread)
{
    char fn[64];
    for (int type = T_INT; type <= T_INSTANCE; type++) {
        for (int setter = 0; setter <= 1; setter++) {
            if (setter && type == T_INSTANCE) continue;
            snprintf(fn, sizeof fn, "%sLocal%s", setter ? "Set" : "Get", type_name[type]);
#define CALL(t, depth, slot) (setter ? set(jni, type, t, depth, slot) : get(type, t, depth, slot, 0))
            report(fn, "depth 1, its slot", CALL(NULL, 1, good_slot[type]), 0);
            report(fn, "native frame", CALL(NULL, 0, good_slot[type]), 0);
            if (type != T_INSTANCE) {
                report(fn, "slot 99", CALL(NULL, 1, 99), 0);
                report(fn, "wrong type", CALL(NULL, 1, wrong_slot[type]), 0);
            }
            report(fn, "depth 99", CALL(NULL, 99, good_slot[type]), 0);
            report(fn, "depth -1", CALL(NULL, -1, good_slot[type]), 0);
            report(fn, "not a thread", CALL(not_a_thread, 0, good_slot[type]), 0);
            report(fn, "unstarted", CALL(unstarted, 0, good_slot[type]), 0);
            report(fn, "not suspended", CALL(waiting, 0, 0), 1);
            if (!setter) report(fn, "NULL value_ptr", get(type, NULL, 1, good_slot[type], 1), 0);
#undef CALL
        }
    }
    jmethodID native_m = (*jni)->GetStaticMethodID(jni, c, "errors", "(Ljava/lang/Thread;Ljava/lang/Thread;Ljava/lang/Object;)V");
    jmethodID frame_m = (*jni)->GetStaticMethodID(jni, c, "frame", "(Ljava/lang/Thread;Ljava/lang/Thread;)V");
    jint n;
    jvmtiLocalVariableEntry *table;
    check("GetLocalVariableTable(native method)", (*env)->GetLocalVariableTable(env, native_m, &n, &table));
    check("GetLocalVariableTable(NULL method)", (*env)->GetLocalVariableTable(env, NULL, &n, &table));
    check("GetLocalVariableTable(NULL count)", (*env)->GetLocalVariableTable(env, frame_m, NULL, &table));
    check("GetLocalVariableTable(NULL table)", (*env)->GetLocalVariableTable(env, frame_m, &n, NULL));
}

JNIEXPORT void JNICALL Java_LocalErrors_suspendTwice(JNIEnv *jni, jclass c, jthread t)
{
    check("SuspendThread", (*env)->SuspendThread(env, t));
    check("SuspendThread(suspended)", (*env)->SuspendThread(env, t));
    check("ResumeThread", (*env)->ResumeThread(env, t));
    check("ResumeThread(not suspended)", (*env)->ResumeThread(env, t));
}
