// VMOPTIONS: --add-exports jdk.attach/sun.tools.attach=ALL-UNNAMED --add-modules jdk.management.agent --add-exports jdk.management.agent/jdk.internal.agent=ALL-UNNAMED -Dsun.tools.attach.attachTimeout=60000
// JAVACOPTIONS: --add-exports jdk.attach/sun.tools.attach=ALL-UNNAMED --add-modules jdk.management.agent --add-exports jdk.management.agent/jdk.internal.agent=ALL-UNNAMED
// The JDK's JMX agent in a second VM (the same java binary), used the way jconsole and
// VisualVM use it: (1) started by -Dcom.sun.management.jmxremote.port with
// authentication and SSL off on the loopback interface, a client connects over RMI, reads
// and invokes platform MBeans and an MBean of the program, and receives a GC notification;
// (2) started on request through the attach mechanism (ManagementAgent.start_local, what
// VirtualMachine.startLocalManagementAgent sends), through the local connector address;
// (3) ManagementAgent.start with a password and an access file: good and bad
// credentials, read-only and read-write roles; ManagementAgent.status and .stop; a bad
// option (MgmtJmxSsl does the same over SSL). The remote connectors listen on ports the
// kernel chooses (jmxremote.port=0; a port found free beforehand could be taken by another
// process before the child binds it), and the client finds the address where jconsole
// does: in the jvmstat counters the child's agent publishes. Printed: facts, never ports,
// paths or addresses.
import com.sun.tools.attach.VirtualMachine;
import java.io.*;
import java.lang.management.*;
import java.net.*;
import java.nio.file.*;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.*;
import java.util.concurrent.*;
import javax.management.*;
import javax.management.remote.*;
import jdk.internal.agent.ConnectorAddressLink;
import sun.tools.attach.HotSpotVirtualMachine;

public class MgmtJmxAgent {
    public interface CounterMBean {
        int getCount();
        int increment(int by);
    }

    public static class Counter implements CounterMBean {
        private int count;
        public synchronized int getCount() { return count; }
        public synchronized int increment(int by) { return count += by; }
    }

    static final java.util.logging.Logger quiet = java.util.logging.Logger.getLogger("javax.management.remote.misc");

    /* The monitored VM: registers an MBean, says ready, lives until stdin closes. */
    static void child() throws Exception {
        // The JDK's RMI connector races on close: the client's notification fetcher may send
        // one more request after the server terminated the connection, and the server logs a
        // warning for it (ServerCommunicatorAdmin.reqIncoming). Timing decides whether it
        // shows, on HotSpot too, so that logger is quieted; everything else still reaches
        // stderr and is compared.
        quiet.setLevel(java.util.logging.Level.SEVERE);
        ManagementFactory.getPlatformMBeanServer().registerMBean(new Counter(), new ObjectName("test:type=Counter"));
        System.out.println("ready");
        System.out.flush();
        while (System.in.read() >= 0) { }
    }

    /* The address of the remote connector the JMX agent of process p started: its
     * registry's port is the one the kernel chose. */
    static JMXServiceURL remoteAddress(Process p) throws Exception {
        for (Map.Entry<String, String> e : ConnectorAddressLink.importRemoteFrom((int) p.pid()).entrySet())
            if (e.getKey().endsWith(".remoteAddress")) return new JMXServiceURL(e.getValue());
        throw new IllegalStateException("the child published no remote connector address");
    }

