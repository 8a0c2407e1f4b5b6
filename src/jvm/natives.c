// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * natives.c — registers the VM-provided natives (natives.h) with the native linker.
 *
 * Called once during boot, before any class is loaded, so that every native method
 * created afterwards finds its VM implementation through native_find_vm(). Nothing here
 * allocates Java objects or needs a Thread.
 */
#include "natives.h"

void jvm_natives_register(void)
{
    native_register_vm(jvm_object_natives);
    native_register_vm(jvm_unsafe_natives);
    native_register_vm(jvm_misc_natives);
    jvm_math_init();
    native_register_vm(jvm_math_natives);
    native_register_vm(jvm_array_natives);
    native_register_vm(jvm_jfr_natives);
}
