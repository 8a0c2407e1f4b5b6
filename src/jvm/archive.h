// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * archive.h — the archive of the boot module graph (design.md "Start-up"): heap object
 * subgraphs the JDK asks for through jdk.internal.misc.CDS, written once per JDK image by
 * `java -Xshare:dump` and restored at start-up instead of running ModuleBootstrap.boot2.
 *
 * Contracts:
 *  - archive_dump(t): dump mode only, after System.initPhase2; writes the archive and
 *    returns whether it did (a message on stderr says why not).
 *  - archive_sharing_enabled(t): opens and validates the archive on first call; false when
 *    it is missing, stale, corrupt or disabled by an option (the JDK then boots in full).
 *  - archive_initialize_from(t, c): JVM_InitializeFromArchive: sets c's archived static
 *    fields, or leaves them alone (null) if anything fails; never throws.
 *  - archive_define_modules(t): JVM_DefineArchivedModules: replays the module-table calls
 *    the dump recorded, on the restored java.lang.Module objects.
 *  - archive_record_module_call: dump mode only (jvm_module.c), one JVM_* module call.
 */
#ifndef GLASS_ARCHIVE_H
#define GLASS_ARCHIVE_H
#include <stdbool.h>

#include "../vm/vm.h"

enum {
    ARCHIVE_CALL_DEFINE_MODULE = 1, /* a: module, b: version, c: location, d: packages, flag: open */
    ARCHIVE_CALL_ADD_READS = 2,     /* a: from, b: to (NULL = all unnamed) */
    ARCHIVE_CALL_EXPORTS = 3,       /* a: from, b: package, c: to */
    ARCHIVE_CALL_EXPORTS_ALL = 4,   /* a: from, b: package */
    ARCHIVE_CALL_EXPORTS_UNNAMED = 5, /* a: from, b: package */
};

extern bool archive_recording; /* dump mode: jvm_module.c records its calls */

bool archive_dump(Thread *t);
bool archive_sharing_enabled(Thread *t);
void archive_initialize_from(Thread *t, Class *c);
void archive_define_modules(Thread *t);
void archive_record_module_call(int kind, Object *a, Object *b, Object *c, Object *d, bool flag);

/* jvm_module.c: performs one recorded call again (no argument checks beyond the JVM_*'s). */
void jvm_module_replay(Thread *t, int kind, Object *a, Object *b, Object *c, Object *d, bool flag);

#endif
