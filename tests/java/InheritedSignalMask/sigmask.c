// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// InheritedSignalMask's helper: blocks signals on the calling thread, as a launcher
// (Maven's or Gradle's forked test JVMs, an IDE) may leave them blocked for its children.
// A child process inherits the mask of the thread that starts it, across exec.
#include <jni.h>
#include <signal.h>
#include <pthread.h>

/* Blocks SIGQUIT, SIGHUP, SIGINT and SIGTERM on this thread; 0 on success. */
JNIEXPORT jint JNICALL Java_InheritedSignalMask_blockSignals(JNIEnv *env, jclass cls)
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGQUIT);
    sigaddset(&set, SIGHUP);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    return pthread_sigmask(SIG_BLOCK, &set, NULL);
}

/* Is signal `sig` blocked on this thread? */
JNIEXPORT jboolean JNICALL Java_InheritedSignalMask_isBlocked(JNIEnv *env, jclass cls, jint sig)
{
    sigset_t set;
    pthread_sigmask(SIG_BLOCK, NULL, &set);
    return sigismember(&set, sig) == 1;
}
