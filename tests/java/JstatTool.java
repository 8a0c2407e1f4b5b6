// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// VMOPTIONS: -Xmx64m --add-exports jdk.internal.jvmstat/sun.jvmstat.monitor=ALL-UNNAMED
// JAVACOPTIONS: --add-exports jdk.internal.jvmstat/sun.jvmstat.monitor=ALL-UNNAMED
// ARGS: first second
//
// jstat against this VM: -gc, -gcutil, -gccapacity, -gcnew, -gcold, -class, -compiler,
// -printcompilation (their headers and the shape of their rows), and the perf-data
// counters behind them read through the jvmstat API: present, of the right kind, and
// changing as classes load and unload, threads start and the heap is collected (the last
// collection's cause, as jstat -gccause shows it); ClassLoadingMXBean counts the same
// classes: its totals never go down when classes are unloaded; a counter the class
// library creates itself (jdk.internal.perf, ZipFile's) appears among them. Facts only:
// the values differ between VMs (GlassVM's heap is all "old generation", see
// src/jvm/perfdata.c).
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import sun.jvmstat.monitor.Monitor;
import sun.jvmstat.monitor.MonitoredHost;
import sun.jvmstat.monitor.MonitoredVm;
import sun.jvmstat.monitor.VmIdentifier;

public class JstatTool {
    static String pid = Long.toString(ProcessHandle.current().pid());
    static int status;

