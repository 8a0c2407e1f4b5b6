// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Callbacks that call Java (through JNI) and JVMTI, that catch exceptions thrown by the
// Java code they call, and that return with an exception pending.
public class CallbackJni {
    static int calls;

    // Called by the agent from its callbacks.
    static String callback(String what) {
        calls++;
        if (what.startsWith("throw")) throw new IllegalStateException(what);
        return "java saw " + what;
    }

    public static void main(String[] args) throws Exception {
        Thread w = new Thread(() -> System.out.println("worker runs"), "worker-1");
        w.start();
        w.join();
        System.out.println("main ends, callbacks into Java: " + calls);
    }
}
