/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 *
 * A JNI library loaded by a class loader the test then drops (LoaderUnload).
 */
#include <jni.h>

JNIEXPORT jint JNICALL Java_Holder_answer(JNIEnv *jni, jclass c) { return 4242; }
