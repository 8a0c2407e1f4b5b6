/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 *
 * Watchpoints: the CPU's debug registers on the test library's global ncai_watched,
 * which Native.watchWork writes three times and reads twice: WRITE reports the 3
 * writes, READ the 2 reads, ACCESS all 5, each with data_addr the global and code_addr
 * inside the test library; errors: ILLEGAL_ARGUMENT (length, alignment, mode),
 * INVALID_ADDRESS, DUPLICATE, NOT_FOUND.
 */
#include "ncai_test.h"

static jvmtiEnv *jvmti;
static ncaiEnv *ncai;
static void *watched;
static int hits, bad_data, bad_code, unattached;

static void JNICALL on_watch(ncaiEnv *env, ncaiThread t, void *code, void *data)
{
    hits++;
    if (t == NULL) unattached++;
    if (data != watched) bad_data++;
    if (lib_func(code) == NULL) bad_code++;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmti = new_jvmti(vm);
    ncai = get_ncai(jvmti);
    ncaiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.Watchpoint = on_watch;
    (*ncai)->SetEventCallbacks(ncai, &cb, sizeof cb);
    (*ncai)->SetEventNotificationMode(ncai, NCAI_ENABLE, NCAI_EVENT_WATCHPOINT, NULL);
    return 0;
}

JNIEXPORT void JNICALL Java_Main_watch(JNIEnv *jni, jclass c, jint mode)
{
    watched = lib_sym(ncai, "ncai_watched");
    hits = bad_data = bad_code = unattached = 0;
    const char *m = mode == NCAI_WATCHPOINT_READ ? "READ" : mode == NCAI_WATCHPOINT_WRITE ? "WRITE" : "ACCESS";
    say("SetWatchpoint(%s): %s", m, nerr((*ncai)->SetWatchpoint(ncai, watched, 8, (ncaiWatchpointMode)mode)));
}

JNIEXPORT void JNICALL Java_Main_unwatch(JNIEnv *jni, jclass c)
{
    say("hits %d (from a thread not attached to the VM: %d), wrong data address %d, code outside the library %d",
        hits, unattached, bad_data, bad_code);
    ncheck("ClearWatchpoint", (*ncai)->ClearWatchpoint(ncai, watched));
}

JNIEXPORT void JNICALL Java_Main_errors(JNIEnv *jni, jclass c)
{
    char *w = watched;
    ncheck("SetWatchpoint(len 3)", (*ncai)->SetWatchpoint(ncai, w, 3, NCAI_WATCHPOINT_WRITE));
    ncheck("SetWatchpoint(misaligned)", (*ncai)->SetWatchpoint(ncai, w + 2, 4, NCAI_WATCHPOINT_WRITE));
    ncheck("SetWatchpoint(mode 3)", (*ncai)->SetWatchpoint(ncai, w, 8, (ncaiWatchpointMode)3));
    ncheck("SetWatchpoint(NULL)", (*ncai)->SetWatchpoint(ncai, NULL, 8, NCAI_WATCHPOINT_WRITE));
    ncheck("SetWatchpoint(unmapped)", (*ncai)->SetWatchpoint(ncai, (void *)8, 8, NCAI_WATCHPOINT_WRITE));
    ncheck("SetWatchpoint", (*ncai)->SetWatchpoint(ncai, w, 8, NCAI_WATCHPOINT_WRITE));
    ncheck("SetWatchpoint again", (*ncai)->SetWatchpoint(ncai, w, 8, NCAI_WATCHPOINT_ACCESS));
    ncheck("ClearWatchpoint", (*ncai)->ClearWatchpoint(ncai, w));
    ncheck("ClearWatchpoint again", (*ncai)->ClearWatchpoint(ncai, w));
}
