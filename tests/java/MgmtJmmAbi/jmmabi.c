// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/* JVM_GetManagement called the way libmanagement calls it, with the table read as the
 * 40 pointer slots of the JDK 17 ABI (declared here independently of GlassVM's jmm.h):
 * which versions are accepted, GetVersion, GetOptionalSupport's bits, and two slots the
 * JDK's libraries never call (GetLongAttributes, GetThreadCpuTime). */
#include <dlfcn.h>
#include <jni.h>
#include <stdio.h>

typedef void *(*GetManagement)(jint);
typedef jint (*GetVersionFn)(JNIEnv *);
typedef jint (*GetOptionalSupportFn)(JNIEnv *, unsigned int *);
typedef jlong (*GetLongAttributeFn)(JNIEnv *, jobject, int);
typedef jint (*GetLongAttributesFn)(JNIEnv *, jobject, int *, jint, jlong *);
typedef jlong (*GetThreadCpuTimeFn)(JNIEnv *, jlong);

JNIEXPORT void JNICALL Java_MgmtJmmAbi_probe(JNIEnv *env, jclass c)
{
    GetManagement gm = (GetManagement)dlsym(RTLD_DEFAULT, "JVM_GetManagement");
    if (gm == NULL) {
        printf("no JVM_GetManagement\n");
        return;
    }
    static const jint versions[] = {0x20010000, 0x20010200, 0x20010202, 0x20020000, 0x20030000, 0x20040000};
    for (unsigned i = 0; i < sizeof versions / sizeof versions[0]; i++)
        printf("JVM_GetManagement(0x%x): %s\n", (unsigned)versions[i], gm(versions[i]) ? "table" : "NULL");
    void **slots = gm(0x20030000);
    printf("reserved slots 0 and 1: %s %s\n", slots[0] ? "set" : "NULL", slots[1] ? "set" : "NULL");
    printf("GetVersion: 0x%x\n", (unsigned)((GetVersionFn)slots[2])(env));
    unsigned int bits = 0xffffffffu;
    jint r = ((GetOptionalSupportFn)slots[3])(env, &bits);
    /* Bit 1 (compilation time monitoring) depends on having a compiler. */
    printf("GetOptionalSupport: %d, bits 0x%x\n", (int)r, bits & ~2u);
    printf("GetOptionalSupport(NULL): %d\n", (int)((GetOptionalSupportFn)slots[3])(env, NULL));
    jlong live = ((GetLongAttributeFn)slots[12])(env, NULL, 4);
    int atts[3] = {4, 9999, 201};
    jlong res[3] = {0, 0, 0};
    jint n = ((GetLongAttributesFn)slots[15])(env, NULL, atts, 3, res);
    printf("GetLongAttributes: %d, live %s, unknown %lld, pid > 0 %d\n", (int)n, res[0] == live ? "same" : "differs",
           (long long)res[1], res[2] > 0);
    jlong cpu = ((GetThreadCpuTimeFn)slots[17])(env, 0);
    printf("GetThreadCpuTime(current) > 0: %d\n", cpu > 0);
    printf("GetThreadCpuTime(no such thread): %lld\n", (long long)((GetThreadCpuTimeFn)slots[17])(env, 0x7fffffffffffLL));
    printf("unknown attribute: %lld\n", (long long)((GetLongAttributeFn)slots[12])(env, NULL, 12345));
    fflush(stdout);
}
