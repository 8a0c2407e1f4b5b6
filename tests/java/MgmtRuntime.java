// VMOPTIONS: -Xmx64m -Dmgmt.test=yes
// RuntimeMXBean, ClassLoadingMXBean, CompilationMXBean (absent or consistent for an
// interpreter), OperatingSystemMXBean (java.lang and com.sun.management), BufferPoolMXBean,
// PlatformLoggingMXBean, and the platform MBeanServer serving them by ObjectName.
import java.lang.management.*;
import java.net.*;
import java.nio.ByteBuffer;
import java.util.*;
import javax.management.*;

public class MgmtRuntime {
    public static void main(String[] args) throws Exception {
        RuntimeMXBean rt = ManagementFactory.getRuntimeMXBean();
        long pid = ProcessHandle.current().pid();
        System.out.println("name is pid@host: " + rt.getName().startsWith(pid + "@") + " pid " + (rt.getPid() == pid));
        long now = System.currentTimeMillis();
        System.out.println("start time in the past: " + (rt.getStartTime() > 0 && rt.getStartTime() <= now)
                + " uptime > 0: " + (rt.getUptime() > 0) + " start + uptime ~ now: "
                + (Math.abs(rt.getStartTime() + rt.getUptime() - now) < 10_000));
        long u1 = rt.getUptime();
        Thread.sleep(20);
        System.out.println("uptime grows: " + (rt.getUptime() > u1));
        System.out.println("input arguments: " + rt.getInputArguments().contains("-Xmx64m") + " "
                + rt.getInputArguments().contains("-Dmgmt.test=yes"));
        System.out.println("boot class path supported: " + rt.isBootClassPathSupported());
        try {
            rt.getBootClassPath();
        } catch (UnsupportedOperationException e) {
            System.out.println("UnsupportedOperationException: " + e.getMessage());
        }
        System.out.println("class path: " + rt.getClassPath().equals(System.getProperty("java.class.path")));
        System.out.println("library path: " + rt.getLibraryPath().equals(System.getProperty("java.library.path")));
        System.out.println("system properties: " + rt.getSystemProperties().get("mgmt.test") + " "
                + rt.getSystemProperties().get("java.version").equals(System.getProperty("java.version")));
        System.out.println("spec: " + rt.getSpecName() + " / " + rt.getSpecVendor() + " / " + rt.getSpecVersion()
                + " / mgmt spec " + rt.getManagementSpecVersion());
        System.out.println("vm name: " + rt.getVmName().equals(System.getProperty("java.vm.name")) + " version "
                + rt.getVmVersion().equals(System.getProperty("java.vm.version")));

        ClassLoadingMXBean cl = ManagementFactory.getClassLoadingMXBean();
        long loaded = cl.getLoadedClassCount(), total = cl.getTotalLoadedClassCount(), unloaded = cl.getUnloadedClassCount();
        System.out.println("classes: loaded > 100 " + (loaded > 100) + " total == loaded + unloaded " + (total == loaded + unloaded));
        URL here = MgmtRuntime.class.getProtectionDomain().getCodeSource().getLocation();
        try (URLClassLoader l = new URLClassLoader(new URL[] {here}, null)) {
            l.loadClass("MgmtRuntime$Fresh");
        }
        System.out.println("a new class counts: " + (cl.getTotalLoadedClassCount() > total));
        System.out.println("verbose class " + cl.isVerbose());
        cl.setVerbose(true);
        System.out.println("verbose class " + cl.isVerbose());
        cl.setVerbose(false);

        CompilationMXBean comp = ManagementFactory.getCompilationMXBean();
        if (comp != null && comp.isCompilationTimeMonitoringSupported() && comp.getTotalCompilationTime() < 0)
            System.out.println("bad compilation time");
        System.out.println("compilation bean consistent");

        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        System.out.println("os: " + os.getName().equals(System.getProperty("os.name")) + " "
                + os.getArch().equals(System.getProperty("os.arch")) + " processors "
                + (os.getAvailableProcessors() == Runtime.getRuntime().availableProcessors()));
        com.sun.management.OperatingSystemMXBean xos = (com.sun.management.OperatingSystemMXBean) os;
        long busyUntil = System.nanoTime() + 50_000_000L;
        while (System.nanoTime() < busyUntil) { }
        System.out.println("process cpu time > 0: " + (xos.getProcessCpuTime() > 0) + " memory: "
                + (xos.getTotalMemorySize() > 0 && xos.getFreeMemorySize() <= xos.getTotalMemorySize())
                + " committed virtual > 0: " + (xos.getCommittedVirtualMemorySize() > 0));
        double load = xos.getProcessCpuLoad();
        System.out.println("process cpu load in range: " + (load == -1 || (load >= 0 && load <= 1)));
        System.out.println("open fds > 0: " + (((com.sun.management.UnixOperatingSystemMXBean) os).getOpenFileDescriptorCount() > 0));

        Map<String, BufferPoolMXBean> bps = new TreeMap<>();
        for (BufferPoolMXBean bp : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)) bps.put(bp.getName(), bp);
        System.out.println("buffer pools: " + bps.keySet());
        long c0 = bps.get("direct").getCount(), m0 = bps.get("direct").getTotalCapacity();
        ByteBuffer bb = ByteBuffer.allocateDirect(1 << 20);
        System.out.println("direct buffer counted: " + (bps.get("direct").getCount() - c0) + " capacity +"
                + (bps.get("direct").getTotalCapacity() - m0) + " used >= capacity "
                + (bps.get("direct").getMemoryUsed() >= bps.get("direct").getTotalCapacity()));

        PlatformLoggingMXBean log = ManagementFactory.getPlatformMXBean(PlatformLoggingMXBean.class);
        java.util.logging.Logger lg = java.util.logging.Logger.getLogger("mgmt.test.logger");
        System.out.println("logger listed: " + log.getLoggerNames().contains("mgmt.test.logger") + " level '"
                + log.getLoggerLevel("mgmt.test.logger") + "'");
        log.setLoggerLevel("mgmt.test.logger", "FINE");
        System.out.println("level now " + log.getLoggerLevel("mgmt.test.logger") + " " + lg.getLevel());

        MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
        Set<String> types = new TreeSet<>();
        for (ObjectName on : mbs.queryNames(new ObjectName("java.lang:*"), null))
            if (!on.getKeyProperty("type").equals("Compilation")) types.add(on.getKeyProperty("type"));
        System.out.println("java.lang types: " + types);
        System.out.println("Threading via MBeanServer: " + mbs.getAttribute(new ObjectName("java.lang:type=Threading"), "ThreadCount")
                .equals(ManagementFactory.getThreadMXBean().getThreadCount()));
        System.out.println("HeapMemoryUsage is composite: "
                + (mbs.getAttribute(new ObjectName("java.lang:type=Memory"), "HeapMemoryUsage") instanceof javax.management.openmbean.CompositeData));
        mbs.invoke(new ObjectName("java.lang:type=Memory"), "gc", null, null);
        System.out.println("invoked gc");
        System.out.println("HotSpotDiagnostic registered: " + mbs.isRegistered(new ObjectName("com.sun.management:type=HotSpotDiagnostic")));
        System.out.println("DiagnosticCommand registered: " + mbs.isRegistered(new ObjectName("com.sun.management:type=DiagnosticCommand")));
        MBeanInfo ti = mbs.getMBeanInfo(new ObjectName("java.lang:type=Threading"));
        System.out.println("Threading attributes > 10: " + (ti.getAttributes().length > 10));
    }

    static class Fresh { }
}
