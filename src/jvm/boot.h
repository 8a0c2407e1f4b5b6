// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * boot.h — what the boot sequence and option parsing (boot.c, options.c) make available
 * to the rest of the class-library glue.
 *
 * Everything here is set up in JNI_CreateJavaVM before any Java code runs and is
 * read-only afterwards.
 */
#ifndef GLASS_BOOT_H
#define GLASS_BOOT_H

#include <stdbool.h>

#include "../vm/vm.h"

/* VM-provided system properties (JVM_GetProperties), in definition order. */
typedef struct VmProperty {
    const char *key;
    const char *value;
} VmProperty;
extern VmProperty *vm_properties;
extern int vm_property_count;
/* Value of a VM property or NULL. */
const char *boot_property(const char *key);

/* -ea/-da/-esa/-dsa, in command-line order (JVM_AssertionStatusDirectives). */
typedef struct AssertDirective {
    const char *name; /* class or package name in Java form, "" = unnamed package */
    bool is_package;  /* given as "pkg..." */
    bool enabled;
} AssertDirective;
extern AssertDirective *vm_assert_directives;
extern int vm_assert_directive_count;
extern bool vm_assert_default;        /* -ea / -da without argument */
extern bool vm_assert_system_default; /* -esa / -dsa */

/* The JVM arguments as given (RuntimeMXBean / JVM_GetVmArguments). */
extern const char **vm_arguments;
extern int vm_argument_count;

/* Ends the process with `code` after VM shutdown steps (JVM_Halt, System.exit). */
__attribute__((noreturn)) void boot_halt(int code);

/* Time of VM creation (os_nanotime) and of JNI_CreateJavaVM returning. */
extern int64_t boot_start_ns;

#endif
