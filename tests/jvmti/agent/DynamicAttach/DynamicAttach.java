// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Dynamic attach: the program attaches to its own VM through the JDK's attach API and
// uses the operations jcmd, jinfo and agent loaders use (see agent.c).
import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.VirtualMachine;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import sun.jvmstat.monitor.MonitoredHost;
import sun.jvmstat.monitor.MonitoredVm;
import sun.jvmstat.monitor.VmIdentifier;
import sun.tools.attach.HotSpotVirtualMachine;

public class DynamicAttach {
    static class Later {
    }

    public static class JarAgent {
        static volatile String ran = "no";

        public static void agentmain(String args, Instrumentation inst) {
            ran = "yes, args " + args + ", redefinition supported: " + inst.isRedefineClassesSupported();
        }
    }

    static Path makeJar() throws Exception {
        Path jar = Files.createTempFile("agent", ".jar");
        Manifest mf = new Manifest();
        mf.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        mf.getMainAttributes().put(new Attributes.Name("Agent-Class"), "DynamicAttach$JarAgent");
        try (OutputStream out = new JarOutputStream(Files.newOutputStream(jar), mf)) {
        }
        return jar;
    }

    static String jcmd(VirtualMachine vm, String command) throws Exception {
        try (InputStream in = ((HotSpotVirtualMachine) vm).executeJCmd(command)) {
            return new String(in.readAllBytes(), "UTF-8").trim();
        } catch (Exception e) {
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }

    /* What jps and jcmd read of this VM (the hsperfdata file). */
    static void perfData(long pid) throws Exception {
        MonitoredHost host = MonitoredHost.getMonitoredHost("localhost");
        System.out.println("jvmstat lists this VM: " + host.activeVms().contains((int) pid));
        MonitoredVm vm = host.getMonitoredVm(new VmIdentifier(Long.toString(pid)));
        System.out.println("sun.rt.javaCommand: " + vm.findByName("sun.rt.javaCommand").getValue());
        System.out.println("attachable: " + ((String) vm.findByName("sun.rt.jvmCapabilities").getValue()).charAt(0));
        System.out.println("java.property.java.vm.specification.version: "
                + vm.findByName("java.property.java.vm.specification.version").getValue());
        vm.detach();
    }

    public static void main(String[] args) throws Exception {
        String agent = System.getProperty("test.agent");
        perfData(ProcessHandle.current().pid());
        VirtualMachine vm = VirtualMachine.attach(Long.toString(ProcessHandle.current().pid()));
        System.out.println("attached");
        Properties p = vm.getSystemProperties();
        System.out.println("system property test.agent matches: " + agent.equals(p.getProperty("test.agent")));
        System.out.println("agent property sun.java.command: " + vm.getAgentProperties().getProperty("sun.java.command"));

        vm.loadAgentPath(agent, "first");
        System.out.println("loadAgentPath returned");
        new Later();
        try {
            vm.loadAgentPath(agent, "fail");
        } catch (AgentInitializationException e) {
            System.out.println("AgentInitializationException: " + e.getMessage() + ", " + e.returnValue());
        }
        try {
            vm.loadAgentPath("/nonexistent/libnothing.so", null);
        } catch (AgentLoadException e) {
            System.out.println("AgentLoadException: " + e.getMessage());
        }
        try {
            vm.loadAgentLibrary("nothing_such", null);
        } catch (AgentLoadException e) {
            System.out.println("AgentLoadException: " + e.getMessage());
        }

        Path jar = makeJar();
        vm.loadAgent(jar.toString(), "jar-options");
        System.out.println("agentmain ran: " + JarAgent.ran);
        Files.delete(jar);

        System.out.println("jcmd JVMTI.data_dump: [" + jcmd(vm, "JVMTI.data_dump") + "]");
        System.out.println("jcmd JVMTI.agent_load: [" + jcmd(vm, "JVMTI.agent_load " + agent + " second") + "]");
        System.out.println("jcmd No.such: [" + jcmd(vm, "No.such") + "]");
        System.out.println("jcmd GC.run: [" + jcmd(vm, "GC.run") + "]");
        String threads = jcmd(vm, "Thread.print");
        System.out.println("Thread.print shows main: " + threads.contains("\"main\""));
        vm.detach();
        System.out.println("detached");
    }
}
