/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * GetLocal<Type>, SetLocal<Type>, GetLocalInstance on the current thread, and every error
 * the spec lists for them. Depth counts frames as HotSpot does: the native asking is depth
 * 0 (OPAQUE_FRAME), its Java caller depth 1, native frames and JNI upcalls included.
 * can_access_local_variables is added in Agent_OnLoad (HotSpot offers it only there).
 *
 * THREAD_NOT_SUSPENDED: the spec answers it for a thread that is neither suspended nor
 * the current one. HotSpot 17 deviates: it reads a waiting, unsuspended thread's locals
 * (VM_GetOrSetLocal checks suspension only from JDK 19 on). The line printed accepts
 * either THREAD_NOT_SUSPENDED or the correct value, so it is the same on both VMs.
 */
#include "jvmti_test.h"

static jvmtiEnv *e, *nocap;

#define TRY(what, call) check(what, call)

static void all_wrong_phase(jvmtiEnv *env, const char *tag)
{
    jint i;
    jlong j;
    jfloat f;
    jdouble d;
    jobject o;
    char buf[96];
#define P(n, call) snprintf(buf, sizeof buf, "%s %s", tag, n), check(buf, call)
    P("GetLocalObject", (*env)->GetLocalObject(env, NULL, 1, 0, &o));
    P("GetLocalInstance", (*env)->GetLocalInstance(env, NULL, 1, &o));
    P("GetLocalInt", (*env)->GetLocalInt(env, NULL, 1, 0, &i));
    P("GetLocalLong", (*env)->GetLocalLong(env, NULL, 1, 0, &j));
    P("GetLocalFloat", (*env)->GetLocalFloat(env, NULL, 1, 0, &f));
    P("GetLocalDouble", (*env)->GetLocalDouble(env, NULL, 1, 0, &d));
    P("SetLocalObject", (*env)->SetLocalObject(env, NULL, 1, 0, NULL));
    P("SetLocalInt", (*env)->SetLocalInt(env, NULL, 1, 0, 0));
    P("SetLocalLong", (*env)->SetLocalLong(env, NULL, 1, 0, 0));
    P("SetLocalFloat", (*env)->SetLocalFloat(env, NULL, 1, 0, 0));
    P("SetLocalDouble", (*env)->SetLocalDouble(env, NULL, 1, 0, 0));
#undef P
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    e = new_env(vm);
    nocap = new_env(vm);
    if (e == NULL || nocap == NULL) return 1;
    jvmtiCapabilities c;
    memset(&c, 0, sizeof c);
    c.can_access_local_variables = 1;
    check("AddCapabilities", (*e)->AddCapabilities(e, &c));
    all_wrong_phase(e, "OnLoad");
    return 0;
}

/* toString() of o, or "null". */
static void print_obj(JNIEnv *jni, const char *what, jvmtiError err, jobject o)
{
    if (err != JVMTI_ERROR_NONE) {
        check(what, err);
        return;
    }
    if (o == NULL) {
        say("%s: null", what);
        return;
    }
    jclass oc = (*jni)->FindClass(jni, "java/lang/Object");
    jmethodID ts = (*jni)->GetMethodID(jni, oc, "toString", "()Ljava/lang/String;");
    jclass arr = (*jni)->FindClass(jni, "[I");
    if ((*jni)->IsInstanceOf(jni, o, arr)) {
        say("%s: int[%d]", what, (int)(*jni)->GetArrayLength(jni, o));
        return;
    }
    jclass oarr = (*jni)->FindClass(jni, "[Ljava/lang/Object;");
    if ((*jni)->IsInstanceOf(jni, o, oarr)) {
        say("%s: Object[%d]", what, (int)(*jni)->GetArrayLength(jni, o));
        return;
    }
    jstring s = (*jni)->CallObjectMethod(jni, o, ts);
    const char *u = (*jni)->GetStringUTFChars(jni, s, NULL);
    say("%s: %s", what, u);
    (*jni)->ReleaseStringUTFChars(jni, s, u);
}

static void get_int(const char *what, jint depth, jint slot)
{
    jint v = 0;
    jvmtiError err = (*e)->GetLocalInt(e, NULL, depth, slot, &v);
    if (err == JVMTI_ERROR_NONE) say("%s: %d", what, (int)v);
    else check(what, err);
}

static void get_obj(JNIEnv *jni, const char *what, jint depth, jint slot)
{
    jobject o = NULL;
    jvmtiError err = (*e)->GetLocalObject(e, NULL, depth, slot, &o);
    print_obj(jni, what, err, o);
}

