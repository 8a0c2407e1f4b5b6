// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI GetThreadInfo for the current thread, a running daemon thread in its own group
// with its own context class loader, a thread not started yet, a terminated one, and a
// thread whose name needs modified UTF-8.
import java.util.concurrent.CountDownLatch;

public class GetThreadInfo {
    static native void info(String what, Thread t, ThreadGroup expectedGroup, ClassLoader expectedLoader);
    static native void errors(Object notThread);

    static class Loader extends ClassLoader { }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Thread me = Thread.currentThread();
        info("current (NULL)", null, me.getThreadGroup(), me.getContextClassLoader());
        info("current", me, me.getThreadGroup(), me.getContextClassLoader());

        ThreadGroup group = new ThreadGroup("gti group");
        CountDownLatch release = new CountDownLatch(1), running = new CountDownLatch(1);
        Thread daemon = new Thread(group, () -> {
            running.countDown();
            try { release.await(); } catch (InterruptedException e) { }
        }, "gti daemon");
        daemon.setDaemon(true);
        daemon.setPriority(7);
        Loader loader = new Loader();
        daemon.setContextClassLoader(loader);
        daemon.start();
        running.await();
        info("running daemon", daemon, group, loader);

        Thread fresh = new Thread(group, () -> { }, "gti new");
        fresh.setPriority(Thread.MIN_PRIORITY);
        fresh.setContextClassLoader(null);
        info("not started", fresh, group, null);

        release.countDown();
        daemon.join();
        info("terminated", daemon, null, loader);

        Thread odd = new Thread("gti \u00e9\u0000\u20ac\ud83d\ude00");
        info("odd name", odd, me.getThreadGroup(), me.getContextClassLoader());

        errors("not a thread");
    }
}
