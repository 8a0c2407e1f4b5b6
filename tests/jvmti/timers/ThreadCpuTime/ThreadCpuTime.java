// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI thread CPU time: the current thread's and another thread's, growing while they
// compute and not while they sleep; not-alive and non-Thread arguments.
public class ThreadCpuTime {
    static native void current();
    static native void other(Thread busy, Thread idle, Thread notStarted, Object notThread);
    static native void unstartedAndDone(Thread done);

    static volatile boolean stop;
    static volatile long sink;

    static void burn(long millis) {
        long end = System.nanoTime() + millis * 1_000_000L;
        long x = 0;
        while (System.nanoTime() < end) x += x * 31 + 7;
        sink = x;
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        current();
        Thread busy = new Thread(() -> { while (!stop) burn(5); }, "busy");
        Thread idle = new Thread(() -> {
            try { Thread.sleep(100_000); } catch (InterruptedException e) { }
        }, "idle");
        busy.start();
        idle.start();
        while (idle.getState() != Thread.State.TIMED_WAITING) Thread.sleep(1);
        burn(30); // let busy run too
        other(busy, idle, new Thread("never started"), "a string");
        stop = true;
        busy.join();
        idle.interrupt();
        idle.join();
        unstartedAndDone(busy);
    }
}
