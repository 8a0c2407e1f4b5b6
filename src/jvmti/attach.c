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
 *   datadump                     JVMTI DataDumpRequest
 *   threaddump [-l][-e]          the thread dump (jstack), with -l each thread's ownable
 *                                synchronizers
 *   printflag NAME, setflag NAME VALUE
 *                                jinfo -flag: a flag's value, changing a writeable one
 *                                (src/jvm/flags.c)
 *   dumpheap FILE LIVE GZ        HPROF heap dump (jmap -dump; src/jvm/heapdump.c)
 *   inspectheap LIVE FILE N      class histogram (jmap -histo; src/jvm/heapinspect.c)
 *   jcmd "COMMAND ARGS..."       diagnostic commands (src/jvm/dcmd.h; JVMTI.agent_load and
 *                                JVMTI.data_dump are registered here); a failure replies
 *                                status -1 and the exception, e.g.
 *                                "java.lang.IllegalArgumentException: Unknown diagnostic
 *                                command"
 * Anything else fails ("Operation NAME not recognized!").
 *
 * Threads: the listener is a daemon Java thread in the system thread group; it blocks in
 * accept/read in TS_NATIVE and runs operations in TS_JAVA.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../jvm/boot.h"
#include "../jvm/dcmd.h"
#include "../jvm/flags.h"
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
#include "../vm/string.h"
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

/* Prints the pending exception as HotSpot's java_lang_Throwable::print does
 * ("java.lang.IllegalArgumentException: <message>" and a newline) and clears it. */
static void print_exception(Thread *t, FILE *out)
{
    Object *e = t->exception;
    if (e == NULL) return;
    char cname[512];
    class_external_name(e->klass, cname, sizeof cname);
    Object *msg = FIELD_GET(e, wk_off.Throwable_detailMessage, Object *);
    char *text = msg != NULL ? str_to_mutf8(msg) : NULL;
    if (text != NULL) fprintf(out, "%s: %s\n", cname, text);
    else fprintf(out, "%s\n", cname);
    free(text);
    exc_clear(t);
}

/* Calls the static method NAME()[B of jdk.internal.vm.VMSupport and writes the bytes to
 * out. False with the exception printed to out. */
static bool write_vmsupport_bytes(Thread *t, const char *name, FILE *out)
{
    Slot r = {0};
    if (dcmd_call_static(t, "jdk/internal/vm/VMSupport", name, "()[B", NULL, &r)) {
        if (r.l != NULL) fwrite(array_data((Array *)r.l), 1, (size_t)((Array *)r.l)->length, out);
        return true;
    }
    print_exception(t, out);
    return false;
}

/* JVMTI.agent_load <library path> [<agent option>]: a .jar is a java.lang.instrument
 * agent, which the instrument library loads (HotSpot's JVMTIAgentLoadDCmd). */
static bool run_agent_load(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    const char *lib = v[0].s, *options = v[1].s;
    if (lib == NULL) {
        fprintf(out, "JVMTI.agent_load dcmd needs library path.\n");
        return true;
    }
    const char *dot = strrchr(lib, '.');
    if (dot != NULL && strncmp(dot, ".jar", 4) == 0) {
        size_t n = strlen(lib) + (options != NULL ? strlen(options) + 1 : 0) + 1;
        char *opt = malloc(n);
        if (opt == NULL) {
            exc_throw_oom(t);
            return false;
        }
        if (options != NULL) snprintf(opt, n, "%s=%s", lib, options);
        else snprintf(opt, n, "%s", lib);
        jvmti_agent_attach(t, "instrument", false, opt, out);
        free(opt);
    } else {
        jvmti_agent_attach(t, lib, true, options, out);
    }
    return true;
}

static bool run_data_dump(Thread *t, unsigned source, const DcmdValue *v, FILE *out)
{
    if (jvmti_want(JVMTI_EVENT_DATA_DUMP_REQUEST)) jvmti_post_data_dump_request();
    return true;
}

static const DcmdArgDef agent_load_args[] = {
    {"library path", "Absolute path of the JVMTI agent to load.", DCMD_STRING, NULL, true, false},
    {"agent option", "Option string to pass the agent.", DCMD_STRING, NULL, false, false},
};
static const DcmdCommand agent_load_command = {
    "JVMTI.agent_load", "Load JVMTI native agent.", "Low", DCMD_PERM_CONTROL, DCMD_EXPORT_ALL,
    DCMD_ARGS(agent_load_args), run_agent_load,
};
static const DcmdCommand data_dump_command = {
    "JVMTI.data_dump", "Signal the JVM to do a data-dump request for JVMTI.", "High", DCMD_PERM_MONITOR,
    DCMD_EXPORT_ALL, DCMD_NO_ARGS, run_data_dump,
};

/* The jcmd operation: the diagnostic commands of `line`; JNI_ERR with the exception
 * printed after their output if one fails (HotSpot's jcmd attach operation). */
static jint run_dcmd(Thread *t, const char *line, FILE *out)
{
    if (dcmd_execute(t, DCMD_SOURCE_ATTACH, line, out)) return JNI_OK;
    print_exception(t, out);
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
        /* jstack sends "-l", "-e" or "-e-l"; HotSpot looks for the letters only. */
        unsigned flags = (strchr(args[0], 'l') ? THREADDUMP_LOCKS : 0) | (strchr(args[0], 'e') ? THREADDUMP_EXTENDED : 0);
        threaddump_write(t, out, flags);
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
    dcmd_register(&agent_load_command);
    dcmd_register(&data_dump_command);
}

/* Starts the listener (attach_lock held, self in TS_JAVA): creates the socket and the
 * listener thread, in self's thread group. False if either failed. */
static bool start_listener(Thread *self)
{
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
    return started;
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
    start_listener(self);
    os_mutex_unlock(&attach_lock);
    /* A trigger file means an attach request even when the listener could not start: the
     * tool times out with its own message, as with HotSpot. */
    return true;
}

void jvmti_attach_vm_live(Thread *self)
{
    /* HotSpot's AttachListener::init_at_startup: -XX:+StartAttachListener, or -Xrs, under
     * which SIGQUIT cannot be the trigger. */
    if (vm_opts.no_attach || !(flags_bool("StartAttachListener") || flags_bool("ReduceSignalUsage"))) return;
    os_mutex_lock(&attach_lock);
    if (!attach_started) start_listener(self);
    os_mutex_unlock(&attach_lock);
}

/* VM exit: the socket file goes, so that no tool connects to a dead VM. */
void jvmti_attach_shutdown(void)
{
    if (socket_path[0] != '\0') os_unlink(socket_path);
}
