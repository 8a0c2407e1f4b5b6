/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * GetLocalVariableTable (can_access_local_variables) and GetLineNumberTable
 * (can_get_line_numbers) of a few methods of boot classes from the runtime image:
 * Integer.parseInt(String, int), ArrayList.forEach (a generic parameter: an LVTT entry),
 * HashMap.putVal and String.indexOf(int, int). Two threads ask first, at the same time;
 * then the main thread prints every entry and whether the threads saw the same, so the
 * output never depends on which thread asked first.
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
    c.can_get_line_numbers = 1;
    check("AddCapabilities", (*e)->AddCapabilities(e, &c));
    return 0;
}

typedef struct Target {
    const char *cls, *name, *sig;
    int is_static;
} Target;

static const Target targets[] = {
    {"java/lang/Integer", "parseInt", "(Ljava/lang/String;I)I", 1},
    {"java/util/ArrayList", "forEach", "(Ljava/util/function/Consumer;)V", 0},
    {"java/util/HashMap", "putVal", "(ILjava/lang/Object;Ljava/lang/Object;ZZ)Ljava/lang/Object;", 0},
    {"java/lang/String", "indexOf", "(II)I", 0},
};
#define NTARGETS (sizeof targets / sizeof targets[0])

/* One line per entry, into buf; the number of bytes written. */
static size_t describe(JNIEnv *jni, const Target *tg, char *buf, size_t size, int print)
{
    size_t used = 0;
    jclass k = (*jni)->FindClass(jni, tg->cls);
    jmethodID m = tg->is_static ? (*jni)->GetStaticMethodID(jni, k, tg->name, tg->sig)
                                : (*jni)->GetMethodID(jni, k, tg->name, tg->sig);
    jint n = -1;
    jvmtiLocalVariableEntry *t = NULL;
    jvmtiError err = (*e)->GetLocalVariableTable(e, m, &n, &t);
    used += snprintf(buf + used, size - used, "%s.%s: %s\n", tg->cls, tg->name, err_name(err));
    if (err == JVMTI_ERROR_NONE) {
        used += snprintf(buf + used, size - used, "  %d entries\n", (int)n);
        for (jint i = 0; i < n && used < size; i++) {
            used += snprintf(buf + used, size - used, "  slot %d %s %s %s start %lld length %d\n",
                             (int)t[i].slot, t[i].name, t[i].signature,
                             t[i].generic_signature ? t[i].generic_signature : "(no generic)",
                             (long long)t[i].start_location, (int)t[i].length);
            (*e)->Deallocate(e, (unsigned char *)t[i].name);
            (*e)->Deallocate(e, (unsigned char *)t[i].signature);
            if (t[i].generic_signature) (*e)->Deallocate(e, (unsigned char *)t[i].generic_signature);
        }
        if (t) (*e)->Deallocate(e, (unsigned char *)t);
    }
    jint ln = -1;
    jvmtiLineNumberEntry *lt = NULL;
    err = (*e)->GetLineNumberTable(e, m, &ln, &lt);
    if (used < size) used += snprintf(buf + used, size - used, "  lines: %s", err_name(err));
    if (err == JVMTI_ERROR_NONE) {
        for (jint i = 0; i < ln && used < size; i++)
            used += snprintf(buf + used, size - used, " %lld:%d", (long long)lt[i].start_location,
                             (int)lt[i].line_number);
        (*e)->Deallocate(e, (unsigned char *)lt);
    }
    if (used < size) used += snprintf(buf + used, size - used, "\n");
    if (print) fputs(buf, stdout);
    return used;
}

static char seen[2][NTARGETS][16384];

JNIEXPORT void JNICALL Java_BootLocalTable_live(JNIEnv *jni, jclass cls, jint who)
{
    if (who < 2) {
        /* A thread: on GlassVM the first ask decodes, racing with the other thread. */
        for (size_t i = 0; i < NTARGETS; i++) describe(jni, &targets[i], seen[who][i], sizeof seen[who][i], 0);
        return;
    }
    static char mine[16384];
    for (size_t i = 0; i < NTARGETS; i++) {
        describe(jni, &targets[i], mine, sizeof mine, 1);
        for (int t = 0; t < 2; t++)
            if (strcmp(mine, seen[t][i]) != 0) say("thread %d saw another table for %s.%s", t, targets[i].cls, targets[i].name);
    }
    fflush(stdout);
}
