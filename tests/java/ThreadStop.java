// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Thread.stop of other threads: the asynchronous ThreadDeath reaches a thread spinning in
// a loop, one sleeping, one waiting in Object.wait, one parked, one blocked entering a
// monitor (it gets the exception after acquiring it), one in a call-heavy recursion; a
// thread not started yet dies at once when started (stillborn); an uncaught ThreadDeath
// ends a thread silently; stopping a terminated thread does nothing; stopping oneself
// throws at once; finally blocks run while unwinding.
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;

public class ThreadStop {
    static volatile boolean spin = true;
    static volatile long sink;
    static final Object lock = new Object();
    static final Object held = new Object();

    interface Body { void run(CountDownLatch ready) throws Throwable; }

    static Thread victim(String name, Body body) {
        CountDownLatch ready = new CountDownLatch(1);
        Thread t = new Thread(() -> {
            try {
                try {
                    body.run(ready);
                    System.out.println(name + ": returned normally");
                } finally {
                    System.out.println(name + ": finally ran");
                }
            } catch (ThreadDeath d) {
                System.out.println(name + ": caught ThreadDeath");
            } catch (Throwable e) {
                System.out.println(name + ": caught " + e.getClass().getName());
            }
        }, name);
        t.start();
        try {
            ready.await();
            Thread.sleep(50);
        } catch (InterruptedException e) {
            throw new RuntimeException(e);
        }
        return t;
    }

    static int recurse(int n) { return n <= 0 ? 0 : 1 + recurse(n - 1); }

    @SuppressWarnings("removal")
    static void stopAndJoin(Thread t) throws InterruptedException {
        t.stop();
        t.join();
        System.out.println(t.getName() + ": alive after join " + t.isAlive());
    }

    @SuppressWarnings("removal")
    public static void main(String[] args) throws Throwable {
        stopAndJoin(victim("spinner", ready -> {
            ready.countDown();
            long i = 0;
            while (spin) i++;
            sink = i;
        }));
        stopAndJoin(victim("sleeper", ready -> {
            ready.countDown();
            Thread.sleep(60_000);
        }));
        stopAndJoin(victim("waiter", ready -> {
            synchronized (lock) {
                ready.countDown();
                lock.wait();
            }
        }));
        stopAndJoin(victim("parker", ready -> {
            ready.countDown();
            while (true) LockSupport.park();
        }));
        stopAndJoin(victim("caller", ready -> {
            ready.countDown();
            while (true) sink += recurse(50);
        }));

        // Blocked on a monitor another thread holds: the exception comes once it gets it.
        Thread blocked;
        synchronized (held) {
            blocked = victim("blocked", ready -> {
                ready.countDown();
                synchronized (held) {
                    System.out.println("blocked: acquired the monitor");
                    long i = 0;
                    while (spin) i++;
                }
            });
            blocked.stop();
            Thread.sleep(50);
            System.out.println("blocked: still alive while the monitor is held " + blocked.isAlive());
        }
        blocked.join();
        System.out.println("blocked: alive after join " + blocked.isAlive());

        // Uncaught: the thread ends without "Exception in thread" output.
        Thread silent = new Thread(() -> { while (spin) sink++; }, "silent");
        silent.start();
        Thread.sleep(50);
        silent.stop();
        silent.join();
        System.out.println("silent: alive after join " + silent.isAlive());

        // Not started: stillborn, run() never runs.
        Thread unstarted = new Thread(() -> System.out.println("unstarted: run() ran"), "unstarted");
        unstarted.stop();
        unstarted.start();
        unstarted.join();
        System.out.println("unstarted: alive after join " + unstarted.isAlive());

        // Terminated: nothing happens.
        unstarted.stop();
        System.out.println("terminated: stop returned");

        // Oneself: thrown at once.
        try {
            Thread.currentThread().stop();
            System.out.println("self: stop returned");
        } catch (ThreadDeath d) {
            System.out.println("self: caught ThreadDeath");
        }
        System.out.println("main interrupted after all: " + Thread.interrupted());
    }
}
