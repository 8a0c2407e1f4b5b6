// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI SetJNIFunctionTable / GetJNIFunctionTable: an agent replaces NewStringUTF and
// GetStringUTFChars; Java native methods then go through the replacements on the thread
// that installed them, on a thread that was already running, and on a thread started
// afterwards; the agent's own JNI calls too. The table is copied (later changes to the
// agent's copy do nothing), GetJNIFunctionTable returns the table in force, restoring
// the original table ends the interception, and the errors are NULL_POINTER.
import java.util.concurrent.CountDownLatch;

public class FunctionTable {
    static native void install();
    static native void restore();
    static native String echo(String s); // GetStringUTFChars + NewStringUTF in C
    static native String agentString(); // NewStringUTF("probe:agent") from the agent

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        System.out.println("before: " + echo("probe:one"));
        CountDownLatch installed = new CountDownLatch(1);
        String[] early = new String[1];
        Thread running = new Thread(() -> {
            try {
                installed.await();
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
            early[0] = echo("probe:running");
        });
        running.start();
        install();
        installed.countDown();
        System.out.println("after: " + echo("probe:two"));
        System.out.println("plain: " + echo("plain"));
        System.out.println("agent: " + agentString());
        running.join();
        System.out.println("running thread: " + early[0]);
        String[] late = new String[1];
        Thread t = new Thread(() -> late[0] = echo("probe:new"));
        t.start();
        t.join();
        System.out.println("new thread: " + late[0]);
        restore();
        System.out.println("restored: " + echo("probe:three"));
    }
}
