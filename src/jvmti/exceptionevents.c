// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * exceptionevents.c — JVMTI Exception and ExceptionCatch (can_generate_exception_events).
 *
 * The interpreter's exception path (src/vm/interp.c, handle_exception) calls these behind
 * jvmti_want(), so throwing costs nothing extra while no agent wants them. It keeps
 * HotSpot's per-thread exception state (Thread.jvmti_exc_state): Exception is sent once
 * per throw, in the frame where the exception is first seen — the throwing bytecode (an
 * athrow, or the instruction whose check failed), or the frame of a native method that
 * returned with the exception pending (location 0, as HotSpot) — and not again for the
 * frames it unwinds;
 * ExceptionCatch is sent when a handler takes an exception whose throw was seen, at the
 * handler's first bytecode. An exception consumed by JNI ExceptionClear counts as caught.
 *
 * The catch location is looked up as HotSpot does: down the stack from the throw, each
 * Java frame's handlers at its current bci, native frames skipped, catch types resolved as
 * needed (interp_handler_bci); none found means uncaught (catch_method NULL, location 0).
 *
 * Callbacks run on the current thread, TS_JAVA before and after, with the exception as a
 * JNI local reference; the thread's pending exception is saved around them by the
 * callback frame (events.h), so the throw goes on unchanged.
 */
#include "../vm/class.h"
#include "../vm/interp.h"
#include "../vm/ref.h"
#include "../vm/thread.h"
#include "events.h"
#include "jvmti_int.h"
#include "jvmti_vm.h"

typedef void(JNICALL *ExceptionFn)(jvmtiEnv *, JNIEnv *, jthread, jmethodID, jlocation, jobject, jmethodID,
                                   jlocation);
typedef void(JNICALL *ExceptionCatchFn)(jvmtiEnv *, JNIEnv *, jthread, jmethodID, jlocation, jobject);

/* JVMTI: Exception */
void jvmti_post_exception(Thread *t, Object *ex)
{
    Frame *top = frame_skip_entries(t->top_frame);
    if (t->jthread == NULL || top == NULL) return;
    /* The catch search may load classes and the callbacks may run Java code: exceptions
     * thrown and caught there must not disturb the state of this throw. */
    uint8_t state = t->jvmti_exc_state;
    Object *state_obj = t->jvmti_exc_object;
    Method *m = top->method;
    /* A native method's frame: location 0, as HotSpot reports it (its interpreter frame
     * of a native method has bci 0). */
    jlocation loc = (top->flags & FRAME_NATIVE) ? 0 : frame_bci(top);
    Method *catch_m = NULL;
    jlocation catch_loc = 0;
    for (Frame *f = top; f != NULL; f = f->prev) {
        if (f->flags & (FRAME_ENTRY | FRAME_NATIVE)) continue;
        int h = interp_handler_bci(t, f->method, frame_bci(f), ex);
        if (h >= 0) {
            catch_m = f->method;
            catch_loc = h;
            break;
        }
    }
    JvmtiEventIter it;
    JvmtiAnyCallback cb;
    if (jvmti_event_iter_begin(&it, t, JVMTI_EVENT_EXCEPTION)) {
        for (JvmtiEnv *e; (e = jvmti_event_iter_next(&it, &cb)) != NULL;) {
            JvmtiCallbackFrame cf;
            if (!jvmti_callback_begin(&cf, t)) break;
            jthread jt = ref_new_local(t, t->jthread);
            jobject jx = ref_new_local(t, ex);
            jvmti_callback_native(&cf);
            ((ExceptionFn)cb)(jvmti_env_external(e), thread_env(t), jt, (jmethodID)method_for_tools(m), loc, jx,
                              (jmethodID)(catch_m ? method_for_tools(catch_m) : NULL), catch_loc);
            jvmti_callback_end(&cf);
        }
    }
    t->jvmti_exc_state = state;
    t->jvmti_exc_object = state_obj;
}

/* JVMTI: ExceptionCatch */
void jvmti_post_exception_catch(Thread *t, Method *m, int handler_bci, Object *ex)
{
    JvmtiEventIter it;
    JvmtiAnyCallback cb;
    if (t->jthread == NULL || !jvmti_event_iter_begin(&it, t, JVMTI_EVENT_EXCEPTION_CATCH)) return;
    uint8_t state = t->jvmti_exc_state; /* CAUGHT; a callback's own exceptions must not change it */
    for (JvmtiEnv *e; (e = jvmti_event_iter_next(&it, &cb)) != NULL;) {
        JvmtiCallbackFrame cf;
        if (!jvmti_callback_begin(&cf, t)) break;
        jthread jt = ref_new_local(t, t->jthread);
        jobject jx = ref_new_local(t, ex);
        jvmti_callback_native(&cf);
        ((ExceptionCatchFn)cb)(jvmti_env_external(e), thread_env(t), jt, (jmethodID)method_for_tools(m), (jlocation)handler_bci, jx);
        jvmti_callback_end(&cf);
    }
    t->jvmti_exc_state = state;
    t->jvmti_exc_object = NULL;
}
