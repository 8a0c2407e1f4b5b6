/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 *
 * Memory: ReadMemory and WriteMemory on the test library's global (Java reads back what
 * NCAI wrote), on code (read-only pages can be written, as by a debugger), and on bad
 * addresses: ACCESS_DENIED, never a crash (NULL, unmapped, a block running off the end
 * of a mapping, an address range that wraps around); NULL buffers, size 0.
 */
#include "ncai_test.h"

#include <sys/mman.h>

static jvmtiEnv *jvmti;
static ncaiEnv *ncai;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmti = new_jvmti(vm);
    ncai = get_ncai(jvmti);
    return 0;
}

JNIEXPORT void JNICALL Java_Main_poke(JNIEnv *jni, jclass c)
{
    long *g = lib_sym(ncai, "ncai_watched");
    long v = 0x1122334455667788L, r = 0;
    ncheck("WriteMemory(ncai_watched)", (*ncai)->WriteMemory(ncai, g, sizeof v, &v));
    ncheck("ReadMemory(ncai_watched)", (*ncai)->ReadMemory(ncai, g, sizeof r, &r));
    say("read back 0x%lx", r);
    /* A code byte of ncai_ret_42 (mov $42, %eax: b8 2a 00 00 00): 42 becomes 43. */
    unsigned char *code = (unsigned char *)lib_sym(ncai, "ncai_ret_42") + 1, b = 0;
    ncheck("ReadMemory(code)", (*ncai)->ReadMemory(ncai, code, 1, &b));
    say("immediate %d", b);
    b = 43;
    ncheck("WriteMemory(read-only code)", (*ncai)->WriteMemory(ncai, code, 1, &b));
    say("code now returns %d", ((int (*)(void))(code - 1))());
    b = 42;
    (*ncai)->WriteMemory(ncai, code, 1, &b);

    char buf[64];
    ncheck("ReadMemory(NULL)", (*ncai)->ReadMemory(ncai, NULL, 8, buf));
    ncheck("WriteMemory(NULL)", (*ncai)->WriteMemory(ncai, NULL, 8, buf));
    /* A page mapped, the next one not: a block across the end. */
    char *two = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    munmap(two + 4096, 4096);
    memset(two, 7, 4096);
    ncheck("ReadMemory(across the end of a mapping)", (*ncai)->ReadMemory(ncai, two + 4090, 16, buf));
    ncheck("WriteMemory(across the end of a mapping)", (*ncai)->WriteMemory(ncai, two + 4090, 16, buf));
    say("the mapped part untouched: %s", two[4090] == 7 && two[4095] == 7 ? "yes" : "no");
    ncheck("ReadMemory(unmapped page)", (*ncai)->ReadMemory(ncai, two + 4096, 8, buf));
    ncheck("ReadMemory(wrapping around)", (*ncai)->ReadMemory(ncai, (void *)(uintptr_t)-8, 16, buf));
    ncheck("ReadMemory(kernel address)", (*ncai)->ReadMemory(ncai, (void *)0xffffffffff600000UL, 8, buf));
    ncheck("ReadMemory(NULL buffer)", (*ncai)->ReadMemory(ncai, g, 8, NULL));
    ncheck("WriteMemory(NULL buffer)", (*ncai)->WriteMemory(ncai, g, 8, NULL));
    ncheck("ReadMemory(size 0)", (*ncai)->ReadMemory(ncai, NULL, 0, buf));
    munmap(two, 4096);
}
