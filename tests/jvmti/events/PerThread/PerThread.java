// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Per-thread enabling of ThreadEnd, thread-local storage, and delivery to several
// environments in creation order.
import java.util.concurrent.CountDownLatch;

public class PerThread {
    static native void setup(Thread a, Thread b);
    static native void tls(Thread other);

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        CountDownLatch goA = new CountDownLatch(1), goB = new CountDownLatch(1);
        Thread a = new Thread(() -> { try { goA.await(); } catch (InterruptedException e) { } }, "worker-a");
        Thread b = new Thread(() -> { try { goB.await(); } catch (InterruptedException e) { } }, "worker-b");
        a.start();
        b.start();
        setup(a, b);
        tls(a);
        goA.countDown();
        a.join();
        goB.countDown();
        b.join();
        Thread c = new Thread(() -> {}, "worker-c");
        c.start();
        c.join();
        tls(null);
        System.out.println("main ends");
    }
}
