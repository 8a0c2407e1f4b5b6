// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// VMOPTIONS: -Xmx64m -Dtools.test=yes
// ARGS: first second
//
// The JDK's monitoring tools run against this VM: jcmd (help, errors and their exit
// status, VM.flags -all, VM.classloaders show-classes), jstack, jstack -l and -e, jinfo -flags / -sysprops / no option /
// -flag (printing and setting a flag),
// jps -lvm (main class, arguments, VM arguments). Facts only: outputs differ between
// VMs (JstatTool covers jstat).
import java.io.ByteArrayOutputStream;
import java.io.InputStream;

public class JdkTools {
    static class Leaf {
    }

    static String pid = Long.toString(ProcessHandle.current().pid());
    static int status;

    static String run(String tool, String... args) throws Exception {
        String[] cmd = new String[args.length + 2];
        cmd[0] = System.getProperty("java.home") + "/bin/" + tool;
        cmd[1] = "-J-Dsun.tools.attach.attachTimeout=60000"; // a loaded machine or make check: the 10 s default is short
        System.arraycopy(args, 0, cmd, 2, args.length);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = p.getInputStream()) {
            in.transferTo(out);
        }
        status = p.waitFor();
        return out.toString("UTF-8");
    }

    static void jcmd(String... args) throws Exception {
        String[] a = new String[args.length + 1];
        a[0] = pid;
        System.arraycopy(args, 0, a, 1, args.length);
        String out = run("jcmd", a);
        System.out.println("jcmd " + String.join(" ", args) + ": exit " + status + ": "
                + out.replace(pid + ":\n", "PID:\n").trim().replace("\n", "|"));
    }

    public static void main(String[] args) throws Exception {
        // jcmd.
        String help = run("jcmd", pid, "help");
        System.out.println("jcmd help: exit " + status + ", lists Thread.print: " + help.contains("\nThread.print\n")
                + ", lists VM.flags: " + help.contains("\nVM.flags\n"));
        jcmd("No.such");
        jcmd("Thread.print", "-bogus");
        jcmd("VM.version", "extra=1");
        jcmd("help", "VM.flags");
        jcmd("ManagementAgent.status");
        String flags = run("jcmd", pid, "VM.flags", "-all");
        System.out.println("jcmd VM.flags -all: exit " + status + ", MaxHeapSize: "
                + flags.matches("(?s).*\n   size_t MaxHeapSize +?= 67108864 +\\{product\\} \\{command line\\}\n.*"));

        // A loader of its own, listed with its classes.
        java.net.URL classes = JdkTools.class.getProtectionDomain().getCodeSource().getLocation();
        ClassLoader mine = new java.net.URLClassLoader("mine", new java.net.URL[] {classes}, null);
        Class.forName("JdkTools$Leaf", true, mine);
        String tree = run("jcmd", pid, "VM.classloaders", "show-classes");
        int at = tree.indexOf("+-- \"mine\"");
        int end = at < 0 ? -1 : tree.indexOf("\n      +--", at); /* its next sibling, if any */
        System.out.println("jcmd VM.classloaders show-classes: exit " + status + ", mine:\n"
                + (at < 0 ? "(missing)" : tree.substring(at, end < 0 ? tree.length() : end + 1)));
        // The loader must stay reachable while jcmd looks: GlassVM's precise liveness would
        // otherwise let a collection (jcmd's own allocations can start one) unload it.
        java.lang.ref.Reference.reachabilityFence(mine);

        // jstack.
        String dump = run("jstack", pid);
        System.out.println("jstack: exit " + status + ", main: " + dump.contains("\n\"main\" #1 prio=5 ")
                + ", JNI refs: " + dump.matches("(?s).*\nJNI global refs: \\d+, weak refs: \\d+\n\n")
                + ", synchronizers: " + dump.contains("Locked ownable synchronizers"));
        dump = run("jstack", "-l", pid);
        System.out.println("jstack -l: exit " + status + ", synchronizers: "
                + dump.contains("\n\n   Locked ownable synchronizers:\n\t- None\n"));

        dump = run("jstack", "-e", pid);
        System.out.println("jstack -e: exit " + status + ", main: "
                + dump.matches("(?s).*\n\"main\" #1 prio=5 os_prio=\\d+ cpu=[\\d.]+ms elapsed=[\\d.]+s allocated=\\d+[BKMG] defined_classes=\\d+ tid=0x[0-9a-f]{16} .*"));

        // jinfo.
        String jinfo = run("jinfo", "-flags", pid);
        System.out.println("jinfo -flags: exit " + status + ", " + jinfo.startsWith("VM Flags:\n-XX:") + ", "
                + jinfo.contains("-XX:MaxHeapSize=67108864 "));
        jinfo = run("jinfo", "-sysprops", pid);
        System.out.println("jinfo -sysprops: exit " + status + ", " + jinfo.contains("\ntools.test=yes\n"));
        jinfo = run("jinfo", pid);
        System.out.println("jinfo: exit " + status + ", " + jinfo.contains("Java System Properties:\n") + ", "
                + jinfo.contains("\nVM Flags:\n") + ", " + jinfo.contains("\nVM Arguments:\njvm_args: -Xmx64m -Dtools.test=yes"));

        for (String[] a : new String[][] {{"MaxHeapSize"}, {"UsePerfData"}, {"NoSuch"}, {"+NoSuch"},
                {"MaxHeapSize=5"}, {"-UsePerfData"}}) {
            String out = run("jinfo", "-flag", a[0], pid);
            System.out.println("jinfo -flag " + a[0] + ": exit " + status + ": " + out.split("\n")[0]);
        }

        // One flag table: jinfo -flag sets (origin attach), jcmd VM.set_flag sets (origin
        // management), VM.flags -all shows both in HotSpot's columns; locked (diagnostic)
        // flags are not listed.
        run("jinfo", "-flag", "+PrintConcurrentLocks", pid);
        System.out.println("jinfo -flag +PrintConcurrentLocks: exit " + status);
        jcmd("VM.set_flag", "HeapDumpPath", "/tmp/jdktools.hprof");
        flags = run("jcmd", pid, "VM.flags", "-all");
        for (String line : flags.split("\n"))
            for (String f : new String[] {"PrintConcurrentLocks", "HeapDumpPath", "HeapDumpOnOutOfMemoryError",
                    "DisableAttachMechanism", "UsePerfData", "ThreadStackSize", "ShowCodeDetailsInExceptionMessages"})
                if (line.contains(" " + f + " ")) System.out.println("VM.flags -all [" + line + "]");
        System.out.println("VM.flags -all lists DisplayVMOutput: " + flags.contains(" DisplayVMOutput "));
        run("jinfo", "-flag", "-PrintConcurrentLocks", pid);
        jcmd("VM.set_flag", "HeapDumpPath", "");

        // jps.
        for (String line : run("jps", "-lvm").split("\n"))
            if (line.startsWith(pid + " "))
                System.out.println("jps -lvm: " + line.substring(pid.length() + 1).replaceAll(" --add-exports.*", ""));
        System.out.println("jps: exit " + status);
    }
}
