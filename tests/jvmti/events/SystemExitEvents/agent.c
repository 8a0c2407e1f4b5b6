/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI events around System.exit called by a worker thread: the agent of Lifecycle,
 * unchanged (the thread events once per thread, in order, in the phase the spec names, on
 * the thread the event is about, with a working JNIEnv; only the program's threads, main
 * and worker-*, reported). What differs is the program: the VM ends by System.exit from
 * a worker while main still runs.
 */
#include "../Lifecycle/agent.c"
