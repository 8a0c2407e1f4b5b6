/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * GetLineNumberTable (can_get_line_numbers). For each method the program passes: the
 * entries (start location and line) in the order returned, and for JDK methods, whose
 * line numbers depend on the JDK build, only whether the table is well-formed (entries
 * inside the method's code, lines positive). Errors: ABSENT_INFORMATION (abstract
 * method), NATIVE_METHOD, INVALID_METHODID (NULL, bogus), NULL_POINTER (each pointer),
 * MUST_POSSESS_CAPABILITY (an environment without the capability), WRONG_PHASE
 * (Agent_OnLoad).
 */
#include "jvmti_test.h"

static JavaVM *jvm;
static jvmtiEnv *e;
static void *zero_word; /* a bogus jmethodID points here */

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvm = vm;
    e = new_env(vm);
    if (e == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_get_line_numbers = 1;
    check("AddCapabilities(can_get_line_numbers)", (*e)->AddCapabilities(e, &caps));
    jint n;
    jvmtiLineNumberEntry *t;
    check("OnLoad GetLineNumberTable", (*e)->GetLineNumberTable(e, NULL, &n, &t));
    return 0;
}

JNIEXPORT void JNICALL Java_LineNumberTable_lines(JNIEnv *jni, jclass cls, jobject exe)
{
    jmethodID m = (*jni)->FromReflectedMethod(jni, exe);
    char *name = NULL, *sig = NULL;
    jvmtiError r = (*e)->GetMethodName(e, m, &name, &sig, NULL);
    if (r != JVMTI_ERROR_NONE) {
        check("GetMethodName", r);
        return;
    }
    jclass decl = NULL;
    (*e)->GetMethodDeclaringClass(e, m, &decl);
    int mine = (*jni)->IsSameObject(jni, decl, cls);
    jint n = -1;
    jvmtiLineNumberEntry *t = NULL;
    r = (*e)->GetLineNumberTable(e, m, &n, &t);
    if (r != JVMTI_ERROR_NONE) {
        say("%s%s: %s", name, sig, err_name(r));
    } else if (mine) {
        char buf[1024] = "";
        size_t used = 0;
        for (jint i = 0; i < n && used < sizeof buf - 32; i++)
            used += (size_t)snprintf(buf + used, sizeof buf - used, " %d:%d", (int)t[i].start_location,
                                     (int)t[i].line_number);
        say("%s%s: %d entries%s", name, sig, (int)n, buf);
    } else {
        jlocation start, end;
        (*e)->GetMethodLocation(e, m, &start, &end);
        int ok = n > 0;
        for (jint i = 0; i < n; i++)
            if (t[i].start_location < start || t[i].start_location > end || t[i].line_number <= 0) ok = 0;
        say("%s%s: well-formed %s", name, sig, ok ? "yes" : "NO");
    }
    if (t) (*e)->Deallocate(e, (unsigned char *)t);
    (*e)->Deallocate(e, (unsigned char *)name);
    (*e)->Deallocate(e, (unsigned char *)sig);
}

JNIEXPORT void JNICALL Java_LineNumberTable_errors(JNIEnv *jni, jclass cls, jobject java_exe, jobject native_exe,
                                                   jobject abstract_exe)
{
    jmethodID m = (*jni)->FromReflectedMethod(jni, java_exe);
    jmethodID nat = (*jni)->FromReflectedMethod(jni, native_exe);
    jmethodID abs = (*jni)->FromReflectedMethod(jni, abstract_exe);
    jmethodID bogus = (jmethodID)&zero_word;
    jint n = -1;
    jvmtiLineNumberEntry *t = NULL;
    check("GetLineNumberTable(abstract)", (*e)->GetLineNumberTable(e, abs, &n, &t));
    check("GetLineNumberTable(native)", (*e)->GetLineNumberTable(e, nat, &n, &t));
    check("GetLineNumberTable(NULL)", (*e)->GetLineNumberTable(e, NULL, &n, &t));
    check("GetLineNumberTable(bogus)", (*e)->GetLineNumberTable(e, bogus, &n, &t));
    check("GetLineNumberTable(count NULL)", (*e)->GetLineNumberTable(e, m, NULL, &t));
    check("GetLineNumberTable(table NULL)", (*e)->GetLineNumberTable(e, m, &n, NULL));
    say("untouched on error: %d %s", (int)n, t == NULL ? "NULL" : "set");
    jvmtiEnv *plain = new_env(jvm);
    if (plain == NULL) return;
    check("GetLineNumberTable(no capability)", (*plain)->GetLineNumberTable(plain, m, &n, &t));
    (*plain)->DisposeEnvironment(plain);
}
