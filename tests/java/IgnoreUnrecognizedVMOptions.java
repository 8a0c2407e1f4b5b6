// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// -XX:+IgnoreUnrecognizedVMOptions: test harnesses and launch scripts pass it with options
// of other JVM versions. With it an unknown -XX: flag (and an unknown -X or - option) is
// skipped silently, wherever the flag stands and whichever source it comes from
// (JAVA_TOOL_OPTIONS, the command line, _JAVA_OPTIONS: its last setting wins); a known
// flag given wrongly is still an error. Without it, HotSpot's messages (with its "Did you
// mean" suggestion for a near miss). Each case runs a second VM (the same java binary)
// and prints its output and exit status.
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public class IgnoreUnrecognizedVMOptions {
    public static class Child {
        public static void main(String[] args) {
            System.out.println("child ran, probe " + Long.getLong("probe", -1));
        }
    }

    static void run(String toolOptions, String javaOptions, String... options) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(Arrays.asList(options));
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("IgnoreUnrecognizedVMOptions$Child");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("_JAVA_OPTIONS");
        if (toolOptions != null) pb.environment().put("JAVA_TOOL_OPTIONS", toolOptions);
        if (javaOptions != null) pb.environment().put("_JAVA_OPTIONS", javaOptions);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int rc = p.waitFor();
        System.out.println("== " + (toolOptions != null ? "JAVA_TOOL_OPTIONS=\"" + toolOptions + "\" " : "")
                + (javaOptions != null ? "_JAVA_OPTIONS=\"" + javaOptions + "\" " : "") + String.join(" ", options));
        System.out.print(out);
        System.out.println("exit status " + rc);
    }

    public static void main(String[] args) throws Exception {
        String ignore = "-XX:+IgnoreUnrecognizedVMOptions";
        // Unknown options are errors by default.
        run(null, null, "-XX:+NoSuchFlag");
        run(null, null, "-XX:NoSuchValue=3");
        run(null, null, "-Xnosuch");
        // A near miss gets HotSpot's suggestion.
        run(null, null, "-XX:+UseSerialGc");
        run(null, null, "-XX:MaxHeapSise=64m");
        run(null, null, "-XX:-HeapDumpOnOutOfMemory");
        // With the flag they are skipped, before or after it; known options still work.
        run(null, null, ignore, "-XX:+NoSuchFlag", "-XX:-NoSuchFlag2", "-XX:NoSuchValue=3", "-XX:NoSuchBare",
            "-Xnosuch", "-nosuch", "-Dprobe=1");
        run(null, null, "-XX:+NoSuchFlag", "-XX:+UseConcMarkSweepGC", ignore, "-Dprobe=2");
        // The last setting wins.
        run(null, null, ignore, "-XX:-IgnoreUnrecognizedVMOptions", "-XX:+NoSuchFlag");
        run(null, null, "-XX:-IgnoreUnrecognizedVMOptions", ignore, "-XX:+NoSuchFlag", "-Dprobe=3");
        // Known flags given wrongly are errors even so.
        run(null, null, ignore, "-XX:ThreadStackSize");
        run(null, null, ignore, "-XX:ThreadStackSize=lots");
        run(null, null, ignore, "-XX:+MaxHeapSize");
        run(null, null, ignore, "-XX:UseSerialGC");
        run(null, null, ignore, "-XX:InitialHeapSize=1q");
        // From the environment, in either direction.
        run(ignore, null, "-XX:+NoSuchFlag", "-Dprobe=4");
        run("-XX:+NoSuchFlag", null, ignore, "-Dprobe=5");
        run("-XX:+NoSuchFlag", "-XX:+NoSuchFlag2 " + ignore, "-Dprobe=6");
        run("-XX:+NoSuchFlag", "-XX:+NoSuchFlag2", "-Dprobe=7");
        run(null, "-XX:-IgnoreUnrecognizedVMOptions", ignore, "-XX:+NoSuchFlag");
    }
}
