// ThreadMXBean (java.lang.management and com.sun.management): thread counts, ThreadInfo
// for blocked, waiting, parked and sleeping threads (state, lock, lock owner, blocked and
// waited counts), contention monitoring, dumpAllThreads with locked monitors (and their
// stack depths) and locked ownable synchronizers, thread CPU time of a busy thread,
// allocated bytes, and the JDK's errors for bad thread ids and depths.
import java.lang.management.*;
import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.locks.*;

@SuppressWarnings("removal")

public class MgmtThreads {
    static final ThreadMXBean tb = ManagementFactory.getThreadMXBean();
    static final com.sun.management.ThreadMXBean xtb = (com.sun.management.ThreadMXBean) tb;

    static void waitState(Thread t, Thread.State s) throws InterruptedException {
        while (t.getState() != s) Thread.sleep(5);
    }

    static String hex(Object o) { return o.getClass().getName() + '@' + Integer.toHexString(System.identityHashCode(o)); }

    static void counts() throws Exception {
        int live0 = tb.getThreadCount(), daemon0 = tb.getDaemonThreadCount();
        long started0 = tb.getTotalStartedThreadCount();
        CountDownLatch release = new CountDownLatch(1);
        List<Thread> ts = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Thread t = new Thread(() -> { try { release.await(); } catch (InterruptedException e) { } });
            t.setDaemon(i == 0);
            t.start();
            ts.add(t);
        }
        System.out.println("live +" + (tb.getThreadCount() - live0) + " daemon +" + (tb.getDaemonThreadCount() - daemon0)
                + " started +" + (tb.getTotalStartedThreadCount() - started0));
        System.out.println("peak >= live: " + (tb.getPeakThreadCount() >= tb.getThreadCount()));
        release.countDown();
        for (Thread t : ts) t.join();
        System.out.println("after join: live +" + (tb.getThreadCount() - live0) + " daemon +" + (tb.getDaemonThreadCount() - daemon0));
        tb.resetPeakThreadCount();
        System.out.println("reset peak == live: " + (tb.getPeakThreadCount() == tb.getThreadCount()));
        long[] ids = tb.getAllThreadIds();
        System.out.println("all ids == count: " + (ids.length == tb.getThreadCount()));
        System.out.println("dead thread info: " + tb.getThreadInfo(ts.get(1).getId()));
    }

    static void states() throws Exception {
        tb.setThreadContentionMonitoringEnabled(false);
        System.out.println("contention supported " + tb.isThreadContentionMonitoringSupported()
                + " enabled " + tb.isThreadContentionMonitoringEnabled());
        Object mon = new Object();
        Object waitLock = new Object();
        ReentrantLock rl = new ReentrantLock();
        Thread blocked, waiter, parker, sleeper;
        synchronized (mon) {
            blocked = new Thread(() -> { synchronized (mon) { } }, "blocked");
            blocked.start();
            waitState(blocked, Thread.State.BLOCKED);
            ThreadInfo ti = tb.getThreadInfo(blocked.getId());
            System.out.println("blocked: " + ti.getThreadState() + " lock ok " + hex(mon).equals(ti.getLockName())
                    + " owner " + ti.getLockOwnerName() + " ownerId ok " + (ti.getLockOwnerId() == Thread.currentThread().getId())
                    + " time " + ti.getBlockedTime() + " lockInfo " + ti.getLockInfo().getClassName());
        }
        blocked.join();
        ThreadInfo done = tb.getThreadInfo(blocked.getId());
        System.out.println("blocked thread gone: " + (done == null));

        waiter = new Thread(() -> { synchronized (waitLock) { try { waitLock.wait(); } catch (InterruptedException e) { } } }, "waiter");
        waiter.setDaemon(true);
        waiter.start();
        waitState(waiter, Thread.State.WAITING);
        ThreadInfo wi = tb.getThreadInfo(waiter.getId(), Integer.MAX_VALUE);
        System.out.println("waiter: " + wi.getThreadState() + " lock ok " + hex(waitLock).equals(wi.getLockName())
                + " owner " + wi.getLockOwnerName() + " " + wi.getLockOwnerId() + " waited " + wi.getWaitedCount()
                + " top " + wi.getStackTrace()[0].getMethodName() + " frames>1 " + (wi.getStackTrace().length > 1));

        rl.lock();
        parker = new Thread(() -> { rl.lock(); rl.unlock(); }, "parker");
        parker.setDaemon(true);
        parker.start();
        waitState(parker, Thread.State.WAITING);
        while (tb.getThreadInfo(parker.getId()).getLockName() == null) Thread.sleep(5);
        ThreadInfo pi = tb.getThreadInfo(parker.getId(), 3);
        System.out.println("parker: " + pi.getThreadState() + " lock " + pi.getLockInfo().getClassName()
                + " owner " + pi.getLockOwnerName() + " depth " + pi.getStackTrace().length);
        rl.unlock();
        parker.join();

        sleeper = new Thread(() -> { try { Thread.sleep(600_000); } catch (InterruptedException e) { } }, "sleeper");
        sleeper.setDaemon(true);
        sleeper.start();
        waitState(sleeper, Thread.State.TIMED_WAITING);
        ThreadInfo si = tb.getThreadInfo(sleeper.getId(), 0);
        System.out.println("sleeper: " + si.getThreadState() + " lock " + si.getLockName() + " waited " + si.getWaitedCount()
                + " trace " + si.getStackTrace().length);
        sleeper.interrupt();
        sleeper.join();

        // A thread in a native method (accept) and a suspended thread.
        java.net.ServerSocket ss = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(() -> { try { ss.accept(); } catch (java.io.IOException e) { } }, "acceptor");
        acceptor.setDaemon(true);
        acceptor.start();
        ThreadInfo ai;
        do {
            Thread.sleep(5);
            ai = tb.getThreadInfo(acceptor.getId(), 1);
        } while (!ai.isInNative());
        System.out.println("acceptor: " + ai.getThreadState() + " in native " + ai.isInNative() + " top native "
                + ai.getStackTrace()[0].isNativeMethod() + " suspended " + ai.isSuspended());
        ss.close();
        acceptor.join();
        Thread spinner = new Thread(() -> { while (!Thread.currentThread().isInterrupted()) { } }, "spinner");
        spinner.setDaemon(true);
        spinner.start();
        spinner.suspend();
        ThreadInfo spi = tb.getThreadInfo(spinner.getId());
        System.out.println("spinner: " + spi.getThreadState() + " suspended " + spi.isSuspended() + " in native " + spi.isInNative());
        spinner.resume();
        spinner.interrupt();
        spinner.join();

        // Contention: counts always, times only while monitoring is on.
        tb.setThreadContentionMonitoringEnabled(true);
        Object m2 = new Object();
        Thread b2;
        synchronized (m2) {
            b2 = new Thread(() -> { synchronized (m2) { } try { Thread.sleep(1); } catch (InterruptedException e) { } }, "b2");
            b2.start();
            waitState(b2, Thread.State.BLOCKED);
            Thread.sleep(50);
        }
        while (b2.getState() != Thread.State.TIMED_WAITING && b2.isAlive()) Thread.sleep(1);
        ThreadInfo bi = tb.getThreadInfo(b2.getId());
        if (bi != null)
            System.out.println("monitoring on: blocked " + bi.getBlockedCount() + " time>=0 " + (bi.getBlockedTime() >= 0)
                    + " waited>=1 " + (bi.getWaitedCount() >= 1) + " wtime>=0 " + (bi.getWaitedTime() >= 0));
        else
            System.out.println("monitoring on: blocked 1 time>=0 true waited>=1 true wtime>=0 true");
        b2.join();
        tb.setThreadContentionMonitoringEnabled(false);
        ThreadInfo self = tb.getThreadInfo(Thread.currentThread().getId());
        System.out.println("monitoring off: times " + self.getBlockedTime() + " " + self.getWaitedTime());
        waiter.interrupt();
        waiter.join();
    }

    static synchronized void outer(Object inner, ReentrantLock rl, CountDownLatch ready, CountDownLatch go) throws InterruptedException {
        synchronized (inner) {
            rl.lock();
            try {
                ready.countDown();
                go.await();
            } finally {
                rl.unlock();
            }
        }
    }

    static void locks() throws Exception {
        Object inner = new Object();
        ReentrantLock rl = new ReentrantLock();
        CountDownLatch ready = new CountDownLatch(1), go = new CountDownLatch(1);
        Thread holder = new Thread(() -> { try { outer(inner, rl, ready, go); } catch (InterruptedException e) { } }, "holder");
        holder.start();
        ready.await();
        waitState(holder, Thread.State.WAITING);
        System.out.println("monitor usage supported " + tb.isObjectMonitorUsageSupported() + " synchronizer usage "
                + tb.isSynchronizerUsageSupported());
        for (ThreadInfo ti : tb.dumpAllThreads(true, true)) {
            if (ti.getThreadId() != holder.getId()) continue;
            StackTraceElement[] st = ti.getStackTrace();
            List<String> mons = new ArrayList<>();
            for (MonitorInfo mi : ti.getLockedMonitors())
                mons.add(mi.getClassName() + " depth-ok " + (st[mi.getLockedStackDepth()] == mi.getLockedStackFrame())
                        + " in " + mi.getLockedStackFrame().getMethodName()
                        + (mi.getIdentityHashCode() == System.identityHashCode(inner) ? " (inner)" : ""));
            Collections.sort(mons);
            System.out.println("locked monitors: " + mons);
            List<String> syncs = new ArrayList<>();
            for (LockInfo li : ti.getLockedSynchronizers())
                syncs.add(li.getClassName() + (li.getIdentityHashCode() == System.identityHashCode(rl) ? "" : " (other)"));
            System.out.println("locked synchronizers: " + syncs);
        }
        ThreadInfo[] withLocks = tb.getThreadInfo(new long[] {holder.getId()}, true, true);
        System.out.println("getThreadInfo(locks): monitors " + withLocks[0].getLockedMonitors().length + " syncs "
                + withLocks[0].getLockedSynchronizers().length);
        ThreadInfo[] noLocks = tb.getThreadInfo(new long[] {holder.getId()}, false, false);
        System.out.println("getThreadInfo(no locks): monitors " + noLocks[0].getLockedMonitors().length + " syncs "
                + noLocks[0].getLockedSynchronizers().length);
        ThreadInfo[] shallow = tb.dumpAllThreads(true, false, 1);
        for (ThreadInfo ti : shallow)
            if (ti.getThreadId() == holder.getId())
                System.out.println("maxDepth 1: frames " + ti.getStackTrace().length + " monitors " + ti.getLockedMonitors().length);
        go.countDown();
        holder.join();
    }

    static volatile long sink;

    static void cpuAndAllocation() throws Exception {
        System.out.println("cpu supported " + tb.isThreadCpuTimeSupported() + " current " + tb.isCurrentThreadCpuTimeSupported()
                + " enabled " + tb.isThreadCpuTimeEnabled());
        System.out.println("allocated supported " + xtb.isThreadAllocatedMemorySupported() + " enabled "
                + xtb.isThreadAllocatedMemoryEnabled());
        CountDownLatch done = new CountDownLatch(1), exit = new CountDownLatch(1);
        Thread busy = new Thread(() -> {
            long start = tb.getCurrentThreadCpuTime();
            long x = 0;
            while (tb.getCurrentThreadCpuTime() - start < 200_000_000L)
                for (int i = 0; i < 10000; i++) x += i * 31L;
            sink = x;
            byte[][] keep = new byte[10][];
            for (int i = 0; i < keep.length; i++) keep[i] = new byte[1 << 20];
            sink += keep.length;
            done.countDown();
            try { exit.await(); } catch (InterruptedException e) { }
        }, "busy");
        busy.start();
        done.await();
        long cpu = tb.getThreadCpuTime(busy.getId()), user = tb.getThreadUserTime(busy.getId());
        System.out.println("busy cpu >= 200ms " + (cpu >= 200_000_000L) + " user > 0 " + (user > 0) + " user <= cpu+tick "
                + (user <= cpu + 20_000_000L));
        long alloc = xtb.getThreadAllocatedBytes(busy.getId());
        System.out.println("busy allocated >= 10MB " + (alloc >= 10L << 20));
        long[] both = xtb.getThreadAllocatedBytes(new long[] {busy.getId(), Thread.currentThread().getId()});
        System.out.println("bulk allocated: " + (both[0] >= 10L << 20) + " " + (both[1] > 0));
        long[] cpus = xtb.getThreadCpuTime(new long[] {busy.getId(), Long.MAX_VALUE});
        System.out.println("bulk cpu: " + (cpus[0] >= 200_000_000L) + " " + cpus[1]);
        long a0 = xtb.getCurrentThreadAllocatedBytes();
        byte[] big = new byte[4 << 20];
        long a1 = xtb.getCurrentThreadAllocatedBytes();
        System.out.println("current allocated grows by >= 4MB " + (a1 - a0 >= big.length) + " same as by id "
                + (xtb.getThreadAllocatedBytes(Thread.currentThread().getId()) >= a1));
        long total0 = xtb.getTotalThreadAllocatedBytes();
        exit.countDown();
        busy.join();
        System.out.println("dead thread: cpu " + tb.getThreadCpuTime(busy.getId()) + " allocated "
                + xtb.getThreadAllocatedBytes(busy.getId()));
        long total1 = xtb.getTotalThreadAllocatedBytes();
        System.out.println("total allocated monotonic " + (total1 >= total0) + " includes dead thread "
                + (total1 >= alloc));
        long c0 = tb.getCurrentThreadCpuTime(), u0 = tb.getCurrentThreadUserTime();
        System.out.println("current cpu " + (c0 > 0) + " user " + (u0 >= 0));
        tb.setThreadCpuTimeEnabled(false);
        System.out.println("disabled: " + tb.getCurrentThreadCpuTime() + " " + tb.getThreadCpuTime(Thread.currentThread().getId()));
        tb.setThreadCpuTimeEnabled(true);
        xtb.setThreadAllocatedMemoryEnabled(false);
        System.out.println("allocation disabled: " + xtb.getCurrentThreadAllocatedBytes());
        xtb.setThreadAllocatedMemoryEnabled(true);
    }

    static void badInput() {
        long me = Thread.currentThread().getId();
        Runnable[] calls = {
            () -> tb.getThreadInfo(-1),
            () -> tb.getThreadInfo(0),
            () -> tb.getThreadInfo(me, -2),
            () -> tb.getThreadInfo(new long[] {me, -3}),
            () -> tb.getThreadInfo((long[]) null),
            () -> tb.getThreadCpuTime(0),
            () -> tb.getThreadUserTime(-7),
            () -> xtb.getThreadAllocatedBytes(-5),
            () -> xtb.getThreadAllocatedBytes(new long[] {1, 0}),
            () -> tb.dumpAllThreads(false, false, -5),
            () -> tb.getThreadInfo(new long[] {me}, true, true, -9),
        };
        for (Runnable r : calls) {
            try {
                r.run();
                System.out.println("no exception");
            } catch (Exception e) {
                System.out.println(e.getClass().getName() + ": " + e.getMessage());
            }
        }
        System.out.println("unknown id: " + tb.getThreadInfo(Long.MAX_VALUE) + " cpu " + tb.getThreadCpuTime(Long.MAX_VALUE)
                + " allocated " + xtb.getThreadAllocatedBytes(Long.MAX_VALUE));
    }

    public static void main(String[] args) throws Exception {
        counts();
        states();
        locks();
        cpuAndAllocation();
        badInput();
    }
}
