// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The errors of every local-variable function (see agent.c).
public class LocalErrors {
    static native void errors(Thread waiting, Thread unstarted, Object notAThread);
    static native void suspendTwice(Thread t);
    static final Object lock = new Object();

    static void frame(Thread waiting, Thread unstarted) {
        int i = 1;
        long l = 2;
        float f = 3;
        double d = 4;
        Object o = "five";
        errors(waiting, unstarted, "not a thread");
        System.out.println(i + " " + l + " " + f + " " + d + " " + o);
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Thread waiting = new Thread(() -> {
            synchronized (lock) {
                try { lock.wait(); } catch (InterruptedException e) { }
            }
        }, "waiting");
        waiting.start();
        while (waiting.getState() != Thread.State.WAITING) Thread.sleep(5);
        frame(waiting, new Thread(() -> { }, "unstarted"));
        suspendTwice(waiting);
        synchronized (lock) { lock.notifyAll(); }
        waiting.join();
    }
}
