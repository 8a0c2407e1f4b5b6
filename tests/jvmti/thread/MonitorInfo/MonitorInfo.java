// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI monitor queries (see agent.c).
public class MonitorInfo {
    static native void withoutCapabilities(Thread t, Object o);
    static native void ownedByCurrent(Object jniLocked);
    static native void ownedBy(Thread t);
    static native void contended(Thread t);
    static native void usage(String what, Object o);
    static native void errors(Thread unstarted, Thread terminated, Object notAThread);

    static final Object a = new Object() { public String toString() { return "a"; } };
    static final Object b = new Object() { public String toString() { return "b"; } };
    static final Object c = new Object() { public String toString() { return "c"; } };
    static final Object held = new Object() { public String toString() { return "held"; } };
    static final Object waitedOn = new Object() { public String toString() { return "waitedOn"; } };
    static volatile boolean release;

    synchronized void inner() {       // locks this ("the MonitorInfo instance")
        synchronized (b) {
            ownedByCurrent(c);
        }
    }

    void outer() {
        synchronized (a) {
            synchronized (a) {        // a recursive entry: reported once
                inner();
            }
        }
    }

    static void holdAndWait() {
        synchronized (held) {
            synchronized (held) {
                synchronized (waitedOn) {
                    try { waitedOn.wait(); } catch (InterruptedException e) { }
                }
            }
        }
    }

    static void enterHeld() {
        synchronized (held) { }
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        new MonitorInfo().outer();

        Thread holder = new Thread(MonitorInfo::holdAndWait, "holder");
        holder.start();
        while (holder.getState() != Thread.State.WAITING) Thread.sleep(5);
        Thread blocked = new Thread(MonitorInfo::enterHeld, "blocked");
        blocked.start();
        while (blocked.getState() != Thread.State.BLOCKED) Thread.sleep(5);

        withoutCapabilities(holder, held);
        ownedBy(holder);
        ownedBy(blocked);
        contended(holder);
        contended(blocked);
        contended(Thread.currentThread());
        usage("held", held);
        usage("waitedOn", waitedOn);
        usage("unlocked", new Object());
        Object mine = new Object();
        synchronized (mine) {
            usage("locked by main", mine);
        }

        synchronized (waitedOn) { waitedOn.notifyAll(); }
        holder.join();
        blocked.join();
        Thread unstarted = new Thread(() -> { }, "unstarted");
        errors(unstarted, blocked, "not a thread");
    }
}
