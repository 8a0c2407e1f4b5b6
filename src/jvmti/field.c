// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * field.c — JVMTI functions of the spec category "Field": GetFieldName,
 * GetFieldDeclaringClass, GetFieldModifiers, IsFieldSynthetic.
 *
 * Contracts: called by the generated wrappers (gen/jvmti_entry.c) in the start or live
 * phase, on an attached thread in state TS_JAVA. The wrapper has checked the jclass (a
 * loaded, non-primitive class) and the jfieldID (a Field* of a loaded class, declared by
 * `klass` or one of its supertypes, jvmti_field_in_class), the capability, and the
 * non-nullok out-pointers. None of these functions can fail afterwards except for lack
 * of memory: everything they report is read from the Field record and the parsed class
 * file (Field.cf), which live as long as the class.
 *
 * Memory: strings handed to the agent come from jvmti_alloc (the agent frees them with
 * Deallocate); on failure nothing is left allocated and no out-parameter is written.
 */
#include "../vm/class.h"
#include "../vm/ref.h"
#include "gen/jvmti_impl.h"
#include "jvmti_int.h"

/*
 * JVMTI: GetFieldName. Name and descriptor are interned modified-UTF-8 symbols, exactly
 * the class file's bytes; the generic signature is the Signature attribute, NULL when
 * the field has none. Each out-pointer may be NULL (not returned).
 */
jvmtiError jvmti_GetFieldName(JvmtiEnv *env, Thread *self, Class *klass, Field *field, char **name_ptr,
                              char **signature_ptr, char **generic_ptr)
{
    return jvmti_copy_member_names(field->name, field->desc, field->signature, name_ptr, signature_ptr,
                                   generic_ptr);
}

/* JVMTI: GetFieldDeclaringClass. The class whose class file declares the field: klass
 * itself, a superclass or a superinterface (the wrapper checked that relation). */
jvmtiError jvmti_GetFieldDeclaringClass(JvmtiEnv *env, Thread *self, Class *klass, Field *field,
                                        jclass *declaring_class_ptr)
{
    Object *mirror = field->clazz->mirror;
    /* A field's class is at least loaded and klass (a subtype) has a mirror, so linking
     * has given the declaring class one too. */
    if (mirror == NULL) return JVMTI_ERROR_INTERNAL;
    *declaring_class_ptr = (jclass)ref_new_local(self, mirror);
    return JVMTI_ERROR_NONE;
}

/* True if the field carries ACC_SYNTHETIC or a Synthetic attribute (JVMS 4.7.8: the
 * attribute is how compilers before Java 5 marked generated members). */
static bool field_synthetic(const Field *f)
{
    return (f->access & ACC_SYNTHETIC) != 0 || (f->cf != NULL && f->cf->synthetic);
}

/*
 * JVMTI: GetFieldModifiers. The class file's access_flags (JVMS 4.5), restricted by the
 * parser to the flags defined for fields. A field marked by the Synthetic attribute
 * reports ACC_SYNTHETIC too, so the modifiers agree with IsFieldSynthetic (HotSpot does
 * the same).
 */
jvmtiError jvmti_GetFieldModifiers(JvmtiEnv *env, Thread *self, Class *klass, Field *field,
                                   jint *modifiers_ptr)
{
    jint mods = field->access;
    if (field_synthetic(field)) mods |= ACC_SYNTHETIC;
    *modifiers_ptr = mods;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: IsFieldSynthetic (can_get_synthetic_attribute, checked by the wrapper). */
jvmtiError jvmti_IsFieldSynthetic(JvmtiEnv *env, Thread *self, Class *klass, Field *field,
                                  jboolean *is_synthetic_ptr)
{
    *is_synthetic_ptr = field_synthetic(field) ? JNI_TRUE : JNI_FALSE;
    return JVMTI_ERROR_NONE;
}
