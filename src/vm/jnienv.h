// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jnienv.h — the two JNI singletons thread records point at.
 *
 * Every Thread's `jni` member is jni_current_functions, &jni_functions (jni.c) unless
 * an agent interposed a table of its own (JVMTI SetJNIFunctionTable, which repoints all
 * threads); a JNIEnv* is &thread->jni. The default table is constant and lives forever.
 * vm_java_vm is the one JavaVM of the process: the core owns it (GetJavaVM hands it out)
 * and the invocation layer (src/jvm/boot.c) points it at its JNIInvokeInterface table
 * when JNI_CreateJavaVM starts, before any thread exists; NULL until then.
 */
#ifndef GLASS_JNIENV_H
#define GLASS_JNIENV_H

#include <jni.h>
#include <stdatomic.h>
#include <stdint.h>

extern const struct JNINativeInterface_ jni_functions;
/* needed by jvmti (SetJNIFunctionTable): the table every thread's `jni` points at,
 * &jni_functions until an agent installs its own. Threads take it when they register
 * (under the thread registry lock, thread.c); jvmti/jniintercept.c changes it and then
 * repoints every registered thread, under the same lock (thread_for_each). */
extern const struct JNINativeInterface_ *_Atomic jni_current_functions;
extern JavaVM vm_java_vm;

/* -Xcheck:jni (jni_check.c): the checked table, which validates each call and then
 * calls jni_functions. jni_check_install makes it jni_current_functions; the option
 * parser calls it before any thread exists. */
extern const struct JNINativeInterface_ jni_checked_functions;
void jni_check_install(void);
/* A tool's callback whose local frame began at slot `mark` has ended (jvmti/events.h,
 * after restoring the thread's local frame): its local-capacity plan goes with it, as
 * HotSpot's handle block does. Thread: t, current; only when t->jni_check. */
struct Thread;
void jni_check_callback_end(struct Thread *t, uint32_t mark);

#endif
