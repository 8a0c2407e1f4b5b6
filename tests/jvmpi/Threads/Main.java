// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Threads: three named threads in a group "workers" (a child of "main"), each in a
// known state when the agent looks at them: blocker blocked entering a monitor, waiter
// in Object.wait, spinner running (and interrupted).
public class Main {
    static final Object lock = new Object();
    static final Object waitLock = new Object();
    static volatile boolean go, waiting;
    static volatile long spins;

    static native void probe(Thread blocker, Thread waiter, Thread spinner);
    static native void waitForSystemThread();

    static void spin() {
        while (!go) spins++;
    }

    public static void main(String[] args) throws Exception {
        System.loadLibrary("jvmpitest");
        ThreadGroup g = new ThreadGroup("workers");
        Thread blocker = new Thread(g, new Runnable() {
            public void run() {
                synchronized (lock) {
                    spins++;
                }
            }
        }, "blocker");
        Thread waiter = new Thread(g, new Runnable() {
            public void run() {
                synchronized (waitLock) {
                    waiting = true;
                    while (!go) {
                        try {
                            waitLock.wait();
                        } catch (InterruptedException e) {
                        }
                    }
                }
            }
        }, "waiter");
        Thread spinner = new Thread(g, new Runnable() {
            public void run() {
                spin();
            }
        }, "spinner");
        synchronized (lock) {
            blocker.start();
            waiter.start();
            spinner.start();
            while (blocker.getState() != Thread.State.BLOCKED || waiter.getState() != Thread.State.WAITING || spins == 0)
                Thread.sleep(10);
            spinner.interrupt();
            probe(blocker, waiter, spinner);
            go = true;
        }
        synchronized (waitLock) {
            waitLock.notifyAll();
        }
        blocker.join();
        waiter.join();
        spinner.join();
        waitForSystemThread();
        System.out.println("joined");
    }
}
