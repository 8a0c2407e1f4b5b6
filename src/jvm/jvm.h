// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jvm.h — our declarations of the JVM_* and jio_* functions libjvm.so exports.
 *
 * The set is what the JDK 17 libraries import (libjava, libzip, libnet, libnio,
 * libmanagement, librmi, libverify, libawt...: `nm -D --undefined-only lib/ *.so`),
 * plus JVM_FindClassFromBootLoader (libjli looks it up with dlsym) and a few functions
 * HotSpot exports that no JDK library imports but that belong to the same ABI
 * (JVM_MonitorWait/Notify/NotifyAll, JVM_Clone, JVM_DefineClass, JVM_GetCPFieldNameUTF,
 * jio_printf). tools/check-exports.sh verifies that the built library exports every
 * imported name.
 *
 * The signatures follow the ABI of OpenJDK 17's jvm.h (names, parameter and return types
 * only). The definitions carry VM_EXPORT (vm.h) so the version script can publish them;
 * everything else in libjvm.so stays hidden.
 *
 * Calling context: these are called by JNI native code of the class library, so the
 * calling thread is in TS_NATIVE (or, for the few called from the launcher or from
 * libjli, not yet a Java thread at all). Each implementation switches to TS_JAVA with
 * jni_enter() (src/vm/jnienter.h) before touching the heap and back with jni_leave().
 * Failures leave a Java exception pending and return 0/NULL, as JNI functions do.
 *
 * Access-flag constants (JVM_ACC_*) and constant-pool tags (JVM_CONSTANT_*) come from the
 * JDK's classfile_constants.h.
 */
#ifndef GLASS_JVM_H
#define GLASS_JVM_H

#include <jni.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

/* ---- java.lang.Object: identity hash, monitors, clone (jvm_misc.c) ---- */
jint JNICALL JVM_IHashCode(JNIEnv *env, jobject obj);
void JNICALL JVM_MonitorWait(JNIEnv *env, jobject obj, jlong ms);
void JNICALL JVM_MonitorNotify(JNIEnv *env, jobject obj);
void JNICALL JVM_MonitorNotifyAll(JNIEnv *env, jobject obj);
jobject JNICALL JVM_Clone(JNIEnv *env, jobject obj);

/* ---- java.lang.String (jvm_misc.c) ---- */
jstring JNICALL JVM_InternString(JNIEnv *env, jstring str);

/* ---- java.lang.System: time (jvm_misc.c) ---- */
jlong JNICALL JVM_CurrentTimeMillis(JNIEnv *env, jclass ignored);
jlong JNICALL JVM_NanoTime(JNIEnv *env, jclass ignored);
jlong JNICALL JVM_GetNanoTimeAdjustment(JNIEnv *env, jclass ignored, jlong offset_secs);

/* ---- System.arraycopy and java.lang.reflect.Array (jvm_array.c) ---- */
void JNICALL JVM_ArrayCopy(JNIEnv *env, jclass ignored, jobject src, jint src_pos, jobject dst,
                           jint dst_pos, jint length);
jint JNICALL JVM_GetArrayLength(JNIEnv *env, jobject arr);
jobject JNICALL JVM_GetArrayElement(JNIEnv *env, jobject arr, jint index);
jvalue JNICALL JVM_GetPrimitiveArrayElement(JNIEnv *env, jobject arr, jint index, jint wCode);
void JNICALL JVM_SetArrayElement(JNIEnv *env, jobject arr, jint index, jobject val);
void JNICALL JVM_SetPrimitiveArrayElement(JNIEnv *env, jobject arr, jint index, jvalue v,
                                          unsigned char vCode);
jobject JNICALL JVM_NewArray(JNIEnv *env, jclass eltClass, jint length);
jobject JNICALL JVM_NewMultiArray(JNIEnv *env, jclass eltClass, jintArray dim);

/* ---- Properties, VM arguments, agent properties, temp dir (jvm_misc.c) ---- */
jobjectArray JNICALL JVM_GetProperties(JNIEnv *env);
jobjectArray JNICALL JVM_GetVmArguments(JNIEnv *env);
jobject JNICALL JVM_InitAgentProperties(JNIEnv *env, jobject agent_props);
jstring JNICALL JVM_GetTemporaryDirectory(JNIEnv *env);

