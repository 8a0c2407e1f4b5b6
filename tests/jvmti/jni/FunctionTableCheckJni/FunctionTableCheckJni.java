// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI SetJNIFunctionTable under -Xcheck:jni: the agent interposes on the checked table
// GetJNIFunctionTable returns, and JNI misuse behind its replacements is still reported
// (with the Java stack), on this thread and on a thread started afterwards.
public class FunctionTableCheckJni {
    static native void install();
    static native void misuse();
    static native void restore();

    static void quiet() { }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        install();
        misuse();
        Thread t = new Thread("later") {
            public void run() { misuse(); }
        };
        t.start();
        t.join();
        restore();
    }
}
