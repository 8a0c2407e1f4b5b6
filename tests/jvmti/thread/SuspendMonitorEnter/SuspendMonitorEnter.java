// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// A thread suspended while it is blocked entering a contended monitor does not take the
// monitor while suspended (see agent.c).
import java.util.concurrent.CountDownLatch;

public class SuspendMonitorEnter {
    static native void watchdog(int seconds);          // a hang becomes a failure (agent.c)
    static native void progress(int n, String step);  // tells the watchdog where we are
    static native int suspend(Thread t);
    static native int resume(Thread t);
    static native int state(Thread t);
    static native boolean contendsFor(Thread t, Object o); // GetCurrentContendedMonitor
    static native int ownedMonitors(Thread t);              // GetOwnedMonitorInfo
    static native void countEvents(Object o);  // MonitorContendedEnter/Entered on o, by other threads
    static native String events();
    static native void enterFromNative(Object o); // JNI MonitorEnter/MonitorExit once told to
    static native boolean nativeReady();
    static native void nativeGo();
    static native boolean nativeEntered();

    static final int ITERATIONS = 300;
    static final int ALIVE = 0x1, BLOCKED_ON_MONITOR_ENTER = 0x400, SUSPENDED = 0x100000;
    static final Object lock = new Object();
    static volatile int entered;          // synchronized blocks the contenders ran

    static String err(int e) { return e == 0 ? "NONE" : "error " + e; }

    /* The native code of a suspended thread goes on until it calls JNI MonitorEnter,
     * which waits for the resumption. */
    static void jniMonitorEnter() throws Exception {
        Object jniLock = new Object();
        Thread t = new Thread(() -> enterFromNative(jniLock), "native");
        t.setDaemon(true);
        progress(-1, "JNI: thread starts");
        t.start();
        while (!nativeReady()) Thread.sleep(1);
        progress(-1, "JNI: suspending the thread in native code");
        int suspended = suspend(t);
        nativeGo();
        Thread.sleep(200); // time enough to enter, were it allowed to
        boolean enteredWhileSuspended = nativeEntered();
        progress(-1, "JNI: resumer enters the monitor");
        synchronized (jniLock) {
            progress(-1, "JNI: resuming the thread");
            System.out.println("JNI MonitorEnter: SuspendThread " + err(suspended) + ", entered while suspended: " + enteredWhileSuspended + ", ResumeThread " + err(resume(t)));
        }
        progress(-1, "JNI: thread enters after its resumption");
        t.join();
        System.out.println("JNI MonitorEnter: entered after the resumption: " + nativeEntered());
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        watchdog(15);
        int suspendErrors = 0, resumeErrors = 0, ranWhileSuspended = 0, otherStates = 0;
        int otherContended = 0, owning = 0;
        countEvents(lock);
        for (int i = 0; i < ITERATIONS; i++) {
            CountDownLatch holding = new CountDownLatch(1), release = new CountDownLatch(1);
            Thread blocker = new Thread(() -> {
                synchronized (lock) {
                    holding.countDown();
                    try { release.await(); } catch (InterruptedException e) { }
                }
            }, "blocker");
            Thread contender = new Thread(() -> {
                synchronized (lock) { entered++; }
            }, "contender");
            contender.setDaemon(true);
            blocker.setDaemon(true);
            progress(i, "blocker takes the monitor");
            blocker.start();
            holding.await();
            progress(i, "contender blocks on the monitor");
            contender.start();
            while ((state(contender) & BLOCKED_ON_MONITOR_ENTER) == 0) Thread.sleep(1);
            progress(i, "suspending the contender");
            if (suspend(contender) != 0) suspendErrors++;
            progress(i, "blocker releases the monitor");
            release.countDown();
            blocker.join();
            // Let the suspended contender wake up: it must not keep the monitor.
            Thread.sleep(1);
            progress(i, "resumer enters the monitor");
            synchronized (lock) {
                if (entered != i) ranWhileSuspended++;
                if (state(contender) != (ALIVE | BLOCKED_ON_MONITOR_ENTER | SUSPENDED)) otherStates++;
                if (!contendsFor(contender, lock)) otherContended++;
                if (ownedMonitors(contender) != 0) owning++;
                progress(i, "resuming the contender");
                if (resume(contender) != 0) resumeErrors++;
            }
            progress(i, "contender enters after its resumption");
            contender.join();
        }
        String events = events();
        jniMonitorEnter();
        System.out.println(ITERATIONS + " iterations, contender entered " + entered + " times");
        System.out.println("SuspendThread errors: " + suspendErrors + ", ResumeThread errors: " + resumeErrors);
        System.out.println("contender ran while suspended: " + ranWhileSuspended);
        System.out.println("contender not ALIVE|BLOCKED_ON_MONITOR_ENTER|SUSPENDED while the resumer held the monitor: " + otherStates);
        System.out.println("contender not contending for the monitor then: " + otherContended + ", owning monitors then: " + owning);
        System.out.println("contender's events: " + events);
    }
}