/* ---- java.lang.Runtime: exit, memory, processors (jvm_misc.c) ---- */
void JNICALL JVM_BeforeHalt(void);
void JNICALL JVM_Halt(jint code);
void JNICALL JVM_GC(void);
jlong JNICALL JVM_MaxObjectInspectionAge(void);
jlong JNICALL JVM_TotalMemory(void);
jlong JNICALL JVM_FreeMemory(void);
jlong JNICALL JVM_MaxMemory(void);
jint JNICALL JVM_ActiveProcessorCount(void);
jboolean JNICALL JVM_IsUseContainerSupport(void);
jboolean JNICALL JVM_SupportsCX8(void);

/* ---- Native libraries (jvm_misc.c) ---- */
void *JNICALL JVM_LoadLibrary(const char *name, jboolean throwException);
void JNICALL JVM_UnloadLibrary(void *handle);
void *JNICALL JVM_FindLibraryEntry(void *handle, const char *name);
jboolean JNICALL JVM_IsSupportedJNIVersion(jint version);

/* ---- Class-data sharing: always reported off (jvm_misc.c) ---- */
void JNICALL JVM_InitializeFromArchive(JNIEnv *env, jclass cls);
void JNICALL JVM_RegisterLambdaProxyClassForArchiving(JNIEnv *env, jclass caller,
                                                      jstring interfaceMethodName,
                                                      jobject factoryType,
                                                      jobject interfaceMethodType,
                                                      jobject implementationMember,
                                                      jobject dynamicMethodType,
                                                      jclass lambdaProxyClass);
jclass JNICALL JVM_LookupLambdaProxyClassFromArchive(JNIEnv *env, jclass caller,
                                                     jstring interfaceMethodName,
                                                     jobject factoryType,
                                                     jobject interfaceMethodType,
                                                     jobject implementationMember,
                                                     jobject dynamicMethodType);
jboolean JNICALL JVM_IsCDSDumpingEnabled(JNIEnv *env);
jboolean JNICALL JVM_IsSharingEnabled(JNIEnv *env);
jboolean JNICALL JVM_IsDumpingClassList(JNIEnv *env);
jlong JNICALL JVM_GetRandomSeedForDumping(void);
void JNICALL JVM_LogLambdaFormInvoker(JNIEnv *env, jstring line);
void JNICALL JVM_DumpClassListToFile(JNIEnv *env, jstring fileName);
void JNICALL JVM_DumpDynamicArchive(JNIEnv *env, jstring archiveName);
void JNICALL JVM_DefineArchivedModules(JNIEnv *env, jobject platform_loader,
                                       jobject system_loader);

/* ---- Throwable, StackTraceElement, StackWalker, caller and security context
 *      (jvm_stack.c) ---- */
void JNICALL JVM_FillInStackTrace(JNIEnv *env, jobject throwable);
void JNICALL JVM_InitStackTraceElementArray(JNIEnv *env, jobjectArray elements,
                                            jobject throwable);
void JNICALL JVM_InitStackTraceElement(JNIEnv *env, jobject element, jobject stackFrameInfo);
jstring JNICALL JVM_GetExtendedNPEMessage(JNIEnv *env, jthrowable throwable);

/* StackWalker mode bits (JVM_CallStackWalk / JVM_MoreStackWalk `mode`). */
enum {
    JVM_STACKWALK_FILL_CLASS_REFS_ONLY = 0x2,
    JVM_STACKWALK_GET_CALLER_CLASS = 0x04,
    JVM_STACKWALK_SHOW_HIDDEN_FRAMES = 0x20,
    JVM_STACKWALK_FILL_LIVE_STACK_FRAMES = 0x100,
};
jobject JNICALL JVM_CallStackWalk(JNIEnv *env, jobject stackStream, jlong mode,
                                  jint skip_frames, jint frame_count, jint start_index,
                                  jobjectArray frames);
jint JNICALL JVM_MoreStackWalk(JNIEnv *env, jobject stackStream, jlong mode, jlong anchor,
                               jint frame_count, jint start_index, jobjectArray frames);
