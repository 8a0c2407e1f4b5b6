/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Redefine: a frame that was running Target.work when Target was redefined runs a copy of
 * its old version, whose bytecodes are elsewhere. Its Java frame's pc_address still maps
 * back (FindJavaMethod, GetBytecodeLocation) to Target.work, the method as tools see it
 * (JVMTI's rule for a frame running equivalent code), at the bci of its call of
 * Native.spin.
 */
#include "ncai_test.h"

static jvmtiEnv *jvmti;
static ncaiEnv *ncai;

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    jvmti = new_jvmti(vm);
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_redefine_classes = 1;
    if ((*jvmti)->AddCapabilities(jvmti, &caps) != JVMTI_ERROR_NONE) return 1;
    ncai = get_ncai(jvmti);
    return ncai != NULL ? 0 : 1;
}

JNIEXPORT void JNICALL Java_Main_redefine(JNIEnv *jni, jclass c, jclass target, jbyteArray bytes)
{
    jvmtiClassDefinition def = {target, (*jni)->GetArrayLength(jni, bytes), NULL};
    def.class_bytes = (unsigned char *)(*jni)->GetByteArrayElements(jni, bytes, NULL);
    say("RedefineClasses: %d", (int)(*jvmti)->RedefineClasses(jvmti, 1, &def));
    (*jni)->ReleaseByteArrayElements(jni, bytes, (jbyte *)def.class_bytes, JNI_ABORT);
}

JNIEXPORT void JNICALL Java_Main_check(JNIEnv *jni, jclass c)
{
    jint n = 0;
    ncaiThread *ts = NULL;
    (*ncai)->GetAllThreads(ncai, &n, &ts);
    ncaiThread w = NULL;
    for (jint i = 0; i < n; i++) {
        ncaiThreadInfo ti;
        if ((*ncai)->GetThreadInfo(ncai, ts[i], &ti) == NCAI_ERROR_NONE && strcmp(ti.name, "worker") == 0) w = ts[i];
    }
    ncheck("SuspendThread(worker)", (*ncai)->SuspendThread(ncai, w));
    ncaiFrameInfo fr[128];
    jint count = 0;
    (*ncai)->GetStackTrace(ncai, w, 128, fr, &count);
    /* Depth 0 is Native.spin; depth 1 is Target.work, the first frame with bytecodes. */
    void *pc = NULL;
    for (jint i = 0; i < count && pc == NULL; i++) {
        Dl_info di;
        if (fr[i].java_frame_depth == 1 && dladdr(fr[i].pc_address, &di) == 0) pc = fr[i].pc_address;
    }
    jmethodID m = NULL;
    ncheck("FindJavaMethod(Target.work's frame)", (*ncai)->FindJavaMethod(ncai, pc, &m));
    char *name = NULL;
    jclass decl = NULL;
    if (m != NULL) {
        (*jvmti)->GetMethodName(jvmti, m, &name, NULL, NULL);
        (*jvmti)->GetMethodDeclaringClass(jvmti, m, &decl);
    }
    jclass target = (*jni)->FindClass(jni, "Target");
    jmethodID live = (*jni)->GetStaticMethodID(jni, target, "work", "()J");
    say("  method: %s, Target's current one: %s", name != NULL ? name : "none", m == live ? "yes" : "no");
    jmethodID mm = NULL;
    jlocation loc = -2;
    ncheck("GetBytecodeLocation", (*ncai)->GetBytecodeLocation(ncai, pc, &mm, &loc));
    say("  bci %d (the invokestatic of Native.spin)", (int)loc);
    ncheck("ResumeThread(worker)", (*ncai)->ResumeThread(ncai, w));
}
