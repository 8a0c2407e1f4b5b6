/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * ClassFileLoadHook with two environments (see HookChain.java). Each hook for one of the
 * test's classes prints the arguments the spec fixes: name (or null), whether loader,
 * class_being_redefined and protection_domain are null, the magic number, and what the
 * string constant is. env1 replaces "original" by "replaced" in a buffer from Allocate;
 * env2 must then see "replaced" and makes it "chained!". The hook also must see the
 * boot class java/util/zip/Adler32 with a null loader. Hidden classes (the test's and
 * lambdas') get no hook. Errors: enabling the hook in an environment works without any
 * capability (can_generate_all_class_hook_events is optional); the hook's
 * new_class_data must come from Allocate (the VM frees it).
 */
#include "jvmti_test.h"

static jvmtiEnv *env1, *env2;
static int null_names, hidden_hooks, adler_hooks;

static const char *own[] = {"Greeting", "Other", "Third", "Hidden1", NULL};

static int is_own(const char *name)
{
    for (int i = 0; own[i]; i++)
        if (strcmp(name, own[i]) == 0) return 1;
    return 0;
}

/* Offset of `s` in the class bytes, or -1. */
static long find(const unsigned char *d, jint len, const char *s)
{
    size_t n = strlen(s);
    for (jint i = 0; i + (jint)n <= len; i++)
        if (memcmp(d + i, s, n) == 0) return i;
    return -1;
}

static const char *constant(const unsigned char *d, jint len)
{
    if (find(d, len, "original") >= 0) return "original";
    if (find(d, len, "replaced") >= 0) return "replaced";
    if (find(d, len, "chained!") >= 0) return "chained!";
    return "none";
}

static void hook(jvmtiEnv *e, int which, const char *name, jobject loader, jclass redefined, jobject pd,
                 jint len, const unsigned char *data, jint *new_len, unsigned char **new_data)
{
    if (name == NULL) {
        null_names++;
        /* Only Other is defined with a null name; recognise it by its bytes. */
        if (find(data, len, "Other") < 0) return;
    } else if (strncmp(name, "Hidden1", 7) == 0 || strstr(name, "$$Lambda") != NULL) {
        hidden_hooks++;
        return;
    } else if (strcmp(name, "java/util/zip/Adler32") == 0) {
        if (which == 1) {
            adler_hooks++;
            say("env1 hook java/util/zip/Adler32: loader %s, magic %s", loader == NULL ? "null" : "non-null",
                len > 4 && data[0] == 0xCA && data[1] == 0xFE && data[2] == 0xBA && data[3] == 0xBE ? "ok" : "bad");
        }
        return;
    } else if (!is_own(name)) {
        return;
    }
    const char *from = which == 1 ? "original" : "replaced";
    const char *to = which == 1 ? "replaced" : "chained!";
    say("env%d hook %s: loader %s, redefined %s, pd %s, magic %s, constant %s", which, name ? name : "null",
        loader == NULL ? "null" : "non-null", redefined == NULL ? "null" : "non-null", pd == NULL ? "null" : "non-null",
        len > 4 && data[0] == 0xCA && data[1] == 0xFE && data[2] == 0xBA && data[3] == 0xBE ? "ok" : "bad",
        constant(data, len));
    long at = find(data, len, from);
    if (at < 0) return;
    unsigned char *copy = NULL;
    jvmtiError err = (*e)->Allocate(e, len, &copy);
    if (err != JVMTI_ERROR_NONE) {
        check("Allocate", err);
        return;
    }
    memcpy(copy, data, (size_t)len);
    memcpy(copy + at, to, 8);
    *new_len = len;
    *new_data = copy;
}

static void JNICALL hook1(jvmtiEnv *e, JNIEnv *jni, jclass redefined, jobject loader, const char *name, jobject pd,
                          jint len, const unsigned char *data, jint *new_len, unsigned char **new_data)
{
    hook(e, 1, name, loader, redefined, pd, len, data, new_len, new_data);
}

static void JNICALL hook2(jvmtiEnv *e, JNIEnv *jni, jclass redefined, jobject loader, const char *name, jobject pd,
                          jint len, const unsigned char *data, jint *new_len, unsigned char **new_data)
{
    hook(e, 2, name, loader, redefined, pd, len, data, new_len, new_data);
}

static jvmtiEnv *hook_env(JavaVM *vm, jvmtiEventClassFileLoadHook cb)
{
    jvmtiEnv *e = new_env(vm);
    if (e == NULL) return NULL;
    jvmtiEventCallbacks cbs;
    memset(&cbs, 0, sizeof cbs);
    cbs.ClassFileLoadHook = cb;
    check("SetEventCallbacks", (*e)->SetEventCallbacks(e, &cbs, sizeof cbs));
    check("enable ClassFileLoadHook",
          (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_CLASS_FILE_LOAD_HOOK, NULL));
    return e;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env1 = hook_env(vm, hook1);
    env2 = hook_env(vm, hook2);
    return env1 && env2 ? 0 : 1;
}

JNIEXPORT void JNICALL Java_HookChain_report(JNIEnv *jni, jclass c)
{
    say("hooks with a null name: %d", null_names);
    say("hooks for hidden classes: %d", hidden_hooks);
    say("hooks for Adler32: %d", adler_hooks);
}
