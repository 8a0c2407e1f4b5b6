// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * classfile.h — the class-file parser (JVMS chapter 4), versions 45.0 to 61.0.
 *
 * cf_parse() turns bytes into a ClassFile: a faithful, checked, in-memory form of the file
 * that keeps everything the VM and the tool interfaces need. It has no side effects on VM
 * state beyond interning symbols, so it can run (and fail) before any class is created.
 *
 * Ownership: the ClassFile owns one arena holding all its arrays, and its own copy of the
 * class-file bytes (`bytes`). Raw attribute data (code, annotations, stack maps) points
 * into that copy, so it stays valid exactly as long as the ClassFile. cf_free() releases
 * everything. Names and descriptors are interned symbols (sym.h) and outlive it.
 *
 * Checking: format checks of JVMS 4.8 — magic, version, constant-pool structure (every
 * index in range and of the right tag), modified UTF-8, access-flag combinations, name
 * and descriptor syntax for fields and methods, attribute lengths, Code attribute
 * structure (code length, exception table ranges), no duplicate fields/methods. On error
 * cf_parse returns NULL and writes a precise message ("Truncated class file", "Invalid
 * constant pool index 37 in class file Foo", ...: HotSpot's texts) to `err`; the caller
 * throws the error `*err_kind` names (ClassFormatError, UnsupportedClassVersionError or
 * NoClassDefFoundError).
 * Bytecode itself is not verified here.
 */
#ifndef GLASS_CLASSFILE_H
#define GLASS_CLASSFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Constant-pool tags (JVMS 4.4). 0 marks unusable slots (index 0, second half of long/double). */
enum {
    CONSTANT_Utf8 = 1,
    CONSTANT_Integer = 3,
    CONSTANT_Float = 4,
    CONSTANT_Long = 5,
    CONSTANT_Double = 6,
    CONSTANT_Class = 7,
    CONSTANT_String = 8,
    CONSTANT_Fieldref = 9,
    CONSTANT_Methodref = 10,
    CONSTANT_InterfaceMethodref = 11,
    CONSTANT_NameAndType = 12,
    CONSTANT_MethodHandle = 15,
    CONSTANT_MethodType = 16,
    CONSTANT_Dynamic = 17,
    CONSTANT_InvokeDynamic = 18,
    CONSTANT_Module = 19,
    CONSTANT_Package = 20,
};

/* Access flags (JVMS 4.1, 4.5, 4.6). */
enum {
    ACC_PUBLIC = 0x0001,
    ACC_PRIVATE = 0x0002,
    ACC_PROTECTED = 0x0004,
    ACC_STATIC = 0x0008,
    ACC_FINAL = 0x0010,
    ACC_SUPER = 0x0020,
    ACC_SYNCHRONIZED = 0x0020,
    ACC_VOLATILE = 0x0040,
    ACC_BRIDGE = 0x0040,
    ACC_TRANSIENT = 0x0080,
    ACC_VARARGS = 0x0080,
    ACC_NATIVE = 0x0100,
    ACC_INTERFACE = 0x0200,
    ACC_ABSTRACT = 0x0400,
    ACC_STRICT = 0x0800,
    ACC_SYNTHETIC = 0x1000,
    ACC_ANNOTATION = 0x2000,
    ACC_ENUM = 0x4000,
    ACC_MODULE = 0x8000,
};

/* Reference kinds of CONSTANT_MethodHandle (JVMS 4.4.8). */
enum {
    REF_getField = 1,
    REF_getStatic = 2,
    REF_putField = 3,
    REF_putStatic = 4,
    REF_invokeVirtual = 5,
    REF_invokeStatic = 6,
    REF_invokeSpecial = 7,
    REF_newInvokeSpecial = 8,
    REF_invokeInterface = 9,
};

/* One constant-pool entry. Which member is valid depends on the tag. */
typedef struct CfConstant {
    union {
        const char *utf8; /* Utf8: interned symbol; read it through cf_utf8 (lazy, below) */
        int32_t i;        /* Integer */
        float f;          /* Float */
        int64_t j;        /* Long */
        double d;         /* Double */
        uint16_t index;   /* Class, String, MethodType, Module, Package: a Utf8 index */
        struct {          /* Fieldref, Methodref, InterfaceMethodref: class + NameAndType */
            uint16_t class_index, nat_index;
        } ref;
        struct { /* NameAndType */
            uint16_t name_index, desc_index;
        } nat;
        struct { /* MethodHandle */
            uint8_t kind;
            uint16_t ref_index;
        } mh;
        struct { /* Dynamic, InvokeDynamic: index into bootstrap_methods */
            uint16_t bsm_index, nat_index;
        } dyn;
    } u;
} CfConstant;

/* A raw attribute body: `len` bytes at `data` (inside ClassFile.bytes); data NULL if absent. */
typedef struct CfBytes {
    const uint8_t *data;
    uint32_t len;
} CfBytes;

typedef struct CfExceptionHandler {
    uint16_t start_pc, end_pc, handler_pc;
    uint16_t catch_type; /* CP Class index, 0 = any */
} CfExceptionHandler;

typedef struct CfLineNumber {
    uint16_t start_pc, line;
} CfLineNumber;

/* LocalVariableTable entry, merged with the LocalVariableTypeTable entry of the same
 * (start_pc, length, slot) when there is one. */
typedef struct CfLocalVar {
    uint16_t start_pc, length;
    const char *name, *desc;
    const char *signature; /* from LocalVariableTypeTable, or NULL */
    uint16_t slot;
} CfLocalVar;

typedef struct CfCode {
    uint16_t max_stack, max_locals;
    uint32_t code_length;
    const uint8_t *code; /* inside bytes */
    uint16_t handler_count;
    CfExceptionHandler *handlers;
    uint16_t line_count;
    CfLineNumber *lines; /* read it through cf_lines(): decoded lazily for trusted files */
    bool has_line_table; /* a LineNumberTable was present, maybe empty (needed by jvmti/method.c) */
    uint16_t local_var_count;
    CfLocalVar *local_vars; /* read it through cf_local_vars(): decoded lazily for trusted files */
    CfBytes stack_map_table;
    CfBytes type_annotations; /* RuntimeVisibleTypeAnnotations of the Code attribute */
    /* For cf_local_vars (trusted files): the Code attribute's own attributes and the
     * ClassFile whose pool they index. */
    const uint8_t *tables;
    uint16_t table_count;
    const struct ClassFile *owner;
} CfCode;

typedef struct CfMethodParameter {
    const char *name; /* NULL if the entry has no name */
    uint16_t access;
} CfMethodParameter;

typedef struct CfField {
    uint16_t access;
    const char *name, *desc;
    const char *signature;        /* Signature attribute or NULL */
    uint16_t constant_value;      /* ConstantValue CP index, 0 if none */
    bool synthetic, deprecated;   /* Synthetic / Deprecated attributes */
    CfBytes annotations;          /* RuntimeVisibleAnnotations */
    CfBytes type_annotations;     /* RuntimeVisibleTypeAnnotations */
} CfField;

typedef struct CfMethod {
    uint16_t access;
    const char *name, *desc;
    const char *signature;
    bool synthetic, deprecated;
    CfCode *code; /* NULL for native/abstract methods */
    uint16_t exception_count;
    uint16_t *exceptions; /* CP Class indexes from the Exceptions attribute */
    CfBytes annotations;
    CfBytes parameter_annotations; /* RuntimeVisibleParameterAnnotations */
    CfBytes annotation_default;
    CfBytes type_annotations;
    CfBytes method_parameters_raw; /* MethodParameters attribute body */
    uint8_t parameter_count;       /* decoded MethodParameters, 0 if absent */
    CfMethodParameter *parameters;
    uint8_t arg_slots;             /* the descriptor's argument slots (long/double 2), no `this` */
} CfMethod;

typedef struct CfInnerClass {
    uint16_t inner_class; /* CP Class index */
    uint16_t outer_class; /* CP Class index or 0 */
    const char *inner_name; /* NULL if anonymous */
    uint16_t access;
} CfInnerClass;

typedef struct CfBootstrapMethod {
    uint16_t method_handle; /* CP MethodHandle index */
    uint16_t arg_count;
    uint16_t *args; /* CP indexes of loadable constants */
} CfBootstrapMethod;

typedef struct CfRecordComponent {
    const char *name, *desc;
    const char *signature;
    CfBytes annotations;
    CfBytes type_annotations;
} CfRecordComponent;

typedef struct ClassFile {
    uint8_t *bytes; /* owned copy of the input */
    size_t length;
    uint16_t minor, major;
    uint16_t cp_count;
    uint8_t *cp_tags;     /* [cp_count] */
    CfConstant *cp;       /* [cp_count] */
    uint16_t access;
    const char *this_name;  /* internal form, e.g. "java/lang/String" */
    const char *super_name; /* NULL only for java/lang/Object (and module-info) */
    uint16_t this_class, super_class; /* CP indexes */
    uint16_t interface_count;
    uint16_t *interfaces; /* CP Class indexes */
    uint16_t field_count;
    CfField *fields;
    uint16_t method_count;
    CfMethod *methods;

    /* Class attributes. */
    const char *source_file;
    const char *signature;
    CfBytes source_debug_extension; /* raw modified-UTF-8 bytes */
    uint16_t inner_class_count;
    CfInnerClass *inner_classes;
    bool has_enclosing_method;
    uint16_t enclosing_class;  /* CP Class index */
    uint16_t enclosing_method; /* CP NameAndType index or 0 */
    uint16_t nest_host;        /* CP Class index, 0 if no NestHost attribute */
    uint16_t nest_member_count;
    uint16_t *nest_members;
    bool is_record; /* a Record attribute was present (may have 0 components) */
    uint16_t record_component_count;
    CfRecordComponent *record_components;
    bool has_permitted_subclasses;
    uint16_t permitted_subclass_count;
    uint16_t *permitted_subclasses;
    uint16_t bootstrap_method_count;
    CfBootstrapMethod *bootstrap_methods;
    bool synthetic, deprecated;
    CfBytes annotations;
    CfBytes type_annotations;
    CfBytes module; /* Module attribute (module-info only) */

    void *arena_; /* private */
} ClassFile;

typedef enum CfErrorKind {
    CF_ERR_FORMAT = 1,  /* ClassFormatError */
    CF_ERR_VERSION = 2, /* UnsupportedClassVersionError */
    /* NoClassDefFoundError "<class> is not a class because access_flag ACC_MODULE is set":
     * ACC_MODULE on an InnerClasses entry, or on a class that fails to parse later (HotSpot
     * stops at the flags). A well-formed module-info parses; refusing it is the loader's. */
    CF_ERR_NO_CLASS_DEF = 3,
} CfErrorKind;

#define CF_MAX_ERROR 512

/*
 * Parses `len` bytes. `name_hint` (may be NULL) is the expected class name, used only in
 * messages. On failure returns NULL, fills err (CF_MAX_ERROR bytes) and *kind.
 * Thread-safe.
 */
ClassFile *cf_parse(const uint8_t *data, size_t len, const char *name_hint, char *err,
                    CfErrorKind *kind);
/*
 * cf_parse, and when it fails with a format error found after this_class, what the
 * header held before the error in *names (else this_name NULL): the class's name and the
 * superinterfaces read before the error. HotSpot checks the name against the expected
 * one right after this_class and loads each superinterface as it reads it, so a wrong
 * name and those loading errors come before the format errors found later; the loader
 * reproduces that. names->interfaces is malloc'd (the caller frees it, also when
 * empty); the names are interned symbols.
 */
typedef struct CfHeaderNames {
    const char *this_name;
    int interface_count;
    const char **interfaces;
} CfHeaderNames;
ClassFile *cf_parse_names(const uint8_t *data, size_t len, const char *name_hint, char *err,
                          CfErrorKind *kind, CfHeaderNames *names);
/*
 * cf_parse for a file the boot loader read from the runtime image (lib/modules) and no
 * agent changed: HotSpot's format checking with _need_verify false (boot-loader classes,
 * BytecodeVerificationLocal=false). The structure is still checked (bounds, lengths,
 * constant-pool indexes and tags, flags, Code attributes); what is skipped is what only
 * a javac-made file could not get wrong: modified UTF-8, the syntax of names and
 * descriptors, duplicate fields and methods. At start-up these were half of parsing.
 * It takes `data` (malloc'd) instead of copying it: kept as the ClassFile's `bytes`, or
 * freed if parsing fails.
 */
ClassFile *cf_parse_trusted(uint8_t *data, size_t len, const char *name_hint, char *err,
                            CfErrorKind *kind);
void cf_free(ClassFile *cf);

/*
 * The method's LocalVariableTable entries (code->local_var_count of them, each merged
 * with its LocalVariableTypeTable entry), NULL if none. A trusted file's are decoded on
 * the first call (any thread; the result lives as long as the ClassFile): most boot
 * classes' tables are never asked for, and decoding them all was a quarter of the
 * parsed form's memory.
 */
const CfLocalVar *cf_local_vars(const CfCode *code);
/* The method's LineNumberTable entries (code->line_count of them), NULL if none; a
 * trusted file's are decoded on the first call, as cf_local_vars does: most boot methods
 * never appear in a stack trace. */
const CfLineNumber *cf_lines(const CfCode *code);

/*
 * Helpers over a parsed file (indexes already validated by cf_parse).
 * cf_utf8: the symbol of Utf8 entry i. A trusted file's Utf8 entries are interned on
 * first use (any thread; racing threads store the same symbol): most of a boot class's
 * names, descriptors and literals are never asked for at start-up, and interning them all
 * was a seventh of Hello's instructions. Until then the entry holds its offset in the
 * file's bytes, odd (symbols are 8-byte aligned): (offset << 1) | 1.
 */
const char *cf_utf8_intern(const ClassFile *cf, uint16_t i);
static inline const char *cf_utf8(const ClassFile *cf, uint16_t i)
{
    const char *s = __atomic_load_n(&cf->cp[i].u.utf8, __ATOMIC_ACQUIRE);
    return __builtin_expect((uintptr_t)s & 1, 0) ? cf_utf8_intern(cf, i) : s;
}
/* Name of the class at CP Class index i. */
static inline const char *cf_class_name(const ClassFile *cf, uint16_t i)
{
    return cf_utf8(cf, cf->cp[i].u.index);
}

/*
 * Descriptor checks (JVMS 4.3), usable on their own. Return true if well-formed.
 * cf_method_desc_slots returns the argument slot count (long/double = 2), or -1.
 */
bool cf_valid_field_desc(const char *d);
bool cf_valid_method_desc(const char *d);
int cf_method_desc_slots(const char *d);
/* Unqualified names (JVMS 4.2.2) and binary class names in internal form (4.2.1). */
bool cf_valid_unqualified_name(const char *n, bool is_method);
bool cf_valid_class_name(const char *n);
/* Checks modified UTF-8 (JVMS 4.4.7). */
bool cf_valid_mutf8(const uint8_t *s, size_t len);

#endif
