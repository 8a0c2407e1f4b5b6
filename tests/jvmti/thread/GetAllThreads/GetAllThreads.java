// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI GetAllThreads: started live threads (also daemons, also in other groups) are
// listed; threads not started yet and terminated ones are not. The JDK's own system
// threads differ between VMs, so only this program's threads are reported.
import java.util.concurrent.CountDownLatch;

public class GetAllThreads {
    static native void check(String[] names);

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        CountDownLatch release = new CountDownLatch(1);
        Runnable r = () -> { try { release.await(); } catch (InterruptedException e) { } };
        Thread a = new Thread(r, "gat worker");
        Thread b = new Thread(new ThreadGroup("gat group"), r, "gat daemon in a group");
        b.setDaemon(true);
        Thread fresh = new Thread(r, "gat not started");
        Thread done = new Thread(() -> { }, "gat terminated");
        a.start();
        b.start();
        done.start();
        done.join();
        String[] names = {"main", "gat worker", "gat daemon in a group", "gat not started", "gat terminated"};
        check(names);
        release.countDown();
        a.join();
        b.join();
        System.out.println("after the workers ended:");
        check(names);
    }
}