jclass JNICALL JVM_GetCallerClass(JNIEnv *env);
jobjectArray JNICALL JVM_GetClassContext(JNIEnv *env);
jobject JNICALL JVM_LatestUserDefinedLoader(JNIEnv *env);
jobject JNICALL JVM_GetInheritedAccessControlContext(JNIEnv *env, jclass cls);
jobject JNICALL JVM_GetStackAccessControlContext(JNIEnv *env, jclass cls);

/* ---- java.lang.Thread (jvm_thread.c) ---- */
void JNICALL JVM_StartThread(JNIEnv *env, jobject thread);
void JNICALL JVM_StopThread(JNIEnv *env, jobject thread, jobject exception);
void JNICALL JVM_SuspendThread(JNIEnv *env, jobject thread);
void JNICALL JVM_ResumeThread(JNIEnv *env, jobject thread);
void JNICALL JVM_SetThreadPriority(JNIEnv *env, jobject thread, jint prio);
void JNICALL JVM_Yield(JNIEnv *env, jclass threadClass);
void JNICALL JVM_Sleep(JNIEnv *env, jclass threadClass, jlong millis);
jobject JNICALL JVM_CurrentThread(JNIEnv *env, jclass threadClass);
void JNICALL JVM_Interrupt(JNIEnv *env, jobject thread);
jboolean JNICALL JVM_HoldsLock(JNIEnv *env, jclass threadClass, jobject obj);
jobjectArray JNICALL JVM_GetAllThreads(JNIEnv *env, jclass dummy);
void JNICALL JVM_SetNativeThreadName(JNIEnv *env, jobject jthread, jstring name);
jobjectArray JNICALL JVM_DumpThreads(JNIEnv *env, jclass threadClass, jobjectArray threads);

/* ---- java.lang.ref.Reference / PhantomReference (jvm_misc.c) ---- */
jobject JNICALL JVM_GetAndClearReferencePendingList(JNIEnv *env);
jboolean JNICALL JVM_HasReferencePendingList(JNIEnv *env);
void JNICALL JVM_WaitForReferencePendingList(JNIEnv *env);
jboolean JNICALL JVM_ReferenceRefersTo(JNIEnv *env, jobject ref, jobject o);
void JNICALL JVM_ReferenceClear(JNIEnv *env, jobject ref);
jboolean JNICALL JVM_PhantomReferenceRefersTo(JNIEnv *env, jobject ref, jobject o);

/* ---- Class loading and definition (jvm_loading.c) ---- */
jclass JNICALL JVM_FindPrimitiveClass(JNIEnv *env, const char *utf);
jclass JNICALL JVM_FindClassFromBootLoader(JNIEnv *env, const char *name);
jclass JNICALL JVM_FindClassFromCaller(JNIEnv *env, const char *name, jboolean init,
                                       jobject loader, jclass caller);
jclass JNICALL JVM_FindLoadedClass(JNIEnv *env, jobject loader, jstring name);
jclass JNICALL JVM_DefineClass(JNIEnv *env, const char *name, jobject loader,
                               const jbyte *buf, jsize len, jobject pd);
jclass JNICALL JVM_DefineClassWithSource(JNIEnv *env, const char *name, jobject loader,
                                         const jbyte *buf, jsize len, jobject pd,
                                         const char *source);
jclass JNICALL JVM_LookupDefineClass(JNIEnv *env, jclass lookup, const char *name,
                                     const jbyte *buf, jsize len, jobject pd, jboolean init,
                                     int flags, jobject classData);

/* ---- Modules and boot-loader packages (jvm_module.c) ---- */
void JNICALL JVM_DefineModule(JNIEnv *env, jobject module, jboolean is_open, jstring version,
                              jstring location, jobjectArray packages);
void JNICALL JVM_SetBootLoaderUnnamedModule(JNIEnv *env, jobject module);
void JNICALL JVM_AddModuleExports(JNIEnv *env, jobject from_module, jstring package,
                                  jobject to_module);
void JNICALL JVM_AddModuleExportsToAllUnnamed(JNIEnv *env, jobject from_module,
                                              jstring package);
void JNICALL JVM_AddModuleExportsToAll(JNIEnv *env, jobject from_module, jstring package);
void JNICALL JVM_AddReadsModule(JNIEnv *env, jobject from_module, jobject source_module);
jstring JNICALL JVM_GetSystemPackage(JNIEnv *env, jstring name);
jobjectArray JNICALL JVM_GetSystemPackages(JNIEnv *env);

