// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// VMOPTIONS: -Xmx64m -Djdk.attach.allowAttachSelf=true --add-exports jdk.attach/sun.tools.attach=ALL-UNNAMED -Dsun.tools.attach.attachTimeout=60000
// JAVACOPTIONS: --add-exports jdk.attach/sun.tools.attach=ALL-UNNAMED
//
// Diagnostic commands through the attach mechanism's jcmd operation (what `jcmd <pid>`
// sends), parsed as HotSpot's DCmdParser parses them: `help` for every command GlassVM
// has (descriptions, impact, permission, syntax and typed arguments, verbatim), the
// error texts of unknown commands, unknown options, extra and missing arguments, bad
// booleans and integers, quoting and duplicates, the multi-command forms, and the
// outputs whose content both VMs fix (uptime shape, command line, properties, flags,
// class loader tree, management agent status, ownable synchronizers in Thread.print -l);
// the one flag table: a manageable flag set by VM.set_flag (origin management) and by
// the attach operation setflag (jinfo -flag; origin attach) as VM.flags, printflag and
// HotSpotDiagnosticMXBean all see it, with WriteableFlags' errors (VM.flags -all, longer
// than the attach client reads here, is checked in JdkTools).
// (HotSpot's attach client reads at most 4096 bytes of a reply in process: long outputs
// are checked through the jcmd tool in JdkTools.)
import com.sun.tools.attach.VirtualMachine;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.locks.ReentrantLock;
import sun.tools.attach.HotSpotVirtualMachine;

public class DiagnosticCommands {
    static class Leaf {
    }

    static HotSpotVirtualMachine vm;

    /* The command's output, or the failure's message (the attach client's text). */
    static String jcmd(String command) {
        try (InputStream in = vm.executeJCmd(command)) {
            return "OK <" + new String(in.readAllBytes(), "UTF-8") + ">";
        } catch (Exception e) {
            return e.getClass().getSimpleName() + " <" + e.getMessage() + ">";
        }
    }

    static void show(String command) {
        System.out.println("[" + command.replace("\n", "\\n") + "] " + jcmd(command));
    }

    static final List<String> COMMANDS = Arrays.asList("GC.class_histogram", "GC.heap_dump", "GC.heap_info",
            "GC.run", "GC.run_finalization", "JVMTI.agent_load",
            "JVMTI.data_dump", "ManagementAgent.start", "ManagementAgent.start_local", "ManagementAgent.status",
            "ManagementAgent.stop", "Thread.print", "VM.classloader_stats", "VM.classloaders", "VM.command_line",
            "VM.flags", "VM.info", "VM.set_flag", "VM.system_properties", "VM.uptime", "VM.version", "help");

    static String section(String dump, String start) {
        int i = dump.indexOf(start);
        if (i < 0) return "";
        int j = dump.indexOf("\n\n\"", i);
        return j < 0 ? dump.substring(i) : dump.substring(i, j);
    }

