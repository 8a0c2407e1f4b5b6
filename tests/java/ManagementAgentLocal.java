// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// VMOPTIONS: -Djdk.attach.allowAttachSelf=true --add-exports jdk.attach/sun.tools.attach=ALL-UNNAMED -Dsun.tools.attach.attachTimeout=60000
// JAVACOPTIONS: --add-exports jdk.attach/sun.tools.attach=ALL-UNNAMED
//
// The JMX agent started the way jconsole and VisualVM start it in a running VM:
// ManagementAgent.start_local through the attach mechanism (VirtualMachine.
// startLocalManagementAgent sends that diagnostic command and reads the agent property
// com.sun.management.jmxremote.localConnectorAddress), then a JMX client connects to that
// address, reads platform MBean attributes and invokes an operation; ManagementAgent.status
// reports the local connector, ManagementAgent.stop stops only the remote one.
import com.sun.tools.attach.VirtualMachine;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import sun.tools.attach.HotSpotVirtualMachine;

public class ManagementAgentLocal {
    static String jcmd(HotSpotVirtualMachine vm, String command) {
        try (InputStream in = vm.executeJCmd(command)) {
            return new String(in.readAllBytes(), "UTF-8");
        } catch (Exception e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    public static void main(String[] args) throws Exception {
        String pid = Long.toString(ProcessHandle.current().pid());
        HotSpotVirtualMachine vm = (HotSpotVirtualMachine) VirtualMachine.attach(pid);
        System.out.println("status before: " + jcmd(vm, "ManagementAgent.status").trim());
        String address = vm.startLocalManagementAgent();
        System.out.println("connector address: " + address.startsWith("service:jmx:rmi://"));
        System.out.println("same address again: " + address.equals(vm.startLocalManagementAgent()));
        String status = jcmd(vm, "ManagementAgent.status");
        System.out.println("status: " + status.startsWith("Agent: enabled\n") + " "
                + status.contains("\nConnection Type: local\n"));
        try (JMXConnector c = JMXConnectorFactory.connect(new JMXServiceURL(address))) {
            MBeanServerConnection s = c.getMBeanServerConnection();
            ObjectName runtime = new ObjectName(ManagementFactory.RUNTIME_MXBEAN_NAME);
            System.out.println("Runtime.Name is pid@host: " + ((String) s.getAttribute(runtime, "Name")).startsWith(pid + "@"));
            System.out.println("Runtime.SpecVersion: " + s.getAttribute(runtime, "SpecVersion"));
            ObjectName memory = new ObjectName(ManagementFactory.MEMORY_MXBEAN_NAME);
            s.invoke(memory, "gc", null, null);
            System.out.println("Memory.gc invoked");
            ObjectName threading = new ObjectName(ManagementFactory.THREAD_MXBEAN_NAME);
            System.out.println("Threading.ThreadCount > 0: " + ((Integer) s.getAttribute(threading, "ThreadCount") > 0));
        }
        System.out.println("stop: [" + jcmd(vm, "ManagementAgent.stop") + "]");
        vm.detach();
    }
}
