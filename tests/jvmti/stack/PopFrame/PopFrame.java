// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI PopFrame (see agent.c).
public class PopFrame {
    static native void setup();
    static native void errors(Thread running, Thread unstarted);
    static native int popFromNative();
    static native int callThroughJni();
    static native String suspendAndPop(Thread t);

    static int calls;
    static int blockHits;
    static volatile boolean spinning, stop;
    static int spinEntries;
    static long counter;

    static int callee(int x) {
        calls++;
        x = x * 10;
        return x + 1; // breakpoint: popped the first time
    }

    static void inBlock(Object lock) {
        synchronized (lock) {
            blockHits++;
            marker(); // breakpoint: popped the first time, the lock released
        }
    }

    static synchronized void syncMethod() {
        blockHits++;
        marker(); // breakpoint: popped the first time
    }

    static void marker() {
    }

    static int calledByJni() {
        return 7; // breakpoint: the caller is native
    }

    static class Runner extends Thread {
        Runner() {
            super("runner");
        }

        public void run() {
            marker(); // breakpoint in a thread's only frame
        }
    }

    static void spin() {
        spinEntries++;
        spinning = true;
        while (!stop) counter++;
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        setup();
        int r = callee(5);
        System.out.println("callee returned " + r + " after " + calls + " calls");
        Object lock = new Object();
        inBlock(lock);
        System.out.println("inBlock: " + blockHits + " hits, lock held after: " + Thread.holdsLock(lock));
        syncMethod();
        System.out.println("syncMethod: " + blockHits + " hits, class lock held after: "
                + Thread.holdsLock(PopFrame.class));
        System.out.println("popFromNative: " + popFromNative());
        System.out.println("callThroughJni: " + callThroughJni());
        Runner runner = new Runner();
        runner.start();
        runner.join();

        Thread spinner = new Thread(PopFrame::spin, "spinner");
        spinner.start();
        while (!spinning) Thread.sleep(1);
        Thread.sleep(20);
        errors(spinner, new Thread("unstarted"));
        spinning = false;
        System.out.println("suspendAndPop: " + suspendAndPop(spinner));
        while (!spinning) Thread.sleep(1);
        stop = true;
        spinner.join();
        System.out.println("spin entered " + spinEntries + " times");
    }
}
