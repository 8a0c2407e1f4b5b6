// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Monitors: a contended Java monitor, Object.wait with and without a timeout, a
// contended JVMPI raw monitor, and a monitor dump taken while all of it is going on.
public class Main {
    static final Object lock = new Object();
    static final Object waitLock = new Object();
    static volatile boolean waiting, notified;

    static native void setObjects(Object lock, Object waitLock);
    static native void dump();
    static native void rawHolder();    // holds raw monitor "contended-raw" 300 ms
    static native void rawContender(); // enters it while rawHolder holds it
    static native void report();

    public static void main(String[] args) throws Exception {
        System.loadLibrary("jvmpitest");
        setObjects(lock, waitLock);
        Thread contender = new Thread(new Runnable() {
            public void run() {
                synchronized (lock) {
                    notified = notified;
                }
            }
        }, "contender");
        Thread waiter = new Thread(new Runnable() {
            public void run() {
                synchronized (waitLock) {
                    try {
                        waitLock.wait(50); // times out
                        waiting = true;
                        while (!notified) waitLock.wait();
                    } catch (InterruptedException e) {
                        throw new RuntimeException(e);
                    }
                }
            }
        }, "waiter");
        synchronized (lock) {
            contender.start();
            waiter.start();
            while (contender.getState() != Thread.State.BLOCKED || !waiting || waiter.getState() != Thread.State.WAITING)
                Thread.sleep(10);
            dump();
        }
        Thread.sleep(100);
        synchronized (waitLock) {
            notified = true;
            waitLock.notifyAll();
        }
        contender.join();
        waiter.join();
        Thread holder = new Thread(new Runnable() {
            public void run() {
                rawHolder();
            }
        }, "raw-holder");
        holder.start();
        rawContender();
        holder.join();
        Thread.sleep(30);
        report();
    }
}
