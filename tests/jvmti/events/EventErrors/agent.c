/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Every error of the event-management and extension functions:
 *   SetEventCallbacks          ILLEGAL_ARGUMENT (negative size), WRONG_PHASE not possible
 *   SetEventNotificationMode   INVALID_EVENT_TYPE, MUST_POSSESS_CAPABILITY (enabling only),
 *                              INVALID_THREAD, THREAD_NOT_ALIVE (not started, terminated),
 *                              ILLEGAL_ARGUMENT (thread-level control of a global event,
 *                              a mode outside jvmtiEventMode: HotSpot 17 deviates),
 *                              and which check comes first
 *   GenerateEvents             WRONG_PHASE, INVALID_EVENT_TYPE, ILLEGAL_ARGUMENT,
 *                              MUST_POSSESS_CAPABILITY
 *   GetExtensionFunctions/Events  NULL_POINTER; the lists are well-formed
 *   SetExtensionEventCallback  ILLEGAL_ARGUMENT for an index not returned
 *   any of them                INVALID_ENVIRONMENT after DisposeEnvironment
 */
#include "jvmti_test.h"

static jvmtiEnv *jvmti;

static void JNICALL thread_end(jvmtiEnv *e, JNIEnv *jni, jthread t) {}

static void onload_checks(void)
{
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ThreadEnd = thread_end;
    check("SetEventCallbacks(size -1)", (*jvmti)->SetEventCallbacks(jvmti, &cb, -1));
    check("SetEventCallbacks(size 0)", (*jvmti)->SetEventCallbacks(jvmti, &cb, 0));
    check("SetEventCallbacks(NULL, 0)", (*jvmti)->SetEventCallbacks(jvmti, NULL, 0));
    check("SetEventCallbacks(NULL, sizeof)", (*jvmti)->SetEventCallbacks(jvmti, NULL, sizeof cb));
    check("SetEventCallbacks(bigger size)", (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb));
    check("SetEventCallbacks", (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb));

    /* 49 is not used: HotSpot accepts it (its ClassUnload extension event's index). */
    int bad[] = {0, 1, JVMTI_MIN_EVENT_TYPE_VAL - 2, 87 + 2, 1000, -1};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char what[64];
        snprintf(what, sizeof what, "SetEventNotificationMode(event %d)", bad[i]);
        check(what, (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, (jvmtiEvent)bad[i], NULL));
    }
    /* A mode outside jvmtiEventMode is ILLEGAL_ARGUMENT. HotSpot 17 deviates: it does
     * not check the mode and answers NONE; that answer is mapped to the spec's on
     * HotSpot only. */
    jvmtiError r = (*jvmti)->SetEventNotificationMode(jvmti, (jvmtiEventMode)7, JVMTI_EVENT_THREAD_END, NULL);
    if (r == JVMTI_ERROR_NONE && is_hotspot(jvmti)) r = JVMTI_ERROR_ILLEGAL_ARGUMENT;
    check("SetEventNotificationMode(mode 7)", r);
    check("SetEventNotificationMode(enable MethodEntry without capability)",
          (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_METHOD_ENTRY, NULL));
    check("SetEventNotificationMode(disable MethodEntry without capability)",
          (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_DISABLE, JVMTI_EVENT_METHOD_ENTRY, NULL));
    check("SetEventNotificationMode(enable GarbageCollectionStart without capability)",
          (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_GARBAGE_COLLECTION_START, NULL));
    check("SetEventNotificationMode(enable ThreadEnd)", (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_THREAD_END, NULL));
    check("SetEventNotificationMode(enable ThreadEnd again)", (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_THREAD_END, NULL));
    check("SetEventNotificationMode(disable ThreadEnd)", (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_DISABLE, JVMTI_EVENT_THREAD_END, NULL));
    check("SetEventNotificationMode(disable ThreadEnd again)", (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_DISABLE, JVMTI_EVENT_THREAD_END, NULL));
    check("GenerateEvents in OnLoad", (*jvmti)->GenerateEvents(jvmti, JVMTI_EVENT_DYNAMIC_CODE_GENERATED));
}