JNIEXPORT void JNICALL Java_GetSetLocal_readLocals(JNIEnv *jni, jclass cls)
{
    jlong j = 0;
    jfloat f = 0;
    jdouble d = 0;
    jobject o;
    get_int("prims i", 1, 0);
    check("prims j", (*e)->GetLocalLong(e, NULL, 1, 1, &j));
    say("  = %lld", (long long)j);
    check("prims f", (*e)->GetLocalFloat(e, NULL, 1, 3, &f));
    say("  = %g", (double)f);
    check("prims d", (*e)->GetLocalDouble(e, NULL, 1, 4, &d));
    say("  = %g", d);
    get_int("prims z", 1, 6);
    get_int("prims c", 1, 7);
    get_int("prims s", 1, 8);
    get_int("prims b", 1, 9);
    get_obj(jni, "prims o", 1, 10);
    get_obj(jni, "prims str", 1, 11);
    get_obj(jni, "prims arr", 1, 12);

    /* TYPE_MISMATCH: by the LocalVariableTable, and between references and values */
    TRY("GetLocalFloat(int slot)", (*e)->GetLocalFloat(e, NULL, 1, 0, &f));
    TRY("GetLocalDouble(long slot)", (*e)->GetLocalDouble(e, NULL, 1, 1, &d));
    TRY("GetLocalLong(int slot, next is long)", (*e)->GetLocalLong(e, NULL, 1, 7, &j));
    TRY("GetLocalInt(float slot)", (*e)->GetLocalInt(e, NULL, 1, 3, &(jint){0}));
    TRY("GetLocalInt(object slot)", (*e)->GetLocalInt(e, NULL, 1, 10, &(jint){0}));
    TRY("GetLocalObject(int slot)", (*e)->GetLocalObject(e, NULL, 1, 0, &o));
    /* INVALID_SLOT */
    TRY("GetLocalInt(slot -1)", (*e)->GetLocalInt(e, NULL, 1, -1, &(jint){0}));
    TRY("GetLocalInt(slot max_locals)", (*e)->GetLocalInt(e, NULL, 1, 13, &(jint){0}));
    TRY("GetLocalObject(slot 1000)", (*e)->GetLocalObject(e, NULL, 1, 1000, &o));
    TRY("GetLocalInt(second half of a long)", (*e)->GetLocalInt(e, NULL, 1, 2, &(jint){0}));
    TRY("GetLocalLong(last slot)", (*e)->GetLocalLong(e, NULL, 1, 12, &j));
    TRY("GetLocalDouble(next slot an object)", (*e)->GetLocalDouble(e, NULL, 1, 9, &d));
    /* OPAQUE_FRAME: the native method itself */
    TRY("GetLocalInt(depth 0, native)", (*e)->GetLocalInt(e, NULL, 0, 0, &(jint){0}));
    TRY("GetLocalObject(depth 0, native)", (*e)->GetLocalObject(e, NULL, 0, 0, &o));
    TRY("SetLocalInt(depth 0, native)", (*e)->SetLocalInt(e, NULL, 0, 0, 1));
    TRY("SetLocalObject(depth 0, native)", (*e)->SetLocalObject(e, NULL, 0, 0, NULL));
    /* NO_MORE_FRAMES, ILLEGAL_ARGUMENT, NULL_POINTER */
    TRY("GetLocalInt(depth 100000)", (*e)->GetLocalInt(e, NULL, 100000, 0, &(jint){0}));
    TRY("GetLocalInstance(depth 100000)", (*e)->GetLocalInstance(e, NULL, 100000, &o));
    TRY("SetLocalLong(depth 100000)", (*e)->SetLocalLong(e, NULL, 100000, 0, 1));
    TRY("GetLocalInt(depth -1)", (*e)->GetLocalInt(e, NULL, -1, 0, &(jint){0}));
    TRY("GetLocalInstance(depth -1)", (*e)->GetLocalInstance(e, NULL, -1, &o));
    TRY("SetLocalDouble(depth -1)", (*e)->SetLocalDouble(e, NULL, -1, 4, 1));
    TRY("GetLocalInt(NULL)", (*e)->GetLocalInt(e, NULL, 1, 0, NULL));
    TRY("GetLocalLong(NULL)", (*e)->GetLocalLong(e, NULL, 1, 1, NULL));
    TRY("GetLocalFloat(NULL)", (*e)->GetLocalFloat(e, NULL, 1, 3, NULL));
    TRY("GetLocalDouble(NULL)", (*e)->GetLocalDouble(e, NULL, 1, 4, NULL));
    TRY("GetLocalObject(NULL)", (*e)->GetLocalObject(e, NULL, 1, 10, NULL));
    TRY("GetLocalInstance(NULL)", (*e)->GetLocalInstance(e, NULL, 1, NULL));
    /* GetLocalInstance of static methods: INVALID_SLOT (native depth 0 and Java depth 1) */
    TRY("GetLocalInstance(static native)", (*e)->GetLocalInstance(e, NULL, 0, &o));
    TRY("GetLocalInstance(static)", (*e)->GetLocalInstance(e, NULL, 1, &o));
    /* MUST_POSSESS_CAPABILITY: an environment without the capability */
    all_wrong_phase(nocap, "no capability");
}