/* ---- java.lang.Class introspection, reflection objects, nests, records, sealed
 *      classes, signers, assertion status (jvm_class.c) ---- */
jstring JNICALL JVM_InitClassName(JNIEnv *env, jclass cls);
jobjectArray JNICALL JVM_GetClassInterfaces(JNIEnv *env, jclass cls);
jboolean JNICALL JVM_IsInterface(JNIEnv *env, jclass cls);
jobjectArray JNICALL JVM_GetClassSigners(JNIEnv *env, jclass cls);
void JNICALL JVM_SetClassSigners(JNIEnv *env, jclass cls, jobjectArray signers);
jobject JNICALL JVM_GetProtectionDomain(JNIEnv *env, jclass cls);
jboolean JNICALL JVM_IsArrayClass(JNIEnv *env, jclass cls);
jboolean JNICALL JVM_IsPrimitiveClass(JNIEnv *env, jclass cls);
jboolean JNICALL JVM_IsHiddenClass(JNIEnv *env, jclass cls);
jint JNICALL JVM_GetClassModifiers(JNIEnv *env, jclass cls);
jint JNICALL JVM_GetClassAccessFlags(JNIEnv *env, jclass cls);
jobjectArray JNICALL JVM_GetDeclaredClasses(JNIEnv *env, jclass ofClass);
jclass JNICALL JVM_GetDeclaringClass(JNIEnv *env, jclass ofClass);
jstring JNICALL JVM_GetSimpleBinaryName(JNIEnv *env, jclass ofClass);
jobjectArray JNICALL JVM_GetEnclosingMethodInfo(JNIEnv *env, jclass ofClass);
jstring JNICALL JVM_GetClassSignature(JNIEnv *env, jclass cls);
jbyteArray JNICALL JVM_GetClassAnnotations(JNIEnv *env, jclass cls);
jbyteArray JNICALL JVM_GetClassTypeAnnotations(JNIEnv *env, jclass cls);
jbyteArray JNICALL JVM_GetFieldTypeAnnotations(JNIEnv *env, jobject field);
jbyteArray JNICALL JVM_GetMethodTypeAnnotations(JNIEnv *env, jobject method);
jobjectArray JNICALL JVM_GetClassDeclaredMethods(JNIEnv *env, jclass ofClass,
                                                 jboolean publicOnly);
jobjectArray JNICALL JVM_GetClassDeclaredFields(JNIEnv *env, jclass ofClass,
                                                jboolean publicOnly);
jobjectArray JNICALL JVM_GetClassDeclaredConstructors(JNIEnv *env, jclass ofClass,
                                                      jboolean publicOnly);
jobjectArray JNICALL JVM_GetMethodParameters(JNIEnv *env, jobject method);
jboolean JNICALL JVM_AreNestMates(JNIEnv *env, jclass current, jclass member);
jclass JNICALL JVM_GetNestHost(JNIEnv *env, jclass current);
jobjectArray JNICALL JVM_GetNestMembers(JNIEnv *env, jclass current);
jboolean JNICALL JVM_IsRecord(JNIEnv *env, jclass cls);
jobjectArray JNICALL JVM_GetRecordComponents(JNIEnv *env, jclass ofClass);
jobjectArray JNICALL JVM_GetPermittedSubclasses(JNIEnv *env, jclass current);
jboolean JNICALL JVM_IsSameClassPackage(JNIEnv *env, jclass class1, jclass class2);
jboolean JNICALL JVM_DesiredAssertionStatus(JNIEnv *env, jclass unused, jclass cls);
jobject JNICALL JVM_AssertionStatusDirectives(JNIEnv *env, jclass unused);

/* ---- Method.invoke / Constructor.newInstance native paths (jvm_class.c) ---- */
jobject JNICALL JVM_InvokeMethod(JNIEnv *env, jobject method, jobject obj, jobjectArray args0);
jobject JNICALL JVM_NewInstanceFromConstructor(JNIEnv *env, jobject c, jobjectArray args0);

/* ---- jdk.internal.reflect.ConstantPool (jvm_cp.c) ---- */
jobject JNICALL JVM_GetClassConstantPool(JNIEnv *env, jclass cls);
jint JNICALL JVM_ConstantPoolGetSize(JNIEnv *env, jobject unused, jobject jcpool);
jclass JNICALL JVM_ConstantPoolGetClassAt(JNIEnv *env, jobject unused, jobject jcpool,
                                          jint index);
