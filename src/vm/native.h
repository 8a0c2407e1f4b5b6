// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * native.h — native methods: linking (JNI spec "Resolving Native Method Names") and
 * calling through libffi.
 *
 * Resolution order for a native method, tried once on its first call:
 *   1. a VM-implemented native registered with native_register_vm (Object.hashCode,
 *      Unsafe.*, MethodHandleNatives.*, ...): called directly, no JNI frame;
 *   2. a function bound by JNI RegisterNatives (stored in Method.native);
 *   3. for boot-loader classes, the JDK's libjava and the other libraries the boot loader
 *      has loaded; for other loaders, ClassLoader.findNative(loader, name) (Java upcall),
 *   with the short name first, then the long (overloaded) name.
 * Failure throws UnsatisfiedLinkError naming the method.
 *
 * When 3 finds nothing, the JVMTI native method prefixes get their retry (JVMTI
 * SetNativeMethodPrefix: the names of the wrapper with the prefixes stripped; jni.c's
 * RegisterNatives has its own retry). All linking goes through native_bind(), which
 * posts JVMTI NativeMethodBind (an agent may substitute the address).
 */
#ifndef GLASS_NATIVE_H
#define GLASS_NATIVE_H

#include "class.h"
#include "vm.h"

typedef struct VMNativeEntry {
    const char *class_name; /* internal name, e.g. "java/lang/Object" */
    const char *name;
    const char *desc;
    VMNative fn;
    /* Optional: a leaf (class.h VMLeaf) the interpreter calls instead of the method when
     * no tool looks (outside tool mode, no breakpoint in the method), which must compute
     * exactly what the method does. For a native method of the boot loader, fn may be
     * NULL: the method is then linked as usual (JNI) and runs when the leaf declines. For
     * a Java method of the boot loader: with fn, the body is replaced by fn (an
     * intrinsic, as for Math.sin); without fn, the body is kept and runs whenever the
     * leaf is not called or declines (tools see the Java method). */
    VMLeaf leaf;
    /* Optional, with leaf, for a leaf that never declines: its typed form (class.h
     * VMLeafD for a (D)D method, VMLeafDD for (DD)D), computing exactly what leaf does. */
    void (*leaf_typed)(void);
} VMNativeEntry;

void native_init(void);
/* Registers a table of VM natives (terminated by a {NULL} entry); call before boot. */
void native_register_vm(const VMNativeEntry *table);
/* Looks up a VM native for (class, name, desc) — used by class.c when creating methods. */
VMNative native_find_vm(const char *class_name, const char *name, const char *desc);
/* Its leaf, or NULL. */
VMLeaf native_find_vm_leaf(const char *class_name, const char *name, const char *desc);
/* Sets m's typed leaf (Method.leaf_d or leaf_dd and its flag) if its entry has one. */
void native_set_vm_typed_leaf(Method *m);
/* Frees the call data prepared for native method m (class unloading). */
void native_free_cif(Method *m);

/* Adds a library handle to search for boot-loader natives (libjava, libzip, ...). */
void native_add_boot_library(void *handle);
/* Adds a JVMTI agent library (-agentlib/-agentpath): like HotSpot, a native method that no
 * library of its class loader provides is looked up in the agent libraries last. */
void native_add_agent_library(void *handle);

/* Binds fn to m (RegisterNatives, or the resolver). Returns false with an exception pending. */
bool native_bind(Thread *t, Method *m, void *fn);
/* -verbose:jni: the line HotSpot prints once m is bound, by its JNI name (linking) or by
 * RegisterNatives (registered). */
void native_log_bind(const Method *m, bool registered);
/* UnregisterNatives: unbinds every native method of c. */
void native_unbind_all(Class *c);

/* Invokes native method m with args (JVM slot order). Handles linking on first call, the
 * JNI local frame, the state transition to TS_NATIVE and back, synchronized natives, and
 * the exception check. Called by the interpreter with m's FRAME_NATIVE frame pushed. */
bool native_invoke(Thread *t, Method *m, Slot *args, Slot *ret);

/* JNI short and long names for m ("Java_java_lang_Object_hashCode[__...]"); malloc'd. */
char *native_jni_name(const Method *m, bool long_name);

#endif
