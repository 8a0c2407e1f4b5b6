// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI InterruptThread (see agent.c): without and with can_signal_thread.
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;

public class InterruptThread {
    static native void withoutCapability(Thread t);
    static native void interrupt(Thread t);
    static native void errors(Thread unstarted, Thread terminated, Object notAThread);

    static final Object lock = new Object();

    interface Body { void run(CountDownLatch ready) throws Exception; }

    // What the victim saw; printed by main after join, so that the order of the output
    // does not depend on which thread runs first after the interrupt.
    static volatile String outcome;

    static void victim(String name, Body body) throws Exception {
        CountDownLatch ready = new CountDownLatch(1);
        outcome = name + ": returned normally";
        Thread t = new Thread(() -> {
            try {
                body.run(ready);
            } catch (InterruptedException e) {
                outcome = name + ": InterruptedException, still interrupted "
                          + Thread.currentThread().isInterrupted();
            } catch (Exception e) {
                outcome = name + ": " + e;
            }
        }, name);
        t.start();
        ready.await();
        while (t.getState() == Thread.State.RUNNABLE) Thread.sleep(5);
        interrupt(t);
        t.join();
        System.out.println(outcome);
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Thread t = new Thread(() -> {
            try { Thread.sleep(600_000); } catch (InterruptedException e) { }
        }, "sleeper");
        t.start();
        withoutCapability(t);
        System.out.println("interrupted by the call without the capability: " + t.isInterrupted());
        t.interrupt();
        t.join();

        victim("sleeper", ready -> { ready.countDown(); Thread.sleep(600_000); });
        victim("waiter", ready -> {
            synchronized (lock) {
                ready.countDown();
                lock.wait();
            }
        });
        victim("parker", ready -> {
            ready.countDown();
            LockSupport.park();
            outcome = "parker: park returned, interrupted " + Thread.currentThread().isInterrupted();
        });

        // The current thread: only the flag (nothing blocks).
        interrupt(Thread.currentThread());
        System.out.println("main: interrupted " + Thread.interrupted());

        Thread unstarted = new Thread(() -> { }, "unstarted");
        Thread terminated = new Thread(() -> { }, "terminated");
        terminated.start();
        terminated.join();
        errors(unstarted, terminated, "not a thread");
        System.out.println("unstarted interrupted: " + unstarted.isInterrupted());
    }
}
