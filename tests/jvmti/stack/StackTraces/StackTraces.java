// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI stack frame queries (see agent.c): the current thread, a thread waiting in
// Object.wait, one sleeping, one spinning in Java code, one calling back into Java from a
// native method, threads not started and ended.
public class StackTraces {
    static native void current();
    static native void other(Thread t, boolean exactLocations);
    static native void all(Thread[] ours);
    static native void list(Thread[] threads);
    static native void errors(Thread unstarted, Thread terminated, Object notAThread);
    static native void upcall();

    static final Object lock = new Object();
    static volatile boolean spin = true;
    static volatile long sink;

    static void level2() { current(); }
    static void level1() { level2(); }
    static void fromNative() { current(); }

    static class Waiter extends Thread {
        Waiter() { super("waiter"); }
        public void run() { waitHere(); }
        void waitHere() {
            synchronized (lock) {
                try { lock.wait(); } catch (InterruptedException e) { }
            }
        }
    }

    static class Sleeper extends Thread {
        Sleeper() { super("sleeper"); }
        public void run() { nap(); }
        void nap() {
            try { Thread.sleep(600_000); } catch (InterruptedException e) { }
        }
    }

    static class Spinner extends Thread {
        Spinner() { super("spinner"); }
        public void run() { loop(); }
        void loop() {
            long i = 0;
            while (spin) i++;
            sink = i;
        }
    }

    static void await(Thread t, Thread.State s) throws InterruptedException {
        while (t.getState() != s) Thread.sleep(5);
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        level1();
        upcall();

        Waiter w = new Waiter();
        Sleeper s = new Sleeper();
        Spinner p = new Spinner();
        w.start();
        s.start();
        p.start();
        await(w, Thread.State.WAITING);
        await(s, Thread.State.TIMED_WAITING);
        Thread.sleep(50);
        other(w, true);
        other(s, true);
        other(p, false);
        all(new Thread[] {Thread.currentThread(), w, s, p});

        Thread unstarted = new Thread(() -> { }, "unstarted");
        Thread terminated = new Thread(() -> { }, "terminated");
        terminated.start();
        terminated.join();
        list(new Thread[] {w, Thread.currentThread(), unstarted, terminated});
        errors(unstarted, terminated, "not a thread");

        spin = false;
        s.interrupt();
        synchronized (lock) { lock.notifyAll(); }
        w.join();
        s.join();
        p.join();
    }
}
