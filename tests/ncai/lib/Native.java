// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Native.java — the NCAI tests' JNI library (ncainative.c), loaded on first use.
public class Native {
    static {
        System.loadLibrary("ncainative");
    }

    static volatile int upCalls;
    static volatile long spinResult = -1;

    /** Called back by ncai_level3 (three C frames below Java frame down()). */
    static void up(int n) {
        upCalls++;
        if (n > 0) spinResult = spin();
    }

    public static native int down(int n);
    public static native long spin();
    public static native void release();
    public static native void rearm();
    /** True once a thread is inside ncai_spin_asm (since the last rearm). */
    public static native boolean spinning();
    public static native int bpRipRel();
    public static native int bpCall(int x);
    public static native int bpJcc(int x);
    public static native int stepAsm();
    public static native long load(long addr);
    public static native long watchWork();
    public static native long watched();
    public static native boolean loadPlugin();
    public static native int callPlugin();
    public static native void unloadPlugin();
    public static native void startAttached();
    public static native void stopAttached();
    public static native void raise(int sig);
    public static native int throwNative();
    public static native long churn();
    public static native void watchFromRawThread();
    public static native long overflow();
}
