// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * unload.h — class unloading: the collector's phase that frees the classes it found dead
 * (docs/design.md "Class unloading").
 *
 * Liveness is decided by marking (gc.c with loader.c's class-loader data): a class is
 * live while its defining loader is (the boot loader's always), a hidden class while its
 * mirror is (or its loader, if defined strongly), an array class while its element class
 * is; a live class keeps its supertypes and the classes its resolved constant-pool
 * entries name. Roots that pin classes besides: every Java frame's method's class, any
 * word of a C stack equal to a Class*, JVMTI breakpoints. With -XX:-ClassUnloading
 * every class is a root.
 *
 * unload_classes runs at the safepoint, after marking, reference processing and the
 * weak processors and before the sweep (the dead mirrors are still readable): it unlinks
 * the dead classes from the loader's list and tables, drops dead loaders from the module
 * graph, lets JVMTI forget them, prints -verbose:class / -Xlog:class+unload lines
 * (HotSpot's "[...][info][class,unload] unloading class NAME 0x..."), and frees their
 * metadata (class_free: Method and Field arrays read as zeros afterwards, idspace.h).
 * unload_post_events runs on the same thread once the world runs again: the JVMTI
 * extension event com.sun.hotspot.events.ClassUnload, one per class, with its name.
 */
#ifndef GLASS_UNLOAD_H
#define GLASS_UNLOAD_H

#include "vm.h"

/* Whether the collector unloads classes (false with -XX:-ClassUnloading). */
bool unload_enabled(void);
/* At the safepoint, on the collecting thread t (see above). Returns the classes freed. */
size_t unload_classes(Thread *t);
/* After the safepoint, on t: the ClassUnload events of the last unload_classes. */
void unload_post_events(Thread *t);

#endif
