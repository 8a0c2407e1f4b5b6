/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * InternalThreads: the VM's own threads that run Java code on its behalf (the Signal
 * Dispatcher, the Notification Thread of java.lang.management) are VM_INTERNAL in
 * GetThreadInfo; main and the JDK's Java threads (Reference Handler, Common-Cleaner) are
 * JAVA.
 */
#include "ncai_test.h"

static ncaiEnv *ncai;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    ncai = get_ncai(new_jvmti(vm));
    return ncai != NULL ? 0 : 1;
}

JNIEXPORT void JNICALL Java_Main_kinds(JNIEnv *jni, jclass c)
{
    static const char *names[] = {"Signal Dispatcher", "Notification Thread", "main", "Reference Handler", "Common-Cleaner"};
    jint n = 0;
    ncaiThread *ts = NULL;
    ncheck("GetAllThreads", (*ncai)->GetAllThreads(ncai, &n, &ts));
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        const char *kind = "not listed";
        for (jint i = 0; i < n; i++) {
            ncaiThreadInfo ti;
            if ((*ncai)->GetThreadInfo(ncai, ts[i], &ti) != NCAI_ERROR_NONE || strcmp(ti.name, names[k]) != 0) continue;
            kind = ti.kind == NCAI_THREAD_JAVA ? "JAVA" : ti.kind == NCAI_THREAD_VM_INTERNAL ? "VM_INTERNAL" : "OTHER";
        }
        say("%s: %s", names[k], kind);
    }
}
