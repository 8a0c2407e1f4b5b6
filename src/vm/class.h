// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * class.h — runtime classes, methods and fields; linking and initialization.
 *
 * A Class is created from a parsed ClassFile (which it then owns), or synthesized for
 * primitive and array types. Lifecycle (JVMS 5.3–5.5):
 *
 *   LOADED      created, superclass and interfaces loaded, not yet in any loader table
 *               until loader.c publishes it
 *   LINKED      prepared: instance layout, static layout (statics zeroed in the mirror),
 *               vtable, itable; ready for use
 *   INITIALIZING  <clinit> running on `init_thread`
 *   INITIALIZED
 *   ERROR       <clinit> failed; later use throws NoClassDefFoundError
 *
 * GlassVM prepares a class as part of defining it (its mirror must exist at once), but
 * verification runs later, where HotSpot links a class (class_verify): before its first
 * initialization, and where reflection or method handles link it. Only then is the class
 * linked as HotSpot and the JVMTI see it (CLASS_F_VERIFIED: GetClassStatus VERIFIED |
 * PREPARED, ClassPrepare posted); a class that was only loaded reports neither.
 *
 * Metadata is malloc'd and lives as long as the class, which lives as long as its
 * defining loader (hidden classes: as long as their mirror, or their loader if defined
 * strongly); the collector unloads dead classes (unload.h, docs/design.md "Class
 * unloading"). A Method* is a jmethodID and a Field* a jfieldID; neither moves, and their
 * arrays come from the never-reused ID space (idspace.h), so a stale ID reads as zeros.
 *
 * Threads: `state` is read without locks (acquire) on fast paths; transitions happen under
 * the class's init lock (class.c).
 */
#ifndef GLASS_CLASS_H
#define GLASS_CLASS_H

#include "classfile.h"
#include "heap.h"
#include "vm.h"

typedef enum ClassState {
    CLASS_LOADED = 0,
    CLASS_LINKED = 1,
    CLASS_INITIALIZING = 2,
    CLASS_INITIALIZED = 3,
    CLASS_ERROR = 4,
} ClassState;

/* Class.flags */
enum {
    CLASS_F_ARRAY = 1u << 0,
    CLASS_F_PRIMITIVE = 1u << 1,
    CLASS_F_HIDDEN = 1u << 2,
    CLASS_F_HAS_FINALIZER = 1u << 3, /* overrides Object.finalize with a non-empty body */
    CLASS_F_THROWABLE = 1u << 4,     /* subclass of java.lang.Throwable */
    CLASS_F_MIRROR = 1u << 5,        /* java.lang.Class itself: instances carry statics */
    CLASS_F_VALUE_BASED = 1u << 6,
    CLASS_F_LAMBDA_FORM = 1u << 7,   /* hidden class allowed VM annotations (@Hidden etc.) */
    CLASS_F_VERIFIED = 1u << 8,      /* verified and linked: class_verify (set atomically, once) */
    CLASS_F_LINK_DONE = 1u << 9,     /* ...and its ClassPrepare event has been delivered */
    CLASS_F_HIDDEN_STRONG = 1u << 10, /* hidden, defined with DEFINE_STRONG: lives with its loader */
    CLASS_F_OWNS_NAME = 1u << 11,    /* name is the class's own string, not a symbol (below) */
    CLASS_F_REDEF_SCRATCH = 1u << 12, /* a redefinition's new version, not a class (redefine.c) */
};

/* Reference kind of java.lang.ref subclasses (GC treats `referent` specially). */
typedef enum RefKind {
    REF_NONE = 0,
    REF_SOFT,
    REF_WEAK,
    REF_FINAL,
    REF_PHANTOM,
    REF_OTHER, /* java.lang.ref.Reference itself */
} RefKind;

/* Method.flags (VM-computed) */
enum {
    METHOD_F_CALLER_SENSITIVE = 1u << 0, /* @jdk.internal.reflect.CallerSensitive */
    METHOD_F_HIDDEN = 1u << 1,           /* @LambdaForm$Hidden, hidden class member */
    METHOD_F_SIGPOLY = 1u << 2,          /* signature polymorphic (JVMS 2.9.3) */
    METHOD_F_FORCE_INLINE = 1u << 3,
    METHOD_F_OBSOLETE = 1u << 4,
    METHOD_F_EMPTY = 1u << 5,            /* body is a single `return` */
    METHOD_F_INTRINSIC = 1u << 6,        /* synthesized (MethodHandle linkTo*, invokeBasic) */
    METHOD_F_DONT_INLINE = 1u << 7,
    METHOD_F_LEAF = 1u << 8,             /* has (or had) a leaf: Method.leaf */
    METHOD_F_DELETED = 1u << 9,          /* a redefinition removed it (redefine.h): calls throw */
    METHOD_F_UNFUSED = 1u << 10,         /* has code whose superinstructions are not made yet (interp.c) */
    METHOD_F_LEAF_D = 1u << 11,          /* its leaf has a typed form, Method.leaf_d: double(double) */
    METHOD_F_LEAF_DD = 1u << 12,         /* ... Method.leaf_dd: double(double, double) */
};

#define METHOD_NO_VTABLE (-1)

/* The interpreter's view of a VM-implemented native: args in JVM slot order, result in
 * *ret; on failure leaves an exception pending on t. Runs in state TS_JAVA. */
typedef void (*VMNative)(Thread *t, Slot *args, Slot *ret);
/* A leaf: what the interpreter may call instead of a method, without a frame (native.h,
 * VM_NATIVE leaf entries): computes the method's result from args into *ret and returns
 * true, or declines (false) with nothing changed, and the method is called as usual. It
 * never allocates, throws, blocks, reaches a safepoint or looks at stacks. */
typedef bool (*VMLeaf)(Thread *t, Slot *args, Slot *ret);
/* Typed forms of a leaf that never declines (Math.sin, pow, sqrt, ...): the same result,
 * called by invokestatic_q straight from the operand stack's doubles (interp.c). Used
 * only while the method's leaf is set (not NULL): whatever drops the leaf also clears
 * METHOD_F_LEAF_D/_DD, the interpreter's one test. */
typedef double (*VMLeafD)(double);
typedef double (*VMLeafDD)(double, double);

struct Method {
    Class *clazz;
    const char *name; /* symbol */
    const char *desc; /* symbol */
    const char *signature;
    uint16_t access;   /* class-file access flags */
    uint16_t flags;    /* METHOD_F_* */
    uint16_t index;    /* position in clazz->methods: the reflection "slot" */
    uint16_t max_stack, max_locals;
    uint16_t arg_slots; /* argument slots including the receiver */
    uint8_t ret_type;   /* BasicType of the return value */
    int32_t vtable_index; /* METHOD_NO_VTABLE for static, private, <init> */
    uint32_t code_length;
    uint8_t *code;      /* the interpreter's copy, quickened in place; NULL if none */
    const CfMethod *cf; /* parsed form: original code, tables, raw attributes */
    void *native;        /* JNI function pointer once linked (native.c) */
    VMNative vm_native;  /* set for natives the VM implements directly */
    /* The method's leaf (interp.c calls it outside tool mode), or NULL; dropped for good
     * when a breakpoint is set in the method (interp_breakpoint_patch). METHOD_F_LEAF
     * says the method had one (the test the interpreter makes first). */
    VMLeaf _Atomic leaf;
    union { VMLeafD leaf_d; VMLeafDD leaf_dd; }; /* METHOD_F_LEAF_D/_DD: the typed leaf */
    void *native_cif;    /* ffi data prepared on first call (native.c) */
    int32_t intrinsic;   /* interp.h IntrinsicId for METHOD_F_SIGPOLY/INTRINSIC, else 0 */
    _Atomic uint32_t invocation_count;
    void *gc_maps;       /* oopmap.c: the collector's stack maps, NULL until needed */
};

struct Field {
    Class *clazz;
    const char *name;
    const char *desc;
    const char *signature;
    uint16_t access;
    uint16_t index; /* position in clazz->fields: the reflection "slot" */
    uint8_t type;   /* BasicType */
    bool trusted_final; /* static final, record or hidden-class final field */
    bool deleted;       /* a redefinition removed it (redefine.h): left out of lookups */
    uint32_t offset;    /* instance: from object start; static: from mirror start */
    /* JVMTI field watches set on this field, all environments (src/jvmti/fieldevents.c). */
    _Atomic uint16_t jvmti_access_watches;
    _Atomic uint16_t jvmti_modification_watches;
    const CfField *cf;
};

/* One entry of the flattened interface table: all superinterfaces, transitively. */
typedef struct ITable {
    Class *iface;
    Method **methods; /* [iface->method_count], the implementation of each, or NULL */
} ITable;

/* Runtime constant pool: the class file's indexes, plus resolution results. */
typedef struct ConstantPool {
    uint16_t count;
    uint8_t *tags;            /* = cf->cp_tags */
    const CfConstant *entries; /* = cf->cp */
    /* Resolution results by CP index, published with release stores:
     *  Class -> Class*, Fieldref -> Field*, Method/InterfaceMethodref -> Method*,
     *  String -> Object* (interned), MethodType/MethodHandle/Dynamic -> Object*,
     *  a resolution error that must stay sticky -> a tagged pointer (resolve.c). */
    void *_Atomic *resolved;
    /* Per-entry word the interpreter's quick instructions read: the field offset of a
     * resolved Fieldref, the call-site argument slots of a signature-polymorphic call,
     * the bits of an Integer or Float an ldc has loaded, of a Long or Double an ldc2_w
     * has loaded (low word; the high word in the next, unusable entry's). */
    uint32_t *aux;
} ConstantPool;

/* Offsets of the fields the VM adds to a few JDK classes (HotSpot "injects" the same):
 * ResolvedMethodName.vmtarget (a Method*, not a reference), ResolvedMethodName.vmholder
 * (the declaring class's mirror), MemberName.vmindex (a long) and StackFrameInfo.version
 * (an int: the Class.redef_count of the code the frame ran, jvm_stack.c). */
typedef struct InjectedOffsets {
    uint32_t rmn_vmtarget;
    uint32_t rmn_vmholder;
    uint32_t mn_vmindex;
    uint32_t sfi_version;
} InjectedOffsets;
extern InjectedOffsets class_injected;

struct Class {
    /* Internal name: "java/lang/String", "[I", "int" for primitives; a symbol, except for
     * hidden classes ("Foo/0x...") and their array classes (CLASS_F_OWNS_NAME): a string
     * the class owns and class_free frees, so unloading them leaves no symbol behind. No
     * other class can have such a name, so nothing compares it by identity. */
    const char *name;
    Class *super;
    Object *loader;    /* defining loader, NULL = boot loader */
    Object *mirror;    /* java.lang.Class instance; carries the statics */
    uint16_t access;   /* class-file access flags (ACC_INTERFACE, ...) */
    uint16_t inner_access; /* access flags from own InnerClasses entry, or access */
    uint32_t flags;    /* CLASS_F_* */
    _Atomic uint8_t state;
    uint8_t ref_kind;  /* RefKind */
    uint16_t major, minor;

    ClassFile *cf;     /* owned; NULL for primitive and array classes */
    ConstantPool cp;

    uint16_t interface_count;
    Class **interfaces; /* direct superinterfaces */
    uint16_t method_count;
    uint16_t method_cap; /* records `methods` has room for: a redefinition may add some */
    Method *methods;
    uint16_t field_count;
    uint16_t field_cap; /* records `fields` has room for: a redefinition may add some */
    Field *fields;

    /* Layout (valid from LINKED). */
    uint32_t instance_size;     /* bytes including header; 0 for arrays */
    /* Enhanced redefinition: where the class's own fields end. Instance fields that
     * redefinitions add go in [field_end, instance_size), slack no subclass uses
     * (redef_instance_slack); == instance_size when the class has none. */
    uint32_t field_end;
    uint32_t ref_offset_count;  /* instance reference fields, inherited included */
    uint32_t *ref_offsets;
    uint32_t mirror_size;       /* bytes of this class's mirror object incl. statics */
    uint32_t static_ref_count;  /* static reference fields, offsets inside the mirror */
    uint32_t *static_ref_offsets;
    uint32_t vtable_length;
    Method **vtable;
    uint32_t itable_length;
    ITable *itable;
    Method *finalizer; /* non-trivial finalize(), or NULL */

    /* Arrays and primitives. */
    Class *component;      /* element class for arrays: int for [I, String for [String */
    Class *element;        /* innermost non-array component */
    uint8_t dims;          /* array dimensions, 0 if not an array */
    uint8_t elem_type;     /* arrays: BasicType of component; primitives: own type */
    uint8_t elem_shift;    /* arrays: log2(element size) */
    Class *_Atomic array_class; /* the class of one-dimensional arrays of this, lazily */

    /* Initialization (class.c). */
    Thread *link_thread; /* posting ClassPrepare (class_verify), or NULL */
    Thread *init_thread;
    Object *init_error; /* the ExceptionInInitializerError's cause, for NoClassDefFoundError */

    /* Nests and hidden classes (resolved lazily). */
    Class *nest_host;
    Object *class_data; /* hidden classes: Lookup.defineHiddenClass classData */
    const char *package; /* symbol, "java/lang", "" for the unnamed package */
    Object *module;      /* java.lang.Module, NULL until modules are defined */
    Object *protection_domain;
    Object *signers;
    Object *source;      /* source location string for -verbose:class, or NULL */

    void *jsr292;         /* call-site tables of this class (mh.c), or NULL */
    Class *next_in_table; /* hash chain of the loader's class table */
    Class *next_loaded;   /* list of all classes, in load order (loader.c) */

    /* Class redefinition (redefine.h). redef_count: how many times the class was
     * redefined, the version of its current class file and constant pool (a shadow keeps
     * the number of the version it holds). shadow_of: set only in a shadow, the record
     * that holds an old version's class file, constant pool and call sites for the frames
     * still running its methods' copies; it names the live class. redef: the class's old
     * versions and the bytes retransformation starts from, NULL until needed. */
    uint32_t redef_count;
    Class *shadow_of;
    struct RedefInfo *redef;
};

/* Accessors. */
static inline bool class_is_array(const Class *c) { return (c->flags & CLASS_F_ARRAY) != 0; }
static inline bool class_is_primitive(const Class *c) { return (c->flags & CLASS_F_PRIMITIVE) != 0; }
static inline bool class_is_interface(const Class *c) { return (c->access & ACC_INTERFACE) != 0; }
static inline bool class_is_initialized(const Class *c)
{
    return atomic_load_explicit(&((Class *)c)->state, memory_order_acquire) == CLASS_INITIALIZED;
}
/* Linked as HotSpot and the JVMTI mean it: verified, ClassPrepare posted or being posted
 * (class_verify). Never true of array and primitive classes. */
static inline bool class_is_verified(const Class *c)
{
    return (__atomic_load_n(&c->flags, __ATOMIC_ACQUIRE) & CLASS_F_VERIFIED) != 0;
}
static inline bool method_is_static(const Method *m) { return (m->access & ACC_STATIC) != 0; }
static inline bool method_is_native(const Method *m) { return (m->access & ACC_NATIVE) != 0; }
static inline bool method_is_abstract(const Method *m) { return (m->access & ACC_ABSTRACT) != 0; }
/*
 * Old versions (redefine.h). A frame that was running a method of a class when the class
 * was redefined runs an old-version copy of it: a Method whose clazz is a shadow (Class
 * .shadow_of set) and whose index is the method's own. method_current gives the live
 * record of any method (the copy's method as now defined); method_for_tools gives what a
 * tool is shown for a frame running m: the live method, except for an obsolete copy
 * (METHOD_F_OBSOLETE: its bytecode changed), which has its own jmethodID. A copy of a
 * method whose code is equivalent modulo the constant pool (EMCP) is not obsolete.
 */
static inline Method *method_current(Method *m)
{
    Class *s = m->clazz->shadow_of;
    return s == NULL ? m : &s->methods[m->index];
}
static inline Method *method_for_tools(Method *m)
{
    return (m->flags & METHOD_F_OBSOLETE) ? m : method_current(m);
}

/* The VM Class* stored in a java.lang.Class mirror's hidden word. */
Class *class_from_mirror(Object *mirror);
/* Address of static field f's storage (inside the mirror). */
static inline void *field_static_addr(const Field *f) { return (char *)f->clazz->mirror + f->offset; }

/*
 * Creates a Class from a parsed file: builds Method/Field records, resolves nothing.
 * Loads the superclass and interfaces through `loader` (resolve.c's class lookup) and
 * checks circularity, final superclass, interface superclasses (JVMS 5.3.5).
 * Takes ownership of cf on success and on failure. Returns NULL with an exception pending.
 */
Class *class_create(Thread *t, ClassFile *cf, Object *loader, uint32_t flags);
/* Synthesizes the primitive class for type bt (boot only). */
Class *class_create_primitive(BasicType bt);
/* Synthesizes the array class whose component is `component` (called by loader.c). */
Class *class_create_array(Thread *t, Class *component);

/* Prepares the class (JVMS 5.4.2): layout, mirror, vtable, itable. Idempotent, thread-safe.
 * Links super/interfaces first. Returns false with an exception pending. */
bool class_link(Thread *t, Class *c);

/*
 * Links c as HotSpot's link_class does, where HotSpot does: before a class's first
 * initialization and where reflection and method handles link a class. Links the
 * superclass and superinterfaces first, then runs bytecode verification (verify.h: the
 * part of linking that runs Java code and so cannot run where class_link does at
 * definition time), marks c CLASS_F_VERIFIED and posts JVMTI ClassPrepare, once, on the
 * thread that linked it; other threads wait until the event has been delivered. Returns
 * true once c is linked (or is an array or primitive class); otherwise false with the
 * VerifyError (or loading error) pending, c not linked, and the next call verifies again.
 * The caller holds no VM lock; may run Java code and agent callbacks.
 */
bool class_verify(Thread *t, Class *c);
/* Initializes (JVMS 5.5), running <clinit>s; returns false with an exception pending. */
bool class_init(Thread *t, Class *c);
/* Since the VM started: <clinit> methods run, ns spent in them (outermost per thread)
 * and ns spent verifying (HotSpot's class-init and verifier times, ClassLoadingMXBean's
 * HotSpot extras). Any thread. */
void class_link_stats(uint64_t *clinits, uint64_t *clinit_time_ns, uint64_t *verify_time_ns);
/* Fast check + class_init. */
static inline bool class_ensure_init(Thread *t, Class *c)
{
    return class_is_initialized(c) || class_init(t, c);
}

/* Subtyping (JVMS 6.5 checkcast/instanceof rules for arrays and interfaces). */
bool class_is_subclass_of(const Class *c, const Class *of); /* c <: of, all rules */
bool class_implements(const Class *c, const Class *iface);

/* Lookups. Names/descriptors must be symbols. */
Method *class_find_declared_method(const Class *c, const char *name, const char *desc);
Field *class_find_declared_field(const Class *c, const char *name, const char *desc);
/* Method resolution (JVMS 5.4.3.3): c, superclasses, then maximally specific superinterfaces. */
Method *class_lookup_method(const Class *c, const char *name, const char *desc);
/* Interface method resolution (JVMS 5.4.3.4). */
Method *class_lookup_interface_method(const Class *c, const char *name, const char *desc);
/* Field resolution (JVMS 5.4.3.2): c, superinterfaces, superclasses. */
Field *class_lookup_field(const Class *c, const char *name, const char *desc);
/* Selection for invokeinterface/invokevirtual (JVMS 6.5): the method that a call of
 * `m` on a receiver of class `recv` executes, or NULL. */
Method *class_select_method(const Class *recv, const Method *m);

/* Package of a class name as a symbol ("java/lang"), "" for the unnamed package. */
const char *class_package_of(const char *name);
bool class_same_package(const Class *a, const Class *b);
/* External name "java.lang.String" / "[Ljava.lang.String;" into buf. */
void class_external_name(const Class *c, char *buf, size_t size);
/* Line number of bci in m, -1 if unknown, -2 for native methods. */
int method_line_number(const Method *m, int bci);
/* Source file name of a class or NULL. */
const char *class_source_file(const Class *c);

/* Creates c's java.lang.Class mirror (static layout, ConstantValue statics, module) if it
 * has none; before java.lang.Class is linked the request is queued. Called by linking and
 * for primitive/array classes. */
bool class_make_mirror(Thread *t, Class *c);
/* Boot: sets the String-valued ConstantValue statics of classes whose mirrors were made
 * before java.lang.String's layout was known. */
bool class_boot_constants(Thread *t);
/* Stores the value of a primitive ConstantValue k (JVMS 4.7.2) as a field of `type` at
 * addr; false (nothing stored) for a reference type, whose String the caller makes. */
bool class_store_constant(BasicType type, const CfConstant *k, void *addr);
/* Reports the references a class holds (mirror, loader, resolved CP objects, ...) and
 * the mirrors of the classes it keeps loaded: supertypes, component and array classes,
 * nest host, classes of resolved CP entries and call-site invokers. The collector runs
 * it when it traces c's mirror. */
void class_visit_refs(Class *c, RootVisitor *v);
/* Enhanced class redefinition (redefine.c), at a safepoint: rebuilds c's vtable (every
 * method's vtable_index assigned again), finalizer and itable from its current methods, its
 * superclass's vtable (rebuilt first if it changed) and its interfaces' methods. The
 * replaced tables go to retire, which frees them later (C code of a stopped thread may
 * still hold one). Not for array or primitive classes. */
void class_rebuild_dispatch(Class *c, void (*retire)(void *p, void *arg), void *arg);
/* Frees a class's metadata (unloading, or a class that failed creation): the caller has
 * unlinked it from every table. Its Method and Field arrays read as zeros after. */
void class_free(Class *c);

#endif