jclass JNICALL JVM_ConstantPoolGetClassAtIfLoaded(JNIEnv *env, jobject unused, jobject jcpool,
                                                  jint index);
jint JNICALL JVM_ConstantPoolGetClassRefIndexAt(JNIEnv *env, jobject obj, jobject unused,
                                                jint index);
jobject JNICALL JVM_ConstantPoolGetMethodAt(JNIEnv *env, jobject unused, jobject jcpool,
                                            jint index);
jobject JNICALL JVM_ConstantPoolGetMethodAtIfLoaded(JNIEnv *env, jobject unused,
                                                    jobject jcpool, jint index);
jobject JNICALL JVM_ConstantPoolGetFieldAt(JNIEnv *env, jobject unused, jobject jcpool,
                                           jint index);
jobject JNICALL JVM_ConstantPoolGetFieldAtIfLoaded(JNIEnv *env, jobject unused,
                                                   jobject jcpool, jint index);
jobjectArray JNICALL JVM_ConstantPoolGetMemberRefInfoAt(JNIEnv *env, jobject unused,
                                                        jobject jcpool, jint index);
jint JNICALL JVM_ConstantPoolGetNameAndTypeRefIndexAt(JNIEnv *env, jobject obj,
                                                      jobject unused, jint index);
jobjectArray JNICALL JVM_ConstantPoolGetNameAndTypeRefInfoAt(JNIEnv *env, jobject obj,
                                                             jobject unused, jint index);
jint JNICALL JVM_ConstantPoolGetIntAt(JNIEnv *env, jobject unused, jobject jcpool, jint index);
jlong JNICALL JVM_ConstantPoolGetLongAt(JNIEnv *env, jobject unused, jobject jcpool,
                                        jint index);
jfloat JNICALL JVM_ConstantPoolGetFloatAt(JNIEnv *env, jobject unused, jobject jcpool,
                                          jint index);
jdouble JNICALL JVM_ConstantPoolGetDoubleAt(JNIEnv *env, jobject unused, jobject jcpool,
                                            jint index);
jstring JNICALL JVM_ConstantPoolGetStringAt(JNIEnv *env, jobject unused, jobject jcpool,
                                            jint index);
jstring JNICALL JVM_ConstantPoolGetUTF8At(JNIEnv *env, jobject unused, jobject jcpool,
                                          jint index);
jbyte JNICALL JVM_ConstantPoolGetTagAt(JNIEnv *env, jobject unused, jobject jcpool, jint index);

/* ---- The class-file view libverify uses (jvm_cp.c). Strings returned as `const char *`
 *      stay valid until JVM_ReleaseUTF. `cb` is the class being verified. ---- */
typedef struct {
    jint start_pc;
    jint end_pc;
    jint handler_pc;
    jint catchType;
} JVM_ExceptionTableEntryType;

const char *JNICALL JVM_GetClassNameUTF(JNIEnv *env, jclass cb);
void JNICALL JVM_GetClassCPTypes(JNIEnv *env, jclass cb, unsigned char *types);
jint JNICALL JVM_GetClassCPEntriesCount(JNIEnv *env, jclass cb);
jint JNICALL JVM_GetClassFieldsCount(JNIEnv *env, jclass cb);
jint JNICALL JVM_GetClassMethodsCount(JNIEnv *env, jclass cb);
void JNICALL JVM_GetMethodIxExceptionIndexes(JNIEnv *env, jclass cb, jint method_index,
                                             unsigned short *exceptions);
jint JNICALL JVM_GetMethodIxExceptionsCount(JNIEnv *env, jclass cb, jint method_index);
void JNICALL JVM_GetMethodIxByteCode(JNIEnv *env, jclass cb, jint method_index,
                                     unsigned char *code);
jint JNICALL JVM_GetMethodIxByteCodeLength(JNIEnv *env, jclass cb, jint method_index);
void JNICALL JVM_GetMethodIxExceptionTableEntry(JNIEnv *env, jclass cb, jint method_index,
                                                jint entry_index,
                                                JVM_ExceptionTableEntryType *entry);
