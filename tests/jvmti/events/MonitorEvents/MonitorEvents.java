// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI monitor events (see agent.c).
public class MonitorEvents {
    static native void enable();
    static native void disable();

    static Object named(String name) {
        return new Object() { public String toString() { return name; } };
    }

    static final Object lock = named("lock");
    static final Object w = named("w");

    // Not join(): it waits on the Thread object, and the ending thread's lock of that
    // object would then contend with it (events whose order depends on timing).
    static void awaitEnd(Thread t) throws InterruptedException {
        while (t.isAlive()) Thread.sleep(5);
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        enable();
        synchronized (lock) { } // uncontended: no event

        Thread contender;
        synchronized (lock) {
            contender = new Thread(() -> { synchronized (lock) { } }, "contender");
            contender.start();
            while (contender.getState() != Thread.State.BLOCKED) Thread.sleep(5);
            Thread.sleep(100);
        }
        awaitEnd(contender);
        System.out.println("contender done");

        synchronized (w) { w.wait(30); }
        System.out.println("timed wait done");

        Thread waiter = new Thread(() -> {
            synchronized (w) {
                try { w.wait(); } catch (InterruptedException e) { }
            }
        }, "waiter");
        waiter.start();
        while (waiter.getState() != Thread.State.WAITING) Thread.sleep(5);
        synchronized (w) { w.notify(); }
        awaitEnd(waiter);
        System.out.println("notified wait done");

        Thread.currentThread().interrupt();
        synchronized (w) {
            try { w.wait(); } catch (InterruptedException e) { System.out.println("InterruptedException"); }
        }
        try { w.wait(); } catch (IllegalMonitorStateException e) { System.out.println("IllegalMonitorStateException"); }
        synchronized (w) {
            try { w.wait(-1); } catch (IllegalArgumentException e) { System.out.println("IllegalArgumentException"); }
        }
        disable();
        synchronized (w) { w.wait(1); }
        System.out.println("done");
    }
}
