// VMOPTIONS: --add-exports java.management/sun.management=ALL-UNNAMED
// JAVACOPTIONS: --add-exports java.management/sun.management=ALL-UNNAMED
// The JDK's internal sun.management MBeans (registered through HotspotInternal) answer
// without errors; safepoint statistics count the collection System.gc() stops the world
// for; the class-loading statistics (classes initialized, time loading, initializing and
// verifying them) are measured, and initializing a class counts.
import java.lang.management.ManagementFactory;
import java.util.*;
import javax.management.*;

public class MgmtHotspotInternal {
    static class Fresh {
        static long created = System.nanoTime();
    }

    public static void main(String[] args) throws Exception {
        MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
        mbs.registerMBean(new sun.management.HotspotInternal(), new ObjectName("sun.management:type=HotspotInternal"));
        Set<String> types = new TreeSet<>();
        for (ObjectName on : mbs.queryNames(new ObjectName("sun.management:*"), null)) {
            if (on.getKeyProperty("type").equals("HotspotCompilation")) continue; // only with a compiler
            types.add(on.getKeyProperty("type"));
            for (MBeanAttributeInfo ai : mbs.getMBeanInfo(on).getAttributes()) {
                try {
                    mbs.getAttribute(on, ai.getName());
                } catch (Exception e) {
                    System.out.println(on + " " + ai.getName() + ": " + e);
                }
            }
        }
        System.out.println("internal MBeans: " + types);
        ObjectName rt = new ObjectName("sun.management:type=HotspotRuntime");
        long count0 = (Long) mbs.getAttribute(rt, "SafepointCount");
        System.gc();
        long count1 = (Long) mbs.getAttribute(rt, "SafepointCount");
        long total = (Long) mbs.getAttribute(rt, "TotalSafepointTime"), sync = (Long) mbs.getAttribute(rt, "SafepointSyncTime");
        // Not total >= sync: HotSpot 17 counts the time at safepoints from the moment every
        // thread stopped, the time getting there apart, and on a loaded machine the latter
        // can be the larger (it printed false once in a suite run with 6 jobs).
        System.out.println("safepoints counted " + (count1 > count0) + ", total >= 0 " + (total >= 0) + ", sync >= 0 " + (sync >= 0));
        ObjectName th = new ObjectName("sun.management:type=HotspotThreading");
        System.out.println("internal thread count >= 0 " + ((Integer) mbs.getAttribute(th, "InternalThreadCount") >= 0));
        ObjectName cl = new ObjectName("sun.management:type=HotspotClassLoading");
        long inited = (Long) mbs.getAttribute(cl, "InitializedClassCount");
        System.out.println("classes initialized > 100 " + (inited > 100));
        for (String a : new String[] {"ClassLoadingTime", "ClassInitializationTime", "ClassVerificationTime"})
            System.out.println(a + " >= 0 " + ((Long) mbs.getAttribute(cl, a) >= 0));
        if (Fresh.created == 0) System.out.println("never");
        System.out.println("a <clinit> counts " + ((Long) mbs.getAttribute(cl, "InitializedClassCount") > inited));
    }
}
