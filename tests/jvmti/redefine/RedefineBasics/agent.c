/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI RedefineClasses, success paths (RedefineBasics.java): redefine() passes a class
 * and its new bytes to RedefineClasses; frames() shows the top frames of the current
 * thread as a debugger sees them after a redefinition: method, declaring class,
 * IsMethodObsolete and the source line of the frame's location, from the line table of
 * the frame's method (an obsolete method keeps its old table).
 */
#include "jvmti_test.h"

static jvmtiEnv *env;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_redefine_classes = 1;
    caps.can_get_line_numbers = 1;
    caps.can_maintain_original_method_order = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    return 0;
}

JNIEXPORT jint JNICALL Java_RedefineBasics_redefine(JNIEnv *jni, jclass cls, jclass target, jbyteArray bytes)
{
    jvmtiError e = redefine_array(env, jni, target, bytes);
    say("RedefineClasses: %s", err_name(e));
    return (jint)e;
}

static int line_of(jmethodID m, jlocation loc)
{
    jint n = 0;
    jvmtiLineNumberEntry *t = NULL;
    if ((*env)->GetLineNumberTable(env, m, &n, &t) != JVMTI_ERROR_NONE) return -1;
    int line = -1;
    for (jint i = 0; i < n; i++)
        if (t[i].start_location <= loc) line = t[i].line_number;
    (*env)->Deallocate(env, (unsigned char *)t);
    return line;
}

JNIEXPORT void JNICALL Java_RedefineBasics_frames(JNIEnv *jni, jclass cls, jint depth)
{
    jvmtiFrameInfo f[16];
    jint n = 0;
    check("GetStackTrace", (*env)->GetStackTrace(env, NULL, 0, depth, f, &n));
    for (jint i = 0; i < n; i++) {
        char *name = NULL, *csig = NULL, *msig = NULL;
        jclass k = NULL;
        jboolean obsolete = JNI_FALSE;
        (*env)->GetMethodName(env, f[i].method, &name, &msig, NULL);
        (*env)->GetMethodDeclaringClass(env, f[i].method, &k);
        /* The jmethodID of the method as the class now defines it (all frames here are
         * of static methods): the frame's own for an EMCP method, not for an obsolete one. */
        jmethodID current = (*jni)->GetStaticMethodID(jni, k, name, msig);
        if (current == NULL) (*jni)->ExceptionClear(jni);
        (*env)->GetClassSignature(env, k, &csig, NULL);
        jvmtiError e = (*env)->IsMethodObsolete(env, f[i].method, &obsolete);
        jlocation loc;
        jmethodID m;
        (*env)->GetFrameLocation(env, NULL, i, &m, &loc);
        if (strstr(csig, "$$Lambda$") != NULL) strcpy(strstr(csig, "$$Lambda$"), "$$Lambda;"); /* hidden: no address */
        say("  frame %d: %s.%s obsolete=%s (%s) same method as GetFrameLocation=%s current=%s line=%d", (int)i,
            csig, name, obsolete ? "true" : "false", err_name(e), m == f[i].method ? "yes" : "no",
            current == f[i].method ? "yes" : "no", loc >= 0 ? line_of(f[i].method, f[i].location) : -2);
        (*env)->Deallocate(env, (unsigned char *)name);
        (*env)->Deallocate(env, (unsigned char *)csig);
        (*env)->Deallocate(env, (unsigned char *)msig);
    }
}

/* GetClassMethods in class-file order (can_maintain_original_method_order). */
JNIEXPORT void JNICALL Java_RedefineBasics_methodOrder(JNIEnv *jni, jclass cls, jclass k)
{
    jint n = 0;
    jmethodID *ms = NULL;
    check("GetClassMethods", (*env)->GetClassMethods(env, k, &n, &ms));
    char line[1024] = "";
    for (jint i = 0; i < n; i++) {
        char *name = NULL;
        (*env)->GetMethodName(env, ms[i], &name, NULL, NULL);
        strncat(line, " ", sizeof line - strlen(line) - 1);
        strncat(line, name, sizeof line - strlen(line) - 1);
        (*env)->Deallocate(env, (unsigned char *)name);
    }
    (*env)->Deallocate(env, (unsigned char *)ms);
    say("  methods:%s", line);
}
