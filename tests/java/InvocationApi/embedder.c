// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * embedder.c — a program that embeds the VM through the JNI invocation API (JNI spec
 * chapter 5), as IDE launchers and native applications do: it opens the libjvm.so named
 * by argv[1] with dlopen, so the same executable runs HotSpot and GlassVM. argv[2] is the
 * class path, argv[3] the case: "life" (create, call, attach threads, destroy, create
 * again) or "badoption" (an unrecognized option). HotSpot lets a creation that failed on
 * its options be tried again; GlassVM does not (README), so no retry is tried here. Built by InvocationApi.java
 * with gcc (tests/run also builds it as a library, which is harmless).
 */
#include <dlfcn.h>
#include <jni.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

typedef jint (*CreateFn)(JavaVM **, void **, void *);
typedef jint (*CreatedFn)(JavaVM **, jsize, jsize *);
typedef jint (*DefaultFn)(void *);
static CreateFn create;
static CreatedFn created;
static DefaultFn defaults;
static JavaVM *vm;

#include <stdarg.h>

/* JDK 1.1's argument block, which jni.h no longer declares; the JDK's launcher still passes
 * it to JNI_GetDefaultJavaVMInitArgs to learn the default thread stack size. */
typedef struct {
    jint version;
    char **properties;
    jint checkSource, nativeStackSize, javaStackSize, minHeapSize, maxHeapSize, verifyMode;
    char *classpath;
    void *vfprintf_hook, *exit_hook, *abort_hook;
    jint enableClassGC, enableVerboseGC, disableAsyncGC, verbose;
    jboolean debugging;
    jint debugPort;
} InitArgs11;

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    fflush(stdout); /* the VM writes to the same stdout */
}

static void count_vms(const char *when)
{
    JavaVM *vms[2];
    jsize n = -1;
    jint rc = created(vms, 2, &n);
    say("%s: GetCreatedJavaVMs %d, %d VM(s)%s", when, rc, n, n == 1 ? (vms[0] == vm ? ", this one" : ", another") : "");
}

static void *attached_thread(void *arg)
{
    JNIEnv *env;
    jint rc = (*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_1_8);
    say("unattached thread: GetEnv %d", rc);
    JavaVMAttachArgs a = {JNI_VERSION_1_8, "native-worker", NULL};
    rc = (*vm)->AttachCurrentThread(vm, (void **)&env, &a);
    say("AttachCurrentThread %d", rc);
    jclass c = (*env)->FindClass(env, "InvocationApi$Embedded");
    if (c == NULL) {
        /* The system class loader is not the context of a native thread's FindClass
         * (JNI spec: FindClass): the class is found through it explicitly. */
        (*env)->ExceptionClear(env);
        jclass cl = (*env)->FindClass(env, "java/lang/ClassLoader");
        jmethodID gsl = (*env)->GetStaticMethodID(env, cl, "getSystemClassLoader", "()Ljava/lang/ClassLoader;");
        jobject loader = (*env)->CallStaticObjectMethod(env, cl, gsl);
        jmethodID load = (*env)->GetMethodID(env, cl, "loadClass", "(Ljava/lang/String;)Ljava/lang/Class;");
        c = (*env)->CallObjectMethod(env, loader, load, (*env)->NewStringUTF(env, "InvocationApi$Embedded"));
        say("FindClass from an attached thread failed; loadClass through the system loader: %s", c ? "found" : "not found");
    }
    jmethodID m = (*env)->GetStaticMethodID(env, c, "whoAmI", "()Ljava/lang/String;");
    jstring s = (*env)->CallStaticObjectMethod(env, c, m);
    const char *u = (*env)->GetStringUTFChars(env, s, NULL);
    say("attached thread runs Java: %s", u);
    (*env)->ReleaseStringUTFChars(env, s, u);
    rc = (*vm)->AttachCurrentThread(vm, (void **)&env, &a);
    say("AttachCurrentThread again %d", rc);
    say("DetachCurrentThread %d", (*vm)->DetachCurrentThread(vm));
    say("GetEnv after detach %d", (*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_1_8));
    return arg;
}

