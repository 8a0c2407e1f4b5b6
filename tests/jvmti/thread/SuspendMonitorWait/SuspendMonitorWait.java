// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// A thread suspended after it was notified in Object.wait re-enters the monitor only
// once resumed (see agent.c).
public class SuspendMonitorWait {
    static native void watchdog(int seconds);          // a hang becomes a failure (agent.c)
    static native void progress(int n, String step);  // tells the watchdog where we are
    static native int suspend(Thread t);
    static native int resume(Thread t);
    static native int state(Thread t);

    static final int ITERATIONS = 300;
    static final int ALIVE = 0x1, BLOCKED_ON_MONITOR_ENTER = 0x400, IN_OBJECT_WAIT = 0x100,
                     SUSPENDED = 0x100000;
    static final Object lock = new Object();
    static volatile boolean notified;     // set (under lock) before each notify
    static volatile int returned;         // waits that returned

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        watchdog(15);
        int suspendErrors = 0, resumeErrors = 0, ranWhileSuspended = 0, otherStates = 0;
        for (int i = 0; i < ITERATIONS; i++) {
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
            progress(i, "waiter waits");
            waiter.start();
            while ((state(waiter) & IN_OBJECT_WAIT) == 0) Thread.sleep(1);
            synchronized (lock) {
                progress(i, "notifying the waiter");
                notified = true;
                lock.notify();
                // The waiter now wants the monitor back: suspend it there.
                while ((state(waiter) & BLOCKED_ON_MONITOR_ENTER) == 0) Thread.sleep(1);
                progress(i, "suspending the waiter");
                if (suspend(waiter) != 0) suspendErrors++;
            }
            // Let the suspended waiter wake up: it must not take the monitor.
            Thread.sleep(1);
            progress(i, "resumer enters the monitor");
            synchronized (lock) {
                if (returned != i) ranWhileSuspended++;
                if (state(waiter) != (ALIVE | BLOCKED_ON_MONITOR_ENTER | SUSPENDED)) otherStates++;
                progress(i, "resuming the waiter");
                if (resume(waiter) != 0) resumeErrors++;
            }
            progress(i, "waiter re-enters after its resumption");
            waiter.join();
        }
        System.out.println(ITERATIONS + " iterations, wait returned " + returned + " times");
        System.out.println("SuspendThread errors: " + suspendErrors + ", ResumeThread errors: " + resumeErrors);
        System.out.println("waiter ran while suspended: " + ranWhileSuspended);
        System.out.println("waiter not ALIVE|BLOCKED_ON_MONITOR_ENTER|SUSPENDED while the resumer held the monitor: " + otherStates);
    }
}