jint JNICALL JVM_GetMethodIxExceptionTableLength(JNIEnv *env, jclass cb, int index);
jint JNICALL JVM_GetFieldIxModifiers(JNIEnv *env, jclass cb, int index);
jint JNICALL JVM_GetMethodIxModifiers(JNIEnv *env, jclass cb, int index);
jint JNICALL JVM_GetMethodIxLocalsCount(JNIEnv *env, jclass cb, int index);
jint JNICALL JVM_GetMethodIxArgsSize(JNIEnv *env, jclass cb, int index);
jint JNICALL JVM_GetMethodIxMaxStack(JNIEnv *env, jclass cb, int index);
jboolean JNICALL JVM_IsConstructorIx(JNIEnv *env, jclass cb, int index);
jboolean JNICALL JVM_IsVMGeneratedMethodIx(JNIEnv *env, jclass cb, int index);
const char *JNICALL JVM_GetMethodIxNameUTF(JNIEnv *env, jclass cb, jint index);
const char *JNICALL JVM_GetMethodIxSignatureUTF(JNIEnv *env, jclass cb, jint index);
const char *JNICALL JVM_GetCPFieldNameUTF(JNIEnv *env, jclass cb, jint index);
const char *JNICALL JVM_GetCPMethodNameUTF(JNIEnv *env, jclass cb, jint index);
const char *JNICALL JVM_GetCPMethodSignatureUTF(JNIEnv *env, jclass cb, jint index);
const char *JNICALL JVM_GetCPFieldSignatureUTF(JNIEnv *env, jclass cb, jint index);
const char *JNICALL JVM_GetCPClassNameUTF(JNIEnv *env, jclass cb, jint index);
const char *JNICALL JVM_GetCPFieldClassNameUTF(JNIEnv *env, jclass cb, jint index);
const char *JNICALL JVM_GetCPMethodClassNameUTF(JNIEnv *env, jclass cb, jint index);
jint JNICALL JVM_GetCPFieldModifiers(JNIEnv *env, jclass cb, int index, jclass calledClass);
jint JNICALL JVM_GetCPMethodModifiers(JNIEnv *env, jclass cb, int index, jclass calledClass);
void JNICALL JVM_ReleaseUTF(const char *utf);
jclass JNICALL JVM_FindClassFromClass(JNIEnv *env, const char *name, jboolean init,
                                      jclass from);

/* ---- Signals (jvm_misc.c) ---- */
void *JNICALL JVM_RegisterSignal(jint sig, void *handler);
jboolean JNICALL JVM_RaiseSignal(jint sig);
jint JNICALL JVM_FindSignal(const char *name);

/* ---- libzip / libnet / management support (jvm_misc.c) ---- */
char *JNICALL JVM_NativePath(char *path);
void *JNICALL JVM_RawMonitorCreate(void);
void JNICALL JVM_RawMonitorDestroy(void *mon);
jint JNICALL JVM_RawMonitorEnter(void *mon);
void JNICALL JVM_RawMonitorExit(void *mon);
void *JNICALL JVM_GetManagement(jint version);

/* ---- printf helpers libjava/libzip/libnet/libawt use (jvm_misc.c) ---- */
int jio_vsnprintf(char *str, size_t count, const char *fmt, va_list args);
int jio_snprintf(char *str, size_t count, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int jio_fprintf(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int jio_vfprintf(FILE *f, const char *fmt, va_list args);
int jio_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- The launcher's JNI_GetDefaultJavaVMInitArgs(JNI_VERSION_1_1) argument block
 *      (libjli reads javaStackSize from it; boot.c fills it). ---- */
typedef struct JDK1_1InitArgs {
    jint version;
    char **properties;
    jint checkSource;
    jint nativeStackSize;
    jint javaStackSize;
    jint minHeapSize;
    jint maxHeapSize;
    jint verifyMode;
    char *classpath;
    jint(JNICALL *vfprintf)(FILE *fp, const char *format, va_list args);
    void(JNICALL *exit)(jint code);
    void(JNICALL *abort)(void);
    jint enableClassGC;
    jint enableVerboseGC;
    jint disableAsyncGC;
    jint verbose;
    jboolean debugging;
    jint debugPort;
} JDK1_1InitArgs;

#endif
