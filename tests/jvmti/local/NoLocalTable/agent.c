/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Local variable access in methods without a LocalVariableTable: for each slot of the
 * Java caller (depth 1) the answer of each getter, then a few values, then setters
 * whose results the Java code prints. GetLocalVariableTable answers ABSENT_INFORMATION
 * for these methods. Values of slots whose content is not fixed (a conflicting slot read
 * as an int) are never printed.
 */
#include "jvmti_test.h"

static jvmtiEnv *e;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    e = new_env(vm);
    if (e == NULL) return 1;
    jvmtiCapabilities c;
    memset(&c, 0, sizeof c);
    c.can_access_local_variables = 1;
    check("AddCapabilities", (*e)->AddCapabilities(e, &c));
    return 0;
}

static const char *short_err(jvmtiError err)
{
    switch (err) {
    case JVMTI_ERROR_NONE: return "ok";
    case JVMTI_ERROR_INVALID_SLOT: return "slot";
    case JVMTI_ERROR_TYPE_MISMATCH: return "type";
    default: return err_name(err);
    }
}

static void table(const char *what, int nslots)
{
    for (int s = -1; s <= nslots; s++) {
        jint i;
        jlong j;
        jfloat f;
        jdouble d;
        jobject o;
        say("%s slot %d: I=%s J=%s F=%s D=%s L=%s", what, s, short_err((*e)->GetLocalInt(e, NULL, 1, s, &i)),
            short_err((*e)->GetLocalLong(e, NULL, 1, s, &j)), short_err((*e)->GetLocalFloat(e, NULL, 1, s, &f)),
            short_err((*e)->GetLocalDouble(e, NULL, 1, s, &d)), short_err((*e)->GetLocalObject(e, NULL, 1, s, &o)));
    }
}

static void lvt(JNIEnv *jni, jclass cls, const char *name, const char *sig)
{
    jmethodID m = (*jni)->GetStaticMethodID(jni, cls, name, sig);
    jint n;
    jvmtiLocalVariableEntry *t;
    char buf[128];
    snprintf(buf, sizeof buf, "GetLocalVariableTable(%s)", name);
    check(buf, (*e)->GetLocalVariableTable(e, m, &n, &t));
}

JNIEXPORT void JNICALL Java_NoLocalTable_probe(JNIEnv *jni, jclass cls, jint which)
{
    jint i = 0;
    jlong j = 0;
    jobject o = NULL;
    switch (which) {
    case 1:
        table("m", 5);
        check("m a", (*e)->GetLocalInt(e, NULL, 1, 0, &i));
        say("  = %d", (int)i);
        check("m l", (*e)->GetLocalLong(e, NULL, 1, 2, &j));
        say("  = %lld", (long long)j);
        check("m o", (*e)->GetLocalObject(e, NULL, 1, 1, &o));
        say("  is \"o\": %d", o != NULL && (*jni)->GetStringUTFLength(jni, o) == 1);
        lvt(jni, cls, "m", "(ILjava/lang/Object;)V");
        break;
    case 2: table("conflict", 2); break;
    case 3: table("handler", 3); break;
    case 4: {
        table("setter", 5);
        jfloat f = 0;
        check("setter f", (*e)->GetLocalFloat(e, NULL, 1, 2, &f));
        say("  = %g", (double)f);
        /* without a table, any primitive setter fits a value slot */
        check("SetLocalInt a", (*e)->SetLocalInt(e, NULL, 1, 0, 9));
        check("SetLocalFloat f", (*e)->SetLocalFloat(e, NULL, 1, 2, 2.25f));
        check("SetLocalDouble d", (*e)->SetLocalDouble(e, NULL, 1, 3, -1e10));
        check("SetLocalObject o", (*e)->SetLocalObject(e, NULL, 1, 1, (*jni)->NewStringUTF(jni, "new")));
        check("SetLocalObject f", (*e)->SetLocalObject(e, NULL, 1, 2, NULL));
        check("SetLocalInt o", (*e)->SetLocalInt(e, NULL, 1, 1, 1));
        check("SetLocalLong a", (*e)->SetLocalLong(e, NULL, 1, 0, 1));
        check("SetLocalInt slot 5", (*e)->SetLocalInt(e, NULL, 1, 5, 1));
        break;
    }
    case 5:
        table("instance", 2);
        check("GetLocalInstance", (*e)->GetLocalInstance(e, NULL, 1, &o));
        break;
    }
}
