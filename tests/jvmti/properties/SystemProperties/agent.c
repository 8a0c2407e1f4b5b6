/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: GetSystemProperties, GetSystemProperty, SetSystemProperty. Which properties a
 * VM defines is its choice, so only agreed facts are printed: the keys the spec strongly
 * recommends are listed and readable; -D properties have their values; an unknown key is
 * NOT_AVAILABLE to read and to set; SetSystemProperty in the OnLoad phase changes what
 * GetSystemProperty and later java.lang.System answer; the VM's name is read-only; a
 * NULL value only asks whether the property is writeable (asked only of properties that
 * are not: HotSpot 17 crashes on a NULL value for a writeable one); module options' internal
 * properties are hidden; every key listed is readable; NULL_POINTER for each pointer;
 * SetSystemProperty is WRONG_PHASE in the live phase.
 */
#include "jvmti_test.h"

static jvmtiEnv *env;

static void show(const char *when, const char *key)
{
    char *v = NULL;
    jvmtiError err = (*env)->GetSystemProperty(env, key, &v);
    if (err == JVMTI_ERROR_NONE) {
        say("%s: GetSystemProperty(%s) = [%s]", when, key, v);
        (*env)->Deallocate(env, (unsigned char *)v);
    } else {
        say("%s: GetSystemProperty(%s): %s", when, key, err_name(err));
    }
}

/* Lists the keys; reports whether each recommended one is there and whether every key
 * listed can be read. */
static void list(const char *when)
{
    static const char *const wanted[] = {"java.vm.vendor", "java.vm.version", "java.vm.name",
                                         "java.vm.info", "java.library.path", "java.class.path",
                                         "test.prop", "test.empty", "jdk.module.addmods.0"};
    jint n = -1;
    char **keys = NULL;
    check("GetSystemProperties", (*env)->GetSystemProperties(env, &n, &keys));
    if (keys == NULL || n <= 0) return;
    int unreadable = 0;
    for (jint i = 0; i < n; i++) {
        char *v = NULL;
        if ((*env)->GetSystemProperty(env, keys[i], &v) != JVMTI_ERROR_NONE) unreadable++;
        else (*env)->Deallocate(env, (unsigned char *)v);
    }
    say("%s: every listed key readable: %s", when, unreadable == 0 ? "yes" : "no");
    for (size_t w = 0; w < sizeof wanted / sizeof wanted[0]; w++) {
        int found = 0;
        for (jint i = 0; i < n; i++) found |= strcmp(keys[i], wanted[w]) == 0;
        say("%s: %s listed: %s", when, wanted[w], found ? "yes" : "no");
    }
    for (jint i = 0; i < n; i++) (*env)->Deallocate(env, (unsigned char *)keys[i]);
    (*env)->Deallocate(env, (unsigned char *)keys);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    if (env == NULL) return 1;
    list("OnLoad");
    show("OnLoad", "test.prop");
    show("OnLoad", "test.empty");
    show("OnLoad", "no.such.property");
    show("OnLoad", "jdk.module.addmods.0");

    check("SetSystemProperty(test.prop, changed)", (*env)->SetSystemProperty(env, "test.prop", "changed"));
    show("OnLoad", "test.prop");
    check("SetSystemProperty(test.empty, now)", (*env)->SetSystemProperty(env, "test.empty", "now"));
    check("SetSystemProperty(no.such.property, x)", (*env)->SetSystemProperty(env, "no.such.property", "x"));
    show("OnLoad", "no.such.property");
    check("SetSystemProperty(no.such.property, NULL)", (*env)->SetSystemProperty(env, "no.such.property", NULL));
    check("SetSystemProperty(java.vm.name, x)", (*env)->SetSystemProperty(env, "java.vm.name", "x"));
    check("SetSystemProperty(java.vm.name, NULL)", (*env)->SetSystemProperty(env, "java.vm.name", NULL));
    check("SetSystemProperty(java.vm.specification.version, x)",
          (*env)->SetSystemProperty(env, "java.vm.specification.version", "x"));
    check("SetSystemProperty(jdk.module.addmods.0, x)", (*env)->SetSystemProperty(env, "jdk.module.addmods.0", "x"));

    jint n;
    char **keys;
    char *v;
    check("GetSystemProperties(NULL, keys)", (*env)->GetSystemProperties(env, NULL, &keys));
    check("GetSystemProperties(n, NULL)", (*env)->GetSystemProperties(env, &n, NULL));
    check("GetSystemProperty(NULL, v)", (*env)->GetSystemProperty(env, NULL, &v));
    check("GetSystemProperty(test.prop, NULL)", (*env)->GetSystemProperty(env, "test.prop", NULL));
    check("SetSystemProperty(NULL, x)", (*env)->SetSystemProperty(env, NULL, "x"));
    return 0;
}

JNIEXPORT void JNICALL Java_SystemProperties_live(JNIEnv *jni, jclass cls)
{
    list("live");
    show("live", "test.prop");
    show("live", "test.other");
    show("live", "no.such.property");
    check("live: SetSystemProperty(test.prop, again)", (*env)->SetSystemProperty(env, "test.prop", "again"));
    show("live", "test.prop");
}
