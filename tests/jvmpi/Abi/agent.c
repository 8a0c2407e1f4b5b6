/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Abi: include/jvmpi.h against the LP64 (x86-64) layout of Sun's jvmpi.h, from the ABI
 * tables (../shared/spec/jvmpi-abi.md section 4): the size of every struct and the offset
 * of every member, the JVMPI_Event union's arms, the function table's 30 slots, and
 * every constant's value. Checked at compile time (a wrong layout does not build) and
 * again at run time, where each group prints its count.
 */
#include <stddef.h>

#include "jvmpi_test.h"

static int checks, failures;

#define OFF(type, member, want)                                                             \
    do {                                                                                    \
        _Static_assert(offsetof(type, member) == (want), #type "." #member);                \
        checks++;                                                                           \
        if (offsetof(type, member) != (want)) failures++;                                   \
    } while (0)
#define SIZE(type, want)                                                                    \
    do {                                                                                    \
        _Static_assert(sizeof(type) == (want), "sizeof " #type);                           \
        checks++;                                                                           \
    } while (0)
#define VAL(name, want)                                                                     \
    do {                                                                                    \
        _Static_assert((long)(name) == (long)(want), #name);                               \
        checks++;                                                                           \
    } while (0)

static void structs(void)
{
    SIZE(JVMPI_CallFrame, 16);
    OFF(JVMPI_CallFrame, lineno, 0);
    OFF(JVMPI_CallFrame, method_id, 8);
    SIZE(JVMPI_CallTrace, 24);
    OFF(JVMPI_CallTrace, env_id, 0);
    OFF(JVMPI_CallTrace, num_frames, 8);
    OFF(JVMPI_CallTrace, frames, 16);
    SIZE(JVMPI_Method, 32);
    OFF(JVMPI_Method, method_name, 0);
    OFF(JVMPI_Method, method_signature, 8);
    OFF(JVMPI_Method, start_lineno, 16);
    OFF(JVMPI_Method, end_lineno, 20);
    OFF(JVMPI_Method, method_id, 24);
    SIZE(JVMPI_Field, 16);
    OFF(JVMPI_Field, field_name, 0);
    OFF(JVMPI_Field, field_signature, 8);
    SIZE(JVMPI_Lineno, 8);
    OFF(JVMPI_Lineno, offset, 0);
    OFF(JVMPI_Lineno, lineno, 4);
    SIZE(JVMPI_HeapDumpArg, 4);
    OFF(JVMPI_HeapDumpArg, heap_dump_level, 0);
    SIZE(jobjectID, 8);
    SIZE(JVMPI_RawMonitor, 8);
    jt_printf("structs: %d checks, %d failures\n", checks, failures);
}

static void event(void)
{
    int before = checks;
    SIZE(JVMPI_Event, 88);
    OFF(JVMPI_Event, event_type, 0);
    OFF(JVMPI_Event, env_id, 8);
    OFF(JVMPI_Event, u, 16);
    OFF(JVMPI_Event, u.class_load.class_name, 16);
    OFF(JVMPI_Event, u.class_load.source_name, 24);
    OFF(JVMPI_Event, u.class_load.num_interfaces, 32);
    OFF(JVMPI_Event, u.class_load.num_methods, 36);
    OFF(JVMPI_Event, u.class_load.methods, 40);
    OFF(JVMPI_Event, u.class_load.num_static_fields, 48);
    OFF(JVMPI_Event, u.class_load.statics, 56);
    OFF(JVMPI_Event, u.class_load.num_instance_fields, 64);
    OFF(JVMPI_Event, u.class_load.instances, 72);
    OFF(JVMPI_Event, u.class_load.class_id, 80);
    OFF(JVMPI_Event, u.class_unload.class_id, 16);
    OFF(JVMPI_Event, u.class_load_hook.class_data, 16);
    OFF(JVMPI_Event, u.class_load_hook.class_data_len, 24);
    OFF(JVMPI_Event, u.class_load_hook.new_class_data, 32);
    OFF(JVMPI_Event, u.class_load_hook.new_class_data_len, 40);
    OFF(JVMPI_Event, u.class_load_hook.malloc_f, 48);
    OFF(JVMPI_Event, u.obj_alloc.arena_id, 16);
    OFF(JVMPI_Event, u.obj_alloc.class_id, 24);
    OFF(JVMPI_Event, u.obj_alloc.is_array, 32);
    OFF(JVMPI_Event, u.obj_alloc.size, 36);
    OFF(JVMPI_Event, u.obj_alloc.obj_id, 40);
    OFF(JVMPI_Event, u.obj_free.obj_id, 16);
    OFF(JVMPI_Event, u.obj_move.arena_id, 16);
    OFF(JVMPI_Event, u.obj_move.obj_id, 24);
    OFF(JVMPI_Event, u.obj_move.new_arena_id, 32);
    OFF(JVMPI_Event, u.obj_move.new_obj_id, 40);
    OFF(JVMPI_Event, u.new_arena.arena_id, 16);
    OFF(JVMPI_Event, u.new_arena.arena_name, 24);
    OFF(JVMPI_Event, u.delete_arena.arena_id, 16);
    OFF(JVMPI_Event, u.thread_start.thread_name, 16);
    OFF(JVMPI_Event, u.thread_start.group_name, 24);
    OFF(JVMPI_Event, u.thread_start.parent_name, 32);
    OFF(JVMPI_Event, u.thread_start.thread_id, 40);
    OFF(JVMPI_Event, u.thread_start.thread_env_id, 48);
    OFF(JVMPI_Event, u.heap_dump.dump_level, 16);
    OFF(JVMPI_Event, u.heap_dump.begin, 24);
    OFF(JVMPI_Event, u.heap_dump.end, 32);
    OFF(JVMPI_Event, u.heap_dump.num_traces, 40);
    OFF(JVMPI_Event, u.heap_dump.traces, 48);
    OFF(JVMPI_Event, u.jni_globalref_alloc.obj_id, 16);
    OFF(JVMPI_Event, u.jni_globalref_alloc.ref_id, 24);
    OFF(JVMPI_Event, u.jni_globalref_free.ref_id, 16);
    OFF(JVMPI_Event, u.method.method_id, 16);
    OFF(JVMPI_Event, u.method_entry2.method_id, 16);
    OFF(JVMPI_Event, u.method_entry2.obj_id, 24);
    OFF(JVMPI_Event, u.compiled_method_load.method_id, 16);
    OFF(JVMPI_Event, u.compiled_method_load.code_addr, 24);
    OFF(JVMPI_Event, u.compiled_method_load.code_size, 32);
    OFF(JVMPI_Event, u.compiled_method_load.lineno_table_size, 36);
    OFF(JVMPI_Event, u.compiled_method_load.lineno_table, 40);
    OFF(JVMPI_Event, u.compiled_method_unload.method_id, 16);
    OFF(JVMPI_Event, u.instruction.method_id, 16);
    OFF(JVMPI_Event, u.instruction.offset, 24);
    OFF(JVMPI_Event, u.instruction.u.if_info.is_true, 28);
    OFF(JVMPI_Event, u.instruction.u.tableswitch_info.key, 28);
    OFF(JVMPI_Event, u.instruction.u.tableswitch_info.low, 32);
    OFF(JVMPI_Event, u.instruction.u.tableswitch_info.hi, 36);
    OFF(JVMPI_Event, u.instruction.u.lookupswitch_info.chosen_pair_index, 28);
    OFF(JVMPI_Event, u.instruction.u.lookupswitch_info.pairs_total, 32);
    OFF(JVMPI_Event, u.monitor_dump.begin, 16);
    OFF(JVMPI_Event, u.monitor_dump.end, 24);
    OFF(JVMPI_Event, u.monitor_dump.num_traces, 32);
    OFF(JVMPI_Event, u.monitor_dump.traces, 40);
    OFF(JVMPI_Event, u.monitor_dump.threads_status, 48);
    OFF(JVMPI_Event, u.raw_monitor.name, 16);
    OFF(JVMPI_Event, u.raw_monitor.id, 24);
    OFF(JVMPI_Event, u.monitor.object, 16);
    OFF(JVMPI_Event, u.monitor_wait.object, 16);
    OFF(JVMPI_Event, u.monitor_wait.timeout, 24);
    OFF(JVMPI_Event, u.gc_info.used_objects, 16);
    OFF(JVMPI_Event, u.gc_info.used_object_space, 24);
    OFF(JVMPI_Event, u.gc_info.total_object_space, 32);
    OFF(JVMPI_Event, u.object_dump.data_len, 16);
    OFF(JVMPI_Event, u.object_dump.data, 24);
    jt_printf("event: %d checks, %d failures\n", checks - before, failures);
}

static void table(void)
{
    int before = checks;
    SIZE(JVMPI_Interface, 240);
    OFF(JVMPI_Interface, version, 0);
    OFF(JVMPI_Interface, NotifyEvent, 8);
    OFF(JVMPI_Interface, EnableEvent, 16);
    OFF(JVMPI_Interface, DisableEvent, 24);
    OFF(JVMPI_Interface, RequestEvent, 32);
    OFF(JVMPI_Interface, GetCallTrace, 40);
    OFF(JVMPI_Interface, ProfilerExit, 48);
    OFF(JVMPI_Interface, RawMonitorCreate, 56);
    OFF(JVMPI_Interface, RawMonitorEnter, 64);
    OFF(JVMPI_Interface, RawMonitorExit, 72);
    OFF(JVMPI_Interface, RawMonitorWait, 80);
    OFF(JVMPI_Interface, RawMonitorNotifyAll, 88);
    OFF(JVMPI_Interface, RawMonitorDestroy, 96);
    OFF(JVMPI_Interface, GetCurrentThreadCpuTime, 104);
    OFF(JVMPI_Interface, SuspendThread, 112);
    OFF(JVMPI_Interface, ResumeThread, 120);
    OFF(JVMPI_Interface, GetThreadStatus, 128);
    OFF(JVMPI_Interface, ThreadHasRun, 136);
    OFF(JVMPI_Interface, CreateSystemThread, 144);
    OFF(JVMPI_Interface, SetThreadLocalStorage, 152);
    OFF(JVMPI_Interface, GetThreadLocalStorage, 160);
    OFF(JVMPI_Interface, DisableGC, 168);
    OFF(JVMPI_Interface, EnableGC, 176);
    OFF(JVMPI_Interface, RunGC, 184);
    OFF(JVMPI_Interface, GetThreadObject, 192);
    OFF(JVMPI_Interface, GetMethodClass, 200);
    OFF(JVMPI_Interface, jobjectID2jobject, 208);
    OFF(JVMPI_Interface, jobject2jobjectID, 216);
    OFF(JVMPI_Interface, SuspendThreadList, 224);
    OFF(JVMPI_Interface, ResumeThreadList, 232);
    /* Every slot of the VM's table is filled. */
    void *const *slots = (void *const *)jvmpi;
    int empty = 0;
    for (int i = 2; i < 30; i++) empty += slots[i] == NULL;
    jt_printf("table: %d checks, %d failures, %d empty VM slots\n", checks - before, failures, empty);
}

static void constants(void)
{
    int before = checks;
    VAL(JVMPI_VERSION_1, 0x10000001);
    VAL(JVMPI_VERSION_1_1, 0x10000002);
    VAL(JVMPI_VERSION_1_2, 0x10000003);
    VAL(JVMPI_SUCCESS, 0);
    VAL(JVMPI_NOT_AVAILABLE, 1);
    VAL(JVMPI_FAIL, -1);
    VAL(JVMPI_EVENT_METHOD_ENTRY, 1);
    VAL(JVMPI_EVENT_METHOD_ENTRY2, 2);
    VAL(JVMPI_EVENT_METHOD_EXIT, 3);
    VAL(JVMPI_EVENT_OBJECT_ALLOC, 4);
    VAL(JVMPI_EVENT_OBJECT_FREE, 5);
    VAL(JVMPI_EVENT_OBJECT_MOVE, 6);
    VAL(JVMPI_EVENT_COMPILED_METHOD_LOAD, 7);
    VAL(JVMPI_EVENT_COMPILED_METHOD_UNLOAD, 8);
    VAL(JVMPI_EVENT_INSTRUCTION_START, 9);
    VAL(JVMPI_EVENT_THREAD_START, 33);
    VAL(JVMPI_EVENT_THREAD_END, 34);
    VAL(JVMPI_EVENT_CLASS_LOAD_HOOK, 35);
    VAL(JVMPI_EVENT_HEAP_DUMP, 37);
    VAL(JVMPI_EVENT_JNI_GLOBALREF_ALLOC, 38);
    VAL(JVMPI_EVENT_JNI_GLOBALREF_FREE, 39);
    VAL(JVMPI_EVENT_JNI_WEAK_GLOBALREF_ALLOC, 40);
    VAL(JVMPI_EVENT_JNI_WEAK_GLOBALREF_FREE, 41);
    VAL(JVMPI_EVENT_CLASS_LOAD, 42);
    VAL(JVMPI_EVENT_CLASS_UNLOAD, 43);
    VAL(JVMPI_EVENT_DATA_DUMP_REQUEST, 44);
    VAL(JVMPI_EVENT_DATA_RESET_REQUEST, 45);
    VAL(JVMPI_EVENT_JVM_INIT_DONE, 46);
    VAL(JVMPI_EVENT_JVM_SHUT_DOWN, 47);
    VAL(JVMPI_EVENT_ARENA_NEW, 48);
    VAL(JVMPI_EVENT_ARENA_DELETE, 49);
    VAL(JVMPI_EVENT_OBJECT_DUMP, 50);
    VAL(JVMPI_EVENT_RAW_MONITOR_CONTENDED_ENTER, 51);
    VAL(JVMPI_EVENT_RAW_MONITOR_CONTENDED_ENTERED, 52);
    VAL(JVMPI_EVENT_RAW_MONITOR_CONTENDED_EXIT, 53);
    VAL(JVMPI_EVENT_MONITOR_CONTENDED_ENTER, 54);
    VAL(JVMPI_EVENT_MONITOR_CONTENDED_ENTERED, 55);
    VAL(JVMPI_EVENT_MONITOR_CONTENDED_EXIT, 56);
    VAL(JVMPI_EVENT_MONITOR_WAIT, 57);
    VAL(JVMPI_EVENT_MONITOR_WAITED, 58);
    VAL(JVMPI_EVENT_MONITOR_DUMP, 59);
    VAL(JVMPI_EVENT_GC_START, 60);
    VAL(JVMPI_EVENT_GC_FINISH, 61);
    VAL(JVMPI_MAX_EVENT_TYPE_VAL, 61);
    VAL(JVMPI_REQUESTED_EVENT, 0x10000000);
    VAL(JVMPI_EVENT_LOAD_COMPILED_METHOD, 7);
    VAL(JVMPI_EVENT_UNLOAD_COMPILED_METHOD, 8);
    VAL(JVMPI_EVENT_NEW_ARENA, 48);
    VAL(JVMPI_EVENT_DELETE_ARENA, 49);
    VAL(JVMPI_EVENT_DUMP_DATA_REQUEST, 44);
    VAL(JVMPI_EVENT_RESET_DATA_REQUEST, 45);
    VAL(JVMPI_EVENT_OBJ_ALLOC, 4);
    VAL(JVMPI_EVENT_OBJ_FREE, 5);
    VAL(JVMPI_EVENT_OBJ_MOVE, 6);
    VAL(JVMPI_THREAD_RUNNABLE, 1);
    VAL(JVMPI_THREAD_MONITOR_WAIT, 2);
    VAL(JVMPI_THREAD_CONDVAR_WAIT, 3);
    VAL(JVMPI_THREAD_SUSPENDED, 0x8000);
    VAL(JVMPI_THREAD_INTERRUPTED, 0x4000);
    VAL(JVMPI_MINIMUM_PRIORITY, 1);
    VAL(JVMPI_NORMAL_PRIORITY, 5);
    VAL(JVMPI_MAXIMUM_PRIORITY, 10);
    VAL(JVMPI_NORMAL_OBJECT, 0);
    VAL(JVMPI_CLASS, 2);
    VAL(JVMPI_BOOLEAN, 4);
    VAL(JVMPI_CHAR, 5);
    VAL(JVMPI_FLOAT, 6);
    VAL(JVMPI_DOUBLE, 7);
    VAL(JVMPI_BYTE, 8);
    VAL(JVMPI_SHORT, 9);
    VAL(JVMPI_INT, 10);
    VAL(JVMPI_LONG, 11);
    VAL(JVMPI_MONITOR_JAVA, 1);
    VAL(JVMPI_MONITOR_RAW, 2);
    VAL(JVMPI_GC_ROOT_UNKNOWN, 0xff);
    VAL(JVMPI_GC_ROOT_JNI_GLOBAL, 1);
    VAL(JVMPI_GC_ROOT_JNI_LOCAL, 2);
    VAL(JVMPI_GC_ROOT_JAVA_FRAME, 3);
    VAL(JVMPI_GC_ROOT_NATIVE_STACK, 4);
    VAL(JVMPI_GC_ROOT_STICKY_CLASS, 5);
    VAL(JVMPI_GC_ROOT_THREAD_BLOCK, 6);
    VAL(JVMPI_GC_ROOT_MONITOR_USED, 7);
    VAL(JVMPI_GC_ROOT_THREAD_OBJ, 8);
    VAL(JVMPI_GC_CLASS_DUMP, 0x20);
    VAL(JVMPI_GC_INSTANCE_DUMP, 0x21);
    VAL(JVMPI_GC_OBJ_ARRAY_DUMP, 0x22);
    VAL(JVMPI_GC_PRIM_ARRAY_DUMP, 0x23);
    VAL(JVMPI_DUMP_LEVEL_0, 0);
    VAL(JVMPI_DUMP_LEVEL_1, 1);
    VAL(JVMPI_DUMP_LEVEL_2, 2);
    jt_printf("constants: %d checks\n", checks - before);
}

JNIEXPORT jint JNICALL JVM_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    if (jt_init(vm) != JNI_OK) return JNI_ERR;
    structs();
    event();
    table();
    constants();
    return JNI_OK;
}
