// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * management_agent.h — the JDK's JMX agent (management_agent.c): started at boot when
 * asked for, and the ManagementAgent.* diagnostic commands (rows of dcmd_commands.c's
 * table, their arguments parsed by the framework, dcmd.h).
 *
 * All functions: t the current thread in TS_JAVA (the main thread at boot, the Attach
 * Listener for jcmd). They return false with the Java exception pending, which the
 * diagnostic-command framework reports as HotSpot does ("class: message", status -1).
 */
#ifndef GLASS_MANAGEMENT_AGENT_H
#define GLASS_MANAGEMENT_AGENT_H

#include <stdbool.h>
#include <stdio.h>

#include "../vm/vm.h"

/* Boot: jdk.internal.agent.Agent.startAgent() if -Dcom.sun.management.* or
 * -XX:+ManagementServer was given. */
bool mgmt_agent_boot(Thread *t);
/* ManagementAgent.start_local: Agent.startLocalManagementAgent(). */
bool mgmt_agent_start_local(Thread *t);
/* ManagementAgent.start: Agent.startRemoteManagementAgent(options), options being the
 * command's options as "com.sun.management.<name>=<value>,..." (the Java side checks
 * them, as for HotSpot's JMXStartRemoteDCmd). */
bool mgmt_agent_start_remote(Thread *t, const char *options);
/* ManagementAgent.stop. */
bool mgmt_agent_stop_remote(Thread *t);
/* ManagementAgent.status: the agent's status text and a newline to out. */
bool mgmt_agent_status(Thread *t, FILE *out);

#endif
