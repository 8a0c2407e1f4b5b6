/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * JVMTI: GetConstantPool (can_get_constant_pool). The spec lets a VM lay the pool out
 * its own way (HotSpot rebuilds it; GlassVM returns the class file's), so what is printed
 * is what the spec fixes, checked here:
 *   - the bytes parse as exactly constant_pool_count - 1 slots of well-formed entries
 *     (long and double taking two) and nothing else, every reference inside the pool in
 *     range and of the right tag (JVMS 4.4);
 *   - a Class entry names the class itself (hidden classes: either name may be kept, so
 *     that check is skipped), a String entry holds a known constant;
 *   - GetBytecodes' indexes refer to this pool: the first ldc/ldc_w of a named method
 *     loads a String entry with the known value (can_get_bytecodes);
 * and the class version from GetClassVersionNumbers, which the pool's format follows.
 * Errors: ABSENT_INFORMATION (arrays, primitives), MUST_POSSESS_CAPABILITY, NULL_POINTER,
 * INVALID_CLASS, WRONG_PHASE.
 */
#include "jvmti_test.h"

static jvmtiEnv *env, *plain;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    env = new_env(vm);
    plain = new_env(vm);
    if (env == NULL || plain == NULL) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_get_constant_pool = 1;
    caps.can_get_bytecodes = 1;
    check("AddCapabilities", (*env)->AddCapabilities(env, &caps));
    jint n, b;
    unsigned char *p;
    check("OnLoad GetConstantPool", (*env)->GetConstantPool(env, NULL, &n, &b, &p));
    return 0;
}

typedef struct Entry {
    int tag;
    const unsigned char *at; /* the entry's bytes, tag first */
} Entry;

static int u2(const unsigned char *p) { return p[0] << 8 | p[1]; }

static int tag_is(const Entry *e, int count, int i, int tag) { return i > 0 && i < count && e[i].tag == tag; }

/* Is the Utf8 entry i equal to the modified UTF-8 string s (ASCII here)? */
static int utf8_is(const Entry *e, int count, int i, const char *s)
{
    if (!tag_is(e, count, i, 1)) return 0;
    int len = u2(e[i].at + 1);
    return (size_t)len == strlen(s) && memcmp(e[i].at + 3, s, (size_t)len) == 0;
}

/* Parses the pool into e[1..count-1]; returns an error description or NULL. */
static const char *parse(const unsigned char *p, int bytes, int count, Entry *e)
{
    const unsigned char *end = p + bytes;
    for (int i = 1; i < count; i++) {
        if (p >= end) return "pool ends early";
        int size;
        switch (p[0]) {
        case 1: size = end - p >= 3 ? 3 + u2(p + 1) : 999999; break;
        case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18: size = 5; break;
        case 5: case 6: size = 9; break;
        case 7: case 8: case 16: case 19: case 20: size = 3; break;
        case 15: size = 4; break;
        default: return "unknown tag";
        }
        if (size > end - p) return "entry runs past the end";
        e[i].tag = p[0];
        e[i].at = p;
        if (p[0] == 5 || p[0] == 6) {
            if (++i >= count) return "long or double in the last slot";
            e[i].tag = 0;
        }
        p += size;
    }
    if (p != end) return "bytes after the last entry";
    for (int i = 1; i < count; i++) {
        const unsigned char *a = e[i].at;
        int ok = 1;
        switch (e[i].tag) {
        case 7: case 8: case 16: case 19: case 20: ok = tag_is(e, count, u2(a + 1), 1); break;
        case 9: case 10: case 11: ok = tag_is(e, count, u2(a + 1), 7) && tag_is(e, count, u2(a + 3), 12); break;
        case 12: ok = tag_is(e, count, u2(a + 1), 1) && tag_is(e, count, u2(a + 3), 1); break;
        case 15: ok = a[1] >= 1 && a[1] <= 9 && u2(a + 2) > 0 && u2(a + 2) < count &&
                      e[u2(a + 2)].tag >= 9 && e[u2(a + 2)].tag <= 11; break;
        case 17: case 18: ok = tag_is(e, count, u2(a + 3), 12); break;
        }
        if (!ok) return "an entry refers to a missing or wrong entry";
    }
    return NULL;
}

static int has_class(const Entry *e, int count, const char *name)
{
    for (int i = 1; i < count; i++)
        if (e[i].tag == 7 && utf8_is(e, count, u2(e[i].at + 1), name)) return 1;
    return 0;
}

static int has_string(const Entry *e, int count, const char *s)
{
    for (int i = 1; i < count; i++)
        if (e[i].tag == 8 && utf8_is(e, count, u2(e[i].at + 1), s)) return 1;
    return 0;
}

