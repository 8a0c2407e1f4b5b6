// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Thread.suspend/resume and monitors, in loops: a thread suspended while it is blocked
// entering a monitor, or blocked re-entering after Object.wait was notified, does not
// take the monitor while suspended, so the thread that resumes it can enter the monitor
// first (HotSpot gives back a monitor a suspended thread got and waits for the
// resumption). A hang is reported by the watchdog (and would otherwise time the test out),
// which looks every third of the runner's limit for a run (tests/run exports TIMEOUT, 60 s
// or make check's 300 s): so a hang is reported before the runner kills the test, and a
// loaded or sanitized run gets as much more time as the runner gives it.
import java.util.concurrent.CountDownLatch;

public class ThreadSuspendMonitors {
    static final int ITERATIONS = 200;
    static final Object lock = new Object();
    static volatile int entered, returned;
    static volatile boolean notified;
    static volatile int iteration;
    static volatile String step = "start";

    static void watchdog() {
        String limit = System.getenv("TIMEOUT");
        long period = (limit != null ? Long.parseLong(limit) : 45) * 1000 / 3;
        Thread w = new Thread(() -> {
            int last = -1;
            for (;;) {
                try { Thread.sleep(period); } catch (InterruptedException e) { return; }
                if (iteration == last) {
                    System.out.println("stuck in iteration " + last + ": " + step);
                    Runtime.getRuntime().halt(1);
                }
                last = iteration;
            }
        }, "watchdog");
        w.setDaemon(true);
        w.start();
    }

    static void await(Thread t, Thread.State s) throws InterruptedException {
        while (t.getState() != s) Thread.sleep(1);
    }

    @SuppressWarnings("removal")
    static void contendedEntry() throws Exception {
        int early = 0;
        for (int i = 0; i < ITERATIONS; i++) {
            iteration++;
            CountDownLatch holding = new CountDownLatch(1), release = new CountDownLatch(1);
            Thread blocker = new Thread(() -> {
                synchronized (lock) {
                    holding.countDown();
                    try { release.await(); } catch (InterruptedException e) { }
                }
            }, "blocker");
            Thread contender = new Thread(() -> { synchronized (lock) { entered++; } }, "contender");
            blocker.setDaemon(true);
            contender.setDaemon(true);
            step = "entry: blocker takes the monitor";
            blocker.start();
            holding.await();
            step = "entry: contender blocks";
            contender.start();
            await(contender, Thread.State.BLOCKED);
            contender.suspend();
            step = "entry: blocker leaves";
            release.countDown();
            blocker.join();
            Thread.sleep(1);
            step = "entry: resumer enters the monitor";
            synchronized (lock) {
                if (entered != i) early++;
                contender.resume();
            }
            step = "entry: contender enters";
            contender.join();
        }
        System.out.println("contended entry: " + entered + " entries, " + early + " while suspended");
    }

    @SuppressWarnings("removal")
    static void waitReentry() throws Exception {
        int early = 0;
        for (int i = 0; i < ITERATIONS; i++) {
            iteration++;
            notified = false;
            Thread waiter = new Thread(() -> {
                synchronized (lock) {
                    while (!notified) {
                        try { lock.wait(); } catch (InterruptedException e) { }
                    }
                    returned++;
                }
            }, "waiter");
            waiter.setDaemon(true);
            step = "wait: waiter waits";
            waiter.start();
            await(waiter, Thread.State.WAITING);
            synchronized (lock) {
                step = "wait: notifying";
                notified = true;
                lock.notify();
                await(waiter, Thread.State.BLOCKED);
                waiter.suspend();
            }
            Thread.sleep(1);
            step = "wait: resumer enters the monitor";
            synchronized (lock) {
                if (returned != i) early++;
                waiter.resume();
            }
            step = "wait: waiter re-enters";
            waiter.join();
        }
        System.out.println("wait re-entry: " + returned + " returns, " + early + " while suspended");
    }

    public static void main(String[] args) throws Exception {
        watchdog();
        contendedEntry();
        waitReentry();
        iteration = -2;
    }
}
