/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * GetLocalVariableTable with can_access_local_variables: every entry of a few methods
 * (the order is the class file's, the same on both VMs), an empty table for a method
 * without locals and for an abstract method of a class compiled with -g,
 * ABSENT_INFORMATION for a class compiled without -g (NoDebug.java), NATIVE_METHOD,
 * INVALID_METHODID, NULL_POINTER, and WRONG_PHASE in Agent_OnLoad.
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
    jint n;
    jvmtiLocalVariableEntry *t;
    check("OnLoad GetLocalVariableTable", (*e)->GetLocalVariableTable(e, NULL, &n, &t));
    return 0;
}

static void dump(const char *what, jmethodID m)
{
    jint n = -1;
    jvmtiLocalVariableEntry *t = NULL;
    jvmtiError err = (*e)->GetLocalVariableTable(e, m, &n, &t);
    say("%s: %s", what, err_name(err));
    if (err != JVMTI_ERROR_NONE) return;
    say("  %d entries", (int)n);
    for (jint i = 0; i < n; i++) {
        say("  slot %d %s %s %s start %lld length %d", (int)t[i].slot, t[i].name, t[i].signature,
            t[i].generic_signature ? t[i].generic_signature : "(no generic)", (long long)t[i].start_location,
            (int)t[i].length);
        (*e)->Deallocate(e, (unsigned char *)t[i].name);
        (*e)->Deallocate(e, (unsigned char *)t[i].signature);
        if (t[i].generic_signature) (*e)->Deallocate(e, (unsigned char *)t[i].generic_signature);
    }
    if (t) (*e)->Deallocate(e, (unsigned char *)t);
}

JNIEXPORT void JNICALL Java_LocalTable_live(JNIEnv *jni, jclass cls)
{
    dump("statics", (*jni)->GetStaticMethodID(jni, cls, "statics", "(IJD[Ljava/lang/String;)J"));
    dump("generic", (*jni)->GetMethodID(jni, cls, "generic",
                                        "(Ljava/util/List;Ljava/util/Map;Ljava/lang/Number;)Ljava/lang/Object;"));
    dump("noLocals", (*jni)->GetStaticMethodID(jni, cls, "noLocals", "()I"));
    dump("main", (*jni)->GetStaticMethodID(jni, cls, "main", "([Ljava/lang/String;)V"));
    dump("<init>", (*jni)->GetMethodID(jni, cls, "<init>", "()V"));
    jclass nd = (*jni)->FindClass(jni, "NoDebug");
    dump("NoDebug.twice", (*jni)->GetStaticMethodID(jni, nd, "twice", "(I)I"));
    jclass abs = (*jni)->FindClass(jni, "LocalTable$Abs");
    dump("Abs.abs (abstract)", (*jni)->GetMethodID(jni, abs, "abs", "(I)V"));
    dump("nativeMethod", (*jni)->GetMethodID(jni, cls, "nativeMethod", "()V"));
    dump("live (native)", (*jni)->GetStaticMethodID(jni, cls, "live", "()V"));
    dump("NULL method", NULL);
    jint n;
    jvmtiLocalVariableEntry *t;
    jmethodID m = (*jni)->GetStaticMethodID(jni, cls, "statics", "(IJD[Ljava/lang/String;)J");
    check("NULL count", (*e)->GetLocalVariableTable(e, m, NULL, &t));
    check("NULL table", (*e)->GetLocalVariableTable(e, m, &n, NULL));
}