static void extension_checks(const char *when)
{
    char what[96];
    jint n = -1;
    jvmtiExtensionFunctionInfo *fi = NULL;
    snprintf(what, sizeof what, "%s GetExtensionFunctions(NULL count)", when);
    check(what, (*jvmti)->GetExtensionFunctions(jvmti, NULL, &fi));
    snprintf(what, sizeof what, "%s GetExtensionFunctions(NULL list)", when);
    check(what, (*jvmti)->GetExtensionFunctions(jvmti, &n, NULL));
    jvmtiError err = (*jvmti)->GetExtensionFunctions(jvmti, &n, &fi);
    int ok = err == JVMTI_ERROR_NONE && n >= 0 && (n == 0 || fi != NULL);
    for (jint i = 0; ok && i < n; i++) {
        ok = fi[i].func != NULL && fi[i].id != NULL && strchr(fi[i].id, '.') != NULL &&
             fi[i].short_description != NULL && fi[i].param_count >= 0 && fi[i].error_count >= 0;
        for (jint j = 0; ok && j < fi[i].param_count; j++)
            ok = fi[i].params[j].name != NULL && fi[i].params[j].kind >= JVMTI_KIND_IN &&
                 fi[i].params[j].kind <= JVMTI_KIND_OUT_BUF && fi[i].params[j].base_type >= JVMTI_TYPE_JBYTE &&
                 fi[i].params[j].base_type <= JVMTI_TYPE_JNIENV;
    }
    say("%s GetExtensionFunctions: %s, list %s", when, err_name(err), ok ? "well-formed" : "BROKEN");
    for (jint i = 0; err == JVMTI_ERROR_NONE && i < n; i++) {
        for (jint j = 0; j < fi[i].param_count; j++) (*jvmti)->Deallocate(jvmti, (unsigned char *)fi[i].params[j].name);
        (*jvmti)->Deallocate(jvmti, (unsigned char *)fi[i].params);
        (*jvmti)->Deallocate(jvmti, (unsigned char *)fi[i].errors);
        (*jvmti)->Deallocate(jvmti, (unsigned char *)fi[i].id);
        (*jvmti)->Deallocate(jvmti, (unsigned char *)fi[i].short_description);
    }
    (*jvmti)->Deallocate(jvmti, (unsigned char *)fi);

    jvmtiExtensionEventInfo *ei = NULL;
    snprintf(what, sizeof what, "%s GetExtensionEvents(NULL count)", when);
    check(what, (*jvmti)->GetExtensionEvents(jvmti, NULL, &ei));
    snprintf(what, sizeof what, "%s GetExtensionEvents(NULL list)", when);
    check(what, (*jvmti)->GetExtensionEvents(jvmti, &n, NULL));
    err = (*jvmti)->GetExtensionEvents(jvmti, &n, &ei);
    ok = err == JVMTI_ERROR_NONE && n >= 0 && (n == 0 || ei != NULL);
    int set_ok = 1, not_index = -1000;
    for (jint i = 0; ok && i < n; i++) {
        ok = ei[i].id != NULL && ei[i].short_description != NULL && ei[i].param_count >= 0;
        if (ei[i].extension_event_index == not_index) not_index--;
        /* Each index returned is accepted, to set and to clear. */
        set_ok &= (*jvmti)->SetExtensionEventCallback(jvmti, ei[i].extension_event_index,
                                                      (jvmtiExtensionEvent)thread_end) == JVMTI_ERROR_NONE;
        set_ok &= (*jvmti)->SetExtensionEventCallback(jvmti, ei[i].extension_event_index, NULL) == JVMTI_ERROR_NONE;
    }
    say("%s GetExtensionEvents: %s, list %s, SetExtensionEventCallback on each %s", when, err_name(err),
        ok ? "well-formed" : "BROKEN", set_ok ? "NONE" : "FAILED");
    for (jint i = 0; err == JVMTI_ERROR_NONE && i < n; i++) {
        for (jint j = 0; j < ei[i].param_count; j++) (*jvmti)->Deallocate(jvmti, (unsigned char *)ei[i].params[j].name);
        (*jvmti)->Deallocate(jvmti, (unsigned char *)ei[i].params);
        (*jvmti)->Deallocate(jvmti, (unsigned char *)ei[i].id);
        (*jvmti)->Deallocate(jvmti, (unsigned char *)ei[i].short_description);
    }
    (*jvmti)->Deallocate(jvmti, (unsigned char *)ei);
    snprintf(what, sizeof what, "%s SetExtensionEventCallback(index not returned)", when);
    check(what, (*jvmti)->SetExtensionEventCallback(jvmti, not_index, NULL));
    snprintf(what, sizeof what, "%s SetExtensionEventCallback(event number)", when);
    check(what, (*jvmti)->SetExtensionEventCallback(jvmti, JVMTI_EVENT_VM_INIT, (jvmtiExtensionEvent)thread_end));
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmti = new_env(vm);
    if (jvmti == NULL) return 1;
    onload_checks();
    extension_checks("OnLoad");
    return 0;
}