JNIEXPORT void JNICALL Java_GetSetLocal_writeLocals(JNIEnv *jni, jclass cls)
{
    TRY("SetLocalInt i", (*e)->SetLocalInt(e, NULL, 1, 0, -5));
    TRY("SetLocalLong j", (*e)->SetLocalLong(e, NULL, 1, 1, -(1LL << 40)));
    TRY("SetLocalFloat f", (*e)->SetLocalFloat(e, NULL, 1, 3, 2.5f));
    TRY("SetLocalDouble d", (*e)->SetLocalDouble(e, NULL, 1, 4, -0.125));
    TRY("SetLocalInt z", (*e)->SetLocalInt(e, NULL, 1, 6, 1));
    jobject after = (*jni)->NewStringUTF(jni, "after");
    jclass ic = (*jni)->FindClass(jni, "java/lang/Integer");
    jmethodID vo = (*jni)->GetStaticMethodID(jni, ic, "valueOf", "(I)Ljava/lang/Integer;");
    jobject boxed = (*jni)->CallStaticObjectMethod(jni, ic, vo, 1234);
    jobject arr = (*jni)->NewIntArray(jni, 4);
    /* o: Object accepts any object; s: String refuses an Integer; arr: int[] refuses a
     * String; n: null is always allowed */
    TRY("SetLocalObject o = Integer", (*e)->SetLocalObject(e, NULL, 1, 7, boxed));
    TRY("SetLocalObject s = Integer", (*e)->SetLocalObject(e, NULL, 1, 8, boxed));
    TRY("SetLocalObject s = \"after\"", (*e)->SetLocalObject(e, NULL, 1, 8, after));
    TRY("SetLocalObject arr = String", (*e)->SetLocalObject(e, NULL, 1, 9, after));
    TRY("SetLocalObject arr = int[4]", (*e)->SetLocalObject(e, NULL, 1, 9, arr));
    TRY("SetLocalObject n = null", (*e)->SetLocalObject(e, NULL, 1, 10, NULL));
    /* errors of the setters */
    TRY("SetLocalInt(object slot)", (*e)->SetLocalInt(e, NULL, 1, 7, 1));
    TRY("SetLocalFloat(int slot)", (*e)->SetLocalFloat(e, NULL, 1, 0, 1));
    TRY("SetLocalLong(double slot)", (*e)->SetLocalLong(e, NULL, 1, 4, 1));
    TRY("SetLocalDouble(long slot)", (*e)->SetLocalDouble(e, NULL, 1, 1, 1));
    TRY("SetLocalObject(int slot)", (*e)->SetLocalObject(e, NULL, 1, 0, after));
    TRY("SetLocalInt(slot 99)", (*e)->SetLocalInt(e, NULL, 1, 99, 1));
    TRY("SetLocalObject(slot -1)", (*e)->SetLocalObject(e, NULL, 1, -1, after));
    TRY("SetLocalLong(last slot)", (*e)->SetLocalLong(e, NULL, 1, 10, 1));
    TRY("SetLocalInt(second half of a long)", (*e)->SetLocalInt(e, NULL, 1, 2, 1));
    TRY("SetLocalFloat(depth 100000)", (*e)->SetLocalFloat(e, NULL, 100000, 3, 1));
    TRY("SetLocalObject(depth 100000)", (*e)->SetLocalObject(e, NULL, 100000, 3, NULL));
    TRY("SetLocalInt(depth -1)", (*e)->SetLocalInt(e, NULL, -1, 0, 1));
    TRY("SetLocalObject(depth -1)", (*e)->SetLocalObject(e, NULL, -1, 7, NULL));
    /* the values as this native sees them now */
    get_int("reread i", 1, 0);
    get_obj(jni, "reread o", 1, 7);
    get_obj(jni, "reread s", 1, 8);
    get_obj(jni, "reread n", 1, 10);
}

JNIEXPORT void JNICALL Java_GetSetLocal_deep(JNIEnv *jni, jclass cls)
{
    jlong y = 0;
    get_obj(jni, "middle m (depth 1)", 1, 0);
    get_int("outer x (depth 2)", 2, 0);
    check("outer y (depth 2)", (*e)->GetLocalLong(e, NULL, 2, 1, &y));
    say("  = %lld", (long long)y);
    TRY("SetLocalInt outer x", (*e)->SetLocalInt(e, NULL, 2, 0, 43));
    TRY("SetLocalLong outer y", (*e)->SetLocalLong(e, NULL, 2, 1, 8));
    /* depth 3 is main, whose args slot holds a String[] */
    get_obj(jni, "main args (depth 3)", 3, 0);
    TRY("depth 4", (*e)->GetLocalInt(e, NULL, 4, 0, &(jint){0}));
}

