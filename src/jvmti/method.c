// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * method.c — JVMTI functions of the spec category "Method" that describe a method:
 * GetMethodName, GetMethodDeclaringClass, GetMethodModifiers, GetMaxLocals,
 * GetArgumentsSize, GetLineNumberTable, GetMethodLocation, GetLocalVariableTable,
 * GetBytecodes, IsMethodNative, IsMethodSynthetic, IsMethodObsolete.
 * (SetNativeMethodPrefix(es) belong to can_set_native_method_prefix, not done yet.)
 *
 * Contracts: called by the generated wrappers (gen/jvmti_entry.c) in the start phase or
 * later (GetLocalVariableTable: live only), on an attached thread in state TS_JAVA. The
 * wrapper has checked the jmethodID (a Method* of a loaded class), the capability, the
 * out-pointers, and for the functions whose spec says native="error" that the method is
 * not native (JVMTI_ERROR_NATIVE_METHOD). What remains here: abstract methods, which
 * have no Code attribute, and ABSENT_INFORMATION.
 *
 * Source of truth: everything is read from the parsed class file (Method.cf), never from
 * the interpreter's copy (Method.code). The interpreter rewrites opcodes in place
 * (quickening, bytecodes.h) and will plant breakpoints there, and for the few Java
 * methods the VM computes itself (METHOD_F_INTRINSIC) it keeps no code at all; tools must
 * see the class file's bytecodes, max_locals and tables regardless. Method.cf and the
 * bytes it points into live as long as the class.
 *
 * Memory: every buffer handed to the agent comes from jvmti_alloc (freed by the agent
 * with Deallocate); on failure nothing stays allocated and no out-parameter is written.
 * A zero-length table is returned as count 0 and a NULL pointer, as Allocate(0) gives.
 */
#include <string.h>

#include "../vm/class.h"
#include "../vm/ref.h"
#include "gen/jvmti_impl.h"
#include "jvmti_int.h"

/* The method's Code attribute, or NULL (abstract and native methods). */
static const CfCode *code_of(const Method *m) { return m->cf != NULL ? m->cf->code : NULL; }

/* Copies s (NULL allowed) into *copy when out is non-NULL; false when memory is short. */
static bool copy_str(const char *s, char **out, char **copy)
{
    *copy = NULL;
    if (out == NULL || s == NULL) return true;
    *copy = jvmti_strdup(s);
    return *copy != NULL;
}

jvmtiError jvmti_copy_member_names(const char *name, const char *desc, const char *generic, char **name_ptr,
                                   char **signature_ptr, char **generic_ptr)
{
    char *n, *d = NULL, *g = NULL;
    if (!copy_str(name, name_ptr, &n) || !copy_str(desc, signature_ptr, &d) ||
        !copy_str(generic, generic_ptr, &g)) {
        jvmti_free(n);
        jvmti_free(d);
        return JVMTI_ERROR_OUT_OF_MEMORY;
    }
    if (name_ptr != NULL) *name_ptr = n;
    if (signature_ptr != NULL) *signature_ptr = d;
    if (generic_ptr != NULL) *generic_ptr = g;
    return JVMTI_ERROR_NONE;
}

/*
 * JVMTI: GetMethodName. The name and descriptor (JVMS 4.3.3) as the class file spells
 * them (interned modified UTF-8), and the Signature attribute as the generic signature,
 * NULL when there is none. Any out-pointer may be NULL.
 */
jvmtiError jvmti_GetMethodName(JvmtiEnv *env, Thread *self, Method *method, char **name_ptr,
                               char **signature_ptr, char **generic_ptr)
{
    return jvmti_copy_member_names(method->name, method->desc, method->signature, name_ptr, signature_ptr,
                                   generic_ptr);
}

/* JVMTI: GetMethodDeclaringClass. The class whose class file declares the method. */
jvmtiError jvmti_GetMethodDeclaringClass(JvmtiEnv *env, Thread *self, Method *method,
                                         jclass *declaring_class_ptr)
{
    Object *mirror = method->clazz->mirror;
    /* An agent reaches a jmethodID only through a class it can name (JNI GetMethodID
     * links the class; GetClassMethods wants it prepared), so the mirror exists. */
    if (mirror == NULL) return JVMTI_ERROR_INTERNAL;
    *declaring_class_ptr = (jclass)ref_new_local(self, mirror);
    return JVMTI_ERROR_NONE;
}

