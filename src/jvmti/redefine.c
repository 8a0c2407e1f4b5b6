// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * redefine.c — JVMTI RedefineClasses and RetransformClasses (spec category "Class"),
 * over the VM's class redefinition (src/vm/redefine.h, which documents what changes,
 * what stays, and the old versions that running frames keep).
 *
 * What this layer adds: the argument checks in HotSpot's order, the ClassFileLoadHook
 * chain, and the spec's error for the VM's verdict.
 *   RedefineClasses: each environment that enabled ClassFileLoadHook sees the new bytes
 *   with class_being_redefined set, retransformation-incapable environments first, then
 *   capable ones (classevents.c); when a capable one changes them, the bytes before it
 *   become where a later retransformation starts.
 *   RetransformClasses: only retransformation-capable environments are called, starting
 *   from the bytes the incapable ones produced when the class was last defined or
 *   redefined (cached then only if a capable one changed them), or else from its class
 *   file; those starting bytes stay the start of the next retransformation.
 * All the hooks of a batch run before any class is parsed; the batch then changes all
 * its classes or none.
 *
 * Contracts: called by the generated wrappers (live phase, TS_JAVA, capability and the
 * array pointer checked); may run Java code (hooks, class loading, verification) and
 * stops the world once. -XX:+GlassTraceJVMTI prints why a redefinition was refused.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../vm/class.h"
#include "../vm/options.h"
#include "../vm/redefine.h"
#include "events.h"
#include "gen/jvmti_impl.h"
#include "jvmti_int.h"
#include "jvmti_vm.h"

static jvmtiError error_of(RedefResult r)
{
    switch (r) {
    case REDEF_OK: return JVMTI_ERROR_NONE;
    case REDEF_INVALID_CLASS_FORMAT: return JVMTI_ERROR_INVALID_CLASS_FORMAT;
    case REDEF_UNSUPPORTED_VERSION: return JVMTI_ERROR_UNSUPPORTED_VERSION;
    case REDEF_NAMES_DONT_MATCH: return JVMTI_ERROR_NAMES_DONT_MATCH;
    case REDEF_CIRCULAR_CLASS_DEFINITION: return JVMTI_ERROR_CIRCULAR_CLASS_DEFINITION;
    case REDEF_FAILS_VERIFICATION: return JVMTI_ERROR_FAILS_VERIFICATION;
    case REDEF_METHOD_ADDED: return JVMTI_ERROR_UNSUPPORTED_REDEFINITION_METHOD_ADDED;
    case REDEF_SCHEMA_CHANGED: return JVMTI_ERROR_UNSUPPORTED_REDEFINITION_SCHEMA_CHANGED;
    case REDEF_HIERARCHY_CHANGED: return JVMTI_ERROR_UNSUPPORTED_REDEFINITION_HIERARCHY_CHANGED;
    case REDEF_METHOD_DELETED: return JVMTI_ERROR_UNSUPPORTED_REDEFINITION_METHOD_DELETED;
    case REDEF_CLASS_MODIFIERS_CHANGED: return JVMTI_ERROR_UNSUPPORTED_REDEFINITION_CLASS_MODIFIERS_CHANGED;
    case REDEF_METHOD_MODIFIERS_CHANGED: return JVMTI_ERROR_UNSUPPORTED_REDEFINITION_METHOD_MODIFIERS_CHANGED;
    case REDEF_CLASS_ATTRIBUTE_CHANGED: return JVMTI_ERROR_UNSUPPORTED_REDEFINITION_CLASS_ATTRIBUTE_CHANGED;
    case REDEF_UNMODIFIABLE_CLASS: return JVMTI_ERROR_UNMODIFIABLE_CLASS;
    case REDEF_OUT_OF_MEMORY: return JVMTI_ERROR_OUT_OF_MEMORY;
    case REDEF_INTERNAL: break;
    }
    return JVMTI_ERROR_INTERNAL;
}

/* One class of a batch: where its new bytes come from, and what the hooks made. */
typedef struct Item {
    Class *c;
    const uint8_t *bytes; /* before the hooks (the agent's, or the retransformation start) */
    size_t len;
    uint8_t *hooked; /* an agent's replacement (jvmti_alloc), or NULL */
    size_t hooked_len;
} Item;

