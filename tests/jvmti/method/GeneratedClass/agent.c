/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * The Method functions on the methods of a class the program generates (see the .java
 * file): for each, the name and descriptor, modifiers, IsMethodSynthetic, GetMaxLocals,
 * GetArgumentsSize, GetMethodLocation, GetLineNumberTable (entries or the error, e.g.
 * ABSENT_INFORMATION without a table or with an empty one), and GetBytecodes in hex.
 * A method marked only by the Synthetic attribute is synthetic, and its modifiers
 * include ACC_SYNTHETIC (0x1000) so that both functions agree.
 */
#include "jvmti_test.h"

static jvmtiEnv *e;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    e = new_env(vm);
    if (e == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_get_bytecodes = 1;
    caps.can_get_line_numbers = 1;
    caps.can_get_synthetic_attribute = 1;
    check("AddCapabilities", (*e)->AddCapabilities(e, &caps));
    return 0;
}

JNIEXPORT void JNICALL Java_GeneratedClass_describe(JNIEnv *jni, jclass cls, jobject exe)
{
    jmethodID m = (*jni)->FromReflectedMethod(jni, exe);
    char *name = NULL, *sig = NULL;
    jvmtiError r = (*e)->GetMethodName(e, m, &name, &sig, NULL);
    if (r != JVMTI_ERROR_NONE) {
        check("GetMethodName", r);
        return;
    }
    say("%s%s", name, sig);
    jint mods = -1, max = -1, args = -1;
    jboolean syn = 9;
    jlocation start = -5, end = -5;
    check("  GetMethodModifiers", (*e)->GetMethodModifiers(e, m, &mods));
    check("  IsMethodSynthetic", (*e)->IsMethodSynthetic(e, m, &syn));
    check("  GetMaxLocals", (*e)->GetMaxLocals(e, m, &max));
    check("  GetArgumentsSize", (*e)->GetArgumentsSize(e, m, &args));
    check("  GetMethodLocation", (*e)->GetMethodLocation(e, m, &start, &end));
    say("  modifiers 0x%x, synthetic %d, max_locals %d, arguments %d, location %lld..%lld", (unsigned)mods, syn,
        (int)max, (int)args, (long long)start, (long long)end);
    jint n = -1;
    jvmtiLineNumberEntry *t = NULL;
    r = (*e)->GetLineNumberTable(e, m, &n, &t);
    if (r != JVMTI_ERROR_NONE) {
        check("  GetLineNumberTable", r);
    } else {
        char buf[256] = "";
        size_t used = 0;
        for (jint i = 0; i < n && used < sizeof buf - 32; i++)
            used += (size_t)snprintf(buf + used, sizeof buf - used, " %d:%d", (int)t[i].start_location,
                                     (int)t[i].line_number);
        say("  GetLineNumberTable: %d entries%s", (int)n, buf);
        (*e)->Deallocate(e, (unsigned char *)t);
    }
    unsigned char *code = NULL;
    r = (*e)->GetBytecodes(e, m, &n, &code);
    char hex[64] = "";
    for (jint i = 0; r == JVMTI_ERROR_NONE && i < n && i < 16; i++) snprintf(hex + 3 * i, 4, " %02x", code[i]);
    say("  GetBytecodes: %s, %d bytes%s", err_name(r), (int)n, hex);
    if (code) (*e)->Deallocate(e, code);
    (*e)->Deallocate(e, (unsigned char *)name);
    (*e)->Deallocate(e, (unsigned char *)sig);
}
