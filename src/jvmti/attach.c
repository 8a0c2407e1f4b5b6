// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * attach.c — the dynamic attach mechanism: the server side of the JDK's attach API
 * (com.sun.tools.attach, jdk.attach's sun.tools.attach.VirtualMachineImpl for Linux),
 * which jcmd, jstack, jinfo and VirtualMachine.loadAgent use, and through which JVMTI
 * agents start in the live phase (spec "Agent Start-Up (Live phase)", Agent_OnAttach).
 *
 * Start (HotSpot's protocol, the client's side fixed): a tool creates the file
 * .attach_pid<pid> in the VM's current directory or in /tmp and sends SIGQUIT. The
 * signal dispatcher (src/jvm/jvm_misc.c) asks jvmti_attach_check_trigger first: if that
 * file exists and belongs to our user, the "Attach Listener" thread is started (once) and
 * the signal means nothing else; otherwise SIGQUIT prints the thread dump as usual. The
 * listener binds the UNIX socket /tmp/.java_pid<pid> (owner-only; removed at exit by
 * jvmti_attach_shutdown) and serves one request per connection, in order, from peers
 * with our effective user and group only.
 *
 * A request: "1\0" (the protocol version), the operation name "\0", then three
 * arguments, each "\0"-terminated (empty when unused). The reply: the operation's status
 * as a decimal line (0 = done; 101 = unsupported protocol version), then its output; then
 * the connection is closed. Operations:
 *   load NAME ABSOLUTE OPTIONS   JVMTI agent start (jvmti_agent_attach): the output is
 *                                "return code: N", N being Agent_OnAttach's result
 *   properties, agentProperties  VMSupport's serialized system / agent properties
 *   threaddump                   the SIGQUIT thread dump
 *   datadump                     JVMTI DataDumpRequest
 *   printflag NAME, setflag NAME VALUE   jinfo -flag (src/jvm/flags.c)
 *   dumpheap FILE LIVE GZ        HPROF heap dump (jmap -dump; src/jvm/heapdump.c)
 *   inspectheap LIVE FILE N      class histogram (jmap -histo; src/jvm/heapinspect.c)
 *   jcmd "COMMAND ARGS..."       a diagnostic command: help, VM.version, VM.uptime,
 *                                VM.system_properties, Thread.print, GC.run,
 *                                GC.class_histogram, GC.heap_dump, GC.heap_info,
 *                                JVMTI.agent_load, JVMTI.data_dump, ManagementAgent.*
 *                                (src/jvm/management_agent.c); others fail with
 *                                HotSpot's "Unknown diagnostic command"
 * Anything else fails ("Operation NAME not recognized!").
 *
 * Threads: the listener is a daemon Java thread in the system thread group; it blocks in
 * accept/read in TS_NATIVE and runs operations in TS_JAVA.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../jvm/boot.h"
#include "../jvm/flags.h"
#include "../jvm/management_agent.h"
#include "../jvm/heapdump.h"
#include "../jvm/heapinspect.h"
#include "../jvm/threaddump.h"
#include "../vm/class.h"
#include "../vm/exception.h"
#include "../vm/heap.h"
#include "../vm/interp.h"
#include "../vm/loader.h"
#include "../vm/object.h"
#include "../vm/options.h"
#include "../vm/ref.h"
#include "../vm/sym.h"
#include "../vm/thread.h"
#include "../vm/wellknown.h"
#include "events.h"
#include "jvmti_int.h"
#include "jvmti_vm.h"

#define ATTACH_PROTOCOL_VERSION "1"
#define ATTACH_ERROR_BADVERSION 101
#define ATTACH_NAME_MAX 16
#define ATTACH_ARG_MAX 1024
#define ATTACH_ARG_COUNT 3

static OsMutex attach_lock;
static bool attach_started;
static char socket_path[256];
static jobject listener_group; /* the signal dispatcher's group, for the listener */

/* Is there an .attach_pid<pid> of ours in dir? */
static bool attach_file_in(const char *dir)
{
    char path[4096];
    int n = snprintf(path, sizeof path, "%s/.attach_pid%d", dir, os_getpid());
    return n > 0 && (size_t)n < sizeof path && os_file_owned_by_self(path);
}

/* Is there one in the current directory or in /tmp? */
static bool trigger_file_present(void)
{
    char *cwd = os_getcwd();
    bool found = cwd != NULL && attach_file_in(cwd);
    free(cwd);
    return found || attach_file_in(os_temp_dir());
}

/* ------------------------------------------------------------------------------------ */
/* Operations                                                                           */
/* ------------------------------------------------------------------------------------ */

/* Calls the static method NAME()[B of jdk.internal.vm.VMSupport and writes the bytes to
 * out. False with the exception printed to out. */
static bool write_vmsupport_bytes(Thread *t, const char *name, FILE *out)
{
    Class *c = loader_load(t, NULL, sym_intern("jdk/internal/vm/VMSupport"));
    Method *m = c != NULL && class_ensure_init(t, c) ? class_find_declared_method(c, sym_intern(name), sym_intern("()[B"))
                                                     : NULL;
    Slot r = {0};
    if (m != NULL && interp_call(t, m, NULL, &r) && r.l != NULL) {
        Array *a = (Array *)r.l;
        fwrite(array_data(a), 1, (size_t)a->length, out);
        return true;
    }
    if (t->exception != NULL) {
        char cname[512];
        class_external_name(t->exception->klass, cname, sizeof cname);
        fprintf(out, "%s\n", cname);
        exc_clear(t);
    }
    return false;
}

/* The diagnostic commands GlassVM has, with what `help` says of them. */
static const struct {
    const char *name;
    const char *description;
} dcmds[] = {
    {"GC.class_histogram", "Provide statistics about the Java heap usage."},
    {"GC.heap_dump", "Generate a HPROF format dump of the Java heap."},
    {"GC.heap_info", "Provide generic Java heap information."},
    {"GC.run", "Call java.lang.System.gc()."},
    {"JVMTI.agent_load", "Load JVMTI native agent."},
    {"JVMTI.data_dump", "Signal the JVM to do a data-dump request for JVMTI."},
    {"ManagementAgent.start", "Start remote management agent."},
    {"ManagementAgent.start_local", "Start local management agent."},
    {"ManagementAgent.status", "Print the management agent status."},
    {"ManagementAgent.stop", "Stop remote management agent."},
    {"Thread.print", "Print all threads with stacktraces."},
    {"VM.system_properties", "Print system properties."},
    {"VM.uptime", "Print VM uptime."},
    {"VM.version", "Print JVM version information."},
    {"help", "For more information about a specific command use 'help <command>'."},
};

/* Commands that parse their arguments with HotSpot's rules (src/jvm/dcmdarg.h): each
 * gets the text after its name. */
static const struct {
    const char *name;
    int (*run)(Thread *t, const char *args, FILE *out);
    void (*help)(FILE *out);
} parsed_dcmds[] = {
    {"GC.class_histogram", heapinspect_histogram_dcmd, heapinspect_histogram_dcmd_help},
    {"GC.heap_dump", heapdump_dcmd, heapdump_dcmd_help},
    {"GC.heap_info", heapinspect_heap_info_dcmd, heapinspect_heap_info_dcmd_help},
};

/* The diagnostic command line `line` ("VM.version", "JVMTI.agent_load lib opts");
 * returns the status: 0, or JNI_ERR with the reason in out. */
static jint run_dcmd(Thread *t, const char *line, FILE *out)
{
    const char *word = line + strspn(line, " \t\n");
    size_t word_len = strcspn(word, " \t\n");
    for (size_t i = 0; i < sizeof parsed_dcmds / sizeof parsed_dcmds[0]; i++)
        if (strlen(parsed_dcmds[i].name) == word_len && strncmp(word, parsed_dcmds[i].name, word_len) == 0)
            return parsed_dcmds[i].run(t, word + word_len, out);
    char buf[ATTACH_ARG_MAX + 1];
    size_t n = strnlen(line, ATTACH_ARG_MAX);
    memcpy(buf, line, n);
    buf[n] = '\0';
    char *save = NULL;
    char *cmd = strtok_r(buf, " \t\n", &save);
    if (cmd == NULL) return JNI_OK; /* an empty command line does nothing, as HotSpot */
    char *arg1 = strtok_r(NULL, " \t\n", &save);
    char *arg2 = strtok_r(NULL, "\n", &save);
    if (strcmp(cmd, "help") == 0) {
        if (arg1 != NULL) {
            for (size_t i = 0; i < sizeof parsed_dcmds / sizeof parsed_dcmds[0]; i++)
                if (strcmp(parsed_dcmds[i].name, arg1) == 0) {
                    parsed_dcmds[i].help(out);
                    return JNI_OK;
                }
            for (size_t i = 0; i < sizeof dcmds / sizeof dcmds[0]; i++)
                if (strcmp(dcmds[i].name, arg1) == 0) {
                    fprintf(out, "%s\n%s\n", dcmds[i].name, dcmds[i].description);
                    return JNI_OK;
                }
            fprintf(out, "Help unavailable : '%s' : No such command\n", arg1);
            return JNI_OK;
        }
        fprintf(out, "The following commands are available:\n");
        for (size_t i = 0; i < sizeof dcmds / sizeof dcmds[0]; i++) fprintf(out, "%s\n", dcmds[i].name);
        fprintf(out, "\nFor more information about a specific command use 'help <command>'.\n");
        return JNI_OK;
    }
    if (strcmp(cmd, "VM.version") == 0) {
        const char *name = boot_property("java.vm.name"), *version = boot_property("java.vm.version");
        if (version == NULL) version = "";
        /* The JDK's version number: the VM version without its build and opt parts. */
        fprintf(out, "%s version %s\nJDK %.*s\n", name ? name : "GlassVM", version, (int)strcspn(version, "+-"),
                version);
        return JNI_OK;
    }
    if (strcmp(cmd, "VM.uptime") == 0) {
        fprintf(out, "%.3f s\n", (double)(os_nanotime() - boot_start_ns) / 1e9);
        return JNI_OK;
    }
    if (strcmp(cmd, "VM.system_properties") == 0) {
        write_vmsupport_bytes(t, "serializePropertiesToByteArray", out);
        return JNI_OK;
    }
    if (strcmp(cmd, "Thread.print") == 0) {
        threaddump_write(t, out);
        return JNI_OK;
    }
    if (strcmp(cmd, "GC.run") == 0) {
        heap_collect(t, GC_SYSTEM);
        return JNI_OK;
    }
    /* The JMX agent (src/jvm/management_agent.c). */
    if (strcmp(cmd, "ManagementAgent.start_local") == 0) return mgmt_agent_start_local(t, out);
    if (strcmp(cmd, "ManagementAgent.status") == 0) return mgmt_agent_status(t, out);
    if (strcmp(cmd, "ManagementAgent.stop") == 0) return mgmt_agent_stop_remote(t, out);
    if (strcmp(cmd, "ManagementAgent.start") == 0) {
        const char *rest = line + strspn(line, " \t");
        rest += strlen(cmd);
        return mgmt_agent_start_remote(t, rest, out);
    }
    if (strcmp(cmd, "JVMTI.data_dump") == 0) {
        if (jvmti_want(JVMTI_EVENT_DATA_DUMP_REQUEST)) jvmti_post_data_dump_request();
        return JNI_OK;
    }
    if (strcmp(cmd, "JVMTI.agent_load") == 0) {
        if (arg1 == NULL) {
            fprintf(out, "JVMTI.agent_load dcmd needs library path.\n");
            return JNI_OK;
        }
        /* A .jar is a java.lang.instrument agent: the instrument library loads it. */
        const char *dot = strrchr(arg1, '.');
        if (dot != NULL && strcmp(dot, ".jar") == 0) {
            char opt[2 * ATTACH_ARG_MAX + 2];
            if (arg2 != NULL) snprintf(opt, sizeof opt, "%s=%s", arg1, arg2);
            else snprintf(opt, sizeof opt, "%s", arg1);
            jvmti_agent_attach(t, "instrument", false, opt, out);
        } else {
            jvmti_agent_attach(t, arg1, true, arg2, out);
        }
        return JNI_OK;
    }
    fprintf(out, "java.lang.IllegalArgumentException: Unknown diagnostic command\n");
    return JNI_ERR;
}

static jint run_operation(Thread *t, const char *name, char args[ATTACH_ARG_COUNT][ATTACH_ARG_MAX + 1], FILE *out)
{
    if (strcmp(name, "load") == 0)
        return jvmti_agent_attach(t, args[0], strcmp(args[1], "true") == 0, args[2][0] ? args[2] : NULL, out);
    if (strcmp(name, "properties") == 0)
        return write_vmsupport_bytes(t, "serializePropertiesToByteArray", out) ? JNI_OK : JNI_ERR;
    if (strcmp(name, "agentProperties") == 0)
        return write_vmsupport_bytes(t, "serializeAgentPropertiesToByteArray", out) ? JNI_OK : JNI_ERR;
    if (strcmp(name, "threaddump") == 0) {
        threaddump_write(t, out);
        return JNI_OK;
    }
    if (strcmp(name, "datadump") == 0) {
        if (jvmti_want(JVMTI_EVENT_DATA_DUMP_REQUEST)) jvmti_post_data_dump_request();
        return JNI_OK;
    }
    if (strcmp(name, "jcmd") == 0) return run_dcmd(t, args[0], out);
    /* jinfo -flag (src/jvm/flags.c). */
    if (strcmp(name, "printflag") == 0) return flags_attach_print(args[0], out);
    if (strcmp(name, "setflag") == 0) return flags_attach_set(args[0], args[1], out);
    if (strcmp(name, "dumpheap") == 0) return heapdump_attach_op(t, args[0], args[1], args[2], out);
    if (strcmp(name, "inspectheap") == 0) return heapinspect_attach_op(t, args[0], args[1], args[2], out);
    fprintf(out, "Operation %s not recognized!", name);
    return JNI_ERR;
}

/* ------------------------------------------------------------------------------------ */
/* The listener                                                                         */
/* ------------------------------------------------------------------------------------ */

/* Reads the next "\0"-terminated string (at most max bytes before the terminator) into
 * s. False on a short read, an over-long string or a closed connection. */
static bool read_string(int fd, char *s, size_t max)
{
    for (size_t n = 0;; n++) {
        char c;
        if (os_fd_read(fd, &c, 1) != 1) return false;
        if (c == '\0') {
            s[n] = '\0';
            return true;
        }
        if (n == max) return false;
        s[n] = c;
    }
}

/* Serves one connection: reads the request, runs it, replies, closes. TS_NATIVE. */
static void serve(Thread *t, int fd)
{
    char version[8], name[ATTACH_NAME_MAX + 1];
    static char args[ATTACH_ARG_COUNT][ATTACH_ARG_MAX + 1]; /* the listener's only */
    bool ok = read_string(fd, version, sizeof version - 1);
    if (ok && strcmp(version, ATTACH_PROTOCOL_VERSION) != 0) {
        char msg[16];
        snprintf(msg, sizeof msg, "%d\n", ATTACH_ERROR_BADVERSION);
        os_fd_write_all(fd, msg, strlen(msg));
        os_fd_close(fd);
        return;
    }
    ok = ok && read_string(fd, name, ATTACH_NAME_MAX);
    for (int i = 0; ok && i < ATTACH_ARG_COUNT; i++) ok = read_string(fd, args[i], ATTACH_ARG_MAX);
    if (!ok) {
        os_fd_close(fd);
        return;
    }
    char *text = NULL;
    size_t len = 0;
    FILE *out = os_memstream_open(&text, &len);
    if (out == NULL) {
        os_fd_close(fd);
        return;
    }
    thread_leave_safe(t);
    jint status = run_operation(t, name, args, out);
    exc_clear(t);
    thread_enter_safe(t, TS_NATIVE);
    fclose(out);
    char head[16];
    snprintf(head, sizeof head, "%d\n", (int)status);
    if (os_fd_write_all(fd, head, strlen(head))) os_fd_write_all(fd, text, len);
    free(text);
    os_fd_close(fd);
}

static void *listener_main(void *arg)
{
    int sfd = (int)(intptr_t)arg;
    os_thread_set_name("Attach Listener");
    Object *group = listener_group != NULL ? ref_get(listener_group) : NULL;
    Thread *t = thread_attach("Attach Listener", group, true);
    if (listener_group != NULL) ref_delete_global(listener_group);
    listener_group = NULL;
    if (t == NULL) {
        os_fd_close(sfd);
        return NULL;
    }
    if (atomic_load_explicit(&t->state, memory_order_relaxed) != TS_JAVA) thread_leave_safe(t);
    /* HotSpot's attach listener runs at NearMaxPriority. */
    if (t->jthread != NULL) FIELD_SET(t->jthread, wk_off.Thread_priority, int32_t, 9);
    thread_enter_safe(t, TS_NATIVE);
    for (;;) {
        bool peer_ok = false;
        int fd = os_local_accept(sfd, &peer_ok);
        if (fd < 0) continue;
        if (!peer_ok || jvmti_get_phase() != JVMTI_PHASE_LIVE) {
            os_fd_close(fd);
            continue;
        }
        serve(t, fd);
    }
    return NULL;
}

void jvmti_attach_init(void)
{
    os_mutex_init(&attach_lock);
}

/* SIGQUIT, on the signal dispatcher (self, TS_JAVA): true if it was an attach request
 * (the listener is started, if it was not yet), false if SIGQUIT means a thread dump. */
bool jvmti_attach_check_trigger(Thread *self)
{
    if (jvmti_get_phase() != JVMTI_PHASE_LIVE || vm_opts.no_attach) return false;
    os_mutex_lock(&attach_lock);
    if (attach_started || !trigger_file_present()) {
        os_mutex_unlock(&attach_lock);
        return false;
    }
    snprintf(socket_path, sizeof socket_path, "%s/.java_pid%d", os_temp_dir(), os_getpid());
    int sfd = os_local_listen(socket_path);
    bool started = false;
    if (sfd >= 0) {
        Object *group = self->jthread != NULL ? FIELD_GET(self->jthread, wk_off.Thread_group, Object *) : NULL;
        listener_group = group != NULL ? ref_new_global(group) : NULL;
        OsThread th;
        started = os_thread_create(&th, 0, listener_main, (void *)(intptr_t)sfd, true);
        if (!started) {
            os_fd_close(sfd);
            os_unlink(socket_path);
            socket_path[0] = '\0';
        }
    }
    attach_started = started;
    os_mutex_unlock(&attach_lock);
    /* A trigger file means an attach request even when the listener could not start: the
     * tool times out with its own message, as with HotSpot. */
    return true;
}

/* VM exit: the socket file goes, so that no tool connects to a dead VM. */
void jvmti_attach_shutdown(void)
{
    if (socket_path[0] != '\0') os_unlink(socket_path);
}