/* The first ldc (0x12) or ldc_w (0x13) of method `mname` in k loads String `s`? */
static const char *ldc_check(JNIEnv *jni, jclass k, const char *mname, const Entry *e, int count, const char *s)
{
    jint n = 0;
    jmethodID *ms = NULL;
    if ((*env)->GetClassMethods(env, k, &n, &ms) != JVMTI_ERROR_NONE) return "GetClassMethods failed";
    const char *r = "method not found";
    for (jint i = 0; i < n; i++) {
        char *name = NULL;
        if ((*env)->GetMethodName(env, ms[i], &name, NULL, NULL) != JVMTI_ERROR_NONE) continue;
        int match = strcmp(name, mname) == 0;
        (*env)->Deallocate(env, (unsigned char *)name);
        if (!match) continue;
        jint len = 0;
        unsigned char *code = NULL;
        jvmtiError err = (*env)->GetBytecodes(env, ms[i], &len, &code);
        if (err != JVMTI_ERROR_NONE) {
            r = err_name(err);
            break;
        }
        r = "no ldc";
        /* known()/get() are `ldc; areturn`: the first instruction. */
        if (len >= 2 && code[0] == 0x12)
            r = e[code[1]].tag == 8 && utf8_is(e, count, u2(e[code[1]].at + 1), s) ? "yes" : "wrong entry";
        else if (len >= 3 && code[0] == 0x13)
            r = u2(code + 1) < count && e[u2(code + 1)].tag == 8 && utf8_is(e, count, u2(e[u2(code + 1)].at + 1), s)
                    ? "yes" : "wrong entry";
        (*env)->Deallocate(env, code);
        break;
    }
    if (ms) (*env)->Deallocate(env, (unsigned char *)ms);
    return r;
}

JNIEXPORT void JNICALL Java_GetConstantPool_pool(JNIEnv *jni, jclass cls, jstring label, jclass k, jstring jname,
                                                 jstring jconst, jstring jmethod)
{
    const char *l = (*jni)->GetStringUTFChars(jni, label, NULL);
    jint count = -1, bytes = -1, minor = -1, major = -1;
    unsigned char *p = NULL;
    jvmtiError err = (*env)->GetConstantPool(env, k, &count, &bytes, &p);
    jvmtiError verr = (*env)->GetClassVersionNumbers(env, k, &minor, &major);
    if (err != JVMTI_ERROR_NONE) {
        say("%s: %s (version numbers: %s)", l, err_name(err), err_name(verr));
        (*jni)->ReleaseStringUTFChars(jni, label, l);
        return;
    }
    say("%s: version %d.%d", l, (int)major, (int)minor);
    Entry *e = calloc((size_t)(count > 0 ? count : 1), sizeof(Entry));
    const char *bad = count < 1 || bytes < 0 ? "bad counts" : parse(p, bytes, count, e);
    say("  well-formed pool of constant_pool_count - 1 slots: %s", bad ? bad : "yes");
    if (!bad && jname != NULL) {
        const char *n = (*jni)->GetStringUTFChars(jni, jname, NULL);
        say("  Class entry for %s: %s", n, has_class(e, count, n) ? "yes" : "no");
        (*jni)->ReleaseStringUTFChars(jni, jname, n);
    }
    if (!bad && jconst != NULL) {
        const char *c = (*jni)->GetStringUTFChars(jni, jconst, NULL);
        say("  String entry \"%s\": %s", c, has_string(e, count, c) ? "yes" : "no");
        if (jmethod != NULL) {
            const char *m = (*jni)->GetStringUTFChars(jni, jmethod, NULL);
            say("  ldc in %s() loads it: %s", m, ldc_check(jni, k, m, e, count, c));
            (*jni)->ReleaseStringUTFChars(jni, jmethod, m);
        }
        (*jni)->ReleaseStringUTFChars(jni, jconst, c);
    }
    free(e);
    if (p) (*env)->Deallocate(env, p);
    (*jni)->ReleaseStringUTFChars(jni, label, l);
}

JNIEXPORT void JNICALL Java_GetConstantPool_errors(JNIEnv *jni, jclass cls, jobject o)
{
    jint n, b;
    unsigned char *p;
    check("GetConstantPool(without capability)", (*plain)->GetConstantPool(plain, cls, &n, &b, &p));
    check("GetConstantPool(NULL constant_pool_count_ptr)", (*env)->GetConstantPool(env, cls, NULL, &b, &p));
    check("GetConstantPool(NULL constant_pool_byte_count_ptr)", (*env)->GetConstantPool(env, cls, &n, NULL, &p));
    check("GetConstantPool(NULL constant_pool_bytes_ptr)", (*env)->GetConstantPool(env, cls, &n, &b, NULL));
    check("GetConstantPool(not a class)", (*env)->GetConstantPool(env, (jclass)o, &n, &b, &p));
    check("GetConstantPool(NULL class)", (*env)->GetConstantPool(env, NULL, &n, &b, &p));
}