/* ACC_SYNTHETIC or the Synthetic attribute (JVMS 4.7.8, pre-Java 5 compilers). */
static bool method_synthetic(const Method *m)
{
    return (m->access & ACC_SYNTHETIC) != 0 || (m->cf != NULL && m->cf->synthetic);
}

/*
 * JVMTI: GetMethodModifiers. The class file's access_flags (JVMS 4.6) as the parser kept
 * them: only the flags defined for methods, and for <clinit> only ACC_STATIC (plus
 * ACC_STRICT before version 61), HotSpot's rules. The Synthetic attribute shows as
 * ACC_SYNTHETIC so that the modifiers agree with IsMethodSynthetic.
 */
jvmtiError jvmti_GetMethodModifiers(JvmtiEnv *env, Thread *self, Method *method, jint *modifiers_ptr)
{
    jint mods = method->access;
    if (method_synthetic(method)) mods |= ACC_SYNTHETIC;
    *modifiers_ptr = mods;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetMaxLocals. max_locals of the Code attribute (JVMS 4.7.3); an abstract
 * method has no frame, hence 0 (as HotSpot answers). */
jvmtiError jvmti_GetMaxLocals(JvmtiEnv *env, Thread *self, Method *method, jint *max_ptr)
{
    const CfCode *code = code_of(method);
    *max_ptr = code != NULL ? code->max_locals : 0;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetArgumentsSize. Local slots taken by the arguments, the receiver included,
 * long and double counting two. Defined by the descriptor, so abstract methods have it. */
jvmtiError jvmti_GetArgumentsSize(JvmtiEnv *env, Thread *self, Method *method, jint *size_ptr)
{
    *size_ptr = method->arg_slots;
    return JVMTI_ERROR_NONE;
}

/*
 * JVMTI: GetLineNumberTable (can_get_line_numbers). The entries of the method's
 * LineNumberTable attributes, in class-file order (several attributes are concatenated,
 * JVMS 4.7.12 allows that). ABSENT_INFORMATION when the Code attribute has no such
 * attribute (javac -g:none) or the method is abstract. A present but empty table is
 * information too: 0 entries and a NULL table (HotSpot answers the same).
 */
jvmtiError jvmti_GetLineNumberTable(JvmtiEnv *env, Thread *self, Method *method, jint *entry_count_ptr,
                                    jvmtiLineNumberEntry **table_ptr)
{
    const CfCode *code = code_of(method);
    if (code == NULL || !code->has_line_table) return JVMTI_ERROR_ABSENT_INFORMATION;
    jvmtiLineNumberEntry *t = NULL;
    if (code->line_count > 0) {
        t = jvmti_alloc(code->line_count * sizeof *t);
        if (t == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
    }
    const CfLineNumber *lines = cf_lines(code);
    for (uint32_t i = 0; i < code->line_count; i++) {
        t[i].start_location = lines[i].start_pc;
        t[i].line_number = lines[i].line;
    }
    *entry_count_ptr = code->line_count;
    *table_ptr = t;
    return JVMTI_ERROR_NONE;
}

/*
 * JVMTI: GetMethodLocation. jlocations are bytecode indexes (GetJLocationFormat answers
 * JVMTI_JLOCATION_JVMBCI), so a method with code spans 0 .. code_length - 1. An abstract
 * method has no code: -1 and -1, the spec's "location information is not available".
 * ABSENT_INFORMATION (unknown method sizes) cannot happen: every Code attribute states
 * its length.
 */
jvmtiError jvmti_GetMethodLocation(JvmtiEnv *env, Thread *self, Method *method,
                                   jlocation *start_location_ptr, jlocation *end_location_ptr)
{
    const CfCode *code = code_of(method);
    if (code == NULL) {
        *start_location_ptr = -1;
        *end_location_ptr = -1;
    } else {
        *start_location_ptr = 0;
        *end_location_ptr = (jlocation)code->code_length - 1;
    }
    return JVMTI_ERROR_NONE;
}

/* Does any method of m's class carry LocalVariableTable entries? The spec words
 * ABSENT_INFORMATION as a property of the class ("class information does not include
 * local variable information"): a class compiled with -g has the information even for
 * a method without locals, which then gets an empty table (HotSpot: the same rule). */
static bool class_has_local_vars(const Class *c)
{
    if (c->cf == NULL) return false;
    for (uint16_t i = 0; i < c->cf->method_count; i++) {
        const CfCode *code = c->cf->methods[i].code;
        if (code != NULL && code->local_var_count > 0) return true;
    }
    return false;
}

static void free_local_vars(jvmtiLocalVariableEntry *t, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        jvmti_free(t[i].name);
        jvmti_free(t[i].signature);
        jvmti_free(t[i].generic_signature);
    }
    jvmti_free(t);
}

/*
 * JVMTI: GetLocalVariableTable (can_access_local_variables). The LocalVariableTable
 * entries of the method in class-file order, each merged by the parser with its
 * LocalVariableTypeTable entry (generic_signature, NULL if none). Every string is a
 * separate allocation the agent deallocates, as the spec's allocfieldbuf demands.
 */
jvmtiError jvmti_GetLocalVariableTable(JvmtiEnv *env, Thread *self, Method *method,
                                       jint *entry_count_ptr, jvmtiLocalVariableEntry **table_ptr)
{
    if (!class_has_local_vars(method->clazz)) return JVMTI_ERROR_ABSENT_INFORMATION;
    const CfCode *code = code_of(method);
    uint32_t n = code != NULL ? code->local_var_count : 0;
    jvmtiLocalVariableEntry *t = NULL;
    if (n > 0) {
        t = jvmti_alloc(n * sizeof *t);
        if (t == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
        memset(t, 0, n * sizeof *t);
        const CfLocalVar *vars = cf_local_vars(code);
        for (uint32_t i = 0; i < n; i++) {
            const CfLocalVar *v = &vars[i];
            t[i].start_location = v->start_pc;
            t[i].length = v->length;
            t[i].slot = v->slot;
            t[i].name = jvmti_strdup(v->name);
            t[i].signature = jvmti_strdup(v->desc);
            if (v->signature != NULL) t[i].generic_signature = jvmti_strdup(v->signature);
            if (t[i].name == NULL || t[i].signature == NULL ||
                (v->signature != NULL && t[i].generic_signature == NULL)) {
                free_local_vars(t, i + 1);
                return JVMTI_ERROR_OUT_OF_MEMORY;
            }
        }
    }
    *entry_count_ptr = (jint)n;
    *table_ptr = t;
    return JVMTI_ERROR_NONE;
}

/*
 * JVMTI: GetBytecodes (can_get_bytecodes). The code array byte for byte as the class
 * file has it: the parsed file's copy, which quickening and breakpoints never touch (the
 * interpreter runs its own copy), so no un-rewriting is needed. An abstract method has
 * no bytecodes: count 0 and a NULL array.
 */
jvmtiError jvmti_GetBytecodes(JvmtiEnv *env, Thread *self, Method *method, jint *bytecode_count_ptr,
                              unsigned char **bytecodes_ptr)
{
    const CfCode *code = code_of(method);
    unsigned char *b = NULL;
    uint32_t n = code != NULL ? code->code_length : 0;
    if (n > 0) {
        b = jvmti_alloc(n);
        if (b == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
        memcpy(b, code->code, n);
    }
    *bytecode_count_ptr = (jint)n;
    *bytecodes_ptr = b;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: IsMethodNative */
jvmtiError jvmti_IsMethodNative(JvmtiEnv *env, Thread *self, Method *method, jboolean *is_native_ptr)
{
    *is_native_ptr = method_is_native(method) ? JNI_TRUE : JNI_FALSE;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: IsMethodSynthetic (can_get_synthetic_attribute). Bridges, lambda bodies,
 * accessors and the like: ACC_SYNTHETIC or the Synthetic attribute. */
jvmtiError jvmti_IsMethodSynthetic(JvmtiEnv *env, Thread *self, Method *method, jboolean *is_synthetic_ptr)
{
    *is_synthetic_ptr = method_synthetic(method) ? JNI_TRUE : JNI_FALSE;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: IsMethodObsolete. Only class redefinition makes a method obsolete, and it marks
 * the old version METHOD_F_OBSOLETE; without RedefineClasses nothing sets it yet. */
jvmtiError jvmti_IsMethodObsolete(JvmtiEnv *env, Thread *self, Method *method, jboolean *is_obsolete_ptr)
{
    *is_obsolete_ptr = (method->flags & METHOD_F_OBSOLETE) != 0 ? JNI_TRUE : JNI_FALSE;
    return JVMTI_ERROR_NONE;
}
