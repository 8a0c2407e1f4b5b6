// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * classevents.c — the class events: ClassFileLoadHook, ClassLoad, ClassPrepare (JVMTI
 * spec "Events"). The class loader (src/vm/loader.c) calls the posting functions of
 * jvmti_vm.h behind jvmti_want(), so a definition costs one bit test while no agent
 * wants them.
 *
 * ClassFileLoadHook. Sent for every class defined from bytes (boot loader: lib/modules
 * and -Xbootclasspath/a; ClassLoader.defineClass*, Lookup.defineClass, Unsafe and JNI
 * DefineClass) before the bytes are parsed. Hidden classes (Lookup.defineHiddenClass,
 * lambda proxies) get the hook only in environments that possess
 * can_generate_all_class_hook_events ("every loaded class"): HotSpot sends none for them
 * (the spec lets a VM leave out "implementation defined classes"), and a transformer
 * written in Java that itself uses a lambda would recurse through the hook while the
 * lambda's call site is still being linked, so the JDK's java.lang.instrument agent,
 * which never adds that capability, keeps HotSpot's behaviour. Environments
 * are visited in the event's own order: retransformation-incapable ones, then
 * retransformation-capable ones, each group in creation order (capability
 * can_retransform_classes as possessed now; a retransformation calls only the capable
 * ones, starting from the bytes the incapable ones left, which are cached then when a
 * capable one changes them: `cache`). The results
 * chain: an environment that sets new_class_data hands its buffer (allocated with
 * Allocate, so jvmti_alloc memory) to the next one as class_data, and the buffer it
 * replaces, if an agent made it, is freed at once. The last agent buffer goes back to
 * the loader, which parses it and frees it with jvmti_class_data_free.
 *
 * Phases: the framework lets the event through in every phase (the spec table says
 * "any"); here, in the primordial phase, an environment gets it only when it has both
 * can_generate_early_class_hook_events and can_generate_all_class_hook_events (spec,
 * ClassFileLoadHook and can_generate_early_class_hook_events). The start and live
 * phases send it to every environment that enabled it.
 *
 * ClassLoad and ClassPrepare: for classes and interfaces only (array and primitive
 * classes are never defined or linked here), start and live phases, filtered per thread
 * by the framework. ClassLoad is posted on the thread defining the class, at the end of
 * the definition (loader.c): the class is in GetLoadedClasses, not yet linked
 * (GetClassStatus 0, CLASS_NOT_PREPARED for its members). ClassPrepare is posted when
 * the class is linked, as HotSpot links (class.c class_verify: before its first
 * initialization, or where reflection or method handles link it; superclass and
 * superinterfaces first), on the thread linking it: the class is verified and prepared,
 * its fields, methods and interfaces are known, and none of its code has run. A class
 * that is only loaded gets no ClassPrepare. Hidden classes get both (as in HotSpot).
 */
#include <string.h>

#include "../vm/class.h"
#include "../vm/ref.h"
#include "../vm/thread.h"
#include "events.h"
#include "jvmti_int.h"
#include "jvmti_tool.h"
#include "jvmti_vm.h"

/* ------------------------------------------------------------------------------------ */
/* ClassFileLoadHook                                                                    */
/* ------------------------------------------------------------------------------------ */

static bool early_hook_env(const JvmtiEnv *e)
{
    return e->caps.can_generate_early_class_hook_events && e->caps.can_generate_all_class_hook_events;
}

static void note_early_hook_env(JvmtiEnv *e, void *arg)
{
    if (early_hook_env(e)) *(bool *)arg = true;
}

bool jvmti_early_class_hook(void)
{
    if (!jvmti_want(JVMTI_EVENT_CLASS_FILE_LOAD_HOOK)) return false;
    if (jvmti_layers_want(JVMTI_EVENT_CLASS_FILE_LOAD_HOOK)) return true;
    bool any = false;
    jvmti_for_each_env(note_early_hook_env, &any);
    return any;
}

