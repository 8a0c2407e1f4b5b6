// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The cost of ThreadMXBean queries monitoring agents make in a loop: thread CPU time and
// allocated bytes (of the current thread, of another thread, of all threads at once) and
// a ThreadInfo without a stack. Prints the median ns per call of 5 rounds for each
// (bench/mgmt.sh runs it on GlassVM and HotSpot and tabulates).
import java.lang.management.*;
import java.util.*;
import java.util.concurrent.*;
import java.util.function.LongSupplier;

public class MgmtCost {
    static final ThreadMXBean tb = ManagementFactory.getThreadMXBean();
    static final com.sun.management.ThreadMXBean xtb = (com.sun.management.ThreadMXBean) tb;
    static long sink;

    static void measure(String name, int n, LongSupplier op) {
        for (int i = 0; i < n / 10; i++) sink += op.getAsLong(); // warm-up
        long[] rounds = new long[5];
        for (int r = 0; r < rounds.length; r++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) sink += op.getAsLong();
            rounds[r] = (System.nanoTime() - t0) / n;
        }
        Arrays.sort(rounds);
        System.out.printf("%-40s %8d%n", name, rounds[2]);
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        CountDownLatch release = new CountDownLatch(1);
        List<Thread> others = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            Thread t = new Thread(() -> { try { release.await(); } catch (InterruptedException e) { } });
            t.setDaemon(true);
            t.start();
            others.add(t);
        }
        long other = others.get(3).getId();
        long[] all = tb.getAllThreadIds();
        measure("getCurrentThreadCpuTime", n, tb::getCurrentThreadCpuTime);
        measure("getCurrentThreadUserTime", n, tb::getCurrentThreadUserTime);
        measure("getThreadCpuTime(other)", n, () -> tb.getThreadCpuTime(other));
        measure("getThreadUserTime(other)", n / 4, () -> tb.getThreadUserTime(other));
        measure("getCurrentThreadAllocatedBytes", n, xtb::getCurrentThreadAllocatedBytes);
        measure("getThreadAllocatedBytes(other)", n, () -> xtb.getThreadAllocatedBytes(other));
        measure("getThreadAllocatedBytes(all " + all.length + ")", n / 4, () -> xtb.getThreadAllocatedBytes(all)[0]);
        measure("getTotalThreadAllocatedBytes", n, xtb::getTotalThreadAllocatedBytes);
        measure("getThreadInfo(other), no stack", n / 10, () -> tb.getThreadInfo(other).getThreadId());
        measure("dumpAllThreads(false, false)", n / 100, () -> tb.dumpAllThreads(false, false).length);
        release.countDown();
    }
}