    static Process startChild(String... opts) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Djava.rmi.server.hostname=127.0.0.1"); // RMI stubs name the loopback address
        cmd.addAll(Arrays.asList(opts));
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("MgmtJmxAgent");
        cmd.add("--child");
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream()));
        String line = r.readLine();
        if (!"ready".equals(line)) throw new IllegalStateException("child said " + line);
        return p;
    }

    static void stopChild(Process p) throws Exception {
        p.getOutputStream().close();
        p.waitFor();
    }

    static void use(MBeanServerConnection s, long pid) throws Exception {
        System.out.println("  pid is the child's: " + s.getAttribute(new ObjectName("java.lang:type=Runtime"), "Pid").equals(pid));
        ThreadMXBean tb = ManagementFactory.newPlatformMXBeanProxy(s, ManagementFactory.THREAD_MXBEAN_NAME, ThreadMXBean.class);
        ThreadInfo main = null;
        for (ThreadInfo ti : tb.dumpAllThreads(false, false)) if (ti.getThreadName().equals("main")) main = ti;
        System.out.println("  threads > 0: " + (tb.getThreadCount() > 0) + ", child's main thread: " + (main != null));
        MemoryMXBean mem = ManagementFactory.newPlatformMXBeanProxy(s, ManagementFactory.MEMORY_MXBEAN_NAME, MemoryMXBean.class);
        MemoryUsage u = mem.getHeapMemoryUsage();
        System.out.println("  heap used <= committed: " + (u.getUsed() <= u.getCommitted()));
        ObjectName counter = new ObjectName("test:type=Counter");
        s.invoke(counter, "increment", new Object[] {5}, new String[] {"int"});
        System.out.println("  program MBean: " + s.getAttribute(counter, "Count"));
    }

    static void gcNotification(MBeanServerConnection s) throws Exception {
        BlockingQueue<Notification> q = new LinkedBlockingQueue<>();
        ObjectName gc = null;
        for (ObjectName n : s.queryNames(new ObjectName("java.lang:type=GarbageCollector,*"), null)) {
            s.addNotificationListener(n, (note, hb) -> q.add(note), null, null);
            gc = n;
        }
        s.invoke(new ObjectName("java.lang:type=Memory"), "gc", null, null);
        Notification n;
        do {
            n = q.take();
        } while (!n.getType().equals("com.sun.management.gc.notification"));
        System.out.println("  GC notification over the connection: " + n.getType());
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0) {
            child();
            return;
        }
        // (1) Remote connector from the command line.
        Process c1 = startChild("-Dcom.sun.management.jmxremote.port=0", "-Dcom.sun.management.jmxremote.host=127.0.0.1",
                "-Dcom.sun.management.jmxremote.authenticate=false", "-Dcom.sun.management.jmxremote.ssl=false");
        JMXServiceURL url = remoteAddress(c1);
        System.out.println("-Dcom.sun.management.jmxremote.port:");
        try (JMXConnector jc = JMXConnectorFactory.connect(url)) {
            use(jc.getMBeanServerConnection(), c1.pid());
            gcNotification(jc.getMBeanServerConnection());
        }
        stopChild(c1);

        // (2) Local connector started through attach.
        Process c2 = startChild();
        VirtualMachine vm = VirtualMachine.attach(Long.toString(c2.pid()));
        System.out.println("local connector before start: "
                + vm.getAgentProperties().getProperty("com.sun.management.jmxremote.localConnectorAddress"));
        String local = vm.startLocalManagementAgent();
        System.out.println("ManagementAgent.start_local: address published "
                + local.equals(vm.getAgentProperties().getProperty("com.sun.management.jmxremote.localConnectorAddress")));
        try (JMXConnector jc = JMXConnectorFactory.connect(new JMXServiceURL(local))) {
            use(jc.getMBeanServerConnection(), c2.pid());
        }

        // (3) Remote connector with authentication, started through attach.
        Path dir = Files.createTempDirectory("mgmtjmx");
        Path pw = dir.resolve("jmxremote.password"), access = dir.resolve("jmxremote.access");
        Files.writeString(pw, "reader readpw\nwriter writepw\n");
        Files.writeString(access, "reader readonly\nwriter readwrite\n");
        Files.setPosixFilePermissions(pw, PosixFilePermissions.fromString("rw-------"));
        Files.setPosixFilePermissions(access, PosixFilePermissions.fromString("rw-------"));
        Properties p = new Properties();
        p.setProperty("com.sun.management.jmxremote.port", "0");
        p.setProperty("com.sun.management.jmxremote.host", "127.0.0.1");
        p.setProperty("com.sun.management.jmxremote.authenticate", "true");
        p.setProperty("com.sun.management.jmxremote.ssl", "false");
        p.setProperty("com.sun.management.jmxremote.registry.ssl", "false");
        p.setProperty("com.sun.management.jmxremote.password.file", pw.toString());
        p.setProperty("com.sun.management.jmxremote.access.file", access.toString());
        vm.startManagementAgent(p);
        System.out.println("ManagementAgent.start with authentication:");
        JMXServiceURL url2 = remoteAddress(c2);
        for (String[] cred : new String[][] {{"writer", "writepw"}, {"reader", "readpw"}, {"reader", "wrong"}, null}) {
            Map<String, Object> env = new HashMap<>();
            if (cred != null) env.put(JMXConnector.CREDENTIALS, cred);
            String who = cred == null ? "no credentials" : cred[0] + "/" + cred[1];
            try (JMXConnector jc = JMXConnectorFactory.connect(url2, env)) {
                MBeanServerConnection s = jc.getMBeanServerConnection();
                System.out.println("  " + who + ": connected, pid ok "
                        + s.getAttribute(new ObjectName("java.lang:type=Runtime"), "Pid").equals(c2.pid()));
                try {
                    s.invoke(new ObjectName("test:type=Counter"), "increment", new Object[] {1}, new String[] {"int"});
                    System.out.println("  " + who + ": invoke allowed");
                } catch (SecurityException e) {
                    System.out.println("  " + who + ": " + e.getMessage());
                }
            } catch (SecurityException e) {
                System.out.println("  " + who + ": SecurityException: " + e.getMessage());
            }
        }
        HotSpotVirtualMachine hvm = (HotSpotVirtualMachine) vm;
        String status = new String(hvm.executeJCmd("ManagementAgent.status").readAllBytes());
        System.out.println("ManagementAgent.status: enabled " + status.contains("Agent: enabled") + ", authenticate "
                + status.contains("jmxremote.authenticate = true"));
        try {
            hvm.executeJCmd("ManagementAgent.start bogus=1").readAllBytes();
        } catch (IOException e) {
            System.out.println("ManagementAgent.start bogus=1: " + e.getMessage());
        }
        hvm.executeJCmd("ManagementAgent.stop").readAllBytes();
        try (JMXConnector jc = JMXConnectorFactory.connect(url2, Map.of(JMXConnector.CREDENTIALS, new String[] {"writer", "writepw"}))) {
            System.out.println("after ManagementAgent.stop: still connected");
        } catch (IOException e) {
            System.out.println("after ManagementAgent.stop: cannot connect");
        }
        vm.detach();
        stopChild(c2);

        Files.delete(pw);
        Files.delete(access);
        Files.delete(dir);
    }
}