JNIEXPORT void JNICALL Java_EventErrors_live(JNIEnv *jni, jclass c, jthread not_started, jthread dead, jobject str)
{
    jthread self = NULL;
    (*jvmti)->GetCurrentThread(jvmti, &self);
    const jvmtiEventMode on = JVMTI_ENABLE;
    check("SetEventNotificationMode(ThreadEnd for a thread not started)",
          (*jvmti)->SetEventNotificationMode(jvmti, on, JVMTI_EVENT_THREAD_END, not_started));
    check("SetEventNotificationMode(ThreadEnd for a terminated thread)", (*jvmti)->SetEventNotificationMode(jvmti, on, JVMTI_EVENT_THREAD_END, dead));
    check("SetEventNotificationMode(ThreadEnd for a String)", (*jvmti)->SetEventNotificationMode(jvmti, on, JVMTI_EVENT_THREAD_END, str));
    check("SetEventNotificationMode(ThreadEnd for the current thread)", (*jvmti)->SetEventNotificationMode(jvmti, on, JVMTI_EVENT_THREAD_END, self));
    check("SetEventNotificationMode(disable it)", (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_DISABLE, JVMTI_EVENT_THREAD_END, self));
    jvmtiEvent global[] = {JVMTI_EVENT_VM_INIT, JVMTI_EVENT_VM_START, JVMTI_EVENT_VM_DEATH, JVMTI_EVENT_THREAD_START,
                           JVMTI_EVENT_COMPILED_METHOD_LOAD, JVMTI_EVENT_COMPILED_METHOD_UNLOAD,
                           JVMTI_EVENT_DYNAMIC_CODE_GENERATED, JVMTI_EVENT_DATA_DUMP_REQUEST};
    for (size_t i = 0; i < sizeof global / sizeof global[0]; i++) {
        char what[80];
        snprintf(what, sizeof what, "SetEventNotificationMode(thread-level control of global event %d)", (int)global[i]);
        check(what, (*jvmti)->SetEventNotificationMode(jvmti, on, global[i], self));
    }
    check("SetEventNotificationMode(global event, String as thread)",
          (*jvmti)->SetEventNotificationMode(jvmti, on, JVMTI_EVENT_VM_DEATH, str));
    check("SetEventNotificationMode(global event, terminated thread)",
          (*jvmti)->SetEventNotificationMode(jvmti, on, JVMTI_EVENT_DATA_DUMP_REQUEST, dead));
    check("SetEventNotificationMode(capability missing, String as thread)",
          (*jvmti)->SetEventNotificationMode(jvmti, on, JVMTI_EVENT_SINGLE_STEP, str));
    check("SetEventNotificationMode(capability missing, disable for a String)",
          (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_DISABLE, JVMTI_EVENT_SINGLE_STEP, str));
    check("SetEventNotificationMode(capability missing, terminated thread)",
          (*jvmti)->SetEventNotificationMode(jvmti, on, JVMTI_EVENT_SINGLE_STEP, dead));
    check("SetEventNotificationMode(capability missing, current thread)",
          (*jvmti)->SetEventNotificationMode(jvmti, on, JVMTI_EVENT_SINGLE_STEP, self));
    check("SetEventNotificationMode(capability missing, disable for the current thread)",
          (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_DISABLE, JVMTI_EVENT_SINGLE_STEP, self));

    check("GenerateEvents(CompiledMethodLoad) without capability",
          (*jvmti)->GenerateEvents(jvmti, JVMTI_EVENT_COMPILED_METHOD_LOAD));
    check("GenerateEvents(DynamicCodeGenerated)", (*jvmti)->GenerateEvents(jvmti, JVMTI_EVENT_DYNAMIC_CODE_GENERATED));
    check("GenerateEvents(VMInit)", (*jvmti)->GenerateEvents(jvmti, JVMTI_EVENT_VM_INIT));
    check("GenerateEvents(ThreadStart)", (*jvmti)->GenerateEvents(jvmti, JVMTI_EVENT_THREAD_START));
    /* Not an event at all: the function's own error (ILLEGAL_ARGUMENT, HotSpot) or the
     * one for bad jvmtiEvent values (INVALID_EVENT_TYPE) both obey the spec. */
    jvmtiError ge = (*jvmti)->GenerateEvents(jvmti, (jvmtiEvent)1000);
    say("GenerateEvents(1000): %s", ge == JVMTI_ERROR_ILLEGAL_ARGUMENT || ge == JVMTI_ERROR_INVALID_EVENT_TYPE ? "refused" : err_name(ge));
    extension_checks("live");

    check("DisposeEnvironment", (*jvmti)->DisposeEnvironment(jvmti));
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    check("disposed SetEventCallbacks", (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb));
    check("SetEventNotificationMode(disposed SetEventNotificationMode)",
          (*jvmti)->SetEventNotificationMode(jvmti, on, JVMTI_EVENT_THREAD_END, NULL));
    check("disposed GenerateEvents", (*jvmti)->GenerateEvents(jvmti, JVMTI_EVENT_DYNAMIC_CODE_GENERATED));
    jint n;
    jvmtiExtensionFunctionInfo *fi;
    check("disposed GetExtensionFunctions", (*jvmti)->GetExtensionFunctions(jvmti, &n, &fi));
}