static int life(const char *classpath)
{
    char cp[4096];
    snprintf(cp, sizeof cp, "-Djava.class.path=%s", classpath);
    JavaVMOption opts[] = {{cp, NULL}, {"-Xmx64m", NULL}, {"-Dembedded.by=embedder", NULL}};
    JavaVMInitArgs args = {JNI_VERSION_10, 3, opts, JNI_FALSE};
    InitArgs11 old = {.version = JNI_VERSION_1_1};
    jint rc11 = defaults(&old);
    say("GetDefaultJavaVMInitArgs(1.1) %d, version now 0x%x, a stack size given: %s", rc11, old.version,
        old.javaStackSize > 0 ? "yes" : "no");
    jint versions[] = {JNI_VERSION_1_2, JNI_VERSION_1_8, JNI_VERSION_10, 0x00090001, 0x12345};
    for (size_t i = 0; i < sizeof versions / sizeof *versions; i++) {
        JavaVMInitArgs d = {.version = versions[i]};
        say("GetDefaultJavaVMInitArgs(0x%x) %d", versions[i], defaults(&d));
    }
    count_vms("before");
    JNIEnv *env;
    JavaVMInitArgs bad = {0x12345, 3, opts, JNI_FALSE};
    say("JNI_CreateJavaVM with version 0x12345: %d", create(&vm, (void **)&env, &bad));
    jint rc = create(&vm, (void **)&env, &args);
    say("JNI_CreateJavaVM %d", rc);
    if (rc != JNI_OK) return 1;
    count_vms("alive");
    JavaVM *vm2;
    JNIEnv *env2;
    say("second JNI_CreateJavaVM while alive: %d", create(&vm2, (void **)&env2, &args));
    jint v = (*env)->GetVersion(env);
    say("GetVersion 0x%x", v);
    JNIEnv *got = NULL;
    rc = (*vm)->GetEnv(vm, (void **)&got, JNI_VERSION_1_8);
    say("GetEnv(main) %d, same env: %s", rc, got == env ? "yes" : "no");
    say("GetEnv(bad version) %d", (*vm)->GetEnv(vm, (void **)&got, 0x12345));
    jclass c = (*env)->FindClass(env, "InvocationApi$Embedded");
    if (c == NULL) {
        (*env)->ExceptionDescribe(env);
        return 2;
    }
    jmethodID greet = (*env)->GetStaticMethodID(env, c, "greet", "(Ljava/lang/String;)Ljava/lang/String;");
    jstring s = (*env)->CallStaticObjectMethod(env, c, greet, (*env)->NewStringUTF(env, "embedder"));
    const char *u = (*env)->GetStringUTFChars(env, s, NULL);
    say("greet: %s", u);
    (*env)->ReleaseStringUTFChars(env, s, u);
    jmethodID fail = (*env)->GetStaticMethodID(env, c, "fail", "()V");
    (*env)->CallStaticVoidMethod(env, c, fail);
    jthrowable ex = (*env)->ExceptionOccurred(env);
    (*env)->ExceptionClear(env);
    jclass tc = (*env)->GetObjectClass(env, ex);
    jmethodID ts = (*env)->GetMethodID(env, tc, "toString", "()Ljava/lang/String;");
    s = (*env)->CallObjectMethod(env, ex, ts);
    u = (*env)->GetStringUTFChars(env, s, NULL);
    say("fail threw: %s", u);
    (*env)->ReleaseStringUTFChars(env, s, u);
    pthread_t th;
    pthread_create(&th, NULL, attached_thread, NULL);
    pthread_join(th, NULL);
    jmethodID later = (*env)->GetStaticMethodID(env, c, "startLater", "()V");
    (*env)->CallStaticVoidMethod(env, c, later);
    say("DestroyJavaVM (waits for the non-daemon thread) %d", (*vm)->DestroyJavaVM(vm));
    count_vms("destroyed");
    say("JNI_CreateJavaVM after DestroyJavaVM: %d", create(&vm2, (void **)&env2, &args));
    say("and once more: %d", create(&vm2, (void **)&env2, &args));
    return 0;
}

static int bad_option(const char *classpath)
{
    char cp[4096];
    snprintf(cp, sizeof cp, "-Djava.class.path=%s", classpath);
    JavaVMOption opts[] = {{cp, NULL}, {"-XX:+NoSuchOptionAnywhere", NULL}};
    JavaVMInitArgs args = {JNI_VERSION_10, 2, opts, JNI_FALSE};
    JNIEnv *env;
    say("JNI_CreateJavaVM with an unrecognized option: %d", create(&vm, (void **)&env, &args));
    count_vms("after the failure");
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 4) return 3;
    void *lib = dlopen(argv[1], RTLD_NOW | RTLD_GLOBAL);
    if (lib == NULL) {
        say("dlopen: %s", dlerror());
        return 4;
    }
    create = (CreateFn)dlsym(lib, "JNI_CreateJavaVM");
    created = (CreatedFn)dlsym(lib, "JNI_GetCreatedJavaVMs");
    defaults = (DefaultFn)dlsym(lib, "JNI_GetDefaultJavaVMInitArgs");
    if (!create || !created || !defaults) return 5;
    return strcmp(argv[3], "life") == 0 ? life(argv[2]) : bad_option(argv[2]);
}
