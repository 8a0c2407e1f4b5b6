/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * The parameter checks the spec derives from parameter types, each provoked alone in
 * the live phase (a call with several bad arguments may legitimately report any of
 * them): INVALID_CLASS (NULL, not a Class, a primitive class where a field is
 * named), INVALID_METHODID, NATIVE_METHOD, INVALID_FIELDID, INVALID_THREAD,
 * THREAD_NOT_ALIVE (unstarted and finished threads), INVALID_THREAD_GROUP,
 * INVALID_OBJECT, ILLEGAL_ARGUMENT for jint minimums, negative depths and values outside
 * an enumeration, INVALID_EVENT_TYPE, INVALID_MONITOR, and NULL_POINTER for
 * non-nullable pointers. The environment possesses no capabilities and calls only
 * functions that need none. (Cases where HotSpot 17 departs from the spec are left out:
 * it accepts the reserved event number 72, and crashes on GetThreadGroupInfo of an
 * object that is not a thread group.)
 */
#include "jvmti_test.h"

static JavaVM *jvm;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvm = vm;
    return 0;
}

JNIEXPORT void JNICALL Java_ParamChecks_live(JNIEnv *jni, jclass cls, jobject not_a_class, jthread unstarted,
                                             jthread finished)
{
    jvmtiEnv *e = new_env(jvm);
    if (e == NULL) return;
    char *s1, *s2, *s3;
    jint n, n2;
    jboolean b;
    void *data;
    jfieldID *fields;
    jobject o;
    jclass c;
    jlong l;
    jlocation loc1, loc2;
    jmethodID m;
    jint status;
    jmethodID *methods;
    jvmtiThreadInfo tinfo;
    jvmtiThreadGroupInfo ginfo;
    jvmtiFrameInfo frames[4];
    jthread *threads;
    jclass *classes;

    jmethodID main_m = (*jni)->GetStaticMethodID(jni, cls, "main", "([Ljava/lang/String;)V");
    jmethodID native_m = (*jni)->GetStaticMethodID(jni, cls, "live",
                                                   "(Ljava/lang/Object;Ljava/lang/Thread;Ljava/lang/Thread;)V");
    jfieldID counter_f = (*jni)->GetStaticFieldID(jni, cls, "counter", "I");
    jclass integer = (*jni)->FindClass(jni, "java/lang/Integer");
    jfieldID type_f = (*jni)->GetStaticFieldID(jni, integer, "TYPE", "Ljava/lang/Class;");
    jclass int_class = (jclass)(*jni)->GetStaticObjectField(jni, integer, type_f);

    say("-- jclass");
    check("GetClassSignature(NULL)", (*e)->GetClassSignature(e, NULL, &s1, &s2));
    check("GetClassSignature(not a class)", (*e)->GetClassSignature(e, not_a_class, &s1, &s2));
    check("GetClassStatus(NULL)", (*e)->GetClassStatus(e, NULL, &status));
    check("GetClassStatus(status NULL)", (*e)->GetClassStatus(e, cls, NULL));
    check("GetClassModifiers(NULL)", (*e)->GetClassModifiers(e, NULL, &n));
    check("GetClassModifiers(modifiers NULL)", (*e)->GetClassModifiers(e, cls, NULL));
    check("GetClassMethods(count NULL)", (*e)->GetClassMethods(e, cls, NULL, &methods));
    check("GetClassMethods(methods NULL)", (*e)->GetClassMethods(e, cls, &n, NULL));
    check("GetImplementedInterfaces(not a class)", (*e)->GetImplementedInterfaces(e, not_a_class, &n, &classes));
    check("IsInterface(NULL)", (*e)->IsInterface(e, NULL, &b));
    check("IsInterface(result NULL)", (*e)->IsInterface(e, cls, NULL));
    check("IsArrayClass(not a class)", (*e)->IsArrayClass(e, not_a_class, &b));
    check("GetClassLoader(NULL)", (*e)->GetClassLoader(e, NULL, &o));
    check("GetClassLoader(result NULL)", (*e)->GetClassLoader(e, cls, NULL));
    check("GetClassFields(NULL)", (*e)->GetClassFields(e, NULL, &n, &fields));
    check("GetClassFields(count NULL)", (*e)->GetClassFields(e, cls, NULL, &fields));
    check("GetClassFields(fields NULL)", (*e)->GetClassFields(e, cls, &n, NULL));
    check("GetClassMethods(not a class)", (*e)->GetClassMethods(e, not_a_class, &n, &methods));
    check("GetClassVersionNumbers(NULL)", (*e)->GetClassVersionNumbers(e, NULL, &n, &n2));
    check("GetClassVersionNumbers(minor NULL)", (*e)->GetClassVersionNumbers(e, cls, NULL, &n2));
    check("GetClassVersionNumbers(major NULL)", (*e)->GetClassVersionNumbers(e, cls, &n, NULL));
    check("GetImplementedInterfaces(count NULL)", (*e)->GetImplementedInterfaces(e, cls, NULL, &classes));
    check("GetImplementedInterfaces(interfaces NULL)", (*e)->GetImplementedInterfaces(e, cls, &n, NULL));
    check("GetClassLoaderClasses(count NULL)", (*e)->GetClassLoaderClasses(e, NULL, NULL, &classes));
    check("GetClassLoaderClasses(classes NULL)", (*e)->GetClassLoaderClasses(e, NULL, &n, NULL));

    say("-- jmethodID");
    check("GetMethodName(NULL)", (*e)->GetMethodName(e, NULL, &s1, &s2, &s3));
    check("GetMethodDeclaringClass(NULL)", (*e)->GetMethodDeclaringClass(e, NULL, &c));
    check("GetMethodDeclaringClass(result NULL)", (*e)->GetMethodDeclaringClass(e, main_m, NULL));
    check("GetMethodModifiers(NULL)", (*e)->GetMethodModifiers(e, NULL, &n));
    check("GetMethodModifiers(result NULL)", (*e)->GetMethodModifiers(e, main_m, NULL));
    check("GetMaxLocals(native)", (*e)->GetMaxLocals(e, native_m, &n));
    check("GetMaxLocals(result NULL)", (*e)->GetMaxLocals(e, main_m, NULL));
    check("GetArgumentsSize(native)", (*e)->GetArgumentsSize(e, native_m, &n));
    check("GetArgumentsSize(NULL)", (*e)->GetArgumentsSize(e, NULL, &n));
    check("GetMethodLocation(native)", (*e)->GetMethodLocation(e, native_m, &loc1, &loc2));
    check("GetMethodLocation(end NULL)", (*e)->GetMethodLocation(e, main_m, &loc1, NULL));
    check("IsMethodNative(NULL)", (*e)->IsMethodNative(e, NULL, &b));
    check("IsMethodNative(result NULL)", (*e)->IsMethodNative(e, main_m, NULL));
    check("IsMethodObsolete(NULL)", (*e)->IsMethodObsolete(e, NULL, &b));

    say("-- jfieldID");
    check("GetFieldName(field NULL)", (*e)->GetFieldName(e, cls, NULL, &s1, &s2, &s3));
    check("GetFieldName(class NULL)", (*e)->GetFieldName(e, NULL, counter_f, &s1, &s2, &s3));
    check("GetFieldName(class not a class)", (*e)->GetFieldName(e, not_a_class, counter_f, &s1, &s2, &s3));
    check("GetFieldName(primitive class)", (*e)->GetFieldName(e, int_class, counter_f, &s1, &s2, &s3));
    check("GetFieldDeclaringClass(result NULL)", (*e)->GetFieldDeclaringClass(e, cls, counter_f, NULL));
    check("GetFieldModifiers(field NULL)", (*e)->GetFieldModifiers(e, cls, NULL, &n));
    check("GetFieldModifiers(result NULL)", (*e)->GetFieldModifiers(e, cls, counter_f, NULL));

    say("-- jthread, jthreadGroup, depth");
    check("GetThreadState(not a thread)", (*e)->GetThreadState(e, not_a_class, &n));
    check("GetThreadState(current, result NULL)", (*e)->GetThreadState(e, NULL, NULL));
    check("GetThreadInfo(not a thread)", (*e)->GetThreadInfo(e, not_a_class, &tinfo));
    check("GetThreadInfo(current, result NULL)", (*e)->GetThreadInfo(e, NULL, NULL));
    check("GetFrameCount(not a thread)", (*e)->GetFrameCount(e, not_a_class, &n));
    check("GetFrameCount(unstarted)", (*e)->GetFrameCount(e, unstarted, &n));
    check("GetFrameCount(finished)", (*e)->GetFrameCount(e, finished, &n));
    check("GetFrameCount(current, result NULL)", (*e)->GetFrameCount(e, NULL, NULL));
    check("GetFrameLocation(depth -1)", (*e)->GetFrameLocation(e, NULL, -1, &m, &loc1));
    check("GetStackTrace(max_frame_count -1)", (*e)->GetStackTrace(e, NULL, 0, -1, frames, &n));
    check("GetStackTrace(frame_buffer NULL)", (*e)->GetStackTrace(e, NULL, 0, 4, NULL, &n));
    check("GetStackTrace(unstarted)", (*e)->GetStackTrace(e, unstarted, 0, 4, frames, &n));
    check("GetThreadGroupInfo(NULL)", (*e)->GetThreadGroupInfo(e, NULL, &ginfo));
    check("GetAllThreads(count NULL)", (*e)->GetAllThreads(e, NULL, &threads));
    check("GetCurrentThread(NULL)", (*e)->GetCurrentThread(e, NULL));
    check("GetThreadLocalStorage(not a thread)", (*e)->GetThreadLocalStorage(e, not_a_class, &data));
    check("GetThreadLocalStorage(unstarted)", (*e)->GetThreadLocalStorage(e, unstarted, &data));
    check("GetThreadLocalStorage(finished)", (*e)->GetThreadLocalStorage(e, finished, &data));
    check("SetThreadLocalStorage(not a thread)", (*e)->SetThreadLocalStorage(e, not_a_class, NULL));
    check("SetThreadLocalStorage(unstarted)", (*e)->SetThreadLocalStorage(e, unstarted, NULL));
    check("SetThreadLocalStorage(finished)", (*e)->SetThreadLocalStorage(e, finished, NULL));

    say("-- jobject");
    check("GetObjectSize(NULL)", (*e)->GetObjectSize(e, NULL, &l));
    check("GetObjectSize(result NULL)", (*e)->GetObjectSize(e, not_a_class, NULL));
    check("GetObjectHashCode(NULL)", (*e)->GetObjectHashCode(e, NULL, &n));

    say("-- enumerations");
    check("SetEventNotificationMode(event 1000)",
          (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, (jvmtiEvent)1000, NULL));
    check("SetVerboseFlag(3)", (*e)->SetVerboseFlag(e, (jvmtiVerboseFlag)3, JNI_TRUE));
    check("GetErrorName(-5)", (*e)->GetErrorName(e, (jvmtiError)-5, &s1));

    say("-- pointers");
    check("GetLoadedClasses(count NULL)", (*e)->GetLoadedClasses(e, NULL, &classes));
    check("GetLoadedClasses(classes NULL)", (*e)->GetLoadedClasses(e, &n, NULL));
    check("GetSystemProperty(name NULL)", (*e)->GetSystemProperty(e, NULL, &s1));
    check("GetSystemProperty(value NULL)", (*e)->GetSystemProperty(e, "java.vm.name", NULL));
    check("GetSystemProperties(count NULL)", (*e)->GetSystemProperties(e, NULL, NULL));
    check("GetTime(NULL)", (*e)->GetTime(e, NULL));
    check("GetTimerInfo(NULL)", (*e)->GetTimerInfo(e, NULL));
    check("GetAvailableProcessors(NULL)", (*e)->GetAvailableProcessors(e, NULL));
    check("AddToBootstrapClassLoaderSearch(NULL)", (*e)->AddToBootstrapClassLoaderSearch(e, NULL));
    check("AddToSystemClassLoaderSearch(NULL)", (*e)->AddToSystemClassLoaderSearch(e, NULL));
    check("GetAllModules(count NULL)", (*e)->GetAllModules(e, NULL, NULL));
    check("AddModuleReads(NULL, NULL)", (*e)->AddModuleReads(e, NULL, NULL));
    check("IsModifiableModule(NULL)", (*e)->IsModifiableModule(e, NULL, &b));
    check("GetJNIFunctionTable(NULL)", (*e)->GetJNIFunctionTable(e, NULL));
    check("CreateRawMonitor(name NULL)", (*e)->CreateRawMonitor(e, NULL, NULL));
    check("GetThreadLocalStorage(current, NULL)", (*e)->GetThreadLocalStorage(e, NULL, NULL));
}