/* Runs the hooks, redefines, releases. */
static jvmtiError redefine(const char *fn, Thread *self, Item *items, int n, bool retransform)
{
    RedefDef *defs = vm_calloc((size_t)n + 1, sizeof(RedefDef));
    bool hook = jvmti_want(JVMTI_EVENT_CLASS_FILE_LOAD_HOOK);
    for (int i = 0; i < n; i++) {
        Item *it = &items[i];
        RedefDef *d = &defs[i];
        d->klass = it->c;
        d->bytes = it->bytes;
        d->len = it->len;
        if (hook) {
            it->hooked = jvmti_post_class_file_load_hook(self, it->c, it->c->loader, it->c->name,
                                                         it->c->protection_domain, it->bytes, it->len,
                                                         &it->hooked_len, retransform, false,
                                                         retransform ? NULL : &d->cache, &d->cache_len);
            if (it->hooked != NULL) {
                d->bytes = it->hooked;
                d->len = it->hooked_len;
                if (retransform) {
                    /* The next retransformation starts where this one did. */
                    d->cache = vm_malloc(it->len + 1);
                    memcpy(d->cache, it->bytes, it->len);
                    d->cache_len = it->len;
                }
            }
        }
    }
    int bad = -1;
    char why[512];
    RedefResult r = redef_classes(self, defs, n, &bad, why, sizeof why);
    if (r != REDEF_OK && vm_opts.trace_jvmti)
        fprintf(stderr, "[jvmti] %s: %s refused: %s\n", fn, bad >= 0 ? items[bad].c->name : "?", why);
    for (int i = 0; i < n; i++)
        if (items[i].hooked != NULL) jvmti_class_data_free(items[i].hooked);
    free(defs);
    return error_of(r);
}

/* JVMTI: RedefineClasses. */
jvmtiError jvmti_RedefineClasses(JvmtiEnv *env, Thread *self, jint class_count,
                                 const jvmtiClassDefinition *class_definitions)
{
    if (class_count == 0) return JVMTI_ERROR_NONE;
    Item *items = vm_calloc((size_t)class_count, sizeof(Item));
    jvmtiError err = JVMTI_ERROR_NONE;
    /* HotSpot's order (VM_RedefineClasses::doit_prologue), class by class. */
    for (jint i = 0; i < class_count && err == JVMTI_ERROR_NONE; i++) {
        const jvmtiClassDefinition *d = &class_definitions[i];
        Class *c = d->klass != NULL ? jvmti_conv_class(d->klass, true) : NULL;
        if (c == NULL)
            err = JVMTI_ERROR_INVALID_CLASS;
        else if (d->class_byte_count <= 0)
            err = JVMTI_ERROR_INVALID_CLASS_FORMAT;
        else if (d->class_bytes == NULL)
            err = JVMTI_ERROR_NULL_POINTER;
        else if (!redef_is_modifiable(c))
            err = JVMTI_ERROR_UNMODIFIABLE_CLASS;
        else
            items[i] = (Item){.c = c, .bytes = d->class_bytes, .len = (size_t)d->class_byte_count};
    }
    if (err == JVMTI_ERROR_NONE) err = redefine("RedefineClasses", self, items, class_count, false);
    free(items);
    return err;
}

/* JVMTI: RetransformClasses. */
jvmtiError jvmti_RetransformClasses(JvmtiEnv *env, Thread *self, jint class_count, const jclass *classes)
{
    if (class_count == 0) return JVMTI_ERROR_NONE;
    Item *items = vm_calloc((size_t)class_count, sizeof(Item));
    jvmtiError err = JVMTI_ERROR_NONE;
    /* HotSpot's order (JvmtiEnv::RetransformClasses). */
    for (jint i = 0; i < class_count && err == JVMTI_ERROR_NONE; i++) {
        Class *c = jvmti_conv_class(classes[i], true);
        if (c == NULL) {
            err = JVMTI_ERROR_INVALID_CLASS;
        } else if (!redef_is_modifiable(c)) {
            err = JVMTI_ERROR_UNMODIFIABLE_CLASS;
        } else if (atomic_load(&c->state) == CLASS_ERROR) {
            err = JVMTI_ERROR_INVALID_CLASS;
        } else {
            size_t len;
            const uint8_t *start = redef_retransform_bytes(c, &len);
            uint8_t *copy = vm_malloc(len + 1); /* the class's own bytes go when it changes */
            memcpy(copy, start, len);
            items[i] = (Item){.c = c, .bytes = copy, .len = len};
        }
    }
    if (err == JVMTI_ERROR_NONE) err = redefine("RetransformClasses", self, items, class_count, true);
    for (jint i = 0; i < class_count; i++) free((void *)items[i].bytes);
    free(items);
    return err;
}
