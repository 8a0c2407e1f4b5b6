// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * natives_jfr.c — the natives of jdk.jfr.internal.JVM that reading a recording needs.
 *
 * GlassVM has no Flight Recorder, but the jdk.jfr module is also a pure-Java reader of
 * .jfr files (the `jfr` tool, jdk.jfr.consumer.RecordingFile): its parser still runs
 * JVM's static initializer (registerNatives, subscribeLogLevel for each LogTag, the
 * Options setters) and asks JVM.getTypeId(String) for the ids of the types it knows
 * (Type's statics). HotSpot binds these in libjvm (registerNatives); without them the
 * reader dies in JVM.<clinit> with UnsatisfiedLinkError. So this module provides:
 *   - registerNatives: nothing (every native here is a VM native already);
 *   - subscribeLogLevel(tag, id): sets tag.tagSetLevel to 4 (warning), the level HotSpot
 *     gives every jfr tag set under its default logging ("all=warning" to stdout);
 *   - log / logEvent: print at that level as unified logging does by default
 *     ("[uptime][level][tags] message" on standard output);
 *   - the Options setters (buffer sizes, stack depth, ...): accepted and ignored, since
 *     there is no recorder to configure;
 *   - getTypeId(String): HotSpot's ids (jfrTypes.hpp of this JDK build) for the type
 *     names JfrType::name_to_id knows, -1 for others; getTypeId(Class): an id unique to
 *     the class (below);
 *   - isAvailable stays unbound on purpose: jdk.jfr's JVMSupport decides that the VM
 *     has no recorder when that call throws (its result is not looked at), and then
 *     FlightRecorder.isAvailable() is false and recording throws a clean
 *     IllegalStateException (JfrUnavailable), as before this module existed.
 * Every other JVM native stays unbound: calling one is the UnsatisfiedLinkError of a VM
 * without JFR.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../os/os.h"
#include "../vm/class.h"
#include "../vm/exception.h"
#include "../vm/options.h"
#include "../vm/string.h"
#include "../vm/sym.h"
#include "../vm/thread.h"
#include "../vm/vm.h"
#include "natives.h"

#define JFR_JVM "jdk/jfr/internal/JVM"

enum { JFR_LEVEL_WARNING = 4, JFR_LEVEL_ERROR = 5 };

static void no_op(Thread *t, Slot *args, Slot *ret) {}

/* subscribeLogLevel(LogTag lt, int tagSetId) (static). */
static void jfr_subscribeLogLevel(Thread *t, Slot *args, Slot *ret)
{
    Object *tag = args[0].l;
    if (tag == NULL) return;
    Field *f = class_lookup_field(tag->klass, sym_intern("tagSetLevel"), sym_intern("I"));
    if (f == NULL) return;
    __atomic_store_n(FIELD_PTR(tag, f->offset, int32_t), JFR_LEVEL_WARNING, __ATOMIC_SEQ_CST);
}

/* LogTag ids (jdk.jfr.internal.LogTag) to their unified-logging tag sets. */
static const char *const tag_sets[] = {
    "jfr", "jfr,system", "jfr,system,event", "jfr,system,setting", "jfr,system,bytecode",
    "jfr,system,parser", "jfr,system,metadata", "jfr,system,streaming", "jfr,system,throttle",
    "jfr,metadata", "jfr,event", "jfr,setting", "jfr,dcmd", "jfr,startup",
};

static void log_line(int32_t tag_set, int32_t level, Object *msg)
{
    if (msg == NULL || level < JFR_LEVEL_WARNING || level > JFR_LEVEL_ERROR) return;
    const char *tags = tag_set >= 0 && tag_set < (int32_t)(sizeof tag_sets / sizeof tag_sets[0])
                           ? tag_sets[tag_set] : "jfr";
    char *s = str_to_mutf8(msg);
    if (s == NULL) return;
    double secs = (double)(os_nanotime() - vm_start_ns) / 1e9;
    printf("[%.3fs][%s][%s] %s\n", secs, level == JFR_LEVEL_ERROR ? "error" : "warning", tags, s);
    fflush(stdout);
    free(s);
}

/* log(int tagSetId, int level, String message) (static). */
static void jfr_log(Thread *t, Slot *args, Slot *ret)
{
    log_line(args[0].i, args[1].i, args[2].l);
}

/* logEvent(int level, String[] lines, boolean system) (static). */
static void jfr_logEvent(Thread *t, Slot *args, Slot *ret)
{
    Array *lines = (Array *)args[1].l;
    if (lines == NULL) return;
    for (int32_t i = 0; i < lines->length; i++)
        log_line(args[2].i ? 2 : 10, args[0].i, ((Object **)array_data(lines))[i]);
}

/* getTypeId(String name): HotSpot's JfrType::name_to_id with this build's ids. */
static void jfr_getTypeIdString(Thread *t, Slot *args, Slot *ret)
{
    static const struct { const char *name; int64_t id; } ids[] = {
        {"java.lang.Class", 166}, {"java.lang.String", 214}, {"java.lang.Thread", 164},
        {"long", 206}, {"int", 207}, {"short", 208}, {"byte", 209}, {"double", 210},
        {"float", 211}, {"boolean", 212}, {"char", 213}, {"jdk.types.StackTrace", 188},
    };
    Object *name = args[1].l;
    ret->j = -1;
    if (name == NULL) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
        return;
    }
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
        if (str_equals_cstr(name, ids[i].name)) {
            ret->j = ids[i].id;
            return;
        }
}

/* getTypeId(Class clazz): HotSpot gives the class's JFR trace id, unique per class and
 * not below JVM.RESERVED_CLASS_ID_LIMIT; the reader uses it only to prefer, among
 * annotation elements of the same name, the one of the same id ("id alone is not a
 * guarantee, since it may differ between JVM instances"). The Class's address is such an
 * id here: unique while the class lives, and far above the reserved ids. */
static void jfr_getTypeIdClass(Thread *t, Slot *args, Slot *ret)
{
    Object *mirror = args[1].l;
    ret->j = -1;
    if (mirror == NULL) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
        return;
    }
    ret->j = (int64_t)(uintptr_t)class_from_mirror(mirror);
}

const VMNativeEntry jvm_jfr_natives[] = {
    {JFR_JVM, "registerNatives", "()V", no_op},
    {JFR_JVM, "subscribeLogLevel", "(Ljdk/jfr/internal/LogTag;I)V", jfr_subscribeLogLevel},
    {JFR_JVM, "log", "(IILjava/lang/String;)V", jfr_log},
    {JFR_JVM, "logEvent", "(I[Ljava/lang/String;Z)V", jfr_logEvent},
    {JFR_JVM, "getTypeId", "(Ljava/lang/String;)J", jfr_getTypeIdString},
    {JFR_JVM, "getTypeId", "(Ljava/lang/Class;)J", jfr_getTypeIdClass},
    {JFR_JVM, "setFileNotification", "(J)V", no_op},
    {JFR_JVM, "setMemorySize", "(J)V", no_op},
    {JFR_JVM, "setThreadBufferSize", "(J)V", no_op},
    {JFR_JVM, "setGlobalBufferCount", "(J)V", no_op},
    {JFR_JVM, "setGlobalBufferSize", "(J)V", no_op},
    {JFR_JVM, "setStackDepth", "(I)V", no_op},
    {JFR_JVM, "setSampleThreads", "(Z)V", no_op},
    {NULL},
};
