/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Env: how an agent reaches NCAI (the JVMTI extension function, as listed by
 * GetExtensionFunctions, and its error paths), the Miscellaneous functions, the
 * capabilities (which gate functions), the register and signal tables, and
 * INVALID_ENVIRONMENT once the JVMTI environment is disposed.
 */
#include "ncai_test.h"

static const char *kind_name(jvmtiParamKind k)
{
    return k == JVMTI_KIND_IN ? "IN" : k == JVMTI_KIND_OUT ? "OUT" : "?";
}

static const char *type_name(jvmtiParamTypes t)
{
    return t == JVMTI_TYPE_CVOID ? "CVOID" : t == JVMTI_TYPE_JINT ? "JINT" : t == JVMTI_TYPE_JBOOLEAN ? "JBOOLEAN" : "?";
}

typedef jvmtiError (*GetEnvFn)(jvmtiEnv *, ...);

static const struct _ncai *ncai_table;

/* A call through the real table with a bad environment pointer. */
static ncaiError ncai_version_of(ncaiEnv *none)
{
    jint v;
    return ncai_table->GetVersion(none, &v);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmtiEnv *jvmti = new_jvmti(vm);
    jint n = 0;
    jvmtiExtensionFunctionInfo *f = NULL;
    (*jvmti)->GetExtensionFunctions(jvmti, &n, &f);
    GetEnvFn get = NULL;
    for (jint i = 0; i < n; i++) {
        if (strcmp(f[i].id, "org.apache.harmony.vm.GetExtensionEnv") != 0) continue;
        get = (GetEnvFn)f[i].func;
        say("extension %s: \"%s\"", f[i].id, f[i].short_description);
        for (jint j = 0; j < f[i].param_count; j++)
            say("  param %s %s %s null_ok=%d", f[i].params[j].name, kind_name(f[i].params[j].kind),
                type_name(f[i].params[j].base_type), f[i].params[j].null_ok);
        for (jint j = 0; j < f[i].error_count; j++) say("  error %d", (int)f[i].errors[j]);
    }
    if (get == NULL) {
        say("no GetExtensionEnv");
        return 0;
    }
    ncaiEnv *ncai = NULL, *again = NULL, *bad = (ncaiEnv *)0x1234;
    say("GetExtensionEnv(NULL): %d", (int)get(jvmti, NULL, NCAI_VERSION_1_0));
    int r = (int)get(jvmti, (void **)&bad, 0x00010004);
    say("GetExtensionEnv(1.0.4): %d, env %s", r, bad == NULL ? "NULL" : "set");
    bad = (ncaiEnv *)0x1234;
    r = (int)get(jvmti, (void **)&bad, 0x00020000);
    say("GetExtensionEnv(2.0.0): %d, env %s", r, bad == NULL ? "NULL" : "set");
    say("GetExtensionEnv(1.0.0): %d", (int)get(jvmti, (void **)&again, 0x00010000));
    say("GetExtensionEnv(1.0.3): %d", (int)get(jvmti, (void **)&ncai, NCAI_VERSION_1_0));
    say("same env both times: %s", ncai == again ? "yes" : "no");
    ncai_table = *ncai;

    jvmtiEnv *back = NULL;
    ncheck("GetJvmtiEnv", (*ncai)->GetJvmtiEnv(ncai, &back));
    say("GetJvmtiEnv is the JVMTI env: %s", back == jvmti ? "yes" : "no");
    ncheck("GetJvmtiEnv(NULL)", (*ncai)->GetJvmtiEnv(ncai, NULL));
    jint v = 0;
    ncheck("GetVersion", (*ncai)->GetVersion(ncai, &v));
    say("version 0x%08x", (unsigned)v);

    static const ncaiError errs[] = {
        NCAI_ERROR_NONE, NCAI_ERROR_INVALID_THREAD, NCAI_ERROR_THREAD_NOT_SUSPENDED, NCAI_ERROR_THREAD_SUSPENDED,
        NCAI_ERROR_THREAD_NOT_ALIVE, NCAI_ERROR_INVALID_METHOD, NCAI_ERROR_INVALID_LOCATION, NCAI_ERROR_DUPLICATE,
        NCAI_ERROR_NOT_FOUND, NCAI_ERROR_NOT_AVAILABLE, NCAI_ERROR_NULL_POINTER, NCAI_ERROR_ILLEGAL_ARGUMENT,
        NCAI_ERROR_OUT_OF_MEMORY, NCAI_ERROR_ACCESS_DENIED, NCAI_ERROR_INTERNAL, NCAI_ERROR_UNATTACHED_THREAD,
        NCAI_ERROR_INVALID_ENVIRONMENT, NCAI_ERROR_INTERPRETER_USED, NCAI_ERROR_NOT_COMPILED,
        NCAI_ERROR_INVALID_ADDRESS, NCAI_ERROR_INVALID_MODULE};
    for (size_t i = 0; i < sizeof errs / sizeof errs[0]; i++) {
        const char *name = NULL;
        ncaiError r = (*ncai)->GetErrorName(ncai, errs[i], &name);
        say("%d = %s (%s)", (int)errs[i], name ? name : "?", nerr(r));
        (*jvmti)->Deallocate(jvmti, (unsigned char *)name);
    }
    const char *name = NULL;
    ncheck("GetErrorName(12)", (*ncai)->GetErrorName(ncai, (ncaiError)12, &name));
    ncheck("GetErrorName(NULL)", (*ncai)->GetErrorName(ncai, NCAI_ERROR_NONE, NULL));

    jint rc = 0;
    ncheck("GetRegisterCount", (*ncai)->GetRegisterCount(ncai, &rc));
    for (jint i = 0; i < rc; i++) {
        ncaiRegisterInfo ri;
        (*ncai)->GetRegisterInfo(ncai, i, &ri);
        say("register %d %s %d", (int)i, ri.name, (int)ri.size);
        (*jvmti)->Deallocate(jvmti, (unsigned char *)ri.name);
    }
    ncaiRegisterInfo ri;
    ncheck("GetRegisterInfo(-1)", (*ncai)->GetRegisterInfo(ncai, -1, &ri));
    ncheck("GetRegisterInfo(count)", (*ncai)->GetRegisterInfo(ncai, rc, &ri));
    ncheck("GetRegisterInfo(0, NULL)", (*ncai)->GetRegisterInfo(ncai, 0, NULL));

    jint sc = 0;
    ncheck("GetSignalCount", (*ncai)->GetSignalCount(ncai, &sc));
    for (jint i = 0; i < sc; i++) {
        ncaiSignalInfo si;
        (*ncai)->GetSignalInfo(ncai, i, &si);
        say("signal %d %s", (int)i, si.name);
        (*jvmti)->Deallocate(jvmti, (unsigned char *)si.name);
    }
    ncaiSignalInfo si;
    ncheck("GetSignalInfo(8)", (*ncai)->GetSignalInfo(ncai, sc, &si));
    ncheck("GetSignalInfo(-1)", (*ncai)->GetSignalInfo(ncai, -1, &si));

    /* Capabilities: all possessed from the start; a relinquished one gates its function. */
    ncaiCapabilities pot, have, one;
    ncheck("GetPotentialCapabilities", (*ncai)->GetPotentialCapabilities(ncai, &pot));
    ncheck("GetCapabilities", (*ncai)->GetCapabilities(ncai, &have));
    say("possessed == potential: %s", memcmp(&pot, &have, sizeof pot) == 0 ? "yes" : "no");
    say("can_read_memory %d can_set_breakpoints %d can_single_step %d can_set_watchpoints %d",
        pot.can_read_memory, pot.can_set_breakpoints, pot.can_single_step, pot.can_set_watchpoints);
    memset(&one, 0, sizeof one);
    one.can_read_memory = 1;
    ncheck("RelinquishCapabilities(can_read_memory)", (*ncai)->RelinquishCapabilities(ncai, &one));
    (*ncai)->GetCapabilities(ncai, &have);
    say("can_read_memory now %d", have.can_read_memory);
    int x = 5, y = 0;
    ncheck("ReadMemory without it", (*ncai)->ReadMemory(ncai, &x, sizeof x, &y));
    ncheck("AddCapabilities(can_read_memory)", (*ncai)->AddCapabilities(ncai, &one));
    ncheck("ReadMemory with it", (*ncai)->ReadMemory(ncai, &x, sizeof x, &y));
    say("read %d", y);
    one.can_set_breakpoints = 1;
    one.can_read_memory = 0;
    (*ncai)->RelinquishCapabilities(ncai, &one);
    ncheck("SetEventNotificationMode(Breakpoint) without can_set_breakpoints",
           (*ncai)->SetEventNotificationMode(ncai, NCAI_ENABLE, NCAI_EVENT_BREAKPOINT, NULL));
    ncheck("SetBreakpoint without can_set_breakpoints", (*ncai)->SetBreakpoint(ncai, (void *)Agent_OnLoad));
    ncheck("AddCapabilities(can_set_breakpoints)", (*ncai)->AddCapabilities(ncai, &one));
    ncheck("GetCapabilities(NULL)", (*ncai)->GetCapabilities(ncai, NULL));

    /* Bad environments. */
    say("GetVersion(env NULL): %s", nerr(ncai_version_of(NULL)));
    say("GetVersion(env = a JVMTI env): %s", nerr(ncai_version_of((ncaiEnv *)jvmti)));
    jvmtiEnv *other = new_jvmti(vm);
    ncaiEnv *ncai2 = get_ncai(other);
    say("second JVMTI env gets another NCAI env: %s", ncai2 != NULL && ncai2 != ncai ? "yes" : "no");
    (*other)->DisposeEnvironment(other);
    ncheck("GetVersion after DisposeEnvironment", (*ncai2)->GetVersion(ncai2, &v));
    ncheck("GetVersion of the first env still", (*ncai)->GetVersion(ncai, &v));
    /* Environments come and go: a disposed one's slot is used again. */
    int made = 0;
    for (int i = 0; i < 12; i++) {
        jvmtiEnv *j = new_jvmti(vm);
        ncaiEnv *n2 = get_ncai(j);
        if (n2 != NULL && (*n2)->GetVersion(n2, &v) == NCAI_ERROR_NONE) made++;
        (*j)->DisposeEnvironment(j);
    }
    say("twelve environments made and disposed in turn: %d", made);
    return 0;
}
