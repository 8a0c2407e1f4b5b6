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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../vm/class.h"
#include "../vm/exception.h"
#include "../vm/interp.h"
#include "../vm/loader.h"
#include "../vm/string.h"
#include "../vm/sym.h"
#include "../vm/thread.h"
#include "boot.h"
#include "flags.h"

/* Calls the static method NAME(DESC) of jdk.internal.agent.Agent with at most one
 * argument; *result receives an Object result. False with an exception pending. */
static bool call_agent(Thread *t, const char *name, const char *desc, Object *arg, Object **result)
{
    Class *c = loader_load(t, NULL, sym_intern("jdk/internal/agent/Agent"));
    if (c == NULL) return false;
    if (!class_ensure_init(t, c)) return false;
    Method *m = class_find_declared_method(c, sym_intern(name), sym_intern(desc));
    if (m == NULL) {
        exc_throw(t, "java/lang/NoSuchMethodError", "jdk.internal.agent.Agent.%s%s", name, desc);
        return false;
    }
    Slot a = {.l = arg}, r = {0};
    if (!interp_call(t, m, arg != NULL ? &a : NULL, &r)) return false;
    if (result != NULL) *result = r.l;
    return true;
}

/* The diagnostic-command convention for a failure: the exception as
 * "class: message" (Throwable.toString), status JNI_ERR. */
static jint report_exception(Thread *t, FILE *out)
{
    Object *e = exc_take(t);
    if (e == NULL) return JNI_ERR;
    Method *ts = class_lookup_method(e->klass, sym_intern("toString"), sym_intern("()Ljava/lang/String;"));
    Slot a = {.l = e}, r = {0};
    char name[512];
    class_external_name(e->klass, name, sizeof name);
    if (ts != NULL && interp_call_virtual(t, ts, &a, &r) && r.l != NULL) {
        char *s = str_to_mutf8(r.l);
        fprintf(out, "%s\n", s != NULL ? s : name);
        free(s);
    } else {
        exc_clear(t);
        fprintf(out, "%s\n", name);
    }
    return JNI_ERR;
}

bool mgmt_agent_boot(Thread *t)
{
    if (!flags_bool("ManagementServer")) return true;
    return call_agent(t, "startAgent", "()V", NULL, NULL);
}

jint mgmt_agent_start_local(Thread *t, FILE *out)
{
    if (!call_agent(t, "startLocalManagementAgent", "()V", NULL, NULL)) return report_exception(t, out);
    return JNI_OK;
}

/* ManagementAgent.start's options (HotSpot's JMXStartRemoteDCmd), each passed on as
 * com.sun.management.<name>=<value>. */
static const char *const remote_options[] = {
    "config.file", "jmxremote.host", "jmxremote.port", "jmxremote.rmi.port", "jmxremote.ssl",
    "jmxremote.registry.ssl", "jmxremote.authenticate", "jmxremote.password.file", "jmxremote.access.file",
    "jmxremote.login.config", "jmxremote.ssl.enabled.cipher.suites", "jmxremote.ssl.enabled.protocols",
    "jmxremote.ssl.need.client.auth", "jmxremote.ssl.config.file", "jmxremote.autodiscovery", "jdp.port",
    "jdp.address", "jdp.source_addr", "jdp.ttl", "jdp.pause", "jdp.name",
};

jint mgmt_agent_start_remote(Thread *t, const char *args, FILE *out)
{
    char buf[4096], opts[8192];
    snprintf(buf, sizeof buf, "%s", args != NULL ? args : "");
    size_t len = 0;
    opts[0] = 0;
    char *save = NULL;
    for (char *tok = strtok_r(buf, " ", &save); tok != NULL; tok = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(tok, '=');
        size_t klen = eq != NULL ? (size_t)(eq - tok) : strlen(tok);
        bool known = false;
        for (size_t i = 0; i < ARRAY_LEN(remote_options); i++)
            if (strlen(remote_options[i]) == klen && strncmp(remote_options[i], tok, klen) == 0) known = true;
        if (!known) {
            fprintf(out, "java.lang.IllegalArgumentException: Unknown argument '%.*s' in diagnostic command.\n",
                    (int)klen, tok);
            return JNI_ERR;
        }
        if (eq == NULL || eq[1] == 0) {
            fprintf(out, "java.lang.IllegalArgumentException: Missing argument for diagnostic command\n");
            return JNI_ERR;
        }
        int n = snprintf(opts + len, sizeof opts - len, "%scom.sun.management.%s", len > 0 ? "," : "", tok);
        if (n < 0 || (size_t)n >= sizeof opts - len) break;
        len += (size_t)n;
    }
    Object *s = str_new_cstr(t, opts);
    if (s == NULL || !call_agent(t, "startRemoteManagementAgent", "(Ljava/lang/String;)V", s, NULL))
        return report_exception(t, out);
    return JNI_OK;
}

jint mgmt_agent_stop_remote(Thread *t, FILE *out)
{
    if (!call_agent(t, "stopRemoteManagementAgent", "()V", NULL, NULL)) return report_exception(t, out);
    return JNI_OK;
}

jint mgmt_agent_status(Thread *t, FILE *out)
{
    Object *r = NULL;
    if (!call_agent(t, "getManagementAgentStatus", "()Ljava/lang/String;", NULL, &r)) return report_exception(t, out);
    char *s = r != NULL ? str_to_mutf8(r) : NULL;
    if (s != NULL) fputs(s, out);
    free(s);
    return JNI_OK;
}