uint8_t *jvmti_post_class_file_load_hook(Thread *t, Class *class_being_redefined, Object *loader,
                                         const char *name, Object *pd, const uint8_t *data,
                                         size_t len, size_t *new_len, bool retransform_only, bool hidden,
                                         uint8_t **cache, size_t *cache_len)
{
    if (cache != NULL) *cache = NULL;
    if (len > INT32_MAX) return NULL; /* a jint length cannot describe it */
    const unsigned char *cur = data;
    jint cur_len = (jint)len;
    unsigned char *owned = NULL; /* the agent buffer cur points into, if any */
    /* The layers' hooks first (not for retransformation), each on the bytes of the one
     * before; the environments see theirs. Their buffers are malloc'd, like jvmti_alloc's. */
    if (!retransform_only && class_being_redefined == NULL && jvmti_layers_want(JVMTI_EVENT_CLASS_FILE_LOAD_HOOK)) {
        for (JvmtiLayer *l = jvmti_layers_first(); l != NULL; l = l->next) {
            if (l->class_file_load_hook == NULL || !jvmti_layer_wants(l, JVMTI_EVENT_CLASS_FILE_LOAD_HOOK)) continue;
            size_t tlen = 0;
            uint8_t *tdata = l->class_file_load_hook(t, cur, (size_t)cur_len, &tlen);
            if (tdata == NULL) continue;
            if (tlen > INT32_MAX) tlen = 0;
            if (owned != NULL) jvmti_free(owned);
            owned = tdata;
            cur = tdata;
            cur_len = (jint)tlen;
        }
    }
    for (int capable = retransform_only ? 1 : 0; capable <= 1; capable++) {
        JvmtiEventIter it;
        JvmtiAnyCallback cb;
        if (!jvmti_event_iter_begin(&it, t, JVMTI_EVENT_CLASS_FILE_LOAD_HOOK)) break;
        for (JvmtiEnv *e; (e = jvmti_event_iter_next(&it, &cb)) != NULL;) {
            if ((e->caps.can_retransform_classes != 0) != (capable != 0)) continue;
            if (jvmti_get_phase() == JVMTI_PHASE_PRIMORDIAL && !early_hook_env(e)) continue;
            if (hidden && !e->caps.can_generate_all_class_hook_events) continue;
            JvmtiCallbackFrame f;
            if (!jvmti_callback_begin(&f, t)) break;
            jclass jredef = class_being_redefined ? ref_new_local(t, class_being_redefined->mirror) : NULL;
            jobject jloader = ref_new_local(t, loader);
            jobject jpd = ref_new_local(t, pd);
            jint nlen = 0;
            unsigned char *ndata = NULL;
            jvmti_callback_native(&f);
            ((jvmtiEventClassFileLoadHook)cb)(jvmti_env_external(e), thread_env(t), jredef, jloader, name, jpd,
                                              cur_len, cur, &nlen, &ndata);
            jvmti_callback_end(&f);
            if (ndata != NULL) {
                /* The first change a retransformation-capable environment makes: the
                 * bytes before it are where a retransformation starts (spec,
                 * RetransformClasses); HotSpot keeps them only in this case. */
                if (capable && !retransform_only && cache != NULL && *cache == NULL) {
                    *cache = vm_malloc((size_t)cur_len + 1);
                    memcpy(*cache, cur, (size_t)cur_len);
                    *cache_len = (size_t)cur_len;
                }
                if (owned != NULL) jvmti_free(owned);
                owned = ndata;
                cur = ndata;
                cur_len = nlen < 0 ? 0 : nlen;
            }
        }
    }
    if (owned != NULL) *new_len = (size_t)cur_len;
    return owned;
}

void jvmti_class_data_free(uint8_t *data) { jvmti_free(data); }

/* ------------------------------------------------------------------------------------ */
/* ClassLoad, ClassPrepare                                                              */
/* ------------------------------------------------------------------------------------ */

typedef void(JNICALL *ClassEventFn)(jvmtiEnv *, JNIEnv *, jthread, jclass);

static void post_class_event(Thread *t, Class *c, jvmtiEvent ev)
{
    JvmtiEventIter it;
    JvmtiAnyCallback cb;
    if (t->jthread == NULL || c->mirror == NULL || class_is_array(c) || class_is_primitive(c)) return;
    if (!jvmti_event_iter_begin(&it, t, ev)) return;
    for (JvmtiEnv *e; (e = jvmti_event_iter_next(&it, &cb)) != NULL;) {
        JvmtiCallbackFrame f;
        if (!jvmti_callback_begin(&f, t)) break;
        jthread jt = ref_new_local(t, t->jthread);
        jclass jc = ref_new_local(t, c->mirror);
        jvmti_callback_native(&f);
        ((ClassEventFn)cb)(jvmti_env_external(e), thread_env(t), jt, jc);
        jvmti_callback_end(&f);
    }
}

/* JVMTI: ClassLoad */
void jvmti_post_class_load(Thread *t, Class *c)
{
    JVMTI_LAYERS_POST(JVMTI_EVENT_CLASS_LOAD, class_load, t, c);
    post_class_event(t, c, JVMTI_EVENT_CLASS_LOAD);
}

/* JVMTI: ClassPrepare */
void jvmti_post_class_prepare(Thread *t, Class *c) { post_class_event(t, c, JVMTI_EVENT_CLASS_PREPARE); }
