// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// How the heap is sized from the options services use in containers and scripts:
// -XX:MaxRAM, -XX:MaxRAMPercentage, -XX:MinRAMPercentage (HotSpot's rules: a share of
// the memory, half of a small one, never below MaxHeapSize's own default, nor -Xms), -Xmn
// (accepted: GlassVM's collector has no young generation), and the errors for sizes that
// cannot work: HotSpot's texts, streams and exit statuses ("Error occurred during
// initialization of VM" on stdout and status 1, or a parse error on stderr and the
// launcher's lines). Each case runs a second VM (the same java binary) printing its
// MaxHeapSize line of -XX:+PrintFlagsFinal. Memory sizes are given with MaxRAM, so the
// machine's own does not matter, and chosen so that HotSpot's alignment of the heap to
// its regions changes nothing.
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public class HeapSizeOptions {
    public static class Child {
        public static void main(String[] args) {
            System.out.println("child ran");
        }
    }

    static void run(String... options) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> cmd = new ArrayList<>(List.of(java, "-XX:+PrintFlagsFinal"));
        cmd.addAll(Arrays.asList(options));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "HeapSizeOptions$Child"));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("_JAVA_OPTIONS");
        Process p = pb.start();
        byte[] err = p.getErrorStream().readAllBytes();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int rc = p.waitFor();
        System.out.println("== " + String.join(" ", options));
        for (String line : out.split("\n"))
            if (!line.startsWith(" ") && !line.startsWith("[Global flags]") && !line.startsWith("ccstr")
                    || line.contains(" MaxHeapSize "))
                System.out.println("out: " + line);
        for (String line : new String(err, StandardCharsets.UTF_8).split("\n"))
            if (!line.isEmpty() && !line.contains(" warning: ")) System.out.println("err: " + line);
        System.out.println("exit status " + rc);
    }

    public static void main(String[] args) throws Exception {
        run("-XX:MaxRAM=1g");
        run("-XX:MaxRAM=2g", "-XX:MaxRAMPercentage=50");
        run("-XX:MaxRAM=200m");
        run("-XX:MaxRAM=160m", "-XX:MinRAMPercentage=25");
        run("-XX:MaxRAM=1g", "-Xms512m");
        run("-XX:MaxRAM=1g", "-XX:MaxRAMFraction=2");
        run("-XX:MaxRAM=1g", "-Xmn100m");
        run("-XX:MaxRAMPercentage=120");
        run("-XX:MaxRAMPercentage=abc");
        run("-XX:MaxRAM=lots");
        run("-Xmn0");
        run("-Xmx0");
        run("-Xms1k");
        run("-Xmx1k");
        run("-Xms2g", "-Xmx1g");
        run("-XX:+UseSerialGC", "-XX:+UseG1GC");
        run("-XX:MaxRAM=1g", "-XX:+UseSerialGC", "-XX:-UseSerialGC", "-XX:+UseParallelGC");
    }
}
