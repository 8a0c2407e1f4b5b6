// MemoryMXBean, MemoryPoolMXBean, MemoryManagerMXBean and GarbageCollectorMXBean: usage
// relations (used <= committed <= max), the pool/manager graph, peak and collection
// usage, collection counts after System.gc(), GcInfo of the last collection, threshold
// support and the JDK's errors for bad thresholds. Pool and manager names are
// VM-specific, so only facts about them are printed.
import java.lang.management.*;
import java.util.*;

public class MgmtMemory {
    static String check(MemoryUsage u) {
        if (u == null) return "null";
        boolean ok = u.getUsed() >= 0 && u.getUsed() <= u.getCommitted()
                && (u.getMax() == -1 || u.getCommitted() <= u.getMax()) && u.getInit() >= -1;
        return ok ? "ok" : "BAD " + u;
    }

    static volatile Object keep;

    public static void main(String[] args) throws Exception {
        MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
        MemoryUsage heap = mem.getHeapMemoryUsage(), nonHeap = mem.getNonHeapMemoryUsage();
        System.out.println("heap " + check(heap) + " max>0 " + (heap.getMax() > 0));
        System.out.println("non-heap " + check(nonHeap) + " used>0 " + (nonHeap.getUsed() > 0));
        System.out.println("max == Runtime.maxMemory: " + (heap.getMax() == Runtime.getRuntime().maxMemory()));
        System.out.println("pending finalization >= 0: " + (mem.getObjectPendingFinalizationCount() >= 0));
        System.out.println("verbose " + mem.isVerbose());
        mem.setVerbose(true);
        System.out.println("verbose " + mem.isVerbose());
        mem.setVerbose(false);
        System.out.println("verbose " + mem.isVerbose());

        List<MemoryPoolMXBean> pools = ManagementFactory.getMemoryPoolMXBeans();
        List<MemoryManagerMXBean> mgrs = ManagementFactory.getMemoryManagerMXBeans();
        Set<String> poolNames = new HashSet<>(), mgrNames = new HashSet<>();
        for (MemoryPoolMXBean p : pools) poolNames.add(p.getName());
        for (MemoryManagerMXBean m : mgrs) mgrNames.add(m.getName());
        System.out.println("pools have distinct names: " + (poolNames.size() == pools.size()));
        boolean heapPool = false, nonHeapPool = false, graph = true, usage = true, nonHeapUsageTh = true,
                nonHeapCollTh = false, nonHeapCollUsage = false;
        for (MemoryPoolMXBean p : pools) {
            if (p.getType() == MemoryType.HEAP) heapPool = true; else nonHeapPool = true;
            if (!p.isValid()) graph = false;
            String[] ms = p.getMemoryManagerNames();
            if (ms.length == 0) graph = false;
            for (String m : ms) {
                if (!mgrNames.contains(m)) graph = false;
                for (MemoryManagerMXBean mb : mgrs)
                    if (mb.getName().equals(m) && !Arrays.asList(mb.getMemoryPoolNames()).contains(p.getName())) graph = false;
            }
            if (!check(p.getUsage()).equals("ok") || !check(p.getPeakUsage()).equals("ok")) usage = false;
            if (p.getType() == MemoryType.NON_HEAP) {
                nonHeapUsageTh &= p.isUsageThresholdSupported();
                nonHeapCollTh |= p.isCollectionUsageThresholdSupported();
                nonHeapCollUsage |= p.getCollectionUsage() != null;
            }
        }
        System.out.println("heap pool " + heapPool + " non-heap pool " + nonHeapPool + " graph consistent " + graph
                + " usages " + usage);
        System.out.println("non-heap: usage thresholds " + nonHeapUsageTh + " collection thresholds " + nonHeapCollTh
                + " collection usage " + nonHeapCollUsage);
        for (MemoryManagerMXBean m : mgrs)
            for (String pn : m.getMemoryPoolNames())
                if (!poolNames.contains(pn)) System.out.println("manager names an unknown pool");

        List<GarbageCollectorMXBean> gcs = ManagementFactory.getGarbageCollectorMXBeans();
        long count0 = 0;
        for (GarbageCollectorMXBean gc : gcs) count0 += gc.getCollectionCount();
        keep = new byte[1 << 20];
        System.gc();
        long count1 = 0, time = 0;
        boolean info = false;
        for (GarbageCollectorMXBean gc : gcs) {
            count1 += gc.getCollectionCount();
            time += gc.getCollectionTime();
            com.sun.management.GcInfo gi = ((com.sun.management.GarbageCollectorMXBean) gc).getLastGcInfo();
            if (gi != null) {
                info = true;
                boolean ok = gi.getId() >= 1 && gi.getId() <= gc.getCollectionCount() && gi.getEndTime() >= gi.getStartTime()
                        && gi.getDuration() == gi.getEndTime() - gi.getStartTime()
                        && gi.getMemoryUsageBeforeGc().keySet().equals(poolNames)
                        && gi.getMemoryUsageAfterGc().keySet().equals(poolNames)
                        && gi.getCompositeType().containsKey("GcThreadCount");
                for (MemoryUsage u : gi.getMemoryUsageAfterGc().values()) ok &= check(u).equals("ok");
                if (!ok) System.out.println("bad GcInfo " + gi.getId());
            }
        }
        System.out.println("collections grew " + (count1 > count0) + " time >= 0 " + (time >= 0) + " GcInfo " + info);
        boolean heapCollUsage = false;
        for (MemoryPoolMXBean p : pools)
            if (p.getType() == MemoryType.HEAP && p.isCollectionUsageThresholdSupported())
                heapCollUsage |= check(p.getCollectionUsage()).equals("ok");
        System.out.println("heap collection usage after gc " + heapCollUsage);

        for (MemoryPoolMXBean p : pools) {
            MemoryUsage u = p.getUsage();
            p.resetPeakUsage();
            MemoryUsage peak = p.getPeakUsage();
            if (!check(peak).equals("ok")) System.out.println("bad peak after reset");
        }

        // Bad thresholds: the JDK's exceptions.
        for (MemoryPoolMXBean p : pools) {
            if (!p.isUsageThresholdSupported() || p.getType() != MemoryType.HEAP) continue;
            try {
                p.setUsageThreshold(-1);
            } catch (IllegalArgumentException e) {
                System.out.println(p.getType() + ": " + e.getMessage());
            }
            long max = p.getUsage().getMax();
            if (max > 0) {
                try {
                    p.setUsageThreshold(max + 1);
                } catch (IllegalArgumentException e) {
                    System.out.println(p.getType() + " above max: " + e.getMessage().startsWith("Invalid threshold: " + (max + 1)));
                }
            }
            System.out.println(p.getType() + " threshold " + p.getUsageThreshold() + " exceeded " + p.isUsageThresholdExceeded()
                    + " count " + p.getUsageThresholdCount());
            break;
        }
        for (MemoryPoolMXBean p : pools) {
            if (p.isCollectionUsageThresholdSupported()) continue;
            try {
                p.setCollectionUsageThreshold(1);
            } catch (UnsupportedOperationException e) {
                System.out.println(e.getMessage());
            }
            try {
                p.getCollectionUsageThreshold();
            } catch (UnsupportedOperationException e) {
                System.out.println(e.getMessage());
            }
            break;
        }
        for (MemoryPoolMXBean p : pools) {
            if (!p.isCollectionUsageThresholdSupported()) continue;
            try {
                p.setCollectionUsageThreshold(-5);
            } catch (IllegalArgumentException e) {
                System.out.println(e.getMessage());
            }
            break;
        }
    }
}