    public static void main(String[] args) throws Exception {
        vm = (HotSpotVirtualMachine) VirtualMachine.attach(Long.toString(ProcessHandle.current().pid()));

        String help = jcmd("help");
        System.out.println("help starts: " + help.startsWith("OK <The following commands are available:\n"));
        System.out.println("help ends: " + help.endsWith("\nFor more information about a specific command use 'help <command>'.\n>"));
        for (String c : COMMANDS) System.out.println("help lists " + c + ": " + help.contains("\n" + c + "\n"));
        for (String c : COMMANDS) show("help " + c);
        String all = jcmd("help -all");
        System.out.println("help -all has VM.uptime: " + all.contains("\nVM.uptime\n\tPrint VM uptime.\n\n"));

        // Parser errors, verbatim.
        for (String c : new String[] {"No.such", "Thread.print -bogus", "VM.version extra=1", "VM.version extra",
                "JVMTI.agent_load", "help No.such", "Thread.print -l=maybe", "Thread.print -l -l",
                "help \"VM.version", "help 'VM.uptime'", "help -all=x", "VM.uptime -date=yes",
                "ManagementAgent.start jdp.port=abc", "ManagementAgent.start jdp.port=1x",
                "help a=b", "help VM.uptime VM.version", "  ", "GC.run\n\nGC.run", "#comment",
                "GC.run\nstop\nNo.such", "GC.run\nsto\nNo.such", "GC.run\t", "help\tVM.uptime",
                "Thread.print -a-very-long-option-name-that-goes-on-and-on", "VM.classloaders fold=maybe",
                "GC.run", "GC.run_finalization", "JVMTI.data_dump", "GC.run  ", "help  VM.uptime  ",
                "VM.set_flag", "VM.set_flag NoSuch 1", "VM.set_flag NoSuch", "VM.set_flag MaxHeapSize",
                "VM.set_flag MaxHeapSize 5", "VM.set_flag UsePerfData false",
                "help ab\"cd\"", "help \"VM.uptime\"x", "help 'VM.up time'", "help \"a\\\"b\"",
                "help -all=\"false\" VM.uptime", "help \"VM.uptime' x"})
            show(c);

        // Outputs whose shape or content both VMs fix.
        System.out.println("uptime: " + jcmd("VM.uptime").matches("OK <\\d+\\.\\d{3} s\n>"));
        System.out.println("uptime -date: "
                + jcmd("VM.uptime -date").matches("OK <\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}[+-]\\d{4}: \\d+\\.\\d{3} s\n>"));
        System.out.println("uptime =x: " + jcmd("VM.uptime =x").matches("OK <\\d+\\.\\d{3} s\n>"));
        System.out.println("uptime quoted false: " + jcmd("VM.uptime '-date'=\"false\"").matches("OK <\\d+\\.\\d{3} s\n>"));
        System.out.println("help with a trailing quote: " + jcmd("help x\"").startsWith("OK <The following commands are available:\n"));
        String version = jcmd("VM.version");
        System.out.println("version: " + version.matches("(?s)OK <.* version " + java.util.regex.Pattern.quote(System.getProperty("java.vm.version"))
                + "\nJDK " + Runtime.version().feature() + "\\.\\d+\\.\\d+\n>"));
        show("VM.command_line");
        String props = jcmd("VM.system_properties");
        System.out.println("properties: " + props.contains("\njava.vm.specification.version=17\n"));
        String flags = jcmd("VM.flags");
        System.out.println("flags: " + flags.startsWith("OK <-XX:") + " " + flags.contains("-XX:MaxHeapSize=67108864 ")
                + " " + flags.endsWith(" \n>"));
        System.out.println("flags -all: " + jcmd("VM.flags -all").startsWith("OK <[Global flags]\n"));
        show("VM.classloaders");
        show("VM.classloaders fold=false");
        /* Two loaders of the same name and class, each defining a class: folded into one
         * node, shown apart with fold=false. Their parent is the boot loader. */
        URL classes = DiagnosticCommands.class.getProtectionDomain().getCodeSource().getLocation();
        URLClassLoader first = new URLClassLoader("dup", new URL[] {classes}, null);
        URLClassLoader second = new URLClassLoader("dup", new URL[] {classes}, null);
        Class.forName("DiagnosticCommands$Leaf", true, first);
        Class.forName("DiagnosticCommands$Leaf", true, second);
        show("VM.classloaders");
        show("VM.classloaders fold=false");
        show("VM.classloaders fold=false verbose=false");
        String stats = jcmd("VM.classloader_stats");
        System.out.println("classloader_stats header: "
                + stats.startsWith("OK <ClassLoader         Parent              CLD*               Classes   ChunkSz   BlockSz  Type\n"));
        TreeSet<String> types = new TreeSet<>();
        for (String line : stats.split("\n"))
            if (line.startsWith("0x")) types.add(line.substring(line.lastIndexOf("  ") + 2));
        System.out.println("classloader_stats types: " + types);
        for (String line : stats.split("\n"))
            if (line.startsWith("Total = "))
                System.out.println("classloader_stats total: " + line.length() + " "
                        + line.matches("Total = 5 {51}[ \\d]{5}\\d  [ \\d]{7}\\d  [ \\d]{7}\\d  "));
        // Both loaders stay reachable until the commands above have seen them: under
        // GlassVM's precise liveness a collection could otherwise unload them.
        java.lang.ref.Reference.reachabilityFence(first);
        java.lang.ref.Reference.reachabilityFence(second);
        String info = jcmd("VM.info");
        System.out.println("info: " + info.contains("---------------  S U M M A R Y ------------\n\nCommand Line: "));
        show("ManagementAgent.status");

        ReentrantLock lock = new ReentrantLock();
        lock.lock();
        String dump = jcmd("Thread.print -l");
        String main = section(dump, "\"main\"");
        System.out.println("Thread.print -l, main holds its lock: "
                + main.matches("(?s).*\n\n   Locked ownable synchronizers:\n\t- <0x[0-9a-f]{16}> \\(a java.util.concurrent.locks.ReentrantLock\\$NonfairSync\\)$"));
        lock.unlock();
        String plain = section(jcmd("Thread.print"), "\"main\"");
        System.out.println("Thread.print, no synchronizers: " + !plain.contains("Locked ownable"));

        // One flag table for VM.flags, VM.set_flag, jinfo and HotSpotDiagnosticMXBean.
        com.sun.management.HotSpotDiagnosticMXBean diag =
                java.lang.management.ManagementFactory.getPlatformMXBean(
                        com.sun.management.HotSpotDiagnosticMXBean.class);
        for (String c : new String[] {"VM.set_flag HeapDumpOnOutOfMemoryError TRUE", "VM.set_flag HeapDumpPath",
                "VM.set_flag PrintConcurrentLocks maybe", "VM.set_flag PrintConcurrentLocks 1",
                "VM.set_flag HeapDumpPath /tmp/dcmd-flags.hprof"})
            show(c);
        for (String f : new String[] {"HeapDumpOnOutOfMemoryError", "PrintConcurrentLocks", "HeapDumpPath"}) {
            System.out.println("MXBean " + diag.getVMOption(f));
            try (InputStream in = vm.printFlag(f)) {
                System.out.print("printflag " + new String(in.readAllBytes(), "UTF-8"));
            }
            String set = jcmd("VM.flags");
            String form = "-XX:" + (f.equals("HeapDumpPath") ? f + "=" : "+" + f);
            System.out.println("VM.flags lists " + f + ": " + set.contains(form));
        }
        try (InputStream in = vm.setFlag("PrintConcurrentLocks", "false")) {
            in.readAllBytes();
        }
        System.out.println("after setflag: MXBean " + diag.getVMOption("PrintConcurrentLocks"));
        diag.setVMOption("PrintConcurrentLocks", "true");
        System.out.println("after setVMOption: " + jcmd("VM.flags").contains("-XX:+PrintConcurrentLocks "));
        show("VM.set_flag PrintConcurrentLocks false");
        show("VM.set_flag HeapDumpOnOutOfMemoryError 0");
        vm.detach();
    }
}
