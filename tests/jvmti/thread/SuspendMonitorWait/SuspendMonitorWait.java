// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// A thread suspended after it was notified in Object.wait re-enters the monitor only
// once resumed (see agent.c).
public class SuspendMonitorWait {
    static native int suspend(Thread t);
    static native int resume(Thread t);
    static native int state(Thread t);

    static final int ITERATIONS = 300;
    static final int ALIVE = 0x1, BLOCKED_ON_MONITOR_ENTER = 0x400, IN_OBJECT_WAIT = 0x100,
                     SUSPENDED = 0x100000;
    static final Object lock = new Object();
    static volatile boolean notified;     // set (under lock) before each notify
    static volatile int returned;         // waits that returned
    static volatile int iteration;        // for the watchdog
    static volatile String step = "start";

    /* A hang is a failure with a message, not a timeout of the test runner. */
    static void watchdog() {
        Thread w = new Thread(() -> {
            int last = -1;
            for (;;) {
                try { Thread.sleep(15_000); } catch (InterruptedException e) { return; }
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

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        watchdog();
        int suspendErrors = 0, resumeErrors = 0, ranWhileSuspended = 0, otherStates = 0;
        for (int i = 0; i < ITERATIONS; i++) {
            iteration = i;
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
            step = "waiter waits";
            waiter.start();
            while ((state(waiter) & IN_OBJECT_WAIT) == 0) Thread.sleep(1);
            synchronized (lock) {
                step = "notifying the waiter";
                notified = true;
                lock.notify();
                // The waiter now wants the monitor back: suspend it there.
                while ((state(waiter) & BLOCKED_ON_MONITOR_ENTER) == 0) Thread.sleep(1);
                step = "suspending the waiter";
                if (suspend(waiter) != 0) suspendErrors++;
            }
            // Let the suspended waiter wake up: it must not take the monitor.
            Thread.sleep(1);
            step = "resumer enters the monitor";
            synchronized (lock) {
                if (returned != i) ranWhileSuspended++;
                if (state(waiter) != (ALIVE | BLOCKED_ON_MONITOR_ENTER | SUSPENDED)) otherStates++;
                step = "resuming the waiter";
                if (resume(waiter) != 0) resumeErrors++;
            }
            step = "waiter re-enters after its resumption";
            waiter.join();
        }
        iteration = -2;
        System.out.println(ITERATIONS + " iterations, wait returned " + returned + " times");
        System.out.println("SuspendThread errors: " + suspendErrors + ", ResumeThread errors: " + resumeErrors);
        System.out.println("waiter ran while suspended: " + ranWhileSuspended);
        System.out.println("waiter not ALIVE|BLOCKED_ON_MONITOR_ENTER|SUSPENDED while the resumer held the monitor: " + otherStates);
    }
}
