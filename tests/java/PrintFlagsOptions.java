// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// -XX:+PrintFlagsFinal, -XX:+PrintCommandLineFlags and -XX:+PrintFlagsInitial, as people
// use them (`java -XX:+PrintFlagsFinal -version | grep HeapSize`): each runs a second VM
// (the same java binary) and prints the lines of the flags both VMs have, in HotSpot's
// columns, with their origins; where the output stands relative to the program's own
// (before main; PrintFlagsInitial exits with status 0 before the program runs); and that
// -XX:-DisplayVMOutput silences them. HotSpot lists ~560 flags and GlassVM only those it
// acts on (README), so the test keeps the lines of a fixed set of names.
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

public class PrintFlagsOptions {
    public static class Child {
        public static void main(String[] args) {
            System.out.println("child ran");
        }
    }

    static final Set<String> NAMES = Set.of("HeapDumpOnOutOfMemoryError", "HeapDumpPath", "InitialHeapSize",
            "MaxHeapSize", "PrintCommandLineFlags", "PrintFlagsFinal", "PrintFlagsInitial", "ThreadStackSize",
            "UsePerfData", "ShowCodeDetailsInExceptionMessages", "PrintConcurrentLocks", "DisableAttachMechanism");
    // The heap sizes' defaults and ergonomic values are each VM's own (HotSpot's initial
    // heap is 1/64 of memory; GlassVM commits none at start, InitialHeapSize 0 as its
    // memory beans' init): shown without value and origin unless -Xms and -Xmx are given.
    static final Set<String> HEAP_SIZES = Set.of("InitialHeapSize", "MaxHeapSize");

    static void run(boolean initial, String... options) throws Exception {
        List<String> opts = Arrays.asList(options);
        boolean heapGiven = !initial && opts.stream().anyMatch(o -> o.startsWith("-Xms"))
                && opts.stream().anyMatch(o -> o.startsWith("-Xmx"));
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(opts);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("PrintFlagsOptions$Child");
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("_JAVA_OPTIONS");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int rc = p.waitFor();
        System.out.println("== " + String.join(" ", options));
        int n = 0;
        for (String line : out.split("\n", -1)) {
            if (line.isEmpty()) continue;
            n++;
            if (line.equals("[Global flags]") || line.equals("child ran")) {
                System.out.println(n == 1 ? "first: " + line : line);
            } else if (line.startsWith("-XX:")) {
                // PrintCommandLineFlags: one line of -XX options sorted by name, each
                // followed by a space; keep those of the names both VMs have.
                StringBuilder kept = new StringBuilder();
                for (String opt : line.split(" ")) {
                    String name = opt.substring(4).replaceFirst("^[+-]", "").replaceFirst("=.*", "");
                    if (NAMES.contains(name)) kept.append(opt).append(' ');
                }
                System.out.println((n == 1 ? "first: " : "") + "command line flags: " + kept + "| ends with space "
                        + line.endsWith(" "));
            } else {
                String[] f = line.trim().split(" +");
                if (f.length >= 2 && NAMES.contains(f[1])) {
                    String shown = line;
                    if (!heapGiven && HEAP_SIZES.contains(f[1])) shown = line.substring(0, 50) + " = <its own> " + f[f.length - 2];
                    System.out.println(shown);
                }
            }
        }
        System.out.println("exit status " + rc);
    }

    public static void main(String[] args) throws Exception {
        run(false, "-XX:+PrintFlagsFinal");
        run(false, "-Xmx64m", "-Xms32m", "-Xss2m", "-XX:+HeapDumpOnOutOfMemoryError", "-XX:HeapDumpPath=/tmp/x.hprof",
            "-XX:-UsePerfData", "-XX:+PrintFlagsFinal");
        run(false, "-Xmx64m", "-Xms32m", "-XX:+HeapDumpOnOutOfMemoryError", "-XX:+PrintCommandLineFlags");
        run(false, "-XX:+PrintFlagsFinal", "-Xms48m", "-Xmx48m", "-XX:+PrintCommandLineFlags");
        run(true, "-Xmx64m", "-XX:+HeapDumpOnOutOfMemoryError", "-XX:+PrintFlagsInitial");
        run(true, "-XX:+PrintFlagsInitial", "-XX:+PrintFlagsFinal", "-XX:+PrintCommandLineFlags");
        run(false, "-XX:+UnlockDiagnosticVMOptions", "-XX:-DisplayVMOutput", "-XX:+PrintFlagsFinal",
            "-XX:+PrintCommandLineFlags");
    }
}
