// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI GetThreadState for threads in every clearly defined state.
import java.util.concurrent.locks.LockSupport;

public class GetThreadState {
    static native void state(String what, Thread t);
    static native void errors(Object notThread);
    static native void inNative();   // blocks in native code until release()
    static native void release();
    static native boolean entered(); // has inNative() started?

    static final Object lock = new Object();
    static final Object waitLock = new Object();
    static volatile boolean stop, spinning;
    static volatile long sink;

    static void await(Thread t, Thread.State s) throws InterruptedException {
        while (t.getState() != s) Thread.sleep(1);
    }

    static Thread start(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        state("current", null);

        Thread fresh = new Thread(() -> { }, "fresh");
        state("new", fresh);

        Thread done = new Thread(() -> { }, "done");
        done.start();
        done.join();
        state("terminated", done);

        Thread sleeper = start("sleeper", () -> {
            try { Thread.sleep(600_000); } catch (InterruptedException e) { }
        });
        await(sleeper, Thread.State.TIMED_WAITING);
        state("sleeping", sleeper);

        Thread waiter = start("waiter", () -> {
            synchronized (waitLock) {
                try { waitLock.wait(); } catch (InterruptedException e) { }
            }
        });
        await(waiter, Thread.State.WAITING);
        state("Object.wait()", waiter);

        Thread timedWaiter = start("timed waiter", () -> {
            synchronized (waitLock) {
                try { waitLock.wait(600_000); } catch (InterruptedException e) { }
            }
        });
        await(timedWaiter, Thread.State.TIMED_WAITING);
        state("Object.wait(long)", timedWaiter);

        Thread blocked;
        synchronized (lock) {
            blocked = start("blocked", () -> { synchronized (lock) { sink++; } });
            await(blocked, Thread.State.BLOCKED);
            state("blocked on monitor enter", blocked);
        }

        Thread parker = start("parker", () -> { while (!stop) LockSupport.park(); });
        await(parker, Thread.State.WAITING);
        state("parked", parker);

        Thread timedParker = start("timed parker", () -> {
            while (!stop) LockSupport.parkNanos(600_000_000_000L);
        });
        await(timedParker, Thread.State.TIMED_WAITING);
        state("parked with timeout", timedParker);

        Thread spinner = start("spinner", () -> { long x = 0; spinning = true; while (!stop) x++; sink = x; });
        // In its loop, not still starting (20 ms of sleep were not always enough on a loaded machine).
        while (!spinning) Thread.sleep(1);
        state("runnable in Java", spinner);
        spinner.interrupt();
        state("runnable in Java, interrupted", spinner);

        Thread nat = start("native", GetThreadState::inNative);
        while (!entered()) Thread.sleep(1);
        state("in native", nat);
        release();
        nat.join();

        stop = true;
        LockSupport.unpark(parker);
        LockSupport.unpark(timedParker);
        sleeper.interrupt();
        synchronized (waitLock) { waitLock.notifyAll(); }
        for (Thread t : new Thread[] {sleeper, waiter, timedWaiter, blocked, parker, timedParker, spinner})
            t.join();
        state("sleeper after the end", sleeper);

        errors("not a thread");
    }
}
