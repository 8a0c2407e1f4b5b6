// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * class.c — JVMTI functions of the spec category "Class": GetLoadedClasses,
 * GetClassLoaderClasses, GetClassSignature, GetClassStatus, GetSourceFileName,
 * GetClassModifiers, GetClassMethods, GetClassFields, GetImplementedInterfaces,
 * GetClassVersionNumbers, GetConstantPool, IsInterface, IsArrayClass, IsModifiableClass,
 * GetClassLoader, GetSourceDebugExtension. (RetransformClasses and RedefineClasses,
 * in the same spec category, are in redefine.c.)
 *
 * Contracts: called by the generated wrappers (gen/jvmti_entry.c) on an attached thread
 * in state TS_JAVA, in the phases the spec allows (start or live; the two list
 * functions live only). The wrapper has converted the jclass to a Class* (primitive
 * classes included), checked the capability and the non-nullok out-pointers. What is
 * left here: CLASS_NOT_PREPARED, ABSENT_INFORMATION, and lack of memory.
 *
 * Everything reported is read from the Class record and its parsed class file (Class.cf,
 * NULL for primitive and array classes), which live as long as the class; nothing here
 * loads, links or initializes a class, runs Java code or reaches a safepoint, so the
 * Class* and Object* values stay valid throughout.
 *
 * Results: memory from jvmti_alloc (the agent frees it with Deallocate); jclass/jobject
 * results are JNI local references in the caller's frame (ref_new_local of the mirror).
 * On failure no out-parameter is written, nothing stays allocated, and no exception is
 * left pending (local-reference overflow is reported as JVMTI_ERROR_OUT_OF_MEMORY).
 *
 * Preparation: a class is prepared, for the JVMTI, once it is linked as HotSpot links it
 * (class_is_verified: verified before its first initialization or where reflection links
 * it, the moment ClassPrepare is posted). Internally GlassVM lays out every class and
 * makes its mirror as it defines it, but a class that was only loaded (ClassLoad, not yet
 * ClassPrepare) answers CLASS_NOT_PREPARED where the spec says so, as on HotSpot.
 */
#include <stdlib.h>
#include <string.h>

#include "../vm/class.h"
#include "../vm/redefine.h"
#include "../vm/exception.h"
#include "../vm/loader.h"
#include "../vm/ref.h"
#include "gen/jvmti_impl.h"
#include "jvmti_int.h"

/* ------------------------------------------------------------------------------------ */
/* Helpers                                                                              */
/* ------------------------------------------------------------------------------------ */

static ClassState class_state(const Class *c)
{
    return (ClassState)atomic_load_explicit(&((Class *)c)->state, memory_order_acquire);
}

/* Has c been prepared, as the JVMTI sees it (ClassPrepare)? An initialization error
 * comes after preparation. */
static bool is_prepared(const Class *c) { return class_is_verified(c); }

/* Is c an ordinary class or interface (it has a class file)? */
static bool has_class_file(const Class *c) { return !class_is_array(c) && !class_is_primitive(c) && c->cf != NULL; }

/*
 * Hands `n` classes to the agent as a jvmti_alloc'd array of local references in the
 * caller's frame. All or nothing: on failure (OUT_OF_MEMORY) no reference stays created
 * and no exception stays pending.
 */