    static class Fresh {
    }
    static String run(String tool, String... args) throws Exception {
        String[] cmd = new String[args.length + 1];
        cmd[0] = System.getProperty("java.home") + "/bin/" + tool;
        System.arraycopy(args, 0, cmd, 1, args.length);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = p.getInputStream()) {
            in.transferTo(out);
        }
        status = p.waitFor();
        return out.toString("UTF-8");
    }

    static Monitor counter(MonitoredVm vm, String name) throws Exception {
        return vm.findByName(name);
    }

    static long value(MonitoredVm vm, String name) throws Exception {
        Monitor m = vm.findByName(name);
        return m == null ? Long.MIN_VALUE : ((Number) m.getValue()).longValue();
    }

    /* Waits (up to 20 s) for the counter to exceed `than`: counters are sampled. */
    static boolean grows(MonitoredVm vm, String name, long than) throws Exception {
        return grows(vm, name, than, 400);
    }

    static boolean grows(MonitoredVm vm, String name, long than, int polls) throws Exception {
        for (int i = 0; i < polls; i++) {
            if (value(vm, name) > than) return true;
            Thread.sleep(50);
        }
        return false;
    }

    static long gcCount(MonitoredVm vm) throws Exception {
        long n = 0;
        for (int i = 0; i < 3; i++) n += Math.max(0, value(vm, "sun.gc.collector." + i + ".invocations"));
        return n;
    }

    static void jstat(String option) throws Exception {
        String[] lines = run("jstat", option, pid).split("\n");
        String header = lines[0].trim();
        int columns = header.split(" +").length;
        int cells = lines.length > 1 ? lines[1].trim().split(" +").length : -1;
        /* The compiler's last method may be empty (GlassVM compiles nothing) or two words. */
        boolean ok = option.endsWith("compiler") || option.endsWith("compilation") ? cells >= columns - 1 : cells == columns;
        System.out.println("jstat " + option + ": exit " + status + ", lines " + lines.length + ", header " + header
                + ", row shape " + ok);
    }

    /* A class of its own loader, loaded and initialized, then unreachable with it. */
    static void loadAndDrop() throws Exception {
        java.net.URL classes = JstatTool.class.getProtectionDomain().getCodeSource().getLocation();
        try (java.net.URLClassLoader l = new java.net.URLClassLoader(new java.net.URL[] {classes}, null)) {
            Class.forName("JstatTool$Fresh", true, l);
        }
    }

    public static void main(String[] args) throws Exception {
        // jstat.
        for (String o : new String[] {"-gc", "-gcutil", "-gccapacity", "-gcnew", "-gcold", "-class", "-compiler",
                "-printcompilation"})
            jstat(o);

        // The counters behind them.
        MonitoredHost host = MonitoredHost.getMonitoredHost("localhost");
        MonitoredVm vm = host.getMonitoredVm(new VmIdentifier(pid));
        for (String name : new String[] {"sun.os.hrt.frequency", "java.cls.loadedClasses", "sun.cls.time",
                "sun.gc.generation.1.space.0.used", "sun.gc.generation.0.space.0.capacity", "java.threads.live",
                "java.ci.totalTime", "sun.rt.javaCommand", "java.rt.vmArgs"}) {
            Monitor m = counter(vm, name);
            System.out.println(name + ": " + (m == null ? "missing"
                    : m.getUnits() + ", " + m.getVariability() + (m.isSupported() ? ", supported" : "")));
        }
        System.out.println("sun.rt.javaCommand: " + counter(vm, "sun.rt.javaCommand").getValue());
        System.out.println("used > 0: " + (value(vm, "sun.gc.generation.1.space.0.used") > 0
                || value(vm, "sun.gc.generation.0.space.0.used") > 0));

        long ticks = value(vm, "sun.os.hrt.ticks");
        System.out.println("ticks grow: " + grows(vm, "sun.os.hrt.ticks", ticks));
        long classes = value(vm, "java.cls.loadedClasses");
        Class.forName("JstatTool$Fresh");
        System.out.println("loaded classes grow: " + grows(vm, "java.cls.loadedClasses", classes));
        long started = value(vm, "java.threads.started");
        Thread t = new Thread(() -> {});
        t.start();
        t.join();
        System.out.println("started threads grow: " + grows(vm, "java.threads.started", started));
        long gcs = gcCount(vm);
        System.gc();
        boolean collected = false;
        for (int i = 0; i < 400 && !collected; i++) {
            collected = gcCount(vm) > gcs;
            Thread.sleep(50);
        }
        System.out.println("collections grow: " + collected);
        // The cause is reported when the collection ends (the sampler may show the count first).
        String cause = "";
        for (int i = 0; i < 400 && !cause.equals("System.gc()"); i++) {
            cause = String.valueOf(counter(vm, "sun.gc.lastCause").getValue());
            Thread.sleep(50);
        }
        System.out.println("sun.gc.lastCause: " + cause);
        String[] gccause = run("jstat", "-gccause", pid).split("\n");
        System.out.println("jstat -gccause: LGCC " + gccause[0].contains(" LGCC ") + ", System.gc() "
                + (gccause.length > 1 && gccause[1].contains("System.gc()")));
        java.lang.management.ClassLoadingMXBean cl = java.lang.management.ManagementFactory.getClassLoadingMXBean();
        long totalBefore = cl.getTotalLoadedClassCount(), unloadedBefore = cl.getUnloadedClassCount();
        long unloaded = value(vm, "java.cls.unloadedClasses");
        loadAndDrop();
        boolean grew = false;
        for (int i = 0; i < 100 && !grew; i++) {
            System.gc();
            grew = grows(vm, "java.cls.unloadedClasses", unloaded, 10);
        }
        System.out.println("unloaded classes grow: " + grew);
        // Read in this order, loaded <= total - unloaded holds even while classes load.
        long unloadedNow = cl.getUnloadedClassCount(), loaded = cl.getLoadedClassCount();
        long total = cl.getTotalLoadedClassCount();
        System.out.println("ClassLoadingMXBean: total grows " + (total > totalBefore) + ", unloaded grows "
                + (unloadedNow > unloadedBefore) + ", loaded + unloaded <= total " + (loaded + unloadedNow <= total));

        // A counter of the class library's own (jdk.internal.perf.PerfCounter): ZipFile.
        Path zip = Files.createTempFile("tools", ".zip");
        try (OutputStream o = Files.newOutputStream(zip); ZipOutputStream z = new ZipOutputStream(o)) {
            z.putNextEntry(new ZipEntry("a.txt"));
            z.write(1);
        }
        try (ZipFile z = new ZipFile(zip.toFile())) {
            System.out.println("zip entries: " + z.size());
        }
        Files.delete(zip);
        System.out.println("sun.zip.zipFiles counted: " + grows(vm, "sun.zip.zipFiles", 0));
        vm.detach();
    }
}
