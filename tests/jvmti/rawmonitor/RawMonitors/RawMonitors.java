// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Raw monitors across phases and threads: ownership, waiting, notification, interruption.
import java.util.concurrent.CountDownLatch;

public class RawMonitors {
    static native void live();
    static native String waitForNotify();   // on a second thread
    static native void notifyWaiter();
    static native String waitInterruptibly(); // on a third thread
    static native boolean waiting();
    static native void enterHeld();
    static native void exitHeld();
    static native void destroyHeld();

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        live();

        String[] result = new String[1];
        Thread waiter = new Thread(() -> result[0] = waitForNotify());
        waiter.start();
        notifyWaiter();
        waiter.join();
        System.out.println("waiter: " + result[0]);

        Thread sleeper = new Thread(() -> {
            result[0] = waitInterruptibly();
            result[0] += ", interrupt status afterwards " + Thread.currentThread().isInterrupted();
        });
        sleeper.start();
        while (!waiting()) Thread.sleep(1);
        sleeper.interrupt();
        sleeper.join();
        System.out.println("sleeper: " + result[0]);

        CountDownLatch entered = new CountDownLatch(1), release = new CountDownLatch(1);
        Thread holder = new Thread(() -> {
            enterHeld();
            entered.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            exitHeld();
        });
        holder.start();
        entered.await();
        destroyHeld();
        release.countDown();
        holder.join();
        destroyHeld();
    }
}