static jvmtiError class_refs(Thread *self, Class *const *classes, size_t n, jint *count_ptr,
                             jclass **classes_ptr)
{
    if (n > (size_t)INT32_MAX) return JVMTI_ERROR_OUT_OF_MEMORY;
    jclass *out = NULL;
    if (n > 0) {
        out = jvmti_alloc(n * sizeof(jclass));
        if (out == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
        if (!ref_ensure_local_capacity(self, (int)n)) {
            exc_clear(self);
            jvmti_free(out);
            return JVMTI_ERROR_OUT_OF_MEMORY;
        }
        for (size_t i = 0; i < n; i++) out[i] = (jclass)ref_new_local(self, classes[i]->mirror);
    }
    *count_ptr = (jint)n;
    *classes_ptr = out;
    return JVMTI_ERROR_NONE;
}

/* A growable list of classes (vm_realloc: the VM's allocator, which panics rather than
 * fail; the list lives only during one call). */
typedef struct ClassList {
    Class **items;
    size_t count, capacity;
} ClassList;

static void list_add(ClassList *l, Class *c)
{
    if (l->count == l->capacity) {
        l->capacity = l->capacity ? l->capacity * 2 : 256;
        l->items = vm_realloc(l->items, l->capacity * sizeof(Class *));
    }
    l->items[l->count++] = c;
}

/* Adds c, when it has a mirror, and the array classes of every dimension created so far
 * whose innermost component is c (JVMS 5.3.3: an array class is loaded with the loader
 * of its element type). A class without a mirror is still being defined (loader.c
 * lists it before preparing it) or failed preparation: no jclass can name it. */
static void add_with_arrays(ClassList *l, Class *c)
{
    for (Class *k = c; k != NULL; k = atomic_load_explicit(&k->array_class, memory_order_acquire))
        if (k->mirror != NULL) list_add(l, k);
}

/* ------------------------------------------------------------------------------------ */
/* The lists of classes                                                                 */
/* ------------------------------------------------------------------------------------ */

static void collect_loaded(Class *c, void *arg)
{
    if (c->mirror != NULL) list_add(arg, c);
}

/*
 * JVMTI: GetLoadedClasses. Every class the VM has created with a mirror: classes and
 * interfaces of every loader, hidden classes, and array classes of every type, in load
 * order (loader.c's list). Primitive classes are not in that list, as the spec requires.
 */
jvmtiError jvmti_GetLoadedClasses(JvmtiEnv *env, Thread *self, jint *class_count_ptr, jclass **classes_ptr)
{
    ClassList l = {0};
    loader_for_each_class(collect_loaded, &l);
    jvmtiError err = class_refs(self, l.items, l.count, class_count_ptr, classes_ptr);
    free(l.items);
    return err;
}

static void collect_initiated(Class *c, void *arg)
{
    /* Only the classes here: their array classes are added after the table lock is
     * released (add_with_arrays reads other classes' fields, harmless but needless
     * under the lock). */
    list_add(arg, c);
}

/*
 * JVMTI: GetClassLoaderClasses. The classes for which initiating_loader (NULL: the boot
 * loader) is recorded as an initiating loader: those it defined and those it returned
 * from loadClass for a request of the VM (loader.c records both in its table), each
 * with its array classes created so far, plus the arrays of primitive types, which
 * every loader finds (the boot loader defines them). Hidden classes are in no loader's
 * table, so neither they nor arrays of them are listed, as the spec requires. An object
 * that is no class loader initiated nothing: the list is then the primitive arrays.
 */
jvmtiError jvmti_GetClassLoaderClasses(JvmtiEnv *env, Thread *self, Object *initiating_loader, jint *class_count_ptr,
                                       jclass **classes_ptr)
{
    ClassList direct = {0}, l = {0};
    loader_for_each_initiated(initiating_loader, collect_initiated, &direct);
    for (size_t i = 0; i < direct.count; i++) add_with_arrays(&l, direct.items[i]);
    free(direct.items);
    static const BasicType prims[] = {BT_BOOLEAN, BT_CHAR, BT_FLOAT, BT_DOUBLE, BT_BYTE, BT_SHORT, BT_INT, BT_LONG};
    for (size_t i = 0; i < ARRAY_LEN(prims); i++) {
        Class *p = loader_primitive(prims[i]);
        Class *a = p ? atomic_load_explicit(&p->array_class, memory_order_acquire) : NULL;
        if (a != NULL) add_with_arrays(&l, a);
    }
    jvmtiError err = class_refs(self, l.items, l.count, class_count_ptr, classes_ptr);
    free(l.items);
    return err;
}

/* ------------------------------------------------------------------------------------ */
/* Names and properties                                                                 */
/* ------------------------------------------------------------------------------------ */

/*
 * The JNI type signature of c, jvmti_alloc'd: "I" for int.class, "[I", "Ljava/util/List;".
 * A hidden class named N/S (loader.c appends the unique suffix S after a '/') reads
 * "LN.S;", and so does the element part of an array of it ("[LN.S;"): the spec's form,
 * which no class loader can resolve.
 */
static char *class_signature(const Class *c)
{
    if (class_is_primitive(c)) {
        char s[2] = {bt_to_char((BasicType)c->elem_type), 0};
        return jvmti_strdup(s);
    }
    size_t n = strlen(c->name);
    char *s;
    if (class_is_array(c)) {
        s = jvmti_strdup(c->name); /* already a descriptor */
    } else {
        s = jvmti_alloc(n + 3);
        if (s != NULL) {
            s[0] = 'L';
            memcpy(s + 1, c->name, n);
            s[n + 1] = ';';
            s[n + 2] = 0;
        }
    }
    const Class *e = class_is_array(c) ? c->element : c;
    if (s != NULL && (e->flags & CLASS_F_HIDDEN)) {
        char *slash = strrchr(s, '/'); /* the suffix itself holds no '/' */
        if (slash != NULL) *slash = '.';
    }
    return s;
}

/*
 * JVMTI: GetClassSignature. The generic signature is the class file's Signature
 * attribute (NULL without one, and always for array and primitive classes). Either
 * out-pointer may be NULL.
 */
jvmtiError jvmti_GetClassSignature(JvmtiEnv *env, Thread *self, Class *klass, char **signature_ptr, char **generic_ptr)
{
    char *sig = NULL, *gen = NULL;
    if (signature_ptr != NULL) {
        sig = class_signature(klass);
        if (sig == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
    }
    if (generic_ptr != NULL && has_class_file(klass) && klass->cf->signature != NULL) {
        gen = jvmti_strdup(klass->cf->signature);
        if (gen == NULL) {
            jvmti_free(sig);
            return JVMTI_ERROR_OUT_OF_MEMORY;
        }
    }
    if (signature_ptr != NULL) *signature_ptr = sig;
    if (generic_ptr != NULL) *generic_ptr = gen;
    return JVMTI_ERROR_NONE;
}

/*
 * JVMTI: GetClassStatus. ARRAY and PRIMITIVE stand alone. Otherwise VERIFIED and
 * PREPARED together once the class is linked (class_verify: verification passed or had
 * nothing to check, and ClassPrepare is posted with both set), so 0 at ClassLoad and for
 * a class that is only loaded or failed verification; INITIALIZED once <clinit>
 * completed, ERROR (with VERIFIED | PREPARED) when initialization failed. HotSpot's
 * answers are the same.
 */
jvmtiError jvmti_GetClassStatus(JvmtiEnv *env, Thread *self, Class *klass, jint *status_ptr)
{
    if (class_is_primitive(klass)) {
        *status_ptr = JVMTI_CLASS_STATUS_PRIMITIVE;
        return JVMTI_ERROR_NONE;
    }
    if (class_is_array(klass)) {
        *status_ptr = JVMTI_CLASS_STATUS_ARRAY;
        return JVMTI_ERROR_NONE;
    }
    jint st = 0;
    ClassState s = class_state(klass);
    if (is_prepared(klass)) st |= JVMTI_CLASS_STATUS_VERIFIED | JVMTI_CLASS_STATUS_PREPARED;
    if (s == CLASS_INITIALIZED) st |= JVMTI_CLASS_STATUS_INITIALIZED;
    if (s == CLASS_ERROR) st |= JVMTI_CLASS_STATUS_ERROR;
    *status_ptr = st;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetSourceFileName. The SourceFile attribute (a file name only, as javac writes
 * it; the attribute's bytes are returned unchanged). */
jvmtiError jvmti_GetSourceFileName(JvmtiEnv *env, Thread *self, Class *klass, char **source_name_ptr)
{
    const char *sf = has_class_file(klass) ? class_source_file(klass) : NULL;
    if (sf == NULL) return JVMTI_ERROR_ABSENT_INFORMATION;
    char *s = jvmti_strdup(sf);
    if (s == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
    *source_name_ptr = s;
    return JVMTI_ERROR_NONE;
}

/* Access-flag bits a class file can carry (HotSpot's JVM_ACC_WRITTEN_FLAGS). */
#define WRITTEN_FLAGS 0x7FFF

/*
 * JVMTI: GetClassModifiers. What Class.getModifiers() reports (the flags of the class's
 * own InnerClasses entry for member, local and anonymous classes, where private,
 * protected and static live; arrays: their element's public/private/protected plus
 * abstract and final; primitives: public abstract final), plus ACC_SUPER when the class
 * file sets it (getModifiers drops it; the spec allows it for non-primitive classes and
 * HotSpot reports it). A hidden class's InnerClasses entry still applies: inner_access
 * was found under the class file's own name, before loader.c renamed the class (HotSpot
 * renames the shared this_class constant, with the same effect).
 */
jvmtiError jvmti_GetClassModifiers(JvmtiEnv *env, Thread *self, Class *klass, jint *modifiers_ptr)
{
    jint m;
    if (class_is_primitive(klass)) {
        m = ACC_PUBLIC | ACC_ABSTRACT | ACC_FINAL;
    } else if (class_is_array(klass)) {
        /* class.c derives it from the component's inner_access, recursively. */
        m = klass->inner_access & (ACC_PUBLIC | ACC_PRIVATE | ACC_PROTECTED | ACC_ABSTRACT | ACC_FINAL);
    } else {
        m = klass->inner_access & ~ACC_SUPER & WRITTEN_FLAGS;
        if (klass->access & ACC_SUPER) m |= ACC_SUPER;
    }
    *modifiers_ptr = m;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: IsInterface. Annotation types are interfaces; arrays and primitives are not. */
jvmtiError jvmti_IsInterface(JvmtiEnv *env, Thread *self, Class *klass, jboolean *is_interface_ptr)
{
    *is_interface_ptr = has_class_file(klass) && class_is_interface(klass) ? JNI_TRUE : JNI_FALSE;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: IsArrayClass */
jvmtiError jvmti_IsArrayClass(JvmtiEnv *env, Thread *self, Class *klass, jboolean *is_array_class_ptr)
{
    *is_array_class_ptr = class_is_array(klass) ? JNI_TRUE : JNI_FALSE;
    return JVMTI_ERROR_NONE;
}

/*
 * JVMTI: IsModifiableClass. Every class but primitive, array and hidden classes (as
 * HotSpot; src/vm/redefine.h), whatever the environment's capabilities.
 */
jvmtiError jvmti_IsModifiableClass(JvmtiEnv *env, Thread *self, Class *klass, jboolean *is_modifiable_class_ptr)
{
    *is_modifiable_class_ptr = redef_is_modifiable(klass) ? JNI_TRUE : JNI_FALSE;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetClassLoader. The defining loader (an array's is its element type's); NULL
 * for the boot loader and for primitive classes. */
jvmtiError jvmti_GetClassLoader(JvmtiEnv *env, Thread *self, Class *klass, jobject *classloader_ptr)
{
    jobject r = NULL;
    if (klass->loader != NULL) {
        r = ref_new_local(self, klass->loader);
        if (r == NULL) {
            exc_clear(self);
            return JVMTI_ERROR_OUT_OF_MEMORY;
        }
    }
    *classloader_ptr = r;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetSourceDebugExtension. The SourceDebugExtension attribute's bytes (JVMS
 * 4.7.11: modified UTF-8 without a terminator; a terminator is added). */
jvmtiError jvmti_GetSourceDebugExtension(JvmtiEnv *env, Thread *self, Class *klass, char **source_debug_extension_ptr)
{
    if (!has_class_file(klass) || klass->cf->source_debug_extension.data == NULL)
        return JVMTI_ERROR_ABSENT_INFORMATION;
    const CfBytes *sde = &klass->cf->source_debug_extension;
    char *s = jvmti_alloc((size_t)sde->len + 1);
    if (s == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
    memcpy(s, sde->data, sde->len);
    s[sde->len] = 0;
    *source_debug_extension_ptr = s;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetClassVersionNumbers. The class file's minor and major versions. */
jvmtiError jvmti_GetClassVersionNumbers(JvmtiEnv *env, Thread *self, Class *klass, jint *minor_version_ptr,
                                        jint *major_version_ptr)
{
    if (!has_class_file(klass)) return JVMTI_ERROR_ABSENT_INFORMATION;
    *minor_version_ptr = klass->minor;
    *major_version_ptr = klass->major;
    return JVMTI_ERROR_NONE;
}

/* ------------------------------------------------------------------------------------ */
/* Members                                                                              */
/* ------------------------------------------------------------------------------------ */

/*
 * JVMTI: GetClassMethods. The methods the class file declares, constructors and <clinit>
 * included, in class-file order whether or not the environment has
 * can_maintain_original_method_order: the order of the class's current class file (a
 * redefinition may list the methods in another order; the records keep their places,
 * so the order comes from where each one's parsed form is, Method.cf; methods it deleted
 * are left out, methods it added are at the end of the array). Empty for array and
 * primitive classes.
 */
jvmtiError jvmti_GetClassMethods(JvmtiEnv *env, Thread *self, Class *klass, jint *method_count_ptr,
                                 jmethodID **methods_ptr)
{
    if (!has_class_file(klass)) {
        *method_count_ptr = 0;
        *methods_ptr = NULL;
        return JVMTI_ERROR_NONE;
    }
    if (!is_prepared(klass)) return JVMTI_ERROR_CLASS_NOT_PREPARED;
    jmethodID *out = NULL;
    jint n = 0;
    for (int i = 0; i < klass->method_count; i++) n += !(klass->methods[i].flags & METHOD_F_DELETED);
    if (n > 0) {
        out = jvmti_alloc((size_t)n * sizeof(jmethodID));
        if (out == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
        for (int i = 0; i < klass->method_count; i++) {
            Method *m = &klass->methods[i];
            if (!(m->flags & METHOD_F_DELETED)) out[m->cf - klass->cf->methods] = (jmethodID)m;
        }
    }
    *method_count_ptr = n;
    *methods_ptr = out;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetClassFields. The fields the class file declares, in class-file order (the
 * fields the VM injects into a few JDK classes are no Field records). Empty for array
 * and primitive classes. */
jvmtiError jvmti_GetClassFields(JvmtiEnv *env, Thread *self, Class *klass, jint *field_count_ptr, jfieldID **fields_ptr)
{
    if (!has_class_file(klass)) {
        *field_count_ptr = 0;
        *fields_ptr = NULL;
        return JVMTI_ERROR_NONE;
    }
    if (!is_prepared(klass)) return JVMTI_ERROR_CLASS_NOT_PREPARED;
    jfieldID *out = NULL;
    /* A redefinition (enhanced mode) may have deleted some and added others out of
     * class-file order: the live ones go where the current class file has them. */
    int n = 0;
    for (int i = 0; i < klass->field_count; i++) n += !klass->fields[i].deleted;
    if (n > 0) {
        out = jvmti_alloc((size_t)n * sizeof(jfieldID));
        if (out == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
        for (int i = 0; i < klass->field_count; i++) {
            Field *f = &klass->fields[i];
            if (!f->deleted) out[f->cf - klass->cf->fields] = (jfieldID)f;
        }
    }
    *field_count_ptr = n;
    *fields_ptr = out;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetImplementedInterfaces. The direct superinterfaces in the order of the class
 * file's interfaces table (implements / extends clause). Empty for array classes (whose
 * Cloneable and Serializable are no declaration) and primitive classes. */
jvmtiError jvmti_GetImplementedInterfaces(JvmtiEnv *env, Thread *self, Class *klass, jint *interface_count_ptr,
                                          jclass **interfaces_ptr)
{
    if (!has_class_file(klass)) {
        *interface_count_ptr = 0;
        *interfaces_ptr = NULL;
        return JVMTI_ERROR_NONE;
    }
    if (!is_prepared(klass)) return JVMTI_ERROR_CLASS_NOT_PREPARED;
    /* Superinterfaces are prepared before the class (class_link), so they have mirrors. */
    return class_refs(self, klass->interfaces, klass->interface_count, interface_count_ptr, interfaces_ptr);
}

/* ------------------------------------------------------------------------------------ */
/* The constant pool                                                                    */
/* ------------------------------------------------------------------------------------ */

static uint16_t be16(const uint8_t *p) { return (uint16_t)(p[0] << 8 | p[1]); }

/* Size in bytes of the constant-pool entry at p (tag included), 0 for an unknown tag. */
static size_t cp_entry_size(const uint8_t *p)
{
    switch (p[0]) {
    case CONSTANT_Utf8: return 3u + be16(p + 1);
    case CONSTANT_Integer:
    case CONSTANT_Float:
    case CONSTANT_Fieldref:
    case CONSTANT_Methodref:
    case CONSTANT_InterfaceMethodref:
    case CONSTANT_NameAndType:
    case CONSTANT_Dynamic:
    case CONSTANT_InvokeDynamic: return 5;
    case CONSTANT_Long:
    case CONSTANT_Double: return 9;
    case CONSTANT_Class:
    case CONSTANT_String:
    case CONSTANT_MethodType:
    case CONSTANT_Module:
    case CONSTANT_Package: return 3;
    case CONSTANT_MethodHandle: return 4;
    default: return 0;
    }
}

/*
 * JVMTI: GetConstantPool. The constant_pool item of the class file the class was defined
 * from (after any ClassFileLoadHook transformation), byte for byte: GlassVM keeps those
 * bytes (ClassFile.bytes) and its runtime constant pool uses the class file's indexes
 * unchanged, so every index in the bytecodes (GetBytecodes returns the class file's
 * code) names the same entry here. The pool starts after magic, minor, major and
 * constant_pool_count (offset 10); its length comes from walking the entries, which
 * cf_parse has already checked.
 */
jvmtiError jvmti_GetConstantPool(JvmtiEnv *env, Thread *self, Class *klass, jint *constant_pool_count_ptr,
                                 jint *constant_pool_byte_count_ptr, unsigned char **constant_pool_bytes_ptr)
{
    if (!has_class_file(klass)) return JVMTI_ERROR_ABSENT_INFORMATION;
    const ClassFile *cf = klass->cf;
    const uint8_t *start = cf->bytes + 10, *end = cf->bytes + cf->length, *p = start;
    if (cf->length < 10) return JVMTI_ERROR_INTERNAL;
    for (int i = 1; i < cf->cp_count; i++) {
        size_t n = p < end ? cp_entry_size(p) : 0;
        if (n == 0 || n > (size_t)(end - p)) return JVMTI_ERROR_INTERNAL; /* cf_parse accepted it */
        if (p[0] == CONSTANT_Long || p[0] == CONSTANT_Double) i++;         /* two slots */
        p += n;
    }
    size_t len = (size_t)(p - start);
    unsigned char *out = NULL;
    if (len > 0) {
        out = jvmti_alloc(len);
        if (out == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
        memcpy(out, start, len);
    }
    *constant_pool_count_ptr = cf->cp_count;
    *constant_pool_byte_count_ptr = (jint)len;
    *constant_pool_bytes_ptr = out;
    return JVMTI_ERROR_NONE;
}
