// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI InterruptThread without its capability.
public class InterruptThread {
    static native void interrupt(Thread t);

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Thread t = new Thread(() -> {
            try { Thread.sleep(600_000); } catch (InterruptedException e) { }
        }, "sleeper");
        t.start();
        interrupt(t);
        System.out.println("still interrupted: " + t.isInterrupted());
        t.interrupt();
        t.join();
    }
}
