// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// A thread suspended while it is blocked entering a raw monitor, or re-entering it after
// RawMonitorWait, takes the raw monitor only once resumed; a suspended owner enters it
// again (see agent.c).
import java.util.concurrent.CountDownLatch;

public class SuspendRawMonitor {
    static native void watchdog(int seconds);          // a hang becomes a failure (agent.c)
    static native void progress(int n, String step);  // tells the watchdog where we are
    static native int suspend(Thread t);
    static native int resume(Thread t);
    static native int rawEnter();
    static native int rawExit();
    static native int rawWait();
    static native int rawNotify();
    static native void holdAndReenter();   // RawMonitorEnter, then again once told to
    static native boolean ownerReady();
    static native void ownerGo();
    static native boolean ownerReentered();

    static final int ITERATIONS = 200;
    static volatile boolean contending, waiting, notified;
    static volatile int entered;          // raw monitor entries the contenders made
    static volatile int returned;         // RawMonitorWait calls that returned (notified)
    static int errors;

    static synchronized void expect(int err, String what) {
        if (err != 0 && errors++ < 5) System.out.println(what + ": error " + err);
    }

    static void contendedEnter() throws Exception {
        int ranWhileSuspended = 0;
        for (int i = 0; i < ITERATIONS; i++) {
            contending = false;
            CountDownLatch holding = new CountDownLatch(1), release = new CountDownLatch(1);
            Thread blocker = new Thread(() -> {
                expect(rawEnter(), "blocker: RawMonitorEnter");
                holding.countDown();
                try { release.await(); } catch (InterruptedException e) { }
                expect(rawExit(), "blocker: RawMonitorExit");
            }, "blocker");
            Thread contender = new Thread(() -> {
                contending = true;
                expect(rawEnter(), "contender: RawMonitorEnter");
                entered++;
                expect(rawExit(), "contender: RawMonitorExit");
            }, "contender");
            blocker.setDaemon(true);
            contender.setDaemon(true);
            progress(i, "blocker enters the raw monitor");
            blocker.start();
            holding.await();
            progress(i, "contender blocks on the raw monitor");
            contender.start();
            while (!contending) Thread.sleep(1);
            Thread.sleep(2); // most likely blocked in RawMonitorEnter by now
            progress(i, "suspending the contender");
            expect(suspend(contender), "SuspendThread");
            progress(i, "blocker exits the raw monitor");
            release.countDown();
            blocker.join();
            Thread.sleep(1); // let the suspended contender wake up: it must not enter
            progress(i, "resumer enters the raw monitor");
            expect(rawEnter(), "resumer: RawMonitorEnter");
            if (entered != i) ranWhileSuspended++;
            progress(i, "resuming the contender");
            expect(resume(contender), "ResumeThread");
            expect(rawExit(), "resumer: RawMonitorExit");
            progress(i, "contender enters after its resumption");
            contender.join();
        }
        System.out.println("contended RawMonitorEnter: " + ITERATIONS + " iterations, contender entered " + entered + " times, while suspended: " + ranWhileSuspended);
    }

    static void waitReentry() throws Exception {
        int ranWhileSuspended = 0;
        for (int i = 0; i < ITERATIONS; i++) {
            waiting = false;
            notified = false;
            Thread waiter = new Thread(() -> {
                expect(rawEnter(), "waiter: RawMonitorEnter");
                waiting = true;
                while (!notified) expect(rawWait(), "waiter: RawMonitorWait");
                returned++;
                expect(rawExit(), "waiter: RawMonitorExit");
            }, "waiter");
            waiter.setDaemon(true);
            progress(i, "waiter waits on the raw monitor");
            waiter.start();
            while (!waiting) Thread.sleep(1);
            expect(rawEnter(), "notifier: RawMonitorEnter"); // the waiter is in RawMonitorWait now
            progress(i, "notifying the waiter");
            notified = true;
            expect(rawNotify(), "RawMonitorNotify");
            Thread.sleep(2); // most likely blocked re-entering by now
            progress(i, "suspending the waiter");
            expect(suspend(waiter), "SuspendThread");
            expect(rawExit(), "notifier: RawMonitorExit");
            Thread.sleep(1); // let the suspended waiter wake up: it must not re-enter
            progress(i, "resumer enters the raw monitor");
            expect(rawEnter(), "resumer: RawMonitorEnter");
            if (returned != i) ranWhileSuspended++;
            progress(i, "resuming the waiter");
            expect(resume(waiter), "ResumeThread");
            expect(rawExit(), "resumer: RawMonitorExit");
            progress(i, "waiter re-enters after its resumption");
            waiter.join();
        }
        System.out.println("RawMonitorWait re-entry: " + ITERATIONS + " iterations, wait returned " + returned + " times, while suspended: " + ranWhileSuspended);
    }

    /* A suspended thread that owns the raw monitor enters it again (recursively) in its
     * native code, as on HotSpot: waiting there would hold the monitor hostage. */
    static void suspendedOwner() throws Exception {
        Thread owner = new Thread(SuspendRawMonitor::holdAndReenter, "owner");
        owner.setDaemon(true);
        progress(-1, "owner enters the raw monitor");
        owner.start();
        while (!ownerReady()) Thread.sleep(1);
        progress(-1, "suspending the owner");
        expect(suspend(owner), "SuspendThread(owner)");
        ownerGo();
        for (int i = 0; i < 1000 && !ownerReentered(); i++) Thread.sleep(10);
        System.out.println("suspended owner entered again: " + ownerReentered());
        progress(-1, "resuming the owner");
        expect(resume(owner), "ResumeThread(owner)");
        owner.join();
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        watchdog(15);
        suspendedOwner();
        contendedEnter();
        waitReentry();
        System.out.println("errors: " + errors);
    }
}
