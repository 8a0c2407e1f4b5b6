// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class Main {
    static native void suspend(Thread t);
    static native void resume(Thread t);
    static native void quiet(boolean on);

    static final Object lock = new Object();
    static volatile boolean waiting, notified, stop;
    static volatile long after, spins;

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Thread waiter = new Thread(() -> {
            synchronized (lock) {
                waiting = true;
                while (!notified) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
            after++;
        }, "waiter");
        waiter.start();
        while (!waiting || waiter.getState() != Thread.State.WAITING) Thread.sleep(10);
        System.out.println("waiter in Object.wait");
        suspend(waiter);
        synchronized (lock) {
            notified = true;
            lock.notifyAll();
        }
        for (int i = 0; i < 3; i++) System.gc();
        Thread.sleep(100);
        System.out.println("notified, three collections: the waiter has not gone on: " + (after == 0));
        resume(waiter);
        waiter.join();
        System.out.println("resumed: it went on: " + (after == 1));

        Thread looper = new Thread(() -> {
            while (!stop) spins++;
        }, "looper");
        looper.start();
        while (spins == 0) Thread.sleep(10);
        suspend(looper);
        long before = spins;
        for (int i = 0; i < 3; i++) System.gc();
        Thread.sleep(100);
        System.out.println("looper suspended, three collections: it did not run: " + (spins == before));
        resume(looper);
        while (spins == before) Thread.sleep(10);
        System.out.println("resumed: it runs again");
        // Again and again, with other threads running Java code and collecting too: each
        // suspension begins a safepoint (every one of them parks at its poll) and ends it
        // while the looper is suspended.
        Thread[] others = new Thread[3];
        for (int k = 0; k < others.length; k++) {
            others[k] = new Thread(() -> {
                long x = 0;
                while (!stop) x += new int[8].length;
            });
            others[k].start();
        }
        Thread collector = new Thread(() -> {
            while (!stop) System.gc();
        });
        collector.start();
        quiet(true);
        boolean ran = false;
        for (int i = 0; i < 100; i++) {
            // Two at a time: the second suspension's safepoint ends while the first
            // thread is suspended.
            suspend(looper);
            suspend(others[i % others.length]);
            before = spins;
            if (i % 5 == 0) System.gc();
            ran |= spins != before;
            resume(others[i % others.length]);
            resume(looper);
        }
        quiet(false);
        System.out.println("a hundred more suspensions and resumptions; it never ran while suspended: " + !ran);
        stop = true;
        looper.join();
        for (Thread o : others) o.join();
        collector.join();
    }
}
