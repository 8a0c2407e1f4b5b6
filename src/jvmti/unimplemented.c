// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * unimplemented.c — the JVMTI functions GlassVM does not implement yet. Each answers
 * JVMTI_ERROR_NOT_AVAILABLE, after the generated wrapper has done every check the spec
 * derives from the declaration (phase, thread, environment, capability, parameters).
 * Capability-gated functions never get here: their capabilities are not offered
 * (env.c), so the wrapper answers JVMTI_ERROR_MUST_POSSESS_CAPABILITY first.
 *
 * Implementing a function: write it in the module of its spec category (thread.c,
 * class.c, ...) with the prototype from gen/jvmti_impl.h, and delete its stub here (the
 * linker reports a duplicate otherwise). `python3 tools/jvmti_gen.py --stubs .` prints
 * the stubs of every function not defined in a .c file of src/jvmti.
 */
#include "gen/jvmti_impl.h"

/* JVMTI: GetThreadState */
jvmtiError jvmti_GetThreadState(JvmtiEnv *env, Thread *self, Object *thread, jint *thread_state_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetCurrentThread */
jvmtiError jvmti_GetCurrentThread(JvmtiEnv *env, Thread *self, jthread *thread_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetAllThreads */
jvmtiError jvmti_GetAllThreads(JvmtiEnv *env, Thread *self, jint *threads_count_ptr, jthread **threads_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: SuspendThread */
jvmtiError jvmti_SuspendThread(JvmtiEnv *env, Thread *self, Thread *thread)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: SuspendThreadList */
jvmtiError jvmti_SuspendThreadList(JvmtiEnv *env, Thread *self, jint request_count, const jthread *request_list, jvmtiError *results)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: SuspendAllVirtualThreads */
jvmtiError jvmti_SuspendAllVirtualThreads(JvmtiEnv *env, Thread *self, jint except_count, const jthread *except_list)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: ResumeThread */
jvmtiError jvmti_ResumeThread(JvmtiEnv *env, Thread *self, Thread *thread)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: ResumeThreadList */
jvmtiError jvmti_ResumeThreadList(JvmtiEnv *env, Thread *self, jint request_count, const jthread *request_list, jvmtiError *results)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: ResumeAllVirtualThreads */
jvmtiError jvmti_ResumeAllVirtualThreads(JvmtiEnv *env, Thread *self, jint except_count, const jthread *except_list)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: StopThread */
jvmtiError jvmti_StopThread(JvmtiEnv *env, Thread *self, Thread *thread, Object *exception)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: InterruptThread */
jvmtiError jvmti_InterruptThread(JvmtiEnv *env, Thread *self, Thread *thread)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetThreadInfo */
jvmtiError jvmti_GetThreadInfo(JvmtiEnv *env, Thread *self, Object *thread, jvmtiThreadInfo *info_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetOwnedMonitorInfo */
jvmtiError jvmti_GetOwnedMonitorInfo(JvmtiEnv *env, Thread *self, Thread *thread, jint *owned_monitor_count_ptr, jobject **owned_monitors_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetOwnedMonitorStackDepthInfo */
jvmtiError jvmti_GetOwnedMonitorStackDepthInfo(JvmtiEnv *env, Thread *self, Thread *thread, jint *monitor_info_count_ptr, jvmtiMonitorStackDepthInfo **monitor_info_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetCurrentContendedMonitor */
jvmtiError jvmti_GetCurrentContendedMonitor(JvmtiEnv *env, Thread *self, Thread *thread, jobject *monitor_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: RunAgentThread */
jvmtiError jvmti_RunAgentThread(JvmtiEnv *env, Thread *self, Object *thread, jvmtiStartFunction proc, const void *arg, jint priority)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: SetThreadLocalStorage */
jvmtiError jvmti_SetThreadLocalStorage(JvmtiEnv *env, Thread *self, Thread *thread, const void *data)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetThreadLocalStorage */
jvmtiError jvmti_GetThreadLocalStorage(JvmtiEnv *env, Thread *self, Thread *thread, void **data_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetTopThreadGroups */
jvmtiError jvmti_GetTopThreadGroups(JvmtiEnv *env, Thread *self, jint *group_count_ptr, jthreadGroup **groups_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetThreadGroupInfo */
jvmtiError jvmti_GetThreadGroupInfo(JvmtiEnv *env, Thread *self, Object *group, jvmtiThreadGroupInfo *info_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetThreadGroupChildren */
jvmtiError jvmti_GetThreadGroupChildren(JvmtiEnv *env, Thread *self, Object *group, jint *thread_count_ptr, jthread **threads_ptr, jint *group_count_ptr, jthreadGroup **groups_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetStackTrace */
jvmtiError jvmti_GetStackTrace(JvmtiEnv *env, Thread *self, Thread *thread, jint start_depth, jint max_frame_count, jvmtiFrameInfo *frame_buffer, jint *count_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetAllStackTraces */
jvmtiError jvmti_GetAllStackTraces(JvmtiEnv *env, Thread *self, jint max_frame_count, jvmtiStackInfo **stack_info_ptr, jint *thread_count_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetThreadListStackTraces */
jvmtiError jvmti_GetThreadListStackTraces(JvmtiEnv *env, Thread *self, jint thread_count, const jthread *thread_list, jint max_frame_count, jvmtiStackInfo **stack_info_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetFrameCount */
jvmtiError jvmti_GetFrameCount(JvmtiEnv *env, Thread *self, Thread *thread, jint *count_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: PopFrame */
jvmtiError jvmti_PopFrame(JvmtiEnv *env, Thread *self, Thread *thread)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetFrameLocation */
jvmtiError jvmti_GetFrameLocation(JvmtiEnv *env, Thread *self, Thread *thread, jint depth, jmethodID *method_ptr, jlocation *location_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: NotifyFramePop */
jvmtiError jvmti_NotifyFramePop(JvmtiEnv *env, Thread *self, Thread *thread, jint depth)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: ClearAllFramePops */
jvmtiError jvmti_ClearAllFramePops(JvmtiEnv *env, Thread *self, Thread *thread)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: ForceEarlyReturnObject */
jvmtiError jvmti_ForceEarlyReturnObject(JvmtiEnv *env, Thread *self, Thread *thread, Object *value)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: ForceEarlyReturnInt */
jvmtiError jvmti_ForceEarlyReturnInt(JvmtiEnv *env, Thread *self, Thread *thread, jint value)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: ForceEarlyReturnLong */
jvmtiError jvmti_ForceEarlyReturnLong(JvmtiEnv *env, Thread *self, Thread *thread, jlong value)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: ForceEarlyReturnFloat */
jvmtiError jvmti_ForceEarlyReturnFloat(JvmtiEnv *env, Thread *self, Thread *thread, jfloat value)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: ForceEarlyReturnDouble */
jvmtiError jvmti_ForceEarlyReturnDouble(JvmtiEnv *env, Thread *self, Thread *thread, jdouble value)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: ForceEarlyReturnVoid */
jvmtiError jvmti_ForceEarlyReturnVoid(JvmtiEnv *env, Thread *self, Thread *thread)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: FollowReferences */
jvmtiError jvmti_FollowReferences(JvmtiEnv *env, Thread *self, jint heap_filter, Object *klass, Object *initial_object, const jvmtiHeapCallbacks *callbacks, const void *user_data)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: IterateThroughHeap */
jvmtiError jvmti_IterateThroughHeap(JvmtiEnv *env, Thread *self, jint heap_filter, Object *klass, const jvmtiHeapCallbacks *callbacks, const void *user_data)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetTag */
jvmtiError jvmti_GetTag(JvmtiEnv *env, Thread *self, Object *object, jlong *tag_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: SetTag */
jvmtiError jvmti_SetTag(JvmtiEnv *env, Thread *self, Object *object, jlong tag)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetObjectsWithTags */
jvmtiError jvmti_GetObjectsWithTags(JvmtiEnv *env, Thread *self, jint tag_count, const jlong *tags, jint *count_ptr, jobject **object_result_ptr, jlong **tag_result_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: ForceGarbageCollection */
jvmtiError jvmti_ForceGarbageCollection(JvmtiEnv *env, Thread *self)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: IterateOverObjectsReachableFromObject */
jvmtiError jvmti_IterateOverObjectsReachableFromObject(JvmtiEnv *env, Thread *self, Object *object, jvmtiObjectReferenceCallback object_reference_callback, const void *user_data)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: IterateOverReachableObjects */
jvmtiError jvmti_IterateOverReachableObjects(JvmtiEnv *env, Thread *self, jvmtiHeapRootCallback heap_root_callback, jvmtiStackReferenceCallback stack_ref_callback, jvmtiObjectReferenceCallback object_ref_callback, const void *user_data)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: IterateOverHeap */
jvmtiError jvmti_IterateOverHeap(JvmtiEnv *env, Thread *self, jvmtiHeapObjectFilter object_filter, jvmtiHeapObjectCallback heap_object_callback, const void *user_data)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: IterateOverInstancesOfClass */
jvmtiError jvmti_IterateOverInstancesOfClass(JvmtiEnv *env, Thread *self, Class *klass, jvmtiHeapObjectFilter object_filter, jvmtiHeapObjectCallback heap_object_callback, const void *user_data)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetLocalObject */
jvmtiError jvmti_GetLocalObject(JvmtiEnv *env, Thread *self, Thread *thread, jint depth, jint slot, jobject *value_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetLocalInstance */
jvmtiError jvmti_GetLocalInstance(JvmtiEnv *env, Thread *self, Thread *thread, jint depth, jobject *value_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetLocalInt */
jvmtiError jvmti_GetLocalInt(JvmtiEnv *env, Thread *self, Thread *thread, jint depth, jint slot, jint *value_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetLocalLong */
jvmtiError jvmti_GetLocalLong(JvmtiEnv *env, Thread *self, Thread *thread, jint depth, jint slot, jlong *value_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetLocalFloat */
jvmtiError jvmti_GetLocalFloat(JvmtiEnv *env, Thread *self, Thread *thread, jint depth, jint slot, jfloat *value_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetLocalDouble */
jvmtiError jvmti_GetLocalDouble(JvmtiEnv *env, Thread *self, Thread *thread, jint depth, jint slot, jdouble *value_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: SetLocalObject */
jvmtiError jvmti_SetLocalObject(JvmtiEnv *env, Thread *self, Thread *thread, jint depth, jint slot, Object *value)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: SetLocalInt */
jvmtiError jvmti_SetLocalInt(JvmtiEnv *env, Thread *self, Thread *thread, jint depth, jint slot, jint value)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: SetLocalLong */
jvmtiError jvmti_SetLocalLong(JvmtiEnv *env, Thread *self, Thread *thread, jint depth, jint slot, jlong value)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: SetLocalFloat */
jvmtiError jvmti_SetLocalFloat(JvmtiEnv *env, Thread *self, Thread *thread, jint depth, jint slot, jfloat value)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: SetLocalDouble */
jvmtiError jvmti_SetLocalDouble(JvmtiEnv *env, Thread *self, Thread *thread, jint depth, jint slot, jdouble value)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: SetBreakpoint */
jvmtiError jvmti_SetBreakpoint(JvmtiEnv *env, Thread *self, Method *method, jlocation location)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: ClearBreakpoint */
jvmtiError jvmti_ClearBreakpoint(JvmtiEnv *env, Thread *self, Method *method, jlocation location)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: SetFieldAccessWatch */
jvmtiError jvmti_SetFieldAccessWatch(JvmtiEnv *env, Thread *self, Class *klass, Field *field)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: ClearFieldAccessWatch */
jvmtiError jvmti_ClearFieldAccessWatch(JvmtiEnv *env, Thread *self, Class *klass, Field *field)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: SetFieldModificationWatch */
jvmtiError jvmti_SetFieldModificationWatch(JvmtiEnv *env, Thread *self, Class *klass, Field *field)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: ClearFieldModificationWatch */
jvmtiError jvmti_ClearFieldModificationWatch(JvmtiEnv *env, Thread *self, Class *klass, Field *field)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetAllModules */
jvmtiError jvmti_GetAllModules(JvmtiEnv *env, Thread *self, jint *module_count_ptr, jobject **modules_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetNamedModule */
jvmtiError jvmti_GetNamedModule(JvmtiEnv *env, Thread *self, Object *class_loader, const char *package_name, jobject *module_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: AddModuleReads */
jvmtiError jvmti_AddModuleReads(JvmtiEnv *env, Thread *self, Object *module, Object *to_module)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: AddModuleExports */
jvmtiError jvmti_AddModuleExports(JvmtiEnv *env, Thread *self, Object *module, const char *pkg_name, Object *to_module)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: AddModuleOpens */
jvmtiError jvmti_AddModuleOpens(JvmtiEnv *env, Thread *self, Object *module, const char *pkg_name, Object *to_module)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: AddModuleUses */
jvmtiError jvmti_AddModuleUses(JvmtiEnv *env, Thread *self, Object *module, Object *service)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: AddModuleProvides */
jvmtiError jvmti_AddModuleProvides(JvmtiEnv *env, Thread *self, Object *module, Object *service, Object *impl_class)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: IsModifiableModule */
jvmtiError jvmti_IsModifiableModule(JvmtiEnv *env, Thread *self, Object *module, jboolean *is_modifiable_module_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetLoadedClasses */
jvmtiError jvmti_GetLoadedClasses(JvmtiEnv *env, Thread *self, jint *class_count_ptr, jclass **classes_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetClassLoaderClasses */
jvmtiError jvmti_GetClassLoaderClasses(JvmtiEnv *env, Thread *self, Object *initiating_loader, jint *class_count_ptr, jclass **classes_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetClassSignature */
jvmtiError jvmti_GetClassSignature(JvmtiEnv *env, Thread *self, Class *klass, char **signature_ptr, char **generic_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetClassStatus */
jvmtiError jvmti_GetClassStatus(JvmtiEnv *env, Thread *self, Class *klass, jint *status_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetSourceFileName */
jvmtiError jvmti_GetSourceFileName(JvmtiEnv *env, Thread *self, Class *klass, char **source_name_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetClassModifiers */
jvmtiError jvmti_GetClassModifiers(JvmtiEnv *env, Thread *self, Class *klass, jint *modifiers_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetClassMethods */
jvmtiError jvmti_GetClassMethods(JvmtiEnv *env, Thread *self, Class *klass, jint *method_count_ptr, jmethodID **methods_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetClassFields */
jvmtiError jvmti_GetClassFields(JvmtiEnv *env, Thread *self, Class *klass, jint *field_count_ptr, jfieldID **fields_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetImplementedInterfaces */
jvmtiError jvmti_GetImplementedInterfaces(JvmtiEnv *env, Thread *self, Class *klass, jint *interface_count_ptr, jclass **interfaces_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetClassVersionNumbers */
jvmtiError jvmti_GetClassVersionNumbers(JvmtiEnv *env, Thread *self, Class *klass, jint *minor_version_ptr, jint *major_version_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetConstantPool */
jvmtiError jvmti_GetConstantPool(JvmtiEnv *env, Thread *self, Class *klass, jint *constant_pool_count_ptr, jint *constant_pool_byte_count_ptr, unsigned char **constant_pool_bytes_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: IsInterface */
jvmtiError jvmti_IsInterface(JvmtiEnv *env, Thread *self, Class *klass, jboolean *is_interface_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: IsArrayClass */
jvmtiError jvmti_IsArrayClass(JvmtiEnv *env, Thread *self, Class *klass, jboolean *is_array_class_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: IsModifiableClass */
jvmtiError jvmti_IsModifiableClass(JvmtiEnv *env, Thread *self, Class *klass, jboolean *is_modifiable_class_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetClassLoader */
jvmtiError jvmti_GetClassLoader(JvmtiEnv *env, Thread *self, Class *klass, jobject *classloader_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetSourceDebugExtension */
jvmtiError jvmti_GetSourceDebugExtension(JvmtiEnv *env, Thread *self, Class *klass, char **source_debug_extension_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: RetransformClasses */
jvmtiError jvmti_RetransformClasses(JvmtiEnv *env, Thread *self, jint class_count, const jclass *classes)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: RedefineClasses */
jvmtiError jvmti_RedefineClasses(JvmtiEnv *env, Thread *self, jint class_count, const jvmtiClassDefinition *class_definitions)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetObjectSize */
jvmtiError jvmti_GetObjectSize(JvmtiEnv *env, Thread *self, Object *object, jlong *size_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetObjectHashCode */
jvmtiError jvmti_GetObjectHashCode(JvmtiEnv *env, Thread *self, Object *object, jint *hash_code_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetObjectMonitorUsage */
jvmtiError jvmti_GetObjectMonitorUsage(JvmtiEnv *env, Thread *self, Object *object, jvmtiMonitorUsage *info_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetFieldName */
jvmtiError jvmti_GetFieldName(JvmtiEnv *env, Thread *self, Class *klass, Field *field, char **name_ptr, char **signature_ptr, char **generic_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetFieldDeclaringClass */
jvmtiError jvmti_GetFieldDeclaringClass(JvmtiEnv *env, Thread *self, Class *klass, Field *field, jclass *declaring_class_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetFieldModifiers */
jvmtiError jvmti_GetFieldModifiers(JvmtiEnv *env, Thread *self, Class *klass, Field *field, jint *modifiers_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: IsFieldSynthetic */
jvmtiError jvmti_IsFieldSynthetic(JvmtiEnv *env, Thread *self, Class *klass, Field *field, jboolean *is_synthetic_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetMethodName */
jvmtiError jvmti_GetMethodName(JvmtiEnv *env, Thread *self, Method *method, char **name_ptr, char **signature_ptr, char **generic_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetMethodDeclaringClass */
jvmtiError jvmti_GetMethodDeclaringClass(JvmtiEnv *env, Thread *self, Method *method, jclass *declaring_class_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetMethodModifiers */
jvmtiError jvmti_GetMethodModifiers(JvmtiEnv *env, Thread *self, Method *method, jint *modifiers_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetMaxLocals */
jvmtiError jvmti_GetMaxLocals(JvmtiEnv *env, Thread *self, Method *method, jint *max_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetArgumentsSize */
jvmtiError jvmti_GetArgumentsSize(JvmtiEnv *env, Thread *self, Method *method, jint *size_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetLineNumberTable */
jvmtiError jvmti_GetLineNumberTable(JvmtiEnv *env, Thread *self, Method *method, jint *entry_count_ptr, jvmtiLineNumberEntry **table_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetMethodLocation */
jvmtiError jvmti_GetMethodLocation(JvmtiEnv *env, Thread *self, Method *method, jlocation *start_location_ptr, jlocation *end_location_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetLocalVariableTable */
jvmtiError jvmti_GetLocalVariableTable(JvmtiEnv *env, Thread *self, Method *method, jint *entry_count_ptr, jvmtiLocalVariableEntry **table_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetBytecodes */
jvmtiError jvmti_GetBytecodes(JvmtiEnv *env, Thread *self, Method *method, jint *bytecode_count_ptr, unsigned char **bytecodes_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: IsMethodNative */
jvmtiError jvmti_IsMethodNative(JvmtiEnv *env, Thread *self, Method *method, jboolean *is_native_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: IsMethodSynthetic */
jvmtiError jvmti_IsMethodSynthetic(JvmtiEnv *env, Thread *self, Method *method, jboolean *is_synthetic_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: IsMethodObsolete */
jvmtiError jvmti_IsMethodObsolete(JvmtiEnv *env, Thread *self, Method *method, jboolean *is_obsolete_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: SetNativeMethodPrefix */
jvmtiError jvmti_SetNativeMethodPrefix(JvmtiEnv *env, Thread *self, const char *prefix)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: SetNativeMethodPrefixes */
jvmtiError jvmti_SetNativeMethodPrefixes(JvmtiEnv *env, Thread *self, jint prefix_count, char **prefixes)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: SetJNIFunctionTable */
jvmtiError jvmti_SetJNIFunctionTable(JvmtiEnv *env, Thread *self, const jniNativeInterface *function_table)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetJNIFunctionTable */
jvmtiError jvmti_GetJNIFunctionTable(JvmtiEnv *env, Thread *self, jniNativeInterface **function_table)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: SetEventCallbacks */
jvmtiError jvmti_SetEventCallbacks(JvmtiEnv *env, Thread *self, const jvmtiEventCallbacks *callbacks, jint size_of_callbacks)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: SetEventNotificationMode */
jvmtiError jvmti_SetEventNotificationMode(JvmtiEnv *env, Thread *self, jvmtiEventMode mode, jvmtiEvent event_type, Object *event_thread)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GenerateEvents */
jvmtiError jvmti_GenerateEvents(JvmtiEnv *env, Thread *self, jvmtiEvent event_type)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetExtensionFunctions */
jvmtiError jvmti_GetExtensionFunctions(JvmtiEnv *env, Thread *self, jint *extension_count_ptr, jvmtiExtensionFunctionInfo **extensions)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetExtensionEvents */
jvmtiError jvmti_GetExtensionEvents(JvmtiEnv *env, Thread *self, jint *extension_count_ptr, jvmtiExtensionEventInfo **extensions)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: SetExtensionEventCallback */
jvmtiError jvmti_SetExtensionEventCallback(JvmtiEnv *env, Thread *self, jint extension_event_index, jvmtiExtensionEvent callback)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetCurrentThreadCpuTimerInfo */
jvmtiError jvmti_GetCurrentThreadCpuTimerInfo(JvmtiEnv *env, Thread *self, jvmtiTimerInfo *info_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetCurrentThreadCpuTime */
jvmtiError jvmti_GetCurrentThreadCpuTime(JvmtiEnv *env, Thread *self, jlong *nanos_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetThreadCpuTimerInfo */
jvmtiError jvmti_GetThreadCpuTimerInfo(JvmtiEnv *env, Thread *self, jvmtiTimerInfo *info_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetThreadCpuTime */
jvmtiError jvmti_GetThreadCpuTime(JvmtiEnv *env, Thread *self, Thread *thread, jlong *nanos_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetTimerInfo */
jvmtiError jvmti_GetTimerInfo(JvmtiEnv *env, Thread *self, jvmtiTimerInfo *info_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetTime */
jvmtiError jvmti_GetTime(JvmtiEnv *env, Thread *self, jlong *nanos_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetAvailableProcessors */
jvmtiError jvmti_GetAvailableProcessors(JvmtiEnv *env, Thread *self, jint *processor_count_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: AddToBootstrapClassLoaderSearch */
jvmtiError jvmti_AddToBootstrapClassLoaderSearch(JvmtiEnv *env, Thread *self, const char *segment)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: AddToSystemClassLoaderSearch */
jvmtiError jvmti_AddToSystemClassLoaderSearch(JvmtiEnv *env, Thread *self, const char *segment)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetSystemProperties */
jvmtiError jvmti_GetSystemProperties(JvmtiEnv *env, Thread *self, jint *count_ptr, char ***property_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: GetSystemProperty */
jvmtiError jvmti_GetSystemProperty(JvmtiEnv *env, Thread *self, const char *property, char **value_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: SetSystemProperty */
jvmtiError jvmti_SetSystemProperty(JvmtiEnv *env, Thread *self, const char *property, const char *value_ptr)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}

/* JVMTI: SetHeapSamplingInterval */
jvmtiError jvmti_SetHeapSamplingInterval(JvmtiEnv *env, Thread *self, jint sampling_interval)
{
    return JVMTI_ERROR_NOT_AVAILABLE;
}
