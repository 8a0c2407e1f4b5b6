/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Instructions: INSTRUCTION_START before every instruction Main.branches executes (the
 * bytecode offsets, in order), with the branch payloads: if_info.is_true (whether the
 * branch is taken) for if_icmple at 2 and ifnonnull at 14, tableswitch_info at 26 (key,
 * low, hi), lookupswitch_info at 105 and 163 (the chosen pair's index and the number of
 * pairs; the default is index == pairs_total). The offsets are those javac 17 gives
 * Main.java (javap -c).
 */
#include "jvmpi_test.h"

static jmethodID branches;
static char offsets[1024];
static int len;

static void notify(JVMPI_Event *e)
{
    switch (e->event_type) {
    case JVMPI_EVENT_CLASS_LOAD:
        if (strcmp(e->u.class_load.class_name, "Main") == 0)
            for (int i = 0; i < e->u.class_load.num_methods; i++)
                if (strcmp(e->u.class_load.methods[i].method_name, "branches") == 0)
                    branches = e->u.class_load.methods[i].method_id;
        break;
    case JVMPI_EVENT_INSTRUCTION_START: {
        if (e->u.instruction.method_id != branches || branches == NULL) break;
        int off = e->u.instruction.offset;
        if (len < (int)sizeof offsets - 8) len += snprintf(offsets + len, sizeof offsets - len, " %d", off);
        switch (off) {
        case 2:
        case 14: jt_printf("%d: if, taken %d\n", off, (int)e->u.instruction.u.if_info.is_true); break;
        case 26:
            jt_printf("%d: tableswitch key %d, low %d, hi %d\n", off, (int)e->u.instruction.u.tableswitch_info.key,
                      (int)e->u.instruction.u.tableswitch_info.low, (int)e->u.instruction.u.tableswitch_info.hi);
            break;
        case 105:
        case 163:
            jt_printf("%d: lookupswitch pair %d of %d\n", off, (int)e->u.instruction.u.lookupswitch_info.chosen_pair_index,
                      (int)e->u.instruction.u.lookupswitch_info.pairs_total);
            break;
        }
        break;
    }
    case JVMPI_EVENT_JVM_SHUT_DOWN: jt_printf("offsets:%s\n", offsets); break;
    }
}

JNIEXPORT jint JNICALL JVM_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    if (jt_init(vm) != JNI_OK) return JNI_ERR;
    jvmpi->NotifyEvent = notify;
    jvmpi->EnableEvent(JVMPI_EVENT_CLASS_LOAD, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_INSTRUCTION_START, NULL);
    jvmpi->EnableEvent(JVMPI_EVENT_JVM_SHUT_DOWN, NULL);
    return JNI_OK;
}
