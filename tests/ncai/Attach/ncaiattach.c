/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 *
 * The sample agent samples/ncai-stack as a library of its own, loaded into the running
 * VM by `jcmd PID JVMTI.agent_load` (Agent_OnAttach): NCAI enabled in the live phase
 * must know the threads that already run.
 */
#define NCAI_STACK_DONE_HOOK attach_dump_done
#include "../../../samples/ncai-stack/ncai_stack.c"

volatile int attach_dumped;

void attach_dump_done(void) { attach_dumped = 1; }
