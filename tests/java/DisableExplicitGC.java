// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// VMOPTIONS: -XX:+DisableExplicitGC
// -XX:+DisableExplicitGC, which production services pass so that libraries' System.gc()
// calls cost nothing: System.gc(), Runtime.gc() and MemoryMXBean.gc() collect nothing (no
// collector counts a collection, an unreachable object's weak reference stays set), and
// the flag reads true through HotSpotDiagnosticMXBean.
import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.ref.WeakReference;

public class DisableExplicitGC {
    static long collections() {
        long n = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) n += gc.getCollectionCount();
        return n;
    }

    public static void main(String[] args) {
        // The beans first, so that little is allocated between the counts (an allocation
        // could start a collection of its own).
        java.lang.management.MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        collections();
        WeakReference<Object> ref = new WeakReference<>(new Object());
        long before = collections();
        System.gc();
        Runtime.getRuntime().gc();
        memory.gc();
        System.out.println("collections after the calls: " + (collections() - before));
        System.out.println("weak referent kept: " + (ref.get() != null));
        System.out.println("DisableExplicitGC = " + ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                .getVMOption("DisableExplicitGC").getValue());
    }
}
