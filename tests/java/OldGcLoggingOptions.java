// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JDK 8's GC logging options, still common in launch scripts, which HotSpot 17 takes with
// a warning and maps onto unified logging: -XX:+PrintGC (gc on stdout), -XX:+PrintGCDetails
// (gc* on stdout), -Xloggc:FILE (gc, or gc* with PrintGCDetails, into FILE). The test
// prints the warnings, which tag sets write where (the collectors' own lines differ), and
// the exit status. Each case runs a second VM (the same java binary).
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

public class OldGcLoggingOptions {
    public static class Child {
        public static void main(String[] args) {
            System.gc();
            System.out.println("child ran");
        }
    }

    // "[0.012s][info   ][gc,init] Version: ..." -> "info gc,init"
    static String kind(String line) {
        String[] parts = line.split("\\]\\[|\\[|\\]", 5);
        return parts.length >= 4 ? parts[2].trim() + " " + parts[3].trim() : line;
    }

    static void describe(String where, List<String> lines) {
        TreeSet<String> sets = new TreeSet<>();
        for (String l : lines) {
            if (!l.startsWith("[")) continue;
            String k = kind(l);
            if (k.startsWith("warning ")) System.out.println(where + ": " + l.replaceFirst("^\\[[0-9.]+s\\]", "[T]"));
            else if (k.equals("info gc") || k.equals("info gc,init") || k.equals("info gc,heap,exit")) sets.add(k);
        }
        System.out.println(where + " has " + sets);
    }

    static void run(Path dir, String... options) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> cmd = new ArrayList<>(List.of(java));
        for (String o : options) cmd.add(o.replace("@DIR@", dir.toString()));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "OldGcLoggingOptions$Child"));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("_JAVA_OPTIONS");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int rc = p.waitFor();
        System.out.println("== " + String.join(" ", options));
        describe("stdout", List.of(out.replace(dir.toString(), "@DIR@").split("\n")));
        Path log = dir.resolve("gc.log");
        if (Files.exists(log)) {
            describe("gc.log", Files.readAllLines(log));
            Files.delete(log);
        }
        System.out.println("exit status " + rc);
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("oldgclog");
        try {
            run(dir, "-XX:+PrintGC");
            run(dir, "-XX:+PrintGCDetails");
            run(dir, "-XX:-PrintGC");
            run(dir, "-XX:+PrintGC", "-XX:-PrintGC");
            run(dir, "-Xloggc:@DIR@/gc.log");
            run(dir, "-XX:+PrintGCDetails", "-Xloggc:@DIR@/gc.log");
            run(dir, "-verbose:gc", "-XX:+PrintGCDetails");
        } finally {
            Files.deleteIfExists(dir.resolve("gc.log"));
            Files.delete(dir);
        }
    }
}
