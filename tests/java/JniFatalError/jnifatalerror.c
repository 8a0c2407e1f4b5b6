// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/* Native half of tests/java/JniFatalError.java. */
#include <jni.h>

JNIEXPORT void JNICALL Java_JniFatalError_fatal(JNIEnv *env, jclass cls, jstring msg)
{
    const char *m = (*env)->GetStringUTFChars(env, msg, NULL);
    (*env)->FatalError(env, m);
}
