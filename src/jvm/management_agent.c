// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * management_agent.c — the JDK's out-of-the-box JMX agent (jdk.management.agent's
 * jdk.internal.agent.Agent): started at boot when a -Dcom.sun.management.* property (or
 * -XX:+ManagementServer) asks for it, as HotSpot's Management::initialize does, and on
 * request by the ManagementAgent.* diagnostic commands (jcmd, VirtualMachine's
 * startLocalManagementAgent / startManagementAgent).
 *
 * The agent itself is Java: local connector (the address published as the agent property
 * com.sun.management.jmxremote.localConnectorAddress, which jconsole and VisualVM read
 * through attach), RMI connector on com.sun.management.jmxremote.port with the
 * authentication, access and SSL settings of the JDK's documentation. The VM only calls
 * its entry points; options keep their JDK meaning and are checked on the Java side.
 *
 * Calling context: TS_JAVA, on the main thread at boot or the attach listener.
 */
#include "management_agent.h"

#include <stdlib.h>

#include "../vm/string.h"
#include "dcmd.h"
#include "flags.h"

#define AGENT "jdk/internal/agent/Agent"

/* HotSpot's loadAgentModule: jdk.management.agent joins the boot layer if it is not in
 * the module graph yet (an application whose modules do not require it), then the
 * static method name(desc) of Agent runs with at most one argument. */
static bool call_agent(Thread *t, const char *name, const char *desc, Object *arg, Slot *ret)
{
    Object *module = str_new_cstr(t, "jdk.management.agent");
    if (module == NULL) return false;
    Slot a = {.l = module}, r = {0};
    if (!dcmd_call_static(t, "jdk/internal/module/Modules", "loadModule", "(Ljava/lang/String;)Ljava/lang/Module;",
                          &a, &r))
        return false;
    a.l = arg;
    return dcmd_call_static(t, AGENT, name, desc, arg != NULL ? &a : NULL, ret);
}

bool mgmt_agent_boot(Thread *t)
{
    if (!flags_bool("ManagementServer")) return true;
    return dcmd_call_static(t, AGENT, "startAgent", "()V", NULL, NULL);
}

bool mgmt_agent_start_local(Thread *t) { return call_agent(t, "startLocalManagementAgent", "()V", NULL, NULL); }

bool mgmt_agent_start_remote(Thread *t, const char *options)
{
    Object *s = str_new_cstr(t, options != NULL ? options : "");
    return s != NULL && call_agent(t, "startRemoteManagementAgent", "(Ljava/lang/String;)V", s, NULL);
}

bool mgmt_agent_stop_remote(Thread *t) { return call_agent(t, "stopRemoteManagementAgent", "()V", NULL, NULL); }

/* JMXStatusDCmd: the status text, then a newline (print_raw_cr). */
bool mgmt_agent_status(Thread *t, FILE *out)
{
    Slot r = {0};
    if (!call_agent(t, "getManagementAgentStatus", "()Ljava/lang/String;", NULL, &r)) return false;
    char *s = r.l != NULL ? str_to_mutf8(r.l) : NULL;
    if (s != NULL) fputs(s, out);
    free(s);
    fputc('\n', out);
    return true;
}
