// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * nativebind.c — native method binding as the JVMTI sees it: SetNativeMethodPrefix and
 * SetNativeMethodPrefixes, and the two retry rules native method resolution applies
 * with the prefixes (spec "SetNativeMethodPrefix"), called by src/vm through
 * jvmti_vm.h.
 *
 * Prefixes. Each environment has an ordered list of prefixes (SetNativeMethodPrefix is
 * SetNativeMethodPrefixes with one prefix, or none for NULL). Class-file transformers
 * wrap a native method `foo` into a non-native `foo` calling a native `<prefix>foo`, in
 * ClassFileLoadHook order (environment creation order); with several environments the
 * names nest: `$env3_$env2_$env1_foo`. The resolution retries, used only when standard
 * resolution fails, undo that nesting:
 *
 *   automatic resolution (native.c, first call): strip the prefixes from the method name,
 *     last applied first (environments in reverse creation order, each environment's
 *     prefixes in reverse order), each only when the name starts with it; if anything was
 *     stripped and the class (or a superclass) has a non-native method of the stripped
 *     name and the same descriptor, the native is resolved under *that* method's JNI
 *     names: method(wrapped_foo) -> Java_..._foo.
 *   RegisterNatives (jni.c): registering `foo` where `foo` is not native: try prepending
 *     the prefixes, first applied first; a prefixed name that is a native method is the
 *     one bound; one that is a non-native method (an intermediate wrapper) is kept and
 *     the next prefix goes in front of it: method(wrapped_foo) -> implementation(foo).
 *
 * RegisterNatives thus applies an intermediate prefix only when its wrapper exists, as
 * the spec asks; automatic resolution strips every prefix the name starts with and
 * checks only the final wrapper. Both rules are HotSpot's, so agents see the same
 * bindings on either VM. Prefixes stay per environment until replaced or the
 * environment is disposed (a disposed environment's prefixes no longer apply).
 *
 * NativeMethodBind (spec "Native Method Bind"): native_bind() asks before every binding,
 * whether found by the resolver on the first call or given to RegisterNatives. Each
 * environment sees the address as the previous one left it and may change it through
 * new_address_ptr; the final address is bound. As in HotSpot, binding a method to the
 * address it already has sends nothing. The event is sent in every phase; in the
 * primordial phase the callback gets no JNIEnv (and no thread while the booting thread
 * has no java.lang.Thread yet).
 *
 * Locking: the per-environment lists live in this file (not in JvmtiEnv), under
 * prefix_lock, a leaf lock: resolution holds it only while comparing strings and looking
 * methods up (no allocation of Java objects, no calls out). Strings are copies owned here.
 */
#include <stdlib.h>
#include <string.h>

#include "../vm/class.h"
#include "../vm/ref.h"
#include "../vm/sym.h"
#include "events.h"
#include "gen/jvmti_impl.h"
#include "jvmti_int.h"
#include "jvmti_tool.h"
#include "jvmti_vm.h"

typedef struct PrefixSet PrefixSet;
struct PrefixSet {
    JvmtiEnv *env;
    uint32_t env_id;  /* creation number: the list is kept in creation order */
    int count;
    char **prefixes;  /* vm_malloc'd copies */
    PrefixSet *next;
};

static OsMutex prefix_lock;
static PrefixSet *sets;  /* environments with at least one prefix, creation order */

void jvmti_native_prefix_init(void) { os_mutex_init(&prefix_lock); }

static void free_set(PrefixSet *s)
{
    for (int i = 0; i < s->count; i++) free(s->prefixes[i]);
    free(s->prefixes);
    free(s);
}

/* Under prefix_lock: drops the sets of disposed environments. */
static void drop_disposed(void)
{
    for (PrefixSet **p = &sets; *p;) {
        PrefixSet *s = *p;
        if (jvmti_env_check(jvmti_env_external(s->env)) == NULL) {
            *p = s->next;
            free_set(s);
        } else {
            p = &s->next;
        }
    }
}

/* JVMTI: SetNativeMethodPrefixes. Copies the strings; count 0 removes the environment's
 * prefixes. NULL_POINTER if one of the prefixes is NULL (nothing changes then). */
jvmtiError jvmti_SetNativeMethodPrefixes(JvmtiEnv *env, Thread *self, jint prefix_count, char **prefixes)
{
    PrefixSet *ns = NULL;
    if (prefix_count > 0) {
        for (jint i = 0; i < prefix_count; i++)
            if (prefixes[i] == NULL) return JVMTI_ERROR_NULL_POINTER;
        ns = vm_calloc(1, sizeof *ns);
        ns->env = env;
        ns->env_id = env->id;
        ns->count = prefix_count;
        ns->prefixes = vm_calloc((size_t)prefix_count, sizeof(char *));
        for (jint i = 0; i < prefix_count; i++) ns->prefixes[i] = vm_strdup(prefixes[i]);
    }
    os_mutex_lock(&prefix_lock);
    drop_disposed();
    PrefixSet **p = &sets;
    while (*p && (*p)->env_id < env->id) p = &(*p)->next;
    if (*p && (*p)->env == env) {
        PrefixSet *old = *p;
        *p = old->next;
        free_set(old);
    }
    if (ns) {
        ns->next = *p;
        *p = ns;
    }
    os_mutex_unlock(&prefix_lock);
    return JVMTI_ERROR_NONE;
}

/* JVMTI: SetNativeMethodPrefix */
jvmtiError jvmti_SetNativeMethodPrefix(JvmtiEnv *env, Thread *self, const char *prefix)
{
    char *one = (char *)prefix;
    return jvmti_SetNativeMethodPrefixes(env, self, prefix != NULL ? 1 : 0, &one);
}

/* ------------------------------------------------------------------------------------ */
/* Resolution retries (jvmti_vm.h)                                                      */
/* ------------------------------------------------------------------------------------ */

/* A method named `name` (any string) with descriptor symbol `desc` declared by c or a
 * superclass, or NULL. */
static Method *find_in_hierarchy(const Class *c, const char *name, const char *desc)
{
    const char *n = sym_lookup(name, strlen(name));
    if (n == NULL) return NULL; /* no class anywhere uses that name */
    for (const Class *k = c; k != NULL; k = k->super) {
        Method *m = class_find_declared_method(k, n, desc);
        if (m != NULL) return m;
    }
    return NULL;
}

Method *jvmti_native_prefix_wrapper(const Method *m)
{
    if (__atomic_load_n(&sets, __ATOMIC_RELAXED) == NULL) return NULL;
    os_mutex_lock(&prefix_lock);
    drop_disposed();
    int total = 0;
    for (PrefixSet *s = sets; s; s = s->next) total += s->count;
    Method *w = NULL;
    if (total > 0) {
        /* All prefixes in application order, so the loop below can walk it backwards. */
        const char *all[total];
        int n = 0;
        for (PrefixSet *s = sets; s; s = s->next)
            for (int i = 0; i < s->count; i++) all[n++] = s->prefixes[i];
        const char *name = m->name;
        for (int i = total - 1; i >= 0; i--) {
            size_t len = strlen(all[i]);
            if (strncmp(name, all[i], len) == 0) name += len;
        }
        if (name != m->name) {
            w = find_in_hierarchy(m->clazz, name, m->desc);
            if (w != NULL && method_is_native(w)) w = NULL;
        }
    }
    os_mutex_unlock(&prefix_lock);
    return w;
}

Method *jvmti_native_prefixed_method(const Class *c, const char *name, const char *desc)
{
    if (__atomic_load_n(&sets, __ATOMIC_RELAXED) == NULL) return NULL;
    Method *found = NULL;
    os_mutex_lock(&prefix_lock);
    drop_disposed();
    char *trial = vm_strdup(name);
    for (PrefixSet *s = sets; s && found == NULL; s = s->next) {
        for (int i = 0; i < s->count && found == NULL; i++) {
            size_t pl = strlen(s->prefixes[i]), nl = strlen(trial);
            char *t = vm_malloc(pl + nl + 1);
            memcpy(t, s->prefixes[i], pl);
            memcpy(t + pl, trial, nl + 1);
            Method *m = find_in_hierarchy(c, t, desc);
            if (m == NULL) {
                free(t); /* this prefix was not applied to the method: try the next one */
                continue;
            }
            if (method_is_native(m)) found = m;
            /* a wrapper: the prefix was applied; the next one goes in front of it */
            free(trial);
            trial = t;
        }
    }
    free(trial);
    os_mutex_unlock(&prefix_lock);
    return found;
}

/* ------------------------------------------------------------------------------------ */
/* NativeMethodBind                                                                     */
/* ------------------------------------------------------------------------------------ */

/* JVMTI: NativeMethodBind */
static void *post_bind(Thread *t, Method *m, void *fn);

void *jvmti_post_native_method_bind(Thread *t, Method *m, void *fn)
{
    fn = post_bind(t, m, fn);
    if (fn != NULL) JVMTI_LAYERS_POST(JVMTI_EVENT_NATIVE_METHOD_BIND, native_bound, t, m, fn);
    return fn;
}

static void *post_bind(Thread *t, Method *m, void *fn)
{
    if (fn == NULL || __atomic_load_n(&m->native, __ATOMIC_ACQUIRE) == fn) return fn;
    JvmtiEventIter it;
    JvmtiAnyCallback cb;
    if (!jvmti_event_iter_begin(&it, t, JVMTI_EVENT_NATIVE_METHOD_BIND)) return fn;
    for (JvmtiEnv *e; (e = jvmti_event_iter_next(&it, &cb)) != NULL;) {
        JNIEnv *jni = jvmti_get_phase() == JVMTI_PHASE_PRIMORDIAL ? NULL : thread_env(t);
        JvmtiCallbackFrame f;
        if (!jvmti_callback_begin(&f, t)) break;
        jthread jt = ref_new_local(t, t->jthread);
        void *addr = fn;
        jvmti_callback_native(&f);
        ((jvmtiEventNativeMethodBind)cb)(jvmti_env_external(e), jni, jt, (jmethodID)m, fn, &addr);
        jvmti_callback_end(&f);
        fn = addr;
    }
    return fn;
}
