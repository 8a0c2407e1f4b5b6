// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// VMOPTIONS: -Xint -Xmx64m -Djdk.attach.allowAttachSelf=true --add-exports jdk.attach/sun.tools.attach=ALL-UNNAMED -Dsun.tools.attach.attachTimeout=60000
// JAVACOPTIONS: --add-exports jdk.attach/sun.tools.attach=ALL-UNNAMED
//
// The diagnostic commands that look into the VM's tables and the process
// (src/jvm/dcmd_vm.c), through jcmd's attach operation and through
// DiagnosticCommandMBean (whose replies are not cut at 4096 bytes): `help` for each;
// VM.class_hierarchy of this program's classes and interfaces (-i, -s, a class name,
// none, an unknown name; loader addresses masked); GC.finalizer_info with nothing
// pending, then with four objects of a class with finalize() waiting while the
// finalizer thread is held in the fifth's finalize(); VM.stringtable and
// VM.symboltable statistics (their layout) and -verbose (the header and this program's
// string literal and class name as entries, with HotSpot's escapes); VM.dynlibs (the
// header, the kernel's mapping lines, libjava.so among them);
// System.trim_native_heap's line; what VM.native_memory and VM.print_touched_methods
// say when the feature is off; an interpreter's empty Compiler.queue and
// Compiler.codelist; Compiler.perfmap writes /tmp/perf-<pid>.map.
import com.sun.tools.attach.VirtualMachine;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.util.concurrent.CountDownLatch;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import sun.tools.attach.HotSpotVirtualMachine;

public class DiagnosticCommandsVm {
    interface Shape {
    }

    interface Round extends Shape {
    }

    interface Named {
    }

    static abstract class Base implements Shape {
    }

    static class Circle extends Base implements Round, Named {
    }

    static class Square extends Base {
    }

    static class Unit extends Circle {
    }

    static final CountDownLatch release = new CountDownLatch(1);
    static volatile boolean finalizing;

    static class Held {
        @SuppressWarnings("deprecation")
        protected void finalize() throws Throwable {
            finalizing = true;
            release.await();
        }
    }

    static HotSpotVirtualMachine vm;
    static MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    static ObjectName mbean;

    static String jcmd(String command) {
        try (InputStream in = vm.executeJCmd(command)) {
            return "OK <" + new String(in.readAllBytes(), "UTF-8") + ">";
        } catch (Exception e) {
            return e.getClass().getSimpleName() + " <" + e.getMessage() + ">";
        }
    }

    /* The MBean operation's reply (all of it). */
    static String invoke(String op, String... args) {
        try {
            Object r = args.length == 0 ? server.invoke(mbean, op, null, null)
                    : server.invoke(mbean, op, new Object[] {args}, new String[] {String[].class.getName()});
            return (String) r;
        } catch (Exception e) {
            Throwable c = e.getCause() != null ? e.getCause() : e;
            return c.getClass().getName() + ": " + c.getMessage();
        }
    }

    static String masked(String s) {
        return s.replaceAll("/0x[0-9a-f]{16}", "/<loader>");
    }

    /* Whether every line of text after the first `skip` matches regex. */
    static boolean lines(String text, int skip, String regex) {
        String[] v = text.split("\n");
        for (int i = skip; i < v.length; i++)
            if (!v[i].matches(regex)) return false;
        return v.length > skip;
    }

    static void show(String command) {
        System.out.println("[" + command + "] " + masked(jcmd(command)));
    }

    static final String[] COMMANDS = {"VM.class_hierarchy", "GC.finalizer_info", "VM.stringtable", "VM.symboltable",
            "VM.dynlibs", "System.trim_native_heap", "VM.native_memory", "VM.print_touched_methods",
            "Compiler.queue", "Compiler.codelist", "Compiler.perfmap"};

    static final String STATS = "Number of buckets       : [ \\d]{9} = [ \\d]{9} bytes, each \\d+\n"
            + "Number of entries       : [ \\d]{9} = [ \\d]{9} bytes, each \\d+\n"
            + "(Number of literals      : [ \\d]{9} = [ \\d]{9} bytes, avg [ \\d]{2}\\d\\.\\d{3}\n)?"
            + "Total footprint         :           = [ \\d]{9} bytes\n"
            + "Average bucket size     : [ \\d]{4}\\d\\.\\d{3}\n"
            + "Variance of bucket size : [ \\d]{4}\\d\\.\\d{3}\n"
            + "Std. dev. of bucket size: [ \\d]{4}\\d\\.\\d{3}\n"
            + "Maximum bucket size     : [ \\d]{9}\n";

