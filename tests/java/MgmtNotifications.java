// Notifications of java.lang.management and com.sun.management: a usage threshold set
// below a pool's usage triggers MEMORY_THRESHOLD_EXCEEDED for that pool; a collection-usage
// threshold crossed by a collection triggers MEMORY_COLLECTION_THRESHOLD_EXCEEDED; every
// collection with a listener on the collector sends a GarbageCollectionNotificationInfo
// with its action, cause and GcInfo. The listeners run on the VM's notification thread.
import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.GcInfo;
import java.lang.management.*;
import java.util.*;
import java.util.concurrent.*;
import javax.management.*;
import javax.management.openmbean.CompositeData;

public class MgmtNotifications {
    static final BlockingQueue<Notification> memNotes = new LinkedBlockingQueue<>();
    static final BlockingQueue<Notification> gcNotes = new LinkedBlockingQueue<>();
    static volatile String listenerThread;

    public static void main(String[] args) throws Exception {
        MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
        ((NotificationEmitter) mem).addNotificationListener((n, hb) -> {
            listenerThread = Thread.currentThread().getName();
            memNotes.add(n);
        }, null, null);

        // Usage thresholds below current usage: every such pool notifies at once.
        Set<String> expect = new TreeSet<>();
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() != MemoryType.NON_HEAP || !p.isUsageThresholdSupported() || p.getUsage().getUsed() == 0) continue;
            expect.add(p.getName());
            p.setUsageThreshold(1);
        }
        Set<String> got = new TreeSet<>();
        while (!got.containsAll(expect)) {
            Notification n = memNotes.take();
            MemoryNotificationInfo info = MemoryNotificationInfo.from((CompositeData) n.getUserData());
            if (!n.getType().equals(MemoryNotificationInfo.MEMORY_THRESHOLD_EXCEEDED)) continue;
            got.add(info.getPoolName());
            if (info.getCount() != 1 || info.getUsage().getUsed() < 1) System.out.println("bad info " + info.getCount());
        }
        System.out.println("usage threshold notifications for all " + (expect.size() > 0) + " non-heap pools");
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans())
            if (expect.contains(p.getName()))
                if (!p.isUsageThresholdExceeded() || p.getUsageThresholdCount() != 1)
                    System.out.println("pool state " + p.isUsageThresholdExceeded() + " " + p.getUsageThresholdCount());
        System.out.println("on thread: " + listenerThread);
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans())
            if (expect.contains(p.getName())) p.setUsageThreshold(0);

        // A heap usage threshold crossed by live data: notified by the next collection at
        // the latest.
        Set<String> heapPools = new TreeSet<>();
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans())
            if (p.getType() == MemoryType.HEAP && p.isUsageThresholdSupported()) {
                p.setUsageThreshold(p.getUsage().getUsed() + (2 << 20));
                heapPools.add(p.getName());
            }
        byte[][] live = new byte[8][];
        for (int i = 0; i < live.length; i++) live[i] = new byte[1 << 20];
        System.gc();
        boolean heapNote = false;
        while (!heapNote) {
            Notification n = memNotes.take();
            MemoryNotificationInfo info = MemoryNotificationInfo.from((CompositeData) n.getUserData());
            heapNote = n.getType().equals(MemoryNotificationInfo.MEMORY_THRESHOLD_EXCEEDED) && heapPools.contains(info.getPoolName());
        }
        System.out.println("heap usage threshold notification " + heapNote + " " + (live.length > 0));
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans())
            if (heapPools.contains(p.getName())) p.setUsageThreshold(0);

        // GC notifications.
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans())
            ((NotificationEmitter) gc).addNotificationListener((n, hb) -> gcNotes.add(n), null, null);

        // A collection-usage threshold every collection of a heap pool crosses.
        Set<String> collPools = new TreeSet<>();
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans())
            if (p.getType() == MemoryType.HEAP && p.isCollectionUsageThresholdSupported()) {
                p.setCollectionUsageThreshold(1);
                collPools.add(p.getName());
            }
        Object[] keep = new Object[1000];
        for (int i = 0; i < keep.length; i++) keep[i] = new int[100];
        System.gc();
        boolean collNote = false;
        while (!collNote) {
            Notification n = memNotes.take();
            if (n.getType().equals(MemoryNotificationInfo.MEMORY_COLLECTION_THRESHOLD_EXCEEDED)) {
                MemoryNotificationInfo info = MemoryNotificationInfo.from((CompositeData) n.getUserData());
                collNote = collPools.contains(info.getPoolName()) && info.getCount() >= 1;
            }
        }
        System.out.println("collection threshold notification " + collNote);
        boolean exceeded = false;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans())
            if (collPools.contains(p.getName()))
                exceeded |= p.isCollectionUsageThresholdExceeded() && p.getCollectionUsageThresholdCount() >= 1;
        System.out.println("collection threshold exceeded " + exceeded);

        Set<String> poolNames = new HashSet<>();
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) poolNames.add(p.getName());
        for (;;) {
            Notification n = gcNotes.take();
            if (!n.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) continue;
            GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
            if (!info.getGcCause().equals("System.gc()")) continue;
            GcInfo gi = info.getGcInfo();
            System.out.println("gc notification: " + info.getGcAction() + ", " + info.getGcCause() + ", id>=1 " + (gi.getId() >= 1)
                    + ", duration " + (gi.getDuration() >= 0) + ", pools " + gi.getMemoryUsageBeforeGc().keySet().equals(poolNames)
                    + " " + gi.getMemoryUsageAfterGc().keySet().equals(poolNames) + ", source is the collector "
                    + n.getSource().toString().startsWith("java.lang:type=GarbageCollector,name="));
            System.out.println("GcThreadCount is an Integer: " + (gi.get("GcThreadCount") instanceof Integer));
            break;
        }
    }
}
