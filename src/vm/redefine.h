// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * redefine.h — class redefinition: giving a loaded class a new class file while the
 * program runs (JVMTI RedefineClasses and RetransformClasses, and through them
 * java.lang.instrument and JDWP's RedefineClasses, which IDEs call HotSwap).
 *
 * What stays and what changes. The Class record, its Method and Field records (so every
 * jmethodID and jfieldID, every vtable and itable slot, every instruction quickened in
 * another class with a Method* or a field offset), its mirror with the static values, and
 * every instance stay. The class file, the constant pool, the call-site tables and each
 * method's code, tables and attributes are the new version's: the Method records are
 * updated in place at a safepoint, so every new invocation, through any path, runs the
 * new code, which is quickened again lazily as freshly loaded code is. Class
 * initialization does not run again, no ClassLoad or ClassPrepare is posted, and
 * java.lang.Class.classRedefinedCount is bumped so that reflection drops its caches.
 *
 * Old versions. A frame that is running a method of the class at that safepoint goes on
 * with the old code and the old constant pool until it returns (JVMTI spec,
 * RedefineClasses): it is moved to a copy of the old Method record (its own jmethodID,
 * IsMethodObsolete true, unless the method is equivalent modulo the constant pool, EMCP,
 * in which case tools are shown the current method: method_for_tools in class.h) whose
 * clazz is a shadow: a Class record that holds the old class file, pool and call sites,
 * and names the live class in Class.shadow_of. Everything that reads a running method's
 * pool through method->clazz (the interpreter, resolution, stack maps, line numbers,
 * NPE messages, exception handlers) thus finds the old one without a test; access
 * control and identity go to the live class (resolve.c). A shadow is freed with its
 * copies and old class file at the first later redefinition or collection where no
 * frame runs any of its copies and no thread is inside a constant-pool resolution
 * (Thread.resolving: an in-flight resolution may hold an old pool), and when its class
 * is unloaded.
 *
 * What may change is decided in one place (redefine.c, `compare`): method bodies, line and
 * local tables, constant pools, annotations and other attributes, and, with HotSpot's
 * compatibility flag -XX:+AllowRedefinitionToAddDeleteMethods, private static or private
 * final methods may be added (javac's lambda bodies) or deleted; not the hierarchy, the class's or a method's modifiers, the set of fields
 * and their modifiers, other methods, or the NestHost, NestMembers, Record and
 * PermittedSubclasses attributes (spec's UNSUPPORTED_REDEFINITION_* errors). The
 * analysis yields, for each new method, the record it replaces (or none).
 *
 * Enhanced mode (-XX:+AllowEnhancedClassRedefinition, JetBrains Runtime's flag; off by
 * default, and then nothing below runs). compare also lets methods of every kind be
 * added, deleted and renamed, method and class modifiers change (not interface-ness),
 * and fields be added and deleted; it still refuses a change of the hierarchy and of the
 * class attributes above. Its plan: the method map (a method whose staticness changes is
 * deleted and added), whether dispatch changed, and a field map. At the safepoint:
 *  - methods: as below (added ones at the end of the array, deleted ones obsolete
 *    records); then the vtables and itables of every linked class that is, extends or
 *    implements a changed class are built again, superclasses first (each
 *    Method.vtable_index assigned again in place: invokevirtual_q reads it from the
 *    Method, so its sites follow a slot that moved), and every invokevirtual quickened to
 *    a method of a changed class goes back to its unquickened form (interp.h
 *    interp_requicken_calls) so that its finality or deletion is decided again. A pool
 *    entry (of any class, and of running old versions) resolved to a deleted method is
 *    resolved again where the hierarchy has one of
 *    the same name, descriptor, staticness and kind (a deleted override: the inherited
 *    one); otherwise a call of it, from old code or a call site resolved before, throws
 *    NoSuchMethodError (its record's vm_native; the interpreter's slow paths pass a
 *    deleted method through); a deleted interface method has no itable entry.
 *  - fields: fields that stay keep their records and offsets (quickened code, Unsafe and
 *    reflection hold those); a deleted field keeps its record and bytes (Field.deleted:
 *    left out of lookups and listings; code that resolved it before keeps reading its
 *    bytes); an added field gets a record (Class.field_cap: room for a few in every
 *    class while the flag is on) and bytes no field used, placed at the safepoint
 *    before anything is installed (plan_fields): a static past the statics of the
 *    mirror (mirrors get SPARE_STATIC_BYTES while the flag is on), an instance field
 *    in the class's slack if they all fit there: [Class.field_end, instance_size), bytes
 *    every instance of the class and its subclasses has (redef_instance_slack: classes of
 *    non-boot loaders are laid out with it while the flag is on), that no field of theirs
 *    uses and that stay zero from the allocation on; else past the fields of the class
 *    and of all its loaded subclasses, within the heap cell of every live instance of
 *    them (objects never move: heap.h; a heap walk finds the smallest cell; a class
 *    without instances simply grows, losing its slack). Added fields start at their
 *    default values (the slack is zero; past it they are cleared in every existing
 *    instance by the walk), an added static with a ConstantValue attribute at its
 *    constant (JVMS 5.5, as preparation; String constants are interned before the
 *    safepoint); no initializer runs. When the room is short a collection runs and the fields are
 *    placed again; then the redefinition answers SCHEMA_CHANGED, the sizes in its reason.
 * Pool entries are resolved again too (redefine.c, reresolution): one naming a class that
 * derives from a changed class but resolved to a method further up finds a method that
 * class now declares first (a static one hiding the superclass's, an override a super
 * call reaches); private ones never, static ones of a class not yet initialized not
 * (invokestatic_q does not initialize). Their invokevirtual sites are unquickened too.
 *
 * Added and deleted methods. A jmethodID is the address of a record in the class's
 * methods array, so an added method takes a slot at its end: with the flag, classes
 * defined while some environment has can_redefine_classes or can_retransform_classes
 * get room for a few
 * (Class.method_cap, redef_spare_methods); a class without room answers METHOD_ADDED. A
 * deleted method's record stays (its jmethodID obsolete, left out of every listing and
 * lookup: METHOD_F_DELETED); a call to it from old code throws NoSuchMethodError.
 *
 * Threads: redef_classes runs on a thread in TS_JAVA holding no VM lock; it may run Java
 * code (class loading for supertypes and verification) and takes a safepoint.
 * Redefinitions are serialized.
 */
#ifndef GLASS_REDEFINE_H
#define GLASS_REDEFINE_H

#include "class.h"
#include "heap.h"
#include "vm.h"

typedef enum RedefResult {
    REDEF_OK = 0,
    REDEF_INVALID_CLASS_FORMAT,
    REDEF_UNSUPPORTED_VERSION,
    REDEF_NAMES_DONT_MATCH,
    REDEF_CIRCULAR_CLASS_DEFINITION,
    REDEF_FAILS_VERIFICATION,
    REDEF_METHOD_ADDED,
    REDEF_SCHEMA_CHANGED,
    REDEF_HIERARCHY_CHANGED,
    REDEF_METHOD_DELETED,
    REDEF_CLASS_MODIFIERS_CHANGED,
    REDEF_METHOD_MODIFIERS_CHANGED,
    REDEF_CLASS_ATTRIBUTE_CHANGED,
    REDEF_UNMODIFIABLE_CLASS,
    REDEF_OUT_OF_MEMORY,
    REDEF_INTERNAL,
} RedefResult;

/* One class of a redefinition. */
typedef struct RedefDef {
    Class *klass;         /* modifiable (redef_is_modifiable) */
    const uint8_t *bytes; /* the new class file (the caller keeps it) */
    size_t len;
    /* The bytes a later retransformation of this version starts from, when they differ
     * from `bytes` (JVMTI: the class file as the retransformation-incapable agents left
     * it); vm_malloc'd, taken by redef_classes whatever the result. NULL: `bytes`. */
    uint8_t *cache;
    size_t cache_len;
} RedefDef;

/*
 * Redefines the n classes at once: every class is parsed, compared and verified first;
 * if one is refused, none changes (the result says why, *bad its index, `why` a precise
 * reason for tracing). Then all are changed at one safepoint.
 */
RedefResult redef_classes(Thread *t, RedefDef *defs, int n, int *bad, char *why, size_t why_size);

/* Can c be redefined? Not primitive, array or hidden classes (JVMTI IsModifiableClass). */
bool redef_is_modifiable(const Class *c);

/* The class file a retransformation of c starts from (JVMTI RetransformClasses): the
 * bytes the retransformation-incapable agents produced at its last definition or
 * redefinition if a capable agent changed them afterwards, else its class file. Valid
 * until c is redefined. */
const uint8_t *redef_retransform_bytes(const Class *c, size_t *len);
/* Records those bytes at a definition (loader.c): takes `bytes` (vm_malloc'd). */
void redef_set_retransform_bytes(Class *c, uint8_t *bytes, size_t len);

/* Calls fn for each copy of m (a live method) that a frame runs as an old version of
 * equivalent code (EMCP, not obsolete): JVMTI sets a breakpoint of m in them too, as
 * HotSpot does, so a frame in a loop keeps stopping there after a redefinition. Any
 * thread, as long as it reaches no safepoint (old versions change only at safepoints). */
void redef_for_each_emcp_copy(Method *m, void (*fn)(Method *copy, void *arg), void *arg);

/* The record of live method m's code as it was in version `version` of its class
 * (Class.redef_count): m itself for the current version, the copy an old version keeps
 * while some frame may run it, or NULL once that version is gone. Same threads rule as
 * redef_for_each_emcp_copy. */
Method *redef_method_version(Method *m, uint32_t version);

/* The collector: reports what c's old versions hold (class_visit_refs). */
void redef_visit_versions(Class *c, RootVisitor *v);
/* The collector, at its safepoint: frees old versions nothing runs any more. */
void redef_sweep_versions(void);
/* Frees c's redefinition data and old versions (class_free). At a safepoint. */
void redef_free_class(Class *c);

/* Room for added methods a class defined now gets (class_create): with
 * -XX:+AllowRedefinitionToAddDeleteMethods while a tool may redefine, with
 * -XX:+AllowEnhancedClassRedefinition always. */
int redef_spare_methods(int method_count);
/* Enhanced mode: room for added fields' records (class_create) and bytes for added static
 * fields past the statics of a mirror made now (class.c). 0 unless the flag is on. */
int redef_spare_fields(int field_count);
uint32_t redef_spare_static_bytes(void);
/* Enhanced mode: bytes of slack instances of c get past its fields (layout_instance),
 * where a redefinition adds instance fields (-XX:GlassEnhancedRedefinitionSlack, 32 by
 * default: four references or longs). 0 unless the flag is on, and for classes of the
 * boot loader, hidden classes and classes being defined as a redefinition's new version. */
uint32_t redef_instance_slack(const Class *c);

void redef_init(void);

#endif