    public static void main(String[] args) throws Exception {
        new Unit();
        new Square();
        mbean = new ObjectName("com.sun.management:type=DiagnosticCommand");
        vm = (HotSpotVirtualMachine) VirtualMachine.attach(Long.toString(ProcessHandle.current().pid()));
        String help = jcmd("help");
        for (String c : COMMANDS) {
            System.out.println("help lists " + c + ": " + help.contains("\n" + c + "\n"));
            show("help " + c);
        }

        // VM.class_hierarchy: HotSpot's tree, for this program's classes.
        for (String c : new String[] {"VM.class_hierarchy DiagnosticCommandsVm$Base -s",
                "VM.class_hierarchy DiagnosticCommandsVm$Base -s -i", "VM.class_hierarchy DiagnosticCommandsVm$Unit",
                "VM.class_hierarchy -i DiagnosticCommandsVm$Unit", "VM.class_hierarchy DiagnosticCommandsVm$Shape -s",
                "VM.class_hierarchy DiagnosticCommandsVm$Round -i -s", "VM.class_hierarchy java.lang.Number",
                "VM.class_hierarchy No.Such", "VM.class_hierarchy a b", "VM.class_hierarchy -x"})
            show(c);
        System.out.println("MBean vmClassHierarchy: "
                + masked(invoke("vmClassHierarchy", "DiagnosticCommandsVm$Square", "-i")));
        String all = invoke("vmClassHierarchy", "-s=false");
        System.out.println("whole hierarchy: " + all.startsWith("java.lang.Object/null\n")
                + " " + all.contains("\n|--java.lang.Number/null\n")
                + " " + all.contains("\n|  |--java.lang.Integer/null\n")
                + " " + all.contains("\n|--DiagnosticCommandsVm$Shape/0x")
                + " " + lines(all, 1, "(\\|  )*\\|--\\S+/(null|0x[0-9a-f]{16})( \\(intf\\)| \\(invokes: .*\\))?"));

        // GC.finalizer_info: nothing pending, then four Held waiting behind the fifth,
        // whose finalize() holds the finalizer thread.
        show("GC.finalizer_info");
        for (int i = 0; i < 5; i++) new Held();
        String pending = "";
        for (int i = 0; i < 400; i++) {
            System.gc();
            Thread.sleep(25);
            pending = jcmd("GC.finalizer_info");
            if (finalizing && pending.contains("         4  DiagnosticCommandsVm$Held\n")) break;
        }
        System.out.println("[GC.finalizer_info, pending] " + pending);
        System.out.println("MBean gcFinalizerInfo: " + invoke("gcFinalizerInfo").equals(pending.substring(4, pending.length() - 1)));
        release.countDown();

        // The string and symbol tables.
        String literal = "dcmd\tprobe\\x";
        String accented = "dcmd\u00e9";
        String st = jcmd("VM.stringtable");
        System.out.println("stringtable: " + st.matches("OK <StringTable statistics:\n" + STATS + ">"));
        String sy = jcmd("VM.symboltable");
        System.out.println("symboltable: " + sy.matches("OK <SymbolTable statistics:\n" + STATS + ">"));
        String sv = invoke("vmStringtable", "-verbose");
        System.out.println("stringtable -verbose: " + sv.startsWith("VERSION: 1.1\n") + " "
                + sv.contains("\n12: dcmd\\tprobe\\\\x\n") + " " + literal.length() + " " + lines(sv, 1, "\\d+: .*")
                + " " + sv.contains("\n6: dcmd\\xc3\\xa9\n") + " " + accented.length());
        String yv = invoke("vmSymboltable", "-verbose");
        System.out.println("symboltable -verbose: " + yv.startsWith("VERSION: 1.1\n") + " "
                + yv.matches("(?s).*\n25 \\d+: DiagnosticCommandsVm\\$Held\n.*")
                + " " + lines(yv, 1, "\\d+ \\d+: .*"));

        // The process: mappings and the C heap.
        String maps = invoke("vmDynlibs");
        System.out.println("dynlibs: " + maps.startsWith("Dynamic libraries:\n")
                + " " + maps.contains("/lib/libjava.so\n")
                + " " + lines(maps, 1, "[0-9a-f]+-[0-9a-f]+ [-rwxps]{4} [0-9a-f]+ [0-9a-f]+:[0-9a-f]+ \\d+ *.*"));
        System.out.println("trim_native_heap: "
                + jcmd("System.trim_native_heap").matches("OK <Trim native heap: RSS\\+Swap: \\d+[BKMG]->\\d+[BKMG] \\([+-]\\d+[BKMG]\\)\n>"));

        // Off on both VMs; an interpreter's compiler queue and code list.
        for (String c : new String[] {"VM.native_memory", "VM.native_memory summary", "VM.native_memory detail scale=GB",
                "VM.native_memory baseline", "VM.native_memory summary.diff", "VM.native_memory bogus",
                "VM.native_memory scale", "VM.print_touched_methods", "VM.print_touched_methods x",
                "Compiler.queue", "Compiler.codelist"})
            show(c);
        java.io.File map = new java.io.File("/tmp/perf-" + ProcessHandle.current().pid() + ".map");
        map.delete();
        show("Compiler.perfmap");
        System.out.println("perf map written: " + map.isFile());
        map.delete();
        System.out.println("MBean vmNativeMemory: " + invoke("vmNativeMemory", "summary"));
        System.out.println("MBean compilerQueue: <" + invoke("compilerQueue") + ">");
        vm.detach();
    }
}
