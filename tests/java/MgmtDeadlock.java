// ThreadMXBean deadlock detection: findMonitorDeadlockedThreads sees only the cycle of
// threads deadlocked on object monitors, findDeadlockedThreads also the cycle on
// ReentrantLocks (ownable synchronizers); a thread merely blocked behind a deadlocked one
// is no part of a cycle. ThreadInfo names each deadlocked thread's lock and its owner.
import java.lang.management.*;
import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.locks.*;

public class MgmtDeadlock {
    static final ThreadMXBean tb = ManagementFactory.getThreadMXBean();

    static Thread start(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(true); // left deadlocked when main returns
        t.start();
        return t;
    }

    static void lockBoth(Object first, Object second, CyclicBarrier barrier) {
        synchronized (first) {
            try { barrier.await(); } catch (Exception e) { throw new RuntimeException(e); }
            synchronized (second) { }
        }
    }

    static void lockBoth(Lock first, Lock second, CyclicBarrier barrier) {
        first.lock();
        try { barrier.await(); } catch (Exception e) { throw new RuntimeException(e); }
        second.lock();
    }

    static String names(long[] ids) {
        if (ids == null) return "null";
        List<String> l = new ArrayList<>();
        for (ThreadInfo ti : tb.getThreadInfo(ids)) l.add(ti.getThreadName());
        Collections.sort(l);
        return l.toString();
    }

    static void waitBlocked(Thread t) throws InterruptedException {
        while (t.getState() != Thread.State.BLOCKED && t.getState() != Thread.State.WAITING) Thread.sleep(5);
    }

    public static void main(String[] args) throws Exception {
        System.out.println("none yet: " + names(tb.findMonitorDeadlockedThreads()) + " " + names(tb.findDeadlockedThreads()));

        Object a = new Object(), b = new Object();
        CyclicBarrier mb = new CyclicBarrier(2);
        Thread m1 = start("mon-1", () -> lockBoth(a, b, mb));
        Thread m2 = start("mon-2", () -> lockBoth(b, a, mb));
        waitBlocked(m1);
        waitBlocked(m2);
        Thread m3 = start("mon-3-behind", () -> { synchronized (a) { } });
        waitBlocked(m3);
        while (tb.findMonitorDeadlockedThreads() == null) Thread.sleep(5);
        System.out.println("monitor deadlock: " + names(tb.findMonitorDeadlockedThreads()));
        System.out.println("all deadlocks: " + names(tb.findDeadlockedThreads()));

        ReentrantLock x = new ReentrantLock(), y = new ReentrantLock();
        CyclicBarrier lb = new CyclicBarrier(2);
        Thread l1 = start("lock-1", () -> lockBoth(x, y, lb));
        Thread l2 = start("lock-2", () -> lockBoth(y, x, lb));
        waitBlocked(l1);
        waitBlocked(l2);
        while (tb.findDeadlockedThreads().length < 4) Thread.sleep(5);
        System.out.println("monitor deadlock: " + names(tb.findMonitorDeadlockedThreads()));
        System.out.println("all deadlocks: " + names(tb.findDeadlockedThreads()));

        // A cycle through a monitor and a ReentrantLock: only findDeadlockedThreads sees it.
        Object mixedMon = new Object();
        ReentrantLock mixedLock = new ReentrantLock();
        CyclicBarrier xb = new CyclicBarrier(2);
        Thread x1 = start("mixed-1", () -> {
            synchronized (mixedMon) {
                try { xb.await(); } catch (Exception e) { throw new RuntimeException(e); }
                mixedLock.lock();
            }
        });
        Thread x2 = start("mixed-2", () -> {
            mixedLock.lock();
            try { xb.await(); } catch (Exception e) { throw new RuntimeException(e); }
            synchronized (mixedMon) { }
        });
        waitBlocked(x1);
        waitBlocked(x2);
        while (tb.findDeadlockedThreads().length < 6) Thread.sleep(5);
        System.out.println("monitor deadlock: " + names(tb.findMonitorDeadlockedThreads()));
        System.out.println("all deadlocks: " + names(tb.findDeadlockedThreads()));

        for (Thread t : new Thread[] {m1, m2, m3, l1, l2, x1, x2}) {
            ThreadInfo ti = tb.getThreadInfo(t.getId());
            System.out.println(ti.getThreadName() + ": " + ti.getThreadState() + " on " + ti.getLockInfo().getClassName()
                    + " held by " + ti.getLockOwnerName());
        }
        ThreadInfo[] infos = tb.getThreadInfo(new long[] {m1.getId(), l1.getId()}, true, true);
        for (ThreadInfo ti : infos)
            System.out.println(ti.getThreadName() + " holds " + ti.getLockedMonitors().length + " monitors, "
                    + ti.getLockedSynchronizers().length + " synchronizers");
    }
}
