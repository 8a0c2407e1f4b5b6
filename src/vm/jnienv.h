// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jnienv.h — the two JNI singletons thread records point at.
 *
 * Every Thread's `jni` member is &jni_functions (jni.c), so a JNIEnv* is &thread->jni.
 * An agent may later swap a thread's table (JVMTI SetJNIFunctionTable); the default one
 * is constant and lives forever. vm_java_vm is the one JavaVM of the process (boot.c).
 */
#ifndef GLASS_JNIENV_H
#define GLASS_JNIENV_H

#include <jni.h>

extern const struct JNINativeInterface_ jni_functions;
extern JavaVM vm_java_vm;

#endif
