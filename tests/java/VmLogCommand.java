// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// VMOPTIONS: -Djdk.attach.allowAttachSelf=true --add-exports jdk.attach/sun.tools.attach=ALL-UNNAMED -Dsun.tools.attach.attachTimeout=60000 -Xlog:class+unload=off:stderr:level,tags
// JAVACOPTIONS: --add-exports jdk.attach/sun.tools.attach=ALL-UNNAMED
//
// The VM.log diagnostic command (unified logging at run time) through jcmd's attach
// operation and through DiagnosticCommandMBean: its help and usage, "list" (the output
// configuration, the tag list masked: each VM lists its own), a file output added at run
// time receiving class+load lines, "rotate" archiving it as NAME.0, reconfiguring stderr
// by index, the error texts of bad selections/decorators/options (printed as the
// command's output), and "disable".
import com.sun.tools.attach.VirtualMachine;
import java.io.File;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.util.Arrays;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import sun.tools.attach.HotSpotVirtualMachine;

public class VmLogCommand {
    static class Late {
    }

    static HotSpotVirtualMachine vm;
    static File dir;

    static String mask(String s) {
        return s.replace(dir.getPath(), "DIR").replaceAll("(?m)^Available log tags: .*$", "Available log tags: ...");
    }

    static String jcmd(String command) {
        try (InputStream in = vm.executeJCmd(command)) {
            return "OK <" + mask(new String(in.readAllBytes(), "UTF-8")) + ">";
        } catch (Exception e) {
            return e.getClass().getSimpleName() + " <" + e.getMessage() + ">";
        }
    }

    static void show(String command) {
        System.out.println("[" + mask(command) + "] " + jcmd(command));
    }

    static void files() throws Exception {
        String[] names = dir.list();
        Arrays.sort(names);
        for (String n : names) {
            String text = Files.readString(new File(dir, n).toPath());
            System.out.println(" file " + n + ": " + (text.isEmpty() ? "empty"
                    : text.contains("[info][class,load] VmLogCommand$Late source: ") ? "has the Late line" : "other"));
        }
    }

    public static void main(String[] args) throws Exception {
        dir = Files.createTempDirectory("vmlog").toFile();
        vm = (HotSpotVirtualMachine) VirtualMachine.attach(Long.toString(ProcessHandle.current().pid()));
        try {
            show("help VM.log");
            show("VM.log");
            show("VM.log list");
            // A file output, then a class loaded: its line goes to the file only.
            show("VM.log output=file=" + dir + "/v.log what=class+load decorators=level,tags output_options=filecount=2,filesize=100k");
            show("VM.log list");
            new Late();
            files();
            show("VM.log rotate");
            files();
            // Reconfiguring an output by index.
            show("VM.log output=#1 what=gc+heap+exit=off decorators=uptime");
            show("VM.log list");
            // Errors are the command's output.
            show("VM.log what=foo");
            show("VM.log what=gc=bar");
            show("VM.log what=gc decorators=bogus");
            show("VM.log output=file=" + dir + "/x.log output_options=foo=1");
            show("VM.log output=file=" + dir + "/x.log output_options=filecount=5000");
            show("VM.log list=maybe");
            // Through the MBean.
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            ObjectName name = new ObjectName("com.sun.management:type=DiagnosticCommand");
            String[] sig = {String[].class.getName()};
            Object out = server.invoke(name, "vmLog", new Object[] {new String[] {"disable"}}, sig);
            System.out.println("MBean disable: <" + out + ">");
            out = server.invoke(name, "vmLog", new Object[] {new String[] {"list"}}, sig);
            System.out.println("MBean list: <" + mask((String) out) + ">");
            files();
        } finally {
            vm.detach();
            for (File f : dir.listFiles()) f.delete();
            dir.delete();
        }
    }
}
