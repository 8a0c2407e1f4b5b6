/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 *
 * SampleStack: the sample agent samples/ncai-stack, run as it is (options
 * thread=worker,module=ncainative,stable), prints the worker's mixed stack when
 * `jcmd PID JVMTI.data_dump` asks: the test library's functions by their ELF symbols,
 * the Java frames with their bytecode indexes and depths, everything else folded.
 */
#define NCAI_STACK_DONE_HOOK sample_done
#include "../../../samples/ncai-stack/ncai_stack.c"

static volatile int done;

void sample_done(void) { done = 1; }

JNIEXPORT jboolean JNICALL Java_Main_dumped(JNIEnv *jni, jclass c) { return done ? JNI_TRUE : JNI_FALSE; }