JNIEXPORT void JNICALL Java_GetSetLocal_viaJni(JNIEnv *jni, jclass cls)
{
    jmethodID up = (*jni)->GetStaticMethodID(jni, cls, "upcall", "()V");
    (*jni)->CallStaticVoidMethod(jni, cls, up);
}

/* deep2 (0, native) <- upcall (1) <- [JNI] viaJni (2, native) <- caller (3) <- main (4) */
JNIEXPORT void JNICALL Java_GetSetLocal_deep2(JNIEnv *jni, jclass cls)
{
    jdouble u = 0;
    check("upcall u (depth 1)", (*e)->GetLocalDouble(e, NULL, 1, 0, &u));
    say("  = %g", u);
    TRY("viaJni (depth 2, native)", (*e)->GetLocalInt(e, NULL, 2, 0, &(jint){0}));
    get_int("caller k (depth 3)", 3, 0);
    TRY("SetLocalInt caller k", (*e)->SetLocalInt(e, NULL, 3, 0, 100));
    get_obj(jni, "main args (depth 4)", 4, 0);
}

JNIEXPORT void JNICALL Java_GetSetLocal_self(JNIEnv *jni, jobject me)
{
    jobject o = NULL;
    jvmtiError err = (*e)->GetLocalInstance(e, NULL, 0, &o);
    say("GetLocalInstance(depth 0, native): %s same=%d", err_name(err),
        err == JVMTI_ERROR_NONE && (*jni)->IsSameObject(jni, o, me));
    err = (*e)->GetLocalInstance(e, NULL, 1, &o);
    say("GetLocalInstance(depth 1): %s same=%d", err_name(err),
        err == JVMTI_ERROR_NONE && (*jni)->IsSameObject(jni, o, me));
    err = (*e)->GetLocalObject(e, NULL, 1, 0, &o);
    say("GetLocalObject(depth 1, slot 0): %s same=%d", err_name(err),
        err == JVMTI_ERROR_NONE && (*jni)->IsSameObject(jni, o, me));
    get_int("instance a", 1, 1);
    TRY("GetLocalInstance(depth 2, static main)", (*e)->GetLocalInstance(e, NULL, 2, &o));
}

JNIEXPORT void JNICALL Java_GetSetLocal_errors(JNIEnv *jni, jclass cls, jthread not_started, jobject not_thread,
                                                  jthread waiter)
{
    jint v = 0;
    jobject o;
    TRY("GetLocalInt(unstarted thread)", (*e)->GetLocalInt(e, not_started, 1, 0, &v));
    TRY("GetLocalInstance(unstarted thread)", (*e)->GetLocalInstance(e, not_started, 1, &o));
    TRY("SetLocalObject(unstarted thread)", (*e)->SetLocalObject(e, not_started, 1, 0, NULL));
    TRY("GetLocalInt(not a thread)", (*e)->GetLocalInt(e, not_thread, 1, 0, &v));
    TRY("GetLocalInstance(not a thread)", (*e)->GetLocalInstance(e, not_thread, 1, &o));
    TRY("SetLocalDouble(not a thread)", (*e)->SetLocalDouble(e, not_thread, 1, 0, 0));
    /* worker: Object.wait(long) (0, native) <- Object.wait() (1) <- worker (2) */
    jvmtiError err = (*e)->GetLocalInt(e, waiter, 2, 0, &v);
    say("GetLocalInt(other thread, not suspended): %s",
        err == JVMTI_ERROR_THREAD_NOT_SUSPENDED || (err == JVMTI_ERROR_NONE && v == 7) ? "accepted" : err_name(err));
    err = (*e)->GetLocalInstance(e, waiter, 1, &o);
    say("GetLocalInstance(other thread, not suspended): %s",
        err == JVMTI_ERROR_THREAD_NOT_SUSPENDED || err == JVMTI_ERROR_NONE ? "accepted" : err_name(err));
    /* the current thread passed explicitly is the current thread */
    jthread me;
    jclass tc = (*jni)->FindClass(jni, "java/lang/Thread");
    jmethodID cur = (*jni)->GetStaticMethodID(jni, tc, "currentThread", "()Ljava/lang/Thread;");
    me = (*jni)->CallStaticObjectMethod(jni, tc, cur);
    TRY("GetLocalObject(current thread by handle, main args)", (*e)->GetLocalObject(e, me, 1, 0, &o));
}
