// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * properties.c — the JVMTI System Properties category: GetSystemProperties,
 * GetSystemProperty, SetSystemProperty.
 *
 * The VM's view of system properties is the option parser's list (boot.h
 * vm_properties: the -D options, the launcher's, and the ones the VM defines), the same
 * list JVM_GetProperties hands to java.lang.System when System.initPhase1 runs. An
 * agent's SetSystemProperty in the OnLoad phase rewrites an entry of that list, so Java
 * code later sees the agent's value; afterwards the two views diverge, as the spec
 * allows.
 *
 * Which keys an agent sees and may change follows HotSpot's rules, which agents rely on:
 *   - internal properties are invisible: the jdk.module.* properties the module options
 *     (--add-modules, --module-path, ...) are turned into, and jdk.boot.class.path.append
 *     while it is empty (-Xbootclasspath/a and AddToBootstrapClassLoaderSearch give it
 *     its value; only then is it shown);
 *   - the VM's identity is read-only: java.vm.specification.{name,vendor,version},
 *     java.vm.{name,vendor,version}, jdk.debug, and jdk.boot.class.path.append (which
 *     only the two ways above may change);
 *   - every other property may be set, but none can be created: SetSystemProperty of an
 *     unknown key is NOT_AVAILABLE.
 *
 * Threads and phases: Get* run in the OnLoad phase (no thread exists; self is NULL)
 * and in the live phase; SetSystemProperty only in the OnLoad phase. The list changes
 * only during option parsing and the OnLoad phase, both single-threaded, so it is read
 * without a lock afterwards. Returned strings are jvmti_alloc'd: the agent frees them.
 */
#include <string.h>

#include "../jvm/boot.h"
#include "../jvm/options_parse.h"
#include "gen/jvmti_impl.h"
#include "jvmti_int.h"

#define BOOT_APPEND "jdk.boot.class.path.append"

static bool starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Hidden from agents (HotSpot's "internal" properties). */
static bool is_internal(const VmProperty *p)
{
    if (starts_with(p->key, "jdk.module.")) return true;
    if (strcmp(p->key, BOOT_APPEND) == 0) return p->value == NULL || p->value[0] == '\0';
    return false;
}

static bool is_writeable(const VmProperty *p)
{
    static const char *const read_only[] = {
        "java.vm.specification.name", "java.vm.specification.vendor",
        "java.vm.specification.version", "java.vm.name", "java.vm.vendor", "java.vm.version",
        "jdk.debug", BOOT_APPEND,
    };
    if (starts_with(p->key, "jdk.module.")) return false;
    for (size_t i = 0; i < ARRAY_LEN(read_only); i++)
        if (strcmp(p->key, read_only[i]) == 0) return false;
    return true;
}

/* The visible property named `key`, or NULL. */
static const VmProperty *find(const char *key)
{
    for (int i = 0; i < vm_property_count; i++) {
        const VmProperty *p = &vm_properties[i];
        if (strcmp(p->key, key) == 0) return is_internal(p) ? NULL : p;
    }
    return NULL;
}

/* JVMTI: GetSystemProperties — the visible keys, in definition order. */
jvmtiError jvmti_GetSystemProperties(JvmtiEnv *env, Thread *self, jint *count_ptr, char ***property_ptr)
{
    int n = 0;
    for (int i = 0; i < vm_property_count; i++)
        if (!is_internal(&vm_properties[i])) n++;
    /* jvmti_alloc(0) is NULL; an agent may still Deallocate what it gets. */
    char **keys = jvmti_alloc((size_t)(n > 0 ? n : 1) * sizeof *keys);
    if (keys == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
    int k = 0;
    for (int i = 0; i < vm_property_count && k < n; i++) {
        if (is_internal(&vm_properties[i])) continue;
        keys[k] = jvmti_strdup(vm_properties[i].key);
        if (keys[k] == NULL) {
            while (k > 0) jvmti_free(keys[--k]);
            jvmti_free(keys);
            return JVMTI_ERROR_OUT_OF_MEMORY;
        }
        k++;
    }
    *count_ptr = k;
    *property_ptr = keys;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: GetSystemProperty */
jvmtiError jvmti_GetSystemProperty(JvmtiEnv *env, Thread *self, const char *property, char **value_ptr)
{
    const VmProperty *p = find(property);
    if (p == NULL) return JVMTI_ERROR_NOT_AVAILABLE;
    char *v = jvmti_strdup(p->value != NULL ? p->value : "");
    if (v == NULL) return JVMTI_ERROR_OUT_OF_MEMORY;
    *value_ptr = v;
    return JVMTI_ERROR_NONE;
}

/* JVMTI: SetSystemProperty — OnLoad only (checked by the wrapper). A NULL value asks
 * only whether the property is writeable. */
jvmtiError jvmti_SetSystemProperty(JvmtiEnv *env, Thread *self, const char *property, const char *value_ptr)
{
    const VmProperty *p = find(property);
    if (p == NULL || !is_writeable(p)) return JVMTI_ERROR_NOT_AVAILABLE;
    if (value_ptr != NULL) options_set_property(property, value_ptr);
    return JVMTI_ERROR_NONE;
}
