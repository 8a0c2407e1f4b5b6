// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// A crash (here a SIGSEGV from Unsafe.getLong on an unmapped address) and
// -XX:+CrashOnOutOfMemoryError give HotSpot's fatal-error report: the banner on stdout
// (signal or internal error, pid and tid, the core-dump line, where the report went), the
// hs_err file at -XX:ErrorFile (%p the pid; the same name in /tmp when the directory
// cannot be written) with its sections and the failing thread's Java frames,
// -XX:OnError's commands, and the exit status (134 from abort, 1 with
// -XX:-CreateCoredumpOnCrash). Each case runs a second VM (the same java binary) with core
// dumps disabled; what differs between VMs by nature (addresses, the VM's name and its
// own native frames, the vendor's bug-report address) is masked or left out.
import java.io.File;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public class FatalErrorReport {
    public static class Child {
        public static void main(String[] args) throws Exception {
            System.out.println("child runs");
            if (args[0].equals("segv")) {
                Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
                f.setAccessible(true);
                sun.misc.Unsafe u = (sun.misc.Unsafe) f.get(null);
                System.out.println(u.getLong(8L));
            } else {
                List<long[]> hoard = new ArrayList<>();
                while (true) hoard.add(new long[1 << 20]);
            }
        }
    }

    static String tmp;
    static final String[] SECTIONS = {"---------------  S U M M A R Y ------------",
            "---------------  T H R E A D  ---------------", "---------------  P R O C E S S  ---------------",
            "---------------  S Y S T E M  ---------------", "END."};

    static void run(String what, String... options) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> cmd = new ArrayList<>(List.of("/bin/sh", "-c", "ulimit -c 0; exec \"$@\"", "sh", java, "-Xmx32m"));
        cmd.addAll(Arrays.asList(options));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "FatalErrorReport$Child", what));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(new File(tmp));
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("_JAVA_OPTIONS");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int rc = p.waitFor();
        String pid = Long.toString(p.pid());
        System.out.println("== " + String.join(" ", options).replace(tmp, "<dir>") + " : " + what);
        String report = null;
        boolean lastHash = false, frameNext = false;
        for (String line : out.split("\n")) {
            if (line.startsWith("# If you would like to submit") || line.startsWith("#   http")) continue;
            if (line.equals("#") && lastHash) continue; // the vendor's lines, once gone, leave two
            lastHash = line.equals("#");
            if (frameNext) {
                line = "# <frame>";
                frameNext = false;
            }
            if (line.startsWith("# Problematic frame:")) frameNext = true;
            if (line.startsWith("# JRE version:") || line.startsWith("# Java VM:")) line = line.substring(0, line.indexOf(':') + 1) + " <version>";
            if (line.startsWith("# /")) report = line.substring(2).replace("<pid>", pid);
            line = line.replaceAll("pc=0x[0-9a-f]+", "pc=<pc>").replaceAll("tid=\\d+", "tid=<tid>")
                    .replaceAll("Internal Error \\([^)]*\\)", "Internal Error (<where>)").replace(tmp, "<dir>")
                    .replace(pid, "<pid>"); // the directory first: its random name may hold the pid's digits
            System.out.println(line);
        }
        System.out.println("exit status " + rc);
        if (report == null) return;
        Path file = Path.of(report);
        System.out.println("report file exists: " + Files.exists(file));
        if (!Files.exists(file)) return;
        List<String> lines = Files.readAllLines(file, StandardCharsets.ISO_8859_1);
        Files.delete(file);
        int at = 0;
        for (String s : SECTIONS) {
            int i = lines.indexOf(s);
            System.out.println("  section " + s.replaceAll("-+  |  -+", "") + ": " + (i > at ? "in order" : "missing or out of order"));
            if (i > at) at = i;
        }
        int jf = lines.indexOf("Java frames: (J=compiled Java code, j=interpreted, Vv=VM code)");
        System.out.println("  Java frames: " + (jf > 0));
        for (int i = jf + 1; jf > 0 && i < lines.size() && !lines.get(i).isEmpty(); i++)
            if (lines.get(i).startsWith("j  FatalErrorReport")) System.out.println("  " + lines.get(i));
        System.out.println("  current thread: " + lines.stream().anyMatch(l -> l.startsWith("Current thread (0x")
                && l.contains("JavaThread \"main\"") && l.contains("id=")));
        System.out.println("  siginfo: " + lines.stream().filter(l -> l.startsWith("siginfo: ")).map(l -> l.replaceAll("si_addr: .*", "si_addr: <addr>")).findFirst().orElse("none"));
        System.out.println("  libraries: " + lines.stream().anyMatch(l -> l.endsWith("/libjava.so")));
        System.out.println("  top of stack: " + lines.stream().anyMatch(l -> l.startsWith("Top of Stack: (sp=0x"))
                + ", instructions: " + lines.stream().anyMatch(l -> l.startsWith("Instructions: (pc=0x")));
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("fatalreport");
        tmp = dir.toString();
        try {
            run("segv", "-XX:ErrorFile=" + dir + "/hs_err_%p.log");
            run("segv", "-XX:-CreateCoredumpOnCrash", "-XX:ErrorFile=" + dir + "/crash_%p.log", "-XX:OnError=echo on error %p;echo second");
            run("oom", "-XX:+CrashOnOutOfMemoryError", "-XX:ErrorFile=" + dir + "/oom.log");
            run("segv"); // default name, in the working directory
            run("segv", "-XX:ErrorFile=" + dir + "/no/such/dir/fallback_%p.log");
        } finally {
            for (File f : dir.toFile().listFiles()) f.delete();
            dir.toFile().delete();
        }
    }
}
