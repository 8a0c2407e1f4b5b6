// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI StopThread (see agent.c).
import java.util.concurrent.CountDownLatch;

public class StopThread {
    static native void withoutCapability(Thread t, Throwable x);
    static native int stop(Thread t, Throwable x); // the jvmtiError
    static native void errors(Thread unstarted, Thread terminated, Object notAThread, Throwable x);

    static volatile boolean spin = true;
    static volatile long sink;
    static final Object lock = new Object();

    interface Body { void run(CountDownLatch ready) throws Throwable; }

    static void victim(String name, Throwable x, Body body) throws Exception {
        CountDownLatch ready = new CountDownLatch(1);
        Thread t = new Thread(() -> {
            try {
                body.run(ready);
                System.out.println(name + ": returned normally");
            } catch (Throwable e) {
                System.out.println(name + ": caught " + e + (e == x ? " (the same object)" : " (ANOTHER object)"));
            }
        }, name);
        t.start();
        ready.await();
        Thread.sleep(50);
        int err = stop(t, x);
        t.join();
        System.out.println(name + ": StopThread answered " + (err == 0 ? "NONE" : "error " + err));
    }

    static int depth(int n) { return n == 0 ? 0 : 1 + depth(n - 1); }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Thread idle = new Thread(() -> {
            try { Thread.sleep(600_000); } catch (InterruptedException e) { System.out.println("idle: interrupted"); }
        }, "idle");
        idle.start();
        withoutCapability(idle, new IllegalStateException("never thrown"));
        System.out.println("idle alive after the call without the capability: " + idle.isAlive());
        idle.interrupt();
        idle.join();

        victim("spinner", new IllegalStateException("stop the loop"), ready -> {
            ready.countDown();
            long i = 0;
            while (spin) i++;
            sink = i;
        });
        victim("sleeper", new ArithmeticException("stop the sleep"), ready -> {
            ready.countDown();
            Thread.sleep(600_000);
        });
        victim("waiter", new ThreadDeath(), ready -> {
            synchronized (lock) {
                ready.countDown();
                lock.wait();
            }
        });
        victim("checked", new java.io.IOException("a checked exception"), ready -> {
            ready.countDown();
            while (spin) sink += depth(20);
        });

        // The current thread: thrown when the native method returns to Java.
        Throwable mine = new UnsupportedOperationException("thrown at myself");
        try {
            stop(Thread.currentThread(), mine);
            System.out.println("main: stop returned to Java normally");
        } catch (UnsupportedOperationException e) {
            System.out.println("main: caught " + e + (e == mine ? " (the same object)" : " (ANOTHER object)"));
        }
        // Like Thread.stop, StopThread also interrupts its target.
        System.out.println("main: interrupted by the stop " + Thread.interrupted());

        Thread unstarted = new Thread(() -> System.out.println("unstarted: run() ran"), "unstarted");
        Thread terminated = new Thread(() -> { }, "terminated");
        terminated.start();
        terminated.join();
        errors(unstarted, terminated, "not a thread", new IllegalStateException("never thrown"));
        unstarted.start();
        unstarted.join();
    }
}
