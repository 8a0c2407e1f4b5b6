// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI GetCurrentThread on the main thread, a Java thread, a thread attached through
// JNI, and a thread that is not attached.
public class GetCurrentThread {
    static native void current(String who);
    static native void attached();

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        current("main");
        Thread t = new Thread(() -> current("a Java thread"), "gct worker");
        t.start();
        t.join();
        attached();
    }
}
