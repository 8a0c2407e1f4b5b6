// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The OutOfMemoryError flags production services run with: -XX:+ExitOnOutOfMemoryError
// (exit status 3 at once, no shutdown hooks), -XX:OnOutOfMemoryError (commands run
// through /bin/sh -c, ';' between them, %p the pid, several settings adding up),
// -XX:+CrashOnOutOfMemoryError (abort), -XX:+HeapDumpOnOutOfMemoryError switched on at
// run time through HotSpotDiagnosticMXBean, and that only the process's first
// OutOfMemoryError is reported. Both kinds the VM raises count: Java heap space and an
// array longer than the VM allows. Each case runs a second VM (the same java binary) and
// prints its stdout, with the pid and the dump's size and time masked, and exit status.
import com.sun.management.HotSpotDiagnosticMXBean;
import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public class OutOfMemoryFlags {
    public static class Child {
        static List<long[]> hoard = new ArrayList<>();

        static void heap() {
            try {
                while (true) hoard.add(new long[1 << 20]);
            } catch (OutOfMemoryError e) {
                hoard.clear();
                System.out.println("caught " + e.getMessage());
            }
        }

        static void array() {
            try {
                long[] a = new long[Integer.MAX_VALUE];
                System.out.println("allocated " + a.length);
            } catch (OutOfMemoryError e) {
                System.out.println("caught " + e.getMessage());
            }
        }

        public static void main(String[] args) throws Exception {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println("shutdown hook ran")));
            for (String a : args) {
                if (a.equals("heap")) heap();
                else if (a.equals("array")) array();
                else if (a.startsWith("set:")) {
                    String[] kv = a.substring(4).split("=", 2);
                    ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).setVMOption(kv[0], kv[1]);
                    System.out.println("set " + kv[0]);
                }
                System.out.flush();
            }
            System.out.println("main returns");
        }
    }

    static String tmp = "\0";

    static void run(List<String> options, String... childArgs) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> cmd = new ArrayList<>();
        // No core file from the abort case.
        cmd.add("/bin/sh");
        cmd.add("-c");
        cmd.add("ulimit -c 0; exec \"$@\"");
        cmd.add("sh");
        cmd.add(java);
        cmd.add("-Xmx32m");
        cmd.addAll(options);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("OutOfMemoryFlags$Child");
        cmd.addAll(Arrays.asList(childArgs));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("_JAVA_OPTIONS");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int rc = p.waitFor();
        System.out.println(("== " + String.join(" ", options) + " : " + String.join(" ", childArgs)).replace(tmp, "<dir>"));
        String pid = Long.toString(p.pid());
        for (String line : out.split("\n")) {
            if (line.startsWith("#  ") && !line.startsWith("#   Executing")) break; // HotSpot's fatal-error block
            if (line.startsWith("#") && line.length() <= 1 && out.contains("Aborting due to")) break;
            line = line.replace(tmp, "<dir>").replace(pid, "<pid>"); // the directory's random name may hold the pid's digits
            line = line.replaceAll("Heap dump file created \\[\\d+ bytes in [0-9.]+ secs\\]", "Heap dump file created [N bytes in T secs]");
            System.out.println(line);
        }
        System.out.println("exit status " + rc);
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("oomflags");
        tmp = dir.toString();
        try {
            run(List.of("-XX:+ExitOnOutOfMemoryError"), "heap");
            run(List.of("-XX:+ExitOnOutOfMemoryError"), "array", "heap");
            run(List.of("-XX:OnOutOfMemoryError=echo first %p;  echo second", "-XX:OnOutOfMemoryError=echo third"),
                "heap", "array", "heap");
            run(List.of("-XX:OnOutOfMemoryError=echo array", "-XX:+ExitOnOutOfMemoryError"), "array");
            run(List.of("-XX:+CrashOnOutOfMemoryError", "-XX:ErrorFile=" + dir + "/hs_err_%p.log"), "heap");
            Path dump = dir.resolve("runtime.hprof");
            run(List.of(), "set:HeapDumpPath=" + dump, "set:HeapDumpOnOutOfMemoryError=true", "heap", "heap");
            byte[] head = Arrays.copyOf(Files.readAllBytes(dump), 18);
            System.out.println("dump starts with " + new String(head, StandardCharsets.US_ASCII));
        } finally {
            for (File f : dir.toFile().listFiles()) f.delete();
            dir.toFile().delete();
        }
    }
}
