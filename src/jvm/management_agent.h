// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * management_agent.h — the JDK's JMX agent (management_agent.c): started at boot when
 * asked for, and the work of the ManagementAgent.* diagnostic commands.
 *
 * All functions: t the current thread in TS_JAVA. The mgmt_agent_* commands write what
 * jcmd shows to `out` and return the attach status (JNI_OK, or JNI_ERR with the Java
 * exception printed, as HotSpot's diagnostic commands report them).
 */
#ifndef GLASS_MANAGEMENT_AGENT_H
#define GLASS_MANAGEMENT_AGENT_H

#include <jni.h>
#include <stdbool.h>
#include <stdio.h>

#include "../vm/vm.h"

/* Boot: jdk.internal.agent.Agent.startAgent() if -Dcom.sun.management.* or
 * -XX:+ManagementServer was given. False with the exception pending if it failed. */
bool mgmt_agent_boot(Thread *t);
/* ManagementAgent.start_local. */
jint mgmt_agent_start_local(Thread *t, FILE *out);
/* ManagementAgent.start: args is the command's argument text ("jmxremote.port=5000
 * jmxremote.authenticate=false ..."). */
jint mgmt_agent_start_remote(Thread *t, const char *args, FILE *out);
/* ManagementAgent.stop. */
jint mgmt_agent_stop_remote(Thread *t, FILE *out);
/* ManagementAgent.status. */
jint mgmt_agent_status(Thread *t, FILE *out);

#endif
