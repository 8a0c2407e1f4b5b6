// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * dcmd_jmm.c — the JNI side of the JMM's diagnostic-command slots (jmm-abi.md §6: the
 * com.sun.management.DiagnosticCommandMBean natives of libmanagement_ext): listing the
 * commands exported to the MBean as a String[], resolving the command names the JDK
 * passes, and running a command line with its output returned as a String, with
 * HotSpot's checks and exceptions (management.cpp's jmm_GetDiagnosticCommands,
 * jmm_GetDiagnosticCommandInfo, jmm_GetDiagnosticCommandArgumentsInfo,
 * jmm_ExecuteDiagnosticCommand). The JMM table's functions fill the JDK's dcmdInfo and
 * dcmdArgInfo structs from the rows these return (DcmdCommand, dcmd_arg_info).
 *
 * Calling context: a JNI native method of the class library, on an attached thread in
 * TS_NATIVE; Java objects are made with the thread's JNI functions, and running a
 * command switches to TS_JAVA (jni_enter) for its duration. Errors leave a Java
 * exception pending, as in JNI.
 */
#include "dcmd.h"

#include <stdlib.h>
#include <string.h>

#include "../vm/jnienter.h"
#include "../vm/thread.h"
#include "management.h"

#define NPE "java/lang/NullPointerException"
#define IAE "java/lang/IllegalArgumentException"

/* The UTF-8 bytes of s (malloc'd), or NULL with an exception pending. */
static char *utf8_of(JNIEnv *env, jstring s)
{
    const char *chars = (*env)->GetStringUTFChars(env, s, NULL);
    if (chars == NULL) return NULL;
    char *copy = strdup(chars);
    (*env)->ReleaseStringUTFChars(env, s, chars);
    if (copy == NULL) mgmt_throw(env, "java/lang/OutOfMemoryError", NULL);
    return copy;
}

jobjectArray dcmd_jmm_commands(JNIEnv *env)
{
    int n = dcmd_list(DCMD_SOURCE_MBEAN, NULL, 0);
    const char **names = malloc((size_t)(n ? n : 1) * sizeof *names);
    if (names == NULL) {
        mgmt_throw(env, "java/lang/OutOfMemoryError", NULL);
        return NULL;
    }
    dcmd_list(DCMD_SOURCE_MBEAN, names, n);
    jclass string = (*env)->FindClass(env, "java/lang/String");
    jobjectArray a = string != NULL ? (*env)->NewObjectArray(env, n, string, NULL) : NULL;
    for (int i = 0; a != NULL && i < n; i++) {
        jstring s = (*env)->NewStringUTF(env, names[i]);
        if (s == NULL) {
            a = NULL;
            break;
        }
        (*env)->SetObjectArrayElement(env, a, i, s);
        (*env)->DeleteLocalRef(env, s);
    }
    free(names);
    return a;
}

bool dcmd_jmm_find_commands(JNIEnv *env, jobjectArray cmds, const DcmdCommand **rows)
{
    if (cmds == NULL || rows == NULL) {
        mgmt_throw(env, NPE, NULL);
        return false;
    }
    jclass string_array = (*env)->FindClass(env, "[Ljava/lang/String;");
    if (string_array == NULL) return false;
    /* HotSpot wants exactly a String[] (its element class), not a subtype's array. */
    jclass array_class = (*env)->GetObjectClass(env, cmds);
    if (!(*env)->IsSameObject(env, array_class, string_array)) {
        mgmt_throw(env, IAE, "Array element type is not String class");
        return false;
    }
    jsize n = (*env)->GetArrayLength(env, cmds);
    for (jsize i = 0; i < n; i++) {
        jstring s = (*env)->GetObjectArrayElement(env, cmds, i);
        if (s == NULL) {
            mgmt_throw(env, NPE, "Command name cannot be null.");
            return false;
        }
        char *name = utf8_of(env, s);
        (*env)->DeleteLocalRef(env, s);
        if (name == NULL) return false;
        rows[i] = dcmd_find(DCMD_SOURCE_MBEAN, name);
        free(name);
        if (rows[i] == NULL) {
            mgmt_throw(env, IAE, "Unknown diagnostic command");
            return false;
        }
    }
    return true;
}

const DcmdCommand *dcmd_jmm_find_command(JNIEnv *env, jstring command, jint count)
{
    if (command == NULL) {
        mgmt_throw(env, NPE, "Command line cannot be null.");
        return NULL;
    }
    char *name = utf8_of(env, command);
    if (name == NULL) return NULL;
    const DcmdCommand *c = dcmd_find(DCMD_SOURCE_MBEAN, name);
    free(name);
    if (c == NULL) {
        mgmt_throw(env, IAE, "Unknown diagnostic command");
        return NULL;
    }
    if (count != c->nargs) {
        mgmt_throw(env, IAE, "Wrong number of arguments");
        return NULL;
    }
    return c;
}

jstring dcmd_jmm_execute(JNIEnv *env, jstring command)
{
    if (command == NULL) {
        mgmt_throw(env, NPE, "Command line cannot be null.");
        return NULL;
    }
    char *line = utf8_of(env, command);
    if (line == NULL) return NULL;
    Thread *t = thread_from_env(env);
    int prev = jni_enter(t);
    size_t len;
    char *output = dcmd_execute_to_string(t, DCMD_SOURCE_MBEAN, line, &len);
    jni_leave(t, prev);
    free(line);
    if (output == NULL) return NULL; /* the command's exception is pending */
    jstring result = (*env)->NewStringUTF(env, output);
    free(output);
    return result;
}
