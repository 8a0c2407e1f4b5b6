// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
//
// Diagnostic commands through JMX (com.sun.management.DiagnosticCommandMBean, the JMM's
// diagnostic-command slots, src/jvm/dcmd_jmm.c): the operations GlassVM's commands
// become, with their descriptors (name, permission, arguments in HotSpot's order and
// types), and invocations: output, HotSpot's IllegalArgumentException messages for bad
// arguments, and the commands the MBean does not offer (ManagementAgent.*).
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;
import javax.management.Descriptor;
import javax.management.MBeanOperationInfo;
import javax.management.MBeanServer;
import javax.management.ObjectName;

public class DiagnosticCommandMBean {
    static final List<String> OURS = Arrays.asList("GC.class_histogram", "GC.heap_dump", "GC.heap_info", "GC.run",
            "GC.run_finalization", "JVMTI.agent_load",
            "JVMTI.data_dump", "Thread.print", "VM.classloader_stats", "VM.classloaders", "VM.command_line",
            "VM.flags", "VM.info", "VM.set_flag", "VM.system_properties", "VM.uptime", "VM.version", "help",
            "VM.class_hierarchy", "GC.finalizer_info", "VM.stringtable", "VM.symboltable", "VM.dynlibs",
            "System.trim_native_heap", "VM.native_memory", "VM.print_touched_methods", "Compiler.queue",
            "Compiler.codelist", "Compiler.perfmap");

    static MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    static ObjectName name;

    /* An operation of a command without arguments (no parameters), or with (a String[]). */
    static String invoke(String op, String... args) {
        return call(op, args.length == 0 ? null : args);
    }

    static String call(String op, String[] args) {
        try {
            Object r = args == null ? server.invoke(name, op, null, null)
                    : server.invoke(name, op, new Object[] {args}, new String[] {String[].class.getName()});
            return "OK <" + r + ">";
        } catch (Exception e) {
            Throwable c = e.getCause() != null ? e.getCause() : e;
            return c.getClass().getName() + ": " + c.getMessage();
        }
    }

    public static void main(String[] args) throws Exception {
        name = new ObjectName("com.sun.management:type=DiagnosticCommand");
        boolean agent = false;
        for (MBeanOperationInfo op : server.getMBeanInfo(name).getOperations()) {
            Descriptor d = op.getDescriptor();
            String cmd = (String) d.getFieldValue("dcmd.name");
            agent |= cmd.startsWith("ManagementAgent.");
            if (!OURS.contains(cmd)) continue;
            System.out.println(op.getName() + " = " + cmd + ", permission " + d.getFieldValue("dcmd.permissionClass")
                    + "(" + d.getFieldValue("dcmd.permissionName") + ", " + d.getFieldValue("dcmd.permissionAction")
                    + "), impact " + d.getFieldValue("dcmd.vmImpact") + ", args " + d.getFieldValue("dcmd.arguments"));
        }
        System.out.println("ManagementAgent commands offered: " + agent);
        System.out.println(invoke("help", "VM.uptime"));
        System.out.println(invoke("threadPrint", "-bogus"));
        System.out.println(invoke("vmVersion", "extra=1"));
        System.out.println(call("jvmtiAgentLoad", new String[0]));
        System.out.println(invoke("gcRun"));
        System.out.println("vmUptime: " + call("vmUptime", new String[0]).matches("OK <\\d+\\.\\d{3} s\n>"));
        System.out.println("threadPrint has main: " + invoke("threadPrint", "-l").contains("\n\"main\" #1 "));
    }
}
