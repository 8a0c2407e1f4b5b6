// ARGS: @TESTSRC@
// VMOPTIONS: --add-modules jdk.management.agent --add-exports jdk.management.agent/jdk.internal.agent=ALL-UNNAMED
// JAVACOPTIONS: --add-modules jdk.management.agent --add-exports jdk.management.agent/jdk.internal.agent=ALL-UNNAMED
// The JDK's JMX agent over SSL, as its documentation sets it up: a second VM (the same java
// binary) started with -Dcom.sun.management.jmxremote.ssl=true, an SSL-protected RMI
// registry and password authentication; a client connects with the trust store and
// credentials, and without SSL it cannot. The key store is MgmtJmxSsl/jmxremote.p12 (an
// EC key for CN=localhost, IP 127.0.0.1, valid until 2125, store and key password
// "changeit"; its MAC and encryptions use 100 PBKDF2 iterations, not keytool's 10000: the
// three PBKDF2 runs of the child's key store and the two of this VM's trust store took 15
// of the test's 19 s on GlassVM, 150 s under make check). The child's agent listens on a
// port the kernel chooses (jmxremote.port=0: a port found free beforehand could be taken
// by another process before the child binds it) and publishes its address in its
// jvmstat counters, where the client finds it. Printed: facts, never ports or paths.
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

public class MgmtJmxSsl {
    public interface CounterMBean {
        int getCount();
        int increment(int by);
    }

    public static class Counter implements CounterMBean {
        private int count;
        public synchronized int getCount() { return count; }
        public synchronized int increment(int by) { return count += by; }
    }

    /* The monitored VM: registers an MBean, says ready, lives until stdin closes. */
    static void child() throws Exception {
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
        cmd.add("MgmtJmxSsl");
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

    public static void main(String[] args) throws Exception {
        if (args[0].equals("--child")) {
            child();
            return;
        }
        Path testsrc = Paths.get(args[0]);
        Path dir = Files.createTempDirectory("mgmtjmx");
        Path pw = dir.resolve("jmxremote.password"), access = dir.resolve("jmxremote.access");
        Files.writeString(pw, "reader readpw\nwriter writepw\n");
        Files.writeString(access, "reader readonly\nwriter readwrite\n");
        Files.setPosixFilePermissions(pw, PosixFilePermissions.fromString("rw-------"));
        Files.setPosixFilePermissions(access, PosixFilePermissions.fromString("rw-------"));
        String ks = testsrc.resolve("jmxremote.p12").toString();
        Process c3 = startChild("-Dcom.sun.management.jmxremote.port=0", "-Dcom.sun.management.jmxremote.host=127.0.0.1", "-Dcom.sun.management.jmxremote.ssl=true",
                "-Dcom.sun.management.jmxremote.registry.ssl=true", "-Dcom.sun.management.jmxremote.authenticate=true",
                "-Dcom.sun.management.jmxremote.password.file=" + pw, "-Dcom.sun.management.jmxremote.access.file=" + access,
                "-Djavax.net.ssl.keyStore=" + ks, "-Djavax.net.ssl.keyStorePassword=changeit");
        System.setProperty("javax.net.ssl.trustStore", ks);
        System.setProperty("javax.net.ssl.trustStorePassword", "changeit");
        JMXServiceURL url3 = remoteAddress(c3);
        System.out.println("-Dcom.sun.management.jmxremote.ssl=true:");
        Map<String, Object> env3 = new HashMap<>();
        env3.put("com.sun.jndi.rmi.factory.socket", new javax.rmi.ssl.SslRMIClientSocketFactory());
        env3.put(JMXConnector.CREDENTIALS, new String[] {"reader", "readpw"});
        try (JMXConnector jc = JMXConnectorFactory.connect(url3, env3)) {
            System.out.println("  over SSL: pid ok "
                    + jc.getMBeanServerConnection().getAttribute(new ObjectName("java.lang:type=Runtime"), "Pid").equals(c3.pid()));
        }
        try (JMXConnector jc = JMXConnectorFactory.connect(url3, Map.of(JMXConnector.CREDENTIALS, new String[] {"reader", "readpw"}))) {
            System.out.println("  without SSL: connected");
        } catch (IOException e) {
            System.out.println("  without SSL: cannot connect");
        }
        stopChild(c3);
        Files.delete(pw);
        Files.delete(access);
        Files.delete(dir);
    }
}
