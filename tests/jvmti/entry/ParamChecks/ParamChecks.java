// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The parameter checks of the JVMTI entry layer, in the live phase.
public class ParamChecks {
    static int counter;

    static native void live(Object notAClass, Thread unstarted, Thread finished);

    public static void main(String[] args) throws InterruptedException {
        System.load(System.getProperty("test.agent"));
        Thread finished = new Thread(() -> counter++);
        finished.start();
        finished.join();
        live("a string", new Thread(() -> { }), finished);
    }
}
