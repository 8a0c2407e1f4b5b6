/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 *
 * The sample agent samples/ncai-stack as a library of its own, loaded into the running
 * VM by `jcmd PID JVMTI.agent_load` (Agent_OnAttach): NCAI enabled in the live phase
 * must know the threads that already run, and the JNI libraries loaded before it came
 * (libncainative.so, by the application class loader: JNI_LIBRARY with a loader; the C
 * library stays OTHER).
 */
#define NCAI_STACK_DONE_HOOK attach_dump_done
#include "../../../samples/ncai-stack/ncai_stack.c"

volatile int attach_dumped;

static void print_module(const char *name)
{
    jint n = 0;
    ncaiModule *mods = NULL;
    if ((*ncai)->GetAllLoadedModules(ncai, &n, &mods) != NCAI_ERROR_NONE) return;
    for (jint i = 0; i < n; i++) {
        ncaiModuleInfo mi;
        if ((*ncai)->GetModuleInfo(ncai, mods[i], &mi) != NCAI_ERROR_NONE || strcmp(mi.name, name) != 0) continue;
        const char *kind = mi.kind == NCAI_MODULE_JNI_LIBRARY    ? "JNI_LIBRARY"
                           : mi.kind == NCAI_MODULE_VM_INTERNAL ? "VM_INTERNAL"
                                                                : "OTHER";
        jobject loader = NULL;
        ncaiError e = (*ncai)->GetModuleClassLoader(ncai, mods[i], &loader);
        printf("module %s kind %s, GetModuleClassLoader %s, a loader: %s\n", name, kind,
               e == NCAI_ERROR_NONE ? "NONE" : e == NCAI_ERROR_INVALID_MODULE ? "INVALID_MODULE" : "other error",
               loader != NULL ? "yes" : "no");
    }
    (*jvmti)->Deallocate(jvmti, (unsigned char *)mods);
}

void attach_dump_done(void)
{
    print_module("ncainative");
    print_module("c");
    fflush(stdout);
    attach_dumped = 1;
}
