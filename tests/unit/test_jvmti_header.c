// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * test_jvmti_header.c — GlassVM's include/jvmti.h is binary compatible with the JDK 17
 * jvmti.h agents are built against.
 *
 * This file is compiled against the JDK's own header ($JAVA_HOME/include, a declared
 * build dependency, first on the include path). gen/jvmti_layout.h lists everything the
 * JDK 17 header declares (from our spec table: the items whose `since` is at most 17):
 * every struct and union with each member's offset and size, every constant and enum
 * value, every capability's bit position, every function's slot number, every event
 * callback's offset. The same list expanded against GlassVM's header lives in
 * libjvm's jvmti_tables.o (jvmti_layout_fill); the two must agree entry by entry.
 * Independently of the list, the totals are checked: capability struct size, function
 * table and callback struct no smaller than the JDK's, and our table's slots covering the
 * JDK's.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* The JDK's header declares jvmtiReservedCallback with "()", which our warning flags
 * refuse (GlassVM's header says "(void)", the same type for callers). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstrict-prototypes"
#include <jvmti.h>
#pragma GCC diagnostic pop

#ifdef GLASSVM_JVMTI_H
#error "this test must compile against the JDK's jvmti.h, not GlassVM's"
#endif

#include "jvmti/gen/jvmti_layout.h"

#define MAX_ENTRIES 4096

static JvmtiLayoutEntry jdk[MAX_ENTRIES], ours[MAX_ENTRIES];

static int jdk_layout_fill(JvmtiLayoutEntry *out, int max)
{
    int n = 0;
    JVMTI_LAYOUT_FILL(out, n, max);
    return n;
}

int main(void)
{
    int failures = 0;
    int nj = jdk_layout_fill(jdk, MAX_ENTRIES);
    int no = jvmti_layout_fill(ours, MAX_ENTRIES);
    if (nj > MAX_ENTRIES || no > MAX_ENTRIES) {
        printf("FAIL: more than %d layout entries\n", MAX_ENTRIES);
        return 1;
    }
    if (nj != no) {
        printf("FAIL: %d entries against the JDK header, %d against ours\n", nj, no);
        return 1;
    }
    int structs = 0, fields = 0, consts = 0, caps = 0, slots = 0, events = 0;
    for (int i = 0; i < nj; i++) {
        if (strcmp(jdk[i].what, ours[i].what) != 0) {
            printf("FAIL: entry %d is %s for the JDK and %s for us\n", i, jdk[i].what, ours[i].what);
            return 1;
        }
        if (jdk[i].value != ours[i].value) {
            printf("FAIL: %s: JDK %lld, GlassVM %lld\n", jdk[i].what, jdk[i].value, ours[i].value);
            failures++;
        }
        const char *w = jdk[i].what;
        if (strncmp(w, "sizeof ", 7) == 0 && strchr(w, '.') == NULL) structs++;
        else if (strncmp(w, "capability ", 11) == 0) caps++;
        else if (strncmp(w, "slot ", 5) == 0) slots++;
        else if (strncmp(w, "callback ", 9) == 0) events++;
        else if (strchr(w, '.') != NULL && strncmp(w, "sizeof ", 7) != 0) fields++;
        else if (strncmp(w, "sizeof ", 7) != 0) consts++;
        if (strncmp(w, "capability ", 11) == 0 && jdk[i].value < 0) {
            printf("FAIL: %s: no single bit\n", w);
            failures++;
        }
    }

    /* Totals of the JDK 17 header, which the list cannot show by itself. */
    if (slots != 148) { /* 156 slots, 8 of them reserved in JDK 17 */
        printf("FAIL: %d function slots listed, JDK 17 has 148 functions\n", slots);
        failures++;
    }
    if (sizeof(struct jvmtiInterface_1_) != 156 * sizeof(void *)) {
        printf("FAIL: JDK table has %zu slots, expected 156\n", sizeof(struct jvmtiInterface_1_) / sizeof(void *));
        failures++;
    }
    if (caps != 44 || sizeof(jvmtiCapabilities) != 16) {
        printf("FAIL: %d capabilities of JDK 17 listed (expected 44), capability struct %zu bytes\n", caps,
               sizeof(jvmtiCapabilities));
        failures++;
    }
    if (events != 32) {
        printf("FAIL: %d JDK 17 events listed, expected 32\n", events);
        failures++;
    }
    printf("%d structs, %d members, %d constants, %d capabilities, %d slots, %d event callbacks compared\n",
           structs, fields, consts, caps, slots, events);
    if (failures) printf("%d mismatches\n", failures);
    return failures ? 1 : 0;
}
